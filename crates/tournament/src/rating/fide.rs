//! FIDE rating change and performance (FIDE Rating Regulations, effective
//! 1 March 2024, with the amendment of 8.3.1 effective 1 October 2025).
//!
//! Everything is integer arithmetic: probabilities are hundredths (the table
//! has two decimals), scores are half points, and the rating change is kept in
//! hundredths of a rating point until the final rounding (8.3.4).

/// Upper bounds (inclusive) of the rating-difference bands of table 8.1.2;
/// band `i` has score probability `0.50 + i/100` for the higher-rated player.
/// A difference above 735 gives 1.00 / 0.00.
const PD_BANDS: [u16; 50] = [
    3, 10, 17, 25, 32, 39, 46, 53, 61, 68, // .50 – .59
    76, 83, 91, 98, 106, 113, 121, 129, 137, 145, // .60 – .69
    153, 162, 170, 179, 188, 197, 206, 215, 225, 235, // .70 – .79
    245, 256, 267, 278, 290, 302, 315, 328, 344, 357, // .80 – .89
    374, 391, 411, 432, 456, 484, 517, 559, 619, 735, // .90 – .99
];

/// Table 8.1.1: `dp` for a fractional score `p` from 0.50 to 1.00 in steps of
/// 0.01 (`DP_TABLE[0]` is p = .50, `DP_TABLE[50]` is p = 1.00). Scores below
/// .50 take the negative of the mirrored entry.
const DP_TABLE: [i32; 51] = [
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65, // .50 – .59
    72, 80, 87, 95, 102, 110, 117, 125, 133, 141, // .60 – .69
    149, 158, 166, 175, 184, 193, 202, 211, 220, 230, // .70 – .79
    240, 251, 262, 273, 284, 296, 309, 322, 336, 351, // .80 – .89
    366, 383, 401, 422, 444, 470, 501, 538, 589, 677, // .90 – .99
    800, // 1.00
];

/// The score probability, in hundredths, of a player whose rating exceeds the
/// opponent's by `difference` (negative when the player is the lower rated),
/// from table 8.1.2. No 400-point rule is applied here.
pub fn expected_score_hundredths(difference: i32) -> u32 {
    let magnitude = difference.unsigned_abs();
    let band = PD_BANDS
        .iter()
        .position(|&upper| magnitude <= u32::from(upper))
        .map_or(50, |i| i as u32);
    let high = 50 + band;
    if difference >= 0 { high } else { 100 - high }
}

/// Table 8.1.1: the rating difference `dp` for a fractional score `p` given in
/// hundredths (0–100; values above 100 count as 100).
pub fn dp_for_percentage(p_hundredths: u32) -> i32 {
    let p = p_hundredths.min(100);
    if p >= 50 {
        DP_TABLE[(p - 50) as usize]
    } else {
        -DP_TABLE[(50 - p) as usize]
    }
}

/// A game's score for rating purposes (8.3.2 b: 1, 0.5 or 0).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameScore {
    Win,
    Draw,
    Loss,
}

impl GameScore {
    /// The score in hundredths of a point.
    pub const fn hundredths(self) -> i64 {
        match self {
            GameScore::Win => 100,
            GameScore::Draw => 50,
            GameScore::Loss => 0,
        }
    }
}

/// One rated game from the player's side. Games against unrated opponents are
/// not rated for a rated player (8.3.1 applies to games "against a rated
/// player"): give `opponent_rating: None` and they are left out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RatedGame {
    pub opponent_rating: Option<u16>,
    pub score: GameScore,
}

/// What decides a player's development coefficient K (8.3.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct KFactorBasis {
    /// The player's published rating.
    pub rating: u16,
    /// Rated games completed before this event (K = 40 until 30).
    pub games_completed: u32,
    /// Whether the published rating has ever reached 2400 (then K = 10 for good).
    pub has_reached_2400: bool,
    /// Whether the event falls no later than the end of the year of the
    /// player's 18th birthday (K = 40 while the rating is under 2300).
    pub within_youth_period: bool,
}

/// K for a rating period in which the player plays `games_in_period` rated
/// games (8.3.3): 40 for a player new to the list until 30 games are
/// completed; 40 until the end of the year of the 18th birthday while the
/// rating is under 2300; 10 once the published rating has reached 2400; 20
/// otherwise. Then the cap: if K × n exceeds 700, K is the largest whole
/// number with K × n ≤ 700.
pub fn k_factor(basis: KFactorBasis, games_in_period: u32) -> u32 {
    let base = if basis.games_completed < 30 || (basis.within_youth_period && basis.rating < 2300) {
        40
    } else if basis.has_reached_2400 || basis.rating >= 2400 {
        10
    } else {
        20
    };
    if games_in_period > 0 && base * games_in_period > 700 {
        700 / games_in_period
    } else {
        base
    }
}

/// Whether a player born in `birth_year` is still within the youth period
/// ("until the end of the year of their 18th birthday", 8.3.3) in `event_year`.
pub const fn within_youth_period(birth_year: u16, event_year: u16) -> bool {
    event_year <= birth_year.saturating_add(18)
}

/// The rating difference D used for one game (8.3.1, as amended from
/// 1 October 2025): a difference of more than 400 points counts as 400 for
/// players rated below 2650; for players rated 2650 and above the actual
/// difference is used in all cases. Positive when the player is higher rated.
pub fn rating_difference(player: u16, opponent: u16) -> i32 {
    let d = i32::from(player) - i32::from(opponent);
    if player < 2650 { d.clamp(-400, 400) } else { d }
}

/// The rating change of one player over one event (8.3).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RatingChange {
    /// Games rated (against rated opponents).
    pub games: u32,
    /// Points scored in those games, in hundredths.
    pub score_hundredths: i64,
    /// Σ PD over those games, in hundredths (8.3.2 a).
    pub expected_hundredths: i64,
    /// K used (after the 700 cap).
    pub k: u32,
    /// K × ΣΔR exactly, in hundredths of a rating point (8.3.2 d).
    pub change_hundredths: i64,
    /// The change rounded to the nearest whole number, 0.5 away from zero (8.3.4).
    pub change: i32,
}

/// Computes ΣΔR × K for a rated player (8.3.1–8.3.4). Games against unrated
/// opponents are skipped.
pub fn rating_change(player_rating: u16, k: u32, games: &[RatedGame]) -> RatingChange {
    let mut count = 0;
    let mut score = 0i64;
    let mut expected = 0i64;
    for game in games {
        let Some(opponent) = game.opponent_rating else {
            continue;
        };
        count += 1;
        score += game.score.hundredths();
        expected += i64::from(expected_score_hundredths(rating_difference(
            player_rating,
            opponent,
        )));
    }
    let change_hundredths = i64::from(k) * (score - expected);
    RatingChange {
        games: count,
        score_hundredths: score,
        expected_hundredths: expected,
        k,
        change_hundredths,
        change: round_hundredths_away_from_zero(change_hundredths),
    }
}

/// Rounds a value in hundredths to the nearest whole number, halves away from
/// zero (8.3.4).
pub fn round_hundredths_away_from_zero(hundredths: i64) -> i32 {
    let magnitude = (hundredths.abs() + 50) / 100;
    let rounded = if hundredths < 0 {
        -magnitude
    } else {
        magnitude
    };
    i32::try_from(rounded).unwrap_or(if rounded < 0 { i32::MIN } else { i32::MAX })
}

/// The average of ratings, rounded to the nearest whole number (halves up).
pub fn average_rating(ratings: &[u16]) -> Option<i32> {
    if ratings.is_empty() {
        return None;
    }
    let n = ratings.len() as i64;
    let sum: i64 = ratings.iter().map(|&r| i64::from(r)).sum();
    i32::try_from((2 * sum + n) / (2 * n)).ok()
}

/// The fractional score `score_hundredths / games`, in hundredths, rounded to
/// the nearest hundredth (halves up), as table 8.1.1 is read.
pub fn percentage_hundredths(score_hundredths: i64, games: u32) -> u32 {
    if games == 0 {
        return 0;
    }
    let n = i64::from(games);
    // score_hundredths / n is already in hundredths; round halves up.
    let p = (2 * score_hundredths + n) / (2 * n);
    u32::try_from(p.clamp(0, 100)).unwrap_or(0)
}

/// Performance rating Rp = Ra + dp (8.1.1 with 8.1.1's table): Ra is the
/// average rating of the opponents, dp comes from the fractional score.
/// `None` without any rated opponent.
pub fn performance_rating(opponent_ratings: &[u16], score_hundredths: i64) -> Option<i32> {
    let average = average_rating(opponent_ratings)?;
    let games = u32::try_from(opponent_ratings.len()).ok()?;
    Some(average + dp_for_percentage(percentage_hundredths(score_hundredths, games)))
}

/// Perfect tournament performance (C.07 PTP): the lowest rating R whose
/// expected score (table 8.1.2, no 400-point rule) against the opponents is at
/// least the score; a zero score gives the lowest opponent rating − 800 and a
/// full score the highest + 800.
pub fn perfect_performance(opponent_ratings: &[u16], score_hundredths: i64) -> Option<i32> {
    let lowest = i32::from(*opponent_ratings.iter().min()?);
    let highest = i32::from(*opponent_ratings.iter().max()?);
    if score_hundredths <= 0 {
        return Some(lowest - 800);
    }
    if score_hundredths >= 100 * opponent_ratings.len() as i64 {
        return Some(highest + 800);
    }
    let expected = |r: i32| -> i64 {
        opponent_ratings
            .iter()
            .map(|&o| i64::from(expected_score_hundredths(r - i32::from(o))))
            .sum()
    };
    // Expected score is non-decreasing in R; binary search the lowest R.
    let (mut low, mut high) = (lowest - 800, highest + 800);
    while low < high {
        let mid = low + (high - low) / 2;
        if expected(mid) >= score_hundredths {
            high = mid;
        } else {
            low = mid + 1;
        }
    }
    Some(low)
}
