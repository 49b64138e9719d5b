//! A game's state as the API shows it (`GET /games/{id}`, the state after a
//! recorded event or an uploaded PGN): the game's row (ids, players,
//! profile, time control, `seq`) with the rules' part of the state
//! ([`crate::engine::LawsView`]). A chess game and a Xiangqi game show
//! different things (the Laws' envelope and sealed move; the Chinese
//! rules' three notations, repetition, fouls and points), so the answer is
//! one of two typed shapes told apart by `game` (`chess` or `xiangqi`);
//! the OpenAPI document describes both. `moves` is written straight from
//! the state's plies (a long game's move list is not copied on every
//! answer).
//!
//! For the OpenAPI document it also describes an event as the log shows it
//! and as it is posted (the event types derive their schemas in
//! `regulations`, feature `utoipa`).

use std::sync::Arc;

use chrono::Utc;
use serde::Serialize;
use utoipa::ToSchema;

use crate::engine::xiangqi::{Clocks, Lateness as XqLateness, PerSide, Ply, Repetition, Side};
use crate::engine::{Due, GameState, Lateness, LawsView};
use crate::live::events::View;
use crate::store::games::GameRow;

/// The state of `game` after `state`, as `view` may see it, clocks as of now.
pub(crate) fn state_json(game: &GameRow, state: Arc<GameState>, view: View) -> StateJson {
    let now_ms = u64::try_from(Utc::now().timestamp_millis()).unwrap_or(0);
    match state.to_json(view == View::Arbiter, now_ms) {
        LawsView::Chess(laws) => StateJson::Chess(ChessState {
            annulment: laws.annulment,
            black: game.black.clone(),
            board: game.board,
            clocks: laws.clocks,
            due: laws.due.filter(|_| !game.board_settled),
            envelope: laws.envelope,
            fen: laws.fen,
            fouls: laws.fouls,
            id: game.id.clone(),
            lateness: laws.lateness,
            laws: game.laws.clone(),
            legal_moves: LegalMoves(Arc::clone(&state)),
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
            team_game: game.team_game,
            termination: laws.termination,
            time_control: game.time_control.clone(),
            to_move: laws.to_move,
            tournament_id: game.tournament_id.clone(),
            white: game.white.clone(),
        }),
        LawsView::Xiangqi(laws) => StateJson::Xiangqi(XiangqiState {
            black: game.black.clone(),
            board: game.board,
            clocks: laws.clocks,
            due: laws.due.filter(|_| !game.board_settled),
            fen: laws.fen,
            fouls: laws.fouls,
            id: game.id.clone(),
            lateness: laws.lateness,
            laws: game.laws.clone(),
            legal_moves: LegalMoves(Arc::clone(&state)),
            mode: laws.mode,
            moves: Moves(state),
            moves_chinese: laws.moves_chinese,
            pending: laws.pending,
            plies: laws.plies,
            points: laws.points,
            red: game.white.clone(),
            regulations: game.regulations.clone(),
            repetition: laws.repetition,
            result: laws.result,
            round: game.round,
            scheduled_start: laws.scheduled_start,
            seq: game.seq,
            start_fen: laws.start_fen,
            status: laws.status,
            team_game: game.team_game,
            termination: laws.termination,
            time_control: game.time_control.clone(),
            to_move: laws.to_move,
            tournament_id: game.tournament_id.clone(),
            warnings: laws.warnings,
            white: game.white.clone(),
        }),
    }
}

/// A game's state as the API shows it: a chess game's or a Xiangqi game's,
/// as `game` says (written first).
#[derive(Serialize, ToSchema)]
#[serde(tag = "game", rename_all = "lowercase")]
#[schema(as = GameState)]
pub(crate) enum StateJson {
    Chess(ChessState),
    Xiangqi(XiangqiState),
}

/// A chess game's state (`game`: `chess`), judged by the Laws of Chess.
/// After `game` the keys are in sorted order (as they were when this was a
/// `serde_json::Map`).
#[derive(Serialize, ToSchema)]
#[schema(as = ChessGameState)]
pub(crate) struct ChessState {
    /// An annulled game: why (the ruling and its article: 8.1, 8.2, 8.5,
    /// 8.6, 14.5); otherwise null.
    annulment: Option<regulations::Citation>,
    black: String,
    board: Option<i64>,
    clocks: regulations::ClockView,
    /// Live mode: what falls due by now without an event (see `Due`);
    /// null once the board's result was entered by hand (nothing is then
    /// recorded for it).
    due: Option<Due>,
    /// While adjourned: the envelope's record, without the move (Art. 13.2).
    envelope: Option<regulations::Envelope>,
    /// The current position.
    fen: String,
    /// Each player's fouls by kind (Art. 16; the club plan's two limits,
    /// (3)).
    fouls: crate::engine::ChessFouls,
    id: String,
    /// Present when the game has a scheduled start.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(required = false)]
    lateness: Option<Lateness>,
    /// The settings the game is judged by: its profile's, with what the
    /// organiser announced for the event or the game over them.
    laws: crate::engine::laws::Laws,
    /// The legal moves of the player to move in UCI (`e2e4`, `e7e8q`;
    /// castling as the king's move, `e1g1`), computed by the rules crate;
    /// empty unless the game is in progress. A touch-move obligation
    /// narrows them (`pending.touch.allowed`, Art. 7.2).
    #[schema(value_type = Vec<String>)]
    legal_moves: LegalMoves,
    #[schema(value_type = regulations::Mode)]
    mode: &'static str,
    /// The moves played, in SAN.
    #[schema(value_type = Vec<String>)]
    moves: Moves,
    pending: regulations::Pending,
    regulations: String,
    /// An annulled game: the game that replays it on its board (Art. 8.6,
    /// 14.5); otherwise null.
    replay_game_id: Option<String>,
    #[schema(value_type = Option<regulations::GameResult>)]
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
    #[schema(value_type = regulations::Status)]
    status: &'static str,
    /// A board of a team match: a board of a team event, or a game created
    /// with `team_game`; under `china-national` its players may consult
    /// their captain about a draw or resigning (`consult_captain`).
    team_game: bool,
    termination: Option<regulations::Termination>,
    time_control: Option<String>,
    #[schema(value_type = regulations::schema::Side)]
    to_move: &'static str,
    tournament_id: Option<String>,
    white: String,
}

/// A Xiangqi game's state (`game`: `xiangqi`), judged by the Xiangqi
/// competition rules (articles `xq …`). Red holds the first seat: `red`
/// and `white` name the same player (`white` kept for clients shared with
/// chess), `result` reads `1-0` for a Red win. After `game` the keys are in
/// sorted order.
#[derive(Serialize, ToSchema)]
#[schema(as = XiangqiGameState)]
pub(crate) struct XiangqiState {
    black: String,
    board: Option<i64>,
    clocks: Clocks,
    /// What falls due by now without an event (a flag, xq 4.1.4; lateness,
    /// xq 4.1.5; see `Due`); null once the board's result was entered by
    /// hand.
    due: Option<Due>,
    /// The current position (Xiangqi FEN, `w` for Red to move).
    fen: String,
    /// Fouls so far (recording fouls xq 7.1 and the arbiter's; the
    /// profile's limit loses, xq 4.1.8).
    #[schema(value_type = XqCounts)]
    fouls: PerSide<u32>,
    id: String,
    /// Present when the game has a scheduled start.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(required = false)]
    lateness: Option<XqLateness>,
    /// The settings the game is judged by: its profile's, with what the
    /// organiser announced for the event or the game over them.
    laws: crate::engine::laws::Laws,
    /// The legal moves of the player to move in ICCS (`h2e2`), computed by
    /// the xiangqi crate; empty unless the game is in progress. A touch
    /// obligation narrows them (`pending.touch.allowed`, xq 5).
    #[schema(value_type = Vec<String>)]
    legal_moves: LegalMoves,
    /// `live` (the server is the clock) or `scoresheet` (entered afterwards).
    #[schema(value_type = regulations::Mode)]
    mode: &'static str,
    /// The moves played, in WXF.
    #[schema(value_type = Vec<String>)]
    moves: Moves,
    /// The moves played, in Chinese notation.
    moves_chinese: Vec<String>,
    pending: crate::engine::xiangqi::Pending,
    /// Each move in the three notations with the mover's clock.
    plies: Vec<Ply>,
    /// The game's points under the event's scale once it is over (2/1/0 by
    /// default).
    #[schema(value_type = Option<XqPoints>)]
    points: Option<PerSide<String>>,
    /// The first player (the same as `white`).
    red: String,
    regulations: String,
    /// `null` unless the position has stood before since the last capture
    /// (xq 4.1.7, 4.2.3).
    repetition: Option<Repetition>,
    #[schema(value_type = Option<regulations::GameResult>)]
    result: Option<&'static str>,
    round: Option<i64>,
    /// RFC 3339.
    scheduled_start: Option<String>,
    /// The number of events in the log (what the next event extends).
    seq: i64,
    /// The initial position when the game started from a set-up one.
    start_fen: Option<String>,
    #[schema(value_type = regulations::Status)]
    status: &'static str,
    /// A board of a team match: a board of a team event, or a game created
    /// with `team_game`; under `china-national` its players may consult
    /// their captain about a draw or resigning (`consult_captain`).
    team_game: bool,
    termination: Option<regulations::Termination>,
    time_control: Option<String>,
    to_move: Side,
    tournament_id: Option<String>,
    /// Warnings so far.
    #[schema(value_type = XqCounts)]
    warnings: PerSide<u32>,
    /// The first player (Red).
    white: String,
}

/// A count per side.
#[derive(ToSchema)]
#[allow(dead_code)] // a schema only: `PerSide<u32>` is written
pub(crate) struct XqCounts {
    red: u32,
    black: u32,
}

/// Points per side (`2`, `1`, `0`; `½` on a half-point scale).
#[derive(ToSchema)]
#[allow(dead_code)] // a schema only: `PerSide<String>` is written
pub(crate) struct XqPoints {
    red: String,
    black: String,
}

/// The moves of a state's plies as the API lists them (SAN in chess, WXF
/// in Xiangqi).
pub(crate) struct Moves(Arc<GameState>);

impl Serialize for Moves {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.move_texts())
    }
}

/// The legal moves of a state's position, computed when the answer is
/// written ([`GameState::legal_moves`]).
pub(crate) struct LegalMoves(Arc<GameState>);

impl Serialize for LegalMoves {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.legal_moves())
    }
}

/// An event of a game's log as the API shows it: the posted event's
/// fields (see `EventRequest`) without `expected_seq`, with the server's
/// `seq`, times and rulings. The public view hides the actor and, until
/// the game resumes, a `seal`'s move.
#[derive(ToSchema)]
#[schema(as = Event)]
#[allow(dead_code)] // a schema only: the log is written as maps (`game_rows::event_json`)
pub(crate) struct EventShown {
    seq: i64,
    /// When it happened (RFC 3339).
    at: String,
    /// When the server received it (RFC 3339).
    received_at: String,
    /// The token id that recorded it (arbiter view only; `system` for what
    /// the server records itself).
    #[schema(required = false)]
    actor: String,
    /// The event type (`EventRequest.type`).
    #[schema(rename = "type")]
    kind: String,
    /// Public view of a `seal` before resumption: the move is hidden.
    #[schema(required = false)]
    sealed: bool,
    /// What the Laws ruled on it.
    rulings: Vec<crate::engine::Ruling>,
}

/// `POST /games/{id}/events` body: `expected_seq`, `at` and the event, its
/// `type` and that type's fields: an event of the Laws of Chess
/// (`EventKind`) or, in a Xiangqi game, of the Xiangqi rules
/// (`XqEventKind`); a field of another type, or an event of the other
/// game, is refused (400 `invalid_event`). Clock values (`clock_ms`,
/// `remaining_ms`, a penalty's `ms`) lie within 0 to 24 hours (400
/// `invalid_field` otherwise).
#[derive(ToSchema)]
#[schema(as = EventRequest)]
#[allow(dead_code)] // a schema only: the body is read as a map (`games::parse_event_request`)
pub(crate) struct PostedEvent {
    /// The game's current seq, which this event extends (409 `stale_seq`
    /// otherwise).
    #[schema(minimum = 0)]
    expected_seq: i64,
    /// When it happened (RFC 3339); default: when the server received it;
    /// never before the game's previous event, never in the future.
    #[schema(required = false, format = DateTime)]
    at: String,
    /// schedule_resumption: when the adjourned game resumes (RFC 3339, Art.
    /// 13.2), instead of `resumes_at_ms` (the same as milliseconds since
    /// 1970, the form the event log stores); lateness at resumption counts
    /// from it (10.15).
    #[schema(required = false, format = DateTime)]
    resumes_at: String,
    #[serde(flatten)]
    #[schema(inline)]
    event: AnyEventKind,
}

/// A posted event's own part: a chess event or a Xiangqi event (read as an
/// event of the game's game).
pub(crate) struct AnyEventKind;

impl utoipa::PartialSchema for AnyEventKind {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::Ref;
        use utoipa::openapi::schema::AnyOfBuilder;
        AnyOfBuilder::new()
            .item(Ref::from_schema_name(regulations::EventKind::name()))
            .item(Ref::from_schema_name(regulations::XqEventKind::name()))
            .into()
    }
}

impl ToSchema for AnyEventKind {
    fn schemas(
        schemas: &mut Vec<(
            String,
            utoipa::openapi::RefOr<utoipa::openapi::schema::Schema>,
        )>,
    ) {
        use regulations::{EventKind, XqEventKind};
        use utoipa::PartialSchema;
        schemas.push((EventKind::name().into(), EventKind::schema()));
        EventKind::schemas(schemas);
        schemas.push((XqEventKind::name().into(), XqEventKind::schema()));
        XqEventKind::schemas(schemas);
    }
}

#[cfg(test)]
mod tests {
    use serde_json::{Value, json};

    use super::*;
    use crate::engine::{AnyEvent, GameKind};

    fn row() -> GameRow {
        GameRow {
            id: "g".into(),
            tournament_id: Some("t".into()),
            round: Some(1),
            board: Some(2),
            white: "w".into(),
            black: "b".into(),
            game: GameKind::Chess,
            regulations: "fide-2023".into(),
            time_control: Some("5400+30".into()),
            fen: None,
            mode: "scoresheet".into(),
            scheduled_start_ms: None,
            laws: crate::engine::laws::Laws::default(),
            team_game: false,
            seq: 3,
            owner_token: None,
            tournament_owner: None,
            tournament_name: None,
            created_at: "2026-01-01T00:00:00Z".into(),
            replay_game_id: None,
            board_settled: false,
        }
    }

    /// The state answer names its game first (what tells its two shapes
    /// apart), then the row's and the rules' keys in sorted order, with
    /// `moves` written straight from the plies: the SAN list in chess (`[]`
    /// before the first move), the WXF list in Xiangqi beside the Chinese.
    #[test]
    fn the_state_answer_names_its_game_and_lists_the_moves_in_its_notation() {
        let row = row();
        let mut state = GameState::new(&row.setup()).expect("setup");
        let san = |san: &str| regulations::EventKind::Move {
            san: Some(san.into()),
            uci: None,
            clock_ms: None,
            press: None,
            offer_draw: false,
        };
        let kinds = [regulations::EventKind::Start, san("e4"), san("e5")];
        for (at, kind) in kinds.into_iter().enumerate() {
            state
                .apply(&AnyEvent::Chess(regulations::Event::new(at as u64, kind)))
                .expect("accepted");
        }
        let answer = state_json(&row, Arc::new(state.clone()), View::Arbiter);
        let printed = serde_json::to_string(&answer).expect("prints");
        assert!(
            printed
                .starts_with(r#"{"game":"chess","annulment":null,"black":"b","board":2,"clocks":"#),
            "{printed}"
        );
        let map: Value = serde_json::from_str(&printed).expect("parses");
        assert_eq!(map["moves"], json!(["e4", "e5"]));
        assert!(map.get("moves_chinese").is_none() && map.get("red").is_none());
        let empty = GameState::new(&row.setup()).expect("setup");
        let answer = state_json(&row, Arc::new(empty), View::Public);
        let map = serde_json::to_value(&answer).expect("prints");
        assert_eq!(map["moves"], json!([]));
        // A Xiangqi game: Red holds the first seat.
        let row = GameRow {
            game: GameKind::Xiangqi,
            regulations: "xiangqi".into(),
            mode: "live".into(),
            ..row
        };
        let mut state = GameState::new(&row.setup()).expect("setup");
        let kinds = [
            regulations::XqEventKind::Start,
            regulations::XqEventKind::Move {
                text: "h2e2".into(),
                notation: None,
                clock_ms: None,
            },
        ];
        for (at, kind) in kinds.into_iter().enumerate() {
            state
                .apply(&AnyEvent::Xiangqi(regulations::XqEvent::new(
                    at as u64, kind,
                )))
                .expect("accepted");
        }
        let answer = state_json(&row, Arc::new(state), View::Public);
        let printed = serde_json::to_string(&answer).expect("prints");
        assert!(
            printed.starts_with(r#"{"game":"xiangqi","black":"b","board":2,"clocks":"#),
            "{printed}"
        );
        let map: Value = serde_json::from_str(&printed).expect("parses");
        assert_eq!(map["moves"], json!(["C2.5"]));
        assert_eq!(map["moves_chinese"], json!(["炮二平五"]));
        assert_eq!(map["red"], "w");
        assert_eq!(map["to_move"], "black");
    }
}
