//! Time controls (Art. 12.1, 6.5): a list of periods, each with an optional
//! move count, a base time and an optional Fischer increment or Bronstein
//! delay; plus the PGN `TimeControl` tag syntax.

use std::fmt;

/// What is added per move within a period.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(tag = "kind", rename_all = "snake_case"))]
pub enum Bonus {
    /// No increment, no delay.
    #[default]
    None,
    /// Fischer increment: `ms` added to the mover's clock when he presses it.
    Increment { ms: u64 },
    /// Bronstein delay: the first `ms` of each move's thinking time are not
    /// charged (the clock never gains).
    Delay { ms: u64 },
}

/// One period of a time control.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Period {
    /// Moves to be made in this period (Art. 12.1); `None` = the rest of the game.
    pub moves: Option<u32>,
    /// Time allotted for the period, in milliseconds; time saved carries over.
    pub base_ms: u64,
    /// Increment or delay that applies to moves made in this period.
    #[cfg_attr(feature = "serde", serde(default))]
    pub bonus: Bonus,
}

/// A time control. `Periods` is the normal case; the others come from the PGN
/// `TimeControl` tag (`?`, `-`, `*60`).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(tag = "kind", rename_all = "snake_case"))]
pub enum TimeControl {
    /// Unknown (`?`): clocks are not tracked.
    Unknown,
    /// No time control (`-`): clocks are not tracked, no flag can fall.
    Untimed,
    /// Periods in order. When the last period has a move count it repeats
    /// (e.g. "then 15 minutes per 10 moves"); time carries over (Art. 12.1).
    Periods { periods: Vec<Period> },
    /// Sandglass (`*60`): a player's remaining time is `ms` minus his own used
    /// time plus his opponent's used time.
    Sandclock { ms: u64 },
}

/// Why a `TimeControl` tag could not be parsed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TimeControlError {
    /// The offending field (the whole tag if empty).
    pub field: String,
    /// Plain English reason.
    pub reason: &'static str,
}

impl fmt::Display for TimeControlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "bad time control field '{}': {}",
            self.field, self.reason
        )
    }
}

impl std::error::Error for TimeControlError {}

fn parse_seconds(s: &str, field: &str) -> Result<u64, TimeControlError> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return Err(TimeControlError {
            field: field.to_string(),
            reason: "expected a whole number of seconds",
        });
    }
    s.parse::<u64>()
        .ok()
        .and_then(|v| v.checked_mul(1000))
        .ok_or_else(|| TimeControlError {
            field: field.to_string(),
            reason: "number too large",
        })
}

impl TimeControl {
    /// A single period for the whole game with an optional increment, e.g.
    /// `TimeControl::simple(5400_000, 30_000)` for 90 min + 30 s.
    pub fn simple(base_ms: u64, increment_ms: u64) -> TimeControl {
        let bonus = if increment_ms == 0 {
            Bonus::None
        } else {
            Bonus::Increment { ms: increment_ms }
        };
        TimeControl::Periods {
            periods: vec![Period {
                moves: None,
                base_ms,
                bonus,
            }],
        }
    }

    /// Parses the PGN `TimeControl` tag: `?`, `-`, `*60` (sandglass),
    /// or `:`-separated fields each of `moves/seconds`, `seconds`,
    /// `seconds+increment`; as an extension `seconds d delay` written
    /// `300d5` gives a Bronstein delay. Example: `40/5400:20/3600:1800+30`.
    pub fn parse(tag: &str) -> Result<TimeControl, TimeControlError> {
        let tag = tag.trim();
        match tag {
            "?" => return Ok(TimeControl::Unknown),
            "-" => return Ok(TimeControl::Untimed),
            "" => {
                return Err(TimeControlError {
                    field: String::new(),
                    reason: "empty time control",
                });
            }
            _ => {}
        }
        if let Some(rest) = tag.strip_prefix('*') {
            let ms = parse_seconds(rest, tag)?;
            if ms == 0 {
                return Err(TimeControlError {
                    field: tag.to_string(),
                    reason: "a sandglass needs a positive time",
                });
            }
            return Ok(TimeControl::Sandclock { ms });
        }
        let mut periods = Vec::new();
        for field in tag.split(':') {
            let (moves, rest) = match field.split_once('/') {
                Some((m, r)) => {
                    if m.is_empty() || !m.bytes().all(|b| b.is_ascii_digit()) {
                        return Err(TimeControlError {
                            field: field.to_string(),
                            reason: "expected a move count before '/'",
                        });
                    }
                    let n: u32 = m.parse().map_err(|_| TimeControlError {
                        field: field.to_string(),
                        reason: "move count too large",
                    })?;
                    if n == 0 {
                        return Err(TimeControlError {
                            field: field.to_string(),
                            reason: "a period needs at least one move",
                        });
                    }
                    (Some(n), r)
                }
                None => (None, field),
            };
            let (base, bonus) = if let Some((b, i)) = rest.split_once('+') {
                let inc = parse_seconds(i, field)?;
                (
                    parse_seconds(b, field)?,
                    if inc == 0 {
                        Bonus::None
                    } else {
                        Bonus::Increment { ms: inc }
                    },
                )
            } else if let Some((b, d)) = rest.split_once('d') {
                let delay = parse_seconds(d, field)?;
                (
                    parse_seconds(b, field)?,
                    if delay == 0 {
                        Bonus::None
                    } else {
                        Bonus::Delay { ms: delay }
                    },
                )
            } else {
                (parse_seconds(rest, field)?, Bonus::None)
            };
            if base == 0 && bonus == Bonus::None {
                return Err(TimeControlError {
                    field: field.to_string(),
                    reason: "a period needs time",
                });
            }
            periods.push(Period {
                moves,
                base_ms: base,
                bonus,
            });
        }
        // A period without a move count must be the last one.
        if let Some(pos) = periods.iter().position(|p| p.moves.is_none())
            && pos + 1 != periods.len()
        {
            return Err(TimeControlError {
                field: tag.to_string(),
                reason: "a period for the rest of the game must be the last",
            });
        }
        Ok(TimeControl::Periods { periods })
    }

    /// Whether clocks are tracked at all.
    pub fn is_timed(&self) -> bool {
        matches!(
            self,
            TimeControl::Periods { .. } | TimeControl::Sandclock { .. }
        )
    }

    /// The period that applies to a player's move number `n` (1-based)
    /// together with the index of that period; `None` if untimed.
    /// The last period repeats when it has a move count.
    pub fn period_index_for_move(&self, n: u32) -> Option<usize> {
        let TimeControl::Periods { periods } = self else {
            return None;
        };
        let mut first = 1u32;
        for (i, p) in periods.iter().enumerate() {
            match p.moves {
                None => return Some(i),
                Some(m) => {
                    if n < first.saturating_add(m) || i + 1 == periods.len() {
                        return Some(i);
                    }
                    first = first.saturating_add(m);
                }
            }
        }
        None
    }

    /// The periods, if any.
    pub fn periods(&self) -> &[Period] {
        match self {
            TimeControl::Periods { periods } => periods,
            _ => &[],
        }
    }

    /// The move numbers (1-based, per player) after which a new period's
    /// time is added, given that `done` moves have been completed: returns
    /// `Some((moves still due in the current period, period index))`, or
    /// `None` when the current period lasts for the rest of the game.
    pub fn moves_due(&self, done: u32) -> Option<(u32, usize)> {
        let periods = self.periods();
        if periods.is_empty() {
            return None;
        }
        let mut first_of_next = 0u32;
        let mut i = 0usize;
        loop {
            let p = periods[i.min(periods.len() - 1)];
            let m = p.moves?;
            if m == 0 || first_of_next == u32::MAX {
                return None;
            }
            first_of_next = first_of_next.saturating_add(m);
            if done < first_of_next {
                return Some((first_of_next - done, i.min(periods.len() - 1)));
            }
            i += 1;
        }
    }

    /// Time added to a player's clock when he completes his `done`-th move
    /// (press of the clock, Art. 6.5): the next period's base time if that
    /// move completes a period (Art. 12.1), otherwise 0.
    pub fn period_bonus_after(&self, done: u32) -> u64 {
        let periods = self.periods();
        if periods.is_empty() || done == 0 {
            return 0;
        }
        let mut boundary = 0u32;
        let mut i = 0usize;
        loop {
            let idx = i.min(periods.len() - 1);
            let Some(m) = periods[idx].moves.filter(|&m| m > 0) else {
                return 0;
            };
            boundary = boundary.saturating_add(m);
            if done == boundary {
                let next = (i + 1).min(periods.len() - 1);
                return periods[next].base_ms;
            }
            if done < boundary || boundary == u32::MAX {
                return 0;
            }
            i += 1;
        }
    }

    /// The time every player starts with.
    pub fn initial_ms(&self) -> u64 {
        match self {
            TimeControl::Periods { periods } => periods.first().map_or(0, |p| p.base_ms),
            TimeControl::Sandclock { ms } => *ms,
            _ => 0,
        }
    }
}

impl fmt::Display for TimeControl {
    /// Writes the PGN `TimeControl` tag (delays in the `300d5` extension).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TimeControl::Unknown => f.write_str("?"),
            TimeControl::Untimed => f.write_str("-"),
            TimeControl::Sandclock { ms } => write!(f, "*{}", ms / 1000),
            TimeControl::Periods { periods } => {
                for (i, p) in periods.iter().enumerate() {
                    if i > 0 {
                        f.write_str(":")?;
                    }
                    if let Some(m) = p.moves {
                        write!(f, "{m}/")?;
                    }
                    write!(f, "{}", p.base_ms / 1000)?;
                    match p.bonus {
                        Bonus::None => {}
                        Bonus::Increment { ms } => write!(f, "+{}", ms / 1000)?,
                        Bonus::Delay { ms } => write!(f, "d{}", ms / 1000)?,
                    }
                }
                Ok(())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(tag: &str, expected: Result<&str, &str>) {
        match (TimeControl::parse(tag), expected) {
            (Ok(tc), Ok(printed)) => assert_eq!(tc.to_string(), printed, "{tag}"),
            (Err(e), Err(reason)) => assert_eq!(e.reason, reason, "{tag}"),
            (got, want) => panic!("{tag}: got {got:?}, want {want:?}"),
        }
    }

    #[test]
    fn pgn_time_control_tags_parse_and_print_back() {
        check("40/5400:1800", Ok("40/5400:1800"));
        check("40/5400:20/3600:1800+30", Ok("40/5400:20/3600:1800+30"));
        check("5400+30", Ok("5400+30"));
        check("300", Ok("300"));
        check("-", Ok("-"));
        check("?", Ok("?"));
        check("*60", Ok("*60"));
        check("300d5", Ok("300d5"));
        check(" 300+0 ", Ok("300"));
    }

    #[test]
    fn malformed_time_control_tags_are_rejected_with_a_reason() {
        check("", Err("empty time control"));
        check("40/", Err("expected a whole number of seconds"));
        check("/5400", Err("expected a move count before '/'"));
        check("0/5400", Err("a period needs at least one move"));
        check(
            "5400:40/1800",
            Err("a period for the rest of the game must be the last"),
        );
        check("*0", Err("a sandglass needs a positive time"));
        check("abc", Err("expected a whole number of seconds"));
        check("0", Err("a period needs time"));
        check("99999999999999999999", Err("number too large"));
    }

    #[test]
    fn time_saved_carries_over_and_next_period_is_added_after_the_fortieth_move() {
        // Art. 12.1: 40 moves in 90 min, then 30 min for the rest.
        let tc = TimeControl::parse("40/5400:1800").unwrap();
        assert_eq!(tc.period_bonus_after(39), 0);
        assert_eq!(tc.period_bonus_after(40), 1_800_000);
        assert_eq!(tc.period_bonus_after(41), 0);
        assert_eq!(tc.period_bonus_after(80), 0);
        assert_eq!(tc.moves_due(0), Some((40, 0)));
        assert_eq!(tc.moves_due(39), Some((1, 0)));
        assert_eq!(tc.moves_due(40), None);
        assert_eq!(tc.period_index_for_move(40), Some(0));
        assert_eq!(tc.period_index_for_move(41), Some(1));
    }

    #[test]
    fn a_last_period_with_a_move_count_repeats() {
        // Xiangqi-style 6.1: 90 min / 40 moves then 15 min / 10 moves repeating.
        let tc = TimeControl::parse("40/5400:10/900").unwrap();
        assert_eq!(tc.period_bonus_after(40), 900_000);
        assert_eq!(tc.period_bonus_after(50), 900_000);
        assert_eq!(tc.period_bonus_after(60), 900_000);
        assert_eq!(tc.period_bonus_after(55), 0);
        assert_eq!(tc.moves_due(52), Some((8, 1)));
    }
}
