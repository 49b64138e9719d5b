//! Players as operations register, list and change them: one or many at
//! once (a pasted list), late entries, withdrawals, requested byes and
//! corrections, each audited in its change's transaction.

use std::collections::BTreeMap;

use serde_json::json;
use sqlx::AnyConnection;
use uuid::Uuid;

use crate::app::people;
use crate::app::player_paste::{LineProblem, read_paste};
use crate::app::tournaments::{begin_change, commit_change, load_tournament};
use crate::auth::audit;
use crate::auth::{Actor, Permission};
use crate::error::ApiError;
use crate::model::players::PlayerDetails;
use crate::model::settings::check_name;
use crate::state::AppState;
use crate::store;
pub(crate) use crate::store::players::PlayerRow;
use crate::time::now_text;

/// A player to register.
pub(crate) struct NewPlayer {
    /// `None`: the registered person's name (`person_id`, or a FIDE id
    /// found in the registry).
    pub name: Option<String>,
    pub details: PlayerDetails,
    /// A late entry's first round (a round not yet paired).
    pub joins_at: Option<u32>,
    /// The registered person this player is; what the request leaves out
    /// is taken from them (and their rating from the latest FIDE list).
    pub person_id: Option<String>,
    /// The organiser says this is not a registered person who looks alike.
    pub not_a_duplicate: bool,
    /// Also register the player as a new person.
    pub register: bool,
}

/// A requested bye: the round and `half`, `zero`, `full` (or `none`, to
/// cancel).
pub(crate) struct RequestedBye {
    pub round: u32,
    pub kind: String,
}

/// What to change on a player (`None`: keep it).
pub(crate) struct PlayerChange {
    /// `true`: withdraw from the next round not yet paired.
    pub withdraw: Option<bool>,
    /// Withdraw from this round on.
    pub withdrawn_from: Option<u32>,
    /// `true`: expel (withdrawn, out of a Swiss event's standings);
    /// `false`: take the expulsion back.
    pub expel: Option<bool>,
    /// Data fields to remove (a mistyped FIDE id, a club left).
    pub clear: Vec<String>,
    pub bye: Option<RequestedBye>,
    pub name: Option<String>,
    /// The details given (each `Some` replaces the stored one).
    pub details: PlayerDetails,
}

/// Registers a player in tournament `tournament_id` (an organiser or chief
/// arbiter) with the next start number, audited; a late entry once round 1
/// is paired.
pub(crate) async fn create(
    state: &AppState,
    actor: &Actor,
    tournament_id: &str,
    new: NewPlayer,
) -> Result<PlayerRow, ApiError> {
    if let Some(name) = &new.name {
        check_name("name", name)?;
    }
    new.details.check()?;
    let (_write, mut tx, tournament) =
        begin_change(state, actor, Permission::Manage, tournament_id).await?;
    // One change of the players at a time (PostgreSQL): two entries of
    // one person, or a change and a pairing, never pass each other.
    store::tournaments::lock(&mut tx, tournament_id).await?;
    let paired = store::rounds::last_paired(&mut *tx, tournament_id).await?;
    let joins_at = entry_round(&tournament.system, paired, new.joins_at)?;
    // The person: named, or found by FIDE id (a player given by FIDE id
    // alone is registered from the latest FIDE list).
    let person = if new.person_id.is_some() || new.name.is_none() {
        people::resolve(
            &mut tx,
            actor,
            new.person_id.as_deref(),
            new.details.fide_id,
        )
        .await?
    } else if let Some(id) = new.details.fide_id.and_then(|i| i64::try_from(i).ok()) {
        store::people::by_fide_id(&mut *tx, id).await?
    } else {
        None
    };
    let name = match (&new.name, &person) {
        (Some(name), _) => name.clone(),
        (None, Some(p)) => p.name.clone(),
        (None, None) => {
            return Err(ApiError::invalid_field(
                "name",
                "a player needs a name, a person_id or a FIDE id of the registry",
            ));
        }
    };
    let mut details = new.details.clone();
    if let Some(p) = &person {
        fill_from_person(&mut tx, &tournament, &mut details, p).await?;
    } else if !new.not_a_duplicate {
        let candidates = people::lookalikes(&mut tx, &name, None).await?;
        if !candidates.is_empty() {
            return Err(people::duplicate_error(&name, &candidates));
        }
    }
    refuse_second_entry(
        &mut tx,
        tournament_id,
        None,
        details.fide_id,
        person.as_ref().map(|p| p.id.as_str()),
    )
    .await?;
    let person = match person {
        Some(p) => Some(p),
        None if new.register => {
            Some(people::create_for_player(&mut tx, actor, &name, &details).await?)
        }
        None => None,
    };
    let player = register(
        &mut tx,
        actor,
        tournament_id,
        &name,
        &details,
        joins_at,
        person.as_ref().map(|p| p.id.as_str()),
    )
    .await?;
    commit_change(tx, tournament_id).await?;
    Ok(player)
}

/// Fills what a request left out of a player's details from their person:
/// title, federation, FIDE id, sex, year of birth, club, grade points, and
/// the rating of the tournament's chosen list (`rating_source`; else the
/// latest FIDE standard rating).
async fn fill_from_person(
    conn: &mut AnyConnection,
    tournament: &crate::app::tournaments::TournamentRow,
    details: &mut PlayerDetails,
    p: &store::people::PersonRow,
) -> Result<(), ApiError> {
    details.title = details.title.take().or_else(|| p.title.clone());
    details.federation = details.federation.take().or_else(|| p.federation.clone());
    details.fide_id = details
        .fide_id
        .or_else(|| p.fide_id.and_then(|i| u64::try_from(i).ok()));
    details.sex = details.sex.take().or_else(|| p.sex.clone());
    details.birth_date = details
        .birth_date
        .take()
        .or_else(|| p.birth_year.map(|y| format!("{y:04}")));
    details.club = details.club.take().or_else(|| p.club.clone());
    details.grade_points = details
        .grade_points
        .or_else(|| p.grade_points.and_then(|g| u32::try_from(g).ok()));
    let (rating, national) = crate::app::rating_source::rating_of(conn, tournament, p).await?;
    details.rating = details.rating.or(rating);
    details.national_rating = details.national_rating.or(national);
    details.check()
}

/// Links a player to a registered person, or unlinks them (`None`), audited.
pub(crate) async fn link_person(
    state: &AppState,
    actor: &Actor,
    tournament_id: &str,
    player_id: &str,
    person_id: Option<&str>,
) -> Result<PlayerRow, ApiError> {
    let (_write, mut tx, _) = begin_change(state, actor, Permission::Manage, tournament_id).await?;
    // One change of the players at a time (PostgreSQL): two entries of
    // one person, or a change and a pairing, never pass each other.
    store::tournaments::lock(&mut tx, tournament_id).await?;
    let mut player = store::players::load(&mut tx, tournament_id, player_id)
        .await?
        .ok_or_else(|| ApiError::not_found("player"))?;
    let person =
        match person_id {
            Some(id) => Some(store::people::load(&mut *tx, id).await?.ok_or_else(|| {
                ApiError::unprocessable("unknown_person", format!("no person {id}"))
            })?),
            None => None,
        };
    // The person's FIDE id held by another player is the same person too.
    let fide_id = person
        .as_ref()
        .and_then(|p| p.fide_id)
        .and_then(|id| u64::try_from(id).ok());
    refuse_second_entry(&mut tx, tournament_id, Some(player_id), fide_id, person_id).await?;
    let before = serde_json::to_value(&player)?;
    store::players::set_person(&mut tx, player_id, person_id).await?;
    player.person_id = person_id.map(str::to_owned);
    audit::record(
        &mut tx,
        actor,
        Some(tournament_id),
        "link-person",
        "player",
        player_id,
        Some(&before),
        Some(&serde_json::to_value(&player)?),
    )
    .await?;
    commit_change(tx, tournament_id).await?;
    Ok(player)
}

/// Registers every player of a pasted list (see [`read_paste`]) in
/// tournament `tournament_id`, all or none: 400 `invalid_lines` names each
/// bad line.
pub(crate) async fn paste(
    state: &AppState,
    actor: &Actor,
    tournament_id: &str,
    text: &str,
) -> Result<Vec<PlayerRow>, ApiError> {
    // Permission first: a reader who may not manage the event learns
    // nothing of the lines.
    let (_write, mut tx, tournament) =
        begin_change(state, actor, Permission::Manage, tournament_id).await?;
    // One change of the players at a time (PostgreSQL): two entries of
    // one person, or a change and a pairing, never pass each other.
    store::tournaments::lock(&mut tx, tournament_id).await?;
    let registered = store::players::list(&mut tx, tournament_id).await?;
    // A line with a registered FIDE id is that person, unless a player
    // already is (one person, one entry).
    let refused = |problems: Vec<LineProblem>| {
        let count = problems.len();
        let mut details = serde_json::Map::new();
        details.insert(
            "problems".into(),
            serde_json::to_value(&problems).unwrap_or_default(),
        );
        ApiError::Detailed {
            status: axum::http::StatusCode::BAD_REQUEST,
            code: "invalid_lines".into(),
            message: format!("{count} line(s) refused; no player was added"),
            article: None,
            details,
        }
    };
    let entries = read_paste(text, &fide_ids(&registered)).map_err(refused)?;
    let mut people: Vec<Option<String>> = Vec::with_capacity(entries.len());
    let mut problems = Vec::new();
    for (line, _, details) in &entries {
        let person = match details.fide_id.and_then(|i| i64::try_from(i).ok()) {
            Some(id) => store::people::by_fide_id(&mut *tx, id).await?.map(|p| p.id),
            None => None,
        };
        if let Some(person) = &person {
            let holder = registered
                .iter()
                .find(|p| p.person_id.as_ref() == Some(person))
                .map(|p| format!("start number {}", p.start_number))
                .or_else(|| {
                    entries
                        .iter()
                        .zip(&people)
                        .find(|(_, earlier)| earlier.as_ref() == Some(person))
                        .map(|((earlier, _, _), _)| format!("line {earlier}"))
                });
            if let Some(holder) = holder {
                problems.push(LineProblem {
                    line: *line,
                    field: "fide_id".into(),
                    message: format!("this registered person is already {holder}"),
                });
            }
        }
        people.push(person);
    }
    if !problems.is_empty() {
        return Err(refused(problems));
    }
    let paired = store::rounds::last_paired(&mut *tx, tournament_id).await?;
    let joins_at = entry_round(&tournament.system, paired, None)?;
    let mut players = Vec::with_capacity(entries.len());
    for ((_, name, details), person) in entries.iter().zip(&people) {
        players.push(
            register(
                &mut tx,
                actor,
                tournament_id,
                name,
                details,
                joins_at,
                person.as_deref(),
            )
            .await?,
        );
    }
    commit_change(tx, tournament_id).await?;
    Ok(players)
}

/// The players of tournament `tournament_id` by start number (404 for no
/// tournament).
pub(crate) async fn list(
    state: &AppState,
    tournament_id: &str,
) -> Result<Vec<PlayerRow>, ApiError> {
    load_tournament(state.db().pool(), tournament_id).await?;
    Ok(store::players::list(&mut *state.db().pool().acquire().await?, tournament_id).await?)
}

/// Withdraws a player, requests (or cancels) a bye, or corrects their data
/// (an organiser or chief arbiter), audited. Answers the player as changed.
pub(crate) async fn update(
    state: &AppState,
    actor: &Actor,
    tournament_id: &str,
    player_id: &str,
    change: PlayerChange,
    confirmation: &crate::app::confirm::Confirmation,
) -> Result<PlayerRow, ApiError> {
    let (_write, mut tx, tournament) =
        begin_change(state, actor, Permission::Manage, tournament_id).await?;
    // One change of the players at a time (PostgreSQL): two entries of
    // one person, or a change and a pairing, never pass each other.
    store::tournaments::lock(&mut tx, tournament_id).await?;
    let version = store::tournaments::version(&mut *tx, tournament_id)
        .await?
        .unwrap_or(0);
    let before = load_player(&mut tx, tournament_id, player_id).await?;
    let paired = store::rounds::last_paired(&mut *tx, tournament_id).await?;
    let mut after = before.clone();
    if let Some(name) = change.name {
        check_name("name", &name)?;
        after.name = name;
    }
    let flat = change.details;
    let d = &mut after.details;
    for (i, field) in change.clear.iter().enumerate() {
        match field.as_str() {
            "rating" => d.rating = None,
            "national_rating" => d.national_rating = None,
            "title" => d.title = None,
            "federation" => d.federation = None,
            "fide_id" => d.fide_id = None,
            "sex" => d.sex = None,
            "birth_date" => d.birth_date = None,
            "club" => d.club = None,
            "grade_points" => d.grade_points = None,
            "no_half_point_byes" => d.no_half_point_byes = None,
            other => {
                return Err(ApiError::invalid_field(
                    &format!("clear[{i}]"),
                    format!("'{other}' is not a data field a player may be without"),
                ));
            }
        }
    }
    macro_rules! set {
        ($($f:ident),*) => { $( if flat.$f.is_some() { d.$f = flat.$f.clone(); } )* };
    }
    set!(
        rating,
        national_rating,
        title,
        federation,
        fide_id,
        sex,
        birth_date,
        club,
        grade_points,
        no_half_point_byes
    );
    after.details.check()?;
    if after.details.fide_id != before.details.fide_id {
        refuse_second_entry(
            &mut tx,
            tournament_id,
            Some(player_id),
            after.details.fide_id,
            None,
        )
        .await?;
    }
    match (change.withdraw, change.withdrawn_from) {
        (Some(true), None) => after.withdrawn_from = Some(paired + 1),
        (Some(false), None) => after.withdrawn_from = None,
        (None, Some(k)) => {
            if i64::from(k) <= paired || k > 99 {
                return Err(ApiError::invalid_field(
                    "withdrawn_from",
                    format!("must be a round not yet paired (after round {paired})"),
                ));
            }
            after.withdrawn_from = Some(i64::from(k));
        }
        (None, None) => {}
        (Some(_), Some(_)) => {
            return Err(ApiError::invalid_field(
                "withdraw",
                "give either withdraw or withdrawn_from",
            ));
        }
    }
    match change.expel {
        Some(true) => {
            after.details.expelled = Some(true);
            if after.withdrawn_from.is_none_or(|k| k > paired + 1) {
                after.withdrawn_from = Some(paired + 1);
            }
        }
        Some(false) => after.details.expelled = None,
        None => {}
    }
    // An expelled player stays withdrawn from the round his expulsion
    // took effect: no request moves or takes back his withdrawal, the
    // expelling one included, until the expulsion is taken back.
    let withdrawal_changed = change.withdraw.is_some() || change.withdrawn_from.is_some();
    if after.details.expelled == Some(true) && withdrawal_changed {
        return Err(ApiError::Unprocessable {
            code: "player_expelled".into(),
            message: format!(
                "{} is expelled: his withdrawal stands; take the expulsion back (`expel: false`) to change it",
                after.name
            ),
            article: None,
            at: Some(
                if change.withdraw.is_some() {
                    "withdraw"
                } else {
                    "withdrawn_from"
                }
                .into(),
            ),
        });
    }
    if after.details.expelled == Some(true) && after.withdrawn_from.is_none() {
        return Err(ApiError::Unprocessable {
            code: "player_expelled".into(),
            message: format!(
                "{} was expelled: take the expulsion back (`expel: false`) before the withdrawal",
                after.name
            ),
            article: None,
            at: Some("withdraw".into()),
        });
    }
    if tournament.teams.is_some() && withdrawal_changed {
        refuse_before_team(&mut tx, tournament_id, &after, change.withdraw.is_some()).await?;
    }
    if let Some(bye) = &change.bye {
        // A team plays its line-up: a player who will not play is left out
        // of it (a reserve moves up), and a team bye is the pairing's.
        if tournament.teams.is_some() && bye.kind != "none" {
            return Err(ApiError::Unprocessable {
                code: "not_for_team_events".into(),
                message: "a team event has no byes for its players: leave the player out of the team's line-up for the round".into(),
                article: None,
                at: Some("bye".into()),
            });
        }
        let round = i64::from(bye.round);
        if round <= paired || bye.round > 99 {
            return Err(ApiError::invalid_field(
                "bye.round",
                format!("a bye is requested for a round not yet paired (after round {paired})"),
            ));
        }
        if tournament.rounds > 0 && round > tournament.rounds {
            return Err(ApiError::invalid_field(
                "bye.round",
                format!("the tournament has {} rounds", tournament.rounds),
            ));
        }
        if let Some(k) = after
            .withdrawn_from
            .filter(|&k| round >= k && bye.kind != "none")
        {
            return Err(ApiError::Unprocessable {
                code: "player_withdrawn".into(),
                message: format!(
                    "{} is withdrawn from round {k}: no bye is requested for round {round}",
                    after.name
                ),
                article: None,
                at: Some("bye.round".into()),
            });
        }
        match bye.kind.as_str() {
            "half" | "zero" | "full" => {
                after.requested_byes.insert(round, bye.kind.clone());
            }
            "none" => {
                after.requested_byes.remove(&round);
            }
            other => {
                return Err(ApiError::invalid_field(
                    "bye.kind",
                    format!("unknown bye kind '{other}' (half, zero, full or none)"),
                ));
            }
        }
        // Refused before anything is asked to be confirmed.
        refuse_barred_half_point_bye(&after, paired)?;
        let kind = (bye.kind != "none").then_some(bye.kind.as_str());
        if before.requested_byes.get(&round) != after.requested_byes.get(&round) {
            let (warnings, lines) = bye_warnings(&mut tx, &after, round, &bye.kind).await?;
            let overridden = crate::app::confirm::require(
                &crate::app::confirm::Change {
                    actor,
                    operation: "request_bye",
                    fingerprint: &json!({ "player": player_id, "round": round, "kind": bye.kind }),
                    version,
                },
                warnings,
                confirmation,
            )?;
            if !overridden.is_empty() {
                crate::app::fide_mode::log(&mut tx, actor, tournament_id, &lines).await?;
            }
        }
        store::players::set_requested_bye(&mut tx, tournament_id, player_id, round, kind).await?;
    }
    // A withdrawal (or expulsion) drops the byes requested for the rounds
    // it covers: the player is paired no more, and no list should still
    // show them.
    if let Some(k) = after.withdrawn_from {
        let covered: Vec<i64> = after
            .requested_byes
            .range(k.max(paired + 1)..)
            .map(|(&round, _)| round)
            .collect();
        for round in covered {
            after.requested_byes.remove(&round);
            store::players::set_requested_bye(&mut tx, tournament_id, player_id, round, None)
                .await?;
        }
    }
    refuse_barred_half_point_bye(&after, paired)?;
    store::players::update(&mut tx, &after).await?;
    audit::record(
        &mut tx,
        actor,
        Some(tournament_id),
        "update",
        "player",
        player_id,
        Some(&serde_json::to_value(&before)?),
        Some(&serde_json::to_value(&after)?),
    )
    .await?;
    commit_change(tx, tournament_id).await?;
    Ok(after)
}

/// A player barred from half-point byes by the event's regulations has none
/// requested for a round still to be paired (VCL4THP.13 Q175–Q176): asking
/// for one, or barring a player who has one, is refused.
fn refuse_barred_half_point_bye(player: &PlayerRow, paired: i64) -> Result<(), ApiError> {
    if player.details.no_half_point_byes != Some(true) {
        return Ok(());
    }
    match player
        .requested_byes
        .iter()
        .find(|&(&round, kind)| round > paired && kind == "half")
    {
        Some((round, _)) => Err(ApiError::Unprocessable {
            code: "half_point_bye_barred".into(),
            message: format!(
                "{} may not take a half-point bye (the event's regulations bar it); round {round} has one requested",
                player.name
            ),
            article: Some("VCL4THP.13 Q176".into()),
            at: Some("bye.kind".into()),
        }),
        None => Ok(()),
    }
}

/// What a requested bye needs confirmed (VCL4THP.13 Q174, Q178–Q179): a
/// second half-point bye of the event is level 3; a full-point bye, which
/// FIDE deprecates, level 2 and an `### Bye @ Round n` line.
async fn bye_warnings(
    conn: &mut AnyConnection,
    player: &PlayerRow,
    round: i64,
    kind: &str,
) -> Result<
    (
        Vec<crate::app::confirm::Warning>,
        Vec<crate::app::fide_mode::LogLine>,
    ),
    ApiError,
> {
    use crate::app::confirm::{Level, Warning};
    let mut warnings = Vec::new();
    let mut lines = Vec::new();
    let who = format!("{} ({})", player.name, player.start_number);
    match kind {
        "half" => {
            let taken = store::rounds::byes(&mut *conn, &player.tournament_id)
                .await?
                .iter()
                .filter(|b| b.player_id == player.id && b.kind == "half")
                .count();
            let requested = player
                .requested_byes
                .iter()
                .filter(|(r, k)| **r != round && k.as_str() == "half")
                .count();
            if taken + requested > 0 {
                warnings.push(Warning::new(
                    Level::Confirm,
                    "second_half_point_bye",
                    format!("{who} already has a half-point bye in this event"),
                    Some("VCL4THP.13 Q174"),
                ));
            }
        }
        "full" => {
            warnings.push(Warning::new(
                Level::Acknowledge,
                "full_point_bye_deprecated",
                format!(
                    "a full-point bye for {who} in round {round}: FIDE deprecates full-point byes"
                ),
                Some("VCL4THP.13 Q178"),
            ));
            lines.push(crate::app::fide_mode::LogLine::new(
                "Bye",
                round,
                &format!("full-point bye requested for {who}"),
            ));
        }
        _ => {}
    }
    Ok((warnings, lines))
}

async fn load_player(
    conn: &mut AnyConnection,
    tournament_id: &str,
    player_id: &str,
) -> Result<PlayerRow, ApiError> {
    store::players::load(conn, tournament_id, player_id)
        .await?
        .ok_or_else(|| ApiError::not_found("player"))
}

/// The round a new player is first paired in (`None`: from round 1): a
/// round robin takes no one once paired (409 `tournament_started`); a late
/// entry joins at a round not yet paired, the next one by default.
fn entry_round(system: &str, paired: i64, joins_at: Option<u32>) -> Result<Option<i64>, ApiError> {
    if system != "swiss-dutch" && paired > 0 {
        return Err(ApiError::conflict(
            "tournament_started",
            "players cannot join a round robin once it is paired",
        ));
    }
    match joins_at {
        Some(k) if i64::from(k) <= paired || k > 99 => Err(ApiError::invalid_field(
            "joins_at",
            format!("a late entry joins at a round not yet paired (after round {paired})"),
        )),
        Some(k) => Ok(Some(i64::from(k))),
        None if paired > 0 => Ok(Some(paired + 1)),
        None => Ok(None),
    }
}

/// Registers one checked player with the next start number, audited.
async fn register(
    tx: &mut AnyConnection,
    actor: &Actor,
    tournament_id: &str,
    name: &str,
    details: &PlayerDetails,
    joins_at: Option<i64>,
    person_id: Option<&str>,
) -> Result<PlayerRow, ApiError> {
    let mut player = insert_player(tx, tournament_id, None, name, details, None, joins_at).await?;
    if let Some(id) = person_id {
        store::players::set_person(tx, &player.id, Some(id)).await?;
        player.person_id = Some(id.to_owned());
    }
    audit::record(
        tx,
        actor,
        Some(tournament_id),
        "create",
        "player",
        &player.id,
        None,
        Some(&serde_json::to_value(&player)?),
    )
    .await?;
    Ok(player)
}

/// Inserts a player with the given start number, or else the next free one;
/// a taken start number is 409.
pub(crate) async fn insert_player(
    conn: &mut AnyConnection,
    tournament_id: &str,
    start_number: Option<i64>,
    name: &str,
    details: &PlayerDetails,
    withdrawn_from: Option<i64>,
    joins_at: Option<i64>,
) -> Result<PlayerRow, ApiError> {
    let start_number = match start_number {
        Some(n) => n,
        None => store::players::next_start_number(&mut *conn, tournament_id).await?,
    };
    let player = PlayerRow {
        id: Uuid::new_v4().to_string(),
        tournament_id: tournament_id.to_owned(),
        start_number,
        name: name.to_owned(),
        details: details.clone(),
        withdrawn_from,
        joins_at,
        requested_byes: BTreeMap::new(),
        person_id: None,
    };
    store::players::insert(conn, &player, &now_text())
        .await
        .map_err(|e| {
            if e.is_unique_violation() {
                ApiError::conflict("duplicate_start_number", "that start number is taken")
            } else {
                e.into()
            }
        })?;
    Ok(player)
}

/// The round a player withdrew from, when he had withdrawn by the end of
/// round `rounds` (his last round was that one or earlier): standings after
/// those rounds mark him (FIDE endorsement checklist Q170).
pub(crate) fn withdrawn_by(player: &PlayerRow, rounds: u32) -> Option<i64> {
    player
        .withdrawn_from
        .filter(|&k| k >= 1 && k - 1 <= i64::from(rounds))
}

/// The start number holding each FIDE id among `players`.
fn fide_ids(players: &[PlayerRow]) -> BTreeMap<u64, i64> {
    players
        .iter()
        .filter_map(|p| Some((p.details.fide_id?, p.start_number)))
        .collect()
}

/// One person, one entry: 409 `already_registered` when another player of
/// the tournament (not `except`) has FIDE id `fide_id` or is person
/// `person_id`, naming that player (`where` the field, `start_number`,
/// `player_id`).
async fn refuse_second_entry(
    conn: &mut AnyConnection,
    tournament_id: &str,
    except: Option<&str>,
    fide_id: Option<u64>,
    person_id: Option<&str>,
) -> Result<(), ApiError> {
    if fide_id.is_none() && person_id.is_none() {
        return Ok(());
    }
    let players = store::players::list(conn, tournament_id).await?;
    let holder = |p: &&PlayerRow| Some(p.id.as_str()) != except;
    let (field, what, holder) = if let Some(p) = fide_id.and_then(|id| {
        players
            .iter()
            .filter(holder)
            .find(|p| p.details.fide_id == Some(id))
    }) {
        ("fide_id", format!("FIDE id {}", fide_id.unwrap_or(0)), p)
    } else if let Some(p) = person_id.and_then(|id| {
        players
            .iter()
            .filter(holder)
            .find(|p| p.person_id.as_deref() == Some(id))
    }) {
        ("person_id", "this person".to_owned(), p)
    } else {
        return Ok(());
    };
    let mut details = serde_json::Map::new();
    details.insert("where".into(), field.into());
    details.insert("start_number".into(), holder.start_number.into());
    details.insert("player_id".into(), holder.id.clone().into());
    Err(ApiError::Detailed {
        status: axum::http::StatusCode::CONFLICT,
        code: "already_registered".into(),
        message: format!(
            "{what} is already in this tournament: start number {} ({}); a person plays once",
            holder.start_number, holder.name
        ),
        article: None,
        details,
    })
}

/// A player of a team that has withdrawn plays no earlier than his team:
/// 422 `team_withdrawn` when a change would have him play a round his
/// team has withdrawn from (the team's withdrawal is taken back on the
/// team, which brings back the players it withdrew).
async fn refuse_before_team(
    tx: &mut AnyConnection,
    tournament_id: &str,
    after: &PlayerRow,
    by_withdraw: bool,
) -> Result<(), ApiError> {
    let teams = store::teams::list(&mut *tx, tournament_id).await?;
    let Some(team) = teams
        .iter()
        .find(|t| t.roster.contains(&after.start_number))
    else {
        return Ok(());
    };
    let Some(team_from) = team.withdrawn_from else {
        return Ok(());
    };
    if after.withdrawn_from.is_some_and(|k| k <= team_from) {
        return Ok(());
    }
    Err(ApiError::Unprocessable {
        code: "team_withdrawn".into(),
        message: format!(
            "{}'s team {} ({}) has withdrawn from round {team_from}: take the team's withdrawal back to bring its players back",
            after.name, team.number, team.name
        ),
        article: None,
        at: Some(
            if by_withdraw {
                "withdraw"
            } else {
                "withdrawn_from"
            }
            .into(),
        ),
    })
}
