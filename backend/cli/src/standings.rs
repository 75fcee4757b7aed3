//! `arbiter standings`: standings after any round with FIDE tie-breaks (Handbook C.07, editions
//! 2024-08 and 2026-03), as text, CSV or JSON; `--explain` shows one player's tie-breaks round by
//! round (contributions, cuts, dummy opponents) and what separates him from his neighbours;
//! `--crosstable` prints the crosstable. A file with team records (TRF16 `013`, TRF-2026 `310`)
//! gives the team standings instead (`standings/team.rs`); `--team` insists on them.

mod team;

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, bail};
use arbiter_tournament::csv_io::{StandingRow, export_standings};
use arbiter_tournament::tiebreak::{
    Edition, Kind, StandingsOptions, TieBreak, Value, crosstable, default_tiebreaks, explain,
    is_round_robin, parse_list, standings,
};
use arbiter_tournament::{Points, read_trf};

/// Output format of `arbiter standings`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// An aligned table.
    Text,
    /// CSV: rank, pairing number, name, title, rating, federation, points, one column per
    /// tie-break.
    Csv,
    /// A JSON array of `{"start_number", "rank", "name", "tiebreaks": {"BH/C1": 64.5, ...}}`.
    Json,
}

/// Arguments of `arbiter standings`.
#[derive(Debug, clap::Args)]
pub struct StandingsArgs {
    /// The tournament (TRF16 or TRF-2026).
    file: PathBuf,
    /// Standings after this round (default: the last round with results).
    #[arg(long)]
    after_round: Option<u16>,
    /// Comma-separated C.07 codes with modifiers, e.g. `PTS,BH/C1,BH,SB,DE` (default: the file's
    /// record 212/202, else a FIDE default).
    #[arg(long)]
    tiebreaks: Option<String>,
    /// The edition for tie-breaks without a `/V1` or `/V2` pin: 2024 or 2026 (default: the one
    /// in force at the tournament's start).
    #[arg(long, value_parser = parse_edition)]
    edition: Option<Edition>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Explain one player's tie-breaks (by start number).
    #[arg(long)]
    explain: Option<u16>,
    /// Print the crosstable after the standings (text).
    #[arg(long)]
    crosstable: bool,
    /// The team standings (the default when the file holds team records, `013` or `310`): an
    /// error when it holds none.
    #[arg(long)]
    team: bool,
    /// A team event's primary score (C.04.6 art. 1.2), over the file's record `192`: `mp`
    /// (match points) or `gp` (game points).
    #[arg(long, value_enum)]
    primary: Option<Primary>,
}

/// The primary score of a team event (`--primary`, C.04.6 art. 1.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Primary {
    /// Match points.
    Mp,
    /// Game points.
    Gp,
}

/// A `--edition` value that names no C.07 edition the standings can use.
#[derive(Debug, thiserror::Error)]
#[error("`{0}` is not an edition: use 2024 or 2026")]
struct UnknownEdition(String);

/// One standings row's tie-break values as the JSON object of `--format json`: each code in
/// `names` (the order of `tbs`) to its value as an exact decimal number (the tie-break's own
/// number of decimals, C.07), or `null` where it has none.
fn tiebreak_map(
    names: &[String],
    tbs: &[TieBreak],
    values: &[Option<Value>],
) -> serde_json::Map<String, serde_json::Value> {
    let mut map = serde_json::Map::new();
    for (i, n) in names.iter().enumerate() {
        let number = values.get(i).copied().flatten().and_then(|v| {
            let d = tbs.get(i).map_or(1, |tb| tb.kind.decimals());
            // Exact decimal text, read back as a JSON number.
            serde_json::from_str::<serde_json::Number>(&v.format(d)).ok()
        });
        map.insert(
            n.clone(),
            number.map_or(serde_json::Value::Null, serde_json::Value::Number),
        );
    }
    map
}

fn parse_edition(s: &str) -> Result<Edition, UnknownEdition> {
    match Edition::parse(s) {
        Some(e @ (Edition::E2024 | Edition::E2026)) => Ok(e),
        _ => Err(UnknownEdition(s.to_owned())),
    }
}

/// Runs the command.
pub fn run(args: &StandingsArgs) -> anyhow::Result<ExitCode> {
    let bytes =
        std::fs::read(&args.file).with_context(|| format!("reading {}", args.file.display()))?;
    let t = read_trf(&bytes)
        .map_err(|e| anyhow::anyhow!("{e}"))
        .with_context(|| format!("reading {}", args.file.display()))?
        .tournament;
    if let Some(event) = t.team.clone() {
        return team::run(args, &t, event);
    }
    if args.team {
        bail!(
            "--team: {} has no team records (013 or 310): not a team event",
            args.file.display()
        );
    }
    if args.primary.is_some() {
        bail!("--primary: only for a team event");
    }
    if let Some(r) = args.after_round {
        if usize::from(r) > t.rounds.len() {
            bail!("--after-round {r}: the file has {} rounds", t.rounds.len());
        }
    }
    let options = StandingsOptions {
        edition: args.edition,
        after_round: args.after_round,
        round_robin: None,
    };
    let tbs = if let Some(list) = &args.tiebreaks {
        parse_list(list).context("--tiebreaks")?
    } else {
        let r = usize::from(args.after_round.unwrap_or_else(|| t.last_round()));
        default_tiebreaks(&t, is_round_robin(&t, r))
    };
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    if let Some(player) = args.explain {
        let Some((_, e)) = explain(&t, &tbs, &options, player) else {
            bail!("--explain {player}: no such player");
        };
        write!(out, "{e}")?;
        return Ok(ExitCode::SUCCESS);
    }
    let s = standings(&t, &tbs, &options);
    let names: Vec<String> = tbs.iter().map(ToString::to_string).collect();
    let fmt_value = |i: usize, v: Option<Value>| {
        let d = tbs.get(i).map_or(1, |tb| tb.kind.decimals());
        v.map_or_else(|| "-".to_owned(), |v| v.format(d))
    };
    match args.format {
        Format::Text => {
            write!(out, "{:>4} {:>4}  {:<30}", "Rk", "SNo", "Name")?;
            for n in &names {
                write!(out, " {n:>9}")?;
            }
            writeln!(out)?;
            for row in &s.rows {
                write!(
                    out,
                    "{:>4} {:>4}  {:<30}",
                    row.rank, row.pairing_number, row.name
                )?;
                for (i, v) in row.values.iter().enumerate() {
                    write!(out, " {:>9}", fmt_value(i, *v))?;
                }
                writeln!(out)?;
            }
        }
        Format::Csv => {
            let scores = t.scores_after_round(s.after_round);
            let rows: Vec<StandingRow> = s
                .rows
                .iter()
                .map(|row| StandingRow {
                    rank: u16::try_from(row.rank).unwrap_or(u16::MAX),
                    pairing_number: row.pairing_number,
                    points: scores
                        .get(&row.pairing_number)
                        .copied()
                        .unwrap_or(Points::ZERO),
                    tiebreaks: row
                        .values
                        .iter()
                        .enumerate()
                        .map(|(i, v)| fmt_value(i, *v))
                        .collect(),
                })
                .collect();
            let refs: Vec<&str> = names.iter().map(String::as_str).collect();
            export_standings(&t, &rows, &refs, &mut out)?;
        }
        Format::Json => {
            let arr: Vec<serde_json::Value> = s
                .rows
                .iter()
                .map(|row| {
                    let map = tiebreak_map(&names, &tbs, &row.values);
                    serde_json::json!({
                        "start_number": row.pairing_number,
                        "rank": row.rank,
                        "name": row.name,
                        "tiebreaks": map,
                    })
                })
                .collect();
            serde_json::to_writer_pretty(&mut out, &arr)?;
            writeln!(out)?;
        }
    }
    if args.crosstable {
        writeln!(out)?;
        write!(out, "{}", crosstable(&t, &s))?;
    }
    if tbs.first().map(|tb| tb.kind) != Some(Kind::Pts) {
        eprintln!("note: the list does not start with PTS; ranks follow the list as given");
    }
    Ok(ExitCode::SUCCESS)
}
