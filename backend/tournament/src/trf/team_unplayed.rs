//! What TRF says of unplayed team rounds: `240` byes and absences before pairing (TRF-2026,
//! team pairing numbers) moved into the team rounds, and the TRF16 rule that a match every
//! board of which was forfeited is a forfeited match (`shared/formats/TRF.md`, "Team records").

use std::collections::{BTreeMap, BTreeSet};

use super::team_issue::TeamIssue;
use super::team_read::TeamRecords;
use crate::model::{PairingNumber, Tournament};
use crate::result::ResultCode;
use crate::team::{MatchForfeit, TeamEvent, TeamNumber};

impl TeamRecords {
    /// `240` in a team event (TRF-2026: its numbers are team pairing numbers): each team's bye
    /// (`F`, `H`) or absence (`Z`) before pairing moves into its round
    /// ([`TeamEvent::set_bye_before_pairing`]); a team no record defines, or one the round
    /// pairs or gives the PAB, is an error naming the line.
    pub(super) fn byes_before_pairing(&mut self, t: &mut Tournament, event: &mut TeamEvent) {
        let lines = std::mem::take(&mut self.bye_lines);
        for (i, a) in std::mem::take(&mut t.announced_byes)
            .into_iter()
            .enumerate()
        {
            let line = lines.get(i).copied().unwrap_or(0);
            for team in a.players {
                let round = Some(a.round);
                if event.team(team).is_none() {
                    self.push(line, Some(11), None, round, TeamIssue::UnknownTeam(team));
                } else if event
                    .round(a.round)
                    .is_some_and(|r| r.bye == Some(team) || r.match_of(team).is_some())
                {
                    let kind = TeamIssue::ByeBeforePairingPlays(team);
                    self.push(line, Some(11), None, round, kind);
                } else {
                    event.set_bye_before_pairing(team, a.round, Some(a.code));
                }
            }
        }
    }
}

/// Whether every board of a match (its games by index in `games`, and its forfeit wins
/// without opponent `wins`) was forfeited (a forfeit win or loss on both sides, or a
/// forfeit win without opponent opposite an empty board): won by the team that scored every
/// forfeit win (the team that appeared; `first` is the first-named team), lost by both when
/// neither did; `None` when a board was played, or both teams won boards by forfeit.
fn all_forfeited(
    pair_games: &[usize],
    wins: &[PairingNumber],
    games: &[crate::model::Game],
    owner: &BTreeMap<PairingNumber, TeamNumber>,
    first: TeamNumber,
) -> Option<MatchForfeit> {
    let forfeit = |c: ResultCode| matches!(c, ResultCode::ForfeitWin | ResultCode::ForfeitLoss);
    let mut winners = BTreeSet::new();
    let mut boards = 0;
    for g in pair_games.iter().filter_map(|gi| games.get(*gi)) {
        if !forfeit(g.result.white) || !forfeit(g.result.black) {
            return None;
        }
        boards += 1;
        for (pn, code) in [(g.white, g.result.white), (g.black, g.result.black)] {
            if code == ResultCode::ForfeitWin {
                winners.insert(owner.get(&pn).copied());
            }
        }
    }
    for pn in wins {
        boards += 1;
        winners.insert(owner.get(pn).copied());
    }
    if boards == 0 || winners.len() > 1 {
        return None;
    }
    Some(match winners.into_iter().next().flatten() {
        None => MatchForfeit::Both,
        Some(w) if w == first => MatchForfeit::FirstWins,
        Some(_) => MatchForfeit::SecondWins,
    })
}

/// The forfeit of a TRF16 match (`trf16`: the file has no TRF-2026 team records, so no `330`)
/// every board of which was forfeited ([`all_forfeited`]; `pair`: its games by index and its
/// forfeit wins without opponent): the team that appeared wins it, or both lost; `None` for
/// a TRF-2026 file or a match with a board played.
pub(super) fn forfeited_match(
    trf16: bool,
    pair: (&[usize], &[PairingNumber]),
    games: &[crate::model::Game],
    owner: &BTreeMap<PairingNumber, TeamNumber>,
    first: TeamNumber,
) -> Option<MatchForfeit> {
    if !trf16 {
        return None;
    }
    all_forfeited(pair.0, pair.1, games, owner, first)
}
