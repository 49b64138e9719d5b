//! The Xiangqi competition rules as data: the time-control schemes of xq 6
//! (expressed in the shared [`TimeControl`]: a last period with a move count
//! repeats) and the profiles (`xiangqi`, `xiangqi-club`).

use crate::result::Scoring;
use crate::time_control::{Bonus, Period, TimeControl};

const MINUTE: u64 = 60_000;

/// The time-control schemes of xq 6.1–6.5.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum XqTimeScheme {
    /// xq 6.1: 40 moves in 90 minutes, then 10 moves every 15 minutes.
    Standard90,
    /// xq 6.2: 30 moves in 60 minutes, then 10 moves every 10 minutes.
    Standard60,
    /// xq 6.3 (rapid): 40 moves in 10 minutes, then 30 moves every 5 minutes.
    Rapid10,
    /// xq 6.4 (rapid): 30 moves every 5 minutes to the end.
    Rapid5,
    /// xq 6.5: all moves in a fixed time (`ms` each); first to overstep loses.
    Fixed {
        /// Each player's time for the whole game.
        ms: u64,
    },
}

fn period(moves: Option<u32>, minutes: u64) -> Period {
    Period {
        moves,
        base_ms: minutes * MINUTE,
        bonus: Bonus::None,
    }
}

impl XqTimeScheme {
    /// The article of the scheme.
    #[must_use]
    pub const fn article(self) -> &'static str {
        match self {
            XqTimeScheme::Standard90 => "xq 6.1",
            XqTimeScheme::Standard60 => "xq 6.2",
            XqTimeScheme::Rapid10 => "xq 6.3",
            XqTimeScheme::Rapid5 => "xq 6.4",
            XqTimeScheme::Fixed { .. } => "xq 6.5",
        }
    }

    /// The scheme as a time control (the last period repeats when it has a
    /// move count, time saved carries over).
    #[must_use]
    pub fn time_control(self) -> TimeControl {
        let periods = match self {
            XqTimeScheme::Standard90 => vec![period(Some(40), 90), period(Some(10), 15)],
            XqTimeScheme::Standard60 => vec![period(Some(30), 60), period(Some(10), 10)],
            XqTimeScheme::Rapid10 => vec![period(Some(40), 10), period(Some(30), 5)],
            XqTimeScheme::Rapid5 => vec![period(Some(30), 5)],
            XqTimeScheme::Fixed { ms } => vec![Period {
                moves: None,
                base_ms: ms,
                bonus: Bonus::None,
            }],
        };
        TimeControl::Periods { periods }
    }
}

/// What the game does with a move that would play a cycle forbidden to
/// the mover the third time (xq 4.1.7: "violates the prohibitions and does
/// not change").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ProhibitionPolicy {
    /// The move is refused (`must_change`, xq 4.1.7) and the player must
    /// make another; the arbiter's `declare_loss` with `not_changing`
    /// records the loss of a player who will not.
    Refuse,
    /// The move is recorded; the arbiter warns the player to change
    /// (`must_change_warning`) `warnings` times, and the next forbidden
    /// move after them loses (`not_changing_loses`, xq 4.1.7).
    WarnThenLose {
        /// Warnings before the loss (0: the first forbidden move loses).
        warnings: u32,
    },
}

/// What the game does with an attempted move against the movement rules
/// (xq 4.1.6; generals facing, xq 4.1.2, counts as one).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum IllegalMovePolicy {
    /// The move is refused citing the rule it breaks; the player moves again.
    Refuse,
    /// The attempt loses the game (`illegal_move_loses`), as xq 4.1.6 reads.
    Lose,
}

/// A Xiangqi profile: what an event's rules fix, each field naming its
/// article.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct XiangqiProfile {
    /// Stable name (`xiangqi`, `xiangqi-club`).
    pub name: String,
    /// xq 6: the time control when the game's setup names none.
    pub default_time_control: TimeControl,
    /// xq 4.2.4: moves (by both sides) without a capture that draw; 60 in
    /// the rules, an event may set fewer.
    pub natural_move_limit: u32,
    /// xq 4.1.8: fouls in one game that lose it (three).
    pub foul_limit: u32,
    /// xq 7.1: consecutive unrecorded moves that make one foul (four).
    pub unrecorded_moves_per_foul: u32,
    /// Points for a win, a draw, a loss (2/1/0 in Chinese events).
    pub scoring: Scoring,
    /// xq 4.1.5: how long after the scheduled start a player may arrive;
    /// later loses (`None`: no limit). The fragment leaves the limit to the
    /// event: the profiles default to 15 minutes, which an organiser
    /// overrides by setting this field.
    pub lateness_limit_ms: Option<u64>,
    /// xq 4.1.7: refuse a forbidden repetition, or record it and rule the
    /// loss after warnings.
    pub prohibition_policy: ProhibitionPolicy,
    /// xq 4.1.6: refuse an attempted illegal move, or rule it a loss.
    pub illegal_move_policy: IllegalMovePolicy,
}

impl XiangqiProfile {
    /// The seed's rules: xq 6.1 time control, 60-move natural limit, three
    /// fouls lose, four unrecorded moves are a foul, 2/1/0, 15 minutes'
    /// lateness; a forbidden repetition and an illegal move are refused.
    #[must_use]
    pub fn xiangqi() -> XiangqiProfile {
        XiangqiProfile {
            name: "xiangqi".to_string(),
            default_time_control: XqTimeScheme::Standard90.time_control(),
            natural_move_limit: xiangqi::NATURAL_MOVE_LIMIT,
            foul_limit: 3,
            unrecorded_moves_per_foul: 4,
            scoring: Scoring::TWO_ONE_ZERO,
            lateness_limit_ms: Some(15 * MINUTE),
            prohibition_policy: ProhibitionPolicy::Refuse,
            illegal_move_policy: IllegalMovePolicy::Refuse,
        }
    }

    /// A club's rapid variant: xq 6.4 (5 minutes per 30 moves), the natural
    /// limit reduced to 40 moves as xq 4.2.4 allows; a forbidden repetition
    /// is recorded, warned once, and loses the next time (xq 4.1.7).
    #[must_use]
    pub fn club() -> XiangqiProfile {
        XiangqiProfile {
            name: "xiangqi-club".to_string(),
            default_time_control: XqTimeScheme::Rapid5.time_control(),
            natural_move_limit: 40,
            prohibition_policy: ProhibitionPolicy::WarnThenLose { warnings: 1 },
            ..XiangqiProfile::xiangqi()
        }
    }

    /// A profile by name.
    #[must_use]
    pub fn by_name(name: &str) -> Option<XiangqiProfile> {
        match name {
            "xiangqi" => Some(XiangqiProfile::xiangqi()),
            "xiangqi-club" => Some(XiangqiProfile::club()),
            _ => None,
        }
    }
}

impl Default for XiangqiProfile {
    fn default() -> XiangqiProfile {
        XiangqiProfile::xiangqi()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn xq_6_1_ninety_minutes_for_forty_moves_then_fifteen_minutes_every_ten_moves() {
        let tc = XqTimeScheme::Standard90.time_control();
        assert_eq!(tc.to_string(), "40/5400:10/900");
        assert_eq!(tc.initial_ms(), 90 * MINUTE);
        assert_eq!(tc.period_bonus_after(39), 0);
        assert_eq!(tc.period_bonus_after(40), 15 * MINUTE);
        assert_eq!(tc.period_bonus_after(45), 0);
        assert_eq!(tc.period_bonus_after(50), 15 * MINUTE);
        assert_eq!(tc.period_bonus_after(90), 15 * MINUTE);
        assert_eq!(tc.moves_due(41), Some((9, 1)));
    }

    #[test]
    fn xq_6_2_sixty_minutes_for_thirty_moves_then_ten_minutes_every_ten_moves() {
        let tc = XqTimeScheme::Standard60.time_control();
        assert_eq!(tc.to_string(), "30/3600:10/600");
        assert_eq!(tc.period_bonus_after(30), 10 * MINUTE);
        assert_eq!(tc.period_bonus_after(40), 10 * MINUTE);
        assert_eq!(tc.period_bonus_after(35), 0);
    }

    #[test]
    fn xq_6_3_rapid_ten_minutes_for_forty_moves_then_five_minutes_every_thirty() {
        let tc = XqTimeScheme::Rapid10.time_control();
        assert_eq!(tc.to_string(), "40/600:30/300");
        assert_eq!(tc.period_bonus_after(40), 5 * MINUTE);
        assert_eq!(tc.period_bonus_after(70), 5 * MINUTE);
        assert_eq!(tc.period_bonus_after(100), 5 * MINUTE);
        assert_eq!(tc.period_bonus_after(60), 0);
    }

    #[test]
    fn xq_6_4_rapid_five_minutes_every_thirty_moves_repeats_from_the_first_move() {
        let tc = XqTimeScheme::Rapid5.time_control();
        assert_eq!(tc.to_string(), "30/300");
        assert_eq!(tc.initial_ms(), 5 * MINUTE);
        assert_eq!(tc.period_bonus_after(29), 0);
        assert_eq!(tc.period_bonus_after(30), 5 * MINUTE);
        assert_eq!(tc.period_bonus_after(60), 5 * MINUTE);
        assert_eq!(tc.moves_due(31), Some((29, 0)));
    }

    #[test]
    fn xq_6_5_all_moves_in_a_fixed_time_adds_nothing() {
        let tc = XqTimeScheme::Fixed { ms: 20 * MINUTE }.time_control();
        assert_eq!(tc.to_string(), "1200");
        assert_eq!(tc.period_bonus_after(40), 0);
        assert_eq!(tc.moves_due(100), None);
    }

    #[test]
    fn every_scheme_reads_back_from_its_pgn_tag() {
        for s in [
            XqTimeScheme::Standard90,
            XqTimeScheme::Standard60,
            XqTimeScheme::Rapid10,
            XqTimeScheme::Rapid5,
            XqTimeScheme::Fixed { ms: 30 * MINUTE },
        ] {
            let tc = s.time_control();
            assert_eq!(
                TimeControl::parse(&tc.to_string()),
                Ok(tc),
                "{}",
                s.article()
            );
        }
    }

    #[test]
    fn the_club_profile_shortens_the_natural_limit_as_xq_4_2_4_allows() {
        assert_eq!(XiangqiProfile::xiangqi().natural_move_limit, 60);
        assert_eq!(XiangqiProfile::club().natural_move_limit, 40);
        assert_eq!(
            XiangqiProfile::by_name("xiangqi-club"),
            Some(XiangqiProfile::club())
        );
        assert_eq!(XiangqiProfile::by_name("chess"), None);
    }
}
