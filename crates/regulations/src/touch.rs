//! Touch-move (Art. 5.1(3)–(4), 7.2, 7.3): which moves a player who has
//! deliberately touched pieces may still make.

use crate::code::Code;
use crate::result::Citation;
use rules::{Color, Move, Piece, Position, Role, Square};

/// One deliberate touch by the player to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Touched {
    /// The square touched.
    pub square: Square,
    /// The piece that stood there when touched.
    pub piece: Piece,
    /// Touches with the same group number happened together (order unknown).
    pub group: u32,
    /// The piece was put down here but not released.
    pub placed_on: Option<Square>,
}

/// What the touches oblige the player to do — in chess (`M` = a chess
/// [`Move`]) and in Xiangqi (`Obligation<xiangqi::Move>`, xq 5.1–5.5).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Obligation<M = Move> {
    /// Nothing touched.
    None,
    /// Art. 7.3 / 5.1(4), xq 5.1–5.5: no touched piece can move or be
    /// captured; any legal move.
    Free(Citation),
    /// Only these moves satisfy the obligation.
    Moves {
        /// The allowed moves (non-empty).
        moves: Vec<M>,
        /// Why, with the article.
        why: Citation,
    },
}

fn captures_on(pos: &Position, m: Move, sq: Square) -> bool {
    if m.is_en_passant() {
        return Square::from_coords(m.to().file(), m.from().rank()) == Some(sq);
    }
    m.to() == sq && pos.piece_at(sq).is_some()
}

fn describe(p: Piece, sq: Square) -> String {
    format!("the {} {} on {}", p.color, p.role.name(), sq)
}

/// Orders touches: by group; within a group own pieces first (Art. 7.2:
/// "if it cannot be determined which was touched first, the own piece counts
/// as touched first"), the king before the rook (5.1(4)).
fn ordered(touches: &[Touched], mover: Color) -> Vec<Touched> {
    let mut v: Vec<(usize, Touched)> = touches.iter().copied().enumerate().collect();
    v.sort_by_key(|(i, t)| {
        (
            t.group,
            t.piece.color != mover,
            t.piece.role != Role::King,
            *i,
        )
    });
    v.into_iter().map(|(_, t)| t).collect()
}

/// Computes the obligation for the player to move in `pos`.
/// `placed_binds`: a piece put down on a square must go there if legal
/// (false under the china-national profile).
pub fn obligation(pos: &Position, touches: &[Touched], placed_binds: bool) -> Obligation {
    let mover = pos.turn();
    let touches: Vec<Touched> = touches
        .iter()
        .copied()
        .filter(|t| pos.piece_at(t.square) == Some(t.piece))
        .collect();
    if touches.is_empty() {
        return Obligation::None;
    }
    let order = ordered(&touches, mover);
    let legal: Vec<Move> = pos.legal_moves().iter().copied().collect();

    // Art. 5.1(3): a rook touched before the king cannot castle.
    let king_pos = order
        .iter()
        .position(|t| t.piece.color == mover && t.piece.role == Role::King);
    let banned_rooks: Vec<Square> = order
        .iter()
        .enumerate()
        .filter(|(i, t)| {
            t.piece.color == mover
                && t.piece.role == Role::Rook
                && king_pos.is_some_and(|k| *i < k && order[k].group != t.group)
        })
        .map(|(_, t)| t.square)
        .collect();
    let castle_allowed = |m: Move| {
        if !m.is_castle() {
            return true;
        }
        let rook_file = if m.to().file() > m.from().file() {
            7
        } else {
            0
        };
        let rook_sq = Square::from_coords(rook_file, m.from().rank());
        !rook_sq.is_some_and(|r| banned_rooks.contains(&r))
    };

    let own: Vec<&Touched> = order.iter().filter(|t| t.piece.color == mover).collect();
    let opp: Vec<&Touched> = order.iter().filter(|t| t.piece.color != mover).collect();

    // Art. 7.2(2): one own and one opposing piece: capture the latter with the former.
    if let (Some(o), Some(x)) = (own.first(), opp.first()) {
        let caps: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|m| m.from() == o.square && captures_on(pos, *m, x.square))
            .collect();
        if !caps.is_empty() {
            return Obligation::Moves {
                moves: caps,
                why: Citation::of(
                    Code::TouchMoveObligation,
                    "7.2(2)",
                    format!(
                        "{} must capture {}",
                        describe(o.piece, o.square),
                        describe(x.piece, x.square)
                    ),
                ),
            };
        }
    }

    for (i, t) in order.iter().enumerate() {
        if t.piece.color == mover {
            let mut moves: Vec<Move> = legal
                .iter()
                .copied()
                .filter(|m| m.from() == t.square && castle_allowed(*m))
                .collect();
            if moves.is_empty() {
                // Art. 5.1(4): king touched to castle (with a rook) and the king
                // has no legal move: any legal move.
                if t.piece.role == Role::King
                    && order[i + 1..]
                        .iter()
                        .all(|r| r.piece.color == mover && r.piece.role == Role::Rook)
                    && order.len() > i + 1
                {
                    return Obligation::Free(Citation::of(
                        Code::TouchedKingCannotMove,
                        "5.1(4)",
                        "the king touched to castle has no legal move: any legal move may be made",
                    ));
                }
                continue;
            }
            if placed_binds && let Some(dest) = t.placed_on {
                let there: Vec<Move> = moves.iter().copied().filter(|m| m.to() == dest).collect();
                if !there.is_empty() {
                    moves = there;
                    return Obligation::Moves {
                        moves,
                        why: Citation::of(
                            Code::PlacedPieceObligation,
                            "6.1",
                            format!(
                                "{} was put down on {dest}: it must be moved there",
                                describe(t.piece, t.square)
                            ),
                        ),
                    };
                }
            }
            let article = if opp.is_empty() { "7.2(1)" } else { "7.2(2)" };
            return Obligation::Moves {
                moves,
                why: Citation::of(
                    Code::TouchMoveObligation,
                    article,
                    format!(
                        "{} was touched first and must be moved",
                        describe(t.piece, t.square)
                    ),
                ),
            };
        } else {
            let moves: Vec<Move> = legal
                .iter()
                .copied()
                .filter(|m| captures_on(pos, *m, t.square))
                .collect();
            if !moves.is_empty() {
                let article = if own.is_empty() { "7.2(1)" } else { "7.2(2)" };
                return Obligation::Moves {
                    moves,
                    why: Citation::of(
                        Code::TouchMoveObligation,
                        article,
                        format!(
                            "{} was touched and must be captured",
                            describe(t.piece, t.square)
                        ),
                    ),
                };
            }
        }
    }
    Obligation::Free(Citation::of(
        Code::TouchedPiecesCannotMove,
        "7.3",
        "no touched piece can be moved or captured: any legal move may be made",
    ))
}
