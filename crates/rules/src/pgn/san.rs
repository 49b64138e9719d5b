//! The replayer's fast path from SAN to a move.
//!
//! PGN files are almost entirely strict SAN (`Nf3`, `exd5`, `O-O`, `e8=Q+`).
//! For those, this resolves the move with one generation filtered to the
//! named piece kind and target square, into a sink that keeps the single
//! match (no move list is built, nothing is allocated). Anything else — lenient forms, and every token that does not
//! name exactly one legal move — returns `None`, and the caller falls back to
//! [`Position::parse_san`], which is the authority (and says why a move is
//! wrong). The fast path never accepts a token `parse_san` would reject or
//! resolve differently; the tests below check that on random games.

use crate::attacks::Sliders;
use crate::movegen::Sink;
use crate::moves::{self, Move};
use crate::{Bitboard, CastlingSide, Position, Role, Square};

/// Keeps the one generated move that is not castling and has the wanted
/// promotion; counts how many there were. Moves are built exactly as the
/// move-list sink builds them.
struct Pick {
    promotion: Option<Role>,
    found: Option<Move>,
    count: u32,
}

impl Pick {
    #[inline(always)]
    fn offer(&mut self, m: Move) {
        if m.promotion() == self.promotion && !m.is_castle() {
            self.found = Some(m);
            self.count += 1;
        }
    }
}

impl Sink for Pick {
    #[inline(always)]
    fn piece(&mut self, role: Role, from: Square, targets: Bitboard, theirs: Bitboard) {
        for to in targets {
            let kind = if theirs.contains(to) {
                moves::CAPTURE
            } else {
                moves::QUIET
            };
            self.offer(Move::new(from, to, kind, role));
        }
    }

    #[inline(always)]
    fn pawns(&mut self, targets: Bitboard, delta: i8, kind: u16) {
        for to in targets {
            let from = Square::from_index_masked((to.index() as i32 - i32::from(delta)) as u32);
            self.offer(Move::new(from, to, kind, Role::Pawn));
        }
    }

    #[inline(always)]
    fn promotions(&mut self, targets: Bitboard, delta: i8, capture: bool) {
        for to in targets {
            let from = Square::from_index_masked((to.index() as i32 - i32::from(delta)) as u32);
            for role in Role::PROMOTIONS {
                self.offer(Move::promotion_move(from, to, capture, role));
            }
        }
    }

    #[inline(always)]
    fn single(&mut self, m: Move) {
        self.offer(m);
    }
}

/// The unique legal move a strict SAN token names, or `None` to fall back.
#[inline]
pub(crate) fn resolve(pos: &Position, sl: Sliders, san: &str) -> Option<Move> {
    let mut b = san.as_bytes();
    while let [rest @ .., b'+' | b'#'] = b {
        b = rest;
    }
    let us = pos.turn();
    let side = match b {
        b"O-O" | b"0-0" => Some(CastlingSide::KingSide),
        b"O-O-O" | b"0-0-0" => Some(CastlingSide::QueenSide),
        _ => None,
    };
    if let Some(side) = side {
        let moves = pos.legal_moves_filtered(
            Bitboard::from_square(pos.king_square(us)),
            Bitboard::from_square(side.king_target(us)),
        );
        return moves.iter().copied().find(|m| m.is_castle());
    }
    let (role, mut b) = match b.split_first()? {
        (b'N', rest) => (Role::Knight, rest),
        (b'B', rest) => (Role::Bishop, rest),
        (b'R', rest) => (Role::Rook, rest),
        (b'Q', rest) => (Role::Queen, rest),
        (b'K', rest) => (Role::King, rest),
        _ => (Role::Pawn, b),
    };
    let mut promotion = None;
    if let [rest @ .., b'=', p] = b {
        promotion = Some(match p {
            b'Q' => Role::Queen,
            b'R' => Role::Rook,
            b'B' => Role::Bishop,
            b'N' => Role::Knight,
            _ => return None,
        });
        b = rest;
    }
    let [rest @ .., f @ b'a'..=b'h', r @ b'1'..=b'8'] = b else {
        return None;
    };
    let to = Square::from_coords(f - b'a', r - b'1')?;
    let rest = match rest {
        [head @ .., b'x'] => head,
        _ => rest,
    };
    let mut from = pos.pieces(us, role);
    match rest {
        [] => {}
        [f @ b'a'..=b'h'] => from &= Bitboard::file(f - b'a'),
        [r @ b'1'..=b'8'] => from &= Bitboard::rank(r - b'1'),
        [f @ b'a'..=b'h', r @ b'1'..=b'8'] => {
            from &= Bitboard::file(f - b'a') & Bitboard::rank(r - b'1');
        }
        _ => return None,
    }
    let mut pick = Pick {
        promotion,
        found: None,
        count: 0,
    };
    pos.generate_with(sl, &mut pick, from, Bitboard::from_square(to));
    if pick.count == 1 { pick.found } else { None }
}

#[cfg(test)]
mod tests {
    use super::resolve;
    use crate::Position;
    use crate::attacks::Sliders;

    struct Rng(u64);

    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = self.0;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        }
    }

    /// Tokens that look like SAN but are wrong somewhere, or lenient.
    fn variants(san: &str) -> Vec<String> {
        let mut out = vec![
            san.to_owned(),
            format!("{san}+"),
            format!("{san}#"),
            san.replace('x', ""),
            san.replace("=", ""),
            san.replace('O', "0"),
            format!("P{san}"),
            format!("{san}x"),
            san.trim_end_matches(['+', '#']).to_owned(),
        ];
        if san.len() > 2 {
            out.push(san[1..].to_owned());
            out.push(san[..san.len() - 1].to_owned());
        }
        for piece in ["N", "B", "R", "Q", "K"] {
            out.push(format!(
                "{piece}{}",
                san.trim_start_matches(['N', 'B', 'R', 'Q', 'K'])
            ));
        }
        for file in ["a", "h", "e"] {
            out.push(format!("{}{file}{}", &san[..1], &san[1..]));
        }
        out
    }

    #[test]
    fn the_fast_path_agrees_with_parse_san_on_random_games() {
        let mut rng = Rng(7);
        let starts = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r1n1k2r/1P4P1/8/3N1N2/8/1N3N2/6p1/R3K2R w KQkq - 0 1",
            "8/8/8/K2pP2q/8/8/8/7k w - d6 0 1",
        ];
        let mut resolved = 0;
        for game in 0..60 {
            let mut pos = Position::from_fen(starts[game % starts.len()]).unwrap();
            for _ in 0..120 {
                let legal = pos.legal_moves();
                if legal.is_empty() {
                    break;
                }
                for &m in &legal {
                    let san = pos.san(m);
                    assert_eq!(
                        resolve(&pos, Sliders::get(), &san),
                        Some(m),
                        "{san} in {}",
                        pos.to_fen()
                    );
                    resolved += 1;
                    for token in variants(&san) {
                        if let Some(fast) = resolve(&pos, Sliders::get(), &token) {
                            assert_eq!(
                                pos.parse_san(&token),
                                Ok(fast),
                                "{token} in {}",
                                pos.to_fen()
                            );
                        }
                    }
                }
                let m = legal[(rng.next() % legal.len() as u64) as usize];
                pos.play_unchecked(m);
            }
        }
        assert!(resolved > 30_000);
    }
}
