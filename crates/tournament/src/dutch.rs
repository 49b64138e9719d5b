//! `dutch`.
