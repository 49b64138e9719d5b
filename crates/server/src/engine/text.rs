//! What an arbiter or organiser writes in words — a note (an event's
//! `reason`), a name, an event detail — reads as it is stored: no control
//! characters, nothing that turns the text's direction, nothing invisible.

use crate::error::ApiError;

/// The longest note (an event's or a board result's `reason`) an arbiter
/// may write, in characters.
pub const MAX_NOTE: usize = 500;

/// An arbiter's note (`field`): at most [`MAX_NOTE`] characters, no
/// control characters but line breaks, and none of the characters that
/// embed, override or isolate the text's direction (U+202A–U+202E,
/// U+2066–U+2069), which would make an audit row read otherwise than it
/// is stored.
pub fn check_note(field: &str, note: &str) -> Result<(), ApiError> {
    if note.chars().count() > MAX_NOTE {
        return Err(ApiError::invalid_field(
            field,
            format!("at most {MAX_NOTE} characters"),
        ));
    }
    if note
        .chars()
        .any(|c| c.is_control() && c != '\n' && c != '\r')
    {
        return Err(ApiError::invalid_field(
            field,
            "must not contain control characters other than line breaks",
        ));
    }
    check_visible(field, note)
}

/// A text that reads as it is stored: none of the characters that embed,
/// override or isolate the text's direction (U+202A–U+202E, U+2066–U+2069)
/// nor an [`invisible`] one (400 at `field`).
pub(crate) fn check_visible(field: &str, text: &str) -> Result<(), ApiError> {
    if text
        .chars()
        .any(|c| matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}'))
    {
        return Err(ApiError::invalid_field(
            field,
            "must not contain characters that override the text's direction (U+202A–U+202E, U+2066–U+2069)",
        ));
    }
    if let Some(c) = text.chars().find(|&c| invisible(c)) {
        return Err(ApiError::invalid_field(
            field,
            format!(
                "must not contain invisible characters (U+{:04X}): a text reads as it is stored",
                u32::from(c)
            ),
        ));
    }
    Ok(())
}

/// A character that shows nothing and joins no script's letters: zero-width
/// space, word joiner, byte-order mark, soft hyphen, the Mongolian vowel
/// separator, the invisible mathematical operators, the direction marks
/// (U+200E, U+200F, U+061C), the Hangul fillers. (The zero-width joiner
/// and non-joiner are kept: scripts and emoji need them.)
fn invisible(c: char) -> bool {
    matches!(
        c,
        '\u{00ad}'
            | '\u{061c}'
            | '\u{115f}'
            | '\u{1160}'
            | '\u{180e}'
            | '\u{200b}'
            | '\u{200e}'
            | '\u{200f}'
            | '\u{3164}'
            | '\u{feff}'
            | '\u{ffa0}'
    ) || ('\u{2060}'..='\u{2064}').contains(&c)
}

/// A note as kept: trimmed, `None` when nothing of it would show (spaces
/// and joiners only).
pub fn note_text(note: &str) -> Option<&str> {
    let note = note.trim();
    (!note
        .chars()
        .all(|c| c.is_whitespace() || matches!(c, '\u{200c}' | '\u{200d}')))
    .then_some(note)
}
