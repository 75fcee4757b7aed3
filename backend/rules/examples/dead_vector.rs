//! Runs the dead-position analysis over the Chess Unwinnability Analyzer's test vector (Art. 5.2(b),
//! 6.9, 9.6), printing disagreements, the slowest positions and the total time.
//!
//! `cargo run --release -p arbiter-rules --example dead_vector -- [path] [line...]`
//!
//! With `ARBITER_DEAD_TIMES=FILE` set, it also writes one line per position to FILE, tab-separated:
//! the vector's line number, whether White and Black can checkmate (`yes`/`no`), and the seconds
//! each side's analysis took (to compare with another analyser, position by position).

use std::time::Instant;

use arbiter_rules::{Color, Position, Who, can_checkmate, parse_fen};

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args
        .next()
        .unwrap_or_else(|| "/work/shared/data/dead/cha-test-vector.txt".to_owned());
    let only: Vec<usize> = args.filter_map(|a| a.parse().ok()).collect();
    let Ok(text) = std::fs::read_to_string(&path) else {
        eprintln!("cannot read {path}");
        return;
    };
    let started = Instant::now();
    let (mut agree, mut unsound, mut total) = (0, 0, 0);
    let mut times = Vec::new();
    let mut rows = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if !only.is_empty() && !only.contains(&(i + 1)) {
            continue;
        }
        let (label, fen) = line.split_at(2);
        let Some(expected) = Who::from_label(label) else {
            continue;
        };
        let fen = fen.trim();
        let fen = if fen.split_whitespace().count() == 2 {
            format!("{fen} - -")
        } else {
            fen.to_owned()
        };
        let Some(pos) = parse_fen(&fen)
            .ok()
            .and_then(|s| Position::from_setup_relaxed(&s).ok())
        else {
            eprintln!("line {}: rejected", i + 1);
            continue;
        };
        total += 1;
        let t = Instant::now();
        let w = can_checkmate(&pos, Color::White);
        let tw = t.elapsed().as_secs_f64();
        let b = can_checkmate(&pos, Color::Black);
        let tb = t.elapsed().as_secs_f64() - tw;
        let got = Who {
            white: w.may_mate(),
            black: b.may_mate(),
        };
        times.push((tw + tb, i + 1, tw, tb));
        rows.push(format!(
            "{}\t{}\t{}\t{tw:.6}\t{tb:.6}",
            i + 1,
            if got.white { "yes" } else { "no" },
            if got.black { "yes" } else { "no" },
        ));
        if got == expected {
            agree += 1;
        } else {
            let bad = (expected.white && !got.white) || (expected.black && !got.black);
            unsound += usize::from(bad);
            println!(
                "line {}: expected {expected}, got {got}{} ({w:?} / {b:?}): {fen}",
                i + 1,
                if bad { " UNSOUND" } else { "" }
            );
        }
    }
    if let Some(out) = std::env::var_os("ARBITER_DEAD_TIMES") {
        let text = "line\twhite\tblack\twhite_s\tblack_s\n".to_owned() + &rows.join("\n") + "\n";
        if let Err(e) = std::fs::write(&out, text) {
            eprintln!("{}: {e}", std::path::Path::new(&out).display());
        }
    }
    times.sort_by(|a, b| b.0.total_cmp(&a.0));
    for (t, line, tw, tb) in times.iter().take(15) {
        println!("line {line}: {t:.3}s (white {tw:.3}s, black {tb:.3}s)");
    }
    println!(
        "{agree}/{total} agree, {unsound} unsound, {:.2}s total",
        started.elapsed().as_secs_f64()
    );
}
