//! The review of a pairing changed by hand (`arbiter_tournament::ReviewFinding`) in the
//! catalogues' words; English exactly as the tournament crate writes it. How a pairing differs
//! from the Dutch system's is the checker's account in the Handbook's terms and stays English,
//! isolated inside the sentence.

use arbiter_tournament::{NamedPlayer, ReviewFinding};

use super::Msg;

/// A player as the review names them: `12 Rezaei, Ali` (the name isolated as data).
fn player(p: &NamedPlayer) -> Msg {
    match &p.name {
        Some(n) => Msg::new("review-player")
            .int("n", p.pairing_number)
            .data("name", n.as_str()),
        None => Msg::new("review-number").int("n", p.pairing_number),
    }
}

/// One finding.
pub(crate) fn finding(f: &ReviewFinding) -> Msg {
    match f {
        ReviewFinding::NotPairable(p) => Msg::new("review-not-pairable").msg("player", player(p)),
        ReviewFinding::Unpaired(p) => Msg::new("review-unpaired").msg("player", player(p)),
        ReviewFinding::Twice(p) => Msg::new("review-twice").msg("player", player(p)),
        ReviewFinding::Rematch(a, b) => Msg::new("review-rematch")
            .msg("a", player(a))
            .msg("b", player(b)),
        ReviewFinding::ByeNotAllowed(p) => {
            Msg::new("review-bye-not-allowed").msg("player", player(p))
        }
        ReviewFinding::SameAbsoluteColour(a, b) => Msg::new("review-same-absolute-colour")
            .msg("a", player(a))
            .msg("b", player(b)),
        ReviewFinding::NotTheEngines(how) => {
            Msg::new("review-not-the-engines").ltr("how", how.as_str())
        }
        ReviewFinding::NotRegistered(pn) => Msg::new("review-not-registered").int("n", *pn),
        ReviewFinding::NotInRound(p) => Msg::new("review-not-in-round").msg("player", player(p)),
        ReviewFinding::NotInTable {
            white,
            black,
            round,
        } => Msg::new("review-not-in-table")
            .msg("white", player(white))
            .msg("black", player(black))
            .int("round", *round),
    }
}

/// The findings as a list: `a; b; c`.
pub(crate) fn findings<'a>(list: impl IntoIterator<Item = &'a ReviewFinding>) -> Option<Msg> {
    list.into_iter()
        .map(finding)
        .reduce(|all, f| Msg::new("review-list").msg("list", all).msg("item", f))
}
