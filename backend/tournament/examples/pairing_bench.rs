//! Benchmark of the Dutch system (C.04.3, 2026): pairs one round of the large test inputs
//! (`pairing/large/{100,1000,2000,5000,9999}`) and prints the time and the peak memory of each,
//! every size in its own process so that peaks do not accumulate.
//!
//! `cargo run --release -p arbiter-tournament --example pairing_bench [-- SIZE...]`
//!
//! With `-- --event PLAYERS ROUNDS [SEED]`: generates a whole tournament with the random
//! tournament generator (C.04.A RTG, default rates, ratings uniform), every round paired by the
//! 2026 Dutch system, and prints its time and peak memory.
//!
//! Each line ends with a digest (FNV-1a, 64 bits) of what was paired: the boards as white and
//! black pairing numbers and the PAB for one round, the TRF-16 written after the last round
//! for an event. Two builds pair alike when their digests agree.
//!
//! The engine keeps a dense matrix of interned edge weights (4 bytes per ordered pair of
//! players), so every size fits in the 2 GB budget.

#[path = "common/fnv.rs"]
mod fnv;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use arbiter_pairing::Edition;

fn peak_kb() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.split_whitespace().next()?.parse().ok())
}

fn input(dir: &Path) -> Option<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .ok()?
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            let name = p.file_name().and_then(|n| n.to_str()).unwrap_or_default();
            name.contains(".r") && name.ends_with(".trf")
        })
        .collect();
    files.sort();
    files.pop()
}

fn run_one(path: &Path) {
    let Ok(bytes) = std::fs::read(path) else {
        println!("{}: unreadable", path.display());
        return;
    };
    let Ok(read) = arbiter_tournament::read_trf(&bytes) else {
        println!("{}: invalid TRF", path.display());
        return;
    };
    let state = read.tournament.next_pairing_state(Edition::Dutch2026);
    let present = state.players.iter().filter(|p| !p.absent).count();
    let start = Instant::now();
    let result = arbiter_pairing::pair(&state);
    let secs = start.elapsed().as_secs_f64();
    let outcome = match result {
        Ok(p) => {
            let mut text: String = p
                .boards
                .iter()
                .map(|b| format!("{} {}\n", b.white, b.black))
                .collect();
            if let Some(bye) = p.bye {
                text.push_str(&format!("bye {bye}\n"));
            }
            format!(
                "{} boards  digest {:016x}",
                p.boards.len(),
                fnv::digest(text.as_bytes())
            )
        }
        Err(e) => e.to_string(),
    };
    println!(
        "{:>5} players  {:>9.3} s  peak {:>8.1} MB  {}  ({})",
        present,
        secs,
        peak_kb().map_or(f64::NAN, |k| k as f64 / 1024.0),
        outcome,
        path.display()
    );
}

/// Generates and pairs a whole event of `players` and `rounds`.
fn run_event(players: u16, rounds: u16, seed: u64) {
    let config = arbiter_tournament::generator::GeneratorConfig {
        players: (players, players),
        rounds: (rounds, rounds),
        ..Default::default()
    };
    let start = Instant::now();
    let result = arbiter_tournament::generator::generate(&config, Edition::Dutch2026, seed);
    let secs = start.elapsed().as_secs_f64();
    let outcome = match result {
        Ok(t) => format!(
            "{} rounds paired  digest {:016x}",
            t.last_paired_round(),
            fnv::digest(
                arbiter_tournament::write_trf(&t, arbiter_tournament::TrfVersion::Trf16).as_bytes()
            )
        ),
        Err(e) => e.to_string(),
    };
    println!(
        "event of {players} players, {rounds} rounds, seed {seed}: {secs:.1} s  peak {:.1} MB  {outcome}",
        peak_kb().map_or(f64::NAN, |k| k as f64 / 1024.0),
    );
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().is_some_and(|a| a == "--event") {
        let num = |i: usize, default: u64| {
            args.get(i).map_or(default, |a| {
                a.parse().unwrap_or_else(|_| panic!("not a number: {a}"))
            })
        };
        let players = u16::try_from(num(1, 10_000)).expect("at most 65,535 players");
        let rounds = u16::try_from(num(2, 11)).expect("at most 65,535 rounds");
        run_event(players, rounds, num(3, 1));
        return;
    }
    if let [flag, path] = args.as_slice()
        && flag == "--one"
    {
        run_one(Path::new(path));
        return;
    }
    let Some(data) = arbiter_testdata::shared_data() else {
        return;
    };
    let sizes: Vec<String> = if args.is_empty() {
        ["100", "1000", "2000", "5000", "9999"]
            .iter()
            .map(|s| (*s).to_owned())
            .collect()
    } else {
        args
    };
    let Ok(me) = std::env::current_exe() else {
        return;
    };
    for size in sizes {
        let Some(path) = input(&data.join("pairing/large").join(&size)) else {
            println!("{size}: no input");
            continue;
        };
        let _ = Command::new(&me).arg("--one").arg(&path).status();
    }
}
