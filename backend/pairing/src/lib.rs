//! Pairing systems as pure functions (no I/O): the FIDE Dutch system (Handbook C.04.3), in its
//! 2017 edition (criteria C1-C19) and its 2026 edition (criteria C1-C21, the default), with the
//! general rules of C.04.1 (2025: no pairing-allocated bye (PAB) after a PAB, a full-point bye or a
//! forfeit win) and the board order of C.04.2.
//!
//! The input is a [`PairingState`]: the players with pairing number, rating, score, their
//! round-by-round history (colour, float, byes, forfeits), absences, forbidden pairs and
//! acceleration points. The output is a [`Pairing`]: the games in board order and the PAB.
//!
//! Like the endorsed engines, the Dutch system is computed as a sequence of maximum-weight
//! matchings whose edge weights encode the quality criteria lexicographically, bracket by
//! bracket (see [`dutch`]): for 2026 over all players still to pair, warm-started after each
//! change (a persistent primal-dual blossom matcher); for 2017 over the bracket and the next
//! scoregroup, with a completion check (C4) and the PPB/CLB rule. The weights are wide unsigned
//! integers (multi-limb, sized per round). [`check`] says whether a proposed pairing is the
//! engine's and, if not, which absolute criterion it breaks or
//! which quality criterion it loses on ([`criteria`]); [`explain`] says why each game was made.
//!
//! Teams: [`team_swiss`] pairs a round by the FIDE Swiss Team Pairing System (C.04.6, in force
//! from 1 February 2026) from the teams' histories, explains it and checks a proposed pairing.
//!
//! Exactness: on the shared data set (`pairing/random/{20,60,150}`, `large`, `real`) every round
//! is paired as the endorsed engine (bbpPairings 6.0.0 for 2026, 5.0.1 for 2017) pairs it.
//!
//! ```
//! use arbiter_pairing::check::{Finding, check};
//! use arbiter_pairing::round_robin::berger_table;
//! use arbiter_pairing::{Board, Colour, PairingState, PlayerState, pair};
//!
//! // Round 1 of a five-player Swiss, by the 2026 Dutch rules (the default edition): the top half
//! // meets the bottom half, colours alternate from the initial colour, and the lowest-ranked
//! // player gets the pairing-allocated bye (C.04.1).
//! let players = (1..=5)
//!     .map(|pn| PlayerState {
//!         pairing_number: pn,
//!         rating: 2400 - 50 * pn,
//!         history: Vec::new(),
//!         acceleration: Vec::new(),
//!         absent: false,
//!     })
//!     .collect();
//! let state = PairingState {
//!     round: 1,
//!     rounds_planned: 5,
//!     initial_colour: Some(Colour::White),
//!     players,
//!     ..PairingState::default()
//! };
//! let pairing = pair(&state)?;
//! assert_eq!(
//!     pairing.boards,
//!     [Board { white: 1, black: 3 }, Board { white: 4, black: 2 }]
//! );
//! assert_eq!(pairing.bye, Some(5));
//!
//! // The checker (C.04.A) accepts the engine's pairing and names a board it would not make.
//! assert!(check(&state, &pairing)?.is_empty());
//! let mut swapped = pairing.clone();
//! swapped.boards[0] = Board { white: 1, black: 4 };
//! swapped.boards[1] = Board { white: 3, black: 2 };
//! assert!(matches!(
//!     check(&state, &swapped)?.as_slice(),
//!     [Finding::DiffersFromEngine { .. }]
//! ));
//!
//! // Round robin: the Berger table for four players (C.05 Annex 1) has three rounds of two games.
//! let rounds = berger_table(4, false);
//! assert_eq!(rounds.len(), 3);
//! assert!(rounds.iter().all(|r| r.boards.len() == 2));
//! # Ok::<(), arbiter_pairing::PairingError>(())
//! ```

#![expect(
    clippy::needless_range_loop,
    reason = "index loops follow the published descriptions of the blossom algorithm and the Dutch procedure"
)]

pub mod check;
pub mod criteria;
mod dense;
pub mod dutch;
mod dutch2017;
mod dutch_state;
pub mod explain;
pub mod round_robin;
pub mod team_swiss;
mod wide;

use thiserror::Error;

/// A pairing number (TRF start number), 1-9999 (C.04.2 B: pairing numbers).
pub type PairingNumber = u16;

/// A piece colour (C.04.3 A.6: colour preferences).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Colour {
    /// White.
    White,
    /// Black.
    Black,
}

impl Colour {
    /// The other colour.
    #[must_use]
    pub const fn invert(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }
}

/// The edition of the Dutch system (C.04.3) to pair with.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Edition {
    /// The rules approved in 2016/2017 (criteria C1-C19), in force until 30 June 2025.
    Dutch2017,
    /// The rules applied from 1 February 2026 (criteria C1-C21), with C.04.1 (2025).
    #[default]
    Dutch2026,
}

/// How a player's round ended, as the pairing rules see it (C.04.1, C.04.3 A.4 floats).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RoundKind {
    /// A game played over the board (including games of less than one move, `W D L`): it
    /// counts as a meeting (C1) and for colour history (A.6).
    Played,
    /// A forfeit win (`+`): paired, not played (no meeting, no colour).
    ForfeitWin,
    /// A forfeit loss (`-` with an opponent): paired, not played.
    ForfeitLoss,
    /// The pairing-allocated bye (`U`, C.04.1 c).
    Pab,
    /// A full-point bye (`F`): not paired.
    FullBye,
    /// A half-point bye (`H`): not paired.
    HalfBye,
    /// Not paired and scoring nothing: a zero-point bye (`Z`), an absence, a round before a late
    /// entry.
    Absent,
}

/// One player's record in one earlier round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RoundRecord {
    /// The opponent, for a played or forfeited game.
    pub opponent: Option<PairingNumber>,
    /// The colour, for a played game (forfeits do not count for colours, C.04.3 A.6).
    pub colour: Option<Colour>,
    /// How the round ended.
    pub kind: RoundKind,
    /// The points scored in that round, in tenths of a point.
    pub points: u32,
}

/// A player as the pairing sees him (C.04.3 A.2: order; A.6 colours; A.4 floats).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerState {
    /// The pairing number (C.04.2: fixed from the initial ranking list).
    pub pairing_number: PairingNumber,
    /// The rating (0 if unrated); informative, the order is by pairing number.
    pub rating: u16,
    /// One record per earlier round, round 1 first (rounds before a late entry are
    /// [`RoundKind::Absent`]).
    pub history: Vec<RoundRecord>,
    /// Acceleration points (C.04.5/C.04.7, Baku) in tenths, per round, round 1 first (missing
    /// rounds: none). Added to the score for pairing only.
    pub acceleration: Vec<u32>,
    /// Not to be paired in the round being paired (a requested bye, a withdrawal).
    pub absent: bool,
}

impl PlayerState {
    /// The score in tenths after the rounds in the history (without acceleration).
    #[must_use]
    pub fn score(&self) -> u32 {
        self.history.iter().map(|r| r.points).sum()
    }

    /// The colour history (C.04.3 A.6): W, B or none per round.
    #[must_use]
    pub fn colours(&self) -> Vec<Option<Colour>> {
        self.history
            .iter()
            .map(|r| {
                if r.kind == RoundKind::Played {
                    r.colour
                } else {
                    None
                }
            })
            .collect()
    }

    /// Whether the player already scored a win's points without playing (C.04.1 2025: a PAB, a
    /// full-point bye or a forfeit win), which rules out the PAB (C2).
    #[must_use]
    pub fn had_unplayed_win(&self, win: u32) -> bool {
        self.history
            .iter()
            .any(|r| r.kind != RoundKind::Played && r.points >= win)
    }
}

/// Points for each result (in tenths), as the tournament's regulations fix them (C.04.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PointSystem {
    /// A win.
    pub win: u32,
    /// A draw.
    pub draw: u32,
    /// A loss.
    pub loss: u32,
}

impl Default for PointSystem {
    fn default() -> Self {
        PointSystem {
            win: 10,
            draw: 5,
            loss: 0,
        }
    }
}

/// Everything the Dutch system needs to pair one round (C.04.3).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PairingState {
    /// The edition of the rules.
    pub edition: Edition,
    /// The round to pair, from 1 (the history of every player covers the rounds before it).
    pub round: u16,
    /// The number of rounds planned (for the topscorers of the last round, C.04.3 A.7); 0 if
    /// unknown.
    pub rounds_planned: u16,
    /// The colour the player with the lowest pairing number gets in round 1, drawn before the
    /// tournament (C.04.3 E.5); White when not drawn.
    pub initial_colour: Option<Colour>,
    /// The point system.
    pub points: PointSystem,
    /// The players (every registered one; absent ones are flagged).
    pub players: Vec<PlayerState>,
    /// Pairs that must not meet (C1), by pairing number.
    pub forbidden: Vec<(PairingNumber, PairingNumber)>,
}

/// One game of a pairing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    /// White's pairing number.
    pub white: PairingNumber,
    /// Black's pairing number.
    pub black: PairingNumber,
}

/// A round's pairing: games in board order (C.04.2 D), and the PAB (C.04.1 c).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pairing {
    /// The games, board 1 first.
    pub boards: Vec<Board>,
    /// The player who gets the pairing-allocated bye, if any.
    pub bye: Option<PairingNumber>,
}

/// Why a round cannot be paired.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PairingError {
    /// No pairing satisfies the absolute criteria (C.04.3 C1-C3 / C.04.1).
    #[error("no pairing satisfies the absolute criteria (C.04.3 C1-C3)")]
    NoValidPairing,
    /// Two players share a pairing number.
    #[error("pairing number {0} appears twice")]
    DuplicatePairingNumber(PairingNumber),
    /// A history names an opponent who is not a player.
    #[error("player {player} has an unknown opponent {opponent} in round {round}")]
    UnknownOpponent {
        /// The player.
        player: PairingNumber,
        /// The opponent named.
        opponent: PairingNumber,
        /// The round.
        round: usize,
    },
    /// The input is too large for the engine (more than 9999 players).
    #[error("too many players: {0}")]
    TooLarge(usize),
}

/// Pairs one round by the FIDE Dutch system (C.04.3) in the state's edition. The same as
/// [`dutch::pair`].
///
/// ```
/// use arbiter_pairing::{
///     Board, Colour, Edition, PairingError, PairingState, PlayerState, RoundKind, RoundRecord, pair,
/// };
///
/// // Round 1 of four players was 1-3 (1-0) and 4-2 (0-1). Each player's history, in tenths of
/// // a point.
/// let game = |opponent, colour, points| RoundRecord {
///     opponent: Some(opponent),
///     colour: Some(colour),
///     kind: RoundKind::Played,
///     points,
/// };
/// let player = |pairing_number, record| PlayerState {
///     pairing_number,
///     rating: 2200 - 100 * pairing_number,
///     history: vec![record],
///     acceleration: Vec::new(),
///     absent: false,
/// };
/// let mut state = PairingState {
///     round: 2,
///     rounds_planned: 3,
///     players: vec![
///         player(1, game(3, Colour::White, 10)),
///         player(2, game(4, Colour::Black, 10)),
///         player(3, game(1, Colour::Black, 0)),
///         player(4, game(2, Colour::White, 0)),
///     ],
///     ..PairingState::default()
/// };
///
/// // The winners meet, and so do the losers, each with the colour due after round 1 (A.6).
/// let round_two = [Board { white: 2, black: 1 }, Board { white: 3, black: 4 }];
/// assert_eq!(pair(&state)?.boards, round_two);
/// state.edition = Edition::Dutch2017;
/// assert_eq!(pair(&state)?.boards, round_two);
///
/// // A pair that must not meet (C1): the winners float instead.
/// state.edition = Edition::Dutch2026;
/// state.forbidden.push((1, 2));
/// let pairing = pair(&state)?;
/// assert!(pairing.boards.iter().all(|b| (b.white, b.black) != (1, 2) && (b.white, b.black) != (2, 1)));
///
/// // Every pairing forbidden: the absolute criteria cannot be met.
/// state.forbidden.extend([(1, 4), (2, 3), (3, 4)]);
/// assert_eq!(pair(&state), Err(PairingError::NoValidPairing));
/// # Ok::<(), PairingError>(())
/// ```
///
/// # Errors
/// [`PairingError::NoValidPairing`] when the absolute criteria cannot be met, or an error naming
/// an inconsistency of the input.
pub fn pair(state: &PairingState) -> Result<Pairing, PairingError> {
    dutch::pair(state)
}
