//! `standings`.
