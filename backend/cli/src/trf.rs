//! `arbiter trf check` and `arbiter trf convert`: FIDE Tournament Report Files (TRF16, TRF-2026).

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use arbiter_tournament::trf::{TrfError, TrfVersion, read_trf, write_trf};

/// `arbiter trf ...`
#[derive(Debug, clap::Subcommand)]
pub enum TrfCommand {
    /// Report every problem in a TRF file (errors and tolerated irregularities), each with its line,
    /// column and player. Exit status 0 when there is no error, 1 when there are errors, 2 when the
    /// file cannot be read.
    Check {
        /// The TRF file.
        file: PathBuf,
    },
    /// Rewrite a TRF file as TRF16 or TRF-2026 (FIDE Handbook C.04 Annex 2; TRF26).
    Convert {
        /// The TRF file to read.
        input: PathBuf,
        /// Where to write.
        output: PathBuf,
        /// The version to write.
        #[arg(long, value_enum)]
        to: Version,
    },
}

/// The TRF versions Arbiter writes.
#[derive(Debug, Clone, Copy, clap::ValueEnum)]
pub enum Version {
    /// TRF16 with the pairing engines' extension codes (XXR, XXC, BBx...).
    Trf16,
    /// TRF-2026 (records 142-299).
    Trf26,
}

fn print_error(path: &std::path::Path, e: &TrfError) -> std::io::Result<()> {
    for issue in &e.errors {
        outln!("{}: error: {issue}", path.display());
    }
    for issue in &e.warnings {
        outln!("{}: warning: {issue}", path.display());
    }
    Ok(())
}

/// Runs the command.
pub fn run(command: &TrfCommand) -> anyhow::Result<ExitCode> {
    match command {
        TrfCommand::Check { file } => {
            let bytes = match std::fs::read(file) {
                Ok(b) => b,
                Err(e) => {
                    eprintln!("arbiter: cannot read {}: {e}", file.display());
                    return Ok(ExitCode::from(2));
                }
            };
            match read_trf(&bytes) {
                Ok(read) => {
                    for w in &read.warnings {
                        outln!("{}: warning: {w}", file.display());
                    }
                    outln!(
                        "{}: {:?}, {} players, {} rounds: no errors, {} warnings",
                        file.display(),
                        read.version,
                        read.tournament.players.len(),
                        read.tournament.rounds.len(),
                        read.warnings.len()
                    );
                    Ok(ExitCode::SUCCESS)
                }
                Err(e) => {
                    print_error(file, &e)?;
                    outln!(
                        "{}: {} errors, {} warnings",
                        file.display(),
                        e.errors.len(),
                        e.warnings.len()
                    );
                    Ok(ExitCode::from(1))
                }
            }
        }
        TrfCommand::Convert { input, output, to } => {
            let bytes =
                std::fs::read(input).with_context(|| format!("cannot read {}", input.display()))?;
            let read = match read_trf(&bytes) {
                Ok(read) => read,
                Err(e) => {
                    print_error(input, &e)?;
                    anyhow::bail!(
                        "{} has {} errors: not converted",
                        input.display(),
                        e.errors.len()
                    );
                }
            };
            let version = match to {
                Version::Trf16 => TrfVersion::Trf16,
                Version::Trf26 => TrfVersion::Trf2026,
            };
            std::fs::write(output, write_trf(&read.tournament, version))
                .with_context(|| format!("cannot write {}", output.display()))?;
            Ok(ExitCode::SUCCESS)
        }
    }
}
