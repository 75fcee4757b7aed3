//! Team competitions: teams with rosters in board order, matches of team against team over a
//! fixed number of boards, line-ups per round, match points and game points (FIDE Handbook
//! C.04.6 art. 1.2, and the regulations of the event), the pairing-allocated bye of a team and
//! forfeited matches (TRF-2026 records `320` and `330`).
//!
//! A team event is an individual [`Tournament`](crate::Tournament) whose players belong to teams: every board game
//! is an ordinary [`Game`](crate::Game) of the round (PGN, replay, penalties, default time,
//! adjournments, the rating report all work on it), and [`TeamEvent`] adds what makes the
//! games into matches:
//! - [`Team`]: its team pairing number (TPN), name, federation or club, roster in board order
//!   (the first [`TeamSettings::boards`] are the regular boards, the rest reserves) and captain;
//! - [`TeamRound`]: the round's matches ([`TeamMatch`], the first-named team first), the team
//!   that received the pairing-allocated bye, absent teams and the line-ups ([`Lineup`]);
//! - [`TeamSettings`]: the number of boards, the match-point system (2/1/0 by default), the
//!   primary score (match points unless the regulations say game points, C.04.6 art. 1.2), the
//!   colours of the first-named team board by board (TRF-2026 record `352`; White on odd boards
//!   by default), the colour-preference variant (C.04.6 art. 1.7), the team rating's number of
//!   boards and the points of the bye.
//!
//! Board `k` of a match (from 1) is the game between the `k`-th players of the two line-ups; the
//! first-named team's player has [`TeamSettings::first_team_colours`]`[k - 1]`. Its number in the
//! round's game list is `(table - 1) × boards + k` ([`TeamSettings::global_board`]). An empty
//! board is a forfeit on that board: the player who is there gets a forfeit win
//! ([`ResultCode::ForfeitWin`](crate::ResultCode) as a [`Bye`](crate::Bye) without opponent).
//!
//! The match result follows from the boards ([`score`]). Team standings with the tie-breaks of
//! C.07 (the individual ones applied to teams and the team ones of Art. 12 and 13) are in
//! [`standings`], board standings for board prizes in [`boards`];
//! [`TeamEvent::derive_matches`] builds the matches from the board games of a file that has
//! only the games.

mod acceleration;
pub mod boards;
mod derive;
pub mod generator;
pub mod lineup;
mod numbering;
pub mod recheck;
pub mod rounds;
pub mod score;
pub mod standings;
pub mod swiss;
#[cfg(test)]
mod tests;
pub(crate) mod tiebreak;
#[cfg(test)]
mod tiebreak_tests;

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::numbers::{PairingNumber, RoundNumber};
use crate::points::Points;
use crate::result::{Colour, ResultCode};

pub use acceleration::TeamAcceleration;
pub use boards::{BoardGame, BoardOrder, BoardRow, BoardStandings, board_standings};
pub use lineup::{LineupError, lineup_from_roster, validate_lineup};
pub use recheck::{TeamRoundCheck, recheck_pairings};
pub use rounds::{
    SeatedRound, TeamPairError, TeamPairingSystem, check_complete, pair_round_robin, seat_round,
};
pub use score::{MatchScore, TeamRoundKind, TeamRoundRecord};
pub use standings::{
    TeamExplanation, TeamRow, TeamStandings, TeamStandingsOptions, TeamTieBreakExplanation,
    default_team_tiebreaks, explain_team, is_round_robin, team_standings,
};
pub use swiss::{pair_swiss, pairing_state, secondary_for_colour};

/// A team pairing number (TPN, C.04.6 art. 1.4): the team's number in the starting rank, from 1.
pub type TeamNumber = u16;

/// Which score orders the standings and the pairing (C.04.6 art. 1.2): match points unless the
/// regulations of the event say game points.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PrimaryScore {
    /// Match points (MP): 2 for a won match, 1 for a drawn one, 0 for a lost one by default.
    #[default]
    MatchPoints,
    /// Game points (GP): the sum of the board results.
    GamePoints,
}

impl PrimaryScore {
    /// `MP` or `GP`, as C.07 names the two scores.
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            PrimaryScore::MatchPoints => "MP",
            PrimaryScore::GamePoints => "GP",
        }
    }

    /// Reads `MP`, `GP`, `match` or `game` (case-insensitive).
    #[must_use]
    pub fn parse(text: &str) -> Option<PrimaryScore> {
        match text.trim().to_ascii_lowercase().as_str() {
            "mp" | "match" | "match-points" | "match_points" => Some(PrimaryScore::MatchPoints),
            "gp" | "game" | "game-points" | "game_points" => Some(PrimaryScore::GamePoints),
            _ => None,
        }
    }
}

/// The colour-preference variant of C.04.6 art. 1.7: type A unless the rules of the
/// competition ask for type B, or for none.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TeamColourPreferences {
    /// Type A (the default).
    #[default]
    TypeA,
    /// Type B.
    TypeB,
    /// No colour preferences: colours are allocated without preferences.
    None,
}

impl TeamColourPreferences {
    /// `a`, `b` or `none`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            TeamColourPreferences::TypeA => "a",
            TeamColourPreferences::TypeB => "b",
            TeamColourPreferences::None => "none",
        }
    }

    /// Reads `a`, `b`, `none` (also `typea`, `type-a`, case-insensitive).
    #[must_use]
    pub fn parse(text: &str) -> Option<TeamColourPreferences> {
        let t = text
            .trim()
            .to_ascii_lowercase()
            .replace(['-', '_', ' '], "");
        match t.as_str() {
            "a" | "typea" => Some(TeamColourPreferences::TypeA),
            "b" | "typeb" => Some(TeamColourPreferences::TypeB),
            "none" | "nocolor" | "nocolour" => Some(TeamColourPreferences::None),
            _ => None,
        }
    }
}

/// Match points for a won, drawn and lost match (TRF-2026 record `362`). 2/1/0 by default;
/// 3/1/0 and others are set by the regulations.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct MatchPointSystem {
    /// A won match.
    pub win: Points,
    /// A drawn match.
    pub draw: Points,
    /// A lost match.
    pub loss: Points,
}

impl Default for MatchPointSystem {
    fn default() -> Self {
        MatchPointSystem {
            win: Points::from_tenths(20),
            draw: Points::ONE,
            loss: Points::ZERO,
        }
    }
}

/// The rules of a team event that the regulations set.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamSettings {
    /// Boards per match, 1-99.
    pub boards: u8,
    /// Match points for a won, drawn and lost match.
    pub match_points: MatchPointSystem,
    /// The primary score (C.04.6 art. 1.2).
    pub primary: PrimaryScore,
    /// The team rating is the average of the ratings of the top this-many players of the roster
    /// (rated players only); `None`: of the first [`TeamSettings::boards`] players.
    pub rating_boards: Option<u8>,
    /// The first-named team's colour on board 1, 2, ... (TRF-2026 record `352`): one entry per
    /// board; the second-named team has the other colour. By default White on odd boards.
    pub first_team_colours: Vec<Colour>,
    /// The colour-preference variant for the Swiss pairing (C.04.6 art. 1.7).
    pub colour_preferences: TeamColourPreferences,
    /// Match points of the team that receives the pairing-allocated bye (TRF-2026 `320`).
    pub bye_match_points: Points,
    /// Game points of the team that receives the pairing-allocated bye (TRF-2026 `320`).
    pub bye_game_points: Points,
    /// Minutes before a round's scheduled start by which captains submit their line-ups; after
    /// it, or when none was submitted, the roster order applies. `None`: no deadline.
    pub lineup_deadline_minutes: Option<u32>,
}

impl TeamSettings {
    /// Settings for `boards` boards: 2/1/0 match points, match points primary, White on odd
    /// boards for the first-named team, type A colour preferences, the pairing-allocated bye
    /// worth a drawn match (C.04.6 art. 1.4: unless the regulations say otherwise), that is the
    /// draw's match points and half the boards' game points, no line-up deadline.
    #[must_use]
    pub fn new(boards: u8) -> TeamSettings {
        let boards = boards.clamp(1, 99);
        TeamSettings {
            boards,
            match_points: MatchPointSystem::default(),
            primary: PrimaryScore::MatchPoints,
            rating_boards: None,
            first_team_colours: alternating_colours(boards, Colour::White),
            colour_preferences: TeamColourPreferences::TypeA,
            bye_match_points: MatchPointSystem::default().draw,
            bye_game_points: Points::from_tenths(u32::from(boards) * 5),
            lineup_deadline_minutes: None,
        }
    }

    /// The first-named team's colour on board `board` (from 1); boards beyond the sequence
    /// continue its alternation.
    #[must_use]
    pub fn first_team_colour(&self, board: u8) -> Colour {
        let i = usize::from(board.max(1) - 1);
        if let Some(c) = self.first_team_colours.get(i) {
            return *c;
        }
        let first = self
            .first_team_colours
            .first()
            .copied()
            .unwrap_or(Colour::White);
        if i % 2 == 0 { first } else { first.opposite() }
    }

    /// The number, in the round's list of games, of board `board` (from 1) of the match at
    /// table `table` (from 1): `(table - 1) × boards + board`.
    #[must_use]
    pub fn global_board(&self, table: u16, board: u8) -> u16 {
        (table.max(1) - 1) * u16::from(self.boards) + u16::from(board)
    }

    /// The table and board (both from 1) of a game numbered `global` in the round's list.
    #[must_use]
    pub fn table_and_board(&self, global: u16) -> (u16, u8) {
        let boards = u16::from(self.boards.max(1));
        let table = (global.max(1) - 1) / boards + 1;
        let board = (global.max(1) - 1) % boards + 1;
        (table, u8::try_from(board).unwrap_or(u8::MAX))
    }

    /// How many roster places count for the team rating.
    #[must_use]
    pub fn rating_places(&self) -> usize {
        usize::from(self.rating_boards.unwrap_or(self.boards))
    }
}

/// The sequence `first, other, first, ...` of `boards` colours.
#[must_use]
pub fn alternating_colours(boards: u8, first: Colour) -> Vec<Colour> {
    (0..boards)
        .map(|i| if i % 2 == 0 { first } else { first.opposite() })
        .collect()
}

/// A team: its pairing number, names and roster.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Team {
    /// The team pairing number (TPN), from 1.
    pub number: TeamNumber,
    /// The team's name, as published.
    pub name: String,
    /// The federation (three-letter FIDE code) the team represents, if any.
    pub federation: Option<String>,
    /// The club or school, if any.
    pub club: Option<String>,
    /// The roster in board order: the players' pairing numbers; the first
    /// [`TeamSettings::boards`] are the regular boards, the rest reserves.
    pub roster: Vec<PairingNumber>,
    /// The captain's name (a captain need not play).
    pub captain: Option<String>,
    /// A short name (TRF-2026 record `310`, columns 42-46), if any.
    #[serde(default)]
    pub nickname: Option<String>,
    /// The team's strength as a file states it (TRF-2026 `310` columns 48-53, usually the
    /// average rating); [`Team::rating`] computes it from the roster.
    #[serde(default)]
    pub strength: Option<u16>,
    /// The team's rank as a file states it (TRF-2026 `310` columns 69-71), if any.
    #[serde(default)]
    pub rank: Option<u16>,
    /// A stable identifier.
    pub id: Uuid,
}

impl Team {
    /// A team with a number, a name and a roster, no federation, club or captain.
    #[must_use]
    pub fn new(number: TeamNumber, name: impl Into<String>, roster: Vec<PairingNumber>) -> Team {
        Team {
            number,
            name: name.into(),
            federation: None,
            club: None,
            roster,
            captain: None,
            nickname: None,
            strength: None,
            rank: None,
            id: Uuid::new_v4(),
        }
    }
}

/// How a whole match was forfeited (TRF-2026 record `330`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MatchForfeit {
    /// The second-named team did not appear: the first-named team wins by forfeit.
    FirstWins,
    /// The first-named team did not appear: the second-named team wins by forfeit.
    SecondWins,
    /// Neither team appeared.
    Both,
}

/// One match of a round: two teams, the first-named first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamMatch {
    /// The table (match board) number in the round, from 1.
    pub table: u16,
    /// The first-named team: [`TeamSettings::first_team_colours`] apply to it.
    pub first: TeamNumber,
    /// The second-named team.
    pub second: TeamNumber,
    /// A forfeited match, if the arbiter declared one; its boards then hold no games.
    pub forfeit: Option<MatchForfeit>,
}

impl TeamMatch {
    /// A match with no forfeit.
    #[must_use]
    pub const fn new(table: u16, first: TeamNumber, second: TeamNumber) -> TeamMatch {
        TeamMatch {
            table,
            first,
            second,
            forfeit: None,
        }
    }

    /// The other team, if `team` plays in this match.
    #[must_use]
    pub fn opponent_of(&self, team: TeamNumber) -> Option<TeamNumber> {
        if team == self.first {
            Some(self.second)
        } else if team == self.second {
            Some(self.first)
        } else {
            None
        }
    }
}

/// A team's line-up for one round: who sits on board 1, 2, ... (`None`: an empty board).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Lineup {
    /// The players' pairing numbers by board; its length is [`TeamSettings::boards`].
    pub boards: Vec<Option<PairingNumber>>,
    /// Who submitted it (a captain's or an organizer's account), if known; `None` when it is
    /// the roster order applied by default.
    pub submitted_by: Option<String>,
}

/// One round of a team event.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamRound {
    /// The round number, from 1.
    pub number: RoundNumber,
    /// The matches, by table.
    pub matches: Vec<TeamMatch>,
    /// The team that received the pairing-allocated bye, if any.
    pub bye: Option<TeamNumber>,
    /// Teams known to be absent this round (they score nothing; TRF-2026 `240 Z`).
    pub absent: Vec<TeamNumber>,
    /// Teams given a bye before pairing (TRF-2026 `240`): [`ResultCode::HalfBye`] (`H`, a drawn
    /// match's points) or [`ResultCode::FullBye`] (`F`, a won match's). They are not paired.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub byes_before_pairing: BTreeMap<TeamNumber, ResultCode>,
    /// The line-ups submitted or applied, by team.
    pub lineups: BTreeMap<TeamNumber, Lineup>,
}

impl TeamRound {
    /// The match a team plays, if any.
    #[must_use]
    pub fn match_of(&self, team: TeamNumber) -> Option<&TeamMatch> {
        self.matches
            .iter()
            .find(|m| m.first == team || m.second == team)
    }
}

/// What makes a tournament a team event: the settings, the teams and their rounds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamEvent {
    /// The regulations' settings.
    pub settings: TeamSettings,
    /// The teams, by team pairing number.
    pub teams: Vec<Team>,
    /// The rounds, numbered from 1 (a round is here once it is paired).
    pub rounds: Vec<TeamRound>,
    /// How the rounds are paired: the system the organizer chose when pairing (web, API), or
    /// the one a TRF's `192` names (`FIDE_TEAM_*`: C.04.6; `FIDE_ROUNDROBIN`,
    /// `FIDE_DOUBLEROUNDROBIN`, `BERGER_*`: C.05). `None`: not said; the tournament's `092` and
    /// the rounds planned then decide ([`is_round_robin`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub system: Option<TeamPairingSystem>,
    /// Fictitious points for pairing (TRF-2026 `250` in a team event), in file order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub accelerations: Vec<TeamAcceleration>,
}

impl TeamEvent {
    /// An event with no teams yet.
    #[must_use]
    pub fn new(settings: TeamSettings) -> TeamEvent {
        TeamEvent {
            settings,
            teams: Vec::new(),
            rounds: Vec::new(),
            system: None,
            accelerations: Vec::new(),
        }
    }

    /// The team with a pairing number.
    #[must_use]
    pub fn team(&self, number: TeamNumber) -> Option<&Team> {
        self.teams.iter().find(|t| t.number == number)
    }

    /// The team a player belongs to (the first roster that lists the player).
    #[must_use]
    pub fn team_of(&self, player: PairingNumber) -> Option<&Team> {
        self.teams.iter().find(|t| t.roster.contains(&player))
    }

    /// A map from each rostered player to the team's number.
    #[must_use]
    pub fn membership(&self) -> BTreeMap<PairingNumber, TeamNumber> {
        let mut map = BTreeMap::new();
        for t in &self.teams {
            for pn in &t.roster {
                map.entry(*pn).or_insert(t.number);
            }
        }
        map
    }

    /// The bye or absence a team has for a round before pairing (TRF-2026 `240`): `Z`
    /// ([`ResultCode::ZeroBye`]) when the round lists it as absent, else its `H` or `F`.
    #[must_use]
    pub fn bye_before_pairing(&self, team: TeamNumber, round: RoundNumber) -> Option<ResultCode> {
        let r = self.round(round)?;
        if r.absent.contains(&team) {
            return Some(ResultCode::ZeroBye);
        }
        r.byes_before_pairing.get(&team).copied()
    }

    /// Records (`Some(F|H|Z)`) or cancels (`None`) a team's bye or absence for a round before
    /// pairing (TRF-2026 `240`); returns what it replaced. Codes other than `F`, `H`, `Z` are
    /// treated as a cancellation.
    pub fn set_bye_before_pairing(
        &mut self,
        team: TeamNumber,
        round: RoundNumber,
        code: Option<ResultCode>,
    ) -> Option<ResultCode> {
        let before = self.bye_before_pairing(team, round);
        let r = self.round_mut(round);
        r.absent.retain(|a| *a != team);
        r.byes_before_pairing.remove(&team);
        match code {
            Some(ResultCode::ZeroBye) => r.absent.push(team),
            Some(c @ (ResultCode::HalfBye | ResultCode::FullBye)) => {
                r.byes_before_pairing.insert(team, c);
            }
            _ => {}
        }
        r.absent.sort_unstable();
        before
    }

    /// The round with a number.
    #[must_use]
    pub fn round(&self, number: RoundNumber) -> Option<&TeamRound> {
        self.rounds.iter().find(|r| r.number == number)
    }

    /// The round with a number, created (empty) when missing; rounds stay in order.
    pub fn round_mut(&mut self, number: RoundNumber) -> &mut TeamRound {
        let i = if let Some(i) = self.rounds.iter().position(|r| r.number == number) {
            i
        } else {
            let at = self
                .rounds
                .iter()
                .position(|r| r.number > number)
                .unwrap_or(self.rounds.len());
            self.rounds.insert(
                at,
                TeamRound {
                    number,
                    ..TeamRound::default()
                },
            );
            at
        };
        &mut self.rounds[i]
    }
}
