//! The next round of a team Swiss by the FIDE Swiss Team Pairing System (C.04.6,
//! [`arbiter_pairing::team_swiss`]): the engine's state built from the team event, and its
//! pairing turned into the round's matches.

use arbiter_pairing::team_swiss::{
    self, TeamColourPreferences as EngineColours, TeamPairingState, TeamRoundRecord as EngineRound,
    TeamScore, TeamState,
};
use arbiter_pairing::{Colour as EngineColour, PointSystem, RoundKind};

use super::rounds::{TeamPairError, check_complete};
use super::score::TeamRoundKind;
use super::{PrimaryScore, TeamColourPreferences, TeamEvent, TeamMatch, TeamRound};
use crate::model::{PlayerStatus, RoundNumber, Tournament};
use crate::points::Points;
use crate::result::Colour;

const fn engine_colour(c: Colour) -> EngineColour {
    match c {
        Colour::White => EngineColour::White,
        Colour::Black => EngineColour::Black,
    }
}

/// Game points doubled (a drawn game is 1), as the engine counts them.
const fn doubled(p: Points) -> u32 {
    p.tenths() / 5
}

/// The engine's state for round `round`: every team with its history (match points in tenths,
/// game points doubled, the colour of its board 1 in played matches), absent when the round
/// lists it as absent or gives it a bye before pairing ([`TeamEvent::bye_before_pairing`], TRF-2026
/// `240`), or every player of its roster has withdrawn; its fictitious points when the event is
/// accelerated (TRF-2026 `250`); the forbidden pairs of the round (`260`, team numbers); match
/// points primary unless the regulations say game points, the other score used for the colours
/// (art. 1.2.2) unless the `192` code names the primary score alone ([`secondary_for_colour`]).
#[must_use]
pub fn pairing_state(
    tournament: &Tournament,
    event: &TeamEvent,
    round: RoundNumber,
) -> TeamPairingState {
    let s = &event.settings;
    let absent_now = event
        .round(round)
        .map(|r| r.absent.clone())
        .unwrap_or_default();
    let teams = event
        .teams
        .iter()
        .map(|team| {
            let history = (1..round)
                .map(|r| {
                    let rec = event.team_round(tournament, team.number, r);
                    let kind = match rec.kind {
                        TeamRoundKind::Played | TeamRoundKind::Pending => RoundKind::Played,
                        TeamRoundKind::ForfeitWin => RoundKind::ForfeitWin,
                        TeamRoundKind::ForfeitLoss | TeamRoundKind::DoubleForfeit => {
                            RoundKind::ForfeitLoss
                        }
                        TeamRoundKind::Pab => RoundKind::Pab,
                        TeamRoundKind::Absent => RoundKind::Absent,
                        TeamRoundKind::HalfBye => RoundKind::HalfBye,
                        TeamRoundKind::FullBye => RoundKind::FullBye,
                    };
                    EngineRound {
                        opponent: rec.opponent,
                        colour: (kind == RoundKind::Played)
                            .then_some(rec.colour)
                            .flatten()
                            .map(engine_colour),
                        kind,
                        match_points: rec.match_points.tenths(),
                        game_points: doubled(rec.game_points),
                    }
                })
                .collect();
            let withdrawn = !team.roster.is_empty()
                && team.roster.iter().all(|pn| {
                    tournament
                        .player(*pn)
                        .is_some_and(|p| p.status == PlayerStatus::Withdrawn)
                });
            // A bye or absence known before pairing (`240`): not paired, its number kept
            // (C.04.6 art. 1.1.3).
            let announced = event.bye_before_pairing(team.number, round).is_some();
            TeamState {
                pairing_number: team.number,
                history,
                absent: withdrawn || announced || absent_now.contains(&team.number),
                acceleration: acceleration(event, team.number, round),
            }
        })
        .collect();
    TeamPairingState {
        round,
        rounds_planned: tournament.rounds_planned.unwrap_or(0),
        initial_colour: tournament.initial_colour.map(engine_colour),
        primary: match s.primary {
            PrimaryScore::MatchPoints => TeamScore::MatchPoints,
            PrimaryScore::GamePoints => TeamScore::GamePoints,
        },
        use_secondary_for_colour: secondary_for_colour(tournament.pairing_system.as_deref()),
        colour_preferences: match s.colour_preferences {
            TeamColourPreferences::TypeA => EngineColours::TypeA,
            TeamColourPreferences::TypeB => EngineColours::TypeB,
            TeamColourPreferences::None => EngineColours::None,
        },
        match_points: PointSystem {
            win: s.match_points.win.tenths(),
            draw: s.match_points.draw.tenths(),
            loss: s.match_points.loss.tenths(),
        },
        pab: (s.bye_match_points.tenths(), doubled(s.bye_game_points)),
        teams,
        forbidden: forbidden_teams(tournament, round),
    }
}

/// A team's fictitious points for rounds 1 to `round` ([`TeamEvent::fictitious_points`]), in
/// the engine's units; empty when it has none.
fn acceleration(event: &TeamEvent, team: u16, round: RoundNumber) -> Vec<(u32, u32)> {
    let v: Vec<(u32, u32)> = (1..=round)
        .map(|r| {
            let (mp, gp) = event.fictitious_points(team, r);
            (mp.tenths(), doubled(gp))
        })
        .collect();
    if v.iter().all(|&f| f == (0, 0)) {
        Vec::new()
    } else {
        v
    }
}

/// The pairs of teams that may not meet in `round`: in a team event the numbers of the
/// forbidden pairs (TRF-2026 `260`, `XXP`) are team pairing numbers; each record forbids every
/// pair of its teams within its rounds.
fn forbidden_teams(tournament: &Tournament, round: RoundNumber) -> Vec<(u16, u16)> {
    let mut out = Vec::new();
    for fp in &tournament.forbidden_pairs {
        if fp.rounds.is_some_and(|(a, b)| round < a || round > b) {
            continue;
        }
        for (i, &a) in fp.players.iter().enumerate() {
            for &b in &fp.players[i + 1..] {
                if a != b {
                    out.push((a.min(b), a.max(b)));
                }
            }
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// The matches of the next round of a team Swiss (C.04.6): the engine's pairing, tables in its
/// order, the team with White on board 1 first-named when the first-named team has White on
/// board 1 ([`super::TeamSettings::first_team_colour`]), else second-named; the bye.
///
/// # Errors
/// [`TeamPairError::PreviousRoundOpen`] while a match of the last round has no result,
/// [`TeamPairError::TooFewTeams`], [`TeamPairError::Swiss`] with the engine's refusal (art.
/// 3.3.3: no legal pairing; the Chief Arbiter decides).
pub fn pair_swiss(tournament: &Tournament, event: &TeamEvent) -> Result<TeamRound, TeamPairError> {
    if event.teams.len() < 2 {
        return Err(TeamPairError::TooFewTeams);
    }
    let last = event.last_round();
    check_complete(tournament, event, last)?;
    let round = last + 1;
    if tournament.rounds_planned.is_some_and(|n| round > n) {
        return Err(TeamPairError::RoundRobinComplete {
            rounds: usize::from(tournament.rounds_planned.unwrap_or(0)),
        });
    }
    let state = pairing_state(tournament, event, round);
    let pairing = team_swiss::pair(&state).map_err(|e| TeamPairError::Swiss(e.to_string()))?;
    let white_first = event.settings.first_team_colour(1) == Colour::White;
    let matches = pairing
        .boards
        .iter()
        .zip(1..)
        .map(|(b, table)| {
            let (first, second) = if white_first {
                (b.white, b.black)
            } else {
                (b.black, b.white)
            };
            TeamMatch::new(table, first, second)
        })
        .collect();
    Ok(TeamRound {
        number: round,
        matches,
        bye: pairing.bye,
        absent: event
            .round(round)
            .map(|r| r.absent.clone())
            .unwrap_or_default(),
        byes_before_pairing: event
            .round(round)
            .map(|r| r.byes_before_pairing.clone())
            .unwrap_or_default(),
        lineups: event
            .round(round)
            .map(|r| r.lineups.clone())
            .unwrap_or_default(),
    })
}

/// Whether the secondary score picks the first-team (C.04.6 art. 4.2.2: "unless the rules of the
/// competition state not to use it"), as the `192` code states it: TRF26's tournament-type table
/// writes a team Swiss's scores as `..._X_Y` (X primary, Y the secondary score used in the
/// colour allocation) or `..._X` (the secondary score not used), so `FIDE_TEAM_TYPEA_MP` and
/// `FIDE_TEAM_GP_BAKU` use none. Any other code, `FIDE_TEAM` (`FIDE_TEAM_TYPEA_MP_GP`) or none at
/// all uses it (art. 1.2.2).
#[must_use]
pub fn secondary_for_colour(code: Option<&str>) -> bool {
    let code = code.unwrap_or("").trim().to_ascii_uppercase();
    if !code.contains("TEAM") {
        return true;
    }
    let parts: Vec<&str> = code.split('_').collect();
    let mp = parts.contains(&"MP");
    let gp = parts.contains(&"GP");
    mp == gp
}
