//! Support for the HTTP tests of this crate (as `arbiter_db::testing` is for the database's): a
//! browser over an actix test service (the session cookie carried from response to request),
//! forms, and the CSRF token a page's form holds. Not used by the service itself.

use actix_http::Request;
use actix_web::body::MessageBody;
use actix_web::dev::{Service, ServiceResponse};
use actix_web::http::{StatusCode, header};
use actix_web::test;
use actix_web::test::TestRequest;

/// A browser: the cookies responses set (`name=value; name=value`, as a `Cookie` header),
/// carried to the next request; a cookie set empty or expired is dropped.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Jar(pub Option<String>);

impl Jar {
    /// The value of the cookie `name`, if the jar holds it.
    #[must_use]
    pub fn get(&self, name: &str) -> Option<&str> {
        self.0
            .as_deref()?
            .split("; ")
            .filter_map(|pair| pair.split_once('='))
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v)
    }

    /// Keeps what a `Set-Cookie` header says.
    fn keep(&mut self, set_cookie: &str) {
        let Some((name, value)) = set_cookie.split(';').next().and_then(|p| p.split_once('='))
        else {
            return;
        };
        let expired = set_cookie.to_ascii_lowercase().contains("max-age=0");
        let mut pairs: Vec<String> = self
            .0
            .iter()
            .flat_map(|c| c.split("; "))
            .filter(|p| p.split_once('=').is_some_and(|(n, _)| n != name))
            .map(str::to_owned)
            .collect();
        if !value.is_empty() && !expired {
            pairs.push(format!("{name}={value}"));
        }
        self.0 = (!pairs.is_empty()).then(|| pairs.join("; "));
    }

    /// The jar itself, mutably: `jar.reborrow()` works on a `Jar` and on a `&mut Jar` alike (for
    /// macros that take either).
    pub fn reborrow(&mut self) -> &mut Jar {
        self
    }
}

/// What a response left: its status, the `Location` and `Refresh` headers, the `Set-Cookie`
/// headers (one a line; empty when absent) and the body as text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Page {
    /// The status.
    pub status: StatusCode,
    /// `Location`, for a redirect.
    pub location: String,
    /// `Refresh` (seconds), for a page that reloads itself.
    pub refresh: String,
    /// `Set-Cookie`, one header a line.
    pub set_cookie: String,
    /// The body (UTF-8).
    pub body: String,
}

/// Sends `req` to `app` with the browser's cookie, keeps the cookie the response sets, and
/// reads the response.
///
/// # Panics
/// When the body is not UTF-8 (every page and answer of the service is).
pub async fn call<S, B>(app: &S, jar: &mut Jar, req: TestRequest) -> Page
where
    S: Service<Request, Response = ServiceResponse<B>, Error = actix_web::Error>,
    B: MessageBody,
{
    let mut req = req;
    if let Some(c) = &jar.0 {
        req = req.insert_header((header::COOKIE, c.clone()));
    }
    let resp = test::call_service(app, req.to_request()).await;
    let status = resp.status();
    let header_text = |n: header::HeaderName| {
        resp.headers()
            .get(n)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_owned()
    };
    let location = header_text(header::LOCATION);
    let refresh = header_text(header::REFRESH);
    let set_cookies: Vec<String> = resp
        .headers()
        .get_all(header::SET_COOKIE)
        .filter_map(|v| v.to_str().ok())
        .map(str::to_owned)
        .collect();
    for c in &set_cookies {
        jar.keep(c);
    }
    let set_cookie = set_cookies.join("\n");
    let body = String::from_utf8(test::read_body(resp).await.to_vec()).expect("a UTF-8 body");
    Page {
        status,
        location,
        refresh,
        set_cookie,
        body,
    }
}

/// A redirect's `Location` without the notice of what was done (`?done=...`, which every
/// write adds): the page it leads to.
#[must_use]
pub fn without_notice(location: &str) -> String {
    let (path, fragment) = location
        .split_once('#')
        .map_or((location, None), |(p, f)| (p, Some(f)));
    let mut out = crate::done::without(path);
    if let Some(f) = fragment {
        out.push('#');
        out.push_str(f);
    }
    out
}

/// A `GET` of `uri`.
#[must_use]
pub fn get(uri: &str) -> TestRequest {
    TestRequest::get().uri(uri)
}

/// A form `POST` of `fields` (URL-encoded) to `uri`.
#[must_use]
pub fn form(uri: &str, fields: &[(&str, &str)]) -> TestRequest {
    TestRequest::post().uri(uri).set_form(
        fields
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect::<Vec<_>>(),
    )
}

/// A `multipart/form-data` `POST` to `uri`: the text `fields`, then, when given, a file part
/// named `file` with its file name and bytes (as a browser uploads a TRF or CSV file).
#[must_use]
pub fn multipart(uri: &str, fields: &[(&str, &str)], file: Option<(&str, &[u8])>) -> TestRequest {
    let boundary = "ArbiterTestBoundary7MA4YWxk";
    let mut body = Vec::new();
    for (k, v) in fields {
        body.extend_from_slice(
            format!("--{boundary}\r\nContent-Disposition: form-data; name=\"{k}\"\r\n\r\n{v}\r\n")
                .as_bytes(),
        );
    }
    if let Some((name, data)) = file {
        body.extend_from_slice(
            format!(
                "--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{name}\"\r\nContent-Type: application/octet-stream\r\n\r\n"
            )
            .as_bytes(),
        );
        body.extend_from_slice(data);
        body.extend_from_slice(b"\r\n");
    }
    body.extend_from_slice(format!("--{boundary}--\r\n").as_bytes());
    TestRequest::post()
        .uri(uri)
        .insert_header((
            header::CONTENT_TYPE,
            format!("multipart/form-data; boundary={boundary}"),
        ))
        .set_payload(body)
}

/// The CSRF token of the first form in `body` (`name="csrf" value="..."`).
///
/// # Panics
/// When the page has no form with one.
#[must_use]
pub fn csrf_of(body: &str) -> String {
    let key = "name=\"csrf\" value=\"";
    let start = body.find(key).expect("a form with a CSRF token") + key.len();
    body[start..]
        .split('"')
        .next()
        .unwrap_or_default()
        .to_owned()
}

/// Signs in as `email` with `password` through the sign-in form; returns the answer (`303` on
/// success).
pub async fn sign_in<S, B>(app: &S, jar: &mut Jar, email: &str, password: &str) -> Page
where
    S: Service<Request, Response = ServiceResponse<B>, Error = actix_web::Error>,
    B: MessageBody,
{
    let page = call(app, jar, get("/signin")).await;
    let csrf = csrf_of(&page.body);
    call(
        app,
        jar,
        form(
            "/signin",
            &[("email", email), ("password", password), ("csrf", &csrf)],
        ),
    )
    .await
}

/// Creates an account through the sign-up form (as a browser does: the form, then its `POST`
/// with the form's CSRF token) and signs the browser in; returns the answer (`303` on success).
pub async fn sign_up<S, B>(app: &S, jar: &mut Jar, email: &str, password: &str) -> Page
where
    S: Service<Request, Response = ServiceResponse<B>, Error = actix_web::Error>,
    B: MessageBody,
{
    let page = call(app, jar, get("/signup")).await;
    let csrf = csrf_of(&page.body);
    call(
        app,
        jar,
        form(
            "/signup",
            &[("email", email), ("password", password), ("csrf", &csrf)],
        ),
    )
    .await
}

/// A new account `email` (password `0123456789ab`; `admin` for an administrator) and an API
/// token of it, for a test that calls `/api/v1` with `Authorization: Bearer TOKEN`.
///
/// # Panics
/// When the database refuses the account or the token.
#[must_use]
pub fn account_token(pool: &arbiter_db::Pool, email: &str, admin: bool) -> String {
    let c = &mut pool.get().expect("a connection");
    let sys = arbiter_db::Actor::system("test");
    let hash = crate::auth::hash_password("0123456789ab").expect("a hash");
    let u = arbiter_db::accounts::create_user(c, email, &hash, admin, &sys).expect("an account");
    arbiter_db::accounts::create_api_token(c, u.uuid().expect("an id"), None, &sys)
        .expect("a token")
}

/// The service as [`crate::server::serve`] configures it (the page cache, the session, compression and
/// the default headers, every route), over `pool` with `config` (both cloned: the service
/// borrows neither), ready for [`call`].
pub fn service(
    pool: &arbiter_db::Pool,
    config: &crate::config::Config,
) -> impl Future<
    Output = impl Service<
        Request,
        Response = ServiceResponse<impl MessageBody + use<>>,
        Error = actix_web::Error,
    > + use<>,
> + use<> {
    service_with_pages(pool, config, std::sync::Arc::default())
}

/// [`service`] with the page cache `pages`, for a test that looks into it
/// ([`crate::cache::PageCache::loads`]).
pub fn service_with_pages(
    pool: &arbiter_db::Pool,
    config: &crate::config::Config,
    pages: std::sync::Arc<crate::cache::PageCache>,
) -> impl Future<
    Output = impl Service<
        Request,
        Response = ServiceResponse<impl MessageBody + use<>>,
        Error = actix_web::Error,
    > + use<>,
> + use<> {
    let (pool, config) = (pool.clone(), config.clone());
    async move {
        let headers = crate::server::default_headers(&config);
        let state = actix_web::web::Data::new(crate::state::AppState::new(pool, config));
        let session = crate::auth::session_middleware(&state);
        test::init_service(
            actix_web::App::new()
                .app_data(state)
                .app_data(actix_web::web::Data::from(pages))
                .wrap(actix_web::middleware::from_fn(
                    crate::error::localize_errors,
                ))
                .wrap(session)
                .wrap(actix_web::middleware::Compress::default())
                .wrap(headers)
                .configure(crate::routes::configure),
        )
        .await
    }
}
