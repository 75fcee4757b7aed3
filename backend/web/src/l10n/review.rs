//! The review of a pairing changed by hand (`arbiter_tournament::ReviewFinding`) in the
//! catalogues' words; English exactly as the tournament crate writes it. How a pairing differs
//! from the Dutch system's is the checker's account in the Handbook's terms and stays English,
//! isolated inside the sentence.

use arbiter_tournament::criteria::Comparison;
use arbiter_tournament::pairing_check::{BoardDifference, Finding};
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
            Msg::new("review-not-the-engines").msg("how", differs(how))
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

/// How a pairing changed by hand differs from the engine's: the boards, and the criterion on
/// which it loses (or that it ties), or the colours reversed.
fn differs(f: &Finding) -> Msg {
    match f {
        Finding::DiffersFromEngine {
            boards, verdict, ..
        } => {
            let verdict = match verdict {
                Comparison::Worse(d) => {
                    Msg::new("check-worse").msg("difference", super::explain::difference(d))
                }
                Comparison::Better(d) => {
                    Msg::new("check-better").msg("difference", super::explain::difference(d))
                }
                Comparison::Equal => Msg::new("check-equal"),
            };
            Msg::new("check-differs")
                .msg("boards", board_list(boards))
                .msg("verdict", verdict)
        }
        Finding::ColoursDiffer(boards) => {
            Msg::new("check-colours-reversed").msg("boards", board_list(boards))
        }
        // The other findings are reported on their own (ReviewFinding's other variants).
        other => Msg::plain(other.to_string()),
    }
}

/// Boards as the checker lists them: `board 3: 5-8 (the engine: 5-7, 8-6); PAB to 9 (...)`.
fn board_list(boards: &[BoardDifference]) -> Msg {
    boards
        .iter()
        .map(|b| {
            let engine = b
                .engine
                .iter()
                .map(|&(w, bl)| {
                    if bl == 0 {
                        Msg::new("check-engine-pab").int("player", w)
                    } else {
                        Msg::new("check-engine-pair")
                            .int("white", w)
                            .int("black", bl)
                    }
                })
                .reduce(|all, one| Msg::new("check-comma").msg("list", all).msg("item", one))
                .unwrap_or_else(|| Msg::plain(""));
            let at = if b.board == 0 {
                Msg::new("check-pab").int("player", b.white)
            } else {
                Msg::new("check-board")
                    .int("board", i64::try_from(b.board).unwrap_or(i64::MAX))
                    .int("white", b.white)
                    .int("black", b.black)
            };
            Msg::new("check-board-engine")
                .msg("at", at)
                .msg("engine", engine)
        })
        .reduce(|all, one| Msg::new("review-list").msg("list", all).msg("item", one))
        .unwrap_or_else(|| Msg::plain(""))
}
