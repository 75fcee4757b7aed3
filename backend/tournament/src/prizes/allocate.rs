//! Allocation of a prize list from the final standings.
//!
//! 1. **Holders.** Every prize of every list is taken in order of value (highest first; between
//!    equal values the main list, then the categories in list order, then the better place).
//!    Each goes to the best-placed eligible player in the standings who has no prize yet
//!    ([`PrizesPerPlayer::HighestOnly`]) or no prize of that list yet ([`PrizesPerPlayer::All`]).
//!    So a player due 2nd overall (500) and 1st woman (400) holds the 2nd prize, and the women's
//!    prize passes to the next woman. Values compared are the listed values, before sharing.
//! 2. **Sharing.** Within one list, holders next to each other in the standings with the same
//!    points ([`TieSharing::Hort`], [`TieSharing::Equal`]) or the same rank
//!    ([`TieSharing::ByTieBreaks`]) form a [`TieGroup`]. Eligible players without a prize who are
//!    tied with the last holder join the group with no place of their own (the tied places run
//!    past the end of the list). Money is pooled and shared as the module documentation says;
//!    prizes in kind stay with their holder.

use std::collections::{BTreeMap, BTreeSet};

use serde::Serialize;

use super::check::{ListProblem, check_list};
use super::eligibility::meets_all;
use super::{Award, Criterion, ListRef, Money, PrizeList, PrizesPerPlayer, TieSharing};
use crate::model::{PairingNumber, Tournament};
use crate::points::Points;
use crate::tiebreak::Standings;

/// Why a list cannot be allocated.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, thiserror::Error)]
pub enum AllocateError {
    /// [`check_list`] found errors (warnings do not stop an allocation).
    #[error("the prize list has {} error(s); the first: {}", .0.len(), .0.first().map(ToString::to_string).unwrap_or_default())]
    InvalidList(Vec<ListProblem>),
    /// A category counts ages but the list gives no year and the tournament's start date (`042`)
    /// cannot be read.
    #[error(
        "a category counts ages, but neither the prize list nor the start date gives the event's year"
    )]
    NoEventYear,
}

/// One prize of the list and who receives it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PrizeOutcome {
    /// The list the prize belongs to.
    pub list: ListRef,
    /// Its place in the list.
    pub place: u16,
    /// What it gives.
    pub award: Award,
    /// Who holds the place by the standings' order; `None` when no eligible player was left.
    pub holder: Option<PairingNumber>,
    /// The tie group its money is pooled in ([`Allocation::groups`] index), if shared.
    pub group: Option<usize>,
    /// Who receives something of it: the holder alone, or every member of the group (money);
    /// empty when nobody holds it.
    pub recipients: Vec<PairingNumber>,
}

impl std::fmt::Display for PrizeOutcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}, place {} ({}): ", self.list, self.place, self.award)?;
        match (self.holder, self.group) {
            (None, _) => f.write_str("not awarded (no eligible player)"),
            (Some(h), None) => write!(f, "player {h}"),
            (Some(h), Some(g)) => write!(f, "held by player {h}, shared in group {}", g + 1),
        }
    }
}

/// One member of a [`TieGroup`] and what he receives from it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GroupMember {
    /// The player.
    pub player: PairingNumber,
    /// The place he holds in the list; `None` for a tied player past the list's last place.
    pub place: Option<u16>,
    /// The part of his own place's money he keeps before pooling: half rounded down in the Hort
    /// system, 0 otherwise (minor units).
    pub kept: i64,
    /// His part of the pool, including any remainder unit (minor units).
    pub share: i64,
    /// `kept + share`.
    pub total: i64,
}

/// Players tied in one list whose money is pooled.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TieGroup {
    /// The list.
    pub list: ListRef,
    /// How the group shares.
    pub sharing: TieSharing,
    /// The members' points.
    pub points: Points,
    /// The members' places in the list, best first (their prizes' money is pooled).
    pub places: Vec<u16>,
    /// The money of those places (minor units), whole.
    pub prizes_total: i64,
    /// The money shared equally (minor units): all of it, or in the Hort system the halves not
    /// kept.
    pub pool: i64,
    /// Each member's equal share of the pool, rounded down (minor units).
    pub share_each: i64,
    /// The minor units left over (`pool - share_each * members`), fewer than the members.
    pub remainder: i64,
    /// Who gets one unit of the remainder each: the first members in the standings' order.
    pub remainder_to: Vec<PairingNumber>,
    /// The members, in the standings' order.
    pub members: Vec<GroupMember>,
    /// The currency.
    pub currency: Option<String>,
}

impl std::fmt::Display for TieGroup {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let places: Vec<String> = self.places.iter().map(ToString::to_string).collect();
        write!(
            f,
            "{}: {} players on {} points share places {} ({:?}): pool {}, {} each",
            self.list,
            self.members.len(),
            self.points,
            places.join(", "),
            self.sharing,
            self.pool,
            self.share_each
        )?;
        if self.remainder > 0 {
            write!(
                f,
                ", {} unit(s) left over to the first in the standings",
                self.remainder
            )?;
        }
        Ok(())
    }
}

/// One prize a player receives.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Received {
    /// The list.
    pub list: ListRef,
    /// The place he holds; `None` when he shares tied places past the list's end.
    pub place: Option<u16>,
    /// The prize of that place as listed (`None` past the list's end).
    pub prize: Option<Award>,
    /// The money he is paid from this list after sharing; `None` for a prize in kind alone.
    pub paid: Option<Money>,
    /// The tie group, if shared.
    pub group: Option<usize>,
}

impl std::fmt::Display for Received {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.place {
            Some(p) => write!(f, "{}, place {p}", self.list)?,
            None => write!(f, "{}, tied past the last place", self.list)?,
        }
        if let Some(Award::Item { name, .. }) = &self.prize {
            write!(f, ": {name}")?;
        }
        if let Some(m) = &self.paid {
            write!(f, ": {m}")?;
        }
        Ok(())
    }
}

/// Everything one player receives.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlayerPrizes {
    /// The player.
    pub player: PairingNumber,
    /// His points in the standings.
    pub points: Points,
    /// What he receives (one entry in [`PrizesPerPlayer::HighestOnly`]).
    pub received: Vec<Received>,
    /// The money he receives in all, minor units.
    pub total: i64,
}

/// The prizes of a list given out.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Allocation {
    /// Each prize, in list order (main list, then categories; places as listed).
    pub prizes: Vec<PrizeOutcome>,
    /// The groups whose money is pooled.
    pub groups: Vec<TieGroup>,
    /// The players who receive something, in the standings' order.
    pub players: Vec<PlayerPrizes>,
    /// The list's currency (`None`: no money prizes).
    pub currency: Option<String>,
    /// The year ages were counted from.
    pub event_year: Option<i32>,
}

/// One player in the standings, as the allocation reads him.
struct Entry {
    pairing_number: PairingNumber,
    rank: u32,
    points: Points,
}

/// Gives out a prize list from final standings (the `standings` of [`crate::tiebreak`] over the
/// same tournament, after the last round); the players' ratings, sex, birth dates and
/// federations come from `t`.
///
/// # Errors
/// [`AllocateError::InvalidList`] when [`check_list`] finds errors,
/// [`AllocateError::NoEventYear`] when an age category has no year to count from.
pub fn allocate(
    list: &PrizeList,
    t: &Tournament,
    standings: &Standings,
) -> Result<Allocation, AllocateError> {
    let errors: Vec<ListProblem> = check_list(list)
        .into_iter()
        .filter(ListProblem::is_error)
        .collect();
    if !errors.is_empty() {
        return Err(AllocateError::InvalidList(errors));
    }
    let event_year = list
        .event_year
        .or_else(|| t.start_date.map(crate::date::PartialDate::year));
    let ages = list
        .categories
        .iter()
        .flat_map(|c| &c.criteria)
        .any(|c| matches!(c, Criterion::JuniorUnder(_) | Criterion::SeniorFrom(_)));
    if ages && event_year.is_none() {
        return Err(AllocateError::NoEventYear);
    }
    let scores = t.scores_after_round(standings.after_round);
    let entries: Vec<Entry> = standings
        .rows
        .iter()
        .map(|r| Entry {
            pairing_number: r.pairing_number,
            rank: r.rank,
            points: scores.get(&r.pairing_number).copied().unwrap_or_default(),
        })
        .collect();
    let lists: Vec<ListRef> = list.lists().collect();
    // Eligible players of each list, as positions in the standings.
    let eligible: BTreeMap<ListRef, Vec<usize>> = lists
        .iter()
        .map(|&l| {
            let crit = list.criteria(l);
            let pos = entries
                .iter()
                .enumerate()
                .filter(|(_, e)| {
                    t.player(e.pairing_number)
                        .is_some_and(|p| meets_all(p, crit, event_year))
                })
                .map(|(i, _)| i)
                .collect();
            (l, pos)
        })
        .collect();

    // 1. Holders, prizes by value.
    let mut order: Vec<(ListRef, usize)> = lists
        .iter()
        .flat_map(|&l| (0..list.prizes(l).len()).map(move |i| (l, i)))
        .collect();
    order.sort_by_key(|&(l, i)| {
        let p = &list.prizes(l)[i];
        (std::cmp::Reverse(p.award.value()), l, p.place)
    });
    let one_only = list.settings.per_player == PrizesPerPlayer::HighestOnly;
    let mut taken: BTreeSet<(Option<ListRef>, usize)> = BTreeSet::new();
    let key = |l: ListRef, pos: usize| (if one_only { None } else { Some(l) }, pos);
    let mut holder: BTreeMap<(ListRef, usize), usize> = BTreeMap::new();
    for &(l, i) in &order {
        if let Some(&pos) = eligible[&l].iter().find(|&&p| !taken.contains(&key(l, p))) {
            taken.insert(key(l, pos));
            holder.insert((l, i), pos);
        }
    }

    // 2. Sharing, list by list.
    let currency = lists
        .iter()
        .flat_map(|&l| list.prizes(l))
        .find_map(|p| p.award.money().map(|m| m.currency.clone()));
    let sharing = list.settings.ties;
    let tie_key = |pos: usize| match sharing {
        TieSharing::ByTieBreaks => (entries[pos].points, entries[pos].rank),
        TieSharing::Hort | TieSharing::Equal => (entries[pos].points, 0),
    };
    let mut groups: Vec<TieGroup> = Vec::new();
    // (list, position) -> (group, kept, share)
    let mut paid: BTreeMap<(ListRef, usize), (Option<usize>, i64)> = BTreeMap::new();
    let mut group_of_prize: BTreeMap<(ListRef, usize), usize> = BTreeMap::new();
    let mut extra: Vec<(ListRef, usize)> = Vec::new();
    for &l in &lists {
        let prizes = list.prizes(l);
        // Holders of this list in standings order: (position, prize index).
        let mut held: Vec<(usize, Option<usize>)> = holder
            .iter()
            .filter(|((hl, _), _)| *hl == l)
            .map(|(&(_, i), &pos)| (pos, Some(i)))
            .collect();
        held.sort_unstable();
        // Tied players past the list's end.
        if let Some(&(last, _)) = held.last() {
            for &pos in &eligible[&l] {
                if pos > last && tie_key(pos) == tie_key(last) && !taken.contains(&key(l, pos)) {
                    taken.insert(key(l, pos));
                    held.push((pos, None));
                    extra.push((l, pos));
                }
            }
        }
        let cash = |i: Option<usize>| {
            i.and_then(|i| prizes[i].award.money())
                .map_or(0, |m| m.minor_units)
        };
        let mut start = 0;
        while start < held.len() {
            let k = tie_key(held[start].0);
            let end = start
                + held[start..]
                    .iter()
                    .take_while(|(pos, _)| tie_key(*pos) == k)
                    .count();
            let run = &held[start..end];
            start = end;
            if run.len() < 2 {
                let (pos, i) = run[0];
                paid.insert((l, pos), (None, cash(i)));
                continue;
            }
            let g = groups.len();
            let prizes_total: i64 = run.iter().map(|&(_, i)| cash(i)).sum();
            let kept: Vec<i64> = run
                .iter()
                .map(|&(_, i)| match sharing {
                    TieSharing::Hort => cash(i).div_euclid(2),
                    TieSharing::ByTieBreaks | TieSharing::Equal => 0,
                })
                .collect();
            let pool = prizes_total - kept.iter().sum::<i64>();
            let n = run.len() as i64;
            let share_each = pool.div_euclid(n);
            let remainder = pool - share_each * n;
            let mut members = Vec::new();
            for (j, &(pos, i)) in run.iter().enumerate() {
                let share = share_each + i64::from((j as i64) < remainder);
                let total = kept[j] + share;
                paid.insert((l, pos), (Some(g), total));
                if let Some(i) = i {
                    group_of_prize.insert((l, i), g);
                }
                members.push(GroupMember {
                    player: entries[pos].pairing_number,
                    place: i.map(|i| prizes[i].place),
                    kept: kept[j],
                    share,
                    total,
                });
            }
            groups.push(TieGroup {
                list: l,
                sharing,
                points: entries[run[0].0].points,
                places: run
                    .iter()
                    .filter_map(|&(_, i)| i.map(|i| prizes[i].place))
                    .collect(),
                prizes_total,
                pool,
                share_each,
                remainder,
                remainder_to: members
                    .iter()
                    .take(remainder as usize)
                    .map(|m| m.player)
                    .collect(),
                members,
                currency: currency.clone(),
            });
        }
    }

    // Per prize.
    let mut outcomes = Vec::new();
    for &l in &lists {
        for (i, p) in list.prizes(l).iter().enumerate() {
            let h = holder.get(&(l, i)).copied();
            let group = group_of_prize.get(&(l, i)).copied();
            let recipients = match (h, group) {
                (None, _) => Vec::new(),
                (Some(pos), None) => vec![entries[pos].pairing_number],
                (Some(pos), Some(g)) => {
                    if p.award.money().is_some() {
                        groups[g].members.iter().map(|m| m.player).collect()
                    } else {
                        vec![entries[pos].pairing_number]
                    }
                }
            };
            outcomes.push(PrizeOutcome {
                list: l,
                place: p.place,
                award: p.award.clone(),
                holder: h.map(|pos| entries[pos].pairing_number),
                group,
                recipients,
            });
        }
    }

    // Per player.
    let mut by_player: BTreeMap<usize, Vec<Received>> = BTreeMap::new();
    for (&(l, i), &pos) in &holder {
        let (group, amount) = paid.get(&(l, pos)).copied().unwrap_or((None, 0));
        let prize = &list.prizes(l)[i];
        by_player.entry(pos).or_default().push(Received {
            list: l,
            place: Some(prize.place),
            prize: Some(prize.award.clone()),
            paid: money(currency.as_ref(), amount, prize.award.money().is_some()),
            group,
        });
    }
    for &(l, pos) in &extra {
        let (group, amount) = paid.get(&(l, pos)).copied().unwrap_or((None, 0));
        by_player.entry(pos).or_default().push(Received {
            list: l,
            place: None,
            prize: None,
            paid: money(currency.as_ref(), amount, false),
            group,
        });
    }
    let players = by_player
        .into_iter()
        .map(|(pos, mut received)| {
            received.sort_by_key(|r| r.list);
            let total = received
                .iter()
                .filter_map(|r| r.paid.as_ref().map(|m| m.minor_units))
                .sum();
            PlayerPrizes {
                player: entries[pos].pairing_number,
                points: entries[pos].points,
                received,
                total,
            }
        })
        .collect();
    Ok(Allocation {
        prizes: outcomes,
        groups,
        players,
        currency,
        event_year,
    })
}

/// The money paid: `None` for nothing paid on a prize in kind (or past the list with nothing).
fn money(currency: Option<&String>, amount: i64, is_money_prize: bool) -> Option<Money> {
    let currency = currency?;
    (is_money_prize || amount != 0).then(|| Money {
        minor_units: amount,
        currency: currency.clone(),
    })
}
