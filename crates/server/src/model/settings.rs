//! A tournament's settings and their checks: names, systems, rounds, the
//! regulations profile, the time control, the tie-break list and the
//! scoring (points per outcome and bye), with the defaults each profile
//! brings. JSON create, `PATCH` and the TRF import check alike.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::engine::GameKind;
use crate::error::ApiError;

/// A name: 1–200 characters, no control or invisible characters.
pub(crate) fn check_name(field: &str, value: &str) -> Result<(), ApiError> {
    if crate::engine::note_text(value).is_none() {
        return Err(ApiError::invalid_field(field, "must not be empty"));
    }
    if value.chars().count() > 200 {
        return Err(ApiError::invalid_field(field, "at most 200 characters"));
    }
    if value.chars().any(char::is_control) {
        return Err(ApiError::invalid_field(
            field,
            "must not contain control characters",
        ));
    }
    crate::engine::check_visible(field, value)
}

/// A regulations profile name of `game`, defaulting to the game's
/// (`fide-classic`, `xiangqi`). A profile of the other game is 422
/// `profile_not_for_game` naming `regulations`; an unknown name is 400.
/// A former name (`fide-seed`) is taken and answered with today's.
pub(crate) fn check_regulations(game: GameKind, profile: Option<&str>) -> Result<String, ApiError> {
    let profile = regulations::Profile::current_name(profile.unwrap_or(game.default_profile()));
    if game.profiles().contains(&profile) {
        return Ok(profile.to_owned());
    }
    let other = [GameKind::Chess, GameKind::Xiangqi]
        .into_iter()
        .find(|g| g.profiles().contains(&profile));
    match other {
        Some(other) => Err(ApiError::Unprocessable {
            code: "profile_not_for_game".into(),
            message: format!(
                "'{profile}' is a {} profile; a {} event takes one of {}",
                other.as_str(),
                game.as_str(),
                game.profiles().join(", ")
            ),
            article: None,
            at: Some("regulations".into()),
        }),
        None => Err(ApiError::invalid_field(
            "regulations",
            format!(
                "unknown profile '{profile}' (one of {})",
                game.profiles().join(", ")
            ),
        )),
    }
}

/// A PGN `TimeControl` tag value: `?`, `-`, or `:`-separated periods, each
/// `moves/seconds`, `seconds`, `seconds+increment` or `*seconds`.
pub(crate) fn check_time_control(tc: Option<&str>) -> Result<Option<String>, ApiError> {
    let Some(tc) = tc else { return Ok(None) };
    if tc == "?" || tc == "-" {
        return Ok(Some(tc.to_owned()));
    }
    if tc.len() > 100 {
        return Err(ApiError::invalid_field(
            "time_control",
            "at most 100 characters",
        ));
    }
    regulations::TimeControl::parse(tc).map_err(|e| {
        ApiError::invalid_field(
            "time_control",
            format!("'{tc}' is not a PGN TimeControl value (e.g. 40/5400:1800 or 5400+30): {e}"),
        )
    })?;
    Ok(Some(tc.to_owned()))
}

/// The tie-break list: C.07 acronyms with `/` modifiers, read by the
/// `tournament` crate's C.07 parser for the event's system under the 2026
/// edition the standings use (a round robin refuses BH, FB and AOB).
pub(crate) fn check_tiebreaks(list: &[String], system: &str) -> Result<(), ApiError> {
    if list.len() > 20 {
        return Err(ApiError::invalid_field(
            "tiebreaks",
            "at most 20 tie-breaks",
        ));
    }
    for (i, code) in list.iter().enumerate() {
        if code.is_empty()
            || code.len() > 20
            || !code
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'/' || b == b'-')
        {
            return Err(ApiError::invalid_field(
                &format!("tiebreaks[{i}]"),
                format!("'{code}' is not a C.07 tie-break code (e.g. BH/C1, SB, DE)"),
            ));
        }
    }
    let event = model_system(system).map(|s| (s, tournament::model::TiebreakEdition::Fide2026));
    tournament::standings::spec::parse_tiebreak_list(list, event).map_err(|e| match e {
        tournament::standings::spec::SpecError::InList { position, error } => {
            ApiError::invalid_field(&format!("tiebreaks[{}]", position - 1), error.to_string())
        }
        other => ApiError::invalid_field("tiebreaks", other.to_string()),
    })?;
    Ok(())
}

/// Points in the API: a number with at most one decimal, 0 to 100.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(transparent)]
pub struct PointsValue(pub f64);

impl PointsValue {
    /// Tenths of a point, or an error naming the field.
    pub fn tenths(self, field: &str) -> Result<u32, ApiError> {
        let tenths = self.0 * 10.0;
        if !(0.0..=1000.0).contains(&tenths) || (tenths - tenths.round()).abs() > 1e-9 {
            return Err(ApiError::invalid_field(
                field,
                "points must be between 0 and 100 with at most one decimal",
            ));
        }
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        Ok(tenths.round() as u32)
    }
}

/// The scoring of a tournament (points per outcome and bye kind). In a
/// request, forfeits and byes left out follow win, draw and loss.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = Scoring)]
pub struct ScoringSpec {
    #[serde(default = "one")]
    pub win: PointsValue,
    #[serde(default = "half")]
    pub draw: PointsValue,
    #[serde(default = "zero")]
    pub loss: PointsValue,
    #[serde(default)]
    pub forfeit_win: Option<PointsValue>,
    #[serde(default)]
    pub forfeit_loss: Option<PointsValue>,
    #[serde(default)]
    pub pairing_allocated_bye: Option<PointsValue>,
    #[serde(default)]
    pub full_point_bye: Option<PointsValue>,
    #[serde(default)]
    pub half_point_bye: Option<PointsValue>,
    #[serde(default)]
    pub zero_point_bye: Option<PointsValue>,
}

fn one() -> PointsValue {
    PointsValue(1.0)
}
fn half() -> PointsValue {
    PointsValue(0.5)
}
fn zero() -> PointsValue {
    PointsValue(0.0)
}

impl Default for ScoringSpec {
    fn default() -> ScoringSpec {
        ScoringSpec {
            win: one(),
            draw: half(),
            loss: zero(),
            forfeit_win: None,
            forfeit_loss: None,
            pairing_allocated_bye: None,
            full_point_bye: None,
            half_point_bye: None,
            zero_point_bye: None,
        }
    }
}

impl ScoringSpec {
    /// Fills the defaults (byes and forfeits follow win/draw/loss) and
    /// checks every value.
    pub fn normalised(self) -> Result<ScoringSpec, ApiError> {
        let resolved = ScoringSpec {
            forfeit_win: Some(self.forfeit_win.unwrap_or(self.win)),
            forfeit_loss: Some(self.forfeit_loss.unwrap_or(self.loss)),
            pairing_allocated_bye: Some(self.pairing_allocated_bye.unwrap_or(self.win)),
            full_point_bye: Some(self.full_point_bye.unwrap_or(self.win)),
            half_point_bye: Some(self.half_point_bye.unwrap_or(self.draw)),
            zero_point_bye: Some(self.zero_point_bye.unwrap_or(self.loss)),
            ..self
        };
        for (field, value) in resolved.fields() {
            value.tenths(&format!("scoring.{field}"))?;
        }
        // The point system itself must be one a FIDE-endorsed program may
        // accept (VCL4THP.13 Q74, Q81, Q83, Q84): the `tournament` crate's
        // check, naming the field it refuses.
        resolved
            .to_model()
            .validate()
            .map_err(|e| ApiError::Unprocessable {
                code: "inconsistent_scoring".into(),
                message: e.to_string(),
                article: None,
                at: Some(format!("scoring.{}", e.field().key())),
            })?;
        Ok(resolved)
    }

    /// The point system as the `tournament` crate's (both colours alike; an
    /// absence is worth a loss).
    pub(crate) fn to_model(self) -> tournament::model::Scoring {
        let tenths = |p: PointsValue| tournament::model::Points(p.tenths("scoring").unwrap_or(0));
        let mut s =
            tournament::model::Scoring::new(tenths(self.win), tenths(self.draw), tenths(self.loss));
        for (field, value) in self.fields() {
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

    pub(crate) fn fields(&self) -> [(&'static str, PointsValue); 9] {
        let or = |v: Option<PointsValue>, d: PointsValue| v.unwrap_or(d);
        [
            ("win", self.win),
            ("draw", self.draw),
            ("loss", self.loss),
            ("forfeit_win", or(self.forfeit_win, self.win)),
            ("forfeit_loss", or(self.forfeit_loss, self.loss)),
            (
                "pairing_allocated_bye",
                or(self.pairing_allocated_bye, self.win),
            ),
            ("full_point_bye", or(self.full_point_bye, self.win)),
            ("half_point_bye", or(self.half_point_bye, self.draw)),
            ("zero_point_bye", or(self.zero_point_bye, self.loss)),
        ]
    }
}

pub(crate) const SYSTEMS: &[&str] = &["swiss-dutch", "round-robin", "double-round-robin"];

/// The `tournament` crate's system of one of [`SYSTEMS`].
pub(crate) fn model_system(text: &str) -> Option<tournament::model::System> {
    use tournament::model::System;
    match text {
        "swiss-dutch" => Some(System::Swiss),
        "round-robin" => Some(System::RoundRobin),
        "double-round-robin" => Some(System::DoubleRoundRobin),
        _ => None,
    }
}

/// The tie-breaks a tournament gets when the organiser names none: the C.07
/// recommendation for its system, or the national variation's (round robin
/// by Sonneborn–Berger, Swiss by Buchholz) under `china-national` — the
/// presets of `tournament::standings::spec::Preset`.
pub(crate) fn default_tiebreaks(system: &str, profile: &str) -> Vec<String> {
    use tournament::standings::spec::Preset;
    let system = match system {
        "swiss-dutch" => tournament::model::System::Swiss,
        _ => tournament::model::System::RoundRobin,
    };
    let preset = if profile == "china-national" {
        Preset::ChinaNational
    } else {
        Preset::default_for(system)
    };
    preset
        .tiebreaks(system)
        .iter()
        .map(ToString::to_string)
        .collect()
}

/// The scoring a tournament gets when the organiser gives none: its
/// regulations profile's (1/½/0, or the club's and the Xiangqi profiles'
/// 2/1/0); byes and forfeits follow win, draw and loss.
pub(crate) fn default_scoring(profile: &str) -> ScoringSpec {
    let scoring = match regulations::XiangqiProfile::by_name(profile) {
        Some(xq) => xq.scoring,
        None => {
            regulations::Profile::by_name(profile)
                .unwrap_or_default()
                .scoring
        }
    };
    let points = |half_points: u32| PointsValue(f64::from(half_points) / 2.0);
    ScoringSpec {
        win: points(scoring.win),
        draw: points(scoring.draw),
        loss: points(scoring.loss),
        ..ScoringSpec::default()
    }
}

/// The number of rounds of a tournament (JSON create and TRF import alike):
/// 1 to 99, required for a Swiss tournament, 0 meaning "as many as the
/// schedule needs" for a round robin.
pub(crate) fn check_rounds(system: &str, rounds: Option<i64>) -> Result<i64, ApiError> {
    match (system, rounds) {
        ("swiss-dutch", None) => Err(ApiError::invalid_field(
            "rounds",
            "a Swiss tournament needs its number of rounds",
        )),
        (_, Some(r)) if !(1..=99).contains(&r) => Err(ApiError::invalid_field(
            "rounds",
            "must be between 1 and 99",
        )),
        (_, r) => Ok(r.unwrap_or(0)),
    }
}
