//! The PGN text layer shared by `rules::pgn` (chess) and `xiangqi::pgn`:
//! no game knowledge, no I/O.
//!
//! - [`Location`]: a 1-based line and column; [`column_of`] computes the
//!   column of a byte offset (columns count characters).
//! - [`SyntaxError`]: what is wrong with the PGN text itself.
//! - Scanners over bytes: [`scan_tag`] (a tag pair `[Name "value"]`,
//!   escapes left in place), [`unescape_tag_value`] (`\"` and `\\`
//!   resolved), [`scan_nag`] (`$n`), [`brace_comment_end`] (`{...}`),
//!   [`line_end`] (`;` comments, `%` escape lines), [`memchr`].
//! - Writing: [`write_tag_pair`] (escaped value, one line) and
//!   [`LineWrapper`] (movetext lines of bounded width, broken at spaces).
//!
//! Each game's reader drives its own movetext loop with these pieces: what a
//! move token is differs (chess SAN symbols against any Xiangqi notation).

mod error;
mod scan;
mod write;

pub use error::{Location, SyntaxError};
pub use scan::{
    TagSpan, brace_comment_end, column_of, line_end, memchr, memchr3, scan_nag, scan_tag,
    unescape_tag_value,
};
pub use write::{LineWrapper, TagWhitespace, write_tag_pair};
