//! PGN validation throughput: SAN → legal move → position over whole games
//! (what `arbiter pgn check` and any PGN import do), plus the tokenizer alone.
//!
//! The corpus is generated here, deterministically: 2,000 games played by a
//! seeded random mover that prefers captures, checks and central pawn moves
//! (so that games look like games: exchanges, promotions, castling, mates)
//! with lengths spread like real games (20–200 plies, most 60–120), half of
//! them with `[%clk]` comments as broadcasts and online servers write them.
//!
//! Environment:
//! - `ARBITER_PGN_CORPUS=<file.pgn>` also measures that file (e.g. a real
//!   database kept outside the repository);
//! - `ARBITER_PGN_DUMP=<file.pgn>` writes the generated corpus there, so that
//!   other programs can be measured on the very same games.
//!
//! Run: `cargo bench -p rules --bench pgn`.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rules::Position;
use rules::pgn::{Event, Game, GameResult, Reader, Replayer, SanPly, write_games};

/// SplitMix64: deterministic, so every run measures the same games.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
}

fn generated_game(rng: &mut Rng, number: usize) -> Game {
    let mut pos = Position::startpos();
    let mut game = Game::default();
    game.set_tag("Event", "Arbiter benchmark");
    game.set_tag("Site", "?");
    game.set_tag("Date", "2026.11.29");
    game.set_tag("Round", number.to_string());
    game.set_tag("White", format!("Player {}", rng.below(500)));
    game.set_tag("Black", format!("Player {}", rng.below(500)));
    game.set_tag("WhiteElo", (1200 + rng.below(1500)).to_string());
    game.set_tag("BlackElo", (1200 + rng.below(1500)).to_string());
    game.set_tag("TimeControl", "300+3");
    // Lengths: the sum of three uniform draws, 20..=200 plies, peaked near 110.
    let length = 20 + rng.below(61) + rng.below(61) + rng.below(61);
    let clocks = rng.below(2) == 0;
    let mut clock = [300_000u64; 2];
    for ply in 0..length {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        // Prefer captures and checks, as players do; otherwise any move.
        let mut m = legal[rng.below(legal.len() as u64) as usize];
        for _ in 0..3 {
            let candidate = legal[rng.below(legal.len() as u64) as usize];
            let mut next = pos;
            next.play_unchecked(candidate);
            if candidate.is_capture() || next.is_check() {
                m = candidate;
                break;
            }
        }
        let mut san = SanPly::new(pos.san(m));
        if clocks {
            let side = (ply % 2) as usize;
            clock[side] = (clock[side] + 3_000).saturating_sub(rng.below(12_000));
            san.clock_ms = Some(clock[side] / 1000 * 1000);
        }
        game.moves.push(san);
        pos.play_unchecked(m);
    }
    game.result = match pos.outcome() {
        Some(rules::Outcome::Checkmate {
            winner: rules::Color::White,
        }) => GameResult::WhiteWins,
        Some(rules::Outcome::Checkmate { .. }) => GameResult::BlackWins,
        Some(_) => GameResult::Draw,
        None => [
            GameResult::WhiteWins,
            GameResult::BlackWins,
            GameResult::Draw,
        ][rng.below(3) as usize],
    };
    game.set_tag("Result", game.result.as_str());
    game
}

fn corpus() -> String {
    let mut rng = Rng(0x5EED_0FA2_B17E);
    let games: Vec<Game> = (1..=2000).map(|n| generated_game(&mut rng, n)).collect();
    write_games(&games)
}

/// Replays every game; returns (games, plies) so the work cannot be skipped.
fn validate(input: &[u8]) -> (usize, usize) {
    let mut games = 0;
    let mut plies = 0;
    for game in Replayer::new(input) {
        assert!(
            game.error.is_none(),
            "game {}: {:?}",
            game.number,
            game.error
        );
        games += 1;
        plies += game.plies;
    }
    (games, plies)
}

fn tokens(input: &[u8]) -> usize {
    let mut reader = Reader::new(input);
    let mut sans = 0;
    while let Some(event) = reader.next_event() {
        if let Ok(Event::San(_)) = event {
            sans += 1;
        }
    }
    sans
}

fn bench(c: &mut Criterion) {
    let text = corpus();
    if let Ok(path) = std::env::var("ARBITER_PGN_DUMP") {
        std::fs::write(&path, &text).expect("ARBITER_PGN_DUMP is writable");
    }
    let mut inputs = vec![("generated".to_owned(), text.into_bytes())];
    if let Ok(path) = std::env::var("ARBITER_PGN_CORPUS") {
        let bytes = std::fs::read(&path).expect("ARBITER_PGN_CORPUS is readable");
        let name = std::path::Path::new(&path)
            .file_name()
            .map_or("corpus".into(), |n| n.to_string_lossy().into_owned());
        inputs.push((name, bytes));
    }

    let mut group = c.benchmark_group("pgn");
    for (name, input) in &inputs {
        let (games, plies) = validate(input);
        eprintln!(
            "{name}: {games} games, {plies} plies, {} bytes",
            input.len()
        );
        group.throughput(Throughput::Elements(games as u64));
        group.bench_function(format!("validate/{name}"), |b| b.iter(|| validate(input)));
        group.bench_function(format!("tokenize/{name}"), |b| b.iter(|| tokens(input)));
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
