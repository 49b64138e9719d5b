//! `POST /tournaments/import`: a TRF16 or TRF-2026 file (read by
//! `tournament::trf`) becomes a tournament with its players, rounds,
//! results, requested byes and pairing options; a file with team records
//! becomes a team event (`team_import`).

use std::collections::{BTreeMap, HashMap};

use serde_json::json;
use tournament::model::{self, ByeKind, GameResult, Points, StartNumber};

use crate::app::confirm::{self, Confirmation, Level, Warning};
use crate::app::fide_mode::LogLine;
use crate::app::rounds::{NewBoard, claim_slot, write_round};
use crate::auth::{Actor, Permission};
use crate::error::ApiError;
use crate::model::byes::bye_text;
use crate::state::AppState;
use crate::store;
use crate::store::model::Loaded;
use crate::store::players::PlayerRow;

/// The event details of `document` a tournament of this server does not
/// keep — deputy arbiters (`112`), the time control as written (`122`), the
/// round dates (`132`), and a place, federation, date or chief arbiter
/// (`022`–`052`, `102`) it could not read — each named by a warning on its
/// line (VCL4THP.13 Q50: nothing dropped silently).
fn details_not_kept(
    document: &tournament::trf::Document,
    kept: &crate::model::event_info::EventDetails,
    time_control: Option<&str>,
) -> Vec<tournament::trf::TrfWarning> {
    use tournament::trf::{Record, TrfWarning, TrfWarningKind};
    let mut out = Vec::new();
    for line in &document.lines {
        let Record::Verbatim(raw) = &line.record else {
            continue;
        };
        let tag: String = raw.chars().take(3).collect();
        let value = raw.chars().skip(4).collect::<String>();
        if value.trim().is_empty() {
            continue;
        }
        let what = match tag.as_str() {
            "112" => Some("deputy arbiter"),
            "122" if time_control.is_none() => Some("time control"),
            "132" => Some("round dates"),
            "022" if kept.place.is_none() => Some("place"),
            "032" if kept.federation.is_none() => Some("federation"),
            "042" if kept.start_date.is_none() => Some("start date"),
            "052" if kept.end_date.is_none() => Some("end date"),
            "102" if kept.chief_arbiter.is_none() => Some("chief arbiter"),
            _ => None,
        };
        if let Some(what) = what {
            out.push(TrfWarning {
                line: line.number,
                kind: TrfWarningKind::DetailNotKept { tag, what },
            });
        }
    }
    out
}

fn points_value(p: Points) -> crate::model::settings::PointsValue {
    crate::model::settings::PointsValue(p.as_f64())
}

/// What an import made: the tournament, the rounds it has paired and its
/// players, and every record of the file it did not keep or apply (VCL
/// Q50: never dropped silently).
pub(crate) struct Imported {
    pub tournament: store::tournaments::TournamentRow,
    pub rounds_paired: i64,
    pub players: i64,
    pub warnings: Vec<tournament::trf::TrfWarning>,
    /// Players linked to registered people by FIDE id, and players who
    /// look like registered people (left unlinked).
    pub registry: Vec<crate::app::people::RegistryNote>,
}

/// Imports a TRF16 / TRF-2026 file (`bytes`: UTF-8, GBK or Windows-1252,
/// [`tournament::trf::decode`]) as a new
/// tournament of `actor` with its players, rounds and results; a file with
/// team records becomes a team event.
pub(crate) async fn import_trf(
    state: &AppState,
    actor: &Actor,
    bytes: &[u8],
    confirmation: &Confirmation,
) -> Result<Imported, ApiError> {
    actor.require(Permission::CreateTournament, "", None)?;
    let text = tournament::trf::decode(bytes);
    let invalid_trf = |e: tournament::trf::TrfError| ApiError::BadRequest {
        code: "invalid_trf",
        message: e.to_string(),
        at: Some(format!("line {} column {}", e.line, e.column)),
    };
    let document = tournament::trf::parse(&text).map_err(invalid_trf)?;
    check_names(&document)?;
    let mut imported = document.import().map_err(invalid_trf)?;
    // A player of an individual event the file shows absent to its last
    // round is withdrawn (a team leaves players out of its line-up).
    if !document.has_teams() {
        imported.withdraw_the_absent(&document);
    }
    let tournament::trf::Import {
        tournament: model,
        mut warnings,
    } = imported;
    let details = crate::model::event_info::EventDetails::from_model(&model.info);
    // `122` as this server writes it (a PGN TimeControl: `5400+30`,
    // `40/5400:1800`) is kept; any other text is warned about, not kept.
    let time_control = model.info.time_control.as_deref().and_then(|tc| {
        crate::model::settings::check_time_control(Some(tc.trim()))
            .ok()
            .flatten()
    });
    warnings.extend(details_not_kept(
        &document,
        &details,
        time_control.as_deref(),
    ));
    // A file with team records is read as a team event: its team records
    // are kept, not left out.
    if document.has_teams() {
        warnings.retain(|w| !matches!(w.kind, tournament::trf::TrfWarningKind::TeamRecord(_)));
    }
    warnings.sort_by_key(|w| w.line);
    // A file with team records (`310`, `013`) is a team event.
    let event = if document.has_teams() {
        Some(document.to_team_event(&model).map_err(invalid_trf)?)
    } else {
        None
    };
    // The regulations profile: the file's own (`XXL`, written by this
    // server's export) or the default; a name no chess profile has is
    // refused, never guessed.
    let profile = match model.info.regulations.as_deref() {
        Some(name) => crate::model::settings::check_regulations(
            crate::engine::GameKind::Chess,
            Some(name),
        )
        .map_err(|_| ApiError::BadRequest {
            code: "invalid_trf",
            message: format!(
                "XXL names the regulations profile '{name}', which is not a chess profile of this server ({})",
                crate::engine::GameKind::Chess.profiles().join(", ")
            ),
            at: Some("XXL".into()),
        })?,
        None => crate::engine::chess::DEFAULT_PROFILE.to_owned(),
    };
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
    let scoring = crate::model::settings::ScoringSpec {
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
    let team_settings = event
        .as_ref()
        .map(|e| {
            let (system, settings) = crate::app::team_import::settings_of(e, &model.tiebreaks);
            settings.normalised(&profile, &scoring).map(|s| (system, s))
        })
        .transpose()?;
    let system = match (&team_settings, model.system) {
        (Some((system, _)), _) => system,
        (None, model::System::RoundRobin) => "round-robin",
        (None, model::System::DoubleRoundRobin) => "double-round-robin",
        (None, model::System::Swiss) => "swiss-dutch",
    };
    let name = if model.name.trim().is_empty() {
        "Imported tournament".to_owned()
    } else {
        model.name.clone()
    };
    // A round robin whose file gives no number of rounds plays as many as
    // its schedule needs (0, as `check_rounds` reads it): not only the
    // rounds paired so far.
    let round_robin = matches!(system, "round-robin" | "double-round-robin");
    let planned = if round_robin && model.planned_rounds == 0 {
        0
    } else {
        i64::from(model.planned_rounds.max(model.rounds_paired()))
    };
    let new = crate::app::tournaments::NewTournament {
        name,
        system: system.to_owned(),
        rounds: planned,
        time_control,
        game: crate::engine::GameKind::Chess,
        // A team file's `202` lists the team tie-breaks (kept in the team
        // settings); its players get the defaults.
        tiebreaks: if model.tiebreaks.is_empty() || event.is_some() {
            crate::model::settings::default_tiebreaks(system, &profile)
        } else {
            model.tiebreaks.clone()
        },
        scoring,
        recording: "live".to_owned(),
        pairing: crate::model::pairing_options::PairingOptions::from_model(&{
            // A file that does not say its initial colour but holds round 1
            // shows it; drawn by lot only when it cannot.
            let mut pairing = model.pairing.clone();
            if pairing.initial_colour.is_none() && !pairing.use_rank && event.is_none() {
                pairing.initial_colour = model.initial_colour_of_round_one();
            }
            pairing
        })?,
        laws: crate::engine::laws::Laws::of_profile(&profile),
        regulations: profile,
        teams: team_settings.as_ref().map(|(_, s)| s.clone()),
        // An imported tournament is in FIDE mode (VCL4THP.13 Q56).
        fide_mode: true,
        event: details,
        details: json!({ "imported": "trf" }),
    };
    crate::app::tournaments::check_new_tournament(&new)?;
    // Every imported round through the checker of `arbiter check` (Q54): a
    // round that breaks the rules is a level 3 warning and an
    // `### Import @ Round n` line, never stored silently (Q55).
    // The checker re-pairs every round: seconds for a large event, on a
    // blocking thread so the server's other requests go on meanwhile.
    let checked = document.clone();
    let (warnings_found, log) =
        tokio::task::spawn_blocking(move || check_imported_rounds(&checked))
            .await
            .map_err(|e| ApiError::Internal(format!("import check task: {e}")))?;
    let overridden = confirm::require(
        &confirm::Change {
            actor,
            operation: "import_trf",
            fingerprint: &json!(hex_digest(bytes)),
            version: 0,
        },
        warnings_found,
        confirmation,
    )?;
    let (_write, mut tx) = state.db().begin().await?;
    let row = crate::app::tournaments::insert_tournament(&mut tx, actor, new).await?;
    let mut ids: HashMap<StartNumber, PlayerRow> = HashMap::new();
    let mut registry = Vec::new();
    let mut fide_ids = std::collections::HashSet::new();
    for p in &model.players {
        let details = crate::model::players::PlayerDetails {
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
            grade_points: p.grade_points,
            no_half_point_byes: None,
            expelled: None,
        };
        let mut player = crate::app::players::insert_player(
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
            store::players::set_requested_bye(
                &mut tx,
                &row.id,
                &player.id,
                i64::from(round),
                Some(kind),
            )
            .await?;
        }
        // One person, one entry: the second holder of a FIDE id in the file
        // (named by the import's warnings) is not linked to its person.
        let second = player
            .details
            .fide_id
            .is_some_and(|id| !fide_ids.insert(id));
        if !second
            && let Some(note) = crate::app::people::match_player(&mut tx, &mut player).await?
        {
            registry.push(note);
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
    if let (Some(event), Some((_, settings))) = (&event, team_settings) {
        crate::app::team_import::write_team_event(&mut tx, actor, &loaded, &ids, event, settings)
            .await?;
    }
    let individual_rounds = if event.is_some() {
        &[][..]
    } else {
        &model.rounds[..]
    };
    for (number, round) in (1_i64..).zip(individual_rounds) {
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
            &mut tx, actor, &loaded, &partial, number, &boards, None, None,
        )
        .await?;
        for bye in &round.byes {
            let p = ids
                .get(&bye.player)
                .ok_or_else(|| ApiError::invalid_field("trf", "a bye names an unknown player"))?;
            store::rounds::insert_bye(&mut tx, &row.id, number, &p.id, bye_text(bye.kind)).await?;
            claim_slot(&mut tx, &row.id, number, &p.id).await?;
        }
        for (board_number, b) in (1_i64..).zip(&round.boards) {
            if let Some(result) = api_result(b.result) {
                store::rounds::set_imported_result(
                    &mut tx,
                    &row.id,
                    number,
                    board_number,
                    result,
                    b.rated,
                )
                .await?;
            }
        }
    }
    if !overridden.is_empty() {
        crate::auth::audit::record(
            &mut tx,
            actor,
            Some(&row.id),
            "import-warnings",
            "tournament",
            &row.id,
            None,
            Some(&json!({ "warnings_overridden": confirm::overridden(&overridden) })),
        )
        .await?;
    }
    crate::app::fide_mode::log(&mut tx, actor, &row.id, &log).await?;
    tx.commit().await?;
    let count = |n: usize| i64::try_from(n).unwrap_or(i64::MAX);
    Ok(Imported {
        tournament: row,
        rounds_paired: count(
            event
                .as_ref()
                .map_or(model.rounds.len(), |e| e.rounds.len()),
        ),
        players: count(model.players.len()),
        warnings,
        registry,
    })
}

/// The checker's findings on every round of an imported individual event:
/// one level 3 warning per round that breaks the rules (its findings in the
/// message), one `### Import @ Round n` line per finding. A team event's
/// rounds are not checked (the checker pairs individuals).
/// A file's players are held to the checks of `POST …/players` on their
/// names (no invisible or direction characters): 400 `invalid_trf` at the
/// name's columns (15–47 of a `001` record).
fn check_names(document: &tournament::trf::Document) -> Result<(), ApiError> {
    for line in &document.lines {
        if let tournament::trf::Record::Player(p) = &line.record
            && !p.name.trim().is_empty()
            && let Err(ApiError::BadRequest { message, .. }) =
                crate::model::settings::check_name("name", &p.name)
        {
            return Err(ApiError::BadRequest {
                code: "invalid_trf",
                message: format!(
                    "line {}: the name of start number {} {message}",
                    line.number, p.start_number
                ),
                at: Some(format!("line {} column 15", line.number)),
            });
        }
    }
    Ok(())
}

fn check_imported_rounds(document: &tournament::trf::Document) -> (Vec<Warning>, Vec<LogLine>) {
    let mut warnings = Vec::new();
    let mut log = Vec::new();
    if document.has_teams() {
        return (warnings, log);
    }
    match tournament::checker::check_document(document) {
        Ok(report) => {
            for r in report
                .round_reports
                .iter()
                .filter(|r| !r.findings.is_empty())
            {
                let round = i64::from(r.round);
                let texts: Vec<String> = r.findings.iter().map(ToString::to_string).collect();
                warnings.push(Warning::new(
                    Level::Confirm,
                    "import_round_breaks_rules",
                    format!(
                        "imported round {round} breaks the pairing rules: {}",
                        texts.join("; ")
                    ),
                    Some(r.findings[0].article()),
                ));
                for text in texts {
                    log.push(LogLine::new("Import", round, &text));
                }
            }
        }
        Err(e) => {
            warnings.push(Warning::new(
                Level::Confirm,
                "import_not_checked",
                format!("the file's rounds cannot be checked against the pairing rules: {e}"),
                Some("C.04.A"),
            ));
            log.push(LogLine::new("Import", 0, &format!("not checked: {e}")));
        }
    }
    (warnings, log)
}

/// The SHA-256 of `bytes` in hexadecimal.
fn hex_digest(bytes: &[u8]) -> String {
    use sha2::{Digest, Sha256};
    crate::hex::hex(&Sha256::digest(bytes))
}

fn api_result(result: GameResult) -> Option<&'static str> {
    (result != GameResult::NotPlayed).then(|| result.notation())
}
