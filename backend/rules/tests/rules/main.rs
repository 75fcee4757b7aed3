//! The rules crate's integration tests, in one binary. `perft.rs` and `dead.rs`, which hold the
//! ignored data checks, stay binaries of their own beside this folder: CI builds and runs them
//! optimised by name (`.ci/run`).

use proptest::test_runner::{Config as ProptestConfig, FileFailurePersistence};

mod movegen_props;
mod pgn;
mod replay;
mod san;

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
