//! Game replay against trusted data: the 2,000 real games of ../shared/data/pgn/real-2000.pgn
//! (status, plies and final position from two independent programs), the handmade rules edge cases
//! with their stated expectations, real games whose results contradict the board, and every edge
//! file read to the end.

use std::io::BufReader;

use arbiter_rules::draw::LawsEdition;
use arbiter_rules::replay::{
    Outcome, ReplayOptions, Report, Status, validate_pgn, validate_pgn_parallel,
};
use arbiter_rules::{Color, PieceLetters};

fn validate_file(relative: &str, options: ReplayOptions) -> Option<Vec<Report>> {
    let path = arbiter_testdata::shared_file(relative)?;
    let file = std::fs::File::open(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut reports = Vec::new();
    validate_pgn(BufReader::new(file), options, |game| match game {
        Ok(report) => reports.push(report),
        Err((index, e)) => panic!("{relative}: game {index}: {e}"),
    })
    .expect("readable");
    Some(reports)
}

fn laws(edition: LawsEdition) -> ReplayOptions {
    ReplayOptions {
        edition,
        letters: None,
    }
}

#[test]
fn real_games_replay_to_the_expected_positions() {
    let Some(expected_path) = arbiter_testdata::shared_file("pgn/real-2000.expected.txt") else {
        return;
    };
    let expected = std::fs::read_to_string(expected_path).expect("readable");
    let expected: Vec<Vec<&str>> = expected
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.splitn(5, ';').collect())
        .collect();
    assert_eq!(expected.len(), 2000);
    for edition in [LawsEdition::Laws2001, LawsEdition::Later] {
        let reports = validate_file("pgn/real-2000.pgn", laws(edition)).expect("data present");
        assert_eq!(reports.len(), 2000, "{edition:?}");
        let mut wrong = Vec::new();
        for (report, exp) in reports.iter().zip(&expected) {
            let (index, status, plies, result, fen) = (exp[0], exp[1], exp[2], exp[3], exp[4]);
            let ok_status = match status {
                "ok" => report.status == Status::Ok,
                "result_mismatch_checkmate" => report.status == Status::ResultContradicted,
                _ => !report.is_ok(),
            };
            let same = report.index.to_string() == index
                && ok_status
                && report.plies.to_string() == plies
                && report
                    .result_tag
                    .map(arbiter_rules::pgn::Termination::as_str)
                    == Some(result)
                && report.final_position.fen() == fen;
            if !same {
                wrong.push(format!(
                    "game {index}: expected {status} {plies} {result} {fen}; got {} {} {:?} {} ({})",
                    report.status.name(),
                    report.plies,
                    report.result_tag,
                    report.final_position.fen(),
                    report.message
                ));
            }
        }
        assert!(
            wrong.is_empty(),
            "{edition:?}: {} games differ:\n{}",
            wrong.len(),
            wrong.join("\n")
        );
    }
}

#[test]
fn handmade_rules_edge_cases() {
    let Some(reports) = validate_file(
        "pgn/edge/handmade/rules-edge-cases.pgn",
        laws(LawsEdition::Later),
    ) else {
        return;
    };
    assert_eq!(reports.len(), 22);
    let r = |n: usize| &reports[n - 1];
    let final_fen = |n: usize| r(n).final_position.fen();
    for n in [1, 2, 3, 4, 5, 6, 10, 12, 14, 15, 16, 22] {
        assert_eq!(r(n).status, Status::Ok, "E{n:02}: {}", r(n).message);
    }
    assert_eq!((r(1).plies, r(2).plies), (10, 10));
    assert_eq!(final_fen(3).split(' ').next(), Some("Q7/7k/8/8/8/8/8/K5n1"));
    assert_eq!(r(4).plies, 5);
    assert_eq!((r(5).plies, final_fen(5)), (5, final_fen(4)));
    assert_eq!(r(6).plies, 3);
    // E07: the king two squares at ply 4 (2. Ke3 after 1.e4 e5 2.Ke2? as written): illegal.
    assert_eq!(r(7).status, Status::IllegalMove, "{}", r(7).message);
    let p7 = r(7).problem.as_ref().expect("a problem");
    assert_eq!((p7.ply, p7.side), (r(7).plies + 1, Color::White));
    // E08: ambiguous Ne2 at ply 5, both candidates named.
    assert_eq!(r(8).status, Status::AmbiguousMove);
    assert_eq!(r(8).problem.as_ref().map(|p| p.ply), Some(5));
    assert!(
        r(8).message.contains("Nce2") && r(8).message.contains("Nge2"),
        "{}",
        r(8).message
    );
    // E09: mate by Black scored 1-0.
    assert_eq!(r(9).status, Status::ResultContradicted);
    assert_eq!(
        r(9).outcome,
        Outcome::Checkmate {
            winner: Color::Black
        }
    );
    assert_eq!(r(9).article, Some("5.1(a)"));
    assert_eq!(r(10).outcome, Outcome::Stalemate);
    assert_eq!(
        (r(11).status, r(11).outcome),
        (Status::ResultContradicted, Outcome::Stalemate)
    );
    // E12: threefold at ply 8 is claimable (9.2), not automatic.
    assert!(
        r(12)
            .claims
            .iter()
            .any(|c| c.ply == 8 && c.article == "9.2(b)"),
        "{:?}",
        r(12).claims
    );
    assert_eq!(r(12).outcome, Outcome::Ongoing);
    // E13: fivefold after ply 16 ends the game (9.6(a)); 9.e4 does not count and 1-0 contradicts it.
    assert_eq!(
        r(13).status,
        Status::ResultContradicted,
        "{}",
        r(13).message
    );
    assert_eq!((r(13).ended_at, r(13).plies), (Some(16), 17));
    assert_eq!(r(13).article, Some("9.6(a)"));
    // E14: the Ke7 position (plies 4, 8, 12) recurs for the third time only at ply 12: the board
    // after 1...e5 has other castling rights.
    let claims_b = |n: usize| -> Vec<usize> {
        r(n).claims
            .iter()
            .filter(|c| c.article == "9.2(b)")
            .map(|c| c.ply)
            .collect()
    };
    assert_eq!(claims_b(14).first(), Some(&12), "{:?}", r(14).claims);
    // E15: the position after 2...d5 (plies 4, 8, 12, 16) had an en passant capture at its first
    // occurrence only, so its third real occurrence is ply 16, not 12. The positions after 3.Nf3,
    // 3...Nb8 and 4.Ng1 (plies 5/9/13, 6/10/14, 7/11/15) reach their third occurrences at 13-15.
    assert_eq!(claims_b(15), vec![13, 14, 15, 16], "{:?}", r(15).claims);
    assert!(
        r(15)
            .claims
            .iter()
            .any(|c| c.ply == 15 && c.article == "9.2(a)" && c.claimant == Color::Black)
    );
    assert_eq!(r(16).plies, 4);
    // E17: a null move is not a move.
    assert_eq!(r(17).status, Status::IllegalMove);
    assert_eq!(r(17).problem.as_ref().map(|p| p.ply), Some(2));
    // E18, E19: dead positions scored as wins on time.
    for n in [18, 19] {
        assert_eq!(
            r(n).status,
            Status::ResultContradicted,
            "E{n}: {}",
            r(n).message
        );
        assert_eq!(r(n).outcome, Outcome::DeadPosition, "E{n}");
    }
    // E20: mate written without `#`, result `*`: inconsistent.
    assert_eq!(
        r(20).outcome,
        Outcome::Checkmate {
            winner: Color::White
        }
    );
    assert_eq!(r(20).status, Status::ResultContradicted);
    // E21: promotion to a king.
    assert_eq!(r(21).status, Status::IllegalMove, "{}", r(21).message);
    assert_eq!(r(21).article, Some("3.7(e)"));
    assert_eq!(r(22).plies, 0);
}

#[test]
fn real_world_anomalies() {
    let Some(status_path) =
        arbiter_testdata::shared_file("pgn/edge/real-world-anomalies-pgnmentor.status.txt")
    else {
        return;
    };
    let expected = std::fs::read_to_string(status_path).expect("readable");
    let reports = validate_file(
        "pgn/edge/real-world-anomalies-pgnmentor.pgn",
        laws(LawsEdition::Laws2001),
    )
    .expect("present");
    let expected: Vec<Vec<&str>> = expected
        .lines()
        .map(|l| l.splitn(5, ';').collect())
        .collect();
    assert_eq!(reports.len(), expected.len());
    for (report, exp) in reports.iter().zip(&expected) {
        let ctx = format!(
            "{exp:?}: got {} {} ({})",
            report.status.name(),
            report.plies,
            report.message
        );
        match exp[1] {
            "result_mismatch_checkmate" => {
                assert_eq!(report.status, Status::ResultContradicted, "{ctx}");
                assert!(matches!(report.outcome, Outcome::Checkmate { .. }), "{ctx}");
            }
            "result_mismatch_stalemate" => {
                assert_eq!(
                    (report.status, report.outcome),
                    (Status::ResultContradicted, Outcome::Stalemate),
                    "{ctx}"
                );
            }
            _ => assert!(
                matches!(
                    report.status,
                    Status::IllegalMove | Status::UnreadableMove | Status::AmbiguousMove
                ),
                "{ctx}"
            ),
        }
        assert_eq!(report.plies.to_string(), exp[2], "{ctx}");
        assert_eq!(report.final_position.fen(), exp[4], "{ctx}");
    }
}

/// Every PGN file under `dir` (the edge files: `*.pgn`, and shakmaty's fuzz input `bare`).
fn edge_files(dir: std::path::PathBuf) -> Vec<std::path::PathBuf> {
    let mut files = Vec::new();
    let mut stack = vec![dir];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).expect("readable") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "pgn")
                || path.file_name().is_some_and(|n| n == "bare")
            {
                files.push(path);
            }
        }
    }
    files
}

#[test]
fn every_edge_file_replays_without_panic() {
    let Some(dir) = arbiter_testdata::shared_file("pgn/edge") else {
        return;
    };
    let mut files = 0;
    let mut games = 0;
    for path in edge_files(dir) {
        files += 1;
        let file = std::fs::File::open(&path).expect("readable");
        games += validate_pgn(BufReader::new(file), laws(LawsEdition::Later), |_| {})
            .expect("no I/O error");
    }
    assert!(files >= 70, "{files} files");
    assert!(games > 100, "{games} games");
}

#[test]
fn national_letters_are_detected_per_game() {
    let pgn = "[Result \"1-0\"]\n\n1. e4 e5 2. Sf3 d6 3. Lc4 Lg4 4. Sc3 g6 5. Sxe5 Lxd1 6. Lxf7+ Ke7 7. Sd5# 1-0\n\n\
               [Result \"1-0\"]\n\n1. e4 e5 2. Cf3 d6 3. Fc4 Fg4 4. Cc3 g6 5. Cxe5 Fxd1 6. Fxf7+ Re7 7. Cd5# 1-0\n";
    let mut reports = Vec::new();
    validate_pgn(pgn.as_bytes(), laws(LawsEdition::Later), |g| {
        reports.push(g.expect("valid PGN"));
    })
    .expect("ok");
    assert_eq!(reports.len(), 2);
    assert_eq!(reports[0].letters, PieceLetters::German);
    assert_eq!(reports[1].letters, PieceLetters::French);
    for r in &reports {
        assert_eq!(
            (r.status, r.plies, r.outcome),
            (
                Status::Ok,
                13,
                Outcome::Checkmate {
                    winner: Color::White
                }
            ),
            "{}",
            r.message
        );
    }
}

/// Every verdict of `validate_pgn_parallel` on `threads` threads for `bytes`, printed (reports and reading errors alike), and
/// the call's own result.
fn verdicts(bytes: &[u8], threads: usize) -> (Vec<String>, String) {
    let mut out = Vec::new();
    let read = validate_pgn_parallel(bytes, laws(LawsEdition::Later), threads, |g| {
        out.push(format!("{g:?}"));
    });
    (out, format!("{read:?}"))
}

#[test]
fn validation_on_several_threads_gives_the_same_verdicts_in_the_same_order() {
    let Some(real) = arbiter_testdata::shared_file("pgn/real-2000.pgn") else {
        return;
    };
    let Some(edge) = arbiter_testdata::shared_file("pgn/edge") else {
        return;
    };
    let mut files = vec![std::fs::read(real).expect("readable")];
    files.extend(
        edge_files(edge)
            .iter()
            .map(|p| std::fs::read(p).expect("readable")),
    );
    // All the files as one stream too: thousands of games across many batches, reading errors
    // among them.
    files.push(files.concat());
    for bytes in &files {
        let one = verdicts(bytes, 1);
        assert!(!one.0.is_empty());
        for threads in [2, 3] {
            assert!(verdicts(bytes, threads) == one, "{threads} threads differ");
        }
    }
}

/// A stream that fails after `left` bytes.
struct FailsAfter<'a> {
    bytes: &'a [u8],
    left: usize,
}

impl std::io::Read for FailsAfter<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.left == 0 {
            return Err(std::io::Error::other("disk gone"));
        }
        let n = buf.len().min(self.left).min(self.bytes.len());
        buf[..n].copy_from_slice(&self.bytes[..n]);
        self.bytes = &self.bytes[n..];
        self.left -= n;
        Ok(n)
    }
}

#[test]
fn an_io_error_on_several_threads_stops_after_the_games_before_it() {
    let game = "[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n";
    let pgn = game.repeat(500);
    let cut = game.len() * 300 + 10;
    let run = |threads: usize| {
        let mut out = Vec::new();
        let input = BufReader::with_capacity(
            256,
            FailsAfter {
                bytes: pgn.as_bytes(),
                left: cut,
            },
        );
        let read = validate_pgn_parallel(input, laws(LawsEdition::Later), threads, |g| {
            out.push(format!("{g:?}"));
        });
        (out, format!("{read:?}"))
    };
    let one = run(1);
    assert_eq!(one.0.len(), 300, "the 300 whole games before the error");
    assert!(one.1.starts_with("Err(Io"), "{}", one.1);
    assert!(run(2) == one);
}
