//! Board tablet links (issue 21): an arbiter of a tournament hands a tablet
//! a link (and its QR code) that signs it in for recording the games of
//! chosen boards only, until the link is revoked.
//!
//! - A link is a random 256-bit secret in a URL, `/tablet/{secret}`; only
//!   its SHA-256 is stored (`auth::tablets`), and the URL is shown once.
//! - Opening it (`console::tablets::redeem`) starts a tablet session: the
//!   same `arbiter_session` cookie and CSRF secret as a user's session
//!   (`accounts`), stored beside the link. Its actor (`auth::Tablet`) has
//!   no role anywhere: `auth` refuses every write but a game event and its
//!   own sign-out (403 `tablet_scope`), and `GameRow::may_arbitrate` admits
//!   the games of its boards only.
//! - Revoking the link deletes its sessions in the same transaction; a
//!   session is read with its link on every request (never cached), so the
//!   next request is refused.
//! - The audit trail and the game logs name a tablet `tablet:{link id}`.

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::IntoResponse;
use axum::routing::{delete, get};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use utoipa::{OpenApi, ToSchema};

use crate::auth::tablets::{self, Link, NewLink};
use crate::auth::{Actor, accounts};
use crate::error::{ApiError, ApiJson, ApiPath};
use crate::state::AppState;

/// `POST /tournaments/{id}/tablet-links` body.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = TabletLinkRequest)]
struct CreateLink {
    /// A paired round; omitted or `null`: these board numbers in every
    /// round (checked against the last paired round).
    #[serde(default)]
    round: Option<i64>,
    /// The board numbers the tablet records (1 to 100 of them, each a
    /// board of the round).
    boards: Vec<i64>,
    /// At most 200 characters (e.g. "Hall B, boards 1-4").
    #[serde(default)]
    label: Option<String>,
}

/// A tablet link as listed (never its secret).
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = TabletLink)]
pub(crate) struct LinkView {
    pub id: String,
    pub tournament_id: String,
    /// `null`: the boards of every round.
    pub round: Option<i64>,
    pub boards: Vec<i64>,
    pub label: Option<String>,
    /// Who made it: `user:NAME` or a token's id.
    pub created_by: String,
    pub created_at: String,
    pub revoked_at: Option<String>,
    /// How the audit trail and the game logs name a tablet signed in by it.
    pub actor: String,
}

/// A new link: `url` (with its secret) and its QR code are shown this once.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = TabletLinkCreated)]
pub(crate) struct CreatedLink {
    #[serde(flatten)]
    pub link: LinkView,
    /// The link to open on the tablet: `/tablet/` and 64 hex digits, made
    /// absolute with the request's `Host`.
    pub url: String,
    /// The same link as a path on this server.
    pub path: String,
    /// The link as a QR code (an SVG element).
    pub qr_svg: String,
}

/// A tournament's tablet links, newest first.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = TabletLinks)]
struct LinkList {
    links: Vec<LinkView>,
}

fn view(link: Link) -> LinkView {
    LinkView {
        actor: format!("tablet:{}", link.id),
        id: link.id,
        tournament_id: link.tournament_id,
        round: link.round,
        boards: link.boards,
        label: link.label,
        created_by: link.created_by,
        created_at: link.created_at,
        revoked_at: link.revoked_at,
    }
}

/// The QR code of `text` as an SVG element (no XML declaration: it goes
/// inside HTML).
pub(crate) fn qr_svg(text: &str) -> Result<String, ApiError> {
    let code = qrcode::QrCode::new(text.as_bytes())
        .map_err(|e| ApiError::Internal(format!("qr code: {e}")))?;
    let svg = code
        .render::<qrcode::render::svg::Color<'_>>()
        .min_dimensions(240, 240)
        .quiet_zone(true)
        .build();
    Ok(match svg.find("<svg") {
        Some(start) => svg[start..].to_owned(),
        None => svg,
    })
}

/// The absolute URL of `path` on this server as the request reached it
/// (`Host`; https when cookies are `Secure`), or the path without a host.
fn absolute(state: &AppState, headers: &HeaderMap, path: &str) -> String {
    let host = headers
        .get(axum::http::header::HOST)
        .and_then(|h| h.to_str().ok())
        .filter(|h| {
            !h.is_empty()
                && h.chars()
                    .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | ':' | '[' | ']'))
        });
    match host {
        Some(host) => {
            let scheme = if accounts::secure(state, headers) {
                "https"
            } else {
                "http"
            };
            format!("{scheme}://{host}{path}")
        }
        None => path.to_owned(),
    }
}

/// Create a board tablet link (an arbiter, chief arbiter or organiser of the tournament).
#[utoipa::path(
    post,
    path = "/api/v1/tournaments/{id}/tablet-links",
    tag = "auth",
    params(("id" = String, Path, description = "tournament id")),
    request_body = CreateLink,
    responses((status = 201, description = "the link (its URL and QR code shown once)", body = CreatedLink)),
    security(("bearer" = []), ("session" = [])),
    extensions(("x-errors" = json!({"400": ["invalid_field"], "404": ["not_found"], "422": ["unknown_board", "unknown_round"]}))),
)]
async fn create_link(
    State(state): State<AppState>,
    actor: Actor,
    headers: HeaderMap,
    ApiPath(tournament_id): ApiPath<String>,
    ApiJson(body): ApiJson<CreateLink>,
) -> Result<impl IntoResponse, ApiError> {
    let new = NewLink {
        round: body.round,
        boards: body.boards,
        label: body.label,
    };
    let (link, secret) = tablets::create_link(&state, &actor, &tournament_id, new).await?;
    let path = format!("/tablet/{secret}");
    let url = absolute(&state, &headers, &path);
    let qr_svg = qr_svg(&url)?;
    Ok((
        StatusCode::CREATED,
        Json(CreatedLink {
            link: view(link),
            url,
            path,
            qr_svg,
        }),
    ))
}

/// The board tablet links of a tournament, without their secrets (its arbiters).
#[utoipa::path(
    get,
    path = "/api/v1/tournaments/{id}/tablet-links",
    tag = "auth",
    params(("id" = String, Path, description = "tournament id")),
    responses((status = 200, description = "the links, newest first", body = LinkList)),
    security(("bearer" = []), ("session" = [])),
    extensions(("x-errors" = json!({"404": ["not_found"]}))),
)]
async fn list_links(
    State(state): State<AppState>,
    actor: Actor,
    ApiPath(tournament_id): ApiPath<String>,
) -> Result<Json<LinkList>, ApiError> {
    let links = tablets::list_links(&state, &actor, &tournament_id)
        .await?
        .into_iter()
        .map(view)
        .collect();
    Ok(Json(LinkList { links }))
}

/// Revoke a board tablet link: its tablets' sessions end at once (its arbiters).
#[utoipa::path(
    delete,
    path = "/api/v1/tournaments/{id}/tablet-links/{link}",
    tag = "auth",
    params(
        ("id" = String, Path, description = "tournament id"),
        ("link" = String, Path, description = "the link's id"),
    ),
    responses((status = 204, description = "revoked (or already revoked)")),
    security(("bearer" = []), ("session" = [])),
    extensions(("x-errors" = json!({"404": ["not_found"]}))),
)]
async fn revoke_link(
    State(state): State<AppState>,
    actor: Actor,
    ApiPath((tournament_id, id)): ApiPath<(String, String)>,
) -> Result<StatusCode, ApiError> {
    tablets::revoke_link(&state, &actor, &tournament_id, &id).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// The tablet links' operations of the OpenAPI document.
#[derive(OpenApi)]
#[openapi(paths(create_link, list_links, revoke_link))]
pub(crate) struct Doc;

/// `/tournaments/{id}/tablet-links` routes.
pub fn router() -> Router<AppState> {
    Router::new()
        .route(
            "/tournaments/{id}/tablet-links",
            get(list_links).post(create_link),
        )
        .route("/tournaments/{id}/tablet-links/{link}", delete(revoke_link))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::auth::Tablet;

    #[test]
    fn a_link_s_qr_code_is_an_svg_element_without_an_xml_declaration() {
        let svg = qr_svg("http://example.org/tablet/00ff").unwrap();
        assert!(svg.starts_with("<svg"), "{svg}");
        assert!(svg.trim_end().ends_with("</svg>"));
        assert!(svg.contains("<path"));
    }

    #[test]
    fn a_tablet_covers_its_boards_in_its_round_only() {
        let tablet = Tablet {
            link_id: "l".into(),
            label: None,
            tournament_id: "t".into(),
            round: Some(2),
            boards: vec![1, 3],
        };
        assert!(tablet.covers(Some("t"), Some(2), Some(3)));
        assert!(!tablet.covers(Some("t"), Some(2), Some(2)));
        assert!(!tablet.covers(Some("t"), Some(1), Some(3)));
        assert!(!tablet.covers(Some("u"), Some(2), Some(3)));
        assert!(!tablet.covers(None, None, None));
        let every_round = Tablet {
            round: None,
            ..tablet
        };
        assert!(every_round.covers(Some("t"), Some(5), Some(1)));
    }
}
