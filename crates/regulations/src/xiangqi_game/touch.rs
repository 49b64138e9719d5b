//! Touching pieces in Xiangqi (xq 5.1–5.5): which moves a player who has
//! touched pieces may still make. The answer is the shared
//! [`Obligation`](crate::Obligation), over Xiangqi moves.
//!
//! The orders differ from chess (Art. 7.2): touching an opposing piece
//! obliges capturing it with *any* own piece that can (5.2), and when both
//! an own and an opposing piece were touched the seed fixes an order of
//! fall-backs (5.3 own first, 5.4 opposing first, 5.5 together = 5.4).
//! With more than one own or opposing piece touched, the first of each
//! kind counts (the first one that can move, or be captured, when only
//! one kind was touched — 5.1, 5.2: "unless it cannot ... may move another").

use crate::code::Code;
use crate::result::Citation;
use crate::touch::Obligation;
use xiangqi::{Color, Move, Piece, Position, Square};

/// One deliberate touch by a player (xq 5).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct XqTouched {
    /// Who touched.
    pub player: Color,
    /// The point touched.
    pub square: Square,
    /// The piece that stood there.
    pub piece: Piece,
    /// Touches with the same group number happened together (xq 5.5).
    pub group: u32,
}

fn describe(p: Piece, sq: Square) -> String {
    format!("the {p} on {sq}")
}

fn obliged(moves: Vec<Move>, article: &str, message: String) -> Option<Obligation<Move>> {
    (!moves.is_empty()).then(|| Obligation::Moves {
        moves,
        why: Citation::of(Code::TouchMoveObligation, article, message),
    })
}

/// The obligation of the side to move in `pos` from its touches (touches
/// by the other side, and of pieces no longer where they were touched, are
/// ignored). `allowed` says which legal moves may be played at all (the
/// game leaves out moves the prohibitions refuse, which a piece "cannot
/// make" under the rules).
pub fn xq_obligation(
    pos: &Position,
    touches: &[XqTouched],
    allowed: impl Fn(Move) -> bool,
) -> Obligation<Move> {
    let mover = pos.turn();
    let mut touches: Vec<XqTouched> = touches
        .iter()
        .copied()
        .filter(|t| t.player == mover && pos.piece_at(t.square) == Some(t.piece))
        .collect();
    if touches.is_empty() {
        return Obligation::None;
    }
    touches.sort_by_key(|t| t.group);
    let legal: Vec<Move> = pos
        .legal_moves()
        .iter()
        .copied()
        .filter(|m| allowed(*m))
        .collect();
    let from =
        |sq: Square| -> Vec<Move> { legal.iter().copied().filter(|m| m.from == sq).collect() };
    let onto = |sq: Square| -> Vec<Move> { legal.iter().copied().filter(|m| m.to == sq).collect() };
    let own: Vec<&XqTouched> = touches.iter().filter(|t| t.piece.color == mover).collect();
    let opp: Vec<&XqTouched> = touches.iter().filter(|t| t.piece.color != mover).collect();
    let free = |article: &str, message: &str| {
        Obligation::Free(Citation::of(
            Code::TouchedPiecesCannotMove,
            article,
            message,
        ))
    };
    match (own.first(), opp.first()) {
        (Some(_), None) => {
            for o in &own {
                if let Some(ob) = obliged(
                    from(o.square),
                    "xq 5.1",
                    format!(
                        "{} was touched and must be moved",
                        describe(o.piece, o.square)
                    ),
                ) {
                    return ob;
                }
            }
            free(
                "xq 5.1",
                "the touched piece cannot be moved under the rules: another piece may be moved",
            )
        }
        (None, Some(_)) => {
            for x in &opp {
                if let Some(ob) = obliged(
                    onto(x.square),
                    "xq 5.2",
                    format!(
                        "{} was touched and must be captured",
                        describe(x.piece, x.square)
                    ),
                ) {
                    return ob;
                }
            }
            free(
                "xq 5.2",
                "no piece can capture the touched opposing piece: any move may be made",
            )
        }
        (Some(o), Some(x)) => {
            let (op, os, xp, xs) = (o.piece, o.square, x.piece, x.square);
            let capture: Vec<Move> = from(os).into_iter().filter(|m| m.to == xs).collect();
            let own_first = o.group < x.group;
            let cap_msg = format!("{} must capture {}", describe(op, os), describe(xp, xs));
            let move_msg = format!(
                "{} cannot capture {}: it must be moved",
                describe(op, os),
                describe(xp, xs)
            );
            let other_msg = format!(
                "{} cannot capture {}: another piece must capture it",
                describe(op, os),
                describe(xp, xs)
            );
            let article = if own_first {
                "xq 5.3"
            } else if o.group == x.group {
                "xq 5.5"
            } else {
                "xq 5.4"
            };
            let order: [(Vec<Move>, String); 3] = if own_first {
                // 5.3: the former captures the latter, else the former
                // moves, else another piece captures the latter.
                [
                    (capture, cap_msg),
                    (from(os), move_msg),
                    (onto(xs), other_msg),
                ]
            } else {
                // 5.4 (5.5): the latter captures the former, else another
                // piece captures the former, else the latter moves.
                [
                    (capture, cap_msg),
                    (onto(xs), other_msg),
                    (from(os), move_msg),
                ]
            };
            for (moves, message) in order {
                if let Some(ob) = obliged(moves, article, message) {
                    return ob;
                }
            }
            free(
                article,
                "neither touched piece can move or be captured: any move may be made",
            )
        }
        (None, None) => Obligation::None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn touch(pos: &Position, player: Color, sq: &str, group: u32) -> XqTouched {
        let square: Square = sq.parse().expect("a point");
        XqTouched {
            player,
            square,
            piece: pos.piece_at(square).expect("a piece"),
            group,
        }
    }

    fn moves(ob: &Obligation<Move>) -> Vec<String> {
        match ob {
            Obligation::Moves { moves, .. } => {
                let mut v: Vec<String> = moves.iter().map(|m| m.to_iccs()).collect();
                v.sort();
                v
            }
            _ => Vec::new(),
        }
    }

    fn article(ob: &Obligation<Move>) -> &str {
        match ob {
            Obligation::Moves { why, .. } | Obligation::Free(why) => &why.article,
            Obligation::None => "",
        }
    }

    // Red chariot a0, cannon b2; black horse b7 (on the cannon's file, no
    // screen), black chariot a5 on the chariot's file.
    const FEN: &str = "3k5/9/1n7/9/r8/9/9/1C7/9/R3K4 w - - 0 1";

    #[test]
    fn a_touched_own_piece_must_be_moved_xq_5_1() {
        let pos = Position::from_fen(FEN).expect("fen");
        let ob = xq_obligation(&pos, &[touch(&pos, Color::Red, "b2", 1)], |_| true);
        assert_eq!(article(&ob), "xq 5.1");
        assert!(moves(&ob).iter().all(|m| m.starts_with("b2")), "{ob:?}");
    }

    #[test]
    fn a_touched_opposing_piece_must_be_captured_by_any_piece_that_can_xq_5_2() {
        let pos = Position::from_fen(FEN).expect("fen");
        let ob = xq_obligation(&pos, &[touch(&pos, Color::Red, "a5", 1)], |_| true);
        assert_eq!(article(&ob), "xq 5.2");
        assert_eq!(moves(&ob), vec!["a0a5".to_string()]);
        // The horse on b7: no red piece can take it (the cannon has no screen).
        let ob = xq_obligation(&pos, &[touch(&pos, Color::Red, "b7", 1)], |_| true);
        assert!(matches!(ob, Obligation::Free(_)), "{ob:?}");
        assert_eq!(article(&ob), "xq 5.2");
    }

    #[test]
    fn own_then_opposing_the_former_must_move_when_it_cannot_capture_xq_5_3() {
        let pos = Position::from_fen(FEN).expect("fen");
        // Cannon, then the black chariot: the cannon cannot take it, so the
        // cannon must move (before "another piece captures").
        let t = [
            touch(&pos, Color::Red, "b2", 1),
            touch(&pos, Color::Red, "a5", 2),
        ];
        let ob = xq_obligation(&pos, &t, |_| true);
        assert_eq!(article(&ob), "xq 5.3");
        assert!(moves(&ob).iter().all(|m| m.starts_with("b2")), "{ob:?}");
    }

    #[test]
    fn opposing_then_own_another_piece_must_capture_before_the_own_moves_xq_5_4() {
        let pos = Position::from_fen(FEN).expect("fen");
        let t = [
            touch(&pos, Color::Red, "a5", 1),
            touch(&pos, Color::Red, "b2", 2),
        ];
        let ob = xq_obligation(&pos, &t, |_| true);
        assert_eq!(article(&ob), "xq 5.4");
        assert_eq!(moves(&ob), vec!["a0a5".to_string()]);
        let together = [
            touch(&pos, Color::Red, "a5", 1),
            touch(&pos, Color::Red, "b2", 1),
        ];
        assert_eq!(article(&xq_obligation(&pos, &together, |_| true)), "xq 5.5");
    }

    #[test]
    fn the_other_sides_touches_and_pieces_gone_bind_nothing() {
        let pos = Position::from_fen(FEN).expect("fen");
        let mut t = touch(&pos, Color::Red, "b2", 1);
        t.player = Color::Black;
        assert_eq!(xq_obligation(&pos, &[t], |_| true), Obligation::None);
    }
}
