//! OpenAPI schemas (feature `utoipa`) of what the `serde` feature writes
//! without a type of this crate: the sides, `rules::Color` and
//! `xiangqi::Color`, as the events and views spell them. The crate's own
//! types derive `utoipa::ToSchema` where they are declared.

use utoipa::ToSchema;

/// A side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ToSchema)]
#[schema(rename_all = "snake_case")]
pub enum Side {
    /// White.
    White,
    /// Black.
    Black,
}

/// A side of a Xiangqi game as the API spells it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ToSchema)]
#[schema(as = XqSide, rename_all = "snake_case")]
pub enum XqSide {
    /// Red.
    Red,
    /// Black.
    Black,
}
