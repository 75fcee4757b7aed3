//! Accelerated team events: fictitious match points and game points added to some teams' scores
//! for pairing only, for a range of rounds (TRF-2026 record `250` in a team event: columns 5-8
//! the match points, 10-13 the game points, 15-17 and 19-21 the first and last round, 23-26 and
//! 28-31 the first and last team pairing number). The standings never count them.

use serde::{Deserialize, Serialize};

use super::{TeamEvent, TeamNumber};
use crate::model::RoundNumber;
use crate::points::Points;

/// One acceleration record (TRF-2026 `250` for teams): the teams numbered `teams.0..=teams.1`
/// pair rounds `rounds.0..=rounds.1` with these fictitious points added.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamAcceleration {
    /// Fictitious match points.
    pub match_points: Points,
    /// Fictitious game points.
    pub game_points: Points,
    /// The first and last round it applies to (inclusive).
    pub rounds: (RoundNumber, RoundNumber),
    /// The first and last team pairing number it applies to (inclusive).
    pub teams: (TeamNumber, TeamNumber),
}

impl TeamAcceleration {
    /// Whether it applies to `team` in `round`.
    #[must_use]
    pub const fn covers(&self, team: TeamNumber, round: RoundNumber) -> bool {
        self.rounds.0 <= round
            && round <= self.rounds.1
            && self.teams.0 <= team
            && team <= self.teams.1
    }
}

impl TeamEvent {
    /// The fictitious (match points, game points) of `team` for pairing `round`: those of the last
    /// acceleration record that covers both, as a later `250` line overrides an earlier one;
    /// zero when none does.
    #[must_use]
    pub fn fictitious_points(&self, team: TeamNumber, round: RoundNumber) -> (Points, Points) {
        self.accelerations
            .iter()
            .rev()
            .find(|a| a.covers(team, round))
            .map_or((Points::ZERO, Points::ZERO), |a| {
                (a.match_points, a.game_points)
            })
    }
}
