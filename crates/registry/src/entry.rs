//! One player of a rating list, whatever the list's format.

use crate::error::ListError;

/// Which of FIDE's three ratings a list (or a list's column) carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RatingKind {
    Standard,
    Rapid,
    Blitz,
}

impl RatingKind {
    pub const ALL: [RatingKind; 3] = [RatingKind::Standard, RatingKind::Rapid, RatingKind::Blitz];

    /// `standard`, `rapid` or `blitz`.
    pub fn name(self) -> &'static str {
        match self {
            RatingKind::Standard => "standard",
            RatingKind::Rapid => "rapid",
            RatingKind::Blitz => "blitz",
        }
    }

    pub fn parse(text: &str) -> Option<RatingKind> {
        RatingKind::ALL.into_iter().find(|k| k.name() == text)
    }
}

/// A rating with the games behind it and the K-factor, as a list gives it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct RatingCell {
    pub rating: u16,
    /// Rated games in the list's period (0 when the list does not say).
    pub games: u16,
    pub k: Option<u8>,
}

/// One player of a list. A field the list leaves blank is `None`.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ListEntry {
    pub fide_id: Option<u64>,
    /// A national federation's own id (national lists).
    pub national_id: Option<String>,
    /// As the list writes it (FIDE: "Surname, First").
    pub name: String,
    /// Three capitals (FIDE's code).
    pub federation: Option<String>,
    /// `m` or `w`, as the rest of the server records it.
    pub sex: Option<char>,
    /// GM, IM, FM, CM, WGM, WIM, WFM, WCM.
    pub title: Option<String>,
    /// An arbiter's, trainer's or organiser's titles (FIDE's `OTit`), as given.
    pub other_titles: Option<String>,
    pub birth_year: Option<u16>,
    pub standard: Option<RatingCell>,
    pub rapid: Option<RatingCell>,
    pub blitz: Option<RatingCell>,
    /// FIDE's flag says inactive (`i`, `wi`).
    pub inactive: bool,
}

impl ListEntry {
    pub fn rating(&self, kind: RatingKind) -> Option<RatingCell> {
        match kind {
            RatingKind::Standard => self.standard,
            RatingKind::Rapid => self.rapid,
            RatingKind::Blitz => self.blitz,
        }
    }

    pub fn set_rating(&mut self, kind: RatingKind, cell: Option<RatingCell>) {
        match kind {
            RatingKind::Standard => self.standard = cell,
            RatingKind::Rapid => self.rapid = cell,
            RatingKind::Blitz => self.blitz = cell,
        }
    }
}

/// The highest rating a list may carry (the server's own limit).
pub const MAX_RATING: u16 = 3500;

/// The field checks every reader shares; `line` and `column` go into the
/// error.
pub(crate) struct Fields {
    pub line: u64,
}

impl Fields {
    fn err(&self, column: &str, message: impl Into<String>) -> ListError {
        ListError::at(self.line, column, message)
    }

    pub fn fide_id(&self, column: &str, text: &str) -> Result<Option<u64>, ListError> {
        if text.is_empty() {
            return Ok(None);
        }
        match text.parse::<u64>() {
            Ok(id)
                if id > 0 && id <= 99_999_999_999 && text.bytes().all(|b| b.is_ascii_digit()) =>
            {
                Ok(Some(id))
            }
            _ => Err(self.err(
                column,
                format!("'{text}' is not a FIDE id (digits, at most 11)"),
            )),
        }
    }

    pub fn number(&self, column: &str, text: &str, max: u32) -> Result<Option<u32>, ListError> {
        if text.is_empty() {
            return Ok(None);
        }
        match text.parse::<u32>() {
            Ok(n) if n <= max && text.bytes().all(|b| b.is_ascii_digit()) => Ok(Some(n)),
            _ => Err(self.err(column, format!("'{text}' is not a number from 0 to {max}"))),
        }
    }

    /// A rating with its games and K; a rating of 0 or blank is no rating.
    pub fn cell(
        &self,
        columns: [&str; 3],
        rating: &str,
        games: &str,
        k: &str,
    ) -> Result<Option<RatingCell>, ListError> {
        let r = self.number(columns[0], rating, u32::from(MAX_RATING))?;
        let g = self.number(columns[1], games, u32::from(u16::MAX))?;
        let k = self.number(columns[2], k, u32::from(u8::MAX))?;
        Ok(match r {
            Some(r) if r > 0 => Some(RatingCell {
                rating: r as u16,
                games: g.unwrap_or(0) as u16,
                k: k.map(|k| k as u8),
            }),
            _ => None,
        })
    }

    pub fn federation(&self, column: &str, text: &str) -> Result<Option<String>, ListError> {
        if text.is_empty() {
            return Ok(None);
        }
        let upper = text.to_ascii_uppercase();
        if upper.len() == 3 && upper.bytes().all(|b| b.is_ascii_uppercase()) {
            Ok(Some(upper))
        } else {
            Err(self.err(
                column,
                format!("'{text}' is not a three-letter federation code"),
            ))
        }
    }

    pub fn sex(&self, column: &str, text: &str) -> Result<Option<char>, ListError> {
        match text {
            "" => Ok(None),
            "M" | "m" => Ok(Some('m')),
            "F" | "f" | "W" | "w" => Ok(Some('w')),
            _ => Err(self.err(column, format!("'{text}' is not a sex (M or F)"))),
        }
    }

    /// A player's title: GM, IM, FM, CM and the women's titles; the TXT and
    /// XML lists write women's titles in their own column, so both are read
    /// here and the higher kept (FIDE's order).
    pub fn title(&self, column: &str, text: &str) -> Result<Option<String>, ListError> {
        const TITLES: [&str; 8] = ["GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM"];
        if text.is_empty() {
            return Ok(None);
        }
        let upper = text.to_ascii_uppercase();
        match TITLES.iter().find(|t| **t == upper) {
            Some(t) => Ok(Some((*t).to_string())),
            None => Err(self.err(
                column,
                format!("'{text}' is not a FIDE title ({})", TITLES.join(", ")),
            )),
        }
    }

    /// A title as FIDE's own lists write it: the codes (`GM`, `WGM`, …)
    /// or the older letters (`g`, `wg`, `m`, `wm`, `f`, `wf`, `c`, `wc`). A
    /// title the Laws do not know (an online or honorary one) is left out
    /// rather than refusing a list of two million lines for it.
    pub fn fide_title(&self, text: &str) -> Option<String> {
        let code = match text.to_ascii_lowercase().as_str() {
            "g" => "GM",
            "wg" => "WGM",
            "m" => "IM",
            "wm" => "WIM",
            "f" => "FM",
            "wf" => "WFM",
            "c" => "CM",
            "wc" => "WCM",
            _ => return self.title("", text).ok().flatten(),
        };
        Some(code.to_string())
    }

    pub fn birth_year(&self, column: &str, text: &str) -> Result<Option<u16>, ListError> {
        // FIDE writes a year; some national lists a full date: take its year.
        let year = text.get(..4).unwrap_or(text);
        if text.is_empty() || year == "0000" {
            return Ok(None);
        }
        match year.parse::<u16>() {
            Ok(y) if (1850..=2100).contains(&y) && year.bytes().all(|b| b.is_ascii_digit()) => {
                Ok(Some(y))
            }
            _ => Err(self.err(column, format!("'{text}' is not a year of birth"))),
        }
    }

    pub fn name(&self, column: &str, text: &str) -> Result<String, ListError> {
        if text.is_empty() {
            return Err(self.err(column, "the name is empty"));
        }
        if text.chars().any(char::is_control) {
            return Err(self.err(column, "the name holds a control character"));
        }
        Ok(text.to_string())
    }
}

/// The better of two titles (FIDE's order: GM, IM, WGM, FM, WIM, CM, WFM, WCM).
pub(crate) fn better_title(a: Option<String>, b: Option<String>) -> Option<String> {
    const ORDER: [&str; 8] = ["GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM"];
    let rank = |t: &Option<String>| {
        t.as_deref()
            .and_then(|t| ORDER.iter().position(|o| *o == t))
            .unwrap_or(usize::MAX)
    };
    if rank(&b) < rank(&a) { b } else { a }
}
