//! Reading any bytes as PGN, and replaying what it yields, never panics.
#![no_main]

use arbiter_rules::draw::LawsEdition;
use arbiter_rules::replay::{ReplayOptions, validate_pgn};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let options = ReplayOptions {
        edition: LawsEdition::Later,
        letters: None,
    };
    let _ = validate_pgn(data, options, |_| {});
});
