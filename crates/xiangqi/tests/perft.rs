//! Perft against the published counts in `tests/data/cpw.perft`, the edge
//! positions in `tests/data/edges.perft`, and the slow reference generator
//! in `tests/common`.

mod common;

use xiangqi::{Position, Setup, perft, perft_bulk};

struct Case {
    fen: String,
    counts: Vec<(u32, u64)>,
}

fn cases() -> Vec<Case> {
    parse(include_str!("data/cpw.perft"))
}

fn edge_cases() -> Vec<Case> {
    parse(include_str!("data/edges.perft"))
}

fn parse(text: &str) -> Vec<Case> {
    let mut out = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut parts = line.split(';').map(str::trim);
        let fen = parts.next().expect("a FEN").to_string();
        let counts = parts
            .map(|p| {
                let (d, n) = p.split_once(' ').expect("'Dn count'");
                let d: u32 = d.trim_start_matches('D').parse().expect("depth");
                (d, n.trim().parse().expect("count"))
            })
            .collect();
        out.push(Case { fen, counts });
    }
    out
}

#[test]
fn the_published_data_file_holds_the_start_position_and_eleven_more() {
    let cases = cases();
    assert_eq!(cases.len(), 12);
    assert_eq!(
        Position::from_fen(&cases[0].fen).expect("start"),
        Position::startpos()
    );
}

#[test]
fn published_perft_counts_are_reproduced_up_to_depth_4() {
    for case in cases() {
        let pos = Position::from_fen(&case.fen).expect("valid FEN");
        for &(depth, expected) in case.counts.iter().filter(|(d, _)| *d <= 4) {
            assert_eq!(
                perft_bulk(&pos, depth),
                expected,
                "{} depth {depth}",
                case.fen
            );
        }
    }
}

/// Counts up to this many leaves are checked on every run; larger ones in
/// `edge_counts_at_full_depth`.
const QUICK_LEAVES: u64 = 2_000_000;

#[test]
fn edge_positions_give_the_counts_independent_generators_agree_on() {
    let cases = edge_cases();
    assert_eq!(cases.len(), 10);
    for case in cases {
        let pos = Position::from_fen(&case.fen).expect("valid FEN");
        let setup = Setup::from_fen(&case.fen).expect("valid FEN");
        for &(depth, expected) in case.counts.iter().filter(|&&(_, n)| n <= QUICK_LEAVES) {
            assert_eq!(
                perft_bulk(&pos, depth),
                expected,
                "{} depth {depth}",
                case.fen
            );
            if depth <= 3 {
                assert_eq!(common::ref_perft(&setup, depth), expected, "{}", case.fen);
            }
        }
    }
}

#[test]
fn perft_with_and_without_bulk_counting_agree() {
    for case in cases() {
        let pos = Position::from_fen(&case.fen).expect("valid FEN");
        assert_eq!(perft(&pos, 3), perft_bulk(&pos, 3), "{}", case.fen);
    }
}

#[test]
fn the_reference_generator_agrees_with_the_published_counts_up_to_depth_2() {
    for case in cases() {
        let setup = Setup::from_fen(&case.fen).expect("valid FEN");
        for &(depth, expected) in case.counts.iter().filter(|(d, _)| *d <= 2) {
            assert_eq!(
                common::ref_perft(&setup, depth),
                expected,
                "{} depth {depth}",
                case.fen
            );
        }
    }
}

/// Slow (about a minute): the reference generator at depth 3 on every position.
#[test]
#[ignore = "slow; run with --ignored"]
fn the_reference_generator_agrees_with_the_published_counts_at_depth_3() {
    for case in cases() {
        let setup = Setup::from_fen(&case.fen).expect("valid FEN");
        for &(depth, expected) in case.counts.iter().filter(|(d, _)| *d == 3) {
            assert_eq!(
                common::ref_perft(&setup, depth),
                expected,
                "{} depth {depth}",
                case.fen
            );
        }
    }
}

/// Slow (several minutes in release): every published count, depth 5 and 6 included.
#[test]
#[ignore = "slow; run with --ignored --release"]
fn published_counts_at_full_depth() {
    for case in cases() {
        let pos = Position::from_fen(&case.fen).expect("valid FEN");
        for &(depth, expected) in case.counts.iter().filter(|(d, _)| *d >= 5) {
            assert_eq!(
                perft_bulk(&pos, depth),
                expected,
                "{} depth {depth}",
                case.fen
            );
        }
    }
}

/// Slow (about a minute in release): the edge positions' counts above
/// `QUICK_LEAVES`, the depths benchmarked beside Fairy-Stockfish and Pikafish.
#[test]
#[ignore = "slow; run with --ignored --release"]
fn edge_counts_at_full_depth() {
    for case in edge_cases() {
        let pos = Position::from_fen(&case.fen).expect("valid FEN");
        for &(depth, expected) in case.counts.iter().filter(|&&(_, n)| n > QUICK_LEAVES) {
            assert_eq!(
                perft_bulk(&pos, depth),
                expected,
                "{} depth {depth}",
                case.fen
            );
        }
    }
}
