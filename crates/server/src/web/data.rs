//! Everything the pages read, in one place, through the same operations as
//! the API: `app::reports::load_model` for a tournament,
//! `app::tournaments::list`, `app::games::game_log`, the `tournament` crate
//! for standings, tie-breaks, crosstables and ratings, `game_rows::fold` +
//! `games::game_pgn` for games and PGN. No SQL here and no second
//! implementation of anything.

use serde_json::{Map, Value};
use tournament::model::Tournament;
use tournament::standings::{Standings, StandingsError, StandingsOptions, compute_standings};

use crate::app::game_rows::{GameRow, fold};
use crate::app::reports::{Loaded, load_model};
use crate::app::tournaments;
use crate::engine::GameState;
use crate::error::ApiError;
use crate::state::AppState;
use crate::store::games::StoredEvent;
use crate::store::model::parse_result;

/// A tournament as stored and as the model sees it.
#[derive(Debug)]
pub(crate) struct Event {
    pub loaded: Loaded,
    pub model: Tournament,
    /// A team event's number of teams (its round robin's schedule is the
    /// teams'), `None` for an individual event.
    pub teams: Option<u32>,
}

/// The first player's side as `game` names it — chess's White, Xiangqi's
/// Red: the column header's key and the colour's.
pub(crate) fn first_side_keys(game: crate::engine::GameKind) -> (&'static str, &'static str) {
    match game {
        crate::engine::GameKind::Xiangqi => ("col-red", "colour-red"),
        crate::engine::GameKind::Chess => ("col-white", "colour-white"),
    }
}

/// How `game`'s crosstables write a cell: chess's `w`/`b` and results,
/// Xiangqi's `r`/`b` and each game's points.
pub(crate) fn cell_style(game: crate::engine::GameKind) -> tournament::standings::CellStyle {
    match game {
        crate::engine::GameKind::Xiangqi => tournament::standings::CellStyle::XIANGQI,
        crate::engine::GameKind::Chess => tournament::standings::CellStyle::CHESS,
    }
}

impl Event {
    /// How this event's crosstables write a cell (see [`cell_style`]).
    pub fn cell_style(&self) -> tournament::standings::CellStyle {
        cell_style(self.loaded.tournament.game)
    }

    /// The key of the crosstable's legend, which explains its cells.
    pub fn crosstable_legend(&self) -> &'static str {
        match self.loaded.tournament.game {
            crate::engine::GameKind::Xiangqi => "crosstable-legend-xiangqi",
            crate::engine::GameKind::Chess => "crosstable-legend",
        }
    }

    /// Rounds paired so far.
    pub fn rounds_paired(&self) -> u32 {
        u32::try_from(self.loaded.rounds).unwrap_or(0)
    }

    /// How many rounds the event plays: as set, else a round robin's
    /// schedule for its players (one cycle or two); `None` for a Swiss
    /// without a set number.
    pub fn rounds_planned(&self) -> Option<u32> {
        let t = &self.loaded.tournament;
        if let Ok(n @ 1..) = u32::try_from(t.rounds) {
            return Some(n);
        }
        let players = u32::try_from(self.loaded.players.len()).unwrap_or(u32::MAX);
        // A team round robin's schedule is its teams', not its players'.
        let entrants = self.teams.unwrap_or(players);
        let n = match t.system.as_str() {
            "round-robin" => tournament::round_robin::rounds(entrants, false),
            "double-round-robin" => tournament::round_robin::rounds(entrants, true),
            _ => 0,
        };
        (n > 0).then_some(n)
    }

    /// The first player's side as this event's game names it.
    pub fn first_side_keys(&self) -> (&'static str, &'static str) {
        first_side_keys(self.loaded.tournament.game)
    }

    /// Whether every board of every paired round has its result.
    pub fn all_results_in(&self) -> bool {
        self.loaded.boards.iter().all(|b| b.result.is_some())
    }
}

/// One tournament, or 404.
pub(crate) async fn event(state: &AppState, id: &str) -> Result<Event, ApiError> {
    let mut conn = state.db().pool().acquire().await?;
    let (loaded, model) = load_model(&mut conn, id).await?;
    let teams = match loaded.tournament.teams {
        Some(_) => {
            let list = crate::store::teams::list(&mut conn, id).await?;
            Some(u32::try_from(list.len()).unwrap_or(u32::MAX))
        }
        None => None,
    };
    Ok(Event {
        loaded,
        model,
        teams,
    })
}

/// What a page shows, for the page cache: the stamp read for it changes
/// whenever anything the page shows changes, in any process.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Scope<'a> {
    /// Every tournament (the list of events).
    Events,
    /// One tournament's data: settings, players, rounds, boards, byes and
    /// results (not its games' moves).
    Tournament(&'a str),
    /// One round of a tournament, its games' moves included.
    Round(&'a str, i64),
    /// Not cached.
    Uncached,
}

/// The stamp of `scope` now (one query), or `None` when there is nothing
/// to cache (no such tournament, or `Scope::Uncached`).
pub(crate) async fn stamp(
    state: &AppState,
    scope: Scope<'_>,
) -> Result<Option<crate::live::page_cache::Stamp>, ApiError> {
    Ok(match scope {
        Scope::Events => {
            let (count, total) = tournaments::versions_total(state).await?;
            Some([count, total, 0])
        }
        Scope::Tournament(id) => tournaments::version(state, id).await?.map(|v| [v, 0, 0]),
        Scope::Round(id, n) => tournaments::round_version(state, id, n)
            .await?
            .map(|(v, games, heads)| [v, games, heads]),
        Scope::Uncached => None,
    })
}

/// Every tournament on this server, oldest first.
pub(crate) async fn events(state: &AppState) -> Result<Vec<Event>, ApiError> {
    let rows = tournaments::list(state).await?;
    let mut out = Vec::with_capacity(rows.len());
    for row in rows {
        out.push(event(state, &row.id).await?);
    }
    Ok(out)
}

/// The standings after `after` rounds (all paired rounds when `None`),
/// with the tournament's own tie-break list and edition: exactly what
/// `GET /tournaments/{id}/standings` ranks by.
pub(crate) fn standings(event: &Event, after: Option<u32>) -> Result<Standings, PageError> {
    let mut options = StandingsOptions::for_tournament(&event.model)
        .map_err(|e| PageError::Internal(format!("tie-breaks: {e}")))?;
    options.after_round = after;
    compute_standings(&event.model, &options).map_err(|e| match e {
        StandingsError::NoSuchRound { .. } => PageError::BadRequest("what-after"),
        StandingsError::Model(e) => PageError::Internal(format!("standings: {e}")),
    })
}

/// Every player's FIDE rating change and performance, and the grade-point
/// changes where the players carry grade points (the API's report: results
/// corrected for the rating report only count as corrected).
pub(crate) fn ratings(
    event: &Event,
) -> Result<
    (
        Vec<tournament::rating::PlayerRating>,
        Vec<tournament::rating::GradeLine>,
    ),
    PageError,
> {
    crate::app::reports::rating_reports(&event.loaded, &event.model)
        .map_err(|e| PageError::Internal(format!("ratings: {e:?}")))
}

/// A game: its row, its state after the whole log and the state as the
/// API shows it (public view: no sealed move, no actors).
#[derive(Debug)]
pub(crate) struct Game {
    pub row: GameRow,
    pub state: GameState,
    pub view: Map<String, Value>,
    /// The arbiter's own words for the ruling that ended the game (the
    /// free-text `reason` of the event that made it, such as a
    /// `declare_result`), which the ruling's English message quotes and a
    /// page in another language shows beside the ruling's text.
    pub note: Option<String>,
    /// The result of the game's board, when the game itself has none (an
    /// arbiter entered it: a forfeit, a game recorded on paper) or when it
    /// differs from the game's (the arbiter corrected the board after later
    /// rounds were paired on it).
    pub board_result: Option<String>,
}

/// The arbiter's note on the ruling that ended the game: the `reason` of
/// the last event that made a ruling with the termination's code.
fn termination_note(view: &Map<String, Value>, events: &[StoredEvent]) -> Option<String> {
    let code = view.get("termination")?.get("reason")?.get("code")?;
    let event = events.iter().rev().find(|e| {
        e.rulings
            .as_array()
            .is_some_and(|rulings| rulings.iter().any(|r| r.get("code") == Some(code)))
    })?;
    crate::engine::arbiter_note(&event.body).map(str::to_owned)
}

/// One game, or 404.
pub(crate) async fn game(state: &AppState, id: &str) -> Result<Game, ApiError> {
    let (row, events) = crate::app::games::game_log(state, id).await?;
    let folded = fold(&row.setup(), &events)?;
    let now_ms = u64::try_from(chrono::Utc::now().timestamp_millis()).unwrap_or(0);
    let view = match serde_json::to_value(folded.to_json(false, now_ms))? {
        Value::Object(map) => map,
        _ => Map::new(),
    };
    let note = termination_note(&view, &events);
    Ok(Game {
        row,
        state: folded,
        view,
        note,
        board_result: None,
    })
}

/// [`game`] with its board's result, when the game itself has none and is
/// not annulled (the game's own page shows it).
pub(crate) async fn game_with_board(state: &AppState, id: &str) -> Result<Game, ApiError> {
    let mut game = game(state, id).await?;
    let own = game
        .view
        .get("result")
        .and_then(Value::as_str)
        .map(str::to_owned);
    let annulled = game.view.get("status").and_then(Value::as_str) == Some("annulled");
    if let (Some(t), Some(round), Some(board), false) = (
        game.row.tournament_id.as_deref(),
        game.row.round,
        game.row.board,
        annulled,
    ) {
        let notation = |r: &str| parse_result(r).map(tournament::model::GameResult::notation);
        // The board's result when the game has none, or when the arbiter
        // corrected the board after later rounds were paired on it.
        game.board_result = crate::store::rounds::board_result(state.db().pool(), t, round, board)
            .await?
            .flatten()
            .filter(|b| own.as_deref().is_none_or(|r| notation(r) != notation(b)));
    }
    Ok(game)
}

/// The most boards a round page draws in small.
pub(crate) const MINI_BOARDS: usize = 40;

/// The recorded games of round `n` (board number and game), at most
/// [`MINI_BOARDS`], for the round page's small boards.
pub(crate) async fn round_games(
    state: &AppState,
    event: &Event,
    n: i64,
) -> Result<Vec<(i64, Game)>, ApiError> {
    let mut out = Vec::new();
    for board in event
        .loaded
        .boards
        .iter()
        .filter(|b| b.round == n && b.recorded)
        .take(MINI_BOARDS)
    {
        out.push((board.board, game(state, &board.game_id).await?));
    }
    Ok(out)
}

/// The PGN of one game (the API's export: `rules::pgn::write_game`).
pub(crate) fn game_pgn(game: &Game) -> String {
    crate::app::games::game_pgn(&game.row, &game.state)
}

/// The boards of round `n` as PGN, in board order, with `[%clk]`
/// comments: every recorded game, and the games not started yet (headers
/// and `*`) so a broadcast sees them come; a board decided without a
/// recorded move (a forfeit, a result typed in) has no game to show, as in
/// the tournament's PGN export.
pub(crate) async fn round_pgn(state: &AppState, event: &Event, n: i64) -> Result<String, ApiError> {
    let mut out = String::new();
    let boards = event.loaded.boards.iter();
    for board in boards.filter(|b| b.round == n && (b.recorded || b.result.is_none())) {
        let game = game(state, &board.game_id).await?;
        if !out.is_empty() {
            out.push('\n');
        }
        out.push_str(&game_pgn(&game));
    }
    Ok(out)
}

/// Why a page cannot be shown.
#[derive(Debug)]
pub(crate) enum PageError {
    /// 404, with the catalogue key of what is missing.
    NotFound(&'static str),
    /// 400, with the catalogue key of what is wrong.
    BadRequest(&'static str),
    /// 503: the database cannot be reached now (logged); the reader is
    /// asked to reload shortly.
    Unavailable(String),
    /// 500: logged, never shown.
    Internal(String),
}

impl PageError {
    /// An API error met while reading: a 404 names `what`, anything else
    /// is a fault of ours.
    pub fn from_api(error: ApiError, what: &'static str) -> PageError {
        match error {
            ApiError::NotFound(_) => PageError::NotFound(what),
            ApiError::Unavailable(detail) => PageError::Unavailable(detail),
            other => PageError::Internal(format!("{other:?}")),
        }
    }
}
