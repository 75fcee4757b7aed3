//! Round reports: the results of a whole round entered at once, as CSV or TRF, each line
//! checked against the round's pairing and byes.

use super::{
    AppState, Arbiter, HttpRequest, HttpResponse, L10n, Msg, MultipartForm, RoundReportError,
    Session, Staff, StatusCode, StoredTournament, Template, Text, UploadBytes, UserRow, Uuid,
    WebError, check_csrf, csrf_token, match_round, parse_round_csv, parse_round_trf, private,
    record_error, web, with_db,
};

#[derive(Template)]
#[template(path = "round_report.html")]
struct RoundReportPage {
    l: L10n,
    /// The page's title and heading.
    title: String,
    heading: String,
    id: String,
    name: String,
    round: u16,
    csrf: String,
    message: String,
    errors: Vec<String>,
    text: String,
}

/// A round report upload: a file, or the same text pasted.
#[derive(Debug, MultipartForm)]
pub struct RoundUpload {
    /// The file (CSV `board,white,black,result`, or the round's TRF lines).
    #[multipart(limit = "8MiB")]
    pub file: Option<UploadBytes>,
    /// Pasted text, used when no file was chosen.
    pub text: Option<Text<String>>,
    /// The session's CSRF token.
    pub csrf: Option<Text<String>>,
}

async fn round_staff(
    state: &AppState,
    user: UserRow,
    id: Uuid,
    n: u16,
) -> Result<(UserRow, StoredTournament), WebError> {
    let stored = with_db(state, move |c| Ok(arbiter_db::load_tournament(c, id)?))
        .await?
        .ok_or_else(|| WebError::no_tournament(id))?;
    if stored.tournament.round(n).is_none() {
        return Err(WebError::no_round(n));
    }
    Ok((user, stored))
}

#[expect(
    clippy::too_many_arguments,
    reason = "the page's request, session, round and upload, as each handler has them"
)]
fn round_page(
    req: &HttpRequest,
    session: &Session,
    stored: &StoredTournament,
    n: u16,
    message: &Msg,
    errors: &[Msg],
    text: String,
    status: StatusCode,
) -> Result<HttpResponse, WebError> {
    let l = L10n::negotiate(req);
    private(
        &RoundReportPage {
            title: l.ta("rr-title", &[("n", l.int(n))]),
            heading: l.ta("rr-heading", &[("n", l.int(n))]),
            message: l.m(message),
            errors: errors.iter().map(|e| l.m(e)).collect(),
            l,
            id: stored.id.to_string(),
            name: stored.tournament.name.clone().unwrap_or_default(),
            round: n,
            csrf: csrf_token(session)?,
            text,
        },
        status,
    )
}

/// `GET /tournaments/{id}/rounds/{n}/report`: the bulk round-report upload form.
///
/// # Errors
/// [`WebError::Unauthorized`], [`WebError::Forbidden`], [`WebError::NotFound`].
pub async fn round_report_form(
    state: web::Data<AppState>,
    req: HttpRequest,
    session: Session,
    path: web::Path<(Uuid, u16)>,
    staff: Staff<Arbiter>,
) -> Result<HttpResponse, WebError> {
    let (id, n) = path.into_inner();
    let (_, stored) = round_staff(&state, staff.user.clone(), id, n).await?;
    round_page(
        &req,
        &session,
        &stored,
        n,
        &Msg::plain(""),
        &[],
        String::new(),
        StatusCode::OK,
    )
}

/// Whether a report is TRF: its first record starts with a three-digit TRF code.
fn looks_like_trf(text: &str) -> bool {
    text.trim_start_matches('\u{feff}')
        .lines()
        .find(|l| !l.trim().is_empty())
        .is_some_and(|l| {
            l.len() > 3
                && l.as_bytes()[..3].iter().all(u8::is_ascii_digit)
                && l.as_bytes()[3] == b' '
        })
}

/// A report's bad lines: the domain's sentences, kept as data.
fn line_errors(e: &RoundReportError) -> Vec<Msg> {
    e.errors
        .iter()
        .map(|e| Msg::new("rr-line-error").data("error", e.to_string()))
        .collect()
}

/// `POST /tournaments/{id}/rounds/{n}/report` (multipart: `file` or `text`): reads the round's
/// results (CSV `board,white,black,result`, or TRF `001` lines), checks every line against the
/// round's pairing, and stores every result in one transaction, or nothing with every bad line
/// named (`400`). Byes in a TRF report must agree with the round's (a bye is changed on the round
/// page).
///
/// # Errors
/// [`WebError::Unauthorized`], [`WebError::Forbidden`], [`WebError::NotFound`].
pub async fn round_report(
    state: web::Data<AppState>,
    req: HttpRequest,
    session: Session,
    path: web::Path<(Uuid, u16)>,
    staff: Staff<Arbiter>,
    MultipartForm(form): MultipartForm<RoundUpload>,
) -> Result<HttpResponse, WebError> {
    let (id, n) = path.into_inner();
    let csrf = form.csrf.as_ref().map_or("", |t| t.as_str()).to_owned();
    check_csrf(&session, &csrf)?;
    let (user, stored) = round_staff(&state, staff.user.clone(), id, n).await?;
    let bytes = match form.file.as_ref().filter(|f| !f.data.is_empty()) {
        Some(f) => f.data.to_vec(),
        None => form
            .text
            .as_ref()
            .map(|t| t.as_bytes().to_vec())
            .unwrap_or_default(),
    };
    let text = String::from_utf8_lossy(&bytes).into_owned();
    let reject = |errors: Vec<Msg>| {
        round_page(
            &req,
            &session,
            &stored,
            n,
            &Msg::new("rr-nothing-stored"),
            &errors,
            text.clone(),
            StatusCode::BAD_REQUEST,
        )
    };
    if text.trim().is_empty() {
        return reject(vec![Msg::new("rr-no-file")]);
    }
    let parsed = if looks_like_trf(&text) {
        parse_round_trf(&text, n)
    } else {
        parse_round_csv(&bytes)
    };
    let report = match parsed {
        Ok(r) => r,
        Err(e) => return reject(line_errors(&e)),
    };
    let round = stored
        .tournament
        .round(n)
        .ok_or_else(|| WebError::no_round(n))?;
    let update = match match_round(round, &report) {
        Ok(u) => u,
        Err(e) => return reject(line_errors(&e)),
    };
    let bye_errors: Vec<Msg> = report
        .byes
        .iter()
        .filter(|b| {
            !round
                .byes
                .iter()
                .any(|r| r.player == b.player && r.code == b.code)
        })
        .map(|b| {
            Msg::new("rr-bye-not-recorded")
                .int("line", i64::try_from(b.line).unwrap_or(i64::MAX))
                .int("player", b.player)
                .ltr("code", b.code.trf_char().to_string())
        })
        .collect();
    if !bye_errors.is_empty() {
        return reject(bye_errors);
    }
    let rows = with_db(&state, move |c| Ok(arbiter_db::round_games(c, id, n)?)).await?;
    let mut results = Vec::new();
    for (index, result) in &update.games {
        let pairing = &round.games[*index];
        let row = rows
            .iter()
            .find(|g| g.white == i32::from(pairing.white) && g.black == i32::from(pairing.black))
            .ok_or_else(|| WebError::Internal(format!("game {index} of round {n} not stored")))?;
        let gid = Uuid::parse_str(&row.id).map_err(|e| WebError::Internal(e.to_string()))?;
        results.push((gid, result.clone().recorded_by(user.email.clone())));
    }
    let actor = user.actor();
    let count = with_db(&state, move |c| {
        arbiter_db::games::record_round_report(c, &results, &actor).map_err(record_error)
    })
    .await?;
    round_page(
        &req,
        &session,
        &stored,
        n,
        &Msg::new("rr-stored")
            .int("count", i64::try_from(count).unwrap_or(i64::MAX))
            .int("n", n),
        &[],
        String::new(),
        StatusCode::OK,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trf_reports_are_told_from_csv() {
        assert!(looks_like_trf("001    1      Adams"));
        assert!(!looks_like_trf("board,white,black,result\n1,1,2,1-0"));
        assert!(!looks_like_trf(""));
    }
}
