//! PGN: a streaming reader for multi-game files and an export-format writer.
//!
//! # Layout
//! - [`Reader`] turns bytes into borrowed [`Event`]s (tags, SAN, comments,
//!   NAGs, variations, results) without allocating; every event and error has
//!   a 1-based line and column. It knows syntax only.
//! - [`read_games`] collects owned [`Game`]s for simple callers.
//! - [`Replayer`] plays each game's main line on the board from its start
//!   position (the `FEN` tag or the standard one): SAN → legal move →
//!   position, with the final position and repetition count per game.
//! - [`write_game`] / [`write_games`] produce PGN export format.
//! - Clock comments `[%clk h:mm:ss]` are parsed by [`parse_clock`] and
//!   exposed per move ([`SanPly::clock_ms`], [`Comment::clock_ms`]).
//!
//! The reader follows the PGN standard (Steven J. Edwards, 1994) and is
//! lenient where real files are: missing result tokens, `0-0` castling,
//! move numbers without periods, `e.p.` after en-passant captures,
//! ISO 8859-1 text.

mod clock;
mod error;
mod game;
mod reader;
mod replay;
mod san;
mod writer;

pub use clock::{format_clock, parse_clock};
pub use error::{PgnError, PgnErrorKind};
pub use game::{Game, Games, SanPly, read_games};
pub use pgn_syntax::{Location, SyntaxError};
pub use reader::{Comment, Event, GameResult, ParseResultError, Reader, TagValue};
pub use replay::{ReplayedGame, Replayer};
pub use writer::{SEVEN_TAG_ROSTER, write_game, write_games};
