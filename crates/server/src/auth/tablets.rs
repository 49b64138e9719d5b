//! Board tablets as actors: the links an arbiter makes for chosen boards
//! (checked against the paired rounds, audited, revoked), the tablet a link
//! signs in, and signing a tablet in with its link's secret (a tablet
//! session: the same cookie, lifetime and CSRF secret as a person's
//! session).

use uuid::Uuid;

use super::accounts::{self, tablet_of};
use super::audit;
use super::{Actor, Permission, Tablet};
use crate::error::ApiError;
use crate::state::AppState;
use crate::store::tablets::{self as rows, LinkRow};
use crate::time::now_text;
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

/// The most boards one link may name.
const BOARDS_MAX: usize = 100;
/// The longest label.
const LABEL_MAX: usize = 200;

/// The 422 code of a board that is not in the round.
const UNKNOWN_BOARD: &str = "unknown_board";
/// The 422 code of a round that is not paired.
const UNKNOWN_ROUND: &str = "unknown_round";

/// A new tablet link's fields.
pub(crate) struct NewLink {
    /// A paired round; `None`: these board numbers in every round.
    pub round: Option<i64>,
    /// The board numbers (1 to 100 of them, each a board of the round).
    pub boards: Vec<i64>,
    /// At most 200 characters.
    pub label: Option<String>,
}

/// A tablet link as stored, without its secret.
pub(crate) struct Link {
    pub id: String,
    pub tournament_id: String,
    pub round: Option<i64>,
    pub boards: Vec<i64>,
    pub label: Option<String>,
    pub created_by: String,
    pub created_at: String,
    pub revoked_at: Option<String>,
}

impl TryFrom<LinkRow> for Link {
    type Error = ApiError;
    fn try_from(row: LinkRow) -> Result<Link, ApiError> {
        Ok(Link {
            boards: row.board_numbers()?,
            id: row.id,
            tournament_id: row.tournament_id,
            round: row.round,
            label: row.label,
            created_by: row.created_by,
            created_at: row.created_at,
            revoked_at: row.revoked_at,
        })
    }
}

/// Makes a tablet link for boards of tournament `tournament_id` (an arbiter
/// of it), audited: the link and its secret, which only its SHA-256 keeps.
pub(crate) async fn create_link(
    state: &AppState,
    actor: &Actor,
    tournament_id: &str,
    new: NewLink,
) -> Result<(Link, String), ApiError> {
    let (_write, mut tx) = state.db().begin().await?;
    let owner = store::tournaments::owner(&mut *tx, tournament_id)
        .await?
        .ok_or_else(|| ApiError::not_found("tournament"))?;
    actor.require(Permission::Arbitrate, tournament_id, owner.as_deref())?;
    let boards = checked_boards(&mut tx, tournament_id, &new).await?;
    let secret = accounts::secret()?;
    let row = LinkRow {
        id: Uuid::new_v4().to_string(),
        tournament_id: tournament_id.to_owned(),
        round: new.round,
        boards: rows::boards_text(&boards),
        label: new.label.clone(),
        created_by: actor.id.clone(),
        created_at: now_text(),
        revoked_at: None,
    };
    rows::insert(
        &mut tx,
        rows::NewLink {
            id: &row.id,
            secret_hash: &auth::hash_token(&secret),
            tournament_id: &row.tournament_id,
            round: row.round,
            boards: &row.boards,
            label: row.label.as_deref(),
            created_by: &row.created_by,
            created_at: &row.created_at,
        },
    )
    .await?;
    let after = serde_json::json!({
        "id": row.id, "round": row.round, "boards": boards, "label": row.label,
    });
    audit::record(
        &mut tx,
        actor,
        Some(tournament_id),
        "create",
        "tablet_link",
        &row.id,
        None,
        Some(&after),
    )
    .await?;
    tx.commit().await?;
    Ok((Link::try_from(row)?, secret))
}

/// The tablet links of tournament `tournament_id`, newest first (its
/// arbiters).
pub(crate) async fn list_links(
    state: &AppState,
    actor: &Actor,
    tournament_id: &str,
) -> Result<Vec<Link>, ApiError> {
    let owner = auth::tournament_owner(state, tournament_id).await?;
    actor.require(Permission::Arbitrate, tournament_id, owner.as_deref())?;
    let links = rows::list(state.db().pool(), tournament_id)
        .await?
        .into_iter()
        .map(Link::try_from)
        .collect::<Result<Vec<_>, ApiError>>()?;
    Ok(links)
}

/// Revokes link `id` of tournament `tournament_id` (its arbiters): its
/// tablets' sessions end at once; revoking a revoked link changes nothing.
pub(crate) async fn revoke_link(
    state: &AppState,
    actor: &Actor,
    tournament_id: &str,
    id: &str,
) -> Result<(), ApiError> {
    let (_write, mut tx) = state.db().begin().await?;
    let owner = store::tournaments::owner(&mut *tx, tournament_id)
        .await?
        .ok_or_else(|| ApiError::not_found("tournament"))?;
    actor.require(Permission::Arbitrate, tournament_id, owner.as_deref())?;
    let row = rows::load(&mut *tx, tournament_id, id)
        .await?
        .ok_or_else(|| ApiError::not_found("tablet link"))?;
    if row.revoked_at.is_none() {
        let at = now_text();
        rows::revoke(&mut tx, id, &at).await?;
        audit::record(
            &mut tx,
            actor,
            Some(tournament_id),
            "revoke",
            "tablet_link",
            id,
            None,
            Some(&serde_json::json!({ "revoked_at": at })),
        )
        .await?;
    }
    tx.commit().await?;
    Ok(())
}

/// Checks a new link's fields against the tournament's paired rounds;
/// the boards in stored order.
async fn checked_boards(
    executor: &mut sqlx::AnyConnection,
    tournament_id: &str,
    new: &NewLink,
) -> Result<Vec<i64>, ApiError> {
    if let Some(label) = &new.label {
        if label.chars().count() > LABEL_MAX {
            return Err(ApiError::invalid_field(
                "label",
                format!("at most {LABEL_MAX} characters"),
            ));
        }
        if label.chars().any(char::is_control) {
            return Err(ApiError::invalid_field(
                "label",
                "a label holds no control characters (a line break, a tab, …)",
            ));
        }
    }
    if new.boards.is_empty() || new.boards.len() > BOARDS_MAX {
        return Err(ApiError::invalid_field(
            "boards",
            format!("1 to {BOARDS_MAX} board numbers"),
        ));
    }
    if let Some((i, _)) = new.boards.iter().enumerate().find(|(_, b)| **b < 1) {
        return Err(ApiError::invalid_field(
            &format!("boards[{i}]"),
            "a board number is 1 or more",
        ));
    }
    if let Some(i) = (1..new.boards.len()).find(|&i| new.boards[..i].contains(&new.boards[i])) {
        return Err(ApiError::invalid_field(
            &format!("boards[{i}]"),
            format!("board {} is listed twice", new.boards[i]),
        ));
    }
    let paired = store::rounds::last_paired(&mut *executor, tournament_id).await?;
    let round = match new.round {
        Some(r) if r < 1 => {
            return Err(ApiError::invalid_field(
                "round",
                "a round number is 1 or more",
            ));
        }
        Some(r) if r > paired => {
            return Err(unprocessable_at(
                UNKNOWN_ROUND,
                format!("round {r} is not paired (the last paired round is {paired})"),
                "round",
            ));
        }
        Some(r) => r,
        None if paired == 0 => {
            return Err(unprocessable_at(
                UNKNOWN_ROUND,
                "no round is paired yet: a link's boards are boards of a paired round".into(),
                "round",
            ));
        }
        None => paired,
    };
    let existing: Vec<i64> = rows::round_boards(&mut *executor, tournament_id, round)
        .await?
        .into_iter()
        .map(|(b, _)| b)
        .collect();
    if let Some((i, b)) = new
        .boards
        .iter()
        .enumerate()
        .find(|(_, b)| !existing.contains(b))
    {
        return Err(unprocessable_at(
            UNKNOWN_BOARD,
            format!("round {round} has no board {b}"),
            &format!("boards[{i}]"),
        ));
    }
    let mut boards = new.boards.clone();
    boards.sort_unstable();
    boards.dedup();
    Ok(boards)
}

fn unprocessable_at(code: &str, message: String, at: &str) -> ApiError {
    ApiError::Unprocessable {
        code: code.to_owned(),
        message,
        article: None,
        at: Some(at.to_owned()),
    }
}
