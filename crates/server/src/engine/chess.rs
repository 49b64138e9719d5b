//! Chess behind the game-kind seam (`engine`): its profiles; the chess
//! game's state, view and PGN are in `engine`'s own module.

/// The regulations profiles a tournament may name (`regulations::Profile::by_name`).
pub const PROFILES: &[&str] = &["fide-seed", "fide-2023", "china-national", "club"];
/// The default profile.
pub const DEFAULT_PROFILE: &str = "fide-seed";
