//! The state as the server shows it (`GET /games/{id}`).

use super::{Envelope, Game, Resumption, Status};
use crate::clock::ClockView;
use crate::result::{Citation, GameResult, Termination};
use crate::touch::Obligation;
use rules::{Color, Move};

/// Outstanding matters, as the server shows them.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "utoipa", derive(utoipa::ToSchema))]
pub struct Pending {
    /// Who has a draw offer standing (Art. 10.7).
    #[cfg_attr(feature = "serde", serde(with = "crate::event::opt_color"))]
    #[cfg_attr(feature = "utoipa", schema(value_type = Option<crate::schema::Side>))]
    pub draw_offer: Option<Color>,
    /// After an incorrect claim with a stated move, the move (UCI) that must
    /// be played (Art. 10.13(2)).
    pub claimed_move_due: Option<String>,
    /// The touch-move obligation of the player to move: the allowed moves in
    /// UCI and the reason (Art. 7.2); `None` if free.
    pub touch: Option<TouchPending>,
    /// A sealed move exists and is hidden (Art. 13.1); never show it.
    pub sealed_move_present: bool,
    /// A player moved but has not pressed his clock (Art. 6.5).
    #[cfg_attr(feature = "serde", serde(with = "crate::event::opt_color"))]
    #[cfg_attr(feature = "utoipa", schema(value_type = Option<crate::schema::Side>))]
    pub unpressed: Option<Color>,
}

/// A touch-move obligation (Art. 7.2).
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "utoipa", derive(utoipa::ToSchema))]
pub struct TouchPending {
    /// The moves allowed (UCI); empty: the obligation is met or void.
    pub allowed: Vec<String>,
    /// Why.
    pub reason: Citation,
}

/// The state as the server shows it (`GET /games/{id}`).
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct GameView {
    /// Current position.
    pub fen: String,
    /// Moves in SAN.
    pub moves: Vec<String>,
    /// Side to move.
    #[cfg_attr(feature = "serde", serde(with = "crate::event::color"))]
    pub side_to_move: Color,
    /// Clocks at the requested time.
    pub clocks: ClockView,
    /// Status.
    pub status: Status,
    /// Result, once finished.
    pub result: Option<GameResult>,
    /// How it ended.
    pub termination: Option<Termination>,
    /// Why it was annulled (Art. 8.1, 8.2, 8.5, 8.6, 14.5), once it is.
    pub annulment: Option<Citation>,
    /// Outstanding matters.
    pub pending: Pending,
    /// Envelope record while adjourned (no move in it).
    pub envelope: Option<Envelope>,
    /// The announced date, time and place of resumption (Art. 13.2).
    pub resumption: Option<Resumption>,
}

impl Game {
    /// The state as shown at `at_ms` (clocks advanced to that time).
    pub fn view(&self, at_ms: u64) -> GameView {
        let mut view = self.view_without_moves(at_ms);
        view.moves = self.san_moves();
        view
    }

    /// [`Game::view`] with `moves` left empty, for callers that read the
    /// moves from [`Game::plies`] without copying them.
    pub fn view_without_moves(&self, at_ms: u64) -> GameView {
        let st = &self.st;
        let touch = match self.touch_obligation() {
            Obligation::None => None,
            Obligation::Free(c) => Some(TouchPending {
                allowed: Vec::new(),
                reason: c,
            }),
            Obligation::Moves { moves, why } => Some(TouchPending {
                allowed: moves.iter().map(|m| m.to_uci()).collect(),
                reason: why,
            }),
        };
        GameView {
            fen: st.position.to_fen(),
            moves: Vec::new(),
            side_to_move: st.position.turn(),
            clocks: st.clocks.view(at_ms.max(st.last_ms)),
            status: st.status,
            result: self.result(),
            termination: st.termination.clone(),
            annulment: st.annulment.clone(),
            pending: Pending {
                draw_offer: st.offer.map(|o| o.by),
                claimed_move_due: st.must_play.map(Move::to_uci),
                touch,
                sealed_move_present: st.sealed.is_some(),
                unpressed: st.unpressed,
            },
            envelope: st.sealed.as_ref().map(|s| s.envelope.clone()),
            resumption: st.resumption.clone(),
        }
    }
}
