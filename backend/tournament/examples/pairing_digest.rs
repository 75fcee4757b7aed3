//! Generates tournaments with the random tournament generator (C.04.A RTG), every round paired
//! by the Dutch system (C.04.3), and prints one line per tournament: its seed, the edition, the
//! number of players and rounds, and a 64-bit FNV-1a digest of its TRF (which holds every
//! pairing and colour). Two builds of the pairing engine pair identically on these events
//! exactly when their outputs are equal, so a change to the engine's speed is checked with
//! `diff` against the output of the build before it.
//!
//! `cargo run --release -p arbiter-tournament --example pairing_digest -- COUNT [FIRST_SEED]`
//!
//! Tournament `k` has 8-60 players (every fourth one 100-400, every sixteenth 600-1,200), 5-11
//! rounds, and draw, forfeit, withdrawal and half-point-bye rates and Baku acceleration varied
//! with `k`; even `k` are paired by the 2026 edition, odd `k` by the 2017 one.

#[path = "common/fnv.rs"]
mod fnv;

use arbiter_pairing::Edition;
use arbiter_tournament::generator::{GeneratorConfig, RatingDistribution, generate};
use arbiter_tournament::{TrfVersion, write_trf};

/// The configuration of the `k`-th tournament.
fn config(k: u64) -> GeneratorConfig {
    let players = if k % 16 == 0 {
        (600, 1200)
    } else if k % 4 == 0 {
        (100, 400)
    } else {
        (8, 60)
    };
    GeneratorConfig {
        players,
        rounds: (5, 11),
        draw_rate: [10.0, 30.0, 50.0][(k % 3) as usize],
        forfeit_rate: [0.0, 2.0, 5.0, 10.0][(k % 4) as usize],
        withdrawal_rate: [0.0, 1.0, 3.0][(k % 3) as usize],
        half_bye_rate: [0.0, 2.0, 5.0][(k % 3) as usize],
        baku: k % 5 == 0,
        rating_distribution: if k % 2 == 0 {
            RatingDistribution::Uniform
        } else {
            RatingDistribution::Normal
        },
        ..GeneratorConfig::default()
    }
}

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().unwrap_or_else(|_| panic!("not a number: {a}")))
        .collect();
    let (count, first) = match args.as_slice() {
        [count] => (*count, 0),
        [count, first] => (*count, *first),
        _ => {
            eprintln!("usage: pairing_digest COUNT [FIRST_SEED]");
            std::process::exit(2);
        }
    };
    for k in first..first + count {
        let edition = if k % 2 == 0 {
            Edition::Dutch2026
        } else {
            Edition::Dutch2017
        };
        match generate(&config(k), edition, k) {
            Ok(t) => {
                let text = write_trf(&t, TrfVersion::Trf16);
                println!(
                    "{k} {edition:?} {} players {} rounds {:016x}",
                    t.players.len(),
                    t.last_paired_round(),
                    fnv::digest(text.as_bytes())
                );
            }
            Err(e) => println!("{k} {edition:?} error: {e}"),
        }
    }
}
