//! Xiangqi PGN, read and written.
//!
//! # Reading
//! [`read_games`] reads every game of a text: the tag pairs, the start
//! position (the `FEN` tag, with or without `[SetUp "1"]`, else the
//! opening position), the main line and the termination marker (`1-0`,
//! `0-1`, `1/2-1/2`, `*`). Comments, NAGs, move numbers and variations are
//! skipped. A `Variant` tag, when present, must name Xiangqi (`xiangqi`,
//! `Xiangqi`, `chinese chess`, `Chinese Chess`, `chinesechess`, any case).
//!
//! Each move may be in any of the crate's notations, detected move by move
//! ([`parse_move`]): ICCS coordinates (`h2e2`, `h2-e2`), WXF (`C2.5`,
//! `H8+7`, `+R.3`), Chinese (`炮二平五`, `马８进７`, soldiers on two files
//! numbered `一兵` … `五兵` as XQBase and Chinese databases write them) or
//! algebraic as Fairy-Stockfish and pychess write it (`Ce3`, `Hg3`,
//! `Cxh10+`; ranks 1–10). A move that reads in several notations must mean
//! the same move in all of them. Algebraic moves as XBoard writes them
//! (ranks 0–9, soldiers without a letter: `Che2`, `g5`) are read too; one
//! move's text cannot tell the two apart (`Ri2`), so the game decides: its
//! moves are read in XBoard's notation when that reads further than
//! Fairy-Stockfish's.
//!
//! Refused with [`MoveError::NotRecognised`], naming the notation
//! ([`Unrecognised`]): pychess's coordinates with ranks 1–10 (a rank `10`,
//! or a game whose coordinates are legal only read one rank lower — ICCS
//! `h3e3` where it is legal stays ICCS), Fairy-Stockfish's numbered
//! soldiers in WXF (`25=6`), and an algebraic move legal in neither dialect
//! before the game has shown which it uses ("notation not recognised
//! (XBoard SAN?)").
//!
//! Files as they exist: a `FEN` tag with the placement alone is Red to
//! move; [`decode`] reads bytes as UTF-8 (with or without a
//! byte-order mark) or else GB18030 (GBK, the encoding of xqbase and most
//! Chinese databases); text that is no game — a database's `=====` footer
//! after the last game — is skipped ([`read_games`]); a tag whose value
//! holds unescaped quotes (`[Event ""Huangshan Cup" 2002"]`) is read as
//! python-chess reads it, up to the last quote before the `]` ending its
//! line.
//!
//! Errors ([`PgnError`]) carry the line and column (1-based, columns in
//! characters); a move's error also says its number, side, text and why:
//! malformed, no such piece, ambiguous or illegal ([`MoveError`]).
//!
//! # Writing
//! [`write_game`] writes the one form this crate exports, chosen because
//! both pychess (pychess-variants: its PGN export and its import through
//! ffish.js) and Fairy-Stockfish's own PGN reader (`ffish.readGamePGN`,
//! which matches each move against its SAN) read it back:
//! - the Seven Tag Roster (`Event`, `Site`, `Date`, `Round`, `Red` and
//!   `Black` as `White` and `Black`, `Result`), then `[Variant "xiangqi"]`,
//!   then `[FEN "..."]` and `[SetUp "1"]` unless the game starts from the
//!   opening position, then the other tags in their order;
//! - moves in Fairy-Stockfish's algebraic notation ([`Position::to_san`]:
//!   `Hg3`, `Ece3`, `Cxh10`, check `+`, mate `#`), numbered `1.` for Red
//!   and `1...` when Black moves first, lines of at most 79 characters;
//! - the termination marker.

mod decode;
mod lexer;
mod writer;

use std::fmt;

use crate::iccs::IccsError;
use crate::moves::Move;
use crate::notation::NotationError;
use crate::position::Position;
use crate::types::Color;
use crate::verdict::{IllegalReason, PositionError};

pub use decode::{Decoded, TextEncoding, decode};
pub use pgn_syntax::{Location, SyntaxError};
pub use writer::write_game;

use crate::san::Dialect;

/// The game termination marker, also the `Result` tag value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// `1-0`: Red won.
    RedWins,
    /// `0-1`: Black won.
    BlackWins,
    /// `1/2-1/2`
    Draw,
    /// `*`: unknown, ongoing or abandoned.
    Unknown,
}

impl GameResult {
    /// The PGN token.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            GameResult::RedWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unknown => "*",
        }
    }

    /// Reads a termination marker (`½-½` too).
    #[must_use]
    pub fn from_token(token: &str) -> Option<GameResult> {
        match token {
            "1-0" => Some(GameResult::RedWins),
            "0-1" => Some(GameResult::BlackWins),
            "1/2-1/2" | "½-½" => Some(GameResult::Draw),
            "*" => Some(GameResult::Unknown),
            _ => None,
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The notation a move was written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Notation {
    /// Coordinates, `h2e2`.
    Iccs,
    /// WXF, `C2.5`.
    Wxf,
    /// Chinese, `炮二平五`.
    Chinese,
    /// Algebraic as Fairy-Stockfish writes it, `Ce3`.
    San,
    /// Algebraic as XBoard writes it (ranks 0–9, soldiers without a
    /// letter), `Che2`, `g5`.
    XboardSan,
}

impl Notation {
    /// Lower-case name: `iccs`, `wxf`, `chinese`, `san`, `xboard_san`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Notation::Iccs => "iccs",
            Notation::Wxf => "wxf",
            Notation::Chinese => "chinese",
            Notation::San => "san",
            Notation::XboardSan => "xboard_san",
        }
    }
}

impl fmt::Display for Notation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Notations the reader recognises and does not read: their moves would
/// be confused with those of a notation it reads, or read in neither.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Unrecognised {
    /// An algebraic move that is legal neither in Fairy-Stockfish's notation
    /// (ranks 1–10) nor in XBoard's (ranks 0–9), in a game that has not
    /// shown which of the two it is written in.
    XboardSan,
    /// Coordinates with ranks 1–10, as pychess writes them (`h10g8`; its
    /// `h3e3` is ICCS `h2e2`): a rank 10, or a game whose coordinates read
    /// only with every rank one lower.
    PychessCoordinates,
    /// WXF with tandem soldiers numbered as Fairy-Stockfish writes them:
    /// index from the front, then the file (`25=6`, the second soldier on
    /// file 5), which WXF's own `33.4` (the middle one of three) contradicts.
    FairyStockfishWxf,
}

impl fmt::Display for Unrecognised {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Unrecognised::XboardSan => {
                "notation not recognised (XBoard SAN?): no legal move in Fairy-Stockfish's \
                 algebraic notation (ranks 1-10) nor in XBoard's (ranks 0-9, soldiers without \
                 a letter)"
            }
            Unrecognised::PychessCoordinates => {
                "notation not read: coordinates with ranks 1-10 as pychess writes them \
                 (h10g8; its h3e3 is ICCS h2e2); ICCS numbers the ranks 0-9"
            }
            Unrecognised::FairyStockfishWxf => {
                "notation not read: Fairy-Stockfish's numbered soldiers in WXF (25=6, the \
                 second soldier on file 5); WXF writes tandem soldiers P+, P-, 3+, 33 and 3-"
            }
        })
    }
}

/// Why a move's text gives no legal move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// No notation reads the text.
    Malformed,
    /// The text is in a notation the reader recognises and does not read.
    NotRecognised(Unrecognised),
    /// The text reads in a notation, but no piece of the side to move can
    /// make the move it describes.
    NoSuchPiece(Notation),
    /// More than one legal move fits: within one notation (a missing
    /// tandem marker or disambiguation), or two notations read the text as
    /// different moves.
    Ambiguous {
        /// The notation (the first one, when two disagree).
        notation: Notation,
        /// The other reading, when two notations disagree.
        other: Option<(Notation, Move, Move)>,
    },
    /// The move described is against the rules.
    Illegal {
        /// The notation it was read in.
        notation: Notation,
        /// The move.
        mv: Move,
        /// The rule it breaks.
        reason: IllegalReason,
    },
}

impl MoveError {
    /// `malformed`, `not_recognised`, `no_such_piece`, `ambiguous` or
    /// `illegal`.
    #[must_use]
    pub fn problem(&self) -> &'static str {
        match self {
            MoveError::Malformed => "malformed",
            MoveError::NotRecognised(_) => "not_recognised",
            MoveError::NoSuchPiece(_) => "no_such_piece",
            MoveError::Ambiguous { .. } => "ambiguous",
            MoveError::Illegal { .. } => "illegal",
        }
    }
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Malformed => {
                f.write_str("malformed: not a move in ICCS, WXF, Chinese or algebraic notation")
            }
            MoveError::NotRecognised(what) => what.fmt(f),
            MoveError::NoSuchPiece(n) => {
                write!(f, "no piece of the side to move can make that move ({n})")
            }
            MoveError::Ambiguous {
                notation,
                other: None,
            } => write!(
                f,
                "ambiguous: more than one piece can make that move ({notation})"
            ),
            MoveError::Ambiguous {
                notation,
                other: Some((other, a, b)),
            } => write!(
                f,
                "ambiguous: {a} in {notation} but {b} in {other} notation"
            ),
            MoveError::Illegal {
                notation, reason, ..
            } => {
                write!(f, "illegal ({notation}): {reason}")
            }
        }
    }
}

/// Why a game could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PgnErrorKind {
    /// The text is not PGN.
    Syntax(SyntaxError),
    /// The `Variant` tag names another game.
    NotXiangqi(String),
    /// The `FEN` tag does not give a legal Xiangqi position.
    BadFen(PositionError),
    /// `[SetUp "1"]` without a `FEN` tag.
    SetUpWithoutFen,
    /// A main-line move gives no legal move.
    Move {
        /// Which half-move of the game (1 = the first played).
        ply: usize,
        /// Its move number.
        number: u32,
        /// Whether Black made it.
        black: bool,
        /// The move as written.
        text: String,
        /// Why it was refused.
        error: MoveError,
    },
}

impl fmt::Display for PgnErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PgnErrorKind::Syntax(e) => e.fmt(f),
            PgnErrorKind::NotXiangqi(v) => write!(f, "Variant tag \"{v}\" is not Xiangqi"),
            PgnErrorKind::BadFen(e) => write!(f, "FEN tag: {e}"),
            PgnErrorKind::SetUpWithoutFen => f.write_str("SetUp tag \"1\" without a FEN tag"),
            PgnErrorKind::Move {
                number,
                black,
                text,
                error,
                ..
            } => {
                let side = if *black { "Black" } else { "Red" };
                write!(f, "move {number} ({side}) '{text}': {error}")
            }
        }
    }
}

/// An error located in the text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnError {
    /// Line, from 1.
    pub line: u32,
    /// Column, from 1.
    pub column: u32,
    /// What is wrong.
    pub kind: PgnErrorKind,
}

impl PgnError {
    /// An error at `at`.
    #[must_use]
    pub fn new(at: Location, kind: PgnErrorKind) -> PgnError {
        PgnError {
            line: at.line,
            column: at.column,
            kind,
        }
    }

    /// The message without the location.
    #[must_use]
    pub fn message(&self) -> String {
        self.kind.to_string()
    }
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.kind
        )
    }
}

impl std::error::Error for PgnError {}

/// One game: tags, start position, main line, termination marker.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    /// Tag pairs in file order (escapes resolved).
    pub tags: Vec<(String, String)>,
    /// The start position.
    pub start: Position,
    /// The main line, every move legal in turn.
    pub moves: Vec<Move>,
    /// The termination marker, if the movetext has one.
    pub result: Option<GameResult>,
}

impl Game {
    /// A game from `start` with no tags and no moves.
    #[must_use]
    pub fn new(start: Position) -> Game {
        Game {
            tags: Vec::new(),
            start,
            moves: Vec::new(),
            result: None,
        }
    }

    /// The value of the first tag with that name.
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// A game as read: what could be read of it, the position reached and the
/// first error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadGame {
    /// 1-based number of the game in the text.
    pub number: usize,
    /// Where the game starts.
    pub location: Location,
    /// The game up to the first error.
    pub game: Game,
    /// The notation of each move of `game.moves`.
    pub notations: Vec<Notation>,
    /// The position after `game.moves`; `None` when the start position
    /// itself is unusable (bad `FEN` tag, wrong `Variant`).
    pub position: Option<Position>,
    /// The first error, if any.
    pub error: Option<PgnError>,
}

/// The spellings of the `Variant` tag that mean Xiangqi.
fn is_xiangqi(variant: &str) -> bool {
    let v: String = variant
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '-' && *c != '_')
        .flat_map(char::to_lowercase)
        .collect();
    matches!(v.as_str(), "xiangqi" | "chinesechess" | "象棋" | "中国象棋")
}

/// Reads every game of a PGN text (see the module docs). Never panics; a
/// game that cannot be read to its end says why in [`ReadGame::error`].
///
/// Text that is no game is skipped: a stretch with no tag, no move number,
/// no termination marker and no move that reads in any notation (a
/// database's `=====` footer after the last game, a title before the
/// first).
#[must_use]
pub fn read_games(text: &str) -> Vec<ReadGame> {
    lexer::split_games(text)
        .into_iter()
        .filter(|raw| !is_stray_text(raw))
        .enumerate()
        .map(|(i, raw)| replay(i + 1, raw))
        .collect()
}

/// Reads the first game of a PGN text.
pub fn read_game(text: &str) -> Result<Game, PgnError> {
    let Some(read) = read_games(text).into_iter().next() else {
        return Ok(Game::new(Position::startpos()));
    };
    match read.error {
        Some(e) => Err(e),
        None => Ok(read.game),
    }
}

/// Whether a stretch of text between games is no game (see [`read_games`]).
fn is_stray_text(raw: &lexer::RawGame<'_>) -> bool {
    if !raw.tags.is_empty() || raw.result.is_some() || raw.numbered {
        return false;
    }
    match raw.moves.first() {
        None => true,
        Some((text, _)) => matches!(
            parse_move(&Position::startpos(), text),
            Err(MoveError::Malformed)
        ),
    }
}

/// The main line as far as it reads, in one of the algebraic dialects.
struct Line {
    moves: Vec<Move>,
    notations: Vec<Notation>,
    position: Position,
    /// The first move that did not read: its ply (0-based) and why.
    error: Option<(usize, MoveError)>,
}

fn play_line(start: Position, moves: &[(&str, Location)], dialect: Dialect) -> Line {
    let mut line = Line {
        moves: Vec::with_capacity(moves.len()),
        notations: Vec::with_capacity(moves.len()),
        position: start,
        error: None,
    };
    for (ply, (text, _)) in moves.iter().enumerate() {
        match parse_move_in(&line.position, text, dialect) {
            Ok((m, notation)) => {
                line.position.play_unchecked(m);
                line.moves.push(m);
                line.notations.push(notation);
            }
            Err(e) => {
                line.error = Some((ply, e));
                break;
            }
        }
    }
    line
}

/// Whether a move error came from reading the text as algebraic notation.
fn algebraic_error(e: &MoveError) -> bool {
    matches!(
        e,
        MoveError::NoSuchPiece(Notation::San | Notation::XboardSan)
            | MoveError::Illegal {
                notation: Notation::San | Notation::XboardSan,
                ..
            }
            | MoveError::Ambiguous {
                notation: Notation::San | Notation::XboardSan,
                other: None,
            }
    )
}

/// The main line in the algebraic dialect the game is written in: Fairy-
/// Stockfish's unless XBoard's reads further; when both stop at the same
/// algebraic move and no earlier move showed the dialect, that move is not
/// recognised.
fn main_line(start: Position, moves: &[(&str, Location)]) -> Line {
    let mut fs = play_line(start, moves, Dialect::FairyStockfish);
    let Some((fs_ply, fs_error)) = fs.error.clone() else {
        return fs;
    };
    let xb = play_line(start, moves, Dialect::Xboard);
    let (xb_ply, xb_error) = match &xb.error {
        Some((p, e)) => (*p, Some(e)),
        None => (moves.len(), None),
    };
    if xb_ply > fs_ply
        || (xb_ply == fs_ply
            && matches!(fs_error, MoveError::Malformed)
            && xb_error.is_some_and(|e| !matches!(e, MoveError::Malformed)))
    {
        return xb;
    }
    let shown =
        fs.notations.contains(&Notation::San) || xb.notations.contains(&Notation::XboardSan);
    let ambiguous = |e: &MoveError| matches!(e, MoveError::Ambiguous { .. });
    if xb_ply == fs_ply
        && !shown
        && algebraic_error(&fs_error)
        && xb_error.is_some_and(algebraic_error)
    {
        // An ambiguous reading is a reading: that dialect says why.
        if ambiguous(&fs_error) {
            return fs;
        }
        if xb_error.is_some_and(ambiguous) {
            return xb;
        }
        fs.error = Some((fs_ply, MoveError::NotRecognised(Unrecognised::XboardSan)));
        return fs;
    }
    // Coordinates that read only with every rank one lower: pychess's.
    if matches!(
        fs_error,
        MoveError::Illegal {
            notation: Notation::Iccs,
            ..
        }
    ) && pychess_reads_past(start, moves, fs_ply)
    {
        fs.error = Some((
            fs_ply,
            MoveError::NotRecognised(Unrecognised::PychessCoordinates),
        ));
    }
    fs
}

/// Whether the moves, read as coordinates with ranks 1–10, are legal up to
/// and including ply `ply`.
fn pychess_reads_past(start: Position, moves: &[(&str, Location)], ply: usize) -> bool {
    let mut pos = start;
    for (text, _) in moves.iter().take(ply.saturating_add(1)) {
        let Some(m) = pychess_coordinates(text) else {
            return false;
        };
        if pos.why_illegal(m).is_some() {
            return false;
        }
        pos.play_unchecked(m);
    }
    true
}

/// A coordinate move with ranks 1–10 (`h3e3`, `h10g8`), as the ICCS move it
/// means.
fn pychess_coordinates(text: &str) -> Option<Move> {
    let chars: Vec<char> = text
        .chars()
        .map(crate::iccs::fold_char)
        .filter(|c| !c.is_whitespace() && *c != '-')
        .collect();
    let mut squares = Vec::with_capacity(2);
    let mut i = 0;
    while let Some(&f) = chars.get(i) {
        let file = u8::try_from(u32::from(f).checked_sub(u32::from('a'))?).ok()?;
        let mut rank = chars.get(i + 1)?.to_digit(10)?;
        i += 2;
        if rank == 1 && chars.get(i) == Some(&'0') {
            rank = 10;
            i += 1;
        }
        let rank = u8::try_from(rank.checked_sub(1)?).ok()?;
        squares.push(crate::types::Square::from_coords(file, rank)?);
    }
    match squares.as_slice() {
        [from, to] => Some(Move::new(*from, *to)),
        _ => None,
    }
}

/// Whether the text is WXF with a soldier numbered as Fairy-Stockfish
/// numbers them: index, file, direction, figure (`25=6`, `14+1`).
fn fairy_stockfish_wxf(text: &str) -> bool {
    let chars: Vec<char> = text
        .chars()
        .map(crate::iccs::fold_char)
        .filter(|c| !c.is_whitespace())
        .collect();
    let digit = |c: &char| c.to_digit(10).filter(|d| (1..=9).contains(d));
    matches!(chars.as_slice(),
        [i, f, '+' | '-' | '.' | '=', t]
            if digit(i).is_some_and(|i| i <= 5)
                && digit(f).is_some()
                && digit(t).is_some()
                && i != f)
}

fn replay(number: usize, raw: lexer::RawGame<'_>) -> ReadGame {
    let tags: Vec<(String, String)> = raw
        .tags
        .iter()
        .map(|(n, v, _)| (n.clone(), v.clone()))
        .collect();
    let mut read = ReadGame {
        number,
        location: raw.location,
        game: Game {
            tags,
            start: Position::startpos(),
            moves: Vec::new(),
            result: raw.result,
        },
        notations: Vec::new(),
        position: None,
        error: None,
    };
    let tag = |name: &str| raw.tags.iter().find(|(n, _, _)| n == name);
    if let Some((_, v, at)) = tag("Variant")
        && !is_xiangqi(v)
    {
        read.error = Some(PgnError::new(*at, PgnErrorKind::NotXiangqi(v.clone())));
        return read;
    }
    match (tag("FEN"), tag("SetUp")) {
        (Some((_, fen, at)), _) => match read_fen_tag(fen) {
            Ok(p) => read.game.start = p,
            Err(e) => {
                read.error = Some(PgnError::new(*at, PgnErrorKind::BadFen(e)));
                return read;
            }
        },
        (None, Some((_, v, at))) if v.trim() == "1" => {
            read.error = Some(PgnError::new(*at, PgnErrorKind::SetUpWithoutFen));
            return read;
        }
        _ => {}
    }
    let line = main_line(read.game.start, &raw.moves);
    read.game.moves = line.moves;
    read.notations = line.notations;
    let pos = line.position;
    if let Some((ply, error)) = line.error
        && let Some((text, at)) = raw.moves.get(ply)
    {
        read.error = Some(PgnError::new(
            *at,
            PgnErrorKind::Move {
                ply: ply + 1,
                number: pos.fullmove_number(),
                black: pos.turn() == Color::Black,
                text: (*text).to_string(),
                error,
            },
        ));
    }
    read.position = Some(pos);
    if read.error.is_none() {
        read.error = raw.error;
    } else {
        // A move error comes before any later syntax error; the result
        // token was not reached.
        read.game.result = None;
    }
    read
}

/// The `FEN` tag's position. A placement alone (as XQStudio and other
/// Chinese editors export it) is Red to move.
fn read_fen_tag(fen: &str) -> Result<Position, PositionError> {
    let fen = fen.trim();
    match Position::from_fen(fen) {
        Err(e) if !fen.is_empty() && !fen.contains(char::is_whitespace) => {
            Position::from_fen(&format!("{fen} w")).map_err(|_| e)
        }
        r => r,
    }
}

/// Reads one move in whichever notation it is written (ICCS, WXF, Chinese
/// or Fairy-Stockfish algebraic) and checks it is legal. A text that reads
/// in several notations must mean the same move in each. Texts in a
/// notation the reader does not take say which
/// ([`MoveError::NotRecognised`]).
pub fn parse_move(pos: &Position, text: &str) -> Result<(Move, Notation), MoveError> {
    parse_move_in(pos, text, Dialect::FairyStockfish)
}

/// [`parse_move`] with algebraic moves read in `dialect`.
fn parse_move_in(
    pos: &Position,
    text: &str,
    dialect: Dialect,
) -> Result<(Move, Notation), MoveError> {
    let algebraic = match dialect {
        Dialect::FairyStockfish => Notation::San,
        Dialect::Xboard => Notation::XboardSan,
    };
    let readings: [(Notation, Result<Move, MoveError>); 4] = [
        (Notation::Iccs, from_iccs(pos.parse_iccs(text))),
        (
            Notation::Wxf,
            from_notation(Notation::Wxf, pos.parse_wxf(text)),
        ),
        (
            Notation::Chinese,
            from_notation(Notation::Chinese, pos.parse_chinese(text)),
        ),
        (
            algebraic,
            from_notation(algebraic, pos.parse_algebraic(text, dialect)),
        ),
    ];
    let mut found: Option<(Notation, Move)> = None;
    for (notation, reading) in &readings {
        if let Ok(m) = reading {
            match found {
                None => found = Some((*notation, *m)),
                Some((first, fm)) if fm != *m => {
                    return Err(MoveError::Ambiguous {
                        notation: first,
                        other: Some((*notation, fm, *m)),
                    });
                }
                Some(_) => {}
            }
        }
    }
    if let Some((notation, m)) = found {
        return Ok((m, notation));
    }
    // A rank 10 is no ICCS: pychess's coordinates.
    if pychess_coordinates(text).is_some() && Move::from_iccs(text).is_err() {
        return Err(MoveError::NotRecognised(Unrecognised::PychessCoordinates));
    }
    // No legal reading: the first notation whose syntax fits says why.
    match readings.into_iter().find_map(|(_, r)| match r {
        Err(MoveError::Malformed) | Ok(_) => None,
        Err(e) => Some(e),
    }) {
        Some(e) => Err(e),
        None if fairy_stockfish_wxf(text) => {
            Err(MoveError::NotRecognised(Unrecognised::FairyStockfishWxf))
        }
        None => Err(MoveError::Malformed),
    }
}

fn from_iccs(r: Result<Move, IccsError>) -> Result<Move, MoveError> {
    r.map_err(|e| match e {
        IccsError::Malformed(_) | IccsError::SamePoint(_) => MoveError::Malformed,
        IccsError::Illegal { mv, reason } => MoveError::Illegal {
            notation: Notation::Iccs,
            mv,
            reason,
        },
    })
}

fn from_notation(notation: Notation, r: Result<Move, NotationError>) -> Result<Move, MoveError> {
    r.map_err(|e| match e {
        NotationError::Malformed { .. } => MoveError::Malformed,
        NotationError::NoSuchPiece(_) => MoveError::NoSuchPiece(notation),
        NotationError::Ambiguous(_) => MoveError::Ambiguous {
            notation,
            other: None,
        },
        NotationError::Illegal { mv, reason } => MoveError::Illegal {
            notation,
            mv,
            reason,
        },
    })
}
