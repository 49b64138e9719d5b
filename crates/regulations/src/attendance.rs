//! Who is at the board, and the lateness rule built on it — shared by the
//! chess [`Game`](crate::Game) (Art. 10.15, 10.17; FIDE 2023 6.7.1) and the
//! [`XiangqiGame`](crate::XiangqiGame) (xq 4.1.5): a player who is not at
//! the board when the event's lateness limit after the session's start has
//! passed loses; when neither is, both lose. The seats are the clock's
//! (`White` = the first player: White in chess, Red in Xiangqi).

use crate::result::GameResult;
use rules::Color;

/// Presence of the two players and the start of the current session.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Attendance {
    present: [bool; 2],
    session_start: Option<u64>,
}

/// What a lateness forfeit rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Forfeit {
    /// The result: a forfeit (`+-`, `-+`, `--`) when no move was played.
    pub(crate) result: GameResult,
    /// The seat that did not arrive, or `None` when neither did.
    pub(crate) absent: Option<Color>,
}

impl Attendance {
    /// With a scheduled start both players are absent until they arrive;
    /// without one both are presumed present and lateness never applies.
    pub(crate) fn new(scheduled_start_ms: Option<u64>) -> Attendance {
        let tracked = scheduled_start_ms.is_some();
        Attendance {
            present: [!tracked, !tracked],
            session_start: scheduled_start_ms,
        }
    }

    /// A new session (a resumption) starting at `t` with these seats present.
    pub(crate) fn new_session(&mut self, t: u64, present: [bool; 2]) {
        self.present = present;
        self.session_start = Some(t);
    }

    /// The start of the current session (the scheduled start, or the
    /// resumption), if any.
    pub(crate) fn session_start(&self) -> Option<u64> {
        self.session_start
    }

    /// Whether a seat is at the board.
    pub(crate) fn is_present(&self, seat: Color) -> bool {
        self.present[seat.index()]
    }

    /// The seat arrives; `false` if it was already present.
    pub(crate) fn arrive(&mut self, seat: Color) -> bool {
        !std::mem::replace(&mut self.present[seat.index()], true)
    }

    /// The moment the lateness limit runs out while a player is still
    /// absent: `start + limit`. An arrival at that very moment is in time;
    /// the forfeit applies to an observation after it. `None` when both are
    /// present, there is no session start or the event sets no limit.
    pub(crate) fn lateness_deadline(&self, limit_ms: Option<u64>) -> Option<u64> {
        let (limit, start) = (limit_ms?, self.session_start?);
        (!self.present[0] || !self.present[1]).then(|| start.saturating_add(limit))
    }

    /// The forfeit for the seats still absent. `played`: whether a move
    /// was made (then the result is an ordinary win or `0-0`, not a forfeit).
    pub(crate) fn forfeit(&self, played: bool) -> Forfeit {
        let fix = |r: GameResult| if played { r } else { r.as_forfeit() };
        match (self.present[0], self.present[1]) {
            (true, false) => Forfeit {
                result: fix(GameResult::win_for(Color::White)),
                absent: Some(Color::Black),
            },
            (false, true) => Forfeit {
                result: fix(GameResult::win_for(Color::Black)),
                absent: Some(Color::White),
            },
            _ => Forfeit {
                result: fix(GameResult::BothLose),
                absent: None,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn without_a_scheduled_start_both_are_present_and_nothing_falls_due() {
        let a = Attendance::new(None);
        assert!(a.is_present(Color::White) && a.is_present(Color::Black));
        assert_eq!(a.lateness_deadline(Some(0)), None);
    }

    #[test]
    fn the_deadline_stands_until_both_have_arrived() {
        let mut a = Attendance::new(Some(1_000));
        assert_eq!(a.lateness_deadline(None), None);
        assert_eq!(a.lateness_deadline(Some(900_000)), Some(901_000));
        assert!(a.arrive(Color::Black));
        assert!(!a.arrive(Color::Black));
        assert_eq!(a.lateness_deadline(Some(900_000)), Some(901_000));
        let f = a.forfeit(false);
        assert_eq!(f.absent, Some(Color::White));
        assert_eq!(f.result, GameResult::BlackWinsByForfeit);
        assert_eq!(a.forfeit(true).result, GameResult::BlackWins);
        a.arrive(Color::White);
        assert_eq!(a.lateness_deadline(Some(900_000)), None);
    }

    #[test]
    fn when_neither_arrives_both_lose() {
        let a = Attendance::new(Some(0));
        let f = a.forfeit(false);
        assert_eq!((f.result, f.absent), (GameResult::DoubleForfeit, None));
    }
}
