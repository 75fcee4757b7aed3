//! Benchmark of the Dutch system (C.04.3, 2026): pairs one round of the large test inputs
//! (`pairing/large/{100,1000,2000,5000,9999}`) and prints the time and the peak memory of each,
//! every size in its own process so that peaks do not accumulate.
//!
//! `cargo run --release -p arbiter-tournament --example pairing_bench [-- SIZE...]`
//!
//! The engine keeps a dense matrix of interned edge weights (4 bytes per ordered pair of
//! players), so every size fits in the 2 GB budget.

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
        Ok(p) => format!("{} boards", p.boards.len()),
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

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
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
