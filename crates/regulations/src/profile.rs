//! Regulations profiles: what differs between editions and federations is
//! data here, never an `if` on a profile name elsewhere.

use crate::result::Scoring;
use crate::time_control::TimeControl;

const MINUTE: u64 = 60_000;

/// Penalty for an incorrect draw claim (Art. 10.13(2)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(tag = "kind", rename_all = "snake_case"))]
pub enum ClaimPenalty {
    /// Seed 10.13(2): `ms` added to the claimant's used time; if that takes
    /// him past the limit he loses.
    AddToClaimantUsed { ms: u64 },
    /// FIDE 2023 9.5.3: `ms` added to the opponent's remaining time.
    AddToOpponent { ms: u64 },
}

/// Penalty for a completed illegal move (FIDE 2023 7.5.3–7.5.5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct IllegalMovePenalty {
    /// Time added to the opponent for each completed illegal move.
    pub opponent_bonus_ms: u64,
    /// The completed illegal move that loses the game (2 in 2023).
    pub losing_count: u32,
}

/// A higher fifty-move count announced for positions with given material
/// (Art. 10.12, last sentence). `material` is like `"KBN-K"`: the two
/// sides' pieces, kings first, in either order.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct FiftyMoveOverride {
    /// Material signature, e.g. `"KRB-KR"`.
    pub material: String,
    /// Moves by each side without capture or pawn move needed for the claim.
    pub moves: u32,
}

/// A regulations profile. Each field names the article it implements.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Profile {
    /// Stable name (`fide-classic`, `fide-2023`, `china-national`, `club`).
    pub name: String,
    /// Art. 10.13(2): what an incorrect draw claim costs.
    pub incorrect_claim_penalty: ClaimPenalty,
    /// Art. 10.15 / 10.17: how late (ms after the scheduled start or the
    /// resumption) a player may arrive; `None` = no limit.
    pub lateness_limit_ms: Option<u64>,
    /// FIDE 2023 9.6: fivefold repetition and the 75-move rule end the game
    /// without a claim.
    pub automatic_fivefold_and_75: bool,
    /// FIDE 2023 7.5: penalty for a completed illegal move; `None` in the seed
    /// (Art. 8.1 restores the position and nothing more).
    pub illegal_move_penalty: Option<IllegalMovePenalty>,
    /// Art. 10.12: moves by each side for the fifty-move claim.
    pub fifty_move_count: u32,
    /// Art. 10.12: higher counts announced for particular material.
    pub fifty_move_overrides: Vec<FiftyMoveOverride>,
    /// China-national variation (seed, first paragraph): a piece put down on
    /// a square but not released may still go to another square. When
    /// `false`, a piece placed on a square must be moved there if legal.
    pub placed_piece_may_move_elsewhere: bool,
    /// Club plan (三): at most this long per move; each excess is a foul.
    pub per_move_cap_ms: Option<u64>,
    /// Club plan (三): this many fouls lose the game for indiscipline.
    pub foul_limit: Option<u32>,
    /// Club plan (三): a game lasting longer than this (from the start)
    /// scores nothing for either side.
    pub max_game_duration_ms: Option<u64>,
    /// Art. 17 / club plan: points for a win, a draw and a loss.
    pub scoring: Scoring,
    /// Art. 13: adjournment (sealed moves) allowed.
    pub adjournment_allowed: bool,
    /// China-national (seed 4 of the basics text): the arbiter may declare a
    /// perpetual check drawn once the checking sequence has repeated.
    pub perpetual_check_declaration: bool,
    /// China-national variation (the seed's national variations): "in team
    /// events a player may consult his captain about offering, accepting or
    /// claiming a draw, or resigning". Without it, any consultation is
    /// outside help (Art. 15): the seed's FIDE text and the 2023 Laws (11.3.1)
    /// have no such exception, and the club plan forbids help outright.
    pub captain_consultation: bool,
    /// The time control used when a game does not give its own.
    pub default_time_control: TimeControl,
}

impl Profile {
    /// The article a lateness ruling cites: the seed's 10.15 (one player late)
    /// and 10.17 (both absent: both lose); the FIDE 2023 Laws put the default
    /// time in Art. 6.7.1 (any player arriving after it loses).
    pub fn lateness_article(&self, both_absent: bool) -> &'static str {
        if self.name == "fide-2023" {
            "2023 6.7.1"
        } else if both_absent {
            "10.17"
        } else {
            "10.15"
        }
    }

    /// The older FIDE edition of the source texts, with adjournment and
    /// sealed moves (the default).
    pub fn fide_classic() -> Profile {
        Profile {
            name: "fide-classic".into(),
            incorrect_claim_penalty: ClaimPenalty::AddToClaimantUsed { ms: 5 * MINUTE },
            lateness_limit_ms: Some(60 * MINUTE),
            automatic_fivefold_and_75: false,
            illegal_move_penalty: None,
            fifty_move_count: rules::FIFTY_MOVE_HALFMOVES / 2,
            fifty_move_overrides: Vec::new(),
            placed_piece_may_move_elsewhere: false,
            per_move_cap_ms: None,
            foul_limit: None,
            max_game_duration_ms: None,
            scoring: Scoring::STANDARD,
            adjournment_allowed: true,
            perpetual_check_declaration: false,
            captain_consultation: false,
            default_time_control: TimeControl::Periods {
                periods: vec![
                    crate::time_control::Period {
                        moves: Some(40),
                        base_ms: 120 * MINUTE,
                        bonus: crate::time_control::Bonus::None,
                    },
                    crate::time_control::Period {
                        moves: Some(20),
                        base_ms: 60 * MINUTE,
                        bonus: crate::time_control::Bonus::None,
                    },
                ],
            },
        }
    }

    /// The current FIDE Laws (2023).
    pub fn fide_2023() -> Profile {
        Profile {
            name: "fide-2023".into(),
            incorrect_claim_penalty: ClaimPenalty::AddToOpponent { ms: 2 * MINUTE },
            lateness_limit_ms: Some(0),
            automatic_fivefold_and_75: true,
            illegal_move_penalty: Some(IllegalMovePenalty {
                opponent_bonus_ms: 2 * MINUTE,
                losing_count: 2,
            }),
            adjournment_allowed: false,
            default_time_control: TimeControl::parse("40/5400:1800+30")
                .unwrap_or(TimeControl::Unknown),
            ..Profile::fide_classic()
        }
    }

    /// China's national variations as the seed describes them.
    pub fn china_national() -> Profile {
        Profile {
            name: "china-national".into(),
            placed_piece_may_move_elsewhere: true,
            perpetual_check_declaration: true,
            captain_consultation: true,
            ..Profile::fide_classic()
        }
    }

    /// The club plan in the seeds: 30 minutes a game, 30 s a move, three
    /// fouls lose, an over-long game scores nothing, 2/1/0.
    pub fn club() -> Profile {
        Profile {
            name: "club".into(),
            per_move_cap_ms: Some(30_000),
            foul_limit: Some(3),
            max_game_duration_ms: Some(30 * MINUTE),
            scoring: Scoring::TWO_ONE_ZERO,
            adjournment_allowed: false,
            default_time_control: TimeControl::Untimed,
            ..Profile::fide_classic()
        }
    }

    /// A profile by its stable name, or by a former one (`fide-classic`
    /// was called `fide-seed` until 2026-12).
    pub fn by_name(name: &str) -> Option<Profile> {
        match Profile::current_name(name) {
            "fide-classic" => Some(Profile::fide_classic()),
            "fide-2023" => Some(Profile::fide_2023()),
            "china-national" => Some(Profile::china_national()),
            "club" => Some(Profile::club()),
            _ => None,
        }
    }

    /// The current name of a profile called `name`: a former name (kept
    /// in old TRF files and API clients) maps to today's, any other name
    /// is itself.
    pub fn current_name(name: &str) -> &str {
        match name {
            "fide-seed" => "fide-classic",
            other => other,
        }
    }

    /// Names of the built-in profiles.
    pub const NAMES: [&'static str; 4] = ["fide-classic", "fide-2023", "china-national", "club"];
}

impl Default for Profile {
    fn default() -> Profile {
        Profile::fide_classic()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_named_profile_is_found_by_its_name() {
        for n in Profile::NAMES {
            assert_eq!(Profile::by_name(n).map(|p| p.name), Some(n.to_string()));
        }
        assert_eq!(Profile::by_name("nope"), None);
    }

    #[test]
    fn the_older_fide_edition_is_still_found_by_its_former_name() {
        assert_eq!(
            Profile::by_name("fide-seed").map(|p| p.name),
            Some("fide-classic".to_owned())
        );
        assert_eq!(Profile::current_name("fide-seed"), "fide-classic");
        assert_eq!(Profile::current_name("club"), "club");
    }

    #[test]
    fn the_seed_and_2023_differ_where_the_laws_differ() {
        let seed = Profile::fide_classic();
        let new = Profile::fide_2023();
        assert_eq!(seed.lateness_limit_ms, Some(3_600_000));
        assert_eq!(new.lateness_limit_ms, Some(0));
        assert!(!seed.automatic_fivefold_and_75 && new.automatic_fivefold_and_75);
        assert_eq!(seed.illegal_move_penalty, None);
        assert_ne!(seed.incorrect_claim_penalty, new.incorrect_claim_penalty);
        assert_eq!(Profile::club().scoring, Scoring::TWO_ONE_ZERO);
    }
}
