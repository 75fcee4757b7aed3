//! Draws by rule (Art. 9): threefold repetition and the fifty-move rule, their claims (9.2, 9.3),
//! the clock adjustment for an incorrect claim (9.5(b)), and the later Laws' automatic draws
//! (fivefold repetition, 75 moves: 9.6).
//!
//! Positions are "the same" exactly as Art. 9.2 defines it: the same player to move, the same
//! pieces on the same squares, the same castling rights and the same en passant possibility (an en
//! passant square counts only when an en passant capture is legal); [`Position::repetition_key`]
//! hashes exactly that.

use std::time::Duration;

use crate::position::Position;
use crate::types::Move;

/// Which edition of the Laws of Chess governs the game: a tournament setting.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum LawsEdition {
    /// The Laws adopted in 2000, in force from 1 July 2001: draws by repetition and fifty moves only
    /// on a claim (9.2, 9.3); an incorrect claim halves the claimant's time (9.5(b)); the third
    /// illegal move loses (7.4(b)); the default time is one hour (6.7).
    #[default]
    Laws2001,
    /// The later Laws (2014 onwards, as in the 2017 and 2023 editions): also an automatic draw on the
    /// fifth occurrence of a position or after 75 moves by each side without pawn move or capture,
    /// unless the last move mates (9.6); an incorrect claim gives the opponent two minutes; the
    /// second illegal move loses in standard play (7.4(b)).
    Later,
}

/// The draw claims of Art. 9.2 and 9.3, made by the player having the move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Claim {
    /// 9.2(a): the position is about to appear for at least the third time after the written move.
    RepetitionAfter(Move),
    /// 9.2(b): the position has just appeared for at least the third time.
    Repetition,
    /// 9.3(a): the written move will complete 50 moves by each player without pawn move or capture.
    FiftyMovesAfter(Move),
    /// 9.3(b): the last 50 moves by each player were made without pawn move or capture.
    FiftyMoves,
}

impl Claim {
    /// The article the claim is made under: `"9.2(a)"`, `"9.2(b)"`, `"9.3(a)"` or `"9.3(b)"`.
    #[must_use]
    pub const fn article(self) -> &'static str {
        match self {
            Claim::RepetitionAfter(_) => "9.2(a)",
            Claim::Repetition => "9.2(b)",
            Claim::FiftyMovesAfter(_) => "9.3(a)",
            Claim::FiftyMoves => "9.3(b)",
        }
    }
}

/// The arbiter's decision on a draw claim (Art. 9.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClaimVerdict {
    /// 9.5(a): the claim is correct; the game is drawn.
    Correct,
    /// 9.5(b): the claim is incorrect; the clocks are adjusted ([`incorrect_claim_times`]) and play
    /// continues (with the written move made, for a 9.2(a)/9.3(a) claim).
    Incorrect,
    /// The written move of a 9.2(a)/9.3(a) claim is not legal (Art. 3): the claim cannot be judged
    /// on it.
    IllegalWrittenMove,
}

/// An automatic draw of the later Laws (Art. 9.6 as amended).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AutomaticDraw {
    /// The same position has appeared at least five times.
    FivefoldRepetition,
    /// 75 moves by each player without pawn move or capture, the last move not mating.
    SeventyFiveMoves,
}

impl AutomaticDraw {
    /// The article: `"9.6(a)"` (fivefold) or `"9.6(b)"` (75 moves), later Laws.
    #[must_use]
    pub const fn article(self) -> &'static str {
        match self {
            AutomaticDraw::FivefoldRepetition => "9.6(a)",
            AutomaticDraw::SeventyFiveMoves => "9.6(b)",
        }
    }
}

/// The positions of a game so far, by their Art. 9.2 identity, to count repetitions.
///
/// Push every position after each move; a position is compared only with earlier positions that
/// have the same player to move and come after the last capture or pawn move (no earlier one can be
/// the same).
#[derive(Clone, Debug, Default)]
pub struct History {
    keys: Vec<u64>,
}

impl History {
    /// A history that starts with `start` (the initial position or a set-up position).
    #[must_use]
    pub fn new(start: &Position) -> History {
        let mut keys = Vec::with_capacity(128);
        keys.push(start.repetition_key());
        History { keys }
    }

    /// Records `pos`, the position after the latest move.
    #[inline]
    pub fn push(&mut self, pos: &Position) {
        self.keys.push(pos.repetition_key());
    }

    /// Removes the latest position (a move taken back, Art. 7.4(a)).
    pub fn pop(&mut self) {
        if self.keys.len() > 1 {
            self.keys.pop();
        }
    }

    /// The number of positions recorded, the starting one included.
    #[must_use]
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// `true` when nothing was recorded (never after [`History::new`]).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    /// How many times `key` occurs among the recorded positions in the reversible window of
    /// `halfmove_clock` plies that end at the latest one, counting positions with the same player
    /// to move (every second one, from the latest backward).
    fn count_in_window(&self, key: u64, halfmove_clock: u32, skip_latest: bool) -> usize {
        let len = self.keys.len();
        let window = (halfmove_clock as usize + 1).min(len);
        let start = len - window;
        let first = if skip_latest {
            len.saturating_sub(2)
        } else {
            len - 1
        };
        let mut count = 0;
        let mut i = first as isize;
        while i >= start as isize {
            if self.keys[i as usize] == key {
                count += 1;
            }
            i -= 2;
        }
        count
    }

    /// How many times the current position `pos` (the latest pushed) has appeared, itself included
    /// (Art. 9.2).
    #[must_use]
    pub fn occurrences(&self, pos: &Position) -> usize {
        self.count_in_window(pos.repetition_key(), pos.halfmove_clock(), false)
    }

    /// How many times the position after `m` (played from `pos`, the latest pushed) would have
    /// appeared, itself included (Art. 9.2(a)); `None` if `m` is illegal.
    #[must_use]
    pub fn occurrences_after(&self, pos: &Position, m: Move) -> Option<usize> {
        let next = pos.play(m).ok()?;
        if next.halfmove_clock() == 0 {
            return Some(1);
        }
        // The new position has the other player to move: compare with the positions one ply back
        // from the latest, every second one.
        Some(1 + self.count_in_window(next.repetition_key(), next.halfmove_clock() - 1, true))
    }

    /// Judges a draw claim by the player having the move in `pos` (the latest pushed position):
    /// Art. 9.2 and 9.3, decided as 9.5 says.
    #[must_use]
    pub fn judge(&self, pos: &Position, claim: Claim) -> ClaimVerdict {
        let verdict = |ok: bool| {
            if ok {
                ClaimVerdict::Correct
            } else {
                ClaimVerdict::Incorrect
            }
        };
        match claim {
            Claim::Repetition => verdict(self.occurrences(pos) >= 3),
            Claim::FiftyMoves => verdict(pos.halfmove_clock() >= 100),
            Claim::RepetitionAfter(m) => match self.occurrences_after(pos, m) {
                Some(n) => verdict(n >= 3),
                None => ClaimVerdict::IllegalWrittenMove,
            },
            Claim::FiftyMovesAfter(m) => match pos.play(m) {
                Ok(next) => verdict(next.halfmove_clock() >= 100),
                Err(_) => ClaimVerdict::IllegalWrittenMove,
            },
        }
    }

    /// The later Laws' automatic draw that has occurred in `pos` (the latest pushed), if any
    /// (Art. 9.6 as amended: fivefold repetition; 75 moves each without pawn move or capture unless
    /// the last move checkmated). Always `None` under the 2001 Laws.
    #[must_use]
    pub fn automatic_draw(&self, pos: &Position, edition: LawsEdition) -> Option<AutomaticDraw> {
        if edition == LawsEdition::Laws2001 {
            return None;
        }
        automatic_draw(pos, self.occurrences(pos), edition)
    }
}

/// The later Laws' automatic draw in `pos`, given how many times it has occurred (Art. 9.6 as
/// amended: the fifth occurrence; 75 moves each without pawn move or capture, unless the last move
/// checkmated). Always `None` under the 2001 Laws. For callers that already counted occurrences
/// (game replay); [`History::automatic_draw`] counts them itself.
#[must_use]
pub fn automatic_draw(
    pos: &Position,
    occurrences: usize,
    edition: LawsEdition,
) -> Option<AutomaticDraw> {
    if edition == LawsEdition::Laws2001 {
        None
    } else if occurrences >= 5 {
        Some(AutomaticDraw::FivefoldRepetition)
    } else if pos.halfmove_clock() >= 150 && !pos.is_checkmate() {
        Some(AutomaticDraw::SeventyFiveMoves)
    } else {
        None
    }
}

/// The remaining times after an incorrect draw claim (Art. 9.5(b)): `(claimant, opponent)`.
///
/// 2001 Laws: three minutes are added to the opponent's time; the claimant's time, if more than
/// two minutes, is halved but reduced by no more than three minutes; if more than one and less than
/// two minutes, it becomes one minute (at exactly two minutes both readings give one minute); at one
/// minute or less it is unchanged. Later Laws: two minutes are added to the opponent's time and the
/// claimant's time is unchanged.
#[must_use]
pub fn incorrect_claim_times(
    edition: LawsEdition,
    claimant: Duration,
    opponent: Duration,
) -> (Duration, Duration) {
    const MINUTE: Duration = Duration::from_secs(60);
    match edition {
        LawsEdition::Laws2001 => {
            let claimant = if claimant > 2 * MINUTE {
                // At most half is taken away: never below zero.
                claimant.saturating_sub((claimant / 2).min(3 * MINUTE))
            } else if claimant > MINUTE {
                MINUTE
            } else {
                claimant
            };
            (claimant, opponent + 3 * MINUTE)
        }
        LawsEdition::Later => (claimant, opponent + 2 * MINUTE),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::{MoveKind, Square};

    fn mv(from: Square, to: Square) -> Move {
        Move::new(from, to, MoveKind::Normal)
    }

    /// Plays knight shuffles Ng1-f3, Ng8-f6, Nf3-g1, Nf6-g8 `cycles` times from the start.
    fn shuffle(cycles: usize) -> (Position, History) {
        let mut pos = Position::new();
        let mut history = History::new(&pos);
        for _ in 0..cycles {
            for m in [
                mv(Square::G1, Square::F3),
                mv(Square::G8, Square::F6),
                mv(Square::F3, Square::G1),
                mv(Square::F6, Square::G8),
            ] {
                pos = pos.play(m).unwrap();
                history.push(&pos);
            }
        }
        (pos, history)
    }

    #[test]
    fn threefold_counts_the_start_position() {
        let (pos, history) = shuffle(1);
        assert_eq!(history.occurrences(&pos), 2);
        assert_eq!(
            history.judge(&pos, Claim::Repetition),
            ClaimVerdict::Incorrect
        );
        let (pos, history) = shuffle(2);
        assert_eq!(history.occurrences(&pos), 3);
        assert_eq!(
            history.judge(&pos, Claim::Repetition),
            ClaimVerdict::Correct
        );
    }

    #[test]
    fn claim_with_written_move() {
        // After 1.Nf3 Nf6 2.Ng1 Ng8 3.Nf3 Nf6 4.Ng1, Black writes Ng8: the start position for the
        // third time (9.2(a)).
        let (mut pos, mut history) = shuffle(1);
        for m in [
            mv(Square::G1, Square::F3),
            mv(Square::G8, Square::F6),
            mv(Square::F3, Square::G1),
        ] {
            pos = pos.play(m).unwrap();
            history.push(&pos);
        }
        let written = mv(Square::F6, Square::G8);
        assert_eq!(history.occurrences_after(&pos, written), Some(3));
        assert_eq!(
            history.judge(&pos, Claim::RepetitionAfter(written)),
            ClaimVerdict::Correct
        );
        let other = mv(Square::F6, Square::H5);
        assert_eq!(
            history.judge(&pos, Claim::RepetitionAfter(other)),
            ClaimVerdict::Incorrect
        );
        let illegal = mv(Square::F6, Square::F4);
        assert_eq!(
            history.judge(&pos, Claim::RepetitionAfter(illegal)),
            ClaimVerdict::IllegalWrittenMove
        );
    }

    #[test]
    fn en_passant_possibility_makes_positions_differ() {
        // After 1.e4 Nf6 2.e5 d5 White may capture en passant; after 3.Nf3 Nc6 4.Ng1 Nb8 the pieces
        // stand as before but the capture is gone, so the position is not the same (9.2).
        let mut pos =
            Position::from_fen("rnbqkb1r/ppp1pppp/5n2/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3")
                .unwrap();
        assert_eq!(pos.legal_en_passant(), Some(Square::D6));
        let mut history = History::new(&pos);
        for m in [
            mv(Square::G1, Square::F3),
            mv(Square::B8, Square::C6),
            mv(Square::F3, Square::G1),
            mv(Square::C6, Square::B8),
        ] {
            pos = pos.play(m).unwrap();
            history.push(&pos);
        }
        assert_eq!(
            history.occurrences(&pos),
            1,
            "the e.p. possibility was lost"
        );
    }

    #[test]
    fn castling_rights_make_positions_differ() {
        let mut pos = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
        let mut history = History::new(&pos);
        for m in [
            mv(Square::E1, Square::E2),
            mv(Square::E8, Square::E7),
            mv(Square::E2, Square::E1),
            mv(Square::E7, Square::E8),
        ] {
            pos = pos.play(m).unwrap();
            history.push(&pos);
        }
        assert_eq!(history.occurrences(&pos), 1);
        for m in [
            mv(Square::E1, Square::E2),
            mv(Square::E8, Square::E7),
            mv(Square::E2, Square::E1),
            mv(Square::E7, Square::E8),
        ] {
            pos = pos.play(m).unwrap();
            history.push(&pos);
        }
        assert_eq!(history.occurrences(&pos), 2);
    }

    #[test]
    fn fifty_moves_and_seventy_five() {
        let pos = Position::from_fen("8/8/4k3/8/8/4K3/8/R7 w - - 99 80").unwrap();
        let history = History::new(&pos);
        assert_eq!(
            history.judge(&pos, Claim::FiftyMoves),
            ClaimVerdict::Incorrect
        );
        assert_eq!(
            history.judge(&pos, Claim::FiftyMovesAfter(mv(Square::A1, Square::A2))),
            ClaimVerdict::Correct
        );
        let pos = Position::from_fen("8/8/4k3/8/8/4K3/8/R7 w - - 100 80").unwrap();
        assert_eq!(
            History::new(&pos).judge(&pos, Claim::FiftyMoves),
            ClaimVerdict::Correct
        );
        let pos = Position::from_fen("8/8/4k3/8/8/4K3/8/R7 w - - 150 80").unwrap();
        let history = History::new(&pos);
        assert_eq!(history.automatic_draw(&pos, LawsEdition::Laws2001), None);
        assert_eq!(
            history.automatic_draw(&pos, LawsEdition::Later),
            Some(AutomaticDraw::SeventyFiveMoves)
        );
        // A mate on the 75th move stands.
        let mate = Position::from_fen("4k2R/8/4K3/8/8/8/8/8 b - - 150 80").unwrap();
        assert!(mate.is_checkmate());
        assert_eq!(
            History::new(&mate).automatic_draw(&mate, LawsEdition::Later),
            None
        );
    }

    #[test]
    fn fivefold_is_automatic_only_in_the_later_laws() {
        let (pos, history) = shuffle(4);
        assert_eq!(history.occurrences(&pos), 5);
        assert_eq!(history.automatic_draw(&pos, LawsEdition::Laws2001), None);
        assert_eq!(
            history.automatic_draw(&pos, LawsEdition::Later),
            Some(AutomaticDraw::FivefoldRepetition)
        );
    }

    #[test]
    fn incorrect_claim_clock_adjustment() {
        let m = |s: u64| Duration::from_secs(s);
        let laws = LawsEdition::Laws2001;
        // More than two minutes: halved, by no more than three minutes.
        assert_eq!(incorrect_claim_times(laws, m(300), m(60)), (m(150), m(240)));
        assert_eq!(incorrect_claim_times(laws, m(600), m(60)), (m(420), m(240)));
        assert_eq!(incorrect_claim_times(laws, m(150), m(0)), (m(75), m(180)));
        // Between one and two minutes: one minute.
        assert_eq!(incorrect_claim_times(laws, m(90), m(0)), (m(60), m(180)));
        // Less than one minute: unchanged.
        assert_eq!(incorrect_claim_times(laws, m(45), m(10)), (m(45), m(190)));
        assert_eq!(
            incorrect_claim_times(LawsEdition::Later, m(300), m(60)),
            (m(300), m(180))
        );
    }
}
