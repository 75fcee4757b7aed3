//! The service assembled and run: the headers every answer carries ([`default_headers`]), the
//! middleware around the route table ([`crate::routes::configure`]), the server and its connections
//! ([`serve`], [`no_delay`]).

use actix_web::http::header::{self, HeaderValue};
use actix_web::{middleware, web};
use arbiter_db::Pool;

use crate::cache::PageCache;
use crate::config::{Config, SealKeySource};
use crate::state::AppState;
use crate::{auth, error};

/// The Content-Security-Policy of every answer: the pages run no script at all and load only
/// this site's stylesheet; inline SVG boards need no source; forms post to this site only.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'none'; style-src 'self'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

/// The headers every response carries: no sniffing, the referrer kept on this site, no framing,
/// the Content-Security-Policy ([`CONTENT_SECURITY_POLICY`]) and, when the session cookie is
/// sent over HTTPS only (`ARBITER_SECURE_COOKIES`), HSTS for a year (RFC 6797).
#[must_use]
pub fn default_headers(config: &Config) -> middleware::DefaultHeaders {
    let headers = middleware::DefaultHeaders::new().add((
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(CONTENT_SECURITY_POLICY),
    ));
    let headers = if config.secure_cookies {
        headers.add((
            header::STRICT_TRANSPORT_SECURITY,
            HeaderValue::from_static("max-age=31536000"),
        ))
    } else {
        headers
    };
    headers
        .add((
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        ))
        .add((
            header::REFERRER_POLICY,
            HeaderValue::from_static("same-origin"),
        ))
        .add((header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY")))
}

/// Runs the server until it is stopped (Ctrl-C).
///
/// # Errors
/// The address cannot be bound, the seal key (`ARBITER_SEAL_KEY` or `arbiter-seal.key`, read or
/// created here, Appendix A) is unusable, or the server fails.
pub async fn serve(mut config: Config, pool: Pool) -> std::io::Result<()> {
    config.seal_key = SealKeySource::Key(config.seal_key.key().map_err(std::io::Error::other)?);
    let bind = config.bind.clone();
    let state = web::Data::new(AppState::new(pool, config));
    let pages = web::Data::new(PageCache::default());
    actix_web::HttpServer::new(move || {
        actix_web::App::new()
            .app_data(state.clone())
            .app_data(pages.clone())
            .wrap(middleware::from_fn(error::localize_errors))
            .wrap(auth::session_middleware(&state))
            .wrap(middleware::Compress::default())
            .wrap(default_headers(&state.config))
            .configure(crate::routes::configure)
    })
    .on_connect(no_delay)
    .bind(bind)?
    .run()
    .await
}

/// Sends each write of an accepted connection at once (`TCP_NODELAY`, Nagle's algorithm off),
/// for [`actix_web::HttpServer::on_connect`]. A compressed answer is written in pieces, its
/// last piece small; with Nagle's algorithm that piece waits for the client to acknowledge the
/// one before, and a client on a kept-alive connection delays its acknowledgement (40 ms on
/// Linux): every compressed page but a connection's first took 40 ms more. A connection that is
/// not TCP is left as it is; an option that cannot be set leaves the connection working, only
/// slower.
pub fn no_delay(connection: &dyn std::any::Any, _: &mut actix_web::dev::Extensions) {
    if let Some(tcp) = connection.downcast_ref::<actix_web::rt::net::TcpStream>() {
        let _ = tcp.set_nodelay(true);
    }
}

/// Runs [`serve`] on a new actix system, blocking the calling thread until the server stops.
///
/// # Errors
/// As [`serve`].
pub fn serve_blocking(config: Config, pool: Pool) -> std::io::Result<()> {
    actix_web::rt::System::new().block_on(serve(config, pool))
}
