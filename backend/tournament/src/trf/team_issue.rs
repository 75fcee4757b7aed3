//! What the TRF reader finds wrong (or only unusual) in the team records of a file (TRF16 `013`,
//! TRF-2026 `310` `320` `330` `300` `352` `362`) and in the matches the board games make. Each
//! is reported inside a [`crate::trf::TrfIssue`] that names the line, the column, the player and
//! the round.

use serde::Serialize;

use crate::model::PairingNumber;
use crate::points::Points;
use crate::team::TeamNumber;

/// A finding about a team event in a TRF file; [`TeamIssue::is_error`] tells errors from
/// warnings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, thiserror::Error)]
pub enum TeamIssue {
    // ---- errors: syntax of the team records ----
    /// A numeric field of a team record is not a number (or out of its range).
    #[error("record {record}: {field} `{text}` is not valid")]
    BadField {
        /// The record code (`013`, `310`, `320`, `330`, `300`, `352`, `362`).
        record: &'static str,
        /// The field's name.
        field: &'static str,
        /// The text found.
        text: String,
    },
    /// Two team records have the same team number.
    #[error("team number {0} is used twice")]
    DuplicateTeam(TeamNumber),
    /// A team record lists a start number that no `001` record has.
    #[error("start number {0} of the team record is not a player of this tournament")]
    UnknownMember(PairingNumber),
    /// A player is listed by two team records (or twice by one).
    #[error("player {player} is already on the roster of team {first}")]
    PlayerInTwoTeams {
        /// The player.
        player: PairingNumber,
        /// The team whose record lists the player first.
        first: TeamNumber,
    },
    /// A record names a team that no team record defines.
    #[error("team {0} is not defined by any team record")]
    UnknownTeam(TeamNumber),
    /// A record that must appear once (`352`, `362`) is given twice.
    #[error("record {0} given twice")]
    DuplicateRecord(&'static str),
    /// Two `320` records give the pairing-allocated bye different points.
    #[error("the bye's points {match_points}/{game_points} differ from an earlier 320 record")]
    ByePointsDiffer {
        /// Match points of this record.
        match_points: Points,
        /// Game points of this record.
        game_points: Points,
    },
    // ---- errors: the matches the games make ----
    /// A player who plays (or scores a forfeit win) in a round is on no team's roster.
    #[error("the player is on no team's roster")]
    NotOnTeam,
    /// A game between two players of the same team.
    #[error("game against opponent {opponent}, a player of the same team {team}")]
    SameTeam {
        /// The opponent.
        opponent: PairingNumber,
        /// The team of both.
        team: TeamNumber,
    },
    /// A team meets two teams in one round.
    #[error("team {team} meets both team {first} and team {second} in this round")]
    TwoOpponents {
        /// The team.
        team: TeamNumber,
        /// One opponent.
        first: TeamNumber,
        /// The other.
        second: TeamNumber,
    },
    /// A match uses more boards than the event has (record `352`).
    #[error(
        "the match of team {team} against team {opponent} uses {used} boards; record 352 gives {boards}"
    )]
    TooManyBoards {
        /// The team whose line-up is too long.
        team: TeamNumber,
        /// Its opponent.
        opponent: TeamNumber,
        /// Boards used.
        used: usize,
        /// Boards of the event.
        boards: u8,
    },
    /// Two teams (by their players' `U` results or by `320`) have the pairing-allocated bye in
    /// one round.
    #[error("team {team} has the pairing-allocated bye, but so has team {other}")]
    TwoByes {
        /// This team.
        team: TeamNumber,
        /// The other team.
        other: TeamNumber,
    },
    /// The team with the pairing-allocated bye also plays a match in that round.
    #[error("team {0} has the pairing-allocated bye and also plays a match")]
    ByeTeamPlays(TeamNumber),
    /// A team with a bye or absence known before pairing (`240`) also plays a match, or has
    /// the pairing-allocated bye, in that round.
    #[error("team {0} has a bye or absence for this round (240) and is also paired in it")]
    ByeBeforePairingPlays(TeamNumber),
    /// A player of a team scores a forfeit win without opponent, but nothing pairs the team.
    #[error("team {0} has no match in this round (give it with a 330 or 300 record)")]
    NoMatch(TeamNumber),
    /// A player sits on a board of a line-up (`300`, or the roster order) where the game does
    /// not put the player.
    #[error(
        "board {board} of team {team} against team {opponent} does not hold this player's game; a 300 record must give the line-up"
    )]
    LineupMismatch {
        /// The team.
        team: TeamNumber,
        /// Its opponent.
        opponent: TeamNumber,
        /// The board (from 1).
        board: usize,
    },
    /// A `300` line-up names a player who is not on the team's roster.
    #[error("player {player} of the line-up is not on the roster of team {team}")]
    NotOnRoster {
        /// The player.
        player: PairingNumber,
        /// The team.
        team: TeamNumber,
    },
    /// A `300` line-up misses a player of the team who plays in the match.
    #[error("player {0} plays in the match but is missing from the line-up")]
    MissingFromLineup(PairingNumber),
    // ---- warnings ----
    /// The match or game points a `310` record states disagree with the results.
    #[error("team {team}: the record states {reported} {what} points, the results give {computed}")]
    TotalsDisagree {
        /// The team.
        team: TeamNumber,
        /// `match` or `game`.
        what: &'static str,
        /// The points written.
        reported: Points,
        /// The points computed.
        computed: Points,
    },
    /// A board's colours do not follow record `352` (the first-named team is taken from the
    /// lowest board).
    #[error(
        "board {board} of team {first} against team {second}: colours do not follow record 352"
    )]
    ColoursOffSequence {
        /// The first-named team.
        first: TeamNumber,
        /// The second-named team.
        second: TeamNumber,
        /// The board (from 1).
        board: usize,
    },
    /// A start number `0` in a team record, skipped.
    #[error("start number 0 in the team record skipped")]
    ZeroMember,
    /// `013` records in a file that has `310` records: the `310` records define the teams and
    /// the `013` lines are kept verbatim.
    #[error("013 team record ignored beside 310 records, kept verbatim")]
    Trf16TeamIgnored,
    /// A team record in a file without teams (no `013` or `310`), kept verbatim.
    #[error("record {0} without any team record, kept verbatim")]
    WithoutTeams(String),
}

impl TeamIssue {
    /// Whether the finding makes the file unacceptable.
    #[must_use]
    pub const fn is_error(&self) -> bool {
        !matches!(
            self,
            TeamIssue::TotalsDisagree { .. }
                | TeamIssue::ColoursOffSequence { .. }
                | TeamIssue::ZeroMember
                | TeamIssue::Trf16TeamIgnored
                | TeamIssue::WithoutTeams(_)
        )
    }
}
