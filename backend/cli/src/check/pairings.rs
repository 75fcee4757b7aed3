//! The pairing half of `arbiter check`: every paired round re-paired by the system the file is
//! paired by and compared with the record: the Dutch system (C.04.3, 2026 or 2017 rules) for an
//! individual event, the Swiss Team Pairing System (C.04.6) for a team event (TRF `013`/`310`).
//! `arbiter pair --dutch -c` prints its rounds with [`dutch_round_lines`] too.

use arbiter_pairing::check::Finding;
use arbiter_pairing::team_swiss::{TeamComparison, TeamFinding};
use arbiter_pairing::{Edition, PairingError};
use arbiter_tournament::Tournament;
use arbiter_tournament::pairing_input::RoundCheck;
use arbiter_tournament::team::{TeamEvent, recheck_pairings};

/// One paired round and what the checker says of it: an empty `lines` when the round is the
/// one the rules make.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundReport {
    /// The round.
    pub round: u16,
    /// One line per finding (boards, criteria, the engine's pairs), without the round prefix.
    pub lines: Vec<String>,
}

/// The lines of one round of the Dutch checker (C.04.A): the recorded boards the engine does not
/// make, then every finding; empty when the round agrees.
#[must_use]
pub fn dutch_round_lines(rc: &RoundCheck) -> Vec<String> {
    if rc.findings.is_empty() {
        return Vec::new();
    }
    // The quality findings name their boards themselves.
    let named = rc.findings.iter().any(|f| {
        matches!(
            f,
            Finding::DiffersFromEngine { .. } | Finding::ColoursDiffer(_)
        )
    });
    let mut lines = Vec::new();
    if !named {
        lines.extend(rc.boards.iter().map(ToString::to_string));
    }
    lines.extend(rc.findings.iter().map(ToString::to_string));
    lines
}

/// Every paired round of an individual event re-paired by the Dutch system in `edition`.
///
/// # Errors
/// The engine's error for a state it cannot read (an inconsistent file).
pub fn dutch(t: &Tournament, edition: Edition) -> Result<Vec<RoundReport>, PairingError> {
    Ok(t.recheck_pairings(edition)?
        .iter()
        .map(|rc| RoundReport {
            round: rc.round,
            lines: dutch_round_lines(rc),
        })
        .collect())
}

fn pair(&(w, b): &(u16, u16)) -> String {
    if b == 0 {
        format!("{w} bye")
    } else {
        format!("{w}-{b}")
    }
}

fn pairs(list: &[(u16, u16)]) -> String {
    list.iter().map(pair).collect::<Vec<_>>().join(", ")
}

/// One finding of the team checker in words (C.04.6 articles).
fn team_line(f: &TeamFinding) -> String {
    match f {
        TeamFinding::NotPairable(n) => {
            format!("team {n} is paired but is not in the event or is absent")
        }
        TeamFinding::Unpaired(n) => {
            format!("team {n} is present but neither paired nor given the bye (art. 3.3.1)")
        }
        TeamFinding::Twice(n) => format!("team {n} is paired more than once"),
        TeamFinding::Rematch(a, b) => {
            format!("teams {a} and {b} already met or may not meet ([C1], art. 2.1.1)")
        }
        TeamFinding::ByeNotAllowed(n) => format!(
            "team {n} gets the bye after a bye, a forfeit win or a full-point bye ([C2], art. \
             2.1.2)"
        ),
        TeamFinding::DiffersFromEngine {
            missing,
            extra,
            verdict,
        } => {
            let why = match verdict {
                TeamComparison::Worse(d) => format!(
                    "; {} decides against the file ({:?} against {:?})",
                    d.criterion.article(),
                    d.ours,
                    d.theirs
                ),
                TeamComparison::Better(d) => format!(
                    "; the file's pairing is better on {} ({:?} against {:?})",
                    d.criterion.article(),
                    d.ours,
                    d.theirs
                ),
                TeamComparison::Equal => String::new(),
            };
            format!(
                "not the pairing of C.04.6: the rules pair {} where the file has {}{why}",
                pairs(missing),
                pairs(extra)
            )
        }
        TeamFinding::ColoursDiffer(boards) => {
            let list: Vec<String> = boards
                .iter()
                .map(|(w, b, rule)| format!("{w}-{b} ({rule})"))
                .collect();
            format!(
                "colours reversed against art. 4.3 in the matches {}",
                list.join(", ")
            )
        }
    }
}

/// Every paired round of a team event re-paired by C.04.6
/// ([`arbiter_tournament::team::recheck_pairings`]).
///
/// # Errors
/// The engine's error for a state it cannot read (an inconsistent file).
pub fn team(t: &Tournament, event: &TeamEvent) -> Result<Vec<RoundReport>, PairingError> {
    Ok(recheck_pairings(t, event)?
        .iter()
        .map(|rc| RoundReport {
            round: rc.round,
            lines: rc.findings.iter().map(team_line).collect(),
        })
        .collect())
}
