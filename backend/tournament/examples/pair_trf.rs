//! Pairs the next round of a TRF file with the Dutch system (C.04.3) and prints the pairing in
//! the `.pairs` format, with the time taken on standard error.
//! Usage: `cargo run --release -p arbiter-tournament --example pair_trf -- FILE.trf [2017|2026]`.

use std::time::Instant;

use arbiter_pairing::Edition;

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(path) = args.next() else {
        eprintln!("usage: pair_trf FILE.trf [2017|2026]");
        std::process::exit(2);
    };
    let edition = match args.next().as_deref() {
        Some("2017") => Edition::Dutch2017,
        _ => Edition::Dutch2026,
    };
    let bytes = match std::fs::read(&path) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("{path}: {e}");
            std::process::exit(5);
        }
    };
    let read = match arbiter_tournament::read_trf(&bytes) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("{path}: {e:?}");
            std::process::exit(3);
        }
    };
    let state = read.tournament.next_pairing_state(edition);
    let start = Instant::now();
    match arbiter_pairing::pair(&state) {
        Ok(p) => {
            eprintln!("paired in {:.3} s", start.elapsed().as_secs_f64());
            println!("{}", p.boards.len() + usize::from(p.bye.is_some()));
            for b in &p.boards {
                println!("{} {}", b.white, b.black);
            }
            if let Some(b) = p.bye {
                println!("{b} 0");
            }
        }
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    }
}
