//! The conversion from a [`Tournament`] to the input of the pairing engine
//! ([`arbiter_pairing::PairingState`]): the state before the next round, as the FIDE Dutch
//! system (Handbook C.04.3) sees it. The flow is pairing -> tournament, so the conversion lives
//! here.

use arbiter_pairing::{
    Colour as PColour, Edition, PairingState, PlayerState, PointSystem, RoundKind, RoundRecord,
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
                let has_entry = target.is_some_and(|t| {
                    t.byes.iter().any(|b| b.player == pn)
                        || t.games.iter().any(|g| g.white == pn || g.black == pn)
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
