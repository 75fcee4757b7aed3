//! # arbiter-rules: the FIDE Laws of Chess as a library
//!
//! Every rule cites its article of the Laws (`../shared/laws/LAWS.md` in the project tree):
//! squares, pieces and positions (Art. 2), legal moves (Art. 3), the end of the game (Art. 5, 6.9,
//! 9.6), draws by rule (Art. 9), algebraic notation (Appendix E), FEN and PGN, and game replay.
//!
//! Unvalidated setup data (a [`Setup`], read from FEN) becomes a legal [`Position`] only through a
//! checked conversion that names what is impossible about it.

pub mod attacks;
mod bitboard;
mod dead;
pub mod draw;
mod fen;
mod movegen;
pub mod pgn;
mod position;
pub mod replay;
mod san;
mod types;
mod zobrist;

pub use bitboard::{Bitboard, Squares};
pub use dead::{
    DEFAULT_BUDGET, Structure, Who, Winnability, can_checkmate, can_checkmate_within,
    dead_position, insufficient_material, who_can_checkmate,
};
pub use fen::{FenError, ParseFenError, parse_fen};
pub use movegen::{MAX_MOVES, MoveList, perft, perft_parallel};
pub use position::{Board, CastlingRights, IllegalMoveError, Position, PositionError, Setup};
pub use san::{
    CheckMarks, IllegalReason, MoveError, PieceLetters, RankDigits, SanFormat, detect_letters,
};
pub use types::{CastlingSide, Color, Move, MoveKind, ParseSquareError, Piece, PieceKind, Square};
