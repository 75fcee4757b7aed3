// Over 800 lines: one proof procedure (material, pawn structure, the exhaustive helpmate walk) over
// shared search state; the bishop-wall abstraction is in dead/ghost.rs.
//! Can a side still checkmate? Dead positions (Art. 5.2(b), 9.6) and the exceptions of Art. 6.9,
//! 7.4(b), A.8 and A.10 ("unless the opponent cannot checkmate by any series of legal moves").
//!
//! The question is a helpmate question: may the intended winner checkmate with *any* series of
//! legal moves, the opponent cooperating ("even with the most unskilled counterplay", Art. 6.9)?
//! The answer is found in three layers, each sound on its own:
//!
//! 1. **Material** ([`insufficient_material`]): a lone king, a lone knight against nothing but
//!    queens, or bishops all on one colour against no piece able to stand on the other colour,
//!    can never mate.
//! 2. **Pawn structure** ([`Structure`]): when no pawn can ever capture, be captured or promote,
//!    each pawn is confined to a few squares of its file, and every other piece to the region its
//!    moves reach around the permanently blocked pawns. If no square of the losing king's region can
//!    be attacked while each of its neighbours is covered or blocked, no mate exists.
//! 3. **Search**, in three steps. (a) A quick cost-bounded iterative-deepening helpmate search,
//!    the moves the ordering prefers costing less, finds the short mates in at most 2,000
//!    positions, with a short line.
//!    (b) When every sliding piece on the board is a bishop of one side and one square colour, the
//!    bishop abstraction (`ghost`) walks a small over-approximation of every game, the bishops
//!    replaced by "ghosts" that may stand anywhere on their colour, and proves no mate exists when
//!    no abstract position could be checkmate (stalemate-prone bishop walls). (c) Otherwise,
//!    a depth-first walk of every position reachable from the given one, the most
//!    promising moves first (the winner's pieces approaching the other king, which heads for a
//!    corner; pawns promoting; the loser's pieces blocking their own king), that keeps a set of the
//!    positions seen. It stops at the first checkmate by the winner (the line is returned, for the
//!    arbiter to see); positions that layers 1 and 2 prove hopeless are not expanded. If the walk
//!    ends without a mate, every reachable position has been examined: no mate exists. The walk is
//!    bounded by a number of positions (never by time, so that answers are reproducible); beyond
//!    it the answer is [`Winnability::Unknown`], which callers treat as "can mate" (never declare a
//!    draw without proof).

use std::collections::HashSet;
use std::fmt;
use std::hash::{BuildHasherDefault, Hasher};

use crate::attacks::{self, king_attacks, pawn_attacks};
use crate::bitboard::Bitboard;
use crate::movegen::MoveList;
use crate::position::{Board, Position};
use crate::types::{Color, Move, PieceKind, Square};

mod ghost;
mod reach;

/// Whether a side can still checkmate (Art. 5.2(b), 6.9, 9.6): proved yes with a mating line,
/// proved no, or not settled within the search budget.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Winnability {
    /// The side can checkmate: the moves of a helpmate from the position (both sides' moves, the
    /// last one mating). Empty if the opponent is already checkmated.
    Yes(Vec<Move>),
    /// Proved: no series of legal moves ends with this side checkmating (Art. 6.9, 9.6).
    No,
    /// The search budget ran out; treat as "can mate" (Art. 6.9 needs proof to draw).
    Unknown,
}

impl Winnability {
    /// `true` unless proved impossible: the safe reading for Art. 6.9, 7.4(b), A.8 and A.10, which
    /// draw only when the opponent *cannot* checkmate.
    #[must_use]
    pub fn may_mate(&self) -> bool {
        !matches!(self, Winnability::No)
    }
}

/// Which sides can still checkmate (Art. 5.2(b), 6.9, 9.6), rendered as in the Chess
/// Unwinnability Analyzer's test vectors: `WB`, `W-`, `-B` or `--` (a dead position).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Who {
    /// White may checkmate (proved, or not disproved within the budget).
    pub white: bool,
    /// Black may checkmate (proved, or not disproved within the budget).
    pub black: bool,
}

impl Who {
    /// The two-character label: `W` or `-`, then `B` or `-`.
    #[must_use]
    pub const fn label(self) -> &'static str {
        match (self.white, self.black) {
            (true, true) => "WB",
            (true, false) => "W-",
            (false, true) => "-B",
            (false, false) => "--",
        }
    }

    /// `true` when neither side can checkmate: a dead position (Art. 5.2(b), 9.6).
    #[must_use]
    pub const fn is_dead(self) -> bool {
        !self.white && !self.black
    }

    /// Whether `color` may checkmate.
    #[must_use]
    pub const fn can(self, color: Color) -> bool {
        match color {
            Color::White => self.white,
            Color::Black => self.black,
        }
    }

    /// Parses a label written by [`Who::label`].
    #[must_use]
    pub fn from_label(label: &str) -> Option<Who> {
        match label {
            "WB" => Some(Who {
                white: true,
                black: true,
            }),
            "W-" => Some(Who {
                white: true,
                black: false,
            }),
            "-B" => Some(Who {
                white: false,
                black: true,
            }),
            "--" => Some(Who {
                white: false,
                black: false,
            }),
            _ => None,
        }
    }
}

impl fmt::Display for Who {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.label())
    }
}

/// The default search budget, in positions examined per side: enough to settle every position of
/// the Chess Unwinnability Analyzer's test vector (Art. 6.9, 9.6).
pub const DEFAULT_BUDGET: u64 = 4_000_000;

/// Can `winner` checkmate from `pos` by some series of legal moves (Art. 6.9, 7.4(b), 9.6, A.8)?
/// Uses [`DEFAULT_BUDGET`].
#[must_use]
pub fn can_checkmate(pos: &Position, winner: Color) -> Winnability {
    can_checkmate_within(pos, winner, DEFAULT_BUDGET)
}

/// Like [`can_checkmate`], examining at most `budget` positions (Art. 6.9, 9.6).
#[must_use]
pub fn can_checkmate_within(pos: &Position, winner: Color, budget: u64) -> Winnability {
    let loser = !winner;
    if pos.turn() == loser && pos.is_checkmate() {
        return Winnability::Yes(Vec::new());
    }
    if !pos.has_legal_moves() {
        // Checkmate of the winner, or stalemate: the game is over (Art. 5.1(a), 5.2(a)).
        return Winnability::No;
    }
    if insufficient_material(pos.board(), winner) {
        return Winnability::No;
    }
    if Structure::analyse(pos).is_some_and(|s| s.proves_no_mate(winner)) {
        return Winnability::No;
    }
    let quick_limit = (budget / 4).min(QUICK_LIMIT);
    let mut quick = Quick::new(winner, quick_limit);
    if let Some(line) = quick.run(pos) {
        return Winnability::Yes(line);
    }
    let ghost_limit = usize::try_from(budget / 4)
        .unwrap_or(usize::MAX)
        .min(GHOST_LIMIT);
    if ghost::proves_no_mate(pos, winner, ghost_limit) {
        return Winnability::No;
    }
    Walk::new(winner, budget.saturating_sub(quick.nodes)).run(pos)
}

/// The most positions the quick helpmate search (layer 3a) examines. Small: it finds the short
/// mates (with a short line) at once, and the walk finds the others in fewer positions than a
/// longer quick search would spend (on the CHA vector, 2,000 instead of 60,000 took a quarter less
/// time in all, with the same answers).
const QUICK_LIMIT: u64 = 2_000;

/// The most abstract positions the bishop abstraction (layer 3b) examines.
const GHOST_LIMIT: usize = 200_000;

/// Which sides can still checkmate from `pos` (Art. 5.2(b), 6.9, 9.6); an unsettled side counts as
/// able to (see [`Winnability::may_mate`]).
#[must_use]
pub fn who_can_checkmate(pos: &Position) -> Who {
    Who {
        white: can_checkmate(pos, Color::White).may_mate(),
        black: can_checkmate(pos, Color::Black).may_mate(),
    }
}

/// `true` if `pos` is dead (Art. 5.2(b), 9.6): neither side can checkmate by any series of legal
/// moves. Never `true` without proof.
#[must_use]
pub fn dead_position(pos: &Position) -> bool {
    // Fast path: a side whose material cannot mate on its own is settled without search; the
    // other side is usually settled at once by a mate found in a few moves or by the same test.
    let (first, second) = if insufficient_material(pos.board(), Color::White) {
        (Color::White, Color::Black)
    } else {
        (Color::Black, Color::White)
    };
    !can_checkmate(pos, first).may_mate() && !can_checkmate(pos, second).may_mate()
}

/// `true` if `winner`'s material can never checkmate, whatever happens (Art. 6.9, 9.6): a lone
/// king; a lone knight (no pawns) while the opponent has no pawns and no pieces but queens (the
/// queen next to the king always sees the checking knight); or bishops all on one colour (no pawns,
/// no other pieces) while the opponent has no pawn, no knight and no bishop of the other colour to
/// block a square the bishops can never attack.
#[must_use]
pub fn insufficient_material(board: &Board, winner: Color) -> bool {
    let loser = !winner;
    let ours = board.by_color(winner);
    let theirs = board.by_color(loser);
    let kings = board.by_kind(PieceKind::King);
    let pieces = ours.minus(kings);
    if pieces.is_empty() {
        return true;
    }
    if (pieces & board.by_kind(PieceKind::Pawn)).any() {
        return false;
    }
    let their_pawns = theirs & board.by_kind(PieceKind::Pawn);
    if their_pawns.any() {
        return false;
    }
    let knights = board.by_kind(PieceKind::Knight);
    let bishops = board.by_kind(PieceKind::Bishop);
    if pieces.single().is_some() && (pieces & knights).any() {
        let blockers = theirs & (knights | bishops | board.by_kind(PieceKind::Rook));
        return blockers.is_empty();
    }
    if pieces.minus(bishops).is_empty() {
        let all_bishops = bishops;
        let one_colour =
            (all_bishops & Bitboard::LIGHT).is_empty() || (all_bishops & Bitboard::DARK).is_empty();
        return one_colour && (theirs & knights).is_empty();
    }
    false
}

/// An over-approximation of everything that can ever happen from a position, built around the
/// pawns that can never move nor be captured and the kings that can never move (Art. 3): where
/// each other piece (and each other pawn, promoted or not) may ever stand and attack. If a mate by
/// the winner would need the losing king on a square where it can never be attacked, or would
/// need more of the loser's pieces to block its flight squares than can reach them, no mate
/// exists.
#[derive(Clone, Debug)]
pub struct Structure {
    /// Pawns that never move nor disappear and kings that never move.
    walls: Bitboard,
    /// Squares each king may stand on.
    king_region: [Bitboard; 2],
    /// Squares each side's pieces other than the king (pawns and promoted pieces included) may
    /// attack.
    attacks: [Bitboard; 2],
    /// For each side, the squares each of its pieces other than the king may stand on.
    regions: [Vec<Bitboard>; 2],
}

/// `king_attacks` of every square of `b`.
fn king_spread(b: Bitboard) -> Bitboard {
    reach::step(PieceKind::King, Color::White, b)
}

/// The squares a piece of `kind` on `from` can ever stand on when `walls` never move and every
/// other piece can step aside, avoiding `forbidden` (for a king: squares attacked by pawns that
/// never move; a sliding piece passes through forbidden squares, so it has none).
fn region(kind: PieceKind, from: Square, walls: Bitboard, forbidden: Bitboard) -> Bitboard {
    debug_assert!(
        kind == PieceKind::King || forbidden.is_empty(),
        "a piece passing through a square may not be forbidden to stand there"
    );
    reach::flood(kind, from.bb(), !(walls | forbidden))
}

/// The squares a piece of `kind` standing anywhere in `region` attacks, through everything but
/// the walls. `region` is a pawn's squares, or a region of [`region`] (closed under the piece's
/// steps through the open squares), so that one step from it is everything it attacks.
fn region_attacks(kind: PieceKind, color: Color, region: Bitboard) -> Bitboard {
    reach::step(kind, color, region)
}

/// The squares a pawn of `color` on `from` may ever stand on (promotion squares included), when
/// `walls` never move and it may capture on `targets`.
fn pawn_region(color: Color, from: Square, walls: Bitboard, targets: Bitboard) -> Bitboard {
    let white = color == Color::White;
    let last = Bitboard::rank(7 - color.back_rank());
    let mut reached = from.bb();
    let mut frontier = reached;
    while frontier.any() {
        let next = frontier.minus(last).forward(white).minus(walls)
            | (reach::step(PieceKind::Pawn, color, frontier.minus(last)) & targets);
        frontier = next.minus(reached);
        reached |= frontier;
    }
    reached
}

/// Pawns whose square in front holds a wall (a pawn of `pawns` or a king of `kings`), repeatedly:
/// the largest such set inside `pawns`.
fn blocked_pawns(board: &Board, mut pawns: Bitboard, kings: Bitboard) -> Bitboard {
    loop {
        let walls = pawns | kings;
        let kept = (board.pieces(Color::White, PieceKind::Pawn) & walls.forward(false))
            | (board.pieces(Color::Black, PieceKind::Pawn) & walls.forward(true));
        let kept = kept & pawns;
        if kept == pawns {
            return pawns;
        }
        pawns = kept;
    }
}

impl Structure {
    /// Analyses `pos` (Art. 3); `None` when an en passant capture is possible now (the search
    /// looks at such positions move by move).
    #[must_use]
    pub fn analyse(pos: &Position) -> Option<Structure> {
        if pos.legal_en_passant().is_some() {
            return None;
        }
        let board = pos.board();
        let pawns = board.by_kind(PieceKind::Pawn);
        // Three assumptions, all optimistic at first and withdrawn when contradicted, until they
        // hold together (a greatest fixed point): wall pawns never move nor disappear; wall kings
        // never move; file-bound pawns never leave their file, never promote, never disappear.
        // Pieces that cannot move now (kings: their region decides) may never move.
        let occupied = board.occupied();
        let mut fixed_kings = board.by_kind(PieceKind::King);
        for (sq, piece) in board.iter() {
            if !matches!(piece.kind, PieceKind::Pawn | PieceKind::King)
                && attacks::attacks(piece.kind, piece.color, sq, occupied)
                    .minus(board.by_color(piece.color))
                    .is_empty()
            {
                fixed_kings = fixed_kings.with(sq);
            }
        }
        let mut fixed_pawns = blocked_pawns(board, pawns, fixed_kings);
        let mut file_bound = pawns.minus(fixed_pawns);
        loop {
            let walls = fixed_pawns | fixed_kings;
            let mut s = Structure {
                walls,
                king_region: [Bitboard::EMPTY; 2],
                attacks: [Bitboard::EMPTY; 2],
                regions: [Vec::with_capacity(16), Vec::with_capacity(16)],
            };
            let fixed_of = |c: Color| fixed_pawns & board.by_color(c);
            // Squares attacked for ever (nothing can come between): kings may not go there, and a
            // piece standing there is protected for ever.
            let mut fixed_attacks = [Bitboard::EMPTY; 2];
            for color in Color::ALL {
                for sq in fixed_of(color) {
                    fixed_attacks[color.index()] |= pawn_attacks(color, sq);
                }
            }
            let pawn_wall_attacks = fixed_attacks;
            for color in Color::ALL {
                for sq in fixed_kings & board.by_color(color) {
                    if let Some(piece) = board.piece_at(sq) {
                        fixed_attacks[color.index()] |=
                            attacks::attacks(piece.kind, color, sq, Bitboard::FULL);
                    }
                }
            }
            // Pieces other than pawns: their regions do not depend on the other pieces.
            let mut targets = [fixed_of(Color::White), fixed_of(Color::Black)];
            let mut base_attacks = pawn_wall_attacks;
            for (sq, piece) in board.iter() {
                let c = piece.color.index();
                match piece.kind {
                    PieceKind::Pawn => {}
                    PieceKind::King => {
                        let forbidden = fixed_attacks[(!piece.color).index()].without(sq);
                        s.king_region[c] = region(PieceKind::King, sq, walls, forbidden);
                    }
                    kind => {
                        let reg = region(kind, sq, walls, Bitboard::EMPTY);
                        targets[c] |= reg;
                        base_attacks[c] |= region_attacks(kind, piece.color, reg);
                        s.regions[c].push(reg);
                    }
                }
            }
            // Mobile pawns capture where the opposing pieces and pawns may stand, which depends on
            // where the opposing pawns may go: grow all of them together. A pawn cannot push onto
            // an opposing file-bound pawn (which only comes closer).
            let mobile: Vec<(Color, Square)> = board
                .iter()
                .filter(|(sq, p)| p.kind == PieceKind::Pawn && !fixed_pawns.contains(*sq))
                .map(|(sq, p)| (p.color, sq))
                .collect();
            let mut pawn_regions = vec![Bitboard::EMPTY; mobile.len()];
            let mut pawn_attack_sets = vec![Bitboard::EMPTY; mobile.len()];
            // The opposing targets each pawn's region was last grown with: a pawn whose opposing
            // targets did not grow since keeps its region and attacks.
            let mut grown_with: Vec<Option<Bitboard>> = vec![None; mobile.len()];
            loop {
                let mut changed = false;
                for (i, &(color, sq)) in mobile.iter().enumerate() {
                    let c = color.index();
                    let enemy = targets[(!color).index()];
                    if grown_with[i] == Some(enemy) {
                        continue;
                    }
                    grown_with[i] = Some(enemy);
                    let stops = walls | (file_bound & board.by_color(!color));
                    let mut reg = pawn_region(color, sq, stops, enemy);
                    let last = Bitboard::rank(7 - color.back_rank());
                    let mut att = region_attacks(PieceKind::Pawn, color, reg.minus(last));
                    // A promoted queen or knight: the regions from every promotion square at once.
                    let promotions = reg & last;
                    if promotions.any() {
                        for kind in [PieceKind::Queen, PieceKind::Knight] {
                            let r = reach::flood(kind, promotions, !walls);
                            reg |= r;
                            att |= region_attacks(kind, color, r);
                        }
                    }
                    pawn_regions[i] = reg;
                    pawn_attack_sets[i] = att;
                    if reg.minus(targets[c]).any() {
                        targets[c] |= reg;
                        changed = true;
                    }
                }
                if !changed {
                    break;
                }
            }
            let mut extra_attacks = [Bitboard::EMPTY; 2];
            for (i, &(color, _)) in mobile.iter().enumerate() {
                extra_attacks[color.index()] |= pawn_attack_sets[i];
                s.regions[color.index()].push(pawn_regions[i]);
            }
            for color in Color::ALL {
                let c = color.index();
                s.attacks[c] = base_attacks[c] | extra_attacks[c];
                for sq in fixed_of(color) {
                    s.regions[c].push(sq.bb());
                }
            }
            // Check the assumptions: a wall pawn never captures and is never captured (a king only
            // takes a pawn no wall pawn protects); a wall king has nowhere to go; a file-bound pawn
            // stays on its file below the last rank and is never attacked.
            let mut pawns_ok = fixed_pawns;
            for color in Color::ALL {
                let c = color.index();
                let them = (!color).index();
                for sq in fixed_of(color) {
                    let captures = pawn_attacks(color, sq) & targets[them];
                    let attacked = s.attacks[them].contains(sq);
                    let king_takes = king_spread(s.king_region[them]).contains(sq)
                        && !fixed_attacks[c].contains(sq);
                    if captures.any() || attacked || king_takes {
                        pawns_ok = pawns_ok.without(sq);
                    }
                }
            }
            let mut bound_ok = file_bound;
            for (i, &(color, sq)) in mobile.iter().enumerate() {
                let them = (!color).index();
                let reg = pawn_regions[i];
                let leaves = reg.minus(Bitboard::file(sq.file())).any()
                    || (reg & Bitboard::rank(7 - color.back_rank())).any();
                let attacked = (reg & (s.attacks[them] | king_spread(s.king_region[them]))).any();
                if leaves || attacked {
                    bound_ok = bound_ok.without(sq);
                }
            }
            let mut kings_ok = fixed_kings;
            for color in Color::ALL {
                if let Some(k) = board.king_of(color) {
                    if s.king_region[color.index()] != k.bb() {
                        kings_ok = kings_ok.without(k);
                    }
                }
            }
            for sq in fixed_kings.minus(board.by_kind(PieceKind::King)) {
                let Some(piece) = board.piece_at(sq) else {
                    continue;
                };
                let c = piece.color.index();
                let them = (!piece.color).index();
                let moves = region(piece.kind, sq, walls, Bitboard::EMPTY) != sq.bb();
                let attacked = s.attacks[them].contains(sq);
                let king_takes =
                    king_spread(s.king_region[them]).contains(sq) && !fixed_attacks[c].contains(sq);
                if moves || attacked || king_takes {
                    kings_ok = kings_ok.without(sq);
                }
            }
            let pawns_ok = blocked_pawns(board, pawns_ok, kings_ok);
            if pawns_ok == fixed_pawns && kings_ok == fixed_kings && bound_ok == file_bound {
                return Some(s);
            }
            // A pawn no longer a wall is mobile: assume it file-bound unless shown otherwise.
            if pawns_ok != fixed_pawns || kings_ok != fixed_kings {
                bound_ok |= fixed_pawns.minus(pawns_ok);
                // Withdrawing walls may free pawns proved not file-bound before; start them over.
                bound_ok = pawns.minus(pawns_ok) & (bound_ok | file_bound);
            }
            fixed_pawns = pawns_ok;
            fixed_kings = kings_ok;
            file_bound = bound_ok;
        }
    }

    /// `true` if the structure proves that `winner` can never checkmate (Art. 6.9, 9.6): on every
    /// square the losing king may reach, either no piece of the winner can ever attack it, or some
    /// neighbouring squares the winner can never attack need more of the loser's own pieces to
    /// block them than can reach them.
    #[must_use]
    pub fn proves_no_mate(&self, winner: Color) -> bool {
        let w = winner.index();
        let l = (!winner).index();
        let covered = self.attacks[w] | king_spread(self.king_region[w]) | self.walls;
        let blockers = &self.regions[l];
        for s in self.king_region[l] & self.attacks[w] {
            let open = king_attacks(s).minus(covered);
            if can_block(open, blockers) {
                return false;
            }
        }
        true
    }
}

/// `true` if each square of `squares` can get its own piece, a piece fitting the squares of its
/// region (bipartite matching by augmenting paths).
fn can_block(squares: Bitboard, regions: &[Bitboard]) -> bool {
    let targets: Vec<Square> = squares.into_iter().collect();
    if targets.len() > regions.len() {
        return false;
    }
    // owner[piece] = index of the square it blocks.
    let mut owner: Vec<Option<usize>> = vec![None; regions.len()];
    fn augment(
        t: usize,
        targets: &[Square],
        regions: &[Bitboard],
        owner: &mut [Option<usize>],
        visited: &mut [bool],
    ) -> bool {
        for p in 0..regions.len() {
            if visited[p] || !regions[p].contains(targets[t]) {
                continue;
            }
            visited[p] = true;
            let free = match owner[p] {
                None => true,
                Some(other) => augment(other, targets, regions, owner, visited),
            };
            if free {
                owner[p] = Some(t);
                return true;
            }
        }
        false
    }
    for t in 0..targets.len() {
        let mut visited = vec![false; regions.len()];
        if !augment(t, &targets, regions, &mut owner, &mut visited) {
            return false;
        }
    }
    true
}

/// Chebyshev distance between two squares.
fn distance(a: Square, b: Square) -> i32 {
    let df = (i32::from(a.file()) - i32::from(b.file())).abs();
    let dr = (i32::from(a.rank()) - i32::from(b.rank())).abs();
    df.max(dr)
}

/// An estimate of the number of knight moves between two squares.
fn knight_distance(a: Square, b: Square) -> i32 {
    let df = (i32::from(a.file()) - i32::from(b.file())).abs();
    let dr = (i32::from(a.rank()) - i32::from(b.rank())).abs();
    let (big, small) = if df > dr { (df, dr) } else { (dr, df) };
    if big == 1 && small == 0 {
        return 3;
    }
    if big == 2 && small == 2 {
        return 4;
    }
    ((big + 1) / 2).max((big + small + 2) / 3)
}

/// A 128-bit key of a position: its repetition key (pieces, side to move, castling rights, en
/// passant possibility) and an independent mix of the piece sets.
fn key(pos: &Position) -> u128 {
    let b = pos.board();
    let mut h: u64 = 0x243F_6A88_85A3_08D3;
    for x in [
        b.by_color(Color::White).0,
        b.by_color(Color::Black).0,
        b.by_kind(PieceKind::Pawn).0,
        b.by_kind(PieceKind::Knight).0,
        b.by_kind(PieceKind::Bishop).0,
        b.by_kind(PieceKind::Rook).0,
        b.by_kind(PieceKind::Queen).0,
    ] {
        h = (h ^ x).wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(29);
    }
    (u128::from(pos.repetition_key()) << 64) | u128::from(h)
}

/// A hasher for keys that are already uniformly distributed hashes: keeps the low 64 bits.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }

    fn write_u128(&mut self, x: u128) {
        self.0 = (x as u64) ^ ((x >> 64) as u64).rotate_left(32);
    }
}

type KeySet = HashSet<u128, BuildHasherDefault<KeyHasher>>;

/// One position on the walk's path and the moves of it not yet tried.
struct Frame {
    pos: Position,
    /// The first of this frame's moves in [`Walk::moves`].
    start: usize,
    /// The next move to try.
    next: usize,
}

/// The exhaustive, best-first-ordered depth-first walk of layer 3.
struct Walk {
    winner: Color,
    budget: u64,
    seen: KeySet,
    moves: Vec<Move>,
    scored: Vec<(i32, Move)>,
}

impl Walk {
    fn new(winner: Color, budget: u64) -> Walk {
        Walk {
            winner,
            budget,
            seen: KeySet::default(),
            moves: Vec::new(),
            scored: Vec::new(),
        }
    }

    /// Pushes `pos`'s legal moves, best first, and returns the frame.
    fn frame(&mut self, pos: Position, list: &MoveList) -> Frame {
        let start = self.moves.len();
        let ctx = Context::new(&pos, self.winner);
        self.scored.clear();
        for &m in list {
            self.scored.push((ctx.score(&pos, m), m));
        }
        self.scored
            .sort_by_key(|&(score, _)| std::cmp::Reverse(score));
        self.moves.extend(self.scored.iter().map(|&(_, m)| m));
        Frame {
            pos,
            start,
            next: start,
        }
    }

    fn run(mut self, root: &Position) -> Winnability {
        let loser = !self.winner;
        self.seen.insert(key(root));
        let first = self.frame(*root, &root.legal_moves());
        let mut stack = vec![first];
        let mut nodes: u64 = 0;
        while let Some(top) = stack.last_mut() {
            if top.next >= self.moves.len() {
                self.moves.truncate(top.start);
                stack.pop();
                continue;
            }
            let m = self.moves[top.next];
            top.next += 1;
            let mut child = top.pos;
            child.play_unchecked(m);
            let irreversible = top.pos.board().piece_at(m.from()).map(|p| p.kind)
                == Some(PieceKind::Pawn)
                || top.pos.captured_by(m).is_some();
            if !self.seen.insert(key(&child)) {
                continue;
            }
            nodes += 1;
            if nodes > self.budget {
                return Winnability::Unknown;
            }
            let list = child.legal_moves();
            if list.is_empty() {
                if child.turn() == loser && child.is_check() {
                    let line = stack
                        .iter()
                        .filter_map(|f| self.moves.get(f.next.wrapping_sub(1)).copied())
                        .collect();
                    return Winnability::Yes(line);
                }
                continue;
            }
            if irreversible {
                if insufficient_material(child.board(), self.winner) {
                    continue;
                }
                if Structure::analyse(&child).is_some_and(|s| s.proves_no_mate(self.winner)) {
                    continue;
                }
            }
            let frame = self.frame(child, &list);
            stack.push(frame);
        }
        Winnability::No
    }
}

/// What move ordering needs to know about a position.
struct Context {
    winner: Color,
    loser_king: Square,
    /// The corner the losing king is steered to.
    corner: Square,
    /// The loser must promote a pawn (to get a piece to block its own king) for a mate to exist.
    loser_must_promote: bool,
}

impl Context {
    fn new(pos: &Position, winner: Color) -> Context {
        let board = pos.board();
        let loser = !winner;
        let loser_king = board.king_of(loser).unwrap_or(Square::A1);
        let win_bishops = board.pieces(winner, PieceKind::Bishop);
        let lose_bishops = board.pieces(loser, PieceKind::Bishop);
        let dark = (win_bishops & Bitboard::DARK).any()
            || (win_bishops.is_empty() && (lose_bishops & Bitboard::LIGHT).any());
        let rank = loser.back_rank();
        // h8 and a1 are dark; a8 and h1 light.
        let file = match (dark, loser) {
            (true, Color::Black) | (false, Color::White) => 7,
            _ => 0,
        };
        let corner = Square::from_coords(file, rank).unwrap_or(Square::A1);
        let mut must = board
            .by_color(loser)
            .minus(board.by_kind(PieceKind::King))
            .is_empty();
        let pieces = board.by_color(winner).minus(board.by_kind(PieceKind::King));
        if pieces
            .minus(board.by_kind(PieceKind::Knight) | board.by_kind(PieceKind::Bishop))
            .any()
            || pieces.more_than_one()
        {
            must = false;
        }
        Context {
            winner,
            loser_king,
            corner,
            loser_must_promote: must,
        }
    }

    fn score(&self, pos: &Position, m: Move) -> i32 {
        let board = pos.board();
        let Some(piece) = board.piece_at(m.from()) else {
            return 0;
        };
        let capture = pos.captured_by(m).is_some();
        let (from, to) = (m.from(), m.to());
        let mut score = 0;
        if pos.turn() == self.winner {
            if let Some(kind) = m.promotion() {
                score += match kind {
                    PieceKind::Queen => 90,
                    PieceKind::Knight => 60,
                    _ => 20,
                };
            }
            if capture {
                score += 40;
            }
            match piece.kind {
                PieceKind::Pawn => {
                    let advance = i32::from(to.rank().abs_diff(self.winner.back_rank()));
                    score += 20 + advance * 3;
                }
                PieceKind::King => {
                    let target = self.loser_king;
                    score += 8 * (distance(from, target) - distance(to, target));
                    if distance(to, target) < 2 {
                        score -= 10;
                    }
                }
                PieceKind::Knight => {
                    score += 10
                        * (knight_distance(from, self.loser_king)
                            - knight_distance(to, self.loser_king));
                }
                _ => {
                    score += 6 * (distance(from, self.loser_king) - distance(to, self.loser_king));
                }
            }
        } else {
            if capture {
                score -= 40;
            }
            match piece.kind {
                PieceKind::King => {
                    score += 10 * (distance(from, self.corner) - distance(to, self.corner));
                }
                PieceKind::Pawn => {
                    if self.loser_must_promote {
                        score += 30;
                        if let Some(kind) = m.promotion() {
                            score += if kind == PieceKind::Queen { -10 } else { 20 };
                        }
                    }
                }
                _ => {
                    score += 4 * (distance(from, self.loser_king) - distance(to, self.loser_king));
                }
            }
        }
        score
    }
}

/// The cost of a move in the quick search: moves the ordering likes cost less, so that promising
/// lines are searched deeper (a cost-bounded iterative deepening).
fn move_cost(score: i32) -> i32 {
    if score >= 10 {
        1
    } else if score > -10 {
        2
    } else {
        4
    }
}

/// The largest total cost the quick search tries.
const QUICK_MAX_COST: i32 = 40;

/// Layer 3a: a cost-bounded iterative-deepening depth-first helpmate search, the moves the
/// ordering prefers costing less. It only ever answers "found a mate" (with the line); failing
/// proves nothing.
struct Quick {
    winner: Color,
    limit: u64,
    nodes: u64,
    /// The largest remaining cost each position was searched with, without finding a mate.
    seen: std::collections::HashMap<u128, i32, BuildHasherDefault<KeyHasher>>,
    line: Vec<Move>,
}

impl Quick {
    fn new(winner: Color, limit: u64) -> Quick {
        Quick {
            winner,
            limit,
            nodes: 0,
            seen: std::collections::HashMap::default(),
            line: Vec::new(),
        }
    }

    fn run(&mut self, root: &Position) -> Option<Vec<Move>> {
        for cost in 1..=QUICK_MAX_COST {
            if self.search(root, cost) {
                return Some(std::mem::take(&mut self.line));
            }
            if self.nodes >= self.limit {
                break;
            }
        }
        None
    }

    fn search(&mut self, pos: &Position, budget: i32) -> bool {
        let winner = self.winner;
        let list = pos.legal_moves();
        let ctx = Context::new(pos, winner);
        let mut scored: Vec<(i32, Move)> = list.iter().map(|&m| (ctx.score(pos, m), m)).collect();
        scored.sort_by_key(|&(score, _)| std::cmp::Reverse(score));
        let winner_moves = pos.turn() == winner;
        for (score, m) in scored {
            let cost = move_cost(score);
            if cost > budget {
                continue;
            }
            self.nodes += 1;
            if self.nodes > self.limit {
                return false;
            }
            let mut child = *pos;
            child.play_unchecked(m);
            let rem = budget - cost;
            if winner_moves {
                if child.is_check() && !child.has_legal_moves() {
                    self.line.push(m);
                    return true;
                }
                // The loser must move, then the winner mate: at least two more moves.
                if rem < 2 {
                    continue;
                }
            } else if rem < 1 {
                continue;
            }
            if pos.captured_by(m).is_some() && insufficient_material(child.board(), winner) {
                continue;
            }
            let k = key(&child);
            match self.seen.get_mut(&k) {
                Some(best) if *best >= rem => continue,
                Some(best) => *best = rem,
                None => {
                    self.seen.insert(k, rem);
                }
            }
            self.line.push(m);
            if self.search(&child, rem) {
                return true;
            }
            self.line.pop();
            if self.nodes > self.limit {
                return false;
            }
        }
        false
    }
}
