//! The short marks a crosstable cell or a card's line is made of, in the reader's language: the
//! colour a player had and the result of a round. English keeps the TRF letters (`w`, `b`; `1`,
//! `=`, `0`, `+`, `-`, `H`, `F`, `U`, `Z`, ...: FIDE Handbook C.04 Annex 2, TRF-2026 field
//! `Result`), which an English reader of a crosstable knows; Persian and Arabic get marks that do
//! not depend on the Latin alphabet (○ White, ● Black; ½ a draw) and worded byes, as the
//! catalogues (`marks.ftl`) say. Every mark goes through [`L10n::digits`].

use arbiter_tournament::team::{MatchForfeit, TeamEvent, TeamMatch};
use arbiter_tournament::{Colour, ResultCode};

use crate::l10n::L10n;

/// The mark of the colour a player had in a round: `w`/`b` in English, ○/● in Persian and
/// Arabic; `-` when the round has no colour (a bye, an absence).
#[must_use]
pub fn colour_mark(c: Option<Colour>, l: &L10n) -> String {
    match c {
        Some(Colour::White) => l.t("mark-white"),
        Some(Colour::Black) => l.t("mark-black"),
        None => "-".to_owned(),
    }
}

/// The name a result code has in the catalogues' `mark-result` and `result-word` selectors.
const fn code_name(code: ResultCode) -> &'static str {
    match code {
        ResultCode::Win => "win",
        ResultCode::Draw => "draw",
        ResultCode::Loss => "loss",
        ResultCode::UnratedWin => "unrated-win",
        ResultCode::UnratedDraw => "unrated-draw",
        ResultCode::UnratedLoss => "unrated-loss",
        ResultCode::ForfeitWin => "forfeit-win",
        ResultCode::ForfeitLoss => "forfeit-loss",
        ResultCode::HalfBye => "half-bye",
        ResultCode::FullBye => "full-bye",
        ResultCode::Pab => "pab",
        ResultCode::ZeroBye => "zero-bye",
        ResultCode::Unknown => "unknown",
        ResultCode::Blank => "blank",
    }
}

/// The mark of a round's result code in a crosstable cell, in the reader's digits: the TRF code
/// in English (`1`, `=`, `U`), `۱`, `½`, `۰`, `+`, `−` and short words for the byes in Persian
/// and Arabic; empty for [`ResultCode::Blank`].
#[must_use]
pub fn result_mark(code: ResultCode, l: &L10n) -> String {
    l.digits(&l.t1("mark-result", "code", code_name(code)))
}

/// A round's result code as a word (`win`, «برد», «فوز»; `forfeit win`; `pairing-allocated
/// bye`), for the explanation of a tie-break round by round.
#[must_use]
pub fn result_word(code: ResultCode, l: &L10n) -> String {
    l.t1("result-word", "code", code_name(code))
}

/// A crosstable cell: the opponent's rank (or team number), the colour mark and the result
/// mark (`10w1`; `۱۰○۱` in Persian), in the reader's digits; the result mark alone without an
/// opponent.
#[must_use]
pub fn cell(opponent: Option<u32>, colour: Option<Colour>, code: ResultCode, l: &L10n) -> String {
    match opponent {
        Some(o) => format!(
            "{}{}{}",
            l.int(o),
            colour_mark(colour, l),
            result_mark(code, l)
        ),
        None => result_mark(code, l),
    }
}

/// How a team match was forfeited (TRF-2026 `330`), as a sentence naming the team that won it
/// (empty when it was not forfeited).
pub(crate) fn forfeit_text(e: &TeamEvent, m: &TeamMatch, l: &L10n) -> String {
    let name = |n| {
        e.team(n)
            .map_or_else(|| format!("#{n}"), |t| t.name.clone())
    };
    match m.forfeit {
        None => String::new(),
        Some(MatchForfeit::FirstWins) => {
            l.ta("tpub-forfeit-won", &[("team", l.data(&name(m.first)))])
        }
        Some(MatchForfeit::SecondWins) => {
            l.ta("tpub-forfeit-won", &[("team", l.data(&name(m.second)))])
        }
        Some(MatchForfeit::Both) => l.t("tpub-forfeit-both"),
    }
}
