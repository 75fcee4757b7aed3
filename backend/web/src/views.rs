//! What pages and the API show, computed from the model: standings with the tournament's
//! tie-breaks, result and bye texts, formatted values.

use arbiter_tournament::tiebreak::{
    Edition, Note, Standings, StandingsOptions, TieBreak, Value, default_tiebreaks, is_round_robin,
    standings,
};
use arbiter_tournament::{
    Colour, GameResult, PartialDate, Player, ResultCode, RoundState, Tournament,
};
use serde::Serialize;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::l10n::L10n;

/// Standings and how they were made.
#[derive(Clone, Debug)]
pub struct StandingsData {
    /// The tie-breaks, in order (the first is normally `PTS`).
    pub tiebreaks: Vec<TieBreak>,
    /// The options given to the computation.
    pub options: StandingsOptions,
    /// The standings.
    pub standings: Standings,
}

/// The tournament's standings after `after` (default: the last round with results), with its
/// tie-break list (TRF-2026 `212`/`202`, else the FIDE default for a Swiss or a round robin, as
/// `arbiter standings` chooses) and its C.07 edition (else the one in force at the start).
#[must_use]
pub fn standings_for(t: &Tournament, after: Option<u16>) -> StandingsData {
    let after = after.map(|a| a.min(t.last_round()));
    let r = usize::from(after.unwrap_or_else(|| t.last_round()));
    let tiebreaks = default_tiebreaks(t, is_round_robin(t, r));
    let options = StandingsOptions {
        edition: t
            .tiebreak_edition
            .as_deref()
            .and_then(Edition::parse)
            .filter(|e| matches!(e, Edition::E2024 | Edition::E2026)),
        after_round: after,
        round_robin: None,
    };
    let standings = standings(t, &tiebreaks, &options);
    StandingsData {
        tiebreaks,
        options,
        standings,
    }
}

/// A tie-break value with the digits its kind is written with (`-` when undefined).
#[must_use]
pub fn format_value(tb: Option<&TieBreak>, v: Option<Value>) -> String {
    let d = tb.map_or(1, |tb| tb.kind.decimals());
    v.map_or_else(|| "-".to_owned(), |v| v.format(d))
}

/// One line of the standings as JSON, the shape of `arbiter standings --format json`.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct StandingJson {
    /// The player's pairing (start) number.
    pub start_number: u16,
    /// The rank (ties share it).
    pub rank: u32,
    /// The name.
    pub name: String,
    /// Each tie-break by its code with modifiers (`"BH/C1"`), as a number with the kind's digits,
    /// or `null` when undefined.
    #[schema(value_type = Object)]
    pub tiebreaks: serde_json::Map<String, serde_json::Value>,
}

/// The standings as JSON lines.
#[must_use]
pub fn standings_json(data: &StandingsData) -> Vec<StandingJson> {
    let names: Vec<String> = data.tiebreaks.iter().map(ToString::to_string).collect();
    data.standings
        .rows
        .iter()
        .map(|row| {
            let mut map = serde_json::Map::new();
            for (i, n) in names.iter().enumerate() {
                let v = row.values.get(i).copied().flatten();
                let number = v.and_then(|v| {
                    // Exact decimal text, read back as a JSON number.
                    serde_json::from_str::<serde_json::Number>(&format_value(
                        data.tiebreaks.get(i),
                        Some(v),
                    ))
                    .ok()
                });
                map.insert(
                    n.clone(),
                    number.map_or(serde_json::Value::Null, serde_json::Value::Number),
                );
            }
            StandingJson {
                start_number: row.pairing_number,
                rank: row.rank,
                name: row.name.clone(),
                tiebreaks: map,
            }
        })
        .collect()
}

/// One player's symbol in a result: `1`, `½`, `0`, `+` (forfeit win), `−` (forfeit loss), `?`
/// (unknown, adjourned), empty while pending.
#[must_use]
pub const fn code_symbol(code: ResultCode) -> &'static str {
    match code {
        ResultCode::Win | ResultCode::UnratedWin | ResultCode::FullBye | ResultCode::Pab => "1",
        ResultCode::Draw | ResultCode::UnratedDraw | ResultCode::HalfBye => "½",
        ResultCode::Loss | ResultCode::UnratedLoss | ResultCode::ZeroBye => "0",
        ResultCode::ForfeitWin => "+",
        ResultCode::ForfeitLoss => "−",
        ResultCode::Unknown => "?",
        ResultCode::Blank => "",
    }
}

/// A game's result as printed on a pairing list: `1–0`, `½–½`, `+–−`, `0–½` (a penalty), `?–?`,
/// or an empty string while pending.
#[must_use]
pub fn result_text(r: &GameResult) -> String {
    if r.white == ResultCode::Blank && r.black == ResultCode::Blank {
        return String::new();
    }
    format!("{}–{}", code_symbol(r.white), code_symbol(r.black))
}

/// What a result without an opponent is called.
#[must_use]
pub const fn bye_text(code: ResultCode) -> &'static str {
    match code {
        ResultCode::Pab => "pairing-allocated bye (PAB)",
        ResultCode::FullBye => "full-point bye",
        ResultCode::HalfBye => "half-point bye",
        ResultCode::ZeroBye => "zero-point bye",
        ResultCode::ForfeitLoss => "absent (forfeit)",
        ResultCode::Blank => "absent, no entry",
        _ => "other",
    }
}

/// A round's state in words.
#[must_use]
pub const fn state_text(s: RoundState) -> &'static str {
    match s {
        RoundState::Planned => "planned",
        RoundState::Paired => "paired",
        RoundState::Published => "published",
        RoundState::Complete => "complete",
    }
}

/// The stable name of a round state in the API: `planned`, `paired`, `published`, `complete`.
#[must_use]
pub const fn state_code(s: RoundState) -> &'static str {
    state_text(s)
}

/// `w`, `b` or `-`.
#[must_use]
pub fn colour_letter(c: Option<Colour>) -> String {
    c.map_or('-', Colour::trf_char).to_string()
}

/// A player's name with the title before it (`GM Vasquez, Rodrigo`).
#[must_use]
pub fn titled_name(p: &Player) -> String {
    match &p.title {
        Some(t) => format!("{} {}", t.as_str(), p.name),
        None => p.name.clone(),
    }
}

/// An optional value as text, empty when absent.
#[must_use]
pub fn opt<T: ToString>(v: Option<T>) -> String {
    v.map(|v| v.to_string()).unwrap_or_default()
}

/// What every tournament page shows at the top: its name, place and dates, and the labels of
/// its links (rounds and players, standings, crosstable, rating changes, norms, prizes).
pub(crate) struct Head {
    pub(crate) id: String,
    pub(crate) name: String,
    /// The place (data, shown isolated) and the dates, with the separator between them.
    pub(crate) place: String,
    pub(crate) dates: String,
    pub(crate) separator: String,
    pub(crate) nav: [String; 6],
    /// The links of a team event's pages (path after the tournament's, label); empty for an
    /// individual tournament.
    pub(crate) team_nav: Vec<(&'static str, String)>,
}

impl Head {
    /// The place and the dates in one line (`Hamburg, 2005/07/28 – 2005/07/31`).
    pub(crate) fn subtitle(&self) -> String {
        match (self.place.is_empty(), self.dates.is_empty()) {
            (false, false) => format!("{}{}{}", self.place, self.separator, self.dates),
            (false, true) => self.place.clone(),
            _ => self.dates.clone(),
        }
    }
}

/// The head of a page in the reader's language: the dates in the reader's calendar (Solar
/// Hijri in Persian), the links' labels from the catalogue.
pub(crate) fn head_in(id: Uuid, t: &Tournament, l: &L10n) -> Head {
    let dates = match t.start_date {
        Some(_) => dates_text(t.start_date, t.end_date, l),
        None => String::new(),
    };
    Head {
        id: id.to_string(),
        name: t.name.clone().unwrap_or_else(|| l.t("unnamed")),
        place: t.city.clone().unwrap_or_default(),
        dates,
        separator: l.t("list-separator"),
        nav: [
            l.t("nav-rounds-players"),
            l.t("nav-standings"),
            l.t("nav-crosstable"),
            l.t("nav-ratings"),
            l.t("nav-norms"),
            l.t("nav-prizes"),
        ],
        team_nav: if t.team.is_some() {
            [
                ("teams", "tpub-nav-teams"),
                ("team-standings", "tpub-nav-standings"),
                ("team-crosstable", "tpub-nav-crosstable"),
                ("board-standings", "tpub-nav-boards"),
            ]
            .into_iter()
            .map(|(path, key)| (path, l.t(key)))
            .collect()
        } else {
            Vec::new()
        },
    }
}

/// An event's dates (a range, or one date) in the reader's language. English pages write them
/// `2005/07/28 – 2005/07/31`, TRF's form; the other languages in the reader's calendar (Solar
/// Hijri in Persian) and digits. A date known only in part (a year, a year and a month) is its
/// ISO text in the reader's digits (`2005-07`): a Gregorian month has no single counterpart in
/// another calendar.
pub(crate) fn dates_text(start: Option<PartialDate>, end: Option<PartialDate>, l: &L10n) -> String {
    let english = l.language() == crate::l10n::Lang::EN;
    let one = |d: PartialDate| match (d.full(), english) {
        (Some(_), true) => d.trf(),
        (Some(full), false) => l.date(full),
        (None, true) => d.to_string(),
        (None, false) => l.digits(&d.to_string()),
    };
    match (start, end) {
        (Some(s), Some(e)) if s != e => match (s.full(), e.full()) {
            (Some(fs), Some(fe)) if !english && fs <= fe => l.date_range(fs, fe),
            _ => format!("{} – {}", one(s), one(e)),
        },
        (Some(d), _) | (None, Some(d)) => one(d),
        (None, None) => String::new(),
    }
}

/// A round's state in the reader's language.
pub(crate) fn state_in(s: RoundState, l: &L10n) -> String {
    l.t(match s {
        RoundState::Planned => "state-planned",
        RoundState::Paired => "state-paired",
        RoundState::Published => "state-published",
        RoundState::Complete => "state-complete",
    })
}

/// A pairing system's name in the reader's language (the labels of `PairingSystem::ALL`).
pub(crate) fn system_in(s: arbiter_tournament::PairingSystem, l: &L10n) -> String {
    let code = arbiter_tournament::PairingSystem::ALL
        .iter()
        .find(|(x, _, _)| *x == s)
        .map_or("", |&(_, code, _)| code);
    l.t(match code {
        "FIDE_DUTCH_2025" => "system-dutch-2026",
        "FIDE_DUTCH" => "system-dutch-2017",
        "FIDE_ROUNDROBIN" => "system-round-robin",
        _ => "system-double-round-robin",
    })
}

/// A tie-break in the reader's language: its name, then its code as FIDE writes it (C.07), e.g.
/// `Buchholz (BH/C1)`, `بوخهولتس (BH/C1)`.
pub(crate) fn tiebreak_in(tb: &TieBreak, l: &L10n) -> String {
    use arbiter_tournament::tiebreak::Kind;
    let name = l.t(match tb.kind {
        Kind::Pts => "tb-PTS",
        Kind::De => "tb-DE",
        Kind::Win => "tb-WIN",
        Kind::Won => "tb-WON",
        Kind::Bpg => "tb-BPG",
        Kind::Bwg => "tb-BWG",
        Kind::Ps => "tb-PS",
        Kind::Rep => "tb-REP",
        Kind::Vur => "tb-VUR",
        Kind::Num => "tb-NUM",
        Kind::Bh => "tb-BH",
        Kind::Aob => "tb-AOB",
        Kind::Fb => "tb-FB",
        Kind::Sb => "tb-SB",
        Kind::Ks => "tb-KS",
        Kind::Aro => "tb-ARO",
        Kind::Tpr => "tb-TPR",
        Kind::Ptp => "tb-PTP",
        Kind::Apro => "tb-APRO",
        Kind::Appo => "tb-APPO",
        Kind::Rtng => "tb-RTNG",
        Kind::Rtg => "tb-RTG",
        Kind::MpVgp => "tb-MPVGP",
        Kind::Bc => "tb-BC",
        Kind::Tbr => "tb-TBR",
        Kind::Bbe => "tb-BBE",
        Kind::Emmsb => "tb-EMMSB",
        Kind::Emgsb => "tb-EMGSB",
        Kind::Egmsb => "tb-EGMSB",
        Kind::Eggsb => "tb-EGGSB",
        Kind::Ede => "tb-EDE",
        Kind::Edec => "tb-EDEC",
        Kind::Edet => "tb-EDET",
        Kind::Edeb => "tb-EDEB",
        Kind::Edebt => "tb-EDEBT",
        Kind::Edebb => "tb-EDEBB",
        Kind::Sssc => "tb-SSSC",
    });
    l.ta("tb-named", &[("name", name), ("code", tb.to_string())])
}

/// The edition of the tie-break regulations (C.07) a value follows, dated in the reader's
/// calendar and digits: the month the edition is dated by (2024-08: `August 2024`, «مرداد ۱۴۰۳»;
/// 2026-03: `March 2026`, «اسفند ۱۴۰۴», its first day's month), the year of the 2022 rules.
pub(crate) fn edition_in(e: Edition, l: &L10n) -> String {
    let month = |y, m| chrono::NaiveDate::from_ymd_opt(y, m, 1).map(|d| l.month(d));
    let date = match e {
        Edition::E2022 => None,
        Edition::E2024 => month(2024, 8),
        Edition::E2026 => month(2026, 3),
    };
    l.t1("tb-edition", "date", &date.unwrap_or_else(|| l.int(2022)))
}

/// A tie-break as a player card heads it: its worded name with its code, and the edition of the
/// regulations it follows ([`tiebreak_in`], [`edition_in`]).
pub(crate) fn tiebreak_with_edition(tb: &TieBreak, e: Edition, l: &L10n) -> String {
    l.ta(
        "tb-with-edition",
        &[
            ("tiebreak", tiebreak_in(tb, l)),
            ("edition", edition_in(e, l)),
        ],
    )
}

/// The direction a typed value is shown in: `ltr` when it has no right-to-left letter (a time
/// control `90 min + 30 s` or `40/120, 60`, whose digits and signs would otherwise be reordered
/// in a right-to-left sentence), empty (its own, from its first letter) otherwise.
pub(crate) fn latin_syntax_dir(text: &str) -> &'static str {
    let rtl = |c: char| matches!(c, '\u{0590}'..='\u{08FF}' | '\u{FB1D}'..='\u{FEFC}');
    if text.chars().any(rtl) { "" } else { "ltr" }
}

/// The tournament's type in the reader's language: a team event, else the individual event by
/// its pairing system (TRF-2026 `192`); the stored free text (TRF `092`) when neither says.
pub(crate) fn type_in(t: &Tournament, l: &L10n) -> Option<String> {
    use arbiter_tournament::PairingSystem;
    if t.team.is_some() {
        return Some(l.t("type-team"));
    }
    let system = t
        .pairing_system
        .as_deref()
        .and_then(PairingSystem::from_code);
    match system {
        Some(PairingSystem::Dutch(_)) => Some(l.t("type-individual-swiss")),
        Some(_) => Some(l.t("type-individual-round-robin")),
        // A TRF16 file's `092` says it in English words (`Individual: Swiss-System`).
        None => {
            let text = t.tournament_type.as_deref()?.to_ascii_lowercase();
            if text.contains("team") {
                Some(l.t("type-team"))
            } else if text.contains("swiss") {
                Some(l.t("type-individual-swiss"))
            } else if text.contains("robin") || text.contains("berger") {
                Some(l.t("type-individual-round-robin"))
            } else {
                t.tournament_type.clone()
            }
        }
    }
}

/// The pairing systems for a form's choice: each one's `192` code and name in the reader's
/// language.
pub(crate) fn systems_in(l: &L10n) -> Vec<(&'static str, String)> {
    arbiter_tournament::PairingSystem::ALL
        .iter()
        .map(|&(s, code, _)| (code, system_in(s, l)))
        .collect()
}

/// What a result without an opponent is called, in the reader's language.
pub(crate) fn bye_in(code: ResultCode, l: &L10n) -> String {
    l.t(match code {
        ResultCode::Pab => "bye-pab",
        ResultCode::FullBye => "bye-full",
        ResultCode::HalfBye => "bye-half",
        ResultCode::ZeroBye => "bye-zero",
        ResultCode::ForfeitLoss => "bye-forfeit",
        ResultCode::Blank => "bye-blank",
        _ => "bye-other",
    })
}

/// The player's rating change in the event (FIDE Rating Regulations B.02) on the list the event
/// is rated on ([`arbiter_tournament::rating_change::RatingListKind::infer`]): the change (`+12.4`)
/// for a rated player with a rated game, the initial rating for an unrated player who earned one;
/// `None` otherwise. As the label and the value of a player card's fact, in the reader's digits.
pub(crate) fn rating_change_fact(t: &Tournament, pn: u16, l: &L10n) -> Option<(String, String)> {
    use arbiter_tournament::rating_change::{
        InitialOutcome, RatingListKind, RatingRules, player_change,
    };
    let p = t.player(pn)?;
    let rules = RatingRules::for_event(t, RatingListKind::infer(t).list);
    let c = player_change(t, p, &rules);
    if let Some(change) = c.change {
        return Some((l.t("fact-rating-change"), l.digits(&change.to_string())));
    }
    match c.initial.map(|i| i.outcome) {
        Some(InitialOutcome::Published { rating }) => {
            Some((l.t("fact-initial-rating"), l.int(rating)))
        }
        _ => None,
    }
}

/// The catalogue key naming one of FIDE's three rating lists (B.02 Art. 1: standard, rapid,
/// blitz), for the ratings, the rating-list and the refresh pages.
pub(crate) const fn rating_list_key(
    list: arbiter_tournament::rating_list::RatingListKind,
) -> &'static str {
    use arbiter_tournament::rating_list::RatingListKind as K;
    match list {
        K::Standard => "ratings-list-standard",
        K::Rapid => "ratings-list-rapid",
        K::Blitz => "ratings-list-blitz",
    }
}

/// How a round counted in a tie-break (C.07), in the reader's language; empty for a game
/// played over the board.
pub(crate) fn note_in(note: Note, l: &L10n) -> String {
    let key = match note {
        Note::Played => return String::new(),
        Note::ForfeitAsPlayed => "note-forfeit-as-played",
        Note::ForeDraw => "note-fore-draw",
        Note::DummyOwnScore => "note-dummy-own-score",
        Note::DummyCappedByOpponent => "note-dummy-capped-by-opponent",
        Note::DummyCappedByDraws => "note-dummy-capped-by-draws",
        Note::NotCounted => "note-not-counted",
        Note::BelowKoyaLimit => "note-below-koya-limit",
        Note::UnratedOpponent => "note-unrated-opponent",
    };
    l.t(key)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_read_as_on_a_pairing_list() {
        assert_eq!(result_text(&GameResult::white_wins()), "1–0");
        assert_eq!(result_text(&GameResult::draw()), "½–½");
        assert_eq!(result_text(&GameResult::forfeit(Colour::Black)), "−–+");
        assert_eq!(result_text(&GameResult::pending()), "");
        assert_eq!(result_text(&GameResult::unknown()), "?–?");
        assert_eq!(bye_text(ResultCode::Pab), "pairing-allocated bye (PAB)");
    }
}
