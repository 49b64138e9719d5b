//! Board tablets as operations read them: the games of a tablet's boards.

use crate::auth::Tablet;
use crate::error::ApiError;
use crate::state::AppState;
use crate::store;
use crate::store::tablets as rows;

/// The games of a link's boards, by board: in its round, or (a link for
/// every round) in the last paired round.
pub(crate) async fn games_of(
    state: &AppState,
    tablet: &Tablet,
) -> Result<(i64, Vec<(i64, String)>), ApiError> {
    let pool = state.db().pool();
    let round = match tablet.round {
        Some(r) => r,
        None => store::rounds::last_paired(pool, &tablet.tournament_id).await?,
    };
    let boards = rows::round_boards(pool, &tablet.tournament_id, round)
        .await?
        .into_iter()
        .filter(|(b, _)| tablet.boards.contains(b))
        .collect();
    Ok((round, boards))
}
