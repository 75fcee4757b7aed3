//! The competitors of a standings as every tie-break reads them ([`Field`]): players with
//! their points, or teams with their match and game points and their boards. Kept apart from
//! the engine (`field.rs`) so that the team tie-breaks it calls can read them without an
//! import back into it.

use super::context::Ctx;
use super::spec::{ScoreKind, TieBreak};

/// A team competition's boards: each team's game points board by board.
#[derive(Clone, Debug)]
pub(crate) struct Boards {
    /// Boards per match.
    pub count: usize,
    /// Per team and round (`team * rounds + round`), each board's game points in tenths and
    /// whether it was won over the board (board 1 first).
    pub points: Vec<Vec<(i64, bool)>>,
    /// A won game, in tenths.
    pub game_win: i64,
}

/// The competitors of a standings, as every tie-break reads them.
#[derive(Clone, Debug)]
pub(crate) struct Field {
    /// Which score is primary: game points for players (their points), match or game points
    /// for teams.
    pub primary_kind: ScoreKind,
    /// The rounds scored with the primary score.
    pub primary: Ctx,
    /// Teams: the rounds scored with the secondary score; `None` for players.
    pub secondary: Option<Ctx>,
    /// Teams: the boards; `None` for players.
    pub boards: Option<Boards>,
}

impl Field {
    /// Players: one score, their points.
    pub(crate) fn players(primary: Ctx) -> Field {
        Field {
            primary_kind: ScoreKind::Game,
            primary,
            secondary: None,
            boards: None,
        }
    }

    /// The number of competitors.
    pub(crate) fn n(&self) -> usize {
        self.primary.n
    }

    /// The rounds scored with score `s` (players have one score: their points).
    pub(crate) fn ctx(&self, s: ScoreKind) -> &Ctx {
        match &self.secondary {
            Some(sec) if s != self.primary_kind => sec,
            _ => &self.primary,
        }
    }

    /// The secondary score's kind.
    pub(crate) fn secondary_kind(&self) -> ScoreKind {
        self.primary_kind.other()
    }

    /// The score a tie-break reads: its `:MP`/`:GP`, else the primary score (C.07 Art. 11).
    pub(crate) fn score_of(&self, tb: &TieBreak) -> ScoreKind {
        tb.modifiers.score.unwrap_or(self.primary_kind)
    }
}
