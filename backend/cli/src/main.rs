//! The `arbiter` command: the web service (`serve`, the default) and the arbiter's command-line
//! tools.
//!
//! A binary, not a library: its examples are shell sessions (`cargo run --release --` in place
//! of `arbiter` from a checkout), run from the workspace's root on the demo files of `fixtures/`
//! (outputs cut at `...`); `arbiter help COMMAND` prints every option.
//!
//! ```console
//! $ arbiter standings fixtures/karl-mala-2005.trf --tiebreaks PTS,BH/C1,BH
//!   Rk  SNo  Name                                 PTS     BH/C1        BH
//!    1    5  Mikhaletz,Lubomir                    6.5      29.5      33.0
//!    2    3  Grabarczyk,Bogdan                    6.0      31.0      34.0
//!    2   31  Uwira,Oliver                         6.0      31.0      34.0
//! ...
//! $ arbiter pair --dutch fixtures/karl-mala-2005.trf -p     # round 8: 142 boards, white black
//! 142
//! 1 5
//! 8 3
//! ...
//! $ arbiter games validate fixtures/ch-chn-2025.pgn
//! 1 ok plies=86 outcome=ongoing
//! ...
//! ```
//!
//! The service with a database of its own (SQLite here; `postgres://USER@HOST/DB` works alike),
//! an event imported first:
//!
//! ```console
//! $ arbiter import fixtures/karl-mala-2005.trf --database sqlite:///tmp/try.sqlite
//! 1cf81e9b-40ab-446a-b72b-ef9a29c25524
//! $ ARBITER_SESSION_KEY=$(head -c64 /dev/urandom | xxd -p | tr -d '\n') \
//!   arbiter serve --bind 127.0.0.1:8099 --database sqlite:///tmp/try.sqlite
//! ```

/// `println!` that hands a write error to the caller (`?`) instead of panicking: a reader that
/// closes the pipe early (`arbiter trf check FILE | head`) ends the command quietly
/// ([`quiet_on_closed_pipe`]).
macro_rules! outln {
    () => {
        ::std::io::Write::write_all(&mut ::std::io::stdout(), b"\n")?
    };
    ($($arg:tt)*) => {
        ::std::io::Write::write_fmt(
            &mut ::std::io::stdout(),
            ::std::format_args!("{}\n", ::std::format_args!($($arg)*)),
        )?
    };
}

/// `print!` as [`outln`] does `println!`.
macro_rules! out {
    ($($arg:tt)*) => {
        ::std::io::Write::write_fmt(&mut ::std::io::stdout(), ::std::format_args!($($arg)*))?
    };
}

mod accounts;
mod check;
mod database;
mod dead;
mod games;
mod pair;
mod perft;
mod rating_list;
mod ratings;
mod serve;
mod standings;
mod trf;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Arbiter: chess tournaments by the FIDE Laws of Chess.
#[derive(Debug, Parser)]
#[command(name = "arbiter", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Count the leaf nodes of the legal move tree (move generator check, Art. 3).
    Perft(perft::PerftArgs),
    /// Standings after any round with FIDE tie-breaks (C.07 2024-08 / 2026-03).
    Standings(standings::StandingsArgs),
    /// FIDE rating changes and initial ratings for an event (B.02, 1 March 2024).
    Ratings(ratings::RatingsArgs),
    /// Who can still checkmate in each position of a file (Art. 5.2(b), 6.9).
    Dead(dead::DeadArgs),
    /// FIDE Tournament Report Files: check, convert.
    #[command(subcommand)]
    Trf(trf::TrfCommand),
    /// Run the web service (the default when no command is given).
    Serve(serve::ServeArgs),
    /// Store a TRF or PGN file as a new tournament; prints its id.
    Import(database::ImportArgs),
    /// Run the database migrations.
    Migrate(database::MigrateArgs),
    /// Accounts.
    #[command(subcommand)]
    User(accounts::UserCommand),
    /// API tokens.
    #[command(subcommand)]
    Token(accounts::TokenCommand),
    /// Pair the next round of a TRF file by the FIDE Dutch system (C.04.3).
    Pair(pair::PairArgs),
    /// Check a TRF file's pairings (Dutch C.04.3, team C.04.6) and ranks (its 202/212 tie-break
    /// list): FIDE's pairing and tie-break checker. Exit status 0 consistent, 1 not, 2 unreadable.
    Check(check::CheckArgs),
    /// FIDE rating lists: import a downloaded file, find a player.
    #[command(subcommand, name = "rating-list")]
    RatingList(rating_list::RatingListCommand),
    /// Games: replay and validate scoresheets.
    #[command(subcommand)]
    Games(GamesCommand),
}

#[derive(Debug, Subcommand)]
enum GamesCommand {
    /// Replay every game of a PGN file: illegal moves, contradicted results, draw claims.
    Validate(games::ValidateArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Some(Command::Perft(args)) => perft::run(&args),
        Some(Command::Standings(args)) => standings::run(&args),
        Some(Command::Ratings(args)) => ratings::run(&args),
        Some(Command::Dead(args)) => dead::run(&args),
        Some(Command::Trf(command)) => trf::run(&command),
        Some(Command::Games(GamesCommand::Validate(args))) => games::run(&args),
        Some(Command::Serve(args)) => serve::run(&args),
        Some(Command::Import(args)) => database::import(&args),
        Some(Command::Migrate(args)) => database::migrate(&args),
        Some(Command::User(cmd)) => accounts::user(&cmd),
        Some(Command::Token(cmd)) => accounts::token(&cmd),
        Some(Command::Pair(args)) => pair::run(&args),
        Some(Command::Check(args)) => check::run(&args),
        Some(Command::RatingList(cmd)) => rating_list::run(&cmd),
        None => serve::run_default(),
    };
    result.unwrap_or_else(|e| {
        if quiet_on_closed_pipe(&e) {
            return ExitCode::SUCCESS;
        }
        eprintln!("arbiter: {e:#}");
        ExitCode::from(2)
    })
}

/// Whether an error is the reader of standard output having gone (`EPIPE`: `| head`), which
/// ends a command quietly, as the shell's tools do.
fn quiet_on_closed_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}
