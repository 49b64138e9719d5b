//! API tokens as operations: the administrator makes organiser tokens; an
//! organiser or chief arbiter makes arbiter tokens for their tournament;
//! revoking one ends it at once in every process (`NOTIFY` on PostgreSQL,
//! see the module docs of `auth`). Each is one transaction with its audit
//! row.

use uuid::Uuid;

use crate::auth::audit;
use crate::auth::{Actor, Permission, Role, hash_token, new_token, tournament_owner};
use crate::error::ApiError;
use crate::state::AppState;
use crate::store;
use crate::time::now_text;

/// A token just made: `token` is shown this once (only its hash is stored).
pub(crate) struct Issued {
    pub id: String,
    pub token: String,
    pub created_at: String,
}

/// A token's label (an API token's or a user's own): at most 200
/// characters, none a control character, and it reads as it is stored
/// (no direction overrides or invisible characters).
pub(crate) fn check_label(label: Option<&str>) -> Result<(), ApiError> {
    let Some(label) = label else {
        return Ok(());
    };
    if label.chars().count() > 200 {
        return Err(ApiError::invalid_field("label", "at most 200 characters"));
    }
    if label.chars().any(char::is_control) {
        return Err(ApiError::invalid_field(
            "label",
            "a label holds no control characters (a line break, a tab, …)",
        ));
    }
    crate::engine::check_visible("label", label)
}

/// Makes a token of `role` (scoped to `tournament_id` for an arbiter or
/// chief arbiter) if `actor` may.
pub(crate) async fn create(
    state: &AppState,
    actor: &Actor,
    role: Role,
    tournament_id: Option<&str>,
    label: Option<&str>,
) -> Result<Issued, ApiError> {
    check_label(label)?;
    match role {
        Role::Admin => {
            return Err(ApiError::invalid_field(
                "role",
                "administrators come from ARBITER_ADMIN_TOKEN, not from the API",
            ));
        }
        Role::Organiser => {
            if tournament_id.is_some() {
                return Err(ApiError::invalid_field(
                    "tournament_id",
                    "organiser tokens are not scoped to a tournament",
                ));
            }
            if actor.role != Role::Admin {
                return Err(ApiError::Forbidden(
                    "only an administrator creates organiser tokens".into(),
                ));
            }
        }
        Role::ChiefArbiter | Role::Arbiter => {
            let Some(tournament_id) = tournament_id else {
                return Err(ApiError::invalid_field(
                    "tournament_id",
                    "arbiter tokens are scoped to one tournament",
                ));
            };
            let owner = tournament_owner(state, tournament_id).await?;
            actor.require(Permission::Manage, tournament_id, owner.as_deref())?;
            if actor.role_in(tournament_id, owner.as_deref()) == Some(Role::ChiefArbiter)
                && role == Role::ChiefArbiter
            {
                return Err(ApiError::Forbidden(
                    "a chief arbiter creates arbiter tokens only".into(),
                ));
            }
        }
    }
    let token = new_token()?;
    let id = Uuid::new_v4().to_string();
    let created_at = now_text();
    let (_write, mut tx) = state.db().begin().await?;
    store::tokens::insert(
        &mut tx,
        store::tokens::NewToken {
            id: &id,
            token_hash: &hash_token(&token),
            role: role.as_str(),
            tournament_id,
            label,
            created_by: &actor.id,
            created_at: &created_at,
        },
    )
    .await?;
    let after = serde_json::json!({
        "id": id, "role": role, "tournament_id": tournament_id, "label": label,
    });
    audit::record(
        &mut tx,
        actor,
        tournament_id,
        "create",
        "token",
        &id,
        None,
        Some(&after),
    )
    .await?;
    tx.commit().await?;
    Ok(Issued {
        id,
        token,
        created_at,
    })
}

/// Revokes token `id` (its creator, a manager of its tournament, the token
/// itself, the administrator); revoking a revoked token changes nothing.
pub(crate) async fn revoke(state: &AppState, actor: &Actor, id: &str) -> Result<(), ApiError> {
    let (_write, mut tx) = state.db().begin().await?;
    let row = store::tokens::load(&mut *tx, id)
        .await?
        .ok_or_else(|| ApiError::not_found("token"))?;
    let tournament_id = row.tournament_id;
    let revoked_at = row.revoked_at;
    let allowed = actor.role == Role::Admin
        || row.created_by == actor.id
        || actor.token_id() == Some(id)
        || match &tournament_id {
            Some(t) => {
                let owner = store::tournaments::owner(&mut *tx, t).await?.flatten();
                actor.may(Permission::Manage, t, owner.as_deref())
            }
            None => false,
        };
    if !allowed {
        return Err(ApiError::Forbidden(
            "this token may not revoke that token".into(),
        ));
    }
    if revoked_at.is_none() {
        let at = now_text();
        store::tokens::revoke(&mut tx, id, &at).await?;
        audit::record(
            &mut tx,
            actor,
            tournament_id.as_deref(),
            "revoke",
            "token",
            id,
            None,
            Some(&serde_json::json!({ "revoked_at": at })),
        )
        .await?;
        crate::auth::announce_revocation(state, &mut tx, id).await?;
    }
    tx.commit().await?;
    state.tokens().revoke(id);
    Ok(())
}
