//! The random team tournament generator (issue #47: "RTG for teams"): determinism, every team
//! record written over a run of seeds, the file read back and written back equal in TRF-2026 and
//! TRF16, every round as the pairing checker pairs it (the code behind `arbiter check`), the
//! ranks as the file's tie-break list makes them, and configuration errors naming line and key.

use std::collections::BTreeSet;

use arbiter_tournament::generator::ConfigError;
use arbiter_tournament::team::generator::{Pick, TeamGeneratorConfig, generate_team};
use arbiter_tournament::team::{
    PrimaryScore, TeamStandingsOptions, default_team_tiebreaks, recheck_pairings, team_standings,
};
use arbiter_tournament::{Points, Tournament, TrfVersion, read_trf, write_trf};

/// A configuration that asks for every record kind often.
const RICH: &str = "\
teams = 4-24
rounds = 3-9
boards = 2-10
reserves = 0-3
match_points = random
primary = random
colour_preferences = random
absent_round1_rate = 8
absent_rate = 5
half_bye_rate = 4
full_bye_rate = 3
pab_points = random
forfeit_match_rate = 6
board_forfeit_rate = 3
empty_board_rate = 8
out_of_order_rate = 8
acceleration = random
forbidden_pairs = 0-3
tiebreak_record = random
";

/// The record kinds of a TRF-2026 text: the code, and for `240` and `330` the type too.
fn kinds(text: &str) -> BTreeSet<String> {
    text.lines()
        .map(|l| match l.get(..3) {
            Some("240") => l.get(..5).unwrap_or(l).to_owned(),
            Some("330") => l.get(..6).unwrap_or(l).to_owned(),
            Some(code) => code.to_owned(),
            None => String::new(),
        })
        .collect()
}

/// The event as TRF16 holds it: no `310` nickname, strength or rank.
fn as_trf16(t: &Tournament) -> Tournament {
    let mut t = t.clone();
    if let Some(e) = t.team.as_mut() {
        for team in &mut e.teams {
            (team.nickname, team.strength, team.rank) = (None, None, None);
        }
    }
    t
}

/// The first lines where the debug forms of two tournaments differ (empty when equal).
fn diff(a: &Tournament, b: &Tournament) -> String {
    let (x, y) = (format!("{a:#?}"), format!("{b:#?}"));
    let (x, y): (Vec<&str>, Vec<&str>) = (x.lines().collect(), y.lines().collect());
    let Some(i) = x.iter().zip(&y).position(|(p, q)| p != q) else {
        return if x.len() == y.len() {
            String::new()
        } else {
            format!("lengths {} and {}", x.len(), y.len())
        };
    };
    let from = i.saturating_sub(12);
    format!(
        "generated:\n{}\nread back:\n{}",
        x[from..(i + 6).min(x.len())].join("\n"),
        y[from..(i + 6).min(y.len())].join("\n")
    )
}

/// Writes event `seed` both ways, reads it back, re-checks every round and every rank; returns
/// the TRF-2026 text, the rounds paired and the rounds planned.
fn generate_and_check(config: &TeamGeneratorConfig, seed: u64) -> (String, u16, u16) {
    let t = generate_team(config, seed).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
    let text = write_trf(&t, TrfVersion::Trf2026);
    let back = read_trf(text.as_bytes())
        .unwrap_or_else(|e| panic!("seed {seed}: {e}\n{text}"))
        .tournament;
    assert!(
        back == t,
        "seed {seed}: read back differs\n{text}\n{}",
        diff(&t, &back)
    );
    assert_eq!(write_trf(&back, TrfVersion::Trf2026), text, "seed {seed}");
    let text16 = write_trf(&t, TrfVersion::Trf16);
    let back16 = read_trf(text16.as_bytes())
        .unwrap_or_else(|e| panic!("seed {seed} (TRF16): {e}\n{text16}"))
        .tournament;
    assert!(
        back16 == as_trf16(&t),
        "seed {seed}: TRF16 read back differs\n{text16}\n{}",
        diff(&as_trf16(&t), &back16)
    );
    let event = back.team.as_ref().expect("a team event");
    for rc in recheck_pairings(&back, event).unwrap_or_else(|e| panic!("seed {seed}: {e}")) {
        assert!(
            rc.findings.is_empty(),
            "seed {seed} round {}: {:?}\n{text}",
            rc.round,
            rc.findings
        );
    }
    let s = team_standings(
        &back,
        event,
        &default_team_tiebreaks(&back),
        &TeamStandingsOptions::default(),
    );
    for team in &event.teams {
        let rank = s.row(team.number).map(|r| r.rank);
        assert_eq!(
            team.rank.map(u32::from),
            rank,
            "seed {seed} team {}",
            team.number
        );
    }
    let planned = back.rounds_planned.unwrap_or(0);
    (text, event.last_round(), planned)
}

#[test]
fn two_hundred_events_hold_every_team_record_and_pass_the_checkers() {
    let config = TeamGeneratorConfig::parse(RICH).expect("valid");
    let mut seen = BTreeSet::new();
    let (mut boards, mut short, mut wins) = (BTreeSet::new(), 0, BTreeSet::new());
    for seed in 1..=200 {
        let (text, rounds, planned) = generate_and_check(&config, seed);
        assert!(rounds >= 1 && rounds <= planned, "seed {seed}");
        short += usize::from(rounds < planned);
        seen.extend(kinds(&text));
        let t = read_trf(text.as_bytes()).expect("read").tournament;
        let s = &t.team.as_ref().expect("teams").settings;
        boards.insert(s.boards);
        wins.insert(s.match_points.win);
    }
    for kind in [
        "012", "042", "092", "142", "152", "162", "192", "202", "212", "240 F", "240 H", "240 Z",
        "250", "260", "299", "300", "310", "320", "330 +-", "330 -+", "330 --", "352", "362",
        "801", "802",
    ] {
        assert!(seen.contains(kind), "{kind} never written; seen {seen:?}");
    }
    assert_eq!(boards, (2..=10).collect(), "every board count from 2 to 10");
    assert_eq!(
        wins,
        [Points::from_tenths(20), Points::from_tenths(30)].into()
    );
    eprintln!("200 events, {short} ended before the rounds planned (no pairing, art. 3.3.3)");
}

#[test]
fn the_same_seed_gives_the_same_event() {
    let c = TeamGeneratorConfig::parse(RICH).expect("valid");
    let write = |seed| {
        write_trf(
            &generate_team(&c, seed).expect("generates"),
            TrfVersion::Trf2026,
        )
    };
    assert_eq!(write(42), write(42));
    assert_ne!(write(42), write(43));
}

#[test]
fn the_configuration_shapes_the_event() {
    let c = TeamGeneratorConfig::parse(
        "# a fixed field\nteams = 9\nROUNDS = 5\nboards = 3\nreserves = 0\nmatch_points = 3/1/0\n\
         primary = GP\ncolour_preferences = b\npab_points = 1/2.5\nforfeit_match_rate = 0\n\
         board_forfeit_rate = 0\nempty_board_rate = 0\nout_of_order_rate = 0\n\
         absent_round1_rate = 0\nabsent_rate = 0\nhalf_bye_rate = 0\nfull_bye_rate = 0\n\
         acceleration = on\ntiebreaks = GP, MP, BH:GP/C1\ninformative = off\n\
         start_date = 2025-06-01\ndraw_rate = 0\n",
    )
    .expect("valid");
    assert_eq!(c.primary, Pick::Fixed(PrimaryScore::GamePoints));
    let t = generate_team(&c, 7).expect("generates");
    let e = t.team.as_ref().expect("teams");
    assert_eq!(e.teams.len(), 9);
    assert!(e.teams.iter().all(|x| x.roster.len() == 3));
    assert_eq!(t.rounds_planned, Some(5));
    assert_eq!(e.last_round(), 5);
    assert_eq!(e.settings.match_points.win, Points::from_tenths(30));
    assert_eq!(
        (e.settings.bye_match_points, e.settings.bye_game_points),
        (Points::ONE, Points::from_tenths(25))
    );
    assert_eq!(t.pairing_system.as_deref(), Some("FIDE_TEAM_TYPEB_GP_MP"));
    assert!(e.accelerations.is_empty(), "never with game points primary");
    assert_eq!(t.tiebreaks_202.as_deref(), Some("GP, MP, BH:GP/C1"));
    assert!(t.other_records.is_empty());
    // Nine teams: a PAB every round; no draws, no forfeits, no empty boards.
    assert!(
        e.rounds
            .iter()
            .all(|r| r.bye.is_some() && r.matches.len() == 4)
    );
    for r in &t.rounds {
        assert_eq!(r.games.len(), 12);
        assert!(r.byes.is_empty());
        assert!(
            r.games
                .iter()
                .all(|g| g.result.white != arbiter_tournament::ResultCode::Draw)
        );
    }
    let text = write_trf(&t, TrfVersion::Trf2026);
    assert!(text.contains("\n042 2025/06/01\n"), "{text}");
    assert!(text.contains("\n320 01.0 02.5 "), "{text}");
    // Match points primary, accelerated: the top 2 × ceil(9 / 4) = 6 teams, rounds 1-3, a won
    // match (3 MP, 1.5 GP) in rounds 1-2, a drawn one (1 MP, 0.5 GP) in round 3.
    let c = TeamGeneratorConfig {
        primary: Pick::Fixed(PrimaryScore::MatchPoints),
        ..c
    };
    let t = generate_team(&c, 7).expect("generates");
    let text = write_trf(&t, TrfVersion::Trf2026);
    assert!(
        text.contains("\n250  3.0  1.5   1   2    1    6\n"),
        "{text}"
    );
    assert!(
        text.contains("\n250  1.0  0.5   3   3    1    6\n"),
        "{text}"
    );
    assert_eq!(
        t.pairing_system.as_deref(),
        Some("FIDE_TEAM_TYPEB_MP_GP_BAKU")
    );
}

#[test]
fn configuration_errors_name_the_line_and_the_key() {
    assert_eq!(
        TeamGeneratorConfig::parse("teams = 10\nflavour = mint\n"),
        Err(ConfigError::UnknownKey {
            line: 2,
            key: "flavour".to_owned()
        })
    );
    assert!(matches!(
        TeamGeneratorConfig::parse("\n\nteams 10"),
        Err(ConfigError::Syntax { line: 3, .. })
    ));
    for (text, start) in [
        (
            "boards = 11",
            "line 1: boards: expected a number or a range",
        ),
        (
            "\nmatch_points = 1/2/0",
            "line 2: match_points: expected WIN/DRAW/LOSS",
        ),
        (
            "primary = points",
            "line 1: primary: expected mp, gp, random",
        ),
        ("teams = 8\ntiebreaks = BH, XYZ", "line 2: tiebreaks: "),
        (
            "pab_points = lots",
            "line 1: pab_points: expected draw, win",
        ),
        (
            "empty_board_rate = 120",
            "line 1: empty_board_rate: expected a percentage",
        ),
        ("start_date = soon", "line 1: start_date: expected a date"),
    ] {
        let e = TeamGeneratorConfig::parse(text).expect_err(text);
        assert!(e.to_string().starts_with(start), "{text}: {e}");
    }
}
