//! Game scores (the moves of a game): stored PGN text with the rules core's replay verdict
//! ([`ScoreReport`], as JSON), a flag for the arbiter, who submitted it and when; and the import
//! of a whole event from PGN ([`import_pgn_event`]). Every write is one transaction with its audit
//! entry, and moves the tournament's last change (the public pages' cache validators).

use std::collections::BTreeMap;

use arbiter_tournament::GameResult;
use arbiter_tournament::pgn_event::{PgnEvent, ScoreReport};
use chrono::NaiveDateTime;
use diesel::prelude::*;
use serde::Serialize;
use uuid::Uuid;

use crate::audit::{Actor, append_audit, now};
use crate::connection::DbConnection;
use crate::models::{bad, unfit, uuid};
use crate::queries::{RecordError, create_tournament, game, record_result, round_games};
use crate::schema::{game_scores, games, tournaments};

/// Rows per multi-row `INSERT` (8 columns: well under SQLite's bound-parameter limit).
const CHUNK: usize = 200;

/// A stored score as read.
#[derive(Clone, Debug, PartialEq, Eq, Queryable, Selectable, Serialize)]
#[diesel(table_name = game_scores)]
pub struct GameScoreRow {
    /// The game's UUID (the key: one score per game).
    pub game_id: String,
    /// The tournament's UUID.
    pub tournament_id: String,
    /// The score in PGN export format (PGN standard section 8): tags, movetext, result.
    pub pgn: String,
    /// The replay status ([`ScoreReport::status`]): `ok`, `illegal_move`, ...
    pub status: String,
    /// The whole [`ScoreReport`] as JSON.
    pub report_json: String,
    /// Whether an arbiter should look at it (any status but `ok`).
    pub flagged: bool,
    /// Who submitted it (an e-mail address, `cli`, `demo`, `import`).
    pub submitted_by: Option<String>,
    /// When (UTC).
    pub submitted_at: NaiveDateTime,
}

impl GameScoreRow {
    /// The replay report.
    ///
    /// # Errors
    /// A deserialization error naming `game_scores.report_json` when the stored JSON does not
    /// decode.
    pub fn report(&self) -> QueryResult<ScoreReport> {
        serde_json::from_str(&self.report_json)
            .map_err(|_| bad("game_scores.report_json", self.report_json.clone()))
    }
}

/// A score to insert.
#[derive(Clone, Debug, Insertable)]
#[diesel(table_name = game_scores, treat_none_as_default_value = false)]
pub struct NewGameScore {
    /// The game.
    pub game_id: String,
    /// The tournament.
    pub tournament_id: String,
    /// PGN.
    pub pgn: String,
    /// Status.
    pub status: String,
    /// Report, JSON.
    pub report_json: String,
    /// Flagged.
    pub flagged: bool,
    /// Submitter.
    pub submitted_by: Option<String>,
    /// UTC.
    pub submitted_at: NaiveDateTime,
}

impl NewGameScore {
    /// The row for a score of game `game` of tournament `tournament`.
    ///
    /// # Errors
    /// A serialization error when the report does not encode (it always does).
    pub fn new(
        game: Uuid,
        tournament: Uuid,
        pgn: &str,
        report: &ScoreReport,
        actor: &Actor,
        at: NaiveDateTime,
    ) -> QueryResult<NewGameScore> {
        Ok(NewGameScore {
            game_id: game.to_string(),
            tournament_id: tournament.to_string(),
            pgn: pgn.to_owned(),
            status: report.status.clone(),
            report_json: serde_json::to_string(report)
                .map_err(|e| unfit("game_scores.report_json", e.to_string()))?,
            flagged: report.flagged(),
            submitted_by: Some(actor.name.clone()),
            submitted_at: at,
        })
    }
}

/// What the audit log keeps of a score (the PGN text in full, the verdict in short).
#[derive(Serialize)]
struct ScoreAudit<'a> {
    pgn: &'a str,
    status: &'a str,
    flagged: bool,
}

impl<'a> From<&'a GameScoreRow> for ScoreAudit<'a> {
    fn from(r: &'a GameScoreRow) -> Self {
        ScoreAudit {
            pgn: &r.pgn,
            status: &r.status,
            flagged: r.flagged,
        }
    }
}

/// Stores (or replaces) the score of a game with its replay report, in one transaction: the
/// tournament's last change moves, the old score (if any) gives way, and an audit entry records
/// before and after. Returns the score as stored.
///
/// # Errors
/// `diesel::result::Error::NotFound` for an unknown game; the database's error.
pub fn store_game_score(
    conn: &mut DbConnection,
    game_id: Uuid,
    pgn: &str,
    report: &ScoreReport,
    actor: &Actor,
) -> QueryResult<GameScoreRow> {
    crate::atomically(conn, |conn| {
        let at = now();
        // Write first (see `record_result`): SQLite then waits for another writer.
        let touched = diesel::update(
            tournaments::table.filter(
                tournaments::id.eq_any(
                    games::table
                        .filter(games::id.eq(game_id.to_string()))
                        .select(games::tournament_id),
                ),
            ),
        )
        .set(tournaments::updated_at.eq(at))
        .execute(conn)?;
        if touched == 0 {
            return Err(diesel::result::Error::NotFound);
        }
        let g = game(conn, game_id)?.ok_or(diesel::result::Error::NotFound)?;
        let tournament = uuid("games.tournament_id", &g.tournament_id)?;
        let before = game_score(conn, game_id)?;
        diesel::delete(game_scores::table.find(game_id.to_string())).execute(conn)?;
        let row = NewGameScore::new(game_id, tournament, pgn, report, actor, at)?;
        diesel::insert_into(game_scores::table)
            .values(&row)
            .execute(conn)?;
        let after = game_score(conn, game_id)?.ok_or(diesel::result::Error::NotFound)?;
        append_audit(
            conn,
            actor,
            Some(tournament),
            "game_score",
            Some(&g.id),
            if before.is_some() {
                "replace"
            } else {
                "submit"
            },
            before.as_ref().map(ScoreAudit::from).as_ref(),
            Some(&ScoreAudit::from(&after)),
        )?;
        Ok(after)
    })
}

/// The score of one game, if stored.
///
/// # Errors
/// The database's error.
pub fn game_score(conn: &mut DbConnection, game_id: Uuid) -> QueryResult<Option<GameScoreRow>> {
    game_scores::table
        .find(game_id.to_string())
        .select(GameScoreRow::as_select())
        .first(conn)
        .optional()
}

/// Every stored score of a tournament, by game id.
///
/// # Errors
/// The database's error.
pub fn tournament_scores(
    conn: &mut DbConnection,
    tournament: Uuid,
) -> QueryResult<BTreeMap<String, GameScoreRow>> {
    Ok(game_scores::table
        .filter(game_scores::tournament_id.eq(tournament.to_string()))
        .select(GameScoreRow::as_select())
        .load(conn)?
        .into_iter()
        .map(|r| (r.game_id.clone(), r))
        .collect())
}

/// Every game of a tournament with its id and version, by round and place in the round.
///
/// # Errors
/// The database's error.
pub fn tournament_games(
    conn: &mut DbConnection,
    tournament: Uuid,
) -> QueryResult<Vec<crate::models::GameRow>> {
    games::table
        .filter(games::tournament_id.eq(tournament.to_string()))
        .order((games::round.asc(), games::seq.asc()))
        .select(crate::models::GameRow::as_select())
        .load(conn)
}

/// The verdict of one stored score without its text (for lists).
#[derive(Clone, Debug, PartialEq, Eq, Queryable, Serialize)]
pub struct ScoreStatus {
    /// The game's UUID.
    pub game_id: String,
    /// The replay status.
    pub status: String,
    /// Whether it is flagged.
    pub flagged: bool,
}

/// The status of every stored score of a tournament, by game id.
///
/// # Errors
/// The database's error.
pub fn score_statuses(
    conn: &mut DbConnection,
    tournament: Uuid,
) -> QueryResult<BTreeMap<String, ScoreStatus>> {
    Ok(game_scores::table
        .filter(game_scores::tournament_id.eq(tournament.to_string()))
        .select((
            game_scores::game_id,
            game_scores::status,
            game_scores::flagged,
        ))
        .load::<ScoreStatus>(conn)?
        .into_iter()
        .map(|r| (r.game_id.clone(), r))
        .collect())
}

/// Stores a score report (Art. 3, 5, 6.9, 8, 9.6): the game's result as entered and its score
/// with the replay verdict, in one transaction (the result as [`crate::record_result`] at the
/// game's current version, then [`store_game_score`], each audited). A flagged report keeps the
/// entered result (Art. 8: it stands unless the arbiter decides otherwise) for the chief
/// arbiter's decision ([`resolve_flagged_score`]).
///
/// # Errors
/// [`RecordError::NotFound`], [`RecordError::Incoherent`], [`RecordError::Conflict`] when another
/// writer changed the game meanwhile, the database's error.
pub fn submit_score_report(
    conn: &mut DbConnection,
    game_id: Uuid,
    pgn: &str,
    report: &ScoreReport,
    result: &GameResult,
    actor: &Actor,
) -> Result<GameScoreRow, RecordError> {
    crate::atomically(conn, |conn| {
        let g = game(conn, game_id)?.ok_or(RecordError::NotFound)?;
        record_result(conn, game_id, g.version, result, actor)?;
        Ok(store_game_score(conn, game_id, pgn, report, actor)?)
    })
}

/// What the audit log records when the chief arbiter decides on a flagged score.
#[derive(Serialize)]
struct FlagDecision<'a> {
    article: &'static str,
    status: &'a str,
    result: Option<String>,
}

/// The chief arbiter's decision on a flagged score (Art. 8): `correction` `None` confirms the
/// entered result, `Some` replaces it (audited as a result change); the score is no longer
/// flagged; an audit entry (`confirm` or `correct`, Art. 8) records the decision. One
/// transaction.
///
/// # Errors
/// [`RecordError::NotFound`] for a game without a stored score; [`RecordError::Incoherent`]; the
/// database's error.
pub fn resolve_flagged_score(
    conn: &mut DbConnection,
    game_id: Uuid,
    correction: Option<&GameResult>,
    actor: &Actor,
) -> Result<GameScoreRow, RecordError> {
    crate::atomically(conn, |conn| {
        let g = game(conn, game_id)?.ok_or(RecordError::NotFound)?;
        if let Some(r) = correction {
            record_result(conn, game_id, g.version, r, actor)?;
        }
        let n = diesel::update(game_scores::table.find(game_id.to_string()))
            .set(game_scores::flagged.eq(false))
            .execute(conn)?;
        if n == 0 {
            return Err(RecordError::NotFound);
        }
        let after = game_score(conn, game_id)?.ok_or(RecordError::NotFound)?;
        append_audit(
            conn,
            actor,
            Some(uuid("games.tournament_id", &g.tournament_id)?),
            "game_score",
            Some(&g.id),
            if correction.is_some() {
                "correct"
            } else {
                "confirm"
            },
            None::<&()>,
            Some(&FlagDecision {
                article: "8",
                status: &after.status,
                result: correction
                    .map(|r| format!("{}:{}", r.white.trf_char(), r.black.trf_char())),
            }),
        )?;
        Ok(after)
    })
}

/// Records a round report's results (`(game, result)` pairs) all or nothing: every result as
/// [`crate::record_result`] at the game's current version (each audited), in one transaction.
///
/// # Errors
/// The first failing game's error; then nothing is stored.
pub fn record_round_report(
    conn: &mut DbConnection,
    results: &[(Uuid, GameResult)],
    actor: &Actor,
) -> Result<usize, RecordError> {
    crate::atomically(conn, |conn| {
        for (game_id, result) in results {
            let g = game(conn, *game_id)?.ok_or(RecordError::NotFound)?;
            record_result(conn, *game_id, g.version, result, actor)?;
        }
        Ok(results.len())
    })
}

/// What the audit log records about an event's scores.
#[derive(Serialize)]
struct ScoresImported {
    scores: usize,
    flagged: usize,
}

/// Stores an event read from PGN in one transaction: the tournament (as [`create_tournament`]
/// with action `import`), then every game's score with its report, and one audit entry counting
/// them. Returns the new tournament's id. On any error nothing is left behind.
///
/// # Errors
/// The database's error; a serialization error naming `game_scores.game_id` when a score names a
/// game the tournament does not hold (a bug in the reader, never user input).
pub fn import_pgn_event(
    conn: &mut DbConnection,
    event: &PgnEvent,
    actor: &Actor,
) -> QueryResult<Uuid> {
    crate::atomically(conn, |conn| {
        let id = create_tournament(conn, &event.tournament, None, actor, "import")?;
        let at = now();
        let mut ids: BTreeMap<(u16, usize), Uuid> = BTreeMap::new();
        for r in &event.tournament.rounds {
            for (seq, g) in round_games(conn, id, r.number)?.iter().enumerate() {
                ids.insert((r.number, seq), uuid("games.id", &g.id)?);
            }
        }
        let rows = event
            .games
            .iter()
            .map(|g| {
                let gid = ids.get(&(g.round, g.seq)).ok_or_else(|| {
                    unfit(
                        "game_scores.game_id",
                        format!("round {} game {}", g.round, g.seq),
                    )
                })?;
                NewGameScore::new(*gid, id, &g.pgn, &g.report, actor, at)
            })
            .collect::<QueryResult<Vec<_>>>()?;
        for chunk in rows.chunks(CHUNK) {
            match conn {
                DbConnection::Sqlite(c) => diesel::insert_into(game_scores::table)
                    .values(chunk)
                    .execute(c)?,
                DbConnection::Pg(c) => diesel::insert_into(game_scores::table)
                    .values(chunk)
                    .execute(c)?,
            };
        }
        append_audit(
            conn,
            actor,
            Some(id),
            "game_score",
            None,
            "import",
            None::<&()>,
            Some(&ScoresImported {
                scores: rows.len(),
                flagged: rows.iter().filter(|r| r.flagged).count(),
            }),
        )?;
        Ok(id)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::TestDb;
    use arbiter_tournament::pgn_event::{check_score, read_pgn_event};

    const EVENT: &str = r#"[Event "Two rounds"]
[Round "1.1"]
[White "A"]
[Black "B"]
[Result "1-0"]

1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0

[Event "Two rounds"]
[Round "2.1"]
[White "B"]
[Black "A"]
[Result "*"]

1. d4 d5 *
"#;

    #[test]
    fn an_event_and_its_scores_are_stored_and_replaced_with_audit() {
        let event = read_pgn_event(EVENT.as_bytes()).unwrap();
        for db in TestDb::all() {
            let mut conn = db.pool.get().unwrap();
            let id = import_pgn_event(&mut conn, &event, &Actor::system("test")).unwrap();
            let scores = tournament_scores(&mut conn, id).unwrap();
            assert_eq!(scores.len(), 2, "{:?}", db.kind);
            let g2 = round_games(&mut conn, id, 2).unwrap().remove(0);
            let gid = Uuid::parse_str(&g2.id).unwrap();
            let stored = game_score(&mut conn, gid).unwrap().unwrap();
            assert!(stored.pgn.contains("1. d4 d5 *"));
            assert_eq!(stored.report().unwrap().plies, 2);
            assert!(!stored.flagged);

            // The arbiter's correction: an illegal move is flagged, the old score replaced.
            let before = crate::queries::last_change(&mut conn, id).unwrap().unwrap();
            let (pgn, report) = check_score("1. d4 d5 2. Ke3 *").unwrap();
            let row =
                store_game_score(&mut conn, gid, &pgn, &report, &Actor::system("arbiter")).unwrap();
            assert!(row.flagged);
            assert_eq!(row.status, "illegal_move");
            assert_eq!(row.submitted_by.as_deref(), Some("arbiter"));
            assert_eq!(tournament_scores(&mut conn, id).unwrap().len(), 2);
            assert!(crate::queries::last_change(&mut conn, id).unwrap().unwrap() >= before);
            let statuses = score_statuses(&mut conn, id).unwrap();
            assert_eq!(statuses[&g2.id].status, "illegal_move");
            let audit = crate::audit::audit_entries(&mut conn, id).unwrap();
            let last = audit.last().unwrap();
            assert_eq!(
                (last.entity.as_str(), last.action.as_str()),
                ("game_score", "replace")
            );
            assert!(last.before_json.as_deref().unwrap().contains("1. d4 d5 *"));
            assert!(
                audit
                    .iter()
                    .any(|a| a.action == "import" && a.entity == "game_score")
            );

            // An unknown game: nothing written.
            let n = audit.len();
            let e = store_game_score(
                &mut conn,
                Uuid::new_v4(),
                &pgn,
                &report,
                &Actor::system("arbiter"),
            );
            assert!(matches!(e, Err(diesel::result::Error::NotFound)));
            assert_eq!(crate::audit::audit_entries(&mut conn, id).unwrap().len(), n);

            // The score goes with its tournament.
            diesel::delete(tournaments::table.find(id.to_string()))
                .execute(&mut conn)
                .unwrap();
            assert!(game_score(&mut conn, gid).unwrap().is_none());
        }
    }
}
