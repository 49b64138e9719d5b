//! Manual pairing (issue 34 item 4; VCL4THP.13 Q64–Q69): the arbiter opens
//! a manual phase for the last paired round, replaces its pairing by hand
//! (exchange opponents, swap colours, give or take the pairing-allocated
//! bye, pair a late player), and closes the phase.
//!
//! - **Open** (Q65: a clear start): the round is the last paired one, has no
//!   result and no game played. While the phase is open the next round
//!   cannot be paired and no result can be entered in the round
//!   (409 `manual_phase_open`).
//! - **Change**: the whole round as it should be, by start number. Every
//!   player of the round before the change stays in it (a player leaves a
//!   round by a bye or a withdrawal, not by being left out); a player with
//!   a requested bye or withdrawn is refused; a late player may be paired
//!   (he then joins at this round). The new round goes through the checker
//!   of `arbiter check`: a repeat game, a forbidden pair, an illegal
//!   pairing-allocated bye or a colour rule broken (three of one colour in
//!   a row, a difference above 2) is a level 3 warning (Q66); a board where
//!   both players get the colour opposite to the one they expect is level 2
//!   (Q67).
//! - **Close** (Q65: a clear end, Q68–Q69): the round is compared with what
//!   the engine pairs; a difference is a level 3 warning and, confirmed, an
//!   `### MPA @ Round n` line of the TRF.

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use utoipa::ToSchema;

use crate::app::confirm::{self, Confirmation, Level, Warning};
use crate::app::fide_mode::{self, LogLine};
use crate::app::rounds::{
    NewBoard, RoundJson, check_untouched_last_round, round_json, round_start, write_round,
};
use crate::app::tournaments::{TournamentRow, begin_change, commit_change, load_all};
use crate::auth::{Actor, Permission, audit};
use crate::error::ApiError;
use crate::state::AppState;
use crate::store;
use crate::store::model::{Loaded, model_player, to_model};

/// The key of a tournament's `details` that holds the round in its manual
/// phase.
const KEY: &str = "manual_round";

/// The round of `t` in its manual phase, if one is.
pub(crate) fn manual_round(t: &TournamentRow) -> Option<i64> {
    t.details.get(KEY).and_then(Value::as_i64)
}

/// 409 `manual_phase_open` when round `round` of `t` (any round: `None`) is
/// in its manual phase.
pub(crate) fn refuse_while_open(t: &TournamentRow, round: Option<i64>) -> Result<(), ApiError> {
    match manual_round(t) {
        Some(n) if round.is_none_or(|r| r == n) => Err(ApiError::conflict(
            "manual_phase_open",
            format!("round {n} is being paired by hand: close its manual phase first"),
        )),
        _ => Ok(()),
    }
}

/// `PUT /tournaments/{id}/rounds/{n}/pairings` body: the round as it
/// should be, by start number.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct ManualPairing {
    /// The boards in order (board 1 first).
    pub boards: Vec<ManualBoard>,
    /// The player who gets the pairing-allocated bye, if any.
    #[serde(default)]
    pub pairing_allocated_bye: Option<u32>,
}

/// One board of a manual pairing.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct ManualBoard {
    pub white: u32,
    pub black: u32,
}

/// A round with its manual phase, as the manual pairing's operations
/// answer.
#[derive(Debug, Serialize, ToSchema)]
pub(crate) struct ManualRound {
    #[serde(flatten)]
    pub round: RoundJson,
    /// Whether the round is in its manual phase.
    pub manual_phase: bool,
}

/// The checks every step makes: an event of individuals, and the round
/// the last paired one, untouched (no result, no game played).
fn check_round(loaded: &Loaded, number: i64) -> Result<(), ApiError> {
    if loaded.tournament.teams.is_some() {
        return Err(ApiError::unprocessable(
            "not_for_team_events",
            "a team event's rounds are paired by team (its lineups), not by hand here",
        ));
    }
    check_untouched_last_round(loaded, number, "paired by hand")
}

fn answer(loaded: &Loaded, number: i64) -> ManualRound {
    ManualRound {
        round: round_json(loaded, number),
        manual_phase: manual_round(&loaded.tournament) == Some(number),
    }
}

/// Sets (or clears) the round in its manual phase.
async fn set_phase(
    tx: &mut sqlx::AnyConnection,
    loaded: &mut Loaded,
    round: Option<i64>,
) -> Result<(), ApiError> {
    let t = &mut loaded.tournament;
    if !t.details.is_object() {
        t.details = json!({});
    }
    if let Some(map) = t.details.as_object_mut() {
        match round {
            Some(n) => map.insert(KEY.into(), json!(n)),
            None => map.remove(KEY),
        };
    }
    store::tournaments::update(tx, t).await?;
    Ok(())
}

/// Ends the manual phase of `t`'s round, if one is open, without a word:
/// the round is un-paired.
pub(crate) async fn forget(
    tx: &mut sqlx::AnyConnection,
    t: &TournamentRow,
) -> Result<(), ApiError> {
    if manual_round(t).is_some() {
        let mut t = t.clone();
        if let Some(map) = t.details.as_object_mut() {
            map.remove(KEY);
        }
        store::tournaments::update(tx, &t).await?;
    }
    Ok(())
}

/// Opens the manual phase of round `number` of tournament `id` (the
/// organiser or chief arbiter; see the module documentation). Opening it
/// again is harmless.
pub(crate) async fn open(
    state: &AppState,
    actor: &Actor,
    id: &str,
    number: i64,
) -> Result<ManualRound, ApiError> {
    let (_write, mut tx, _) = begin_change(state, actor, Permission::Manage, id).await?;
    store::tournaments::lock_for_pairing(&mut tx, id).await?;
    let mut loaded = load_all(&mut tx, id).await?;
    check_round(&loaded, number)?;
    if manual_round(&loaded.tournament) == Some(number) {
        return Ok(answer(&loaded, number));
    }
    set_phase(&mut tx, &mut loaded, Some(number)).await?;
    audit::record(
        &mut tx,
        actor,
        Some(id),
        "manual-open",
        "round",
        &format!("{id}/{number}"),
        None,
        Some(&serde_json::to_value(round_json(&loaded, number))?),
    )
    .await?;
    commit_change(tx, id).await?;
    Ok(answer(&loaded, number))
}

/// Replaces the pairing of round `number`, in its manual phase, with
/// `body` (see the module documentation): carried out only with the
/// confirmation its warnings need; audited with the round before and after.
pub(crate) async fn change(
    state: &AppState,
    actor: &Actor,
    id: &str,
    number: i64,
    body: ManualPairing,
    confirmation: &Confirmation,
) -> Result<ManualRound, ApiError> {
    let (_write, mut tx, _) = begin_change(state, actor, Permission::Manage, id).await?;
    let version = store::tournaments::version(&mut *tx, id)
        .await?
        .unwrap_or(0);
    store::tournaments::lock(&mut tx, id).await?;
    store::games::lock_round(&mut tx, id, number).await?;
    store::rounds::lock_boards(&mut tx, id, number).await?;
    let loaded = load_all(&mut tx, id).await?;
    check_round(&loaded, number)?;
    if manual_round(&loaded.tournament) != Some(number) {
        return Err(ApiError::conflict(
            "manual_phase_closed",
            format!("round {number} is not in its manual phase: open it first"),
        ));
    }
    let late = check_players(&loaded, number, &body)?;
    let before = round_json(&loaded, number);
    let starts = loaded
        .starts
        .get(&number)
        .cloned()
        .flatten()
        .map(|text| round_start("starts_at", &text))
        .transpose()?;
    store::rounds::delete_round(&mut tx, id, number).await?;
    for player_id in &late {
        store::players::set_joins_at(&mut tx, player_id, Some(number)).await?;
    }
    let rewritten = load_all(&mut tx, id).await?;
    let boards: Vec<NewBoard> = body
        .boards
        .iter()
        .map(|b| NewBoard {
            white: b.white,
            black: b.black,
        })
        .collect();
    write_round(
        &mut tx,
        actor,
        &rewritten,
        &to_model(&rewritten)?,
        number,
        &boards,
        body.pairing_allocated_bye
            .map(|sn| (sn, tournament::model::ByeKind::PairingAllocated)),
        starts.as_ref(),
    )
    .await?;
    let after = load_all(&mut tx, id).await?;
    let warnings = change_warnings(&to_model(&after)?, number);
    let overridden = confirm::require(
        &confirm::Change {
            actor,
            operation: "manual_pairing",
            fingerprint: &json!({ "round": number, "pairing": body }),
            version,
        },
        warnings,
        confirmation,
    )?;
    audit::record(
        &mut tx,
        actor,
        Some(id),
        "manual-pairing",
        "round",
        &format!("{id}/{number}"),
        Some(&serde_json::to_value(&before)?),
        Some(&json!({
            "round": round_json(&after, number),
            "warnings_overridden": confirm::overridden(&overridden),
        })),
    )
    .await?;
    commit_change(tx, id).await?;
    Ok(answer(&after, number))
}

/// Closes the manual phase of round `number`: a difference from the
/// engine's pairing is a level 3 warning and, confirmed, an `### MPA @
/// Round n` line.
pub(crate) async fn close(
    state: &AppState,
    actor: &Actor,
    id: &str,
    number: i64,
    confirmation: &Confirmation,
) -> Result<ManualRound, ApiError> {
    let (_write, mut tx, _) = begin_change(state, actor, Permission::Manage, id).await?;
    let version = store::tournaments::version(&mut *tx, id)
        .await?
        .unwrap_or(0);
    store::tournaments::lock(&mut tx, id).await?;
    let mut loaded = load_all(&mut tx, id).await?;
    if manual_round(&loaded.tournament) != Some(number) {
        return Err(ApiError::conflict(
            "manual_phase_closed",
            format!("round {number} is not in its manual phase"),
        ));
    }
    let model = to_model(&loaded)?;
    let mut warnings = Vec::new();
    let mut log = Vec::new();
    for text in fide_mode::round_findings(&model, number)
        .into_iter()
        .filter(|f| f.rule == "different-pairing")
        .map(|f| f.text)
    {
        warnings.push(Warning::new(
            Level::Confirm,
            "differs_from_engine",
            format!("round {number} differs from the pairing the rules make: {text}"),
            Some("VCL4THP.13 Q68-Q69"),
        ));
        log.push(LogLine::new("MPA", number, &text));
    }
    let overridden = confirm::require(
        &confirm::Change {
            actor,
            operation: "manual_close",
            fingerprint: &json!({ "round": number }),
            version,
        },
        warnings,
        confirmation,
    )?;
    set_phase(&mut tx, &mut loaded, None).await?;
    audit::record(
        &mut tx,
        actor,
        Some(id),
        "manual-close",
        "round",
        &format!("{id}/{number}"),
        None,
        Some(&json!({
            "round": round_json(&loaded, number),
            "warnings_overridden": confirm::overridden(&overridden),
        })),
    )
    .await?;
    fide_mode::log(&mut tx, actor, id, &log).await?;
    commit_change(tx, id).await?;
    Ok(answer(&loaded, number))
}

/// The players of a manual pairing checked against the tournament's: each
/// start number known and used once, none withdrawn or with a requested
/// bye in the round, every player of the round as it stands kept. Answers
/// the ids of late players it pairs (they join at this round).
fn check_players(
    loaded: &Loaded,
    number: i64,
    body: &ManualPairing,
) -> Result<Vec<String>, ApiError> {
    let round = u32::try_from(number).unwrap_or(0);
    let mut seen = BTreeSet::new();
    let mut late = Vec::new();
    let mut places: Vec<(String, u32)> = Vec::new();
    for (i, b) in body.boards.iter().enumerate() {
        places.push((format!("boards[{i}].white"), b.white));
        places.push((format!("boards[{i}].black"), b.black));
    }
    if let Some(sn) = body.pairing_allocated_bye {
        places.push(("pairing_allocated_bye".into(), sn));
    }
    for (at, sn) in &places {
        let Some(row) = loaded
            .players
            .iter()
            .find(|p| p.start_number == i64::from(*sn))
        else {
            return Err(ApiError::invalid_field(
                at,
                format!("no player has start number {sn}"),
            ));
        };
        if !seen.insert(*sn) {
            return Err(ApiError::invalid_field(
                at,
                format!("start number {sn} is paired twice"),
            ));
        }
        let why = match model_player(row)?.status(round) {
            tournament::model::PlayerStatus::Playing => None,
            tournament::model::PlayerStatus::NotYetEntered => {
                late.push(row.id.clone());
                None
            }
            tournament::model::PlayerStatus::Withdrawn => Some("has withdrawn"),
            tournament::model::PlayerStatus::RequestedBye(_) => {
                Some("has a requested bye in this round (take it back first)")
            }
        };
        if let Some(why) = why {
            return Err(ApiError::Unprocessable {
                code: "player_not_available".into(),
                message: format!("{} ({sn}) {why}", row.name),
                article: None,
                at: Some(at.clone()),
            });
        }
    }
    // Everyone paired in the round now (on a board or with the
    // pairing-allocated bye) stays in it.
    let in_round = loaded
        .boards
        .iter()
        .filter(|b| b.round == number)
        .flat_map(|b| [b.white_id.as_str(), b.black_id.as_str()])
        .chain(
            loaded
                .byes
                .iter()
                .filter(|b| b.round == number && b.kind == "pairing_allocated")
                .map(|b| b.player_id.as_str()),
        );
    for player_id in in_round {
        if let Some(p) = loaded.player(player_id)
            && !u32::try_from(p.start_number).is_ok_and(|sn| seen.contains(&sn))
        {
            return Err(ApiError::Unprocessable {
                code: "player_left_out".into(),
                message: format!(
                    "{} ({}) is paired in round {number} and missing from the new pairing: a player leaves a round by a bye or a withdrawal",
                    p.name, p.start_number
                ),
                article: None,
                at: Some("boards".into()),
            });
        }
    }
    Ok(late)
}

/// The warnings of a round paired by hand: each breach of an absolute
/// criterion level 3, each board where both players get the colour they do
/// not expect level 2.
fn change_warnings(model: &tournament::model::Tournament, number: i64) -> Vec<Warning> {
    let mut warnings = Vec::new();
    // The round written as a TRF once, for both looks at it.
    let Some(document) = fide_mode::checkable(model, number) else {
        return warnings;
    };
    for f in fide_mode::findings_in(&document, number) {
        let code = match f.rule {
            "different-pairing" => continue,
            "rematch" => "repeat_game",
            "forbidden-pair" => "forbidden_pair",
            "bye-to-ineligible-player" | "superfluous-bye" => "illegal_bye",
            "same-absolute-colour-preference" | "absolute-colour-preference-ignored" => {
                "colour_rule_broken"
            }
            _ => "pairing_rule_broken",
        };
        warnings.push(Warning::new(
            Level::Confirm,
            code,
            format!("round {number}: {}", f.text),
            Some(f.article),
        ));
    }
    for (white, black) in fide_mode::opposite_colours_in(&document, number) {
        warnings.push(Warning::new(
            Level::Acknowledge,
            "colours_opposite_to_expected",
            format!(
                "round {number}: {white} and {black} both get the colour opposite to the one they expect"
            ),
            Some("VCL4THP.13 Q67"),
        ));
    }
    warnings
}
