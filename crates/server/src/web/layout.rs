//! The one page frame: `<head>` (CSS, print header), the header with the
//! site and the event's name, the tournament nav, the language switch on
//! every page, the footer; `?screen` hall mode (large type, high contrast,
//! the page rotates by itself).

use maud::{DOCTYPE, Markup, PreEscaped, html};

use super::assets;
use super::{Ctx, Lang};

/// Which tournament tab a page is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Tab {
    None,
    Overview,
    Players,
    Pairings,
    Standings,
    /// A team event's team standings (issue 22).
    TeamStandings,
    /// A team event's team crosstable.
    TeamCrosstable,
    Crosstable,
}

/// What a page tells its frame.
pub(crate) struct Frame<'a> {
    pub title: &'a str,
    /// The tournament: id, name, latest paired round.
    pub event: Option<(&'a str, &'a str, u32)>,
    pub tab: Tab,
    /// In `?screen` mode: where to go next.
    pub next_screen: Option<String>,
    /// Load the live script (game pages).
    pub live: bool,
    /// Reload every so many seconds (a round whose results are still coming;
    /// only without JavaScript when the page is `live`).
    pub reload: Option<u32>,
    /// A console page: its module script (an asset name), loaded after
    /// `auth.js`, with `console.css`.
    pub console: Option<&'a str>,
    /// The session's CSRF token, put in `<meta name="csrf-token">` for the
    /// console's scripts to send as `X-CSRF-Token` (set once sessions
    /// exist; API tokens need none).
    pub csrf_token: Option<&'a str>,
    /// A team event: the nav has the team standings tab.
    pub teams: bool,
}

impl<'a> Frame<'a> {
    pub fn plain(title: &'a str) -> Frame<'a> {
        Frame {
            title,
            event: None,
            tab: Tab::None,
            next_screen: None,
            live: false,
            reload: None,
            console: None,
            csrf_token: None,
            teams: false,
        }
    }

    pub fn event(title: &'a str, id: &'a str, name: &'a str, rounds: u32, tab: Tab) -> Frame<'a> {
        Frame {
            title,
            event: Some((id, name, rounds)),
            tab,
            next_screen: None,
            live: false,
            reload: None,
            console: None,
            csrf_token: None,
            teams: false,
        }
    }

    /// The frame of a team event (`teams`) or not.
    pub fn with_teams(mut self, teams: bool) -> Frame<'a> {
        self.teams = teams;
        self
    }
}

/// `path?query` with `lang` set to `lang` (the switch link).
fn with_lang(ctx: &Ctx, lang: Lang) -> String {
    let mut parts: Vec<String> = ctx
        .query
        .as_deref()
        .unwrap_or("")
        .split('&')
        .filter(|p| !p.is_empty() && p.split('=').next() != Some("lang"))
        .map(str::to_owned)
        .collect();
    parts.push(format!("lang={}", lang.param()));
    format!("{}?{}", ctx.path, parts.join("&"))
}

/// The whole page around `body`.
pub(crate) fn frame(ctx: &Ctx, frame: &Frame<'_>, body: Markup) -> Markup {
    let lang = ctx.lang;
    let screen = ctx.screen();
    let site = lang.t("site-name");
    let full_title = match frame.event {
        Some((_, name, _)) => format!("{} · {name} · {site}", frame.title),
        None => format!("{} · {site}", frame.title),
    };
    html! {
        (DOCTYPE)
        html lang=(lang.code()) {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                title { (full_title) }
                link rel="stylesheet" href=(assets::url("style.css"));
                @if let (Some(seconds), Some(next)) = (screen, &frame.next_screen) {
                    // The script moves on (and pauses on a key or a tap);
                    // without it, a refresh does.
                    noscript { meta http-equiv="refresh" content=(format!("{seconds};url={next}")); }
                    script src=(assets::url("screen.js")) defer {}
                } @else if let Some(seconds) = frame.reload {
                    @if frame.live {
                        // The script follows the page live; without it, reload.
                        noscript { meta http-equiv="refresh" content=(seconds); }
                    } @else {
                        meta http-equiv="refresh" content=(seconds);
                    }
                }
                @if frame.live {
                    script src=(assets::url("live.js")) defer {}
                }
                @if let Some(token) = frame.csrf_token {
                    meta name="csrf-token" content=(token);
                }
                @if let Some(script) = frame.console {
                    link rel="stylesheet" href=(assets::url("console.css"));
                    script type="importmap" { (PreEscaped(assets::import_map())) }
                    script type="module" src=(assets::url(script)) {}
                }
            }
            body class=[screen.map(|_| "screen")]
                data-next=[screen.and(frame.next_screen.as_deref())]
                data-seconds=[screen.filter(|_| frame.next_screen.is_some())]
                data-paused=[screen.map(|_| lang.t("screen-paused"))] {
                header.site {
                    div.bar {
                        a.brand href="/" { (site) }
                        @if let Some((id, name, _)) = frame.event {
                            a.event-name href=(format!("/t/{id}")) { (name) }
                        }
                        span.spacer {}
                        (account_corner(ctx))
                        a.lang-switch href=(with_lang(ctx, lang.other())) hreflang=(lang.other().code())
                            lang=(lang.other().code()) { (lang.t("lang-switch")) }
                    }
                    @if let Some((id, _, rounds)) = frame.event {
                        nav.tabs aria-label=(lang.t("nav-label")) {
                            (tab(frame.tab == Tab::Overview, &format!("/t/{id}"), lang.t("nav-overview")))
                            (tab(frame.tab == Tab::Players, &format!("/t/{id}/players"), lang.t("nav-players")))
                            @if rounds > 0 {
                                (tab(frame.tab == Tab::Pairings, &format!("/t/{id}/rounds/{rounds}"), lang.t("nav-pairings")))
                            }
                            (tab(frame.tab == Tab::Standings, &format!("/t/{id}/standings"), lang.t("nav-standings")))
                            @if frame.teams {
                                (tab(frame.tab == Tab::TeamStandings, &format!("/t/{id}/team-standings"), lang.t("nav-team-standings")))
                                (tab(frame.tab == Tab::TeamCrosstable, &format!("/t/{id}/team-crosstable"), lang.t("nav-team-crosstable")))
                            }
                            (tab(frame.tab == Tab::Crosstable, &format!("/t/{id}/crosstable"), lang.t("nav-crosstable")))
                        }
                    }
                }
                // Printed on every sheet: the event and the page.
                div.print-header {
                    @if let Some((_, name, _)) = frame.event { strong { (name) } " — " }
                    (frame.title)
                }
                main { (PreEscaped(body.into_string())) }
                footer.site {
                    span { (lang.t("footer-text")) }
                    " · "
                    a href="/api/v1/openapi.json" { (lang.t("footer-api")) }
                    @if screen.is_none() {
                        " · "
                        a href=(format!("{}?screen", ctx.path)) { (lang.t("screen-mode")) }
                    }
                }
            }
        }
    }
}

/// The header's account corner: "Sign in", or "Signed in as NAME", the
/// account link and the sign-out form (with the session's CSRF token).
fn account_corner(ctx: &Ctx) -> Markup {
    let lang = ctx.lang;
    html! {
        @if let Some(session) = &ctx.session {
            @if let Some(user) = session.user() {
                span.who #signed-in { (lang.tr("signed-in-as", &[("name", &user.name)])) }
                a.account-link href="/account" { (lang.t("account-link")) }
            } @else if let Some(tablet) = session.tablet() {
                span.who #signed-in { (tablet_title(lang, tablet)) }
                a.account-link href="/tablet" { (lang.t("tablet-boards-link")) }
            }
            form.inline method="post" action="/signout" {
                input type="hidden" name="csrf" value=(session.csrf);
                button.link #sign-out type="submit" { (lang.t("signout")) }
            }
        } @else {
            a.signin-link #sign-in href="/signin" { (lang.t("signin")) }
        }
    }
}

fn tab(active: bool, href: &str, label: &str) -> Markup {
    html! {
        a href=(href) class=[active.then_some("active")] aria-current=[active.then_some("page")] { (label) }
    }
}

/// Text that is already HTML (an SVG drawn by `board`).
pub(crate) fn raw(text: String) -> PreEscaped<String> {
    PreEscaped(text)
}

/// How the page header names a signed-in tablet: its label, or its boards.
pub(crate) fn tablet_title(lang: Lang, tablet: &crate::auth::Tablet) -> String {
    let name = tablet
        .label
        .clone()
        .unwrap_or_else(|| boards_list(&tablet.boards));
    lang.tr("tablet-signed-in", &[("name", &name)])
}

/// Board numbers as a person reads them: `1, 3, 4`.
pub(crate) fn boards_list(boards: &[i64]) -> String {
    boards
        .iter()
        .map(i64::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}
