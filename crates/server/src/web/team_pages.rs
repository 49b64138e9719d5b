//! A team event's pages (issue 22): the team standings (match and game
//! points, the C.07 team tie-breaks with their values) and a round's match
//! results (each match's teams, score and boards; team byes). Both read the
//! API's own answers (`team_standings::team_standings_json`,
//! `team_rounds::round_matches`): nothing is ranked or scored here. An
//! individual event has no such pages (404).

use axum::extract::{Path, State};
use axum::response::Response;
use maud::{Markup, html};

use super::data::{Event, PageError};
use super::layout::{Tab, frame};
use super::pages::{bye_name, event_frame, load, round_number, screen_next};
use super::{Ctx, Lang, Scope};
use crate::app::team_rounds::{MatchBoardJson, MatchJson, TeamData, load_team_data, round_matches};
use crate::app::team_standings::{
    TeamRoundJson, TeamStandingJson, TeamStandingsJson, team_standings_json,
};
use crate::state::AppState;

type One = Result<Path<String>, axum::extract::rejection::PathRejection>;
type Two = Result<Path<(String, String)>, axum::extract::rejection::PathRejection>;

/// The event and its team data, or 404 when it has no teams.
async fn load_teams(state: &AppState, id: &str) -> Result<(Event, TeamData), PageError> {
    let event = load(state, id).await?;
    if event.loaded.tournament.teams.is_none() {
        return Err(PageError::NotFound("what-team-event"));
    }
    let data = team_data(state, &event).await?;
    Ok((event, data))
}

/// A team event's team data.
async fn team_data(state: &AppState, event: &Event) -> Result<TeamData, PageError> {
    let mut conn = state
        .db()
        .pool()
        .acquire()
        .await
        .map_err(|e| PageError::Internal(format!("connection: {e}")))?;
    load_team_data(&mut conn, &event.loaded)
        .await
        .map_err(|e| PageError::from_api(e, "what-team-event"))
}

/// Points as a score sheet writes them: `2`, `½`, `2½` (else as a number).
pub(super) fn points(value: f64) -> String {
    let whole = value.trunc();
    if (value - whole - 0.5).abs() < 1e-9 {
        if whole == 0.0 {
            "½".to_owned()
        } else {
            format!("{whole}½")
        }
    } else {
        format!("{value}")
    }
}

/// `GET /t/{id}/team-standings`: the ranked teams.
pub(crate) async fn standings(State(state): State<AppState>, ctx: Ctx, path: One) -> Response {
    let Ok(Path(id)) = path else {
        return ctx.error(&PageError::NotFound("what-tournament"));
    };
    ctx.cached(&state, Scope::Tournament(&id), async {
        let (event, data) = load_teams(&state, &id).await?;
        let paired = event.rounds_paired();
        let after = super::tables::after(&ctx, paired)?;
        let table = team_standings_json(&event.loaded, &data, after)
            .map_err(|e| PageError::Internal(format!("team standings: {e:?}")))?;
        let lang = ctx.lang;
        let complete = table.complete_rounds;
        let title = if table.rounds == 0 {
            lang.t("nav-team-standings").to_owned()
        } else {
            lang.tr("team-standings-title", &[("n", &table.rounds)])
        };
        let ranked_by = if table.ranking == "game_points" {
            lang.t("team-ranked-by-game")
        } else {
            lang.t("team-ranked-by-match")
        };
        let body = html! {
            @if paired > 0 { (super::tables::after_links(&ctx, &format!("/t/{id}/team-standings"), paired, table.rounds)) }
            h1 { (title) }
            p.muted { (ranked_by) }
            // Never shown as final while a result of a counted round is
            // missing (the hall screen is this page), with the final
            // standings of the complete rounds a click away.
            @if table.provisional {
                p.provisional #provisional data-missing=(table.results_missing) {
                    (lang.tr("standings-provisional", &[("n", &table.results_missing)]))
                    @if complete > 0 {
                        " "
                        a href=(format!("/t/{id}/team-standings?after={complete}")) {
                            (lang.tr("standings-final-after", &[("r", &complete)]))
                        }
                    }
                }
            }
            @if table.rounds == 0 { p.muted { (lang.t("standings-none")) } }
            div.table-wrap tabindex="0" { table.standings.team-standings {
                thead { tr {
                    th.num { (lang.t("col-place")) }
                    th.num { (lang.t("col-no")) }
                    th { (lang.t("team-col-team")) }
                    th.num { (lang.t("team-col-match-points")) }
                    th.num { (lang.t("team-col-game-points")) }
                    @for tb in &table.tiebreaks { th.num title=(super::words::team_tiebreak_name(lang, tb)) { (tb) } }
                } }
                tbody {
                    @for row in &table.standings {
                        tr.team-row title=(row_title(lang, row)) {
                            td.num { (row.place) }
                            td.num { (row.team) }
                            td.team-name {
                                (row.name)
                                (withdrawn_tag(lang, row))
                            }
                            td.num { @if table.ranking == "match_points" { strong { (points(row.match_points)) } } @else { (points(row.match_points)) } }
                            td.num { @if table.ranking == "game_points" { strong { (points(row.game_points)) } } @else { (points(row.game_points)) } }
                            @for tb in &table.tiebreaks {
                                td.num { @match row.tiebreaks.get(tb).copied().flatten() {
                                    Some(v) => (points(v)),
                                    None => span.muted title=(lang.t("standings-undefined")) { "–" },
                                } }
                            }
                        }
                    }
                }
            } }
        };
        let mut f = event_frame(&title, &id, &event, Tab::TeamStandings);
        if paired > 0 {
            f.next_screen = Some(screen_next(&ctx, &format!("/t/{id}/rounds/{paired}/matches")));
        }
        Ok::<Markup, PageError>(frame(&ctx, &f, body))
    })
    .await
}

/// A team's line in words, in the reader's language: its place and
/// scores, then each round's opponent and points.
fn row_title(lang: Lang, row: &TeamStandingJson) -> String {
    let mut lines = vec![lang.tr(
        "team-row-place",
        &[
            ("place", &row.place),
            ("mp", &points(row.match_points)),
            ("gp", &points(row.game_points)),
        ],
    )];
    for e in &row.rounds {
        let (mp, gp) = (points(e.match_points), points(e.game_points));
        let opponent = e.opponent.map(|o| o.to_string()).unwrap_or_default();
        let args: [(&str, &dyn std::fmt::Display); 4] =
            [("r", &e.round), ("o", &opponent), ("mp", &mp), ("gp", &gp)];
        let mut line = match e.kind.as_str() {
            "match" => lang.tr("team-row-match", &args),
            "forfeit" => lang.tr("team-row-forfeit", &args),
            "bye" => {
                let bye = bye_name(lang, e.bye.as_deref().unwrap_or(""));
                lang.tr(
                    "team-row-bye",
                    &[("r", &e.round), ("bye", &bye), ("mp", &mp), ("gp", &gp)],
                )
            }
            _ => lang.tr("team-row-absent", &args),
        };
        if e.pending {
            line.push(' ');
            line.push_str(lang.t("team-row-pending"));
        }
        lines.push(line);
    }
    lines.join("\n")
}

/// A side of a match: the team's name.
fn side_name(m: &MatchJson, first: bool) -> String {
    if first {
        m.first.name.clone()
    } else {
        m.second
            .as_ref()
            .map(|t| t.name.clone())
            .unwrap_or_default()
    }
}

/// A match's teams and score (`Club 1 1½ – ½ Club 2`, a bye's points).
pub(super) fn match_title(lang: Lang, m: &MatchJson) -> Markup {
    let score = m
        .second_game_points
        .map(|second| format!("{} – {}", points(m.first_game_points), points(second)));
    html! {
        span.team-name { (side_name(m, true)) }
        " "
        @match (&m.bye, &m.result, &score) {
            (Some(kind), _, _) => span.match-score { (points(m.first_game_points)) " " span.muted { (lang.t("team-match-bye")) " (" (bye_kind(lang, kind)) ")" } },
            (None, Some(_), Some(score)) => span.match-score { (score) },
            (None, _, Some(score)) => span.match-score { (score) " " span.muted { (lang.t("team-match-pending")) } },
            _ => {},
        }
        " "
        span.team-name { (side_name(m, false)) }
    }
}

/// A round's matches for its pairings page (`pages::round_live`), or
/// `None` for an event of individuals.
pub(super) async fn round_of(
    state: &AppState,
    event: &Event,
    round: u32,
) -> Result<Option<crate::app::team_rounds::RoundMatches>, PageError> {
    if event.loaded.tournament.teams.is_none() {
        return Ok(None);
    }
    let data = team_data(state, event).await?;
    round_matches(&data, &event.loaded, i64::from(round))
        .map(Some)
        .map_err(|e| PageError::Internal(format!("matches: {e:?}")))
}

/// A board of a match with an empty seat (no game): its number in the
/// round, the player present in his colour, the forfeit.
pub(super) fn empty_seat_row(
    lang: Lang,
    event: &Event,
    m: &MatchJson,
    b: &MatchBoardJson,
) -> Markup {
    let number = (m.number - 1) * i64::try_from(m.boards.len()).unwrap_or(0) + b.board;
    let first_white = b.first_colour == "white";
    let (white, black) = if first_white {
        (b.first.as_ref(), b.second.as_ref())
    } else {
        (b.second.as_ref(), b.first.as_ref())
    };
    html! {
        tr.empty-seat {
            td.num { (number) }
            td { (seat(lang, white)) }
            td.result { (super::pages::result_cell(lang, event, b.result.as_deref())) }
            td { (seat(lang, black)) }
            td.no-print.game-col {}
        }
    }
}

/// One match: the teams and the score, then its boards.
fn match_block(lang: Lang, m: &MatchJson, white_key: &str) -> Markup {
    html! {
        section.team-match {
            h2 { (match_title(lang, m)) }
            @if !m.boards.is_empty() {
                div.table-wrap tabindex="0" { table.pairings {
                    thead { tr {
                        th.num { (lang.t("col-board")) }
                        th { (m.first.name) }
                        th.center { (lang.t("col-result")) }
                        th { (side_name(m, false)) }
                        th.no-print { span.sr-only { (lang.t("col-game")) } }
                    } }
                    tbody {
                        @for b in &m.boards {
                            @let first_white = b.first_colour == "white";
                            @let colour = |white: bool| if white { lang.t(white_key) } else { lang.t("col-black") };
                            tr {
                                td.num { (b.board) }
                                td { (seat(lang, b.first.as_ref())) " " span.muted.side { "(" (colour(first_white)) ")" } }
                                td.result { (b.result.as_deref().map_or("–".to_owned(), |r| first_side(lang, r, first_white))) }
                                td { (seat(lang, b.second.as_ref())) " " span.muted.side { "(" (colour(!first_white)) ")" } }
                                td.no-print { @if let Some(g) = &b.game_id { a href=(format!("/games/{g}")) { (lang.t("round-live-link")) } } }
                            }
                        }
                    }
                } }
            }
        }
    }
}

/// A board's result as the match reads it, the first-named team's side
/// first (`0-1` when its player had White and lost, `1-0` when its player
/// had Black and won), `½` for a half point, an adjourned game in words.
fn first_side(lang: Lang, result: &str, first_white: bool) -> String {
    let read = if first_white {
        result.to_owned()
    } else {
        match result {
            "+-" => "-+".to_owned(),
            "-+" => "+-".to_owned(),
            other => match other.split_once('-') {
                Some((white, black)) => format!("{black}-{white}"),
                None => other.to_owned(),
            },
        }
    };
    super::words::result_text(lang, &read)
}

fn seat(lang: Lang, player: Option<&crate::app::rounds::PlayerRef>) -> Markup {
    html! {
        @match player {
            Some(p) => (p.name),
            None => span.muted { (lang.t("team-match-empty-seat")) },
        }
    }
}

fn bye_kind(lang: Lang, kind: &str) -> &'static str {
    match kind {
        "pairing_allocated" => lang.t("bye-pairing_allocated"),
        "full" => lang.t("bye-full"),
        "half" => lang.t("bye-half"),
        "zero" => lang.t("bye-zero"),
        _ => "",
    }
}

/// `GET /t/{id}/rounds/{n}/matches`: round `n`'s matches and team byes.
pub(crate) async fn matches(State(state): State<AppState>, ctx: Ctx, path: Two) -> Response {
    let Ok(Path((id, n))) = path else {
        return ctx.error(&PageError::NotFound("what-round"));
    };
    ctx.cached(&state, Scope::Tournament(&id), async {
        let (event, data) = load_teams(&state, &id).await?;
        let n = round_number(&event, &n)?;
        let round = round_matches(&data, &event.loaded, i64::from(n))
            .map_err(|e| PageError::Internal(format!("matches: {e:?}")))?;
        let lang = ctx.lang;
        let paired = event.rounds_paired();
        let title = lang.tr("team-matches-title", &[("n", &n)]);
        let body = html! {
            div.round-links {
                @for r in 1..=paired {
                    a href=(format!("/t/{id}/rounds/{r}/matches")) class=[(r == n).then_some("active")] { (r) }
                }
            }
            h1 { (title) }
            p { a href=(format!("/t/{id}/rounds/{n}")) { (lang.tr("round-title", &[("n", &n)])) } }
            @for m in &round.matches { (match_block(lang, m, event.first_side_keys().0)) }
        };
        let mut f = event_frame(&title, &id, &event, Tab::Pairings);
        f.next_screen = Some(screen_next(&ctx, &format!("/t/{id}/team-standings")));
        Ok::<Markup, PageError>(frame(&ctx, &f, body))
    })
    .await
}

/// A team's round in the crosstable: `4 2½` (opponent team 4, 2½ game
/// points), `+4` / `−4` a whole-match forfeit, `PAB 2` and `F`, `H`, `Z`
/// byes with their points, `–` absent; a match still being played shows
/// its points so far with `*`.
fn team_cell(r: &TeamRoundJson) -> String {
    match (r.kind.as_str(), r.opponent) {
        ("match", Some(o)) if r.pending => format!("{o} {}*", points(r.game_points)),
        ("match", Some(o)) => format!("{o} {}", points(r.game_points)),
        ("forfeit", Some(o)) if r.match_points > 0.0 => format!("+{o}"),
        ("forfeit", Some(o)) => format!("−{o}"),
        ("bye", _) => {
            let kind = match r.bye.as_deref() {
                Some("pairing_allocated") => "PAB",
                Some("full") => "F",
                Some("half") => "H",
                _ => "Z",
            };
            format!("{kind} {}", points(r.game_points))
        }
        _ => "–".to_owned(),
    }
}

/// Won, lost or neither (a match against `opponent`'s side of the same round).
fn team_cell_class(r: &TeamRoundJson, theirs: Option<&TeamRoundJson>) -> Option<&'static str> {
    let theirs = theirs?;
    if r.pending || r.kind == "bye" || r.kind == "absent" {
        return None;
    }
    if r.match_points > theirs.match_points {
        Some("w1")
    } else if r.match_points < theirs.match_points {
        Some("w0")
    } else {
        None
    }
}

/// `GET /t/{id}/team-crosstable[?after=n]`: a team Swiss round by round, a
/// team round robin as a table of every team against every other (game
/// points), both from the team standings' own rounds (up to round n).
pub(crate) async fn crosstable(State(state): State<AppState>, ctx: Ctx, path: One) -> Response {
    let Ok(Path(id)) = path else {
        return ctx.error(&PageError::NotFound("what-tournament"));
    };
    ctx.cached(&state, Scope::Tournament(&id), async {
        let (event, data) = load_teams(&state, &id).await?;
        let paired = event.rounds_paired();
        let after = super::tables::after(&ctx, paired)?;
        let table = team_standings_json(&event.loaded, &data, after)
            .map_err(|e| PageError::Internal(format!("team standings: {e:?}")))?;
        let lang = ctx.lang;
        let round_robin = data.event.system == tournament::team::TeamSystem::RoundRobin;
        let title = lang.t("nav-team-crosstable");
        // Every team's round r, to colour a cell by the opponent's side.
        let of = |team: u32, round: u32| {
            table
                .standings
                .iter()
                .find(|row| row.team == team)
                .and_then(|row| row.rounds.iter().find(|r| r.round == round))
        };
        let body = html! {
            @if paired > 0 { (super::tables::after_links(&ctx, &format!("/t/{id}/team-crosstable"), paired, table.rounds)) }
            h1 { (title) }
            @if round_robin { (team_berger(lang, &table, &of)) } @else { (team_swiss_table(lang, &table, &of)) }
            p.muted { (lang.t("team-crosstable-legend")) }
        };
        let f = event_frame(title, &id, &event, Tab::TeamCrosstable);
        Ok::<Markup, PageError>(frame(&ctx, &f, body))
    })
    .await
}

/// A withdrawn team's tag beside its name ("withdrawn after round k").
fn withdrawn_tag(lang: Lang, row: &TeamStandingJson) -> Markup {
    html! {
        @if let Some(r) = row.withdrawn_from {
            " " span.tag { (super::pages::withdrawn_text(lang, i64::from(r))) }
        }
    }
}

type RoundOf<'a> = dyn Fn(u32, u32) -> Option<&'a TeamRoundJson> + 'a;

fn team_swiss_table<'a>(lang: Lang, table: &'a TeamStandingsJson, of: &RoundOf<'a>) -> Markup {
    html! {
        div.table-wrap tabindex="0" { table.cross.team-cross {
            thead { tr {
                th.num { (lang.t("col-place")) }
                th.num { (lang.t("col-no")) }
                th.name { (lang.t("team-col-team")) }
                @for r in 1..=table.rounds { th { (lang.tr("col-round-n", &[("n", &r)])) } }
                th.num { (lang.t("team-col-match-points")) }
                th.num { (lang.t("team-col-game-points")) }
            } }
            tbody {
                @for row in &table.standings {
                    tr {
                        td.num { (row.place) }
                        td.num { (row.team) }
                        td.name { (row.name) (withdrawn_tag(lang, row)) }
                        @for r in 1..=table.rounds {
                            @match row.rounds.iter().find(|e| e.round == r) {
                                Some(e) => td class=[team_cell_class(e, e.opponent.and_then(|o| of(o, r)))] { (team_cell(e)) },
                                None => td { "–" },
                            }
                        }
                        td.num { (points(row.match_points)) }
                        td.num { (points(row.game_points)) }
                    }
                }
            }
        } }
    }
}

fn team_berger<'a>(lang: Lang, table: &'a TeamStandingsJson, of: &RoundOf<'a>) -> Markup {
    let mut order: Vec<&TeamStandingJson> = table.standings.iter().collect();
    order.sort_by_key(|row| row.team);
    html! {
        div.table-wrap tabindex="0" { table.cross.berger.team-cross {
            thead { tr {
                th.num { (lang.t("col-no")) }
                th.name { (lang.t("team-col-team")) }
                @for col in &order { th { (col.team) } }
                th.num { (lang.t("team-col-match-points")) }
                th.num { (lang.t("team-col-game-points")) }
                th.num { (lang.t("col-place")) }
            } }
            tbody {
                @for row in &order {
                    tr {
                        td.num { (row.team) }
                        td.name { (row.name) (withdrawn_tag(lang, row)) }
                        @for col in &order {
                            @if col.team == row.team {
                                td class="self" {}
                            } @else {
                                @let met: Vec<&TeamRoundJson> = row.rounds.iter().filter(|e| e.opponent == Some(col.team)).collect();
                                td class=[met.first().and_then(|e| team_cell_class(e, of(col.team, e.round)))] {
                                    @for (i, e) in met.iter().enumerate() {
                                        @if i > 0 { " " }
                                        @match e.kind.as_str() {
                                            "forfeit" if e.match_points > 0.0 => "+",
                                            "forfeit" => "−",
                                            _ if e.pending => { (points(e.game_points)) "*" },
                                            _ => (points(e.game_points)),
                                        }
                                    }
                                }
                            }
                        }
                        td.num { strong { (points(row.match_points)) } }
                        td.num { (points(row.game_points)) }
                        td.num { (row.place) }
                    }
                }
            }
        } }
    }
}
