//! FEN reading never panics; whatever it accepts writes back to a FEN that reads to the same
//! position, and every generated move is legal there.
#![no_main]

use arbiter_rules::Position;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(pos) = Position::from_fen(text) else {
        return;
    };
    let fen = pos.fen();
    let back = Position::from_fen(&fen).expect("a written FEN reads back");
    assert_eq!(back.fen(), fen);
    for &m in pos.legal_moves().iter() {
        assert!(pos.play(m).is_ok());
    }
});
