//! Unit tests of `organizer`.

use super::*;
use crate::queries::create_tournament;
use crate::queries::time_zone;
use crate::testing::TestDb;
use arbiter_tournament::{Game, GameResult, Tournament};

fn event(db: &TestDb) -> Uuid {
    let t = Tournament {
        name: Some("Test".into()),
        players: (1..=4).map(|i| Player::new(i, format!("P, {i}"))).collect(),
        ..Tournament::default()
    };
    create_tournament(
        &mut db.pool.get().unwrap(),
        &t,
        None,
        &Actor::system("t"),
        "create",
    )
    .unwrap()
}

fn round1() -> Round {
    Round {
        number: 1,
        games: vec![
            Game::new(1, 3, GameResult::pending()),
            Game::new(4, 2, GameResult::pending()),
        ],
        ..Round::default()
    }
}

#[test]
fn pairing_is_stored_published_and_guarded() {
    for db in TestDb::all() {
        let id = event(&db);
        let c = &mut db.pool.get().unwrap();
        let a = Actor::system("t");
        let seen = tournament_row(c, id).unwrap().unwrap().updated_at;
        store_pairing(c, id, &round1(), seen, None, &a).unwrap();
        // The same submission again: stale.
        assert!(matches!(
            store_pairing(c, id, &round1(), seen, None, &a),
            Err(ChangeError::Stale)
        ));
        let t = load_tournament(c, id).unwrap().unwrap().tournament;
        assert_eq!(t.rounds[0].state, RoundState::Paired);
        assert_eq!(t.rounds[0].games.len(), 2);
        // Re-pair by hand, with a note kept as a ### record.
        let seen = tournament_row(c, id).unwrap().unwrap().updated_at;
        let mut edited = round1();
        edited.games[0] = Game::new(1, 2, GameResult::pending());
        edited.games[1] = Game::new(4, 3, GameResult::pending());
        store_pairing(c, id, &edited, seen, Some("round 1 edited by t"), &a).unwrap();
        let t = load_tournament(c, id).unwrap().unwrap().tournament;
        assert_eq!(t.rounds[0].games[0].black, 2);
        assert_eq!(t.other_records[0].line, "### round 1 edited by t");
        publish_round(c, id, 1, &a).unwrap();
        assert!(matches!(
            publish_round(c, id, 1, &a),
            Err(ChangeError::NotAllowed(_))
        ));
        let seen = tournament_row(c, id).unwrap().unwrap().updated_at;
        assert!(matches!(
            store_pairing(c, id, &round1(), seen, None, &a),
            Err(ChangeError::NotAllowed(_))
        ));
        assert!(matches!(
            unpair_round(c, id, 1, &a),
            Err(ChangeError::NotAllowed(_))
        ));
    }
}

#[test]
fn requested_byes_survive_unpairing() {
    for db in TestDb::all() {
        let id = event(&db);
        let c = &mut db.pool.get().unwrap();
        let a = Actor::system("t");
        request_bye(c, id, 1, 2, Some(ResultCode::HalfBye), &a).unwrap();
        assert!(matches!(
            request_bye(c, id, 1, 9, Some(ResultCode::HalfBye), &a),
            Err(ChangeError::NotFound(_))
        ));
        assert!(matches!(
            request_bye(c, id, 1, 3, Some(ResultCode::Pab), &a),
            Err(ChangeError::NotAllowed(_))
        ));
        let seen = tournament_row(c, id).unwrap().unwrap().updated_at;
        let mut r = round1();
        r.games = vec![Game::new(1, 3, GameResult::pending())];
        r.byes = vec![
            Bye::new(2, ResultCode::HalfBye),
            Bye::new(4, ResultCode::Pab),
        ];
        store_pairing(c, id, &r, seen, None, &a).unwrap();
        assert!(matches!(
            request_bye(c, id, 1, 3, Some(ResultCode::HalfBye), &a),
            Err(ChangeError::NotAllowed(_))
        ));
        unpair_round(c, id, 1, &a).unwrap();
        let t = load_tournament(c, id).unwrap().unwrap().tournament;
        assert_eq!(t.rounds[0].state, RoundState::Planned);
        assert!(t.rounds[0].games.is_empty());
        assert_eq!(t.rounds[0].byes, vec![Bye::new(2, ResultCode::HalfBye)]);
        request_bye(c, id, 1, 2, None, &a).unwrap();
        let t = load_tournament(c, id).unwrap().unwrap().tournament;
        assert!(t.rounds[0].byes.is_empty());
    }
}

#[test]
fn bulk_registration_and_withdrawal() {
    for db in TestDb::all() {
        let id = event(&db);
        let c = &mut db.pool.get().unwrap();
        let a = Actor::system("t");
        let added = add_players(
            c,
            id,
            &[Player::new(77, "New, One"), Player::new(1, "New, Two")],
            &a,
        )
        .unwrap();
        assert_eq!(
            added.iter().map(|p| p.pairing_number).collect::<Vec<_>>(),
            vec![5, 6]
        );
        assert!(added.iter().all(|p| p.status == PlayerStatus::Active));
        let seen = tournament_row(c, id).unwrap().unwrap().updated_at;
        store_pairing(c, id, &round1(), seen, None, &a).unwrap();
        let late = add_players(c, id, &[Player::new(0, "Late, Comer")], &a).unwrap();
        assert_eq!(late[0].status, PlayerStatus::LateEntry);
        set_player_status(c, id, 3, PlayerStatus::Withdrawn, &a).unwrap();
        assert!(matches!(
            set_player_status(c, id, 99, PlayerStatus::Withdrawn, &a),
            Err(ChangeError::NotFound(_))
        ));
        let t = load_tournament(c, id).unwrap().unwrap().tournament;
        assert_eq!(t.players.len(), 7);
        assert_eq!(t.player(3).unwrap().status, PlayerStatus::Withdrawn);
    }
}

#[test]
fn initial_order_renumbers_players_and_their_byes() {
    for db in TestDb::all() {
        let id = event(&db);
        let c = &mut db.pool.get().unwrap();
        let a = Actor::system("t");
        let mut strong = Player::new(0, "Strong, S");
        strong.rating = Some(2700);
        add_players(c, id, &[strong], &a).unwrap();
        request_bye(c, id, 1, 5, Some(ResultCode::HalfBye), &a).unwrap();
        assert_eq!(rank_players_initially(c, id, &a).unwrap(), 5);
        let t = load_tournament(c, id).unwrap().unwrap().tournament;
        assert_eq!(t.players[0].name, "Strong, S");
        assert_eq!(t.players[0].pairing_number, 1);
        assert_eq!(t.rounds[0].byes, vec![Bye::new(1, ResultCode::HalfBye)]);
        assert_eq!(rank_players_initially(c, id, &a).unwrap(), 0);
        let seen = tournament_row(c, id).unwrap().unwrap().updated_at;
        store_pairing(c, id, &round1(), seen, None, &a).unwrap();
        assert!(matches!(
            rank_players_initially(c, id, &a),
            Err(ChangeError::NotAllowed(_))
        ));
    }
}

#[test]
fn header_edit_is_audited_and_stale_edits_refused() {
    for db in TestDb::all() {
        let id = event(&db);
        let c = &mut db.pool.get().unwrap();
        let a = Actor::system("t");
        let seen = tournament_row(c, id).unwrap().unwrap().updated_at;
        let changes = TournamentChanges {
            name: Some(Some("Renamed".into())),
            rounds_planned: Some(Some(7)),
            ..TournamentChanges::default()
        };
        assert_eq!(time_zone(c, id).unwrap(), None);
        update_tournament(
            c,
            id,
            &changes,
            Some(Some("Europe/Amsterdam")),
            Some(Some("fa")),
            Some(seen),
            &a,
        )
        .unwrap();
        assert!(matches!(
            update_tournament(c, id, &changes, Some(None), Some(None), Some(seen), &a),
            Err(ChangeError::Stale)
        ));
        assert_eq!(
            time_zone(c, id).unwrap().as_deref(),
            Some("Europe/Amsterdam"),
            "a stale edit changes nothing"
        );
        let row = tournament_row(c, id).unwrap().unwrap();
        assert_eq!(row.name.as_deref(), Some("Renamed"));
        assert_eq!(row.rounds_planned, Some(7));
        let audit = crate::audit::audit_entries(c, id).unwrap();
        let edit = audit.iter().find(|e| e.action == "edit").unwrap();
        assert!(edit.before_json.as_deref().unwrap().contains("\"Test\""));
        assert!(edit.after_json.as_deref().unwrap().contains("\"Renamed\""));
        assert!(
            edit.after_json
                .as_deref()
                .unwrap()
                .contains("\"time_zone\":\"Europe/Amsterdam\"")
        );
        assert!(
            edit.after_json
                .as_deref()
                .unwrap()
                .contains("\"language\":\"fa\""),
            "the public pages' language is audited"
        );
        assert_eq!(
            crate::queries::language(c, id).unwrap().as_deref(),
            Some("fa")
        );
        // Back to UTC and the reader's language; `None` leaves each as it is.
        let seen = tournament_row(c, id).unwrap().unwrap().updated_at;
        update_tournament(c, id, &changes, None, None, Some(seen), &a).unwrap();
        assert!(time_zone(c, id).unwrap().is_some());
        assert_eq!(
            load_tournament(c, id).unwrap().unwrap().language.as_deref(),
            Some("fa")
        );
        let seen = tournament_row(c, id).unwrap().unwrap().updated_at;
        update_tournament(c, id, &changes, Some(None), Some(None), Some(seen), &a).unwrap();
        assert_eq!(time_zone(c, id).unwrap(), None);
        assert_eq!(crate::queries::language(c, id).unwrap(), None);
        assert_eq!(load_tournament(c, id).unwrap().unwrap().time_zone, None);
    }
}
