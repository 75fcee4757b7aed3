//! The result-entry sheet of a team event's round, match by match: each match (its table, the
//! two teams, the match score in game points so far) with its boards under it, in the match's
//! board order (the line-ups, else the rosters: [`TeamEvent::match_boards`]). An individual
//! event's sheet is one group without a heading.

use arbiter_tournament::team::{TeamEvent, TeamNumber};
use arbiter_tournament::{Points, Tournament};

use super::EntryLine;
use crate::l10n::L10n;

/// One match of the sheet and its boards; an individual event's boards in one group whose
/// `table` is empty.
pub(crate) struct MatchGroup {
    /// `Table 2` in the reader's language; empty for an individual event or for boards no
    /// match claims.
    pub(crate) table: String,
    /// The first-named team (its number and name), and the second.
    pub(crate) first: String,
    pub(crate) second: String,
    /// The match score in game points, first team first (`2½ – 1½`), once a board has a
    /// result; the forfeit of the whole match worded.
    pub(crate) score: String,
    pub(crate) lines: Vec<EntryLine>,
}

/// A board of the sheet with its players' pairing numbers (White, Black).
pub(crate) type Seated = (u16, u16, EntryLine);

fn numbered(e: &TeamEvent, n: TeamNumber, l: &L10n) -> String {
    let name = e
        .team(n)
        .map_or_else(|| format!("#{n}"), |t| t.name.clone());
    l.ta(
        "tpub-numbered-team",
        &[("n", l.int(n)), ("team", l.data(&name))],
    )
}

fn score(l: &L10n, a: Points, b: Points) -> String {
    l.digits(&format!("{a} – {b}"))
}

/// The boards of round `n` grouped by match in a team event; one group otherwise.
pub(crate) fn groups(t: &Tournament, n: u16, seated: Vec<Seated>, l: &L10n) -> Vec<MatchGroup> {
    let Some((e, round)) = t.team.as_ref().and_then(|e| Some((e, e.round(n)?))) else {
        return vec![MatchGroup {
            table: String::new(),
            first: String::new(),
            second: String::new(),
            score: String::new(),
            lines: seated.into_iter().map(|s| s.2).collect(),
        }];
    };
    let mut left: Vec<Option<Seated>> = seated.into_iter().map(Some).collect();
    let mut out = Vec::with_capacity(round.matches.len() + 1);
    for m in &round.matches {
        let mut lines = Vec::new();
        for b in e.match_boards(t, n, m) {
            let found = left.iter_mut().find(|s| {
                s.as_ref().is_some_and(|(w, k, _)| {
                    [Some(*w), Some(*k)] == [b.first, b.second]
                        || [Some(*k), Some(*w)] == [b.first, b.second]
                })
            });
            if let Some((_, _, mut line)) = found.and_then(Option::take) {
                line.board = l.int(b.board);
                line.label = l.ta(
                    "res-result-of-match-board",
                    &[("table", l.int(m.table)), ("n", l.int(b.board))],
                );
                lines.push(line);
            }
        }
        let s = e.match_score(t, n, m);
        out.push(MatchGroup {
            table: l.ta("res-match-table", &[("n", l.int(m.table))]),
            first: numbered(e, m.first, l),
            second: numbered(e, m.second, l),
            score: if m.forfeit.is_some() {
                crate::marks::forfeit_text(e, m, l)
            } else if s.boards_decided > 0 {
                score(l, s.first_game_points, s.second_game_points)
            } else {
                String::new()
            },
            lines,
        });
    }
    let rest: Vec<EntryLine> = left.into_iter().flatten().map(|s| s.2).collect();
    if !rest.is_empty() {
        out.push(MatchGroup {
            table: l.t("res-match-none"),
            first: String::new(),
            second: String::new(),
            score: String::new(),
            lines: rest,
        });
    }
    out
}
