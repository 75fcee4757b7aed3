//! The TRF reader's findings (`arbiter_tournament::trf`, `check::IssueKind`) in the catalogues'
//! words: the rejection of an imported file names its line, column, player and round, and what
//! is wrong, in the reader's language (English exactly as the tournament crate writes it).

use arbiter_tournament::check::IssueKind;
use arbiter_tournament::trf::{TeamIssue, TrfError, TrfIssue};

use super::Msg;

/// A rejected TRF file: how many errors, and the first one located.
pub(crate) fn trf_error(e: &TrfError) -> Msg {
    Msg::new("trf-errors")
        .count(i64::try_from(e.errors.len()).unwrap_or(i64::MAX))
        .msg(
            "first",
            e.errors.first().map_or_else(|| Msg::plain(""), issue),
        )
}

/// One finding, located: `line 12, column 5, player 3, round 2: …`.
pub(crate) fn issue(i: &TrfIssue) -> Msg {
    let mut at = if i.line > 0 {
        Msg::new("trf-at-line").int("line", i64::try_from(i.line).unwrap_or(i64::MAX))
    } else {
        Msg::new("trf-at-file")
    };
    if let Some(c) = i.column {
        at = Msg::new("trf-at-column")
            .msg("at", at)
            .int("column", i64::try_from(c).unwrap_or(i64::MAX));
    }
    if let Some(p) = i.player {
        at = Msg::new("trf-at-player").msg("at", at).int("player", p);
    }
    if let Some(r) = i.round {
        at = Msg::new("trf-at-round").msg("at", at).int("round", r);
    }
    Msg::new("trf-issue")
        .msg("at", at)
        .msg("what", kind(&i.kind))
}

fn n(v: usize) -> i64 {
    i64::try_from(v).unwrap_or(i64::MAX)
}

/// What a finding says.
pub(crate) fn kind(k: &IssueKind) -> Msg {
    match k {
        IssueKind::BadPairingNumber(t) => {
            Msg::new("trf-bad-pairing-number").ltr("text", t.as_str())
        }
        IssueKind::DuplicatePairingNumber(p) => {
            Msg::new("trf-duplicate-pairing-number").int("n", *p)
        }
        IssueKind::BadSex(c) => Msg::new("trf-bad-sex").ltr("text", c.to_string()),
        IssueKind::BadNumber { field, text } => Msg::new("trf-bad-number")
            .ltr("field", *field)
            .ltr("text", text.as_str()),
        IssueKind::BadPoints { text, reason } => Msg::new("trf-bad-points")
            .ltr("text", text.as_str())
            .text("reason", reason.as_str()),
        IssueKind::BadOpponent(t) => Msg::new("trf-bad-opponent").ltr("text", t.as_str()),
        IssueKind::BadColour(c) => Msg::new("trf-bad-colour").ltr("text", c.to_string()),
        IssueKind::BadResult(c) => Msg::new("trf-bad-result").ltr("text", c.to_string()),
        IssueKind::UnexpectedText(c) => Msg::new("trf-unexpected-text").ltr("text", c.to_string()),
        IssueKind::Tab => Msg::new("trf-tab"),
        IssueKind::OpponentOutOfRange(p) => Msg::new("trf-opponent-out-of-range").int("n", *p),
        IssueKind::PairedWithSelf => Msg::new("trf-paired-with-self"),
        IssueKind::OpponentDoesNotPointBack {
            opponent,
            their_opponent,
        } => Msg::new("trf-opponent-does-not-point-back")
            .int("opponent", *opponent)
            .int("their", *their_opponent),
        IssueKind::ColoursClash { opponent, colour } => Msg::new("trf-colours-clash")
            .int("opponent", *opponent)
            .ltr("colour", colour.to_string()),
        IssueKind::ResultsDisagree {
            opponent,
            mine,
            theirs,
        } => Msg::new("trf-results-disagree")
            .int("opponent", *opponent)
            .ltr("mine", mine.to_string())
            .ltr("theirs", theirs.to_string()),
        IssueKind::TwoPabs { first } => Msg::new("trf-two-pabs").int("first", *first),
        IssueKind::PairedTwice => Msg::new("trf-paired-twice"),
        IssueKind::PointsDisagree { reported, computed } => Msg::new("trf-points-disagree")
            .digits("reported", reported.to_string())
            .digits("computed", computed.to_string()),
        IssueKind::BadRoundNumber(r) => Msg::new("trf-bad-round-number").int("n", *r),
        IssueKind::ForbiddenPairPlayed(a, b) => {
            Msg::new("trf-forbidden-pair").int("a", *a).int("b", *b)
        }
        IssueKind::Latin1 => Msg::new("trf-latin1"),
        IssueKind::BlankLine => Msg::new("trf-blank-line"),
        IssueKind::OldTitle(old, new) => Msg::new("trf-old-title")
            .ltr("old", old.as_str())
            .ltr("new", new.as_str()),
        IssueKind::OldSex => Msg::new("trf-old-sex"),
        IssueKind::BlankOpponent => Msg::new("trf-blank-opponent"),
        IssueKind::ColourWithoutOpponent(c) => {
            Msg::new("trf-colour-without-opponent").ltr("colour", c.to_string())
        }
        IssueKind::ColourMissing(p) => Msg::new("trf-colour-missing").int("opponent", *p),
        IssueKind::PabWrittenAsForfeitWin => Msg::new("trf-pab-as-forfeit-win"),
        IssueKind::ResultWithoutOpponent(c) => {
            Msg::new("trf-result-without-opponent").ltr("result", c.to_string())
        }
        IssueKind::AsymmetricScores {
            opponent,
            mine,
            theirs,
        } => Msg::new("trf-asymmetric-scores")
            .int("opponent", *opponent)
            .ltr("mine", mine.to_string())
            .ltr("theirs", theirs.to_string()),
        IssueKind::KeptVerbatim(r) => Msg::new("trf-kept-verbatim").ltr("record", r.as_str()),
        IssueKind::BadHeaderValue { record, value } => Msg::new("trf-bad-header-value")
            .ltr("record", record.as_str())
            .ltr("value", value.as_str()),
        IssueKind::BadBirthDate(v) => Msg::new("trf-bad-birth-date").ltr("value", v.as_str()),
        IssueKind::DuplicateHeader(r) => Msg::new("trf-duplicate-header").ltr("record", r.as_str()),
        IssueKind::DuplicateScoring(r) => {
            Msg::new("trf-duplicate-scoring").ltr("record", r.as_str())
        }
        IssueKind::RoundsPlannedMissing => Msg::new("trf-rounds-planned-missing"),
        IssueKind::BinaryData(c) => Msg::new("trf-binary-data").ltr("code", format!("U+{c:04X}")),
        IssueKind::BadText { record, error } => Msg::new("trf-bad-text")
            .ltr("record", record.as_str())
            .msg("error", Msg::input(error)),
        IssueKind::NoPlayers => Msg::new("trf-no-players"),
        IssueKind::DeclaredCountMismatch {
            record,
            declared,
            actual,
        } => Msg::new("trf-declared-count-mismatch")
            .ltr("record", *record)
            .digits("declared", declared.as_str())
            .int("actual", n(*actual)),
        IssueKind::MetBefore { opponent, earlier } => Msg::new("trf-met-before")
            .int("opponent", *opponent)
            .int("round", *earlier),
        IssueKind::BeyondRoundsPlanned(r, planned) => Msg::new("trf-beyond-rounds-planned")
            .int("round", *r)
            .int("planned", *planned),
        IssueKind::Team(t) => team(t),
    }
}

/// A team field's name (`TeamIssue::BadField`'s `field`, as `trf::team_read` names it).
fn team_field(field: &str) -> Msg {
    match field {
        "start number" => Msg::new("trf-team-field-start-number"),
        "team number" => Msg::new("trf-team-field-team-number"),
        "strength" => Msg::new("trf-team-field-strength"),
        "match points" => Msg::new("trf-team-field-match-points"),
        "game points" => Msg::new("trf-team-field-game-points"),
        "rank" => Msg::new("trf-team-field-rank"),
        "type" => Msg::new("trf-team-field-type"),
        "round" => Msg::new("trf-team-field-round"),
        "first team" => Msg::new("trf-team-field-first-team"),
        "second team" => Msg::new("trf-team-field-second-team"),
        "team" => Msg::new("trf-team-field-team"),
        "opponent team" => Msg::new("trf-team-field-opponent-team"),
        "colour sequence" => Msg::new("trf-team-field-colour-sequence"),
        // A field name the reader may add later: shown as written, left to right.
        other => Msg::new("trf-team-field-other").ltr("field", other),
    }
}

/// What a finding about the team records (`013`, `310` `320` `330` `300` `352` `362`) says.
pub(crate) fn team(t: &TeamIssue) -> Msg {
    match t {
        TeamIssue::BadField {
            record,
            field,
            text,
        } => Msg::new("trf-team-bad-field")
            .ltr("record", *record)
            .msg("field", team_field(field))
            .ltr("text", text.as_str()),
        TeamIssue::DuplicateTeam(n) => Msg::new("trf-team-duplicate-team").int("team", *n),
        TeamIssue::UnknownMember(p) => Msg::new("trf-team-unknown-member").int("player", *p),
        TeamIssue::PlayerInTwoTeams { player, first } => Msg::new("trf-team-player-in-two-teams")
            .int("player", *player)
            .int("team", *first),
        TeamIssue::UnknownTeam(n) => Msg::new("trf-team-unknown-team").int("team", *n),
        TeamIssue::DuplicateRecord(r) => Msg::new("trf-team-duplicate-record").ltr("record", *r),
        TeamIssue::ByePointsDiffer {
            match_points,
            game_points,
        } => Msg::new("trf-team-bye-points-differ")
            .digits("mp", match_points.to_string())
            .digits("gp", game_points.to_string()),
        TeamIssue::NotOnTeam => Msg::new("trf-team-not-on-team"),
        TeamIssue::SameTeam { opponent, team } => Msg::new("trf-team-same-team")
            .int("opponent", *opponent)
            .int("team", *team),
        TeamIssue::TwoOpponents {
            team,
            first,
            second,
        } => Msg::new("trf-team-two-opponents")
            .int("team", *team)
            .int("first", *first)
            .int("second", *second),
        TeamIssue::TooManyBoards {
            team,
            opponent,
            used,
            boards,
        } => Msg::new("trf-team-too-many-boards")
            .int("team", *team)
            .int("opponent", *opponent)
            .int("used", n(*used))
            .int("boards", *boards),
        TeamIssue::TwoByes { team, other } => Msg::new("trf-team-two-byes")
            .int("team", *team)
            .int("other", *other),
        TeamIssue::ByeTeamPlays(n) => Msg::new("trf-team-bye-team-plays").int("team", *n),
        TeamIssue::ByeBeforePairingPlays(n) => {
            Msg::new("trf-team-bye-before-pairing-plays").int("team", *n)
        }
        TeamIssue::NoMatch(n) => Msg::new("trf-team-no-match").int("team", *n),
        TeamIssue::LineupMismatch {
            team,
            opponent,
            board,
        } => Msg::new("trf-team-lineup-mismatch")
            .int("team", *team)
            .int("opponent", *opponent)
            .int("board", n(*board)),
        TeamIssue::NotOnRoster { player, team } => Msg::new("trf-team-not-on-roster")
            .int("player", *player)
            .int("team", *team),
        TeamIssue::MissingFromLineup(p) => {
            Msg::new("trf-team-missing-from-lineup").int("player", *p)
        }
        TeamIssue::TotalsDisagree {
            team,
            what,
            reported,
            computed,
        } => Msg::new(if *what == "game" {
            "trf-team-game-points-disagree"
        } else {
            "trf-team-match-points-disagree"
        })
        .int("team", *team)
        .digits("reported", reported.to_string())
        .digits("computed", computed.to_string()),
        TeamIssue::ColoursOffSequence {
            first,
            second,
            board,
        } => Msg::new("trf-team-colours-off-sequence")
            .int("first", *first)
            .int("second", *second)
            .int("board", n(*board)),
        TeamIssue::ZeroMember => Msg::new("trf-team-zero-member"),
        TeamIssue::Trf16TeamIgnored => Msg::new("trf-team-trf16-ignored"),
        TeamIssue::WithoutTeams(r) => Msg::new("trf-team-without-teams").ltr("record", r.as_str()),
    }
}
