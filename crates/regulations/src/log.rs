//! The event-log machinery every game of this crate shares (chess [`Game`]
//! and [`XiangqiGame`]): an accepted event is logged with its rulings
//! ([`Logged`]); an event is applied to a *copy* of the state
//! ([`fold`]) and committed only on success ([`commit`]), so a
//! [`Rejection`] leaves the game untouched.
//!
//! [`Game`]: crate::Game
//! [`XiangqiGame`]: crate::XiangqiGame

use crate::code::Code;
use crate::result::{Citation, Rejection, Ruling};

/// One accepted event with its rulings (the chess log is
/// [`LogEntry`](crate::LogEntry) = `Logged<Event>`; the Xiangqi log is
/// `Logged<XqEvent>`).
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Logged<E> {
    /// The event.
    pub event: E,
    /// The rulings it produced.
    pub rulings: Vec<Ruling>,
    /// Voided by a later restoration (Art. 8.1, 8.2, 7.4).
    pub void: bool,
}

/// What an accepted event produced.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Applied {
    /// Rulings, in order.
    pub rulings: Vec<Ruling>,
    /// Log indices voided by this event.
    pub voided: Vec<usize>,
}

/// What one event does while it is being applied: its rulings and the log
/// entries it voids.
#[derive(Debug, Default)]
pub(crate) struct Step {
    pub(crate) rulings: Vec<Ruling>,
    pub(crate) voided: Vec<usize>,
}

impl Step {
    /// Adds a ruling.
    pub(crate) fn rule(&mut self, code: Code, article: &str, message: impl Into<String>) {
        self.rulings.push(Citation::of(code, article, message));
    }
}

/// A refusal with a typed code.
pub(crate) fn reject<T>(
    code: Code,
    article: &str,
    message: impl Into<String>,
) -> Result<T, Rejection> {
    Err(Rejection::of(code, article, message))
}

/// Applies `step` to a copy of `state`: the new state and what the event
/// did, or the rejection (the caller's state is untouched either way).
pub(crate) fn fold<S: Clone>(
    state: &S,
    step: impl FnOnce(&mut S, &mut Step) -> Result<(), Rejection>,
) -> Result<(S, Step), Rejection> {
    let mut st = state.clone();
    let mut out = Step::default();
    step(&mut st, &mut out)?;
    Ok((st, out))
}

/// Commits a folded event: the new state replaces the old, the voided
/// entries are marked, and the event is logged with its rulings.
pub(crate) fn commit<S, E>(
    state: &mut S,
    log: &mut Vec<Logged<E>>,
    new: S,
    event: E,
    out: Step,
) -> Applied {
    for &i in &out.voided {
        if let Some(e) = log.get_mut(i) {
            e.void = true;
        }
    }
    *state = new;
    log.push(Logged {
        event,
        rulings: out.rulings.clone(),
        void: false,
    });
    Applied {
        rulings: out.rulings,
        voided: out.voided,
    }
}

/// A record an event may only extend ([`push`](Self::push)) or annotate at
/// its end ([`last_mut`](Self::last_mut)) — the positions and plies of a
/// game. Applying an event therefore need not copy it to stay
/// all-or-nothing: a [`Mark`] taken before the event undoes whatever the
/// event did to it ([`Self::undo_to`]), so an event costs the same in a
/// 2,000-ply game as in a 20-ply one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Appended<T> {
    items: Vec<T>,
}

impl<T> Default for Appended<T> {
    fn default() -> Self {
        Self { items: Vec::new() }
    }
}

/// How an [`Appended`] stood: its length and its last item.
pub(crate) struct Mark<T> {
    len: usize,
    last: Option<T>,
}

impl<T: Clone> Appended<T> {
    pub(crate) fn from_vec(items: Vec<T>) -> Self {
        Self { items }
    }

    pub(crate) fn push(&mut self, item: T) {
        self.items.push(item);
    }

    /// The last item, to annotate (nothing before it can change).
    pub(crate) fn last_mut(&mut self) -> Option<&mut T> {
        self.items.last_mut()
    }

    pub(crate) fn mark(&self) -> Mark<T> {
        Mark {
            len: self.items.len(),
            last: self.items.last().cloned(),
        }
    }

    /// Back to how it stood at `mark`: what was pushed since goes, the
    /// last item gets its old value back.
    pub(crate) fn undo_to(&mut self, mark: Mark<T>) {
        self.items.truncate(mark.len);
        if let (Some(last), Some(old)) = (self.items.last_mut(), mark.last) {
            *last = old;
        }
    }
}

impl<T> std::ops::Deref for Appended<T> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        &self.items
    }
}
