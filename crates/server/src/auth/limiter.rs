//! Sign-in rate limits, in memory (per process): after
//! [`NAME_LIMIT`] failed attempts for one name, or [`ADDRESS_LIMIT`] from
//! one client address, within [`WINDOW`], further attempts are refused
//! (even with the right password) until the oldest failure leaves the
//! window. A successful sign-in clears its name's failures.

use std::collections::{HashMap, VecDeque};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Failed attempts allowed per name within [`WINDOW`].
pub const NAME_LIMIT: usize = 5;
/// Failed attempts allowed per client address within [`WINDOW`].
pub const ADDRESS_LIMIT: usize = 20;
/// How long a failed attempt counts.
pub const WINDOW: Duration = Duration::from_secs(15 * 60);
/// Keys remembered at most (older entries are dropped first).
const KEYS_MAX: usize = 100_000;

/// Failed sign-ins by key (`name:…`, `addr:…`).
#[derive(Debug, Default)]
pub(crate) struct SignInLimiter {
    failures: Mutex<HashMap<String, VecDeque<Instant>>>,
}

fn name_key(name: &str) -> String {
    format!("name:{}", name.trim().to_lowercase())
}

fn address_key(address: &str) -> String {
    format!("addr:{address}")
}

impl SignInLimiter {
    /// `None` if `name` from `address` may try now, else the seconds to
    /// wait.
    pub fn check(&self, name: &str, address: &str) -> Option<u64> {
        let now = Instant::now();
        let mut failures = self.failures.lock().ok()?;
        [
            (name_key(name), NAME_LIMIT),
            (address_key(address), ADDRESS_LIMIT),
        ]
        .into_iter()
        .filter_map(|(key, limit)| {
            let list = failures.get_mut(&key)?;
            while list
                .front()
                .is_some_and(|t| now.duration_since(*t) >= WINDOW)
            {
                list.pop_front();
            }
            let oldest = *list.front()?;
            (list.len() >= limit)
                .then(|| (WINDOW.saturating_sub(now.duration_since(oldest)).as_secs()).max(1))
        })
        .max()
    }

    /// Counts a failed attempt.
    pub fn failed(&self, name: &str, address: &str) {
        let now = Instant::now();
        let Ok(mut failures) = self.failures.lock() else {
            return;
        };
        if failures.len() >= KEYS_MAX {
            failures.retain(|_, list| list.back().is_some_and(|t| now.duration_since(*t) < WINDOW));
            if failures.len() >= KEYS_MAX {
                failures.clear();
            }
        }
        for key in [name_key(name), address_key(address)] {
            let list = failures.entry(key).or_default();
            list.push_back(now);
            if list.len() > ADDRESS_LIMIT {
                list.pop_front();
            }
        }
    }

    /// Forgets a name's failures after a successful sign-in.
    pub fn succeeded(&self, name: &str) {
        if let Ok(mut failures) = self.failures.lock() {
            failures.remove(&name_key(name));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn five_failures_for_one_name_stop_that_name_but_not_another() {
        let limiter = SignInLimiter::default();
        for _ in 0..NAME_LIMIT {
            assert_eq!(limiter.check("alice", "10.0.0.1"), None);
            limiter.failed("alice", "10.0.0.1");
        }
        let wait = limiter.check("Alice ", "10.0.0.2").expect("refused");
        assert!(wait > 0 && wait <= WINDOW.as_secs());
        assert_eq!(limiter.check("bob", "10.0.0.1"), None);
        limiter.succeeded("alice");
        assert_eq!(limiter.check("alice", "10.0.0.1"), None);
    }

    #[test]
    fn twenty_failures_from_one_address_stop_that_address() {
        let limiter = SignInLimiter::default();
        for i in 0..ADDRESS_LIMIT {
            limiter.failed(&format!("user{i}"), "10.0.0.9");
        }
        assert!(limiter.check("someone", "10.0.0.9").is_some());
        assert_eq!(limiter.check("someone", "10.0.0.8"), None);
    }
}
