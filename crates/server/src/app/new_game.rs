//! A game outside any tournament (an administrator's or an organiser's;
//! e.g. a match or a demonstration board), as the operation creates it:
//! its players, game, profile, time control, position, recording mode,
//! scheduled start and announced settings checked, written and audited in
//! one transaction.

use std::sync::Arc;

use serde_json::json;
use uuid::Uuid;

use crate::app::game_rows::load_game;
use crate::app::game_view::{StateJson, state_json};
use crate::auth::audit;
use crate::auth::{Actor, Permission};
use crate::engine::laws::Laws;
use crate::engine::{GameKind, GameState};
use crate::error::ApiError;
use crate::live::events::View;
use crate::state::AppState;
use crate::store;
use crate::store::games::NewGame;
use crate::time::now_text;

/// A game to create outside any tournament (each field as `POST /games`
/// takes it, unchecked).
pub(crate) struct StandaloneGame {
    pub white: String,
    pub black: String,
    /// `chess` (the default) or `xiangqi`.
    pub game: Option<String>,
    pub regulations: Option<String>,
    pub time_control: Option<String>,
    /// The initial position (FEN); the standard one when `None`.
    pub fen: Option<String>,
    /// `live` (the default) or `scoresheet`.
    pub mode: Option<String>,
    /// Scheduled start (RFC 3339).
    pub starts_at: Option<String>,
    pub laws: Option<Laws>,
    /// A board of a team match entered on its own.
    pub team_game: bool,
}

/// Creates game `new` (an actor who may create games), audited. Answers
/// its state as its arbiter sees it.
pub(crate) async fn create_game(
    state: &AppState,
    actor: &Actor,
    new: StandaloneGame,
) -> Result<StateJson, ApiError> {
    actor.require(Permission::CreateGame, "", None)?;
    for (field, value) in [("white", &new.white), ("black", &new.black)] {
        crate::model::settings::check_name(field, value)?;
    }
    let game_kind = match new.game.as_deref() {
        Some(text) => GameKind::check("game", text)?,
        None => GameKind::Chess,
    };
    let regulations =
        crate::model::settings::check_regulations(game_kind, new.regulations.as_deref())?;
    let time_control = crate::model::settings::check_time_control(new.time_control.as_deref())?;
    let fen = new
        .fen
        .as_deref()
        .map(|fen| game_kind.check_fen(fen))
        .transpose()?;
    let mode = crate::engine::check_mode("mode", new.mode.as_deref().unwrap_or("live"))?;
    let scheduled_start_ms = new
        .starts_at
        .as_deref()
        .map(|t| crate::engine::check_start_time("starts_at", t))
        .transpose()?;
    let laws = Laws::for_game(&regulations, game_kind, new.laws.as_ref())?;
    let id = Uuid::new_v4().to_string();
    let (_write, mut tx) = state.db().begin().await?;
    store::games::insert(
        &mut tx,
        NewGame {
            id: &id,
            tournament_id: None,
            round: None,
            board: None,
            white: &new.white,
            black: &new.black,
            game: game_kind,
            regulations: &regulations,
            time_control: time_control.as_deref(),
            owner_token: Some(&actor.id),
            fen: fen.as_deref(),
            mode,
            scheduled_start_ms,
            laws: &laws,
            team_game: new.team_game,
            created_at: &now_text(),
        },
    )
    .await?;
    let game = load_game(&mut *tx, &id).await?;
    audit::record(
        &mut tx,
        actor,
        None,
        "create",
        "game",
        &id,
        None,
        Some(&json!({
            "white": new.white, "black": new.black, "game": game_kind.as_str(),
            "regulations": regulations,
            "time_control": time_control, "fen": fen, "mode": mode,
            "scheduled_start_ms": scheduled_start_ms, "laws": laws,
            "team_game": new.team_game,
        })),
    )
    .await?;
    tx.commit().await?;
    let initial = GameState::new(&game.setup()).map_err(|r| ApiError::Internal(r.message))?;
    Ok(state_json(&game, Arc::new(initial), View::Arbiter))
}
