//! The standings half of `arbiter check`: the ranks a file states (TRF `001` columns 86-89 for
//! players, TRF-2026 `310` columns 69-71 for teams) against the standings its own tie-break list
//! makes (record `212`, else `202` with `PTS` first; Handbook C.07 Art. 4: the list applied in
//! order).

use std::cmp::Ordering;

use arbiter_tournament::Tournament;
use arbiter_tournament::team::{
    TeamEvent, TeamStandingsOptions, default_team_tiebreaks, team_standings,
};
use arbiter_tournament::tiebreak::{
    StandingsOptions, TieBreak, Value, default_tiebreaks, parse_list, standings,
};

/// What the standings check found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StandingsCheck {
    /// The file carries no tie-break list (`202`/`212`): nothing to check the ranks against.
    NoList,
    /// The file's tie-break list does not read: the record and why.
    BadList(String),
    /// The file states no rank (all blank or 0).
    NoRanks,
    /// Checked: the list, the round the standings are after, how many ranks were compared, and
    /// one line per position that does not follow the list (empty when all do).
    Checked {
        /// The tie-break list, as C.07 codes.
        list: String,
        /// The round the standings are after.
        after_round: u16,
        /// How many ranks of the file were compared.
        compared: usize,
        /// The positions that do not follow the list.
        lines: Vec<String>,
    },
}

/// One participant with the rank the file states and the values the list gives it.
struct Ranked<'a> {
    /// `no. 7 Name` or `team 3 Name`.
    label: String,
    file_rank: u16,
    computed_rank: u32,
    values: &'a [Option<Value>],
}

/// The file's list, parsed: `Err` names the record that does not read; `Ok(None)` without one.
fn file_list(t: &Tournament) -> Result<Option<()>, String> {
    for (record, text) in [("212", &t.tiebreaks), ("202", &t.tiebreaks_202)] {
        if let Some(text) = text.as_deref() {
            return match parse_list(text) {
                Ok(_) => Ok(Some(())),
                Err(e) => Err(format!("record {record} `{}`: {e}", text.trim())),
            };
        }
    }
    Ok(None)
}

/// The first tie-break of the list on which two participants differ, and which is ahead
/// (`Less`: the first); undefined values rank last (C.07).
fn first_difference(
    tbs: &[TieBreak],
    a: &[Option<Value>],
    b: &[Option<Value>],
) -> Option<(usize, Ordering)> {
    tbs.iter().enumerate().find_map(|(i, tb)| {
        let (x, y) = (a.get(i).copied().flatten(), b.get(i).copied().flatten());
        let o = match (x, y) {
            (Some(x), Some(y)) if tb.kind.lower_is_better() => x.cmp(&y),
            (Some(x), Some(y)) => y.cmp(&x),
            (Some(_), None) => Ordering::Less,
            (None, Some(_)) => Ordering::Greater,
            (None, None) => Ordering::Equal,
        };
        (o != Ordering::Equal).then_some((i, o))
    })
}

fn value_text(tbs: &[TieBreak], i: usize, v: Option<Value>) -> String {
    let d = tbs.get(i).map_or(1, |tb| tb.kind.decimals());
    v.map_or_else(|| "undefined".to_owned(), |v| v.format(d))
}

/// The lines for the positions that do not follow the list: each pair of neighbours in the
/// file's order that the list orders otherwise, naming the tie-break that decides; when the
/// order holds and every participant is ranked, each rank number that is not the list's.
fn positions(tbs: &[TieBreak], mut ranked: Vec<Ranked<'_>>, everyone: bool) -> Vec<String> {
    ranked.sort_by_key(|r| r.file_rank);
    let list = tbs
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ");
    let mut lines = Vec::new();
    for w in ranked.windows(2) {
        let (a, b) = (&w[0], &w[1]);
        let diff = first_difference(tbs, a.values, b.values);
        let values = |i: usize| {
            format!(
                "{} against {}",
                value_text(tbs, i, a.values.get(i).copied().flatten()),
                value_text(tbs, i, b.values.get(i).copied().flatten())
            )
        };
        let name = |i: usize| tbs.get(i).map(ToString::to_string).unwrap_or_default();
        match (a.file_rank == b.file_rank, diff) {
            (false, Some((i, Ordering::Greater))) => lines.push(format!(
                "{} (rank {} in the file) stands above {} (rank {}), but {} decides for {}: {}",
                a.label,
                a.file_rank,
                b.label,
                b.file_rank,
                name(i),
                b.label,
                values(i)
            )),
            (false, None) => lines.push(format!(
                "{} (rank {}) and {} (rank {}) are equal on every tie-break of the list ({list}): \
                 they share a rank",
                a.label, a.file_rank, b.label, b.file_rank
            )),
            (true, Some((i, o))) => {
                let ahead = if o == Ordering::Less { a } else { b };
                lines.push(format!(
                    "{} and {} share rank {} in the file, but {} separates them for {}: {}",
                    a.label,
                    b.label,
                    a.file_rank,
                    name(i),
                    ahead.label,
                    values(i)
                ));
            }
            _ => {}
        }
    }
    if lines.is_empty() && everyone {
        for r in &ranked {
            if u32::from(r.file_rank) != r.computed_rank {
                lines.push(format!(
                    "{}: rank {} in the file, {} by the list ({list})",
                    r.label, r.file_rank, r.computed_rank
                ));
            }
        }
    }
    lines
}

/// The individual standings check.
#[must_use]
pub fn individual(t: &Tournament) -> StandingsCheck {
    match file_list(t) {
        Ok(None) => return StandingsCheck::NoList,
        Err(e) => return StandingsCheck::BadList(e),
        Ok(Some(())) => {}
    }
    let ranked_players: Vec<_> = t
        .players
        .iter()
        .filter(|p| p.rank.is_some_and(|r| r > 0))
        .collect();
    if ranked_players.is_empty() {
        return StandingsCheck::NoRanks;
    }
    let tbs = default_tiebreaks(t, false);
    let options = StandingsOptions {
        edition: None,
        after_round: None,
        round_robin: None,
    };
    let s = standings(t, &tbs, &options);
    let ranked: Vec<Ranked<'_>> = ranked_players
        .iter()
        .filter_map(|p| {
            let row = s.row(p.pairing_number)?;
            Some(Ranked {
                label: format!("no. {} {}", p.pairing_number, p.name),
                file_rank: p.rank.unwrap_or(0),
                computed_rank: row.rank,
                values: &row.values,
            })
        })
        .collect();
    let compared = ranked.len();
    let everyone = compared == s.rows.len();
    StandingsCheck::Checked {
        list: list_text(&s.tiebreaks),
        after_round: s.after_round,
        compared,
        lines: positions(&s.tiebreaks, ranked, everyone),
    }
}

fn list_text(tbs: &[TieBreak]) -> String {
    tbs.iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// The team standings check (team ranks of `310`).
#[must_use]
pub fn team(t: &Tournament, event: &TeamEvent) -> StandingsCheck {
    match file_list(t) {
        Ok(None) => return StandingsCheck::NoList,
        Err(e) => return StandingsCheck::BadList(e),
        Ok(Some(())) => {}
    }
    let ranked_teams: Vec<_> = event
        .teams
        .iter()
        .filter(|team| team.rank.is_some_and(|r| r > 0))
        .collect();
    if ranked_teams.is_empty() {
        return StandingsCheck::NoRanks;
    }
    let tbs = default_team_tiebreaks(t);
    let s = team_standings(t, event, &tbs, &TeamStandingsOptions::default());
    let ranked: Vec<Ranked<'_>> = ranked_teams
        .iter()
        .filter_map(|team| {
            let row = s.row(team.number)?;
            Some(Ranked {
                label: format!("team {} {}", team.number, team.name),
                file_rank: team.rank.unwrap_or(0),
                computed_rank: row.rank,
                values: &row.values,
            })
        })
        .collect();
    let compared = ranked.len();
    let everyone = compared == s.rows.len();
    StandingsCheck::Checked {
        list: list_text(&s.tiebreaks),
        after_round: s.after_round,
        compared,
        lines: positions(&s.tiebreaks, ranked, everyone),
    }
}
