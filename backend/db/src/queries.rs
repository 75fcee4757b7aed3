//! Queries. Each returns diesel's `QueryResult` (result entry adds a typed conflict); every write
//! that spans rows runs in one transaction, with its audit entry.

use std::collections::BTreeMap;

use arbiter_tournament::{GameResult, PartialDate, RoundState, Tournament};
use chrono::NaiveDateTime;
use diesel::prelude::*;
use serde::Serialize;
use uuid::Uuid;

use crate::audit::{Actor, append_audit, now};
use crate::connection::DbConnection;
use crate::models::{
    ByeRow, GameResultChanges, GameRow, NewBye, NewGame, NewPlayer, NewTournament, PlayerRow,
    RoundRow, TournamentRow, date_from, date_text, state_text, uuid,
};
use crate::schema::{
    byes, games, players, rounds, tournament_languages, tournament_time_zones, tournaments,
};

/// Rows per multi-row `INSERT` (keeps every statement well under SQLite's bound-parameter limit).
const CHUNK: usize = 200;

/// Inserts many rows in one statement on the connection's own backend (diesel's `MultiBackend`
/// has no multi-row `INSERT`).
macro_rules! insert_rows {
    ($conn:expr, $table:expr, $rows:expr) => {
        match $conn {
            DbConnection::Sqlite(c) => diesel::insert_into($table).values($rows).execute(c),
            DbConnection::Pg(c) => diesel::insert_into($table).values($rows).execute(c),
        }
    };
}

/// A stored tournament: its id, the model (players carry their stored ids) and what only the
/// database keeps.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredTournament {
    /// The tournament's id.
    pub id: Uuid,
    /// The tournament.
    pub tournament: Tournament,
    /// The default time (Art. 6.7), minutes.
    pub default_time_minutes: Option<u32>,
    /// The time zone its pages show times in (an IANA name such as `Europe/Amsterdam`); `None`:
    /// UTC. Every time is stored in UTC.
    pub time_zone: Option<String>,
    /// The language of its public pages for readers who have not chosen one (`en`, `fa`, `ar`);
    /// `None`: the reader's browser decides.
    pub language: Option<String>,
    /// When it was created (UTC).
    pub created_at: NaiveDateTime,
    /// Its last change (UTC).
    pub updated_at: NaiveDateTime,
}

/// One line of the list of tournaments.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TournamentSummary {
    /// The id.
    pub id: Uuid,
    /// The name (`012`).
    pub name: Option<String>,
    /// The city.
    pub city: Option<String>,
    /// The start date.
    pub start_date: Option<PartialDate>,
    /// The end date.
    pub end_date: Option<PartialDate>,
    /// The number of players registered.
    pub players: i64,
    /// The number of public rounds: published or complete (a planned round, or one paired and
    /// under review, is not counted: the list is public).
    pub rounds: i64,
    /// The rounds planned.
    pub rounds_planned: Option<i32>,
    /// The last change (UTC).
    pub updated_at: NaiveDateTime,
}

/// What the audit log records about a tournament's creation.
#[derive(Serialize)]
struct CreatedSummary<'a> {
    name: Option<&'a str>,
    players: usize,
    rounds: usize,
    games: usize,
    byes: usize,
}

/// Stores a whole tournament in one transaction (the header, players, rounds, games, byes and
/// an audit entry `action`, e.g. `import` or `create`); returns its new id. Players with a nil
/// id get a new one. On any error nothing is left behind.
///
/// # Errors
/// The database's error: a constraint (two players with one pairing number, a game naming a
/// player who is not registered, two rounds with one number) or a value out of range.
pub fn create_tournament(
    conn: &mut DbConnection,
    t: &Tournament,
    default_time_minutes: Option<u32>,
    actor: &Actor,
    action: &str,
) -> QueryResult<Uuid> {
    crate::atomically(conn, |conn| {
        let id = Uuid::new_v4();
        let at = now();
        let header = NewTournament::from_model(id, t, default_time_minutes, at)?;
        diesel::insert_into(tournaments::table)
            .values(&header)
            .execute(conn)?;
        let ps = t
            .players
            .iter()
            .map(|p| NewPlayer::from_model(id, p))
            .collect::<QueryResult<Vec<_>>>()?;
        for chunk in ps.chunks(CHUNK) {
            insert_rows!(conn, players::table, chunk)?;
        }
        let rs: Vec<RoundRow> = t
            .rounds
            .iter()
            .map(|r| RoundRow::from_model(id, r))
            .collect();
        for chunk in rs.chunks(CHUNK) {
            insert_rows!(conn, rounds::table, chunk)?;
        }
        let gs: Vec<NewGame> = t
            .rounds
            .iter()
            .flat_map(|r| {
                r.games
                    .iter()
                    .enumerate()
                    .map(move |(i, g)| NewGame::from_model(id, r.number, i, g, at))
            })
            .collect();
        for chunk in gs.chunks(CHUNK) {
            insert_rows!(conn, games::table, chunk)?;
        }
        let bs: Vec<NewBye> = t
            .rounds
            .iter()
            .flat_map(|r| {
                r.byes
                    .iter()
                    .enumerate()
                    .map(move |(i, b)| NewBye::from_model(id, r.number, i, b))
            })
            .collect();
        for chunk in bs.chunks(CHUNK) {
            insert_rows!(conn, byes::table, chunk)?;
        }
        if let Some(team) = &t.team {
            crate::team_row::insert_team_event(conn, id, team)?;
        }
        let summary = CreatedSummary {
            name: t.name.as_deref(),
            players: ps.len(),
            rounds: rs.len(),
            games: gs.len(),
            byes: bs.len(),
        };
        append_audit(
            conn,
            actor,
            Some(id),
            "tournament",
            Some(&id.to_string()),
            action,
            None::<&()>,
            Some(&summary),
        )?;
        Ok(id)
    })
}

/// The tournament header row, if it exists.
///
/// # Errors
/// The database's error.
pub fn tournament_row(conn: &mut DbConnection, id: Uuid) -> QueryResult<Option<TournamentRow>> {
    tournaments::table
        .find(id.to_string())
        .select(TournamentRow::as_select())
        .first(conn)
        .optional()
}

/// The time of a tournament's last change (for cache validators), if it exists.
///
/// # Errors
/// The database's error.
pub fn last_change(conn: &mut DbConnection, id: Uuid) -> QueryResult<Option<NaiveDateTime>> {
    tournaments::table
        .find(id.to_string())
        .select(tournaments::updated_at)
        .first(conn)
        .optional()
}

/// Loads a whole tournament (header, players by pairing number, rounds by number with their
/// games and byes in stored order). `None` when there is no such tournament.
///
/// # Errors
/// The database's error, or a deserialization error naming a column whose value does not decode.
pub fn load_tournament(conn: &mut DbConnection, id: Uuid) -> QueryResult<Option<StoredTournament>> {
    // A reading transaction (one snapshot of every table): deferred, so readers never wait for
    // the write lock ([`crate::atomically`] is for changes).
    conn.transaction(|conn| {
        let Some(row) = tournament_row(conn, id)? else {
            return Ok(None);
        };
        let tid = id.to_string();
        let mut t = row.to_model()?;
        t.players = players::table
            .filter(players::tournament_id.eq(&tid))
            .order(players::pairing_number.asc())
            .select(PlayerRow::as_select())
            .load(conn)?
            .iter()
            .map(PlayerRow::to_model)
            .collect::<QueryResult<_>>()?;
        let round_rows: Vec<RoundRow> = rounds::table
            .filter(rounds::tournament_id.eq(&tid))
            .order(rounds::number.asc())
            .select(RoundRow::as_select())
            .load(conn)?;
        let mut by_number = BTreeMap::new();
        for r in &round_rows {
            let round = r.to_model()?;
            by_number.insert(round.number, round);
        }
        let game_rows: Vec<GameRow> = games::table
            .filter(games::tournament_id.eq(&tid))
            .order((games::round.asc(), games::seq.asc()))
            .select(GameRow::as_select())
            .load(conn)?;
        for g in &game_rows {
            let n = u16::try_from(g.round)
                .map_err(|_| crate::models::bad("games.round", g.round.to_string()))?;
            if let Some(r) = by_number.get_mut(&n) {
                r.games.push(g.to_model()?);
            }
        }
        let bye_rows: Vec<ByeRow> = byes::table
            .filter(byes::tournament_id.eq(&tid))
            .order((byes::round.asc(), byes::seq.asc()))
            .select(ByeRow::as_select())
            .load(conn)?;
        for b in &bye_rows {
            let n = u16::try_from(b.round)
                .map_err(|_| crate::models::bad("byes.round", b.round.to_string()))?;
            if let Some(r) = by_number.get_mut(&n) {
                r.byes.push(b.to_model()?);
            }
        }
        t.rounds = by_number.into_values().collect();
        t.team = crate::team_row::team_event(conn, id)?.map(|(event, _)| event);
        Ok(Some(StoredTournament {
            id,
            tournament: t,
            default_time_minutes: row.default_time_minutes.and_then(|m| u32::try_from(m).ok()),
            time_zone: time_zone(conn, id)?,
            language: language(conn, id)?,
            created_at: row.created_at,
            updated_at: row.updated_at,
        }))
    })
}

/// The stored states of a public round: its pairing published (results coming in) or complete.
const PUBLIC_STATES: [&str; 2] = [
    state_text(RoundState::Published),
    state_text(RoundState::Complete),
];

/// Whether round `number` of `tournament` is public: published or complete. False for a round
/// planned or paired and under review, and for a round not stored. What a public read of one
/// game asks before anything else (issue #45: nothing unpublished leaks).
///
/// # Errors
/// The database's error.
pub fn round_is_public(
    conn: &mut DbConnection,
    tournament: Uuid,
    number: i32,
) -> QueryResult<bool> {
    let n: i64 = rounds::table
        .filter(rounds::tournament_id.eq(tournament.to_string()))
        .filter(rounds::number.eq(number))
        .filter(rounds::state.eq_any(PUBLIC_STATES))
        .count()
        .get_result(conn)?;
    Ok(n > 0)
}

/// Every tournament, the most recently started first (then by name).
///
/// # Errors
/// The database's error.
pub fn list_tournaments(conn: &mut DbConnection) -> QueryResult<Vec<TournamentSummary>> {
    let rows: Vec<TournamentRow> = tournaments::table
        .order((tournaments::created_at.desc(), tournaments::name.asc()))
        .select(TournamentRow::as_select())
        .load(conn)?;
    let player_counts: BTreeMap<String, i64> = players::table
        .group_by(players::tournament_id)
        .select((players::tournament_id, diesel::dsl::count_star()))
        .load::<(String, i64)>(conn)?
        .into_iter()
        .collect();
    let round_counts: BTreeMap<String, i64> = rounds::table
        .filter(rounds::state.eq_any(PUBLIC_STATES))
        .group_by(rounds::tournament_id)
        .select((rounds::tournament_id, diesel::dsl::count_star()))
        .load::<(String, i64)>(conn)?
        .into_iter()
        .collect();
    rows.into_iter()
        .map(|r| {
            Ok(TournamentSummary {
                id: uuid("tournaments.id", &r.id)?,
                players: player_counts.get(&r.id).copied().unwrap_or(0),
                rounds: round_counts.get(&r.id).copied().unwrap_or(0),
                name: r.name,
                city: r.city,
                start_date: date_from(r.start_date.as_deref()),
                end_date: date_from(r.end_date.as_deref()),
                rounds_planned: r.rounds_planned,
                updated_at: r.updated_at,
            })
        })
        .collect()
}

/// A tournament with this name and start date, if one is stored (the demo loader imports its
/// event once).
///
/// # Errors
/// The database's error.
pub fn find_tournament(
    conn: &mut DbConnection,
    name: &str,
    start_date: Option<PartialDate>,
) -> QueryResult<Option<Uuid>> {
    let mut q = tournaments::table
        .filter(tournaments::name.eq(name))
        .select(tournaments::id)
        .into_boxed();
    if let Some(d) = date_text(start_date) {
        q = q.filter(tournaments::start_date.eq(d));
    }
    q.first::<String>(conn)
        .optional()?
        .map(|id| uuid("tournaments.id", &id))
        .transpose()
}

/// The games of one round with their ids and versions, in stored order.
///
/// # Errors
/// The database's error.
pub fn round_games(
    conn: &mut DbConnection,
    tournament: Uuid,
    round: u16,
) -> QueryResult<Vec<GameRow>> {
    games::table
        .filter(games::tournament_id.eq(tournament.to_string()))
        .filter(games::round.eq(i32::from(round)))
        .order(games::seq.asc())
        .select(GameRow::as_select())
        .load(conn)
}

/// One game by id.
///
/// # Errors
/// The database's error.
pub fn game(conn: &mut DbConnection, id: Uuid) -> QueryResult<Option<GameRow>> {
    games::table
        .find(id.to_string())
        .select(GameRow::as_select())
        .first(conn)
        .optional()
}

/// Why a result was not recorded.
#[derive(Debug, thiserror::Error)]
pub enum RecordError {
    /// Someone changed the game since the writer read it: the game as it stands now (its
    /// `version` is the one to resubmit against). Nothing was written.
    #[error("the game was changed by someone else (now version {})", current.version)]
    Conflict {
        /// The game as it stands.
        current: Box<GameRow>,
    },
    /// No game has this id.
    #[error("no such game")]
    NotFound,
    /// The two codes cannot stand together in one game (different families, or a bye code).
    #[error("the result codes `{white}`/`{black}` cannot stand together in a game")]
    Incoherent {
        /// White's code as given.
        white: char,
        /// Black's code as given.
        black: char,
    },
    /// The database's error.
    #[error(transparent)]
    Database(#[from] diesel::result::Error),
}

/// Records a game's result with optimistic locking: the update applies only if the game is still
/// at `expected_version` (`UPDATE ... WHERE id = ? AND version = ?`); it then gets the next
/// version, the tournament's last-change time moves, and an audit entry (before and after) is
/// appended, all in one transaction. Returns the game as stored. Two writers of one version: the
/// first wins, the second gets the conflict with the first one's result.
///
/// # Errors
/// [`RecordError::Conflict`] with the current row when the version moved on,
/// [`RecordError::NotFound`], [`RecordError::Incoherent`], or the database's error.
pub fn record_result(
    conn: &mut DbConnection,
    game_id: Uuid,
    expected_version: i32,
    result: &GameResult,
    actor: &Actor,
) -> Result<GameRow, RecordError> {
    if !result.is_coherent() {
        return Err(RecordError::Incoherent {
            white: result.white.trf_char(),
            black: result.black.trf_char(),
        });
    }
    crate::atomically(conn, |conn| {
        let at = now();
        // Write first: on SQLite a transaction that reads before it writes cannot wait for
        // another writer (its snapshot would be stale) and fails with "database is locked"; a
        // first write waits (busy timeout) and then sees the committed state. On PostgreSQL the
        // row lock serialises two arbiters the same way.
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
            return Err(RecordError::NotFound);
        }
        let Some(before) = game(conn, game_id)? else {
            return Err(RecordError::NotFound);
        };
        let changes = GameResultChanges::new(result, expected_version.saturating_add(1), at);
        let n = diesel::update(games::table)
            .filter(games::id.eq(game_id.to_string()))
            .filter(games::version.eq(expected_version))
            .set(&changes)
            .execute(conn)?;
        if n == 0 {
            let current = game(conn, game_id)?.ok_or(RecordError::NotFound)?;
            return Err(RecordError::Conflict {
                current: Box::new(current),
            });
        }
        let after = game(conn, game_id)?.ok_or(RecordError::NotFound)?;
        let tournament = uuid("games.tournament_id", &before.tournament_id)?;
        append_audit(
            conn,
            actor,
            Some(tournament),
            "game",
            Some(&before.id),
            "result",
            Some(&before),
            Some(&after),
        )?;
        Ok(after)
    })
}

/// Registers a player with the next free pairing number (the highest plus one); the tournament's
/// last change moves; audited. Returns the player as stored.
///
/// # Errors
/// The database's error (a foreign-key violation for an unknown tournament).
pub fn add_player(
    conn: &mut DbConnection,
    tournament: Uuid,
    player: &arbiter_tournament::Player,
    actor: &Actor,
) -> QueryResult<arbiter_tournament::Player> {
    crate::atomically(conn, |conn| {
        let at = now();
        let n = diesel::update(tournaments::table.find(tournament.to_string()))
            .set(tournaments::updated_at.eq(at))
            .execute(conn)?;
        if n == 0 {
            return Err(diesel::result::Error::NotFound);
        }
        let max: Option<i32> = players::table
            .filter(players::tournament_id.eq(tournament.to_string()))
            .select(diesel::dsl::max(players::pairing_number))
            .first(conn)?;
        let mut p = player.clone();
        p.pairing_number = u16::try_from(max.unwrap_or(0).saturating_add(1))
            .map_err(|_| crate::models::unfit("players.pairing_number", "too many players"))?;
        p.id = Uuid::new_v4();
        let row = NewPlayer::from_model(tournament, &p)?;
        diesel::insert_into(players::table)
            .values(&row)
            .execute(conn)?;
        append_audit(
            conn,
            actor,
            Some(tournament),
            "player",
            Some(&row.id),
            "register",
            None::<&()>,
            Some(&p),
        )?;
        Ok(p)
    })
}

/// The tournament's time zone (an IANA name such as `Europe/Amsterdam`), `None` for UTC: the
/// zone its pages show and take times in. Every time is stored in UTC.
///
/// # Errors
/// The database's error.
pub fn time_zone(conn: &mut DbConnection, tournament: Uuid) -> QueryResult<Option<String>> {
    tournament_time_zones::table
        .find(tournament.to_string())
        .select(tournament_time_zones::time_zone)
        .first(conn)
        .optional()
}

/// The language of a tournament's public pages for readers who have not chosen one (`en`,
/// `fa`, `ar`); `None` when the organizer set none (the reader's browser decides).
///
/// # Errors
/// The database's error.
pub fn language(conn: &mut DbConnection, tournament: Uuid) -> QueryResult<Option<String>> {
    tournament_languages::table
        .find(tournament.to_string())
        .select(tournament_languages::language)
        .first(conn)
        .optional()
}
