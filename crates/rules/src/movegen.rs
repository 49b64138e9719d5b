//! Legal move generation with check and pin masks (no make/unmake testing).
//!
//! One generic routine, [`Position::generate`], feeds sets of destination
//! squares to a [`Sink`]: the list sink expands them into moves, the counting
//! sink only adds up population counts. That is what makes bulk counting
//! ([`Position::count_legal_moves`]) fast.
//!
//! Legality: a king may step only to squares no enemy piece attacks with the
//! king itself removed from the board (Art. 5.1(1), 9.1). With two checkers
//! only the king moves; with one, other pieces must capture the checker or
//! block (the check mask). A piece pinned to its king moves only along the
//! pin line. En passant (Art. 5.6(3)) is checked by recomputing slider
//! attacks on the king with both pawns gone — the horizontal-pin case.
//! Castling (Art. 5.1(2), (5), (6)) needs the right, empty squares between
//! king and rook, and no attack on the king's square, the square it crosses
//! or the square it lands on.

use crate::attacks::{
    Sliders, between, bishop_rays, king_attacks, knight_attacks, line, pawn_attacks, rook_rays,
};
use crate::bitboard::Bitboard;
use crate::moves::{self, Move, MoveList};
use crate::position::Position;
use crate::types::{CastlingSide, Color, Role, Square};

/// Receives generated moves as (from, set of destinations) groups.
pub(crate) trait Sink {
    /// A knight, bishop, rook, queen or king on `from` may move to each
    /// square of `targets`; those in `theirs` are captures.
    fn piece(&mut self, role: Role, from: Square, targets: Bitboard, theirs: Bitboard);
    /// Pawn moves to each of `targets`, coming from `to - delta`.
    fn pawns(&mut self, targets: Bitboard, delta: i8, kind: u16);
    /// Promotions (four moves each) to each of `targets` from `to - delta`.
    fn promotions(&mut self, targets: Bitboard, delta: i8, capture: bool);
    /// One special move (castling, en passant).
    fn single(&mut self, m: Move);
}

/// Counts moves without listing them.
pub(crate) struct Counter(pub usize);

impl Sink for Counter {
    #[inline(always)]
    fn piece(&mut self, _role: Role, _from: Square, targets: Bitboard, _theirs: Bitboard) {
        self.0 += targets.count();
    }
    #[inline(always)]
    fn pawns(&mut self, targets: Bitboard, _delta: i8, _kind: u16) {
        self.0 += targets.count();
    }
    #[inline(always)]
    fn promotions(&mut self, targets: Bitboard, _delta: i8, _capture: bool) {
        self.0 += 4 * targets.count();
    }
    #[inline(always)]
    fn single(&mut self, _m: Move) {
        self.0 += 1;
    }
}

impl Sink for MoveList {
    #[inline(always)]
    fn piece(&mut self, role: Role, from: Square, targets: Bitboard, theirs: Bitboard) {
        for to in targets & theirs {
            self.push(Move::new(from, to, moves::CAPTURE, role));
        }
        for to in targets & !theirs {
            self.push(Move::new(from, to, moves::QUIET, role));
        }
    }
    #[inline(always)]
    fn pawns(&mut self, targets: Bitboard, delta: i8, kind: u16) {
        for to in targets {
            let from = Square::from_index_masked((to.index() as i32 - i32::from(delta)) as u32);
            self.push(Move::new(from, to, kind, Role::Pawn));
        }
    }
    #[inline(always)]
    fn promotions(&mut self, targets: Bitboard, delta: i8, capture: bool) {
        for to in targets {
            let from = Square::from_index_masked((to.index() as i32 - i32::from(delta)) as u32);
            for role in Role::PROMOTIONS {
                self.push(Move::promotion_move(from, to, capture, role));
            }
        }
    }
    #[inline(always)]
    fn single(&mut self, m: Move) {
        self.push(m);
    }
}

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = FILE_A << 7;

impl Position {
    /// Squares attacked by `attacker` as far as a king on `sq` would care,
    /// with occupancy `occ` (the moving king already taken off).
    #[inline(always)]
    fn king_square_attacked(
        &self,
        sl: Sliders,
        sq: Square,
        attacker: Color,
        occ: Bitboard,
    ) -> bool {
        let r = &self.by_role;
        let theirs = self.by_color[attacker.index()];
        let queens = r[Role::Queen.index()];
        ((knight_attacks(sq) & r[Role::Knight.index()]
            | pawn_attacks(attacker.other(), sq) & r[Role::Pawn.index()]
            | king_attacks(sq) & r[Role::King.index()])
            & theirs)
            .any()
            || (sl.rook(sq, occ) & (r[Role::Rook.index()] | queens) & theirs).any()
            || (sl.bishop(sq, occ) & (r[Role::Bishop.index()] | queens) & theirs).any()
    }

    /// Generates every legal move whose piece stands in `from_mask` and
    /// whose destination (the king's, for castling) is in `to_mask`.
    #[inline(always)]
    pub(crate) fn generate<S: Sink>(&self, sink: &mut S, from_mask: Bitboard, to_mask: Bitboard) {
        self.generate_with(Sliders::get(), sink, from_mask, to_mask);
    }

    /// [`Position::generate`] with the sliding-attack table already at hand
    /// (a caller generating once per move, as the PGN replayer does, fetches
    /// it once).
    #[inline(always)]
    pub(crate) fn generate_with<S: Sink>(
        &self,
        sl: Sliders,
        sink: &mut S,
        from_mask: Bitboard,
        to_mask: Bitboard,
    ) {
        let us = self.turn;
        let them = us.other();
        let ours = self.by_color[us.index()];
        let theirs = self.by_color[them.index()];
        let occ = ours | theirs;
        let r = &self.by_role;
        let king = (r[Role::King.index()] & ours).first().unwrap_or(Square::A1);
        let queens = r[Role::Queen.index()];
        let diag = (r[Role::Bishop.index()] | queens) & theirs;
        let orth = (r[Role::Rook.index()] | queens) & theirs;

        let checkers = (knight_attacks(king) & r[Role::Knight.index()]
            | pawn_attacks(us, king) & r[Role::Pawn.index()]
            | sl.rook(king, occ) & orth
            | sl.bishop(king, occ) & diag)
            & theirs;

        // King steps (Art. 5.1(1)).
        if from_mask.contains(king) {
            let occ_without_king = occ.without(king);
            let mut legal = Bitboard::EMPTY;
            // Squares attacked by enemy pawns, knights and king, in bulk.
            let their_pawns = r[Role::Pawn.index()].0 & theirs.0;
            let mut danger = match them {
                Color::White => ((their_pawns & !FILE_A) << 7) | ((their_pawns & !FILE_H) << 9),
                Color::Black => ((their_pawns & !FILE_H) >> 7) | ((their_pawns & !FILE_A) >> 9),
            };
            for n in r[Role::Knight.index()] & theirs {
                danger |= knight_attacks(n).0;
            }
            for k in r[Role::King.index()] & theirs {
                danger |= king_attacks(k).0;
            }
            for to in king_attacks(king) & !ours & to_mask & !Bitboard(danger) {
                let orth_hit =
                    (rook_rays(to) & orth).any() && (sl.rook(to, occ_without_king) & orth).any();
                let diag_hit = (bishop_rays(to) & diag).any()
                    && (sl.bishop(to, occ_without_king) & diag).any();
                if !orth_hit && !diag_hit {
                    legal = legal.with(to);
                }
            }
            sink.piece(Role::King, king, legal, theirs);
        }

        if checkers.more_than_one() {
            return;
        }
        let check_mask = match checkers.first() {
            Some(c) => between(king, c).with(c),
            None => Bitboard::FULL,
        };
        let target = !ours & check_mask & to_mask;

        // Pins: an enemy slider on a line with our king and exactly one of
        // our pieces between them.
        let mut pinned = Bitboard::EMPTY;
        let snipers = (rook_rays(king) & orth) | (bishop_rays(king) & diag);
        for s in snipers {
            let b = between(king, s) & occ;
            if !b.more_than_one() && (b & ours).any() {
                pinned |= b;
            }
        }

        let movable = ours & from_mask;
        for from in r[Role::Knight.index()] & movable & !pinned {
            sink.piece(Role::Knight, from, knight_attacks(from) & target, theirs);
        }
        for from in r[Role::Bishop.index()] & movable {
            let mut t = sl.bishop(from, occ) & target;
            if pinned.contains(from) {
                t &= line(king, from);
            }
            sink.piece(Role::Bishop, from, t, theirs);
        }
        for from in r[Role::Rook.index()] & movable {
            let mut t = sl.rook(from, occ) & target;
            if pinned.contains(from) {
                t &= line(king, from);
            }
            sink.piece(Role::Rook, from, t, theirs);
        }
        for from in queens & movable {
            let mut t = (sl.bishop(from, occ) | sl.rook(from, occ)) & target;
            if pinned.contains(from) {
                t &= line(king, from);
            }
            sink.piece(Role::Queen, from, t, theirs);
        }

        let pawns = r[Role::Pawn.index()] & movable;
        if pawns.any() {
            self.pawn_moves(sink, pawns & !pinned, target, theirs, occ);
            for p in pawns & pinned {
                self.pawn_moves(
                    sink,
                    Bitboard::from_square(p),
                    target & line(king, p),
                    theirs,
                    occ,
                );
            }
            if let Some(ep) = self.ep_square
                && to_mask.contains(ep)
            {
                let captured = Square::from_index_masked(ep.index() as u32 ^ 8);
                for from in pawn_attacks(them, ep) & pawns {
                    // Recompute every attack on the king with the capturing
                    // pawn moved and the captured pawn gone (5.6(3), 9.1).
                    let occ2 = (occ.without(from).without(captured)).with(ep);
                    let attacked = (sl.rook(king, occ2) & orth).any()
                        || (sl.bishop(king, occ2) & diag).any()
                        || (checkers & !(orth | diag)).without(captured).any();
                    if !attacked {
                        sink.single(Move::new(from, ep, moves::EN_PASSANT, Role::Pawn));
                    }
                }
            }
        }

        // Castling (Art. 5.1(2), (5), (6)).
        if checkers.is_empty() && from_mask.contains(king) && !self.castling.is_empty() {
            for side in CastlingSide::ALL {
                if !self.castling.has(us, side) {
                    continue;
                }
                let king_to = side.king_target(us);
                if !to_mask.contains(king_to) {
                    continue;
                }
                let rook = side.rook_square(us);
                if (between(king, rook) & occ).any() {
                    continue;
                }
                let path = between(king, king_to).with(king_to);
                if Iterator::any(&mut path.into_iter(), |sq| {
                    self.king_square_attacked(sl, sq, them, occ)
                }) {
                    continue;
                }
                let kind = match side {
                    CastlingSide::KingSide => moves::CASTLE_KING,
                    CastlingSide::QueenSide => moves::CASTLE_QUEEN,
                };
                sink.single(Move::new(king, king_to, kind, Role::King));
            }
        }
    }

    /// Pushes, double pushes, captures and promotions of `pawns`, whose
    /// destinations must lie in `target` (Art. 5.6).
    #[inline(always)]
    fn pawn_moves<S: Sink>(
        &self,
        sink: &mut S,
        pawns: Bitboard,
        target: Bitboard,
        theirs: Bitboard,
        occ: Bitboard,
    ) {
        let empty = !occ.0;
        let p = pawns.0;
        let (single, double_base, left, right, last_rank, up, up_left, up_right) = match self.turn {
            Color::White => (
                p << 8 & empty,
                0x0000_0000_00FF_0000u64,
                (p & !FILE_A) << 7,
                (p & !FILE_H) << 9,
                0xFF00_0000_0000_0000u64,
                8i8,
                7i8,
                9i8,
            ),
            Color::Black => (
                p >> 8 & empty,
                0x0000_FF00_0000_0000u64,
                (p & !FILE_A) >> 9,
                (p & !FILE_H) >> 7,
                0x0000_0000_0000_00FFu64,
                -8i8,
                -9i8,
                -7i8,
            ),
        };
        let double = match self.turn {
            Color::White => (single & double_base) << 8,
            Color::Black => (single & double_base) >> 8,
        } & empty
            & target.0;
        let t = target.0;
        let single = single & t;
        let left = left & theirs.0 & t;
        let right = right & theirs.0 & t;
        sink.pawns(Bitboard(single & !last_rank), up, moves::QUIET);
        sink.pawns(Bitboard(double), 2 * up, moves::DOUBLE_PUSH);
        sink.pawns(Bitboard(left & !last_rank), up_left, moves::CAPTURE);
        sink.pawns(Bitboard(right & !last_rank), up_right, moves::CAPTURE);
        if (single | left | right) & last_rank != 0 {
            sink.promotions(Bitboard(single & last_rank), up, false);
            sink.promotions(Bitboard(left & last_rank), up_left, true);
            sink.promotions(Bitboard(right & last_rank), up_right, true);
        }
    }

    /// Every legal move (Arts. 3–5, 9.1).
    #[must_use]
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate(&mut list, Bitboard::FULL, Bitboard::FULL);
        list
    }

    /// Legal moves of pieces on `from` squares to `to` squares.
    #[must_use]
    pub fn legal_moves_filtered(&self, from: Bitboard, to: Bitboard) -> MoveList {
        let mut list = MoveList::new();
        self.generate(&mut list, from, to);
        list
    }

    /// The number of legal moves, counted without listing them.
    #[must_use]
    pub fn count_legal_moves(&self) -> usize {
        let mut c = Counter(0);
        self.generate(&mut c, Bitboard::FULL, Bitboard::FULL);
        c.0
    }

    /// Whether the side to move has any legal move.
    #[must_use]
    pub fn has_legal_moves(&self) -> bool {
        self.count_legal_moves() > 0
    }

    /// Whether `m` is legal here.
    #[must_use]
    pub fn is_legal(&self, m: Move) -> bool {
        self.legal_moves_filtered(
            Bitboard::from_square(m.from()),
            Bitboard::from_square(m.to()),
        )
        .contains(m)
    }
}
