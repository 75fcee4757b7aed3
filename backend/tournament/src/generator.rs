//! The random tournament generator (RTG) of the endorsement rules (FIDE Handbook C.04.A): a
//! realistic random Swiss tournament, every round paired by the Dutch system (C.04.3) of this
//! crate's engine, with results that follow the rating difference (the Elo expectation, with a
//! share of draws), forfeits, withdrawals and half-point byes; deterministic for a seed.
//!
//! # Configuration
//! A small text file of `key = value` lines (`#` starts a comment, blank lines are ignored, keys
//! are case-insensitive). Every key is optional. The names JaVaFo's RTG configuration uses are
//! accepted as aliases (in brackets).
//!
//! | key | value | default |
//! |---|---|---|
//! | `players` (`PlayersNumber`) | a number, or a range `MIN-MAX` drawn uniformly, 2-9999 | `20-60` |
//! | `rounds` (`RoundsNumber`) | a number, or a range `MIN-MAX`, 1-99; never more than players - 1 | `5-11` |
//! | `rating_high` (`HighestRating`) | the highest rating, 1-3500 | `2400` |
//! | `rating_low` (`LowestRating`) | the lowest rating, 1-3500, at most `rating_high` | `1400` |
//! | `rating_distribution` | `uniform`, or `normal` (mean mid-range, standard deviation a sixth of it, clamped) | `uniform` |
//! | `draw_rate` (`DrawPercentage`) | percent of games drawn between equal ratings, 0-100 (fewer as the difference grows) | `30` |
//! | `forfeit_rate` (`ForfeitRate`) | percent of paired games lost by forfeit, 0-100 | `2` |
//! | `withdrawal_rate` (`RetiredRate`) | percent chance per player and round (from round 2) of withdrawing for the rest of the event, 0-100 | `1` |
//! | `half_bye_rate` (`HalfPointByeRate`) | percent chance per player and round (not the last) of a requested half-point bye, 0-100 | `2` |
//! | `baku` (`Acceleration`) | Baku acceleration (C.04.7) on or off: `on`/`off`, `yes`/`no`, `true`/`false`, `1`/`0` | `off` |
//! | `seed` | the seed when none is given to [`generate`] | `1` |
//!
//! Results: with `E` the Elo expectation of White (`1 / (1 + 10^((Rb - Ra) / 400))`), a draw
//! comes with probability `draw_rate * (1 - |2E - 1|)`, and White wins with probability
//! `E - draw / 2`, so that White's expected score is `E`. A forfeit (either side, equally
//! likely) replaces the game with probability `forfeit_rate`. Withdrawn players get a zero-point
//! bye (`Z`) in every later round; a half-point bye is `H`; the PAB is `U`.
//!
//! Baku acceleration (C.04.7): the top `2 * ceil(n / 4)` players by pairing number (group A)
//! get one virtual point in the first half (rounded up) of the accelerated rounds and half a
//! point in the others; the accelerated rounds are the first half of the tournament (rounded up).

use std::collections::HashSet;

use arbiter_pairing::{Edition, PairingError};
use thiserror::Error;

pub(crate) mod dice;
pub(crate) mod keys;

use dice::Dice;

use crate::model::{Acceleration, Bye, Game, Player, Round, RoundState, Tournament};
use crate::points::Points;
use crate::result::{Colour, GameResult, ResultCode};

/// A bad configuration line.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ConfigError {
    /// A line without `=`.
    #[error("line {line}: expected `key = value`, found {text:?}")]
    Syntax {
        /// The line number, from 1.
        line: usize,
        /// The line.
        text: String,
    },
    /// An unknown key.
    #[error("line {line}: unknown key {key:?}")]
    UnknownKey {
        /// The line number, from 1.
        line: usize,
        /// The key.
        key: String,
    },
    /// A value out of range or unreadable.
    #[error("line {line}: {key}: {message}")]
    Value {
        /// The line number, from 1 (0: the combination of several lines).
        line: usize,
        /// The key.
        key: String,
        /// What is wrong.
        message: String,
    },
}

/// Why a tournament could not be generated.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum GenerateError {
    /// The engine rejected a round's state (an inconsistency, not the lack of a pairing).
    #[error("round {round}: {source}")]
    Pairing {
        /// The round.
        round: u16,
        /// The engine's error.
        source: PairingError,
    },
    /// A team round could not be paired for a reason other than the lack of a pairing (the
    /// team generator, [`crate::team::generator`]).
    #[error("round {round}: {source}")]
    TeamPairing {
        /// The round.
        round: u16,
        /// Why.
        source: crate::team::TeamPairError,
    },
}

/// How ratings are drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RatingDistribution {
    /// Uniform between the lowest and the highest rating.
    Uniform,
    /// Normal around the middle, standard deviation a sixth of the range, clamped to it.
    Normal,
}

/// The generator's configuration (see the module documentation for the file format).
#[derive(Clone, Debug, PartialEq)]
pub struct GeneratorConfig {
    /// The number of players, drawn uniformly from this range (inclusive).
    pub players: (u16, u16),
    /// The number of rounds, drawn uniformly from this range (inclusive), at most players - 1.
    pub rounds: (u16, u16),
    /// The highest rating.
    pub rating_high: u16,
    /// The lowest rating.
    pub rating_low: u16,
    /// How ratings are drawn.
    pub rating_distribution: RatingDistribution,
    /// Percent of games drawn between equal ratings (0-100).
    pub draw_rate: f64,
    /// Percent of paired games forfeited (0-100).
    pub forfeit_rate: f64,
    /// Percent chance per player and round of withdrawing (0-100).
    pub withdrawal_rate: f64,
    /// Percent chance per player and round of a half-point bye (0-100).
    pub half_bye_rate: f64,
    /// Baku acceleration (C.04.7).
    pub baku: bool,
    /// The seed used when none is given.
    pub seed: u64,
}

impl Default for GeneratorConfig {
    fn default() -> Self {
        GeneratorConfig {
            players: (20, 60),
            rounds: (5, 11),
            rating_high: 2400,
            rating_low: 1400,
            rating_distribution: RatingDistribution::Uniform,
            draw_rate: 30.0,
            forfeit_rate: 2.0,
            withdrawal_rate: 1.0,
            half_bye_rate: 2.0,
            baku: false,
            seed: 1,
        }
    }
}

impl GeneratorConfig {
    /// Reads a configuration file (module documentation): unknown keys and bad values are
    /// errors naming the line.
    ///
    /// # Errors
    /// [`ConfigError`] for the first bad line.
    pub fn parse(text: &str) -> Result<GeneratorConfig, ConfigError> {
        let mut c = GeneratorConfig::default();
        for e in keys::entries(text)? {
            match e.name().as_str() {
                "players" | "playersnumber" => c.players = e.range(2, 9999)?,
                "rounds" | "roundsnumber" => c.rounds = e.range(1, 99)?,
                "rating_high" | "highestrating" => c.rating_high = e.number(1, 3500)?,
                "rating_low" | "lowestrating" => c.rating_low = e.number(1, 3500)?,
                "rating_distribution" => {
                    c.rating_distribution =
                        [RatingDistribution::Uniform, RatingDistribution::Normal]
                            [e.choice(&["uniform", "normal"])?];
                }
                "draw_rate" | "drawpercentage" => c.draw_rate = e.percent()?,
                "forfeit_rate" | "forfeitrate" => c.forfeit_rate = e.percent()?,
                "withdrawal_rate" | "retiredrate" => c.withdrawal_rate = e.percent()?,
                "half_bye_rate" | "halfpointbyerate" => c.half_bye_rate = e.percent()?,
                "baku" | "acceleration" => c.baku = e.switch()?,
                "seed" => c.seed = e.whole()?,
                _ => return Err(e.unknown()),
            }
        }
        keys::rating_range(c.rating_low, c.rating_high)?;
        Ok(c)
    }
}

/// Generates one tournament: players, ratings, and every round paired by the Dutch system in
/// `edition` with random results. Should the engine find no valid pairing for a round (a small
/// field running out of opponents), the tournament ends after the rounds paired so far, with the
/// planned number of rounds (`XXR`) unchanged.
///
/// # Errors
/// [`GenerateError::Pairing`] when the engine rejects a state (it should not).
pub fn generate(
    config: &GeneratorConfig,
    edition: Edition,
    seed: u64,
) -> Result<Tournament, GenerateError> {
    let mut dice = Dice::new(seed);
    let n = dice.between(config.players.0, config.players.1);
    let rounds = dice
        .between(config.rounds.0, config.rounds.1)
        .min(n.saturating_sub(1))
        .max(1);
    let (lo, hi) = (f64::from(config.rating_low), f64::from(config.rating_high));
    let mut ratings: Vec<u16> = (0..n)
        .map(|_| {
            let r = match config.rating_distribution {
                RatingDistribution::Uniform => lo + dice.unit() * (hi - lo + 1.0),
                RatingDistribution::Normal => {
                    f64::midpoint(lo, hi) + dice.normal() * (hi - lo) / 6.0
                }
            };
            r.clamp(lo, hi) as u16
        })
        .collect();
    // The initial ranking (C.04.2 B): by rating, highest first.
    ratings.sort_unstable_by(|a, b| b.cmp(a));
    let mut t = Tournament {
        name: Some(format!("Random tournament {seed}")),
        rounds_planned: Some(rounds),
        initial_colour: Some(if dice.unit() < 0.5 {
            Colour::White
        } else {
            Colour::Black
        }),
        pairing_system: Some("FIDE Dutch System".to_owned()),
        ..Tournament::default()
    };
    for (k, &rating) in ratings.iter().enumerate() {
        let pn = u16::try_from(k + 1).unwrap_or(u16::MAX);
        let mut p = Player::new(pn, format!("Player {pn:04}"));
        p.rating = Some(rating);
        t.players.push(p);
    }
    if config.baku {
        // C.04.7: group A, the accelerated rounds, one point then half a point.
        let group_a = 2 * n.div_ceil(4);
        let accelerated = rounds.div_ceil(2);
        let full = accelerated.div_ceil(2);
        for pn in 1..=group_a {
            let points = (1..=accelerated)
                .map(|r| if r <= full { Points::ONE } else { Points::HALF })
                .collect();
            t.accelerations.push(Acceleration { player: pn, points });
        }
    }
    let mut withdrawn: HashSet<u16> = HashSet::new();
    for round in 1..=rounds {
        let mut r = Round::new(round);
        for p in 1..=n {
            if withdrawn.contains(&p) {
                r.byes.push(Bye::new(p, ResultCode::ZeroBye));
            } else if round > 1 && dice.percent(config.withdrawal_rate) {
                withdrawn.insert(p);
                r.byes.push(Bye::new(p, ResultCode::ZeroBye));
            } else if round < rounds && dice.percent(config.half_bye_rate) {
                r.byes.push(Bye::new(p, ResultCode::HalfBye));
            }
        }
        t.rounds.push(r);
        let state = t.pairing_state(round, edition);
        let pairing = match arbiter_pairing::pair(&state) {
            Ok(p) => p,
            Err(PairingError::NoValidPairing) => {
                t.rounds.pop();
                break;
            }
            Err(source) => return Err(GenerateError::Pairing { round, source }),
        };
        let rating = |pn: u16| f64::from(ratings[usize::from(pn) - 1]);
        let Some(r) = t.rounds.last_mut() else {
            break;
        };
        for (k, b) in pairing.boards.iter().enumerate() {
            let result = if dice.percent(config.forfeit_rate) {
                if dice.unit() < 0.5 {
                    GameResult::new(ResultCode::ForfeitWin, ResultCode::ForfeitLoss)
                } else {
                    GameResult::new(ResultCode::ForfeitLoss, ResultCode::ForfeitWin)
                }
            } else {
                let e = 1.0 / (1.0 + 10f64.powf((rating(b.black) - rating(b.white)) / 400.0));
                let draw = config.draw_rate / 100.0 * (1.0 - (2.0 * e - 1.0).abs());
                let x = dice.unit();
                if x < e - draw / 2.0 {
                    GameResult::new(ResultCode::Win, ResultCode::Loss)
                } else if x < e + draw / 2.0 {
                    GameResult::new(ResultCode::Draw, ResultCode::Draw)
                } else {
                    GameResult::new(ResultCode::Loss, ResultCode::Win)
                }
            };
            let mut g = Game::new(b.white, b.black, result);
            g.board = u16::try_from(k + 1).ok();
            r.games.push(g);
        }
        if let Some(bye) = pairing.bye {
            r.byes.push(Bye::new(bye, ResultCode::Pab));
        }
        r.state = RoundState::Complete;
    }
    // The points column of the player lines (TRF 001, columns 81-84).
    let scores = t.scores_after_round(t.last_paired_round());
    for p in &mut t.players {
        p.reported_points = scores.get(&p.pairing_number).copied();
    }
    Ok(t)
}
