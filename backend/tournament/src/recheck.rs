//! Every paired round re-paired by the system the event is paired by and compared with the
//! record: the Dutch system (C.04.3, 2026 or 2017 rules) for an individual event, the Swiss Team
//! Pairing System (C.04.6) for a team event (TRF `013`/`310`). The pairing half of `arbiter
//! check` (FIDE's pairing checker, C.04.A), and the review of an imported tournament
//! ([`review_import`]: VCL4THP.13 questions 54 and 55).
//!
//! ```
//! use arbiter_tournament::recheck::{Recheck, review_import};
//! let trf = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/../../fixtures/teams/sample-trf26.trf")).unwrap();
//! let t = arbiter_tournament::read_trf(&trf).unwrap().tournament;
//! // A constructed sample, not paired by C.04.6: the review says which rounds differ.
//! let Recheck::Checked { system, rounds } = review_import(&t) else { panic!() };
//! assert!(system.contains("C.04.6"));
//! assert!(rounds.iter().any(|r| !r.lines.is_empty()));
//! ```

use crate::Tournament;
use crate::model::RawRecord;
use crate::pairing_input::RoundCheck;
use crate::team::{TeamEvent, recheck_pairings};
use crate::tiebreak::system_round_robin;
use arbiter_pairing::check::Finding;
use arbiter_pairing::team_swiss::{TeamComparison, TeamFinding};
use arbiter_pairing::{Edition, PairingError};

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
/// ([`crate::team::recheck_pairings`]).
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

/// What [`review_import`] found: the rounds checked by a Swiss system, or why none was.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Recheck {
    /// Every paired round re-paired by `system` (its name and Handbook section, in words).
    Checked {
        /// The system, e.g. `Dutch system (C.04.3, 2026 rules)`.
        system: String,
        /// Each paired round: empty `lines` when the rules make it.
        rounds: Vec<RoundReport>,
    },
    /// A round robin (C.05): its rounds follow the Berger tables, not a Swiss system's criteria.
    RoundRobin,
    /// The engine could not read a round's state (an inconsistent event); its error in words.
    Unchecked(String),
}

impl Recheck {
    /// The rounds whose pairing is not what the rules make.
    #[must_use]
    pub fn irregular(&self) -> Vec<&RoundReport> {
        match self {
            Recheck::Checked { rounds, .. } => {
                rounds.iter().filter(|r| !r.lines.is_empty()).collect()
            }
            _ => Vec::new(),
        }
    }

    /// The `###` comment records FIDE's checklist asks of an import (VCL4THP.13 question 55):
    /// `### Import @ Round n: ...` per finding of each irregular round, in round order.
    #[must_use]
    pub fn import_records(&self) -> Vec<RawRecord> {
        self.irregular()
            .iter()
            .flat_map(|r| {
                r.lines.iter().map(move |line| RawRecord {
                    line: format!("### Import @ Round {}: {line}", r.round),
                })
            })
            .collect()
    }
}

/// The Dutch rules an individual event is paired by: the 2017 rules when its `192` names them
/// (`FIDE_DUTCH_2017...`), else those in force since 1 February 2026.
#[must_use]
pub fn dutch_edition(t: &Tournament) -> Edition {
    if t.pairing_system
        .as_deref()
        .is_some_and(|c| c.contains("2017"))
    {
        Edition::Dutch2017
    } else {
        Edition::Dutch2026
    }
}

/// Every paired round of an imported tournament checked by the system it is paired by (FIDE's
/// checklist, VCL4THP.13 question 54): a team event by C.04.6 unless it is a round robin
/// ([`crate::team::is_round_robin`]); an individual event by the Dutch system
/// ([`dutch_edition`]) unless its `092`/`192` says round robin.
#[must_use]
pub fn review_import(t: &Tournament) -> Recheck {
    let result = match &t.team {
        Some(event) if !event.teams.is_empty() => {
            if crate::team::is_round_robin(t, event, 0) {
                return Recheck::RoundRobin;
            }
            team(t, event).map(|rounds| ("Swiss Team Pairing System (C.04.6)".to_owned(), rounds))
        }
        _ => {
            if system_round_robin(t) == Some(true) {
                return Recheck::RoundRobin;
            }
            let edition = dutch_edition(t);
            let rules = if edition == Edition::Dutch2017 {
                "2017"
            } else {
                "2026"
            };
            dutch(t, edition)
                .map(|rounds| (format!("Dutch system (C.04.3, {rules} rules)"), rounds))
        }
    };
    match result {
        Ok((system, rounds)) => Recheck::Checked { system, rounds },
        Err(e) => Recheck::Unchecked(e.to_string()),
    }
}
