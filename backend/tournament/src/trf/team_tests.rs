//! Tests of the team records: round trips in both versions on the samples in
//! `fixtures/teams/` and on generated team events, and the errors' lines and fields.

use std::collections::BTreeSet;

use super::{TeamIssue, TrfVersion, read_trf, write_trf};
use crate::check::IssueKind;
use crate::model::{Bye, Game, Player, Round, RoundState, Tournament};
use crate::points::Points;
use crate::result::{Colour, GameResult, ResultCode};
use crate::team::{Lineup, MatchForfeit, Team, TeamEvent, TeamMatch, TeamNumber, TeamSettings};

/// What to put into a generated event.
#[derive(Clone, Copy)]
pub(crate) struct Shape {
    pub teams: u16,
    pub roster: u16,
    pub boards: u8,
    pub rounds: u16,
    pub seed: u64,
    /// A forfeited match in round 3, an empty board in round 2, an out-of-order line-up in
    /// round 4.
    pub specials: bool,
}

struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        self.0 >> 33
    }
}

/// A team event: `teams` teams of `roster` players (pairing numbers team by team, ratings
/// falling along the roster), paired by the circle method (a team bye each round when the
/// number of teams is odd), each match's line-up the roster without one resting player,
/// first-named team White on odd boards, results drawn from `seed`.
pub(crate) fn generate(shape: Shape) -> Tournament {
    let mut rng = Lcg(shape.seed);
    let mut t = Tournament {
        name: Some("Constructed team event".into()),
        city: Some("Nowhere".into()),
        start_date: "2026-01-10".parse().ok(),
        end_date: "2026-01-14".parse().ok(),
        tournament_type: Some("Team: constructed sample, not a real event".into()),
        rounds_planned: Some(shape.rounds),
        ..Tournament::default()
    };
    let mut event = TeamEvent::new(TeamSettings::new(shape.boards));
    for team in 1..=shape.teams {
        let roster: Vec<u16> = (1..=shape.roster)
            .map(|k| (team - 1) * shape.roster + k)
            .collect();
        for (k, &pn) in roster.iter().enumerate() {
            let k16 = u16::try_from(k).unwrap_or(0);
            let rating = 2400 - 60 * team - 15 * k16 + u16::try_from(rng.next() % 10).unwrap_or(0);
            t.players.push(Player {
                rating: Some(rating),
                federation: Some("FID".into()),
                ..Player::new(pn, format!("Team{team:02} Player{}, Test", k + 1))
            });
        }
        let mut x = Team::new(team, format!("Club {team}"), roster);
        x.id = uuid::Uuid::nil();
        event.teams.push(x);
    }
    // Circle method over an even number of places (the extra one is the bye).
    let places = shape.teams + shape.teams % 2;
    let mut circle: Vec<u16> = (1..=places).collect();
    for rn in 1..=shape.rounds {
        let mut round = Round::new(rn);
        round.state = RoundState::Complete;
        let mut tround = crate::team::TeamRound {
            number: rn,
            ..Default::default()
        };
        let half = usize::from(places / 2);
        for i in 0..half {
            let (p, q) = (circle[i], circle[usize::from(places) - 1 - i]);
            let (first, second) = if (rn + u16::try_from(i).unwrap_or(0)) % 2 == 0 {
                (p, q)
            } else {
                (q, p)
            };
            if first > shape.teams || second > shape.teams {
                let team = first.min(second);
                tround.bye = Some(team);
                let roster = &event.teams[usize::from(team - 1)].roster;
                for &pn in roster.iter().take(usize::from(shape.boards)) {
                    round.byes.push(Bye::new(pn, ResultCode::Pab));
                }
                continue;
            }
            let table = u16::try_from(tround.matches.len() + 1).unwrap_or(1);
            let mut m = TeamMatch::new(table, first, second);
            if shape.specials && rn == 3 && table == 1 {
                m.forfeit = Some(MatchForfeit::FirstWins);
                tround.matches.push(m);
                continue;
            }
            let lineup = |team: TeamNumber| -> Vec<Option<u16>> {
                let roster = &event.teams[usize::from(team - 1)].roster;
                let rest = usize::from((rn + team) % shape.roster);
                let mut l: Vec<Option<u16>> = roster
                    .iter()
                    .enumerate()
                    .filter(|(k, _)| *k != rest)
                    .map(|(_, p)| Some(*p))
                    .take(usize::from(shape.boards))
                    .collect();
                l.resize(usize::from(shape.boards), None);
                l
            };
            let la = lineup(first);
            let mut lb = lineup(second);
            if shape.specials && rn == 2 && table == 2 {
                // The second team fields one player short: its last board is empty.
                if let Some(last) = lb.last_mut() {
                    *last = None;
                }
            }
            let mut la = la;
            if shape.specials && rn == 4 && table == 2 && la.len() >= 3 {
                la.swap(1, 2);
            }
            for k in 0..usize::from(shape.boards) {
                let board = u8::try_from(k + 1).unwrap_or(1);
                match (la[k], lb[k]) {
                    (Some(a), Some(b)) => {
                        let (white, black) = match event.settings.first_team_colour(board) {
                            Colour::White => (a, b),
                            Colour::Black => (b, a),
                        };
                        let result = match rng.next() % 3 {
                            0 => GameResult::white_wins(),
                            1 => GameResult::draw(),
                            _ => GameResult::black_wins(),
                        };
                        round.games.push(Game {
                            board: Some(event.settings.global_board(table, board)),
                            ..Game::new(white, black, result)
                        });
                    }
                    (Some(p), None) | (None, Some(p)) => {
                        round.byes.push(Bye::new(p, ResultCode::ForfeitWin));
                    }
                    (None, None) => {}
                }
            }
            tround.lineups.insert(
                first,
                Lineup {
                    boards: la,
                    submitted_by: None,
                },
            );
            tround.lineups.insert(
                second,
                Lineup {
                    boards: lb,
                    submitted_by: None,
                },
            );
            tround.matches.push(m);
        }
        event.rounds.push(tround);
        t.rounds.push(round);
        // Rotate all places but the first.
        if let Some(last) = circle.pop() {
            circle.insert(1, last);
        }
    }
    let scores = t.scores_after_round(shape.rounds);
    for p in &mut t.players {
        p.reported_points = scores.get(&p.pairing_number).copied();
    }
    // Strength (the team rating), a nickname and the rank by match points, then game points.
    let totals = event.scores_after_round(&t, shape.rounds);
    let mut order: Vec<(TeamNumber, (Points, Points))> = totals.into_iter().collect();
    order.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let settings = event.settings.clone();
    for x in &mut event.teams {
        x.strength = x.rating(&t, &settings);
        x.nickname = Some(format!("C{}", x.number));
        x.rank = order
            .iter()
            .position(|o| o.0 == x.number)
            .and_then(|i| u16::try_from(i + 1).ok());
    }
    t.team = Some(event);
    t
}

/// The shape of the samples in `fixtures/teams/`.
pub(crate) const SAMPLE: Shape = Shape {
    teams: 9,
    roster: 6,
    boards: 4,
    rounds: 5,
    seed: 2026,
    specials: true,
};

fn read(text: &str) -> Tournament {
    match read_trf(text.as_bytes()) {
        Ok(r) => r.tournament,
        Err(e) => panic!("{e}\n{text}"),
    }
}

fn fixture(name: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fixtures/teams")
        .join(name)
}

/// The generated event read back keeps its teams, rosters, matches (as sets), byes, forfeits and
/// line-ups; a second write and read changes nothing.
fn check_round_trip(t: &Tournament, version: TrfVersion) -> Tournament {
    let text = write_trf(t, version);
    let once = read(&text);
    let again = write_trf(&once, version);
    assert_eq!(again, text, "canonical text round-trips byte for byte");
    assert_eq!(read(&again), once, "read -> write -> read is lossless");
    let (a, b) = (t.team.as_ref().unwrap(), once.team.as_ref().unwrap());
    let names = |e: &TeamEvent| {
        e.teams
            .iter()
            .map(|x| (x.number, x.name.clone(), x.roster.clone()))
            .collect::<Vec<_>>()
    };
    assert_eq!(names(a), names(b));
    assert_eq!(a.settings, b.settings);
    for (ra, rb) in a.rounds.iter().zip(&b.rounds) {
        let set = |r: &crate::team::TeamRound| {
            r.matches
                .iter()
                .map(|m| (m.first, m.second, format!("{:?}", m.forfeit)))
                .collect::<BTreeSet<_>>()
        };
        assert_eq!(set(ra), set(rb), "round {}", ra.number);
        assert_eq!(ra.bye, rb.bye, "round {}", ra.number);
        assert_eq!(ra.lineups, rb.lineups, "round {}", ra.number);
    }
    assert_eq!(a.rounds.len(), b.rounds.len());
    once
}

#[test]
fn generated_events_round_trip_in_both_versions() {
    for seed in 1..=6 {
        for (teams, boards, roster) in [(9, 4, 6), (8, 4, 5), (6, 2, 3), (11, 6, 8)] {
            let shape = Shape {
                teams,
                roster,
                boards,
                rounds: 5,
                seed,
                specials: seed % 2 == 0,
            };
            let t = generate(shape);
            for version in [TrfVersion::Trf16, TrfVersion::Trf2026] {
                check_round_trip(&t, version);
            }
        }
    }
}

#[test]
fn the_samples_are_the_generated_event_and_round_trip_byte_for_byte() {
    let t = generate(SAMPLE);
    for (name, version) in [
        ("sample-trf16.trf", TrfVersion::Trf16),
        ("sample-trf26.trf", TrfVersion::Trf2026),
    ] {
        let once = check_round_trip(&t, version);
        let text = write_trf(&once, version);
        let path = fixture(name);
        if std::env::var_os("ARBITER_WRITE_FIXTURES").is_some() {
            std::fs::write(&path, &text).unwrap();
        }
        let stored = std::fs::read_to_string(&path).unwrap();
        assert_eq!(stored, text, "{name} is the generated event, canonical");
        let read_back = read(&stored);
        assert_eq!(write_trf(&read_back, version), stored);
        let e = read_back.team.as_ref().unwrap();
        assert_eq!(e.teams.len(), 9);
        assert_eq!(e.settings.boards, 4);
        assert!(
            e.rounds.iter().all(|r| r.bye.is_some()),
            "a bye every round"
        );
        assert!(
            e.rounds[2]
                .matches
                .iter()
                .any(|m| m.forfeit == Some(MatchForfeit::FirstWins))
        );
        // The empty board of round 2 and the out-of-order line-up of round 4.
        assert!(e.rounds[1].lineups.values().any(|l| l.boards[3].is_none()));
        assert!(stored.contains("\n300 004 "), "{name}: the 300 record");
        assert!(stored.contains("\n330 +- 003 "), "{name}: the 330 record");
    }
}

/// Record `362` as TRF26 defines it and FIDE's programs write it (`TW` `TD` `TL`), and as earlier
/// files spelled it (`W` `D` `L`): both read; the TRF26 form written back.
#[test]
fn match_points_read_in_both_spellings_and_written_as_trf26_does() {
    for (record, win) in [
        ("362 TW 3.0   TD 1.0   TL 0.0", "3.0"),
        ("362 W 2.0 D 1.0 L 0.0", "2.0"),
        ("362 tw 3.0 td 1.0 tl 0.0", "3.0"),
    ] {
        let t = read(&SMALL.replace("362 W 2.0 D 1.0 L 0.0", record));
        let mp = &t.team.as_ref().unwrap().settings.match_points;
        assert_eq!(
            (mp.win.to_string(), mp.draw.to_string(), mp.loss.to_string()),
            (win.to_owned(), "1.0".to_owned(), "0.0".to_owned()),
            "{record}"
        );
        let written = write_trf(&t, TrfVersion::Trf2026);
        assert!(
            written.contains(&format!("\n362 TW {win}   TD 1.0   TL 0.0\n")),
            "{record}: {written}"
        );
    }
    assert!(!errors_of(&SMALL.replace("362 W 2.0 D 1.0 L 0.0", "362 TX 2.0")).is_empty());
}

/// A small TRF-2026 team file: two teams of two boards plus a reserve, one round.
const SMALL: &str = "\
012 Small
142 1
352 WB
362 W 2.0 D 1.0 L 0.0
001    1      A1                                2000                             1.0    0     4 w 1
001    2      A2                                1900                             0.0    0     5 b 0
001    3      A3                                1800                             0.0    0
001    4      B1                                1950                             0.0    0     1 b 0
001    5      B2                                1850                             1.0    0     2 w 1
001    6      B3                                1750                             0.0    0
310   1 Alpha                                          1.0    1.0         1    2    3
310   2 Beta                                           1.0    1.0         4    5    6
";

fn errors_of(text: &str) -> Vec<(usize, Option<usize>, IssueKind)> {
    match read_trf(text.as_bytes()) {
        Ok(r) => panic!("accepted: {:?}", r.warnings),
        Err(e) => e
            .errors
            .into_iter()
            .map(|i| (i.line, i.column, i.kind))
            .collect(),
    }
}

#[test]
fn a_small_file_reads_into_one_match() {
    let r = read_trf(SMALL.as_bytes()).unwrap();
    let e = r.tournament.team.as_ref().unwrap();
    assert_eq!(e.teams[0].roster, vec![1, 2, 3]);
    assert_eq!(e.settings.boards, 2);
    let m = &e.rounds[0].matches[0];
    assert_eq!((m.table, m.first, m.second), (1, 1, 2));
    assert_eq!(e.rounds[0].lineups[&1].boards, vec![Some(1), Some(2)]);
    assert_eq!(
        r.tournament.rounds[0]
            .games
            .iter()
            .map(|g| g.board)
            .collect::<Vec<_>>(),
        [Some(1), Some(2)]
    );
    assert!(
        r.warnings
            .iter()
            .all(|w| !matches!(w.kind, IssueKind::Team(_))),
        "{:?}",
        r.warnings
    );
}

#[test]
fn errors_name_the_line_and_the_field() {
    let cases: Vec<(String, usize, usize, TeamIssue)> = vec![
        (
            SMALL.replace("310   2 Beta                                           1.0    1.0         4    5    6", "310   2 Beta                                           1.0    1.0         4    5   16"),
            12,
            84,
            TeamIssue::UnknownMember(16),
        ),
        (
            SMALL.replace("310   2 Beta                                           1.0    1.0         4    5    6", "310   2 Beta                                           1.0    1.0         4    5    3"),
            12,
            84,
            TeamIssue::PlayerInTwoTeams { player: 3, first: 1 },
        ),
        (
            SMALL.replace("310   2 Beta ", "310   x Beta "),
            12,
            5,
            TeamIssue::BadField { record: "310", field: "team number", text: "x".into() },
        ),
        (
            SMALL.replace("352 WB", "352 WX"),
            3,
            5,
            TeamIssue::BadField { record: "352", field: "colour sequence", text: "WX".into() },
        ),
        (
            SMALL.replace("352 WB", "352 W"),
            5,
            92,
            TeamIssue::TooManyBoards { team: 1, opponent: 2, used: 2, boards: 1 },
        ),
        (
            format!("{SMALL}330 ?? 001 001 002\n"),
            13,
            5,
            TeamIssue::BadField { record: "330", field: "type", text: "??".into() },
        ),
        (
            format!("{SMALL}320 02.0 01.0 007\n"),
            13,
            15,
            TeamIssue::UnknownTeam(7),
        ),
        (
            format!("{SMALL}300 001 001 002 0002 0001 0003\n"),
            13,
            17,
            TeamIssue::TooManyBoards { team: 1, opponent: 2, used: 3, boards: 2 },
        ),
    ];
    for (text, line, column, kind) in cases {
        let errors = errors_of(&text);
        assert!(
            errors
                .iter()
                .any(|e| *e == (line, Some(column), IssueKind::Team(kind.clone()))),
            "{kind:?} at line {line}, column {column}: {errors:?}"
        );
    }
}

#[test]
fn games_inside_one_team_and_players_without_a_team_are_errors() {
    // Players 1 and 2 (both Alpha) play each other.
    let text = SMALL
        .replace("     4 w 1\n", "     2 w 1\n")
        .replace("     5 b 0\n", "     1 b 0\n")
        .replace("     1 b 0\n001    5", "     5 b 0\n001    5")
        .replace("     2 w 1\n001    6", "     4 w 1\n001    6");
    let errors = errors_of(&text);
    assert!(
        errors.iter().any(|e| e.0 == 5
            && e.1 == Some(92)
            && e.2
                == IssueKind::Team(TeamIssue::SameTeam {
                    opponent: 2,
                    team: 1
                })),
        "{errors:?}"
    );
    // Player 6 is on no roster but plays.
    let text = SMALL
        .replace("    4    5    6\n", "    4    5\n")
        .replace("001    6      B3                                1750                             0.0    0", "001    6      B3                                1750                             0.0    0  0000 - +");
    let errors = errors_of(&text);
    assert!(
        errors.contains(&(10, Some(92), IssueKind::Team(TeamIssue::NotOnTeam))),
        "{errors:?}"
    );
}

#[test]
fn totals_that_disagree_are_warnings() {
    let text = SMALL.replace("1.0    1.0         1", "2.0    1.0         1");
    let r = read_trf(text.as_bytes()).unwrap();
    assert!(r.warnings.iter().any(|w| w.line == 11
        && w.column == Some(55)
        && matches!(
            w.kind,
            IssueKind::Team(TeamIssue::TotalsDisagree {
                team: 1,
                what: "match",
                ..
            })
        )));
}

#[test]
fn bad_input_never_panics() {
    let base = write_trf(&generate(SAMPLE), TrfVersion::Trf2026);
    let lines: Vec<&str> = base.lines().collect();
    for (i, l) in lines.iter().enumerate() {
        if !["3", "013"].iter().any(|p| l.starts_with(p)) {
            continue;
        }
        for cut in [0, 3, 5, 9, 17, 40, 60, 75] {
            let mut copy = lines.clone();
            let short: String = l.chars().take(cut).collect();
            copy[i] = &short;
            let _ = read_trf(copy.join("\n").as_bytes());
            let garbled = l.replace(['0', '1'], "x");
            let mut copy = lines.clone();
            copy[i] = &garbled;
            let _ = read_trf(copy.join("\n").as_bytes());
        }
    }
    let _ = read_trf(b"310\n320\n330\n300\n352\n362\n013\n");
    let _ = Points::ZERO;
}

/// Three boards, no `300` line-up: Beta left board 2 empty (A2 wins it by forfeit without an
/// opponent, `0000 - +`) and played B2 on board 3, as Swiss-Manager's TRF16 exports write it.
const EMPTY_BOARD: &str = "\
012 Empty board
XXR 1
001    1      A1                                2000                             1.0    0     4 w 1
001    2      A2                                1900                             1.0    0  0000 - +
001    3      A3                                1800                             0.0    0     5 w 0
001    4      B1                                1950                             0.0    0     1 b 0
001    5      B2                                1850                             1.0    0     3 b 1
001    6      B3                                1750                             0.0    0  0000 - -
013 Alpha                              1    2    3
013 Beta                               4    5    6
";

#[test]
fn a_team_that_left_a_board_empty_sits_opposite_the_players_it_met() {
    let t = read(EMPTY_BOARD);
    let e = t.team.as_ref().unwrap();
    assert_eq!(e.settings.boards, 3);
    let r = &e.rounds[0];
    assert_eq!(r.lineups[&1].boards, vec![Some(1), Some(2), Some(3)]);
    assert_eq!(
        r.lineups[&2].boards,
        vec![Some(4), None, Some(5)],
        "board 2 empty, B2 on board 3"
    );
    let mut boards: Vec<_> = t.rounds[0].games.iter().map(|g| g.board).collect();
    boards.sort();
    assert_eq!(boards, [Some(1), Some(3)]);
    // The same games with B2 listed above B1 in the roster cannot be seated in roster order:
    // refused, naming the board.
    let swapped = EMPTY_BOARD.replace(
        "013 Beta                               4    5    6",
        "013 Beta                               5    4    6",
    );
    assert!(
        errors_of(&swapped)
            .iter()
            .any(|(_, _, k)| matches!(k, IssueKind::Team(TeamIssue::LineupMismatch { .. }))),
        "{:?}",
        errors_of(&swapped)
    );
}

#[test]
fn a_stale_player_total_is_a_warning_in_a_team_event_only() {
    // A1's total says 2.0; the results give 1.0.
    let stale = EMPTY_BOARD.replace(
        "2000                             1.0",
        "2000                             2.0",
    );
    let r = read_trf(stale.as_bytes()).unwrap();
    assert!(
        r.warnings
            .iter()
            .any(|w| w.line == 3 && matches!(w.kind, IssueKind::PointsDisagree { .. })),
        "{:?}",
        r.warnings
    );
    // Without the team records the same total is an error.
    let individual: String = stale
        .lines()
        .filter(|l| !l.starts_with("013"))
        .map(|l| format!("{l}\n"))
        .collect();
    assert!(
        errors_of(&individual)
            .iter()
            .any(|(line, _, k)| *line == 3 && matches!(k, IssueKind::PointsDisagree { .. }))
    );
}

#[test]
fn the_real_team_event_in_fixtures_reads() {
    let bytes = std::fs::read(fixture("crete-friendship-cup-2024.trf")).unwrap();
    let r = read_trf(&bytes).unwrap_or_else(|e| panic!("{e}"));
    let e = r.tournament.team.as_ref().unwrap();
    assert_eq!(e.teams.len(), 15);
    assert_eq!(e.settings.boards, 6);
    assert_eq!(e.rounds.len(), 7);
    for round in &e.rounds {
        // Fifteen teams: seven matches and one team without a match every round.
        assert_eq!(round.matches.len(), 7, "round {}", round.number);
    }
    // The one total the file states that its results do not give (player 41, line 60).
    let stale: Vec<_> = r
        .warnings
        .iter()
        .filter(|w| matches!(w.kind, IssueKind::PointsDisagree { .. }))
        .map(|w| (w.line, w.player))
        .collect();
    assert_eq!(stale, [(60, Some(41))]);
}

/// `192` carries a team event's pairing system, primary score and colour preferences (nothing
/// else in TRF-2026 does): an event made on the web, whose `192` still names the individual
/// system it was created with, is written with the team code and reads back the same.
#[test]
fn the_pairing_system_primary_score_and_colour_type_survive_a_write() {
    use crate::team::{PrimaryScore, TeamColourPreferences, TeamPairingSystem, is_round_robin};
    let shape = Shape {
        teams: 8,
        roster: 5,
        boards: 4,
        rounds: 3,
        seed: 3,
        specials: false,
    };
    let cases = [
        (
            TeamPairingSystem::Swiss,
            PrimaryScore::GamePoints,
            TeamColourPreferences::TypeB,
            "FIDE_TEAM_TYPEB_GP_MP",
        ),
        (
            TeamPairingSystem::Swiss,
            PrimaryScore::MatchPoints,
            TeamColourPreferences::None,
            "FIDE_TEAM_MP_GP",
        ),
        (
            TeamPairingSystem::RoundRobin,
            PrimaryScore::MatchPoints,
            TeamColourPreferences::TypeA,
            "FIDE_ROUNDROBIN",
        ),
    ];
    for (system, primary, prefs, code) in cases {
        let mut t = generate(shape);
        t.pairing_system = Some("FIDE_DUTCH_2025".into());
        let e = t.team.as_mut().unwrap();
        e.settings.primary = primary;
        e.settings.colour_preferences = prefs;
        e.system = Some(system);
        let text = write_trf(&t, TrfVersion::Trf2026);
        assert!(text.contains(&format!("\n192 {code}\n")), "{code}:\n{text}");
        let back = read(&text);
        let e = back.team.as_ref().unwrap();
        assert_eq!(
            (e.system, e.settings.primary, e.settings.colour_preferences),
            (Some(system), primary, prefs)
        );
        // Three rounds of eight teams are no round robin by count: the system decides.
        assert_eq!(
            is_round_robin(&back, e, 3),
            system != TeamPairingSystem::Swiss
        );
        assert_eq!(write_trf(&back, TrfVersion::Trf2026), text);
    }
    // Another spelling FIDE's code list allows is kept as written.
    let mut t = generate(shape);
    t.pairing_system = Some("FIDE_TEAM_TYPEA_MP".into());
    t.team.as_mut().unwrap().system = Some(TeamPairingSystem::Swiss);
    assert!(write_trf(&t, TrfVersion::Trf2026).contains("\n192 FIDE_TEAM_TYPEA_MP\n"));
}
