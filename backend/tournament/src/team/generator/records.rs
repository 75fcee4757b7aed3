//! What a generated event states after its last round: the players' points, the teams' ranks
//! by the event's own tie-break list, and the informative records `299`, `801` and `802` (their
//! layouts in the module documentation of [`super`]).

use std::fmt::Write as _;

use crate::model::{RawRecord, Tournament};
use crate::points::Points;
use crate::result::Colour;
use crate::team::{
    TeamEvent, TeamRoundKind, TeamStandingsOptions, default_team_tiebreaks, team_standings,
};
use crate::trf::fmt_points;

/// The players' points and the teams' ranks after the last round.
pub(super) fn final_figures(t: &mut Tournament, event: &mut TeamEvent) {
    let scores = t.scores_after_round(t.last_round());
    for p in &mut t.players {
        p.reported_points = Some(
            scores
                .get(&p.pairing_number)
                .copied()
                .unwrap_or(Points::ZERO),
        );
    }
    let tbs = default_team_tiebreaks(t);
    let s = team_standings(t, event, &tbs, &TeamStandingsOptions::default());
    for team in &mut event.teams {
        team.rank = s.row(team.number).and_then(|r| u16::try_from(r.rank).ok());
    }
}

/// The informative records, in the order written: `299`, `801` per round, `802` per team.
pub(super) fn informative(t: &Tournament, event: &TeamEvent) -> Vec<RawRecord> {
    let mut out = Vec::new();
    if event.rounds.iter().any(|r| !r.absent.is_empty()) {
        out.push(format!("299 Z  {:>4}", fmt_points(Points::ZERO)));
    }
    for r in event.rounds.iter().filter(|r| !r.matches.is_empty()) {
        let mut l = format!("801 {:>3}", r.number);
        for m in &r.matches {
            let _ = write!(l, " {:>3} {:>3}", m.first, m.second);
        }
        if let Some(b) = r.bye {
            let _ = write!(l, " {b:>3} PAB");
        }
        out.push(l);
    }
    let last = event.last_round();
    let totals = event.scores_after_round(t, last);
    for team in &event.teams {
        let (mp, gp) = totals.get(&team.number).copied().unwrap_or_default();
        let mut l = format!(
            "802 {:>3} {:<5} {:>6} {:>6}",
            team.number,
            team.nickname.as_deref().unwrap_or(""),
            fmt_points(mp),
            fmt_points(gp)
        );
        for rec in event.team_rounds(t, team.number) {
            let opponent = match (rec.kind, rec.opponent) {
                (TeamRoundKind::Pab, _) => "PAB".to_owned(),
                (TeamRoundKind::FullBye, _) => "FPB".to_owned(),
                (TeamRoundKind::HalfBye, _) => "HPB".to_owned(),
                (_, Some(o)) => format!("{o:>3}"),
                (_, None) => "ZPB".to_owned(),
            };
            let colour = match (rec.kind.is_played(), rec.colour) {
                (true, Some(Colour::White)) => 'w',
                (true, Some(Colour::Black)) => 'b',
                _ => '-',
            };
            let forfeit = matches!(
                rec.kind,
                TeamRoundKind::ForfeitWin
                    | TeamRoundKind::ForfeitLoss
                    | TeamRoundKind::DoubleForfeit
            );
            let _ = write!(
                l,
                "  {opponent} {colour} {:>4} {}",
                fmt_points(rec.game_points),
                if forfeit { 'f' } else { ' ' }
            );
        }
        out.push(l.trim_end().to_owned());
    }
    out.into_iter().map(|line| RawRecord { line }).collect()
}
