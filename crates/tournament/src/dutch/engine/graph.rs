//! The graph the bracket loop matches on ([`Graph`]): the whole field in one
//! [`Dense`] matcher, or one bracket at a time ([`super::contracted`]).

use super::weights::Layout;
use crate::dutch::matching::{Matcher, PairOrder};
use crate::dutch::wide::Wide;

/// The matcher's partners of the `n` players, the dummy vertex (index `n`,
/// present in a warm-started odd field) read as "unmatched".
pub(super) fn player_mates<const L: usize>(matcher: &Matcher<L>, n: usize) -> Vec<u32> {
    let mut mates = matcher.mates()[..n].to_vec();
    for (v, x) in mates.iter_mut().enumerate() {
        if *x as usize >= n {
            *x = v as u32;
        }
    }
    mates
}

/// A [`Graph`] could not vouch for its result.
#[derive(Debug)]
pub(crate) enum Abort {
    /// The caller falls back to the whole field; why.
    GiveUp(String),
    /// A bracket's weights need this many bits: the caller retries wider.
    Wider(u32),
}

/// The most memory a matcher's dense weight matrix may take (1.5 GiB).
const MATRIX_BUDGET: usize = 3 << 29;

/// Whether a matcher with `size` dense vertices fits: counted at 12 bytes
/// a pair whatever the width of the weights, the matrix's 8
/// (`matching::Matcher`) and a margin for the rest of the matcher and the
/// fill's buffers.
pub(super) fn matrix_fits(size: usize) -> bool {
    size.saturating_mul(size).saturating_mul(12) <= MATRIX_BUDGET
}

/// A contracted bracket that gives up, and why.
pub(super) fn give_up(why: &str) -> Abort {
    Abort::GiveUp(format!("contracted bracket gives up: {why}"))
}

/// The matching the bracket loop works on, by player (sorted index).
pub(super) trait Graph<const L: usize> {
    /// A new bracket: `members` lists its players (moved-down players,
    /// residents, the next score group), `moved_down` of them moved down;
    /// every player from index `lower_start` on is below it and still
    /// unpaired. Its weights are in layout `layout`.
    fn begin(
        &mut self,
        members: &[usize],
        moved_down: usize,
        lower_start: usize,
        layout: &Layout,
    ) -> Result<(), Abort>;
    /// Whether the graph holds one bracket at a time (and so takes weights
    /// in the bracket's own layout) rather than the whole field.
    fn per_bracket(&self) -> bool;
    /// Set the weight of a pair of the bracket.
    fn set_weight(&mut self, u: usize, v: usize, w: Wide<L>);
    /// Set the weight of every pair `members[j]`–`members[i]`, `j < i`,
    /// `i ≥ from`, of the bracket `members` given to [`Graph::begin`] to
    /// `w(j, i)`.
    fn load(&mut self, members: &[usize], from: usize, w: impl Fn(usize, usize) -> Wide<L> + Sync) {
        for i in from..members.len() {
            for j in 0..i {
                self.set_weight(members[i], members[j], w(j, i));
            }
        }
    }
    /// Rewrite the weight of every pair `players[p]`–`players[q]`, `p < q`,
    /// of the bracket: `w ↦ f(p, q, w)`, as [`Graph::set_weight`] pair by
    /// pair in `order` would (see [`Matcher::rewrite_pairs`]).
    fn rewrite_pairs(
        &mut self,
        players: &[usize],
        order: PairOrder,
        f: impl Fn(usize, usize, Wide<L>) -> Wide<L>,
    );
    /// Re-solve; `stable[v]` becomes the partner of each bracket player
    /// `v`: itself when unpaired (or given the bye), `n` when paired with a
    /// player below the bracket.
    fn solve(&mut self, stable: &mut [u32]) -> Result<(), Abort>;
    /// Fix the pair `v0`–`v1`: it keeps the edge of weight `fixed_weight`,
    /// every other edge of either is removed.
    fn finalize(&mut self, v0: usize, v1: usize, fixed_weight: Wide<L>);
    /// The first of the bracket players `candidates` whose pair with `u` is
    /// tight under the last solve's duals (see [`Matcher::first_tight`]).
    fn first_tight(&self, u: usize, candidates: &[usize]) -> Option<usize>;
    /// Whether the pairs `u`–`m`, `j`–`k` of the last solve's optimum can
    /// become `u`–`j`, `k`–`m` in another (see [`Matcher::can_exchange`]).
    fn can_exchange(&self, u: usize, m: usize, j: usize, k: usize) -> bool;
}

/// The whole field in one matcher (exact, always able to answer).
pub(super) struct Dense<const L: usize> {
    pub(super) matcher: Matcher<L>,
    /// The number of players (a dummy vertex for the bye may follow them).
    pub(super) players: usize,
}

impl<const L: usize> Graph<L> for Dense<L> {
    fn begin(&mut self, _: &[usize], _: usize, _: usize, _: &Layout) -> Result<(), Abort> {
        Ok(())
    }
    fn per_bracket(&self) -> bool {
        false
    }
    fn set_weight(&mut self, u: usize, v: usize, w: Wide<L>) {
        self.matcher.set_weight(u, v, w);
    }
    fn rewrite_pairs(
        &mut self,
        players: &[usize],
        order: PairOrder,
        f: impl Fn(usize, usize, Wide<L>) -> Wide<L>,
    ) {
        let verts: Vec<u32> = players.iter().map(|&v| v as u32).collect();
        self.matcher.rewrite_pairs(&verts, order, f);
    }
    fn solve(&mut self, stable: &mut [u32]) -> Result<(), Abort> {
        self.matcher.solve();
        stable.copy_from_slice(&player_mates(&self.matcher, self.players));
        Ok(())
    }
    fn finalize(&mut self, v0: usize, v1: usize, fixed_weight: Wide<L>) {
        finalize_pair(&mut self.matcher, v0, v1, fixed_weight);
    }
    fn first_tight(&self, u: usize, candidates: &[usize]) -> Option<usize> {
        self.matcher.first_tight(u, candidates)
    }
    fn can_exchange(&self, u: usize, m: usize, j: usize, k: usize) -> bool {
        self.matcher.can_exchange(u, m, j, k)
    }
}

/// Fix the pair `v0`–`v1` of `matcher` (see [`Graph::finalize`]).
fn finalize_pair<const L: usize>(
    matcher: &mut Matcher<L>,
    v0: usize,
    v1: usize,
    fixed_weight: Wide<L>,
) {
    matcher.isolate(v0, v1, fixed_weight);
}
