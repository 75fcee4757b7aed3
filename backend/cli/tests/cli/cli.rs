//! The `arbiter` binary end to end: exit codes and output formats of the command-line tools.

use std::process::{Command, Output};

fn arbiter(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn perft_for_one_fen() {
    let o = arbiter(&[
        "perft",
        "--fen",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -",
        "--depth",
        "3",
    ]);
    assert!(o.status.success());
    assert_eq!(stdout(&o).trim(), "97862");
    let bad = arbiter(&["perft", "--fen", "8/8/8 w - -", "--depth", "1"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("ranks"));
}

#[test]
fn perft_over_a_file() {
    let Some(path) = arbiter_testdata::shared_file("perft/standard.txt") else {
        return;
    };
    let o = arbiter(&[
        "perft",
        "--epd",
        path.to_str().expect("utf-8 path"),
        "--max-nodes",
        "100000",
    ]);
    assert!(o.status.success(), "{}", stdout(&o));
    let lines: Vec<String> = stdout(&o).lines().map(str::to_owned).collect();
    assert!(lines.iter().any(|l| l.ends_with(" 1 20")), "{lines:?}");
    assert!(
        lines
            .iter()
            .all(|l| l.split(' ').count() == 3 && !l.contains("MISMATCH"))
    );
}

#[test]
fn trf_check_and_convert() {
    let Some(path) = arbiter_testdata::shared_file("trf/real/karl-mala-2005.trf") else {
        return;
    };
    let path = path.to_str().expect("utf-8 path");
    let o = arbiter(&["trf", "check", path]);
    assert!(o.status.success(), "{}", stdout(&o));
    assert!(stdout(&o).contains("284 players, 7 rounds: no errors"));

    let dir = std::env::temp_dir().join(format!("arbiter-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let out = dir.join("km26.trf");
    let o = arbiter(&[
        "trf",
        "convert",
        path,
        out.to_str().expect("utf-8"),
        "--to",
        "trf26",
    ]);
    assert!(o.status.success());
    let written = std::fs::read_to_string(&out).expect("written");
    assert!(
        written.lines().any(|l| l.starts_with("162 ")),
        "TRF-2026 scoring record"
    );
    let o = arbiter(&["trf", "check", out.to_str().expect("utf-8")]);
    assert!(o.status.success(), "{}", stdout(&o));

    // A player whose opponent does not point back: an error naming line and player.
    let broken = dir.join("broken.trf");
    let text = "012 Broken\n\
        001    1      Alpha                             1500                             1.0          2 w 1\n\
        001    2      Beta                              1400                             0.0          1 b 1\n";
    std::fs::write(&broken, text).expect("written");
    let o = arbiter(&["trf", "check", broken.to_str().expect("utf-8")]);
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    assert!(stdout(&o).contains("error: line 3"), "{}", stdout(&o));
    let _ = std::fs::remove_dir_all(&dir);

    let missing = arbiter(&["trf", "check", "/nonexistent/file.trf"]);
    assert_eq!(missing.status.code(), Some(2));
}

#[test]
fn standings_as_json() {
    let Some(path) = arbiter_testdata::shared_file("trf/real/gros-2010.trf") else {
        return;
    };
    let o = arbiter(&[
        "standings",
        path.to_str().expect("utf-8"),
        "--tiebreaks",
        "PTS,BH/C1,SB",
        "--format",
        "json",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let rows: serde_json::Value = serde_json::from_slice(&o.stdout).expect("JSON");
    let rows = rows.as_array().expect("an array");
    assert!(rows.len() > 50);
    assert_eq!(rows[0]["rank"], 1);
    for row in rows {
        assert!(row["start_number"].is_u64() && row["name"].is_string());
        for code in ["PTS", "BH/C1", "SB"] {
            assert!(
                row["tiebreaks"][code].is_number() || row["tiebreaks"][code].is_null(),
                "{row}"
            );
        }
    }
    // Ranked by points first.
    let pts: Vec<f64> = rows
        .iter()
        .filter_map(|r| r["tiebreaks"]["PTS"].as_f64())
        .collect();
    assert!(pts.windows(2).all(|w| w[0] >= w[1]));
}

#[test]
fn games_validate_reports_each_game_as_json() {
    let Some(path) = arbiter_testdata::shared_file("pgn/edge/handmade/rules-edge-cases.pgn") else {
        return;
    };
    let o = arbiter(&[
        "games",
        "validate",
        path.to_str().expect("utf-8"),
        "--format",
        "jsonl",
    ]);
    assert_eq!(o.status.code(), Some(1), "some games are invalid");
    let games: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object per line"))
        .collect();
    assert_eq!(games.len(), 22);
    for (i, g) in games.iter().enumerate() {
        assert_eq!(g["index"], i + 1);
        for key in [
            "status",
            "plies",
            "final_fen",
            "result_tag",
            "outcome",
            "article",
            "message",
        ] {
            assert!(g.get(key).is_some(), "{key} missing in {g}");
        }
    }
    assert_eq!(games[6]["status"], "illegal_move");
    assert_eq!(games[7]["status"], "ambiguous_move");
    assert_eq!(games[8]["status"], "result_contradicted");
    assert_eq!(games[8]["outcome"], "checkmate");
    assert_eq!(games[8]["article"], "5.1(a)");
    assert_eq!(games[0]["status"], "ok");
    assert!(String::from_utf8_lossy(&o.stderr).contains("22 games"));

    let real =
        arbiter_testdata::shared_file("pgn/real-2000.pgn").expect("present with the edge file");
    let o = arbiter(&["games", "validate", real.to_str().expect("utf-8")]);
    assert_eq!(o.status.code(), Some(0), "all 2,000 real games are valid");
    assert!(
        stdout(&o)
            .lines()
            .last()
            .is_some_and(|l| l.starts_with("2000 games: 2000 valid"))
    );

    // The same lines in the same order on one thread as on several (issue #18).
    for format in ["text", "jsonl"] {
        let path = real.to_str().expect("utf-8");
        let one = arbiter(&[
            "games",
            "validate",
            path,
            "--format",
            format,
            "--threads",
            "1",
        ]);
        let three = arbiter(&[
            "games",
            "validate",
            path,
            "--format",
            format,
            "--threads",
            "3",
        ]);
        assert_eq!(
            stdout(&one).lines().count(),
            2000 + usize::from(format == "text")
        );
        assert_eq!(stdout(&one), stdout(&three), "{format}");
    }
    let zero = arbiter(&[
        "games",
        "validate",
        real.to_str().expect("utf-8"),
        "--threads",
        "0",
    ]);
    assert_eq!(zero.status.code(), Some(2), "a usage error");

    let missing = arbiter(&["games", "validate", "/nonexistent.pgn"]);
    assert_eq!(missing.status.code(), Some(2));
}

/// A NUL or another control byte between moves (a damaged file) is skipped with a warning
/// naming its line, never read as a move (issue #18).
#[test]
fn games_validate_skips_control_bytes_with_a_warning() {
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join("nul.pgn");
    std::fs::write(&file, b"[Event \"x\"]\n1. e4\x00 e5 2. Nf3\x1b Nc6 *\n").expect("write");
    let path = file.to_str().expect("utf-8");
    let o = arbiter(&["games", "validate", path]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    let first = stdout(&o).lines().next().unwrap_or_default().to_owned();
    assert!(first.starts_with("1 ok plies=4"), "{first}");
    assert!(
        first.ends_with("[warning: line 2: control character 0x00 skipped (not PGN text)]"),
        "{first}"
    );
    let o = arbiter(&["games", "validate", path, "--format", "jsonl"]);
    let g: serde_json::Value =
        serde_json::from_str(stdout(&o).lines().next().unwrap_or_default()).expect("JSON");
    assert_eq!(
        g["warnings"],
        serde_json::json!(["line 2: control character 0x00 skipped (not PGN text)"])
    );
}

#[test]
fn dead_labels_positions() {
    let dir = std::env::temp_dir().join(format!("arbiter-dead-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("positions.txt");
    // K+B v K (dead); the start position; a labelled line; an unreadable line.
    std::fs::write(
        &file,
        "# comment\n8/8/8/4k3/8/8/8/4KB2 w - -\nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n\
         W- 8/8/8/4k3/8/8/8/R3K3 w - -\nnot a fen\n",
    )
    .expect("written");
    let o = arbiter(&["dead", "--epd", file.to_str().expect("utf-8")]);
    assert_eq!(o.status.code(), Some(1), "one line is unreadable");
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[..3], ["2 --", "3 WB", "4 W-"]);
    assert!(lines[3].starts_with("5 error:"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn pair_round_robin_and_dutch() {
    let o = arbiter(&["pair", "--round-robin", "4"]);
    assert!(o.status.success());
    assert_eq!(
        stdout(&o),
        "round 1\n2\n1 4\n2 3\nround 2\n2\n4 3\n1 2\nround 3\n2\n2 4\n3 1\n"
    );
    let o = arbiter(&["pair", "--round-robin", "5", "--double"]);
    assert_eq!(stdout(&o).matches("round ").count(), 10);

    let Some(dir) = arbiter_testdata::shared_file("pairing/random/20") else {
        return;
    };
    let input = dir.join("001.r3.trf");
    let expected =
        std::fs::read_to_string(dir.join("001.r3.dutch2026.pairs")).expect("expected pairs");
    let o = arbiter(&["pair", "--dutch", input.to_str().expect("utf-8"), "-p"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let as_set = |text: &str| {
        let mut lines: Vec<String> = text.lines().skip(1).map(|l| l.trim().to_owned()).collect();
        lines.sort();
        lines
    };
    assert_eq!(as_set(&stdout(&o)), as_set(&expected));
    assert_eq!(
        arbiter(&["pair", "--dutch", "/nonexistent.trf", "-p"])
            .status
            .code(),
        Some(5)
    );
}

/// A TRF-16 player line (`001`): pairing number, rating, points, rank and one
/// `(opponent, colour, result)` block per round, at the columns of the format.
fn trf_player(pn: u16, rating: u16, points: &str, rounds: &[(u16, char, char)]) -> String {
    let name = format!("Player{pn:04}");
    let mut s = format!(
        "001 {pn:>4}      {name:<33} {rating:>4}{:28}{points:>4} {pn:>4}",
        ""
    );
    for &(opp, colour, result) in rounds {
        if opp == 0 {
            s.push_str(&format!("  0000 - {result}"));
        } else {
            s.push_str(&format!("  {opp:>4} {colour} {result}"));
        }
    }
    s.push('\n');
    s
}

/// A temporary directory for one test, removed by the caller.
fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("arbiter-cli-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

#[test]
fn pair_exit_codes_follow_the_endorsed_engines() {
    let dir = temp_dir("pair-exit");
    // 0: four players after one round pair the second.
    let four = dir.join("four.trf");
    let text = format!(
        "012 Exit codes\nXXR 3\n{}{}{}{}",
        trf_player(1, 2000, "1.0", &[(3, 'w', '1')]),
        trf_player(2, 1900, "0.0", &[(4, 'b', '0')]),
        trf_player(3, 1800, "0.0", &[(1, 'b', '0')]),
        trf_player(4, 1700, "1.0", &[(2, 'w', '1')]),
    );
    std::fs::write(&four, text).expect("written");
    let four = four.to_str().expect("utf-8");
    let o = arbiter(&["pair", "--dutch", four, "-p"]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert_eq!(stdout(&o), "2\n4 1\n2 3\n");
    let out = dir.join("four.pairs");
    let o = arbiter(&["pair", "--dutch", four, "-p", out.to_str().expect("utf-8")]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(
        std::fs::read_to_string(&out).expect("written"),
        "2\n4 1\n2 3\n"
    );
    let o = arbiter(&["pair", "--dutch", four, "-p", "--edition", "2017"]);
    assert_eq!(o.status.code(), Some(0));
    // -c on a file whose only round is as the engine pairs it.
    let o = arbiter(&["pair", "--dutch", four, "-c"]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));

    // 1: two players who already met cannot be paired again (C1), nor can one of them be
    // left without an opponent (C4: completion; one PAB needs an odd number).
    let two = dir.join("two.trf");
    let text = format!(
        "012 Exit codes\nXXR 3\n{}{}",
        trf_player(1, 2000, "1.0", &[(2, 'w', '1')]),
        trf_player(2, 1900, "0.0", &[(1, 'b', '0')]),
    );
    std::fs::write(&two, text).expect("written");
    let o = arbiter(&["pair", "--dutch", two.to_str().expect("utf-8"), "-p"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("C1"));

    // 3: invalid input (an unreadable player line), for -p and for -c.
    let bad = dir.join("bad.trf");
    std::fs::write(&bad, "012 Bad\n001 abcd      Nobody\n").expect("written");
    let bad = bad.to_str().expect("utf-8");
    let o = arbiter(&["pair", "--dutch", bad, "-p"]);
    assert_eq!(o.status.code(), Some(3));
    assert!(String::from_utf8_lossy(&o.stderr).contains("invalid TRF"));
    assert_eq!(
        arbiter(&["pair", "--dutch", bad, "-c"]).status.code(),
        Some(3)
    );

    // 5: a missing input file, an unwritable output file.
    let missing = dir.join("missing.trf");
    let missing = missing.to_str().expect("utf-8");
    assert_eq!(
        arbiter(&["pair", "--dutch", missing, "-p"]).status.code(),
        Some(5)
    );
    assert_eq!(
        arbiter(&["pair", "--dutch", missing, "-c"]).status.code(),
        Some(5)
    );
    let unwritable = dir.join("no-such-dir").join("out.pairs");
    let o = arbiter(&[
        "pair",
        "--dutch",
        four,
        "-p",
        unwritable.to_str().expect("utf-8"),
    ]);
    assert_eq!(o.status.code(), Some(5));
    assert!(String::from_utf8_lossy(&o.stderr).contains("cannot write"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn pair_check_names_the_round_and_board_of_a_swapped_pairing() {
    let Some(path) = arbiter_testdata::shared_file("pairing/random/20/004.trf") else {
        return;
    };
    let dir = temp_dir("pair-check");
    let clean = arbiter(&["pair", "--dutch", path.to_str().expect("utf-8"), "-c"]);
    assert_eq!(clean.status.code(), Some(0), "{}", stdout(&clean));
    assert!(stdout(&clean).contains("round 1: as the engine pairs it"));
    // Reverse the colours of one game of round 5.
    let bytes = std::fs::read(&path).expect("readable");
    let mut t = arbiter_tournament::read_trf(&bytes)
        .expect("valid")
        .tournament;
    let round = t
        .rounds
        .iter_mut()
        .find(|r| r.number == 5)
        .expect("round 5");
    let g = &mut round.games[0];
    let (w, b) = (g.white, g.black);
    std::mem::swap(&mut g.white, &mut g.black);
    std::mem::swap(&mut g.result.white, &mut g.result.black);
    let copy = dir.join("swapped.trf");
    std::fs::write(
        &copy,
        arbiter_tournament::write_trf(&t, arbiter_tournament::TrfVersion::Trf16),
    )
    .expect("written");
    let o = arbiter(&["pair", "--dutch", copy.to_str().expect("utf-8"), "-c"]);
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    let out = stdout(&o);
    let flagged: Vec<&str> = out
        .lines()
        .filter(|l| !l.ends_with("as the engine pairs it"))
        .collect();
    assert!(flagged[0].starts_with("round 5: board "), "{out}");
    assert!(
        flagged[0].contains(&format!(": {b}-{w} (the engine: {w}-{b})")),
        "{out}"
    );
    // Named once, with the finding.
    assert!(flagged[0].ends_with("colours reversed (C.04.3 E)"), "{out}");
    assert!(
        !flagged[1..]
            .iter()
            .any(|l| l.starts_with("round 5: ") && l.contains(&format!("{b}-{w}"))),
        "{out}"
    );
    assert!(
        out.lines()
            .take_while(|l| !l.starts_with("round 5"))
            .all(|l| l.ends_with("as the engine pairs it"))
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn pair_explain_prints_brackets_and_reasons() {
    let dir = temp_dir("pair-explain");
    let four = dir.join("four.trf");
    let text = format!(
        "012 Explain\nXXR 3\n{}{}{}{}",
        trf_player(1, 2000, "1.0", &[(3, 'w', '1')]),
        trf_player(2, 1900, "0.0", &[(4, 'b', '0')]),
        trf_player(3, 1800, "0.0", &[(1, 'b', '0')]),
        trf_player(4, 1700, "1.0", &[(2, 'w', '1')]),
    );
    std::fs::write(&four, text).expect("written");
    let four = four.to_str().expect("utf-8");
    let o = arbiter(&["pair", "--dutch", four, "-p", "--explain"]);
    assert_eq!(o.status.code(), Some(0));
    let out = stdout(&o);
    assert!(
        out.starts_with("2\n4 1\n2 3\n\nRound 2: FIDE Dutch system"),
        "{out}"
    );
    assert!(
        out.contains("Bracket 1: residents 1, 4; MDPs none"),
        "{out}"
    );
    assert!(
        out.contains("Bracket 0: residents 2, 3; MDPs none"),
        "{out}"
    );
    assert!(out.contains("board 1: 4 - 1: "), "{out}");
    // With an output file the pairs go there and the explanation to standard output.
    let pairs = dir.join("four.pairs");
    let o = arbiter(&[
        "pair",
        "--dutch",
        four,
        "-p",
        pairs.to_str().expect("utf-8"),
        "--explain",
    ]);
    assert_eq!(o.status.code(), Some(0));
    assert!(stdout(&o).starts_with("Round 2: FIDE Dutch system"));
    assert_eq!(
        std::fs::read_to_string(&pairs).expect("written"),
        "2\n4 1\n2 3\n"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn pair_generate_writes_a_tournament_the_checker_accepts() {
    let dir = temp_dir("pair-generate");
    let config = dir.join("rtg.cfg");
    std::fs::write(
        &config,
        "# a small open\nplayers = 16\nrounds = 5\ndraw_rate = 35\nforfeit_rate = 3\nbaku = off\n",
    )
    .expect("written");
    let config = config.to_str().expect("utf-8");
    let out = dir.join("out.trf");
    let out = out.to_str().expect("utf-8");
    for edition in ["2026", "2017"] {
        let o = arbiter(&[
            "pair",
            "--dutch",
            "-g",
            config,
            "-o",
            out,
            "-s",
            "5",
            "--edition",
            edition,
        ]);
        assert_eq!(
            o.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&o.stderr)
        );
        assert!(
            stdout(&o).starts_with("16 players, 5 of 5 rounds, seed 5: "),
            "{}",
            stdout(&o)
        );
        let first = std::fs::read_to_string(out).expect("written");
        assert_eq!(first.lines().filter(|l| l.starts_with("001 ")).count(), 16);
        let o = arbiter(&["pair", "--dutch", out, "-c", "--edition", edition]);
        assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
        assert_eq!(stdout(&o).matches("as the engine pairs it").count(), 5);
        // The same seed, the same file; to standard output without -o.
        let o = arbiter(&[
            "pair",
            "--dutch",
            "-g",
            config,
            "-s",
            "5",
            "--edition",
            edition,
        ]);
        assert_eq!(stdout(&o), first);
    }
    let bad = dir.join("bad.cfg");
    std::fs::write(&bad, "players = 16\nrounds = many\n").expect("written");
    let o = arbiter(&[
        "pair",
        "--dutch",
        "-g",
        bad.to_str().expect("utf-8"),
        "-o",
        out,
    ]);
    assert_eq!(o.status.code(), Some(3));
    assert!(String::from_utf8_lossy(&o.stderr).contains("line 2: rounds"));
    let missing = dir.join("missing.cfg");
    let o = arbiter(&["pair", "--dutch", "-g", missing.to_str().expect("utf-8")]);
    assert_eq!(o.status.code(), Some(5));
    let o = arbiter(&[
        "pair",
        "--dutch",
        "-g",
        config,
        "-o",
        "/nonexistent-dir/x.trf",
    ]);
    assert_eq!(o.status.code(), Some(5));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn import_a_pgn_event_all_or_nothing() {
    let dir = std::env::temp_dir().join(format!("arbiter-cli-pgn-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let db = format!("sqlite://{}", dir.join("import.sqlite").display());
    let fixture = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../fixtures/ch-chn-2025.pgn"
    );
    let text = std::fs::read_to_string(fixture).expect("fixtures/ch-chn-2025.pgn");
    // The second game loses its round: nothing is imported, the game and its line are named.
    let bad = dir.join("bad.pgn");
    std::fs::write(&bad, text.replacen("[Round \"2.2\"]", "[Round \"?\"]", 1)).expect("write");
    let o = arbiter(&["import", bad.to_str().expect("utf-8"), "--database", &db]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("game 2 (line 26): no `Round` tag"), "{err}");
    assert!(err.contains("nothing was imported"), "{err}");
    // The whole event: its id, and the games counted (by content, whatever the extension).
    let good = dir.join("event.txt");
    std::fs::write(&good, &text).expect("write");
    let o = arbiter(&["import", good.to_str().expect("utf-8"), "--database", &db]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(
        uuid::Uuid::parse_str(stdout(&o).trim()).is_ok(),
        "{}",
        stdout(&o)
    );
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("60 players, 210 games stored"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A file with no tournament in it (binary bytes, or headers without a player) is refused by
/// `trf check` (exit 1) and by `import` (nothing stored), with the reason (issue #22).
#[test]
fn a_file_with_no_tournament_is_refused_by_every_command() {
    let dir = std::env::temp_dir().join(format!("arbiter-cli-gate-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let db = format!("sqlite://{}", dir.join("gate.sqlite").display());
    let binary: Vec<u8> = (0..3072u32).map(|i| (i * 7919 % 251) as u8).collect();
    for (name, bytes, reason) in [
        ("blob.trf", binary, "binary data"),
        (
            "header.trf",
            b"012 Nothing Open\n042 2026/01/01\n".to_vec(),
            "no player records",
        ),
    ] {
        let path = dir.join(name);
        std::fs::write(&path, bytes).expect("written");
        let path = path.to_str().expect("utf-8");
        let o = arbiter(&["trf", "check", path]);
        assert_eq!(o.status.code(), Some(1), "{name}: {}", stdout(&o));
        assert!(stdout(&o).contains(reason), "{name}: {}", stdout(&o));
        let o = arbiter(&["import", path, "--database", &db]);
        assert!(!o.status.success(), "{name}: {}", stdout(&o));
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains(reason), "{name}: {err}");
    }
    // Refused before the database was opened: nothing was stored, not even a new file.
    assert!(!dir.join("gate.sqlite").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

/// A reader that closes the pipe early (`arbiter standings FILE | head`) ends the command
/// quietly: exit 0, nothing on standard error (no "failed printing to stdout" panic).
#[test]
fn a_closed_pipe_ends_the_command_quietly() {
    let root = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../fixtures/karl-mala-2005.trf"
    );
    for args in [
        vec!["standings", root],
        vec!["trf", "check", root],
        vec!["pair", "--round-robin", "20"],
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
            .args(&args)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        // Close the reading end before the command writes.
        drop(child.stdout.take());
        let out = child.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert!(
            out.status.success() || out.status.code() == Some(1),
            "{args:?}: {:?} {err}",
            out.status
        );
        assert!(!err.contains("Broken pipe"), "{args:?}: {err}");
    }
}

/// A tournament's name longer than the gate takes (`EventName`, 200 characters, issue #22) is
/// refused by every command that reads one: `trf check` (exit 1) and `import` of a TRF file
/// naming the line and record `012`, `import` of a PGN file naming the game and its `Event` tag;
/// nothing is stored.
#[test]
fn an_over_long_event_name_is_refused_by_every_command() {
    let dir = std::env::temp_dir().join(format!("arbiter-cli-name-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let db = format!("sqlite://{}", dir.join("name.sqlite").display());
    let fixtures = concat!(env!("CARGO_MANIFEST_DIR"), "/../../fixtures/");
    let long = "N".repeat(201);
    let trf = std::fs::read_to_string(format!("{fixtures}karl-mala-2005.trf")).expect("trf");
    let first = trf.lines().next().expect("a first line");
    assert!(first.starts_with("012 "), "{first}");
    let path = dir.join("long.trf");
    std::fs::write(&path, trf.replacen(first, &format!("012 {long}"), 1)).expect("written");
    let path = path.to_str().expect("utf-8");
    let said = "line 1, column 5: record `012`: at most 200 characters";
    let o = arbiter(&["trf", "check", path]);
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    assert!(stdout(&o).contains(said), "{}", stdout(&o));
    let o = arbiter(&["import", path, "--database", &db]);
    assert!(!o.status.success(), "{}", stdout(&o));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains(said), "{err}");
    let pgn = std::fs::read_to_string(format!("{fixtures}ch-chn-2025.pgn")).expect("pgn");
    let event = pgn.lines().next().expect("a first line");
    assert!(event.starts_with("[Event "), "{event}");
    let path = dir.join("long.pgn");
    std::fs::write(
        &path,
        pgn.replacen(event, &format!("[Event \"{long}\"]"), 1),
    )
    .expect("written");
    let o = arbiter(&["import", path.to_str().expect("utf-8"), "--database", &db]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("game 1 (line 1): `Event` tag: at most 200 characters"),
        "{err}"
    );
    assert!(!dir.join("name.sqlite").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn user_approve_lists_an_accounts_tournaments() {
    use std::io::Write;
    let dir = temp_dir("approve");
    let url = format!("sqlite://{}", dir.join("a.sqlite").display());
    let create = |email: &str| {
        let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
            .args(["user", "create", email, "--database", &url])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .expect("the binary runs");
        child
            .stdin
            .take()
            .unwrap()
            .write_all(b"0123456789ab\n")
            .unwrap();
        let out = child.wait_with_output().unwrap();
        assert!(out.status.success(), "{out:?}");
    };
    create("admin@example.org");
    create("new@example.org");
    let o = arbiter(&["user", "approve", "new@example.org", "--database", &url]);
    assert!(o.status.success(), "{o:?}");
    assert_eq!(stdout(&o).trim(), "approved new@example.org");
    let o = arbiter(&["user", "approve", "new@example.org", "--database", &url]);
    assert_eq!(stdout(&o).trim(), "new@example.org was approved already");
    let o = arbiter(&["user", "approve", "nobody@example.org", "--database", &url]);
    assert!(!o.status.success());
    std::fs::remove_dir_all(&dir).unwrap();
}
