//! The organizer's and captains' team forms, read into the model: the event's settings, a team
//! with its roster (registered players by pairing number, new ones by name), a line-up. Each
//! refusal names the field (and the line of a roster) and the value.

use std::collections::BTreeMap;

use arbiter_tournament::team::{
    MatchPointSystem, PrimaryScore, TeamColourPreferences, TeamSettings, alternating_colours,
};
use arbiter_tournament::typed::{latin_number, split_list};
use arbiter_tournament::{Colour, PairingNumber, Player, Points, Tournament};
use serde::{Deserialize, Serialize};

use crate::error::WebError;
use crate::extract::csrf_field;
use crate::l10n::Msg;
use crate::respond::bad;

/// The settings form (`POST /tournaments/{id}/teams/setup`).
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct SetupForm {
    /// The CSRF token.
    #[serde(default)]
    pub csrf: String,
    /// The tournament's last change when the form was shown.
    #[serde(default)]
    pub seen: String,
    /// Boards per match, 1-99.
    #[serde(default)]
    pub boards: String,
    /// Match points for a won, drawn and lost match.
    #[serde(default)]
    pub mp_win: String,
    /// Match points for a drawn match.
    #[serde(default)]
    pub mp_draw: String,
    /// Match points for a lost match.
    #[serde(default)]
    pub mp_loss: String,
    /// `MP` or `GP`.
    #[serde(default)]
    pub primary: String,
    /// `white` or `black`: the first-named team's colour on board 1 (alternating after it).
    #[serde(default)]
    pub first_colour: String,
    /// `a`, `b` or `none` (C.04.6 art. 1.7).
    #[serde(default)]
    pub colour_preferences: String,
    /// Boards counted for the team rating (empty: all).
    #[serde(default)]
    pub rating_boards: String,
    /// Match points of the team bye.
    #[serde(default)]
    pub bye_mp: String,
    /// Game points of the team bye.
    #[serde(default)]
    pub bye_gp: String,
    /// Minutes before the round's start by which line-ups are due (empty: none).
    #[serde(default)]
    pub deadline: String,
}

csrf_field!(SetupForm);

/// A points field (`2`, `1.5`, `½`).
fn points_field(field: &str, text: &str) -> Result<Points, WebError> {
    let t = latin_number(text).replace('½', ".5").replace(',', ".");
    let t = if t.starts_with('.') {
        format!("0{t}")
    } else {
        t
    };
    t.parse::<Points>().map_err(|_| {
        bad(
            field,
            Msg::new("team-bad-points").text("value", text.trim()),
        )
    })
}

/// A whole number field within `lo..=hi`; `None` when empty and `optional`.
fn whole(
    field: &str,
    text: &str,
    lo: u32,
    hi: u32,
    optional: bool,
) -> Result<Option<u32>, WebError> {
    let t = latin_number(text);
    if t.is_empty() && optional {
        return Ok(None);
    }
    match t.parse::<u32>() {
        Ok(n) if (lo..=hi).contains(&n) => Ok(Some(n)),
        _ => Err(bad(
            field,
            Msg::new("team-bad-number")
                .text("value", text.trim())
                .int("lo", lo)
                .int("hi", hi),
        )),
    }
}

impl SetupForm {
    /// The form showing `settings` (or the defaults for four boards).
    #[must_use]
    pub fn of(settings: Option<&TeamSettings>, seen: &str) -> SetupForm {
        let fresh = TeamSettings::new(4);
        let s = settings.unwrap_or(&fresh);
        SetupForm {
            csrf: String::new(),
            seen: seen.to_owned(),
            boards: s.boards.to_string(),
            mp_win: s.match_points.win.to_string(),
            mp_draw: s.match_points.draw.to_string(),
            mp_loss: s.match_points.loss.to_string(),
            primary: s.primary.code().to_owned(),
            first_colour: match s.first_team_colour(1) {
                Colour::White => "white".into(),
                Colour::Black => "black".into(),
            },
            colour_preferences: s.colour_preferences.as_str().to_owned(),
            rating_boards: s.rating_boards.map(|n| n.to_string()).unwrap_or_default(),
            bye_mp: s.bye_match_points.to_string(),
            bye_gp: s.bye_game_points.to_string(),
            deadline: s
                .lineup_deadline_minutes
                .map(|n| n.to_string())
                .unwrap_or_default(),
        }
    }

    /// The form as the reader reads numbers: the reader's digits and decimal separator, a
    /// whole number of points without `.0` (`2.0` → `2`, «۲»; `1.5` → «۱٫۵»). The fields read
    /// these back ([`latin_number`]).
    #[must_use]
    pub fn in_digits(mut self, l: &crate::l10n::L10n) -> SetupForm {
        for f in [
            &mut self.boards,
            &mut self.mp_win,
            &mut self.mp_draw,
            &mut self.mp_loss,
            &mut self.rating_boards,
            &mut self.bye_mp,
            &mut self.bye_gp,
            &mut self.deadline,
        ] {
            let whole = f.strip_suffix(".0").unwrap_or(f).to_owned();
            *f = l.digits(&whole);
        }
        self
    }

    /// The settings the form gives.
    ///
    /// # Errors
    /// [`WebError::BadRequest`] naming the field.
    pub fn settings(&self) -> Result<TeamSettings, WebError> {
        let boards = whole("boards", &self.boards, 1, 99, false)?.unwrap_or(4);
        let boards = u8::try_from(boards).unwrap_or(4);
        let mut s = TeamSettings::new(boards);
        s.match_points = MatchPointSystem {
            win: points_field("mp_win", &self.mp_win)?,
            draw: points_field("mp_draw", &self.mp_draw)?,
            loss: points_field("mp_loss", &self.mp_loss)?,
        };
        if s.match_points.win <= s.match_points.draw || s.match_points.draw < s.match_points.loss {
            return Err(bad("mp_win", Msg::new("team-bad-match-points")));
        }
        s.primary = PrimaryScore::parse(&self.primary).ok_or_else(|| {
            bad(
                "primary",
                Msg::new("team-bad-choice").text("value", &self.primary),
            )
        })?;
        let first = match self.first_colour.trim() {
            "white" | "" => Colour::White,
            "black" => Colour::Black,
            other => {
                return Err(bad(
                    "first_colour",
                    Msg::new("team-bad-choice").text("value", other),
                ));
            }
        };
        s.first_team_colours = alternating_colours(boards, first);
        s.colour_preferences =
            TeamColourPreferences::parse(&self.colour_preferences).ok_or_else(|| {
                bad(
                    "colour_preferences",
                    Msg::new("team-bad-choice").text("value", &self.colour_preferences),
                )
            })?;
        s.rating_boards = whole("rating_boards", &self.rating_boards, 1, 99, true)?
            .and_then(|n| u8::try_from(n).ok());
        s.bye_match_points = points_field("bye_mp", &self.bye_mp)?;
        s.bye_game_points = points_field("bye_gp", &self.bye_gp)?;
        s.lineup_deadline_minutes = whole("deadline", &self.deadline, 0, 10_080, true)?;
        Ok(s)
    }
}

/// The team form (`POST /tournaments/{id}/teams/add` and `.../teams/{n}/edit`).
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct TeamForm {
    /// The CSRF token.
    #[serde(default)]
    pub csrf: String,
    /// The tournament's last change when the form was shown.
    #[serde(default)]
    pub seen: String,
    /// The team's name.
    #[serde(default)]
    pub name: String,
    /// Its federation, three letters (optional).
    #[serde(default)]
    pub federation: String,
    /// Its club or school (optional).
    #[serde(default)]
    pub club: String,
    /// The captain's name (optional).
    #[serde(default)]
    pub captain: String,
    /// The roster in board order, one player per line: a registered player's pairing number,
    /// or a new player as `Name; rating; FIDE ID; federation` (all but the name optional).
    #[serde(default)]
    pub roster: String,
}

csrf_field!(TeamForm);

/// A roster line read: a registered player, or one to register.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RosterEntry {
    /// A registered player's pairing number.
    Registered(PairingNumber),
    /// A player to register (pairing number given when stored).
    New(Player),
}

/// The team's header fields, checked.
pub struct TeamFields {
    /// Name.
    pub name: String,
    /// Federation.
    pub federation: Option<String>,
    /// Club.
    pub club: Option<String>,
    /// Captain.
    pub captain: Option<String>,
}

fn opt(text: &str) -> Option<String> {
    Some(text.trim().to_owned()).filter(|s| !s.is_empty())
}

impl TeamForm {
    /// The fields the new-team form shows ([`crate::error::FormError`]).
    pub const FIELDS: [&'static str; 5] = ["name", "federation", "club", "captain", "roster"];

    /// The name, federation, club and captain.
    ///
    /// # Errors
    /// [`WebError::BadRequest`]: no name, a name over 32 characters (the TRF `013` field) or a
    /// club or captain over 100, a control character, a federation that is not three letters.
    pub fn fields(&self) -> Result<TeamFields, WebError> {
        use arbiter_tournament::input::{InputError, ShortText, TeamName};
        // The same gate as the team CSV and the TRF `013` (issue #22): trimmed, NFC, no control
        // character, 32 characters for the name (the TRF field), 100 for club and captain.
        let name: TeamName = self.name.parse().map_err(|e| match e {
            InputError::Empty => bad("name", Msg::new("team-name-missing")),
            e => crate::error::invalid("name", &e),
        })?;
        let optional = |field: &str, value: &str| -> Result<Option<String>, WebError> {
            if value.trim().is_empty() {
                return Ok(None);
            }
            let text: ShortText = value
                .parse()
                .map_err(|e| crate::error::invalid(field, &e))?;
            Ok(Some(text.to_string()))
        };
        let club = optional("club", &self.club)?;
        let captain = optional("captain", &self.captain)?;
        let federation = opt(&self.federation).map(|f| f.to_ascii_uppercase());
        if let Some(f) = &federation {
            if f.len() != 3 || !f.bytes().all(|b| b.is_ascii_uppercase()) {
                return Err(bad(
                    "federation",
                    Msg::new("team-bad-federation").text("value", f.clone()),
                ));
            }
        }
        Ok(TeamFields {
            name: name.to_string(),
            federation,
            club,
            captain,
        })
    }

    /// The roster lines, in board order.
    ///
    /// # Errors
    /// [`WebError::BadRequest`] naming the line: an unknown pairing number, a player twice, a
    /// bad rating or FIDE ID, an empty roster.
    pub fn roster(&self, t: &Tournament) -> Result<Vec<RosterEntry>, WebError> {
        let mut out = Vec::new();
        for (i, raw) in self.roster.lines().enumerate() {
            let line = raw.trim();
            if line.is_empty() {
                continue;
            }
            let field = format!("roster line {}", i + 1);
            let digits = latin_number(line);
            if digits.bytes().all(|b| b.is_ascii_digit()) {
                let pn: PairingNumber = digits.parse().unwrap_or(0);
                if t.player(pn).is_none() {
                    return Err(bad(
                        &field,
                        Msg::new("team-unknown-player").text("value", line),
                    ));
                }
                if out.contains(&RosterEntry::Registered(pn)) {
                    return Err(bad(
                        &field,
                        Msg::new("team-player-twice").text("value", line),
                    ));
                }
                out.push(RosterEntry::Registered(pn));
                continue;
            }
            let parts: Vec<&str> = split_list(line).into_iter().map(str::trim).collect();
            // The gate of every door (trimmed, NFC, no control or hidden character, 33
            // characters); a control or hidden character is named with its position.
            let name = match arbiter_tournament::input::PlayerName::new(parts[0]) {
                Ok(name) => name.into_string(),
                Err(e @ arbiter_tournament::input::InputError::ControlCharacter { .. }) => {
                    return Err(crate::error::invalid(&field, &e));
                }
                Err(_) => {
                    return Err(bad(
                        &field,
                        Msg::new("team-bad-player-name").text("value", parts[0]),
                    ));
                }
            };
            let mut p = Player::new(0, name);
            if let Some(r) = parts.get(1).filter(|s| !s.is_empty()) {
                p.rating = Some(
                    latin_number(r)
                        .parse::<u16>()
                        .ok()
                        .filter(|r| (1000..=3500).contains(r))
                        .ok_or_else(|| {
                            bad(&field, Msg::new("team-bad-rating").text("value", *r))
                        })?,
                );
            }
            if let Some(id) = parts.get(2).filter(|s| !s.is_empty()) {
                p.fide_id = Some(
                    latin_number(id)
                        .parse::<u64>()
                        .ok()
                        .filter(|n| *n > 0 && *n < 100_000_000_000)
                        .ok_or_else(|| {
                            bad(&field, Msg::new("team-bad-fide-id").text("value", *id))
                        })?,
                );
            }
            if let Some(f) = parts.get(3).filter(|s| !s.is_empty()) {
                let f = f.to_ascii_uppercase();
                if f.len() != 3 || !f.bytes().all(|b| b.is_ascii_uppercase()) {
                    return Err(bad(
                        &field,
                        Msg::new("team-bad-federation").text("value", f),
                    ));
                }
                p.federation = Some(f);
            }
            out.push(RosterEntry::New(p));
        }
        if out.is_empty() {
            return Err(bad("roster", Msg::new("team-roster-empty")));
        }
        Ok(out)
    }
}

/// The captain form (`POST /tournaments/{id}/teams/captains`).
#[derive(Clone, Debug, Default, Deserialize)]
pub struct CaptainForm {
    /// The CSRF token.
    #[serde(default)]
    pub csrf: String,
    /// The account's e-mail address.
    #[serde(default)]
    pub email: String,
    /// The team number, or `none` to take the role away.
    #[serde(default)]
    pub team: String,
}

csrf_field!(CaptainForm);

/// The pairing form (`POST /tournaments/{id}/teams/pair`) and the seating form
/// (`POST /tournaments/{id}/rounds/{r}/seat`).
#[derive(Clone, Debug, Default, Deserialize)]
pub struct RoundForm {
    /// The CSRF token.
    #[serde(default)]
    pub csrf: String,
    /// The tournament's last change when the form was shown.
    #[serde(default)]
    pub seen: String,
    /// `round-robin`, `double-round-robin` or `swiss` (pairing only).
    #[serde(default)]
    pub system: String,
}

csrf_field!(RoundForm);

/// The line-up form: `board_1`, `board_2`, ... each a pairing number or empty.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct LineupForm {
    /// The CSRF token.
    #[serde(default)]
    pub csrf: String,
    /// The board fields.
    #[serde(flatten)]
    pub boards: BTreeMap<String, String>,
}

csrf_field!(LineupForm);

impl LineupForm {
    /// The line-up for `boards` boards.
    ///
    /// # Errors
    /// [`WebError::BadRequest`] naming the board field whose value is not a pairing number.
    pub fn lineup(&self, boards: u8) -> Result<Vec<Option<PairingNumber>>, WebError> {
        (1..=boards)
            .map(|k| {
                let field = format!("board_{k}");
                let v = self
                    .boards
                    .get(&field)
                    .map(|v| latin_number(v))
                    .unwrap_or_default();
                if v.is_empty() {
                    return Ok(None);
                }
                v.parse::<PairingNumber>()
                    .map(Some)
                    .map_err(|_| bad(&field, Msg::new("team-unknown-player").text("value", v)))
            })
            .collect()
    }
}
