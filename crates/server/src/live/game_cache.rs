//! The in-process cache of folded game states (see `games`' module docs):
//! per game, the latest head this process knows, its row and its state.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::engine::{GameKind, GameState};
use crate::store::games::GameRow;

/// Cached game states (see the module docs): per game, the latest head this
/// process knows, its row and its state. The row's columns used from the
/// cache (ids, players, setup, owners) never change once the game has
/// events; `seq` 0 is never cached (a board's setup may still change then).
#[derive(Default)]
pub(crate) struct Cache {
    map: Mutex<HashMap<String, CacheEntry>>,
    /// Games whose head was taken out to be extended (`take_head`), and
    /// when: the due sweep leaves them to their writer for a moment
    /// instead of folding their whole log from the database.
    writing: Mutex<HashMap<String, Instant>>,
}

/// How long a taken head counts as being written (a write that failed
/// without putting its head back is looked at again after this).
const WRITING_GRACE: Duration = Duration::from_secs(2);

struct CacheEntry {
    seq: i64,
    row: Arc<GameRow>,
    state: Arc<GameState>,
}

const CACHE_LIMIT: usize = 20_000;

impl Cache {
    /// The game of a cached game (fixed when the game is created).
    pub(crate) fn kind(&self, game_id: &str) -> Option<GameKind> {
        let map = self.map.lock().ok()?;
        map.get(game_id).map(|entry| entry.row.game)
    }

    /// The newest state cached for the game, if it is at `seq` or beyond.
    pub(crate) fn at_or_after(&self, game_id: &str, seq: i64) -> Option<Arc<GameState>> {
        let map = self.map.lock().ok()?;
        map.get(game_id)
            .filter(|entry| entry.seq >= seq)
            .map(|entry| Arc::clone(&entry.state))
    }

    /// Whether a writer of this process took the game's head moments ago
    /// and has not put it back yet.
    pub(crate) fn being_written(&self, game_id: &str) -> bool {
        self.writing.lock().is_ok_and(|writing| {
            writing
                .get(game_id)
                .is_some_and(|since| since.elapsed() < WRITING_GRACE)
        })
    }

    /// The state at `seq`, if that is the head cached for the game.
    pub(crate) fn get(&self, game_id: &str, seq: i64) -> Option<Arc<GameState>> {
        let map = self.map.lock().ok()?;
        map.get(game_id)
            .filter(|entry| entry.seq == seq)
            .map(|entry| Arc::clone(&entry.state))
    }

    /// Takes the row and the state at `seq` out of the cache, if that is the
    /// head cached, to extend it in place: the state is moved, not copied,
    /// unless a reader still holds it. The caller puts back what it ends
    /// with ([`Cache::put`]); until then the game misses the cache, so a
    /// concurrent writer takes the transactional path.
    pub(crate) fn take_head(&self, game_id: &str, seq: i64) -> Option<(Arc<GameRow>, GameState)> {
        let entry = {
            let mut map = self.map.lock().ok()?;
            if map.get(game_id).is_none_or(|entry| entry.seq != seq) {
                return None;
            }
            map.remove(game_id)?
        };
        if let Ok(mut writing) = self.writing.lock() {
            writing.insert(game_id.to_owned(), Instant::now());
        }
        let state = Arc::try_unwrap(entry.state).unwrap_or_else(|shared| GameState::clone(&shared));
        Some((entry.row, state))
    }

    /// Remembers the state at `row.seq`; an older head never replaces a
    /// newer one (two writers of one process may finish out of order).
    pub(crate) fn put(&self, row: Arc<GameRow>, state: Arc<GameState>) {
        if let Ok(mut writing) = self.writing.lock() {
            writing.remove(&row.id);
        }
        if row.seq < 1 {
            return;
        }
        if let Ok(mut map) = self.map.lock() {
            if let Some(entry) = map.get(&row.id)
                && entry.seq >= row.seq
            {
                return;
            }
            if map.len() >= CACHE_LIMIT && !map.contains_key(&row.id) {
                map.clear();
            }
            map.insert(
                row.id.clone(),
                CacheEntry {
                    seq: row.seq,
                    row,
                    state,
                },
            );
        }
    }
}
