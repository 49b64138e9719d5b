//! Rounds as operations make and read them: pairing the next round (the
//! `tournament` crate pairs: FIDE Dutch or Berger tables, from the model
//! built by `store::model::to_model`), renumbering in FIDE order, writing a
//! round's boards, games and byes (also for the TRF import), and a round as
//! the API and the pages show it.

use std::collections::{BTreeMap, HashMap};

use serde::Serialize;
use serde_json::json;
use sqlx::AnyConnection;
use tournament::model::{self, ByeKind, Player, StartNumber, Tournament};
use utoipa::ToSchema;
use uuid::Uuid;

use crate::app::tournaments::{begin_change, commit_change, load_all};
use crate::auth::audit;
use crate::auth::{Actor, Permission};

use crate::error::ApiError;
use crate::model::byes::bye_text;
use crate::state::AppState;
use crate::store;
use crate::store::games::NewGame;
use crate::store::model::{ADJOURNED, Loaded, model_player, to_model};
use crate::store::players::PlayerRow;
/// A board of a round as stored (the pages read it through [`crate::app`]).
pub(crate) use crate::store::rounds::BoardRow;
use crate::time::now_text;

/// Sets (or, `None`, removes) the scheduled start of round `number` of
/// tournament `id` while none of its games has been played (the organiser
/// or chief arbiter `actor`; 409 `round_started`), audited. Answers the
/// round as changed.
pub(crate) async fn reschedule(
    state: &AppState,
    actor: &Actor,
    id: &str,
    number: i64,
    starts: Option<&RoundStart>,
) -> Result<RoundJson, ApiError> {
    let (_write, mut tx, _) = begin_change(state, actor, Permission::Manage, id).await?;
    store::tournaments::lock(&mut tx, id).await?;
    store::games::lock_round(&mut tx, id, number).await?;
    let loaded = load_all(&mut tx, id).await?;
    if number < 1 || number > loaded.rounds {
        return Err(ApiError::not_found("round"));
    }
    if let Some(b) = recorded_board(&loaded, number) {
        return Err(ApiError::conflict(
            "round_started",
            format!(
                "board {} of round {number} has been played (recorded events or an annulled game): the scheduled start is part of its games' setup",
                b.board
            ),
        ));
    }
    let before = round_json(&loaded, number);
    let starts_at = starts.map(|s| s.text.as_str());
    store::rounds::set_start(&mut tx, id, number, starts_at).await?;
    store::games::set_round_start(&mut tx, id, number, starts.map(|s| s.ms)).await?;
    let mut after_loaded = loaded;
    after_loaded
        .starts
        .insert(number, starts.map(|s| s.text.clone()));
    let after = round_json(&after_loaded, number);
    audit::record(
        &mut tx,
        actor,
        Some(id),
        "schedule",
        "round",
        &format!("{id}/{number}"),
        Some(&json!({ "starts_at": before.starts_at })),
        Some(&json!({ "starts_at": after.starts_at })),
    )
    .await?;
    commit_change(tx, id).await?;
    Ok(after)
}

/// Un-pairs round `number`, the last paired round of tournament `id`,
/// while none of its boards has a result and none of its games has been
/// played (the organiser or chief arbiter `actor`): its boards, games and
/// byes go; the audit row keeps the round as it was, which is answered.
pub(crate) async fn unpair(
    state: &AppState,
    actor: &Actor,
    id: &str,
    number: i64,
) -> Result<RoundJson, ApiError> {
    let (_write, mut tx, _) = begin_change(state, actor, Permission::Manage, id).await?;
    // Lock order as in event recording: games, then boards.
    store::tournaments::lock(&mut tx, id).await?;
    store::games::lock_round(&mut tx, id, number).await?;
    store::rounds::lock_boards(&mut tx, id, number).await?;
    let loaded = load_all(&mut tx, id).await?;
    check_untouched_last_round(&loaded, number, "un-paired")?;
    let before = round_json(&loaded, number);
    store::rounds::delete_round(&mut tx, id, number).await?;
    // The round in its manual phase goes, and the phase with it.
    crate::app::manual_pairing::forget(&mut tx, &loaded.tournament).await?;
    audit::record(
        &mut tx,
        actor,
        Some(id),
        "unpair",
        "round",
        &format!("{id}/{number}"),
        Some(&serde_json::to_value(&before)?),
        None,
    )
    .await?;
    commit_change(tx, id).await?;
    Ok(before)
}

/// Round `number` of `loaded` may be replaced as a whole (un-paired, or
/// paired again by hand: `done` says which): it exists (404), it is the
/// last paired round (409 `not_last_round`), none of its boards has a
/// result (409 `round_has_results`) and none of its games has been played
/// (409 `round_started`).
pub(crate) fn check_untouched_last_round(
    loaded: &Loaded,
    number: i64,
    done: &str,
) -> Result<(), ApiError> {
    if number < 1 || number > loaded.rounds {
        return Err(ApiError::not_found("round"));
    }
    if number != loaded.rounds {
        return Err(ApiError::conflict(
            "not_last_round",
            format!(
                "only the last paired round ({}) can be {done}",
                loaded.rounds
            ),
        ));
    }
    if let Some(b) = loaded
        .boards
        .iter()
        .find(|b| b.round == number && b.result.is_some())
    {
        return Err(ApiError::conflict(
            "round_has_results",
            format!(
                "board {} of round {number} has a result; a round with results cannot be {done}",
                b.board
            ),
        ));
    }
    if let Some(b) = recorded_board(loaded, number) {
        return Err(ApiError::conflict(
            "round_started",
            format!(
                "board {} of round {number} has been played (recorded events or an annulled game); a round being played cannot be {done}",
                b.board
            ),
        ));
    }
    Ok(())
}

/// A board of round `number` that has been played: its game has recorded
/// events, or a game of it was annulled (and is being replayed).
fn recorded_board(loaded: &Loaded, number: i64) -> Option<&BoardRow> {
    loaded
        .boards
        .iter()
        .find(|b| b.round == number && (b.recorded || !b.annulled_game_ids.is_empty()))
}

/// The player a pairing leaves without an opponent, with his bye: a
/// Swiss's pairing-allocated bye, or a round robin's round sat out
/// ([`ByeKind::Absent`]: no game, no points).
pub(crate) type SystemBye = (StartNumber, ByeKind);

/// One board of a new round, by start number.
pub(crate) struct NewBoard {
    pub white: StartNumber,
    pub black: StartNumber,
}

/// Pairs the next round: the boards and who gets the pairing-allocated bye.
fn pair_next(t: &Tournament) -> Result<(Vec<NewBoard>, Option<SystemBye>), ApiError> {
    match t.system {
        model::System::Swiss => {
            let swiss = tournament::dutch::swiss_for_next_round(t).map_err(|e| match e {
                tournament::dutch::InputError::ResultsMissing { .. } => {
                    ApiError::conflict("results_missing", e.to_string())
                }
                tournament::dutch::InputError::AllRoundsPaired { .. } => {
                    ApiError::conflict("all_rounds_paired", e.to_string())
                }
                other => ApiError::unprocessable("cannot_pair", other.to_string()),
            })?;
            let pairings = tournament::dutch::pair_round(&swiss).map_err(|e| match e {
                tournament::dutch::DutchError::NoValidPairing => ApiError::Unprocessable {
                    code: "no_valid_pairing".into(),
                    message: e.to_string(),
                    article: Some("C.04.3 C.1-C.4".into()),
                    at: None,
                },
                other => ApiError::unprocessable("cannot_pair", other.to_string()),
            })?;
            let sn = |i: usize| u32::try_from(i + 1).unwrap_or(0);
            let mut boards = Vec::new();
            let mut pab = None;
            for p in pairings {
                match p.black {
                    Some(black) => boards.push(NewBoard {
                        white: sn(p.white),
                        black: sn(black),
                    }),
                    None => pab = Some((sn(p.white), ByeKind::PairingAllocated)),
                }
            }
            Ok((boards, pab))
        }
        model::System::RoundRobin | model::System::DoubleRoundRobin => {
            let round = tournament::round_robin::pair_next_round(t)
                .map_err(|e| ApiError::conflict("cannot_pair", e.to_string()))?;
            let rest = round
                .byes
                .iter()
                .find(|b| b.kind == ByeKind::Absent)
                .map(|b| (b.player, b.kind));
            let boards = round
                .boards
                .iter()
                .map(|b| NewBoard {
                    white: b.white,
                    black: b.black,
                })
                .collect();
            Ok((boards, rest))
        }
    }
}

/// A round's scheduled start: the stored RFC 3339 text and the events'
/// timeline milliseconds.
#[derive(Debug, Clone)]
pub(crate) struct RoundStart {
    pub(crate) text: String,
    pub(crate) ms: i64,
}

pub(crate) fn round_start(field: &str, text: &str) -> Result<RoundStart, ApiError> {
    let ms = crate::engine::check_start_time(field, text)?;
    let at = chrono::DateTime::from_timestamp_millis(ms)
        .ok_or_else(|| ApiError::invalid_field(field, "out of range"))?;
    Ok(RoundStart {
        text: crate::time::time_text(at),
        ms,
    })
}

/// Pairs the next round of tournament `id` (the organiser or chief arbiter
/// `actor`): FIDE Dutch or Berger tables, a team event by team; renumbers
/// the players in FIDE order before round 1 of an event not imported. The
/// pairing is computed outside the write transaction and written only if
/// nothing it was computed from changed meanwhile (409 `tournament_changed`).
pub(crate) async fn pair_next_round(
    state: &AppState,
    actor: &Actor,
    id: &str,
    starts: Option<&RoundStart>,
    confirmation: &crate::app::confirm::Confirmation,
) -> Result<RoundJson, ApiError> {
    // Read without the write guard or a write transaction: pairing a large
    // Swiss takes seconds and must not hold up every other write.
    let read = {
        let mut conn = state.db().pool().acquire().await?;
        load_all(&mut conn, id).await?
    };
    actor.require(
        Permission::Manage,
        id,
        read.tournament.owner_token.as_deref(),
    )?;
    if read.tournament.teams.is_some() {
        // A team event pairs teams, not players (`team_rounds`).
        let round = crate::app::team_rounds::pair(state, actor, id, starts, confirmation).await?;
        return Ok(round);
    }
    let mut read = read;
    let next = check_pairable_as_adjourned(&read)?;
    // Boards without a result are marked adjourned (Q159) and, with the
    // games adjourned already, counted as draws once acknowledged (Q160).
    let missing: Vec<(i64, i64)> = read
        .boards
        .iter()
        .filter(|b| b.result.is_none())
        .map(|b| (b.round, b.board))
        .collect();
    acknowledge_adjourned(state, actor, &read, next, &missing, confirmation).await?;
    mark_adjourned(&mut read, &missing);
    let read_model = to_model(&read)?;
    let mut planned = read.clone();
    let renumber = next == 1 && !is_imported(&read);
    if renumber {
        renumber_in_memory(&mut planned)?;
    }
    let pairing_model = to_model(&planned)?;
    let (boards, system_bye) = tokio::task::spawn_blocking(move || pair_next(&pairing_model))
        .await
        .map_err(|e| ApiError::Internal(format!("pairing task: {e}")))??;
    // Write: nothing the pairing was computed from may have changed since.
    let (_write, mut tx) = state.db().begin().await?;
    store::tournaments::lock_for_pairing(&mut tx, id).await?;
    let mut loaded = load_all(&mut tx, id).await?;
    let still_missing: Vec<(i64, i64)> = loaded
        .boards
        .iter()
        .filter(|b| b.result.is_none())
        .map(|b| (b.round, b.board))
        .collect();
    if still_missing == missing {
        for &(round, board) in &missing {
            store::rounds::set_board_result(&mut tx, id, round, board, ADJOURNED).await?;
            audit::record(
                &mut tx,
                actor,
                Some(id),
                "adjourn",
                "result",
                &format!("{id}/{round}/{board}"),
                Some(&json!({ "result": null })),
                Some(&json!({ "result": ADJOURNED })),
            )
            .await?;
        }
        mark_adjourned(&mut loaded, &missing);
    }
    if check_pairable(&loaded)? != next || to_model(&loaded)? != read_model {
        return Err(ApiError::conflict(
            "tournament_changed",
            "the tournament changed while the round was being paired; try again",
        ));
    }
    if renumber {
        renumber_fide(&mut tx, actor, &mut loaded).await?;
    }
    let model = to_model(&loaded)?;
    let round_json = write_round(
        &mut tx, actor, &loaded, &model, next, &boards, system_bye, starts,
    )
    .await?;
    commit_change(tx, id).await?;
    Ok(round_json)
}

/// Marks the boards `missing` (round, board) of `loaded` adjourned, in
/// memory.
fn mark_adjourned(loaded: &mut Loaded, missing: &[(i64, i64)]) {
    for b in &mut loaded.boards {
        if missing.contains(&(b.round, b.board)) {
            b.result = Some(ADJOURNED.to_owned());
        }
    }
}

/// Pairing with adjourned games (VCL4THP.13 Q157, Q159, Q160, Q168): the
/// games adjourned, and the boards still without a result (`missing`, to be
/// marked adjourned), count as draws, and the arbiter acknowledges it
/// (level 2) before the round is paired.
pub(crate) async fn acknowledge_adjourned(
    state: &AppState,
    actor: &Actor,
    loaded: &Loaded,
    next: i64,
    missing: &[(i64, i64)],
    confirmation: &crate::app::confirm::Confirmation,
) -> Result<(), ApiError> {
    use crate::app::confirm::{self, Level, Warning};
    let adjourned: Vec<String> = loaded
        .boards
        .iter()
        .filter(|b| b.result.as_deref() == Some(ADJOURNED) || missing.contains(&(b.round, b.board)))
        .map(|b| {
            if b.result.is_none() {
                format!(
                    "round {} board {} (no result: marked adjourned)",
                    b.round, b.board
                )
            } else {
                format!("round {} board {}", b.round, b.board)
            }
        })
        .collect();
    if adjourned.is_empty() {
        return Ok(());
    }
    let version = store::tournaments::version(state.db().pool(), &loaded.tournament.id)
        .await?
        .unwrap_or(0);
    confirm::require(
        &confirm::Change {
            actor,
            operation: "pair_round",
            fingerprint: &json!({ "round": next, "adjourned": adjourned }),
            version,
        },
        vec![Warning::new(
            Level::Acknowledge,
            "adjourned_games",
            format!(
                "adjourned and counted as draws for this pairing: {}",
                adjourned.join(", ")
            ),
            Some("VCL4THP.13 Q157, Q160, Q168"),
        )],
        confirmation,
    )?;
    Ok(())
}

/// The number of the next round, or why it cannot be paired now, results
/// missing apart (an individual event marks them adjourned: Q159).
fn check_pairable_as_adjourned(loaded: &Loaded) -> Result<i64, ApiError> {
    crate::app::manual_pairing::refuse_while_open(&loaded.tournament, None)?;
    let next = loaded.rounds + 1;
    if loaded.tournament.rounds > 0 && next > loaded.tournament.rounds {
        return Err(ApiError::conflict(
            "all_rounds_paired",
            format!("all {} rounds are paired", loaded.tournament.rounds),
        ));
    }
    if loaded.players.len() < 2 {
        return Err(ApiError::conflict(
            "too_few_players",
            "a round needs at least two players",
        ));
    }
    Ok(next)
}

/// The number of the next round, or why it cannot be paired now.
pub(crate) fn check_pairable(loaded: &Loaded) -> Result<i64, ApiError> {
    let next = check_pairable_as_adjourned(loaded)?;
    if let Some(missing) = loaded.boards.iter().find(|b| b.result.is_none()) {
        return Err(ApiError::conflict(
            "results_missing",
            format!(
                "round {} board {} has no result yet",
                missing.round, missing.board
            ),
        ));
    }
    Ok(next)
}

/// Whether the tournament came from a TRF file: its start numbers are the
/// file's (the organiser's), not renumbered before round 1.
pub(crate) fn is_imported(loaded: &Loaded) -> bool {
    loaded.tournament.details.get("imported").is_some()
}

/// The FIDE start order of `fide_order`, applied to the rows only (the
/// pairing is computed from it before anything is written).
fn renumber_in_memory(loaded: &mut Loaded) -> Result<(), ApiError> {
    let after = fide_order(loaded)?;
    apply_numbers(loaded, &after);
    Ok(())
}

/// Gives the players of `loaded` their new start numbers, and the pairing
/// options that name players by start number the same renaming.
fn apply_numbers(loaded: &mut Loaded, after: &BTreeMap<String, i64>) {
    let mut renamed = BTreeMap::new();
    for p in &mut loaded.players {
        if let Some(&n) = after.get(&p.id) {
            if let (Ok(from), Ok(to)) = (u32::try_from(p.start_number), u32::try_from(n)) {
                renamed.insert(from, to);
            }
            p.start_number = n;
        }
    }
    loaded.players.sort_by_key(|p| p.start_number);
    loaded.tournament.pairing.renumber(&renamed);
}

/// Start numbers in the FIDE order (rating, title, name; C.04.2 A.2), by
/// player id.
fn fide_order(loaded: &Loaded) -> Result<BTreeMap<String, i64>, ApiError> {
    let players: Vec<Player> = loaded
        .players
        .iter()
        .map(model_player)
        .collect::<Result<_, _>>()?;
    Ok((1_i64..)
        .zip(model::fide_order(&players))
        .map(|(number, i)| (loaded.players[i].id.clone(), number))
        .collect())
}

/// Before round 1, start numbers follow the FIDE order (rating, title, name;
/// C.04.2 A.2).
pub(crate) async fn renumber_fide(
    tx: &mut AnyConnection,
    actor: &Actor,
    loaded: &mut Loaded,
) -> Result<(), ApiError> {
    let before: BTreeMap<String, i64> = loaded
        .players
        .iter()
        .map(|p| (p.id.clone(), p.start_number))
        .collect();
    let after = fide_order(loaded)?;
    if after == before {
        return Ok(());
    }
    store::players::renumber(tx, &loaded.tournament.id, &after).await?;
    apply_numbers(loaded, &after);
    store::tournaments::set_pairing(tx, &loaded.tournament.id, &loaded.tournament.pairing).await?;
    audit::record(
        tx,
        actor,
        Some(&loaded.tournament.id),
        "renumber",
        "players",
        &loaded.tournament.id,
        Some(&serde_json::to_value(&before)?),
        Some(&serde_json::to_value(&after)?),
    )
    .await?;
    Ok(())
}

/// Inserts round `number` with its boards, games and byes; returns it as
/// the API shows it.
#[allow(clippy::too_many_arguments)]
pub(crate) async fn write_round(
    tx: &mut AnyConnection,
    actor: &Actor,
    loaded: &Loaded,
    model: &Tournament,
    number: i64,
    boards: &[NewBoard],
    system_bye: Option<SystemBye>,
    starts: Option<&RoundStart>,
) -> Result<RoundJson, ApiError> {
    let id = &loaded.tournament.id;
    let by_sn: HashMap<i64, &PlayerRow> =
        loaded.players.iter().map(|p| (p.start_number, p)).collect();
    let player = |sn: StartNumber| -> Result<&PlayerRow, ApiError> {
        by_sn
            .get(&i64::from(sn))
            .copied()
            .ok_or_else(|| ApiError::Internal(format!("pairing names unknown player {sn}")))
    };
    insert_round(tx, id, number, starts).await?;
    let mut board_json = Vec::new();
    for (board_number, b) in (1_i64..).zip(boards) {
        let (white, black) = (player(b.white)?, player(b.black)?);
        board_json
            .push(insert_board_game(tx, loaded, number, board_number, white, black, starts).await?);
    }
    let mut byes = Vec::new();
    if let Some((sn, kind)) = system_bye {
        byes.push((player(sn)?, kind));
    }
    for p in &model.players {
        if let model::PlayerStatus::RequestedBye(kind) =
            p.status(u32::try_from(number).unwrap_or(0))
        {
            byes.push((player(p.start_number)?, kind));
        }
    }
    let mut bye_json = Vec::new();
    for (p, kind) in byes {
        store::rounds::insert_bye(tx, id, number, &p.id, bye_text(kind)).await?;
        claim_slot(tx, id, number, &p.id).await?;
        bye_json.push(ByeJson {
            player: Some(player_ref(p)),
            kind: bye_text(kind).to_owned(),
        });
    }
    let round = RoundJson {
        round: number,
        starts_at: starts.map(|s| s.text.clone()),
        boards: board_json,
        byes: bye_json,
    };
    audit::record(
        tx,
        actor,
        Some(id),
        "pair",
        "round",
        &format!("{id}/{number}"),
        None,
        Some(&serde_json::to_value(&round)?),
    )
    .await?;
    Ok(round)
}

/// Inserts round `number` (409 `round_exists` when it is there already).
pub(crate) async fn insert_round(
    tx: &mut AnyConnection,
    id: &str,
    number: i64,
    starts: Option<&RoundStart>,
) -> Result<(), ApiError> {
    let starts_at = starts.map(|s| s.text.as_str());
    store::rounds::insert_round(tx, id, number, &now_text(), starts_at)
        .await
        .map_err(|e| {
            if e.is_unique_violation() {
                ApiError::conflict("round_exists", format!("round {number} is already paired"))
            } else {
                e.into()
            }
        })?;
    Ok(())
}

/// Inserts board `board_number` of round `number` with its new game, and
/// claims both players' slots; the board as the API shows it.
pub(crate) async fn insert_board_game(
    tx: &mut AnyConnection,
    loaded: &Loaded,
    number: i64,
    board_number: i64,
    white: &PlayerRow,
    black: &PlayerRow,
    starts: Option<&RoundStart>,
) -> Result<BoardJson, ApiError> {
    let id = &loaded.tournament.id;
    let game_id = Uuid::new_v4().to_string();
    store::games::insert(
        tx,
        NewGame {
            id: &game_id,
            tournament_id: Some(id),
            round: Some(number),
            board: Some(board_number),
            white: &white.name,
            black: &black.name,
            game: loaded.tournament.game,
            regulations: &loaded.tournament.regulations,
            time_control: loaded.tournament.time_control.as_deref(),
            owner_token: None,
            fen: None,
            mode: &loaded.tournament.recording,
            scheduled_start_ms: starts.map(|s| s.ms),
            laws: &loaded.tournament.laws,
            team_game: false,
            created_at: &now_text(),
        },
    )
    .await?;
    store::rounds::insert_board(tx, id, number, board_number, &white.id, &black.id, &game_id)
        .await?;
    for pid in [&white.id, &black.id] {
        claim_slot(tx, id, number, pid).await?;
    }
    Ok(BoardJson {
        board: board_number,
        white: Some(player_ref(white)),
        black: Some(player_ref(black)),
        game_id,
        annulled_game_ids: Vec::new(),
        result: None,
        rating_result: None,
        mode: loaded.tournament.recording.clone(),
        fen: None,
        starts_at: None,
        unrated: false,
    })
}

/// One pairing per player per round: the primary key of `round_slots`.
pub(crate) async fn claim_slot(
    tx: &mut AnyConnection,
    tournament_id: &str,
    round: i64,
    player_id: &str,
) -> Result<(), ApiError> {
    store::rounds::claim_slot(tx, tournament_id, round, player_id)
        .await
        .map_err(|e| {
            if e.is_unique_violation() {
                ApiError::conflict(
                    "paired_twice",
                    format!("a player would be paired twice in round {round}"),
                )
            } else {
                e.into()
            }
        })?;
    Ok(())
}

/// A player as a board or a bye names them.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub(crate) struct PlayerRef {
    pub id: String,
    pub start_number: i64,
    pub name: String,
}

pub(crate) fn player_ref(p: &PlayerRow) -> PlayerRef {
    PlayerRef {
        id: p.id.clone(),
        start_number: p.start_number,
        name: p.name.clone(),
    }
}

/// One board of a round.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = Board)]
pub(crate) struct BoardJson {
    pub board: i64,
    pub white: Option<PlayerRef>,
    pub black: Option<PlayerRef>,
    /// The board's game (`/games/{id}`).
    pub game_id: String,
    /// The board's earlier games, annulled (Art. 8.6, 14.5) and replaced by
    /// `game_id`, oldest first; their logs stay readable at `/games/{id}`.
    pub annulled_game_ids: Vec<String>,
    /// `1-0`, `0-1`, `1/2-1/2`, `+-`, `-+`, `--`, `0-0`, `1/2-0`, `0-1/2`,
    /// `adj`; `null` until entered.
    pub result: Option<String>,
    /// In FIDE mode, a correction of a round before the last paired one,
    /// kept for the rating report only (VCL4THP.13 Q189–Q193): `result`
    /// stays what later rounds were paired on. Absent when there is none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rating_result: Option<String>,
    /// The game's recording mode: `live` or `scoresheet`.
    pub mode: String,
    /// The game's starting position, only when set up (FEN; the standard
    /// one is implied when absent).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fen: Option<String>,
    /// The board's own scheduled start (RFC 3339), only when it has one (a
    /// rescheduled board); else the round's `starts_at` applies. Lateness
    /// (Art. 10.15) counts from it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub starts_at: Option<String>,
    /// `true` for a game that counts for the event but not for rating (an
    /// imported TRF's `W`, `D`, `L`: a game that lasted less than a move,
    /// C.04 Annex 2); absent for a rated game.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub unrated: bool,
}

/// A bye of a round.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub(crate) struct ByeJson {
    pub player: Option<PlayerRef>,
    /// `pairing_allocated`, `half`, `full`, `zero` or `absent` (no game and
    /// no points: a round robin's round the player sits out, C.05 Annex 1,
    /// or an imported round the player was not paired in).
    pub kind: String,
}

/// A round: its boards and byes.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = Round)]
pub(crate) struct RoundJson {
    pub round: i64,
    /// The scheduled start (RFC 3339), if any.
    pub starts_at: Option<String>,
    pub boards: Vec<BoardJson>,
    pub byes: Vec<ByeJson>,
}

/// Round `number` of a loaded tournament, as the API shows it.
pub(crate) fn round_json(loaded: &Loaded, number: i64) -> RoundJson {
    let side = |id: &str| loaded.player(id).map(player_ref);
    let boards = loaded
        .boards
        .iter()
        .filter(|b| b.round == number)
        .map(|b| BoardJson {
            board: b.board,
            white: side(&b.white_id),
            black: side(&b.black_id),
            game_id: b.game_id.clone(),
            annulled_game_ids: b.annulled_game_ids.clone(),
            result: b.result.clone(),
            rating_result: b.rating_result.clone(),
            mode: b.mode.clone(),
            fen: b.fen.clone(),
            starts_at: b.starts_at.clone(),
            unrated: !b.rated,
        })
        .collect();
    let byes = loaded
        .byes
        .iter()
        .filter(|b| b.round == number)
        .map(|b| ByeJson {
            player: side(&b.player_id),
            kind: b.kind.clone(),
        })
        .collect();
    RoundJson {
        round: number,
        starts_at: loaded.starts.get(&number).cloned().flatten(),
        boards,
        byes,
    }
}

/// One board of a round as `GET .../rounds/{n}` shows it (`None`, shown
/// as `null`, if absent).
pub(crate) fn board_json(loaded: &Loaded, round: i64, board: i64) -> Option<BoardJson> {
    round_json(loaded, round)
        .boards
        .into_iter()
        .find(|b| b.board == board)
}
