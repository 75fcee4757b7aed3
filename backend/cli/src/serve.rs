//! `arbiter serve` (the default command): the web service, on SQLite by default; `--demo` loads
//! the real events in `fixtures/` (compiled in) once: a TRF tournament and a PGN event with its
//! games.

use std::process::ExitCode;

use anyhow::Context;
use arbiter_db::{Actor, Pool};
use arbiter_tournament::pgn_event::read_pgn_event;
use arbiter_tournament::read_trf;

use crate::database::{DatabaseArg, open};

/// The demo event: Karl-Mala-Gedenkturnier 2005 (284 players, 7 rounds), `fixtures/`.
const DEMO_TRF: &[u8] = include_bytes!("../../../fixtures/karl-mala-2005.trf");

/// The demo games: the published games of the Chinese Championship 2025 (ch-CHN 2025, Xinghua;
/// rounds 2-8, 210 games with their moves), `fixtures/ch-chn-2025.pgn`.
const DEMO_PGN: &[u8] = include_bytes!("../../../fixtures/ch-chn-2025.pgn");

/// Arguments of `arbiter serve`.
#[derive(Debug, Default, clap::Args)]
pub struct ServeArgs {
    /// The address to listen on (default: `ARBITER_BIND`, else 127.0.0.1:8080).
    #[arg(long, value_name = "ADDR")]
    bind: Option<String>,
    #[command(flatten)]
    db: DatabaseArg,
    /// Load the demo events (real tournaments: `fixtures/karl-mala-2005.trf`, and the games of
    /// `fixtures/ch-chn-2025.pgn`) unless they are already stored.
    #[arg(long)]
    demo: bool,
}

/// Imports the demo event unless a tournament of its name and start date is stored; returns
/// its id.
///
/// # Errors
/// The database refuses it.
pub fn load_demo(pool: &Pool) -> anyhow::Result<uuid::Uuid> {
    let t = read_trf(DEMO_TRF)
        .map_err(|e| anyhow::anyhow!("{e}"))
        .context("reading the demo event")?
        .tournament;
    let mut conn = pool.get().context("connecting to the database")?;
    let name = t.name.clone().unwrap_or_default();
    if let Some(id) = arbiter_db::find_tournament(&mut conn, &name, t.start_date.as_deref())? {
        return Ok(id);
    }
    Ok(arbiter_db::create_tournament(
        &mut conn,
        &t,
        None,
        &Actor::system("demo"),
        "import",
    )?)
}

/// Imports the demo games (a PGN event with every game's score) unless a tournament of its name
/// and start date is stored; returns its id.
///
/// # Errors
/// The database refuses it.
pub fn load_demo_games(pool: &Pool) -> anyhow::Result<uuid::Uuid> {
    let event = read_pgn_event(DEMO_PGN).context("reading the demo games")?;
    let mut conn = pool.get().context("connecting to the database")?;
    let t = &event.tournament;
    let name = t.name.clone().unwrap_or_default();
    if let Some(id) = arbiter_db::find_tournament(&mut conn, &name, t.start_date.as_deref())? {
        return Ok(id);
    }
    Ok(arbiter_db::games::import_pgn_event(
        &mut conn,
        &event,
        &Actor::system("demo"),
    )?)
}

/// Runs the server until Ctrl-C.
///
/// # Errors
/// The database cannot be opened, or the address cannot be bound.
pub fn run(args: &ServeArgs) -> anyhow::Result<ExitCode> {
    serve(args, false)
}

/// `arbiter` with no command: the server, with the demo event loaded when the database holds no
/// tournament yet (so that a newcomer's first run shows a real event).
///
/// # Errors
/// As [`run`].
pub fn run_default() -> anyhow::Result<ExitCode> {
    serve(&ServeArgs::default(), true)
}

fn serve(args: &ServeArgs, demo_if_empty: bool) -> anyhow::Result<ExitCode> {
    let mut config = args.db.config();
    if let Some(b) = &args.bind {
        config.bind.clone_from(b);
    }
    let pool = open(&config)?;
    let empty = demo_if_empty && {
        let mut conn = pool.get().context("connecting to the database")?;
        arbiter_db::list_tournaments(&mut conn)?.is_empty()
    };
    let demo = if args.demo || empty {
        Some((load_demo(&pool)?, load_demo_games(&pool)?))
    } else {
        None
    };
    println!("Arbiter: database {}", config.database_url);
    println!("Arbiter: listening on http://{}/", config.bind);
    if let Some((id, games)) = demo {
        println!(
            "Arbiter: demo event at http://{}/tournaments/{id}",
            config.bind
        );
        println!(
            "Arbiter: demo games at http://{}/tournaments/{games}/games",
            config.bind
        );
    }
    let bind = config.bind.clone();
    arbiter_web::serve_blocking(config, pool).with_context(|| format!("serving on {bind}"))?;
    Ok(ExitCode::SUCCESS)
}
