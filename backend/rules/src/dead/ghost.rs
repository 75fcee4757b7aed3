//! Layer 3b: the bishop abstraction (Art. 3.2, 6.9, 9.6).
//!
//! When the intended winner's only pieces besides king, pawns and knights are bishops of one
//! square colour, and the intended loser has nothing but king, pawns and knights (no piece whose
//! moves depend on what stands in between), the bishops are taken off the board and replaced by
//! "ghosts": any number of bishops that may stand anywhere on that colour. The walk then covers an
//! over-approximation of every game: the winner may, instead of a real move, move a ghost (the
//! board left as it is) or capture with one any piece of the loser standing on the ghosts' colour;
//! the loser may move as if no ghost attacked or pinned anything, and may also capture with a pawn
//! on any empty square of the ghosts' colour (a ghost may stand there). Every real game maps onto
//! a walk of the abstraction, move by move.
//!
//! After each move of the winner the abstraction asks whether a real checkmate could stand there:
//! a check must have been possible (a real piece attacks the king; or a ghost could check it, the
//! king standing on the ghosts' colour, directly after a ghost's move or by discovery through the
//! square the moving piece left), and no king move to a square of the other colour (which no ghost
//! can ever attack) may be legal. If no such position is reachable in the abstraction, no real
//! game ends with the winner mating. Anything the abstraction does not model (promotion to a queen
//! or rook, castling rights, too many positions) abandons the proof.

use std::collections::HashSet;
use std::hash::BuildHasherDefault;

use crate::attacks::{between, bishop_attacks, pawn_attacks};
use crate::bitboard::Bitboard;
use crate::movegen::MoveList;
use crate::position::{Board, Position};
use crate::types::{Color, Move, MoveKind, PieceKind};

use super::{KeyHasher, key};

/// What the walk learned from one position.
enum Step {
    /// Keep going.
    Go,
    /// The abstraction cannot settle the question.
    GiveUp,
}

/// The abstraction's fixed data: whose bishops became ghosts, and the colour of their squares.
#[derive(Clone, Copy)]
struct Model {
    winner: Color,
    /// The side whose bishops are ghosts.
    owner: Color,
    /// The squares of the ghosts' colour.
    colour: Bitboard,
}

/// `true` if the bishop abstraction proves that `winner` can never checkmate from `pos`
/// (Art. 6.9, 9.6), examining at most `limit` abstract positions. Either side's bishops may be
/// the ghosts; both are tried.
pub(super) fn proves_no_mate(pos: &Position, winner: Color, limit: usize) -> bool {
    [winner, !winner].into_iter().any(|owner| {
        abstraction(pos, winner, owner).is_some_and(|(root, model)| walk(root, model, limit))
    })
}

fn walk(root: Position, model: Model, limit: usize) -> bool {
    let mut seen: HashSet<u128, BuildHasherDefault<KeyHasher>> = HashSet::default();
    seen.insert(key(&root));
    let mut stack = vec![root];
    let mut children = Vec::new();
    while let Some(p) = stack.pop() {
        if seen.len() > limit {
            return false;
        }
        children.clear();
        if let Step::GiveUp = successors(&p, model, &mut children) {
            return false;
        }
        for &child in &children {
            if seen.insert(key(&child)) {
                stack.push(child);
            }
        }
    }
    true
}

/// The abstract root: `pos` without `owner`'s bishops, which must all stand on one colour, and no
/// sliding piece left on the board. `None` when the abstraction does not apply.
fn abstraction(pos: &Position, winner: Color, owner: Color) -> Option<(Position, Model)> {
    let board = pos.board();
    if !pos.castling_rights().is_empty() || pos.legal_en_passant().is_some() {
        return None;
    }
    let bishops = board.pieces(owner, PieceKind::Bishop);
    let sliders = board.by_kind(PieceKind::Bishop)
        | board.by_kind(PieceKind::Rook)
        | board.by_kind(PieceKind::Queen);
    if bishops.is_empty() || sliders != bishops {
        return None;
    }
    let colour = if bishops.minus(Bitboard::DARK).is_empty() {
        Bitboard::DARK
    } else if bishops.minus(Bitboard::LIGHT).is_empty() {
        Bitboard::LIGHT
    } else {
        return None;
    };
    let mut setup = pos.to_setup();
    for sq in bishops {
        setup.board.remove(sq);
    }
    setup.en_passant = None;
    let root = Position::from_setup_relaxed(&setup).ok()?;
    Some((
        root,
        Model {
            winner,
            owner,
            colour,
        },
    ))
}

/// `pos` after its side to move changed the board by hand (`None` if that is illegal).
fn rebuild(pos: &Position, change: impl FnOnce(&mut Board)) -> Option<Position> {
    let mut setup = pos.to_setup();
    change(&mut setup.board);
    setup.turn = !pos.turn();
    setup.en_passant = None;
    Position::from_setup_relaxed(&setup).ok()
}

/// Pushes the abstract positions after each abstract move from `p`; gives up when a checkmate by
/// the winner cannot be excluded or a move leaves the model.
fn successors(p: &Position, model: Model, out: &mut Vec<Position>) -> Step {
    let board = p.board();
    let mover = p.turn();
    let ghosts_move = mover == model.owner;
    let colour = model.colour;
    // (position, whether a ghost moved) for each move.
    let mut next: Vec<(Position, Option<Move>)> = Vec::new();
    for &m in &p.legal_moves() {
        let mut child = *p;
        match m.promotion() {
            None | Some(PieceKind::Knight) => child.play_unchecked(m),
            Some(PieceKind::Bishop) if ghosts_move && colour.contains(m.to()) => {
                let Some(c) = rebuild(p, |b| {
                    b.remove(m.from());
                    b.remove(m.to());
                }) else {
                    continue;
                };
                next.push((c, None));
                continue;
            }
            Some(_) => return Step::GiveUp,
        }
        next.push((child, Some(m)));
    }
    if ghosts_move {
        // A ghost moves without capturing: nothing visible changes.
        if let Some(child) = p.pass() {
            next.push((child, None));
        }
        // A ghost captures a piece standing on its colour.
        let targets = board.by_color(!mover).minus(board.by_kind(PieceKind::King)) & colour;
        for sq in targets {
            if let Some(child) = rebuild(p, |b| {
                b.remove(sq);
            }) {
                next.push((child, None));
            }
        }
    } else {
        // A pawn captures a ghost on an empty square of the ghosts' colour.
        let empty = !board.occupied();
        for from in board.pieces(mover, PieceKind::Pawn) {
            for to in pawn_attacks(mover, from) & empty & colour {
                if to.rank() == 7 - mover.back_rank() {
                    return Step::GiveUp;
                }
                if let Some(child) = rebuild(p, |b| {
                    if let Some(piece) = b.remove(from) {
                        b.put(to, piece);
                    }
                }) {
                    next.push((child, Some(Move::new(from, to, MoveKind::Normal))));
                }
            }
        }
    }
    if mover == model.winner {
        for (child, m) in &next {
            if may_be_mate(child, *m, model) {
                return Step::GiveUp;
            }
        }
    }
    out.extend(next.into_iter().map(|(c, _)| c));
    Step::Go
}

/// Whether some real position behind `child` (the loser to move, after the winner's move `m`, or
/// a ghost's move when `None`) could be checkmate.
fn may_be_mate(child: &Position, m: Option<Move>, model: Model) -> bool {
    let board = child.board();
    let loser = !model.winner;
    let Some(k) = board.king_of(loser) else {
        return false;
    };
    let check = child.is_check()
        || (model.owner == model.winner
            && model.colour.contains(k)
            && match m {
                // A ghost moved: it may now see the king along a free diagonal.
                None => bishop_attacks(k, board.occupied())
                    .minus(board.by_color(model.winner))
                    .any(),
                Some(m) if matches!(m.kind(), MoveKind::EnPassant) => true,
                // A real piece left a square on a free diagonal to the king.
                Some(m) => {
                    bishop_attacks(k, Bitboard::EMPTY).contains(m.from())
                        && (between(k, m.from()) & board.occupied()).is_empty()
                }
            });
    check && !certain_escape(child, model)
}

/// The loser (to move) has a king move legal whatever the ghosts: to a square of the other colour
/// (no ghost stands on it, and the winner's ghosts never attack it), or, when the ghosts are the
/// loser's, onto one of the winner's pieces.
fn certain_escape(child: &Position, model: Model) -> bool {
    let board = child.board();
    let Some(k) = board.king_of(child.turn()) else {
        return false;
    };
    let mut safe = !model.colour;
    if model.owner != model.winner {
        safe |= board.by_color(model.winner);
    }
    let mut list = MoveList::new();
    child.legal_moves_between(k.bb(), safe, &mut list);
    list.iter().any(|m| m.from() == k && safe.contains(m.to()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(fen: &str) -> Position {
        let setup = crate::fen::parse_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        Position::from_setup_relaxed(&setup).unwrap_or_else(|e| panic!("{fen}: {e}"))
    }

    #[test]
    fn proves_the_stalemate_prone_bishop_walls() {
        // Black's five dark bishops can check the white king on h4, but h3 is only ever covered
        // by Black's king from h2, which stalemates White first (CHA test vector line 702).
        let p = pos("8/8/7p/5p1P/5p1K/4bPp1/5bPb/4bkb1 b - - 0 1");
        assert!(proves_no_mate(&p, Color::Black, 100_000));
        let p = pos("8/8/7p/2b2p1P/1bkb1p1K/2b2Pp1/6P1/8 b - - 0 1");
        assert!(proves_no_mate(&p, Color::Black, 100_000));
    }

    #[test]
    fn does_not_prove_a_bishop_mate() {
        // King and bishop against king and pawn: Bb2 mates, the pawn on h7 blocking its own king.
        let p = pos("7k/5K1p/8/8/8/8/8/2B5 w - - 0 1");
        assert!(!proves_no_mate(&p, Color::White, 100_000));
        // Not applicable: the loser has a rook.
        let p = pos("7k/5K1r/8/8/8/8/8/2B5 w - - 0 1");
        assert!(!proves_no_mate(&p, Color::White, 100_000));
    }

    #[test]
    fn proves_the_loser_bishops_cannot_help() {
        // Line 702 again, White to mate: White's king and pawns are frozen, and Black's king taking
        // on g2 stalemates White; Black's bishops (the ghosts) change nothing.
        let p = pos("8/8/7p/5p1P/5p1K/4bPp1/5bPb/4bkb1 b - - 0 1");
        assert!(proves_no_mate(&p, Color::White, 100_000));
    }

    #[test]
    fn does_not_prove_when_the_loser_bishop_blocks() {
        // White: king and knight; Black's own bishop on g8 blocks its king: Nf7 mates.
        let p = pos("6bk/8/6K1/8/4N3/8/8/8 w - - 0 1");
        assert!(!proves_no_mate(&p, Color::White, 100_000));
    }
}
