// Long, but one algorithm (weighted blossom matching): kept whole in one file.
//! Maximum-weight matching on a general graph (Edmonds' blossom algorithm
//! with Galil's primal–dual bookkeeping, after the classic O(n³)
//! implementation by Van Rantwijk), kept *incrementally*: after edge weights
//! change, only the vertices whose edges broke dual feasibility or a matched
//! edge are released (their blossoms dissolved, dual raised to feasibility)
//! and re-augmented from single roots. Each re-solve then costs about
//! O(n · k) for k released vertices instead of O(n³).
//!
//! The graph is dense on its first `core` vertices (a `core × core` weight
//! matrix) and sparse beyond them: an edge with an end outside the core is
//! kept in both ends' side lists, for vertices with a handful of edges (the
//! pendants of a contracted bracket). `set_weight(u, v, w)` with `w = 0`
//! means "no edge". A dense weight is stored as its lowest limb plus an
//! index into a table of distinct higher limbs (a bracket's weights share a
//! few dozen), so a row scan reads 12 bytes per pair.
//! Stages grow a forest from every root of one dual parity, pair roots
//! joined by a tight edge directly after a dual adjustment, and find a new
//! blossom's least-slack edge from its children's (re-reading edges only
//! when a child's leads inside it).
//! Weights are non-negative integers of a fixed width (`Wide<L>`); with
//! integer weights every dual variable stays an integer (vertex duals are in
//! the doubled scale: the slack of `{u, v}` is `y_u + y_v − 2·w`), so the
//! arithmetic is exact. The weights must leave three spare high bits.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use super::wide::Wide;

/// A multiply–rotate hash of 64-bit words for the interned high parts
/// (`Matcher::hi_index`): every weight set in a bracket looks its high part
/// up, and the standard SipHash cost more than the rest of `set_weight`.
/// Lookup only: the ids are given out in insertion order, so no result
/// depends on the hash.
#[derive(Default, Clone, Copy, Debug)]
struct WordHasher(u64);

impl Hasher for WordHasher {
    fn finish(&self) -> u64 {
        // The table indexes by the low bits, which a product takes from
        // the low bits of its operands only: fold the high half in.
        self.0 ^ (self.0 >> 32)
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}

type WordMap<K, V> = HashMap<K, V, BuildHasherDefault<WordHasher>>;

const NONE: u32 = u32::MAX;

/// A directed edge end: the edge `{from, to}` seen from `from`, naming `to`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Ep {
    from: u32,
    to: u32,
}

impl Ep {
    const NIL: Ep = Ep {
        from: NONE,
        to: NONE,
    };
    fn is_nil(self) -> bool {
        self.from == NONE
    }
    fn flip(self) -> Ep {
        Ep {
            from: self.to,
            to: self.from,
        }
    }
}

/// A dense weighted graph and an incrementally maintained maximum-weight
/// matching over it.
#[derive(Debug, Clone)]
pub(crate) struct Matcher<const L: usize> {
    n: usize,
    core: usize,
    /// The weights among the core vertices, split: the lowest limb here,
    /// the higher limbs as an index into `hi` (weights of one bracket share
    /// few distinct high parts; a scan then reads 12 bytes per pair, not
    /// `8·L`).
    wlo: Vec<u64>,
    wid: Vec<u32>,
    /// Distinct high parts (lowest limb zero); entry 0 is zero.
    hi: Vec<Wide<L>>,
    // lookup only: order never reaches a result
    hi_index: WordMap<Wide<L>, u32>,
    /// The last high part interned, and its index.
    hi_last: (Wide<L>, u32),
    /// By vertex: its edges to or from a vertex outside the core.
    side: Vec<Vec<(u32, Wide<L>)>>,
    /// By core vertex: its row of the dense matrix is the truth and its
    /// column may be stale (set by [`Matcher::isolate`], which writes a
    /// fixed pair's two rows only, not the strided columns). A weight
    /// between a live and an isolated vertex is read from the isolated
    /// vertex's row ([`Matcher::at`]).
    isolated: Vec<bool>,
    mate: Vec<Ep>,
    label: Vec<u8>,
    labelend: Vec<Ep>,
    /// By vertex: its group; by group: the top-level blossom (or vertex)
    /// whose vertices it holds (see `top`, `split`).
    grp: Vec<u32>,
    gtop: Vec<u32>,
    gfree: Vec<u32>,
    /// By blossom (or vertex): the number of its vertices.
    bsize: Vec<u32>,
    blossomparent: Vec<u32>,
    blossomchilds: Vec<Vec<u32>>,
    blossombase: Vec<u32>,
    blossomendps: Vec<Vec<Ep>>,
    bestedge: Vec<Ep>,
    /// The weight of `bestedge` (weights do not change during a solve): its
    /// slack is worked out from the two duals without reading the matrix
    /// at a random place ([`Matcher::best_slack`]).
    bestwt: Vec<Wide<L>>,
    /// By blossom: its `bestedge` is not yet known (see `refresh_best`).
    best_stale: Vec<bool>,
    /// By vertex: scanned as a root's in a stage that then augmented
    /// elsewhere, without a dual adjustment (see `stage`).
    stuck: Vec<bool>,
    unusedblossoms: Vec<u32>,
    dual: Vec<Wide<L>>,
    queue: Vec<u32>,
    dirty: Vec<bool>,
    dirty_list: Vec<u32>,
    mates_out: Vec<u32>,
}

impl<const L: usize> Matcher<L> {
    /// A graph on `n` vertices without edges, all of them in the core.
    pub fn new(n: usize) -> Self {
        Self::with_core(n, n)
    }

    /// A graph on `n` vertices without edges, the first `core` of them
    /// dense (`core × core` weights stored) and the rest sparse.
    pub fn with_core(n: usize, core: usize) -> Self {
        let core = core.min(n);
        Self {
            n,
            core,
            wlo: vec![0; core * core],
            wid: vec![0; core * core],
            hi: vec![Wide::ZERO],
            hi_index: WordMap::from_iter([(Wide::ZERO, 0)]),
            hi_last: (Wide::ZERO, 0),
            side: vec![Vec::new(); n],
            isolated: vec![false; core],
            mate: vec![Ep::NIL; n],
            label: vec![0; 2 * n],
            labelend: vec![Ep::NIL; 2 * n],
            grp: (0..n as u32).collect(),
            gtop: (0..n as u32).chain(std::iter::repeat_n(NONE, n)).collect(),
            gfree: (n as u32..2 * n as u32).rev().collect(),
            bsize: vec![1; 2 * n],
            blossomparent: vec![NONE; 2 * n],
            blossomchilds: vec![Vec::new(); 2 * n],
            blossombase: (0..n as u32).chain(std::iter::repeat_n(NONE, n)).collect(),
            blossomendps: vec![Vec::new(); 2 * n],
            bestedge: vec![Ep::NIL; 2 * n],
            bestwt: vec![Wide::ZERO; 2 * n],
            best_stale: vec![false; 2 * n],
            stuck: vec![false; n],
            unusedblossoms: (n as u32..2 * n as u32).rev().collect(),
            dual: vec![Wide::ZERO; 2 * n],
            queue: Vec::new(),
            dirty: vec![false; n],
            dirty_list: Vec::new(),
            mates_out: (0..n as u32).collect(),
        }
    }

    /// Number of vertices.
    pub fn len(&self) -> usize {
        self.n
    }

    /// Set the weight of the edge `{u, v}` (`u ≠ v`); zero removes it. If the
    /// change invalidates the current optimum, `u` is released at the next
    /// [`Matcher::solve`].
    pub fn set_weight(&mut self, u: usize, v: usize, w: Wide<L>) {
        let old = self.wt(u as u32, v as u32);
        if old == w {
            return;
        }
        if u < self.core && v < self.core {
            let (lo, id) = self.intern(w);
            for idx in [u * self.core + v, v * self.core + u] {
                self.wlo[idx] = lo;
                self.wid[idx] = id;
            }
        } else {
            self.set_side(u, v, w);
            self.set_side(v, u, w);
        }
        let matched = self.mate[u].to as usize == v;
        let same_blossom = self.top(u as u32) == self.top(v as u32);
        let infeasible = self.dual[u].plus(self.dual[v]) < w.plus(w);
        if matched || same_blossom || infeasible {
            self.mark(u);
        }
    }

    /// `w` as stored in the dense matrix: its lowest limb and the index of
    /// its higher limbs in `hi`.
    fn intern(&mut self, w: Wide<L>) -> (u64, u32) {
        let mut h = w;
        if L > 0 {
            h.0[0] = 0;
        }
        let id = if h == self.hi_last.0 {
            self.hi_last.1
        } else {
            let next = self.hi.len() as u32;
            let id = *self.hi_index.entry(h).or_insert(next);
            if id == next {
                self.hi.push(h);
            }
            self.hi_last = (h, id);
            id
        };
        (if L > 0 { w.0[0] } else { 0 }, id)
    }

    /// Fix the pair `a`–`b`: its edge gets weight `fixed`, every other edge
    /// of either end weight zero. The same as [`Matcher::set_weight`] on
    /// each of those edges in the order `(a, u)`, `(b, u)` for `u` rising
    /// (the same vertices released, in the same order), but only the two
    /// rows of the dense matrix are written: the columns, a cache miss per
    /// vertex, are left stale (see `isolated`).
    pub fn isolate(&mut self, a: usize, b: usize, fixed: Wide<L>) {
        if a >= self.core || b >= self.core || a == b {
            for u in 0..self.n {
                if u != a {
                    self.set_weight(a, u, if u == b { fixed } else { Wide::ZERO });
                }
                if u != b {
                    self.set_weight(b, u, if u == a { fixed } else { Wide::ZERO });
                }
            }
            return;
        }
        let (fixed_lo, fixed_id) = self.intern(fixed);
        let core = self.core;
        for u in 0..self.n {
            for (x, y) in [(a, b), (b, a)] {
                if u == x {
                    continue;
                }
                let w = if u == y { fixed } else { Wide::ZERO };
                if u >= core {
                    let old = self.wt(x as u32, u as u32);
                    if old == w {
                        continue;
                    }
                    self.set_side(x, u, w);
                    self.set_side(u, x, w);
                    let matched = self.mate[x].to as usize == u;
                    let same_blossom = self.top(x as u32) == self.top(u as u32);
                    let infeasible = self.dual[x].plus(self.dual[u]) < w.plus(w);
                    if matched || same_blossom || infeasible {
                        self.mark(x);
                    }
                    continue;
                }
                // Only a matched edge, an edge inside a blossom or the fixed
                // edge can release `x` (a removed edge is never infeasible):
                // the old weight is read for those alone, before the write.
                let matched = self.mate[x].to as usize == u;
                let same_blossom = self.top(x as u32) == self.top(u as u32);
                let changed =
                    (matched || same_blossom || u == y) && self.wt(x as u32, u as u32) != w;
                // The row is written whatever the old weight (it may have
                // been read from `u`'s row), as it becomes the truth.
                let (lo, id) = if u == y { (fixed_lo, fixed_id) } else { (0, 0) };
                self.wlo[x * core + u] = lo;
                self.wid[x * core + u] = id;
                if u == y {
                    self.wlo[u * core + x] = lo;
                    self.wid[u * core + x] = id;
                }
                if changed {
                    let infeasible = self.dual[x].plus(self.dual[u]) < w.plus(w);
                    if matched || same_blossom || infeasible {
                        self.mark(x);
                    }
                }
            }
        }
        // Both rows are whole now: from here on `wt` reads the pair's
        // entries through them.
        self.isolated[a] = true;
        self.isolated[b] = true;
    }

    /// The index of the dense weight of `a`–`b` (both in the core): in
    /// `a`'s row, unless `b` is isolated and `a` is not.
    #[inline(always)]
    fn at(&self, a: usize, b: usize) -> usize {
        if self.isolated[b] && !self.isolated[a] {
            b * self.core + a
        } else {
            a * self.core + b
        }
    }

    /// Set the weight of every pair `j < i` of core vertices with
    /// `from ≤ i < to` to `w(j, i)` and release each such `i` (in rising
    /// order) at the next [`Matcher::solve`], rather than only those whose
    /// edges broke the optimum as [`Matcher::set_weight`] does: for a
    /// caller that installs a new start or has released every vertex
    /// anyway, without the per-pair checks. In square tiles, so that both
    /// halves of the symmetric matrix are written a cache line at a time
    /// (row by row, the mirrored half would take a cache miss per pair).
    pub fn fill(&mut self, from: usize, to: usize, w: impl Fn(usize, usize) -> Wide<L>) {
        const TILE: usize = 32;
        let to = to.min(self.core);
        let core = self.core;
        for i0 in (from..to).step_by(TILE) {
            let i1 = (i0 + TILE).min(to);
            for j0 in (0..i1).step_by(TILE) {
                for i in i0..i1 {
                    for j in j0..(j0 + TILE).min(i) {
                        let (lo, id) = self.intern(w(j, i));
                        for idx in [i * core + j, j * core + i] {
                            self.wlo[idx] = lo;
                            self.wid[idx] = id;
                        }
                    }
                }
            }
        }
        for i in from..to {
            self.mark(i);
        }
    }

    fn set_side(&mut self, u: usize, v: usize, w: Wide<L>) {
        let list = &mut self.side[u];
        match list.iter().position(|e| e.0 as usize == v) {
            Some(i) if w.is_zero() => {
                list.swap_remove(i);
            }
            Some(i) => list[i].1 = w,
            None if w.is_zero() => {}
            None => list.push((v as u32, w)),
        }
    }

    fn mark(&mut self, u: usize) {
        if !self.dirty[u] {
            self.dirty[u] = true;
            self.dirty_list.push(u as u32);
        }
    }

    /// The weight of the edge `{u, v}`.
    pub fn weight(&self, u: usize, v: usize) -> Wide<L> {
        self.wt(u as u32, v as u32)
    }

    /// The matching after the last [`Matcher::solve`]: `mates()[v]` is `v`'s
    /// partner, or `v` itself when unmatched.
    pub fn mates(&self) -> &[u32] {
        &self.mates_out
    }

    /// Install a known optimum instead of solving from scratch: `mates[v]`
    /// is `v`'s partner (or `v` when unmatched) and `duals[v]` its dual in
    /// the doubled scale. The caller vouches for optimality (every edge's
    /// slack `y_u + y_v − 2·w` non-negative, zero on the matched edges, and
    /// zero duals at unmatched vertices); no blossoms are set up. Pending
    /// weight changes are forgotten, as the duals already account for them.
    pub fn install(&mut self, mates: &[u32], duals: &[Wide<L>]) {
        for &u in &self.dirty_list {
            self.dirty[u as usize] = false;
        }
        self.dirty_list.clear();
        for v in 0..self.n {
            let m = mates[v];
            self.mate[v] = if m as usize == v {
                Ep::NIL
            } else {
                Ep {
                    from: v as u32,
                    to: m,
                }
            };
            self.mates_out[v] = m;
            self.dual[v] = duals[v];
        }
    }

    /// Release `u` at the next [`Matcher::solve`] (for a vertex installed
    /// unmatched with a positive dual).
    pub fn release_vertex(&mut self, u: usize) {
        self.mark(u);
    }

    /// The first of `cands` (vertices other than `u`) whose edge to `u` is
    /// tight under the current duals, blossom duals included:
    /// `y_u + y_v + 2·Σ z_B = 2·w` over the blossoms `B` holding both. After
    /// a solve the duals are optimal, so by complementary slackness no
    /// maximum-weight matching of the weights solved for pairs `u` with a
    /// vertex whose edge is not tight: when `u`'s partner is the first tight
    /// candidate, no preference among the candidates can move it. Only
    /// meaningful while no weight has changed since the last solve (other
    /// than to fix pairs of that solve's matching).
    pub fn first_tight(&self, u: usize, cands: &[usize]) -> Option<usize> {
        // The blossoms holding `u`, innermost first, each with the sum of
        // its dual and those of the blossoms around it.
        let mut chain: Vec<(u32, Wide<L>)> = Vec::new();
        let mut b = self.blossomparent[u];
        while b != NONE {
            chain.push((b, self.dual[b as usize]));
            b = self.blossomparent[b as usize];
        }
        for i in (0..chain.len().saturating_sub(1)).rev() {
            chain[i].1 = chain[i].1.plus(chain[i + 1].1);
        }
        let mut at = vec![NONE; if chain.is_empty() { 0 } else { 2 * self.n }];
        for (i, &(b, _)) in chain.iter().enumerate() {
            at[b as usize] = i as u32;
        }
        cands.iter().position(|&v| {
            let w = self.wt(u as u32, v as u32);
            if w.is_zero() || v == u {
                return false;
            }
            let need = w.plus(w);
            let mut have = self.dual[u].plus(self.dual[v]);
            if have > need {
                return false;
            }
            if chain.is_empty() {
                return have == need;
            }
            let mut b = self.blossomparent[v];
            while b != NONE && at[b as usize] == NONE {
                b = self.blossomparent[b as usize];
            }
            if b != NONE {
                let z = chain[at[b as usize] as usize].1;
                have = have.plus(z).plus(z);
            }
            have == need
        })
    }

    /// Whether, in an optimal matching holding the pairs `u`–`m` and
    /// `j`–`k` (all four distinct), exchanging them for `u`–`j` and `k`–`m`
    /// leaves a matching that is optimal too, by the current duals: the
    /// pair `k`–`m` is tight (`u`–`j` is the caller's to know) and every
    /// blossom with a positive dual keeps its number of inner pairs (so it
    /// stays full). The duals must be the last solve's (see
    /// [`Matcher::first_tight`]); the matching is the caller's, who applies
    /// the exchange.
    pub fn can_exchange(&self, u: usize, m: usize, j: usize, k: usize) -> bool {
        if self.first_tight(k, &[m]) != Some(0) {
            return false;
        }
        // lookup only: order never reaches a result (`all` of independent checks)
        let mut inside: HashMap<u32, u8> = HashMap::new();
        for (bit, v) in [u, m, j, k].into_iter().enumerate() {
            let mut b = self.blossomparent[v];
            while b != NONE {
                *inside.entry(b).or_insert(0) |= 1 << bit;
                b = self.blossomparent[b as usize];
            }
        }
        // Bits: u 1, m 2, j 4, k 8.
        let both = |mask: u8, x: u8, y: u8| i32::from(mask & x != 0 && mask & y != 0);
        inside.iter().all(|(&b, &mask)| {
            self.dual[b as usize].is_zero()
                || both(mask, 1, 4) + both(mask, 8, 2) == both(mask, 1, 2) + both(mask, 4, 8)
        })
    }

    /// Whether the current matching and duals satisfy the optimality
    /// conditions with no blossoms present (a check for [`Matcher::install`]).
    pub fn is_optimal(&self) -> bool {
        self.is_feasible() && (0..self.n).all(|u| !self.mate[u].is_nil() || self.dual[u].is_zero())
    }

    /// Whether every edge's slack is non-negative and every matched edge's
    /// zero, with no blossoms present: a valid state to resume from, free
    /// vertices with a positive dual becoming the next stages' roots.
    pub fn is_feasible(&self) -> bool {
        (0..self.n).all(|u| {
            let m = self.mate[u];
            self.edges(u as u32).all(|(v, w)| {
                let v = v as usize;
                let need = w.plus(w);
                let have = self.dual[u].plus(self.dual[v]);
                have >= need && (m.to as usize != v || have == need)
            })
        })
    }

    /// Bring the matching to a maximum-weight matching of the current graph.
    pub fn solve(&mut self) {
        let dirty = std::mem::take(&mut self.dirty_list);
        for &u in &dirty {
            self.release(u);
        }
        for &u in &dirty {
            self.dirty[u as usize] = false;
            self.raise_to_feasible(u);
        }
        let mut roots = Vec::new();
        let mut adjusted = true;
        loop {
            if adjusted {
                self.pair_tight_roots();
            }
            roots.clear();
            roots.extend(
                (0..self.n as u32).filter(|&v| {
                    self.mate[v as usize].is_nil() && !self.dual[v as usize].is_zero()
                }),
            );
            // Every vertex of a tree (and of a blossom) has its root's dual
            // parity, as tree edges are tight; an edge between two trees then
            // has an even slack, which half of closes, only when the roots
            // share one parity. The others wait for a later stage.
            let Some(&first) = roots.first() else {
                break;
            };
            let parity = self.dual[first as usize].0[0] & 1;
            roots.retain(|&r| self.dual[r as usize].0[0] & 1 == parity);
            adjusted = self.stage(&roots);
        }
        for v in 0..self.n {
            let e = self.mate[v];
            self.mates_out[v] = if e.is_nil() { v as u32 } else { e.to };
        }
    }

    /// Match free vertices (outside blossoms, positive dual) joined by a
    /// tight edge directly, before any stage. A dual adjustment lowers every
    /// root's dual at once, so the edges between roots that tie become tight
    /// together; one stage would augment along only one of them and the
    /// next stage regrow its forest for the next.
    fn pair_tight_roots(&mut self) {
        let free = |m: &Self, v: usize| m.mate[v].is_nil() && m.top(v as u32) as usize == v;
        let roots: Vec<usize> = (0..self.n)
            .filter(|&v| free(self, v) && !self.dual[v].is_zero())
            .collect();
        if roots.len() < 4 {
            return;
        }
        // A root's partner is the first free vertex with a tight edge in
        // the order of `edges` (core vertices rising, then the side list):
        // looked for among the free core vertices, not along the whole row.
        let free_core: Vec<u32> = (0..self.core as u32)
            .filter(|&v| free(self, v as usize))
            .collect();
        for r in roots {
            if !free(self, r) {
                continue;
            }
            let dr = self.dual[r];
            let tight = |m: &Self, w: u32, wt: Wide<L>| {
                !wt.is_zero() && dr.plus(m.dual[w as usize]) == wt.plus(wt)
            };
            let mut partner = None;
            if r < self.core {
                partner = free_core.iter().copied().find(|&w| {
                    w as usize != r
                        && free(self, w as usize)
                        && tight(self, w, self.wt(r as u32, w))
                });
            }
            if partner.is_none() {
                partner = self.side[r]
                    .iter()
                    .find(|&&(w, wt)| free(self, w as usize) && tight(self, w, wt))
                    .map(|&(w, _)| w);
            }
            if let Some(w) = partner {
                self.mate[r] = Ep {
                    from: r as u32,
                    to: w,
                };
                self.mate[w as usize] = Ep {
                    from: w,
                    to: r as u32,
                };
            }
        }
    }

    /// `v`'s edges: `(other end, weight)` for every non-zero weight.
    fn edges(&self, v: u32) -> impl Iterator<Item = (u32, Wide<L>)> + '_ {
        let vi = v as usize;
        let dense = if vi < self.core { self.core } else { 0 };
        (0..dense)
            .filter(move |&i| i != vi && self.dense_edge(self.at(vi, i)))
            .map(move |i| (i as u32, self.dense_w(self.at(vi, i))))
            .chain(self.side[vi].iter().copied().filter(|e| !e.1.is_zero()))
    }

    /// Dissolve every blossom containing `u` and unmatch it.
    fn release(&mut self, u: u32) {
        while self.top(u) != u {
            let mut b = self.top(u);
            while self.blossomparent[b as usize] != NONE {
                b = self.blossomparent[b as usize];
            }
            self.dissolve(b);
        }
        let m = self.mate[u as usize];
        if !m.is_nil() {
            self.mate[u as usize] = Ep::NIL;
            self.mate[m.to as usize] = Ep::NIL;
        }
    }

    /// The top-level blossom (or vertex) containing vertex `v`.
    #[inline(always)]
    fn top(&self, v: u32) -> u32 {
        self.gtop[self.grp[v as usize] as usize]
    }

    /// The child with the most vertices.
    fn largest(&self, childs: &[u32]) -> u32 {
        childs
            .iter()
            .copied()
            .max_by_key(|&c| self.bsize[c as usize])
            .unwrap_or(NONE)
    }

    /// Make the children of top-level blossom `b` top-level: the largest
    /// keeps `b`'s group, each other child's vertices get a group of their
    /// own (so a blossom's vertices are only touched when it is not the
    /// largest part, rather than at every level of nesting).
    fn split(&mut self, b: u32, childs: &[u32]) {
        let g = self.grp[self.blossombase[b as usize] as usize];
        let big = self.largest(childs);
        for &c in childs {
            self.blossomparent[c as usize] = NONE;
            if c == big {
                self.gtop[g as usize] = c;
                continue;
            }
            let Some(ng) = self.gfree.pop() else {
                continue;
            };
            self.gtop[ng as usize] = c;
            for lv in self.leaves_of(c) {
                self.grp[lv as usize] = ng;
            }
        }
    }

    /// Remove top-level blossom `b`, moving its dual into its vertices.
    fn dissolve(&mut self, b: u32) {
        let bu = b as usize;
        let z = self.dual[bu];
        for v in self.leaves_of(b) {
            self.dual[v as usize] = self.dual[v as usize].plus(z);
        }
        let base = self.blossombase[bu];
        if !z.is_zero() {
            let m = self.mate[base as usize];
            if !m.is_nil() {
                self.mate[base as usize] = Ep::NIL;
                self.mate[m.to as usize] = Ep::NIL;
            }
        }
        let childs = std::mem::take(&mut self.blossomchilds[bu]);
        self.split(b, &childs);
        self.dual[bu] = Wide::ZERO;
        self.label[bu] = 0;
        self.labelend[bu] = Ep::NIL;
        self.blossomendps[bu] = Vec::new();
        self.blossombase[bu] = NONE;
        self.best_stale[bu] = false;
        self.bestedge[bu] = Ep::NIL;
        self.unusedblossoms.push(b);
    }

    /// Set `y_u` to the least value keeping every edge at `u` feasible.
    fn raise_to_feasible(&mut self, u: u32) {
        let ui = u as usize;
        let mut y = Wide::ZERO;
        for (v, w) in self.edges(u) {
            let v = v as usize;
            let need = w.plus(w);
            if need > self.dual[v] {
                let d = need.minus(self.dual[v]);
                if d > y {
                    y = d;
                }
            }
        }
        self.dual[ui] = y;
    }

    /// The weight stored at `idx` of the dense matrix.
    #[inline(always)]
    fn dense_w(&self, idx: usize) -> Wide<L> {
        let mut w = self.hi[self.wid[idx] as usize];
        if L > 0 {
            w.0[0] = self.wlo[idx];
        }
        w
    }

    /// Whether the dense matrix holds an edge at `idx`.
    #[inline(always)]
    fn dense_edge(&self, idx: usize) -> bool {
        self.wid[idx] != 0 || self.wlo[idx] != 0
    }

    #[inline(always)]
    fn wt(&self, a: u32, b: u32) -> Wide<L> {
        let (a, b) = (a as usize, b as usize);
        if a < self.core && b < self.core {
            return self.dense_w(self.at(a, b));
        }
        let (x, y) = if self.side[a].len() <= self.side[b].len() {
            (a, b)
        } else {
            (b, a)
        };
        self.side[x]
            .iter()
            .find(|e| e.0 as usize == y)
            .map_or(Wide::ZERO, |e| e.1)
    }

    /// The slack of `bestedge[x]` (not nil), by its stored weight.
    #[inline(always)]
    fn best_slack(&self, x: usize) -> Wide<L> {
        let e = self.bestedge[x];
        let w = self.bestwt[x];
        self.dual[e.from as usize]
            .plus(self.dual[e.to as usize])
            .minus(w)
            .minus(w)
    }

    fn leaves(&self, b: u32, out: &mut Vec<u32>) {
        if (b as usize) < self.n {
            out.push(b);
        } else {
            for &t in &self.blossomchilds[b as usize] {
                self.leaves(t, out);
            }
        }
    }

    fn leaves_of(&self, b: u32) -> Vec<u32> {
        let mut v = Vec::new();
        self.leaves(b, &mut v);
        v
    }

    fn assign_label(&mut self, w: u32, t: u8, p: Ep) {
        let b = self.top(w);
        self.label[w as usize] = t;
        self.label[b as usize] = t;
        self.labelend[w as usize] = p;
        self.labelend[b as usize] = p;
        self.bestedge[w as usize] = Ep::NIL;
        self.bestedge[b as usize] = Ep::NIL;
        if t == 1 {
            let l = self.leaves_of(b);
            self.queue.extend(l);
        } else if t == 2 {
            let base = self.blossombase[b as usize];
            let m = self.mate[base as usize];
            self.assign_label(m.to, 1, m.flip());
        }
    }

    fn scan_blossom(&mut self, v0: u32, w0: u32) -> u32 {
        let (mut v, mut w) = (v0, w0);
        let mut path = Vec::new();
        let mut base = NONE;
        while v != NONE || w != NONE {
            let b = self.top(v);
            if self.label[b as usize] & 4 != 0 {
                base = self.blossombase[b as usize];
                break;
            }
            path.push(b);
            self.label[b as usize] = 5;
            if self.labelend[b as usize].is_nil() {
                v = NONE;
            } else {
                v = self.labelend[b as usize].to;
                let bt = self.top(v);
                v = self.labelend[bt as usize].to;
            }
            if w != NONE {
                std::mem::swap(&mut v, &mut w);
            }
        }
        for b in path {
            self.label[b as usize] = 1;
        }
        base
    }

    fn add_blossom(&mut self, base: u32, k: Ep) {
        let (mut v, mut w) = (k.from, k.to);
        let bb = self.top(base);
        let mut bv = self.top(v);
        let mut bw = self.top(w);
        let Some(b) = self.unusedblossoms.pop() else {
            return;
        };
        let bu = b as usize;
        self.blossombase[bu] = base;
        self.blossomparent[bu] = NONE;
        self.blossomparent[bb as usize] = b;
        let mut path = Vec::new();
        let mut endps = Vec::new();
        while bv != bb {
            self.blossomparent[bv as usize] = b;
            path.push(bv);
            endps.push(self.labelend[bv as usize]);
            v = self.labelend[bv as usize].to;
            bv = self.top(v);
        }
        path.push(bb);
        path.reverse();
        endps.reverse();
        endps.push(k.flip());
        while bw != bb {
            self.blossomparent[bw as usize] = b;
            path.push(bw);
            endps.push(self.labelend[bw as usize].flip());
            w = self.labelend[bw as usize].to;
            bw = self.top(w);
        }
        self.label[bu] = 1;
        self.labelend[bu] = self.labelend[bb as usize];
        self.dual[bu] = Wide::ZERO;
        self.blossomchilds[bu] = path.clone();
        self.blossomendps[bu] = endps;
        // The vertices of the largest child keep their group, which now
        // stands for `b`; the others' move into it. T-children's vertices
        // become S-vertices, to be scanned.
        let big = self.largest(&path);
        let g = self.grp[self.blossombase[big as usize] as usize];
        self.gtop[g as usize] = b;
        let mut size = 0;
        for &c in &path {
            let ci = c as usize;
            size += self.bsize[ci];
            let t = self.label[ci] == 2;
            if c != big {
                let gc = self.grp[self.blossombase[ci] as usize];
                self.gfree.push(gc);
                for lv in self.leaves_of(c) {
                    self.grp[lv as usize] = g;
                    if t {
                        self.queue.push(lv);
                    }
                }
            } else if t {
                let l = self.leaves_of(c);
                self.queue.extend(l);
            }
        }
        self.bsize[bu] = size;
        // The new blossom's least-slack edge to another S-blossom: the least
        // of its S-children's, while each of those still leads outside it
        // (a T-child's vertices are scanned as S-vertices next). When one
        // leads inside, the edge is found again from the blossom's vertices
        // if a dual adjustment needs it (`refresh_best`).
        let mut best = Ep::NIL;
        let mut best_w = Wide::ZERO;
        let mut best_slack = Wide::ZERO;
        let mut stale = false;
        for &sub in &path {
            let si = sub as usize;
            if self.label[si] != 1 {
                self.bestedge[si] = Ep::NIL;
                continue;
            }
            let e = self.bestedge[si];
            if self.best_stale[si] {
                self.best_stale[si] = false;
                stale = true;
            } else if !e.is_nil() {
                if self.top(e.to) == b {
                    stale = true;
                } else {
                    let k = self.best_slack(si);
                    if best.is_nil() || k < best_slack {
                        best = e;
                        best_w = self.bestwt[si];
                        best_slack = k;
                    }
                }
            }
            self.bestedge[si] = Ep::NIL;
        }
        self.bestedge[bu] = if stale { Ep::NIL } else { best };
        self.bestwt[bu] = best_w;
        self.best_stale[bu] = stale;
    }

    /// Recompute S-blossom `b`'s least-slack edge to another S-blossom by
    /// reading edges: those of its own vertices, or, when it holds most of
    /// the S-vertices (a blossom grown over a tied bracket), those of the
    /// S-vertices outside it, whichever are fewer.
    fn refresh_best(&mut self, b: u32) {
        let leaves = self.leaves_of(b);
        let s_total = (0..self.n)
            .filter(|&v| self.label[self.top(v as u32) as usize] == 1)
            .count();
        let outside = s_total - leaves.len();
        let mut best = Ep::NIL;
        let mut best_w = Wide::ZERO;
        let mut best_slack = Wide::ZERO;
        let mut consider = |m: &Self, x: u32, inside: bool| {
            let dx = m.dual[x as usize];
            for (j, wt) in m.edges(x) {
                let bj = m.top(j);
                let wanted = if inside {
                    bj != b && m.label[bj as usize] == 1
                } else {
                    bj == b
                };
                if !wanted {
                    continue;
                }
                let k = dx.plus(m.dual[j as usize]).minus(wt).minus(wt);
                if best.is_nil() || k < best_slack {
                    // Oriented from the blossom's vertex to the other end.
                    best = if inside {
                        Ep { from: x, to: j }
                    } else {
                        Ep { from: j, to: x }
                    };
                    best_w = wt;
                    best_slack = k;
                }
            }
        };
        if leaves.len() <= outside {
            for &lv in &leaves {
                consider(self, lv, true);
            }
        } else {
            for x in 0..self.n as u32 {
                let bx = self.top(x);
                if bx != b && self.label[bx as usize] == 1 {
                    consider(self, x, false);
                }
            }
        }
        self.bestedge[b as usize] = best;
        self.bestwt[b as usize] = best_w;
        self.best_stale[b as usize] = false;
    }

    fn expand_blossom(&mut self, b: u32, endstage: bool) {
        let bu = b as usize;
        let childs = self.blossomchilds[bu].clone();
        self.split(b, &childs);
        if endstage {
            for &s in &childs {
                if (s as usize) >= self.n && self.dual[s as usize].is_zero() {
                    self.expand_blossom(s, endstage);
                }
            }
        }
        if !endstage && self.label[bu] == 2 {
            let len = childs.len() as isize;
            let idx = |j: isize| -> usize { j.rem_euclid(len) as usize };
            let entrychild = self.top(self.labelend[bu].flip().to);
            let mut j = childs.iter().position(|&c| c == entrychild).unwrap_or(0) as isize;
            let (jstep, endptrick): (isize, bool) =
                if j & 1 == 1 { (1, false) } else { (-1, true) };
            if j & 1 == 1 {
                j -= len;
            }
            let endps = self.blossomendps[bu].clone();
            let trick = |e: Ep| if endptrick { e.flip() } else { e };
            let et = isize::from(endptrick);
            let mut p = self.labelend[bu];
            while j != 0 {
                let q = p.flip().to;
                self.label[q as usize] = 0;
                let r = trick(endps[idx(j - et)]).flip().to;
                self.label[r as usize] = 0;
                self.assign_label(q, 2, p);
                j += jstep;
                p = trick(endps[idx(j - et)]);
                j += jstep;
            }
            let bv = childs[idx(j)];
            let q = p.flip().to;
            self.label[q as usize] = 2;
            self.label[bv as usize] = 2;
            self.labelend[q as usize] = p;
            self.labelend[bv as usize] = p;
            self.bestedge[bv as usize] = Ep::NIL;
            j += jstep;
            while childs[idx(j)] != entrychild {
                let bv = childs[idx(j)];
                if self.label[bv as usize] == 1 {
                    j += jstep;
                    continue;
                }
                let mut found = NONE;
                for lv in self.leaves_of(bv) {
                    if self.label[lv as usize] != 0 {
                        found = lv;
                        break;
                    }
                }
                if found != NONE {
                    self.label[found as usize] = 0;
                    let base = self.blossombase[bv as usize];
                    let m = self.mate[base as usize].to;
                    self.label[m as usize] = 0;
                    let le = self.labelend[found as usize];
                    self.assign_label(found, 2, le);
                }
                j += jstep;
            }
        }
        self.label[bu] = 0;
        self.labelend[bu] = Ep::NIL;
        self.blossomchilds[bu] = Vec::new();
        self.blossomendps[bu] = Vec::new();
        self.blossombase[bu] = NONE;
        self.best_stale[bu] = false;
        self.bestedge[bu] = Ep::NIL;
        self.unusedblossoms.push(b);
    }

    fn augment_blossom(&mut self, b: u32, v: u32) {
        let bu = b as usize;
        let mut t = v;
        while self.blossomparent[t as usize] != b {
            t = self.blossomparent[t as usize];
        }
        if t as usize >= self.n {
            self.augment_blossom(t, v);
        }
        let childs = self.blossomchilds[bu].clone();
        let endps = self.blossomendps[bu].clone();
        let len = childs.len() as isize;
        let idx = |j: isize| -> usize { j.rem_euclid(len) as usize };
        let i = childs.iter().position(|&c| c == t).unwrap_or(0);
        let mut j = i as isize;
        let (jstep, endptrick) = if j & 1 == 1 {
            (1isize, false)
        } else {
            (-1isize, true)
        };
        if j & 1 == 1 {
            j -= len;
        }
        let et = isize::from(endptrick);
        while j != 0 {
            j += jstep;
            let t1 = childs[idx(j)];
            let e = endps[idx(j - et)];
            let p = if endptrick { e.flip() } else { e };
            if t1 as usize >= self.n {
                self.augment_blossom(t1, p.to);
            }
            j += jstep;
            let t2 = childs[idx(j)];
            if t2 as usize >= self.n {
                self.augment_blossom(t2, p.flip().to);
            }
            self.mate[p.to as usize] = p.flip();
            self.mate[p.flip().to as usize] = p;
        }
        let mut nc = childs[i..].to_vec();
        nc.extend_from_slice(&childs[..i]);
        let mut ne = endps[i..].to_vec();
        ne.extend_from_slice(&endps[..i]);
        self.blossombase[bu] = self.blossombase[nc[0] as usize];
        self.blossomchilds[bu] = nc;
        self.blossomendps[bu] = ne;
    }

    /// Flip the alternating path from S-vertex `u` to its root, leaving `u`
    /// unmatched and the root matched.
    fn flip_to(&mut self, u: u32) {
        self.flip_path(u, Ep::NIL);
    }

    /// Match S-vertex `s` by `q` (or leave it unmatched when `q` is nil) and
    /// flip the alternating path from it to its tree's root, which ends up
    /// matched.
    fn flip_path(&mut self, mut s: u32, mut q: Ep) {
        loop {
            let bs = self.top(s);
            if bs as usize >= self.n {
                self.augment_blossom(bs, s);
            }
            self.mate[s as usize] = q;
            if self.labelend[bs as usize].is_nil() {
                break;
            }
            let t = self.labelend[bs as usize].to;
            let bt = self.top(t);
            let le = self.labelend[bt as usize];
            s = le.to;
            let j = le.flip().to;
            if bt as usize >= self.n {
                self.augment_blossom(bt, j);
            }
            self.mate[j as usize] = le;
            q = le.flip();
        }
    }

    /// Augment along the tight edge `{v, w}` between two S-vertices of
    /// different trees: both paths to their roots flip.
    fn augment_between(&mut self, v: u32, w: u32) {
        self.flip_path(v, Ep { from: v, to: w });
        self.flip_path(w, Ep { from: w, to: v });
    }

    /// Augment along S-vertex `v`'s tree path plus the tight edge `v → w`
    /// to the free, unlabelled vertex `w`.
    fn augment_to_free(&mut self, p: Ep) {
        let w = p.to;
        let bw = self.top(w);
        if bw as usize >= self.n {
            self.augment_blossom(bw, w);
        }
        self.mate[w as usize] = p.flip();
        self.flip_path(p.from, p);
    }

    /// Scan the edges of S-vertex `v` (Van Rantwijk's inner loop): label
    /// what a tight edge reaches, form blossoms, augment when a tight edge
    /// leads to a free vertex or to another tree, and keep each unlabelled
    /// vertex's and each S-blossom's least-slack edge for the dual
    /// adjustment. Returns whether it augmented. The dense row is read in
    /// place; a T-vertex's edges are skipped before any slack is computed,
    /// and the S-blossom's least slack so far is kept rather than
    /// recomputed per edge.
    fn scan(&mut self, v: u32) -> bool {
        let vi = v as usize;
        let dv = self.dual[vi];
        let dense = if vi < self.core { self.core } else { 0 };
        let total = dense + self.side[vi].len();
        let row = vi * self.core;
        let mut bv = self.top(vi as u32);
        let best_of = |m: &Self, b: u32| {
            let e = m.bestedge[b as usize];
            (!e.is_nil()).then(|| m.best_slack(b as usize))
        };
        let mut best = best_of(self, bv);
        // A live vertex reads an isolated vertex's weight from that
        // vertex's row (see `isolated`).
        let own_row = dense == 0 || self.isolated[vi];
        let mut idx = 0;
        for i in 0..total {
            let (w, side_wt) = if i < dense {
                idx = if !own_row && self.isolated[i] {
                    i * self.core + vi
                } else {
                    row + i
                };
                if !self.dense_edge(idx) {
                    continue;
                }
                (i as u32, None)
            } else {
                let (w, wt) = self.side[vi][i - dense];
                if wt.is_zero() {
                    continue;
                }
                (w, Some(wt))
            };
            if w == v {
                continue;
            }
            let wi = w as usize;
            let bw = self.top(wi as u32);
            if bw == bv {
                continue;
            }
            let lbw = self.label[bw as usize];
            if lbw == 2 && self.label[wi] != 0 {
                continue;
            }
            let wt = side_wt.unwrap_or_else(|| self.dense_w(idx));
            let kslack = dv.plus(self.dual[wi]).minus(wt).minus(wt);
            let p = Ep { from: v, to: w };
            if kslack.is_zero() {
                if lbw == 0 {
                    let base = self.blossombase[bw as usize];
                    if self.mate[base as usize].is_nil() {
                        self.augment_to_free(p);
                        return true;
                    }
                    self.assign_label(w, 2, p.flip());
                } else if lbw == 1 {
                    let base = self.scan_blossom(v, w);
                    if base == NONE {
                        // Two trees meet: augment through both roots.
                        self.augment_between(v, w);
                        return true;
                    }
                    self.add_blossom(base, p);
                    bv = self.top(vi as u32);
                    best = best_of(self, bv);
                } else {
                    self.label[wi] = 2;
                    self.labelend[wi] = p.flip();
                }
            } else if lbw == 1 {
                if best.is_none_or(|b| kslack < b) {
                    self.bestedge[bv as usize] = p;
                    self.bestwt[bv as usize] = wt;
                    best = Some(kslack);
                }
            } else if self.label[wi] == 0 {
                let be = self.bestedge[wi];
                if be.is_nil() || kslack < self.best_slack(wi) {
                    self.bestedge[wi] = p;
                    self.bestwt[wi] = wt;
                }
            }
        }
        false
    }

    /// The number of tight edges at `v`.
    fn tight_degree(&self, v: u32) -> usize {
        let dv = self.dual[v as usize];
        self.edges(v)
            .filter(|&(w, wt)| dv.plus(self.dual[w as usize]) == wt.plus(wt))
            .count()
    }

    /// Grow alternating trees from the free vertices `roots` (whose duals
    /// are positive) until one augments (to a free vertex of dual zero, or
    /// two trees meet), or a tree vertex's dual reaches zero (a root's, or
    /// another's, which then becomes its tree's free vertex). All roots at
    /// once: one dual adjustment serves every tree, so players left over in
    /// the same way (say, all with the same colour preference) are not each
    /// charged the search of the whole tight component. Returns whether the
    /// duals were adjusted.
    fn stage(&mut self, roots: &[u32]) -> bool {
        let mut adjusted = false;
        let n = self.n;
        self.label.iter_mut().for_each(|x| *x = 0);
        self.bestedge.iter_mut().for_each(|x| *x = Ep::NIL);
        for b in n..2 * n {
            self.best_stale[b] = false;
        }
        self.queue.clear();
        for &root in roots {
            if self.label[self.top(root) as usize] == 0 {
                self.assign_label(root, 1, Ep::NIL);
            }
        }
        if self.queue.len() <= 8 {
            // A few roots (a re-solve after one player's weights changed):
            // grow first from the one with the fewest tight edges (the
            // changed player, typically), whose tree is forced along them,
            // rather than from a player tied with most of the bracket.
            let mut keyed: Vec<(usize, u32)> = self
                .queue
                .iter()
                .map(|&v| (self.tight_degree(v), v))
                .collect();
            keyed.sort_by_key(|k| std::cmp::Reverse(k.0));
            self.queue.clear();
            self.queue.extend(keyed.into_iter().map(|(_, v)| v));
        } else {
            // Many roots: a stage ends at its first augmentation, and the
            // next grows its forest again from every root. Roots whose trees
            // the last stage grew without finding a path are grown last
            // (the queue is a stack): any order finds a path if one exists.
            let stuck = &self.stuck;
            let (mut first, rest): (Vec<u32>, Vec<u32>) =
                self.queue.iter().partition(|&&v| stuck[v as usize]);
            first.extend(rest);
            self.queue = first;
        }
        let mut grown = Vec::new();
        loop {
            let mut done = false;
            while !done {
                let Some(v) = self.queue.pop() else { break };
                if self.labelend[self.top(v) as usize].is_nil() {
                    grown.push(v);
                }
                done = self.scan(v);
            }
            if done {
                if !adjusted {
                    for v in grown {
                        self.stuck[v as usize] = true;
                    }
                }
                break;
            }
            // Dual adjustment.
            adjusted = true;
            for b in n..2 * n {
                if self.best_stale[b]
                    && self.blossomparent[b] == NONE
                    && self.blossombase[b] != NONE
                    && self.label[b] == 1
                {
                    self.refresh_best(b as u32);
                }
            }
            let mut deltatype = 1u8;
            let mut delta: Option<Wide<L>> = None;
            for v in 0..n {
                if self.label[self.top(v as u32) as usize] == 1
                    && delta.is_none_or(|d| self.dual[v] < d)
                {
                    delta = Some(self.dual[v]);
                }
            }
            let mut delta = delta.unwrap_or(Wide::ZERO);
            let mut deltaedge = Ep::NIL;
            let mut deltablossom = NONE;
            for v in 0..n {
                let be = self.bestedge[v];
                if self.label[self.top(v as u32) as usize] == 0 && !be.is_nil() {
                    let d = self.best_slack(v);
                    if d < delta {
                        delta = d;
                        deltatype = 2;
                        deltaedge = be;
                    }
                }
            }
            for b in 0..2 * n {
                let be = self.bestedge[b];
                if self.blossomparent[b] == NONE && self.label[b] == 1 && !be.is_nil() {
                    let d = self.best_slack(b).half();
                    if d < delta {
                        delta = d;
                        deltatype = 3;
                        deltaedge = be;
                    }
                }
            }
            for b in n..2 * n {
                if self.blossombase[b] != NONE
                    && self.blossomparent[b] == NONE
                    && self.label[b] == 2
                    && self.dual[b] < delta
                {
                    delta = self.dual[b];
                    deltatype = 4;
                    deltablossom = b as u32;
                }
            }
            for v in 0..n {
                match self.label[self.top(v as u32) as usize] {
                    1 => self.dual[v] = self.dual[v].minus(delta),
                    2 => self.dual[v] = self.dual[v].plus(delta),
                    _ => {}
                }
            }
            for b in n..2 * n {
                if self.blossombase[b] != NONE && self.blossomparent[b] == NONE {
                    match self.label[b] {
                        1 => self.dual[b] = self.dual[b].plus(delta),
                        2 => self.dual[b] = self.dual[b].minus(delta),
                        _ => {}
                    }
                }
            }
            match deltatype {
                2 => {
                    let (mut i, j) = (deltaedge.from, deltaedge.to);
                    if self.label[self.top(i) as usize] != 1 {
                        i = j;
                    }
                    self.queue.push(i);
                }
                3 => self.queue.push(deltaedge.from),
                4 => self.expand_blossom(deltablossom, false),
                _ => {
                    // Some S-vertex's dual reached zero: unless it is a root
                    // (free), it becomes its tree's free vertex.
                    let zero: Vec<usize> = (0..n)
                        .filter(|&v| {
                            self.label[self.top(v as u32) as usize] == 1 && self.dual[v].is_zero()
                        })
                        .collect();
                    if !zero.iter().any(|&v| self.mate[v].is_nil())
                        && let Some(&u) = zero.first()
                    {
                        self.flip_to(u as u32);
                    }
                    break;
                }
            }
        }
        for b in n..2 * n {
            if self.blossomparent[b] == NONE
                && self.blossombase[b] != NONE
                && self.label[b] == 1
                && self.dual[b].is_zero()
            {
                self.expand_blossom(b as u32, true);
            }
        }
        adjusted
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Best total weight over all matchings, by exhaustive search.
    fn brute(n: usize, w: &[u64]) -> u64 {
        fn go(i: usize, n: usize, w: &[u64], used: &mut Vec<bool>) -> u64 {
            if i == n {
                return 0;
            }
            if used[i] {
                return go(i + 1, n, w, used);
            }
            used[i] = true;
            let mut best = go(i + 1, n, w, used);
            for j in i + 1..n {
                if !used[j] && w[i * n + j] > 0 {
                    used[j] = true;
                    best = best.max(w[i * n + j] + go(i + 1, n, w, used));
                    used[j] = false;
                }
            }
            used[i] = false;
            best
        }
        go(0, n, w, &mut vec![false; n])
    }

    /// The total weight of `m`'s matching of the graph `w` (`n × n`),
    /// checking that it is a matching over edges.
    fn matched_weight<const L: usize>(m: &Matcher<L>, n: usize, w: &[u64]) -> u64 {
        let mates = m.mates();
        let mut total = 0;
        for v in 0..n {
            let u = mates[v] as usize;
            assert_eq!(mates[u] as usize, v, "matching is symmetric");
            if u > v {
                assert!(w[v * n + u] > 0, "matched pairs are edges");
                total += w[v * n + u];
            }
        }
        total
    }

    fn check_optimal(m: &Matcher<2>, n: usize, w: &[u64], case: usize) {
        assert_eq!(
            matched_weight(m, n, w),
            brute(n, w),
            "case {case}: weight is maximum"
        );
    }

    /// A xorshift stream: the tests' reproducible randomness.
    fn xorshift(mut seed: u64) -> impl FnMut() -> u64 {
        move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        }
    }

    /// `fill` (tiles of 32) stores what `set_weight` pair by pair stores,
    /// for cores that are not a multiple of the tile and ranges that start
    /// inside one, high limbs included; and solves to the same value.
    #[test]
    fn a_tiled_fill_stores_every_weight_set_pair_by_pair() {
        let mut next = xorshift(0x0F1E_2D3C_4B5A_6978);
        for (n, core, from) in [
            (70, 70, 0),
            (70, 70, 5),
            (100, 67, 33),
            (40, 40, 39),
            (9, 9, 3),
        ] {
            let w: Vec<u64> = (0..n * n).map(|_| next() % 7).collect();
            let wt = |j: usize, i: usize| {
                let x = w[i.max(j) * n + i.min(j)];
                let mut v = Wide::<2>::from_u64(x);
                v.0[1] = x % 3;
                v
            };
            let mut filled = Matcher::<2>::with_core(n, core);
            let mut one_by_one = Matcher::<2>::with_core(n, core);
            filled.fill(from, n, wt);
            for i in from..core {
                for j in 0..i {
                    one_by_one.set_weight(i, j, wt(j, i));
                }
            }
            for i in 0..n {
                for j in 0..n {
                    assert_eq!(
                        filled.weight(i, j),
                        one_by_one.weight(i, j),
                        "{n} {core} {from}: {i}–{j}"
                    );
                }
            }
            filled.solve();
            one_by_one.solve();
            let value = |m: &Matcher<2>| {
                (0..n)
                    .filter(|&v| (m.mates()[v] as usize) > v)
                    .fold(Wide::<2>::ZERO, |s, v| {
                        s.plus(m.weight(v, m.mates()[v] as usize))
                    })
            };
            assert_eq!(value(&filled), value(&one_by_one), "{n} {core} {from}");
        }
    }

    #[test]
    fn blossom_matching_stays_optimal_under_random_weight_changes() {
        let mut next = xorshift(0x1234_5678_9ABC_DEF1);
        for case in 0..2000 {
            let n = 1 + (next() % 11) as usize;
            // Regime 3: weights 4 and 5 only, nearly every edge present, so
            // nearly every edge is tight and stages nest blossoms, whose
            // least-slack edges often lead inside them (`refresh_best`).
            let regime = case % 4;
            let density = if regime == 3 { 90 } else { next() % 100 };
            let mut w = vec![0u64; n * n];
            let mut m = Matcher::<2>::new(n);
            // The same graph with only a prefix of the vertices dense.
            let core = (next() % (n as u64 + 1)) as usize;
            let mut sparse = Matcher::<2>::with_core(n, core);
            for step in 0..6 {
                // Change the edges of a few vertices (all of them at first).
                let k = if step == 0 {
                    n
                } else {
                    1 + (next() % 3) as usize
                };
                for _ in 0..k {
                    let i = (next() % n as u64) as usize;
                    for j in 0..n {
                        if i == j || next().is_multiple_of(3) {
                            continue;
                        }
                        let x = if next() % 100 >= density {
                            0
                        } else if regime == 3 {
                            4 + next() % 2
                        } else {
                            1 + next() % [3, 10, 1000][regime]
                        };
                        w[i * n + j] = x;
                        w[j * n + i] = x;
                        m.set_weight(i, j, Wide::from_u64(x));
                        sparse.set_weight(i, j, Wide::from_u64(x));
                    }
                }
                m.solve();
                check_optimal(&m, n, &w, case);
                sparse.solve();
                check_optimal(&sparse, n, &w, case);
            }
        }
    }

    /// The certificates the S1 step skips re-solves on (C.04.3 D: each S1
    /// player's opponent): after a solve, every partner a vertex has in
    /// *some* maximum-weight matching is tight under the duals, blossom
    /// duals included (so a pair that is not is in none), and an exchange of
    /// two matched pairs that `can_exchange` allows leaves a maximum-weight
    /// matching. Small tied graphs, against exhaustive search.
    #[test]
    fn tight_pairs_and_allowed_exchanges_agree_with_every_optimum() {
        let mut next = xorshift(0x0DDB_A11C_0FFE_E123);
        let (mut exchanges, mut refused) = (0, 0);
        for case in 0..1500 {
            let n = 4 + (next() % 7) as usize;
            let mut w = vec![0u64; n * n];
            let mut m = Matcher::<2>::new(n);
            for i in 0..n {
                for j in i + 1..n {
                    if next() % 100 < 85 {
                        let x = 4 + next() % 3;
                        w[i * n + j] = x;
                        w[j * n + i] = x;
                        m.set_weight(i, j, Wide::from_u64(x));
                    }
                }
            }
            m.solve();
            let best = brute(n, &w);
            assert_eq!(matched_weight(&m, n, &w), best, "case {case}");
            let without = |a: usize, b: usize| {
                let mut r = w.clone();
                for x in 0..n {
                    for y in [a, b] {
                        r[x * n + y] = 0;
                        r[y * n + x] = 0;
                    }
                }
                brute(n, &r)
            };
            for u in 0..n {
                for v in 0..n {
                    if u != v && w[u * n + v] > 0 && w[u * n + v] + without(u, v) == best {
                        assert_eq!(m.first_tight(u, &[v]), Some(0), "case {case}: {u}-{v}");
                    }
                }
            }
            let mates: Vec<usize> = m.mates().iter().map(|&x| x as usize).collect();
            let pairs: Vec<(usize, usize)> = (0..n)
                .filter(|&v| mates[v] != v)
                .map(|v| (v, mates[v]))
                .collect();
            for &(u, mu) in &pairs {
                for &(j, k) in &pairs {
                    if j == u || j == mu || m.first_tight(u, &[j]) != Some(0) {
                        continue;
                    }
                    if !m.can_exchange(u, mu, j, k) {
                        refused += 1;
                        continue;
                    }
                    exchanges += 1;
                    let mut total = 0;
                    for &(a, b) in &pairs {
                        if a < b && ![u, mu, j, k].contains(&a) {
                            total += w[a * n + b];
                        }
                    }
                    assert!(w[k * n + mu] > 0, "case {case}: {k}-{mu} is an edge");
                    total += w[u * n + j] + w[k * n + mu];
                    assert_eq!(total, best, "case {case}: exchange {u}-{mu}, {j}-{k}");
                }
            }
        }
        assert!(
            exchanges > 1000 && refused > 100,
            "{exchanges} exchanges, {refused} refused"
        );
    }

    /// A pendant start (each of `k` vertices matched to its own pendant,
    /// tight), then random edges among the `k`, as the contracted bracket
    /// does: the re-solve must reach the optimum.
    #[test]
    fn installed_pendant_start_then_new_edges_reaches_the_optimum() {
        let mut next = xorshift(0xDEAD_BEEF_1234_5678);
        for case in 0..3000 {
            let k = 1 + (next() % 7) as usize;
            let z = next().is_multiple_of(2);
            let n = 2 * k + usize::from(z);
            let mut w = vec![0u64; n * n];
            // As the contracted bracket: pendants and `z` outside the core.
            let mut m = Matcher::<1>::with_core(n, k);
            let mut mates: Vec<u32> = (0..n as u32).collect();
            let mut duals = vec![Wide::<1>::ZERO; n];
            let fs: Vec<u64> = (0..k).map(|_| 64 * (next() % 2)).collect();
            let fmin = if next().is_multiple_of(2) { 0 } else { 64 };
            let mut unplaced = Vec::new();
            for i in 0..k {
                let f = fs[i];
                let a = 32 + f; // C/2 + f with C = 64
                duals[i] = Wide::from_u64(2 * a);
                if !next().is_multiple_of(4) {
                    w[i * n + k + i] = a;
                    w[(k + i) * n + i] = a;
                    m.set_weight(i, k + i, Wide::from_u64(a));
                    mates[i] = (k + i) as u32;
                    mates[k + i] = i as u32;
                } else {
                    unplaced.push(i);
                }
                if z {
                    let zw = 32 + fmin;
                    w[i * n + 2 * k] = zw;
                    w[2 * k * n + i] = zw;
                    m.set_weight(i, 2 * k, Wide::from_u64(zw));
                }
            }
            m.install(&mates, &duals);
            for i in unplaced {
                m.release_vertex(i);
            }
            if z {
                // Its edges are infeasible at dual 0 when a vertex has a
                // smaller `f` than `min f` below.
                m.release_vertex(2 * k);
            }
            for step in 0..3 {
                for i in 0..k {
                    for j in 0..i {
                        if step > 0 && !next().is_multiple_of(3) {
                            continue;
                        }
                        let x = if next().is_multiple_of(4) {
                            0
                        } else {
                            64 + fs[i] + fs[j] + next() % 63
                        };
                        w[i * n + j] = x;
                        w[j * n + i] = x;
                        m.set_weight(i, j, Wide::from_u64(x));
                    }
                }
                m.solve();
                assert_eq!(
                    matched_weight(&m, n, &w),
                    brute(n, &w),
                    "case {case} step {step}"
                );
            }
        }
    }

    /// Larger graphs than brute force can check, with the heavy ties of a
    /// Dutch bracket (few distinct weights, a part additive per vertex) and
    /// its way of changing them (one vertex's row at a time, the odd small
    /// addend): the incrementally re-solved matching is worth exactly as
    /// much as a fresh solve of the same graph, whose free vertices all
    /// start as roots of one forest.
    #[test]
    fn incremental_re_solves_of_tied_graphs_equal_a_fresh_solve() {
        let mut next = xorshift(0x0BAD_5EED_F00D_CAFE);
        for case in 0..60 {
            let n = 20 + (next() % 41) as usize;
            let g: Vec<u64> = (0..n).map(|_| 8 * (next() % 3)).collect();
            let mut w = vec![0u64; n * n];
            let core = n - (next() % 4) as usize;
            let mut m = Matcher::<2>::with_core(n, core);
            for step in 0..25 {
                let rows: Vec<usize> = if step == 0 {
                    (0..n).collect()
                } else {
                    vec![(next() % n as u64) as usize]
                };
                for i in rows {
                    for j in 0..n {
                        if i == j || (step > 0 && next().is_multiple_of(2)) {
                            continue;
                        }
                        let x = if next().is_multiple_of(5) {
                            0
                        } else {
                            64 + g[i]
                                + g[j]
                                + 16 * (next() % 2)
                                + u64::from(next().is_multiple_of(7))
                        };
                        w[i * n + j] = x;
                        w[j * n + i] = x;
                        m.set_weight(i, j, Wide::from_u64(x));
                    }
                }
                m.solve();
                let mut fresh = Matcher::<2>::new(n);
                for i in 0..n {
                    for j in 0..i {
                        fresh.set_weight(i, j, Wide::from_u64(w[i * n + j]));
                    }
                }
                fresh.solve();
                assert_eq!(
                    matched_weight(&m, n, &w),
                    matched_weight(&fresh, n, &w),
                    "case {case} step {step}"
                );
            }
        }
    }
}
