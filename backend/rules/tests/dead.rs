//! Dead positions and "cannot checkmate" (Art. 5.2(b), 6.9, 9.6) against the Chess Unwinnability
//! Analyzer's labelled test vector (../shared/data/dead/cha-test-vector.txt), and classic cases.

use std::time::Instant;

use arbiter_rules::{
    Color, Position, Who, Winnability, can_checkmate, can_checkmate_within, dead_position,
    parse_fen, who_can_checkmate,
};

fn pos(fen: &str) -> Position {
    fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The labelled positions of the test vector: (line, label, FEN).
fn vector() -> Option<Vec<(usize, Who, String)>> {
    let path = arbiter_testdata::shared_file("dead/cha-test-vector.txt")?;
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut cases = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (label, fen) = line.split_at(2);
        let who = Who::from_label(label).unwrap_or_else(|| panic!("line {}: label {label}", i + 1));
        let fen = fen.trim();
        // One line has only the board and the side to move: add "no castling, no en passant".
        let fen = if fen.split_whitespace().count() == 2 {
            format!("{fen} - -")
        } else {
            fen.to_owned()
        };
        cases.push((i + 1, who, fen));
    }
    Some(cases)
}

/// What one thread found over its share of the vector.
#[derive(Default)]
struct Tally {
    agree: usize,
    unsound: usize,
    rejected: Vec<String>,
    /// Disagreements to print: every one when all must agree, else the unsound ones.
    reports: Vec<(usize, String)>,
    worst: (f64, String),
}

/// Labels the cases `first, first + step, ...` with `budget` nodes per side.
fn label_share(
    cases: &[(usize, Who, String)],
    first: usize,
    step: usize,
    budget: u64,
    require_all: bool,
) -> Tally {
    let mut t = Tally::default();
    for (line, expected, fen) in cases.iter().skip(first).step_by(step) {
        // The vector includes positions no game could reach (more promoted pieces than missing
        // pawns): they are still positions under the rules of movement, and must be labelled.
        let parsed = parse_fen(fen)
            .map_err(|e| e.to_string())
            .and_then(|setup| Position::from_setup_relaxed(&setup).map_err(|e| e.to_string()));
        let position: Position = match parsed {
            Ok(p) => p,
            Err(e) => {
                t.rejected.push(format!("line {line}: {fen}: {e}"));
                continue;
            }
        };
        let started = Instant::now();
        let got = Who {
            white: can_checkmate_within(&position, Color::White, budget).may_mate(),
            black: can_checkmate_within(&position, Color::Black, budget).may_mate(),
        };
        let secs = started.elapsed().as_secs_f64();
        if secs > t.worst.0 {
            t.worst = (secs, fen.clone());
        }
        if got == *expected {
            t.agree += 1;
        } else {
            // Unsound: we say a side cannot mate where the reference says it can.
            let bad = (expected.white && !got.white) || (expected.black && !got.black);
            t.unsound += usize::from(bad);
            if require_all || bad {
                t.reports.push((
                    *line,
                    format!(
                        "line {line}: expected {expected}, got {got}{}: {fen}",
                        if bad { " (UNSOUND)" } else { "" }
                    ),
                ));
            }
        }
    }
    t
}

/// Labels every position with `budget` nodes per side, on every core (the positions are
/// independent), and checks the answers: none unsound, and all equal to the reference labels
/// when `require_all`.
fn run_vector(budget: u64, require_all: bool) {
    let Some(cases) = vector() else { return };
    let total = cases.len();
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    let started = Instant::now();
    let tallies: Vec<Tally> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|first| {
                let cases = &cases;
                scope.spawn(move || label_share(cases, first, threads, budget, require_all))
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    });
    let (mut agree, mut unsound) = (0, 0);
    let mut rejected = Vec::new();
    let mut reports = Vec::new();
    let mut worst = (0.0f64, String::new());
    for t in tallies {
        agree += t.agree;
        unsound += t.unsound;
        rejected.extend(t.rejected);
        reports.extend(t.reports);
        if t.worst.0 > worst.0 {
            worst = t.worst;
        }
    }
    reports.sort();
    for (_, r) in &reports {
        eprintln!("{r}");
    }
    rejected.sort();
    for r in &rejected {
        eprintln!("rejected by the validator: {r}");
    }
    eprintln!(
        "budget {budget}: {agree}/{total} agree, {unsound} unsound, {} rejected, \
         {:.2}s total on {threads} threads, worst {:.3}s: {}",
        rejected.len(),
        started.elapsed().as_secs_f64(),
        worst.0,
        worst.1
    );
    assert!(
        rejected.is_empty(),
        "every position of the vector must be labelled"
    );
    assert_eq!(unsound, 0, "unsound answers");
    if require_all {
        assert_eq!(agree, total, "disagreements with the reference labels");
    }
}

/// Every answer with a small budget is sound (an unsettled side counts as able to mate).
#[test]
fn cha_test_vector_sound_with_small_budget() {
    run_vector(5_000, false);
}

/// The full comparison with the default budget: every label equal to the reference (about 8 s
/// on two threads in the test build, where the rules core is optimised).
#[test]
fn cha_test_vector_full() {
    run_vector(arbiter_rules::DEFAULT_BUDGET, true);
}

fn label(fen: &str) -> String {
    who_can_checkmate(&pos(fen)).to_string()
}

#[test]
fn lone_minor_pieces_cannot_mate() {
    assert_eq!(label("8/8/8/4k3/8/8/8/4K3 w - - 0 1"), "--");
    assert_eq!(label("8/8/8/4k3/8/8/8/2B1K3 w - - 0 1"), "--");
    assert_eq!(label("8/8/8/4k3/8/8/8/2N1K3 w - - 0 1"), "--");
    assert!(dead_position(&pos("8/8/8/4k3/8/8/8/2N1K3 b - - 0 1")));
}

#[test]
fn knight_mates_with_the_help_of_a_pawn() {
    // K+N against K+P: the pawn (or what it promotes to) can block its own king.
    let p = pos("7k/8/8/8/8/p7/8/1N4K1 w - - 0 1");
    match can_checkmate(&p, Color::White) {
        Winnability::Yes(line) => {
            let mut q = p;
            for m in &line {
                q = q.play(*m).unwrap_or_else(|e| panic!("{e}"));
            }
            assert!(q.is_checkmate() && q.turn() == Color::Black);
        }
        other => panic!("expected a helpmate, got {other:?}"),
    }
    // The knight's side has no pawn: Black (king and pawn) can mate too, after promoting.
    assert!(can_checkmate(&p, Color::Black).may_mate());
}

#[test]
fn bishops() {
    // Same-coloured bishops: dead. Opposite-coloured bishops: a helpmate exists.
    assert_eq!(label("8/8/3k1b2/8/8/3KB3/8/8 w - - 0 1"), "--");
    assert_eq!(label("8/8/3kb3/8/8/3KB3/8/8 w - - 0 1"), "WB");
}

#[test]
fn blocked_pawn_chains() {
    // A locked chain with kings only: dead.
    assert_eq!(label("4k3/8/8/1p1p1p1p/1P1P1P1P/8/8/4K3 w - - 0 1"), "--");
    // The same chain with a gap: the kings can break in.
    assert_eq!(label("4k3/8/8/1p1p1p2/1P1P1P2/8/8/4K3 w - - 0 1"), "WB");
}

#[test]
fn only_one_side_can_mate() {
    // White has a rook, Black a lone king.
    assert_eq!(label("2k5/8/8/8/8/8/8/2KR4 w - - 0 1"), "W-");
}

#[test]
fn stalemate_prone_bishop_walls_are_dead() {
    // CHA test vector lines 692, 702 and 908: one side's bishops, all on one colour, cannot help.
    for fen in [
        "8/8/7p/2b2p1P/1bkb1p1K/2b2Pp1/6P1/8 b - - 0 1",
        "8/8/7p/5p1P/5p1K/4bPp1/5bPb/4bkb1 b - - 0 1",
        "8/1p2B1B1/1PpB1B2/k1P5/p1P5/P7/5K2/8 w - - 0 1",
    ] {
        let p = Position::from_setup_relaxed(&parse_fen(fen).unwrap_or_else(|e| panic!("{e}")))
            .unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert!(
            who_can_checkmate(&p).is_dead(),
            "{fen} should be dead (Art. 5.2(b))"
        );
    }
}

/// `true` if `winner` mates within `plies` half-moves from `pos` (plain brute force).
fn mates_within(pos: &Position, winner: Color, plies: u32) -> bool {
    if pos.turn() != winner && pos.is_checkmate() {
        return true;
    }
    if plies == 0 {
        return false;
    }
    pos.legal_moves().iter().any(|&m| {
        let mut q = *pos;
        q.play_unchecked(m);
        mates_within(&q, winner, plies - 1)
    })
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(48))]
    /// Soundness cross-check: after a random playout, a side declared unable to mate has no mate
    /// within three half-moves (Art. 6.9, 9.6).
    #[test]
    fn no_mate_claims_survive_a_shallow_search(choices in proptest::collection::vec(0usize..1000, 0..120)) {
        let mut p = Position::new();
        for c in choices {
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            p.play_unchecked(moves[c % moves.len()]);
        }
        for side in Color::ALL {
            if can_checkmate_within(&p, side, 2_000) == Winnability::No {
                proptest::prop_assert!(!mates_within(&p, side, 3), "{side:?} mates in {p:?}");
            }
        }
    }
}
