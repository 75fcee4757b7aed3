//! `arbiter rating-list import FILE` (a FIDE rating list file into its month's snapshot) and
//! `arbiter rating-list find FIDE_ID|NAME` (a player in the newest snapshot).

use std::fs::File;
use std::io::BufReader;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, bail};
use arbiter_db::rating_list::{
    StoredListedPlayer, import_rating_list, listed_player, rating_lists, search_rating_list,
};
use arbiter_tournament::rating_list::{ListHint, ListKind, RatingListKind};
use chrono::{Datelike, NaiveDate};

use crate::database::{DatabaseArg, open};

/// `arbiter rating-list ...`.
#[derive(Debug, clap::Subcommand)]
pub enum RatingListCommand {
    /// Import a FIDE rating list file (the standard, rapid or blitz TXT, the combined TXT, the
    /// XML lists) into the snapshot of its month, in one transaction.
    Import(ImportArgs),
    /// Find a player in the newest snapshot by FIDE id, or by name (folded, a prefix of
    /// `Last, First`).
    Find(FindArgs),
}

/// A list name on the command line.
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
enum ListArg {
    Standard,
    Rapid,
    Blitz,
    Combined,
}

/// Arguments of `arbiter rating-list import`.
#[derive(Debug, clap::Args)]
pub struct ImportArgs {
    /// The file as downloaded from FIDE (unzipped): its name gives the list and month
    /// (`standard_nov25frl.txt`).
    file: PathBuf,
    /// The list's month (YYYY-MM-DD, any day of it) when neither the file's header nor its name
    /// gives it.
    #[arg(long, value_name = "YYYY-MM-DD")]
    date: Option<NaiveDate>,
    /// Which list the file is, when its name does not say.
    #[arg(long, value_enum)]
    list: Option<ListArg>,
    #[command(flatten)]
    db: DatabaseArg,
}

/// Arguments of `arbiter rating-list find`.
#[derive(Debug, clap::Args)]
pub struct FindArgs {
    /// A FIDE id, or a name (`rezaei ali`, `Rezaei, A`).
    #[arg(required = true, num_args = 1..)]
    query: Vec<String>,
    /// The most players a name search prints.
    #[arg(long, default_value_t = 20)]
    limit: u32,
    /// The snapshot's month (YYYY-MM-DD, any day of it) instead of the newest.
    #[arg(long, value_name = "YYYY-MM-DD")]
    date: Option<NaiveDate>,
    #[command(flatten)]
    db: DatabaseArg,
}

/// Runs a `rating-list` command.
///
/// # Errors
/// The file or the database's error (the import's names the line or record, field and value).
pub fn run(command: &RatingListCommand) -> anyhow::Result<ExitCode> {
    match command {
        RatingListCommand::Import(args) => import(args),
        RatingListCommand::Find(args) => find(args),
    }
}

fn month(d: NaiveDate) -> NaiveDate {
    d.with_day(1).unwrap_or(d)
}

fn import(args: &ImportArgs) -> anyhow::Result<ExitCode> {
    let name = args.file.to_string_lossy().into_owned();
    let file = File::open(&args.file).with_context(|| format!("reading {name}"))?;
    let hint = ListHint {
        file_name: Some(&name),
        kind: args.list.map(|l| match l {
            ListArg::Standard => ListKind::Standard,
            ListArg::Rapid => ListKind::Rapid,
            ListArg::Blitz => ListKind::Blitz,
            ListArg::Combined => ListKind::Combined,
        }),
        date: args.date.map(month),
    };
    let pool = open(&args.db.config())?;
    let mut conn = pool.get().context("connecting to the database")?;
    let s = import_rating_list(&mut conn, BufReader::with_capacity(1 << 16, file), &hint)
        .with_context(|| format!("{name}: nothing was imported"))?;
    outln!(
        "{}: the {} list of {}: {} players read, {} new, {} already listed from another list of the month",
        name,
        s.kind,
        s.date.format("%Y-%m"),
        s.read,
        s.inserted,
        s.updated
    );
    if let Some(snapshot) = rating_lists(&mut conn)?
        .into_iter()
        .find(|l| l.date == s.date)
    {
        let held: Vec<&str> = RatingListKind::ALL
            .into_iter()
            .filter(|&k| snapshot.holds(k))
            .map(RatingListKind::as_str)
            .collect();
        outln!(
            "snapshot {}: {} players; lists: {}",
            snapshot.date.format("%Y-%m"),
            snapshot.players,
            held.join(", ")
        );
    }
    Ok(ExitCode::SUCCESS)
}

fn find(args: &FindArgs) -> anyhow::Result<ExitCode> {
    let query = args.query.join(" ");
    let pool = open(&args.db.config())?;
    let mut conn = pool.get().context("connecting to the database")?;
    let date = args.date.map(month);
    let found: Vec<StoredListedPlayer> = if query.trim().bytes().all(|b| b.is_ascii_digit()) {
        let id: u64 = query
            .trim()
            .parse()
            .with_context(|| format!("FIDE id `{query}`"))?;
        listed_player(&mut conn, id, date)?.into_iter().collect()
    } else {
        search_rating_list(&mut conn, &query, date, args.limit)?
    };
    if found.is_empty() {
        if rating_lists(&mut conn)?.is_empty() {
            bail!("no rating list is stored: `arbiter rating-list import FILE` first");
        }
        outln!("nobody found for `{query}`");
        return Ok(ExitCode::from(1));
    }
    for s in &found {
        let p = &s.player;
        let mut line = format!(
            "{:<10} {:<40} {} {}",
            p.fide_id,
            p.name,
            p.federation,
            p.best_title().map_or("", |t| t.as_str())
        );
        for kind in RatingListKind::ALL {
            if let Some(r) = p.rating(kind) {
                line.push_str(&format!(
                    "  {kind} {} ({} games, K {})",
                    r.rating,
                    r.games,
                    r.k.map_or_else(|| "-".to_owned(), |k| k.to_string())
                ));
            }
        }
        if let Some(y) = p.birth_year {
            line.push_str(&format!("  born {y}"));
        }
        let flags = p.flags.to_string();
        if !flags.is_empty() {
            line.push_str(&format!("  flag {flags}"));
        }
        line.push_str(&format!("  [list {}]", s.list_date.format("%Y-%m")));
        outln!("{line}");
    }
    Ok(ExitCode::SUCCESS)
}
