//! Flag falls (10.14, 12.2).

use super::{Game, State, Status, Step, fmt_ms, reject};
use crate::code::Code;
use crate::result::Rejection;
use rules::Color;

impl Game {
    /// After a clock change: a flag down now ends the game (Art. 10.14).
    pub(super) fn check_flags_now(&self, st: &mut State, out: &mut Step, t: u64) {
        if !self.live() || st.status != Status::InProgress || !st.clocks.time_control().is_timed() {
            return;
        }
        let order = match st.clocks.running() {
            Some(c) => [c, c.other()],
            None => [Color::White, Color::Black],
        };
        for c in order {
            if st.clocks.flag_down(t, c) {
                st.clocks.stop(t);
                self.loss_unless_no_mate(
                    st,
                    out,
                    t,
                    c,
                    Code::LostOnTime,
                    "10.14",
                    "has overstepped the time limit",
                );
                return;
            }
        }
    }

    pub(super) fn on_flag(
        &self,
        st: &mut State,
        out: &mut Step,
        t: u64,
        player: Option<Color>,
    ) -> Result<(), Rejection> {
        self.require_in_progress(st)?;
        if self.live() {
            if !st.clocks.time_control().is_timed() {
                return reject(Code::UntimedGame, "12.2", "the game has no time control");
            }
            // observe() has already ended the game if a flag was down.
            return match player {
                Some(c) => reject(
                    Code::FlagNotDown,
                    "12.2",
                    format!(
                        "{c}'s flag is not down: {} remain",
                        fmt_ms(st.clocks.remaining_at(t, c))
                    ),
                ),
                None => {
                    out.rule(
                        Code::NoFlagDown,
                        "12.2",
                        "the arbiter checked the clocks: no flag is down",
                    );
                    Ok(())
                }
            };
        }
        let Some(c) = player else {
            return reject(
                Code::FlagNeedsPlayer,
                "12.2",
                "in scoresheet mode the arbiter must say whose flag fell",
            );
        };
        self.loss_unless_no_mate(
            st,
            out,
            t,
            c,
            Code::LostOnTime,
            "10.14",
            "has overstepped the time limit (flag fell, Art. 12.2)",
        );
        Ok(())
    }
}
