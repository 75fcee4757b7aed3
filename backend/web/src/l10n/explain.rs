//! "Why this pairing" (the Dutch system's explanation, `arbiter_pairing::explain`) in the
//! reader's language: per bracket its residents and MDPs, each game and the criterion that
//! decided it, the downfloaters and why, the PAB. English reads exactly as the pairing crate's
//! `Display` (checked by a test); the quality criteria keep their numbers (C5, C7 ...).

use arbiter_tournament::criteria::{Difference, Value, edition_year, points};
use arbiter_tournament::explain::{Explanation, FloatCause, Reason};

use super::{L10n, Msg};

/// The explanation as lines of text; lines of a bracket's games and downfloaters are indented
/// by two spaces, as the pairing crate writes them.
pub(crate) fn lines(e: &Explanation, l: &L10n) -> Vec<String> {
    let list = |players: &[u16]| -> String {
        if players.is_empty() {
            return l.t("explain-none");
        }
        players
            .iter()
            .map(|p| l.int(p))
            .collect::<Vec<_>>()
            .join(&l.t("list-separator"))
    };
    let score = |tenths: u32| l.digits(&points(tenths));
    let mut out = Vec::new();
    let bye = e.pairing.bye.map_or_else(String::new, |b| {
        l.t1("explain-head-bye", "player", &l.int(b))
    });
    out.push(l.ta(
        "explain-head",
        &[
            ("round", l.int(e.round)),
            ("year", l.int(edition_year(e.edition))),
            ("games", l.int(e.pairing.boards.len())),
            ("bye", bye),
        ],
    ));
    for b in &e.brackets {
        let mdps = if b.mdps.is_empty() {
            l.t("explain-none")
        } else {
            b.mdps
                .iter()
                .map(|&(p, s)| l.ta("explain-mdp", &[("player", l.int(p)), ("score", score(s))]))
                .collect::<Vec<_>>()
                .join(&l.t("list-separator"))
        };
        out.push(l.ta(
            "explain-bracket",
            &[
                ("score", score(b.score)),
                ("residents", list(&b.residents)),
                ("mdps", mdps),
            ],
        ));
        for g in &b.games {
            out.push(format!(
                "  {}",
                l.ta(
                    "explain-game",
                    &[
                        ("board", l.int(g.board)),
                        ("white", l.int(g.white)),
                        ("black", l.int(g.black)),
                        ("reason", reason(&g.reason, l)),
                    ],
                )
            ));
        }
        for d in &b.downfloaters {
            let cause = l.t(match d.cause {
                FloatCause::OddBracket => "explain-cause-odd",
                FloatCause::NoOpponent => "explain-cause-no-opponent",
                FloatCause::Criteria => "explain-cause-criteria",
            });
            out.push(format!(
                "  {}",
                l.ta(
                    "explain-float",
                    &[
                        ("player", l.int(d.player)),
                        ("score", score(d.score)),
                        ("cause", cause),
                        ("reason", reason(&d.reason, l)),
                    ],
                )
            ));
        }
    }
    if let Some(bye) = &e.bye {
        let mut line = l.ta(
            "explain-pab",
            &[("player", l.int(bye.player)), ("score", score(bye.score))],
        );
        if !bye.barred.is_empty() {
            line.push_str(&l.t1("explain-pab-barred", "list", &list(&bye.barred)));
        }
        if bye.others_eligible.is_empty() {
            line.push_str(&l.t("explain-pab-alone"));
        } else {
            line.push_str(&l.t1("explain-pab-others", "list", &list(&bye.others_eligible)));
        }
        out.push(line);
    }
    out
}

/// What decided a choice.
fn reason(r: &Reason, l: &L10n) -> String {
    match r {
        Reason::Criterion(d) => l.m(&Msg::new("reason-criterion").msg("difference", difference(d))),
        Reason::Order => l.t("reason-order"),
        Reason::Completion => l.t("reason-completion"),
        Reason::NotExamined => l.t("reason-not-examined"),
    }
}

/// A criterion's figures, this pairing's against the alternative's: `C12 (2026): 2 colour
/// preferences not met vs 0, bracket 3`.
pub(crate) fn difference(d: &Difference) -> Msg {
    let common = |key| {
        Msg::new(key)
            .int("c", d.criterion)
            .int("year", edition_year(d.edition))
            .msg("what", what(d.what))
            .digits("bracket", points(d.bracket))
    };
    match (&d.ours, &d.theirs) {
        (Value::Fewer(a) | Value::More(a), Value::Fewer(b) | Value::More(b)) => {
            common("difference-count")
                .int("ours", i64::try_from(*a).unwrap_or(i64::MAX))
                .int("theirs", i64::try_from(*b).unwrap_or(i64::MAX))
        }
        (ours, theirs) => common("difference-value")
            .msg("ours", value(ours))
            .msg("theirs", value(theirs)),
    }
}

/// A criterion's figure: a count, a list of scores (`[2.5, 1]`), or the next bracket's figures,
/// in the reader's digits.
fn value(v: &Value) -> Msg {
    match v {
        Value::Scores(list) if list.is_empty() => Msg::new("explain-none"),
        v => Msg::new("explain-figure").digits("figure", v.to_string()),
    }
}

/// What a quality criterion counts, in the catalogues' words (the pairing crate's English
/// otherwise).
fn what(text: &'static str) -> Msg {
    Msg::new(match text {
        "the PAB assignee's score" => "crit-pab-score",
        "downfloaters" => "crit-downfloaters",
        "the downfloaters' scores" => "crit-downfloater-scores",
        "the next bracket's downfloaters and their scores" => "crit-next-downfloaters",
        "topscorers or opponents with a colour difference beyond 2" => "crit-colour-difference",
        "topscorers or opponents with the same colour three times running" => {
            "crit-colour-three-times"
        }
        "colour preferences not met" => "crit-preferences",
        "strong colour preferences not met" => "crit-strong-preferences",
        "resident downfloaters who downfloated the round before" => "crit-down-1",
        "MDP opponents who upfloated the round before" => "crit-up-1",
        "the scores of resident downfloaters who downfloated the round before" => {
            "crit-down-scores-1"
        }
        "the score differences of MDP games against players who upfloated the round before" => {
            "crit-up-diffs-1"
        }
        "resident downfloaters who downfloated two rounds before" => "crit-down-2",
        "MDP opponents who upfloated two rounds before" => "crit-up-2",
        "the scores of resident downfloaters who downfloated two rounds before" => {
            "crit-down-scores-2"
        }
        "the score differences of MDP games against players who upfloated two rounds before" => {
            "crit-up-diffs-2"
        }
        "pairs" => "crit-pairs",
        "the pairing score differences (PSD)" => "crit-psd",
        "the next bracket's pairs and PSD" => "crit-next-pairs",
        "players with the same downfloat as the round before" => "crit-same-down-1",
        "players with the same upfloat as the round before" => "crit-same-up-1",
        "players with the same downfloat as two rounds before" => "crit-same-down-2",
        "players with the same upfloat as two rounds before" => "crit-same-up-2",
        "the score differences of players with the same downfloat as the round before" => {
            "crit-same-down-diffs-1"
        }
        "the score differences of players with the same upfloat as the round before" => {
            "crit-same-up-diffs-1"
        }
        "the score differences of players with the same downfloat as two rounds before" => {
            "crit-same-down-diffs-2"
        }
        "the score differences of players with the same upfloat as two rounds before" => {
            "crit-same-up-diffs-2"
        }
        other => return Msg::plain(other),
    })
}
