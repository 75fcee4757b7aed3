//! Where pieces can go and what they attack around squares that never change, computed for whole
//! sets of squares at once (the moves of Art. 3.2-3.8), for the pawn-structure layer of the
//! dead-position analysis ([`super::Structure`]).
//!
//! A sliding piece's move is a series of single steps in one direction through empty squares, so
//! the squares a bishop, rook or queen can ever reach through the open squares (everything but the
//! walls, the other pieces stepping aside) are those a piece taking single steps in its directions
//! reaches: a flood fill over the board, a few shifts per step instead of one attack lookup per
//! square. For the same reason the squares such a piece attacks from anywhere in a region closed
//! under its steps are one step from the region: along each ray the squares before the first wall
//! are open, hence in the region, and the wall is one step from the last of them.

use crate::bitboard::Bitboard;
use crate::types::{Color, PieceKind};

/// Every square but the a-file.
const NOT_A: u64 = !0x0101_0101_0101_0101;
/// Every square but the h-file.
const NOT_H: u64 = !0x8080_8080_8080_8080;
/// Every square but the a- and b-files.
const NOT_AB: u64 = NOT_A & !0x0202_0202_0202_0202;
/// Every square but the g- and h-files.
const NOT_GH: u64 = NOT_H & !0x4040_4040_4040_4040;

/// One file towards h.
const fn east(x: u64) -> u64 {
    (x << 1) & NOT_A
}

/// One file towards a.
const fn west(x: u64) -> u64 {
    (x >> 1) & NOT_H
}

/// The squares a piece of `kind` and `color` standing on any square of `from` attacks in one step:
/// for a pawn its two diagonal captures (Art. 3.7(d)), for a knight its jumps (Art. 3.6), for the
/// king the neighbouring squares (Art. 3.8(a)), for a bishop, rook or queen the neighbouring squares
/// in its directions (Art. 3.2-3.4).
pub(super) fn step(kind: PieceKind, color: Color, from: Bitboard) -> Bitboard {
    let x = from.0;
    let orthogonal = || east(x) | west(x) | (x << 8) | (x >> 8);
    let diagonal = || {
        let side = east(x) | west(x);
        (side << 8) | (side >> 8)
    };
    Bitboard(match kind {
        PieceKind::Pawn => {
            let side = east(x) | west(x);
            if color == Color::White {
                side << 8
            } else {
                side >> 8
            }
        }
        PieceKind::Knight => {
            let one = east(x) | west(x);
            let two = ((x << 2) & NOT_AB) | ((x >> 2) & NOT_GH);
            (one << 16) | (one >> 16) | (two << 8) | (two >> 8)
        }
        PieceKind::Bishop => diagonal(),
        PieceKind::Rook => orthogonal(),
        PieceKind::Queen | PieceKind::King => orthogonal() | diagonal(),
    })
}

/// The squares a piece of `kind` (not a pawn) starting on any square of `from` may ever stand on
/// when it only ever moves through `open` squares: the start squares and every open square its
/// steps lead to, repeatedly.
pub(super) fn flood(kind: PieceKind, from: Bitboard, open: Bitboard) -> Bitboard {
    debug_assert!(
        kind != PieceKind::Pawn,
        "a pawn's reach depends on its captures"
    );
    let mut reached = from;
    let mut frontier = from;
    while frontier.any() {
        frontier = (step(kind, Color::White, frontier) & open).minus(reached);
        reached |= frontier;
    }
    reached
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::attacks;
    use crate::types::Square;

    /// A few thousand pseudo-random boards (xorshift), sparse and dense.
    fn boards() -> impl Iterator<Item = Bitboard> {
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        (0..4000).map(move |i| {
            let mut next = || {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                x
            };
            let a = next();
            let b = next();
            let c = next();
            Bitboard(match i % 3 {
                0 => a & b & c,
                1 => a & b,
                _ => a,
            })
        })
    }

    /// The reference: the squares reached square by square with the attack tables, each slider
    /// sliding through everything but the walls.
    fn reference_region(kind: PieceKind, from: Square, walls: Bitboard) -> Bitboard {
        let mut reached = from.bb();
        let mut frontier = reached;
        while frontier.any() {
            let mut next = Bitboard::EMPTY;
            for sq in frontier {
                next |= attacks::attacks(kind, Color::White, sq, walls);
            }
            frontier = next.minus(walls).minus(reached);
            reached |= frontier;
        }
        reached
    }

    #[test]
    fn one_step_is_the_attack_table_of_each_square() {
        for b in boards().take(500) {
            for color in Color::ALL {
                for kind in [PieceKind::Pawn, PieceKind::Knight, PieceKind::King] {
                    let mut expected = Bitboard::EMPTY;
                    for sq in b {
                        expected |= attacks::attacks(kind, color, sq, b);
                    }
                    assert_eq!(step(kind, color, b), expected, "{kind:?} {color:?} {b:?}");
                }
            }
        }
    }

    #[test]
    fn flood_and_one_step_match_the_pieces_moves_square_by_square() {
        let kinds = [
            PieceKind::Knight,
            PieceKind::Bishop,
            PieceKind::Rook,
            PieceKind::Queen,
            PieceKind::King,
        ];
        for (i, walls) in boards().enumerate() {
            let Some(from) = Square::from_index((i % 64) as u8) else {
                continue;
            };
            for kind in kinds {
                let region = reference_region(kind, from, walls);
                assert_eq!(flood(kind, from.bb(), !walls), region, "{kind:?}");
                // What the region attacks, square by square through everything but the walls.
                let mut attacked = Bitboard::EMPTY;
                for sq in region {
                    attacked |= attacks::attacks(kind, Color::White, sq, walls);
                }
                assert_eq!(
                    step(kind, Color::White, region),
                    attacked,
                    "{kind:?} {walls:?}"
                );
            }
        }
    }
}
