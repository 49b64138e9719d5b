//! What happens while a game is played, outside any one request: the hub
//! of live feeds and the Server-Sent Events streams (with PostgreSQL's
//! `LISTEN/NOTIFY` relay between processes), the group commit of the fast
//! path's writes, the cache of games' current states, and the due sweeper
//! (handed the operation it runs: it imports no operation itself).

pub(crate) mod due;
pub(crate) mod events;
pub(crate) mod game_cache;
pub(crate) mod group_commit;
pub(crate) mod hub;
pub(crate) mod page_cache;
pub(crate) mod stream;
