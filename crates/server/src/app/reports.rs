//! Reports as operations read them: a tournament with its model, the
//! options of its rating report (the API's and the pages'), the TRF and
//! PGN exports.

use sqlx::AnyConnection;
use tournament::model::Tournament;

use crate::app::tournaments::{load_all, load_tournament};
use crate::error::ApiError;
use crate::state::AppState;
use crate::store;
pub(crate) use crate::store::model::Loaded;

/// Everything stored about tournament `id` (or 404) and its model, as the
/// standings, ratings and scoring table read it.
pub(crate) async fn load_model(
    conn: &mut AnyConnection,
    id: &str,
) -> Result<(Loaded, Tournament), ApiError> {
    let loaded = load_all(conn, id).await?;
    let model = store::model::to_model(&loaded)?;
    Ok((loaded, model))
}

/// Every game of tournament `id` with recorded events (404 for no
/// tournament), one PGN file.
pub(crate) async fn export_pgn(state: &AppState, id: &str) -> Result<String, ApiError> {
    let pool = state.db().pool();
    load_tournament(pool, id).await?;
    let ids = store::games::recorded_ids(pool, id).await?;
    let mut out = String::new();
    for game_id in ids {
        // A game removed since the list was read (its round un-paired) is
        // no longer the tournament's.
        let game = match crate::app::game_rows::load_game(pool, &game_id).await {
            Err(ApiError::NotFound(_)) => continue,
            other => other?,
        };
        let events = store::games::load_events(pool, &game_id, 0).await?;
        let current = crate::app::game_rows::fold(&game.setup(), &events)?;
        if !out.is_empty() {
            out.push('\n');
        }
        out.push_str(&crate::app::games::game_pgn(&game, &current));
    }
    Ok(out)
}

/// The adjourned boards (`round R board B`) that withhold the final TRF:
/// every round is paired and they have no result yet (VCL4THP.13 Q169).
/// Empty when the final file can be written.
pub(crate) fn final_trf_withheld_by(loaded: &Loaded) -> Vec<String> {
    let t = &loaded.tournament;
    if t.rounds == 0 || loaded.rounds < t.rounds {
        return Vec::new();
    }
    loaded
        .boards
        .iter()
        .filter(|b| b.result.as_deref() == Some(store::model::ADJOURNED))
        .map(|b| format!("round {} board {}", b.round, b.board))
        .collect()
}

/// The FIDE rating report and the grade-point changes (the API's and the
/// pages'), from the results with the corrections kept for the rating
/// report only (VCL4THP.13 Q192) in place.
pub(crate) fn rating_reports(
    loaded: &Loaded,
    model: &Tournament,
) -> Result<
    (
        Vec<tournament::rating::PlayerRating>,
        Vec<tournament::rating::GradeLine>,
    ),
    ApiError,
> {
    let rated = store::model::rated_model(loaded, model)?;
    let fide = tournament::rating::fide_report(&rated, rating_options(loaded));
    let grades = if rated.players.iter().any(|p| p.grade_points.is_some()) {
        tournament::rating::grade_report(&rated)
    } else {
        Vec::new()
    };
    Ok((fide, grades))
}

/// Once every round is paired, the TRF is the event's final file: not while
/// a game is adjourned without its result (VCL4THP.13 Q169). The file for
/// in-tournament exchange, with `?` for the adjourned games (Q164), is
/// still given when asked for.
fn refuse_final_while_adjourned(loaded: &Loaded, in_progress: bool) -> Result<(), ApiError> {
    if in_progress {
        return Ok(());
    }
    let open = final_trf_withheld_by(loaded);
    if open.is_empty() {
        return Ok(());
    }
    Err(ApiError::conflict(
        "adjourned_games_open",
        format!(
            "every round is paired and {} still adjourned: the final TRF waits for {} result (VCL4THP.13 Q169); ask for the in-tournament file with ?in_progress=true",
            open.join(", "),
            if open.len() == 1 { "its" } else { "their" }
        ),
    ))
}

/// The options of a tournament's rating report (the API's and the pages').
pub(crate) fn rating_options(loaded: &Loaded) -> tournament::rating::ReportOptions {
    tournament::rating::ReportOptions {
        // The youth rule (8.3.3) counts to the end of the event's year.
        event_year: loaded
            .tournament
            .created_at
            .get(..4)
            .and_then(|y| y.parse().ok()),
        games_completed: None,
    }
}

/// The TRF edition of an export.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum TrfEdition {
    /// TRF16, the format before TRF-2026 (what older tools read).
    Trf16,
    /// TRF-2026: `192` system, `142`–`222` settings, the rank column, `?`
    /// for an adjourned game.
    Trf2026,
}

/// A tournament as a TRF file in the edition asked, TRF-2026 unless asked
/// (a team event with its team records), a TRF-2026 file with its event
/// log as `###` lines at the end. A value that does not fit its TRF column is
/// refused (422 `trf_overflow`), never written misaligned.
pub(crate) async fn export_trf(
    conn: &mut AnyConnection,
    loaded: &Loaded,
    edition: Option<TrfEdition>,
    in_progress: bool,
) -> Result<String, ApiError> {
    use tournament::trf::Format;
    refuse_final_while_adjourned(loaded, in_progress)?;
    let mut model = store::model::to_model(loaded)?;
    let format = match edition.unwrap_or(TrfEdition::Trf2026) {
        TrfEdition::Trf16 => Format::Trf16,
        TrfEdition::Trf2026 => Format::Trf2026,
    };
    let mut text = match loaded.tournament.teams {
        None => tournament::trf::try_write_tournament(&model, format).map_err(|e| {
            ApiError::Unprocessable {
                code: "trf_overflow".into(),
                message: e.to_string(),
                article: None,
                at: None,
            }
        })?,
        // A team event: its team records (`310`, `013`, `300`, `320`, `330`,
        // `352`, `362`), the `tournament` crate's writer.
        Some(_) => {
            let data = crate::app::team_rounds::load_team_data(conn, loaded).await?;
            // `202` of a team file lists the team tie-breaks, which rank
            // the teams of its `310` records as the team standings do.
            model.tiebreaks =
                crate::app::team_standings::team_tiebreaks(loaded, data.event.system)?
                    .into_iter()
                    .map(|t| t.label)
                    .collect();
            tournament::trf::write_team_tournament(&model, &data.event, format)
        }
    };
    // The event log FIDE's checklist wants in the file (leaving FIDE mode,
    // configuration changes, import warnings) as `###` lines: TRF-2026's
    // comments (TRF16 has none; a reader takes a file with them for
    // TRF-2026).
    if format == Format::Trf2026 {
        let log = crate::app::fide_mode::log_lines(conn, &loaded.tournament.id).await?;
        tournament::trf::append_comments(&mut text, &log);
    }
    Ok(text)
}
