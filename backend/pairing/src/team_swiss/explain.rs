//! The explanation of a round's team pairing (C.04.6), for an arbiter answering "why do we
//! play them?": the bye and why that team (art. 3.4), each bracket from the top with its
//! residents and upfloaters (art. 3.5), each match with the criterion that decided it and the
//! colour rule of art. 4.3 that gave board 1 its colours.
//!
//! A match is examined by pairing the round again with the two teams kept apart and comparing
//! the two pairings on the criteria ([`compare`]): the first criterion on which the alternative
//! loses decided; when none does, the orders of art. 3.5.4 and 3.6.3 did; without the match
//! the round cannot be paired at all: completion (\[C3\]) did.

use std::fmt;

use super::check::{TeamComparison, TeamDifference, compare};
use super::engine::{bye_order, pair_traced, pairable};
use super::view::Round;
use super::{ColourRule, TeamPairingState};
use crate::{Pairing, PairingError, PairingNumber};

/// The most matches examined one by one (each costs one more pairing of the round).
pub const MAX_EXAMINED_MATCHES: usize = 100;

/// What decided a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TeamReason {
    /// The best pairing without this match loses on a criterion (this pairing's figures first).
    Criterion(TeamDifference),
    /// Every alternative is as good on every criterion: the orders of art. 3.5.4 and 3.6.3.
    Order,
    /// Without this match no legal round-pairing exists (\[C3\], art. 2.2.1).
    Completion,
    /// Not examined (more than [`MAX_EXAMINED_MATCHES`] matches).
    NotExamined,
}

impl fmt::Display for TeamReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TeamReason::Criterion(d) => write!(
                f,
                "decided by {}: {:?} here against {:?} in the best pairing without it",
                d.criterion.article(),
                d.ours,
                d.theirs
            ),
            TeamReason::Order => write!(
                f,
                "as good as any alternative on every criterion: the order of the sets of \
                 upfloaters and of the identifiers decided (art. 3.5.4, 3.6.3)"
            ),
            TeamReason::Completion => {
                write!(f, "the only way to pair the whole round ([C3], art. 2.2.1)")
            }
            TeamReason::NotExamined => write!(f, "not examined (a large field)"),
        }
    }
}

/// One match of the round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamMatchExplanation {
    /// The board (match) number in the round's order, from 1.
    pub board: usize,
    /// The team with White on board 1.
    pub white: PairingNumber,
    /// The team with Black on board 1.
    pub black: PairingNumber,
    /// The rule of art. 4.3 that gave the colours.
    pub colour_rule: ColourRule,
    /// What decided the match.
    pub reason: TeamReason,
}

/// One bracket (art. 1.3.2).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamBracketExplanation {
    /// The residents' score.
    pub score: u32,
    /// The residents, in TPN order.
    pub residents: Vec<PairingNumber>,
    /// The upfloaters with their scores, in the order of art. 3.5.3.
    pub upfloaters: Vec<(PairingNumber, u32)>,
    /// The bracket's matches.
    pub matches: Vec<TeamMatchExplanation>,
}

/// The bye (art. 1.4, 3.4).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamByeExplanation {
    /// The team.
    pub team: PairingNumber,
    /// Its score.
    pub score: u32,
    /// The matches it has played (art. 3.4.3).
    pub matches_played: usize,
    /// What the bye scores: match points and doubled game points (art. 1.4).
    pub points: (u32, u32),
    /// Present teams barred by \[C2\] (a bye, a forfeit win or a full-point bye already).
    pub barred: Vec<PairingNumber>,
    /// Teams ahead of it in the order of art. 3.4.2-3.4.4 whose bye would leave no legal
    /// pairing of the others (art. 3.4.1).
    pub passed_over: Vec<PairingNumber>,
}

/// The explanation of one round's pairing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamExplanation {
    /// The round paired.
    pub round: u16,
    /// The engine's pairing.
    pub pairing: Pairing,
    /// The brackets, from the top.
    pub brackets: Vec<TeamBracketExplanation>,
    /// The bye, if any.
    pub bye: Option<TeamByeExplanation>,
}

/// Pairs the round and explains the pairing.
///
/// # Errors
/// The engine's errors ([`PairingError`]).
pub fn explain(state: &TeamPairingState) -> Result<TeamExplanation, PairingError> {
    let traced = pair_traced(state)?;
    let v = Round::new(state)?;
    let pairing = traced.pairing.clone();
    let examine = pairing.boards.len() <= MAX_EXAMINED_MATCHES;
    let score = |t: PairingNumber| v.index(t).map_or(0, |i| v.teams[i].score);
    let mut brackets = Vec::new();
    for b in &traced.brackets {
        let mut matches = Vec::new();
        for &(top, bottom) in &b.pairs {
            let Some(k) = pairing.boards.iter().position(|x| {
                (x.white, x.black) == (top, bottom) || (x.white, x.black) == (bottom, top)
            }) else {
                continue;
            };
            let reason = if examine {
                let mut without = state.clone();
                without.forbidden.push((top, bottom));
                match pair_traced(&without) {
                    Err(PairingError::NoValidPairing) => TeamReason::Completion,
                    Err(e) => return Err(e),
                    Ok(alt) => match compare(state, &pairing, &alt.pairing)? {
                        TeamComparison::Better(d) => TeamReason::Criterion(d),
                        TeamComparison::Equal | TeamComparison::Worse(_) => TeamReason::Order,
                    },
                }
            } else {
                TeamReason::NotExamined
            };
            matches.push(TeamMatchExplanation {
                board: k + 1,
                white: pairing.boards[k].white,
                black: pairing.boards[k].black,
                colour_rule: traced.rules[k],
                reason,
            });
        }
        matches.sort_by_key(|m| m.board);
        brackets.push(TeamBracketExplanation {
            score: b.score,
            residents: b.residents.clone(),
            upfloaters: b.upfloaters.iter().map(|&u| (u, score(u))).collect(),
            matches,
        });
    }
    let bye = pairing.bye.and_then(|team| {
        let i = v.index(team)?;
        let barred = v
            .teams
            .iter()
            .filter(|t| !t.bye_ok)
            .map(|t| t.tpn)
            .collect();
        let passed_over = bye_order(&v)
            .into_iter()
            .take_while(|&k| k != i)
            .filter(|&k| {
                let rest: Vec<usize> = (0..v.len()).filter(|&x| x != k).collect();
                !pairable(&v, &rest)
            })
            .map(|k| v.teams[k].tpn)
            .collect();
        Some(TeamByeExplanation {
            team,
            score: v.teams[i].score,
            matches_played: v.teams[i].played,
            points: state.pab,
            barred,
            passed_over,
        })
    });
    Ok(TeamExplanation {
        round: state.round,
        pairing,
        brackets,
        bye,
    })
}

fn list(teams: &[PairingNumber]) -> String {
    if teams.is_empty() {
        return "none".to_owned();
    }
    teams
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

impl fmt::Display for TeamExplanation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "Round {}: FIDE Swiss Team Pairing System (C.04.6, 2026), {} matches{}",
            self.round,
            self.pairing.boards.len(),
            self.pairing
                .bye
                .map_or(String::new(), |b| format!(", bye to {b}"))
        )?;
        if let Some(bye) = &self.bye {
            writeln!(
                f,
                "Bye: {} (score {}, {} matches played; scores {} match points, {} game points \
                 doubled): the lowest score, then the most matches, then the largest TPN \
                 (art. 3.4); barred by [C2]: {}; passed over, their bye leaving no legal \
                 pairing (art. 3.4.1): {}",
                bye.team,
                bye.score,
                bye.matches_played,
                bye.points.0,
                bye.points.1,
                list(&bye.barred),
                list(&bye.passed_over)
            )?;
        }
        for b in &self.brackets {
            let ups: Vec<String> = b
                .upfloaters
                .iter()
                .map(|(t, s)| format!("{t} ({s})"))
                .collect();
            writeln!(
                f,
                "Bracket {}: residents {}; upfloaters {}",
                b.score,
                list(&b.residents),
                if ups.is_empty() {
                    "none".to_owned()
                } else {
                    ups.join(", ")
                }
            )?;
            for m in &b.matches {
                writeln!(
                    f,
                    "  match {}: {} - {}: {}; colours by {}",
                    m.board, m.white, m.black, m.reason, m.colour_rule
                )?;
            }
        }
        Ok(())
    }
}
