//! The chess clock as integer arithmetic over event times (Art. 12).
//!
//! Nothing here reads the wall clock: every operation takes the time `t` (ms,
//! on the caller's timeline) at which it happens. Times must not go backwards
//! (the game rejects such events before they reach the clock).

use crate::time_control::{Bonus, TimeControl};
use rules::Color;

fn idx(c: Color) -> usize {
    match c {
        Color::White => 0,
        Color::Black => 1,
    }
}

/// Remaining times at a given moment, as the server shows them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "utoipa", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "utoipa", schema(as = Clocks))]
pub struct ClockView {
    /// White's remaining time in ms (negative once his flag is down); `None`
    /// (`null`) if untimed.
    pub white_ms: Option<i64>,
    /// Black's remaining time in ms; `None` (`null`) if untimed.
    pub black_ms: Option<i64>,
    /// Whose clock is running, if any.
    #[cfg_attr(feature = "serde", serde(with = "crate::event::opt_color"))]
    #[cfg_attr(feature = "utoipa", schema(value_type = Option<crate::schema::Side>))]
    pub running: Option<Color>,
}

/// The state of both clocks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Clocks {
    tc: TimeControl,
    remaining: [i64; 2],
    used: [u64; 2],
    moves_done: [u32; 2],
    running: Option<Color>,
    /// Time of the last settlement of the running clock.
    since: u64,
    /// Delay (Bronstein) still available to the running player for this move.
    delay_left: u64,
    /// Wall time spent so far on the current move by each player.
    think: [u64; 2],
}

impl Clocks {
    /// Fresh clocks for a time control; nothing runs.
    pub fn new(tc: TimeControl) -> Clocks {
        let init = i64::try_from(tc.initial_ms()).unwrap_or(i64::MAX);
        Clocks {
            tc,
            remaining: [init, init],
            used: [0, 0],
            moves_done: [0, 0],
            running: None,
            since: 0,
            delay_left: 0,
            think: [0, 0],
        }
    }

    /// The time control.
    pub fn time_control(&self) -> &TimeControl {
        &self.tc
    }

    /// Whose clock runs.
    pub fn running(&self) -> Option<Color> {
        self.running
    }

    /// Moves completed (clock pressed, Art. 6.5) by a player.
    pub fn moves_done(&self, c: Color) -> u32 {
        self.moves_done[idx(c)]
    }

    /// Time charged to a player so far.
    pub fn used(&self, c: Color) -> u64 {
        self.used[idx(c)]
    }

    fn delay_for_next_move(&self, c: Color) -> u64 {
        let n = self.moves_done[idx(c)].saturating_add(1);
        match self
            .tc
            .period_index_for_move(n)
            .map(|i| self.tc.periods()[i].bonus)
        {
            Some(Bonus::Delay { ms }) => ms,
            _ => 0,
        }
    }

    /// Charges the running clock up to `t`.
    fn settle(&mut self, t: u64) {
        let Some(c) = self.running else {
            self.since = t;
            return;
        };
        let e = t.saturating_sub(self.since);
        self.think[idx(c)] = self.think[idx(c)].saturating_add(e);
        let charge = e.saturating_sub(self.delay_left);
        self.delay_left = self.delay_left.saturating_sub(e);
        self.charge(c, charge);
        self.since = t;
    }

    /// Adds `ms` to a player's used time (his remaining time drops).
    pub fn charge(&mut self, c: Color, ms: u64) {
        let ms_i = i64::try_from(ms).unwrap_or(i64::MAX);
        self.used[idx(c)] = self.used[idx(c)].saturating_add(ms);
        self.remaining[idx(c)] = self.remaining[idx(c)].saturating_sub(ms_i);
        if matches!(self.tc, TimeControl::Sandclock { .. }) {
            let o = idx(c.other());
            self.remaining[o] = self.remaining[o].saturating_add(ms_i);
        }
    }

    /// Adds time to a player's clock (Art. 16 penalties, 2023 claims).
    pub fn add(&mut self, t: u64, c: Color, ms: u64) {
        self.settle(t);
        let ms_i = i64::try_from(ms).unwrap_or(i64::MAX);
        self.remaining[idx(c)] = self.remaining[idx(c)].saturating_add(ms_i);
    }

    /// Charges time to a player at `t` (Art. 10.13(2)).
    pub fn charge_at(&mut self, t: u64, c: Color, ms: u64) {
        self.settle(t);
        self.charge(c, ms);
    }

    /// Sets a player's remaining time (Art. 12.4, 12.6, 14.6).
    pub fn set(&mut self, t: u64, c: Color, ms: i64) {
        self.settle(t);
        self.remaining[idx(c)] = ms;
    }

    /// Starts a player's clock at `t` (Art. 12.3), stopping the other.
    pub fn start(&mut self, t: u64, c: Color) {
        self.settle(t);
        if self.running != Some(c) {
            self.running = Some(c);
            self.delay_left = self.delay_for_next_move(c);
        }
        self.since = t;
    }

    /// Stops both clocks at `t` (Art. 12.5). Returns whose clock was running.
    pub fn stop(&mut self, t: u64) -> Option<Color> {
        self.settle(t);
        self.running.take()
    }

    /// Resumes a clock after a stop without starting a new move (no new delay).
    pub fn resume(&mut self, t: u64, c: Color) {
        self.settle(t);
        self.running = Some(c);
        self.since = t;
    }

    /// Press by `c` at `t` after completing a move (Art. 6.5, 12.3): the move
    /// counts, the increment and any new period's time are added (12.1), and
    /// the opponent's clock starts. Returns the thinking time of the move.
    pub fn press(&mut self, t: u64, c: Color) -> u64 {
        self.settle(t);
        self.complete_move(c);
        let think = std::mem::take(&mut self.think[idx(c)]);
        let o = c.other();
        self.running = Some(o);
        self.delay_left = self.delay_for_next_move(o);
        self.since = t;
        think
    }

    /// Counts a completed move for `c` without touching what runs (scoresheet
    /// mode, or a press with the clocks stopped). Adds increment and period time.
    pub fn complete_move(&mut self, c: Color) {
        let i = idx(c);
        let n = self.moves_done[i].saturating_add(1);
        let inc = match self
            .tc
            .period_index_for_move(n)
            .map(|p| self.tc.periods()[p].bonus)
        {
            Some(Bonus::Increment { ms }) => ms,
            _ => 0,
        };
        self.moves_done[i] = n;
        let add = inc.saturating_add(self.tc.period_bonus_after(n));
        self.remaining[i] = self.remaining[i].saturating_add(i64::try_from(add).unwrap_or(0));
    }

    /// Art. 12.8 / 11.9: the next move counts as the first of the next period.
    pub fn advance_period(&mut self, c: Color) {
        let i = idx(c);
        if let Some((due, _)) = self.tc.moves_due(self.moves_done[i]) {
            let n = self.moves_done[i].saturating_add(due);
            self.moves_done[i] = n;
            let add = self.tc.period_bonus_after(n);
            self.remaining[i] = self.remaining[i].saturating_add(i64::try_from(add).unwrap_or(0));
        }
    }

    /// Time charged to `c` up to `t`, including the running interval.
    pub fn used_at(&self, t: u64, c: Color) -> u64 {
        let mut u = self.used[idx(c)];
        if self.running == Some(c) {
            u = u.saturating_add(t.saturating_sub(self.since).saturating_sub(self.delay_left));
        }
        u
    }

    /// Thinking time on the current move of `c` up to `t` (for per-move caps).
    pub fn think_time(&self, t: u64, c: Color) -> u64 {
        let mut th = self.think[idx(c)];
        if self.running == Some(c) {
            th = th.saturating_add(t.saturating_sub(self.since));
        }
        th
    }

    /// Sets the move counters (used when restoring after an irregularity).
    pub fn set_moves_done(&mut self, c: Color, n: u32) {
        self.moves_done[idx(c)] = n;
    }

    /// Remaining time of `c` at `t` (negative once the flag is down).
    pub fn remaining_at(&self, t: u64, c: Color) -> i64 {
        let mut r = self.remaining[idx(c)];
        if let Some(run) = self.running {
            let e = t.saturating_sub(self.since).saturating_sub(self.delay_left);
            let e = i64::try_from(e).unwrap_or(i64::MAX);
            if run == c {
                r = r.saturating_sub(e);
            } else if matches!(self.tc, TimeControl::Sandclock { .. }) {
                r = r.saturating_add(e);
            }
        }
        r
    }

    /// The moment at which the running player's flag falls (or fell), if timed.
    pub fn flag_time(&self) -> Option<(Color, u64)> {
        if !self.tc.is_timed() {
            return None;
        }
        let c = self.running?;
        let r = self.remaining[idx(c)];
        let base = self.since.saturating_add(self.delay_left);
        let at = if r >= 0 {
            base.saturating_add(r.unsigned_abs())
        } else {
            self.since.saturating_sub(r.unsigned_abs())
        };
        Some((c, at))
    }

    /// Whether `c`'s flag is down at `t` (Art. 12.2).
    pub fn flag_down(&self, t: u64, c: Color) -> bool {
        self.tc.is_timed() && self.remaining_at(t, c) <= 0
    }

    /// The clocks as shown at `t`.
    pub fn view(&self, t: u64) -> ClockView {
        let timed = self.tc.is_timed();
        ClockView {
            white_ms: timed.then(|| self.remaining_at(t, Color::White)),
            black_ms: timed.then(|| self.remaining_at(t, Color::Black)),
            running: self.running,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MIN: u64 = 60_000;

    #[test]
    fn whites_clock_runs_from_the_start_and_a_press_hands_over() {
        // Art. 12.3
        let mut c = Clocks::new(TimeControl::parse("40/5400:1800").unwrap());
        c.start(0, Color::White);
        assert_eq!(c.remaining_at(5_000, Color::White), 5_395_000);
        assert_eq!(c.press(5_000, Color::White), 5_000);
        assert_eq!(c.running(), Some(Color::Black));
        assert_eq!(c.remaining_at(65_000, Color::Black), 5_340_000);
        assert_eq!(c.remaining_at(65_000, Color::White), 5_395_000);
    }

    #[test]
    fn the_second_period_is_added_when_the_fortieth_move_is_pressed() {
        // Art. 12.1 and 6.5
        let mut c = Clocks::new(TimeControl::parse("40/5400:1800").unwrap());
        c.start(0, Color::White);
        let mut t = 0;
        for _ in 0..39 {
            t += 1000;
            c.press(t, Color::White);
            t += 1000;
            c.press(t, Color::Black);
        }
        assert_eq!(c.remaining_at(t, Color::White), 5_400_000 - 39_000);
        t += 1000;
        c.press(t, Color::White);
        assert_eq!(
            c.remaining_at(t, Color::White),
            5_400_000 - 40_000 + 1_800_000
        );
    }

    #[test]
    fn fischer_increment_is_added_after_each_press() {
        let mut c = Clocks::new(TimeControl::parse("300+2").unwrap());
        c.start(0, Color::White);
        c.press(10_000, Color::White);
        assert_eq!(c.remaining_at(10_000, Color::White), 292_000);
    }

    #[test]
    fn bronstein_delay_does_not_charge_the_first_seconds_of_a_move() {
        let mut c = Clocks::new(TimeControl::parse("300d5").unwrap());
        c.start(0, Color::White);
        assert_eq!(c.remaining_at(4_000, Color::White), 300_000);
        c.press(4_000, Color::White);
        assert_eq!(c.remaining_at(4_000, Color::White), 300_000);
        assert_eq!(c.remaining_at(14_000, Color::Black), 295_000);
        assert_eq!(c.flag_time(), Some((Color::Black, 4_000 + 5_000 + 300_000)));
    }

    #[test]
    fn the_flag_falls_when_the_period_time_is_used() {
        // Art. 12.2
        let mut c = Clocks::new(TimeControl::parse("60").unwrap());
        c.start(1000, Color::White);
        assert_eq!(c.flag_time(), Some((Color::White, 61_000)));
        assert!(!c.flag_down(60_999, Color::White));
        assert!(c.flag_down(61_000, Color::White));
    }

    #[test]
    fn stopped_clocks_do_not_run() {
        // Art. 12.5
        let mut c = Clocks::new(TimeControl::parse("600").unwrap());
        c.start(0, Color::White);
        assert_eq!(c.stop(MIN), Some(Color::White));
        assert_eq!(c.remaining_at(10 * MIN, Color::White), 540_000);
        c.resume(10 * MIN, Color::White);
        assert_eq!(c.remaining_at(11 * MIN, Color::White), 480_000);
    }

    #[test]
    fn sandglass_time_flows_to_the_opponent() {
        let mut c = Clocks::new(TimeControl::parse("*60").unwrap());
        c.start(0, Color::White);
        c.press(10_000, Color::White);
        assert_eq!(c.remaining_at(10_000, Color::White), 50_000);
        assert_eq!(c.remaining_at(10_000, Color::Black), 70_000);
        assert_eq!(c.remaining_at(15_000, Color::White), 55_000);
    }

    #[test]
    fn both_flags_down_moves_to_the_next_period() {
        // Art. 12.8
        let mut c = Clocks::new(TimeControl::parse("40/5400:1800").unwrap());
        c.advance_period(Color::White);
        assert_eq!(c.moves_done(Color::White), 40);
        assert_eq!(c.remaining_at(0, Color::White), 7_200_000);
    }

    #[test]
    fn untimed_games_show_no_clock_and_no_flag() {
        let mut c = Clocks::new(TimeControl::Untimed);
        c.start(0, Color::White);
        assert_eq!(c.view(10).white_ms, None);
        assert_eq!(c.flag_time(), None);
        assert_eq!(c.think_time(10, Color::White), 10);
    }
}
