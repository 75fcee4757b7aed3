//! Boards, unvalidated setups and validated positions (Art. 2, 3, 9.2).
//!
//! A [`Setup`] is data that may describe an impossible position (read from FEN, typed by a person).
//! A [`Position`] is legal: it can only be made from a setup by [`Position::from_setup`], which says
//! precisely what is impossible ([`PositionError`]), or by playing legal moves from another position.

use std::fmt;

use crate::attacks::{
    self, between, bishop_attacks, king_attacks, knight_attacks, line, pawn_attacks, rook_attacks,
};
use crate::bitboard::Bitboard;
use crate::types::{CastlingSide, Color, Move, MoveKind, Piece, PieceKind, Square};
use crate::zobrist::KEYS;

/// The pieces on the 64 squares, as bitboards by colour and kind and as a square-indexed array.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    by_color: [Bitboard; 2],
    by_kind: [Bitboard; 6],
    squares: [Option<Piece>; 64],
}

impl Default for Board {
    fn default() -> Board {
        Board::empty()
    }
}

impl Board {
    /// A board with no pieces.
    #[must_use]
    pub const fn empty() -> Board {
        Board {
            by_color: [Bitboard::EMPTY; 2],
            by_kind: [Bitboard::EMPTY; 6],
            squares: [None; 64],
        }
    }

    /// The initial position's pieces (Art. 2.3).
    #[must_use]
    pub fn standard() -> Board {
        let mut board = Board::empty();
        let back = [
            PieceKind::Rook,
            PieceKind::Knight,
            PieceKind::Bishop,
            PieceKind::Queen,
            PieceKind::King,
            PieceKind::Bishop,
            PieceKind::Knight,
            PieceKind::Rook,
        ];
        for (file, kind) in (0u8..).zip(back) {
            for (color, back_rank, pawn_rank) in [(Color::White, 0, 1), (Color::Black, 7, 6)] {
                if let (Some(b), Some(p)) = (
                    Square::from_coords(file, back_rank),
                    Square::from_coords(file, pawn_rank),
                ) {
                    board.put(b, Piece::new(color, kind));
                    board.put(p, Piece::new(color, PieceKind::Pawn));
                }
            }
        }
        board
    }

    /// The piece on `sq`, if any.
    #[must_use]
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.squares[sq.index()]
    }

    /// The squares occupied by `color`'s pieces.
    #[must_use]
    #[inline]
    pub fn by_color(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    /// The squares occupied by pieces of `kind`, of both colours.
    #[must_use]
    #[inline]
    pub fn by_kind(&self, kind: PieceKind) -> Bitboard {
        self.by_kind[kind.index()]
    }

    /// The squares occupied by `color`'s pieces of `kind`.
    #[must_use]
    #[inline]
    pub fn pieces(&self, color: Color, kind: PieceKind) -> Bitboard {
        self.by_color[color.index()] & self.by_kind[kind.index()]
    }

    /// Every occupied square.
    #[must_use]
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    /// Bishops and queens (the diagonal sliders) of both colours.
    #[inline]
    fn diagonal_sliders(&self) -> Bitboard {
        self.by_kind[PieceKind::Bishop.index()] | self.by_kind[PieceKind::Queen.index()]
    }

    /// Rooks and queens (the straight sliders) of both colours.
    #[inline]
    fn straight_sliders(&self) -> Bitboard {
        self.by_kind[PieceKind::Rook.index()] | self.by_kind[PieceKind::Queen.index()]
    }

    /// The square of `color`'s king (the lowest one if a setup has several).
    #[must_use]
    #[inline]
    pub fn king_of(&self, color: Color) -> Option<Square> {
        self.pieces(color, PieceKind::King).first()
    }

    /// Puts `piece` on `sq`, replacing whatever stood there.
    pub fn put(&mut self, sq: Square, piece: Piece) {
        self.remove(sq);
        self.squares[sq.index()] = Some(piece);
        self.by_color[piece.color.index()] |= sq.bb();
        self.by_kind[piece.kind.index()] |= sq.bb();
    }

    /// Removes and returns the piece on `sq`, if any.
    pub fn remove(&mut self, sq: Square) -> Option<Piece> {
        let piece = self.squares[sq.index()].take()?;
        self.by_color[piece.color.index()] ^= sq.bb();
        self.by_kind[piece.kind.index()] ^= sq.bb();
        Some(piece)
    }

    /// Pieces of both colours attacking `sq` when the occupied squares are `occupied` (Art. 3.1:
    /// a pinned piece still attacks).
    #[must_use]
    #[inline]
    pub fn attackers_to(&self, sq: Square, occupied: Bitboard) -> Bitboard {
        (rook_attacks(sq, occupied) & self.straight_sliders())
            | (bishop_attacks(sq, occupied) & self.diagonal_sliders())
            | (knight_attacks(sq) & self.by_kind(PieceKind::Knight))
            | (king_attacks(sq) & self.by_kind(PieceKind::King))
            | (pawn_attacks(Color::White, sq) & self.pieces(Color::Black, PieceKind::Pawn))
            | (pawn_attacks(Color::Black, sq) & self.pieces(Color::White, PieceKind::Pawn))
    }

    /// `true` if any piece of `by` attacks `sq` with the given occupancy (Art. 3.1, 3.8(a)(i)).
    #[must_use]
    #[inline]
    pub fn is_attacked(&self, sq: Square, by: Color, occupied: Bitboard) -> bool {
        let them = self.by_color(by);
        ((knight_attacks(sq) & self.by_kind(PieceKind::Knight))
            | (pawn_attacks(by.other(), sq) & self.by_kind(PieceKind::Pawn))
            | (king_attacks(sq) & self.by_kind(PieceKind::King))
            | (rook_attacks(sq, occupied) & self.straight_sliders())
            | (bishop_attacks(sq, occupied) & self.diagonal_sliders()))
            & them
            != Bitboard::EMPTY
    }

    /// Every piece with its square, a1 first.
    pub fn iter(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.occupied()
            .into_iter()
            .filter_map(|sq| self.piece_at(sq).map(|p| (sq, p)))
    }
}

impl fmt::Debug for Board {
    /// Eight lines, the eighth rank first, FEN letters and `.` for empty squares.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..8).rev() {
            for file in 0..8 {
                let c = Square::from_coords(file, rank)
                    .and_then(|sq| self.piece_at(sq))
                    .map_or('.', Piece::fen_char);
                write!(f, "{c}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

/// Castling rights (Art. 3.8(a)(ii)(1)): which castlings are not yet illegal for ever, four bits.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug)]
pub struct CastlingRights(u8);

impl CastlingRights {
    /// No castling right.
    pub const NONE: CastlingRights = CastlingRights(0);
    /// All four rights (the initial position).
    pub const ALL: CastlingRights = CastlingRights(15);

    const fn bit(color: Color, side: CastlingSide) -> u8 {
        1 << (color as u8 * 2 + side as u8)
    }

    /// `true` if `color` may still castle on `side`.
    #[must_use]
    #[inline]
    pub const fn has(self, color: Color, side: CastlingSide) -> bool {
        self.0 & Self::bit(color, side) != 0
    }

    /// The rights with `color`'s right on `side` added.
    #[must_use]
    pub const fn with(self, color: Color, side: CastlingSide) -> CastlingRights {
        CastlingRights(self.0 | Self::bit(color, side))
    }

    /// The rights with `color`'s right on `side` removed.
    #[must_use]
    pub const fn without(self, color: Color, side: CastlingSide) -> CastlingRights {
        CastlingRights(self.0 & !Self::bit(color, side))
    }

    /// `true` when no right is left.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The four bits: 1 White king side, 2 White queen side, 4 Black king side, 8 Black queen side.
    #[must_use]
    pub const fn bits(self) -> u8 {
        self.0
    }
}

impl fmt::Display for CastlingRights {
    /// The FEN castling field: `KQkq`, a subset of it, or `-`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("-");
        }
        for (color, side, c) in [
            (Color::White, CastlingSide::King, 'K'),
            (Color::White, CastlingSide::Queen, 'Q'),
            (Color::Black, CastlingSide::King, 'k'),
            (Color::Black, CastlingSide::Queen, 'q'),
        ] {
            if self.has(color, side) {
                write!(f, "{c}")?;
            }
        }
        Ok(())
    }
}

/// Position data that has not been checked: the six FEN fields. Any value is representable,
/// including impossible ones; [`Position::from_setup`] checks it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Setup {
    /// The pieces.
    pub board: Board,
    /// The side having the move (Art. 1.1).
    pub turn: Color,
    /// Castling rights (Art. 3.8(a)(ii)(1)).
    pub castling: CastlingRights,
    /// The square a pawn just crossed with its two-square move (Art. 3.7(d)), if any.
    pub en_passant: Option<Square>,
    /// Half-moves since the last capture or pawn move (Art. 9.3).
    pub halfmove_clock: u32,
    /// The number of the next move, starting at 1 and counted up after each Black move.
    pub fullmove_number: u32,
}

impl Default for Setup {
    /// The initial position (Art. 2.3).
    fn default() -> Setup {
        Setup {
            board: Board::standard(),
            turn: Color::White,
            castling: CastlingRights::ALL,
            en_passant: None,
            halfmove_clock: 0,
            fullmove_number: 1,
        }
    }
}

/// Why a [`Setup`] is not a legal position. Each variant names the square, colour or right at fault.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// A side has no king (Art. 2.2).
    #[error("{0} has no king (Art. 2.2)")]
    MissingKing(Color),
    /// A side has more than one king (Art. 2.2; a pawn cannot promote to a king, Art. 3.7(e)).
    #[error("{0} has more than one king (Art. 2.2, 3.7(e))")]
    TooManyKings(Color),
    /// A pawn stands on the first or last rank (Art. 3.7(a)/(e): it can neither start nor stay there).
    #[error("a pawn stands on {0}: pawns cannot be on the first or last rank (Art. 3.7(e))")]
    PawnOnBackRank(Square),
    /// More than 16 pieces of one colour (Art. 2.2).
    #[error("{0} has more than 16 pieces (Art. 2.2)")]
    TooManyPieces(Color),
    /// More than 8 pawns of one colour (Art. 2.2).
    #[error("{0} has more than 8 pawns (Art. 2.2)")]
    TooManyPawns(Color),
    /// More pieces beyond the initial set than missing pawns could have been promoted into
    /// (Art. 2.2, 3.7(e)).
    #[error("{0} has more promoted pieces than missing pawns (Art. 2.2, 3.7(e))")]
    ImpossibleMaterial(Color),
    /// A castling right whose king or rook is not on its initial square (Art. 3.8(a)(ii)(1)).
    #[error(
        "{color} cannot have the right to castle {side:?} side: king or rook not at home (Art. 3.8(a)(ii)(1))"
    )]
    BadCastlingRights {
        /// Whose right.
        color: Color,
        /// Which side.
        side: CastlingSide,
    },
    /// An en passant square that no two-square pawn move could have produced (Art. 3.7(d)).
    #[error("{0} cannot be an en passant square: no pawn can just have crossed it (Art. 3.7(d))")]
    BadEnPassant(Square),
    /// The side not having the move is in check: the last move left its own king in check (Art. 3.9).
    #[error("the side not having the move is in check (Art. 3.9)")]
    OppositeCheck,
    /// The side to move is in a check that no single legal move could have given (Art. 3.9).
    #[error("the side to move is in a check no legal move could have given (Art. 3.9)")]
    ImpossibleCheck,
}

/// A move that is not legal in the position it was played in (Art. 3, 7.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0} is not a legal move here (Art. 3)")]
pub struct IllegalMoveError(pub Move);

/// A legal position (Art. 2, 3): the board, the side to move, castling rights, the en passant square
/// (kept only when an opposing pawn stands beside the pawn that advanced two squares), the move
/// counters and a Zobrist hash of board, turn and castling rights.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Position {
    pub(crate) board: Board,
    pub(crate) turn: Color,
    pub(crate) castling: CastlingRights,
    pub(crate) en_passant: Option<Square>,
    pub(crate) halfmove_clock: u32,
    pub(crate) fullmove_number: u32,
    pub(crate) hash: u64,
}

impl Default for Position {
    fn default() -> Position {
        Position::new()
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.fen())
    }
}

/// `CASTLING_KEEP[sq]`: the rights that survive a move from or to `sq` (Art. 3.8(a)(ii)(1)).
static CASTLING_KEEP: [u8; 64] = {
    let mut t = [15u8; 64];
    t[0] = 15 & !2; // a1
    t[7] = 15 & !1; // h1
    t[4] = 15 & !3; // e1
    t[56] = 0b1111 & !0b1000; // a8
    t[63] = 0b1111 & !0b0100; // h8
    t[60] = 0b1111 & !0b1100; // e8
    t
};

impl Position {
    /// The initial position (Art. 2.3), White to move.
    #[must_use]
    pub fn new() -> Position {
        let mut pos = Position {
            board: Board::standard(),
            turn: Color::White,
            castling: CastlingRights::ALL,
            en_passant: None,
            halfmove_clock: 0,
            fullmove_number: 1,
            hash: 0,
        };
        pos.hash = pos.compute_hash();
        pos
    }

    /// Checks `setup` and makes it a position.
    ///
    /// # Errors
    /// The first impossibility found, in this order: kings (Art. 2.2), pawns on the first or last
    /// rank, material (more than 16 pieces or 8 pawns, or more promoted pieces than missing pawns),
    /// castling rights without king and rook at home (Art. 3.8(a)(ii)(1)), an en passant square no
    /// two-square pawn move could have produced (Art. 3.7(d)), the side not to move in check, and
    /// checks on the side to move that no single move could have given (three or more checkers;
    /// two checkers of which neither is a bishop, rook or queen, since a double check always
    /// includes a discovered line; two checkers on one line through the king; a check that the
    /// pawn which just advanced two squares cannot explain).
    pub fn from_setup(setup: &Setup) -> Result<Position, PositionError> {
        Position::validate(setup, true)
    }

    /// Like [`Position::from_setup`], but accepts positions that no game could reach: more
    /// promoted pieces than missing pawns, and checks no single move could have given. Composed
    /// problems and analysis tools use such positions (the Chess Unwinnability Analyzer's test
    /// vectors include them); the moves from them still follow Art. 3 exactly. Everything move
    /// generation relies on is still required: one king each, no pawn on the first or last rank,
    /// at most 16 pieces and 8 pawns a side, castling rights with king and rook at home, an en
    /// passant square a two-square move could have produced, and the side not to move not in check.
    ///
    /// # Errors
    /// As [`Position::from_setup`], less [`PositionError::ImpossibleMaterial`] and
    /// [`PositionError::ImpossibleCheck`].
    pub fn from_setup_relaxed(setup: &Setup) -> Result<Position, PositionError> {
        Position::validate(setup, false)
    }

    fn validate(setup: &Setup, reachable: bool) -> Result<Position, PositionError> {
        let board = &setup.board;
        for color in Color::ALL {
            match board.pieces(color, PieceKind::King).count() {
                0 => return Err(PositionError::MissingKing(color)),
                1 => {}
                _ => return Err(PositionError::TooManyKings(color)),
            }
        }
        if let Some(sq) =
            (board.by_kind(PieceKind::Pawn) & (Bitboard::rank(0) | Bitboard::rank(7))).first()
        {
            return Err(PositionError::PawnOnBackRank(sq));
        }
        for color in Color::ALL {
            if board.by_color(color).count() > 16 {
                return Err(PositionError::TooManyPieces(color));
            }
            let pawns = board.pieces(color, PieceKind::Pawn).count();
            if pawns > 8 {
                return Err(PositionError::TooManyPawns(color));
            }
            let excess = |kind: PieceKind, initial: u32| {
                board.pieces(color, kind).count().saturating_sub(initial)
            };
            let promoted = excess(PieceKind::Queen, 1)
                + excess(PieceKind::Rook, 2)
                + excess(PieceKind::Bishop, 2)
                + excess(PieceKind::Knight, 2);
            if reachable && promoted > 8 - pawns {
                return Err(PositionError::ImpossibleMaterial(color));
            }
        }
        for color in Color::ALL {
            for side in CastlingSide::ALL {
                if !setup.castling.has(color, side) {
                    continue;
                }
                let rank = color.back_rank();
                let king_home = Square::from_coords(4, rank).is_some_and(|sq| {
                    board.piece_at(sq) == Some(Piece::new(color, PieceKind::King))
                });
                let rook_home = Square::from_coords(side.rook_file(), rank).is_some_and(|sq| {
                    board.piece_at(sq) == Some(Piece::new(color, PieceKind::Rook))
                });
                if !king_home || !rook_home {
                    return Err(PositionError::BadCastlingRights { color, side });
                }
            }
        }
        let us = setup.turn;
        let them = us.other();
        // The pawn that just advanced two squares, if the setup says one did.
        let mut pushed_pawn = None;
        if let Some(ep) = setup.en_passant {
            let ok_rank = us.fold(5, 2);
            let pawn_sq = ep.offset(0, us.fold(-1, 1));
            let origin = ep.offset(0, us.fold(1, -1));
            let valid = ep.rank() == ok_rank
                && board.piece_at(ep).is_none()
                && origin.is_some_and(|o| board.piece_at(o).is_none())
                && pawn_sq
                    .is_some_and(|p| board.piece_at(p) == Some(Piece::new(them, PieceKind::Pawn)));
            if !valid {
                return Err(PositionError::BadEnPassant(ep));
            }
            pushed_pawn = pawn_sq.zip(origin);
        }
        let occupied = board.occupied();
        let (Some(our_king), Some(their_king)) = (board.king_of(us), board.king_of(them)) else {
            return Err(PositionError::MissingKing(us));
        };
        if board.is_attacked(their_king, us, occupied) {
            return Err(PositionError::OppositeCheck);
        }
        let checkers = board.attackers_to(our_king, occupied) & board.by_color(them);
        if reachable {
            Position::check_reachable_checks(board, our_king, checkers, pushed_pawn)?;
        }
        let mut pos = Position {
            board: setup.board,
            turn: us,
            castling: setup.castling,
            en_passant: None,
            halfmove_clock: setup.halfmove_clock,
            fullmove_number: setup.fullmove_number.max(1),
            hash: 0,
        };
        // Keep the en passant square only when an opposing pawn could capture (pseudo-legally).
        pos.en_passant = setup
            .en_passant
            .filter(|&ep| (pawn_attacks(them, ep) & board.pieces(us, PieceKind::Pawn)).any());
        pos.hash = pos.compute_hash();
        Ok(pos)
    }

    /// The checks on the side to move must be ones a single legal move could have given (Art. 3.9):
    /// at most two checkers; of two, one a slider (a double check always discovers a line) and not
    /// both on one line through the king; and with an en passant square, every check from the pawn
    /// that just advanced two squares or discovered by it leaving its square.
    fn check_reachable_checks(
        board: &Board,
        our_king: Square,
        checkers: Bitboard,
        pushed_pawn: Option<(Square, Square)>,
    ) -> Result<(), PositionError> {
        if checkers.count() > 2 {
            return Err(PositionError::ImpossibleCheck);
        }
        let sliders = board.diagonal_sliders() | board.straight_sliders();
        if let (Some(a), Some(b)) = (checkers.first(), checkers.into_iter().last()) {
            if a != b && ((checkers & sliders).is_empty() || line(a, b).contains(our_king)) {
                return Err(PositionError::ImpossibleCheck);
            }
        }
        if let Some((pawn_sq, origin)) = pushed_pawn {
            for checker in checkers {
                let discovered =
                    sliders.contains(checker) && between(our_king, checker).contains(origin);
                if checker != pawn_sq && !discovered {
                    return Err(PositionError::ImpossibleCheck);
                }
            }
        }
        Ok(())
    }

    /// The position as unvalidated data (the en passant square only if a capture is legal).
    #[must_use]
    pub fn to_setup(&self) -> Setup {
        Setup {
            board: self.board,
            turn: self.turn,
            castling: self.castling,
            en_passant: self.legal_en_passant(),
            halfmove_clock: self.halfmove_clock,
            fullmove_number: self.fullmove_number,
        }
    }

    /// The pieces.
    #[must_use]
    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The side having the move (Art. 1.1).
    #[must_use]
    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// Castling rights (Art. 3.8(a)(ii)(1)).
    #[must_use]
    #[inline]
    pub fn castling_rights(&self) -> CastlingRights {
        self.castling
    }

    /// Half-moves since the last capture or pawn move (Art. 9.3).
    #[must_use]
    #[inline]
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove_clock
    }

    /// The number of the current move (1 in the initial position; counted up after Black moves).
    #[must_use]
    #[inline]
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove_number
    }

    /// The en passant square if an en passant capture is legal now (Art. 3.7(d), 9.2).
    #[must_use]
    pub fn legal_en_passant(&self) -> Option<Square> {
        let ep = self.en_passant?;
        self.has_legal_en_passant(ep).then_some(ep)
    }

    /// Zobrist hash of the pieces, the side to move and the castling rights (not the clocks).
    #[must_use]
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The hash that decides whether two positions are "the same" in the sense of Art. 9.2: the same
    /// player to move, the same pieces on the same squares, the same castling rights and the same
    /// en passant possibility (counted only when an en passant capture is legal).
    #[must_use]
    #[inline]
    pub fn repetition_key(&self) -> u64 {
        match self.legal_en_passant() {
            Some(ep) => self.hash ^ KEYS.en_passant_file[ep.file() as usize],
            None => self.hash,
        }
    }

    fn compute_hash(&self) -> u64 {
        let mut h = KEYS.castling[self.castling.bits() as usize];
        if self.turn == Color::Black {
            h ^= KEYS.black_to_move;
        }
        for (sq, piece) in self.board.iter() {
            h ^= KEYS.pieces[piece.index()][sq.index()];
        }
        h
    }

    /// The opposing pieces giving check to the side to move (Art. 3.8(b)).
    #[must_use]
    #[inline]
    pub fn checkers(&self) -> Bitboard {
        match self.board.king_of(self.turn) {
            Some(king) => {
                self.board.attackers_to(king, self.board.occupied())
                    & self.board.by_color(!self.turn)
            }
            None => Bitboard::EMPTY,
        }
    }

    /// `true` if the side to move is in check (Art. 3.8(b)).
    #[must_use]
    #[inline]
    pub fn is_check(&self) -> bool {
        self.checkers().any()
    }

    #[inline]
    fn put(&mut self, sq: Square, piece: Piece) {
        self.board.put(sq, piece);
        self.hash ^= KEYS.pieces[piece.index()][sq.index()];
    }

    #[inline]
    fn take(&mut self, sq: Square) -> Option<Piece> {
        let piece = self.board.remove(sq)?;
        self.hash ^= KEYS.pieces[piece.index()][sq.index()];
        Some(piece)
    }

    /// The position after `m`, if `m` is legal here (Art. 3); `self` is left as it was.
    ///
    ///
    /// ```
    /// use arbiter_rules::{PieceLetters, Position};
    ///
    /// let start = Position::new();
    /// let e4 = start.parse_move("e4", PieceLetters::English)?;
    /// let after = start.play(e4)?;
    /// assert_eq!(after.fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    ///
    /// // The same move again is Black's turn now: refused, and `after` stays as it was.
    /// assert!(after.play(e4).is_err());
    /// assert_eq!(after.legal_moves().len(), 20);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`IllegalMoveError`] when `m` is not one of this position's legal moves.
    pub fn play(&self, m: Move) -> Result<Position, IllegalMoveError> {
        if self.is_legal(m) {
            let mut next = *self;
            next.play_unchecked(m);
            Ok(next)
        } else {
            Err(IllegalMoveError(m))
        }
    }

    /// Plays `m`, which the caller knows to be legal here (generated by this position or checked
    /// with [`Position::is_legal`]). An illegal `m` leaves a position that may break the Laws,
    /// but never panics.
    pub fn play_unchecked(&mut self, m: Move) {
        let us = self.turn;
        let (from, to) = (m.from(), m.to());
        let Some(piece) = self.take(from) else { return };
        self.halfmove_clock += 1;
        if piece.kind == PieceKind::Pawn {
            self.halfmove_clock = 0;
        }
        self.en_passant = None;
        match m.kind() {
            MoveKind::Castle(side) => {
                let rank = us.back_rank();
                if let (Some(rook_from), Some(rook_to)) = (
                    Square::from_coords(side.rook_file(), rank),
                    Square::from_coords(side.rook_to_file(), rank),
                ) {
                    if let Some(rook) = self.take(rook_from) {
                        self.put(rook_to, rook);
                    }
                }
                self.put(to, piece);
            }
            MoveKind::EnPassant => {
                if let Some(captured_sq) = Square::from_coords(to.file(), from.rank()) {
                    self.take(captured_sq);
                }
                self.put(to, piece);
            }
            kind => {
                if self.take(to).is_some() {
                    self.halfmove_clock = 0;
                }
                let placed = match kind {
                    MoveKind::Promotion(k) => Piece::new(us, k),
                    _ => piece,
                };
                self.put(to, placed);
                if kind == MoveKind::DoublePush {
                    let crossed = Square::new(usize::midpoint(from.index(), to.index()) as u8);
                    if (pawn_attacks(us, crossed) & self.board.pieces(!us, PieceKind::Pawn)).any() {
                        self.en_passant = Some(crossed);
                    }
                }
            }
        }
        let keep = CASTLING_KEEP[from.index()] & CASTLING_KEEP[to.index()];
        let rights = CastlingRights(self.castling.0 & keep);
        if rights != self.castling {
            self.hash ^= KEYS.castling[self.castling.bits() as usize]
                ^ KEYS.castling[rights.bits() as usize];
            self.castling = rights;
        }
        if us == Color::Black {
            self.fullmove_number += 1;
        }
        self.turn = !us;
        self.hash ^= KEYS.black_to_move;
    }

    /// The position after the side to move passes (a "null move", as some PGN files record; not a
    /// legal move under the Laws). `None` when the side to move is in check.
    #[must_use]
    pub fn pass(&self) -> Option<Position> {
        if self.is_check() {
            return None;
        }
        let mut next = *self;
        next.en_passant = None;
        next.halfmove_clock += 1;
        if self.turn == Color::Black {
            next.fullmove_number += 1;
        }
        next.turn = !self.turn;
        next.hash ^= KEYS.black_to_move;
        Some(next)
    }

    /// The piece a move would capture (the pawn beside, for en passant), if any.
    #[must_use]
    pub fn captured_by(&self, m: Move) -> Option<Piece> {
        match m.kind() {
            MoveKind::EnPassant => Some(Piece::new(!self.turn, PieceKind::Pawn)),
            MoveKind::Castle(_) => None,
            _ => self.board.piece_at(m.to()),
        }
    }

    /// The squares `color` attacks (Art. 3.1), with the current occupancy.
    #[must_use]
    pub fn attacked_by(&self, color: Color) -> Bitboard {
        let occupied = self.board.occupied();
        let mut all = Bitboard::EMPTY;
        for (sq, piece) in self.board.iter() {
            if piece.color == color {
                all |= attacks::attacks(piece.kind, color, sq, occupied);
            }
        }
        all
    }
}
