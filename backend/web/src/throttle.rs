//! Throttles against guessing and flooding (issues #19, #45), kept in memory by each instance
//! (with several instances behind one site, each allows its own share), and the client address
//! they count by ([`client_address`]).
//!
//! - Sign-in ([`SignInThrottle`]): failed attempts only, per client address (20 at once, then
//!   one every 10 seconds) and per account (5 at once, then one a minute). A success does not
//!   count and clears the account's failures. The owner cannot be locked out by someone else's
//!   failures: a browser that signed in to the account before carries a private cookie naming
//!   the account and itself ([`crate::auth::known_device`]); its attempts on that account skip
//!   both limits and count against that browser alone, with the account's quota.
//! - Sign-up ([`SignUpThrottle`]): every account created, per client address (5 at once, then
//!   one every 10 minutes).
//! - API tokens ([`TokenThrottle`]): unknown bearer tokens per client address (50 at once, then
//!   one every 6 seconds).
//!
//! Failures are counted by [`Failures`], a keyed GCRA (the scheme of governor's limiters, which
//! cannot tell whether a key is limited without counting an attempt: here a check counts
//! nothing and only a failure is counted). Sign-ups use governor itself.

use std::collections::HashMap;
use std::net::IpAddr;
use std::num::NonZeroU32;
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

use actix_web::HttpRequest;

use crate::config::Config;

/// The most keys a counter keeps before it forgets those at rest again.
const MAX_KEYS: usize = 10_000;

/// The client's address, as the throttles count it: the peer's IP address, or, when the peer is
/// one of the configured trusted proxies ([`Config::trusted_proxies`]), the rightmost address
/// of `X-Forwarded-For` that is not itself a trusted proxy (the entries left of it are written
/// by the client and cannot be believed). `unknown` when there is no peer (a test request).
/// Loopback is not trusted unless listed.
#[must_use]
pub fn client_address(req: &HttpRequest, config: &Config) -> String {
    let Some(peer) = req.peer_addr().map(|p| p.ip()) else {
        return "unknown".to_owned();
    };
    if !config.trusted_proxies.contains(&peer) {
        return peer.to_string();
    }
    let forwarded: Vec<&str> = req
        .headers()
        .get_all("x-forwarded-for")
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(str::trim)
        .collect();
    forwarded
        .iter()
        .rev()
        .map(|entry| entry.parse::<IpAddr>().ok())
        .find(|ip| ip.is_none_or(|ip| !config.trusted_proxies.contains(&ip)))
        // An entry that is no address (`unknown`, garbage) stops the walk: the hop that wrote
        // it is the client as far as can be known, and the nearest trusted proxy stands for it.
        .map_or(peer, |ip| ip.unwrap_or(peer))
        .to_string()
}

/// Failures counted per key, with a burst and a rate at which they are forgiven (a GCRA: each
/// failure adds `period` to the key's debt, which drains in real time; a key is locked while
/// its debt exceeds `burst - 1` periods).
#[derive(Debug)]
pub struct Failures {
    period: Duration,
    allowance: Duration,
    /// Per key, when its debt is paid.
    paid_at: Mutex<HashMap<String, Instant>>,
}

impl Failures {
    /// `burst` failures at once, then one every `period`.
    #[must_use]
    pub fn new(burst: NonZeroU32, period: Duration) -> Failures {
        Failures {
            period,
            allowance: period.saturating_mul(burst.get() - 1),
            paid_at: Mutex::new(HashMap::new()),
        }
    }

    /// How long until `key` may be tried again, when it is locked now.
    #[must_use]
    pub fn locked(&self, key: &str) -> Option<Duration> {
        let now = Instant::now();
        let map = self.paid_at.lock().unwrap_or_else(PoisonError::into_inner);
        let debt = map.get(key)?.saturating_duration_since(now);
        debt.checked_sub(self.allowance).filter(|w| !w.is_zero())
    }

    /// Counts one failure of `key`.
    pub fn fail(&self, key: &str) {
        let now = Instant::now();
        let mut map = self.paid_at.lock().unwrap_or_else(PoisonError::into_inner);
        if map.len() >= MAX_KEYS {
            map.retain(|_, paid| *paid > now);
        }
        let paid = map.entry(key.to_owned()).or_insert(now);
        *paid = (*paid).max(now) + self.period;
    }

    /// Forgets the failures of `key`.
    pub fn forget(&self, key: &str) {
        self.paid_at
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .remove(key);
    }
}

/// Which limit a sign-in attempt went over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ThrottledBy {
    /// Too many failures for this account (or this browser on it).
    Account,
    /// Too many failures from this client address.
    Address,
}

impl ThrottledBy {
    /// `account` or `address`, as the audit log writes it.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            ThrottledBy::Account => "account",
            ThrottledBy::Address => "address",
        }
    }
}

/// Whose attempt a sign-in is, for [`SignInThrottle`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Attempt {
    /// From a browser not known to the account: counted per address and per account (the
    /// e-mail address as typed, compared without case).
    Unknown {
        /// The client's address.
        address: String,
        /// The e-mail address typed.
        account: String,
    },
    /// From a browser that signed in to this account before: counted for that browser alone
    /// (its random id from the device cookie).
    KnownDevice(String),
}

impl Attempt {
    /// The key of the account's limit.
    fn account_key(&self) -> String {
        match self {
            Attempt::Unknown { account, .. } => {
                format!("account:{}", account.trim().to_lowercase())
            }
            Attempt::KnownDevice(device) => format!("device:{device}"),
        }
    }
}

fn every(seconds: u64, burst: u32) -> Failures {
    Failures::new(
        NonZeroU32::new(burst).unwrap_or(NonZeroU32::MIN),
        Duration::from_secs(seconds),
    )
}

/// Failed sign-ins (and password changes), per client address and per account; see the
/// module's head comment for the limits. A throttled attempt is answered `429` without
/// checking the password (argon2 is not run for it), and written to the audit log at most once
/// per 5 minutes per account or address.
pub struct SignInThrottle {
    account: Failures,
    address: Failures,
    audited: governor::DefaultKeyedRateLimiter<String>,
}

impl Default for SignInThrottle {
    fn default() -> Self {
        SignInThrottle {
            account: every(60, 5),
            address: every(10, 20),
            audited: governor::RateLimiter::keyed(
                governor::Quota::with_period(Duration::from_secs(300))
                    .unwrap_or_else(|| governor::Quota::per_minute(NonZeroU32::MIN)),
            ),
        }
    }
}

impl SignInThrottle {
    /// Whether `attempt` may be tried now (nothing is counted).
    ///
    /// # Errors
    /// Which limit it is over and how long until the next attempt is allowed.
    pub fn check(&self, attempt: &Attempt) -> Result<(), (ThrottledBy, Duration)> {
        if let Attempt::Unknown { address, .. } = attempt {
            if let Some(wait) = self.address.locked(address) {
                return Err((ThrottledBy::Address, wait));
            }
        }
        match self.account.locked(&attempt.account_key()) {
            Some(wait) => Err((ThrottledBy::Account, wait)),
            None => Ok(()),
        }
    }

    /// Counts a failed attempt.
    pub fn failed(&self, attempt: &Attempt) {
        if let Attempt::Unknown { address, .. } = attempt {
            self.address.fail(address);
        }
        self.account.fail(&attempt.account_key());
    }

    /// A successful attempt: the account's (or the browser's) failures are forgotten.
    pub fn succeeded(&self, attempt: &Attempt) {
        self.account.forget(&attempt.account_key());
    }

    /// Whether a throttled attempt on `key` should be written to the audit log: the first one,
    /// then at most one per 5 minutes.
    #[must_use]
    pub fn first_report(&self, by: ThrottledBy, key: &str) -> bool {
        if self.audited.len() > MAX_KEYS {
            self.audited.retain_recent();
        }
        self.audited
            .check_key(&format!("{}:{}", by.as_str(), key.trim().to_lowercase()))
            .is_ok()
    }
}

impl std::fmt::Debug for SignInThrottle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SignInThrottle")
            .field("account", &self.account)
            .field("address", &self.address)
            .field("audited", &self.audited.len())
            .finish()
    }
}

/// Accounts created per client address: 5 at once, then one every 10 minutes (each costs an
/// argon2 hash and a row; issue #45).
pub struct SignUpThrottle(governor::DefaultKeyedRateLimiter<String>);

impl Default for SignUpThrottle {
    fn default() -> Self {
        const FIVE: NonZeroU32 = NonZeroU32::new(5).unwrap();
        SignUpThrottle(governor::RateLimiter::keyed(
            governor::Quota::with_period(Duration::from_secs(600))
                .unwrap_or_else(|| governor::Quota::per_minute(NonZeroU32::MIN))
                .allow_burst(FIVE),
        ))
    }
}

impl SignUpThrottle {
    /// Counts one sign-up from `address`.
    ///
    /// # Errors
    /// How long until the next one is allowed.
    pub fn attempt(&self, address: &str) -> Result<(), Duration> {
        use governor::clock::{Clock, DefaultClock};
        if self.0.len() > MAX_KEYS {
            self.0.retain_recent();
        }
        self.0
            .check_key(&address.to_owned())
            .map_err(|n| n.wait_time_from(DefaultClock::default().now()))
    }
}

impl std::fmt::Debug for SignUpThrottle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("SignUpThrottle")
            .field(&self.0.len())
            .finish()
    }
}

/// Unknown API tokens per client address: 50 at once, then one every 6 seconds.
#[derive(Debug)]
pub struct TokenThrottle(Failures);

impl Default for TokenThrottle {
    fn default() -> Self {
        TokenThrottle(every(6, 50))
    }
}

impl TokenThrottle {
    /// How long until `address` may present a token again, when it is locked now.
    #[must_use]
    pub fn locked(&self, address: &str) -> Option<Duration> {
        self.0.locked(address)
    }

    /// Counts an unknown token from `address`.
    pub fn failed(&self, address: &str) {
        self.0.fail(address);
    }
}

/// Every throttle of the service.
#[derive(Debug, Default)]
pub struct Throttles {
    /// Sign-in and password-change failures.
    pub sign_in: SignInThrottle,
    /// Accounts created.
    pub sign_up: SignUpThrottle,
    /// Unknown API tokens.
    pub tokens: TokenThrottle,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn failures_lock_after_the_burst_and_checks_count_nothing() {
        let f = every(60, 3);
        for _ in 0..10 {
            assert!(f.locked("k").is_none(), "a check counts nothing");
        }
        f.fail("k");
        f.fail("k");
        assert!(f.locked("k").is_none());
        f.fail("k");
        let wait = f.locked("k").expect("locked after three");
        assert!(wait <= Duration::from_secs(60) && wait > Duration::from_secs(55));
        assert!(f.locked("other").is_none());
        f.forget("k");
        assert!(f.locked("k").is_none());
    }

    fn request(peer: &str, forwarded: &[&str]) -> HttpRequest {
        let mut r = actix_web::test::TestRequest::get().peer_addr(peer.parse().unwrap());
        for f in forwarded {
            r = r.append_header(("X-Forwarded-For", *f));
        }
        r.to_http_request()
    }

    #[test]
    fn the_client_address_comes_from_trusted_proxies_only() {
        let mut config = Config::default();
        let r = request("127.0.0.1:9", &["6.6.6.6"]);
        assert_eq!(
            client_address(&r, &config),
            "127.0.0.1",
            "loopback not trusted"
        );
        config.trusted_proxies = vec!["10.0.0.1".parse().unwrap(), "10.0.0.2".parse().unwrap()];
        let r = request("10.0.0.1:9", &["6.6.6.6, 1.2.3.4", "10.0.0.2"]);
        assert_eq!(
            client_address(&r, &config),
            "1.2.3.4",
            "rightmost untrusted"
        );
        let r = request("10.0.0.1:9", &[]);
        assert_eq!(client_address(&r, &config), "10.0.0.1");
        let r = request("10.0.0.1:9", &["1.2.3.4, garbage"]);
        assert_eq!(client_address(&r, &config), "10.0.0.1");
        let r = request("5.5.5.5:9", &["1.2.3.4"]);
        assert_eq!(client_address(&r, &config), "5.5.5.5", "an untrusted peer");
    }
}
