//! Whole games as owned values, for callers that do not need streaming.

use super::clock;
use super::error::PgnError;
use super::reader::{Event, GameResult, Reader};

/// One half-move as written in the movetext, with what annotates it.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct SanPly {
    /// The move in SAN as written (not checked against the position).
    pub san: String,
    /// The `[%clk ...]` reading in the comment after the move, in milliseconds.
    pub clock_ms: Option<u64>,
    /// The comments after the move, joined by a space, whitespace collapsed,
    /// clock commands removed; `None` when empty.
    pub comment: Option<String>,
    /// Numeric annotation glyphs (`!` is 1, `?` is 2, ...), in order.
    pub nags: Vec<u8>,
}

impl SanPly {
    /// A bare move.
    pub fn new(san: impl Into<String>) -> SanPly {
        SanPly {
            san: san.into(),
            ..SanPly::default()
        }
    }
}

/// A game read from PGN: tags in file order, main-line moves, result.
///
/// Variations are skipped; comments before the first move go to
/// [`Game::comment`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    /// Tag pairs in the order of the file, values unescaped.
    pub tags: Vec<(String, String)>,
    /// The main line.
    pub moves: Vec<SanPly>,
    /// The game termination marker (`Unknown` when it was missing).
    pub result: GameResult,
    /// A comment before the first move, whitespace collapsed.
    pub comment: Option<String>,
}

impl Default for Game {
    fn default() -> Game {
        Game {
            tags: Vec::new(),
            moves: Vec::new(),
            result: GameResult::Unknown,
            comment: None,
        }
    }
}

impl Game {
    /// The value of the first tag called `name`.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Sets tag `name` (replacing its first occurrence, or appending).
    pub fn set_tag(&mut self, name: &str, value: impl Into<String>) {
        let value = value.into();
        match self.tags.iter_mut().find(|(n, _)| n == name) {
            Some(slot) => slot.1 = value,
            None => self.tags.push((name.to_owned(), value)),
        }
    }
}

/// Iterator over the games of a PGN text; see [`read_games`].
#[derive(Clone, Debug)]
pub struct Games<'a> {
    reader: Reader<'a>,
}

impl<'a> Games<'a> {
    /// Games of a PGN text given as bytes (UTF-8 or ISO 8859-1).
    pub fn new(input: &'a [u8]) -> Games<'a> {
        Games {
            reader: Reader::new(input),
        }
    }
}

/// Reads every game of a PGN text. A game with a syntax error yields `Err`
/// (with its line and column) and reading resumes at the next game.
///
/// ```
/// let pgn = "[White \"Morphy\"]\n\n1. e4 {[%clk 0:05:00]} e5 2. Nf3?! 1-0\n";
/// let games: Vec<_> = rules::pgn::read_games(pgn).collect();
/// let game = games[0].as_ref().unwrap();
/// assert_eq!(game.tag("White"), Some("Morphy"));
/// assert_eq!(game.moves[0].clock_ms, Some(300_000));
/// assert_eq!(game.moves[2].nags, [6]);
/// ```
pub fn read_games(input: &str) -> Games<'_> {
    Games::new(input.as_bytes())
}

fn append_comment(slot: &mut Option<String>, text: String) {
    match slot {
        Some(existing) => {
            existing.push(' ');
            existing.push_str(&text);
        }
        None => *slot = Some(text),
    }
}

impl Iterator for Games<'_> {
    type Item = Result<Game, PgnError>;

    fn next(&mut self) -> Option<Self::Item> {
        let mut game: Option<Game> = None;
        loop {
            let event = match self.reader.next_event()? {
                Ok(event) => event,
                Err(e) => return Some(Err(e)),
            };
            let current = game.get_or_insert_with(Game::default);
            if self.reader.variation_depth() > 0
                || matches!(event, Event::BeginVariation | Event::EndVariation)
            {
                continue;
            }
            match event {
                Event::BeginGame | Event::EndTags | Event::BeginVariation | Event::EndVariation => {
                }
                Event::Tag { name, value } => {
                    current
                        .tags
                        .push((name.to_owned(), value.decode().into_owned()));
                }
                Event::San(san) => current.moves.push(SanPly::new(san)),
                Event::Nag(nag) => {
                    if let Some(ply) = current.moves.last_mut() {
                        ply.nags.push(nag);
                    }
                }
                Event::Comment(comment) => {
                    let (clock, text) = clock::strip_clock(&comment.text());
                    match current.moves.last_mut() {
                        Some(ply) => {
                            if ply.clock_ms.is_none() {
                                ply.clock_ms = clock;
                            }
                            if let Some(text) = text {
                                append_comment(&mut ply.comment, text);
                            }
                        }
                        None => {
                            if let Some(text) = text {
                                append_comment(&mut current.comment, text);
                            }
                        }
                    }
                }
                Event::Result(result) => current.result = result,
                Event::EndGame => return game.map(Ok),
            }
        }
    }
}
