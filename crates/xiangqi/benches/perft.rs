//! Xiangqi perft benches: make-move perft and bulk-counting perft at depth 4
//! on the start position and on one midgame position (the folium engine's,
//! from `tests/data/cpw.perft`), so that one criterion sample stays short.
//! The figures beside Fairy-Stockfish and Pikafish (docs/benchmarks.md) are
//! measured with the `perft` example
//! (`cargo run --release -p xiangqi --example perft -- --make-move|--bulk --only DEPTH [FEN]`).
//!
//! Run: `cargo bench -p xiangqi --bench perft`. The groups are named
//! `xiangqi_perft_*` so that criterion's reports (in the shared
//! `target/criterion`) do not mix with the chess perft benches of `rules`.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use xiangqi::{Position, perft, perft_bulk};

/// (name, FEN, depth, leaves) — counts from `tests/data/cpw.perft`.
const SUITE: &[(&str, &str, u32, u64)] = &[
    (
        "startpos",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        4,
        3_290_240,
    ),
    (
        "midgame",
        "r2akab1r/3n5/4b3n/p1p1pRp1p/9/2P3P2/P3P3c/N2C3C1/4A4/1RBAK1B2 r - - 0 1",
        4,
        2_605_437,
    ),
];

fn benches(c: &mut Criterion) {
    let mut make = c.benchmark_group("xiangqi_perft_make_move");
    make.sample_size(10);
    for &(name, fen, depth, leaves) in SUITE {
        let pos = Position::from_fen(fen).expect("suite FEN is legal");
        assert_eq!(perft(&pos, depth), leaves, "{name}");
        make.throughput(Throughput::Elements(leaves));
        make.bench_with_input(BenchmarkId::new(name, depth), &pos, |b, pos| {
            b.iter(|| perft(black_box(pos), depth));
        });
    }
    make.finish();

    let mut bulk = c.benchmark_group("xiangqi_perft_bulk");
    bulk.sample_size(10);
    for &(name, fen, depth, leaves) in SUITE {
        let pos = Position::from_fen(fen).expect("suite FEN is legal");
        assert_eq!(perft_bulk(&pos, depth), leaves, "{name}");
        bulk.throughput(Throughput::Elements(leaves));
        bulk.bench_with_input(BenchmarkId::new(name, depth), &pos, |b, pos| {
            b.iter(|| perft_bulk(black_box(pos), depth));
        });
    }
    bulk.finish();
}

criterion_group!(perft_benches, benches);
criterion_main!(perft_benches);
