use super::*;
use crate::model::{Bye, Game, Round};
use crate::result::{GameResult, PenaltyKind};

#[test]
fn imports_with_any_column_order_and_case() {
    let csv = "Name;RATING;fide_id;Title;sex\n\"Carlsen, Magnus\";2830;1503014;GM;m\nPolgar, Judit;2675;700070;gm;w\n";
    let players = import_players(csv.as_bytes(), &[]).unwrap();
    assert_eq!(players.len(), 2);
    assert_eq!(players[0].name, "Carlsen, Magnus");
    assert_eq!(players[0].pairing_number, 1);
    assert_eq!(players[1].pairing_number, 2);
    assert_eq!(players[1].title, Some(Title::Gm));
    assert_eq!(players[1].sex, Some(Sex::Female));
    assert_eq!(players[0].rating, Some(2830));
}

#[test]
fn not_utf8_is_refused_by_line_and_bom_is_skipped() {
    // Latin-1 on line 3, and the Windows Arabic code page (cp1256) on line 4.
    let mut bytes = "name,federation\nرضایی، علی,IRI\n".as_bytes().to_vec();
    bytes.extend_from_slice(b"\"M\xfcller, J\xf6rg\",GER\n");
    bytes.extend_from_slice(b"\"\xd1\xd6\xc7\xed\xec\",IRI\n");
    let e = import_players(&bytes, &[]).unwrap_err();
    let lines: Vec<u64> = e.errors.iter().map(|e| e.line).collect();
    assert_eq!(lines, [3, 4]);
    assert!(e.errors[0].to_string().starts_with("line 3: "), "{e}");
    assert_eq!(e.errors[0].reason, CsvProblem::NotUtf8, "{e}");
    let bom = "\u{feff}name\nÅse, Øy\n";
    let p = import_players(bom.as_bytes(), &[]).unwrap();
    assert_eq!(p[0].name, "Åse, Øy");
}

#[test]
fn persian_and_arabic_names_are_kept_byte_for_byte() {
    let names = [
        "رضایی، علی\u{200C}اکبر",
        "مرتضوی\u{200C}نیا، سارا",
        "عبد الله، محمد",
        "الكعبي، فاطمة",
        "مُحَمَّد، أحمد",
    ];
    let csv = format!("name;rating\n{}\n", names.join(";2000\n") + ";2000");
    let p = import_players_located(csv.as_bytes(), &[]).unwrap().players;
    let got: Vec<&str> = p.iter().map(|(_, p)| p.name.as_str()).collect();
    assert_eq!(got, names);
    let lines: Vec<u64> = p.iter().map(|(l, _)| *l).collect();
    assert_eq!(lines, [2, 3, 4, 5, 6]);
    // And back: the export writes the same bytes.
    let players: Vec<Player> = p.into_iter().map(|(_, p)| p).collect();
    let mut out = Vec::new();
    export_players(&players, &mut out).unwrap();
    let again = import_players(&out, &[]).unwrap();
    assert_eq!(again, players);
}

#[test]
fn all_or_nothing_with_every_error_located() {
    let csv = "name,rating,sex,pairing_number\nA,2000,m,1\nB,abc,x,1\n,1500,m,\nD,1600,w,3\n";
    let e = import_players(csv.as_bytes(), &[]).unwrap_err();
    let got: Vec<(u64, Option<&str>)> = e
        .errors
        .iter()
        .map(|r| (r.line, r.column.as_deref()))
        .collect();
    assert_eq!(
        got,
        vec![
            (3, Some("pairing_number")),
            (3, Some("sex")),
            (3, Some("rating")),
            (4, Some("name")),
        ]
    );
    assert_eq!(e.errors[2].value, "abc");
    assert_eq!(
        e.errors[0].reason.to_string(),
        "pairing number 1 is already used"
    );
}

#[test]
fn header_problems() {
    let e = import_players(b"nmae,rating\nA,1\n", &[]).unwrap_err();
    assert_eq!(e.errors.len(), 2, "{e:?}");
    assert!(e.errors.iter().all(|r| r.line == 1));
    let e = import_players(b"name,name\nA,B\n", &[]).unwrap_err();
    assert_eq!(e.errors.len(), 1);
    let e = import_players(b"name,rating\nA,1,extra\n", &[]).unwrap_err();
    assert_eq!(e.errors[0].line, 2);
}

#[test]
fn numbers_continue_after_existing_and_clash_is_an_error() {
    let existing = vec![Player::new(7, "X")];
    let p = import_players(b"name\nA\nB\n", &existing).unwrap();
    assert_eq!(
        p.iter().map(|p| p.pairing_number).collect::<Vec<_>>(),
        [8, 9]
    );
    assert!(import_players(b"name,pairing_number\nA,7\n", &existing).is_err());
}

#[test]
fn export_then_import_round_trips() {
    let mut a = Player::new(1, "Carlsen, Magnus");
    a.title = Some(Title::Gm);
    a.rating = Some(2830);
    a.federation = Some("NOR".into());
    a.fide_id = Some(1_503_014);
    a.birth_date = "1990-11-30".parse().ok();
    a.sex = Some(Sex::Male);
    let mut b = Player::new(2, "Doe, Jane");
    b.status = PlayerStatus::Withdrawn;
    let mut out = Vec::new();
    export_players(&[a.clone(), b.clone()], &mut out).unwrap();
    let back = import_players(&out, &[]).unwrap();
    assert_eq!(back, vec![a, b]);
}

#[test]
fn standings_and_round_results() {
    let mut t = Tournament::default();
    for pn in 1..=4 {
        t.players.push(Player::new(pn, format!("P{pn}")));
    }
    let mut r = Round::new(1);
    r.games.push(Game::new(1, 2, GameResult::draw()));
    let mut g = Game::new(
        3,
        4,
        GameResult::penalised(
            ResultCode::Loss,
            ResultCode::Draw,
            PenaltyKind::OffenderReduced,
            "phone",
        )
        .recorded_by("IA Smith"),
    );
    g.board = Some(1);
    r.games.push(g);
    t.rounds.push(r);
    let mut r2 = Round::new(2);
    r2.byes.push(Bye::new(2, ResultCode::Pab));
    t.rounds.push(r2);
    let rows = standings_by_points(&t, 2);
    let ranks: Vec<(u16, u16)> = rows.iter().map(|r| (r.rank, r.pairing_number)).collect();
    assert_eq!(ranks, vec![(1, 2), (2, 1), (2, 4), (4, 3)]);
    let mut out = Vec::new();
    export_standings(&t, &rows, &["BH"], &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert!(text.starts_with("rank,pairing_number,name,title,rating,federation,points,BH\n"));
    assert!(text.contains("\n1,2,P2,,,,1.5,\n"), "{text}");
    let mut out = Vec::new();
    export_round_results(&t, 1, &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[1],
        "1,1,3,P3,4,P4,0.0-0.5,0,'=,OffenderReduced,phone,IA Smith"
    );
    // The draw's code `=` is quoted as every cell a spreadsheet would run (super::cell).
    assert_eq!(lines[2], "1,,1,P1,2,P2,1/2-1/2,'=,'=,,,");
    let mut out = Vec::new();
    export_round_results(&t, 2, &mut out).unwrap();
    assert!(
        String::from_utf8(out)
            .unwrap()
            .contains("2,,2,P2,,,bye,U,,,,")
    );
}

/// Names a spreadsheet would run as formulas (OWASP "CSV Injection"), and one with a bidi
/// override stored before the gate refused it.
fn formula_players() -> Vec<Player> {
    let names = [
        "=HYPERLINK(\"http://e.vil\",\"x\")",
        "+1+1",
        "-2+3+cmd|' /C calc'!A0",
        "@SUM(A1:A9)",
        "Ca\u{202E}rlsen, Magnus",
    ];
    names
        .iter()
        .zip(1..)
        .map(|(n, pn)| {
            let mut p = Player::new(pn, *n);
            p.rating = Some(2000);
            p
        })
        .collect()
}

/// Every cell of a CSV text that a spreadsheet would run as a formula: it starts with `=`, `+`,
/// `-`, `@`, tab or CR and is not a plain number.
fn formulas(text: &str) -> Vec<String> {
    let mut r = csv::ReaderBuilder::new()
        .has_headers(false)
        .from_reader(text.as_bytes());
    r.records()
        .flat_map(|rec| rec.unwrap().iter().map(str::to_owned).collect::<Vec<_>>())
        .filter(|c| c.starts_with(['=', '+', '-', '@', '\t', '\r']) && c.parse::<f64>().is_err())
        .collect()
}

#[test]
fn the_players_export_writes_no_formula_and_reads_back_the_same() {
    let players = formula_players();
    let mut out = Vec::new();
    export_players(&players, &mut out).unwrap();
    let text = String::from_utf8(out.clone()).unwrap();
    assert_eq!(formulas(&text), Vec::<String>::new(), "{text}");
    assert!(
        text.contains("\"'=HYPERLINK(\"\"http://e.vil\"\",\"\"x\"\")\""),
        "{text}"
    );
    assert!(text.contains(",'@SUM(A1:A9),"), "{text}");
    assert!(!text.contains('\u{202E}'), "{text}");
    // The organizer's round trip: the same names come back, without the quote (the hidden
    // character is gone: the gate refuses it on the way in).
    let back = import_players(&out, &[]).unwrap();
    let names: Vec<&str> = back.iter().map(|p| p.name.as_str()).collect();
    let mut expected: Vec<String> = players.iter().map(|p| p.name.clone()).collect();
    expected[4] = "Carlsen, Magnus".into();
    assert_eq!(names, expected);
}

#[test]
fn the_standings_and_results_exports_write_no_formula() {
    let mut t = Tournament {
        players: formula_players(),
        ..Tournament::default()
    };
    let mut r = Round::new(1);
    r.games.push(Game::new(
        1,
        2,
        GameResult::forfeit(crate::Colour::Black).recorded_by("=cmd|' /C calc'!A0"),
    ));
    r.games.push(Game::new(3, 4, GameResult::draw()));
    t.rounds.push(r);
    t.players[0].federation = Some("=1+2".into());
    let rows = standings_by_points(&t, 1);
    let mut out = Vec::new();
    export_standings(&t, &rows, &["=BH"], &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert_eq!(formulas(&text), Vec::<String>::new(), "{text}");
    assert!(!text.contains('\u{202E}'), "{text}");
    let mut out = Vec::new();
    export_round_results(&t, 1, &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert_eq!(formulas(&text), Vec::<String>::new(), "{text}");
    assert!(text.contains(",'-/+,"), "{text}");
}

#[test]
fn the_teams_export_writes_no_formula_and_reads_back_the_same() {
    use crate::team::{Team, TeamEvent, TeamSettings};
    let players = formula_players();
    let mut team = Team::new(1, "=Team", vec![1, 2, 3, 4]);
    team.captain = Some("@captain".into());
    team.club = Some("+club".into());
    let mut event = TeamEvent::new(TeamSettings::new(4));
    event.teams.push(team);
    let t = Tournament {
        players,
        team: Some(event),
        ..Tournament::default()
    };
    let mut out = Vec::new();
    export_teams(&t, &mut out).unwrap();
    let text = String::from_utf8(out.clone()).unwrap();
    assert_eq!(formulas(&text), Vec::<String>::new(), "{text}");
    let back = import_teams(&out, &[], &[]).unwrap();
    assert_eq!(back.teams[0].name, "=Team");
    assert_eq!(back.teams[0].captain.as_deref(), Some("@captain"));
    assert_eq!(back.teams[0].club.as_deref(), Some("+club"));
    assert_eq!(back.players[0].name, t.players[0].name);
}

#[test]
fn each_problem_names_the_files_own_line_whatever_the_line_ends() {
    // A header (line 1), eight good rows (lines 2-9), a bad rating on line 10, a blank line
    // (11) and a bad federation on line 12: with `\n`, with `\r\n` (a spreadsheet's file, a text
    // pasted in a browser's box), and with the blank line written as spaces.
    let mut rows = vec!["name,rating,federation".to_owned()];
    rows.extend((1..=8).map(|i| format!("Player {i},2000,GER")));
    rows.push("Player 9,x,GER".to_owned());
    rows.push(String::new());
    rows.push("Player 10,1900,GERMANY".to_owned());
    for end in ["\n", "\r\n"] {
        for blank in ["", " , , "] {
            let mut lines = rows.clone();
            lines[10] = blank.to_owned();
            let text = lines.join(end) + end;
            let e = import_players(text.as_bytes(), &[]).unwrap_err();
            let at: Vec<(u64, Option<&str>)> = e
                .errors
                .iter()
                .map(|x| (x.line, x.column.as_deref()))
                .collect();
            assert_eq!(
                at,
                [(10, Some("rating")), (12, Some("federation"))],
                "{end:?} {blank:?}"
            );
        }
    }
}
