//! Random tournaments for testing pairing engines (the generator of
//! C.04.A): players with ratings, rounds paired by the Dutch engine, random
//! results, forfeits, half-point byes and retirements. Configuration keys
//! are those of JaVaFo and bbpPairings (`PlayersNumber=`, `RoundsNumber=`,
//! `DrawPercentage=`, `ForfeitRate=`, `RetiredRate=`, `HalfPointByeRate=`,
//! `HighestRating=`, `LowestRating=`). Randomness comes from a seeded
//! generator inside the crate, so a seed reproduces a tournament.

use super::state::{Colour, Entrant, Outcome, PointSystem, Round, Swiss};
use super::{DutchError, pair_round};

/// Generator settings (rates are "one in N"; 0 disables).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GeneratorConfig {
    /// Number of players.
    pub players: usize,
    /// Number of rounds.
    pub rounds: usize,
    /// Percentage of drawn games.
    pub draw_percentage: u32,
    /// One game in `forfeit_rate` is forfeited.
    pub forfeit_rate: u32,
    /// One player in `retired_rate` retires at some round.
    pub retired_rate: u32,
    /// One player-round in `half_point_bye_rate` is a requested half-point bye.
    pub half_point_bye_rate: u32,
    /// Highest rating.
    pub highest_rating: u32,
    /// Lowest rating.
    pub lowest_rating: u32,
}

impl Default for GeneratorConfig {
    fn default() -> Self {
        GeneratorConfig {
            players: 30,
            rounds: 9,
            draw_percentage: 30,
            forfeit_rate: 20,
            retired_rate: 100,
            half_point_bye_rate: 50,
            highest_rating: 2600,
            lowest_rating: 1400,
        }
    }
}

impl GeneratorConfig {
    /// Parse `Key=value` lines; unknown keys and `#` comments are ignored.
    pub fn parse(text: &str) -> Result<GeneratorConfig, String> {
        let mut c = GeneratorConfig::default();
        for (no, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let Some((k, v)) = line.split_once('=') else {
                return Err(format!("line {}: expected Key=value", no + 1));
            };
            let v: u32 = v
                .trim()
                .parse()
                .map_err(|_| format!("line {}: invalid number '{}'", no + 1, v.trim()))?;
            match k.trim() {
                "PlayersNumber" => c.players = v as usize,
                "RoundsNumber" => c.rounds = v as usize,
                "DrawPercentage" => c.draw_percentage = v.min(100),
                "ForfeitRate" => c.forfeit_rate = v,
                "RetiredRate" => c.retired_rate = v,
                "HalfPointByeRate" | "HalfPointByteRate" => c.half_point_bye_rate = v,
                "HighestRating" => c.highest_rating = v,
                "LowestRating" => c.lowest_rating = v,
                _ => {}
            }
        }
        if c.players < 2 || c.players > 9999 || c.rounds == 0 || c.rounds > 99 {
            return Err("PlayersNumber must be 2–9999 and RoundsNumber 1–99".into());
        }
        if c.lowest_rating > c.highest_rating {
            return Err("LowestRating exceeds HighestRating".into());
        }
        Ok(c)
    }
}

/// A small deterministic generator (SplitMix64).
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// Seeded generator.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }
    /// Next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// Uniform in `0..n` (`n > 0`).
    pub fn below(&mut self, n: u64) -> u64 {
        if n == 0 { 0 } else { self.next_u64() % n }
    }
    /// True with probability `1/n` (never when `n = 0`).
    pub fn one_in(&mut self, n: u32) -> bool {
        n > 0 && self.below(u64::from(n)) == 0
    }
}

/// Generate a tournament: every round paired by the Dutch engine.
#[allow(clippy::needless_range_loop)]
pub fn generate(cfg: &GeneratorConfig, seed: u64) -> Result<Swiss, DutchError> {
    let mut rng = Rng::new(seed);
    let n = cfg.players;
    let span = u64::from(cfg.highest_rating - cfg.lowest_rating) + 1;
    let mut ratings: Vec<u32> = (0..n)
        .map(|_| cfg.lowest_rating + rng.below(span) as u32)
        .collect();
    ratings.sort_unstable_by(|a, b| b.cmp(a));
    let players: Vec<Entrant> = (0..n)
        .map(|i| Entrant::new(i, 0, ratings[i], Vec::new()))
        .collect();
    let mut t = Swiss {
        players,
        by_rank: (0..n).collect(),
        played_rounds: 0,
        expected_rounds: cfg.rounds,
        points: PointSystem::default(),
        initial_colour: Some(if rng.below(2) == 0 {
            Colour::White
        } else {
            Colour::Black
        }),
        forbidden: Vec::new(),
    };
    let retire_at: Vec<Option<usize>> = (0..n)
        .map(|_| {
            if rng.one_in(cfg.retired_rate) {
                Some(1 + rng.below(cfg.rounds as u64) as usize)
            } else {
                None
            }
        })
        .collect();
    for round in 0..cfg.rounds {
        t.played_rounds = round;
        // Absences and requested byes for this round.
        for i in 0..n {
            let retired = retire_at[i].is_some_and(|r| round >= r);
            if retired {
                t.players[i].rounds.push(Round::absent(i));
            } else if round + 1 < cfg.rounds && rng.one_in(cfg.half_point_bye_rate) {
                t.players[i].rounds.push(Round {
                    opponent: i,
                    colour: None,
                    outcome: Outcome::Draw,
                    played: false,
                    paired: false,
                });
            }
        }
        t.update_ranks();
        t.compute_player_data();
        let boards = pair_round(&t)?;
        for b in boards {
            match b.black {
                None => t.players[b.white].rounds.push(Round {
                    opponent: b.white,
                    colour: None,
                    outcome: Outcome::Win,
                    played: false,
                    paired: true,
                }),
                Some(bl) => {
                    let w = b.white;
                    let forfeit = rng.one_in(cfg.forfeit_rate);
                    let diff = f64::from(t.players[w].rating) - f64::from(t.players[bl].rating);
                    let p_white = 1.0 / (1.0 + 10f64.powf(-diff / 400.0));
                    let x = rng.below(1_000_000) as f64 / 1_000_000.0;
                    let draw = !forfeit && rng.below(100) < u64::from(cfg.draw_percentage);
                    let white_wins = x < p_white;
                    let (ow, ob) = if draw {
                        (Outcome::Draw, Outcome::Draw)
                    } else if white_wins {
                        (Outcome::Win, Outcome::Loss)
                    } else {
                        (Outcome::Loss, Outcome::Win)
                    };
                    let played = !forfeit;
                    t.players[w].rounds.push(Round {
                        opponent: bl,
                        colour: Some(Colour::White),
                        outcome: ow,
                        played,
                        paired: true,
                    });
                    t.players[bl].rounds.push(Round {
                        opponent: w,
                        colour: Some(Colour::Black),
                        outcome: ob,
                        played,
                        paired: true,
                    });
                }
            }
        }
        for i in 0..n {
            if let Some(r) = t.players[i].rounds.get(round).copied() {
                let pts = t.points_for(&t.players[i], &r);
                t.players[i].score += pts;
            } else {
                t.players[i].rounds.push(Round::absent(i));
            }
        }
    }
    t.played_rounds = cfg.rounds;
    t.update_ranks();
    for (i, p) in t.players.iter_mut().enumerate() {
        p.valid = true;
        p.rank_index = i;
    }
    Ok(t)
}
