//! The organiser's engine: players, rounds, pairing systems, byes and
//! forfeits, standings with FIDE tie-breaks, ratings and TRF, and team
//! events (rosters, line-ups, matches, team standings).
//!
//! Pure: no database, no HTTP, no clock; randomness (drawing of lots) is passed in.

pub mod checker;
pub mod dutch;
pub mod lots;
pub mod model;
pub mod rating;
pub mod round_robin;
pub mod standings;
pub mod team;
pub mod team_swiss;
pub mod trf;
