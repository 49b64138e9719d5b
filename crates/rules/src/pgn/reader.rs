//! The streaming PGN tokenizer: bytes in, borrowed [`Event`]s out.
//!
//! The reader knows PGN syntax only (no chess): it never allocates on the main
//! path, hands out slices of the input, and tracks the line so that any event
//! and any error can be located as a 1-based line and column.

use std::borrow::Cow;
use std::fmt;
use std::str::FromStr;

use pgn_syntax::{Location, SyntaxError, column_of, memchr};

use super::clock;
use super::error::{PgnError, PgnErrorKind};

/// The game termination marker (PGN standard 8.2.6), also the `Result` tag value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// `1-0`
    WhiteWins,
    /// `0-1`
    BlackWins,
    /// `1/2-1/2`
    Draw,
    /// `*`: unknown, ongoing or abandoned.
    Unknown,
}

impl GameResult {
    /// The PGN token: `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub fn as_str(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unknown => "*",
        }
    }

    fn from_bytes(token: &[u8]) -> Option<GameResult> {
        match token {
            b"1-0" => Some(GameResult::WhiteWins),
            b"0-1" => Some(GameResult::BlackWins),
            b"1/2-1/2" => Some(GameResult::Draw),
            b"*" => Some(GameResult::Unknown),
            _ => None,
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Error returned when a string is not one of the four result tokens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParseResultError;

impl fmt::Display for ParseResultError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("not a game result (expected 1-0, 0-1, 1/2-1/2 or *)")
    }
}

impl std::error::Error for ParseResultError {}

impl FromStr for GameResult {
    type Err = ParseResultError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        GameResult::from_bytes(s.as_bytes()).ok_or(ParseResultError)
    }
}

/// Decodes PGN text: UTF-8 when valid, otherwise ISO 8859-1 (the charset of
/// the PGN standard, 4.1), so that old files never fail on a name.
pub(crate) fn decode_text(bytes: &[u8]) -> Cow<'_, str> {
    match std::str::from_utf8(bytes) {
        Ok(s) => Cow::Borrowed(s),
        Err(_) => Cow::Owned(bytes.iter().map(|&b| char::from(b)).collect()),
    }
}

/// A tag value as it stands between the quotes, escapes not yet resolved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TagValue<'a> {
    raw: &'a [u8],
}

impl<'a> TagValue<'a> {
    /// The bytes between the quotes, with `\"` and `\\` still escaped.
    pub fn raw(&self) -> &'a [u8] {
        self.raw
    }

    /// The value with `\"` and `\\` resolved (PGN standard 7), decoded as
    /// UTF-8 or, failing that, ISO 8859-1. Borrows when nothing was escaped.
    pub fn decode(&self) -> Cow<'a, str> {
        match pgn_syntax::unescape_tag_value(self.raw) {
            Cow::Borrowed(raw) => decode_text(raw),
            Cow::Owned(bytes) => Cow::Owned(decode_text(&bytes).into_owned()),
        }
    }
}

/// The text of a `{...}` or `;` comment, without its delimiters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Comment<'a> {
    raw: &'a [u8],
}

impl<'a> Comment<'a> {
    /// The raw bytes of the comment.
    pub fn raw(&self) -> &'a [u8] {
        self.raw
    }

    /// The comment decoded as UTF-8 or, failing that, ISO 8859-1.
    pub fn text(&self) -> Cow<'a, str> {
        decode_text(self.raw)
    }

    /// The clock reading of an embedded `[%clk h:mm:ss]` or `[%clk h:mm:ss.f]`
    /// command, in milliseconds (the remaining time of the player who just
    /// moved, as broadcasters write it).
    pub fn clock_ms(&self) -> Option<u64> {
        clock::find_clock(self.raw).map(|(ms, _)| ms)
    }
}

/// One syntactic unit of a PGN stream.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event<'a> {
    /// A new game starts (its tag section follows, possibly empty).
    BeginGame,
    /// A tag pair `[Name "value"]`.
    Tag {
        /// The tag name (ASCII letters, digits and `_`).
        name: &'a str,
        /// The value, escapes unresolved.
        value: TagValue<'a>,
    },
    /// The tag section is over; movetext follows.
    EndTags,
    /// A move in SAN as written (suffix annotations `!`/`?` come as [`Event::Nag`]).
    San(&'a str),
    /// A numeric annotation glyph: `$n`, or `!` (1), `?` (2), `!!` (3), `??` (4),
    /// `!?` (5), `?!` (6).
    Nag(u8),
    /// A `{...}` or `;` comment.
    Comment(Comment<'a>),
    /// `(`: a recursive annotation variation starts; it replaces the last move.
    BeginVariation,
    /// `)`: the innermost variation ends.
    EndVariation,
    /// The game termination marker.
    Result(GameResult),
    /// The game is over (after its result token, or at a new tag section or the
    /// end of input when the result token is missing).
    EndGame,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    BetweenGames,
    Tags,
    Movetext,
    AfterResult,
    Done,
}

/// Byte classes for the symbol tokens of movetext (PGN standard 8.2.3 plus the
/// `:` some programs write for captures).
const fn symbol_table() -> [bool; 256] {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        table[b] = c.is_ascii_alphanumeric()
            || c == b'_'
            || c == b'+'
            || c == b'#'
            || c == b'='
            || c == b':'
            || c == b'-'
            || c == b'/';
        b += 1;
    }
    table
}

static SYMBOL: [bool; 256] = symbol_table();

/// A pull reader over a whole PGN text (one or many games).
///
/// ```
/// use rules::pgn::{Event, Reader};
/// let mut reader = Reader::new(b"[Event \"Casual\"]\n\n1. e4 e5 {good} 2. Nf3 1-0\n");
/// let mut sans = Vec::new();
/// while let Some(event) = reader.next_event() {
///     if let Ok(Event::San(san)) = event {
///         sans.push(san);
///     }
/// }
/// assert_eq!(sans, ["e4", "e5", "Nf3"]);
/// ```
///
/// After an `Err`, the reader has already skipped to the next game: the next
/// event is that game's [`Event::BeginGame`] (or `None`). A caller that finds
/// a game wrong for its own reasons (an illegal move) calls
/// [`Reader::skip_game`].
#[derive(Clone, Debug)]
pub struct Reader<'a> {
    input: &'a [u8],
    /// The input as text when it is valid UTF-8 (checked once, so that
    /// tokens can be handed out as `&str` without checking each).
    text: Option<&'a str>,
    pos: usize,
    line: u32,
    line_start: usize,
    state: State,
    depth: u32,
    tok_start: usize,
    tok_line: u32,
    tok_line_start: usize,
    /// Comments and NAGs are read (and checked) but not reported.
    skip_annotations: bool,
}

impl<'a> Reader<'a> {
    /// A reader over `input` (a leading UTF-8 byte order mark is skipped).
    pub fn new(input: &'a [u8]) -> Reader<'a> {
        let pos = if input.starts_with(b"\xEF\xBB\xBF") {
            3
        } else {
            0
        };
        Reader {
            input,
            text: std::str::from_utf8(input).ok(),
            pos,
            line: 1,
            line_start: pos,
            state: State::BetweenGames,
            depth: 0,
            tok_start: pos,
            tok_line: 1,
            tok_line_start: pos,
            skip_annotations: false,
        }
    }

    /// This reader, reading comments and NAGs (and refusing malformed ones
    /// as before) without reporting them as events: for a caller that only
    /// plays the moves.
    pub fn without_annotations(mut self) -> Reader<'a> {
        self.skip_annotations = true;
        self
    }

    /// Where the last event (or error) starts.
    pub fn location(&self) -> Location {
        location_of(
            self.input,
            self.tok_line,
            self.tok_line_start,
            self.tok_start,
        )
    }

    /// Byte offset of the start of the last event.
    pub fn offset(&self) -> usize {
        self.tok_start
    }

    /// How many variations are open around the last event (0 in the main line).
    pub fn variation_depth(&self) -> u32 {
        self.depth
    }

    /// Skips the rest of the current game (through its `EndGame`), e.g. after
    /// the caller found an illegal move in it. Returns the first syntax error
    /// met on the way, if any (the reader has then resynchronised already).
    pub fn skip_game(&mut self) -> Option<PgnError> {
        loop {
            match self.state {
                State::BetweenGames | State::Done => return None,
                _ => {}
            }
            match self.next_event() {
                None | Some(Ok(Event::EndGame)) => return None,
                Some(Err(e)) => return Some(e),
                Some(Ok(_)) => {}
            }
        }
    }

    /// The next event, `None` at the end of input.
    #[allow(clippy::should_implement_trait)]
    #[inline]
    pub fn next_event(&mut self) -> Option<Result<Event<'a>, PgnError>> {
        // Movetext first, by a plain test: most calls are there.
        if let State::Movetext = self.state {
            return Some(self.movetext());
        }
        match self.state {
            State::Done => None,
            State::BetweenGames => {
                self.skip_whitespace();
                self.mark();
                if self.pos >= self.input.len() {
                    self.state = State::Done;
                    return None;
                }
                self.state = State::Tags;
                self.depth = 0;
                Some(Ok(Event::BeginGame))
            }
            State::Tags => {
                self.skip_whitespace();
                self.mark();
                if self.input.get(self.pos) == Some(&b'[') {
                    return Some(self.tag());
                }
                self.state = State::Movetext;
                Some(Ok(Event::EndTags))
            }
            State::AfterResult => {
                self.state = State::BetweenGames;
                Some(Ok(Event::EndGame))
            }
            State::Movetext => Some(self.movetext()),
        }
    }

    /// `input[start..end]` as text; callers pass ASCII token boundaries.
    #[inline(always)]
    fn token_str(&self, start: usize, end: usize) -> &'a str {
        match self.text {
            Some(text) => text.get(start..end).unwrap_or(""),
            None => std::str::from_utf8(&self.input[start..end]).unwrap_or(""),
        }
    }

    fn mark(&mut self) {
        self.tok_start = self.pos;
        self.tok_line = self.line;
        self.tok_line_start = self.line_start;
    }

    #[inline]
    fn newline_at(&mut self, index: usize) {
        self.line = self.line.saturating_add(1);
        self.line_start = index + 1;
    }

    /// Skips whitespace and `%` escape lines (PGN standard 6).
    fn skip_whitespace(&mut self) {
        while let Some(&b) = self.input.get(self.pos) {
            match b {
                b' ' | b'\t' | b'\r' | b'\x0b' | b'\x0c' => self.pos += 1,
                b'\n' => {
                    self.newline_at(self.pos);
                    self.pos += 1;
                }
                b'%' if self.pos == self.line_start => self.skip_line(),
                _ => return,
            }
        }
    }

    /// Skips to just after the next newline (or to the end).
    fn skip_line(&mut self) {
        match memchr(b'\n', &self.input[self.pos..]) {
            Some(i) => {
                self.newline_at(self.pos + i);
                self.pos += i + 1;
            }
            None => self.pos = self.input.len(),
        }
    }

    fn error(&mut self, kind: SyntaxError) -> PgnError {
        let location = self.location();
        self.resynchronise();
        PgnError::new(location, PgnErrorKind::Syntax(kind))
    }

    /// An error at `offset` on the line of the current token (tags are single
    /// lines, so the line is unchanged).
    fn error_at(&mut self, offset: usize, kind: SyntaxError) -> PgnError {
        self.tok_start = offset;
        self.error(kind)
    }

    /// Error recovery: skip to the next line that opens a tag section (a line
    /// starting with `[` after a blank line or after a line ending in a
    /// result token), starting from the line after the faulty token.
    fn resynchronise(&mut self) {
        self.pos = self.tok_start;
        self.line = self.tok_line;
        self.line_start = self.tok_line_start;
        if self.pos == self.line_start && self.input.get(self.pos) == Some(&b'[') {
            // The fault is the start of the next game's tag section itself.
            self.state = State::BetweenGames;
            self.depth = 0;
            return;
        }
        let mut previous_ends_game = {
            let end =
                memchr(b'\n', &self.input[self.pos..]).map_or(self.input.len(), |i| self.pos + i);
            ends_with_result(&self.input[self.pos..end])
        };
        self.skip_line();
        while self.pos < self.input.len() {
            let rest = &self.input[self.pos..];
            let end = memchr(b'\n', rest).unwrap_or(rest.len());
            let line = &rest[..end];
            if line.first() == Some(&b'[') && previous_ends_game {
                break;
            }
            previous_ends_game = line.iter().all(u8::is_ascii_whitespace) || ends_with_result(line);
            self.skip_line();
        }
        self.state = State::BetweenGames;
        self.depth = 0;
    }

    fn tag(&mut self) -> Result<Event<'a>, PgnError> {
        match pgn_syntax::scan_tag(self.input, self.pos, true) {
            Ok(span) => {
                self.pos = span.end;
                Ok(Event::Tag {
                    name: self.token_str(span.name.start, span.name.end),
                    value: TagValue {
                        raw: &self.input[span.value],
                    },
                })
            }
            Err((offset, kind)) => Err(self.error_at(offset, kind)),
        }
    }

    #[inline]
    fn movetext(&mut self) -> Result<Event<'a>, PgnError> {
        let input = self.input;
        loop {
            let Some(&b) = input.get(self.pos) else {
                self.mark();
                if self.depth > 0 {
                    return Err(self.error(SyntaxError::UnterminatedVariation));
                }
                self.state = State::BetweenGames;
                return Ok(Event::EndGame);
            };
            // A space and a SAN's first letter, the commonest bytes, are
            // tested before the `match` (measured: its jump table's indirect
            // branch alone costs 4 % of the time on lichess's movetext; more
            // bytes tested this way cost more than they save).
            if b == b' ' {
                self.pos = blanks_end(input, self.pos + 1);
                continue;
            }
            if b.is_ascii_alphabetic() {
                if b == b'e' && input[self.pos..].starts_with(b"e.p.") {
                    self.pos += 4;
                    continue;
                }
                self.mark();
                let start = self.pos;
                let end = symbol_end(input, start + 1);
                self.pos = end;
                return Ok(Event::San(self.token_str(start, end)));
            }
            match b {
                b'\t' | b'\r' | b'\x0b' | b'\x0c' => self.pos = blanks_end(input, self.pos + 1),
                b'\n' => {
                    self.newline_at(self.pos);
                    self.pos += 1;
                }
                b'%' if self.pos == self.line_start => self.skip_line(),
                b'0'..=b'9' => {
                    self.mark();
                    let start = self.pos;
                    let mut end = start + 1;
                    while input.get(end).is_some_and(u8::is_ascii_digit) {
                        end += 1;
                    }
                    if input.get(end) == Some(&b'.') {
                        // A move number indication: `12.` or `12...`.
                        while input.get(end) == Some(&b'.') {
                            end += 1;
                        }
                        self.pos = end;
                        continue;
                    }
                    self.pos = symbol_end(input, end);
                    let token = &input[start..self.pos];
                    if let Some(result) = GameResult::from_bytes(token) {
                        return self.result(result);
                    }
                    if token.starts_with(b"0-0") {
                        let san = self.token_str(start, self.pos);
                        return Ok(Event::San(san));
                    }
                    if token.iter().all(u8::is_ascii_digit) {
                        // A move number without its period.
                        continue;
                    }
                    return Err(self.error(SyntaxError::UnexpectedToken));
                }
                b'{' => {
                    self.mark();
                    let start = self.pos + 1;
                    // One pass to the closing brace, counting lines on the way.
                    let mut scan = start;
                    let close = loop {
                        let found = input
                            .get(scan..)
                            .and_then(|rest| pgn_syntax::memchr3(b'}', b'\n', b'}', rest));
                        let Some(i) = found else {
                            return Err(self.error(SyntaxError::UnterminatedComment));
                        };
                        let at = scan + i;
                        if input[at] == b'}' {
                            break at;
                        }
                        self.newline_at(at);
                        scan = at + 1;
                    };
                    self.pos = close + 1;
                    if self.skip_annotations {
                        continue;
                    }
                    return Ok(Event::Comment(Comment {
                        raw: &input[start..close],
                    }));
                }
                b';' => {
                    self.mark();
                    let start = self.pos + 1;
                    let end = memchr(b'\n', &input[start..]).map_or(input.len(), |i| start + i);
                    let mut raw = &input[start..end];
                    if raw.last() == Some(&b'\r') {
                        raw = &raw[..raw.len() - 1];
                    }
                    self.pos = end;
                    if self.skip_annotations {
                        continue;
                    }
                    return Ok(Event::Comment(Comment { raw }));
                }
                b'$' => {
                    self.mark();
                    let (end, nag) = pgn_syntax::scan_nag(input, self.pos + 1);
                    self.pos = end;
                    return match nag {
                        Some(_) if self.skip_annotations => continue,
                        Some(nag) => Ok(Event::Nag(nag)),
                        None => Err(self.error(SyntaxError::BadNag)),
                    };
                }
                b'!' | b'?' => {
                    self.mark();
                    let start = self.pos;
                    while matches!(input.get(self.pos), Some(b'!' | b'?')) {
                        self.pos += 1;
                    }
                    let nag = match &input[start..self.pos] {
                        b"!" => 1,
                        b"?" => 2,
                        b"!!" => 3,
                        b"??" => 4,
                        b"!?" => 5,
                        b"?!" => 6,
                        _ => return Err(self.error(SyntaxError::BadSuffix)),
                    };
                    if self.skip_annotations {
                        continue;
                    }
                    return Ok(Event::Nag(nag));
                }
                b'(' => {
                    self.mark();
                    self.pos += 1;
                    self.depth += 1;
                    return Ok(Event::BeginVariation);
                }
                b')' => {
                    self.mark();
                    if self.depth == 0 {
                        return Err(self.error(SyntaxError::UnmatchedVariationEnd));
                    }
                    self.pos += 1;
                    self.depth -= 1;
                    return Ok(Event::EndVariation);
                }
                b'*' => {
                    self.mark();
                    self.pos += 1;
                    return self.result(GameResult::Unknown);
                }
                b'.' => self.pos += 1, // stray periods, as in `1. ... e5`
                b'-' if input[self.pos..].starts_with(b"--") => {
                    self.mark();
                    let start = self.pos;
                    self.pos += 2;
                    let san = self.token_str(start, self.pos);
                    return Ok(Event::San(san));
                }
                b'[' => {
                    self.mark();
                    if self.depth > 0 {
                        return Err(self.error(SyntaxError::UnterminatedVariation));
                    }
                    // A new tag section: the result token was missing.
                    self.state = State::BetweenGames;
                    return Ok(Event::EndGame);
                }
                _ => {
                    self.mark();
                    return Err(
                        self.error(SyntaxError::UnexpectedChar(next_char(&input[self.pos..])))
                    );
                }
            }
        }
    }

    fn result(&mut self, result: GameResult) -> Result<Event<'a>, PgnError> {
        if self.depth > 0 {
            return Err(self.error(SyntaxError::ResultInVariation));
        }
        self.state = State::AfterResult;
        Ok(Event::Result(result))
    }
}

/// The end of a run of spaces, tabs and carriage returns starting at `from`.
#[inline(always)]
fn blanks_end(input: &[u8], mut from: usize) -> usize {
    while matches!(input.get(from), Some(b' ' | b'\t' | b'\r')) {
        from += 1;
    }
    from
}

/// The end of the symbol token whose remaining characters start at `from`.
#[inline(always)]
fn symbol_end(input: &[u8], mut from: usize) -> usize {
    while input.get(from).is_some_and(|&c| SYMBOL[usize::from(c)]) {
        from += 1;
    }
    from
}

fn next_char(bytes: &[u8]) -> char {
    let len = bytes.len().min(4);
    for n in 1..=len {
        if let Some(c) = std::str::from_utf8(&bytes[..n])
            .ok()
            .and_then(|s| s.chars().next())
        {
            return c;
        }
    }
    bytes.first().map_or('\u{fffd}', |&b| char::from(b))
}

/// Does this line end with a game termination marker?
fn ends_with_result(line: &[u8]) -> bool {
    let mut end = line.len();
    while end > 0 && line[end - 1].is_ascii_whitespace() {
        end -= 1;
    }
    let trimmed = &line[..end];
    let start = trimmed
        .iter()
        .rposition(u8::is_ascii_whitespace)
        .map_or(0, |i| i + 1);
    GameResult::from_bytes(&trimmed[start..]).is_some()
}

fn location_of(input: &[u8], line: u32, line_start: usize, offset: usize) -> Location {
    Location {
        line,
        column: column_of(input, line_start, offset),
    }
}
