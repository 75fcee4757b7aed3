//! Unit tests of `san`.

use super::*;

fn syntax(text: &str) -> Result<Syntax, &'static str> {
    parse_syntax(text.as_bytes(), true)
}

#[test]
fn castling_forms() {
    for t in ["O-O", "0-0", "o-o", "OO", "00", "O-O+", "0-0#"] {
        assert_eq!(syntax(t), Ok(Syntax::Castle(CastlingSide::King)), "{t}");
    }
    for t in ["O-O-O", "0-0-0", "o-o-o", "OOO", "O-O-O++"] {
        assert_eq!(syntax(t), Ok(Syntax::Castle(CastlingSide::Queen)), "{t}");
    }
    for t in ["O", "O-O-O-O", "O--O", "-O-O", "O-O-"] {
        assert!(syntax(t).is_err(), "{t}");
    }
}

#[test]
fn promotion_forms() {
    for t in ["e8=Q", "e8Q", "e8(Q)", "e8/Q", "e7e8q", "e8=Q+", "e8Q#"] {
        let Ok(Syntax::Move { promotion, .. }) = syntax(t) else {
            panic!("{t}")
        };
        assert_eq!(promotion, Some(PieceKind::Queen), "{t}");
    }
}

#[test]
fn pawn_file_versus_bishop() {
    let Ok(Syntax::Move { mover, file, .. }) = syntax("bxc3") else {
        panic!()
    };
    assert_eq!((mover, file), (Mover::Kind(PieceKind::Pawn), Some(1)));
    let Ok(Syntax::Move { mover, file, .. }) = syntax("Bxc3") else {
        panic!()
    };
    assert_eq!((mover, file), (Mover::Kind(PieceKind::Bishop), None));
}

#[test]
fn normalization_never_panics_on_odd_text() {
    for t in [
        "", "é", "Кр", "🙂🙂", "\u{200F}", "x", "=", "(", "e8(", "ش", "۱۲۳",
    ] {
        for letters in PieceLetters::ALL {
            let _ = Position::new().parse_move(t, letters);
        }
    }
}
