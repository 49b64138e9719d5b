//! The closed set of events a game is folded from.
//!
//! With the `serde` feature an event is JSON like
//! `{"at_ms": 5000, "type": "move", "san": "e4"}`: `at_ms` is the time on the
//! game's timeline (milliseconds, chosen by the caller and never decreasing),
//! `type` the snake_case event name, the other fields as below.

use crate::result::GameResult;
use rules::Color;

/// One event and the time at which it happened.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "utoipa", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "utoipa", schema(as = regulations::Event))]
pub struct Event {
    /// Milliseconds on the game's timeline (never earlier than the previous event).
    pub at_ms: u64,
    /// What happened.
    #[cfg_attr(feature = "serde", serde(flatten))]
    pub kind: EventKind,
}

impl Event {
    /// An event at `at_ms`.
    pub fn new(at_ms: u64, kind: EventKind) -> Event {
        Event { at_ms, kind }
    }
}

/// Why a draw is claimed (Art. 10.10, 10.12).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "utoipa", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum ClaimReason {
    /// Art. 10.10: threefold repetition.
    Threefold,
    /// Art. 10.12: fifty moves without capture or pawn move.
    FiftyMoves,
}

/// What the arbiter found (Art. 8.1, 8.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "utoipa", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[cfg_attr(feature = "utoipa", schema(as = Irregularity))]
pub enum IrregularityKind {
    /// Art. 8.1: an illegal move was played at the given ply.
    IllegalMove,
    /// Art. 8.2: pieces were displaced (before the given ply).
    DisplacedPieces,
}

/// Why the arbiter annuls the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "utoipa", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum AnnulReason {
    /// Art. 8.5: the initial position was wrong.
    WrongInitialPosition,
    /// Art. 8.1 / 8.2: the position before the irregularity cannot be determined.
    PositionUnrecoverable,
    /// Art. 14.5: envelope lost and the adjourned position cannot be re-established.
    EnvelopeLost,
}

/// Why the arbiter sets a clock.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "utoipa", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum ClockAdjustReason {
    /// Art. 12.4: a defective clock replaced.
    DefectiveClock,
    /// Art. 14.6: a clock error at resumption.
    ResumptionError,
    /// Art. 16: any other arbiter decision.
    ArbiterDecision,
}

/// A penalty (Art. 16, club plan).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "utoipa", derive(utoipa::ToSchema))]
#[cfg_attr(
    feature = "serde",
    serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)
)]
pub enum Penalty {
    /// A warning.
    Warn,
    /// Time added to the offender's opponent.
    AddTimeToOpponent {
        /// The time added, in ms.
        ms: u64,
    },
    /// Time taken from the offender.
    DeductTime {
        /// The time taken, in ms.
        ms: u64,
    },
    /// A foul (club plan (3): three of one kind lose).
    Foul {
        /// Which of the club plan's two limits it counts against; absent,
        /// a move changed after the piece was released.
        #[cfg_attr(feature = "serde", serde(default))]
        foul: FoulKind,
    },
}

/// The club plan's (3) two three-strike limits, counted apart: a move that
/// took longer than the per-move cap (the server sees it on the clock; the
/// arbiter reports it in a game recorded afterwards), and a move changed
/// after the piece was released ("a placed piece stays placed").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "utoipa", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum FoulKind {
    /// A move changed after the piece was released (and any other foul the
    /// arbiter gives under Art. 16).
    #[default]
    ChangedMove,
    /// A move over the per-move cap.
    MoveTime,
}

impl FoulKind {
    /// Both kinds, in the order of their counters.
    pub const ALL: [FoulKind; 2] = [FoulKind::ChangedMove, FoulKind::MoveTime];

    pub(crate) fn index(self) -> usize {
        match self {
            FoulKind::ChangedMove => 0,
            FoulKind::MoveTime => 1,
        }
    }
}

/// On what grounds the arbiter declares a result (scoresheet recording:
/// what the server would have ruled itself in a live game is stated).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "utoipa", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Grounds {
    /// A player (or both) did not arrive in time (Art. 10.15, 10.17; FIDE
    /// 2023 6.7.1): a forfeit, `+-`, `-+` or `--`.
    Lateness,
    /// A flag fell (Art. 10.5; 10.14: a draw when the opponent cannot
    /// checkmate): `1-0`, `0-1` or `1/2-1/2`.
    FlagFall,
    /// Any other ground (Art. 16 and the arbiter's powers).
    #[default]
    Other,
}

/// Who refuses to comply with the Laws (Art. 10.17).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "utoipa", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Who {
    /// White alone.
    White,
    /// Black alone.
    Black,
    /// Both players.
    Both,
}

/// What a player consults his team captain about (national variations: "in
/// team events a player may consult his captain about offering, accepting
/// or claiming a draw, or resigning"). Anything else is outside help (Art.
/// 15) and kept as said, so that the refusal can name it. With `serde` it
/// is its snake_case text: `offer_draw`, `accept_draw`, `claim_draw`,
/// `resign`, or any other text.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(from = "String", into = "String"))]
pub enum CaptainTopic {
    /// Whether to offer a draw (Art. 10.7).
    OfferDraw,
    /// Whether to accept the opponent's offer (Art. 10.6).
    AcceptDraw,
    /// Whether to claim a draw (Art. 10.10, 10.12).
    ClaimDraw,
    /// Whether to resign (Art. 10.2).
    Resign,
    /// Anything else (the position, a move, the clock): outside help.
    Other(String),
}

impl CaptainTopic {
    /// The topics the national variation names, in its order.
    pub const PERMITTED: [CaptainTopic; 4] = [
        CaptainTopic::OfferDraw,
        CaptainTopic::AcceptDraw,
        CaptainTopic::ClaimDraw,
        CaptainTopic::Resign,
    ];

    /// The topic a text names (any other text is [`CaptainTopic::Other`]).
    pub fn parse(text: &str) -> CaptainTopic {
        match text {
            "offer_draw" => CaptainTopic::OfferDraw,
            "accept_draw" => CaptainTopic::AcceptDraw,
            "claim_draw" => CaptainTopic::ClaimDraw,
            "resign" => CaptainTopic::Resign,
            other => CaptainTopic::Other(other.to_owned()),
        }
    }

    /// The snake_case text.
    pub fn as_str(&self) -> &str {
        match self {
            CaptainTopic::OfferDraw => "offer_draw",
            CaptainTopic::AcceptDraw => "accept_draw",
            CaptainTopic::ClaimDraw => "claim_draw",
            CaptainTopic::Resign => "resign",
            CaptainTopic::Other(text) => text,
        }
    }

    /// Whether the national variation lets a player consult his captain
    /// about it.
    pub fn is_permitted(&self) -> bool {
        !matches!(self, CaptainTopic::Other(_))
    }
}

impl From<String> for CaptainTopic {
    fn from(text: String) -> CaptainTopic {
        CaptainTopic::parse(&text)
    }
}

impl From<CaptainTopic> for String {
    fn from(topic: CaptainTopic) -> String {
        topic.as_str().to_owned()
    }
}

/// Clock times given by the arbiter (remaining ms): the times he restores
/// (Art. 8.1, 8.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "utoipa", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct ClockSetting {
    /// White's remaining time.
    pub white_ms: i64,
    /// Black's remaining time.
    pub black_ms: i64,
}

/// Everything that can happen in a game.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "utoipa", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "serde", serde(tag = "type", rename_all = "snake_case"))]
pub enum EventKind {
    /// The arbiter starts the game: White's clock runs (Art. 12.3).
    Start,
    /// A completed move by the player to move, in SAN or UCI. In live mode the
    /// move includes the clock press at `at_ms` unless `press` is `false`
    /// (then a later `press` completes it for the time control, Art. 6.5).
    /// `clock_ms` is the mover's remaining time after the move (scoresheet
    /// mode, `[%clk]`). `offer_draw`: a draw offered with the move (Art. 10.7).
    Move {
        /// The move in SAN.
        #[cfg_attr(
            feature = "serde",
            serde(default, skip_serializing_if = "Option::is_none")
        )]
        san: Option<String>,
        /// The move in UCI (instead of `san`).
        #[cfg_attr(
            feature = "serde",
            serde(default, skip_serializing_if = "Option::is_none")
        )]
        uci: Option<String>,
        /// The mover's remaining time after the move, in ms (scoresheet
        /// mode, `[%clk]`).
        #[cfg_attr(
            feature = "serde",
            serde(default, skip_serializing_if = "Option::is_none")
        )]
        clock_ms: Option<i64>,
        /// `false` when the clock is not pressed with the move (a later
        /// `press` completes it, Art. 6.5).
        #[cfg_attr(
            feature = "serde",
            serde(default, skip_serializing_if = "Option::is_none")
        )]
        press: Option<bool>,
        /// A draw offered with the move (Art. 10.7).
        #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "is_false"))]
        #[cfg_attr(feature = "utoipa", schema(default = false))]
        offer_draw: bool,
    },
    /// The clock press completing a move made with `press: false` (Art. 6.5).
    Press {
        /// The player who presses.
        #[cfg_attr(feature = "serde", serde(with = "color"))]
        #[cfg_attr(feature = "utoipa", schema(value_type = crate::schema::Side))]
        player: Color,
    },
    /// A player deliberately touches the piece on `square` (Art. 7.2);
    /// `together_with`: squares touched at the same moment (order unknown);
    /// `placed_on`: the piece was put down there but not released.
    Touch {
        /// The player who touches.
        #[cfg_attr(feature = "serde", serde(with = "color"))]
        #[cfg_attr(feature = "utoipa", schema(value_type = crate::schema::Side))]
        player: Color,
        /// The square (e.g. `e2`).
        square: String,
        /// Other squares touched at the same moment, order unknown (Art.
        /// 7.2, 7.3).
        #[cfg_attr(
            feature = "serde",
            serde(default, skip_serializing_if = "Vec::is_empty")
        )]
        together_with: Vec<String>,
        /// The square the touched piece was put down on, not yet released
        /// (Art. 6.1).
        #[cfg_attr(
            feature = "serde",
            serde(default, skip_serializing_if = "Option::is_none")
        )]
        placed_on: Option<String>,
    },
    /// "I adjust" (Art. 7.1): no obligation.
    Adjust {
        /// The player who adjusts.
        #[cfg_attr(feature = "serde", serde(with = "color"))]
        #[cfg_attr(feature = "utoipa", schema(value_type = crate::schema::Side))]
        player: Color,
        /// The square (e.g. `e2`).
        square: String,
    },
    /// `player` claims that his opponent touched the piece on `square`
    /// (Art. 7.2, 7.4).
    ClaimTouchMove {
        /// The claimant.
        #[cfg_attr(feature = "serde", serde(with = "color"))]
        #[cfg_attr(feature = "utoipa", schema(value_type = crate::schema::Side))]
        player: Color,
        /// The square of the piece the opponent touched.
        square: String,
    },
    /// Draw offer (Art. 10.7–10.9).
    OfferDraw {
        /// The player who offers.
        #[cfg_attr(feature = "serde", serde(with = "color"))]
        #[cfg_attr(feature = "utoipa", schema(value_type = crate::schema::Side))]
        player: Color,
    },
    /// Acceptance of the standing offer (Art. 10.6).
    AcceptDraw {
        /// The player who accepts.
        #[cfg_attr(feature = "serde", serde(with = "color"))]
        #[cfg_attr(feature = "utoipa", schema(value_type = crate::schema::Side))]
        player: Color,
    },
    /// Rejection of the standing offer (Art. 10.7).
    DeclineDraw {
        /// The player who declines.
        #[cfg_attr(feature = "serde", serde(with = "color"))]
        #[cfg_attr(feature = "utoipa", schema(value_type = crate::schema::Side))]
        player: Color,
    },
    /// Draw claim (Art. 10.10–10.13), with the intended move for 10.10(1).
    ClaimDraw {
        /// The claimant.
        #[cfg_attr(feature = "serde", serde(with = "color"))]
        #[cfg_attr(feature = "utoipa", schema(value_type = crate::schema::Side))]
        player: Color,
        /// `threefold` or `fifty_moves` (Art. 10.10, 10.12).
        reason: ClaimReason,
        /// The move the claimant intends to play (Art. 10.10(1), 10.12(1)),
        /// in SAN or UCI.
        #[cfg_attr(
            feature = "serde",
            serde(rename = "move", default, skip_serializing_if = "Option::is_none")
        )]
        intended_move: Option<String>,
    },
    /// Resignation (Art. 10.2).
    Resign {
        /// The player who resigns.
        #[cfg_attr(feature = "serde", serde(with = "color"))]
        #[cfg_attr(feature = "utoipa", schema(value_type = crate::schema::Side))]
        player: Color,
    },
    /// The arbiter looks at the clocks (Art. 12.2); with `player`, he states
    /// that this player's flag is down (scoresheet mode: he is believed;
    /// live mode: the clock must show it).
    Flag {
        /// Whose flag the arbiter sees down (optional).
        #[cfg_attr(
            feature = "serde",
            serde(default, with = "opt_color", skip_serializing_if = "Option::is_none")
        )]
        #[cfg_attr(feature = "utoipa", schema(value_type = Option<crate::schema::Side>))]
        player: Option<Color>,
    },
    /// Both flags found down, order unknown (Art. 12.8).
    BothFlagsDown,
    /// Art. 8.1 / 8.2: an illegal move at `ply` (1 = White's first move; the
    /// next ply for one just refused by the recorder) or pieces displaced
    /// before it. `clocks`: times set by the arbiter, else Art. 12.6.
    DeclareIllegal {
        /// The ply from which the game is restored (1 = White's first move;
        /// Art. 8.1).
        ply: u32,
        /// What the arbiter found (Art. 8.1, 8.2).
        kind: IrregularityKind,
        /// The clock times the arbiter restores; default: in proportion
        /// (Art. 12.6).
        #[cfg_attr(
            feature = "serde",
            serde(default, skip_serializing_if = "Option::is_none")
        )]
        clocks: Option<ClockSetting>,
    },
    /// Sets a player's remaining time (Art. 12.4, 14.6, 16).
    AdjustClock {
        /// The player whose clock is set.
        #[cfg_attr(feature = "serde", serde(with = "color"))]
        #[cfg_attr(feature = "utoipa", schema(value_type = crate::schema::Side))]
        player: Color,
        /// The player's remaining time set by the arbiter, in ms (Art. 12.4).
        remaining_ms: i64,
        /// `defective_clock`, `resumption_error` or `arbiter_decision` (Art.
        /// 12.4, 14.6, 16).
        reason: ClockAdjustReason,
        /// Art. 14.6: a grave error may be corrected after the first move.
        #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "is_false"))]
        #[cfg_attr(feature = "utoipa", schema(default = false))]
        grave: bool,
    },
    /// The arbiter stops both clocks (Art. 12.5).
    StopClocks {
        /// Why (free text).
        reason: String,
    },
    /// The arbiter restarts the clock of the player to move (Art. 12.5).
    StartClocks {
        /// Why (free text).
        reason: String,
    },
    /// A warning or penalty (Art. 16; club fouls).
    Penalise {
        /// The offender.
        #[cfg_attr(feature = "serde", serde(with = "color"))]
        #[cfg_attr(feature = "utoipa", schema(value_type = crate::schema::Side))]
        player: Color,
        /// The penalty (Art. 16; the club plan's fouls).
        penalty: Penalty,
        /// Why (free text).
        reason: String,
    },
    /// A player (or both) refuses to comply with the Laws (Art. 10.17).
    Refuse {
        /// Who refuses to comply with the Laws (Art. 10.17).
        who: Who,
    },
    /// The arbiter declares a result (Art. 16) not covered by other events,
    /// or states one the Laws rule on (`grounds`: lateness, a flag fall),
    /// which is then cited by its article.
    DeclareResult {
        /// The result the arbiter declares (Art. 12.5, 16).
        result: GameResult,
        /// Why (free text).
        reason: String,
        /// What the stated result follows from, cited by its article —
        /// lateness (a forfeit: Art. 10.15, both absent 10.17), flag_fall
        /// (Art. 10.5; a draw when the opponent cannot checkmate, 10.14),
        /// other (Art. 16).
        #[cfg_attr(
            feature = "serde",
            serde(default, skip_serializing_if = "Grounds::is_other")
        )]
        #[cfg_attr(feature = "utoipa", schema(default = "other"))]
        grounds: Grounds,
    },
    /// Colours found reversed (Art. 8.6); `restart` if the arbiter wants to
    /// restart with the right colours.
    ColoursReversed {
        /// Restart the game with the right colours (else play continues;
        /// Art. 8.6).
        restart: bool,
    },
    /// The arbiter annuls the game (Art. 8.1, 8.2, 8.5, 14.5).
    Annul {
        /// `wrong_initial_position`, `position_unrecoverable` or
        /// `envelope_lost` (Art. 8.5, 14.5).
        reason: AnnulReason,
    },
    /// The player to move seals `san` at the end of a session (Art. 13.1).
    Seal {
        /// The sealed move, in SAN (Art. 13.1).
        san: String,
    },
    /// The adjourned game resumes (Art. 14.1): who is at the board, and whether
    /// the envelope was lost (14.5).
    Resume {
        /// White is at the board at resumption (Art. 10.15(3), 14.3).
        #[cfg_attr(feature = "serde", serde(default = "yes"))]
        #[cfg_attr(feature = "utoipa", schema(default = true))]
        white_present: bool,
        /// Black is at the board at resumption.
        #[cfg_attr(feature = "serde", serde(default = "yes"))]
        #[cfg_attr(feature = "utoipa", schema(default = true))]
        black_present: bool,
        /// The envelope with the sealed move is lost (Art. 14.5).
        #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "is_false"))]
        #[cfg_attr(feature = "utoipa", schema(default = false))]
        envelope_lost: bool,
    },
    /// While the game is adjourned, the arbiter sets the date, time and
    /// place of resumption (Art. 13.2): `resumes_at_ms` on the events'
    /// timeline. From then on both players are absent until they `arrive`,
    /// and lateness at resumption (10.15, 10.17) counts from that time.
    /// Setting it again reschedules the resumption.
    ScheduleResumption {
        /// When the adjourned game resumes, in ms on the events' timeline
        /// (Art. 13.2).
        resumes_at_ms: u64,
        /// Where the game resumes (Art. 13.2).
        #[cfg_attr(feature = "serde", serde(default))]
        #[cfg_attr(feature = "utoipa", schema(default = ""))]
        place: String,
    },
    /// A player arrives at the board (Art. 10.15).
    Arrive {
        /// The player who arrives.
        #[cfg_attr(feature = "serde", serde(with = "color"))]
        #[cfg_attr(feature = "utoipa", schema(value_type = crate::schema::Side))]
        player: Color,
    },
    /// China-national: the arbiter declares a perpetual check drawn; the
    /// checking sequence must have repeated.
    DeclarePerpetualCheck,
    /// In a team event, `who` consults his captain `about` a draw or
    /// resigning (national variations; see [`CaptainTopic`]). Allowed at any
    /// time while the game is in progress or adjourned, to either player;
    /// otherwise outside help (Art. 15) and refused.
    ConsultCaptain {
        /// The player who consults his captain.
        #[cfg_attr(feature = "serde", serde(with = "color"))]
        #[cfg_attr(feature = "utoipa", schema(value_type = crate::schema::Side))]
        who: Color,
        /// What about ([`CaptainTopic`]): `offer_draw`, `accept_draw`,
        /// `claim_draw` or `resign` (national variations: allowed to either
        /// player while the game is in progress or adjourned, in a team game
        /// under `china-national`); any other topic, a game that is not a
        /// team game or a profile without the variation: refused
        /// `outside_help` (Art. 15); after the end: `game_over`.
        #[cfg_attr(feature = "utoipa", schema(value_type = String))]
        about: CaptainTopic,
    },
}

impl Grounds {
    /// The default ground (for serde's `skip_serializing_if`).
    pub fn is_other(&self) -> bool {
        *self == Grounds::Other
    }
}

#[cfg(feature = "serde")]
fn is_false(b: &bool) -> bool {
    !*b
}

#[cfg(feature = "serde")]
fn yes() -> bool {
    true
}

/// serde for `rules::Color` as `"white"` / `"black"`.
#[cfg(feature = "serde")]
pub mod color {
    use rules::Color;
    use serde::{Deserialize, Deserializer, Serializer};

    /// Serialises a colour.
    pub fn serialize<S: Serializer>(c: &Color, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(match c {
            Color::White => "white",
            Color::Black => "black",
        })
    }

    /// Deserialises a colour.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Color, D::Error> {
        let s = String::deserialize(d)?;
        match s.as_str() {
            "white" => Ok(Color::White),
            "black" => Ok(Color::Black),
            other => Err(serde::de::Error::custom(format!(
                "expected \"white\" or \"black\", got \"{other}\""
            ))),
        }
    }
}

/// serde for `Option<rules::Color>`.
#[cfg(feature = "serde")]
pub mod opt_color {
    use rules::Color;
    use serde::{Deserialize, Deserializer, Serializer};

    /// Serialises an optional colour.
    pub fn serialize<S: Serializer>(c: &Option<Color>, s: S) -> Result<S::Ok, S::Error> {
        match c {
            Some(c) => super::color::serialize(c, s),
            None => s.serialize_none(),
        }
    }

    /// Deserialises an optional colour.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Color>, D::Error> {
        let s: Option<String> = Option::deserialize(d)?;
        match s.as_deref() {
            None => Ok(None),
            Some("white") => Ok(Some(Color::White)),
            Some("black") => Ok(Some(Color::Black)),
            Some(other) => Err(serde::de::Error::custom(format!(
                "expected \"white\" or \"black\", got \"{other}\""
            ))),
        }
    }
}
