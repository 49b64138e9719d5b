//! Writing: tag pairs and wrapped movetext.

/// Which whitespace in a tag value becomes a space (a tag pair is one line,
/// PGN standard 8.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TagWhitespace {
    /// Newlines and carriage returns.
    LineBreaks,
    /// Newlines, carriage returns and tabs.
    LineBreaksAndTabs,
}

/// Appends `[name "value"]` and a newline, escaping `"` and `\` in the value
/// and turning the `whitespace` chosen into spaces.
pub fn write_tag_pair(out: &mut String, name: &str, value: &str, whitespace: TagWhitespace) {
    out.push('[');
    out.push_str(name);
    out.push_str(" \"");
    for c in value.chars() {
        match c {
            '"' | '\\' => {
                out.push('\\');
                out.push(c);
            }
            '\n' | '\r' => out.push(' '),
            '\t' if whitespace == TagWhitespace::LineBreaksAndTabs => out.push(' '),
            c => out.push(c),
        }
    }
    out.push_str("\"]\n");
}

/// Movetext written token by token, a space between tokens, a newline
/// instead when the line would grow past `max` characters. A token longer
/// than a line stands alone on its line.
#[derive(Clone, Debug)]
pub struct LineWrapper {
    max: usize,
    column: usize,
}

impl LineWrapper {
    /// Lines of at most `max` characters (80 in PGN export format).
    #[must_use]
    pub fn new(max: usize) -> LineWrapper {
        LineWrapper { max, column: 0 }
    }

    /// Appends `token` to `out`, after a space or a newline.
    pub fn token(&mut self, out: &mut String, token: &str) {
        let width = token.chars().count();
        if self.column > 0 {
            if self.column + 1 + width > self.max {
                out.push('\n');
                self.column = 0;
            } else {
                out.push(' ');
                self.column += 1;
            }
        }
        out.push_str(token);
        self.column += width;
    }
}
