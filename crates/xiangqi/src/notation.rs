//! What WXF and Chinese notation share: describing a move relative to the
//! mover (file numbered from the mover's right, forward / backward /
//! sideways, tandem pieces) and finding the move a description names.

use crate::moves::Move;
use crate::position::Position;
use crate::types::{Color, Piece, Role, Square};
use crate::verdict::IllegalReason;
use std::fmt;

/// Direction of a move as the mover sees it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Op {
    Forward,
    Backward,
    Sideways,
}

/// Which of several like pieces on one file.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Rank {
    /// The foremost.
    Front,
    /// The rearmost.
    Rear,
    /// The middle one of three or five.
    Middle,
    /// WXF `P+`: the front one of two or three, the second of four or five.
    WxfPlus,
    /// WXF `P-`: the rear one of two or three, the second-last of four or five.
    WxfMinus,
    /// The n-th from the front, 0-based (Chinese 一二三四五); when soldiers
    /// stand in tandem on two files, the n-th counted across both (see
    /// [`Described::across`]).
    Nth(u8),
}

impl Rank {
    fn matches(self, idx: usize, count: usize) -> bool {
        if count < 2 {
            return false;
        }
        match self {
            Rank::Front => idx == 0,
            Rank::Rear => idx + 1 == count,
            Rank::Middle => count % 2 == 1 && idx == count / 2,
            Rank::WxfPlus => idx == usize::from(count >= 4),
            Rank::WxfMinus => idx + 1 + usize::from(count >= 4) == count,
            Rank::Nth(n) => idx == usize::from(n),
        }
    }
}

/// How a description picks the piece.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Selector {
    /// The piece on that file (1–9 from the mover's right).
    File(u8),
    /// One of several like pieces on a file; the file is named only when
    /// soldiers stand in tandem on more than one file.
    Tandem { file: Option<u8>, rank: Rank },
}

/// A parsed move description.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Description {
    pub(crate) role: Role,
    pub(crate) selector: Selector,
    pub(crate) op: Op,
    /// The destination file (sideways moves and all advisor, elephant and
    /// horse moves) or the number of ranks moved.
    pub(crate) target: u8,
}

/// A move described for writing: everything a notation needs.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Described {
    pub(crate) piece: Piece,
    pub(crate) file: u8,
    pub(crate) op: Op,
    pub(crate) target: u8,
    /// Index from the front among like pieces on the file, and their count
    /// (count 1: no tandem).
    pub(crate) index: u8,
    pub(crate) count: u8,
    /// Whether soldiers of this side stand in tandem on more than one file.
    pub(crate) multi_file: bool,
    /// With `multi_file`: the soldier's index (0-based) when the soldiers of
    /// those files are counted file by file from the mover's right, each
    /// file front to back (XQBase's 一兵 … 五兵).
    pub(crate) across: u8,
}

impl Described {
    /// Whether the move is written with a tandem marker: two or more like
    /// pieces on the file, except advisors and elephants, whose direction
    /// already tells which one moves.
    pub(crate) fn tandem(&self) -> bool {
        self.count >= 2 && !matches!(self.piece.role, Role::Advisor | Role::Elephant)
    }
}

/// Why a WXF or Chinese move was refused.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum NotationError {
    /// The text is not a move in the notation; the reason says what is wrong.
    Malformed {
        /// The text.
        text: String,
        /// What is wrong.
        reason: &'static str,
    },
    /// No piece of the side to move fits the description.
    NoSuchPiece(String),
    /// More than one legal move fits (the tandem marker is missing).
    Ambiguous(String),
    /// The move described is against the rules.
    Illegal {
        /// The move.
        mv: Move,
        /// Why it is illegal.
        reason: IllegalReason,
    },
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotationError::Malformed { text, reason } => {
                write!(f, "malformed move '{text}': {reason}")
            }
            NotationError::NoSuchPiece(t) => {
                write!(f, "'{t}': no piece of the side to move can make that move")
            }
            NotationError::Ambiguous(t) => write!(
                f,
                "'{t}' is ambiguous: more than one piece can make it (name front or rear)"
            ),
            NotationError::Illegal { mv, reason } => write!(f, "illegal move {mv}: {reason}"),
        }
    }
}

impl std::error::Error for NotationError {}

/// The file number (1–9) of a board file from that side's right.
pub(crate) fn side_file(color: Color, file: u8) -> u8 {
    match color {
        Color::Red => 9 - file,
        Color::Black => file + 1,
    }
}

fn op_and_target(color: Color, role: Role, from: Square, to: Square) -> (Op, u8) {
    let (fr, tr) = (from.relative_rank(color), to.relative_rank(color));
    let to_file = side_file(color, to.file());
    if fr == tr {
        return (Op::Sideways, to_file);
    }
    let op = if tr > fr { Op::Forward } else { Op::Backward };
    let target = match role {
        Role::Advisor | Role::Elephant | Role::Horse => to_file,
        _ => tr.abs_diff(fr),
    };
    (op, target)
}

/// Like pieces on the file of `sq`, front first (from `color`'s view).
fn file_mates(pos: &Position, piece: Piece, sq: Square) -> ([Square; 10], usize) {
    let mut out = [sq; 10];
    let mut n = 0;
    for rank in 0..10u8 {
        let r = match piece.color {
            Color::Red => 9 - rank,
            Color::Black => rank,
        };
        if let Some(s) = Square::from_coords(sq.file(), r)
            && pos.piece_at(s) == Some(piece)
            && let Some(slot) = out.get_mut(n)
        {
            *slot = s;
            n += 1;
        }
    }
    (out, n)
}

/// The soldiers of `color` on files that hold two or more of them, file by
/// file from that side's right, each file front to back; and how many such
/// files there are.
fn tandem_soldiers(pos: &Position, color: Color) -> ([Option<Square>; 10], usize) {
    let soldier = Piece::new(color, Role::Soldier);
    let mut out = [None; 10];
    let mut n_out = 0usize;
    let mut files = 0;
    for n in 1..=9u8 {
        let file = match color {
            Color::Red => 9 - n,
            Color::Black => n - 1,
        };
        let Some(sq) = Square::from_coords(file, 0) else {
            continue;
        };
        let (mates, count) = file_mates(pos, soldier, sq);
        if count >= 2 {
            files += 1;
            for &s in mates.iter().take(count) {
                if let Some(slot) = out.get_mut(n_out) {
                    *slot = Some(s);
                    n_out += 1;
                }
            }
        }
    }
    (out, files)
}

/// Describes a move of the piece on `m.from` (which must hold a piece).
pub(crate) fn describe(pos: &Position, m: Move) -> Option<Described> {
    let piece = pos.piece_at(m.from)?;
    let (op, target) = op_and_target(piece.color, piece.role, m.from, m.to);
    let (mates, n) = file_mates(pos, piece, m.from);
    let index = mates.iter().take(n).position(|&s| s == m.from).unwrap_or(0);
    let (index, count) = (index as u8, n as u8);
    let (multi_file, across) = if piece.role == Role::Soldier && count >= 2 {
        let (order, files) = tandem_soldiers(pos, piece.color);
        let across = order.iter().position(|&s| s == Some(m.from)).unwrap_or(0);
        (files > 1, across as u8)
    } else {
        (false, 0)
    };
    Some(Described {
        piece,
        file: side_file(piece.color, m.from.file()),
        op,
        target,
        index,
        count,
        multi_file,
        across,
    })
}

fn fits(d: &Described, want: &Description) -> bool {
    if d.piece.role != want.role || d.op != want.op || d.target != want.target {
        return false;
    }
    match want.selector {
        Selector::File(f) => d.file == f,
        // Numbered soldiers on two files are counted across both.
        Selector::Tandem {
            file: None,
            rank: Rank::Nth(n),
        } if d.multi_file => d.across == n,
        Selector::Tandem { file, rank } => {
            file.is_none_or(|f| f == d.file)
                && rank.matches(usize::from(d.index), usize::from(d.count))
        }
    }
}

/// Finds the move a description names for the side to move.
pub(crate) fn resolve(
    pos: &Position,
    want: &Description,
    text: &str,
) -> Result<Move, NotationError> {
    let us = pos.turn();
    let mut legal: Option<Move> = None;
    let mut legal_count = 0usize;
    let mut middle: Option<Move> = None;
    let mut illegal: Option<(Move, IllegalReason)> = None;
    // A piece that moves along lines (general, chariot, cannon, soldier)
    // has one destination for a description ("K5+2": two points forward),
    // even when its kind cannot go there: that is the move attempted. (A
    // horse, elephant or advisor names only the destination's file; the
    // point is implied by the piece's own move, so a description it cannot
    // make names no single point.)
    let straight = matches!(
        want.role,
        Role::General | Role::Chariot | Role::Cannon | Role::Soldier
    );
    let mut unreachable: Option<(Move, IllegalReason)> = None;
    let mut unreachable_count = 0usize;
    for from in Square::all() {
        let Some(p) = pos.piece_at(from) else {
            continue;
        };
        if p.color != us || p.role != want.role {
            continue;
        }
        for to in Square::all() {
            let m = Move::new(from, to);
            let Some(d) = describe(pos, m) else {
                continue;
            };
            if from == to || !fits(&d, want) {
                continue;
            }
            match pos.why_illegal(m) {
                None => {
                    legal_count += 1;
                    legal = Some(m);
                    if d.count >= 3
                        && d.count % 2 == 1
                        && usize::from(d.index) == usize::from(d.count / 2)
                    {
                        middle = Some(m);
                    }
                }
                Some(reason @ IllegalReason::CannotMoveThere(_)) => {
                    // Forward and backward along its own file.
                    if straight && (d.op == Op::Sideways || from.file() == to.file()) {
                        unreachable_count += 1;
                        unreachable = Some((m, reason));
                    }
                }
                Some(reason) => {
                    if illegal.is_none() {
                        illegal = Some((m, reason));
                    }
                }
            }
        }
    }
    match (legal_count, legal, middle, illegal) {
        (1, Some(m), _, _) => Ok(m),
        // WXF and Chinese name the middle one of three or five soldiers by its file.
        (n, _, Some(m), _) if n > 1 && matches!(want.selector, Selector::File(_)) => Ok(m),
        (n, _, _, _) if n > 1 => Err(NotationError::Ambiguous(text.to_string())),
        (_, _, _, Some((mv, reason))) => Err(NotationError::Illegal { mv, reason }),
        _ => match unreachable {
            Some((mv, reason)) if unreachable_count == 1 => {
                Err(NotationError::Illegal { mv, reason })
            }
            _ => Err(NotationError::NoSuchPiece(text.to_string())),
        },
    }
}
