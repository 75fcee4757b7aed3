//! Correcting a registered player's details (name, title, rating, federation, FIDE id, sex):
//! the organizer's `PATCH` of a player. The pairing number, status and results stay.

use arbiter_tournament::Player;
use chrono::NaiveDateTime;
use diesel::prelude::*;
use uuid::Uuid;

use super::{ChangeError, Missing, touch};
use crate::audit::{Actor, append_audit};
use crate::connection::DbConnection;
use crate::models::NewPlayer;
use crate::queries::load_tournament;
use crate::schema::players;

/// Replaces the details of player `pairing_number` with `player`'s (its name, sex, title,
/// rating, federation and FIDE id; the pairing number, status, points and results are kept).
/// The tournament's last change moves, only if it is still `expected` when given; audited with
/// the player before and after. Returns the player as stored.
///
/// # Errors
/// [`ChangeError::NotFound`] for an unknown tournament or player, [`ChangeError::Stale`] when
/// the tournament changed since `expected`, [`ChangeError::NotAllowed`] for a FIDE id another
/// player of the tournament has, or the database's error; nothing changes then.
pub fn update_player(
    conn: &mut DbConnection,
    tournament: Uuid,
    pairing_number: u16,
    player: &Player,
    expected: Option<NaiveDateTime>,
    actor: &Actor,
) -> Result<Player, ChangeError> {
    crate::atomically(conn, |conn| {
        touch(conn, tournament, expected)?;
        let stored = load_tournament(conn, tournament)?
            .ok_or(ChangeError::NotFound(Missing::Tournament(tournament)))?;
        let before = stored
            .tournament
            .player(pairing_number)
            .cloned()
            .ok_or(ChangeError::NotFound(Missing::Player(pairing_number)))?;
        if let Some(id) = player.fide_id {
            if let Some(other) = stored
                .tournament
                .players
                .iter()
                .find(|p| p.fide_id == Some(id) && p.pairing_number != pairing_number)
            {
                return Err(ChangeError::NotAllowed(format!(
                    "FIDE id {id} is player {}'s",
                    other.pairing_number
                )));
            }
        }
        let after = Player {
            name: player.name.clone(),
            sex: player.sex,
            title: player.title.clone(),
            rating: player.rating,
            federation: player.federation.clone(),
            fide_id: player.fide_id,
            ..before.clone()
        };
        let row = NewPlayer::from_model(tournament, &after)?;
        diesel::update(
            players::table
                .filter(players::tournament_id.eq(tournament.to_string()))
                .filter(players::pairing_number.eq(i32::from(pairing_number))),
        )
        .set((
            players::name.eq(&row.name),
            players::sex.eq(&row.sex),
            players::title.eq(&row.title),
            players::rating.eq(row.rating),
            players::federation.eq(&row.federation),
            players::fide_id.eq(row.fide_id),
        ))
        .execute(conn)?;
        append_audit(
            conn,
            actor,
            Some(tournament),
            "player",
            Some(&row.id),
            "edit",
            Some(&before),
            Some(&after),
        )?;
        Ok(after)
    })
}
