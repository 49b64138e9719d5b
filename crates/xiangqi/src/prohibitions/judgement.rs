//! Each side's conduct over a cycle and the verdict on it: what is
//! forbidden ([`Prohibition`], [`Conduct`]), the verdict ([`Verdict`],
//! [`Ruling`]), the cycle itself ([`Cycle`]) and a refusal ([`Refusal`]).

use std::fmt;

use super::CYCLE_LIMIT;
use super::reading::{Doubt, MoveKind};
use crate::moves::Move;
use crate::repetition::NewAttack;
use crate::types::{Color, Piece, Square};

/// What is forbidden about a side's moves in a cycle.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Prohibition {
    /// Every move a check (长将).
    PerpetualCheck,
    /// Every move a chase (长捉); `piece` is the piece chased most often,
    /// standing on `square` when first chased in the cycle.
    PerpetualChase {
        /// The chased piece.
        piece: Piece,
        /// Where it stood when first chased in the cycle.
        square: Square,
    },
    /// Every move a check or a chase, with both (一将一捉; threats of mate
    /// may be among them): ranks as checking.
    CheckAndChase {
        /// The chased piece (as for perpetual chase).
        piece: Piece,
        /// Where it stood when first chased in the cycle.
        square: Square,
    },
    /// Every move a threat of mate (长杀).
    PerpetualMateThreat,
    /// Every move a check or a threat of mate, with both (一将一杀): ranks
    /// as checking.
    CheckAndMateThreat,
    /// Every move a threat of mate or a chase, with both (一杀一捉).
    MateThreatAndChase {
        /// The chased piece (as for perpetual chase).
        piece: Piece,
        /// Where it stood when first chased in the cycle.
        square: Square,
    },
}

impl Prohibition {
    /// The article: xq 4.1.7 (violating a prohibition and not changing).
    #[must_use]
    pub const fn article(self) -> &'static str {
        "4.1.7"
    }

    /// A stable code for programs (`perpetual_check`, `perpetual_chase`,
    /// `check_and_chase`, `perpetual_mate_threat`, `check_and_mate_threat`,
    /// `mate_threat_and_chase`).
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            Prohibition::PerpetualCheck => "perpetual_check",
            Prohibition::PerpetualChase { .. } => "perpetual_chase",
            Prohibition::CheckAndChase { .. } => "check_and_chase",
            Prohibition::PerpetualMateThreat => "perpetual_mate_threat",
            Prohibition::CheckAndMateThreat => "check_and_mate_threat",
            Prohibition::MateThreatAndChase { .. } => "mate_threat_and_chase",
        }
    }

    /// Checking ranks above chasing and threatening mate: a cycle with a
    /// check in every move's place ranks as checking.
    const fn rank(self) -> u8 {
        match self {
            Prohibition::PerpetualChase { .. }
            | Prohibition::PerpetualMateThreat
            | Prohibition::MateThreatAndChase { .. } => 1,
            Prohibition::PerpetualCheck
            | Prohibition::CheckAndChase { .. }
            | Prohibition::CheckAndMateThreat => 2,
        }
    }
}

impl fmt::Display for Prohibition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Prohibition::PerpetualCheck => f.write_str("perpetual check"),
            Prohibition::PerpetualChase { piece, square } => {
                write!(
                    f,
                    "perpetual chase of the {piece} (first chased on {square})"
                )
            }
            Prohibition::CheckAndChase { piece, square } => {
                write!(
                    f,
                    "one check one chase (of the {piece}, first chased on {square})"
                )
            }
            Prohibition::PerpetualMateThreat => f.write_str("perpetual threat of mate"),
            Prohibition::CheckAndMateThreat => f.write_str("one check one threat of mate"),
            Prohibition::MateThreatAndChase { piece, square } => {
                write!(
                    f,
                    "one threat of mate one chase (of the {piece}, first chased on {square})"
                )
            }
        }
    }
}

/// One side's conduct over its moves in a cycle.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Conduct {
    /// At least one move neither checks, threatens mate nor chases:
    /// allowed.
    Allowed,
    /// Forbidden.
    Forbidden(Prohibition),
}

impl Conduct {
    /// Judges a side's moves (in the order played): forbidden when every
    /// one of them attacks — checks (将), threatens mate (杀) or chases
    /// (捉) — named by the kinds present.
    #[must_use]
    pub fn of<'a>(kinds: impl IntoIterator<Item = &'a MoveKind>) -> Conduct {
        let mut checks = 0usize;
        let mut threats = 0usize;
        let mut chases: Vec<&NewAttack> = Vec::new();
        let mut moves = 0usize;
        for kind in kinds {
            moves += 1;
            match kind {
                MoveKind::Check => checks += 1,
                MoveKind::MateThreat => threats += 1,
                MoveKind::Chase(chased) => chases.extend(chased.iter()),
                MoveKind::Idle => return Conduct::Allowed,
            }
        }
        if moves == 0 {
            return Conduct::Allowed;
        }
        if checks == moves {
            return Conduct::Forbidden(Prohibition::PerpetualCheck);
        }
        if threats == moves {
            return Conduct::Forbidden(Prohibition::PerpetualMateThreat);
        }
        if checks + threats == moves {
            return Conduct::Forbidden(Prohibition::CheckAndMateThreat);
        }
        // The piece chased most often; the first chased on ties.
        let mut best: Option<(&NewAttack, usize)> = None;
        for a in &chases {
            let n = chases
                .iter()
                .filter(|b| b.target_piece == a.target_piece)
                .count();
            if best.is_none_or(|(_, m)| n > m) {
                best = Some((a, n));
            }
        }
        let Some((a, _)) = best else {
            return Conduct::Allowed;
        };
        let (piece, square) = (a.target_piece, a.target);
        Conduct::Forbidden(if checks > 0 {
            Prohibition::CheckAndChase { piece, square }
        } else if threats > 0 {
            Prohibition::MateThreatAndChase { piece, square }
        } else {
            Prohibition::PerpetualChase { piece, square }
        })
    }
}

/// What the prohibitions say about the position just reached.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Verdict {
    /// The position has not stood before since the last capture.
    None,
    /// A cycle in which neither side is forbidden, or both are alike: a
    /// draw when played the third time (不变作和, xq 4.2.3).
    Draw,
    /// A cycle forbidden for `side`: it must change, or it loses (xq 4.1.7).
    MustChange {
        /// The side that must change.
        side: Color,
        /// Why.
        reason: Prohibition,
    },
    /// A cycle whose verdict hangs on a question the rules leave to the
    /// arbiter's judgement (a chase by value, an outnumbered protection, a
    /// mate too deep to search), asked of `side`'s moves: answered for
    /// that side, the verdict is `if_for` (the judge's own); answered
    /// against it, `if_against`. The program neither refuses a move nor
    /// draws the game on it: the arbiter rules.
    ArbiterDecides {
        /// The side whose moves carry the question.
        side: Color,
        /// The question.
        doubt: Doubt,
        /// The verdict if the question is answered for `side`.
        if_for: Ruling,
        /// The verdict if it is answered against `side`.
        if_against: Ruling,
    },
}

/// A verdict on a cycle once the arbiter's question is answered.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Ruling {
    /// Allowed to both sides (or forbidden to both alike): a draw when
    /// played the third time (xq 4.2.3).
    Draw,
    /// Forbidden to `side`: it must change, or it loses (xq 4.1.7).
    MustChange {
        /// The side that must change.
        side: Color,
        /// Why.
        reason: Prohibition,
    },
}

impl Ruling {
    /// The ruling a verdict on a cycle gives (`None` for no cycle or a
    /// question).
    #[must_use]
    pub const fn of(verdict: Verdict) -> Option<Ruling> {
        match verdict {
            Verdict::Draw => Some(Ruling::Draw),
            Verdict::MustChange { side, reason } => Some(Ruling::MustChange { side, reason }),
            Verdict::None | Verdict::ArbiterDecides { .. } => None,
        }
    }

    /// The side that must change under it, if any.
    #[must_use]
    pub const fn must_change(self) -> Option<Color> {
        match self {
            Ruling::Draw => None,
            Ruling::MustChange { side, .. } => Some(side),
        }
    }
}

impl fmt::Display for Ruling {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ruling::Draw => f.write_str("a draw when played the third time (xq 4.2.3)"),
            Ruling::MustChange { side, reason } => {
                write!(f, "{side} must change: {reason} (xq 4.1.7)")
            }
        }
    }
}

impl Verdict {
    /// Compares the two sides' conduct.
    #[must_use]
    pub fn of(red: Conduct, black: Conduct) -> Verdict {
        let rank = |c: Conduct| match c {
            Conduct::Allowed => 0,
            Conduct::Forbidden(p) => p.rank(),
        };
        let (r, b) = (rank(red), rank(black));
        let (side, conduct) = if r > b {
            (Color::Red, red)
        } else if b > r {
            (Color::Black, black)
        } else {
            return Verdict::Draw;
        };
        match conduct {
            Conduct::Forbidden(reason) => Verdict::MustChange { side, reason },
            Conduct::Allowed => Verdict::Draw,
        }
    }

    /// The article the verdict rests on, if any.
    #[must_use]
    pub const fn article(self) -> Option<&'static str> {
        match self {
            Verdict::None => None,
            Verdict::Draw => Some("4.2.3"),
            Verdict::MustChange { .. } | Verdict::ArbiterDecides { .. } => Some("4.1.7"),
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Verdict::None => f.write_str("no repetition"),
            Verdict::Draw => f.write_str("repetition allowed to both sides: a draw (xq 4.2.3)"),
            Verdict::MustChange { side, reason } => {
                write!(f, "{side} must change: {reason} (xq 4.1.7)")
            }
            Verdict::ArbiterDecides {
                doubt,
                if_for,
                if_against,
                ..
            } => write!(
                f,
                "the arbiter judges {doubt}: if so, {if_against}; if not, {if_for}"
            ),
        }
    }
}

/// One move of a cycle.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct CycleMove {
    /// Who played it.
    pub side: Color,
    /// The move.
    pub mv: Move,
    /// What it is.
    pub kind: MoveKind,
    /// The question it leaves to the arbiter, and what it would be if
    /// answered against its player ([`super::Reading::doubt`]).
    pub doubt: Option<(Doubt, MoveKind)>,
}

/// A cycle of moves that brought back an earlier position.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Cycle {
    /// The half-move (counted from the tracker's start, 0 = the start) at
    /// which the position stood before, the latest time.
    pub from_ply: usize,
    /// The moves since then, in order (at least four).
    pub moves: Vec<CycleMove>,
    /// How many times in a row, back from this one, a cycle back to the
    /// position has been played and judged alike (forbidden to the same
    /// side, or to neither): the count the third time is reached on. A
    /// playing judged otherwise (the forbidden side changed, then went
    /// back) ends the count.
    pub repetitions: u32,
}

impl Cycle {
    /// What the moves of one side are, in order.
    pub fn kinds_of(&self, side: Color) -> impl Iterator<Item = &MoveKind> {
        self.moves
            .iter()
            .filter(move |m| m.side == side)
            .map(|m| &m.kind)
    }

    /// One side's conduct in the cycle.
    #[must_use]
    pub fn conduct(&self, side: Color) -> Conduct {
        Conduct::of(self.kinds_of(side))
    }

    /// The verdict on the cycle, as the judge rules its moves (without
    /// the questions left to the arbiter; see [`Judgement::verdict`]).
    #[must_use]
    pub fn verdict(&self) -> Verdict {
        Verdict::of(self.conduct(Color::Red), self.conduct(Color::Black))
    }

    /// The verdict with the questions the rules leave to the arbiter:
    /// [`Cycle::verdict`], or [`Verdict::ArbiterDecides`] when a side's
    /// questions, answered against it, would give another verdict.
    #[must_use]
    pub fn verdict_with_questions(&self) -> Verdict {
        self.doubted(self.verdict())
    }

    /// `verdict` ([`Cycle::verdict`]), or [`Verdict::ArbiterDecides`] when
    /// answering one side's questions against it (the other side's moves
    /// as the judge reads them) would give another verdict. Red's questions
    /// are asked first when both sides have one that matters.
    pub(super) fn doubted(&self, verdict: Verdict) -> Verdict {
        let Some(if_for) = Ruling::of(verdict) else {
            return verdict;
        };
        let against = |side: Color| {
            Conduct::of(
                self.moves
                    .iter()
                    .filter(|m| m.side == side)
                    .map(|m| m.doubt.as_ref().map_or(&m.kind, |(_, attack)| attack)),
            )
        };
        for side in [Color::Red, Color::Black] {
            let Some(doubt) = self
                .moves
                .iter()
                .filter(|m| m.side == side)
                .find_map(|m| m.doubt.as_ref().map(|(d, _)| *d))
            else {
                continue;
            };
            let (red, black) = match side {
                Color::Red => (against(Color::Red), self.conduct(Color::Black)),
                Color::Black => (self.conduct(Color::Red), against(Color::Black)),
            };
            let Some(if_against) = Ruling::of(Verdict::of(red, black)) else {
                continue;
            };
            if if_against.must_change() != if_for.must_change() {
                return Verdict::ArbiterDecides {
                    side,
                    doubt,
                    if_for,
                    if_against,
                };
            }
        }
        verdict
    }
}

/// The prohibitions' judgement of the position just reached.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Judgement {
    /// The cycle, if the position stood before.
    pub cycle: Option<Cycle>,
    /// The verdict ([`Verdict::None`] when there is no cycle).
    pub verdict: Verdict,
}

impl Judgement {
    /// How many times the cycle has been played (0 without one).
    #[must_use]
    pub fn repetitions(&self) -> u32 {
        self.cycle.as_ref().map_or(0, |c| c.repetitions)
    }

    /// Whether the game is drawn by repetition now: a cycle forbidden to
    /// neither side (or to both alike) played the third time (xq 4.2.3).
    #[must_use]
    pub fn draw_due(&self) -> bool {
        self.verdict == Verdict::Draw && self.repetitions() >= CYCLE_LIMIT
    }
}

/// A move refused because it would play a cycle forbidden to the mover
/// the third time: the mover must change (xq 4.1.7).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Refusal {
    /// The side that must change (the mover).
    pub side: Color,
    /// The move refused.
    pub mv: Move,
    /// What is forbidden about the cycle.
    pub reason: Prohibition,
    /// The number of times the cycle would have been played.
    pub repetitions: u32,
}

impl Refusal {
    /// The article: xq 4.1.7.
    #[must_use]
    pub const fn article(self) -> &'static str {
        "4.1.7"
    }

    /// The time the cycle would be played, in words: "third", "4th".
    #[must_use]
    pub fn ordinal(self) -> String {
        match self.repetitions {
            1 => "first".to_owned(),
            2 => "second".to_owned(),
            3 => "third".to_owned(),
            n => format!("{n}th"),
        }
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "must change: {} would repeat {} for the {} time (xq 4.1.7)",
            self.mv,
            self.reason,
            self.ordinal()
        )
    }
}
