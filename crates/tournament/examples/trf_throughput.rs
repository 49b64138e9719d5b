//! Measures TRF export and import on a generated Swiss of `players` players
//! and `rounds` rounds (default 9,999 × 11, the most start numbers TRF holds).
//!
//! ```text
//! cargo run --release -p tournament --example trf_throughput -- 9999 11
//! ```

use std::time::Instant;

use tournament::lots::SplitMix64;
use tournament::model::{Board, GameResult, Player, Round, Tournament};
use tournament::trf::{self, Format};

fn main() {
    let args: Vec<u32> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let players = args.first().copied().unwrap_or(9_999);
    let rounds = args.get(1).copied().unwrap_or(11);
    let mut rng = SplitMix64::new(1);
    let mut t = Tournament {
        name: "Throughput Open".into(),
        planned_rounds: rounds,
        players: (1..=players)
            .map(|n| Player {
                start_number: n,
                name: format!("Player {n}"),
                fide_rating: Some(1000 + (rng.below(1800) as u16)),
                federation: Some("ESP".into()),
                fide_id: Some(u64::from(n) + 1_000_000),
                ..Player::default()
            })
            .collect(),
        ..Tournament::default()
    };
    for _ in 0..rounds {
        let mut order: Vec<u32> = (1..=players).collect();
        rng.shuffle(&mut order);
        let results = [
            GameResult::WhiteWins,
            GameResult::BlackWins,
            GameResult::Draw,
        ];
        let boards = order
            .chunks_exact(2)
            .map(|p| Board::new(p[0], p[1], results[rng.below(3) as usize]))
            .collect();
        t.rounds.push(Round {
            boards,
            byes: Vec::new(),
        });
    }
    for format in [Format::Trf16, Format::Trf2026] {
        let start = Instant::now();
        let text = trf::try_write_tournament(&t, format).expect("fits TRF");
        let written = start.elapsed();
        let start = Instant::now();
        let back = trf::read_tournament(&text).expect("own output parses");
        let read = start.elapsed();
        assert_eq!(back.rounds_paired(), rounds);
        println!(
            "{format:?}: {players} players x {rounds} rounds, {} bytes: write {:.1} ms, read {:.1} ms",
            text.len(),
            written.as_secs_f64() * 1e3,
            read.as_secs_f64() * 1e3
        );
    }
}
