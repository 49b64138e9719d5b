//! The tables of a tournament: standings with the working of every
//! tie-break value, the crosstable (Swiss) or Berger table (round robin),
//! and the player card. Each handler reads through `data`, builds the page
//! and hands it to the frame; none computes a standing or a tie-break.

use axum::extract::State;
use axum::response::Response;
use maud::{Markup, html};
use tournament::model::{Colour, Outcome, System};
use tournament::standings::{CrosstableCell, RoundKind, Standings};

use super::Scope;
use super::data::{self, PageError};
use super::layout::{Tab, frame};
use super::pages::{One, Two, event_frame, load, name_cell};
use super::pages::{bye_name, player_status, screen_next};
use super::{Ctx, Lang, positive};
use crate::state::AppState;
use axum::extract::Path;

/// `after=n` of the standings and crosstable: a paired round, else 400.
pub(super) fn after(ctx: &Ctx, paired: u32) -> Result<Option<u32>, PageError> {
    match ctx.param("after") {
        None => Ok(None),
        Some(text) => positive(&text)
            .filter(|n| *n <= paired)
            .map(Some)
            .ok_or(PageError::BadRequest("what-after")),
    }
}

/// Standings of at most this many players show each tie-break value's
/// working in place; larger ones link each value to the player's card.
const INLINE_WORKING_MAX: usize = 250;

/// A tie-break value as the tables write it (`—` when it has none).
fn value_text(score: &tournament::standings::TiebreakScore) -> String {
    score
        .value
        .map_or_else(|| "—".to_owned(), |v| v.to_string())
}

/// One tie-break value with its working: the rounds that make it, cut
/// ones struck through, virtual opponents named.
fn working(lang: Lang, score: &tournament::standings::TiebreakScore) -> Markup {
    let value = value_text(score);
    if score.contributions.is_empty() {
        return html! { (value) };
    }
    // The working once, in the list (no copy of it in a `title`): a
    // 1,000-player table stays under 100 KB gzipped.
    html! {
        details.working {
            summary { (value) }
            ul {
                @for c in &score.contributions {
                    li class=[c.cut.then_some("cut")] {
                        (lang.tr("col-round-n", &[("n", &c.round)])) ": "
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

pub(super) fn after_links(ctx: &Ctx, path: &str, paired: u32, current: u32) -> Markup {
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
        // VCL: standings counting a round with a result not in (or an
        // adjourned game) are marked provisional, with the final standings
        // of the complete rounds a click away.
        let missing = event.model.results_missing(st.rounds);
        let complete = event.model.complete_rounds();
        let title = if st.rounds == 0 {
            lang.t("nav-standings").to_owned()
        } else {
            lang.tr("standings-title", &[("n", &st.rounds)])
        };
        // Each value's working on the page while it stays light; in a
        // larger event on the player's card, the value linking to it (a
        // 1,000-player table stays under 100 KB gzipped).
        let inline_working = st.rows.len() <= INLINE_WORKING_MAX;
        let body = html! {
            @if paired > 0 { (after_links(&ctx, &format!("/t/{id}/standings"), paired, st.rounds)) }
            h1 { (title) }
            @if missing > 0 {
                p.provisional #provisional data-missing=(missing) {
                    (lang.tr("standings-provisional", &[("n", &missing)]))
                    @if complete > 0 {
                        " "
                        a href=(format!("/t/{id}/standings?after={complete}")) {
                            (lang.tr("standings-final-after", &[("r", &complete)]))
                        }
                    }
                }
            }
            @if st.rounds == 0 { p.muted { (lang.t("standings-none")) } }
            div.table-wrap tabindex="0" { table.standings {
                thead { tr {
                    th.num { (lang.t("col-place")) }
                    th.num { (lang.t("col-start-no")) }
                    th { (lang.t("col-name")) }
                    th.num { (lang.t("col-rating")) }
                    th.num { (lang.t("col-points")) }
                    @for tb in &st.tiebreaks { th.num title=(super::words::tiebreak_name(lang, tb)) { (tb.label) } }
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
                            td {
                                @if let Some(p) = p { (name_cell(&id, p)) } @else { (row.name) }
                                // FIDE endorsement Q170: a withdrawn player is marked.
                                @if let Some(k) = p.and_then(|p| crate::app::players::withdrawn_by(p, st.rounds)) {
                                    " " span.tag.withdrawn { (super::pages::withdrawn_text(lang, k)) }
                                }
                            }
                            td.num { @if let Some(r) = p.and_then(|p| p.details.rating) { (r) } }
                            td.num { strong { (row.points) } }
                            @for score in &row.tiebreaks {
                                td.num {
                                    @if inline_working { (working(lang, score)) }
                                    @else { a href=(format!("/t/{id}/players/{}#tiebreaks", row.start_number)) { (value_text(score)) } }
                                }
                            }
                        }
                    }
                }
            } }
            @if !st.tiebreaks.is_empty() {
                p.muted { @if inline_working { (lang.t("standings-working")) } @else { (lang.t("standings-working-card")) } }
            }
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

/// The opponent of a game in the Berger table (a bye has none).
fn berger_opponent(kind: RoundKind) -> Option<u32> {
    match kind {
        RoundKind::Game { opponent, .. }
        | RoundKind::ForfeitWin { opponent, .. }
        | RoundKind::ForfeitLoss { opponent, .. } => Some(opponent),
        RoundKind::Bye(_) => None,
    }
}

/// A round's entry as a crosstable cell.
fn cell(e: &tournament::standings::RoundEntry) -> CrosstableCell {
    CrosstableCell {
        round: e.round,
        kind: e.kind,
        points: e.points,
        running: e.running,
    }
}

fn swiss_table(ctx: &Ctx, event: &data::Event, st: &Standings) -> Markup {
    let lang = ctx.lang;
    let id = &event.loaded.tournament.id;
    let style = event.cell_style();
    let rows = tournament::standings::crosstable(st);
    html! {
        div.table-wrap tabindex="0" { table.cross {
            thead { tr {
                th.num { (lang.t("col-place")) }
                th.num { (lang.t("col-start-no")) }
                th.name { (lang.t("col-name")) }
                @for r in 1..=st.rounds { th { (lang.tr("col-round-n", &[("n", &r)])) } }
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
                                (cell.notation_in(style))
                            }
                        }
                        td.num { strong { (row.points) } }
                    }
                }
            }
        } }
        p.muted { (lang.t(event.crosstable_legend())) }
    }
}

pub(super) fn berger_table(lang: Lang, event: &data::Event, st: &Standings) -> Markup {
    let id = &event.loaded.tournament.id;
    let style = event.cell_style();
    let mut order: Vec<&tournament::standings::StandingRow> = st.rows.iter().collect();
    order.sort_by_key(|r| r.start_number);
    html! {
        div.table-wrap tabindex="0" { table.cross.berger {
            thead { tr {
                th.num { (lang.t("col-no")) }
                th.name { (lang.t("col-name")) }
                @for r in &order { th { (r.start_number) } }
                th.num { (lang.t("col-points")) }
                th.num { (lang.t("col-place")) }
            } }
            tbody {
                @for row in &order {
                    @let results: Vec<(u32, String, RoundKind)> = st.rounds_of(row.start_number).iter()
                        .filter_map(|e| berger_opponent(e.kind).map(|o| (o, cell(e).result_in(style), e.kind))).collect();
                    tr {
                        td.num { (row.start_number) }
                        td.name { a href=(format!("/t/{id}/players/{}", row.start_number)) { (row.name) } }
                        @for col in &order {
                            @if col.start_number == row.start_number {
                                td class="self" {}
                            } @else {
                                @let mine: Vec<&(u32, String, RoundKind)> = results.iter().filter(|(o, _, _)| *o == col.start_number).collect();
                                td class=[mine.first().and_then(|m| cell_class(m.2))] {
                                    @for (i, m) in mine.iter().enumerate() {
                                        @if i > 0 { " " }
                                        (&m.1)
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
            @if swiss { (swiss_table(&ctx, &event, &st)) } @else { (berger_table(ctx.lang, &event, &st)) }
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
        let (ratings, grades) = data::ratings(&event)?;
        let rating = ratings.iter().find(|r| r.start_number == sn);
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
                    @if let Some(person) = &player.person_id {
                        dt { (lang.t("card-registry")) }
                        dd { a #person-link href=(format!("/people/{person}")) { (lang.t("card-registry-link")) } }
                    }
                }
            }
            @if let Some(row) = row.filter(|r| !r.tiebreaks.is_empty()) {
                h2 #tiebreaks { (lang.t("card-tiebreaks")) }
                dl.facts.tiebreaks {
                    @for (tb, score) in st.tiebreaks.iter().zip(&row.tiebreaks) {
                        dt { (tb.label) }
                        dd { (working(lang, score)) }
                    }
                }
            }
            h2 { (lang.t("card-games")) }
            @let entries = st.rounds_of(sn);
            @if entries.is_empty() {
                p.muted { (lang.t("card-none")) }
            } @else {
                div.table-wrap tabindex="0" { table.card-games {
                    thead { tr {
                        th.num { (lang.t("col-round")) }
                        th { (lang.t("col-colour")) }
                        th { (lang.t("col-opponent")) }
                        th.num { (lang.t("col-rating")) }
                        th.center { (lang.t("col-result")) }
                        th.num { (lang.t("col-points")) }
                        th.no-print { span.sr-only { (lang.t("col-game")) } }
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
                                    Some(Colour::White) => { (lang.t(event.first_side_keys().1)) }
                                    Some(Colour::Black) => { (lang.t("colour-black")) }
                                    None => {}
                                } }
                                td {
                                    @if let Some(p) = opp.and_then(opponent) { (name_cell(&id, p)) }
                                    @else if let RoundKind::Bye(kind) = e.kind { (bye_name(lang, crate::model::byes::bye_text(kind))) }
                                }
                                td.num { @if let Some(r) = opp.and_then(opponent).and_then(|p| p.details.rating) { (r) } }
                                td.result class=[cell_class(e.kind)] { (cell(e).result_in(event.cell_style())) }
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
