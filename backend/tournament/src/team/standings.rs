//! Team standings: the teams ranked by the primary score (match points or game points, C.04.6
//! art. 1.2) and a list of tie-breaks (C.07 Art. 4: the ordered list decides), with the
//! explanation of each value.

use std::cmp::Ordering;
use std::fmt;

use serde::{Deserialize, Serialize};

use super::tiebreak::team_field;
use super::{TeamEvent, TeamNumber, TeamPairingSystem};
use crate::model::{RoundNumber, Tournament};
use crate::tiebreak::competitors::Field;
use crate::tiebreak::field::rank;
use crate::tiebreak::{
    Contribution, CutBy, Edition, Kind, ScoreKind, TieBreak, Value, cmp_values, parse_list,
    round_robin_by_count, system_round_robin, tournament_edition,
};

/// Options for [`team_standings`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TeamStandingsOptions {
    /// The edition for tie-breaks without a pinned one; `None`: the one in force at the
    /// tournament's start (2026-03 when the date is unknown).
    pub edition: Option<Edition>,
    /// Standings after this round; `None`: the last round paired.
    pub after_round: Option<RoundNumber>,
    /// Force round robin (`true`) or Swiss (`false`); `None`: as [`is_round_robin`] says.
    pub round_robin: Option<bool>,
}

/// One line of the team standings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamRow {
    /// The rank (ties share it).
    pub rank: u32,
    /// The team pairing number.
    pub team: TeamNumber,
    /// The team's name.
    pub name: String,
    /// The primary score (match points or game points).
    pub score: Value,
    /// One value per tie-break (`None`: undefined).
    pub values: Vec<Option<Value>>,
}

/// Team standings after a round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamStandings {
    /// The primary score.
    pub primary: ScoreKind,
    /// The tie-breaks, in order (a leading `PTS` is the primary score itself).
    pub tiebreaks: Vec<TieBreak>,
    /// The edition each tie-break was computed with.
    pub editions: Vec<Edition>,
    /// The round the standings are after.
    pub after_round: RoundNumber,
    /// Whether the event was treated as a round robin.
    pub round_robin: bool,
    /// The rows, by rank (ties by team number).
    pub rows: Vec<TeamRow>,
}

impl TeamStandings {
    /// The row of a team.
    #[must_use]
    pub fn row(&self, team: TeamNumber) -> Option<&TeamRow> {
        self.rows.iter().find(|r| r.team == team)
    }
}

/// The team tie-break list an event asks for: TRF record 212, else 202 (with `PTS` put first),
/// else `PTS, MPvGP, EMGSB/C1, BH/C1` (the primary score, the other score, the extended
/// Sonneborn-Berger of the Olympiad, Buchholz cut 1).
#[must_use]
pub fn default_team_tiebreaks(t: &Tournament) -> Vec<TieBreak> {
    if let Some(l) = t.tiebreaks.as_deref().and_then(|s| parse_list(s).ok()) {
        return l;
    }
    if let Some(mut l) = t.tiebreaks_202.as_deref().and_then(|s| parse_list(s).ok()) {
        if l.first().map(|tb| tb.kind) != Some(Kind::Pts) {
            l.insert(0, TieBreak::new(Kind::Pts));
        }
        return l;
    }
    parse_list("PTS,MPVGP,EMGSB/C1,BH/C1").unwrap_or_default()
}

/// Whether a team event is a round robin: the system its rounds are paired by
/// ([`TeamEvent::system`]) when known; else the tournament's type (`092`) or pairing system
/// (`192`) when it says Swiss or round robin (not when `092` calls the event individual);
/// otherwise the rounds planned (or paired, or `rounds`
/// when more) are those of a single or double round robin of its teams (every team meets every
/// other once or twice; an odd number of teams has one round more).
#[must_use]
pub fn is_round_robin(t: &Tournament, e: &TeamEvent, rounds: RoundNumber) -> bool {
    if let Some(system) = e.system {
        return system != TeamPairingSystem::Swiss;
    }
    // A type that calls the event individual (an event made a team event after its creation)
    // says nothing of how its teams are paired.
    let individual = t.tournament_type.as_deref().is_some_and(|k| {
        k.trim_start()
            .to_ascii_lowercase()
            .starts_with("individual")
    });
    let said = if individual {
        None
    } else {
        system_round_robin(t)
    };
    said.unwrap_or_else(|| {
        let planned = t
            .rounds_planned
            .unwrap_or(0)
            .max(e.last_round())
            .max(rounds);
        round_robin_by_count(e.teams.len(), usize::from(planned))
    })
}

struct Run {
    standings: TeamStandings,
    details: Vec<Vec<Vec<Contribution>>>,
    field: Field,
}

fn run(
    t: &Tournament,
    e: &TeamEvent,
    tiebreaks: &[TieBreak],
    options: &TeamStandingsOptions,
    explain: bool,
) -> Run {
    let rounds = options.after_round.unwrap_or_else(|| e.last_round());
    let rr = options
        .round_robin
        .unwrap_or_else(|| is_round_robin(t, e, rounds));
    let field = team_field(t, e, usize::from(rounds), rr);
    let base = options.edition.unwrap_or_else(|| tournament_edition(t));
    let mut ranking = rank(&field, tiebreaks, base, explain);
    let tpn = &field.primary.pn;
    let rows = ranking
        .order
        .iter()
        .map(|&p| TeamRow {
            rank: ranking.ranks[p],
            team: tpn[p],
            name: e.team(tpn[p]).map(|x| x.name.clone()).unwrap_or_default(),
            score: Value::from_tenths(field.primary.total[p]),
            values: std::mem::take(&mut ranking.values[p]),
        })
        .collect();
    Run {
        standings: TeamStandings {
            primary: field.primary_kind,
            tiebreaks: tiebreaks.to_vec(),
            editions: ranking.editions,
            after_round: rounds,
            round_robin: rr,
            rows,
        },
        details: ranking.details,
        field,
    }
}

/// Team standings after a round with the given tie-breaks (C.07): the values of every team,
/// ranks by the ordered list (ties share the rank and are listed by team number). Start the list
/// with `PTS` to rank by the primary score first.
#[must_use]
pub fn team_standings(
    t: &Tournament,
    event: &TeamEvent,
    tiebreaks: &[TieBreak],
    options: &TeamStandingsOptions,
) -> TeamStandings {
    run(t, event, tiebreaks, options, false).standings
}

/// One tie-break of one team, explained.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamTieBreakExplanation {
    /// The tie-break.
    pub tiebreak: TieBreak,
    /// The score it read (`:MP`/`:GP`, else the primary score).
    pub score: ScoreKind,
    /// The edition it was computed with.
    pub edition: Edition,
    /// Its value.
    pub value: Option<Value>,
    /// Round by round: the opponent team, the team's result, the basis (the opponent's adjusted
    /// score, the dummy's score, the opponent's rating) and the value added, cuts marked. For BC
    /// each round's sum of board number times game points.
    pub contributions: Vec<Contribution>,
    /// For BC, TBR and BBE: the team's game points on board 1, 2, ... over all rounds.
    pub boards: Vec<Value>,
}

/// Why a team stands where it does.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamExplanation {
    /// The team.
    pub team: TeamNumber,
    /// Its name.
    pub name: String,
    /// Its rank.
    pub rank: u32,
    /// Each tie-break.
    pub tiebreaks: Vec<TeamTieBreakExplanation>,
    /// The team ranked just above, and the first tie-break that separates them (`None`: tied).
    pub above: Option<(TeamNumber, Option<TieBreak>)>,
    /// The team ranked just below, and the first tie-break that separates them.
    pub below: Option<(TeamNumber, Option<TieBreak>)>,
}

/// Team standings and the explanation of one team's place; `None` when the team is not in
/// the event.
#[must_use]
pub fn explain_team(
    t: &Tournament,
    event: &TeamEvent,
    tiebreaks: &[TieBreak],
    options: &TeamStandingsOptions,
    team: TeamNumber,
) -> Option<(TeamStandings, TeamExplanation)> {
    let run = run(t, event, tiebreaks, options, true);
    let s = run.standings;
    let idx = run.field.primary.pn.iter().position(|&x| x == team)?;
    let pos = s.rows.iter().position(|r| r.team == team)?;
    let row = s.rows.get(pos)?;
    let boards: Vec<Value> = run.field.boards.as_ref().map_or_else(Vec::new, |b| {
        let mut out = vec![0i64; b.count];
        for r in 0..run.field.primary.r {
            let round = b.points.get(idx * run.field.primary.r + r);
            for (k, (p, _)) in round.into_iter().flatten().enumerate() {
                if let Some(slot) = out.get_mut(k) {
                    *slot += p;
                }
            }
        }
        out.into_iter().map(Value::from_tenths).collect()
    });
    let tbs = tiebreaks
        .iter()
        .enumerate()
        .map(|(i, tb)| TeamTieBreakExplanation {
            tiebreak: *tb,
            score: run.field.score_of(tb),
            edition: s.editions.get(i).copied().unwrap_or(Edition::E2026),
            value: row.values.get(i).copied().flatten(),
            contributions: run
                .details
                .get(i)
                .and_then(|d| d.get(idx))
                .cloned()
                .unwrap_or_default(),
            boards: if matches!(tb.kind, Kind::Bc | Kind::Tbr | Kind::Bbe) {
                boards.clone()
            } else {
                Vec::new()
            },
        })
        .collect();
    let separation = |other: &TeamRow| {
        tiebreaks.iter().enumerate().find_map(|(i, tb)| {
            let (a, b) = (
                row.values.get(i).copied().flatten(),
                other.values.get(i).copied().flatten(),
            );
            (cmp_values(a, b, tb.kind) != Ordering::Equal).then_some(*tb)
        })
    };
    let neighbour = |o: Option<&TeamRow>| o.map(|o| (o.team, separation(o)));
    let above = neighbour(pos.checked_sub(1).and_then(|p| s.rows.get(p)));
    let below = neighbour(s.rows.get(pos + 1));
    let e = TeamExplanation {
        team,
        name: row.name.clone(),
        rank: row.rank,
        tiebreaks: tbs,
        above,
        below,
    };
    Some((s, e))
}

impl fmt::Display for TeamExplanation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{} (team {}) rank {}", self.name, self.team, self.rank)?;
        for t in &self.tiebreaks {
            let v = t.value.map_or_else(
                || "undefined".to_owned(),
                |v| v.format(t.tiebreak.kind.decimals()),
            );
            writeln!(
                f,
                "  {} = {}  (C.07 Art. {}, {}, edition {})",
                t.tiebreak,
                v,
                t.tiebreak.kind.article(),
                t.score.code(),
                t.edition
            )?;
            if !t.boards.is_empty() {
                let b: Vec<String> = t.boards.iter().map(|v| v.format(1)).collect();
                writeln!(f, "    boards 1..{}: {}", t.boards.len(), b.join(" "))?;
            }
            for c in &t.contributions {
                let opp = c.opponent.map_or_else(|| "-".to_owned(), |o| o.to_string());
                let basis = c
                    .basis
                    .map_or_else(String::new, |b| format!(" basis {}", b.format(1)));
                let cut = match c.cut {
                    Some(CutBy::Low) => "  CUT (lowest)",
                    Some(CutBy::Unplayed) => "  CUT (voluntarily unplayed round first)",
                    Some(CutBy::High) => "  CUT (highest)",
                    None => "",
                };
                writeln!(
                    f,
                    "    round {:>2} opp {:>4} result {} pts {}{} -> {}  [{}]{}",
                    c.round,
                    opp,
                    c.code.trf_char(),
                    c.points.format(1),
                    basis,
                    c.value.format(2),
                    c.note,
                    cut
                )?;
            }
        }
        for (label, n) in [("above", &self.above), ("below", &self.below)] {
            if let Some((p, tb)) = n {
                match tb {
                    Some(tb) => writeln!(f, "  {label}: team {p}, separated by {tb}")?,
                    None => writeln!(f, "  {label}: team {p}, tied on every tie-break")?,
                }
            }
        }
        Ok(())
    }
}
