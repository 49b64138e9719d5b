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
//! [`decode`] reads bytes as UTF-8, else as GBK (a Chinese Windows
//! program's file, its columns padded by bytes, realigned) or
//! Windows-1252.

mod decode;
mod error;
mod export;
mod import;
mod parse;
mod records;
mod team;
mod team_io;

pub use decode::decode;
pub use error::{ExportError, TrfError, TrfErrorKind, TrfWarning, TrfWarningKind};
pub use export::{append_comments, system_code, try_write_tournament, write_tournament};
pub use import::Import;
pub use parse::parse;
pub use records::{Document, Format, Line, PlayerRecord, Record, RoundCell};
pub use team::TeamRecord;
pub use team_io::{read_team_tournament, write_team_tournament};

use crate::model::Tournament;

/// Reads a TRF (TRF16 or TRF-2026) into a tournament.
pub fn read_tournament(text: &str) -> Result<Tournament, TrfError> {
    parse(text)?.to_tournament()
}

/// Reads a TRF into a tournament, with a warning for every record the
/// tournament does not keep or apply ([`TrfWarning`]).
pub fn import_tournament(text: &str) -> Result<Import, TrfError> {
    parse(text)?.import()
}
