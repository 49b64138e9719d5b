//! Public web pages for players and spectators: events, a tournament's
//! home, players, pairings, standings (with the working of every tie-break
//! value), the crosstable, player cards and live games — server-rendered
//! HTML from typed `maud` templates, in English and simplified Chinese.
//!
//! # Layout
//! - this module: the routes ([`router`]), the page response (ETag,
//!   `Cache-Control`, the language cookie), query parsing and error pages;
//! - `layout`: the one page frame (header with the event's name, nav,
//!   language switch, footer), `?screen` hall mode and the print header;
//! - `pages`: events, tournament home, players, rounds, standings,
//!   crosstable and player card; `team_pages`: a team event's standings,
//!   crosstable and match results; `game`: the game page and its live
//!   fragment; `board`: the SVG board (pieces drawn here, see
//!   `docs/web.md` for their licence);
//! - `data`: everything the pages read, through the API's code paths;
//! - `cache`: rendered pages kept per version of what they show (the
//!   stamp `data::stamp` reads from the database on every request);
//! - `account`: signing in and out, "my account" (the user's roles per
//!   tournament, own API tokens, sign out everywhere, granting roles) — every
//!   form carries the session's CSRF token;
//! - `i18n`: the message catalogues (`i18n/en.ftl`, `i18n/zh.ftl`) and the
//!   reader's language; `assets`: the embedded CSS and JavaScript.
//!
//! Nothing a client sends panics a handler: bad ids, round numbers and
//! query strings answer a 404 or 400 page in the reader's language.

mod account;
pub(crate) mod assets;
mod board;

mod console;
pub(crate) mod data;
mod game;
mod i18n;
pub(crate) mod layout;
mod pages;
mod paper;
mod registry;
mod tables;
mod team_pages;
mod words;
mod xiangqi_board;

use axum::Router;
use axum::extract::{FromRef, FromRequestParts};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use maud::Markup;
use sha2::{Digest, Sha256};

use crate::state::AppState;

use crate::live::page_cache::{Key, Rendered};
pub(crate) use data::{PageError, Scope};
pub(crate) use i18n::Lang;

/// The page routes, public and console (mounted at the root, beside `/api/v1`).
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/", get(pages::index))
        .route("/t/{id}", get(pages::home))
        .route("/t/{id}/players", get(pages::players))
        .route("/t/{id}/players/{start_no}", get(tables::player_card))
        .route("/t/{id}/rounds/{n}", get(pages::round))
        .route("/t/{id}/rounds/{n}/live", get(pages::round_fragment))
        .route("/t/{id}/rounds/{n}/stream", get(pages::round_stream))
        .route("/t/{id}/standings", get(tables::standings))
        .route("/t/{id}/crosstable", get(tables::crosstable))
        .route("/t/{id}/team-standings", get(team_pages::standings))
        .route("/t/{id}/team-crosstable", get(team_pages::crosstable))
        .route("/t/{id}/rounds/{n}/matches", get(team_pages::matches))
        .route("/t/{id}/rounds/{n}/paper/{doc}", get(paper::paper))
        .route("/t/{id}/{*rest}", get(pages::not_found))
        .route("/people/{id}", get(registry::person))
        .route("/ladder", get(registry::ladder))
        .route("/games/{id}", get(game::page))
        .route("/games/{id}/live", get(game::fragment))
        .route("/assets/{name}", get(assets::serve))
        .merge(account::router())
        .layer(tower_http::compression::CompressionLayer::new())
        // The console's screens (uncompressed, as they always were).
        .merge(console::router())
}

/// The value of `name` in a query string (`a=1&b`: `Some("")` for `b`),
/// percent-decoded where it is plain ASCII; never fails.
pub(crate) fn query_param(query: Option<&str>, name: &str) -> Option<String> {
    query?.split('&').find_map(|pair| {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        (key == name).then(|| value.replace('+', " "))
    })
}

/// A rendered page: its status, the reader's language (the `lang` cookie
/// is set when the request chose it with `?lang=`) and its HTML.
pub(crate) struct Page {
    pub status: StatusCode,
    pub lang: Lang,
    pub set_cookie: bool,
    pub html: Markup,
}

impl Page {
    pub fn ok(lang: Lang, set_cookie: bool, html: Markup) -> Page {
        Page {
            status: StatusCode::OK,
            lang,
            set_cookie,
            html,
        }
    }

    /// The page answered to `headers` (see [`send`]).
    pub fn respond(self, headers: &HeaderMap) -> Response {
        let page = Rendered::new(self.status, HTML, self.html.into_string());
        send(&page, self.lang, self.set_cookie, headers)
    }
}

/// The content type of every page.
pub(crate) const HTML: &str = "text/html; charset=utf-8";

impl Rendered {
    /// A page of `content_type` with the strong ETag of its bytes.
    fn new(status: StatusCode, content_type: &'static str, body: String) -> Rendered {
        let etag = format!("\"{}\"", hex16(&Sha256::digest(body.as_bytes())));
        Rendered {
            status,
            content_type,
            body: body.into(),
            etag,
        }
    }
}

/// `page` answered to `headers`: 304 when the reader's copy (its
/// `If-None-Match`) is current, else the page with its ETag. Pages are
/// revalidated on every view (`no-cache`): results change at any moment.
fn send(page: &Rendered, lang: Lang, set_cookie: bool, headers: &HeaderMap) -> Response {
    let mut response = if page.status == StatusCode::OK
        && headers
            .get(header::IF_NONE_MATCH)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.split(',').any(|t| t.trim() == page.etag))
    {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        (
            page.status,
            [(header::CONTENT_TYPE, page.content_type)],
            page.body.clone(),
        )
            .into_response()
    };
    let h = response.headers_mut();
    if let Ok(v) = HeaderValue::from_str(&page.etag) {
        h.insert(header::ETAG, v);
    }
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    h.insert(
        header::VARY,
        HeaderValue::from_static("Accept-Language, Cookie"),
    );
    h.insert(
        header::CONTENT_LANGUAGE,
        HeaderValue::from_static(lang.code()),
    );
    if set_cookie
        && let Ok(v) = HeaderValue::from_str(&format!(
            "{}={}; Path=/; Max-Age=31536000; SameSite=Lax",
            i18n::COOKIE,
            lang.param()
        ))
    {
        h.insert(header::SET_COOKIE, v);
    }
    response
}

/// The first 16 bytes of a digest in hex.
fn hex16(digest: &[u8]) -> String {
    crate::hex::hex(&digest[..digest.len().min(16)])
}

/// What every page handler knows about the request: the reader's language,
/// whether it was chosen in this request, the path and query (for the
/// language switch and `?screen`), and the headers (for the ETag).
pub(crate) struct Ctx {
    pub lang: Lang,
    pub set_cookie: bool,
    pub path: String,
    pub query: Option<String>,
    pub headers: HeaderMap,
    /// The reader's session, if signed in (the header shows the name and a
    /// sign-out form; such pages are never taken from or put in the page
    /// cache).
    pub session: Option<crate::auth::accounts::Session>,
}

impl Ctx {
    pub fn param(&self, name: &str) -> Option<String> {
        query_param(self.query.as_deref(), name)
    }

    /// `?screen` (hall screen mode): seconds between pages, 20 by default,
    /// 5 to 600.
    pub fn screen(&self) -> Option<u32> {
        self.param("screen")
            .map(|v| v.parse::<u32>().map_or(20, |s| s.clamp(5, 600)))
    }

    /// Answers `result`: the page, or the error page in the reader's
    /// language.
    pub fn answer(&self, result: Result<Markup, PageError>) -> Response {
        match result {
            Ok(html) => Page::ok(self.lang, self.set_cookie, html).respond(&self.headers),
            Err(error) => self.error(&error),
        }
    }

    /// The page `render` makes, from the page cache when it holds this
    /// request's page at the stamp of `scope` read now, else rendered and
    /// kept there (errors are never kept). The stamp is read before
    /// `render` reads anything.
    pub async fn cached(
        &self,
        state: &AppState,
        scope: Scope<'_>,
        render: impl Future<Output = Result<Markup, PageError>>,
    ) -> Response {
        let render = async { render.await.map(Markup::into_string) };
        self.cached_as(state, scope, HTML, self.set_cookie, render)
            .await
    }

    /// [`Ctx::cached`] for any text of `content_type`; the language
    /// cookie is set only when `set_cookie`.
    pub async fn cached_as(
        &self,
        state: &AppState,
        scope: Scope<'_>,
        content_type: &'static str,
        set_cookie: bool,
        render: impl Future<Output = Result<String, PageError>>,
    ) -> Response {
        let stamp = match data::stamp(state, scope).await {
            Ok(stamp) => stamp,
            Err(error) => {
                // Served uncached: the page reads the database again.
                tracing::warn!(error = ?error, "page stamp unreadable");
                None
            }
        };
        let key = Key {
            path: self.path.clone(),
            query: self.query.clone(),
            lang: self.lang.code(),
        };
        // A signed-in reader's page carries their name: never shared.
        let stamp = stamp.filter(|_| self.session.is_none());
        if let Some(stamp) = stamp
            && let Some(page) = state.pages().get(&key, stamp)
        {
            return send(&page, self.lang, set_cookie, &self.headers);
        }
        match render.await {
            Ok(body) => {
                let page = Rendered::new(StatusCode::OK, content_type, body);
                let response = send(&page, self.lang, set_cookie, &self.headers);
                if let Some(stamp) = stamp {
                    state.pages().put(key, stamp, page);
                }
                response
            }
            Err(error) => self.error(&error),
        }
    }

    /// The error page of `error` (a 500's detail is logged, not shown).
    pub fn error(&self, error: &PageError) -> Response {
        let (status, title, text) = match error {
            PageError::NotFound(what) => (
                StatusCode::NOT_FOUND,
                self.lang.t("error-not-found-title"),
                self.lang
                    .tr("error-not-found", &[("what", &self.lang.t(what))]),
            ),
            PageError::BadRequest(what) => (
                StatusCode::BAD_REQUEST,
                self.lang.t("error-bad-request-title"),
                self.lang
                    .tr("error-bad-request", &[("what", &self.lang.t(what))]),
            ),
            PageError::Unavailable(detail) => {
                tracing::warn!(detail = %detail, "page: database unavailable");
                (
                    StatusCode::SERVICE_UNAVAILABLE,
                    self.lang.t("error-unavailable-title"),
                    self.lang.t("error-unavailable").to_owned(),
                )
            }
            PageError::Internal(detail) => {
                tracing::error!(detail = %detail, "page failed");
                (
                    StatusCode::INTERNAL_SERVER_ERROR,
                    self.lang.t("error-internal-title"),
                    self.lang.t("error-internal").to_owned(),
                )
            }
        };
        let html = layout::frame(
            self,
            &layout::Frame::plain(title),
            maud::html! {
                h1 { (title) }
                p.error { (text) }
                p { a href="/" { (self.lang.t("error-back")) } }
            },
        );
        let mut response = Page {
            status,
            lang: self.lang,
            set_cookie: self.set_cookie,
            html,
        }
        .respond(&self.headers);
        if status == StatusCode::SERVICE_UNAVAILABLE {
            response.headers_mut().insert(
                header::RETRY_AFTER,
                HeaderValue::from(crate::error::RETRY_AFTER_SECONDS),
            );
        }
        response
    }
}

impl<S> FromRequestParts<S> for Ctx
where
    AppState: FromRef<S>,
    S: Send + Sync,
{
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        state: &S,
    ) -> Result<Ctx, Self::Rejection> {
        let lang = Lang::from_request_parts(parts, state).await?;
        let app = AppState::from_ref(state);
        let session = match crate::auth::accounts::current_session(&app, &parts.headers).await {
            Ok(session) => session,
            Err(error) => {
                // Shown as signed out; the session is not lost.
                tracing::warn!(error = ?error, "session unreadable");
                None
            }
        };
        Ok(Ctx {
            lang,
            set_cookie: i18n::query_lang(parts.uri.query()).is_some(),
            path: parts.uri.path().to_owned(),
            query: parts.uri.query().map(str::to_owned),
            headers: parts.headers.clone(),
            session,
        })
    }
}

/// A path segment that must be a positive number (a round, a start
/// number); anything else is `None`, never a panic.
pub(crate) fn positive(text: &str) -> Option<u32> {
    text.parse::<u32>().ok().filter(|n| *n >= 1)
}

/// The board of a game's position: the chess board, or the Xiangqi board
/// (`coordinates` is the chess board's a–h, 1–8).
pub(crate) fn board_svg(game: crate::engine::GameKind, fen: &str, coordinates: bool) -> String {
    match game {
        crate::engine::GameKind::Chess => board::svg(fen, coordinates),
        crate::engine::GameKind::Xiangqi => xiangqi_board::svg(fen),
    }
}
