//! Times `standings::compute_standings` on a generated Swiss.
//!
//! `cargo run --release -p tournament --example standings_throughput -- PLAYERS ROUNDS`
//!
//! Pairings are random (not a real Swiss; only the amount of data matters),
//! results are drawn from a fixed seed, with about 2% forfeits and 2%
//! half-point byes so the unplayed-round rules are exercised.

use std::time::Instant;

use tournament::lots::SplitMix64;
use tournament::model::{Board, Bye, ByeKind, GameResult, Player, Round, System, Tournament};
use tournament::standings::{StandingsOptions, compute_standings, parse_tiebreaks};

fn main() {
    let args: Vec<u32> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let players = args.first().copied().unwrap_or(1000);
    let rounds = args.get(1).copied().unwrap_or(11);
    let mut rng = SplitMix64::new(2026);
    let mut t = Tournament {
        system: System::Swiss,
        ..Tournament::default()
    };
    for sn in 1..=players {
        t.players.push(Player {
            start_number: sn,
            name: format!("Player {sn}"),
            fide_rating: Some(2600 - (sn % 1200) as u16),
            ..Player::default()
        });
    }
    for _ in 0..rounds {
        let mut order: Vec<u32> = (1..=players).collect();
        rng.shuffle(&mut order);
        let mut round = Round::default();
        let mut rest = order.as_slice();
        while let [white, black, tail @ ..] = rest {
            let result = match rng.below(100) {
                0..=1 => GameResult::WhiteWinsByForfeit,
                2..=37 => GameResult::WhiteWins,
                38..=67 => GameResult::Draw,
                _ => GameResult::BlackWins,
            };
            if rng.below(100) < 2 {
                round.byes.push(Bye {
                    player: *white,
                    kind: ByeKind::HalfPoint,
                });
                round.byes.push(Bye {
                    player: *black,
                    kind: ByeKind::HalfPoint,
                });
            } else {
                round.boards.push(Board::new(*white, *black, result));
            }
            rest = tail;
        }
        if let [last] = rest {
            round.byes.push(Bye {
                player: *last,
                kind: ByeKind::PairingAllocated,
            });
        }
        t.rounds.push(round);
    }
    for list in [
        "BH/C1,BH,SB,DE,WIN,BPG",
        "AOB,ARO/C1,TPR,PTP,APRO,APPO,KS,PS,FB",
    ] {
        let options = StandingsOptions::new(parse_tiebreaks(list).expect("list"));
        let start = Instant::now();
        let standings = compute_standings(&t, &options).expect("standings");
        let elapsed = start.elapsed();
        println!(
            "{players} players, {rounds} rounds, [{list}]: {:.1} ms (leader {})",
            elapsed.as_secs_f64() * 1000.0,
            standings.rows[0].start_number
        );
    }
}
