//! The operations: record a game event, pair the next round, enter a
//! result, import a TRF, upload a PGN, read standings and exports. Each
//! takes the actor and its input, runs in one transaction, applies the pure
//! crates, writes through `store` and tells `live`. The API (`http`) and the
//! pages (`web`) call the same operations; nothing here knows HTTP routing
//! or HTML.

pub(crate) mod audit;
pub(crate) mod boards;
pub(crate) mod confirm;
pub(crate) mod fide_mode;
pub(crate) mod game_rows;
pub(crate) mod game_view;
pub(crate) mod games;
pub(crate) mod import;
pub(crate) mod ladder;
pub(crate) mod manual_pairing;
pub(crate) mod new_game;
pub(crate) mod people;
pub(crate) mod people_search;
pub(crate) mod pgn_judge;
pub(crate) mod pgn_read;
pub(crate) mod pgn_upload;
pub(crate) mod pgn_xiangqi;
pub(crate) mod player_paste;
pub(crate) mod players;
pub(crate) mod rating_lists;
pub(crate) mod rating_source;
pub(crate) mod replays;
pub(crate) mod reports;
pub(crate) mod results;
pub(crate) mod rounds;
pub(crate) mod tablets;
pub(crate) mod team_import;
pub(crate) mod team_rounds;
pub(crate) mod team_standings;
pub(crate) mod teams;
pub(crate) mod tournaments;
