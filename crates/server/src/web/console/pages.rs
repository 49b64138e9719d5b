//! The console's pages: server-rendered shells in the public pages' frame
//! whose scripts do the work through the API. Each page carries the
//! messages its script shows (`console-*` and the rulings' `code-*` from
//! the catalogues) as JSON in `<script type="application/json">`, so the
//! scripts speak the reader's language without a catalogue of their own.

use axum::extract::rejection::PathRejection;
use axum::extract::{Path, State};
use axum::response::Response;
use maud::{Markup, PreEscaped, html};

use crate::engine::GameKind;
use crate::state::AppState;
use crate::web::data;
use crate::web::layout::{Frame, Tab, frame};
use crate::web::{Ctx, Lang, PageError, board_svg, positive};

/// The catalogue prefixes the console's scripts read.
const SCRIPT_MESSAGES: &[&str] = &["console-", "code-", "colour-", "game-status-"];

/// The messages of `lang` the scripts read, as JSON safe inside a
/// `<script>` element.
fn messages(lang: Lang) -> PreEscaped<String> {
    let map: serde_json::Map<String, serde_json::Value> = SCRIPT_MESSAGES
        .iter()
        .flat_map(|prefix| lang.with_prefix(prefix))
        .map(|(k, v)| (k.to_owned(), serde_json::Value::from(v)))
        .collect();
    let text = serde_json::Value::Object(map).to_string();
    PreEscaped(text.replace("</", "<\\/"))
}

/// The event a console page belongs to: its id, name, rounds paired, and
/// whether it is in FIDE mode (`None` for a Xiangqi event, which never is).
pub(super) type EventOf<'a> = Option<(&'a str, &'a str, u32, Option<bool>)>;

/// Whether `t` is in FIDE mode, as the console's marker shows it: `None`
/// for a Xiangqi event.
pub(super) fn fide_marker(t: &crate::app::tournaments::TournamentRow) -> Option<bool> {
    (t.game == GameKind::Chess).then_some(t.fide_mode)
}

/// The permanent marker of an event's FIDE mode on its console pages
/// (VCL4THP.13 Q46): in it, or left (final).
fn fide_mode_marker(ctx: &Ctx, fide_mode: Option<bool>) -> Markup {
    let lang = ctx.lang;
    html! {
        @match fide_mode {
            Some(true) => p.fide-mode.on #fide-mode data-fide-mode="on" title=(lang.t("console-fide-mode-on-hint")) {
                strong { (lang.t("console-fide-mode-on")) }
            },
            Some(false) => p.fide-mode.off #fide-mode data-fide-mode="off" role="note" {
                strong { (lang.t("console-fide-mode-off")) } " " (lang.t("console-fide-mode-off-hint"))
            },
            None => {}
        }
    }
}

/// The parts every console page shares: the messages, the event's FIDE
/// mode marker and the page's module script.
pub(super) fn shell(
    ctx: &Ctx,
    title: &str,
    event: EventOf<'_>,
    script: &str,
    body: Markup,
) -> Markup {
    let mut f = match event {
        Some((id, name, rounds, _)) => Frame::event(title, id, name, rounds, Tab::None),
        None => Frame::plain(title),
    };
    let marker = fide_mode_marker(ctx, event.and_then(|e| e.3));
    f.console = Some(script);
    // A signed-in reader's scripts send the session's CSRF token with every
    // write (`X-CSRF-Token`, checked by `auth` for cookie requests).
    f.csrf_token = ctx.session.as_ref().map(|s| s.csrf.as_str());
    frame(
        ctx,
        &f,
        html! {
            script #console-messages type="application/json" { (messages(ctx.lang)) }
            (marker)
            (PreEscaped(body.into_string()))
        },
    )
}

/// `GET /console`: use an API token, then choose a round or a game.
pub(crate) async fn entry(State(state): State<AppState>, ctx: Ctx) -> Response {
    let lang = ctx.lang;
    // Whether the reader may manage each event: the API's own permission
    // check for the signed-in user (a reader with a token only sees them all).
    let actor = ctx
        .session
        .as_ref()
        .map(crate::auth::accounts::Session::actor);
    let events: Vec<(String, String, u32, bool)> = match data::events(&state).await {
        Ok(events) => events
            .iter()
            .map(|e| {
                let t = &e.loaded.tournament;
                let mine = actor.as_ref().is_some_and(|a| {
                    a.may(
                        crate::auth::Permission::Manage,
                        &t.id,
                        t.owner_token.as_deref(),
                    )
                });
                (t.id.clone(), t.name.clone(), e.rounds_paired(), mine)
            })
            .collect(),
        Err(e) => return ctx.error(&PageError::from_api(e, "what-page")),
    };
    let mine: Vec<_> = events.iter().filter(|e| e.3).collect();
    let title = lang.t("console-title");
    let body = html! {
        h1 { (title) }
        section.card #token-card {
            h2 { (lang.t("console-token-title")) }
            p.hint { (lang.t("console-token-hint")) }
            form #token-form autocomplete="off" {
                label for="token" { (lang.t("console-token-label")) }
                div.row {
                    input #token name="token" type="password" autocomplete="off" spellcheck="false";
                    button type="submit" { (lang.t("console-token-use")) }
                    button #token-forget type="button" { (lang.t("console-token-forget")) }
                }
            }
            p #token-status role="status" {}
        }
        section.card {
            h2 { (lang.t("console-open-game")) }
            form #game-form {
                label for="game-id" { (lang.t("console-game-id")) }
                div.row {
                    input #game-id name="game" type="text" spellcheck="false";
                    button type="submit" { (lang.t("console-open")) }
                }
            }
        }
        section.card #my-events {
            h2 { (lang.t("console-my-events")) }
            @if actor.is_none() {
                p.muted { (lang.t("console-my-events-signed-out")) " " a href="/signin" { (lang.t("signin")) } }
            } @else if mine.is_empty() {
                p.muted { (lang.t("console-my-events-none")) }
            }
            ul.event-list {
                @for (id, name, _, _) in &mine {
                    li { a href=(format!("/console/tournaments/{id}")) { (name) } }
                }
            }
            div.row { a.button.primary #new-tournament href="/console/tournaments/new" { (lang.t("console-new-title")) } " " a.button #registry-link href="/console/registry" { (lang.t("console-registry-title")) } }
        }
        h2 { (lang.t("console-events")) }
        @if events.is_empty() {
            p.muted { (lang.t("events-none")) }
        }
        div.cards {
            @for (id, name, paired, _) in &events {
                div.card {
                    h3 { a href=(format!("/console/tournaments/{id}")) { (name) } }
                    @if *paired == 0 {
                        p.muted { (lang.tr("round-not-paired", &[("n", &1)])) }
                    }
                    div.round-links {
                        @for n in 1..=*paired {
                            a href=(format!("/console/tournaments/{id}/rounds/{n}/results")) {
                                (lang.tr("round-title", &[("n", &n)]))
                            }
                        }
                    }
                }
            }
        }
    };
    ctx.answer(Ok(shell(&ctx, title, None, "entry.js", body)))
}

type One = Result<Path<String>, PathRejection>;
type Round = Result<Path<(String, String)>, PathRejection>;

/// `GET /console/games/{id}`: the recording screen of one game.
pub(crate) async fn recording(State(state): State<AppState>, ctx: Ctx, path: One) -> Response {
    let Ok(Path(id)) = path else {
        return ctx.error(&PageError::NotFound("what-game"));
    };
    let row = match crate::app::game_rows::load_game(state.db().pool(), &id).await {
        Ok(row) => row,
        Err(e) => return ctx.error(&PageError::from_api(e, "what-game")),
    };
    let lang = ctx.lang;
    let xiangqi = row.game == GameKind::Xiangqi;
    let title = lang.tr(
        "console-record-title",
        &[("white", &row.white), ("black", &row.black)],
    );
    let kind = if xiangqi { "xiangqi" } else { "chess" };
    let (first, first_name) = if xiangqi {
        ("red", "colour-red")
    } else {
        ("white", "colour-white")
    };
    let clock = |colour: &str, label: &str, name: &str| {
        html! {
            div.clock data-colour=(colour) {
                div.who { (lang.t(label)) " · " (name) }
                div.time { "–" }
            }
        }
    };
    let body = html! {
        div #recording data-game=(row.id) data-kind=(kind) {
            h1 { (title) }
            @if let (Some(t), Some(r), Some(b)) = (&row.tournament_id, row.round, row.board) {
                p.muted {
                    (lang.tr("game-round-board", &[("round", &r), ("board", &b)]))
                    " · "
                    @if ctx.session.as_ref().is_some_and(|s| s.tablet().is_some()) {
                        a href="/tablet" { (lang.t("tablet-boards-link")) }
                    } @else {
                        a href=(format!("/console/tournaments/{t}/rounds/{r}/results")) { (lang.t("console-results-link")) }
                    }
                    " · "
                    a href=(format!("/games/{}", row.id)) { (lang.t("console-public-page")) }
                }
            }
            div #notice role="alert" hidden {}
            div.recording {
                div.board-side {
                    div.clocks {
                        (clock("black", "colour-black", &row.black))
                    }
                    div #board class=(format!("console-board {kind}")) {
                        (PreEscaped(board_svg(row.game, "", true)))
                        div.squares {}
                    }
                    div.clocks {
                        (clock(first, first_name, &row.white))
                    }
                    div #promotion hidden {
                        span { (lang.t("console-promote")) }
                        @for (role, label) in [("q", "console-queen"), ("r", "console-rook"), ("b", "console-bishop"), ("n", "console-knight")] {
                            button type="button" data-role=(role) { (lang.t(label)) }
                        }
                        button type="button" data-role="" { (lang.t("console-cancel")) }
                    }
                }
                div.panel {
                    p #status-line {}
                    p #pending-line {}
                    div #selected-line.muted {}
                    section #actions {}
                    h2 { (lang.t("console-rulings")) }
                    ol #rulings {}
                    h2 { (lang.t("game-moves")) }
                    ol #moves.moves {}
                }
            }
        }
    };
    let fide_mode = match row.tournament_id.as_deref() {
        Some(id) => crate::app::tournaments::load_tournament(state.db().pool(), id)
            .await
            .ok()
            .and_then(|t| fide_marker(&t)),
        None => None,
    };
    let frame_event = row
        .tournament_id
        .as_deref()
        .zip(row.tournament_name.as_deref())
        .map(|(id, name)| (id, name, 0, fide_mode));
    ctx.answer(Ok(shell(&ctx, &title, frame_event, "recording.js", body)))
}

/// `GET /console/tournaments/{id}/rounds/{n}/results`: the results of a
/// round by keyboard, with the audit of corrections and the boards' live
/// state.
pub(crate) async fn results(State(state): State<AppState>, ctx: Ctx, path: Round) -> Response {
    let Ok(Path((id, n))) = path else {
        return ctx.error(&PageError::NotFound("what-round"));
    };
    let event = match data::event(&state, &id).await {
        Ok(event) => event,
        Err(e) => return ctx.error(&PageError::from_api(e, "what-tournament")),
    };
    let Some(n) = positive(&n).filter(|n| *n <= event.rounds_paired()) else {
        return ctx.error(&PageError::NotFound("what-round"));
    };
    let lang = ctx.lang;
    let t = &event.loaded.tournament;
    let title = lang.tr("console-results-title", &[("n", &n)]);
    let name = |pid: &str| {
        event
            .loaded
            .player(pid)
            .map_or("", |p| p.name.as_str())
            .to_owned()
    };
    let boards: Vec<_> = event
        .loaded
        .boards
        .iter()
        .filter(|b| b.round == i64::from(n))
        .collect();
    let body = html! {
        div #results data-tournament=(t.id) data-round=(n) {
            h1 { (title) }
            div.round-links {
                @for r in 1..=event.rounds_paired() {
                    a href=(format!("/console/tournaments/{}/rounds/{r}/results", t.id))
                        class=[(r == n).then_some("active")] { (lang.tr("round-title", &[("n", &r)])) }
                }
                a href=(format!("/t/{}/standings", t.id)) { (lang.t("nav-standings")) }
                a #tablets-link href=(format!("/console/tournaments/{}/rounds/{n}/tablets", t.id)) { (lang.t("console-tablets-link")) }
            }
            section.card.entry {
                label for="entry" { (lang.t("console-entry-label")) }
                input #entry type="text" inputmode="numeric" autocomplete="off" spellcheck="false";
                p.hint { (lang.t(if event.loaded.tournament.game == GameKind::Xiangqi {
                    "console-entry-hint-xiangqi"
                } else {
                    "console-entry-hint"
                })) }
                label for="entry-reason" { (lang.t("console-reason-label")) }
                input #entry-reason type="text" maxlength="500" autocomplete="off";
                p.hint { (lang.t("console-reason-hint")) }
                p #entry-status role="status" {}
            }
            div.table-wrap tabindex="0" {
                table #boards {
                    thead { tr {
                        th.num { (lang.t("col-board")) }
                        th { (lang.t(event.first_side_keys().0)) }
                        th { (lang.t("col-black")) }
                        th.center { (lang.t("col-result")) }
                        th { (lang.t("console-live")) }
                        th { (lang.t("console-audit")) }
                    } }
                    tbody {
                        @for b in &boards {
                            tr data-board=(b.board) data-game=(b.game_id) {
                                td.num { (b.board) }
                                td { (name(&b.white_id)) }
                                td { (name(&b.black_id)) }
                                td.result {
                                    (b.result.as_deref().map(|r| crate::web::words::result_text(lang, r)).unwrap_or_default())
                                    @if let Some(rating) = &b.rating_result {
                                        " (" (lang.tr("console-rating-only", &[("result", &rating.replace("1/2", "½"))])) ")"
                                    }
                                }
                                td.live {
                                    a href=(format!("/console/games/{}", b.game_id)) { (lang.t("console-record")) }
                                    " " span.state {}
                                }
                                td.audit {}
                            }
                        }
                    }
                }
            }
            section.card.paper-links aria-labelledby="paper-heading" {
                h2 #paper-heading { (lang.t("paper-print")) }
                ul {
                    @for (doc, key) in [("scoresheets", "paper-scoresheets"), ("slips", "paper-slips"), ("wallchart", "paper-wallchart")] {
                        li {
                            (lang.t(key)) ": "
                            @for size in ["a4", "a5"] {
                                " "
                                a.paper href=(format!("/t/{}/rounds/{n}/paper/{doc}?size={size}&lang={}", t.id, lang.param()))
                                    target="_blank" rel="noopener" { (size.to_uppercase()) }
                            }
                        }
                    }
                }
            }
        }
    };
    let frame_event = Some((
        t.id.as_str(),
        t.name.as_str(),
        event.rounds_paired(),
        fide_marker(t),
    ));
    ctx.answer(Ok(shell(&ctx, &title, frame_event, "results.js", body)))
}
