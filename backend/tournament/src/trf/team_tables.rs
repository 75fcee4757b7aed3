//! The tables of a team file's rounds: a TRF file does not number them, so they follow the
//! board order of the pairing (C.04.2 3.6, as the C.04.6 engine orders its matches): the higher
//! pairing score of the two teams before the round, then the lower one, then the smaller team
//! number. A team's pairing score is its primary score after the rounds before (byes and
//! absences known before pairing, `240`, included) plus the round's fictitious points when the
//! event is accelerated (`250`). Every game keeps its board within its match.

use std::cmp::Reverse;
use std::collections::BTreeMap;

use crate::model::Tournament;
use crate::points::Points;
use crate::team::score::primary_of;
use crate::team::{PrimaryScore, TeamEvent, TeamNumber};

/// The board-order key of a match (C.04.2 3.6): the higher score, the lower, the smaller team.
type BoardKey = (Reverse<Points>, Reverse<Points>, TeamNumber);

/// Renumbers the tables of every round of `event` (and the board numbers of their games in `t`)
/// in the board order of the pairing; matches equal on every key keep their order.
pub(super) fn order_tables(t: &mut Tournament, event: &mut TeamEvent) {
    let settings = event.settings.clone();
    for i in 0..event.rounds.len() {
        let rn = event.rounds[i].number;
        let scores = event.scores_after_round(t, rn.saturating_sub(1));
        let score = |team: TeamNumber| {
            let played = scores
                .get(&team)
                .map_or(Points::ZERO, |s| primary_of(&settings, *s));
            let (mp, gp) = event.fictitious_points(team, rn);
            played.saturating_add(match settings.primary {
                PrimaryScore::MatchPoints => mp,
                PrimaryScore::GamePoints => gp,
            })
        };
        let mut order: Vec<(u16, BoardKey)> = event.rounds[i]
            .matches
            .iter()
            .map(|m| {
                let (a, b) = (score(m.first), score(m.second));
                (
                    m.table,
                    (Reverse(a.max(b)), Reverse(a.min(b)), m.first.min(m.second)),
                )
            })
            .collect();
        order.sort_by_key(|o| o.1);
        let new: BTreeMap<u16, u16> = order.iter().zip(1..).map(|(o, n)| (o.0, n)).collect();
        if new.iter().all(|(a, b)| a == b) {
            continue;
        }
        let round = &mut event.rounds[i];
        for m in &mut round.matches {
            m.table = new.get(&m.table).copied().unwrap_or(m.table);
        }
        round.matches.sort_by_key(|m| m.table);
        if let Some(r) = t.rounds.iter_mut().find(|r| r.number == rn) {
            for g in &mut r.games {
                if let Some(b) = g.board {
                    let (table, board) = settings.table_and_board(b);
                    if let Some(&to) = new.get(&table) {
                        g.board = Some(settings.global_board(to, board));
                    }
                }
            }
        }
    }
}
