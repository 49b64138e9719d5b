//! The one Xiangqi PGN form this crate writes (see the module docs).

use pgn_syntax::{LineWrapper, TagWhitespace, write_tag_pair};

use super::{Game, GameResult};
use crate::position::Position;
use crate::types::Color;
use crate::verdict::IllegalMove;

/// The Seven Tag Roster with the values written when a tag is missing.
const ROSTER: [(&str, &str); 7] = [
    ("Event", "?"),
    ("Site", "?"),
    ("Date", "????.??.??"),
    ("Round", "?"),
    ("White", "?"),
    ("Black", "?"),
    ("Result", "*"),
];

/// Tags the writer sets itself.
const OWN: [&str; 3] = ["Variant", "FEN", "SetUp"];

const LINE: usize = 79;

fn push_tag(out: &mut String, name: &str, value: &str) {
    write_tag_pair(out, name, value, TagWhitespace::LineBreaks);
}

/// Writes one game (tags, blank line, movetext, blank line) in the form
/// pychess and Fairy-Stockfish read. The result is the movetext's marker,
/// else the `Result` tag, else `*`. Fails on the first move that is not
/// legal in turn.
pub fn write_game(game: &Game) -> Result<String, IllegalMove> {
    let result = game
        .result
        .or_else(|| game.tag("Result").and_then(GameResult::from_token))
        .unwrap_or(GameResult::Unknown);
    let mut out = String::new();
    for (name, default) in ROSTER {
        let value = if name == "Result" {
            result.as_str()
        } else {
            game.tag(name).unwrap_or(default)
        };
        push_tag(&mut out, name, value);
    }
    push_tag(&mut out, "Variant", "xiangqi");
    if game.start != Position::startpos() {
        push_tag(&mut out, "FEN", &game.start.to_fen());
        push_tag(&mut out, "SetUp", "1");
    }
    for (name, value) in &game.tags {
        if !ROSTER.iter().any(|(r, _)| r == name) && !OWN.contains(&name.as_str()) {
            push_tag(&mut out, name, value);
        }
    }
    out.push('\n');

    let mut lines = LineWrapper::new(LINE);
    let mut push_token = |out: &mut String, token: &str| lines.token(out, token);
    let mut pos = game.start;
    for (i, &m) in game.moves.iter().enumerate() {
        let san = pos.to_san(m);
        let next = pos.play(m)?;
        let number = match pos.turn() {
            Color::Red => Some(format!("{}.", pos.fullmove_number())),
            Color::Black if i == 0 => Some(format!("{}...", pos.fullmove_number())),
            Color::Black => None,
        };
        // A legal move has a piece on its from-point, so `san` is `Some`.
        let san = san.unwrap_or_else(|| m.to_iccs());
        match number {
            Some(n) => push_token(&mut out, &format!("{n} {san}")),
            None => push_token(&mut out, &san),
        }
        pos = next;
    }
    push_token(&mut out, result.as_str());
    out.push_str("\n\n");
    Ok(out)
}
