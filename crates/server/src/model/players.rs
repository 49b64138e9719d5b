//! A player's details (rating, federation, FIDE id, title, birth, sex, club,
//! grade points) with their checks.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::error::ApiError;
use crate::model::settings::check_name;

/// A player's optional data (everything but the name and start number).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PlayerDetails {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating: Option<u16>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub national_rating: Option<u16>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub federation: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fide_id: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sex: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub birth_date: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub club: Option<String>,
    /// Points in the club grade-points scheme (`laws.md`, "Grade points";
    /// 100 per grade), before the event.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub grade_points: Option<u32>,
    /// `true`: the event's regulations bar this player from half-point byes
    /// (VCL4THP.13 Q175–Q176); a half-point bye requested for them is
    /// refused.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub no_half_point_byes: Option<bool>,
    /// `true`: the arbiter expelled the player (FIDE endorsement checklist
    /// Q197–Q198): withdrawn, and left out of a Swiss event's standings;
    /// set by `PATCH …/players/{pid}` with `expel`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expelled: Option<bool>,
}

/// A FIDE id: a positive number of at most eleven digits (the TRF's
/// columns 58–68).
pub(crate) fn check_fide_id(id: u64) -> Result<(), ApiError> {
    if id == 0 {
        return Err(ApiError::invalid_field(
            "fide_id",
            "must be a positive FIDE id",
        ));
    }
    if id > 99_999_999_999 {
        return Err(ApiError::invalid_field(
            "fide_id",
            "has at most eleven digits",
        ));
    }
    Ok(())
}

/// A three-letter FIDE federation code in capitals (a player's, an event's).
pub(crate) fn check_federation(field: &str, fed: &str) -> Result<(), ApiError> {
    if fed.len() != 3 || !fed.bytes().all(|b| b.is_ascii_uppercase()) {
        return Err(ApiError::invalid_field(
            field,
            "a three-letter FIDE federation code in capitals (e.g. FRA)",
        ));
    }
    Ok(())
}

/// A FIDE title (a player's, a person's).
pub(crate) fn check_title(field: &str, title: &str) -> Result<(), ApiError> {
    if tournament::model::Title::parse(title).is_none() {
        return Err(ApiError::invalid_field(
            field,
            format!("unknown FIDE title '{title}' (GM, IM, WGM, FM, WIM, CM, WFM, WCM)"),
        ));
    }
    Ok(())
}

/// `m` or `w`, as FIDE records a player's sex.
pub(crate) fn check_sex(field: &str, sex: &str) -> Result<(), ApiError> {
    if sex != "m" && sex != "w" {
        return Err(ApiError::invalid_field(
            field,
            "'m' or 'w' (as FIDE records it)",
        ));
    }
    Ok(())
}

impl PlayerDetails {
    /// Checks every field; the error names it.
    pub fn check(&self) -> Result<(), ApiError> {
        for (field, rating) in [
            ("rating", self.rating),
            ("national_rating", self.national_rating),
        ] {
            if rating.is_some_and(|r| r > 3500) {
                return Err(ApiError::invalid_field(field, "must be between 0 and 3500"));
            }
        }
        if let Some(title) = &self.title {
            check_title("title", title)?;
        }
        if let Some(fed) = &self.federation {
            check_federation("federation", fed)?;
        }
        if let Some(id) = self.fide_id {
            check_fide_id(id)?;
        }
        if let Some(sex) = &self.sex {
            check_sex("sex", sex)?;
        }
        if let Some(date) = &self.birth_date
            && parse_date(date).is_none()
        {
            return Err(ApiError::invalid_field(
                "birth_date",
                "YYYY, YYYY-MM or YYYY-MM-DD",
            ));
        }
        if let Some(club) = &self.club {
            check_name("club", club)?;
        }
        if self.grade_points.is_some_and(|p| p > MAX_GRADE_POINTS) {
            return Err(ApiError::invalid_field(
                "grade_points",
                format!("must be between 0 and {MAX_GRADE_POINTS}"),
            ));
        }
        Ok(())
    }
}

/// The most grade points a player may carry: far above 1st grade (the
/// scheme has 30 grades of 100 points), to refuse typing errors.
const MAX_GRADE_POINTS: u32 = 100_000;

/// `YYYY`, `YYYY-MM` or `YYYY-MM-DD` → the model's date (0 = unknown).
pub(crate) fn parse_date(text: &str) -> Option<tournament::model::Date> {
    let mut parts = text.split('-');
    let year: u16 = parts.next().filter(|p| p.len() == 4)?.parse().ok()?;
    let month: u8 = match parts.next() {
        Some(p) if p.len() == 2 => p.parse().ok().filter(|m| (1..=12).contains(m))?,
        Some(_) => return None,
        None => 0,
    };
    let day: u8 = match parts.next() {
        Some(p) if p.len() == 2 && month != 0 => p.parse().ok().filter(|d| (1..=31).contains(d))?,
        Some(_) => return None,
        None => 0,
    };
    if parts.next().is_some() {
        return None;
    }
    Some(tournament::model::Date { year, month, day })
}
