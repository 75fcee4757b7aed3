//! Default time and forfeits (Art. 6.6, 6.7, 11).
//!
//! Art. 6.7 (2001 Laws): "a player who arrives at the board more than one hour after the scheduled
//! start of the session loses the game, unless the competition's regulations specify, or the
//! arbiter decides, otherwise." The later Laws leave the default time to the regulations, zero
//! unless they say otherwise. A game lost this way is a **forfeit** (`+`/`-`, TRF result codes):
//! unplayed for pairing and tie-breaks; with both players absent it is a double forfeit (`-`/`-`).
//!
//! The deadline is `scheduled start + default time`. A player checked in at or before the deadline
//! is on time (the Laws say *more than* the default time late loses); once `now` is past the
//! deadline, every player not checked in by then has lost. With a default time of zero, any
//! lateness loses. The arbiter may decide otherwise (Art. 6.7): an [`Override`] with a reason
//! suppresses the forfeit.

use chrono::{Duration, NaiveDateTime};
use serde::{Deserialize, Serialize};

use arbiter_rules::draw::LawsEdition;

use crate::result::{Colour, GameResult};

/// A tournament's default time (Art. 6.7), in whole minutes from the scheduled start of the
/// session. 60 in the 2001 Laws; the later Laws' default is 0 (any lateness loses); regulations
/// may say 15, 30, ...
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct DefaultTime {
    /// Minutes after the scheduled start; 0 means a player must be at the board at the start.
    pub minutes: u32,
}

impl Default for DefaultTime {
    /// One hour, as Art. 6.7 of the 2001 Laws says.
    fn default() -> Self {
        DefaultTime { minutes: 60 }
    }
}

impl DefaultTime {
    /// The most minutes accepted (one week): a larger value is surely a typo.
    pub const MAX_MINUTES: u32 = 7 * 24 * 60;

    /// A default time of `minutes` (Art. 6.7 "unless the competition's regulations specify").
    ///
    /// # Errors
    /// [`DefaultTimeError::TooLong`] above [`DefaultTime::MAX_MINUTES`].
    pub const fn minutes(minutes: u32) -> Result<DefaultTime, DefaultTimeError> {
        if minutes > Self::MAX_MINUTES {
            Err(DefaultTimeError::TooLong(minutes))
        } else {
            Ok(DefaultTime { minutes })
        }
    }

    /// The default of each edition when the regulations say nothing: one hour (2001 Laws, 6.7),
    /// zero (later Laws, 6.7(a)).
    #[must_use]
    pub const fn for_edition(edition: LawsEdition) -> DefaultTime {
        match edition {
            LawsEdition::Laws2001 => DefaultTime { minutes: 60 },
            LawsEdition::Later => DefaultTime { minutes: 0 },
        }
    }

    /// The deadline for a session scheduled at `scheduled`: the last instant at which arriving is
    /// still on time (Art. 6.7).
    #[must_use]
    pub fn deadline(self, scheduled: NaiveDateTime) -> NaiveDateTime {
        scheduled + Duration::minutes(i64::from(self.minutes))
    }
}

/// A bad default-time setting.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DefaultTimeError {
    /// More than a week.
    #[error(
        "a default time of {0} minutes is longer than a week (Art. 6.7: the default time counts from the scheduled start of the session)"
    )]
    TooLong(u32),
    /// An override without a reason.
    #[error(
        "an arbiter's decision under Art. 6.7 (\"unless the arbiter decides otherwise\") needs a reason"
    )]
    OverrideWithoutReason,
}

/// The arbiter's decision not to apply the default time to a game (Art. 6.7 "unless the arbiter
/// decides otherwise"), for example a delayed train announced in advance. It must give a reason,
/// which goes to the audit log.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Override {
    /// Why, in the arbiter's words (never empty).
    pub reason: String,
    /// Who decided (an arbiter's name or account), if known.
    pub by: Option<String>,
}

impl Override {
    /// An override with its reason.
    ///
    /// # Errors
    /// [`DefaultTimeError::OverrideWithoutReason`] when the reason is blank.
    pub fn new(
        reason: impl Into<String>,
        by: Option<String>,
    ) -> Result<Override, DefaultTimeError> {
        let reason = reason.into();
        if reason.trim().is_empty() {
            return Err(DefaultTimeError::OverrideWithoutReason);
        }
        Ok(Override { reason, by })
    }
}

/// When each player of a game checked in at the board (`None`: not checked in yet).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CheckIns {
    /// White's arrival, if recorded.
    pub white: Option<NaiveDateTime>,
    /// Black's arrival, if recorded.
    pub black: Option<NaiveDateTime>,
}

impl CheckIns {
    /// The arrival of the player with `colour`.
    #[must_use]
    pub const fn of(&self, colour: Colour) -> Option<NaiveDateTime> {
        match colour {
            Colour::White => self.white,
            Colour::Black => self.black,
        }
    }
}

/// Who loses by default (Art. 6.7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Forfeit {
    /// White was not at the board in time: `-`/`+`.
    White,
    /// Black was not at the board in time: `+`/`-`.
    Black,
    /// Neither was: a double forfeit, `-`/`-`.
    Both,
}

impl Forfeit {
    /// The result it gives: a forfeit (unplayed, `+`/`-`) or a double forfeit (`-`/`-`), Art. 6.7
    /// and 11 (a forfeit win scores as a win, a forfeit as a loss).
    #[must_use]
    pub const fn result(self) -> GameResult {
        match self {
            Forfeit::White => GameResult::forfeit(Colour::Black),
            Forfeit::Black => GameResult::forfeit(Colour::White),
            Forfeit::Both => GameResult::double_forfeit(),
        }
    }

    /// A sentence for the audit log and the board view, citing Art. 6.7.
    #[must_use]
    pub fn describe(self, default: DefaultTime) -> String {
        let who = match self {
            Forfeit::White => "White was",
            Forfeit::Black => "Black was",
            Forfeit::Both => "neither player was",
        };
        format!(
            "{who} not at the board within the default time of {} minutes: lost by forfeit (Art. 6.7)",
            default.minutes
        )
    }
}

/// What the default time says about a game at a given instant.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DefaultTimeState {
    /// Both players are at the board: the default time no longer matters.
    BothPresent,
    /// The deadline has not passed; a player is still missing. `remaining` is the time left until
    /// the deadline (zero at the deadline itself, which is still on time).
    Waiting {
        /// White has checked in.
        white_present: bool,
        /// Black has checked in.
        black_present: bool,
        /// Time left until the deadline, in whole seconds (rounded down).
        remaining_seconds: i64,
    },
    /// The deadline has passed: the absent player(s) lost by forfeit.
    Forfeited(Forfeit),
    /// The deadline has passed with a player absent, but the arbiter decided otherwise (Art. 6.7).
    Overridden {
        /// The forfeit that would have applied.
        suppressed: Forfeit,
        /// The arbiter's reason.
        reason: String,
    },
}

/// The default-time verdict for one game: its deadline and its state.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct DefaultTimeVerdict {
    /// The last instant at which arriving is on time (scheduled start + default time).
    pub deadline: NaiveDateTime,
    /// What the Laws say now.
    pub state: DefaultTimeState,
}

impl DefaultTimeVerdict {
    /// The forfeit to record, if the default time has passed and no override applies.
    #[must_use]
    pub const fn forfeit(&self) -> Option<Forfeit> {
        match self.state {
            DefaultTimeState::Forfeited(f) => Some(f),
            _ => None,
        }
    }
}

/// Decides a game's default-time state at instant `now` (Art. 6.7).
///
/// `scheduled` is the round's scheduled start; `default` the tournament's default time;
/// `check_ins` the arrivals recorded so far (an arrival after the deadline is recorded but late:
/// the player still loses); `decision` the arbiter's override, if any.
///
/// A player is on time when checked in at or before the deadline. Before and at the deadline
/// nothing is decided; after it, each player not on time has lost (both: a double forfeit),
/// unless `decision` suppresses it.
#[must_use]
pub fn decide(
    scheduled: NaiveDateTime,
    default: DefaultTime,
    check_ins: CheckIns,
    now: NaiveDateTime,
    decision: Option<&Override>,
) -> DefaultTimeVerdict {
    let deadline = default.deadline(scheduled);
    let on_time = |at: Option<NaiveDateTime>| at.is_some_and(|t| t <= deadline && t <= now);
    let white_on_time = on_time(check_ins.white);
    let black_on_time = on_time(check_ins.black);
    let absent = match (white_on_time, black_on_time) {
        (true, true) => None,
        (false, false) => Some(Forfeit::Both),
        (false, true) => Some(Forfeit::White),
        (true, false) => Some(Forfeit::Black),
    };
    let state = match absent {
        None => DefaultTimeState::BothPresent,
        Some(_) if now <= deadline => DefaultTimeState::Waiting {
            white_present: white_on_time,
            black_present: black_on_time,
            remaining_seconds: (deadline - now).num_seconds(),
        },
        Some(forfeit) => match decision {
            Some(o) => DefaultTimeState::Overridden {
                suppressed: forfeit,
                reason: o.reason.clone(),
            },
            None => DefaultTimeState::Forfeited(forfeit),
        },
    };
    DefaultTimeVerdict { deadline, state }
}

/// Why a player may not check himself in on the tournament's check-in tablet (Art. 6.6, 6.7).
/// The arbiter can still record the arrival on the board view: these refusals are the tablet's
/// only.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SelfCheckInError {
    /// The game is not one of the round being played (another round, or another tournament).
    #[error("this game is not in the round being played")]
    NotInRound,
    /// The game already has a result, or the default time was already decided for it.
    #[error("this game is already decided; ask the arbiter")]
    Decided,
    /// The default time has passed (Art. 6.7): only the arbiter decides now.
    #[error(
        "the default time passed at {} UTC: a player arriving now must see the arbiter, who decides (Art. 6.7)",
        deadline.format("%H:%M:%S")
    )]
    DeadlinePassed {
        /// The deadline that passed (UTC).
        deadline: NaiveDateTime,
    },
}

/// Whether a player of a game of the round being played may check himself in at `now` (Art. 6.6,
/// 6.7). `scheduled` is the round's scheduled start (`None`: the default time does not run, and
/// the tablet accepts arrivals), `default` the tournament's default time, `decided` whether the
/// game has a result or a stored default-time decision (forfeit or override).
///
/// A player may check himself in up to and including the deadline (arriving at the deadline is on
/// time); after it the Laws leave the arrival to the arbiter ("unless the arbiter decides
/// otherwise"), so the tablet refuses.
///
/// # Errors
/// [`SelfCheckInError::Decided`] for a decided game, [`SelfCheckInError::DeadlinePassed`] after
/// the deadline.
pub fn self_check_in(
    scheduled: Option<NaiveDateTime>,
    default: DefaultTime,
    decided: bool,
    now: NaiveDateTime,
) -> Result<(), SelfCheckInError> {
    if decided {
        return Err(SelfCheckInError::Decided);
    }
    match scheduled.map(|s| default.deadline(s)) {
        Some(deadline) if now > deadline => Err(SelfCheckInError::DeadlinePassed { deadline }),
        _ => Ok(()),
    }
}

/// Art. 6.6: if neither player is present at the start, White's clock is started and White loses
/// all the time that elapses until arrival. The time charged to White's clock for a White player
/// arriving at `white_arrival`: from the scheduled start until then (zero if White was at the
/// board at the start).
#[must_use]
pub fn white_time_lost(scheduled: NaiveDateTime, white_arrival: NaiveDateTime) -> Duration {
    (white_arrival - scheduled).max(Duration::zero())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::result::ResultCode;
    use chrono::NaiveDate;

    fn t(h: u32, m: u32, s: u32) -> NaiveDateTime {
        NaiveDate::from_ymd_opt(2026, 11, 21)
            .unwrap()
            .and_hms_opt(h, m, s)
            .unwrap()
    }

    const START: (u32, u32, u32) = (15, 0, 0);

    fn start() -> NaiveDateTime {
        t(START.0, START.1, START.2)
    }

    #[test]
    fn a_player_checks_himself_in_until_the_deadline_only() {
        let d = DefaultTime::minutes(30).unwrap();
        assert_eq!(self_check_in(Some(start()), d, false, t(14, 50, 0)), Ok(()));
        assert_eq!(
            self_check_in(Some(start()), d, false, t(15, 30, 0)),
            Ok(()),
            "at the deadline itself: on time (Art. 6.7)"
        );
        assert_eq!(
            self_check_in(Some(start()), d, false, t(15, 30, 1)),
            Err(SelfCheckInError::DeadlinePassed {
                deadline: t(15, 30, 0)
            })
        );
        assert_eq!(
            self_check_in(Some(start()), d, true, t(15, 0, 0)),
            Err(SelfCheckInError::Decided)
        );
        assert_eq!(
            self_check_in(None, d, false, t(23, 0, 0)),
            Ok(()),
            "no scheduled start: the default time does not run"
        );
        let late = self_check_in(Some(start()), d, false, t(16, 0, 0))
            .unwrap_err()
            .to_string();
        assert!(
            late.contains("15:30:00") && late.contains("Art. 6.7"),
            "{late}"
        );
    }

    #[test]
    fn default_time_settings() {
        assert_eq!(DefaultTime::default().minutes, 60);
        assert_eq!(DefaultTime::for_edition(LawsEdition::Laws2001).minutes, 60);
        assert_eq!(DefaultTime::for_edition(LawsEdition::Later).minutes, 0);
        assert_eq!(
            DefaultTime::minutes(30).unwrap().deadline(start()),
            t(15, 30, 0)
        );
        assert!(matches!(
            DefaultTime::minutes(DefaultTime::MAX_MINUTES + 1),
            Err(DefaultTimeError::TooLong(_))
        ));
    }

    #[test]
    fn absent_player_loses_only_after_the_deadline() {
        let d = DefaultTime::default();
        let ins = CheckIns {
            white: Some(t(14, 55, 0)),
            black: None,
        };
        let before = decide(start(), d, ins, t(15, 59, 59), None);
        assert_eq!(before.deadline, t(16, 0, 0));
        assert_eq!(
            before.state,
            DefaultTimeState::Waiting {
                white_present: true,
                black_present: false,
                remaining_seconds: 1
            }
        );
        // At the deadline itself arriving is still on time ("more than one hour").
        let at = decide(start(), d, ins, t(16, 0, 0), None);
        assert!(matches!(
            at.state,
            DefaultTimeState::Waiting {
                remaining_seconds: 0,
                ..
            }
        ));
        assert_eq!(at.forfeit(), None);
        let after = decide(start(), d, ins, t(16, 0, 1), None);
        assert_eq!(after.forfeit(), Some(Forfeit::Black));
        let result = Forfeit::Black.result();
        assert_eq!(result.white, ResultCode::ForfeitWin);
        assert_eq!(result.black, ResultCode::ForfeitLoss);
        assert!(!result.white.is_played());
    }

    #[test]
    fn arrival_at_the_deadline_is_on_time_and_after_it_is_late() {
        let d = DefaultTime::default();
        let on_time = CheckIns {
            white: Some(t(16, 0, 0)),
            black: Some(t(15, 0, 0)),
        };
        assert_eq!(
            decide(start(), d, on_time, t(17, 0, 0), None).state,
            DefaultTimeState::BothPresent
        );
        let late = CheckIns {
            white: Some(t(16, 0, 1)),
            black: Some(t(15, 0, 0)),
        };
        // Checked in one second late: White still loses (Art. 6.7).
        assert_eq!(
            decide(start(), d, late, t(16, 5, 0), None).forfeit(),
            Some(Forfeit::White)
        );
        assert_eq!(Forfeit::White.result(), GameResult::forfeit(Colour::Black));
    }

    #[test]
    fn both_absent_is_a_double_forfeit() {
        let v = decide(
            start(),
            DefaultTime::default(),
            CheckIns::default(),
            t(16, 0, 1),
            None,
        );
        assert_eq!(v.forfeit(), Some(Forfeit::Both));
        assert_eq!(Forfeit::Both.result(), GameResult::double_forfeit());
        assert!(
            Forfeit::Both
                .describe(DefaultTime::default())
                .contains("Art. 6.7")
        );
    }

    #[test]
    fn zero_default_time_any_lateness_loses() {
        let d = DefaultTime::minutes(0).unwrap();
        let ins = CheckIns {
            white: Some(t(15, 0, 0)),
            black: Some(t(15, 0, 1)),
        };
        assert!(matches!(
            decide(start(), d, ins, t(15, 0, 0), None).state,
            DefaultTimeState::Waiting { .. }
        ));
        assert_eq!(
            decide(start(), d, ins, t(15, 0, 1), None).forfeit(),
            Some(Forfeit::Black)
        );
    }

    #[test]
    fn a_check_in_in_the_future_does_not_count_yet() {
        // A check-in stamped after `now` (clock skew between instances) is not yet an arrival.
        let ins = CheckIns {
            white: Some(t(15, 30, 0)),
            black: Some(t(15, 0, 0)),
        };
        assert!(matches!(
            decide(start(), DefaultTime::default(), ins, t(15, 10, 0), None).state,
            DefaultTimeState::Waiting {
                white_present: false,
                black_present: true,
                ..
            }
        ));
    }

    #[test]
    fn the_arbiter_can_decide_otherwise() {
        let o = Override::new("train delayed, announced at 14:00", Some("IA Kim".into())).unwrap();
        let v = decide(
            start(),
            DefaultTime::default(),
            CheckIns {
                white: None,
                black: Some(start()),
            },
            t(18, 0, 0),
            Some(&o),
        );
        assert_eq!(v.forfeit(), None);
        assert_eq!(
            v.state,
            DefaultTimeState::Overridden {
                suppressed: Forfeit::White,
                reason: "train delayed, announced at 14:00".into()
            }
        );
        assert_eq!(
            Override::new("  ", None),
            Err(DefaultTimeError::OverrideWithoutReason)
        );
    }

    #[test]
    fn white_loses_the_time_until_arrival() {
        assert_eq!(
            white_time_lost(start(), t(15, 12, 0)),
            Duration::minutes(12)
        );
        assert_eq!(white_time_lost(start(), t(14, 50, 0)), Duration::zero());
    }
}
