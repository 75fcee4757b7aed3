//! `arbiter check FILE.trf`: the pairing and tie-break checker (PTC) of FIDE's acceptance of
//! tournament programs (Handbook C.02; C.04.A): free, on the command line, without a server or a
//! database. It reads a TRF-2026 or TRF16 file and reports, round by round, every pairing the
//! rules would not make (the Dutch system, C.04.3, for an individual event; the Swiss Team
//! Pairing System, C.04.6, for a team event), then every rank the file states (`001` for players,
//! `310` for teams) that does not follow the file's tie-break list (`212`, else `202`), naming
//! the tie-break that decides and the players or teams.
//!
//! Exit status: 0 when everything checked is consistent, 1 when a pairing or a rank is not,
//! 2 when the file cannot be read or is not a valid TRF, 3 when it reads but cannot be checked
//! (the engine rejects a round's state, or the tie-break list does not read).

mod standings;

use std::path::PathBuf;
use std::process::ExitCode;

use arbiter_pairing::Edition;
use arbiter_tournament::{Tournament, read_trf};

use arbiter_tournament::recheck as pairings;
pub use arbiter_tournament::recheck::dutch_round_lines;
use standings::StandingsCheck;

/// Arguments of `arbiter check`.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Exit status: 0 consistent; 1 a pairing or a rank does not follow the rules; 2 the file cannot be \
read or is not a valid TRF; 3 the file cannot be checked (the engine rejects a round, or the \
tie-break list does not read).

Pairings: every paired round is re-paired from the rounds before it and compared with the file: \
the Dutch system (C.04.3) for individual events, the Swiss Team Pairing System (C.04.6) when the \
file has team records (013 or 310). Standings: the ranks the file states (001 columns 86-89; \
310 columns 69-71) against the standings its tie-break list (212, else 202) makes after the \
last round.")]
pub struct CheckArgs {
    /// The tournament: TRF-2026 or TRF16.
    file: PathBuf,
    /// The edition of the Dutch rules for an individual event: 2026 (the default, C1-C21) or
    /// 2017 (C1-C19).
    #[arg(long, default_value = "2026", value_parser = ["2017", "2026"])]
    edition: String,
}

/// How many rounds and ranks were found wrong.
#[derive(Default)]
struct Tally {
    rounds: usize,
    positions: usize,
    unchecked: bool,
}

/// Prints the pairing half; `Err` when the engine rejects a round (exit status 3).
fn check_pairings(
    name: &str,
    t: &Tournament,
    edition: Edition,
    tally: &mut Tally,
) -> anyhow::Result<()> {
    let (system, rounds) = match &t.team {
        Some(event) => (
            "Swiss Team Pairing System (C.04.6)".to_owned(),
            pairings::team(t, event),
        ),
        None => (
            format!(
                "Dutch system (C.04.3, {} rules)",
                if edition == Edition::Dutch2017 {
                    "2017"
                } else {
                    "2026"
                }
            ),
            pairings::dutch(t, edition),
        ),
    };
    outln!("{name}: pairings by the {system}");
    match rounds {
        Ok(rounds) => {
            for r in &rounds {
                if r.lines.is_empty() {
                    outln!("{name}: round {}: as the rules pair it", r.round);
                }
                for line in &r.lines {
                    outln!("{name}: round {}: {line}", r.round);
                }
                tally.rounds += usize::from(!r.lines.is_empty());
            }
        }
        Err(e) => {
            outln!("{name}: pairings not checked: {e}");
            tally.unchecked = true;
        }
    }
    Ok(())
}

/// Prints the standings half.
fn check_standings(name: &str, t: &Tournament, tally: &mut Tally) -> anyhow::Result<()> {
    let result = match &t.team {
        Some(event) => standings::team(t, event),
        None => standings::individual(t),
    };
    match result {
        StandingsCheck::NoList => {
            outln!("{name}: standings not checked: no tie-break list (record 202 or 212)");
        }
        StandingsCheck::NoRanks => outln!("{name}: standings not checked: the file states no rank"),
        StandingsCheck::BadList(e) => {
            outln!("{name}: standings not checked: {e}");
            tally.unchecked = true;
        }
        StandingsCheck::Checked {
            list,
            after_round,
            compared,
            lines,
        } => {
            outln!(
                "{name}: standings after round {after_round} by {list}: {compared} ranks compared"
            );
            for line in &lines {
                outln!("{name}: standings: {line}");
            }
            tally.positions += lines.len();
        }
    }
    Ok(())
}

/// Runs the command; the exit status follows the module documentation.
pub fn run(args: &CheckArgs) -> anyhow::Result<ExitCode> {
    let name = args.file.display().to_string();
    let bytes = match std::fs::read(&args.file) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("arbiter: cannot read {name}: {e}");
            return Ok(ExitCode::from(2));
        }
    };
    let read = match read_trf(&bytes) {
        Ok(r) => r,
        Err(e) => {
            for issue in &e.errors {
                eprintln!("{name}: error: {issue}");
            }
            eprintln!(
                "arbiter: {name}: not a valid TRF ({} errors)",
                e.errors.len()
            );
            return Ok(ExitCode::from(2));
        }
    };
    let t = &read.tournament;
    let edition = if args.edition == "2017" {
        Edition::Dutch2017
    } else {
        Edition::Dutch2026
    };
    let mut tally = Tally::default();
    check_pairings(&name, t, edition, &mut tally)?;
    check_standings(&name, t, &mut tally)?;
    if tally.rounds + tally.positions > 0 {
        outln!(
            "{name}: not consistent: rounds not paired as the rules pair them: {}; ranks not as \
             the tie-break list makes them: {}",
            tally.rounds,
            tally.positions
        );
        return Ok(ExitCode::from(1));
    }
    if tally.unchecked {
        outln!("{name}: not fully checked");
        return Ok(ExitCode::from(3));
    }
    outln!("{name}: consistent");
    Ok(ExitCode::SUCCESS)
}
