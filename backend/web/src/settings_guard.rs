//! The settings page and the API's `PUT`/`PATCH` guard the settings whose change after the start
//! FIDE's checklist (VCL4THP.13 Q57-Q61, Q75, Q85, Q201-Q202) asks to be confirmed
//! ([`arbiter_tournament::settings_change`]): the number of rounds, the pairing system, the
//! scoring and the PAB's points, the tie-break list and its edition. Once a round is paired, such
//! a change is saved only with `confirm` (the form's box, the API's `"confirm": true`); it is then
//! recorded as `###` lines in the TRF export, in the same transaction as the change. The page
//! also says whether the tournament is in FIDE mode (VCL4THP.13 Q40-Q46, `crate::fide_mode`).

use arbiter_db::models::TournamentChanges;
use arbiter_db::{ChangeError, FideModeExit};
use arbiter_tournament::settings_change::{
    SettingChange, after_start, last_round_findings, records,
};
use arbiter_tournament::{RawRecord, ScoringSystem, Tournament};
use chrono::NaiveDateTime;
use uuid::Uuid;

use crate::error::WebError;
use crate::l10n::{L10n, Msg};
use crate::state::{AppState, with_db};

/// The guarded changes a save would make to a started tournament, and their records.
#[derive(Debug, Default)]
pub(crate) struct Guarded {
    changes: Vec<SettingChange>,
    records: Vec<RawRecord>,
}

/// `stored` with the guarded fields of `changes` applied (a field `changes` leaves `None`
/// keeps the stored value).
fn applied(stored: &Tournament, changes: &TournamentChanges) -> Tournament {
    let mut after = stored.clone();
    if let Some(r) = changes.rounds_planned {
        after.rounds_planned = r.and_then(|r| u16::try_from(r).ok());
    }
    if let Some(p) = &changes.pairing_system {
        after.pairing_system.clone_from(p);
    }
    if let Some(s) = changes
        .scoring
        .as_deref()
        .and_then(|s| serde_json::from_str::<ScoringSystem>(s).ok())
    {
        after.scoring = s;
    }
    if let Some(t) = &changes.tiebreaks {
        after.tiebreaks.clone_from(t);
    }
    if let Some(e) = &changes.tiebreak_edition {
        after.tiebreak_edition.clone_from(e);
    }
    after
}

impl Guarded {
    /// What saving `changes` over `stored` changes among the guarded settings.
    pub(crate) fn of(stored: &Tournament, changes: &TournamentChanges) -> Guarded {
        let after = applied(stored, changes);
        let list = after_start(stored, &after);
        if list.is_empty() {
            return Guarded::default();
        }
        let findings = last_round_findings(stored, &after);
        let round = stored.last_paired_round();
        Guarded {
            records: records(&list, round, findings.as_ref()),
            changes: list,
        }
    }

    /// The `###` lines the change will record, in order.
    pub(crate) fn lines(&self) -> Vec<String> {
        self.records.iter().map(|r| r.line.clone()).collect()
    }

    /// Refused unless confirmed: a `400` naming the field `confirm`, with every guarded change
    /// (its setting, before and after) and, when the last paired round no longer follows the
    /// rules, what the checker finds there.
    ///
    /// # Errors
    /// [`WebError::BadRequest`] when there is a guarded change and `confirmed` is false.
    pub(crate) fn require(&self, confirmed: bool) -> Result<(), WebError> {
        if self.changes.is_empty() || confirmed {
            return Ok(());
        }
        let list = self.lines();
        Err(WebError::BadRequest {
            field: "confirm".to_owned(),
            message: Msg::new("settings-confirm").ltr("changes", list.join(" · ")),
        })
    }
}

/// The settings a save writes, and how (the arguments of [`arbiter_db::update_tournament`]).
pub(crate) struct Save {
    /// The header fields.
    pub(crate) changes: TournamentChanges,
    /// The time zone (`None`: UTC); always written.
    pub(crate) zone: Option<String>,
    /// The public pages' language (`None`: unchanged; `Some(None)`: the reader's browser
    /// decides), as [`arbiter_db::update_tournament`] takes it.
    #[expect(
        clippy::option_option,
        reason = "update_tournament's shape: None keeps the language, Some(None) clears it"
    )]
    pub(crate) language: Option<Option<String>>,
    /// The last change the client saw, if it says.
    pub(crate) expected: Option<NaiveDateTime>,
}

/// Saves `save` on tournament `id` with the records of `guarded`, in one transaction.
///
/// # Errors
/// [`WebError`] for the database; the inner [`ChangeError`] (stale, not found) for the caller
/// to answer.
pub(crate) async fn save(
    state: &AppState,
    id: Uuid,
    save: Save,
    guarded: Guarded,
    actor: arbiter_db::Actor,
) -> Result<Result<(), ChangeError>, WebError> {
    with_db(state, move |c| {
        Ok(arbiter_db::atomically(c, |c| {
            arbiter_db::update_tournament(
                c,
                id,
                &save.changes,
                Some(save.zone.as_deref()),
                save.language.as_ref().map(Option::as_deref),
                save.expected,
                &actor,
            )?;
            arbiter_db::push_records(c, id, guarded.records, arbiter_db::now())
        }))
    })
    .await
}

/// The settings page's words for the tournament's mode: in FIDE mode, or out of it since a
/// round, for a reason.
pub(crate) fn state_text(exit: Option<&FideModeExit>, l: &L10n) -> String {
    match exit {
        None => l.t("fide-mode-on"),
        Some(e) => l.m(&Msg::new("fide-mode-off")
            .count(i64::from(e.round))
            .data("reason", e.reason.clone())),
    }
}

/// How the tournament left FIDE mode, if it did.
///
/// # Errors
/// [`WebError`] for the database.
pub(crate) async fn exit_of(state: &AppState, id: Uuid) -> Result<Option<FideModeExit>, WebError> {
    with_db(state, move |c| Ok(arbiter_db::fide_mode_exit(c, id)?)).await
}
