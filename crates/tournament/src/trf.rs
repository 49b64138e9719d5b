//! FIDE Tournament Report File: TRF16 (C.04 Annex 2) and TRF-2026, import and
//! export.
//!
//! # Layout
//! A file is read in two steps:
//! 1. [`parse`] turns the text into a [`Document`]: one [`Line`] per line,
//!    each a typed [`Record`] (`001` players column by column, `XXR`, `XXC`,
//!    `XXS`, `XXP`, `XXA`, this crate's `XXG` grade points, `240`, `250`,
//!    `260`) or a header/unknown line kept
//!    verbatim. Every field is checked here; a defective line is refused with
//!    its line, column and reason ([`TrfError`]). Writing a `Document` back
//!    (`to_string`) reproduces the file column for column (trailing blanks
//!    and the spacing between `XX?` tokens are normalised).
//! 2. [`Document::to_tournament`] interprets it as a [`Tournament`], checking
//!    that both players of a game agree on opponent, colour and result.
//!
//! [`Document::from_tournament`] (and [`write_tournament`]) export a model in
//! either format; [`read_tournament`] does both import steps.
//!
//! # What the model keeps
//! Rounds are the columns up to the last one in which somebody was paired
//! (a game, `U`, or `+` against `0000`); one more column may only hold byes
//! and is read as requested byes for the next round (as pairing engines do).
//! Boards have no number in TRF: they are ordered by the lower start number of
//! the two players. Withdrawal and late-entry rounds, club, rating floor and
//! tie-break edition have no TRF field and are not exported; national ratings
//! are read from TRF-2026 National Rating Support records but not written.
//!
//! Columns are counted in characters (a name may hold non-ASCII letters);
//! [`decode`] reads bytes as UTF-8, or as Latin-1 when they are not UTF-8.

use std::collections::{BTreeMap, HashMap};
use std::fmt;

use crate::model::{
    Board, Bye, ByeKind, Colour, Date, EventInfo, GameResult, PairingOptions, Player, Points,
    Round, Scoring, Sex, StartNumber, System, Title, Tournament,
};

/// Which edition of the format to write.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Format {
    /// TRF16 with the JaVaFo/bbpPairings extensions (`XXR`, `XXC`, `XXS`, `XXP`, `XXA`).
    Trf16,
    /// TRF-2026 (`142`, `152`, `162`, `192`, `202`, `240`, `250`, `260`).
    Trf2026,
}

/// A defective file: where and why. Lines and columns are 1-based.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrfError {
    pub line: usize,
    pub column: usize,
    pub kind: TrfErrorKind,
}

/// Why a TRF line was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TrfErrorKind {
    /// A field that must be a number is not (names the field).
    NotANumber(&'static str),
    /// A number outside its range (names the field).
    OutOfRange(&'static str),
    /// A colour other than `w`, `b`, `-` or blank.
    BadColour(char),
    /// A result code other than `1 0 = + - W D L H F U Z` or blank.
    BadResult(char),
    /// A game result (`1 0 = W D L`) or colour without an opponent.
    GameWithoutOpponent,
    /// A bye code (`H F U Z`) next to an opponent.
    ByeWithOpponent,
    /// A player paired against himself.
    SelfPairing,
    /// A character where the format requires a blank.
    ExpectedBlank,
    /// Two `001` records with the same start number.
    DuplicateStartNumber(StartNumber),
    /// A start number no `001` record defines.
    UnknownPlayer(StartNumber),
    /// The two players of a game disagree (opponent, colour or result).
    Inconsistent { round: u32, other: StartNumber },
    /// Bye columns for more than one round after the last paired round.
    TooManyFutureRounds,
    /// A malformed `XXS`/`162` scoring entry.
    BadScoring,
    /// A bye type in a `240` record other than `F`, `H`, `Z`.
    BadByeType(char),
    /// A record this crate deliberately does not accept (names it).
    Unsupported(&'static str),
}

impl fmt::Display for TrfErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TrfErrorKind::NotANumber(field) => write!(f, "{field} is not a number"),
            TrfErrorKind::OutOfRange(field) => write!(f, "{field} is out of range"),
            TrfErrorKind::BadColour(c) => write!(f, "colour must be w, b or -, not {c:?}"),
            TrfErrorKind::BadResult(c) => {
                write!(
                    f,
                    "result must be one of 1 0 = + - W D L H F U Z, not {c:?}"
                )
            }
            TrfErrorKind::GameWithoutOpponent => {
                write!(f, "a game result or colour needs an opponent")
            }
            TrfErrorKind::ByeWithOpponent => write!(f, "a bye code needs opponent 0000"),
            TrfErrorKind::SelfPairing => write!(f, "a player cannot be his own opponent"),
            TrfErrorKind::ExpectedBlank => write!(f, "this column must be blank"),
            TrfErrorKind::DuplicateStartNumber(n) => write!(f, "start number {n} is repeated"),
            TrfErrorKind::UnknownPlayer(n) => write!(f, "no player has start number {n}"),
            TrfErrorKind::Inconsistent { round, other } => write!(
                f,
                "round {round} disagrees with player {other}'s record (opponent, colour or result)"
            ),
            TrfErrorKind::TooManyFutureRounds => {
                write!(
                    f,
                    "byes may be given for one round after the last paired round only"
                )
            }
            TrfErrorKind::BadScoring => write!(f, "malformed scoring entry"),
            TrfErrorKind::BadByeType(c) => write!(f, "bye type must be F, H or Z, not {c:?}"),
            TrfErrorKind::Unsupported(what) => write!(f, "{what} are not supported"),
        }
    }
}

impl fmt::Display for TrfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.kind
        )
    }
}

impl std::error::Error for TrfError {}

/// One round column of a `001` record (columns 92–99 for round 1, +10 per round).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RoundCell {
    /// `None` for four blanks, `Some(0)` for `0000`, else the opponent.
    pub opponent: Option<StartNumber>,
    /// `w`, `b`, `-` or blank.
    pub colour: char,
    /// The result code as written (case kept).
    pub result: char,
}

impl RoundCell {
    /// A completely blank cell (not paired, nothing recorded).
    pub const BLANK: RoundCell = RoundCell {
        opponent: None,
        colour: ' ',
        result: ' ',
    };

    fn is_blank(&self) -> bool {
        *self == RoundCell::BLANK
    }

    fn real_opponent(&self) -> Option<StartNumber> {
        self.opponent.filter(|&o| o != 0)
    }
}

/// A `001` player record, field by field.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerRecord {
    pub start_number: StartNumber,
    /// Column 10 as written (`m`, `w`, blank, …).
    pub sex: char,
    /// Columns 11–13, trimmed (`g`, `wm`, `GM`, …).
    pub title: String,
    pub name: String,
    pub rating: Option<u16>,
    pub federation: String,
    pub fide_id: Option<u64>,
    /// Columns 70–79, trimmed (`1978`, `1990/01/01`).
    pub birth_date: String,
    pub points: Option<Points>,
    pub rank: Option<u32>,
    pub rounds: Vec<RoundCell>,
}

/// A typed TRF record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Record {
    /// `001`.
    Player(PlayerRecord),
    /// A tournament record `??2` (012–222, …) or any other line, kept verbatim.
    Verbatim(String),
    /// `XXR n`: number of rounds.
    Rounds(u32),
    /// `XXC` tokens (`rank`, `white1`, `black1`, …).
    Configuration(Vec<String>),
    /// `XXS` tokens (`WW=1`, `D=0.5`, …), validated.
    Scoring(Vec<String>),
    /// `XXZ` start numbers: absent from the round to be paired (JaVaFo).
    Absent(Vec<StartNumber>),
    /// `XXP` start numbers: no two of them may meet.
    ForbiddenPairs(Vec<StartNumber>),
    /// `XXA`: acceleration points for one player, round by round (`None` = blank).
    Acceleration {
        player: StartNumber,
        points: Vec<Option<Points>>,
    },
    /// `XXG start-number points`: the player's points in the club
    /// grade-points scheme (`laws.md`, "Grade points"). An extension of this
    /// crate in the `XX?` family pairing programs use (neither TRF16 nor
    /// TRF-2026 has a grade field); written in both formats, one line per
    /// player with grade points, after the player records' extensions.
    Grade { player: StartNumber, points: u32 },
    /// TRF-2026 `240`: byes of one kind for one round.
    Byes {
        kind: ByeKind,
        round: u32,
        players: Vec<StartNumber>,
    },
    /// TRF-2026 `250`: fictitious points for a range of rounds and players.
    AcceleratedRounds {
        match_points: Option<Points>,
        game_points: Points,
        first_round: u32,
        last_round: u32,
        first_player: StartNumber,
        last_player: StartNumber,
    },
    /// TRF-2026 National Rating Support record: a `001`-like line introduced
    /// by a federation code, giving a player's national rating (columns
    /// 49–52). Kept verbatim for export.
    NationalRating {
        federation: String,
        player: StartNumber,
        rating: Option<u16>,
        raw: String,
    },
    /// TRF-2026 `260`: players who may not meet in a range of rounds.
    ProhibitedPairings {
        first_round: u32,
        last_round: u32,
        players: Vec<StartNumber>,
    },
}

/// A record and the line it came from (1-based; 0 for generated lines).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    pub number: usize,
    pub record: Record,
}

/// A parsed TRF file.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Document {
    pub lines: Vec<Line>,
    /// The line terminator found in the file (`"\n"`, `"\r\n"` or `"\r"`).
    pub line_ending: String,
}

/// Decodes a file's bytes: UTF-8 (a byte-order mark is dropped), else Latin-1.
pub fn decode(bytes: &[u8]) -> String {
    let bytes = bytes.strip_prefix(&[0xEF, 0xBB, 0xBF]).unwrap_or(bytes);
    match std::str::from_utf8(bytes) {
        Ok(text) => text.to_owned(),
        Err(_) => bytes.iter().map(|&b| char::from(b)).collect(),
    }
}

/// Reads a TRF (TRF16 or TRF-2026) into a tournament.
pub fn read_tournament(text: &str) -> Result<Tournament, TrfError> {
    parse(text)?.to_tournament()
}

/// Writes a tournament as TRF in the given format. Values that do not fit
/// their columns (see [`try_write_tournament`]) break the column layout.
pub fn write_tournament(tournament: &Tournament, format: Format) -> String {
    Document::from_tournament(tournament, format).to_string()
}

/// A value that does not fit its TRF field.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ExportError {
    /// Start numbers are 1–9999 (columns 5–8).
    StartNumber(StartNumber),
    /// Ratings have four columns (49–52).
    Rating { player: StartNumber, rating: u16 },
    /// FIDE ids have eleven columns (58–68).
    FideId { player: StartNumber, id: u64 },
    /// Points have four columns (81–84): at most 99.9.
    Points { player: StartNumber, points: Points },
    /// Round numbers in `240`/`250`/`260` records have three columns.
    Round(u32),
}

impl fmt::Display for ExportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExportError::StartNumber(n) => write!(f, "start number {n} is above 9999"),
            ExportError::Rating { player, rating } => {
                write!(f, "player {player}: rating {rating} has more than 4 digits")
            }
            ExportError::FideId { player, id } => {
                write!(f, "player {player}: FIDE id {id} has more than 11 digits")
            }
            ExportError::Points { player, points } => {
                write!(f, "player {player}: {points} points do not fit 4 columns")
            }
            ExportError::Round(r) => write!(f, "round {r} is above 999"),
        }
    }
}

impl std::error::Error for ExportError {}

/// Like [`write_tournament`], but refuses values that do not fit their
/// columns instead of writing a file other programs would misread.
pub fn try_write_tournament(
    tournament: &Tournament,
    format: Format,
) -> Result<String, ExportError> {
    let document = Document::from_tournament(tournament, format);
    for line in &document.lines {
        match &line.record {
            Record::Player(p) => {
                let n = p.start_number;
                if n == 0 || n > 9999 {
                    return Err(ExportError::StartNumber(n));
                }
                if let Some(rating) = p.rating.filter(|&r| r > 9999) {
                    return Err(ExportError::Rating { player: n, rating });
                }
                if let Some(id) = p.fide_id.filter(|&id| id > 99_999_999_999) {
                    return Err(ExportError::FideId { player: n, id });
                }
                if let Some(points) = p.points.filter(|p| p.tenths() > 999) {
                    return Err(ExportError::Points { player: n, points });
                }
            }
            Record::Byes { round, .. } if *round > 999 => return Err(ExportError::Round(*round)),
            Record::ProhibitedPairings { last_round, .. }
            | Record::AcceleratedRounds { last_round, .. }
                if *last_round > 999 =>
            {
                return Err(ExportError::Round(*last_round));
            }
            _ => {}
        }
    }
    Ok(document.to_string())
}

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
    let (raw_lines, line_ending) = split_lines(text);
    let mut lines = Vec::with_capacity(raw_lines.len());
    for (index, raw) in raw_lines.iter().enumerate() {
        let number = index + 1;
        let chars: Vec<char> = raw.chars().collect();
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
fn field(chars: &[char], column: usize, len: usize) -> String {
    (column - 1..column - 1 + len)
        .map(|i| chars.get(i).copied().unwrap_or(' '))
        .collect()
}

fn char_at(chars: &[char], column: usize) -> char {
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

fn points_field(text: &str, column: usize, name: &'static str) -> FieldResult<Option<Points>> {
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

fn round_number(text: &str, column: usize) -> FieldResult<u32> {
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
            let game_points = points_field(&field(chars, 10, 4), 10, "game points")?
                .filter(|p| *p != Points::ZERO)
                .ok_or((10, TrfErrorKind::OutOfRange("game points")))?;
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
        _ if is_nrs(chars) => {
            let player = start_number(&field(chars, 5, 4), 5)?;
            let rating = optional_number(&field(chars, 49, 4), 49, "national rating")?;
            Ok(Record::NationalRating {
                federation: tag,
                player,
                rating,
                raw: raw.to_owned(),
            })
        }
        _ => Ok(Record::Verbatim(raw.to_owned())),
    }
}

/// A National Rating Support line: three capital letters (a federation,
/// not an `XX?`/`BB?` extension or TRFx `DAT`), a blank, and a start number
/// in columns 5–8.
fn is_nrs(chars: &[char]) -> bool {
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
    if !matches!(
        code,
        '1' | '0' | '=' | '+' | '-' | 'W' | 'D' | 'L' | 'H' | 'F' | 'U' | 'Z' | ' '
    ) {
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
            if matches!(code, '1' | '0' | 'W' | 'D' | 'L') {
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
fn scoring_entry(token: &str) -> Option<(&str, Points)> {
    let (code, value) = token.split_once('=')?;
    let known = [
        "WW", "BW", "WD", "BD", "WL", "BL", "ZPB", "HPB", "FPB", "PAB", "FW", "FL", "W", "D", "L",
    ];
    if !known.contains(&code) {
        return None;
    }
    Some((code, Points::parse(value)?))
}

fn apply_xxs(scoring: &mut Scoring, code: &str, p: Points) {
    match code {
        "WW" => scoring.win_white = p,
        "BW" => scoring.win_black = p,
        "WD" => scoring.draw_white = p,
        "BD" => scoring.draw_black = p,
        "WL" => scoring.loss_white = p,
        "BL" => scoring.loss_black = p,
        "ZPB" => scoring.zero_point_bye = p,
        "HPB" => scoring.half_point_bye = p,
        "FPB" => scoring.full_point_bye = p,
        "PAB" => scoring.pairing_allocated_bye = p,
        "FW" => scoring.forfeit_win = p,
        "FL" => scoring.forfeit_loss = p,
        // JaVaFo: W encompasses WW, BW, FW, FPB; D encompasses WD, BD, HPB.
        "W" => {
            scoring.win_white = p;
            scoring.win_black = p;
            scoring.forfeit_win = p;
            scoring.full_point_bye = p;
        }
        "D" => {
            scoring.draw_white = p;
            scoring.draw_black = p;
            scoring.half_point_bye = p;
        }
        "L" => {
            scoring.loss_white = p;
            scoring.loss_black = p;
        }
        _ => {}
    }
}

fn bye_kind_of_cell(cell: &RoundCell) -> ByeKind {
    match cell.result.to_ascii_uppercase() {
        'U' | '+' => ByeKind::PairingAllocated,
        'F' => ByeKind::FullPoint,
        'H' | '=' => ByeKind::HalfPoint,
        '-' => ByeKind::Absent,
        _ => ByeKind::ZeroPoint,
    }
}

/// Whether the cell shows the player took part in that round's pairing.
fn cell_was_paired(cell: &RoundCell) -> bool {
    cell.real_opponent().is_some() || matches!(cell.result.to_ascii_uppercase(), 'U' | '+')
}

fn board_result(white: char, black: char) -> Option<(GameResult, bool)> {
    Some(
        match (white.to_ascii_uppercase(), black.to_ascii_uppercase()) {
            ('1', '0') => (GameResult::WhiteWins, true),
            ('0', '1') => (GameResult::BlackWins, true),
            ('=', '=') => (GameResult::Draw, true),
            ('W', 'L') => (GameResult::WhiteWins, false),
            ('L', 'W') => (GameResult::BlackWins, false),
            ('D', 'D') => (GameResult::Draw, false),
            ('+', '-') => (GameResult::WhiteWinsByForfeit, true),
            ('-', '+') => (GameResult::BlackWinsByForfeit, true),
            ('-', '-') => (GameResult::DoubleForfeit, true),
            (' ', ' ') => (GameResult::NotPlayed, true),
            _ => return None,
        },
    )
}

fn result_codes(board: &Board) -> (char, char) {
    match (board.result, board.rated) {
        (GameResult::WhiteWins, true) => ('1', '0'),
        (GameResult::BlackWins, true) => ('0', '1'),
        (GameResult::Draw, true) => ('=', '='),
        (GameResult::WhiteWins, false) => ('W', 'L'),
        (GameResult::BlackWins, false) => ('L', 'W'),
        (GameResult::Draw, false) => ('D', 'D'),
        (GameResult::WhiteWinsByForfeit, _) => ('+', '-'),
        (GameResult::BlackWinsByForfeit, _) => ('-', '+'),
        (GameResult::DoubleForfeit, _) => ('-', '-'),
        (GameResult::NotPlayed, _) => (' ', ' '),
    }
}

fn bye_code(kind: ByeKind) -> char {
    match kind {
        ByeKind::PairingAllocated => 'U',
        ByeKind::FullPoint => 'F',
        ByeKind::HalfPoint => 'H',
        ByeKind::ZeroPoint => 'Z',
        ByeKind::Absent => '-',
    }
}

fn parse_date(text: &str) -> Option<Date> {
    let parts: Vec<&str> = text.split(['/', '-', '.']).collect();
    let year: u16 = parts.first()?.parse().ok()?;
    if year == 0 {
        return None;
    }
    let month: u8 = parts.get(1).map_or(Some(0), |m| m.parse().ok())?;
    let day: u8 = parts.get(2).map_or(Some(0), |d| d.parse().ok())?;
    (month <= 12 && day <= 31).then_some(Date { year, month, day })
}

fn format_date(date: Date) -> String {
    if date.month == 0 && date.day == 0 {
        format!("{:04}", date.year)
    } else {
        format!("{:04}/{:02}/{:02}", date.year, date.month, date.day)
    }
}

/// Header text after the tag (column 5 on), trimmed.
fn header_value(raw: &str) -> String {
    raw.chars().skip(4).collect::<String>().trim().to_owned()
}

fn error(line: usize, column: usize, kind: TrfErrorKind) -> TrfError {
    TrfError { line, column, kind }
}

/// Detects the pairing system from 092/192 text.
fn system_from_text(text: &str) -> Option<System> {
    let t = text.to_ascii_lowercase();
    let rr = t.contains("round robin")
        || t.contains("round-robin")
        || t.contains("round_robin")
        || t.contains("berger");
    if rr && t.contains("double") {
        Some(System::DoubleRoundRobin)
    } else if rr {
        Some(System::RoundRobin)
    } else if t.contains("swiss") || t.contains("dutch") {
        Some(System::Swiss)
    } else {
        None
    }
}

impl Document {
    /// Which format the file uses: TRF-2026 if it holds any record only
    /// TRF-2026 defines (142–222, 240, 250, 260, `###` comments).
    pub fn format(&self) -> Format {
        let new = self.lines.iter().any(|line| match &line.record {
            Record::Byes { .. }
            | Record::AcceleratedRounds { .. }
            | Record::ProhibitedPairings { .. }
            | Record::NationalRating { .. } => true,
            Record::Verbatim(raw) => [
                "142", "152", "162", "172", "182", "192", "202", "212", "222", "###",
            ]
            .iter()
            .any(|tag| raw.starts_with(tag)),
            _ => false,
        });
        if new { Format::Trf2026 } else { Format::Trf16 }
    }

    /// Interprets the document as a tournament.
    pub fn to_tournament(&self) -> Result<Tournament, TrfError> {
        let mut t = Tournament::default();
        let mut info = EventInfo::default();
        let mut pairing = PairingOptions::default();
        let mut scoring = Scoring::default();
        let mut absent_next: Vec<StartNumber> = Vec::new();
        let mut records: Vec<(usize, &PlayerRecord)> = Vec::new();
        for line in &self.lines {
            let n = line.number;
            match &line.record {
                Record::Player(p) => records.push((n, p)),
                Record::Rounds(r) => t.planned_rounds = *r,
                Record::Configuration(tokens) => {
                    for token in tokens {
                        match token.as_str() {
                            "rank" => pairing.use_rank = true,
                            "white1" => pairing.initial_colour = Some(Colour::White),
                            "black1" => pairing.initial_colour = Some(Colour::Black),
                            _ => {}
                        }
                    }
                }
                Record::Scoring(tokens) => {
                    // Later entries override earlier ones; unnamed codes keep
                    // their standard value (PAB stays 1 unless given).
                    for token in tokens {
                        if let Some((code, p)) = scoring_entry(token) {
                            apply_xxs(&mut scoring, code, p);
                        }
                    }
                }
                Record::Absent(players) => absent_next.extend(players.iter().copied()),
                Record::ForbiddenPairs(players) => pairing.forbidden_pairs.push(players.clone()),
                Record::Acceleration { player, points } => {
                    pairing.accelerations.insert(
                        *player,
                        points.iter().map(|p| p.unwrap_or(Points::ZERO)).collect(),
                    );
                }
                Record::Byes { .. }
                | Record::AcceleratedRounds { .. }
                | Record::NationalRating { .. }
                | Record::Grade { .. } => {}
                Record::ProhibitedPairings {
                    first_round,
                    last_round,
                    players,
                } => {
                    pairing
                        .forbidden_pairs_in_rounds
                        .push(crate::model::ForbiddenInRounds {
                            first_round: *first_round,
                            last_round: *last_round,
                            players: players.clone(),
                        });
                }
                Record::Verbatim(raw) => {
                    self.header(raw, n, &mut t, &mut info, &mut pairing, &mut scoring)?;
                }
            }
        }
        t.info = info;
        t.scoring = scoring;

        // Players, sorted by start number, unique.
        records.sort_by_key(|(_, p)| p.start_number);
        for pair in records.windows(2) {
            if pair[0].1.start_number == pair[1].1.start_number {
                let (line, p) = pair[1];
                return Err(error(
                    line,
                    5,
                    TrfErrorKind::DuplicateStartNumber(p.start_number),
                ));
            }
        }
        let by_number: BTreeMap<StartNumber, (usize, &PlayerRecord)> = records
            .iter()
            .map(|&(line, p)| (p.start_number, (line, p)))
            .collect();
        t.players = records
            .iter()
            .map(|&(_, p)| player_from_record(p))
            .collect();
        for line in &self.lines {
            if let Record::NationalRating { player, rating, .. } = &line.record {
                let index = t
                    .players
                    .binary_search_by_key(player, |x| x.start_number)
                    .map_err(|_| error(line.number, 5, TrfErrorKind::UnknownPlayer(*player)))?;
                t.players[index].national_rating = *rating;
            }
            if let Record::Grade { player, points } = &line.record {
                let index = t
                    .players
                    .binary_search_by_key(player, |x| x.start_number)
                    .map_err(|_| error(line.number, 5, TrfErrorKind::UnknownPlayer(*player)))?;
                t.players[index].grade_points = Some(*points);
            }
        }

        // Acceleration by ranges (250) now that players are known.
        for line in &self.lines {
            if let Record::AcceleratedRounds {
                game_points,
                first_round,
                last_round,
                first_player,
                last_player,
                ..
            } = &line.record
            {
                for player in *first_player..=*last_player {
                    if !by_number.contains_key(&player) {
                        continue;
                    }
                    let list = pairing.accelerations.entry(player).or_default();
                    let needed = usize::try_from(*last_round).unwrap_or(usize::MAX);
                    if list.len() < needed {
                        list.resize(needed, Points::ZERO);
                    }
                    for round in *first_round..=*last_round {
                        list[round as usize - 1] = *game_points;
                    }
                }
            }
        }
        let check_known = |players: &[StartNumber], line: usize| -> Result<(), TrfError> {
            match players.iter().find(|p| !by_number.contains_key(p)) {
                Some(&p) => Err(error(line, 5, TrfErrorKind::UnknownPlayer(p))),
                None => Ok(()),
            }
        };
        for line in &self.lines {
            match &line.record {
                Record::ForbiddenPairs(players)
                | Record::Absent(players)
                | Record::ProhibitedPairings { players, .. }
                | Record::Byes { players, .. } => check_known(players, line.number)?,
                Record::Acceleration { player, .. } => {
                    check_known(std::slice::from_ref(player), line.number)?;
                }
                _ => {}
            }
        }
        // Canonical form: no trailing zero rounds, no all-zero players.
        for list in pairing.accelerations.values_mut() {
            while list.last() == Some(&Points::ZERO) {
                list.pop();
            }
        }
        pairing.accelerations.retain(|_, list| !list.is_empty());
        t.pairing = pairing;

        // Rounds.
        let paired_rounds = records
            .iter()
            .filter_map(|(_, p)| p.rounds.iter().rposition(cell_was_paired).map(|i| i + 1))
            .max()
            .unwrap_or(0);
        for &(line, p) in &records {
            if p.rounds.len() > paired_rounds + 1 {
                let column = 92 + 10 * (paired_rounds + 1);
                return Err(error(line, column, TrfErrorKind::TooManyFutureRounds));
            }
        }
        for round_index in 0..paired_rounds {
            let round_number = u32::try_from(round_index + 1).unwrap_or(u32::MAX);
            let mut round = Round::default();
            for &(line, p) in &records {
                let Some(cell) = p.rounds.get(round_index) else {
                    continue;
                };
                let column = 92 + 10 * round_index;
                if cell.is_blank() {
                    continue;
                }
                let Some(q) = cell.real_opponent() else {
                    round.byes.push(Bye {
                        player: p.start_number,
                        kind: bye_kind_of_cell(cell),
                    });
                    continue;
                };
                let &(_, other) = by_number
                    .get(&q)
                    .ok_or_else(|| error(line, column, TrfErrorKind::UnknownPlayer(q)))?;
                let inconsistent = || {
                    error(
                        line,
                        column,
                        TrfErrorKind::Inconsistent {
                            round: round_number,
                            other: q,
                        },
                    )
                };
                let theirs = other
                    .rounds
                    .get(round_index)
                    .copied()
                    .unwrap_or(RoundCell::BLANK);
                if theirs.real_opponent() != Some(p.start_number) {
                    return Err(inconsistent());
                }
                let white_is_me = match (cell.colour, theirs.colour) {
                    ('w', 'b') => true,
                    ('b', 'w') => false,
                    ('-', '-') => p.start_number < q,
                    _ => return Err(inconsistent()),
                };
                let (white_code, black_code) = if white_is_me {
                    (cell.result, theirs.result)
                } else {
                    (theirs.result, cell.result)
                };
                let (result, rated) =
                    board_result(white_code, black_code).ok_or_else(inconsistent)?;
                if white_is_me {
                    round.boards.push(Board {
                        white: p.start_number,
                        black: q,
                        result,
                        rated,
                    });
                }
            }
            round.boards.sort_by_key(|b| b.white.min(b.black));
            t.rounds.push(round);
        }

        // Requested byes: the column after the last paired round, and 240 records.
        for (&(_, p), player) in records.iter().zip(t.players.iter_mut()) {
            if let Some(cell) = p.rounds.get(paired_rounds).filter(|c| !c.is_blank()) {
                let kind = match bye_kind_of_cell(cell) {
                    ByeKind::Absent => ByeKind::ZeroPoint,
                    other => other,
                };
                let next = u32::try_from(paired_rounds + 1).unwrap_or(u32::MAX);
                player.requested_byes.insert(next, kind);
            }
        }
        let next = u32::try_from(paired_rounds + 1).unwrap_or(u32::MAX);
        for p in absent_next {
            if let Ok(i) = t.players.binary_search_by_key(&p, |x| x.start_number) {
                t.players[i].requested_byes.insert(next, ByeKind::ZeroPoint);
            }
        }
        for line in &self.lines {
            if let Record::Byes {
                kind,
                round,
                players,
            } = &line.record
            {
                for p in players {
                    if let Ok(i) = t.players.binary_search_by_key(p, |x| x.start_number) {
                        t.players[i].requested_byes.insert(*round, *kind);
                    }
                }
            }
        }
        Ok(t)
    }

    /// Interprets one verbatim line (tournament records).
    fn header(
        &self,
        raw: &str,
        line: usize,
        t: &mut Tournament,
        info: &mut EventInfo,
        pairing: &mut PairingOptions,
        scoring: &mut Scoring,
    ) -> Result<(), TrfError> {
        let tag: String = raw.chars().take(3).collect();
        let value = header_value(raw);
        let some = |v: &str| (!v.is_empty()).then(|| v.to_owned());
        match tag.as_str() {
            "012" => t.name = value,
            "022" => info.city = some(&value),
            "032" => info.federation = some(&value),
            "042" => info.start_date = some(&value),
            "052" => info.end_date = some(&value),
            "092" => {
                if let Some(system) = system_from_text(&value) {
                    t.system = system;
                }
                info.kind = some(&value);
            }
            "102" => info.chief_arbiter = some(&value),
            "112" => info.deputy_arbiters.extend(some(&value)),
            "122" => info.time_control = some(&value),
            "132" => {
                let chars: Vec<char> = raw.chars().collect();
                let mut dates = Vec::new();
                let mut column = 92;
                while column <= chars.len() {
                    dates.push(field(&chars, column, 8).trim().to_owned());
                    column += 10;
                }
                while dates.last().is_some_and(String::is_empty) {
                    dates.pop();
                }
                info.round_dates = dates;
            }
            "142" => {
                let column = raw.find(|c: char| c.is_ascii_digit()).map_or(5, |i| i + 1);
                t.planned_rounds = round_number(&value, column)
                    .map_err(|(column, kind)| error(line, column, kind))?;
            }
            "152" => {
                pairing.initial_colour = match value.as_str() {
                    "W" | "w" => Some(Colour::White),
                    "B" | "b" => Some(Colour::Black),
                    _ => {
                        let c = value.chars().next().unwrap_or(' ');
                        return Err(error(line, 5, TrfErrorKind::BadColour(c)));
                    }
                };
            }
            "162" => {
                // Groups of 9 columns from column 6: code, then 4 columns of points.
                let chars: Vec<char> = raw.chars().collect();
                let mut column = 6;
                let mut pab = None;
                let (mut win, mut draw, mut loss, mut absent) = (None, None, None, None);
                while column <= chars.len() {
                    let code = char_at(&chars, column);
                    let p = points_field(&field(&chars, column + 1, 4), column + 1, "points")
                        .map_err(|(c, k)| error(line, c, k))?
                        .ok_or_else(|| error(line, column + 1, TrfErrorKind::BadScoring))?;
                    match code {
                        'W' => win = Some(p),
                        'D' => draw = Some(p),
                        'L' => loss = Some(p),
                        'A' => absent = Some(p),
                        'P' => pab = Some(p),
                        'X' => {}
                        _ => return Err(error(line, column, TrfErrorKind::BadScoring)),
                    }
                    column += 9;
                }
                let base = Scoring::new(
                    win.unwrap_or(Points::ONE),
                    draw.unwrap_or(Points::HALF),
                    loss.unwrap_or(Points::ZERO),
                );
                let absent = absent.unwrap_or(Points::ZERO);
                *scoring = Scoring {
                    zero_point_bye: absent,
                    forfeit_loss: absent,
                    absent,
                    pairing_allocated_bye: pab.unwrap_or(base.win_white),
                    ..base
                };
            }
            "192" => {
                if let Some(system) = system_from_text(&value) {
                    t.system = system;
                }
                pairing.baku = value.to_ascii_uppercase().ends_with("_BAKU");
            }
            "202" => {
                t.tiebreaks = value
                    .split(',')
                    .map(|s| s.trim().to_owned())
                    .filter(|s| !s.is_empty())
                    .collect();
            }
            "299" => {
                return Err(error(
                    line,
                    1,
                    TrfErrorKind::Unsupported("abnormal assignment points (299)"),
                ));
            }
            "013" | "310" => {
                return Err(error(
                    line,
                    1,
                    TrfErrorKind::Unsupported("team tournaments"),
                ));
            }
            _ => {}
        }
        Ok(())
    }

    /// Builds the document for a tournament in the given format.
    pub fn from_tournament(t: &Tournament, format: Format) -> Document {
        let mut out: Vec<Record> = Vec::new();
        let mut verbatim = |tag: &str, value: &str| {
            out.push(Record::Verbatim(format!("{tag} {value}")));
        };
        verbatim("012", &t.name);
        let info = &t.info;
        for (tag, value) in [
            ("022", &info.city),
            ("032", &info.federation),
            ("042", &info.start_date),
            ("052", &info.end_date),
        ] {
            if let Some(v) = value {
                verbatim(tag, v);
            }
        }
        verbatim("062", &t.players.len().to_string());
        let rated = t
            .players
            .iter()
            .filter(|p| p.fide_rating.is_some_and(|r| r > 0))
            .count();
        verbatim("072", &rated.to_string());
        if let Some(kind) = &info.kind {
            verbatim("092", kind);
        }
        if let Some(v) = &info.chief_arbiter {
            verbatim("102", v);
        }
        for deputy in &info.deputy_arbiters {
            verbatim("112", deputy);
        }
        if let Some(v) = &info.time_control {
            verbatim("122", v);
        }
        if !info.round_dates.is_empty() {
            let mut line = format!("{:<89}", "132");
            for date in &info.round_dates {
                line.push_str(&format!("  {date:<8}"));
            }
            out.push(Record::Verbatim(line.trim_end().to_owned()));
        }
        let p = &t.pairing;
        match format {
            Format::Trf16 => {
                if t.planned_rounds > 0 {
                    out.push(Record::Rounds(t.planned_rounds));
                }
                let mut xxc = Vec::new();
                if p.use_rank {
                    xxc.push("rank".to_owned());
                }
                match p.initial_colour {
                    Some(Colour::White) => xxc.push("white1".to_owned()),
                    Some(Colour::Black) => xxc.push("black1".to_owned()),
                    None => {}
                }
                if !xxc.is_empty() {
                    out.push(Record::Configuration(xxc));
                }
                if t.scoring != Scoring::default() {
                    out.push(Record::Scoring(xxs_tokens(&t.scoring)));
                }
            }
            Format::Trf2026 => {
                if t.planned_rounds > 0 {
                    out.push(Record::Verbatim(format!("142 {}", t.planned_rounds)));
                }
                match p.initial_colour {
                    Some(Colour::White) => out.push(Record::Verbatim("152 W".into())),
                    Some(Colour::Black) => out.push(Record::Verbatim("152 B".into())),
                    None => {}
                }
                if t.scoring != Scoring::default() {
                    match scoring_162(&t.scoring) {
                        Some(line) => out.push(Record::Verbatim(line)),
                        None => out.push(Record::Scoring(xxs_tokens(&t.scoring))),
                    }
                }
                if p.baku {
                    out.push(Record::Verbatim("192 FIDE_DUTCH_2025_BAKU".into()));
                }
                if !t.tiebreaks.is_empty() {
                    out.push(Record::Verbatim(format!("202 {}", t.tiebreaks.join(","))));
                }
                if p.use_rank {
                    out.push(Record::Configuration(vec!["rank".into()]));
                }
            }
        }
        for group in &p.forbidden_pairs {
            out.push(Record::ForbiddenPairs(group.clone()));
        }
        for f in &p.forbidden_pairs_in_rounds {
            out.push(Record::ProhibitedPairings {
                first_round: f.first_round,
                last_round: f.last_round,
                players: f.players.clone(),
            });
        }
        for player in &t.players {
            if let Some(points) = player.grade_points {
                out.push(Record::Grade {
                    player: player.start_number,
                    points,
                });
            }
        }
        for (&player, points) in &p.accelerations {
            match format {
                Format::Trf16 => out.push(Record::Acceleration {
                    player,
                    points: points.iter().map(|&x| Some(x)).collect(),
                }),
                Format::Trf2026 => {
                    // One 250 record per run of equal non-zero points.
                    let mut start = 0;
                    while start < points.len() {
                        let mut end = start;
                        while end + 1 < points.len() && points[end + 1] == points[start] {
                            end += 1;
                        }
                        if points[start] != Points::ZERO {
                            out.push(Record::AcceleratedRounds {
                                match_points: None,
                                game_points: points[start],
                                first_round: start as u32 + 1,
                                last_round: end as u32 + 1,
                                first_player: player,
                                last_player: player,
                            });
                        }
                        start = end + 1;
                    }
                }
            }
        }
        // Requested byes beyond the next round go into 240 records.
        let next = t.rounds_paired() + 1;
        let mut later: BTreeMap<(u32, ByeKind), Vec<StartNumber>> = BTreeMap::new();
        for player in &t.players {
            for (&round, &kind) in &player.requested_byes {
                let kind = match kind {
                    ByeKind::FullPoint | ByeKind::HalfPoint | ByeKind::ZeroPoint => kind,
                    ByeKind::Absent => ByeKind::ZeroPoint,
                    ByeKind::PairingAllocated => continue,
                };
                if round != next {
                    later
                        .entry((round, kind))
                        .or_default()
                        .push(player.start_number);
                }
            }
        }
        for ((round, kind), players) in later {
            out.push(Record::Byes {
                kind,
                round,
                players,
            });
        }
        let cells: Vec<_> = t.rounds.iter().map(|round| round_cells(t, round)).collect();
        for player in &t.players {
            out.push(Record::Player(record_from_player(t, &cells, player, next)));
        }
        Document {
            lines: out
                .into_iter()
                .map(|record| Line { number: 0, record })
                .collect(),
            line_ending: "\n".to_owned(),
        }
    }
}

fn xxs_tokens(s: &Scoring) -> Vec<String> {
    let entries = [
        ("WW", s.win_white),
        ("BW", s.win_black),
        ("WD", s.draw_white),
        ("BD", s.draw_black),
        ("WL", s.loss_white),
        ("BL", s.loss_black),
        ("ZPB", s.zero_point_bye),
        ("HPB", s.half_point_bye),
        ("FPB", s.full_point_bye),
        ("PAB", s.pairing_allocated_bye),
        ("FW", s.forfeit_win),
        ("FL", s.forfeit_loss),
    ];
    entries
        .iter()
        .map(|(code, p)| format!("{code}={}", short_points(*p)))
        .collect()
}

/// `1`, `0.5`, `3` — the short form JaVaFo writes in `XXS`.
fn short_points(p: Points) -> String {
    if p.tenths().is_multiple_of(10) {
        (p.tenths() / 10).to_string()
    } else {
        p.to_string()
    }
}

/// The TRF-2026 `162` line, if the scoring fits its five codes.
fn scoring_162(s: &Scoring) -> Option<String> {
    let candidate = Scoring {
        zero_point_bye: s.absent,
        forfeit_loss: s.absent,
        pairing_allocated_bye: s.pairing_allocated_bye,
        ..Scoring::new(s.win_white, s.draw_white, s.loss_white)
    };
    if candidate != *s {
        return None;
    }
    let mut line = "162 ".to_owned();
    for (code, p) in [
        ('W', s.win_white),
        ('D', s.draw_white),
        ('L', s.loss_white),
        ('A', s.absent),
        ('P', s.pairing_allocated_bye),
    ] {
        line.push_str(&format!(" {code}{p:>4}   "));
    }
    Some(line.trim_end().to_owned())
}

fn player_from_record(p: &PlayerRecord) -> Player {
    let sex = match p.sex {
        'm' | 'M' => Some(Sex::Male),
        'w' | 'W' | 'f' | 'F' => Some(Sex::Female),
        _ => None,
    };
    Player {
        start_number: p.start_number,
        name: p.name.clone(),
        sex,
        title: Title::parse(&p.title),
        fide_id: p.fide_id,
        federation: (!p.federation.is_empty()).then(|| p.federation.clone()),
        birth_date: parse_date(&p.birth_date),
        fide_rating: p.rating,
        reported_points: p.points,
        reported_rank: p.rank,
        ..Player::default()
    }
}

/// Every listed player's cell and points in one round (one pass over the
/// round, so export stays linear in the number of players).
fn round_cells(t: &Tournament, round: &Round) -> HashMap<StartNumber, (RoundCell, Points)> {
    let mut cells = HashMap::with_capacity(round.boards.len() * 2 + round.byes.len());
    for board in &round.boards {
        let (white_code, black_code) = result_codes(board);
        let points = |colour| t.scoring.outcome(board.result.outcome_for(colour), colour);
        let white = RoundCell {
            opponent: Some(board.black),
            colour: 'w',
            result: white_code,
        };
        let black = RoundCell {
            opponent: Some(board.white),
            colour: 'b',
            result: black_code,
        };
        cells.insert(board.white, (white, points(Colour::White)));
        cells.insert(board.black, (black, points(Colour::Black)));
    }
    for bye in &round.byes {
        let cell = RoundCell {
            opponent: Some(0),
            colour: '-',
            result: bye_code(bye.kind),
        };
        cells
            .entry(bye.player)
            .or_insert((cell, t.scoring.bye(bye.kind)));
    }
    cells
}

fn record_from_player(
    t: &Tournament,
    cells: &[HashMap<StartNumber, (RoundCell, Points)>],
    player: &Player,
    next: u32,
) -> PlayerRecord {
    let me = player.start_number;
    let mut total = Points::ZERO;
    let mut rounds: Vec<RoundCell> = cells
        .iter()
        .map(|round| match round.get(&me) {
            Some(&(cell, points)) => {
                total += points;
                cell
            }
            None => {
                total += t.scoring.bye(ByeKind::Absent);
                RoundCell::BLANK
            }
        })
        .collect();
    if let Some(&kind) = player.requested_byes.get(&next) {
        rounds.push(RoundCell {
            opponent: Some(0),
            colour: '-',
            result: bye_code(kind),
        });
    }
    while rounds.last().is_some_and(RoundCell::is_blank) {
        rounds.pop();
    }
    PlayerRecord {
        start_number: me,
        sex: match player.sex {
            Some(Sex::Male) => 'm',
            Some(Sex::Female) => 'w',
            None => ' ',
        },
        title: player
            .title
            .map_or(String::new(), |t| t.trf_code().to_owned()),
        name: player.name.clone(),
        rating: player.fide_rating,
        federation: player.federation.clone().unwrap_or_default(),
        fide_id: player.fide_id,
        birth_date: player.birth_date.map(format_date).unwrap_or_default(),
        points: Some(player.reported_points.unwrap_or(total)),
        rank: player.reported_rank,
        rounds,
    }
}

fn opt<T: fmt::Display>(value: Option<T>) -> String {
    value.map_or(String::new(), |v| v.to_string())
}

impl fmt::Display for PlayerRecord {
    /// The `001` line, column-exact, without trailing blanks.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name: String = self.name.chars().take(33).collect();
        let mut line = format!(
            "001 {:>4} {}{:>3} {:<33} {:>4} {:<3} {:>11} {:<10} {:>4} {:>4}",
            self.start_number,
            self.sex,
            self.title,
            name,
            opt(self.rating),
            self.federation,
            opt(self.fide_id),
            self.birth_date,
            opt(self.points),
            opt(self.rank),
        );
        for cell in &self.rounds {
            let opponent = match cell.opponent {
                None => "    ".to_owned(),
                Some(0) => "0000".to_owned(),
                Some(n) => format!("{n:>4}"),
            };
            line.push_str(&format!("  {opponent} {} {}", cell.colour, cell.result));
        }
        f.write_str(line.trim_end())
    }
}

fn write_groups(line: &mut String, players: &[StartNumber]) {
    for p in players {
        line.push_str(&format!(" {p:04}"));
    }
}

impl fmt::Display for Record {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Record::Player(p) => p.fmt(f),
            Record::Verbatim(raw) | Record::NationalRating { raw, .. } => {
                f.write_str(raw.trim_end())
            }
            Record::Rounds(n) => write!(f, "XXR {n}"),
            Record::Configuration(tokens) => write!(f, "XXC {}", tokens.join(" ")),
            Record::Scoring(tokens) => write!(f, "XXS {}", tokens.join(" ")),
            Record::ForbiddenPairs(players) | Record::Absent(players) => {
                let tag = if matches!(self, Record::Absent(_)) {
                    "XXZ"
                } else {
                    "XXP"
                };
                let list: Vec<String> = players.iter().map(u32::to_string).collect();
                write!(f, "{tag} {}", list.join(" "))
            }
            Record::Grade { player, points } => write!(f, "XXG {player:>4} {points}"),
            Record::Acceleration { player, points } => {
                let mut line = format!("XXA {player:>4}");
                for p in points {
                    line.push_str(&format!(" {:>4}", opt(*p)));
                }
                f.write_str(line.trim_end())
            }
            Record::Byes {
                kind,
                round,
                players,
            } => {
                let mut line = format!("240 {} {round:03}", bye_code(*kind));
                write_groups(&mut line, players);
                f.write_str(&line)
            }
            Record::AcceleratedRounds {
                match_points,
                game_points,
                first_round,
                last_round,
                first_player,
                last_player,
            } => write!(
                f,
                "250 {:>4} {game_points:>4} {first_round:03} {last_round:03} {first_player:04} {last_player:04}",
                opt(*match_points)
            ),
            Record::ProhibitedPairings {
                first_round,
                last_round,
                players,
            } => {
                let mut line = format!("260 {first_round:03} {last_round:03}");
                write_groups(&mut line, players);
                f.write_str(&line)
            }
        }
    }
}

impl fmt::Display for Document {
    /// The file text, one record per line, each followed by the line ending.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ending = if self.line_ending.is_empty() {
            "\n"
        } else {
            &self.line_ending
        };
        for line in &self.lines {
            write!(f, "{}{ending}", line.record)?;
        }
        Ok(())
    }
}
