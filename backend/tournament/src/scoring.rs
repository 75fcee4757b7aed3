//! Scoring (Art. 11): how many points each result is worth.

use serde::{Deserialize, Serialize};

use crate::points::Points;
use crate::result::ResultCode;

/// The points for each kind of result. [`ScoringSystem::default`] is Art. 11: a win or a forfeit
/// win scores 1, a draw ½, a loss or a forfeit 0; byes: full-point and PAB 1, half-point ½,
/// zero-point 0; an unknown result (TRF-2026 `X`) ½, as TRF-2026 record 162 defaults it (`X` = `D`).
///
/// In TRF it travels as record `162` (TRF-2026: `W D L A P X`) or as the engines' `BBW BBD BBL
/// BBZ BBF BBU` records (TRF16 extensions). Those group the fields (see
/// [`ScoringSystem::is_trf_representable`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ScoringSystem {
    /// A win over the board (`1`, `W`). TRF-2026 `W`, `BBW`.
    pub win: Points,
    /// A draw (`=`, `D`). TRF-2026 `D`, `BBD`.
    pub draw: Points,
    /// A loss over the board (`0`, `L`). TRF-2026 `L`, `BBL`.
    pub loss: Points,
    /// A forfeit win (`+`). Written as the win's points (`W`, `BBW`).
    pub forfeit_win: Points,
    /// A forfeit loss (`-`), also `-` without an opponent (an absence). TRF-2026 `A`, `BBF`.
    pub forfeit_loss: Points,
    /// A zero-point bye or known absence (`Z`, or a blank result without opponent). TRF-2026 `A`,
    /// `BBZ`.
    pub zero_bye: Points,
    /// A half-point bye (`H`). Written as the draw's points (`D`, `BBD`).
    pub half_bye: Points,
    /// A full-point bye (`F`). Written as the win's points (`W`, `BBW`).
    pub full_bye: Points,
    /// The pairing-allocated bye (`U`). TRF-2026 `P`, `BBU`.
    pub pab: Points,
    /// An unknown or adjourned result (`X`). TRF-2026 `X`.
    pub unknown: Points,
}

impl Default for ScoringSystem {
    fn default() -> Self {
        ScoringSystem::from_main(Points::ONE, Points::HALF, Points::ZERO)
    }
}

impl ScoringSystem {
    /// A system from the points for a win, a draw and a loss: forfeit wins, full-point byes and
    /// the PAB score as a win; half-point byes and unknown results as a draw; forfeit losses and
    /// zero-point byes 0. `from_main(3, 1, 0)` (in tenths: 30, 10, 0) is "football" scoring.
    #[must_use]
    pub const fn from_main(win: Points, draw: Points, loss: Points) -> ScoringSystem {
        ScoringSystem {
            win,
            draw,
            loss,
            forfeit_win: win,
            forfeit_loss: Points::ZERO,
            zero_bye: Points::ZERO,
            half_bye: draw,
            full_bye: win,
            pab: win,
            unknown: draw,
        }
    }

    /// The points a result code is worth. A blank result (a pending game, or an absence) scores
    /// as a zero-point bye; callers that want pending games to count nothing should skip them.
    #[must_use]
    pub const fn points(&self, code: ResultCode) -> Points {
        match code {
            ResultCode::Win | ResultCode::UnratedWin => self.win,
            ResultCode::Draw | ResultCode::UnratedDraw => self.draw,
            ResultCode::Loss | ResultCode::UnratedLoss => self.loss,
            ResultCode::ForfeitWin => self.forfeit_win,
            ResultCode::ForfeitLoss => self.forfeit_loss,
            ResultCode::HalfBye => self.half_bye,
            ResultCode::FullBye => self.full_bye,
            ResultCode::Pab => self.pab,
            ResultCode::ZeroBye | ResultCode::Blank => self.zero_bye,
            ResultCode::Unknown => self.unknown,
        }
    }

    /// The most a player can score in one game (for Art. 13.4(f): "up to the maximum available").
    #[must_use]
    pub fn maximum_for_game(&self) -> Points {
        self.win.max(self.forfeit_win)
    }

    /// What FIDE's acceptance checklist for tournament programs (VCL4THP.13, questions 74, 81
    /// and 83) refuses in a scoring system, if anything: points that fall from a win to a draw
    /// to a loss, a draw worth more than half of a win and a loss together, a pairing-allocated
    /// bye worth more than a win, and, with the standard points (1, ½, 0), a PAB worth anything
    /// other than one of them (C.04.1 (c): the PAB scores as a win, a draw or a loss).
    ///
    /// # Errors
    /// The first [`ScoringProblem`] found, in that order.
    pub fn check(&self) -> Result<(), ScoringProblem> {
        let (w, d, l) = (self.win.tenths(), self.draw.tenths(), self.loss.tenths());
        if !(l <= d && d <= w) {
            return Err(ScoringProblem::Order);
        }
        if 2 * d > w + l {
            return Err(ScoringProblem::DrawAboveHalf);
        }
        if self.pab > self.win {
            return Err(ScoringProblem::PabAboveWin);
        }
        let standard =
            (self.win, self.draw, self.loss) == (Points::ONE, Points::HALF, Points::ZERO);
        if standard && ![Points::ONE, Points::HALF, Points::ZERO].contains(&self.pab) {
            return Err(ScoringProblem::PabNotAResult);
        }
        Ok(())
    }

    /// Whether TRF (record 162 or the `BBx` records) can carry this system exactly: a forfeit win
    /// and a full-point bye score as a win, a half-point bye as a draw, and the zero-point bye as
    /// the forfeit loss (162's `A`; `BBZ` and `BBF` are separate, so TRF16 needs only the first
    /// three).
    #[must_use]
    pub fn is_trf_representable(&self) -> bool {
        self.forfeit_win == self.win && self.full_bye == self.win && self.half_bye == self.draw
    }

    /// Builds a system from TRF-2026 record 162's symbols (`W D L A P X`), each optional; absent
    /// ones take the defaults (1, ½, 0, 0, `P` = `W`, `X` = `D`).
    #[must_use]
    pub fn from_162(
        w: Option<Points>,
        d: Option<Points>,
        l: Option<Points>,
        a: Option<Points>,
        p: Option<Points>,
        x: Option<Points>,
    ) -> ScoringSystem {
        let win = w.unwrap_or(Points::ONE);
        let draw = d.unwrap_or(Points::HALF);
        let absent = a.unwrap_or(Points::ZERO);
        ScoringSystem {
            forfeit_loss: absent,
            zero_bye: absent,
            pab: p.unwrap_or(win),
            unknown: x.unwrap_or(draw),
            ..ScoringSystem::from_main(win, draw, l.unwrap_or(Points::ZERO))
        }
    }

    /// Builds a system from the engines' `BBW BBD BBL BBZ BBF BBU` values (TRF16 extension), each
    /// optional with the default of Art. 11 (`BBU` defaults to `BBW`).
    #[must_use]
    pub fn from_bbx(bb: &[Option<Points>; 6]) -> ScoringSystem {
        let [w, d, l, z, f, u] = *bb;
        let win = w.unwrap_or(Points::ONE);
        ScoringSystem {
            zero_bye: z.unwrap_or(Points::ZERO),
            forfeit_loss: f.unwrap_or(Points::ZERO),
            pab: u.unwrap_or(win),
            ..ScoringSystem::from_main(win, d.unwrap_or(Points::HALF), l.unwrap_or(Points::ZERO))
        }
    }

    /// The `BBW BBD BBL BBZ BBF BBU` values of this system, in that order.
    #[must_use]
    pub const fn bbx(&self) -> [Points; 6] {
        [
            self.win,
            self.draw,
            self.loss,
            self.zero_bye,
            self.forfeit_loss,
            self.pab,
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(tenths: u32) -> Points {
        Points::from_tenths(tenths)
    }

    #[test]
    fn fide_refuses_a_rich_draw_a_rich_bye_and_an_odd_standard_bye() {
        let ok = |w, d, l| ScoringSystem::from_main(p(w), p(d), p(l)).check();
        assert_eq!(ok(10, 5, 0), Ok(()));
        assert_eq!(ok(30, 10, 0), Ok(()), "football scoring");
        assert_eq!(ok(20, 10, 0), Ok(()));
        assert_eq!(ok(10, 0, 0), Ok(()), "draws worth nothing");
        assert_eq!(ok(30, 20, 0), Err(ScoringProblem::DrawAboveHalf));
        assert_eq!(ok(10, 6, 0), Err(ScoringProblem::DrawAboveHalf));
        assert_eq!(ok(10, 5, 6), Err(ScoringProblem::Order));
        let mut s = ScoringSystem::default();
        for (pab, want) in [
            (10, Ok(())),
            (5, Ok(())),
            (0, Ok(())),
            (8, Err(ScoringProblem::PabNotAResult)),
            (15, Err(ScoringProblem::PabAboveWin)),
        ] {
            s.pab = p(pab);
            assert_eq!(s.check(), want, "PAB {pab}");
        }
        // Other points: any PAB up to a win.
        let mut s = ScoringSystem::from_main(p(30), p(10), p(0));
        s.pab = p(20);
        assert_eq!(s.check(), Ok(()));
        s.pab = p(40);
        assert_eq!(s.check(), Err(ScoringProblem::PabAboveWin));
    }

    #[test]
    fn art_11_by_default() {
        let s = ScoringSystem::default();
        assert_eq!(s.points(ResultCode::Win), Points::ONE);
        assert_eq!(s.points(ResultCode::ForfeitWin), Points::ONE);
        assert_eq!(s.points(ResultCode::Draw), Points::HALF);
        assert_eq!(s.points(ResultCode::Loss), Points::ZERO);
        assert_eq!(s.points(ResultCode::ForfeitLoss), Points::ZERO);
        assert_eq!(s.points(ResultCode::HalfBye), Points::HALF);
        assert_eq!(s.points(ResultCode::FullBye), Points::ONE);
        assert_eq!(s.points(ResultCode::Pab), Points::ONE);
        assert_eq!(s.points(ResultCode::ZeroBye), Points::ZERO);
        assert_eq!(s.points(ResultCode::UnratedDraw), Points::HALF);
        assert!(s.is_trf_representable());
    }

    #[test]
    fn record_162_defaults_follow_win_and_draw() {
        let s = ScoringSystem::from_162(
            Some(Points::from_tenths(30)),
            Some(Points::ONE),
            None,
            None,
            None,
            None,
        );
        assert_eq!(s.pab, Points::from_tenths(30));
        assert_eq!(s.unknown, Points::ONE);
        assert_eq!(s.half_bye, Points::ONE);
        assert_eq!(s.loss, Points::ZERO);
    }

    #[test]
    fn bbx_round_trips() {
        let s = ScoringSystem::from_bbx(&[
            Some(Points::from_tenths(20)),
            Some(Points::ONE),
            None,
            Some(Points::HALF),
            None,
            Some(Points::ONE),
        ]);
        assert_eq!(s.zero_bye, Points::HALF);
        assert_eq!(s.pab, Points::ONE);
        assert_eq!(ScoringSystem::from_bbx(&s.bbx().map(Some)), s);
    }
}

/// Why [`ScoringSystem::check`] refuses a scoring system (VCL4THP.13 questions 74, 81, 83).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ScoringProblem {
    /// A loss scores more than a draw, or a draw more than a win.
    #[error("a loss must not score more than a draw, nor a draw more than a win")]
    Order,
    /// A draw scores more than half of a win and a loss together.
    #[error("a draw must not score more than half of a win and a loss together")]
    DrawAboveHalf,
    /// The pairing-allocated bye scores more than a win.
    #[error("the pairing-allocated bye must not score more than a win")]
    PabAboveWin,
    /// With the standard points (1, ½, 0), the PAB scores something else.
    #[error("with the standard points the pairing-allocated bye scores 1, ½ or 0")]
    PabNotAResult,
}
