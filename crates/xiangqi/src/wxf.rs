//! WXF notation (World Xiangqi Federation): `C2.5`, `H8+7`, `R1-2`,
//! tandem pieces `R+.3`, `C--1`, soldiers `P+.4`, `++.4`, `3+.4`.
//!
//! Files are numbered 1–9 from the mover's right. `+` is forward, `-`
//! backward, `.` sideways. The last figure is the destination file for a
//! sideways move and for every advisor, elephant and horse move, otherwise
//! the number of ranks moved.
//!
//! # Written form
//! Letters K A E H R C P; `.` for sideways. Two like pieces on one file
//! (tandem): the file figure is replaced by `+` (front) or `-` (rear),
//! after the letter: `R+.3`. Advisors and elephants always take their file
//! (their direction already tells which one moves). Soldiers, as the WXF
//! notation page lays down: three on a file `P+`, `P<file>` (middle), `P-`;
//! four `++`, `P+`, `P-`, `--`; five `++`, `P+`, `P<file>`, `P-`, `--`;
//! soldiers in tandem on two files replace the letter with the file:
//! `3+`, `33` (middle), `3-`.
//!
//! # Read forms
//! Besides the written form: letters G (general), B (elephant), N (horse),
//! S (soldier), either case, full-width characters; `=` for sideways; the
//! tandem marker before the letter (`+R.3`); the file instead of a tandem
//! marker when only one of the pieces can make the move (`C3.5`); tandem
//! markers for advisors and elephants (`A-+5`).

use crate::iccs::fold_char;
use crate::moves::Move;
use crate::notation::{
    Described, Description, NotationError, Op, Rank, Selector, describe, resolve,
};
use crate::position::Position;
use crate::types::Role;

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

fn digit(c: char) -> Option<u8> {
    c.to_digit(10)
        .and_then(|d| u8::try_from(d).ok())
        .filter(|d| (1..=9).contains(d))
}

fn op_char(op: Op) -> char {
    match op {
        Op::Forward => '+',
        Op::Backward => '-',
        Op::Sideways => '.',
    }
}

/// Writes the prefix (piece and file or tandem marker) of a described move.
fn prefix(d: &Described) -> String {
    let l = letter(d.piece.role);
    let file = char::from(b'0' + d.file);
    if !d.tandem() {
        return format!("{l}{file}");
    }
    let (idx, n) = (d.index, d.count);
    if d.piece.role != Role::Soldier {
        return format!("{l}{}", if idx == 0 { '+' } else { '-' });
    }
    if d.multi_file {
        // At most three soldiers on each of two files.
        let m = if idx == 0 {
            '+'
        } else if idx + 1 == n {
            '-'
        } else {
            file
        };
        return format!("{file}{m}");
    }
    match (n, idx) {
        (2 | 3, 0) => format!("{l}+"),
        (2 | 3, i) if i + 1 == n => format!("{l}-"),
        (3, _) | (5, 2) => format!("{l}{file}"),
        (_, 0) => "++".to_string(),
        (_, 1) => format!("{l}+"),
        (_, i) if i + 1 == n => "--".to_string(),
        _ => format!("{l}-"),
    }
}

impl Position {
    /// Writes a legal move in WXF notation (the written form in the module
    /// docs). `None` if no piece stands on the from-point.
    #[must_use]
    pub fn to_wxf(&self, m: Move) -> Option<String> {
        let d = describe(self, m)?;
        Some(format!(
            "{}{}{}",
            prefix(&d),
            op_char(d.op),
            char::from(b'0' + d.target)
        ))
    }

    /// Reads a move in WXF notation (any of the read forms in the module
    /// docs) and checks it is legal here.
    pub fn parse_wxf(&self, text: &str) -> Result<Move, NotationError> {
        let want = parse(text)?;
        resolve(self, &want, text)
    }
}

fn malformed(text: &str, reason: &'static str) -> NotationError {
    NotationError::Malformed {
        text: text.to_string(),
        reason,
    }
}

fn parse(text: &str) -> Result<Description, NotationError> {
    let chars: Vec<char> = text
        .chars()
        .map(fold_char)
        .filter(|c| !c.is_whitespace())
        .map(|c| match c.to_ascii_uppercase() {
            '=' => '.',
            c => c,
        })
        .collect();
    let [a, b, op, t] = chars.as_slice() else {
        return Err(malformed(
            text,
            "a WXF move has four characters: piece, file, direction, figure (C2.5)",
        ));
    };
    let op = match op {
        '+' => Op::Forward,
        '-' => Op::Backward,
        '.' => Op::Sideways,
        _ => {
            return Err(malformed(
                text,
                "the third character must be +, - or . (or =)",
            ));
        }
    };
    let target = digit(*t).ok_or_else(|| malformed(text, "the last character must be 1-9"))?;
    let tandem = |c: char| match c {
        '+' => Some(Rank::WxfPlus),
        '-' => Some(Rank::WxfMinus),
        _ => None,
    };
    let (role, selector) = match (*a, *b) {
        ('+', '+') => (
            Role::Soldier,
            Selector::Tandem {
                file: None,
                rank: Rank::Front,
            },
        ),
        ('-', '-') => (
            Role::Soldier,
            Selector::Tandem {
                file: None,
                rank: Rank::Rear,
            },
        ),
        (m, l) if tandem(m).is_some() && role_of(l).is_some() => match (tandem(m), role_of(l)) {
            (Some(rank), Some(role)) => (role, Selector::Tandem { file: None, rank }),
            _ => return Err(malformed(text, "unreadable tandem marker")),
        },
        (l, m) if role_of(l).is_some() && tandem(m).is_some() => match (role_of(l), tandem(m)) {
            (Some(role), Some(rank)) => (role, Selector::Tandem { file: None, rank }),
            _ => return Err(malformed(text, "unreadable tandem marker")),
        },
        (l, f) if role_of(l).is_some() && digit(f).is_some() => match (role_of(l), digit(f)) {
            (Some(role), Some(file)) => (role, Selector::File(file)),
            _ => return Err(malformed(text, "unreadable file")),
        },
        (f, m) if digit(f).is_some() => {
            let file = digit(f);
            let rank = match m {
                '+' => Rank::Front,
                '-' => Rank::Rear,
                m if digit(m) == file => Rank::Middle,
                _ => {
                    return Err(malformed(
                        text,
                        "soldiers on two files are written file then +, - or the file again",
                    ));
                }
            };
            (Role::Soldier, Selector::Tandem { file, rank })
        }
        _ => {
            return Err(malformed(
                text,
                "the first character must be a piece letter (K A E H R C P, or G B N S)",
            ));
        }
    };
    Ok(Description {
        role,
        selector,
        op,
        target,
    })
}
