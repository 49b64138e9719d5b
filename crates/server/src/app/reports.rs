//! Reports as operations read them: the options of a tournament's rating
//! report (the API's and the pages').

use crate::store::model::Loaded;

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
