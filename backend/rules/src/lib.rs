//! # arbiter-rules: the FIDE Laws of Chess as a library
//!
//! Every rule cites its article of the Laws (`../shared/laws/LAWS.md` in the project tree):
//! squares, pieces and positions (Art. 2), legal moves (Art. 3), the end of the game (Art. 5, 6.9,
//! 9.6), draws by rule (Art. 9), algebraic notation (Appendix E), FEN and PGN, and game replay.
//!
//! Unvalidated setup data (a [`Setup`], read from FEN) becomes a legal [`Position`] only through a
//! checked conversion that names what is impossible about it.
//!
//! ```
//! use arbiter_rules::replay::{GameText, ReplayOptions, Status, replay};
//! use arbiter_rules::{PieceLetters, Position, parse_fen};
//!
//! // FEN in, a legal position out (Art. 2, 3): the initial position has 20 legal moves.
//! let setup = parse_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")?;
//! let start = Position::from_setup(&setup)?;
//! assert_eq!(start.legal_moves().len(), 20);
//! assert_eq!(start.fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
//!
//! // An impossible setup is refused, naming why: here White has no king.
//! let no_king = parse_fen("4k3/8/8/8/8/8/8/8 w - - 0 1")?;
//! assert!(Position::from_setup(&no_king).is_err());
//!
//! // A move read in a national letter set (Appendix E.2: German S for the knight), written as
//! // PGN writes it.
//! let m = start.parse_move("Sf3", PieceLetters::German)?;
//! assert_eq!(start.san(m), "Nf3");
//!
//! // A whole game replayed and judged against its result (Art. 5.1(a): checkmate).
//! let mut game = GameText::default();
//! for token in ["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#"] {
//!     game.push_move(token, 1);
//! }
//! game.tag("Result", "1-0");
//! let report = replay(&game, ReplayOptions::default());
//! assert_eq!(report.status, Status::Ok);
//! assert!(report.final_position.is_checkmate());
//!
//! // An illegal move is reported with its number and the article it breaks.
//! let mut bad = GameText::default();
//! for token in ["e4", "e5", "Ke3"] {
//!     bad.push_move(token, 1);
//! }
//! let report = replay(&bad, ReplayOptions::default());
//! assert_eq!(report.status, Status::IllegalMove);
//! assert!(report.article.is_some());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

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
