//! One round of a generated team event: the byes and absences known before pairing (`240`),
//! and once the round is paired, its forfeited matches (`330`), line-ups (reserves, empty
//! boards, boards out of roster order: `300`) and board results from the ratings.

use super::config::TeamGeneratorConfig;
use crate::generator::dice::Dice;
use crate::model::{Bye, Game, PairingNumber, Round, RoundNumber, RoundState, Tournament};
use crate::result::{Colour, GameResult, ResultCode};
use crate::team::{Lineup, MatchForfeit, Team, TeamEvent, TeamMatch, TeamNumber};

/// Records each team's bye or absence before pairing round `round` (`Z` at the absence rates,
/// else `H`, else `F`), keeping at least two teams to pair.
pub(super) fn byes_before_pairing(
    c: &TeamGeneratorConfig,
    event: &mut TeamEvent,
    round: RoundNumber,
    dice: &mut Dice,
) {
    let absent = if round == 1 {
        c.absent_round1_rate
    } else {
        c.absent_rate
    };
    let numbers: Vec<TeamNumber> = event.teams.iter().map(|t| t.number).collect();
    let mut present = numbers.len();
    for team in numbers {
        let code = if dice.percent(absent) {
            ResultCode::ZeroBye
        } else if dice.percent(c.half_bye_rate) {
            ResultCode::HalfBye
        } else if dice.percent(c.full_bye_rate) {
            ResultCode::FullBye
        } else {
            continue;
        };
        if present > 2 {
            event.set_bye_before_pairing(team, round, Some(code));
            present -= 1;
        }
    }
}

/// A team's line-up for a match: its regular boards in roster order, a reserve or two playing
/// instead now and then (roster order kept); at `empty_board_rate` one board left empty (the
/// last one usually, another one in a board of three), at `out_of_order_rate` two neighbouring
/// players swapped.
fn lineup(
    c: &TeamGeneratorConfig,
    team: &Team,
    boards: usize,
    dice: &mut Dice,
) -> Vec<Option<PairingNumber>> {
    let mut chosen: Vec<usize> = (0..boards.min(team.roster.len())).collect();
    let reserves = team.roster.len().saturating_sub(boards);
    if reserves > 0 && dice.percent(25.0) {
        let resting = 1 + dice.index(reserves.min(2));
        for k in 0..resting {
            let out = dice.index(chosen.len());
            chosen.remove(out);
            chosen.push(boards + k);
        }
        chosen.sort_unstable();
    }
    let mut l: Vec<Option<PairingNumber>> = chosen
        .iter()
        .map(|&i| team.roster.get(i).copied())
        .collect();
    l.resize(boards, None);
    if boards >= 2 && dice.percent(c.empty_board_rate) {
        let at = if dice.percent(66.0) {
            boards - 1
        } else {
            dice.index(boards)
        };
        l[at] = None;
    }
    if boards >= 2 && dice.percent(c.out_of_order_rate) {
        let i = dice.index(boards - 1);
        if l[i].is_some() && l[i + 1].is_some() {
            l.swap(i, i + 1);
        }
    }
    l
}

/// A game's result from the two ratings: a forfeit at `board_forfeit_rate` (either side alike)
/// unless `played` asks for a game over the board; else with `e` White's Elo expectation, a
/// draw with probability `draw_rate × (1 - |2e - 1|)` and a White win with `e - draw / 2`.
fn result(
    c: &TeamGeneratorConfig,
    white: f64,
    black: f64,
    played: bool,
    dice: &mut Dice,
) -> GameResult {
    if !played && dice.percent(c.board_forfeit_rate) {
        return if dice.unit() < 0.5 {
            GameResult::new(ResultCode::ForfeitWin, ResultCode::ForfeitLoss)
        } else {
            GameResult::new(ResultCode::ForfeitLoss, ResultCode::ForfeitWin)
        };
    }
    let e = 1.0 / (1.0 + 10f64.powf((black - white) / 400.0));
    let draw = c.draw_rate / 100.0 * (1.0 - (2.0 * e - 1.0).abs());
    let x = dice.unit();
    if x < e - draw / 2.0 {
        GameResult::new(ResultCode::Win, ResultCode::Loss)
    } else if x < e + draw / 2.0 {
        GameResult::new(ResultCode::Draw, ResultCode::Draw)
    } else {
        GameResult::new(ResultCode::Loss, ResultCode::Win)
    }
}

/// Plays one match: line-ups (a board with both players at least, so that the match is no
/// forfeited one), games with the board colours of the event, a forfeit win for a player
/// whose opponent's board is empty; at least one game is played over the board.
fn play_match(
    c: &TeamGeneratorConfig,
    t: &Tournament,
    event: &TeamEvent,
    m: &TeamMatch,
    dice: &mut Dice,
    out: &mut (Round, Vec<(TeamNumber, Lineup)>),
) {
    let s = &event.settings;
    let boards = usize::from(s.boards);
    let (Some(a), Some(b)) = (event.team(m.first), event.team(m.second)) else {
        return;
    };
    let mut la = lineup(c, a, boards, dice);
    let mut lb = lineup(c, b, boards, dice);
    if !la.iter().zip(&lb).any(|(x, y)| x.is_some() && y.is_some()) {
        la = lineup_full(a, boards);
        lb = lineup_full(b, boards);
    }
    let rating = |pn: PairingNumber| f64::from(t.player(pn).and_then(|p| p.rating).unwrap_or(1500));
    let first_game = la
        .iter()
        .zip(&lb)
        .position(|(x, y)| x.is_some() && y.is_some());
    for (k, (x, y)) in la.iter().zip(&lb).enumerate() {
        let board = u8::try_from(k + 1).unwrap_or(u8::MAX);
        match (*x, *y) {
            (Some(x), Some(y)) => {
                let (white, black) = match s.first_team_colour(board) {
                    Colour::White => (x, y),
                    Colour::Black => (y, x),
                };
                let played = first_game == Some(k);
                let mut g = Game::new(
                    white,
                    black,
                    result(c, rating(white), rating(black), played, dice),
                );
                g.board = Some(s.global_board(m.table, board));
                out.0.games.push(g);
            }
            (Some(alone), None) | (None, Some(alone)) => {
                out.0.byes.push(Bye::new(alone, ResultCode::ForfeitWin));
            }
            (None, None) => {}
        }
    }
    for (team, boards) in [(m.first, la), (m.second, lb)] {
        out.1.push((
            team,
            Lineup {
                boards,
                submitted_by: None,
            },
        ));
    }
}

/// The regular boards in roster order.
fn lineup_full(team: &Team, boards: usize) -> Vec<Option<PairingNumber>> {
    let mut l: Vec<Option<PairingNumber>> =
        team.roster.iter().take(boards).copied().map(Some).collect();
    l.resize(boards, None);
    l
}

/// Plays paired round `round`: each match forfeited as a whole at `forfeit_match_rate` (the
/// three kinds alike), else played board by board; the round's games and forfeit wins go into
/// the tournament (in the order a TRF reader finds them: by the lower pairing number), the
/// line-ups into the team round.
pub(super) fn play_round(
    c: &TeamGeneratorConfig,
    t: &mut Tournament,
    event: &mut TeamEvent,
    round: RoundNumber,
    dice: &mut Dice,
) {
    let mut out = (Round::new(round), Vec::new());
    let matches = event
        .round(round)
        .map(|r| r.matches.clone())
        .unwrap_or_default();
    let mut forfeits = Vec::new();
    for m in &matches {
        if dice.percent(c.forfeit_match_rate) {
            let kind = [
                MatchForfeit::FirstWins,
                MatchForfeit::SecondWins,
                MatchForfeit::Both,
            ][dice.index(3)];
            forfeits.push((m.table, kind));
            continue;
        }
        play_match(c, t, event, m, dice, &mut out);
    }
    let (mut r, lineups) = out;
    let tr = event.round_mut(round);
    for m in &mut tr.matches {
        m.forfeit = forfeits.iter().find(|f| f.0 == m.table).map(|f| f.1);
    }
    tr.lineups = lineups.into_iter().collect();
    r.games.sort_by_key(|g| g.white.min(g.black));
    r.byes.sort_by_key(|b| b.player);
    r.state = if r.games.is_empty() {
        RoundState::Planned
    } else {
        RoundState::Complete
    };
    t.rounds.push(r);
}
