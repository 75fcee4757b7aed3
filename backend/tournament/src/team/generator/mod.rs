//! The random team tournament generator (the RTG of C.04.A for teams): a realistic random team
//! Swiss, every round paired by this crate's Swiss Team Pairing System (C.04.6,
//! [`crate::team::pair_swiss`]) with the byes and absences known before pairing, the forbidden
//! pairs and the acceleration, results board by board from the players' ratings; written as
//! TRF-2026 it holds every team record FIDE defines: `310`, `352`, `362`, `240` for teams
//! (`F`/`H`/`Z`), `320` (the PAB with its points), `330` (`+-`, `-+`, `--`), `300`, `250`,
//! `260`, `299`, `801`/`802`, `202`/`212`, `092`/`192`. Deterministic for a seed (ChaCha8).
//!
//! # Configuration
//! The `key = value` file of the individual generator ([`crate::generator`]: `#` comments,
//! blank lines ignored, keys case-insensitive); every key is optional. A range `MIN-MAX` is
//! drawn uniformly per event; `random` draws one of the choices per event, each alike.
//!
//! | key | value | default |
//! |---|---|---|
//! | `teams` | a number or a range, 2-999 | `4-40` |
//! | `rounds` | a number or a range, 1-99; never more than teams - 1 | `5-9` |
//! | `boards` | boards per match, a number or a range, 1-10 (odd counts too) | `4-6` |
//! | `reserves` | players beyond the boards per team, a range drawn per team, 0-4 | `0-2` |
//! | `match_points` | won/drawn/lost match (`362`): `2/1/0`, `3/1/0`, any `W/D/L`, or `random` (2/1/0 or 3/1/0) | `2/1/0` |
//! | `primary` | the primary score (C.04.6 art. 1.2): `MP`, `GP` or `random` | `MP` |
//! | `colour_preferences` | C.04.6 art. 1.7: `a`, `b`, `none` or `random` | `a` |
//! | `absent_round1_rate` | percent chance per team of being absent in round 1 (`240 Z`) | `2` |
//! | `absent_rate` | percent chance per team and later round of being absent (`240 Z`) | `2` |
//! | `half_bye_rate` | percent chance per team and round of a half-point bye (`240 H`: a drawn match) | `1` |
//! | `full_bye_rate` | percent chance per team and round of a full-point bye (`240 F`: a won match) | `0.5` |
//! | `pab_points` | the PAB's points (`320`): `draw` (a drawn match: C.04.6 art. 1.4), `win`, `MP/GP` (e.g. `1/2.5`) or `random` (draw, win, or a draw's match points with a point per board) | `draw` |
//! | `forfeit_match_rate` | percent chance per match of a forfeited match (`330` `+-`, `-+`, `--` alike) | `2` |
//! | `board_forfeit_rate` | percent chance per board of a forfeit (`+`/`-`) between two present players | `1` |
//! | `empty_board_rate` | percent chance per team and match of one board left empty (its last board two times in three, else any: `300` then) | `2` |
//! | `out_of_order_rate` | percent chance per team and match of two neighbouring boards swapped (`300`) | `2` |
//! | `acceleration` | fictitious points (`250`): `on`, `off` or `random`; never with `GP` primary | `off` |
//! | `forbidden_pairs` | pairs of teams that may not meet for a range of rounds (`260`), a number or a range, 0-99 | `0` |
//! | `tiebreaks` | the tie-break list (C.07 codes, team names: `MP,GP,BH:MP/C1,MPvGP`), or `auto` | `auto`: `MP,MPvGP,BH:MP/C1,EMGSB/C1`, with `GP` primary `GP,MPvGP,BH:GP/C1,SB:GP`; `PTS` first in `212` |
//! | `tiebreak_record` | the record that carries the list: `202`, `212` (the standings' list) or `random` | `202` |
//! | `rating_high`, `rating_low` | the range of the ratings, 1-3500 | `2500`, `1400` |
//! | `draw_rate` | percent of games drawn between equal ratings | `30` |
//! | `informative` | write `299`, `801` and `802` (kept verbatim by readers): `on`/`off` | `on` |
//! | `start_date` | `042`, `YYYY-MM-DD` (C.07's edition follows it) or `none` | `2026-06-01` |
//! | `seed` | the seed when none is given to [`generate_team`] | `1` |
//!
//! # The event
//! Each team gets a base rating (uniform in the range) and its players ratings around it
//! (normal, standard deviation 80), in board order; the team pairing numbers follow the team
//! ratings (the average of the regular boards, `310` columns 48-53), the players are numbered
//! team by team. The first-named team has White on odd boards (`352 WBWB...`), or on even ones
//! in one event in five. `192` names the variant (`FIDE_TEAM_TYPEB_MP_GP_BAKU`...).
//!
//! Each round: the byes and absences before pairing (at least two teams stay to pair); the
//! pairing by C.04.6; should no pairing exist (art. 3.3.3) the event ends after the rounds
//! paired so far, with the rounds planned (`142`) unchanged. Then each match is forfeited as a
//! whole at `forfeit_match_rate`, or played: each team's line-up is its regular boards, a
//! reserve or two playing instead in a quarter of the matches, with the empty boards and swaps
//! above; a board with one player is a forfeit win for that player; every match keeps at least
//! one game played over the board (a match of forfeits only would be a forfeited match in
//! TRF16). A game's result: with `E` White's Elo expectation (`1 / (1 + 10^((Rb - Ra) / 400))`),
//! a draw with probability `draw_rate * (1 - |2E - 1|)`, a White win with `E - draw / 2`.
//! The match result follows from the boards ([`crate::team::score`]).
//!
//! The acceleration (`250`, C.04.7's scheme for teams): the top `2 × ceil(n / 4)` teams start
//! the first half of the rounds (rounded up) with a won match's match points and half a point a
//! board in the first half of those rounds (rounded up), a drawn match's and a quarter point a
//! board (rounded down to a half) after. The forbidden pairs: random pairs of teams for a random
//! range of rounds. After the last round: the players' points (`001` columns 81-84), the teams'
//! ranks by the `202` list (`310` columns 69-71, as `arbiter check` compares them), and the
//! informative records, which readers keep verbatim (the TRF26 text leaves their layout open;
//! these are Arbiter's):
//!
//! - `299 Z    0.0`: the abnormal points of an absent team (type `Z` in column 5, match points
//!   in 8-11, no round or team: every one), what C.04.6 gives it anyway; written when a team was
//!   absent;
//! - `801 RRR`, then per table the first-named and the second-named team (` FFF SSS`) and the
//!   team with the pairing-allocated bye as ` BBB PAB`: the round's pairings;
//! - `802 TTT NNNNN MMMMMM GGGGGG`: team, nickname, match points, game points (TRF26's columns
//!   5-7, 9-13, 15-20, 22-27), then per round two spaces, the opponent (3 columns, or `PAB`,
//!   `FPB`, `HPB`, `ZPB`), the colour of its board 1 (`w`, `b` or `-`), its game points
//!   (4 columns) and `f` for a match forfeited.

mod config;
mod field;
mod play;
mod records;

pub use config::{PabPoints, Pick, TeamGeneratorConfig};

use arbiter_pairing::PairingError;
use arbiter_pairing::team_swiss;

use super::{TeamPairError, pair_swiss, pairing_state};
use crate::generator::GenerateError;
use crate::generator::dice::Dice;
use crate::model::Tournament;

/// Generates one team event (module documentation): deterministic for `seed`.
///
/// # Errors
/// [`GenerateError::TeamPairing`] or [`GenerateError::Pairing`] when a round cannot be paired
/// for another reason than the lack of a pairing (an inconsistent state: it should not happen).
pub fn generate_team(config: &TeamGeneratorConfig, seed: u64) -> Result<Tournament, GenerateError> {
    let mut dice = Dice::new(seed);
    let drawn = field::draw(config, &mut dice);
    let (mut t, mut event) = field::teams(config, &drawn, &mut dice, seed);
    field::accelerate(&mut event, &drawn);
    let pairs = dice.between(config.forbidden_pairs.0, config.forbidden_pairs.1);
    field::forbidden_pairs(&mut t, &drawn, pairs, &mut dice);
    for round in 1..=drawn.rounds {
        play::byes_before_pairing(config, &mut event, round, &mut dice);
        let paired = match pair_swiss(&t, &event) {
            Ok(r) => r,
            Err(TeamPairError::Swiss(_)) => {
                // Art. 3.3.3, or a state the engine rejects: the engine's own error says which.
                match team_swiss::pair(&pairing_state(&t, &event, round)) {
                    Err(PairingError::NoValidPairing) => {
                        event.rounds.retain(|r| r.number != round);
                        break;
                    }
                    Err(source) => return Err(GenerateError::Pairing { round, source }),
                    Ok(_) => {
                        let source = TeamPairError::Swiss(
                            "the engine pairs the round once but not twice".into(),
                        );
                        return Err(GenerateError::TeamPairing { round, source });
                    }
                }
            }
            Err(source) => return Err(GenerateError::TeamPairing { round, source }),
        };
        *event.round_mut(round) = paired;
        play::play_round(config, &mut t, &mut event, round, &mut dice);
    }
    // A reader finds the players' rounds up to the last one with a game or a bye of a player.
    while t
        .rounds
        .last()
        .is_some_and(|r| r.games.is_empty() && r.byes.is_empty())
    {
        t.rounds.pop();
    }
    records::final_figures(&mut t, &mut event);
    if config.informative {
        t.other_records = records::informative(&t, &event);
    }
    t.team = Some(event);
    Ok(t)
}
