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

    /// As a score sheet or a crosstable writes it: `1`, `½`, `0`, `2½`, `12`
    /// (a custom scoring's other tenths with their decimal: `0.3`, `2.7`).
    pub fn written(self) -> String {
        match (self.0 / 10, self.0 % 10) {
            (whole, 0) => whole.to_string(),
            (0, 5) => "½".to_owned(),
            (whole, 5) => format!("{whole}½"),
            _ => self.to_string(),
        }
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

/// A field of a [`Scoring`], named as the server's `scoring` object and the
/// TRF `XXS` record name it (`pairing_allocated_bye` / `PAB`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ScoringField {
    WinWhite,
    WinBlack,
    DrawWhite,
    DrawBlack,
    LossWhite,
    LossBlack,
    ForfeitWin,
    ForfeitLoss,
    PairingAllocatedBye,
    FullPointBye,
    HalfPointBye,
    ZeroPointBye,
    Absent,
}

impl ScoringField {
    /// The name of the field in the server's `scoring` object (`win` and
    /// `win_white` alike are `win` there: the server scores both colours
    /// alike).
    pub const fn key(self) -> &'static str {
        match self {
            ScoringField::WinWhite | ScoringField::WinBlack => "win",
            ScoringField::DrawWhite | ScoringField::DrawBlack => "draw",
            ScoringField::LossWhite | ScoringField::LossBlack => "loss",
            ScoringField::ForfeitWin => "forfeit_win",
            ScoringField::ForfeitLoss => "forfeit_loss",
            ScoringField::PairingAllocatedBye => "pairing_allocated_bye",
            ScoringField::FullPointBye => "full_point_bye",
            ScoringField::HalfPointBye => "half_point_bye",
            ScoringField::ZeroPointBye => "zero_point_bye",
            ScoringField::Absent => "absent",
        }
    }

    /// The code of the field in a TRF `XXS` record (`A` is TRF-2026 `162`'s
    /// absence code, which has no `XXS` name).
    pub const fn trf_code(self) -> &'static str {
        match self {
            ScoringField::WinWhite => "WW",
            ScoringField::WinBlack => "BW",
            ScoringField::DrawWhite => "WD",
            ScoringField::DrawBlack => "BD",
            ScoringField::LossWhite => "WL",
            ScoringField::LossBlack => "BL",
            ScoringField::ForfeitWin => "FW",
            ScoringField::ForfeitLoss => "FL",
            ScoringField::PairingAllocatedBye => "PAB",
            ScoringField::FullPointBye => "FPB",
            ScoringField::HalfPointBye => "HPB",
            ScoringField::ZeroPointBye => "ZPB",
            ScoringField::Absent => "A",
        }
    }
}

/// Why a point system is refused (FIDE endorsement checklist, VCL4THP.13
/// Q70–Q88; see `docs/fide-checker.md`). Points are never negative: the type
/// holds tenths as an unsigned number, so a negative value must be refused
/// where it is read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ScoringError {
    /// A win is worth no more than a loss.
    WinNotAboveLoss {
        win: ScoringField,
        loss: ScoringField,
    },
    /// A draw is worth more than a win.
    DrawAboveWin {
        draw: ScoringField,
        win: ScoringField,
    },
    /// A loss is worth more than a draw.
    LossAboveDraw {
        loss: ScoringField,
        draw: ScoringField,
    },
    /// Two draws are worth more than a win and a loss (Q74): players would
    /// gain by agreeing draws.
    TwoDrawsAboveWinAndLoss { draw: ScoringField },
    /// A bye, or a forfeit win, is worth more than a win (Q81 for the
    /// pairing-allocated bye).
    AboveWin { field: ScoringField, value: Points },
    /// A bye or a forfeit win is worth a value no game result gives (Q83,
    /// Q84: under standard scoring the pairing-allocated bye is 1, ½ or 0).
    NotAResultValue { field: ScoringField, value: Points },
    /// Not playing (a forfeit loss, a zero-point bye, an absence) is worth
    /// more than losing a game.
    AboveLoss { field: ScoringField, value: Points },
}

impl fmt::Display for ScoringError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ScoringError::WinNotAboveLoss { win, loss } => write!(
                f,
                "{} ({}) must be worth more than {} ({})",
                win.key(),
                win.trf_code(),
                loss.key(),
                loss.trf_code()
            ),
            ScoringError::DrawAboveWin { draw, win } => write!(
                f,
                "{} ({}) is worth more than {} ({})",
                draw.key(),
                draw.trf_code(),
                win.key(),
                win.trf_code()
            ),
            ScoringError::LossAboveDraw { loss, draw } => write!(
                f,
                "{} ({}) is worth more than {} ({})",
                loss.key(),
                loss.trf_code(),
                draw.key(),
                draw.trf_code()
            ),
            ScoringError::TwoDrawsAboveWinAndLoss { draw } => write!(
                f,
                "two draws ({}) are worth more than a win and a loss",
                draw.trf_code()
            ),
            ScoringError::AboveWin { field, value } => write!(
                f,
                "{} ({}) = {value} is worth more than a win",
                field.key(),
                field.trf_code()
            ),
            ScoringError::NotAResultValue { field, value } => write!(
                f,
                "{} ({}) = {value} is not the value of a win, a draw or a loss",
                field.key(),
                field.trf_code()
            ),
            ScoringError::AboveLoss { field, value } => write!(
                f,
                "{} ({}) = {value} is worth more than a lost game",
                field.key(),
                field.trf_code()
            ),
        }
    }
}

impl std::error::Error for ScoringError {}

impl ScoringError {
    /// The field refused (the draw of a two-draws error, the win of a win
    /// not above the loss).
    pub const fn field(&self) -> ScoringField {
        match self {
            ScoringError::WinNotAboveLoss { win: field, .. }
            | ScoringError::DrawAboveWin { draw: field, .. }
            | ScoringError::LossAboveDraw { loss: field, .. }
            | ScoringError::TwoDrawsAboveWinAndLoss { draw: field }
            | ScoringError::AboveWin { field, .. }
            | ScoringError::NotAResultValue { field, .. }
            | ScoringError::AboveLoss { field, .. } => *field,
        }
    }
}

impl Scoring {
    /// The value of one field.
    pub const fn get(&self, field: ScoringField) -> Points {
        match field {
            ScoringField::WinWhite => self.win_white,
            ScoringField::WinBlack => self.win_black,
            ScoringField::DrawWhite => self.draw_white,
            ScoringField::DrawBlack => self.draw_black,
            ScoringField::LossWhite => self.loss_white,
            ScoringField::LossBlack => self.loss_black,
            ScoringField::ForfeitWin => self.forfeit_win,
            ScoringField::ForfeitLoss => self.forfeit_loss,
            ScoringField::PairingAllocatedBye => self.pairing_allocated_bye,
            ScoringField::FullPointBye => self.full_point_bye,
            ScoringField::HalfPointBye => self.half_point_bye,
            ScoringField::ZeroPointBye => self.zero_point_bye,
            ScoringField::Absent => self.absent,
        }
    }

    /// Whether this is the standard 1 / ½ / 0 for both colours.
    pub fn is_standard_game_scoring(&self) -> bool {
        let standard = Scoring::default();
        [
            ScoringField::WinWhite,
            ScoringField::WinBlack,
            ScoringField::DrawWhite,
            ScoringField::DrawBlack,
            ScoringField::LossWhite,
            ScoringField::LossBlack,
        ]
        .iter()
        .all(|&f| self.get(f) == standard.get(f))
    }

    /// Refuses a point system a FIDE-endorsed program must not accept
    /// (VCL4THP.13 Q74, Q81, Q83, Q84), checking each colour's win, draw and
    /// loss and then every bye and forfeit; the first inconsistency found is
    /// returned, naming the field:
    ///
    /// - a win worth no more than a loss, a draw worth more than a win, a loss
    ///   worth more than a draw;
    /// - two draws worth more than a win plus a loss (Q74);
    /// - a pairing-allocated, full-point or half-point bye, or a forfeit win,
    ///   worth more than a win (Q81) or a value no game gives (Q83: under
    ///   standard scoring 1, ½ or 0; Q84: under custom scoring a value
    ///   reachable by real results);
    /// - a forfeit loss, zero-point bye or absence worth more than a loss.
    pub fn validate(&self) -> Result<(), ScoringError> {
        use ScoringField as F;
        for (win, draw, loss) in [
            (F::WinWhite, F::DrawWhite, F::LossWhite),
            (F::WinBlack, F::DrawBlack, F::LossBlack),
        ] {
            let (w, d, l) = (self.get(win), self.get(draw), self.get(loss));
            if w <= l {
                return Err(ScoringError::WinNotAboveLoss { win, loss });
            }
            if d > w {
                return Err(ScoringError::DrawAboveWin { draw, win });
            }
            if l > d {
                return Err(ScoringError::LossAboveDraw { loss, draw });
            }
            if 2 * u64::from(d.tenths()) > u64::from(w.tenths()) + u64::from(l.tenths()) {
                return Err(ScoringError::TwoDrawsAboveWinAndLoss { draw });
            }
        }
        let results = [
            self.win_white,
            self.win_black,
            self.draw_white,
            self.draw_black,
            self.loss_white,
            self.loss_black,
        ];
        let best_win = self.win_white.max(self.win_black);
        for field in [
            F::PairingAllocatedBye,
            F::FullPointBye,
            F::HalfPointBye,
            F::ForfeitWin,
        ] {
            let value = self.get(field);
            if value > best_win {
                return Err(ScoringError::AboveWin { field, value });
            }
            if !results.contains(&value) {
                return Err(ScoringError::NotAResultValue { field, value });
            }
        }
        let worst_loss = self.loss_white.max(self.loss_black);
        for field in [F::ForfeitLoss, F::ZeroPointBye, F::Absent] {
            let value = self.get(field);
            if value > worst_loss {
                return Err(ScoringError::AboveLoss { field, value });
            }
        }
        Ok(())
    }
}
