//! Writing a team event's records (the layouts of [`super::team_read`]).
//!
//! Both versions: `240` for the teams' byes and absences known before pairing. TRF-2026: `352`
//! and `362` always, `310` per team (the match and game points computed from
//! the results, the strength, nickname and rank as the model holds them), `320` when a round
//! has a team bye or the bye's points are not the ones a file without `320` implies, `330` per
//! forfeited match, `300` for each line-up that is not the roster order of those who played,
//! that leaves a board empty (TRF26 requires `300` for "an unoccupied board"; every board is
//! written, `0000` for an empty one) or that belongs to a match without games, which only `300`
//! can pair. TRF16: `013` per team and of the others only what the reader could not derive
//! without them (`352` when the boards or colours differ from the implied ones, `362` when not
//! 2/1/0, `320` when a bye is not visible in its players' `U` or its points are not the implied
//! ones, `330`, `300`): a file then reads back to the same event.

use std::fmt::Write as _;

use super::team_settings::{implied_boards, implied_bye_points};
use super::{TrfVersion, fmt_points};
use crate::model::{PairingNumber, RoundNumber, Tournament};
use crate::points::Points;
use crate::result::{Colour, ResultCode};
use crate::team::{
    MatchForfeit, MatchPointSystem, TeamEvent, TeamNumber, TeamRound, alternating_colours,
};

fn push(out: &mut String, line: &str) {
    out.push_str(line.trim_end());
    out.push('\n');
}

/// The event, when there is one with teams.
fn event(t: &Tournament) -> Option<&TeamEvent> {
    t.team.as_ref().filter(|e| !e.teams.is_empty())
}

/// `352` and `362`, written among the header records.
pub(super) fn settings_records(t: &Tournament, version: TrfVersion, out: &mut String) {
    let Some(e) = event(t) else { return };
    let s = &e.settings;
    let implied = implied_boards(t, &e.teams) == s.boards
        && s.first_team_colours == alternating_colours(s.boards, Colour::White);
    if version == TrfVersion::Trf2026 || !implied {
        let seq: String = s
            .first_team_colours
            .iter()
            .map(|c| match c {
                Colour::White => 'W',
                Colour::Black => 'B',
            })
            .collect();
        push(out, &format!("352 {seq}"));
    }
    let mp = &s.match_points;
    if version == TrfVersion::Trf2026 || *mp != MatchPointSystem::default() {
        push(
            out,
            &format!("362 TW {}   TD {}   TL {}", mp.win, mp.draw, mp.loss),
        );
    }
    byes_before_pairing(e, out);
}

/// `240` for the teams' byes and absences known before pairing (TRF-2026 columns: 5 the type
/// `F`/`H`/`Z`, 7-9 the round, 11-14, 16-19, ... the team pairing numbers), one line per
/// round and type; written in both versions so that the event reads back the same.
fn byes_before_pairing(e: &TeamEvent, out: &mut String) {
    for r in &e.rounds {
        for code in [
            ResultCode::FullBye,
            ResultCode::HalfBye,
            ResultCode::ZeroBye,
        ] {
            let teams: Vec<TeamNumber> = if code == ResultCode::ZeroBye {
                r.absent.clone()
            } else {
                r.byes_before_pairing
                    .iter()
                    .filter(|(_, c)| **c == code)
                    .map(|(team, _)| *team)
                    .collect()
            };
            if !teams.is_empty() {
                let line = format!(
                    "240 {} {:>3} {}",
                    code.trf_char(),
                    r.number,
                    members(&teams)
                );
                push(out, &line);
            }
        }
    }
}

/// Start numbers, 4 columns each, a space between.
fn members(list: &[PairingNumber]) -> String {
    list.iter()
        .map(|p| format!("{p:>4}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The team records after the `001` records: `013`/`310`, `320`, `330`, `300`.
pub(super) fn team_records(t: &Tournament, version: TrfVersion, out: &mut String) {
    let Some(e) = event(t) else { return };
    let mut teams: Vec<_> = e.teams.iter().collect();
    teams.sort_by_key(|x| x.number);
    match version {
        TrfVersion::Trf16 => {
            for team in &teams {
                let name: String = crate::names::visible(&team.name).chars().take(32).collect();
                push(out, &format!("013 {name:<32}{}", members(&team.roster)));
            }
        }
        TrfVersion::Trf2026 => {
            let totals = e.scores_after_round(t, e.last_round());
            for team in &teams {
                let (mp, gp) = totals.get(&team.number).copied().unwrap_or_default();
                let name: String = crate::names::visible(&team.name).chars().take(32).collect();
                let nick: String =
                    crate::names::visible(team.nickname.as_deref().unwrap_or_default())
                        .chars()
                        .take(5)
                        .collect();
                let opt = |v: Option<u16>| v.map(|v| v.to_string()).unwrap_or_default();
                let l = format!(
                    "310 {:>3} {name:<32} {nick:<5} {:>6} {:>6} {:>6} {:>3}  {}",
                    team.number,
                    opt(team.strength),
                    fmt_points(mp),
                    fmt_points(gp),
                    opt(team.rank),
                    members(&team.roster),
                );
                push(out, &l);
            }
        }
    }
    bye_record(t, e, version, out);
    for r in &e.rounds {
        for m in &r.matches {
            if let Some(f) = m.forfeit {
                let kind = match f {
                    MatchForfeit::FirstWins => "+-",
                    MatchForfeit::SecondWins => "-+",
                    MatchForfeit::Both => "--",
                };
                let l = format!("330 {kind} {:03} {:03} {:03}", r.number, m.first, m.second);
                push(out, &l);
            }
        }
    }
    for r in &e.rounds {
        for m in &r.matches {
            let played = games_between(t, e, r.number, m.first, m.second);
            for (x, y) in [(m.first, m.second), (m.second, m.first)] {
                let Some(l) = r.lineups.get(&x) else { continue };
                // TRF26: `300` is required when a team plays out of its default order "or plays
                // with an unoccupied board", so an empty board is always written, on every
                // board of the line-up (`0000`), as FIDE's reader (gacrux) expects.
                let full = l.boards.iter().all(Option::is_some);
                if played && full && l.boards == implied_lineup(t, e, r, x, y) {
                    continue;
                }
                let mut line = format!("300 {:03} {x:03} {y:03}", r.number);
                for b in l.boards.iter().copied() {
                    let _ = write!(line, " {:04}", b.unwrap_or(0));
                }
                push(out, &line);
            }
        }
    }
}

/// `320`, when needed (see the module documentation).
fn bye_record(t: &Tournament, e: &TeamEvent, version: TrfVersion, out: &mut String) {
    let s = &e.settings;
    let implied = implied_bye_points(t, s) == (s.bye_match_points, s.bye_game_points);
    let byes: Vec<(RoundNumber, TeamNumber)> = e
        .rounds
        .iter()
        .filter_map(|r| r.bye.map(|b| (r.number, b)))
        .collect();
    let hidden = byes.iter().any(|&(rn, team)| !bye_visible(t, e, rn, team));
    let needed = match version {
        TrfVersion::Trf2026 => !byes.is_empty() || !implied,
        TrfVersion::Trf16 => hidden || !implied,
    };
    if !needed {
        return;
    }
    let pts = |p| format!("{:0>4}", points_in_4(p));
    let mut l = format!("320 {} {}", pts(s.bye_match_points), pts(s.bye_game_points));
    let last = byes.iter().map(|b| b.0).max().unwrap_or(0);
    for rn in 1..=last {
        let team = byes.iter().find(|b| b.0 == rn).map_or(0, |b| b.1);
        let _ = write!(l, " {team:03}");
    }
    push(out, &l);
}

/// Points for a 4-column field of `320` (`1.0`, `10.5`): a whole number of 100 or more without its
/// `.0` (`7777`, as the reader reads it), so that whatever was read from the field fits it again.
fn points_in_4(p: Points) -> String {
    let text = fmt_points(p);
    match text.strip_suffix(".0") {
        Some(whole) if text.len() > 4 => whole.to_owned(),
        _ => text,
    }
}

/// Whether a player of the team has a `U` in the round (the reader then finds the bye).
fn bye_visible(t: &Tournament, e: &TeamEvent, rn: RoundNumber, team: TeamNumber) -> bool {
    let Some(team) = e.team(team) else {
        return false;
    };
    t.round(rn).is_some_and(|r| {
        r.byes
            .iter()
            .any(|b| b.code == ResultCode::Pab && team.roster.contains(&b.player))
    })
}

/// Whether a game of the round sets a player of `a` against a player of `b`.
fn games_between(
    t: &Tournament,
    e: &TeamEvent,
    rn: RoundNumber,
    a: TeamNumber,
    b: TeamNumber,
) -> bool {
    let (Some(ta), Some(tb)) = (e.team(a), e.team(b)) else {
        return false;
    };
    t.round(rn).is_some_and(|r| {
        r.games.iter().any(|g| {
            (ta.roster.contains(&g.white) && tb.roster.contains(&g.black))
                || (tb.roster.contains(&g.white) && ta.roster.contains(&g.black))
        })
    })
}

/// The line-up a reader derives without `300`: the team's players who play against `y` (or
/// score a forfeit win) in the round, in roster order, then empty boards.
fn implied_lineup(
    t: &Tournament,
    e: &TeamEvent,
    r: &TeamRound,
    x: TeamNumber,
    y: TeamNumber,
) -> Vec<Option<PairingNumber>> {
    let boards = usize::from(e.settings.boards);
    let (Some(tx), Some(ty)) = (e.team(x), e.team(y)) else {
        return vec![None; boards];
    };
    let mut occ: Vec<PairingNumber> = Vec::new();
    if let Some(round) = t.round(r.number) {
        for g in &round.games {
            if tx.roster.contains(&g.white) && ty.roster.contains(&g.black) {
                occ.push(g.white);
            } else if tx.roster.contains(&g.black) && ty.roster.contains(&g.white) {
                occ.push(g.black);
            }
        }
        for b in &round.byes {
            if b.code == ResultCode::ForfeitWin && tx.roster.contains(&b.player) {
                occ.push(b.player);
            }
        }
    }
    occ.sort_by_key(|p| tx.roster.iter().position(|q| q == p));
    let mut l: Vec<Option<PairingNumber>> = occ.into_iter().map(Some).collect();
    l.resize(boards.max(l.len()), None);
    l
}
