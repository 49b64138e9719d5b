//! FIDE's rating list as XML (`players_list_xml_foa.xml`, and the single
//! lists): a flat `<playerslist>` of `<player>` elements, one child element
//! per field (`fideid`, `name`, `country`, `sex`, `title`, `w_title`,
//! `o_title`, `foa_title`, `rating`, `games`, `k`, `rapid_rating`,
//! `rapid_games`, `rapid_k`, `blitz_rating`, `blitz_games`, `blitz_k`,
//! `birthday`, `flag`).
//!
//! Read as a stream: bytes are pushed as they arrive and each complete
//! `<player>` element is read on its own, so memory stays bounded by one
//! element whatever the list's size. A single list's `rating`, `games` and
//! `k` are the rating the importer names.

use crate::entry::{Fields, ListEntry, RatingKind, better_title};
use crate::error::ListError;
use crate::text::{Fallback, decode};

/// The longest `<player>` element read (FIDE's are about 600 bytes).
const MAX_ELEMENT: usize = 64 * 1024;

#[derive(Debug)]
pub struct XmlReader {
    single: RatingKind,
    buf: Vec<u8>,
    /// Newlines before `buf`'s first byte.
    line: u64,
    /// Where the search for `</player>` resumes in `buf`.
    scanned: usize,
    players: u64,
    root_seen: bool,
}

fn find(hay: &[u8], needle: &[u8], from: usize) -> Option<usize> {
    hay.get(from..)?
        .windows(needle.len())
        .position(|w| w == needle)
        .map(|p| p + from)
}

fn newlines(bytes: &[u8]) -> u64 {
    bytes.iter().filter(|&&b| b == b'\n').count() as u64
}

impl XmlReader {
    pub fn new(single: RatingKind) -> XmlReader {
        XmlReader {
            single,
            buf: Vec::new(),
            line: 0,
            scanned: 0,
            players: 0,
            root_seen: false,
        }
    }

    /// Pushes the next bytes; every player completed by them is appended
    /// to `out`.
    pub fn push(&mut self, chunk: &[u8], out: &mut Vec<ListEntry>) -> Result<(), ListError> {
        self.buf.extend_from_slice(chunk);
        const CLOSE: &[u8] = b"</player>";
        let mut consumed = 0;
        while let Some(end) = find(&self.buf, CLOSE, self.scanned.max(consumed)) {
            let element_end = end + CLOSE.len();
            let slice = &self.buf[consumed..element_end];
            let open = find(slice, b"<player>", 0)
                .or_else(|| find(slice, b"<player ", 0))
                .ok_or_else(|| {
                    ListError::line(
                        self.line + newlines(&slice[..end - consumed]) + 1,
                        "a </player> closes no <player>",
                    )
                })?;
            let before = &slice[..open];
            if !self.root_seen {
                self.root_seen = find(before, b"<playerslist", 0).is_some();
            }
            let line = self.line + newlines(before) + 1;
            let inner_start = open + slice[open..].iter().position(|&b| b == b'>').unwrap_or(0) + 1;
            let inner = &slice[inner_start..slice.len() - CLOSE.len()];
            out.push(self.player(line, inner)?);
            self.players += 1;
            self.line += newlines(slice);
            consumed = element_end;
        }
        if consumed > 0 {
            self.buf.drain(..consumed);
        }
        self.scanned = self.buf.len().saturating_sub(CLOSE.len() - 1);
        if self.buf.len() > MAX_ELEMENT {
            return Err(ListError::line(
                self.line + 1,
                "a <player> element runs over 64 KiB: is this FIDE's XML list?",
            ));
        }
        Ok(())
    }

    /// The end of the list: nothing may be left half-read.
    pub fn finish(&self) -> Result<u64, ListError> {
        if find(&self.buf, b"<player>", 0).is_some() || find(&self.buf, b"<player ", 0).is_some() {
            return Err(ListError::line(
                self.line + 1,
                "the list ends inside a <player> element",
            ));
        }
        if self.players == 0 && !self.root_seen && find(&self.buf, b"<playerslist", 0).is_none() {
            return Err(ListError::line(
                1,
                "no <playerslist> here: is this FIDE's XML list?",
            ));
        }
        Ok(self.players)
    }

    /// Lines read so far (complete players only).
    pub fn lines(&self) -> u64 {
        self.line
    }

    fn player(&self, line: u64, inner: &[u8]) -> Result<ListEntry, ListError> {
        let text = decode(inner, Fallback::Latin1);
        let mut fields: Vec<(String, String)> = Vec::with_capacity(20);
        let mut rest: &str = &text;
        loop {
            rest = rest.trim_start();
            if rest.is_empty() {
                break;
            }
            let Some(after) = rest.strip_prefix('<') else {
                return Err(ListError::line(
                    line,
                    "text outside an element inside <player>",
                ));
            };
            if let Some(comment) = after.strip_prefix("!--") {
                let end = comment
                    .find("-->")
                    .ok_or_else(|| ListError::line(line, "an unclosed comment"))?;
                rest = &comment[end + 3..];
                continue;
            }
            let close = after
                .find('>')
                .ok_or_else(|| ListError::line(line, "an unclosed tag inside <player>"))?;
            let tag = &after[..close];
            if let Some(name) = tag.strip_suffix('/') {
                let name = name.split_whitespace().next().unwrap_or("");
                fields.push((name.to_string(), String::new()));
                rest = &after[close + 1..];
                continue;
            }
            let name = tag.split_whitespace().next().unwrap_or("");
            if name.is_empty() || name.starts_with('/') {
                return Err(ListError::line(
                    line,
                    format!("an unexpected tag <{tag}> inside <player>"),
                ));
            }
            let body = &after[close + 1..];
            let end_tag = format!("</{name}>");
            let end = body
                .find(&end_tag)
                .ok_or_else(|| ListError::at(line, name, format!("<{name}> is not closed")))?;
            let value = unescape(body[..end].trim()).map_err(|m| ListError::at(line, name, m))?;
            fields.push((name.to_string(), value));
            rest = &body[end + end_tag.len()..];
        }
        let get = |n: &str| {
            fields
                .iter()
                .find(|f| f.0 == n)
                .map_or("", |f| f.1.as_str())
        };
        let f = Fields { line };
        let mut entry = ListEntry {
            fide_id: f.fide_id("fideid", get("fideid"))?,
            ..ListEntry::default()
        };
        if entry.fide_id.is_none() {
            return Err(ListError::at(line, "fideid", "the FIDE id is empty"));
        }
        entry.name = f.name("name", get("name"))?;
        entry.federation = f.federation("country", get("country"))?;
        entry.sex = f.sex("sex", get("sex"))?;
        entry.title = better_title(f.fide_title(get("title")), f.fide_title(get("w_title")));
        entry.other_titles = Some(get("o_title").to_string()).filter(|t| !t.is_empty());
        entry.birth_year = f.birth_year("birthday", get("birthday"))?;
        entry.inactive = get("flag").contains('i');
        let plain = f.cell(
            ["rating", "games", "k"],
            get("rating"),
            get("games"),
            get("k"),
        )?;
        let rapid = f.cell(
            ["rapid_rating", "rapid_games", "rapid_k"],
            get("rapid_rating"),
            get("rapid_games"),
            get("rapid_k"),
        )?;
        let blitz = f.cell(
            ["blitz_rating", "blitz_games", "blitz_k"],
            get("blitz_rating"),
            get("blitz_games"),
            get("blitz_k"),
        )?;
        let combined = fields
            .iter()
            .any(|(n, _)| n.starts_with("rapid_") || n.starts_with("blitz_"));
        if combined {
            entry.standard = plain;
            entry.rapid = rapid;
            entry.blitz = blitz;
        } else {
            entry.set_rating(self.single, plain);
        }
        Ok(entry)
    }
}

/// XML's five entities and character references.
fn unescape(text: &str) -> Result<String, String> {
    if !text.contains('&') {
        return Ok(text.to_string());
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('&') {
        out.push_str(&rest[..at]);
        let tail = &rest[at + 1..];
        let end = tail
            .find(';')
            .ok_or_else(|| format!("an '&' without ';' in '{text}'"))?;
        let name = &tail[..end];
        let c = match name {
            "amp" => '&',
            "lt" => '<',
            "gt" => '>',
            "quot" => '"',
            "apos" => '\'',
            _ => {
                let code = if let Some(hex) =
                    name.strip_prefix("#x").or_else(|| name.strip_prefix("#X"))
                {
                    u32::from_str_radix(hex, 16).ok()
                } else if let Some(dec) = name.strip_prefix('#') {
                    dec.parse().ok()
                } else {
                    None
                };
                code.and_then(char::from_u32)
                    .ok_or_else(|| format!("an unknown entity '&{name};'"))?
            }
        };
        out.push(c);
        rest = &tail[end + 1..];
    }
    out.push_str(rest);
    Ok(out)
}
