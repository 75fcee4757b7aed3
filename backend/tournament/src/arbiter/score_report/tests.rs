//! Unit tests of `score_report`.

use super::*;
use crate::model::Game;

fn report(sheet: &str, result: GameResult, how: HowDecided) -> ScoreReport {
    score_report(sheet, &result, how, ReplayOptions::default()).unwrap()
}

#[test]
fn a_clean_game() {
    let r = report(
        "1.e4 e5 2.Sf3 Sc6 3.Lb5 a6",
        GameResult::draw(),
        HowDecided::OverTheBoard,
    );
    assert!(r.is_clean(), "{r:?}");
    assert_eq!(r.plies, 6);
    assert_eq!(r.letters, "German");
    let r = report(
        "[Event \"x\"]\n[Result \"1-0\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n",
        GameResult::black_wins(),
        HowDecided::Unspecified,
    );
    assert_eq!(r.final_outcome, "checkmate");
    // The board agrees with the entered result; the scoresheet's own result is noted (Art. 8).
    assert!(r.result_flag.is_none() && r.move_flag.is_none(), "{r:?}");
    assert!(r.sheet_result_differs.is_some());
    assert!(!r.is_clean());
}

#[test]
fn the_first_illegal_move_is_reported_with_its_number_and_article() {
    let r = report(
        "1.e4 e5 2.Nf3 Nc6 3.Bb5 Nf6 4.Bxe8",
        GameResult::white_wins(),
        HowDecided::OverTheBoard,
    );
    let f = r.move_flag.unwrap();
    assert_eq!((f.ply, f.move_number, f.side), (7, 4, Colour::White));
    assert_eq!(f.text, "Bxe8");
    assert!(f.article.starts_with('3'), "{}", f.article);
    let r = report(
        "1.e4 e5 2.Ke3",
        GameResult::draw(),
        HowDecided::OverTheBoard,
    );
    assert_eq!(r.move_flag.unwrap().ply, 3);
}

#[test]
fn a_checkmate_recorded_the_wrong_way_is_flagged() {
    let r = report(
        "1.f3 e5 2.g4 Qh4#",
        GameResult::white_wins(),
        HowDecided::OverTheBoard,
    );
    let f = r.result_flag.unwrap();
    assert_eq!(f.article, "5.1(a)");
    assert_eq!(f.expected, Some(GameResult::black_wins()));
}

#[test]
fn a_stalemate_recorded_as_a_win_is_flagged() {
    let sheet = "[FEN \"k7/8/8/8/8/8/8/1Q4K1 b - - 0 60\"]\n\n60... Ka7 61. Kf2 Ka8 62. Qb6 *";
    let r = report(sheet, GameResult::white_wins(), HowDecided::OverTheBoard);
    let f = r.result_flag.unwrap();
    assert_eq!(f.article, "5.2(a)");
    assert_eq!(f.expected, Some(GameResult::draw()));
}

#[test]
fn a_dead_position_recorded_as_decisive_is_flagged() {
    let sheet = "[FEN \"k7/8/8/8/8/8/1r6/K1B5 w - - 0 60\"]\n\n60. Kxb2 *";
    let r = report(sheet, GameResult::white_wins(), HowDecided::OverTheBoard);
    let f = r.result_flag.unwrap();
    assert!(f.article.starts_with("5.2(b)"), "{}", f.article);
    assert_eq!(f.expected, Some(GameResult::draw()));
}

#[test]
fn a_time_win_for_a_side_that_cannot_mate_is_a_draw() {
    // Black, winning on time, has a bare king: he cannot checkmate (6.9).
    let sheet = "[FEN \"8/8/4k3/8/8/3PK3/8/8 w - - 0 50\"]\n\n50. d4 Kd6 *";
    let r = report(sheet, GameResult::black_wins(), HowDecided::OnTime);
    let f = r.result_flag.unwrap();
    assert_eq!(f.article, "6.9");
    assert_eq!(f.expected, Some(GameResult::draw()));
    // The same result by resignation stands (White could resign a won game).
    let r = report(sheet, GameResult::black_wins(), HowDecided::OverTheBoard);
    assert!(r.result_flag.is_none(), "{r:?}");
    // White's win on time stands: White can mate.
    let r = report(sheet, GameResult::white_wins(), HowDecided::OnTime);
    assert!(r.is_clean(), "{r:?}");
}

#[test]
fn forfeits_and_sheet_differences() {
    let r = report(
        "1.e4 e5",
        GameResult::forfeit(Colour::White),
        HowDecided::Unspecified,
    );
    assert_eq!(r.result_flag.unwrap().article, "6.7");
    let r = report(
        "",
        GameResult::forfeit(Colour::White),
        HowDecided::Unspecified,
    );
    assert!(r.is_clean());
    let r = report("1.e4 e5 1-0", GameResult::draw(), HowDecided::OverTheBoard);
    assert!(r.sheet_result_differs.unwrap().contains("Art. 8"));
    assert_eq!(
        score_report(
            "1.e4",
            &GameResult::pending(),
            HowDecided::Unspecified,
            ReplayOptions::default()
        ),
        Err(ScoreReportError::NoResult)
    );
    assert!(matches!(
        score_report(
            "1.e4 {unclosed",
            &GameResult::draw(),
            HowDecided::Unspecified,
            ReplayOptions::default()
        ),
        Err(ScoreReportError::Unreadable(_))
    ));
}

#[test]
fn penalty_results_are_replayed_but_not_compared() {
    // A game ending in mate, then declared lost by both (12.8): only the moves are checked.
    let r = report(
        "1.f3 e5 2.g4 Qh4#",
        GameResult::lost_by_both("Art. 12.8: both refused"),
        HowDecided::Unspecified,
    );
    assert!(r.is_clean(), "{r:?}");
    let r = report(
        "1.f3 e5 2.g4 Qh4# 3.Kf2",
        GameResult::lost_by_both("Art. 12.8"),
        HowDecided::Unspecified,
    );
    assert!(r.move_flag.is_some());
}

#[test]
fn results_as_people_write_them() {
    assert_eq!(parse_result("1-0"), Some(GameResult::white_wins()));
    assert_eq!(parse_result(" 0 : 1 "), Some(GameResult::black_wins()));
    assert_eq!(parse_result("½-½"), Some(GameResult::draw()));
    assert_eq!(parse_result("0.5-0.5"), Some(GameResult::draw()));
    assert_eq!(
        parse_result("+/-"),
        Some(GameResult::forfeit(Colour::White))
    );
    assert_eq!(
        parse_result("-/+"),
        Some(GameResult::forfeit(Colour::Black))
    );
    assert_eq!(parse_result("-/-"), Some(GameResult::double_forfeit()));
    assert_eq!(parse_result("2-0"), None);
    assert_eq!(parse_result(""), None);
}

fn round() -> Round {
    let mut r = Round::new(3);
    for (board, w, b) in [(1, 1, 4), (2, 5, 2), (3, 3, 6)] {
        let mut g = Game::new(w, b, GameResult::pending());
        g.board = Some(board);
        r.games.push(g);
    }
    r
}

#[test]
fn a_good_csv_round_report() {
    let csv = "Board;White;Black;Result\n1;1;4;1-0\n2;5;2;1/2-1/2\n3;3;6;-/+\n";
    let report = parse_round_csv(csv.as_bytes()).unwrap();
    assert_eq!(report.games.len(), 3);
    assert_eq!(report.games[2].result, GameResult::forfeit(Colour::Black));
    let update = match_round(&round(), &report).unwrap();
    assert_eq!(update.games[1], (1, GameResult::draw()));
}

#[test]
fn a_csv_round_report_with_one_bad_line_is_rejected_whole() {
    let csv = "board,white,black,result\n1,1,4,1-0\n2,5,2,2-0\n3,3,6,0-1\n";
    let err = parse_round_csv(csv.as_bytes()).unwrap_err();
    assert_eq!(err.errors.len(), 1);
    let e = &err.errors[0];
    assert_eq!(
        (e.line, e.field.as_deref(), e.value.as_str()),
        (3, Some("result"), "2-0")
    );
    assert!(err.to_string().contains("line 3"));
    let csv = "board,white,black,result\n1,1,4,1-0\n1,5,5,0-1\nx,3,6,0-1\n";
    let err = parse_round_csv(csv.as_bytes()).unwrap_err();
    let lines: Vec<u64> = err.errors.iter().map(|e| e.line).collect();
    assert_eq!(lines, vec![3, 4]);
    let err = parse_round_csv(b"board,white,result\n1,1,1-0\n").unwrap_err();
    assert_eq!(err.errors[0].field.as_deref(), Some("black"));
    let err = parse_round_csv(b"board,white,black,result,extra\n").unwrap_err();
    assert_eq!(err.errors[0].field.as_deref(), Some("extra"));
}

#[test]
fn the_report_must_match_the_pairing() {
    let csv = "board,white,black,result\n1,4,1,1-0\n2,5,2,0-1\n3,3,7,1-0\n";
    let report = parse_round_csv(csv.as_bytes()).unwrap();
    let err = match_round(&round(), &report).unwrap_err();
    assert_eq!(err.errors.len(), 2);
    assert!(err.errors[0].reason.contains("reversed"));
    assert_eq!(err.errors[1].line, 4);
    let csv = "board,white,black,result\n2,1,4,1-0\n";
    let err = match_round(&round(), &parse_round_csv(csv.as_bytes()).unwrap()).unwrap_err();
    assert!(err.errors[0].reason.contains("board 1"));
}

fn trf_line(pn: u16, block: &str) -> String {
    // Columns 1-91 (header of the 001 record), then rounds 1 and 2 blank, round 3's block.
    let head = format!("001 {pn:>4}   {:<33}", format!("Player {pn}"));
    let head = format!("{head:<91}");
    format!("{head}{:<10}{:<10}{block}", "", "")
}

#[test]
fn a_trf_round_report() {
    let text = [
        "012 Test".to_owned(),
        trf_line(1, "   4 w 1"),
        trf_line(4, "   1 b 0"),
        trf_line(2, "   5 b ="),
        trf_line(5, "   2 w ="),
        trf_line(3, "   6 w +"),
        trf_line(6, "   3 b -"),
        trf_line(7, "0000 - H"),
    ]
    .join("\n");
    let report = parse_round_trf(&text, 3).unwrap();
    assert_eq!(report.games.len(), 3);
    assert_eq!(report.byes.len(), 1);
    assert_eq!(report.byes[0].code, ResultCode::HalfBye);
    let mut r = round();
    let update = match_round(&r, &report).unwrap();
    assert_eq!(update.games.len(), 3);
    assert_eq!(update.byes[0].player, 7);
    r.games[0].white = 7;
    assert!(match_round(&r, &report).is_err());
}

#[test]
fn a_trf_round_report_with_disagreeing_lines_is_rejected() {
    let text = [
        trf_line(1, "   4 w 1"),
        trf_line(4, "   1 b 1"),
        trf_line(2, "   5 b ="),
        trf_line(5, "   3 w ="),
        trf_line(3, "   6 x +"),
    ]
    .join("\n");
    let err = parse_round_trf(&text, 3).unwrap_err();
    let lines: Vec<u64> = err.errors.iter().map(|e| e.line).collect();
    assert_eq!(lines, vec![1, 3, 4, 5], "{err:?}");
    assert!(parse_round_trf("", 0).is_err());
}
