//! `arbiter pair --team -g CONFIG [-o OUT.trf] [-s SEED] [--trf16]`: a random team event (the
//! team RTG, [`arbiter_tournament::team::generator`]), every round paired by the Swiss Team
//! Pairing System (C.04.6), written as TRF-2026 (TRF16 with `--trf16`).

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

use arbiter_tournament::TrfVersion;
use arbiter_tournament::team::generator::{TeamGeneratorConfig, generate_team};

use super::PairArgs;

/// Generates and writes the event. Exit status 0 written, 3 invalid configuration, 5 file
/// error, 1 the engine rejected a state.
pub(super) fn team(args: &PairArgs, config: &Path) -> anyhow::Result<ExitCode> {
    let text = match std::fs::read_to_string(config) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("arbiter: cannot read {}: {e}", config.display());
            return Ok(ExitCode::from(5));
        }
    };
    let cfg = match TeamGeneratorConfig::parse(&text) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("arbiter: {}: {e}", config.display());
            return Ok(ExitCode::from(3));
        }
    };
    let seed = args.seed.unwrap_or(cfg.seed);
    let t = match generate_team(&cfg, seed) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("arbiter: {e}");
            return Ok(ExitCode::from(1));
        }
    };
    let version = if args.trf16 {
        TrfVersion::Trf16
    } else {
        TrfVersion::Trf2026
    };
    let trf = arbiter_tournament::write_trf(&t, version);
    let Some(out) = args.output.as_ref() else {
        let failed = std::io::stdout().lock().write_all(trf.as_bytes()).is_err();
        return Ok(ExitCode::from(if failed { 5 } else { 0 }));
    };
    if let Err(e) = std::fs::write(out, trf) {
        eprintln!("arbiter: cannot write {}: {e}", out.display());
        return Ok(ExitCode::from(5));
    }
    let (teams, rounds) = t
        .team
        .as_ref()
        .map_or((0, 0), |e| (e.teams.len(), e.last_round()));
    outln!(
        "{teams} teams, {rounds} of {} rounds, seed {seed}: {}",
        t.rounds_planned.unwrap_or(0),
        out.display()
    );
    Ok(ExitCode::SUCCESS)
}
