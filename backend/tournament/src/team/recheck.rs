//! The pairing checker of a team Swiss (the code behind `arbiter check` for a team event): every
//! paired round re-paired by the Swiss Team Pairing System (C.04.6) from the rounds before it,
//! with the round's byes and absences known before pairing, its forbidden pairs and the
//! acceleration ([`pairing_state`]), and compared with the recorded matches
//! ([`arbiter_pairing::team_swiss::check`]).

use arbiter_pairing::team_swiss::{self, TeamFinding};
use arbiter_pairing::{Board, Pairing, PairingError};

use super::{TeamEvent, pairing_state};
use crate::model::{RoundNumber, Tournament};
use crate::result::Colour;

/// What the checker says of one paired round: no findings when the recorded pairing is the one
/// the rules make.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamRoundCheck {
    /// The round.
    pub round: RoundNumber,
    /// The checker's findings (C.04.6 articles), empty when the round agrees.
    pub findings: Vec<TeamFinding>,
}

/// A team round as recorded, in the engine's form: per match the team with White on board 1
/// first (its board-1 colour, art. 1.6), and the pairing-allocated bye.
#[must_use]
pub fn recorded_pairing(t: &Tournament, event: &TeamEvent, round: RoundNumber) -> Pairing {
    let Some(r) = event.round(round) else {
        return Pairing::default();
    };
    Pairing {
        boards: r
            .matches
            .iter()
            .map(|m| {
                let first = event.team_round(t, m.first, round);
                if first.colour == Some(Colour::Black) {
                    Board {
                        white: m.second,
                        black: m.first,
                    }
                } else {
                    Board {
                        white: m.first,
                        black: m.second,
                    }
                }
            })
            .collect(),
        bye: r.bye,
    }
}

/// Every paired round (1 to [`TeamEvent::last_round`]) re-paired and compared with the record.
/// A file without a number of rounds planned is checked as if its last paired round were the
/// last one (art. 1.7.2, \[C7\] and \[C10\] read it).
///
/// # Errors
/// The engine's error for a state it cannot read (an inconsistent file).
pub fn recheck_pairings(
    t: &Tournament,
    event: &TeamEvent,
) -> Result<Vec<TeamRoundCheck>, PairingError> {
    let last = event.last_round();
    (1..=last)
        .map(|round| {
            let mut state = pairing_state(t, event, round);
            if state.rounds_planned == 0 {
                state.rounds_planned = t.rounds_planned.unwrap_or(last).max(last);
            }
            let recorded = recorded_pairing(t, event, round);
            Ok(TeamRoundCheck {
                round,
                findings: team_swiss::check(&state, &recorded)?,
            })
        })
        .collect()
}
