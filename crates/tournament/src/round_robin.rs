//! `round_robin`.
