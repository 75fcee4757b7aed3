//! The tournament crate's integration tests, in one binary (one link instead of 16). The two
//! files with ignored data checks, `generator.rs` and `pairing_dutch_data.rs`, stay binaries of
//! their own beside this folder: CI builds and runs them optimised by name (`.ci/run`).

use proptest::test_runner::{Config as ProptestConfig, FileFailurePersistence};

mod arbiter_flow;
mod arbiter_reports;
mod dates;
mod gacrux_written;
mod import_review;
mod karl_mala_export;
mod pairing_check;
mod pairing_check_criteria;
mod pairing_check_swapped;
mod pairing_explain;
mod rating_change_karl_mala;
mod rating_list_fixtures;
mod settings_change;
mod team_generator;
mod team_records;
mod team_rtg_gacrux;
mod team_tiebreak_data;
mod tiebreak_data;
mod tiebreak_rules;
mod trf26_columns;
mod trf_data;
mod trf_errors;
mod trf_fuzz_regressions;
mod trf_props;

/// Proptest's configuration `config`, with failing cases saved beside the test's own source file
/// (`san.rs` -> `san.proptest-regressions`) and read back from there, as when each file was a
/// binary of its own. Proptest's default looks for the crate root, which is now this `main.rs`,
/// and would save them in `tests/proptest-regressions/` instead.
fn beside_source(config: ProptestConfig) -> ProptestConfig {
    ProptestConfig {
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource(
            "proptest-regressions",
        ))),
        ..config
    }
}
