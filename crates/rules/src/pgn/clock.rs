//! `[%clk ...]` clock commands embedded in comments (the convention of PGN
//! broadcasts: the remaining time of the player who just moved).

use std::fmt::Write as _;

/// Finds the first `[%clk ...]` command in `text`: its value in milliseconds
/// and the byte range of the whole command (brackets included).
pub(crate) fn find_clock(text: &[u8]) -> Option<(u64, std::ops::Range<usize>)> {
    let mut from = 0;
    while let Some(i) = find(&text[from..], b"[%clk") {
        let start = from + i;
        if let Some((ms, end)) = parse_command(text, start + 5) {
            return Some((ms, start..end));
        }
        from = start + 5;
    }
    None
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

/// Parses ` h:mm:ss[.fff]]` starting at `at`; returns the milliseconds and the
/// offset just after `]`.
fn parse_command(text: &[u8], mut at: usize) -> Option<(u64, usize)> {
    let mut saw_space = false;
    while text.get(at).is_some_and(u8::is_ascii_whitespace) {
        at += 1;
        saw_space = true;
    }
    if !saw_space {
        return None;
    }
    let mut parts = [0u64; 3];
    let mut count = 0;
    loop {
        let start = at;
        let mut value: u64 = 0;
        while let Some(&d) = text.get(at).filter(|d| d.is_ascii_digit()) {
            value = value.checked_mul(10)?.checked_add(u64::from(d - b'0'))?;
            at += 1;
        }
        if at == start || count == 3 {
            return None;
        }
        parts[count] = value;
        count += 1;
        if text.get(at) == Some(&b':') {
            at += 1;
        } else {
            break;
        }
    }
    let (hours, minutes, seconds) = match count {
        3 => (parts[0], parts[1], parts[2]),
        2 => (0, parts[0], parts[1]),
        _ => return None,
    };
    // `1:99:99` is no time: a unit under a larger one counts to 59.
    if seconds >= 60 || (count == 3 && minutes >= 60) {
        return None;
    }
    let mut millis = 0;
    if text.get(at) == Some(&b'.') {
        at += 1;
        let start = at;
        let mut scale = 100;
        while let Some(&d) = text.get(at).filter(|d| d.is_ascii_digit()) {
            millis += u64::from(d - b'0') * scale;
            scale /= 10;
            at += 1;
        }
        if at == start {
            return None;
        }
    }
    while text.get(at).is_some_and(u8::is_ascii_whitespace) {
        at += 1;
    }
    if text.get(at) != Some(&b']') {
        return None;
    }
    let total = hours
        .checked_mul(3600)?
        .checked_add(minutes.checked_mul(60)?)?
        .checked_add(seconds)?
        .checked_mul(1000)?
        .checked_add(millis)?;
    Some((total, at + 1))
}

/// Parses a clock comment's value, e.g. `"[%clk 1:02:03]"` → 3,723,000 ms.
///
/// Also accepts `[%clk 0:00:05.3]` (tenths; up to milliseconds) and `m:ss`.
pub fn parse_clock(comment: &str) -> Option<u64> {
    find_clock(comment.as_bytes()).map(|(ms, _)| ms)
}

/// Formats milliseconds as `h:mm:ss`, with the fraction (`.3`, `.25`, `.125`)
/// only when the time is not a whole number of seconds.
pub fn format_clock(ms: u64) -> String {
    let mut out = String::new();
    write_clock(&mut out, ms);
    out
}

pub(crate) fn write_clock(out: &mut String, ms: u64) {
    let seconds = ms / 1000;
    let fraction = ms % 1000;
    let _ = write!(
        out,
        "{}:{:02}:{:02}",
        seconds / 3600,
        (seconds / 60) % 60,
        seconds % 60
    );
    if fraction != 0 {
        let digits = format!("{fraction:03}");
        out.push('.');
        out.push_str(digits.trim_end_matches('0'));
    }
}

/// The comment text with every `[%clk ...]` command removed (also one that
/// removing another would form) and whitespace collapsed; `None` when
/// nothing else remains. The clock is the first command's.
pub(crate) fn strip_clock(text: &str) -> (Option<u64>, Option<String>) {
    let mut clock = None;
    let mut current = text.split_whitespace().collect::<Vec<_>>().join(" ");
    while let Some((ms, range)) = find_clock(current.as_bytes()) {
        if clock.is_none() {
            clock = Some(ms);
        }
        let mut rest = String::with_capacity(current.len());
        rest.push_str(&current[..range.start]);
        rest.push(' ');
        rest.push_str(&current[range.end..]);
        current = rest.split_whitespace().collect::<Vec<_>>().join(" ");
    }
    (clock, (!current.is_empty()).then_some(current))
}
