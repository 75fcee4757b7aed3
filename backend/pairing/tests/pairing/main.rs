//! The pairing crate's integration tests, in one binary. `team_swiss_data` reads the generated
//! team Swiss events (`tests/data/team_swiss/`) for the oracle comparison.

mod rules;
mod team_swiss_data;
mod team_swiss_exhaustive;
mod team_swiss_oracle;
mod team_swiss_rules;
