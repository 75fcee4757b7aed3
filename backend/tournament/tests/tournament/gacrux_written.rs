//! A team file from FIDE's reference code (`tests/data/gacrux_written/`, see its README) through
//! the tournament crate's doors: read as a team Swiss with no colour preferences (its `192
//! FIDE_TEAM_MP_GP`), every round the one C.04.6 makes, the ranks its `310` records state the
//! ones its `212` list gives, and written back (TRF-2026) as the same event.

use std::path::PathBuf;

use arbiter_tournament::recheck::{Recheck, review_import};
use arbiter_tournament::team::{
    PrimaryScore, TeamColourPreferences, TeamPairingSystem, TeamStandingsOptions, team_standings,
};
use arbiter_tournament::tiebreak::parse_list;
use arbiter_tournament::{TrfVersion, read_trf, write_trf};

fn file() -> Vec<u8> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/gacrux_written/fideteam_nocolor.trf");
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn the_reference_codes_team_file_reads_checks_ranks_and_writes_back_unchanged() {
    let read = read_trf(&file()).expect("reads");
    assert!(read.warnings.is_empty(), "{:?}", read.warnings);
    let t = read.tournament;
    let e = t.team.as_ref().expect("a team event");
    assert_eq!(e.teams.len(), 9);
    assert_eq!(e.rounds.len(), 7);
    assert_eq!(e.system, Some(TeamPairingSystem::Swiss));
    assert_eq!(e.settings.primary, PrimaryScore::MatchPoints);
    assert_eq!(e.settings.colour_preferences, TeamColourPreferences::None);
    // Nine teams: a PAB every round.
    assert!(e.rounds.iter().all(|r| r.bye.is_some()));
    let review = review_import(&t);
    let Recheck::Checked { system, rounds } = &review else {
        panic!("{review:?}")
    };
    assert!(system.contains("C.04.6"), "{system}");
    assert_eq!(rounds.len(), 7);
    assert!(review.irregular().is_empty(), "{review:?}");
    // The ranks of the file's 310 records are those of its 212 list.
    let list = parse_list(t.tiebreaks.as_deref().expect("212")).expect("the list reads");
    let s = team_standings(&t, e, &list, &TeamStandingsOptions::default());
    for row in &s.rows {
        let team = e.team(row.team).expect("a team");
        assert_eq!(
            team.rank,
            Some(u16::try_from(row.rank).unwrap()),
            "team {}",
            row.team
        );
    }
    // Written back and read again: the same event.
    let text = write_trf(&t, TrfVersion::Trf2026);
    let back = read_trf(text.as_bytes()).expect("reads back").tournament;
    assert!(back == t, "written back, the event differs:\n{text}");
}
