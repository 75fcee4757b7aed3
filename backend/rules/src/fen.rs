//! Forsyth-Edwards Notation (FEN): six space-separated fields, pieces / side to move / castling /
//! en passant / halfmove clock / fullmove number. Four-field EPD (no clocks) is accepted too.
//!
//! Reading gives a [`Setup`] (syntax only, errors in [`FenError`] name the field); making a legal
//! [`Position`] from it is [`Position::from_setup`]'s job ([`crate::PositionError`]).

use std::fmt::Write as _;
use std::str::FromStr;

use crate::position::{Board, CastlingRights, Position, PositionError, Setup};
use crate::types::{CastlingSide, Color, Piece, Square};

/// A FEN that cannot be read; each variant names the field and the offending text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FenError {
    /// Fewer than 4 or more than 6 fields.
    #[error("FEN has {0} fields; expected 6 (or 4 for EPD)")]
    FieldCount(usize),
    /// The piece placement field (field 1) is malformed; `rank` is 1-8 when known.
    #[error("FEN piece placement field: {reason}")]
    Board {
        /// What is wrong.
        reason: String,
    },
    /// Field 2 is not `w` or `b`.
    #[error("FEN side-to-move field `{0}` is not `w` or `b`")]
    Turn(String),
    /// Field 3 is not `-` or a combination of `KQkq`.
    #[error("FEN castling field `{0}` is not `-` or a combination of K, Q, k, q")]
    Castling(String),
    /// Field 4 is not `-` or a square on the third or sixth rank.
    #[error("FEN en passant field `{0}` is not `-` or a square")]
    EnPassant(String),
    /// Field 5 is not a non-negative integer.
    #[error("FEN halfmove clock `{0}` is not a non-negative integer")]
    HalfmoveClock(String),
    /// Field 6 is not a positive integer.
    #[error("FEN fullmove number `{0}` is not a positive integer")]
    FullmoveNumber(String),
}

/// A FEN that is either unreadable or describes an impossible position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseFenError {
    /// The text is not FEN.
    #[error(transparent)]
    Syntax(#[from] FenError),
    /// The text is FEN, but the position is impossible.
    #[error(transparent)]
    Position(#[from] PositionError),
}

fn parse_board(field: &str) -> Result<Board, FenError> {
    let err = |reason: String| FenError::Board { reason };
    let mut board = Board::empty();
    let ranks: Vec<&str> = field.split('/').collect();
    if ranks.len() != 8 {
        return Err(err(format!(
            "{} ranks instead of 8 in `{field}`",
            ranks.len()
        )));
    }
    for (i, text) in ranks.iter().enumerate() {
        let rank = 7 - i as u8;
        let mut file = 0u8;
        for c in text.chars() {
            if let Some(d) = c.to_digit(10) {
                if !(1..=8).contains(&d) {
                    return Err(err(format!(
                        "rank {}: `{c}` is not an empty-square count 1-8",
                        rank + 1
                    )));
                }
                file += d as u8;
            } else if let Some(piece) = Piece::from_fen_char(c) {
                match Square::from_coords(file, rank) {
                    Some(sq) => board.put(sq, piece),
                    None => return Err(err(format!("rank {} has more than 8 squares", rank + 1))),
                }
                file += 1;
            } else {
                return Err(err(format!(
                    "rank {}: `{c}` is not a piece letter or a digit",
                    rank + 1
                )));
            }
            if file > 8 {
                return Err(err(format!("rank {} has more than 8 squares", rank + 1)));
            }
        }
        if file != 8 {
            return Err(err(format!(
                "rank {} has {file} squares instead of 8",
                rank + 1
            )));
        }
    }
    Ok(board)
}

fn parse_castling(field: &str) -> Result<CastlingRights, FenError> {
    let mut rights = CastlingRights::NONE;
    if field == "-" {
        return Ok(rights);
    }
    for c in field.chars() {
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let side = match c.to_ascii_lowercase() {
            'k' | 'h' => CastlingSide::King,
            'q' | 'a' => CastlingSide::Queen,
            // Shredder-FEN names the rook's file; Arbiter plays standard chess, where only the a-
            // and h-file rooks castle. Another file (a Chess960 right) is not a standard right.
            _ => return Err(FenError::Castling(field.to_owned())),
        };
        if rights.has(color, side) {
            return Err(FenError::Castling(field.to_owned()));
        }
        rights = rights.with(color, side);
    }
    Ok(rights)
}

/// Reads a FEN (6 fields) or EPD (the first 4 fields; clocks default to 0 and 1). Extra spaces
/// between fields are tolerated.
///
///
/// ```
/// use arbiter_rules::{Color, FenError, Position, parse_fen};
///
/// // After 1. e4: Black to move, en passant square e3 (FEN writes it after any double step).
/// let setup = parse_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")?;
/// let position = Position::from_setup(&setup)?;
/// assert_eq!(position.turn(), Color::Black);
///
/// // An EPD line (four fields): the clocks default to 0 and 1.
/// let epd = Position::from_setup(&parse_fen("8/8/8/4k3/8/8/8/4K2R w K -")?)?;
/// assert_eq!((epd.halfmove_clock(), epd.fullmove_number()), (0, 1));
///
/// // The error names the malformed field.
/// assert_eq!(
///     parse_fen("8/8/8/4k3/8/8/8/4K3 x - - 0 1"),
///     Err(FenError::Turn("x".to_owned()))
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
/// # Errors
/// [`FenError`] naming the first malformed field.
pub fn parse_fen(text: &str) -> Result<Setup, FenError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.len() < 4 || fields.len() > 6 {
        return Err(FenError::FieldCount(fields.len()));
    }
    let board = parse_board(fields[0])?;
    let turn = match fields[1] {
        "w" => Color::White,
        "b" => Color::Black,
        other => return Err(FenError::Turn(other.to_owned())),
    };
    let castling = parse_castling(fields[2])?;
    let en_passant = match fields[3] {
        "-" => None,
        sq => Some(Square::from_str(sq).map_err(|_| FenError::EnPassant(sq.to_owned()))?),
    };
    let halfmove_clock = match fields.get(4) {
        Some(t) => t
            .parse()
            .map_err(|_| FenError::HalfmoveClock((*t).to_owned()))?,
        None => 0,
    };
    let fullmove_number = match fields.get(5) {
        Some(t) => match t.parse::<u32>() {
            Ok(n) if n >= 1 => n,
            // Some programs write 0; read it as 1 rather than reject a usable position.
            Ok(_) => 1,
            Err(_) => return Err(FenError::FullmoveNumber((*t).to_owned())),
        },
        None => 1,
    };
    Ok(Setup {
        board,
        turn,
        castling,
        en_passant,
        halfmove_clock,
        fullmove_number,
    })
}

fn write_board(board: &Board, out: &mut String) {
    for rank in (0..8u8).rev() {
        let mut empty = 0;
        for file in 0..8u8 {
            match Square::from_coords(file, rank).and_then(|sq| board.piece_at(sq)) {
                Some(piece) => {
                    if empty > 0 {
                        let _ = write!(out, "{empty}");
                        empty = 0;
                    }
                    out.push(piece.fen_char());
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            let _ = write!(out, "{empty}");
        }
        if rank > 0 {
            out.push('/');
        }
    }
}

impl Setup {
    /// The six-field FEN of this setup, the en passant square as stored.
    #[must_use]
    pub fn fen(&self) -> String {
        let mut out = String::with_capacity(90);
        write_board(&self.board, &mut out);
        let _ = write!(
            out,
            " {} {} {} {} {}",
            self.turn.fold('w', 'b'),
            self.castling,
            self.en_passant
                .map_or_else(|| "-".to_owned(), |sq| sq.to_string()),
            self.halfmove_clock,
            self.fullmove_number
        );
        out
    }
}

impl Position {
    /// The six-field FEN; the en passant square is written only when an en passant capture is
    /// legal (as Art. 9.2 counts it, and as the project's reference data writes it).
    #[must_use]
    pub fn fen(&self) -> String {
        self.to_setup().fen()
    }

    /// Reads a FEN and checks the position.
    ///
    /// # Errors
    /// [`ParseFenError::Syntax`] for unreadable text, [`ParseFenError::Position`] for an impossible
    /// position.
    pub fn from_fen(text: &str) -> Result<Position, ParseFenError> {
        Ok(Position::from_setup(&parse_fen(text)?)?)
    }
}

impl FromStr for Position {
    type Err = ParseFenError;
    fn from_str(s: &str) -> Result<Position, ParseFenError> {
        Position::from_fen(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    #[test]
    fn start_position_round_trips() {
        let pos = Position::from_fen(START).unwrap();
        assert_eq!(pos, Position::new());
        assert_eq!(pos.fen(), START);
    }

    #[test]
    fn epd_has_default_clocks() {
        let setup = parse_fen("8/8/8/8/8/8/8/K6k w - -").unwrap();
        assert_eq!((setup.halfmove_clock, setup.fullmove_number), (0, 1));
    }

    #[test]
    fn syntax_errors_name_the_field() {
        assert_eq!(
            parse_fen("8/8 w - -"),
            Err(FenError::Board {
                reason: "2 ranks instead of 8 in `8/8`".into()
            })
        );
        assert!(matches!(
            parse_fen("8/8/8/8/8/8/8/K6k x - -"),
            Err(FenError::Turn(_))
        ));
        assert!(matches!(
            parse_fen("8/8/8/8/8/8/8/K6k w KX -"),
            Err(FenError::Castling(_))
        ));
        assert!(matches!(
            parse_fen("8/8/8/8/8/8/8/K6k w - e9"),
            Err(FenError::EnPassant(_))
        ));
        assert!(matches!(
            parse_fen("8/8/8/8/8/8/8/K6k w - - x 1"),
            Err(FenError::HalfmoveClock(_))
        ));
        assert!(matches!(
            parse_fen("8/8/8/8/8/8/8/K6k w - - 0 y"),
            Err(FenError::FullmoveNumber(_))
        ));
        assert!(matches!(
            parse_fen("8/8/8/8/8/8/8/K6k"),
            Err(FenError::FieldCount(1))
        ));
        assert!(matches!(
            parse_fen("8/8/8/8/8/8/8/K5k1x w - -"),
            Err(FenError::Board { .. })
        ));
        assert!(matches!(
            parse_fen("8/8/8/8/8/8/8/K7k w - -"),
            Err(FenError::Board { .. })
        ));
    }

    #[test]
    fn impossible_positions_are_rejected_with_the_reason() {
        let err = |fen: &str| match Position::from_fen(fen) {
            Err(ParseFenError::Position(e)) => e,
            other => panic!("{fen}: expected a position error, got {other:?}"),
        };
        assert_eq!(
            err("8/8/8/8/8/8/8/K7 w - -"),
            PositionError::MissingKing(Color::Black)
        );
        assert_eq!(
            err("8/8/8/8/8/8/8/KK5k w - -"),
            PositionError::TooManyKings(Color::White)
        );
        assert_eq!(
            err("P7/8/8/8/8/8/8/K6k w - -"),
            PositionError::PawnOnBackRank(Square::A8)
        );
        assert_eq!(
            err("k7/8/8/8/8/8/8/K6r b - -"),
            PositionError::OppositeCheck
        );
        assert_eq!(
            err("4k3/8/8/8/8/8/8/4K3 w K -"),
            PositionError::BadCastlingRights {
                color: Color::White,
                side: CastlingSide::King
            }
        );
        assert_eq!(
            err("4k3/8/8/8/8/8/8/4K3 w - e6"),
            PositionError::BadEnPassant(Square::E6)
        );
        assert_eq!(
            err("4k3/8/8/4p3/8/8/8/4K3 w - e3"),
            PositionError::BadEnPassant(Square::E3)
        );
        assert_eq!(
            err("4k3/8/8/8/8/3nrn2/8/4K3 w - -"),
            PositionError::ImpossibleCheck
        );
        assert_eq!(
            err("4k3/8/8/8/8/3n1n2/8/4K3 w - -"),
            PositionError::ImpossibleCheck
        );
        assert_eq!(
            err("kQQQQQQQ/QQQQQQQQ/Q7/8/8/8/8/K7 w - -"),
            PositionError::TooManyPieces(Color::White)
        );
        assert_eq!(
            err("k7/8/8/8/8/8/QQQQQQQQ/QQ5K w - -"),
            PositionError::ImpossibleMaterial(Color::White)
        );
        // Valid: a pawn just advanced two squares and an en passant capture is possible.
        let ok = Position::from_fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2").unwrap();
        assert_eq!(ok.legal_en_passant(), Some(Square::D6));
    }
}
