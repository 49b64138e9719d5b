//! The warm start: the round's first matching (which settles the bye's
//! score group) written down from a greedy perfect matching instead of
//! solved, and the greedy matchings the contracted graphs use to place the
//! players below a bracket.

use std::collections::HashMap;

use super::FREE;
use super::context::RoundContext;

/// A starting matching found without the matcher (see
/// [`RoundContext::warm_start`]).
pub(super) struct WarmStart {
    /// `mate[v]`: `v`'s partner, or `v` itself for the bye.
    pub(super) mate: Vec<u32>,
    /// The vertex left for the bye (odd fields).
    pub(super) bye: Option<usize>,
    /// The bye's score group.
    pub(super) bye_score: u32,
    /// The bye is a single downfloat bye: every other player of the top
    /// score group is paired within it.
    pub(super) single_downfloat_bye: bool,
}

impl RoundContext<'_> {
    /// A perfect matching of every vertex but `skip` over compatible pairs:
    /// each player, from the top, takes the nearest free compatible player
    /// below; players left over are matched directly or through one matched
    /// pair (a–p, b–q for a pair p–q). `None` when that does not succeed,
    /// which proves nothing: the caller then solves exactly.
    fn greedy_matching(&self, skip: Option<usize>) -> Option<Vec<u32>> {
        let all: Vec<usize> = (0..self.sorted.len()).collect();
        self.greedy_matching_on(&all, skip)
    }

    /// [`RoundContext::greedy_matching`] on the vertices `vertices` (in rank
    /// order): the result is by position in `vertices`, `skip` a position.
    fn greedy_matching_on(&self, vertices: &[usize], skip: Option<usize>) -> Option<Vec<u32>> {
        let mate = self.partial_matching_on(vertices, skip);
        mate.iter().all(|&m| m != FREE).then_some(mate)
    }

    /// As [`RoundContext::greedy_matching_on`], but the players no path
    /// reached stay `FREE`.
    pub(super) fn partial_matching_on(&self, vertices: &[usize], skip: Option<usize>) -> Vec<u32> {
        let n = vertices.len();
        let compatible = |i: usize, j: usize| self.compatible(vertices[i], vertices[j]);
        let mut mate = vec![FREE; n];
        if let Some(x) = skip {
            mate[x] = x as u32;
        }
        // From the bottom, where earlier rounds left the fewest partners.
        let mut free = Vec::new();
        for u in (0..n).rev() {
            if mate[u] != FREE {
                continue;
            }
            let found = (0..u)
                .rev()
                .filter(|&v| mate[v] == FREE)
                .take(64)
                .find(|&v| compatible(u, v));
            match found {
                Some(v) => {
                    mate[u] = v as u32;
                    mate[v] = u as u32;
                }
                None => free.push(u),
            }
        }
        // Each player left over: an augmenting path to another one, found
        // by a breadth-first search over alternating paths.
        let mut from = vec![FREE; n];
        let mut seen = vec![false; n];
        while let Some(a) = free.pop() {
            from.iter_mut().for_each(|x| *x = FREE);
            seen.iter_mut().for_each(|x| *x = false);
            seen[a] = true;
            let mut queue = std::collections::VecDeque::from([a]);
            let mut end = None;
            'bfs: while let Some(x) = queue.pop_front() {
                for y in 0..n {
                    if seen[y] || !compatible(x, y) {
                        continue;
                    }
                    if mate[y] == FREE {
                        from[y] = x as u32;
                        end = Some(y);
                        break 'bfs;
                    }
                    let z = mate[y] as usize;
                    if z == y || seen[z] {
                        continue;
                    }
                    seen[y] = true;
                    seen[z] = true;
                    from[y] = x as u32;
                    queue.push_back(z);
                }
            }
            let Some(b) = end else {
                continue;
            };
            free.retain(|&f| f != b);
            // Flip the path b ← x ← … ← a.
            let mut y = b;
            loop {
                let x = from[y] as usize;
                let next = mate[x];
                mate[y] = x as u32;
                mate[x] = y as u32;
                if x == a {
                    break;
                }
                y = next as usize;
            }
        }
        mate
    }

    /// The optimum of the first matching (which only settles the bye's score
    /// group and whether it is a single downfloat bye) found without solving
    /// the whole field: every weight outside a bracket is additive,
    /// `w(u, v) = C + f(u) + f(v)`, so any perfect matching is optimal, and
    /// in an odd field the bye goes to the lowest eligible vertex whose
    /// removal leaves a perfectly matchable field. `None` when the greedy
    /// matching cannot show that (the caller then solves exactly).
    pub(super) fn warm_start(
        &self,
        unplayed: impl Fn(u32) -> HashMap<u32, u64>,
    ) -> Option<WarmStart> {
        let n = self.sorted.len();
        if n.is_multiple_of(2) {
            return Some(WarmStart {
                mate: self.greedy_matching(None)?,
                bye: None,
                bye_score: 0,
                single_downfloat_bye: false,
            });
        }
        let t = self.swiss;
        let lowest = (0..n)
            .rev()
            .find(|&v| t.eligible_for_bye(self.entrant(v)))?;
        let bye_score = self.score(lowest);
        let top = self.score(0);
        let single_downfloat_bye = bye_score >= top;
        let ranks = unplayed(bye_score);
        let rank = |v: usize| -> u64 {
            if single_downfloat_bye && self.score(v) == bye_score {
                ranks
                    .get(&self.entrant(v).played_games)
                    .copied()
                    .unwrap_or(0)
            } else {
                0
            }
        };
        let mut candidates: Vec<usize> = (0..n)
            .rev()
            .filter(|&v| self.score(v) == bye_score && t.eligible_for_bye(self.entrant(v)))
            .collect();
        candidates.sort_by_key(|&v| rank(v));
        let least = (0..n)
            .filter(|&v| t.eligible_for_bye(self.entrant(v)) && self.score(v) <= bye_score)
            .map(rank)
            .min()?;
        for &x in candidates.iter().take(3) {
            if rank(x) != least {
                break;
            }
            let Some(mate) = self.greedy_matching(Some(x)) else {
                continue;
            };
            // A single downfloat bye needs every other top-scorer paired
            // within the top group (the first matching's lowest criterion).
            if single_downfloat_bye
                && (0..n)
                    .any(|v| v != x && self.score(v) >= top && self.score(mate[v] as usize) < top)
            {
                return None;
            }
            return Some(WarmStart {
                mate,
                bye: Some(x),
                bye_score,
                single_downfloat_bye,
            });
        }
        None
    }
}
