//! A tournament's dates and place (issue 21): where it is played, the
//! federation hosting it, its first and last day and its chief arbiter.
//! Stored in the tournament row's `details` JSON column under `event`
//! (`store::tournaments`); the model's `EventInfo` carries them to the TRF
//! (022, 032, 042, 052, 102) and back.

use chrono::NaiveDate;
use serde::{Deserialize, Deserializer, Serialize};
use utoipa::ToSchema;

use crate::error::ApiError;

/// The longest place or chief arbiter's name, in characters.
const MAX_TEXT: usize = 200;

/// A tournament's dates and place, as the API shows them.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = EventDetails)]
pub struct EventDetails {
    /// City or venue (TRF 022), at most 200 characters.
    #[serde(default)]
    pub place: Option<String>,
    /// The hosting federation's three-letter FIDE code (TRF 032), e.g. `FRA`.
    #[serde(default)]
    pub federation: Option<String>,
    /// First day, `YYYY-MM-DD` (TRF 042).
    #[serde(default)]
    pub start_date: Option<String>,
    /// Last day, `YYYY-MM-DD`, not before `start_date` (TRF 052).
    #[serde(default)]
    pub end_date: Option<String>,
    /// The chief arbiter's name (TRF 102), at most 200 characters.
    #[serde(default)]
    pub chief_arbiter: Option<String>,
}

/// What a request says of the event details: per field, `None` when not
/// given (kept), `Some(None)` when `null` or blank (cleared), `Some(text)`
/// to set.
#[derive(Debug, Default)]
pub(crate) struct EventChange {
    pub place: Option<Option<String>>,
    pub federation: Option<Option<String>>,
    pub start_date: Option<Option<String>>,
    pub end_date: Option<Option<String>>,
    pub chief_arbiter: Option<Option<String>>,
}

/// Deserialises a field that may be absent (`None`, through
/// `#[serde(default)]`), `null` (`Some(None)`) or a value.
pub(crate) fn given<'de, D, T>(d: D) -> Result<Option<Option<T>>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    Option::<T>::deserialize(d).map(Some)
}

/// A blank text is no text.
fn non_blank(value: Option<String>) -> Option<String> {
    value.filter(|v| !v.trim().is_empty())
}

impl EventDetails {
    /// Applies what a request gives and checks the result; the error names
    /// the field.
    pub(crate) fn apply(&mut self, change: EventChange) -> Result<(), ApiError> {
        let set = |slot: &mut Option<String>, value: Option<Option<String>>| {
            if let Some(value) = value {
                *slot = non_blank(value);
            }
        };
        set(&mut self.place, change.place);
        set(&mut self.federation, change.federation);
        set(&mut self.start_date, change.start_date);
        set(&mut self.end_date, change.end_date);
        set(&mut self.chief_arbiter, change.chief_arbiter);
        self.check()
    }

    /// Checks every field: texts bounded and without control characters, a
    /// federation code, real dates, the end not before the start.
    pub(crate) fn check(&self) -> Result<(), ApiError> {
        for (field, value) in [
            ("place", &self.place),
            ("chief_arbiter", &self.chief_arbiter),
        ] {
            if let Some(text) = value {
                check_text(field, text)?;
            }
        }
        if let Some(fed) = &self.federation {
            crate::model::players::check_federation("federation", fed)?;
        }
        let start = self
            .start_date
            .as_deref()
            .map(|d| check_date("start_date", d))
            .transpose()?;
        let end = self
            .end_date
            .as_deref()
            .map(|d| check_date("end_date", d))
            .transpose()?;
        if let (Some(start), Some(end)) = (start, end)
            && end < start
        {
            return Err(ApiError::invalid_field(
                "end_date",
                "must not be before start_date",
            ));
        }
        Ok(())
    }

    /// The event's length in days, its first and last day counted, when
    /// both are set.
    pub(crate) fn days(&self) -> Option<i64> {
        let day = |text: Option<&str>| NaiveDate::parse_from_str(text?, "%Y-%m-%d").ok();
        let (start, end) = (
            day(self.start_date.as_deref())?,
            day(self.end_date.as_deref())?,
        );
        Some((end - start).num_days() + 1)
    }

    /// The details as the tournament model carries them to a TRF: dates
    /// as TRF files write them (`YYYY/MM/DD`).
    pub(crate) fn to_model(&self, info: &mut tournament::model::EventInfo) {
        info.city.clone_from(&self.place);
        info.federation.clone_from(&self.federation);
        info.start_date = self.start_date.as_deref().map(trf_date);
        info.end_date = self.end_date.as_deref().map(trf_date);
        info.chief_arbiter.clone_from(&self.chief_arbiter);
    }

    /// The details a TRF file gives: what does not pass [`Self::check`] is
    /// left out (a date in a format read one way only is converted).
    pub(crate) fn from_model(info: &tournament::model::EventInfo) -> EventDetails {
        let text = |field: &str, value: &Option<String>| {
            non_blank(value.clone())
                .map(|v| v.trim().to_owned())
                .filter(|v| check_text(field, v).is_ok())
        };
        let mut details = EventDetails {
            place: text("place", &info.city),
            federation: non_blank(info.federation.clone())
                .map(|f| f.trim().to_ascii_uppercase())
                .filter(|f| crate::model::players::check_federation("federation", f).is_ok()),
            start_date: info.start_date.as_deref().and_then(read_any_date),
            end_date: info.end_date.as_deref().and_then(read_any_date),
            chief_arbiter: text("chief_arbiter", &info.chief_arbiter),
        };
        if details.check().is_err() {
            details.end_date = None;
        }
        details
    }
}

/// A text field: at most [`MAX_TEXT`] characters, no control characters.
fn check_text(field: &str, text: &str) -> Result<(), ApiError> {
    if text.chars().count() > MAX_TEXT {
        return Err(ApiError::invalid_field(
            field,
            format!("at most {MAX_TEXT} characters"),
        ));
    }
    if text.chars().any(char::is_control) {
        return Err(ApiError::invalid_field(
            field,
            "must not contain control characters",
        ));
    }
    crate::engine::check_visible(field, text)
}

/// A real calendar day written `YYYY-MM-DD`.
fn check_date(field: &str, text: &str) -> Result<NaiveDate, ApiError> {
    NaiveDate::parse_from_str(text, "%Y-%m-%d")
        .ok()
        .filter(|d| d.format("%Y-%m-%d").to_string() == text)
        .ok_or_else(|| {
            ApiError::invalid_field(
                field,
                format!("'{text}' is not a date written YYYY-MM-DD (e.g. 2026-05-01)"),
            )
        })
}

/// `YYYY-MM-DD` (checked) as TRF files write dates: `YYYY/MM/DD`.
fn trf_date(date: &str) -> String {
    date.replace('-', "/")
}

/// A date as a TRF file may write it, as `YYYY-MM-DD`: year first
/// (`2026/05/01`, `2026-05-01`, `2026.05.01`), day first with dots
/// (`01.05.2026`), or with slashes when only one reading is a real date
/// (`25/05/2026`); `None` otherwise.
pub(crate) fn read_any_date(text: &str) -> Option<String> {
    let text = text.trim();
    let parts: Vec<&str> = text.split(['/', '-', '.']).collect();
    let [a, b, c] = parts[..] else { return None };
    let number = |p: &str| -> Option<u32> {
        (!p.is_empty() && p.len() <= 4 && p.bytes().all(|b| b.is_ascii_digit()))
            .then(|| p.parse().ok())
            .flatten()
    };
    let (a_n, b_n, c_n) = (number(a)?, number(b)?, number(c)?);
    let day = |y: u32, m: u32, d: u32| {
        i32::try_from(y)
            .ok()
            .and_then(|y| NaiveDate::from_ymd_opt(y, m, d))
    };
    let date = if a.len() == 4 {
        day(a_n, b_n, c_n)?
    } else if c.len() == 4 && text.contains('.') {
        day(c_n, b_n, a_n)?
    } else if c.len() == 4 {
        match (day(c_n, b_n, a_n), day(c_n, a_n, b_n)) {
            (Some(d), None) | (None, Some(d)) => d,
            (Some(d), Some(e)) if d == e => d,
            _ => return None,
        }
    } else {
        return None;
    };
    Some(date.format("%Y-%m-%d").to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_trf_date_is_read_when_only_one_reading_is_a_date() {
        assert_eq!(read_any_date("2026/05/01").as_deref(), Some("2026-05-01"));
        assert_eq!(read_any_date("2012-02-06").as_deref(), Some("2012-02-06"));
        assert_eq!(read_any_date("06.02.2012").as_deref(), Some("2012-02-06"));
        assert_eq!(read_any_date("25/05/2026").as_deref(), Some("2026-05-25"));
        assert_eq!(read_any_date("05/25/2026").as_deref(), Some("2026-05-25"));
        assert_eq!(read_any_date("05/06/2026"), None);
        assert_eq!(read_any_date("07/07/2026").as_deref(), Some("2026-07-07"));
        assert_eq!(read_any_date("26/05/01"), None);
        assert_eq!(read_any_date("2026/02/30"), None);
        assert_eq!(read_any_date("soon"), None);
    }

    #[test]
    fn a_date_must_be_a_real_day_written_in_full() {
        assert!(check_date("start_date", "2026-02-28").is_ok());
        assert!(check_date("start_date", "2026-02-29").is_err());
        assert!(check_date("start_date", "2026-2-28").is_err());
        assert!(check_date("start_date", "28.02.2026").is_err());
    }

    #[test]
    fn an_end_before_the_start_is_refused_naming_end_date() {
        let details = EventDetails {
            start_date: Some("2026-05-03".into()),
            end_date: Some("2026-05-01".into()),
            ..EventDetails::default()
        };
        let err = details.check().unwrap_err();
        assert!(matches!(err, ApiError::BadRequest { at: Some(ref f), .. } if f == "end_date"));
    }

    #[test]
    fn details_from_a_trf_leave_out_what_does_not_pass() {
        let info = tournament::model::EventInfo {
            city: Some(" Shanghai ".into()),
            federation: Some("chn".into()),
            start_date: Some("2026/05/03".into()),
            end_date: Some("2026/05/01".into()),
            chief_arbiter: Some("x".repeat(201)),
            ..tournament::model::EventInfo::default()
        };
        let details = EventDetails::from_model(&info);
        assert_eq!(details.place.as_deref(), Some("Shanghai"));
        assert_eq!(details.federation.as_deref(), Some("CHN"));
        assert_eq!(details.start_date.as_deref(), Some("2026-05-03"));
        assert_eq!(details.end_date, None);
        assert_eq!(details.chief_arbiter, None);
    }
}
