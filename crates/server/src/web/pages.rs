//! The tournament pages: events, a tournament's home, players, a round's
//! pairings, standings with the working of every tie-break value, the
//! crosstable (Swiss) or Berger table (round robin) and the player card.
//! Each handler reads through `data`, builds the page and hands it to the
//! frame; none computes a standing, a tie-break or a pairing itself.

use axum::extract::rejection::PathRejection;
use axum::extract::{Path, State};
use axum::response::{IntoResponse, Response};
use maud::{Markup, html};
use tournament::model::{Colour, Outcome, System};
use tournament::standings::{CrosstableCell, RoundKind, Standings};

use super::data::{self, Event, PageError};
use super::layout::{Frame, Tab, frame};
use super::{Ctx, Lang, Scope, positive};
use crate::AppState;

type One = Result<Path<String>, PathRejection>;
type Two = Result<Path<(String, String)>, PathRejection>;

pub(super) async fn load(state: &AppState, id: &str) -> Result<Event, PageError> {
    data::event(state, id)
        .await
        .map_err(|e| PageError::from_api(e, "what-tournament"))
}

fn system_name(lang: Lang, system: &str) -> &'static str {
    match system {
        "swiss-dutch" => lang.t("system-swiss-dutch"),
        "round-robin" => lang.t("system-round-robin"),
        "double-round-robin" => lang.t("system-double-round-robin"),
        _ => "",
    }
}

fn bye_name(lang: Lang, kind: &str) -> &'static str {
    match kind {
        "pairing_allocated" => lang.t("bye-pairing_allocated"),
        "full" => lang.t("bye-full"),
        "half" => lang.t("bye-half"),
        "zero" => lang.t("bye-zero"),
        _ => lang.t("bye-absent"),
    }
}

/// Where a tournament stands: no round paired, all rounds paired and
/// every result in, or in between.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    Current,
    Upcoming,
    Finished,
}

fn phase(event: &Event) -> Phase {
    let paired = event.rounds_paired();
    if paired == 0 {
        Phase::Upcoming
    } else if paired >= event.model.planned_rounds && event.all_results_in() {
        Phase::Finished
    } else {
        Phase::Current
    }
}

/// `GET /`: the events on this server.
pub(crate) async fn index(State(state): State<AppState>, ctx: Ctx) -> Response {
    ctx.cached(&state, Scope::Events, async {
        let events = data::events(&state)
            .await
            .map_err(|e| PageError::from_api(e, "what-page"))?;
        let lang = ctx.lang;
        let title = lang.t("events-title");
        let section = |phase_wanted: Phase, heading: &str| {
            let list: Vec<&Event> = events.iter().filter(|e| phase(e) == phase_wanted).collect();
            html! {
                section.events {
                    h2 { (heading) }
                    @if list.is_empty() {
                        p.muted { (lang.t("events-none")) }
                    } @else {
                        div.cards {
                            @for e in &list {
                                @let t = &e.loaded.tournament;
                                div.card {
                                    h3 { a href=(format!("/t/{}", t.id)) { (t.name) } }
                                    p.muted {
                                        (lang.tr("events-summary", &[
                                            ("players", &e.loaded.players.len()),
                                            ("system", &system_name(lang, &t.system)),
                                            ("paired", &e.rounds_paired()),
                                            ("rounds", &t.rounds),
                                        ]))
                                    }
                                }
                            }
                        }
                    }
                }
            }
        };
        Ok::<Markup, PageError>(frame(
            &ctx,
            &Frame::plain(title),
            html! {
                h1 { (title) }
                p.muted { (lang.t("site-tagline")) }
                (section(Phase::Current, lang.t("events-current")))
                (section(Phase::Upcoming, lang.t("events-upcoming")))
                (section(Phase::Finished, lang.t("events-finished")))
            },
        ))
    })
    .await
}

/// The dates of an event: its rounds' scheduled starts, else the day it
/// was created.
fn dates(event: &Event) -> String {
    let e = &event.loaded.tournament.event;
    match (e.start_date.as_deref(), e.end_date.as_deref()) {
        (Some(first), Some(last)) if first != last => return format!("{first} – {last}"),
        (Some(day), _) | (None, Some(day)) => return day.to_owned(),
        (None, None) => {}
    }
    let days: Vec<&str> = event
        .loaded
        .starts
        .values()
        .flatten()
        .filter_map(|s| s.get(..10))
        .collect();
    match (days.iter().min(), days.iter().max()) {
        (Some(first), Some(last)) if first != last => format!("{first} – {last}"),
        (Some(first), _) => (*first).to_owned(),
        _ => event
            .loaded
            .tournament
            .created_at
            .get(..10)
            .unwrap_or("")
            .to_owned(),
    }
}

/// `GET /t/{id}`: a tournament's home.
pub(crate) async fn home(State(state): State<AppState>, ctx: Ctx, path: One) -> Response {
    let Ok(Path(id)) = path else {
        return ctx.error(&PageError::NotFound("what-tournament"));
    };
    ctx.cached(&state, Scope::Tournament(&id), async {
        let event = load(&state, &id).await?;
        let lang = ctx.lang;
        let t = &event.loaded.tournament;
        let paired = event.rounds_paired();
        let tiebreaks: Vec<String> =
            tournament::standings::StandingsOptions::for_tournament(&event.model)
                .map(|o| o.tiebreaks.iter().map(|t| t.label.clone()).collect())
                .unwrap_or_default();
        let place = match (&t.event.place, &t.event.federation) {
            (Some(place), Some(fed)) => Some(format!("{place} ({fed})")),
            (Some(place), None) => Some(place.clone()),
            (None, fed) => fed.clone(),
        };
        let s = &event.model.scoring;
        let not_set = lang.t("t-not-set");
        let body = html! {
            h1 { (t.name) }
            div.card {
                dl.facts {
                    dt { (lang.t("t-dates")) } dd { (dates(&event)) }
                    dt { (lang.t("t-place")) } dd { (place.as_deref().unwrap_or(not_set)) }
                    @if let Some(arbiter) = &t.event.chief_arbiter {
                        dt { (lang.t("t-chief-arbiter")) } dd { (arbiter) }
                    }
                    dt { (lang.t("t-system")) } dd { (system_name(lang, &t.system)) }
                    dt { (lang.t("t-rounds")) } dd { (lang.tr("t-rounds-value", &[("paired", &paired), ("rounds", &t.rounds)])) }
                    dt { (lang.t("t-time-control")) } dd { code { (t.time_control.as_deref().unwrap_or(not_set)) } }
                    dt { (lang.t("t-regulations")) } dd { code { (t.regulations) } }
                    dt { (lang.t("t-tiebreaks")) } dd {
                        @for (i, tb) in tiebreaks.iter().enumerate() {
                            span.tag { (i + 1) ". " (tb) }
                        }
                    }
                    dt { (lang.t("t-scoring")) } dd { (lang.tr("t-scoring-value", &[("win", &s.win_white), ("draw", &s.draw_white), ("loss", &s.loss_white)])) }
                    dt { (lang.t("t-players")) } dd { (event.loaded.players.len()) }
                }
            }
            h2 { (lang.t("nav-rounds")) }
            @if paired == 0 {
                p.muted { (lang.tr("round-not-paired", &[("n", &1)])) }
            } @else {
                ul.links {
                    @for n in 1..=paired {
                        li {
                            a href=(format!("/t/{id}/rounds/{n}")) { (lang.tr("t-round-n", &[("n", &n)])) }
                            " · "
                            a href=(format!("/t/{id}/rounds/{n}.pgn")) { (lang.tr("t-round-pgn", &[("n", &n)])) }
                        }
                    }
                }
            }
            h2 { (lang.t("t-links")) }
            ul.links {
                li { a href=(format!("/t/{id}/standings")) { (lang.t("nav-standings")) } }
                li { a href=(format!("/t/{id}/crosstable")) { (lang.t("nav-crosstable")) } }
                li { a href=(format!("/api/v1/tournaments/{id}/export/pgn")) { (lang.t("t-pgn-all")) } }
                li { a href=(format!("/api/v1/tournaments/{id}/export/trf")) { (lang.t("t-trf")) } }
            }
        };
        Ok::<Markup, PageError>(frame(
            &ctx,
            &event_frame(lang.t("nav-overview"), &id, &event, Tab::Overview),
            body,
        ))
    })
    .await
}

fn player_status(lang: Lang, p: &crate::store::players::PlayerRow) -> Markup {
    html! {
        @if let Some(r) = p.withdrawn_from {
            span.tag { (lang.tr("status-withdrawn", &[("round", &(r - 1).max(0))])) }
        }
        @if let Some(r) = p.joins_at {
            span.tag { (lang.tr("status-late", &[("round", &r)])) }
        }
        @for (round, kind) in &p.requested_byes {
            span.tag { (lang.tr("status-bye-request", &[("round", round), ("kind", &bye_name(lang, kind))])) }
        }
    }
}

pub(super) fn name_cell(id: &str, p: &crate::store::players::PlayerRow) -> Markup {
    html! {
        @if let Some(title) = &p.details.title { span.title { (title) } }
        a href=(format!("/t/{id}/players/{}", p.start_number)) { (p.name) }
    }
}

/// `GET /t/{id}/players`: the players by start number.
pub(crate) async fn players(State(state): State<AppState>, ctx: Ctx, path: One) -> Response {
    let Ok(Path(id)) = path else {
        return ctx.error(&PageError::NotFound("what-tournament"));
    };
    ctx.cached(&state, Scope::Tournament(&id), async {
        let event = load(&state, &id).await?;
        let lang = ctx.lang;
        let title = lang.t("players-title");
        let body = html! {
            h1 { (title) }
            @if event.loaded.players.is_empty() {
                p.muted { (lang.t("players-none")) }
            } @else {
                div.table-wrap { table.players {
                    thead { tr {
                        th.num { (lang.t("col-start-no")) }
                        th { (lang.t("col-name")) }
                        th.num { (lang.t("col-rating")) }
                        th { (lang.t("col-federation")) }
                        th { (lang.t("col-club")) }
                        th { (lang.t("col-status")) }
                    } }
                    tbody {
                        @for p in &event.loaded.players {
                            tr {
                                td.num { (p.start_number) }
                                td { (name_cell(&id, p)) }
                                td.num { @if let Some(r) = p.details.rating { (r) } }
                                td { (p.details.federation.as_deref().unwrap_or("")) }
                                td { (p.details.club.as_deref().unwrap_or("")) }
                                td { (player_status(lang, p)) }
                            }
                        }
                    }
                } }
            }
        };
        Ok::<Markup, PageError>(frame(
            &ctx,
            &event_frame(title, &id, &event, Tab::Players),
            body,
        ))
    })
    .await
}

/// The frame of one of `event`'s pages: its name, its rounds and, for a
/// team event, the team tabs.
pub(super) fn event_frame<'a>(
    title: &'a str,
    id: &'a str,
    event: &'a Event,
    tab: Tab,
) -> Frame<'a> {
    Frame::event(
        title,
        id,
        &event.loaded.tournament.name,
        event.rounds_paired(),
        tab,
    )
    .with_teams(event.loaded.tournament.teams.is_some())
}

/// Round `n` of `event` from its path segment, or 404.
pub(super) fn round_number(event: &Event, n: &str) -> Result<u32, PageError> {
    positive(n)
        .filter(|n| *n <= event.rounds_paired())
        .ok_or(PageError::NotFound("what-round"))
}

/// `GET /t/{id}/rounds/{n}`: the pairings of round `n` with points before
/// the round and results as they come; `{n}.pgn` is the round's live PGN.
pub(crate) async fn round(State(state): State<AppState>, ctx: Ctx, path: Two) -> Response {
    let Ok(Path((id, n))) = path else {
        return ctx.error(&PageError::NotFound("what-round"));
    };
    if let Some(number) = n.strip_suffix(".pgn") {
        return round_pgn(&state, &ctx, &id, number).await;
    }
    ctx.cached(&state, round_scope(&id, &n), async {
        let event = load(&state, &id).await?;
        let paired = event.rounds_paired();
        let n = round_number(&event, &n)?;
        let lang = ctx.lang;
        let t = &event.loaded.tournament;
        let title = lang.tr("round-title", &[("n", &n)]);
        let starts = event.loaded.starts.get(&i64::from(n)).cloned().flatten();
        let live = round_live(&state, &ctx, &event, &id, n).await?;
        let body = html! {
            div.round-links {
                @for r in 1..=paired {
                    a href=(format!("/t/{id}/rounds/{r}")) class=[(r == n).then_some("active")] { (r) }
                }
            }
            h1 { (title) }
            @if let Some(s) = &starts {
                p.muted { (lang.tr("round-starts", &[("time", &s.replace('T', " ").trim_end_matches('Z'))])) }
            }
            @if t.teams.is_some() {
                p.team-matches-link { a href=(format!("/t/{id}/rounds/{n}/matches")) { (lang.t("team-matches-link")) } }
            }
            (live)
            div.pager {
                span { @if n > 1 { a href=(format!("/t/{id}/rounds/{}", n - 1)) { (lang.tr("round-prev", &[("n", &(n - 1))])) } } }
                a href=(format!("/t/{id}/rounds/{n}.pgn")) { (lang.tr("t-round-pgn", &[("n", &n)])) }
                span { @if n < paired { a href=(format!("/t/{id}/rounds/{}", n + 1)) { (lang.tr("round-next", &[("n", &(n + 1))])) } } }
            }
        };
        let mut f = event_frame(&title, &id, &event, Tab::Pairings);
        let open = event
            .loaded
            .boards
            .iter()
            .any(|b| b.round == i64::from(n) && b.result.is_none());
        if open {
            // Followed live by the script; reloaded without it.
            f.live = true;
            f.reload = Some(30);
        }
        f.next_screen = Some(screen_next(&ctx, &format!("/t/{id}/standings")));
        Ok::<Markup, PageError>(frame(&ctx, &f, body))
    })
    .await
}

/// The live part of a round's page: pairings with results, byes with their
/// points and the recorded games drawn small. `data-stream` names the
/// round's change notices, `data-fragment` this part alone, which the
/// script re-fetches on each notice.
async fn round_live(
    state: &AppState,
    ctx: &Ctx,
    event: &Event,
    id: &str,
    n: u32,
) -> Result<Markup, PageError> {
    let lang = ctx.lang;
    let before = |player_id: &str| {
        let sn = event.loaded.start_number(player_id);
        event.model.score_after(sn, n - 1)
    };
    let side = |player_id: &str| match event.loaded.player(player_id) {
        Some(p) => html! {
            (name_cell(id, p))
            span.pts { "(" (before(player_id)) ")" }
        },
        None => html! {},
    };
    let boards: Vec<_> = event
        .loaded
        .boards
        .iter()
        .filter(|b| b.round == i64::from(n))
        .collect();
    let byes: Vec<_> = event
        .loaded
        .byes
        .iter()
        .filter(|b| b.round == i64::from(n))
        .collect();
    let games = data::round_games(state, event, i64::from(n))
        .await
        .map_err(|e| PageError::from_api(e, "what-round"))?;
    Ok(html! {
        div #round-live data-stream=(format!("/t/{id}/rounds/{n}/stream"))
            data-fragment=(format!("/t/{id}/rounds/{n}/live?lang={}", lang.param())) {
            @if boards.is_empty() {
                p.muted { (lang.t("round-no-boards")) }
            } @else {
                div.table-wrap { table.pairings {
                    thead { tr {
                        th.num { (lang.t("col-board")) }
                        th { (lang.t("col-white")) }
                        th.center { (lang.t("col-result")) }
                        th { (lang.t("col-black")) }
                        th.no-print {}
                    } }
                    tbody {
                        @for b in &boards {
                            tr {
                                td.num { (b.board) }
                                td { (side(&b.white_id)) }
                                td.result { (result_cell(lang, event, b.result.as_deref())) }
                                td { (side(&b.black_id)) }
                                td.no-print { a href=(format!("/games/{}", b.game_id)) { (lang.t("round-live-link")) } }
                            }
                        }
                    }
                } }
            }
            @if !byes.is_empty() {
                h2 { (lang.t("round-byes")) }
                div.table-wrap { table.byes {
                    tbody {
                        @for b in &byes {
                            tr {
                                td { @if let Some(p) = event.loaded.player(&b.player_id) { (name_cell(id, p)) } }
                                td { (bye_name(lang, &b.kind)) }
                                td.result { (bye_points(event, &b.kind)) }
                            }
                        }
                    }
                } }
            }
            @if !games.is_empty() {
                h2.no-print { (lang.t("round-boards")) }
                div.minis.no-print {
                    @for (number, g) in &games {
                        a.mini href=(format!("/games/{}", g.row.id)) {
                            div { strong { (number) } " · " (g.row.white) " – " (g.row.black) }
                            (super::layout::raw(super::board_svg(
                                g.row.game,
                                g.view.get("fen").and_then(serde_json::Value::as_str).unwrap_or(""),
                                false,
                            )))
                            div.muted { (super::game::caption(lang, &g.view)) }
                        }
                    }
                }
            }
        }
    })
}

/// Points as a score sheet writes them: `1`, `½`, `0`, `2½` (other
/// fractions of custom scorings in tenths: `0.3`).
fn points_text(points: tournament::model::Points) -> String {
    let tenths = points.tenths();
    match (tenths / 10, tenths % 10) {
        (whole, 0) => whole.to_string(),
        (0, 5) => "½".to_owned(),
        (whole, 5) => format!("{whole}½"),
        _ => points.to_string(),
    }
}

/// A bye's points under the tournament's scoring (empty for a kind the
/// page does not know, which loading the tournament already refuses).
fn bye_points(event: &Event, kind: &str) -> String {
    crate::store::model::bye_kind(kind)
        .map(|kind| points_text(event.model.scoring.bye(kind)))
        .unwrap_or_default()
}

/// A board's result: `1-0`, `½-½`, `–` while none; a forfeit shows the
/// points each side scores for it (`1 – 0`) and says it was a forfeit.
fn result_cell(lang: Lang, event: &Event, result: Option<&str>) -> Markup {
    let scoring = &event.model.scoring;
    let (win, loss) = (
        points_text(scoring.forfeit_win),
        points_text(scoring.forfeit_loss),
    );
    let forfeit = match result {
        Some("+-") => Some((win, loss)),
        Some("-+") => Some((loss, win)),
        Some("--") => Some((loss.clone(), loss)),
        _ => None,
    };
    match forfeit {
        Some((white, black)) => html! {
            (white) " – " (black) " " span.muted { (lang.t("result-forfeit")) }
        },
        None => html! { (result.map_or("–".to_owned(), |r| r.replace("1/2", "½"))) },
    }
}

/// `GET /t/{id}/rounds/{n}/live`: the round's live part alone.
pub(crate) async fn round_fragment(State(state): State<AppState>, ctx: Ctx, path: Two) -> Response {
    let Ok(Path((id, n))) = path else {
        return ctx.error(&PageError::NotFound("what-round"));
    };
    let render = async {
        let event = load(&state, &id).await?;
        let n = round_number(&event, &n)?;
        round_live(&state, &ctx, &event, &id, n)
            .await
            .map(Markup::into_string)
    };
    let scope = round_scope(&id, &n);
    ctx.cached_as(&state, scope, super::HTML, false, render)
        .await
}

/// The scope of round `n`'s pages (uncached when `n` is no round number).
fn round_scope<'a>(id: &'a str, n: &str) -> Scope<'a> {
    let number = n.strip_suffix(".pgn").unwrap_or(n);
    positive(number).map_or(Scope::Uncached, |n| Scope::Round(id, i64::from(n)))
}

/// `GET /t/{id}/rounds/{n}/stream`: Server-Sent Events telling the round
/// page that something on the round changed (a move or other event in one
/// of its games, a result entered by an arbiter, a board's annulled game
/// replayed by a new one).
pub(crate) async fn round_stream(State(state): State<AppState>, ctx: Ctx, path: Two) -> Response {
    let result = async {
        let Ok(Path((id, n))) = path else {
            return Err(PageError::NotFound("what-round"));
        };
        let event = load(&state, &id).await?;
        let n = round_number(&event, &n)?;
        let mut topics: Vec<std::sync::Arc<str>> = event
            .loaded
            .boards
            .iter()
            .filter(|b| b.round == i64::from(n))
            .map(|b| std::sync::Arc::from(b.game_id.as_str()))
            .collect();
        topics.push(crate::live::stream::round_topic(&id, i64::from(n)));
        Ok((topics, id, i64::from(n)))
    }
    .await;
    match result {
        Ok((topics, id, n)) => {
            crate::live::stream::round_sse(&state, &id, n, topics).into_response()
        }
        Err(e) => ctx.error(&e),
    }
}

/// The next page of the hall-screen rotation, keeping `?screen=<seconds>`.
pub(super) fn screen_next(ctx: &Ctx, path: &str) -> String {
    match ctx.param("screen").filter(|s| !s.is_empty()) {
        Some(s) if s.bytes().all(|b| b.is_ascii_digit()) => format!("{path}?screen={s}"),
        _ => format!("{path}?screen"),
    }
}

/// The live PGN's content type.
const PGN: &str = "application/x-chess-pgn; charset=utf-8";

async fn round_pgn(state: &AppState, ctx: &Ctx, id: &str, number: &str) -> Response {
    let render = async {
        let event = load(state, id).await?;
        let n = positive(number)
            .filter(|n| *n <= event.rounds_paired())
            .ok_or(PageError::NotFound("what-round"))?;
        data::round_pgn(state, &event, i64::from(n))
            .await
            .map_err(|e| PageError::from_api(e, "what-round"))
    };
    ctx.cached_as(state, round_scope(id, number), PGN, false, render)
        .await
}

/// `after=n` of the standings and crosstable: a paired round, else 400.
fn after(ctx: &Ctx, paired: u32) -> Result<Option<u32>, PageError> {
    match ctx.param("after") {
        None => Ok(None),
        Some(text) => positive(&text)
            .filter(|n| *n <= paired)
            .map(Some)
            .ok_or(PageError::BadRequest("what-after")),
    }
}

/// One tie-break value with its working: the rounds that make it, cut
/// ones struck through, virtual opponents named.
fn working(lang: Lang, score: &tournament::standings::TiebreakScore) -> Markup {
    let value = score
        .value
        .map_or_else(|| "—".to_owned(), |v| v.to_string());
    if score.contributions.is_empty() {
        return html! { (value) };
    }
    let title: Vec<String> = score
        .contributions
        .iter()
        .map(|c| format!("R{} {}", c.round, c.value))
        .collect();
    html! {
        details.working {
            summary title=(title.join(" + ")) { (value) }
            ul {
                li.hint { (lang.t("standings-working")) }
                @for c in &score.contributions {
                    li class=[c.cut.then_some("cut")] {
                        (lang.t("col-round")) " " (c.round) ": "
                        @if c.substitute { (lang.t("standings-dummy")) }
                        @else if let Some(o) = c.opponent { "#" (o) }
                        @else { "–" }
                        " → " (c.value.to_string())
                        @if c.cut { " (" (lang.t("standings-cut")) ")" }
                        @if c.vur { " · " (lang.t("standings-vur")) }
                    }
                }
            }
        }
    }
}

fn after_links(ctx: &Ctx, path: &str, paired: u32, current: u32) -> Markup {
    html! {
        div.round-links {
            span.muted { (ctx.lang.t("standings-after")) }
            @for r in 1..=paired {
                a href=(format!("{path}?after={r}")) class=[(r == current).then_some("active")] { (r) }
            }
        }
    }
}

/// `GET /t/{id}/standings?after=n`.
pub(crate) async fn standings(State(state): State<AppState>, ctx: Ctx, path: One) -> Response {
    let Ok(Path(id)) = path else {
        return ctx.error(&PageError::NotFound("what-tournament"));
    };
    ctx.cached(&state, Scope::Tournament(&id), async {
        let event = load(&state, &id).await?;
        let paired = event.rounds_paired();
        let after = after(&ctx, paired)?;
        let lang = ctx.lang;
        let st = data::standings(&event, after)?;
        let title = if st.rounds == 0 {
            lang.t("nav-standings").to_owned()
        } else {
            lang.tr("standings-title", &[("n", &st.rounds)])
        };
        let body = html! {
            @if paired > 0 { (after_links(&ctx, &format!("/t/{id}/standings"), paired, st.rounds)) }
            h1 { (title) }
            @if st.rounds == 0 { p.muted { (lang.t("standings-none")) } }
            div.table-wrap { table.standings {
                thead { tr {
                    th.num { (lang.t("col-place")) }
                    th.num { (lang.t("col-start-no")) }
                    th { (lang.t("col-name")) }
                    th.num { (lang.t("col-rating")) }
                    th.num { (lang.t("col-points")) }
                    @for tb in &st.tiebreaks { th.num title=(tb.label) { (tb.label) } }
                } }
                tbody {
                    @for row in &st.rows {
                        @let p = event.loaded.players.iter().find(|p| p.start_number == i64::from(row.start_number));
                        tr {
                            td.num title=[(row.rank != row.rank_to).then(|| lang.t("standings-shared"))] {
                                (row.place_label())
                                @if row.decided_by_lot { " *" }
                            }
                            td.num { (row.start_number) }
                            td { @if let Some(p) = p { (name_cell(&id, p)) } @else { (row.name) } }
                            td.num { @if let Some(r) = p.and_then(|p| p.details.rating) { (r) } }
                            td.num { strong { (row.points) } }
                            @for score in &row.tiebreaks { td.num { (working(lang, score)) } }
                        }
                    }
                }
            } }
        };
        let mut f = event_frame(&title, &id, &event, Tab::Standings);
        if paired > 0 {
            f.next_screen = Some(screen_next(&ctx, &format!("/t/{id}/rounds/{paired}")));
        }
        Ok::<Markup, PageError>(frame(&ctx, &f, body))
    })
    .await
}

/// A crosstable cell's class: won, lost or other.
fn cell_class(kind: RoundKind) -> Option<&'static str> {
    match kind {
        RoundKind::Game {
            outcome: Outcome::Win,
            ..
        }
        | RoundKind::ForfeitWin { .. } => Some("w1"),
        RoundKind::Game {
            outcome: Outcome::Loss,
            ..
        }
        | RoundKind::ForfeitLoss { .. } => Some("w0"),
        _ => None,
    }
}

/// The result against one opponent in the Berger table (`1`, `½`, `0`,
/// `+`, `-`; `*` not played yet).
fn berger_result(kind: RoundKind) -> Option<(u32, &'static str)> {
    match kind {
        RoundKind::Game {
            opponent, outcome, ..
        } => Some((
            opponent,
            match outcome {
                Outcome::Win => "1",
                Outcome::Draw => "½",
                Outcome::Loss => "0",
                Outcome::ForfeitWin => "+",
                Outcome::ForfeitLoss => "-",
                Outcome::NotPlayed => "*",
            },
        )),
        RoundKind::ForfeitWin { opponent, .. } => Some((opponent, "+")),
        RoundKind::ForfeitLoss { opponent, .. } => Some((opponent, "-")),
        RoundKind::Bye(_) => None,
    }
}

fn swiss_table(ctx: &Ctx, id: &str, st: &Standings) -> Markup {
    let lang = ctx.lang;
    let rows = tournament::standings::crosstable(st);
    html! {
        div.table-wrap { table.cross {
            thead { tr {
                th.num { (lang.t("col-place")) }
                th.num { (lang.t("col-start-no")) }
                th.name { (lang.t("col-name")) }
                @for r in 1..=st.rounds { th { (lang.t("col-round")) " " (r) } }
                th.num { (lang.t("col-points")) }
            } }
            tbody {
                @for row in &rows {
                    tr {
                        td.num { (row.place) }
                        td.num { (row.start_number) }
                        td.name { a href=(format!("/t/{id}/players/{}", row.start_number)) { (row.name) } }
                        @for cell in &row.cells {
                            td class=[cell_class(cell.kind)] title=(format!("{} → {}", cell.points, cell.running)) {
                                (CrosstableCell::notation(cell))
                            }
                        }
                        td.num { strong { (row.points) } }
                    }
                }
            }
        } }
        p.muted { (lang.t("crosstable-legend")) }
    }
}

fn berger_table(ctx: &Ctx, id: &str, st: &Standings) -> Markup {
    let lang = ctx.lang;
    let mut order: Vec<&tournament::standings::StandingRow> = st.rows.iter().collect();
    order.sort_by_key(|r| r.start_number);
    html! {
        div.table-wrap { table.cross.berger {
            thead { tr {
                th.num { (lang.t("col-no")) }
                th.name { (lang.t("col-name")) }
                @for r in &order { th { (r.start_number) } }
                th.num { (lang.t("col-points")) }
                th.num { (lang.t("col-place")) }
            } }
            tbody {
                @for row in &order {
                    @let results: Vec<(u32, &str, RoundKind)> = st.rounds_of(row.start_number).iter()
                        .filter_map(|e| berger_result(e.kind).map(|(o, r)| (o, r, e.kind))).collect();
                    tr {
                        td.num { (row.start_number) }
                        td.name { a href=(format!("/t/{id}/players/{}", row.start_number)) { (row.name) } }
                        @for col in &order {
                            @if col.start_number == row.start_number {
                                td class="self" {}
                            } @else {
                                @let mine: Vec<&(u32, &str, RoundKind)> = results.iter().filter(|(o, _, _)| *o == col.start_number).collect();
                                td class=[mine.first().and_then(|m| cell_class(m.2))] {
                                    @for (i, m) in mine.iter().enumerate() {
                                        @if i > 0 { " " }
                                        (m.1)
                                    }
                                }
                            }
                        }
                        td.num { strong { (row.points) } }
                        td.num { (row.place_label()) }
                    }
                }
            }
        } }
    }
}

/// `GET /t/{id}/crosstable?after=n`: Swiss round by round, round robin as
/// the Berger table.
pub(crate) async fn crosstable(State(state): State<AppState>, ctx: Ctx, path: One) -> Response {
    let Ok(Path(id)) = path else {
        return ctx.error(&PageError::NotFound("what-tournament"));
    };
    ctx.cached(&state, Scope::Tournament(&id), async {
        let event = load(&state, &id).await?;
        let paired = event.rounds_paired();
        let after = after(&ctx, paired)?;
        let lang = ctx.lang;
        let st = data::standings(&event, after)?;
        let swiss = event.model.system == System::Swiss;
        let title = if swiss {
            lang.t("crosstable-title")
        } else {
            lang.t("crosstable-berger")
        };
        let body = html! {
            @if paired > 0 { (after_links(&ctx, &format!("/t/{id}/crosstable"), paired, st.rounds)) }
            h1 { (title) }
            @if swiss { (swiss_table(&ctx, &id, &st)) } @else { (berger_table(&ctx, &id, &st)) }
        };
        Ok::<Markup, PageError>(frame(
            &ctx,
            &event_frame(title, &id, &event, Tab::Crosstable),
            body,
        ))
    })
    .await
}

/// `GET /t/{id}/players/{start_no}`: a player's card.
pub(crate) async fn player_card(State(state): State<AppState>, ctx: Ctx, path: Two) -> Response {
    let Ok(Path((id, sn))) = path else {
        return ctx.error(&PageError::NotFound("what-player"));
    };
    ctx.cached(&state, Scope::Tournament(&id), async {
        let event = load(&state, &id).await?;
        let lang = ctx.lang;
        let sn = positive(&sn).ok_or(PageError::NotFound("what-player"))?;
        let player = event
            .loaded
            .players
            .iter()
            .find(|p| p.start_number == i64::from(sn))
            .ok_or(PageError::NotFound("what-player"))?;
        let st = data::standings(&event, None)?;
        let row = st.row(sn);
        let ratings = data::ratings(&event);
        let rating = ratings.iter().find(|r| r.start_number == sn);
        let grades = data::grades(&event);
        let grade = grades.iter().find(|g| g.start_number == sn);
        let opponent = |o: u32| event.loaded.players.iter().find(|p| p.start_number == i64::from(o));
        let game_of = |round: u32| {
            event
                .loaded
                .boards
                .iter()
                .find(|b| {
                    b.round == i64::from(round)
                        && (b.white_id == player.id || b.black_id == player.id)
                })
                .map(|b| b.game_id.clone())
        };
        let body = html! {
            h1 {
                @if let Some(title) = &player.details.title { span.title { (title) } }
                (player.name)
            }
            div.card {
                dl.facts {
                    dt { (lang.t("col-start-no")) } dd { (player.start_number) }
                    @if let Some(r) = player.details.rating { dt { (lang.t("col-rating")) } dd { (r) } }
                    @if let Some(f) = &player.details.federation { dt { (lang.t("col-federation")) } dd { (f) } }
                    @if let Some(c) = &player.details.club { dt { (lang.t("col-club")) } dd { (c) } }
                    @if let Some(row) = row {
                        dt { (lang.t("col-place")) } dd { (row.place_label()) }
                        dt { (lang.t("col-points")) } dd { strong { (row.points) } }
                    }
                    @if let Some(perf) = rating.and_then(|r| r.performance) {
                        dt { (lang.t("card-performance")) } dd { (perf) }
                    }
                    @if let Some(change) = rating.and_then(|r| r.change.as_ref()) {
                        dt { (lang.t("card-rating-change")) } dd { (format!("{:+}", change.change)) }
                        dt { (lang.t("card-k")) } dd { (change.k) }
                        dt { (lang.t("card-expected")) } dd { (format!("{:.2}", change.expected_hundredths as f64 / 100.0)) }
                    }
                    @if let Some(g) = grade {
                        dt { (lang.t("card-grade-points")) } dd { (g.before) " → " (g.after) }
                    }
                    @let status = player_status(lang, player);
                    @if !status.0.is_empty() { dt { (lang.t("col-status")) } dd { (status) } }
                }
            }
            h2 { (lang.t("card-games")) }
            @let entries = st.rounds_of(sn);
            @if entries.is_empty() {
                p.muted { (lang.t("card-none")) }
            } @else {
                div.table-wrap { table.card-games {
                    thead { tr {
                        th.num { (lang.t("col-round")) }
                        th { (lang.t("col-colour")) }
                        th { (lang.t("col-opponent")) }
                        th.num { (lang.t("col-rating")) }
                        th.center { (lang.t("col-result")) }
                        th.num { (lang.t("col-points")) }
                        th.no-print {}
                    } }
                    tbody {
                        @for e in entries {
                            @let (opp, colour) = match e.kind {
                                RoundKind::Game { opponent, colour, .. }
                                | RoundKind::ForfeitWin { opponent, colour }
                                | RoundKind::ForfeitLoss { opponent, colour } => (Some(opponent), Some(colour)),
                                RoundKind::Bye(_) => (None, None),
                            };
                            tr {
                                td.num { (e.round) }
                                td { @match colour {
                                    Some(Colour::White) => { (lang.t("colour-white")) }
                                    Some(Colour::Black) => { (lang.t("colour-black")) }
                                    None => {}
                                } }
                                td {
                                    @if let Some(p) = opp.and_then(opponent) { (name_cell(&id, p)) }
                                    @else if let RoundKind::Bye(kind) = e.kind { (bye_name(lang, crate::store::model::bye_text(kind))) }
                                }
                                td.num { @if let Some(r) = opp.and_then(opponent).and_then(|p| p.details.rating) { (r) } }
                                td.result class=[cell_class(e.kind)] { (CrosstableCell { round: e.round, kind: e.kind, points: e.points, running: e.running }.notation()) }
                                td.num { (e.running) }
                                td.no-print { @if let Some(g) = opp.and_then(|_| game_of(e.round)) { a href=(format!("/games/{g}")) { (lang.t("col-game")) } } }
                            }
                        }
                    }
                } }
            }
        };
        Ok::<Markup, PageError>(frame(
            &ctx,
            &event_frame(&player.name, &id, &event, Tab::Players),
            body,
        ))
    })
    .await
}

/// Any other path under `/t/{id}/`: a 404 page.
pub(crate) async fn not_found(ctx: Ctx) -> Response {
    ctx.error(&PageError::NotFound("what-page"))
}
