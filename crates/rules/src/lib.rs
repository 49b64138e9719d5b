//! Pure chess rules for Arbiter.
