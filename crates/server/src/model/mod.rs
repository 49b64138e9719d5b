//! The settings of a tournament that storage and operations share, with
//! their checks: scoring and tie-breaks, team settings, pairing options,
//! the event's dates and place, a player's details, a bye's spelling. Below `store` and
//! `app`; imports neither (nor anything above them).

pub(crate) mod byes;
pub(crate) mod event_info;
pub(crate) mod pairing_options;
pub(crate) mod players;
pub(crate) mod settings;
pub(crate) mod teams;
