//! Persistence for Arbiter: one diesel schema ([`schema`]) for SQLite (bundled, the default: a
//! file, WAL, foreign keys on) and PostgreSQL (`postgres://...`), the backend chosen from the
//! URL's scheme ([`connection`]); embedded migrations run at start; rows and their conversions
//! to the `arbiter-tournament` model ([`models`]); queries ([`queries`]) that return diesel's
//! `QueryResult`, the organizer's changes ([`organizer`]), each multi-row write in one transaction with its audit entry, and result entry
//! guarded by a version column so that two arbiters entering one board never lose an update.
//!
//! FIDE rating lists ([`rating_list`]): monthly snapshots imported from FIDE's files, looked up by
//! FIDE id and name, and an event's players refreshed from them before round 1.
//!
//! No web framework here: the web crate runs these functions inside `web::block`.

pub mod accounts;
pub mod arbiter;
pub mod audit;
pub mod connection;
pub mod games;
pub mod models;
pub mod organizer;
pub mod queries;
pub mod rating_list;
pub mod schema;
pub mod sessions;
pub mod team;
mod team_row;
#[cfg(feature = "testing")]
pub mod testing;

pub use accounts::{Role, UserRow};
pub use audit::{Actor, append_audit, audit_entries, now};
pub use connection::{
    BackendKind, ConnectionSetup, DatabaseUrl, DbConnection, Pool, PoolOptions, PooledConnection,
    SetupError, connect, run_migrations,
};
pub use organizer::documents::{Document, document, set_document};
pub use organizer::{
    ChangeError, FideModeExit, Missing, SelfCheckInChange, add_players, create_tournament_for,
    fide_mode_exit, leave_fide_mode, pairs_with_provisional_draws, publish_round, push_records,
    rank_players_initially, request_bye, self_check_in_token, set_player_status, set_self_check_in,
    store_pairing, unpair_round, update_player, update_tournament,
};
pub use queries::language as tournament_language;
pub use queries::{
    RecordError, StoredTournament, TournamentSummary, add_player, create_tournament,
    find_tournament, game, last_change, list_tournaments, load_tournament, record_result,
    round_games, round_is_public, time_zone, tournament_row,
};

/// diesel's result type (`Result<T, QueryError>`), what every query returns.
pub use diesel::QueryResult;
/// diesel's error type, re-exported so that callers need no diesel dependency of their own.
pub use diesel::result::Error as QueryError;

/// Whether a database error means the database could not answer at the moment (a closed
/// connection, a command that could not be sent, SQLite busy or locked, a PostgreSQL
/// serialization failure): the request may be tried again (HTTP `503`). Every other error (a
/// constraint failed, a query malformed) is a defect of the caller, never the client's
/// (`500`).
#[must_use]
pub fn is_unavailable(e: &QueryError) -> bool {
    use diesel::result::DatabaseErrorKind as K;
    match e {
        diesel::result::Error::DatabaseError(kind, info) => {
            matches!(
                kind,
                K::ClosedConnection | K::UnableToSendCommand | K::SerializationFailure
            ) || {
                let m = info.message();
                m.contains("database is locked") || m.contains("database is busy")
            }
        }
        diesel::result::Error::BrokenTransactionManager => true,
        _ => false,
    }
}

/// Runs `f` in one database transaction: committed when `f` returns `Ok`, rolled back (nothing
/// of it written) when it returns `Err`. On SQLite it begins `IMMEDIATE` (the write lock taken
/// first, so concurrent writers wait their turn instead of failing). Inside another transaction it becomes a savepoint, so
/// the functions of this crate, each atomic on its own, can be combined into one change (an
/// envelope opened together with the result its sealed move decides, Appendix A.7, A.8).
///
/// # Errors
/// `f`'s error, or the database's (converted into `E`) when the transaction cannot begin or
/// commit.
pub fn atomically<T, E, F>(conn: &mut DbConnection, f: F) -> Result<T, E>
where
    F: FnOnce(&mut DbConnection) -> Result<T, E>,
    E: From<QueryError>,
{
    use diesel::Connection as _;
    use diesel::connection::{AnsiTransactionManager, TransactionManager};
    // SQLite: the outermost transaction takes the write lock when it begins (`BEGIN
    // IMMEDIATE`), waiting up to the busy timeout for another writer. A deferred `BEGIN` that
    // reads, then writes after another connection committed, fails at once with "database is
    // locked" (its snapshot is stale; the busy timeout does not apply): two arbiters saving at
    // the same moment would see a 503.
    let DbConnection::Sqlite(sqlite) = conn else {
        return conn.transaction(f);
    };
    if AnsiTransactionManager::transaction_manager_status_mut(sqlite)
        .transaction_depth()
        .map_err(E::from)?
        .is_some()
    {
        return conn.transaction(f);
    }
    AnsiTransactionManager::begin_transaction_sql(sqlite, "BEGIN IMMEDIATE").map_err(E::from)?;
    match f(conn) {
        Ok(value) => {
            <DbConnection as diesel::Connection>::TransactionManager::commit_transaction(conn)
                .map_err(E::from)?;
            Ok(value)
        }
        Err(e) => {
            <DbConnection as diesel::Connection>::TransactionManager::rollback_transaction(conn)
                .map_err(E::from)?;
            Err(e)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use diesel::result::DatabaseErrorKind as K;

    fn db_error(kind: K, message: &str) -> QueryError {
        QueryError::DatabaseError(kind, Box::new(message.to_owned()))
    }

    /// Two SQLite writers that each read, then write: the second waits for the first's commit
    /// and reads what it wrote (no "database is locked", no lost update). With a deferred
    /// `BEGIN` the first fails as soon as it writes after the second committed.
    #[test]
    fn sqlite_writers_that_read_first_wait_their_turn() {
        use diesel::RunQueryDsl as _;
        use diesel::connection::SimpleConnection as _;
        #[derive(diesel::QueryableByName)]
        struct Counter {
            #[diesel(sql_type = diesel::sql_types::BigInt)]
            n: i64,
        }
        fn increment(c: &mut DbConnection, pause: impl FnOnce()) -> Result<(), QueryError> {
            atomically(c, |c| {
                let n = diesel::sql_query("SELECT n FROM counter")
                    .get_result::<Counter>(c)?
                    .n;
                pause();
                diesel::sql_query(format!("UPDATE counter SET n = {}", n + 1)).execute(c)?;
                Ok(())
            })
        }
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}", dir.path().join("writers.sqlite").display());
        let pool = connect(&url, &PoolOptions::default()).unwrap();
        pool.get()
            .unwrap()
            .batch_execute(
                "CREATE TABLE counter (n BIGINT NOT NULL); INSERT INTO counter VALUES (0);",
            )
            .unwrap();
        let (read, has_read) = std::sync::mpsc::channel();
        let other = pool.clone();
        let first = std::thread::spawn(move || {
            increment(&mut other.get().unwrap(), || {
                read.send(()).unwrap();
                std::thread::sleep(std::time::Duration::from_millis(300));
            })
        });
        has_read.recv().unwrap();
        let second = increment(&mut pool.get().unwrap(), || {});
        first.join().unwrap().expect("the first writer commits");
        second.expect("the second writer commits");
        let n = diesel::sql_query("SELECT n FROM counter")
            .get_result::<Counter>(&mut pool.get().unwrap())
            .unwrap()
            .n;
        assert_eq!(n, 2, "both increments are kept");
    }

    #[test]
    fn only_an_unreachable_or_busy_database_is_unavailable() {
        assert!(is_unavailable(&db_error(K::ClosedConnection, "gone")));
        assert!(is_unavailable(&db_error(K::Unknown, "database is locked")));
        assert!(is_unavailable(&db_error(K::SerializationFailure, "retry")));
        // A constraint that fails is the caller's defect, never a reason to try again.
        assert!(!is_unavailable(&db_error(
            K::CheckViolation,
            "CHECK constraint failed: number >= 1"
        )));
        assert!(!is_unavailable(&db_error(K::UniqueViolation, "UNIQUE")));
        assert!(!is_unavailable(&QueryError::NotFound));
    }
}
