//! Results: every TRF result code, and the result of a game with its penalties (Art. 12.8, 13.4).

use serde::{Deserialize, Serialize};

use crate::points::Points;

/// A colour in a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Colour {
    /// White (TRF colour `w`).
    White,
    /// Black (TRF colour `b`).
    Black,
}

impl Colour {
    /// The other colour.
    #[must_use]
    pub const fn opposite(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }

    /// The TRF colour letter: `w` or `b` (`001` round block, column +5).
    #[must_use]
    pub const fn trf_char(self) -> char {
        match self {
            Colour::White => 'w',
            Colour::Black => 'b',
        }
    }
}

/// One player's result in one round, as TRF writes it (`001` round block, column +7; FIDE Handbook
/// C.04 Annex 2 and TRF26). Codes are read case-insensitively and written in upper case.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ResultCode {
    /// `1`: won over the board.
    Win,
    /// `=`: drew over the board.
    Draw,
    /// `0`: lost over the board.
    Loss,
    /// `W`: won a game of less than one move (counts for pairing, not rated).
    UnratedWin,
    /// `D`: drew a game of less than one move (counts for pairing, not rated).
    UnratedDraw,
    /// `L`: lost a game of less than one move (counts for pairing, not rated).
    UnratedLoss,
    /// `+`: won by forfeit (not a game played).
    ForfeitWin,
    /// `-`: lost by forfeit (not a game played).
    ForfeitLoss,
    /// `H`: half-point bye.
    HalfBye,
    /// `F`: full-point bye.
    FullBye,
    /// `U`: pairing-allocated bye (PAB), at most one per round.
    Pab,
    /// `Z`: zero-point bye (a known absence).
    ZeroBye,
    /// `X` (TRF-2026): result unknown, for example an adjourned game not yet finished.
    Unknown,
    /// Blank: no result yet (a paired game not yet played) or, without an opponent, an absence.
    Blank,
}

impl ResultCode {
    /// Every code, in the order of the TRF tables.
    pub const ALL: [ResultCode; 14] = [
        ResultCode::Win,
        ResultCode::Draw,
        ResultCode::Loss,
        ResultCode::UnratedWin,
        ResultCode::UnratedDraw,
        ResultCode::UnratedLoss,
        ResultCode::ForfeitWin,
        ResultCode::ForfeitLoss,
        ResultCode::HalfBye,
        ResultCode::FullBye,
        ResultCode::Pab,
        ResultCode::ZeroBye,
        ResultCode::Unknown,
        ResultCode::Blank,
    ];

    /// Reads a TRF result character, case-insensitively; `None` for anything else.
    #[must_use]
    pub fn from_trf_char(c: char) -> Option<ResultCode> {
        Some(match c.to_ascii_uppercase() {
            '1' => ResultCode::Win,
            '=' => ResultCode::Draw,
            '0' => ResultCode::Loss,
            'W' => ResultCode::UnratedWin,
            'D' => ResultCode::UnratedDraw,
            'L' => ResultCode::UnratedLoss,
            '+' => ResultCode::ForfeitWin,
            '-' => ResultCode::ForfeitLoss,
            'H' => ResultCode::HalfBye,
            'F' => ResultCode::FullBye,
            'U' => ResultCode::Pab,
            'Z' => ResultCode::ZeroBye,
            'X' => ResultCode::Unknown,
            ' ' => ResultCode::Blank,
            _ => return None,
        })
    }

    /// The TRF character (upper case; a space for [`ResultCode::Blank`]).
    #[must_use]
    pub const fn trf_char(self) -> char {
        match self {
            ResultCode::Win => '1',
            ResultCode::Draw => '=',
            ResultCode::Loss => '0',
            ResultCode::UnratedWin => 'W',
            ResultCode::UnratedDraw => 'D',
            ResultCode::UnratedLoss => 'L',
            ResultCode::ForfeitWin => '+',
            ResultCode::ForfeitLoss => '-',
            ResultCode::HalfBye => 'H',
            ResultCode::FullBye => 'F',
            ResultCode::Pab => 'U',
            ResultCode::ZeroBye => 'Z',
            ResultCode::Unknown => 'X',
            ResultCode::Blank => ' ',
        }
    }

    /// A game played over the board (`1 = 0 W D L`): it counts as a meeting for colour history
    /// and pairing (C.04), and for tie-breaks it is a played game.
    #[must_use]
    pub const fn is_played(self) -> bool {
        matches!(
            self,
            ResultCode::Win
                | ResultCode::Draw
                | ResultCode::Loss
                | ResultCode::UnratedWin
                | ResultCode::UnratedDraw
                | ResultCode::UnratedLoss
        )
    }

    /// A game that is FIDE-rated (`1 = 0` only).
    #[must_use]
    pub const fn is_rated(self) -> bool {
        matches!(self, ResultCode::Win | ResultCode::Draw | ResultCode::Loss)
    }

    /// A forfeit (`+` or `-`).
    #[must_use]
    pub const fn is_forfeit(self) -> bool {
        matches!(self, ResultCode::ForfeitWin | ResultCode::ForfeitLoss)
    }

    /// A code that only makes sense without an opponent: `H F U Z` (a bye or an absence).
    #[must_use]
    pub const fn is_bye(self) -> bool {
        matches!(
            self,
            ResultCode::HalfBye | ResultCode::FullBye | ResultCode::Pab | ResultCode::ZeroBye
        )
    }

    /// The opponent's code for a normal outcome: `1`/`0`, `=`/`=`, `W`/`L`, `D`/`D`, `+`/`-`,
    /// `X`/`X`, blank/blank. `None` for bye codes.
    #[must_use]
    pub const fn complement(self) -> Option<ResultCode> {
        Some(match self {
            ResultCode::Win => ResultCode::Loss,
            ResultCode::Loss => ResultCode::Win,
            ResultCode::Draw => ResultCode::Draw,
            ResultCode::UnratedWin => ResultCode::UnratedLoss,
            ResultCode::UnratedLoss => ResultCode::UnratedWin,
            ResultCode::UnratedDraw => ResultCode::UnratedDraw,
            ResultCode::ForfeitWin => ResultCode::ForfeitLoss,
            ResultCode::ForfeitLoss => ResultCode::ForfeitWin,
            ResultCode::Unknown => ResultCode::Unknown,
            ResultCode::Blank => ResultCode::Blank,
            ResultCode::HalfBye | ResultCode::FullBye | ResultCode::Pab | ResultCode::ZeroBye => {
                return None;
            }
        })
    }

    /// The family a code belongs to, for checking that two opponents' codes agree.
    const fn family(self) -> u8 {
        match self {
            ResultCode::Win | ResultCode::Draw | ResultCode::Loss => 0,
            ResultCode::UnratedWin | ResultCode::UnratedDraw | ResultCode::UnratedLoss => 1,
            ResultCode::ForfeitWin | ResultCode::ForfeitLoss => 2,
            ResultCode::Unknown => 3,
            ResultCode::Blank => 4,
            ResultCode::HalfBye | ResultCode::FullBye | ResultCode::Pab | ResultCode::ZeroBye => 5,
        }
    }
}

/// What kind of penalty or decision made a game's scores unusual.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PenaltyKind {
    /// Art. 13.4(e): the points scored in the game by the offender were reduced.
    OffenderReduced,
    /// Art. 13.4(f): the points of the opponent were increased, up to the maximum for the game.
    OpponentRaised,
    /// Art. 12.8 (with 12.7): both players persistently refused to comply; the game is lost by both.
    LostByBoth,
    /// Another arbiter's decision (for example Art. 12.7 or 11.3 with the opponent's score decided).
    Other,
}

/// The arbiter's reason for unusual scores, kept with the result.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Penalty {
    /// Which kind of decision.
    pub kind: PenaltyKind,
    /// The reason, in the arbiter's words (free text; may be empty when read from a TRF file,
    /// which has no place for it except the TRF-2026 `299` record).
    pub reason: String,
}

/// The classified outcome of a game, from its two codes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Outcome {
    /// Paired, no result yet (both codes blank).
    Pending,
    /// Decided over the board (`1`-`0` or `W`-`L`); `rated` is false for `W`/`L`.
    Won {
        /// The winner's colour.
        winner: Colour,
        /// Whether the game is rated (`1`/`0`), not a game of less than one move.
        rated: bool,
    },
    /// Drawn over the board (`=`/`=` or `D`/`D`).
    Drawn {
        /// Whether the game is rated.
        rated: bool,
    },
    /// Won by forfeit (`+`/`-`): not a played game.
    Forfeit {
        /// The colour of the player who won by forfeit.
        winner: Colour,
    },
    /// Both players forfeited (`-`/`-`).
    DoubleForfeit,
    /// Lost by both players (Art. 12.8): `0`/`0`, a played game.
    LostByBoth,
    /// Result not known (TRF-2026 `X`), for example adjourned (Appendix A).
    Unknown,
    /// Any other pair of codes: scores set by an arbiter's penalty (Art. 13.4(e)/(f)), or an
    /// inconsistency to report.
    Asymmetric,
}

/// The result of one game: each player's code, an optional penalty and who recorded it.
///
/// The codes are what TRF writes for each player; together they express every outcome in
/// [`Outcome`], including a double forfeit (`-`/`-`), a game lost by both (`0`/`0`, Art. 12.8),
/// an adjourned or unknown result (`X`/`X`) and asymmetric scores (for example `0`/`=`: a draw
/// with the offender's half point taken away, Art. 13.4(e)).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct GameResult {
    /// White's code.
    pub white: ResultCode,
    /// Black's code.
    pub black: ResultCode,
    /// The arbiter's decision behind unusual scores, if any.
    pub penalty: Option<Penalty>,
    /// Who recorded the result (an arbiter's name or account), if known. TRF does not carry it.
    pub recorded_by: Option<String>,
}

impl GameResult {
    /// A result from two codes, with no penalty and no recorder.
    #[must_use]
    pub const fn new(white: ResultCode, black: ResultCode) -> GameResult {
        GameResult {
            white,
            black,
            penalty: None,
            recorded_by: None,
        }
    }

    /// Paired, not yet played.
    #[must_use]
    pub const fn pending() -> GameResult {
        GameResult::new(ResultCode::Blank, ResultCode::Blank)
    }

    /// White won over the board (`1`-`0`).
    #[must_use]
    pub const fn white_wins() -> GameResult {
        GameResult::new(ResultCode::Win, ResultCode::Loss)
    }

    /// Black won over the board (`0`-`1`).
    #[must_use]
    pub const fn black_wins() -> GameResult {
        GameResult::new(ResultCode::Loss, ResultCode::Win)
    }

    /// A draw over the board (`=`-`=`).
    #[must_use]
    pub const fn draw() -> GameResult {
        GameResult::new(ResultCode::Draw, ResultCode::Draw)
    }

    /// A forfeit won by `winner` (`+`/`-`).
    #[must_use]
    pub const fn forfeit(winner: Colour) -> GameResult {
        match winner {
            Colour::White => GameResult::new(ResultCode::ForfeitWin, ResultCode::ForfeitLoss),
            Colour::Black => GameResult::new(ResultCode::ForfeitLoss, ResultCode::ForfeitWin),
        }
    }

    /// Both players forfeited (`-`/`-`).
    #[must_use]
    pub const fn double_forfeit() -> GameResult {
        GameResult::new(ResultCode::ForfeitLoss, ResultCode::ForfeitLoss)
    }

    /// Lost by both players (Art. 12.8), with the arbiter's reason.
    #[must_use]
    pub fn lost_by_both(reason: impl Into<String>) -> GameResult {
        GameResult {
            penalty: Some(Penalty {
                kind: PenaltyKind::LostByBoth,
                reason: reason.into(),
            }),
            ..GameResult::new(ResultCode::Loss, ResultCode::Loss)
        }
    }

    /// Result unknown, for example an adjourned game (TRF-2026 `X`).
    #[must_use]
    pub const fn unknown() -> GameResult {
        GameResult::new(ResultCode::Unknown, ResultCode::Unknown)
    }

    /// Scores set by the arbiter (Art. 13.4(e)/(f)): each side's code given separately, with the
    /// penalty's kind and reason kept.
    #[must_use]
    pub fn penalised(
        white: ResultCode,
        black: ResultCode,
        kind: PenaltyKind,
        reason: impl Into<String>,
    ) -> GameResult {
        GameResult {
            penalty: Some(Penalty {
                kind,
                reason: reason.into(),
            }),
            ..GameResult::new(white, black)
        }
    }

    /// The same result, marked as recorded by `who`.
    #[must_use]
    pub fn recorded_by(mut self, who: impl Into<String>) -> GameResult {
        self.recorded_by = Some(who.into());
        self
    }

    /// The code of the player with `colour`.
    #[must_use]
    pub const fn code(&self, colour: Colour) -> ResultCode {
        match colour {
            Colour::White => self.white,
            Colour::Black => self.black,
        }
    }

    /// Classifies the pair of codes.
    #[must_use]
    pub const fn outcome(&self) -> Outcome {
        use ResultCode as R;
        match (self.white, self.black) {
            (R::Blank, R::Blank) => Outcome::Pending,
            (R::Win, R::Loss) => Outcome::Won {
                winner: Colour::White,
                rated: true,
            },
            (R::Loss, R::Win) => Outcome::Won {
                winner: Colour::Black,
                rated: true,
            },
            (R::UnratedWin, R::UnratedLoss) => Outcome::Won {
                winner: Colour::White,
                rated: false,
            },
            (R::UnratedLoss, R::UnratedWin) => Outcome::Won {
                winner: Colour::Black,
                rated: false,
            },
            (R::Draw, R::Draw) => Outcome::Drawn { rated: true },
            (R::UnratedDraw, R::UnratedDraw) => Outcome::Drawn { rated: false },
            (R::ForfeitWin, R::ForfeitLoss) => Outcome::Forfeit {
                winner: Colour::White,
            },
            (R::ForfeitLoss, R::ForfeitWin) => Outcome::Forfeit {
                winner: Colour::Black,
            },
            (R::ForfeitLoss, R::ForfeitLoss) => Outcome::DoubleForfeit,
            (R::Loss, R::Loss) => Outcome::LostByBoth,
            (R::Unknown, R::Unknown) => Outcome::Unknown,
            _ => Outcome::Asymmetric,
        }
    }

    /// Whether the two codes can stand together in one game: the same family (over the board,
    /// less than one move, forfeit, unknown, blank), never a bye code. Asymmetric scores within a
    /// family (`=`/`0`, `1`/`1`) are coherent: an arbiter may have set them (Art. 13.4).
    #[must_use]
    pub const fn is_coherent(&self) -> bool {
        self.white.family() == self.black.family() && self.white.family() != 5
    }
}

/// The number of points a code is worth is given by a [`crate::ScoringSystem`]; this is a
/// convenience for the default scoring of Art. 11.
#[must_use]
pub fn default_points(code: ResultCode) -> Points {
    crate::ScoringSystem::default().points(code)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_round_trips_through_its_char() {
        for code in ResultCode::ALL {
            assert_eq!(ResultCode::from_trf_char(code.trf_char()), Some(code));
            let lower = code.trf_char().to_ascii_lowercase();
            assert_eq!(ResultCode::from_trf_char(lower), Some(code));
        }
        assert_eq!(ResultCode::from_trf_char('?'), None);
        assert_eq!(ResultCode::from_trf_char('2'), None);
    }

    #[test]
    fn outcomes_are_classified() {
        assert_eq!(
            GameResult::white_wins().outcome(),
            Outcome::Won {
                winner: Colour::White,
                rated: true
            }
        );
        assert_eq!(
            GameResult::double_forfeit().outcome(),
            Outcome::DoubleForfeit
        );
        assert_eq!(
            GameResult::lost_by_both("12.7").outcome(),
            Outcome::LostByBoth
        );
        assert_eq!(GameResult::unknown().outcome(), Outcome::Unknown);
        assert_eq!(
            GameResult::forfeit(Colour::Black).outcome(),
            Outcome::Forfeit {
                winner: Colour::Black
            }
        );
        let p = GameResult::penalised(
            ResultCode::Loss,
            ResultCode::Draw,
            PenaltyKind::OffenderReduced,
            "phone rang",
        );
        assert_eq!(p.outcome(), Outcome::Asymmetric);
        assert!(p.is_coherent());
        assert!(!GameResult::new(ResultCode::Win, ResultCode::ForfeitLoss).is_coherent());
        assert!(!GameResult::new(ResultCode::Pab, ResultCode::Pab).is_coherent());
    }

    #[test]
    fn played_and_rated() {
        assert!(ResultCode::UnratedWin.is_played());
        assert!(!ResultCode::UnratedWin.is_rated());
        assert!(!ResultCode::ForfeitWin.is_played());
        assert!(ResultCode::Draw.is_rated());
        assert_eq!(ResultCode::Pab.complement(), None);
        assert_eq!(ResultCode::Win.complement(), Some(ResultCode::Loss));
    }
}
