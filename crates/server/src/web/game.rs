//! The game page: the board (server-side SVG), both clocks, the move list,
//! the result and its termination with the article, the PGN download; and
//! the live fragment (`/games/{id}/live`) the page's script re-fetches on
//! each event of the game's stream.

use axum::extract::rejection::PathRejection;
use axum::extract::{Path, State};
use axum::response::Response;
use maud::{Markup, html};
use serde_json::Value;

use super::data::{self, PageError};
use super::layout::{Frame, Tab, frame, raw};
use super::{Ctx, Lang, Page};
use crate::state::AppState;

type One = Result<Path<String>, PathRejection>;

/// `1:05:03`, `4:59`; `-0:03` once a flag is down.
fn clock_text(ms: i64) -> String {
    let sign = if ms < 0 { "-" } else { "" };
    let s = ms.unsigned_abs() / 1000;
    let (h, m, s) = (s / 3600, (s % 3600) / 60, s % 60);
    if h > 0 {
        format!("{sign}{h}:{m:02}:{s:02}")
    } else {
        format!("{sign}{m}:{s:02}")
    }
}

/// A game's status as a caption: the result once there is one, else the
/// status — an adjourned game with its announced resumption (Art. 13.2).
pub(super) fn caption(lang: Lang, view: &serde_json::Map<String, Value>) -> String {
    if let Some(result) = view.get("result").and_then(Value::as_str) {
        return result.replace("1/2", "½");
    }
    let status = view.get("status").and_then(Value::as_str).unwrap_or("");
    let mut text = status_text(lang, status).to_owned();
    if let Some((at, place)) = resumption(view, status) {
        text.push_str(&format!(" · {}: {at}", lang.t("game-resumes")));
        if !place.is_empty() {
            text.push_str(&format!(" · {place}"));
        }
    }
    text
}

/// An adjourned game's announced resumption (Art. 13.2): when and where.
fn resumption<'v>(
    view: &'v serde_json::Map<String, Value>,
    status: &str,
) -> Option<(String, &'v str)> {
    let r = view.get("resumption").filter(|_| status == "adjourned")?;
    let at = r.get("at").and_then(Value::as_str).map(resumption_time);
    let place = r.get("place").and_then(Value::as_str).unwrap_or("");
    (at.is_some() || !place.is_empty()).then(|| (at.unwrap_or_default(), place))
}

fn status_text(lang: Lang, status: &str) -> &'static str {
    match status {
        "scheduled" => lang.t("game-status-scheduled"),
        "in_progress" => lang.t("game-status-in_progress"),
        "adjourned" => lang.t("game-status-adjourned"),
        "finished" => lang.t("game-status-finished"),
        _ => lang.t("game-status-annulled"),
    }
}

/// An RFC 3339 instant as a reader at the venue reads it: `2026-05-02
/// 14:30 UTC` (the text as sent when it is not one).
fn resumption_time(text: &str) -> String {
    chrono::DateTime::parse_from_rfc3339(text).map_or_else(
        |_| text.to_owned(),
        |t| {
            t.with_timezone(&chrono::Utc)
                .format("%Y-%m-%d %H:%M UTC")
                .to_string()
        },
    )
}

/// The live part of the page: board, clocks, status, result, moves.
fn live(lang: Lang, game: &data::Game) -> Markup {
    let v = &game.view;
    let fen = v.get("fen").and_then(Value::as_str).unwrap_or("");
    let status = v.get("status").and_then(Value::as_str).unwrap_or("");
    let result = v.get("result").and_then(Value::as_str);
    let clocks = v.get("clocks");
    let running = clocks
        .and_then(|c| c.get("running"))
        .and_then(Value::as_str);
    let termination = v.get("termination").filter(|t| !t.is_null());
    let reason = termination.and_then(|t| t.get("reason"));
    let resumption = resumption(v, status);
    let moves: Vec<&str> = game.state.reader_move_texts(lang == Lang::Zh).collect();
    let xiangqi = game.row.game == crate::engine::GameKind::Xiangqi;
    // Xiangqi clocks are `red_ms` / `black_ms`; Red holds the first seat.
    let first = if xiangqi { "red" } else { "white" };
    let clock = |colour: &str, name: &str, who: &str| {
        let ms = clocks
            .and_then(|c| c.get(format!("{colour}_ms")))
            .and_then(Value::as_i64);
        let on = running == Some(colour) && status == "in_progress";
        html! {
            div class=(if on { "clock running" } else { "clock" }) data-colour=(colour) {
                div.who { (who) " · " (name) }
                @match ms {
                    Some(ms) => { div.time data-ms=(ms) { (clock_text(ms)) } }
                    None => { div.time { (lang.t("game-clock-untimed")) } }
                }
            }
        }
    };
    html! {
        div #live data-game=(game.row.id) data-seq=(game.row.seq) data-lang=(lang.param()) data-status=(status) {
            div.game {
                div.board { (raw(super::board_svg(game.row.game, fen, true))) }
                div.side {
                    div.clocks {
                        (clock(first, &game.row.white, lang.t(if xiangqi { "colour-red" } else { "colour-white" })))
                        (clock("black", &game.row.black, lang.t("colour-black")))
                    }
                    p {
                        @if let (None, Some(board)) = (result, &game.board_result) {
                            // The arbiter entered the board's result: the
                            // game itself has no moves to show for it.
                            span.tag.status { (lang.t("game-board-result")) }
                            " " span.result-line { (super::words::result_text(lang, board)) }
                            @if matches!(board.as_str(), "+-" | "-+" | "--") {
                                " " span.muted { (lang.t("result-forfeit")) }
                            }
                        } @else {
                            span.tag.status { (status_text(lang, status)) }
                            @if let Some(r) = result {
                                " " span.result-line { (r.replace("1/2", "½")) }
                            }
                        }
                    }
                    @if let (Some(_), Some(board)) = (result, &game.board_result) {
                        // The arbiter corrected the board after later rounds
                        // were paired on it: the event counts the board's.
                        p.board-corrected {
                            strong { (lang.t("game-board-corrected")) ": " }
                            (super::words::result_text(lang, board))
                        }
                    }
                    @if let Some((at, place)) = resumption {
                        p.resumption {
                            strong { (lang.t("game-resumes")) ": " }
                            (at)
                            @if !place.is_empty() { " · " (place) }
                            " (" (lang.tr("game-article", &[("article", &"13.2")])) ")"
                        }
                    }
                    @if let Some(reason) = reason {
                        p.termination {
                            strong { (lang.t("game-termination")) ": " }
                            (termination_text(lang, reason))
                            @if let Some(a) = reason.get("article").and_then(Value::as_str) {
                                (article_note(lang, a))
                            }
                        }
                        // The English message quotes the arbiter already.
                        @if let Some(note) = game.note.as_deref().filter(|_| lang != Lang::En) {
                            p.termination-note {
                                strong { (lang.t("game-arbiter-note")) ": " }
                                (note)
                            }
                        }
                    }
                    h2 { (lang.t("game-moves")) }
                    @if moves.is_empty() {
                        p.muted { (lang.t("game-no-moves")) }
                    } @else {
                        ol.moves tabindex="0" {
                            @for pair in moves.chunks(2) {
                                li {
                                    @for ply in pair { span.san { (ply) } }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

async fn load(state: &AppState, path: One) -> Result<data::Game, PageError> {
    let Ok(Path(id)) = path else {
        return Err(PageError::NotFound("what-game"));
    };
    data::game_with_board(state, &id)
        .await
        .map_err(|e| PageError::from_api(e, "what-game"))
}

/// `GET /games/{id}`.
pub(crate) async fn page(State(state): State<AppState>, ctx: Ctx, path: One) -> Response {
    let result = async {
        let game = load(&state, path).await?;
        let lang = ctx.lang;
        let title = lang.tr(
            "game-title",
            &[("white", &game.row.white), ("black", &game.row.black)],
        );
        let tournament = game.row.tournament_id.as_ref().map(|id| {
            (
                id.clone(),
                game.row.tournament_name.clone().unwrap_or_default(),
            )
        });
        let body = html! {
            h1 { (title) }
            @if let (Some((id, _)), Some(round), Some(board)) = (&tournament, game.row.round, game.row.board) {
                p.muted {
                    a href=(format!("/t/{id}/rounds/{round}")) {
                        (lang.tr("game-round-board", &[("round", &round), ("board", &board)]))
                    }
                }
            }
            (live(lang, &game))
            p.no-print {
                a href=(format!("/api/v1/games/{}/pgn", game.row.id)) download=(format!("{}.pgn", game.row.id)) { (lang.t("game-pgn")) }
            }
            @if game.board_result.is_none() {
                p.live-note { (lang.t("game-live")) }
            }
        };
        let mut f = match &tournament {
            // A tournament's game sits in its round: the Pairings tab leads
            // back to that round.
            Some((id, name)) => match game.row.round.and_then(|n| u32::try_from(n).ok()) {
                Some(round) if round > 0 => Frame::event(&title, id, name, round, Tab::Pairings),
                _ => Frame::event(&title, id, name, 0, Tab::None),
            },
            None => Frame::plain(&title),
        };
        f.live = true;
        Ok::<Markup, PageError>(frame(&ctx, &f, body))
    }
    .await;
    ctx.answer(result)
}

/// `GET /games/{id}/live`: the live fragment alone (what the script swaps in).
pub(crate) async fn fragment(State(state): State<AppState>, ctx: Ctx, path: One) -> Response {
    match load(&state, path).await {
        Ok(game) => Page::ok(ctx.lang, false, live(ctx.lang, &game)).respond(&ctx.headers),
        Err(e) => ctx.error(&e),
    }
}

/// The article a ruling cites, after its text: " (Art. xq 4.1.9)" in
/// English, "（第 4.1.9 条）" in Chinese (the game's own rules: a Xiangqi
/// article needs no prefix there).
fn article_note(lang: Lang, article: &str) -> String {
    if lang == Lang::Zh {
        let article = article.strip_prefix("xq ").unwrap_or(article);
        format!("（{}）", lang.tr("game-article", &[("article", &article)]))
    } else {
        format!(" ({})", lang.tr("game-article", &[("article", &article)]))
    }
}

/// The reason a game ended, in the reader's language: the ruling's own
/// message in English; elsewhere its code's text, which the catalogue holds
/// for every ruling (the message, naming who, is English only).
fn termination_text(lang: Lang, reason: &Value) -> String {
    let message = reason.get("message").and_then(Value::as_str).unwrap_or("");
    if lang == Lang::En {
        return message.to_string();
    }
    let code = reason.get("code").and_then(Value::as_str).unwrap_or("");
    // A Xiangqi ruling (article `xq …`) has its own words where the game's
    // differ from chess's: 困毙 loses, where chess's stalemate draws.
    let xiangqi = reason
        .get("article")
        .and_then(Value::as_str)
        .is_some_and(|a| a.starts_with("xq "));
    let own = if xiangqi {
        lang.t(&format!("code-xq-{code}"))
    } else {
        ""
    };
    match own {
        "" => match lang.t(&format!("code-{code}")) {
            "" => message.to_string(),
            text => text.to_string(),
        },
        text => text.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::{Lang, article_note, termination_text};

    #[test]
    fn an_article_reads_as_each_language_writes_it() {
        assert_eq!(article_note(Lang::Zh, "xq 4.2.3"), "（第 4.2.3 条）");
        assert_eq!(article_note(Lang::Zh, "9.6.1"), "（第 9.6.1 条）");
        assert!(article_note(Lang::En, "xq 4.2.3").contains("xq 4.2.3"));
    }

    #[test]
    fn the_reason_a_game_ended_reads_in_the_readers_language() {
        let reason = json!({ "code": "resignation", "message": "black resigns: red wins", "article": "xq 4.1.9" });
        assert_eq!(
            termination_text(Lang::En, &reason),
            "black resigns: red wins"
        );
        assert_eq!(termination_text(Lang::Zh, &reason), "认输");
        // 困毙: the side that cannot move loses (xq 4.1.3), not chess's draw.
        let stalemate = json!({ "code": "stalemate", "message": "black cannot move: red wins", "article": "xq 4.1.3" });
        assert_eq!(termination_text(Lang::Zh, &stalemate), "困毙：无子可动者负");
        let chess = json!({ "code": "stalemate", "message": "stalemate", "article": "5.2.1" });
        assert_eq!(termination_text(Lang::Zh, &chess), "逼和（无子可动）");
        let unknown = json!({ "code": "no_such_code", "message": "as the arbiter wrote it" });
        assert_eq!(
            termination_text(Lang::Zh, &unknown),
            "as the arbiter wrote it"
        );
    }

    #[test]
    fn clocks_read_as_a_person_reads_them() {
        assert_eq!(super::clock_text(5_400_000), "1:30:00");
        assert_eq!(super::clock_text(299_500), "4:59");
        assert_eq!(super::clock_text(-3_000), "-0:03");
        assert_eq!(super::clock_text(i64::MIN), "-2562047788015:12:55");
    }
}
