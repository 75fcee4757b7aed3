//! From positions reached by fuzzer-chosen legal moves: every generated move is legal, its SAN
//! (and Appendix E form, and UCI) reads back to the same move, and SAN is unique in the position.
#![no_main]

use arbiter_rules::{PieceLetters, Position, SanFormat};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut pos = Position::new();
    for &byte in data {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mut seen = std::collections::HashSet::new();
        for &m in moves.iter() {
            assert!(pos.is_legal(m));
            let san = pos.san(m);
            assert!(seen.insert(san.clone()), "SAN {san} twice in {pos:?}");
            assert_eq!(pos.parse_san(&san).ok(), Some(m), "{san} in {pos:?}");
            let appendix_e = pos.san_with(m, &SanFormat::APPENDIX_E);
            assert_eq!(
                pos.parse_move(&appendix_e, PieceLetters::English).ok(),
                Some(m),
                "{appendix_e}"
            );
            assert_eq!(
                pos.parse_move(&m.uci(), PieceLetters::English).ok(),
                Some(m),
                "{m}"
            );
        }
        pos.play_unchecked(moves[byte as usize % moves.len()]);
    }
});
