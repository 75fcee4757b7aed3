//! The organizer's JSON API for team events (bearer token of an organizer of the tournament):
//! the same changes as the team page, with typed bodies; refusals as problem+json naming the
//! field.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use arbiter_tournament::team::{
    MatchPointSystem, PrimaryScore, TeamColourPreferences, TeamNumber, TeamPairingSystem,
    TeamSettings, alternating_colours,
};
use arbiter_tournament::{Colour, PairingNumber, Points};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

use super::form::{RosterEntry, TeamForm};
use super::ops;
use crate::error::WebError;
use crate::extract::{ApiStaff, Organizer};
use crate::json_body::ApiJson;
use crate::l10n::Msg;
use crate::respond::{bad, created, json, load};
use crate::state::AppState;

/// `POST /api/v1/tournaments/{id}/teams/setup`: the team event's rules. Points are decimal
/// numbers (`2`, `1.5`).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SettingsJson {
    /// Boards per match, 1-99.
    #[schema(minimum = 1, maximum = 99)]
    pub boards: u8,
    /// Match points for a won, drawn and lost match (default 2, 1, 0).
    #[serde(default)]
    #[schema(min_items = 3, max_items = 3)]
    pub match_points: Option<[f64; 3]>,
    /// `MP` (default) or `GP`.
    #[serde(default)]
    #[schema(pattern = "^(MP|GP)$")]
    pub primary: Option<String>,
    /// `white` (default) or `black`: the first-named team's colour on board 1.
    #[serde(default)]
    #[schema(pattern = "^(white|black)$")]
    pub first_colour: Option<String>,
    /// `a` (default), `b` or `none` (C.04.6 art. 1.7).
    #[serde(default)]
    #[schema(pattern = "^(a|b|none)$")]
    pub colour_preferences: Option<String>,
    /// Boards counted for the team rating (default: all).
    #[serde(default)]
    pub rating_boards: Option<u8>,
    /// Match and game points of the bye (default: a drawn match, C.04.6 art. 1.4).
    #[serde(default)]
    #[schema(min_items = 2, max_items = 2)]
    pub bye: Option<[f64; 2]>,
    /// Minutes before the round's start by which line-ups are due.
    #[serde(default)]
    pub lineup_deadline_minutes: Option<u32>,
}

fn points(field: &str, v: f64) -> Result<Points, WebError> {
    let tenths = (v * 10.0).round();
    if !(0.0..=10_000.0).contains(&tenths) || (v * 10.0 - tenths).abs() > 1e-9 {
        return Err(bad(
            field,
            Msg::new("team-bad-points").text("value", v.to_string()),
        ));
    }
    // In range and whole: the conversion is exact.
    #[expect(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        reason = "checked above"
    )]
    Ok(Points::from_tenths(tenths as u32))
}

impl SettingsJson {
    fn settings(&self) -> Result<TeamSettings, WebError> {
        if !(1..=99).contains(&self.boards) {
            return Err(bad(
                "boards",
                Msg::new("team-bad-number")
                    .text("value", self.boards.to_string())
                    .int("lo", 1)
                    .int("hi", 99),
            ));
        }
        let mut s = TeamSettings::new(self.boards);
        if let Some([w, d, l]) = self.match_points {
            s.match_points = MatchPointSystem {
                win: points("match_points", w)?,
                draw: points("match_points", d)?,
                loss: points("match_points", l)?,
            };
            if s.match_points.win <= s.match_points.draw
                || s.match_points.draw < s.match_points.loss
            {
                return Err(bad("match_points", Msg::new("team-bad-match-points")));
            }
        }
        let choice = |field: &str, v: &str| {
            bad(
                field,
                Msg::new("team-bad-choice").text("value", v.to_owned()),
            )
        };
        if let Some(p) = &self.primary {
            s.primary = PrimaryScore::parse(p).ok_or_else(|| choice("primary", p))?;
        }
        if let Some(c) = &self.first_colour {
            let first = match c.as_str() {
                "white" => Colour::White,
                "black" => Colour::Black,
                other => return Err(choice("first_colour", other)),
            };
            s.first_team_colours = alternating_colours(self.boards, first);
        }
        if let Some(c) = &self.colour_preferences {
            s.colour_preferences =
                TeamColourPreferences::parse(c).ok_or_else(|| choice("colour_preferences", c))?;
        }
        s.rating_boards = self.rating_boards;
        if let Some([mp, gp]) = self.bye {
            s.bye_match_points = points("bye", mp)?;
            s.bye_game_points = points("bye", gp)?;
        }
        s.lineup_deadline_minutes = self.lineup_deadline_minutes;
        Ok(s)
    }
}

/// A player of a roster: a registered player's pairing number, or a new player (an object;
/// never an array of its fields).
#[derive(Debug, ToSchema)]
#[serde(untagged)]
pub enum RosterJson {
    /// A registered player's pairing number.
    Registered(PairingNumber),
    /// A player registered with the team.
    New(NewRosterPlayer),
}

/// A player registered with the team ([`RosterJson::New`]).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewRosterPlayer {
    /// `Last, First`, at most 33 characters.
    #[schema(pattern = r"\S", max_length = 33)]
    pub name: String,
    /// FIDE rating, 0-3500.
    #[serde(default)]
    #[schema(maximum = 3500)]
    pub rating: Option<u16>,
    /// FIDE ID.
    #[serde(default)]
    #[schema(minimum = 1, maximum = 99_999_999_999_u64)]
    pub fide_id: Option<u64>,
    /// Federation, three letters.
    #[serde(default)]
    pub federation: Option<String>,
}

impl<'de> Deserialize<'de> for RosterJson {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        use serde::de::{self, Unexpected};
        struct Entry;
        impl<'de> de::Visitor<'de> for Entry {
            type Value = RosterJson;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a pairing number or a new player {\"name\", ...}")
            }
            fn visit_u64<E: de::Error>(self, n: u64) -> Result<RosterJson, E> {
                PairingNumber::try_from(n)
                    .map(RosterJson::Registered)
                    .map_err(|_| E::invalid_value(Unexpected::Unsigned(n), &self))
            }
            fn visit_map<A: de::MapAccess<'de>>(self, map: A) -> Result<RosterJson, A::Error> {
                NewRosterPlayer::deserialize(de::value::MapAccessDeserializer::new(map))
                    .map(RosterJson::New)
            }
        }
        d.deserialize_any(Entry)
    }
}

/// `POST /api/v1/tournaments/{id}/teams`: a team and its roster in board order.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct TeamJson {
    /// The name.
    #[schema(pattern = r"\S")]
    pub name: String,
    /// The federation, three letters.
    #[serde(default)]
    pub federation: Option<String>,
    /// The club or school.
    #[serde(default)]
    pub club: Option<String>,
    /// The captain's name.
    #[serde(default)]
    pub captain: Option<String>,
    /// The roster, board order: a registered player's pairing number, or a new player
    /// `{"name", "rating"?, "fide_id"?, "federation"?}`.
    pub roster: Vec<RosterJson>,
}

/// `POST /api/v1/tournaments/{id}/teams/rounds`: `{"system": "swiss" | "round-robin" |
/// "double-round-robin"}`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PairJson {
    /// The pairing system.
    #[schema(pattern = "^(swiss|round-robin|double-round-robin)$")]
    pub system: String,
}

/// A match as the API answers it.
#[derive(Debug, Serialize, ToSchema)]
struct MatchJson {
    /// The table (match) number.
    table: u16,
    /// The first-named team's number.
    #[schema(value_type = u16)]
    first: TeamNumber,
    /// The second team's number.
    #[schema(value_type = u16)]
    second: TeamNumber,
}

/// The answer to registering a team: its number and its roster's pairing numbers.
#[derive(Serialize, ToSchema)]
struct Saved {
    /// The team's number.
    #[schema(value_type = u16)]
    number: TeamNumber,
    /// The roster's pairing numbers, board order.
    #[schema(value_type = Vec<u16>)]
    roster: Vec<PairingNumber>,
}

/// The answer to pairing a team round.
#[derive(Serialize, ToSchema)]
struct Paired {
    /// The round paired.
    round: u16,
    /// Its matches.
    matches: Vec<MatchJson>,
    /// The team with the bye, if any.
    #[schema(value_type = Option<u16>)]
    bye: Option<TeamNumber>,
}

/// The answer to seating a team round's boards.
#[derive(Serialize, ToSchema)]
struct Seated {
    /// Games seated.
    games: usize,
    /// Boards forfeited (no player).
    forfeits: usize,
    /// The teams whose line-up was not submitted in time: their roster order applies.
    #[schema(value_type = Vec<u16>)]
    roster_order: Vec<TeamNumber>,
}

/// `POST /api/v1/tournaments/{id}/teams/setup` (organizer): sets the team event's rules. `204`.
///
/// # Errors
/// 400 naming the field, 401, 403, 404, as problem+json.
#[utoipa::path(
    post,
    path = "/api/v1/tournaments/{id}/teams/setup",
    tag = "teams",
    params(("id" = Uuid, Path, description = "The tournament's id")),
    request_body = SettingsJson,
    responses((status = 204, description = "Set up")),
    security(("bearer" = []))
)]
pub async fn setup(
    state: web::Data<AppState>,
    path: web::Path<Uuid>,
    ApiStaff { user, .. }: ApiStaff<Organizer>,
    body: ApiJson<SettingsJson>,
) -> Result<HttpResponse, WebError> {
    let id = path.into_inner();
    async {
        let settings = body.settings()?;
        ops::setup(&state, id, settings, None, user.actor()).await?;
        Ok(HttpResponse::NoContent().finish())
    }
    .await
    .map_err(WebError::api)
}

/// `POST /api/v1/tournaments/{id}/teams` (organizer): answers `201` with `{"number": N, "roster": [...]}`
/// with the pairing numbers of the roster (new players numbered).
///
/// # Errors
/// 400 naming the field or roster entry, 401, 403, 404, as problem+json.
#[utoipa::path(
    post,
    path = "/api/v1/tournaments/{id}/teams",
    tag = "teams",
    params(("id" = Uuid, Path, description = "The tournament's id")),
    request_body = TeamJson,
    responses((status = 201, description = "The team, with its number", body = Saved)),
    security(("bearer" = []))
)]
pub async fn add_team(
    state: web::Data<AppState>,
    path: web::Path<Uuid>,
    ApiStaff { user, .. }: ApiStaff<Organizer>,
    body: ApiJson<TeamJson>,
) -> Result<HttpResponse, WebError> {
    let id = path.into_inner();
    async {
        let body = body.into_inner();
        // The same checks as the form: written as the form's lines.
        let lines: Vec<String> = body
            .roster
            .iter()
            .map(|r| match r {
                RosterJson::Registered(pn) => pn.to_string(),
                RosterJson::New(NewRosterPlayer {
                    name,
                    rating,
                    fide_id,
                    federation,
                }) => format!(
                    "{}; {}; {}; {}",
                    name.replace(';', ","),
                    rating.map(|r| r.to_string()).unwrap_or_default(),
                    fide_id.map(|r| r.to_string()).unwrap_or_default(),
                    federation.clone().unwrap_or_default()
                ),
            })
            .collect();
        let form = TeamForm {
            name: body.name,
            federation: body.federation.unwrap_or_default(),
            club: body.club.unwrap_or_default(),
            captain: body.captain.unwrap_or_default(),
            roster: lines.join("\n"),
            ..TeamForm::default()
        };
        let stored = load(&state, id).await?;
        let fields = form.fields()?;
        let entries: Vec<RosterEntry> = form.roster(&stored.tournament)?;
        let team = ops::save_team(&state, id, None, fields, entries, None, user.actor()).await?;
        created(
            StatusCode::CREATED,
            &Saved {
                number: team.number,
                roster: team.roster,
            },
        )
    }
    .await
    .map_err(WebError::api)
}

/// `POST /api/v1/tournaments/{id}/teams/rounds` (organizer): pairs the next round; answers
/// `{"round": R, "matches": [{"table", "first", "second"}], "bye": N | null}`.
///
/// # Errors
/// 400 naming why, 401, 403, 404, 409, as problem+json.
#[utoipa::path(
    post,
    path = "/api/v1/tournaments/{id}/teams/rounds",
    tag = "teams",
    params(("id" = Uuid, Path, description = "The tournament's id")),
    request_body = PairJson,
    responses((status = 200, description = "The round paired", body = Paired)),
    security(("bearer" = []))
)]
pub async fn pair(
    state: web::Data<AppState>,
    path: web::Path<Uuid>,
    ApiStaff { user, .. }: ApiStaff<Organizer>,
    body: ApiJson<PairJson>,
) -> Result<HttpResponse, WebError> {
    let id = path.into_inner();
    async {
        let system = TeamPairingSystem::parse(&body.system).ok_or_else(|| {
            bad(
                "system",
                Msg::new("team-bad-choice").text("value", body.system.clone()),
            )
        })?;
        let r = ops::pair(&state, id, system, None, user.actor()).await?;
        json(
            &Paired {
                round: r.number,
                matches: r
                    .matches
                    .iter()
                    .map(|m| MatchJson {
                        table: m.table,
                        first: m.first,
                        second: m.second,
                    })
                    .collect(),
                bye: r.bye,
            },
            None,
            0,
        )
    }
    .await
    .map_err(WebError::api)
}

/// `POST /api/v1/tournaments/{id}/rounds/{r}/seat` (organizer): seats the boards; answers
/// `{"games": N, "forfeits": N, "roster_order": [team, ...]}`.
///
/// # Errors
/// 400, 401, 403, 404, 409, as problem+json.
#[utoipa::path(
    post,
    path = "/api/v1/tournaments/{id}/rounds/{r}/seat",
    tag = "teams",
    params(("id" = Uuid, Path, description = "The tournament's id"), ("r" = u16, Path, description = "Round number")),
    responses((status = 200, description = "The boards seated", body = Seated)),
    security(("bearer" = []))
)]
pub async fn seat(
    state: web::Data<AppState>,
    path: web::Path<(Uuid, u16)>,
    ApiStaff { user, .. }: ApiStaff<Organizer>,
) -> Result<HttpResponse, WebError> {
    let (id, round) = path.into_inner();
    async {
        let s = ops::seat(&state, id, round, None, user.actor()).await?;
        json(
            &Seated {
                games: s.games.len(),
                forfeits: s.byes.len(),
                roster_order: s.defaulted.iter().map(|(t, _)| *t).collect(),
            },
            None,
            0,
        )
    }
    .await
    .map_err(WebError::api)
}
