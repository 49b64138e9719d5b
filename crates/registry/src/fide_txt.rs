//! FIDE's rating list as fixed-width text (`players_list_foa.txt`, the
//! combined standard/rapid/blitz list, and the single lists such as
//! `standard_rating_list.txt`).
//!
//! The columns are read from the file's own header line: each field runs
//! from its header word's first character to the next header word's. FIDE
//! has widened columns before; a file whose header moved with them still
//! reads. The combined list names its columns `SRtng SGm SK RRtng RGm Rk
//! BRtng BGm BK`; a single list names its rating by the month (`DEC26`)
//! followed by `Gms` and `K`, and the importer says which rating it is.

use std::borrow::Cow;

use crate::entry::{Fields, ListEntry, RatingKind, better_title};
use crate::error::ListError;
use crate::text::{Fallback, decode};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Column {
    Id,
    Name,
    Fed,
    Sex,
    Title,
    WomenTitle,
    OtherTitles,
    Foa,
    Rating(RatingKind),
    Games(RatingKind),
    K(RatingKind),
    Birth,
    Flag,
}

/// Where each column starts, read from the header line.
#[derive(Debug, Clone)]
pub struct TxtLayout {
    columns: Vec<(Column, usize, &'static str)>,
    /// The header's width: a line longer than it has a field that ran over
    /// its column (FIDE's `OTit`, on a few lines of the real file).
    width: usize,
}

fn is_month(word: &str) -> bool {
    const MONTHS: [&str; 12] = [
        "JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC",
    ];
    word.len() == 5
        && MONTHS.contains(&word[..3].to_ascii_uppercase().as_str())
        && word[3..].bytes().all(|b| b.is_ascii_digit())
}

impl TxtLayout {
    /// Reads the header line. `single` is the rating a single list carries
    /// (ignored for the combined list).
    pub fn from_header(header: &str, single: RatingKind) -> Result<TxtLayout, ListError> {
        use RatingKind::{Blitz, Rapid, Standard};
        let mut words: Vec<(usize, &str)> = Vec::new();
        let mut start = None;
        for (i, (at, c)) in header.char_indices().enumerate() {
            match (c.is_whitespace(), start) {
                (false, None) => start = Some((i, at)),
                (true, Some((ci, cb))) => {
                    words.push((ci, &header[cb..at]));
                    start = None;
                }
                _ => {}
            }
        }
        if let Some((ci, cb)) = start {
            words.push((ci, &header[cb..]));
        }
        let mut columns: Vec<(Column, usize, &'static str)> = Vec::new();
        let mut i = 0;
        while i < words.len() {
            let (at, word) = words[i];
            let next = words.get(i + 1).map(|w| w.1);
            let upper = word.to_ascii_uppercase();
            let (column, name): (Column, &'static str) = match upper.as_str() {
                "ID" if next.is_some_and(|n| n.eq_ignore_ascii_case("number")) => {
                    i += 1;
                    (Column::Id, "ID Number")
                }
                "ID" | "FIDEID" | "ID_NUMBER" => (Column::Id, "ID Number"),
                "NAME" => (Column::Name, "Name"),
                "FED" => (Column::Fed, "Fed"),
                "SEX" => (Column::Sex, "Sex"),
                "TIT" => (Column::Title, "Tit"),
                "WTIT" => (Column::WomenTitle, "WTit"),
                "OTIT" => (Column::OtherTitles, "OTit"),
                "FOA" => (Column::Foa, "FOA"),
                "SRTNG" => (Column::Rating(Standard), "SRtng"),
                "SGM" => (Column::Games(Standard), "SGm"),
                "SK" => (Column::K(Standard), "SK"),
                "RRTNG" => (Column::Rating(Rapid), "RRtng"),
                "RGM" => (Column::Games(Rapid), "RGm"),
                "RK" => (Column::K(Rapid), "Rk"),
                "BRTNG" => (Column::Rating(Blitz), "BRtng"),
                "BGM" => (Column::Games(Blitz), "BGm"),
                "BK" => (Column::K(Blitz), "BK"),
                "GMS" | "GM" | "GAMES" => (Column::Games(single), "Gms"),
                "K" => (Column::K(single), "K"),
                "B-DAY" | "BDAY" | "BORN" | "BIRTHDAY" => (Column::Birth, "B-day"),
                "FLAG" => (Column::Flag, "Flag"),
                _ if is_month(word) || upper == "RTNG" || upper == "RATING" => {
                    (Column::Rating(single), "rating")
                }
                _ => {
                    return Err(ListError::line(
                        1,
                        format!(
                            "the header names a column this reader does not know: '{word}' \
                             (FIDE's TXT list: ID Number, Name, Fed, Sex, Tit, WTit, OTit, FOA, \
                             SRtng, SGm, SK, RRtng, RGm, Rk, BRtng, BGm, BK, B-day, Flag)"
                        ),
                    ));
                }
            };
            if columns.iter().any(|c| c.0 == column) {
                return Err(ListError::line(
                    1,
                    format!("the header names '{name}' twice"),
                ));
            }
            columns.push((column, at, name));
            i += 1;
        }
        for (needed, name) in [(Column::Id, "ID Number"), (Column::Name, "Name")] {
            if !columns.iter().any(|c| c.0 == needed) {
                return Err(ListError::line(
                    1,
                    format!("the header has no '{name}' column: is this FIDE's TXT list?"),
                ));
            }
        }
        if !columns.iter().any(|c| matches!(c.0, Column::Rating(_))) {
            return Err(ListError::line(1, "the header names no rating column"));
        }
        Ok(TxtLayout {
            columns,
            width: header.trim_end().chars().count(),
        })
    }

    /// One player's line; a blank line is `None`.
    pub fn entry(&self, line: u64, text: &str) -> Result<Option<ListEntry>, ListError> {
        if text.trim().is_empty() {
            return Ok(None);
        }
        let chars: Vec<char> = if text.is_ascii() {
            Vec::new()
        } else {
            text.chars().collect()
        };
        let len = if text.is_ascii() {
            text.len()
        } else {
            chars.len()
        };
        let mut fields: Vec<(Column, &'static str, Cow<'_, str>)> =
            Vec::with_capacity(self.columns.len());
        // A line wider than the header: its other titles ran over into the
        // next columns (FIDE writes, e.g., `SI,FI,LSI,SLI,NAAFM` whole), so
        // every column after them starts that much later.
        let extra = len.saturating_sub(self.width);
        let over = self
            .columns
            .iter()
            .find(|c| c.0 == Column::OtherTitles)
            .map_or(usize::MAX, |c| c.1);
        let at = |start: usize| if start > over { start + extra } else { start };
        for (i, (column, start, name)) in self.columns.iter().enumerate() {
            // On such a line the other titles take the FOA column too.
            let next = match self.columns.get(i + 1) {
                Some(c) if extra > 0 && *column == Column::OtherTitles && c.0 == Column::Foa => {
                    self.columns.get(i + 2)
                }
                Some(_) if extra > 0 && *column == Column::Foa => Some(&self.columns[i]),
                other => other,
            };
            let end = next.map_or(len, |c| at(c.1)).min(len);
            let start = at(*start).min(end);
            let value = if text.is_ascii() {
                Cow::Borrowed(text[start..end].trim())
            } else {
                Cow::Owned(
                    chars[start..end]
                        .iter()
                        .collect::<String>()
                        .trim()
                        .to_string(),
                )
            };
            fields.push((*column, name, value));
        }
        let f = Fields { line };
        let get = |c: Column| {
            fields
                .iter()
                .find(|x| x.0 == c)
                .map(|x| (x.1, x.2.as_ref()))
        };
        let mut entry = ListEntry::default();
        let (name_col, id) = get(Column::Id).unwrap_or(("ID Number", ""));
        entry.fide_id = f.fide_id(name_col, id)?;
        if entry.fide_id.is_none() {
            return Err(ListError::at(line, "ID Number", "the FIDE id is empty"));
        }
        let (name_col, name) = get(Column::Name).unwrap_or(("Name", ""));
        entry.name = f.name(name_col, name)?;
        if let Some((c, v)) = get(Column::Fed) {
            entry.federation = f.federation(c, v)?;
        }
        if let Some((c, v)) = get(Column::Sex) {
            entry.sex = f.sex(c, v)?;
        }
        let title = get(Column::Title).and_then(|(_, v)| f.fide_title(v));
        let women = get(Column::WomenTitle).and_then(|(_, v)| f.fide_title(v));
        entry.title = better_title(title, women);
        if let Some((_, v)) = get(Column::OtherTitles) {
            entry.other_titles = Some(v.to_string()).filter(|v| !v.is_empty());
        }
        if let Some((c, v)) = get(Column::Birth) {
            entry.birth_year = f.birth_year(c, v)?;
        }
        if let Some((_, v)) = get(Column::Flag) {
            entry.inactive = v.contains('i');
        }
        for kind in RatingKind::ALL {
            let Some((rc, r)) = get(Column::Rating(kind)) else {
                continue;
            };
            let (gc, g) = get(Column::Games(kind)).unwrap_or(("games", ""));
            let (kc, k) = get(Column::K(kind)).unwrap_or(("K", ""));
            entry.set_rating(kind, f.cell([rc, gc, kc], r, g, k)?);
        }
        Ok(Some(entry))
    }
}

/// A whole TXT list read line by line: the first non-blank line is the
/// header, every later one a player.
#[derive(Debug)]
pub struct TxtReader {
    single: RatingKind,
    layout: Option<TxtLayout>,
    line: u64,
}

impl TxtReader {
    /// `single`: the rating a single list carries (the combined list says
    /// its own).
    pub fn new(single: RatingKind) -> TxtReader {
        TxtReader {
            single,
            layout: None,
            line: 0,
        }
    }

    /// The next line's bytes (without its `\n`).
    pub fn push_line(&mut self, bytes: &[u8]) -> Result<Option<ListEntry>, ListError> {
        self.line += 1;
        let text = decode(bytes, Fallback::Latin1);
        match &self.layout {
            Some(layout) => layout.entry(self.line, &text),
            None if text.trim().is_empty() => Ok(None),
            None => {
                let layout = TxtLayout::from_header(&text, self.single).map_err(|e| ListError {
                    line: self.line,
                    ..e
                })?;
                self.layout = Some(layout);
                Ok(None)
            }
        }
    }

    /// Lines read so far.
    pub fn lines(&self) -> u64 {
        self.line
    }

    /// Whether a header was read (a list with none is empty or not FIDE's).
    pub fn has_header(&self) -> bool {
        self.layout.is_some()
    }
}
