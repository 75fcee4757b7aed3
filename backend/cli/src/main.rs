//! The `arbiter` command: the web service (to come) and the arbiter's command-line tools.

mod dead;
mod games;
mod perft;
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
        None => {
            eprintln!(
                "arbiter: the web service is not built yet; see `arbiter --help` for the tools"
            );
            Ok(ExitCode::SUCCESS)
        }
    };
    result.unwrap_or_else(|e| {
        eprintln!("arbiter: {e:#}");
        ExitCode::from(2)
    })
}
