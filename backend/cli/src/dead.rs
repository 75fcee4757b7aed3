//! `arbiter dead`: who can still checkmate, for every position of a file (Art. 5.2(b), 6.9).

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use arbiter_rules::{Position, parse_fen, who_can_checkmate};

/// Arguments of `arbiter dead`.
#[derive(Debug, clap::Args)]
pub struct DeadArgs {
    /// A file of FEN lines, each optionally led by a two-character label and a space (as in the
    /// Chess Unwinnability Analyzer's test vectors); `#` lines are comments.
    #[arg(long)]
    epd: PathBuf,
}

/// Prints `LINE LABEL` per position (`WB`, `W-`, `-B`, `--`), or `LINE error: ...` for a line that
/// is not a position (unreadable FEN, or one that breaks the rules of movement; positions no
/// game could reach are accepted, as the Chess Unwinnability Analyzer's test vectors need). Exit status 0, or 1 when some line could not be read.
pub fn run(args: &DeadArgs) -> anyhow::Result<ExitCode> {
    let file = std::fs::File::open(&args.epd)
        .with_context(|| format!("cannot open {}", args.epd.display()))?;
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut bad = 0;
    for (i, line) in BufReader::new(file).lines().enumerate() {
        let line = line.with_context(|| format!("{}: line {}", args.epd.display(), i + 1))?;
        let text = line.trim();
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        // A leading label: two characters of `W`, `B`, `-`, then a space.
        let fen = match text.split_once(' ') {
            Some((label, rest))
                if label.len() == 2 && label.chars().all(|c| matches!(c, 'W' | 'B' | '-')) =>
            {
                rest
            }
            _ => text,
        };
        // Positions no game could reach are analysed too (the Laws of movement still apply).
        let pos = parse_fen(fen)
            .map_err(anyhow::Error::from)
            .and_then(|setup| Position::from_setup_relaxed(&setup).map_err(anyhow::Error::from));
        match pos {
            Ok(pos) => writeln!(out, "{} {}", i + 1, who_can_checkmate(&pos))?,
            Err(e) => {
                bad += 1;
                writeln!(out, "{} error: {e}", i + 1)?;
            }
        }
    }
    Ok(if bad == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
