//! Match results and team scores: game points are the sum of the board results under the
//! event's scoring system (Art. 11, an empty board a forfeit on that board), match points follow
//! from comparing the two teams' game points (2/1/0 by default), a forfeited match gives the team
//! that appeared a won match and every board, the pairing-allocated bye the points the
//! regulations set ([`TeamSettings::bye_match_points`], [`TeamSettings::bye_game_points`]).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::{MatchForfeit, TeamEvent, TeamMatch, TeamNumber, TeamSettings};
use crate::model::{RoundNumber, Tournament};
use crate::points::Points;
use crate::result::{Colour, ResultCode};

/// The score of one match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchScore {
    /// The first-named team's game points.
    pub first_game_points: Points,
    /// The second-named team's game points.
    pub second_game_points: Points,
    /// The first-named team's match points (zero while the match is not complete).
    pub first_match_points: Points,
    /// The second-named team's match points (zero while the match is not complete).
    pub second_match_points: Points,
    /// Boards with a result (an empty board counts once decided: a forfeit on that board).
    pub boards_decided: u16,
    /// Whether every board has a result (or the match was forfeited).
    pub complete: bool,
}

impl MatchScore {
    /// The game points of one side: the first-named team's when `first`.
    #[must_use]
    pub const fn game_points(&self, first: bool) -> Points {
        if first {
            self.first_game_points
        } else {
            self.second_game_points
        }
    }

    /// The match points of one side: the first-named team's when `first`.
    #[must_use]
    pub const fn match_points(&self, first: bool) -> Points {
        if first {
            self.first_match_points
        } else {
            self.second_match_points
        }
    }
}

/// What a team did in one round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TeamRoundKind {
    /// A match played over the board (at least one board played), complete.
    Played,
    /// Paired, the match not complete yet.
    Pending,
    /// Won a forfeited match.
    ForfeitWin,
    /// Lost a forfeited match (did not appear).
    ForfeitLoss,
    /// Neither team appeared.
    DoubleForfeit,
    /// The pairing-allocated bye.
    Pab,
    /// Not paired: absent, or the round not yet paired.
    Absent,
    /// A half-point bye asked for before pairing (TRF-2026 `240 H` with the team's number): not
    /// paired, a drawn match's points (match points [`super::MatchPointSystem::draw`], game points a
    /// draw on every board).
    HalfBye,
    /// A full-point bye given before pairing (TRF-2026 `240 F`): not paired, a won match's
    /// points (match points [`super::MatchPointSystem::win`], game points a win on every board).
    FullBye,
}

impl TeamRoundKind {
    /// Whether the match counts as played over the board (for the "no two meetings" rule and for
    /// tie-breaks that skip unplayed rounds).
    #[must_use]
    pub const fn is_played(self) -> bool {
        matches!(self, TeamRoundKind::Played | TeamRoundKind::Pending)
    }
}

/// One team's record in one round, as the pairing and the tie-breaks read it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamRoundRecord {
    /// The round.
    pub round: RoundNumber,
    /// The opponent team, when paired with one (a forfeited match too).
    pub opponent: Option<TeamNumber>,
    /// The team's colour: the colour of its board 1 (the first-named team has
    /// [`TeamSettings::first_team_colour`]`(1)`).
    pub colour: Option<Colour>,
    /// Whether the team was first-named.
    pub first_named: bool,
    /// What happened.
    pub kind: TeamRoundKind,
    /// Match points scored.
    pub match_points: Points,
    /// Game points scored.
    pub game_points: Points,
    /// The opponent's game points in the match (zero without an opponent).
    pub opponent_game_points: Points,
}

impl TeamEvent {
    /// The score of a match in a round: the board games between the two teams' players, and the
    /// forfeit wins (`+` without opponent) of either team's players on boards the other team
    /// left empty.
    #[must_use]
    pub fn match_score(
        &self,
        tournament: &Tournament,
        round: RoundNumber,
        m: &TeamMatch,
    ) -> MatchScore {
        let settings = &self.settings;
        let mp = &settings.match_points;
        let all_boards = Points::from_tenths(
            u32::from(settings.boards) * tournament.scoring.forfeit_win.tenths(),
        );
        if let Some(forfeit) = m.forfeit {
            let (f, s) = match forfeit {
                MatchForfeit::FirstWins => ((mp.win, all_boards), (mp.loss, Points::ZERO)),
                MatchForfeit::SecondWins => ((mp.loss, Points::ZERO), (mp.win, all_boards)),
                MatchForfeit::Both => ((Points::ZERO, Points::ZERO), (Points::ZERO, Points::ZERO)),
            };
            return MatchScore {
                first_game_points: f.1,
                second_game_points: s.1,
                first_match_points: f.0,
                second_match_points: s.0,
                boards_decided: u16::from(settings.boards),
                complete: true,
            };
        }
        let members = self.membership();
        let side = |pn| members.get(&pn).copied();
        let mut first = Points::ZERO;
        let mut second = Points::ZERO;
        let mut decided: u16 = 0;
        let mut pending = false;
        if let Some(r) = tournament.round(round) {
            for g in &r.games {
                let (w, b) = (side(g.white), side(g.black));
                let (first_code, second_code) = if w == Some(m.first) && b == Some(m.second) {
                    (g.result.white, g.result.black)
                } else if w == Some(m.second) && b == Some(m.first) {
                    (g.result.black, g.result.white)
                } else {
                    continue;
                };
                if first_code == ResultCode::Blank && second_code == ResultCode::Blank {
                    pending = true;
                    continue;
                }
                decided += 1;
                first = first.saturating_add(tournament.scoring.points(first_code));
                second = second.saturating_add(tournament.scoring.points(second_code));
            }
            for b in &r.byes {
                if b.code != ResultCode::ForfeitWin {
                    continue;
                }
                let points = tournament.scoring.points(b.code);
                match side(b.player) {
                    Some(t) if t == m.first => first = first.saturating_add(points),
                    Some(t) if t == m.second => second = second.saturating_add(points),
                    _ => continue,
                }
                decided += 1;
            }
        }
        let complete = !pending && decided > 0 && self.boards_settled(round, m, decided);
        let (first_mp, second_mp) = if !complete {
            (Points::ZERO, Points::ZERO)
        } else if first > second {
            (mp.win, mp.loss)
        } else if first < second {
            (mp.loss, mp.win)
        } else {
            (mp.draw, mp.draw)
        };
        MatchScore {
            first_game_points: first,
            second_game_points: second,
            first_match_points: first_mp,
            second_match_points: second_mp,
            boards_decided: decided,
            complete,
        }
    }

    /// Whether the decided boards cover the match: every board when line-ups are known (a board
    /// both teams left empty is settled as nothing for either), else at least one.
    fn boards_settled(&self, round: RoundNumber, m: &TeamMatch, decided: u16) -> bool {
        let Some(r) = self.round(round) else {
            return true;
        };
        let (Some(a), Some(b)) = (r.lineups.get(&m.first), r.lineups.get(&m.second)) else {
            return true;
        };
        let both_empty = a
            .boards
            .iter()
            .zip(&b.boards)
            .filter(|(x, y)| x.is_none() && y.is_none())
            .count();
        usize::from(decided) + both_empty >= usize::from(self.settings.boards)
    }

    /// One team's record in one round.
    #[must_use]
    pub fn team_round(
        &self,
        tournament: &Tournament,
        team: TeamNumber,
        round: RoundNumber,
    ) -> TeamRoundRecord {
        let blank = TeamRoundRecord {
            round,
            opponent: None,
            colour: None,
            first_named: false,
            kind: TeamRoundKind::Absent,
            match_points: Points::ZERO,
            game_points: Points::ZERO,
            opponent_game_points: Points::ZERO,
        };
        let Some(r) = self.round(round) else {
            return self.unpaired(tournament, team, round, blank);
        };
        if r.bye == Some(team) {
            return TeamRoundRecord {
                kind: TeamRoundKind::Pab,
                match_points: self.settings.bye_match_points,
                game_points: self.settings.bye_game_points,
                ..blank
            };
        }
        let Some(m) = r.match_of(team) else {
            return self.unpaired(tournament, team, round, blank);
        };
        let first = m.first == team;
        let score = self.match_score(tournament, round, m);
        let board_one = self.settings.first_team_colour(1);
        let kind = match m.forfeit {
            Some(MatchForfeit::Both) => TeamRoundKind::DoubleForfeit,
            Some(MatchForfeit::FirstWins) if first => TeamRoundKind::ForfeitWin,
            Some(MatchForfeit::SecondWins) if !first => TeamRoundKind::ForfeitWin,
            Some(_) => TeamRoundKind::ForfeitLoss,
            None if score.complete => TeamRoundKind::Played,
            None => TeamRoundKind::Pending,
        };
        TeamRoundRecord {
            round,
            opponent: m.opponent_of(team),
            colour: Some(if first {
                board_one
            } else {
                board_one.opposite()
            }),
            first_named: first,
            kind,
            match_points: score.match_points(first),
            game_points: score.game_points(first),
            opponent_game_points: score.game_points(!first),
        }
    }

    /// The bye or absence known before pairing ([`TeamEvent::bye_before_pairing`], TRF-2026
    /// `240`) of a team not paired in `round`: `H` a drawn match's points, `F` a won match's, `Z`
    /// nothing ([`TeamRoundKind::Absent`]); `blank` when none.
    fn unpaired(
        &self,
        tournament: &Tournament,
        team: TeamNumber,
        round: RoundNumber,
        blank: TeamRoundRecord,
    ) -> TeamRoundRecord {
        let boards = u32::from(self.settings.boards);
        let on_every_board = |p: Points| Points::from_tenths(boards * p.tenths());
        let mp = &self.settings.match_points;
        match self.bye_before_pairing(team, round) {
            Some(ResultCode::HalfBye) => TeamRoundRecord {
                kind: TeamRoundKind::HalfBye,
                match_points: mp.draw,
                game_points: on_every_board(tournament.scoring.draw),
                ..blank
            },
            Some(ResultCode::FullBye) => TeamRoundRecord {
                kind: TeamRoundKind::FullBye,
                match_points: mp.win,
                game_points: on_every_board(tournament.scoring.win),
                ..blank
            },
            _ => blank,
        }
    }

    /// The highest round number with a team round that holds matches or a bye; 0 when none.
    #[must_use]
    pub fn last_round(&self) -> RoundNumber {
        self.rounds
            .iter()
            .filter(|r| !r.matches.is_empty() || r.bye.is_some())
            .map(|r| r.number)
            .max()
            .unwrap_or(0)
    }

    /// A team's records for rounds 1 to [`TeamEvent::last_round`].
    #[must_use]
    pub fn team_rounds(&self, tournament: &Tournament, team: TeamNumber) -> Vec<TeamRoundRecord> {
        (1..=self.last_round())
            .map(|r| self.team_round(tournament, team, r))
            .collect()
    }

    /// Each team's match points and game points after round `after` (inclusive).
    #[must_use]
    pub fn scores_after_round(
        &self,
        tournament: &Tournament,
        after: RoundNumber,
    ) -> BTreeMap<TeamNumber, (Points, Points)> {
        self.teams
            .iter()
            .map(|t| {
                let (mut mp, mut gp) = (Points::ZERO, Points::ZERO);
                for r in 1..=after.min(self.last_round()) {
                    let rec = self.team_round(tournament, t.number, r);
                    mp = mp.saturating_add(rec.match_points);
                    gp = gp.saturating_add(rec.game_points);
                }
                (t.number, (mp, gp))
            })
            .collect()
    }
}

/// The primary score of a (match points, game points) pair under the settings.
#[must_use]
pub fn primary_of(settings: &TeamSettings, scores: (Points, Points)) -> Points {
    match settings.primary {
        super::PrimaryScore::MatchPoints => scores.0,
        super::PrimaryScore::GamePoints => scores.1,
    }
}
