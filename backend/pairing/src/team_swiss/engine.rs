//! The pairing process of C.04.6 art. 3.3.2: the bye (3.4), then bracket after bracket from the
//! top scoregroup, each with its upfloaters (3.5) and its pairing (3.6), then the colours (4).

use super::matching::{least_penalty, perfect};
use super::view::{Round, Team};
use super::{ColourRule, TeamColourPreferences, TeamPairingState};
use crate::{Board, Colour, Pairing, PairingError, PairingNumber};

/// One bracket as the engine paired it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct BracketTrace {
    /// The residents' score.
    pub(crate) score: u32,
    /// The residents, in TPN order.
    pub(crate) residents: Vec<PairingNumber>,
    /// The upfloaters, in the order of art. 3.5.3.
    pub(crate) upfloaters: Vec<PairingNumber>,
    /// The pairs, (top member, bottom member), top members ascending (art. 3.6.1-3.6.2).
    pub(crate) pairs: Vec<(PairingNumber, PairingNumber)>,
}

/// The engine's pairing with the brackets that made it and each board's colour rule.
#[derive(Clone, Debug)]
pub(crate) struct Traced {
    pub(crate) pairing: Pairing,
    pub(crate) brackets: Vec<BracketTrace>,
    pub(crate) rules: Vec<ColourRule>,
}

/// Pairs the round and keeps the trace.
pub(crate) fn pair_traced(state: &TeamPairingState) -> Result<Traced, PairingError> {
    let v = Round::new(state)?;
    let n = v.len();
    let mut remaining = vec![true; n];
    let all = |rem: &[bool]| -> Vec<usize> { (0..n).filter(|&i| rem[i]).collect() };
    let mut bye = None;
    if n % 2 == 1 {
        let b = choose_bye(&v).ok_or(PairingError::NoValidPairing)?;
        remaining[b] = false;
        bye = Some(v.teams[b].tpn);
    } else if !pairable(&v, &all(&remaining)) {
        return Err(PairingError::NoValidPairing);
    }
    let levels = v.levels();
    let mut brackets = Vec::new();
    let mut pairs: Vec<(usize, usize)> = Vec::new();
    while remaining.iter().any(|&r| r) {
        let live = all(&remaining);
        let top = live.iter().map(|&i| v.teams[i].score).max().unwrap_or(0);
        let residents: Vec<usize> = live
            .iter()
            .copied()
            .filter(|&i| v.teams[i].score == top)
            .collect();
        let level = levels.iter().position(|&s| s == top).unwrap_or(0);
        let ups = select_upfloaters(&v, &live, &residents, &levels, level)
            .ok_or(PairingError::NoValidPairing)?;
        let mut members: Vec<usize> = residents.iter().chain(&ups).copied().collect();
        members.sort_unstable();
        let bracket_pairs =
            pair_bracket(&v, &members, &residents).ok_or(PairingError::NoValidPairing)?;
        for &(a, b) in &bracket_pairs {
            remaining[a] = false;
            remaining[b] = false;
        }
        brackets.push(BracketTrace {
            score: top,
            residents: residents.iter().map(|&i| v.teams[i].tpn).collect(),
            upfloaters: ups.iter().map(|&i| v.teams[i].tpn).collect(),
            pairs: bracket_pairs
                .iter()
                .map(|&(a, b)| (v.teams[a].tpn, v.teams[b].tpn))
                .collect(),
        });
        pairs.extend(bracket_pairs);
    }
    // Board order (C.04.2 3.6): the higher score of the pair, the sum, the smaller TPN.
    pairs.sort_by_key(|&(a, b)| {
        let (sa, sb) = (v.teams[a].score, v.teams[b].score);
        (
            std::cmp::Reverse(sa.max(sb)),
            std::cmp::Reverse(sa + sb),
            v.teams[a].tpn.min(v.teams[b].tpn),
        )
    });
    let mut boards = Vec::with_capacity(pairs.len());
    let mut rules = Vec::with_capacity(pairs.len());
    for &(a, b) in &pairs {
        let (w, bl, rule) = colours(&v, a, b);
        boards.push(Board {
            white: v.teams[w].tpn,
            black: v.teams[bl].tpn,
        });
        rules.push(rule);
    }
    Ok(Traced {
        pairing: Pairing { boards, bye },
        brackets,
        rules,
    })
}

/// Whether the teams can all be paired legally (\[C1\], \[C3\]).
pub(crate) fn pairable(v: &Round, teams: &[usize]) -> bool {
    perfect(teams.len(), |a, b| v.compatible(teams[a], teams[b]))
}

/// Art. 3.4: the bye candidates (\[C2\]) by lowest score, most matches played, largest TPN; the
/// first that leaves a legal pairing of the others (3.4.1).
pub(crate) fn bye_order(v: &Round) -> Vec<usize> {
    let mut c: Vec<usize> = (0..v.len()).filter(|&i| v.teams[i].bye_ok).collect();
    c.sort_by_key(|&i| {
        let t = &v.teams[i];
        (
            t.score,
            std::cmp::Reverse(t.played),
            std::cmp::Reverse(t.tpn),
        )
    });
    c
}

fn choose_bye(v: &Round) -> Option<usize> {
    bye_order(v).into_iter().find(|&b| {
        let rest: Vec<usize> = (0..v.len()).filter(|&i| i != b).collect();
        pairable(v, &rest)
    })
}

/// The score profiles of `count` upfloaters from `lower` (their scores, highest first), best
/// first by \[C5\]: the scores taken in ascending order, compared lexicographically, highest
/// first.
pub(crate) fn profiles(v: &Round, lower: &[usize], count: usize) -> Vec<Vec<u32>> {
    let mut levels: Vec<(u32, usize)> = Vec::new();
    for &i in lower {
        let s = v.teams[i].score;
        match levels.iter_mut().find(|(x, _)| *x == s) {
            Some(l) => l.1 += 1,
            None => levels.push((s, 1)),
        }
    }
    levels.sort_unstable_by_key(|l| std::cmp::Reverse(l.0));
    let mut out = Vec::new();
    fn rec(
        levels: &[(u32, usize)],
        k: usize,
        left: usize,
        cur: &mut Vec<u32>,
        out: &mut Vec<Vec<u32>>,
    ) {
        if left == 0 {
            out.push(cur.clone());
            return;
        }
        if k == levels.len() {
            return;
        }
        for take in (0..=left.min(levels[k].1)).rev() {
            cur.extend(std::iter::repeat_n(levels[k].0, take));
            rec(levels, k + 1, left - take, cur, out);
            cur.truncate(cur.len() - take);
        }
    }
    rec(&levels, 0, count, &mut Vec::new(), &mut out);
    out.sort_by(|a, b| {
        let (mut x, mut y) = (a.clone(), b.clone());
        x.reverse();
        y.reverse();
        y.cmp(&x)
    });
    out
}

/// Every set of upfloaters with the profile, each listed by descending score then ascending
/// TPN (art. 3.5.3), the sets in lexicographic order of those lists (art. 3.5.4).
pub(crate) fn sets(v: &Round, lower: &[usize], profile: &[u32]) -> Vec<Vec<usize>> {
    let mut out: Vec<Vec<usize>> = vec![Vec::new()];
    let mut scores: Vec<u32> = profile.to_vec();
    scores.dedup();
    for s in scores {
        let take = profile.iter().filter(|&&x| x == s).count();
        let pool: Vec<usize> = lower
            .iter()
            .copied()
            .filter(|&i| v.teams[i].score == s)
            .collect();
        let combos = combinations(&pool, take);
        out = out
            .iter()
            .flat_map(|prefix| {
                combos.iter().map(move |c| {
                    let mut p = prefix.clone();
                    p.extend(c);
                    p
                })
            })
            .collect();
    }
    out.sort_by(|a, b| {
        a.iter()
            .map(|&i| v.teams[i].tpn)
            .cmp(b.iter().map(|&i| v.teams[i].tpn))
    });
    out
}

fn combinations(pool: &[usize], k: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    fn rec(pool: &[usize], k: usize, from: usize, cur: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if cur.len() == k {
            out.push(cur.clone());
            return;
        }
        for i in from..pool.len() {
            if pool.len() - i < k - cur.len() {
                break;
            }
            cur.push(pool[i]);
            rec(pool, k, i + 1, cur, out);
            cur.pop();
        }
    }
    rec(pool, k, 0, &mut Vec::new(), &mut out);
    out
}

/// What art. 3.5.5 weighs for a legal set: \[C6\] broken, the \[C7\] count.
pub(crate) fn set_quality(
    v: &Round,
    live: &[usize],
    bracket: &[usize],
    ups: &[usize],
    levels: &[u32],
    level: usize,
) -> (bool, usize) {
    let rest: Vec<usize> = live
        .iter()
        .copied()
        .filter(|i| !bracket.contains(i))
        .collect();
    let c6 = c6_holds(v, &rest, levels, level);
    let c7 = if v.last_two {
        0
    } else {
        ups.iter().filter(|&&i| v.teams[i].floated).count()
    };
    (!c6, c7)
}

/// Art. 3.5: the upfloaters of the bracket of `residents` (score `levels[level]`).
fn select_upfloaters(
    v: &Round,
    live: &[usize],
    residents: &[usize],
    levels: &[u32],
    level: usize,
) -> Option<Vec<usize>> {
    let top = levels[level];
    let lower: Vec<usize> = live
        .iter()
        .copied()
        .filter(|&i| v.teams[i].score < top)
        .collect();
    let mut count = residents.len() % 2;
    while count <= lower.len() {
        for profile in profiles(v, &lower, count) {
            let mut best: Option<((bool, usize), Vec<usize>)> = None;
            for ups in sets(v, &lower, &profile) {
                let bracket: Vec<usize> = residents.iter().chain(&ups).copied().collect();
                if !pairable(v, &bracket) {
                    continue;
                }
                let rest: Vec<usize> = live
                    .iter()
                    .copied()
                    .filter(|i| !bracket.contains(i))
                    .collect();
                if !pairable(v, &rest) {
                    continue; // [C3]
                }
                let key = set_quality(v, live, &bracket, &ups, levels, level);
                if best.as_ref().is_none_or(|(k, _)| key < *k) {
                    let done = key == (false, 0);
                    best = Some((key, ups));
                    if done {
                        break;
                    }
                }
            }
            if let Some((_, ups)) = best {
                return Some(ups);
            }
        }
        count += 2;
    }
    None
}

/// \[C6\] (art. 2.3.3): the following scoregroup, unless emptied, can still be paired (\[C1\],
/// \[C3\]) with the fewest upfloaters its parity allows (\[C4\]).
pub(crate) fn c6_holds(v: &Round, rest: &[usize], levels: &[u32], level: usize) -> bool {
    let Some(&next) = levels.get(level + 1) else {
        return true;
    };
    let following: Vec<usize> = rest
        .iter()
        .copied()
        .filter(|&i| v.teams[i].score == next)
        .collect();
    if following.is_empty() {
        return true;
    }
    let below: Vec<usize> = rest
        .iter()
        .copied()
        .filter(|&i| v.teams[i].score < next)
        .collect();
    let candidates: Vec<Option<usize>> = if following.len() % 2 == 0 {
        vec![None]
    } else {
        below.iter().map(|&u| Some(u)).collect()
    };
    candidates.into_iter().any(|u| {
        let mut br = following.clone();
        br.extend(u);
        pairable(v, &br) && {
            let others: Vec<usize> = rest.iter().copied().filter(|i| !br.contains(i)).collect();
            pairable(v, &others)
        }
    })
}

/// The \[C8\], \[C9\] and \[C10\] counts of pairing teams `a` and `b` in a bracket whose residents
/// are `residents`.
pub(crate) fn pair_counts(v: &Round, a: usize, b: usize, residents: &[usize]) -> [u64; 3] {
    let (ta, tb) = (&v.teams[a], &v.teams[b]);
    let mut c8 = 0;
    let mut c9 = 0;
    if let (Some(pa), Some(pb)) = (ta.preference, tb.preference)
        && pa.colour == pb.colour
    {
        c8 = 1;
        if v.colour_preferences == TeamColourPreferences::TypeB && pa.strong && pb.strong {
            c9 = 1;
        }
    }
    let mut c10 = 0;
    if !v.last_two {
        let up = |i: usize| !residents.contains(&i);
        c10 = u64::from(up(b) && ta.floated) + u64::from(up(a) && tb.floated);
    }
    [c8, c9, c10]
}

fn penalty(counts: [u64; 3]) -> u64 {
    (counts[0] << 32) | (counts[1] << 16) | counts[2]
}

/// Art. 3.6: the first pairing of the bracket (`members` in TPN order) in the order of the
/// identifiers among those with the least \[C8\], then \[C9\], then \[C10\]. Returns the pairs
/// (top member, bottom member), top members ascending.
pub(crate) fn pair_bracket(
    v: &Round,
    members: &[usize],
    residents: &[usize],
) -> Option<Vec<(usize, usize)>> {
    let m = members.len();
    let base = |a: usize, b: usize| -> Option<u64> {
        v.compatible(members[a], members[b])
            .then(|| penalty(pair_counts(v, members[a], members[b], residents)))
    };
    let best = least_penalty(m, base)?;
    // Positions in TPN order: `top[k]` true when k must be a top member, `mate[k]` once fixed.
    let mut role: Vec<Option<bool>> = vec![None; m];
    let mut mate: Vec<Option<usize>> = vec![None; m];
    let feasible = |role: &[Option<bool>], mate: &[Option<usize>]| {
        least_penalty(m, |a, b| {
            let (lo, hi) = (a.min(b), a.max(b));
            if role[lo] == Some(false) || role[hi] == Some(true) {
                return None;
            }
            if mate[lo].is_some_and(|x| x != hi) || mate[hi].is_some_and(|x| x != lo) {
                return None;
            }
            base(a, b)
        }) == Some(best)
    };
    for k in 0..m {
        role[k] = Some(true);
        if !feasible(&role, &mate) {
            role[k] = Some(false);
        }
    }
    for t in 0..m {
        if role[t] != Some(true) {
            continue;
        }
        for b in t + 1..m {
            if role[b] != Some(false) || mate[b].is_some() {
                continue;
            }
            mate[t] = Some(b);
            mate[b] = Some(t);
            if feasible(&role, &mate) {
                break;
            }
            mate[t] = None;
            mate[b] = None;
        }
        mate[t]?;
    }
    Some(
        (0..m)
            .filter(|&t| role[t] == Some(true))
            .filter_map(|t| mate[t].map(|b| (members[t], members[b])))
            .collect(),
    )
}

/// Art. 4.2: whether `a` is the first-team of the pair.
fn first_team(v: &Round, a: &Team, b: &Team) -> bool {
    if a.score != b.score {
        return a.score > b.score;
    }
    if v.use_secondary && a.secondary != b.secondary {
        return a.secondary > b.secondary;
    }
    a.tpn < b.tpn
}

/// Art. 4.3: (White, Black, the rule that decided) for the pair of teams `a` and `b`.
pub(crate) fn colours(v: &Round, a: usize, b: usize) -> (usize, usize, ColourRule) {
    let (f, s) = if first_team(v, &v.teams[a], &v.teams[b]) {
        (a, b)
    } else {
        (b, a)
    };
    let (first, second) = (&v.teams[f], &v.teams[s]);
    let give = |c: Colour, rule| {
        if c == Colour::White {
            (f, s, rule)
        } else {
            (s, f, rule)
        }
    };
    if first.played == 0 && second.played == 0 {
        let c = if first.tpn % 2 == 1 {
            v.initial
        } else {
            v.initial.invert()
        };
        return give(c, ColourRule::InitialColour);
    }
    let (fp, sp) = (first.preference, second.preference);
    match (fp, sp) {
        (Some(p), None) => return give(p.colour, ColourRule::OnlyPreference),
        (None, Some(p)) => return give(p.colour.invert(), ColourRule::OnlyPreference),
        (Some(p), Some(q)) if p.colour != q.colour => {
            return give(p.colour, ColourRule::OppositePreferences);
        }
        (Some(p), Some(q)) if v.colour_preferences == TeamColourPreferences::TypeB => {
            if p.strong && !q.strong {
                return give(p.colour, ColourRule::OnlyStrong);
            }
            if !p.strong && q.strong {
                return give(q.colour.invert(), ColourRule::OnlyStrong);
            }
        }
        _ => {}
    }
    if first.difference != second.difference {
        let c = if first.difference < second.difference {
            Colour::White
        } else {
            Colour::Black
        };
        return give(c, ColourRule::LowerDifference);
    }
    for (fc, sc) in first.colours.iter().rev().zip(second.colours.iter().rev()) {
        if fc != sc {
            return give(fc.invert(), ColourRule::Alternate);
        }
    }
    if let Some(p) = fp {
        return give(p.colour, ColourRule::FirstPreference);
    }
    if let Some(&c) = first.colours.last() {
        return give(c.invert(), ColourRule::FirstAlternates);
    }
    if let Some(&c) = second.colours.last() {
        return give(c, ColourRule::OtherAlternates);
    }
    give(v.initial, ColourRule::InitialColour)
}
