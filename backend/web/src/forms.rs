//! The forms and query strings that more than one topic reads: the tournament's settings (the
//! organizer's pages and `POST`/`PUT /api/v1/tournaments`), a player's registration (the form
//! and the API), the multipart upload of a TRF or CSV file (registration and import), the
//! `?after=` round of public pages, and a form that carries only its CSRF token. Each checks its
//! fields and names the field in its error (`400`).

use actix_multipart::form::MultipartForm;
use actix_multipart::form::bytes::Bytes as UploadBytes;
use actix_multipart::form::text::Text;
use arbiter_db::models::{TournamentChanges, date_text, scoring_json};
use arbiter_tournament::input::{
    EventName, InputError, PartialDate, PlayerName, ShortText, TiebreakList,
};
use arbiter_tournament::tiebreak::Edition;
use arbiter_tournament::{
    Colour, PairingSystem, Player, Points, ScoringProblem, ScoringSystem, Title, Tournament,
};
use chrono::NaiveDateTime;
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};

use crate::error::{WebError, invalid};
use crate::extract::csrf_field;
use crate::l10n::Msg;
use crate::respond::{bad, number, seen_token, text};

/// The create-tournament form.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct TournamentForm {
    /// Name (required).
    #[serde(default)]
    pub name: String,
    /// City.
    #[serde(default)]
    pub city: String,
    /// Start date, `YYYY-MM-DD`.
    #[serde(default)]
    pub start_date: String,
    /// End date, `YYYY-MM-DD`.
    #[serde(default)]
    pub end_date: String,
    /// Rounds planned, 1-99.
    #[serde(default)]
    pub rounds_planned: String,
    /// Time control, free text.
    #[serde(default)]
    pub time_control: String,
    /// Default time (Art. 6.7), minutes, 0-600.
    #[serde(default)]
    pub default_time_minutes: String,
    /// Tie-breaks, C.07 codes separated by commas (empty: the FIDE default).
    #[serde(default)]
    pub tiebreaks: String,
    /// C.07 edition: `2024` or `2026` (empty: the one in force at the start).
    #[serde(default)]
    pub tiebreak_edition: String,
    /// The pairing system, a TRF-2026 `192` code of
    /// [`arbiter_tournament::PairingSystem::ALL`] (empty: the FIDE Dutch system).
    #[serde(default)]
    pub pairing_system: String,
    /// The session's CSRF token.
    #[serde(default)]
    pub csrf: String,
    /// The CLDR calendar the form's dates are typed in besides ISO (`persian`,
    /// `islamic-umalqura`; empty or `gregory`: ISO only), set by the page the reader saw.
    #[serde(default)]
    pub calendar: String,
}

impl TournamentForm {
    /// The fields the create form shows: a refusal naming one stands beside it
    /// ([`crate::error::FormError`]).
    pub const FIELDS: [&'static str; 10] = [
        "name",
        "city",
        "start_date",
        "end_date",
        "pairing_system",
        "rounds_planned",
        "time_control",
        "default_time_minutes",
        "tiebreaks",
        "tiebreak_edition",
    ];

    /// The tournament the form describes, or the first bad field.
    ///
    /// # Errors
    /// [`WebError::BadRequest`] naming the field.
    pub fn to_model(&self) -> Result<(Tournament, Option<u32>), WebError> {
        let name = match EventName::new(&self.name) {
            Ok(n) => n.into_string(),
            Err(InputError::Empty) => return Err(bad("name", Msg::new("bad-tournament-name"))),
            Err(e) => return Err(invalid("name", &e)),
        };
        let short = |field: &str, v: &str| {
            ShortText::optional(v)
                .map(|t| t.map(ShortText::into_string))
                .map_err(|e| invalid(field, &e))
        };
        // A date in the reader's calendar, or ISO with reduced precision (`2005-07`, `2005`:
        // what the API and a tournament imported with a partial date send back).
        let date = |field: &str, v: &str| -> Result<Option<PartialDate>, WebError> {
            let Some(t) = text(v) else { return Ok(None) };
            if let Some(d) = crate::l10n::date_in_calendar(&self.calendar, &t) {
                return Ok(Some(d.into()));
            }
            PartialDate::parse_iso(&t).map(Some).map_err(|_| {
                bad(
                    field,
                    if matches!(self.calendar.as_str(), "" | "gregory") {
                        Msg::new("bad-date").ltr("value", t.clone())
                    } else {
                        Msg::new("bad-date-calendar").ltr("value", t.clone())
                    },
                )
            })
        };
        let start = date("start_date", &self.start_date)?;
        let end = date("end_date", &self.end_date)?;
        if let (Some(s), Some(e)) = (start, end) {
            if e.last_day() < s.first_day() {
                return Err(bad("end_date", Msg::new("bad-end-before-start")));
            }
        }
        let list = match text(&self.tiebreaks) {
            None => None,
            Some(t) => Some(TiebreakList::parse(&t).map_err(|e| invalid("tiebreaks", &e))?),
        };
        let edition = match text(&self.tiebreak_edition) {
            None => None,
            Some(e) => match Edition::parse(&e) {
                Some(Edition::E2024 | Edition::E2026) => Some(e),
                _ => return Err(bad("tiebreak_edition", Msg::new("bad-tiebreak-edition"))),
            },
        };
        let system = match text(&self.pairing_system) {
            None => PairingSystem::ALL[0].0,
            Some(code) => PairingSystem::from_name(&code).ok_or_else(|| {
                bad(
                    "pairing_system",
                    Msg::new("bad-pairing-system")
                        .ltr("value", code.clone())
                        .ltr("accepted", PairingSystem::accepted_names().join(", ")),
                )
            })?,
        };
        // VCL4THP.13 Q105: the Buchholz family is not for a round robin.
        if let (PairingSystem::RoundRobin { .. }, Some(tb)) = (
            system,
            list.as_ref().and_then(TiebreakList::buchholz_family),
        ) {
            return Err(bad(
                "tiebreaks",
                Msg::new("bad-tiebreak-round-robin").ltr("code", tb.to_string()),
            ));
        }
        let tiebreaks = list.map(|l| l.to_string());
        let t = Tournament {
            name: Some(name),
            pairing_system: Some(system.code().to_owned()),
            city: short("city", &self.city)?,
            start_date: start,
            end_date: end,
            tournament_type: Some(
                match system {
                    PairingSystem::Dutch(_) => "Individual: Swiss-System",
                    PairingSystem::RoundRobin { .. } => "Individual: Round-Robin",
                }
                .into(),
            ),
            rounds_planned: number("rounds_planned", &self.rounds_planned, 1u16, 99)?,
            time_control: short("time_control", &self.time_control)?,
            tiebreaks,
            tiebreak_edition: edition,
            ..Tournament::default()
        };
        let minutes = number(
            "default_time_minutes",
            &self.default_time_minutes,
            0u32,
            600,
        )?;
        Ok((t, minutes))
    }
}

/// The edit-tournament form: the create form's fields and the pairing system, initial colour,
/// scoring and round schedule.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct EditForm {
    /// The fields the create form has.
    #[serde(flatten)]
    pub base: TournamentForm,
    /// `white` or `black`: the colour of the first player in round 1 (C.04.3 E.5, by lot).
    #[serde(default)]
    pub initial_colour: String,
    /// Points for a win, a draw, a loss (Art. 11; `1`, `0.5`, `0` by default).
    #[serde(default)]
    pub win: String,
    /// Points for a draw.
    #[serde(default)]
    pub draw: String,
    /// Points for a loss.
    #[serde(default)]
    pub loss: String,
    /// Points for the pairing-allocated bye (C.04.1; a win's by default).
    #[serde(default)]
    pub pab: String,
    /// The chief arbiter.
    #[serde(default)]
    pub chief_arbiter: String,
    /// Pairing while a game is adjourned (Appendix A): `wait` (the default) or `provisional`
    /// (the adjourned game counts as a draw, TRF-2026 `X`).
    #[serde(default)]
    pub adjourned_pairing: String,
    /// The time zone the pages show and take times in (an IANA name such as
    /// `Europe/Amsterdam`; empty: UTC).
    #[serde(default)]
    pub time_zone: String,
    /// The language of the public pages for readers who have not chosen one (`en`, `fa`,
    /// `ar`; empty: the reader's browser decides).
    #[serde(default)]
    pub language: String,
    /// The tournament's last change when the form was shown.
    #[serde(default)]
    pub seen: String,
    /// `yes`: the organizer confirms a change of a guarded setting after the start (the
    /// rounds, pairing system, scoring, tie-breaks; `settings_guard`).
    #[serde(default)]
    pub confirm: String,
}

impl EditForm {
    /// The fields the settings form shows: the create form's and its own
    /// ([`crate::error::FormError`]).
    pub const FIELDS: [&'static str; 20] = [
        "name",
        "city",
        "start_date",
        "end_date",
        "chief_arbiter",
        "pairing_system",
        "rounds_planned",
        "initial_colour",
        "win",
        "draw",
        "loss",
        "pab",
        "adjourned_pairing",
        "time_control",
        "default_time_minutes",
        "time_zone",
        "language",
        "tiebreaks",
        "tiebreak_edition",
        "confirm",
    ];

    pub(crate) fn of(
        stored: &arbiter_db::StoredTournament,
        seen: NaiveDateTime,
        provisional: bool,
    ) -> EditForm {
        let t = &stored.tournament;
        let minutes = stored.default_time_minutes;
        let date = |d: &Option<PartialDate>| d.map(|d| d.to_string()).unwrap_or_default();
        EditForm {
            base: TournamentForm {
                name: t.name.clone().unwrap_or_default(),
                city: t.city.clone().unwrap_or_default(),
                start_date: date(&t.start_date),
                end_date: date(&t.end_date),
                rounds_planned: t.rounds_planned.map(|r| r.to_string()).unwrap_or_default(),
                time_control: t.time_control.clone().unwrap_or_default(),
                default_time_minutes: minutes.map(|m| m.to_string()).unwrap_or_default(),
                tiebreaks: t.tiebreaks.clone().unwrap_or_default(),
                tiebreak_edition: t.tiebreak_edition.clone().unwrap_or_default(),
                pairing_system: t.system().code().to_owned(),
                csrf: String::new(),
                calendar: String::new(),
            },
            initial_colour: match t.initial_colour {
                Some(Colour::Black) => "black".into(),
                _ => "white".into(),
            },
            win: t.scoring.win.to_string(),
            draw: t.scoring.draw.to_string(),
            loss: t.scoring.loss.to_string(),
            pab: t.scoring.pab.to_string(),
            chief_arbiter: t.chief_arbiter.clone().unwrap_or_default(),
            adjourned_pairing: if provisional { "provisional" } else { "wait" }.into(),
            time_zone: stored.time_zone.clone().unwrap_or_else(|| "UTC".into()),
            language: stored.language.clone().unwrap_or_default(),
            seen: seen_token(seen),
            confirm: String::new(),
        }
    }

    /// The language of the public pages the form asks for (`None`: the reader's browser
    /// decides).
    ///
    /// # Errors
    /// [`WebError::BadRequest`] naming `language` when it is not a language of the interface.
    pub fn language(&self) -> Result<Option<String>, WebError> {
        match self.language.trim() {
            "" => Ok(None),
            code => crate::l10n::Lang::all()
                .find(|l| l.code() == code)
                .map(|l| Some(l.code().to_owned()))
                .ok_or_else(|| bad("language", Msg::new("bad-language").ltr("value", code))),
        }
    }

    /// The time zone the form asks for (`None`: UTC).
    ///
    /// # Errors
    /// [`WebError::BadRequest`] naming `time_zone` when it is not an IANA zone name.
    pub fn time_zone(&self) -> Result<Option<String>, WebError> {
        crate::zone::Zone::parse("time_zone", &self.time_zone)
    }

    /// The changes the form asks for.
    ///
    /// # Errors
    /// [`WebError::BadRequest`] naming the first bad field.
    pub fn changes(&self) -> Result<TournamentChanges, WebError> {
        let (t, minutes) = self.base.to_model()?;
        let adjourned = match self.adjourned_pairing.trim() {
            "" | "wait" => "wait",
            "provisional" => "provisional",
            _ => return Err(bad("adjourned_pairing", Msg::new("bad-adjourned-pairing"))),
        };
        let colour = match self.initial_colour.trim() {
            "" | "white" => "w",
            "black" => "b",
            _ => return Err(bad("initial_colour", Msg::new("bad-white-or-black"))),
        };
        let points = |field: &str, v: &str, default: Points| -> Result<Points, WebError> {
            match text(v) {
                None => Ok(default),
                Some(t) => Points::parse(&arbiter_tournament::typed::latin_number(&t))
                    .ok()
                    .filter(|p| p.tenths() <= 100)
                    .ok_or_else(|| bad(field, Msg::new("bad-score").ltr("value", t.clone()))),
            }
        };
        let win = points("win", &self.win, Points::ONE)?;
        let draw = points("draw", &self.draw, Points::HALF)?;
        let loss = points("loss", &self.loss, Points::ZERO)?;
        let mut scoring = ScoringSystem::from_main(win, draw, loss);
        scoring.pab = points("pab", &self.pab, win)?;
        // VCL4THP.13 questions 74, 81, 83: what FIDE's checklist refuses in a scoring system.
        scoring.check().map_err(|problem| match problem {
            ScoringProblem::Order => bad("draw", Msg::new("bad-score-order")),
            ScoringProblem::DrawAboveHalf => bad("draw", Msg::new("bad-score-draw-above-half")),
            ScoringProblem::PabAboveWin => bad("pab", Msg::new("bad-score-pab-above-win")),
            ScoringProblem::PabNotAResult => bad("pab", Msg::new("bad-score-pab-standard")),
        })?;
        if let Some(e) = &t.tiebreak_edition {
            if Edition::parse(e).is_none() {
                return Err(bad("tiebreak_edition", Msg::new("bad-tiebreak-edition")));
            }
        }
        Ok(TournamentChanges {
            name: Some(t.name),
            city: Some(t.city),
            start_date: Some(date_text(t.start_date)),
            end_date: Some(date_text(t.end_date)),
            chief_arbiter: Some(
                ShortText::optional(&self.chief_arbiter)
                    .map_err(|e| invalid("chief_arbiter", &e))?
                    .map(ShortText::into_string),
            ),
            time_control: Some(t.time_control),
            rounds_planned: Some(t.rounds_planned.map(i32::from)),
            initial_colour: Some(Some(colour.to_owned())),
            scoring: Some(scoring_json(&scoring)?),
            pairing_system: Some(t.pairing_system),
            tiebreaks: Some(t.tiebreaks),
            tiebreak_edition: Some(t.tiebreak_edition),
            default_time_minutes: Some(
                minutes
                    .map(i32::try_from)
                    .transpose()
                    .map_err(|_| bad("default_time_minutes", Msg::new("bad-too-large")))?,
            ),
            adjourned_pairing: Some(Some(adjourned.to_owned())),
            updated_at: None,
        })
    }
}

/// A tournament's settings as JSON: every field optional; numbers as numbers.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ApiSettings {
    /// Name (required when creating and replacing; never `null`: it cannot be cleared).
    #[serde(default)]
    #[schema(pattern = r"\S", nullable = false)]
    pub name: Option<String>,
    /// City.
    #[serde(default)]
    pub city: Option<String>,
    /// Start date, ISO 8601: `YYYY-MM-DD`, or `YYYY-MM` or `YYYY` when only partly known.
    #[serde(default)]
    #[schema(
        pattern = r"^[0-9]{4}(-[0-9]{2}(-[0-9]{2})?)?$",
        example = "2026-05-01"
    )]
    pub start_date: Option<String>,
    /// End date, ISO 8601 as the start date.
    #[serde(default)]
    #[schema(
        pattern = r"^[0-9]{4}(-[0-9]{2}(-[0-9]{2})?)?$",
        example = "2026-05-09"
    )]
    pub end_date: Option<String>,
    /// Rounds planned, 1-99.
    #[serde(default)]
    #[schema(minimum = 1, maximum = 99)]
    pub rounds_planned: Option<u16>,
    /// A TRF-2026 `192` code: `FIDE_DUTCH_2025` (the default), `FIDE_DUTCH`,
    /// `FIDE_ROUNDROBIN`, `FIDE_DOUBLE_ROUNDROBIN`.
    #[serde(default)]
    pub pairing_system: Option<String>,
    /// Time control, free text.
    #[serde(default)]
    pub time_control: Option<String>,
    /// Default time (Art. 6.7), minutes, 0-600.
    #[serde(default)]
    #[schema(maximum = 600)]
    pub default_time_minutes: Option<u32>,
    /// Tie-breaks, C.07 codes separated by commas.
    #[serde(default)]
    pub tiebreaks: Option<String>,
    /// C.07 edition, `2024` or `2026`.
    #[serde(default)]
    #[schema(pattern = "^(2024|2026)?$")]
    pub tiebreak_edition: Option<String>,
    /// Settings only: `white` or `black`, the first player's colour in round 1.
    #[serde(default)]
    #[schema(pattern = "^(white|black)?$")]
    pub initial_colour: Option<String>,
    /// Settings only: points for a win (Art. 11), as text (`"1"`, `"3"`).
    #[serde(default)]
    pub win: Option<String>,
    /// Settings only: points for a draw.
    #[serde(default)]
    pub draw: Option<String>,
    /// Settings only: points for a loss.
    #[serde(default)]
    pub loss: Option<String>,
    /// Settings only: points for the pairing-allocated bye.
    #[serde(default)]
    pub pab: Option<String>,
    /// Settings only: the chief arbiter.
    #[serde(default)]
    pub chief_arbiter: Option<String>,
    /// Settings only: `wait` (the default) or `provisional`: pairing while a game is adjourned
    /// (Appendix A; the adjourned game counted as a draw, TRF-2026 `X`).
    #[serde(default)]
    #[schema(pattern = "^(wait|provisional)?$")]
    pub adjourned_pairing: Option<String>,
    /// Settings only: the time zone the pages show and take times in (an IANA name such as
    /// `Europe/Amsterdam`; absent: UTC). The API's times are UTC whatever it is.
    #[serde(default)]
    pub time_zone: Option<String>,
    /// Settings only: the tournament's `updated_at` as read (a change since gets `409`).
    #[serde(default)]
    #[schema(value_type = Option<String>, example = "2026-11-26T18:30:00.123456", pattern = r"^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|1[0-9]|2[0-8])T([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](\.[0-9]{1,9})?$")]
    pub seen: Option<NaiveDateTime>,
    /// `true`: confirms a change, once a round is paired, of the number of rounds, the pairing
    /// system, the scoring or the PAB's points, the tie-break list or its edition (FIDE's
    /// checklist, VCL4THP.13 Q58, Q75, Q201); without it such a change is refused naming
    /// `confirm`, and with it each change is recorded as a `###` line of the TRF export.
    #[serde(default)]
    pub confirm: Option<bool>,
}

impl ApiSettings {
    /// The create form with these values (an absent field empty).
    pub(crate) fn form(&self) -> TournamentForm {
        let s = |v: &Option<String>| v.clone().unwrap_or_default();
        let n = |v: Option<u32>| v.map(|x| x.to_string()).unwrap_or_default();
        TournamentForm {
            name: s(&self.name),
            city: s(&self.city),
            start_date: s(&self.start_date),
            end_date: s(&self.end_date),
            rounds_planned: n(self.rounds_planned.map(u32::from)),
            time_control: s(&self.time_control),
            default_time_minutes: n(self.default_time_minutes),
            tiebreaks: s(&self.tiebreaks),
            tiebreak_edition: s(&self.tiebreak_edition),
            pairing_system: s(&self.pairing_system),
            csrf: String::new(),
            calendar: String::new(),
        }
    }
}

impl ApiSettings {
    /// The settings page's form with these values (an absent field empty, as on the page).
    pub(crate) fn edit_form(&self) -> EditForm {
        let s = |v: &Option<String>| v.clone().unwrap_or_default();
        EditForm {
            base: self.form(),
            initial_colour: s(&self.initial_colour),
            win: s(&self.win),
            draw: s(&self.draw),
            loss: s(&self.loss),
            pab: s(&self.pab),
            chief_arbiter: s(&self.chief_arbiter),
            adjourned_pairing: s(&self.adjourned_pairing),
            time_zone: s(&self.time_zone),
            language: String::new(),
            seen: String::new(),
            confirm: if self.confirm == Some(true) {
                "yes".into()
            } else {
                String::new()
            },
        }
    }

    /// Whether a field only the settings page has (scoring, initial colour, chief arbiter,
    /// adjourned pairing, time zone) was sent.
    pub(crate) fn has_settings_only(&self) -> bool {
        [
            &self.initial_colour,
            &self.win,
            &self.draw,
            &self.loss,
            &self.pab,
            &self.chief_arbiter,
            &self.adjourned_pairing,
            &self.time_zone,
        ]
        .iter()
        .any(|v| v.is_some())
    }
}

/// The register-player form.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct PlayerForm {
    /// `Last, First` (required, at most 33 characters: the TRF field).
    #[serde(default)]
    pub name: String,
    /// FIDE title (`GM`, `IM`, ...).
    #[serde(default)]
    pub title: String,
    /// FIDE rating, 0-3500.
    #[serde(default)]
    pub rating: String,
    /// Federation, three letters.
    #[serde(default)]
    pub federation: String,
    /// FIDE id, digits.
    #[serde(default)]
    pub fide_id: String,
    /// `1` when the organizer confirms a player whose name is already registered
    /// (`crate::names`); empty otherwise.
    #[serde(default)]
    pub confirm_duplicate: String,
    /// The session's CSRF token.
    #[serde(default)]
    pub csrf: String,
}

impl PlayerForm {
    /// The fields the register form shows ([`crate::error::FormError`]).
    pub const FIELDS: [&'static str; 5] = ["name", "title", "rating", "federation", "fide_id"];

    /// Whether the organizer confirmed a player whose name is already registered.
    #[must_use]
    pub fn confirmed(&self) -> bool {
        self.confirm_duplicate.trim() == "1"
    }

    /// The player the form describes (pairing number 0: the database assigns the next one).
    ///
    /// # Errors
    /// [`WebError::BadRequest`] naming the field.
    pub fn to_model(&self) -> Result<Player, WebError> {
        let name = match PlayerName::new(&self.name) {
            Ok(n) => n.into_string(),
            Err(InputError::Empty) => return Err(bad("name", Msg::new("bad-player-name"))),
            Err(InputError::TooLong { .. }) => {
                return Err(bad("name", Msg::new("bad-player-name-length")));
            }
            Err(e) => return Err(invalid("name", &e)),
        };
        let mut p = Player::new(0, name);
        p.title = match text(&self.title) {
            None => None,
            Some(t) => match Title::parse(&t) {
                Some((Title::Other(_), _)) if t.chars().count() > 3 => {
                    return Err(bad("title", Msg::new("bad-title").ltr("value", t.clone())));
                }
                Some((title, _)) => Some(title),
                None => None,
            },
        };
        p.rating = number("rating", &self.rating, 0u16, 3500)?;
        p.federation = match text(&self.federation) {
            None => None,
            Some(f) if f.len() == 3 && f.bytes().all(|b| b.is_ascii_alphabetic()) => {
                Some(f.to_ascii_uppercase())
            }
            Some(f) => {
                return Err(bad(
                    "federation",
                    Msg::new("bad-federation").ltr("value", f),
                ));
            }
        };
        p.fide_id = number("fide_id", &self.fide_id, 1u64, 99_999_999_999)?;
        Ok(p)
    }
}

/// An upload: a file, or the same text pasted.
#[derive(Debug, MultipartForm)]
pub struct UploadForm {
    /// The file (CSV or TRF), if one was chosen.
    #[multipart(limit = "8MiB")]
    pub file: Option<UploadBytes>,
    /// Pasted text, used when no file was chosen.
    pub text: Option<Text<String>>,
    /// The session's CSRF token.
    pub csrf: Option<Text<String>>,
    /// `1` when the organizer confirms players whose names are already registered (or repeated
    /// in the file), `crate::names`.
    pub confirm_duplicate: Option<Text<String>>,
}

impl UploadForm {
    pub(crate) fn csrf(&self) -> &str {
        self.csrf.as_ref().map_or("", |t| t.as_str())
    }

    pub(crate) fn confirmed(&self) -> bool {
        self.confirm_duplicate
            .as_ref()
            .is_some_and(|t| t.trim() == "1")
    }

    pub(crate) fn content(&self) -> Result<Vec<u8>, WebError> {
        if let Some(f) = self.file.as_ref().filter(|f| !f.data.is_empty()) {
            return Ok(f.data.to_vec());
        }
        match self.text.as_ref().filter(|t| !t.trim().is_empty()) {
            Some(t) => Ok(t.as_bytes().to_vec()),
            None => Err(bad("file", Msg::new("bad-no-file"))),
        }
    }
}

/// Whether an upload is a TRF file: its first record is a TRF code (`001`, `012`, ...).
pub(crate) fn looks_like_trf(bytes: &[u8]) -> bool {
    let text = String::from_utf8_lossy(bytes);
    text.trim_start_matches('\u{feff}')
        .lines()
        .find(|l| !l.trim().is_empty())
        .is_some_and(|l| {
            let code: String = l.chars().take(3).collect();
            l.chars().nth(3).is_none_or(|c| c == ' ')
                && (code.bytes().all(|b| b.is_ascii_digit()) || code == "XXR" || code == "XXC")
        })
}

pub(crate) fn trf_problem(e: &arbiter_tournament::TrfError) -> WebError {
    bad("file", crate::l10n::trf::trf_error(e))
}

/// The query of the standings and crosstable pages.
#[derive(Clone, Copy, Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AfterQuery {
    /// Standings after this round (default: the last with results).
    pub after: Option<u16>,
}

/// A form with nothing but the CSRF token.
#[derive(Debug, Deserialize)]
pub struct TokenForm {
    /// The session's CSRF token.
    #[serde(default)]
    pub csrf: String,
}

csrf_field!(TournamentForm, PlayerForm, TokenForm);

impl crate::extract::CsrfToken for EditForm {
    fn csrf(&self) -> &str {
        &self.base.csrf
    }
}
