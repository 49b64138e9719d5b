//! A seeded random team round robin (pure): for property tests and for
//! comparing the team tie-breaks with the reference (TieBreakServer).
//!
//! Teams have `boards + reserves` players; each round every team fields a
//! random line-up in roster order (reserves come in), now and then leaves
//! its last board empty, names a player who does not come (a forfeited
//! board), or forfeits the whole match. Results are drawn at random with
//! draws. The same seed always gives the same event.

use super::lineup::Lineup;
use super::schedule::{match_from_lineups, table_round};
use super::{MatchForfeit, TeamBye, TeamByeKind, TeamEvent, TeamRound, TeamSystem};
use crate::lots::SplitMix64;
use crate::model::{GameResult, Player, StartNumber, System, Tournament};
use crate::round_robin::Line;

/// What to generate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GeneratorOptions {
    pub teams: u32,
    pub boards: u32,
    pub reserves: u32,
    pub double: bool,
    /// Chances in percent, per board or per match.
    pub draw_percent: u64,
    pub empty_board_percent: u64,
    pub forfeit_board_percent: u64,
    pub forfeit_match_percent: u64,
}

impl Default for GeneratorOptions {
    fn default() -> GeneratorOptions {
        GeneratorOptions {
            teams: 6,
            boards: 4,
            reserves: 1,
            double: false,
            draw_percent: 35,
            empty_board_percent: 3,
            forfeit_board_percent: 3,
            forfeit_match_percent: 0,
        }
    }
}

/// A random team round robin, played to the end, and the individual
/// tournament its players and board games make.
pub fn generate(seed: u64, options: &GeneratorOptions) -> (Tournament, TeamEvent) {
    let mut rng = SplitMix64::new(seed);
    let per_team = options.boards + options.reserves;
    let mut event = TeamEvent::new(options.boards);
    event.system = if options.double {
        TeamSystem::DoubleRoundRobin
    } else {
        TeamSystem::RoundRobin
    };
    let mut tournament = Tournament {
        name: format!("Generated team round robin {seed}"),
        system: System::RoundRobin,
        ..Tournament::default()
    };
    for t in 1..=options.teams {
        let roster: Vec<StartNumber> = (1..=per_team).map(|i| (t - 1) * per_team + i).collect();
        for &sn in &roster {
            tournament.players.push(Player {
                start_number: sn,
                name: format!("Player {t}-{sn}"),
                fide_rating: Some(1400 + rng.below(1200) as u16),
                ..Player::default()
            });
        }
        event.teams.push(super::Team {
            number: t,
            name: format!("Team {t}"),
            short_name: Some(format!("T{t:03}")),
            federation: None,
            roster,
        });
    }
    let chance = |rng: &mut SplitMix64, percent: u64| rng.below(100) < percent;
    let total = crate::round_robin::rounds(options.teams, options.double);
    for round in 1..=total {
        let table = table_round(&event, round).unwrap_or_default();
        let lineup = |rng: &mut SplitMix64, team: u32| -> Lineup {
            let roster = &event.teams[team as usize - 1].roster;
            // Drop `reserves` random players, keep the roster order.
            let mut keep: Vec<StartNumber> = roster.clone();
            for _ in 0..options.reserves {
                let i = rng.below(keep.len() as u64) as usize;
                keep.remove(i);
            }
            let mut players: Vec<Option<StartNumber>> = keep.into_iter().map(Some).collect();
            if chance(rng, options.empty_board_percent)
                && let Some(last) = players.last_mut()
            {
                *last = None;
            }
            Lineup {
                team: event.teams[team as usize - 1].number,
                players,
            }
        };
        let mut paired = TeamRound::default();
        for line in table {
            match line {
                Line::Game { white, black } => {
                    let (a, b) = (lineup(&mut rng, white), lineup(&mut rng, black));
                    let mut m = match_from_lineups(&event, &a, &b);
                    let forfeit = chance(&mut rng, options.forfeit_match_percent);
                    for board in &mut m.boards {
                        board.result = if chance(&mut rng, options.forfeit_board_percent) {
                            if rng.below(2) == 0 {
                                GameResult::WhiteWinsByForfeit
                            } else {
                                GameResult::BlackWinsByForfeit
                            }
                        } else if chance(&mut rng, options.draw_percent) {
                            GameResult::Draw
                        } else if rng.below(2) == 0 {
                            GameResult::WhiteWins
                        } else {
                            GameResult::BlackWins
                        };
                        // An empty seat decides the board.
                        board.result = board.effective_result();
                    }
                    // A forfeited match names full line-ups.
                    let full = m
                        .boards
                        .iter()
                        .all(|b| b.first.is_some() && b.second.is_some());
                    if forfeit && full {
                        m.forfeit = Some(match rng.below(3) {
                            0 => MatchForfeit::FirstWins,
                            1 => MatchForfeit::SecondWins,
                            _ => MatchForfeit::Double,
                        });
                        let results: Vec<GameResult> =
                            m.boards.iter().map(|b| m.board_result(b)).collect();
                        for (board, result) in m.boards.iter_mut().zip(results) {
                            board.result = result;
                        }
                    }
                    paired.matches.push(m);
                }
                Line::Bye(t) => paired.byes.push(TeamBye {
                    team: event.teams[t as usize - 1].number,
                    kind: TeamByeKind::PairingAllocated,
                }),
            }
        }
        event.rounds.push(paired);
    }
    tournament.rounds = event.individual_rounds();
    tournament.planned_rounds = total;
    (tournament, event)
}
