//! `arbiter pgn check --variant xiangqi <FILE|->`: the Xiangqi report, one
//! JSON line per game, with the fields of the chess report (`pgn.rs`) and
//! four more:
//!
//! `{"game":1,"plies":N,"fen":"...","status":"checkmate|stalemate|dead_position|ongoing",
//! "result":"<Result tag>","claimable":[],"fivefold":false,"seventy_five":false,
//! "error":null,"notation":"iccs|wxf|chinese|san|mixed","winner":"red|black",
//! "article":"4.1.1","repetitions":1}`
//!
//! - `status`: the `xiangqi` crate's outcome of the final position:
//!   checkmate (xq 4.1.1) and stalemate (困毙, xq 4.1.3) both lose for the
//!   side to move; `dead_position`: neither side has a chariot, horse,
//!   cannon or soldier (xq 4.2.1). `winner` (`null` unless someone won on
//!   the board) and `article` say which.
//! - `notation`: the notation the moves were written in (detected move by
//!   move: `iccs`, `wxf`, `chinese` or `san` — Fairy-Stockfish's algebraic
//!   notation, as pychess exports it), `mixed` when they differ, `null`
//!   without moves.
//! - `claimable` is always empty and `fivefold` / `seventy_five` always
//!   `false`: Xiangqi has no draw claimable from the position alone;
//!   repetition is judged by the competition rules (perpetual check and
//!   chase). `repetitions` counts how often the final position occurred in
//!   the game (same pieces, same side to move), for the arbiter.
//! - `error`: as in chess (`line`, `column`, `message`), plus for a move
//!   `"move":{"number":N,"side":"red|black","text":"...","problem":
//!   "malformed|no_such_piece|ambiguous|illegal"}`.
//!
//! - `notation` may also be `xboard_san` (XBoard's algebraic notation,
//!   ranks 0–9); `problem` may also be `not_recognised` (a notation the
//!   reader recognises and does not read: pychess's coordinates with ranks
//!   1–10, Fairy-Stockfish's numbered soldiers in WXF, algebraic moves that
//!   read in neither dialect).
//!
//! The file is read as UTF-8 (with or without a byte-order mark), UTF-16
//! with its mark, else GB18030, which reads the GBK files of xqbase and
//! most Chinese databases (`xiangqi::pgn::decode`). Bytes neither reads
//! become U+FFFD; stderr then says where the first one is, and the moves
//! they are in are reported malformed.

use std::io::{self, Write};

use xiangqi::pgn::{Notation, PgnErrorKind, ReadGame, decode, read_games};
use xiangqi::{Color, Outcome, Position, WinReason};

use crate::pgn::json_string;

/// Writes one JSON line per game; returns (games, games with an error).
pub(crate) fn check(input: &[u8], out: &mut impl Write) -> io::Result<(usize, usize)> {
    let decoded = decode(input);
    if let Some(at) = decoded.malformed {
        let place = decoded
            .malformed_line()
            .map_or(String::new(), |(line, column)| {
                format!(" (line {line} column {column})")
            });
        eprintln!(
            "arbiter pgn check: byte {at}{place} is neither UTF-8 nor GB18030; read as {} with \
             U+FFFD for the bytes it could not read",
            decoded.encoding
        );
    }
    let text = decoded.text;
    let mut games = 0;
    let mut errors = 0;
    let mut line = String::new();
    for game in read_games(&text) {
        games += 1;
        if game.error.is_some() {
            errors += 1;
        }
        line.clear();
        report(&game, &mut line);
        line.push('\n');
        out.write_all(line.as_bytes())?;
    }
    Ok((games, errors))
}

fn color_name(c: Color) -> &'static str {
    match c {
        Color::Red => "red",
        Color::Black => "black",
    }
}

/// How often the final position occurred in the game.
fn repetitions(game: &ReadGame) -> usize {
    let mut pos = game.game.start;
    let mut keys = vec![pos.hash()];
    for &m in &game.game.moves {
        pos.play_unchecked(m);
        keys.push(pos.hash());
    }
    let last = pos.hash();
    keys.iter().filter(|&&k| k == last).count()
}

/// The JSON object for one game.
fn report(game: &ReadGame, out: &mut String) {
    let outcome = game.position.as_ref().and_then(Position::outcome);
    let (status, winner, article) = match outcome {
        Some(Outcome::Win { winner, reason }) => {
            let status = match reason {
                WinReason::Checkmate => "checkmate",
                WinReason::Stalemate => "stalemate",
            };
            (status, Some(color_name(winner)), Some(reason.article()))
        }
        Some(Outcome::Draw(reason)) => ("dead_position", None, Some(reason.article())),
        None => ("ongoing", None, None),
    };
    let mut used: Vec<Notation> = game.notations.clone();
    used.sort();
    used.dedup();
    let notation = match used.as_slice() {
        [] => None,
        [one] => Some(one.name()),
        _ => Some("mixed"),
    };
    let result = game
        .game
        .tag("Result")
        .map(str::to_owned)
        .or_else(|| game.game.result.map(|r| r.as_str().to_owned()))
        .unwrap_or_else(|| "*".to_owned());

    out.push_str("{\"game\":");
    out.push_str(&game.number.to_string());
    out.push_str(",\"plies\":");
    out.push_str(&game.game.moves.len().to_string());
    out.push_str(",\"fen\":");
    match &game.position {
        Some(pos) => json_string(out, &pos.to_fen()),
        None => out.push_str("null"),
    }
    out.push_str(",\"status\":");
    json_string(out, status);
    out.push_str(",\"result\":");
    json_string(out, &result);
    out.push_str(",\"claimable\":[],\"fivefold\":false,\"seventy_five\":false,\"error\":");
    match &game.error {
        None => out.push_str("null"),
        Some(e) => {
            out.push_str("{\"line\":");
            out.push_str(&e.line.to_string());
            out.push_str(",\"column\":");
            out.push_str(&e.column.to_string());
            out.push_str(",\"message\":");
            json_string(out, &e.message());
            if let PgnErrorKind::Move {
                number,
                black,
                text,
                error,
                ..
            } = &e.kind
            {
                out.push_str(",\"move\":{\"number\":");
                out.push_str(&number.to_string());
                out.push_str(",\"side\":");
                json_string(out, if *black { "black" } else { "red" });
                out.push_str(",\"text\":");
                json_string(out, text);
                out.push_str(",\"problem\":");
                json_string(out, error.problem());
                out.push('}');
            }
            out.push('}');
        }
    }
    out.push_str(",\"notation\":");
    match notation {
        Some(n) => json_string(out, n),
        None => out.push_str("null"),
    }
    out.push_str(",\"winner\":");
    match winner {
        Some(w) => json_string(out, w),
        None => out.push_str("null"),
    }
    out.push_str(",\"article\":");
    match article {
        Some(a) => json_string(out, a),
        None => out.push_str("null"),
    }
    out.push_str(",\"repetitions\":");
    out.push_str(&repetitions(game).to_string());
    out.push('}');
}
