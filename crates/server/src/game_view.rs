//! A game's state as the API shows it (`GET /games/{id}`, the state in an
//! event's answer): the Laws' view ([`crate::engine::GameState::to_json`])
//! with the game's row (players, tournament, board, regulations) and the
//! moves, seen publicly or as an arbiter.

use std::sync::Arc;

use chrono::Utc;
use serde::Serialize;
use utoipa::ToSchema;

use crate::auth::Actor;
use crate::engine::{Due, GameState, Lateness};
use crate::game_rows::{GameRow, View};
use crate::game_schemas as schema;

pub(crate) fn state_json(game: &GameRow, state: Arc<GameState>, view: View) -> StateJson {
    let now_ms = u64::try_from(Utc::now().timestamp_millis()).unwrap_or(0);
    let laws = state.to_json(view == View::Arbiter, now_ms);
    StateJson {
        annulment: laws.annulment,
        black: game.black.clone(),
        board: game.board,
        clocks: laws.clocks,
        due: laws.due,
        envelope: laws.envelope,
        fen: laws.fen,
        id: game.id.clone(),
        lateness: laws.lateness,
        mode: laws.mode,
        moves: Moves(state),
        pending: laws.pending,
        regulations: game.regulations.clone(),
        replay_game_id: game.replay_game_id.clone(),
        result: laws.result,
        resumption: laws.resumption,
        round: game.round,
        scheduled_start: laws.scheduled_start,
        sealed_move: laws.sealed_move,
        seq: game.seq,
        start_fen: laws.start_fen,
        status: laws.status,
        termination: laws.termination,
        time_control: game.time_control.clone(),
        to_move: laws.to_move,
        tournament_id: game.tournament_id.clone(),
        white: game.white.clone(),
    }
}

/// A game's state as the API shows it (`GET /games/{id}`). The keys are in
/// sorted order (as they were when this was a `serde_json::Map`); `moves`
/// is written straight from the state's plies (a long game's move list is
/// not copied on every answer).
#[derive(Serialize, ToSchema)]
#[schema(as = GameState)]
pub(crate) struct StateJson {
    /// An annulled game: why (the ruling and its article: 8.1, 8.2, 8.5,
    /// 8.6, 14.5); otherwise null.
    #[schema(value_type = Option<schema::Citation>)]
    annulment: Option<regulations::Citation>,
    black: String,
    board: Option<i64>,
    #[schema(value_type = schema::Clocks)]
    clocks: regulations::ClockView,
    /// Live mode: what falls due by now without an event (see `Due`).
    due: Option<Due>,
    /// While adjourned: the envelope's record, without the move (Art. 13.2).
    #[schema(value_type = Option<schema::Envelope>)]
    envelope: Option<regulations::Envelope>,
    /// The current position.
    fen: String,
    id: String,
    /// Present when the game has a scheduled start.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(required = false)]
    lateness: Option<Lateness>,
    #[schema(value_type = schema::Mode)]
    mode: &'static str,
    /// The moves played, in SAN.
    #[schema(value_type = Vec<String>)]
    moves: Moves,
    #[schema(value_type = schema::Pending)]
    pending: regulations::Pending,
    regulations: String,
    /// An annulled game: the game that replays it on its board (Art. 8.6,
    /// 14.5); otherwise null.
    replay_game_id: Option<String>,
    #[schema(value_type = Option<schema::GameResult>)]
    result: Option<&'static str>,
    /// The announced date, time and place of resumption (Art. 13.2), from
    /// the `schedule_resumption` event until the next adjournment.
    resumption: Option<crate::engine::Resumption>,
    round: Option<i64>,
    /// The game's scheduled start (RFC 3339): its board's own start, or
    /// its round's.
    scheduled_start: Option<String>,
    /// The sealed move (SAN), shown to arbiters only.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(required = false)]
    sealed_move: Option<String>,
    /// The number of events in the log (what the next event extends).
    seq: i64,
    /// The initial position when the game started from a set-up one.
    start_fen: Option<String>,
    #[schema(value_type = schema::Status)]
    status: &'static str,
    #[schema(value_type = Option<schema::Termination>)]
    termination: Option<regulations::Termination>,
    time_control: Option<String>,
    #[schema(value_type = schema::Side)]
    to_move: &'static str,
    tournament_id: Option<String>,
    white: String,
}

/// The SAN list of a state's plies.
pub(crate) struct Moves(Arc<GameState>);

impl Serialize for Moves {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.plies().iter().map(|ply| ply.san.as_str()))
    }
}

pub(crate) fn view_for(game: &GameRow, actor: Option<&Actor>) -> View {
    if actor.is_some_and(|a| game.may_arbitrate(a)) {
        View::Arbiter
    } else {
        View::Public
    }
}
