//! Text → [`Document`]: line splitting and field-by-field validation.

use super::error::{TrfError, TrfErrorKind};
use super::records::{Document, Line, PlayerRecord, Record, RoundCell};
use crate::model::{AbnormalPoints, ByeKind, NationalRecord, Points, StartNumber};

/// Splits on CR, LF or CRLF; returns the lines and the first terminator seen.
fn split_lines(text: &str) -> (Vec<&str>, String) {
    let ending = if let Some(i) = text.find(['\r', '\n']) {
        if text[i..].starts_with("\r\n") {
            "\r\n"
        } else if text[i..].starts_with('\r') {
            "\r"
        } else {
            "\n"
        }
    } else {
        "\n"
    };
    let mut lines: Vec<&str> = text
        .split("\r\n")
        .flat_map(|l| l.split(['\r', '\n']))
        .collect();
    if lines.last() == Some(&"") {
        lines.pop();
    }
    (lines, ending.to_owned())
}

/// Parses and validates every line.
pub fn parse(text: &str) -> Result<Document, TrfError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    // A DOS end-of-file mark (Ctrl-Z) after the last line ends the text.
    let text = text.strip_suffix('\u{1a}').unwrap_or(text);
    let (raw_lines, line_ending) = split_lines(text);
    let mut lines = Vec::with_capacity(raw_lines.len());
    for (index, raw) in raw_lines.iter().enumerate() {
        let number = index + 1;
        let chars: Vec<char> = raw.chars().collect();
        // No field of the format holds a control character (a tab, a NUL,
        // an escape): it would be stored in a name and misalign columns.
        if let Some(at) = chars.iter().position(|c| c.is_control()) {
            return Err(TrfError {
                line: number,
                column: at + 1,
                kind: TrfErrorKind::ControlCharacter(chars[at]),
            });
        }
        let record = parse_line(&chars, raw).map_err(|(column, kind)| TrfError {
            line: number,
            column,
            kind,
        })?;
        lines.push(Line { number, record });
    }
    Ok(Document { lines, line_ending })
}

type FieldResult<T> = Result<T, (usize, TrfErrorKind)>;

/// Characters `column..column+len` (1-based), blank-padded past the end.
pub(super) fn field(chars: &[char], column: usize, len: usize) -> String {
    (column - 1..column - 1 + len)
        .map(|i| chars.get(i).copied().unwrap_or(' '))
        .collect()
}

pub(super) fn char_at(chars: &[char], column: usize) -> char {
    chars.get(column - 1).copied().unwrap_or(' ')
}

fn number<T: std::str::FromStr>(text: &str, column: usize, name: &'static str) -> FieldResult<T> {
    let t = text.trim();
    if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
        return Err((column, TrfErrorKind::NotANumber(name)));
    }
    t.parse()
        .map_err(|_| (column, TrfErrorKind::OutOfRange(name)))
}

fn optional_number<T: std::str::FromStr>(
    text: &str,
    column: usize,
    name: &'static str,
) -> FieldResult<Option<T>> {
    if text.trim().is_empty() {
        Ok(None)
    } else {
        number(text, column, name).map(Some)
    }
}

pub(super) fn points_field(
    text: &str,
    column: usize,
    name: &'static str,
) -> FieldResult<Option<Points>> {
    if text.trim().is_empty() {
        return Ok(None);
    }
    Points::parse(text)
        .map(Some)
        .ok_or((column, TrfErrorKind::NotANumber(name)))
}

fn start_number(text: &str, column: usize) -> FieldResult<StartNumber> {
    let n: StartNumber = number(text, column, "start number")?;
    if n == 0 || n > 9999 {
        return Err((column, TrfErrorKind::OutOfRange("start number")));
    }
    Ok(n)
}

pub(super) fn round_number(text: &str, column: usize) -> FieldResult<u32> {
    let n: u32 = number(text, column, "round number")?;
    if n == 0 {
        return Err((column, TrfErrorKind::OutOfRange("round number")));
    }
    Ok(n)
}

/// Whitespace-separated tokens after the 3-character tag, with their columns.
fn tokens(chars: &[char]) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut current = String::new();
    let mut start = 0;
    for (i, &c) in chars.iter().enumerate().skip(3) {
        if c.is_whitespace() {
            if !current.is_empty() {
                out.push((start, std::mem::take(&mut current)));
            }
        } else {
            if current.is_empty() {
                start = i + 1;
            }
            current.push(c);
        }
    }
    if !current.is_empty() {
        out.push((start, current));
    }
    out
}

/// Fixed 5-column groups starting at `column`, each a 4-character field.
fn groups(chars: &[char], mut column: usize) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    while column <= chars.len() {
        out.push((column, field(chars, column, 4)));
        column += 5;
    }
    while out.last().is_some_and(|(_, t)| t.trim().is_empty()) {
        out.pop();
    }
    out
}

fn parse_line(chars: &[char], raw: &str) -> FieldResult<Record> {
    let tag: String = chars.iter().take(3).collect();
    match tag.as_str() {
        "001" => parse_player(chars).map(Record::Player),
        "XXR" => {
            let (column, text) = tokens(chars)
                .into_iter()
                .next()
                .unwrap_or((5, String::new()));
            let n = round_number(&text, column)?;
            Ok(Record::Rounds(n))
        }
        "XXC" => Ok(Record::Configuration(
            tokens(chars).into_iter().map(|(_, t)| t).collect(),
        )),
        "XXS" => {
            let toks = tokens(chars);
            for (column, token) in &toks {
                scoring_entry(token).ok_or((*column, TrfErrorKind::BadScoring))?;
            }
            Ok(Record::Scoring(toks.into_iter().map(|(_, t)| t).collect()))
        }
        "XXP" | "XXZ" => {
            let players = tokens(chars)
                .iter()
                .map(|(column, t)| start_number(t, *column))
                .collect::<FieldResult<Vec<_>>>()?;
            Ok(if tag == "XXP" {
                Record::ForbiddenPairs(players)
            } else {
                Record::Absent(players)
            })
        }
        "XXA" => {
            let player = start_number(&field(chars, 5, 4), 5)?;
            let points = groups(chars, 10)
                .iter()
                .map(|(column, t)| points_field(t, *column, "acceleration"))
                .collect::<FieldResult<Vec<_>>>()?;
            Ok(Record::Acceleration { player, points })
        }
        "XXG" => {
            let toks = tokens(chars);
            let Some((column, text)) = toks.first() else {
                return Err((5, TrfErrorKind::NotANumber("start number")));
            };
            let player = start_number(text, *column)?;
            let Some((column, points)) = toks.get(1) else {
                let after = column + text.chars().count() + 1;
                return Err((after, TrfErrorKind::NotANumber("grade points")));
            };
            let points: u32 = number(points, *column, "grade points")?;
            if let Some((column, _)) = toks.get(2) {
                return Err((*column, TrfErrorKind::ExpectedBlank));
            }
            Ok(Record::Grade { player, points })
        }
        "XXL" => {
            let toks = tokens(chars);
            let Some((_, name)) = toks.first() else {
                return Err((5, TrfErrorKind::MissingValue("regulations profile name")));
            };
            if let Some((column, _)) = toks.get(1) {
                return Err((*column, TrfErrorKind::ExpectedBlank));
            }
            Ok(Record::Regulations(name.clone()))
        }
        "240" => {
            let kind = match char_at(chars, 5).to_ascii_uppercase() {
                'F' => ByeKind::FullPoint,
                'H' => ByeKind::HalfPoint,
                'Z' => ByeKind::ZeroPoint,
                other => return Err((5, TrfErrorKind::BadByeType(other))),
            };
            let round = round_number(&field(chars, 7, 3), 7)?;
            let players = groups(chars, 11)
                .iter()
                .map(|(column, t)| start_number(t, *column))
                .collect::<FieldResult<Vec<_>>>()?;
            Ok(Record::Byes {
                kind,
                round,
                players,
            })
        }
        "250" => {
            let match_points = points_field(&field(chars, 5, 4), 5, "match points")?;
            // Game points must differ from 0.0 in individual competitions; a
            // team event may accelerate in match points only (columns 10–13
            // blank, as FIDE's team sample does).
            let game_points = points_field(&field(chars, 10, 4), 10, "game points")?
                .filter(|p| *p != Points::ZERO);
            if game_points.is_none() && match_points.is_none() {
                return Err((10, TrfErrorKind::OutOfRange("game points")));
            }
            let first_round = round_number(&field(chars, 15, 3), 15)?;
            let last_round = round_number(&field(chars, 19, 3), 19)?;
            if last_round < first_round {
                return Err((19, TrfErrorKind::OutOfRange("last round")));
            }
            let first_player = start_number(&field(chars, 23, 4), 23)?;
            let last_player = start_number(&field(chars, 28, 4), 28)?;
            if last_player < first_player {
                return Err((28, TrfErrorKind::OutOfRange("last player")));
            }
            Ok(Record::AcceleratedRounds {
                match_points,
                game_points,
                first_round,
                last_round,
                first_player,
                last_player,
            })
        }
        "260" => {
            let first_round = round_number(&field(chars, 5, 3), 5)?;
            let last_round = round_number(&field(chars, 9, 3), 9)?;
            if last_round < first_round {
                return Err((9, TrfErrorKind::OutOfRange("last round")));
            }
            let players = groups(chars, 13)
                .iter()
                .map(|(column, t)| start_number(t, *column))
                .collect::<FieldResult<Vec<_>>>()?;
            Ok(Record::ProhibitedPairings {
                first_round,
                last_round,
                players,
            })
        }
        "299" => parse_abnormal(chars).map(Record::AbnormalPoints),
        _ if is_nrs(chars) => {
            let start_number = start_number(&field(chars, 5, 4), 5)?;
            let rating = optional_number(&field(chars, 49, 4), 49, "national rating")?;
            Ok(Record::NationalRating(NationalRecord {
                federation: tag,
                start_number,
                sex: char_at(chars, 10),
                classification: field(chars, 11, 3).trim().to_owned(),
                name: field(chars, 15, 33).trim().to_owned(),
                rating,
                origin: field(chars, 54, 3).trim().to_owned(),
                number: field(chars, 58, 11).trim().to_owned(),
                birth_date: field(chars, 70, 10).trim().to_owned(),
            }))
        }
        _ => Ok(Record::Verbatim(raw.to_owned())),
    }
}

/// Signed points in tenths (`-1.5` → -15), blank → `None`.
fn signed_points(text: &str, column: usize, name: &'static str) -> FieldResult<Option<i32>> {
    let t = text.trim();
    if t.is_empty() {
        return Ok(None);
    }
    let (negative, digits) = match t.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, t),
    };
    let p = Points::parse(digits).ok_or((column, TrfErrorKind::NotANumber(name)))?;
    let tenths = i32::try_from(p.tenths()).map_err(|_| (column, TrfErrorKind::OutOfRange(name)))?;
    Ok(Some(if negative { -tenths } else { tenths }))
}

/// `299`: type in column 5, match points in 8–11, points in 14–17, the
/// round in 20–22 and pairing numbers from 24 (TRF-2026). The points may
/// start one column early (`[-]11.5` takes five), as FIDE's own sample
/// writes them, so each field is read with the blank before it.
fn parse_abnormal(chars: &[char]) -> FieldResult<AbnormalPoints> {
    let kind = char_at(chars, 5);
    if !matches!(
        kind.to_ascii_uppercase(),
        'W' | 'D' | 'L' | 'F' | 'H' | 'Z' | '+' | '-' | ' '
    ) {
        return Err((5, TrfErrorKind::BadResult(kind)));
    }
    let match_points = signed_points(&field(chars, 7, 5), 7, "match points")?;
    let points = signed_points(&field(chars, 13, 5), 13, "points")?;
    let round_text = field(chars, 19, 4);
    let round = if round_text.trim().is_empty() {
        None
    } else {
        Some(number::<u32>(&round_text, 19, "round number")?).filter(|&r| r != 0)
    };
    let mut participants = Vec::new();
    let mut column = 23;
    while column <= chars.len() {
        let text = field(chars, column, 5);
        if !text.trim().is_empty() {
            participants.push(start_number(&text, column)?);
        }
        column += 5;
    }
    Ok(AbnormalPoints {
        kind,
        match_points,
        points,
        round,
        participants,
    })
}

/// A National Rating Support line: three capital letters (a federation,
/// not an `XX?`/`BB?` extension or TRFx `DAT`), a blank, and a start number
/// in columns 5–8.
pub(super) fn is_nrs(chars: &[char]) -> bool {
    let tag: String = chars.iter().take(3).collect();
    let number = field(chars, 5, 4);
    tag.len() == 3
        && tag.chars().all(|c| c.is_ascii_uppercase())
        && !tag.starts_with("XX")
        && !tag.starts_with("BB")
        && tag != "DAT"
        && char_at(chars, 4) == ' '
        && !number.trim().is_empty()
        && number.trim().bytes().all(|b| b.is_ascii_digit())
}

fn parse_player(chars: &[char]) -> FieldResult<PlayerRecord> {
    let start_number = start_number(&field(chars, 5, 4), 5)?;
    let rating = optional_number(&field(chars, 49, 4), 49, "rating")?;
    let fide_id = optional_number(&field(chars, 58, 11), 58, "FIDE id")?;
    let points = points_field(&field(chars, 81, 4), 81, "points")?;
    let rank = optional_number(&field(chars, 86, 4), 86, "rank")?;
    let mut rounds = Vec::new();
    let mut column = 92;
    while column - 2 <= chars.len() {
        for blank in [column - 2, column - 1, column + 4, column + 6] {
            if char_at(chars, blank) != ' ' {
                return Err((blank, TrfErrorKind::ExpectedBlank));
            }
        }
        rounds.push(parse_cell(chars, column, start_number)?);
        column += 10;
    }
    while rounds.last().is_some_and(RoundCell::is_blank) {
        rounds.pop();
    }
    Ok(PlayerRecord {
        start_number,
        sex: char_at(chars, 10),
        title: field(chars, 11, 3).trim().to_owned(),
        name: field(chars, 15, 33).trim().to_owned(),
        rating,
        federation: field(chars, 54, 3).trim().to_owned(),
        fide_id,
        birth_date: field(chars, 70, 10).trim().to_owned(),
        points,
        rank,
        rounds,
    })
}

/// Whether `code` (upper case) is a result code of TRF16 or TRF-2026.
pub(super) fn is_result_code(code: char) -> bool {
    matches!(
        code,
        '1' | '0' | '=' | '+' | '-' | 'W' | 'D' | 'L' | 'H' | 'F' | 'U' | 'Z' | '?' | ' '
    )
}

fn parse_cell(chars: &[char], column: usize, me: StartNumber) -> FieldResult<RoundCell> {
    let opponent_text = field(chars, column, 4);
    let opponent = if opponent_text.trim().is_empty() {
        None
    } else {
        let n: StartNumber = number(&opponent_text, column, "opponent")?;
        if n > 9999 {
            return Err((column, TrfErrorKind::OutOfRange("opponent")));
        }
        Some(n)
    };
    let colour = char_at(chars, column + 5);
    if !matches!(colour, 'w' | 'b' | '-' | ' ') {
        return Err((column + 5, TrfErrorKind::BadColour(colour)));
    }
    let result = char_at(chars, column + 7);
    let code = result.to_ascii_uppercase();
    // A symbol no edition defines, on a game with an opponent and a colour,
    // is an unknown result (VCL4THP.13 Q166): kept, and read as `?`.
    let game = opponent.is_some_and(|o| o != 0 && o != me) && matches!(colour, 'w' | 'b');
    if !(is_result_code(code) || game && result.is_ascii_graphic()) {
        return Err((column + 7, TrfErrorKind::BadResult(result)));
    }
    match opponent.filter(|&o| o != 0) {
        Some(o) if o == me => return Err((column, TrfErrorKind::SelfPairing)),
        Some(_) => {
            if matches!(code, 'H' | 'F' | 'U' | 'Z') {
                return Err((column + 7, TrfErrorKind::ByeWithOpponent));
            }
            let forfeit = matches!(code, '+' | '-');
            if !(matches!(colour, 'w' | 'b') || forfeit && colour == '-') {
                return Err((column + 5, TrfErrorKind::BadColour(colour)));
            }
        }
        None => {
            if matches!(colour, 'w' | 'b') {
                return Err((column + 5, TrfErrorKind::GameWithoutOpponent));
            }
            if matches!(code, '1' | '0' | 'W' | 'D' | 'L' | '?') {
                return Err((column + 7, TrfErrorKind::GameWithoutOpponent));
            }
        }
    }
    Ok(RoundCell {
        opponent,
        colour,
        result,
    })
}

/// One `XXS` token: `CODE=points`.
pub(super) fn scoring_entry(token: &str) -> Option<(&str, Points)> {
    let (code, value) = token.split_once('=')?;
    let known = [
        "WW", "BW", "WD", "BD", "WL", "BL", "ZPB", "HPB", "FPB", "PAB", "FW", "FL", "W", "D", "L",
    ];
    if !known.contains(&code) {
        return None;
    }
    Some((code, Points::parse(value)?))
}
