//! People who outlive an event: the readers of rating lists and the
//! matching of names across scripts.
//!
//! - [`entry`]: one player of a list, as every reader gives it.
//! - [`fide_txt`], [`fide_xml`], [`csv`]: FIDE's fixed-width TXT list (its
//!   columns read from its own header line), FIDE's XML list and a national
//!   list in CSV with a stated column mapping. Each reads one line (or one
//!   `<player>` element) at a time, so a caller streams a list of a million
//!   players in bounded memory; every error names its line.
//! - [`names`]: a name's search keys — diacritics folded, "Surname, First"
//!   and "First Surname" alike, Chinese characters by their pinyin — and the
//!   bounded edit distance that forgives a typing error.
//! - [`sample`]: a deterministic list in FIDE's TXT layout, for benchmarks and
//!   tests.
//!
//! Pure: no I/O, no clock; the caller owns the bytes.

pub mod csv;
pub mod entry;
pub mod error;
pub mod fide_txt;
pub mod fide_xml;
pub mod names;
pub mod sample;
mod text;

pub use entry::{ListEntry, RatingCell, RatingKind};
pub use error::ListError;
