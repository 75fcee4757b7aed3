//! The OpenAPI 3.1 document of the JSON API (`/api/v1`), generated from the handlers'
//! `#[utoipa::path]` attributes and the bodies' `ToSchema` derives, served at
//! `GET /api/v1/openapi.json`. Every operation is documented with the problem+json answers
//! (RFC 9457) it can give: `400` naming the field (a malformed path, query or body too), `404`,
//! and for the operations that need a bearer token `401`, `403` and `429` (too many unknown
//! tokens from the client's address, with `Retry-After`); a write that names the state
//! it read, or that the event's state refuses, also `409`. The web crate's `routes` test checks
//! the document against the route table, [`crate::routes::configure`] (every `/api/v1` route
//! documented, nothing documented that is not routed).

use actix_web::HttpResponse;
use serde::Serialize;
use utoipa::openapi::link::LinkBuilder;
use utoipa::openapi::path::Operation;
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::openapi::{ContentBuilder, PathItem, Ref, RefOr, ResponseBuilder};
use utoipa::{Modify, OpenApi, ToSchema};

/// An error answer of the API (`application/problem+json`, RFC 9457). `detail` is in the
/// reader's language (`Accept-Language`, `?lang=`).
#[derive(Serialize, ToSchema)]
pub struct Problem {
    /// Always `about:blank`: the status says what kind of problem it is.
    #[serde(rename = "type")]
    pub kind: String,
    /// The status's title, in the reader's language.
    pub title: String,
    /// The HTTP status code.
    pub status: u16,
    /// What is wrong and, for a refused value, what is accepted.
    pub detail: String,
    /// For a `400`: the field refused (`round`, `players[2].rating`, `body`, `path`, `query`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field: Option<String>,
    /// For a `409`: the state as it stands now (the game, the tournament's `updated_at`, ...).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>)]
    pub current: Option<serde_json::Value>,
}

/// The document's root: the operations of every handler module and the schemas they name.
#[derive(OpenApi)]
#[openapi(
    info(
        title = "Arbiter",
        description = "The JSON API of Arbiter, a service running chess tournaments by the FIDE \
            Laws of Chess. Times are UTC; dates ISO 8601. Errors are problem+json (RFC 9457). \
            Writes need `Authorization: Bearer TOKEN` (a token made on the account page).",
        license(name = "MIT OR Apache-2.0")
    ),
    paths(
        openapi_json,
        crate::api::tournaments,
        crate::api_settings::create_tournament,
        crate::api_trf::import,
        crate::api_trf::export,
        crate::api::tournament,
        crate::api_settings::update_tournament,
        crate::api_settings::patch_tournament,
        crate::api_write::add_players,
        crate::api_patch::patch_player,
        crate::api_write::player_status,
        crate::api_write::request_bye,
        crate::api_write::proposal,
        crate::api_write::store_round,
        crate::api::round,
        crate::api_patch::patch_round,
        crate::api_write::unpair,
        crate::api_write::publish,
        crate::api::standings,
        crate::results::api_enter_result,
        crate::games::api_game,
        crate::arbiter_board::api_board,
        crate::arbiter_board::api_check_in,
        crate::arbiter_board::api_override,
        crate::penalties::api_record,
        crate::reports::api_score,
        crate::norms::api_norms,
        crate::norms::api_player_norms,
        crate::ratings::api_ratings,
        crate::ratings::api_player_rating,
        crate::prizes::api_prizes,
        crate::prizes::api_put,
        crate::rating_report::api_report,
        crate::rating_lists::api_lists,
        crate::rating_lists::api_player,
        crate::rating_lists::api_search,
        crate::rating_lists::api_refresh,
        crate::teams::lineup::api_lineup,
        crate::teams::lineup::api_submit_lineup,
        crate::teams::api::setup,
        crate::teams::api::add_team,
        crate::teams::api::pair,
        crate::teams::api::seat,
        crate::teams::byes::api,
        crate::team_public::api::teams,
        crate::team_public::api::matches,
        crate::team_public::api::standings,
        crate::team_public::api::crosstable,
        crate::team_public::api::boards,
    ),
    components(schemas(Problem)),
    modifiers(&Answers),
    tags(
        (name = "tournaments", description = "Tournaments, their settings and players"),
        (name = "rounds", description = "Pairing, publishing and reading rounds"),
        (name = "games", description = "Results, check-in, incidents and score reports"),
        (name = "federation", description = "Ratings, norms, prizes, the rating report and FIDE rating lists"),
        (name = "teams", description = "Team events: teams, line-ups, matches and standings"),
    )
)]
struct ApiDoc;

/// Adds the bearer scheme and, to every operation, the problem+json answers it can give
/// (see the module's doc) where the operation does not document them itself.
struct Answers;

impl Modify for Answers {
    fn modify(&self, doc: &mut utoipa::openapi::OpenApi) {
        let components = doc.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(HttpBuilder::new().scheme(HttpAuthScheme::Bearer).build()),
        );
        for (path, item) in &mut doc.paths.paths {
            for (method, writes, op) in operations(item) {
                // Unique and readable: `get /api/v1/tournaments/{id}` is `get_tournaments_id`.
                op.operation_id = Some(operation_id(method, path));
                let guarded = op.security.as_ref().is_some_and(|s| !s.is_empty());
                let mut codes = vec![
                    ("400", "A refused value: `field` names it"),
                    ("404", "No such tournament, round, game or player"),
                ];
                if guarded {
                    codes.push(("401", "No token, or a revoked or unknown one"));
                    codes.push(("403", "The token's account has no role here"));
                    codes.push((
                        "429",
                        "Too many unknown tokens from this address: wait the seconds of `Retry-After`",
                    ));
                }
                if writes {
                    codes.push((
                        "409",
                        "The state changed since it was read: `current` is it",
                    ));
                }
                if op.request_body.is_some() {
                    codes.push(("413", "The body is larger than the limit (64 KiB)"));
                }
                for (code, why) in codes {
                    if !op.responses.responses.contains_key(code) {
                        op.responses
                            .responses
                            .insert(code.to_owned(), problem(why).into());
                    }
                }
            }
        }
        link_created(doc);
    }
}

/// Where links start: the operation, its status, the path its links go to, and each
/// parameter of that path with the runtime expression that gives it.
type LinkSource = (
    &'static str,
    &'static str,
    &'static str,
    &'static [(&'static str, &'static str)],
);

/// The links a client (and Schemathesis's stateful phase) follows from what a write created:
/// a new tournament's `id` to every operation on `/tournaments/{id}` that needs nothing else, a
/// stored round's number to that round, a registered player's pairing number to that player.
fn link_created(doc: &mut utoipa::openapi::OpenApi) {
    let ops: Vec<(String, String)> = doc
        .paths
        .paths
        .iter_mut()
        .flat_map(|(path, item)| {
            operations(item)
                .filter_map(|(_, _, op)| op.operation_id.clone())
                .map(|id| (path.clone(), id))
                .collect::<Vec<_>>()
        })
        .collect();
    let sources: [LinkSource; 3] = [
        (
            "post_tournaments",
            "201",
            "/api/v1/tournaments/{id}",
            &[("id", "$response.body#/id")],
        ),
        (
            "post_tournaments_id_rounds",
            "201",
            "/api/v1/tournaments/{id}/rounds/{n}",
            &[("id", "$request.path.id"), ("n", "$response.body#/round")],
        ),
        (
            "post_tournaments_id_players",
            "201",
            "/api/v1/tournaments/{id}/players/{pn}",
            &[
                ("id", "$request.path.id"),
                ("pn", "$response.body#/0/pairing_number"),
            ],
        ),
    ];
    for (source, status, prefix, parameters) in sources {
        // Every operation whose path is `prefix` or `prefix/<no other parameter>`.
        let targets: Vec<&String> = ops
            .iter()
            .filter(|(path, _)| {
                path.strip_prefix(prefix).is_some_and(|rest| {
                    rest.is_empty() || (rest.starts_with('/') && !rest.contains('{'))
                })
            })
            .map(|(_, id)| id)
            .collect();
        for item in doc.paths.paths.values_mut() {
            for (_, _, op) in operations(item) {
                if op.operation_id.as_deref() != Some(source) {
                    continue;
                }
                let Some(RefOr::T(response)) = op.responses.responses.get_mut(status) else {
                    continue;
                };
                for target in &targets {
                    let mut link = LinkBuilder::new().operation_id(target.as_str());
                    for (name, value) in parameters {
                        link = link.parameter(*name, *value);
                    }
                    response
                        .links
                        .insert((*target).clone(), link.build().into());
                }
            }
        }
    }
}

/// The operations of a path item, each with its method and whether it writes (every method
/// but `GET`).
fn operations(item: &mut PathItem) -> impl Iterator<Item = (&'static str, bool, &mut Operation)> {
    [
        ("get", false, item.get.as_mut()),
        ("put", true, item.put.as_mut()),
        ("post", true, item.post.as_mut()),
        ("delete", true, item.delete.as_mut()),
        ("patch", true, item.patch.as_mut()),
    ]
    .into_iter()
    .filter_map(|(method, writes, op)| op.map(|op| (method, writes, op)))
}

/// An operation's id from its method and path: `patch /api/v1/tournaments/{id}/players/{pn}`
/// is `patch_tournaments_id_players_pn`.
fn operation_id(method: &str, path: &str) -> String {
    let mut id = method.to_owned();
    for part in path.trim_start_matches("/api/v1").split('/') {
        let part: String = part
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
            .collect();
        let part = part.trim_matches('_');
        if !part.is_empty() {
            id.push('_');
            id.push_str(part);
        }
    }
    id
}

/// A problem+json answer described as `why`.
fn problem(why: &str) -> utoipa::openapi::Response {
    ResponseBuilder::new()
        .description(why)
        .content(
            "application/problem+json",
            ContentBuilder::new()
                .schema(Some(Ref::from_schema_name("Problem")))
                .build(),
        )
        .build()
}

/// The methods the document gives `path` (a request's path, `/api/v1/...`), `HEAD` with `GET`,
/// or `None` when it documents no such path: what a `405` answers in `Allow`.
#[must_use]
pub fn allowed_methods(path: &str) -> Option<Vec<&'static str>> {
    static PATHS: std::sync::LazyLock<Vec<(Vec<String>, Vec<&'static str>)>> =
        std::sync::LazyLock::new(|| {
            let mut doc = document();
            doc.paths
                .paths
                .iter_mut()
                .map(|(template, item)| {
                    let mut methods: Vec<&'static str> = operations(item)
                        .map(|(method, _, _)| method)
                        .flat_map(|m| match m {
                            "get" => vec!["GET", "HEAD"],
                            "put" => vec!["PUT"],
                            "post" => vec!["POST"],
                            "delete" => vec!["DELETE"],
                            _ => vec!["PATCH"],
                        })
                        .collect();
                    methods.sort_unstable();
                    let segments = template.split('/').map(str::to_owned).collect();
                    (segments, methods)
                })
                .collect()
        });
    let segments: Vec<&str> = path.split('/').collect();
    let fits = |template: &[String]| {
        template.len() == segments.len()
            && template
                .iter()
                .zip(&segments)
                .all(|(t, s)| (t.starts_with('{') && t.ends_with('}') && !s.is_empty()) || t == s)
    };
    // A literal segment outranks a parameter, as in the route table (`/tournaments/import`
    // is not a `/tournaments/{id}`): only the fitting templates with the most literal
    // segments count.
    let literals = |template: &[String]| template.iter().filter(|t| !t.starts_with('{')).count();
    let best = PATHS
        .iter()
        .filter(|(template, _)| fits(template))
        .map(|(template, _)| literals(template))
        .max()?;
    let mut methods: Vec<&'static str> = PATHS
        .iter()
        .filter(|(template, _)| fits(template) && literals(template) == best)
        .flat_map(|(_, methods)| methods.iter().copied())
        .collect();
    if methods.is_empty() {
        return None;
    }
    methods.sort_unstable();
    methods.dedup();
    Some(methods)
}

/// The OpenAPI 3.1 document of `/api/v1`, built from the handlers (the same each call).
#[must_use]
pub fn document() -> utoipa::openapi::OpenApi {
    ApiDoc::openapi()
}

/// [`document`] as the JSON served: utoipa 5 writes a link's `operationId` as `operation_id`,
/// which OpenAPI readers do not know; it is renamed here.
#[must_use]
pub fn document_json() -> serde_json::Value {
    let mut doc = serde_json::to_value(document()).unwrap_or_default();
    bound_integers(&mut doc);
    if let Some(paths) = doc
        .get_mut("paths")
        .and_then(serde_json::Value::as_object_mut)
    {
        for op in paths
            .values_mut()
            .filter_map(serde_json::Value::as_object_mut)
            .flat_map(|item| item.values_mut())
        {
            let Some(responses) = op.get_mut("responses").and_then(|r| r.as_object_mut()) else {
                continue;
            };
            for response in responses.values_mut() {
                let Some(links) = response.get_mut("links").and_then(|l| l.as_object_mut()) else {
                    continue;
                };
                for link in links
                    .values_mut()
                    .filter_map(serde_json::Value::as_object_mut)
                {
                    if let Some(id) = link.remove("operation_id") {
                        link.insert("operationId".to_owned(), id);
                    }
                }
            }
        }
    }
    doc
}

/// Gives every integer the bounds of its Rust type, so that the document takes no number the
/// body or parameter cannot hold: utoipa (`non_strict_integers`) writes a `u16` as format
/// `u-int16`, which JSON Schema readers do not know; it becomes `minimum: 0, maximum: 65535`
/// with the standard format `int32` (`int64` for the 64-bit ones). Bounds a field sets itself
/// are kept.
fn bound_integers(value: &mut serde_json::Value) {
    match value {
        serde_json::Value::Object(map) => {
            let bounds: Option<(i64, u64, &str)> = match map.get("format").and_then(|f| f.as_str())
            {
                Some("int8") => Some((-128, 127, "int32")),
                Some("u-int8") => Some((0, 255, "int32")),
                Some("int16") => Some((-32_768, 32_767, "int32")),
                Some("u-int16") => Some((0, 65_535, "int32")),
                Some("int32") => {
                    Some((i64::from(i32::MIN), i32::MAX.unsigned_abs().into(), "int32"))
                }
                Some("u-int32") => Some((0, u32::MAX.into(), "int64")),
                Some("u-int64") => Some((0, u64::MAX, "int64")),
                _ => None,
            };
            if let Some((min, max, format)) = bounds {
                map.entry("minimum").or_insert(min.into());
                map.entry("maximum").or_insert(max.into());
                map.insert("format".to_owned(), format.into());
            }
            map.values_mut().for_each(bound_integers);
        }
        serde_json::Value::Array(items) => items.iter_mut().for_each(bound_integers),
        _ => {}
    }
}

/// `GET /api/v1/openapi.json`: the OpenAPI document of this API.
///
/// # Errors
/// None: the document is built from the code.
#[utoipa::path(
    get,
    path = "/api/v1/openapi.json",
    tag = "tournaments",
    responses((status = 200, description = "The OpenAPI 3.1 document", body = Object))
)]
pub async fn openapi_json() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("application/json")
        .body(document_json().to_string())
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    #[test]
    fn what_a_write_creates_links_to_the_operations_on_it() {
        let doc = super::document_json();
        let links = &doc["paths"]["/api/v1/tournaments"]["post"]["responses"]["201"]["links"];
        assert_eq!(
            links["get_tournaments_id_standings"]["parameters"]["id"],
            "$response.body#/id"
        );
        assert_eq!(
            links["get_tournaments_id_standings"]["operationId"],
            "get_tournaments_id_standings"
        );
        assert!(links["patch_tournaments_id"].is_object());
        // A path with another parameter is not linked from the tournament alone.
        assert!(links.get("get_tournaments_id_rounds_n").is_none());
        let round = &doc["paths"]["/api/v1/tournaments/{id}/rounds"]["post"]["responses"]["201"]["links"]
            ["post_tournaments_id_rounds_n_publish"]["parameters"];
        assert_eq!(round["n"], "$response.body#/round");
    }

    #[test]
    fn integers_carry_the_bounds_of_their_types_and_paths_their_methods() {
        let doc = super::document_json();
        let bye = &doc["components"]["schemas"]["ApiBye"]["properties"];
        assert_eq!(bye["player"]["maximum"], 65_535, "{bye}");
        assert_eq!(bye["player"]["format"], "int32", "{bye}");
        assert_eq!(
            bye["round"]["maximum"], 99,
            "a bound of its own is kept: {bye}"
        );
        let rating = &doc["components"]["schemas"]["ApiPlayer"]["properties"]["fide_id"];
        assert_eq!(rating["maximum"], 99_999_999_999_u64, "{rating}");
        assert_eq!(
            super::allowed_methods("/api/v1/tournaments/x/rounds/3"),
            Some(vec!["DELETE", "GET", "HEAD", "PATCH"])
        );
        assert_eq!(
            super::allowed_methods("/api/v1/tournaments//rounds/3"),
            None
        );
        assert_eq!(super::allowed_methods("/api/v1/nothing"), None);
    }

    #[test]
    fn operation_ids_are_unique_and_read_from_the_path() {
        assert_eq!(
            super::operation_id("patch", "/api/v1/tournaments/{id}/players/{pn}"),
            "patch_tournaments_id_players_pn"
        );
        assert_eq!(
            super::operation_id("get", "/api/v1/openapi.json"),
            "get_openapi_json"
        );
        let doc = super::document_json();
        let mut ids = BTreeSet::new();
        for item in doc["paths"].as_object().unwrap().values() {
            for op in item.as_object().unwrap().values() {
                let id = op["operationId"].as_str().unwrap().to_owned();
                assert!(ids.insert(id.clone()), "{id} is used twice");
            }
        }
    }

    #[test]
    fn every_operation_documents_its_problems_and_guarded_ones_their_token() {
        let doc = super::document_json();
        assert_eq!(doc["openapi"], "3.1.0");
        assert!(doc["components"]["securitySchemes"]["bearer"].is_object());
        for (path, item) in doc["paths"].as_object().unwrap() {
            for (method, op) in item.as_object().unwrap() {
                let responses = op["responses"].as_object().unwrap();
                for code in ["400", "404"] {
                    assert!(
                        responses.contains_key(code),
                        "{method} {path} documents {code}"
                    );
                }
                if op
                    .get("security")
                    .is_some_and(|s| s != &serde_json::json!([]))
                {
                    assert!(
                        responses.contains_key("401"),
                        "{method} {path} documents 401"
                    );
                }
                if method != "get" {
                    assert!(
                        op.get("security").is_some(),
                        "{method} {path} says which token it needs"
                    );
                }
            }
        }
    }
}
