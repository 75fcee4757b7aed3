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

#[test]
fn articles_read_in_the_readers_digits_and_clause_letters() {
    use crate::l10n::Lang;
    let lang = |code: &str| Lang::parse(code).unwrap();
    let fa = L10n::new(lang("fa"), false);
    let ar = L10n::new(lang("ar"), false);
    let en = L10n::new(lang("en"), false);
    assert_eq!(words::article_number(&fa, "5.1(a)"), "۵٫۱(الف)");
    assert_eq!(words::article_number(&fa, "3.7(a), (b)"), "۳٫۷(الف)، (ب)");
    assert_eq!(
        words::article_number(&ar, "3.8(a)(ii)(2)(a)"),
        "٣٫٨(أ)(٢)(٢)(أ)"
    );
    assert_eq!(words::article_number(&ar, "9.6(b)"), "٩٫٦(ب)");
    assert_eq!(words::article_number(&fa, "E.9"), "E.۹");
    assert_eq!(
        words::article_number(&en, "3.8(a)(ii)(2)(a)"),
        "3.8(a)(ii)(2)(a)"
    );
    assert_eq!(words::article_ref(&en, "E.9"), "Art. E.9");
    assert_eq!(words::article_ref(&fa, "E.9"), "پیوست E.۹");
    assert_eq!(words::article_ref(&ar, "6.9"), "المادة ٦٫٩");
    // Latin digits by choice.
    let fa_latn = L10n::new(lang("fa"), true);
    assert_eq!(words::article_number(&fa_latn, "5.2(b)"), "5.2(ب)");
}

#[test]
fn moves_are_rewritten_in_the_readers_letters_and_kept_left_to_right() {
    use crate::l10n::{Lang, Pieces};
    let lang = |code: &str| Lang::parse(code).unwrap();
    use arbiter_rules::Color;
    let fa = Notation::of(&L10n::new(lang("fa"), false));
    assert_eq!(fa.rewrite("Ke3", Color::White), "شe۳");
    assert_eq!(fa.rewrite("Nbd2", Color::Black), "اسbd۲");
    assert_eq!(fa.rewrite("e8=Q+", Color::White), "e۸=و+");
    assert_eq!(fa.rewrite("O-O", Color::White), "O-O");
    let ar = Notation::of(&L10n::new(lang("ar"), false));
    assert_eq!(ar.rewrite("R1d2", Color::White), "ر١d٢");
    let fig = Notation::of(&L10n::new(lang("ar"), false).with_pieces(Pieces::Figurine));
    assert_eq!(fig.rewrite("Qxf7#", Color::Black), "♛xf٧#");
    let en = Notation::of(&L10n::new(lang("fa"), false).with_pieces(Pieces::English));
    assert_eq!(en.rewrite("Nbd2", Color::White), "Nbd2");
    // A mark on each side of a Persian or Arabic letter; nothing else changes.
    assert_eq!(ltr_safe("٤٣...رf٥"), "٤٣...\u{200E}ر\u{200E}f٥");
    assert_eq!(ltr_safe("43...Rf5"), "43...Rf5");
    assert_eq!(ltr_safe("♜f۵"), "♜f۵");
}
