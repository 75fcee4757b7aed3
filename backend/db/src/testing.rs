//! Test support (feature `testing`): a fresh database per test, on SQLite (a file in a temporary
//! directory) and, when `ARBITER_TEST_POSTGRES_URL` is set, on PostgreSQL (a uniquely named schema
//! that every pooled connection selects with `search_path`, dropped at the end).

use diesel::Connection;
use diesel::connection::SimpleConnection;
use diesel::pg::PgConnection;

use crate::connection::{
    BackendKind, ConnectionSetup, Pool, PoolOptions, connect, quote_identifier,
};

/// The variable naming the PostgreSQL server for tests, e.g.
/// `postgres://postgres@127.0.0.1:5432/test`.
pub const POSTGRES_ENV: &str = "ARBITER_TEST_POSTGRES_URL";

/// A database of its own for one test, migrated and empty.
pub struct TestDb {
    /// The pool.
    pub pool: Pool,
    /// The backend.
    pub kind: BackendKind,
    /// The URL the pool was built from.
    pub url: String,
    /// PostgreSQL: the schema (its connections set `search_path` to it).
    pub pg_schema: Option<String>,
    _dir: Option<tempfile::TempDir>,
}

impl std::fmt::Debug for TestDb {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "TestDb({:?}, {})", self.kind, self.url)
    }
}

impl TestDb {
    /// A SQLite file in a new temporary directory.
    ///
    /// # Panics
    /// When the directory or the database cannot be made (a broken test machine).
    #[must_use]
    pub fn sqlite() -> TestDb {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let url = format!("sqlite://{}", dir.path().join("test.sqlite").display());
        let pool = connect(&url, &PoolOptions::default()).expect("a SQLite test database");
        TestDb {
            pool,
            kind: BackendKind::Sqlite,
            url,
            pg_schema: None,
            _dir: Some(dir),
        }
    }

    /// A new schema on the server named by [`POSTGRES_ENV`]; `None` when the variable is unset.
    ///
    /// # Panics
    /// When the variable is set but the server cannot be used: a test must not pass silently.
    #[must_use]
    pub fn postgres() -> Option<TestDb> {
        let url = std::env::var(POSTGRES_ENV).ok().filter(|u| !u.is_empty())?;
        let schema = format!("arbiter_test_{}", uuid::Uuid::new_v4().simple());
        let mut admin = PgConnection::establish(&url)
            .unwrap_or_else(|e| panic!("{POSTGRES_ENV}={url}: cannot connect: {e}"));
        admin
            .batch_execute(&format!("CREATE SCHEMA {}", quote_identifier(&schema)))
            .expect("CREATE SCHEMA");
        let options = PoolOptions {
            max_size: 4,
            setup: ConnectionSetup {
                pg_schema: Some(schema.clone()),
                ..PoolOptions::default().setup
            },
            ..PoolOptions::default()
        };
        let pool = connect(&url, &options).expect("a PostgreSQL test schema");
        Some(TestDb {
            pool,
            kind: BackendKind::Postgres,
            url,
            pg_schema: Some(schema),
            _dir: None,
        })
    }

    /// SQLite, and PostgreSQL when configured: run the same test body on each.
    #[must_use]
    pub fn all() -> Vec<TestDb> {
        let mut v = vec![TestDb::sqlite()];
        v.extend(TestDb::postgres());
        v
    }
}

impl Drop for TestDb {
    fn drop(&mut self) {
        if let Some(schema) = &self.pg_schema {
            if let Ok(mut admin) = PgConnection::establish(&self.url) {
                let _ = admin.batch_execute(&format!(
                    "DROP SCHEMA IF EXISTS {} CASCADE",
                    quote_identifier(schema)
                ));
            }
        }
    }
}
