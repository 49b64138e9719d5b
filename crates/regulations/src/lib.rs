//! The Laws of Chess — and the Xiangqi competition rules — as game state
//! machines: every ruling cites its article.
//!
//! A [`Game`] is folded from ordered [`Event`]s. [`Game::apply`] either
//! accepts an event — new state plus zero or more [`Ruling`]s — or returns a
//! [`Rejection`] and leaves the game unchanged. Rulings, rejections and
//! terminations carry a stable snake_case `code`, the `article` (e.g.
//! `"10.13(2)"`) and a plain English `message`. Replaying the same events
//! always yields the same states and rulings ([`Game::replay`]).
//!
//! The crate is pure: no I/O, no wall clock, no randomness. Every event
//! carries its time (`at_ms`, milliseconds on a timeline the caller chooses).
//!
//! # Layout
//! - `time_control`: periods, increments, delays, the PGN `TimeControl` tag (12.1)
//! - `clock`: clock arithmetic over event times (6.5, 12.1–12.5, 12.8)
//! - `profile`: `fide-classic`, `fide-2023`, `china-national`, `club` as data
//! - `event`: the closed event enum (serde behind the `serde` feature)
//! - `schema`: with the `utoipa` feature, the OpenAPI schemas of the sides;
//!   every type with a JSON form derives `utoipa::ToSchema` (the server's
//!   document)
//! - `code`: every ruling and rejection code ([`Code`]), defined once
//! - `touch`: touch-move obligations (5.1(3)–(4), 7.2, 7.3)
//! - `game`: the state machine (arts. 6–10, 12–14, club plan): `game/mod.rs`
//!   (`Game`, `apply`, the state), `dispatch` (event routing), `moves`,
//!   `touch_move`, `claims`, `flags`, `lateness`, `penalties`,
//!   `irregularities`, `adjournment`, `view`
//! - `result`: results, citations, scoring (10, 17)
//! - `log`: the event log and fold both games share (`Logged<E>`, `Applied`)
//! - `xiangqi_game`: the Xiangqi game ([`XiangqiGame`]) on the same clock,
//!   time-control, result, citation and log machinery, with the `xiangqi`
//!   crate's rules and repetition judge (see its module documentation)
//!
//! # Live mode and clock presses
//! In live mode a `move` event at time T is the completed move *and* the
//! press of the clock at T (Art. 6.5: it counts for the time control), unless
//! it says `press: false`; then the move stands on the board, the mover's
//! clock keeps running, a draw offer made now is the regular 10.7 moment,
//! and a later `press` event completes the move for the time control.

mod attendance;
mod clock;
mod code;
mod event;
mod game;
mod log;
mod profile;
mod result;
#[cfg(feature = "utoipa")]
pub mod schema;
mod time_control;
mod touch;
mod xiangqi_game;

pub use clock::{ClockView, Clocks};
pub use code::Code;
pub use event::{
    AnnulReason, CaptainTopic, ClaimReason, ClockAdjustReason, ClockSetting, Event, EventKind,
    FoulKind, Grounds, IrregularityKind, Penalty, Who,
};
#[cfg(feature = "serde")]
pub use event::{color as serde_color, opt_color as serde_opt_color};
pub use game::{
    Applied, Envelope, Game, GameSetup, GameView, LogEntry, Mode, Pending, PlyRecord, Resumption,
    San, SetupError, Status, TouchPending, fmt_ms,
};
pub use log::Logged;
pub use profile::{ClaimPenalty, FiftyMoveOverride, IllegalMovePenalty, Profile};
pub use result::{Citation, GameResult, Rejection, Ruling, Scoring, Termination, format_points};
pub use time_control::{Bonus, Period, TimeControl, TimeControlError};
pub use touch::{Obligation, Touched, obligation};
pub use xiangqi_game::{
    IllegalMovePolicy, Notation, ProhibitionPolicy, XiangqiGame, XiangqiProfile, XiangqiSetup,
    XqEvent, XqEventKind, XqGrounds, XqLossGrounds, XqPly, XqTimeScheme, XqTouched, XqWho, seat,
    side_name, side_of, xq_obligation,
};
