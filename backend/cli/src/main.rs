//! The `arbiter` command: the web service (`serve`, the default) and the arbiter's command-line
//! tools.

mod accounts;
mod database;
mod dead;
mod games;
mod pair;
mod perft;
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
        Some(Command::Dead(args)) => dead::run(&args),
        Some(Command::Trf(command)) => trf::run(&command),
        Some(Command::Games(GamesCommand::Validate(args))) => games::run(&args),
        Some(Command::Serve(args)) => serve::run(&args),
        Some(Command::Import(args)) => database::import(&args),
        Some(Command::Migrate(args)) => database::migrate(&args),
        Some(Command::User(cmd)) => accounts::user(&cmd),
        Some(Command::Token(cmd)) => accounts::token(&cmd),
        Some(Command::Pair(args)) => pair::run(&args),
        None => serve::run_default(),
    };
    result.unwrap_or_else(|e| {
        eprintln!("arbiter: {e:#}");
        ExitCode::from(2)
    })
}
