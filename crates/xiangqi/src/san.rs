//! Algebraic notation as Fairy-Stockfish writes Xiangqi moves (its
//! `NOTATION_SAN`, the notation pychess exports in PGN): `Hg3`, `Ece3`,
//! `Cxh10`, `Rxe9+`, `Ri10#`.
//!
//! # Written form
//! - The piece letter, always (soldiers too): K A E H R C P.
//! - Disambiguation as in chess SAN, only when another piece of the same
//!   kind can legally go to the same point: the from-file when that tells
//!   them apart, else the from-rank, else the from-point.
//! - `x` for a capture, then the destination point.
//! - Files `a`–`i` from Red's left; ranks **1–10** from Red's side (one
//!   more than ICCS: ICCS `h2e2` is `Ce3`).
//! - `+` after a move that gives check, `#` when it also leaves the other
//!   side without a legal move.
//!
//! # Read forms
//! Besides the written form: letters G (general), B (elephant), N (horse),
//! S (soldier); `-` between the points; `x`, `+`, `#`, `!` and `?` are
//! optional and not checked; full-width characters.
//!
//! # XBoard's algebraic notation
//! XBoard (and WinBoard, and the engines that play through them) writes the
//! same algebraic notation with two differences: ranks **0–9** as ICCS
//! numbers them (`Che2` is ICCS `h2e2`), and soldiers without a letter, as
//! chess pawns (`g5`, `ixi5`, `exd5`). [`Position::parse_xboard_san`] reads
//! it and [`Position::to_xboard_san`] writes it. The two cannot be told
//! apart by one move's text (`Ri2` is `i0i2` in one and `i0i1` in the
//! other), so the PGN reader decides per game ([`crate::pgn`]).

use crate::iccs::fold_char;
use crate::moves::Move;
use crate::notation::NotationError;
use crate::position::Position;
use crate::types::{Role, Square};

fn letter(role: Role) -> char {
    match role {
        Role::General => 'K',
        Role::Advisor => 'A',
        Role::Elephant => 'E',
        Role::Horse => 'H',
        Role::Chariot => 'R',
        Role::Cannon => 'C',
        Role::Soldier => 'P',
    }
}

fn role_of(c: char) -> Option<Role> {
    match c {
        'K' | 'G' => Some(Role::General),
        'A' => Some(Role::Advisor),
        'E' | 'B' => Some(Role::Elephant),
        'H' | 'N' => Some(Role::Horse),
        'R' => Some(Role::Chariot),
        'C' => Some(Role::Cannon),
        'P' | 'S' => Some(Role::Soldier),
        _ => None,
    }
}

fn file_char(sq: Square) -> char {
    char::from(b'a' + sq.file())
}

/// Which algebraic notation: Fairy-Stockfish's or XBoard's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Dialect {
    /// Ranks 1–10, every piece with its letter (`Ce3`).
    FairyStockfish,
    /// Ranks 0–9, soldiers without a letter (`Che2`, `g5`).
    Xboard,
}

impl Dialect {
    /// What the first rank is written as.
    fn rank_base(self) -> u8 {
        match self {
            Dialect::FairyStockfish => 1,
            Dialect::Xboard => 0,
        }
    }
}

/// The rank as the dialect writes it.
fn rank_text(sq: Square, dialect: Dialect) -> String {
    (u32::from(sq.rank()) + u32::from(dialect.rank_base())).to_string()
}

/// What the text says about the from-point.
#[derive(Clone, Copy, Default)]
struct Origin {
    file: Option<u8>,
    rank: Option<u8>,
}

impl Origin {
    fn matches(self, sq: Square) -> bool {
        self.file.is_none_or(|f| f == sq.file()) && self.rank.is_none_or(|r| r == sq.rank())
    }
}

impl Position {
    /// Writes a legal move in Fairy-Stockfish's algebraic notation (the
    /// written form in the `san` module docs). `None` if no piece stands on
    /// the from-point.
    #[must_use]
    pub fn to_san(&self, m: Move) -> Option<String> {
        self.write_algebraic(m, Dialect::FairyStockfish)
    }

    /// Writes a legal move in XBoard's algebraic notation (ranks 0–9,
    /// soldiers without a letter: `Che2`, `g5`, `ixi5`). `None` if no piece
    /// stands on the from-point.
    #[must_use]
    pub fn to_xboard_san(&self, m: Move) -> Option<String> {
        self.write_algebraic(m, Dialect::Xboard)
    }

    fn write_algebraic(&self, m: Move, dialect: Dialect) -> Option<String> {
        let piece = self.piece_at(m.from)?;
        let mut out = String::with_capacity(8);
        let pawn = dialect == Dialect::Xboard && piece.role == Role::Soldier;
        let capture = self.piece_at(m.to).is_some();
        if pawn {
            // As a chess pawn: the from-file when it captures or changes file.
            if capture || m.from.file() != m.to.file() {
                out.push(file_char(m.from));
            }
        } else {
            out.push(letter(piece.role));
            let others: Vec<Square> = self
                .legal_moves()
                .iter()
                .filter(|o| {
                    o.to == m.to && o.from != m.from && self.piece_at(o.from) == Some(piece)
                })
                .map(|o| o.from)
                .collect();
            if !others.is_empty() {
                if others.iter().all(|s| s.file() != m.from.file()) {
                    out.push(file_char(m.from));
                } else if others.iter().all(|s| s.rank() != m.from.rank()) {
                    out.push_str(&rank_text(m.from, dialect));
                } else {
                    out.push(file_char(m.from));
                    out.push_str(&rank_text(m.from, dialect));
                }
            }
        }
        if capture {
            out.push('x');
        }
        out.push(file_char(m.to));
        out.push_str(&rank_text(m.to, dialect));
        if let Ok(after) = self.play(m)
            && after.is_check()
        {
            out.push(if after.has_legal_moves() { '+' } else { '#' });
        }
        Some(out)
    }

    /// Reads a move in Fairy-Stockfish's algebraic notation (any of the
    /// read forms in the `san` module docs) and checks it is legal here.
    pub fn parse_san(&self, text: &str) -> Result<Move, NotationError> {
        self.parse_algebraic(text, Dialect::FairyStockfish)
    }

    /// Reads a move in XBoard's algebraic notation (ranks 0–9, soldiers
    /// with or without a letter; the other read forms as in
    /// [`Position::parse_san`]) and checks it is legal here.
    pub fn parse_xboard_san(&self, text: &str) -> Result<Move, NotationError> {
        self.parse_algebraic(text, Dialect::Xboard)
    }

    pub(crate) fn parse_algebraic(
        &self,
        text: &str,
        dialect: Dialect,
    ) -> Result<Move, NotationError> {
        let (role, from, to) = parse(text, dialect)?;
        let us = self.turn();
        let candidates = self.legal_moves();
        let mut found = candidates.iter().filter(|m| {
            m.to == to
                && from.matches(m.from)
                && self
                    .piece_at(m.from)
                    .is_some_and(|p| p.role == role && p.color == us)
        });
        match (found.next(), found.next()) {
            (Some(&m), None) => Ok(m),
            (Some(_), Some(_)) => Err(NotationError::Ambiguous(text.to_string())),
            (None, _) => {
                // Say why when exactly one piece of that kind is meant.
                let mut meant = Square::all().filter(|&s| {
                    from.matches(s)
                        && self
                            .piece_at(s)
                            .is_some_and(|p| p.role == role && p.color == us)
                });
                match (meant.next(), meant.next()) {
                    (Some(s), None) => {
                        let mv = Move::new(s, to);
                        match self.why_illegal(mv) {
                            Some(reason) => Err(NotationError::Illegal { mv, reason }),
                            None => Err(NotationError::NoSuchPiece(text.to_string())),
                        }
                    }
                    _ => Err(NotationError::NoSuchPiece(text.to_string())),
                }
            }
        }
    }
}

fn malformed(text: &str, reason: &'static str) -> NotationError {
    NotationError::Malformed {
        text: text.to_string(),
        reason,
    }
}

/// One coordinate read from the text: a file letter or a rank number.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Coord {
    File(u8),
    Rank(u8),
}

fn parse(text: &str, dialect: Dialect) -> Result<(Role, Origin, Square), NotationError> {
    // As in chess SAN, the piece letter is upper case and files lower
    // case, so that `h2e2` and `H2E2` stay coordinates.
    let mut ascii = text
        .chars()
        .map(crate::iccs::fold_width)
        .filter(|c| !c.is_whitespace());
    let pawn = match ascii.next() {
        Some('a'..='i') if dialect == Dialect::Xboard => true,
        Some(c) if c.is_ascii_lowercase() => {
            return Err(malformed(text, "the piece letter is upper case"));
        }
        _ => false,
    };
    if ascii.any(|c| ('A'..='I').contains(&c)) {
        return Err(malformed(text, "files are lower case a-i"));
    }
    let folded: Vec<char> = text
        .chars()
        .map(fold_char)
        .filter(|c| !c.is_whitespace())
        .collect();
    let mut body: &[char] = &folded;
    while let [rest @ .., '+' | '#' | '!' | '?'] = body {
        body = rest;
    }
    let (role, rest) = if pawn {
        (Role::Soldier, body)
    } else {
        let Some((&first, rest)) = body.split_first() else {
            return Err(malformed(text, "empty"));
        };
        let role = role_of(first.to_ascii_uppercase())
            .ok_or_else(|| malformed(text, "expected a piece letter K A E H R C P first"))?;
        (role, rest)
    };
    // The rest as coordinates, `x` and `-` dropped.
    let mut coords = Vec::with_capacity(4);
    let mut i = 0;
    while let Some(&c) = rest.get(i) {
        i += 1;
        match c {
            'x' | ':' | '-' => {}
            'a'..='i' => coords.push(Coord::File(c as u8 - b'a')),
            '1'..='9' if dialect == Dialect::FairyStockfish => {
                let mut n = c as u8 - b'0';
                if n == 1 && rest.get(i) == Some(&'0') {
                    n = 10;
                    i += 1;
                }
                coords.push(Coord::Rank(n - 1));
            }
            '0'..='9' if dialect == Dialect::Xboard => coords.push(Coord::Rank(c as u8 - b'0')),
            _ => {
                return Err(malformed(
                    text,
                    match dialect {
                        Dialect::FairyStockfish => "expected files a-i and ranks 1-10",
                        Dialect::Xboard => "expected files a-i and ranks 0-9",
                    },
                ));
            }
        }
    }
    // A soldier without its letter names at most its from-file (`ixi5`),
    // so that coordinates (`h2e2`) are never read as one.
    if pawn && coords.len() > 3 {
        return Err(malformed(text, "a soldier's move names at most its file"));
    }
    let (to, from) = match coords.as_slice() {
        [head @ .., Coord::File(f), Coord::Rank(r)] => {
            let to = Square::from_coords(*f, *r)
                .ok_or_else(|| malformed(text, "destination off the board"))?;
            let from: Origin = match head {
                [] => Origin::default(),
                [Coord::File(f)] => Origin {
                    file: Some(*f),
                    rank: None,
                },
                [Coord::Rank(r)] => Origin {
                    file: None,
                    rank: Some(*r),
                },
                [Coord::File(f), Coord::Rank(r)] => Origin {
                    file: Some(*f),
                    rank: Some(*r),
                },
                _ => return Err(malformed(text, "too many coordinates")),
            };
            (to, from)
        }
        _ => {
            return Err(malformed(
                text,
                "expected a destination point: file a-i, rank 1-10",
            ));
        }
    };
    Ok((role, from, to))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(fen: &str, iccs: &str, san: &str) {
        let pos = Position::from_fen(fen).expect("legal fen");
        let m = pos.parse_iccs(iccs).expect("legal move");
        assert_eq!(pos.to_san(m).as_deref(), Some(san), "{fen} {iccs}");
        assert_eq!(pos.parse_san(san), Ok(m), "{fen} {san}");
    }

    #[test]
    fn writes_what_fairy_stockfish_writes() {
        let start = crate::STARTING_FEN;
        // Fairy-Stockfish's own SAN test cases (its ranks are ICCS + 1).
        check(start, "h0g2", "Hg3");
        check(start, "c0e2", "Ece3");
        check(start, "h2h9", "Cxh10");
        check(start, "h2h4", "Ch5");
        let fen = "4k4/4a3R/9/9/9/9/9/9/4K4/9 w - - 0 1";
        check(fen, "i8e8", "Rxe9+");
        check(fen, "i8i9", "Ri10#");
        let fen = "1rb1ka2r/4a4/2ncb1nc1/p1p1p1p1p/9/2P6/P3PNP1P/2N1C2C1/9/R1BAKAB1R w - - 1 7";
        check(fen, "c2e1", "Hce2");
        check(fen, "c2d4", "Hd5");
    }

    #[test]
    fn reads_lenient_forms() {
        let pos = Position::startpos();
        let m = pos.parse_iccs("h2e2").expect("legal");
        for text in ["Che3", "Ch3e3", "Ch3-e3", "Ｃｈｅ３", "Che3!?"] {
            assert_eq!(pos.parse_san(text), Ok(m), "{text}");
        }
        assert!(matches!(
            pos.parse_san("Ce3"),
            Err(NotationError::Ambiguous(_))
        ));
        assert!(matches!(
            pos.parse_san("C3"),
            Err(NotationError::Malformed { .. })
        ));
        assert!(matches!(
            pos.parse_san("Rb1"),
            Err(NotationError::NoSuchPiece(_))
        ));
        assert!(matches!(
            pos.parse_san("Cbe4"),
            Err(NotationError::Illegal { .. })
        ));
        for hostile in [
            "",
            "x",
            "C",
            "Cj3",
            "C11",
            "Ca0",
            "C10a10a10",
            "+",
            "#",
            "che3",
            "CHE3",
        ] {
            assert!(pos.parse_san(hostile).is_err(), "{hostile}");
        }
    }
}
