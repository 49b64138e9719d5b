//! The tournament pages: events, a tournament's home, players, a round's
//! pairings (the tables — standings, crosstable, player card — are in
//! `tables`). Each handler reads through `data`, builds the page and hands it to the
//! frame; none computes a standing, a tie-break or a pairing itself.

use axum::extract::rejection::PathRejection;
use axum::extract::{Path, State};
use axum::response::{IntoResponse, Response};
use maud::{Markup, html};

use super::data::{self, Event, PageError};
use super::layout::{Frame, Tab, frame};
use super::{Ctx, Lang, Scope, positive};
use crate::state::AppState;

pub(super) type One = Result<Path<String>, PathRejection>;
pub(super) type Two = Result<Path<(String, String)>, PathRejection>;

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

pub(super) fn bye_name(lang: Lang, kind: &str) -> &'static str {
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
    } else if paired >= event.rounds_planned().unwrap_or(0) && event.all_results_in() {
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
                                        @match e.rounds_planned() {
                                            Some(rounds) => (lang.tr("events-summary", &[
                                                ("players", &e.loaded.players.len()),
                                                ("system", &system_name(lang, &t.system)),
                                                ("paired", &e.rounds_paired()),
                                                ("rounds", &rounds),
                                            ])),
                                            None => (lang.tr("events-summary-open", &[
                                                ("players", &e.loaded.players.len()),
                                                ("system", &system_name(lang, &t.system)),
                                                ("paired", &e.rounds_paired()),
                                            ])),
                                        }
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
        let tiebreaks: Vec<(String, String)> =
            tournament::standings::StandingsOptions::for_tournament(&event.model)
                .map(|o| {
                    o.tiebreaks
                        .iter()
                        .map(|t| (t.label.clone(), super::words::tiebreak_name(lang, t)))
                        .collect()
                })
                .unwrap_or_default();
        let place = match (&t.event.place, &t.event.federation) {
            (Some(place), Some(fed)) => Some(format!("{place} ({fed})")),
            (Some(place), None) => Some(place.clone()),
            (None, fed) => fed.clone(),
        };
        let s = &event.model.scoring;
        // While an adjourned game withholds the final TRF (Q169), the link
        // gives the in-tournament file, and says so.
        let in_progress = !crate::app::reports::final_trf_withheld_by(&event.loaded).is_empty();
        let trf_query = if in_progress { "?in_progress=true" } else { "" };
        // The acceleration's rules, printable (VCL4THP.13 Q108): what is
        // added to whom in which round, for pairing only.
        let acceleration = tournament::dutch::acceleration_schedule(&event.model)
            .ok()
            .filter(|table| !table.is_empty());
        let accelerated_rounds = acceleration
            .as_ref()
            .and_then(|table| table.values().map(Vec::len).max())
            .unwrap_or(0);
        let how = if event.model.pairing.baku && event.model.pairing.accelerations.is_empty() {
            "t-acceleration-baku"
        } else {
            "t-acceleration-explicit"
        };
        // A team event: how its teams are ranked (VCL4THP.13 and C.07).
        let teams = t.teams.as_ref().map(|settings| {
            let system = crate::app::team_rounds::team_system(&t.system);
            let tiebreaks = crate::app::team_standings::team_tiebreaks(&event.loaded, system)
                .map(|list| list.into_iter().map(|tb| tb.label).collect::<Vec<_>>())
                .unwrap_or_default();
            // What a PAB scores, as the standings count it.
            let bye = crate::store::model::to_team_event(settings, &[], t.scoring.to_model())
                .scoring
                .pairing_allocated_bye;
            (settings, tiebreaks, bye)
        });
        let body = html! {
            h1 { (t.name) }
            div.card {
                dl.facts {
                    dt { (lang.t("t-dates")) } dd { (dates(&event)) }
                    @if let Some(place) = place.as_deref() {
                        dt { (lang.t("t-place")) } dd { (place) }
                    }
                    @if let Some(arbiter) = &t.event.chief_arbiter {
                        dt { (lang.t("t-chief-arbiter")) } dd { (arbiter) }
                    }
                    dt { (lang.t("t-system")) } dd { (system_name(lang, &t.system)) }
                    dt { (lang.t("t-rounds")) } dd { @match event.rounds_planned() {
                        Some(rounds) => (lang.tr("t-rounds-value", &[("paired", &paired), ("rounds", &rounds)])),
                        None => (lang.tr("t-rounds-value-open", &[("paired", &paired)])),
                    } }
                    @if let Some(tag) = t.time_control.as_deref() {
                        @if let Some(words) = super::words::time_control(lang, tag) {
                            dt { (lang.t("t-time-control")) } dd title=(tag) { (words) }
                        }
                    }
                    dt { (lang.t("t-regulations")) } dd { (super::words::profile_name(lang, &t.regulations)) }
                    @if let Some((settings, team_tiebreaks, bye)) = &teams {
                        @let mp = settings.match_points.as_ref();
                        @let mp_value = |v: Option<f64>, default: f64| super::team_pages::points(v.unwrap_or(default));
                        dt { (lang.t("t-team-boards")) } dd { (settings.boards) }
                        dt { (lang.t("t-team-ranking")) } dd {
                            @if settings.ranking == Some(crate::model::teams::Ranking::GamePoints) {
                                (lang.t("t-team-ranking-game"))
                            } @else {
                                (lang.tr("t-team-ranking-match", &[
                                    ("win", &mp_value(mp.map(|m| m.win.0), 2.0)),
                                    ("draw", &mp_value(mp.map(|m| m.draw.0), 1.0)),
                                    ("loss", &mp_value(mp.map(|m| m.loss.0), 0.0)),
                                ]))
                            }
                        }
                        dt { (lang.t("t-team-tiebreaks")) } dd {
                            @for (i, code) in team_tiebreaks.iter().enumerate() {
                                span.tag title=(super::words::team_tiebreak_name(lang, code)) { (i + 1) ". " (code) }
                            }
                        }
                        // Only a Swiss has a pairing-allocated bye: a round
                        // robin's team out sits the round out.
                        @if t.system == "swiss-dutch" {
                            dt { (lang.t("t-team-bye")) } dd #team-bye {
                                (lang.tr("t-team-bye-value", &[
                                    ("mp", &super::team_pages::points(bye.match_points.as_f64())),
                                    ("gp", &super::team_pages::points(bye.game_points.as_f64())),
                                ]))
                            }
                        }
                    }
                    // In a team event these rank the players' own standings
                    // and score each board's game: said so, after the teams'.
                    dt { (lang.t(if teams.is_some() { "t-tiebreaks-players" } else { "t-tiebreaks" })) } dd {
                        @for (i, (code, name)) in tiebreaks.iter().enumerate() {
                            span.tag title=(name) { (i + 1) ". " (code) }
                        }
                    }
                    dt { (lang.t(if teams.is_some() { "t-scoring-games" } else { "t-scoring" })) } dd { (lang.tr("t-scoring-value", &[("win", &s.win_white), ("draw", &s.draw_white), ("loss", &s.loss_white)])) }
                    dt { (lang.t("t-players")) } dd { (event.loaded.players.len()) }
                }
            }
            @if let Some(table) = &acceleration {
                h2 { (lang.t("t-acceleration")) }
                p { (lang.t(how)) }
                div.table-wrap tabindex="0" {
                    table.acceleration {
                        thead { tr {
                            th.num { (lang.t("col-no")) }
                            th { (lang.t("col-name")) }
                            @for n in 1..=accelerated_rounds {
                                th.num { (lang.tr("t-round-short", &[("n", &n)])) }
                            }
                        } }
                        tbody {
                            @for (sn, points) in table {
                                tr {
                                    td.num { (sn) }
                                    td { (event.loaded.players.iter().find(|p| p.start_number == i64::from(*sn)).map_or("", |p| p.name.as_str())) }
                                    @for n in 0..accelerated_rounds {
                                        td.num { (points.get(n).copied().unwrap_or_default()) }
                                    }
                                }
                            }
                        }
                    }
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
                @if teams.is_some() {
                    li { a href=(format!("/t/{id}/team-standings")) { (lang.t("nav-team-standings")) } }
                    li { a href=(format!("/t/{id}/team-crosstable")) { (lang.t("nav-team-crosstable")) } }
                }
                li { a href=(format!("/t/{id}/standings")) { (lang.t("nav-standings")) } }
                li { a href=(format!("/t/{id}/crosstable")) { (lang.t("nav-crosstable")) } }
                li { a href=(format!("/api/v1/tournaments/{id}/export/pgn")) { (lang.t("t-pgn-all")) } }
                li {
                    a href=(format!("/api/v1/tournaments/{id}/export/trf{trf_query}")) { (lang.t("t-trf2026")) }
                    @if in_progress { " " span.muted { (lang.t("t-trf-in-progress")) } }
                }
                li { a href=(format!("/api/v1/tournaments/{id}/export/trf?edition=trf16")) { (lang.t("t-trf")) } }
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

/// "withdrawn after round k-1" for a withdrawal from round k; "withdrawn
/// before the first round" from round 1.
pub(super) fn withdrawn_text(lang: Lang, from: i64) -> String {
    if from <= 1 {
        lang.t("status-withdrawn-before-start").to_owned()
    } else {
        lang.tr("status-withdrawn", &[("round", &(from - 1))])
    }
}

pub(super) fn player_status(lang: Lang, p: &crate::app::players::PlayerRow) -> Markup {
    html! {
        @if p.details.expelled == Some(true) {
            span.tag.expelled { (lang.t("status-expelled")) }
        }
        @if let Some(r) = p.withdrawn_from {
            span.tag { (withdrawn_text(lang, r)) }
        }
        @if let Some(r) = p.joins_at {
            span.tag { (lang.tr("status-late", &[("round", &r)])) }
        }
        @for (round, kind) in &p.requested_byes {
            span.tag { (lang.tr("status-bye-request", &[("round", round), ("kind", &bye_name(lang, kind))])) }
        }
    }
}

pub(super) fn name_cell(id: &str, p: &crate::app::players::PlayerRow) -> Markup {
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
        // No column for clubs or federations when no player has one: on a
        // phone the status (withdrawn, expelled) and long names need the room.
        let clubs = event
            .loaded
            .players
            .iter()
            .any(|p| p.details.club.is_some());
        let federations = event
            .loaded
            .players
            .iter()
            .any(|p| p.details.federation.is_some());
        // A team event: each player's team, by start number.
        let team_of: std::collections::HashMap<i64, String> =
            match event.loaded.tournament.teams {
                None => std::collections::HashMap::new(),
                Some(_) => {
                    let away = |e: crate::error::ApiError| PageError::from_api(e, "what-tournament");
                    let mut conn = state.db().pool().acquire().await.map_err(|e| away(e.into()))?;
                    crate::store::teams::list(&mut conn, &id)
                        .await
                        .map_err(|e| away(e.into()))?
                        .into_iter()
                        .flat_map(|team| {
                            let name = team.name;
                            team.roster.into_iter().map(move |n| (n, name.clone()))
                        })
                        .collect()
                }
            };
        let teams = event.loaded.tournament.teams.is_some();
        // … nor for the status while every player simply plays on.
        let statuses = event.loaded.players.iter().any(|p| {
            p.details.expelled == Some(true)
                || p.withdrawn_from.is_some()
                || p.joins_at.is_some()
                || !p.requested_byes.is_empty()
        });
        let body = html! {
            h1 { (title) }
            (rating_list_line(lang, &event.loaded.tournament))
            @if event.loaded.players.is_empty() {
                p.muted { (lang.t("players-none")) }
            } @else {
                div.table-wrap tabindex="0" { table.players {
                    thead { tr {
                        th.num { (lang.t("col-start-no")) }
                        th { (lang.t("col-name")) }
                        @if teams { th { (lang.t("team-col-team")) } }
                        th.num { (lang.t("col-rating")) }
                        @if federations { th { (lang.t("col-federation")) } }
                        @if clubs { th { (lang.t("col-club")) } }
                        @if statuses { th { (lang.t("col-status")) } }
                    } }
                    tbody {
                        @for p in &event.loaded.players {
                            tr {
                                td.num { (p.start_number) }
                                td { (name_cell(&id, p)) }
                                @if teams { td { (team_of.get(&p.start_number).map_or("", String::as_str)) } }
                                td.num { @if let Some(r) = p.details.rating { (r) } }
                                @if federations { td { (p.details.federation.as_deref().unwrap_or("")) } }
                                @if clubs { td { (p.details.club.as_deref().unwrap_or("")) } }
                                @if statuses { td.status { (player_status(lang, p)) } }
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
    // A team event: the boards under their matches, with the empty seats
    // and team byes; its players have no byes of their own (a "full" bye
    // is the board an empty seat forfeits, shown in its match).
    let matches = super::team_pages::round_of(state, event, n).await?;
    let byes: Vec<_> = if matches.is_some() { Vec::new() } else { byes };
    // A match whose every seat is empty has no board of its own, yet it
    // is part of the round.
    let has_matches = matches
        .as_ref()
        .is_some_and(|r| r.matches.iter().any(|m| m.second.is_some()));
    let team_byes: Vec<_> = matches
        .iter()
        .flat_map(|r| r.matches.iter().filter(|m| m.second.is_none()))
        .collect();
    let row = |b: &crate::store::rounds::BoardRow| {
        html! {
            tr {
                td.num { (b.board) }
                td { (side(&b.white_id)) }
                td.result { a.game-link href=(format!("/games/{}", b.game_id)) { (result_cell(lang, event, b.result.as_deref())) } }
                td { (side(&b.black_id)) }
                td.no-print.game-col { a href=(format!("/games/{}", b.game_id)) { (lang.t("round-live-link")) } }
            }
        }
    };
    Ok(html! {
        div #round-live data-stream=(format!("/t/{id}/rounds/{n}/stream"))
            data-fragment=(format!("/t/{id}/rounds/{n}/live?lang={}", lang.param())) {
            @if boards.is_empty() && !has_matches {
                p.muted { (lang.t("round-no-boards")) }
            } @else {
                div.table-wrap tabindex="0" { table.pairings {
                    thead { tr {
                        th.num { (lang.t("col-board")) }
                        th { (lang.t(event.first_side_keys().0)) }
                        th.center { (lang.t("col-result")) }
                        th { (lang.t("col-black")) }
                        th.no-print.game-col { span.sr-only { (lang.t("col-game")) } }
                    } }
                    tbody {
                        @match &matches {
                            None => { @for b in &boards { (row(b)) } }
                            Some(round) => {
                                @for m in round.matches.iter().filter(|m| m.second.is_some()) {
                                    tr.match-head { td colspan="5" { (super::team_pages::match_title(lang, m)) } }
                                    @for mb in &m.boards {
                                        @match mb.round_board.and_then(|n| boards.iter().find(|b| b.board == n)) {
                                            Some(b) => (row(b)),
                                            None => (super::team_pages::empty_seat_row(lang, event, m, mb)),
                                        }
                                    }
                                }
                            }
                        }
                    }
                } }
            }
            @if !team_byes.is_empty() {
                h2 { (lang.t("round-byes")) }
                div.table-wrap tabindex="0" { table.byes {
                    tbody {
                        @for m in &team_byes {
                            tr.team-bye {
                                td { (m.first.name) }
                                td { (bye_name(lang, m.bye.as_deref().unwrap_or_default())) }
                                td.result { (lang.tr("team-bye-points", &[
                                    ("mp", &super::team_pages::points(m.first_match_points.unwrap_or_default())),
                                    ("gp", &super::team_pages::points(m.first_game_points)),
                                ])) }
                            }
                        }
                    }
                } }
            }
            @if !byes.is_empty() {
                h2 { (lang.t("round-byes")) }
                div.table-wrap tabindex="0" { table.byes {
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

/// A bye's points under the tournament's scoring (empty for a kind the
/// page does not know, which loading the tournament already refuses).
pub(super) fn bye_points(event: &Event, kind: &str) -> String {
    crate::model::byes::bye_kind(kind)
        .map(|kind| event.model.scoring.bye(kind).written())
        .unwrap_or_default()
}

/// A board's result: `1-0`, `½-½`, `–` while none, an adjourned game in
/// words; a forfeit shows the
/// points each side scores for it (`1 – 0`) and says it was a forfeit.
pub(super) fn result_cell(lang: Lang, event: &Event, result: Option<&str>) -> Markup {
    let scoring = &event.model.scoring;
    let (win, loss) = (
        scoring.forfeit_win.written(),
        scoring.forfeit_loss.written(),
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
        None => html! { (result.map_or("–".to_owned(), |r| super::words::result_text(lang, r))) },
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

/// Any other path under `/t/{id}/`: a 404 page.
pub(crate) async fn not_found(ctx: Ctx) -> Response {
    ctx.error(&PageError::NotFound("what-page"))
}

/// Where the event's ratings come from, as the players lists say it: the
/// chosen list (its name, rating and month), or nothing when entered by hand.
pub(crate) fn rating_list_line(lang: Lang, t: &crate::app::tournaments::TournamentRow) -> Markup {
    match crate::app::rating_source::of(t) {
        Some(s) => html! {
            p.muted #rating-list {
                (lang.tr("players-rating-list", &[
                    ("list", &s.list.to_uppercase()),
                    ("kind", &lang.t(&format!("rating-kind-{}", s.kind.name()))),
                    ("month", &s.month.clone().unwrap_or_else(|| lang.t("players-rating-latest").to_owned())),
                ]))
            }
        },
        None => html! {},
    }
}
