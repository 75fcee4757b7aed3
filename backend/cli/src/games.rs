//! `arbiter games validate`: replay every game of a PGN file through the rules core.

use std::io::{BufReader, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use arbiter_rules::draw::LawsEdition;
use arbiter_rules::replay::{ReplayOptions, Report, validate_pgn_parallel};
use arbiter_rules::{Color, PieceLetters};

/// Arguments of `arbiter games validate`.
#[derive(Debug, clap::Args)]
pub struct ValidateArgs {
    /// The PGN file.
    file: PathBuf,
    /// Output: one line of text per game, or one JSON object per game (JSON Lines).
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Which Laws: `later` adds the automatic draws of Art. 9.6 (fivefold repetition, 75 moves).
    #[arg(long, value_enum, default_value_t = Laws::Later)]
    laws: Laws,
    /// The piece letters of the scoresheets (Appendix E.2); detected per game when omitted.
    #[arg(long, value_enum)]
    letters: Option<Letters>,
    /// Threads in all: one reads the file (and replays games when the others are busy), the
    /// others replay games; default: one per core. The output is the same, in the file's order,
    /// whatever the number.
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=256))]
    threads: Option<u16>,
}

#[derive(Debug, Clone, Copy, clap::ValueEnum)]
enum Format {
    Text,
    Jsonl,
}

#[derive(Debug, Clone, Copy, clap::ValueEnum)]
enum Laws {
    /// The 2001 Laws: draws by repetition or 50 moves only on a claim.
    #[value(name = "2001")]
    Laws2001,
    /// The later Laws (2014 onwards): also automatic draws (Art. 9.6).
    Later,
}

#[derive(Debug, Clone, Copy, clap::ValueEnum)]
enum Letters {
    English,
    German,
    French,
    Spanish,
    Italian,
    Dutch,
    Russian,
    Persian,
    Arabic,
    Figurine,
}

impl From<Letters> for PieceLetters {
    fn from(l: Letters) -> PieceLetters {
        match l {
            Letters::English => PieceLetters::English,
            Letters::German => PieceLetters::German,
            Letters::French => PieceLetters::French,
            Letters::Spanish => PieceLetters::Spanish,
            Letters::Italian => PieceLetters::Italian,
            Letters::Dutch => PieceLetters::Dutch,
            Letters::Russian => PieceLetters::Russian,
            Letters::Persian => PieceLetters::Persian,
            Letters::Arabic => PieceLetters::Arabic,
            Letters::Figurine => PieceLetters::Figurine,
        }
    }
}

fn json_line(report: &Report) -> serde_json::Value {
    let problem = report.problem.as_ref();
    serde_json::json!({
        "index": report.index,
        "status": report.status.name(),
        "plies": report.plies,
        "final_fen": report.final_position.fen(),
        "result_tag": report.result_tag.map(arbiter_rules::pgn::Termination::as_str),
        "outcome": report.outcome.name(),
        "article": report.article,
        "message": report.message,
        "letters": report.letters.name(),
        "move": problem.map(|p| serde_json::json!({
            "ply": p.ply,
            "number": p.move_number,
            "side": p.side.fold("white", "black"),
            "text": p.text,
            "line": p.line,
        })),
        "claims": report.claims.iter().map(|c| serde_json::json!({
            "ply": c.ply,
            "article": c.article,
            "claimant": c.claimant.fold("white", "black"),
        })).collect::<Vec<_>>(),
        "warnings": report.warnings,
    })
}

fn text_line(report: &Report) -> String {
    let mut line = format!(
        "{} {} plies={}",
        report.index,
        report.status.name(),
        report.plies
    );
    if let Some(p) = &report.problem {
        let dots = if p.side == Color::White { "." } else { "..." };
        line.push_str(&format!(
            " move={}{dots}{} line={}",
            p.move_number, p.text, p.line
        ));
    }
    line.push_str(&format!(" outcome={}", report.outcome.name()));
    if !report.message.is_empty() {
        line.push_str(&format!(": {}", report.message));
    }
    for w in &report.warnings {
        line.push_str(&format!(" [warning: {w}]"));
    }
    line
}

/// Runs the command: exit status 0 when every game is valid, 1 when some are not, 2 when the file
/// cannot be read.
pub fn run(args: &ValidateArgs) -> anyhow::Result<ExitCode> {
    let file = match std::fs::File::open(&args.file) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("arbiter: cannot read {}: {e}", args.file.display());
            return Ok(ExitCode::from(2));
        }
    };
    let options = ReplayOptions {
        edition: match args.laws {
            Laws::Laws2001 => LawsEdition::Laws2001,
            Laws::Later => LawsEdition::Later,
        },
        letters: args.letters.map(PieceLetters::from),
    };
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let (mut valid, mut invalid) = (0u64, 0u64);
    let mut by_status = std::collections::BTreeMap::<&str, u64>::new();
    let mut write_error = None;
    let threads = args.threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, usize::from),
        usize::from,
    );
    let read = validate_pgn_parallel(BufReader::new(file), options, threads, |game| {
        let line = match &game {
            Ok(report) => {
                *by_status.entry(report.status.name()).or_default() += 1;
                if report.is_ok() {
                    valid += 1;
                } else {
                    invalid += 1;
                }
                match args.format {
                    Format::Text => text_line(report),
                    Format::Jsonl => json_line(report).to_string(),
                }
            }
            Err((index, e)) => {
                *by_status.entry("pgn_syntax").or_default() += 1;
                invalid += 1;
                match args.format {
                    Format::Text => format!("{index} pgn_syntax: {e}"),
                    Format::Jsonl => serde_json::json!({
                        "index": index, "status": "pgn_syntax", "plies": 0, "final_fen": null,
                        "result_tag": null, "outcome": null, "article": null, "message": e.to_string(),
                    })
                    .to_string(),
                }
            }
        };
        if write_error.is_none() {
            if let Err(e) = writeln!(out, "{line}") {
                write_error = Some(e);
            }
        }
    });
    if let Some(e) = write_error {
        return Err(e.into());
    }
    out.flush()?;
    if let Err(e) = read {
        eprintln!("arbiter: {}: {e}", args.file.display());
        return Ok(ExitCode::from(2));
    }
    let summary = by_status
        .iter()
        .map(|(k, v)| format!("{k} {v}"))
        .collect::<Vec<_>>()
        .join(", ");
    let summary = format!(
        "{} games: {valid} valid, {invalid} not ({summary})",
        valid + invalid
    );
    match args.format {
        Format::Text => outln!("{summary}"),
        // Keep standard output pure JSON Lines.
        Format::Jsonl => eprintln!("{summary}"),
    }
    Ok(if invalid == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
