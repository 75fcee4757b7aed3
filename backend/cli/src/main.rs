//! The `arbiter` command: the web service (to come) and the arbiter's command-line tools.

mod pair;
mod perft;

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
    /// Pair the next round of a TRF file by the FIDE Dutch system (C.04.3).
    Pair(pair::PairArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Some(Command::Perft(args)) => perft::run(&args),
        Some(Command::Pair(args)) => pair::run(&args),
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
