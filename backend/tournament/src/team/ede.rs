//! Extended direct encounter (C.07 Art. 13.3) for team competitions.

use super::tiebreak::{TeamTable, places_inside_ties};
use crate::tiebreak::compute::{Computed, de_group};
use crate::tiebreak::{TieBreak, Value};

/// EDE (C.07 Art. 13.3): among the teams tied after the previous tie-breaks, direct encounter
/// (Art. 6) on the primary score; the groups still tied are then compared by direct encounter
/// on the secondary score, then on the primary again, and so on, until neither score separates
/// any more teams. In a Swiss a team is separated only when no team below it can still reach
/// it with the matches not played among them (Art. 6.2). The value is the place inside the tie
/// (1 = first), 0 for every team of a tie that is not broken.
pub(crate) fn extended_direct_encounter(
    table: &TeamTable,
    tb: &TieBreak,
    ranks: &[u32],
    order: &[usize],
    explain: bool,
) -> Computed {
    let n = table.tpn.len();
    let predetermined = tb.modifiers.forfeits_played || table.mp.rr;
    let scores = [table.primary, table.primary.other()];
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
        let ctx = table.ctx(scores[swap]);
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
        ro.sort_by_key(|&p| (ranks[p], val[p], table.tpn[p]));
        if !(again || (pending && pass < 30)) {
            break;
        }
    }
    places_inside_ties(&mut val, &ro, ranks);
    Computed {
        values: val.into_iter().map(|v| Some(Value::from_int(v))).collect(),
        details: vec![Vec::new(); if explain { n } else { 0 }],
    }
}
