//! The round as the articles read it: each team's scores (art. 1.2), colour difference,
//! sequence and preference (art. 1.6-1.7), whether it floated in the previous round (art. 1.5),
//! the matches it played (3.4.3), whether it may take the bye (\[C2\]), and who may meet whom
//! (\[C1\]).

use std::collections::{HashMap, HashSet};

use super::{TeamColourPreferences, TeamPairingState, TeamScore};
use crate::{Colour, PairingError, PairingNumber, RoundKind};

/// A colour preference (art. 1.7): the colour and whether it is strong (type A's simple
/// preferences count as strong: art. 1.7.1 and 1.7.2 word them alike).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Preference {
    pub(crate) colour: Colour,
    pub(crate) strong: bool,
}

/// One present team.
#[derive(Clone, Debug)]
pub(crate) struct Team {
    pub(crate) tpn: PairingNumber,
    pub(crate) score: u32,
    pub(crate) secondary: u32,
    /// Colours of the matches played, oldest first.
    pub(crate) colours: Vec<Colour>,
    pub(crate) difference: i32,
    pub(crate) preference: Option<Preference>,
    /// Floated (played an opponent of another score) in the previous round.
    pub(crate) floated: bool,
    pub(crate) played: usize,
    pub(crate) bye_ok: bool,
}

/// The present teams of the round, in TPN order, and the pairs that may meet.
pub(crate) struct Round {
    pub(crate) teams: Vec<Team>,
    /// `compatible[i * n + j]`: teams `i` and `j` may meet (\[C1\]).
    compatible: Vec<bool>,
    pub(crate) colour_preferences: TeamColourPreferences,
    pub(crate) use_secondary: bool,
    pub(crate) initial: Colour,
    /// The round is one of the last two: \[C7\] and \[C10\] do not apply.
    pub(crate) last_two: bool,
}

impl Round {
    pub(crate) fn new(state: &TeamPairingState) -> Result<Round, PairingError> {
        let mut by_tpn: HashMap<PairingNumber, usize> = HashMap::new();
        for (i, t) in state.teams.iter().enumerate() {
            if by_tpn.insert(t.pairing_number, i).is_some() {
                return Err(PairingError::DuplicatePairingNumber(t.pairing_number));
            }
        }
        if state.teams.len() > 9999 {
            return Err(PairingError::TooLarge(state.teams.len()));
        }
        let done = usize::from(state.round.saturating_sub(1));
        for t in &state.teams {
            for (r, rec) in t.history.iter().take(done).enumerate() {
                if let Some(o) = rec.opponent
                    && !by_tpn.contains_key(&o)
                {
                    return Err(PairingError::UnknownOpponent {
                        player: t.pairing_number,
                        opponent: o,
                        round: r + 1,
                    });
                }
            }
        }
        let secondary_kind = match state.primary {
            TeamScore::MatchPoints => TeamScore::GamePoints,
            TeamScore::GamePoints => TeamScore::MatchPoints,
        };
        // The score for pairing round `rounds + 1`: the history of the rounds before it and
        // that round's fictitious points (an accelerated event).
        let scored = |i: usize, rounds: usize, which: TeamScore| -> u32 {
            state.teams[i]
                .history
                .iter()
                .take(rounds)
                .map(|r| match which {
                    TeamScore::MatchPoints => r.match_points,
                    TeamScore::GamePoints => r.game_points,
                })
                .sum()
        };
        let pairing_score = |i: usize, rounds: usize, which: TeamScore| -> u32 {
            let round = u16::try_from(rounds + 1).unwrap_or(u16::MAX);
            scored(i, rounds, which) + state.teams[i].fictitious(round, which)
        };
        let primary = |i: usize, rounds: usize| pairing_score(i, rounds, state.primary);
        let last_round = state.rounds_planned > 0 && state.round >= state.rounds_planned;
        let last_two = state.rounds_planned > 0
            && u32::from(state.round) + 2 > u32::from(state.rounds_planned);
        let mut present: Vec<usize> = (0..state.teams.len())
            .filter(|&i| !state.teams[i].absent)
            .collect();
        present.sort_by_key(|&i| state.teams[i].pairing_number);
        let mut teams = Vec::with_capacity(present.len());
        for &i in &present {
            let t = &state.teams[i];
            let history: Vec<_> = t.history.iter().take(done).collect();
            let colours: Vec<Colour> = history
                .iter()
                .filter(|r| r.kind == RoundKind::Played)
                .filter_map(|r| r.colour)
                .collect();
            let white = colours.iter().filter(|&&c| c == Colour::White).count() as i32;
            let difference = 2 * white - colours.len() as i32;
            let preference = preference(state.colour_preferences, difference, &colours, last_round);
            // Art. 1.5: a team that played (a match actually played) an opponent whose score
            // before that round differed from its own.
            let floated = done >= 1
                && history.get(done - 1).is_some_and(|r| {
                    r.kind == RoundKind::Played
                        && r.opponent.is_some_and(|o| {
                            by_tpn
                                .get(&o)
                                .is_some_and(|&oi| primary(oi, done - 1) != primary(i, done - 1))
                        })
                });
            teams.push(Team {
                tpn: t.pairing_number,
                score: primary(i, done),
                // C.04.7: the fictitious points enter the pairing score only; the secondary
                // score of art. 4.2.2 is the one the matches gave.
                secondary: scored(i, done, secondary_kind),
                difference,
                preference,
                floated,
                played: history
                    .iter()
                    .filter(|r| r.kind == RoundKind::Played && r.opponent.is_some())
                    .count(),
                bye_ok: !history.iter().any(|r| {
                    matches!(
                        r.kind,
                        RoundKind::Pab | RoundKind::ForfeitWin | RoundKind::FullBye
                    )
                }),
                colours,
            });
        }
        let n = teams.len();
        let index: HashMap<PairingNumber, usize> =
            teams.iter().enumerate().map(|(k, t)| (t.tpn, k)).collect();
        let mut compatible = vec![true; n * n];
        for k in 0..n {
            compatible[k * n + k] = false;
        }
        let mut bar = |a: PairingNumber, b: PairingNumber| {
            if let (Some(&x), Some(&y)) = (index.get(&a), index.get(&b)) {
                compatible[x * n + y] = false;
                compatible[y * n + x] = false;
            }
        };
        let met: HashSet<(PairingNumber, PairingNumber)> = state
            .teams
            .iter()
            .flat_map(|t| {
                t.history
                    .iter()
                    .take(done)
                    .filter(|r| r.kind == RoundKind::Played)
                    .filter_map(move |r| r.opponent.map(|o| (t.pairing_number, o)))
            })
            .collect();
        for &(a, b) in met.iter().chain(&state.forbidden) {
            bar(a, b);
        }
        Ok(Round {
            teams,
            compatible,
            colour_preferences: state.colour_preferences,
            use_secondary: state.use_secondary_for_colour,
            initial: state.initial_colour.unwrap_or(Colour::White),
            last_two,
        })
    }

    pub(crate) fn len(&self) -> usize {
        self.teams.len()
    }

    pub(crate) fn index(&self, tpn: PairingNumber) -> Option<usize> {
        self.teams.binary_search_by_key(&tpn, |t| t.tpn).ok()
    }

    /// \[C1\]: the two teams may meet.
    pub(crate) fn compatible(&self, a: usize, b: usize) -> bool {
        self.compatible[a * self.teams.len() + b]
    }

    /// The distinct scores of the present teams, highest first (the scoregroups, art. 1.3.1).
    pub(crate) fn levels(&self) -> Vec<u32> {
        let mut s: Vec<u32> = self.teams.iter().map(|t| t.score).collect();
        s.sort_unstable_by(|a, b| b.cmp(a));
        s.dedup();
        s
    }
}

/// The colour preference of art. 1.7.
fn preference(
    kind: TeamColourPreferences,
    difference: i32,
    colours: &[Colour],
    last_round: bool,
) -> Option<Preference> {
    if kind == TeamColourPreferences::None || colours.is_empty() {
        return None;
    }
    let n = colours.len();
    let last_two = |c: Colour| n >= 2 && colours[n - 1] == c && colours[n - 2] == c;
    let strong = |colour| {
        Some(Preference {
            colour,
            strong: true,
        })
    };
    // Art. 1.7.1 (simple) and the first two paragraphs of 1.7.2 (strong), worded alike.
    if difference < -1 || ((difference == 0 || difference == -1) && last_two(Colour::Black)) {
        return strong(Colour::White);
    }
    if difference > 1 || ((difference == 0 || difference == 1) && last_two(Colour::White)) {
        return strong(Colour::Black);
    }
    if kind == TeamColourPreferences::TypeA {
        return None;
    }
    let mild = |colour| {
        Some(Preference {
            colour,
            strong: false,
        })
    };
    match difference {
        -1 => mild(Colour::White),
        1 => mild(Colour::Black),
        0 if !last_round => mild(colours[n - 1].invert()),
        _ => None,
    }
}
