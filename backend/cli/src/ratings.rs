//! `arbiter ratings`: each player's FIDE rating change for an event (Handbook B.02, 1 March 2024,
//! and the Rapid and Blitz Rating Regulations), as text or JSON, from a TRF file.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use arbiter_tournament::rating_change::{
    InitialOutcome, KSource, ListInference, PlayerRatingChange, RatingListKind, RatingRules,
    rating_changes,
};
use arbiter_tournament::read_trf;

/// Output format of `arbiter ratings`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// One line per player: pairing number, name, rating, K, games rated, score, expected score,
    /// Rtg+/-, new rating.
    Text,
    /// `{"list", "rules", "players": [...]}` with every game and the reasons for unrated rounds;
    /// changes and expected scores in hundredths.
    Json,
}

/// The `--list` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum List {
    /// The standard list (B.02).
    Standard,
    /// The rapid list.
    Rapid,
    /// The blitz list.
    Blitz,
}

/// Arguments of `arbiter ratings`.
#[derive(Debug, clap::Args)]
pub struct RatingsArgs {
    /// The tournament (TRF16 or TRF-2026).
    file: PathBuf,
    /// The rating list (default: from the time control, records 222 then 122; else standard).
    #[arg(long, value_enum)]
    list: Option<List>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

/// Runs the command.
pub fn run(args: &RatingsArgs) -> anyhow::Result<ExitCode> {
    let bytes =
        std::fs::read(&args.file).with_context(|| format!("reading {}", args.file.display()))?;
    let t = read_trf(&bytes)
        .map_err(|e| anyhow::anyhow!("{e}"))
        .with_context(|| format!("reading {}", args.file.display()))?
        .tournament;
    let inferred = RatingListKind::infer(&t);
    let list = match args.list {
        Some(List::Standard) => RatingListKind::Standard,
        Some(List::Rapid) => RatingListKind::Rapid,
        Some(List::Blitz) => RatingListKind::Blitz,
        None => inferred.list,
    };
    let rules = RatingRules::for_event(&t, list);
    let changes = rating_changes(&t, list);
    match args.format {
        Format::Json => {
            let doc = serde_json::json!({
                "list": list,
                "inferred": inferred,
                "rules": rules,
                "players": changes,
            });
            outln!("{}", serde_json::to_string_pretty(&doc)?);
        }
        Format::Text => print_text(&changes, list, args.list.is_none().then_some(inferred))?,
    }
    Ok(ExitCode::SUCCESS)
}

/// The table, then notes on the list and on derived K-factors.
fn print_text(
    changes: &[PlayerRatingChange],
    list: RatingListKind,
    inferred: Option<ListInference>,
) -> anyhow::Result<()> {
    outln!(
        "{:>4}  {:<30} {:>4} {:>3} {:>5} {:>4} {:>6} {:>7}  New",
        "SNo",
        "Name",
        "Rtg",
        "K",
        "Games",
        "Pts",
        "Exp",
        "Rtg+/-"
    );
    let dash = "-";
    for c in changes {
        let name: String = c.name.chars().take(30).collect();
        if let Some(r) = c.rating {
            let k = c.k.map_or_else(
                || dash.to_owned(),
                |k| {
                    let mark = if k.capped_from.is_some() { "*" } else { "" };
                    format!("{}{mark}", k.value)
                },
            );
            let expected = c
                .expected
                .map_or_else(|| dash.to_owned(), |e| e.to_string());
            let change = c.change.map_or_else(|| dash.to_owned(), |d| d.to_string());
            let new = c
                .new_rating
                .map_or_else(|| dash.to_owned(), |n| n.to_string());
            let floor = if c.below_floor { " (under 1400)" } else { "" };
            outln!(
                "{:>4}  {:<30} {:>4} {:>3} {:>5} {:>4} {:>6} {:>7}  {new}{floor}",
                c.pairing_number,
                name,
                r,
                k,
                c.games_rated,
                c.score.to_string(),
                expected,
                change
            );
        } else {
            let new = match c.initial.map(|i| i.outcome) {
                Some(InitialOutcome::Published { rating }) => format!("{rating} (initial)"),
                Some(InitialOutcome::Provisional { rating, games }) => {
                    format!("({rating}: provisional, {games} of 5 games)")
                }
                Some(InitialOutcome::BelowFloor { rating }) => {
                    format!("({rating}: under 1400)")
                }
                Some(InitialOutcome::ZeroScore) => "(zero score)".to_owned(),
                Some(InitialOutcome::NoRatedGames) | None => dash.to_owned(),
            };
            outln!(
                "{:>4}  {:<30} {:>4} {:>3} {:>5} {:>4} {:>6} {:>7}  {new}",
                c.pairing_number,
                name,
                dash,
                dash,
                c.games_rated,
                c.score.to_string(),
                dash,
                dash
            );
        }
    }
    outln!();
    match inferred {
        Some(i) => outln!("List: {i}."),
        None => outln!("List: {list} (--list)."),
    }
    let derived = changes
        .iter()
        .filter(|c| c.k.is_some_and(|k| matches!(k.source, KSource::Derived(_))))
        .count();
    if derived > 0 {
        outln!(
            "K derived from rating and age for {derived} players (B.02 8.3.3; the file gives no K; \
             new players' K 40 under 30 games cannot be seen)."
        );
    }
    if changes
        .iter()
        .any(|c| c.k.is_some_and(|k| k.capped_from.is_some()))
    {
        outln!("* K lowered so that K x games <= 700 (B.02 8.3.3).");
    }
    Ok(())
}
