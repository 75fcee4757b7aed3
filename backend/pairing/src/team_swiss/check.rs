//! The checker: whether a proposed team pairing is the one C.04.6 produces and, if not, which
//! absolute criterion it breaks (\[C1\] a rematch or forbidden pair, \[C2\] the bye) or on which
//! quality criterion it loses to the engine's (\[C4\]-\[C10\], the bye's order of art. 3.4, the
//! orders of art. 3.5.4 and 3.6.3), bracket by bracket from the top.

use std::cmp::Ordering;
use std::collections::{BTreeSet, HashMap};

use super::engine::{bye_order, c6_holds, colours, pair_counts, pair_traced};
use super::view::Round;
use super::{ColourRule, TeamPairingState};
use crate::{Pairing, PairingError, PairingNumber};

/// The criteria a team pairing is judged on, in the order the procedure applies them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TeamCriterion {
    /// Art. 3.4.2: the bye to the lowest score.
    ByeScore,
    /// Art. 3.4.3: then to the team that played the most matches.
    ByeMatches,
    /// Art. 3.4.4: then to the largest TPN.
    ByeTpn,
    /// \[C4\] (art. 2.3.1): fewest upfloaters.
    C4,
    /// \[C5\] (art. 2.3.2): the upfloaters' scores, ascending, as high as possible.
    C5,
    /// \[C6\] (art. 2.3.3): the following scoregroup stays pairable with its fewest upfloaters.
    C6,
    /// \[C7\] (art. 2.3.4): fewest upfloaters that floated in the previous round.
    C7,
    /// Art. 3.5.4: the earlier set of upfloaters in lexicographic TPN order.
    SetOrder,
    /// \[C8\] (art. 2.3.5): fewest unmet colour preferences.
    C8,
    /// \[C9\] (art. 2.3.6): fewest unmet strong colour preferences (type B).
    C9,
    /// \[C10\] (art. 2.3.7): fewest upfloaters' opponents that floated in the previous round.
    C10,
    /// Art. 3.6.3: the earlier identifier (top members ascending, then their bottom members).
    Identifier,
}

impl TeamCriterion {
    /// The article's name of the criterion.
    #[must_use]
    pub fn article(self) -> &'static str {
        match self {
            TeamCriterion::ByeScore => "art. 3.4.2 (the bye to the lowest score)",
            TeamCriterion::ByeMatches => "art. 3.4.3 (the bye to the most matches played)",
            TeamCriterion::ByeTpn => "art. 3.4.4 (the bye to the largest TPN)",
            TeamCriterion::C4 => "[C4] (fewest upfloaters)",
            TeamCriterion::C5 => "[C5] (the upfloaters' scores)",
            TeamCriterion::C6 => "[C6] (the following scoregroup stays pairable)",
            TeamCriterion::C7 => "[C7] (upfloaters that floated in the previous round)",
            TeamCriterion::SetOrder => "art. 3.5.4 (the order of the sets of upfloaters)",
            TeamCriterion::C8 => "[C8] (unmet colour preferences)",
            TeamCriterion::C9 => "[C9] (unmet strong colour preferences)",
            TeamCriterion::C10 => "[C10] (upfloaters' opponents that floated)",
            TeamCriterion::Identifier => "art. 3.6.3 (the order of the identifiers)",
        }
    }
}

/// One bracket of a pairing as the quality criteria read it (art. 2.3, 3.5, 3.6).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BracketKey {
    /// The residents' score (art. 1.3.2).
    pub score: u32,
    /// The upfloaters, by descending score then ascending TPN (art. 3.5.3).
    pub upfloaters: Vec<PairingNumber>,
    /// Their scores, ascending (\[C5\]).
    pub upfloater_scores: Vec<u32>,
    /// Whether \[C6\] is broken.
    pub c6_broken: bool,
    /// The \[C7\] count.
    pub c7: usize,
    /// The \[C8\], \[C9\] and \[C10\] counts.
    pub colours_and_floats: [u64; 3],
    /// The identifier of the bracket's pairing (art. 3.6.2).
    pub identifier: Vec<PairingNumber>,
}

/// Where two pairings part, and the figures there (`ours` and `theirs` as the criterion counts
/// them: one number for a count, the list for \[C5\], the set order and the identifier).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamDifference {
    /// The criterion that decides.
    pub criterion: TeamCriterion,
    /// The residents' score of the bracket where they part (`None`: the bye).
    pub bracket: Option<u32>,
    /// The first pairing's figure.
    pub ours: Vec<u32>,
    /// The second pairing's figure.
    pub theirs: Vec<u32>,
}

/// How one pairing compares with another on the criteria, in the procedure's order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TeamComparison {
    /// Equal on every criterion and order (the same pairs).
    Equal,
    /// The first pairing is better, decided where the difference says.
    Better(TeamDifference),
    /// The first pairing is worse.
    Worse(TeamDifference),
}

/// One finding about a proposed pairing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TeamFinding {
    /// A team that is not in the state, or is absent, was paired.
    NotPairable(PairingNumber),
    /// A present team is neither paired nor given the bye (art. 3.3.1).
    Unpaired(PairingNumber),
    /// A team appears more than once.
    Twice(PairingNumber),
    /// \[C1\] (art. 2.1.1): the two teams already played each other, or may not meet.
    Rematch(PairingNumber, PairingNumber),
    /// \[C2\] (art. 2.1.2): the bye to a team that had a bye, a forfeit win or a full-point bye.
    ByeNotAllowed(PairingNumber),
    /// Legal, but not the engine's pairing: the engine's pairs (white, black; the bye as
    /// `(n, 0)`) the proposal lacks, the proposal's the engine does not make, and where the
    /// proposal loses.
    DiffersFromEngine {
        /// The engine's pairs missing from the proposal.
        missing: Vec<(PairingNumber, PairingNumber)>,
        /// The proposal's pairs the engine does not make.
        extra: Vec<(PairingNumber, PairingNumber)>,
        /// The proposal against the engine's pairing.
        verdict: TeamComparison,
    },
    /// The engine's pairs, but these boards (white, black as proposed) have their colours
    /// reversed against art. 4.3, with the rule that decides them.
    ColoursDiffer(Vec<(PairingNumber, PairingNumber, ColourRule)>),
}

/// The bye and the brackets of a legal pairing.
fn decompose(v: &Round, p: &Pairing) -> (Option<usize>, Vec<BracketKey>) {
    let n = v.len();
    let mut partner: Vec<Option<usize>> = vec![None; n];
    for b in &p.boards {
        if let (Some(w), Some(x)) = (v.index(b.white), v.index(b.black)) {
            partner[w] = Some(x);
            partner[x] = Some(w);
        }
    }
    let bye = p.bye.and_then(|t| v.index(t));
    let levels = v.levels();
    let mut live: Vec<usize> = (0..n)
        .filter(|&i| Some(i) != bye && partner[i].is_some())
        .collect();
    let mut out = Vec::new();
    while !live.is_empty() {
        let top = live.iter().map(|&i| v.teams[i].score).max().unwrap_or(0);
        let level = levels.iter().position(|&s| s == top).unwrap_or(0);
        let residents: Vec<usize> = live
            .iter()
            .copied()
            .filter(|&i| v.teams[i].score == top)
            .collect();
        let mut ups: Vec<usize> = residents
            .iter()
            .filter_map(|&r| partner[r])
            .filter(|&u| v.teams[u].score < top)
            .collect();
        ups.sort_by_key(|&u| (std::cmp::Reverse(v.teams[u].score), v.teams[u].tpn));
        let bracket: Vec<usize> = residents.iter().chain(&ups).copied().collect();
        let rest: Vec<usize> = live
            .iter()
            .copied()
            .filter(|i| !bracket.contains(i))
            .collect();
        let mut scores: Vec<u32> = ups.iter().map(|&u| v.teams[u].score).collect();
        scores.sort_unstable();
        let mut counts = [0u64; 3];
        let mut pairs: Vec<(PairingNumber, PairingNumber)> = Vec::new();
        for &a in &bracket {
            if let Some(b) = partner[a]
                && v.teams[a].tpn < v.teams[b].tpn
            {
                let c = pair_counts(v, a, b, &residents);
                for k in 0..3 {
                    counts[k] += c[k];
                }
                pairs.push((v.teams[a].tpn, v.teams[b].tpn));
            }
        }
        pairs.sort_unstable();
        let identifier = pairs
            .iter()
            .map(|p| p.0)
            .chain(pairs.iter().map(|p| p.1))
            .collect();
        out.push(BracketKey {
            score: top,
            upfloaters: ups.iter().map(|&u| v.teams[u].tpn).collect(),
            upfloater_scores: scores,
            c6_broken: !c6_holds(v, &rest, &levels, level),
            c7: if v.last_two {
                0
            } else {
                ups.iter().filter(|&&u| v.teams[u].floated).count()
            },
            colours_and_floats: counts,
            identifier,
        });
        live = rest;
    }
    (bye, out)
}

/// Compares two legal pairings of the state's round on the criteria, in the procedure's order:
/// the bye (art. 3.4), then each bracket from the top (\[C4\], \[C5\], \[C6\], \[C7\], the set order,
/// \[C8\], \[C9\], \[C10\], the identifier).
///
/// # Errors
/// Inconsistent input ([`PairingError`]).
pub fn compare(
    state: &TeamPairingState,
    a: &Pairing,
    b: &Pairing,
) -> Result<TeamComparison, PairingError> {
    let v = Round::new(state)?;
    let (ba, ka) = decompose(&v, a);
    let (bb, kb) = decompose(&v, b);
    let verdict = |ord: Ordering, d: TeamDifference| match ord {
        Ordering::Less => TeamComparison::Better(d),
        Ordering::Greater => TeamComparison::Worse(d),
        Ordering::Equal => TeamComparison::Equal,
    };
    if let (Some(x), Some(y)) = (ba, bb)
        && x != y
    {
        let (tx, ty) = (&v.teams[x], &v.teams[y]);
        let order = bye_order(&v);
        let pos = |i| order.iter().position(|&k| k == i).unwrap_or(usize::MAX);
        let (criterion, ours, theirs) = if tx.score != ty.score {
            (TeamCriterion::ByeScore, tx.score, ty.score)
        } else if tx.played != ty.played {
            (
                TeamCriterion::ByeMatches,
                tx.played as u32,
                ty.played as u32,
            )
        } else {
            (TeamCriterion::ByeTpn, u32::from(tx.tpn), u32::from(ty.tpn))
        };
        let d = TeamDifference {
            criterion,
            bracket: None,
            ours: vec![ours],
            theirs: vec![theirs],
        };
        return Ok(verdict(pos(x).cmp(&pos(y)), d));
    }
    for (x, y) in ka.iter().zip(&kb) {
        let diff = |criterion, ours: Vec<u32>, theirs: Vec<u32>| TeamDifference {
            criterion,
            bracket: Some(x.score),
            ours,
            theirs,
        };
        let tpns = |t: &[PairingNumber]| t.iter().map(|&p| u32::from(p)).collect::<Vec<u32>>();
        let steps: [(TeamCriterion, Ordering, Vec<u32>, Vec<u32>); 9] = [
            (
                TeamCriterion::C4,
                x.upfloaters.len().cmp(&y.upfloaters.len()),
                vec![x.upfloaters.len() as u32],
                vec![y.upfloaters.len() as u32],
            ),
            (
                TeamCriterion::C5,
                y.upfloater_scores.cmp(&x.upfloater_scores),
                x.upfloater_scores.clone(),
                y.upfloater_scores.clone(),
            ),
            (
                TeamCriterion::C6,
                x.c6_broken.cmp(&y.c6_broken),
                vec![u32::from(x.c6_broken)],
                vec![u32::from(y.c6_broken)],
            ),
            (
                TeamCriterion::C7,
                x.c7.cmp(&y.c7),
                vec![x.c7 as u32],
                vec![y.c7 as u32],
            ),
            (
                TeamCriterion::SetOrder,
                x.upfloaters.cmp(&y.upfloaters),
                tpns(&x.upfloaters),
                tpns(&y.upfloaters),
            ),
            (
                TeamCriterion::C8,
                x.colours_and_floats[0].cmp(&y.colours_and_floats[0]),
                vec![x.colours_and_floats[0] as u32],
                vec![y.colours_and_floats[0] as u32],
            ),
            (
                TeamCriterion::C9,
                x.colours_and_floats[1].cmp(&y.colours_and_floats[1]),
                vec![x.colours_and_floats[1] as u32],
                vec![y.colours_and_floats[1] as u32],
            ),
            (
                TeamCriterion::C10,
                x.colours_and_floats[2].cmp(&y.colours_and_floats[2]),
                vec![x.colours_and_floats[2] as u32],
                vec![y.colours_and_floats[2] as u32],
            ),
            (
                TeamCriterion::Identifier,
                x.identifier.cmp(&y.identifier),
                tpns(&x.identifier),
                tpns(&y.identifier),
            ),
        ];
        for (criterion, ord, ours, theirs) in steps {
            if ord != Ordering::Equal {
                return Ok(verdict(ord, diff(criterion, ours, theirs)));
            }
        }
    }
    Ok(TeamComparison::Equal)
}

/// Checks a proposed pairing against the absolute criteria and, when it breaks none, against
/// the engine's pairing (C.04.6 art. 2, 3, 4). An empty list: the proposal is the engine's.
///
/// # Errors
/// Inconsistent input, or an engine error other than [`PairingError::NoValidPairing`].
pub fn check(
    state: &TeamPairingState,
    proposed: &Pairing,
) -> Result<Vec<TeamFinding>, PairingError> {
    let v = Round::new(state)?;
    let mut findings = Vec::new();
    let mut seen: HashMap<PairingNumber, usize> = HashMap::new();
    let named = proposed
        .boards
        .iter()
        .flat_map(|b| [b.white, b.black])
        .chain(proposed.bye);
    for t in named {
        *seen.entry(t).or_default() += 1;
        if v.index(t).is_none() && seen[&t] == 1 {
            findings.push(TeamFinding::NotPairable(t));
        }
    }
    for (&t, &k) in &seen {
        if k > 1 {
            findings.push(TeamFinding::Twice(t));
        }
    }
    for t in &v.teams {
        if !seen.contains_key(&t.tpn) {
            findings.push(TeamFinding::Unpaired(t.tpn));
        }
    }
    for b in &proposed.boards {
        if let (Some(w), Some(x)) = (v.index(b.white), v.index(b.black))
            && !v.compatible(w, x)
        {
            findings.push(TeamFinding::Rematch(b.white, b.black));
        }
    }
    if let Some(bye) = proposed.bye
        && let Some(i) = v.index(bye)
        && !v.teams[i].bye_ok
    {
        findings.push(TeamFinding::ByeNotAllowed(bye));
    }
    if !findings.is_empty() {
        findings.sort_by_key(|f| format!("{f:?}"));
        return Ok(findings);
    }
    let engine = match pair_traced(state) {
        Ok(t) => t.pairing,
        Err(PairingError::NoValidPairing) => return Ok(findings),
        Err(e) => return Err(e),
    };
    let as_set = |p: &Pairing| -> BTreeSet<(PairingNumber, PairingNumber)> {
        p.boards
            .iter()
            .map(|b| (b.white, b.black))
            .chain(p.bye.map(|b| (b, 0)))
            .collect()
    };
    let (want, got) = (as_set(&engine), as_set(proposed));
    if want == got {
        return Ok(findings);
    }
    let unordered =
        |s: &BTreeSet<(PairingNumber, PairingNumber)>| -> BTreeSet<(PairingNumber, PairingNumber)> {
            s.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect()
        };
    if unordered(&want) == unordered(&got) {
        let boards = proposed
            .boards
            .iter()
            .filter(|b| !want.contains(&(b.white, b.black)))
            .filter_map(|b| {
                let (w, x) = (v.index(b.white)?, v.index(b.black)?);
                Some((b.white, b.black, colours(&v, w, x).2))
            })
            .collect();
        findings.push(TeamFinding::ColoursDiffer(boards));
    } else {
        findings.push(TeamFinding::DiffersFromEngine {
            missing: want.difference(&got).copied().collect(),
            extra: got.difference(&want).copied().collect(),
            verdict: compare(state, proposed, &engine)?,
        });
    }
    Ok(findings)
}
