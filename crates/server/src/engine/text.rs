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
    // Tag characters (U+E0020–U+E007F) spell the subdivision flags of
    // emoji (🏴 then the tags of `gbeng`, then U+E007F): kept there only.
    let mut in_flag = false;
    let stray = text.chars().find(|&c| {
        let tag = ('\u{e0020}'..='\u{e007f}').contains(&c);
        let stray = invisible(c) || (tag && !in_flag);
        in_flag = c == '\u{1f3f4}' || (tag && in_flag && c != '\u{e007f}');
        stray
    });
    if let Some(c) = stray {
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

/// A character that shows nothing and joins no script's letters (Unicode's
/// default-ignorable code points, less those a script or emoji needs):
/// zero-width space, word joiner, byte-order mark, soft hyphen, the
/// combining grapheme joiner, the Khmer inherent vowels, the Mongolian
/// vowel separator, the invisible mathematical operators and the
/// deprecated format characters (U+2060–U+206F but the direction isolates,
/// refused apart), the direction marks (U+200E, U+200F, U+061C), the
/// Hangul fillers, the interlinear annotation and other unassigned
/// specials (U+FFF0–U+FFFB), the shorthand and musical format controls,
/// and the unassigned or control tags (U+E0000–U+E001F, U+E0080–U+E00FF,
/// U+E01F0–U+E0FFF). Kept: the zero-width joiner and non-joiner, the
/// variation selectors (emoji; the ideographic ones of U+E0100–U+E01EF
/// that choose a Chinese name's glyph) and the Mongolian free variation
/// selectors.
fn invisible(c: char) -> bool {
    matches!(
        c,
        '\u{00ad}'
            | '\u{034f}'
            | '\u{061c}'
            | '\u{115f}'
            | '\u{1160}'
            | '\u{17b4}'
            | '\u{17b5}'
            | '\u{180e}'
            | '\u{200b}'
            | '\u{200e}'
            | '\u{200f}'
            | '\u{2060}'..='\u{2065}'
            | '\u{206a}'..='\u{206f}'
            | '\u{3164}'
            | '\u{feff}'
            | '\u{ffa0}'
            | '\u{fff0}'..='\u{fffb}'
            | '\u{1bca0}'..='\u{1bca3}'
            | '\u{1d173}'..='\u{1d17a}'
            | '\u{e0000}'..='\u{e001f}'
            | '\u{e0080}'..='\u{e00ff}'
            | '\u{e01f0}'..='\u{e0fff}'
    )
}

/// A note as kept: trimmed, `None` when nothing of it would show (spaces
/// and joiners only).
pub fn note_text(note: &str) -> Option<&str> {
    let note =
        note.trim_matches(|c: char| c.is_whitespace() || matches!(c, '\u{200c}' | '\u{200d}'));
    (!note.is_empty()).then_some(note)
}

#[cfg(test)]
mod tests {
    use super::{check_note, note_text};

    #[test]
    fn invisible_characters_are_refused_and_those_scripts_and_emoji_need_are_kept() {
        for bad in [
            "a\u{206a}b",
            "a\u{34f}b",
            "a\u{fff9}b",
            "a\u{e0020}b",
            "\u{e0001}en",
            "a\u{2064}",
            "a\u{17b4}",
        ] {
            assert!(check_note("reason", bad).is_err(), "{bad:?}");
        }
        for good in [
            "王\u{e0100}明",
            "🏴\u{e0067}\u{e0062}\u{e0065}\u{e006e}\u{e0067}\u{e007f} England",
            "👨\u{200d}👩",
            "ᠮᠣᠩ\u{180b}",
            "☺\u{fe0f}",
        ] {
            assert!(check_note("reason", good).is_ok(), "{good:?}");
        }
        // A flag's tags end with U+E007F: one after it stands alone.
        assert!(check_note("reason", "🏴\u{e0067}\u{e007f}\u{e0067}").is_err());
    }

    #[test]
    fn a_note_is_kept_without_the_spaces_and_joiners_around_it() {
        assert_eq!(note_text(" abc \u{200d}"), Some("abc"));
        assert_eq!(note_text("\u{200c} \u{200d}"), None);
        assert_eq!(note_text("a\u{200d}b"), Some("a\u{200d}b"));
    }
}
