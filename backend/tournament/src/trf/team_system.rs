//! The `192` code of a team event (TRF-2026 "encoded tournament type"): the only record that
//! carries its pairing system, primary score (C.04.6 art. 1.2) and colour-preference type
//! (art. 1.7), in the forms FIDE's reference code lists (`FIDE_TEAM_TYPEA_MP_GP`,
//! `FIDE_TEAM_TYPEB_GP_MP`, `FIDE_TEAM_MP`, `FIDE_ROUNDROBIN`, ...).

use crate::team::{PrimaryScore, TeamColourPreferences, TeamPairingSystem, TeamSettings};

/// The primary score and colour-preference variant a `192` code names (`FIDE_TEAM_TYPEB_GP_MP`
/// ...): game points when `GP` comes before `MP`, no colour preferences for a `FIDE_TEAM_*`
/// code without `TYPEA`/`TYPEB` (other than plain `FIDE_TEAM`), type A otherwise.
pub(crate) fn from_192(code: Option<&str>) -> (PrimaryScore, TeamColourPreferences) {
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

/// The pairing system a `192` code names for a team event: C.04.6 for the `FIDE_TEAM*` and
/// `CUSTOM_TEAM_SWISS*` codes, a round robin (C.05) for `FIDE_ROUNDROBIN`, `BERGER_ROUNDROBIN`,
/// `CUSTOM_ROUNDROBIN`, a double one for `FIDE_DOUBLEROUNDROBIN` and
/// `BERGER_DOUBLEROUNDROBIN`; `None` for any other code (an individual system's: the file does
/// not say how its teams were paired).
pub(crate) fn system_from_192(code: Option<&str>) -> Option<TeamPairingSystem> {
    let code = code?.trim().to_ascii_uppercase();
    if code.starts_with("FIDE_TEAM") || code.starts_with("CUSTOM_TEAM_SWISS") {
        Some(TeamPairingSystem::Swiss)
    } else if code.ends_with("DOUBLEROUNDROBIN") {
        Some(TeamPairingSystem::DoubleRoundRobin)
    } else if code.ends_with("ROUNDROBIN") {
        Some(TeamPairingSystem::RoundRobin)
    } else {
        None
    }
}

/// The `192` code of a team event paired by `system` with `settings`: the stored `code` when it
/// already names them (another spelling FIDE allows, such as `FIDE_TEAM_TYPEA_MP`, is kept),
/// else `FIDE_TEAM_[TYPEA_|TYPEB_]MP_GP` / `..._GP_MP` for C.04.6 (primary score first; no
/// type for no colour preferences), `FIDE_ROUNDROBIN` or `FIDE_DOUBLEROUNDROBIN`.
pub(crate) fn code_192(
    code: Option<&str>,
    system: TeamPairingSystem,
    settings: &TeamSettings,
) -> String {
    let named = |c: &str| {
        system_from_192(Some(c)) == Some(system)
            && (system != TeamPairingSystem::Swiss
                || from_192(Some(c)) == (settings.primary, settings.colour_preferences))
    };
    if let Some(c) = code.filter(|c| named(c)) {
        return c.trim().to_owned();
    }
    match system {
        TeamPairingSystem::RoundRobin => "FIDE_ROUNDROBIN".to_owned(),
        TeamPairingSystem::DoubleRoundRobin => "FIDE_DOUBLEROUNDROBIN".to_owned(),
        TeamPairingSystem::Swiss => {
            let kind = match settings.colour_preferences {
                TeamColourPreferences::TypeA => "TYPEA_",
                TeamColourPreferences::TypeB => "TYPEB_",
                TeamColourPreferences::None => "",
            };
            let scores = match settings.primary {
                PrimaryScore::MatchPoints => "MP_GP",
                PrimaryScore::GamePoints => "GP_MP",
            };
            format!("FIDE_TEAM_{kind}{scores}")
        }
    }
}
