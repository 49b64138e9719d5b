//! Random team Swiss events, played whole: pair a round by C.04.6, draw the
//! board results, repeat. Pure: the seed is passed in (the Dutch
//! generator's SplitMix64, `dutch::generator::Rng`).

use super::input::{
    Colour, Config, PreferenceKind, PrimaryScore, RoundKind, RoundRecord, Team, TeamSwiss,
};
use super::pairer::{PairingError, RoundPairing, pair_round};
use crate::dutch::generator::Rng;

/// What kind of event to generate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GeneratorConfig {
    /// Number of teams.
    pub teams: usize,
    /// Number of rounds declared.
    pub rounds: u32,
    /// Boards per match.
    pub boards: u32,
    /// Percentage of drawn board games.
    pub draw_percentage: u32,
    /// One match in `forfeit_rate` is lost by forfeit by one team (0: never).
    pub forfeit_rate: u32,
    /// One team-round in `absence_rate` the team is absent (0: never).
    pub absence_rate: u32,
    /// Number of random pairs the competition forbids.
    pub forbidden_pairs: usize,
    /// The competition's settings; `None` draws them from the seed.
    pub config: Option<Config>,
}

impl Default for GeneratorConfig {
    fn default() -> Self {
        GeneratorConfig {
            teams: 12,
            rounds: 7,
            boards: 4,
            draw_percentage: 30,
            forfeit_rate: 0,
            absence_rate: 0,
            forbidden_pairs: 0,
            config: None,
        }
    }
}

/// One generated round: the input the pairer saw and what it produced.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GeneratedRound {
    /// The tournament before the round.
    pub input: TeamSwiss,
    /// The pairing.
    pub pairing: RoundPairing,
}

/// A generated event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GeneratedEvent {
    /// The rounds paired, in order.
    pub rounds: Vec<GeneratedRound>,
    /// Why the event stopped before its last round (Art. 3.3.3), if it did.
    pub stopped: Option<PairingError>,
    /// The histories after the last round played.
    pub teams: Vec<Team>,
}

/// Match points of a won, drawn, lost match in half points (2/1/0 points,
/// the TRF-2026 default).
const MP: [u32; 3] = [4, 2, 0];

/// Play a random event.
pub fn generate(cfg: &GeneratorConfig, seed: u64) -> GeneratedEvent {
    let mut rng = Rng::new(seed);
    let config = cfg.config.unwrap_or_else(|| Config {
        primary: if rng.one_in(4) {
            PrimaryScore::GamePoints
        } else {
            PrimaryScore::MatchPoints
        },
        secondary_for_colour: !rng.one_in(4),
        preferences: match rng.below(3) {
            0 => PreferenceKind::TypeA,
            1 => PreferenceKind::TypeB,
            _ => PreferenceKind::None,
        },
        initial_colour: if rng.one_in(2) {
            Colour::White
        } else {
            Colour::Black
        },
    });
    let n = cfg.teams;
    let mut teams: Vec<Team> = (0..n)
        .map(|i| Team {
            id: 1000 + i as u64,
            tpn: i as u32 + 1,
            history: Vec::new(),
            available: true,
        })
        .collect();
    let mut forbidden = Vec::new();
    if n >= 2 {
        for _ in 0..cfg.forbidden_pairs {
            let a = rng.below(n as u64) as u32 + 1;
            let b = rng.below(n as u64) as u32 + 1;
            if a != b {
                forbidden.push((a, b));
            }
        }
    }
    let mut rounds = Vec::new();
    let mut stopped = None;
    for round in 1..=cfg.rounds {
        for t in &mut teams {
            t.available = !rng.one_in(cfg.absence_rate);
        }
        let input = TeamSwiss {
            teams: teams.clone(),
            round,
            rounds: cfg.rounds,
            config,
            forbidden: forbidden.clone(),
        };
        let pairing = match pair_round(&input) {
            Ok(p) => p,
            Err(e) => {
                stopped = Some(e);
                break;
            }
        };
        let mut records: Vec<RoundRecord> = vec![
            RoundRecord {
                kind: RoundKind::NotPaired,
                match_points: 0,
                game_points: 0,
            };
            n
        ];
        if let Some(b) = pairing.bye {
            // Art. 1.4: as many match and game points as a draw.
            records[b as usize - 1] = RoundRecord {
                kind: RoundKind::PairingBye,
                match_points: MP[1],
                game_points: cfg.boards,
            };
        }
        for m in &pairing.matches {
            let (w, b) = (m.white as usize - 1, m.black as usize - 1);
            if rng.one_in(cfg.forfeit_rate) {
                let white_wins = rng.one_in(2);
                let (win, lose) = if white_wins { (w, b) } else { (b, w) };
                records[win] = RoundRecord {
                    kind: RoundKind::ForfeitWin {
                        opponent: Some(lose as u32 + 1),
                    },
                    match_points: MP[0],
                    game_points: 2 * cfg.boards,
                };
                records[lose] = RoundRecord {
                    kind: RoundKind::ForfeitLoss {
                        opponent: Some(win as u32 + 1),
                    },
                    match_points: MP[2],
                    game_points: 0,
                };
                continue;
            }
            // Game points in half points, board by board.
            let mut gw = 0;
            for _ in 0..cfg.boards {
                gw += if rng.below(100) < u64::from(cfg.draw_percentage) {
                    1
                } else if rng.one_in(2) {
                    2
                } else {
                    0
                };
            }
            let gb = 2 * cfg.boards - gw;
            let (mw, mb) = match gw.cmp(&gb) {
                std::cmp::Ordering::Greater => (MP[0], MP[2]),
                std::cmp::Ordering::Equal => (MP[1], MP[1]),
                std::cmp::Ordering::Less => (MP[2], MP[0]),
            };
            records[w] = RoundRecord {
                kind: RoundKind::Played {
                    opponent: b as u32 + 1,
                    colour: Colour::White,
                },
                match_points: mw,
                game_points: gw,
            };
            records[b] = RoundRecord {
                kind: RoundKind::Played {
                    opponent: w as u32 + 1,
                    colour: Colour::Black,
                },
                match_points: mb,
                game_points: gb,
            };
        }
        for (t, r) in teams.iter_mut().zip(records) {
            t.history.push(r);
        }
        rounds.push(GeneratedRound { input, pairing });
    }
    for t in &mut teams {
        t.available = true;
    }
    GeneratedEvent {
        rounds,
        stopped,
        teams,
    }
}
