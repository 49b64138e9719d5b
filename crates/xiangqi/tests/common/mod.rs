//! A slow, obviously-correct reference move generator, written from the
//! movement rules directly on a [`Setup`] and sharing no code or tables with
//! the crate's generator. Tests compare the two.
#![allow(dead_code)]

use xiangqi::{Color, Move, Piece, Role, Setup, Square};

fn at(s: &Setup, f: i32, r: i32) -> Option<Piece> {
    Square::from_signed(f, r).and_then(|sq| s.piece_at(sq))
}

fn in_palace(c: Color, f: i32, r: i32) -> bool {
    let r = if c == Color::Red { r } else { 9 - r };
    (3..=5).contains(&f) && (0..=2).contains(&r)
}

fn own_half(c: Color, r: i32) -> bool {
    if c == Color::Red { r <= 4 } else { r >= 5 }
}

/// Number of pieces strictly between two points on one line.
fn between(s: &Setup, (ff, fr): (i32, i32), (tf, tr): (i32, i32)) -> usize {
    let (sf, sr) = ((tf - ff).signum(), (tr - fr).signum());
    let mut n = 0;
    let (mut f, mut r) = (ff + sf, fr + sr);
    while (f, r) != (tf, tr) {
        if at(s, f, r).is_some() {
            n += 1;
        }
        f += sf;
        r += sr;
    }
    n
}

/// Whether the piece on `from` may go to `to` by its movement rules (the
/// target empty or holding an opponent), ignoring its general's safety.
pub fn ref_pseudo(s: &Setup, from: Square, to: Square) -> bool {
    let Some(p) = s.piece_at(from) else {
        return false;
    };
    if from == to {
        return false;
    }
    let target = s.piece_at(to);
    if target.is_some_and(|t| t.color == p.color) {
        return false;
    }
    let (ff, fr) = (i32::from(from.file()), i32::from(from.rank()));
    let (tf, tr) = (i32::from(to.file()), i32::from(to.rank()));
    let (df, dr) = (tf - ff, tr - fr);
    match p.role {
        Role::General => df.abs() + dr.abs() == 1 && in_palace(p.color, tf, tr),
        Role::Advisor => df.abs() == 1 && dr.abs() == 1 && in_palace(p.color, tf, tr),
        Role::Elephant => {
            df.abs() == 2
                && dr.abs() == 2
                && own_half(p.color, tr)
                && at(s, ff + df / 2, fr + dr / 2).is_none()
        }
        Role::Horse => {
            if df.abs() == 1 && dr.abs() == 2 {
                at(s, ff, fr + dr / 2).is_none()
            } else if df.abs() == 2 && dr.abs() == 1 {
                at(s, ff + df / 2, fr).is_none()
            } else {
                false
            }
        }
        Role::Chariot => (df == 0) != (dr == 0) && between(s, (ff, fr), (tf, tr)) == 0,
        Role::Cannon => {
            (df == 0) != (dr == 0)
                && between(s, (ff, fr), (tf, tr)) == if target.is_some() { 1 } else { 0 }
        }
        Role::Soldier => {
            let fwd = if p.color == Color::Red { 1 } else { -1 };
            (df == 0 && dr == fwd) || (df.abs() == 1 && dr == 0 && !own_half(p.color, fr))
        }
    }
}

/// The setup after moving a piece from `m.from` to `m.to` and passing the turn.
pub fn ref_apply(s: &Setup, m: Move) -> Setup {
    let mut next = *s;
    let p = s.piece_at(m.from);
    next.set(m.to, p);
    next.set(m.from, None);
    next.turn = s.turn.opposite();
    next
}

fn general_of(s: &Setup, c: Color) -> Option<Square> {
    Square::all().find(|&sq| s.piece_at(sq) == Some(Piece::new(c, Role::General)))
}

/// Whether the generals face each other on an open file.
pub fn ref_facing(s: &Setup) -> bool {
    match (general_of(s, Color::Red), general_of(s, Color::Black)) {
        (Some(a), Some(b)) => {
            a.file() == b.file()
                && between(
                    s,
                    (i32::from(a.file()), i32::from(a.rank())),
                    (i32::from(b.file()), i32::from(b.rank())),
                ) == 0
        }
        _ => false,
    }
}

/// Whether some piece of the opponent of `c` could capture `c`'s general.
pub fn ref_attacked(s: &Setup, c: Color) -> bool {
    let Some(g) = general_of(s, c) else {
        return true;
    };
    Square::all().any(|sq| s.piece_at(sq).is_some_and(|p| p.color != c) && ref_pseudo(s, sq, g))
}

/// Every legal move, in from-to order.
pub fn ref_legal(s: &Setup) -> Vec<Move> {
    let mut out = Vec::new();
    for from in Square::all() {
        if s.piece_at(from).is_none_or(|p| p.color != s.turn) {
            continue;
        }
        for to in Square::all() {
            if ref_pseudo(s, from, to) {
                let m = Move::new(from, to);
                let next = ref_apply(s, m);
                if !ref_facing(&next) && !ref_attacked(&next, s.turn) {
                    out.push(m);
                }
            }
        }
    }
    out
}

/// Perft with the reference generator.
pub fn ref_perft(s: &Setup, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = ref_legal(s);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|&m| ref_perft(&ref_apply(s, m), depth - 1))
        .sum()
}
