use super::*;
use crate::model::{Bye, Game, Player, Round, Tournament};
use crate::result::{GameResult, ResultCode};

/// Two teams of five (four boards and a reserve): players 1-5 and 6-10, ratings falling.
fn event() -> Tournament {
    let players = (1..=10)
        .map(|pn| Player {
            rating: Some(2500 - 20 * pn),
            ..Player::new(pn, format!("Player {pn}"))
        })
        .collect();
    let mut team = TeamEvent::new(TeamSettings::new(4));
    team.teams = vec![
        Team::new(1, "Alpha", vec![1, 2, 3, 4, 5]),
        Team::new(2, "Beta", vec![6, 7, 8, 9, 10]),
    ];
    team.round_mut(1).matches.push(TeamMatch::new(1, 1, 2));
    Tournament {
        players,
        team: Some(team),
        rounds: vec![Round::new(1)],
        ..Tournament::default()
    }
}

/// The games of match 1 of round 1 from the line-ups, board colours by the settings.
fn seat(t: &mut Tournament, results: &[GameResult]) {
    let team = t.team.clone().unwrap();
    let a = team.lineup(t, 1, 1).boards;
    let b = team.lineup(t, 1, 2).boards;
    let round = &mut t.rounds[0];
    for (k, ((x, y), result)) in a.iter().zip(&b).zip(results).enumerate() {
        let board = u8::try_from(k + 1).unwrap();
        let (white, black) = match team.settings.first_team_colour(board) {
            Colour::White => (x.unwrap(), y.unwrap()),
            Colour::Black => (y.unwrap(), x.unwrap()),
        };
        round.games.push(Game {
            board: Some(team.settings.global_board(1, board)),
            ..Game::new(white, black, result.clone())
        });
    }
}

#[test]
fn colours_alternate_and_boards_number_by_table() {
    let s = TeamSettings::new(4);
    let colours: Vec<Colour> = (1..=6).map(|b| s.first_team_colour(b)).collect();
    use Colour::{Black as B, White as W};
    assert_eq!(colours, [W, B, W, B, W, B]);
    assert_eq!(s.global_board(3, 2), 10);
    assert_eq!(s.table_and_board(10), (3, 2));
    assert_eq!(s.table_and_board(4), (1, 4));
    // The bye: a drawn match (C.04.6 art. 1.4).
    assert_eq!(s.bye_match_points, Points::ONE);
    assert_eq!(s.bye_game_points, Points::from_tenths(20));
}

#[test]
fn team_rating_averages_the_top_boards() {
    let t = event();
    let team = t.team.as_ref().unwrap();
    // Boards 1-4 of Alpha: 2480, 2460, 2440, 2420 -> 2450.
    assert_eq!(team.teams[0].rating(&t, &team.settings), Some(2450));
    let mut settings = team.settings.clone();
    settings.rating_boards = Some(3);
    assert_eq!(team.teams[0].rating(&t, &settings), Some(2460));
}

#[test]
fn match_result_follows_the_boards() {
    let mut t = event();
    // Alpha: board 1 (White) wins, board 2 (Black) draws, board 3 (White) loses, board 4
    // (Black) wins: 2½-1½.
    seat(
        &mut t,
        &[
            GameResult::white_wins(),
            GameResult::draw(),
            GameResult::black_wins(),
            GameResult::black_wins(),
        ],
    );
    let team = t.team.clone().unwrap();
    let m = &team.rounds[0].matches[0];
    let s = team.match_score(&t, 1, m);
    assert!(s.complete);
    assert_eq!(s.first_game_points, Points::from_tenths(25));
    assert_eq!(s.second_game_points, Points::from_tenths(15));
    assert_eq!(s.first_match_points, Points::from_tenths(20));
    assert_eq!(s.second_match_points, Points::ZERO);
    let rec = team.team_round(&t, 2, 1);
    assert_eq!(rec.kind, TeamRoundKind::Played);
    assert_eq!(rec.colour, Some(Colour::Black));
    assert_eq!(rec.opponent, Some(1));
    assert_eq!(
        team.scores_after_round(&t, 1)[&1].0,
        Points::from_tenths(20)
    );
}

#[test]
fn a_pending_board_leaves_the_match_open_and_a_draw_shares_the_points() {
    let mut t = event();
    seat(
        &mut t,
        &[
            GameResult::white_wins(),
            GameResult::white_wins(),
            GameResult::draw(),
            GameResult::pending(),
        ],
    );
    let team = t.team.clone().unwrap();
    let open = team.match_score(&t, 1, &team.rounds[0].matches[0]);
    assert!(!open.complete);
    assert_eq!(open.first_match_points, Points::ZERO);
    assert_eq!(team.team_round(&t, 1, 1).kind, TeamRoundKind::Pending);
    t.rounds[0].games[3].result = GameResult::draw();
    let done = team.match_score(&t, 1, &team.rounds[0].matches[0]);
    assert_eq!(done.first_game_points, Points::from_tenths(20));
    assert_eq!(done.first_match_points, Points::ONE);
    assert_eq!(done.second_match_points, Points::ONE);
}

#[test]
fn an_empty_board_is_a_forfeit_on_that_board() {
    let mut t = event();
    let mut team = t.team.clone().unwrap();
    // Beta fields three players: board 4 empty; Alpha's board-4 player wins by forfeit.
    team.round_mut(1).lineups.insert(
        2,
        Lineup {
            boards: vec![Some(6), Some(7), Some(8), None],
            submitted_by: Some("captain".into()),
        },
    );
    let alpha = team.lineup(&t, 1, 1);
    team.round_mut(1).lineups.insert(1, alpha);
    t.team = Some(team.clone());
    let r = &mut t.rounds[0];
    r.games.push(Game::new(1, 6, GameResult::black_wins()));
    r.games.push(Game::new(7, 2, GameResult::draw()));
    r.games.push(Game::new(3, 8, GameResult::draw()));
    r.byes.push(Bye::new(4, ResultCode::ForfeitWin));
    let s = team.match_score(&t, 1, &team.rounds[0].matches[0]);
    assert!(s.complete);
    assert_eq!(s.boards_decided, 4);
    assert_eq!(s.first_game_points, Points::from_tenths(20));
    assert_eq!(s.first_match_points, Points::ONE);
}

#[test]
fn forfeited_match_and_bye_score_by_the_settings() {
    let mut t = event();
    let mut team = t.team.clone().unwrap();
    team.round_mut(1).matches[0].forfeit = Some(MatchForfeit::SecondWins);
    team.round_mut(2).bye = Some(1);
    t.team = Some(team.clone());
    let one = team.team_round(&t, 1, 1);
    assert_eq!(one.kind, TeamRoundKind::ForfeitLoss);
    assert_eq!(one.match_points, Points::ZERO);
    let two = team.team_round(&t, 2, 1);
    assert_eq!(two.kind, TeamRoundKind::ForfeitWin);
    assert_eq!(two.game_points, Points::from_tenths(40));
    let bye = team.team_round(&t, 1, 2);
    assert_eq!(bye.kind, TeamRoundKind::Pab);
    // The bye: a drawn match (C.04.6 art. 1.4) by default.
    assert_eq!(bye.match_points, Points::ONE);
    assert_eq!(
        team.scores_after_round(&t, 2)[&1],
        (Points::ONE, Points::from_tenths(20))
    );
}

#[test]
fn lineups_follow_the_roster_order() {
    let mut t = event();
    let team = t.team.clone().unwrap();
    let alpha = &team.teams[0];
    let s = &team.settings;
    assert_eq!(
        validate_lineup(&t, alpha, s, &[Some(1), Some(2), Some(3), Some(5)]),
        Ok(())
    );
    assert_eq!(
        validate_lineup(&t, alpha, s, &[Some(1), Some(3), None, None]),
        Ok(())
    );
    assert_eq!(
        validate_lineup(&t, alpha, s, &[Some(2), Some(1), Some(3), Some(4)]),
        Err(LineupError::OutOfOrder {
            board: 2,
            player: 1,
            above: 2,
            above_board: 1
        })
    );
    assert_eq!(
        validate_lineup(&t, alpha, s, &[Some(1), None, Some(3), Some(4)]),
        Err(LineupError::EmptyAboveOccupied {
            board: 2,
            occupied: 3
        })
    );
    assert_eq!(
        validate_lineup(&t, alpha, s, &[Some(1), Some(2), Some(6), None]),
        Err(LineupError::NotOnRoster {
            board: 3,
            player: 6
        })
    );
    assert_eq!(
        validate_lineup(&t, alpha, s, &[Some(1), Some(1), None, None]),
        Err(LineupError::Twice {
            board: 2,
            player: 1,
            first: 1
        })
    );
    assert_eq!(
        validate_lineup(&t, alpha, s, &[Some(1)]),
        Err(LineupError::WrongBoardCount {
            given: 1,
            boards: 4
        })
    );
    t.players[1].status = crate::model::PlayerStatus::Withdrawn;
    assert_eq!(
        validate_lineup(&t, alpha, s, &[Some(1), Some(2), None, None]),
        Err(LineupError::Withdrawn {
            board: 2,
            player: 2
        })
    );
    // The default line-up skips the withdrawn player and brings the reserve in.
    assert_eq!(
        team.lineup(&t, 1, 1).boards,
        [Some(1), Some(3), Some(4), Some(5)]
    );
}

/// Four teams of three (two boards and a reserve): players 1-12.
fn league() -> Tournament {
    let players = (1..=12)
        .map(|pn| Player::new(pn, format!("P{pn}")))
        .collect();
    let mut team = TeamEvent::new(TeamSettings::new(2));
    team.teams = (1..=4)
        .map(|n| Team::new(n, format!("T{n}"), vec![3 * n - 2, 3 * n - 1, 3 * n]))
        .collect();
    Tournament {
        players,
        team: Some(team),
        ..Tournament::default()
    }
}

#[test]
fn a_round_robin_pairs_by_the_berger_table_and_waits_for_results() {
    let mut t = league();
    let mut team = t.team.clone().unwrap();
    let r1 = pair_round_robin(&t, &team, false).unwrap();
    // Berger, four players, round 1: 1-4, 2-3.
    assert_eq!(r1.number, 1);
    assert_eq!(
        r1.matches,
        [TeamMatch::new(1, 1, 4), TeamMatch::new(2, 2, 3)]
    );
    team.rounds.push(r1);
    t.team = Some(team.clone());
    // Boards seated from the roster order: table 1 board 1 is team 1's first player (White),
    // board 2 team 4's second player White.
    let seated = seat_round(&t, &team, 1);
    assert_eq!(seated.games.len(), 4);
    assert_eq!(seated.defaulted.len(), 4);
    let g = &seated.games[1];
    assert_eq!((g.board, g.white, g.black), (Some(2), 11, 2));
    // Not complete: round 2 waits.
    t.rounds = vec![Round {
        games: seated.games.clone(),
        ..Round::new(1)
    }];
    assert_eq!(
        pair_round_robin(&t, &team, false),
        Err(TeamPairError::PreviousRoundOpen { round: 1, table: 1 })
    );
    for g in &mut t.rounds[0].games {
        g.result = GameResult::draw();
    }
    let r2 = pair_round_robin(&t, &team, false).unwrap();
    assert_eq!(r2.number, 2);
    assert_eq!(r2.matches.len(), 2);
    // The first-named team with Black on board 1: the table's White team is named second.
    let mut black_first = team.clone();
    black_first.settings.first_team_colours = alternating_colours(2, Colour::Black);
    black_first.rounds.clear();
    let r1b = pair_round_robin(&Tournament::default(), &black_first, false).unwrap();
    assert_eq!(r1b.matches[0], TeamMatch::new(1, 4, 1));
}

#[test]
fn seating_uses_submitted_lineups_and_empty_boards_become_forfeits() {
    let mut t = league();
    let mut team = t.team.clone().unwrap();
    team.rounds
        .push(pair_round_robin(&t, &team, false).unwrap());
    let r = team.round_mut(1);
    r.lineups.insert(
        1,
        Lineup {
            boards: vec![Some(2), None],
            submitted_by: Some("cap".into()),
        },
    );
    // Team 2's line-up names a player of team 3: set aside, roster order applies.
    r.lineups.insert(
        2,
        Lineup {
            boards: vec![Some(7), Some(4)],
            submitted_by: Some("cap".into()),
        },
    );
    t.team = Some(team.clone());
    let s = seat_round(&t, &team, 1);
    assert_eq!(s.byes, [Bye::new(11, ResultCode::ForfeitWin)]);
    assert_eq!((s.games[0].white, s.games[0].black), (2, 10));
    let reason = s.defaulted.iter().find(|(n, _)| *n == 2).unwrap();
    assert!(reason.1.as_deref().unwrap().contains("not on the roster"));
    assert!(s.defaulted.iter().all(|(n, _)| *n != 1));
}

#[test]
fn a_team_swiss_pairs_by_c046_and_the_next_round_follows_the_results() {
    // Six teams of two boards: players 1-12 (team n has players 2n-1, 2n).
    let players = (1..=12)
        .map(|pn| Player {
            rating: Some(2400 - 10 * pn),
            ..Player::new(pn, format!("P{pn}"))
        })
        .collect();
    let mut team = TeamEvent::new(TeamSettings::new(2));
    team.teams = (1..=6)
        .map(|n| Team::new(n, format!("T{n}"), vec![2 * n - 1, 2 * n]))
        .collect();
    let mut t = Tournament {
        players,
        rounds_planned: Some(3),
        initial_colour: Some(Colour::White),
        team: Some(team.clone()),
        ..Tournament::default()
    };
    // Round 1: the top half against the bottom half (C.04.6 art. 3.6), no bye for six teams.
    let r1 = pair_swiss(&t, &team).unwrap();
    assert_eq!(r1.number, 1);
    assert_eq!(r1.bye, None);
    let mut pairs: Vec<(u16, u16)> = r1
        .matches
        .iter()
        .map(|m| (m.first.min(m.second), m.first.max(m.second)))
        .collect();
    pairs.sort_unstable();
    assert_eq!(pairs, [(1, 4), (2, 5), (3, 6)]);
    team.rounds.push(r1);
    t.team = Some(team.clone());
    let seated = seat_round(&t, &team, 1);
    // The first-named team of each match wins both boards.
    let mut games = seated.games;
    for g in &mut games {
        let first_white = team
            .settings
            .first_team_colour(team.settings.table_and_board(g.board.unwrap()).1)
            == Colour::White;
        g.result = if first_white {
            GameResult::white_wins()
        } else {
            GameResult::black_wins()
        };
    }
    t.rounds = vec![Round {
        games,
        ..Round::new(1)
    }];
    let r2 = pair_swiss(&t, &team).unwrap();
    let winners: Vec<u16> = team.rounds[0].matches.iter().map(|m| m.first).collect();
    // The three winners (2 match points) cannot all meet each other: two of them meet, the
    // third floats down; no rematch.
    let played: Vec<(u16, u16)> = team.rounds[0]
        .matches
        .iter()
        .map(|m| (m.first, m.second))
        .collect();
    for m in &r2.matches {
        assert!(!played.contains(&(m.first, m.second)) && !played.contains(&(m.second, m.first)));
    }
    let winner_pairs = r2
        .matches
        .iter()
        .filter(|m| winners.contains(&m.first) && winners.contains(&m.second))
        .count();
    assert_eq!(winner_pairs, 1);
    // The state the engine saw: match points in tenths, game points doubled.
    let state = pairing_state(&t, &team, 2);
    let top = state
        .teams
        .iter()
        .find(|s| s.pairing_number == winners[0])
        .unwrap();
    assert_eq!(top.history[0].match_points, 20);
    assert_eq!(top.history[0].game_points, 4);
}

#[test]
fn a_192_code_naming_the_primary_score_alone_uses_no_secondary_score_for_colours() {
    // TRF26's tournament-type table: `..._MP_GP` uses game points in the colour allocation,
    // `..._MP` does not (C.04.6 art. 4.2.2: "unless the rules of the competition state not to
    // use it"); `FIDE_TEAM` is `FIDE_TEAM_TYPEA_MP_GP`; without a code, art. 1.2.2 uses it.
    let cases = [
        (None, true),
        (Some("FIDE_TEAM"), true),
        (Some("FIDE_TEAM_TYPEA_MP_GP"), true),
        (Some("FIDE_TEAM_TYPEB_GP_MP_BAKU"), true),
        (Some("FIDE_TEAM_TYPEA_MP"), false),
        (Some("FIDE_TEAM_GP"), false),
        (Some("FIDE_TEAM_TYPEB_MP_BAKU"), false),
    ];
    for (code, used) in cases {
        assert_eq!(secondary_for_colour(code), used, "{code:?}");
        let team = TeamEvent::new(TeamSettings::new(2));
        let t = Tournament {
            pairing_system: code.map(str::to_owned),
            team: Some(team.clone()),
            ..Tournament::default()
        };
        let state = pairing_state(&t, &team, 1);
        assert_eq!(state.use_secondary_for_colour, used, "{code:?}");
    }
}
