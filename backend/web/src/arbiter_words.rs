//! The arbiter's pages in the reader's language: the words they share (colours, times, results,
//! the edition of the Laws) and the domain errors of the rules core, the tournament crate and
//! `arbiter_db::arbiter` as catalogue messages ([`Msg`]). The other crates keep their English
//! `Display`; this module matches their public variants and says the same in `fa` and `ar`
//! (English identical to the `Display`).

use arbiter_db::arbiter::ArbiterError;
use arbiter_tournament::Colour;
use arbiter_tournament::arbiter::adjournment::AdjournmentError;
use arbiter_tournament::arbiter::adjournment::DrawOfferError;
use arbiter_tournament::arbiter::default_time::{DefaultTimeError, SelfCheckInError};
use arbiter_tournament::arbiter::penalty::PenaltyError;
use arbiter_tournament::arbiter::{LawsEdition, MovesError};

use crate::l10n::{L10n, Msg};

/// `White` or `Black` in the reader's language.
pub(crate) fn colour(l: &L10n, c: Colour) -> String {
    l.t(colour_key(c))
}

/// The catalogue key of a colour's name.
pub(crate) const fn colour_key(c: Colour) -> &'static str {
    match c {
        Colour::White => "colour-white",
        Colour::Black => "colour-black",
    }
}

/// A colour's name as a message argument.
pub(crate) const fn colour_msg(c: Colour) -> Msg {
    Msg::new(colour_key(c))
}

/// A local time or time used (`15:00:00`, `1:10:00`) in the reader's digits, left to right.
pub(crate) fn time(l: &L10n, text: &str) -> String {
    l.ltr(&l.digits(text))
}

/// A result as printed (`1–0`, `½–½`) in the reader's digits, left to right; empty stays empty.
pub(crate) fn result(l: &L10n, text: &str) -> String {
    if text.is_empty() {
        String::new()
    } else {
        l.ltr(&l.digits(text))
    }
}

/// The edition of the Laws in words (`2001`, `later (2014 onwards)`).
pub(crate) fn edition(l: &L10n, e: LawsEdition) -> String {
    match e {
        LawsEdition::Laws2001 => l.digits("2001"),
        LawsEdition::Later => l.t("laws-later"),
    }
}

/// An `arbiter_db::arbiter` refusal as a catalogue message (English as its `Display`).
pub(crate) fn arbiter_msg(e: &ArbiterError) -> Msg {
    match e {
        ArbiterError::NotFound(what) => Msg::new("dom-no-such").msg("what", what_msg(what)),
        ArbiterError::Conflict { current } => {
            Msg::new("dom-changed").int("version", current.version)
        }
        ArbiterError::AlreadyCheckedIn(first) => {
            Msg::new("dom-already-checked-in").digits("at", first.at.to_string())
        }
        ArbiterError::AlreadyDecided(kind) => Msg::new("dom-already-decided").msg(
            "kind",
            match kind.as_str() {
                "forfeit" => Msg::new("decision-forfeit"),
                "override" => Msg::new("decision-override"),
                other => Msg::plain(other),
            },
        ),
        ArbiterError::NotInProgress => Msg::new("dom-not-in-progress"),
        ArbiterError::AlreadyOpened => Msg::new("dom-already-opened"),
        ArbiterError::Adjournment(e) => adjournment_msg(e),
        ArbiterError::Penalty(e) => penalty_msg(e),
        ArbiterError::SelfCheckIn(e) => self_check_in_msg(e),
        e @ ArbiterError::Database(_) => Msg::plain(e.to_string()),
    }
}

/// What was not found, in the catalogues' words.
fn what_msg(what: &str) -> Msg {
    match what {
        "game" => Msg::new("what-a-game"),
        "tournament" => Msg::new("what-a-tournament"),
        "round" => Msg::new("what-a-round"),
        "envelope" => Msg::new("what-an-envelope"),
        "result" => Msg::new("what-a-result"),
        other => Msg::plain(other),
    }
}

/// A refusal of Appendix A as a catalogue message.
pub(crate) fn adjournment_msg(e: &AdjournmentError) -> Msg {
    match e {
        AdjournmentError::ReplierAbsent(c) => {
            Msg::new("dom-replier-absent").msg("colour", colour_msg(*c))
        }
        AdjournmentError::WrongState { state, wanted } => Msg::new("dom-wrong-state")
            .msg("state", envelope_state_msg(state.name()))
            .msg(
                "wanted",
                match *wanted {
                    "sealed" | "opened" | "draft" => envelope_state_msg(wanted),
                    other => Msg::plain(other),
                },
            ),
        AdjournmentError::NoMove => Msg::new("dom-no-move"),
        AdjournmentError::BadMoveText(t) => Msg::new("dom-bad-move-text").ltr("text", t.clone()),
        AdjournmentError::Tampered => Msg::new("dom-tampered"),
        AdjournmentError::Cipher => Msg::new("dom-cipher"),
        AdjournmentError::BadKey => Msg::new("dom-bad-key"),
        AdjournmentError::NeedsOpening => Msg::new("dom-needs-opening"),
        AdjournmentError::BadInfo { item, why } => Msg::new("dom-bad-info")
            .ltr("item", *item)
            .data("why", why.clone()),
        e @ AdjournmentError::Randomness(_) => Msg::plain(e.to_string()),
    }
}

/// An envelope's state (`draft`, `sealed`, `opened`) in the catalogues' words.
pub(crate) fn envelope_state_msg(state: &str) -> Msg {
    match state {
        "draft" => Msg::new("envelope-draft"),
        "sealed" => Msg::new("envelope-sealed"),
        "opened" => Msg::new("envelope-opened"),
        other => Msg::plain(other),
    }
}

/// A penalty the Laws refuse, as a catalogue message.
pub(crate) fn penalty_msg(e: &PenaltyError) -> Msg {
    match e {
        PenaltyError::NoReason => Msg::new("dom-penalty-no-reason"),
        PenaltyError::NoTime(a) => Msg::new("dom-penalty-no-time").ltr("article", *a),
        PenaltyError::NoResultYet(a) => Msg::new("dom-penalty-no-result").ltr("article", *a),
        PenaltyError::NotAReduction { from, to } => Msg::new("dom-penalty-not-reduction")
            .ltr("from", from.to_string())
            .ltr("to", to.to_string()),
        PenaltyError::AlreadyMaximum => Msg::new("dom-penalty-maximum"),
        PenaltyError::BadOpponentScore { article, code } => Msg::new("dom-penalty-opponent")
            .ltr("article", *article)
            .ltr("code", code.to_string()),
        PenaltyError::PhoneUnder2001Laws => Msg::new("dom-penalty-phone-2001"),
        PenaltyError::Unknown(s) => Msg::new("dom-penalty-unknown").ltr("kind", s.clone()),
        PenaltyError::NoSuchGame {
            round,
            white,
            black,
        } => Msg::new("dom-penalty-no-game")
            .int("round", i64::from(*round))
            .int("white", i64::from(*white))
            .int("black", i64::from(*black)),
    }
}

/// A refusal of the default time (Art. 6.7) as a catalogue message.
pub(crate) fn default_time_msg(e: &DefaultTimeError) -> Msg {
    match e {
        DefaultTimeError::OverrideWithoutReason => Msg::new("dom-override-no-reason"),
        DefaultTimeError::TooLong(n) => Msg::new("dom-default-too-long").int("n", *n),
    }
}

/// A refusal of a player's own check-in as a catalogue message.
fn self_check_in_msg(e: &SelfCheckInError) -> Msg {
    match e {
        SelfCheckInError::NotInRound => Msg::new("checkin-not-in-round"),
        SelfCheckInError::Decided => Msg::new("checkin-decided"),
        SelfCheckInError::DeadlinePassed { deadline } => Msg::new("checkin-too-late")
            .digits("time", deadline.format("%H:%M:%S").to_string())
            .digits("article", "6.7"),
    }
}

/// Moves that cannot be turned into a position, as a catalogue message (the rules core's own
/// explanation kept as data).
pub(crate) fn moves_msg(e: &MovesError) -> Msg {
    match e {
        MovesError::Syntax(why) => Msg::new("dom-moves-syntax").data("why", why.clone()),
        MovesError::BadStart { fen, reason } => Msg::new("dom-moves-bad-start")
            .ltr("fen", fen.clone())
            .data("why", reason.clone()),
        MovesError::BadMove { message, .. } => {
            Msg::new("dom-moves-bad-move").data("why", message.clone())
        }
        MovesError::GameOver { outcome, article } => Msg::new("dom-moves-game-over")
            .msg("outcome", outcome_msg(outcome))
            .digits("article", *article),
    }
}

/// How a game ended on the board (`checkmate`, `stalemate`, `dead_position`, ...).
pub(crate) fn outcome_msg(outcome: &str) -> Msg {
    match outcome {
        "checkmate" => Msg::new("report-outcome-checkmate"),
        "stalemate" => Msg::new("report-outcome-stalemate"),
        "dead_position" => Msg::new("report-outcome-dead-position"),
        other => Msg::plain(other),
    }
}

/// A draw offer that cannot be answered, as a catalogue message.
pub(crate) fn draw_offer_msg(e: &DrawOfferError) -> Msg {
    match e {
        DrawOfferError::NoOffer(c) => Msg::new("dom-no-offer-from").msg("colour", colour_msg(*c)),
    }
}

/// How an adjourned game ended (a sentence of the domain in English, with its article), as a
/// catalogue message: the English sentence as the domain wrote it; other languages name the
/// result and the article.
pub(crate) fn end_msg(end: &arbiter_tournament::arbiter::adjournment::GameEnd) -> Msg {
    Msg::new("adj-end")
        .text("message", end.message.clone())
        .ltr_digits("result", crate::views::result_text(&end.result))
        .ltr_digits("article", end.article)
}

/// A result the database refuses, as a catalogue message.
pub(crate) fn record_msg(e: &arbiter_db::RecordError) -> Msg {
    match e {
        arbiter_db::RecordError::Incoherent { white, black } => Msg::new("dom-incoherent")
            .ltr("white", white.to_string())
            .ltr("black", black.to_string()),
        e => Msg::plain(e.to_string()),
    }
}
