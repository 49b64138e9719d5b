//! FIDE mode (issue 34; VCL4THP.13 Q40–Q46, Q57–Q61, Q75, Q85, Q196, Q201):
//! what a change of a tournament's settings needs once play has started,
//! the re-check of the last paired round a change calls for, and the event
//! log the exported TRF carries as `###` comments.
//!
//! - Leaving FIDE mode: level 4, logged, final (Q43–Q45).
//! - Once a round is paired: the number of rounds (level 4, Q58) and the
//!   tie-break list (level 4, Q201) change with a warning; the point system
//!   and the forbidden pairs are locked in FIDE mode (Q75, Q85, Q196: leave
//!   FIDE mode first) and change with a level 3 warning outside it; the
//!   initial colour, the acceleration and a team event's settings stay
//!   locked in either mode (`model/pairing_options.rs`, `tournaments.rs`).
//! - A change that can make the last paired round wrong (it becomes or stops
//!   being the last round, the point system or the forbidden pairs change)
//!   re-checks that round with the checker of `arbiter check`
//!   (`tournament::checker`); each finding is a level 3 warning and a
//!   `### Configuration @ Round n` line (Q60–Q61).

use serde_json::json;
use sqlx::AnyConnection;
use tournament::checker::PairingFinding;

use crate::app::confirm::{Level, Warning};
use crate::app::tournaments::TournamentRow;
use crate::auth::{Actor, audit};
use crate::error::ApiError;
use crate::model::event_info::EventDetails;
use crate::store;

/// The audit action of a line of the event log.
const LOG_ACTION: &str = "trf-log";

/// A line of the event log, written with the change it records.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct LogLine {
    /// The round paired when it happened (0: before round 1).
    pub round: i64,
    /// The line's text after `### ` (one line).
    pub text: String,
}

impl LogLine {
    pub(crate) fn new(kind: &str, round: i64, detail: &str) -> LogLine {
        LogLine {
            round,
            text: format!("{kind} @ Round {round}: {detail}"),
        }
    }
}

/// Writes `lines` to tournament `id`'s event log (the audit trail, action
/// `trf-log`), in the change's transaction.
pub(crate) async fn log(
    conn: &mut AnyConnection,
    actor: &Actor,
    id: &str,
    lines: &[LogLine],
) -> Result<(), ApiError> {
    for line in lines {
        audit::record(
            conn,
            actor,
            Some(id),
            LOG_ACTION,
            "tournament",
            id,
            None,
            Some(&json!({ "round": line.round, "text": line.text })),
        )
        .await?;
    }
    Ok(())
}

/// Tournament `id`'s event log, oldest first: the text of each `###` line.
pub(crate) async fn log_lines(conn: &mut AnyConnection, id: &str) -> Result<Vec<String>, ApiError> {
    Ok(store::audit::list_action(conn, id, LOG_ACTION)
        .await?
        .into_iter()
        .filter_map(|row| row.after.get("text")?.as_str().map(str::to_owned))
        .collect())
}

/// Whether the arbiter of tournament `id` has ever left FIDE mode (its
/// log says so): it cannot be re-entered, not even by changing the game
/// and back before round 1.
pub(crate) async fn was_left(conn: &mut AnyConnection, id: &str) -> Result<bool, ApiError> {
    Ok(log_lines(conn, id)
        .await?
        .iter()
        .any(|line| line.starts_with(LEFT)))
}

/// The start of the log line of leaving FIDE mode.
const LEFT: &str = "FIDE mode left";

/// What a change of settings needs: its warnings, and the lines it logs
/// when carried out.
#[derive(Debug, Default)]
pub(crate) struct Judgement {
    pub warnings: Vec<Warning>,
    pub log: Vec<LogLine>,
    /// Whether the last paired round must be checked again.
    pub recheck: bool,
}

fn locked(what: &str, question: &str) -> ApiError {
    ApiError::conflict(
        "locked_in_fide_mode",
        format!(
            "{what} cannot change once play has started in FIDE mode ({question}); \
             leaving FIDE mode first (final) lets it change with a warning"
        ),
    )
}

fn forbidden_list(t: &TournamentRow) -> String {
    let groups: Vec<String> = t
        .pairing
        .forbidden_pairs
        .iter()
        .map(|g| {
            let players: Vec<String> = g.players.iter().map(ToString::to_string).collect();
            players.join("-")
        })
        .collect();
    if groups.is_empty() {
        "none".into()
    } else {
        groups.join(" ")
    }
}

fn scoring_text(t: &TournamentRow) -> String {
    t.scoring
        .fields()
        .iter()
        .map(|(name, value)| format!("{name} {}", value.0))
        .collect::<Vec<_>>()
        .join(", ")
}

/// An event made to last more than 30 days spans FIDE rating periods (a
/// new list each month): a level 2 warning when its dates first make it so
/// (VCL4THP.13 Q210). `before`: the dates until now (`None` at creation).
pub(crate) fn long_event_warning(
    before: Option<&EventDetails>,
    after: &EventDetails,
) -> Option<Warning> {
    let days = after.days()?;
    if days <= 30 || before.and_then(EventDetails::days).is_some_and(|d| d > 30) {
        return None;
    }
    Some(Warning::new(
        Level::Acknowledge,
        "event_over_30_days",
        format!(
            "the event lasts {days} days: over 30 days, the players' ratings may change during it (a new rating list each month)"
        ),
        Some("VCL4THP.13 Q210"),
    ))
}

/// Judges a change of tournament settings from `before` to `after` with
/// `paired` rounds paired: the refusals of FIDE mode and of a started event
/// (`Err`), else the warnings and log lines (see the module documentation).
pub(crate) fn judge_settings(
    before: &TournamentRow,
    after: &TournamentRow,
    paired: i64,
) -> Result<Judgement, ApiError> {
    let mut j = Judgement::default();
    j.warnings
        .extend(long_event_warning(Some(&before.event), &after.event));
    // Leaving FIDE mode (a change of game before round 1 takes the event
    // out of it with its other defaults: `was_left` keeps it out after).
    if before.fide_mode && !after.fide_mode && after.game == before.game {
        j.warnings.push(Warning::new(
            Level::ConfirmTwice,
            "leave_fide_mode",
            "the event leaves FIDE mode for good: it cannot be re-entered, and the TRF records it",
            Some("VCL4THP.13 Q43-Q45"),
        ));
        j.log
            .push(LogLine::new(LEFT, paired, "the arbiter left FIDE mode"));
    }
    if paired == 0 {
        return Ok(j);
    }
    if after.rounds != 0 && after.rounds < paired {
        return Err(ApiError::invalid_field(
            "rounds",
            format!("{paired} rounds are paired already: the event cannot have fewer"),
        ));
    }
    if after.rounds != before.rounds {
        j.warnings.push(Warning::new(
            Level::ConfirmTwice,
            "rounds_changed",
            format!(
                "the number of rounds changes from {} to {} after round {paired} was paired",
                before.rounds, after.rounds
            ),
            Some("VCL4THP.13 Q58"),
        ));
        j.log.push(LogLine::new(
            "Configuration",
            paired,
            &format!("number of rounds {} -> {}", before.rounds, after.rounds),
        ));
        // The last paired round becomes, or stops being, the last round.
        if paired == before.rounds || paired == after.rounds {
            j.recheck = true;
        }
    }
    if after.tiebreaks != before.tiebreaks {
        j.warnings.push(Warning::new(
            Level::ConfirmTwice,
            "tiebreaks_changed",
            format!(
                "the tie-breaks change once play has started, from {} to {}",
                before.tiebreaks.join(" "),
                after.tiebreaks.join(" ")
            ),
            Some("VCL4THP.13 Q201"),
        ));
        j.log.push(LogLine::new(
            "Configuration",
            paired,
            &format!(
                "tie-breaks {} (old list: {})",
                after.tiebreaks.join(" "),
                before.tiebreaks.join(" ")
            ),
        ));
    }
    if after.scoring != before.scoring {
        if after.fide_mode {
            return Err(locked("the point system and the byes' values", "Q75, Q85"));
        }
        j.warnings.push(Warning::new(
            Level::Confirm,
            "scoring_changed",
            "the point system changes once play has started: every score and every later pairing follows the new one",
            Some("VCL4THP.13 Q75-Q77"),
        ));
        j.log.push(LogLine::new(
            "Configuration",
            paired,
            &format!(
                "point system {} (old: {})",
                scoring_text(after),
                scoring_text(before)
            ),
        ));
        j.recheck = true;
    }
    if after.pairing.forbidden_pairs != before.pairing.forbidden_pairs {
        if after.fide_mode {
            return Err(locked("the forbidden pairs", "Q196"));
        }
        j.warnings.push(Warning::new(
            Level::Confirm,
            "forbidden_pairs_changed",
            "the forbidden pairs change once play has started",
            Some("VCL4THP.13 Q196"),
        ));
        j.log.push(LogLine::new(
            "Configuration",
            paired,
            &format!(
                "forbidden pairs {} (old: {})",
                forbidden_list(after),
                forbidden_list(before)
            ),
        ));
        j.recheck = true;
    }
    Ok(j)
}

/// Checks round `round` of tournament `id` as it would stand with the
/// settings of `after`, with the checker of `arbiter check`: one level 3
/// warning and one log line per finding. A team event is not checked (the
/// checker pairs individuals).
pub(crate) async fn recheck_round(
    conn: &mut AnyConnection,
    after: &TournamentRow,
    round: i64,
) -> Result<(Vec<Warning>, Vec<LogLine>), ApiError> {
    if after.teams.is_some() {
        return Ok((Vec::new(), Vec::new()));
    }
    let mut loaded = crate::app::tournaments::load_all(conn, &after.id).await?;
    loaded.tournament = after.clone();
    let model = store::model::to_model(&loaded)?;
    let mut warnings = Vec::new();
    let mut log = Vec::new();
    for f in round_findings(&model, round) {
        warnings.push(Warning::new(
            Level::Confirm,
            "round_recheck_failed",
            format!(
                "with the new settings, round {round} breaks the pairing rules: {}",
                f.text
            ),
            Some(f.article),
        ));
        log.push(LogLine::new("Configuration", round, &f.text));
    }
    Ok((warnings, log))
}

/// A finding of the checker on a round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Finding {
    pub text: String,
    /// The checker's name of the rule (`rematch`, `different-pairing`, …).
    pub rule: &'static str,
    pub article: &'static str,
}

/// `model` as a TRF-2026 file for the checker, results still missing in
/// round `round` read as draws: a round's own results do not bear on its
/// pairing, and the checker reads complete rounds only.
pub(crate) fn checkable(
    model: &tournament::model::Tournament,
    round: i64,
) -> Option<tournament::trf::Document> {
    use tournament::model::GameResult;
    let mut model = model.clone();
    if let Some(r) = usize::try_from(round - 1)
        .ok()
        .and_then(|i| model.rounds.get_mut(i))
    {
        for board in &mut r.boards {
            if board.result == GameResult::NotPlayed {
                board.result = GameResult::Draw;
            }
        }
    }
    let text =
        tournament::trf::try_write_tournament(&model, tournament::trf::Format::Trf2026).ok()?;
    tournament::trf::parse(&text).ok()
}

/// The findings of the checker (`arbiter check`) on round `round` of
/// `model`; none when the round passes or cannot be written as a TRF.
pub(crate) fn round_findings(model: &tournament::model::Tournament, round: i64) -> Vec<Finding> {
    checkable(model, round).map_or_else(Vec::new, |document| findings_in(&document, round))
}

/// The findings of the checker on round `round` of a [`checkable`] file.
pub(crate) fn findings_in(document: &tournament::trf::Document, round: i64) -> Vec<Finding> {
    let report = match tournament::checker::check_document(document) {
        Ok(report) => report,
        Err(e) => {
            return vec![Finding {
                text: e.to_string(),
                rule: "not-checked",
                article: "C.04.A",
            }];
        }
    };
    report
        .round_reports
        .iter()
        .filter(|r| i64::from(r.round) == round)
        .flat_map(|r| r.findings.iter())
        .map(|f| Finding {
            text: match f {
                PairingFinding::DifferentPairing {
                    expected: Ok(expected),
                    found,
                } => format!(
                    "the rules pair it {}; it has {}",
                    boards_text(expected),
                    boards_text(found)
                ),
                other => other.to_string(),
            },
            rule: f.rule(),
            article: f.article(),
        })
        .collect()
}

/// Boards as `1-4 2-3 5-bye` (White first, by start number).
fn boards_text(boards: &[tournament::checker::BoardPair]) -> String {
    boards
        .iter()
        .map(|(white, black)| match black {
            Some(black) => format!("{white}-{black}"),
            None => format!("{white}-bye"),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The boards of round `round` of a [`checkable`] file where both players
/// get the colour opposite to the one they expect (White, Black by start
/// number).
pub(crate) fn opposite_colours_in(
    document: &tournament::trf::Document,
    round: i64,
) -> Vec<(u32, u32)> {
    let Ok(round) = u32::try_from(round) else {
        return Vec::new();
    };
    tournament::checker::opposite_colours(document, round)
        .unwrap_or_default()
        .into_iter()
        .filter_map(|(white, black)| Some((white, black?)))
        .collect()
}
