//! The team generator's configuration: its keys, their defaults, and the parsing of the
//! `key = value` file (the shared reader of [`crate::generator`]; the keys are listed in the
//! module documentation of [`super`]).

use crate::date::PartialDate;
use crate::generator::ConfigError;
use crate::generator::keys::{Entry, entries};
use crate::points::Points;
use crate::team::{MatchPointSystem, PrimaryScore, TeamColourPreferences};
use crate::tiebreak::parse_list;

/// A setting given, or drawn for each event (`random`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pick<T> {
    /// This value for every event.
    Fixed(T),
    /// Drawn per event, each choice equally likely.
    Random,
}

/// What the pairing-allocated bye scores (TRF-2026 `320`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PabPoints {
    /// A drawn match: the draw's match points and half a point per board (C.04.6 art. 1.4).
    Draw,
    /// A won match: the win's match points and a point per board.
    Win,
    /// These match points and game points.
    Custom(Points, Points),
}

/// The generator's configuration (see [`super`] for the file format and the defaults).
#[derive(Clone, Debug, PartialEq)]
pub struct TeamGeneratorConfig {
    /// The number of teams, drawn from this range (inclusive).
    pub teams: (u16, u16),
    /// The number of rounds, drawn from this range, at most teams - 1.
    pub rounds: (u16, u16),
    /// Boards per match, drawn from this range.
    pub boards: (u16, u16),
    /// Reserves per team (players beyond the boards), drawn per team from this range.
    pub reserves: (u16, u16),
    /// Match points for a won, drawn and lost match (TRF-2026 `362`).
    pub match_points: Pick<MatchPointSystem>,
    /// The primary score (C.04.6 art. 1.2).
    pub primary: Pick<PrimaryScore>,
    /// The colour-preference variant (C.04.6 art. 1.7).
    pub colour_preferences: Pick<TeamColourPreferences>,
    /// Percent chance per team of being absent in round 1 (`240 Z`).
    pub absent_round1_rate: f64,
    /// Percent chance per team and later round of being absent (`240 Z`).
    pub absent_rate: f64,
    /// Percent chance per team and round of a half-point bye before pairing (`240 H`).
    pub half_bye_rate: f64,
    /// Percent chance per team and round of a full-point bye before pairing (`240 F`).
    pub full_bye_rate: f64,
    /// What the pairing-allocated bye scores (`320`).
    pub pab_points: Pick<PabPoints>,
    /// Percent chance per match of a forfeited match (`330`: `+-`, `-+`, `--` alike).
    pub forfeit_match_rate: f64,
    /// Percent chance per board played of a forfeit (`+`/`-`, either side).
    pub board_forfeit_rate: f64,
    /// Percent chance per team and match of leaving one board empty.
    pub empty_board_rate: f64,
    /// Percent chance per team and match of a line-up out of roster order (`300`).
    pub out_of_order_rate: f64,
    /// Fictitious points for the top teams in the first rounds (`250`); never with game
    /// points primary.
    pub acceleration: Pick<bool>,
    /// How many forbidden pairs of teams (`260`), drawn from this range.
    pub forbidden_pairs: (u16, u16),
    /// The tie-break list; `None`: one that suits the primary score.
    pub tiebreaks: Option<String>,
    /// The record that carries it: `202`, or `212` (the standings' list, `PTS` first).
    pub tiebreak_record: Pick<u16>,
    /// The highest rating.
    pub rating_high: u16,
    /// The lowest rating.
    pub rating_low: u16,
    /// Percent of games drawn between equal ratings.
    pub draw_rate: f64,
    /// Whether to add the informative records (`299`, `801`, `802`).
    pub informative: bool,
    /// The start date (`042`): C.07's edition follows it; `None`: none written.
    pub start_date: Option<PartialDate>,
    /// The seed used when none is given.
    pub seed: u64,
}

impl Default for TeamGeneratorConfig {
    fn default() -> Self {
        TeamGeneratorConfig {
            teams: (4, 40),
            rounds: (5, 9),
            boards: (4, 6),
            reserves: (0, 2),
            match_points: Pick::Fixed(MatchPointSystem::default()),
            primary: Pick::Fixed(PrimaryScore::MatchPoints),
            colour_preferences: Pick::Fixed(TeamColourPreferences::TypeA),
            absent_round1_rate: 2.0,
            absent_rate: 2.0,
            half_bye_rate: 1.0,
            full_bye_rate: 0.5,
            pab_points: Pick::Fixed(PabPoints::Draw),
            forfeit_match_rate: 2.0,
            board_forfeit_rate: 1.0,
            empty_board_rate: 2.0,
            out_of_order_rate: 2.0,
            acceleration: Pick::Fixed(false),
            forbidden_pairs: (0, 0),
            tiebreaks: None,
            tiebreak_record: Pick::Fixed(202),
            rating_high: 2500,
            rating_low: 1400,
            draw_rate: 30.0,
            informative: true,
            start_date: PartialDate::new(2026, Some(6), Some(1)),
            seed: 1,
        }
    }
}

/// `2/1/0`-style match points: three numbers separated by `/`.
fn match_points(e: &Entry<'_>) -> Result<Pick<MatchPointSystem>, ConfigError> {
    if e.value.eq_ignore_ascii_case("random") {
        return Ok(Pick::Random);
    }
    let parts: Option<Vec<Points>> = e
        .value
        .split('/')
        .map(|p| Points::parse(p.trim()).ok())
        .collect();
    match parts.as_deref() {
        Some(&[win, draw, loss]) if win > draw && draw >= loss => {
            Ok(Pick::Fixed(MatchPointSystem { win, draw, loss }))
        }
        _ => Err(e.bad(format!(
            "expected WIN/DRAW/LOSS match points (2/1/0, 3/1/0) or random, found {:?}",
            e.value
        ))),
    }
}

/// `draw`, `win`, `MP/GP` or `random`.
fn pab_points(e: &Entry<'_>) -> Result<Pick<PabPoints>, ConfigError> {
    let v = e.value.to_ascii_lowercase();
    match v.as_str() {
        "random" => return Ok(Pick::Random),
        "draw" => return Ok(Pick::Fixed(PabPoints::Draw)),
        "win" => return Ok(Pick::Fixed(PabPoints::Win)),
        _ => {}
    }
    let parsed = v
        .split_once('/')
        .and_then(|(m, g)| Some((Points::parse(m.trim()).ok()?, Points::parse(g.trim()).ok()?)));
    parsed
        .map(|(m, g)| Pick::Fixed(PabPoints::Custom(m, g)))
        .ok_or_else(|| {
            e.bad(format!(
                "expected draw, win, MP/GP (e.g. 1/2.5) or random, found {:?}",
                e.value
            ))
        })
}

/// One of `choices` or `random`.
fn pick<T: Copy>(e: &Entry<'_>, choices: &[(&str, T)]) -> Result<Pick<T>, ConfigError> {
    let mut names: Vec<&str> = choices.iter().map(|c| c.0).collect();
    names.push("random");
    let i = e.choice(&names)?;
    Ok(choices.get(i).map_or(Pick::Random, |c| Pick::Fixed(c.1)))
}

impl TeamGeneratorConfig {
    /// Reads a configuration file (module documentation of [`super`]): unknown keys and bad
    /// values are errors naming the line and the key.
    ///
    /// # Errors
    /// [`ConfigError`] for the first bad line, or for a combination (line 0) that cannot be.
    pub fn parse(text: &str) -> Result<TeamGeneratorConfig, ConfigError> {
        let mut c = TeamGeneratorConfig::default();
        for e in entries(text)? {
            c.set(&e)?;
        }
        crate::generator::keys::rating_range(c.rating_low, c.rating_high)?;
        Ok(c)
    }

    /// Applies one line.
    fn set(&mut self, e: &Entry<'_>) -> Result<(), ConfigError> {
        use PrimaryScore::{GamePoints, MatchPoints};
        use TeamColourPreferences::{None as NoColours, TypeA, TypeB};
        match e.name().as_str() {
            "teams" => self.teams = e.range(2, 999)?,
            "rounds" => self.rounds = e.range(1, 99)?,
            "boards" => self.boards = e.range(1, 10)?,
            "reserves" => self.reserves = e.range(0, 4)?,
            "match_points" => self.match_points = match_points(e)?,
            "primary" => self.primary = pick(e, &[("mp", MatchPoints), ("gp", GamePoints)])?,
            "colour_preferences" | "color_preferences" => {
                self.colour_preferences =
                    pick(e, &[("a", TypeA), ("b", TypeB), ("none", NoColours)])?;
            }
            "absent_round1_rate" => self.absent_round1_rate = e.percent()?,
            "absent_rate" => self.absent_rate = e.percent()?,
            "half_bye_rate" => self.half_bye_rate = e.percent()?,
            "full_bye_rate" => self.full_bye_rate = e.percent()?,
            "pab_points" => self.pab_points = pab_points(e)?,
            "forfeit_match_rate" => self.forfeit_match_rate = e.percent()?,
            "board_forfeit_rate" => self.board_forfeit_rate = e.percent()?,
            "empty_board_rate" => self.empty_board_rate = e.percent()?,
            "out_of_order_rate" => self.out_of_order_rate = e.percent()?,
            "acceleration" => {
                self.acceleration = if e.value.eq_ignore_ascii_case("random") {
                    Pick::Random
                } else {
                    Pick::Fixed(e.switch()?)
                };
            }
            "forbidden_pairs" => self.forbidden_pairs = e.range(0, 99)?,
            "tiebreaks" => {
                self.tiebreaks = if e.value.eq_ignore_ascii_case("auto") {
                    None
                } else {
                    parse_list(e.value).map_err(|err| e.bad(err.to_string()))?;
                    Some(e.value.to_owned())
                };
            }
            "tiebreak_record" => {
                self.tiebreak_record = pick(e, &[("202", 202), ("212", 212)])?;
            }
            "rating_high" => self.rating_high = e.number(1, 3500)?,
            "rating_low" => self.rating_low = e.number(1, 3500)?,
            "draw_rate" => self.draw_rate = e.percent()?,
            "informative" => self.informative = e.switch()?,
            "start_date" => {
                self.start_date = if e.value.eq_ignore_ascii_case("none") {
                    None
                } else {
                    Some(e.value.parse().map_err(|_| {
                        e.bad(format!(
                            "expected a date YYYY-MM-DD or none, found {:?}",
                            e.value
                        ))
                    })?)
                };
            }
            "seed" => self.seed = e.whole()?,
            _ => return Err(e.unknown()),
        }
        Ok(())
    }
}
