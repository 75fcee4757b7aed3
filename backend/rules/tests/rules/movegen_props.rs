//! Property tests of the move generator (Art. 3): in positions reached by random legal play, every
//! generated move is legal and leaves the mover's king safe (3.9), counting agrees with listing, and
//! FEN round-trips.

use arbiter_rules::{Bitboard, Color, MoveList, PieceKind, Position};
use proptest::prelude::*;

/// Plays `choices` from the initial position (each picks a legal move by index), stopping at mate
/// or stalemate; calls `check` on every position reached.
fn playout(choices: &[u16], mut check: impl FnMut(&Position)) {
    let mut pos = Position::new();
    check(&pos);
    for &c in choices {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos.play_unchecked(moves[c as usize % moves.len()]);
        check(&pos);
    }
}

fn king_attacked(pos: &Position, color: Color) -> bool {
    let king = pos.board().king_of(color).expect("a king");
    pos.board()
        .is_attacked(king, !color, pos.board().occupied())
}

proptest! {
    #![proptest_config(crate::beside_source(ProptestConfig { cases: 200, ..ProptestConfig::default() }))]

    #[test]
    fn generated_moves_are_legal(choices in prop::collection::vec(any::<u16>(), 0..160)) {
        playout(&choices, |pos| {
            let moves = pos.legal_moves();
            assert_eq!(moves.len(), pos.count_legal_moves());
            assert_eq!(moves.is_empty(), !pos.has_legal_moves());
            let mover = pos.turn();
            for &m in &moves {
                assert!(pos.is_legal(m), "{m} in {pos:?}");
                let next = pos.play(m).expect("legal");
                assert!(!king_attacked(&next, mover), "{m} leaves the king in check in {pos:?}");
                assert_eq!(next.turn(), !mover);
                // The moving piece stands on the destination afterwards.
                let placed = next.board().piece_at(m.to()).expect("a piece");
                assert_eq!(placed.color, mover);
                match m.promotion() {
                    Some(kind) => assert_eq!(placed.kind, kind),
                    None => assert_eq!(Some(placed.kind), pos.board().piece_at(m.from()).map(|p| p.kind)),
                }
            }
            // Filtering by squares gives the same moves as filtering the full list.
            let pawns = pos.board().pieces(mover, PieceKind::Pawn);
            let mut filtered = MoveList::new();
            pos.legal_moves_between(pawns, Bitboard::FULL, &mut filtered);
            let expected: Vec<_> = moves.iter().filter(|m| pawns.contains(m.from())).collect();
            assert_eq!(filtered.iter().collect::<Vec<_>>(), expected);
        });
    }

    #[test]
    fn fen_round_trips(choices in prop::collection::vec(any::<u16>(), 0..160)) {
        playout(&choices, |pos| {
            let fen = pos.fen();
            let back = Position::from_fen(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
            assert_eq!(back.fen(), fen);
            assert_eq!(back.repetition_key(), pos.repetition_key());
            assert_eq!(back.legal_moves().len(), pos.legal_moves().len());
        });
    }

    #[test]
    fn checkmate_and_stalemate_are_exclusive(choices in prop::collection::vec(any::<u16>(), 0..300)) {
        playout(&choices, |pos| {
            assert!(!(pos.is_checkmate() && pos.is_stalemate()));
            assert_eq!(pos.is_checkmate() || pos.is_stalemate(), pos.legal_moves().is_empty());
        });
    }
}

#[test]
fn malformed_fen_is_an_error() {
    for text in [
        "",
        " ",
        "////////",
        "8/8/8/8/8/8/8/8/8 w - -",
        "9/8/8/8/8/8/8/8 w - -",
        "ä/ö/ü/8/8/8/8/8 w - -",
        "4k3/8/8/8/8/8/8/4K3 w - - 99999999999999 1",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra",
    ] {
        assert!(Position::from_fen(text).is_err(), "`{text}` accepted");
    }
    // Five fields: the fullmove number defaults to 1.
    let pos = Position::from_fen("4k3/8/8/8/8/8/8/4K3 b - - 7").expect("valid");
    assert_eq!((pos.halfmove_clock(), pos.fullmove_number()), (7, 1));
}
