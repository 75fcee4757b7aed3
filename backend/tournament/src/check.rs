//! Validation of a tournament: what a rating officer or an endorsed pairing engine would reject.

use std::collections::{BTreeMap, BTreeSet};

use serde::Serialize;

use crate::input::InputError;
use crate::model::{PairingNumber, RoundNumber, Tournament};
use crate::points::Points;
use crate::result::{Outcome, ResultCode};

/// What is wrong (or only unusual) in a tournament or a TRF file. [`IssueKind::is_error`] says
/// which ones make a file unacceptable; the others are reported as warnings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, thiserror::Error)]
pub enum IssueKind {
    // ---- errors: syntax of record 001 ----
    /// The start number (`001` columns 5-8) is not a number from 1 to 9999.
    #[error("start number `{0}` is not a number from 1 to 9999")]
    BadPairingNumber(String),
    /// Two `001` records (or two players) have the same pairing number.
    #[error("pairing number {0} is used twice")]
    DuplicatePairingNumber(PairingNumber),
    /// The sex (column 10) is not `m`, `w` or `f`.
    #[error("sex `{0}` is not m, w or f")]
    BadSex(char),
    /// A numeric field (rating, FIDE id, rank) is not a number.
    #[error("{field} `{text}` is not a number")]
    BadNumber {
        /// The field's name.
        field: &'static str,
        /// The text found.
        text: String,
    },
    /// The points (columns 81-84) are not a decimal number of tenths.
    #[error("points `{text}`: {reason}")]
    BadPoints {
        /// The text found.
        text: String,
        /// Why it is not points.
        reason: String,
    },
    /// The opponent field of a round block is neither a number, `0000` nor blank.
    #[error("opponent `{0}` is not a start number")]
    BadOpponent(String),
    /// The colour of a round block is not `w`, `b`, `-` or blank.
    #[error("colour `{0}` is not w, b, - or blank")]
    BadColour(char),
    /// The result of a round block is not a TRF result code.
    #[error("result `{0}` is not a TRF result code (1 = 0 + - W D L H F U Z X or blank)")]
    BadResult(char),
    /// Text where a round block must have a space.
    #[error("unexpected `{0}` between the fields of a round block")]
    UnexpectedText(char),
    /// A tab in a `001` record: fixed columns cannot be read unambiguously.
    #[error("tab character in a fixed-column record")]
    Tab,
    // ---- errors: meaning ----
    /// The opponent's pairing number is not a player of the tournament.
    #[error("opponent {0} is not a player of this tournament")]
    OpponentOutOfRange(PairingNumber),
    /// A player is paired against himself.
    #[error("the player is paired against himself")]
    PairedWithSelf,
    /// The opponent's record for the round does not name this player.
    #[error("opponent {opponent} does not point back (their entry names {their_opponent})")]
    OpponentDoesNotPointBack {
        /// The opponent named.
        opponent: PairingNumber,
        /// Whom the opponent's record names (0: nobody).
        their_opponent: PairingNumber,
    },
    /// Both players have the same colour.
    #[error("both this player and opponent {opponent} have colour {colour}")]
    ColoursClash {
        /// The opponent.
        opponent: PairingNumber,
        /// The colour letter both have.
        colour: char,
    },
    /// The two codes of one game cannot stand together (a played result against a forfeit, an
    /// unknown against a result, a bye code in a game).
    #[error("result `{mine}` does not fit opponent {opponent}'s `{theirs}`")]
    ResultsDisagree {
        /// The opponent.
        opponent: PairingNumber,
        /// This player's code.
        mine: char,
        /// The opponent's code.
        theirs: char,
    },
    /// Two pairing-allocated byes in one round (at most one is allowed).
    #[error("second pairing-allocated bye in the round (player {first} already has one)")]
    TwoPabs {
        /// The player who has the first one.
        first: PairingNumber,
    },
    /// A player appears twice in one round (two games, or a game and a bye).
    #[error("the player appears twice in the round")]
    PairedTwice,
    /// The points written disagree with the sum of the results under the scoring system.
    #[error("points {reported} disagree with the results, which sum to {computed}")]
    PointsDisagree {
        /// The points written.
        reported: Points,
        /// The sum of the results.
        computed: Points,
    },
    /// Two rounds have the same number, or a round is numbered 0.
    #[error("round number {0} is used twice or is 0")]
    BadRoundNumber(RoundNumber),
    /// Two players who must not meet are paired (`XXP`/`260`): a warning, since the restriction
    /// may have been added after they met.
    #[error("players {0} and {1} are a forbidden pair")]
    ForbiddenPairPlayed(PairingNumber, PairingNumber),
    /// A control character that no text file holds (NUL, or another C0 control but tab, form
    /// feed and the DOS end-of-file mark): the file is binary, not a TRF file.
    #[error("binary data (control character U+{0:04X}): not a TRF text file")]
    BinaryData(u32),
    /// A text record the input gate refuses ([`crate::input`]): the tournament's name (`012`)
    /// longer than an [`crate::input::EventName`] or holding a control character.
    #[error("record `{record}`: {error}")]
    BadText {
        /// The record code (`012`).
        record: String,
        /// What the gate says is wrong, and what it accepts.
        #[serde(serialize_with = "as_text")]
        error: InputError,
    },
    /// No player record (`001`) in the whole file: there is no tournament to read.
    #[error("no player records (001): the file holds no tournament")]
    NoPlayers,
    // ---- warnings: what was tolerated ----
    /// The line is not UTF-8; it was read as Windows-1252 (Latin-1, with the typographic
    /// characters Windows programs write in 0x80-0x9F).
    #[error("not UTF-8: read as Windows-1252 (Latin-1)")]
    Latin1,
    /// An empty line was skipped.
    #[error("empty line skipped")]
    BlankLine,
    /// A title in the old or lower-case spelling (`g`, `m`, `wg`, `gm`).
    #[error("old title spelling `{0}` read as {1}")]
    OldTitle(String, String),
    /// Sex written `f` (old files), read as `w`.
    #[error("sex `f` read as w")]
    OldSex,
    /// The opponent field is blank instead of `0000`.
    #[error("blank opponent field read as 0000")]
    BlankOpponent,
    /// A colour beside no opponent, ignored.
    #[error("colour `{0}` without an opponent ignored")]
    ColourWithoutOpponent(char),
    /// No colour (`-` or blank) beside an opponent (Karl-Mala 2005 writes forfeits so).
    #[error("no colour given beside opponent {0}")]
    ColourMissing(PairingNumber),
    /// `+` without an opponent: an old engine's spelling of the pairing-allocated bye, read as `U`.
    #[error("`+` without an opponent read as a pairing-allocated bye (U)")]
    PabWrittenAsForfeitWin,
    /// A result that needs an opponent written without one; kept as written.
    #[error("result `{0}` without an opponent kept as written")]
    ResultWithoutOpponent(char),
    /// Asymmetric scores (Art. 13.4(e)/(f)) with no recorded reason.
    #[error(
        "asymmetric scores `{mine}` against opponent {opponent}'s `{theirs}`, no reason recorded"
    )]
    AsymmetricScores {
        /// The opponent.
        opponent: PairingNumber,
        /// This player's code.
        mine: char,
        /// The opponent's code.
        theirs: char,
    },
    /// A record not modelled, kept verbatim.
    #[error("record `{0}` kept verbatim")]
    KeptVerbatim(String),
    /// A header value that could not be read; the line is kept verbatim.
    #[error("record `{record}`: value `{value}` not understood, line kept verbatim")]
    BadHeaderValue {
        /// The record code.
        record: String,
        /// The value found.
        value: String,
    },
    /// A birth date (`001` columns 70-79) that is not a date in any layout files use
    /// ([`crate::PartialDate::read`]): the player is read without one.
    #[error("birth date `{0}` is not a date: read as none")]
    BadBirthDate(String),
    /// A header record given twice; the later line is kept verbatim.
    #[error("record `{0}` given twice, the later one kept verbatim")]
    DuplicateHeader(String),
    /// A scoring record (`162` or `BBW`...`BBU`) given twice: every score depends on it, so the
    /// file is ambiguous.
    #[error("scoring record `{0}` given twice: the points of every result depend on it")]
    DuplicateScoring(String),
    /// Neither `XXR` nor `142` gives the number of rounds (pairing engines need it for the last
    /// rounds' rules).
    #[error("number of rounds not given (XXR or 142)")]
    RoundsPlannedMissing,
    /// The number of players (`062`) or rated players (`072`) written disagrees with the players.
    #[error("record {record} says {declared}, but the file has {actual}")]
    DeclaredCountMismatch {
        /// `062` or `072`.
        record: &'static str,
        /// The value written.
        declared: String,
        /// The count found.
        actual: usize,
    },
    /// Two players meet again over the board (illegal in a Swiss, C.04.1; normal in a double
    /// round robin, hence a warning).
    #[error("already played opponent {opponent} in round {earlier}")]
    MetBefore {
        /// The opponent.
        opponent: PairingNumber,
        /// The round of the earlier game.
        earlier: RoundNumber,
    },
    /// More rounds hold results than were planned.
    #[error("round {0} is beyond the {1} rounds planned")]
    BeyondRoundsPlanned(RoundNumber, RoundNumber),
    /// A finding about the team records of a team event ([`crate::trf::TeamIssue`]); an error
    /// or a warning as [`crate::trf::TeamIssue::is_error`] says.
    #[error("{0}")]
    Team(crate::trf::team_issue::TeamIssue),
}

/// A value serialized as its English text (the input gate's refusals have no serialized form).
fn as_text<S: serde::Serializer>(e: &InputError, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(e)
}

impl IssueKind {
    /// Whether the issue makes a file unacceptable (an error) rather than only tolerated (a
    /// warning).
    #[must_use]
    pub const fn is_error(&self) -> bool {
        if let IssueKind::Team(t) = self {
            return t.is_error();
        }
        !matches!(
            self,
            IssueKind::Latin1
                | IssueKind::BlankLine
                | IssueKind::OldTitle(..)
                | IssueKind::OldSex
                | IssueKind::BlankOpponent
                | IssueKind::ColourWithoutOpponent(_)
                | IssueKind::ColourMissing(_)
                | IssueKind::PabWrittenAsForfeitWin
                | IssueKind::ResultWithoutOpponent(_)
                | IssueKind::AsymmetricScores { .. }
                | IssueKind::KeptVerbatim(_)
                | IssueKind::BadHeaderValue { .. }
                | IssueKind::BadBirthDate(_)
                | IssueKind::DuplicateHeader(_)
                | IssueKind::RoundsPlannedMissing
                | IssueKind::BeyondRoundsPlanned(..)
                | IssueKind::ForbiddenPairPlayed(..)
                | IssueKind::DeclaredCountMismatch { .. }
                | IssueKind::MetBefore { .. }
        )
    }
}

/// A problem found by [`check`]: which player and round, and what.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Problem {
    /// The player concerned, if one.
    pub player: Option<PairingNumber>,
    /// The round concerned, if one.
    pub round: Option<RoundNumber>,
    /// What is wrong.
    pub kind: IssueKind,
}

/// Checks a tournament and returns **every** problem found, errors and warnings alike (see
/// [`IssueKind::is_error`]): duplicate pairing numbers, games or byes naming unknown players, a
/// player paired with himself or twice in a round, two PABs in a round, incoherent result codes,
/// asymmetric scores without a reason, points written that disagree with the results under the
/// tournament's scoring, rounds beyond those planned, forbidden pairs paired.
///
/// Points written are accepted when they equal the sum of all results, or the sum up to the last
/// round with games: files prepared for pairing the next round carry that round's announced byes
/// (`0000 - H`) and real files differ on whether the points include them.
#[must_use]
pub fn check(t: &Tournament) -> Vec<Problem> {
    let mut out = Vec::new();
    let mut push = |player, round, kind| {
        out.push(Problem {
            player,
            round,
            kind,
        });
    };
    let mut known = BTreeSet::new();
    for p in &t.players {
        if p.pairing_number == 0 || p.pairing_number > 9999 {
            push(
                Some(p.pairing_number),
                None,
                IssueKind::BadPairingNumber(p.pairing_number.to_string()),
            );
        }
        if !known.insert(p.pairing_number) {
            push(
                Some(p.pairing_number),
                None,
                IssueKind::DuplicatePairingNumber(p.pairing_number),
            );
        }
    }
    let mut round_numbers = BTreeSet::new();
    // In a team event the forbidden pairs' numbers are teams (TRF-2026 `260`): the team
    // pairing checker holds them against the matches, not the board games.
    let team_event = t.team.as_ref().is_some_and(|e| !e.teams.is_empty());
    let forbidden: Vec<_> = t.forbidden_pairs.iter().filter(|_| !team_event).collect();
    for r in &t.rounds {
        let rn = Some(r.number);
        if r.number == 0 || !round_numbers.insert(r.number) {
            push(None, rn, IssueKind::BadRoundNumber(r.number));
        }
        if let Some(planned) = t.rounds_planned
            && r.number > planned
            && (!r.games.is_empty() || !r.byes.is_empty())
        {
            push(None, rn, IssueKind::BeyondRoundsPlanned(r.number, planned));
        }
        let mut seen = BTreeSet::new();
        for g in &r.games {
            if g.white == g.black {
                push(Some(g.white), rn, IssueKind::PairedWithSelf);
            }
            for (me, other) in [(g.white, g.black), (g.black, g.white)] {
                if !known.contains(&other) {
                    push(Some(me), rn, IssueKind::OpponentOutOfRange(other));
                }
                if !seen.insert(me) && g.white != g.black {
                    push(Some(me), rn, IssueKind::PairedTwice);
                }
            }
            let (w, b) = (g.result.white.trf_char(), g.result.black.trf_char());
            if !g.result.is_coherent() {
                push(
                    Some(g.white),
                    rn,
                    IssueKind::ResultsDisagree {
                        opponent: g.black,
                        mine: w,
                        theirs: b,
                    },
                );
            } else if g.result.outcome() == Outcome::Asymmetric && g.result.penalty.is_none() {
                push(
                    Some(g.white),
                    rn,
                    IssueKind::AsymmetricScores {
                        opponent: g.black,
                        mine: w,
                        theirs: b,
                    },
                );
            }
            for fp in &forbidden {
                let applies = fp
                    .rounds
                    .is_none_or(|(from, to)| from <= r.number && r.number <= to);
                if applies && fp.players.contains(&g.white) && fp.players.contains(&g.black) {
                    push(
                        Some(g.white),
                        rn,
                        IssueKind::ForbiddenPairPlayed(g.white, g.black),
                    );
                }
            }
        }
        let mut first_pab = None;
        for b in &r.byes {
            if !known.contains(&b.player) {
                push(Some(b.player), rn, IssueKind::OpponentOutOfRange(b.player));
            }
            if !seen.insert(b.player) {
                push(Some(b.player), rn, IssueKind::PairedTwice);
            }
            if b.code == ResultCode::Pab {
                match first_pab {
                    None => first_pab = Some(b.player),
                    Some(first) => push(Some(b.player), rn, IssueKind::TwoPabs { first }),
                }
            }
        }
    }
    let mut met: BTreeMap<(PairingNumber, PairingNumber), RoundNumber> = BTreeMap::new();
    let mut ordered: Vec<_> = t.rounds.iter().collect();
    ordered.sort_by_key(|r| r.number);
    for r in ordered {
        for g in r.games.iter().filter(|g| g.result.white.is_played()) {
            let key = (g.white.min(g.black), g.white.max(g.black));
            if let Some(&earlier) = met.get(&key) {
                push(
                    Some(key.0),
                    Some(r.number),
                    IssueKind::MetBefore {
                        opponent: key.1,
                        earlier,
                    },
                );
            } else {
                met.insert(key, r.number);
            }
        }
    }
    let rated = t
        .players
        .iter()
        .filter(|p| p.rating.is_some_and(|r| r > 0))
        .count();
    for (record, declared, actual) in [
        ("062", &t.declared_players, t.players.len()),
        ("072", &t.declared_rated_players, rated),
    ] {
        if let Some(d) = declared
            && d.trim().parse::<usize>().ok() != Some(actual)
        {
            push(
                None,
                None,
                IssueKind::DeclaredCountMismatch {
                    record,
                    declared: d.clone(),
                    actual,
                },
            );
        }
    }
    let scores: BTreeMap<_, _> = t.scores_after_round(RoundNumber::MAX);
    let last_paired = t
        .rounds
        .iter()
        .filter(|r| !r.games.is_empty())
        .map(|r| r.number)
        .max()
        .unwrap_or(0);
    let before_announced = t.scores_after_round(last_paired);
    for p in &t.players {
        if let (Some(reported), Some(&computed)) =
            (p.reported_points, scores.get(&p.pairing_number))
            && reported != computed
            && before_announced.get(&p.pairing_number) != Some(&reported)
        {
            push(
                Some(p.pairing_number),
                None,
                IssueKind::PointsDisagree { reported, computed },
            );
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Bye, Game, Player, Round};
    use crate::result::{GameResult, PenaltyKind};

    fn base() -> Tournament {
        let mut t = Tournament::default();
        for pn in 1..=4 {
            t.players.push(Player::new(pn, format!("P{pn}")));
        }
        t
    }

    #[test]
    fn finds_every_problem() {
        let mut t = base();
        let mut r = Round::new(1);
        r.games.push(Game::new(1, 2, GameResult::white_wins()));
        r.games.push(Game::new(1, 7, GameResult::draw()));
        r.byes.push(Bye::new(3, ResultCode::Pab));
        r.byes.push(Bye::new(4, ResultCode::Pab));
        t.rounds.push(r);
        t.players[1].reported_points = Some(Points::ONE);
        let kinds: Vec<_> = check(&t).into_iter().map(|p| p.kind).collect();
        assert!(kinds.contains(&IssueKind::PairedTwice));
        assert!(kinds.contains(&IssueKind::OpponentOutOfRange(7)));
        assert!(kinds.contains(&IssueKind::TwoPabs { first: 3 }));
        assert!(kinds.contains(&IssueKind::PointsDisagree {
            reported: Points::ONE,
            computed: Points::ZERO
        }));
        assert_eq!(kinds.len(), 4, "{kinds:?}");
    }

    #[test]
    fn a_clean_tournament_has_no_problems_and_a_penalty_silences_asymmetry() {
        let mut t = base();
        let mut r = Round::new(1);
        r.games.push(Game::new(1, 2, GameResult::white_wins()));
        r.games.push(Game::new(
            3,
            4,
            GameResult::penalised(
                ResultCode::Loss,
                ResultCode::Draw,
                PenaltyKind::OffenderReduced,
                "mobile phone",
            ),
        ));
        t.rounds.push(r);
        assert_eq!(check(&t), vec![]);
        t.rounds[0].games[1].result.penalty = None;
        let problems = check(&t);
        assert_eq!(problems.len(), 1);
        assert!(!problems[0].kind.is_error());
    }

    #[test]
    fn rematches_and_declared_counts_are_warnings() {
        let mut t = base();
        t.declared_players = Some("5".into());
        t.declared_rated_players = Some("0".into());
        for n in 1..=2 {
            let mut r = Round::new(n);
            r.games.push(Game::new(1, 2, GameResult::draw()));
            t.rounds.push(r);
        }
        let mut r = Round::new(3);
        r.games
            .push(Game::new(2, 1, GameResult::forfeit(crate::Colour::White)));
        t.rounds.push(r);
        let problems = check(&t);
        assert_eq!(
            problems,
            vec![
                Problem {
                    player: Some(1),
                    round: Some(2),
                    kind: IssueKind::MetBefore {
                        opponent: 2,
                        earlier: 1
                    }
                },
                Problem {
                    player: None,
                    round: None,
                    kind: IssueKind::DeclaredCountMismatch {
                        record: "062",
                        declared: "5".into(),
                        actual: 4
                    }
                },
            ]
        );
        assert!(problems.iter().all(|p| !p.kind.is_error()));
    }
}
