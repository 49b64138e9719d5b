//! The console: the arbiter's and the organiser's screens in the browser
//! (issue 21). Pages are server-rendered shells in the public pages' frame
//! and catalogues (`web::layout`, `web::i18n`); plain ES modules (no
//! framework, no build step, embedded with `include_str!` and served by
//! `web::assets`) call the JSON REST API with `fetch()`. The console adds
//! no rule of its own: every write goes through the API's permission
//! checks and the Laws, and what the screens show are the API's answers.
//!
//! # Layout
//! - this module: the routes ([`router`]) and the board drawing the
//!   recording screen asks for after each event (`/console/board`, the
//!   public pages' one SVG drawing);
//! - `pages`: the entry page (the reader's events, use an API token), the
//!   recording screen of one game, the results page of a round;
//! - `organiser`: a new tournament and an event's page (settings, players
//!   with bulk paste, pairing and un-pairing, exports);
//! - `registry`: the registry screen (rating lists' import, the lists);
//! - `tablets`: board tablets — the page that makes a round's tablet links
//!   (with their QR codes) and revokes them, the link a tablet opens
//!   (`/tablet/{secret}`) and the tablet's page of its boards (`/tablet`);
//! - `assets/`: `auth.js` (the one place that knows how a request is
//!   authenticated: a stored API token as `Authorization: Bearer`, the
//!   page's `<meta name="csrf-token">` as `X-CSRF-Token`, cookies sent
//!   with `credentials: 'same-origin'`), `i18n.js` (the page's messages),
//!   `board.js` (the clickable board over the SVG), `recording.js`,
//!   `events.js` (the Laws' event forms), `results.js`, `tablets.js`, `entry.js`,
//!   `tournament-form.js` (the settings form's request), `tournament-new.js`,
//!   `tournament.js` (the event page), `registry.js` (the event page's
//!   registry search, lookalike choice, closing), `registry-page.js` (the
//!   registry screen), `dom.js` (making an element), `refusal.js` (an API refusal in the
//!   reader's words), `confirm.js` (the dialog of a change the API wants
//!   confirmed) and `console.css`.

mod organiser;
mod pages;
mod registry;
mod tablets;

use axum::Router;
use axum::extract::Query;
use axum::extract::rejection::QueryRejection;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use serde::Deserialize;

use crate::engine::GameKind;
use crate::state::AppState;

/// The console's routes (mounted at the root, beside the public pages).
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/console", get(pages::entry))
        .route("/console/games/{id}", get(pages::recording))
        .route("/console/tournaments/new", get(organiser::new_tournament))
        .route("/console/registry", get(registry::page))
        .route("/console/tournaments/{id}", get(organiser::event))
        .route(
            "/console/tournaments/{id}/rounds/{n}/results",
            get(pages::results),
        )
        .route(
            "/console/tournaments/{id}/rounds/{n}/tablets",
            get(tablets::manage),
        )
        .route("/console/board", get(board))
        .route("/tablet", get(tablets::boards))
        .route("/tablet/{secret}", get(tablets::redeem))
        .layer(tower_http::compression::CompressionLayer::new())
}

/// `GET /console/board` query.
#[derive(Deserialize)]
struct BoardQuery {
    /// `chess` (default) or `xiangqi`.
    #[serde(default)]
    game: Option<String>,
    /// The position; an unreadable one draws an empty board.
    #[serde(default)]
    fen: String,
}

/// `GET /console/board?game=&fen=`: the board of a position as SVG, the
/// public pages' drawing (`web::board_svg`), for the recording screen to
/// put under its clickable squares after each event.
async fn board(query: Result<Query<BoardQuery>, QueryRejection>) -> Response {
    let (kind, fen) = match &query {
        Ok(Query(q)) => (
            if q.game.as_deref() == Some("xiangqi") {
                GameKind::Xiangqi
            } else {
                GameKind::Chess
            },
            q.fen.as_str(),
        ),
        Err(_) => (GameKind::Chess, ""),
    };
    // A FEN is short; anything longer is not one.
    let fen = if fen.len() > 120 { "" } else { fen };
    (
        [
            (header::CONTENT_TYPE, "image/svg+xml; charset=utf-8"),
            (header::CACHE_CONTROL, "public, max-age=86400"),
        ],
        crate::web::board_svg(kind, fen, true),
    )
        .into_response()
}

#[cfg(test)]
mod tests {
    use crate::web::Lang;

    #[test]
    fn every_ruling_and_refusal_of_the_laws_reads_in_both_languages() {
        for lang in [Lang::En, Lang::Zh] {
            let known = lang.with_prefix("code-");
            for code in regulations::Code::ALL {
                let key = format!("code-{}", code.code());
                assert!(
                    known.iter().any(|(k, _)| *k == key),
                    "{key} missing in {lang:?}"
                );
            }
            for code in crate::app::games::event_refusals() {
                let key = format!("code-{code}");
                assert!(known.iter().any(|(k, _)| *k == key), "{key}");
            }
        }
    }

    #[test]
    fn every_event_the_console_offers_has_its_label_in_both_languages() {
        let events = include_str!("assets/events.js");
        for lang in [Lang::En, Lang::Zh] {
            for ty in events.split("type: '").skip(1) {
                let ty = ty.split('\'').next().unwrap_or_default();
                assert!(!lang.t(&format!("console-ev-{ty}")).is_empty(), "{ty}");
            }
        }
    }
}
