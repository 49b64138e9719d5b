//! The organiser's screens: a new tournament (`/console/tournaments/new`)
//! and an event's page (`/console/tournaments/{id}`: settings, players,
//! rounds, exports). Server-rendered forms whose scripts
//! (`tournament-form.js`, `tournament-new.js`, `tournament.js`) send what
//! the organiser typed to the API and show its answers; the choices offered
//! (systems, profiles, tie-break lists) are the API's own.

use axum::extract::rejection::PathRejection;
use axum::extract::{Path, State};
use axum::response::Response;
use maud::{Markup, PreEscaped, html};

use super::pages::shell;
use crate::app::tournaments::TournamentRow;
use crate::engine::GameKind;
use crate::state::AppState;
use crate::web::data;
use crate::web::{Ctx, Lang, PageError};

/// The systems `POST /tournaments` takes, with their labels.
const SYSTEMS: &[(&str, &str)] = &[
    ("swiss-dutch", "console-system-swiss"),
    ("round-robin", "console-system-rr"),
    ("double-round-robin", "console-system-drr"),
];

/// The tie-break lists the API gives by default (per system and profile),
/// offered as suggestions for the tie-break field.
fn tiebreak_suggestions() -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for system in ["swiss-dutch", "round-robin"] {
        for profile in GameKind::Chess.profiles() {
            let list = crate::model::settings::default_tiebreaks(system, profile).join(", ");
            if !out.contains(&list) {
                out.push(list);
            }
        }
    }
    out
}

/// A labelled field.
fn field(lang: Lang, key: &str, id: &str, input: Markup) -> Markup {
    html! {
        label.field for=(id) {
            span { (lang.t(key)) }
            (PreEscaped(input.into_string()))
        }
    }
}

/// A `<select>` of `(value, label)` with `current` selected; `data-initial`
/// holds the value it started with (the script sends what changed).
fn select(id: &str, name: &str, options: &[(String, String)], current: &str) -> Markup {
    html! {
        select id=(id) name=(name) data-initial=(current) {
            @for (value, label) in options {
                option value=(value) selected[value == current] { (label) }
            }
        }
    }
}

/// The settings form's fields, blank for a new tournament or filled with
/// `row`'s settings.
fn settings_fields(lang: Lang, row: Option<&TournamentRow>) -> Markup {
    let text = |v: Option<String>| v.unwrap_or_default();
    // The first board's first player's side in round 1 (Xiangqi's Red).
    let first_colour = data::first_side_keys(row.map_or(GameKind::Chess, |r| r.game)).1;
    let name = text(row.map(|r| r.name.clone()));
    let rounds = text(
        row.map(|r| r.rounds)
            .filter(|r| *r > 0)
            .map(|r| r.to_string()),
    );
    let tc = text(row.and_then(|r| r.time_control.clone()));
    let event = row.map(|r| r.event.clone()).unwrap_or_default();
    let event_fields = [
        ("console-t-place", "t-place", "place", "text", event.place),
        (
            "console-t-federation",
            "t-federation",
            "federation",
            "text",
            event.federation,
        ),
        (
            "console-t-start-date",
            "t-start-date",
            "start_date",
            "date",
            event.start_date,
        ),
        (
            "console-t-end-date",
            "t-end-date",
            "end_date",
            "date",
            event.end_date,
        ),
        (
            "console-t-chief-arbiter",
            "t-chief-arbiter",
            "chief_arbiter",
            "text",
            event.chief_arbiter,
        ),
    ];
    let profile = row.map_or(GameKind::Chess.default_profile(), |r| {
        r.regulations.as_str()
    });
    let game = row.map_or(GameKind::Chess, |r| r.game);
    let tiebreaks = text(row.map(|r| r.tiebreaks.join(", ")));
    let points = |f: fn(&crate::model::settings::ScoringSpec) -> f64| {
        text(row.map(|r| f(&r.scoring).to_string()))
    };
    let (win, draw, loss) = (
        points(|s| s.win.0),
        points(|s| s.draw.0),
        points(|s| s.loss.0),
    );
    let recording = row.map_or("live", |r| r.recording.as_str());
    let colour = row
        .and_then(|r| r.pairing.initial_colour.clone())
        .unwrap_or_else(|| "lot".into());
    let acceleration = row.map_or_else(|| "none".to_owned(), |r| r.pairing.acceleration.clone());
    let forbidden = row.map_or_else(String::new, |r| {
        r.pairing
            .forbidden_pairs
            .iter()
            .map(|g| {
                g.players
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect::<Vec<_>>()
            .join("\n")
    });
    let profiles: Vec<(String, String)> = game
        .profiles()
        .iter()
        .map(|p| ((*p).to_owned(), crate::web::words::profile_name(lang, p)))
        .collect();
    let options = |list: &[(&str, &str)]| -> Vec<(String, String)> {
        list.iter()
            .map(|(v, k)| ((*v).to_owned(), lang.t(k).to_owned()))
            .collect()
    };
    html! {
        div.form-grid {
            (field(lang, "console-t-name", "t-name", html! {
                input #t-name name="name" type="text" required maxlength="200" value=(name) data-initial=(name);
            }))
            @match row {
                None => {
                    (field(lang, "console-t-system", "t-system", select("t-system", "system", &options(SYSTEMS), "swiss-dutch")))
                }
                Some(r) => {
                    div.field {
                        span { (lang.t("console-t-system")) }
                        strong #t-system-shown {
                            (SYSTEMS.iter().find(|(v, _)| *v == r.system).map_or(r.system.as_str(), |(_, k)| lang.t(k)))
                        }
                    }
                }
            }
            (field(lang, "console-t-rounds", "t-rounds", html! {
                input #t-rounds name="rounds" type="number" min="1" max="99" inputmode="numeric" value=(rounds) data-initial=(rounds);
            }))
            (field(lang, "console-t-time-control", "t-tc", html! {
                input #t-tc name="time_control" type="text" placeholder="5400+30" spellcheck="false" value=(tc) data-initial=(tc);
            }))
            (field(lang, "console-t-regulations", "t-regulations", select("t-regulations", "regulations", &profiles, profile)))
            (field(lang, "console-t-recording", "t-recording", select("t-recording", "recording",
                &options(&[("live", "console-recording-live"), ("scoresheet", "console-recording-scoresheet")]), recording)))
            // FIDE mode is chess's; once left it cannot be chosen again.
            @if game == GameKind::Chess {
                @let on = row.is_none_or(|r| r.fide_mode);
                (field(lang, "console-fide-mode-label", "t-fide-mode", select("t-fide-mode", "fide_mode",
                    &options(if on { &[("on", "console-fide-mode-on"), ("off", "console-fide-mode-off")][..] } else { &[("off", "console-fide-mode-off")][..] }),
                    if on { "on" } else { "off" })))
            }
        }
        fieldset.group {
            legend { (lang.t("console-t-event")) }
            div.form-grid {
                @for (key, id, name, kind, value) in &event_fields {
                    @let value = value.as_deref().unwrap_or("");
                    @let max = if *name == "federation" { "3" } else { "200" };
                    (field(lang, key, id, html! {
                        input id=(id) name=(name) type=(kind) maxlength=(max) value=(value) data-initial=(value);
                    }))
                }
            }
            p.hint { (lang.t("console-t-event-hint")) }
        }
        fieldset.group {
            legend { (lang.t("console-t-scoring")) }
            p.hint { (lang.t("console-t-scoring-hint")) }
            div.form-grid.narrow {
                @for (key, id, value) in [("console-t-win", "t-win", &win), ("console-t-draw", "t-draw", &draw), ("console-t-loss", "t-loss", &loss)] {
                    (field(lang, key, id, html! {
                        input id=(id) type="number" min="0" max="100" step="0.5" inputmode="decimal" value=(value) data-initial=(value);
                    }))
                }
            }
        }
        fieldset.group {
            legend { (lang.t("console-t-tiebreaks")) }
            (field(lang, "console-t-tiebreaks-list", "t-tiebreaks", html! {
                input #t-tiebreaks name="tiebreaks" type="text" list="tiebreak-lists" spellcheck="false"
                    placeholder=(lang.t("console-t-default")) value=(tiebreaks) data-initial=(tiebreaks);
            }))
            datalist #tiebreak-lists {
                @for list in tiebreak_suggestions() { option value=(list) {} }
            }
            p.hint { (lang.t("console-t-tiebreaks-hint")) }
        }
        fieldset.group {
            legend { (lang.t("console-t-pairing")) }
            div.form-grid {
                (field(lang, "console-t-colour", "t-colour", select("t-colour", "initial_colour",
                    &options(&[("lot", "console-colour-lot"), ("white", first_colour), ("black", "colour-black")]), &colour)))
                (field(lang, "console-t-acceleration", "t-acceleration", select("t-acceleration", "acceleration",
                    &options(&[("none", "console-acceleration-none"), ("baku", "console-acceleration-baku")]), &acceleration)))
            }
            (field(lang, "console-t-forbidden", "t-forbidden", html! {
                textarea #t-forbidden name="forbidden_pairs" rows="2" spellcheck="false" data-initial=(forbidden) { (forbidden) }
            }))
            p.hint { (lang.t("console-t-forbidden-hint")) }
        }
    }
}

/// `GET /console/tournaments/new`: create a tournament, or import a TRF file.
pub(crate) async fn new_tournament(ctx: Ctx) -> Response {
    let lang = ctx.lang;
    let title = lang.t("console-new-title");
    let body = html! {
        h1 { (title) }
        (signed_in_hint(&ctx))
        section.card #new-card {
            form #tournament-form novalidate {
                (settings_fields(lang, None))
                div #form-notice role="alert" hidden {}
                div.row { button.primary type="submit" { (lang.t("console-create")) } }
            }
        }
        section.card #import-card {
            h2 #import-title { (lang.t("console-import-title")) }
            p.hint { (lang.t("console-import-hint")) }
            form #import-form {
                input #trf-file type="file" accept=".trf,.txt,text/plain" aria-labelledby="import-title";
                div.row { button type="submit" { (lang.t("console-import")) } }
            }
            div #import-notice role="alert" hidden {}
        }
    };
    ctx.answer(Ok(shell(&ctx, title, None, "tournament-new.js", body)))
}

/// A reminder to sign in, for a reader who is not (their API token, if
/// any, is in the tab and works as well).
fn signed_in_hint(ctx: &Ctx) -> Markup {
    html! {
        @if ctx.session.is_none() {
            p.hint #sign-in-hint {
                (ctx.lang.t("console-sign-in-hint")) " "
                a href="/signin" { (ctx.lang.t("signin")) }
            }
        }
    }
}

/// `GET /console/tournaments/{id}`: the organiser's page of an event.
pub(crate) async fn event(
    State(state): State<AppState>,
    ctx: Ctx,
    path: Result<Path<String>, PathRejection>,
) -> Response {
    let Ok(Path(id)) = path else {
        return ctx.error(&PageError::NotFound("what-tournament"));
    };
    let event = match data::event(&state, &id).await {
        Ok(event) => event,
        Err(e) => return ctx.error(&PageError::from_api(e, "what-tournament")),
    };
    let lang = ctx.lang;
    let t = &event.loaded.tournament;
    let paired = event.rounds_paired();
    // While an adjourned game withholds the final TRF (VCL4THP.13 Q169),
    // the button gives the in-tournament file, and the card says so.
    let withheld = !crate::app::reports::final_trf_withheld_by(&event.loaded).is_empty();
    let export = |kind: &str, ext: &str| {
        let query = if kind == "trf" && withheld {
            "?in_progress=true"
        } else {
            ""
        };
        html! {
            a.button href=(format!("/api/v1/tournaments/{}/export/{kind}{query}", t.id))
                download=(format!("tournament.{ext}")) data-export=(kind) { (lang.t(&format!("console-export-{kind}"))) }
        }
    };
    let body = html! {
        div #organiser data-tournament=(t.id) data-rounds=(t.rounds) data-paired=(paired) data-system=(t.system)
            data-manual=(crate::app::manual_pairing::manual_round(t).unwrap_or(0)) data-teams=(t.teams.is_some()) {
            h1 { (t.name) }
            (signed_in_hint(&ctx))
            // An event over 30 days spans rating periods (VCL4THP.13 Q210).
            @if let Some(days) = t.event.days().filter(|d| *d > 30) {
                p.hint #long-event data-days=(days) { (lang.tr("console-long-event", &[("n", &days)])) }
            }
            nav.round-links aria-label=(lang.t("console-sections")) {
                a href="#players-card" { (lang.t("console-players")) }
                a href="#rounds-card" { (lang.t("console-rounds")) }
                a href="#settings-card" { (lang.t("console-settings")) }
                a href=(format!("/t/{}/standings", t.id)) { (lang.t("nav-standings")) }
            }
            div #notice role="alert" hidden {}
            section.card #rounds-card {
                h2 { (lang.t("console-rounds")) }
                div #round-list.round-links {}
                div.row {
                    button.primary #pair type="button" { (lang.t("console-pair-next")) }
                    button #unpair type="button" hidden { (lang.t("console-unpair")) }
                    button #manual type="button" hidden {}
                }
                div #round-notice role="status" {}
                // The manual phase of the last round (VCL4THP.13 Q64-Q69).
                div #manual-editor hidden {
                    h3 #manual-title {}
                    p.hint { (lang.t("console-manual-hint")) }
                    label for="manual-boards" { (lang.t("console-manual-boards")) }
                    textarea #manual-boards rows="6" spellcheck="false" autocomplete="off" {}
                    div.row {
                        button.primary #manual-save type="button" { (lang.t("console-manual-save")) }
                        button #manual-close type="button" { (lang.t("console-manual-close")) }
                    }
                    div #manual-notice role="status" {}
                }
                div.table-wrap tabindex="0" { table #pairings hidden {
                    thead { tr {
                        th.num { (lang.t("col-board")) }
                        th { (lang.t(event.first_side_keys().0)) }
                        th { (lang.t("col-black")) }
                        th.center { (lang.t("col-result")) }
                        th { (lang.t("console-game")) }
                    } }
                    tbody {}
                } }
                ul #byes.muted {}
            }
            section.card #players-card {
                h2 { (lang.t("console-players")) " " span #player-count.muted {} }
                (crate::web::pages::rating_list_line(lang, t))
                @if paired == 0 {
                    details #rating-choice {
                        summary { (lang.t("console-rating-choice")) }
                        form #rating-list-form.inline-form {
                            (field(lang, "console-rating-list", "rl-list", html! {
                                select #rl-list name="list" { option value="" { (lang.t("console-rating-by-hand")) } }
                            }))
                            (field(lang, "col-kind", "rl-kind", html! {
                                select #rl-kind name="kind" {
                                    option value="standard" { (lang.t("rating-kind-standard")) }
                                    option value="rapid" { (lang.t("rating-kind-rapid")) }
                                    option value="blitz" { (lang.t("rating-kind-blitz")) }
                                }
                            }))
                            (field(lang, "console-rating-month", "rl-month", html! { input #rl-month name="month" type="month"; }))
                            button.primary type="submit" { (lang.t("console-rating-use")) }
                        }
                        div #rating-notice role="status" {}
                    }
                }
                div.table-wrap tabindex="0" { table #players {
                    thead { tr {
                        th.num { (lang.t("col-start-no")) }
                        th { (lang.t("col-name")) }
                        th.num { (lang.t("col-rating")) }
                        th { (lang.t("col-federation")) }
                        th { (lang.t("console-fide-id")) }
                        th { (lang.t("col-title")) }
                        th { (lang.t("col-status")) }
                        th { (lang.t("console-actions")) }
                    } }
                    tbody {}
                } }
                details #registry-find open[paired == 0] {
                    summary { (lang.t("console-registry-find")) }
                    label for="registry-q" { (lang.t("console-registry-query")) }
                    input #registry-q type="search" autocomplete="off" spellcheck="false" placeholder="Carlsen · 1503014 · 丁立人";
                    ul #registry-results.registry-results aria-live="polite" {}
                    p.hint { (lang.t("console-registry-hint")) " " a href="/console/registry" { (lang.t("console-registry-manage")) } }
                }
                div #duplicate-choice.notice role="alert" hidden {}
                details #add-player {
                    summary { (lang.t("console-add-player")) }
                    form #player-form.inline-form {
                        (field(lang, "col-name", "p-name", html! { input #p-name name="name" type="text" required maxlength="200"; }))
                        (field(lang, "col-rating", "p-rating", html! { input #p-rating name="rating" type="number" min="0" max="3500" inputmode="numeric"; }))
                        (field(lang, "col-federation", "p-federation", html! { input #p-federation name="federation" type="text" maxlength="3" placeholder="FRA"; }))
                        (field(lang, "console-fide-id", "p-fide", html! { input #p-fide name="fide_id" type="number" min="1" inputmode="numeric"; }))
                        (field(lang, "col-title", "p-title", html! { input #p-title name="title" type="text" maxlength="3" placeholder="GM"; }))
                        (field(lang, "console-joins-at", "p-joins", html! { input #p-joins name="joins_at" type="number" min="1" max="99" inputmode="numeric"; }))
                        button.primary type="submit" { (lang.t("console-add")) }
                    }
                    p.hint { (lang.t("console-joins-hint")) }
                }
                details #paste-players open[paired == 0] {
                    summary { (lang.t("console-paste-title")) }
                    p.hint { (lang.t("console-paste-hint")) }
                    textarea #paste rows="8" spellcheck="false" placeholder="Carlsen, Magnus, 2830, NOR, 1503014, GM\nLi Na, 1650" {}
                    div.row { button.primary #paste-submit type="button" { (lang.t("console-paste-add")) } }
                    div #paste-notice role="alert" hidden {}
                }
            }
            section.card #settings-card {
                h2 { (lang.t("console-settings")) }
                form #tournament-form novalidate {
                    (settings_fields(lang, Some(t)))
                    div #form-notice role="alert" hidden {}
                    div.row { button.primary type="submit" { (lang.t("console-save")) } }
                }
            }
            section.card #close-card data-closed=(t.closed_at.is_some()) {
                h2 { (lang.t("console-close-title")) }
                p.hint { (lang.t("console-close-hint")) }
                @if let Some(at) = &t.closed_at {
                    p #closed-at { (lang.tr("console-closed-at", &[("at", &at.get(..10).unwrap_or(at))])) }
                }
                div.row {
                    button #close-event type="button" hidden[t.closed_at.is_some()] { (lang.t("console-close-event")) }
                    button #reopen-event type="button" hidden[t.closed_at.is_none()] { (lang.t("console-reopen-event")) }
                }
                div #close-notice role="status" {}
            }
            section.card #exports-card {
                h2 { (lang.t("console-exports")) }
                div.row { (export("json", "json")) (export("trf", "trf")) (export("pgn", "pgn")) }
                @if withheld {
                    p.hint #trf-in-progress { "TRF: " (lang.t("t-trf-in-progress")) }
                }
            }
        }
    };
    let frame_event = Some((
        t.id.as_str(),
        t.name.as_str(),
        paired,
        super::pages::fide_marker(t),
    ));
    ctx.answer(Ok(shell(&ctx, &t.name, frame_event, "tournament.js", body)))
}
