//! The organizer's next step (issue #46, item 1): every staff page of a tournament's path
//! (manage, a stored round, the teams) links to the next action for the tournament's state, so
//! that an organizer without a manual goes create -> register players -> pair a round -> store
//! the pairing -> publish it -> enter the results -> pair the next round. Individual and team
//! events.

use arbiter_tournament::{ResultCode, RoundState, Tournament};
use uuid::Uuid;

use crate::l10n::L10n;

/// The next action: where it is done and what it is, in the reader's words.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct NextStep {
    /// The page (or place on the manage page) where it is done.
    pub(crate) href: String,
    /// "Next: publish round 2", in the reader's language and digits.
    pub(crate) text: String,
}

/// The step the tournament `t` (`id`) waits for, as the organizer sees it: a stored round not
/// public yet is published, a public round's missing results are entered, then the next round
/// is paired;
/// an event with fewer than two players (teams) registers them first; once every planned round
/// is complete, the final standings.
#[must_use]
pub(crate) fn next_step(t: &Tournament, id: Uuid, l: &L10n) -> NextStep {
    let step = |href: String, key: &str, n: u16| NextStep {
        href,
        text: l.ti(key, "n", n),
    };
    let base = format!("/tournaments/{id}");
    let team = t.team.as_ref();
    let open = t
        .rounds
        .iter()
        .rev()
        .find(|r| r.state != RoundState::Planned);
    match open {
        Some(r) if r.state == RoundState::Paired => {
            return step(
                format!("{base}/rounds/{}/pairing", r.number),
                "next-step-publish",
                r.number,
            );
        }
        Some(r)
            if r.state == RoundState::Published
                && r.games.iter().any(|g| g.result.white == ResultCode::Blank) =>
        {
            return step(
                format!("{base}/rounds/{}/results", r.number),
                "next-step-results",
                r.number,
            );
        }
        _ => {}
    }
    let played = open.map_or(0, |r| r.number);
    if let Some(event) = team {
        if event.teams.len() < 2 {
            return step(format!("{base}/teams/manage"), "next-step-teams", 0);
        }
        // A team round paired whose boards are not seated yet: line-ups, then seating.
        if let Some(r) = event.rounds.iter().rev().find(|r| r.number > played) {
            return step(format!("{base}/teams/manage"), "next-step-seat", r.number);
        }
    } else if t.players.len() < 2 {
        return step(format!("{base}/manage#register"), "next-step-register", 0);
    }
    if t.rounds_planned.is_some_and(|planned| played >= planned) {
        return step(format!("{base}/standings"), "next-step-final", played);
    }
    let pair = if team.is_some() {
        format!("{base}/teams/manage")
    } else {
        format!("{base}/pair")
    };
    step(pair, "next-step-pair", played + 1)
}
