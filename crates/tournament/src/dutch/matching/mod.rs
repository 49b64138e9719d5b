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
//! means "no edge". A dense weight is stored as its lowest 32 bits plus an
//! index into a table of distinct higher parts (a bracket's weights share a
//! few dozen), so a row scan reads 8 bytes per pair.
//! Stages grow a forest from every root of one dual parity, pair roots
//! joined by a tight edge directly after a dual adjustment, and find a new
//! blossom's least-slack edge from its children's (re-reading edges only
//! when a child's leads inside it).
//! Weights are non-negative integers of a fixed width (`Wide<L>`); with
//! integer weights every dual variable stays an integer (vertex duals are in
//! the doubled scale: the slack of `{u, v}` is `y_u + y_v − 2·w`), so the
//! arithmetic is exact. The weights must leave three spare high bits.
//!
//! This module holds the graph (dense core, side lists, interned high
//! limbs) and the public calls; `blossom` the stages of the algorithm,
//! `scan` their row scan;
//! `tests` checks it against exhaustive search.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::mpsc;

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

/// The bits of a dense weight kept in `Matcher::wlo`.
const LOW_MASK: u64 = 0xffff_ffff;

/// The order in which [`Matcher::rewrite_pairs`] stands for setting the
/// pairs `p < q` of its vertices one by one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PairOrder {
    /// `q` rising, and for each `p` rising.
    LaterFirst,
    /// `p` rising, and for each `q` rising.
    EarlierFirst,
}

/// The side of [`Matcher::fill`]'s and [`Matcher::rewrite_pairs`]' square tiles.
const TILE: usize = 32;

/// The fewest pairs a [`Matcher::fill`] shares with a second thread (a
/// bracket of about 725 players): below it, starting the thread costs more
/// than it saves.
const FILL_SHARED_PAIRS: usize = 1 << 18;

/// The pairs `j < i` of the band of rows `i0..i1` in the order
/// [`Matcher::fill`] writes them: tile by tile of `TILE` columns, row by row
/// in a tile.
fn for_each_in_band(band: (usize, usize), mut f: impl FnMut(usize, usize)) {
    let (i0, i1) = band;
    for j0 in (0..i1).step_by(TILE) {
        for i in i0..i1 {
            for j in j0..(j0 + TILE).min(i) {
                f(j, i);
            }
        }
    }
}

/// A band of weights as a worker of [`Matcher::fill`] hands it over: each
/// weight's lowest 32 bits and the index of the rest in the worker's
/// [`HighParts`], with the parts the band added there. 8 bytes a pair pass
/// between the threads rather than the whole weight: a band of a wide
/// bracket (megabytes) is written to memory by one thread and read back by
/// the other, which paced the fill.
#[derive(Default)]
struct Band<const L: usize> {
    lo: Vec<u32>,
    id: Vec<u32>,
    new_parts: Vec<Wide<L>>,
}

/// A worker's own index of the high parts (lowest 32 bits zero) it has
/// met, numbered in the order met.
#[derive(Default)]
struct HighParts<const L: usize> {
    // lookup only: order never reaches a result
    index: WordMap<Wide<L>, u32>,
    last: Option<(Wide<L>, u32)>,
}

impl<const L: usize> HighParts<L> {
    /// The index of `w`'s high part, a new one appended to `new_parts`.
    fn index_of(&mut self, w: Wide<L>, new_parts: &mut Vec<Wide<L>>) -> u32 {
        let mut h = w;
        if L > 0 {
            h.0[0] &= !LOW_MASK;
        }
        if let Some((last, id)) = self.last
            && last == h
        {
            return id;
        }
        let next = self.index.len() as u32;
        let id = *self.index.entry(h).or_insert(next);
        if id == next {
            new_parts.push(h);
        }
        self.last = Some((h, id));
        id
    }
}

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
    /// The weights among the core vertices, split: the lowest 32 bits
    /// here, the rest as an index into `hi` (weights of one bracket share
    /// few distinct high parts, and the small addends the bracket steps
    /// put on pairs stay in the low bits; a scan then reads 8 bytes per
    /// pair, not `8·L`: the matrix is read from memory, not cache, and a
    /// row scan is paced by its bytes).
    wlo: Vec<u32>,
    wid: Vec<u32>,
    /// Distinct high parts (lowest 32 bits zero); entry 0 is zero.
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
    /// By vertex, during a stage: the label of its top-level blossom
    /// (`label[top(v)]`), kept alongside so that a row scan reads it in
    /// order instead of through `grp`, `gtop` and `label` at random.
    vlab: Vec<u8>,
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
    /// The slack of `bestedge` as last worked out, valid while `slack_at`
    /// equals `epoch` (no vertex dual has changed since): a row scan
    /// compares each edge to an unlabelled vertex with that vertex's
    /// least slack so far, which it would otherwise recompute per edge.
    slack_of: Vec<Wide<L>>,
    slack_at: Vec<u64>,
    /// Counts the changes of vertex duals (never 0: a `slack_at` of 0 is
    /// never valid).
    epoch: u64,
    /// By blossom: its `bestedge` is not yet known (see `refresh_best`).
    best_stale: Vec<bool>,
    /// By vertex: scanned as a root's in a stage that then augmented
    /// elsewhere, without a dual adjustment (see `stage`).
    stuck: Vec<bool>,
    unusedblossoms: Vec<u32>,
    /// By vertex: the other ends of its edges that hold a blossom together
    /// (the edges between a blossom's children), while `structural_valid`
    /// (worked out when first asked after a solve; see
    /// [`Matcher::set_weight`]).
    structural: Vec<Vec<u32>>,
    structural_valid: bool,
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
            vlab: vec![0; n],
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
            slack_of: vec![Wide::ZERO; 2 * n],
            slack_at: vec![0; 2 * n],
            epoch: 1,
            best_stale: vec![false; 2 * n],
            stuck: vec![false; n],
            unusedblossoms: (n as u32..2 * n as u32).rev().collect(),
            structural: vec![Vec::new(); n],
            structural_valid: false,
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
        if self.top(u as u32) == self.top(v as u32) {
            // `releases` reads the lists `holds_blossom` keeps.
            self.structural_of(u);
        }
        if self.releases(u, v, w) {
            self.mark(u);
        }
    }

    /// Rewrite the weight of every pair `verts[p]`–`verts[q]`, `p < q`:
    /// `w ↦ f(p, q, w)`. The same as [`Matcher::set_weight`]`(verts[p],
    /// verts[q], f(p, q, w))` pair by pair in the order `order` names (the
    /// same weights, the same vertices released in the same order), but
    /// both halves of the symmetric matrix are written tile by tile: pair
    /// by pair, one half is written down a column, a cache miss a pair.
    /// `verts` must be distinct core vertices.
    pub fn rewrite_pairs(
        &mut self,
        verts: &[u32],
        order: PairOrder,
        f: impl Fn(usize, usize, Wide<L>) -> Wide<L>,
    ) {
        let m = verts.len();
        let in_core = verts.iter().all(|&v| (v as usize) < self.core);
        if !in_core || verts.iter().any(|&v| self.isolated[v as usize]) {
            // Pairs read through an isolated vertex's row, or in side
            // lists: one by one.
            self.rewrite_pairs_one_by_one(verts, order, f);
            return;
        }
        if m > 0 {
            // `holds_blossom` reads the lists below as they stand.
            self.structural_of(0);
        }
        // By position: the place in `order` of the first pair that releases
        // `verts[p]` (`u64::MAX`: none).
        let mut first = vec![u64::MAX; m];
        let key = |p: usize, q: usize| match order {
            PairOrder::LaterFirst => (q * m + p) as u64,
            PairOrder::EarlierFirst => (p * m + q) as u64,
        };
        let core = self.core;
        for p0 in (0..m).step_by(TILE) {
            for q0 in (p0..m).step_by(TILE) {
                for p in p0..(p0 + TILE).min(m) {
                    let u = verts[p] as usize;
                    let q1 = (q0 + TILE).min(m);
                    for (q, &v) in verts.iter().enumerate().take(q1).skip(q0.max(p + 1)) {
                        let v = v as usize;
                        let (uv, vu) = (u * core + v, v * core + u);
                        let old = self.dense_w(uv);
                        let w = f(p, q, old);
                        if w == old {
                            continue;
                        }
                        let (lo, id) = self.intern(w);
                        self.wlo[uv] = lo;
                        self.wid[uv] = id;
                        self.wlo[vu] = lo;
                        self.wid[vu] = id;
                        let k = key(p, q);
                        if k < first[p] && self.releases(u, v, w) {
                            first[p] = k;
                        }
                    }
                }
            }
        }
        let mut released: Vec<(u64, u32)> = (0..m)
            .filter(|&p| first[p] != u64::MAX)
            .map(|p| (first[p], verts[p]))
            .collect();
        released.sort_unstable();
        for (_, u) in released {
            self.mark(u as usize);
        }
    }

    /// [`Matcher::rewrite_pairs`] as it stands for: `set_weight` pair by
    /// pair in `order`.
    fn rewrite_pairs_one_by_one(
        &mut self,
        verts: &[u32],
        order: PairOrder,
        f: impl Fn(usize, usize, Wide<L>) -> Wide<L>,
    ) {
        let m = verts.len();
        let mut each = |p: usize, q: usize| {
            let (u, v) = (verts[p] as usize, verts[q] as usize);
            let w = f(p, q, self.weight(u, v));
            self.set_weight(u, v, w);
        };
        match order {
            PairOrder::LaterFirst => (1..m).for_each(|q| (0..q).for_each(|p| each(p, q))),
            PairOrder::EarlierFirst => (0..m).for_each(|p| (p + 1..m).for_each(|q| each(p, q))),
        }
    }

    /// Whether giving the edge `{u, v}` the new weight `w` breaks the
    /// optimum at hand, so that `u` is released (see
    /// [`Matcher::set_weight`]). `holds_blossom`'s lists must be valid.
    fn releases(&self, u: usize, v: usize, w: Wide<L>) -> bool {
        let matched = self.mate[u].to as usize == v;
        // An edge removed inside a blossom that is neither matched nor
        // one holding a blossom together leaves the optimum as it is: the
        // duals stay feasible (a missing edge has no slack to keep), and the
        // matching and every blossom keep what they stand on.
        let same_blossom = self.top(u as u32) == self.top(v as u32)
            && !(w.is_zero() && !matched && !self.structural[u].contains(&(v as u32)));
        matched || same_blossom || self.dual[u].plus(self.dual[v]) < w.plus(w)
    }

    /// Whether the edge `{u, v}` joins two children of a blossom (one of
    /// the edges a blossom is made of), by the blossoms as they stand.
    fn holds_blossom(&mut self, u: usize, v: usize) -> bool {
        self.structural_of(u).contains(&(v as u32))
    }

    /// The other ends of `u`'s edges that hold a blossom together (see
    /// [`Matcher::holds_blossom`]).
    fn structural_of(&mut self, u: usize) -> &[u32] {
        if !self.structural_valid {
            for list in &mut self.structural {
                list.clear();
            }
            for b in self.n..2 * self.n {
                if self.blossombase[b] == NONE {
                    continue;
                }
                for e in &self.blossomendps[b] {
                    self.structural[e.from as usize].push(e.to);
                    self.structural[e.to as usize].push(e.from);
                }
            }
            self.structural_valid = true;
        }
        &self.structural[u]
    }

    /// `w` as stored in the dense matrix: its lowest 32 bits and the index
    /// of the rest in `hi`.
    fn intern(&mut self, w: Wide<L>) -> (u32, u32) {
        let mut h = w;
        if L > 0 {
            h.0[0] &= !LOW_MASK;
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
        (if L > 0 { w.0[0] as u32 } else { 0 }, id)
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
        // Only the fixed edge, a matched edge or an edge holding a blossom
        // together can release `a` or `b` (see `set_weight`), and only an
        // edge outside the core needs its side lists changed: those are
        // looked at one by one, in rising order, as `set_weight` pair by pair
        // would; every other entry of the two rows is cleared at once.
        let mut watch: Vec<usize> = vec![a, b];
        for x in [a, b] {
            if !self.mate[x].is_nil() {
                watch.push(self.mate[x].to as usize);
            }
            if self.top(x as u32) != x as u32 {
                watch.extend(self.structural_of(x).iter().map(|&u| u as usize));
            }
            watch.extend(self.side[x].iter().map(|&(u, _)| u as usize));
        }
        watch.sort_unstable();
        watch.dedup();
        for u in watch {
            for (x, y) in [(a, b), (b, a)] {
                if u == x {
                    continue;
                }
                let w = if u == y { fixed } else { Wide::ZERO };
                let old = self.wt(x as u32, u as u32);
                if u >= core {
                    if old == w {
                        continue;
                    }
                    self.set_side(x, u, w);
                    self.set_side(u, x, w);
                } else {
                    let (lo, id) = if u == y { (fixed_lo, fixed_id) } else { (0, 0) };
                    self.wlo[x * core + u] = lo;
                    self.wid[x * core + u] = id;
                    if u == y {
                        self.wlo[u * core + x] = lo;
                        self.wid[u * core + x] = id;
                    }
                    if old == w {
                        continue;
                    }
                }
                let matched = self.mate[x].to as usize == u;
                let same_blossom = self.top(x as u32) == self.top(u as u32)
                    && !(w.is_zero() && !matched && !self.holds_blossom(x, u));
                let infeasible = self.dual[x].plus(self.dual[u]) < w.plus(w);
                if matched || same_blossom || infeasible {
                    self.mark(x);
                }
            }
        }
        // The rest of both rows: no edge (the row is the truth from here on,
        // whatever its entries held, which may have been read from the
        // other end's row).
        for (x, y) in [(a, b), (b, a)] {
            let row = x * core..(x + 1) * core;
            self.wlo[row.clone()].fill(0);
            self.wid[row].fill(0);
            self.wlo[x * core + y] = fixed_lo;
            self.wid[x * core + y] = fixed_id;
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
    /// anyway, without the per-pair checks. In bands of rows, each written
    /// in square tiles, so that both halves of the symmetric matrix are
    /// written a cache line at a time (row by row, the mirrored half would
    /// take a cache miss per pair). A large fill works out two bands in
    /// three on a second thread while this one works out the third and
    /// writes them all, in order: the matrix and the interned high parts
    /// come out the same either way.
    pub fn fill(&mut self, from: usize, to: usize, w: impl Fn(usize, usize) -> Wide<L> + Sync) {
        self.fill_with(from, to, &w, FILL_SHARED_PAIRS);
    }

    /// [`Matcher::fill`], the weights worked out on a second thread when
    /// there are at least `shared_from` pairs.
    pub(super) fn fill_with<F>(&mut self, from: usize, to: usize, w: &F, shared_from: usize)
    where
        F: Fn(usize, usize) -> Wide<L> + Sync,
    {
        let to = to.min(self.core);
        let from = from.min(to);
        let pairs = (to * to.saturating_sub(1) - from * from.saturating_sub(1)) / 2;
        let bands: Vec<(usize, usize)> = (from..to)
            .step_by(TILE)
            .map(|i0| (i0, (i0 + TILE).min(to)))
            .collect();
        let work_out = |local: &mut HighParts<L>, band: (usize, usize), out: &mut Band<L>| {
            out.lo.clear();
            out.id.clear();
            out.new_parts.clear();
            for_each_in_band(band, |j, i| {
                let x = w(j, i);
                out.lo.push(if L > 0 { x.0[0] as u32 } else { 0 });
                out.id.push(local.index_of(x, &mut out.new_parts));
            });
        };
        if pairs < shared_from {
            let (mut local, mut map, mut buffer) = Default::default();
            for &band in &bands {
                work_out(&mut local, band, &mut buffer);
                self.write_band(band, &buffer, &mut map);
            }
        } else {
            let second = |b: usize| !b.is_multiple_of(3);
            std::thread::scope(|s| {
                // At most two bands wait to be written; written bands'
                // buffers go back to be filled again.
                let (done, ready) = mpsc::sync_channel::<Band<L>>(2);
                let (recycle, spare) = mpsc::channel::<Band<L>>();
                let theirs: Vec<(usize, usize)> = (0..bands.len())
                    .filter(|&b| second(b))
                    .map(|b| bands[b])
                    .collect();
                let work_out = &work_out;
                s.spawn(move || {
                    let mut local = HighParts::default();
                    for band in theirs {
                        let mut weights = spare.try_recv().unwrap_or_default();
                        work_out(&mut local, band, &mut weights);
                        if done.send(weights).is_err() {
                            return;
                        }
                    }
                });
                // Each thread's high parts by its own index, and their
                // indices here.
                let (mut our_parts, mut our_map, mut their_map) = Default::default();
                let mut own = Band::default();
                for (b, &band) in bands.iter().enumerate() {
                    match second(b).then(|| ready.recv()) {
                        Some(Ok(weights)) => {
                            self.write_band(band, &weights, &mut their_map);
                            // The helper may be done: a buffer it no longer
                            // takes is dropped.
                            let _ = recycle.send(weights);
                        }
                        // Ours, or the helper gone (it cannot be, short of a
                        // panic, which the scope passes on): worked out here.
                        // (Bands of the helper's are then written with ours'
                        // indices, consistently: it sends nothing more.)
                        _ => {
                            work_out(&mut our_parts, band, &mut own);
                            self.write_band(band, &own, &mut our_map);
                        }
                    }
                }
            });
        }
        for i in from..to {
            self.mark(i);
        }
    }

    /// Write the band of rows `i0..i1` (see [`Matcher::fill`]), its pairs
    /// in the order of [`for_each_in_band`]; `map` takes the worker's
    /// high-part indices to `hi`'s, and grows by the parts new in the band.
    fn write_band(&mut self, band: (usize, usize), weights: &Band<L>, map: &mut Vec<u32>) {
        for &h in &weights.new_parts {
            let id = self.intern(h).1;
            map.push(id);
        }
        let core = self.core;
        let mut k = 0;
        for_each_in_band(band, |j, i| {
            let (lo, id) = (weights.lo[k], map[weights.id[k] as usize]);
            k += 1;
            for idx in [i * core + j, j * core + i] {
                self.wlo[idx] = lo;
                self.wid[idx] = id;
            }
        });
        debug_assert_eq!(k, weights.lo.len(), "a band's weights, all written");
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
        self.structural_valid = false;
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
        self.duals_changed();
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
}

mod blossom;
mod scan;

#[cfg(test)]
mod tests;
