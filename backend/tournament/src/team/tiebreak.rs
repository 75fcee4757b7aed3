//! A team event's teams as the tie-break engine reads them ([`Field`]): each team's rounds
//! once with match points and once with game points (C.07 Art. 11: a tie-break reads the
//! primary score unless its code says `:MP` or `:GP`), and its game points board by board.
//! Every tie-break, individual or team, is then computed by the same engine as for players
//! (`crate::tiebreak::field`), with the same unplayed-round rules (C.07 Art. 14, 16).
//!
//! What is the team's own is how a round reads ([`team_rd`]):
//! - a match played over the board (at least one board played) is played;
//! - a forfeited match (`330`), and a match in which no board was played over the board, is a
//!   forfeit: won (not voluntarily unplayed) or lost (voluntarily unplayed), against the
//!   scheduled opponent;
//! - the pairing-allocated bye (`320`) is played without an opponent, as a player's PAB;
//! - an absent team's round is a zero-point bye, voluntarily unplayed; a half-point or
//!   full-point bye asked before pairing (`240` H/F) is a bye of that kind, as a player's;
//! - a draw in every round, for the adjusted score and the 2026-03 cap, is a drawn match (match
//!   points) or half of every board (game points).

use super::score::TeamRoundRecord;
use super::{PrimaryScore, TeamEvent, TeamNumber, TeamRoundKind};
use crate::model::{RoundNumber, Tournament};
use crate::result::{Colour, ResultCode};
use crate::tiebreak::ScoreKind;
use crate::tiebreak::competitors::{Boards, Field};
use crate::tiebreak::context::{BLANK, Ctx, NONE, Rd};

/// One team round in match points and in game points. `opp` is the opponent's index (or
/// [`NONE`]); `over_the_board` says whether a board of the match was played over the board.
fn team_rd(rec: &TeamRoundRecord, opp: u32, over_the_board: bool) -> (Rd, Rd) {
    let by_score = || match rec.game_points.cmp(&rec.opponent_game_points) {
        std::cmp::Ordering::Greater => ResultCode::Win,
        std::cmp::Ordering::Less => ResultCode::Loss,
        std::cmp::Ordering::Equal => ResultCode::Draw,
    };
    let (code, played) = match rec.kind {
        TeamRoundKind::Pending => (by_score(), true),
        TeamRoundKind::Played if over_the_board => (by_score(), true),
        TeamRoundKind::Played => match by_score() {
            ResultCode::Win => (ResultCode::ForfeitWin, false),
            _ => (ResultCode::ForfeitLoss, false),
        },
        TeamRoundKind::ForfeitWin => (ResultCode::ForfeitWin, false),
        TeamRoundKind::ForfeitLoss | TeamRoundKind::DoubleForfeit => {
            (ResultCode::ForfeitLoss, false)
        }
        TeamRoundKind::Pab => (ResultCode::Pab, true),
        TeamRoundKind::Absent => (ResultCode::ZeroBye, false),
        TeamRoundKind::HalfBye => (ResultCode::HalfBye, false),
        TeamRoundKind::FullBye => (ResultCode::FullBye, false),
    };
    let rpts = match code {
        ResultCode::Win if opp != NONE => 10,
        ResultCode::Draw if opp != NONE => 5,
        _ => 0,
    };
    let mpts = i64::from(rec.match_points.tenths());
    let gpts = i64::from(rec.game_points.tenths());
    let mp = Rd {
        opp,
        pts: mpts,
        code,
        played,
        vur: !played && !matches!(code, ResultCode::ForfeitWin | ResultCode::FullBye),
        black: played && rec.colour == Some(Colour::Black),
        colour: rec.colour,
        rpts,
        sb_pts: mpts,
    };
    let gp = Rd {
        pts: gpts,
        sb_pts: gpts,
        ..mp
    };
    (mp, gp)
}

/// Whether a board of team `team`'s match in `round` was played over the board.
fn over_the_board(t: &Tournament, e: &TeamEvent, team: TeamNumber, round: RoundNumber) -> bool {
    let Some(m) = e.round(round).and_then(|r| r.match_of(team)) else {
        return false;
    };
    m.forfeit.is_none()
        && e.match_boards(t, round, m)
            .iter()
            .any(|b| b.first_code.is_played() || b.second_code.is_played())
}

/// The teams of `e` after rounds 1 to `rounds`, as the tie-break engine reads them; `rr`: a
/// round robin (C.07 Art. 16: unplayed rounds without an opponent are left out, `/P` is the
/// default).
pub(crate) fn team_field(t: &Tournament, e: &TeamEvent, rounds: usize, rr: bool) -> Field {
    let mut tpn: Vec<TeamNumber> = e.teams.iter().map(|t| t.number).collect();
    tpn.sort_unstable();
    tpn.dedup();
    let n = tpn.len();
    let idx = |x: TeamNumber| {
        tpn.binary_search(&x)
            .ok()
            .and_then(|i| u32::try_from(i).ok())
            .unwrap_or(NONE)
    };
    let mut mp_rd = vec![BLANK; n * rounds];
    let mut gp_rd = vec![BLANK; n * rounds];
    let mut board_pts = vec![Vec::new(); n * rounds];
    for (i, &team) in tpn.iter().enumerate() {
        for r in 0..rounds {
            let round = RoundNumber::try_from(r + 1).unwrap_or(RoundNumber::MAX);
            let rec = e.team_round(t, team, round);
            let otb = rec.kind == TeamRoundKind::Played && over_the_board(t, e, team, round);
            let (mp, gp) = team_rd(&rec, rec.opponent.map_or(NONE, idx), otb);
            mp_rd[i * rounds + r] = mp;
            gp_rd[i * rounds + r] = gp;
            board_pts[i * rounds + r] = e
                .board_points(t, team, round)
                .into_iter()
                .map(|(p, won)| (i64::from(p.tenths()), won))
                .collect();
        }
    }
    let mut rating = vec![None; n];
    for team in &e.teams {
        if let Some(slot) = rating.get_mut(idx(team.number) as usize) {
            *slot = team.rating(t, &e.settings).map(i64::from);
        }
    }
    let boards = usize::from(e.settings.boards);
    let b = i64::try_from(boards).unwrap_or(1);
    let mps = &e.settings.match_points;
    let game = (
        i64::from(t.scoring.win.tenths()),
        i64::from(t.scoring.draw.tenths()),
    );
    let mp = Ctx::from_rounds(
        mp_rd,
        rounds,
        rr,
        (i64::from(mps.win.tenths()), i64::from(mps.draw.tenths())),
        rating.clone(),
        tpn.clone(),
    );
    let gp = Ctx::from_rounds(gp_rd, rounds, rr, (game.0 * b, game.1 * b), rating, tpn);
    let boards = Some(Boards {
        count: boards,
        points: board_pts,
        game_win: game.0,
    });
    match e.settings.primary {
        PrimaryScore::MatchPoints => Field {
            primary_kind: ScoreKind::Match,
            primary: mp,
            secondary: Some(gp),
            boards,
        },
        PrimaryScore::GamePoints => Field {
            primary_kind: ScoreKind::Game,
            primary: gp,
            secondary: Some(mp),
            boards,
        },
    }
}
