//! Legal move generation (Art. 3.1-3.9) and perft.
//!
//! Moves are generated legal, not pseudo-legal: pinned pieces move only along the pin line, in check
//! only captures of the checker, interpositions and king moves are produced (Art. 3.9), the king
//! never steps onto an attacked square (Art. 3.8(a)(i)), castling checks every condition of
//! Art. 3.8(a)(ii), and en passant (Art. 3.7(d)) is tested by removing both pawns. Nothing is
//! allocated: moves go into a fixed-size [`MoveList`] on the stack, or are only counted.

use std::ops::Deref;

use crate::attacks::{
    between, bishop_attacks, bishop_rays, king_attacks, knight_attacks, line, pawn_attacks,
    rook_attacks, rook_rays,
};
use crate::bitboard::Bitboard;
use crate::position::Position;
use crate::types::{CastlingSide, Color, Move, MoveKind, PieceKind, Square};

/// The most legal moves any position has is 218; this list holds 256.
pub const MAX_MOVES: usize = 256;

/// A list of moves on the stack (no heap allocation), at most [`MAX_MOVES`]. Dereferences to a
/// slice of [`Move`].
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    len: usize,
}

impl Default for MoveList {
    fn default() -> MoveList {
        MoveList::new()
    }
}

impl std::fmt::Debug for MoveList {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl MoveList {
    /// An empty list.
    #[must_use]
    #[inline]
    pub fn new() -> MoveList {
        MoveList {
            moves: [Move::new(Square::A1, Square::A1, MoveKind::Normal); MAX_MOVES],
            len: 0,
        }
    }

    /// Appends `m`; a list already holding [`MAX_MOVES`] moves ignores it (no legal position has
    /// that many).
    #[inline]
    pub fn push(&mut self, m: Move) {
        if let Some(slot) = self.moves.get_mut(self.len) {
            *slot = m;
            self.len += 1;
        }
    }

    /// Empties the list.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Keeps only the moves for which `keep` is true, in order.
    pub fn retain(&mut self, mut keep: impl FnMut(&Move) -> bool) {
        let mut kept = 0;
        for i in 0..self.len {
            let m = self.moves[i];
            if keep(&m) {
                self.moves[kept] = m;
                kept += 1;
            }
        }
        self.len = kept;
    }
}

impl Deref for MoveList {
    type Target = [Move];
    #[inline]
    fn deref(&self) -> &[Move] {
        &self.moves[..self.len]
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

/// Where generated moves go: a list, or a counter.
pub(crate) trait Sink {
    fn push(&mut self, m: Move);

    #[inline]
    fn push_targets(&mut self, from: Square, targets: Bitboard) {
        for to in targets {
            self.push(Move::new(from, to, MoveKind::Normal));
        }
    }

    /// Pawn moves to each of `targets`, from the square `offset` behind (`to - offset = from`).
    #[inline]
    fn push_pawns(&mut self, targets: Bitboard, offset: i8, kind: MoveKind) {
        for to in targets {
            let from = Square::new((to.index() as i8 - offset) as u8);
            self.push(Move::new(from, to, kind));
        }
    }

    /// Promotions (all four kinds, Art. 3.7(e)) to each of `targets`.
    #[inline]
    fn push_promotions(&mut self, targets: Bitboard, offset: i8) {
        for to in targets {
            let from = Square::new((to.index() as i8 - offset) as u8);
            for kind in PieceKind::PROMOTIONS {
                self.push(Move::new(from, to, MoveKind::Promotion(kind)));
            }
        }
    }
}

impl Sink for MoveList {
    #[inline]
    fn push(&mut self, m: Move) {
        MoveList::push(self, m);
    }
}

/// Counts moves without storing them (perft's bulk counting).
struct Counter(usize);

impl Sink for Counter {
    #[inline]
    fn push(&mut self, _: Move) {
        self.0 += 1;
    }
    #[inline]
    fn push_targets(&mut self, _: Square, targets: Bitboard) {
        self.0 += targets.count() as usize;
    }
    #[inline]
    fn push_pawns(&mut self, targets: Bitboard, _: i8, _: MoveKind) {
        self.0 += targets.count() as usize;
    }
    #[inline]
    fn push_promotions(&mut self, targets: Bitboard, _: i8) {
        self.0 += 4 * targets.count() as usize;
    }
}

/// Stops caring after the first move: "is there any legal move?".
struct Any(bool);

impl Sink for Any {
    #[inline]
    fn push(&mut self, _: Move) {
        self.0 = true;
    }
    #[inline]
    fn push_targets(&mut self, _: Square, targets: Bitboard) {
        self.0 |= targets.any();
    }
    #[inline]
    fn push_pawns(&mut self, targets: Bitboard, _: i8, _: MoveKind) {
        self.0 |= targets.any();
    }
    #[inline]
    fn push_promotions(&mut self, targets: Bitboard, _: i8) {
        self.0 |= targets.any();
    }
}

impl Position {
    /// The one legal move of the side to move's `kind` piece standing on `from_mask` to `to`
    /// (promoting to `promotion`), found without generating: the squares from which such a piece
    /// reaches `to` (its attacks seen from `to`, or the squares behind a pawn's target), then the
    /// king's safety after the move (Art. 3.9). `None` whenever the answer is not exactly one such
    /// move that is cheap to prove: no piece or several pieces reach `to` (one may be pinned), the
    /// one that does may not legally go, or the move is en passant, castling or a promotion without
    /// its piece. Callers then ask [`Position::generate`], which decides every case; where this
    /// answers, it is the move `generate` lists alone for the same masks (reading SAN, Appendix
    /// E.3, where nearly every move names one piece that can go).
    #[inline]
    pub(crate) fn only_move_to(
        &self,
        kind: PieceKind,
        from_mask: Bitboard,
        to: Square,
        promotion: Option<PieceKind>,
    ) -> Option<Move> {
        let board = &self.board;
        let us = self.turn;
        let them = !us;
        let ours = board.by_color(us);
        let theirs = board.by_color(them);
        if ours.contains(to) {
            return None;
        }
        let occupied = ours | theirs;
        let king = board.pieces(us, PieceKind::King).single()?;
        let movers = board.pieces(us, kind) & from_mask;
        let (from, move_kind) = if kind == PieceKind::Pawn {
            if self.en_passant == Some(to) {
                return None;
            }
            let move_kind = match (to.rank() == us.fold(7, 0), promotion) {
                (true, Some(p)) if PieceKind::PROMOTIONS.contains(&p) => MoveKind::Promotion(p),
                (false, None) => MoveKind::Normal,
                _ => return None,
            };
            if theirs.contains(to) {
                ((pawn_attacks(them, to) & movers).single()?, move_kind)
            } else {
                let back = to.offset(0, us.fold(-1, 1))?;
                if movers.contains(back) {
                    (back, move_kind)
                } else if occupied.contains(back) || to.rank() != us.fold(3, 4) {
                    return None;
                } else {
                    let start = back.offset(0, us.fold(-1, 1))?;
                    if !movers.contains(start) {
                        return None;
                    }
                    (start, MoveKind::DoublePush)
                }
            }
        } else {
            if promotion.is_some() {
                return None;
            }
            let reach = match kind {
                PieceKind::Knight => knight_attacks(to) & movers,
                // (Pawns were handled above.)
                PieceKind::King | PieceKind::Pawn => king_attacks(to) & movers,
                // A slider on one of its lines through `to` with nothing in between (table
                // lookups, cheaper than its attacks).
                slider => {
                    let rays = match slider {
                        PieceKind::Rook => rook_rays(to),
                        PieceKind::Bishop => bishop_rays(to),
                        _ => rook_rays(to) | bishop_rays(to),
                    };
                    let mut reach = Bitboard::EMPTY;
                    for from in movers & rays {
                        if (between(from, to) & occupied).is_empty() {
                            reach = reach.with(from);
                        }
                    }
                    reach
                }
            };
            (reach.single()?, MoveKind::Normal)
        };
        let safe = if from == king {
            !board.is_attacked(to, them, occupied.without(king))
        } else {
            // No opposing piece but one captured on `to` may attack the king once the piece
            // stands there: a knight or pawn giving check now must be the one captured, and no
            // slider may see the king past the new occupancy.
            let after = occupied.without(from).with(to);
            let leapers = (knight_attacks(king) & board.by_kind(PieceKind::Knight))
                | (pawn_attacks(us, king) & board.by_kind(PieceKind::Pawn));
            let queens = board.pieces(them, PieceKind::Queen);
            let seers = ((board.pieces(them, PieceKind::Rook) | queens) & rook_rays(king))
                | ((board.pieces(them, PieceKind::Bishop) | queens) & bishop_rays(king));
            (leapers & theirs).without(to).is_empty()
                && seers
                    .without(to)
                    .into_iter()
                    .all(|s| (between(s, king) & after).any())
        };
        safe.then(|| Move::new(from, to, move_kind))
    }

    /// Generates the legal moves of pieces standing on `from_mask` to squares in `to_mask` (castling
    /// is listed under the king's squares: e1 -> g1).
    #[inline]
    pub(crate) fn generate<S: Sink>(&self, from_mask: Bitboard, to_mask: Bitboard, sink: &mut S) {
        let board = &self.board;
        let us = self.turn;
        let them = !us;
        let ours = board.by_color(us);
        let theirs = board.by_color(them);
        let occupied = ours | theirs;
        let Some(king) = board.king_of(us) else {
            return;
        };
        let checkers = board.attackers_to(king, occupied) & theirs;

        // King steps (Art. 3.8(a)(i)): never onto an attacked square, with the king itself lifted
        // so that a slider's line through its square counts.
        if from_mask.contains(king) {
            let without_king = occupied.without(king);
            let mut targets = king_attacks(king) & !ours & to_mask;
            for to in king_attacks(king) & !ours & to_mask {
                if board.is_attacked(to, them, without_king) {
                    targets = targets.without(to);
                }
            }
            sink.push_targets(king, targets);
        }
        if checkers.more_than_one() {
            return; // double check: only the king may move (Art. 3.9)
        }
        let mut target = !ours & to_mask;
        if let Some(checker) = checkers.first() {
            target &= between(king, checker).with(checker);
        }

        // Pieces pinned to the king (Art. 3.9): a single own piece between the king and an opposing
        // slider on the line.
        let their_straight =
            theirs & (board.by_kind(PieceKind::Rook) | board.by_kind(PieceKind::Queen));
        let their_diagonal =
            theirs & (board.by_kind(PieceKind::Bishop) | board.by_kind(PieceKind::Queen));
        let snipers = (rook_attacks(king, theirs) & their_straight)
            | (bishop_attacks(king, theirs) & their_diagonal);
        let mut pinned = Bitboard::EMPTY;
        for sniper in snipers {
            let blockers = between(king, sniper) & occupied;
            if !blockers.more_than_one() {
                pinned |= blockers & ours;
            }
        }

        let movers = ours & from_mask;
        for from in board.pieces(us, PieceKind::Knight) & movers & !pinned {
            sink.push_targets(from, knight_attacks(from) & target);
        }
        let queens = board.pieces(us, PieceKind::Queen);
        for from in (board.pieces(us, PieceKind::Bishop) | queens) & movers {
            let mut t = bishop_attacks(from, occupied) & target;
            if pinned.contains(from) {
                t &= line(king, from);
            }
            sink.push_targets(from, t);
        }
        for from in (board.pieces(us, PieceKind::Rook) | queens) & movers {
            let mut t = rook_attacks(from, occupied) & target;
            if pinned.contains(from) {
                t &= line(king, from);
            }
            sink.push_targets(from, t);
        }

        self.generate_pawns(movers, pinned, king, target, to_mask, sink);

        // Castling (Art. 3.8(a)(ii)): rights, an empty path between king and rook, and no attacked
        // square among the king's start (not in check), the square it crosses and where it lands.
        if checkers.is_empty() && from_mask.contains(king) && !self.castling.is_empty() {
            let rank = us.back_rank();
            for side in CastlingSide::ALL {
                if !self.castling.has(us, side) {
                    continue;
                }
                let (Some(rook), Some(king_to)) = (
                    Square::from_coords(side.rook_file(), rank),
                    Square::from_coords(side.king_to_file(), rank),
                ) else {
                    continue;
                };
                if !to_mask.contains(king_to) || (between(king, rook) & occupied).any() {
                    continue;
                }
                let safe = between(king, king_to)
                    .with(king_to)
                    .into_iter()
                    .all(|sq| !board.is_attacked(sq, them, occupied));
                if safe {
                    sink.push(Move::new(king, king_to, MoveKind::Castle(side)));
                }
            }
        }
    }

    #[inline]
    fn generate_pawns<S: Sink>(
        &self,
        movers: Bitboard,
        pinned: Bitboard,
        king: Square,
        target: Bitboard,
        to_mask: Bitboard,
        sink: &mut S,
    ) {
        let board = &self.board;
        let us = self.turn;
        let white = us == Color::White;
        let theirs = board.by_color(!us);
        let empty = !board.occupied();
        let pawns = board.pieces(us, PieceKind::Pawn) & movers;
        if pawns.is_empty() {
            return;
        }
        let last_rank = Bitboard::rank(us.fold(7, 0));
        let third_rank = Bitboard::rank(us.fold(2, 5));
        let up: i8 = us.fold(8, -8);
        let free = pawns & !pinned;

        // Pushes (Art. 3.7(a), (b)).
        let single = free.forward(white) & empty;
        let double = (single & third_rank).forward(white) & empty & target;
        let single = single & target;
        sink.push_pawns(single & !last_rank, up, MoveKind::Normal);
        sink.push_promotions(single & last_rank, up);
        sink.push_pawns(double, 2 * up, MoveKind::DoublePush);

        // Captures (Art. 3.7(c)), toward the a-file and toward the h-file.
        let not_a = free & !Bitboard::file(0);
        let not_h = free & !Bitboard::file(7);
        let (west, west_offset, east, east_offset) = if white {
            (Bitboard(not_a.0 << 7), 7, Bitboard(not_h.0 << 9), 9)
        } else {
            (Bitboard(not_a.0 >> 9), -9, Bitboard(not_h.0 >> 7), -7)
        };
        for (caps, offset) in [
            (west & theirs & target, west_offset),
            (east & theirs & target, east_offset),
        ] {
            sink.push_pawns(caps & !last_rank, offset, MoveKind::Normal);
            sink.push_promotions(caps & last_rank, offset);
        }

        // Pinned pawns move only along the pin line.
        for from in pawns & pinned {
            let along = line(king, from);
            let mut to_squares = pawn_attacks(us, from) & theirs & target & along;
            if let Some(one) = from
                .offset(0, us.fold(1, -1))
                .filter(|sq| empty.contains(*sq))
            {
                if target.contains(one) && along.contains(one) {
                    to_squares = to_squares.with(one);
                }
                if third_rank.contains(one) {
                    if let Some(two) = one.offset(0, us.fold(1, -1)) {
                        if empty.contains(two) && target.contains(two) && along.contains(two) {
                            sink.push(Move::new(from, two, MoveKind::DoublePush));
                        }
                    }
                }
            }
            for to in to_squares {
                if last_rank.contains(to) {
                    for kind in PieceKind::PROMOTIONS {
                        sink.push(Move::new(from, to, MoveKind::Promotion(kind)));
                    }
                } else {
                    sink.push(Move::new(from, to, MoveKind::Normal));
                }
            }
        }

        // En passant (Art. 3.7(d)): legal only if the king is safe once both pawns have gone.
        if let Some(ep) = self.en_passant.filter(|ep| to_mask.contains(*ep)) {
            for from in pawn_attacks(!us, ep) & pawns {
                if self.en_passant_is_safe(from, ep, king) {
                    sink.push(Move::new(from, ep, MoveKind::EnPassant));
                }
            }
        }
    }

    fn en_passant_is_safe(&self, from: Square, ep: Square, king: Square) -> bool {
        let Some(captured) = Square::from_coords(ep.file(), from.rank()) else {
            return false;
        };
        let occupied = self
            .board
            .occupied()
            .without(from)
            .without(captured)
            .with(ep);
        let attackers = self.board.attackers_to(king, occupied) & self.board.by_color(!self.turn);
        attackers.without(captured).is_empty()
    }

    pub(crate) fn has_legal_en_passant(&self, ep: Square) -> bool {
        let Some(king) = self.board.king_of(self.turn) else {
            return false;
        };
        let pawns = self.board.pieces(self.turn, PieceKind::Pawn);
        (pawn_attacks(!self.turn, ep) & pawns)
            .into_iter()
            .any(|from| {
                // In check, the capture must also remove or block the checker.
                self.en_passant_is_safe(from, ep, king)
            })
    }

    /// All legal moves (Art. 3).
    #[must_use]
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate(Bitboard::FULL, Bitboard::FULL, &mut list);
        list
    }

    /// The legal moves of pieces on `from` squares to `to` squares (castling counts as the king's
    /// move, e1 -> g1), appended to `list`. Used to resolve notation without generating every move.
    pub fn legal_moves_between(&self, from: Bitboard, to: Bitboard, list: &mut MoveList) {
        self.generate(from, to, list);
    }

    /// The number of legal moves, counted without listing them.
    #[must_use]
    pub fn count_legal_moves(&self) -> usize {
        let mut counter = Counter(0);
        self.generate(Bitboard::FULL, Bitboard::FULL, &mut counter);
        counter.0
    }

    /// `true` if the side to move has at least one legal move.
    #[must_use]
    pub fn has_legal_moves(&self) -> bool {
        let mut any = Any(false);
        self.generate(Bitboard::FULL, Bitboard::FULL, &mut any);
        any.0
    }

    /// `true` if `m` is one of this position's legal moves.
    #[must_use]
    pub fn is_legal(&self, m: Move) -> bool {
        let mut list = MoveList::new();
        self.generate(m.from().bb(), m.to().bb(), &mut list);
        list.contains(&m)
    }

    /// `true` if the side to move is checkmated (Art. 5.1(a)): in check with no legal move.
    #[must_use]
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && !self.has_legal_moves()
    }

    /// `true` if the side to move is stalemated (Art. 5.2(a)): not in check, no legal move.
    #[must_use]
    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && !self.has_legal_moves()
    }
}

/// The number of leaf nodes of the legal move tree `depth` plies deep (perft): the standard test of
/// a move generator. Depth 0 is 1. Counts the last ply without playing it (bulk counting).
#[must_use]
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves() as u64,
        _ => pos
            .legal_moves()
            .iter()
            .map(|&m| {
                let mut child = *pos;
                child.play_unchecked(m);
                perft(&child, depth - 1)
            })
            .sum(),
    }
}

/// [`perft`] with the root moves shared among `threads` threads (at least 1).
#[must_use]
pub fn perft_parallel(pos: &Position, depth: u32, threads: usize) -> u64 {
    if depth < 3 || threads <= 1 {
        return perft(pos, depth);
    }
    let moves = pos.legal_moves();
    let next = std::sync::atomic::AtomicUsize::new(0);
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut total = 0;
                    loop {
                        let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some(&m) = moves.get(i) else { break total };
                        let mut child = *pos;
                        child.play_unchecked(m);
                        total += perft(&child, depth - 1);
                    }
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap_or(0)).sum()
    })
}
