//! The EDE variants of C.07 2026-03 (Art. 13.3): after EDE, two teams still tied are compared
//! inside their own encounter, board by board: `EDEC` the board count (Art. 12.1, the lower
//! first), `EDET` the top board results (Art. 12.2), `EDEB` board-by-board elimination (Art.
//! 12.3), `EDEBT` and `EDEBB` the board count and then the other. Only a tie of exactly two
//! teams is broken so (Art. 13.3.2), as FIDE's reference calculator does.

use super::competitors::{Boards, Field};
use super::context::NONE;
use super::spec::{Kind, ScoreKind, TieBreak};

/// One comparison inside the encounter.
#[derive(Clone, Copy)]
enum Step {
    /// The board count: the sum of board number times game points; lower is better.
    Count,
    /// The game points on board `k` (from 0); higher is better.
    Top(usize),
    /// The game points without the last `k + 1` boards; higher is better.
    Bottom(usize),
}

/// The steps of an EDE variant, in order; none for `EDE` itself.
fn steps(kind: Kind, boards: usize) -> Vec<Step> {
    let count = matches!(kind, Kind::Edec | Kind::Edebt | Kind::Edebb);
    let top = matches!(kind, Kind::Edet | Kind::Edebt);
    let bottom = matches!(kind, Kind::Edeb | Kind::Edebb);
    let mut out = Vec::new();
    if count {
        out.push(Step::Count);
    }
    if top {
        out.extend((0..boards).map(Step::Top));
    }
    if bottom {
        out.extend((0..boards.saturating_sub(1)).map(Step::Bottom));
    }
    out
}

/// Team `p`'s game points by board (tenths) in the rounds it met team `q`: over the board, or
/// by forfeit too with `/P`.
fn encounter(field: &Field, boards: &Boards, tb: &TieBreak, p: usize, q: usize) -> Vec<i64> {
    let gp = field.ctx(ScoreKind::Game);
    let mut out = vec![0; boards.count];
    for (r, d) in gp.rounds(p).iter().enumerate() {
        let counts = d.played || tb.modifiers.forfeits_played;
        if d.opp == NONE || d.opp as usize != q || !counts {
            continue;
        }
        for (k, (pts, _)) in boards.points[p * gp.r + r].iter().enumerate() {
            if let Some(slot) = out.get_mut(k) {
                *slot += pts;
            }
        }
    }
    out
}

/// A team's key for one step: lower ranks first.
fn key(step: Step, boards: &[i64]) -> i64 {
    match step {
        Step::Count => boards.iter().zip(1..).map(|(p, k)| k * p).sum(),
        Step::Top(k) => -boards.get(k).copied().unwrap_or(0),
        Step::Bottom(k) => -boards
            .iter()
            .take(boards.len().saturating_sub(k + 1))
            .sum::<i64>(),
    }
}

/// Breaks the ties of exactly two teams left by EDE (`val`: each team's place, `ro` the order)
/// by the variant's steps over their encounter; the better keeps the place, the other the next.
/// Returns whether any tie was broken.
pub(crate) fn break_pairs(
    field: &Field,
    tb: &TieBreak,
    val: &mut [i64],
    ro: &[usize],
    ranks: &[u32],
) -> bool {
    let Some(boards) = field.boards.as_ref() else {
        return false;
    };
    let steps = steps(tb.kind, boards.count);
    if steps.is_empty() {
        return false;
    }
    let mut changed = false;
    let mut start = 0;
    while start < ro.len() {
        let mut stop = start + 1;
        while stop < ro.len()
            && val[ro[stop]] == val[ro[start]]
            && ranks[ro[stop]] == ranks[ro[start]]
        {
            stop += 1;
        }
        if stop - start == 2 {
            let (a, b) = (ro[start], ro[start + 1]);
            let (ea, eb) = (
                encounter(field, boards, tb, a, b),
                encounter(field, boards, tb, b, a),
            );
            if let Some((ka, kb)) = steps
                .iter()
                .map(|&s| (key(s, &ea), key(s, &eb)))
                .find(|(x, y)| x != y)
            {
                let worse = if ka < kb { b } else { a };
                val[worse] += 1;
                changed = true;
            }
        }
        start = stop;
    }
    changed
}
