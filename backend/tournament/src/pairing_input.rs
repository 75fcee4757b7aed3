//! The conversion from a [`Tournament`] to the input of the pairing engine
//! ([`arbiter_pairing::PairingState`]): the state before the next round, as the FIDE Dutch
//! system (Handbook C.04.3) sees it. The flow is pairing -> tournament, so the conversion lives
//! here.

use arbiter_pairing::check::{BoardDifference, Finding, check, differing_boards};
use arbiter_pairing::{
    Board, Colour as PColour, Edition, Pairing, PairingError, PairingState, PlayerState,
    PointSystem, RoundKind, RoundRecord,
};

use crate::model::{PlayerStatus, RoundNumber, Tournament};
use crate::result::{Colour, ResultCode};

impl Tournament {
    /// The last round that has been paired: the highest round holding a game or a
    /// pairing-allocated bye (requested byes for a later round do not count). A pairing engine
    /// pairs the round after it (C.04.3, TRF: "the round after the last one with results").
    #[must_use]
    pub fn last_paired_round(&self) -> RoundNumber {
        self.rounds
            .iter()
            .filter(|r| !r.games.is_empty() || r.byes.iter().any(|b| b.code == ResultCode::Pab))
            .map(|r| r.number)
            .max()
            .unwrap_or(0)
    }

    /// The pairing state for round `round` (from 1) in an edition of the Dutch system
    /// (C.04.3): every player's history of rounds `1..round`, the points scored, floats and
    /// byes (C.04.1), absences for `round` (a bye or absence already entered for it, an
    /// announced bye (TRF-2026 `240`), a withdrawal), forbidden pairs (`XXP`/`260`) and
    /// accelerations (`XXA`/`250`).
    #[must_use]
    pub fn pairing_state(&self, round: RoundNumber, edition: Edition) -> PairingState {
        let scoring = &self.scoring;
        let target = self.round(round);
        let players = self
            .players
            .iter()
            .map(|p| {
                let pn = p.pairing_number;
                let history = (1..round)
                    .map(|r| {
                        let pr = self.player_round(pn, r);
                        let points = scoring.points(pr.code).tenths();
                        let colour = pr.colour.map(|c| match c {
                            Colour::White => PColour::White,
                            Colour::Black => PColour::Black,
                        });
                        let kind = match pr.code {
                            _ if pr.played => RoundKind::Played,
                            ResultCode::ForfeitWin if pr.opponent.is_some() => {
                                RoundKind::ForfeitWin
                            }
                            ResultCode::ForfeitWin | ResultCode::Pab => RoundKind::Pab,
                            ResultCode::ForfeitLoss if pr.opponent.is_some() => {
                                RoundKind::ForfeitLoss
                            }
                            ResultCode::FullBye => RoundKind::FullBye,
                            ResultCode::HalfBye => RoundKind::HalfBye,
                            // A pending or unknown result of a paired game counts as played.
                            ResultCode::Blank | ResultCode::Unknown if pr.opponent.is_some() => {
                                RoundKind::Played
                            }
                            _ => RoundKind::Absent,
                        };
                        RoundRecord {
                            opponent: pr.opponent,
                            colour,
                            kind,
                            points,
                        }
                    })
                    .collect();
                // A bye or absence already entered for the round (not the PAB, which the
                // pairing itself gives) means the player is not to be paired.
                let has_entry = target.is_some_and(|t| {
                    t.byes
                        .iter()
                        .any(|b| b.player == pn && b.code != ResultCode::Pab)
                });
                let announced = self
                    .announced_byes
                    .iter()
                    .any(|a| a.round == round && a.players.contains(&pn));
                let acceleration = self
                    .accelerations
                    .iter()
                    .find(|a| a.player == pn)
                    .map(|a| a.points.iter().map(|x| x.tenths()).collect())
                    .unwrap_or_default();
                PlayerState {
                    pairing_number: pn,
                    rating: p.rating.unwrap_or(0),
                    history,
                    acceleration,
                    absent: has_entry || announced || p.status == PlayerStatus::Withdrawn,
                }
            })
            .collect();
        let mut forbidden = Vec::new();
        for f in &self.forbidden_pairs {
            if f.rounds.is_some_and(|(a, b)| round < a || round > b) {
                continue;
            }
            for (i, &a) in f.players.iter().enumerate() {
                for &b in &f.players[i + 1..] {
                    forbidden.push((a, b));
                }
            }
        }
        PairingState {
            edition,
            round,
            rounds_planned: self.rounds_planned.unwrap_or(0),
            initial_colour: self.initial_colour.map(|c| match c {
                Colour::White => PColour::White,
                Colour::Black => PColour::Black,
            }),
            points: PointSystem {
                win: scoring.win.tenths(),
                draw: scoring.draw.tenths(),
                loss: scoring.loss.tenths(),
            },
            players,
            forbidden,
        }
    }

    /// The pairing state for the next round: the one after [`Tournament::last_paired_round`].
    #[must_use]
    pub fn next_pairing_state(&self, edition: Edition) -> PairingState {
        self.pairing_state(self.last_paired_round() + 1, edition)
    }
}

/// The free pairing check of one round (C.04.A): the round as played against the engine's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundCheck {
    /// The round.
    pub round: RoundNumber,
    /// What the checker found (empty: the round is exactly the engine's pairing).
    pub findings: Vec<Finding>,
    /// The recorded boards, numbered in FIDE board order (C.04.2 D), that the engine does not
    /// make, with the engine's boards of their players (empty when the round agrees, or when
    /// the engine finds no valid pairing).
    pub boards: Vec<BoardDifference>,
}

impl Tournament {
    /// The pairing of round `round` as recorded: games with their colours (games whose colours
    /// are unknown are left out) and the PAB.
    #[must_use]
    pub fn recorded_pairing(&self, round: RoundNumber) -> Pairing {
        let Some(r) = self.round(round) else {
            return Pairing::default();
        };
        Pairing {
            boards: r
                .games
                .iter()
                .filter(|g| g.colours_known)
                .map(|g| Board {
                    white: g.white,
                    black: g.black,
                })
                .collect(),
            bye: r
                .byes
                .iter()
                .find(|b| b.code == ResultCode::Pab)
                .map(|b| b.player),
        }
    }

    /// Re-pairs every paired round with the Dutch system (C.04.3) in `edition` and compares it
    /// with the recorded one: the free pairing checker of the endorsement rules (C.04.A).
    ///
    /// A file that does not carry the initial colour (`XXC` / `152`) or the number of rounds
    /// (`XXR` / `142`) gets them from its own record: the colour of the lowest pairing number
    /// that played in round 1 (C.04.3 E.5: colours alternate from it down the boards) and the
    /// number of rounds paired.
    ///
    /// # Errors
    /// The engine's error for an inconsistent state.
    pub fn recheck_pairings(&self, edition: Edition) -> Result<Vec<RoundCheck>, PairingError> {
        let last = self.last_paired_round();
        let inferred_colour = self.round(1).and_then(|r| {
            r.games
                .iter()
                .filter(|g| g.colours_known)
                .flat_map(|g| [(g.white, Colour::White), (g.black, Colour::Black)])
                .min_by_key(|&(pn, _)| pn)
                .map(|(pn, c)| {
                    // The pairing numbers before it that did not play alternate the colour.
                    let rank = self
                        .players
                        .iter()
                        .filter(|p| p.pairing_number < pn)
                        .count();
                    if rank % 2 == 0 {
                        c
                    } else {
                        match c {
                            Colour::White => Colour::Black,
                            Colour::Black => Colour::White,
                        }
                    }
                })
        });
        (1..=last)
            .map(|round| {
                let mut state = self.pairing_state(round, edition);
                if state.rounds_planned == 0 {
                    state.rounds_planned = last;
                }
                if state.initial_colour.is_none() {
                    state.initial_colour = inferred_colour.map(|c| match c {
                        Colour::White => PColour::White,
                        Colour::Black => PColour::Black,
                    });
                }
                let recorded = self.recorded_pairing(round);
                let findings = check(&state, &recorded)?;
                let boards = if findings.is_empty() {
                    Vec::new()
                } else {
                    differing_boards(&state, &recorded)?
                };
                Ok(RoundCheck {
                    round,
                    findings,
                    boards,
                })
            })
            .collect()
    }
}
