// Over 800 lines: the rows of every table and their conversions to the model, kept together so that
// a column's text form is defined in one place.
//! Rows: one struct for reading (`*Row`), one for inserting (`New*`) and, where rows change,
//! one for updating (`*Changes`), with the conversions to and from the `arbiter-tournament`
//! model. Codes are stored as short text: result codes as their TRF character (blank as the empty
//! string), colours `w`/`b`, sexes `m`/`w`, states and kinds in `snake_case`.

use arbiter_tournament::{
    Acceleration, AnnouncedBye, Bye, Colour, ForbiddenPairs, Game, GameResult, PartialDate,
    Penalty, PenaltyKind, Player, PlayerStatus, Points, RawRecord, ResultCode, Round, RoundState,
    ScoringSystem, Sex, Title, Tournament,
};
use chrono::NaiveDateTime;
use diesel::prelude::*;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::schema::{audit_log, byes, games, players, rounds, tournaments};

/// A stored value that does not decode: the column and the text found.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("column `{column}`: unexpected value `{value}`")]
pub struct BadValue {
    /// The column, `table.column`.
    pub column: &'static str,
    /// The value found.
    pub value: String,
}

/// Reading: a bad stored value as diesel's deserialization error.
pub(crate) fn bad(column: &'static str, value: impl Into<String>) -> diesel::result::Error {
    diesel::result::Error::DeserializationError(Box::new(BadValue {
        column,
        value: value.into(),
    }))
}

/// Writing: a value that does not fit its column as diesel's serialization error.
pub(crate) fn unfit(column: &'static str, value: impl Into<String>) -> diesel::result::Error {
    diesel::result::Error::SerializationError(Box::new(BadValue {
        column,
        value: value.into(),
    }))
}

/// Parses a stored UUID.
pub(crate) fn uuid(column: &'static str, text: &str) -> QueryResult<Uuid> {
    Uuid::parse_str(text).map_err(|_| bad(column, text))
}

pub(crate) fn json<T: Serialize>(column: &'static str, value: &T) -> QueryResult<String> {
    serde_json::to_string(value).map_err(|e| unfit(column, e.to_string()))
}

pub(crate) fn from_json<T: for<'de> Deserialize<'de>>(
    column: &'static str,
    text: &str,
) -> QueryResult<T> {
    serde_json::from_str(text).map_err(|_| bad(column, text))
}

/// A date as the date columns keep it (`tournaments.start_date`, `end_date`,
/// `players.birth_date`): ISO 8601 with reduced precision (`1985`, `1985-07`, `1985-07-28`),
/// which sorts and compares as the dates do.
#[must_use]
pub fn date_text(date: Option<PartialDate>) -> Option<String> {
    date.map(|d| d.to_string())
}

/// A stored date: ISO text, or the text of a row written before dates were normalised (any
/// layout files use, [`PartialDate::read`]). Text that is no date loads as `None`: never a
/// failed load.
#[must_use]
pub fn date_from(text: Option<&str>) -> Option<PartialDate> {
    text.and_then(|t| PartialDate::read(t).ok().flatten())
}

fn small(column: &'static str, v: i32) -> QueryResult<u16> {
    u16::try_from(v).map_err(|_| bad(column, v.to_string()))
}

fn small_opt(column: &'static str, v: Option<i32>) -> QueryResult<Option<u16>> {
    v.map(|v| small(column, v)).transpose()
}

/// A result code as stored: its TRF character, the empty string for blank.
#[must_use]
pub fn code_text(code: ResultCode) -> String {
    match code {
        ResultCode::Blank => String::new(),
        c => c.trf_char().to_string(),
    }
}

/// Reads a stored result code (see [`code_text`]).
pub(crate) fn code_from(column: &'static str, text: &str) -> QueryResult<ResultCode> {
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (None, _) => Ok(ResultCode::Blank),
        (Some(c), None) if c != ' ' => {
            ResultCode::from_trf_char(c).ok_or_else(|| bad(column, text))
        }
        _ => Err(bad(column, text)),
    }
}

const fn colour_text(c: Colour) -> &'static str {
    match c {
        Colour::White => "w",
        Colour::Black => "b",
    }
}

fn colour_from(column: &'static str, text: &str) -> QueryResult<Colour> {
    match text {
        "w" => Ok(Colour::White),
        "b" => Ok(Colour::Black),
        _ => Err(bad(column, text)),
    }
}

pub(crate) const fn state_text(s: RoundState) -> &'static str {
    match s {
        RoundState::Planned => "planned",
        RoundState::Paired => "paired",
        RoundState::Published => "published",
        RoundState::Complete => "complete",
    }
}

fn state_from(text: &str) -> QueryResult<RoundState> {
    Ok(match text {
        "planned" => RoundState::Planned,
        "paired" => RoundState::Paired,
        "published" => RoundState::Published,
        "complete" => RoundState::Complete,
        _ => return Err(bad("rounds.state", text)),
    })
}

pub(crate) const fn status_text(s: PlayerStatus) -> &'static str {
    match s {
        PlayerStatus::Active => "active",
        PlayerStatus::Withdrawn => "withdrawn",
        PlayerStatus::LateEntry => "late_entry",
    }
}

fn status_from(text: &str) -> QueryResult<PlayerStatus> {
    Ok(match text {
        "active" => PlayerStatus::Active,
        "withdrawn" => PlayerStatus::Withdrawn,
        "late_entry" => PlayerStatus::LateEntry,
        _ => return Err(bad("players.status", text)),
    })
}

/// The stored name of a penalty kind: `offender_reduced`, `opponent_raised`, `lost_by_both`,
/// `other`.
#[must_use]
pub const fn penalty_text(k: PenaltyKind) -> &'static str {
    match k {
        PenaltyKind::OffenderReduced => "offender_reduced",
        PenaltyKind::OpponentRaised => "opponent_raised",
        PenaltyKind::LostByBoth => "lost_by_both",
        PenaltyKind::Other => "other",
    }
}

/// Reads a stored penalty kind (see [`penalty_text`]); `None` for anything else.
#[must_use]
pub fn penalty_from(text: &str) -> Option<PenaltyKind> {
    Some(match text {
        "offender_reduced" => PenaltyKind::OffenderReduced,
        "opponent_raised" => PenaltyKind::OpponentRaised,
        "lost_by_both" => PenaltyKind::LostByBoth,
        "other" => PenaltyKind::Other,
        _ => return None,
    })
}

/// A title as stored: the canonical letters (`GM`, `WIM`, ...) or the text of another title.
pub(crate) fn title_from(text: &str) -> Title {
    match text {
        "GM" => Title::Gm,
        "IM" => Title::Im,
        "WGM" => Title::Wgm,
        "FM" => Title::Fm,
        "WIM" => Title::Wim,
        "CM" => Title::Cm,
        "WFM" => Title::Wfm,
        "WCM" => Title::Wcm,
        other => Title::Other(other.to_owned()),
    }
}

/// What the tournament row keeps as JSON: the lists TRF carries that have no table of their own.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
struct Extras {
    #[serde(default)]
    accelerations: Vec<Acceleration>,
    #[serde(default)]
    forbidden_pairs: Vec<ForbiddenPairs>,
    #[serde(default)]
    announced_byes: Vec<AnnouncedBye>,
    #[serde(default)]
    other_xxc: Vec<String>,
    #[serde(default)]
    other_records: Vec<RawRecord>,
}

/// A tournament as read (the header; players, rounds, games and byes have their own rows).
/// The secret of the check-in tablet link (`tournaments.self_check_in_token`) is left out on
/// purpose: it is read only by [`crate::organizer::self_check_in_token`] and looked up by
/// [`crate::arbiter::tournament_for_check_in_link`].
#[derive(Clone, Debug, PartialEq, Eq, Queryable, Selectable, Identifiable, Insertable)]
#[diesel(table_name = tournaments, treat_none_as_default_value = false)]
pub struct TournamentRow {
    /// UUID as text.
    pub id: String,
    /// `012`.
    pub name: Option<String>,
    /// `022`.
    pub city: Option<String>,
    /// `032`.
    pub federation: Option<String>,
    /// `042`, ISO 8601 with reduced precision ([`date_text`]).
    pub start_date: Option<String>,
    /// `052`, ISO 8601 with reduced precision.
    pub end_date: Option<String>,
    /// `062`, as written.
    pub declared_players: Option<String>,
    /// `072`, as written.
    pub declared_rated_players: Option<String>,
    /// `082`, as written.
    pub declared_teams: Option<String>,
    /// `092`.
    pub tournament_type: Option<String>,
    /// `102`.
    pub chief_arbiter: Option<String>,
    /// `112` lines, a JSON array of strings.
    pub deputy_arbiters: String,
    /// `122`.
    pub time_control: Option<String>,
    /// `132`, as written.
    pub round_dates: Option<String>,
    /// `142` / `XXR`.
    pub rounds_planned: Option<i32>,
    /// `w` or `b` (`152` / `XXC white1`, `black1`).
    pub initial_colour: Option<String>,
    /// `XXC rank`.
    pub pair_by_rank: bool,
    /// The scoring system as JSON (points in tenths).
    pub scoring: String,
    /// `172`.
    pub starting_rank_method: Option<String>,
    /// `182`.
    pub pairing_controller: Option<String>,
    /// `192`.
    pub pairing_system: Option<String>,
    /// `202`.
    pub tiebreaks_202: Option<String>,
    /// `212`: the standings' tie-break list.
    pub tiebreaks: Option<String>,
    /// The C.07 edition (`2024`, `2026`).
    pub tiebreak_edition: Option<String>,
    /// `222`.
    pub encoded_time_control: Option<String>,
    /// The default time (Art. 6.7) in minutes; `None`: zero (the Laws' default).
    pub default_time_minutes: Option<i32>,
    /// Accelerations, forbidden pairs, announced byes, other `XXC` words and verbatim records,
    /// as JSON.
    pub extras: String,
    /// When the tournament was created (UTC).
    pub created_at: NaiveDateTime,
    /// The last change to anything in it (UTC): the base of the public pages' cache validators.
    pub updated_at: NaiveDateTime,
}

/// A tournament to insert: the same columns as [`TournamentRow`], so the TRF header fields are
/// defined once (the self check-in secret and the adjourned-pairing setting start as the
/// database's defaults).
pub type NewTournament = TournamentRow;

/// The header fields an organizer edits (every `None` leaves the column as it is).
#[derive(Clone, Debug, Default, AsChangeset)]
#[diesel(table_name = tournaments)]
pub struct TournamentChanges {
    /// Name.
    pub name: Option<Option<String>>,
    /// City.
    pub city: Option<Option<String>>,
    /// Start date, ISO 8601 ([`date_text`]).
    pub start_date: Option<Option<String>>,
    /// End date, ISO 8601.
    pub end_date: Option<Option<String>>,
    /// Chief arbiter.
    pub chief_arbiter: Option<Option<String>>,
    /// Time control, free text.
    pub time_control: Option<Option<String>>,
    /// Rounds planned.
    pub rounds_planned: Option<Option<i32>>,
    /// Initial colour, `w`/`b`.
    pub initial_colour: Option<Option<String>>,
    /// Scoring, JSON.
    pub scoring: Option<String>,
    /// Pairing system.
    pub pairing_system: Option<Option<String>>,
    /// Tie-break list (C.07 codes).
    pub tiebreaks: Option<Option<String>>,
    /// C.07 edition.
    pub tiebreak_edition: Option<Option<String>>,
    /// Default time, minutes.
    pub default_time_minutes: Option<Option<i32>>,
    /// Pairing while a game is adjourned: `wait` or `provisional` (Appendix A; TRF-2026 `X`).
    pub adjourned_pairing: Option<Option<String>>,
    /// The change's time (set it: the cache validators depend on it).
    pub updated_at: Option<NaiveDateTime>,
}

impl TournamentRow {
    /// The header of `t` as a new row.
    ///
    /// # Errors
    /// A serialization error when a list does not encode (it always does for valid models).
    pub fn from_model(
        id: Uuid,
        t: &Tournament,
        default_time_minutes: Option<u32>,
        now: NaiveDateTime,
    ) -> QueryResult<TournamentRow> {
        let extras = Extras {
            accelerations: t.accelerations.clone(),
            forbidden_pairs: t.forbidden_pairs.clone(),
            announced_byes: t.announced_byes.clone(),
            other_xxc: t.other_xxc.clone(),
            other_records: t.other_records.clone(),
        };
        Ok(TournamentRow {
            id: id.to_string(),
            name: t.name.clone(),
            city: t.city.clone(),
            federation: t.federation.clone(),
            start_date: date_text(t.start_date),
            end_date: date_text(t.end_date),
            declared_players: t.declared_players.clone(),
            declared_rated_players: t.declared_rated_players.clone(),
            declared_teams: t.declared_teams.clone(),
            tournament_type: t.tournament_type.clone(),
            chief_arbiter: t.chief_arbiter.clone(),
            deputy_arbiters: json("tournaments.deputy_arbiters", &t.deputy_arbiters)?,
            time_control: t.time_control.clone(),
            round_dates: t.round_dates.clone(),
            rounds_planned: t.rounds_planned.map(i32::from),
            initial_colour: t.initial_colour.map(|c| colour_text(c).to_owned()),
            pair_by_rank: t.pair_by_rank,
            scoring: json("tournaments.scoring", &t.scoring)?,
            starting_rank_method: t.starting_rank_method.clone(),
            pairing_controller: t.pairing_controller.clone(),
            pairing_system: t.pairing_system.clone(),
            tiebreaks_202: t.tiebreaks_202.clone(),
            tiebreaks: t.tiebreaks.clone(),
            tiebreak_edition: t.tiebreak_edition.clone(),
            encoded_time_control: t.encoded_time_control.clone(),
            default_time_minutes: default_time_minutes
                .map(|m| i32::try_from(m).map_err(|_| unfit("default_time_minutes", m.to_string())))
                .transpose()?,
            extras: json("tournaments.extras", &extras)?,
            created_at: now,
            updated_at: now,
        })
    }
}

/// Encodes a scoring system for [`TournamentChanges::scoring`].
///
/// # Errors
/// A serialization error (never for a valid system).
pub fn scoring_json(s: &ScoringSystem) -> QueryResult<String> {
    json("tournaments.scoring", s)
}

impl TournamentRow {
    /// The header as a model (no players or rounds: the caller adds them).
    ///
    /// # Errors
    /// A deserialization error naming the column whose stored text does not decode.
    pub fn to_model(&self) -> QueryResult<Tournament> {
        let extras: Extras = from_json("tournaments.extras", &self.extras)?;
        Ok(Tournament {
            name: self.name.clone(),
            city: self.city.clone(),
            federation: self.federation.clone(),
            start_date: date_from(self.start_date.as_deref()),
            end_date: date_from(self.end_date.as_deref()),
            declared_players: self.declared_players.clone(),
            declared_rated_players: self.declared_rated_players.clone(),
            declared_teams: self.declared_teams.clone(),
            tournament_type: self.tournament_type.clone(),
            chief_arbiter: self.chief_arbiter.clone(),
            deputy_arbiters: from_json("tournaments.deputy_arbiters", &self.deputy_arbiters)?,
            time_control: self.time_control.clone(),
            round_dates: self.round_dates.clone(),
            rounds_planned: small_opt("tournaments.rounds_planned", self.rounds_planned)?,
            initial_colour: self
                .initial_colour
                .as_deref()
                .map(|c| colour_from("tournaments.initial_colour", c))
                .transpose()?,
            pair_by_rank: self.pair_by_rank,
            scoring: from_json("tournaments.scoring", &self.scoring)?,
            starting_rank_method: self.starting_rank_method.clone(),
            pairing_controller: self.pairing_controller.clone(),
            pairing_system: self.pairing_system.clone(),
            tiebreaks_202: self.tiebreaks_202.clone(),
            tiebreaks: self.tiebreaks.clone(),
            tiebreak_edition: self.tiebreak_edition.clone(),
            encoded_time_control: self.encoded_time_control.clone(),
            accelerations: extras.accelerations,
            forbidden_pairs: extras.forbidden_pairs,
            announced_byes: extras.announced_byes,
            other_xxc: extras.other_xxc,
            other_records: extras.other_records,
            players: Vec::new(),
            rounds: Vec::new(),
            // Read from `team_events` by `load_tournament`.
            team: None,
        })
    }
}

/// A player as read.
#[derive(Clone, Debug, PartialEq, Eq, Queryable, Selectable, Identifiable)]
#[diesel(table_name = players)]
pub struct PlayerRow {
    /// UUID as text.
    pub id: String,
    /// The tournament's UUID.
    pub tournament_id: String,
    /// Pairing number, 1-9999.
    pub pairing_number: i32,
    /// `Last, First`.
    pub name: String,
    /// `m` or `w`.
    pub sex: Option<String>,
    /// `GM`, `IM`, ... or other text.
    pub title: Option<String>,
    /// FIDE rating.
    pub rating: Option<i32>,
    /// Three letters.
    pub federation: Option<String>,
    /// FIDE id.
    pub fide_id: Option<i64>,
    /// ISO 8601 with reduced precision, often a year alone ([`date_text`]).
    pub birth_date: Option<String>,
    /// `active`, `withdrawn`, `late_entry`.
    pub status: String,
    /// Points written in the file, in tenths.
    pub reported_points: Option<i32>,
    /// Rank written in the file.
    pub rank: Option<i32>,
    /// K-factor from the rating list (B.02 Art. 8.3).
    pub k_factor: Option<i32>,
}

/// A player to insert (the same columns as [`PlayerRow`]).
#[derive(Clone, Debug, Insertable)]
#[diesel(table_name = players, treat_none_as_default_value = false)]
pub struct NewPlayer {
    /// UUID as text.
    pub id: String,
    /// The tournament's UUID.
    pub tournament_id: String,
    /// Pairing number.
    pub pairing_number: i32,
    /// Name.
    pub name: String,
    /// `m`/`w`.
    pub sex: Option<String>,
    /// Title.
    pub title: Option<String>,
    /// Rating.
    pub rating: Option<i32>,
    /// Federation.
    pub federation: Option<String>,
    /// FIDE id.
    pub fide_id: Option<i64>,
    /// Birth date.
    pub birth_date: Option<String>,
    /// K-factor (B.02 Art. 8.3).
    pub k_factor: Option<i32>,
    /// Status.
    pub status: String,
    /// Tenths.
    pub reported_points: Option<i32>,
    /// Rank.
    pub rank: Option<i32>,
}

impl NewPlayer {
    /// A player of tournament `tournament` as a row; a nil [`Player::id`] gets a new UUID.
    ///
    /// # Errors
    /// A serialization error when the FIDE id exceeds `i64` or the points `i32`.
    pub fn from_model(tournament: Uuid, p: &Player) -> QueryResult<NewPlayer> {
        let id = if p.id.is_nil() { Uuid::new_v4() } else { p.id };
        Ok(NewPlayer {
            id: id.to_string(),
            tournament_id: tournament.to_string(),
            pairing_number: i32::from(p.pairing_number),
            name: p.name.clone(),
            sex: p.sex.map(|s| {
                match s {
                    Sex::Male => "m",
                    Sex::Female => "w",
                }
                .to_owned()
            }),
            title: p.title.as_ref().map(|t| t.as_str().to_owned()),
            rating: p.rating.map(i32::from),
            federation: p.federation.clone(),
            fide_id: p
                .fide_id
                .map(|f| i64::try_from(f).map_err(|_| unfit("players.fide_id", f.to_string())))
                .transpose()?,
            birth_date: date_text(p.birth_date),
            k_factor: p.k_factor.map(i32::from),
            status: status_text(p.status).to_owned(),
            reported_points: p
                .reported_points
                .map(|r| {
                    i32::try_from(r.tenths())
                        .map_err(|_| unfit("players.reported_points", r.to_string()))
                })
                .transpose()?,
            rank: p.rank.map(i32::from),
        })
    }
}

impl PlayerRow {
    /// The player as a model, with its stored id.
    ///
    /// # Errors
    /// A deserialization error naming the column that does not decode.
    pub fn to_model(&self) -> QueryResult<Player> {
        Ok(Player {
            pairing_number: small("players.pairing_number", self.pairing_number)?,
            name: self.name.clone(),
            sex: match self.sex.as_deref() {
                None => None,
                Some("m") => Some(Sex::Male),
                Some("w") => Some(Sex::Female),
                Some(other) => return Err(bad("players.sex", other)),
            },
            title: self.title.as_deref().map(title_from),
            rating: small_opt("players.rating", self.rating)?,
            federation: self.federation.clone(),
            fide_id: self
                .fide_id
                .map(|f| u64::try_from(f).map_err(|_| bad("players.fide_id", f.to_string())))
                .transpose()?,
            birth_date: date_from(self.birth_date.as_deref()),
            k_factor: self
                .k_factor
                .map(|k| u8::try_from(k).map_err(|_| bad("players.k_factor", k.to_string())))
                .transpose()?,
            status: status_from(&self.status)?,
            reported_points: self
                .reported_points
                .map(|r| {
                    u32::try_from(r)
                        .map(Points::from_tenths)
                        .map_err(|_| bad("players.reported_points", r.to_string()))
                })
                .transpose()?,
            rank: small_opt("players.rank", self.rank)?,
            id: uuid("players.id", &self.id)?,
        })
    }
}

/// A round as read (and inserted: every column is given).
#[derive(Clone, Debug, PartialEq, Eq, Queryable, Selectable, Insertable)]
#[diesel(table_name = rounds, treat_none_as_default_value = false)]
pub struct RoundRow {
    /// The tournament's UUID.
    pub tournament_id: String,
    /// The round number, from 1.
    pub number: i32,
    /// Scheduled start (UTC, or local time when the organizer gave no zone).
    pub scheduled: Option<NaiveDateTime>,
    /// `planned`, `paired`, `published`, `complete`.
    pub state: String,
}

impl RoundRow {
    /// A round of a tournament as a row (its games and byes are rows of their own).
    #[must_use]
    pub fn from_model(tournament: Uuid, r: &Round) -> RoundRow {
        RoundRow {
            tournament_id: tournament.to_string(),
            number: i32::from(r.number),
            scheduled: r.scheduled,
            state: state_text(r.state).to_owned(),
        }
    }

    /// The round as a model without games or byes.
    ///
    /// # Errors
    /// A deserialization error for a bad number or state.
    pub fn to_model(&self) -> QueryResult<Round> {
        Ok(Round {
            number: small("rounds.number", self.number)?,
            scheduled: self.scheduled,
            state: state_from(&self.state)?,
            games: Vec::new(),
            byes: Vec::new(),
        })
    }
}

/// A game as read: the model's fields, its place in the round (`seq`), and the `version` that
/// guards concurrent result entry.
#[derive(Clone, Debug, PartialEq, Eq, Queryable, Selectable, Identifiable, Serialize)]
#[diesel(table_name = games)]
pub struct GameRow {
    /// UUID as text.
    pub id: String,
    /// The tournament's UUID.
    pub tournament_id: String,
    /// The round number.
    pub round: i32,
    /// The game's place in the round's list, from 0.
    pub seq: i32,
    /// Board number.
    pub board: Option<i32>,
    /// White's pairing number.
    pub white: i32,
    /// Black's pairing number.
    pub black: i32,
    /// Whether colours are known.
    pub colours_known: bool,
    /// White's result code (TRF character, empty for none yet).
    pub white_code: String,
    /// Black's result code.
    pub black_code: String,
    /// The penalty's kind (see [`penalty_text`]).
    pub penalty_kind: Option<String>,
    /// The arbiter's reason for the penalty.
    pub penalty_reason: Option<String>,
    /// Who recorded the result.
    pub recorded_by: Option<String>,
    /// Incremented by every change of the result; a writer names the version it read.
    pub version: i32,
    /// The last change (UTC).
    pub updated_at: NaiveDateTime,
}

/// A game to insert.
#[derive(Clone, Debug, Insertable)]
#[diesel(table_name = games, treat_none_as_default_value = false)]
pub struct NewGame {
    /// UUID as text.
    pub id: String,
    /// The tournament's UUID.
    pub tournament_id: String,
    /// The round number.
    pub round: i32,
    /// Place in the round, from 0.
    pub seq: i32,
    /// Board.
    pub board: Option<i32>,
    /// White.
    pub white: i32,
    /// Black.
    pub black: i32,
    /// Colours known.
    pub colours_known: bool,
    /// White's code.
    pub white_code: String,
    /// Black's code.
    pub black_code: String,
    /// Penalty kind.
    pub penalty_kind: Option<String>,
    /// Penalty reason.
    pub penalty_reason: Option<String>,
    /// Recorder.
    pub recorded_by: Option<String>,
    /// 1 for a new game.
    pub version: i32,
    /// UTC.
    pub updated_at: NaiveDateTime,
}

/// A new result for a game (the columns result entry changes; `version` is the next one).
#[derive(Clone, Debug, AsChangeset)]
#[diesel(table_name = games, treat_none_as_null = true)]
pub struct GameResultChanges {
    /// White's code.
    pub white_code: String,
    /// Black's code.
    pub black_code: String,
    /// Penalty kind.
    pub penalty_kind: Option<String>,
    /// Penalty reason.
    pub penalty_reason: Option<String>,
    /// Recorder.
    pub recorded_by: Option<String>,
    /// The version after this change (the one read plus one).
    pub version: i32,
    /// UTC.
    pub updated_at: NaiveDateTime,
}

impl GameResultChanges {
    /// The columns for `result`, as version `version`.
    #[must_use]
    pub fn new(result: &GameResult, version: i32, now: NaiveDateTime) -> GameResultChanges {
        GameResultChanges {
            white_code: code_text(result.white),
            black_code: code_text(result.black),
            penalty_kind: result
                .penalty
                .as_ref()
                .map(|p| penalty_text(p.kind).to_owned()),
            penalty_reason: result.penalty.as_ref().map(|p| p.reason.clone()),
            recorded_by: result.recorded_by.clone(),
            version,
            updated_at: now,
        }
    }
}

impl NewGame {
    /// Game `seq` of round `round` as a new row (version 1).
    #[must_use]
    pub fn from_model(
        tournament: Uuid,
        round: u16,
        seq: usize,
        g: &Game,
        now: NaiveDateTime,
    ) -> NewGame {
        let r = GameResultChanges::new(&g.result, 1, now);
        NewGame {
            id: Uuid::new_v4().to_string(),
            tournament_id: tournament.to_string(),
            round: i32::from(round),
            seq: i32::try_from(seq).unwrap_or(i32::MAX),
            board: g.board.map(i32::from),
            white: i32::from(g.white),
            black: i32::from(g.black),
            colours_known: g.colours_known,
            white_code: r.white_code,
            black_code: r.black_code,
            penalty_kind: r.penalty_kind,
            penalty_reason: r.penalty_reason,
            recorded_by: r.recorded_by,
            version: 1,
            updated_at: now,
        }
    }
}

impl GameRow {
    /// The game's result as a model.
    ///
    /// # Errors
    /// A deserialization error for a bad code or penalty kind.
    pub fn result(&self) -> QueryResult<GameResult> {
        let penalty = match (&self.penalty_kind, &self.penalty_reason) {
            (None, _) => None,
            (Some(k), reason) => Some(Penalty {
                kind: penalty_from(k).ok_or_else(|| bad("games.penalty_kind", k.clone()))?,
                reason: reason.clone().unwrap_or_default(),
            }),
        };
        Ok(GameResult {
            white: code_from("games.white_code", &self.white_code)?,
            black: code_from("games.black_code", &self.black_code)?,
            penalty,
            recorded_by: self.recorded_by.clone(),
        })
    }

    /// The game as a model.
    ///
    /// # Errors
    /// A deserialization error naming the column that does not decode.
    pub fn to_model(&self) -> QueryResult<Game> {
        Ok(Game {
            board: small_opt("games.board", self.board)?,
            white: small("games.white", self.white)?,
            black: small("games.black", self.black)?,
            colours_known: self.colours_known,
            result: self.result()?,
        })
    }
}

/// A bye or absence as read.
#[derive(Clone, Debug, PartialEq, Eq, Queryable, Selectable, Identifiable)]
#[diesel(table_name = byes)]
pub struct ByeRow {
    /// UUID as text.
    pub id: String,
    /// The tournament's UUID.
    pub tournament_id: String,
    /// The round number.
    pub round: i32,
    /// Place in the round's list of byes, from 0.
    pub seq: i32,
    /// The player's pairing number.
    pub player: i32,
    /// The code (`U`, `F`, `H`, `Z`, `-`, ...).
    pub code: String,
    /// Who recorded it.
    pub recorded_by: Option<String>,
}

/// A bye to insert.
#[derive(Clone, Debug, Insertable)]
#[diesel(table_name = byes, treat_none_as_default_value = false)]
pub struct NewBye {
    /// UUID as text.
    pub id: String,
    /// The tournament's UUID.
    pub tournament_id: String,
    /// Round.
    pub round: i32,
    /// Place, from 0.
    pub seq: i32,
    /// Pairing number.
    pub player: i32,
    /// Code.
    pub code: String,
    /// Recorder.
    pub recorded_by: Option<String>,
}

impl NewBye {
    /// Bye `seq` of round `round` as a new row.
    #[must_use]
    pub fn from_model(tournament: Uuid, round: u16, seq: usize, b: &Bye) -> NewBye {
        NewBye {
            id: Uuid::new_v4().to_string(),
            tournament_id: tournament.to_string(),
            round: i32::from(round),
            seq: i32::try_from(seq).unwrap_or(i32::MAX),
            player: i32::from(b.player),
            code: code_text(b.code),
            recorded_by: b.recorded_by.clone(),
        }
    }
}

impl ByeRow {
    /// The bye as a model.
    ///
    /// # Errors
    /// A deserialization error for a bad player or code.
    pub fn to_model(&self) -> QueryResult<Bye> {
        Ok(Bye {
            player: small("byes.player", self.player)?,
            code: code_from("byes.code", &self.code)?,
            recorded_by: self.recorded_by.clone(),
        })
    }
}

/// An audit entry as read: who, when, what, before and after.
#[derive(Clone, Debug, PartialEq, Eq, Queryable, Selectable, Serialize)]
#[diesel(table_name = audit_log)]
pub struct AuditRow {
    /// Increasing with time.
    pub id: i64,
    /// When (UTC).
    pub at: NaiveDateTime,
    /// The account, if a person with an account did it.
    pub user_id: Option<String>,
    /// Who, for display: an e-mail address, `cli`, `demo`.
    pub actor: String,
    /// The tournament, if any.
    pub tournament_id: Option<String>,
    /// What kind of thing: `tournament`, `player`, `game`, ...
    pub entity: String,
    /// Its id.
    pub entity_id: Option<String>,
    /// What was done: `create`, `import`, `result`, ...
    pub action: String,
    /// The state before, as JSON.
    pub before_json: Option<String>,
    /// The state after, as JSON.
    pub after_json: Option<String>,
}

/// An audit entry to append.
#[derive(Clone, Debug, Insertable)]
#[diesel(table_name = audit_log, treat_none_as_default_value = false)]
pub struct NewAuditEntry {
    /// When (UTC).
    pub at: NaiveDateTime,
    /// The account.
    pub user_id: Option<String>,
    /// Who, for display.
    pub actor: String,
    /// The tournament.
    pub tournament_id: Option<String>,
    /// What kind of thing.
    pub entity: String,
    /// Its id.
    pub entity_id: Option<String>,
    /// What was done.
    pub action: String,
    /// Before, JSON.
    pub before_json: Option<String>,
    /// After, JSON.
    pub after_json: Option<String>,
}
