//! The `arbiter` command.

use clap::Parser;

/// Arbiter: chess tournaments by the FIDE Laws of Chess.
#[derive(Debug, Parser)]
#[command(name = "arbiter", version, about)]
struct Cli {}

fn main() -> anyhow::Result<()> {
    let _cli = Cli::parse();
    Ok(())
}
