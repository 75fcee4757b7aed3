//! The event before round 1: what is drawn for it (teams, rounds, boards, scoring, the
//! pairing's variant), the teams with their rosters and ratings, the header records, the
//! acceleration and the forbidden pairs.

use super::config::{PabPoints, Pick, TeamGeneratorConfig};
use crate::generator::dice::Dice;
use crate::model::{ForbiddenPairs, Player, RoundNumber, Tournament};
use crate::points::Points;
use crate::result::Colour;
use crate::team::{
    MatchPointSystem, PrimaryScore, Team, TeamAcceleration, TeamColourPreferences, TeamEvent,
    TeamSettings, alternating_colours,
};

/// What is drawn once per event.
pub(super) struct Drawn {
    /// The number of teams.
    pub teams: u16,
    /// The rounds planned.
    pub rounds: RoundNumber,
    /// Boards per match.
    pub boards: u8,
    /// Match points.
    pub match_points: MatchPointSystem,
    /// The primary score.
    pub primary: PrimaryScore,
    /// The colour preferences.
    pub colours: TeamColourPreferences,
    /// What the PAB scores.
    pub pab: PabPoints,
    /// Whether the event is accelerated.
    pub accelerated: bool,
}

/// A fixed setting, or one of `choices` drawn.
fn choose<T: Copy>(pick: Pick<T>, choices: &[T], dice: &mut Dice) -> T {
    match pick {
        Pick::Fixed(v) => v,
        Pick::Random => choices[dice.index(choices.len())],
    }
}

/// Draws the event's shape and rules.
pub(super) fn draw(c: &TeamGeneratorConfig, dice: &mut Dice) -> Drawn {
    let teams = dice.between(c.teams.0, c.teams.1);
    let rounds = dice
        .between(c.rounds.0, c.rounds.1)
        .min(teams.saturating_sub(1))
        .max(1);
    let boards = u8::try_from(dice.between(c.boards.0, c.boards.1)).unwrap_or(4);
    let three = MatchPointSystem {
        win: Points::from_tenths(30),
        ..MatchPointSystem::default()
    };
    let match_points = choose(c.match_points, &[MatchPointSystem::default(), three], dice);
    let primary = choose(
        c.primary,
        &[PrimaryScore::MatchPoints, PrimaryScore::GamePoints],
        dice,
    );
    let colours = choose(
        c.colour_preferences,
        &[
            TeamColourPreferences::TypeA,
            TeamColourPreferences::TypeB,
            TeamColourPreferences::None,
        ],
        dice,
    );
    let whole = Points::from_tenths(u32::from(boards) * 10);
    let pab = choose(
        c.pab_points,
        &[
            PabPoints::Draw,
            PabPoints::Win,
            PabPoints::Custom(match_points.draw, whole),
        ],
        dice,
    );
    // C.04.7 art. 1.4.4 (as FIDE's reference reads it for teams): no acceleration when game
    // points are the primary score.
    let accelerated =
        choose(c.acceleration, &[false, true], dice) && primary == PrimaryScore::MatchPoints;
    Drawn {
        teams,
        rounds,
        boards,
        match_points,
        primary,
        colours,
        pab,
        accelerated,
    }
}

/// The `192` code of the event (as [`crate::trf`] reads it back: the colour-preference type,
/// the primary score first, `_BAKU` when accelerated).
fn code_192(d: &Drawn) -> String {
    let kind = match d.colours {
        TeamColourPreferences::TypeA => "_TYPEA",
        TeamColourPreferences::TypeB => "_TYPEB",
        TeamColourPreferences::None => "",
    };
    let scores = match d.primary {
        PrimaryScore::MatchPoints => "_MP_GP",
        PrimaryScore::GamePoints => "_GP_MP",
    };
    let baku = if d.accelerated { "_BAKU" } else { "" };
    format!("FIDE_TEAM{kind}{scores}{baku}")
}

/// The settings: boards, colour sequence (the first-named team White on odd boards, or on
/// even ones one event in five), match points, primary score, colour preferences, the PAB.
fn settings(d: &Drawn, dice: &mut Dice) -> TeamSettings {
    let mut s = TeamSettings::new(d.boards);
    if dice.percent(20.0) {
        s.first_team_colours = alternating_colours(d.boards, Colour::Black);
    }
    s.match_points = d.match_points;
    s.primary = d.primary;
    s.colour_preferences = d.colours;
    let per_board = |p: Points| Points::from_tenths(u32::from(d.boards) * p.tenths());
    (s.bye_match_points, s.bye_game_points) = match d.pab {
        PabPoints::Draw => (d.match_points.draw, per_board(Points::HALF)),
        PabPoints::Win => (d.match_points.win, per_board(Points::ONE)),
        PabPoints::Custom(mp, gp) => (mp, gp),
    };
    s
}

/// The team rating (`310` strength): the rounded average of the regular boards' ratings.
fn strength(ratings: &[u16], boards: usize) -> u16 {
    let top = &ratings[..boards.min(ratings.len())];
    let sum: u32 = top.iter().map(|&r| u32::from(r)).sum();
    let n = u32::try_from(top.len().max(1)).unwrap_or(1);
    u16::try_from((sum + n / 2) / n).unwrap_or(u16::MAX)
}

/// The tournament and its teams: each team a base rating, its players around it in board
/// order; team pairing numbers by strength (C.04.6 art. 1.1), players numbered team by team.
pub(super) fn teams(
    c: &TeamGeneratorConfig,
    d: &Drawn,
    dice: &mut Dice,
    seed: u64,
) -> (Tournament, TeamEvent) {
    let (lo, hi) = (f64::from(c.rating_low), f64::from(c.rating_high));
    let boards = usize::from(d.boards);
    let mut squads: Vec<Vec<u16>> = (0..d.teams)
        .map(|_| {
            let base = lo + dice.unit() * (hi - lo + 1.0);
            let size = boards + usize::from(dice.between(c.reserves.0, c.reserves.1));
            let mut r: Vec<u16> = (0..size)
                .map(|_| (base + dice.normal() * 80.0).clamp(lo, hi) as u16)
                .collect();
            r.sort_unstable_by(|a, b| b.cmp(a));
            r
        })
        .collect();
    squads.sort_by_key(|r| std::cmp::Reverse(strength(r, boards)));
    let mut t = Tournament {
        name: Some(format!("Random team event {seed}")),
        start_date: c.start_date,
        tournament_type: Some("Team Swiss System (FIDE C.04.6)".to_owned()),
        rounds_planned: Some(d.rounds),
        initial_colour: Some(if dice.unit() < 0.5 {
            Colour::White
        } else {
            Colour::Black
        }),
        pairing_system: Some(code_192(d)),
        ..Tournament::default()
    };
    let mut event = TeamEvent::new(settings(d, dice));
    let mut pn: u16 = 0;
    for (number, ratings) in (1..).zip(&squads) {
        let mut roster = Vec::with_capacity(ratings.len());
        for &rating in ratings {
            pn += 1;
            let mut p = Player::new(pn, format!("Player{pn:04}, T{number:02}"));
            p.rating = Some(rating);
            t.players.push(p);
            roster.push(pn);
        }
        let mut team = Team::new(number, format!("Team {number:02}"), roster);
        team.id = uuid::Uuid::nil();
        team.nickname = Some(format!("T{number:02}"));
        team.strength = Some(strength(ratings, boards));
        event.teams.push(team);
    }
    // The list: the one given, else one for the primary score (`212` puts `PTS` first).
    let record = choose(c.tiebreak_record, &[202, 212], dice);
    let list = c.tiebreaks.clone().unwrap_or_else(|| {
        let rest = match d.primary {
            PrimaryScore::MatchPoints => "MPvGP,BH:MP/C1,EMGSB/C1",
            PrimaryScore::GamePoints => "MPvGP,BH:GP/C1,SB:GP",
        };
        let first = match (record, d.primary) {
            (212, _) => "PTS",
            (_, PrimaryScore::MatchPoints) => "MP",
            (_, PrimaryScore::GamePoints) => "GP",
        };
        format!("{first},{rest}")
    });
    if record == 212 {
        t.tiebreaks = Some(list);
    } else {
        t.tiebreaks_202 = Some(list);
    }
    (t, event)
}

/// The acceleration (`250`, C.04.7's scheme applied to teams): the top `2 × ceil(n / 4)` teams
/// by pairing number start the first half of the rounds (rounded up) with fictitious points, a
/// won match's match points and half a point per board in the first half of those rounds
/// (rounded up), a drawn match's and a quarter point per board (rounded down to a half) after.
pub(super) fn accelerate(event: &mut TeamEvent, d: &Drawn) {
    if !d.accelerated {
        return;
    }
    let group_a = (2 * d.teams.div_ceil(4)).min(d.teams);
    let accelerated = d.rounds.div_ceil(2);
    let full = accelerated.div_ceil(2);
    let boards = u32::from(d.boards);
    let mut push = |rounds: (RoundNumber, RoundNumber), mp: Points, gp_tenths: u32| {
        if rounds.0 <= rounds.1 {
            event.accelerations.push(TeamAcceleration {
                match_points: mp,
                game_points: Points::from_tenths(gp_tenths),
                rounds,
                teams: (1, group_a),
            });
        }
    };
    push((1, full), d.match_points.win, boards * 5);
    push((full + 1, accelerated), d.match_points.draw, boards / 2 * 5);
}

/// `count` forbidden pairs of teams (`260`), each for a range of the rounds.
pub(super) fn forbidden_pairs(t: &mut Tournament, d: &Drawn, count: u16, dice: &mut Dice) {
    for _ in 0..count.min(d.teams / 2) {
        let a = dice.between(1, d.teams);
        let mut b = dice.between(1, d.teams - 1);
        if b >= a {
            b += 1;
        }
        let r1 = dice.between(1, d.rounds);
        let r2 = dice.between(r1, d.rounds);
        t.forbidden_pairs.push(ForbiddenPairs {
            rounds: Some((r1, r2)),
            players: vec![a.min(b), a.max(b)],
        });
    }
}
