//! `arbiter serve` (the default command): the web service, on SQLite by default; `--demo` loads
//! the real events in `fixtures/` (compiled in) once: a TRF tournament, a PGN event with its
//! games and a team event (TRF16 `013` team records).
//!
//! Beside the server runs the default-time job (Art. 6.7): every `ARBITER_JOB_INTERVAL_SECS`
//! seconds (15 by default) it applies the forfeits that are due in every round being played
//! ([`arbiter_db::arbiter::apply_default_time_forfeits`], which applies each exactly once even
//! when several instances of the service share the database).

use std::process::ExitCode;
use std::time::Duration;

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

/// The demo team event: the Cretan Inter-club Friendship Cup 2024 (Heraklion, 15 club teams,
/// 7 rounds, team Swiss), `fixtures/teams/crete-friendship-cup-2024.trf` (source and licence in
/// `fixtures/teams/README.md`).
const DEMO_TEAM_TRF: &[u8] =
    include_bytes!("../../../fixtures/teams/crete-friendship-cup-2024.trf");

/// Arguments of `arbiter serve`.
#[derive(Debug, Default, clap::Args)]
pub struct ServeArgs {
    /// The address to listen on (default: `ARBITER_BIND`, else 127.0.0.1:8080).
    #[arg(long, value_name = "ADDR")]
    bind: Option<String>,
    #[command(flatten)]
    db: DatabaseArg,
    /// Load the demo events (real tournaments: `fixtures/karl-mala-2005.trf`, the games of
    /// `fixtures/ch-chn-2025.pgn` and the team event
    /// `fixtures/teams/crete-friendship-cup-2024.trf`) unless they are already stored.
    #[arg(long)]
    demo: bool,
}

/// Imports the demo event unless a tournament of its name and start date is stored; returns
/// its id.
///
/// # Errors
/// The database refuses it.
pub fn load_demo(pool: &Pool) -> anyhow::Result<uuid::Uuid> {
    load_trf_demo(pool, DEMO_TRF, "reading the demo event")
}

/// Imports the demo team event (its teams, rounds and matches from the TRF team records) unless
/// a tournament of its name and start date is stored; returns its id.
///
/// # Errors
/// The database refuses it.
pub fn load_demo_team(pool: &Pool) -> anyhow::Result<uuid::Uuid> {
    load_trf_demo(pool, DEMO_TEAM_TRF, "reading the demo team event")
}

fn load_trf_demo(pool: &Pool, bytes: &[u8], what: &'static str) -> anyhow::Result<uuid::Uuid> {
    let mut t = read_trf(bytes)
        .map_err(|e| anyhow::anyhow!("{e}"))
        .context(what)?
        .tournament;
    t.publish_paired_rounds();
    let mut conn = pool.get().context("connecting to the database")?;
    let name = t.name.clone().unwrap_or_default();
    if let Some(id) = arbiter_db::find_tournament(&mut conn, &name, t.start_date)? {
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
    if let Some(id) = arbiter_db::find_tournament(&mut conn, &name, t.start_date)? {
        return Ok(id);
    }
    Ok(arbiter_db::games::import_pgn_event(
        &mut conn,
        &event,
        &Actor::system("demo"),
    )?)
}

/// The variable setting the default-time job's interval, in whole seconds (at least 1).
pub const JOB_INTERVAL_ENV: &str = "ARBITER_JOB_INTERVAL_SECS";

/// The default-time job's interval when [`JOB_INTERVAL_ENV`] is unset: 15 seconds.
pub const DEFAULT_JOB_INTERVAL: Duration = Duration::from_secs(15);

/// The job's interval from the variable's value (`None`: unset).
///
/// # Errors
/// A value that is not a whole number of seconds from 1 to 3600, naming the variable.
pub fn job_interval(value: Option<&str>) -> anyhow::Result<Duration> {
    match value.map(str::trim).filter(|v| !v.is_empty()) {
        None => Ok(DEFAULT_JOB_INTERVAL),
        Some(v) => match v.parse::<u64>() {
            Ok(n @ 1..=3600) => Ok(Duration::from_secs(n)),
            _ => anyhow::bail!("{JOB_INTERVAL_ENV}={v}: a whole number of seconds from 1 to 3600"),
        },
    }
}

/// One run of the default-time job at `now` (Art. 6.7): applies the forfeits due and prints one
/// line per forfeit applied by this instance; returns how many.
///
/// # Errors
/// No connection, or the database's error.
pub fn default_time_tick(
    pool: &Pool,
    now: chrono::NaiveDateTime,
    actor: &Actor,
) -> anyhow::Result<usize> {
    let mut conn = pool.get().context("connecting to the database")?;
    let applied = arbiter_db::arbiter::apply_default_time_forfeits(&mut conn, now, actor)?;
    for a in &applied {
        outln!(
            "Arbiter: default time (Art. 6.7) passed at {}: tournament {} round {} board {}: {:?} forfeited",
            a.deadline,
            a.tournament,
            a.round,
            a.game.board.unwrap_or(a.game.seq + 1),
            a.forfeit
        );
    }
    Ok(applied.len())
}

/// Starts the default-time job on its own thread: [`default_time_tick`] every `interval`, for
/// as long as the process runs; an error is printed and the job carries on at the next tick.
///
/// # Errors
/// The thread cannot be started.
pub fn spawn_default_time_job(
    pool: Pool,
    interval: Duration,
) -> anyhow::Result<std::thread::JoinHandle<()>> {
    let actor = Actor::system(format!("default-time job (process {})", std::process::id()));
    std::thread::Builder::new()
        .name("default-time".into())
        .spawn(move || {
            loop {
                if let Err(e) = default_time_tick(&pool, arbiter_db::audit::now(), &actor) {
                    eprintln!("Arbiter: default-time job: {e:#}");
                }
                std::thread::sleep(interval);
            }
        })
        .context("starting the default-time job")
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
        Some((
            load_demo(&pool)?,
            load_demo_games(&pool)?,
            load_demo_team(&pool)?,
        ))
    } else {
        None
    };
    outln!("Arbiter: database {}", config.database_url);
    outln!("Arbiter: listening on http://{}/", config.bind);
    if let Some((id, games, team)) = demo {
        outln!(
            "Arbiter: demo event at http://{}/tournaments/{id}",
            config.bind
        );
        outln!(
            "Arbiter: demo games at http://{}/tournaments/{games}/games",
            config.bind
        );
        outln!(
            "Arbiter: demo team event at http://{}/tournaments/{team}",
            config.bind
        );
    }
    let interval = job_interval(std::env::var(JOB_INTERVAL_ENV).ok().as_deref())?;
    spawn_default_time_job(pool.clone(), interval)?;
    outln!(
        "Arbiter: default-time job (Art. 6.7) every {} s",
        interval.as_secs()
    );
    let bind = config.bind.clone();
    arbiter_web::serve_blocking(config, pool).with_context(|| format!("serving on {bind}"))?;
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_job_interval_is_read_from_the_variable() {
        assert_eq!(job_interval(None).unwrap(), Duration::from_secs(15));
        assert_eq!(job_interval(Some(" ")).unwrap(), Duration::from_secs(15));
        assert_eq!(job_interval(Some("5")).unwrap(), Duration::from_secs(5));
        for bad in ["0", "x", "-3", "3601"] {
            let e = job_interval(Some(bad)).unwrap_err().to_string();
            assert!(e.contains(JOB_INTERVAL_ENV), "{e}");
        }
    }

    /// The demo team event loads on an empty database beside the individual demos, with its
    /// 15 teams, 7 rounds and their matches, and loading it again stores nothing new.
    #[test]
    fn the_demo_team_event_loads_with_its_teams_rounds_and_matches() {
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}", dir.path().join("demo.db").display());
        let pool = arbiter_db::connect(&url, &arbiter_db::PoolOptions::default()).unwrap();
        let individual = load_demo(&pool).unwrap();
        let games = load_demo_games(&pool).unwrap();
        let team = load_demo_team(&pool).unwrap();
        assert_ne!(team, individual);
        assert_ne!(team, games);
        assert_eq!(load_demo_team(&pool).unwrap(), team, "loaded once");
        let mut conn = pool.get().unwrap();
        assert_eq!(arbiter_db::list_tournaments(&mut conn).unwrap().len(), 3);
        let (event, _) = arbiter_db::team::team_event(&mut conn, team)
            .unwrap()
            .expect("a team event");
        assert_eq!(event.teams.len(), 15);
        assert!(event.teams.iter().any(|t| t.name == "ΟΑΑΗ"));
        assert_eq!(event.rounds.len(), 7);
        for r in &event.rounds {
            // 15 teams: at most 7 matches a round, and most of them play.
            assert!(
                (6..=7).contains(&r.matches.len()),
                "round {}: {}",
                r.number,
                r.matches.len()
            );
        }
        let none = arbiter_db::team::team_event(&mut conn, individual).unwrap();
        assert!(none.is_none(), "the individual demo stays individual");
    }
}
