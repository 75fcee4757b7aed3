//! The database crate's integration tests, in one binary, on SQLite and, when
//! `ARBITER_TEST_POSTGRES_URL` is set, PostgreSQL.

mod arbiter;
mod dates;
mod db;
mod rating_list;
