//! Inputs the TRF fuzz target (backend/tournament/fuzz) found, kept as tests: each read, written in
//! both versions and read again must give the same tournament, or be a located error. A file
//! with no player record at all is refused (`IssueKind::NoPlayers`, issue #22).

use arbiter_tournament::IssueKind;
use arbiter_tournament::trf::{TrfVersion, read_trf, write_trf};

/// A player record: a file without one holds no tournament and is refused, so each fragment the
/// fuzzer found is read with one player after it.
const PLAYER: &[u8] = b"\n001    1      Test Player\n";

fn with_player(input: &[u8]) -> Vec<u8> {
    [input, PLAYER].concat()
}

fn round_trips(input: &[u8]) {
    let input = with_player(input);
    let read = read_trf(&input).expect("readable");
    for version in [TrfVersion::Trf16, TrfVersion::Trf2026] {
        let text = write_trf(&read.tournament, version);
        let again = read_trf(text.as_bytes()).expect("what Arbiter writes reads back");
        assert_eq!(again.tournament, read.tournament, "{version:?}:\n{text}");
    }
}

#[test]
fn all_zero_accelerations_are_no_accelerations() {
    round_trips(b"XXA2\n");
    round_trips(b"XXA2\nXXA2\n");
    round_trips(b"250 0 1 2 20 41\n");
    let read = read_trf(&with_player(b"XXA   2  1.0\n")).expect("readable");
    assert_eq!(read.tournament.accelerations.len(), 1);
    round_trips(b"XXA   2  1.0\n");
}

#[test]
fn byte_order_marks_inside_the_file_are_ignored() {
    round_trips(b"\n\n\xEF\xBB\xBF\n");
    round_trips("XX4\nXX4\n\u{feff}\u{feff}".as_bytes());
}

#[test]
fn forfeit_loss_apart_from_zero_bye_survives_trf_2026() {
    let read = read_trf(&with_player(b"1D\nBBF226\n")).expect("readable");
    assert_ne!(
        read.tournament.scoring.forfeit_loss,
        read.tournament.scoring.zero_bye
    );
    round_trips(b"1D\nBBF226\n");
}

#[test]
fn a_scoring_record_given_twice_is_an_error_with_its_line() {
    let err = read_trf(b"012 Test\nBBD 0.5\nBBD 1.0\n").expect_err("ambiguous scoring");
    assert!(
        err.errors.iter().any(|e| e.line == 3 && matches!(&e.kind, IssueKind::DuplicateScoring(c) if c == "BBD")),
        "{:?}",
        err.errors
    );
    let err = read_trf(b"162 W 1.0 D 0.5\n162 W 3.0 D 1.0\n").expect_err("ambiguous scoring");
    assert!(err.errors.iter().any(|e| e.line == 2), "{:?}", err.errors);
}

#[test]
fn pairing_numbers_have_four_columns() {
    let read = read_trf(&with_player(b"XXA30732  25.0\n")).expect("readable, with a warning");
    assert!(read.tournament.accelerations.is_empty());
}

#[test]
fn a_blank_round_block_adds_no_round() {
    let read = read_trf(b"001    1      Test Player                                                       0.0            \n").expect("readable");
    assert!(
        read.tournament.rounds.is_empty(),
        "{:?}",
        read.tournament.rounds
    );
}

/// Found by the `trf` target's long run (2026-11-27): a team numbered 2 (a TRF-2026 `310`
/// record) and no other. TRF-2026 keeps its number; TRF-16's `013` records carry none, so the
/// team reads back as number 1, the one it is in order, with the same members.
#[test]
fn trf_16_numbers_the_teams_by_their_order() {
    let read = read_trf(b"001323\r\n3100\xa02\n\xa0\r1\n").expect("readable");
    let team = |t: &arbiter_tournament::Tournament| {
        let e = t.team.as_ref().expect("a team event");
        e.teams
            .iter()
            .map(|x| (x.number, x.name.clone(), x.roster.clone()))
            .collect::<Vec<_>>()
    };
    let teams = team(&read.tournament);
    assert_eq!(teams.len(), 1);
    assert_eq!(teams[0].0, 2);
    let again =
        read_trf(write_trf(&read.tournament, TrfVersion::Trf2026).as_bytes()).expect("2026");
    assert_eq!(team(&again.tournament), teams);
    let again = read_trf(write_trf(&read.tournament, TrfVersion::Trf16).as_bytes()).expect("16");
    assert_eq!(
        team(&again.tournament),
        [(1, teams[0].1.clone(), teams[0].2.clone())]
    );
}
