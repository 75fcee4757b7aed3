//! The tie-breaks of team competitions (FIDE Handbook C.07, editions 2024-08 and 2026-03).
//!
//! A team's round is read once ([`TeamTable`]) into the same per-round table the individual
//! tie-breaks use, twice: once with match points, once with game points (C.07 Art. 11: a
//! tie-break is computed on the primary score unless its code says `:MP` or `:GP`). The
//! individual tie-breaks then apply unchanged to teams: DE (Art. 6), WIN and WON (Art. 7.1,
//! 7.2, with game points counted board by board), PS (7.5), BH, AOB, FB (Art. 8), SB and KS
//! (Art. 9), ARO, TPR, PTP, APRO, APPO (Art. 10, on the team ratings and the match results),
//! with their modifiers (`/C1`, `/C2`, `/M1`, `/M2`, `/P`, the unplayed-round rules of each
//! edition, Art. 14 and 16). What is the team's own:
//! - unplayed rounds: a forfeited match is a forfeit (won or lost), the pairing-allocated bye
//!   counts as played (Art. 16), an absent team's round is voluntarily unplayed;
//! - a draw in every round, for the adjusted score and the 2026-03 cap, is a drawn match (match
//!   points) or half of every board (game points);
//! - MPvGP (Art. 13.1), BC, TBR, BBE (Art. 12), the extended Sonneborn-Berger family EMMSB,
//!   EMGSB, EGMSB, EGGSB (Art. 13.2), EDE and its variants EDEC, EDET, EDEB, EDEBT, EDEBB (Art.
//!   13.3, [`ede_boards`]) and SSSC (Art. 13.4).

mod ede_boards;

use super::{PrimaryScore, TeamEvent, TeamNumber, TeamRoundKind};
use crate::model::{RoundNumber, Tournament};
use crate::result::{Colour, ResultCode};
use crate::tiebreak::compute::{self, Computed, de_group};
use crate::tiebreak::context::{BLANK, Ctx, NONE, Rd};
use crate::tiebreak::rating;
use crate::tiebreak::{Contribution, Edition, Kind, Note, ScoreKind, TieBreak, Value};

/// The teams' rounds as the tie-breaks read them.
pub(crate) struct TeamTable {
    /// Team numbers by index (ascending).
    pub tpn: Vec<TeamNumber>,
    /// Rounds counted.
    pub r: usize,
    /// Boards per match.
    pub boards: usize,
    /// The primary score.
    pub primary: ScoreKind,
    /// Match points.
    pub mp: Ctx,
    /// Game points.
    pub gp: Ctx,
    /// Per team and round (`team * r + round`), each board's game points in tenths and whether
    /// it was won over the board.
    pub board_pts: Vec<Vec<(i64, bool)>>,
    /// A won game, in tenths.
    pub game_win: i64,
}

impl TeamTable {
    /// Reads rounds 1 to `rounds`.
    pub(crate) fn new(t: &Tournament, e: &TeamEvent, rounds: usize, rr: bool) -> TeamTable {
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
        let boards = usize::from(e.settings.boards);
        let mpw = i64::from(e.settings.match_points.win.tenths());
        let mpd = i64::from(e.settings.match_points.draw.tenths());
        let gw = i64::from(t.scoring.win.tenths());
        let gd = i64::from(t.scoring.draw.tenths());
        let b = i64::try_from(boards).unwrap_or(1);
        let mut mp_rd = vec![BLANK; n * rounds];
        let mut gp_rd = vec![BLANK; n * rounds];
        let mut board_pts = vec![Vec::new(); n * rounds];
        for (i, &team) in tpn.iter().enumerate() {
            for r in 0..rounds {
                let round = RoundNumber::try_from(r + 1).unwrap_or(RoundNumber::MAX);
                let rec = e.team_round(t, team, round);
                let played = matches!(
                    rec.kind,
                    TeamRoundKind::Played | TeamRoundKind::Pending | TeamRoundKind::Pab
                );
                let mpts = i64::from(rec.match_points.tenths());
                let gpts = i64::from(rec.game_points.tenths());
                let code = match rec.kind {
                    TeamRoundKind::Played | TeamRoundKind::Pending => {
                        match rec.game_points.cmp(&rec.opponent_game_points) {
                            std::cmp::Ordering::Greater => ResultCode::Win,
                            std::cmp::Ordering::Less => ResultCode::Loss,
                            std::cmp::Ordering::Equal => ResultCode::Draw,
                        }
                    }
                    TeamRoundKind::ForfeitWin => ResultCode::ForfeitWin,
                    TeamRoundKind::ForfeitLoss | TeamRoundKind::DoubleForfeit => {
                        ResultCode::ForfeitLoss
                    }
                    TeamRoundKind::Pab => ResultCode::Pab,
                    TeamRoundKind::Absent => ResultCode::ZeroBye,
                    TeamRoundKind::HalfBye => ResultCode::HalfBye,
                    TeamRoundKind::FullBye => ResultCode::FullBye,
                };
                let opp = rec.opponent.map_or(NONE, idx);
                let rpts = if played && opp != NONE {
                    match code {
                        ResultCode::Win => 10,
                        ResultCode::Draw => 5,
                        _ => 0,
                    }
                } else {
                    0
                };
                let base = Rd {
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
                mp_rd[i * rounds + r] = base;
                gp_rd[i * rounds + r] = Rd {
                    pts: gpts,
                    sb_pts: gpts,
                    ..base
                };
                board_pts[i * rounds + r] = e
                    .board_points(t, team, round)
                    .into_iter()
                    .map(|(p, won)| (i64::from(p.tenths()), won))
                    .collect();
            }
        }
        let mut rating = vec![None; n];
        for team in &e.teams {
            let i = idx(team.number);
            if let Some(slot) = rating.get_mut(i as usize) {
                *slot = team.rating(t, &e.settings).map(i64::from);
            }
        }
        let make = |rd: Vec<Rd>, win: i64, draw: i64| {
            let mut total = vec![0; n];
            let mut lna = vec![0; n];
            let mut lmp = vec![0; n];
            for p in 0..n {
                for r in 0..rounds {
                    let d = rd[p * rounds + r];
                    total[p] += d.pts;
                    if !d.vur {
                        lna[p] = r + 1;
                    }
                    if d.opp != NONE || d.played {
                        lmp[p] = r + 1;
                    }
                }
            }
            Ctx {
                n,
                r: rounds,
                rr,
                win,
                draw,
                rd,
                total,
                lna,
                lmp,
                rating: rating.clone(),
                pn: tpn.clone(),
            }
        };
        let mp = make(mp_rd, mpw, mpd);
        let gp = make(gp_rd, gw * b, gd * b);
        TeamTable {
            primary: match e.settings.primary {
                PrimaryScore::MatchPoints => ScoreKind::Match,
                PrimaryScore::GamePoints => ScoreKind::Game,
            },
            tpn,
            r: rounds,
            boards,
            mp,
            gp,
            board_pts,
            game_win: gw,
        }
    }

    /// The table of a score.
    pub(crate) fn ctx(&self, s: ScoreKind) -> &Ctx {
        match s {
            ScoreKind::Match => &self.mp,
            ScoreKind::Game => &self.gp,
        }
    }

    /// Team `p`'s board points over all rounds, board 1 first, in tenths.
    fn board_totals(&self, p: usize) -> Vec<i64> {
        let mut out = vec![0; self.boards];
        for r in 0..self.r {
            for (k, (pts, _)) in self.board_pts[p * self.r + r].iter().enumerate() {
                if let Some(slot) = out.get_mut(k) {
                    *slot += pts;
                }
            }
        }
        out
    }
}

/// The score a tie-break reads: its `:MP`/`:GP`, else the primary score.
pub(crate) fn score_of(table: &TeamTable, tb: &TieBreak) -> ScoreKind {
    tb.modifiers.score.unwrap_or(table.primary)
}

/// Computes one tie-break for every team. `ranks` and `order` are the ranks after the previous
/// tie-breaks (for DE, EDE, TBR and BBE).
pub(crate) fn compute_team(
    table: &TeamTable,
    tb: &TieBreak,
    edition: Edition,
    ranks: &[u32],
    order: &[usize],
    explain: bool,
) -> Computed {
    let n = table.tpn.len();
    let score = score_of(table, tb);
    let ex = explain.then_some(0);
    let plain = |kind: Kind| TieBreak { kind, ..*tb };
    let ints = |v: Vec<i64>| Computed {
        values: v.into_iter().map(|x| Some(Value::from_int(x))).collect(),
        details: vec![Vec::new(); if explain { n } else { 0 }],
    };
    match tb.kind {
        Kind::Pts => compute::compute(
            table.ctx(score),
            &plain(Kind::Pts),
            edition,
            ranks,
            order,
            ex,
        ),
        Kind::MpVgp => compute::compute(
            table.ctx(table.primary.other()),
            &plain(Kind::Pts),
            edition,
            ranks,
            order,
            ex,
        ),
        Kind::Win | Kind::Won if score == ScoreKind::Game => {
            let won = tb.kind == Kind::Won;
            ints(
                (0..n)
                    .map(|p| {
                        let mut c = 0;
                        for r in 0..table.r {
                            let d = table.gp.rounds(p)[r];
                            for &(pts, otb) in &table.board_pts[p * table.r + r] {
                                let counts = if won {
                                    otb && d.played && d.opp != NONE
                                } else {
                                    pts == table.game_win
                                };
                                c += i64::from(counts);
                            }
                        }
                        c
                    })
                    .collect(),
            )
        }
        Kind::Emmsb | Kind::Emgsb | Kind::Egmsb | Kind::Eggsb => {
            let (x, y) = match tb.kind {
                Kind::Emmsb => (ScoreKind::Match, ScoreKind::Match),
                Kind::Emgsb => (ScoreKind::Match, ScoreKind::Game),
                Kind::Egmsb => (ScoreKind::Game, ScoreKind::Match),
                _ => (ScoreKind::Game, ScoreKind::Game),
            };
            let mut ctx = table.ctx(x).clone();
            let other = table.ctx(y);
            for (d, o) in ctx.rd.iter_mut().zip(&other.rd) {
                d.sb_pts = o.pts;
            }
            compute::compute(&ctx, &plain(Kind::Sb), edition, ranks, order, ex)
        }
        Kind::Sssc => sssc(table, tb, edition, ranks, order, explain),
        Kind::Bc => board_count(table, explain),
        Kind::Tbr | Kind::Bbe => board_elimination(table, tb.kind == Kind::Bbe, ranks, order),
        Kind::Ede | Kind::Edec | Kind::Edet | Kind::Edeb | Kind::Edebt | Kind::Edebb => {
            extended_direct_encounter(table, tb, ranks, order, explain)
        }
        _ => compute::compute(table.ctx(score), tb, edition, ranks, order, ex),
    }
}

/// SSSC (C.07 Art. 13.4): the secondary score plus the Buchholz of the primary score (with the
/// tie-break's cuts, `/P` and `/F`) divided by `/Kn`, or by default by the whole part of
/// `maximum primary score / maximum secondary score` per round (match points primary:
/// `win MP × rounds / (win GP × boards)`; game points primary: its inverse), rounded to 0.01.
fn sssc(
    table: &TeamTable,
    tb: &TieBreak,
    edition: Edition,
    ranks: &[u32],
    order: &[usize],
    explain: bool,
) -> Computed {
    let bh = compute::compute(
        table.ctx(table.primary),
        &TieBreak {
            kind: Kind::Bh,
            ..*tb
        },
        edition,
        ranks,
        order,
        explain.then_some(0),
    );
    let r = i64::try_from(table.r).unwrap_or(0);
    let b = i64::try_from(table.boards).unwrap_or(1);
    let divisor = match (tb.modifiers.divisor, table.primary) {
        (Some(k), _) => i64::from(k),
        (None, ScoreKind::Match) => (table.mp.win * r) / (table.game_win * b).max(1),
        (None, ScoreKind::Game) => (table.game_win * r * b) / table.mp.win.max(1),
    }
    .max(1);
    let secondary = table.ctx(table.primary.other());
    let values = bh
        .values
        .iter()
        .zip(&secondary.total)
        .map(|(v, &s)| v.map(|v| Value(s * 10 + rating::div_half_up(v.0, divisor))))
        .collect();
    Computed {
        values,
        details: bh.details,
    }
}

/// BC (C.07 Art. 12.1): the sum over the boards of the board number times the game points
/// scored on it in all rounds.
fn board_count(table: &TeamTable, explain: bool) -> Computed {
    let n = table.tpn.len();
    let mut details = vec![Vec::new(); if explain { n } else { 0 }];
    let values = (0..n)
        .map(|p| {
            let mut sum = 0;
            for r in 0..table.r {
                let d = table.gp.rounds(p)[r];
                let part: i64 = table.board_pts[p * table.r + r]
                    .iter()
                    .zip(1..)
                    .map(|(&(pts, _), k)| k * pts)
                    .sum();
                sum += part;
                if let Some(slot) = details.get_mut(p) {
                    slot.push(Contribution {
                        round: r + 1,
                        opponent: (d.opp != NONE).then(|| table.tpn[d.opp as usize]),
                        code: d.code,
                        points: Value::from_tenths(d.pts),
                        basis: None,
                        value: Value::from_tenths(part),
                        note: if d.played {
                            Note::Played
                        } else {
                            Note::NotCounted
                        },
                        cut: None,
                    });
                }
            }
            Some(Value::from_tenths(sum))
        })
        .collect();
    Computed { values, details }
}

/// TBR and BBE (C.07 Art. 12.2, 12.3): inside each group tied after the previous tie-breaks,
/// the teams are ordered by the game points on board 1, then board 2, ... (TBR), or by the game
/// points without the last board, then without the last two, ... (BBE), each step only among
/// the teams still tied. The value is the place inside the tie (1 = first), 0 when the tie is
/// not broken.
fn board_elimination(table: &TeamTable, bbe: bool, ranks: &[u32], order: &[usize]) -> Computed {
    let n = table.tpn.len();
    let totals: Vec<Vec<i64>> = (0..n).map(|p| table.board_totals(p)).collect();
    let mut val: Vec<i64> = ranks.iter().map(|&r| i64::from(r)).collect();
    let mut ro: Vec<usize> = order.to_vec();
    let mut running: Vec<i64> = totals.iter().map(|t| t.iter().sum()).collect();
    for step in 1..=table.boards {
        let mut start = 0;
        while start < ro.len() {
            let c = val[ro[start]];
            let mut stop = start + 1;
            while stop < ro.len() && val[ro[stop]] == c {
                stop += 1;
            }
            if stop - start > 1 {
                let key = |p: usize| -> i64 {
                    if bbe {
                        running[p] - totals[p][table.boards - step]
                    } else {
                        totals[p][step - 1]
                    }
                };
                let mut group: Vec<usize> = ro[start..stop].to_vec();
                group.sort_by_key(|&p| (-key(p), table.tpn[p]));
                let mut place = c;
                for (i, &p) in group.iter().enumerate() {
                    if i > 0 && key(p) != key(group[i - 1]) {
                        place = c + i64::try_from(i).unwrap_or(0);
                    }
                    val[p] = place;
                }
                if bbe {
                    for &p in &group {
                        running[p] -= totals[p][table.boards - step];
                    }
                }
            }
            start = stop;
        }
        ro.sort_by_key(|&p| (ranks[p], val[p], table.tpn[p]));
    }
    places_inside_ties(&mut val, &ro, ranks);
    Computed {
        values: val.into_iter().map(|v| Some(Value::from_int(v))).collect(),
        details: Vec::new(),
    }
}

/// Turns the ranks reached inside each tie of the previous ranks into places from 1, or 0 for
/// every member of a tie nobody was separated in.
pub(crate) fn places_inside_ties(val: &mut [i64], ro: &[usize], ranks: &[u32]) {
    let mut start = 0;
    while start < ro.len() {
        let rank = ranks[ro[start]];
        let mut stop = start + 1;
        while stop < ro.len() && ranks[ro[stop]] == rank {
            stop += 1;
        }
        let mut offset = val[ro[start]];
        if val[ro[start]] != val[ro[stop - 1]] {
            offset -= 1;
        }
        for &p in &ro[start..stop] {
            val[p] -= offset;
        }
        start = stop;
    }
}

// ---- Extended direct encounter (C.07 Art. 13.3) ----

/// EDE (C.07 Art. 13.3): among the teams tied after the previous tie-breaks, direct encounter
/// (Art. 6) on the primary score; the groups still tied are then compared by direct encounter
/// on the secondary score, then on the primary again, and so on, until neither score separates
/// any more teams. In a Swiss a team is separated only when no team below it can still reach
/// it with the matches not played among them (Art. 6.2). The value is the place inside the tie
/// (1 = first), 0 for every team of a tie that is not broken.
pub(crate) fn extended_direct_encounter(
    table: &TeamTable,
    tb: &TieBreak,
    ranks: &[u32],
    order: &[usize],
    explain: bool,
) -> Computed {
    let n = table.tpn.len();
    let predetermined = tb.modifiers.forfeits_played || table.mp.rr;
    let scores = [table.primary, table.primary.other()];
    let mut val: Vec<i64> = ranks.iter().map(|&r| i64::from(r)).collect();
    let mut more = vec![true; n];
    let mut ro: Vec<usize> = order.to_vec();
    let mut deval = vec![0i64; n];
    let mut demax = vec![0i64; n];
    let mut changed = [true, true];
    let mut swap = 0;
    for pass in 1..=30 {
        let mut changes = 0;
        let mut again = false;
        let ctx = table.ctx(scores[swap]);
        let mut start = 0;
        while start < ro.len() {
            let c = val[ro[start]];
            let mut stop = start + 1;
            while stop < ro.len() && val[ro[stop]] == c {
                stop += 1;
            }
            let group: Vec<usize> = ro[start..stop].to_vec();
            if more[group[0]] {
                if group.len() == 1 {
                    more[group[0]] = false;
                } else {
                    let ch = de_group(
                        ctx,
                        predetermined,
                        &group,
                        c,
                        &mut val,
                        &mut deval,
                        &mut demax,
                    );
                    let go = ch > 0 && pass < 30;
                    for &p in &group {
                        more[p] = go;
                    }
                    again |= go;
                    changes += ch;
                }
            }
            start = stop;
        }
        changed[swap] = changes > 0;
        let pending = changed.iter().any(|c| *c);
        if changes == 0 {
            swap = (swap + 1) % scores.len();
            more.fill(true);
        } else {
            changed = [true, true];
        }
        ro.sort_by_key(|&p| (ranks[p], val[p], table.tpn[p]));
        if !(again || (pending && pass < 30)) {
            break;
        }
    }
    // EDEC, EDET, EDEB, EDEBT, EDEBB: two teams still tied, inside their encounter.
    if ede_boards::break_pairs(table, tb, &mut val, &ro, ranks) {
        ro.sort_by_key(|&p| (ranks[p], val[p], table.tpn[p]));
    }
    places_inside_ties(&mut val, &ro, ranks);
    Computed {
        values: val.into_iter().map(|v| Some(Value::from_int(v))).collect(),
        details: vec![Vec::new(); if explain { n } else { 0 }],
    }
}
