//! Rounds, pairing, results, standings and exports.
//!
//! The database rows are turned into a `tournament::model::Tournament`
//! ([`load_model`]); the `tournament` crate pairs (FIDE Dutch) and ranks;
//! the server writes what it computed back, in one transaction, with audit
//! rows.

use std::collections::{BTreeMap, HashMap};

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::IntoResponse;
use axum::routing::{get, patch, post, put};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{Value, json};
use sqlx::{Any, AnyConnection, Row, Transaction};
use tournament::model::{
    self, ByeKind, GameResult, Player, Points, Scoring, StartNumber, Tournament,
};
use uuid::Uuid;

use crate::auth::{Actor, Permission};
use crate::error::{ApiError, ApiJson, ApiPath, OptionalJson};
use crate::games::{NewGame, insert_game};
use crate::tournaments::{PlayerRow, TournamentRow, load_players, load_tournament, parse_date};
use crate::{AppState, audit, now_text};

/// Checks tie-break codes with the `tournament` crate's C.07 parser.
pub(crate) fn check_tiebreak_codes(list: &[String]) -> Result<(), ApiError> {
    for (i, code) in list.iter().enumerate() {
        tournament::standings::spec::parse_tiebreak(code).map_err(|e| {
            ApiError::invalid_field(&format!("tiebreaks[{i}]"), format!("'{code}': {e}"))
        })?;
    }
    Ok(())
}

/// A board row.
#[derive(Debug, Clone)]
pub(crate) struct BoardRow {
    pub round: i64,
    pub board: i64,
    pub white_id: String,
    pub black_id: String,
    pub game_id: String,
    pub result: Option<String>,
    pub rated: bool,
    /// The game's recording mode (`live` or `scoresheet`).
    pub mode: String,
    /// Whether the game has recorded events.
    pub recorded: bool,
}

/// A bye row.
#[derive(Debug, Clone)]
pub(crate) struct ByeRow {
    pub round: i64,
    pub player_id: String,
    pub kind: String,
}

/// Everything stored about a tournament.
#[derive(Debug, Clone)]
pub(crate) struct Loaded {
    pub tournament: TournamentRow,
    pub players: Vec<PlayerRow>,
    pub rounds: i64,
    /// Scheduled start of each paired round (RFC 3339), if set.
    pub starts: BTreeMap<i64, Option<String>>,
    pub boards: Vec<BoardRow>,
    pub byes: Vec<ByeRow>,
}

impl Loaded {
    pub fn player(&self, id: &str) -> Option<&PlayerRow> {
        self.players.iter().find(|p| p.id == id)
    }

    fn start_number(&self, id: &str) -> StartNumber {
        self.player(id)
            .and_then(|p| u32::try_from(p.start_number).ok())
            .unwrap_or(0)
    }
}

pub(crate) async fn load_all(conn: &mut AnyConnection, id: &str) -> Result<Loaded, ApiError> {
    let tournament = load_tournament(&mut *conn, id).await?;
    let players = load_players(&mut *conn, id).await?;
    let starts = sqlx::query(
        "SELECT number, starts_at FROM rounds WHERE tournament_id = $1 ORDER BY number",
    )
    .bind(id)
    .fetch_all(&mut *conn)
    .await?
    .iter()
    .map(|r| -> Result<(i64, Option<String>), sqlx::Error> {
        Ok((r.try_get("number")?, r.try_get("starts_at")?))
    })
    .collect::<Result<BTreeMap<_, _>, _>>()?;
    let rounds = starts.keys().next_back().copied();
    let boards = sqlx::query(
        "SELECT b.round, b.board, b.white_id, b.black_id, b.game_id, b.result, b.rated, \
         g.mode, g.seq FROM boards b JOIN games g ON g.id = b.game_id \
         WHERE b.tournament_id = $1 ORDER BY b.round, b.board",
    )
    .bind(id)
    .fetch_all(&mut *conn)
    .await?
    .iter()
    .map(|r| -> Result<BoardRow, sqlx::Error> {
        Ok(BoardRow {
            round: r.try_get("round")?,
            board: r.try_get("board")?,
            white_id: r.try_get("white_id")?,
            black_id: r.try_get("black_id")?,
            game_id: r.try_get("game_id")?,
            result: r.try_get("result")?,
            rated: r.try_get::<i64, _>("rated")? != 0,
            mode: r.try_get("mode")?,
            recorded: r.try_get::<i64, _>("seq")? > 0,
        })
    })
    .collect::<Result<Vec<_>, _>>()?;
    let byes = sqlx::query(
        "SELECT round, player_id, kind FROM round_byes WHERE tournament_id = $1 \
         ORDER BY round, player_id",
    )
    .bind(id)
    .fetch_all(&mut *conn)
    .await?
    .iter()
    .map(|r| -> Result<ByeRow, sqlx::Error> {
        Ok(ByeRow {
            round: r.try_get("round")?,
            player_id: r.try_get("player_id")?,
            kind: r.try_get("kind")?,
        })
    })
    .collect::<Result<Vec<_>, _>>()?;
    Ok(Loaded {
        tournament,
        players,
        rounds: rounds.unwrap_or(0),
        starts,
        boards,
        byes,
    })
}

/// A board result as entered or stored (the model's notation, also the
/// spellings `tournament::model::GameResult::parse` reads).
pub(crate) fn parse_result(text: &str) -> Option<GameResult> {
    GameResult::parse(text)
}

fn bye_kind(text: &str) -> ByeKind {
    match text {
        "pairing_allocated" => ByeKind::PairingAllocated,
        "full" => ByeKind::FullPoint,
        "half" => ByeKind::HalfPoint,
        "zero" => ByeKind::ZeroPoint,
        _ => ByeKind::Absent,
    }
}

pub(crate) fn bye_text(kind: ByeKind) -> &'static str {
    match kind {
        ByeKind::PairingAllocated => "pairing_allocated",
        ByeKind::FullPoint => "full",
        ByeKind::HalfPoint => "half",
        ByeKind::ZeroPoint => "zero",
        ByeKind::Absent => "absent",
    }
}

fn tenths(points: crate::tournaments::PointsValue) -> Points {
    Points(points.tenths("scoring").unwrap_or(0))
}

/// The stored scoring as the model's.
pub(crate) fn scoring(spec: &crate::tournaments::ScoringSpec) -> Scoring {
    let mut s = Scoring::new(tenths(spec.win), tenths(spec.draw), tenths(spec.loss));
    for (field, value) in spec.fields() {
        let p = tenths(value);
        match field {
            "forfeit_win" => s.forfeit_win = p,
            "forfeit_loss" => s.forfeit_loss = p,
            "pairing_allocated_bye" => s.pairing_allocated_bye = p,
            "full_point_bye" => s.full_point_bye = p,
            "half_point_bye" => s.half_point_bye = p,
            "zero_point_bye" => s.zero_point_bye = p,
            _ => {}
        }
    }
    s
}

fn model_player(row: &PlayerRow) -> Player {
    let d = &row.details;
    Player {
        start_number: u32::try_from(row.start_number).unwrap_or(0),
        name: row.name.clone(),
        sex: d.sex.as_deref().map(|s| {
            if s == "w" {
                model::Sex::Female
            } else {
                model::Sex::Male
            }
        }),
        title: d.title.as_deref().and_then(model::Title::parse),
        fide_id: d.fide_id,
        federation: d.federation.clone(),
        birth_date: d.birth_date.as_deref().and_then(parse_date),
        fide_rating: d.rating,
        national_rating: d.national_rating,
        club: d.club.clone(),
        grade_points: None,
        reported_points: None,
        reported_rank: None,
        withdrawn_from: row.withdrawn_from.and_then(|k| u32::try_from(k).ok()),
        joins_at: row.joins_at.and_then(|k| u32::try_from(k).ok()),
        requested_byes: row
            .requested_byes
            .iter()
            .filter_map(|(round, kind)| Some((u32::try_from(*round).ok()?, bye_kind(kind))))
            .collect(),
    }
}

fn system(text: &str) -> model::System {
    match text {
        "round-robin" => model::System::RoundRobin,
        "double-round-robin" => model::System::DoubleRoundRobin,
        _ => model::System::Swiss,
    }
}

/// The model of a stored tournament.
pub(crate) fn to_model(loaded: &Loaded) -> Tournament {
    let t = &loaded.tournament;
    let mut rounds: Vec<model::Round> =
        vec![model::Round::default(); usize::try_from(loaded.rounds).unwrap_or(0)];
    for b in &loaded.boards {
        if let Some(round) = usize::try_from(b.round - 1)
            .ok()
            .and_then(|i| rounds.get_mut(i))
        {
            round.boards.push(model::Board {
                white: loaded.start_number(&b.white_id),
                black: loaded.start_number(&b.black_id),
                result: b
                    .result
                    .as_deref()
                    .and_then(parse_result)
                    .unwrap_or(GameResult::NotPlayed),
                rated: b.rated,
            });
        }
    }
    for bye in &loaded.byes {
        if let Some(round) = usize::try_from(bye.round - 1)
            .ok()
            .and_then(|i| rounds.get_mut(i))
        {
            round.byes.push(model::Bye {
                player: loaded.start_number(&bye.player_id),
                kind: bye_kind(&bye.kind),
            });
        }
    }
    Tournament {
        name: t.name.clone(),
        info: model::EventInfo {
            time_control: t.time_control.clone(),
            ..model::EventInfo::default()
        },
        system: system(&t.system),
        planned_rounds: u32::try_from(t.rounds).unwrap_or(0),
        scoring: scoring(&t.scoring),
        tiebreaks: t.tiebreaks.clone(),
        tiebreak_edition: model::TiebreakEdition::default(),
        rating_floor: None,
        rating_system: model::RatingSystem::default(),
        pairing: t.pairing.to_model(),
        players: loaded.players.iter().map(model_player).collect(),
        rounds,
    }
}

/// One board of a new round, by start number.
struct NewBoard {
    white: StartNumber,
    black: StartNumber,
}

/// Pairs the next round: the boards and who gets the pairing-allocated bye.
fn pair_next(t: &Tournament) -> Result<(Vec<NewBoard>, Option<StartNumber>), ApiError> {
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
                    None => pab = Some(sn(p.white)),
                }
            }
            Ok((boards, pab))
        }
        model::System::RoundRobin | model::System::DoubleRoundRobin => {
            let round = tournament::round_robin::pair_next_round(t)
                .map_err(|e| ApiError::conflict("cannot_pair", e.to_string()))?;
            let pab = round
                .byes
                .iter()
                .find(|b| b.kind == ByeKind::PairingAllocated)
                .map(|b| b.player);
            let boards = round
                .boards
                .iter()
                .map(|b| NewBoard {
                    white: b.white,
                    black: b.black,
                })
                .collect();
            Ok((boards, pab))
        }
    }
}

/// `POST /tournaments/{id}/rounds` body (optional).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct PairRequest {
    /// Scheduled start of the round (RFC 3339): its games get it as their
    /// scheduled start, so the profile's lateness rule (Art. 10.15) applies.
    #[serde(default)]
    starts_at: Option<String>,
}

/// A round's scheduled start: the stored RFC 3339 text and the events'
/// timeline milliseconds.
#[derive(Debug, Clone)]
pub(crate) struct RoundStart {
    text: String,
    ms: i64,
}

fn round_start(field: &str, text: &str) -> Result<RoundStart, ApiError> {
    let ms = crate::engine::check_start_time(field, text)?;
    let at = chrono::DateTime::from_timestamp_millis(ms)
        .ok_or_else(|| ApiError::invalid_field(field, "out of range"))?;
    Ok(RoundStart {
        text: crate::time_text(at),
        ms,
    })
}

/// Serialises writers of one tournament's rounds on PostgreSQL (a row lock
/// on the tournament; SQLite has one writer anyway).
async fn lock_tournament(tx: &mut Transaction<'static, Any>, id: &str) -> Result<(), ApiError> {
    sqlx::query("UPDATE tournaments SET updated_at = updated_at WHERE id = $1")
        .bind(id)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

async fn pair_round(
    State(state): State<AppState>,
    actor: Actor,
    ApiPath(id): ApiPath<String>,
    OptionalJson(body): OptionalJson<PairRequest>,
) -> Result<impl IntoResponse, ApiError> {
    let starts = body
        .starts_at
        .as_deref()
        .map(|t| round_start("starts_at", t))
        .transpose()?;
    // Read without the write guard or a write transaction: pairing a large
    // Swiss takes seconds and must not hold up every other write.
    let read = {
        let mut conn = state.db().pool().acquire().await?;
        load_all(&mut conn, &id).await?
    };
    actor.require(
        Permission::Manage,
        &id,
        read.tournament.owner_token.as_deref(),
    )?;
    let next = check_pairable(&read)?;
    let read_model = to_model(&read);
    let mut planned = read.clone();
    let renumber = next == 1 && !is_imported(&read);
    if renumber {
        renumber_in_memory(&mut planned);
    }
    let pairing_model = to_model(&planned);
    let (boards, pab) = tokio::task::spawn_blocking(move || pair_next(&pairing_model))
        .await
        .map_err(|e| ApiError::Internal(format!("pairing task: {e}")))??;
    // Write: nothing the pairing was computed from may have changed since.
    let (_write, mut tx) = state.db().begin().await?;
    lock_tournament(&mut tx, &id).await?;
    let mut loaded = load_all(&mut tx, &id).await?;
    if check_pairable(&loaded)? != next || to_model(&loaded) != read_model {
        return Err(ApiError::conflict(
            "tournament_changed",
            "the tournament changed while the round was being paired; try again",
        ));
    }
    if renumber {
        renumber_fide(&mut tx, &actor, &mut loaded).await?;
    }
    let model = to_model(&loaded);
    let round_json = write_round(
        &mut tx,
        &actor,
        &loaded,
        &model,
        next,
        &boards,
        pab,
        starts.as_ref(),
    )
    .await?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, Json(round_json)))
}

/// The number of the next round, or why it cannot be paired now.
fn check_pairable(loaded: &Loaded) -> Result<i64, ApiError> {
    let next = loaded.rounds + 1;
    if loaded.tournament.rounds > 0 && next > loaded.tournament.rounds {
        return Err(ApiError::conflict(
            "all_rounds_paired",
            format!("all {} rounds are paired", loaded.tournament.rounds),
        ));
    }
    if let Some(missing) = loaded.boards.iter().find(|b| b.result.is_none()) {
        return Err(ApiError::conflict(
            "results_missing",
            format!(
                "round {} board {} has no result yet",
                missing.round, missing.board
            ),
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

/// Whether the tournament came from a TRF file: its start numbers are the
/// file's (the organiser's), not renumbered before round 1.
fn is_imported(loaded: &Loaded) -> bool {
    loaded.tournament.details.get("imported").is_some()
}

/// The FIDE start order of `fide_order`, applied to the rows only (the
/// pairing is computed from it before anything is written).
fn renumber_in_memory(loaded: &mut Loaded) {
    let after = fide_order(loaded);
    apply_numbers(loaded, &after);
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
fn fide_order(loaded: &Loaded) -> BTreeMap<String, i64> {
    let players: Vec<Player> = loaded.players.iter().map(model_player).collect();
    (1_i64..)
        .zip(model::fide_order(&players))
        .map(|(number, i)| (loaded.players[i].id.clone(), number))
        .collect()
}

/// Before round 1, start numbers follow the FIDE order (rating, title, name;
/// C.04.2 A.2).
async fn renumber_fide(
    tx: &mut Transaction<'static, Any>,
    actor: &Actor,
    loaded: &mut Loaded,
) -> Result<(), ApiError> {
    let before: BTreeMap<String, i64> = loaded
        .players
        .iter()
        .map(|p| (p.id.clone(), p.start_number))
        .collect();
    let after = fide_order(loaded);
    if after == before {
        return Ok(());
    }
    // Two steps so the unique (tournament, start_number) never collides.
    sqlx::query(
        "UPDATE players SET start_number = start_number + 1000000 WHERE tournament_id = $1",
    )
    .bind(&loaded.tournament.id)
    .execute(&mut **tx)
    .await?;
    for (id, number) in &after {
        sqlx::query("UPDATE players SET start_number = $1 WHERE id = $2")
            .bind(number)
            .bind(id)
            .execute(&mut **tx)
            .await?;
    }
    apply_numbers(loaded, &after);
    sqlx::query("UPDATE tournaments SET pairing = $1 WHERE id = $2")
        .bind(serde_json::to_string(&loaded.tournament.pairing)?)
        .bind(&loaded.tournament.id)
        .execute(&mut **tx)
        .await?;
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

/// Inserts round `number` with its boards, games and byes; returns its JSON.
#[allow(clippy::too_many_arguments)]
async fn write_round(
    tx: &mut Transaction<'static, Any>,
    actor: &Actor,
    loaded: &Loaded,
    model: &Tournament,
    number: i64,
    boards: &[NewBoard],
    pab: Option<StartNumber>,
    starts: Option<&RoundStart>,
) -> Result<Value, ApiError> {
    let id = &loaded.tournament.id;
    let by_sn: HashMap<i64, &PlayerRow> =
        loaded.players.iter().map(|p| (p.start_number, p)).collect();
    let player = |sn: StartNumber| -> Result<&PlayerRow, ApiError> {
        by_sn
            .get(&i64::from(sn))
            .copied()
            .ok_or_else(|| ApiError::Internal(format!("pairing names unknown player {sn}")))
    };
    sqlx::query(
        "INSERT INTO rounds (tournament_id, number, paired_at, starts_at) VALUES ($1, $2, $3, $4)",
    )
    .bind(id)
    .bind(number)
    .bind(now_text())
    .bind(starts.map(|s| s.text.clone()))
    .execute(&mut **tx)
    .await
    .map_err(|e| {
        if crate::error::is_unique_violation(&e) {
            ApiError::conflict("round_exists", format!("round {number} is already paired"))
        } else {
            e.into()
        }
    })?;
    let mut board_json = Vec::new();
    for (board_number, b) in (1_i64..).zip(boards) {
        let white = player(b.white)?;
        let black = player(b.black)?;
        let game_id = Uuid::new_v4().to_string();
        insert_game(
            tx,
            NewGame {
                id: &game_id,
                tournament_id: Some(id),
                round: Some(number),
                board: Some(board_number),
                white: &white.name,
                black: &black.name,
                regulations: &loaded.tournament.regulations,
                time_control: loaded.tournament.time_control.as_deref(),
                owner_token: None,
                fen: None,
                mode: &loaded.tournament.recording,
                scheduled_start_ms: starts.map(|s| s.ms),
            },
        )
        .await?;
        sqlx::query(
            "INSERT INTO boards (tournament_id, round, board, white_id, black_id, game_id, rated) \
             VALUES ($1, $2, $3, $4, $5, $6, 1)",
        )
        .bind(id)
        .bind(number)
        .bind(board_number)
        .bind(&white.id)
        .bind(&black.id)
        .bind(&game_id)
        .execute(&mut **tx)
        .await?;
        for pid in [&white.id, &black.id] {
            claim_slot(tx, id, number, pid).await?;
        }
        board_json.push(json!({
            "board": board_number,
            "white": player_ref(white),
            "black": player_ref(black),
            "game_id": game_id,
            "result": Value::Null,
            "mode": loaded.tournament.recording,
        }));
    }
    let mut byes = Vec::new();
    if let Some(sn) = pab {
        byes.push((player(sn)?, ByeKind::PairingAllocated));
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
        sqlx::query(
            "INSERT INTO round_byes (tournament_id, round, player_id, kind) VALUES ($1, $2, $3, $4)",
        )
        .bind(id)
        .bind(number)
        .bind(&p.id)
        .bind(bye_text(kind))
        .execute(&mut **tx)
        .await?;
        claim_slot(tx, id, number, &p.id).await?;
        bye_json.push(json!({ "player": player_ref(p), "kind": bye_text(kind) }));
    }
    let round = json!({
        "round": number,
        "starts_at": starts.map(|s| s.text.clone()),
        "boards": board_json,
        "byes": bye_json,
    });
    audit::record(
        tx,
        actor,
        Some(id),
        "pair",
        "round",
        &format!("{id}/{number}"),
        None,
        Some(&round),
    )
    .await?;
    Ok(round)
}

/// One pairing per player per round: the primary key of `round_slots`.
async fn claim_slot(
    tx: &mut Transaction<'static, Any>,
    tournament_id: &str,
    round: i64,
    player_id: &str,
) -> Result<(), ApiError> {
    sqlx::query("INSERT INTO round_slots (tournament_id, round, player_id) VALUES ($1, $2, $3)")
        .bind(tournament_id)
        .bind(round)
        .bind(player_id)
        .execute(&mut **tx)
        .await
        .map_err(|e| {
            if crate::error::is_unique_violation(&e) {
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

fn player_ref(p: &PlayerRow) -> Value {
    json!({ "id": p.id, "start_number": p.start_number, "name": p.name })
}

/// The JSON of round `number` of a loaded tournament.
pub(crate) fn round_json(loaded: &Loaded, number: i64) -> Value {
    let boards: Vec<Value> = loaded
        .boards
        .iter()
        .filter(|b| b.round == number)
        .map(|b| {
            let side = |id: &str| loaded.player(id).map_or(Value::Null, player_ref);
            json!({
                "board": b.board,
                "white": side(&b.white_id),
                "black": side(&b.black_id),
                "game_id": b.game_id,
                "result": b.result,
                "mode": b.mode,
            })
        })
        .collect();
    let byes: Vec<Value> = loaded
        .byes
        .iter()
        .filter(|b| b.round == number)
        .map(|b| {
            json!({
                "player": loaded.player(&b.player_id).map_or(Value::Null, player_ref),
                "kind": b.kind,
            })
        })
        .collect();
    json!({
        "round": number,
        "starts_at": loaded.starts.get(&number).cloned().flatten(),
        "boards": boards,
        "byes": byes,
    })
}

async fn get_round(
    State(state): State<AppState>,
    ApiPath((id, number)): ApiPath<(String, i64)>,
) -> Result<Json<Value>, ApiError> {
    let loaded = load_all(&mut *state.db().pool().acquire().await?, &id).await?;
    if number < 1 || number > loaded.rounds {
        return Err(ApiError::not_found("round"));
    }
    Ok(Json(round_json(&loaded, number)))
}

async fn list_rounds(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<String>,
) -> Result<Json<Value>, ApiError> {
    let loaded = load_all(&mut *state.db().pool().acquire().await?, &id).await?;
    let rounds: Vec<Value> = (1..=loaded.rounds)
        .map(|n| round_json(&loaded, n))
        .collect();
    Ok(Json(json!({ "rounds": rounds })))
}

/// `Some(value)` for a present key, `null` included (`Some(None)`).
fn present<'de, D, T>(d: D) -> Result<Option<Option<T>>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: Deserialize<'de>,
{
    Option::<T>::deserialize(d).map(Some)
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RoundUpdate {
    /// New scheduled start (RFC 3339), or `null` to remove it.
    #[serde(default, deserialize_with = "present")]
    starts_at: Option<Option<String>>,
}

/// The boards of round `number` whose game has recorded events.
fn recorded_board(loaded: &Loaded, number: i64) -> Option<&BoardRow> {
    loaded
        .boards
        .iter()
        .find(|b| b.round == number && b.recorded)
}

/// `PATCH /tournaments/{id}/rounds/{n}`: sets or removes the scheduled start
/// of a round whose games have no events yet (organiser, chief arbiter).
async fn update_round(
    State(state): State<AppState>,
    actor: Actor,
    ApiPath((id, number)): ApiPath<(String, i64)>,
    ApiJson(body): ApiJson<RoundUpdate>,
) -> Result<Json<Value>, ApiError> {
    let Some(starts_at) = body.starts_at else {
        return Err(ApiError::invalid_field(
            "starts_at",
            "missing: the round's scheduled start (RFC 3339) or null",
        ));
    };
    let starts = starts_at
        .as_deref()
        .map(|t| round_start("starts_at", t))
        .transpose()?;
    let (_write, mut tx) = state.db().begin().await?;
    let tournament = load_tournament(&mut *tx, &id).await?;
    actor.require(Permission::Manage, &id, tournament.owner_token.as_deref())?;
    lock_tournament(&mut tx, &id).await?;
    lock_round_games(&mut tx, &id, number).await?;
    let loaded = load_all(&mut tx, &id).await?;
    if number < 1 || number > loaded.rounds {
        return Err(ApiError::not_found("round"));
    }
    if let Some(b) = recorded_board(&loaded, number) {
        return Err(ApiError::conflict(
            "round_started",
            format!(
                "board {} of round {number} has recorded events: the scheduled start is part of its games' setup",
                b.board
            ),
        ));
    }
    let before = round_json(&loaded, number);
    sqlx::query("UPDATE rounds SET starts_at = $1 WHERE tournament_id = $2 AND number = $3")
        .bind(starts.as_ref().map(|s| s.text.clone()))
        .bind(&id)
        .bind(number)
        .execute(&mut *tx)
        .await?;
    sqlx::query("UPDATE games SET scheduled_start_ms = $1 WHERE tournament_id = $2 AND round = $3")
        .bind(starts.as_ref().map(|s| s.ms))
        .bind(&id)
        .bind(number)
        .execute(&mut *tx)
        .await?;
    let mut after_loaded = loaded;
    after_loaded
        .starts
        .insert(number, starts.as_ref().map(|s| s.text.clone()));
    let after = round_json(&after_loaded, number);
    audit::record(
        &mut tx,
        &actor,
        Some(&id),
        "schedule",
        "round",
        &format!("{id}/{number}"),
        Some(&json!({ "starts_at": before["starts_at"] })),
        Some(&json!({ "starts_at": after["starts_at"] })),
    )
    .await?;
    tx.commit().await?;
    Ok(Json(after))
}

/// Row locks on a round's games (PostgreSQL), taken before they are checked
/// for events so no event can slip in between the check and the change.
async fn lock_round_games(
    tx: &mut Transaction<'static, Any>,
    id: &str,
    number: i64,
) -> Result<(), ApiError> {
    sqlx::query("UPDATE games SET seq = seq WHERE tournament_id = $1 AND round = $2")
        .bind(id)
        .bind(number)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct BoardUpdate {
    /// `live` or `scoresheet`.
    mode: String,
}

/// `PATCH /tournaments/{id}/rounds/{n}/boards/{board}`: the board's recording
/// mode, while its game has no events (any arbiter of the tournament).
async fn update_board(
    State(state): State<AppState>,
    actor: Actor,
    ApiPath((id, number, board)): ApiPath<(String, i64, i64)>,
    ApiJson(body): ApiJson<BoardUpdate>,
) -> Result<Json<Value>, ApiError> {
    let mode = crate::engine::check_mode("mode", &body.mode)?;
    let (_write, mut tx) = state.db().begin().await?;
    let tournament = load_tournament(&mut *tx, &id).await?;
    actor.require(
        Permission::Arbitrate,
        &id,
        tournament.owner_token.as_deref(),
    )?;
    lock_round_games(&mut tx, &id, number).await?;
    let loaded = load_all(&mut tx, &id).await?;
    let Some(row) = loaded
        .boards
        .iter()
        .find(|b| b.round == number && b.board == board)
    else {
        return Err(ApiError::not_found("board"));
    };
    if row.mode != mode {
        if row.recorded {
            return Err(ApiError::conflict(
                "game_started",
                "the game on this board has recorded events: its recording mode is fixed",
            ));
        }
        sqlx::query("UPDATE games SET mode = $1 WHERE id = $2")
            .bind(mode)
            .bind(&row.game_id)
            .execute(&mut *tx)
            .await?;
        audit::record(
            &mut tx,
            &actor,
            Some(&id),
            "update",
            "board",
            &format!("{id}/{number}/{board}"),
            Some(&json!({ "mode": row.mode })),
            Some(&json!({ "mode": mode })),
        )
        .await?;
    }
    let mut after = loaded.clone();
    for b in &mut after.boards {
        if b.round == number && b.board == board {
            b.mode = mode.to_owned();
        }
    }
    tx.commit().await?;
    let board_json = board_json(&after, number, board);
    Ok(Json(board_json))
}

/// One board of a round as `GET .../rounds/{n}` shows it (`null` if absent).
fn board_json(loaded: &Loaded, round: i64, board: i64) -> Value {
    round_json(loaded, round)
        .get("boards")
        .and_then(Value::as_array)
        .and_then(|list| {
            list.iter()
                .find(|b| b.get("board").and_then(Value::as_i64) == Some(board))
                .cloned()
        })
        .unwrap_or(Value::Null)
}

/// `DELETE /tournaments/{id}/rounds/{n}`: un-pairs the last paired round
/// while none of its boards has a result and none of its games has events
/// (organiser, chief arbiter). Its boards, games and byes go; the audit row
/// keeps the round as it was; the round can then be paired again.
async fn unpair_round(
    State(state): State<AppState>,
    actor: Actor,
    ApiPath((id, number)): ApiPath<(String, i64)>,
) -> Result<Json<Value>, ApiError> {
    let (_write, mut tx) = state.db().begin().await?;
    let tournament = load_tournament(&mut *tx, &id).await?;
    actor.require(Permission::Manage, &id, tournament.owner_token.as_deref())?;
    // Lock order as in event recording: games, then boards.
    lock_tournament(&mut tx, &id).await?;
    lock_round_games(&mut tx, &id, number).await?;
    sqlx::query("UPDATE boards SET result = result WHERE tournament_id = $1 AND round = $2")
        .bind(&id)
        .bind(number)
        .execute(&mut *tx)
        .await?;
    let loaded = load_all(&mut tx, &id).await?;
    if number < 1 || number > loaded.rounds {
        return Err(ApiError::not_found("round"));
    }
    if number != loaded.rounds {
        return Err(ApiError::conflict(
            "not_last_round",
            format!(
                "only the last paired round ({}) can be un-paired",
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
                "board {} of round {number} has a result; a round with results cannot be un-paired",
                b.board
            ),
        ));
    }
    if let Some(b) = recorded_board(&loaded, number) {
        return Err(ApiError::conflict(
            "round_started",
            format!(
                "the game on board {} of round {number} has recorded events; a round being played cannot be un-paired",
                b.board
            ),
        ));
    }
    let before = round_json(&loaded, number);
    for table in ["round_slots", "round_byes", "boards"] {
        sqlx::query(&format!(
            "DELETE FROM {table} WHERE tournament_id = $1 AND round = $2"
        ))
        .bind(&id)
        .bind(number)
        .execute(&mut *tx)
        .await?;
    }
    sqlx::query("DELETE FROM games WHERE tournament_id = $1 AND round = $2 AND seq = 0")
        .bind(&id)
        .bind(number)
        .execute(&mut *tx)
        .await?;
    sqlx::query("DELETE FROM rounds WHERE tournament_id = $1 AND number = $2")
        .bind(&id)
        .bind(number)
        .execute(&mut *tx)
        .await?;
    audit::record(
        &mut tx,
        &actor,
        Some(&id),
        "unpair",
        "round",
        &format!("{id}/{number}"),
        Some(&before),
        None,
    )
    .await?;
    tx.commit().await?;
    Ok(Json(json!({ "unpaired": before })))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ResultBody {
    result: String,
}

async fn put_result(
    State(state): State<AppState>,
    actor: Actor,
    ApiPath((id, round, board)): ApiPath<(String, i64, i64)>,
    ApiJson(body): ApiJson<ResultBody>,
) -> Result<Json<Value>, ApiError> {
    let Some(parsed) = parse_result(&body.result) else {
        return Err(ApiError::invalid_field(
            "result",
            format!(
                "'{}' is not a result (1-0, 0-1, 1/2-1/2, +-, -+, --)",
                body.result
            ),
        ));
    };
    // Stored in the one notation whatever spelling was entered.
    let result = parsed.notation();
    let (_write, mut tx) = state.db().begin().await?;
    let tournament = load_tournament(&mut *tx, &id).await?;
    actor.require(
        Permission::Arbitrate,
        &id,
        tournament.owner_token.as_deref(),
    )?;
    check_against_game(&mut tx, &id, round, board, result).await?;
    set_board_result(&mut tx, &actor, &id, round, board, result).await?;
    tx.commit().await?;
    let loaded = load_all(&mut *state.db().pool().acquire().await?, &id).await?;
    let board_json = board_json(&loaded, round, board);
    Ok(Json(board_json))
}

/// A board whose game has recorded events takes its result from the game:
/// none while the game goes on, and only the game's own result once it has
/// ended (unless the game was annulled).
async fn check_against_game(
    tx: &mut Transaction<'static, Any>,
    tournament_id: &str,
    round: i64,
    board: i64,
    result: &str,
) -> Result<(), ApiError> {
    let games = sqlx::query(
        "SELECT seq, status, result FROM games WHERE tournament_id = $1 AND round = $2 AND board = $3",
    )
    .bind(tournament_id)
    .bind(round)
    .bind(board)
    .fetch_all(&mut **tx)
    .await?;
    for game in games {
        let seq: i64 = game.try_get("seq")?;
        let status: String = game.try_get("status")?;
        let game_result: Option<String> = game.try_get("result")?;
        // A club "0-0" has no board notation: the arbiter enters the board.
        let board_notation = game_result
            .as_deref()
            .is_none_or(|r| parse_result(r).is_some());
        if seq == 0 || status == "annulled" || !board_notation {
            continue;
        }
        match game_result {
            None => {
                return Err(ApiError::conflict(
                    "game_in_progress",
                    "this board's game is being recorded: its result comes from the game",
                ));
            }
            Some(r) if r != result => {
                return Err(ApiError::conflict(
                    "contradicts_game",
                    format!(
                        "the game on this board ended {r}; annul the game to enter another result"
                    ),
                ));
            }
            Some(_) => {}
        }
    }
    Ok(())
}

/// Sets a board's result (with an audit row); false when unchanged.
async fn set_board_result(
    tx: &mut Transaction<'static, Any>,
    actor: &Actor,
    tournament_id: &str,
    round: i64,
    board: i64,
    result: &str,
) -> Result<bool, ApiError> {
    let row = sqlx::query(
        "SELECT result FROM boards WHERE tournament_id = $1 AND round = $2 AND board = $3",
    )
    .bind(tournament_id)
    .bind(round)
    .bind(board)
    .fetch_optional(&mut **tx)
    .await?
    .ok_or_else(|| ApiError::not_found("board"))?;
    let before: Option<String> = row.try_get("result")?;
    if before.as_deref() == Some(result) {
        return Ok(false);
    }
    sqlx::query(
        "UPDATE boards SET result = $1 WHERE tournament_id = $2 AND round = $3 AND board = $4",
    )
    .bind(result)
    .bind(tournament_id)
    .bind(round)
    .bind(board)
    .execute(&mut **tx)
    .await?;
    audit::record(
        tx,
        actor,
        Some(tournament_id),
        if before.is_some() { "correct" } else { "enter" },
        "result",
        &format!("{tournament_id}/{round}/{board}"),
        Some(&json!({ "result": before })),
        Some(&json!({ "result": result })),
    )
    .await?;
    Ok(true)
}

/// A game that ended through its event log writes its board's result.
pub(crate) async fn record_game_result(
    tx: &mut Transaction<'static, Any>,
    actor: &Actor,
    tournament_id: &str,
    round: i64,
    board: i64,
    result: &str,
) -> Result<(), ApiError> {
    // A club-profile "0-0" (over-long game, both score nothing) has no board
    // notation in the tournament model: the arbiter enters it explicitly.
    if parse_result(result).is_none() {
        return Ok(());
    }
    set_board_result(tx, actor, tournament_id, round, board, result).await?;
    Ok(())
}

/// Routes for rounds, results, standings and exports.
pub fn router() -> Router<AppState> {
    Router::new()
        .route(
            "/tournaments/{id}/rounds",
            post(pair_round).get(list_rounds),
        )
        .route(
            "/tournaments/{id}/rounds/{n}",
            get(get_round).patch(update_round).delete(unpair_round),
        )
        .route(
            "/tournaments/{id}/rounds/{n}/boards/{board}",
            patch(update_board),
        )
        .route(
            "/tournaments/{id}/rounds/{n}/boards/{board}/result",
            put(put_result),
        )
}

fn value_f64(v: Option<tournament::standings::Value>) -> Value {
    v.map_or(Value::Null, |v| json!(v.as_f64()))
}

/// The ranked table as JSON (C.07: points, then each tie-break in order).
fn standings_json(loaded: &Loaded, model: &Tournament) -> Result<Value, ApiError> {
    use tournament::standings::{StandingsOptions, compute_standings};
    let options = StandingsOptions::for_tournament(model)
        .map_err(|e| ApiError::unprocessable("bad_tiebreaks", e.to_string()))?;
    let standings = compute_standings(model, &options)
        .map_err(|e| ApiError::unprocessable("cannot_rank", e.to_string()))?;
    let rows: Vec<Value> = standings
        .rows
        .iter()
        .map(|row| {
            let mut tiebreaks = serde_json::Map::new();
            for (spec, score) in standings.tiebreaks.iter().zip(&row.tiebreaks) {
                tiebreaks.insert(spec.label.clone(), value_f64(score.value));
            }
            let id = loaded
                .players
                .iter()
                .find(|p| p.start_number == i64::from(row.start_number))
                .map(|p| p.id.clone());
            json!({
                "rank": row.rank,
                "place": row.place_label(),
                "start_number": row.start_number,
                "player_id": id,
                "name": row.name,
                "points": row.points.as_f64(),
                "tiebreaks": tiebreaks,
            })
        })
        .collect();
    Ok(json!({
        "rounds": standings.rounds,
        "tiebreaks": standings.tiebreaks.iter().map(|t| t.label.clone()).collect::<Vec<_>>(),
        "standings": rows,
    }))
}

async fn get_standings(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<String>,
) -> Result<Json<Value>, ApiError> {
    let loaded = load_all(&mut *state.db().pool().acquire().await?, &id).await?;
    let model = to_model(&loaded);
    Ok(Json(standings_json(&loaded, &model)?))
}

async fn export_json(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<String>,
) -> Result<Json<Value>, ApiError> {
    let loaded = load_all(&mut *state.db().pool().acquire().await?, &id).await?;
    let model = to_model(&loaded);
    let rounds: Vec<Value> = (1..=loaded.rounds)
        .map(|n| round_json(&loaded, n))
        .collect();
    Ok(Json(json!({
        "format": "arbiter-scoring-table/1",
        "tournament": crate::tournaments::tournament_json(&loaded.tournament),
        "players": loaded.players,
        "rounds": rounds,
        "standings": standings_json(&loaded, &model)?,
    })))
}

async fn export_trf(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<String>,
) -> Result<impl IntoResponse, ApiError> {
    let loaded = load_all(&mut *state.db().pool().acquire().await?, &id).await?;
    let text =
        tournament::trf::write_tournament(&to_model(&loaded), tournament::trf::Format::Trf16);
    Ok((
        [(
            axum::http::header::CONTENT_TYPE,
            "text/plain; charset=utf-8",
        )],
        text,
    ))
}

async fn export_pgn(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<String>,
) -> Result<impl IntoResponse, ApiError> {
    load_tournament(state.db().pool(), &id).await?;
    let ids: Vec<String> = sqlx::query(
        "SELECT id FROM games WHERE tournament_id = $1 AND seq > 0 ORDER BY round, board",
    )
    .bind(&id)
    .fetch_all(state.db().pool())
    .await?
    .iter()
    .map(|r| r.try_get("id"))
    .collect::<Result<_, _>>()?;
    let mut out = String::new();
    for game_id in ids {
        let game = crate::games::load_game(state.db().pool(), &game_id).await?;
        let events = crate::games::load_events(state.db().pool(), &game_id, 0).await?;
        let current = crate::games::fold(&game.setup(), &events)?;
        if !out.is_empty() {
            out.push('\n');
        }
        out.push_str(&crate::games::game_pgn(&game, &current));
    }
    Ok((
        [(
            axum::http::header::CONTENT_TYPE,
            "application/x-chess-pgn; charset=utf-8",
        )],
        out,
    ))
}

fn points_value(p: Points) -> crate::tournaments::PointsValue {
    crate::tournaments::PointsValue(p.as_f64())
}

/// `POST /tournaments/import`: a TRF16 (or TRF-2026) body becomes a
/// tournament with its players, rounds and results.
async fn import_trf(
    State(state): State<AppState>,
    actor: Actor,
    request: axum::extract::Request,
) -> Result<impl IntoResponse, ApiError> {
    if !matches!(
        actor.role,
        crate::auth::Role::Admin | crate::auth::Role::Organiser
    ) {
        return Err(ApiError::Forbidden(
            "only organisers and administrators import tournaments".into(),
        ));
    }
    let bytes = axum::body::to_bytes(request.into_body(), crate::IMPORT_LIMIT)
        .await
        .map_err(|_| ApiError::PayloadTooLarge("TRF body too large".into()))?;
    let text = tournament::trf::decode(&bytes);
    let model = tournament::trf::read_tournament(&text).map_err(|e| ApiError::BadRequest {
        code: "invalid_trf",
        message: e.to_string(),
        at: Some(format!("line {} column {}", e.line, e.column)),
    })?;
    model.validate().map_err(|e| ApiError::BadRequest {
        code: "invalid_trf",
        message: e.to_string(),
        at: None,
    })?;
    if model.players.is_empty() {
        return Err(ApiError::BadRequest {
            code: "invalid_trf",
            message: "the TRF has no player records (001 lines): nothing to import".into(),
            at: None,
        });
    }
    let s = &model.scoring;
    let scoring = crate::tournaments::ScoringSpec {
        win: points_value(s.win_white),
        draw: points_value(s.draw_white),
        loss: points_value(s.loss_white),
        forfeit_win: Some(points_value(s.forfeit_win)),
        forfeit_loss: Some(points_value(s.forfeit_loss)),
        pairing_allocated_bye: Some(points_value(s.pairing_allocated_bye)),
        full_point_bye: Some(points_value(s.full_point_bye)),
        half_point_bye: Some(points_value(s.half_point_bye)),
        zero_point_bye: Some(points_value(s.zero_point_bye)),
    };
    let system = match model.system {
        model::System::RoundRobin => "round-robin",
        model::System::DoubleRoundRobin => "double-round-robin",
        model::System::Swiss => "swiss-dutch",
    };
    let name = if model.name.trim().is_empty() {
        "Imported tournament".to_owned()
    } else {
        model.name.clone()
    };
    let planned = i64::from(model.planned_rounds.max(model.rounds_paired()));
    let new = crate::tournaments::NewTournament {
        name,
        system: system.to_owned(),
        rounds: planned,
        time_control: None,
        regulations: crate::tournaments::DEFAULT_PROFILE.to_owned(),
        tiebreaks: if model.tiebreaks.is_empty() {
            crate::tournaments::default_tiebreaks(system)
        } else {
            model.tiebreaks.clone()
        },
        scoring,
        recording: "live".to_owned(),
        pairing: crate::pairing_options::PairingOptions::from_model(&model.pairing)?,
        details: json!({ "imported": "trf" }),
    };
    crate::tournaments::check_new_tournament(&new)?;
    let (_write, mut tx) = state.db().begin().await?;
    let row = crate::tournaments::insert_tournament(&mut tx, &actor, new).await?;
    let mut ids: HashMap<StartNumber, PlayerRow> = HashMap::new();
    for p in &model.players {
        let details = crate::tournaments::PlayerDetails {
            rating: p.fide_rating,
            national_rating: p.national_rating,
            title: p.title.map(|t| t.abbreviation().to_owned()),
            federation: p.federation.clone().filter(|f| !f.trim().is_empty()),
            fide_id: p.fide_id.filter(|id| *id > 0),
            sex: p
                .sex
                .map(|s| if s == model::Sex::Female { "w" } else { "m" }.to_owned()),
            birth_date: p.birth_date.map(|d| match (d.month, d.day) {
                (0, _) => format!("{:04}", d.year),
                (m, 0) => format!("{:04}-{m:02}", d.year),
                (m, day) => format!("{:04}-{m:02}-{day:02}", d.year),
            }),
            club: p.club.clone(),
        };
        let player = crate::tournaments::insert_player(
            &mut tx,
            &row.id,
            Some(i64::from(p.start_number)),
            if p.name.trim().is_empty() {
                "?"
            } else {
                &p.name
            },
            &details,
            p.withdrawn_from.map(i64::from),
            p.joins_at.map(i64::from),
        )
        .await?;
        // Byes requested for rounds not yet paired (TRF `240`, or the column
        // after the last paired round).
        let paired = model.rounds_paired();
        for (&round, &kind) in p.requested_byes.range(paired + 1..) {
            let kind = match kind {
                ByeKind::HalfPoint => "half",
                ByeKind::FullPoint => "full",
                _ => "zero",
            };
            sqlx::query(
                "INSERT INTO requested_byes (tournament_id, player_id, round, kind) \
                 VALUES ($1, $2, $3, $4)",
            )
            .bind(&row.id)
            .bind(&player.id)
            .bind(i64::from(round))
            .bind(kind)
            .execute(&mut *tx)
            .await?;
        }
        ids.insert(p.start_number, player);
    }
    let loaded = Loaded {
        tournament: row.clone(),
        players: ids.values().cloned().collect(),
        rounds: 0,
        starts: BTreeMap::new(),
        boards: Vec::new(),
        byes: Vec::new(),
    };
    for (number, round) in (1_i64..).zip(&model.rounds) {
        let boards: Vec<NewBoard> = round
            .boards
            .iter()
            .map(|b| NewBoard {
                white: b.white,
                black: b.black,
            })
            .collect();
        let mut partial = model.clone();
        partial
            .rounds
            .truncate(usize::try_from(number).unwrap_or(0));
        // Requested byes of imported rounds are in the round's byes already.
        for p in &mut partial.players {
            p.requested_byes.clear();
        }
        write_round(
            &mut tx, &actor, &loaded, &partial, number, &boards, None, None,
        )
        .await?;
        for bye in &round.byes {
            let p = ids
                .get(&bye.player)
                .ok_or_else(|| ApiError::invalid_field("trf", "a bye names an unknown player"))?;
            sqlx::query(
                "INSERT INTO round_byes (tournament_id, round, player_id, kind) VALUES ($1, $2, $3, $4)",
            )
            .bind(&row.id)
            .bind(number)
            .bind(&p.id)
            .bind(bye_text(bye.kind))
            .execute(&mut *tx)
            .await?;
            claim_slot(&mut tx, &row.id, number, &p.id).await?;
        }
        for (board_number, b) in (1_i64..).zip(&round.boards) {
            if let Some(result) = api_result(b.result) {
                sqlx::query(
                    "UPDATE boards SET result = $1, rated = $2 WHERE tournament_id = $3 AND round = $4 AND board = $5",
                )
                .bind(result)
                .bind(i64::from(b.rated))
                .bind(&row.id)
                .bind(number)
                .bind(board_number)
                .execute(&mut *tx)
                .await?;
            }
        }
    }
    tx.commit().await?;
    let mut value = crate::tournaments::tournament_json(&row);
    if let Value::Object(map) = &mut value {
        map.insert("players".into(), json!(model.players.len()));
        map.insert("rounds_paired".into(), json!(model.rounds.len()));
    }
    Ok((StatusCode::CREATED, Json(value)))
}

fn api_result(result: GameResult) -> Option<&'static str> {
    (result != GameResult::NotPlayed).then(|| result.notation())
}

/// Routes for standings, exports and the TRF import.
pub fn reports_router() -> Router<AppState> {
    Router::new()
        .route("/tournaments/{id}/standings", get(get_standings))
        .route("/tournaments/{id}/export/json", get(export_json))
        .route("/tournaments/{id}/export/trf", get(export_trf))
        .route("/tournaments/{id}/export/pgn", get(export_pgn))
        .route(
            "/tournaments/import",
            post(import_trf).layer(axum::extract::DefaultBodyLimit::max(crate::IMPORT_LIMIT)),
        )
}

#[cfg(test)]
mod tests {
    use super::parse_result;

    /// One notation everywhere: a game's result (regulations) is written on
    /// its board (tournament model) in the same spelling it is shown in.
    #[test]
    fn a_games_result_reads_as_the_same_board_result() {
        use regulations::GameResult as Game;
        use tournament::model::GameResult as Board;
        for (game, board) in [
            (Game::WhiteWins, Board::WhiteWins),
            (Game::BlackWins, Board::BlackWins),
            (Game::Draw, Board::Draw),
            (Game::WhiteWinsByForfeit, Board::WhiteWinsByForfeit),
            (Game::BlackWinsByForfeit, Board::BlackWinsByForfeit),
            (Game::DoubleForfeit, Board::DoubleForfeit),
        ] {
            assert_eq!(game.notation(), board.notation());
            assert_eq!(parse_result(game.notation()), Some(board));
        }
        for (spelling, board) in [
            ("+/-", Board::WhiteWinsByForfeit),
            ("-/+", Board::BlackWinsByForfeit),
            ("-/-", Board::DoubleForfeit),
            ("½-½", Board::Draw),
        ] {
            assert_eq!(parse_result(spelling), Some(board), "{spelling}");
        }
        assert_eq!(parse_result("*"), None);
        assert_eq!(parse_result("2-0"), None);
    }
}
