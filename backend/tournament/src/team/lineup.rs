//! Line-ups: who plays on which board of a match. A line-up follows the roster order: a player
//! never sits above a player listed higher on the roster who also plays, and empty boards come
//! after the occupied ones (a team short of players leaves its last boards empty, each a forfeit
//! on that board).

use thiserror::Error;

use super::{Lineup, Team, TeamEvent, TeamNumber, TeamSettings};
use crate::model::{PairingNumber, PlayerStatus, RoundNumber, Tournament};

/// Why a line-up cannot be accepted. Boards are numbered from 1.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum LineupError {
    /// The line-up has a different number of boards than the event.
    #[error("the line-up has {given} boards; a match is played on {boards}")]
    WrongBoardCount {
        /// Boards given.
        given: usize,
        /// Boards per match.
        boards: u8,
    },
    /// A player is not on the team's roster.
    #[error("board {board}: player {player} is not on the roster of this team")]
    NotOnRoster {
        /// The board.
        board: usize,
        /// The player's pairing number.
        player: PairingNumber,
    },
    /// A player is fielded twice.
    #[error("board {board}: player {player} already plays on board {first}")]
    Twice {
        /// The second board.
        board: usize,
        /// The player.
        player: PairingNumber,
        /// The first board.
        first: usize,
    },
    /// Two players are out of roster order.
    #[error(
        "board {board}: player {player} is listed below player {above} on the roster, who plays on board {above_board}"
    )]
    OutOfOrder {
        /// The board of the lower-listed player.
        board: usize,
        /// The lower-listed player.
        player: PairingNumber,
        /// The higher-listed player placed below.
        above: PairingNumber,
        /// Where the higher-listed player sits.
        above_board: usize,
    },
    /// An empty board above an occupied one.
    #[error("board {board} is empty but board {occupied} below it is not: empty boards come last")]
    EmptyAboveOccupied {
        /// The empty board.
        board: usize,
        /// The occupied board below it.
        occupied: usize,
    },
    /// A withdrawn player is fielded.
    #[error("board {board}: player {player} has withdrawn")]
    Withdrawn {
        /// The board.
        board: usize,
        /// The player.
        player: PairingNumber,
    },
}

/// Checks a line-up against the team's roster and the event's rules: one entry per board, every
/// player on the roster once, not withdrawn, in roster order, empty boards last.
///
/// # Errors
/// The first [`LineupError`] found, board by board from board 1.
pub fn validate_lineup(
    tournament: &Tournament,
    team: &Team,
    settings: &TeamSettings,
    boards: &[Option<PairingNumber>],
) -> Result<(), LineupError> {
    if boards.len() != usize::from(settings.boards) {
        return Err(LineupError::WrongBoardCount {
            given: boards.len(),
            boards: settings.boards,
        });
    }
    let mut seen: Vec<(PairingNumber, usize, usize)> = Vec::new();
    let mut first_empty: Option<usize> = None;
    for (i, entry) in boards.iter().enumerate() {
        let board = i + 1;
        let Some(player) = *entry else {
            first_empty.get_or_insert(board);
            continue;
        };
        if let Some(empty) = first_empty {
            return Err(LineupError::EmptyAboveOccupied {
                board: empty,
                occupied: board,
            });
        }
        let Some(place) = team.roster.iter().position(|p| *p == player) else {
            return Err(LineupError::NotOnRoster { board, player });
        };
        if let Some((_, first, _)) = seen.iter().find(|(p, _, _)| *p == player) {
            return Err(LineupError::Twice {
                board,
                player,
                first: *first,
            });
        }
        if tournament
            .player(player)
            .is_some_and(|p| p.status == PlayerStatus::Withdrawn)
        {
            return Err(LineupError::Withdrawn { board, player });
        }
        if let Some((above, above_board, _)) = seen.iter().find(|(_, _, pl)| *pl > place) {
            return Err(LineupError::OutOfOrder {
                board,
                player,
                above: *above,
                above_board: *above_board,
            });
        }
        seen.push((player, board, place));
    }
    Ok(())
}

/// The line-up that applies when the captain submitted none (or too late): the roster's players
/// who have not withdrawn, in roster order, on boards 1, 2, ...; boards beyond them are empty.
#[must_use]
pub fn lineup_from_roster(tournament: &Tournament, team: &Team, settings: &TeamSettings) -> Lineup {
    let mut boards: Vec<Option<PairingNumber>> = team
        .roster
        .iter()
        .copied()
        .filter(|pn| {
            tournament
                .player(*pn)
                .is_none_or(|p| p.status != PlayerStatus::Withdrawn)
        })
        .take(usize::from(settings.boards))
        .map(Some)
        .collect();
    boards.resize(usize::from(settings.boards), None);
    Lineup {
        boards,
        submitted_by: None,
    }
}

// The roster's rating and the line-up in force need the tournament's players: they live here,
// not in the model's own file, which the tournament's file depends on.
impl Team {
    /// The team rating by the event's rule: the average, rounded to the nearest whole number
    /// (halves up), of the FIDE ratings of the first [`TeamSettings::rating_places`] rated
    /// players of the roster taken by rating; `None` when no player is rated.
    #[must_use]
    pub fn rating(&self, tournament: &Tournament, settings: &TeamSettings) -> Option<u16> {
        let mut ratings: Vec<u32> = self
            .roster
            .iter()
            .filter_map(|pn| tournament.player(*pn)?.rating)
            .map(u32::from)
            .collect();
        ratings.sort_unstable_by(|a, b| b.cmp(a));
        ratings.truncate(settings.rating_places());
        let n = u32::try_from(ratings.len()).ok().filter(|n| *n > 0)?;
        let sum: u32 = ratings.iter().sum();
        u16::try_from((2 * sum + n) / (2 * n)).ok()
    }
}

impl TeamEvent {
    /// The line-up that applies to a team in a round: the one submitted, else the roster order
    /// ([`lineup_from_roster`]) over the players not withdrawn.
    #[must_use]
    pub fn lineup(&self, tournament: &Tournament, round: RoundNumber, team: TeamNumber) -> Lineup {
        if let Some(l) = self.round(round).and_then(|r| r.lineups.get(&team)) {
            return l.clone();
        }
        match self.team(team) {
            Some(t) => lineup_from_roster(tournament, t, &self.settings),
            None => Lineup {
                boards: vec![None; usize::from(self.settings.boards)],
                submitted_by: None,
            },
        }
    }
}
