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
//! `H8+7`, `+R.3`), Chinese (`炮二平五`, `马８进７`) or algebraic as
//! Fairy-Stockfish and pychess write it (`Ce3`, `Hg3`, `Cxh10+`; ranks
//! 1–10). A move that reads in several notations must mean the same move in
//! all of them.
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

mod lexer;
mod writer;

use std::fmt;

use crate::iccs::IccsError;
use crate::moves::Move;
use crate::notation::NotationError;
use crate::position::Position;
use crate::types::Color;
use crate::verdict::{IllegalReason, PositionError};

pub use pgn_syntax::{Location, SyntaxError};
pub use writer::write_game;

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
}

impl Notation {
    /// Lower-case name: `iccs`, `wxf`, `chinese`, `san`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Notation::Iccs => "iccs",
            Notation::Wxf => "wxf",
            Notation::Chinese => "chinese",
            Notation::San => "san",
        }
    }
}

impl fmt::Display for Notation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a move's text gives no legal move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// No notation reads the text.
    Malformed,
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
    /// `malformed`, `no_such_piece`, `ambiguous` or `illegal`.
    #[must_use]
    pub fn problem(&self) -> &'static str {
        match self {
            MoveError::Malformed => "malformed",
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
#[must_use]
pub fn read_games(text: &str) -> Vec<ReadGame> {
    lexer::split_games(text)
        .into_iter()
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
        (Some((_, fen, at)), _) => match Position::from_fen(fen.trim()) {
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
    let mut pos = read.game.start;
    for (ply, (text, at)) in raw.moves.iter().enumerate() {
        match parse_move(&pos, text) {
            Ok((m, notation)) => {
                pos.play_unchecked(m);
                read.game.moves.push(m);
                read.notations.push(notation);
            }
            Err(error) => {
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
                break;
            }
        }
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

/// Reads one move in whichever notation it is written (ICCS, WXF, Chinese
/// or Fairy-Stockfish algebraic) and checks it is legal. A text that reads
/// in several notations must mean the same move in each.
pub fn parse_move(pos: &Position, text: &str) -> Result<(Move, Notation), MoveError> {
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
            Notation::San,
            from_notation(Notation::San, pos.parse_san(text)),
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
    // No legal reading: the first notation whose syntax fits says why.
    readings
        .into_iter()
        .find_map(|(_, r)| match r {
            Err(MoveError::Malformed) | Ok(_) => None,
            Err(e) => Some(e),
        })
        .map_or(Err(MoveError::Malformed), Err)
}

fn from_iccs(r: Result<Move, IccsError>) -> Result<Move, MoveError> {
    r.map_err(|e| match e {
        IccsError::Malformed(_) => MoveError::Malformed,
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
