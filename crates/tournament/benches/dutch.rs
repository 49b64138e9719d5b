//! Timing of the Dutch pairing of one round (`harness = false`).
//!
//! `cargo bench -p tournament --bench dutch -- FILE.trf...` pairs the round
//! after the last one recorded in each TRF file (with `XXR` naming the
//! round to pair, as `arbiter pair --dutch` reads it) and prints the
//! pairing time; with `--pairs` it then prints the boards, one `white
//! black` line each (`-` for the bye), to compare two builds. Without
//! files it times the generator pairing all nine rounds of a 100-player
//! event.

use std::time::Instant;

use tournament::dutch::{self, GeneratorConfig};

fn time_round(name: &str, t: &dutch::Swiss, print_pairs: bool) {
    let start = Instant::now();
    let result = dutch::pair_round(t);
    let elapsed = start.elapsed();
    let boards = result.as_ref().map_or(0, Vec::len);
    println!(
        "{name}: {} players, {boards} boards, {:.3} s",
        t.players.len(),
        elapsed.as_secs_f64()
    );
    if print_pairs {
        match &result {
            Ok(pairs) => {
                for p in pairs {
                    match p.black {
                        Some(black) => println!("{} {black}", p.white),
                        None => println!("{} -", p.white),
                    }
                }
            }
            Err(e) => println!("error: {e:?}"),
        }
    }
}

fn main() {
    let print_pairs = std::env::args().any(|a| a == "--pairs");
    let files: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    if files.is_empty() {
        // No files: time the generator, which pairs every round of a
        // 100-player, 9-round event with the engine.
        let cfg = GeneratorConfig {
            players: 100,
            rounds: 9,
            ..GeneratorConfig::default()
        };
        let start = Instant::now();
        match dutch::generate(&cfg, 1) {
            Ok(_) => println!(
                "generated 100 players, 9 rounds: {:.3} s",
                start.elapsed().as_secs_f64()
            ),
            Err(e) => eprintln!("generator failed: {e}"),
        }
        return;
    }
    for f in files {
        let text = match std::fs::read_to_string(&f) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("{f}: {e}");
                continue;
            }
        };
        match dutch::read_trf(&text, true) {
            Ok(t) => time_round(&f, &t, print_pairs),
            Err(e) => eprintln!("{f}: {e}"),
        }
    }
}
