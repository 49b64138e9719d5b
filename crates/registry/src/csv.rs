//! A national rating list in CSV, with a stated column mapping: which of
//! the file's header columns holds the national id, the FIDE id, the name,
//! the federation, the sex, the title, the year of birth, the rating, the
//! games and the K-factor. Text is UTF-8, else GB18030 (the encoding of
//! Chinese lists). Fields may be quoted (`"Ding, Liren"`, `""` for a quote);
//! a record is one line.

use crate::entry::{Fields, ListEntry, RatingCell, RatingKind};
use crate::error::ListError;
use crate::text::{Fallback, decode};

/// A field a national list can map.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field {
    NationalId,
    FideId,
    Name,
    Federation,
    Sex,
    Title,
    BirthYear,
    Rating,
    Games,
    K,
}

impl Field {
    pub const ALL: [Field; 10] = [
        Field::NationalId,
        Field::FideId,
        Field::Name,
        Field::Federation,
        Field::Sex,
        Field::Title,
        Field::BirthYear,
        Field::Rating,
        Field::Games,
        Field::K,
    ];

    /// The mapping's key: `national_id`, `fide_id`, `name`, `federation`,
    /// `sex`, `title`, `birth_year`, `rating`, `games`, `k`.
    pub fn key(self) -> &'static str {
        match self {
            Field::NationalId => "national_id",
            Field::FideId => "fide_id",
            Field::Name => "name",
            Field::Federation => "federation",
            Field::Sex => "sex",
            Field::Title => "title",
            Field::BirthYear => "birth_year",
            Field::Rating => "rating",
            Field::Games => "games",
            Field::K => "k",
        }
    }

    pub fn parse(key: &str) -> Option<Field> {
        Field::ALL.into_iter().find(|f| f.key() == key)
    }
}

/// Which header column holds each field, and the separator.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CsvMapping {
    pub delimiter: char,
    pub columns: Vec<(Field, String)>,
}

impl CsvMapping {
    /// The mapping must name the name column and an id (national or FIDE).
    pub fn check(&self) -> Result<(), String> {
        let has = |f: Field| self.columns.iter().any(|c| c.0 == f);
        if !has(Field::Name) {
            return Err("the mapping names no 'name' column".into());
        }
        if !has(Field::NationalId) && !has(Field::FideId) {
            return Err("the mapping names neither a 'national_id' nor a 'fide_id' column".into());
        }
        for (i, (f, _)) in self.columns.iter().enumerate() {
            if self.columns[..i].iter().any(|c| c.0 == *f) {
                return Err(format!("the mapping names '{}' twice", f.key()));
            }
        }
        if self.delimiter == '"' || self.delimiter == '\n' {
            return Err("the delimiter cannot be a quote or a newline".into());
        }
        Ok(())
    }
}

#[derive(Debug)]
pub struct CsvReader {
    mapping: CsvMapping,
    kind: RatingKind,
    indices: Option<Vec<(Field, usize, String)>>,
    line: u64,
}

impl CsvReader {
    /// `kind`: the rating the list carries.
    pub fn new(mapping: CsvMapping, kind: RatingKind) -> CsvReader {
        CsvReader {
            mapping,
            kind,
            indices: None,
            line: 0,
        }
    }

    pub fn lines(&self) -> u64 {
        self.line
    }

    pub fn has_header(&self) -> bool {
        self.indices.is_some()
    }

    /// The next line's bytes (without its `\n`).
    pub fn push_line(&mut self, bytes: &[u8]) -> Result<Option<ListEntry>, ListError> {
        self.line += 1;
        let line = self.line;
        let text = decode(bytes, Fallback::Gb18030);
        if text.trim().is_empty() {
            return Ok(None);
        }
        let cells = split(&text, self.mapping.delimiter).map_err(|m| ListError::line(line, m))?;
        let Some(indices) = &self.indices else {
            let mut found = Vec::new();
            for (field, header) in &self.mapping.columns {
                let at = cells
                    .iter()
                    .position(|c| c.trim() == header.trim())
                    .ok_or_else(|| {
                        ListError::line(
                            line,
                            format!(
                                "the header has no column '{header}' (mapped to '{}'); it has: {}",
                                field.key(),
                                cells.join(", ")
                            ),
                        )
                    })?;
                found.push((*field, at, header.clone()));
            }
            self.indices = Some(found);
            return Ok(None);
        };
        let get = |f: Field| {
            indices
                .iter()
                .find(|i| i.0 == f)
                .map(|(_, at, header)| (header.as_str(), cells.get(*at).map_or("", |c| c.trim())))
        };
        let f = Fields { line };
        let mut entry = ListEntry::default();
        if let Some((c, v)) = get(Field::FideId) {
            entry.fide_id = f.fide_id(c, v)?;
        }
        if let Some((c, v)) = get(Field::NationalId) {
            entry.national_id = Some(v.to_string()).filter(|v| !v.is_empty());
            if v.chars().any(char::is_control) || v.len() > 32 {
                return Err(ListError::at(
                    line,
                    c,
                    "a national id is at most 32 printable characters",
                ));
            }
        }
        if entry.fide_id.is_none() && entry.national_id.is_none() {
            return Err(ListError::line(
                line,
                "the player has neither a national id nor a FIDE id",
            ));
        }
        let (c, v) = get(Field::Name).unwrap_or(("name", ""));
        entry.name = f.name(c, v)?;
        if let Some((c, v)) = get(Field::Federation) {
            entry.federation = f.federation(c, v)?;
        }
        if let Some((c, v)) = get(Field::Sex) {
            entry.sex = match v {
                "男" => Some('m'),
                "女" => Some('w'),
                _ => f.sex(c, v)?,
            };
        }
        if let Some((c, v)) = get(Field::Title) {
            entry.title = f.title(c, v)?;
        }
        if let Some((c, v)) = get(Field::BirthYear) {
            entry.birth_year = f.birth_year(c, v)?;
        }
        if let Some((rc, r)) = get(Field::Rating) {
            let (gc, g) = get(Field::Games).unwrap_or(("games", ""));
            let (kc, k) = get(Field::K).unwrap_or(("k", ""));
            let cell: Option<RatingCell> = f.cell([rc, gc, kc], r, g, k)?;
            entry.set_rating(self.kind, cell);
        }
        Ok(Some(entry))
    }
}

/// One CSV record's fields.
fn split(line: &str, delimiter: char) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    let mut field = String::new();
    let mut chars = line.chars().peekable();
    let mut quoted = false;
    let mut at_start = true;
    while let Some(c) = chars.next() {
        if quoted {
            if c == '"' {
                if chars.peek() == Some(&'"') {
                    chars.next();
                    field.push('"');
                } else {
                    quoted = false;
                }
            } else {
                field.push(c);
            }
        } else if c == '"' && at_start {
            quoted = true;
            at_start = false;
        } else if c == delimiter {
            out.push(std::mem::take(&mut field));
            at_start = true;
        } else {
            if !c.is_whitespace() {
                at_start = false;
            }
            field.push(c);
        }
    }
    if quoted {
        return Err("a quoted field is not closed on its line".into());
    }
    out.push(field);
    Ok(out)
}
