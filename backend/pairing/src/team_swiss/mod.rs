//! The FIDE Swiss Team Pairing System (Handbook C.04.6, approved by the Council on 28/10/2025,
//! in force from 1 February 2026), as a pure function beside the Dutch engine: the caller gives
//! each team's history, [`pair`] gives the round's [`Pairing`] (boards with the team that has
//! White on board 1 as `white`, and the pairing-allocated bye), [`explain()`] says why each match
//! was made and [`check()`] says whether a proposed pairing is the engine's.
//!
//! The articles, in our own words:
//!
//! - **Preface (0).** The Basic Rules (C.04.1) and the General Handling Rules (C.04.2, articles
//!   1, 2.4, 2.5, 3 and 4) apply to teams with the necessary changes, except Basic Rules 6 and 7
//!   (the colour difference bound and three colours in a row) which never apply. Colours matter
//!   less for teams, so no colour preference is ever absolute: a colour never keeps two teams
//!   apart.
//! - **1.1 TPN.** Every team has a distinct team pairing number from 1 up, assigned by the
//!   competition's rules or the Chief Arbiter and kept for the event (here: the
//!   [`TeamState::pairing_number`]; an absent team keeps its number).
//! - **1.2 Scores.** The competition names match points or game points the primary score (the
//!   score that builds scoregroups); the other is the secondary score, used (when the rules say
//!   so) only to pick the first-team of a pair (4.2.2). Default: match points primary, game
//!   points for colours ([`TeamScore`], [`TeamPairingState::use_secondary_for_colour`]).
//! - **1.3 Scoregroups and brackets.** A scoregroup is all teams of one score; a bracket is an
//!   even group to be paired: the residents of one scoregroup and possibly upfloaters from lower
//!   scoregroups. There are no downfloaters: a resident is always paired in its own bracket.
//! - **1.4 The pairing-allocated bye.** With an odd number of teams one team gets the bye: no
//!   opponent, no colour, a drawn match's match and game points unless the regulations say
//!   otherwise, the same for every bye ([`TeamPairingState::pab`]).
//! - **1.5 Floater.** A team that played an opponent with a different score.
//! - **1.6 Colour.** A team had White (Black) in a match that was actually played when its
//!   board-1 player had White (Black); the colour difference is Whites minus Blacks.
//! - **1.7 Colour preferences** ([`TeamColourPreferences`]). Type A (the default): a simple
//!   preference for White when the colour difference is below -1, or is 0 or -1 after Black in
//!   the last two played matches (and symmetrically for Black); none otherwise. Type B: the same
//!   cases give a strong preference; a colour difference of -1 (+1), or 0 after Black (White) in
//!   the last played match when this is not the last round, gives a mild one; none before the
//!   first played match or with a zero difference in the last round. Or no preferences at all.
//! - **2.1 Absolute criteria.** \[C1\] two teams meet at most once (a match not played, a forfeit,
//!   is no meeting: C.04.2 3.5); \[C2\] no bye for a team that already had a bye, won a match by
//!   forfeit or was given a full-point bye.
//! - **2.2 Completion.** \[C3\] the teams still to pair can always be paired legally.
//! - **2.3 Quality criteria**, in descending priority, to pair the top scoregroup best: \[C4\]
//!   fewest upfloaters; \[C5\] the upfloaters' scores as high as possible (compared in ascending
//!   order); \[C6\] unless the next scoregroup has been emptied, leave it pairable (\[C1\], \[C3\])
//!   with the fewest upfloaters its parity allows (\[C4\]); \[C7\] fewest upfloaters that floated in
//!   the previous round (not in the last two rounds); \[C8\] fewest teams whose colour preference
//!   goes unmet; \[C9\] (type B) fewest unmet strong preferences; \[C10\] fewest upfloaters'
//!   opponents that floated in the previous round (not in the last two rounds).
//! - **3.1-3.3 Procedure.** A pairing is legal under \[C1\] and \[C2\], and \[C3\] during the
//!   pairing. First the bye (3.4); then the top scoregroup takes a set of upfloaters (3.5) and
//!   the bracket is paired (3.6), again until every team is paired; colours last (4). When no
//!   legal round-pairing exists the Chief Arbiter decides ([`PairingError::NoValidPairing`]).
//! - **3.4 The bye** goes to the team that leaves a legal pairing of the others, then has the
//!   lowest score, then has played the most matches, then has the largest TPN.
//! - **3.5 Upfloaters.** Every team scoring less than the residents may float up. Among the sets
//!   that satisfy \[C4\] and \[C5\] (of those that can be paired legally with the rest, \[C3\]), each
//!   set lists its teams by descending score then ascending TPN, the sets are ordered
//!   lexicographically by those lists, and the first set that best satisfies \[C6\] and \[C7\] wins.
//! - **3.6 The bracket.** In each pair the smaller TPN is the top member. A pairing is
//!   identified by its top members in ascending order followed by their bottom members; the
//!   pairings are ordered lexicographically by identifier, and the first that best satisfies
//!   \[C1\], \[C8\], \[C9\] and \[C10\] wins. The bracket is read in TPN order only: an upfloater with a
//!   smaller TPN than a resident is the top member of their pair.
//! - **4 Colours.** The initial colour is drawn before round 1 (4.1). The first-team of a pair
//!   has the higher score, then the higher secondary score (if used), then the smaller TPN
//!   (4.2). Then, in order (4.3): 4.3.1 if neither team has played a match, the first-team gets
//!   the initial colour when its TPN is odd, the other colour when even; 4.3.2 grant the only
//!   preference; 4.3.3 grant opposite preferences; 4.3.4 (type B) grant the only strong
//!   preference; 4.3.5 White to the lower colour difference; 4.3.6 alternate from the latest
//!   played match (histories compared from their last played match back, unplayed rounds
//!   squeezed out, C.04.2 3.4) where the two had different colours; 4.3.7 grant the first-team's
//!   preference; 4.3.8 alternate the first-team's last colour; 4.3.9 alternate the other team's.
//!
//! Readings where the text leaves room (each tested by hand in `tests/pairing/team_swiss_rules.rs`):
//! "complies with" a minimisation criterion (3.5.5, 3.6.4) means reaching the best value any
//! candidate reaches, the first candidate in order among those; \[C6\] is the parity-minimum
//! reading (the following scoregroup, with zero or one upfloater as its parity needs, can still
//! be paired and leave the rest pairable); \[C8\] counts one unmet team per pair whose two teams
//! prefer the same colour, \[C9\] one per pair whose two teams both strongly prefer it (4.3 grants
//! every other preference); \[C10\] counts each team paired with an upfloater, an upfloater paired
//! with another upfloater included. The board order follows C.04.2 3.6 (the higher score of the
//! pair, the sum of scores, the smaller TPN).

use std::fmt;

use crate::{Colour, Pairing, PairingError, PairingNumber, PointSystem, RoundKind};

mod check;
mod engine;
mod explain;
mod matching;
mod view;

pub use check::{
    BracketKey, TeamComparison, TeamCriterion, TeamDifference, TeamFinding, check, compare,
};
pub use explain::{
    MAX_EXAMINED_MATCHES, TeamBracketExplanation, TeamByeExplanation, TeamExplanation,
    TeamMatchExplanation, TeamReason, explain,
};

/// The colour preferences of the competition (C.04.6 art. 1.7).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum TeamColourPreferences {
    /// Type A (art. 1.7.1, the default): one strength, "simple".
    #[default]
    TypeA,
    /// Type B (art. 1.7.2): strong and mild preferences (\[C9\] and 4.3.4 apply).
    TypeB,
    /// No colour preferences at all (art. 1.7): \[C8\] and \[C9\] never count, 4.3.2-4.3.4 and 4.3.7
    /// never apply.
    None,
}

/// Which score is the primary score (C.04.6 art. 1.2.1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum TeamScore {
    /// Match points (the default, art. 1.2.2).
    #[default]
    MatchPoints,
    /// Game points.
    GamePoints,
}

/// One round of a team's history (C.04.6 art. 1.5, 1.6, 2.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TeamRoundRecord {
    /// The opponent's team pairing number (TPN), for a match played or forfeited.
    pub opponent: Option<PairingNumber>,
    /// The team's colour in the match: White when its board-1 player had White (art. 1.6.1).
    /// Read only for a played match.
    pub colour: Option<Colour>,
    /// How the round ended, in the terms of [`RoundKind`]: `Played` for a match actually played
    /// (a meeting for \[C1\], a colour for art. 1.6), `ForfeitWin` / `ForfeitLoss` for a match
    /// forfeited as a whole (no meeting, no colour; a forfeit win bars the bye, \[C2\]), `Pab` for
    /// the pairing-allocated bye, `FullBye` (bars the bye, \[C2\]) and `HalfBye` for requested
    /// byes, `Absent` for a round not paired.
    pub kind: RoundKind,
    /// The match points scored in the round, in the event's unit (e.g. 2/1/0).
    pub match_points: u32,
    /// The game points scored in the round, doubled (a drawn game is 1).
    pub game_points: u32,
}

/// A team as the pairing sees it (C.04.6 art. 1.1, 1.2).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TeamState {
    /// The team pairing number, TPN (art. 1.1): fixed for the event, kept while absent.
    pub pairing_number: PairingNumber,
    /// One record per earlier round, round 1 first (a round before a late entry is
    /// [`RoundKind::Absent`]).
    pub history: Vec<TeamRoundRecord>,
    /// Not to be paired in this round (C.04.2 3.2-3.3: withdrawn or known to be absent).
    pub absent: bool,
    /// Fictitious points added for pairing only (an accelerated event, TRF-2026 `250` for
    /// teams): one entry per round, round 1 first, `(match points, game points doubled)` in the
    /// units of [`TeamRoundRecord`]; a round beyond the list has none. The pairing score of
    /// round `r` is the history of rounds `1..r` plus entry `r` (both scores, art. 1.2), so
    /// whether a team floated in round `r - 1` (art. 1.5) compares those scores too.
    pub acceleration: Vec<(u32, u32)>,
}

impl TeamState {
    /// The fictitious points of round `round` (from 1) in the score `which`: match points, or
    /// game points doubled ([`TeamState::acceleration`]); 0 when the round has none.
    #[must_use]
    pub fn fictitious(&self, round: u16, which: TeamScore) -> u32 {
        let Some(&(mp, gp)) = self
            .acceleration
            .get(usize::from(round.max(1) - 1))
            .filter(|_| round >= 1)
        else {
            return 0;
        };
        match which {
            TeamScore::MatchPoints => mp,
            TeamScore::GamePoints => gp,
        }
    }

    /// The team's primary or secondary score after its history (art. 1.2), without the
    /// fictitious points of an acceleration.
    #[must_use]
    pub fn score(&self, which: TeamScore) -> u32 {
        self.history
            .iter()
            .map(|r| match which {
                TeamScore::MatchPoints => r.match_points,
                TeamScore::GamePoints => r.game_points,
            })
            .sum()
    }

    /// The colours of the matches actually played, oldest first (art. 1.6.1, C.04.2 3.4).
    #[must_use]
    pub fn played_colours(&self) -> Vec<Colour> {
        self.history
            .iter()
            .filter(|r| r.kind == RoundKind::Played)
            .filter_map(|r| r.colour)
            .collect()
    }

    /// Whether the team may not receive the pairing-allocated bye (\[C2\], art. 2.1.2): it had a
    /// bye, won a match by forfeit or was given a full-point bye.
    #[must_use]
    pub fn bye_barred(&self) -> bool {
        self.history.iter().any(|r| {
            matches!(
                r.kind,
                RoundKind::Pab | RoundKind::ForfeitWin | RoundKind::FullBye
            )
        })
    }
}

/// Everything the Swiss Team Pairing System needs to pair one round (C.04.6).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TeamPairingState {
    /// The round to pair, from 1 (every history covers the rounds before it).
    pub round: u16,
    /// The number of rounds planned (art. 1.7.2 "the last round", \[C7\] and \[C10\] "the last two
    /// rounds"); 0 if unknown (then no round is treated as one of the last).
    pub rounds_planned: u16,
    /// The initial colour drawn before round 1 (art. 4.1); White when not drawn.
    pub initial_colour: Option<Colour>,
    /// The primary score (art. 1.2.1).
    pub primary: TeamScore,
    /// Whether the secondary score picks the first-team (art. 1.2.1, 4.2.2).
    pub use_secondary_for_colour: bool,
    /// The colour preferences in use (art. 1.7).
    pub colour_preferences: TeamColourPreferences,
    /// The match points for a won, drawn and lost match (the competition's rules).
    pub match_points: PointSystem,
    /// What the pairing-allocated bye scores, match points and doubled game points (art. 1.4:
    /// a drawn match unless the regulations say otherwise). The engine reads histories only;
    /// this is reported by [`explain()`].
    pub pab: (u32, u32),
    /// Every registered team (absent ones flagged).
    pub teams: Vec<TeamState>,
    /// Pairs that must not meet (treated as \[C1\]), by TPN.
    pub forbidden: Vec<(PairingNumber, PairingNumber)>,
}

/// The rule of art. 4.3 that gave a match its colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ColourRule {
    /// 4.3.1: neither team has played; the first-team's TPN parity and the initial colour.
    InitialColour,
    /// 4.3.2: only one team has a colour preference.
    OnlyPreference,
    /// 4.3.3: opposite preferences.
    OppositePreferences,
    /// 4.3.4: only one strong preference (type B).
    OnlyStrong,
    /// 4.3.5: White to the lower colour difference.
    LowerDifference,
    /// 4.3.6: alternate from the latest match where their colours differed.
    Alternate,
    /// 4.3.7: the first-team's preference.
    FirstPreference,
    /// 4.3.8: alternate the first-team's last colour.
    FirstAlternates,
    /// 4.3.9: alternate the other team's last colour.
    OtherAlternates,
}

impl fmt::Display for ColourRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ColourRule::InitialColour => "4.3.1: neither team has played a match; the first-team's TPN parity and the initial colour",
            ColourRule::OnlyPreference => "4.3.2: only one team has a colour preference",
            ColourRule::OppositePreferences => "4.3.3: the two teams prefer opposite colours",
            ColourRule::OnlyStrong => "4.3.4: only one team has a strong colour preference",
            ColourRule::LowerDifference => "4.3.5: White to the team with the lower colour difference",
            ColourRule::Alternate => "4.3.6: alternated from the latest played match in which their colours differed",
            ColourRule::FirstPreference => "4.3.7: the first-team's colour preference",
            ColourRule::FirstAlternates => "4.3.8: the first-team's colour alternated from its last played match",
            ColourRule::OtherAlternates => "4.3.9: the other team's colour alternated from its last played match",
        })
    }
}

/// Pairs one round by the Swiss Team Pairing System (C.04.6): the bye (3.4), the brackets from
/// the top (3.5, 3.6), the colours (4); boards in the order of C.04.2 3.6.
///
/// # Errors
/// [`PairingError::NoValidPairing`] when no legal round-pairing exists (art. 3.3.3: the Chief
/// Arbiter decides); other variants for inconsistent input.
pub fn pair(state: &TeamPairingState) -> Result<Pairing, PairingError> {
    engine::pair_traced(state).map(|t| t.pairing)
}

/// The colour rule (art. 4.3) that gives the match between teams `a` and `b` its colours in the
/// state's round, and who has White.
///
/// # Errors
/// Inconsistent input ([`PairingError`]).
pub fn allocate_colours(
    state: &TeamPairingState,
    a: PairingNumber,
    b: PairingNumber,
) -> Result<(PairingNumber, PairingNumber, ColourRule), PairingError> {
    let v = view::Round::new(state)?;
    let (ia, ib) = (v.index(a), v.index(b));
    match (ia, ib) {
        (Some(ia), Some(ib)) => {
            let (w, bl, rule) = engine::colours(&v, ia, ib);
            Ok((v.teams[w].tpn, v.teams[bl].tpn, rule))
        }
        _ => Err(PairingError::UnknownOpponent {
            player: a,
            opponent: b,
            round: usize::from(state.round),
        }),
    }
}
