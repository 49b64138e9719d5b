//! The arbiter's penalties (16) and the club's fouls (club plan (3)).

use super::{Game, State, Step, ci, fmt_ms, reject};
use crate::code::Code;
use crate::event::{FoulKind, Grounds, Penalty};
use crate::result::{Citation, GameResult, Rejection};
use rules::Color;

impl Game {
    pub(super) fn per_move_cap(
        &self,
        st: &mut State,
        out: &mut Step,
        t: u64,
        mover: Color,
        think: u64,
    ) {
        if let Some(cap) = self.profile.per_move_cap_ms
            && think > cap
        {
            out.rule(
                Code::MoveTimeCapExceeded,
                "club (3)",
                format!(
                    "{mover} took {} for one move, more than the {} allowed: a foul",
                    fmt_ms(i64::try_from(think).unwrap_or(i64::MAX)),
                    fmt_ms(i64::try_from(cap).unwrap_or(i64::MAX))
                ),
            );
            self.add_foul(st, out, t, mover, FoulKind::MoveTime);
        }
    }

    /// Club plan (3): each limit counts its own fouls (a move over the cap;
    /// a move changed after release), and the limit-th of either loses.
    fn add_foul(&self, st: &mut State, out: &mut Step, t: u64, c: Color, kind: FoulKind) {
        let count = &mut st.fouls[kind.index()][ci(c)];
        *count = count.saturating_add(1);
        let count = *count;
        if let Some(limit) = self.profile.foul_limit
            && count >= limit
        {
            let what = match kind {
                FoulKind::MoveTime => "moves over the per-move time",
                FoulKind::ChangedMove => "fouls for changing a move after releasing the piece",
            };
            self.finish(
                st,
                out,
                t,
                GameResult::win_for(c.other()),
                Citation::of(
                    Code::FoulsLimitLose,
                    "club (3)",
                    format!("{c} committed {count} {what} and loses for indiscipline"),
                ),
            );
        }
    }

    pub(super) fn on_penalty(
        &self,
        st: &mut State,
        out: &mut Step,
        t: u64,
        player: Color,
        penalty: Penalty,
        reason: &str,
    ) -> Result<(), Rejection> {
        self.require_in_progress(st)?;
        match penalty {
            Penalty::Warn => out.rule(
                Code::Warning,
                "16",
                with_reason(format!("{player} is warned"), reason),
            ),
            Penalty::AddTimeToOpponent { ms } => {
                if !st.clocks.time_control().is_timed() {
                    return reject(Code::UntimedGame, "16", "the game has no time control");
                }
                st.clocks.add(t, player.other(), ms);
                out.rule(
                    Code::TimeAddedToOpponent,
                    "16",
                    with_reason(
                        format!(
                            "{} added to {}'s clock for {player}'s offence",
                            fmt_ms(i64::try_from(ms).unwrap_or(i64::MAX)),
                            player.other()
                        ),
                        reason,
                    ),
                );
            }
            Penalty::DeductTime { ms } => {
                if !st.clocks.time_control().is_timed() {
                    return reject(Code::UntimedGame, "16", "the game has no time control");
                }
                st.clocks.charge_at(t, player, ms);
                out.rule(
                    Code::TimeDeducted,
                    "16",
                    with_reason(
                        format!(
                            "{} deducted from {player}'s clock",
                            fmt_ms(i64::try_from(ms).unwrap_or(i64::MAX))
                        ),
                        reason,
                    ),
                );
                self.check_flags_now(st, out, t);
            }
            Penalty::Foul { foul } => {
                let article = if self.profile.foul_limit.is_some() {
                    "club (3)"
                } else {
                    "16"
                };
                let kind = match foul {
                    FoulKind::ChangedMove => "foul",
                    FoulKind::MoveTime => "move-time foul",
                };
                out.rule(
                    Code::Foul,
                    article,
                    with_reason(format!("{kind} by {player}"), reason),
                );
                self.add_foul(st, out, t, player, foul);
            }
        }
        Ok(())
    }
}

impl Game {
    /// Art. 16 and the articles a stated result follows from: a result the
    /// arbiter declares (scoresheet recording states what the server would
    /// have ruled in a live game) cites the article of its grounds.
    pub(super) fn declared(
        &self,
        result: GameResult,
        reason: &str,
        grounds: Grounds,
    ) -> Result<Citation, Rejection> {
        use GameResult as R;
        let message = |what: &str| {
            if reason.trim().is_empty() {
                format!("the arbiter declared {result}: {what}")
            } else {
                format!("the arbiter declared {result}: {what} ({reason})")
            }
        };
        match (grounds, result) {
            (Grounds::Other, _) => Ok(Citation::of(
                Code::ArbiterDeclaredResult,
                "16",
                format!("the arbiter declared {result}: {reason}"),
            )),
            (Grounds::Lateness, R::DoubleForfeit) => Ok(Citation::of(
                Code::BothAbsentBothLose,
                self.profile.lateness_article(true),
                message("neither player arrived in time: both lose"),
            )),
            (Grounds::Lateness, R::WhiteWinsByForfeit | R::BlackWinsByForfeit) => Ok(Citation::of(
                Code::LostByLateness,
                self.profile.lateness_article(false),
                message("a player did not arrive in time and loses"),
            )),
            (Grounds::FlagFall, R::WhiteWins | R::BlackWins) => Ok(Citation::of(
                Code::LostOnTime,
                "10.5",
                message("the flag fell: the player loses"),
            )),
            (Grounds::FlagFall, R::Draw) => Ok(Citation::of(
                Code::DrawOpponentCannotCheckmate,
                "10.14",
                message("the flag fell but the opponent cannot checkmate: draw"),
            )),
            (Grounds::Lateness, _) => reject(
                Code::ResultDoesNotFitGrounds,
                "16",
                format!("a lateness forfeit is +-, -+ or --, not {result}"),
            ),
            (Grounds::FlagFall, _) => reject(
                Code::ResultDoesNotFitGrounds,
                "16",
                format!("a flag fall ends 1-0, 0-1 or 1/2-1/2, not {result}"),
            ),
        }
    }
}

/// A ruling's text with the arbiter's reason after a colon, or alone when
/// the arbiter gave none (a blank reason is kept empty).
fn with_reason(text: String, reason: &str) -> String {
    let reason = reason.trim();
    if reason.is_empty() {
        text
    } else {
        format!("{text}: {reason}")
    }
}

#[cfg(test)]
mod tests {
    use super::with_reason;

    #[test]
    fn a_ruling_without_a_reason_ends_without_a_dangling_colon_16() {
        assert_eq!(
            with_reason("White is warned".into(), "   "),
            "White is warned"
        );
        assert_eq!(
            with_reason("White is warned".into(), "a phone rang"),
            "White is warned: a phone rang"
        );
    }
}
