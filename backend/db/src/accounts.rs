//! Accounts, roles and API tokens. Passwords arrive already hashed (argon2, by the web crate);
//! API tokens are stored as their SHA-256 only. The first account on a new database is the
//! administrator.

use chrono::NaiveDateTime;
use diesel::prelude::*;
use serde::Serialize;
use sha2::{Digest, Sha256};
use uuid::Uuid;

use crate::audit::{Actor, append_audit, now};
use crate::connection::DbConnection;
use crate::models::uuid;
use crate::schema::{api_tokens, roles, tournaments, user_languages, users};

/// An account as read.
#[derive(Clone, Debug, PartialEq, Eq, Queryable, Selectable, Identifiable)]
#[diesel(table_name = users)]
pub struct UserRow {
    /// UUID as text.
    pub id: String,
    /// The e-mail address (lower case), the login name.
    pub email: String,
    /// The argon2 hash in PHC string form.
    pub password_hash: String,
    /// Whether the account administers the service.
    pub is_admin: bool,
    /// When it was created (UTC).
    pub created_at: NaiveDateTime,
    /// Whether an administrator approved the account as an organizer: only then are its
    /// tournaments listed on the home page and in the API's list (issue #45). Administrators
    /// are approved when created.
    pub approved: bool,
}

impl UserRow {
    /// The id as a UUID.
    ///
    /// # Errors
    /// A deserialization error for a malformed stored id.
    pub fn uuid(&self) -> QueryResult<Uuid> {
        uuid("users.id", &self.id)
    }

    /// The account as an actor for the audit log.
    #[must_use]
    pub fn actor(&self) -> Actor {
        Actor {
            user_id: Uuid::parse_str(&self.id).ok(),
            name: self.email.clone(),
        }
    }
}

#[derive(Insertable)]
#[diesel(table_name = users)]
struct NewUser<'a> {
    id: String,
    email: &'a str,
    password_hash: &'a str,
    is_admin: bool,
    created_at: NaiveDateTime,
    approved: bool,
}

/// What the audit log keeps of an account (never the hash).
#[derive(Serialize)]
struct UserAudit<'a> {
    email: &'a str,
    is_admin: bool,
}

/// A tournament role.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub enum Role {
    /// Runs the tournament: edits it, registers players, pairs rounds, sees the audit log.
    Organizer,
    /// Enters results.
    Arbiter,
}

impl Role {
    /// The stored name: `organizer`, `arbiter`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Role::Organizer => "organizer",
            Role::Arbiter => "arbiter",
        }
    }

    /// Reads a stored name.
    #[must_use]
    pub fn parse(text: &str) -> Option<Role> {
        match text {
            "organizer" => Some(Role::Organizer),
            "arbiter" => Some(Role::Arbiter),
            _ => None,
        }
    }
}

/// The language the account's holder last chose (`en`, `fa`, `ar`), if any.
///
/// # Errors
/// The database's error.
pub fn user_language(conn: &mut DbConnection, user: Uuid) -> QueryResult<Option<String>> {
    user_languages::table
        .find(user.to_string())
        .select(user_languages::language)
        .first(conn)
        .optional()
}

/// Keeps the language the account's holder chose (`en`, `fa`, `ar`, checked by the caller);
/// `None` forgets it.
///
/// # Errors
/// The database's error.
pub fn set_user_language(
    conn: &mut DbConnection,
    user: Uuid,
    language: Option<&str>,
) -> QueryResult<()> {
    let id = user.to_string();
    crate::atomically(conn, |conn| {
        diesel::delete(user_languages::table.find(&id)).execute(conn)?;
        if let Some(language) = language {
            diesel::insert_into(user_languages::table)
                .values((
                    user_languages::user_id.eq(&id),
                    user_languages::language.eq(language),
                ))
                .execute(conn)?;
        }
        Ok(())
    })
}

/// Normalises an e-mail address for storage and lookup: trimmed, lower case.
#[must_use]
pub fn normalise_email(email: &str) -> String {
    email.trim().to_lowercase()
}

/// The number of accounts.
///
/// # Errors
/// The database's error.
pub fn user_count(conn: &mut DbConnection) -> QueryResult<i64> {
    users::table.count().get_result(conn)
}

/// Creates an account (the e-mail normalised). It is an administrator when `admin` is asked for
/// or when it is the first account of the database; an administrator is approved as an
/// organizer at once, any other account waits for [`approve_user`]. Audited. Returns the
/// account.
///
/// # Errors
/// The database's error; a unique-constraint violation when the address is taken.
pub fn create_user(
    conn: &mut DbConnection,
    email: &str,
    password_hash: &str,
    admin: bool,
    actor: &Actor,
) -> QueryResult<UserRow> {
    crate::atomically(conn, |conn| {
        let email = normalise_email(email);
        let id = Uuid::new_v4();
        // Insert first (a write takes SQLite's lock before the count is read), then decide.
        diesel::insert_into(users::table)
            .values(&NewUser {
                id: id.to_string(),
                email: &email,
                password_hash,
                is_admin: admin,
                created_at: now(),
                approved: admin,
            })
            .execute(conn)?;
        let first = user_count(conn)? == 1;
        if first && !admin {
            diesel::update(users::table.find(id.to_string()))
                .set((users::is_admin.eq(true), users::approved.eq(true)))
                .execute(conn)?;
        }
        let row = users::table
            .find(id.to_string())
            .select(UserRow::as_select())
            .first(conn)?;
        append_audit(
            conn,
            actor,
            None,
            "user",
            Some(&row.id),
            "create",
            None::<&()>,
            Some(&UserAudit {
                email: &row.email,
                is_admin: row.is_admin,
            }),
        )?;
        Ok(row)
    })
}

/// An account by e-mail address (normalised).
///
/// # Errors
/// The database's error.
pub fn user_by_email(conn: &mut DbConnection, email: &str) -> QueryResult<Option<UserRow>> {
    users::table
        .filter(users::email.eq(normalise_email(email)))
        .select(UserRow::as_select())
        .first(conn)
        .optional()
}

/// An account by id.
///
/// # Errors
/// The database's error.
pub fn user_by_id(conn: &mut DbConnection, id: Uuid) -> QueryResult<Option<UserRow>> {
    users::table
        .find(id.to_string())
        .select(UserRow::as_select())
        .first(conn)
        .optional()
}

/// Grants `role` in `tournament` to an account; audited. Granting a role the account has
/// already changes nothing (and logs nothing). The insert comes first and conflicts are ignored
/// by the database (`ON CONFLICT DO NOTHING`), so that two organizers granting at once never
/// fail on SQLite's lock or PostgreSQL's unique index.
///
/// # Errors
/// The database's error (a foreign-key violation for an unknown account or tournament).
pub fn grant_role(
    conn: &mut DbConnection,
    user: Uuid,
    tournament: Uuid,
    role: Role,
    actor: &Actor,
) -> QueryResult<()> {
    crate::atomically(conn, |conn| {
        let row = (
            roles::user_id.eq(user.to_string()),
            roles::tournament_id.eq(tournament.to_string()),
            roles::role.eq(role.as_str()),
        );
        let inserted = match conn {
            DbConnection::Sqlite(c) => diesel::insert_into(roles::table)
                .values(row)
                .on_conflict_do_nothing()
                .execute(c)?,
            DbConnection::Pg(c) => diesel::insert_into(roles::table)
                .values(row)
                .on_conflict_do_nothing()
                .execute(c)?,
        };
        if inserted == 0 {
            return Ok(());
        }
        append_audit(
            conn,
            actor,
            Some(tournament),
            "role",
            Some(&user.to_string()),
            "grant",
            None::<&()>,
            Some(&role),
        )
    })
}

/// Takes `role` in `tournament` away from an account; audited. Returns whether it had it.
///
/// # Errors
/// The database's error.
pub fn revoke_role(
    conn: &mut DbConnection,
    user: Uuid,
    tournament: Uuid,
    role: Role,
    actor: &Actor,
) -> QueryResult<bool> {
    crate::atomically(conn, |conn| {
        let n = diesel::delete(
            roles::table
                .filter(roles::user_id.eq(user.to_string()))
                .filter(roles::tournament_id.eq(tournament.to_string()))
                .filter(roles::role.eq(role.as_str())),
        )
        .execute(conn)?;
        if n > 0 {
            append_audit(
                conn,
                actor,
                Some(tournament),
                "role",
                Some(&user.to_string()),
                "revoke",
                Some(&role),
                None::<&()>,
            )?;
        }
        Ok(n > 0)
    })
}

/// Every account with a role in `tournament`: e-mail address, account id and role, by address.
///
/// # Errors
/// The database's error.
pub fn tournament_roles(
    conn: &mut DbConnection,
    tournament: Uuid,
) -> QueryResult<Vec<(String, Uuid, Role)>> {
    let rows: Vec<(String, String, String)> = roles::table
        .inner_join(users::table)
        .filter(roles::tournament_id.eq(tournament.to_string()))
        .select((users::email, users::id, roles::role))
        .order((users::email.asc(), roles::role.asc()))
        .load(conn)?;
    rows.into_iter()
        .filter_map(|(email, id, role)| Some((email, id, Role::parse(&role)?)))
        .map(|(email, id, role)| Ok((email, uuid("users.id", &id)?, role)))
        .collect()
}

/// The roles an account has in a tournament.
///
/// # Errors
/// The database's error.
pub fn roles_of(conn: &mut DbConnection, user: Uuid, tournament: Uuid) -> QueryResult<Vec<Role>> {
    let names: Vec<String> = roles::table
        .filter(roles::user_id.eq(user.to_string()))
        .filter(roles::tournament_id.eq(tournament.to_string()))
        .select(roles::role)
        .load(conn)?;
    Ok(names.iter().filter_map(|n| Role::parse(n)).collect())
}

/// The tournaments an account has a role in, with the role.
///
/// # Errors
/// The database's error.
pub fn tournaments_of(conn: &mut DbConnection, user: Uuid) -> QueryResult<Vec<(Uuid, Role)>> {
    let rows: Vec<(String, String)> = roles::table
        .inner_join(tournaments::table)
        .filter(roles::user_id.eq(user.to_string()))
        .select((roles::tournament_id, roles::role))
        .load(conn)?;
    rows.into_iter()
        .filter_map(|(t, r)| Some((t, Role::parse(&r)?)))
        .map(|(t, r)| Ok((uuid("roles.tournament_id", &t)?, r)))
        .collect()
}

/// The SHA-256 of an API token, hex: what the database keeps.
#[must_use]
pub fn token_hash(token: &str) -> String {
    Sha256::digest(token.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Creates an API token for an account; returns the token (shown once: only its hash is kept).
/// The token is `arb_` and 64 hex digits (244 random bits from two v4 UUIDs).
///
/// # Errors
/// The database's error.
pub fn create_api_token(
    conn: &mut DbConnection,
    user: Uuid,
    label: Option<&str>,
    actor: &Actor,
) -> QueryResult<String> {
    let token = format!("arb_{}{}", Uuid::new_v4().simple(), Uuid::new_v4().simple());
    crate::atomically(conn, |conn| {
        let id = Uuid::new_v4().to_string();
        diesel::insert_into(api_tokens::table)
            .values((
                api_tokens::id.eq(&id),
                api_tokens::user_id.eq(user.to_string()),
                api_tokens::token_hash.eq(token_hash(&token)),
                api_tokens::label.eq(label),
                api_tokens::created_at.eq(now()),
            ))
            .execute(conn)?;
        append_audit(
            conn,
            actor,
            None,
            "api_token",
            Some(&id),
            "create",
            None::<&()>,
            Some(&label),
        )
    })?;
    Ok(token)
}

/// An API token as its owner sees it: never the token itself (only its hash is kept).
#[derive(Clone, Debug, PartialEq, Eq, Queryable, Selectable, Serialize)]
#[diesel(table_name = api_tokens)]
pub struct ApiTokenRow {
    /// The token's id (UUID as text): what revoking names.
    pub id: String,
    /// The label given at creation.
    pub label: Option<String>,
    /// When it was created (UTC).
    pub created_at: NaiveDateTime,
    /// When it was last used (UTC), if recorded.
    pub last_used_at: Option<NaiveDateTime>,
}

/// The API tokens of an account, newest first.
///
/// # Errors
/// The database's error.
pub fn api_tokens_of(conn: &mut DbConnection, user: Uuid) -> QueryResult<Vec<ApiTokenRow>> {
    api_tokens::table
        .filter(api_tokens::user_id.eq(user.to_string()))
        .order((api_tokens::created_at.desc(), api_tokens::id.asc()))
        .select(ApiTokenRow::as_select())
        .load(conn)
}

/// Revokes one of an account's API tokens: requests bearing it are refused from now on.
/// Audited. Returns whether the account had that token (a token of another account is not
/// touched).
///
/// # Errors
/// The database's error.
pub fn revoke_api_token(
    conn: &mut DbConnection,
    user: Uuid,
    token_id: &str,
    actor: &Actor,
) -> QueryResult<bool> {
    crate::atomically(conn, |conn| {
        let label: Option<Option<String>> = api_tokens::table
            .filter(api_tokens::id.eq(token_id))
            .filter(api_tokens::user_id.eq(user.to_string()))
            .select(api_tokens::label)
            .first(conn)
            .optional()?;
        let Some(label) = label else {
            return Ok(false);
        };
        diesel::delete(api_tokens::table.filter(api_tokens::id.eq(token_id))).execute(conn)?;
        append_audit(
            conn,
            actor,
            None,
            "api_token",
            Some(token_id),
            "revoke",
            Some(&label),
            None::<&()>,
        )?;
        Ok(true)
    })
}

/// Replaces an account's password hash (argon2, PHC string, hashed by the caller) and ends
/// every session of the account (the caller opens a new one for the browser that changed it).
/// Audited (without either hash).
///
/// # Errors
/// The database's error.
pub fn set_password_hash(
    conn: &mut DbConnection,
    user: Uuid,
    password_hash: &str,
    actor: &Actor,
) -> QueryResult<()> {
    crate::atomically(conn, |conn| {
        diesel::update(users::table.find(user.to_string()))
            .set(users::password_hash.eq(password_hash))
            .execute(conn)?;
        crate::sessions::delete_for_user(conn, user)?;
        append_audit(
            conn,
            actor,
            None,
            "account",
            Some(&user.to_string()),
            "change-password",
            None::<&()>,
            None::<&()>,
        )
    })
}

/// The account an API token belongs to, if the token is known.
///
/// # Errors
/// The database's error.
pub fn user_by_token(conn: &mut DbConnection, token: &str) -> QueryResult<Option<UserRow>> {
    users::table
        .inner_join(api_tokens::table)
        .filter(api_tokens::token_hash.eq(token_hash(token)))
        .select(UserRow::as_select())
        .first(conn)
        .optional()
}

/// Approves an account as an organizer: its tournaments are listed from now on. Audited.
/// Returns whether anything changed (false for an account approved already or unknown).
///
/// # Errors
/// The database's error.
pub fn approve_user(conn: &mut DbConnection, user: Uuid, actor: &Actor) -> QueryResult<bool> {
    crate::atomically(conn, |conn| {
        let n = diesel::update(
            users::table
                .find(user.to_string())
                .filter(users::approved.eq(false)),
        )
        .set(users::approved.eq(true))
        .execute(conn)?;
        if n > 0 {
            append_audit(
                conn,
                actor,
                None,
                "user",
                Some(&user.to_string()),
                "approve",
                Some(&false),
                Some(&true),
            )?;
        }
        Ok(n > 0)
    })
}

/// The accounts awaiting approval as organizers, oldest first.
///
/// # Errors
/// The database's error.
pub fn awaiting_approval(conn: &mut DbConnection) -> QueryResult<Vec<UserRow>> {
    users::table
        .filter(users::approved.eq(false))
        .order((users::created_at.asc(), users::email.asc()))
        .select(UserRow::as_select())
        .load(conn)
}

/// The tournaments not listed publicly: those whose organizers are all accounts awaiting
/// approval (a tournament without any organizer, imported by the operator, is listed; so is
/// one with at least one approved organizer or administrator).
///
/// # Errors
/// The database's error.
pub fn unlisted_tournaments(
    conn: &mut DbConnection,
) -> QueryResult<std::collections::BTreeSet<Uuid>> {
    let organized: Vec<(String, bool)> = roles::table
        .inner_join(users::table)
        .filter(roles::role.eq(Role::Organizer.as_str()))
        .select((roles::tournament_id, users::approved))
        .load(conn)?;
    let vouched: std::collections::BTreeSet<&str> = organized
        .iter()
        .filter(|(_, approved)| *approved)
        .map(|(t, _)| t.as_str())
        .collect();
    organized
        .iter()
        .filter(|(t, _)| !vouched.contains(t.as_str()))
        .map(|(t, _)| uuid("roles.tournament_id", t))
        .collect()
}
