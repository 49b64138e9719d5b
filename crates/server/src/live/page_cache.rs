//! The rendered-page cache: a page is rendered once per version of what it
//! shows and served from memory until that version changes.
//!
//! A page's [`Key`] is what the request chose (path, query, language); its
//! [`Stamp`] is read from the database on every request (one small query,
//! `data::stamp`): the tournament's version (`tournament_versions`, bumped
//! in the transaction of every change its pages show, by any process), and
//! for a round's pages also the count and summed heads of the round's games
//! (a move changes a round page but does not bump the tournament, so the
//! move path takes no tournament lock). An entry is served only when its
//! stamp is the one just read, so a page is never staler than the database
//! at the time of the request, in any process.
//!
//! The stamp is read *before* the page's data: a page cached under a stamp
//! shows at least what that stamp stands for.
//!
//! Memory is bounded: the entries' bytes never exceed the cap; the least
//! recently used entries leave first, and a page larger than a quarter of
//! the cap is not kept at all.

use std::collections::{BTreeMap, HashMap};
use std::sync::Mutex;

use axum::body::Bytes;
use axum::http::StatusCode;

/// What a request chose of a page.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct Key {
    pub path: String,
    pub query: Option<String>,
    /// The reader's language (its code: `en`, `zh`).
    pub lang: &'static str,
}

impl Key {
    /// The bytes this key holds, counted against the cap.
    fn size(&self) -> usize {
        self.path.len() + self.query.as_ref().map_or(0, String::len) + 64
    }
}

/// The version of what a page shows (see the module documentation).
pub(crate) type Stamp = [i64; 3];

/// A rendered page.
#[derive(Debug, Clone)]
pub(crate) struct Rendered {
    pub status: StatusCode,
    pub content_type: &'static str,
    pub body: Bytes,
    /// The strong ETag of `body` (quoted).
    pub etag: String,
}

struct Entry {
    stamp: Stamp,
    page: Rendered,
    /// When it was last used (the key of `order`).
    tick: u64,
    size: usize,
}

#[derive(Default)]
struct Inner {
    entries: HashMap<Key, Entry>,
    /// Last use → key, oldest first.
    order: BTreeMap<u64, Key>,
    bytes: usize,
    tick: u64,
}

/// The cache (one per process, in `AppState`).
pub(crate) struct PageCache {
    cap: usize,
    inner: Mutex<Inner>,
}

/// The default bound: 64 MiB of pages.
pub(crate) const DEFAULT_CAP: usize = 64 << 20;

impl Default for PageCache {
    fn default() -> PageCache {
        PageCache::new(DEFAULT_CAP)
    }
}

impl std::fmt::Debug for PageCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PageCache")
            .field("cap", &self.cap)
            .field("bytes", &self.bytes())
            .finish()
    }
}

impl PageCache {
    /// A cache holding at most `cap` bytes of pages (and their keys).
    pub fn new(cap: usize) -> PageCache {
        PageCache {
            cap,
            inner: Mutex::new(Inner::default()),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        // A panic while holding the lock leaves consistent data: every
        // method finishes its bookkeeping before anything can panic.
        self.inner
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The page of `key` if it was rendered at `stamp`; marks it used.
    pub fn get(&self, key: &Key, stamp: Stamp) -> Option<Rendered> {
        let mut guard = self.lock();
        let inner = &mut *guard;
        inner.tick += 1;
        let tick = inner.tick;
        let entry = inner.entries.get_mut(key)?;
        if entry.stamp != stamp {
            return None;
        }
        inner.order.remove(&entry.tick);
        entry.tick = tick;
        inner.order.insert(tick, key.clone());
        Some(entry.page.clone())
    }

    /// Keeps `page` as `key`'s page at `stamp` (replacing any other
    /// version), then drops the least recently used pages until the cache
    /// is within its cap. A page too large to keep is not kept.
    pub fn put(&self, key: Key, stamp: Stamp, page: Rendered) {
        let size = key.size() + page.body.len() + page.etag.len();
        let mut guard = self.lock();
        let inner = &mut *guard;
        if let Some(old) = inner.entries.remove(&key) {
            inner.order.remove(&old.tick);
            inner.bytes -= old.size;
        }
        if size > self.cap / 4 {
            return;
        }
        inner.tick += 1;
        let tick = inner.tick;
        inner.order.insert(tick, key.clone());
        inner.entries.insert(
            key,
            Entry {
                stamp,
                page,
                tick,
                size,
            },
        );
        inner.bytes += size;
        while inner.bytes > self.cap {
            let Some((_, oldest)) = inner.order.pop_first() else {
                break;
            };
            if let Some(gone) = inner.entries.remove(&oldest) {
                inner.bytes -= gone.size;
            }
        }
    }

    /// The bytes held now (pages and keys).
    pub fn bytes(&self) -> usize {
        self.lock().bytes
    }

    /// The number of pages held now.
    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.lock().entries.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(n: usize) -> Key {
        Key {
            path: format!("/t/x/players/{n}"),
            query: None,
            lang: "en",
        }
    }

    fn page(bytes: usize) -> Rendered {
        Rendered {
            status: StatusCode::OK,
            content_type: "text/html; charset=utf-8",
            body: Bytes::from(vec![b'x'; bytes]),
            etag: "\"e\"".to_owned(),
        }
    }

    #[test]
    fn the_cache_never_holds_more_bytes_than_its_cap_and_drops_the_least_recently_used_first() {
        let cache = PageCache::new(10_000);
        for n in 0..100 {
            cache.put(key(n), [n as i64, 0, 0], page(1_000));
            assert!(cache.bytes() <= 10_000, "{} bytes after {n}", cache.bytes());
            // The first page stays in use, so it stays.
            assert!(cache.get(&key(0), [0, 0, 0]).is_some(), "after {n}");
        }
        assert!(
            cache.len() < 10 && cache.len() >= 5,
            "{} pages",
            cache.len()
        );
        assert!(cache.get(&key(98), [98, 0, 0]).is_some());
        assert!(
            cache.get(&key(1), [1, 0, 0]).is_none(),
            "the oldest unused went first"
        );
    }

    #[test]
    fn a_page_is_served_only_at_the_stamp_it_was_rendered_at_and_a_new_version_replaces_it() {
        let cache = PageCache::new(1 << 20);
        cache.put(key(1), [3, 0, 0], page(100));
        assert!(cache.get(&key(1), [3, 0, 0]).is_some());
        assert!(cache.get(&key(1), [4, 0, 0]).is_none());
        assert!(cache.get(&key(1), [3, 1, 7]).is_none());
        let before = cache.bytes();
        cache.put(key(1), [4, 0, 0], page(100));
        assert_eq!(cache.len(), 1);
        assert_eq!(cache.bytes(), before);
        assert!(cache.get(&key(1), [3, 0, 0]).is_none());
        assert!(cache.get(&key(1), [4, 0, 0]).is_some());
    }

    #[test]
    fn a_page_larger_than_a_quarter_of_the_cap_is_not_kept_and_evicts_nothing() {
        let cache = PageCache::new(4_000);
        cache.put(key(1), [1, 0, 0], page(100));
        cache.put(key(2), [1, 0, 0], page(2_000));
        assert!(cache.get(&key(2), [1, 0, 0]).is_none());
        assert!(cache.get(&key(1), [1, 0, 0]).is_some());
        assert_eq!(cache.len(), 1);
    }

    #[test]
    fn keys_differing_in_language_or_query_are_different_pages() {
        let cache = PageCache::new(1 << 20);
        let en = key(1);
        let zh = Key {
            lang: "zh",
            ..key(1)
        };
        let screen = Key {
            query: Some("screen".into()),
            ..key(1)
        };
        cache.put(en.clone(), [1, 0, 0], page(10));
        assert!(cache.get(&zh, [1, 0, 0]).is_none());
        assert!(cache.get(&screen, [1, 0, 0]).is_none());
        assert!(cache.get(&en, [1, 0, 0]).is_some());
    }
}
