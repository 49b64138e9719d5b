//! The club grade-points scheme (`shared/docs/laws.md`, "Grade points"; the
//! seed `chess-basics-and-grade-points-zh.txt`, section 5 "记分方法").
//!
//! Grades run from "ungraded" through 30th grade up to 1st grade, 100 points
//! per grade; the winner gains what the loser loses (in a draw, the lower
//! player gains what the higher player loses). With `d` the difference of the
//! two players' current points:
//!
//! | result | d < 10 | 10 ≤ d ≤ 99 | 100 ≤ d ≤ 199 | d ≥ 200 |
//! |---|---|---|---|---|
//! | draw (lower gains) | 0 | (10 + d/10)/2 | d/4 | d/4 |
//! | lower-rated player wins | 10 | 10 + d/10 | d/2 | d/2 |
//! | higher-rated player wins | 10 | 10 − d/12.5 | 2 | 0 |
//!
//! # Choices (documented because the seed leaves them open)
//! - Points are whole numbers, so the bands have no gaps (99 → 100).
//! - The formulas give fractions (d = 15 in a draw: 5.75). The transfer is
//!   computed exactly and rounded to the nearest whole point, halves rounded
//!   up (so 50.5 → 51): the result is what the formula gives to the nearest
//!   point, and ties favour the player who gains.
//! - With equal points (d = 0) a draw moves nothing and a win moves 10; the
//!   "higher" player is the one with more points.
//! - Points never go below 0: a loser with fewer points than the transfer
//!   drops to 0 (the winner still gains the full transfer).
//! - Grades: 0–99 ungraded, 100–199 30th grade, …, 2900–2999 2nd grade,
//!   3000 and above 1st grade.

/// A grade of the club scheme.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Grade {
    /// Fewer than 100 points.
    Ungraded,
    /// `Graded(30)` is the lowest grade, `Graded(1)` the highest.
    Graded(u8),
}

impl Grade {
    /// The grade for a number of points.
    pub fn of(points: u32) -> Grade {
        if points < 100 {
            Grade::Ungraded
        } else {
            let steps = (points / 100).min(30); // 1 ..= 30
            Grade::Graded(31 - steps as u8)
        }
    }
}

/// The result of a game between players `a` and `b`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GradeResult {
    AWins,
    Draw,
    BWins,
}

/// The points moved by one game, computed exactly in hundredths before
/// rounding.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct GradeExchange {
    /// The exact transfer in hundredths of a point (e.g. 575 for 5.75).
    pub exact_hundredths: u32,
    /// The transfer rounded to whole points (halves up).
    pub points: u32,
    /// New points of `a`.
    pub a_after: u32,
    /// New points of `b`.
    pub b_after: u32,
}

/// The exact transfer in hundredths for a difference `d` when the game is a
/// draw, a win by the lower player, or a win by the higher player.
fn transfer_hundredths(d: u32, kind: Kind) -> u32 {
    match kind {
        Kind::Draw => match d {
            0..=9 => 0,
            // (10 + d/10) / 2 = (100 + d) / 20 points = 5 × (100 + d) hundredths
            10..=99 => 5 * (100 + d),
            // d/4 points = 25 d hundredths
            _ => 25 * d,
        },
        Kind::LowerWins => match d {
            0..=9 => 1000,
            // 10 + d/10 points = 1000 + 10 d hundredths
            10..=99 => 1000 + 10 * d,
            // d/2 points
            _ => 50 * d,
        },
        Kind::HigherWins => match d {
            0..=9 => 1000,
            // 10 − d/12.5 points = 1000 − 8 d hundredths
            10..=99 => 1000 - 8 * d,
            100..=199 => 200,
            _ => 0,
        },
    }
}

#[derive(Clone, Copy)]
enum Kind {
    Draw,
    LowerWins,
    HigherWins,
}

/// Applies one game to the two players' current points.
pub fn grade_exchange(a: u32, b: u32, result: GradeResult) -> GradeExchange {
    let d = a.abs_diff(b);
    let a_is_higher = a > b;
    // Who gains: in a draw the lower player (nobody when equal); else the winner.
    let (kind, a_gains) = match result {
        GradeResult::Draw => (Kind::Draw, !a_is_higher),
        GradeResult::AWins => (
            if a_is_higher {
                Kind::HigherWins
            } else {
                Kind::LowerWins
            },
            true,
        ),
        GradeResult::BWins => (
            if a_is_higher {
                Kind::LowerWins
            } else {
                Kind::HigherWins
            },
            false,
        ),
    };
    let exact = transfer_hundredths(d, kind);
    let points = (exact + 50) / 100;
    let (a_after, b_after) = if a_gains {
        (a.saturating_add(points), b.saturating_sub(points))
    } else {
        (a.saturating_sub(points), b.saturating_add(points))
    };
    GradeExchange {
        exact_hundredths: exact,
        points,
        a_after,
        b_after,
    }
}
