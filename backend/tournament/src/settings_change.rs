//! Settings changed after the start: what FIDE's acceptance checklist for tournament programs
//! (VCL4THP.13) asks of them. A change of the number of rounds (questions 57-61), of the
//! pairing system, of the scoring or the PAB's points (75-77, 85) or of the tie-break list or its
//! edition (201-202) once a round is paired needs the organizer's explicit confirmation (the
//! checklist's level-4 warning), and is recorded as a `###` comment line in the TRF; when a change
//! of the number of rounds makes the last paired round the final one, or no longer the final one,
//! that round's pairing is checked again under the new number (question 60), since the Dutch
//! system pairs the final round by other criteria.
//!
//! ```
//! use arbiter_tournament::generator::{GeneratorConfig, generate};
//! use arbiter_tournament::settings_change::{Setting, after_start};
//! use arbiter_tournament::DutchEdition;
//! let cfg = GeneratorConfig::parse("players = 12\nrounds = 3\n").unwrap();
//! let before = generate(&cfg, DutchEdition::Dutch2026, 1).unwrap();
//! let mut after = before.clone();
//! after.rounds_planned = Some(5);
//! let changes = after_start(&before, &after);
//! assert_eq!(changes[0].setting, Setting::Rounds);
//! assert_eq!(changes[0].record(3).line, "### Configuration @ Round 3: rounds 3 -> 5");
//! ```

use crate::model::{RawRecord, RoundNumber};
use crate::recheck::{Recheck, RoundReport, review_import};
use crate::{PairingSystem, Tournament};

/// A setting whose change after the start the checklist guards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Setting {
    /// The number of rounds (`142` / `XXR`).
    Rounds,
    /// The pairing system (`192`).
    PairingSystem,
    /// The points of each result, the PAB's included (`162`, Art. 11, C.04.1 (c)).
    Scoring,
    /// The tie-break list (`202`/`212`, C.07).
    TieBreaks,
    /// The C.07 edition the tie-breaks follow (2024-08 or 2026-03).
    Edition,
}

impl Setting {
    /// The `###` record's keyword: `Tie-breaks` for the list and its edition (question 202),
    /// `Configuration` for the others (question 59's `### Configuration @ Round n`).
    #[must_use]
    pub const fn record_kind(self) -> &'static str {
        match self {
            Setting::TieBreaks | Setting::Edition => "Tie-breaks",
            _ => "Configuration",
        }
    }

    /// The setting's name in the record (English, as TRF comments are).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Setting::Rounds => "rounds",
            Setting::PairingSystem => "pairing system",
            Setting::Scoring => "scoring",
            Setting::TieBreaks => "tie-break list",
            Setting::Edition => "tie-break edition",
        }
    }
}

/// One guarded setting changed: its value before and after, as text (`-` for none).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SettingChange {
    /// Which setting.
    pub setting: Setting,
    /// The value before the change.
    pub before: String,
    /// The value after it.
    pub after: String,
}

impl SettingChange {
    /// The `###` comment record of the change, made after `round`: `### Configuration @ Round
    /// 3: rounds 9 -> 11`, `### Tie-breaks @ Round 3: tie-break list BH/C1,BH -> SB,BH`.
    #[must_use]
    pub fn record(&self, round: RoundNumber) -> RawRecord {
        RawRecord {
            line: format!(
                "### {} @ Round {round}: {} {} -> {}",
                self.setting.record_kind(),
                self.setting.name(),
                self.before,
                self.after
            ),
        }
    }
}

fn text(v: Option<impl ToString>) -> String {
    v.map_or_else(|| "-".to_owned(), |v| v.to_string())
}

/// The pairing system as the event pairs by it: an absent `192` and the spellings of one system
/// (`FIDE_DUTCH`, `FIDE_DUTCH_2025`) are one system; a code Arbiter's individual systems do not
/// name (a team code) as written.
fn system_text(t: &Tournament) -> String {
    match t.pairing_system.as_deref() {
        Some(code) if PairingSystem::from_code(code).is_none() => code.trim().to_owned(),
        _ => t.system().code().to_owned(),
    }
}

fn scoring_text(t: &Tournament) -> String {
    let s = &t.scoring;
    format!("W {} D {} L {} PAB {}", s.win, s.draw, s.loss, s.pab)
}

/// The guarded settings that differ between `before` and `after`, when `before` has a paired
/// round (before the start every setting may change freely); empty otherwise.
#[must_use]
pub fn after_start(before: &Tournament, after: &Tournament) -> Vec<SettingChange> {
    if before.last_paired_round() == 0 {
        return Vec::new();
    }
    let pairs = [
        (
            Setting::Rounds,
            text(before.rounds_planned),
            text(after.rounds_planned),
        ),
        (
            Setting::PairingSystem,
            system_text(before),
            system_text(after),
        ),
        (Setting::Scoring, scoring_text(before), scoring_text(after)),
        (
            Setting::TieBreaks,
            text(before.tiebreaks.as_deref()),
            text(after.tiebreaks.as_deref()),
        ),
        (
            Setting::Edition,
            text(before.tiebreak_edition.as_deref()),
            text(after.tiebreak_edition.as_deref()),
        ),
    ];
    pairs
        .into_iter()
        .filter(|(_, b, a)| b != a)
        .map(|(setting, before, after)| SettingChange {
            setting,
            before,
            after,
        })
        .collect()
}

/// Question 60: when the change of the number of rounds makes the last paired round the final
/// round, or no longer the final one, that round re-paired under `after`'s number; its
/// findings when the rules would now pair it otherwise (`None` when its finality did not change,
/// when it is still as the rules pair it, or for a round robin).
#[must_use]
pub fn last_round_findings(before: &Tournament, after: &Tournament) -> Option<RoundReport> {
    let last = before.last_paired_round();
    let is_final = |t: &Tournament| t.rounds_planned == Some(last);
    if last == 0 || is_final(before) == is_final(after) {
        return None;
    }
    let Recheck::Checked { rounds, .. } = review_import(after) else {
        return None;
    };
    rounds
        .into_iter()
        .find(|r| r.round == last && !r.lines.is_empty())
}

/// The records of a confirmed change (question 59, 61, 202): one per changed setting, then,
/// when the last paired round no longer follows the rules, one per finding (`### Configuration
/// @ Round n: ...`).
#[must_use]
pub fn records(
    changes: &[SettingChange],
    round: RoundNumber,
    findings: Option<&RoundReport>,
) -> Vec<RawRecord> {
    let mut out: Vec<RawRecord> = changes.iter().map(|c| c.record(round)).collect();
    if let Some(r) = findings {
        out.extend(r.lines.iter().map(|line| RawRecord {
            line: format!("### Configuration @ Round {}: {line}", r.round),
        }));
    }
    out
}
