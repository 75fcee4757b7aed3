//! Perft speed (move generation, Art. 3): nodes per second with bulk counting, single-threaded and
//! with the root moves shared over all cores. Criterion prints the figure as "thrpt" (elements/s).

use std::hint::black_box;

use arbiter_rules::{Position, perft, perft_parallel};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

const CASES: [(&str, &str, u32, u64); 2] = [
    (
        "start",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        6,
        119_060_324,
    ),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        5,
        193_690_690,
    ),
];

fn bench(c: &mut Criterion) {
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    for (name, fen, depth, nodes) in CASES {
        let pos = Position::from_fen(fen).expect("valid FEN");
        assert_eq!(perft(&pos, depth), nodes, "{name}: wrong count");
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("{name}/depth{depth}/1-thread"), |b| {
            b.iter(|| perft(black_box(&pos), depth));
        });
        group.bench_function(format!("{name}/depth{depth}/{threads}-threads"), |b| {
            b.iter(|| perft_parallel(black_box(&pos), depth, threads));
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
