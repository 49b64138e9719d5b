//! Chinese notation: `炮二平五`, `马８进７`, `前车进一`, `中兵平四`.
//!
//! Files are numbered from the mover's right: Red with Chinese numerals
//! (一 to 九), Black with full-width Arabic digits (１ to ９). 进 is forward,
//! 退 backward, 平 sideways; the last figure is the destination file for a
//! sideways move and for every advisor, elephant and horse move, otherwise
//! the number of ranks moved.
//!
//! # Written form
//! Pieces 帅 仕 相 马 车 炮 兵 for Red and 将 士 象 马 车 炮 卒 for Black.
//! Two like pieces on a file: 前 (front) or 后 (rear) before the piece,
//! instead of the file: `前车进一`. Advisors and elephants always take their
//! file (their direction tells which one moves). Soldiers: three on a file
//! 前、中、后; four or five 一、二、三、四、五 counted from the front (in
//! Chinese numerals for both sides); soldiers in tandem on two files are
//! numbered across both, as XQBase's computer notation standard (中国象棋电脑
//! 应用规范, 着法表示) lays down and Chinese databases write them: file by
//! file from the mover's right, each file front to back, 一 to 五 (in
//! Chinese numerals for Black too): with Red soldiers doubled on files 七
//! and 九, `一兵` and `二兵` are those on 七, `三兵`, `四兵` (and `五兵`)
//! those on 九. Soldiers alone on a file keep their file (`兵五进一`).
//!
//! # Read forms
//! Besides the written form: traditional and variant characters 車 俥,
//! 馬 傌, 砲 包, 帥 將, 進, 後; 士/仕, 相/象, 兵/卒, 帅/将 for either side;
//! either kind of numeral (and ASCII digits) for either side; the file
//! instead of 前/后 when only one of the pieces can make the move; 前/后
//! for advisors and elephants (`后仕进五`); soldiers in tandem on two files
//! in the traditional form, 前/中/后 and the file in place of the piece
//! (`前九平八`, Black `前１平２`), or 前/中/后 alone when only one of them can
//! make the move.

use crate::iccs::fold_char;
use crate::moves::Move;
use crate::notation::{
    Described, Description, NotationError, Op, Rank, Selector, describe, resolve,
};
use crate::position::Position;
use crate::types::{Color, Role};

const CN_NUMERALS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];
const FW_DIGITS: [char; 9] = ['１', '２', '３', '４', '５', '６', '７', '８', '９'];

fn piece_char(color: Color, role: Role) -> char {
    match (color, role) {
        (Color::Red, Role::General) => '帅',
        (Color::Black, Role::General) => '将',
        (Color::Red, Role::Advisor) => '仕',
        (Color::Black, Role::Advisor) => '士',
        (Color::Red, Role::Elephant) => '相',
        (Color::Black, Role::Elephant) => '象',
        (_, Role::Horse) => '马',
        (_, Role::Chariot) => '车',
        (_, Role::Cannon) => '炮',
        (Color::Red, Role::Soldier) => '兵',
        (Color::Black, Role::Soldier) => '卒',
    }
}

impl crate::types::Piece {
    /// The piece's character in Chinese notation (帅 仕 相 马 车 炮 兵 for
    /// Red, 将 士 象 马 车 炮 卒 for Black), as boards draw it.
    #[must_use]
    pub fn chinese_char(self) -> char {
        piece_char(self.color, self.role)
    }
}

fn numeral(color: Color, n: u8) -> char {
    let i = usize::from(n.saturating_sub(1)).min(8);
    match color {
        Color::Red => CN_NUMERALS[i],
        Color::Black => FW_DIGITS[i],
    }
}

fn role_of(c: char) -> Option<Role> {
    match c {
        '帅' | '帥' | '将' | '將' => Some(Role::General),
        '仕' | '士' => Some(Role::Advisor),
        '相' | '象' => Some(Role::Elephant),
        '马' | '馬' | '傌' | '騎' => Some(Role::Horse),
        '车' | '車' | '俥' => Some(Role::Chariot),
        '炮' | '砲' | '包' => Some(Role::Cannon),
        '兵' | '卒' => Some(Role::Soldier),
        _ => None,
    }
}

/// A numeral of either kind (一..九, full-width or ASCII digits), 1–9.
fn number(c: char) -> Option<u8> {
    if let Some(i) = CN_NUMERALS.iter().position(|&x| x == c) {
        return u8::try_from(i + 1).ok();
    }
    fold_char(c)
        .to_digit(10)
        .and_then(|d| u8::try_from(d).ok())
        .filter(|d| (1..=9).contains(d))
}

fn op_of(c: char) -> Option<Op> {
    match c {
        '进' | '進' => Some(Op::Forward),
        '退' => Some(Op::Backward),
        '平' => Some(Op::Sideways),
        _ => None,
    }
}

fn op_char(op: Op) -> char {
    match op {
        Op::Forward => '进',
        Op::Backward => '退',
        Op::Sideways => '平',
    }
}

fn position_char(c: char) -> Option<Rank> {
    match c {
        '前' => Some(Rank::Front),
        '后' | '後' => Some(Rank::Rear),
        '中' => Some(Rank::Middle),
        _ => None,
    }
}

fn prefix(d: &Described) -> [char; 2] {
    let c = d.piece.color;
    let p = piece_char(c, d.piece.role);
    let (idx, n) = (d.index, d.count);
    if !d.tandem() {
        return [p, numeral(c, d.file)];
    }
    let front_mid_rear = if idx == 0 {
        '前'
    } else if idx + 1 == n {
        '后'
    } else {
        '中'
    };
    if d.piece.role != Role::Soldier {
        return [front_mid_rear, p];
    }
    if d.multi_file {
        return [numeral(Color::Red, d.across + 1), p];
    }
    if n <= 3 {
        [front_mid_rear, p]
    } else {
        [numeral(Color::Red, idx + 1), p]
    }
}

impl Position {
    /// Writes a legal move in Chinese notation (the written form in the
    /// module docs). `None` if no piece stands on the from-point.
    #[must_use]
    pub fn to_chinese(&self, m: Move) -> Option<String> {
        let d = describe(self, m)?;
        let [a, b] = prefix(&d);
        Some(
            [a, b, op_char(d.op), numeral(d.piece.color, d.target)]
                .iter()
                .collect(),
        )
    }

    /// Reads a move in Chinese notation (any of the read forms in the module
    /// docs) and checks it is legal here.
    pub fn parse_chinese(&self, text: &str) -> Result<Move, NotationError> {
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
    let chars: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
    let [a, b, op, t] = chars.as_slice() else {
        return Err(malformed(
            text,
            "a Chinese move has four characters: piece, file, 进/退/平, figure (炮二平五)",
        ));
    };
    let op =
        op_of(*op).ok_or_else(|| malformed(text, "the third character must be 进, 退 or 平"))?;
    let target =
        number(*t).ok_or_else(|| malformed(text, "the last character must be a numeral 1-9"))?;
    let (role, selector) = if let (Some(role), Some(file)) = (role_of(*a), number(*b)) {
        (role, Selector::File(file))
    } else if let (Some(rank), Some(role)) = (position_char(*a), role_of(*b)) {
        (role, Selector::Tandem { file: None, rank })
    } else if let (Some(n), Some(role)) = (number(*a), role_of(*b)) {
        if n > 5 {
            return Err(malformed(text, "soldiers on one file are counted 一 to 五"));
        }
        (
            role,
            Selector::Tandem {
                file: None,
                rank: Rank::Nth(n - 1),
            },
        )
    } else if let (Some(rank), Some(file)) = (position_char(*a), number(*b)) {
        (
            Role::Soldier,
            Selector::Tandem {
                file: Some(file),
                rank,
            },
        )
    } else {
        return Err(malformed(
            text,
            "the first two characters must be piece and file, 前/中/后 and piece, or 前/中/后 and file",
        ));
    };
    Ok(Description {
        role,
        selector,
        op,
        target,
    })
}
