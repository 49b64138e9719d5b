//! `arbiter pgn check [--variant chess|xiangqi] <FILE|->`: replay every game
//! of a PGN file and report, one JSON object per game, where it ends and what
//! could be claimed there. Xiangqi files are read by `pgn_xiangqi.rs` (same
//! fields plus `notation`, `winner`, `article`, `repetitions`); this file
//! holds the chess report and what both share.
//!
//! Output per game (one line):
//! `{"game":1,"plies":N,"fen":"...","status":"checkmate|stalemate|insufficient_material|ongoing",
//! "result":"<Result tag>","claimable":["threefold","fifty_moves"],"fivefold":false,
//! "seventy_five":false,"error":null}`.
//!
//! - `claimable` (only while the game is `ongoing`): `threefold` when the
//!   final position has occurred at least three times (Art. 9.2.2 / 10.10:
//!   same player to move, pieces, castling rights and en-passant possibility),
//!   `fifty_moves` when the last 50 moves of each player had no capture and
//!   no pawn move (Art. 9.3 / 10.12: half-move clock ≥ 100).
//! - `fivefold`: the final position occurred at least five times;
//!   `seventy_five`: half-move clock ≥ 150 and the game is not already over
//!   on the board (mate, stalemate, dead position)
//!   (FIDE Laws 2023, Art. 9.6).
//!
//! The thresholds are the `rules` crate's ([`rules::THREEFOLD_REPETITION`],
//! [`rules::FIFTY_MOVE_HALFMOVES`], [`rules::FIVEFOLD_REPETITION`],
//! [`rules::SEVENTY_FIVE_MOVE_HALFMOVES`]), not copied here.
//! - `result`: the `Result` tag, else the movetext's termination marker.
//! - `error`: `{"line":L,"column":C,"message":"..."}` for a game that could
//!   not be read or replayed; `plies` and `fen` then describe the game as far
//!   as it got (`fen` is `null` when the `FEN` tag itself is unusable).
//!
//! A summary `N games, M errors` goes to stderr. Exit status: 0 when every
//! game is sound, 1 when any failed, 2 on a usage error or unreadable file.

use std::io::{self, BufWriter, Read, Write};
use std::process::ExitCode;

use clap::{Args, Subcommand};

use crate::perft::Variant;
use rules::pgn::{ReplayedGame, Replayer};
use rules::{
    FIFTY_MOVE_HALFMOVES, FIVEFOLD_REPETITION, Outcome, SEVENTY_FIVE_MOVE_HALFMOVES,
    THREEFOLD_REPETITION,
};

/// `arbiter pgn` (bad arguments: exit status 2).
#[derive(Debug, Args)]
pub struct PgnArgs {
    #[command(subcommand)]
    command: PgnCommand,
}

#[derive(Debug, Subcommand)]
enum PgnCommand {
    /// Replay every game; one JSON line per game (final FEN, status, claimable
    /// draws, errors with line and column)
    #[command(
        after_help = "A summary `N games, M errors` goes to stderr. Exit status: 0 \
        when every game is sound, 1 when any failed, 2 on a usage error or unreadable file."
    )]
    Check {
        /// The PGN file, or `-` for standard input
        #[arg(value_name = "FILE|-")]
        file: String,
        /// The game whose rules replay the moves (xiangqi: moves in ICCS,
        /// WXF, Chinese or Fairy-Stockfish algebraic notation)
        #[arg(long, value_enum, default_value_t = Variant::Chess)]
        variant: Variant,
    },
}

/// Entry point for `arbiter pgn ...`.
pub fn run(args: &PgnArgs) -> ExitCode {
    let PgnCommand::Check {
        file: path,
        variant,
    } = &args.command;
    let input = if path == "-" {
        let mut buf = Vec::new();
        io::stdin().lock().read_to_end(&mut buf).map(|_| buf)
    } else {
        std::fs::read(path)
    };
    let input = match input {
        Ok(input) => input,
        Err(e) => {
            eprintln!("arbiter pgn check: cannot read {path}: {e}");
            return ExitCode::from(2);
        }
    };
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let checked = match variant {
        Variant::Chess => check(&input, &mut out),
        Variant::Xiangqi => crate::pgn_xiangqi::check(&input, &mut out),
    };
    let (games, errors) = match checked.and_then(|n| out.flush().map(|()| n)) {
        Ok(counts) => counts,
        Err(e) => {
            eprintln!("arbiter pgn check: cannot write the report: {e}");
            return ExitCode::from(2);
        }
    };
    eprintln!("{games} games, {errors} errors");
    if errors > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// Writes one JSON line per game; returns (games, games with an error).
fn check(input: &[u8], out: &mut impl Write) -> io::Result<(usize, usize)> {
    let mut games = 0;
    let mut errors = 0;
    let mut line = String::new();
    for game in Replayer::new(input).counting_repetitions() {
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

/// The JSON object for one game.
fn report(game: &ReplayedGame<'_>, out: &mut String) {
    let outcome = game.position.as_ref().and_then(rules::Position::outcome);
    let status = match outcome {
        Some(Outcome::Checkmate { .. }) => "checkmate",
        Some(Outcome::Stalemate) => "stalemate",
        Some(Outcome::InsufficientMaterial) => "insufficient_material",
        None => "ongoing",
    };
    let halfmoves = game
        .position
        .as_ref()
        .map_or(0, rules::Position::halfmove_clock);
    let mut claimable = Vec::new();
    if outcome.is_none() && game.position.is_some() {
        if game.repetitions >= THREEFOLD_REPETITION {
            claimable.push("threefold");
        }
        if halfmoves >= FIFTY_MOVE_HALFMOVES {
            claimable.push("fifty_moves");
        }
    }
    // A board result (mate, stalemate, dead position) ends the game at once,
    // so the 75-move rule can no longer apply to it (FIDE 2023 arts. 5.2, 9.6.2).
    let finished = outcome.is_some();
    let result = game
        .tag("Result")
        .map(std::borrow::Cow::into_owned)
        .or_else(|| game.result.map(|r| r.as_str().to_owned()))
        .unwrap_or_else(|| "*".to_owned());

    out.push_str("{\"game\":");
    out.push_str(&game.number.to_string());
    out.push_str(",\"plies\":");
    out.push_str(&game.plies.to_string());
    out.push_str(",\"fen\":");
    match &game.position {
        Some(pos) => json_string(out, &pos.to_fen()),
        None => out.push_str("null"),
    }
    out.push_str(",\"status\":");
    json_string(out, status);
    out.push_str(",\"result\":");
    json_string(out, &result);
    out.push_str(",\"claimable\":[");
    for (i, claim) in claimable.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        json_string(out, claim);
    }
    out.push_str("],\"fivefold\":");
    out.push_str(if game.repetitions >= FIVEFOLD_REPETITION {
        "true"
    } else {
        "false"
    });
    out.push_str(",\"seventy_five\":");
    out.push_str(if halfmoves >= SEVENTY_FIVE_MOVE_HALFMOVES && !finished {
        "true"
    } else {
        "false"
    });
    out.push_str(",\"error\":");
    match &game.error {
        None => out.push_str("null"),
        Some(e) => {
            out.push_str("{\"line\":");
            out.push_str(&e.line.to_string());
            out.push_str(",\"column\":");
            out.push_str(&e.column.to_string());
            out.push_str(",\"message\":");
            json_string(out, &e.message());
            out.push('}');
        }
    }
    out.push('}');
}

/// A JSON string literal (RFC 8259 section 7): quotes, backslashes and
/// control characters escaped.
pub(crate) fn json_string(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if u32::from(c) < 0x20 => {
                out.push_str(&format!("\\u{:04x}", u32::from(c)));
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::json_string;

    #[test]
    fn json_strings_escape_quotes_backslashes_and_control_characters() {
        let mut out = String::new();
        json_string(&mut out, "a\"b\\c\nd\u{1}é");
        assert_eq!(out, "\"a\\\"b\\\\c\\nd\\u0001é\"");
    }
}
