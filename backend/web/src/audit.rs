//! The tournament's audit log as the organizer reads it: who changed what, when, before and
//! after, newest last.

use std::collections::BTreeMap;

use actix_web::{HttpResponse, web};
use askama::Template;
use uuid::Uuid;

use crate::error::WebError;
use crate::extract::{Organizer, Staff};
use crate::respond::ok;
use crate::state::{AppState, with_db};

pub(crate) struct AuditLine {
    at: String,
    actor: String,
    entity: String,
    action: String,
    before: String,
    after: String,
    changes: Vec<String>,
}

/// What changed between two audit snapshots, field by field (`path: before → after`), with
/// nested objects flattened to dotted paths and lists compared as a whole. Empty when either
/// side is missing or not a JSON object (the page then shows the snapshots as they are).
#[must_use]
pub fn audit_changes(before: Option<&str>, after: Option<&str>) -> Vec<String> {
    use serde_json::Value;
    fn flatten(prefix: &str, v: &Value, out: &mut BTreeMap<String, String>) {
        match v {
            Value::Object(m) => {
                for (k, v) in m {
                    let key = if prefix.is_empty() {
                        k.clone()
                    } else {
                        format!("{prefix}.{k}")
                    };
                    flatten(&key, v, out);
                }
            }
            other => {
                out.insert(prefix.to_owned(), other.to_string());
            }
        }
    }
    let parse = |t: Option<&str>| t.and_then(|t| serde_json::from_str::<Value>(t).ok());
    let (Some(b @ Value::Object(_)), Some(a @ Value::Object(_))) = (parse(before), parse(after))
    else {
        return Vec::new();
    };
    let (mut fb, mut fa) = (BTreeMap::default(), BTreeMap::default());
    flatten("", &b, &mut fb);
    flatten("", &a, &mut fa);
    let keys: std::collections::BTreeSet<&String> = fb.keys().chain(fa.keys()).collect();
    keys.into_iter()
        .filter_map(|k| {
            let (x, y) = (fb.get(k), fa.get(k));
            (x != y).then(|| {
                format!(
                    "{k}: {} \u{2192} {}",
                    x.map_or("(none)", String::as_str),
                    y.map_or("(none)", String::as_str)
                )
            })
        })
        .collect()
}

#[derive(Template)]
#[template(path = "audit.html")]
pub(crate) struct AuditPage {
    l: crate::l10n::L10n,
    id: String,
    name: String,
    entries: Vec<AuditLine>,
}

/// `GET /tournaments/{id}/audit`: every change, who, when, before and after (organizer only).
///
/// # Errors
/// [`WebError::Unauthorized`], [`WebError::Forbidden`], [`WebError::NotFound`].
pub async fn audit(
    state: web::Data<AppState>,
    l: crate::l10n::L10n,
    path: web::Path<Uuid>,
    _staff: Staff<Organizer>,
) -> Result<HttpResponse, WebError> {
    let id = path.into_inner();
    let (row, entries, zone) = with_db(&state, move |c| {
        Ok((
            arbiter_db::queries::tournament_row(c, id)?,
            arbiter_db::audit_entries(c, id)?,
            arbiter_db::queries::time_zone(c, id)?,
        ))
    })
    .await?;
    let zone = crate::zone::Zone::of(zone.as_deref());
    let row = row.ok_or_else(|| WebError::no_tournament(id))?;
    ok(&AuditPage {
        l,
        id: id.to_string(),
        name: row.name.unwrap_or_default(),
        entries: entries
            .into_iter()
            .rev()
            .map(|e| AuditLine {
                changes: audit_changes(e.before_json.as_deref(), e.after_json.as_deref()),
                at: format!("{} {}", zone.show(e.at, "%Y-%m-%d %H:%M:%S"), zone.name()),
                actor: e.actor,
                entity: format!("{} {}", e.entity, e.entity_id.unwrap_or_default()),
                action: e.action,
                before: e.before_json.unwrap_or_default(),
                after: e.after_json.unwrap_or_default(),
            })
            .collect(),
    })
}

#[cfg(test)]
mod audit_tests {
    use super::audit_changes;

    #[test]
    fn changes_are_listed_field_by_field() {
        let c = audit_changes(
            Some(r#"{"white_code":"","version":1,"p":{"kind":"a"}}"#),
            Some(r#"{"white_code":"1","version":2,"p":{"kind":"a"},"new":true}"#),
        );
        assert_eq!(
            c,
            vec![
                "new: (none) \u{2192} true".to_owned(),
                "version: 1 \u{2192} 2".to_owned(),
                "white_code: \"\" \u{2192} \"1\"".to_owned(),
            ]
        );
        assert!(audit_changes(None, Some("{}")).is_empty());
        assert!(audit_changes(Some("\"paired\""), Some("\"published\"")).is_empty());
    }
}
