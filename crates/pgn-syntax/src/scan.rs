//! Scanners over PGN bytes: each starts at a byte offset and says where its
//! token ends, so that a reader keeps its own position and line count.

use std::borrow::Cow;
use std::ops::Range;

use crate::SyntaxError;

/// A tag pair `[Name "value"]` as found by [`scan_tag`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TagSpan {
    /// The tag name's bytes (ASCII letters, digits and `_`).
    pub name: Range<usize>,
    /// The value's bytes between the quotes, escapes unresolved.
    pub value: Range<usize>,
    /// Just after the closing `]`.
    pub end: usize,
}

/// Skips spaces and tabs, and carriage returns too when `cr`.
#[inline]
fn skip(input: &[u8], mut pos: usize, cr: bool) -> usize {
    while let Some(&b) = input.get(pos) {
        if b == b' ' || b == b'\t' || (cr && b == b'\r') {
            pos += 1;
        } else {
            break;
        }
    }
    pos
}

/// The bytes of a tag name: ASCII letters, digits and `_`.
static NAME: [bool; 256] = {
    let mut t = [false; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        t[b] = c.is_ascii_alphanumeric() || c == b'_';
        b += 1;
    }
    t
};

/// Scans the tag pair whose `[` is at `open`. Blanks (spaces and tabs, and
/// carriage returns before the closing `]`; before the value too when
/// `cr_before_value`) may stand around the name and the value. In the value
/// a backslash escapes the next byte (`\"` does not close it); a newline or
/// the end of input before the closing quote is an error.
///
/// On error: the byte offset to report it at (the quote for an unterminated
/// value) and what is wrong. A tag pair never spans lines, so the offset is
/// on the line of `open`.
pub fn scan_tag(
    input: &[u8],
    open: usize,
    cr_before_value: bool,
) -> Result<TagSpan, (usize, SyntaxError)> {
    let mut pos = skip(input, open + 1, cr_before_value);
    let name_start = pos;
    while input.get(pos).is_some_and(|&b| NAME[usize::from(b)]) {
        pos += 1;
    }
    if pos == name_start {
        return Err((pos, SyntaxError::MissingTagName));
    }
    let name = name_start..pos;
    pos = skip(input, pos, cr_before_value);
    if input.get(pos) != Some(&b'"') {
        return Err((pos, SyntaxError::MissingTagValue));
    }
    let quote = pos;
    pos += 1;
    let value_start = pos;
    loop {
        // Jump to the next quote, backslash or newline, eight bytes at a time.
        pos = match input
            .get(pos..)
            .and_then(|rest| memchr3(b'"', b'\\', b'\n', rest))
        {
            Some(i) => pos + i,
            None => input.len(),
        };
        match input.get(pos) {
            Some(b'"') => break,
            Some(b'\\') if input.get(pos + 1).is_some_and(|b| *b != b'\n') => pos += 2,
            Some(b'\n') | None => return Err((quote, SyntaxError::UnterminatedTagValue)),
            Some(_) => pos += 1,
        }
    }
    let value = value_start..pos;
    pos = skip(input, pos + 1, true);
    if input.get(pos) != Some(&b']') {
        return Err((pos, SyntaxError::UnterminatedTag));
    }
    Ok(TagSpan {
        name,
        value,
        end: pos + 1,
    })
}

/// A tag value with `\"` and `\\` resolved (PGN standard 7); any other
/// backslash stays. Borrows when nothing is escaped. Only ASCII bytes are
/// removed, so valid UTF-8 stays valid.
pub fn unescape_tag_value(raw: &[u8]) -> Cow<'_, [u8]> {
    if !raw.contains(&b'\\') {
        return Cow::Borrowed(raw);
    }
    let mut bytes = Vec::with_capacity(raw.len());
    let mut iter = raw.iter().copied();
    while let Some(b) = iter.next() {
        if b == b'\\' {
            match iter.next() {
                Some(next @ (b'"' | b'\\')) => bytes.push(next),
                Some(other) => {
                    bytes.push(b'\\');
                    bytes.push(other);
                }
                None => bytes.push(b'\\'),
            }
        } else {
            bytes.push(b);
        }
    }
    Cow::Owned(bytes)
}

/// Reads the digits of a NAG from `from` (just after its `$`): where they
/// end, and the number when there is at least one digit and it is at most
/// 255.
pub fn scan_nag(input: &[u8], from: usize) -> (usize, Option<u8>) {
    let mut pos = from;
    let mut value: u32 = 0;
    while let Some(&d) = input.get(pos).filter(|d| d.is_ascii_digit()) {
        value = value.saturating_mul(10).saturating_add(u32::from(d - b'0'));
        pos += 1;
    }
    let nag = if pos == from {
        None
    } else {
        u8::try_from(value).ok()
    };
    (pos, nag)
}

/// The offset of the `}` closing the brace comment whose `{` is at `open`
/// (brace comments do not nest), or `None` when it is never closed.
pub fn brace_comment_end(input: &[u8], open: usize) -> Option<usize> {
    let start = open + 1;
    memchr(b'}', input.get(start..)?).map(|i| start + i)
}

/// The offset of the newline ending the line that `from` is on, or the
/// input's length.
pub fn line_end(input: &[u8], from: usize) -> usize {
    input
        .get(from..)
        .and_then(|rest| memchr(b'\n', rest))
        .map_or(input.len(), |i| from + i)
}

/// The 1-based column of byte `offset` on the line starting at byte
/// `line_start`, counting UTF-8 characters.
pub fn column_of(input: &[u8], line_start: usize, offset: usize) -> u32 {
    let offset = offset.min(input.len());
    let line_start = line_start.min(offset);
    let chars = input[line_start..offset]
        .iter()
        .filter(|&&b| (b & 0xC0) != 0x80)
        .count();
    u32::try_from(chars)
        .unwrap_or(u32::MAX - 1)
        .saturating_add(1)
}

/// Position of the first byte equal to `a`, `b` or `c` in `haystack`, eight
/// bytes at a time.
#[inline]
pub fn memchr3(a: u8, b: u8, c: u8, haystack: &[u8]) -> Option<usize> {
    const LO: u64 = 0x0101_0101_0101_0101;
    const HI: u64 = 0x8080_8080_8080_8080;
    let (pa, pb, pc) = (LO * u64::from(a), LO * u64::from(b), LO * u64::from(c));
    let mut chunks = haystack.chunks_exact(8);
    let mut offset = 0;
    for chunk in chunks.by_ref() {
        let mut word = [0u8; 8];
        word.copy_from_slice(chunk);
        let w = u64::from_le_bytes(word);
        let (xa, xb, xc) = (w ^ pa, w ^ pb, w ^ pc);
        // The lowest set bit of each marks that pattern's first match exactly.
        let found =
            (xa.wrapping_sub(LO) & !xa | xb.wrapping_sub(LO) & !xb | xc.wrapping_sub(LO) & !xc)
                & HI;
        if found != 0 {
            return Some(offset + (found.trailing_zeros() / 8) as usize);
        }
        offset += 8;
    }
    chunks
        .remainder()
        .iter()
        .position(|&x| x == a || x == b || x == c)
        .map(|i| offset + i)
}

/// Position of the first `needle` in `haystack`, eight bytes at a time.
#[inline]
pub fn memchr(needle: u8, haystack: &[u8]) -> Option<usize> {
    const LO: u64 = 0x0101_0101_0101_0101;
    const HI: u64 = 0x8080_8080_8080_8080;
    let pattern = LO * u64::from(needle);
    let mut chunks = haystack.chunks_exact(8);
    let mut offset = 0;
    for chunk in chunks.by_ref() {
        let mut word = [0u8; 8];
        word.copy_from_slice(chunk);
        let x = u64::from_le_bytes(word) ^ pattern;
        // The lowest set bit marks the first zero byte of `x` exactly.
        let found = x.wrapping_sub(LO) & !x & HI;
        if found != 0 {
            return Some(offset + (found.trailing_zeros() / 8) as usize);
        }
        offset += 8;
    }
    chunks
        .remainder()
        .iter()
        .position(|&b| b == needle)
        .map(|i| offset + i)
}
