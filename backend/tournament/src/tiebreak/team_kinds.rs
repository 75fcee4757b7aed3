//! The team competitions' own tie-breaks (C.07 Art. 12, 13), over the same competitors and
//! rounds as every other tie-break ([`Field`]): the extended Sonneborn-Berger family EMMSB,
//! EMGSB, EGMSB, EGGSB (Art. 13.2), SSSC (Art. 13.4), BC, TBR, BBE (Art. 12) and EDE
//! (Art. 13.3). Their unplayed rounds are those of the individual tie-breaks they are built
//! on (Art. 16): the extended Sonneborn-Berger and SSSC are Sonneborn-Berger and Buchholz
//! with another score.

use super::competitors::{Boards, Field};
use super::compute::{self, Computed, de_group, places_inside_ties};
use super::context::NONE;
use super::rating;
use super::spec::{Edition, Kind, ScoreKind, TieBreak};
use super::{Contribution, Note, Value};

impl Boards {
    /// Team `p`'s game points on each board over rounds 1 to `rounds`, board 1 first, in
    /// tenths.
    fn totals(&self, p: usize, rounds: usize) -> Vec<i64> {
        let mut out = vec![0; self.count];
        for r in 0..rounds {
            let Some(round) = self.points.get(p * rounds + r) else {
                continue;
            };
            for (k, (pts, _)) in round.iter().enumerate() {
                if let Some(slot) = out.get_mut(k) {
                    *slot += pts;
                }
            }
        }
        out
    }
}

/// The extended Sonneborn-Berger family (C.07 Art. 13.2): Sonneborn-Berger on the first
/// score named (the opponents' scores, `EM..`: match points, `EG..`: game points) multiplied
/// by the second (`..MSB`: the match points scored in the round, `..GSB`: its game points),
/// with the unplayed-round rules of Sonneborn-Berger.
pub(crate) fn extended_sonneborn_berger(
    field: &Field,
    tb: &TieBreak,
    edition: Edition,
    ranks: &[u32],
    order: &[usize],
    explain: bool,
) -> Computed {
    let (x, y) = match tb.kind {
        Kind::Emmsb => (ScoreKind::Match, ScoreKind::Match),
        Kind::Emgsb => (ScoreKind::Match, ScoreKind::Game),
        Kind::Egmsb => (ScoreKind::Game, ScoreKind::Match),
        _ => (ScoreKind::Game, ScoreKind::Game),
    };
    let mut ctx = field.ctx(x).clone();
    for (d, o) in ctx.rd.iter_mut().zip(&field.ctx(y).rd) {
        d.sb_pts = o.pts;
    }
    let sb = TieBreak {
        kind: Kind::Sb,
        ..*tb
    };
    compute::compute(&ctx, &sb, edition, ranks, order, explain.then_some(0))
}

/// SSSC (C.07 Art. 13.4): the secondary score plus the Buchholz of the primary score (with the
/// tie-break's cuts, `/P` and `/F`) divided by `/Kn`, or by default by the whole part of
/// `maximum primary score / maximum secondary score` per round (match points primary:
/// `win MP × rounds / (win GP × boards)`; game points primary: its inverse), rounded to 0.01.
pub(crate) fn sssc(
    field: &Field,
    tb: &TieBreak,
    edition: Edition,
    ranks: &[u32],
    order: &[usize],
    explain: bool,
) -> Computed {
    let bh = compute::compute(
        &field.primary,
        &TieBreak {
            kind: Kind::Bh,
            ..*tb
        },
        edition,
        ranks,
        order,
        explain.then_some(0),
    );
    let r = i64::try_from(field.primary.r).unwrap_or(0);
    let (boards, game_win) = field
        .boards
        .as_ref()
        .map_or((1, 10), |b| (b.count, b.game_win));
    let b = i64::try_from(boards).unwrap_or(1);
    let divisor = match (tb.modifiers.divisor, field.primary_kind) {
        (Some(k), _) => i64::from(k),
        (None, ScoreKind::Match) => (field.ctx(ScoreKind::Match).win * r) / (game_win * b).max(1),
        (None, ScoreKind::Game) => (game_win * r * b) / field.ctx(ScoreKind::Match).win.max(1),
    }
    .max(1);
    let secondary = field.ctx(field.secondary_kind());
    let values = bh
        .values
        .iter()
        .zip(&secondary.total)
        .map(|(v, &s)| v.map(|v| Value(s * 10 + rating::div_half_up(v.0, divisor))))
        .collect();
    Computed {
        values,
        details: bh.details,
    }
}

/// BC (C.07 Art. 12.1): the sum over the boards of the board number times the game points
/// scored on it in all rounds.
pub(crate) fn board_count(field: &Field, explain: bool) -> Computed {
    let n = field.n();
    let rounds = field.primary.r;
    let gp = field.ctx(ScoreKind::Game);
    let no_boards = Vec::new();
    let board_pts = field.boards.as_ref().map_or(&no_boards, |b| &b.points);
    let mut details = vec![Vec::new(); if explain { n } else { 0 }];
    let values = (0..n)
        .map(|p| {
            let mut sum = 0;
            for (r, &d) in gp.rounds(p).iter().enumerate() {
                let part: i64 = board_pts
                    .get(p * rounds + r)
                    .into_iter()
                    .flatten()
                    .zip(1..)
                    .map(|(&(pts, _), k)| k * pts)
                    .sum();
                sum += part;
                if let Some(slot) = details.get_mut(p) {
                    slot.push(Contribution {
                        round: r + 1,
                        opponent: (d.opp != NONE).then(|| field.primary.pn[d.opp as usize]),
                        code: d.code,
                        points: Value::from_tenths(d.pts),
                        basis: None,
                        value: Value::from_tenths(part),
                        note: if d.played {
                            Note::Played
                        } else {
                            Note::NotCounted
                        },
                        cut: None,
                    });
                }
            }
            Some(Value::from_tenths(sum))
        })
        .collect();
    Computed { values, details }
}

/// TBR and BBE (C.07 Art. 12.2, 12.3): inside each group tied after the previous tie-breaks,
/// the teams are ordered by the game points on board 1, then board 2, ... (TBR), or by the game
/// points without the last board, then without the last two, ... (BBE), each step only among
/// the teams still tied. The value is the place inside the tie (1 = first), 0 when the tie is
/// not broken.
pub(crate) fn board_elimination(
    field: &Field,
    bbe: bool,
    ranks: &[u32],
    order: &[usize],
) -> Computed {
    let n = field.n();
    let Some(boards) = field.boards.as_ref() else {
        return Computed {
            values: vec![None; n],
            details: Vec::new(),
        };
    };
    let count = boards.count;
    let totals: Vec<Vec<i64>> = (0..n).map(|p| boards.totals(p, field.primary.r)).collect();
    let mut val: Vec<i64> = ranks.iter().map(|&r| i64::from(r)).collect();
    let mut ro: Vec<usize> = order.to_vec();
    let mut running: Vec<i64> = totals.iter().map(|t| t.iter().sum()).collect();
    for step in 1..=count {
        let mut start = 0;
        while start < ro.len() {
            let c = val[ro[start]];
            let mut stop = start + 1;
            while stop < ro.len() && val[ro[stop]] == c {
                stop += 1;
            }
            if stop - start > 1 {
                let key = |p: usize| -> i64 {
                    if bbe {
                        running[p] - totals[p][count - step]
                    } else {
                        totals[p][step - 1]
                    }
                };
                let mut group: Vec<usize> = ro[start..stop].to_vec();
                group.sort_by_key(|&p| (-key(p), field.primary.pn[p]));
                let mut place = c;
                for (i, &p) in group.iter().enumerate() {
                    if i > 0 && key(p) != key(group[i - 1]) {
                        place = c + i64::try_from(i).unwrap_or(0);
                    }
                    val[p] = place;
                }
                if bbe {
                    for &p in &group {
                        running[p] -= totals[p][count - step];
                    }
                }
            }
            start = stop;
        }
        ro.sort_by_key(|&p| (ranks[p], val[p], field.primary.pn[p]));
    }
    places_inside_ties(&mut val, &ro, ranks);
    Computed {
        values: val.into_iter().map(|v| Some(Value::from_int(v))).collect(),
        details: Vec::new(),
    }
}

// ---- Extended direct encounter (C.07 Art. 13.3) ----

/// EDE (C.07 Art. 13.3): among the teams tied after the previous tie-breaks, direct encounter
/// (Art. 6) on the primary score; the groups still tied are then compared by direct encounter
/// on the secondary score, then on the primary again, and so on, until neither score separates
/// any more teams. In a Swiss a team is separated only when no team below it can still reach
/// it with the matches not played among them (Art. 6.2). The value is the place inside the tie
/// (1 = first), 0 for every team of a tie that is not broken.
pub(crate) fn extended_direct_encounter(
    field: &Field,
    tb: &TieBreak,
    ranks: &[u32],
    order: &[usize],
    explain: bool,
) -> Computed {
    let n = field.n();
    let predetermined = tb.modifiers.forfeits_played || field.primary.rr;
    let scores = [field.primary_kind, field.secondary_kind()];
    let mut val: Vec<i64> = ranks.iter().map(|&r| i64::from(r)).collect();
    let mut more = vec![true; n];
    let mut ro: Vec<usize> = order.to_vec();
    let mut deval = vec![0i64; n];
    let mut demax = vec![0i64; n];
    let mut changed = [true, true];
    let mut swap = 0;
    for pass in 1..=30 {
        let mut changes = 0;
        let mut again = false;
        let ctx = field.ctx(scores[swap]);
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
                    let go = ch > 0 && pass < 30;
                    for &p in &group {
                        more[p] = go;
                    }
                    again |= go;
                    changes += ch;
                }
            }
            start = stop;
        }
        changed[swap] = changes > 0;
        let pending = changed.iter().any(|c| *c);
        if changes == 0 {
            swap = (swap + 1) % scores.len();
            more.fill(true);
        } else {
            changed = [true, true];
        }
        ro.sort_by_key(|&p| (ranks[p], val[p], field.primary.pn[p]));
        if !(again || (pending && pass < 30)) {
            break;
        }
    }
    // EDEC, EDET, EDEB, EDEBT, EDEBB: two teams still tied, inside their encounter.
    if super::ede_boards::break_pairs(field, tb, &mut val, &ro, ranks) {
        ro.sort_by_key(|&p| (ranks[p], val[p], field.primary.pn[p]));
    }
    places_inside_ties(&mut val, &ro, ranks);
    Computed {
        values: val.into_iter().map(|v| Some(Value::from_int(v))).collect(),
        details: vec![Vec::new(); if explain { n } else { 0 }],
    }
}
