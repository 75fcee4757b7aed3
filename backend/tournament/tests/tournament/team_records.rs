//! Team events as FIDE writes them (issue #47): C.07's team names in tie-break lists, the
//! teams' byes and absences before pairing (TRF-2026 `240` with team pairing numbers), TRF16
//! matches every board of which was forfeited, the accelerations (`250`) and forbidden pairs
//! (`260`) of teams, and the tables a file implies.

use arbiter_tournament::team::{
    MatchForfeit, TeamAcceleration, TeamRoundKind, TeamStandingsOptions, pair_swiss, pairing_state,
    recheck_pairings, team_standings,
};
use arbiter_tournament::tiebreak::{Kind, ScoreKind, TieBreak, parse_list};
use arbiter_tournament::{IssueKind, Points, ResultCode, TrfVersion, read_trf, write_trf};

/// A `001` record: pairing number, rating, round blocks (`oooo c r`).
fn player(pn: u16, blocks: &[&str]) -> String {
    let name = format!("Player {pn:02}, Test");
    let rating = 2400 - 10 * pn;
    let mut points = 0u32;
    for b in blocks {
        points += match b.chars().last() {
            Some('1' | '+') => 10,
            Some('=') => 5,
            _ => 0,
        };
    }
    let mut l = format!(
        "001 {pn:>4}      {name:<33} {rating:>4} {:<3} {:>11} {:<10} {:>4} {:>4}",
        "",
        "",
        "",
        format!("{}.{}", points / 10, points % 10),
        ""
    );
    for b in blocks {
        l.push_str("  ");
        l.push_str(b);
    }
    l.trim_end().to_owned() + "\n"
}

/// A `310` record: team `n` with players `4n-3 .. 4n`.
fn team(n: u16) -> String {
    let players: Vec<String> = (4 * n - 3..=4 * n).map(|p| format!("{p:>4}")).collect();
    format!(
        "310 {n:>3} {:<32} {:<5} {:>6} {:>6} {:>6} {:>3}  {}\n",
        format!("Team {n}"),
        "",
        "",
        "",
        "",
        "",
        players.join(" ")
    )
}

/// Five teams of four boards (first-named team White on boards 1 and 3), three rounds, the
/// `240` records given, and round 1 as `round1` gives each player's block (none: not played).
fn five_teams(byes: &str, round1: &dyn Fn(u16) -> Vec<&'static str>) -> String {
    let mut s = String::from("012 Five teams\n142 3\n352 WBWB\n362 TW 2.0   TD 1.0   TL 0.0\n");
    s.push_str(byes);
    for pn in 1..=20 {
        s.push_str(&player(pn, &round1(pn)));
    }
    for n in 1..=5 {
        s.push_str(&team(n));
    }
    s
}

#[test]
fn c07_team_names_read_and_are_written_as_c07_spells_them() {
    // `MP` and `GP` were refused ("not a FIDE tie-break code"), `MPvGP` written `MPVGP`, the EDE
    // variants unknown.
    for code in [
        "MP",
        "GP",
        "MPvGP",
        "BH:MP/C1/P",
        "SB:GP",
        "EDE",
        "EDEC",
        "EDET/P",
        "EDEB",
        "EDEBT",
        "EDEBB",
        "EMGSB/C1/P",
    ] {
        let tb: TieBreak = code.parse().unwrap_or_else(|e| panic!("{code}: {e}"));
        assert_eq!(tb.to_string(), code);
    }
    let mp: TieBreak = "MP".parse().unwrap();
    assert_eq!(
        (mp.kind, mp.modifiers.score),
        (Kind::Pts, Some(ScoreKind::Match))
    );
    // Older spellings still read, and are written as C.07 spells them.
    for (old, new) in [
        ("PTS:MP", "MP"),
        ("MPTS", "MP"),
        ("gpts", "GP"),
        ("PTS:GP", "GP"),
        ("MPVGP", "MPvGP"),
        ("mpvgp", "MPvGP"),
        ("ESB:MG/C1", "EMGSB/C1"),
    ] {
        assert_eq!(
            old.parse::<TieBreak>().map(|t| t.to_string()),
            Ok(new.to_owned()),
            "{old}"
        );
    }
    // TRF26's own `202` example.
    let list = parse_list("EDET/P,EMGSB/C1/P,BH:MP/C1/P,MPvGP").unwrap();
    let kinds: Vec<Kind> = list.iter().map(|t| t.kind).collect();
    assert_eq!(kinds, [Kind::Edet, Kind::Emgsb, Kind::Bh, Kind::MpVgp]);
    assert_eq!(
        list.iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(","),
        "EDET/P,EMGSB/C1/P,BH:MP/C1/P,MPvGP"
    );
    assert!(
        Kind::EDE
            .iter()
            .all(|k| k.team_only() && k.lower_is_better())
    );
    // Still refused: `MP` with a score of its own, a misspelt EDE.
    assert!("MP:GP".parse::<TieBreak>().is_err());
    assert!("EDEX".parse::<TieBreak>().is_err());
}

#[test]
fn an_absent_team_is_not_paired_and_keeps_its_pairing_number() {
    // C.04.6 art. 1.1.3: with team 1 absent (`240 Z 1 1`) in round 1 of a five-team Swiss the
    // reference pairs 4-2 and 3-5 (2 has an even TPN: the colour opposite to the initial one);
    // before, the 240 was not read for teams and Arbiter paired 1-3, 4-2 and gave 5 the bye.
    let text = five_teams("240 Z   1    1\n", &|_| Vec::new());
    let r = read_trf(text.as_bytes()).unwrap_or_else(|e| panic!("{e}"));
    let t = r.tournament;
    let e = t.team.as_ref().unwrap();
    assert_eq!(e.bye_before_pairing(1, 1), Some(ResultCode::ZeroBye));
    assert!(t.announced_byes.is_empty(), "moved into the team round");
    let state = pairing_state(&t, e, 1);
    assert!(
        state
            .teams
            .iter()
            .find(|s| s.pairing_number == 1)
            .unwrap()
            .absent
    );
    let round = pair_swiss(&t, e).unwrap();
    let mut pairs: Vec<(u16, u16)> = round.matches.iter().map(|m| (m.first, m.second)).collect();
    pairs.sort_unstable();
    assert_eq!(pairs, [(3, 5), (4, 2)]);
    assert_eq!(round.bye, None);
    assert_eq!(round.absent, [1]);
    // Written back as a 240 record in TRF-2026's columns, and read back the same.
    let out = write_trf(&t, TrfVersion::Trf2026);
    assert!(out.contains("\n240 Z   1    1\n"), "{out}");
    assert_eq!(read_trf(out.as_bytes()).unwrap().tournament, t);
}

#[test]
fn a_half_point_bye_scores_a_drawn_match_and_full_a_won_one() {
    // Round 1: team 1 `240 H`, 4-2 and 3-5 drawn on every board; round 2: team 2 `240 F`.
    let draws = |pn: u16| -> Vec<&'static str> {
        match pn {
            // Team 2 (5-8) against team 4 (13-16), team 4 first-named: W B W B.
            5 => vec!["  13 b ="],
            6 => vec!["  14 w ="],
            7 => vec!["  15 b ="],
            8 => vec!["  16 w ="],
            13 => vec!["   5 w ="],
            14 => vec!["   6 b ="],
            15 => vec!["   7 w ="],
            16 => vec!["   8 b ="],
            // Team 3 (9-12) against team 5 (17-20), team 3 first-named.
            9 => vec!["  17 w ="],
            10 => vec!["  18 b ="],
            11 => vec!["  19 w ="],
            12 => vec!["  20 b ="],
            17 => vec!["   9 b ="],
            18 => vec!["  10 w ="],
            19 => vec!["  11 b ="],
            20 => vec!["  12 w ="],
            _ => Vec::new(),
        }
    };
    let text = five_teams("240 H   1    1\n240 F   2    2\n", &draws);
    let r = read_trf(text.as_bytes()).unwrap_or_else(|e| panic!("{e}"));
    let t = r.tournament;
    let e = t.team.as_ref().unwrap();
    let rec = e.team_round(&t, 1, 1);
    assert_eq!(rec.kind, TeamRoundKind::HalfBye);
    // Four boards: a drawn match (1 MP) and a draw on every board (2 GP).
    assert_eq!(
        (rec.match_points, rec.game_points),
        (Points::from_tenths(10), Points::from_tenths(20))
    );
    assert_eq!(
        e.scores_after_round(&t, 1)[&1],
        (Points::from_tenths(10), Points::from_tenths(20))
    );
    // The standings and the tie-breaks that read the score see it.
    let tbs = parse_list("MP,GP,PS:MP").unwrap();
    let s = team_standings(&t, e, &tbs, &TeamStandingsOptions::default());
    let row = s.rows.iter().find(|r| r.team == 1).unwrap();
    let shown: Vec<String> = row
        .values
        .iter()
        .map(|v| v.map(|v| v.format(1)).unwrap_or_default())
        .collect();
    assert_eq!(shown, ["1.0", "2.0", "1.0"]);
    // Round 2: team 2 is not paired, and once the round is played it scores a won match.
    let round2 = pair_swiss(&t, e).unwrap();
    assert!(
        round2.match_of(2).is_none() && round2.bye != Some(2),
        "{round2:?}"
    );
    let full = e.team_round(&t, 2, 2);
    assert_eq!(full.kind, TeamRoundKind::FullBye);
    assert_eq!(
        (full.match_points, full.game_points),
        (Points::from_tenths(20), Points::from_tenths(40))
    );
    // Lossless: both 240 records written back.
    let out = write_trf(&t, TrfVersion::Trf2026);
    assert!(
        out.contains("\n240 H   1    1\n") && out.contains("\n240 F   2    2\n"),
        "{out}"
    );
    assert_eq!(read_trf(out.as_bytes()).unwrap().tournament, t);
}

#[test]
fn a_240_for_an_unknown_or_paired_team_is_an_error_naming_the_line() {
    let text = five_teams("240 H   1    7\n", &|_| Vec::new());
    let err = read_trf(text.as_bytes()).unwrap_err();
    assert!(
        err.errors
            .iter()
            .any(|i| i.line == 5 && i.to_string().contains("team 7")),
        "{err}"
    );
}

#[test]
fn a_trf16_match_every_board_of_which_was_forfeited_is_a_forfeited_match() {
    // Four teams of two boards (013, TRF16): round 1, 1-2 played; 3-4 never sat down: team 3's
    // players won by forfeit against team 4's. Before, the match counted as played (colours, a
    // meeting the pairing would not repeat).
    let blocks = |pn: u16| -> Vec<&'static str> {
        match pn {
            1 => vec!["   3 w 1"],
            2 => vec!["   4 b ="],
            3 => vec!["   1 b 0"],
            4 => vec!["   2 w ="],
            5 => vec!["   7 w +"],
            6 => vec!["   8 b +"],
            7 => vec!["   5 b -"],
            8 => vec!["   6 w -"],
            _ => Vec::new(),
        }
    };
    let mut text = String::from("012 Four teams\nXXR 3\n");
    for pn in 1..=8 {
        text.push_str(&player(pn, &blocks(pn)));
    }
    for n in 1..=4u16 {
        text.push_str(&format!(
            "013 {:<32}{:>4} {:>4}\n",
            format!("Team {n}"),
            2 * n - 1,
            2 * n
        ));
    }
    let r = read_trf(text.as_bytes()).unwrap_or_else(|e| panic!("{e}"));
    let t = r.tournament;
    let e = t.team.as_ref().unwrap();
    let m = e.round(1).unwrap().match_of(3).unwrap();
    assert_eq!(
        m.forfeit,
        Some(if m.first == 3 {
            MatchForfeit::FirstWins
        } else {
            MatchForfeit::SecondWins
        })
    );
    assert_eq!(e.team_round(&t, 3, 1).kind, TeamRoundKind::ForfeitWin);
    assert_eq!(e.team_round(&t, 4, 1).kind, TeamRoundKind::ForfeitLoss);
    assert_eq!(e.team_round(&t, 1, 1).kind, TeamRoundKind::Played);
    // For pairing: no colour, not a meeting.
    let state = pairing_state(&t, e, 2);
    let h = &state
        .teams
        .iter()
        .find(|s| s.pairing_number == 3)
        .unwrap()
        .history[0];
    assert_eq!(h.colour, None);
    assert_ne!(h.kind, arbiter_pairing::RoundKind::Played);
    // The file writes back to the same event.
    let out = write_trf(&t, TrfVersion::Trf16);
    assert_eq!(read_trf(out.as_bytes()).unwrap().tournament, t);
}

#[test]
fn the_ede_variants_break_a_tie_of_two_teams_inside_their_encounter() {
    // Two teams of two boards meet twice: 1-1 and 1-1, equal match and game points, EDE cannot
    // separate them. Team 1 scored 1.5 on board 1 and 0.5 on board 2, team 2 the reverse.
    let mut text = String::from("012 Two teams\n142 2\n352 WB\n362 TW 2.0   TD 1.0   TL 0.0\n");
    for (pn, blocks) in [
        (1, ["   3 w 1", "   3 b ="]),
        (2, ["   4 b 0", "   4 w ="]),
        (3, ["   1 b 0", "   1 w ="]),
        (4, ["   2 w 1", "   2 b ="]),
    ] {
        text.push_str(&player(pn, &blocks));
    }
    for n in 1..=2u16 {
        let players = format!("{:>4} {:>4}", 2 * n - 1, 2 * n);
        text.push_str(&format!(
            "310 {n:>3} {:<32} {:<5} {:>6} {:>6} {:>6} {:>3}  {players}\n",
            format!("Team {n}"),
            "",
            "",
            "",
            "",
            ""
        ));
    }
    let t = read_trf(text.as_bytes())
        .unwrap_or_else(|e| panic!("{e}"))
        .tournament;
    let e = t.team.as_ref().unwrap();
    let ranks = |list: &str| {
        let s = team_standings(
            &t,
            e,
            &parse_list(list).unwrap(),
            &TeamStandingsOptions::default(),
        );
        let mut r: Vec<(u16, u32)> = s.rows.iter().map(|r| (r.team, r.rank)).collect();
        r.sort_unstable();
        r
    };
    assert_eq!(ranks("MP,GP,EDE"), [(1, 1), (2, 1)]);
    // Top board results, board-by-board elimination: team 1 first; the board count (the lower
    // first: 1.5 + 2 × 0.5 = 2.5 against 0.5 + 2 × 1.5 = 3.5): team 1 first too.
    for list in [
        "MP,GP,EDET",
        "MP,GP,EDEB",
        "MP,GP,EDEC",
        "MP,GP,EDEBT",
        "MP,GP,EDEBB/P",
    ] {
        assert_eq!(ranks(list), [(1, 1), (2, 2)], "{list}");
    }
}

/// The round's matches as unordered pairs, sorted.
fn matched(round: &arbiter_tournament::team::TeamRound) -> Vec<(u16, u16)> {
    let mut v: Vec<(u16, u16)> = round
        .matches
        .iter()
        .map(|m| (m.first.min(m.second), m.first.max(m.second)))
        .collect();
    v.sort_unstable();
    v
}

#[test]
fn a_team_acceleration_is_read_written_in_columns_and_paired_with() {
    // TRF-2026 `250` in a team event: teams 1-2 start round 1 with a won match's fictitious
    // points (2 MP, 4 GP). Before, the six fields did not read (a warning) and the pairing knew
    // nothing of them; now the top scoregroup is {1, 2}: 1-2 and 3-4, team 5 the bye (3.4).
    let text = five_teams("250  2.0  4.0   1   1    1    2\n", &|_| Vec::new());
    let r = read_trf(text.as_bytes()).unwrap_or_else(|e| panic!("{e}"));
    assert!(r.warnings.is_empty(), "{:?}", r.warnings);
    let t = r.tournament;
    assert!(t.accelerations.is_empty(), "team numbers, not players");
    let e = t.team.as_ref().unwrap();
    assert_eq!(
        e.accelerations,
        [TeamAcceleration {
            match_points: Points::from_tenths(20),
            game_points: Points::from_tenths(40),
            rounds: (1, 1),
            teams: (1, 2),
        }]
    );
    let state = pairing_state(&t, e, 1);
    assert_eq!(state.teams[1].acceleration, [(20, 8)]);
    assert!(state.teams[2].acceleration.is_empty());
    let round = pair_swiss(&t, e).unwrap();
    assert_eq!(matched(&round), [(1, 2), (3, 4)]);
    assert_eq!(round.bye, Some(5));
    let out = write_trf(&t, TrfVersion::Trf2026);
    assert!(out.contains("\n250  2.0  4.0   1   1    1    2\n"), "{out}");
    assert_eq!(read_trf(out.as_bytes()).unwrap().tournament, t);
    let out16 = write_trf(&t, TrfVersion::Trf16);
    assert_eq!(read_trf(out16.as_bytes()).unwrap().tournament, t);
}

#[test]
fn a_forbidden_pair_of_teams_keeps_them_apart_and_is_no_finding_on_the_boards() {
    // TRF-2026 `260` in a team event names teams: 1 and 3 may not meet in rounds 1-3. Round 1
    // of five teams without it is 1-3, 2-4 (team 5 the bye); with it the next identifier in
    // order (3.6), 1-4 and 2-3. Before, the engine was given no forbidden pairs, and the
    // players numbered 1 and 3 were checked as if they were the forbidden pair.
    let text = five_teams("260   1   3    1    3\n", &|_| Vec::new());
    let t = read_trf(text.as_bytes()).unwrap().tournament;
    let e = t.team.as_ref().unwrap();
    assert_eq!(pairing_state(&t, e, 1).forbidden, [(1, 3)]);
    let round = pair_swiss(&t, e).unwrap();
    assert_eq!(matched(&round), [(1, 4), (2, 3)]);
    let out = write_trf(&t, TrfVersion::Trf2026);
    assert!(out.contains("\n260   1   3    1    3\n"), "{out}");
    // Team 1 (players 1-4) played team 2 (5-8): players 1 and 5 met on board 1, which a
    // player-level reading of `260   1   3    1    5` would have flagged.
    let played = |pn: u16| -> Vec<&'static str> {
        match pn {
            1 => vec!["   5 w 1"],
            2 => vec!["   6 b 1"],
            3 => vec!["   7 w 1"],
            4 => vec!["   8 b 1"],
            5 => vec!["   1 b 0"],
            6 => vec!["   2 w 0"],
            7 => vec!["   3 b 0"],
            8 => vec!["   4 w 0"],
            _ => Vec::new(),
        }
    };
    let text = five_teams("260   1   3    1    5\n", &played);
    let r = read_trf(text.as_bytes()).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        !r.warnings
            .iter()
            .any(|w| matches!(w.kind, IssueKind::ForbiddenPairPlayed(..))),
        "{:?}",
        r.warnings
    );
}

#[test]
fn tables_follow_the_pairing_scores_with_the_fictitious_points() {
    // Teams 3-4 start round 1 with 2 fictitious match points (`250`): the engine pairs 3-4 in
    // the top scoregroup and puts it on table 1 (C.04.2 3.6: the higher score of the pair),
    // then 1-2, team 5 the bye. A file does not number tables: the reader ordered them by the
    // scores without the acceleration (and without the byes before pairing), so it put 1-2 on
    // table 1 and read back an event that was not the one written.
    let draws = |pn: u16| -> Vec<&'static str> {
        let block = match pn {
            1 => "   5 w =",
            2 => "   6 b =",
            3 => "   7 w =",
            4 => "   8 b =",
            5 => "   1 b =",
            6 => "   2 w =",
            7 => "   3 b =",
            8 => "   4 w =",
            9 => "  13 w =",
            10 => "  14 b =",
            11 => "  15 w =",
            12 => "  16 b =",
            13 => "   9 b =",
            14 => "  10 w =",
            15 => "  11 b =",
            16 => "  12 w =",
            _ => return Vec::new(),
        };
        vec![block]
    };
    let text = five_teams("250  2.0  0.0   1   1    3    4\n", &draws) + "320  1.0  2.0   5\n";
    let t = read_trf(text.as_bytes())
        .unwrap_or_else(|e| panic!("{e}"))
        .tournament;
    let e = t.team.as_ref().unwrap();
    let tables: Vec<(u16, u16, u16)> = e.rounds[0]
        .matches
        .iter()
        .map(|m| (m.table, m.first, m.second))
        .collect();
    assert_eq!(tables, [(1, 3, 4), (2, 1, 2)]);
    // The games' board numbers follow: team 3's players on boards 1-4.
    let board_of = |pn: u16| {
        t.rounds[0]
            .games
            .iter()
            .find(|g| g.white == pn || g.black == pn)
            .and_then(|g| g.board)
    };
    assert_eq!(
        (board_of(9), board_of(12), board_of(1)),
        (Some(1), Some(4), Some(5))
    );
    let checked = recheck_pairings(&t, e).unwrap();
    assert!(
        checked.iter().all(|rc| rc.findings.is_empty()),
        "{checked:?}"
    );
}

#[test]
fn trf16_renumbers_the_forbidden_pairs_and_accelerations_of_teams_with_the_teams() {
    // TRF16 numbers teams by their `013` order: an event whose team 5 is numbered 7 is written
    // with it as team 5, and its `260` pair 2-7 and `250` range 4-7 follow (2-5, 4-5). Before,
    // the rounds followed but the forbidden pair still named team 7, which no longer existed.
    let text = five_teams(
        "250  2.0  0.0   1   1    4    7\n260   1   3    2    7\n",
        &|_| Vec::new(),
    );
    let mut t = read_trf(text.as_bytes()).unwrap().tournament;
    t.team.as_mut().unwrap().teams[4].number = 7;
    let back = read_trf(write_trf(&t, TrfVersion::Trf16).as_bytes())
        .unwrap()
        .tournament;
    let e = back.team.as_ref().unwrap();
    assert_eq!(e.teams[4].number, 5);
    assert_eq!(e.accelerations[0].teams, (4, 5));
    assert_eq!(back.forbidden_pairs[0].players, [2, 5]);
    let mut expected = t.clone();
    expected.number_teams_by_order();
    assert_eq!(back, expected);
    // TRF-2026 keeps the numbers.
    let back26 = read_trf(write_trf(&t, TrfVersion::Trf2026).as_bytes()).unwrap();
    assert_eq!(back26.tournament, t);
}
