//! Schemas of the OpenAPI document for what games carry that the pure
//! crates define: the posted event (`regulations::Event` or, in a Xiangqi
//! game, `regulations::XqEvent` as a request: [`EventRequest`]) and the parts of a game's state the Laws write
//! (`regulations::ClockView`, `Pending`, `Termination`, `Envelope`). The
//! pure crates know nothing of OpenAPI (no `utoipa` there), so these types
//! mirror them here, for the document only; the API tests check the mirror
//! against `regulations`' source and every answer against its schema.

// Never built: these types only describe JSON for `utoipa`.
#![allow(dead_code)]

use serde::Deserialize;
use utoipa::ToSchema;

/// A side.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub(crate) enum Side {
    White,
    Black,
}

/// A game's status.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub(crate) enum Status {
    Scheduled,
    InProgress,
    Adjourned,
    Finished,
    Annulled,
}

/// A recording mode: `live` (the server is the clock) or `scoresheet`
/// (moves entered afterwards, clocks as the arbiter states them).
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub(crate) enum Mode {
    Live,
    Scoresheet,
}

/// A result in its notation: `1-0`, `0-1`, `1/2-1/2`, forfeits `+-`, `-+`,
/// both forfeited `--`, both lose `0-0`.
#[derive(Deserialize, ToSchema)]
pub(crate) enum GameResult {
    #[serde(rename = "1-0")]
    WhiteWins,
    #[serde(rename = "0-1")]
    BlackWins,
    #[serde(rename = "1/2-1/2")]
    Draw,
    #[serde(rename = "+-")]
    WhiteWinsByForfeit,
    #[serde(rename = "-+")]
    BlackWinsByForfeit,
    #[serde(rename = "--")]
    DoubleForfeit,
    #[serde(rename = "0-0")]
    BothLose,
}

/// Remaining times as of the answer (`regulations::ClockView`).
#[derive(Deserialize, ToSchema)]
pub(crate) struct Clocks {
    /// White's remaining time in ms (negative once his flag is down);
    /// `null` if untimed.
    white_ms: Option<i64>,
    /// Black's remaining time in ms; `null` if untimed.
    black_ms: Option<i64>,
    /// Whose clock is running.
    running: Option<Side>,
}

/// A ruling, rejection or termination reason with its article
/// (`regulations::Citation`).
#[derive(Deserialize, ToSchema)]
pub(crate) struct Citation {
    /// snake_case, stable.
    code: String,
    /// The article, e.g. `10.13(2)`; FIDE 2023 articles read `2023 9.6.1`,
    /// the club plan's rules `club (3)`.
    article: String,
    /// Plain English, lowercase.
    message: String,
}

/// How the game ended (`regulations::Termination`).
#[derive(Deserialize, ToSchema)]
pub(crate) struct Termination {
    result: GameResult,
    reason: Citation,
    /// When, in ms since 1970.
    at_ms: u64,
}

/// A touch-move obligation (Art. 7.2).
#[derive(Deserialize, ToSchema)]
pub(crate) struct TouchPending {
    /// The moves allowed (UCI); empty: the obligation is met or void.
    allowed: Vec<String>,
    reason: Citation,
}

/// Outstanding matters (`regulations::Pending`).
#[derive(Deserialize, ToSchema)]
pub(crate) struct Pending {
    /// Who has a draw offer standing (Art. 10.7).
    draw_offer: Option<Side>,
    /// After an incorrect claim with a stated move, the move (UCI) that
    /// must be played (Art. 10.13(2)).
    claimed_move_due: Option<String>,
    /// The touch-move obligation of the player to move (Art. 7.2).
    touch: Option<TouchPending>,
    /// A sealed move exists and is hidden (Art. 13.1).
    sealed_move_present: bool,
    /// A player moved but has not pressed his clock (Art. 6.5).
    unpressed: Option<Side>,
}

/// The envelope's record while adjourned, without the sealed move (Art.
/// 13.2; `regulations::Envelope`).
#[derive(Deserialize, ToSchema)]
pub(crate) struct Envelope {
    sealer: Side,
    move_number: u32,
    /// The position at adjournment.
    fen: String,
    white_used_ms: u64,
    black_used_ms: u64,
    white_remaining_ms: Option<i64>,
    black_remaining_ms: Option<i64>,
    sealed_at_ms: u64,
}

/// An event of a game's log as the API shows it: the posted event's
/// fields (see `EventRequest`) without `expected_seq`, with the server's
/// `seq`, times and rulings. The public view hides the actor and, until
/// the game resumes, a `seal`'s move.
#[derive(ToSchema)]
#[schema(as = Event)]
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

/// A player an event names: `white`/`black` in chess, `red`/`black` in
/// Xiangqi.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub(crate) enum Player {
    White,
    Black,
    Red,
}

/// The notation of a Xiangqi move (`regulations::Notation`).
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub(crate) enum Notation {
    /// Coordinates: `h2e2`.
    Iccs,
    /// WXF: `C2.5`.
    Wxf,
    /// Chinese: `炮二平五`.
    Chinese,
}

/// The event types (`regulations::EventKind`; in a Xiangqi game
/// `regulations::XqEventKind`: `start`, `move`, `resign`, `offer_draw`,
/// `accept_draw`, `decline_draw`, `flag`, `foul`, `unrecorded`, `arrive`,
/// `touch`, `adjust`, `refuse`, `declare_loss`, `simple_position`).
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub(crate) enum EventType {
    Start,
    Move,
    Press,
    Touch,
    Adjust,
    ClaimTouchMove,
    OfferDraw,
    AcceptDraw,
    DeclineDraw,
    ClaimDraw,
    Resign,
    Flag,
    BothFlagsDown,
    DeclareIllegal,
    AdjustClock,
    StopClocks,
    StartClocks,
    Penalise,
    Refuse,
    DeclareResult,
    ColoursReversed,
    Annul,
    Seal,
    Resume,
    ScheduleResumption,
    Arrive,
    DeclarePerpetualCheck,
    /// China-national, a team game: a player consults his captain about a
    /// draw or resigning (national variations); else 422 `outside_help`
    /// (Art. 15).
    ConsultCaptain,
    /// Xiangqi: the arbiter gives a foul (xq 4.1.8).
    Foul,
    /// Xiangqi: moves left unrecorded (xq 7.1).
    Unrecorded,
    /// Xiangqi: the arbiter rules a loss (xq 4.1.6, 4.1.7).
    DeclareLoss,
    /// Xiangqi: a simple position neither side can win, a draw (xq 4.2.1).
    SimplePosition,
}

/// Clock times the arbiter restores (Art. 8.1, 8.2).
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct ClockSetting {
    white_ms: i64,
    black_ms: i64,
}

/// A penalty's kind (Art. 16; the club plan's fouls).
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub(crate) enum PenaltyKind {
    Warn,
    AddTimeToOpponent,
    DeductTime,
    Foul,
}

/// A penalty (`regulations::Penalty`).
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct Penalty {
    kind: PenaltyKind,
    /// For `add_time_to_opponent` and `deduct_time`, 0 to 24 hours.
    #[schema(required = false, minimum = 0)]
    ms: u64,
}

/// Who refuses to comply (Art. 10.17; Xiangqi xq 4.1.10 names `red`).
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub(crate) enum Who {
    White,
    Black,
    Red,
    Both,
}

/// What the arbiter found (Art. 8.1, 8.2).
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub(crate) enum Irregularity {
    IllegalMove,
    DisplacedPieces,
}

/// What a stated result follows from (declare_result), or why a Xiangqi
/// player loses (declare_loss: `illegal_move` xq 4.1.6, `not_changing` xq
/// 4.1.7).
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub(crate) enum Grounds {
    Lateness,
    FlagFall,
    Other,
    IllegalMove,
    NotChanging,
}

/// `POST /games/{id}/events` body: `expected_seq`, `type`, `at` and the
/// fields of that event type (`regulations::EventKind`; in a Xiangqi game
/// `regulations::XqEventKind`); a field of another type, or an event of the
/// other game, is refused (400 `invalid_event`). Each field's description
/// names the types that take it.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct EventRequest {
    /// The game's current seq, which this event extends (409 `stale_seq`
    /// otherwise).
    #[schema(minimum = 0)]
    expected_seq: i64,
    /// The event type.
    #[serde(rename = "type")]
    #[schema(inline)]
    kind: EventType,
    /// When it happened (RFC 3339); default: when the server received it;
    /// never before the game's previous event, never in the future.
    #[schema(required = false, format = DateTime)]
    at: String,
    /// move: the move in SAN; seal: the sealed move (Art. 13.1).
    #[schema(required = false)]
    san: String,
    /// move: the move in UCI (instead of `san`).
    #[schema(required = false)]
    uci: String,
    /// move: the mover's remaining time after the move, in ms (scoresheet
    /// mode, `[%clk]`), 0 to 24 hours.
    #[schema(required = false)]
    clock_ms: i64,
    /// move: `false` when the clock is not pressed with the move (a later
    /// `press` completes it, Art. 6.5).
    #[schema(required = false)]
    press: bool,
    /// move: a draw offered with the move (Art. 10.7).
    #[schema(required = false)]
    offer_draw: bool,
    /// The player the event concerns (`red` or `black` in Xiangqi); flag:
    /// optional in chess (whose flag the arbiter sees down).
    #[schema(required = false)]
    player: Player,
    /// touch, adjust, claim_touch_move: the square (e.g. `e2`; in Xiangqi
    /// the point in ICCS, e.g. `b2`).
    #[schema(required = false)]
    square: String,
    /// touch: other squares touched at the same moment, order unknown (Art.
    /// 7.2, 7.3; xq 5.5).
    #[schema(required = false)]
    together_with: Vec<String>,
    /// touch: the square the touched piece was put down on, not yet
    /// released (Art. 6.1).
    #[schema(required = false)]
    placed_on: String,
    /// claim_draw: `threefold` or `fifty_moves` (Art. 10.10, 10.12);
    /// adjust_clock: `defective_clock`, `resumption_error` or
    /// `arbiter_decision` (Art. 12.4, 14.6); annul:
    /// `wrong_initial_position`, `position_unrecoverable` or
    /// `envelope_lost` (Art. 8.5, 14.5); stop_clocks, start_clocks,
    /// penalise, declare_result: free text.
    #[schema(required = false)]
    reason: String,
    /// claim_draw: the move the claimant intends to play (Art. 10.10(1),
    /// 10.12(1)), in SAN or UCI; Xiangqi move: the move in ICCS (`h2e2`),
    /// WXF (`C2.5`) or Chinese (`炮二平五`).
    #[serde(rename = "move")]
    #[schema(required = false)]
    intended_move: String,
    /// Xiangqi move: the notation of `move` (default: recognised).
    #[schema(required = false)]
    notation: Notation,
    /// Xiangqi unrecorded: consecutive moves missing from the player's
    /// scoresheet (one foul per four, xq 7.1).
    #[schema(required = false, minimum = 0)]
    moves: u32,
    /// Xiangqi touch: an obvious accident, not a touch (xq 5.6).
    #[schema(required = false, default = false)]
    accidental: bool,
    /// Xiangqi adjust: the opponent agreed beforehand (xq 5.6).
    #[schema(required = false, default = false)]
    consent: bool,
    /// declare_illegal: the ply from which the game is restored (1 =
    /// White's first move; Art. 8.1).
    #[schema(required = false, minimum = 0)]
    ply: u32,
    /// declare_illegal: what the arbiter found (Art. 8.1, 8.2).
    #[serde(rename = "kind")]
    #[schema(required = false)]
    kind_of_irregularity: Irregularity,
    /// declare_illegal: the clock times the arbiter restores; default: in
    /// proportion (Art. 12.6).
    #[schema(required = false)]
    clocks: ClockSetting,
    /// adjust_clock: the player's remaining time set by the arbiter, in ms
    /// (Art. 12.4), 0 to 24 hours.
    #[schema(required = false)]
    remaining_ms: i64,
    /// adjust_clock: the correction follows a grave error (Art. 14.6).
    #[schema(required = false, default = false)]
    grave: bool,
    /// penalise: the penalty (Art. 16; the club plan's fouls).
    #[schema(required = false)]
    penalty: Penalty,
    /// refuse: who refuses to comply with the Laws (Art. 10.17; xq
    /// 4.1.10); consult_captain: the player who consults his captain
    /// (`white` or `black`).
    #[schema(required = false)]
    who: Who,
    /// consult_captain: what about (`regulations::CaptainTopic`) —
    /// `offer_draw`, `accept_draw`,
    /// `claim_draw` or `resign` (national variations: allowed to either
    /// player while the game is in progress or adjourned, in a team game
    /// under `china-national`); any other topic, a game that is not a team
    /// game or a profile without the variation: 422 `outside_help` (Art.
    /// 15); after the end: 422 `game_over`.
    #[schema(required = false)]
    about: String,
    /// declare_result: the result the arbiter declares (Art. 12.5, 16);
    /// also read: `+/-`, `-/+`, `-/-`, `½-½`.
    #[schema(required = false)]
    result: GameResult,
    /// declare_result: what the stated result follows from, cited by its
    /// article — lateness (a forfeit: Art. 10.15, both absent 10.17),
    /// flag_fall (Art. 10.5; a draw when the opponent cannot checkmate,
    /// 10.14), other (Art. 16); Xiangqi declare_loss: illegal_move (xq
    /// 4.1.6) or not_changing (xq 4.1.7).
    #[schema(required = false, default = "other")]
    grounds: Grounds,
    /// colours_reversed: restart the game with the right colours (else
    /// play continues; Art. 8.6).
    #[schema(required = false)]
    restart: bool,
    /// resume: White is at the board at resumption (Art. 10.15(3), 14.3).
    #[schema(required = false, default = true)]
    white_present: bool,
    /// resume: Black is at the board at resumption.
    #[schema(required = false, default = true)]
    black_present: bool,
    /// resume: the envelope with the sealed move is lost (Art. 14.5).
    #[schema(required = false, default = false)]
    envelope_lost: bool,
    /// schedule_resumption: when the adjourned game resumes (RFC 3339, Art.
    /// 13.2); lateness at resumption counts from it (10.15). Required
    /// unless `resumes_at_ms` is given.
    #[schema(required = false, format = DateTime)]
    resumes_at: String,
    /// schedule_resumption: the same as milliseconds since 1970 (the form
    /// the event log stores).
    #[schema(required = false, minimum = 0)]
    resumes_at_ms: u64,
    /// schedule_resumption: where the game resumes (Art. 13.2).
    #[schema(required = false)]
    place: String,
}
