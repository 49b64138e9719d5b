//! A Xiangqi PGN's moves as the events a live game records (the upload keeps
//! the game's mode; all its events carry the upload's time):
//! with a scheduled start, both players' arrival at it (the moves show they
//! played, so neither forfeits by lateness, xq 4.1.5); `start`; then every
//! move `xiangqi::pgn` read, in whatever notation it was written (ICCS, WXF,
//! Chinese, algebraic), as a `move` event in ICCS; all at the upload's
//! time, so no clock runs. A move the reader could not read goes to the
//! Laws as a posted move would, so its refusal cites their article (or, under
//! the event's `IllegalMovePolicy::Lose`, the Laws record the loss). The
//! shared judging (players, ending, result) is `pgn_judge`.

use serde_json::json;
use xiangqi::pgn::{MoveError, Notation, PgnErrorKind, ReadGame};
use xiangqi::{Color, Position};

use crate::app::pgn_judge::{Place, Recorder, event, move_refusal, start_differs};
use crate::engine::GameKind;
use crate::error::ApiError;
use crate::store::games::GameRow;

/// Records the game's opening events and every move of `read`; whether
/// Black moves first.
pub(super) fn record_moves(
    row: &GameRow,
    read: &ReadGame,
    rec: &mut Recorder<'_>,
) -> Result<bool, ApiError> {
    check_start(row, read)?;
    let start = read.game.start;
    if let Some(scheduled) = row.scheduled_start_ms {
        let at = scheduled.min(rec.at_ms);
        for player in ["red", "black"] {
            rec.record_at(
                at,
                event(json!({ "type": "arrive", "player": player })),
                None,
            )?;
        }
    }
    if rec.state.status() == "scheduled" {
        rec.record(event(json!({ "type": "start" })), None)?;
    }
    let second_starts = start.turn() == Color::Black;
    let fullmove = u64::from(start.fullmove_number());
    let mut position = start;
    for (ply, (&m, &notation)) in read.game.moves.iter().zip(&read.notations).enumerate() {
        let written = match notation {
            Notation::Iccs => Some(m.to_iccs()),
            Notation::Wxf => position.to_wxf(m),
            Notation::Chinese => position.to_chinese(m),
            Notation::San => position.to_san(m),
            Notation::XboardSan => position.to_xboard_san(m),
        }
        .unwrap_or_else(|| m.to_iccs());
        let place = Place::new(second_starts, fullmove, ply, written);
        rec.record(move_body(&m.to_iccs(), None), Some(&place))?;
        // Legal: the reader played it.
        position.play_unchecked(m);
    }
    if let Some(PgnErrorKind::Move {
        ply, text, error, ..
    }) = read.error.as_ref().map(|e| &e.kind)
    {
        unread_move(
            rec,
            &Place::new(second_starts, fullmove, ply - 1, text.clone()),
            error,
        )?;
    }
    Ok(second_starts)
}

/// The PGN's `FEN` (or the opening position) must be the game's: the same
/// pieces on the same points with the same side to move.
fn check_start(row: &GameRow, read: &ReadGame) -> Result<(), ApiError> {
    let invalid = |message: String, at: &str| ApiError::Unprocessable {
        code: "invalid_fen".into(),
        message,
        article: None,
        at: Some(at.into()),
    };
    match read.error.as_ref().map(|e| &e.kind) {
        Some(PgnErrorKind::BadFen(e)) => {
            return Err(invalid(format!("the PGN's FEN tag: {e}"), "FEN"));
        }
        Some(PgnErrorKind::SetUpWithoutFen) => {
            return Err(invalid(
                "the PGN's SetUp tag is \"1\" but it has no FEN tag".into(),
                "SetUp",
            ));
        }
        _ => {}
    }
    let game_start = match row.fen.as_deref() {
        Some(fen) => {
            Position::from_fen(fen).map_err(|e| ApiError::Internal(format!("stored FEN: {e}")))?
        }
        None => Position::startpos(),
    };
    let placement = |p: &Position| {
        let fen = p.to_fen();
        fen.split_whitespace().take(2).collect::<Vec<_>>().join(" ")
    };
    if placement(&game_start) != placement(&read.game.start) {
        return Err(start_differs(read.game.tag("FEN"), row.fen.as_deref()));
    }
    Ok(())
}

/// A `move` event: the move's text and, when named, its notation.
fn move_body(text: &str, notation: Option<Notation>) -> serde_json::Map<String, serde_json::Value> {
    let mut body = event(json!({ "type": "move", "move": text }));
    if let Some(n) = notation {
        body.insert("notation".into(), n.name().into());
    }
    body
}

/// The move the reader could not read, judged by the Laws as the arbiter's
/// posting of it would be: an illegal move as the move it describes, a text
/// in one of the Laws' notations (ICCS, WXF, Chinese) as written. The Laws
/// refuse it citing their article, or record the loss the event's
/// `IllegalMovePolicy::Lose` rules. What the Laws cannot be asked (an
/// ambiguous move, algebraic notation, which the Laws do not read) is
/// refused with the code and article they give such a move.
fn unread_move(rec: &mut Recorder<'_>, place: &Place, error: &MoveError) -> Result<(), ApiError> {
    let refuse = |code: regulations::Code, article: &str| {
        move_refusal(
            GameKind::Xiangqi,
            place,
            code.code().to_owned(),
            &error.to_string(),
            Some(article.to_owned()),
        )
    };
    let body = match error {
        MoveError::Illegal { mv, .. } => move_body(&mv.to_iccs(), None),
        MoveError::Malformed => move_body(&place.text, None),
        MoveError::NoSuchPiece(Notation::San | Notation::XboardSan) => {
            return Err(refuse(regulations::Code::IllegalMove, "xq 4.1.6"));
        }
        MoveError::NoSuchPiece(n) => move_body(&place.text, Some(*n)),
        MoveError::Ambiguous { .. } => {
            return Err(refuse(regulations::Code::AmbiguousMove, "xq 7.1"));
        }
        // A notation the reader does not take: written as no notation the
        // Laws read either; the reader's message names it.
        MoveError::NotRecognised(_) => {
            return Err(refuse(regulations::Code::MalformedMove, "xq 7.1"));
        }
    };
    rec.record(body, Some(place))?;
    if rec.state.status() == "finished" {
        return Ok(());
    }
    // The Laws took what the reader could not: the reader's word stands.
    Err(refuse(regulations::Code::IllegalMove, "xq 4.1.6"))
}
