//! `arbiter perft`: perft counts for one FEN or for every line of a perft file.

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, bail};
use arbiter_rules::{Position, perft_parallel};

/// Arguments of `arbiter perft`.
#[derive(Debug, clap::Args)]
#[command(group(clap::ArgGroup::new("input").required(true).args(["epd", "fen"])))]
pub struct PerftArgs {
    /// A perft file: `FEN ; D1 n ; D2 n ; ...` per line (`#` lines are comments). Prints
    /// `LINE DEPTH NODES` for every listed depth whose expected count is at most --max-nodes.
    #[arg(long)]
    epd: Option<PathBuf>,
    /// With --epd: skip depths whose expected count exceeds this.
    #[arg(long, default_value_t = u64::MAX)]
    max_nodes: u64,
    /// One position (FEN or 4-field EPD); prints its count at --depth.
    #[arg(long, requires = "depth")]
    fen: Option<String>,
    /// With --fen: the depth in plies.
    #[arg(long)]
    depth: Option<u32>,
    /// Threads sharing the root moves (default: the machine's cores).
    #[arg(long)]
    threads: Option<usize>,
}

/// Runs the command. Exit status 0 when every count matched its expected value (or no expected
/// values were given), 1 when some did not.
pub fn run(args: &PerftArgs) -> anyhow::Result<ExitCode> {
    let threads = args
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from));
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    if let Some(fen) = &args.fen {
        let pos = Position::from_fen(fen).with_context(|| format!("FEN `{fen}`"))?;
        let depth = args.depth.unwrap_or(1);
        writeln!(out, "{}", perft_parallel(&pos, depth, threads))?;
        return Ok(ExitCode::SUCCESS);
    }
    let Some(path) = &args.epd else {
        bail!("give --epd FILE or --fen FEN --depth D")
    };
    let file =
        std::fs::File::open(path).with_context(|| format!("cannot open {}", path.display()))?;
    let mut mismatches = 0;
    for (i, line) in BufReader::new(file).lines().enumerate() {
        let line = line.with_context(|| format!("{}: line {}", path.display(), i + 1))?;
        let line_no = i + 1;
        let text = line.trim();
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        let mut fields = text.split(';');
        let fen = fields.next().unwrap_or_default().trim();
        let pos = match Position::from_fen(fen) {
            Ok(pos) => pos,
            Err(e) => {
                writeln!(out, "{line_no} rejected: {e}")?;
                continue;
            }
        };
        for field in fields {
            let field = field.trim();
            let parsed = field
                .strip_prefix('D')
                .and_then(|rest| rest.split_once(char::is_whitespace))
                .and_then(|(d, n)| Some((d.parse::<u32>().ok()?, n.trim().parse::<u64>().ok()?)));
            let Some((depth, expected)) = parsed else {
                bail!(
                    "{}: line {line_no}: `{field}` is not `Dn count`",
                    path.display()
                );
            };
            if expected > args.max_nodes {
                continue;
            }
            let nodes = perft_parallel(&pos, depth, threads);
            if nodes == expected {
                writeln!(out, "{line_no} {depth} {nodes}")?;
            } else {
                mismatches += 1;
                writeln!(
                    out,
                    "{line_no} {depth} {nodes} MISMATCH expected {expected}"
                )?;
            }
        }
    }
    Ok(if mismatches == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
