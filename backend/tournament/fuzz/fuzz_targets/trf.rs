//! Reading any bytes as TRF never panics; a file that reads, written back in either version, reads
//! again to the same tournament.
#![no_main]

use arbiter_tournament::trf::{TrfVersion, read_trf, write_trf};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(read) = read_trf(data) else { return };
    for version in [TrfVersion::Trf16, TrfVersion::Trf2026] {
        let text = write_trf(&read.tournament, version);
        let again = read_trf(text.as_bytes()).expect("what Arbiter writes reads back");
        assert_eq!(again.tournament, read.tournament, "{version:?}:\n{text}");
    }
});
