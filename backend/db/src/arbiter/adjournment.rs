//! Adjourned games (Appendix A): the envelope with the sealed move (A.2), stored encrypted with a
//! salted commitment, opened at the resumption (A.7), the decisions of A.8-A.11, and notes on the
//! envelope.

use arbiter_tournament::GameResult;
use arbiter_tournament::arbiter::adjournment::{
    AdjournmentError, Envelope, EnvelopeInfo, EnvelopeState, Resumption, Revealed, SealKey,
    SealedMove,
};
use chrono::NaiveDateTime;
use diesel::prelude::*;
use serde::Serialize;
use uuid::Uuid;

use super::check_in::{Session, check_ins_for};
use super::{ArbiterError, colour_from, colour_text, lock_game, parse_id, set_result, touch_game};
use crate::audit::{Actor, append_audit, now};
use crate::connection::DbConnection;
use crate::models::{GameResultChanges, GameRow, bad, unfit};
use crate::queries::game;
use crate::schema::{envelopes, games};

/// An envelope as stored: the A.2 information, the ciphertext and commitment, and (once opened)
/// the salt and the move.
#[derive(Clone, Debug, PartialEq, Eq, Queryable, Selectable, Insertable, Serialize)]
#[diesel(table_name = envelopes, treat_none_as_default_value = false)]
pub struct EnvelopeRow {
    /// UUID as text (it enters the commitment).
    pub id: String,
    /// The game.
    pub game_id: String,
    /// 1 for the first envelope of the game, 2 for a reply sealed under A.9(c), ...
    pub seq: i32,
    /// `sealed` or `opened`.
    pub state: String,
    /// A.2(a).
    pub white_name: String,
    /// A.2(a).
    pub black_name: String,
    /// A.2(b), FEN.
    pub position_fen: String,
    /// A.2(c), seconds.
    pub white_time_used: i32,
    /// A.2(c), seconds.
    pub black_time_used: i32,
    /// A.2(d), `w` or `b`.
    pub sealer: String,
    /// A.2(e).
    pub move_number: i32,
    /// A.2(f), `w` or `b`.
    pub draw_offer: Option<String>,
    /// A.2(g).
    pub resumption_at: NaiveDateTime,
    /// A.2(g).
    pub resumption_place: String,
    /// The cipher's nonce, hex.
    pub nonce: String,
    /// The sealed move, encrypted (hex): unreadable without the service's seal key.
    pub ciphertext: String,
    /// The commitment shown on the envelope (SHA-256, hex).
    pub commitment: String,
    /// The salt, hex: only once opened.
    pub salt: Option<String>,
    /// The sealed move: only once opened.
    pub revealed_move: Option<String>,
    /// When sealed (UTC).
    pub sealed_at: NaiveDateTime,
    /// Who stored it.
    pub sealed_by: String,
    /// When opened (UTC).
    pub opened_at: Option<NaiveDateTime>,
    /// Who opened it.
    pub opened_by: Option<String>,
    /// Incremented by every change.
    pub version: i32,
}

impl EnvelopeRow {
    /// The domain envelope (sealed, or opened with its revealed move checked against the
    /// commitment).
    ///
    /// # Errors
    /// A deserialization error for a bad column, or a tampered envelope (as a deserialization
    /// error naming `envelopes`).
    pub fn to_envelope(&self) -> QueryResult<Envelope> {
        let id = parse_id("envelopes.id", &self.id)?;
        let info = EnvelopeInfo {
            white: self.white_name.clone(),
            black: self.black_name.clone(),
            position_fen: self.position_fen.clone(),
            white_time_used: u32::try_from(self.white_time_used).map_err(|_| {
                bad(
                    "envelopes.white_time_used",
                    self.white_time_used.to_string(),
                )
            })?,
            black_time_used: u32::try_from(self.black_time_used).map_err(|_| {
                bad(
                    "envelopes.black_time_used",
                    self.black_time_used.to_string(),
                )
            })?,
            sealer: colour_from("envelopes.sealer", &self.sealer)?,
            move_number: u32::try_from(self.move_number)
                .map_err(|_| bad("envelopes.move_number", self.move_number.to_string()))?,
            draw_offer: self
                .draw_offer
                .as_deref()
                .map(|c| colour_from("envelopes.draw_offer", c))
                .transpose()?,
            resumption: Resumption {
                at: self.resumption_at,
                place: self.resumption_place.clone(),
            },
        };
        let sealed = SealedMove::from_hex(&self.nonce, &self.ciphertext, &self.commitment)
            .map_err(|e| bad("envelopes.ciphertext", e.to_string()))?;
        let (state, revealed) = match (self.state.as_str(), &self.revealed_move, &self.salt) {
            ("sealed", None, None) => (EnvelopeState::Sealed, None),
            ("opened", Some(m), Some(s)) => (
                EnvelopeState::Opened,
                Some(Revealed::from_hex(m, s).map_err(|e| bad("envelopes.salt", e.to_string()))?),
            ),
            _ => return Err(bad("envelopes.state", self.state.clone())),
        };
        Envelope::from_stored(id, info, state, sealed, revealed)
            .map_err(|e| bad("envelopes", e.to_string()))
    }
}

impl EnvelopeRow {
    fn audit(&self, article: &'static str) -> EnvelopeAudit<'_> {
        EnvelopeAudit {
            article,
            envelope: &self.id,
            seq: self.seq,
            commitment: &self.commitment,
            sealer: &self.sealer,
            move_number: self.move_number,
            position_fen: &self.position_fen,
            resumption_at: self.resumption_at,
            revealed_move: self.revealed_move.as_deref(),
        }
    }
}

/// What the audit log records about an envelope (never the move before opening).
#[derive(Serialize)]
pub(crate) struct EnvelopeAudit<'a> {
    article: &'static str,
    envelope: &'a str,
    seq: i32,
    commitment: &'a str,
    sealer: &'a str,
    move_number: i32,
    position_fen: &'a str,
    resumption_at: NaiveDateTime,
    revealed_move: Option<&'a str>,
}

pub(crate) fn i32_of(column: &'static str, v: u32) -> QueryResult<i32> {
    i32::try_from(v).map_err(|_| unfit(column, v.to_string()))
}

/// Stores a sealed envelope for a game (A.1-A.3): the game becomes adjourned (result `X`/`X`,
/// TRF-2026's unknown result) if it had no result yet; the envelope gets the next number of the
/// game (a reply sealed under A.9(c) is the second). Audited without the move.
///
/// # Errors
/// [`ArbiterError::Adjournment`] unless the envelope is sealed; [`ArbiterError::NotFound`];
/// [`ArbiterError::NotInProgress`] when the game has a result other than `X`; the database's
/// error.
pub fn store_envelope(
    conn: &mut DbConnection,
    game_id: Uuid,
    envelope: &Envelope,
    actor: &Actor,
) -> Result<EnvelopeRow, ArbiterError> {
    let sealed = match (envelope.state(), envelope.sealed()) {
        (EnvelopeState::Sealed, Some(s)) => s.clone(),
        (state, _) => {
            return Err(AdjournmentError::WrongState {
                state,
                wanted: "a sealed envelope (a draft is never stored)",
            }
            .into());
        }
    };
    crate::atomically(conn, |conn| {
        let at = now();
        if touch_game(conn, game_id, at)? == 0 {
            return Err(ArbiterError::NotFound("game"));
        }
        let g = game(conn, game_id)?.ok_or(ArbiterError::NotFound("game"))?;
        let open_codes = |c: &str| c.is_empty() || c == "X";
        if !open_codes(&g.white_code) || !open_codes(&g.black_code) {
            return Err(ArbiterError::NotInProgress);
        }
        let adjourned = GameResult::unknown().recorded_by(actor.name.clone());
        diesel::update(games::table.find(&g.id))
            .set(&GameResultChanges::new(&adjourned, g.version, at))
            .execute(conn)?;
        let max: Option<i32> = envelopes::table
            .filter(envelopes::game_id.eq(&g.id))
            .select(diesel::dsl::max(envelopes::seq))
            .first(conn)?;
        let info = &envelope.info;
        let row = EnvelopeRow {
            id: envelope.id.to_string(),
            game_id: g.id.clone(),
            seq: max.unwrap_or(0) + 1,
            state: "sealed".into(),
            white_name: info.white.clone(),
            black_name: info.black.clone(),
            position_fen: info.position_fen.clone(),
            white_time_used: i32_of("envelopes.white_time_used", info.white_time_used)?,
            black_time_used: i32_of("envelopes.black_time_used", info.black_time_used)?,
            sealer: colour_text(info.sealer),
            move_number: i32_of("envelopes.move_number", info.move_number)?,
            draw_offer: info.draw_offer.map(colour_text),
            resumption_at: info.resumption.at,
            resumption_place: info.resumption.place.clone(),
            nonce: sealed.nonce_hex(),
            ciphertext: sealed.ciphertext_hex(),
            commitment: sealed.commitment.clone(),
            salt: None,
            revealed_move: None,
            sealed_at: at,
            sealed_by: actor.name.clone(),
            opened_at: None,
            opened_by: None,
            version: 1,
        };
        diesel::insert_into(envelopes::table)
            .values(&row)
            .execute(conn)?;
        append_audit(
            conn,
            actor,
            Some(parse_id("games.tournament_id", &g.tournament_id)?),
            "envelope",
            Some(&row.id),
            "seal",
            None::<&()>,
            Some(&row.audit("A.1(a), A.2")),
        )?;
        Ok(row)
    })
}

/// One envelope by id.
///
/// # Errors
/// The database's error.
pub fn envelope_row(conn: &mut DbConnection, id: Uuid) -> QueryResult<Option<EnvelopeRow>> {
    envelopes::table
        .find(id.to_string())
        .select(EnvelopeRow::as_select())
        .first(conn)
        .optional()
}

/// The envelopes of a game, in order.
///
/// # Errors
/// The database's error.
pub fn game_envelopes(conn: &mut DbConnection, game_id: Uuid) -> QueryResult<Vec<EnvelopeRow>> {
    envelopes::table
        .filter(envelopes::game_id.eq(game_id.to_string()))
        .order(envelopes::seq.asc())
        .select(EnvelopeRow::as_select())
        .load(conn)
}

/// Opens a stored envelope (A.7, A.9): allowed only when the player who must reply has a
/// recorded check-in for the resumption at or before `now`. The move is decrypted with `key`
/// and checked against the commitment; then, in one transaction, the envelope becomes opened
/// (only if still sealed at the version read: two arbiters opening at once open it once) with
/// its salt and move, and the opening is audited. Returns the opened envelope (its revealed move
/// is what the board view shows, and what `judge_sealed_move` reads).
///
/// # Errors
/// [`ArbiterError::Adjournment`] with `ReplierAbsent` (A.7) or `Tampered`;
/// [`ArbiterError::AlreadyOpened`]; [`ArbiterError::NotFound`]; the database's error.
pub fn open_envelope(
    conn: &mut DbConnection,
    id: Uuid,
    key: &SealKey,
    now: NaiveDateTime,
    actor: &Actor,
) -> Result<(EnvelopeRow, Envelope), ArbiterError> {
    let row = envelope_row(conn, id)?.ok_or(ArbiterError::NotFound("envelope"))?;
    if row.state != "sealed" {
        return Err(ArbiterError::AlreadyOpened);
    }
    let mut envelope = row.to_envelope()?;
    let game_id = parse_id("envelopes.game_id", &row.game_id)?;
    let replier = envelope.info.replier();
    let present = check_ins_for(conn, game_id, Session::Resumption)?
        .of(replier)
        .is_some_and(|t| t <= now);
    let text = envelope.open(key, present)?.to_owned();
    let salt = envelope
        .revealed()
        .map(Revealed::salt_hex)
        .ok_or(ArbiterError::AlreadyOpened)?;
    crate::atomically(conn, |conn| {
        let at = crate::audit::now();
        let n = diesel::update(envelopes::table)
            .filter(envelopes::id.eq(&row.id))
            .filter(envelopes::state.eq("sealed"))
            .filter(envelopes::version.eq(row.version))
            .set((
                envelopes::state.eq("opened"),
                envelopes::salt.eq(Some(&salt)),
                envelopes::revealed_move.eq(Some(&text)),
                envelopes::opened_at.eq(Some(at)),
                envelopes::opened_by.eq(Some(&actor.name)),
                envelopes::version.eq(row.version + 1),
            ))
            .execute(conn)?;
        if n == 0 {
            return Err(ArbiterError::AlreadyOpened);
        }
        let after = envelope_row(conn, id)?.ok_or(ArbiterError::NotFound("envelope"))?;
        let g = game(conn, game_id)?.ok_or(ArbiterError::NotFound("game"))?;
        append_audit(
            conn,
            actor,
            Some(parse_id("games.tournament_id", &g.tournament_id)?),
            "envelope",
            Some(&after.id),
            "open",
            Some(&row.audit("A.7")),
            Some(&after.audit("A.7, A.9")),
        )?;
        Ok((after, envelope))
    })
}

/// What the audit log records about a decision on an adjourned game.
#[derive(Serialize)]
pub(crate) struct AdjournmentAudit<'a> {
    article: &'a str,
    message: &'a str,
    game: &'a GameRow,
}

/// Records how an adjourned game ends without being played on (Appendix A): the sealed move
/// judged (A.8, Art. 5), a draw or resignation before the resumption (A.4, A.6), lateness
/// (A.10 and its exceptions), or an annulment (A.11(b): `result` pending, the game to be
/// replayed). The result is written at `expected_version` (the game's version as the arbiter
/// read it) and audited with `action`, the article and the sentence, in one transaction.
///
/// # Errors
/// [`ArbiterError::Conflict`] when the game changed; [`ArbiterError::NotFound`]; the database's
/// error.
#[expect(
    clippy::too_many_arguments,
    reason = "one decision: game, version, result, its article, sentence, action and actor"
)]
pub fn record_adjournment_decision(
    conn: &mut DbConnection,
    game_id: Uuid,
    expected_version: i32,
    result: &GameResult,
    article: &str,
    message: &str,
    action: &str,
    actor: &Actor,
) -> Result<GameRow, ArbiterError> {
    crate::atomically(conn, |conn| {
        let at = now();
        let (g, tournament) = lock_game(conn, game_id, at)?;
        let after = set_result(
            conn,
            &g,
            expected_version,
            &result.clone().recorded_by(actor.name.clone()),
            at,
        )?;
        append_audit(
            conn,
            actor,
            Some(tournament),
            "game",
            Some(&g.id),
            action,
            Some(&AdjournmentAudit {
                article,
                message,
                game: &g,
            }),
            Some(&AdjournmentAudit {
                article,
                message,
                game: &after,
            }),
        )?;
        Ok(after)
    })
}

/// Records in the audit log an arbiter's step on an envelope that changes no result (A.11(a):
/// the envelope is lost and play resumes from the adjourned position with the move the sealer
/// states; A.9(b): the replier's clock started). `note` is what to keep (article, sentence).
///
/// # Errors
/// [`ArbiterError::NotFound`]; the database's error.
pub fn record_envelope_note<N: Serialize>(
    conn: &mut DbConnection,
    envelope_id: Uuid,
    action: &str,
    note: &N,
    actor: &Actor,
) -> Result<(), ArbiterError> {
    crate::atomically(conn, |conn| {
        let row = envelope_row(conn, envelope_id)?.ok_or(ArbiterError::NotFound("envelope"))?;
        let game_id = parse_id("envelopes.game_id", &row.game_id)?;
        let (_, tournament) = lock_game(conn, game_id, now())?;
        append_audit(
            conn,
            actor,
            Some(tournament),
            "envelope",
            Some(&row.id),
            action,
            None::<&()>,
            Some(note),
        )?;
        Ok(())
    })
}
