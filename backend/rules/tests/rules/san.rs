// Over 800 lines: the notation tests, one per form of Appendix E, sharing the position builders at
// the top.
//! Algebraic notation (Appendix E): writing, reading every form, national letters (E.2), errors
//! with their reasons (Art. 3), real games and random positions.

use arbiter_rules::{
    CastlingSide, CheckMarks, Color, IllegalReason, Move, MoveError, MoveKind, Piece, PieceKind,
    PieceLetters, Position, RankDigits, SanFormat, Square, detect_letters,
};
use proptest::prelude::*;

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The position after the English SAN moves `line`, from the initial position.
fn after(line: &str) -> Position {
    let mut p = Position::new();
    for token in line.split_whitespace() {
        let m = p
            .parse_san(token)
            .unwrap_or_else(|e| panic!("{token}: {e}"));
        p = p.play(m).unwrap_or_else(|e| panic!("{e}"));
    }
    p
}

fn mv(from: Square, to: Square, kind: MoveKind) -> Move {
    Move::new(from, to, kind)
}

fn illegal(p: &Position, text: &str) -> IllegalReason {
    match p.parse_san(text) {
        Err(MoveError::Illegal { reason, .. }) => reason,
        other => panic!("{text}: expected an illegal move, got {other:?}"),
    }
}

// --- Writing -----------------------------------------------------------------------------------

#[test]
fn writes_plain_moves_captures_and_checks() {
    let p = Position::new();
    assert_eq!(
        p.san(mv(Square::E2, Square::E4, MoveKind::DoublePush)),
        "e4"
    );
    assert_eq!(p.san(mv(Square::G1, Square::F3, MoveKind::Normal)), "Nf3");
    let p = after("e4 d5");
    assert_eq!(p.san(mv(Square::E4, Square::D5, MoveKind::Normal)), "exd5");
    assert_eq!(p.san(mv(Square::F1, Square::B5, MoveKind::Normal)), "Bb5+");
    let p = after("e4 e5 Bc4 Nc6 Qh5 Nf6");
    assert_eq!(p.san(mv(Square::H5, Square::F7, MoveKind::Normal)), "Qxf7#");
    let e = SanFormat::APPENDIX_E;
    assert_eq!(
        p.san_with(mv(Square::H5, Square::F7, MoveKind::Normal), &e),
        "Qxf7++"
    );
    let no_marks = SanFormat::PGN.with_check_marks(CheckMarks::None);
    assert_eq!(
        p.san_with(mv(Square::H5, Square::F7, MoveKind::Normal), &no_marks),
        "Qxf7"
    );
    let mut out = String::new();
    p.write_san(mv(Square::H5, Square::F7, MoveKind::Normal), &mut out)
        .unwrap();
    assert_eq!(out, "Qxf7#");
}

#[test]
fn disambiguates_by_file_then_rank_then_both() {
    // E.9(1): knights g1 and e1 on one rank.
    let p = pos("4k3/8/8/8/8/8/8/K3N1N1 w - - 0 1");
    assert_eq!(p.san(mv(Square::G1, Square::F3, MoveKind::Normal)), "Ngf3");
    assert_eq!(p.san(mv(Square::E1, Square::F3, MoveKind::Normal)), "Nef3");
    // E.9(2): knights g1 and g5 on one file.
    let p = pos("4k3/8/8/6N1/8/8/8/K5N1 w - - 0 1");
    assert_eq!(p.san(mv(Square::G1, Square::F3, MoveKind::Normal)), "N1f3");
    assert_eq!(p.san(mv(Square::G5, Square::F3, MoveKind::Normal)), "N5f3");
    // E.9(3): different rank and file: the file is preferred.
    let p = pos("4k3/8/8/8/3N4/8/7N/K7 w - - 0 1");
    assert_eq!(p.san(mv(Square::H2, Square::F3, MoveKind::Normal)), "Nhf3");
    assert_eq!(p.san(mv(Square::D4, Square::F3, MoveKind::Normal)), "Ndf3");
    // Captures: E.9's `Ngxf3`.
    let p = pos("4k3/8/8/8/8/5p2/8/K3N1N1 w - - 0 1");
    assert_eq!(p.san(mv(Square::G1, Square::F3, MoveKind::Normal)), "Ngxf3");
    // Both: one queen on the same file, one on the same rank.
    let p = pos("k7/8/3Q4/8/3Q1Q2/8/8/K7 w - - 0 1");
    assert_eq!(p.san(mv(Square::D4, Square::E5, MoveKind::Normal)), "Qd4e5");
    assert_eq!(p.san(mv(Square::D6, Square::E5, MoveKind::Normal)), "Q6e5");
    assert_eq!(p.san(mv(Square::F4, Square::E5, MoveKind::Normal)), "Qfe5");
    // A pinned knight cannot move: no disambiguation needed.
    let p = pos("4k3/8/8/8/1b6/2N5/8/4K1N1 w - - 0 1");
    assert_eq!(p.san(mv(Square::G1, Square::E2, MoveKind::Normal)), "Ne2");
    // E.10: pawn captures always give the file.
    let p = pos("4k3/8/8/3p4/2P1P3/8/8/4K3 w - - 0 1");
    assert_eq!(p.san(mv(Square::C4, Square::D5, MoveKind::Normal)), "cxd5");
    assert_eq!(p.san(mv(Square::E4, Square::D5, MoveKind::Normal)), "exd5");
}

#[test]
fn writes_promotions_castling_and_en_passant() {
    let p = pos("8/P7/8/8/8/8/8/k6K w - - 0 1");
    let q = mv(
        Square::A7,
        Square::A8,
        MoveKind::Promotion(PieceKind::Queen),
    );
    let n = mv(
        Square::A7,
        Square::A8,
        MoveKind::Promotion(PieceKind::Knight),
    );
    assert_eq!(p.san(q), "a8=Q+");
    assert_eq!(p.san(n), "a8=N");
    assert_eq!(p.san_with(q, &SanFormat::APPENDIX_E), "a8Q+");
    let french = SanFormat::APPENDIX_E.with_letters(PieceLetters::French);
    assert_eq!(p.san_with(q, &french), "a8D+");

    let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let oo = mv(Square::E1, Square::G1, MoveKind::Castle(CastlingSide::King));
    let ooo = mv(
        Square::E1,
        Square::C1,
        MoveKind::Castle(CastlingSide::Queen),
    );
    assert_eq!(p.san(oo), "O-O");
    assert_eq!(p.san(ooo), "O-O-O");
    assert_eq!(p.san_with(oo, &SanFormat::APPENDIX_E), "0-0");
    assert_eq!(p.san_with(ooo, &SanFormat::APPENDIX_E), "0-0-0");

    let p = pos("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    let ep = mv(Square::E5, Square::D6, MoveKind::EnPassant);
    assert_eq!(p.san(ep), "exd6");
    assert_eq!(p.san_with(ep, &SanFormat::APPENDIX_E), "exd6 e.p.");
}

#[test]
fn writes_national_letters_figurines_and_digits() {
    let p = Position::new();
    let nf3 = mv(Square::G1, Square::F3, MoveKind::Normal);
    let expected = [
        (PieceLetters::English, "Nf3"),
        (PieceLetters::German, "Sf3"),
        (PieceLetters::French, "Cf3"),
        (PieceLetters::Spanish, "Cf3"),
        (PieceLetters::Italian, "Cf3"),
        (PieceLetters::Dutch, "Pf3"),
        (PieceLetters::Russian, "Кf3"),
        (PieceLetters::Persian, "اسf3"),
        (PieceLetters::Arabic, "حf3"),
        (PieceLetters::Figurine, "♘f3"),
    ];
    for (letters, text) in expected {
        assert_eq!(p.san_with(nf3, &SanFormat::PGN.with_letters(letters)), text);
    }
    let p = after("e4 e5 Ke2");
    let ke7 = mv(Square::E8, Square::E7, MoveKind::Normal);
    for (letters, text) in [
        (PieceLetters::Russian, "Крe7"),
        (PieceLetters::French, "Re7"),
        (PieceLetters::Figurine, "♚e7"),
        (PieceLetters::Persian, "شe7"),
        (PieceLetters::Arabic, "مe7"),
    ] {
        assert_eq!(p.san_with(ke7, &SanFormat::PGN.with_letters(letters)), text);
    }
    let persian = SanFormat::PGN
        .with_letters(PieceLetters::Persian)
        .with_digits(RankDigits::Persian);
    assert_eq!(p.san_with(ke7, &persian), "شe۷");
    let arabic = SanFormat::PGN
        .with_letters(PieceLetters::Arabic)
        .with_digits(RankDigits::ArabicIndic);
    assert_eq!(p.san_with(ke7, &arabic), "مe٧");
}

// --- Reading -----------------------------------------------------------------------------------

fn reads_as(p: &Position, texts: &[&str], letters: PieceLetters, expected: Move) {
    for text in texts {
        assert_eq!(
            p.parse_move(text, letters),
            Ok(expected),
            "`{text}` in {letters}"
        );
    }
}

#[test]
fn reads_piece_moves_in_every_form() {
    let nf3 = mv(Square::G1, Square::F3, MoveKind::Normal);
    let forms = [
        "Nf3",
        "Ngf3",
        "N1f3",
        "Ng1f3",
        "Ng1-f3",
        "Ng1xf3",
        "g1f3",
        "g1-f3",
        "Nf3+",
        "Nf3!",
        "Nf3?",
        "Nf3!!",
        "Nf3??",
        "Nf3!?",
        "Nf3?!",
        " Nf3 ",
        "nf3",
        "Nf3(=)",
        "N\u{200E}f3",
    ];
    reads_as(&Position::new(), &forms, PieceLetters::English, nf3);
    let e4 = mv(Square::E2, Square::E4, MoveKind::DoublePush);
    let forms = ["e4", "e2-e4", "e2e4", "Pe4", "e2–e4", "e4!", "Pe2e4"];
    reads_as(&Position::new(), &forms, PieceLetters::English, e4);
}

#[test]
fn reads_captures_with_any_sign() {
    let p = after("e4 d5");
    let exd5 = mv(Square::E4, Square::D5, MoveKind::Normal);
    let forms = [
        "exd5", "ed5", "e:d5", "e×d5", "exd5!", "e4xd5", "e4d5", "e4:d5", "exd5+",
    ];
    reads_as(&p, &forms, PieceLetters::English, exd5);
    let p = after("e4 d5 exd5 Qxd5 Nc3");
    let qxd5 = mv(Square::D5, Square::A5, MoveKind::Normal);
    reads_as(&p, &["Qa5", "Qda5", "Qd5a5"], PieceLetters::English, qxd5);
    let p = after("e4 d5 exd5 Qxd5 Nc3 Qa5 d4 c6 Nf3 Bg4 Bf4 e6 h3 Bxf3");
    reads_as(
        &p,
        &["Qxf3", "Q:f3", "Qf3", "Qd1xf3", "Q×f3", "♕xf3"],
        PieceLetters::English,
        mv(Square::D1, Square::F3, MoveKind::Normal),
    );
}

#[test]
fn lower_case_b_is_the_file_upper_case_b_the_bishop() {
    let p = pos("4k3/8/8/8/8/2n5/1P1B4/4K3 w - - 0 1");
    reads_as(
        &p,
        &["bxc3", "bc3", "b2c3"],
        PieceLetters::English,
        mv(Square::B2, Square::C3, MoveKind::Normal),
    );
    reads_as(
        &p,
        &["Bxc3", "Bc3", "Bd2c3"],
        PieceLetters::English,
        mv(Square::D2, Square::C3, MoveKind::Normal),
    );
}

#[test]
fn reads_castling_in_every_form() {
    let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let oo = mv(Square::E1, Square::G1, MoveKind::Castle(CastlingSide::King));
    let ooo = mv(
        Square::E1,
        Square::C1,
        MoveKind::Castle(CastlingSide::Queen),
    );
    let forms = [
        "O-O", "0-0", "o-o", "OO", "O-O+", "0-0++", "O-O#", "0–0", "e1g1", "e1h1", "Ke1g1", "۰-۰",
    ];
    reads_as(&p, &forms, PieceLetters::English, oo);
    let forms = ["O-O-O", "0-0-0", "o-o-o", "O-O-O!", "e1c1", "e1a1"];
    reads_as(&p, &forms, PieceLetters::English, ooo);
    // `Kg1` is a king step, never castling.
    assert!(matches!(
        p.parse_san("Kg1"),
        Err(MoveError::Illegal {
            reason: IllegalReason::NoPiece { .. },
            ..
        })
    ));
    // The black side.
    let p = pos("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1");
    reads_as(
        &p,
        &["O-O", "e8g8", "e8h8"],
        PieceLetters::English,
        mv(Square::E8, Square::G8, MoveKind::Castle(CastlingSide::King)),
    );
}

#[test]
fn reads_promotions_in_every_form() {
    let p = pos("1n2k3/P7/8/8/8/8/8/K7 w - - 0 1");
    let q = mv(
        Square::A7,
        Square::A8,
        MoveKind::Promotion(PieceKind::Queen),
    );
    let forms = [
        "a8=Q", "a8Q", "a8(Q)", "a8/Q", "a7a8q", "a7-a8=Q", "a8=Q+", "a8Q!", "a8♕", "a8=♛",
    ];
    reads_as(&p, &forms, PieceLetters::English, q);
    let n = mv(
        Square::A7,
        Square::A8,
        MoveKind::Promotion(PieceKind::Knight),
    );
    reads_as(&p, &["a8=N", "a8N", "a7a8n"], PieceLetters::English, n);
    let capture = mv(Square::A7, Square::B8, MoveKind::Promotion(PieceKind::Rook));
    reads_as(
        &p,
        &["axb8=R", "axb8R", "ab8R", "a7b8r"],
        PieceLetters::English,
        capture,
    );
    reads_as(&p, &["a8D", "a8=D"], PieceLetters::French, q);
    reads_as(&p, &["a8Ф"], PieceLetters::Russian, q);
    reads_as(&p, &["a8و", "a8=و"], PieceLetters::Persian, q);
    reads_as(&p, &["a8S", "a8=S"], PieceLetters::German, n);
    reads_as(&p, &["a8P"], PieceLetters::Dutch, n);
}

#[test]
fn reads_en_passant_with_or_without_its_mark() {
    let p = pos("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    let ep = mv(Square::E5, Square::D6, MoveKind::EnPassant);
    let forms = [
        "exd6",
        "exd6 e.p.",
        "exd6e.p.",
        "exd6ep",
        "exd6 ep",
        "ed6",
        "e5d6",
        "exd6 e.p.+",
    ];
    reads_as(&p, &forms, PieceLetters::English, ep);
}

#[test]
fn reads_persian_and_arabic_digits_and_ignores_bidi_marks() {
    let p = Position::new();
    let e4 = mv(Square::E2, Square::E4, MoveKind::DoublePush);
    reads_as(
        &p,
        &[
            "e۴",
            "e٤",
            "\u{200F}e4",
            "e\u{061C}4",
            "e۲e۴",
            "e2\u{200D}e4",
        ],
        PieceLetters::English,
        e4,
    );
    let nf3 = mv(Square::G1, Square::F3, MoveKind::Normal);
    reads_as(
        &p,
        &[
            "اسf۳",
            "اf۳",
            "\u{200F}اf3",
            "حf٣",
            "مf3".replace('م', "ح").as_str(),
        ],
        PieceLetters::Persian,
        nf3,
    );
    reads_as(&p, &["حf٣", "اf3"], PieceLetters::Arabic, nf3);
}

// --- National letters: the same games in every language (E.2) ----------------------------------

/// Légal's mate and the Blackburne Shilling trap: every piece letter, a capture, check and mate.
const GAMES: [(PieceLetters, &str, &str); 10] = [
    (
        PieceLetters::English,
        "e4 e5 Nf3 d6 Bc4 Bg4 Nc3 g6 Nxe5 Bxd1 Bxf7+ Ke7 Nd5#",
        "e4 e5 Nf3 Nc6 Bc4 Nd4 Nxe5 Qg5 Nxf7 Qxg2 Rf1 Qxe4+ Be2 Nf3#",
    ),
    (
        PieceLetters::German,
        "e4 e5 Sf3 d6 Lc4 Lg4 Sc3 g6 Sxe5 Lxd1 Lxf7+ Ke7 Sd5#",
        "e4 e5 Sf3 Sc6 Lc4 Sd4 Sxe5 Dg5 Sxf7 Dxg2 Tf1 Dxe4+ Le2 Sf3#",
    ),
    (
        PieceLetters::French,
        "e4 e5 Cf3 d6 Fc4 Fg4 Cc3 g6 Cxe5 Fxd1 Fxf7+ Re7 Cd5#",
        "e4 e5 Cf3 Cc6 Fc4 Cd4 Cxe5 Dg5 Cxf7 Dxg2 Tf1 Dxe4+ Fe2 Cf3#",
    ),
    (
        PieceLetters::Spanish,
        "e4 e5 Cf3 d6 Ac4 Ag4 Cc3 g6 Cxe5 Axd1 Axf7+ Re7 Cd5#",
        "e4 e5 Cf3 Cc6 Ac4 Cd4 Cxe5 Dg5 Cxf7 Dxg2 Tf1 Dxe4+ Ae2 Cf3#",
    ),
    (
        PieceLetters::Italian,
        "e4 e5 Cf3 d6 Ac4 Ag4 Cc3 g6 C:e5 A:d1 A:f7+ Re7 Cd5#",
        "e4 e5 Cf3 Cc6 Ac4 Cd4 C:e5 Dg5 C:f7 D:g2 Tf1 D:e4+ Ae2 Cf3#",
    ),
    (
        PieceLetters::Dutch,
        "e4 e5 Pf3 d6 Lc4 Lg4 Pc3 g6 Pxe5 Lxd1 Lxf7+ Ke7 Pd5#",
        "e4 e5 Pf3 Pc6 Lc4 Pd4 Pxe5 Dg5 Pxf7 Dxg2 Tf1 Dxe4+ Le2 Pf3#",
    ),
    (
        PieceLetters::Russian,
        "e4 e5 Кf3 d6 Сc4 Сg4 Кc3 g6 К:e5 С:d1 С:f7+ Крe7 Кd5×",
        "e2-e4 e7-e5 Кg1-f3 Кb8-c6 Сf1-c4 Кc6-d4 Кf3:e5 Фd8-g5 Кe5:f7 Фg5:g2 Лh1-f1 Фg2:e4+ Сc4-e2 Кd4-f3#",
    ),
    (
        PieceLetters::Persian,
        "e۴ e۵ اسf۳ d۶ فc۴ فg۴ اسc۳ g۶ اس×e۵ ف×d۱ ف×f۷+ شe۷ اسd۵#",
        "e4 e5 اf3 اc6 فc4 اd4 اxe5 وg5 اxf7 وxg2 رf1 وxe4+ فe2 اf3#",
    ),
    (
        PieceLetters::Arabic,
        "e٤ e٥ حf٣ d٦ فc٤ فg٤ حc٣ g٦ ح×e٥ ف×d١ ف×f٧+ مe٧ حd٥#",
        "e4 e5 حf3 حc6 فc4 حd4 حxe5 وg5 حxf7 وxg2 قf1 وxe4+ فe2 حf3#",
    ),
    (
        PieceLetters::Figurine,
        "e4 e5 ♘f3 d6 ♗c4 ♝g4 ♘c3 g6 ♘xe5 ♝xd1 ♗xf7+ ♚e7 ♘d5#",
        "e4 e5 ♘f3 ♞c6 ♗c4 ♞d4 ♘xe5 ♛g5 ♘xf7 ♛xg2 ♖f1 ♛xe4+ ♗e2 ♞f3#",
    ),
];

fn replay(tokens: &[&str], letters: PieceLetters) -> Vec<Move> {
    let mut p = Position::new();
    tokens
        .iter()
        .map(|t| {
            let m = p
                .parse_move(t, letters)
                .unwrap_or_else(|e| panic!("{letters}: {e}"));
            p.play_unchecked(m);
            m
        })
        .collect()
}

#[test]
fn the_same_games_read_alike_in_every_language() {
    let english_1: Vec<&str> = GAMES[0].1.split(' ').collect();
    let english_2: Vec<&str> = GAMES[0].2.split(' ').collect();
    let moves_1 = replay(&english_1, PieceLetters::English);
    let moves_2 = replay(&english_2, PieceLetters::English);
    for (letters, one, two) in GAMES {
        let one: Vec<&str> = one.split(' ').collect();
        let two: Vec<&str> = two.split(' ').collect();
        assert_eq!(replay(&one, letters), moves_1, "{letters}");
        assert_eq!(replay(&two, letters), moves_2, "{letters}");
        // Detection reads the whole game; Italian reads exactly like Spanish (tried first), and
        // figurine games read in English (figurines are read in every language).
        let expected = match letters {
            PieceLetters::Italian => PieceLetters::Spanish,
            PieceLetters::Arabic => PieceLetters::Persian,
            PieceLetters::Figurine => PieceLetters::English,
            other => other,
        };
        assert_eq!(detect_letters(&Position::new(), &one), Some(expected));
        assert_eq!(detect_letters(&Position::new(), &two), Some(expected));
    }
    assert_eq!(detect_letters(&Position::new(), &["e4", "Zf6"]), None);
    // Syntax alone: French letters are not English, but `Re2` alone could be either.
    assert_eq!(
        PieceLetters::detect(["e4", "Cf3", "Fc4"]),
        Some(PieceLetters::French)
    );
    assert_eq!(PieceLetters::detect(["Re2"]), Some(PieceLetters::English));
    assert_eq!(PieceLetters::detect(["Sf3", "Cf3"]), None);
}

#[test]
fn letter_clashes_are_settled_per_game() {
    // `R` reads as a rook in English and as a king in French: per token both are candidates.
    let candidates: Vec<PieceLetters> = PieceLetters::candidates_for("Rf1").collect();
    assert!(candidates.contains(&PieceLetters::English));
    assert!(candidates.contains(&PieceLetters::French));
    assert!(!candidates.contains(&PieceLetters::German));
    // A French game: `Re2` (king) is legal English only if a rook could go there, which it cannot.
    let french = ["e4", "e5", "Re2", "Re7", "Cf3", "Cc6"];
    assert_eq!(
        detect_letters(&Position::new(), &french),
        Some(PieceLetters::French)
    );
    // A game whose every token reads in English is English, even though `R` could be a French king.
    let p = pos("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    assert_eq!(
        detect_letters(&p, &["Rb1", "Kd7"]),
        Some(PieceLetters::English)
    );
    assert_eq!(
        detect_letters(&p, &["Rd2", "Rd7"]),
        Some(PieceLetters::French)
    );
    // Dutch `P` is a knight; English `P` a pawn.
    let p = Position::new();
    assert_eq!(
        p.parse_move("Pf3", PieceLetters::Dutch),
        Ok(mv(Square::G1, Square::F3, MoveKind::Normal))
    );
    assert_eq!(
        p.parse_move("Pf3", PieceLetters::English),
        Ok(mv(Square::F2, Square::F3, MoveKind::Normal))
    );
    // Spanish `A` (alfil) is no English letter; German `B` is a pawn.
    assert!(!PieceLetters::English.reads("Ac4"));
    assert!(PieceLetters::Spanish.reads("Ac4"));
    assert_eq!(
        p.parse_move("Be4", PieceLetters::German),
        Ok(mv(Square::E2, Square::E4, MoveKind::DoublePush))
    );
    // Russian `К` alone is the knight, `Кр` the king.
    let p = after("e4 e5");
    assert_eq!(
        p.parse_move("Крe2", PieceLetters::Russian),
        Ok(mv(Square::E1, Square::E2, MoveKind::Normal))
    );
    assert_eq!(
        p.parse_move("Кe2", PieceLetters::Russian),
        Ok(mv(Square::G1, Square::E2, MoveKind::Normal))
    );
    // A Latin letter is no Russian piece.
    assert!(matches!(
        p.parse_move("Nf3", PieceLetters::Russian),
        Err(MoveError::Unreadable { .. })
    ));
}

// --- Errors ------------------------------------------------------------------------------------

#[test]
fn unreadable_text_is_not_notation() {
    let p = Position::new();
    for text in [
        "", "hello", "Zf3", "e9", "N", "x", "e4e", "Nf3f", "O-O-O-O", "🙂", "Кр", "1.", "e8=",
        "e4e5e6",
    ] {
        match p.parse_san(text) {
            Err(MoveError::Unreadable { text: t, reason }) => {
                assert_eq!(t, text);
                assert!(!reason.is_empty());
            }
            other => panic!("{text}: {other:?}"),
        }
    }
    let e = p.parse_move("Nf3", PieceLetters::French).unwrap_err();
    assert!(
        e.to_string().contains("not a piece letter in French"),
        "{e}"
    );
    assert!(e.to_string().contains("Appendix E"), "{e}");
}

#[test]
fn ambiguous_moves_list_every_candidate() {
    let p = pos("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1");
    match p.parse_san("Nd2") {
        Err(MoveError::Ambiguous { text, candidates }) => {
            assert_eq!(text, "Nd2");
            assert_eq!(candidates, ["Nbd2", "Nfd2"]);
        }
        other => panic!("{other:?}"),
    }
    let e = p.parse_san("Nxd2").unwrap_err();
    assert!(e.to_string().contains("Nbd2 or Nfd2"), "{e}");
    assert!(e.to_string().contains("E.9"), "{e}");
    match p.parse_move("Pd2", PieceLetters::Dutch) {
        Err(MoveError::Ambiguous { candidates, .. }) => assert_eq!(candidates, ["Pbd2", "Pfd2"]),
        other => panic!("{other:?}"),
    }
    assert_eq!(
        p.parse_san("Nbd2"),
        Ok(mv(Square::B1, Square::D2, MoveKind::Normal))
    );
    // Three queens: rank or file alone is not enough.
    let p = pos("k7/8/3Q4/8/3Q1Q2/8/8/K7 w - - 0 1");
    match p.parse_san("Qde5") {
        Err(MoveError::Ambiguous { candidates, .. }) => {
            assert_eq!(candidates, ["Qd4e5", "Q6e5"]);
        }
        other => panic!("{other:?}"),
    }
    match p.parse_san("Q4e5") {
        Err(MoveError::Ambiguous { candidates, .. }) => {
            assert_eq!(candidates, ["Qd4e5", "Qfe5"]);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn illegal_moves_say_what_stops_them() {
    let white = |kind| Piece::new(Color::White, kind);
    let start = Position::new();
    assert_eq!(
        illegal(&start, "Nf4"),
        IllegalReason::NoPiece {
            piece: white(PieceKind::Knight),
            to: Square::F4
        }
    );
    let e = start.parse_san("Nf4").unwrap_err().to_string();
    assert!(e.contains("no white knight can reach f4 (Art. 3.6)"), "{e}");
    assert_eq!(
        illegal(&start, "Bc4"),
        IllegalReason::Blocked {
            piece: white(PieceKind::Bishop),
            from: Square::F1,
            to: Square::C4,
            blocker: Square::E2
        }
    );
    assert!(
        start
            .parse_san("Bc4")
            .unwrap_err()
            .to_string()
            .contains("Art. 3.5")
    );
    assert_eq!(
        illegal(&start, "Nd2"),
        IllegalReason::OwnPiece { to: Square::D2 }
    );
    assert_eq!(
        illegal(&start, "exd3"),
        IllegalReason::NothingToCapture {
            from: Square::E2,
            to: Square::D3
        }
    );
    assert_eq!(
        illegal(&start, "e3e4"),
        IllegalReason::EmptySquare {
            square: Square::E3,
            color: Color::White
        }
    );
    assert_eq!(
        illegal(&start, "g1g3"),
        IllegalReason::CannotMove {
            piece: white(PieceKind::Knight),
            from: Square::G1,
            to: Square::G3
        }
    );
    assert_eq!(
        illegal(&start, "e5"),
        IllegalReason::NoPiece {
            piece: white(PieceKind::Pawn),
            to: Square::E5
        }
    );
    let p = after("e4 e5");
    assert_eq!(
        illegal(&p, "e5"),
        IllegalReason::Blocked {
            piece: white(PieceKind::Pawn),
            from: Square::E4,
            to: Square::E5,
            blocker: Square::E5
        }
    );
    // Art. 3.9: the pinned knight, named with the pinning bishop.
    let p = pos("4k3/8/8/8/1b6/2N5/8/4K3 w - - 0 1");
    assert_eq!(
        illegal(&p, "Nd5"),
        IllegalReason::ExposesKing {
            piece: white(PieceKind::Knight),
            from: Square::C3,
            attacker: Square::B4
        }
    );
    assert!(
        p.parse_san("Nd5")
            .unwrap_err()
            .to_string()
            .contains("pinned")
    );
    // Art. 3.9: in check, a move that does not answer it.
    let p = pos("4r2k/8/8/8/8/8/8/N3K3 w - - 0 1");
    assert_eq!(
        illegal(&p, "Nb3"),
        IllegalReason::LeavesKingInCheck {
            from: Square::A1,
            checker: Square::E8
        }
    );
    // Art. 3.8(a)(i): the king onto an attacked square.
    assert_eq!(
        illegal(&p, "Ke2"),
        IllegalReason::KingIntoCheck {
            to: Square::E2,
            attacker: Square::E8
        }
    );
}

#[test]
fn castling_errors_name_the_condition() {
    let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1");
    assert_eq!(
        illegal(&p, "O-O"),
        IllegalReason::CastlingRightLost {
            side: CastlingSide::King
        }
    );
    assert!(
        p.parse_san("0-0")
            .unwrap_err()
            .to_string()
            .contains("Art. 3.8(a)(ii)(1)")
    );
    let p = pos("4r1k1/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert_eq!(
        illegal(&p, "O-O-O"),
        IllegalReason::CastlingInCheck {
            side: CastlingSide::Queen,
            checker: Square::E8
        }
    );
    let p = pos("k4r2/8/8/8/8/8/8/4K2R w K - 0 1");
    assert_eq!(
        illegal(&p, "O-O"),
        IllegalReason::CastlingThroughCheck {
            side: CastlingSide::King,
            square: Square::F1,
            attacker: Square::F8
        }
    );
    assert!(
        p.parse_san("O-O")
            .unwrap_err()
            .to_string()
            .contains("Art. 3.8(a)(ii)(2)(a)")
    );
    let p = pos("k5r1/8/8/8/8/8/8/4K2R w K - 0 1");
    assert!(matches!(
        illegal(&p, "e1g1"),
        IllegalReason::CastlingThroughCheck {
            square: Square::G1,
            ..
        }
    ));
    assert_eq!(
        illegal(&Position::new(), "O-O"),
        IllegalReason::CastlingBlocked {
            side: CastlingSide::King,
            square: Square::F1
        }
    );
    assert!(
        Position::new()
            .parse_san("O-O")
            .unwrap_err()
            .to_string()
            .contains("Art. 3.8(a)(ii)(2)(b)")
    );
}

#[test]
fn promotion_and_en_passant_errors() {
    let p = pos("8/P7/8/8/8/8/8/k6K w - - 0 1");
    assert_eq!(
        illegal(&p, "a8"),
        IllegalReason::PromotionMissing { to: Square::A8 }
    );
    assert_eq!(
        illegal(&p, "a7a8"),
        IllegalReason::PromotionMissing { to: Square::A8 }
    );
    assert!(
        p.parse_san("a8")
            .unwrap_err()
            .to_string()
            .contains("Art. 3.7(e)")
    );
    assert_eq!(
        illegal(&p, "a8=K"),
        IllegalReason::InvalidPromotion(PieceKind::King)
    );
    assert_eq!(
        illegal(&p, "a8=P"),
        IllegalReason::InvalidPromotion(PieceKind::Pawn)
    );
    assert_eq!(
        illegal(&Position::new(), "e4=Q"),
        IllegalReason::NotPromotion { to: Square::E4 }
    );
    // No two-square advance just happened: en passant is not available (Art. 3.7(d)).
    let p = pos("4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1");
    assert_eq!(
        illegal(&p, "exd6"),
        IllegalReason::EnPassantUnavailable { to: Square::D6 }
    );
    assert!(
        p.parse_san("exd6")
            .unwrap_err()
            .to_string()
            .contains("Art. 3.7(d)")
    );
    // `e.p.` written after an ordinary capture.
    let p = after("e4 d5");
    assert_eq!(
        illegal(&p, "exd5 e.p."),
        IllegalReason::EnPassantUnavailable { to: Square::D5 }
    );
}

// --- Real games --------------------------------------------------------------------------------

/// The mainline tokens of each game (a crude split: tags, comments, variations, move numbers,
/// NAGs and results removed; not a PGN reader).
fn mainlines(text: &str) -> Vec<Vec<String>> {
    let mut games = Vec::new();
    let mut movetext = String::new();
    let mut flush = |movetext: &mut String| {
        if !movetext.trim().is_empty() {
            let mut plain = String::new();
            let (mut brace, mut paren) = (false, 0u32);
            for c in movetext.chars() {
                match c {
                    '{' => brace = true,
                    '}' => brace = false,
                    '(' if !brace => paren += 1,
                    ')' if !brace => paren = paren.saturating_sub(1),
                    _ if brace || paren > 0 => {}
                    _ => plain.push(c),
                }
            }
            games.push(
                plain
                    .split_whitespace()
                    .filter(|t| !matches!(*t, "1-0" | "0-1" | "1/2-1/2" | "*"))
                    .map(|t| t.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.'))
                    .filter(|t| !t.is_empty() && !t.starts_with('$'))
                    .map(str::to_owned)
                    .collect(),
            );
        }
        movetext.clear();
    };
    for line in text.lines() {
        if line.starts_with('[') {
            flush(&mut movetext);
        } else {
            movetext.push_str(line);
            movetext.push('\n');
        }
    }
    flush(&mut movetext);
    games
}

#[test]
fn real_games_replay_to_the_expected_positions_and_write_back_the_same_san() {
    let Some(path) = arbiter_testdata::shared_file("pgn/real-2000.pgn") else {
        return;
    };
    let Some(expected_path) = arbiter_testdata::shared_file("pgn/real-2000.expected.txt") else {
        return;
    };
    let text = std::fs::read_to_string(&path).unwrap();
    let expected = std::fs::read_to_string(&expected_path).unwrap();
    let games = mainlines(&text);
    let expected: Vec<(usize, String)> = expected
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split(';').collect();
            (f[2].parse().unwrap(), f[4].to_owned())
        })
        .collect();
    assert_eq!(games.len(), expected.len());
    let mut mate_marked_as_check = 0;
    for (i, (game, (plies, fen))) in games.iter().zip(&expected).enumerate() {
        let mut p = Position::new();
        for token in game {
            let m = p
                .parse_san(token)
                .unwrap_or_else(|e| panic!("game {}: {e}", i + 1));
            let san = p.san(m);
            let token = token.trim_end_matches(['!', '?']);
            if san != token {
                // Some collections mark checkmate with `+`; nothing else may differ.
                assert_eq!(
                    san.strip_suffix('#'),
                    token.strip_suffix('+'),
                    "game {}",
                    i + 1
                );
                mate_marked_as_check += 1;
            }
            p.play_unchecked(m);
        }
        assert_eq!(game.len(), *plies, "game {}", i + 1);
        assert_eq!(p.fen(), *fen, "game {}", i + 1);
    }
    // The files were written by programs that write standard SAN: our SAN is theirs, but for
    // twelve checkmates written `+` in players' collections.
    assert_eq!(mate_marked_as_check, 12);
}

// --- Random positions --------------------------------------------------------------------------

/// A position reached by `plies` random legal moves from the start (xorshift from `seed`).
fn random_position(seed: u64, plies: usize) -> Position {
    let mut state = seed | 1;
    let mut p = Position::new();
    for _ in 0..plies {
        let moves = p.legal_moves();
        if moves.is_empty() {
            break;
        }
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        p.play_unchecked(moves[(state % moves.len() as u64) as usize]);
    }
    p
}

fn formats() -> Vec<SanFormat> {
    let mut all = Vec::new();
    for letters in PieceLetters::ALL {
        for base in [SanFormat::PGN, SanFormat::APPENDIX_E] {
            for digits in [
                RankDigits::Latin,
                RankDigits::Persian,
                RankDigits::ArabicIndic,
            ] {
                all.push(base.with_letters(letters).with_digits(digits));
            }
        }
        all.push(
            SanFormat::PGN
                .with_letters(letters)
                .with_check_marks(CheckMarks::None),
        );
    }
    all
}

fn check_round_trip(p: &Position) {
    let moves = p.legal_moves();
    for format in formats() {
        let mut written = std::collections::HashSet::new();
        for &m in &moves {
            let san = p.san_with(m, &format);
            assert_eq!(
                p.parse_move(&san, format.letters),
                Ok(m),
                "`{san}` ({format:?}) in {}",
                p.fen()
            );
            assert!(written.insert(san.clone()), "`{san}` twice in {}", p.fen());
        }
    }
    // UCI and long algebraic read back too.
    for &m in &moves {
        assert_eq!(p.parse_san(&m.uci()), Ok(m), "{} in {}", m.uci(), p.fen());
    }
}

proptest! {
    #![proptest_config(crate::beside_source(ProptestConfig::with_cases(200)))]
    #[test]
    fn every_legal_move_round_trips_in_every_language(seed in any::<u64>(), plies in 0usize..160) {
        check_round_trip(&random_position(seed, plies));
    }

    #[test]
    fn reading_notation_like_text_never_panics(text in "[a-hKQRBNPDTLSFCAO0-9x=:+#()/. ep×‡!?ФЛСКрشوفا۱۴٤-]{0,10}") {
        let p = random_position(text.len() as u64 * 7, 30);
        for letters in PieceLetters::ALL {
            if let Ok(m) = p.parse_move(&text, letters) {
                prop_assert!(p.is_legal(m));
            }
        }
    }

    #[test]
    fn reading_never_panics(text in "\\PC{0,12}") {
        let p = random_position(text.len() as u64, 20);
        for letters in PieceLetters::ALL {
            let _ = p.parse_move(&text, letters);
        }
    }
}

#[test]
fn perft_positions_round_trip() {
    let Some(path) = arbiter_testdata::shared_file("perft/standard.txt") else {
        return;
    };
    let text = std::fs::read_to_string(&path).unwrap();
    for line in text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
    {
        let fen = line.split(';').next().unwrap().trim();
        let start = pos(fen);
        check_round_trip(&start);
        for m in &start.legal_moves() {
            let mut next = start;
            next.play_unchecked(*m);
            check_round_trip(&next);
        }
    }
}
