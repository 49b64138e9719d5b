//! Perft benches: make-move perft and bulk-counting perft on the standard
//! suite (Chess Programming Wiki positions 1-6), at depths that keep one
//! criterion sample short. The full-depth suite (761,234,712 nodes) is
//! measured with the `arbiter perft` command; see docs/benchmarks.md.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use rules::{Position, perft, perft_bulk};
use std::hint::black_box;

/// (name, FEN, make-move depth, bulk depth, leaves at make-move depth,
/// leaves at bulk depth)
const SUITE: &[(&str, &str, u32, u32, u64, u64)] = &[
    (
        "startpos",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        4,
        5,
        197_281,
        4_865_609,
    ),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        3,
        4,
        97_862,
        4_085_603,
    ),
    (
        "pos3",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        5,
        6,
        674_624,
        11_030_083,
    ),
    (
        "pos4",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        3,
        4,
        9_467,
        422_333,
    ),
    (
        "pos5",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        3,
        4,
        62_379,
        2_103_487,
    ),
    (
        "pos6",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        3,
        4,
        89_890,
        3_894_594,
    ),
];

fn benches(c: &mut Criterion) {
    let mut make = c.benchmark_group("perft_make_move");
    make.sample_size(10);
    for &(name, fen, depth, _, leaves, _) in SUITE {
        let pos = Position::from_fen(fen).expect("suite FEN is legal");
        assert_eq!(perft(&pos, depth), leaves, "{name}");
        make.throughput(Throughput::Elements(leaves));
        make.bench_with_input(BenchmarkId::new(name, depth), &pos, |b, pos| {
            b.iter(|| perft(black_box(pos), depth));
        });
    }
    make.finish();

    let mut bulk = c.benchmark_group("perft_bulk");
    bulk.sample_size(10);
    for &(name, fen, _, depth, _, leaves) in SUITE {
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
