//! Adjourned games for arbiters (Laws of Chess, Appendix A.1-A.11), one page per game:
//! `/tournaments/{id}/games/{game}/adjourn`.
//!
//! - **Sealing** (A.1-A.3): the arbiter enters the envelope's information (A.2(a)-(g): the
//!   position before the sealed move from the game's moves or a FEN, the times used, the standing
//!   draw offer, the date, time and place of resumption; the sealer and move number are read from
//!   the position); the player having the move writes his move, reviews it and may change it
//!   until he confirms (A.1(a)). Drafts travel only in the form; nothing is stored until the
//!   confirmation, when the move is encrypted under the service's seal key
//!   ([`crate::config::SealKeySource`], never in the database) and the envelope is stored with its
//!   commitment; the game's result becomes `X`/`X` (TRF-2026: unknown). The page then shows the
//!   envelope with the commitment and never the move.
//! - **Resumption**: check-ins for the resumption (A.7, A.9, A.10); opening only with the replier
//!   recorded present (A.7), the move judged by the rules core (A.8(a)-(c), Art. 5, 6.9, 9.6);
//!   the replier's clock started in his absence (A.9(b)); a reply sealed in a new envelope when
//!   the sealer is absent (A.9(c)); lateness beyond the default time (A.10, exceptions (a)-(c));
//!   a draw agreed or a resignation before the resumption (A.4, A.6); a lost envelope (A.11).
//!
//! Every result is written through `arbiter_db::arbiter` with its article in the audit log.

mod decisions;
mod resumption;
mod sealing;

use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use arbiter_db::arbiter::{self as db, ArbiterError, EnvelopeRow, Session as Sitting};
use arbiter_db::models::GameRow;
use arbiter_db::{StoredTournament, UserRow};
use arbiter_tournament::Colour;
use arbiter_tournament::arbiter::adjournment::{
    Presence, ResumptionStart, SealedMoveVerdict, at_resumption, judge_move_in, judge_sealed_move,
};
use arbiter_tournament::arbiter::default_time::{CheckIns, DefaultTime};
use askama::Template;
use chrono::NaiveDateTime;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::arbiter_words::{self as words, colour};
use crate::auth::csrf_token;
use crate::board::board_svg;
use crate::error::WebError;
use crate::extract::{Arbiter, Staff, csrf_field};
use crate::l10n::{L10n, Msg};
use crate::respond::{bad, private};
use crate::state::{AppState, with_db};
use crate::views::{result_text, titled_name};
use crate::zone::Zone;
pub use decisions::{before, late, lost};
pub use resumption::{check_in, open, start_clock};
pub use sealing::seal;

/// An `arbiter_db::arbiter` error as the web service answers it.
pub(crate) fn arbiter_error(e: ArbiterError) -> WebError {
    match e {
        ArbiterError::NotFound(what) => WebError::missing(what),
        ArbiterError::Conflict { current } => WebError::Conflict {
            current: serde_json::to_value(&*current).unwrap_or_default(),
        },
        ArbiterError::Database(e) => e.into(),
        e => bad("envelope", crate::arbiter_words::arbiter_msg(&e)),
    }
}

/// `h:mm:ss` for a number of seconds.
fn clock(seconds: u32) -> String {
    format!(
        "{}:{:02}:{:02}",
        seconds / 3600,
        (seconds / 60) % 60,
        seconds % 60
    )
}

/// Reads a time used: `h:mm:ss`, `mm:ss` or seconds (A.2(c)).
fn parse_clock(field: &str, text: &str) -> Result<u32, WebError> {
    let t = text.trim();
    let parts: Vec<&str> = t.split(':').collect();
    let nums: Option<Vec<u32>> = parts
        .iter()
        .map(|p| arbiter_tournament::typed::parse_typed(p))
        .collect();
    let wrong = || bad(field, Msg::new("adj-bad-time-used").ltr("value", t));
    let nums = nums.filter(|_| !t.is_empty()).ok_or_else(wrong)?;
    let secs = match nums.as_slice() {
        [s] => Some(*s),
        [m, s] if *s < 60 => m.checked_mul(60).and_then(|m| m.checked_add(*s)),
        [h, m, s] if *m < 60 && *s < 60 => {
            h.checked_mul(3600).and_then(|h| h.checked_add(m * 60 + s))
        }
        _ => None,
    };
    secs.ok_or_else(wrong)
}

/// Reads a date and time (`YYYY-MM-DDTHH:MM` as browsers send it, or with a space, seconds
/// optional) in the tournament's time zone; returns the UTC instant.
fn parse_when(zone: Zone, field: &str, text: &str) -> Result<NaiveDateTime, WebError> {
    let t = text.trim();
    [
        "%Y-%m-%dT%H:%M",
        "%Y-%m-%dT%H:%M:%S",
        "%Y-%m-%d %H:%M",
        "%Y-%m-%d %H:%M:%S",
    ]
    .iter()
    .find_map(|f| NaiveDateTime::parse_from_str(t, f).ok())
    .ok_or_else(|| {
        bad(
            field,
            Msg::new("adj-bad-when")
                .ltr("value", t)
                .ltr("zone", zone.name()),
        )
    })
    .and_then(|local| zone.to_utc(field, local))
}

/// A UTC instant in the tournament's time zone, named.
fn when_text(zone: Zone, t: NaiveDateTime) -> String {
    format!("{} {}", zone.show(t, "%Y-%m-%d %H:%M"), zone.name())
}

/// A UTC instant in the tournament's time zone, named, in the reader's digits and left to right.
fn when_in(l: &L10n, zone: Zone, t: NaiveDateTime) -> String {
    l.ltr(&format!(
        "{} {}",
        l.digits(&zone.show(t, "%Y-%m-%d %H:%M")),
        zone.name()
    ))
}

fn colour_of(field: &str, text: &str) -> Result<Option<Colour>, WebError> {
    match text.trim() {
        "" | "none" => Ok(None),
        "w" | "white" => Ok(Some(Colour::White)),
        "b" | "black" => Ok(Some(Colour::Black)),
        other => Err(bad(
            field,
            Msg::new("adj-bad-colour-none").ltr("value", other),
        )),
    }
}

fn colour_value(c: Colour) -> &'static str {
    match c {
        Colour::White => "w",
        Colour::Black => "b",
    }
}

/// The seal form's fields (A.2(a)-(g) and the sealed move), kept as typed while the sealer
/// reviews or changes his move (A.1(a)).
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
pub struct SealForm {
    /// The game's moves so far (PGN or plain moves, any notation the rules core reads).
    #[serde(default)]
    pub moves: String,
    /// A FEN: the starting position of `moves`, or the position itself when `moves` is empty.
    #[serde(default)]
    pub fen: String,
    /// A.2(c): White's time used (`h:mm:ss`, `mm:ss` or seconds).
    #[serde(default)]
    pub white_time: String,
    /// A.2(c): Black's time used.
    #[serde(default)]
    pub black_time: String,
    /// A.2(f): `w`, `b` or empty.
    #[serde(default)]
    pub draw_offer: String,
    /// A.2(g): when play resumes (`YYYY-MM-DDTHH:MM`, UTC).
    #[serde(default)]
    pub resumption_at: String,
    /// A.2(g): where.
    #[serde(default)]
    pub place: String,
    /// The sealed move as the sealer wrote it (A.1(a)): in the form only, never stored unsealed.
    #[serde(default)]
    pub sealed_move: String,
    /// `review`, `change` or `confirm`.
    #[serde(default)]
    pub step: String,
    /// The session's CSRF token.
    #[serde(default)]
    pub csrf: String,
}

/// An envelope as the page shows it: never the move before opening.
struct EnvelopeView {
    id: String,
    state: String,
    /// "Envelope n (sealed)".
    heading: String,
    /// The times used, in a sentence.
    times: String,
    /// The sealer and the move number.
    sealed_by: String,
    /// The label of the button that opens it.
    open_label: String,
    /// The label of the button that starts the replier's clock.
    clock_label: String,
    position_fen: String,
    draw_offer: String,
    resumption: String,
    commitment: String,
    sealed: String,
    opened: String,
    revealed: String,
    salt: String,
    /// The position before the sealed move as an SVG diagram: set up on the board before the
    /// resumption (A.5). Empty when the stored position cannot be read.
    diagram: String,
    /// Once opened, the position after a legal sealed move, the move tinted (A.9(a): it is made
    /// on the board); empty otherwise.
    diagram_after: String,
}

/// The diagrams of an envelope: before the sealed move (A.5) and, once `revealed`, after it
/// when it is legal (A.9(a)).
fn envelope_diagrams(row: &EnvelopeRow, sealer: Colour, l: &L10n) -> (String, String) {
    let Ok(pos) = arbiter_rules::Position::from_fen(&row.position_fen) else {
        return (String::new(), String::new());
    };
    let before = board_svg(
        pos.board(),
        &l.ta("adj-diagram-before", &[("n", l.int(row.move_number))]),
        None,
    );
    let after = match row.revealed_move.as_deref() {
        Some(text) => match judge_move_in(&pos, sealer, text) {
            SealedMoveVerdict::Legal {
                mv,
                san,
                position_after,
                ..
            } => board_svg(
                position_after.board(),
                &l.ta(
                    "adj-diagram-after",
                    &[("n", l.int(row.move_number)), ("move", l.ltr(&san))],
                ),
                Some((mv.from(), mv.to())),
            ),
            SealedMoveVerdict::Defective { .. } => String::new(),
        },
        None => String::new(),
    };
    (before, after)
}

impl EnvelopeView {
    fn of(row: &EnvelopeRow, zone: Zone, l: &L10n) -> EnvelopeView {
        let sealer_colour = if row.sealer == "w" {
            Colour::White
        } else {
            Colour::Black
        };
        let sealer = colour(l, sealer_colour);
        let replier = colour(l, sealer_colour.opposite());
        let secs = |v: i32| words::time(l, &clock(u32::try_from(v).unwrap_or_default()));
        let (diagram, diagram_after) = envelope_diagrams(row, sealer_colour, l);
        let seq = l.int(row.seq);
        let times = [
            ("white", secs(row.white_time_used)),
            ("black", secs(row.black_time_used)),
        ];
        EnvelopeView {
            diagram,
            diagram_after,
            id: row.id.clone(),
            state: row.state.clone(),
            heading: l.ta(
                "adj-envelope",
                &[
                    ("n", seq.clone()),
                    ("state", l.m(&words::envelope_state_msg(&row.state))),
                ],
            ),
            times: l.ta(
                if row.state == "sealed" {
                    "adj-times-set"
                } else {
                    "adj-times"
                },
                &times,
            ),
            sealed_by: l.ta(
                "adj-sealer-move",
                &[("colour", sealer), ("n", l.int(row.move_number))],
            ),
            open_label: l.ta("adj-open", &[("n", seq), ("colour", replier.clone())]),
            clock_label: l.ta("adj-start-clock", &[("colour", replier)]),
            position_fen: row.position_fen.clone(),
            draw_offer: l.t(match row.draw_offer.as_deref() {
                Some("w") => "adj-offer-white",
                Some("b") => "adj-offer-black",
                _ => "adj-offer-none",
            }),
            resumption: l.ta(
                "adj-resumption-at",
                &[
                    ("at", when_in(l, zone, row.resumption_at)),
                    ("place", l.data(&row.resumption_place)),
                ],
            ),
            commitment: row.commitment.clone(),
            sealed: l.ta(
                "adj-when-by",
                &[
                    ("at", when_in(l, zone, row.sealed_at)),
                    ("actor", l.data(&row.sealed_by)),
                ],
            ),
            opened: row
                .opened_at
                .map(|t| {
                    l.ta(
                        "adj-when-by",
                        &[
                            ("at", when_in(l, zone, t)),
                            ("actor", l.data(row.opened_by.as_deref().unwrap_or("?"))),
                        ],
                    )
                })
                .unwrap_or_default(),
            revealed: row.revealed_move.clone().unwrap_or_default(),
            salt: row.salt.clone().unwrap_or_default(),
        }
    }
}

#[derive(Template)]
#[template(path = "adjourn.html")]
struct AdjournPage {
    l: L10n,
    /// The page's heading (round and board).
    heading: String,
    /// The players and the result in a line.
    players: String,
    /// The players, for the title.
    versus: String,
    /// The resumption's check-ins in a sentence.
    check_ins: String,
    /// The label of the arrival time field (with the zone).
    arrived_label: String,
    /// The label of the resumption field (with the zone).
    resumption_label: String,
    /// The label of the default-time button (A.10).
    late_label: String,
    id: String,
    name: String,
    game: String,
    csrf: String,
    message: String,
    envelopes: Vec<EnvelopeView>,
    /// The latest envelope still sealed, if any.
    pending: Option<EnvelopeView>,
    /// What A.9 says now for the pending envelope.
    resumption_note: String,
    /// Whether a new envelope may be sealed (the game has no result, or is adjourned with no
    /// envelope pending).
    can_seal: bool,
    form: SealForm,
}

#[derive(Template)]
#[template(path = "adjourn_review.html")]
struct ReviewPage {
    l: L10n,
    /// The players in a line.
    players: String,
    /// What the review says before the envelope.
    intro: String,
    /// The sealer and the move number.
    sealed_by: String,
    /// The times used, in a sentence.
    times: String,
    id: String,
    name: String,
    game: String,
    csrf: String,
    position_fen: String,
    draw_offer: String,
    resumption: String,
    form: SealForm,
}

/// Everything a page or action needs about one game.
struct Context {
    user: UserRow,
    stored: StoredTournament,
    game: GameRow,
    envelopes: Vec<EnvelopeRow>,
    check_ins: CheckIns,
    /// The tournament's time zone: the page's times are in it.
    zone: Zone,
}

impl Context {
    /// A player's name as the page shows it: isolated in a right-to-left page.
    fn shown(&self, pn: i32, l: &L10n) -> String {
        l.data(&self.name(pn))
    }

    fn name(&self, pn: i32) -> String {
        u16::try_from(pn)
            .ok()
            .and_then(|pn| self.stored.tournament.player(pn))
            .map_or_else(|| format!("#{pn}"), titled_name)
    }

    fn pending(&self) -> Option<&EnvelopeRow> {
        self.envelopes.last().filter(|e| e.state == "sealed")
    }

    fn default_time(&self) -> DefaultTime {
        self.stored
            .default_time_minutes
            .map_or_else(DefaultTime::default, |minutes| DefaultTime { minutes })
    }
}

async fn context(
    state: &AppState,
    user: UserRow,
    id: Uuid,
    game: Uuid,
) -> Result<Context, WebError> {
    let (stored, row, envelopes, check_ins) = with_db(state, move |c| {
        let stored = arbiter_db::load_tournament(c, id)?;
        let row = arbiter_db::game(c, game)?;
        let envelopes = db::game_envelopes(c, game)?;
        let ins = db::check_ins_for(c, game, Sitting::Resumption)?;
        Ok((stored, row, envelopes, ins))
    })
    .await?;
    let stored = stored.ok_or_else(|| WebError::no_tournament(id))?;
    let row = row
        .filter(|g| g.tournament_id == id.to_string())
        .ok_or_else(|| WebError::no_game(game))?;
    Ok(Context {
        user,
        zone: Zone::of_tournament(&stored),
        stored,
        game: row,
        envelopes,
        check_ins,
    })
}

/// The seal form's starting values: for a reply under A.9(c) (the latest envelope opened, its
/// move legal and the game going on), the position after the sealed move and the same
/// resumption; else empty.
fn form_defaults(ctx: &Context) -> SealForm {
    let mut form = SealForm::default();
    if let Some(last) = ctx.envelopes.last().filter(|e| e.state == "opened") {
        if let (Ok(env), Some(text)) = (last.to_envelope(), last.revealed_move.as_deref()) {
            if let Ok(SealedMoveVerdict::Legal {
                position_after,
                ends: None,
                ..
            }) = judge_sealed_move(&env.info, text)
            {
                form.fen = position_after.fen();
                form.white_time = clock(env.info.white_time_used);
                form.black_time = clock(env.info.black_time_used);
                form.draw_offer = env
                    .info
                    .draw_offer
                    .map(|c| colour_value(c).to_owned())
                    .unwrap_or_default();
                form.resumption_at = ctx.zone.field(env.info.resumption.at);
                form.place.clone_from(&env.info.resumption.place);
            }
        }
    }
    form
}

fn resumption_note(ctx: &Context, now: NaiveDateTime, l: &L10n) -> String {
    let Some(row) = ctx.pending() else {
        return String::new();
    };
    let Ok(env) = row.to_envelope() else {
        return String::new();
    };
    let info = &env.info;
    if now < info.resumption.at {
        return l.ta(
            "adj-note-before",
            &[
                ("at", when_in(l, ctx.zone, info.resumption.at)),
                ("place", l.data(&info.resumption.place)),
                ("colour", colour(l, info.replier())),
            ],
        );
    }
    let here = |c: Colour| ctx.check_ins.of(c).is_some_and(|t| t <= now);
    let presence = Presence {
        sealer: here(info.sealer),
        replier: here(info.replier()),
    };
    match at_resumption(info, presence) {
        ResumptionStart::OpenAndPlay => l.ta(
            "adj-note-open-play",
            &[("colour", colour(l, info.replier()))],
        ),
        ResumptionStart::OpenReplierMaySeal => l.ta(
            "adj-note-replier-may-seal",
            &[
                ("replier", colour(l, info.replier())),
                ("sealer", colour(l, info.sealer)),
            ],
        ),
        ResumptionStart::ReplierClockRuns { running, since } => l.ta(
            "adj-note-clock-runs",
            &[
                ("colour", colour(l, running)),
                ("since", when_in(l, ctx.zone, since)),
                ("minutes", l.int(ctx.default_time().minutes)),
            ],
        ),
    }
}

fn render(
    req: &HttpRequest,
    session: &Session,
    ctx: &Context,
    message: &Msg,
    form: Option<SealForm>,
    status: StatusCode,
) -> Result<HttpResponse, WebError> {
    let g = &ctx.game;
    let result = g.result()?;
    let adjourned = ctx.envelopes.is_empty()
        && result.white == arbiter_tournament::ResultCode::Blank
        && result.black == arbiter_tournament::ResultCode::Blank;
    let reply = ctx.envelopes.last().is_some_and(|e| e.state == "opened")
        && result.white == arbiter_tournament::ResultCode::Unknown;
    let now = arbiter_db::audit::now();
    let l = L10n::negotiate(req);
    let arrival = |c: Colour| {
        ctx.check_ins
            .of(c)
            .map(|t| when_in(&l, ctx.zone, t))
            .unwrap_or_default()
    };
    let (white_in, black_in) = (arrival(Colour::White), arrival(Colour::Black));
    let or_not_yet = |s: &String| {
        if s.is_empty() {
            l.t("adj-not-yet")
        } else {
            s.clone()
        }
    };
    let zone_name = l.ltr(ctx.zone.name());
    let round = l.int(g.round);
    let result = words::result(&l, &result_text(&result));
    let mut players = l.ta(
        "adj-players",
        &[
            ("white", ctx.shown(g.white, &l)),
            ("black", ctx.shown(g.black, &l)),
        ],
    );
    if !result.is_empty() {
        players.push_str(" · ");
        players.push_str(&l.ta("adj-with-result", &[("result", result.clone())]));
    }
    let versus = format!("{} – {}", ctx.shown(g.white, &l), ctx.shown(g.black, &l));
    let page = AdjournPage {
        heading: match g.board {
            Some(b) => l.ta(
                "adj-heading-board",
                &[("round", round), ("board", l.int(b))],
            ),
            None => l.ta("adj-heading", &[("round", round)]),
        },
        players,
        versus,
        check_ins: l.ta(
            "adj-check-ins",
            &[
                ("white", or_not_yet(&white_in)),
                ("black", or_not_yet(&black_in)),
            ],
        ),
        arrived_label: l.ta("adj-arrived-at", &[("zone", zone_name.clone())]),
        resumption_label: l.ta("adj-resumption-label", &[("zone", zone_name)]),
        late_label: l.ta(
            "adj-late",
            &[("minutes", l.int(ctx.default_time().minutes))],
        ),
        id: g.tournament_id.clone(),
        name: ctx.stored.tournament.name.clone().unwrap_or_default(),
        game: g.id.clone(),
        csrf: csrf_token(session)?,
        message: l.m(message),
        envelopes: ctx
            .envelopes
            .iter()
            .map(|e| EnvelopeView::of(e, ctx.zone, &l))
            .collect(),
        pending: ctx.pending().map(|e| EnvelopeView::of(e, ctx.zone, &l)),
        resumption_note: resumption_note(ctx, now, &l),
        can_seal: adjourned || reply,
        form: form.unwrap_or_else(|| form_defaults(ctx)),
        l,
    };
    private(&page, status)
}

/// `GET /tournaments/{id}/games/{game}/adjourn`: the game's envelopes (commitment shown, the
/// move only once opened), the resumption check-ins and the forms of Appendix A.
///
/// # Errors
/// [`WebError::Unauthorized`], [`WebError::Forbidden`] (not an arbiter or organizer),
/// [`WebError::NotFound`].
pub async fn adjourn_page(
    state: web::Data<AppState>,
    req: HttpRequest,
    session: Session,
    path: web::Path<(Uuid, Uuid)>,
    staff: Staff<Arbiter>,
) -> Result<HttpResponse, WebError> {
    let (id, game) = path.into_inner();
    let ctx = context(&state, staff.user.clone(), id, game).await?;
    render(&req, &session, &ctx, &Msg::plain(""), None, StatusCode::OK)
}

csrf_field!(SealForm);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_used_read_as_arbiters_write_them() {
        assert_eq!(parse_clock("t", "1:02:03").unwrap(), 3723);
        assert_eq!(parse_clock("t", "45:10").unwrap(), 2710);
        assert_eq!(parse_clock("t", "90").unwrap(), 90);
        assert!(parse_clock("t", "1:75").is_err());
        assert!(parse_clock("t", "").is_err());
        assert_eq!(clock(3723), "1:02:03");
    }
}
