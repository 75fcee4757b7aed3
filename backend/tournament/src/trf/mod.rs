//! FIDE Tournament Report File: TRF16 (FIDE Handbook C.04 Annex 2) and TRF-2026, with the
//! pairing engines' extension codes (`XXR XXC XXA XXP XXS BBW BBD BBL BBZ BBF BBU`).
//!
//! [`read_trf`] is a pure function of the file's bytes. It is tolerant of what real files contain
//! and reports each tolerance as a warning with its line ([`TrfIssue`]), and strict where it
//! matters: points that disagree with the results, an opponent whose line does not point back,
//! two PABs in one round, bad fields. Each error names the line, the column and the player. It
//! never panics.
//!
//! Team events: `013` (TRF16) and `310` `320` `330` `300` `352` `362` (TRF-2026) fill
//! [`Tournament::team`](crate::model::Tournament) (layouts in `team_read`, the derivation of
//! matches, line-ups and tables from the games in `team_build`, the writing in `team_write`);
//! their findings are [`IssueKind::Team`](crate::check::IssueKind) with a [`TeamIssue`];
//! `801`/`802` are kept verbatim.
//!
//! [`write_trf`] writes either version: `XXR` <-> `142`, `XXC white1/black1` <-> `152`, `BBx` <->
//! `162`, `XXA` <-> `250`. Forbidden pairs are `260` for a range of rounds and `XXP` for all
//! rounds, in both versions.
//!
//! Record layouts this module assumes where the sources summarised in `shared/formats/TRF.md`
//! leave details open (a real TRF-2026 file that differs is kept verbatim with a warning, never
//! misread): `162 W 1.0 D 0.5 L 0.0 A 0.0 P 1.0 X 0.5` (symbol/points pairs, any subset);
//! `240 H 5 12 17` (code, round, players); `250 1.0 1 3 1 20` (points, first and last round,
//! first and last player; with match points and game points first in a team event, and written
//! in TRF-2026's columns: `acceleration`); `260 1 9 4 12` (first and last round, players);
//! `XXA 12 1.0 1.0`
//! (player, points per round); `XXP 4 12` (players). `XXS` and other unknown records are kept
//! verbatim (with a warning).

mod acceleration;
mod columns;
mod read;
mod team_build;
pub(crate) mod team_issue;
mod team_read;
mod team_settings;
mod team_tables;
mod team_unplayed;
mod team_write;
mod write;

#[cfg(test)]
pub(crate) mod team_tests;

pub use team_issue::TeamIssue;

pub use read::read_trf;

/// Encodes TRF text as Latin-1, the encoding older rating software expects (TRF-2026 recommends
/// UTF-8, which [`write_trf`] produces). `None` when a character is outside Latin-1.
#[must_use]
pub fn encode_latin1(text: &str) -> Option<Vec<u8>> {
    text.chars()
        .map(|c| u8::try_from(u32::from(c)).ok())
        .collect()
}
pub use write::write_trf;

use serde::{Deserialize, Serialize};

use crate::check::IssueKind;
use crate::model::{PairingNumber, RoundNumber, Tournament};
use crate::points::Points;

/// The two TRF versions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TrfVersion {
    /// TRF16 (FIDE Handbook C.04 Annex 2) with the engines' `XX?`/`BB?` extensions.
    Trf16,
    /// TRF-2026 (FIDE TRF26, applied from 1 Sep 2025): records `142`-`299`, `###` comments.
    Trf2026,
}

/// One problem or tolerance in a TRF file, located.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TrfIssue {
    /// The line, from 1; 0 when the issue concerns the whole file.
    pub line: usize,
    /// The column, from 1, when one field is at fault.
    pub column: Option<usize>,
    /// The player's pairing number, when the issue concerns a player.
    pub player: Option<PairingNumber>,
    /// The round, when the issue concerns a round.
    pub round: Option<RoundNumber>,
    /// What.
    pub kind: IssueKind,
}

/// A tolerated irregularity (see [`IssueKind::is_error`]).
pub type TrfWarning = TrfIssue;

impl std::fmt::Display for TrfIssue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.line > 0 {
            write!(f, "line {}", self.line)?;
        } else {
            write!(f, "file")?;
        }
        if let Some(c) = self.column {
            write!(f, ", column {c}")?;
        }
        if let Some(p) = self.player {
            write!(f, ", player {p}")?;
        }
        if let Some(r) = self.round {
            write!(f, ", round {r}")?;
        }
        write!(f, ": {}", self.kind)
    }
}

/// A TRF file that could not be accepted: every error found, and the warnings too.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{} error(s) in the TRF file; first: {}", errors.len(), errors.first().map(ToString::to_string).unwrap_or_default())]
pub struct TrfError {
    /// The errors, in line order.
    pub errors: Vec<TrfIssue>,
    /// The warnings.
    pub warnings: Vec<TrfWarning>,
}

/// A TRF file read successfully.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrfRead {
    /// The tournament.
    pub tournament: Tournament,
    /// The version the file's records indicate (TRF-2026 when any record `142`-`299` or a `###`
    /// comment appears).
    pub version: TrfVersion,
    /// What was tolerated, line by line.
    pub warnings: Vec<TrfWarning>,
    /// The line (from 1) of each player's `001` record, by pairing number: where an importer
    /// that refuses a player (a duplicate, [`crate::names::duplicates_in`]) points.
    pub player_lines: std::collections::BTreeMap<PairingNumber, usize>,
}

/// Formats points for TRF: `1.0`, `0.5`.
pub(crate) fn fmt_points(p: Points) -> String {
    p.to_string()
}
