//! Board tablets as actors: the tablet a link signs in, and signing a
//! tablet in with its link's secret (a tablet session: the same cookie,
//! lifetime and CSRF secret as a person's session).

use super::Tablet;
use super::accounts::{self, tablet_of};
use crate::error::ApiError;
use crate::state::AppState;
use crate::store::tablets as rows;
use crate::{auth, store};

/// A tablet session just started from a link.
pub(crate) struct Redeemed {
    /// The session cookie's secret.
    pub token: String,
    pub tablet: Tablet,
}

/// Signs a tablet in with the link whose secret is `secret`: a new tablet
/// session (the browser's previous session, `previous`, ended), or `None`
/// for an unknown or revoked link.
pub(crate) async fn redeem(
    state: &AppState,
    secret: &str,
    previous: Option<&str>,
) -> Result<Option<Redeemed>, ApiError> {
    // A secret is 64 hex digits; anything else is no link (and not hashed).
    if secret.len() != 64 || !secret.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Ok(None);
    }
    let (_write, mut tx) = state.db().begin().await?;
    let Some(link) = rows::find_active(&mut *tx, &auth::hash_token(secret)).await? else {
        return Ok(None);
    };
    let tablet = tablet_of(&link)?;
    if let Some(previous) = previous {
        let previous = auth::hash_token(previous);
        store::users::delete_session(&mut tx, &previous).await?;
        rows::delete_session(&mut tx, &previous).await?;
    }
    let token = accounts::secret()?;
    let now = chrono::Utc::now();
    rows::insert_session(
        &mut tx,
        rows::NewSession {
            id_hash: &auth::hash_token(&token),
            link_id: &link.id,
            now: &crate::time::time_text(now),
            expires_at: &crate::time::time_text(now + accounts::SESSION_LIFETIME),
            csrf: &accounts::secret()?,
        },
    )
    .await?;
    tx.commit().await?;
    Ok(Some(Redeemed { token, tablet }))
}
