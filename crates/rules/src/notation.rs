//! Checked moves with reasons, SAN (format and lenient parse) and UCI.

use crate::attacks::{
    between, bishop_attacks, king_attacks, knight_attacks, pawn_attacks, rook_attacks,
};
use crate::bitboard::Bitboard;
use crate::moves::Move;
use crate::position::Position;
use crate::types::{CastlingSide, Color, Role, Square, king_home};
use std::fmt;

/// Why a move is not legal in a position. [`IllegalReason::article`] gives
/// the article of the Laws it breaks.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum IllegalReason {
    /// No piece stands on the from-square.
    NoPiece(Square),
    /// The piece on the from-square belongs to the opponent (Art. 3.2).
    NotYourPiece(Square),
    /// The piece does not move that way (Arts. 5.1–5.6).
    CannotMoveThere(Role),
    /// The target square holds a piece of the same colour (Art. 4.1).
    OwnPieceOnTarget(Square),
    /// A piece stands in the way (Art. 4.2).
    PathBlocked(Square),
    /// The move would leave or place the player's own king in check (9.1).
    KingInCheck,
    /// The king or that rook has already moved (Art. 5.1(5)).
    CastlingRightLost,
    /// A piece stands between king and rook (Art. 5.1(6)).
    CastlingBlocked,
    /// The king is in check and may not castle out of it (Art. 5.1(6)).
    CastlingOutOfCheck,
    /// The square the king crosses is attacked (Art. 5.1(6)).
    CastlingThroughCheck,
    /// The square the king would land on is attacked (Art. 5.1(6)).
    CastlingIntoCheck,
    /// A pawn reaching the last rank must be exchanged for a piece (5.6(4)).
    PromotionRequired,
    /// Only a pawn reaching the last rank is promoted, and only to a queen,
    /// rook, bishop or knight (Art. 5.6(4)).
    BadPromotion,
    /// En passant is allowed only on the move right after the two-square
    /// advance of the pawn captured (Art. 5.6(3)).
    EnPassantNotAvailable,
    /// The side to move has no piece of this kind matching the move as
    /// written (SAN: the piece letter and any file or rank given; Art. 4.1).
    NoPieceOfKind(Role),
}

impl IllegalReason {
    /// The article of the Laws that forbids the move.
    #[must_use]
    pub fn article(self) -> &'static str {
        match self {
            IllegalReason::NoPiece(_)
            | IllegalReason::OwnPieceOnTarget(_)
            | IllegalReason::NoPieceOfKind(_) => "4.1",
            IllegalReason::NotYourPiece(_) => "3.2",
            IllegalReason::CannotMoveThere(role) => match role {
                Role::King => "5.1(1)",
                Role::Queen => "5.2",
                Role::Bishop => "5.3",
                Role::Rook => "5.4",
                Role::Knight => "5.5",
                Role::Pawn => "5.6",
            },
            IllegalReason::PathBlocked(_) => "4.2",
            IllegalReason::KingInCheck => "9.1",
            IllegalReason::CastlingRightLost => "5.1(5)",
            IllegalReason::CastlingBlocked
            | IllegalReason::CastlingOutOfCheck
            | IllegalReason::CastlingThroughCheck
            | IllegalReason::CastlingIntoCheck => "5.1(6)",
            IllegalReason::PromotionRequired | IllegalReason::BadPromotion => "5.6(4)",
            IllegalReason::EnPassantNotAvailable => "5.6(3)",
        }
    }
}

impl fmt::Display for IllegalReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalReason::NoPiece(sq) => write!(f, "no piece on {sq}"),
            IllegalReason::NotYourPiece(sq) => {
                write!(f, "the piece on {sq} belongs to the opponent")
            }
            IllegalReason::CannotMoveThere(role) => {
                write!(f, "a {} does not move that way", role.name())
            }
            IllegalReason::OwnPieceOnTarget(sq) => {
                write!(f, "{sq} is occupied by a piece of the same colour")
            }
            IllegalReason::PathBlocked(sq) => write!(f, "the piece on {sq} is in the way"),
            IllegalReason::KingInCheck => f.write_str("the king would be in check"),
            IllegalReason::CastlingRightLost => {
                f.write_str("castling is no longer allowed: the king or that rook has moved")
            }
            IllegalReason::CastlingBlocked => {
                f.write_str("castling with a piece between the king and the rook")
            }
            IllegalReason::CastlingOutOfCheck => f.write_str("castling out of check"),
            IllegalReason::CastlingThroughCheck => {
                f.write_str("castling through an attacked square")
            }
            IllegalReason::CastlingIntoCheck => f.write_str("castling into check"),
            IllegalReason::PromotionRequired => {
                f.write_str("a pawn reaching the last rank must be promoted")
            }
            IllegalReason::BadPromotion => f.write_str(
                "only a pawn reaching the last rank is promoted, to a queen, rook, bishop or knight",
            ),
            IllegalReason::EnPassantNotAvailable => f.write_str(
                "en passant only on the move right after the enemy pawn's two-square advance",
            ),
            IllegalReason::NoPieceOfKind(role) => {
                write!(f, "no {} matches the move", role.name())
            }
        }?;
        write!(f, " (Art. {})", self.article())
    }
}

/// A move that is not legal in the position it was tried in.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct IllegalMove {
    /// The move in UCI notation.
    pub uci: String,
    /// Why it is illegal.
    pub reason: IllegalReason,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "illegal move {}: {}", self.uci, self.reason)
    }
}

impl std::error::Error for IllegalMove {}

/// SAN that could not be turned into a legal move.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum SanError {
    /// Not SAN at all.
    Malformed {
        /// What is wrong with the text.
        reason: String,
    },
    /// Well-formed, but no legal move matches.
    Illegal {
        /// The SAN as given.
        san: String,
        /// Why no legal move matches; [`IllegalReason::article`] gives the
        /// article. When no piece of the kind named can reach the square it
        /// is [`IllegalReason::CannotMoveThere`], as for the same move in UCI.
        reason: IllegalReason,
        /// The side to move.
        side: Color,
        /// The square the SAN names (the king's target for castling).
        to: Square,
    },
    /// More than one legal move matches (Art. 10.16(1) for sealed moves).
    Ambiguous {
        /// The SAN as given.
        san: String,
        /// The matching moves, in UCI notation.
        candidates: Vec<String>,
    },
}

impl fmt::Display for SanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SanError::Malformed { reason } => write!(f, "malformed SAN: {reason}"),
            SanError::Illegal {
                san,
                reason,
                side,
                to,
            } => {
                write!(f, "illegal move {san}: ")?;
                match reason {
                    IllegalReason::NoPieceOfKind(role) => {
                        write!(f, "{side} has no {} that matches", role.name())
                    }
                    IllegalReason::CannotMoveThere(role) => {
                        write!(f, "no {side} {} can move to {to}", role.name())
                    }
                    other => write!(f, "{other}"),
                }
            }
            SanError::Ambiguous { san, candidates } => {
                write!(
                    f,
                    "ambiguous move {san}: could be {}",
                    candidates.join(", ")
                )
            }
        }
    }
}

impl std::error::Error for SanError {}

/// UCI text that could not be turned into a legal move.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum UciError {
    /// Not UCI move syntax.
    Malformed {
        /// What is wrong with the text.
        reason: String,
    },
    /// Well-formed, but not legal here.
    Illegal {
        /// The UCI as given.
        uci: String,
        /// Why it is illegal.
        reason: IllegalReason,
    },
}

impl fmt::Display for UciError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UciError::Malformed { reason } => write!(f, "malformed UCI move: {reason}"),
            UciError::Illegal { uci, reason } => write!(f, "illegal move {uci}: {reason}"),
        }
    }
}

impl std::error::Error for UciError {}

fn malformed(reason: impl Into<String>) -> SanError {
    SanError::Malformed {
        reason: reason.into(),
    }
}

/// SAN taken apart, before looking at the position.
#[derive(Debug)]
enum SanParts {
    Castle(CastlingSide),
    Normal {
        role: Role,
        file: Option<u8>,
        rank: Option<u8>,
        to: Square,
        promotion: Option<Role>,
    },
}

fn split_san(text: &str) -> Result<SanParts, SanError> {
    let mut s = text.trim();
    if s.is_empty() {
        return Err(malformed("empty move"));
    }
    // Annotations and check marks: + # ! ? (any mix, at the end).
    s = s.trim_end_matches(['+', '#', '!', '?']);
    // "e.p." / "ep" after an en-passant capture.
    for suffix in ["e.p.", "ep", "e.p"] {
        if let Some(rest) = s.strip_suffix(suffix) {
            s = rest.trim_end();
            break;
        }
    }
    s = s.trim_end_matches(['+', '#', '!', '?']);
    if s.is_empty() {
        return Err(malformed(format!("'{text}' has no move in it")));
    }
    let castle: String = s
        .chars()
        .map(|c| if c == '0' || c == 'o' { 'O' } else { c })
        .collect();
    match castle.as_str() {
        "O-O" => return Ok(SanParts::Castle(CastlingSide::KingSide)),
        "O-O-O" => return Ok(SanParts::Castle(CastlingSide::QueenSide)),
        _ => {}
    }
    if !s.is_ascii() {
        return Err(malformed(format!(
            "'{text}' contains characters that are not SAN"
        )));
    }
    let mut b = s.as_bytes();
    let role = match b.first() {
        Some(&c @ (b'N' | b'B' | b'R' | b'Q' | b'K')) => {
            b = &b[1..];
            Role::from_char(char::from(c)).unwrap_or(Role::Pawn)
        }
        Some(b'P') => {
            b = &b[1..];
            Role::Pawn
        }
        _ => Role::Pawn,
    };
    // Promotion suffix: "=Q", "Q", "=q", "(Q)", "/Q".
    let mut promotion = None;
    if role == Role::Pawn {
        if let [rest @ .., b'(', p, b')'] = b
            && let Some(r) = Role::from_char(char::from(*p))
        {
            promotion = Some(r);
            b = rest;
        } else if let [rest @ .., sep, p] = b
            && (*sep == b'=' || *sep == b'/')
            && let Some(r) = Role::from_char(char::from(*p))
        {
            promotion = Some(r);
            b = rest;
        } else if let [rest @ .., p @ (b'N' | b'B' | b'R' | b'Q' | b'K' | b'P')] = b {
            promotion = Role::from_char(char::from(*p));
            b = rest;
        }
    }
    let [rest @ .., f @ b'a'..=b'h', r @ b'1'..=b'8'] = b else {
        return Err(malformed(format!("'{text}' does not name a target square")));
    };
    let to = Square::from_coords(f - b'a', r - b'1')
        .ok_or_else(|| malformed(format!("'{text}' does not name a target square")))?;
    let mut rest = rest;
    if let [head @ .., b'x' | b':' | b'-'] = rest {
        rest = head;
    }
    let (file, rank) = match rest {
        [] => (None, None),
        [f @ b'a'..=b'h'] => (Some(f - b'a'), None),
        [r @ b'1'..=b'8'] => (None, Some(r - b'1')),
        [f @ b'a'..=b'h', r @ b'1'..=b'8'] => (Some(f - b'a'), Some(r - b'1')),
        _ => {
            return Err(malformed(format!(
                "'{text}': expected an optional piece letter, file/rank, 'x' and a square"
            )));
        }
    };
    if let Some(p) = promotion
        && matches!(p, Role::King | Role::Pawn)
    {
        return Err(malformed(format!(
            "'{text}': a pawn is promoted to a queen, rook, bishop or knight (Art. 5.6(4))"
        )));
    }
    Ok(SanParts::Normal {
        role,
        file,
        rank,
        to,
        promotion,
    })
}

impl Position {
    /// Why moving from `from` to `to` (promoting to `promotion`) is not
    /// legal here; `None` if it is legal.
    #[must_use]
    pub fn why_illegal(
        &self,
        from: Square,
        to: Square,
        promotion: Option<Role>,
    ) -> Option<IllegalReason> {
        let us = self.turn;
        let occ = self.occupied();
        let Some(piece) = self.piece_at(from) else {
            return Some(IllegalReason::NoPiece(from));
        };
        if piece.color != us {
            return Some(IllegalReason::NotYourPiece(from));
        }
        let found = self
            .legal_moves_filtered(Bitboard::from_square(from), Bitboard::from_square(to))
            .iter()
            .any(|m| m.promotion() == promotion);
        if found {
            return None;
        }
        let last_rank = if us == Color::White { 7 } else { 0 };
        if piece.role != Role::Pawn && promotion.is_some() {
            return Some(IllegalReason::BadPromotion);
        }
        // Castling: the king's two-square move from its original square.
        if piece.role == Role::King
            && from == king_home(us)
            && from.rank() == to.rank()
            && from.file().abs_diff(to.file()) == 2
        {
            let side = if to.file() > from.file() {
                CastlingSide::KingSide
            } else {
                CastlingSide::QueenSide
            };
            return Some(self.why_no_castling(side));
        }
        if self.by_color(us).contains(to) {
            return Some(IllegalReason::OwnPieceOnTarget(to));
        }
        let reach = match piece.role {
            Role::Knight => knight_attacks(from),
            Role::King => king_attacks(from),
            Role::Bishop => bishop_attacks(from, Bitboard::EMPTY),
            Role::Rook => rook_attacks(from, Bitboard::EMPTY),
            Role::Queen => {
                bishop_attacks(from, Bitboard::EMPTY) | rook_attacks(from, Bitboard::EMPTY)
            }
            Role::Pawn => {
                let forward: i8 = if us == Color::White { 8 } else { -8 };
                let start_rank = if us == Color::White { 1 } else { 6 };
                let one = from.offset(forward);
                let two = if from.rank() == start_rank {
                    from.offset(2 * forward)
                } else {
                    None
                };
                let capture = pawn_attacks(us, from).contains(to);
                if Some(to) == one || Some(to) == two {
                    if let Some(sq) = (between(from, to).with(to) & occ).first() {
                        return Some(IllegalReason::PathBlocked(sq));
                    }
                } else if capture {
                    if !self.by_color(us.other()).contains(to) {
                        return Some(if self.ep_square == Some(to) {
                            IllegalReason::KingInCheck
                        } else if to.rank() == if us == Color::White { 5 } else { 2 } {
                            IllegalReason::EnPassantNotAvailable
                        } else {
                            IllegalReason::CannotMoveThere(Role::Pawn)
                        });
                    }
                } else {
                    return Some(IllegalReason::CannotMoveThere(Role::Pawn));
                }
                if to.rank() == last_rank && promotion.is_none() {
                    return Some(IllegalReason::PromotionRequired);
                }
                if to.rank() != last_rank && promotion.is_some() {
                    return Some(IllegalReason::BadPromotion);
                }
                return Some(IllegalReason::KingInCheck);
            }
        };
        if !reach.contains(to) {
            return Some(IllegalReason::CannotMoveThere(piece.role));
        }
        if let Some(sq) = (between(from, to) & occ).first() {
            return Some(IllegalReason::PathBlocked(sq));
        }
        Some(IllegalReason::KingInCheck)
    }

    fn why_no_castling(&self, side: CastlingSide) -> IllegalReason {
        let us = self.turn;
        let them = us.other();
        if !self.castling.has(us, side) {
            return IllegalReason::CastlingRightLost;
        }
        let king = self.king_square(us);
        if (between(king, side.rook_square(us)) & self.occupied()).any() {
            return IllegalReason::CastlingBlocked;
        }
        if self.is_check() {
            return IllegalReason::CastlingOutOfCheck;
        }
        let target = side.king_target(us);
        let occ = self.occupied();
        for sq in between(king, target) {
            if self.attackers(sq, them, occ).any() {
                return IllegalReason::CastlingThroughCheck;
            }
        }
        IllegalReason::CastlingIntoCheck
    }

    /// Plays `m` if it is legal here, returning the new position.
    pub fn play(&self, m: Move) -> Result<Position, IllegalMove> {
        let candidates = self.legal_moves_filtered(
            Bitboard::from_square(m.from()),
            Bitboard::from_square(m.to()),
        );
        match candidates.iter().find(|c| c.promotion() == m.promotion()) {
            Some(&legal) => {
                let mut next = *self;
                next.play_unchecked(legal);
                Ok(next)
            }
            None => Err(IllegalMove {
                uci: m.to_uci(),
                reason: self
                    .why_illegal(m.from(), m.to(), m.promotion())
                    .unwrap_or(IllegalReason::KingInCheck),
            }),
        }
    }

    /// Parses a UCI move (`e2e4`, `e7e8q`, castling as `e1g1` or as the
    /// king taking its own rook, `e1h1`).
    pub fn parse_uci(&self, text: &str) -> Result<Move, UciError> {
        let t = text.trim();
        let b = t.as_bytes();
        let malformed = |reason: &str| UciError::Malformed {
            reason: format!("'{t}': {reason}"),
        };
        if !(4..=5).contains(&b.len()) || !t.is_ascii() {
            return Err(malformed(
                "expected a from-square, a to-square and an optional piece",
            ));
        }
        let from: Square = t[0..2].parse().map_err(|_| malformed("bad from-square"))?;
        let mut to: Square = t[2..4].parse().map_err(|_| malformed("bad to-square"))?;
        let promotion = match b.get(4) {
            None => None,
            Some(&c) => match Role::from_char(char::from(c)) {
                Some(r @ (Role::Knight | Role::Bishop | Role::Rook | Role::Queen)) => Some(r),
                _ => return Err(malformed("promotion piece must be one of n, b, r, q")),
            },
        };
        let us = self.turn;
        if from == king_home(us)
            && self.role_at(from) == Some(Role::King)
            && self
                .piece_at(to)
                .is_some_and(|p| p.color == us && p.role == Role::Rook)
        {
            for side in CastlingSide::ALL {
                if to == side.rook_square(us) {
                    to = side.king_target(us);
                }
            }
        }
        let candidates =
            self.legal_moves_filtered(Bitboard::from_square(from), Bitboard::from_square(to));
        match candidates.iter().find(|c| c.promotion() == promotion) {
            Some(&m) => Ok(m),
            None => Err(UciError::Illegal {
                uci: t.to_string(),
                reason: self
                    .why_illegal(from, to, promotion)
                    .unwrap_or(IllegalReason::KingInCheck),
            }),
        }
    }

    /// Parses SAN leniently: also `0-0`, `e8Q`, `e8=Q`, `exd6 e.p.`, an
    /// unnecessary disambiguator, a missing `x`, and trailing `+ # ! ?`.
    /// Only the moves of the named piece kind to the named square are
    /// generated.
    pub fn parse_san(&self, text: &str) -> Result<Move, SanError> {
        let san = text.trim().to_string();
        let us = self.turn;
        match split_san(text)? {
            SanParts::Castle(side) => {
                let king = self.king_square(us);
                let target = side.king_target(us);
                let moves = self.legal_moves_filtered(
                    Bitboard::from_square(king),
                    Bitboard::from_square(target),
                );
                match moves.iter().find(|m| m.is_castle()) {
                    Some(&m) => Ok(m),
                    None => {
                        let reason = if king == king_home(us) {
                            self.why_no_castling(side)
                        } else {
                            IllegalReason::CastlingRightLost
                        };
                        Err(SanError::Illegal {
                            san,
                            reason,
                            side: us,
                            to: target,
                        })
                    }
                }
            }
            SanParts::Normal {
                role,
                file,
                rank,
                to,
                promotion,
            } => {
                let mut from_mask = self.pieces(us, role);
                if let Some(f) = file {
                    from_mask &= Bitboard::file(f);
                }
                if let Some(r) = rank {
                    from_mask &= Bitboard::rank(r);
                }
                let mut moves = self.legal_moves_filtered(from_mask, Bitboard::from_square(to));
                moves.retain(|m| !m.is_castle());
                let promotes = moves.iter().any(|m| m.promotion().is_some());
                if promotes && promotion.is_none() {
                    return Err(SanError::Illegal {
                        san,
                        reason: IllegalReason::PromotionRequired,
                        side: us,
                        to,
                    });
                }
                moves.retain(|m| m.promotion() == promotion);
                match moves.len() {
                    1 => Ok(moves[0]),
                    0 => Err(SanError::Illegal {
                        san,
                        reason: self.san_no_match(role, from_mask, to, promotion),
                        side: us,
                        to,
                    }),
                    _ => Err(SanError::Ambiguous {
                        san,
                        candidates: moves.iter().map(|m| m.to_uci()).collect(),
                    }),
                }
            }
        }
    }

    /// Why no piece of `role` in `from_mask` can move to `to`: the most
    /// informative of their reasons.
    fn san_no_match(
        &self,
        role: Role,
        from_mask: Bitboard,
        to: Square,
        promotion: Option<Role>,
    ) -> IllegalReason {
        if from_mask.is_empty() {
            return IllegalReason::NoPieceOfKind(role);
        }
        let mut reasons: Vec<IllegalReason> = from_mask
            .filter_map(|from| self.why_illegal(from, to, promotion))
            .collect();
        // The most informative reason: geometry failures are the least.
        reasons.sort_by_key(|r| match r {
            IllegalReason::CannotMoveThere(_) => 3,
            IllegalReason::OwnPieceOnTarget(_) => 2,
            IllegalReason::PathBlocked(_) => 1,
            _ => 0,
        });
        match reasons.first() {
            Some(IllegalReason::CannotMoveThere(_)) | None => IllegalReason::CannotMoveThere(role),
            Some(&r) => r,
        }
    }

    /// Standard SAN for a legal move: piece letter, minimal disambiguation
    /// (file, then rank, then both), `x`, target, `=Q`, `O-O`/`O-O-O`, and
    /// `+` or `#`.
    #[must_use]
    pub fn san(&self, m: Move) -> String {
        let mut out = String::with_capacity(8);
        let from = m.from();
        let to = m.to();
        if m.is_castle() {
            out.push_str(if to.file() > from.file() {
                "O-O"
            } else {
                "O-O-O"
            });
        } else {
            let role = self.role_at(from).unwrap_or(Role::Pawn);
            if role == Role::Pawn {
                if m.is_capture() {
                    out.push(from.file_char());
                    out.push('x');
                }
                out.push_str(&to.to_string());
                if let Some(p) = m.promotion() {
                    out.push('=');
                    out.push(p.char());
                }
            } else {
                out.push(role.char());
                let others: Vec<Square> = self
                    .legal_moves_filtered(self.pieces(self.turn, role), Bitboard::from_square(to))
                    .iter()
                    .filter(|o| o.from() != from && !o.is_castle())
                    .map(|o| o.from())
                    .collect();
                if !others.is_empty() {
                    if others.iter().all(|o| o.file() != from.file()) {
                        out.push(from.file_char());
                    } else if others.iter().all(|o| o.rank() != from.rank()) {
                        out.push(from.rank_char());
                    } else {
                        out.push_str(&from.to_string());
                    }
                }
                if m.is_capture() {
                    out.push('x');
                }
                out.push_str(&to.to_string());
            }
        }
        let mut next = *self;
        next.play_unchecked(m);
        if next.is_check() {
            out.push(if next.has_legal_moves() { '+' } else { '#' });
        }
        out
    }
}
