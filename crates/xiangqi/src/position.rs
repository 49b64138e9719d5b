//! `Position`: a legal position, validation from a [`Setup`], move
//! generation, legality, making moves and outcomes.

mod movegen;

use crate::moves::Move;
use crate::setup::{Setup, SetupError, SetupProblem};
use crate::tables::{
    ADVISOR, ELEPHANT, GENERAL, HORSE_ATTACKERS, NONE, NORTH, RAYS, SOLDIER_ATTACKERS, SOUTH,
};
use crate::types::{Color, Piece, Role, SQUARES, Square};
use crate::verdict::{DrawReason, IllegalMove, IllegalReason, Outcome, PositionError, WinReason};
use crate::zobrist::KEYS;
use std::fmt;

const GENERAL_CODE: u8 = 1;
const ADVISOR_CODE: u8 = 2;
const ELEPHANT_CODE: u8 = 3;
const HORSE_CODE: u8 = 4;
const CHARIOT_CODE: u8 = 5;
const CANNON_CODE: u8 = 6;
const SOLDIER_CODE: u8 = 7;

#[inline(always)]
const fn color_bit(c: Color) -> u8 {
    (c as u8) << 3
}

/// `BITS[sq]`: the mask of one square (a load is cheaper than a 128-bit
/// shift, which takes several instructions).
static BITS: [u128; 128] = {
    let mut t = [0u128; 128];
    let mut s = 0;
    while s < 128 {
        t[s] = 1u128 << s;
        s += 1;
    }
    t
};

#[inline(always)]
fn bit(sq: u8) -> u128 {
    BITS[usize::from(sq & 127)]
}

#[inline(always)]
fn at(board: &[u8; SQUARES], sq: u8) -> u8 {
    board.get(usize::from(sq)).copied().unwrap_or(0)
}

/// A set of squares (a 90-bit mask).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct SquareSet(pub(crate) u128);

impl SquareSet {
    /// The empty set.
    pub const EMPTY: SquareSet = SquareSet(0);

    /// Whether the set holds the square.
    #[must_use]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 & (1u128 << sq.index()) != 0
    }

    /// Number of squares.
    #[must_use]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The squares, a0 first.
    pub fn iter(self) -> impl Iterator<Item = Square> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let i = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            Some(Square::from_index_unchecked(i))
        })
    }

    pub(crate) fn insert(&mut self, sq: u8) {
        self.0 |= bit(sq);
    }
}

impl fmt::Debug for SquareSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

/// A legal Xiangqi position: the board, the side to move and the two move
/// counters.
///
/// Invariants (established by [`Position::from_setup`], kept by every move):
/// exactly one general per side, inside its palace; advisors and elephants
/// only on their points; soldiers never behind their starting places; at
/// most 2 advisors, elephants, horses, chariots and cannons and 5 soldiers a
/// side; the side not to move is not in check and the generals do not face
/// each other; `occupied` and `generals` agree with `board`; `hash` is the
/// Zobrist key of the pieces and the side to move.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    board: [u8; SQUARES],
    occupied: [u128; 2],
    generals: [Square; 2],
    /// Horses, chariots, cannons and soldiers of both sides (see
    /// `movegen::role_slot`).
    roles: [u128; 4],
    hash: u64,
    turn: Color,
    halfmove_clock: u32,
    fullmove_number: u32,
}

/// How a move would leave the mover's general, if not safe.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Exposure {
    /// The generals face each other.
    Facing,
    /// The general is attacked.
    Attacked,
}

impl Default for Position {
    fn default() -> Position {
        Position::startpos()
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.to_fen())
    }
}

impl fmt::Display for Position {
    /// FEN.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_fen())
    }
}

/// Whether the general of `us` on `g` is attacked or faces the other
/// general, on this board.
#[inline]
pub(crate) fn exposure(board: &[u8; SQUARES], g: Square, us: Color) -> Option<Exposure> {
    let them = color_bit(us.opposite());
    let rays = &RAYS[g.index()];
    let mut attacked = false;
    let mut facing = false;
    for (dir, ray) in rays.iter().enumerate() {
        let mut screen = false;
        for &s in ray.squares.iter().take(usize::from(ray.len)) {
            let p = at(board, s);
            if p == 0 {
                continue;
            }
            if screen {
                if p == (CANNON_CODE | them) {
                    attacked = true;
                }
                break;
            }
            if p == (CHARIOT_CODE | them) {
                attacked = true;
            } else if p == (GENERAL_CODE | them) && (dir == NORTH || dir == SOUTH) {
                facing = true;
            }
            screen = true;
        }
    }
    if facing {
        return Some(Exposure::Facing);
    }
    if attacked {
        return Some(Exposure::Attacked);
    }
    for &(leg, h) in &HORSE_ATTACKERS[g.index()] {
        if leg == NONE {
            break;
        }
        if at(board, leg) == 0 && at(board, h) == (HORSE_CODE | them) {
            return Some(Exposure::Attacked);
        }
    }
    for &s in &SOLDIER_ATTACKERS[us.opposite().index()][g.index()] {
        if s == NONE {
            break;
        }
        if at(board, s) == (SOLDIER_CODE | them) {
            return Some(Exposure::Attacked);
        }
    }
    None
}

impl Position {
    /// The initial position, Red to move.
    #[must_use]
    pub fn startpos() -> Position {
        match Position::from_setup(&Setup::startpos()) {
            Ok(p) => p,
            // Unreachable: the start position is valid (tested).
            Err(_) => Position::empty_unchecked(),
        }
    }

    fn empty_unchecked() -> Position {
        Position {
            board: [0; SQUARES],
            occupied: [0; 2],
            generals: [
                Square::from_index_unchecked(4),
                Square::from_index_unchecked(85),
            ],
            roles: [0; 4],
            hash: 0,
            turn: Color::Red,
            halfmove_clock: 0,
            fullmove_number: 1,
        }
    }

    /// Validates a setup, naming every problem found.
    pub fn from_setup(setup: &Setup) -> Result<Position, SetupError> {
        let mut problems = Vec::new();
        let mut counts = [[0u8; 7]; 2];
        let mut pos = Position::empty_unchecked();
        pos.turn = setup.turn;
        pos.halfmove_clock = setup.halfmove_clock;
        pos.fullmove_number = setup.fullmove_number.max(1);
        for sq in Square::all() {
            let Some(piece) = setup.board.get(sq.index()).copied().flatten() else {
                continue;
            };
            let c = piece.color;
            if let Some(n) = counts
                .get_mut(c.index())
                .and_then(|r| r.get_mut(piece.role.index()))
            {
                *n = n.saturating_add(1);
            }
            match piece.role {
                Role::General => {
                    if !sq.in_palace(c) {
                        problems.push(SetupProblem::GeneralOutsidePalace(c, sq));
                    }
                    if let Some(g) = pos.generals.get_mut(c.index()) {
                        *g = sq;
                    }
                }
                Role::Advisor => {
                    if !crate::setup::is_advisor_point(c, sq) {
                        problems.push(SetupProblem::AdvisorOffPoint(c, sq));
                    }
                }
                Role::Elephant => {
                    if !crate::setup::is_elephant_point(c, sq) {
                        problems.push(SetupProblem::ElephantOffPoint(c, sq));
                    }
                }
                Role::Soldier => {
                    let rr = sq.relative_rank(c);
                    if rr < 3 {
                        problems.push(SetupProblem::SoldierBehindStart(c, sq));
                    } else if rr < 5 && sq.file() % 2 == 1 {
                        problems.push(SetupProblem::SoldierOffStartFile(c, sq));
                    }
                }
                Role::Horse | Role::Chariot | Role::Cannon => {}
            }
            let code = piece.code();
            if let Some(b) = pos.board.get_mut(sq.index()) {
                *b = code;
            }
            if let Some(o) = pos.occupied.get_mut(c.index()) {
                *o |= bit(sq.index() as u8);
            }
            if let Some(r) = movegen::role_slot(code).and_then(|i| pos.roles.get_mut(i)) {
                *r |= bit(sq.index() as u8);
            }
            pos.hash ^= piece_key(code, sq);
        }
        for c in Color::ALL {
            for role in Role::ALL {
                let n = counts[c.index()][role.index()];
                let max = match role {
                    Role::General => 1,
                    Role::Soldier => 5,
                    _ => 2,
                };
                if role == Role::General && n == 0 {
                    problems.push(SetupProblem::MissingGeneral(c));
                } else if n > max {
                    problems.push(SetupProblem::TooMany(c, role, n));
                }
            }
        }
        if pos.turn == Color::Black {
            pos.hash ^= KEYS.black_to_move;
        }
        let generals_ok = Color::ALL.iter().all(|c| {
            counts[c.index()][Role::General.index()] == 1 && pos.generals[c.index()].in_palace(*c)
        });
        if generals_ok {
            let them = pos.turn.opposite();
            let g = pos.generals[them.index()];
            if exposure(&pos.board, g, them) == Some(Exposure::Facing) {
                problems.push(SetupProblem::GeneralsFacing);
            }
            // Only chariots, cannons, horses and soldiers can reach a general
            // in its palace, so any attacker found here gives check.
            if !attackers_on(&pos.board, g, pos.turn).is_empty() {
                problems.push(SetupProblem::OppositeCheck(them));
            }
        }
        if problems.is_empty() {
            Ok(pos)
        } else {
            Err(SetupError { problems })
        }
    }

    /// Parses FEN and validates the position.
    pub fn from_fen(fen: &str) -> Result<Position, PositionError> {
        let setup = Setup::from_fen(fen)?;
        Ok(Position::from_setup(&setup)?)
    }

    /// The position as a raw [`Setup`].
    #[must_use]
    pub fn to_setup(&self) -> Setup {
        let mut setup = Setup::empty();
        for (slot, &code) in setup.board.iter_mut().zip(self.board.iter()) {
            *slot = Piece::from_code(code);
        }
        setup.turn = self.turn;
        setup.halfmove_clock = self.halfmove_clock;
        setup.fullmove_number = self.fullmove_number;
        setup
    }

    /// FEN in the standard form (see [`Setup::to_fen`]).
    #[must_use]
    pub fn to_fen(&self) -> String {
        self.to_setup().to_fen()
    }

    /// The piece on a point.
    #[must_use]
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        Piece::from_code(at(&self.board, sq.index() as u8))
    }

    /// The side to move.
    #[must_use]
    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// Where that side's general stands.
    #[must_use]
    #[inline]
    pub fn general(&self, color: Color) -> Square {
        self.generals[color.index()]
    }

    /// The points occupied by that side.
    #[must_use]
    pub fn occupied_by(&self, color: Color) -> SquareSet {
        SquareSet(self.occupied[color.index()])
    }

    /// The Zobrist key of the pieces and the side to move (not the counters).
    #[must_use]
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The Zobrist key computed from scratch (equals [`Position::hash`]).
    #[must_use]
    pub fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for sq in Square::all() {
            let code = at(&self.board, sq.index() as u8);
            if code != 0 {
                h ^= piece_key(code, sq);
            }
        }
        if self.turn == Color::Black {
            h ^= KEYS.black_to_move;
        }
        h
    }

    /// Half-moves since the last capture: the natural move limit (xq 4.2.4)
    /// counts moves without a capture, so only captures reset it.
    #[must_use]
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove_clock
    }

    /// The move number: starts at 1, incremented after Black's move.
    #[must_use]
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove_number
    }

    /// Whether the side to move is in check.
    #[must_use]
    pub fn is_check(&self) -> bool {
        self.in_check_fast()
    }

    #[inline]
    fn exposure_after(&self, board: &mut [u8; SQUARES], m: Move) -> Option<Exposure> {
        let us = self.turn;
        let (from, to) = (m.from.index(), m.to.index());
        let moving = board.get(from).copied().unwrap_or(0);
        let captured = board.get(to).copied().unwrap_or(0);
        let g = if moving & 7 == GENERAL_CODE {
            m.to
        } else {
            self.generals[us.index()]
        };
        if let Some(b) = board.get_mut(to) {
            *b = moving;
        }
        if let Some(b) = board.get_mut(from) {
            *b = 0;
        }
        let e = exposure(board, g, us);
        if let Some(b) = board.get_mut(from) {
            *b = moving;
        }
        if let Some(b) = board.get_mut(to) {
            *b = captured;
        }
        e
    }

    /// Why `m` is illegal here, or `None` if it is legal.
    #[must_use]
    pub fn why_illegal(&self, m: Move) -> Option<IllegalReason> {
        let Some(piece) = self.piece_at(m.from) else {
            return Some(IllegalReason::NoPiece(m.from));
        };
        if piece.color != self.turn {
            return Some(IllegalReason::NotYourPiece(m.from));
        }
        if let Some(r) = self.movement_problem(piece, m) {
            return Some(r);
        }
        if let Some(p) = self.piece_at(m.to)
            && p.color == piece.color
        {
            return Some(IllegalReason::OwnPieceOnTarget(m.to));
        }
        let mut board = self.board;
        match self.exposure_after(&mut board, m) {
            Some(Exposure::Facing) => Some(IllegalReason::GeneralsFacing),
            Some(Exposure::Attacked) => Some(IllegalReason::GeneralAttacked),
            None => None,
        }
    }

    /// Checks the shape of the move and what stands in its way.
    fn movement_problem(&self, piece: Piece, m: Move) -> Option<IllegalReason> {
        let (ff, fr) = (i32::from(m.from.file()), i32::from(m.from.rank()));
        let (tf, tr) = (i32::from(m.to.file()), i32::from(m.to.rank()));
        let (df, dr) = (tf - ff, tr - fr);
        let role = piece.role;
        let c = piece.color;
        let cannot = Some(IllegalReason::CannotMoveThere(role));
        let occupied = |f: i32, r: i32| -> Option<Square> {
            Square::from_signed(f, r).filter(|s| self.piece_at(*s).is_some())
        };
        match role {
            Role::General | Role::Advisor => {
                let shape = if role == Role::General {
                    df.abs() + dr.abs() == 1
                } else {
                    df.abs() == 1 && dr.abs() == 1
                };
                if !shape {
                    return cannot;
                }
                if !m.to.in_palace(c) {
                    return Some(IllegalReason::LeavesPalace(role));
                }
                None
            }
            Role::Elephant => {
                if df.abs() != 2 || dr.abs() != 2 {
                    return cannot;
                }
                if !m.to.on_own_side(c) {
                    return Some(IllegalReason::ElephantCrossesRiver);
                }
                occupied(ff + df / 2, fr + dr / 2).map(IllegalReason::ElephantEyeBlocked)
            }
            Role::Horse => {
                let leg = if df.abs() == 1 && dr.abs() == 2 {
                    (ff, fr + dr / 2)
                } else if df.abs() == 2 && dr.abs() == 1 {
                    (ff + df / 2, fr)
                } else {
                    return cannot;
                };
                occupied(leg.0, leg.1).map(IllegalReason::HorseLegBlocked)
            }
            Role::Chariot | Role::Cannon => {
                if (df == 0) == (dr == 0) {
                    return cannot;
                }
                let (sf, sr) = (df.signum(), dr.signum());
                let mut between = 0u8;
                let mut first = None;
                let (mut f, mut r) = (ff + sf, fr + sr);
                while (f, r) != (tf, tr) {
                    if let Some(s) = occupied(f, r) {
                        between += 1;
                        first = first.or(Some(s));
                    }
                    f += sf;
                    r += sr;
                }
                let capture = self.piece_at(m.to).is_some_and(|p| p.color != c);
                if role == Role::Cannon && capture {
                    (between != 1).then_some(IllegalReason::CannonScreen(between))
                } else {
                    first.map(IllegalReason::PathBlocked)
                }
            }
            Role::Soldier => {
                let fwd = if c == Color::Red { 1 } else { -1 };
                if df == 0 && dr == fwd {
                    None
                } else if df == 0 && dr == -fwd {
                    Some(IllegalReason::SoldierBackward)
                } else if df.abs() == 1 && dr == 0 {
                    if m.from.on_own_side(c) {
                        Some(IllegalReason::SoldierSidewaysBeforeRiver)
                    } else {
                        None
                    }
                } else {
                    cannot
                }
            }
        }
    }

    /// Whether `m` is legal here.
    #[must_use]
    pub fn is_legal(&self, m: Move) -> bool {
        self.why_illegal(m).is_none()
    }

    /// Plays a move after checking it is legal (copy-make).
    pub fn play(&self, m: Move) -> Result<Position, IllegalMove> {
        match self.why_illegal(m) {
            Some(reason) => Err(IllegalMove { mv: m, reason }),
            None => {
                let mut p = *self;
                p.play_unchecked(m);
                Ok(p)
            }
        }
    }

    /// The same position with the other side to move, as if the side to
    /// move passed: what the repetition rules ask when they judge a threat
    /// ("could it capture, or mate, on its next move?"). The side to move
    /// must not be in check (a position where the other side's general is
    /// attacked is not one a game can reach).
    #[must_use]
    pub(crate) fn passed(&self) -> Position {
        let mut p = *self;
        p.hash ^= KEYS.black_to_move;
        p.turn = self.turn.opposite();
        p
    }

    /// Plays a move known to be legal (from [`Position::legal_moves`]) in
    /// place. An illegal move leaves a position that breaks the invariants
    /// but never panics.
    pub fn play_unchecked(&mut self, m: Move) {
        let us = self.turn;
        let (from, to) = (m.from.index(), m.to.index());
        let moving = self.board.get(from).copied().unwrap_or(0);
        let captured = self.board.get(to).copied().unwrap_or(0);
        self.hash ^= piece_key(moving, m.from) ^ piece_key(moving, m.to) ^ KEYS.black_to_move;
        if captured != 0 {
            self.hash ^= piece_key(captured, m.to);
            if let Some(o) = self.occupied.get_mut(usize::from(captured >> 3)) {
                *o &= !bit(to as u8);
            }
            if let Some(r) = movegen::role_slot(captured).and_then(|i| self.roles.get_mut(i)) {
                *r &= !bit(to as u8);
            }
            self.halfmove_clock = 0;
        } else {
            self.halfmove_clock = self.halfmove_clock.saturating_add(1);
        }
        if let Some(o) = self.occupied.get_mut(us.index()) {
            *o ^= bit(from as u8) | bit(to as u8);
        }
        if let Some(r) = movegen::role_slot(moving).and_then(|i| self.roles.get_mut(i)) {
            *r ^= bit(from as u8) | bit(to as u8);
        }
        if let Some(b) = self.board.get_mut(to) {
            *b = moving;
        }
        if let Some(b) = self.board.get_mut(from) {
            *b = 0;
        }
        if moving & 7 == GENERAL_CODE {
            self.generals[us.index()] = m.to;
        }
        if us == Color::Black {
            self.fullmove_number = self.fullmove_number.saturating_add(1);
        }
        self.turn = us.opposite();
    }

    /// The result the position itself decides, if any: no legal move loses
    /// for the side to move — checkmate (xq 4.1.1) or stalemate (xq 4.1.3);
    /// otherwise, if neither side has a chariot, horse, cannon or soldier,
    /// the game is drawn (xq 4.2.1). Repetition and the natural move limit
    /// need the game's history and are not judged here.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        if !self.has_legal_moves() {
            let reason = if self.is_check() {
                WinReason::Checkmate
            } else {
                WinReason::Stalemate
            };
            return Some(Outcome::Win {
                winner: self.turn.opposite(),
                reason,
            });
        }
        if self.is_dead_position() {
            return Some(Outcome::Draw(DrawReason::DeadPosition));
        }
        None
    }

    /// Whether neither side has a chariot, horse, cannon or soldier
    /// (xq 4.2.1).
    #[must_use]
    pub fn is_dead_position(&self) -> bool {
        self.board.iter().all(|&c| {
            !matches!(
                c & 7,
                HORSE_CODE | CHARIOT_CODE | CANNON_CODE | SOLDIER_CODE
            )
        })
    }

    pub(crate) fn board_array(&self) -> &[u8; SQUARES] {
        &self.board
    }

    /// The pieces of colour `by` that could capture on `sq` by their movement
    /// rules (whatever stands on `sq`), ignoring the safety of their own
    /// general. The general counts only for its one-step moves in the palace.
    #[must_use]
    pub fn attackers(&self, sq: Square, by: Color) -> SquareSet {
        attackers_on(&self.board, sq, by)
    }
}

/// See [`Position::attackers`].
pub(crate) fn attackers_on(board: &[u8; SQUARES], sq: Square, by: Color) -> SquareSet {
    let cb = color_bit(by);
    let i = sq.index();
    let mut set = SquareSet::EMPTY;
    for ray in &RAYS[i] {
        let mut screen = false;
        for &s in ray.squares.iter().take(usize::from(ray.len)) {
            let p = at(board, s);
            if p == 0 {
                continue;
            }
            if screen {
                if p == (CANNON_CODE | cb) {
                    set.insert(s);
                }
                break;
            }
            if p == (CHARIOT_CODE | cb) {
                set.insert(s);
            }
            screen = true;
        }
    }
    for &(leg, h) in &HORSE_ATTACKERS[i] {
        if leg == NONE {
            break;
        }
        if at(board, leg) == 0 && at(board, h) == (HORSE_CODE | cb) {
            set.insert(h);
        }
    }
    for &s in &SOLDIER_ATTACKERS[by.index()][i] {
        if s == NONE {
            break;
        }
        if at(board, s) == (SOLDIER_CODE | cb) {
            set.insert(s);
        }
    }
    if sq.in_palace(by) {
        for &s in &ADVISOR[i] {
            if s != NONE && at(board, s) == (ADVISOR_CODE | cb) {
                set.insert(s);
            }
        }
        for &s in &GENERAL[i] {
            if s != NONE && at(board, s) == (GENERAL_CODE | cb) {
                set.insert(s);
            }
        }
    }
    if sq.on_own_side(by) {
        for &(eye, s) in &ELEPHANT[i] {
            if s != NONE && at(board, eye) == 0 && at(board, s) == (ELEPHANT_CODE | cb) {
                set.insert(s);
            }
        }
    }
    set
}

#[inline(always)]
fn piece_key(code: u8, sq: Square) -> u64 {
    KEYS.piece[usize::from(code & 15)]
        .get(sq.index())
        .copied()
        .unwrap_or(0)
}
