//! `rating`.
