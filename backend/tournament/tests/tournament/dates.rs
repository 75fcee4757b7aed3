//! Dates from files (issue #19): read from every layout real files use into a
//! [`PartialDate`], written back in each format's form, an unreadable one a warning naming its
//! line and never a failed import.

use arbiter_tournament::csv_io::{CsvProblem, export_players, import_players_located};
use arbiter_tournament::pgn_event::read_pgn_event;
use arbiter_tournament::{IssueKind, PartialDate, TrfVersion, read_trf, write_trf};

fn date(iso: &str) -> PartialDate {
    iso.parse().unwrap()
}

/// A TRF16 file with a start date and a birth date in `layouts`.
fn trf(start: &str, birth_1: &str, birth_2: &str) -> String {
    let player = |pn: u16, name: &str, birth: &str| {
        format!(
            "001 {pn:>4} m    {name:<33} 2000 ESP {:>11} {birth:<10}  0.0",
            100 + pn
        )
    };
    format!(
        "012 Dates Open\n042 {start}\n052 2005/07/31\nXXR 5\n{}\n{}\n",
        player(1, "Alpha, A", birth_1),
        player(2, "Beta, B", birth_2)
    )
}

#[test]
fn a_european_start_date_is_stored_as_a_date_and_written_back_in_trf_form() {
    let read = read_trf(trf("28. 07. 2005", "", "").as_bytes()).unwrap();
    let t = &read.tournament;
    assert_eq!(t.start_date, Some(date("2005-07-28")));
    assert_eq!(t.start_date.unwrap().to_string(), "2005-07-28");
    assert_eq!(t.end_date, Some(date("2005-07-31")));
    for version in [TrfVersion::Trf16, TrfVersion::Trf2026] {
        let written = write_trf(t, version);
        assert!(written.contains("\n042 2005/07/28\n"), "{written}");
        assert!(written.contains("\n052 2005/07/31\n"), "{written}");
    }
}

#[test]
fn year_only_birth_dates_round_trip_as_years() {
    let read = read_trf(trf("2005/07/28", "1985/00/00", "1985").as_bytes()).unwrap();
    assert!(read.warnings.is_empty(), "{:?}", read.warnings);
    let t = &read.tournament;
    for p in &t.players {
        assert_eq!(p.birth_date, PartialDate::year_only(1985), "{}", p.name);
        assert_eq!(p.birth_date.unwrap().to_string(), "1985");
    }
    let written = write_trf(t, TrfVersion::Trf16);
    let births: Vec<&str> = written
        .lines()
        .filter(|l| l.starts_with("001"))
        .map(|l| &l[69..79])
        .collect();
    assert_eq!(births, ["1985/00/00", "1985/00/00"]);
    let again = read_trf(written.as_bytes()).unwrap();
    assert_eq!(&again.tournament, t);
}

#[test]
fn an_unreadable_start_date_is_a_warning_naming_the_line_and_the_import_succeeds() {
    let text = trf("next tuesday", "1985/13/45", "");
    let read = read_trf(text.as_bytes()).expect("an unreadable date never fails the import");
    let t = &read.tournament;
    assert_eq!(t.start_date, None);
    assert_eq!(t.end_date, Some(date("2005-07-31")));
    assert_eq!(t.players.len(), 2);
    assert_eq!(t.players[0].birth_date, None);
    let start = read
        .warnings
        .iter()
        .find(|w| matches!(&w.kind, IssueKind::BadHeaderValue { record, .. } if record == "042"))
        .expect("a warning for 042");
    assert_eq!(start.line, 2);
    assert_eq!(
        start.kind,
        IssueKind::BadHeaderValue {
            record: "042".into(),
            value: "next tuesday".into()
        }
    );
    let birth = read
        .warnings
        .iter()
        .find(|w| matches!(w.kind, IssueKind::BadBirthDate(_)))
        .expect("a warning for the birth date");
    assert_eq!(
        (birth.line, birth.column, birth.player),
        (5, Some(70), Some(1))
    );
    assert_eq!(birth.kind, IssueKind::BadBirthDate("1985/13/45".into()));
    // The unreadable 042 line is kept verbatim: writing it back loses nothing.
    let written = write_trf(t, TrfVersion::Trf16);
    assert!(written.contains("042 next tuesday\n"), "{written}");
}

#[test]
fn pgn_dates_keep_their_known_parts() {
    let game = |round: u16, date: &str| {
        format!(
            "[Event \"Dates Open\"]\n[Date \"{date}\"]\n[Round \"{round}.1\"]\n[White \"Alpha, A\"]\n\
             [Black \"Beta, B\"]\n[Result \"1/2-1/2\"]\n\n1. e4 e5 1/2-1/2\n\n"
        )
    };
    let e = read_pgn_event(game(1, "2005.07.??").as_bytes()).unwrap();
    assert_eq!(e.tournament.start_date, Some(date("2005-07")));
    assert_eq!(
        e.tournament.end_date.map(PartialDate::pgn).as_deref(),
        Some("2005.07.??")
    );
    assert!(e.warnings.is_empty());
    // An unreadable `Date` tag: a warning naming the game and the tag; the games are read.
    let text = game(1, "2005.07.28") + &game(2, "2005.19.40");
    let e = read_pgn_event(text.as_bytes()).unwrap();
    assert_eq!(e.tournament.start_date, Some(date("2005-07-28")));
    assert_eq!(e.tournament.end_date, Some(date("2005-07-28")));
    assert_eq!(e.games.len(), 2);
    assert_eq!(e.warnings.len(), 1);
    assert_eq!(e.warnings[0].game, 2);
    assert!(
        e.warnings[0].message.contains("`Date`"),
        "{}",
        e.warnings[0]
    );
}

#[test]
fn csv_birth_dates_are_read_in_any_layout_and_exported_in_iso() {
    let csv = "name,birth_date\nAlpha A,1985/00/00\nBeta B,28.07.2005\nGamma C,1985-07\nDelta D,someday\n";
    let read = import_players_located(csv.as_bytes(), &[])
        .expect("an unreadable date never fails the import");
    let births: Vec<Option<String>> = read
        .players
        .iter()
        .map(|(_, p)| p.birth_date.map(|d| d.to_string()))
        .collect();
    assert_eq!(
        births,
        [
            Some("1985".into()),
            Some("2005-07-28".into()),
            Some("1985-07".into()),
            None
        ]
    );
    assert_eq!(read.warnings.len(), 1);
    let w = &read.warnings[0];
    assert_eq!(
        (w.line, w.column.as_deref(), w.value.as_str()),
        (5, Some("birth_date"), "someday")
    );
    assert_eq!(w.reason, CsvProblem::BadBirthDate);
    let players: Vec<_> = read.players.into_iter().map(|(_, p)| p).collect();
    let mut out = Vec::new();
    export_players(&players, &mut out).unwrap();
    let out = String::from_utf8(out).unwrap();
    assert!(
        out.contains(",1985,") && out.contains(",2005-07-28,") && out.contains(",1985-07,"),
        "{out}"
    );
}
