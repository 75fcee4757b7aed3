//! What a team file's header records say of the event's rules: the boards and colours a file
//! without `352` implies, the bye's points a file without `320` implies, the primary score and
//! colour preferences of the `192` code, and the accelerations (`250`, team numbers).

use std::collections::BTreeMap;

use super::team_read::TeamRecords;
use crate::model::Tournament;
use crate::points::Points;
use crate::result::ResultCode;
use crate::team::{
    PrimaryScore, Team, TeamAcceleration, TeamColourPreferences, TeamNumber, TeamSettings,
};

/// The settings a file without `352` implies: as many boards as the longest line-up a match
/// used (else the shortest roster), the first-named team White on odd boards.
pub(super) fn implied_boards(t: &Tournament, teams: &[Team]) -> u8 {
    let mut members = BTreeMap::new();
    for team in teams {
        for pn in &team.roster {
            members.entry(*pn).or_insert(team.number);
        }
    }
    let mut most = 0usize;
    for r in &t.rounds {
        let mut count: BTreeMap<TeamNumber, usize> = BTreeMap::new();
        for g in &r.games {
            for pn in [g.white, g.black] {
                if let Some(team) = members.get(&pn) {
                    *count.entry(*team).or_default() += 1;
                }
            }
        }
        for b in r.byes.iter().filter(|b| b.code == ResultCode::ForfeitWin) {
            if let Some(team) = members.get(&b.player) {
                *count.entry(*team).or_default() += 1;
            }
        }
        most = most.max(count.values().copied().max().unwrap_or(0));
    }
    if most == 0 {
        most = teams.iter().map(|t| t.roster.len()).min().unwrap_or(1);
    }
    u8::try_from(most.clamp(1, 99)).unwrap_or(99)
}

/// The bye's points a file without `320` implies: a drawn match's match points (C.04.6 art.
/// 1.4), and on every board the PAB's points of `162 P` (as the players' `U` results give them;
/// FIDE's reference reader scores its sample `fideteam_nocolor.trf` so).
pub(super) fn implied_bye_points(t: &Tournament, settings: &TeamSettings) -> (Points, Points) {
    let boards = u32::from(settings.boards);
    let gp = Points::from_tenths(boards * t.scoring.pab.tenths());
    (settings.match_points.draw, gp)
}

/// The primary score and colour-preference variant a `192` code names (`FIDE_TEAM_TYPEB_GP_MP`
/// ...): game points when `GP` comes before `MP`, no colour preferences for a `FIDE_TEAM_*`
/// code without `TYPEA`/`TYPEB` (other than plain `FIDE_TEAM`), type A otherwise.
pub(super) fn from_192(code: Option<&str>) -> (PrimaryScore, TeamColourPreferences) {
    let code = code.unwrap_or("").trim().to_ascii_uppercase();
    let gp = code.find("_GP");
    let mp = code.find("_MP");
    let primary = match (gp, mp) {
        (Some(g), Some(m)) if g < m => PrimaryScore::GamePoints,
        (Some(_), None) => PrimaryScore::GamePoints,
        _ => PrimaryScore::MatchPoints,
    };
    let prefs = if code.contains("TYPEB") {
        TeamColourPreferences::TypeB
    } else if code.starts_with("FIDE_TEAM_")
        && !code.contains("TYPEA")
        && !code.starts_with("FIDE_TEAM_BAKU")
        && (gp.is_some() || mp.is_some())
    {
        TeamColourPreferences::None
    } else {
        TeamColourPreferences::TypeA
    };
    (primary, prefs)
}

impl TeamRecords {
    /// The `250` records of a team event, whose numbers are teams: moved out of the players'
    /// accelerations ([`Tournament::accelerations`]), where the reader folded them first.
    pub(super) fn team_accelerations(&mut self, t: &mut Tournament) -> Vec<TeamAcceleration> {
        t.accelerations.clear();
        std::mem::take(&mut self.accelerations)
    }
}
