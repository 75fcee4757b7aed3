//! Tie-break codes (FIDE Handbook C.07, editions 2024-08 and 2026-03) as a typed specification:
//! `BH/C1/V1` reads as Buchholz, cut the lowest value, 2024-08 edition.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// The edition of the tie-break regulations (C.07) a tie-break follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Edition {
    /// The 2022 regulations (FIDE World Rapid and Blitz): in rating tie-breaks (C.07 Art. 10) the
    /// cut modifiers first remove unplayed rounds. Code `/V0`. Everything else as 2024-08.
    E2022,
    /// Regulations of August 2024 ("TieBreakRegulations082024"): an unplayed round counts, in
    /// Buchholz and Sonneborn-Berger, as a dummy opponent with the player's own score
    /// (C.07 Art. 16). Code `/V1`.
    E2024,
    /// Regulations of March 2026 (approved by the FIDE Council on 2 Feb 2026): the dummy opponent's
    /// score is capped by the scheduled opponent's adjusted score (forfeit, C.07 Art. 16.4.1) or
    /// by a draw in every round (bye or absence, Art. 16.4.2). Code `/V2`.
    E2026,
}

impl Edition {
    /// The TieBreakServer version code: `V0`, `V1`, `V2`.
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            Edition::E2022 => "V0",
            Edition::E2024 => "V1",
            Edition::E2026 => "V2",
        }
    }

    /// Reads `2022`, `2024`, `2026` (or `V0`/`V1`/`V2`, `0`/`1`/`2`).
    #[must_use]
    pub fn parse(text: &str) -> Option<Edition> {
        match text.trim().trim_start_matches(['V', 'v']) {
            "2022" | "0" => Some(Edition::E2022),
            "2024" | "1" => Some(Edition::E2024),
            "2026" | "2" => Some(Edition::E2026),
            _ => None,
        }
    }

    /// The edition in force on a date (`YYYY-MM-DD` ordering): 2026-03 from 1 March 2026,
    /// 2024-08 before (C.07 applies the edition in force when the tournament starts).
    #[must_use]
    pub fn in_force_on(date: chrono::NaiveDate) -> Edition {
        match chrono::NaiveDate::from_ymd_opt(2026, 3, 1) {
            Some(start) if date >= start => Edition::E2026,
            _ => Edition::E2024,
        }
    }
}

/// Writes `2022`, `2024-08` or `2026-03`.
impl fmt::Display for Edition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(match self {
            Edition::E2022 => "2022",
            Edition::E2024 => "2024-08",
            Edition::E2026 => "2026-03",
        })
    }
}

/// The individual tie-breaks of C.07 (and the few helper values TieBreakServer lists beside them).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Kind {
    /// `PTS`: points (the primary score, Art. 11 of the Laws).
    Pts,
    /// `DE`: direct encounter (C.07 Art. 6); its value is the place among the tied players (1 =
    /// best, 0 when it separates nobody), so lower is better.
    De,
    /// `WIN`: rounds scoring a win's points, unplayed ones included (C.07 Art. 7.1).
    Win,
    /// `WON`: games won over the board (C.07 Art. 7.2).
    Won,
    /// `BPG`: games played with Black (C.07 Art. 7.3).
    Bpg,
    /// `BWG`: games won with Black (C.07 Art. 7.4).
    Bwg,
    /// `PS`: progressive score, the sum of the running scores (C.07 Art. 7.5).
    Ps,
    /// `REP` (formerly `GE`): rounds elected to play (C.07 Art. 7.6).
    Rep,
    /// `VUR`: voluntarily unplayed rounds (C.07 Art. 16.2), a count (TieBreakServer helper).
    Vur,
    /// `NUM`: games played over the board against an opponent (TieBreakServer helper).
    Num,
    /// `BH`: Buchholz (C.07 Art. 8.1).
    Bh,
    /// `AOB`: average of the opponents' Buchholz (C.07 Art. 8.2).
    Aob,
    /// `FB`: Fore Buchholz, the last round counted as a draw (C.07 Art. 8.3).
    Fb,
    /// `SB`: Sonneborn-Berger (C.07 Art. 9.1).
    Sb,
    /// `KS`: Koya system (C.07 Art. 9.2).
    Ks,
    /// `ARO`: average rating of opponents (C.07 Art. 10.1).
    Aro,
    /// `TPR`: tournament performance rating (C.07 Art. 10.2).
    Tpr,
    /// `PTP`: perfect tournament performance (C.07 Art. 10.3).
    Ptp,
    /// `APRO`: average of the opponents' TPR (C.07 Art. 10.4).
    Apro,
    /// `APPO`: average of the opponents' PTP (C.07 Art. 10.5).
    Appo,
    /// `RTNG`: the player's rating, with the rating for unrated players (TieBreakServer helper).
    Rtng,
    /// `RTG`: the player's start rating (TieBreakServer helper; null when unrated).
    Rtg,
    /// `MPvGP` (team competitions, C.07 Art. 13.1): the score that is not the primary one,
    /// game points when match points rank the teams and match points when game points do.
    MpVgp,
    /// `BC` (team competitions, C.07 Art. 12.1): board count, the sum over every board of the
    /// board number times the game points scored on it; lower is better.
    Bc,
    /// `TBR` (team competitions, C.07 Art. 12.2): top board results, the game points scored on
    /// board 1, then board 2, ... among the teams still tied; the value is the place inside the
    /// tie (lower is better, 0 when it separates nobody).
    Tbr,
    /// `BBE` (team competitions, C.07 Art. 12.3): board-by-board elimination, the game points
    /// without the last board, then without the last two, ... among the teams still tied; the
    /// value is the place inside the tie (lower is better, 0 when it separates nobody).
    Bbe,
    /// `EMMSB` (team competitions, C.07 Art. 13.2): extended Sonneborn-Berger, the opponent's
    /// match points times the match points scored against him.
    Emmsb,
    /// `EMGSB` (C.07 Art. 13.2): the opponent's match points times the game points scored
    /// against him (the Olympiad's Sonneborn-Berger).
    Emgsb,
    /// `EGMSB` (C.07 Art. 13.2): the opponent's game points times the match points scored
    /// against him.
    Egmsb,
    /// `EGGSB` (C.07 Art. 13.2): the opponent's game points times the game points scored
    /// against him.
    Eggsb,
    /// `EDE` (team competitions, C.07 Art. 13.3): extended direct encounter, direct encounter
    /// on the primary score, then on the secondary score, alternately, until neither separates
    /// more teams; the value is the place inside the tie (lower is better).
    Ede,
    /// `SSSC` (team competitions, C.07 Art. 13.4): score-strength combination, the secondary
    /// score plus the Buchholz of the primary score divided by a divisor (`/Kn`, or by default
    /// the whole part of the maximum primary score over the maximum secondary score ratio).
    Sssc,
    /// `EDEC` (team competitions, C.07 2026-03 Art. 13.3): EDE, then, when exactly two teams
    /// are still tied, the board count (Art. 12.1) of their encounter, the lower first (FIDE's
    /// tie-break exercise 46). The value is the place inside the tie (lower is better).
    Edec,
    /// `EDET` (C.07 2026-03 Art. 13.3): EDE, then, for two teams still tied, the top board
    /// results (Art. 12.2) of their encounter: board 1, then board 2, ... (TRF26's own `202`
    /// example `EDET/P,...`).
    Edet,
    /// `EDEB` (C.07 2026-03 Art. 13.3): EDE, then, for two teams still tied, board-by-board
    /// elimination (Art. 12.3) of their encounter: without the last board, the last two, ...
    Edeb,
    /// `EDEBT` (C.07 2026-03 Art. 13.3): EDE, then for two teams still tied the board count of
    /// their encounter, then its top board results.
    Edebt,
    /// `EDEBB` (C.07 2026-03 Art. 13.3): EDE, then for two teams still tied the board count of
    /// their encounter, then its board-by-board elimination.
    Edebb,
}

impl Kind {
    /// The team competitions' own tie-breaks (C.07 Art. 12 and 13).
    pub const TEAM: [Kind; 15] = [
        Kind::MpVgp,
        Kind::Bc,
        Kind::Tbr,
        Kind::Bbe,
        Kind::Emmsb,
        Kind::Emgsb,
        Kind::Egmsb,
        Kind::Eggsb,
        Kind::Ede,
        Kind::Edec,
        Kind::Edet,
        Kind::Edeb,
        Kind::Edebt,
        Kind::Edebb,
        Kind::Sssc,
    ];

    /// Every individual kind, in the order of C.07's table.
    pub const ALL: [Kind; 22] = [
        Kind::Pts,
        Kind::De,
        Kind::Win,
        Kind::Won,
        Kind::Bpg,
        Kind::Bwg,
        Kind::Ps,
        Kind::Rep,
        Kind::Vur,
        Kind::Num,
        Kind::Bh,
        Kind::Aob,
        Kind::Fb,
        Kind::Sb,
        Kind::Ks,
        Kind::Aro,
        Kind::Tpr,
        Kind::Ptp,
        Kind::Apro,
        Kind::Appo,
        Kind::Rtng,
        Kind::Rtg,
    ];

    /// The EDE variants of C.07 2026-03 (Art. 13.3): EDE and the board steps that break a tie
    /// between two teams inside their encounter.
    pub const EDE: [Kind; 6] = [
        Kind::Ede,
        Kind::Edec,
        Kind::Edet,
        Kind::Edeb,
        Kind::Edebt,
        Kind::Edebb,
    ];

    /// The C.07 code as C.07 and TRF26 write it: `PTS`, `BH`, `MPvGP`, `EDET`, ...
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            Kind::Pts => "PTS",
            Kind::De => "DE",
            Kind::Win => "WIN",
            Kind::Won => "WON",
            Kind::Bpg => "BPG",
            Kind::Bwg => "BWG",
            Kind::Ps => "PS",
            Kind::Rep => "REP",
            Kind::Vur => "VUR",
            Kind::Num => "NUM",
            Kind::Bh => "BH",
            Kind::Aob => "AOB",
            Kind::Fb => "FB",
            Kind::Sb => "SB",
            Kind::Ks => "KS",
            Kind::Aro => "ARO",
            Kind::Tpr => "TPR",
            Kind::Ptp => "PTP",
            Kind::Apro => "APRO",
            Kind::Appo => "APPO",
            Kind::Rtng => "RTNG",
            Kind::Rtg => "RTG",
            Kind::MpVgp => "MPvGP",
            Kind::Bc => "BC",
            Kind::Tbr => "TBR",
            Kind::Bbe => "BBE",
            Kind::Emmsb => "EMMSB",
            Kind::Emgsb => "EMGSB",
            Kind::Egmsb => "EGMSB",
            Kind::Eggsb => "EGGSB",
            Kind::Ede => "EDE",
            Kind::Edec => "EDEC",
            Kind::Edet => "EDET",
            Kind::Edeb => "EDEB",
            Kind::Edebt => "EDEBT",
            Kind::Edebb => "EDEBB",
            Kind::Sssc => "SSSC",
        }
    }

    /// Whether the tie-break is defined for team competitions only (C.07 Art. 12, 13).
    #[must_use]
    pub const fn team_only(self) -> bool {
        matches!(
            self,
            Kind::MpVgp
                | Kind::Bc
                | Kind::Tbr
                | Kind::Bbe
                | Kind::Emmsb
                | Kind::Emgsb
                | Kind::Egmsb
                | Kind::Eggsb
                | Kind::Ede
                | Kind::Edec
                | Kind::Edet
                | Kind::Edeb
                | Kind::Edebt
                | Kind::Edebb
                | Kind::Sssc
        )
    }

    /// The article of C.07 (2024-08 numbering) that defines it; `-` for helpers.
    #[must_use]
    pub const fn article(self) -> &'static str {
        match self {
            Kind::Pts => "Laws Art. 11",
            Kind::De => "6",
            Kind::Win => "7.1",
            Kind::Won => "7.2",
            Kind::Bpg => "7.3",
            Kind::Bwg => "7.4",
            Kind::Ps => "7.5",
            Kind::Rep => "7.6",
            Kind::Vur => "16.2",
            Kind::Bh => "8.1",
            Kind::Aob => "8.2",
            Kind::Fb => "8.3",
            Kind::Sb => "9.1",
            Kind::Ks => "9.2",
            Kind::Aro => "10.1",
            Kind::Tpr => "10.2",
            Kind::Ptp => "10.3",
            Kind::Apro => "10.4",
            Kind::Appo => "10.5",
            Kind::Num | Kind::Rtng | Kind::Rtg => "-",
            Kind::Bc => "12.1",
            Kind::Tbr => "12.2",
            Kind::Bbe => "12.3",
            Kind::MpVgp => "13.1",
            Kind::Emmsb | Kind::Emgsb | Kind::Egmsb | Kind::Eggsb => "13.2",
            Kind::Ede | Kind::Edec | Kind::Edet | Kind::Edeb | Kind::Edebt | Kind::Edebb => "13.3",
            Kind::Sssc => "13.4",
        }
    }

    /// Whether a lower value ranks higher: `DE`, `EDE` and its variants, `TBR`, `BBE` (their
    /// value is a place) and `BC` (points on the top boards weigh less).
    #[must_use]
    pub const fn lower_is_better(self) -> bool {
        matches!(
            self,
            Kind::De
                | Kind::Ede
                | Kind::Edec
                | Kind::Edet
                | Kind::Edeb
                | Kind::Edebt
                | Kind::Edebb
                | Kind::Tbr
                | Kind::Bbe
                | Kind::Bc
        )
    }

    /// Digits after the decimal point when written: 1 for scores and Buchholz, 2 for
    /// Sonneborn-Berger and AOB, 0 for counts and ratings.
    #[must_use]
    pub const fn decimals(self) -> u8 {
        match self {
            Kind::Pts | Kind::Ps | Kind::Bh | Kind::Fb | Kind::Ks | Kind::MpVgp | Kind::Bc => 1,
            Kind::Sb
            | Kind::Aob
            | Kind::Emmsb
            | Kind::Emgsb
            | Kind::Egmsb
            | Kind::Eggsb
            | Kind::Sssc => 2,
            _ => 0,
        }
    }

    /// The kind of a code in any case; also `GE` (REP), `MPTS`/`GPTS` and C.07's `MP`/`GP`.
    fn from_code(code: &str) -> Option<Kind> {
        if code.eq_ignore_ascii_case("GE") {
            return Some(Kind::Rep);
        }
        if ["MPTS", "GPTS", "MP", "GP"]
            .iter()
            .any(|c| c.eq_ignore_ascii_case(code))
        {
            return Some(Kind::Pts);
        }
        Kind::ALL
            .into_iter()
            .chain(Kind::TEAM)
            .find(|k| k.code().eq_ignore_ascii_case(code))
    }
}

/// The modifiers of one tie-break (C.07 Art. 14 and TieBreakServer's extensions).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Modifiers {
    /// `/Cn`: cut the n lowest values (voluntarily unplayed rounds first), or `/Mn` with
    /// [`Modifiers::median`]: the n lowest and the n highest (C.07 Art. 14.1, 14.2).
    pub cut: u8,
    /// Whether the cut is a median cut (`/Mn`: both ends).
    pub median: bool,
    /// `/P`: forfeits count as games played against the scheduled opponent (C.07 Art. 14.5;
    /// the default in round robins).
    pub forfeits_played: bool,
    /// `/Ln`: the Koya limit in percent of the maximum score (default 50, C.07 Art. 9.2).
    pub koya_limit: Option<u8>,
    /// `/F`: Fore mode inside AOB (C.07 Art. 8.2 with 8.3).
    pub fore: bool,
    /// `/Unnnn`: the rating given to unrated players (TieBreakServer `/U1400`).
    pub unrated: Option<u16>,
    /// `:MP` or `:GP` after the code (team competitions, C.07 Art. 11): the score the
    /// tie-break is computed on; `None`: the primary score. C.07's `MP` and `GP` (the match and
    /// game points themselves) are `PTS` with this set, and are written `MP` and `GP`; the older
    /// `MPTS`, `GPTS`, `PTS:MP` and `PTS:GP` read the same; `ESB:MG` reads as `EMGSB`.
    pub score: Option<ScoreKind>,
    /// `/Kn`: the divisor of `SSSC` (C.07 Art. 13.4).
    pub divisor: Option<u16>,
}

/// Which score of a team competition a tie-break reads (C.07 Art. 11).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ScoreKind {
    /// Match points.
    Match,
    /// Game points.
    Game,
}

impl ScoreKind {
    /// `MP` or `GP`.
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            ScoreKind::Match => "MP",
            ScoreKind::Game => "GP",
        }
    }

    /// The other score.
    #[must_use]
    pub const fn other(self) -> ScoreKind {
        match self {
            ScoreKind::Match => ScoreKind::Game,
            ScoreKind::Game => ScoreKind::Match,
        }
    }

    fn parse(text: &str) -> Option<ScoreKind> {
        match text {
            "MP" | "M" => Some(ScoreKind::Match),
            "GP" | "G" => Some(ScoreKind::Game),
            _ => None,
        }
    }
}

/// One tie-break: kind, modifiers and an optional pinned edition (`/V1`, `/V2`); without a pin it
/// follows the standings' edition. Parses and writes TieBreakServer's codes (`BH/C1/V1`,
/// `ARO/C1/U1400`, `KS/L40`, `DE/P`, `AOB/F`), modifiers in the order `C|M, P, L, F, U, V`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TieBreak {
    /// Which tie-break.
    pub kind: Kind,
    /// Its modifiers.
    pub modifiers: Modifiers,
    /// The pinned edition, if any.
    pub edition: Option<Edition>,
}

impl TieBreak {
    /// A tie-break without modifiers or pinned edition.
    #[must_use]
    pub const fn new(kind: Kind) -> TieBreak {
        TieBreak {
            kind,
            modifiers: Modifiers {
                cut: 0,
                median: false,
                forfeits_played: false,
                koya_limit: None,
                fore: false,
                unrated: None,
                score: None,
                divisor: None,
            },
            edition: None,
        }
    }

    /// The lowest values cut (`/Cn` or `/Mn`).
    #[must_use]
    pub const fn cut_low(&self) -> usize {
        self.modifiers.cut as usize
    }

    /// The highest values cut (`/Mn` only).
    #[must_use]
    pub const fn cut_high(&self) -> usize {
        if self.modifiers.median {
            self.modifiers.cut as usize
        } else {
            0
        }
    }
}

/// Why a tie-break code could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TieBreakError {
    /// The code before the first `/` is not a C.07 tie-break.
    #[error(
        "`{0}` is not a FIDE tie-break code (C.07): expected PTS, DE, WIN, WON, BPG, BWG, PS, REP, BH, AOB, FB, SB, KS, ARO, TPR, PTP, APRO, APPO; for teams MP, GP, MPvGP, BC, TBR, BBE, EMMSB, EMGSB, EGMSB, EGGSB, EDE, EDEC, EDET, EDEB, EDEBT, EDEBB, SSSC, and BH:MP, SB:GP, ..."
    )]
    UnknownKind(String),
    /// A modifier is unknown, malformed, or does not apply to this tie-break.
    #[error("modifier `/{modifier}` does not apply to `{code}` (C.07 Art. 14)")]
    BadModifier {
        /// The tie-break code.
        code: String,
        /// The modifier.
        modifier: String,
    },
    /// A modifier given twice, or with one it conflicts with (`/C` and `/M` both cut): each
    /// tie-break takes a modifier once (C.07 Art. 14), never one silently overriding another.
    #[error(
        "modifier `/{modifier}` repeats or conflicts with `/{earlier}` in `{code}` (C.07 Art. 14)"
    )]
    RepeatedModifier {
        /// The tie-break code.
        code: String,
        /// The modifier refused (the later one).
        modifier: String,
        /// The modifier given before it that it repeats or conflicts with.
        earlier: String,
    },
    /// The list is empty.
    #[error("no tie-breaks given")]
    Empty,
}

impl FromStr for TieBreak {
    type Err = TieBreakError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let text = s.trim().to_ascii_uppercase();
        let mut parts = text.split('/');
        let head = parts.next().unwrap_or_default();
        let (name, suffix) = head.split_once(':').unwrap_or((head, ""));
        let (kind, score) = match (name, suffix) {
            ("ESB", s) => match s {
                "MM" => (Kind::Emmsb, None),
                "MG" => (Kind::Emgsb, None),
                "GM" => (Kind::Egmsb, None),
                "GG" => (Kind::Eggsb, None),
                _ => return Err(TieBreakError::UnknownKind(head.into())),
            },
            (n, s) => {
                let kind =
                    Kind::from_code(n).ok_or_else(|| TieBreakError::UnknownKind(head.into()))?;
                let score = match (n, s) {
                    ("MPTS" | "MP", "") => Some(ScoreKind::Match),
                    ("GPTS" | "GP", "") => Some(ScoreKind::Game),
                    ("MPTS" | "MP" | "GPTS" | "GP", _) => {
                        return Err(TieBreakError::UnknownKind(head.into()));
                    }
                    (_, "") => None,
                    (_, s) => Some(
                        ScoreKind::parse(s)
                            .ok_or_else(|| TieBreakError::UnknownKind(head.into()))?,
                    ),
                };
                (kind, score)
            }
        };
        let mut tb = TieBreak::new(kind);
        tb.modifiers.score = score;
        // The modifiers read so far, by the setting each one fills (`C` and `M` fill the same).
        let mut given: Vec<(&str, &str)> = Vec::new();
        for m in parts {
            let bad = || TieBreakError::BadModifier {
                code: name.to_owned(),
                modifier: m.to_owned(),
            };
            let (letter, rest) = m.split_at(m.char_indices().nth(1).map_or(m.len(), |(i, _)| i));
            let setting = if letter == "M" { "C" } else { letter };
            if let Some((_, earlier)) = given.iter().find(|(s, _)| *s == setting) {
                return Err(TieBreakError::RepeatedModifier {
                    code: name.to_owned(),
                    modifier: m.to_owned(),
                    earlier: (*earlier).to_owned(),
                });
            }
            given.push((setting, m));
            let number = || rest.parse::<u16>().ok();
            let cuttable = matches!(
                kind,
                Kind::Bh
                    | Kind::Fb
                    | Kind::Sb
                    | Kind::Aob
                    | Kind::Ps
                    | Kind::Aro
                    | Kind::Emmsb
                    | Kind::Emgsb
                    | Kind::Egmsb
                    | Kind::Eggsb
                    | Kind::Sssc
            );
            match letter {
                "C" if cuttable => {
                    tb.modifiers.cut = number()
                        .and_then(|n| u8::try_from(n).ok())
                        .ok_or_else(bad)?;
                    tb.modifiers.median = false;
                }
                "M" if cuttable => {
                    tb.modifiers.cut = number()
                        .and_then(|n| u8::try_from(n).ok())
                        .ok_or_else(bad)?;
                    tb.modifiers.median = true;
                }
                "P" if rest.is_empty() => tb.modifiers.forfeits_played = true,
                "F" if rest.is_empty() => tb.modifiers.fore = true,
                "L" if kind == Kind::Ks => {
                    tb.modifiers.koya_limit = Some(
                        number()
                            .and_then(|n| u8::try_from(n).ok())
                            .ok_or_else(bad)?,
                    );
                }
                "U" => tb.modifiers.unrated = Some(number().ok_or_else(bad)?),
                "K" if kind == Kind::Sssc => {
                    tb.modifiers.divisor = Some(number().filter(|n| *n > 0).ok_or_else(bad)?);
                }
                "V" => tb.edition = Some(Edition::parse(rest).ok_or_else(bad)?),
                _ => return Err(bad()),
            }
        }
        Ok(tb)
    }
}

/// Writes C.07's code: `MP` and `GP` for the points on match or game points, the other
/// tie-breaks with `:MP`/`:GP` before the modifiers (`BH:MP/C1/P`), `MPvGP` as C.07 spells it.
impl fmt::Display for TieBreak {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let m = &self.modifiers;
        let mut s = String::new();
        match (self.kind, m.score) {
            (Kind::Pts, Some(score)) => s.push_str(score.code()),
            (kind, score) => {
                s.push_str(kind.code());
                if let Some(score) = score {
                    s.push(':');
                    s.push_str(score.code());
                }
            }
        }
        if m.cut > 0 {
            s.push_str(if m.median { "/M" } else { "/C" });
            s.push_str(&m.cut.to_string());
        }
        if m.forfeits_played {
            s.push_str("/P");
        }
        if let Some(l) = m.koya_limit {
            s.push_str(&format!("/L{l}"));
        }
        if m.fore {
            s.push_str("/F");
        }
        if let Some(u) = m.unrated {
            s.push_str(&format!("/U{u}"));
        }
        if let Some(k) = m.divisor {
            s.push_str(&format!("/K{k}"));
        }
        if let Some(e) = self.edition {
            s.push('/');
            s.push_str(e.code());
        }
        f.pad(&s)
    }
}

/// Reads a comma- or space-separated list of codes (`PTS,BH/C1,BH,SB,DE`, or TRF-2026 record
/// `212`/`202` text).
///
/// # Errors
/// The first code that does not parse; [`TieBreakError::Empty`] for an empty list.
pub fn parse_list(text: &str) -> Result<Vec<TieBreak>, TieBreakError> {
    let list = text
        .split([',', ' ', ';'])
        .filter(|s| !s.trim().is_empty())
        .map(str::parse)
        .collect::<Result<Vec<TieBreak>, _>>()?;
    if list.is_empty() {
        return Err(TieBreakError::Empty);
    }
    Ok(list)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip() {
        for code in [
            "PTS",
            "DE",
            "DE/P",
            "BH/C1/V1",
            "BH/M2",
            "BH/C1/P",
            "FB/C1",
            "SB/C1/V2",
            "KS/L40",
            "AOB/F",
            "AOB/V1",
            "ARO/C1/U1400",
            "ARO/C1/V0",
            "TPR/U1400",
            "APPO",
            "RTNG/U1400",
            "GP",
            "MP",
            "BH:GP/C1",
            "BH:MP/C1/P",
            "EMGSB/C1/P",
            "EMGSB/C1",
            "EGGSB/P",
            "MPvGP",
            "BC",
            "TBR",
            "BBE",
            "EDE",
            "EDEC",
            "EDET/P",
            "EDEB",
            "EDEBT",
            "EDEBB",
            "SSSC/K4",
        ] {
            let tb: TieBreak = code.parse().unwrap_or_else(|e| panic!("{code}: {e}"));
            assert_eq!(tb.to_string(), code);
        }
        let tb: TieBreak = "bh/c1".parse().unwrap_or(TieBreak::new(Kind::Pts));
        assert_eq!(tb.kind, Kind::Bh);
        assert_eq!(tb.cut_low(), 1);
        assert_eq!(tb.cut_high(), 0);
        let m: TieBreak = "BH/M1".parse().unwrap_or(TieBreak::new(Kind::Pts));
        assert_eq!((m.cut_low(), m.cut_high()), (1, 1));
        assert_eq!("GE".parse::<TieBreak>().map(|t| t.kind), Ok(Kind::Rep));
        assert_eq!(
            "ESB:MG".parse::<TieBreak>().map(|t| t.kind),
            Ok(Kind::Emgsb)
        );
        assert_eq!("MPvGP".parse::<TieBreak>().map(|t| t.kind), Ok(Kind::MpVgp));
        assert_eq!(
            "GPTS"
                .parse::<TieBreak>()
                .map(|t| (t.kind, t.modifiers.score)),
            Ok((Kind::Pts, Some(ScoreKind::Game)))
        );
    }

    #[test]
    fn rejects_bad_codes() {
        assert!(matches!(
            "XY".parse::<TieBreak>(),
            Err(TieBreakError::UnknownKind(_))
        ));
        assert!(matches!(
            "WIN/C1".parse::<TieBreak>(),
            Err(TieBreakError::BadModifier { .. })
        ));
        assert!(matches!(
            "BH/Cx".parse::<TieBreak>(),
            Err(TieBreakError::BadModifier { .. })
        ));
        assert!(matches!(
            "BH/V7".parse::<TieBreak>(),
            Err(TieBreakError::BadModifier { .. })
        ));
        assert_eq!(parse_list(" , "), Err(TieBreakError::Empty));
        // A modifier twice, or `/C` with `/M`: refused naming both, never one overriding.
        for (code, modifier, earlier) in [
            ("BH/M1/C1", "C1", "M1"),
            ("BH/C1/C2", "C2", "C1"),
            ("BH/C1/P/P", "P", "P"),
            ("KS/L40/L50", "L50", "L40"),
            ("ARO/U1400/U1200", "U1200", "U1400"),
            ("BH/V1/V2", "V2", "V1"),
        ] {
            assert_eq!(
                code.parse::<TieBreak>(),
                Err(TieBreakError::RepeatedModifier {
                    code: code.split('/').next().unwrap_or_default().into(),
                    modifier: modifier.into(),
                    earlier: earlier.into(),
                }),
                "{code}"
            );
        }
        assert!(matches!(
            parse_list("PTS,BH/M1/C1"),
            Err(TieBreakError::RepeatedModifier { .. })
        ));
        assert_eq!(parse_list("PTS,BH/C1,SB").map(|l| l.len()), Ok(3));
    }
}
