//! Board results: entered or corrected by an arbiter, or written by a
//! recorded game when it ends; a board result never contradicts its game,
//! unless the arbiter corrects it after later rounds were paired on it.

use serde_json::{Map, Value, json};
use sqlx::AnyConnection;

use crate::app::confirm::{self, Confirmation, Level, Warning};
use crate::app::fide_mode::LogLine;
use crate::app::rounds::{BoardJson, board_json};
use crate::app::tournaments::{begin_change, commit_change, load_all};
use crate::auth::audit;
use crate::auth::{Actor, Permission};
use crate::error::ApiError;
use crate::state::AppState;
use crate::store;
use crate::store::model::{ADJOURNED, parse_result};

/// Why a board's result changed, kept in its audit row's `after`: the
/// arbiter's reason (`reason`), or the game event the board followed
/// (`game`: its id, seq and type, with the event's own reason, if any).
#[derive(Clone, Copy)]
pub(crate) enum Cause<'a> {
    /// Entered or corrected by the arbiter, with the reason given and the
    /// warnings the arbiter confirmed (`warnings_overridden`).
    Arbiter {
        reason: Option<&'a str>,
        overridden: &'a [Warning],
    },
    /// Event `seq` of game `game_id` (its body `event`) ended the game or
    /// took its result back.
    Game {
        game_id: &'a str,
        seq: i64,
        event: &'a Map<String, Value>,
    },
}

impl Cause<'_> {
    /// The audit row's `after` for the board's new `result`.
    fn after(self, result: Option<&str>) -> Value {
        let mut after = json!({ "result": result });
        let reason = match self {
            Cause::Arbiter { reason, overridden } => {
                if !overridden.is_empty() {
                    after["warnings_overridden"] = confirm::overridden(overridden);
                }
                reason
            }
            Cause::Game {
                game_id,
                seq,
                event,
            } => {
                after["game"] = json!({ "id": game_id, "seq": seq, "event": event.get("type") });
                // A declared result's grounds: the article it follows from.
                if let Some(grounds) = event.get("grounds") {
                    after["game"]["grounds"] = grounds.clone();
                }
                crate::engine::arbiter_note(event)
            }
        };
        if let Some(reason) = reason.map(str::trim).filter(|r| !r.is_empty()) {
            after["reason"] = reason.into();
        }
        after
    }
}

/// The reason an arbiter gave for a result: trimmed, `None` when blank;
/// a note as [`crate::engine::check_note`] takes it.
pub(crate) fn read_reason(reason: Option<&str>) -> Result<Option<&str>, ApiError> {
    let Some(reason) = reason.and_then(crate::engine::note_text) else {
        return Ok(None);
    };
    crate::engine::check_note("reason", reason)?;
    Ok(Some(reason))
}

/// Enters or corrects the result of `board` of `round` (an arbiter of
/// tournament `id`), for `reason` (kept in the audit row): stored in the
/// one notation whatever spelling `text` has, checked against the board's
/// game, audited, announced to the round's stream. Answers the board as
/// the round shows it.
#[allow(clippy::too_many_arguments)]
pub(crate) async fn enter_result(
    state: &AppState,
    actor: &Actor,
    id: &str,
    round: i64,
    board: i64,
    text: &str,
    reason: Option<&str>,
    confirmation: &Confirmation,
) -> Result<Option<BoardJson>, ApiError> {
    let Some(parsed) = parse_result(text) else {
        return Err(ApiError::invalid_field(
            "result",
            format!(
                "'{}' is not a result (1-0, 0-1, 1/2-1/2, +-, -+, --, 0-0, 1/2-0, 0-1/2, adj)",
                text
            ),
        ));
    };
    // Stored in the one notation whatever spelling was entered.
    let result = parsed.notation();
    let reason = read_reason(reason)?;
    let (_write, mut tx, t) = begin_change(state, actor, Permission::Arbitrate, id).await?;
    crate::app::manual_pairing::refuse_while_open(&t, Some(round))?;
    let contradicted = check_against_game(&mut tx, id, round, board, result).await?;
    // A decisive result for a game adjourned while later rounds were paired
    // on its draw (VCL4THP.13 Q163): level 3, logged.
    let (before, corrected) = store::rounds::results(&mut *tx, id, round, board)
        .await?
        .unwrap_or_default();
    let last_paired = store::rounds::last_paired(&mut *tx, id).await?;
    // Once later rounds were paired on the board's result, its game can no
    // longer change it (`result_paired_on`): the arbiter corrects the board
    // here even against the game's record — in FIDE mode for the rating
    // report only, else as a level 3 warning. Before, the game rules.
    let later_rounds_paired_on_it =
        round < last_paired && before.as_deref().is_some_and(|r| r != ADJOURNED);
    let differs_from_game = match contradicted {
        Some(conflict) if !later_rounds_paired_on_it => return Err(conflict.into_error()),
        // Entered again (with a reason, say): nothing changes to warn of.
        Some(_) if before.as_deref() == Some(result) => None,
        Some(conflict) => Some(conflict),
        None => None,
    };
    // In FIDE mode only the last paired round's results change the pairing
    // data; an earlier round's result, once entered, is corrected for the
    // rating report only (VCL4THP.13 Q189–Q193). An adjourned game's result
    // may be entered any time (Q162).
    if t.fide_mode
        && round < last_paired
        && let Some(paired_on) = before.as_deref().filter(|&r| r != ADJOURNED)
    {
        let correction = Correction {
            id,
            round,
            board,
            paired_on,
            corrected: corrected.as_deref(),
            result,
            reason,
        };
        correction.record(&mut tx, actor, confirmation).await?;
        commit_change(tx, id).await?;
        return answer(state, id, round, board).await;
    }
    let mut log = Vec::new();
    let mut overridden = Vec::new();
    if let Some(conflict) = differs_from_game {
        let warning = Warning::new(
            Level::Confirm,
            "result_differs_from_game",
            format!(
                "the game of round {round} board {board} ended {}, and round {last_paired} was paired on it: the board's result becomes {result}, and the game's record stays as it ended",
                conflict.game_result
            ),
            None,
        );
        let change = (warning.code.clone(), round, board, result);
        overridden = confirm_change(&mut tx, actor, id, change, warning, confirmation).await?;
    } else if before.as_deref() == Some(ADJOURNED)
        && result != ADJOURNED
        && result != tournament::model::GameResult::Draw.notation()
        && last_paired > round
    {
        let warning = Warning::new(
            Level::Confirm,
            "adjourned_result_not_draw",
            format!(
                "the game of round {round} board {board} was adjourned and later rounds were paired on a draw; {result} changes the scores they were paired on"
            ),
            Some("VCL4THP.13 Q163"),
        );
        let change = ("adjourned_result".to_owned(), round, board, result);
        overridden = confirm_change(&mut tx, actor, id, change, warning, confirmation).await?;
        log.push(LogLine::new(
            "Adjournment",
            round,
            &format!("board {board}: adjourned game ended {result}"),
        ));
    }
    set_board_result(
        &mut tx,
        actor,
        id,
        round,
        board,
        result,
        Cause::Arbiter {
            reason,
            overridden: &overridden,
        },
    )
    .await?;
    crate::app::fide_mode::log(&mut tx, actor, id, &log).await?;
    commit_change(tx, id).await?;
    answer(state, id, round, board).await
}

/// A level 3 `warning` on changing a board's result (`change`: the
/// operation, round, board and new result, which its confirmation binds):
/// 409 `confirmation_required` until the arbiter confirms; the warnings
/// he overrode.
async fn confirm_change(
    tx: &mut AnyConnection,
    actor: &Actor,
    id: &str,
    (operation, round, board, result): (String, i64, i64, &str),
    warning: Warning,
    confirmation: &Confirmation,
) -> Result<Vec<Warning>, ApiError> {
    let version = store::tournaments::version(&mut *tx, id)
        .await?
        .unwrap_or(0);
    confirm::require(
        &confirm::Change {
            actor,
            operation: &operation,
            fingerprint: &json!({ "round": round, "board": board, "result": result }),
            version,
        },
        vec![warning],
        confirmation,
    )
}

/// Announces a changed board to its round's stream and answers it as the
/// round shows it.
async fn answer(
    state: &AppState,
    id: &str,
    round: i64,
    board: i64,
) -> Result<Option<BoardJson>, ApiError> {
    state.announce(crate::state::Hint {
        game_id: crate::live::stream::round_topic(id, round),
        seq: 0,
    });
    let loaded = load_all(&mut *state.db().pool().acquire().await?, id).await?;
    Ok(board_json(&loaded, round, board))
}

/// A result of a round before the last paired one, in FIDE mode: later
/// rounds were paired on `paired_on`, which stays; `result`, when it
/// differs, is kept apart for the rating report (level 3, audited, a `###
/// Correction @ Round n` line); entering `paired_on` again withdraws the
/// correction.
struct Correction<'a> {
    id: &'a str,
    round: i64,
    board: i64,
    paired_on: &'a str,
    /// The correction the board has now, if any.
    corrected: Option<&'a str>,
    result: &'a str,
    /// The arbiter's reason.
    reason: Option<&'a str>,
}

impl Correction<'_> {
    async fn record(
        &self,
        tx: &mut AnyConnection,
        actor: &Actor,
        confirmation: &Confirmation,
    ) -> Result<(), ApiError> {
        let Correction {
            id,
            round,
            board,
            paired_on,
            corrected: before,
            result,
            reason,
        } = *self;
        let after = (result != paired_on).then_some(result);
        if before == after {
            if let Some(reason) = reason {
                let unchanged = json!({ "result": paired_on, "rating_result": before });
                annotate(tx, actor, id, round, board, unchanged, reason).await?;
            }
            return Ok(());
        }
        let mut log = Vec::new();
        let mut overridden = Vec::new();
        if let Some(corrected) = after {
            let warning = Warning::new(
                Level::Confirm,
                "past_round_correction",
                format!(
                    "round {round} is before the last paired round: in FIDE mode the pairings keep {paired_on} for board {board}, and {corrected} is kept for the rating report only"
                ),
                Some("VCL4THP.13 Q189–Q192"),
            );
            let change = (warning.code.clone(), round, board, corrected);
            overridden = confirm_change(tx, actor, id, change, warning, confirmation).await?;
            log.push(LogLine::new(
                "Correction",
                round,
                &format!(
                    "board {board}: {corrected} for the rating report; the pairings keep {paired_on}"
                ),
            ));
        } else {
            log.push(LogLine::new(
                "Correction",
                round,
                &format!("board {board}: correction withdrawn; {paired_on} stands"),
            ));
        }
        store::rounds::set_rating_result(tx, id, round, board, after).await?;
        audit::record(
            tx,
            actor,
            Some(id),
            "correct-for-rating",
            "result",
            &format!("{id}/{round}/{board}"),
            Some(&json!({ "result": paired_on, "rating_result": before })),
            Some(&{
                let mut row = Cause::Arbiter {
                    reason,
                    overridden: &overridden,
                }
                .after(Some(paired_on));
                row["rating_result"] = after.into();
                row
            }),
        )
        .await?;
        crate::app::fide_mode::log(tx, actor, id, &log).await
    }
}

/// A board's game that ended with another result than the one entered.
struct GameConflict {
    /// The game's own result.
    game_result: String,
    /// `chess` or `xiangqi`: the remedy the refusal names.
    kind: String,
}

impl GameConflict {
    /// 409 `contradicts_game`, naming the remedy on the game.
    fn into_error(self) -> ApiError {
        let remedy = if self.kind == "xiangqi" {
            "the arbiter annuls the game's ruling (annul_ruling) or declares its result (declare_result) on the game"
        } else {
            "annul the game to enter another result"
        };
        ApiError::conflict(
            "contradicts_game",
            format!(
                "the game on this board ended {}; {remedy}",
                self.game_result
            ),
        )
    }
}

/// A board whose game has recorded events takes its result from the game:
/// none while the game goes on (409 `game_in_progress`), and only the
/// game's own result once it has ended (unless the game was annulled): the
/// game's result when `result` is another.
async fn check_against_game(
    tx: &mut AnyConnection,
    tournament_id: &str,
    round: i64,
    board: i64,
    result: &str,
) -> Result<Option<GameConflict>, ApiError> {
    let games = store::games::lock_on_board(&mut *tx, tournament_id, round, board).await?;
    for game in games {
        let (seq, status, game_result, kind) = (game.seq, game.status, game.result, game.game);
        if seq == 0 || status == "annulled" {
            continue;
        }
        // A game adjourned on its scoresheet (Art. 13) marks its board
        // adjourned.
        if status == "adjourned" && result == ADJOURNED {
            continue;
        }
        match game_result {
            None => {
                return Err(ApiError::conflict(
                    "game_in_progress",
                    "this board's game is being recorded: its result comes from the game",
                ));
            }
            Some(r)
                if parse_result(&r).map(tournament::model::GameResult::notation)
                    != Some(result) =>
            {
                return Ok(Some(GameConflict {
                    game_result: r,
                    kind,
                }));
            }
            Some(_) => {}
        }
    }
    Ok(None)
}

/// Sets a board's result (with an audit row saying why); false when
/// unchanged.
async fn set_board_result(
    tx: &mut AnyConnection,
    actor: &Actor,
    tournament_id: &str,
    round: i64,
    board: i64,
    result: &str,
    cause: Cause<'_>,
) -> Result<bool, ApiError> {
    let before = store::rounds::board_result(&mut *tx, tournament_id, round, board)
        .await?
        .ok_or_else(|| ApiError::not_found("board"))?;
    if before.as_deref() == Some(result) {
        if let Cause::Arbiter {
            reason: Some(reason),
            ..
        } = cause
        {
            let unchanged = json!({ "result": result });
            annotate(tx, actor, tournament_id, round, board, unchanged, reason).await?;
        }
        return Ok(false);
    }
    store::rounds::set_board_result(tx, tournament_id, round, board, result).await?;
    audit::record(
        tx,
        actor,
        Some(tournament_id),
        if before.is_some() { "correct" } else { "enter" },
        "result",
        &format!("{tournament_id}/{round}/{board}"),
        Some(&json!({ "result": before })),
        Some(&cause.after(Some(result))),
    )
    .await?;
    Ok(true)
}

/// A result entered again as it stands, with a reason: the board does not
/// change, and the reason is kept in an `annotate` audit row (`before` and
/// `after` the board's result, `after.reason`) rather than lost.
async fn annotate(
    tx: &mut AnyConnection,
    actor: &Actor,
    tournament_id: &str,
    round: i64,
    board: i64,
    unchanged: Value,
    reason: &str,
) -> Result<(), ApiError> {
    let mut after = unchanged.clone();
    after["reason"] = reason.into();
    audit::record(
        tx,
        actor,
        Some(tournament_id),
        "annotate",
        "result",
        &format!("{tournament_id}/{round}/{board}"),
        Some(&unchanged),
        Some(&after),
    )
    .await?;
    Ok(())
}

/// A game in progress again (the arbiter annulled the ruling that ended
/// it), or a game's first event on a board whose result was entered before
/// it, takes its board's result back: the board has none until the game
/// ends, audited as the result's removal with the event that did it; an
/// adjourned board (`adj`) keeps its mark. Whether the board changed.
pub(crate) async fn reopen_game_result(
    tx: &mut AnyConnection,
    actor: &Actor,
    tournament_id: &str,
    round: i64,
    board: i64,
    cause: Cause<'_>,
) -> Result<bool, ApiError> {
    let before = store::rounds::board_result(&mut *tx, tournament_id, round, board)
        .await?
        .ok_or_else(|| ApiError::not_found("board"))?;
    // An adjourned board waits for its game's result: it counts as a draw
    // meanwhile, as later rounds may have been paired on.
    let Some(before) = before.filter(|b| b != ADJOURNED) else {
        return Ok(false);
    };
    refuse_if_paired_on(tx, tournament_id, round, board, &before, None).await?;
    store::rounds::reopen_board(tx, tournament_id, round, board).await?;
    audit::record(
        tx,
        actor,
        Some(tournament_id),
        "reopen",
        "result",
        &format!("{tournament_id}/{round}/{board}"),
        Some(&json!({ "result": before })),
        Some(&cause.after(None)),
    )
    .await?;
    Ok(true)
}

/// A game that ended through its event log writes its board's result,
/// audited with the event that ended it (`cause`). A board corrected for
/// the rating report only (FIDE mode) keeps its result when the game
/// agrees with the correction, and refuses one that does not. A decisive
/// result for a board adjourned while later rounds were paired on its
/// draw is logged (`### Adjournment`, VCL4THP.13 Q163), as when the
/// arbiter enters it.
pub(crate) async fn record_game_result(
    tx: &mut AnyConnection,
    actor: &Actor,
    tournament_id: &str,
    round: i64,
    board: i64,
    result: &str,
    cause: Cause<'_>,
) -> Result<(), ApiError> {
    let Some(parsed) = parse_result(result) else {
        return Err(ApiError::Internal(format!(
            "a game ended with the result '{result}', which no board can hold"
        )));
    };
    let result = parsed.notation();
    let (before, corrected) = store::rounds::results(&mut *tx, tournament_id, round, board)
        .await?
        .unwrap_or_default();
    match (before.as_deref(), corrected.as_deref()) {
        (_, Some(corrected)) if corrected == result => return Ok(()),
        (_, Some(corrected)) => {
            return Err(ApiError::conflict(
                "result_paired_on",
                format!(
                    "round {round} board {board} was corrected to {corrected} for the rating report; its game cannot end {result}: the arbiter changes or withdraws the correction first (PUT …/boards/{board}/result)"
                ),
            ));
        }
        (Some(before), None) => {
            refuse_if_paired_on(tx, tournament_id, round, board, before, Some(result)).await?;
        }
        (None, None) => {}
    }
    let changed = set_board_result(tx, actor, tournament_id, round, board, result, cause).await?;
    if changed
        && before.as_deref() == Some(ADJOURNED)
        && result != tournament::model::GameResult::Draw.notation()
        && store::rounds::last_paired(&mut *tx, tournament_id).await? > round
    {
        let line = LogLine::new(
            "Adjournment",
            round,
            &format!("board {board}: adjourned game ended {result}"),
        );
        crate::app::fide_mode::log(tx, actor, tournament_id, &[line]).await?;
    }
    Ok(())
}

/// A board whose result later rounds were paired on keeps it: its game may
/// neither take it back (`after` `None`) nor change it — the arbiter
/// corrects the board's result itself (`PUT …/result`; in FIDE mode for
/// the rating report only, VCL4THP.13 Q189–Q193). An adjourned board
/// (`adj`) waits for its game's result (Art. 13; Q162).
async fn refuse_if_paired_on(
    tx: &mut AnyConnection,
    tournament_id: &str,
    round: i64,
    board: i64,
    before: &str,
    after: Option<&str>,
) -> Result<(), ApiError> {
    if before == ADJOURNED || after == Some(before) {
        return Ok(());
    }
    let last = store::rounds::last_paired(&mut *tx, tournament_id).await?;
    if round >= last {
        return Ok(());
    }
    let what = match after {
        Some(after) => format!("make it {after}"),
        None => "take it back".to_owned(),
    };
    Err(ApiError::conflict(
        "result_paired_on",
        format!(
            "round {round} board {board} has the result {before}, on which round {last} was paired: its game cannot {what}; the arbiter corrects the board's result instead (PUT …/boards/{board}/result)"
        ),
    ))
}
