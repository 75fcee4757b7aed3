//! The checker: whether a proposed pairing is the one the Dutch system (C.04.3) produces and, if
//! not, which absolute criterion it breaks (C1 rematches and forbidden pairs, C2 / C.04.1 the
//! PAB, C3 same absolute colour preferences) or, when it breaks none, where it departs from the
//! engine's pairing (a quality criterion, C5 onward, decides there).

use std::collections::{BTreeSet, HashMap, HashSet};
use std::fmt;

use crate::criteria::{Comparison, RoundView, compare};
use crate::{Colour, Edition, Pairing, PairingError, PairingNumber, PairingState, RoundKind};

/// One finding about a proposed pairing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Finding {
    /// A player who is not in the state, or who is absent this round, was paired (C.04.1).
    NotPairable(PairingNumber),
    /// A present player is neither paired nor given the PAB (C.04.3 C4: completion).
    Unpaired(PairingNumber),
    /// A player appears more than once.
    Twice(PairingNumber),
    /// C1: the two players already met, or may not meet (forbidden pair).
    Rematch(PairingNumber, PairingNumber),
    /// C2 (2026: C.04.1 c): the PAB to a player who already had a PAB, a full-point bye or a
    /// forfeit win (2017: a PAB or a forfeit win).
    ByeNotAllowed(PairingNumber),
    /// C3: two non-topscorers with the same absolute colour preference meet.
    SameAbsoluteColour(PairingNumber, PairingNumber),
    /// No absolute criterion is broken, but the pairing is not the engine's: these pairs
    /// (white, black; the PAB as `(n, 0)`) are the engine's and missing from the proposal.
    DiffersFromEngine {
        /// Pairs of the engine's pairing that the proposal lacks.
        missing: Vec<(PairingNumber, PairingNumber)>,
        /// Pairs of the proposal that the engine does not make.
        extra: Vec<(PairingNumber, PairingNumber)>,
        /// The proposal's boards (in FIDE board order, C.04.2) that the engine does not make.
        boards: Vec<BoardDifference>,
        /// How the proposal compares with the engine's pairing on the quality criteria
        /// (C5 onward), bracket by bracket.
        verdict: Comparison,
    },
    /// Pairs and PAB agree with the engine, but these boards (in the proposal's FIDE board
    /// order) have the colours reversed (C.04.3 E: colour allocation).
    ColoursDiffer(Vec<BoardDifference>),
}

/// One board of a proposed pairing that the engine does not make.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardDifference {
    /// The board number in the proposal's FIDE board order (C.04.2 D), from 1; 0 for the PAB.
    pub board: usize,
    /// White (the PAB assignee for board 0).
    pub white: PairingNumber,
    /// Black (0 for the PAB).
    pub black: PairingNumber,
    /// The engine's boards (white, black; the PAB as `(n, 0)`) of these two players.
    pub engine: Vec<(PairingNumber, PairingNumber)>,
}

impl fmt::Display for BoardDifference {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pair = |&(w, b): &(PairingNumber, PairingNumber)| {
            if b == 0 {
                format!("{w} PAB")
            } else {
                format!("{w}-{b}")
            }
        };
        let engine: Vec<String> = self.engine.iter().map(pair).collect();
        if self.board == 0 {
            write!(f, "PAB to {}", self.white)?;
        } else {
            write!(f, "board {}: {}-{}", self.board, self.white, self.black)?;
        }
        write!(f, " (the engine: {})", engine.join(", "))
    }
}

impl fmt::Display for Finding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Finding::NotPairable(p) => write!(f, "player {p} is absent or unknown and was paired"),
            Finding::Unpaired(p) => {
                write!(
                    f,
                    "player {p} is present but neither paired nor given the PAB (C4)"
                )
            }
            Finding::Twice(p) => write!(f, "player {p} appears more than once"),
            Finding::Rematch(a, b) => {
                write!(f, "{a}-{b}: already met or a forbidden pair (C1)")
            }
            Finding::ByeNotAllowed(p) => write!(
                f,
                "PAB to {p}, who already had a PAB, a full-point bye or a forfeit win (C2)"
            ),
            Finding::SameAbsoluteColour(a, b) => write!(
                f,
                "{a}-{b}: two non-topscorers with the same absolute colour preference (C3)"
            ),
            Finding::DiffersFromEngine {
                boards, verdict, ..
            } => {
                let list: Vec<String> = boards.iter().map(ToString::to_string).collect();
                write!(f, "{}; ", list.join("; "))?;
                match verdict {
                    Comparison::Worse(d) => write!(f, "it loses on {d} in the engine's pairing"),
                    Comparison::Better(d) => write!(
                        f,
                        "it is not worse by the quality criteria ({d} in the engine's pairing): \
                         the engine's pairing is the one the rules give"
                    ),
                    Comparison::Equal => write!(
                        f,
                        "it ties with the engine's pairing on every quality criterion: an \
                         equally good pairing, but the engine's is the one the ordering rules \
                         (C.04.3 B, D) give"
                    ),
                }
            }
            Finding::ColoursDiffer(boards) => {
                let list: Vec<String> = boards.iter().map(ToString::to_string).collect();
                write!(f, "{}: colours reversed (C.04.3 E)", list.join("; "))
            }
        }
    }
}

/// A pairing with its boards in FIDE board order (C.04.2 D): the higher score of the two
/// players first, then the lower score, then the higher-ranked player's pairing number (scores
/// without acceleration). The PAB is unchanged.
#[must_use]
pub fn board_order(state: &PairingState, pairing: &Pairing) -> Pairing {
    let score: HashMap<PairingNumber, u32> = state
        .players
        .iter()
        .map(|p| {
            let played = usize::from(state.round.saturating_sub(1));
            let s = p.history.iter().take(played).map(|r| r.points).sum();
            (p.pairing_number, s)
        })
        .collect();
    let s = |pn: PairingNumber| score.get(&pn).copied().unwrap_or(0);
    let mut boards = pairing.boards.clone();
    boards.sort_by_key(|b| {
        let (hi, lo) = if (s(b.white), b.black) < (s(b.black), b.white) {
            (b.black, b.white)
        } else {
            (b.white, b.black)
        };
        (std::cmp::Reverse(s(hi)), std::cmp::Reverse(s(lo)), hi)
    });
    Pairing {
        boards,
        bye: pairing.bye,
    }
}

/// Checks a proposed pairing against the state: an empty list means it is exactly the engine's
/// pairing (the same games with the same colours, and the same PAB).
///
/// # Errors
/// The engine's errors for an inconsistent state ([`PairingError`]); a state with no valid
/// pairing is not an error here, only absolute-criterion findings are reported then.
pub fn check(state: &PairingState, proposed: &Pairing) -> Result<Vec<Finding>, PairingError> {
    let mut findings = Vec::new();
    let present: HashMap<PairingNumber, usize> = state
        .players
        .iter()
        .enumerate()
        .filter(|(_, p)| !p.absent)
        .map(|(i, p)| (p.pairing_number, i))
        .collect();
    let mut seen = HashSet::new();
    let mut mark = |pn: PairingNumber, findings: &mut Vec<Finding>| {
        if !present.contains_key(&pn) {
            findings.push(Finding::NotPairable(pn));
        }
        if !seen.insert(pn) {
            findings.push(Finding::Twice(pn));
        }
    };
    for b in &proposed.boards {
        mark(b.white, &mut findings);
        mark(b.black, &mut findings);
    }
    if let Some(b) = proposed.bye {
        mark(b, &mut findings);
    }
    let mut missing: Vec<PairingNumber> = present
        .keys()
        .filter(|pn| !seen.contains(*pn))
        .copied()
        .collect();
    missing.sort_unstable();
    findings.extend(missing.into_iter().map(Finding::Unpaired));

    let met = |a: PairingNumber, b: PairingNumber| {
        let pa = present.get(&a).map(|&i| &state.players[i]);
        let history_meets = pa.is_some_and(|p| {
            p.history
                .iter()
                .any(|r| r.kind == RoundKind::Played && r.opponent == Some(b))
        });
        history_meets
            || state
                .forbidden
                .iter()
                .any(|&(x, y)| (x, y) == (a, b) || (x, y) == (b, a))
    };
    let played_rounds = u32::from(state.round.saturating_sub(1));
    let last_round =
        state.rounds_planned > 0 && played_rounds + 1 >= u32::from(state.rounds_planned);
    let threshold = (played_rounds * state.points.win.max(state.points.draw)) >> 1;
    let absolute = |pn: PairingNumber| -> Option<(Colour, bool)> {
        let p = &state.players[*present.get(&pn)?];
        let colours: Vec<Colour> = p.colours().into_iter().flatten().collect();
        let white = colours.iter().filter(|&&c| c == Colour::White).count();
        let black = colours.len() - white;
        let topscorer = p.score()
            + p.acceleration
                .get(usize::from(state.round.saturating_sub(1)))
                .copied()
                .unwrap_or(0)
            > threshold;
        let last_two =
            colours.len() >= 2 && colours[colours.len() - 1] == colours[colours.len() - 2];
        // A.6: absolute when the colour difference is beyond 1 (the lower colour) or the last
        // two played games had the same colour (the other one).
        if white > black + 1 {
            Some((Colour::Black, topscorer))
        } else if black > white + 1 {
            Some((Colour::White, topscorer))
        } else if last_two {
            Some((colours[colours.len() - 1].invert(), topscorer))
        } else {
            None
        }
    };
    for b in &proposed.boards {
        if met(b.white, b.black) {
            findings.push(Finding::Rematch(b.white, b.black));
        }
        if let (Some((cw, tw)), Some((cb, tb))) = (absolute(b.white), absolute(b.black))
            && cw == cb
            && !(last_round && (tw || tb))
        {
            findings.push(Finding::SameAbsoluteColour(b.white, b.black));
        }
    }
    if let Some(bye) = proposed.bye
        && let Some(&i) = present.get(&bye)
    {
        let p = &state.players[i];
        let barred = match state.edition {
            Edition::Dutch2026 => p.had_unplayed_win(state.points.win),
            Edition::Dutch2017 => p
                .history
                .iter()
                .any(|r| matches!(r.kind, RoundKind::Pab | RoundKind::ForfeitWin)),
        };
        if barred {
            findings.push(Finding::ByeNotAllowed(bye));
        }
    }
    if !findings.is_empty() {
        return Ok(findings);
    }
    let engine = match crate::pair(state) {
        Ok(p) => p,
        Err(PairingError::NoValidPairing) => return Ok(findings),
        Err(e) => return Err(e),
    };
    let as_set = |p: &Pairing| -> BTreeSet<(PairingNumber, PairingNumber)> {
        let mut s: BTreeSet<_> = p.boards.iter().map(|b| (b.white, b.black)).collect();
        if let Some(b) = p.bye {
            s.insert((b, 0));
        }
        s
    };
    let (want, got) = (as_set(&engine), as_set(proposed));
    if want == got {
        return Ok(findings);
    }
    let boards = boards_against(state, proposed, &want);
    let unordered =
        |s: &BTreeSet<(PairingNumber, PairingNumber)>| -> BTreeSet<(PairingNumber, PairingNumber)> {
            s.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect()
        };
    if unordered(&want) == unordered(&got) {
        findings.push(Finding::ColoursDiffer(boards));
    } else {
        let round = RoundView::new(state);
        findings.push(Finding::DiffersFromEngine {
            missing: want.difference(&got).copied().collect(),
            extra: got.difference(&want).copied().collect(),
            boards,
            verdict: compare(&round, proposed, &engine),
        });
    }
    Ok(findings)
}

/// The boards of a proposed pairing, numbered in FIDE board order (C.04.2 D), that the engine's
/// pairing does not contain (the same players with the same colours), and a proposed PAB the
/// engine does not give (board 0); each with the engine's boards of its players.
///
/// # Errors
/// The engine's errors ([`PairingError`], including [`PairingError::NoValidPairing`]).
pub fn differing_boards(
    state: &PairingState,
    proposed: &Pairing,
) -> Result<Vec<BoardDifference>, PairingError> {
    let engine = crate::pair(state)?;
    let mut want: BTreeSet<(PairingNumber, PairingNumber)> =
        engine.boards.iter().map(|b| (b.white, b.black)).collect();
    if let Some(b) = engine.bye {
        want.insert((b, 0));
    }
    Ok(boards_against(state, proposed, &want))
}

/// The proposal's boards missing from `want` (the engine's pairs, the PAB as `(n, 0)`).
fn boards_against(
    state: &PairingState,
    proposed: &Pairing,
    want: &BTreeSet<(PairingNumber, PairingNumber)>,
) -> Vec<BoardDifference> {
    let ordered = board_order(state, proposed);
    let engine_of = |a: PairingNumber, b: PairingNumber| -> Vec<(PairingNumber, PairingNumber)> {
        want.iter()
            .filter(|&&(w, x)| [a, b].contains(&w) || (x != 0 && [a, b].contains(&x)))
            .copied()
            .collect()
    };
    let mut boards: Vec<BoardDifference> = ordered
        .boards
        .iter()
        .enumerate()
        .filter(|(_, b)| !want.contains(&(b.white, b.black)))
        .map(|(k, b)| BoardDifference {
            board: k + 1,
            white: b.white,
            black: b.black,
            engine: engine_of(b.white, b.black),
        })
        .collect();
    if let Some(bye) = proposed.bye
        && !want.contains(&(bye, 0))
    {
        boards.push(BoardDifference {
            board: 0,
            white: bye,
            black: 0,
            engine: engine_of(bye, bye),
        });
    }
    boards
}
