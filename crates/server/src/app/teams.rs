//! Teams as operations read and change them (issue 22): a tournament's
//! team settings (or 422), its teams and their ordered rosters, and
//! line-ups per round. The rules are the `tournament` crate's
//! (`tournament::team`): a roster is the board order, a line-up is checked
//! by `check_lineup`.

use std::collections::BTreeMap;

use serde::Serialize;
use sqlx::AnyConnection;
use tournament::team::{LineupError, LineupRules};
use utoipa::ToSchema;

use crate::app::tournaments::{begin_change, commit_change};
use crate::auth::audit;
use crate::auth::{Actor, Permission};
use crate::error::ApiError;
use crate::model::settings::check_name;
use crate::model::teams::{MAX_BOARDS, TeamSettings};
use crate::state::AppState;
use crate::store;
use crate::store::players::PlayerRow;
pub(crate) use crate::store::teams::TeamRow;
use crate::store::tournaments::TournamentRow;

/// A team's line-up for a round.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub(crate) struct LineupJson {
    pub team: i64,
    /// Start numbers board by board (`null`: an empty board).
    pub players: Vec<Option<i64>>,
    /// `false`: nobody submitted one; the roster's first players in order.
    pub submitted: bool,
}

/// The line-ups of a round.
#[derive(Serialize, ToSchema)]
pub(crate) struct LineupList {
    /// By team number.
    pub lineups: Vec<LineupJson>,
}

/// Every team's line-up for `round`: the one submitted (or, since the
/// round was paired, the one it was paired with), else the default: for a
/// round not yet paired (`unpaired`: the tournament's players) the roster's
/// first `boards` players who have not withdrawn from it
/// ([`default_lineup`]), for a paired one the roster's first players.
pub(crate) async fn round_lineups(
    conn: &mut AnyConnection,
    id: &str,
    settings: &TeamSettings,
    round: i64,
    unpaired: Option<&[PlayerRow]>,
) -> Result<Vec<LineupJson>, ApiError> {
    let teams = store::teams::list(&mut *conn, id).await?;
    let mut submitted = store::teams::lineups(&mut *conn, id, round).await?;
    // Only the rosters matter here: the default line-ups.
    let event =
        store::model::to_team_event(settings, &teams, tournament::model::Scoring::default());
    Ok(teams
        .iter()
        .map(|t| match submitted.remove(&t.number) {
            Some(stored) => LineupJson {
                team: t.number,
                players: stored.players,
                submitted: !stored.by_pairing,
            },
            None => LineupJson {
                team: t.number,
                players: u32::try_from(t.number)
                    .ok()
                    .and_then(|n| match unpaired {
                        Some(players) => default_lineup(&event, n, players, round),
                        // A round paired before its line-ups were stored
                        // with it played the roster's first players.
                        None => tournament::team::Lineup::default_for(&event, n),
                    })
                    .map(|l| l.players.iter().map(|p| p.map(i64::from)).collect())
                    .unwrap_or_default(),
                submitted: false,
            },
        })
        .collect())
}

/// Team `team`'s default line-up for `round`: the roster's first `boards`
/// players who have not withdrawn from it, in roster order (none for a team
/// that withdrew: its boards are empty).
pub(crate) fn default_lineup(
    event: &tournament::team::TeamEvent,
    team: u32,
    players: &[PlayerRow],
    round: i64,
) -> Option<tournament::team::Lineup> {
    let plays = u32::try_from(round).is_ok_and(|r| event.plays_in(team, r));
    tournament::team::Lineup::default_among(event, team, |sn| {
        plays
            && players
                .iter()
                .find(|p| p.start_number == i64::from(sn))
                .is_some_and(|p| withdrawn_before(p, round).is_none())
    })
}

/// The round `player` withdrew from, if it is `round` or an earlier one.
pub(crate) fn withdrawn_before(player: &PlayerRow, round: i64) -> Option<i64> {
    player.withdrawn_from.filter(|&k| k <= round)
}

/// The tournament's team settings, or 422 `not_a_team_event`.
pub(crate) fn settings(tournament: &TournamentRow) -> Result<TeamSettings, ApiError> {
    tournament.teams.clone().ok_or_else(|| {
        ApiError::unprocessable(
            "not_a_team_event",
            "this tournament has no teams (set `teams` on it first)",
        )
    })
}

/// A team to register.
pub(crate) struct NewTeam {
    /// 1–999; the next free number when `None`.
    pub number: Option<u32>,
    pub name: String,
    pub short_name: Option<String>,
    pub federation: Option<String>,
    /// Start numbers in board order.
    pub roster: Vec<u32>,
}

/// What to change on a team (`None`: keep it).
pub(crate) struct TeamChange {
    pub name: Option<String>,
    pub short_name: Option<String>,
    pub federation: Option<String>,
    /// The whole roster in board order (only before round 1 is paired).
    pub roster: Option<Vec<u32>>,
    /// `true`: the team withdraws from the next round not paired; `false`:
    /// it plays again from the next round.
    pub withdraw: Option<bool>,
    /// The team withdraws from this round (not yet paired).
    pub withdrawn_from: Option<u32>,
}

/// Registers a team with its roster in tournament `id` (an organiser or
/// chief arbiter, before round 1 is paired), audited.
pub(crate) async fn create(
    state: &AppState,
    actor: &Actor,
    id: &str,
    new: NewTeam,
) -> Result<TeamRow, ApiError> {
    check_name("name", &new.name)?;
    check_short_name(new.short_name.as_deref())?;
    check_federation(new.federation.as_deref())?;
    if new.number.is_some_and(|n| !(1..=999).contains(&n)) {
        return Err(ApiError::invalid_field(
            "number",
            "must be between 1 and 999",
        ));
    }
    let (_write, mut tx, tournament) = begin_change(state, actor, Permission::Manage, id).await?;
    settings(&tournament)?;
    require_not_started(&mut tx, id).await?;
    // Teams registered at the same moment take the next free numbers one
    // after the other (PostgreSQL gave two of them the same number and
    // refused one as a duplicate), and are told apart by name.
    store::tournaments::lock(&mut tx, id).await?;
    refuse_name_taken(&mut tx, id, &new.name, None).await?;
    let number = match new.number {
        Some(n) => i64::from(n),
        None => store::teams::next_number(&mut tx, id).await?,
    };
    if number > 999 {
        return Err(ApiError::invalid_field("number", "team numbers end at 999"));
    }
    let ids = roster_ids(&mut tx, id, number, &new.roster).await?;
    let team = TeamRow {
        number,
        name: new.name,
        short_name: new.short_name,
        federation: new.federation,
        roster: new.roster.iter().map(|&p| i64::from(p)).collect(),
        withdrawn_from: None,
        withdrawn_players: Vec::new(),
    };
    store::teams::insert(&mut tx, id, &team)
        .await
        .map_err(|e| {
            if e.is_unique_violation() {
                ApiError::conflict("duplicate_team_number", "that team number is taken")
            } else {
                e.into()
            }
        })?;
    store::teams::set_roster(&mut tx, id, number, &ids).await?;
    let after = serde_json::to_value(&team)?;
    audit::record(
        &mut tx,
        actor,
        Some(id),
        "create",
        "team",
        &number.to_string(),
        None,
        Some(&after),
    )
    .await?;
    commit_change(tx, id).await?;
    Ok(team)
}

/// 422 `duplicate_team_name` when another team than `number` of
/// tournament `id` has the name `name` (spaces around it and letter case
/// aside): the standings, the pages and the TRF name teams by name.
async fn refuse_name_taken(
    tx: &mut AnyConnection,
    id: &str,
    name: &str,
    number: Option<i64>,
) -> Result<(), ApiError> {
    let key = |n: &str| n.trim().to_lowercase();
    let wanted = key(name);
    let teams = store::teams::list(&mut *tx, id).await?;
    match teams
        .iter()
        .find(|t| Some(t.number) != number && key(&t.name) == wanted)
    {
        Some(other) => Err(ApiError::Unprocessable {
            code: "duplicate_team_name".into(),
            message: format!("team {} is already called '{}'", other.number, other.name),
            article: None,
            at: Some("name".into()),
        }),
        None => Ok(()),
    }
}

/// The teams of tournament `id` by number, with their rosters (404 for no
/// tournament).
pub(crate) async fn list(state: &AppState, id: &str) -> Result<Vec<TeamRow>, ApiError> {
    let mut conn = state.db().pool().acquire().await?;
    let tournament = crate::app::tournaments::load_tournament(&mut *conn, id).await?;
    // An event of individuals has no team routes (as every other one).
    settings(&tournament)?;
    Ok(store::teams::list(&mut conn, id).await?)
}

/// Corrects a team's names or federation, or replaces its roster (before
/// round 1 is paired), audited. Answers the team as changed.
pub(crate) async fn update(
    state: &AppState,
    actor: &Actor,
    id: &str,
    number: i64,
    change: TeamChange,
) -> Result<TeamRow, ApiError> {
    let (_write, mut tx, tournament) = begin_change(state, actor, Permission::Manage, id).await?;
    settings(&tournament)?;
    // A withdrawal and a pairing of the event never pass each other.
    store::tournaments::lock(&mut tx, id).await?;
    let before = load_team(&mut tx, id, number).await?;
    let mut after = before.clone();
    if let Some(name) = change.name {
        check_name("name", &name)?;
        refuse_name_taken(&mut tx, id, &name, Some(number)).await?;
        after.name = name;
    }
    if change.short_name.is_some() {
        check_short_name(change.short_name.as_deref())?;
        after.short_name = change.short_name;
    }
    if change.federation.is_some() {
        check_federation(change.federation.as_deref())?;
        after.federation = change.federation;
    }
    let paired = store::rounds::last_paired(&mut *tx, id).await?;
    if let Some(from) = withdrawal(
        change.withdraw,
        change.withdrawn_from,
        paired,
        tournament.rounds,
    )? {
        after.withdrawn_from = from;
        after.withdrawn_players = withdraw_players(&mut tx, actor, id, &before, from).await?;
    }
    store::teams::update(&mut tx, id, &after).await?;
    if let Some(roster) = change.roster {
        require_not_started(&mut tx, id).await?;
        let ids = roster_ids(&mut tx, id, number, &roster).await?;
        store::teams::set_roster(&mut tx, id, number, &ids).await?;
        after.roster = roster.iter().map(|&p| i64::from(p)).collect();
    }
    audit::record(
        &mut tx,
        actor,
        Some(id),
        "update",
        "team",
        &number.to_string(),
        Some(&serde_json::to_value(&before)?),
        Some(&serde_json::to_value(&after)?),
    )
    .await?;
    commit_change(tx, id).await?;
    Ok(after)
}

/// The withdrawal a change asks for: `Some(Some(k))` from round k (a round
/// not yet paired, and one of the event's `rounds` when it has a number:
/// `withdraw: true` is the next one), `Some(None)` taken back, `None`
/// unchanged.
fn withdrawal(
    withdraw: Option<bool>,
    withdrawn_from: Option<u32>,
    paired: i64,
    rounds: i64,
) -> Result<Option<Option<i64>>, ApiError> {
    let last = if rounds > 0 { rounds } else { 99 };
    match (withdraw, withdrawn_from) {
        (None, None) => Ok(None),
        (Some(true), None) => Ok(Some(Some(paired + 1))),
        (Some(false), None) => Ok(Some(None)),
        (None, Some(k)) if i64::from(k) > paired && i64::from(k) <= last => {
            Ok(Some(Some(i64::from(k))))
        }
        (None, Some(_)) => Err(ApiError::invalid_field(
            "withdrawn_from",
            format!("must be a round not yet paired: {} to {last}", paired + 1),
        )),
        (Some(_), Some(_)) => Err(ApiError::invalid_field(
            "withdraw",
            "give either withdraw or withdrawn_from",
        )),
    }
}

/// A team's withdrawal reaches its players: from round `from` every one
/// not withdrawn on his own is withdrawn with it; taken back (`None`), those
/// the team's withdrawal withdrew play again. (A player withdrawn on his
/// own keeps his round; the team's empty line-up keeps him off the boards
/// anyway.) Each player's change is audited. Answers the ids of the players
/// the team's withdrawal now holds.
async fn withdraw_players(
    tx: &mut AnyConnection,
    actor: &Actor,
    id: &str,
    team: &TeamRow,
    from: Option<i64>,
) -> Result<Vec<String>, ApiError> {
    let players = store::players::list(&mut *tx, id).await?;
    let mut held = Vec::new();
    for player in players
        .iter()
        .filter(|p| team.roster.contains(&p.start_number))
    {
        // Withdrawn by the team's own earlier withdrawal (and not changed
        // on his own since).
        let by_team = team.withdrawn_players.contains(&player.id)
            && player.withdrawn_from == team.withdrawn_from;
        let withdrawn_from = match from {
            Some(k) if by_team || player.withdrawn_from.is_none() => {
                held.push(player.id.clone());
                Some(k)
            }
            None if by_team => None,
            _ => continue,
        };
        if withdrawn_from == player.withdrawn_from {
            continue;
        }
        let mut after = player.clone();
        after.withdrawn_from = withdrawn_from;
        store::players::update(&mut *tx, &after).await?;
        audit::record(
            &mut *tx,
            actor,
            Some(id),
            "update",
            "player",
            &player.id,
            Some(&serde_json::to_value(player)?),
            Some(&serde_json::to_value(&after)?),
        )
        .await?;
    }
    Ok(held)
}

/// Removes team `number` (before round 1 is paired), audited.
pub(crate) async fn delete(
    state: &AppState,
    actor: &Actor,
    id: &str,
    number: i64,
) -> Result<(), ApiError> {
    let (_write, mut tx, tournament) = begin_change(state, actor, Permission::Manage, id).await?;
    settings(&tournament)?;
    let before = load_team(&mut tx, id, number).await?;
    require_not_started(&mut tx, id).await?;
    store::teams::delete(&mut tx, id, number).await?;
    audit::record(
        &mut tx,
        actor,
        Some(id),
        "delete",
        "team",
        &number.to_string(),
        Some(&serde_json::to_value(&before)?),
        None,
    )
    .await?;
    commit_change(tx, id).await?;
    Ok(())
}

/// Every team's line-up for `round` of tournament `id` (see
/// [`round_lineups`]).
pub(crate) async fn lineups(
    state: &AppState,
    id: &str,
    round: i64,
) -> Result<Vec<LineupJson>, ApiError> {
    let mut conn = state.db().pool().acquire().await?;
    let tournament = crate::app::tournaments::load_tournament(&mut *conn, id).await?;
    let settings = settings(&tournament)?;
    if !lineup_round(&tournament, round) {
        return Err(ApiError::not_found("round"));
    }
    let players = if round > store::rounds::last_paired(&mut *conn, id).await? {
        Some(store::players::list(&mut conn, id).await?)
    } else {
        None
    };
    round_lineups(&mut conn, id, &settings, round, players.as_deref()).await
}

/// Stores team `number`'s line-up for `round` (an arbiter of tournament
/// `id`), checked against the roster (`tournament::team::check_lineup`),
/// audited: for a round not yet paired, or for the round just paired while
/// the team's match has not begun, which is then seated again
/// (`team_rounds::reseat_match`).
pub(crate) async fn put_lineup(
    state: &AppState,
    actor: &Actor,
    id: &str,
    round: i64,
    number: i64,
    players: Vec<Option<u32>>,
) -> Result<LineupJson, ApiError> {
    let (_write, mut tx, tournament) =
        begin_change(state, actor, Permission::Arbitrate, id).await?;
    let settings = settings(&tournament)?;
    if !lineup_round(&tournament, round) {
        return Err(ApiError::not_found("round"));
    }
    // Line-ups of the event are entered one after another, never past a
    // pairing of it.
    store::tournaments::lock(&mut tx, id).await?;
    let paired = store::rounds::last_paired(&mut *tx, id).await?;
    if round < paired {
        return Err(ApiError::conflict(
            "round_paired",
            format!("round {round} is over and round {paired} is paired; its line-ups are locked"),
        ));
    }
    let teams = store::teams::list(&mut tx, id).await?;
    if !teams.iter().any(|t| t.number == number) {
        return Err(ApiError::not_found("team"));
    }
    if players.len() > MAX_BOARDS as usize {
        return Err(ApiError::invalid_field(
            "players",
            format!("at most {MAX_BOARDS} boards"),
        ));
    }
    let event = store::model::to_team_event(&settings, &teams, tournament.scoring.to_model());
    let lineup = tournament::team::Lineup {
        team: u32::try_from(number).map_err(|_| ApiError::not_found("team"))?,
        players: players.clone(),
    };
    tournament::team::check_lineup(&event, &lineup, &LineupRules::default())
        .map_err(|e| lineup_error(&e))?;
    let listed = store::players::list(&mut tx, id).await?;
    refuse_withdrawn(&listed, number, round, &players)?;
    let ids: BTreeMap<i64, String> = listed.into_iter().map(|p| (p.start_number, p.id)).collect();
    let player_ids: Vec<Option<String>> = players
        .iter()
        .map(|p| p.and_then(|p| ids.get(&i64::from(p)).cloned()))
        .collect();
    let before = store::teams::lineups(&mut tx, id, round)
        .await?
        .remove(&number)
        .map(|l| l.players);
    store::teams::set_lineup(&mut tx, id, round, number, &player_ids, false).await?;
    let stored = LineupJson {
        team: number,
        players: players.iter().map(|p| p.map(i64::from)).collect(),
        submitted: true,
    };
    let mut after = serde_json::to_value(&stored)?;
    if round == paired {
        // The round is paired: the team's match is seated again.
        let (boards, byes) =
            crate::app::team_rounds::reseat_match(&mut tx, id, round, number).await?;
        after["boards"] = serde_json::to_value(&boards)?;
        after["byes"] = serde_json::to_value(&byes)?;
    }
    audit::record(
        &mut tx,
        actor,
        Some(id),
        "update",
        "lineup",
        &format!("{round}/{number}"),
        before
            .map(|players| serde_json::json!({ "team": number, "players": players }))
            .as_ref(),
        Some(&after),
    )
    .await?;
    commit_change(tx, id).await?;
    Ok(stored)
}

/// Whether `round` is one of the event's rounds (1–99, at most its set
/// number of rounds): else its line-ups are 404.
fn lineup_round(tournament: &TournamentRow, round: i64) -> bool {
    (1..=99).contains(&round) && (tournament.rounds <= 0 || round <= tournament.rounds)
}

/// 422 `invalid_lineup` when team `team`'s line-up for `round` names a
/// player who has withdrawn from it (`where`: the board's seat).
pub(crate) fn refuse_withdrawn(
    listed: &[PlayerRow],
    team: i64,
    round: i64,
    players: &[Option<u32>],
) -> Result<(), ApiError> {
    for (board, sn) in (1..).zip(players) {
        let Some(sn) = sn else { continue };
        let withdrawn = listed
            .iter()
            .find(|p| p.start_number == i64::from(*sn))
            .and_then(|p| withdrawn_before(p, round));
        if let Some(k) = withdrawn {
            return Err(ApiError::Unprocessable {
                code: "invalid_lineup".into(),
                message: format!(
                    "team {team}'s line-up for round {round} names player {sn} on board {board}, who withdrew from round {k}"
                ),
                article: None,
                at: Some(format!("players[{}]", board - 1)),
            });
        }
    }
    Ok(())
}

/// Rounds paired so far, or 409 `tournament_started` when there are some:
/// teams and rosters are fixed for the event once round 1 is paired (the
/// board order "fixed for the event", `tournament::team::Team::roster`).
async fn require_not_started(conn: &mut AnyConnection, id: &str) -> Result<(), ApiError> {
    if store::rounds::last_paired(&mut *conn, id).await? > 0 {
        return Err(ApiError::conflict(
            "tournament_started",
            "teams and rosters are fixed once round 1 is paired",
        ));
    }
    Ok(())
}

fn check_short_name(short: Option<&str>) -> Result<(), ApiError> {
    if let Some(s) = short
        && (s.trim().is_empty() || s.chars().count() > 5 || s.chars().any(char::is_control))
    {
        return Err(ApiError::invalid_field(
            "short_name",
            "1 to 5 characters (the TRF-2026 team nickname)",
        ));
    }
    short.map_or(Ok(()), |s| crate::engine::check_visible("short_name", s))
}

fn check_federation(fed: Option<&str>) -> Result<(), ApiError> {
    if let Some(fed) = fed
        && (fed.len() != 3 || !fed.bytes().all(|b| b.is_ascii_uppercase()))
    {
        return Err(ApiError::invalid_field(
            "federation",
            "a three-letter FIDE federation code in capitals (e.g. CHN)",
        ));
    }
    Ok(())
}

/// The player ids of a roster given as start numbers: each a player of the
/// tournament, once, and on no other team's roster (422 naming
/// `roster[i]`).
async fn roster_ids(
    conn: &mut AnyConnection,
    id: &str,
    team: i64,
    roster: &[u32],
) -> Result<Vec<String>, ApiError> {
    if roster.len() > MAX_ROSTER {
        return Err(ApiError::invalid_field(
            "roster",
            format!("at most {MAX_ROSTER} players"),
        ));
    }
    let players: BTreeMap<i64, String> = store::players::list(&mut *conn, id)
        .await?
        .into_iter()
        .map(|p| (p.start_number, p.id))
        .collect();
    let owner: BTreeMap<i64, i64> = store::teams::list(&mut *conn, id)
        .await?
        .into_iter()
        .filter(|t| t.number != team)
        .flat_map(|t| t.roster.into_iter().map(move |p| (p, t.number)))
        .collect();
    let mut ids = Vec::with_capacity(roster.len());
    for (i, &start) in roster.iter().enumerate() {
        let at = format!("roster[{i}]");
        let start = i64::from(start);
        let Some(pid) = players.get(&start) else {
            return Err(unprocessable_at(
                "unknown_player",
                format!("no player has start number {start}"),
                &at,
            ));
        };
        if roster[..i].contains(&roster[i]) {
            return Err(unprocessable_at(
                "player_twice",
                format!("player {start} is on the roster twice"),
                &at,
            ));
        }
        if let Some(other) = owner.get(&start) {
            return Err(unprocessable_at(
                "player_in_two_teams",
                format!(
                    "player {start} is on the roster of team {other}; a player plays for one team"
                ),
                &at,
            ));
        }
        ids.push(pid.clone());
    }
    Ok(ids)
}

fn unprocessable_at(code: &str, message: String, at: &str) -> ApiError {
    ApiError::Unprocessable {
        code: code.into(),
        message,
        article: None,
        at: Some(at.to_owned()),
    }
}

async fn load_team(conn: &mut AnyConnection, id: &str, number: i64) -> Result<TeamRow, ApiError> {
    store::teams::list(conn, id)
        .await?
        .into_iter()
        .find(|t| t.number == number)
        .ok_or_else(|| ApiError::not_found("team"))
}

/// A refused line-up: 422 `invalid_lineup` naming the board's entry
/// (`players[i]`) when the fault is on one board.
fn lineup_error(e: &LineupError) -> ApiError {
    let at = match e {
        LineupError::NotOnRoster { board, .. }
        | LineupError::OtherTeam { board, .. }
        | LineupError::OutOfRosterOrder { board, .. }
        | LineupError::EmptyBoardNotLast { board } => format!("players[{}]", board - 1),
        _ => "players".to_owned(),
    };
    unprocessable_at("invalid_lineup", e.to_string(), &at)
}

/// Most players on a roster.
const MAX_ROSTER: usize = 100;
