//! Game validation speed: the 2,000 real games of ../shared/data/pgn/real-2000.pgn read from memory,
//! every move parsed and played, repetition, 50/75-move and end-of-game tracking on, results
//! checked (the later Laws). Criterion prints games/s ("elements") for one thread and for all
//! cores, and a line with moves/s.

use std::hint::black_box;
use std::time::Instant;

use arbiter_rules::draw::LawsEdition;
use arbiter_rules::replay::{ReplayOptions, validate_pgn};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

fn validate_all(pgn: &[u8]) -> (u64, usize) {
    let options = ReplayOptions {
        edition: LawsEdition::Later,
        letters: None,
    };
    let mut plies = 0;
    let games = validate_pgn(pgn, options, |r| {
        if let Ok(report) = r {
            plies += report.plies;
        }
    })
    .unwrap_or(0);
    (games, plies)
}

/// Splits the file at game boundaries (a `[Event` line) into `parts` chunks for threads.
fn split(pgn: &[u8], parts: usize) -> Vec<&[u8]> {
    let starts: Vec<usize> = std::iter::once(0)
        .chain(
            pgn.windows(7)
                .enumerate()
                .filter(|(_, w)| *w == b"\n[Event")
                .map(|(i, _)| i + 1),
        )
        .collect();
    let per = starts.len().div_ceil(parts);
    starts
        .chunks(per)
        .enumerate()
        .map(|(i, c)| {
            let end = starts.get((i + 1) * per).copied().unwrap_or(pgn.len());
            &pgn[c[0]..end]
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/data/pgn/real-2000.pgn");
    let Ok(pgn) = std::fs::read(&path) else {
        eprintln!("SKIPPED: {} is absent", path.display());
        return;
    };
    let (games, plies) = validate_all(&pgn);
    assert_eq!(games, 2000);
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    let chunks = split(&pgn, threads);

    let start = Instant::now();
    let rounds = 20;
    for _ in 0..rounds {
        black_box(validate_all(&pgn));
    }
    let secs = start.elapsed().as_secs_f64() / f64::from(rounds);
    println!(
        "validate real-2000 (1 thread): {:.0} games/s, {:.0} moves/s ({plies} plies per pass)",
        games as f64 / secs,
        plies as f64 / secs
    );

    let mut group = c.benchmark_group("validate");
    group.throughput(Throughput::Elements(games));
    group.bench_function("real-2000/1-thread", |b| {
        b.iter(|| validate_all(black_box(&pgn)));
    });
    group.bench_function(format!("real-2000/{threads}-threads"), |b| {
        b.iter(|| {
            std::thread::scope(|s| {
                let handles: Vec<_> = chunks
                    .iter()
                    .map(|chunk| s.spawn(move || validate_all(chunk)))
                    .collect();
                handles
                    .into_iter()
                    .map(|h| h.join().map_or(0, |r| r.0))
                    .sum::<u64>()
            })
        });
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
