//! Building a team event's matches from the board games, for files that carry only the games
//! (a TRF's `001` records with the teams' rosters).

use std::collections::BTreeMap;

use super::score::primary_of;
use super::{Lineup, TeamEvent, TeamMatch, TeamNumber};
use crate::model::{PairingNumber, RoundNumber, Tournament};
use crate::result::{Colour, ResultCode};

/// A board game of a match: the lower-numbered team's player, the other team's player, and the
/// first one's colour when known.
type Pairing = (PairingNumber, PairingNumber, Option<Colour>);

impl TeamEvent {
    /// Fills each round's matches from the board games of `tournament`, round by round:
    /// - the games between the players of two teams make one match (games between players of
    ///   one team, or of players in no team, are ignored);
    /// - the first-named team is the one whose player has
    ///   [`TeamSettings::first_team_colour`](super::TeamSettings::first_team_colour)`(1)` on the
    ///   match's top board (the game of the players highest on their rosters); when colours are
    ///   unknown, the team with the smaller number;
    /// - a missing line-up is set from the games: the team's players of the match in roster
    ///   order on boards 1, 2, ..., empty boards last;
    /// - tables are numbered by the primary score before the round (the better-placed team of
    ///   each match, then the other), then by the smaller team number;
    /// - a team whose player received the pairing-allocated bye (`U`) and that plays no match
    ///   receives the team's bye.
    ///
    /// Matches declared forfeited (TRF-2026 `330`) are kept, and their teams are not paired
    /// again; every other match of a round with games is replaced.
    pub fn derive_matches(&mut self, tournament: &Tournament) {
        let members = self.membership();
        for round in &tournament.rounds {
            let number: RoundNumber = round.number;
            let place = |team: TeamNumber, p: PairingNumber| {
                self.team(team)
                    .and_then(|t| t.roster.iter().position(|q| *q == p))
                    .unwrap_or(usize::MAX)
            };
            let kept: Vec<TeamMatch> = self
                .round(number)
                .map(|r| {
                    r.matches
                        .iter()
                        .filter(|m| m.forfeit.is_some())
                        .cloned()
                        .collect()
                })
                .unwrap_or_default();
            let busy = |t: TeamNumber| kept.iter().any(|m| m.first == t || m.second == t);
            // (low team, high team) -> games as (low team's player, high team's player, low's colour)
            let mut groups: BTreeMap<(TeamNumber, TeamNumber), Vec<Pairing>> = BTreeMap::new();
            for g in &round.games {
                let (Some(&a), Some(&b)) = (members.get(&g.white), members.get(&g.black)) else {
                    continue;
                };
                if a == b || busy(a) || busy(b) {
                    continue;
                }
                let known = g.colours_known.then_some(Colour::White);
                if a < b {
                    groups
                        .entry((a, b))
                        .or_default()
                        .push((g.white, g.black, known));
                } else {
                    groups.entry((b, a)).or_default().push((
                        g.black,
                        g.white,
                        known.map(Colour::opposite),
                    ));
                }
            }
            let scores = self.scores_after_round(tournament, number.saturating_sub(1));
            let primary = |t: TeamNumber| {
                scores.get(&t).map_or(crate::points::Points::ZERO, |s| {
                    primary_of(&self.settings, *s)
                })
            };
            let top = self.settings.first_team_colour(1);
            let mut matches: Vec<TeamMatch> = Vec::new();
            let mut lineups: Vec<(TeamNumber, Lineup)> = Vec::new();
            for ((a, b), games) in &groups {
                let board_one = games
                    .iter()
                    .min_by_key(|(pa, pb, _)| (place(*a, *pa).min(place(*b, *pb)), *pa));
                let a_first = match board_one.and_then(|g| g.2) {
                    Some(c) => c == top,
                    None => true,
                };
                let (first, second) = if a_first { (*a, *b) } else { (*b, *a) };
                matches.push(TeamMatch::new(0, first, second));
                for (team, side) in [(*a, 0usize), (*b, 1usize)] {
                    let mut players: Vec<PairingNumber> = games
                        .iter()
                        .map(|g| if side == 0 { g.0 } else { g.1 })
                        .collect();
                    players.sort_by_key(|p| (place(team, *p), *p));
                    let mut boards: Vec<Option<PairingNumber>> =
                        players.into_iter().map(Some).collect();
                    boards.resize(usize::from(self.settings.boards).max(boards.len()), None);
                    lineups.push((
                        team,
                        Lineup {
                            boards,
                            submitted_by: None,
                        },
                    ));
                }
            }
            matches.sort_by(|x, y| {
                let key = |m: &TeamMatch| {
                    let (s1, s2) = (primary(m.first), primary(m.second));
                    (
                        s1.max(s2),
                        s1.min(s2),
                        std::cmp::Reverse(m.first.min(m.second)),
                    )
                };
                key(y).cmp(&key(x))
            });
            let mut all: Vec<TeamMatch> = kept;
            all.extend(matches);
            for (i, m) in all.iter_mut().enumerate() {
                m.table = u16::try_from(i + 1).unwrap_or(u16::MAX);
            }
            let bye = round
                .byes
                .iter()
                .filter(|b| b.code == ResultCode::Pab)
                .filter_map(|b| members.get(&b.player).copied())
                .find(|t| !all.iter().any(|m| m.first == *t || m.second == *t));
            // Later rounds' table order reads the scores of this one.
            let r = self.round_mut(number);
            r.matches = all;
            if bye.is_some() {
                r.bye = bye;
            }
            for (team, l) in lineups {
                r.lineups.entry(team).or_insert(l);
            }
        }
    }
}
