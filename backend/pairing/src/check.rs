//! The checker: whether a proposed pairing is the one the Dutch system (C.04.3) produces and, if
//! not, which absolute criterion it breaks (C1 rematches and forbidden pairs, C2 / C.04.1 the
//! PAB, C3 same absolute colour preferences) or, when it breaks none, where it departs from the
//! engine's pairing (a quality criterion, C5 onward, decides there).

use std::collections::{BTreeSet, HashMap, HashSet};

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
    },
    /// Pairs and PAB agree with the engine, but these games have the colours reversed (C.04.3
    /// E: colour allocation).
    ColoursDiffer(Vec<(PairingNumber, PairingNumber)>),
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
    let unordered =
        |s: &BTreeSet<(PairingNumber, PairingNumber)>| -> BTreeSet<(PairingNumber, PairingNumber)> {
            s.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect()
        };
    if unordered(&want) == unordered(&got) {
        findings.push(Finding::ColoursDiffer(
            got.difference(&want).copied().collect(),
        ));
    } else {
        findings.push(Finding::DiffersFromEngine {
            missing: want.difference(&got).copied().collect(),
            extra: got.difference(&want).copied().collect(),
        });
    }
    Ok(findings)
}
