//! The one check of a path the client chose (a form's `back=`, the language switch's, the page
//! a `Referer` names): [`local_path`]. Every redirect or link built from client input goes
//! through here.

/// A redirect target the client sent (`back=` of a form or of the language switch), when it is
/// a path on this site: `None` for anything else, which the caller replaces by a page of its
/// own. Every redirect built from client input goes through here.
///
/// The grammar is strict, so that no browser can read the target as another site: one leading
/// `/` not followed by `/` or `\` (`//evil.example` and `/\evil.example` are other hosts to a
/// browser); only printable ASCII (no space, no control character: browsers drop tabs and line
/// breaks from a URL, so `/\t/evil.example` would become `//evil.example`, and a line break in a
/// header is a `500`), non-ASCII only percent-encoded, as every link of this site writes it; no
/// `\` anywhere; and what comes before a `#fragment` (a place on the page, kept) parses as an
/// HTTP path-and-query (`http::uri::PathAndQuery`) that is itself, with no scheme or authority.
pub(crate) fn local_path(target: &str) -> Option<&str> {
    let rest = target.strip_prefix('/')?;
    if rest.starts_with(['/', '\\'])
        || target.contains('\\')
        || !target.bytes().all(|b| b.is_ascii_graphic())
    {
        return None;
    }
    let path_and_query = target.split_once('#').map_or(target, |(p, _)| p);
    let parsed: actix_web::http::uri::PathAndQuery = path_and_query.parse().ok()?;
    (parsed.as_str() == path_and_query && parsed.path().starts_with('/')).then_some(target)
}

/// The path and query of the page a request's `Referer` names, when it is a page of this host
/// (the `Referrer-Policy` is `same-origin`: browsers send it within the site only) and a local
/// path ([`crate::paths::local_path`]), without a notice (`?done=`).
pub(crate) fn came_from(req: &actix_web::HttpRequest) -> Option<String> {
    let referer = req
        .headers()
        .get(actix_web::http::header::REFERER)?
        .to_str()
        .ok()?;
    let uri: actix_web::http::Uri = referer.parse().ok()?;
    let host = req.connection_info().host().to_owned();
    if uri.authority()?.as_str() != host {
        return None;
    }
    let path = local_path(uri.path_and_query()?.as_str())?;
    Some(crate::done::without(path))
}

/// The event page `/tournaments/{id}` of a path below it (`/tournaments/{id}/rounds/99`), where
/// an error page inside an event leads back to when the reader came from no page of this site
/// (a link typed or followed from elsewhere); `None` for any other path.
pub(crate) fn event_page(path: &str) -> Option<String> {
    let (id, below) = path.strip_prefix("/tournaments/")?.split_once('/')?;
    let id = uuid::Uuid::parse_str(id).ok()?;
    (!below.is_empty()).then(|| format!("/tournaments/{id}"))
}
