//! Unit tests of `san`.

use super::*;

fn syntax(text: &str) -> Result<Syntax, &'static str> {
    parse_syntax(text.as_bytes(), true)
}

#[test]
fn castling_forms() {
    for t in ["O-O", "0-0", "o-o", "OO", "00", "O-O+", "0-0#"] {
        assert_eq!(syntax(t), Ok(Syntax::Castle(CastlingSide::King)), "{t}");
    }
    for t in ["O-O-O", "0-0-0", "o-o-o", "OOO", "O-O-O++"] {
        assert_eq!(syntax(t), Ok(Syntax::Castle(CastlingSide::Queen)), "{t}");
    }
    for t in ["O", "O-O-O-O", "O--O", "-O-O", "O-O-"] {
        assert!(syntax(t).is_err(), "{t}");
    }
}

#[test]
fn promotion_forms() {
    for t in ["e8=Q", "e8Q", "e8(Q)", "e8/Q", "e7e8q", "e8=Q+", "e8Q#"] {
        let Ok(Syntax::Move { promotion, .. }) = syntax(t) else {
            panic!("{t}")
        };
        assert_eq!(promotion, Some(PieceKind::Queen), "{t}");
    }
}

#[test]
fn pawn_file_versus_bishop() {
    let Ok(Syntax::Move { mover, file, .. }) = syntax("bxc3") else {
        panic!()
    };
    assert_eq!((mover, file), (Mover::Kind(PieceKind::Pawn), Some(1)));
    let Ok(Syntax::Move { mover, file, .. }) = syntax("Bxc3") else {
        panic!()
    };
    assert_eq!((mover, file), (Mover::Kind(PieceKind::Bishop), None));
}

#[test]
fn normalization_never_panics_on_odd_text() {
    for t in [
        "", "é", "Кр", "🙂🙂", "\u{200F}", "x", "=", "(", "e8(", "ش", "۱۲۳",
    ] {
        for letters in PieceLetters::ALL {
            let _ = Position::new().parse_move(t, letters);
        }
    }
}

/// Positions where pins, checks, en passant, promotions and castling all occur within a few
/// moves, for random play to start from.
const TRICKY: [&str; 8] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "4k3/1P6/8/2Pp4/8/8/6p1/4K2R w K d6 0 1",
    "3k4/8/8/q2PpK2/8/8/8/8 w - e6 0 1",
    "2r3k1/1P3ppp/8/3b4/1n6/8/B4PPP/R3R1K1 b - - 0 1",
];

/// Every question `only_move_to` might be asked in `pos`: each kind, every square, with no
/// written square of departure, a written file and a written rank, and each promotion (a wrong
/// one too).
fn fast_path_agrees_in(pos: &Position, answered: &mut usize) {
    let promotions = [
        None,
        Some(PieceKind::Queen),
        Some(PieceKind::Knight),
        Some(PieceKind::King),
    ];
    for kind in PieceKind::ALL {
        let all = pos.board.pieces(pos.turn, kind);
        for to in Bitboard::FULL {
            for from_mask in [
                all,
                all & Bitboard::file(to.file()),
                all & Bitboard::file((to.file() + 1) % 8),
                all & Bitboard::rank((to.rank() + 7) % 8),
            ] {
                for promotion in promotions {
                    let Some(fast) = pos.only_move_to(kind, from_mask, to, promotion) else {
                        continue;
                    };
                    *answered += 1;
                    let mut list = ToSquare::new();
                    pos.generate(from_mask, to.bb(), &mut list);
                    list.retain(|m| {
                        m.promotion() == promotion && !matches!(m.kind(), MoveKind::Castle(_))
                    });
                    assert_eq!(
                        list.moves(),
                        &[fast],
                        "{kind:?} to {to:?} from {from_mask:?} promoting to {promotion:?} in {}",
                        pos.fen()
                    );
                }
            }
        }
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(48))]

    /// The fast path of SAN resolution answers only with the one move the full generator lists,
    /// along random games from positions rich in pins, checks, en passant and promotions.
    #[test]
    fn the_fast_path_answers_only_with_the_generators_one_move(
        start in 0..TRICKY.len(),
        choices in proptest::collection::vec(proptest::prelude::any::<u16>(), 1..60),
    ) {
        let mut pos = Position::from_fen(TRICKY[start]).unwrap();
        let mut answered = 0;
        for choice in choices {
            fast_path_agrees_in(&pos, &mut answered);
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.play_unchecked(moves[usize::from(choice) % moves.len()]);
        }
        proptest::prop_assert!(answered > 0);
    }
}
