//! Board tablets in the browser (issue 21): the arbiter's page that makes
//! links for chosen boards of a round (with their QR codes, through the
//! API's `/tournaments/{id}/tablet-links`), the link a tablet opens, and
//! the tablet's own page listing its boards. The rules are in
//! `crate::http::tablets`; this module only lays them out.

use axum::extract::rejection::PathRejection;
use axum::extract::{Path, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use maud::html;

use super::pages::shell;
use crate::auth::{accounts, tablets};
use crate::state::AppState;
use crate::web::{Ctx, PageError, data, positive};

/// An answer nobody may keep: it signs a browser in, or is personal.
fn private(mut response: Response) -> Response {
    let headers = response.headers_mut();
    headers.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("private, no-store"),
    );
    // The link's secret is in the URL: never sent on as a referrer.
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    response
}

fn see_other(to: &str) -> Response {
    match HeaderValue::from_str(to) {
        Ok(location) => (StatusCode::SEE_OTHER, [(header::LOCATION, location)]).into_response(),
        Err(_) => StatusCode::INTERNAL_SERVER_ERROR.into_response(),
    }
}

/// `GET /tablet/{secret}`: signs the tablet in (a tablet session, the
/// browser's previous session ended) and sends it to the recording screen
/// of its board's game, or to its boards' page when it has several (or
/// its round has no such board any more). An unknown or revoked link: 404
/// in the reader's language.
pub(crate) async fn redeem(
    State(state): State<AppState>,
    ctx: Ctx,
    path: Result<Path<String>, PathRejection>,
) -> Response {
    let Ok(Path(secret)) = path else {
        return private(ctx.error(&PageError::NotFound("what-tablet-link")));
    };
    let previous = accounts::cookie(&ctx.headers, accounts::SESSION_COOKIE);
    let redeemed = match tablets::redeem(&state, &secret, previous).await {
        Ok(Some(redeemed)) => redeemed,
        Ok(None) => return private(ctx.error(&PageError::NotFound("what-tablet-link"))),
        Err(e) => return private(ctx.error(&PageError::from_api(e, "what-tablet-link"))),
    };
    let to = match crate::app::tablets::games_of(&state, &redeemed.tablet).await {
        Ok((_, games)) if redeemed.tablet.boards.len() == 1 && games.len() == 1 => {
            format!("/console/games/{}", games[0].1)
        }
        _ => "/tablet".to_owned(),
    };
    let mut response = see_other(&to);
    response.headers_mut().append(
        header::SET_COOKIE,
        accounts::session_cookie(&state, &ctx.headers, &redeemed.token),
    );
    private(response)
}

/// `GET /tablet`: a signed-in tablet's boards, each linking to the
/// recording screen of its game.
pub(crate) async fn boards(State(state): State<AppState>, ctx: Ctx) -> Response {
    let lang = ctx.lang;
    let Some(tablet) = ctx.session.as_ref().and_then(|s| s.tablet()).cloned() else {
        let title = lang.t("tablet-none-title");
        let body = html! {
            h1 { (title) }
            p { (lang.t("tablet-none")) }
        };
        return private(ctx.answer(Ok(shell(&ctx, title, None, "i18n.js", body))));
    };
    let (round, games) = match crate::app::tablets::games_of(&state, &tablet).await {
        Ok(games) => games,
        Err(e) => return private(ctx.error(&PageError::from_api(e, "what-tablet-link"))),
    };
    let event = match data::event(&state, &tablet.tournament_id).await {
        Ok(event) => event,
        Err(e) => return private(ctx.error(&PageError::from_api(e, "what-tournament"))),
    };
    let t = &event.loaded.tournament;
    let name = |pid: &str| {
        event
            .loaded
            .player(pid)
            .map_or("", |p| p.name.as_str())
            .to_owned()
    };
    let title = crate::web::layout::tablet_title(lang, &tablet);
    let body = html! {
        div #tablet {
            h1 { (title) }
            p.muted {
                (t.name) " · " (lang.tr("round-title", &[("n", &round)]))
                " · " (lang.tr("tablet-boards", &[("boards", &crate::web::layout::boards_list(&tablet.boards))]))
            }
            @if games.is_empty() {
                p.muted { (lang.t("tablet-no-games")) }
            }
            div.cards {
                @for (board, game) in &games {
                    @let row = event.loaded.boards.iter().find(|b| b.round == round && b.board == *board);
                    a.card.tablet-board href=(format!("/console/games/{game}")) data-board=(board) {
                        h2 { (lang.tr("tablet-board", &[("board", board)])) }
                        @if let Some(row) = row {
                            p { (name(&row.white_id)) " – " (name(&row.black_id)) }
                            @if let Some(result) = &row.result {
                                p.muted { (crate::web::words::result_text(lang, result)) }
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
        0,
        super::pages::fide_marker(t),
    ));
    private(ctx.answer(Ok(shell(&ctx, &title, frame_event, "i18n.js", body))))
}

/// `GET /console/tournaments/{id}/rounds/{n}/tablets`: the arbiter picks
/// boards of the round and gets a link and its QR code; the tournament's
/// links, each revocable. The script does it all through the API.
pub(crate) async fn manage(
    State(state): State<AppState>,
    ctx: Ctx,
    path: Result<Path<(String, String)>, PathRejection>,
) -> Response {
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
    let title = lang.tr("console-tablets-title", &[("n", &n)]);
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
        div #tablets data-tournament=(t.id) data-round=(n) {
            h1 { (title) }
            div.round-links {
                @for r in 1..=event.rounds_paired() {
                    a href=(format!("/console/tournaments/{}/rounds/{r}/tablets", t.id))
                        class=[(r == n).then_some("active")] { (lang.tr("round-title", &[("n", &r)])) }
                }
                a href=(format!("/console/tournaments/{}/rounds/{n}/results", t.id)) { (lang.t("console-results-link")) }
            }
            p.hint { (lang.t("console-tablets-hint")) }
            form.card #tablet-form {
                fieldset {
                    legend { (lang.t("console-tablets-boards")) }
                    div.board-picks {
                        @for b in &boards {
                            label.board-pick {
                                input type="checkbox" name="board" value=(b.board);
                                " " (lang.tr("tablet-board", &[("board", &b.board)]))
                                " · " (name(&b.white_id)) " – " (name(&b.black_id))
                            }
                        }
                    }
                }
                label for="tablet-label" { (lang.t("console-tablets-label")) }
                div.row {
                    input #tablet-label name="label" type="text" maxlength="200" autocomplete="off";
                    label.every-round {
                        input #tablet-every-round type="checkbox" name="every_round";
                        " " (lang.t("console-tablets-every-round"))
                    }
                    button.primary type="submit" { (lang.t("console-tablets-create")) }
                }
                p #tablet-status role="status" {}
            }
            section.card #tablet-new hidden {
                h2 { (lang.t("console-tablets-new")) }
                p.hint { (lang.t("console-tablets-new-hint")) }
                p { a #tablet-url href="#" rel="noreferrer" {} }
                div #tablet-qr.qr {}
            }
            h2 { (lang.t("console-tablets-list")) }
            div.table-wrap tabindex="0" {
                table #tablet-links {
                    thead { tr {
                        th { (lang.t("console-tablets-col-label")) }
                        th.num { (lang.t("console-tablets-col-round")) }
                        th { (lang.t("console-tablets-col-boards")) }
                        th { (lang.t("console-tablets-col-created")) }
                        th { (lang.t("console-tablets-col-state")) }
                    } }
                    tbody {}
                }
            }
        }
    };
    let frame_event = Some((
        t.id.as_str(),
        t.name.as_str(),
        event.rounds_paired(),
        super::pages::fide_marker(t),
    ));
    private(ctx.answer(Ok(shell(&ctx, &title, frame_event, "tablets.js", body))))
}
