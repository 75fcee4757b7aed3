//! Connections, the pool and migrations: the backend is chosen from the URL's scheme, never by
//! trying one after the other.

use std::time::Duration;

use diesel::connection::SimpleConnection;
use diesel::pg::PgConnection;
use diesel::r2d2::{CustomizeConnection, Error as R2d2Error, ManageConnection, R2D2Connection};
use diesel::sqlite::SqliteConnection;
use diesel::{Connection, ConnectionError};
use diesel_migrations::{EmbeddedMigrations, MigrationHarness, embed_migrations};

/// The SQLite migrations (`migrations/sqlite`), embedded at compile time.
pub const SQLITE_MIGRATIONS: EmbeddedMigrations = embed_migrations!("../../migrations/sqlite");
/// The PostgreSQL migrations (`migrations/postgres`, the same names), embedded at compile time.
pub const POSTGRES_MIGRATIONS: EmbeddedMigrations = embed_migrations!("../../migrations/postgres");

mod multi {
    //! The derived multi-backend connection, in a private module so that the items the derive
    //! generates stay private.

    use diesel::pg::PgConnection;
    use diesel::sqlite::SqliteConnection;

    /// A connection to either backend. Queries are written once against diesel's
    /// `MultiBackend`; multi-row inserts dispatch on the variant.
    #[derive(diesel::MultiConnection)]
    pub enum DbConnection {
        /// A SQLite file (bundled SQLite; WAL, foreign keys on).
        Sqlite(SqliteConnection),
        /// A PostgreSQL server (libpq).
        Pg(PgConnection),
    }
}

pub use multi::DbConnection;

/// Which backend a URL selects.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BackendKind {
    /// SQLite.
    Sqlite,
    /// PostgreSQL.
    Postgres,
}

/// A database URL, its scheme read: `postgres://...` or `postgresql://...` select PostgreSQL;
/// `sqlite://PATH`, `sqlite:PATH` or a bare path (no `://`) select a SQLite file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DatabaseUrl {
    /// The backend.
    pub kind: BackendKind,
    /// What the backend's driver is given: the PostgreSQL URL as written, or the SQLite path.
    pub target: String,
}

/// A URL the service cannot use.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum UrlError {
    /// The scheme is neither `sqlite` nor `postgres`/`postgresql`.
    #[error("unsupported database URL scheme `{0}` (use sqlite://FILE or postgres://...)")]
    UnsupportedScheme(String),
    /// `sqlite://` with nothing after it.
    #[error("the SQLite URL names no file")]
    EmptyPath,
}

impl DatabaseUrl {
    /// Reads a URL (see the type's documentation).
    ///
    /// # Errors
    /// [`UrlError`] for another scheme or an empty SQLite path.
    pub fn parse(url: &str) -> Result<DatabaseUrl, UrlError> {
        let url = url.trim();
        if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            return Ok(DatabaseUrl {
                kind: BackendKind::Postgres,
                target: url.to_owned(),
            });
        }
        let path = if let Some(rest) = url.strip_prefix("sqlite://") {
            rest
        } else if let Some(rest) = url.strip_prefix("sqlite:") {
            rest
        } else if let Some((scheme, _)) = url.split_once("://") {
            return Err(UrlError::UnsupportedScheme(scheme.to_owned()));
        } else {
            url
        };
        if path.is_empty() {
            return Err(UrlError::EmptyPath);
        }
        Ok(DatabaseUrl {
            kind: BackendKind::Sqlite,
            target: path.to_owned(),
        })
    }

    /// Opens one connection to the backend the scheme names (no session settings: the pool's
    /// [`ConnectionSetup`] applies those).
    ///
    /// # Errors
    /// The driver's [`ConnectionError`].
    pub fn establish(&self) -> Result<DbConnection, ConnectionError> {
        Ok(match self.kind {
            BackendKind::Sqlite => DbConnection::Sqlite(SqliteConnection::establish(&self.target)?),
            BackendKind::Postgres => DbConnection::Pg(PgConnection::establish(&self.target)?),
        })
    }
}

/// The r2d2 manager: opens connections to the backend the URL's scheme names.
#[derive(Clone, Debug)]
pub struct DbManager {
    url: DatabaseUrl,
}

impl DbManager {
    /// A manager for a URL already read.
    #[must_use]
    pub const fn new(url: DatabaseUrl) -> DbManager {
        DbManager { url }
    }
}

impl ManageConnection for DbManager {
    type Connection = DbConnection;
    type Error = R2d2Error;

    fn connect(&self) -> Result<DbConnection, R2d2Error> {
        self.url.establish().map_err(R2d2Error::ConnectionError)
    }

    fn is_valid(&self, conn: &mut DbConnection) -> Result<(), R2d2Error> {
        conn.ping().map_err(R2d2Error::QueryError)
    }

    fn has_broken(&self, conn: &mut DbConnection) -> bool {
        std::thread::panicking() || conn.is_broken()
    }
}

/// Session settings applied to every pooled connection: on SQLite `foreign_keys = ON`,
/// `journal_mode = WAL` and a busy timeout; on PostgreSQL an optional `search_path` (tests give
/// each run its own schema).
#[derive(Clone, Debug, Default)]
pub struct ConnectionSetup {
    /// SQLite: how long a writer waits for a lock before `SQLITE_BUSY`, in milliseconds.
    pub busy_timeout_ms: u32,
    /// PostgreSQL: the schema to use (`SET search_path TO "..."`); `None`: the server's default.
    pub pg_schema: Option<String>,
}

impl ConnectionSetup {
    /// Applies the settings to one connection.
    ///
    /// # Errors
    /// The statement's error.
    pub fn apply(&self, conn: &mut DbConnection) -> diesel::QueryResult<()> {
        match conn {
            DbConnection::Sqlite(c) => c.batch_execute(&format!(
                "PRAGMA foreign_keys = ON; PRAGMA journal_mode = WAL; \
                 PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = {};",
                self.busy_timeout_ms
            )),
            DbConnection::Pg(c) => match &self.pg_schema {
                Some(schema) => {
                    c.batch_execute(&format!("SET search_path TO {}", quote_identifier(schema)))
                }
                None => Ok(()),
            },
        }
    }
}

impl CustomizeConnection<DbConnection, R2d2Error> for ConnectionSetup {
    fn on_acquire(&self, conn: &mut DbConnection) -> Result<(), R2d2Error> {
        self.apply(conn).map_err(R2d2Error::QueryError)
    }
}

/// Quotes a PostgreSQL identifier (`"a""b"`).
#[must_use]
pub fn quote_identifier(name: &str) -> String {
    format!("\"{}\"", name.replace('"', "\"\""))
}

/// A pool of connections.
pub type Pool = r2d2::Pool<DbManager>;
/// A connection taken from the pool.
pub type PooledConnection = r2d2::PooledConnection<DbManager>;

/// How to build a pool.
#[derive(Clone, Debug)]
pub struct PoolOptions {
    /// The most connections open at once.
    pub max_size: u32,
    /// How long `get` waits for a free connection.
    pub connection_timeout: Duration,
    /// The session settings.
    pub setup: ConnectionSetup,
}

impl Default for PoolOptions {
    fn default() -> Self {
        PoolOptions {
            max_size: 8,
            connection_timeout: Duration::from_secs(10),
            setup: ConnectionSetup {
                busy_timeout_ms: 5000,
                pg_schema: None,
            },
        }
    }
}

/// Why a pool could not be made ready.
#[derive(Debug, thiserror::Error)]
pub enum SetupError {
    /// The URL.
    #[error(transparent)]
    Url(#[from] UrlError),
    /// The pool could not open its connections.
    #[error("cannot connect to the database: {0}")]
    Pool(#[from] r2d2::Error),
    /// A migration failed.
    #[error("migrations failed: {0}")]
    Migration(String),
}

/// Builds a pool for a URL (the scheme picks the backend) and runs the pending migrations.
///
/// # Errors
/// [`SetupError`] for a bad URL, a database that cannot be reached, or a failed migration.
pub fn connect(url: &str, options: &PoolOptions) -> Result<Pool, SetupError> {
    let url = DatabaseUrl::parse(url)?;
    // SQLite allows one writer at a time; a small pool avoids needless lock waits.
    let max_size = match url.kind {
        BackendKind::Sqlite => options.max_size.min(4),
        BackendKind::Postgres => options.max_size,
    };
    let pool = r2d2::Pool::builder()
        .max_size(max_size.max(1))
        .connection_timeout(options.connection_timeout)
        .connection_customizer(Box::new(options.setup.clone()))
        .build(DbManager::new(url))?;
    let mut conn = pool.get()?;
    run_migrations(&mut conn)?;
    Ok(pool)
}

/// Runs the pending migrations of the connection's backend; returns their names.
///
/// # Errors
/// [`SetupError::Migration`].
pub fn run_migrations(conn: &mut DbConnection) -> Result<Vec<String>, SetupError> {
    let done = match conn {
        DbConnection::Sqlite(c) => c.run_pending_migrations(SQLITE_MIGRATIONS),
        DbConnection::Pg(c) => c.run_pending_migrations(POSTGRES_MIGRATIONS),
    }
    .map_err(|e| SetupError::Migration(e.to_string()))?;
    Ok(done.iter().map(ToString::to_string).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_pick_the_backend_by_scheme() {
        let pg = DatabaseUrl::parse("postgres://u@h/db").unwrap();
        assert_eq!(pg.kind, BackendKind::Postgres);
        assert_eq!(
            DatabaseUrl::parse("postgresql://h/db").unwrap().kind,
            BackendKind::Postgres
        );
        let s = DatabaseUrl::parse("sqlite://arbiter.sqlite").unwrap();
        assert_eq!(s.kind, BackendKind::Sqlite);
        assert_eq!(s.target, "arbiter.sqlite");
        assert_eq!(
            DatabaseUrl::parse("sqlite:/tmp/x.db").unwrap().target,
            "/tmp/x.db"
        );
        assert_eq!(
            DatabaseUrl::parse("data/a.db").unwrap().kind,
            BackendKind::Sqlite
        );
        assert_eq!(
            DatabaseUrl::parse("mysql://h/db"),
            Err(UrlError::UnsupportedScheme("mysql".into()))
        );
        assert_eq!(DatabaseUrl::parse("sqlite://"), Err(UrlError::EmptyPath));
    }

    #[test]
    fn identifiers_are_quoted() {
        assert_eq!(quote_identifier("t_1"), "\"t_1\"");
        assert_eq!(quote_identifier("a\"b"), "\"a\"\"b\"");
    }
}
