//! Decisive board states: checkmate (9.2, 10.1), stalemate (10.3), the
//! drawn material of Art. 10.4, and the dead-position test behind it.

use crate::attacks::{king_attacks, pawn_attacks};
use crate::bitboard::Bitboard;
use crate::position::Position;
use crate::types::{Color, Role, Square};

/// How the board itself ends the game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Outcome {
    /// The side to move is checkmated (Arts. 9.2, 10.1).
    Checkmate {
        /// The side that gave mate.
        winner: Color,
    },
    /// The side to move has no legal move and is not in check (Art. 10.3).
    Stalemate,
    /// Neither side can ever checkmate (Art. 10.4 and its generalisation to
    /// every dead position with only kings, bishops and knights, and to
    /// kings and pawns locked for good).
    InsufficientMaterial,
}

/// Occurrences of the same position (Art. 9.2.2: same player to move,
/// pieces, castling rights and en-passant possibility) at which the player to
/// move may claim a draw (Art. 9.2.1): threefold repetition.
pub const THREEFOLD_REPETITION: usize = 3;

/// Occurrences of the same position at which the game is drawn without a
/// claim (Art. 9.6.1): fivefold repetition.
pub const FIVEFOLD_REPETITION: usize = 5;

/// The half-move clock at which a draw may be claimed (Art. 9.3): the last 50
/// moves by each player without a capture or a pawn move.
pub const FIFTY_MOVE_HALFMOVES: u32 = 100;

/// The half-move clock at which the game is drawn without a claim, unless
/// the last move mated (Art. 9.6.2): 75 moves by each player.
pub const SEVENTY_FIVE_MOVE_HALFMOVES: u32 = 150;

/// How many plies of forced play [`Position::can_checkmate`] looks at before
/// trusting the material rule.
const FORCED_LINE_PLIES: u32 = 4;

impl Position {
    /// The side to move is in check and has no legal move (Art. 9.2).
    #[must_use]
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && !self.has_legal_moves()
    }

    /// The side to move is not in check and has no legal move (10.3).
    #[must_use]
    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && !self.has_legal_moves()
    }

    /// The drawn positions of Art. 10.4: king against king; king against
    /// king and bishop or king and knight; and kings with bishops only, all
    /// bishops on squares of one colour (which covers K+B v K+B with
    /// same-coloured bishops).
    #[must_use]
    pub fn is_insufficient_material(&self) -> bool {
        let heavy = self.by_role(Role::Pawn) | self.by_role(Role::Rook) | self.by_role(Role::Queen);
        if heavy.any() {
            return false;
        }
        let knights = self.by_role(Role::Knight);
        let bishops = self.by_role(Role::Bishop);
        if (knights | bishops).count() <= 1 {
            return true;
        }
        knights.is_empty()
            && ((bishops & Bitboard::LIGHT).is_empty() || (bishops & Bitboard::DARK).is_empty())
    }

    /// The material rule for kings, bishops and knights only: could `color`
    /// mate if the opponent helped? `None` when pawns, rooks or queens are on
    /// the board (then the answer is not decided by material alone).
    ///
    /// A mate needs the mated king's escape squares covered or blocked, and
    /// the opponent's own pieces may do the blocking:
    /// - a bare king never mates;
    /// - two or more minor pieces including a knight mate (K+N+N v K and
    ///   K+B+N v K have mates);
    /// - bishops of both colours mate;
    /// - a single knight mates only with an enemy piece to block (K+N v K
    ///   cannot; K+N v K+N and K+N v K+B can);
    /// - bishops all on one colour mate only if the opponent has a knight or
    ///   a bishop on the other colour to block with.
    fn minor_material_can_mate(&self, color: Color) -> Option<bool> {
        let heavy = self.by_role(Role::Pawn) | self.by_role(Role::Rook) | self.by_role(Role::Queen);
        let ours = self.by_color(color);
        let theirs = self.by_color(color.other());
        if (heavy & ours).is_empty() {
            let knights = self.by_role(Role::Knight) & ours;
            let bishops = self.by_role(Role::Bishop) & ours;
            if (knights | bishops).is_empty() {
                return Some(false);
            }
            if heavy.any() {
                return None;
            }
            let their_knights = self.by_role(Role::Knight) & theirs;
            let their_bishops = self.by_role(Role::Bishop) & theirs;
            if knights.any() {
                return Some(
                    (knights | bishops).more_than_one() || (their_knights | their_bishops).any(),
                );
            }
            let light = (bishops & Bitboard::LIGHT).any();
            let dark = (bishops & Bitboard::DARK).any();
            if light && dark {
                return Some(true);
            }
            let other_colour = if light {
                Bitboard::DARK
            } else {
                Bitboard::LIGHT
            };
            return Some(their_knights.any() || (their_bishops & other_colour).any());
        }
        None
    }

    /// Whether `color` could still checkmate by any series of legal moves
    /// (the test the regulations use when a flag falls, Arts. 10.5/10.14).
    ///
    /// `false` is only returned when mate is impossible. With only kings,
    /// bishops and knights the answer follows the material rule above, after
    /// following every line of up to four plies in which one side's moves
    /// are all forced into losing the mating material (for example a check
    /// whose only answer captures the last knight). Kings and pawns locked
    /// for good (see `is_locked_pawn_chain`) mate nobody. Otherwise, with
    /// pawns, rooks or queens on the board the answer is `true` unless
    /// `color` has a bare king (conservative).
    #[must_use]
    pub fn can_checkmate(&self, color: Color) -> bool {
        !self.is_locked_pawn_chain() && self.can_checkmate_within(color, FORCED_LINE_PLIES)
    }

    /// A position of kings and pawns that no series of legal moves can
    /// change but the kings' walks (the "dead position" of a locked pawn
    /// chain): every pawn is blocked by a pawn in front of it and has
    /// nothing to capture, and neither king can reach a square next to an
    /// opposing pawn that no pawn protects. The pawns then never move again
    /// (an opposing king can never stand where a pawn attacks), no king can
    /// capture, and kings alone never give check: neither side can mate.
    ///
    /// Conservative: an en-passant square, a side in check or a pawn that
    /// only its king protects says no.
    fn is_locked_pawn_chain(&self) -> bool {
        let pawns = self.by_role(Role::Pawn);
        let kings = self.by_role(Role::King);
        if pawns.is_empty()
            || self.occupied() != (pawns | kings)
            || self.ep_square.is_some()
            || self.is_check()
        {
            return false;
        }
        for color in [Color::White, Color::Black] {
            let theirs = pawns & self.by_color(color.other());
            for sq in pawns & self.by_color(color) {
                let front = match color {
                    Color::White => sq.index() + 8,
                    Color::Black => sq.index().wrapping_sub(8),
                };
                let blocked = u8::try_from(front)
                    .ok()
                    .and_then(Square::new)
                    .is_some_and(|front| pawns.contains(front));
                if !blocked || pawn_attacks(color, sq).intersects(theirs) {
                    return false;
                }
            }
        }
        for color in [Color::White, Color::Black] {
            let theirs = pawns & self.by_color(color.other());
            let guarded = theirs
                .into_iter()
                .fold(Bitboard::EMPTY, |g, p| g | pawn_attacks(color.other(), p));
            let open = !pawns & !guarded;
            let mut region = Bitboard::from_square(self.king_square(color));
            let reach = loop {
                let reach = region
                    .into_iter()
                    .fold(Bitboard::EMPTY, |r, sq| r | king_attacks(sq));
                let grown = region | (reach & open);
                if grown == region {
                    break reach;
                }
                region = grown;
            };
            if (reach & theirs & !guarded).any() {
                return false;
            }
        }
        true
    }

    fn can_checkmate_within(&self, color: Color, plies: u32) -> bool {
        match self.minor_material_can_mate(color) {
            Some(false) => return false,
            None => return true,
            Some(true) => {}
        }
        let moves = self.legal_moves();
        if moves.is_empty() {
            // Mate already on the board counts; stalemate ends the game.
            return self.is_check() && self.turn != color;
        }
        if plies == 0 {
            return true;
        }
        // Material only shrinks (no pawns), so a line keeps mate possible
        // iff some move keeps it possible.
        moves.iter().any(|&m| {
            let mut next = *self;
            next.play_unchecked(m);
            next.can_checkmate_within(color, plies - 1)
        })
    }

    /// Neither side can checkmate by any series of legal moves.
    #[must_use]
    pub fn is_dead(&self) -> bool {
        !self.can_checkmate(Color::White) && !self.can_checkmate(Color::Black)
    }

    /// Checkmate, stalemate or Art. 10.4 material, if the board ends the
    /// game.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        if !self.has_legal_moves() {
            return Some(if self.is_check() {
                Outcome::Checkmate {
                    winner: self.turn.other(),
                }
            } else {
                Outcome::Stalemate
            });
        }
        if self.is_insufficient_material() {
            return Some(Outcome::InsufficientMaterial);
        }
        None
    }
}
