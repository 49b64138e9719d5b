//! A list's bytes as text: UTF-8 when they are, else the list's fallback
//! (FIDE's TXT list is Latin-1; Chinese national lists are GBK/GB18030).

use std::borrow::Cow;

/// What a line that is not UTF-8 is read as.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fallback {
    Latin1,
    Gb18030,
}

/// The line as text; a trailing `\r` is dropped.
pub fn decode(bytes: &[u8], fallback: Fallback) -> Cow<'_, str> {
    let bytes = bytes.strip_suffix(b"\r").unwrap_or(bytes);
    match std::str::from_utf8(bytes) {
        Ok(s) => Cow::Borrowed(s.strip_prefix('\u{feff}').unwrap_or(s)),
        Err(_) => match fallback {
            Fallback::Latin1 => Cow::Owned(bytes.iter().map(|&b| char::from(b)).collect()),
            Fallback::Gb18030 => encoding_rs::GB18030.decode_without_bom_handling(bytes).0,
        },
    }
}
