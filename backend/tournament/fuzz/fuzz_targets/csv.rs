//! Reading any bytes as a players' CSV or a teams' CSV never panics; what reads, written back by
//! Arbiter's own export, reads again to the same players and teams.
#![no_main]

use arbiter_tournament::Tournament;
use arbiter_tournament::csv_io::{export_players, export_teams, import_players, import_teams};
use arbiter_tournament::team::{TeamEvent, TeamSettings};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(players) = import_players(data, &[]) {
        let mut out = Vec::new();
        export_players(&players, &mut out).expect("writing to memory cannot fail");
        let again = import_players(&out, &[]).expect("what Arbiter writes reads back");
        assert_eq!(again, players, "{}", String::from_utf8_lossy(&out));
    }
    if let Ok(import) = import_teams(data, &[], &[]) {
        let mut event = TeamEvent::new(TeamSettings::new(4));
        event.teams = import.teams.clone();
        let t = Tournament {
            players: import.players.clone(),
            team: Some(event),
            ..Tournament::default()
        };
        let mut out = Vec::new();
        export_teams(&t, &mut out).expect("writing to memory cannot fail");
        let again = import_teams(&out, &[], &[]).expect("what Arbiter writes reads back");
        // The warnings are not compared: a date that did not read was dropped with one, and what
        // is written back has none. Nor are the teams' ids: each read gives a new team a new id
        // (its identity in the database), not something the file holds.
        let unidentified = |teams: Vec<arbiter_tournament::team::Team>| {
            teams
                .into_iter()
                .map(|mut t| {
                    t.id = Default::default();
                    t
                })
                .collect::<Vec<_>>()
        };
        assert_eq!(
            (again.players, unidentified(again.teams)),
            (import.players, unidentified(import.teams)),
            "{}",
            String::from_utf8_lossy(&out)
        );
    }
});
