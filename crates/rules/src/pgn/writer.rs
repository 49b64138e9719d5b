//! PGN export format (PGN standard 8.1.1 and 8.2.4): the Seven Tag Roster
//! first, escaped values, move numbers, lines of at most 80 columns.

use std::fmt::Write as _;

use pgn_syntax::{LineWrapper, TagWhitespace, write_tag_pair};

use super::clock;
use super::game::Game;

/// The Seven Tag Roster in its mandatory order (PGN standard 8.1.1).
pub const SEVEN_TAG_ROSTER: [&str; 7] =
    ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

/// The longest movetext line the export format allows (PGN standard 8.2.4).
const MAX_LINE: usize = 80;

fn roster_default(name: &str, game: &Game) -> String {
    match name {
        "Date" => "????.??.??".to_owned(),
        "Result" => game.result.as_str().to_owned(),
        _ => "?".to_owned(),
    }
}

fn write_tag(out: &mut String, name: &str, value: &str) {
    write_tag_pair(out, name, value, TagWhitespace::LineBreaksAndTabs);
}

/// Movetext builder that wraps lines at whitespace.
struct Lines<'o> {
    out: &'o mut String,
    wrap: LineWrapper,
}

impl Lines<'_> {
    fn token(&mut self, token: &str) {
        self.wrap.token(self.out, token);
    }

    /// A `{...}` comment, broken at its spaces when needed; a clock command
    /// is never broken.
    fn comment(&mut self, clock_ms: Option<u64>, text: Option<&str>) {
        let mut words: Vec<String> = Vec::new();
        if let Some(ms) = clock_ms {
            let mut word = String::from("[%clk ");
            clock::write_clock(&mut word, ms);
            word.push(']');
            words.push(word);
        }
        if let Some(text) = text {
            // '}' cannot appear inside a brace comment (PGN standard 5).
            let text = text.replace('}', " ");
            words.extend(text.split_whitespace().map(str::to_owned));
        }
        if words.is_empty() {
            return;
        }
        let last = words.len() - 1;
        words[0].insert(0, '{');
        words[last].push('}');
        for word in &words {
            self.token(word);
        }
    }
}

/// Side to move and fullmove number at the start, from the `FEN` tag.
fn start_of(game: &Game) -> (bool, u32) {
    let Some(fen) = game.tag("FEN") else {
        return (false, 1);
    };
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let black = fields.get(1) == Some(&"b");
    let number = fields
        .get(5)
        .and_then(|n| n.parse::<u32>().ok())
        .filter(|&n| n > 0)
        .unwrap_or(1);
    (black, number)
}

/// Appends `game` in PGN export format, ending with a newline.
///
/// The Result tag defaults to [`Game::result`], which is also written as the
/// game termination marker. Tag pairs longer than 80 columns stay on one line
/// (the standard has no way to break them), as does any single word of a
/// comment longer than a line. A `}` in a comment (possible in a `;` comment
/// read from a file) cannot be written inside braces and becomes a space.
pub fn write_game(game: &Game, out: &mut String) {
    for name in SEVEN_TAG_ROSTER {
        match game.tag(name) {
            Some(value) => write_tag(out, name, value),
            None => write_tag(out, name, &roster_default(name, game)),
        }
    }
    for (name, value) in &game.tags {
        if !SEVEN_TAG_ROSTER.contains(&name.as_str()) {
            write_tag(out, name, value);
        }
    }
    out.push('\n');

    let (mut black, mut number) = start_of(game);
    let mut lines = Lines {
        out,
        wrap: LineWrapper::new(MAX_LINE),
    };
    lines.comment(None, game.comment.as_deref());
    let mut need_number = true;
    let mut token = String::new();
    for ply in &game.moves {
        token.clear();
        if !black {
            let _ = write!(token, "{number}. ");
        } else if need_number {
            let _ = write!(token, "{number}... ");
        }
        token.push_str(&ply.san);
        lines.token(&token);
        for nag in &ply.nags {
            token.clear();
            let _ = write!(token, "${nag}");
            lines.token(&token);
        }
        lines.comment(ply.clock_ms, ply.comment.as_deref());
        need_number = ply.clock_ms.is_some() || ply.comment.is_some();
        if black {
            number = number.saturating_add(1);
        }
        black = !black;
    }
    lines.token(game.result.as_str());
    lines.out.push('\n');
}

/// Several games in PGN export format, separated by blank lines.
pub fn write_games<'g>(games: impl IntoIterator<Item = &'g Game>) -> String {
    let mut out = String::new();
    for (i, game) in games.into_iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        write_game(game, &mut out);
    }
    out
}
