//! TRF26's fixed columns in what Arbiter writes, where FIDE's own reader (TieBreakServer's
//! gacrux) reads by column: record `162` (result code at column 6, its points in 7-10, the next
//! code nine columns on) and record `300` for a line-up with an unoccupied board (TRF26: "Required
//! when a team plays in a different board order than defined in record 310, or plays with an
//! unoccupied board"). A file written with `162 W 1.0 D 0.5 ...` or without that `300` stops
//! gacrux's reader (found comparing Arbiter with gacrux on generated team events).

use std::path::Path;

use arbiter_tournament::{TrfVersion, read_trf, write_trf};

/// The 1-based columns `from..=to` of a line.
fn columns(line: &str, from: usize, to: usize) -> String {
    line.chars().skip(from - 1).take(to + 1 - from).collect()
}

fn sample() -> arbiter_tournament::Tournament {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/teams/sample-trf26.trf");
    let bytes = std::fs::read(path).expect("fixtures/teams/sample-trf26.trf");
    read_trf(&bytes).expect("the sample reads").tournament
}

#[test]
fn record_162_puts_each_result_code_nine_columns_after_the_last() {
    let t = sample();
    let text = write_trf(&t, TrfVersion::Trf2026);
    let line = text
        .lines()
        .find(|l| l.starts_with("162"))
        .expect("TRF-2026 writes 162");
    let expected = [
        ("W", " 1.0"),
        ("D", " 0.5"),
        ("L", " 0.0"),
        ("A", " 0.0"),
        ("P", " 1.0"),
        ("X", " 0.5"),
    ];
    for (i, (code, points)) in expected.iter().enumerate() {
        let at = 6 + 9 * i;
        assert_eq!(
            columns(line, at, at),
            *code,
            "{line:?}: code {i} at column {at}"
        );
        assert_eq!(
            columns(line, at + 1, at + 4),
            *points,
            "{line:?}: points of {code}"
        );
    }
    assert_eq!(columns(line, 4, 5), "  ", "{line:?}: columns 4-5 blank");
    let back = read_trf(text.as_bytes())
        .expect("written file reads")
        .tournament;
    assert_eq!(back.scoring, t.scoring);
}

#[test]
fn a_line_up_with_an_empty_board_is_written_as_record_300() {
    // Round 2 of the sample: team 7 plays team 2 with players 37, 38, 39 and board 4 empty
    // (team 2's board 4 scores a forfeit win), in roster order: only the empty board needs 300.
    let t = sample();
    let text = write_trf(&t, TrfVersion::Trf2026);
    let lines: Vec<&str> = text.lines().filter(|l| l.starts_with("300")).collect();
    assert!(
        lines.contains(&"300 002 007 002 0037 0038 0039 0000"),
        "no 300 for team 7's empty board 4 in round 2: {lines:?}"
    );
    // Every board is written, the empty ones as 0000: four boards, four fields.
    for l in &lines {
        assert_eq!(l.len(), 15 + 5 * 4, "{l:?} lists every board");
    }
    let back = read_trf(text.as_bytes())
        .expect("written file reads")
        .tournament;
    assert_eq!(back.team, t.team, "the event reads back the same");
    let trf16 = write_trf(&t, TrfVersion::Trf16);
    let back16 = read_trf(trf16.as_bytes()).expect("TRF16 reads").tournament;
    let rounds = |t: &arbiter_tournament::Tournament| t.team.as_ref().map(|e| e.rounds.clone());
    // TRF16's `013` has no nickname, strength or rank: the rounds (line-ups included) compare.
    assert_eq!(
        rounds(&back16),
        rounds(&t),
        "TRF16 reads back the same rounds"
    );
}
