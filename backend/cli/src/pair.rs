//! `arbiter pair --dutch IN.trf -p [OUT] [--edition 2017|2026]`: pairs the next round of a TRF
//! file by the FIDE Dutch system (Handbook C.04.3), in the format of the endorsed engines: the
//! number of pairs, then `WHITE BLACK` per board in board order (C.04.2), the pairing-allocated
//! bye as `N 0`.
//!
//! Exit status: 0 paired, 1 no valid pairing (C.04.3 absolute criteria), 3 invalid input, 5 file
//! error. With `-c` every paired round is re-paired and compared instead (C.04.A free pairing
//! checker): 0 when all agree, 1 when some round differs.
//!
//! With `--explain` the explanation of the pairing follows (on standard output, after the pairs
//! when they go there too): per bracket its residents and MDPs, who was moved down and why, the
//! criterion that decided each game, and the PAB.
//!
//! `arbiter pair --dutch -g CONFIG [-o OUT.trf] [-s SEED] [--edition 2017|2026]` generates a
//! random tournament (the RTG of C.04.A; configuration keys in
//! [`arbiter_tournament::generator`]) and writes it as TRF16.
//!
//! `arbiter pair --team -g CONFIG [-o OUT.trf] [-s SEED] [--trf16]` generates a random team
//! event (the team RTG: configuration keys in [`arbiter_tournament::team::generator`]), every
//! round paired by the Swiss Team Pairing System (C.04.6), and writes it as TRF-2026 (TRF16
//! with `--trf16`).
//!
//! `arbiter pair --team IN.trf -p [OUT] [--type a|b|none]` pairs the next round of a team event
//! (TRF team records) by the FIDE Swiss Team Pairing System (C.04.6), in the same format with
//! team numbers: the team with White on board 1 first, the pairing-allocated bye as `N 0`;
//! `--type` sets the colour-preference variant (C.04.6 art. 1.7; default: the file's, else type
//! A), `--explain` adds why each match was made. Exit status as for `--dutch`.
//!
//! `arbiter pair --round-robin N [--double]` prints the FIDE Berger table (C.05 Annex 1) for `N`
//! players: per round a line `round R`, then the same format (a player meeting the dummy of an odd
//! field has the bye, `N 0`).

mod team_rtg;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use arbiter_pairing::{Edition, Pairing, PairingError};
use arbiter_tournament::generator::GeneratorConfig;

/// Arguments of `arbiter pair`.
#[derive(Debug, clap::Args)]
#[command(group(clap::ArgGroup::new("system").required(true).args(["dutch", "team", "round_robin"])))]
pub struct PairArgs {
    /// The tournament (TRF16 or TRF-2026): the round after the last paired one is paired.
    /// Without a file, with -g: generate a random tournament.
    #[arg(long, value_name = "IN.trf", num_args = 0..=1)]
    #[expect(
        clippy::option_option,
        reason = "clap: no --dutch, --dutch alone (with -g), or --dutch FILE"
    )]
    dutch: Option<Option<PathBuf>>,
    /// With --dutch: generate a random tournament (FIDE's RTG, C.04.A) from this configuration
    /// file (`key = value` lines: players, rounds, rating_high, rating_low,
    /// rating_distribution, draw_rate, forfeit_rate, withdrawal_rate, half_bye_rate, baku,
    /// seed), every round paired by the Dutch system. With --team: a random team event (keys
    /// teams, rounds, boards, reserves, match_points, primary, colour_preferences,
    /// absent_round1_rate, absent_rate, half_bye_rate, full_bye_rate, pab_points,
    /// forfeit_match_rate, board_forfeit_rate, empty_board_rate, out_of_order_rate,
    /// acceleration, forbidden_pairs, tiebreaks, rating_high, rating_low, draw_rate,
    /// informative, start_date, seed), every round paired by C.04.6.
    #[arg(
        short = 'g',
        long = "generate",
        value_name = "CONFIG",
        conflicts_with = "round_robin"
    )]
    generate: Option<PathBuf>,
    /// With -g: write the generated tournament to this file (standard output without): TRF16
    /// for --dutch, TRF-2026 for --team.
    #[arg(
        short = 'o',
        long = "output",
        value_name = "OUT.trf",
        requires = "generate"
    )]
    output: Option<PathBuf>,
    /// With -g: the seed (the configuration's `seed`, else 1, without it).
    #[arg(short = 's', long = "seed", requires = "generate")]
    seed: Option<u64>,
    /// With --team -g: write TRF16 (`013` teams) instead of TRF-2026.
    #[arg(long, requires = "generate")]
    trf16: bool,
    /// A team event (TRF16 `013` or TRF-2026 `310` team records): pair its next round by the
    /// Swiss Team Pairing System (C.04.6). Without a file, with -g: generate a random team
    /// event.
    #[arg(long, value_name = "IN.trf", num_args = 0..=1)]
    #[expect(
        clippy::option_option,
        reason = "clap: no --team, --team alone (with -g), or --team FILE"
    )]
    team: Option<Option<PathBuf>>,
    /// With --team: the colour preferences (C.04.6 art. 1.7): `a`, `b` or `none`.
    #[arg(long = "type", value_name = "a|b|none", requires = "team", value_parser = ["a", "b", "none"])]
    colour_type: Option<String>,
    /// Print the Berger table (C.05 Annex 1) of a round robin of this many players.
    #[arg(long, value_name = "N")]
    round_robin: Option<u16>,
    /// With --round-robin: a double round robin (colours reversed in the second cycle).
    #[arg(long, requires = "round_robin")]
    double: bool,
    /// Write the pairing to this file (standard output when no file is given).
    #[arg(short = 'p', long = "pairings", value_name = "OUT", num_args = 0..=1, default_missing_value = "-")]
    pairings: Option<String>,
    /// Check every paired round instead (the free pairing checker, C.04.A): re-pair it and
    /// report where the recorded pairing differs. Exit status 0 when every round agrees.
    #[arg(short = 'c', long = "check")]
    check: bool,
    /// With -p: also print the explanation of the pairing (per bracket: residents, MDPs,
    /// downfloaters and why, the criterion behind each game, the PAB).
    #[arg(long, requires = "pairings")]
    explain: bool,
    /// The edition of the Dutch rules: 2026 (the default, C1-C21) or 2017 (C1-C19).
    #[arg(long, default_value = "2026", value_parser = ["2017", "2026"])]
    edition: String,
}

/// The `.pairs` text of a pairing.
fn render(p: &Pairing) -> String {
    let mut s = format!("{}\n", p.boards.len() + usize::from(p.bye.is_some()));
    for b in &p.boards {
        s.push_str(&format!("{} {}\n", b.white, b.black));
    }
    if let Some(b) = p.bye {
        s.push_str(&format!("{b} 0\n"));
    }
    s
}

/// Runs the command; the exit status follows the module documentation.
pub fn run(args: &PairArgs) -> anyhow::Result<ExitCode> {
    if let Some(players) = args.round_robin {
        let mut out = String::new();
        for (i, round) in arbiter_pairing::round_robin::berger_table(players, args.double)
            .iter()
            .enumerate()
        {
            out.push_str(&format!("round {}\n{}", i + 1, render(round)));
        }
        std::io::stdout().write_all(out.as_bytes())?;
        return Ok(ExitCode::SUCCESS);
    }
    let edition = if args.edition == "2017" {
        Edition::Dutch2017
    } else {
        Edition::Dutch2026
    };
    if let Some(config) = args.generate.as_ref() {
        if args.team.is_some() {
            return team_rtg::team(args, config);
        }
        return generate(args, config, edition);
    }
    match args.team.as_ref() {
        Some(Some(file)) => return Ok(pair_team(args, file)),
        Some(None) => {
            eprintln!("arbiter: give --team IN.trf, or --team -g CONFIG");
            return Ok(ExitCode::from(3));
        }
        None => {}
    }
    let Some(Some(dutch)) = args.dutch.as_ref() else {
        eprintln!(
            "arbiter: give --dutch IN.trf, --dutch -g CONFIG, --team IN.trf or --round-robin N"
        );
        return Ok(ExitCode::from(3));
    };
    let bytes = match std::fs::read(dutch) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("arbiter: cannot read {}: {e}", dutch.display());
            return Ok(ExitCode::from(5));
        }
    };
    let read = match arbiter_tournament::read_trf(&bytes) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("arbiter: {}: invalid TRF: {e}", dutch.display());
            return Ok(ExitCode::from(3));
        }
    };
    if args.check {
        return match read.tournament.recheck_pairings(edition) {
            Ok(rounds) => {
                let mut clean = true;
                for rc in &rounds {
                    let lines = crate::check::dutch_round_lines(rc);
                    if lines.is_empty() {
                        outln!("round {}: as the engine pairs it", rc.round);
                    }
                    for line in &lines {
                        outln!("round {}: {line}", rc.round);
                    }
                    clean &= lines.is_empty();
                }
                Ok(ExitCode::from(u8::from(!clean)))
            }
            Err(e) => {
                eprintln!("arbiter: {}: {e}", dutch.display());
                Ok(ExitCode::from(3))
            }
        };
    }
    let state = read.tournament.next_pairing_state(edition);
    let pairing = match arbiter_pairing::pair(&state) {
        Ok(p) => p,
        Err(PairingError::NoValidPairing) => {
            eprintln!("arbiter: {}", PairingError::NoValidPairing);
            return Ok(ExitCode::from(1));
        }
        Err(e) => {
            eprintln!("arbiter: {}: {e}", dutch.display());
            return Ok(ExitCode::from(3));
        }
    };
    let mut text = render(&pairing);
    let explanation = if args.explain {
        match arbiter_pairing::explain::explain(&state) {
            Ok(e) => Some(e.to_string()),
            Err(e) => {
                eprintln!("arbiter: {}: {e}", dutch.display());
                return Ok(ExitCode::from(3));
            }
        }
    } else {
        None
    };
    let to_stdout = matches!(args.pairings.as_deref(), None | Some("-"));
    if let Some(e) = &explanation {
        if to_stdout {
            text.push('\n');
            text.push_str(e);
        } else {
            out!("{e}");
        }
    }
    match args.pairings.as_deref() {
        None | Some("-") => {
            let stdout = std::io::stdout();
            let mut out = stdout.lock();
            if out.write_all(text.as_bytes()).is_err() {
                return Ok(ExitCode::from(5));
            }
        }
        Some(path) => {
            if let Err(e) = std::fs::write(path, text) {
                eprintln!("arbiter: cannot write {path}: {e}");
                return Ok(ExitCode::from(5));
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Writes `text` (and the explanation, if any) where `-p` says: exit status 5 on a write error.
fn emit(args: &PairArgs, mut text: String, explanation: Option<String>) -> ExitCode {
    let to_stdout = matches!(args.pairings.as_deref(), None | Some("-"));
    if let Some(e) = &explanation {
        if to_stdout {
            text.push('\n');
            text.push_str(e);
        } else if std::io::stdout().lock().write_all(e.as_bytes()).is_err() {
            return ExitCode::from(5);
        }
    }
    match args.pairings.as_deref() {
        None | Some("-") => {
            if std::io::stdout().lock().write_all(text.as_bytes()).is_err() {
                return ExitCode::from(5);
            }
        }
        Some(path) => {
            if let Err(e) = std::fs::write(path, text) {
                eprintln!("arbiter: cannot write {path}: {e}");
                return ExitCode::from(5);
            }
        }
    }
    ExitCode::SUCCESS
}

/// `arbiter pair --team IN.trf`: the next round of a team event by C.04.6.
fn pair_team(args: &PairArgs, file: &Path) -> ExitCode {
    use arbiter_tournament::team::{TeamColourPreferences, check_complete, pairing_state};
    let bytes = match std::fs::read(file) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("arbiter: cannot read {}: {e}", file.display());
            return ExitCode::from(5);
        }
    };
    let t = match arbiter_tournament::read_trf(&bytes) {
        Ok(r) => r.tournament,
        Err(e) => {
            eprintln!("arbiter: {}: invalid TRF: {e}", file.display());
            return ExitCode::from(3);
        }
    };
    let Some(mut event) = t.team.clone() else {
        eprintln!(
            "arbiter: {}: no team records (013 or 310): not a team event",
            file.display()
        );
        return ExitCode::from(3);
    };
    if let Some(kind) = args.colour_type.as_deref() {
        event.settings.colour_preferences = TeamColourPreferences::parse(kind).unwrap_or_default();
    }
    let last = event.last_round();
    if let Err(e) = check_complete(&t, &event, last) {
        eprintln!("arbiter: {}: {e}", file.display());
        return ExitCode::from(3);
    }
    let state = pairing_state(&t, &event, last + 1);
    let pairing = match arbiter_pairing::team_swiss::pair(&state) {
        Ok(p) => p,
        Err(PairingError::NoValidPairing) => {
            eprintln!("arbiter: {}", PairingError::NoValidPairing);
            return ExitCode::from(1);
        }
        Err(e) => {
            eprintln!("arbiter: {}: {e}", file.display());
            return ExitCode::from(3);
        }
    };
    let explanation = if args.explain {
        match arbiter_pairing::team_swiss::explain(&state) {
            Ok(e) => Some(e.to_string()),
            Err(e) => {
                eprintln!("arbiter: {}: {e}", file.display());
                return ExitCode::from(3);
            }
        }
    } else {
        None
    };
    emit(args, render(&pairing), explanation)
}

/// `arbiter pair --dutch -g CONFIG [-o OUT.trf] [-s SEED]`: a random tournament (C.04.A RTG).
/// Exit status 0 written, 3 invalid configuration, 5 file error, 1 the engine rejected a state.
fn generate(args: &PairArgs, config: &Path, edition: Edition) -> anyhow::Result<ExitCode> {
    let text = match std::fs::read_to_string(config) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("arbiter: cannot read {}: {e}", config.display());
            return Ok(ExitCode::from(5));
        }
    };
    let cfg = match GeneratorConfig::parse(&text) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("arbiter: {}: {e}", config.display());
            return Ok(ExitCode::from(3));
        }
    };
    let seed = args.seed.unwrap_or(cfg.seed);
    let t = match arbiter_tournament::generator::generate(&cfg, edition, seed) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("arbiter: {e}");
            return Ok(ExitCode::from(1));
        }
    };
    let trf = arbiter_tournament::write_trf(&t, arbiter_tournament::TrfVersion::Trf16);
    match args.output.as_ref() {
        None => {
            if std::io::stdout().lock().write_all(trf.as_bytes()).is_err() {
                return Ok(ExitCode::from(5));
            }
        }
        Some(out) => {
            if let Err(e) = std::fs::write(out, trf) {
                eprintln!("arbiter: cannot write {}: {e}", out.display());
                return Ok(ExitCode::from(5));
            }
            outln!(
                "{} players, {} of {} rounds, seed {seed}: {}",
                t.players.len(),
                t.last_paired_round(),
                t.rounds_planned.unwrap_or(0),
                out.display()
            );
        }
    }
    Ok(ExitCode::SUCCESS)
}
