//! Each player's FIDE rating change for one event, by the FIDE Rating Regulations (Handbook B.02,
//! the edition applied from 1 March 2024, with its amendment of 1 October 2025) and the Rapid and
//! Blitz Rating Regulations of the same date (amended 1 December 2024).
//!
//! What the regulations say and what this module does:
//!
//! - **Which games** (B.02 Art. 5.1): unplayed games, "whether these occur because of forfeiture or
//!   any other reason", are not counted; a game where both players made a move is rated. Here a
//!   game is rated when the player's result code is `1`, `=` or `0` ([`ResultCode::is_rated`]):
//!   forfeits (`+ -`), byes and absences (`H F U Z`, blank), games of less than one move
//!   (`W D L`) and results not yet known (`X`, blank with an opponent) are not. Each such round is
//!   listed with its [`NotRatedReason`]. The score of a rated game is 1, ½ or 0 (Art. 8.3.2 b),
//!   whatever the event's scoring system.
//! - **Rated players** (Art. 8.3): only games against rated opponents count (8.3.1). D is the
//!   difference between the player's rating and the opponent's; a difference of more than 400
//!   counts as 400 on every game (the "once per event" limit was abolished on 1 March 2024).
//!   From 1 October 2025, on the standard list, a player rated 2650 or more uses the real
//!   difference (8.3.1 as amended). PD comes from table 8.1.2 (shared with the tie-breaks:
//!   [`crate::tiebreak::rating`]); the change is K × Σ(score − PD) (8.3.2), kept exact in
//!   hundredths ([`Change`]). The new rating is the old one plus the change rounded to the
//!   nearest whole number, 0.5 away from zero (8.3.4). FIDE rounds the total of a rating period,
//!   so a player with other events in the same period may end one point away from the sum of the
//!   events' rounded figures.
//! - **Games against unrated opponents** are not rated for the rated player, now or later: Art.
//!   8.2.4 says that a player whose first rating is published before an event is rated is rated as
//!   a rated player in it, "but in the rating of their opponents they are counted as an unrated
//!   player". Those games count only for the unrated player's initial rating.
//! - **K** (Art. 8.3.3): [`Player::k_factor`] when the rating list gave it ([`KSource::List`]);
//!   otherwise what the event can know ([`KReason`]): 10 at 2400 or more; 40 until the end of the
//!   year of the 18th birthday while the rating is under 2300; else 20. Two cases cannot be seen
//!   in a TRF file and are assumed away: K = 40 "for a player new to the rating list until they
//!   have completed events with at least 30 games", and K = 10 kept by a player who once reached
//!   2400 and has dropped below. The same rules apply on the rapid and blitz lists (their Art.
//!   7.3.3 has the standard text since 1 October 2022; the older "K = 20 for rapid and blitz" is
//!   gone). When K × n exceeds 700, K becomes the largest whole number with K × n ≤ 700; FIDE
//!   counts n over the rating period, here over the event's rated games (a lower bound), and the
//!   result says when the cap applied ([`KFactor::capped_from`]).
//! - **Rapid and blitz** (R&B Art. 7.3.1): the plain 400-point rule, with no 2650 exemption; from
//!   1 December 2024 a game between players 600 or more points apart is not rated when either is
//!   rated above 2600 ([`NotRatedReason::GapOver600`]). R&B Art. 7.2.1 (an unrated player with a
//!   standard rating is rated with it) needs the standard list, which a TRF file of a rapid event
//!   does not carry: such a player is treated as unrated here.
//! - **Unrated players** (Art. 8.2, 7.1.4): only games against rated opponents count. A zero score
//!   "in their first event" is disregarded (8.2.1; this module cannot know whether the event is the
//!   player's first and assumes it is). Ra is the average rating of the rated opponents together
//!   with two hypothetical opponents rated 1800, scored as two draws (8.2.2); Ru = Ra + dp(p),
//!   rounded to the nearest whole number, at most 2200 (8.2.3). p is the score with the two draws
//!   over the games with the two, taken to the nearest hundredth, 0.005 up (the regulations do not
//!   say how p is rounded; table 8.1.1 is in hundredths). A rating is published when it rests on at
//!   least 5 games against rated opponents, pooled over up to 26 months, and is at least 1400
//!   (7.1.4): one event with fewer games gives a provisional figure only ([`InitialOutcome`]).
//! - **Which text applies**: the amendments of 1 October 2025 (2650 exemption) and 1 December 2024
//!   (600 points) apply to events ending on or after those dates, and to events without dates;
//!   every other rule is the 1 March 2024 text, whatever the event's date.
//!
//! Integer arithmetic throughout: scores in tenths ([`Points`]), expected scores in hundredths
//! ([`Hundredths`]), changes in hundredths of a rating point ([`Change`]).

mod display;
mod list;
#[cfg(test)]
mod tests;

use std::fmt;

use chrono::{Datelike, NaiveDate};
use serde::{Deserialize, Serialize};

use crate::date::PartialDate;
use crate::model::{PairingNumber, Player, RoundNumber, Tournament};
use crate::points::Points;
use crate::result::ResultCode;
use crate::tiebreak::rating::{div_half_up, dp_for_percent, expected_percent};

pub use list::{ListBasis, ListInference, RatingListKind, seconds_for_60_moves};

/// The lowest rating published (B.02 Art. 7.1.2, 7.1.4, 7.2.1): 1400.
pub const RATING_FLOOR: u16 = 1400;
/// The highest initial rating (B.02 Art. 8.2.3): 2200.
pub const MAX_INITIAL_RATING: u16 = 2200;
/// The rating of the two hypothetical opponents of an unrated player (B.02 Art. 8.2.2): 1800.
pub const HYPOTHETICAL_OPPONENT: u16 = 1800;
/// Games against rated opponents needed for a first published rating (B.02 Art. 7.1.4): 5.
pub const GAMES_FOR_INITIAL: u16 = 5;
/// The largest K × n in a rating period (B.02 Art. 8.3.3): 700.
pub const K_TIMES_GAMES: u32 = 700;
/// The largest rating difference counted (B.02 Art. 8.3.1, the 400-point rule): 400.
pub const DIFFERENCE_CAP: i32 = 400;
/// From this rating the real difference is used on the standard list (B.02 Art. 8.3.1 as
/// amended from 1 October 2025): 2650.
pub const EXEMPT_FROM_CAP: u16 = 2650;

/// The date the 2650 exemption from the 400-point rule took effect (B.02 Art. 8.3.1).
fn exemption_date() -> NaiveDate {
    NaiveDate::from_ymd_opt(2025, 10, 1).unwrap_or(NaiveDate::MIN)
}

/// The date the 600-point rule of the rapid and blitz lists took effect (R&B Art. 7.3.1).
fn gap_rule_date() -> NaiveDate {
    NaiveDate::from_ymd_opt(2024, 12, 1).unwrap_or(NaiveDate::MIN)
}

/// Hundredths of a point, for expected scores (table 8.1.2 gives PD in hundredths): `Hundredths(437)`
/// is 4.37. Serialised as the whole number of hundredths.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Hundredths(pub i32);

/// A rating change in hundredths of a rating point, exact: `Change(1240)` is +12.4 (K × Σ(score −
/// PD), B.02 Art. 8.3.2 d). Serialised as the whole number of hundredths; displayed signed with
/// one or two decimals: `+12.4`, `-3.05`, `0.0`.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Change(pub i32);

impl Change {
    /// The change rounded to the nearest whole number, 0.5 away from zero (B.02 Art. 8.3.4).
    #[must_use]
    pub const fn rounded(self) -> i32 {
        let magnitude = (self.0.abs() + 50) / 100;
        if self.0 < 0 { -magnitude } else { magnitude }
    }
}

/// Writes `h` hundredths with one decimal when the second is zero, else two.
fn write_hundredths(f: &mut fmt::Formatter<'_>, h: i32, signed: bool) -> fmt::Result {
    let sign = if h < 0 {
        "-"
    } else if signed && h > 0 {
        "+"
    } else {
        ""
    };
    let a = h.unsigned_abs();
    if a % 10 == 0 {
        write!(f, "{sign}{}.{}", a / 100, a % 100 / 10)
    } else {
        write!(f, "{sign}{}.{:02}", a / 100, a % 100)
    }
}

impl fmt::Display for Hundredths {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_hundredths(f, self.0, false)
    }
}

impl fmt::Display for Change {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_hundredths(f, self.0, true)
    }
}

/// Why K has its value when the rating list did not give it (B.02 Art. 8.3.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum KReason {
    /// K = 10: rated 2400 or more.
    Rating2400 {
        /// The rating.
        rating: u16,
    },
    /// K = 40: until the end of the year of the 18th birthday, rated under 2300.
    Junior {
        /// The year of birth.
        birth_year: i32,
        /// The event's year.
        event_year: i32,
    },
    /// K = 20: rated 2300-2399, too high for a junior's 40 whatever the age.
    Rating2300 {
        /// The rating.
        rating: u16,
    },
    /// K = 20: past the year of the 18th birthday, rated under 2400.
    Adult {
        /// The year of birth.
        birth_year: i32,
        /// The event's year.
        event_year: i32,
    },
    /// K = 20 assumed: rated under 2300, but the year of birth or the event's year is unknown.
    AgeUnknown,
}

/// Where a K-factor comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum KSource {
    /// The FIDE rating list ([`Player::k_factor`]).
    List,
    /// Derived from the rating, the year of birth and the event's year.
    Derived(KReason),
}

/// A player's development coefficient K for the event (B.02 Art. 8.3.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct KFactor {
    /// The K used: 40, 20, 10, or less after the 700 cap.
    pub value: u8,
    /// Where the K before the cap came from.
    pub source: KSource,
    /// The K before the cap, when K × (rated games) exceeded 700 and K was lowered to the
    /// largest whole number with K × n ≤ 700.
    pub capped_from: Option<u8>,
}

/// Why a round gave no rated game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum NotRatedReason {
    /// No game: a bye, an absence or not paired (B.02 Art. 5.1).
    NoGame,
    /// A forfeit, won or lost (B.02 Art. 5.1).
    Forfeit,
    /// A game of less than one move (TRF `W D L`; B.02 Art. 5.1 rates a game when both players
    /// have made at least one move).
    LessThanOneMove,
    /// No result yet, or the result is unknown (`X`).
    NoResult,
    /// The opponent is unrated (B.02 Art. 8.3.1, 8.2.4).
    OpponentUnrated,
    /// Rapid and blitz from 1 December 2024: players 600 or more points apart, one rated above 2600
    /// (R&B Art. 7.3.1).
    GapOver600 {
        /// The difference of the two ratings.
        difference: u16,
    },
}

/// A round without a rated game, and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct NotRatedRound {
    /// The round.
    pub round: RoundNumber,
    /// The opponent, if paired with one.
    pub opponent: Option<PairingNumber>,
    /// The player's result code.
    pub code: ResultCode,
    /// Why the round is not rated.
    pub reason: NotRatedReason,
}

/// One rated game of a player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RatedGame {
    /// The round.
    pub round: RoundNumber,
    /// The opponent's pairing number.
    pub opponent: PairingNumber,
    /// The opponent's rating.
    pub opponent_rating: u16,
    /// D, the player's rating minus the opponent's; `None` for an unrated player.
    pub difference: Option<i32>,
    /// D as counted: at most 400 either way (the 400-point rule, Art. 8.3.1), or the real
    /// difference for a player exempt from it; `None` for an unrated player.
    pub counted_difference: Option<i32>,
    /// PD, the expected score from table 8.1.2 for the counted difference; `None` for an unrated
    /// player.
    pub expected: Option<Hundredths>,
    /// The score: 1, ½ or 0 (Art. 8.3.2 b).
    pub score: Points,
}

/// What an unrated player's games give (B.02 Art. 8.2, 7.1.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum InitialOutcome {
    /// A rating to publish: at least 5 games against rated opponents, at least 1400.
    Published {
        /// Ru, at most 2200.
        rating: u16,
    },
    /// Fewer than 5 games against rated opponents: the figure is pooled with later events (up to 26
    /// months) and not published yet.
    Provisional {
        /// Ru from this event's games, at most 2200.
        rating: u16,
        /// The games against rated opponents.
        games: u16,
    },
    /// At least 5 games, but Ru is under 1400: not published (Art. 7.1.4).
    BelowFloor {
        /// Ru.
        rating: u16,
    },
    /// Zero points against rated opponents: disregarded as a first event's zero (Art. 8.2.1).
    ZeroScore,
    /// No game against a rated opponent.
    NoRatedGames,
}

/// An unrated player's initial rating computation (B.02 Art. 8.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct InitialRating {
    /// Games against rated opponents.
    pub games: u16,
    /// Points in those games.
    pub score: Points,
    /// Ra: the average of the opponents' ratings and two ratings of 1800, in hundredths (rounded
    /// half up for display; Ru is computed from the exact average). `None` without a computation
    /// (zero score, no games).
    pub average: Option<Hundredths>,
    /// p in whole percent: (score + 1) / (games + 2), to the nearest hundredth.
    pub percent: Option<u8>,
    /// dp for p (table 8.1.1).
    pub dp: Option<i16>,
    /// Ra + dp rounded to the nearest whole number, before the 2200 maximum.
    pub computed: Option<u16>,
    /// The outcome.
    pub outcome: InitialOutcome,
}

/// One player's rating change for the event.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerRatingChange {
    /// The pairing number.
    pub pairing_number: PairingNumber,
    /// The name, as in the file.
    pub name: String,
    /// The rating before the event; `None` when unrated (no rating or `0`).
    pub rating: Option<u16>,
    /// K, for a rated player.
    pub k: Option<KFactor>,
    /// The rated games (for an unrated player: the games against rated opponents).
    pub games: Vec<RatedGame>,
    /// The rounds without a rated game, and why.
    pub not_rated: Vec<NotRatedRound>,
    /// The number of rated games.
    pub games_rated: u16,
    /// The points scored in them.
    pub score: Points,
    /// Σ PD over the rated games, for a rated player.
    pub expected: Option<Hundredths>,
    /// K × Σ(score − PD), for a rated player with a rated game.
    pub change: Option<Change>,
    /// The rating after the event (the old rating plus the rounded change); for a rated player.
    pub new_rating: Option<u16>,
    /// The new rating is under 1400: the next list shows the player as unrated (Art. 7.2.1).
    pub below_floor: bool,
    /// For an unrated player: the initial rating computation.
    pub initial: Option<InitialRating>,
}

/// The rules an event is rated under: its list and which amendments apply.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RatingRules {
    /// The list.
    pub list: RatingListKind,
    /// The event's date used for the amendments and the juniors' K (end date, else start date,
    /// else the last round's date).
    pub event_date: Option<NaiveDate>,
    /// Players rated 2650 or more use the real difference (standard list, from 1 October 2025).
    pub exemption_2650: bool,
    /// Games 600 or more points apart with a player above 2600 are not rated (rapid and blitz,
    /// from 1 December 2024).
    pub gap_600: bool,
}

impl RatingRules {
    /// The rules for an event on a list: the amendments in force at the event's date, or all of
    /// them when the date is unknown.
    #[must_use]
    pub fn for_event(t: &Tournament, list: RatingListKind) -> RatingRules {
        let event_date = event_date(t);
        let from = |d: NaiveDate| event_date.is_none_or(|e| e >= d);
        RatingRules {
            list,
            event_date,
            exemption_2650: list == RatingListKind::Standard && from(exemption_date()),
            gap_600: list != RatingListKind::Standard && from(gap_rule_date()),
        }
    }
}

/// The event's date: the end date (`052`), else the start date (`042`), else the last scheduled
/// round date.
fn event_date(t: &Tournament) -> Option<NaiveDate> {
    t.end_date
        .and_then(PartialDate::full)
        .or_else(|| t.start_date.and_then(PartialDate::full))
        .or_else(|| {
            t.rounds
                .iter()
                .filter_map(|r| r.scheduled.map(|s| s.date()))
                .max()
        })
}

/// A player's rating, when rated (`Some(0)` in a file means unrated).
fn rated(p: &Player) -> Option<u16> {
    p.rating.filter(|&r| r > 0)
}

/// K before the 700 cap (B.02 Art. 8.3.3).
fn k_before_cap(p: &Player, rating: u16, event_year: Option<i32>) -> (u8, KSource) {
    if let Some(k) = p.k_factor.filter(|&k| k > 0) {
        return (k, KSource::List);
    }
    if rating >= 2400 {
        return (10, KSource::Derived(KReason::Rating2400 { rating }));
    }
    if rating >= 2300 {
        return (20, KSource::Derived(KReason::Rating2300 { rating }));
    }
    let birth = p.birth_date.map(PartialDate::year);
    match (birth, event_year) {
        (Some(birth_year), Some(event_year)) if event_year <= birth_year + 18 => (
            40,
            KSource::Derived(KReason::Junior {
                birth_year,
                event_year,
            }),
        ),
        (Some(birth_year), Some(event_year)) => (
            20,
            KSource::Derived(KReason::Adult {
                birth_year,
                event_year,
            }),
        ),
        _ => (20, KSource::Derived(KReason::AgeUnknown)),
    }
}

/// K for `games` rated games: lowered to the largest whole number with K × n ≤ 700 (Art. 8.3.3).
fn k_factor(p: &Player, rating: u16, event_year: Option<i32>, games: u16) -> KFactor {
    let (k, source) = k_before_cap(p, rating, event_year);
    let n = u32::from(games);
    if n > 0 && u32::from(k) * n > K_TIMES_GAMES {
        KFactor {
            value: u8::try_from(K_TIMES_GAMES / n).unwrap_or(u8::MAX),
            source,
            capped_from: Some(k),
        }
    } else {
        KFactor {
            value: k,
            source,
            capped_from: None,
        }
    }
}

/// The rating change of every player, in pairing-number order, for an event rated on `list` (see
/// the module documentation for the rules). Pure: reads the tournament only.
#[must_use]
pub fn rating_changes(t: &Tournament, list: RatingListKind) -> Vec<PlayerRatingChange> {
    let rules = RatingRules::for_event(t, list);
    let mut players: Vec<&Player> = t.players.iter().collect();
    players.sort_by_key(|p| p.pairing_number);
    players
        .into_iter()
        .map(|p| player_change(t, p, &rules))
        .collect()
}

/// One player's change under `rules`.
#[must_use]
pub fn player_change(t: &Tournament, p: &Player, rules: &RatingRules) -> PlayerRatingChange {
    let own = rated(p);
    let mut games = Vec::new();
    let mut not_rated = Vec::new();
    for pr in t.player_rounds(p.pairing_number) {
        let skip = |reason| NotRatedRound {
            round: pr.round,
            opponent: pr.opponent,
            code: pr.code,
            reason,
        };
        let score = match pr.code {
            ResultCode::Win => Points::ONE,
            ResultCode::Draw => Points::HALF,
            ResultCode::Loss => Points::ZERO,
            c if c.is_forfeit() => {
                not_rated.push(skip(NotRatedReason::Forfeit));
                continue;
            }
            ResultCode::UnratedWin | ResultCode::UnratedDraw | ResultCode::UnratedLoss => {
                not_rated.push(skip(NotRatedReason::LessThanOneMove));
                continue;
            }
            ResultCode::Unknown | ResultCode::Blank if pr.opponent.is_some() => {
                not_rated.push(skip(NotRatedReason::NoResult));
                continue;
            }
            _ => {
                not_rated.push(skip(NotRatedReason::NoGame));
                continue;
            }
        };
        let Some(opponent) = pr.opponent else {
            not_rated.push(skip(NotRatedReason::NoGame));
            continue;
        };
        let Some(opponent_rating) = t.player(opponent).and_then(rated) else {
            not_rated.push(skip(NotRatedReason::OpponentUnrated));
            continue;
        };
        let Some(own) = own else {
            // An unrated player's game against a rated opponent: for the initial rating.
            games.push(RatedGame {
                round: pr.round,
                opponent,
                opponent_rating,
                difference: None,
                counted_difference: None,
                expected: None,
                score,
            });
            continue;
        };
        let d = i32::from(own) - i32::from(opponent_rating);
        if rules.gap_600 && d.unsigned_abs() >= 600 && own.max(opponent_rating) > 2600 {
            not_rated.push(skip(NotRatedReason::GapOver600 {
                difference: u16::try_from(d.unsigned_abs()).unwrap_or(u16::MAX),
            }));
            continue;
        }
        let counted = if rules.exemption_2650 && own >= EXEMPT_FROM_CAP {
            d
        } else {
            d.clamp(-DIFFERENCE_CAP, DIFFERENCE_CAP)
        };
        // `expected_percent(own, opponent)` reads the difference opponent − own.
        let pd = expected_percent(i64::from(counted), 0);
        games.push(RatedGame {
            round: pr.round,
            opponent,
            opponent_rating,
            difference: Some(d),
            counted_difference: Some(counted),
            expected: Some(Hundredths(i32::try_from(pd).unwrap_or(0))),
            score,
        });
    }
    let games_rated = u16::try_from(games.len()).unwrap_or(u16::MAX);
    let score = games
        .iter()
        .fold(Points::ZERO, |s, g| s.saturating_add(g.score));
    let mut change = PlayerRatingChange {
        pairing_number: p.pairing_number,
        name: p.name.clone(),
        rating: own,
        k: None,
        games,
        not_rated,
        games_rated,
        score,
        expected: None,
        change: None,
        new_rating: None,
        below_floor: false,
        initial: None,
    };
    match own {
        Some(own) => {
            let event_year = rules.event_date.map(|d| d.year());
            let k = k_factor(p, own, event_year, games_rated);
            let expected: i32 = change
                .games
                .iter()
                .filter_map(|g| g.expected)
                .map(|h| h.0)
                .sum();
            // Score in hundredths: tenths × 10.
            let score_h = i32::try_from(score.tenths() * 10).unwrap_or(i32::MAX);
            change.k = Some(k);
            change.expected = Some(Hundredths(expected));
            let delta =
                (games_rated > 0).then(|| Change(i32::from(k.value) * (score_h - expected)));
            let new = delta.map_or(i32::from(own), |c| i32::from(own) + c.rounded());
            change.change = delta;
            change.new_rating = Some(u16::try_from(new.max(0)).unwrap_or(u16::MAX));
            change.below_floor = new < i32::from(RATING_FLOOR);
        }
        None => change.initial = Some(initial_rating(&change.games, score)),
    }
    change
}

/// The initial rating of an unrated player from the games against rated opponents (Art. 8.2).
fn initial_rating(games: &[RatedGame], score: Points) -> InitialRating {
    let n = u16::try_from(games.len()).unwrap_or(u16::MAX);
    let none = |outcome| InitialRating {
        games: n,
        score,
        average: None,
        percent: None,
        dp: None,
        computed: None,
        outcome,
    };
    if n == 0 {
        return none(InitialOutcome::NoRatedGames);
    }
    if score == Points::ZERO {
        return none(InitialOutcome::ZeroScore);
    }
    let divisor = i64::from(n) + 2;
    let total: i64 = games
        .iter()
        .map(|g| i64::from(g.opponent_rating))
        .sum::<i64>()
        + 2 * i64::from(HYPOTHETICAL_OPPONENT);
    // p = (score + 1) / (n + 2); score in tenths, so percent = (tenths + 10) × 10 / (n + 2).
    let percent = div_half_up((i64::from(score.tenths()) + 10) * 10, divisor);
    let dp = dp_for_percent(percent);
    // Ru = total / divisor + dp, rounded: (total + dp × divisor) / divisor, half up.
    let computed = div_half_up(total + dp * divisor, divisor).max(0);
    let computed = u16::try_from(computed).unwrap_or(u16::MAX);
    let rating = computed.min(MAX_INITIAL_RATING);
    let outcome = if n < GAMES_FOR_INITIAL {
        InitialOutcome::Provisional { rating, games: n }
    } else if rating < RATING_FLOOR {
        InitialOutcome::BelowFloor { rating }
    } else {
        InitialOutcome::Published { rating }
    };
    InitialRating {
        games: n,
        score,
        average: Some(Hundredths(
            i32::try_from(div_half_up(total * 100, divisor)).unwrap_or(0),
        )),
        percent: u8::try_from(percent).ok(),
        dp: i16::try_from(dp).ok(),
        computed: Some(computed),
        outcome,
    }
}
