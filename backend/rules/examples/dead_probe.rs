//! Probe: analyse positions given on the command line (FEN), printing structure verdicts and
//! search results with timings.

use std::time::Instant;

use arbiter_rules::{Color, Position, Structure, can_checkmate};

fn main() {
    for fen in std::env::args().skip(1) {
        let pos: Position = match fen.parse() {
            Ok(p) => p,
            Err(e) => {
                println!("{fen}: {e}");
                continue;
            }
        };
        let s = Structure::analyse(&pos);
        println!("{fen}\n{s:#?}");
        for c in Color::ALL {
            let t = Instant::now();
            let proved = s.as_ref().map(|s| s.proves_no_mate(c));
            let r = can_checkmate(&pos, c);
            println!(
                "{c:?}: structure {proved:?}; {:?} in {:.3}s",
                r,
                t.elapsed().as_secs_f64()
            );
        }
    }
}
