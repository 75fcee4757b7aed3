//! Colours, pieces, squares and moves (Art. 2 and 3 of the Laws).

use std::fmt;
use std::str::FromStr;

/// The two players' colours (Art. 1.1, 2.1): White moves first.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Color {
    /// The player who moves first (Art. 1.1).
    White = 0,
    /// The player who moves second.
    Black = 1,
}

impl Color {
    /// Both colours, White first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// The opponent's colour.
    #[must_use]
    #[inline]
    pub const fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// 0 for White, 1 for Black (an array index).
    #[must_use]
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// `white` for White, `black` for Black.
    #[must_use]
    #[inline]
    pub fn fold<T>(self, white: T, black: T) -> T {
        match self {
            Color::White => white,
            Color::Black => black,
        }
    }

    /// `"White"` or `"Black"`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "White",
            Color::Black => "Black",
        }
    }

    /// The rank (0-based) of this colour's pieces at the start: 0 for White, 7 for Black (Art. 2.3).
    #[must_use]
    #[inline]
    pub const fn back_rank(self) -> u8 {
        match self {
            Color::White => 0,
            Color::Black => 7,
        }
    }
}

impl std::ops::Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        self.other()
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The six kinds of piece (Art. 2.2).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum PieceKind {
    /// Pawn (Art. 3.7).
    Pawn = 0,
    /// Knight (Art. 3.6).
    Knight = 1,
    /// Bishop (Art. 3.2).
    Bishop = 2,
    /// Rook (Art. 3.3).
    Rook = 3,
    /// Queen (Art. 3.4).
    Queen = 4,
    /// King (Art. 3.8).
    King = 5,
}

impl PieceKind {
    /// All six kinds, pawn first.
    pub const ALL: [PieceKind; 6] = [
        PieceKind::Pawn,
        PieceKind::Knight,
        PieceKind::Bishop,
        PieceKind::Rook,
        PieceKind::Queen,
        PieceKind::King,
    ];

    /// The kinds a pawn may be promoted to (Art. 3.7(e)), most valuable first.
    pub const PROMOTIONS: [PieceKind; 4] = [
        PieceKind::Queen,
        PieceKind::Rook,
        PieceKind::Bishop,
        PieceKind::Knight,
    ];

    /// 0 (pawn) to 5 (king): an array index.
    #[must_use]
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The English letter of Appendix E.1, upper case (`'P'` for a pawn, which SAN never writes).
    #[must_use]
    pub const fn upper_char(self) -> char {
        match self {
            PieceKind::Pawn => 'P',
            PieceKind::Knight => 'N',
            PieceKind::Bishop => 'B',
            PieceKind::Rook => 'R',
            PieceKind::Queen => 'Q',
            PieceKind::King => 'K',
        }
    }

    /// The FEN/UCI letter, lower case.
    #[must_use]
    pub const fn lower_char(self) -> char {
        self.upper_char().to_ascii_lowercase()
    }

    /// The kind for an English letter of Appendix E.1 or FEN, either case; `None` otherwise.
    #[must_use]
    pub const fn from_char(c: char) -> Option<PieceKind> {
        Some(match c.to_ascii_uppercase() {
            'P' => PieceKind::Pawn,
            'N' => PieceKind::Knight,
            'B' => PieceKind::Bishop,
            'R' => PieceKind::Rook,
            'Q' => PieceKind::Queen,
            'K' => PieceKind::King,
            _ => return None,
        })
    }

    /// The English name (`"knight"`).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            PieceKind::Pawn => "pawn",
            PieceKind::Knight => "knight",
            PieceKind::Bishop => "bishop",
            PieceKind::Rook => "rook",
            PieceKind::Queen => "queen",
            PieceKind::King => "king",
        }
    }
}

/// A piece: a kind and a colour.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Piece {
    /// Whose piece.
    pub color: Color,
    /// Which kind.
    pub kind: PieceKind,
}

impl Piece {
    /// A piece of `color` and `kind`.
    #[must_use]
    pub const fn new(color: Color, kind: PieceKind) -> Piece {
        Piece { color, kind }
    }

    /// The FEN letter: upper case for White, lower case for Black.
    #[must_use]
    pub const fn fen_char(self) -> char {
        match self.color {
            Color::White => self.kind.upper_char(),
            Color::Black => self.kind.lower_char(),
        }
    }

    /// The piece for a FEN letter (`'N'` a white knight, `'q'` a black queen); `None` otherwise.
    #[must_use]
    pub const fn from_fen_char(c: char) -> Option<Piece> {
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        match PieceKind::from_char(c) {
            Some(kind) => Some(Piece { color, kind }),
            None => None,
        }
    }

    /// 0..12: white pawn .. white king, then black pawn .. black king (a table index).
    #[must_use]
    #[inline]
    pub const fn index(self) -> usize {
        self.color.index() * 6 + self.kind.index()
    }
}

/// One of the 64 squares (Art. 2.1, Appendix E.4/E.5): index 0 is a1, 7 is h1, 63 is h8.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Square(u8);

impl Square {
    /// The square with index `index` (0 = a1 ... 63 = h8), or `None` when `index >= 64`.
    #[must_use]
    #[inline]
    pub const fn from_index(index: u8) -> Option<Square> {
        if index < 64 {
            Some(Square(index))
        } else {
            None
        }
    }

    /// The square on `file` (0 = a-file) and `rank` (0 = first rank), or `None` outside 0..8.
    #[must_use]
    #[inline]
    pub const fn from_coords(file: u8, rank: u8) -> Option<Square> {
        if file < 8 && rank < 8 {
            Some(Square(rank * 8 + file))
        } else {
            None
        }
    }

    /// Index `index & 63`: for callers that already hold a valid index.
    #[must_use]
    #[inline]
    pub(crate) const fn new(index: u8) -> Square {
        Square(index & 63)
    }

    /// 0 (a1) to 63 (h8).
    #[must_use]
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The file, 0 (a) to 7 (h).
    #[must_use]
    #[inline]
    pub const fn file(self) -> u8 {
        self.0 & 7
    }

    /// The rank, 0 (first rank) to 7 (eighth rank).
    #[must_use]
    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 >> 3
    }

    /// The square `df` files and `dr` ranks away, or `None` off the board.
    #[must_use]
    pub const fn offset(self, df: i8, dr: i8) -> Option<Square> {
        let f = self.file() as i8 + df;
        let r = self.rank() as i8 + dr;
        if f >= 0 && f < 8 && r >= 0 && r < 8 {
            Some(Square((r * 8 + f) as u8))
        } else {
            None
        }
    }

    /// The square seen from the other side (a1 <-> a8): the same file, the rank mirrored.
    #[must_use]
    #[inline]
    pub const fn flip_vertical(self) -> Square {
        Square(self.0 ^ 0b11_1000)
    }

    /// `true` for light squares (h1 and a8 are light, Art. 2.1).
    #[must_use]
    #[inline]
    pub const fn is_light(self) -> bool {
        (self.file() + self.rank()) % 2 == 1
    }

    /// The file letter, `'a'` to `'h'`.
    #[must_use]
    pub const fn file_char(self) -> char {
        (b'a' + self.file()) as char
    }

    /// The rank digit, `'1'` to `'8'`.
    #[must_use]
    pub const fn rank_char(self) -> char {
        (b'1' + self.rank()) as char
    }

    /// All 64 squares, a1 first.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..64).map(Square)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file_char(), self.rank_char())
    }
}

/// A square name that is not `a1`..`h8`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a square name (a1 to h8, Appendix E.4/E.5)")]
pub struct ParseSquareError(pub String);

impl FromStr for Square {
    type Err = ParseSquareError;
    /// Parses `e4` (lower-case file letter, rank digit).
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        match s.as_bytes() {
            [f @ b'a'..=b'h', r @ b'1'..=b'8'] => Ok(Square((r - b'1') * 8 + (f - b'a'))),
            _ => Err(ParseSquareError(s.to_owned())),
        }
    }
}

macro_rules! square_consts {
    ($($name:ident = $idx:expr),* $(,)?) => {
        impl Square {
            $(
                #[doc = concat!("The square ", stringify!($name), ".")]
                pub const $name: Square = Square($idx);
            )*
        }
    };
}

square_consts! {
    A1 = 0, B1 = 1, C1 = 2, D1 = 3, E1 = 4, F1 = 5, G1 = 6, H1 = 7,
    A2 = 8, B2 = 9, C2 = 10, D2 = 11, E2 = 12, F2 = 13, G2 = 14, H2 = 15,
    A3 = 16, B3 = 17, C3 = 18, D3 = 19, E3 = 20, F3 = 21, G3 = 22, H3 = 23,
    A4 = 24, B4 = 25, C4 = 26, D4 = 27, E4 = 28, F4 = 29, G4 = 30, H4 = 31,
    A5 = 32, B5 = 33, C5 = 34, D5 = 35, E5 = 36, F5 = 37, G5 = 38, H5 = 39,
    A6 = 40, B6 = 41, C6 = 42, D6 = 43, E6 = 44, F6 = 45, G6 = 46, H6 = 47,
    A7 = 48, B7 = 49, C7 = 50, D7 = 51, E7 = 52, F7 = 53, G7 = 54, H7 = 55,
    A8 = 56, B8 = 57, C8 = 58, D8 = 59, E8 = 60, F8 = 61, G8 = 62, H8 = 63,
}

/// King side or queen side castling (Art. 3.8(a)(ii)).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum CastlingSide {
    /// With the h-file rook: `O-O` / `0-0`.
    King = 0,
    /// With the a-file rook: `O-O-O` / `0-0-0`.
    Queen = 1,
}

impl CastlingSide {
    /// Both sides, king side first.
    pub const ALL: [CastlingSide; 2] = [CastlingSide::King, CastlingSide::Queen];

    /// The rook's file at the start (7 = h, 0 = a).
    #[must_use]
    pub const fn rook_file(self) -> u8 {
        match self {
            CastlingSide::King => 7,
            CastlingSide::Queen => 0,
        }
    }

    /// The king's destination file (6 = g, 2 = c).
    #[must_use]
    pub const fn king_to_file(self) -> u8 {
        match self {
            CastlingSide::King => 6,
            CastlingSide::Queen => 2,
        }
    }

    /// The rook's destination file (5 = f, 3 = d): the square the king crosses.
    #[must_use]
    pub const fn rook_to_file(self) -> u8 {
        match self {
            CastlingSide::King => 5,
            CastlingSide::Queen => 3,
        }
    }
}

/// What kind of move a [`Move`] is, beyond its two squares.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum MoveKind {
    /// A piece move or capture, or a pawn step without promotion (Art. 3.1-3.7(c)).
    Normal,
    /// A pawn's two-square first move (Art. 3.7(b)).
    DoublePush,
    /// An en passant capture (Art. 3.7(d)); `to` is the square the capturing pawn lands on.
    EnPassant,
    /// Castling (Art. 3.8(a)(ii)); `from` and `to` are the king's squares (e1 -> g1 for O-O).
    Castle(CastlingSide),
    /// A pawn reaching the last rank, exchanged for the given kind (Art. 3.7(e)).
    Promotion(PieceKind),
}

/// A move: the squares the moving piece leaves and reaches, and its kind. Four bytes.
///
/// A `Move` carries no legality by itself: the [`crate::Position`] that generated it decides.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Move {
    from: Square,
    to: Square,
    kind: MoveKind,
}

impl Move {
    /// A move of the given kind.
    #[must_use]
    #[inline]
    pub const fn new(from: Square, to: Square, kind: MoveKind) -> Move {
        Move { from, to, kind }
    }

    /// The square the moving piece (the king, when castling) leaves.
    #[must_use]
    #[inline]
    pub const fn from(self) -> Square {
        self.from
    }

    /// The square the moving piece (the king, when castling) reaches.
    #[must_use]
    #[inline]
    pub const fn to(self) -> Square {
        self.to
    }

    /// The move's kind.
    #[must_use]
    #[inline]
    pub const fn kind(self) -> MoveKind {
        self.kind
    }

    /// The promotion piece, if the move is a promotion (Art. 3.7(e)).
    #[must_use]
    #[inline]
    pub const fn promotion(self) -> Option<PieceKind> {
        match self.kind {
            MoveKind::Promotion(k) => Some(k),
            _ => None,
        }
    }

    /// The castling side, if the move is castling.
    #[must_use]
    #[inline]
    pub const fn castling_side(self) -> Option<CastlingSide> {
        match self.kind {
            MoveKind::Castle(side) => Some(side),
            _ => None,
        }
    }

    /// `true` for an en passant capture.
    #[must_use]
    #[inline]
    pub const fn is_en_passant(self) -> bool {
        matches!(self.kind, MoveKind::EnPassant)
    }

    /// The move in UCI form: `e2e4`, `e7e8q`, castling as the king's move `e1g1`.
    #[must_use]
    pub fn uci(self) -> String {
        let mut s = format!("{}{}", self.from, self.to);
        if let Some(k) = self.promotion() {
            s.push(k.lower_char());
        }
        s
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.uci())
    }
}
