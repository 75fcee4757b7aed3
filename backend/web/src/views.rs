//! What pages and the API show, computed from the model: standings with the tournament's
//! tie-breaks, result and bye texts, formatted values.

use arbiter_tournament::arbiter::LawsEdition;
use arbiter_tournament::tiebreak::{
    Edition, Standings, StandingsOptions, TieBreak, Value, default_tiebreaks, is_round_robin,
    standings,
};
use arbiter_tournament::{Colour, GameResult, Player, ResultCode, RoundState, Tournament};
use serde::Serialize;
use uuid::Uuid;

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
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct StandingJson {
    /// The player's pairing (start) number.
    pub start_number: u16,
    /// The rank (ties share it).
    pub rank: u32,
    /// The name.
    pub name: String,
    /// Each tie-break by its code with modifiers (`"BH/C1"`), as a number with the kind's digits,
    /// or `null` when undefined.
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

/// What every tournament page shows at the top.
pub(crate) struct Head {
    pub(crate) id: String,
    pub(crate) name: String,
    pub(crate) subtitle: String,
}

pub(crate) fn head(id: Uuid, t: &Tournament) -> Head {
    let mut parts = Vec::new();
    if let Some(c) = &t.city {
        parts.push(c.clone());
    }
    match (&t.start_date, &t.end_date) {
        (Some(s), Some(e)) if s != e => parts.push(format!("{s} – {e}")),
        (Some(s), _) => parts.push(s.clone()),
        _ => {}
    }
    Head {
        id: id.to_string(),
        name: t.name.clone().unwrap_or_else(|| "(unnamed)".into()),
        subtitle: parts.join(", "),
    }
}

/// The edition in words, for pages.
pub(crate) const fn edition_words(e: LawsEdition) -> &'static str {
    match e {
        LawsEdition::Laws2001 => "2001",
        LawsEdition::Later => "later (2014 onwards)",
    }
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
