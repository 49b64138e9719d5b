//! Players as operations write them.

use std::collections::BTreeMap;

use sqlx::AnyConnection;
use uuid::Uuid;

use crate::error::ApiError;
use crate::model::players::PlayerDetails;
use crate::store;
use crate::store::players::PlayerRow;
use crate::time::now_text;

/// Inserts a player with the given start number, or else the next free one;
/// a taken start number is 409.
pub(crate) async fn insert_player(
    conn: &mut AnyConnection,
    tournament_id: &str,
    start_number: Option<i64>,
    name: &str,
    details: &PlayerDetails,
    withdrawn_from: Option<i64>,
    joins_at: Option<i64>,
) -> Result<PlayerRow, ApiError> {
    let start_number = match start_number {
        Some(n) => n,
        None => store::players::next_start_number(&mut *conn, tournament_id).await?,
    };
    let player = PlayerRow {
        id: Uuid::new_v4().to_string(),
        tournament_id: tournament_id.to_owned(),
        start_number,
        name: name.to_owned(),
        details: details.clone(),
        withdrawn_from,
        joins_at,
        requested_byes: BTreeMap::new(),
    };
    store::players::insert(conn, &player, &now_text())
        .await
        .map_err(|e| {
            if e.is_unique_violation() {
                ApiError::conflict("duplicate_start_number", "that start number is taken")
            } else {
                e.into()
            }
        })?;
    Ok(player)
}
