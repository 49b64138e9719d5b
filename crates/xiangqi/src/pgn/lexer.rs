//! Splits Xiangqi PGN text into games: tag pairs, main-line move tokens
//! with their locations, and the termination marker. Comments (`{}` and
//! `;`), NAGs (`$n`, `!`, `?`), move numbers (`12.`, `12...`, `１２．`),
//! `%` escape lines and variations (`(...)`, nested) are skipped.
//!
//! Movetext tokens are whatever stands between blanks and the PGN
//! delimiters, so every notation passes through unchanged: ICCS `h2e2`,
//! WXF `C2.5` / `+R.3` / `33.4`, Chinese `炮二平五`, algebraic `Cxh10+`.
//! A number followed by periods and then only digits (`33.4`) is a WXF
//! move, not a move number.

use super::{GameResult, Location, PgnError, PgnErrorKind, SyntaxError};

/// One game as written, before any move is read.
#[derive(Debug, Default)]
pub(crate) struct RawGame<'a> {
    pub(crate) location: Location,
    pub(crate) tags: Vec<(String, String, Location)>,
    pub(crate) moves: Vec<(&'a str, Location)>,
    pub(crate) result: Option<GameResult>,
    /// A syntax error that ended the game early (the moves before it are kept).
    pub(crate) error: Option<PgnError>,
    /// Whether a move number came before the first move (or stood alone).
    pub(crate) numbered: bool,
}

struct Cursor<'a> {
    text: &'a str,
    pos: usize,
    line: u32,
    column: u32,
}

/// Characters that end a movetext token.
fn is_delimiter(c: char) -> bool {
    c.is_whitespace()
        || matches!(
            c,
            '{' | '}' | '(' | ')' | ';' | '[' | ']' | '$' | '"' | '\u{feff}'
        )
}

/// ASCII or full-width digit.
fn is_digit(c: char) -> bool {
    c.is_ascii_digit() || ('０'..='９').contains(&c)
}

/// The periods that end a move number: ASCII, full-width, ideographic.
fn is_period(c: char) -> bool {
    matches!(c, '.' | '．' | '。' | '、')
}

impl<'a> Cursor<'a> {
    fn peek(&self) -> Option<char> {
        self.text.get(self.pos..).and_then(|s| s.chars().next())
    }

    fn location(&self) -> Location {
        Location {
            line: self.line,
            column: self.column,
        }
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += c.len_utf8();
        if c == '\n' {
            self.line = self.line.saturating_add(1);
            self.column = 1;
        } else {
            self.column = self.column.saturating_add(1);
        }
        Some(c)
    }

    fn skip_line(&mut self) {
        while let Some(c) = self.bump() {
            if c == '\n' {
                break;
            }
        }
    }

    /// Skips blanks, byte-order marks and `%` escape lines.
    fn skip_blank(&mut self) {
        while let Some(c) = self.peek() {
            if c == '%' && self.column == 1 {
                self.skip_line();
            } else if c.is_whitespace() || c == '\u{feff}' {
                self.bump();
            } else {
                break;
            }
        }
    }

    /// Error recovery: on to the next line that starts with `[`.
    fn skip_to_next_tag_line(&mut self) {
        self.skip_line();
        while self.peek().is_some() && self.peek() != Some('[') {
            self.skip_line();
        }
    }

    fn error(&self, at: Location, kind: SyntaxError) -> PgnError {
        PgnError::new(at, PgnErrorKind::Syntax(kind))
    }

    /// Moves on to byte `end` (not before the cursor, on a char boundary).
    fn advance_to(&mut self, end: usize) {
        while self.pos < end && self.bump().is_some() {}
    }

    fn tag(&mut self) -> Result<(String, String, Location), PgnError> {
        let at = self.location();
        let bytes = self.text.as_bytes();
        match pgn_syntax::scan_tag(bytes, self.pos, false) {
            Ok(span) => {
                let name = self.text.get(span.name).unwrap_or("").to_string();
                let value = pgn_syntax::unescape_tag_value(&bytes[span.value]);
                let value = String::from_utf8_lossy(&value).into_owned();
                self.advance_to(span.end);
                Ok((name, value, at))
            }
            Err((offset, kind)) => {
                if let Some((name, value, end)) = unescaped_quotes_tag(self.text, self.pos) {
                    self.advance_to(end);
                    return Ok((name, value, at));
                }
                // On the tag's line: recovery skips the rest of it.
                self.advance_to(offset);
                Err(self.error(self.location(), kind))
            }
        }
    }

    /// The movetext of one game; `Ok(())` at its end (result, next tag
    /// section or end of input).
    fn movetext(&mut self, game: &mut RawGame<'a>) -> Result<(), PgnError> {
        let mut depth: u32 = 0;
        let mut open = Location::default();
        loop {
            self.skip_blank();
            let at = self.location();
            let Some(c) = self.peek() else {
                if depth > 0 {
                    return Err(self.error(open, SyntaxError::UnterminatedVariation));
                }
                return Ok(());
            };
            match c {
                '[' => {
                    if depth > 0 {
                        return Err(self.error(open, SyntaxError::UnterminatedVariation));
                    }
                    return Ok(()); // the next game's tags: no result token
                }
                '{' => match pgn_syntax::brace_comment_end(self.text.as_bytes(), self.pos) {
                    Some(close) => self.advance_to(close + 1),
                    None => {
                        // Reading went to the end looking for the `}`.
                        self.advance_to(self.text.len());
                        return Err(self.error(at, SyntaxError::UnterminatedComment));
                    }
                },
                '}' | ']' | '"' => {
                    return Err(self.error(at, SyntaxError::UnexpectedChar(c)));
                }
                ';' => self.skip_line(),
                '(' => {
                    self.bump();
                    if depth == 0 {
                        open = at;
                    }
                    depth = depth.saturating_add(1);
                }
                ')' => {
                    if depth == 0 {
                        return Err(self.error(at, SyntaxError::UnmatchedVariationEnd));
                    }
                    self.bump();
                    depth -= 1;
                }
                '$' => {
                    let (end, nag) = pgn_syntax::scan_nag(self.text.as_bytes(), self.pos + 1);
                    if nag.is_none() {
                        return Err(self.error(at, SyntaxError::BadNag));
                    }
                    self.advance_to(end);
                }
                _ => {
                    let start = self.pos;
                    while self.peek().is_some_and(|c| !is_delimiter(c)) {
                        self.bump();
                    }
                    let word = self.text.get(start..self.pos).unwrap_or("");
                    if let Some(result) = GameResult::from_token(word) {
                        if depth == 0 {
                            game.result = Some(result);
                            return Ok(());
                        }
                        continue;
                    }
                    let Some((word, offset)) = strip_move_number(word) else {
                        game.numbered |= game.moves.is_empty();
                        continue;
                    };
                    game.numbered |= offset > 0 && game.moves.is_empty();
                    let word = word.trim_end_matches(['!', '?']);
                    if word.is_empty() || depth > 0 {
                        continue;
                    }
                    let location = Location {
                        line: at.line,
                        column: at.column.saturating_add(offset),
                    };
                    game.moves.push((word, location));
                }
            }
        }
    }
}

/// A tag whose value holds unescaped quotes, on one line:
/// `[Event ""Huangshan Cup" National GM,CM Tournament 2002"]`. As
/// python-chess reads it, the value runs from the first quote to the last
/// one before the `]` that ends the line. `None` unless the line is a name,
/// blanks and such a value ending in `"]`. Returns (name, value, end).
fn unescaped_quotes_tag(text: &str, open: usize) -> Option<(String, String, usize)> {
    let line = text.get(open..)?;
    let len = line.find('\n').unwrap_or(line.len());
    let line = line.get(..len)?.trim_end();
    let inner = line.strip_prefix('[')?.strip_suffix(']')?.trim_end();
    let name_len = inner
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(inner.len());
    let (name, rest) = inner.split_at(name_len);
    if name.is_empty() || !rest.starts_with(char::is_whitespace) {
        return None;
    }
    let quoted = rest.trim_start().strip_prefix('"')?.strip_suffix('"')?;
    let value = pgn_syntax::unescape_tag_value(quoted.as_bytes());
    let value = String::from_utf8_lossy(&value).into_owned();
    Some((name.to_string(), value, open + line.len()))
}

/// The move in a word after any move number (`12.h2e2` → `h2e2`), with
/// the number of characters skipped; `None` when the word is only a move
/// number (`12.`, `12...`, `12`). `33.4` is kept whole (a WXF move).
fn strip_move_number(word: &str) -> Option<(&str, u32)> {
    let digits = word.chars().take_while(|&c| is_digit(c)).count();
    if digits == 0 {
        return Some((word, 0));
    }
    let periods = word
        .chars()
        .skip(digits)
        .take_while(|&c| is_period(c))
        .count();
    let skipped: usize = word
        .chars()
        .take(digits + periods)
        .map(char::len_utf8)
        .sum();
    let rest = word.get(skipped..).unwrap_or("");
    if periods == 0 {
        return if rest.is_empty() {
            None
        } else {
            Some((word, 0))
        };
    }
    if rest.is_empty() {
        return None;
    }
    if rest.chars().all(is_digit) {
        return Some((word, 0));
    }
    let offset = u32::try_from(digits + periods).unwrap_or(u32::MAX);
    Some((rest, offset))
}

/// Splits a whole text into games. Never fails: a game with a syntax
/// error carries it, and reading goes on at the next line that starts a
/// tag section.
pub(crate) fn split_games(text: &str) -> Vec<RawGame<'_>> {
    let mut cursor = Cursor {
        text,
        pos: 0,
        line: 1,
        column: 1,
    };
    let mut games = Vec::new();
    loop {
        cursor.skip_blank();
        if cursor.peek().is_none() {
            break;
        }
        let mut game = RawGame {
            location: cursor.location(),
            ..RawGame::default()
        };
        let outcome = (|| {
            while cursor.peek() == Some('[') {
                let tag = cursor.tag()?;
                game.tags.push(tag);
                cursor.skip_blank();
            }
            cursor.movetext(&mut game)
        })();
        if let Err(e) = outcome {
            game.error = Some(e);
            cursor.skip_to_next_tag_line();
        }
        games.push(game);
    }
    games
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_numbers_are_stripped_but_wxf_soldiers_kept() {
        assert_eq!(strip_move_number("12."), None);
        assert_eq!(strip_move_number("12..."), None);
        assert_eq!(strip_move_number("12"), None);
        assert_eq!(strip_move_number("１．"), None);
        assert_eq!(strip_move_number("1.h2e2"), Some(("h2e2", 2)));
        assert_eq!(strip_move_number("1.C2.5"), Some(("C2.5", 2)));
        assert_eq!(strip_move_number("33.4"), Some(("33.4", 0)));
        assert_eq!(strip_move_number("3+.4"), Some(("3+.4", 0)));
        assert_eq!(strip_move_number("１．炮二平五"), Some(("炮二平五", 2)));
    }

    #[test]
    fn games_tags_moves_and_results() {
        let text = "[Event \"a \\\"b\\\"\"]\n[Variant \"xiangqi\"]\n\n1. h2e2 {c (d} h9g7 $1 (1... b9c7 2. b0c2) 2. h0g2! ; e\n1-0\n\n[Event \"2\"]\n1. C2.5 *\n";
        let games = split_games(text);
        assert_eq!(games.len(), 2);
        let g = &games[0];
        assert!(g.error.is_none(), "{:?}", g.error);
        assert_eq!(g.tags[0].1, "a \"b\"");
        let moves: Vec<&str> = g.moves.iter().map(|m| m.0).collect();
        assert_eq!(moves, ["h2e2", "h9g7", "h0g2"]);
        assert_eq!(g.moves[0].1, Location { line: 4, column: 4 });
        assert_eq!(g.result, Some(GameResult::RedWins));
        assert_eq!(games[1].result, Some(GameResult::Unknown));
    }

    #[test]
    fn a_tag_with_unescaped_quotes_reads_to_the_last_quote_of_its_line() {
        let text = "[Event \"\"Huangshan Cup\" National GM,CM Tournament 2002\"]\n[Red \"A\"]\n1. h2e2 *\n";
        let games = split_games(text);
        assert_eq!(games.len(), 1);
        assert!(games[0].error.is_none(), "{:?}", games[0].error);
        assert_eq!(
            games[0].tags[0].1,
            "\"Huangshan Cup\" National GM,CM Tournament 2002"
        );
        assert_eq!(games[0].tags[1].1, "A");
        assert_eq!(unescaped_quotes_tag("[Event \"x\" y]", 0), None);
        assert_eq!(unescaped_quotes_tag("[\"x\"]", 0), None);
        assert_eq!(unescaped_quotes_tag("[Event\"x\"]", 0), None);
        assert_eq!(unescaped_quotes_tag("[Event \"]", 0), None);
    }

    #[test]
    fn errors_are_located_and_reading_goes_on() {
        let text =
            "[Event \"x]\n1. h2e2 *\n\n[Event \"y\"]\n1. h2e2 ) *\n\n[Event \"z\"]\n1. h2e2 *\n";
        let games = split_games(text);
        assert_eq!(games.len(), 3);
        let e = games[0].error.as_ref().expect("unterminated value");
        assert_eq!((e.line, e.column), (1, 8));
        let e = games[1].error.as_ref().expect("unmatched paren");
        assert_eq!((e.line, e.column), (5, 9));
        assert!(games[2].error.is_none());
    }
}
