//! What happened by an event's time without an event (12.2, 10.15, club
//! plan): a flag fall, a lateness forfeit, an over-long game; and arrivals.

use super::{Game, State, Status, Step, reject};
use crate::code::Code;
use crate::result::{Citation, GameResult, Rejection};
use rules::Color;

/// What can fall due without an event, in the order a tie is ruled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Pending {
    Flag,
    Lateness,
    Overlong,
}

impl Game {
    /// Art. 12.2, 10.15, club plan: what falls due without an event while
    /// the game stands as it is — a flag fall, a lateness forfeit, the end
    /// of an over-long game — as `(from, at, kind)`: the ruling applies to
    /// an observation at any time `>= from`, and takes effect at `at`.
    fn pending(&self, st: &State, flags: bool) -> Vec<(u64, u64, Pending)> {
        let mut pending = Vec::new();
        if !self.live() || matches!(st.status, Status::Finished | Status::Annulled) {
            return pending;
        }
        if flags
            && st.status == Status::InProgress
            && let Some((_, at)) = st.clocks.flag_time()
        {
            pending.push((at, at, Pending::Flag));
        }
        // While adjourned, lateness runs only once the resumption is set (13.2).
        if (st.status != Status::Adjourned || st.resumption.is_some())
            && let Some(deadline) = st
                .attendance
                .lateness_deadline(self.profile.lateness_limit_ms)
        {
            pending.push((deadline.saturating_add(1), deadline, Pending::Lateness));
        }
        if let (Some(max), Some(start)) = (self.profile.max_game_duration_ms, st.started_at)
            && st.status == Status::InProgress
        {
            let end = start.saturating_add(max);
            pending.push((end.saturating_add(1), end, Pending::Overlong));
        }
        pending
    }

    /// The earliest time (ms on the events' timeline) at which an
    /// observation without any other event ends the game — a flag fall
    /// (12.2, 10.14), a lateness forfeit (10.15, 10.17) or the club's
    /// game-length limit — if the game stays as it is; `None` when nothing
    /// can fall due (scoresheet mode, a finished game, no clock, no
    /// scheduled start). A server records the observation
    /// (`EventKind::Flag { player: None }`) at that time.
    pub fn next_due_ms(&self) -> Option<u64> {
        self.pending(&self.st, true)
            .into_iter()
            .map(|(from, _, _)| from.max(self.st.last_ms))
            .min()
    }

    /// Art. 12.2, 10.15, club plan: what happened by time `t` without an
    /// event — the earliest of a flag fall, a lateness forfeit and the end of
    /// an over-long game. Returns true if the game ended.
    pub(super) fn observe(&self, st: &mut State, out: &mut Step, t: u64, flags: bool) -> bool {
        let mut cands: Vec<(u64, Pending)> = self
            .pending(st, flags)
            .into_iter()
            .filter(|&(from, _, _)| from <= t)
            .map(|(_, at, kind)| (at, kind))
            .collect();
        cands.sort_unstable();
        let Some(&(at, kind)) = cands.first() else {
            return false;
        };
        match kind {
            Pending::Flag => {
                let Some((c, _)) = st.clocks.flag_time() else {
                    return false;
                };
                st.clocks.stop(at.max(st.last_ms));
                self.loss_unless_no_mate(
                    st,
                    out,
                    at,
                    c,
                    Code::LostOnTime,
                    "10.14",
                    "has overstepped the time limit (flag fell, Art. 12.2)",
                );
            }
            Pending::Lateness => self.forfeit_for_lateness(st, out, at),
            Pending::Overlong => self.finish(
                st,
                out,
                at,
                GameResult::BothLose,
                Citation::of(
                    Code::OverlongGameScoresNothing,
                    "club (3)",
                    "the game lasted longer than the club's limit: neither side scores",
                ),
            ),
        }
        true
    }

    fn forfeit_for_lateness(&self, st: &mut State, out: &mut Step, t: u64) {
        let forfeit = st.attendance.forfeit(!st.plies.is_empty());
        let why = match forfeit.absent {
            Some(c) => Citation::of(
                Code::LostByLateness,
                self.profile.lateness_article(false),
                format!("{c} did not arrive within the lateness limit and loses"),
            ),
            None => Citation::of(
                Code::BothAbsentBothLose,
                self.profile.lateness_article(true),
                "neither player arrived within the lateness limit: both lose",
            ),
        };
        self.finish(st, out, t, forfeit.result, why);
    }

    /// Art. 10.15: a player arrives at the board (the sealed move is
    /// opened when the replier arrives, 14.3).
    pub(super) fn on_arrive(
        &self,
        st: &mut State,
        out: &mut Step,
        t: u64,
        player: Color,
    ) -> Result<(), Rejection> {
        if !st.attendance.arrive(player) {
            return reject(
                Code::AlreadyPresent,
                self.profile.lateness_article(false),
                format!("{player} is already at the board"),
            );
        }
        out.rule(
            Code::PlayerArrived,
            self.profile.lateness_article(false),
            format!("{player} arrived at the board"),
        );
        if st.status == Status::InProgress
            && let Some(s) = &st.sealed
            && s.envelope.sealer.other() == player
        {
            self.open_envelope(st, out, t);
        }
        Ok(())
    }
}
