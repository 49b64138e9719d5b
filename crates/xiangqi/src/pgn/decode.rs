//! The bytes of a game file as text: UTF-8 (with or without a byte-order
//! mark), UTF-16 with its byte-order mark, else GB18030 — the superset of
//! GBK and GB2312 in which xqbase and most Chinese databases export.
//!
//! Detection needs no hint: a file that is valid UTF-8 is UTF-8 (GBK text
//! with Chinese characters in it almost never is: a GBK lead byte is
//! 0x81–0xFE, and its trail byte would have to be a UTF-8 continuation
//! byte, and so on for every character); otherwise it is read as GB18030.
//! Bytes neither encoding reads become U+FFFD and [`Decoded::malformed`]
//! says where the first one was.

use std::fmt;

use encoding_rs::{DecoderResult, Encoding, GB18030, UTF_16BE, UTF_16LE};

/// The encoding a text was read in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TextEncoding {
    /// UTF-8, with or without a byte-order mark.
    Utf8,
    /// UTF-16 little-endian (byte-order mark `FF FE`).
    Utf16Le,
    /// UTF-16 big-endian (byte-order mark `FE FF`).
    Utf16Be,
    /// GB18030, which reads every GBK and GB2312 file.
    Gb18030,
}

impl TextEncoding {
    /// `UTF-8`, `UTF-16LE`, `UTF-16BE` or `GB18030`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            TextEncoding::Utf8 => "UTF-8",
            TextEncoding::Utf16Le => "UTF-16LE",
            TextEncoding::Utf16Be => "UTF-16BE",
            TextEncoding::Gb18030 => "GB18030",
        }
    }
}

impl fmt::Display for TextEncoding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A file's text and how it was read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decoded {
    /// The text, without the byte-order mark.
    pub text: String,
    /// The encoding it was read in.
    pub encoding: TextEncoding,
    /// The offset of the first byte the encoding could not read (it and
    /// the others became U+FFFD); `None` when every byte was read.
    pub malformed: Option<usize>,
}

impl Decoded {
    /// Where the first unreadable byte is ([`Decoded::malformed`]): its
    /// line and column (in characters, both from 1) in the text read, at
    /// the first U+FFFD it became.
    #[must_use]
    pub fn malformed_line(&self) -> Option<(usize, usize)> {
        self.malformed?;
        let at = self.text.find('\u{fffd}')?;
        let before = self.text.get(..at)?;
        let line = before.matches('\n').count() + 1;
        let start = before.rfind('\n').map_or(0, |n| n + 1);
        let column = before.get(start..)?.chars().count() + 1;
        Some((line, column))
    }
}

/// Reads a game file's bytes as text (see the module docs). Never fails:
/// unreadable bytes become U+FFFD and are reported in
/// [`Decoded::malformed`].
#[must_use]
pub fn decode(bytes: &[u8]) -> Decoded {
    if let Some((encoding, bom)) = Encoding::for_bom(bytes) {
        let body = bytes.get(bom..).unwrap_or_default();
        let which = if encoding == UTF_16LE {
            TextEncoding::Utf16Le
        } else if encoding == UTF_16BE {
            TextEncoding::Utf16Be
        } else {
            TextEncoding::Utf8
        };
        if which == TextEncoding::Utf8 {
            return utf8(body, bom);
        }
        return with(encoding, which, body, bom);
    }
    match std::str::from_utf8(bytes) {
        Ok(text) => Decoded {
            text: text.to_owned(),
            encoding: TextEncoding::Utf8,
            malformed: None,
        },
        Err(_) => {
            let gb = with(GB18030, TextEncoding::Gb18030, bytes, 0);
            if gb.malformed.is_none() {
                return gb;
            }
            // Neither reads every byte: the reading that replaced fewer.
            let u = utf8(bytes, 0);
            let replaced = |d: &Decoded| d.text.chars().filter(|&c| c == '\u{fffd}').count();
            if replaced(&gb) < replaced(&u) { gb } else { u }
        }
    }
}

fn utf8(body: &[u8], skipped: usize) -> Decoded {
    let malformed = std::str::from_utf8(body)
        .err()
        .map(|e| e.valid_up_to() + skipped);
    Decoded {
        text: String::from_utf8_lossy(body).into_owned(),
        encoding: TextEncoding::Utf8,
        malformed,
    }
}

/// Decodes `body` (which starts `skipped` bytes into the file) with
/// `encoding`, noting the first malformed byte.
fn with(encoding: &'static Encoding, which: TextEncoding, body: &[u8], skipped: usize) -> Decoded {
    let mut decoder = encoding.new_decoder_without_bom_handling();
    let mut text = String::with_capacity(body.len().saturating_mul(3) / 2 + 16);
    let mut read_total = 0usize;
    let mut malformed = None;
    loop {
        let rest = body.get(read_total..).unwrap_or_default();
        if let Some(needed) = decoder.max_utf8_buffer_length_without_replacement(rest.len()) {
            text.reserve(needed.saturating_add(3));
        }
        let (result, read) = decoder.decode_to_string_without_replacement(rest, &mut text, true);
        read_total = read_total.saturating_add(read);
        match result {
            DecoderResult::InputEmpty => break,
            DecoderResult::OutputFull => {
                text.reserve(rest.len().saturating_add(16));
            }
            DecoderResult::Malformed(bad, after) => {
                let at = read_total
                    .saturating_sub(usize::from(after))
                    .saturating_sub(usize::from(bad));
                malformed.get_or_insert(at + skipped);
                text.push('\u{fffd}');
            }
        }
    }
    Decoded {
        text,
        encoding: which,
        malformed,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf8_with_and_without_bom() {
        let d = decode("炮二平五".as_bytes());
        assert_eq!(
            (d.text.as_str(), d.encoding, d.malformed),
            ("炮二平五", TextEncoding::Utf8, None)
        );
        let d = decode(b"\xef\xbb\xbfh2e2");
        assert_eq!((d.text.as_str(), d.encoding), ("h2e2", TextEncoding::Utf8));
    }

    #[test]
    fn gbk_is_read_as_gb18030() {
        // 炮二平五 in GBK.
        let d = decode(b"1. \xc5\xda\xb6\xfe\xc6\xbd\xce\xe5 *");
        assert_eq!(d.text, "1. 炮二平五 *");
        assert_eq!(d.encoding, TextEncoding::Gb18030);
        assert_eq!(d.malformed, None);
    }

    #[test]
    fn utf16_with_its_mark() {
        let d = decode(b"\xff\xfeh\x002\x00");
        assert_eq!((d.text.as_str(), d.encoding), ("h2", TextEncoding::Utf16Le));
        let d = decode(b"\xfe\xff\x00h\x002");
        assert_eq!((d.text.as_str(), d.encoding), ("h2", TextEncoding::Utf16Be));
    }

    #[test]
    fn unreadable_bytes_are_located() {
        let d = decode(b"h2e2 \xff");
        assert_eq!(d.malformed, Some(5));
        assert!(d.text.starts_with("h2e2 "));
        let d = decode(b"\xc5\xda \xff\xff");
        assert_eq!(d.encoding, TextEncoding::Gb18030);
        assert_eq!(d.malformed, Some(3));
        assert!(d.text.starts_with('炮'));
    }

    #[test]
    fn an_unreadable_byte_is_named_by_its_line_and_column() {
        let d = decode(b"[Event \"x\"]\n\n1. h2e2 h9g7 \xff\n");
        assert_eq!(d.malformed_line(), Some((3, 14)));
        // GBK text with a byte GB18030 cannot read on its second line.
        let d = decode(b"\xc5\xda\n\xc5\xda \xff\xff");
        assert_eq!(d.encoding, TextEncoding::Gb18030);
        assert_eq!(d.malformed_line(), Some((2, 3)));
        assert_eq!(decode(b"h2e2").malformed_line(), None);
    }
}
