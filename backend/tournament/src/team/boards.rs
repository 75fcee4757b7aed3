//! Board by board: what happened on each board of a match ([`TeamEvent::match_boards`]), and
//! the board standings for board prizes ([`board_standings`]).
//!
//! Board `k` of a match is the `k`-th place of each team's line-up for the round
//! ([`TeamRound::lineups`](super::TeamRound)); without a line-up, a team's players in the match
//! are put on boards in roster order (the rule a line-up must follow anyway, C.04.6 and the
//! regulations of the event: no player sits above a player listed higher on the roster).
//!
//! Board prizes: the regulations of team events (Olympiad, European Team Championship) rank
//! the players of each board by their performance rating (C.07 Art. 10.2: the average rating of
//! the opponents plus the B.02 table value for the score percentage) among those who played at
//! least a minimum number of games on that board; [`board_standings`] orders by percentage
//! score first when asked ([`BoardOrder::Percentage`]), then performance rating, then games.

use std::cmp::Ordering;

use serde::{Deserialize, Serialize};

use super::{TeamEvent, TeamMatch, TeamNumber};
use crate::model::{PairingNumber, RoundNumber, Tournament};
use crate::points::Points;
use crate::result::ResultCode;
use crate::tiebreak::rating;

/// One board of a match, from the first-named team's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardGame {
    /// The board, from 1.
    pub board: u8,
    /// The first-named team's player, if one sat there.
    pub first: Option<PairingNumber>,
    /// The second-named team's player, if one sat there.
    pub second: Option<PairingNumber>,
    /// The first-named team's result code.
    pub first_code: ResultCode,
    /// The second-named team's result code.
    pub second_code: ResultCode,
}

impl TeamEvent {
    /// The board a player sat on in a round: his place in the team's line-up, else his place
    /// among the team's players of the match taken in roster order.
    fn board_of(
        &self,
        round: RoundNumber,
        team: TeamNumber,
        player: PairingNumber,
        in_match: &[PairingNumber],
    ) -> Option<u8> {
        if let Some(l) = self.round(round).and_then(|r| r.lineups.get(&team)) {
            if let Some(i) = l.boards.iter().position(|p| *p == Some(player)) {
                return u8::try_from(i + 1).ok();
            }
        }
        let roster = &self.teams.iter().find(|t| t.number == team)?.roster;
        let place = |p: &PairingNumber| roster.iter().position(|q| q == p).unwrap_or(usize::MAX);
        let mut mine: Vec<PairingNumber> = in_match.to_vec();
        mine.sort_by_key(|p| (place(p), *p));
        let i = mine.iter().position(|p| *p == player)?;
        u8::try_from(i + 1).ok()
    }

    /// The boards of a match that was not forfeited as a whole: each game between the two
    /// teams' players and each forfeit win (`+` without opponent) of a player whose opponent's
    /// board was empty, by board. Boards nobody sat on are left out.
    #[must_use]
    pub fn match_boards(
        &self,
        tournament: &Tournament,
        round: RoundNumber,
        m: &TeamMatch,
    ) -> Vec<BoardGame> {
        let members = self.membership();
        let side = |pn: PairingNumber| members.get(&pn).copied();
        let Some(r) = tournament.round(round) else {
            return Vec::new();
        };
        // (first player, second player, first code, second code)
        let mut entries: Vec<(
            Option<PairingNumber>,
            Option<PairingNumber>,
            ResultCode,
            ResultCode,
        )> = Vec::new();
        for g in &r.games {
            let (w, b) = (side(g.white), side(g.black));
            if w == Some(m.first) && b == Some(m.second) {
                entries.push((Some(g.white), Some(g.black), g.result.white, g.result.black));
            } else if w == Some(m.second) && b == Some(m.first) {
                entries.push((Some(g.black), Some(g.white), g.result.black, g.result.white));
            }
        }
        for b in &r.byes {
            if b.code != ResultCode::ForfeitWin {
                continue;
            }
            match side(b.player) {
                Some(t) if t == m.first => {
                    entries.push((Some(b.player), None, b.code, ResultCode::ForfeitLoss));
                }
                Some(t) if t == m.second => {
                    entries.push((None, Some(b.player), ResultCode::ForfeitLoss, b.code));
                }
                _ => {}
            }
        }
        let firsts: Vec<PairingNumber> = entries.iter().filter_map(|e| e.0).collect();
        let seconds: Vec<PairingNumber> = entries.iter().filter_map(|e| e.1).collect();
        let mut out: Vec<BoardGame> = entries
            .into_iter()
            .map(|(f, s, fc, sc)| {
                let board = f
                    .and_then(|p| self.board_of(round, m.first, p, &firsts))
                    .or_else(|| s.and_then(|p| self.board_of(round, m.second, p, &seconds)))
                    .unwrap_or(0);
                BoardGame {
                    board,
                    first: f,
                    second: s,
                    first_code: fc,
                    second_code: sc,
                }
            })
            .collect();
        out.sort_by_key(|b| b.board);
        out
    }

    /// A team's game points on each board in a round (index 0 = board 1), as the board
    /// tie-breaks read them (C.07 Art. 12): the boards of a played match; every board scores a
    /// forfeit win for the winner of a forfeited match; the pairing-allocated bye spreads its
    /// game points over the boards from board 1, a win's points a board
    /// ([`TeamSettings::bye_game_points`](super::TeamSettings)); nothing when absent.
    /// The flag of each board says whether it was won over the board.
    #[must_use]
    pub fn board_points(
        &self,
        tournament: &Tournament,
        team: TeamNumber,
        round: RoundNumber,
    ) -> Vec<(Points, bool)> {
        let boards = usize::from(self.settings.boards);
        let mut out = vec![(Points::ZERO, false); boards];
        let Some(r) = self.round(round) else {
            return out;
        };
        let scoring = &tournament.scoring;
        if r.bye == Some(team) {
            let mut left = self.settings.bye_game_points.tenths();
            let win = scoring.win.tenths().max(1);
            for slot in &mut out {
                let p = left.min(win);
                slot.0 = Points::from_tenths(p);
                left -= p;
            }
            return out;
        }
        let Some(m) = r.match_of(team) else {
            return out;
        };
        let first = m.first == team;
        if let Some(f) = m.forfeit {
            let won = matches!(
                (f, first),
                (super::MatchForfeit::FirstWins, true) | (super::MatchForfeit::SecondWins, false)
            );
            if won {
                for slot in &mut out {
                    slot.0 = scoring.forfeit_win;
                }
            }
            return out;
        }
        for b in self.match_boards(tournament, round, m) {
            let code = if first { b.first_code } else { b.second_code };
            if let Some(slot) = usize::from(b.board)
                .checked_sub(1)
                .and_then(|i| out.get_mut(i))
            {
                slot.0 = slot.0.saturating_add(scoring.points(code));
                slot.1 = code == ResultCode::Win;
            }
        }
        out
    }
}

/// How [`board_standings`] orders the players of a board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum BoardOrder {
    /// Performance rating first (C.07 Art. 10.2; the Olympiad's board prizes), then percentage,
    /// then games played.
    #[default]
    Performance,
    /// Percentage score first, then performance rating, then games played.
    Percentage,
}

/// One player's line in a board's standings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardRow {
    /// Place on the board (ties share it); players below the minimum of games are not ranked.
    pub rank: Option<u32>,
    /// The player.
    pub player: PairingNumber,
    /// His name.
    pub name: String,
    /// His team.
    pub team: TeamNumber,
    /// Points scored on this board (forfeits included).
    pub points: Points,
    /// Rounds on this board with a result (games and forfeits).
    pub rounds: u32,
    /// Games played over the board against an opponent.
    pub games: u32,
    /// `points / rounds` in hundredths of a percent (`6667` = 66.67%), rounded half up.
    pub percentage: u32,
    /// The average rating of the rated opponents of the games played (C.07 Art. 10.1, rounded
    /// half up); `None` without a game against a rated opponent.
    #[serde(default)]
    pub average_opponent_rating: Option<i64>,
    /// Performance rating over the games played (C.07 Art. 10.2, B.02 table); `None` without
    /// a game against a rated opponent.
    pub performance: Option<i64>,
    /// Whether he reached the minimum of games for a board prize.
    pub eligible: bool,
}

/// The standings of one board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardStandings {
    /// The board, from 1.
    pub board: u8,
    /// Its players, ranked first, then those below the minimum of games.
    pub rows: Vec<BoardRow>,
}

/// A player's points on a board in tenths, his rounds there, and his rated games (the
/// opponent's rating, the rating points in tenths).
type Tally = (u32, u32, Vec<(i64, i64)>);

/// Board standings after round `after` (all rounds when `None`): for every board, the players
/// who sat on it, their points, rounds, games, percentage and performance rating. A player who
/// played on two boards has a line on each. Players with fewer than `min_games` rounds on the
/// board are listed unranked.
#[must_use]
pub fn board_standings(
    t: &Tournament,
    event: &TeamEvent,
    after: Option<RoundNumber>,
    min_games: u32,
    order: BoardOrder,
) -> Vec<BoardStandings> {
    let last = after.unwrap_or_else(|| event.last_round());
    let members = event.membership();
    let rating_of = |p: PairingNumber| {
        t.player(p)
            .and_then(|pl| pl.rating)
            .filter(|r| *r > 0)
            .map(i64::from)
    };
    let mut acc: std::collections::BTreeMap<(u8, PairingNumber), Tally> =
        std::collections::BTreeMap::new();
    for round in 1..=last {
        let Some(r) = event.round(round) else {
            continue;
        };
        for m in r.matches.iter().filter(|m| m.forfeit.is_none()) {
            for b in event.match_boards(t, round, m) {
                for (me, code, opp) in [
                    (b.first, b.first_code, b.second),
                    (b.second, b.second_code, b.first),
                ] {
                    let Some(me) = me else { continue };
                    if code == ResultCode::Blank {
                        continue;
                    }
                    let e = acc.entry((b.board, me)).or_default();
                    e.0 += t.scoring.points(code).tenths();
                    e.1 += 1;
                    if code.is_played() {
                        if let Some(o) = opp.and_then(rating_of) {
                            let rp = match code {
                                ResultCode::Win => 10,
                                ResultCode::Draw => 5,
                                _ => 0,
                            };
                            e.2.push((o, rp));
                        }
                    }
                }
            }
        }
    }
    let mut boards: Vec<BoardStandings> = Vec::new();
    for ((board, player), (pts, rounds, games)) in acc {
        let ratings: Vec<i64> = games.iter().map(|g| g.0).collect();
        let score: i64 = games.iter().map(|g| g.1).sum();
        let win = i64::from(t.scoring.win.tenths().max(1));
        let row = BoardRow {
            rank: None,
            player,
            name: t.player(player).map(|p| p.name.clone()).unwrap_or_default(),
            team: members.get(&player).copied().unwrap_or(0),
            points: Points::from_tenths(pts),
            rounds,
            games: u32::try_from(games.len()).unwrap_or(u32::MAX),
            percentage: u32::try_from(rating::div_half_up(
                i64::from(pts) * 10_000,
                i64::from(rounds.max(1)) * win,
            ))
            .unwrap_or(0),
            average_opponent_rating: rating::aro(&ratings),
            performance: rating::tpr(score, &ratings),
            eligible: rounds >= min_games,
        };
        match boards.iter_mut().find(|b| b.board == board) {
            Some(b) => b.rows.push(row),
            None => boards.push(BoardStandings {
                board,
                rows: vec![row],
            }),
        }
    }
    let key = |a: &BoardRow, b: &BoardRow| -> Ordering {
        let perf = b.performance.cmp(&a.performance);
        let pct = b.percentage.cmp(&a.percentage);
        let first = match order {
            BoardOrder::Performance => perf.then(pct),
            BoardOrder::Percentage => pct.then(perf),
        };
        first.then(b.games.cmp(&a.games))
    };
    for b in &mut boards {
        b.rows.sort_by(|x, y| {
            y.eligible
                .cmp(&x.eligible)
                .then_with(|| key(x, y))
                .then(x.player.cmp(&y.player))
        });
        let mut prev: Option<usize> = None;
        for i in 0..b.rows.len() {
            if !b.rows[i].eligible {
                break;
            }
            let rank = match prev {
                Some(p) if key(&b.rows[p], &b.rows[i]) == Ordering::Equal => b.rows[p].rank,
                _ => u32::try_from(i + 1).ok(),
            };
            b.rows[i].rank = rank;
            prev = Some(i);
        }
    }
    boards
}
