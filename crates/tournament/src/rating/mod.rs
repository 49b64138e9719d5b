//! Ratings: the FIDE rating change and performance ([`fide`]) and the club
//! grade-points scheme ([`grade`]).
//!
//! [`fide_report`] applies the FIDE rules to a whole [`Tournament`]: for each
//! player, the rated games (played over the board, marked rated, both sides
//! with a rating — forfeits and byes are not rated), the rating change and the
//! performance rating.

pub mod fide;
pub mod grade;

pub use fide::{
    GameScore, KFactorBasis, RatedGame, RatingChange, dp_for_percentage, expected_score_hundredths,
    k_factor, perfect_performance, performance_rating, rating_change, rating_difference,
    within_youth_period,
};
pub use grade::{Grade, GradeExchange, GradeResult, grade_exchange};

use crate::model::{Outcome, Participation, StartNumber, Tournament};

/// How the report decides each player's K (8.3.3) when the tournament file
/// does not say (TRF has no career game count).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct ReportOptions {
    /// The year the event ends, for the youth rule; `None` ignores the rule.
    pub event_year: Option<u16>,
    /// Rated games every player is assumed to have completed before the event
    /// (the regulations' 30-game rule); `None` assumes at least 30.
    pub games_completed: Option<u32>,
}

/// One player's line of the rating report.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerRating {
    pub start_number: StartNumber,
    pub name: String,
    /// The FIDE rating before the event (`None`: unrated).
    pub rating: Option<u16>,
    /// Rated games with their opponents' ratings (`None` when unrated).
    pub games: Vec<RatedGame>,
    /// The change for a rated player (`None` for an unrated player: initial
    /// ratings are outside this report).
    pub change: Option<RatingChange>,
    /// Performance rating (8.1.1) over the games against rated opponents.
    pub performance: Option<i32>,
}

/// Computes every player's FIDE rating change and performance.
pub fn fide_report(tournament: &Tournament, options: ReportOptions) -> Vec<PlayerRating> {
    tournament
        .players
        .iter()
        .map(|player| {
            let mut games = Vec::new();
            for round in 1..=tournament.rounds_paired() {
                let Some(Participation::Game {
                    opponent,
                    outcome,
                    rated: true,
                    ..
                }) = tournament.participation(player.start_number, round)
                else {
                    continue;
                };
                let score = match outcome {
                    Outcome::Win => GameScore::Win,
                    Outcome::Draw => GameScore::Draw,
                    Outcome::Loss => GameScore::Loss,
                    // Forfeits and unfinished games are not rated.
                    Outcome::ForfeitWin | Outcome::ForfeitLoss | Outcome::NotPlayed => continue,
                };
                let opponent_rating = tournament.player(opponent).and_then(|o| o.fide_rating);
                games.push(RatedGame {
                    opponent_rating,
                    score,
                });
            }
            let rated: Vec<u16> = games.iter().filter_map(|g| g.opponent_rating).collect();
            let score: i64 = games
                .iter()
                .filter(|g| g.opponent_rating.is_some())
                .map(|g| g.score.hundredths())
                .sum();
            let performance = performance_rating(&rated, score);
            let change = player.fide_rating.map(|rating| {
                let youth = match (options.event_year, player.birth_date) {
                    (Some(year), Some(birth)) if birth.year > 0 => {
                        within_youth_period(birth.year, year)
                    }
                    _ => false,
                };
                let basis = KFactorBasis {
                    rating,
                    games_completed: options.games_completed.unwrap_or(30),
                    has_reached_2400: rating >= 2400,
                    within_youth_period: youth,
                };
                let n = u32::try_from(rated.len()).unwrap_or(u32::MAX);
                rating_change(rating, k_factor(basis, n), &games)
            });
            PlayerRating {
                start_number: player.start_number,
                name: player.name.clone(),
                rating: player.fide_rating,
                games,
                change,
                performance,
            }
        })
        .collect()
}

/// One player's line of the grade-points report.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GradeLine {
    pub start_number: StartNumber,
    pub name: String,
    /// Points before the event ([`crate::model::Player::grade_points`]).
    pub before: u32,
    /// Points after the event.
    pub after: u32,
    pub grade_before: Grade,
    pub grade_after: Grade,
}

/// Applies the club grade-points scheme (`laws.md`, "Grade points") to every
/// game played over the board, round by round: within a round every game uses
/// the points both players had at the start of the round ("current points").
/// A player's points before the event are his grade points (0, ungraded, when
/// he has none). Forfeits and byes move no points.
pub fn grade_report(tournament: &Tournament) -> Vec<GradeLine> {
    let mut points: std::collections::BTreeMap<StartNumber, u32> = tournament
        .players
        .iter()
        .map(|p| (p.start_number, p.grade_points.unwrap_or(0)))
        .collect();
    let before = points.clone();
    for round in &tournament.rounds {
        let start = points.clone();
        for board in &round.boards {
            let result = match board.result {
                crate::model::GameResult::WhiteWins => GradeResult::AWins,
                crate::model::GameResult::BlackWins => GradeResult::BWins,
                crate::model::GameResult::Draw => GradeResult::Draw,
                _ => continue,
            };
            let (Some(&white), Some(&black)) = (start.get(&board.white), start.get(&board.black))
            else {
                continue;
            };
            let exchange = grade_exchange(white, black, result);
            // Apply the change relative to the start of the round.
            for (player, old, new) in [
                (board.white, white, exchange.a_after),
                (board.black, black, exchange.b_after),
            ] {
                if let Some(current) = points.get_mut(&player) {
                    *current = (i64::from(*current) + i64::from(new) - i64::from(old))
                        .clamp(0, i64::from(u32::MAX)) as u32;
                }
            }
        }
    }
    tournament
        .players
        .iter()
        .map(|p| {
            let b = before.get(&p.start_number).copied().unwrap_or(0);
            let a = points.get(&p.start_number).copied().unwrap_or(0);
            GradeLine {
                start_number: p.start_number,
                name: p.name.clone(),
                before: b,
                after: a,
                grade_before: Grade::of(b),
                grade_after: Grade::of(a),
            }
        })
        .collect()
}
