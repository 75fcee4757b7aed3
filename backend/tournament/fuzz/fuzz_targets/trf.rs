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
        let mut expected = read.tournament.clone();
        // TRF16's `013` records carry no team number: the teams are numbered by their order, so
        // an event whose teams are not numbered 1, 2, ... reads back renumbered throughout, its
        // rounds too.
        // Nor a nickname, a strength or a rank (TRF-2026's `310` fields): TRF16 cannot carry them.
        if version == TrfVersion::Trf16 {
            expected.number_teams_by_order();
            if let Some(e) = expected.team.as_mut() {
                for t in &mut e.teams {
                    (t.nickname, t.strength, t.rank) = (None, None, None);
                }
            }
        }
        // A `013` record kept verbatim (the file's teams came from `310` records) is written only
        // beside `310` records: anywhere else it would define the teams.
        let with_310 = version == TrfVersion::Trf2026
            && expected.team.as_ref().is_some_and(|e| !e.teams.is_empty());
        if !with_310 {
            expected
                .other_records
                .retain(|r| !r.line.starts_with("013"));
        }
        assert_eq!(again.tournament, expected, "{version:?}:\n{text}");
    }
});
