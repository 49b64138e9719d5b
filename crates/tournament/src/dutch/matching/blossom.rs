//! The primal–dual stages of [`Matcher`]: labelling, blossoms (made,
//! expanded, augmented through), augmenting paths and dual adjustments, and
//! the release of vertices whose edges changed — Edmonds' algorithm with
//! Galil's bookkeeping as the parent module describes it. One algorithm:
//! its steps share the labels, blossoms and duals of one stage.

use super::{Ep, Matcher, NONE};
use crate::dutch::wide::Wide;

impl<const L: usize> Matcher<L> {
    /// Bring the matching to a maximum-weight matching of the current graph.
    pub fn solve(&mut self) {
        self.structural_valid = false;
        self.duals_changed();
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
    pub(super) fn pair_tight_roots(&mut self) {
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
                !wt.is_zero() && Wide::tight(dr, m.dual[w as usize], wt)
            };
            let mut partner = None;
            if r < self.core {
                partner = free_core.iter().copied().find(|&w| {
                    let wi = w as usize;
                    wi != r && self.dense_tight(dr, wi, self.at(r, wi)) && free(self, wi)
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
    pub(super) fn edges(&self, v: u32) -> impl Iterator<Item = (u32, Wide<L>)> + '_ {
        let vi = v as usize;
        let dense = if vi < self.core { self.core } else { 0 };
        (0..dense)
            .filter_map(move |i| {
                let idx = self.at(vi, i);
                (i != vi && self.dense_edge(idx)).then(|| (i as u32, self.dense_w(idx)))
            })
            .chain(self.side[vi].iter().copied().filter(|e| !e.1.is_zero()))
    }

    /// Dissolve every blossom containing `u` and unmatch it.
    pub(super) fn release(&mut self, u: u32) {
        // The blossoms holding `u`, outermost first, each dissolved in turn,
        // its dual moved into its vertices. Those of a child not holding `u`
        // get the duals of every blossom dissolved so far at once, and `u`
        // all of them: a vertex's dual is touched once, not once for each
        // blossom around it (a release inside a blossom nested thousands
        // deep read its leaves at every level).
        let mut chain = Vec::new();
        let mut b = self.blossomparent[u as usize];
        while b != NONE {
            chain.push(b);
            b = self.blossomparent[b as usize];
        }
        let mut z = Wide::<L>::ZERO;
        while let Some(b) = chain.pop() {
            let inner = chain.last().copied().unwrap_or(u);
            z = z.plus(self.dual[b as usize]);
            for c in self.dissolve(b) {
                if c != inner {
                    for v in self.leaves_of(c) {
                        self.dual[v as usize] = self.dual[v as usize].plus(z);
                    }
                }
            }
        }
        if !z.is_zero() {
            self.dual[u as usize] = self.dual[u as usize].plus(z);
            self.duals_changed();
        }
        let m = self.mate[u as usize];
        if !m.is_nil() {
            self.mate[u as usize] = Ep::NIL;
            self.mate[m.to as usize] = Ep::NIL;
        }
    }

    /// The top-level blossom (or vertex) containing vertex `v`.
    #[inline(always)]
    pub(super) fn top(&self, v: u32) -> u32 {
        self.gtop[self.grp[v as usize] as usize]
    }

    /// The child with the most vertices.
    pub(super) fn largest(&self, childs: &[u32]) -> u32 {
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
    pub(super) fn split(&mut self, b: u32, childs: &[u32]) {
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

    /// Remove top-level blossom `b`, its children made top-level (returned);
    /// its dual is the caller's to move into its vertices.
    pub(super) fn dissolve(&mut self, b: u32) -> Vec<u32> {
        let bu = b as usize;
        let z = self.dual[bu];
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
        childs
    }

    /// Set `y_u` to the least value keeping every edge at `u` feasible.
    pub(super) fn raise_to_feasible(&mut self, u: u32) {
        let ui = u as usize;
        let mut y = Wide::ZERO;
        let mut cover = |v: usize, w: Wide<L>| {
            let need = w.plus(w);
            if need > self.dual[v] {
                let d = need.minus(self.dual[v]);
                if d > y {
                    y = d;
                }
            }
        };
        // The dense row read in place (as `scan` does), then the side list.
        if ui < self.core {
            for i in 0..self.core {
                let idx = self.at(ui, i);
                if i != ui && self.dense_edge(idx) {
                    cover(i, self.dense_w(idx));
                }
            }
        }
        for &(v, w) in &self.side[ui] {
            if !w.is_zero() {
                cover(v as usize, w);
            }
        }
        self.dual[ui] = y;
        self.duals_changed();
    }

    /// The weight stored at `idx` of the dense matrix.
    #[inline(always)]
    pub(super) fn dense_w(&self, idx: usize) -> Wide<L> {
        let mut w = self.hi[self.wid[idx] as usize];
        if L > 0 {
            w.0[0] |= u64::from(self.wlo[idx]);
        }
        w
    }

    /// Whether the dense matrix holds an edge at `idx`, to core vertex `w`,
    /// tight for an end of dual `dv`: the lowest 32 bits are compared first,
    /// before the weight's high part is looked up.
    #[inline(always)]
    pub(super) fn dense_tight(&self, dv: Wide<L>, w: usize, idx: usize) -> bool {
        let dw = self.dual[w];
        (L == 0 || dv.0[0].wrapping_add(dw.0[0]) as u32 == self.wlo[idx] << 1)
            && self.dense_edge(idx)
            && Wide::tight(dv, dw, self.dense_w(idx))
    }

    /// Whether the dense matrix holds an edge at `idx`.
    #[inline(always)]
    pub(super) fn dense_edge(&self, idx: usize) -> bool {
        self.wid[idx] != 0 || self.wlo[idx] != 0
    }

    #[inline(always)]
    pub(super) fn wt(&self, a: u32, b: u32) -> Wide<L> {
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

    /// The slack of `bestedge[x]` (not nil), by its stored weight: from
    /// `slack_of` when no vertex dual has changed since it was worked out.
    #[inline(always)]
    pub(super) fn best_slack(&mut self, x: usize) -> Wide<L> {
        if self.slack_at[x] == self.epoch {
            return self.slack_of[x];
        }
        let e = self.bestedge[x];
        let k = Wide::slack(
            self.dual[e.from as usize],
            self.dual[e.to as usize],
            self.bestwt[x],
        );
        self.slack_of[x] = k;
        self.slack_at[x] = self.epoch;
        k
    }

    /// Make `e`, of weight `w` and slack `slack` under the current duals,
    /// the least-slack edge of `x`.
    #[inline(always)]
    pub(super) fn set_best(&mut self, x: usize, e: Ep, w: Wide<L>, slack: Wide<L>) {
        self.bestedge[x] = e;
        self.bestwt[x] = w;
        self.slack_of[x] = slack;
        self.slack_at[x] = self.epoch;
    }

    /// Some vertex dual changed: every cached slack is stale.
    #[inline]
    pub(super) fn duals_changed(&mut self) {
        self.epoch += 1;
    }

    pub(super) fn leaves(&self, b: u32, out: &mut Vec<u32>) {
        if (b as usize) < self.n {
            out.push(b);
        } else {
            for &t in &self.blossomchilds[b as usize] {
                self.leaves(t, out);
            }
        }
    }

    pub(super) fn leaves_of(&self, b: u32) -> Vec<u32> {
        let mut v = Vec::new();
        self.leaves(b, &mut v);
        v
    }

    /// Record `t` as the label of the top-level blossom of each vertex of
    /// `b` (see `vlab`).
    fn set_vlab(&mut self, b: u32, t: u8) {
        if (b as usize) < self.n {
            self.vlab[b as usize] = t;
        } else {
            for v in self.leaves_of(b) {
                self.vlab[v as usize] = t;
            }
        }
    }

    /// The vertices of `b`, now in an S-blossom: labelled so (`vlab`) and
    /// queued to be scanned.
    fn queue_as_s(&mut self, b: u32) {
        let l = self.leaves_of(b);
        for &v in &l {
            self.vlab[v as usize] = 1;
        }
        self.queue.extend(l);
    }

    pub(super) fn assign_label(&mut self, w: u32, t: u8, p: Ep) {
        let b = self.top(w);
        self.label[w as usize] = t;
        self.label[b as usize] = t;
        self.labelend[w as usize] = p;
        self.labelend[b as usize] = p;
        self.bestedge[w as usize] = Ep::NIL;
        self.bestedge[b as usize] = Ep::NIL;
        if t == 1 {
            self.queue_as_s(b);
        } else if t == 2 {
            self.set_vlab(b, 2);
            let base = self.blossombase[b as usize];
            let m = self.mate[base as usize];
            self.assign_label(m.to, 1, m.flip());
        }
    }

    pub(super) fn scan_blossom(&mut self, v0: u32, w0: u32) -> u32 {
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

    pub(super) fn add_blossom(&mut self, base: u32, k: Ep) {
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
                    self.vlab[lv as usize] = 1;
                    if t {
                        self.queue.push(lv);
                    }
                }
            } else if t {
                self.queue_as_s(c);
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
        if stale || best.is_nil() {
            self.bestedge[bu] = Ep::NIL;
        } else {
            self.set_best(bu, best, best_w, best_slack);
        }
        self.best_stale[bu] = stale;
    }

    /// Recompute S-blossom `b`'s least-slack edge to another S-blossom by
    /// reading edges: those of its own vertices, or, when it holds most of
    /// the S-vertices (a blossom grown over a tied bracket), those of the
    /// S-vertices outside it, whichever are fewer.
    pub(super) fn refresh_best(&mut self, b: u32) {
        let leaves = self.leaves_of(b);
        let s_total = (0..self.n).filter(|&v| self.vlab[v] == 1).count();
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
                let k = Wide::slack(dx, m.dual[j as usize], wt);
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
        if best.is_nil() {
            self.bestedge[b as usize] = Ep::NIL;
        } else {
            self.set_best(b as usize, best, best_w, best_slack);
        }
        self.best_stale[b as usize] = false;
    }

    pub(super) fn expand_blossom(&mut self, b: u32, endstage: bool) {
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
            // Its children are unlabelled, but for those relabelled below.
            self.set_vlab(b, 0);
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
            self.set_vlab(bv, 2);
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

    pub(super) fn augment_blossom(&mut self, b: u32, v: u32) {
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
    pub(super) fn flip_to(&mut self, u: u32) {
        self.flip_path(u, Ep::NIL);
    }

    /// Match S-vertex `s` by `q` (or leave it unmatched when `q` is nil) and
    /// flip the alternating path from it to its tree's root, which ends up
    /// matched.
    pub(super) fn flip_path(&mut self, mut s: u32, mut q: Ep) {
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
    pub(super) fn augment_between(&mut self, v: u32, w: u32) {
        self.flip_path(v, Ep { from: v, to: w });
        self.flip_path(w, Ep { from: w, to: v });
    }

    /// Augment along S-vertex `v`'s tree path plus the tight edge `v → w`
    /// to the free, unlabelled vertex `w`.
    pub(super) fn augment_to_free(&mut self, p: Ep) {
        let w = p.to;
        let bw = self.top(w);
        if bw as usize >= self.n {
            self.augment_blossom(bw, w);
        }
        self.mate[w as usize] = p.flip();
        self.flip_path(p.from, p);
    }

    /// The number of tight edges at `v`.
    pub(super) fn tight_degree(&self, v: u32) -> usize {
        let dv = self.dual[v as usize];
        let vi = v as usize;
        let dense = if vi < self.core { self.core } else { 0 };
        (0..dense)
            .filter(|&i| i != vi && self.dense_tight(dv, i, self.at(vi, i)))
            .count()
            + self.side[vi]
                .iter()
                .filter(|&&(w, wt)| !wt.is_zero() && Wide::tight(dv, self.dual[w as usize], wt))
                .count()
    }

    /// Whether `b` is a top-level T-blossom of dual zero (one a stage
    /// expands).
    fn is_zero_t_blossom(&self, b: usize) -> bool {
        b >= self.n
            && self.blossombase[b] != NONE
            && self.blossomparent[b] == NONE
            && self.label[b] == 2
            && self.dual[b].is_zero()
    }

    /// Grow alternating trees from the free vertices `roots` (whose duals
    /// are positive) until one augments (to a free vertex of dual zero, or
    /// two trees meet), or a tree vertex's dual reaches zero (a root's, or
    /// another's, which then becomes its tree's free vertex). All roots at
    /// once: one dual adjustment serves every tree, so players left over in
    /// the same way (say, all with the same colour preference) are not each
    /// charged the search of the whole tight component. Returns whether the
    /// duals were adjusted.
    pub(super) fn stage(&mut self, roots: &[u32]) -> bool {
        let mut adjusted = false;
        let n = self.n;
        self.label.iter_mut().for_each(|x| *x = 0);
        self.vlab.iter_mut().for_each(|x| *x = 0);
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
        if (2..=8).contains(&self.queue.len()) {
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
            debug_assert!(
                (0..n).all(|v| self.vlab[v] == self.label[self.top(v as u32) as usize]),
                "each vertex's copy of its top-level label is current"
            );
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
                if self.vlab[v] == 1 && delta.is_none_or(|d| self.dual[v] < d) {
                    delta = Some(self.dual[v]);
                }
            }
            let mut delta = delta.unwrap_or(Wide::ZERO);
            let mut deltaedge = Ep::NIL;
            for v in 0..n {
                let be = self.bestedge[v];
                if self.vlab[v] == 0 && !be.is_nil() {
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
                }
            }
            for v in 0..n {
                match self.vlab[v] {
                    1 => self.dual[v] = self.dual[v].minus(delta),
                    2 => self.dual[v] = self.dual[v].plus(delta),
                    _ => {}
                }
            }
            self.duals_changed();
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
                4 => {
                    // Every T-blossom the adjustment brought to dual zero
                    // is expanded now, and so is every child such an
                    // expansion leaves a T-blossom of dual zero, rather
                    // than one an adjustment (each further adjustment, of
                    // zero, would cost a pass over every vertex: a bracket
                    // of round 2 took 1,742 of them in one stage).
                    // (The blossom that set `delta` is one of them.)
                    let mut expand: Vec<u32> = (n..2 * n)
                        .filter(|&b| self.is_zero_t_blossom(b))
                        .map(|b| b as u32)
                        .collect();
                    while let Some(b) = expand.pop() {
                        if !self.is_zero_t_blossom(b as usize) {
                            continue;
                        }
                        let childs = self.blossomchilds[b as usize].clone();
                        self.expand_blossom(b, false);
                        expand.extend(childs.into_iter().filter(|&c| c as usize >= n));
                    }
                }
                _ => {
                    // Some S-vertex's dual reached zero: unless it is a root
                    // (free), it becomes its tree's free vertex.
                    let zero: Vec<usize> = (0..n)
                        .filter(|&v| self.vlab[v] == 1 && self.dual[v].is_zero())
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
