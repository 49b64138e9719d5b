//! The registry's public pages (issue 37): a person's page — their names,
//! federation, title, ratings from the imported lists with their history,
//! the closed events with what each did to them — and the club ladder.
//! National ids and the audit of who changed what stay in the API.

use axum::extract::rejection::PathRejection;
use axum::extract::{Path, State};
use axum::response::Response;
use maud::{Markup, html};

use super::layout::{Frame, frame};
use super::{Ctx, Lang, PageError};
use crate::app::people::ListedRating;
use crate::state::AppState;

fn kind_name(lang: Lang, kind: &str) -> String {
    lang.t(&format!("rating-kind-{kind}")).to_owned()
}

fn grade_name(lang: Lang, grade: tournament::rating::grade::Grade) -> String {
    match grade {
        tournament::rating::grade::Grade::Ungraded => lang.t("grade-ungraded").to_owned(),
        tournament::rating::grade::Grade::Graded(n) => lang.tr("grade-n", &[("n", &n)]),
    }
}

fn ratings_table(lang: Lang, caption: &str, rows: &[ListedRating], id: &str) -> Markup {
    html! {
        div.table-wrap tabindex="0" { table id=(id) {
            caption { (caption) }
            thead { tr {
                th { (lang.t("col-list")) }
                th { (lang.t("col-month")) }
                th { (lang.t("col-kind")) }
                th.num { (lang.t("col-rating")) }
                th.num { (lang.t("card-games")) }
                th.num { (lang.t("card-k")) }
            } }
            tbody {
                @for r in rows {
                    tr {
                        td { (r.list) }
                        td { (r.month) }
                        td { (kind_name(lang, r.kind)) @if r.inactive { " " span.muted { (lang.t("person-inactive")) } } }
                        td.num { (r.rating) }
                        td.num { (r.games) }
                        td.num { @if let Some(k) = r.k { (k) } }
                    }
                }
            }
        } }
    }
}

/// `/people/{id}`: a person's page.
pub(crate) async fn person(
    State(state): State<AppState>,
    ctx: Ctx,
    path: Result<Path<String>, PathRejection>,
) -> Response {
    let Ok(Path(id)) = path else {
        return ctx.error(&PageError::NotFound("what-person"));
    };
    let record = match crate::app::people::record(&state, &id).await {
        Ok(r) => r,
        Err(e) => return ctx.error(&PageError::from_api(e, "what-person")),
    };
    let lang = ctx.lang;
    let p = &record.person;
    let body = html! {
        h1 { (p.name) }
        @let others: Vec<&String> = [p.chinese_name.as_ref(), p.pinyin.as_ref(), p.latin_name.as_ref()]
            .into_iter().flatten().filter(|n| **n != p.name).collect();
        @if !others.is_empty() {
            p.muted.other-names lang="und" { @for (i, n) in others.iter().enumerate() { @if i > 0 { " · " } (n) } }
        }
        dl.facts #person-facts {
            @if let Some(t) = &p.title { dt { (lang.t("col-title")) } dd { (t) } }
            @if let Some(f) = &p.federation { dt { (lang.t("col-federation")) } dd { (f) } }
            @if let Some(id) = p.fide_id { dt { (lang.t("console-fide-id")) } dd { (id) } }
            @if let Some(y) = p.birth_year { dt { (lang.t("person-born")) } dd { (y) } }
            @if let Some(c) = &p.club { dt { (lang.t("col-club")) } dd { (c) } }
            @if let Some(g) = p.grade_points {
                dt { (lang.t("card-grade-points")) }
                dd { (g) " (" (grade_name(lang, tournament::rating::grade::Grade::of(u32::try_from(g).unwrap_or(0)))) ") "
                     a href="/ladder" { (lang.t("ladder-title")) } }
            }
        }
        @if record.ratings.is_empty() {
            p.muted { (lang.t("person-no-ratings")) }
        } @else {
            (ratings_table(lang, lang.t("person-ratings"), &record.ratings, "person-ratings"))
        }
        @if record.history.len() > record.ratings.len() {
            (ratings_table(lang, lang.t("person-history"), &record.history, "person-history"))
        }
        h2 { (lang.t("person-events")) }
        @if record.events.is_empty() {
            p.muted { (lang.t("person-no-events")) }
        } @else {
            div.table-wrap tabindex="0" { table #person-events {
                thead { tr {
                    th { (lang.t("col-tournament")) }
                    th.num { (lang.t("col-points")) }
                    th.num { (lang.t("card-games")) }
                    th.num { (lang.t("col-rating")) }
                    th.num { (lang.t("card-rating-change")) }
                    th.num { (lang.t("card-grade-points")) }
                } }
                tbody {
                    @for (e, name) in &record.events {
                        tr {
                            td { a href=(format!("/t/{}/players/{}", e.tournament_id, e.start_number)) { (name) } }
                            td.num { (e.score) }
                            td.num { (e.games) }
                            td.num { @if let Some(r) = e.rating { (r) } }
                            td.num { @if let Some(c) = &e.rating_change { (c) } }
                            td.num { @if let (Some(b), Some(a)) = (e.grade_before, e.grade_after) { (b) " → " (a) } }
                        }
                    }
                }
            } }
        }
        @let open: Vec<_> = record.tournaments.iter()
            .filter(|(id, ..)| !record.events.iter().any(|(e, _)| e.tournament_id == *id)).collect();
        @if !open.is_empty() {
            h2 { (lang.t("person-playing")) }
            ul #person-tournaments {
                @for (id, name, _, sn) in open {
                    li { a href=(format!("/t/{id}/players/{sn}")) { (name) } }
                }
            }
        }
    };
    ctx.answer(Ok(frame(&ctx, &Frame::plain(&p.name), body)))
}

/// `/ladder`: the club's grade-points ladder.
pub(crate) async fn ladder(State(state): State<AppState>, ctx: Ctx) -> Response {
    let rungs = match crate::app::ladder::ladder(&state).await {
        Ok(r) => r,
        Err(e) => return ctx.error(&PageError::from_api(e, "what-page")),
    };
    let lang = ctx.lang;
    let title = lang.t("ladder-title");
    let body = html! {
        h1 { (title) }
        p.muted { (lang.t("ladder-hint")) " " a href="/api/v1/ladder?format=csv" download="ladder.csv" { (lang.t("ladder-csv")) } }
        @if rungs.is_empty() {
            p.muted { (lang.t("ladder-empty")) }
        } @else {
            div.table-wrap tabindex="0" { table #ladder {
                thead { tr {
                    th.num { (lang.t("col-place")) }
                    th { (lang.t("col-name")) }
                    th { (lang.t("col-club")) }
                    th.num { (lang.t("card-grade-points")) }
                    th { (lang.t("col-grade")) }
                    th.num { (lang.t("ladder-events")) }
                } }
                tbody {
                    @for r in &rungs {
                        tr {
                            td.num { (r.rank) }
                            td { a href=(format!("/people/{}", r.person.id)) { (r.person.name) } }
                            td { @if let Some(c) = &r.person.club { (c) } }
                            td.num { (r.person.grade_points.unwrap_or(0)) }
                            td { (grade_name(lang, r.grade)) }
                            td.num { (r.history.len()) }
                        }
                    }
                }
            } }
        }
    };
    ctx.answer(Ok(frame(&ctx, &Frame::plain(title), body)))
}
