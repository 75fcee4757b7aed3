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

    let missing = arbiter(&["games", "validate", "/nonexistent.pgn"]);
    assert_eq!(missing.status.code(), Some(2));
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
