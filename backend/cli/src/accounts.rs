//! `arbiter user create EMAIL [--admin]` (the password from standard input), `arbiter user
//! approve EMAIL` (the account's tournaments are listed publicly from then on) and `arbiter
//! token create EMAIL` (prints an API token, shown once).

use std::io::BufRead;
use std::process::ExitCode;

use anyhow::{Context, bail};
use arbiter_db::Actor;

use crate::database::{DatabaseArg, open};

/// `arbiter user ...`.
#[derive(Debug, clap::Subcommand)]
pub enum UserCommand {
    /// Create an account; the password is read from standard input (one line). The first
    /// account of a database is always an administrator.
    Create {
        /// The e-mail address (the login name).
        email: String,
        /// Make the account an administrator.
        #[arg(long)]
        admin: bool,
        #[command(flatten)]
        db: DatabaseArg,
    },
    /// Approve an account as an organizer: its tournaments are listed on the home page and in
    /// the API's list from now on (new accounts' are not, unless `ARBITER_OPEN_LISTING=1`).
    Approve {
        /// The account's e-mail address.
        email: String,
        #[command(flatten)]
        db: DatabaseArg,
    },
}

/// `arbiter token ...`.
#[derive(Debug, clap::Subcommand)]
pub enum TokenCommand {
    /// Create an API token for an account and print it (only its hash is stored).
    Create {
        /// The account's e-mail address.
        email: String,
        /// A label to recognise the token by.
        #[arg(long)]
        label: Option<String>,
        #[command(flatten)]
        db: DatabaseArg,
    },
}

/// Runs `arbiter user`.
///
/// # Errors
/// An empty or short password, a taken address, an unknown account to approve, or a database
/// failure.
pub fn user(cmd: &UserCommand) -> anyhow::Result<ExitCode> {
    let (email, admin, db) = match cmd {
        UserCommand::Create { email, admin, db } => (email, admin, db),
        UserCommand::Approve { email, db } => return approve(email, db),
    };
    if !email.contains('@') {
        bail!("`{email}` is not an e-mail address");
    }
    let mut line = String::new();
    std::io::stdin()
        .lock()
        .read_line(&mut line)
        .context("reading the password from standard input")?;
    let password = line.trim_end_matches(['\r', '\n']);
    if password.chars().count() < 10 {
        bail!("the password (standard input) needs at least 10 characters");
    }
    let hash = arbiter_web::auth::hash_password(password).map_err(|e| anyhow::anyhow!("{e}"))?;
    let pool = open(&db.config())?;
    let mut conn = pool.get().context("connecting to the database")?;
    if arbiter_db::accounts::user_by_email(&mut conn, email)?.is_some() {
        bail!("an account for {email} exists already");
    }
    let u =
        arbiter_db::accounts::create_user(&mut conn, email, &hash, *admin, &Actor::system("cli"))?;
    outln!(
        "created {}{}",
        u.email,
        if u.is_admin { " (administrator)" } else { "" }
    );
    Ok(ExitCode::SUCCESS)
}

/// Runs `arbiter user approve EMAIL`. Audited (actor `cli`).
///
/// # Errors
/// An unknown account or a database failure.
fn approve(email: &str, db: &DatabaseArg) -> anyhow::Result<ExitCode> {
    let pool = open(&db.config())?;
    let mut conn = pool.get().context("connecting to the database")?;
    let Some(u) = arbiter_db::accounts::user_by_email(&mut conn, email)? else {
        bail!("no account for {email}");
    };
    if arbiter_db::accounts::approve_user(&mut conn, u.uuid()?, &Actor::system("cli"))? {
        outln!("approved {}", u.email);
    } else {
        outln!("{} was approved already", u.email);
    }
    Ok(ExitCode::SUCCESS)
}

/// Runs `arbiter token`.
///
/// # Errors
/// An unknown account or a database failure.
pub fn token(cmd: &TokenCommand) -> anyhow::Result<ExitCode> {
    let TokenCommand::Create { email, label, db } = cmd;
    let pool = open(&db.config())?;
    let mut conn = pool.get().context("connecting to the database")?;
    let Some(u) = arbiter_db::accounts::user_by_email(&mut conn, email)? else {
        bail!("no account for {email}");
    };
    let token = arbiter_db::accounts::create_api_token(
        &mut conn,
        u.uuid()?,
        label.as_deref(),
        &Actor::system("cli"),
    )?;
    outln!("{token}");
    Ok(ExitCode::SUCCESS)
}
