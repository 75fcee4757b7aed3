//! Team numbers 1, 2, ... in order: TRF16's `013` records carry no number (FIDE Handbook C.04
//! Annex 2: a team is numbered by its record's order), so an event whose numbers have gaps (a
//! team removed) is written renumbered, with everything that names its teams.

use std::collections::BTreeMap;

use super::{TeamEvent, TeamNumber};
use crate::model::Tournament;

impl TeamEvent {
    /// Renumbers the teams 1, 2, ... in the order of their numbers, and every reference to them
    /// in the rounds (matches, bye, absent teams, line-ups) and the accelerations (each range to
    /// the new numbers of the teams inside it) with them. TRF16's `013` records carry no number
    /// (FIDE Handbook C.04 Annex 2: a team is numbered by its record's order), so an event whose
    /// numbers have gaps (a team removed) is written renumbered
    /// ([`crate::Tournament::number_teams_by_order`] renumbers the forbidden pairs too). A number
    /// the rounds hold that no team has is left as it is, and so is a range with no team inside.
    /// Returns the map from the old numbers to the new.
    pub fn number_teams_by_order(&mut self) -> BTreeMap<TeamNumber, TeamNumber> {
        self.teams.sort_by_key(|t| t.number);
        let map: BTreeMap<TeamNumber, TeamNumber> = (1..)
            .zip(self.teams.iter_mut())
            .map(|(n, t)| (std::mem::replace(&mut t.number, n), n))
            .collect();
        for a in &mut self.accelerations {
            let mut inside = map.range(a.teams.0..=a.teams.1).map(|(_, n)| *n);
            if let Some(first) = inside.next() {
                a.teams = (first, inside.next_back().unwrap_or(first));
            }
        }
        let new = |n: TeamNumber| map.get(&n).copied().unwrap_or(n);
        for r in &mut self.rounds {
            for m in &mut r.matches {
                m.first = new(m.first);
                m.second = new(m.second);
            }
            r.bye = r.bye.map(new);
            for a in &mut r.absent {
                *a = new(*a);
            }
            r.byes_before_pairing = std::mem::take(&mut r.byes_before_pairing)
                .into_iter()
                .map(|(team, code)| (new(team), code))
                .collect();
            r.lineups = std::mem::take(&mut r.lineups)
                .into_iter()
                .map(|(team, l)| (new(team), l))
                .collect();
        }
        map
    }

    /// Whether the teams are numbered 1, 2, ... (see [`TeamEvent::number_teams_by_order`]).
    #[must_use]
    pub fn teams_numbered_by_order(&self) -> bool {
        let mut numbers: Vec<TeamNumber> = self.teams.iter().map(|t| t.number).collect();
        numbers.sort_unstable();
        (1..).zip(&numbers).all(|(n, &x)| n == x)
    }
}

impl Tournament {
    /// [`TeamEvent::number_teams_by_order`] for the team event, and the forbidden pairs (TRF
    /// `260`/`XXP`, whose numbers are teams in a team event) with it; nothing without one.
    pub fn number_teams_by_order(&mut self) {
        let Some(e) = self.team.as_mut() else {
            return;
        };
        let map = e.number_teams_by_order();
        for fp in &mut self.forbidden_pairs {
            for n in &mut fp.players {
                *n = map.get(n).copied().unwrap_or(*n);
            }
        }
    }
}
