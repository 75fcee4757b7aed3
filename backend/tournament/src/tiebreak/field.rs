//! The one tie-break engine for players and teams. A standings is computed over its
//! competitors ([`Field`]): each has its rounds (played, forfeit won or lost, PAB, byes,
//! absence, read once into the tables of `Ctx`) and a primary score: points for players;
//! for teams match points or game points, with the other as the secondary score (C.07
//! Art. 11) and the game points of each board. Every tie-break is computed here for both, so a
//! rule (the unplayed rounds of Art. 16, the cuts of Art. 14) holds for players and teams alike;
//! [`rank`] applies the ordered list (Art. 4) for both standings. The competitors are
//! `competitors.rs`'s [`Field`].

use super::competitors::Field;
use super::compute::{self, Computed};
use super::spec::{Edition, Kind, ScoreKind, TieBreak};
use super::{Contribution, Value, cmp_values, team_kinds};

/// Computes tie-break `tb` under `edition` for every competitor. `ranks` and `order` are the
/// ranks after the previous tie-breaks (for DE, EDE, TBR and BBE).
pub(crate) fn compute(
    field: &Field,
    tb: &TieBreak,
    edition: Edition,
    ranks: &[u32],
    order: &[usize],
    explain: bool,
) -> Computed {
    let ex = explain.then_some(0);
    if field.secondary.is_none() {
        return compute::compute(&field.primary, tb, edition, ranks, order, ex);
    }
    let plain = |kind: Kind| TieBreak { kind, ..*tb };
    match tb.kind {
        Kind::MpVgp => compute::compute(
            field.ctx(field.secondary_kind()),
            &plain(Kind::Pts),
            edition,
            ranks,
            order,
            ex,
        ),
        // C.07 Art. 7 for teams counts rounds, that is matches, whichever score the code
        // names: won (with or without play), won over the board, won with Black (board 1),
        // elected to play.
        Kind::Win | Kind::Won | Kind::Bwg | Kind::Rep => compute::compute(
            field.ctx(ScoreKind::Match),
            &plain(tb.kind),
            edition,
            ranks,
            order,
            ex,
        ),
        Kind::Emmsb | Kind::Emgsb | Kind::Egmsb | Kind::Eggsb => {
            team_kinds::extended_sonneborn_berger(field, tb, edition, ranks, order, explain)
        }
        Kind::Sssc => team_kinds::sssc(field, tb, edition, ranks, order, explain),
        Kind::Bc => team_kinds::board_count(field, explain),
        Kind::Tbr | Kind::Bbe => {
            team_kinds::board_elimination(field, tb.kind == Kind::Bbe, ranks, order)
        }
        Kind::Ede | Kind::Edec | Kind::Edet | Kind::Edeb | Kind::Edebt | Kind::Edebb => {
            team_kinds::extended_direct_encounter(field, tb, ranks, order, explain)
        }
        _ => compute::compute(field.ctx(field.score_of(tb)), tb, edition, ranks, order, ex),
    }
}

/// The standings' order after a list of tie-breaks.
pub(crate) struct Ranking {
    /// Each competitor's rank (ties share it).
    pub ranks: Vec<u32>,
    /// The competitors by rank (ties by pairing number).
    pub order: Vec<usize>,
    /// Per competitor, one value per tie-break.
    pub values: Vec<Vec<Option<Value>>>,
    /// Per tie-break, per competitor, the contributions (when asked for).
    pub details: Vec<Vec<Vec<Contribution>>>,
    /// The edition each tie-break was computed with.
    pub editions: Vec<Edition>,
}

/// Ranks the competitors by the ordered list (C.07 Art. 4): each tie-break only separates
/// competitors the previous ones left tied. `base` is the edition of tie-breaks without a pin.
pub(crate) fn rank(field: &Field, tiebreaks: &[TieBreak], base: Edition, explain: bool) -> Ranking {
    let n = field.n();
    let pn = &field.primary.pn;
    let mut ranks = vec![1u32; n];
    let mut order: Vec<usize> = (0..n).collect();
    let mut values: Vec<Vec<Option<Value>>> = vec![Vec::with_capacity(tiebreaks.len()); n];
    let mut details = Vec::new();
    let mut editions = Vec::with_capacity(tiebreaks.len());
    for tb in tiebreaks {
        let ed = tb.edition.unwrap_or(base);
        editions.push(ed);
        let c = compute(field, tb, ed, &ranks, &order, explain);
        order.sort_by(|&a, &b| {
            ranks[a]
                .cmp(&ranks[b])
                .then_with(|| cmp_values(c.values[a], c.values[b], tb.kind))
                .then_with(|| pn[a].cmp(&pn[b]))
        });
        let mut new_ranks = ranks.clone();
        for (pos, &p) in order.iter().enumerate() {
            let position = u32::try_from(pos + 1).unwrap_or(u32::MAX);
            if pos == 0 || ranks[p] == position {
                new_ranks[p] = position;
            } else {
                let prev = order[pos - 1];
                new_ranks[p] = if c.values[p] == c.values[prev] {
                    new_ranks[prev]
                } else {
                    position
                };
            }
        }
        ranks = new_ranks;
        for (p, v) in c.values.iter().enumerate() {
            values[p].push(*v);
        }
        if explain {
            details.push(c.details);
        }
    }
    Ranking {
        ranks,
        order,
        values,
        details,
        editions,
    }
}
