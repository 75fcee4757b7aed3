//! The PGN reader and writer against the shared data set (`../shared/data/pgn`).

use std::fs::File;
use std::io::BufReader;
use std::path::Path;

use arbiter_rules::pgn::{PgnError, PgnReader, PgnWriter, RawGame, Termination};
use proptest::prelude::*;

fn open(path: &Path) -> PgnReader<BufReader<File>> {
    PgnReader::new(BufReader::new(File::open(path).expect("open test data")))
}

fn read_all(path: &Path) -> Vec<RawGame> {
    open(path)
        .map(|g| g.unwrap_or_else(|e| panic!("{}: {e}", path.display())))
        .collect()
}

/// `(plies, Result tag)` per game, from `real-2000.expected.txt`.
fn expected(path: &Path) -> Vec<(usize, String)> {
    std::fs::read_to_string(path)
        .expect("read expected")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("game_index") && !l.is_empty())
        .map(|l| {
            let cols: Vec<&str> = l.split(';').collect();
            assert_eq!(cols.get(1), Some(&"ok"), "{l}");
            (cols[2].parse().expect("plies"), cols[3].to_owned())
        })
        .collect()
}

#[test]
fn real_2000_games_tags_and_plies() {
    let Some(pgn) = arbiter_testdata::shared_file("pgn/real-2000.pgn") else {
        return;
    };
    let Some(exp) = arbiter_testdata::shared_file("pgn/real-2000.expected.txt") else {
        return;
    };
    let games = read_all(&pgn);
    let exp = expected(&exp);
    assert_eq!(exp.len(), 2000);
    assert_eq!(games.len(), 2000);
    for (i, (game, (plies, result))) in games.iter().zip(&exp).enumerate() {
        assert_eq!(game.index, i as u64 + 1);
        assert_eq!(game.tag("Result"), Some(result.as_str()), "game {}", i + 1);
        assert_eq!(game.move_count(), *plies, "game {}", i + 1);
        assert_eq!(
            game.termination,
            Termination::from_token(result),
            "game {}",
            i + 1
        );
        assert!(
            game.warnings.is_empty(),
            "game {}: {:?}",
            i + 1,
            game.warnings
        );
    }
    // Game 1901 has two blank lines between its tags and its moves: still one game.
    let g = &games[1900];
    assert_eq!(g.tag("White"), Some("Mulyar,M"));
    assert_eq!(g.moves().next().map(|m| m.text), Some("d4"));
}

fn pgn_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("read_dir") {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            pgn_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "pgn") {
            out.push(path);
        }
    }
}

/// The games of `relative` (under `pgn/edge/`), or `None` when the data set is absent.
fn edge(relative: &str) -> Option<Vec<RawGame>> {
    arbiter_testdata::shared_file(&format!("pgn/edge/{relative}")).map(|p| read_all(&p))
}

fn tokens(g: &RawGame) -> Vec<&str> {
    g.moves().map(|m| m.text).collect()
}

#[test]
fn every_edge_file_reads_to_the_end_without_error() {
    let Some(dir) = arbiter_testdata::shared_file("pgn/edge") else {
        return;
    };
    let mut files = Vec::new();
    pgn_files(&dir, &mut files);
    assert!(files.len() > 70, "{} files", files.len());
    let mut games = 0;
    for f in &files {
        let all: Vec<Result<RawGame, PgnError>> = open(f).collect();
        assert!(!all.is_empty(), "{}", f.display());
        for g in &all {
            assert!(g.is_ok(), "{}: {:?}", f.display(), g.as_ref().err());
        }
        games += all.len();
    }
    assert!(games > 400, "{games}");
}

#[test]
fn edge_game_counts() {
    for (file, count) in [
        ("pgn-extract/fischer.pgn", 34),
        ("pgn-extract/odds.pgn", 32),
        ("pgn-extract/test-nobadresults.pgn", 9),
        ("pgn-extract/test-promotion-in.pgn", 8),
        ("pgn-extract/test-fuzzydepth.pgn", 4),
        ("python-chess/kasparov-deep-blue-1997.pgn", 6),
        ("python-chess/utf8-bom.pgn", 2),
        ("python-chess/chessbase-empty-line.pgn", 1),
        ("handmade/rules-edge-cases.pgn", 22),
        ("real-world-anomalies-pgnmentor.pgn", 14),
    ] {
        let Some(games) = edge(file) else { return };
        assert_eq!(games.len(), count, "{file}");
    }
}

#[test]
fn edge_spot_checks() {
    let Some(bom) = edge("python-chess/utf8-bom.pgn") else {
        return;
    };
    assert_eq!(bom[0].tags[0], ("Event".to_owned(), "A".to_owned()));
    assert_eq!(bom[1].tag("Event"), Some("B"));

    // Comments do not nest: the comment ends at the first `}`, the rest is read as movetext.
    let nested = edge("pgn-extract/nested-comment.pgn").unwrap_or_default();
    let g = &nested[0];
    assert_eq!(tokens(g)[..3], ["e4", "which", "should"]);
    assert_eq!(
        g.comments().next().map(|c| c.text),
        Some(" This game contains { a nested comment ")
    );
    assert_eq!(g.warnings.len(), 2);
    assert_eq!(g.termination, Some(Termination::Unknown));

    let long = edge("pgn-extract/test-long-line.pgn").unwrap_or_default();
    assert_eq!(tokens(&long[0]), ["f3", "e5", "g4", "Qh4#"]);
    let c = long[0].comments().next().expect("comment");
    assert_eq!(c.ply, 3);
    assert!(c.text.contains("only-a-fool-would-play-this-move"));

    let vars = edge("python-chess/variations-nags-and-comments.pgn").unwrap_or_default();
    let g = &vars[0];
    assert_eq!(
        tokens(g),
        [
            "e4", "c5", "Nf3", "g6", "d4", "cxd4", "Qxd4", "Nf6", "Ba6", "bxa6", "O-O", "Nxe4",
            "Qxe4"
        ]
    );
    assert_eq!(g.skipped.variations, 4);
    assert_eq!(g.nags, [(9, 4), (10, 16), (12, 2), (13, 10)]);
    let main: Vec<&str> = g.comments().map(|c| c.text.trim()).collect();
    assert_eq!(
        main,
        [
            "Main opening:",
            "Sicilian",
            "is the accelerated dragon",
            "loses the bishop"
        ]
    );

    let promo = edge("pgn-extract/test-promotion-in.pgn").unwrap_or_default();
    assert_eq!(tokens(&promo[3]), ["d7d8Q"]);
    assert_eq!(tokens(&promo[7]), ["d7d8q"]);

    let nulls = edge("pgn-extract/test-allownullmoves.pgn").unwrap_or_default();
    assert_eq!(tokens(&nulls[0]), ["Rh3", "--", "Qxh7+", "Rxh7", "Rxh7#"]);
    assert_eq!(tokens(&nulls[1]), ["Qxb5", "--"]);
    assert_eq!(nulls[1].skipped.variations, 2);

    let odds = edge("pgn-extract/odds.pgn").unwrap_or_default();
    assert_eq!(odds[0].tag("Black"), Some("François André Philidor"));

    let rules = edge("handmade/rules-edge-cases.pgn").unwrap_or_default();
    let by_event = |prefix: &str| {
        rules
            .iter()
            .find(|g| g.tag("Event").is_some_and(|e| e.starts_with(prefix)))
            .expect(prefix)
    };
    assert_eq!(tokens(by_event("E03")), ["a8Q", "g1=N"]);
    assert_eq!(tokens(by_event("E05")), ["e4", "Nf6", "e5", "d5", "exd6"]);
    assert_eq!(tokens(by_event("E06")), ["e4", "e5", "Nf3"]);
    assert_eq!(by_event("E22").move_count(), 0);
    assert_eq!(by_event("E22").termination, Some(Termination::Unknown));

    let nobad = edge("pgn-extract/test-nobadresults.pgn").unwrap_or_default();
    assert_eq!(nobad[3].tag("Result"), Some("1-0"));
    assert_eq!(nobad[3].termination, Some(Termination::BlackWins));
}

#[test]
fn shakmaty_fuzz_bare_file_has_no_result() {
    let Some(path) = arbiter_testdata::shared_file("pgn/edge/shakmaty-fuzz/bare") else {
        return;
    };
    let games = read_all(&path);
    assert_eq!(games.len(), 1);
    assert_eq!(tokens(&games[0]), ["e4", "e5", "Nf3"]);
    assert_eq!(games[0].termination, None);
}

/// The tags as export format orders them: the Seven Tag Roster first (PGN standard section
/// 8.1.1), then the others in their order.
fn export_order(tags: &[(String, String)]) -> Vec<(String, String)> {
    const ROSTER: [&str; 7] = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];
    let mut out: Vec<(String, String)> = ROSTER
        .iter()
        .map(|r| {
            tags.iter()
                .find(|(n, _)| n == r)
                .cloned()
                .expect("real-2000 games have the whole roster")
        })
        .collect();
    out.extend(
        tags.iter()
            .filter(|(n, _)| !ROSTER.contains(&n.as_str()))
            .cloned(),
    );
    out
}

#[test]
fn real_2000_round_trips_through_the_writer() {
    let Some(pgn) = arbiter_testdata::shared_file("pgn/real-2000.pgn") else {
        return;
    };
    let games = read_all(&pgn);
    let mut w = PgnWriter::new(Vec::new());
    for g in &games {
        w.write_game(g).expect("write");
    }
    let out = w.into_inner();
    let text = std::str::from_utf8(&out).expect("utf-8");
    assert!(
        text.lines()
            .filter(|l| !l.starts_with('['))
            .all(|l| l.chars().count() <= 80)
    );
    let again: Vec<RawGame> = PgnReader::new(out.as_slice())
        .map(|g| g.expect("re-read"))
        .collect();
    assert_eq!(again.len(), games.len());
    for (a, b) in games.iter().zip(&again) {
        assert_eq!(export_order(&a.tags), b.tags, "game {}", a.index);
        assert_eq!(tokens(a), tokens(b), "game {}", a.index);
        assert_eq!(a.nags, b.nags, "game {}", a.index);
        assert_eq!(a.termination, b.termination, "game {}", a.index);
        let words = |g: &RawGame| -> Vec<(usize, String)> {
            g.comments()
                .map(|c| {
                    (
                        c.ply,
                        c.text.split_whitespace().collect::<Vec<_>>().join(" "),
                    )
                })
                .collect()
        };
        assert_eq!(words(a), words(b), "game {}", a.index);
    }
}

proptest! {
    #![proptest_config(crate::beside_source(ProptestConfig::default()))]

    #[test]
    fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..2000)) {
        let mut r = PgnReader::new(bytes.as_slice());
        let mut n = 0;
        while let Some(g) = r.next_game() {
            // Each game, good or bad, has the next index.
            prop_assert!(r.games_read() > n);
            n = r.games_read();
            if let Ok(g) = g {
                prop_assert_eq!(g.index, n);
            }
        }
    }

    #[test]
    fn arbitrary_unicode_never_panics(text in any::<String>()) {
        for g in PgnReader::new(text.as_bytes()).flatten() {
            prop_assert!(g.moves().all(|m| !m.text.is_empty()));
        }
    }

    #[test]
    fn pgn_like_text_never_panics(parts in proptest::collection::vec(
        prop_oneof![
            Just("[Event \"x\"]\n"), Just("{"), Just("}"), Just("("), Just(")"), Just(";"),
            Just("\n"), Just("\r"), Just("\r\n"), Just("%"), Just("$"), Just("$7"), Just("1."),
            Just("..."), Just("e4"), Just("Nf3!?"), Just(" "), Just("1-0"), Just("*"), Just("["),
            Just("\""), Just("\\"), Just("½-½"), Just("♘"), Just("\u{feff}"), Just("(=)"),
        ],
        0..200,
    )) {
        let text = parts.concat();
        for g in PgnReader::new(text.as_bytes()).flatten() {
            // What was read writes and reads back to the same tokens.
            let mut w = PgnWriter::new(Vec::new());
            if w.write_game(&g).is_ok() {
                let out = w.into_inner();
                let again: Vec<_> = PgnReader::new(out.as_slice()).collect();
                prop_assert_eq!(again.len(), 1);
                if let Some(Ok(b)) = again.first() {
                    prop_assert_eq!(tokens(&g), tokens(b));
                }
            }
        }
    }
}
