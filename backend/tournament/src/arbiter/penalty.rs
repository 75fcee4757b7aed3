//! Incidents and penalties: Art. 13.4(a)-(g), 12.7, 12.8, illegal moves (7.4), mobile phones
//! (Art. 12, later Laws) and incorrect draw claims (9.5(b)).
//!
//! An [`Incident`] is what the arbiter records for a game: who offended, which [`Sanction`] was
//! applied and why. [`Incident::effect`] turns it into its [`Effect`]: a new [`GameResult`] (with
//! the [`Penalty`] kind and reason kept for the standings, the crosstable and the
//! TRF export), a change of the clocks, and/or a player to withdraw from the remaining rounds.
//! [`Effect::apply`] writes it into a [`Tournament`].
//!
//! Where the Laws have an exception for an opponent who cannot checkmate (7.4(b)), the rules core
//! decides it ([`arbiter_rules::can_checkmate`]). Art. 13.4(d) itself has no such exception: a game
//! declared lost is a loss for the offender and a win for the opponent.

use std::time::Duration;

use serde::{Deserialize, Serialize};

use arbiter_rules::Position;
use arbiter_rules::draw::{LawsEdition, incorrect_claim_times};
use arbiter_rules::{Winnability, can_checkmate};

use crate::model::{PairingNumber, PlayerStatus, RoundNumber, Tournament};
use crate::result::{Colour, GameResult, Outcome, Penalty, PenaltyKind, ResultCode};
use crate::scoring::ScoringSystem;

use super::{colour_name, to_rules_colour};

/// A penalty or decision the arbiter applies to one player of a game (or to both, 12.8).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Sanction {
    /// Art. 13.4(a): a warning. No effect on result or clocks; it is recorded.
    Warning,
    /// Art. 13.4(b): the opponent's remaining time is increased by `seconds`.
    TimeAddedToOpponent {
        /// Seconds added (positive).
        seconds: u32,
    },
    /// Art. 13.4(c): the offender's remaining time is reduced by `seconds` (not below zero).
    TimeRemovedFromOffender {
        /// Seconds removed (positive).
        seconds: u32,
    },
    /// Art. 13.4(d): the game is declared lost by the offender; the opponent wins.
    GameLost,
    /// Art. 13.4(e): the points the offender scored in the game are reduced: his code becomes `to`
    /// (same family as his current code, worth fewer points), the opponent's stays.
    PointsReduced {
        /// The offender's new code, e.g. `0` instead of `=`.
        to: ResultCode,
    },
    /// Art. 13.4(f): the opponent's points are raised to the maximum available for the game (his
    /// code becomes a win of the same family); the offender's stay.
    OpponentRaised,
    /// Art. 13.4(g): expulsion from the event: the offender is withdrawn from the remaining rounds
    /// (not paired). Combine with [`Sanction::GameLost`] to lose the current game too.
    Expulsion,
    /// Art. 12.7: persistent refusal to comply with the Laws: the offender loses; the arbiter
    /// decides the opponent's score (`opponent`: `1`, `=` or `0`).
    PersistentRefusal {
        /// The opponent's code, as the arbiter decides it.
        opponent: ResultCode,
    },
    /// Art. 12.8: both players persistently refused to comply: the game is lost by both (`0`/`0`).
    LostByBoth,
    /// Later Laws (Art. 12, mobile phone): a phone rang or was carried in the playing venue: the
    /// owner loses; the arbiter decides the opponent's score. Under the 2001 Laws this is a
    /// disturbance (Art. 12.6) to be penalised with the sanctions of 13.4 instead
    /// ([`PenaltyError::PhoneUnder2001Laws`]).
    MobilePhone {
        /// The opponent's code, as the arbiter decides it.
        opponent: ResultCode,
    },
}

impl Sanction {
    /// The article it applies: `13.4(a)` ... `13.4(g)`, `12.7`, `12.8`, `12 (mobile phone)`.
    #[must_use]
    pub const fn article(&self) -> &'static str {
        match self {
            Sanction::Warning => "13.4(a)",
            Sanction::TimeAddedToOpponent { .. } => "13.4(b)",
            Sanction::TimeRemovedFromOffender { .. } => "13.4(c)",
            Sanction::GameLost => "13.4(d)",
            Sanction::PointsReduced { .. } => "13.4(e)",
            Sanction::OpponentRaised => "13.4(f)",
            Sanction::Expulsion => "13.4(g)",
            Sanction::PersistentRefusal { .. } => "12.7",
            Sanction::LostByBoth => "12.8",
            Sanction::MobilePhone { .. } => "12 (mobile phone, later Laws)",
        }
    }

    /// A stable name for storage and the API: `warning`, `time_added`, `time_removed`,
    /// `game_lost`, `points_reduced`, `opponent_raised`, `expulsion`, `persistent_refusal`,
    /// `lost_by_both`, `mobile_phone`.
    #[must_use]
    pub const fn name(&self) -> &'static str {
        match self {
            Sanction::Warning => "warning",
            Sanction::TimeAddedToOpponent { .. } => "time_added",
            Sanction::TimeRemovedFromOffender { .. } => "time_removed",
            Sanction::GameLost => "game_lost",
            Sanction::PointsReduced { .. } => "points_reduced",
            Sanction::OpponentRaised => "opponent_raised",
            Sanction::Expulsion => "expulsion",
            Sanction::PersistentRefusal { .. } => "persistent_refusal",
            Sanction::LostByBoth => "lost_by_both",
            Sanction::MobilePhone { .. } => "mobile_phone",
        }
    }

    /// Rebuilds a sanction from its [`Sanction::name`], the seconds of 13.4(b)/(c) and the code of
    /// 13.4(e), 12.7 and the mobile phone (as stored).
    ///
    /// # Errors
    /// [`PenaltyError::Unknown`] for an unknown name or a missing parameter.
    pub fn from_parts(
        name: &str,
        seconds: Option<u32>,
        code: Option<ResultCode>,
    ) -> Result<Sanction, PenaltyError> {
        let missing = || PenaltyError::Unknown(format!("`{name}` lacks its parameter"));
        Ok(match name {
            "warning" => Sanction::Warning,
            "time_added" => Sanction::TimeAddedToOpponent {
                seconds: seconds.ok_or_else(missing)?,
            },
            "time_removed" => Sanction::TimeRemovedFromOffender {
                seconds: seconds.ok_or_else(missing)?,
            },
            "game_lost" => Sanction::GameLost,
            "points_reduced" => Sanction::PointsReduced {
                to: code.ok_or_else(missing)?,
            },
            "opponent_raised" => Sanction::OpponentRaised,
            "expulsion" => Sanction::Expulsion,
            "persistent_refusal" => Sanction::PersistentRefusal {
                opponent: code.ok_or_else(missing)?,
            },
            "lost_by_both" => Sanction::LostByBoth,
            "mobile_phone" => Sanction::MobilePhone {
                opponent: code.ok_or_else(missing)?,
            },
            other => return Err(PenaltyError::Unknown(format!("no sanction `{other}`"))),
        })
    }

    /// The seconds parameter (13.4(b)/(c)), for storage.
    #[must_use]
    pub const fn seconds(&self) -> Option<u32> {
        match self {
            Sanction::TimeAddedToOpponent { seconds }
            | Sanction::TimeRemovedFromOffender { seconds } => Some(*seconds),
            _ => None,
        }
    }

    /// The code parameter (13.4(e), 12.7, mobile phone), for storage.
    #[must_use]
    pub const fn code(&self) -> Option<ResultCode> {
        match self {
            Sanction::PointsReduced { to } => Some(*to),
            Sanction::PersistentRefusal { opponent } | Sanction::MobilePhone { opponent } => {
                Some(*opponent)
            }
            _ => None,
        }
    }
}

/// One incident of a game, as the arbiter records it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Incident {
    /// The offender's colour (for [`Sanction::LostByBoth`], either: both offended).
    pub offender: Colour,
    /// What the arbiter applies.
    pub sanction: Sanction,
    /// Why, in the arbiter's words (kept with the result and in the audit log; never empty).
    pub reason: String,
}

/// A change to the clocks: seconds added (positive) or removed (negative) per player.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ClockChange {
    /// Seconds added to White's remaining time (negative: removed).
    pub white_seconds: i64,
    /// Seconds added to Black's remaining time (negative: removed).
    pub black_seconds: i64,
}

impl ClockChange {
    /// `seconds` added to `colour`'s time.
    #[must_use]
    pub const fn add(colour: Colour, seconds: i64) -> ClockChange {
        match colour {
            Colour::White => ClockChange {
                white_seconds: seconds,
                black_seconds: 0,
            },
            Colour::Black => ClockChange {
                white_seconds: 0,
                black_seconds: seconds,
            },
        }
    }

    /// The remaining times after the change, never below zero: `(white, black)`.
    #[must_use]
    pub fn apply(self, white: Duration, black: Duration) -> (Duration, Duration) {
        let shift = |d: Duration, s: i64| {
            if s >= 0 {
                d + Duration::from_secs(s.unsigned_abs())
            } else {
                d.saturating_sub(Duration::from_secs(s.unsigned_abs()))
            }
        };
        (
            shift(white, self.white_seconds),
            shift(black, self.black_seconds),
        )
    }
}

/// What an incident changes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Effect {
    /// The article applied.
    pub article: &'static str,
    /// The game's new result, if it changes.
    pub result: Option<GameResult>,
    /// The change to the clocks, if any (a game in progress).
    pub clock: Option<ClockChange>,
    /// The player to withdraw from the remaining rounds (13.4(g)): `PlayerStatus::Withdrawn`.
    pub withdraw: Option<Colour>,
    /// A sentence for the board view and the audit log.
    pub message: String,
}

impl Effect {
    fn new(article: &'static str, message: String) -> Effect {
        Effect {
            article,
            result: None,
            clock: None,
            withdraw: None,
            message,
        }
    }

    /// Writes the effect into the tournament: the result of the game of `white` and `black` in
    /// `round`, and the withdrawal (13.4(g)). Clock changes concern the game in progress only and
    /// are not stored in the tournament.
    ///
    /// # Errors
    /// [`PenaltyError::NoSuchGame`] when the round has no game between those players.
    pub fn apply(
        &self,
        t: &mut Tournament,
        round: RoundNumber,
        white: PairingNumber,
        black: PairingNumber,
    ) -> Result<(), PenaltyError> {
        let game = t
            .rounds
            .iter_mut()
            .find(|r| r.number == round)
            .and_then(|r| {
                r.games
                    .iter_mut()
                    .find(|g| g.white == white && g.black == black)
            })
            .ok_or(PenaltyError::NoSuchGame {
                round,
                white,
                black,
            })?;
        if let Some(result) = &self.result {
            game.result = result.clone();
        }
        if let Some(colour) = self.withdraw {
            let pn = match colour {
                Colour::White => white,
                Colour::Black => black,
            };
            if let Some(p) = t.players.iter_mut().find(|p| p.pairing_number == pn) {
                p.status = PlayerStatus::Withdrawn;
            }
        }
        Ok(())
    }
}

/// An incident that cannot be applied as given.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PenaltyError {
    /// No reason given.
    #[error("a penalty needs the arbiter's reason (Art. 13.4)")]
    NoReason,
    /// 13.4(b)/(c) with zero seconds.
    #[error("Art. {0}: the time must be at least one second")]
    NoTime(&'static str),
    /// 13.4(e)/(f) on a game without a result.
    #[error("Art. {0}: the game has no result yet; enter it before changing the points")]
    NoResultYet(&'static str),
    /// 13.4(e): the new code is not worth fewer points or is of another family.
    #[error(
        "Art. 13.4(e): the offender's code `{from}` cannot be reduced to `{to}` (it must score fewer points, in the same kind of result)"
    )]
    NotAReduction {
        /// The current code.
        from: char,
        /// The code asked for.
        to: char,
    },
    /// 13.4(f): the opponent already has the maximum.
    #[error("Art. 13.4(f): the opponent already scores the maximum for the game")]
    AlreadyMaximum,
    /// 12.7 / mobile phone: the opponent's code is not `1`, `=` or `0`.
    #[error("Art. {article}: the opponent's score must be a win, a draw or a loss, not `{code}`")]
    BadOpponentScore {
        /// The article.
        article: &'static str,
        /// The code given.
        code: char,
    },
    /// The mobile-phone loss is a rule of the later Laws only.
    #[error(
        "under the 2001 Laws a ringing phone is a disturbance (Art. 12.6), penalised with the sanctions of Art. 13.4 the arbiter chooses; the automatic loss is a rule of the later Laws"
    )]
    PhoneUnder2001Laws,
    /// A stored sanction that cannot be read.
    #[error("unknown sanction: {0}")]
    Unknown(String),
    /// [`Effect::apply`]: no such game.
    #[error("round {round} has no game {white}-{black}")]
    NoSuchGame {
        /// The round.
        round: RoundNumber,
        /// White's pairing number.
        white: PairingNumber,
        /// Black's pairing number.
        black: PairingNumber,
    },
}

/// Codes of the same kind (over the board, less than one move, forfeit) as `code`: (win, draw, loss).
const fn family_codes(code: ResultCode) -> Option<(ResultCode, Option<ResultCode>, ResultCode)> {
    match code {
        ResultCode::Win | ResultCode::Draw | ResultCode::Loss => {
            Some((ResultCode::Win, Some(ResultCode::Draw), ResultCode::Loss))
        }
        ResultCode::UnratedWin | ResultCode::UnratedDraw | ResultCode::UnratedLoss => Some((
            ResultCode::UnratedWin,
            Some(ResultCode::UnratedDraw),
            ResultCode::UnratedLoss,
        )),
        ResultCode::ForfeitWin | ResultCode::ForfeitLoss => {
            Some((ResultCode::ForfeitWin, None, ResultCode::ForfeitLoss))
        }
        _ => None,
    }
}

fn with_code(result: &GameResult, colour: Colour, code: ResultCode) -> GameResult {
    let mut r = GameResult::new(result.white, result.black);
    match colour {
        Colour::White => r.white = code,
        Colour::Black => r.black = code,
    }
    r
}

/// The result "`loser` lost, the opponent's code is `opponent`".
fn loss_for(loser: Colour, opponent: ResultCode) -> GameResult {
    match loser {
        Colour::White => GameResult::new(ResultCode::Loss, opponent),
        Colour::Black => GameResult::new(opponent, ResultCode::Loss),
    }
}

fn check_decided_score(article: &'static str, code: ResultCode) -> Result<(), PenaltyError> {
    if matches!(code, ResultCode::Win | ResultCode::Draw | ResultCode::Loss) {
        Ok(())
    } else {
        Err(PenaltyError::BadOpponentScore {
            article,
            code: code.trf_char(),
        })
    }
}

impl Incident {
    /// An incident with its reason.
    ///
    /// # Errors
    /// [`PenaltyError::NoReason`] when the reason is blank.
    pub fn new(
        offender: Colour,
        sanction: Sanction,
        reason: impl Into<String>,
    ) -> Result<Incident, PenaltyError> {
        let reason = reason.into();
        if reason.trim().is_empty() {
            return Err(PenaltyError::NoReason);
        }
        Ok(Incident {
            offender,
            sanction,
            reason,
        })
    }

    /// The effect of the incident on a game whose result is now `current` (pending for a game in
    /// progress), under `scoring` and `edition`.
    ///
    /// - 13.4(a): nothing changes (the warning is recorded).
    /// - 13.4(b)/(c): the clocks change by the seconds given.
    /// - 13.4(d): the offender `0`, the opponent `1` (penalty kind `Other`, reason kept).
    /// - 13.4(e): the offender's code becomes the lower one, the opponent's stays
    ///   (`OffenderReduced`).
    /// - 13.4(f): the opponent's code becomes a win of the same kind (`OpponentRaised`).
    /// - 13.4(g): the offender is withdrawn; the result is unchanged.
    /// - 12.7: the offender `0`, the opponent as decided (`Other`); 12.8: `0`/`0` (`LostByBoth`).
    /// - Mobile phone (later Laws): the offender `0`, the opponent as decided (`Other`).
    ///
    /// # Errors
    /// [`PenaltyError`] naming the article when the sanction does not fit the game (no result yet
    /// for 13.4(e)/(f), a code that is no reduction, zero seconds, a phone under the 2001 Laws...).
    pub fn effect(
        &self,
        current: &GameResult,
        scoring: &ScoringSystem,
        edition: LawsEdition,
    ) -> Result<Effect, PenaltyError> {
        let offender = self.offender;
        let opponent = offender.opposite();
        let article = self.sanction.article();
        let penalised = |result: GameResult, kind: PenaltyKind| GameResult {
            penalty: Some(Penalty {
                kind,
                reason: format!("Art. {article}: {}", self.reason),
            }),
            ..result
        };
        let (off, opp) = (colour_name(offender), colour_name(opponent));
        let mut effect = Effect::new(article, String::new());
        match &self.sanction {
            Sanction::Warning => {
                effect.message = format!("{off} warned (Art. 13.4(a)): {}", self.reason);
            }
            Sanction::TimeAddedToOpponent { seconds } => {
                if *seconds == 0 {
                    return Err(PenaltyError::NoTime(article));
                }
                effect.clock = Some(ClockChange::add(opponent, i64::from(*seconds)));
                effect.message = format!(
                    "{seconds} s added to {opp}'s remaining time (Art. 13.4(b)): {}",
                    self.reason
                );
            }
            Sanction::TimeRemovedFromOffender { seconds } => {
                if *seconds == 0 {
                    return Err(PenaltyError::NoTime(article));
                }
                effect.clock = Some(ClockChange::add(offender, -i64::from(*seconds)));
                effect.message = format!(
                    "{seconds} s removed from {off}'s remaining time (Art. 13.4(c)): {}",
                    self.reason
                );
            }
            Sanction::GameLost => {
                effect.result = Some(penalised(
                    loss_for(offender, ResultCode::Win),
                    PenaltyKind::Other,
                ));
                effect.message = format!(
                    "the game is declared lost by {off} (Art. 13.4(d)): {}",
                    self.reason
                );
            }
            Sanction::PointsReduced { to } => {
                let from = current.code(offender);
                if matches!(current.outcome(), Outcome::Pending) || from == ResultCode::Blank {
                    return Err(PenaltyError::NoResultYet(article));
                }
                let same_family = family_codes(from)
                    .is_some_and(|(w, d, l)| *to == w || Some(*to) == d || *to == l);
                if !same_family || scoring.points(*to) >= scoring.points(from) {
                    return Err(PenaltyError::NotAReduction {
                        from: from.trf_char(),
                        to: to.trf_char(),
                    });
                }
                effect.result = Some(penalised(
                    with_code(current, offender, *to),
                    PenaltyKind::OffenderReduced,
                ));
                effect.message = format!(
                    "{off}'s points in the game reduced from {} to {} (Art. 13.4(e)): {}",
                    scoring.points(from),
                    scoring.points(*to),
                    self.reason
                );
            }
            Sanction::OpponentRaised => {
                let from = current.code(opponent);
                if matches!(current.outcome(), Outcome::Pending) || from == ResultCode::Blank {
                    return Err(PenaltyError::NoResultYet(article));
                }
                let win = family_codes(from).map_or(ResultCode::Win, |(w, _, _)| w);
                if scoring.points(from) >= scoring.maximum_for_game() {
                    return Err(PenaltyError::AlreadyMaximum);
                }
                effect.result = Some(penalised(
                    with_code(current, opponent, win),
                    PenaltyKind::OpponentRaised,
                ));
                effect.message = format!(
                    "{opp}'s points in the game raised to {} (Art. 13.4(f)): {}",
                    scoring.points(win),
                    self.reason
                );
            }
            Sanction::Expulsion => {
                effect.withdraw = Some(offender);
                effect.message = format!(
                    "{off} expelled from the event: withdrawn from the remaining rounds (Art. 13.4(g)): {}",
                    self.reason
                );
            }
            Sanction::PersistentRefusal { opponent: code } => {
                check_decided_score(article, *code)?;
                effect.result = Some(penalised(loss_for(offender, *code), PenaltyKind::Other));
                effect.message = format!(
                    "{off} loses for persistent refusal to comply with the Laws; {opp} scores {} as the arbiter decides (Art. 12.7): {}",
                    scoring.points(*code),
                    self.reason
                );
            }
            Sanction::LostByBoth => {
                effect.result = Some(GameResult::lost_by_both(format!(
                    "Art. 12.8: {}",
                    self.reason
                )));
                effect.message = format!(
                    "the game is lost by both players (Art. 12.8): {}",
                    self.reason
                );
            }
            Sanction::MobilePhone { opponent: code } => {
                if edition == LawsEdition::Laws2001 {
                    return Err(PenaltyError::PhoneUnder2001Laws);
                }
                check_decided_score(article, *code)?;
                effect.result = Some(penalised(loss_for(offender, *code), PenaltyKind::Other));
                effect.message = format!(
                    "{off}'s mobile phone: the game is lost; {opp} scores {} as the arbiter decides (Art. 12, later Laws): {}",
                    scoring.points(*code),
                    self.reason
                );
            }
        }
        Ok(effect)
    }
}

/// The illegal moves of one game, per player (Art. 7.4).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct IllegalMoves {
    /// Illegal moves completed by White so far.
    pub white: u8,
    /// Illegal moves completed by Black so far.
    pub black: u8,
}

/// The consequence of one more illegal move (Art. 7.4(b)).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum IllegalMoveVerdict {
    /// The position before the illegal move is restored (7.4(a)) and the opponent gets two extra
    /// minutes (7.4(b)); `count` is the offender's number of illegal moves in this game.
    ExtraTime {
        /// The offender's count, this one included.
        count: u8,
        /// Two minutes for the opponent.
        clock: ClockChange,
    },
    /// The offender's third (2001 Laws) or second (later Laws) illegal move: he loses (7.4(b)),
    /// or the game is drawn if the opponent cannot checkmate by any series of legal moves.
    GameEnds {
        /// The offender's count, this one included.
        count: u8,
        /// `1-0`/`0-1`, or `=`/`=` when the opponent cannot checkmate.
        result: GameResult,
        /// `7.4(b)`, or `7.4(b), 6.9` for the draw.
        article: &'static str,
    },
}

impl IllegalMoves {
    /// The number of illegal moves that loses the game (7.4(b)): the third in the 2001 Laws, the
    /// second in standard play under the later Laws.
    #[must_use]
    pub const fn losing_count(edition: LawsEdition) -> u8 {
        match edition {
            LawsEdition::Laws2001 => 3,
            LawsEdition::Later => 2,
        }
    }

    /// The count of `colour`.
    #[must_use]
    pub const fn of(&self, colour: Colour) -> u8 {
        match colour {
            Colour::White => self.white,
            Colour::Black => self.black,
        }
    }

    /// Records an illegal move by `offender` and decides its consequence (Art. 7.4(b)).
    ///
    /// `position` is the position restored under 7.4(a) (before the illegal move), used to decide
    /// whether the opponent can still checkmate (the rules core, Art. 6.9's test): if he cannot,
    /// the losing illegal move draws instead. An unproved case counts as "can checkmate".
    pub fn record(
        &mut self,
        offender: Colour,
        edition: LawsEdition,
        position: &Position,
    ) -> IllegalMoveVerdict {
        let slot = match offender {
            Colour::White => &mut self.white,
            Colour::Black => &mut self.black,
        };
        *slot = slot.saturating_add(1);
        let count = *slot;
        if count < Self::losing_count(edition) {
            return IllegalMoveVerdict::ExtraTime {
                count,
                clock: ClockChange::add(offender.opposite(), 120),
            };
        }
        let opponent = offender.opposite();
        let can_mate = !matches!(
            can_checkmate(position, to_rules_colour(opponent)),
            Winnability::No
        );
        if can_mate {
            IllegalMoveVerdict::GameEnds {
                count,
                result: loss_for(offender, ResultCode::Win),
                article: "7.4(b)",
            }
        } else {
            IllegalMoveVerdict::GameEnds {
                count,
                result: GameResult::draw(),
                article: "7.4(b), 6.9",
            }
        }
    }
}

/// The clocks after an incorrect draw claim (Art. 9.5(b)), from the remaining times entered:
/// 2001 Laws, three minutes to the opponent and the claimant's time halved (by at most three
/// minutes) above two minutes, set to one minute between one and two; later Laws, two minutes to
/// the opponent. Returns the new `(white, black)` remaining times.
#[must_use]
pub fn incorrect_claim(
    edition: LawsEdition,
    claimant: Colour,
    white_remaining: Duration,
    black_remaining: Duration,
) -> (Duration, Duration) {
    match claimant {
        Colour::White => incorrect_claim_times(edition, white_remaining, black_remaining),
        Colour::Black => {
            let (b, w) = incorrect_claim_times(edition, black_remaining, white_remaining);
            (w, b)
        }
    }
}

#[cfg(test)]
mod tests;
