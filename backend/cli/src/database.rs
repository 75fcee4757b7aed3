//! The database commands: `arbiter import FILE.trf` or `FILE.pgn` (prints the new tournament's
//! id) and `arbiter migrate`, and the `--database` option they share with `serve`.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, bail};
use arbiter_db::{Actor, DatabaseUrl, Pool, PoolOptions};
use arbiter_tournament::pgn_event::read_pgn_event;
use arbiter_tournament::read_trf;
use arbiter_web::Config;

/// The database option: `--database URL`, else `DATABASE_URL`, else `sqlite://arbiter.sqlite`.
#[derive(Debug, Default, clap::Args)]
pub struct DatabaseArg {
    /// The database: `sqlite://FILE` or `postgres://USER@HOST/DB` (default: `DATABASE_URL`,
    /// else `sqlite://arbiter.sqlite` in the working directory).
    #[arg(long, value_name = "URL")]
    pub database: Option<String>,
}

impl DatabaseArg {
    /// The configuration from the environment with this option applied.
    #[must_use]
    pub fn config(&self) -> Config {
        let mut c = Config::from_env();
        if let Some(d) = &self.database {
            c.database_url.clone_from(d);
        }
        c
    }
}

/// Opens the pool (running pending migrations).
///
/// # Errors
/// The URL is unusable, the database unreachable, or a migration fails.
pub fn open(config: &Config) -> anyhow::Result<Pool> {
    let options = PoolOptions {
        max_size: config.pool_max_size,
        ..PoolOptions::default()
    };
    arbiter_db::connect(&config.database_url, &options)
        .with_context(|| format!("opening the database {}", config.database_url))
}

/// Arguments of `arbiter import`.
#[derive(Debug, clap::Args)]
pub struct ImportArgs {
    /// The tournament: TRF16 or TRF-2026, or PGN (the games of one event; by the `.pgn`
    /// extension, or text that starts with a tag pair).
    pub file: PathBuf,
    #[command(flatten)]
    db: DatabaseArg,
}

/// FIDE's checklist (VCL4THP.13 Q54, Q55): every imported round checked against the pairing
/// rules ([`arbiter_tournament::recheck::review_import`]); a round the rules would not make is a
/// warning on standard error and a `### Import @ Round n` record kept with the tournament.
fn review(file: &std::path::Path, t: &mut arbiter_tournament::Tournament) {
    use arbiter_tournament::recheck::Recheck;
    let review = arbiter_tournament::recheck::review_import(t);
    match &review {
        Recheck::Checked { system, .. } => {
            for r in review.irregular() {
                for line in &r.lines {
                    eprintln!(
                        "{}: warning: round {}: not paired as the {system} pairs it: {line}",
                        file.display(),
                        r.round
                    );
                }
            }
        }
        Recheck::RoundRobin => {}
        Recheck::Unchecked(e) => {
            eprintln!("{}: warning: pairings not checked: {e}", file.display());
        }
    }
    t.other_records.extend(review.import_records());
}

/// Reads a TRF file and stores it as a new tournament (one transaction); prints its id.
///
/// # Errors
/// The file cannot be read or is not valid TRF (every error is printed with its line), or the
/// database refuses it (nothing is stored then).
pub fn import(args: &ImportArgs) -> anyhow::Result<ExitCode> {
    let bytes =
        std::fs::read(&args.file).with_context(|| format!("reading {}", args.file.display()))?;
    if is_pgn(&args.file, &bytes) {
        return import_pgn(args, &bytes);
    }
    let read = match read_trf(&bytes) {
        Ok(r) => r,
        Err(e) => {
            for issue in &e.errors {
                eprintln!("{}: {issue}", args.file.display());
            }
            bail!(
                "{}: {} error(s); nothing was imported",
                args.file.display(),
                e.errors.len()
            );
        }
    };
    // The first warnings in full, then a count (real files carry dozens of old spellings).
    for w in read.warnings.iter().take(10) {
        eprintln!("{}: warning: {w}", args.file.display());
    }
    if read.warnings.len() > 10 {
        eprintln!(
            "{}: ... and {} more warnings",
            args.file.display(),
            read.warnings.len() - 10
        );
    }
    let mut tournament = read.tournament;
    tournament.publish_paired_rounds();
    review(&args.file, &mut tournament);
    let pool = open(&args.db.config())?;
    let mut conn = pool.get().context("connecting to the database")?;
    let id = arbiter_db::create_tournament(
        &mut conn,
        &tournament,
        None,
        &Actor::system("cli"),
        "import",
    )
    .context("storing the tournament (nothing was stored)")?;
    outln!("{id}");
    Ok(ExitCode::SUCCESS)
}

/// Whether a file is PGN: a `.pgn` extension, or text whose first non-blank character opens a
/// tag pair (`[Event "..."]`; TRF starts with a record code such as `012`).
fn is_pgn(path: &std::path::Path, bytes: &[u8]) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("pgn"))
        || bytes
            .strip_prefix(b"\xEF\xBB\xBF")
            .unwrap_or(bytes)
            .iter()
            .find(|b| !b.is_ascii_whitespace())
            == Some(&b'[')
}

/// Reads a PGN file as one event and stores it with every game's score (one transaction);
/// prints its id, and on standard error the number of games and of flagged scores.
fn import_pgn(args: &ImportArgs, bytes: &[u8]) -> anyhow::Result<ExitCode> {
    let event = match read_pgn_event(bytes) {
        Ok(e) => e,
        Err(e) => {
            for issue in &e.issues {
                eprintln!("{}: {issue}", args.file.display());
            }
            bail!(
                "{}: {} error(s); nothing was imported",
                args.file.display(),
                e.issues.len()
            );
        }
    };
    for w in &event.warnings {
        eprintln!("{}: warning: {w}", args.file.display());
    }
    let flagged = event.games.iter().filter(|g| g.report.flagged()).count();
    let pool = open(&args.db.config())?;
    let mut conn = pool.get().context("connecting to the database")?;
    let id = arbiter_db::games::import_pgn_event(&mut conn, &event, &Actor::system("cli"))
        .context("storing the tournament (nothing was stored)")?;
    eprintln!(
        "{}: {} players, {} games stored with their scores, {flagged} flagged by replay",
        args.file.display(),
        event.tournament.players.len(),
        event.games.len()
    );
    outln!("{id}");
    Ok(ExitCode::SUCCESS)
}

/// Arguments of `arbiter migrate`.
#[derive(Debug, clap::Args)]
pub struct MigrateArgs {
    #[command(flatten)]
    db: DatabaseArg,
}

/// Runs the pending migrations and names them.
///
/// # Errors
/// The database is unreachable or a migration fails.
pub fn migrate(args: &MigrateArgs) -> anyhow::Result<ExitCode> {
    let config = args.db.config();
    let url = DatabaseUrl::parse(&config.database_url)?;
    let mut conn = url
        .establish()
        .with_context(|| format!("connecting to {}", config.database_url))?;
    PoolOptions::default().setup.apply(&mut conn)?;
    let done = arbiter_db::run_migrations(&mut conn)?;
    if done.is_empty() {
        outln!("the database is up to date");
    }
    for m in done {
        outln!("applied {m}");
    }
    Ok(ExitCode::SUCCESS)
}
