//! Records `250` (accelerations) and `260` (forbidden pairs) in TRF-2026's columns, which FIDE's
//! team reference code (gacrux) reads by position:
//!
//! | record | columns |
//! |---|---|
//! | `250` | 5-8 fictitious match points (teams; blank for players), 10-13 fictitious game points (the player's points), 15-17 first round, 19-21 last round, 23-26 first and 28-31 last team or player |
//! | `260` | 5-7 first round, 9-11 last round, then the teams or players, 4 columns and a space each (13-16, 18-21, ...) |
//!
//! The reader takes the fields by whitespace, so the free-spaced forms older files use
//! (`250 1.0 1 3 1 20`, `260 1 9 4 12`) read the same: five fields are points, rounds and
//! numbers; six are match points, game points, rounds and numbers. In a team event the numbers
//! are team pairing numbers ([`crate::team::TeamAcceleration`]); a five-field `250` there gives
//! match points only.

use std::fmt::Write as _;

use super::columns::parse_u16;
use super::fmt_points;
use crate::model::{ForbiddenPairs, RoundNumber, Tournament};
use crate::points::Points;
use crate::team::TeamAcceleration;

/// Round numbers above this are rejected in `250`.
const MAX_ROUND: RoundNumber = 999;

/// A `250` record as read.
pub(super) struct Raw250 {
    /// Columns 5-8, when the record has six fields.
    pub match_points: Option<Points>,
    /// The points of a player, the game points of a team.
    pub points: Points,
    /// First and last round.
    pub rounds: (RoundNumber, RoundNumber),
    /// First and last player or team.
    pub numbers: (u16, u16),
}

impl Raw250 {
    /// The record in a team event.
    pub(super) fn for_teams(&self) -> TeamAcceleration {
        let (match_points, game_points) = match self.match_points {
            Some(mp) => (mp, self.points),
            None => (self.points, Points::ZERO),
        };
        TeamAcceleration {
            match_points,
            game_points,
            rounds: self.rounds,
            teams: self.numbers,
        }
    }
}

/// Reads the value of a `250` record (after the code); `None` when it does not read.
pub(super) fn parse_250(value: &str) -> Option<Raw250> {
    let tokens: Vec<&str> = value.split_whitespace().collect();
    let (match_points, rest) = match tokens.len() {
        5 => (None, &tokens[..]),
        6 => (Some(Points::parse(tokens[0]).ok()?), &tokens[1..]),
        _ => return None,
    };
    let points = Points::parse(rest[0]).ok()?;
    let nums: Vec<u16> = rest[1..]
        .iter()
        .map(|t| parse_u16(t))
        .collect::<Option<_>>()?;
    let &[r1, r2, p1, p2] = nums.as_slice() else {
        return None;
    };
    let fits = 1 <= r1 && r1 <= r2 && r2 <= MAX_ROUND && 1 <= p1 && p1 <= p2 && p2 <= 9999;
    fits.then_some(Raw250 {
        match_points,
        points,
        rounds: (r1, r2),
        numbers: (p1, p2),
    })
}

/// The value (after `250 `) of a player's acceleration for rounds `from..=to`.
pub(super) fn player_250(points: Points, (from, to): (usize, usize), player: u16) -> String {
    format!(
        "{:>4} {:>4} {from:>3} {to:>3} {player:>4} {player:>4}",
        "",
        fmt_points(points)
    )
}

/// The values (after `250 `) of a team event's accelerations, in order.
pub(super) fn team_250(t: &Tournament) -> Vec<String> {
    let Some(e) = t.team.as_ref().filter(|e| !e.teams.is_empty()) else {
        return Vec::new();
    };
    e.accelerations
        .iter()
        .map(|a| {
            format!(
                "{:>4} {:>4} {:>3} {:>3} {:>4} {:>4}",
                fmt_points(a.match_points),
                fmt_points(a.game_points),
                a.rounds.0,
                a.rounds.1,
                a.teams.0,
                a.teams.1
            )
        })
        .collect()
}

/// The value (after `260 `) of forbidden pairs for a range of rounds.
pub(super) fn value_260(fp: &ForbiddenPairs, (from, to): (RoundNumber, RoundNumber)) -> String {
    let mut v = format!("{from:>3} {to:>3}");
    for p in &fp.players {
        let _ = write!(v, " {p:>4}");
    }
    v
}
