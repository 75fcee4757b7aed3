//! The organizer's writes: editing the tournament header, registering players in bulk (CSV,
//! TRF), withdrawals, byes requested before a round is paired, storing a round's pairing (the
//! engine's or one changed by hand), publishing it and taking it back. Each is one transaction
//! with its audit entry (before and after), and each first moves the tournament's last-change
//! time, which both serialises concurrent writers (on SQLite a transaction that writes first
//! waits for the other writer) and lets a form submitted on a stale view be refused.

use arbiter_tournament::{Bye, Player, PlayerStatus, RawRecord, ResultCode, Round, RoundState};
use chrono::NaiveDateTime;
use diesel::prelude::*;
use serde::Serialize;
use uuid::Uuid;

use crate::audit::{Actor, append_audit, now};
use crate::connection::DbConnection;
use crate::models::{
    ByeRow, GameRow, NewBye, NewGame, NewPlayer, NewTournament, RoundRow, TournamentChanges,
    state_text, status_text,
};
use crate::queries::{load_tournament, tournament_row};
use crate::schema::{
    byes, games, players, rounds, tournament_languages, tournament_time_zones, tournaments,
};

/// What an organizer's change did not find; its `Display` names it (`tournament <id>`,
/// `round 3`, `player 12`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Missing {
    /// No tournament with this id.
    #[error("tournament {0}")]
    Tournament(Uuid),
    /// No round with this number in the tournament.
    #[error("round {0}")]
    Round(u16),
    /// No player with this pairing number in the tournament.
    #[error("player {0}")]
    Player(u16),
}

/// Why an organizer's change was refused.
#[derive(Debug, thiserror::Error)]
pub enum ChangeError {
    /// No such tournament, round or player.
    #[error("not found: {0}")]
    NotFound(Missing),
    /// The tournament changed since the form was shown (a stale or repeated submission).
    #[error("the tournament changed since this page was shown; look at it again")]
    Stale,
    /// The change is not allowed in the round's state (for example re-pairing a published
    /// round, or requesting a bye for a round already paired).
    #[error("{0}")]
    NotAllowed(String),
    /// A value the event does not accept (a round number outside the event, ...): the field
    /// and why, checked inside the transaction against the tournament as stored.
    #[error("{field}: {error}")]
    Invalid {
        /// The field or parameter of the request.
        field: &'static str,
        /// What is wrong and what is accepted.
        error: arbiter_tournament::input::InputError,
    },
    /// The database's error.
    #[error(transparent)]
    Database(#[from] diesel::result::Error),
}

/// Moves the tournament's last change to now, first thing in a transaction; with
/// `expected`, only if the last change is still that one.
pub(crate) fn touch(
    conn: &mut DbConnection,
    tournament: Uuid,
    expected: Option<NaiveDateTime>,
) -> Result<NaiveDateTime, ChangeError> {
    let at = now();
    let tid = tournament.to_string();
    let n = match expected {
        Some(e) => diesel::update(
            tournaments::table
                .filter(tournaments::id.eq(&tid))
                .filter(tournaments::updated_at.eq(e)),
        )
        .set(tournaments::updated_at.eq(at))
        .execute(conn)?,
        None => diesel::update(tournaments::table.find(&tid))
            .set(tournaments::updated_at.eq(at))
            .execute(conn)?,
    };
    if n == 0 {
        return Err(if tournament_row(conn, tournament)?.is_some() {
            ChangeError::Stale
        } else {
            ChangeError::NotFound(Missing::Tournament(tournament))
        });
    }
    Ok(at)
}

/// Changes the tournament header (the fields of [`TournamentChanges`] that are `Some`), when
/// `time_zone` is `Some`, its time zone (an IANA name checked by the caller; `Some(None)`: UTC),
/// and when `language` is `Some`, the language of its public pages (`en`, `fa`, `ar`, checked by
/// the caller; `Some(None)`: the reader's browser decides); audited with the header before and
/// after, in one transaction.
///
/// # Errors
/// [`ChangeError::NotFound`], [`ChangeError::Stale`] when `expected` is given and the tournament
/// changed since, or the database's error.
pub fn update_tournament(
    conn: &mut DbConnection,
    tournament: Uuid,
    changes: &TournamentChanges,
    time_zone: Option<Option<&str>>,
    language: Option<Option<&str>>,
    expected: Option<NaiveDateTime>,
    actor: &Actor,
) -> Result<(), ChangeError> {
    crate::atomically(conn, |conn| {
        let before = tournament_row(conn, tournament)?
            .ok_or_else(|| ChangeError::NotFound(Missing::Tournament(tournament)))?;
        let zone_before = crate::queries::time_zone(conn, tournament)?;
        let language_before = crate::queries::language(conn, tournament)?;
        let at = touch(conn, tournament, expected)?;
        let mut changes = changes.clone();
        changes.updated_at = Some(at);
        diesel::update(tournaments::table.find(tournament.to_string()))
            .set(&changes)
            .execute(conn)?;
        let tid = tournament.to_string();
        match time_zone {
            None => {}
            Some(None) => {
                diesel::delete(tournament_time_zones::table.find(&tid)).execute(conn)?;
            }
            Some(Some(zone)) => {
                diesel::delete(tournament_time_zones::table.find(&tid)).execute(conn)?;
                diesel::insert_into(tournament_time_zones::table)
                    .values((
                        tournament_time_zones::tournament_id.eq(&tid),
                        tournament_time_zones::time_zone.eq(zone),
                    ))
                    .execute(conn)?;
            }
        }
        if let Some(language) = language {
            diesel::delete(tournament_languages::table.find(&tid)).execute(conn)?;
            if let Some(language) = language {
                diesel::insert_into(tournament_languages::table)
                    .values((
                        tournament_languages::tournament_id.eq(&tid),
                        tournament_languages::language.eq(language),
                    ))
                    .execute(conn)?;
            }
        }
        let after = tournament_row(conn, tournament)?
            .ok_or_else(|| ChangeError::NotFound(Missing::Tournament(tournament)))?;
        let zone_after = crate::queries::time_zone(conn, tournament)?;
        let language_after = crate::queries::language(conn, tournament)?;
        append_audit(
            conn,
            actor,
            Some(tournament),
            "tournament",
            Some(&tournament.to_string()),
            "edit",
            Some(&header::Header::of(&before, &zone_before, &language_before)),
            Some(&header::Header::of(&after, &zone_after, &language_after)),
        )?;
        Ok(())
    })
}

/// Registers players in bulk (a CSV or TRF upload), all or none, with the next free pairing
/// numbers in the order given (their own numbers are ignored). Players registered after round 1
/// has been paired are late entries (C.04.2: their earlier rounds are absences). Returns them
/// as stored.
///
/// # Errors
/// [`ChangeError::NotFound`], or the database's error; nothing is stored then.
pub fn add_players(
    conn: &mut DbConnection,
    tournament: Uuid,
    new: &[Player],
    actor: &Actor,
) -> Result<Vec<Player>, ChangeError> {
    crate::atomically(conn, |conn| {
        touch(conn, tournament, None)?;
        let tid = tournament.to_string();
        let max: Option<i32> = players::table
            .filter(players::tournament_id.eq(&tid))
            .select(diesel::dsl::max(players::pairing_number))
            .first(conn)?;
        let paired: i64 = games::table
            .filter(games::tournament_id.eq(&tid))
            .count()
            .get_result(conn)?;
        let mut next = max.unwrap_or(0);
        let mut stored = Vec::with_capacity(new.len());
        for p in new {
            next += 1;
            let mut p = p.clone();
            p.pairing_number =
                u16::try_from(next)
                    .ok()
                    .filter(|&n| n <= 9999)
                    .ok_or_else(|| {
                        ChangeError::NotAllowed(
                            "at most 9,999 players (TRF pairing numbers)".into(),
                        )
                    })?;
            p.id = Uuid::new_v4();
            if paired > 0 && p.status == PlayerStatus::Active {
                p.status = PlayerStatus::LateEntry;
            }
            p.reported_points = None;
            p.rank = None;
            let row = NewPlayer::from_model(tournament, &p)?;
            diesel::insert_into(players::table)
                .values(&row)
                .execute(conn)?;
            stored.push(p);
        }
        #[derive(Serialize)]
        struct Added<'a> {
            players: Vec<(u16, &'a str)>,
        }
        append_audit(
            conn,
            actor,
            Some(tournament),
            "player",
            None,
            "register-bulk",
            None::<&()>,
            Some(&Added {
                players: stored
                    .iter()
                    .map(|p| (p.pairing_number, p.name.as_str()))
                    .collect(),
            }),
        )?;
        Ok(stored)
    })
}

/// Sets a player's status: [`PlayerStatus::Withdrawn`] (not paired any more; games already
/// paired stay) or back to active. Audited.
///
/// # Errors
/// [`ChangeError::NotFound`] for an unknown player, or the database's error.
pub fn set_player_status(
    conn: &mut DbConnection,
    tournament: Uuid,
    pairing_number: u16,
    status: PlayerStatus,
    actor: &Actor,
) -> Result<(), ChangeError> {
    crate::atomically(conn, |conn| {
        touch(conn, tournament, None)?;
        let tid = tournament.to_string();
        let before: String = players::table
            .filter(players::tournament_id.eq(&tid))
            .filter(players::pairing_number.eq(i32::from(pairing_number)))
            .select(players::status)
            .first(conn)
            .optional()?
            .ok_or_else(|| ChangeError::NotFound(Missing::Player(pairing_number)))?;
        let after = status_text(status);
        diesel::update(
            players::table
                .filter(players::tournament_id.eq(&tid))
                .filter(players::pairing_number.eq(i32::from(pairing_number))),
        )
        .set(players::status.eq(after))
        .execute(conn)?;
        append_audit(
            conn,
            actor,
            Some(tournament),
            "player",
            Some(&pairing_number.to_string()),
            "status",
            Some(&before),
            Some(&after),
        )?;
        Ok(())
    })
}

/// Round `number`'s stored state, games and byes, if the round exists.
fn stored_round(
    conn: &mut DbConnection,
    tournament: Uuid,
    number: u16,
) -> QueryResult<Option<Round>> {
    let tid = tournament.to_string();
    let Some(row) = rounds::table
        .filter(rounds::tournament_id.eq(&tid))
        .filter(rounds::number.eq(i32::from(number)))
        .select(RoundRow::as_select())
        .first(conn)
        .optional()?
    else {
        return Ok(None);
    };
    let mut r = row.to_model()?;
    r.games = games::table
        .filter(games::tournament_id.eq(&tid))
        .filter(games::round.eq(i32::from(number)))
        .order(games::seq.asc())
        .select(GameRow::as_select())
        .load(conn)?
        .iter()
        .map(GameRow::to_model)
        .collect::<QueryResult<_>>()?;
    r.byes = byes::table
        .filter(byes::tournament_id.eq(&tid))
        .filter(byes::round.eq(i32::from(number)))
        .order(byes::seq.asc())
        .select(ByeRow::as_select())
        .load(conn)?
        .iter()
        .map(ByeRow::to_model)
        .collect::<QueryResult<_>>()?;
    Ok(Some(r))
}

/// Replaces round `round.number`'s games and byes with `round`'s and sets its state, creating the
/// round if needed. Used to store a pairing (`action` `pair`, or `manual-edit` for a pairing
/// changed by hand, whose `note` is also kept as a TRF comment record `###` so that the export
/// carries it). Refused once the round is published or any game of it has a result.
fn write_round(
    conn: &mut DbConnection,
    tournament: Uuid,
    round: &Round,
    expected: Option<NaiveDateTime>,
    action: &str,
    note: Option<&str>,
    actor: &Actor,
) -> Result<(), ChangeError> {
    crate::atomically(conn, |conn| {
        let at = touch(conn, tournament, expected)?;
        let before = stored_round(conn, tournament, round.number)?;
        if let Some(b) = &before {
            if matches!(b.state, RoundState::Published | RoundState::Complete) {
                return Err(ChangeError::NotAllowed(format!(
                    "round {} is published; its pairing can no longer change",
                    round.number
                )));
            }
            if b.games.iter().any(|g| g.result.white != ResultCode::Blank) {
                return Err(ChangeError::NotAllowed(format!(
                    "round {} already has results",
                    round.number
                )));
            }
        }
        let tid = tournament.to_string();
        let n = i32::from(round.number);
        diesel::delete(
            games::table
                .filter(games::tournament_id.eq(&tid))
                .filter(games::round.eq(n)),
        )
        .execute(conn)?;
        diesel::delete(
            byes::table
                .filter(byes::tournament_id.eq(&tid))
                .filter(byes::round.eq(n)),
        )
        .execute(conn)?;
        let row = RoundRow::from_model(tournament, round);
        if before.is_some() {
            diesel::update(
                rounds::table
                    .filter(rounds::tournament_id.eq(&tid))
                    .filter(rounds::number.eq(n)),
            )
            .set((
                rounds::state.eq(&row.state),
                rounds::scheduled.eq(row.scheduled),
            ))
            .execute(conn)?;
        } else {
            diesel::insert_into(rounds::table)
                .values(&row)
                .execute(conn)?;
        }
        for (i, g) in round.games.iter().enumerate() {
            diesel::insert_into(games::table)
                .values(&NewGame::from_model(tournament, round.number, i, g, at))
                .execute(conn)?;
        }
        for (i, b) in round.byes.iter().enumerate() {
            diesel::insert_into(byes::table)
                .values(&NewBye::from_model(tournament, round.number, i, b))
                .execute(conn)?;
        }
        if let Some(note) = note {
            let records: Vec<RawRecord> = note
                .lines()
                .filter(|l| !l.trim().is_empty())
                .map(|line| RawRecord {
                    line: format!("### {line}"),
                })
                .collect();
            push_records(conn, tournament, records, at)?;
        }
        append_audit(
            conn,
            actor,
            Some(tournament),
            "round",
            Some(&round.number.to_string()),
            action,
            before.as_ref(),
            Some(round),
        )?;
        Ok(())
    })
}

/// Stores the pairing of a round (state [`RoundState::Paired`]: not yet public), replacing an
/// unpublished pairing of that round. `expected` is the tournament's last change when the
/// pairing was computed: a pairing made on a state that has since changed is refused. A
/// pairing changed by hand passes `manual` with a description of the change (who, what), kept
/// in the audit log and, as a `###` comment record, in the TRF export.
///
/// # Errors
/// [`ChangeError::Stale`], [`ChangeError::NotAllowed`] (published, or results entered),
/// [`ChangeError::NotFound`], or the database's error.
pub fn store_pairing(
    conn: &mut DbConnection,
    tournament: Uuid,
    round: &Round,
    expected: NaiveDateTime,
    manual: Option<&str>,
    actor: &Actor,
) -> Result<(), ChangeError> {
    let mut r = round.clone();
    r.state = RoundState::Paired;
    let action = if manual.is_some() {
        "manual-edit"
    } else {
        "pair"
    };
    write_round(conn, tournament, &r, Some(expected), action, manual, actor)
}

/// Takes back an unpublished pairing: the round's games and its pairing-allocated bye are
/// removed, requested byes stay, the round is planned again.
///
/// # Errors
/// [`ChangeError::NotAllowed`] for a published round or one with results,
/// [`ChangeError::NotFound`], or the database's error.
pub fn unpair_round(
    conn: &mut DbConnection,
    tournament: Uuid,
    number: u16,
    actor: &Actor,
) -> Result<(), ChangeError> {
    crate::atomically(conn, |conn| {
        let r = stored_round(conn, tournament, number)?
            .ok_or_else(|| ChangeError::NotFound(Missing::Round(number)))?;
        let planned = Round {
            state: RoundState::Planned,
            games: Vec::new(),
            byes: r
                .byes
                .iter()
                .filter(|b| b.code != ResultCode::Pab && b.code != ResultCode::ZeroBye)
                .cloned()
                .collect(),
            ..r
        };
        write_round(conn, tournament, &planned, None, "unpair", None, actor)
    })
}

/// Publishes a paired round: its pairing becomes public and results can be entered.
///
/// # Errors
/// [`ChangeError::NotAllowed`] unless the round is paired, [`ChangeError::NotFound`], or the
/// database's error.
pub fn publish_round(
    conn: &mut DbConnection,
    tournament: Uuid,
    number: u16,
    actor: &Actor,
) -> Result<(), ChangeError> {
    crate::atomically(conn, |conn| {
        touch(conn, tournament, None)?;
        let tid = tournament.to_string();
        let n = diesel::update(
            rounds::table
                .filter(rounds::tournament_id.eq(&tid))
                .filter(rounds::number.eq(i32::from(number)))
                .filter(rounds::state.eq(state_text(RoundState::Paired))),
        )
        .set(rounds::state.eq(state_text(RoundState::Published)))
        .execute(conn)?;
        if n == 0 {
            return Err(match stored_round(conn, tournament, number)? {
                None => ChangeError::NotFound(Missing::Round(number)),
                Some(r) => ChangeError::NotAllowed(format!(
                    "round {number} is {}; only a paired round can be published",
                    state_text(r.state)
                )),
            });
        }
        append_audit(
            conn,
            actor,
            Some(tournament),
            "round",
            Some(&number.to_string()),
            "publish",
            Some(&state_text(RoundState::Paired)),
            Some(&state_text(RoundState::Published)),
        )?;
        Ok(())
    })
}

/// Records a bye requested before round `round` is paired (`H` half-point, `Z` zero-point, `F`
/// full-point, as the regulations allow; C.04.1): the player is left out of that round's
/// pairing. `None` cancels the request. The round is created (planned) if needed.
///
/// # Errors
/// [`ChangeError::Invalid`] for a round the event does not have
/// ([`arbiter_tournament::Tournament::round_in_event`]), [`ChangeError::NotAllowed`] for a
/// round already paired or a code other than `H`, `Z`, `F`, [`ChangeError::NotFound`] for an
/// unknown player, or the database's error.
pub fn request_bye(
    conn: &mut DbConnection,
    tournament: Uuid,
    round: u16,
    pairing_number: u16,
    code: Option<ResultCode>,
    actor: &Actor,
) -> Result<(), ChangeError> {
    if let Some(c) = code {
        if !matches!(
            c,
            ResultCode::HalfBye | ResultCode::ZeroBye | ResultCode::FullBye
        ) {
            return Err(ChangeError::NotAllowed(format!(
                "`{}` is not a bye that can be requested (H, Z or F)",
                c.trf_char()
            )));
        }
    }
    crate::atomically(conn, |conn| {
        touch(conn, tournament, None)?;
        let stored = load_tournament(conn, tournament)?
            .ok_or_else(|| ChangeError::NotFound(Missing::Tournament(tournament)))?;
        let round = stored
            .tournament
            .round_in_event(i64::from(round))
            .map_err(|error| ChangeError::Invalid {
                field: "round",
                error,
            })?;
        if stored.tournament.player(pairing_number).is_none() {
            return Err(ChangeError::NotFound(Missing::Player(pairing_number)));
        }
        let mut r = stored_round(conn, tournament, round)?.unwrap_or_else(|| Round::new(round));
        if r.state != RoundState::Planned || !r.games.is_empty() {
            return Err(ChangeError::NotAllowed(format!(
                "round {round} is already paired; take the pairing back first"
            )));
        }
        r.byes.retain(|b| b.player != pairing_number);
        if let Some(c) = code {
            r.byes.push(Bye::new(pairing_number, c));
        }
        write_round(conn, tournament, &r, None, "request-bye", None, actor)
    })
}

/// Whether the next round may be paired while a game of an earlier round is adjourned, counting
/// it as a provisional draw (`tournaments.adjourned_pairing = 'provisional'`, TRF-2026 `X`);
/// otherwise (`wait`, the default) the tournament waits for the result.
///
/// # Errors
/// The database's error.
pub fn pairs_with_provisional_draws(
    conn: &mut DbConnection,
    tournament: Uuid,
) -> QueryResult<bool> {
    let v: Option<Option<String>> = tournaments::table
        .find(tournament.to_string())
        .select(tournaments::adjourned_pairing)
        .first(conn)
        .optional()?;
    Ok(v.flatten().as_deref() == Some("provisional"))
}

/// Gives the players their pairing numbers by the initial order of a Swiss event (C.04.2:
/// rating, title, name; see [`arbiter_tournament::Tournament::initial_order`]), before round 1
/// is paired: requested byes, announced byes, forbidden pairs and accelerations follow their
/// players. Returns how many players changed number (0: already in order). Audited with the
/// renumbering.
///
/// # Errors
/// [`ChangeError::NotAllowed`] once a game has been paired, [`ChangeError::NotFound`], or the
/// database's error; nothing changes then.
pub fn rank_players_initially(
    conn: &mut DbConnection,
    tournament: Uuid,
    actor: &Actor,
) -> Result<usize, ChangeError> {
    crate::atomically(conn, |conn| {
        let at = touch(conn, tournament, None)?;
        let stored = load_tournament(conn, tournament)?
            .ok_or_else(|| ChangeError::NotFound(Missing::Tournament(tournament)))?;
        let mut t = stored.tournament;
        if t.rounds.iter().any(|r| !r.games.is_empty()) {
            return Err(ChangeError::NotAllowed(
                "pairing numbers are fixed once round 1 is paired (C.04.2)".into(),
            ));
        }
        let map = t.initial_renumbering();
        if map.is_empty() {
            return Ok(0);
        }
        let tid = tournament.to_string();
        // Byes name players by pairing number: out first, back in renumbered.
        diesel::delete(byes::table.filter(byes::tournament_id.eq(&tid))).execute(conn)?;
        for &(old, _) in &map {
            diesel::update(
                players::table
                    .filter(players::tournament_id.eq(&tid))
                    .filter(players::pairing_number.eq(i32::from(old))),
            )
            .set(players::pairing_number.eq(-i32::from(old)))
            .execute(conn)?;
        }
        for &(old, new) in &map {
            diesel::update(
                players::table
                    .filter(players::tournament_id.eq(&tid))
                    .filter(players::pairing_number.eq(-i32::from(old))),
            )
            .set(players::pairing_number.eq(i32::from(new)))
            .execute(conn)?;
        }
        t.renumber(&map);
        for r in &t.rounds {
            for (i, b) in r.byes.iter().enumerate() {
                diesel::insert_into(byes::table)
                    .values(&NewBye::from_model(tournament, r.number, i, b))
                    .execute(conn)?;
            }
        }
        let extras = NewTournament::from_model(tournament, &t, None, at)?.extras;
        diesel::update(tournaments::table.find(&tid))
            .set(tournaments::extras.eq(extras))
            .execute(conn)?;
        append_audit(
            conn,
            actor,
            Some(tournament),
            "player",
            None,
            "initial-order",
            None::<&()>,
            Some(&map),
        )?;
        Ok(map.len())
    })
}

/// Creates a tournament and makes `organizer` its organizer, in one transaction; returns its id.
///
/// # Errors
/// As [`create_tournament`](crate::queries::create_tournament).
pub fn create_tournament_for(
    conn: &mut DbConnection,
    t: &arbiter_tournament::Tournament,
    default_time_minutes: Option<u32>,
    organizer: &crate::accounts::UserRow,
) -> QueryResult<Uuid> {
    crate::atomically(conn, |conn| {
        let actor = organizer.actor();
        let id =
            crate::queries::create_tournament(conn, t, default_time_minutes, &actor, "create")?;
        crate::accounts::grant_role(
            conn,
            organizer.uuid()?,
            id,
            crate::accounts::Role::Organizer,
            &actor,
        )?;
        Ok(id)
    })
}

/// What the organizer does with players' self check-in on a tablet at the venue (Art. 6.6, 6.7).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SelfCheckInChange {
    /// Allow it: the tournament gets a secret tablet link (kept when already allowed).
    Allow,
    /// Disallow it: the link stops working.
    Disallow,
    /// Issue a new link: the old one stops working at once.
    NewLink,
}

#[derive(Serialize)]
struct SelfCheckInAudit {
    article: &'static str,
    self_check_in: bool,
    /// A link was issued by this change (the secret itself is never written to the log).
    new_link: bool,
}

/// The secret of a tournament's check-in tablet link (`/check-in/{token}`, Art. 6.6, 6.7) while
/// the organizer allows self check-in; `None` when not allowed (the default).
///
/// # Errors
/// [`ChangeError::NotFound`] for an unknown tournament, or the database's error.
pub fn self_check_in_token(
    conn: &mut DbConnection,
    tournament: Uuid,
) -> Result<Option<String>, ChangeError> {
    let stored: Option<Option<String>> = tournaments::table
        .find(tournament.to_string())
        .select(tournaments::self_check_in_token)
        .first(conn)
        .optional()?;
    stored.ok_or_else(|| ChangeError::NotFound(Missing::Tournament(tournament)))
}

/// Allows or disallows players' self check-in on a tablet (Art. 6.6, 6.7), or issues a new
/// tablet link. A link's secret is 32 hex digits of a random (version 4) UUID; a new link or
/// disallowing makes the old one unknown at once. Audited (allowed before and after, whether a
/// link was issued; never the secret), the tournament's last change moves. Returns the secret
/// now in force (`None`: not allowed).
///
/// # Errors
/// [`ChangeError::NotFound`] for an unknown tournament, or the database's error.
pub fn set_self_check_in(
    conn: &mut DbConnection,
    tournament: Uuid,
    change: SelfCheckInChange,
    actor: &Actor,
) -> Result<Option<String>, ChangeError> {
    crate::atomically(conn, |conn| {
        touch(conn, tournament, None)?;
        let before = self_check_in_token(conn, tournament)?;
        let after = match (change, &before) {
            (SelfCheckInChange::Disallow, _) => None,
            (SelfCheckInChange::Allow, Some(kept)) => Some(kept.clone()),
            (SelfCheckInChange::Allow | SelfCheckInChange::NewLink, _) => {
                Some(Uuid::new_v4().simple().to_string())
            }
        };
        diesel::update(tournaments::table.find(tournament.to_string()))
            .set(tournaments::self_check_in_token.eq(&after))
            .execute(conn)?;
        let audit = |allowed: bool, new_link: bool| SelfCheckInAudit {
            article: "6.6, 6.7",
            self_check_in: allowed,
            new_link,
        };
        append_audit(
            conn,
            actor,
            Some(tournament),
            "tournament",
            Some(&tournament.to_string()),
            "self_check_in",
            Some(&audit(before.is_some(), false)),
            Some(&audit(after.is_some(), after.is_some() && after != before)),
        )?;
        Ok(after)
    })
}

pub mod documents;
mod fide_mode;
mod header;
mod player_edit;
mod records;

pub use fide_mode::{FideModeExit, fide_mode_exit, leave_fide_mode};
pub use records::push_records;

pub use player_edit::update_player;

#[cfg(all(test, feature = "testing"))]
mod tests;
