//! A file's bytes as text: UTF-8, GBK (GB18030), or Windows-1252.
//!
//! - **UTF-8** (a byte-order mark is dropped): what FIDE asks for and what
//!   every current program writes.
//! - **GBK**, read as GB18030 (its superset): what a program on a Chinese
//!   Windows writes (Swiss-Manager writes the system's code page). Such a
//!   program pads its columns by bytes, so a Chinese character takes two
//!   columns: `王小明` fills 6 of the name's 33. The names of the records
//!   with columns after them (`001` and the national rating records'
//!   15–47, `013`'s 5–36, `310`'s 9–40 and 42–46) are cut at their byte
//!   columns and padded back to their width in characters, as the parser
//!   counts columns; every other line is read as it stands.
//! - **Windows-1252** otherwise: Latin-1 with the letters and punctuation
//!   Windows programs write in 0x80–0x9F (`Š`, `Ž`, `Œ`, `–`, `’`); the five
//!   bytes that encoding leaves undefined stay control characters, which
//!   [`super::parse`] refuses.
//!
//! Telling GBK from Windows-1252 needs no hint. A GBK character is a lead
//! byte 0x81–0xFE and a trail byte 0x40–0xFE (not 0x7F), or four bytes
//! (lead, digit, lead, digit). A Latin-1 letter lies inside a word: its
//! next byte is an ASCII letter (`Müller`: `FC 6C`, which GBK would read as
//! one character) or, at the end of a word, no trail byte at all (`José `).
//! So in a Latin-1 file that reads as GBK, every run of such characters
//! touches an ASCII letter; Chinese words stand between spaces, digits and
//! punctuation. A file is read as GBK when every byte above ASCII is part
//! of such a character and more of its runs of them stand apart than touch
//! a letter (a few do in Chinese text too: `A组`).

use std::borrow::Cow;

use encoding_rs::GB18030;

/// Decodes a TRF file's bytes (see the module docs).
#[must_use]
pub fn decode(bytes: &[u8]) -> String {
    let bytes = bytes.strip_prefix(&[0xEF, 0xBB, 0xBF]).unwrap_or(bytes);
    if let Ok(text) = std::str::from_utf8(bytes) {
        return text.to_owned();
    }
    if looks_like_gbk(bytes) {
        let lines: Option<Vec<String>> = bytes
            .split_inclusive(|&b| b == b'\n')
            .map(realign_line)
            .collect();
        if let Some(lines) = lines {
            return lines.concat();
        }
    }
    bytes.iter().map(|&b| windows_1252(b)).collect()
}

/// The byte length of each character of `bytes` read as GBK (1, 2 or 4);
/// `None` when they do not read so.
fn gbk_units(bytes: &[u8]) -> Option<Vec<usize>> {
    let mut units = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let lead = bytes[i];
        let len = if lead < 0x80 {
            1
        } else if !(0x81..=0xFE).contains(&lead) {
            return None;
        } else {
            let trail = *bytes.get(i + 1)?;
            if trail.is_ascii_digit() {
                let (third, fourth) = (*bytes.get(i + 2)?, *bytes.get(i + 3)?);
                if !(0x81..=0xFE).contains(&third) || !fourth.is_ascii_digit() {
                    return None;
                }
                4
            } else if (0x40..=0xFE).contains(&trail) && trail != 0x7F {
                2
            } else {
                return None;
            }
        };
        units.push(len);
        i += len;
    }
    Some(units)
}

/// Whether the bytes read as GBK and look like it (see the module docs).
fn looks_like_gbk(bytes: &[u8]) -> bool {
    let Some(units) = gbk_units(bytes) else {
        return false;
    };
    let (mut apart, mut touching) = (0_usize, 0_usize);
    let mut at = 0_usize;
    let mut run_start: Option<usize> = None;
    for len in units.into_iter().chain(std::iter::once(1)) {
        match (len > 1, run_start) {
            (true, None) => run_start = Some(at),
            (false, Some(start)) => {
                let letter = |i: Option<usize>| {
                    i.and_then(|i| bytes.get(i))
                        .is_some_and(u8::is_ascii_alphabetic)
                };
                if letter(start.checked_sub(1)) || letter(Some(at)) {
                    touching += 1;
                } else {
                    apart += 1;
                }
                run_start = None;
            }
            _ => {}
        }
        at += len;
    }
    apart > touching
}

/// The fields, by their 1-based columns (inclusive), that a line's record
/// has columns after: where a byte-padded name must be padded back.
fn name_fields(line: &[u8]) -> &'static [(usize, usize)] {
    match line.get(..3) {
        Some(b"001") => &[(15, 47)],
        Some(b"013") => &[(5, 36)],
        Some(b"310") => &[(9, 40), (42, 46)],
        _ => {
            let head: Vec<char> = line
                .iter()
                .take(12)
                .map(|&b| if b.is_ascii() { char::from(b) } else { '?' })
                .collect();
            if super::parse::is_nrs(&head) {
                &[(15, 47)]
            } else {
                &[]
            }
        }
    }
}

/// One GBK line with its name fields padded to their width in characters
/// ([`name_fields`]); read as it stands when a field's byte columns cut a
/// character (the writer did not pad by bytes). `None` when a character
/// does not decode.
fn realign_line(line: &[u8]) -> Option<String> {
    let units = gbk_units(line)?;
    let mut starts = vec![false; line.len() + 1];
    let mut at = 0;
    for len in units {
        starts[at] = true;
        at += len;
    }
    starts[line.len()] = true;
    fn text(part: &[u8]) -> Option<Cow<'_, str>> {
        GB18030.decode_without_bom_handling_and_without_replacement(part)
    }
    let fields = name_fields(line);
    let whole = || text(line).map(Cow::into_owned);
    let mut out = String::with_capacity(line.len() * 3 / 2);
    let mut done = 0;
    for &(first, last) in fields {
        let (from, to) = (first - 1, last.min(line.len()));
        if from >= line.len() {
            break;
        }
        if !starts[from] || !starts[to] {
            return whole();
        }
        out.push_str(&text(&line[done..from])?);
        let name = text(&line[from..to])?;
        out.push_str(&name);
        if to == last {
            let width = last - from;
            out.extend(std::iter::repeat_n(
                ' ',
                width.saturating_sub(name.chars().count()),
            ));
        }
        done = to;
    }
    out.push_str(&text(&line[done..])?);
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
        for name in [
            "Müller, Hans",
            "Ñúñez, José",
            "Šépha",
            "Çağlar Øre",
            "Müßig, Åsa",
        ] {
            let bytes: Vec<u8> = name
                .chars()
                .map(|c| u8::try_from(u32::from(c)).unwrap_or(0x8A))
                .collect();
            let text = decode(&bytes);
            assert_eq!(text.chars().count(), name.chars().count(), "{name}: {text}");
            assert!(
                !text.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)),
                "{text}"
            );
        }
    }

    #[test]
    fn a_gbk_name_padded_by_bytes_keeps_the_columns_that_follow() {
        let line = format!(
            "001 {:>4} m{:>3} {:<33} {:>4} {:<3}",
            1, "", "王小明", 2100, "CHN"
        );
        // 王小明 is 6 bytes in GBK: the writer padded the name to 33 bytes.
        let padded = line.replacen("王小明   ", "王小明", 1);
        let text = decode(&gbk(&padded));
        assert_eq!(text, line);
        assert_eq!(text.chars().position(|c| c == '2'), Some(48));
    }

    /// `name` padded with spaces to `width` bytes of GBK, as a Windows
    /// program pads a column.
    fn byte_padded(name: &str, width: usize) -> String {
        format!("{name}{}", " ".repeat(width - gbk(name).len()))
    }

    #[test]
    fn chinese_names_with_rarer_characters_are_read_as_gbk() {
        // 玥 赟 祎 昇 have a trail byte in ASCII's range.
        let names = ["王玥", "李赟", "张祎", "陈昇"];
        let text: String = names
            .iter()
            .enumerate()
            .map(|(i, name)| format!("001 {:>4} m    {} 2000 CHN\n", i + 1, byte_padded(name, 33)))
            .collect();
        let decoded = decode(&gbk(&format!("012 全国赛A组\n{text}")));
        let lines: Vec<&str> = decoded.lines().collect();
        assert_eq!(lines[0], "012 全国赛A组");
        for (line, name) in lines[1..].iter().zip(names) {
            assert!(line.contains(name), "{line}");
            let rating = line[..line.find("2000").unwrap()].chars().count();
            assert_eq!(rating, 48, "{line}");
        }
    }

    #[test]
    fn free_text_and_spaces_inside_a_name_stay_as_written() {
        let player = format!("001    1 m    {} 2000", byte_padded("王 小明  Wang", 33));
        let text = format!("012 全国公开赛 2026\n102 张三  (IA)\n{player}\n");
        let decoded = decode(&gbk(&text));
        let lines: Vec<&str> = decoded.lines().collect();
        assert_eq!(lines[0], "012 全国公开赛 2026");
        assert_eq!(lines[1], "102 张三  (IA)");
        assert!(lines[2].contains("王 小明  Wang "), "{}", lines[2]);
        assert_eq!(
            lines[2].chars().position(|c| c == '2'),
            Some(48),
            "{}",
            lines[2]
        );
    }
}
