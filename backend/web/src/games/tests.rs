//! Unit tests of `games`.

use super::*;

#[test]
fn move_labels_follow_the_side_to_move() {
    assert_eq!(move_label(1, true, 1), "1. ");
    assert_eq!(move_label(2, true, 1), "1...");
    assert_eq!(move_label(3, true, 1), "2. ");
    assert_eq!(move_label(1, false, 30), "30...");
    assert_eq!(move_label(2, false, 30), "31. ");
}

#[test]
fn forfeits_and_pending_games_in_pgn() {
    assert_eq!(
        pgn_result(&GameResult::forfeit(arbiter_tournament::Colour::Black)),
        (Termination::BlackWins, Some("rules infraction"))
    );
    assert_eq!(pgn_result(&GameResult::draw()), (Termination::Draw, None));
    assert_eq!(
        pgn_result(&GameResult::pending()),
        (Termination::Unknown, None)
    );
}
