//! Reading an uploaded PGN for a game of a given kind: chess through
//! `rules::pgn` (the one chess reader), Xiangqi through `xiangqi::pgn`
//! (the one Xiangqi reader, which detects ICCS, WXF, Chinese or algebraic
//! notation move by move). A syntax error is 400 `invalid_pgn` at its line
//! and column; a PGN of the other game is 422 `not_for_this_game` naming
//! the game of the file and why it is that game (its `Variant` tag, or
//! moves that read as the other game's). Everything else about a game —
//! its starting position, a move the reader cannot read — is judged with
//! the game (`pgn_judge`), so a round's file lists it as a problem of that
//! game.

use axum::http::StatusCode;
use serde_json::json;
use xiangqi::pgn::{Notation, PgnErrorKind, ReadGame};

use crate::app::pgn_judge::detailed;
use crate::engine::GameKind;
use crate::error::ApiError;

/// The most moves (plies) one uploaded game may have: far beyond any game
/// played (the longest tournament games have about 540).
pub const MAX_PLIES: usize = 2_000;

/// The most games one round file may hold.
pub const MAX_GAMES: usize = 1_000;

/// One game of an uploaded PGN, as its game's reader read it.
#[derive(Debug)]
pub(crate) enum PgnGame {
    /// A chess game: tags, the main line's SAN with `[%clk]`, the result.
    Chess(rules::pgn::Game),
    /// A Xiangqi game: tags, start position, the moves read (each legal in
    /// turn), their notations and the first move that could not be read.
    Xiangqi(Box<ReadGame>),
}

/// The result a PGN states: its termination marker, else its `Result` tag.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Stated {
    /// `1-0`: White (Red) won.
    FirstWins,
    /// `0-1`: Black won.
    SecondWins,
    /// `1/2-1/2`
    Draw,
    /// `*`
    Unknown,
}

impl Stated {
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            Stated::FirstWins => "1-0",
            Stated::SecondWins => "0-1",
            Stated::Draw => "1/2-1/2",
            Stated::Unknown => "*",
        }
    }
}

impl PgnGame {
    /// The game of the PGN.
    pub(crate) fn kind(&self) -> GameKind {
        match self {
            PgnGame::Chess(_) => GameKind::Chess,
            PgnGame::Xiangqi(_) => GameKind::Xiangqi,
        }
    }

    /// A tag's value. A Xiangqi PGN may name Red in `Red` instead of
    /// `White`.
    pub(crate) fn tag(&self, name: &str) -> Option<&str> {
        match self {
            PgnGame::Chess(game) => game.tag(name),
            PgnGame::Xiangqi(read) => read.game.tag(name).or_else(|| match name {
                "White" => read.game.tag("Red"),
                _ => None,
            }),
        }
    }

    /// The half-moves of the main line (for Xiangqi, those read and the
    /// first one that could not be).
    pub(crate) fn plies(&self) -> usize {
        match self {
            PgnGame::Chess(game) => game.moves.len(),
            PgnGame::Xiangqi(read) => {
                let unread = matches!(
                    read.error.as_ref().map(|e| &e.kind),
                    Some(PgnErrorKind::Move { .. })
                );
                read.game.moves.len() + usize::from(unread)
            }
        }
    }

    /// The `Result` tag and the termination marker when both state a
    /// result (not `*`) and they differ: the record contradicts itself.
    fn contradiction(&self) -> Option<(&str, &'static str)> {
        let marker = match self {
            PgnGame::Chess(game) => game.result.as_str(),
            PgnGame::Xiangqi(read) => read.game.result?.as_str(),
        };
        let tag = self.tag("Result")?.trim();
        let same = |token: &str| token.replace('½', "1/2");
        (tag != "*" && marker != "*" && !tag.is_empty() && same(tag) != same(marker))
            .then_some((tag, marker))
    }

    /// The result the PGN states.
    pub(crate) fn result(&self) -> Stated {
        use rules::pgn::GameResult as Chess;
        use xiangqi::pgn::GameResult as Xq;
        match self {
            PgnGame::Chess(game) => match game.result {
                Chess::WhiteWins => Stated::FirstWins,
                Chess::BlackWins => Stated::SecondWins,
                Chess::Draw => Stated::Draw,
                Chess::Unknown => Stated::Unknown,
            },
            // A move the reader could not read hides the marker after it:
            // the `Result` tag says it then.
            PgnGame::Xiangqi(read) => match read
                .game
                .result
                .or_else(|| read.game.tag("Result").and_then(Xq::from_token))
            {
                Some(Xq::RedWins) => Stated::FirstWins,
                Some(Xq::BlackWins) => Stated::SecondWins,
                Some(Xq::Draw) => Stated::Draw,
                Some(Xq::Unknown) | None => Stated::Unknown,
            },
        }
    }
}

/// The games of a PGN text for a game (or a round) of `kind`.
pub(crate) fn read_games(bytes: &[u8], kind: GameKind) -> Result<Vec<PgnGame>, ApiError> {
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Err(invalid_pgn("the PGN is empty".into(), None));
    }
    let games = match kind {
        GameKind::Chess => read_chess(bytes)?,
        GameKind::Xiangqi => read_xiangqi(bytes)?,
    };
    if games.is_empty() {
        return Err(invalid_pgn("the PGN holds no game".into(), None));
    }
    Ok(games)
}

fn invalid_pgn(message: String, at: Option<String>) -> ApiError {
    ApiError::BadRequest {
        code: "invalid_pgn",
        message,
        at,
    }
}

/// Adds game `number` unless it or the file is too long.
fn admit(games: &mut Vec<PgnGame>, number: usize, game: PgnGame) -> Result<(), ApiError> {
    if let Some((tag, marker)) = game.contradiction() {
        return Err(invalid_pgn(
            format!(
                "game {number}: its Result tag says {tag} but its moves end with {marker}; correct one of them"
            ),
            Some(format!("game {number}, Result")),
        ));
    }
    if game.plies() > MAX_PLIES {
        return Err(invalid_pgn(
            format!(
                "game {number} has {} half-moves; at most {MAX_PLIES} are accepted",
                game.plies()
            ),
            None,
        ));
    }
    games.push(game);
    if games.len() > MAX_GAMES {
        return Err(invalid_pgn(
            format!("at most {MAX_GAMES} games in one file"),
            None,
        ));
    }
    Ok(())
}

/// 422 `not_for_this_game`: game `number` of the file is a `pgn_game`
/// game (`why`), the game it is for is a `game` one.
fn other_game(number: usize, pgn_game: GameKind, game: GameKind, why: &str) -> ApiError {
    detailed(
        StatusCode::UNPROCESSABLE_ENTITY,
        "not_for_this_game",
        format!(
            "game {number} of the PGN is a {} game ({why}); this is a {} game",
            pgn_game.as_str(),
            game.as_str()
        ),
        None,
        json!({ "game": number, "pgn_game": pgn_game.as_str(), "game_kind": game.as_str() }),
    )
}

fn read_chess(bytes: &[u8]) -> Result<Vec<PgnGame>, ApiError> {
    let mut games = Vec::new();
    let mut sniffed = false;
    for (number, item) in (1_usize..).zip(rules::pgn::Games::new(bytes)) {
        let game = match item {
            Ok(game) => game,
            Err(e) => {
                // Xiangqi moves are no chess syntax: say so when the file is
                // a Xiangqi one.
                xiangqi_file(bytes)?;
                return Err(invalid_pgn(
                    format!("game {number}: {}", e.message()),
                    Some(format!("line {} column {}", e.line, e.column)),
                ));
            }
        };
        if game.tag("Variant").is_some() && !sniffed {
            // One look at the whole file.
            sniffed = true;
            xiangqi_file(bytes)?;
        }
        admit(&mut games, number, PgnGame::Chess(game))?;
    }
    Ok(games)
}

/// 422 `not_for_this_game` if the first Xiangqi game of a file sent for a
/// chess game declares itself Xiangqi (`Variant`), or reads whole as
/// Xiangqi without saying so.
fn xiangqi_file(bytes: &[u8]) -> Result<(), ApiError> {
    let Ok(text) = std::str::from_utf8(bytes) else {
        return Ok(());
    };
    for read in xiangqi::pgn::read_games(text) {
        let declared = read.game.tag("Variant").filter(|_| {
            !matches!(
                read.error.as_ref().map(|e| &e.kind),
                Some(PgnErrorKind::NotXiangqi(_))
            )
        });
        let why = match declared {
            Some(variant) => format!("[Variant \"{variant}\"]"),
            None if read.error.is_none() && !read.game.moves.is_empty() => {
                "its moves read as Xiangqi moves".into()
            }
            None => continue,
        };
        return Err(other_game(
            read.number,
            GameKind::Xiangqi,
            GameKind::Chess,
            &why,
        ));
    }
    Ok(())
}

/// Whether a game's tags say it is Xiangqi: a `Variant` tag (any other
/// variant was refused before), or XQBase's and XQStudio's
/// `[Game "Chinese Chess"]`.
fn declares_xiangqi(read: &ReadGame) -> bool {
    read.game.tag("Variant").is_some()
        || read.game.tag("Game").is_some_and(|g| {
            g.eq_ignore_ascii_case("chinese chess") || g.eq_ignore_ascii_case("xiangqi")
        })
}

fn read_xiangqi(bytes: &[u8]) -> Result<Vec<PgnGame>, ApiError> {
    // UTF-8, or GB18030 (the GBK of xqbase and most Chinese databases).
    let decoded = xiangqi::pgn::decode(bytes);
    if let Some(at) = decoded.malformed {
        let place = decoded
            .malformed_line()
            .map(|(line, column)| format!("line {line} column {column}"));
        let said = place
            .as_deref()
            .map_or(String::new(), |p| format!(" ({p})"));
        return Err(invalid_pgn(
            format!("a Xiangqi PGN is UTF-8 or GB18030 (GBK) text; byte {at}{said} is neither"),
            place,
        ));
    }
    let text = decoded.text.as_str();
    let mut chess: Option<Vec<rules::pgn::ReplayedGame<'_>>> = None;
    let mut games = Vec::new();
    for read in xiangqi::pgn::read_games(text) {
        let number = read.number;
        match read.error.as_ref().map(|e| (&e.kind, e.line, e.column)) {
            Some((PgnErrorKind::Syntax(e), line, column)) => {
                return Err(invalid_pgn(
                    format!("game {number}: {e}"),
                    Some(format!("line {line} column {column}")),
                ));
            }
            Some((PgnErrorKind::NotXiangqi(variant), ..)) => {
                return Err(other_game(
                    number,
                    GameKind::Chess,
                    GameKind::Xiangqi,
                    &format!("[Variant \"{variant}\"]"),
                ));
            }
            _ => {}
        }
        // No `Variant` tag, and the moves (or the FEN) are no Xiangqi game
        // or read only as XBoard's algebraic notation, whose letterless
        // soldier moves are chess's pawn moves (`1. e4` is legal in both):
        // a chess game if it replays whole as one, at least as far as it
        // reads as Xiangqi. XBoard itself writes `[Variant "xiangqi"]`.
        let unreadable = matches!(
            read.error.as_ref().map(|e| &e.kind),
            Some(PgnErrorKind::Move { .. } | PgnErrorKind::BadFen(_))
        );
        let algebraic_only = read.notations.contains(&Notation::XboardSan);
        if (unreadable || algebraic_only) && !declares_xiangqi(&read) {
            let replayed = chess.get_or_insert_with(|| rules::pgn::Replayer::new(bytes).collect());
            let xiangqi_plies = read.game.moves.len();
            if replayed.iter().any(|g| {
                g.number == number && g.error.is_none() && g.plies > 0 && g.plies >= xiangqi_plies
            }) {
                return Err(other_game(
                    number,
                    GameKind::Chess,
                    GameKind::Xiangqi,
                    "its moves read as chess moves",
                ));
            }
        }
        admit(&mut games, number, PgnGame::Xiangqi(Box::new(read)))?;
    }
    Ok(games)
}
