//! A file's bytes as text: UTF-8, GBK (GB18030), or Windows-1252.
//!
//! - **UTF-8** (a byte-order mark is dropped): what FIDE asks for and what
//!   every current program writes.
//! - **GBK**, read as GB18030 (its superset): what a program on a Chinese
//!   Windows writes (Swiss-Manager writes the system's code page). Such a
//!   program pads its columns by bytes, so a Chinese character takes two
//!   columns: `王小明` fills 6 of the name's 33. The text is realigned to
//!   columns counted in characters, as the parser counts them (see
//!   [`realign`]).
//! - **Windows-1252** otherwise: Latin-1 with the letters and punctuation
//!   Windows programs write in 0x80–0x9F (`Š`, `Ž`, `Œ`, `–`, `’`); the five
//!   bytes that encoding leaves undefined stay control characters, which
//!   [`super::parse`] refuses.
//!
//! Telling GBK from Windows-1252 needs no hint. A GBK character is a lead
//! byte 0x81–0xFE and a trail byte 0x40–0xFE (not 0x7F), or four bytes
//! (lead, digit, lead, digit); the common Chinese characters have both
//! bytes at 0xA1 or above. A Latin-1 letter is one byte between ASCII
//! letters or spaces: its next byte is ASCII (`Müller`: `FC 6C`) or, at
//! the end of a word, not a trail byte at all; two such letters in a row
//! (`Šé`, `ßi`) may read as one GBK character, never as two. A file is read
//! as GBK when every byte above ASCII is part of such a character, two or
//! more of them stand together somewhere (a Chinese name has at least two
//! characters), and those whose trail byte is ASCII are at most a fifth.

use encoding_rs::GB18030;

/// Decodes a TRF file's bytes (see the module docs).
#[must_use]
pub fn decode(bytes: &[u8]) -> String {
    let bytes = bytes.strip_prefix(&[0xEF, 0xBB, 0xBF]).unwrap_or(bytes);
    if let Ok(text) = std::str::from_utf8(bytes) {
        return text.to_owned();
    }
    if let Some(units) = gbk_units(bytes) {
        if let Some(text) = realign(bytes, &units) {
            return text;
        }
    }
    bytes.iter().map(|&b| windows_1252(b)).collect()
}

/// The length of each character (1, 2 or 4 bytes) when the bytes read as
/// GBK text (see the module docs); `None` when they do not.
fn gbk_units(bytes: &[u8]) -> Option<Vec<u8>> {
    let mut units = Vec::with_capacity(bytes.len());
    let (mut wide, mut ascii_trail) = (0_usize, 0_usize);
    let (mut run, mut longest_run) = (0_usize, 0_usize);
    let mut i = 0;
    while i < bytes.len() {
        let lead = bytes[i];
        if lead < 0x80 {
            units.push(1);
            run = 0;
            i += 1;
            continue;
        }
        run += 1;
        longest_run = longest_run.max(run);
        if !(0x81..=0xFE).contains(&lead) {
            return None;
        }
        let trail = *bytes.get(i + 1)?;
        if trail.is_ascii_digit() {
            let (third, fourth) = (*bytes.get(i + 2)?, *bytes.get(i + 3)?);
            if !(0x81..=0xFE).contains(&third) || !fourth.is_ascii_digit() {
                return None;
            }
            units.push(4);
            wide += 1;
            i += 4;
            continue;
        }
        if !(0x40..=0xFE).contains(&trail) || trail == 0x7F {
            return None;
        }
        if trail < 0x80 {
            ascii_trail += 1;
        } else {
            wide += 1;
        }
        units.push(2);
        i += 2;
    }
    (longest_run >= 2 && ascii_trail * 4 <= wide).then_some(units)
}

/// The GBK text with its columns counted in characters: the columns a
/// multi-byte character took beyond its first (its "debt") are given back
/// as spaces before the next field, the first ASCII character after a run
/// of two or more spaces, or after one space when it is a digit (a name
/// that fills its field). Spaces inside a name (`王 小明`) stay as they
/// are; a debt left at the end of a line is dropped (nothing follows).
/// `None` when a character does not decode.
fn realign(bytes: &[u8], units: &[u8]) -> Option<String> {
    let mut out = String::with_capacity(bytes.len() * 3 / 2);
    let mut debt = 0_usize;
    let mut spaces = 0_usize;
    let mut at = 0;
    for &len in units {
        let unit = &bytes[at..at + usize::from(len)];
        at += usize::from(len);
        if len == 1 {
            let c = char::from(unit[0]);
            match c {
                '\r' | '\n' => debt = 0,
                ' ' => {}
                _ if debt > 0 && (spaces >= 2 || (spaces == 1 && c.is_ascii_digit())) => {
                    out.extend(std::iter::repeat_n(' ', debt));
                    debt = 0;
                }
                _ => {}
            }
            spaces = if c == ' ' { spaces + 1 } else { 0 };
            out.push(c);
            continue;
        }
        let text = GB18030.decode_without_bom_handling_and_without_replacement(unit)?;
        out.push_str(&text);
        debt += usize::from(len) - text.chars().count();
        spaces = 0;
    }
    Some(out)
}

/// One byte of Windows-1252.
fn windows_1252(byte: u8) -> char {
    const HIGH: [char; 32] = [
        '€', '\u{81}', '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', '\u{8d}', 'Ž',
        '\u{8f}', '\u{90}', '‘', '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', '\u{9d}',
        'ž', 'Ÿ',
    ];
    match byte {
        0x80..=0x9F => HIGH[usize::from(byte - 0x80)],
        _ => char::from(byte),
    }
}

#[cfg(test)]
mod tests {
    use super::decode;

    fn gbk(text: &str) -> Vec<u8> {
        encoding_rs::GB18030.encode(text).0.into_owned()
    }

    #[test]
    fn a_latin_1_name_is_not_read_as_gbk() {
        for name in ["Müller, Hans", "Ñúñez, José", "Šépha", "Çağlar Øre", "Müßig, Åsa"] {
            let bytes: Vec<u8> = name
                .chars()
                .map(|c| u8::try_from(u32::from(c)).unwrap_or(0x8A))
                .collect();
            let text = decode(&bytes);
            assert_eq!(text.chars().count(), name.chars().count(), "{name}: {text}");
            assert!(!text.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)), "{text}");
        }
    }

    #[test]
    fn a_gbk_name_padded_by_bytes_keeps_the_columns_that_follow() {
        let line = format!("001 {:>4} m{:>3} {:<33} {:>4} {:<3}", 1, "", "王小明", 2100, "CHN");
        // 王小明 is 6 bytes in GBK: the writer padded the name to 33 bytes.
        let padded = line.replacen("王小明   ", "王小明", 1);
        let text = decode(&gbk(&padded));
        assert_eq!(text, line);
        assert_eq!(text.chars().position(|c| c == '2'), Some(48));
    }

    #[test]
    fn a_space_inside_a_gbk_name_stays_one_space() {
        let text = decode(&gbk("013 王 小明  1    2\n012 全国锦标赛\n"));
        assert_eq!(text, "013 王 小明     1    2\n012 全国锦标赛\n");
    }
}
