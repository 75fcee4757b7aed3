//! Reading any text as a move, in every piece-letter set, never panics; a move that reads is legal.
#![no_main]

use arbiter_rules::{PieceLetters, Position};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    // The first line may be a FEN; otherwise the initial position.
    let (pos, token) = match text.split_once('\n') {
        Some((fen, token)) => match Position::from_fen(fen) {
            Ok(pos) => (pos, token),
            Err(_) => (Position::new(), text),
        },
        None => (Position::new(), text),
    };
    for letters in PieceLetters::ALL {
        if let Ok(m) = pos.parse_move(token, letters) {
            assert!(pos.is_legal(m), "{token} read as illegal {m} in {pos:?}");
        }
    }
});
