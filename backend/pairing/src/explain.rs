//! The explanation of a round's pairing by the Dutch system (C.04.3), for an arbiter answering
//! "why am I paired with him?": per bracket from the top, its residents and MDPs (moved-down
//! players), who was moved down and why (an odd bracket, no compatible opponent left, or the
//! criteria), which criterion decided each game, and the PAB (pairing-allocated bye) and why
//! that player.
//!
//! Each choice is examined by asking the engine for the best pairing without it (the game made a
//! forbidden pair, or the downfloater barred from every lower score) and comparing the two
//! pairings bracket by bracket on the quality criteria ([`crate::criteria`]): the first
//! criterion on which the alternative loses is the one that decided; when none does, the ordering
//! rules (C.04.3 B: S1 against S2, then transpositions and exchanges) decided; when there is no
//! alternative, completion (C4) did.

use std::fmt;

use crate::check::board_order;
use crate::criteria::{Comparison, Difference, RoundView, compare, edition_year, points};
use crate::{Edition, Pairing, PairingError, PairingNumber, PairingState, pair};

/// The largest number of games examined one by one (each costs one more pairing of the round);
/// beyond it, games are listed without a reason.
pub const MAX_EXAMINED_GAMES: usize = 200;

/// What decided a choice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// The alternative loses on a quality criterion; the figures are this pairing's against the
    /// best pairing without the choice.
    Criterion(Difference),
    /// Every alternative is as good on every quality criterion: the ordering rules decided
    /// (C.04.3 B: S1 against S2 in order, then transpositions and exchanges; A.2 order).
    Order,
    /// Without this choice the round cannot be paired at all (C4: completion, with C1-C3).
    Completion,
    /// Not examined (a field of more than [`MAX_EXAMINED_GAMES`] games).
    NotExamined,
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reason::Criterion(d) => {
                write!(f, "decided by {d} (this pairing vs the best without it)")
            }
            Reason::Order => write!(
                f,
                "as good as any alternative on every quality criterion: the order of the bracket \
                 decided (C.04.3 B: S1 against S2, then transpositions and exchanges)"
            ),
            Reason::Completion => write!(
                f,
                "the only way to pair the whole round (C4: completion, with C1-C3)"
            ),
            Reason::NotExamined => write!(f, "not examined (a large field)"),
        }
    }
}

/// One game of the round and what decided it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameExplanation {
    /// The board (FIDE board order, C.04.2 D), from 1.
    pub board: usize,
    /// White's pairing number.
    pub white: PairingNumber,
    /// Black's pairing number.
    pub black: PairingNumber,
    /// What decided it.
    pub reason: Reason,
}

/// Why a player was moved down out of a bracket (C.04.3 A.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FloatCause {
    /// The bracket has an odd number of players: one at least is left over.
    OddBracket,
    /// Every other player of the bracket has met him, is a forbidden pair, or shares his
    /// absolute colour preference (C1, C3).
    NoOpponent,
    /// Pairing him in the bracket was possible; the criteria (or completion) moved him down.
    Criteria,
}

/// One downfloater of a bracket.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FloatExplanation {
    /// The player.
    pub player: PairingNumber,
    /// His score (tenths, with acceleration).
    pub score: u32,
    /// Why someone (or he) had to be moved down.
    pub cause: FloatCause,
    /// What decided that it is he: the comparison with the best pairing that keeps him in the
    /// bracket (paired there or above).
    pub reason: Reason,
}

/// One bracket of the round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BracketExplanation {
    /// The residents' score (tenths, with acceleration).
    pub score: u32,
    /// The residents, in pairing-number order.
    pub residents: Vec<PairingNumber>,
    /// The MDPs with their scores, highest first.
    pub mdps: Vec<(PairingNumber, u32)>,
    /// The games made in the bracket.
    pub games: Vec<GameExplanation>,
    /// The players moved down out of it.
    pub downfloaters: Vec<FloatExplanation>,
}

/// The PAB and why that player (C.04.1 c, C.04.3 C2; 2026 C5 and C9).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ByeExplanation {
    /// The player.
    pub player: PairingNumber,
    /// His score (tenths, with acceleration).
    pub score: u32,
    /// Present players of a score no higher than his who may not receive it (C2: they already
    /// had a PAB, a full-point bye (2026) or a forfeit win).
    pub barred: Vec<PairingNumber>,
    /// Players of his score who could have received it.
    pub others_eligible: Vec<PairingNumber>,
}

/// The explanation of one round's pairing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explanation {
    /// The round paired.
    pub round: u16,
    /// The edition of the rules.
    pub edition: Edition,
    /// The pairing explained (the engine's, boards in FIDE board order).
    pub pairing: Pairing,
    /// The brackets, highest score first.
    pub brackets: Vec<BracketExplanation>,
    /// The PAB, if any.
    pub bye: Option<ByeExplanation>,
}

/// Pairs the round and explains the pairing.
///
/// # Errors
/// The engine's errors ([`PairingError`]).
pub fn explain(state: &PairingState) -> Result<Explanation, PairingError> {
    let pairing = board_order(state, &pair(state)?);
    let round = RoundView::new(state);
    let examine = pairing.boards.len() <= MAX_EXAMINED_GAMES;
    // The best pairing without a choice, against this one.
    let judge = |alt: Result<Pairing, PairingError>| -> Result<Reason, PairingError> {
        match alt {
            Err(PairingError::NoValidPairing) => Ok(Reason::Completion),
            Err(e) => Err(e),
            Ok(alt) => Ok(match compare(&round, &pairing, &alt) {
                Comparison::Better(d) => Reason::Criterion(d),
                Comparison::Equal | Comparison::Worse(_) => Reason::Order,
            }),
        }
    };
    let score = |pn: PairingNumber| round.player(pn).map_or(0, |p| p.score);
    let mut brackets = Vec::new();
    for b in round.brackets(&pairing) {
        let mut games = Vec::new();
        for g in &b.boards {
            let board = pairing
                .boards
                .iter()
                .position(|x| x == g)
                .map_or(0, |k| k + 1);
            let reason = if examine {
                let mut without = state.clone();
                without.forbidden.push((g.white, g.black));
                judge(pair(&without))?
            } else {
                Reason::NotExamined
            };
            games.push(GameExplanation {
                board,
                white: g.white,
                black: g.black,
                reason,
            });
        }
        games.sort_by_key(|g| g.board);
        let members: Vec<PairingNumber> = b.mdps.iter().chain(&b.residents).copied().collect();
        let mut downfloaters = Vec::new();
        for &d in &b.downfloaters {
            let cause = if !members.iter().any(|&o| o != d && round.compatible(d, o)) {
                FloatCause::NoOpponent
            } else if members.len() % 2 == 1 {
                FloatCause::OddBracket
            } else {
                FloatCause::Criteria
            };
            let reason = if examine && cause != FloatCause::NoOpponent {
                // Keep him in the bracket: bar him from every lower score.
                let mut kept = state.clone();
                for p in &round.players {
                    if p.score < b.score {
                        kept.forbidden.push((d, p.pairing_number));
                    }
                }
                judge(pair(&kept))?
            } else if cause == FloatCause::NoOpponent {
                Reason::Completion
            } else {
                Reason::NotExamined
            };
            downfloaters.push(FloatExplanation {
                player: d,
                score: score(d),
                cause,
                reason,
            });
        }
        brackets.push(BracketExplanation {
            score: b.score,
            residents: b.residents.clone(),
            mdps: b.mdps.iter().map(|&m| (m, score(m))).collect(),
            games,
            downfloaters,
        });
    }
    let bye = pairing.bye.map(|player| {
        let s = score(player);
        let barred = round
            .players
            .iter()
            .filter(|p| p.score <= s && !p.bye_allowed)
            .map(|p| p.pairing_number)
            .collect();
        let others_eligible = round
            .players
            .iter()
            .filter(|p| p.score == s && p.bye_allowed && p.pairing_number != player)
            .map(|p| p.pairing_number)
            .collect();
        ByeExplanation {
            player,
            score: s,
            barred,
            others_eligible,
        }
    });
    Ok(Explanation {
        round: state.round,
        edition: state.edition,
        pairing,
        brackets,
        bye,
    })
}

fn list(players: &[PairingNumber]) -> String {
    if players.is_empty() {
        return "none".to_owned();
    }
    players
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

impl fmt::Display for Explanation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "Round {}: FIDE Dutch system (C.04.3, {} rules), {} games{}",
            self.round,
            edition_year(self.edition),
            self.pairing.boards.len(),
            self.pairing
                .bye
                .map_or(String::new(), |b| format!(", PAB to {b}"))
        )?;
        for b in &self.brackets {
            let mdps: Vec<String> = b
                .mdps
                .iter()
                .map(|&(p, s)| format!("{p} ({})", points(s)))
                .collect();
            writeln!(
                f,
                "Bracket {}: residents {}; MDPs {}",
                points(b.score),
                list(&b.residents),
                if mdps.is_empty() {
                    "none".to_owned()
                } else {
                    mdps.join(", ")
                }
            )?;
            for g in &b.games {
                writeln!(
                    f,
                    "  board {}: {} - {}: {}",
                    g.board, g.white, g.black, g.reason
                )?;
            }
            for d in &b.downfloaters {
                let cause = match d.cause {
                    FloatCause::OddBracket => "the bracket has an odd number of players",
                    FloatCause::NoOpponent => {
                        "no player of the bracket may meet him (C1: met or forbidden; C3: same \
                         absolute colour preference)"
                    }
                    FloatCause::Criteria => "pairing him here was possible",
                };
                writeln!(
                    f,
                    "  {} ({}) moved down: {cause}; {}",
                    d.player,
                    points(d.score),
                    d.reason
                )?;
            }
        }
        if let Some(bye) = &self.bye {
            write!(
                f,
                "PAB: {} ({}), the lowest score that can receive it (2026 C5; 2017: the last \
                 bracket)",
                bye.player,
                points(bye.score)
            )?;
            if !bye.barred.is_empty() {
                write!(
                    f,
                    "; barred (C2: already a PAB, a full-point bye or a forfeit win): {}",
                    list(&bye.barred)
                )?;
            }
            if bye.others_eligible.is_empty() {
                writeln!(f, "; no other player of that score could receive it")?;
            } else {
                writeln!(
                    f,
                    "; also eligible at that score: {}, who could be paired (the lowest-ranked \
                     player that leaves a complete pairing gets it)",
                    list(&bye.others_eligible)
                )?;
            }
        }
        Ok(())
    }
}
