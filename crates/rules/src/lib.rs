//! Pure chess rules for Arbiter.

pub mod pgn;
