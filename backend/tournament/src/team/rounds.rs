//! A team round from pairing to boards: the next round's matches by the Berger tables (team
//! round robin and double round robin, FIDE Handbook C.05 Annex 1) and, once line-ups are in,
//! the board games of every match ([`seat_round`]).

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::{Lineup, TeamEvent, TeamMatch, TeamNumber, TeamRound, validate_lineup};
use crate::model::{Bye, Game, RoundNumber, Tournament};
use crate::result::{Colour, GameResult, ResultCode};

/// How the organizer pairs a team event.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TeamPairingSystem {
    /// Every team meets every other once (Berger tables).
    RoundRobin,
    /// Every team meets every other twice, colours reversed in the second cycle.
    DoubleRoundRobin,
    /// The FIDE Swiss Team Pairing System (C.04.6).
    Swiss,
}

impl TeamPairingSystem {
    /// `round-robin`, `double-round-robin` or `swiss`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            TeamPairingSystem::RoundRobin => "round-robin",
            TeamPairingSystem::DoubleRoundRobin => "double-round-robin",
            TeamPairingSystem::Swiss => "swiss",
        }
    }

    /// Reads the names of [`TeamPairingSystem::as_str`] (also `rr`, `drr`, `c.04.6`).
    #[must_use]
    pub fn parse(text: &str) -> Option<TeamPairingSystem> {
        match text.trim().to_ascii_lowercase().as_str() {
            "round-robin" | "rr" | "berger" => Some(TeamPairingSystem::RoundRobin),
            "double-round-robin" | "drr" => Some(TeamPairingSystem::DoubleRoundRobin),
            "swiss" | "c.04.6" | "fide-team" => Some(TeamPairingSystem::Swiss),
            _ => None,
        }
    }
}

/// Why the next team round cannot be paired.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum TeamPairError {
    /// Fewer than two teams.
    #[error("a team round needs at least two teams")]
    TooFewTeams,
    /// Team numbers are not 1, 2, ... n (a round robin pairs by them).
    #[error("team numbers must run from 1 without gaps; team {missing} is missing")]
    TeamNumbers {
        /// The first number missing.
        missing: TeamNumber,
    },
    /// The round robin has had all its rounds.
    #[error("the round robin has {rounds} rounds and all are paired")]
    RoundRobinComplete {
        /// Its number of rounds.
        rounds: usize,
    },
    /// A match of the last paired round has no result yet.
    #[error("round {round} is not complete: table {table} has no result yet")]
    PreviousRoundOpen {
        /// The round.
        round: RoundNumber,
        /// A table without result.
        table: u16,
    },
    /// The Swiss pairing engine refused.
    #[error("{0}")]
    Swiss(String),
}

/// The matches of the next round of a team round robin: the Berger table's round `r` for the
/// teams numbered 1..=n, the table's White team first-named when the first-named team has
/// White on board 1 ([`super::TeamSettings::first_team_colour`]), else second-named.
///
/// # Errors
/// [`TeamPairError`] when the teams or the rounds do not allow it.
pub fn pair_round_robin(
    tournament: &Tournament,
    event: &TeamEvent,
    double: bool,
) -> Result<TeamRound, TeamPairError> {
    let n = u16::try_from(event.teams.len()).unwrap_or(u16::MAX);
    if n < 2 {
        return Err(TeamPairError::TooFewTeams);
    }
    if let Some(missing) = (1..=n).find(|k| event.team(*k).is_none()) {
        return Err(TeamPairError::TeamNumbers { missing });
    }
    let last = event.last_round();
    check_complete(tournament, event, last)?;
    let table = arbiter_pairing::round_robin::berger_table(n, double);
    let round = last + 1;
    let Some(pairing) = table.get(usize::from(round) - 1) else {
        return Err(TeamPairError::RoundRobinComplete {
            rounds: table.len(),
        });
    };
    let white_first = event.settings.first_team_colour(1) == Colour::White;
    let matches = pairing
        .boards
        .iter()
        .zip(1..)
        .map(|(b, table)| {
            let (first, second) = if white_first {
                (b.white, b.black)
            } else {
                (b.black, b.white)
            };
            TeamMatch::new(table, first, second)
        })
        .collect();
    Ok(TeamRound {
        number: round,
        matches,
        bye: pairing.bye,
        ..TeamRound::default()
    })
}

/// Refuses when a match of `round` has no complete result.
///
/// # Errors
/// [`TeamPairError::PreviousRoundOpen`].
pub fn check_complete(
    tournament: &Tournament,
    event: &TeamEvent,
    round: RoundNumber,
) -> Result<(), TeamPairError> {
    let Some(r) = event.round(round) else {
        return Ok(());
    };
    for m in &r.matches {
        if !event.match_score(tournament, round, m).complete {
            return Err(TeamPairError::PreviousRoundOpen {
                round,
                table: m.table,
            });
        }
    }
    Ok(())
}

/// The boards of a round, made from the line-ups.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatedRound {
    /// The board games (board numbers global: `(table - 1) × boards + board`), pending.
    pub games: Vec<Game>,
    /// Forfeit wins on boards the other team left empty (`+` without opponent).
    pub byes: Vec<Bye>,
    /// The line-up each team plays with, submitted or by roster order.
    pub lineups: Vec<(TeamNumber, Lineup)>,
    /// Teams whose line-up is the roster order because none (valid) was submitted, with the
    /// reason a submitted one was set aside, if one was.
    pub defaulted: Vec<(TeamNumber, Option<String>)>,
}

/// The board games of round `round` from the line-ups: for each match not forfeited, board `k`
/// pairs the two line-ups' `k`-th players, the first-named team's player with
/// [`super::TeamSettings::first_team_colour`]`(k)`; a board one team left empty is a forfeit win
/// for the other team's player; a board both left empty holds nothing. A team without a
/// submitted line-up, or whose line-up no longer holds (a player withdrew since), plays in
/// roster order, and [`SeatedRound::defaulted`] says so.
#[must_use]
pub fn seat_round(tournament: &Tournament, event: &TeamEvent, round: RoundNumber) -> SeatedRound {
    let mut seated = SeatedRound {
        games: Vec::new(),
        byes: Vec::new(),
        lineups: Vec::new(),
        defaulted: Vec::new(),
    };
    let Some(r) = event.round(round) else {
        return seated;
    };
    let settings = &event.settings;
    let lineup_of = |team: TeamNumber, seated: &mut SeatedRound| -> Lineup {
        let submitted = r.lineups.get(&team).filter(|l| l.submitted_by.is_some());
        let Some(t) = event.team(team) else {
            return event.lineup(tournament, round, team);
        };
        let reason = match submitted {
            Some(l) => match validate_lineup(tournament, t, settings, &l.boards) {
                Ok(()) => {
                    seated.lineups.push((team, l.clone()));
                    return l.clone();
                }
                Err(e) => Some(e.to_string()),
            },
            None => None,
        };
        let by_roster = super::lineup_from_roster(tournament, t, settings);
        seated.defaulted.push((team, reason));
        seated.lineups.push((team, by_roster.clone()));
        by_roster
    };
    for m in r.matches.iter().filter(|m| m.forfeit.is_none()) {
        let a = lineup_of(m.first, &mut seated);
        let b = lineup_of(m.second, &mut seated);
        for k in 1..=settings.boards {
            let i = usize::from(k - 1);
            let (x, y) = (
                a.boards.get(i).copied().flatten(),
                b.boards.get(i).copied().flatten(),
            );
            match (x, y) {
                (Some(x), Some(y)) => {
                    let (white, black) = match settings.first_team_colour(k) {
                        Colour::White => (x, y),
                        Colour::Black => (y, x),
                    };
                    seated.games.push(Game {
                        board: Some(settings.global_board(m.table, k)),
                        ..Game::new(white, black, GameResult::pending())
                    });
                }
                (Some(alone), None) | (None, Some(alone)) => {
                    seated.byes.push(Bye::new(alone, ResultCode::ForfeitWin));
                }
                (None, None) => {}
            }
        }
    }
    seated
}
