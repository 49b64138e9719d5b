//! `Position`: a legal position, its validation from a [`Setup`], making
//! moves (copy-make) and the Art. 10.10 repetition key.

use crate::attacks::{
    aligned, between, bishop_attacks, king_attacks, knight_attacks, pawn_attacks, rook_attacks,
};
use crate::bitboard::Bitboard;
use crate::moves::{self, Move};
use crate::setup::{FenError, STARTING_FEN, Setup};
use crate::types::{CastlingRights, CastlingSide, Color, Piece, Role, Square, king_home};
use crate::zobrist::KEYS;
use std::fmt;

/// A legal chess position: the board, side to move, castling rights, the
/// en-passant square and the two move counters.
///
/// Invariants (established by [`Position::from_setup`], kept by every move):
/// exactly one king per side, no pawn on the first or last rank, the side not
/// to move is not in check, each castling right has its king and rook on
/// their original squares, an en-passant square has the double-pushed pawn in
/// front of it and empty squares behind it, and `hash` is the Zobrist key of
/// pieces, side to move and castling rights.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) by_role: [Bitboard; 6],
    pub(crate) by_color: [Bitboard; 2],
    hash: u64,
    pub(crate) turn: Color,
    pub(crate) castling: CastlingRights,
    pub(crate) ep_square: Option<Square>,
    halfmove_clock: u32,
    fullmove_number: u32,
}

#[inline(always)]
fn piece_key(color: Color, role: Role, sq: Square) -> u64 {
    KEYS.piece[(color.index() * 8 + role.index()) & 15][sq.index() & 63]
}

/// Castling rights that survive a move touching each square (Art. 5.1(5)).
static CASTLING_KEEP: [u8; 64] = {
    let mut t = [15u8; 64];
    t[Square::E1.index()] = 15 & !3;
    t[Square::H1.index()] = 15 & !1;
    t[Square::A1.index()] = 15 & !2;
    t[Square::E8.index()] = 15 & !12;
    t[Square::H8.index()] = 15 & !4;
    t[Square::A8.index()] = 15 & !8;
    t
};

/// One reason a [`Setup`] is not a legal position.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum PositionProblem {
    /// That side has no king (Art. 2.1).
    MissingKing(Color),
    /// That side has more than one king.
    TooManyKings(Color),
    /// A pawn stands on the first or last rank (Art. 5.6: pawns start on the
    /// second rank, move forward only and are promoted on the last).
    PawnOnBackRank(Square),
    /// The side not to move is in check: the side to move could capture the
    /// king (Art. 9.1: no move may leave one's own king in check).
    OppositeCheck,
    /// More than 16 pieces of one colour (Art. 2.1).
    TooManyPieces(Color),
    /// More than 8 pawns of one colour.
    TooManyPawns(Color),
    /// More pieces beyond the initial set than missing pawns could have
    /// become by promotion.
    ImpossiblePromotions(Color),
    /// A castling right whose king or rook is not on its original square.
    BadCastlingRights(Color, CastlingSide),
    /// An en-passant square no two-square pawn advance could have produced.
    BadEnPassant(Square),
    /// The side to move is attacked by more than two pieces.
    TooManyCheckers,
    /// The checks on the side to move could not have come from one move.
    ImpossibleCheck,
}

impl fmt::Display for PositionProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionProblem::MissingKing(c) => write!(f, "{c} has no king"),
            PositionProblem::TooManyKings(c) => write!(f, "{c} has more than one king"),
            PositionProblem::PawnOnBackRank(sq) => {
                write!(
                    f,
                    "pawn on {sq}: pawns cannot stand on the first or last rank"
                )
            }
            PositionProblem::OppositeCheck => {
                write!(f, "the side not to move is in check")
            }
            PositionProblem::TooManyPieces(c) => write!(f, "{c} has more than 16 pieces"),
            PositionProblem::TooManyPawns(c) => write!(f, "{c} has more than 8 pawns"),
            PositionProblem::ImpossiblePromotions(c) => write!(
                f,
                "{c} has more extra pieces than its missing pawns could have been promoted to"
            ),
            PositionProblem::BadCastlingRights(c, side) => {
                let s = match side {
                    CastlingSide::KingSide => "king side",
                    CastlingSide::QueenSide => "queen side",
                };
                write!(
                    f,
                    "{c} castling right on the {s} needs the king on {} and the rook on {}",
                    king_home(*c),
                    side.rook_square(*c)
                )
            }
            PositionProblem::BadEnPassant(sq) => write!(
                f,
                "en-passant square {sq}: no two-square pawn advance could have produced it"
            ),
            PositionProblem::TooManyCheckers => {
                write!(f, "the king to move is attacked by more than two pieces")
            }
            PositionProblem::ImpossibleCheck => {
                write!(
                    f,
                    "the checks on the king to move could not have come from one move"
                )
            }
        }
    }
}

/// Why a FEN or [`Setup`] does not give a legal position.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum PositionError {
    /// The FEN is not well-formed.
    Fen(FenError),
    /// The FEN is well-formed but the position is impossible; every problem
    /// found is listed.
    Invalid(Vec<PositionProblem>),
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::Fen(e) => e.fmt(f),
            PositionError::Invalid(problems) => {
                f.write_str("illegal position: ")?;
                for (i, p) in problems.iter().enumerate() {
                    if i > 0 {
                        f.write_str("; ")?;
                    }
                    p.fmt(f)?;
                }
                Ok(())
            }
        }
    }
}

impl std::error::Error for PositionError {}

impl From<FenError> for PositionError {
    fn from(e: FenError) -> PositionError {
        PositionError::Fen(e)
    }
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

fn count_problems(setup: &Setup, problems: &mut Vec<PositionProblem>) {
    for color in Color::ALL {
        let mut n = [0usize; 6];
        let mut light_bishops = 0usize;
        let mut total = 0usize;
        for (i, p) in setup.board.iter().enumerate() {
            if let Some(p) = p
                && p.color == color
            {
                n[p.role.index()] += 1;
                total += 1;
                if p.role == Role::Bishop && Square::new(i as u8).is_some_and(Square::is_light) {
                    light_bishops += 1;
                }
            }
        }
        let kings = n[Role::King.index()];
        if kings == 0 {
            problems.push(PositionProblem::MissingKing(color));
        } else if kings > 1 {
            problems.push(PositionProblem::TooManyKings(color));
        }
        if total > 16 {
            problems.push(PositionProblem::TooManyPieces(color));
        }
        let pawns = n[Role::Pawn.index()];
        if pawns > 8 {
            problems.push(PositionProblem::TooManyPawns(color));
        } else {
            let dark_bishops = n[Role::Bishop.index()] - light_bishops;
            let extra = n[Role::Queen.index()].saturating_sub(1)
                + n[Role::Rook.index()].saturating_sub(2)
                + n[Role::Knight.index()].saturating_sub(2)
                + light_bishops.saturating_sub(1)
                + dark_bishops.saturating_sub(1);
            if pawns + extra > 8 {
                problems.push(PositionProblem::ImpossiblePromotions(color));
            }
        }
    }
    for (i, p) in setup.board.iter().enumerate() {
        if let Some(p) = p
            && p.role == Role::Pawn
            && let Some(sq) = Square::new(i as u8)
            && (sq.rank() == 0 || sq.rank() == 7)
        {
            problems.push(PositionProblem::PawnOnBackRank(sq));
        }
    }
}

impl Position {
    fn empty_with(setup: &Setup) -> Position {
        let mut pos = Position {
            by_role: [Bitboard::EMPTY; 6],
            by_color: [Bitboard::EMPTY; 2],
            hash: 0,
            turn: setup.turn,
            castling: setup.castling,
            ep_square: setup.ep_square,
            halfmove_clock: setup.halfmove_clock,
            fullmove_number: setup.fullmove_number,
        };
        for (i, p) in setup.board.iter().enumerate() {
            if let (Some(p), Some(sq)) = (p, Square::new(i as u8)) {
                pos.put(sq, p.color, p.role);
            }
        }
        pos.hash ^= KEYS.castling[usize::from(pos.castling.bits())];
        if pos.turn == Color::Black {
            pos.hash ^= KEYS.black_to_move;
        }
        pos
    }

    /// The initial position (Art. 2.3).
    #[must_use]
    pub fn startpos() -> Position {
        Position::empty_with(&Setup::startpos())
    }

    /// Parses FEN and checks that the position is legal.
    pub fn from_fen(fen: &str) -> Result<Position, PositionError> {
        Position::from_setup(Setup::from_fen(fen)?)
    }

    /// Checks a raw setup and turns it into a position, or lists every
    /// problem found.
    pub fn from_setup(setup: Setup) -> Result<Position, PositionError> {
        let mut problems = Vec::new();
        count_problems(&setup, &mut problems);
        let pos = Position::empty_with(&setup);
        let us = pos.turn;
        let them = us.other();

        for color in Color::ALL {
            for side in CastlingSide::ALL {
                if setup.castling.has(color, side)
                    && (pos.piece_at(king_home(color))
                        != Some(Piece {
                            color,
                            role: Role::King,
                        })
                        || pos.piece_at(side.rook_square(color))
                            != Some(Piece {
                                color,
                                role: Role::Rook,
                            }))
                {
                    problems.push(PositionProblem::BadCastlingRights(color, side));
                }
            }
        }

        // The en-passant square: behind a pawn of the side that just moved,
        // with the square it came from and the square it crossed empty.
        let mut ep_ok = false;
        if let Some(ep) = setup.ep_square {
            let (ep_rank, pushed, origin) = match us {
                Color::White => (5, ep.offset(-8), ep.offset(8)),
                Color::Black => (2, ep.offset(8), ep.offset(-8)),
            };
            ep_ok = ep.rank() == ep_rank
                && pos.piece_at(ep).is_none()
                && origin.is_some_and(|o| pos.piece_at(o).is_none())
                && pushed.is_some_and(|p| {
                    pos.piece_at(p)
                        == Some(Piece {
                            color: them,
                            role: Role::Pawn,
                        })
                });
            if !ep_ok {
                problems.push(PositionProblem::BadEnPassant(ep));
            }
        }

        let one_king_each = Color::ALL
            .iter()
            .all(|&c| (pos.pieces(c, Role::King)).count() == 1);
        if one_king_each {
            let their_king = pos.king_square(them);
            if pos.attackers(their_king, us, pos.occupied()).any() {
                problems.push(PositionProblem::OppositeCheck);
            }
            let king = pos.king_square(us);
            let checkers = pos.attackers(king, them, pos.occupied());
            let sliders = pos.by_role[Role::Bishop.index()]
                | pos.by_role[Role::Rook.index()]
                | pos.by_role[Role::Queen.index()];
            if checkers.count() > 2 {
                problems.push(PositionProblem::TooManyCheckers);
            } else if checkers.count() == 2 {
                let mut it = checkers;
                if let (Some(a), Some(b)) = (it.next(), it.next())
                    && (aligned(a, b, king) || (checkers & sliders).is_empty())
                {
                    problems.push(PositionProblem::ImpossibleCheck);
                }
            }
            if ep_ok
                && let Some(ep) = setup.ep_square
                && checkers.count() <= 2
            {
                // After a two-square advance every check comes from the
                // pawn itself or is discovered through its original square.
                let pushed = Square::from_index_masked(ep.index() as u32 ^ 8);
                let origin = Square::from_index_masked((2 * ep.index() - pushed.index()) as u32);
                let consistent = checkers.all_satisfy(|c| {
                    c == pushed || (sliders.contains(c) && between(king, c).contains(origin))
                });
                if !consistent && !problems.contains(&PositionProblem::ImpossibleCheck) {
                    problems.push(PositionProblem::ImpossibleCheck);
                }
            }
        }

        if problems.is_empty() {
            Ok(pos)
        } else {
            Err(PositionError::Invalid(problems))
        }
    }

    /// The raw setup of this position.
    #[must_use]
    pub fn to_setup(&self) -> Setup {
        let mut board = [None; 64];
        for (i, slot) in board.iter_mut().enumerate() {
            *slot = Square::new(i as u8).and_then(|sq| self.piece_at(sq));
        }
        Setup {
            board,
            turn: self.turn,
            castling: self.castling,
            ep_square: self.ep_square,
            halfmove_clock: self.halfmove_clock,
            fullmove_number: self.fullmove_number,
        }
    }

    /// Standard FEN. The en-passant square is written after every two-square
    /// pawn advance, as the PGN standard's FEN does.
    #[must_use]
    pub fn to_fen(&self) -> String {
        self.to_setup().to_fen()
    }

    /// The side to move.
    #[inline]
    #[must_use]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// What stands on `sq`.
    #[inline]
    #[must_use]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let role = self.role_at(sq)?;
        let color = if self.by_color[0].contains(sq) {
            Color::White
        } else {
            Color::Black
        };
        Some(Piece { color, role })
    }

    /// The role of the piece on `sq`, if any.
    #[inline]
    #[must_use]
    pub fn role_at(&self, sq: Square) -> Option<Role> {
        if !self.occupied().contains(sq) {
            return None;
        }
        Role::from_index(self.role_index_on(sq))
    }

    /// Where `color`'s king stands.
    #[inline]
    #[must_use]
    pub fn king_square(&self, color: Color) -> Square {
        self.pieces(color, Role::King).first().unwrap_or(Square::A1)
    }

    /// Remaining castling rights.
    #[inline]
    #[must_use]
    pub fn castling_rights(&self) -> CastlingRights {
        self.castling
    }

    /// The en-passant square as in FEN: set after every two-square advance,
    /// whether or not a capture is possible.
    #[inline]
    #[must_use]
    pub fn ep_square(&self) -> Option<Square> {
        self.ep_square
    }

    /// Half-moves since the last capture or pawn move (Art. 10.12).
    #[inline]
    #[must_use]
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove_clock
    }

    /// The full-move number.
    #[inline]
    #[must_use]
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove_number
    }

    /// All pieces of `color`.
    #[inline]
    #[must_use]
    pub fn by_color(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    /// All pieces of `role`, both colours.
    #[inline]
    #[must_use]
    pub fn by_role(&self, role: Role) -> Bitboard {
        self.by_role[role.index()]
    }

    /// The pieces of `color` and `role`.
    #[inline]
    #[must_use]
    pub fn pieces(&self, color: Color, role: Role) -> Bitboard {
        self.by_color[color.index()] & self.by_role[role.index()]
    }

    /// All occupied squares.
    #[inline]
    #[must_use]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    /// Pieces of `attacker` that attack `sq`, with `occ` as the occupancy.
    #[inline]
    #[must_use]
    pub fn attackers(&self, sq: Square, attacker: Color, occ: Bitboard) -> Bitboard {
        let r = &self.by_role;
        let queens = r[Role::Queen.index()];
        (knight_attacks(sq) & r[Role::Knight.index()]
            | king_attacks(sq) & r[Role::King.index()]
            | pawn_attacks(attacker.other(), sq) & r[Role::Pawn.index()]
            | rook_attacks(sq, occ) & (r[Role::Rook.index()] | queens)
            | bishop_attacks(sq, occ) & (r[Role::Bishop.index()] | queens))
            & self.by_color[attacker.index()]
    }

    /// The pieces giving check to the side to move (Art. 9.1).
    #[inline]
    #[must_use]
    pub fn checkers(&self) -> Bitboard {
        self.attackers(
            self.king_square(self.turn),
            self.turn.other(),
            self.occupied(),
        )
    }

    /// Whether the side to move is in check (Art. 9.1).
    #[inline]
    #[must_use]
    pub fn is_check(&self) -> bool {
        self.checkers().any()
    }

    /// The role index (0..6) of the piece on an occupied square, computed
    /// without branches from the role bitboards.
    #[inline(always)]
    fn role_index_on(&self, sq: Square) -> usize {
        let i = sq.index() & 63;
        let r = &self.by_role;
        let bit = |k: usize| ((r[k].0 >> i) & 1) as usize;
        bit(1) + 2 * bit(2) + 3 * bit(3) + 4 * bit(4) + 5 * bit(5)
    }

    #[inline(always)]
    fn put(&mut self, sq: Square, color: Color, role: Role) {
        let b = Bitboard::from_square(sq);
        self.by_role[role.index()] ^= b;
        self.by_color[color.index()] ^= b;
        self.hash ^= piece_key(color, role, sq);
    }

    /// Plays a move the caller knows to be legal in this position (a move
    /// from [`Position::legal_moves`], [`Position::parse_san`] or
    /// [`Position::parse_uci`] on this same position). Playing any other move
    /// leaves a meaningless (but memory-safe) position.
    #[inline]
    pub fn play_unchecked(&mut self, m: Move) {
        debug_assert!(self.is_legal(m), "illegal move {m} in {self:?}");
        self.play_inner(m);
    }

    /// Copy-make core: XORs the moved (and captured) piece bits; the moving
    /// piece's role comes with the move, the captured piece's is read from
    /// the bitboards without branches.
    #[inline(always)]
    pub(crate) fn play_inner(&mut self, m: Move) {
        let us = self.turn;
        let them = us.other();
        let u = us.index();
        let t = them.index();
        let from = m.from().index() & 63;
        let to = m.to().index() & 63;
        let from_bb = 1u64 << from;
        let to_bb = 1u64 << to;
        let role = m.role_index().min(5);
        let kind = m.kind();
        let mut hash = self.hash ^ KEYS.black_to_move ^ KEYS.piece[(u * 8 + role) & 15][from];
        self.by_color[u].0 ^= from_bb | to_bb;
        self.ep_square = None;
        // Art. 10.12's counter restarts on a capture or a pawn move.
        let reset = kind & 4 != 0 || role == Role::Pawn.index();
        self.halfmove_clock = if reset {
            0
        } else {
            self.halfmove_clock.saturating_add(1)
        };
        if kind == moves::QUIET {
            self.by_role[role].0 ^= from_bb | to_bb;
            hash ^= KEYS.piece[(u * 8 + role) & 15][to];
        } else {
            if kind & 4 != 0 {
                let (cap_sq, cap_role) = if kind == moves::EN_PASSANT {
                    (to ^ 8, Role::Pawn.index())
                } else {
                    (to, self.role_index_on(m.to()).min(5))
                };
                let b = 1u64 << cap_sq;
                self.by_role[cap_role].0 ^= b;
                self.by_color[t].0 ^= b;
                hash ^= KEYS.piece[(t * 8 + cap_role) & 15][cap_sq];
            }
            if let Some(promoted) = m.promotion() {
                self.by_role[Role::Pawn.index()].0 ^= from_bb;
                self.by_role[promoted.index()].0 ^= to_bb;
                hash ^= KEYS.piece[(u * 8 + promoted.index()) & 15][to];
            } else {
                self.by_role[role].0 ^= from_bb | to_bb;
                hash ^= KEYS.piece[(u * 8 + role) & 15][to];
                match kind {
                    moves::DOUBLE_PUSH => {
                        self.ep_square = Some(Square::from_index_masked(((from + to) / 2) as u32));
                    }
                    moves::CASTLE_KING | moves::CASTLE_QUEEN => {
                        let side = if kind == moves::CASTLE_KING {
                            CastlingSide::KingSide
                        } else {
                            CastlingSide::QueenSide
                        };
                        let (rf, rt) = (side.rook_square(us), side.rook_target(us));
                        let b = Bitboard::from_square(rf) | Bitboard::from_square(rt);
                        self.by_role[Role::Rook.index()] ^= b;
                        self.by_color[u] ^= b;
                        hash ^= piece_key(us, Role::Rook, rf) ^ piece_key(us, Role::Rook, rt);
                    }
                    _ => {}
                }
            }
        }
        let old = self.castling.bits();
        if old != 0 {
            let new = old & CASTLING_KEEP[from] & CASTLING_KEEP[to];
            self.castling = CastlingRights::from_bits(new);
            hash ^= KEYS.castling[usize::from(old)] ^ KEYS.castling[usize::from(new & 15)];
        }
        self.fullmove_number = self.fullmove_number.saturating_add(u as u32);
        self.turn = them;
        self.hash = hash;
    }

    /// The en-passant square if an en-passant capture is actually legal
    /// (the Art. 10.10 notion of "the right to capture en passant").
    #[must_use]
    pub fn legal_ep_square(&self) -> Option<Square> {
        let ep = self.ep_square?;
        let pawns = self.pieces(self.turn, Role::Pawn);
        if (pawn_attacks(self.turn.other(), ep) & pawns).is_empty() {
            return None;
        }
        // Nothing but an en-passant capture can reach the (empty) en-passant
        // square: the square below it holds the pawn that was just pushed.
        let mut counter = crate::movegen::Counter(0);
        self.generate(&mut counter, pawns, Bitboard::from_square(ep));
        if counter.0 > 0 { Some(ep) } else { None }
    }

    /// Hash of the Art. 10.10 identity of the position: side to move, pieces
    /// on squares, castling rights, and the en-passant file only when an
    /// en-passant capture is legal. Maintained incrementally by every move
    /// (the en-passant part is added on demand).
    #[must_use]
    pub fn repetition_key(&self) -> u64 {
        match self.legal_ep_square() {
            Some(ep) => self.hash ^ KEYS.ep_file[usize::from(ep.file())],
            None => self.hash,
        }
    }

    /// Exact Art. 10.10 comparison: same side to move, same pieces on the
    /// same squares, same castling rights and the same legal en-passant
    /// capture (if any).
    #[must_use]
    pub fn same_position(&self, other: &Position) -> bool {
        self.turn == other.turn
            && self.by_role == other.by_role
            && self.by_color == other.by_color
            && self.castling == other.castling
            && self.legal_ep_square() == other.legal_ep_square()
    }
}

trait AllSatisfy {
    fn all_satisfy(self, f: impl FnMut(Square) -> bool) -> bool;
}

impl AllSatisfy for Bitboard {
    fn all_satisfy(mut self, f: impl FnMut(Square) -> bool) -> bool {
        self.all(f)
    }
}

impl Position {
    /// The FEN of the initial position.
    pub const STARTING_FEN: &'static str = STARTING_FEN;
}
