//! Score reports and round reports on real data: every game of `../shared/data/pgn/real-2000.pgn`
//! (all valid) gives a clean report with its own result; the real-world anomalies of
//! `pgn/edge/real-world-anomalies-pgnmentor.pgn` are flagged as their status file says; every round
//! of the real TRF files (and the demo event) read as a round report matches the tournament.

use std::fs;
use std::io::BufReader;
use std::path::{Path, PathBuf};

use arbiter_rules::pgn::{PgnReader, PgnWriter, Termination};
use arbiter_rules::replay::ReplayOptions;
use arbiter_tournament::arbiter::score_report::{
    HowDecided, match_round, parse_round_trf, score_report,
};
use arbiter_tournament::{GameResult, read_trf};

fn result_of(tag: Option<&str>) -> Option<GameResult> {
    match tag.and_then(Termination::from_token)? {
        Termination::WhiteWins => Some(GameResult::white_wins()),
        Termination::BlackWins => Some(GameResult::black_wins()),
        Termination::Draw => Some(GameResult::draw()),
        Termination::Unknown => None,
    }
}

/// Each game of a PGN file as its own PGN text, with its `Result` tag.
fn games(path: &Path) -> Vec<(String, Option<String>)> {
    let file = fs::File::open(path).unwrap();
    let mut reader = PgnReader::new(BufReader::new(file));
    let mut out = Vec::new();
    while let Some(game) = reader.next_game() {
        let game = game.unwrap();
        let mut w = PgnWriter::new(Vec::new());
        w.write_game(&game).unwrap();
        let text = String::from_utf8(w.into_inner()).unwrap();
        out.push((text, game.tag("Result").map(str::to_owned)));
    }
    out
}

#[test]
fn real_games_give_clean_reports() {
    let Some(path) = arbiter_testdata::shared_file("pgn/real-2000.pgn") else {
        return;
    };
    let mut reported = 0;
    for (i, (text, tag)) in games(&path).into_iter().enumerate() {
        let Some(result) = result_of(tag.as_deref()) else {
            continue;
        };
        let r = score_report(
            &text,
            &result,
            HowDecided::Unspecified,
            ReplayOptions::default(),
        )
        .unwrap();
        assert!(r.is_clean(), "game {}: {r:?}", i + 1);
        reported += 1;
    }
    assert!(reported > 1900, "only {reported} games had a result");
    eprintln!("{reported} real games reported clean");
}

#[test]
fn real_anomalies_are_flagged() {
    let Some(path) = arbiter_testdata::shared_file("pgn/edge/real-world-anomalies-pgnmentor.pgn")
    else {
        return;
    };
    let statuses = fs::read_to_string(path.with_extension("status.txt")).unwrap();
    let statuses: Vec<&str> = statuses
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .collect();
    let games = games(&path);
    assert_eq!(games.len(), statuses.len());
    for ((text, tag), status) in games.iter().zip(&statuses) {
        let fields: Vec<&str> = status.split(';').collect();
        let result = result_of(tag.as_deref()).unwrap();
        let r = score_report(
            text,
            &result,
            HowDecided::Unspecified,
            ReplayOptions::default(),
        )
        .unwrap();
        match fields[1] {
            "illegal_or_bad_san" => {
                let f = r
                    .move_flag
                    .as_ref()
                    .unwrap_or_else(|| panic!("{status}: {r:?}"));
                assert_eq!(f.ply, fields[2].parse::<usize>().unwrap() + 1, "{status}");
            }
            "result_mismatch_checkmate" => {
                let f = r
                    .result_flag
                    .as_ref()
                    .unwrap_or_else(|| panic!("{status}: {r:?}"));
                assert_eq!(f.article, "5.1(a)", "{status}");
                assert!(f.expected.is_some());
                assert_ne!(f.expected.as_ref(), Some(&result));
            }
            "result_mismatch_stalemate" => {
                let f = r
                    .result_flag
                    .as_ref()
                    .unwrap_or_else(|| panic!("{status}: {r:?}"));
                assert_eq!(f.article, "5.2(a)", "{status}");
                assert_eq!(f.expected, Some(GameResult::draw()));
            }
            other => panic!("unknown status {other}"),
        }
        assert_eq!(r.final_fen, fields[4], "{status}");
    }
}

fn trf_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            trf_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "trf") {
            out.push(p);
        }
    }
}

/// Reads every round of `bytes` as a round report and checks it against the tournament.
fn check_rounds(name: &str, bytes: &[u8]) -> usize {
    let t = read_trf(bytes).unwrap().tournament;
    let text: String = match std::str::from_utf8(bytes) {
        Ok(s) => s.to_owned(),
        Err(_) => bytes.iter().map(|&b| char::from(b)).collect(),
    };
    let mut games = 0;
    for round in &t.rounds {
        let report = parse_round_trf(&text, round.number)
            .unwrap_or_else(|e| panic!("{name} round {}: {e}", round.number));
        let update = match_round(round, &report)
            .unwrap_or_else(|e| panic!("{name} round {}: {e}", round.number));
        assert_eq!(
            update.games.len(),
            round.games.len(),
            "{name} round {}",
            round.number
        );
        for (i, result) in &update.games {
            let g = &round.games[*i];
            assert_eq!(
                (result.white, result.black),
                (g.result.white, g.result.black),
                "{name} round {} game {}-{}",
                round.number,
                g.white,
                g.black
            );
        }
        assert_eq!(
            update.byes.len(),
            round.byes.len(),
            "{name} round {}",
            round.number
        );
        games += update.games.len();
    }
    games
}

#[test]
fn the_demo_event_reads_round_by_round() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/karl-mala-2005.trf");
    let bytes = fs::read(path).unwrap();
    let games = check_rounds("karl-mala-2005", &bytes);
    assert!(games > 900, "{games}");
}

#[test]
fn real_trf_files_read_round_by_round() {
    let Some(dir) = arbiter_testdata::shared_file("trf") else {
        return;
    };
    let mut files = Vec::new();
    trf_files(&dir, &mut files);
    assert!(!files.is_empty());
    let mut games = 0;
    for f in &files {
        games += check_rounds(&f.display().to_string(), &fs::read(f).unwrap());
    }
    eprintln!(
        "{} files, {games} games matched round by round",
        files.len()
    );
}
