//! `model`.
