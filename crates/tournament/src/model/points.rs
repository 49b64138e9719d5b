//! Exact points (tenths of a point) and the scoring of each outcome.

use std::fmt;
use std::iter::Sum;
use std::ops::{Add, AddAssign};

use super::{ByeKind, Colour, Outcome};

/// A number of points, counted exactly in tenths of a point
/// (`Points(10)` is one point, `Points(5)` half a point).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Points(pub u32);

impl Points {
    /// No points.
    pub const ZERO: Points = Points(0);
    /// Half a point.
    pub const HALF: Points = Points(5);
    /// One point.
    pub const ONE: Points = Points(10);

    /// Points from a count of tenths.
    pub const fn from_tenths(tenths: u32) -> Points {
        Points(tenths)
    }

    /// The count of tenths.
    pub const fn tenths(self) -> u32 {
        self.0
    }

    /// The value as a float, for display and JSON only (never for arithmetic).
    pub fn as_f64(self) -> f64 {
        f64::from(self.0) / 10.0
    }

    /// Parses `"1"`, `"1.5"`, `"0.5"`, `".5"`, `"12.0"` (at most one decimal).
    pub fn parse(text: &str) -> Option<Points> {
        let text = text.trim();
        if text.is_empty() {
            return None;
        }
        let (whole, fraction) = match text.split_once('.') {
            Some((w, f)) => (w, f),
            None => (text, ""),
        };
        if !whole.bytes().all(|b| b.is_ascii_digit())
            || !fraction.bytes().all(|b| b.is_ascii_digit())
            || (whole.is_empty() && fraction.is_empty())
            || whole.len() > 8
        {
            return None;
        }
        let whole_value: u32 = if whole.is_empty() {
            0
        } else {
            whole.parse().ok()?
        };
        let tenth = match fraction.as_bytes() {
            [] => 0,
            [d, rest @ ..] if rest.iter().all(|&b| b == b'0') => u32::from(d - b'0'),
            _ => return None,
        };
        whole_value.checked_mul(10)?.checked_add(tenth).map(Points)
    }
}

impl fmt::Display for Points {
    /// One decimal: `1.5`, `3.0`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = format!("{}.{}", self.0 / 10, self.0 % 10);
        f.pad(&text)
    }
}

impl Add for Points {
    type Output = Points;
    fn add(self, rhs: Points) -> Points {
        Points(self.0.saturating_add(rhs.0))
    }
}

impl AddAssign for Points {
    fn add_assign(&mut self, rhs: Points) {
        *self = *self + rhs;
    }
}

impl Sum for Points {
    fn sum<I: Iterator<Item = Points>>(iter: I) -> Points {
        iter.fold(Points::ZERO, Add::add)
    }
}

/// The points each outcome earns. Defaults to 1/½/0 with a pairing-allocated
/// bye worth a win, a requested full-point bye 1, half-point bye ½, zero bye 0,
/// absence 0, forfeit win = win, forfeit loss = loss.
///
/// The per-colour fields exist because the TRF `XXS` record (`WW=`, `BW=`, …)
/// may score wins, draws and losses differently by colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Scoring {
    pub win_white: Points,
    pub win_black: Points,
    pub draw_white: Points,
    pub draw_black: Points,
    pub loss_white: Points,
    pub loss_black: Points,
    pub forfeit_win: Points,
    pub forfeit_loss: Points,
    pub pairing_allocated_bye: Points,
    pub full_point_bye: Points,
    pub half_point_bye: Points,
    pub zero_point_bye: Points,
    pub absent: Points,
}

impl Default for Scoring {
    fn default() -> Scoring {
        Scoring::new(Points::ONE, Points::HALF, Points::ZERO)
    }
}

impl Scoring {
    /// A colour-blind scoring: win/draw/loss; byes follow (PAB and full bye =
    /// win, half bye = draw, zero bye and absence = loss, forfeits as win/loss).
    pub const fn new(win: Points, draw: Points, loss: Points) -> Scoring {
        Scoring {
            win_white: win,
            win_black: win,
            draw_white: draw,
            draw_black: draw,
            loss_white: loss,
            loss_black: loss,
            forfeit_win: win,
            forfeit_loss: loss,
            pairing_allocated_bye: win,
            full_point_bye: win,
            half_point_bye: draw,
            zero_point_bye: loss,
            absent: loss,
        }
    }

    /// Points for a win with the given colour.
    pub const fn win(&self, colour: Colour) -> Points {
        match colour {
            Colour::White => self.win_white,
            Colour::Black => self.win_black,
        }
    }

    /// Points for a draw with the given colour.
    pub const fn draw(&self, colour: Colour) -> Points {
        match colour {
            Colour::White => self.draw_white,
            Colour::Black => self.draw_black,
        }
    }

    /// Points for a loss with the given colour.
    pub const fn loss(&self, colour: Colour) -> Points {
        match colour {
            Colour::White => self.loss_white,
            Colour::Black => self.loss_black,
        }
    }

    /// Points for a bye of this kind.
    pub const fn bye(&self, kind: ByeKind) -> Points {
        match kind {
            ByeKind::PairingAllocated => self.pairing_allocated_bye,
            ByeKind::FullPoint => self.full_point_bye,
            ByeKind::HalfPoint => self.half_point_bye,
            ByeKind::ZeroPoint => self.zero_point_bye,
            ByeKind::Absent => self.absent,
        }
    }

    /// Points for a game outcome seen from a player with the given colour.
    pub const fn outcome(&self, outcome: Outcome, colour: Colour) -> Points {
        match outcome {
            Outcome::Win => self.win(colour),
            Outcome::Draw => self.draw(colour),
            Outcome::Loss => self.loss(colour),
            Outcome::ForfeitWin => self.forfeit_win,
            Outcome::ForfeitLoss => self.forfeit_loss,
            Outcome::NotPlayed => Points::ZERO,
        }
    }
}
