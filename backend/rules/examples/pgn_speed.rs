//! Measures PGN reading speed: `cargo run --release -p arbiter-rules --example pgn_speed [FILE]`
//! (default: `pgn/real-2000.pgn` of the shared data set). The file is read into memory once, then
//! parsed repeatedly from memory, so the figures are the parser's, not the disk's.

use std::time::Instant;

use arbiter_rules::pgn::{GameEnd, PgnReader, Visitor};

/// Counts move tokens: the cheapest useful visitor.
struct Count(u64);

impl Visitor for Count {
    type Output = ();

    fn move_token(&mut self, _token: &str, _line: u64) {
        self.0 += 1;
    }

    fn end_game(&mut self, _end: GameEnd) {}
}

fn main() {
    let path = match std::env::args_os().nth(1) {
        Some(p) => p.into(),
        None => match arbiter_testdata::shared_file("pgn/real-2000.pgn") {
            Some(p) => p,
            None => return,
        },
    };
    let data = std::fs::read(&path).expect("read the PGN file");
    let mb = data.len() as f64 / 1e6;

    let mut games = 0;
    let mut moves = 0;
    let visitor = passes(|| {
        let mut reader = PgnReader::new(data.as_slice());
        let mut count = Count(0);
        games = 0;
        while let Some(g) = reader.read_game(&mut count) {
            g.expect("no syntax error");
            games += 1;
        }
        moves = count.0;
    });
    report("visitor", mb, games, &visitor);
    println!("         ({games} games, {moves} move tokens, {mb:.2} MB per pass)");

    let raw = passes(|| {
        for g in PgnReader::new(data.as_slice()) {
            g.expect("no syntax error");
        }
    });
    report("RawGame", mb, games, &raw);
}

/// Runs `f` 30 times; returns the pass times in seconds, sorted.
fn passes(mut f: impl FnMut()) -> Vec<f64> {
    let mut times: Vec<f64> = (0..30)
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed().as_secs_f64()
        })
        .collect();
    times.sort_by(f64::total_cmp);
    times
}

/// Prints the best and median pass (the machine may be shared: the best pass is the parser's).
fn report(name: &str, mb: f64, games: u64, times: &[f64]) {
    let best = times.first().copied().unwrap_or(f64::NAN);
    let median = times.get(times.len() / 2).copied().unwrap_or(f64::NAN);
    println!(
        "{name}: best {:.0} MB/s = {:.0} games/s; median {:.0} MB/s = {:.0} games/s",
        mb / best,
        games as f64 / best,
        mb / median,
        games as f64 / median
    );
}
