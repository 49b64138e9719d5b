//! Random tournaments for testing pairing engines (the generator of
//! C.04.A, the RTG of the C.02 endorsement checklist, VCL4THP.13 Q22–Q24):
//! players with ratings, rounds paired by the Dutch engine, random results,
//! and as many byes, forfeits and unusual results as asked.
//!
//! Configuration keys (`Key=value` lines, `#` comments): those of JaVaFo
//! and bbpPairings (`PlayersNumber=`, `RoundsNumber=`, `DrawPercentage=`,
//! `ForfeitRate=`, `RetiredRate=`, `HalfPointByeRate=`, `HighestRating=`,
//! `LowestRating=`; rates are "one in N", 0 disables), and the checklist's:
//!
//! | key | what, each round |
//! |---|---|
//! | `FullPointByes=` / `HalfPointByes=` / `ZeroPointByes=` | requested byes of that value |
//! | `ForfeitWins=` | games won by forfeit (`+`/`-`) |
//! | `ForfeitLosses=` | games both players lose by forfeit (`-`/`-`) |
//! | `ZeroZero=` | played games both players lose (`0`/`0`) |
//! | `HalfZero=` / `ZeroHalf=` | played games one side draws and the other loses (`=`/`0`, `0`/`=`) |
//! | `Baku=1` | Baku acceleration (C.04.5) |
//! | `TieBreaks=BH/C1,BH,SB` | the tie-break list (TRF-2026 `202`) that ranks the output |
//!
//! An amount is a count (`2`) or a percentage (`5%`) of the players (byes)
//! or of the games (results) of the round; `Key[3]=` sets it for round 3
//! only.
//! Randomness comes from a seeded generator inside the crate, so a seed
//! reproduces a tournament.

use std::collections::BTreeMap;

use super::input::{apply_baku, tournament_of};
use super::state::{Colour, Entrant, Outcome, PointSystem, Round, Swiss};
use super::{DutchError, pair_round};
use crate::model::{Bye, ByeKind, Tournament};
use crate::standings::{StandingsOptions, compute_standings, parse_tiebreaks};

/// How many: a count, or a percentage of the players (or games) of a round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Amount {
    Count(u32),
    Percent(u32),
}

impl Amount {
    /// The number out of `total` (a percentage rounded to the nearest).
    pub fn of(self, total: usize) -> usize {
        match self {
            Amount::Count(n) => (n as usize).min(total),
            Amount::Percent(p) => ((total * p as usize + 50) / 100).min(total),
        }
    }

    fn parse(text: &str) -> Option<Amount> {
        let text = text.trim();
        match text.strip_suffix('%') {
            Some(p) => p
                .trim()
                .parse()
                .ok()
                .filter(|&p| p <= 100)
                .map(Amount::Percent),
            None => text.parse().ok().map(Amount::Count),
        }
    }
}

/// An amount for every round, and amounts for single rounds (1-based) that
/// replace it there.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PerRound {
    pub every: Option<Amount>,
    pub rounds: BTreeMap<usize, Amount>,
}

impl PerRound {
    /// The amount for round `round` (1-based), if any.
    pub fn get(&self, round: usize) -> Option<Amount> {
        self.rounds.get(&round).copied().or(self.every)
    }

    /// The same amount in every round.
    pub fn every(amount: Amount) -> PerRound {
        PerRound {
            every: Some(amount),
            rounds: BTreeMap::new(),
        }
    }
}

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
    /// Requested full-point byes.
    pub full_point_byes: PerRound,
    /// Requested half-point byes.
    pub half_point_byes: PerRound,
    /// Requested zero-point byes.
    pub zero_point_byes: PerRound,
    /// Games won by forfeit.
    pub forfeit_wins: PerRound,
    /// Games both players lose by forfeit.
    pub forfeit_losses: PerRound,
    /// Played games both players lose (0-0).
    pub zero_zero: PerRound,
    /// Played games White draws and Black loses (½-0).
    pub half_zero: PerRound,
    /// Played games White loses and Black draws (0-½).
    pub zero_half: PerRound,
    /// Baku acceleration (C.04.5).
    pub baku: bool,
    /// The tie-break list that ranks the output (empty: the default list).
    pub tiebreaks: Vec<String>,
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
            full_point_byes: PerRound::default(),
            half_point_byes: PerRound::default(),
            zero_point_byes: PerRound::default(),
            forfeit_wins: PerRound::default(),
            forfeit_losses: PerRound::default(),
            zero_zero: PerRound::default(),
            half_zero: PerRound::default(),
            zero_half: PerRound::default(),
            baku: false,
            tiebreaks: Vec::new(),
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
            let at = |why: String| format!("line {}: {why}", no + 1);
            let Some((k, v)) = line.split_once('=') else {
                return Err(at("expected Key=value".into()));
            };
            let (key, round) = match k.trim().split_once('[') {
                Some((key, rest)) => {
                    let round = rest
                        .strip_suffix(']')
                        .and_then(|r| r.trim().parse::<usize>().ok())
                        .filter(|&r| r > 0)
                        .ok_or_else(|| at(format!("invalid round in '{}'", k.trim())))?;
                    (key.trim(), Some(round))
                }
                None => (k.trim(), None),
            };
            let v = v.trim();
            let per_round = match key {
                "FullPointByes" => Some(&mut c.full_point_byes),
                "HalfPointByes" => Some(&mut c.half_point_byes),
                "ZeroPointByes" => Some(&mut c.zero_point_byes),
                "ForfeitWins" => Some(&mut c.forfeit_wins),
                "ForfeitLosses" => Some(&mut c.forfeit_losses),
                "ZeroZero" => Some(&mut c.zero_zero),
                "HalfZero" => Some(&mut c.half_zero),
                "ZeroHalf" => Some(&mut c.zero_half),
                _ => None,
            };
            if let Some(setting) = per_round {
                let amount = Amount::parse(v)
                    .ok_or_else(|| at(format!("invalid amount '{v}' (a count or N%)")))?;
                match round {
                    Some(r) => {
                        setting.rounds.insert(r, amount);
                    }
                    None => setting.every = Some(amount),
                }
                continue;
            }
            if round.is_some() {
                return Err(at(format!("{key} cannot be set per round")));
            }
            if key == "TieBreaks" {
                c.tiebreaks = v
                    .split(',')
                    .map(|s| s.trim().to_owned())
                    .filter(|s| !s.is_empty())
                    .collect();
                parse_tiebreaks(&c.tiebreaks.join(","))
                    .map_err(|e| at(format!("TieBreaks: {e}")))?;
                continue;
            }
            let v: u32 = v.parse().map_err(|_| at(format!("invalid number '{v}'")))?;
            match key {
                "PlayersNumber" => c.players = v as usize,
                "RoundsNumber" => c.rounds = v as usize,
                "DrawPercentage" => c.draw_percentage = v.min(100),
                "ForfeitRate" => c.forfeit_rate = v,
                "RetiredRate" => c.retired_rate = v,
                "HalfPointByeRate" | "HalfPointByteRate" => c.half_point_bye_rate = v,
                "HighestRating" => c.highest_rating = v,
                "LowestRating" => c.lowest_rating = v,
                "Baku" => c.baku = v != 0,
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

/// How one game of a generated round ends, before its result is drawn.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Ending {
    /// Drawn from the ratings, the draw percentage and the forfeit rate.
    Usual,
    ForfeitWin,
    DoubleForfeit,
    ZeroZero,
    HalfZero,
    ZeroHalf,
}

/// A generated event: the engine's view, and the zero-point byes (round
/// index, player index), which the view does not tell from absences.
struct Generated {
    swiss: Swiss,
    zero_point_byes: Vec<(usize, usize)>,
}

/// Generate a tournament: every round paired by the Dutch engine.
pub fn generate(cfg: &GeneratorConfig, seed: u64) -> Result<Swiss, DutchError> {
    play(cfg, seed).map(|g| g.swiss)
}

/// Generate a tournament as a model ready to be written as TRF (the RTG's
/// output): players named `PlayerNNNN`, every round, the zero-point byes,
/// Baku acceleration (the `192 …_BAKU` flag and, for TRF16 readers, the
/// players' acceleration per round), the tie-break list, and the points and
/// rank columns from [`crate::standings`] with that list (the default list
/// for a Swiss when none is given), so that the checker
/// ([`crate::checker`]) accepts it.
pub fn generate_tournament(
    cfg: &GeneratorConfig,
    seed: u64,
    name: &str,
) -> Result<Tournament, DutchError> {
    let g = play(cfg, seed)?;
    let sn = |i: usize| u32::try_from(i + 1).unwrap_or(u32::MAX);
    let mut t = tournament_of(&g.swiss, name);
    for &(round, player) in &g.zero_point_byes {
        if let Some(r) = t.rounds.get_mut(round) {
            r.byes.push(Bye {
                player: sn(player),
                kind: ByeKind::ZeroPoint,
            });
        }
    }
    t.tiebreaks = cfg.tiebreaks.clone();
    if cfg.baku {
        t.pairing.baku = true;
        for p in g.swiss.players.iter().filter(|p| p.valid) {
            let mut list: Vec<crate::model::Points> = p
                .accelerations
                .iter()
                .map(|&x| crate::model::Points::from_tenths(x))
                .collect();
            while list.last().is_some_and(|x| x.tenths() == 0) {
                list.pop();
            }
            if !list.is_empty() {
                t.pairing.accelerations.insert(sn(p.id), list);
            }
        }
    }
    let options = StandingsOptions::for_tournament(&t)
        .map_err(|e| DutchError::InvalidRequest(e.to_string()))?;
    let standings =
        compute_standings(&t, &options).map_err(|e| DutchError::InvalidRequest(e.to_string()))?;
    for (place, row) in (1u32..).zip(&standings.rows) {
        if let Some(p) = t
            .players
            .iter_mut()
            .find(|p| p.start_number == row.start_number)
        {
            p.reported_rank = Some(place);
            p.reported_points = Some(row.points);
        }
    }
    Ok(t)
}

/// `k` distinct items taken at random out of `pool` (removed from it).
fn take(rng: &mut Rng, pool: &mut Vec<usize>, k: usize) -> Vec<usize> {
    (0..k.min(pool.len()))
        .map(|_| {
            let j = rng.below(pool.len() as u64) as usize;
            pool.swap_remove(j)
        })
        .collect()
}

#[allow(clippy::needless_range_loop)]
fn play(cfg: &GeneratorConfig, seed: u64) -> Result<Generated, DutchError> {
    let mut rng = Rng::new(seed);
    let n = cfg.players;
    let span = u64::from(cfg.highest_rating.saturating_sub(cfg.lowest_rating)) + 1;
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
    let mut zero_point_byes = Vec::new();
    for round in 0..cfg.rounds {
        let number = round + 1;
        t.played_rounds = round;
        // Absences and requested byes for this round.
        let mut available = Vec::new();
        for i in 0..n {
            if retire_at[i].is_some_and(|r| round >= r) {
                t.players[i].rounds.push(Round::absent(i));
            } else {
                available.push(i);
            }
        }
        let mut requested: Vec<(usize, Outcome)> = Vec::new();
        for (setting, outcome) in [
            (&cfg.full_point_byes, Outcome::Win),
            (&cfg.half_point_byes, Outcome::Draw),
            (&cfg.zero_point_byes, Outcome::Loss),
        ] {
            // Byes leave at least two players to pair.
            let k = setting
                .get(number)
                .map_or(0, |a| a.of(n))
                .min(available.len().saturating_sub(2));
            for i in take(&mut rng, &mut available, k) {
                requested.push((i, outcome));
            }
        }
        if round + 1 < cfg.rounds {
            for &i in &available {
                if rng.one_in(cfg.half_point_bye_rate) {
                    requested.push((i, Outcome::Draw));
                }
            }
        }
        for (i, outcome) in requested {
            if outcome == Outcome::Loss {
                zero_point_byes.push((round, i));
            }
            t.players[i].rounds.push(Round {
                opponent: i,
                colour: None,
                outcome,
                played: false,
                paired: false,
            });
        }
        if cfg.baku {
            apply_baku(&mut t).map_err(|e| DutchError::InvalidRequest(e.to_string()))?;
        }
        t.update_ranks();
        t.compute_player_data();
        let boards = pair_round(&t)?;
        let games: Vec<(usize, usize)> = boards
            .iter()
            .filter_map(|b| b.black.map(|bl| (b.white, bl)))
            .collect();
        let mut endings = vec![Ending::Usual; games.len()];
        let mut pool: Vec<usize> = (0..games.len()).collect();
        for (setting, ending) in [
            (&cfg.forfeit_wins, Ending::ForfeitWin),
            (&cfg.forfeit_losses, Ending::DoubleForfeit),
            (&cfg.zero_zero, Ending::ZeroZero),
            (&cfg.half_zero, Ending::HalfZero),
            (&cfg.zero_half, Ending::ZeroHalf),
        ] {
            let k = setting.get(number).map_or(0, |a| a.of(games.len()));
            for g in take(&mut rng, &mut pool, k) {
                endings[g] = ending;
            }
        }
        for b in boards.iter().filter(|b| b.black.is_none()) {
            t.players[b.white].rounds.push(Round {
                opponent: b.white,
                colour: None,
                outcome: Outcome::Win,
                played: false,
                paired: true,
            });
        }
        for (&(w, bl), ending) in games.iter().zip(endings) {
            let (ow, ob, played) = match ending {
                Ending::ForfeitWin if rng.below(2) == 0 => (Outcome::Win, Outcome::Loss, false),
                Ending::ForfeitWin => (Outcome::Loss, Outcome::Win, false),
                Ending::DoubleForfeit => (Outcome::Loss, Outcome::Loss, false),
                Ending::ZeroZero => (Outcome::Loss, Outcome::Loss, true),
                Ending::HalfZero => (Outcome::Draw, Outcome::Loss, true),
                Ending::ZeroHalf => (Outcome::Loss, Outcome::Draw, true),
                Ending::Usual => {
                    let forfeit = rng.one_in(cfg.forfeit_rate);
                    let diff = f64::from(t.players[w].rating) - f64::from(t.players[bl].rating);
                    let p_white = 1.0 / (1.0 + 10f64.powf(-diff / 400.0));
                    let x = rng.below(1_000_000) as f64 / 1_000_000.0;
                    let draw = !forfeit && rng.below(100) < u64::from(cfg.draw_percentage);
                    if draw {
                        (Outcome::Draw, Outcome::Draw, true)
                    } else if x < p_white {
                        (Outcome::Win, Outcome::Loss, !forfeit)
                    } else {
                        (Outcome::Loss, Outcome::Win, !forfeit)
                    }
                }
            };
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
    Ok(Generated {
        swiss: t,
        zero_point_byes,
    })
}
