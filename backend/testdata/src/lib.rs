//! Test support: where the trusted external test data lives.
//!
//! The data set is `../shared/data` beside the project checkout (see `../shared/data/README.md`).
//! A test that needs it calls [`shared_data`]: on CI (`CI` set in the environment) a missing data
//! set is a failure, never a silent pass; on a developer's machine without it the test prints that
//! it was skipped and returns early.

use std::path::PathBuf;

/// The path of `../shared/data`, found from this crate's manifest directory (the workspace root is
/// two levels up). The variable `ARBITER_SHARED_DATA` overrides it.
///
/// Returns `None` (after printing `SKIPPED: ...` to standard error) when the directory is absent and
/// `CI` is not set.
///
/// # Panics
/// When the directory is absent and the `CI` environment variable is set: CI always has the data,
/// so its absence there is an error in the run, not a reason to pass.
#[must_use]
pub fn shared_data() -> Option<PathBuf> {
    let dir = std::env::var_os("ARBITER_SHARED_DATA").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data"),
        PathBuf::from,
    );
    if dir.is_dir() {
        return Some(dir);
    }
    assert!(
        std::env::var_os("CI").is_none(),
        "the test data set {} is missing on CI",
        dir.display()
    );
    eprintln!(
        "SKIPPED: {} is absent (clone the project beside its shared/ folder to run this test)",
        dir.display()
    );
    None
}

/// Like [`shared_data`], joined with a relative path inside the data set.
#[must_use]
pub fn shared_file(relative: &str) -> Option<PathBuf> {
    shared_data().map(|d| d.join(relative))
}
