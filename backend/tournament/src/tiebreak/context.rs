//! Per-player round data, computed once per standings (C.07 Art. 16: played, forfeit, bye, PAB,
//! voluntarily unplayed round), in one flat table of `players x rounds`.

use crate::model::{PairingNumber, Tournament};
use crate::result::{Colour, ResultCode};

/// No opponent.
pub(crate) const NONE: u32 = u32::MAX;

/// One player's round, as the tie-breaks read it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Rd {
    /// The opponent's index (a forfeit has one), or [`NONE`].
    pub opp: u32,
    /// Points scored, in tenths.
    pub pts: i64,
    /// The result code.
    pub code: ResultCode,
    /// Played: a game over the board (`1 = 0 W D L`), an unknown result (`X`) or the PAB, which
    /// C.07 Art. 16 treats as played for the "rounds elected to play".
    pub played: bool,
    /// A voluntarily unplayed round (C.07 Art. 16.2): not played and not a forfeit win or a
    /// full-point bye.
    pub vur: bool,
    /// Played with Black (colour known).
    pub black: bool,
    /// The colour, when paired and known.
    pub colour: Option<Colour>,
    /// The points for rating purposes (a win 1, a draw 1/2), in tenths, for games over the board.
    pub rpts: i64,
    /// The points Sonneborn-Berger multiplies the opponent's score by, in tenths: the points
    /// scored ([`Rd::pts`]) for players; for teams the other score in the extended
    /// Sonneborn-Berger (C.07 Art. 13.2: `EMGSB` multiplies by game points).
    pub sb_pts: i64,
}

pub(crate) const BLANK: Rd = Rd {
    opp: NONE,
    pts: 0,
    code: ResultCode::Blank,
    played: false,
    vur: true,
    black: false,
    colour: None,
    rpts: 0,
    sb_pts: 0,
};

/// The tournament as tie-breaks see it after round `r`.
#[derive(Clone, Debug)]
pub(crate) struct Ctx {
    /// Players.
    pub n: usize,
    /// Rounds counted.
    pub r: usize,
    /// A round robin (C.07 Art. 16: unplayed rounds without an opponent are left out, `/P` is
    /// the default).
    pub rr: bool,
    /// Points for a win, in tenths.
    pub win: i64,
    /// Points for a draw, in tenths.
    pub draw: i64,
    /// `n * r` rounds, player-major.
    pub rd: Vec<Rd>,
    /// Total points, in tenths.
    pub total: Vec<i64>,
    /// Last round (from 1) that is not voluntarily unplayed; 0 when none.
    pub lna: Vec<usize>,
    /// Last round (from 1) with an opponent or played; 0 when none.
    pub lmp: Vec<usize>,
    /// Ratings (`None` when unrated or 0).
    pub rating: Vec<Option<i64>>,
    /// Pairing numbers, by index.
    pub pn: Vec<PairingNumber>,
}

impl Ctx {
    /// Builds the table from the tournament's rounds 1 to `rounds`.
    pub(crate) fn new(t: &Tournament, rounds: usize, rr: bool) -> Ctx {
        let mut pn: Vec<PairingNumber> = t.players.iter().map(|p| p.pairing_number).collect();
        pn.sort_unstable();
        pn.dedup();
        let n = pn.len();
        let max_pn = pn.last().map_or(0, |&m| usize::from(m));
        let mut index = vec![NONE; max_pn + 1];
        for (i, &p) in pn.iter().enumerate() {
            if let (Some(slot), Ok(i)) = (index.get_mut(usize::from(p)), u32::try_from(i)) {
                *slot = i;
            }
        }
        let idx = |p: PairingNumber| index.get(usize::from(p)).copied().unwrap_or(NONE);
        let s = &t.scoring;
        let mut rating = vec![None; n];
        for p in &t.players {
            if let Some(slot) = rating.get_mut(idx(p.pairing_number) as usize) {
                *slot = p.rating.filter(|&r| r > 0).map(i64::from);
            }
        }
        let mut rd = vec![BLANK; n * rounds];
        let rpts = |c: ResultCode| match c {
            ResultCode::Win | ResultCode::UnratedWin => 10,
            ResultCode::Draw | ResultCode::UnratedDraw => 5,
            _ => 0,
        };
        let make = |code: ResultCode, opp: u32, colour: Option<Colour>| {
            let played = code.is_played() || code == ResultCode::Unknown || code == ResultCode::Pab;
            let pts = i64::from(s.points(code).tenths());
            Rd {
                opp,
                pts,
                sb_pts: pts,
                code,
                played,
                vur: !played && !matches!(code, ResultCode::ForfeitWin | ResultCode::FullBye),
                black: colour == Some(Colour::Black),
                colour,
                rpts: if code.is_played() { rpts(code) } else { 0 },
            }
        };
        for round in &t.rounds {
            let Some(r) = usize::from(round.number)
                .checked_sub(1)
                .filter(|&r| r < rounds)
            else {
                continue;
            };
            for g in &round.games {
                let (w, b) = (idx(g.white), idx(g.black));
                if w == NONE || b == NONE {
                    continue;
                }
                let black_known = g.colours_known;
                if let Some(slot) = rd.get_mut(w as usize * rounds + r) {
                    *slot = make(
                        g.result.code(Colour::White),
                        b,
                        black_known.then_some(Colour::White),
                    );
                }
                if let Some(slot) = rd.get_mut(b as usize * rounds + r) {
                    *slot = make(
                        g.result.code(Colour::Black),
                        w,
                        black_known.then_some(Colour::Black),
                    );
                }
            }
            for bye in &round.byes {
                let p = idx(bye.player);
                if p == NONE {
                    continue;
                }
                if let Some(slot) = rd.get_mut(p as usize * rounds + r) {
                    *slot = make(bye.code, NONE, None);
                }
            }
        }
        Ctx::from_rounds(
            rd,
            rounds,
            rr,
            (i64::from(s.win.tenths()), i64::from(s.draw.tenths())),
            rating,
            pn,
        )
    }

    /// The table of `pn.len()` competitors (players or teams) from their rounds, `rounds` per
    /// competitor, competitor-major: totals, the last round not voluntarily unplayed and the
    /// last round paired are derived here, once for players and teams. `points` are the points
    /// of a win and of a draw, in tenths.
    pub(crate) fn from_rounds(
        rd: Vec<Rd>,
        rounds: usize,
        rr: bool,
        points: (i64, i64),
        rating: Vec<Option<i64>>,
        pn: Vec<PairingNumber>,
    ) -> Ctx {
        let n = pn.len();
        let mut total = vec![0; n];
        let mut lna = vec![0; n];
        let mut lmp = vec![0; n];
        for p in 0..n {
            for r in 0..rounds {
                let d = rd.get(p * rounds + r).copied().unwrap_or(BLANK);
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
            win: points.0,
            draw: points.1,
            rd,
            total,
            lna,
            lmp,
            rating,
            pn,
        }
    }

    /// Player `p`'s rounds.
    pub(crate) fn rounds(&self, p: usize) -> &[Rd] {
        self.rd.get(p * self.r..(p + 1) * self.r).unwrap_or(&[])
    }
}
