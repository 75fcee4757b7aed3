//! Who may call a handler, said by its signature: actix extractors that check the session's
//! account, its role in the tournament and the form's CSRF token before the handler runs, so that
//! a route cannot forget a check.
//!
//! - [`SignedIn`]: a signed-in account (else `401`, "sign in to continue").
//! - [`Staff<R>`]: a signed-in account holding role `R` ([`Organizer`] or [`Arbiter`]) in the
//!   tournament named by the route's `{id}` segment (else `401`, or `403` naming the role).
//!   An organizer may do what an arbiter does; an administrator holds every role.
//! - [`ApiUser`] and [`ApiStaff<R>`]: the same for the JSON API, from `Authorization: Bearer`
//!   (errors as `application/problem+json`).
//! - [`Checked<T>`]: an urlencoded form whose `csrf` field is the session's token (else `403`,
//!   "the form has expired ...").
//!
//! Actix runs extractors in the order of the handler's arguments: handlers take the path first
//! (an unreadable id is a `404`), then the account and role, then the form, so a request is
//! answered `401`, then `403`, before its body is read. Multipart forms carry their token among
//! their parts and check it with [`crate::auth::check_csrf`] once read.

use std::marker::PhantomData;

use actix_session::{Session, SessionExt};
use actix_web::dev::Payload;
use actix_web::{FromRequest, HttpRequest, web};
use arbiter_db::models::GameRow;
use arbiter_db::{Role, UserRow};
use futures_util::future::LocalBoxFuture;
use serde::de::DeserializeOwned;
use uuid::Uuid;

use crate::auth::{api_user, check_csrf, require_role, require_user};
use crate::error::WebError;
use crate::state::{AppState, with_db};

/// The service's shared state, as every route has it.
fn state_of(req: &HttpRequest) -> Result<web::Data<AppState>, WebError> {
    req.app_data::<web::Data<AppState>>()
        .cloned()
        .ok_or_else(|| WebError::Internal("no application state".into()))
}

/// The tournament named by the route's `{id}` segment.
fn tournament_in_path(req: &HttpRequest) -> Result<Uuid, WebError> {
    let raw = req.match_info().get("id").unwrap_or_default();
    Uuid::parse_str(raw).map_err(|_| WebError::no_page(req.path()))
}

/// The tournament of the route's `{id}`, once `user` is found to hold role `R` in it.
async fn tournament_with_role<R: StaffRole>(
    state: &AppState,
    req: &HttpRequest,
    user: &UserRow,
) -> Result<Uuid, WebError> {
    let tournament = tournament_in_path(req)?;
    require_role(state, user, tournament, R::ROLE).await?;
    Ok(tournament)
}

/// A role a staff route needs: [`Organizer`] or [`Arbiter`].
pub trait StaffRole {
    /// The role, as `arbiter_db` stores it.
    const ROLE: Role;
}

/// The organizer's role: the tournament's settings, players, pairings and staff.
#[derive(Debug)]
pub struct Organizer;

/// The arbiter's role: results, the board view, adjournments, penalties, score reports (an
/// organizer has it too).
#[derive(Debug)]
pub struct Arbiter;

impl StaffRole for Organizer {
    const ROLE: Role = Role::Organizer;
}

impl StaffRole for Arbiter {
    const ROLE: Role = Role::Arbiter;
}

/// The signed-in account of a page's request.
///
/// # Errors
/// [`WebError::Unauthorized`] when nobody is signed in; [`WebError::Database`].
#[derive(Debug)]
pub struct SignedIn(pub UserRow);

impl FromRequest for SignedIn {
    type Error = WebError;
    type Future = LocalBoxFuture<'static, Result<Self, WebError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move {
            let state = state_of(&req)?;
            let session = req.get_session();
            Ok(SignedIn(require_user(&state, &session).await?))
        })
    }
}

/// A signed-in account holding role `R` in the tournament of the route's `{id}`.
///
/// # Errors
/// [`WebError::Unauthorized`] when nobody is signed in, [`WebError::Forbidden`] naming the role
/// needed, [`WebError::Database`].
#[derive(Debug)]
pub struct Staff<R> {
    /// The account.
    pub user: UserRow,
    /// The tournament (the route's `{id}`).
    pub tournament: Uuid,
    role: PhantomData<R>,
}

impl<R: StaffRole + 'static> FromRequest for Staff<R> {
    type Error = WebError;
    type Future = LocalBoxFuture<'static, Result<Self, WebError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move {
            let state = state_of(&req)?;
            let session = req.get_session();
            let user = require_user(&state, &session).await?;
            let tournament = tournament_with_role::<R>(&state, &req, &user).await?;
            Ok(Staff {
                user,
                tournament,
                role: PhantomData,
            })
        })
    }
}

/// The account of an API request (`Authorization: Bearer TOKEN`).
///
/// # Errors
/// [`WebError::Unauthorized`] without a known token (as problem+json).
#[derive(Debug)]
pub struct ApiUser(pub UserRow);

impl FromRequest for ApiUser {
    type Error = WebError;
    type Future = LocalBoxFuture<'static, Result<Self, WebError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move {
            let state = state_of(&req).map_err(WebError::api)?;
            Ok(ApiUser(
                api_user(&state, &req).await.map_err(WebError::api)?,
            ))
        })
    }
}

/// The account of an API request holding role `R` in the tournament of the route's `{id}`.
///
/// # Errors
/// [`WebError::Unauthorized`], [`WebError::Forbidden`] naming the role, as problem+json.
#[derive(Debug)]
pub struct ApiStaff<R> {
    /// The account.
    pub user: UserRow,
    /// The tournament (the route's `{id}`).
    pub tournament: Uuid,
    role: PhantomData<R>,
}

impl<R: StaffRole + 'static> FromRequest for ApiStaff<R> {
    type Error = WebError;
    type Future = LocalBoxFuture<'static, Result<Self, WebError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move {
            async {
                let state = state_of(&req)?;
                let user = api_user(&state, &req).await?;
                let tournament = tournament_with_role::<R>(&state, &req, &user).await?;
                Ok(ApiStaff {
                    user,
                    tournament,
                    role: PhantomData,
                })
            }
            .await
            .map_err(WebError::api)
        })
    }
}

/// A form that carries the session's CSRF token in its `csrf` field.
pub trait CsrfToken {
    /// The token the form was served with.
    fn csrf(&self) -> &str;
}

/// Implements [`CsrfToken`] for form structs with a `csrf: String` field.
macro_rules! csrf_field {
    ($($form:ty),* $(,)?) => {
        $(impl $crate::extract::CsrfToken for $form {
            fn csrf(&self) -> &str {
                &self.csrf
            }
        })*
    };
}
pub(crate) use csrf_field;

/// An urlencoded form whose CSRF token matched the session's: the form's fields are read as
/// `web::Form` reads them (a malformed body is a `400` naming the form), then the token is
/// checked.
///
/// # Errors
/// The form's `400`; [`WebError::Forbidden`] when the token is missing or differs.
#[derive(Debug)]
pub struct Checked<T>(pub T);

impl<T: DeserializeOwned + CsrfToken + 'static> FromRequest for Checked<T> {
    type Error = actix_web::Error;
    type Future = LocalBoxFuture<'static, Result<Self, actix_web::Error>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let form = web::Form::<T>::from_request(req, payload);
        let req = req.clone();
        Box::pin(async move {
            let web::Form(form) = form.await?;
            let session: Session = req.get_session();
            check_csrf(&session, form.csrf())?;
            Ok(Checked(form))
        })
    }
}

/// For an API route naming only a game: the token's account, which must be an arbiter (or
/// organizer) of the game's tournament, and the game.
///
/// # Errors
/// [`WebError::Unauthorized`] without a valid bearer token, [`WebError::NotFound`] for an unknown
/// game, [`WebError::Forbidden`] without the role.
pub(crate) async fn api_arbiter_game(
    state: &AppState,
    req: &HttpRequest,
    game: Uuid,
) -> Result<(UserRow, GameRow), WebError> {
    let user = api_user(state, req).await?;
    let g = with_db(state, move |c| Ok(arbiter_db::game(c, game)?))
        .await?
        .ok_or_else(|| WebError::no_game(game))?;
    require_role(state, &user, tournament_of(&g)?, Role::Arbiter).await?;
    Ok((user, g))
}

/// The game `game` of tournament `id`, or not found (also when it belongs to another one).
pub(crate) async fn game_of(state: &AppState, id: Uuid, game: Uuid) -> Result<GameRow, WebError> {
    let g = with_db(state, move |c| Ok(arbiter_db::game(c, game)?))
        .await?
        .filter(|g| g.tournament_id == id.to_string())
        .ok_or_else(|| WebError::no_game(game))?;
    Ok(g)
}

/// A game's tournament, for an API route naming only the game.
pub(crate) fn tournament_of(g: &GameRow) -> Result<Uuid, WebError> {
    Uuid::parse_str(&g.tournament_id).map_err(|e| WebError::Internal(e.to_string()))
}
