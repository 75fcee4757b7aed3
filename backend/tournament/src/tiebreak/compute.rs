//! The computation of each tie-break from the per-player round table ([`Ctx`]), with the
//! per-round contributions that explanations show.

use super::context::{Ctx, NONE, Rd};
use super::rating;
use super::spec::{Edition, Kind, TieBreak};
use super::{Contribution, CutBy, Note, Value};

/// The values of one tie-break for every player, and what each was built from.
pub(crate) struct Computed {
    /// One value per player (`None`: undefined).
    pub values: Vec<Option<Value>>,
    /// Per player, the contributions (filled only when asked for).
    pub details: Vec<Vec<Contribution>>,
}

/// One round's entry in a Buchholz-family sum (C.07 Art. 8, 9, 16).
#[derive(Clone, Copy, Debug)]
struct Item {
    round: usize,
    opp: u32,
    /// The opponent's adjusted score, or the dummy's score, in tenths.
    score: i64,
    /// The value added, in hundredths.
    value: i64,
    vur: bool,
    note: Note,
    cut: Option<CutBy>,
}

/// Computes tie-break `tb` under `edition` (already resolved from the pin or the standings).
/// `ranks` are the ranks after the previous tie-breaks (for DE).
pub(crate) fn compute(
    ctx: &Ctx,
    tb: &TieBreak,
    edition: Edition,
    ranks: &[u32],
    order: &[usize],
    explain: Option<usize>,
) -> Computed {
    let n = ctx.n;
    let mut details = vec![Vec::new(); if explain.is_some() { n } else { 0 }];
    let count = |f: &dyn Fn(&Rd) -> bool| -> Vec<Option<Value>> {
        (0..n)
            .map(|p| {
                let c = ctx.rounds(p).iter().filter(|d| f(d)).count();
                Some(Value::from_int(i64::try_from(c).unwrap_or(i64::MAX)))
            })
            .collect()
    };
    let values = match tb.kind {
        Kind::Pts => ctx
            .total
            .iter()
            .map(|&t| Some(Value::from_tenths(t)))
            .collect(),
        Kind::Win => count(&|d| d.pts == ctx.win),
        Kind::Won => count(&|d| d.pts == ctx.win && d.played && d.opp != NONE),
        Kind::Bpg => count(&|d| d.black && d.played),
        Kind::Bwg => count(&|d| d.black && d.played && d.pts == ctx.win),
        Kind::Rep => count(&|d| d.played || d.pts == ctx.win),
        Kind::Vur => count(&|d| d.vur),
        Kind::Num => count(&|d| d.played && d.opp != NONE),
        Kind::Ps => progressive(ctx, tb),
        Kind::Ks => koya(ctx, tb, explain.is_some().then_some(&mut details)),
        Kind::Bh | Kind::Fb | Kind::Sb => {
            let fore = tb.kind == Kind::Fb || tb.modifiers.fore;
            buchholz(
                ctx,
                tb,
                edition,
                fore,
                tb.kind == Kind::Sb,
                explain.is_some().then_some(&mut details),
            )
        }
        Kind::Aob => {
            let bh = buchholz(ctx, tb, edition, tb.modifiers.fore, false, None);
            average_over_opponents(ctx, &bh, 100, explain.is_some().then_some(&mut details))
        }
        Kind::De => direct_encounter(
            ctx,
            tb,
            ranks,
            order,
            explain.is_some().then_some(&mut details),
        ),
        Kind::Aro | Kind::Tpr | Kind::Ptp => {
            performance(ctx, tb, edition, explain.is_some().then_some(&mut details))
        }
        Kind::Apro | Kind::Appo => {
            let per = performance(ctx, &performance_of(tb), edition, None);
            average_over_opponents(ctx, &per, 1, explain.is_some().then_some(&mut details))
        }
        // The team competitions' own tie-breaks (C.07 Art. 12, 13) are computed by
        // `field::compute` with the team's second score and boards; for players they are
        // undefined.
        Kind::MpVgp
        | Kind::Bc
        | Kind::Tbr
        | Kind::Bbe
        | Kind::Ede
        | Kind::Edec
        | Kind::Edet
        | Kind::Edeb
        | Kind::Edebt
        | Kind::Edebb
        | Kind::Sssc
        | Kind::Emmsb
        | Kind::Emgsb
        | Kind::Egmsb
        | Kind::Eggsb => vec![None; n],
        Kind::Rtng | Kind::Rtg => {
            let u = tb.modifiers.unrated.map(i64::from);
            let all = tb.kind == Kind::Rtg || u.is_some() || ctx.rating.iter().all(Option::is_some);
            ctx.rating
                .iter()
                .map(|r| {
                    if all {
                        r.or(u).map(Value::from_int)
                    } else {
                        None
                    }
                })
                .collect()
        }
    };
    Computed { values, details }
}

/// The opponents' performance that APRO (TPR) and APPO (PTP) average (C.07 Art. 10.4, 10.5),
/// with the rating for unrated players of `tb`.
fn performance_of(tb: &TieBreak) -> TieBreak {
    let base = TieBreak {
        kind: if tb.kind == Kind::Apro {
            Kind::Tpr
        } else {
            Kind::Ptp
        },
        ..TieBreak::new(Kind::Tpr)
    };
    TieBreak {
        modifiers: super::spec::Modifiers {
            unrated: tb.modifiers.unrated,
            ..base.modifiers
        },
        ..base
    }
}

/// PS (C.07 Art. 7.5): the sum of the running score after each round, the first `/Cn` rounds
/// left out.
fn progressive(ctx: &Ctx, tb: &TieBreak) -> Vec<Option<Value>> {
    (0..ctx.n)
        .map(|p| {
            let mut running = 0;
            let mut sum = 0;
            for (r, d) in ctx.rounds(p).iter().enumerate() {
                running += d.pts;
                if r >= tb.cut_low() {
                    sum += running;
                }
            }
            Some(Value::from_tenths(sum))
        })
        .collect()
}

/// The adjusted scores (C.07 Art. 16.3) of every player, as someone's opponent, in tenths; and
/// each player's own score for the dummy opponent. In Fore mode (Art. 8.3) a player paired in the
/// last round has that round counted as a draw.
fn adjusted(ctx: &Ctx, fore: bool) -> (Vec<i64>, Vec<i64>) {
    let mut abh = vec![0; ctx.n];
    let mut own = ctx.total.clone();
    let no_opp = if ctx.rr { 0 } else { ctx.draw };
    for p in 0..ctx.n {
        let rounds = ctx.rounds(p);
        let fore_p = fore && ctx.lmp[p] == ctx.r && ctx.r > 0;
        let lna = if fore_p { ctx.r } else { ctx.lna[p] };
        let mut s = 0;
        for (r, d) in rounds.iter().enumerate() {
            s += if r < lna || d.opp != NONE {
                d.pts
            } else {
                no_opp
            };
        }
        if let Some(last) = rounds.last().filter(|d| fore_p && d.opp != NONE) {
            let adjust = ctx.draw - last.pts;
            s += adjust;
            own[p] += adjust;
        }
        abh[p] = s;
    }
    (abh, own)
}

/// Buchholz, Fore Buchholz and Sonneborn-Berger (C.07 Art. 8.1, 8.3, 9.1) with cuts (Art. 14) and
/// the unplayed-round rules of the edition (Art. 16).
fn buchholz(
    ctx: &Ctx,
    tb: &TieBreak,
    edition: Edition,
    fore: bool,
    sb: bool,
    mut details: Option<&mut Vec<Vec<Contribution>>>,
) -> Vec<Option<Value>> {
    let (abh, own) = adjusted(ctx, fore);
    let predetermined = tb.modifiers.forfeits_played || ctx.rr;
    let last = ctx.r.saturating_sub(1);
    let mut items: Vec<Item> = Vec::with_capacity(ctx.r);
    let mut out = Vec::with_capacity(ctx.n);
    for (p, &mine) in own.iter().enumerate() {
        items.clear();
        for (r, d) in ctx.rounds(p).iter().enumerate() {
            let treat_played = predetermined || (fore && r == last) || d.played;
            let (score, vur, note) = if treat_played && d.opp != NONE {
                let note = if d.played {
                    Note::Played
                } else if fore && r == last && !predetermined {
                    Note::ForeDraw
                } else {
                    Note::ForfeitAsPlayed
                };
                (abh[d.opp as usize], false, note)
            } else if !ctx.rr {
                if edition == Edition::E2026 {
                    if d.opp == NONE {
                        let cap = ctx.draw * i64::try_from(ctx.r).unwrap_or(0);
                        if cap < mine {
                            (cap, d.vur, Note::DummyCappedByDraws)
                        } else {
                            (mine, d.vur, Note::DummyOwnScore)
                        }
                    } else {
                        let o = abh[d.opp as usize];
                        if o < mine {
                            (o, d.vur, Note::DummyCappedByOpponent)
                        } else {
                            (mine, d.vur, Note::DummyOwnScore)
                        }
                    }
                } else {
                    (mine, d.vur, Note::DummyOwnScore)
                }
            } else {
                (0, d.vur, Note::NotCounted)
            };
            if d.opp == NONE && ctx.rr {
                continue;
            }
            let value = if sb { score * d.sb_pts } else { score * 10 };
            items.push(Item {
                round: r,
                opp: d.opp,
                score,
                value,
                vur,
                note,
                cut: None,
            });
        }
        apply_cuts(
            &mut items,
            tb.cut_low().min(ctx.r),
            tb.cut_high()
                .min(ctx.r.saturating_sub(tb.cut_low().min(ctx.r))),
        );
        let total: i64 = items
            .iter()
            .filter(|i| i.cut.is_none())
            .map(|i| i.value)
            .sum();
        out.push(Some(Value(total)));
        if let Some(det) = details.as_deref_mut() {
            if let Some(slot) = det.get_mut(p) {
                *slot = items
                    .iter()
                    .map(|i| {
                        let d = ctx.rounds(p)[i.round];
                        Contribution {
                            round: i.round + 1,
                            opponent: (i.opp != NONE).then(|| ctx.pn[i.opp as usize]),
                            code: d.code,
                            points: Value::from_tenths(d.pts),
                            basis: Some(Value::from_tenths(i.score)),
                            value: Value(i.value),
                            note: i.note,
                            cut: i.cut,
                        }
                    })
                    .collect();
            }
        }
    }
    out
}

/// Cuts `low` lowest values (voluntarily unplayed rounds first, unless a lower value would then
/// stay) and `high` highest values (C.07 Art. 14.1-14.3, 16.5).
fn apply_cuts(items: &mut [Item], low: usize, high: usize) {
    for _ in 0..low {
        let live = || items.iter().enumerate().filter(|(_, i)| i.cut.is_none());
        let lowest = live()
            .min_by_key(|(k, i)| (i.score, i.value, *k))
            .map(|(k, _)| k);
        let vur_first = live()
            .min_by_key(|(k, i)| (!i.vur, i.score, i.value, *k))
            .map(|(k, _)| k);
        let (Some(a), Some(e)) = (lowest, vur_first) else {
            return;
        };
        if items[a].value > items[e].value {
            items[a].cut = Some(CutBy::Low);
        } else {
            items[e].cut = Some(if items[e].vur {
                CutBy::Unplayed
            } else {
                CutBy::Low
            });
        }
    }
    for _ in 0..high {
        let highest = items
            .iter()
            .enumerate()
            .filter(|(_, i)| i.cut.is_none())
            .min_by_key(|(k, i)| (-i.score, -i.value, *k))
            .map(|(k, _)| k);
        match highest {
            Some(k) => items[k].cut = Some(CutBy::High),
            None => return,
        }
    }
}

/// The average, over games played against an opponent, of the opponents' values (C.07 Art. 8.2
/// AOB, 10.4 APRO, 10.5 APPO), rounded half up to `scale` (100: hundredths; 1: whole numbers).
fn average_over_opponents(
    ctx: &Ctx,
    per: &[Option<Value>],
    scale: i64,
    mut details: Option<&mut Vec<Vec<Contribution>>>,
) -> Vec<Option<Value>> {
    (0..ctx.n)
        .map(|p| {
            let mut sum = 0;
            let mut num = 0;
            let mut contrib = Vec::new();
            for (r, d) in ctx.rounds(p).iter().enumerate() {
                if !(d.played && d.opp != NONE) {
                    continue;
                }
                let Some(v) = per.get(d.opp as usize).copied().flatten() else {
                    continue;
                };
                sum += v.0;
                num += 1;
                if details.is_some() {
                    contrib.push(Contribution {
                        round: r + 1,
                        opponent: Some(ctx.pn[d.opp as usize]),
                        code: d.code,
                        points: Value::from_tenths(d.pts),
                        basis: Some(v),
                        value: v,
                        note: Note::Played,
                        cut: None,
                    });
                }
            }
            if let Some(slot) = details.as_deref_mut().and_then(|det| det.get_mut(p)) {
                *slot = contrib;
            }
            // Values are hundredths; round to 1/scale of a unit.
            (num > 0).then(|| Value(rating::div_half_up(sum * scale, num * 100) * 100 / scale))
        })
        .collect()
}

/// Koya (C.07 Art. 9.2): points scored against opponents with at least the limit (50% of the
/// maximum by default, `/Ln` for n%).
fn koya(
    ctx: &Ctx,
    tb: &TieBreak,
    mut details: Option<&mut Vec<Vec<Contribution>>>,
) -> Vec<Option<Value>> {
    let percent = i64::from(tb.modifiers.koya_limit.unwrap_or(50));
    let mut maxgames = i64::try_from(ctx.r).unwrap_or(0);
    if ctx.rr {
        let n = i64::try_from(ctx.n).unwrap_or(1).max(1);
        if maxgames % n == 0 {
            maxgames -= maxgames / n;
        }
        maxgames -= i64::try_from(ctx.lmp.iter().filter(|&&l| l == 0).count()).unwrap_or(0);
    }
    // score >= percent/100 * win * maxgames, in tenths * 100.
    let limit = percent * ctx.win * maxgames;
    (0..ctx.n)
        .map(|p| {
            let mut ks = 0;
            let mut contrib = Vec::new();
            for (r, d) in ctx.rounds(p).iter().enumerate() {
                if d.opp == NONE {
                    continue;
                }
                let opp_score = ctx.total[d.opp as usize];
                let counts = opp_score * 100 >= limit;
                if counts {
                    ks += d.pts;
                }
                if details.is_some() {
                    contrib.push(Contribution {
                        round: r + 1,
                        opponent: Some(ctx.pn[d.opp as usize]),
                        code: d.code,
                        points: Value::from_tenths(d.pts),
                        basis: Some(Value::from_tenths(opp_score)),
                        value: Value::from_tenths(if counts { d.pts } else { 0 }),
                        note: if counts {
                            Note::Played
                        } else {
                            Note::BelowKoyaLimit
                        },
                        cut: None,
                    });
                }
            }
            if let Some(slot) = details.as_deref_mut().and_then(|det| det.get_mut(p)) {
                *slot = contrib;
            }
            Some(Value::from_tenths(ks))
        })
        .collect()
}

/// ARO, TPR, PTP (C.07 Art. 10.1-10.3): games played against an opponent only; undefined for
/// everyone when a player is unrated and no rating for unrated players is set (`/U`).
fn performance(
    ctx: &Ctx,
    tb: &TieBreak,
    edition: Edition,
    mut details: Option<&mut Vec<Vec<Contribution>>>,
) -> Vec<Option<Value>> {
    let unrated = tb.modifiers.unrated.map(i64::from);
    let valid = unrated.is_some() || ctx.rating.iter().all(Option::is_some);
    let mut games: Vec<(usize, i64, i64, bool)> = Vec::with_capacity(ctx.r);
    let mut ratings: Vec<i64> = Vec::with_capacity(ctx.r);
    (0..ctx.n)
        .map(|p| {
            games.clear();
            let mut played = 0usize;
            for (r, d) in ctx.rounds(p).iter().enumerate() {
                if d.played && d.opp != NONE {
                    played += 1;
                    if let Some(rt) = ctx.rating[d.opp as usize].or(unrated) {
                        games.push((r, rt, d.rpts, false));
                    }
                }
            }
            let mut low = tb.cut_low().min(ctx.r);
            let mut high = tb.cut_high().min(ctx.r - low);
            if edition == Edition::E2022 && (low > 0 || high > 0) {
                let unplayed = ctx.r - played;
                let d1 = unplayed.min(low);
                low -= d1;
                high -= (unplayed - d1).min(high);
            }
            let mut remaining = played;
            for pass in 0..low + high {
                let from_top = pass >= low;
                if remaining == games.iter().filter(|g| !g.3).count() {
                    let pick = games
                        .iter()
                        .enumerate()
                        .filter(|(_, g)| !g.3)
                        .min_by_key(|(k, g)| {
                            if from_top {
                                (-g.1, -(i64::try_from(*k).unwrap_or(0)))
                            } else {
                                (g.1, i64::try_from(*k).unwrap_or(0))
                            }
                        })
                        .map(|(k, _)| k);
                    if let Some(k) = pick {
                        games[k].3 = true;
                    }
                }
                remaining = remaining.saturating_sub(1);
            }
            ratings.clear();
            let mut score = 0;
            for g in games.iter().filter(|g| !g.3) {
                ratings.push(g.1);
                score += g.2;
            }
            if let Some(slot) = details.as_deref_mut().and_then(|det| det.get_mut(p)) {
                *slot = games
                    .iter()
                    .map(|g| {
                        let d = ctx.rounds(p)[g.0];
                        Contribution {
                            round: g.0 + 1,
                            opponent: Some(ctx.pn[d.opp as usize]),
                            code: d.code,
                            points: Value::from_tenths(g.2),
                            basis: Some(Value::from_int(g.1)),
                            value: Value::from_int(g.1),
                            note: if ctx.rating[d.opp as usize].is_some() {
                                Note::Played
                            } else {
                                Note::UnratedOpponent
                            },
                            cut: g.3.then_some(CutBy::Low),
                        }
                    })
                    .collect();
            }
            if !valid {
                return None;
            }
            let v = match tb.kind {
                Kind::Aro => rating::aro(&ratings),
                Kind::Tpr => rating::tpr(score, &ratings),
                _ => rating::ptp(score, &ratings),
            };
            v.map(Value::from_int)
        })
        .collect()
}

/// Direct encounter (C.07 Art. 6): among players tied after the previous tie-breaks, the points
/// scored in games among them; in a Swiss, a player is separated only when nobody below can
/// still reach him with the games not played among them; repeated on sub-groups still tied.
/// Returns each player's place inside his tie (1 = first), or 0 when the tie is not broken.
fn direct_encounter(
    ctx: &Ctx,
    tb: &TieBreak,
    ranks: &[u32],
    order: &[usize],
    details: Option<&mut Vec<Vec<Contribution>>>,
) -> Vec<Option<Value>> {
    let predetermined = tb.modifiers.forfeits_played || ctx.rr;
    let mut val: Vec<i64> = ranks.iter().map(|&r| i64::from(r)).collect();
    let mut more = vec![true; ctx.n];
    let mut ro: Vec<usize> = order.to_vec();
    let mut deval = vec![0i64; ctx.n];
    let mut demax = vec![0i64; ctx.n];
    for _loop in 0..30 {
        let mut changes = 0;
        let mut start = 0;
        while start < ro.len() {
            let c = val[ro[start]];
            let mut stop = start + 1;
            while stop < ro.len() && val[ro[stop]] == c {
                stop += 1;
            }
            let group: Vec<usize> = ro[start..stop].to_vec();
            if more[group[0]] {
                if group.len() == 1 {
                    more[group[0]] = false;
                } else {
                    let ch = de_group(
                        ctx,
                        predetermined,
                        &group,
                        c,
                        &mut val,
                        &mut deval,
                        &mut demax,
                    );
                    for &p in &group {
                        more[p] = ch > 0;
                    }
                    changes += ch;
                }
            }
            start = stop;
        }
        if changes == 0 {
            break;
        }
        ro.sort_by_key(|&p| (ranks[p], val[p], ctx.pn[p]));
    }
    places_inside_ties(&mut val, &ro, ranks);
    if let Some(det) = details {
        for p in 0..ctx.n {
            let tied = |o: usize| ranks[o] == ranks[p];
            det[p] = ctx
                .rounds(p)
                .iter()
                .enumerate()
                .filter(|(_, d)| {
                    d.opp != NONE && (predetermined || d.played) && tied(d.opp as usize)
                })
                .map(|(r, d)| Contribution {
                    round: r + 1,
                    opponent: Some(ctx.pn[d.opp as usize]),
                    code: d.code,
                    points: Value::from_tenths(d.pts),
                    basis: None,
                    value: Value::from_tenths(d.pts),
                    note: if d.played {
                        Note::Played
                    } else {
                        Note::ForfeitAsPlayed
                    },
                    cut: None,
                })
                .collect();
        }
    }
    val.into_iter().map(|v| Some(Value::from_int(v))).collect()
}

/// One pass of direct encounter over one tied group with common value `c`; returns the number of
/// players given a new place.
pub(crate) fn de_group(
    ctx: &Ctx,
    predetermined: bool,
    group: &[usize],
    c: i64,
    val: &mut [i64],
    deval: &mut [i64],
    demax: &mut [i64],
) -> usize {
    let metmax = i64::try_from(group.len()).unwrap_or(1) - 1;
    let mut metall = true;
    let mut per_opp: Vec<(u32, i64, i64)> = Vec::new();
    for &p in group {
        per_opp.clear();
        for d in ctx.rounds(p) {
            if d.opp != NONE && (predetermined || d.played) && val[d.opp as usize] == c {
                match per_opp.iter_mut().find(|e| e.0 == d.opp) {
                    Some(e) => {
                        e.1 += d.pts;
                        e.2 += 1;
                    }
                    None => per_opp.push((d.opp, d.pts, 1)),
                }
            }
        }
        // Hundredths; games repeated against one opponent count as their average.
        deval[p] = per_opp.iter().map(|e| e.1 * 10 / e.2).sum();
        let met = i64::try_from(per_opp.len()).unwrap_or(0);
        if !ctx.rr && met < metmax {
            metall = false;
            demax[p] = deval[p] + (metmax - met) * ctx.win * 10;
        } else {
            demax[p] = deval[p];
        }
    }
    let mut sorted = group.to_vec();
    let mut changes = 0;
    if metall {
        sorted.sort_by_key(|&p| (-deval[p], ctx.pn[p]));
        let mut crank = c;
        let mut prev = deval[sorted[0]];
        for (i, &p) in sorted.iter().enumerate().skip(1) {
            let rank = c + i64::try_from(i).unwrap_or(0);
            if deval[p] == prev {
                val[p] = crank;
            } else {
                crank = rank;
                val[p] = rank;
                prev = deval[p];
                changes += 1;
            }
        }
    } else {
        sorted.sort_by_key(|&p| (-deval[p], -demax[p], ctx.pn[p]));
        let mut crank = c;
        let mut prev = deval[sorted[0]];
        let mut unique = true;
        // Suffix maxima of the best reachable scores, so the pass stays linear in the group.
        let mut suffix = vec![i64::MIN; sorted.len() + 1];
        for i in (0..sorted.len()).rev() {
            suffix[i] = suffix[i + 1].max(demax[sorted[i]]);
        }
        for i in 1..sorted.len() {
            let p = sorted[i];
            let rank = c + i64::try_from(i).unwrap_or(0);
            let best_below = suffix[i];
            if unique && prev > best_below {
                crank = rank;
                val[p] = rank;
                changes += 1;
            } else {
                val[p] = crank;
                unique = false;
            }
            prev = deval[p];
        }
    }
    changes
}

/// Turns the ranks reached inside each tie of the previous ranks into places from 1, or 0 for
/// every member of a tie nobody was separated in.
pub(crate) fn places_inside_ties(val: &mut [i64], ro: &[usize], ranks: &[u32]) {
    let mut start = 0;
    while start < ro.len() {
        let rank = ranks[ro[start]];
        let mut stop = start + 1;
        while stop < ro.len() && ranks[ro[stop]] == rank {
            stop += 1;
        }
        let mut offset = val[ro[start]];
        if val[ro[start]] != val[ro[stop - 1]] {
            offset -= 1;
        }
        for &p in &ro[start..stop] {
            val[p] -= offset;
        }
        start = stop;
    }
}
