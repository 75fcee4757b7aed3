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

/// Found by the `trf` target's long run (2026-11-27): a bare `013` record beside TRF-2026 `310`
/// records. The teams come from `310` and the `013` line is kept verbatim; TRF16 writes the teams
/// as `013` records and leaves the kept one out (it would be read as one more team), TRF-2026
/// keeps it beside the `310` records.
#[test]
fn a_kept_013_record_is_written_only_beside_310_records() {
    let input: &[u8] =
        b"001323\r200\n0+13\n3\n50\n013\n3\xed\xca\xff001132\n030@\n3\xb1\x840NX231001333XX21\n\
        O\n\xa0'\xffz2\n31001333X\n'\xff\xa0";
    let read = read_trf(input).expect("readable");
    let kept = |t: &arbiter_tournament::Tournament| {
        t.other_records
            .iter()
            .filter(|r| r.line.starts_with("013"))
            .count()
    };
    assert_eq!(kept(&read.tournament), 1);
    let teams = read.tournament.team.as_ref().expect("teams").teams.len();
    let text = write_trf(&read.tournament, TrfVersion::Trf16);
    let again = read_trf(text.as_bytes()).expect("16");
    assert_eq!(kept(&again.tournament), 0, "{text}");
    assert_eq!(
        again.tournament.team.as_ref().expect("teams").teams.len(),
        teams
    );
    let text = write_trf(&read.tournament, TrfVersion::Trf2026);
    let again = read_trf(text.as_bytes()).expect("2026");
    assert_eq!(again.tournament, read.tournament, "{text}");
}

/// A team event whose team numbers have gaps (1, 3, 5: teams removed) and whose rounds name
/// them in `320` and `330` records. TRF16 numbers teams by their `013` records' order, so the
/// file renumbers them 1, 2, 3 in every record, and reads back to the same event so renumbered.
#[test]
fn trf_16_renumbers_a_team_event_with_gaps_throughout() {
    let input = "\
012 Gaps
142 2
352 WB
362 W 2.0 D 1.0 L 0.0
001    1      A1                                2000                             1.0    0     3 w 1
001    2      A2                                1900                             0.0    0     4 b 0
001    3      B1                                1950                             0.0    0     1 b 0
001    4      B2                                1850                             1.0    0     2 w 1
001    5      C1                                1800                             0.0    0
001    6      C2                                1700                             0.0    0
310   1 Alpha                                                                    1    2
310   3 Beta                                                                     3    4
310   5 Gamma                                                                    5    6
320 01.0 01.0 005 001
330 +- 002 003 005
";
    let read = read_trf(input.as_bytes()).unwrap_or_else(|e| panic!("{:?}", e.errors));
    let e = read.tournament.team.as_ref().expect("teams");
    let numbers: Vec<_> = e.teams.iter().map(|t| t.number).collect();
    assert_eq!(numbers, [1, 3, 5]);
    assert_eq!(e.round(1).and_then(|r| r.bye), Some(5));
    let text = write_trf(&read.tournament, TrfVersion::Trf16);
    assert!(text.contains("\n330 +- 002 002 003\n"), "{text}");
    let again = read_trf(text.as_bytes()).unwrap_or_else(|e| panic!("{:?}\n{text}", e.errors));
    let a = again.tournament.team.as_ref().expect("teams");
    let names: Vec<_> = a
        .teams
        .iter()
        .map(|t| (t.number, t.name.as_str()))
        .collect();
    assert_eq!(names, [(1, "Alpha"), (2, "Beta"), (3, "Gamma")]);
    assert_eq!(a.round(1).and_then(|r| r.bye), Some(3));
    assert_eq!(a.round(2).and_then(|r| r.bye), Some(1));
    let m = &a.round(2).expect("round 2").matches;
    assert_eq!(m.len(), 1);
    assert_eq!(
        (m[0].first, m[0].second, m[0].forfeit),
        (2, 3, e.round(2).unwrap().matches[0].forfeit)
    );
    let played = &a.round(1).expect("round 1").matches;
    assert_eq!((played[0].first, played[0].second), (1, 2));
    // Everything else as read; TRF-2026 keeps the numbers.
    let mut renumbered = read.tournament.clone();
    renumbered
        .team
        .as_mut()
        .expect("teams")
        .number_teams_by_order();
    assert_eq!(again.tournament, renumbered, "{text}");
    let text = write_trf(&read.tournament, TrfVersion::Trf2026);
    let again = read_trf(text.as_bytes()).expect("2026");
    assert_eq!(again.tournament, read.tournament, "{text}");
}

/// Found by the `trf` target's hour-long run (2026-11-27): a TRF-2026 `310` team record with a
/// nickname. TRF16's `013` record has no field for a nickname, a strength or a rank, so a TRF16
/// export leaves them out (as it leaves out what else TRF cannot carry); TRF-2026 keeps them.
#[test]
fn trf_16_cannot_carry_a_team_nickname() {
    let input: &[u8] = b"m00\n00121011\xd7m3\xc10\n3103310773277777320W7777777774\xf977777!20W7777777\n\
        XXA&310113110\t000000\t\t01\t0\t\t01\t0\t00000000\t\t00\t33303100\n0W7077777760\r0131\xd7lll0\xd77";
    let read = read_trf(input).expect("readable");
    let nickname = |t: &arbiter_tournament::Tournament| {
        t.team.as_ref().expect("a team event").teams[0]
            .nickname
            .clone()
    };
    assert_eq!(nickname(&read.tournament).as_deref(), Some("77777"));
    let again =
        read_trf(write_trf(&read.tournament, TrfVersion::Trf2026).as_bytes()).expect("2026");
    assert_eq!(again.tournament, read.tournament);
    let again = read_trf(write_trf(&read.tournament, TrfVersion::Trf16).as_bytes()).expect("16");
    assert_eq!(nickname(&again.tournament), None);
    // Besides: the team renumbered from 1, and the file's last line, a bare `013` kept verbatim,
    // left out (see the tests above).
    let mut expected = read.tournament.clone();
    let e = expected.team.as_mut().expect("teams");
    e.teams[0].nickname = None;
    e.number_teams_by_order();
    expected
        .other_records
        .retain(|r| !r.line.starts_with("013"));
    assert_eq!(again.tournament, expected);
}

/// Found by the `trf` target's second hour-long run (2026-11-27): a `320` record whose bye points
/// fill their four columns (`7777`). Written back as `7777.0`, they spilled into the next field;
/// now a whole number that does not fit with its `.0` is written without it.
#[test]
fn bye_points_of_four_digits_fit_their_columns_again() {
    round_trips(b"320W777777777 0\r0136 0l0506\n");
    let read = read_trf(&with_player(b"320W777777777 0\r0136 0l0506\n")).expect("readable");
    for version in [TrfVersion::Trf16, TrfVersion::Trf2026] {
        let text = write_trf(&read.tournament, version);
        assert!(text.contains("\n320 7777 7777\n"), "{text}");
    }
}
