//! The paper an arbiter prints before a round, A4 or A5, in the reader's
//! language: the Laws' scoresheets (Art. 8.1: each player records his own
//! and his opponent's moves; one copy per player, Xiangqi's headed Red and
//! Black), pairing cards with result slips (one per board, cut apart), and
//! the wall chart (a Swiss's standings before the round with each player's
//! pairing in it; a round robin's table). Each is a document of its own —
//! no site frame, one sheet per printed page (`paper.css`) — at
//! `/t/{id}/rounds/{n}/paper/{scoresheets|slips|wallchart}?size=a4|a5`.

use std::collections::HashMap;

use axum::extract::rejection::PathRejection;
use axum::extract::{Path, State};
use axum::response::Response;
use maud::{DOCTYPE, Markup, html};
use tournament::model::System;

use super::data::{Event, PageError, Scope};
use super::pages::{load, round_number};
use super::{Ctx, Lang, assets, query_param};
use crate::app::players::PlayerRow;
use crate::engine::GameKind;
use crate::state::AppState;

type Three = Result<Path<(String, String, String)>, PathRejection>;

/// The documents, by their path segment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Doc {
    Scoresheets,
    Slips,
    WallChart,
}

impl Doc {
    fn parse(text: &str) -> Option<Doc> {
        match text {
            "scoresheets" => Some(Doc::Scoresheets),
            "slips" => Some(Doc::Slips),
            "wallchart" => Some(Doc::WallChart),
            _ => None,
        }
    }

    fn segment(self) -> &'static str {
        match self {
            Doc::Scoresheets => "scoresheets",
            Doc::Slips => "slips",
            Doc::WallChart => "wallchart",
        }
    }

    fn title_key(self) -> &'static str {
        match self {
            Doc::Scoresheets => "paper-scoresheets",
            Doc::Slips => "paper-slips",
            Doc::WallChart => "paper-wallchart",
        }
    }
}

/// The paper size: A4 (the default) or A5.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Size {
    A4,
    A5,
}

impl Size {
    fn class(self) -> &'static str {
        match self {
            Size::A4 => "a4",
            Size::A5 => "a5",
        }
    }

    /// Moves a scoresheet has room for, in two columns.
    fn moves(self) -> u32 {
        match self {
            Size::A4 => 60,
            Size::A5 => 40,
        }
    }

    /// Result slips on one sheet.
    fn slips_per_sheet(self) -> usize {
        match self {
            Size::A4 => 4,
            Size::A5 => 2,
        }
    }
}

/// `GET /t/{id}/rounds/{n}/paper/{doc}`: a round's printable document.
pub(crate) async fn paper(State(state): State<AppState>, ctx: Ctx, path: Three) -> Response {
    let Ok(Path((id, n, doc))) = path else {
        return ctx.error(&PageError::NotFound("what-page"));
    };
    let Some(doc) = Doc::parse(&doc) else {
        return ctx.error(&PageError::NotFound("what-page"));
    };
    let size = match query_param(ctx.query.as_deref(), "size").as_deref() {
        None | Some("a4" | "A4") => Size::A4,
        Some("a5" | "A5") => Size::A5,
        Some(_) => return ctx.error(&PageError::BadRequest("what-paper-size")),
    };
    ctx.cached(&state, Scope::Tournament(&id), async {
        let event = load(&state, &id).await?;
        let n = round_number(&event, &n)?;
        let sheets = match doc {
            Doc::Scoresheets => scoresheets(ctx.lang, &event, n, size),
            Doc::Slips => slips(ctx.lang, &event, n, size),
            Doc::WallChart => wall_chart(ctx.lang, &event, n)?,
        };
        Ok(document(&ctx, &event, n, doc, size, &sheets))
    })
    .await
}

/// The HTML document around the sheets: on screen a bar to print, change
/// the size or the language (never printed).
fn document(ctx: &Ctx, event: &Event, n: u32, doc: Doc, size: Size, sheets: &Markup) -> Markup {
    let lang = ctx.lang;
    let t = &event.loaded.tournament;
    let title = format!(
        "{} · {} · {}",
        lang.t(doc.title_key()),
        lang.tr("round-title", &[("n", &n)]),
        t.name
    );
    let here = format!("/t/{}/rounds/{n}/paper/{}", t.id, doc.segment());
    let other = lang.other();
    let landscape = doc == Doc::WallChart;
    html! {
        (DOCTYPE)
        html lang=(lang.code()) {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                title { (title) }
                link rel="stylesheet" href=(assets::url("paper.css"));
            }
            body class={ "paper " (size.class()) @if landscape { " landscape" } } {
                nav.toolbar aria-label=(lang.t("paper-toolbar")) {
                    a href=(format!("/t/{}/rounds/{n}", t.id)) { "← " (lang.tr("round-title", &[("n", &n)])) }
                    span.sizes {
                        @for (s, label) in [(Size::A4, "A4"), (Size::A5, "A5")] {
                            @if s == size {
                                strong aria-current="page" { (label) }
                            } @else {
                                a href=(format!("{here}?size={}&lang={}", s.class(), lang.param())) { (label) }
                            }
                        }
                    }
                    a lang=(other.code()) href=(format!("{here}?size={}&lang={}", size.class(), other.param())) { (lang.t("lang-switch")) }
                    button type="button" onclick="window.print()" { (lang.t("print-page")) }
                }
                main {
                    @if !landscape { h1.sr-only { (title) } }
                    (sheets)
                }
            }
        }
    }
}

/// The round's boards in board order.
fn boards(event: &Event, n: u32) -> Vec<&crate::app::rounds::BoardRow> {
    let mut boards: Vec<_> = event
        .loaded
        .boards
        .iter()
        .filter(|b| b.round == i64::from(n))
        .collect();
    boards.sort_by_key(|b| b.board);
    boards
}

/// The two sides' names in this game: White and Black, or Red and Black.
fn side_names(lang: Lang, game: GameKind) -> (&'static str, &'static str) {
    match game {
        GameKind::Chess => (lang.t("colour-white"), lang.t("colour-black")),
        GameKind::Xiangqi => (lang.t("colour-red"), lang.t("colour-black")),
    }
}

/// A player as a sheet names him: title, name, rating, start number.
fn player_line(lang: Lang, p: Option<&PlayerRow>) -> Markup {
    match p {
        Some(p) => html! {
            span.name {
                @if let Some(title) = &p.details.title { span.title { (title) } " " }
                (p.name)
            }
            span.meta {
                @if let Some(r) = p.details.rating { (lang.t("col-rating")) " " (r) " · " }
                (lang.t("col-start-no")) " " (p.start_number)
            }
        },
        None => html! { span.name { "—" } },
    }
}

/// The heading every sheet carries: the event, the round and when it
/// starts, the board.
fn sheet_head(lang: Lang, event: &Event, n: u32, board: Option<i64>) -> Markup {
    let t = &event.loaded.tournament;
    let starts = event.loaded.starts.get(&i64::from(n)).cloned().flatten();
    let time_control = t
        .time_control
        .as_deref()
        .and_then(|tag| super::words::time_control(lang, tag));
    html! {
        header.sheet-head {
            div.event { (t.name) }
            div.where {
                span { (lang.tr("round-title", &[("n", &n)])) }
                @if let Some(b) = board { span.board { (lang.t("paper-board")) " " (b) } }
                @if let Some(s) = &starts {
                    span { (lang.tr("round-starts", &[("time", &s.replace('T', " ").trim_end_matches('Z'))])) }
                }
            }
            @if let Some(tc) = time_control { div.tc { (lang.t("t-time-control")) ": " (tc) } }
        }
    }
}

/// Scoresheets: per board one copy for each player (Art. 8.1), the move
/// columns for the size's moves, the result and three signatures.
fn scoresheets(lang: Lang, event: &Event, n: u32, size: Size) -> Markup {
    let game = event.loaded.tournament.game;
    let (first, second) = side_names(lang, game);
    let half = size.moves() / 2;
    let all = boards(event, n);
    html! {
        @for b in &all {
            @for copy in [first, second] {
                section.sheet.scoresheet {
                    (sheet_head(lang, event, n, Some(b.board)))
                    p.copy { (lang.tr("paper-copy-of", &[("side", &copy)])) }
                    table.players {
                        tbody {
                            tr { th scope="row" { (first) } td { (player_line(lang, event.loaded.player(&b.white_id))) } }
                            tr { th scope="row" { (second) } td { (player_line(lang, event.loaded.player(&b.black_id))) } }
                        }
                    }
                    div.moves {
                        @for block in 0..2u32 {
                            table.move-block {
                                thead { tr { th.no scope="col" { (lang.t("col-no")) } th scope="col" { (first) } th scope="col" { (second) } } }
                                tbody {
                                    @for i in 1..=half {
                                        tr { td.no { (block * half + i) } td {} td {} }
                                    }
                                }
                            }
                        }
                    }
                    (result_and_signatures(lang, first, second))
                }
            }
        }
        @if all.is_empty() { p { (lang.t("round-no-boards")) } }
    }
}

/// The result to tick and the signatures (Art. 8.7: both players sign
/// both scoresheets with the result).
fn result_and_signatures(lang: Lang, first: &str, second: &str) -> Markup {
    html! {
        div.result-boxes {
            span { (lang.t("game-result")) ":" }
            @for r in ["1-0", "½-½", "0-1"] { span.box { "☐ " (r) } }
        }
        div.signatures {
            div { (first) }
            div { (second) }
            div { (lang.t("paper-arbiter")) }
        }
    }
}

/// Pairing cards with result slips, several to a sheet, cut apart along
/// the dashed lines.
fn slips(lang: Lang, event: &Event, n: u32, size: Size) -> Markup {
    let game = event.loaded.tournament.game;
    let (first, second) = side_names(lang, game);
    let all = boards(event, n);
    html! {
        @for chunk in all.chunks(size.slips_per_sheet()) {
            section.sheet.slips {
                @for b in chunk {
                    div.slip {
                        (sheet_head(lang, event, n, Some(b.board)))
                        table.players {
                            tbody {
                                tr { th scope="row" { (first) } td { (player_line(lang, event.loaded.player(&b.white_id))) } }
                                tr { th scope="row" { (second) } td { (player_line(lang, event.loaded.player(&b.black_id))) } }
                            }
                        }
                        (result_and_signatures(lang, first, second))
                    }
                }
            }
        }
        @if all.is_empty() { p { (lang.t("round-no-boards")) } }
    }
}

/// The wall chart. A Swiss: every player in the order of the standings
/// before round `n`, with the earlier rounds' results (the crosstable's
/// notation), the points, and round `n`'s board, colour and opponent. A
/// round robin: its table after round `n`.
fn wall_chart(lang: Lang, event: &Event, n: u32) -> Result<Markup, PageError> {
    let t = &event.loaded.tournament;
    let game = t.game;
    let (first, second) = side_names(lang, game);
    if event.model.system != System::Swiss {
        let st = super::data::standings(event, Some(n))?;
        return Ok(html! {
            section.sheet.wall tabindex="0" {
                (sheet_head(lang, event, n, None))
                h1 { (lang.t("crosstable-berger")) }
                (super::tables::berger_table(lang, event, &st))
            }
        });
    }
    let by_number: HashMap<u32, &PlayerRow> = event
        .loaded
        .players
        .iter()
        .filter_map(|p| Some((u32::try_from(p.start_number).ok()?, p)))
        .collect();
    let rating = |sn: u32| by_number.get(&sn).and_then(|p| p.details.rating);
    // Each player's start number, name, points and earlier results, in the
    // order of the standings before the round.
    struct Line {
        place: String,
        start_number: u32,
        name: String,
        rating: Option<u16>,
        cells: Vec<String>,
        points: String,
    }
    let lines: Vec<Line> = if n > 1 {
        let st = super::data::standings(event, Some(n - 1))?;
        tournament::standings::crosstable(&st)
            .into_iter()
            .map(|row| Line {
                place: row.place.to_string(),
                start_number: row.start_number,
                name: row.name.clone(),
                rating: rating(row.start_number),
                cells: row
                    .cells
                    .iter()
                    .map(|c| c.notation_in(event.cell_style()))
                    .collect(),
                points: row.points.to_string(),
            })
            .collect()
    } else {
        let mut numbers: Vec<u32> = by_number.keys().copied().collect();
        numbers.sort_unstable();
        numbers
            .into_iter()
            .map(|sn| Line {
                place: String::new(),
                start_number: sn,
                name: by_number[&sn].name.clone(),
                rating: rating(sn),
                cells: Vec::new(),
                points: "0".to_owned(),
            })
            .collect()
    };
    // Round n, by player: board, colour and opponent, or the bye.
    let mut round: HashMap<&str, (String, String, String)> = HashMap::new();
    for b in boards(event, n) {
        let name = |id: &str| {
            event
                .loaded
                .player(id)
                .map(|p| format!("{} {}", p.start_number, p.name))
                .unwrap_or_default()
        };
        let board = b.board.to_string();
        round.insert(
            &b.white_id,
            (board.clone(), first.to_owned(), name(&b.black_id)),
        );
        round.insert(&b.black_id, (board, second.to_owned(), name(&b.white_id)));
    }
    for bye in event.loaded.byes.iter().filter(|b| b.round == i64::from(n)) {
        let kind = super::pages::bye_name(lang, &bye.kind).to_owned();
        round.insert(&bye.player_id, (String::new(), String::new(), kind));
    }
    let pairing = |sn: u32| {
        by_number
            .get(&sn)
            .and_then(|p| round.get(p.id.as_str()))
            .cloned()
            .unwrap_or_default()
    };
    Ok(html! {
        section.sheet.wall tabindex="0" {
            (sheet_head(lang, event, n, None))
            h1 { (lang.tr("paper-wallchart-title", &[("n", &n)])) }
            table.wall {
                thead { tr {
                    th.num scope="col" { (lang.t("col-place")) }
                    th.num scope="col" { (lang.t("col-start-no")) }
                    th scope="col" { (lang.t("col-name")) }
                    th.num scope="col" { (lang.t("col-rating")) }
                    @for r in 1..n { th scope="col" { (lang.tr("col-round-n", &[("n", &r)])) } }
                    th.num scope="col" { (lang.t("col-points")) }
                    th.num scope="col" { (lang.t("col-board")) }
                    th scope="col" { (lang.t("col-colour")) }
                    th scope="col" { (lang.t("col-opponent")) }
                } }
                tbody {
                    @for line in &lines {
                        @let (board, colour, opponent) = pairing(line.start_number);
                        tr {
                            td.num { (line.place) }
                            td.num { (line.start_number) }
                            td { (line.name) }
                            td.num { @if let Some(r) = line.rating { (r) } }
                            @for cell in &line.cells { td.cell { (cell) } }
                            td.num { strong { (line.points) } }
                            td.num { (board) }
                            td { (colour) }
                            td { (opponent) }
                        }
                    }
                }
            }
            p.legend { (lang.t(event.crosstable_legend())) }
        }
    })
}
