//! The command-line crate's integration tests, in one binary (the `arbiter` binary is run as a
//! child process, `CARGO_BIN_EXE_arbiter`), and the project's layout check. The browser test is
//! a binary of its own (`tests/e2e/`, `cargo test -p arbiter-cli --test e2e`).

mod check;
mod cli;
mod crash;
mod layout;
mod rating_list;
mod ratings;
mod team_pair;
mod team_standings;
