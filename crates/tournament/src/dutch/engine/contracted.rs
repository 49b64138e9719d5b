//! The contracted graph ([`Contracted`]): one bracket's players, with the
//! players below it summarised, matched on a graph of the bracket's size
//! whenever that provably gives the whole field's optimum.

use std::collections::HashMap;

use super::FREE;
use super::context::RoundContext;
use super::graph::{Abort, Graph, give_up, matrix_fits};
use super::weights::Layout;
use crate::dutch::matching::{Matcher, PairOrder};
use crate::dutch::wide::Wide;

/// One bracket with the players below it contracted. Every weight outside
/// the bracket is additive, `C + f(u) + f(v)`, so the players below matter
/// only through which bracket players they take: each bracket player `u`
/// gets a private pendant vertex (edge `C/2 + f(u)`: "`u` floats below")
/// and, in an odd field, one bye vertex joined to every bracket player with
/// `C/2 + min f` ("this player takes the bye rather than someone below").
/// The optimum of that graph bounds the field's from above; after each solve
/// the players below are actually matched (a greedy perfect matching of
/// them, broken open for the floaters), and when that reaches the bound the
/// bracket's optimum is the field's. Otherwise the caller gives up on this
/// graph ([`Abort`]) and solves the whole field.
pub(super) struct Contracted<'c, 'a, const L: usize> {
    ctx: &'c RoundContext<'a>,
    n: usize,
    /// The bye's score group, whether it is a single downfloat bye, and the
    /// ranks by unplayed games there (the additive part of the weights).
    bye_score: u32,
    single_downfloat_bye: bool,
    // lookup only: order never reaches a result
    unplayed_ranks: HashMap<u32, u64>,
    /// The current bracket's layout.
    layout: Layout,
    /// `f(v)` by player (in the current layout), `C/2`, and the bracket's
    /// `min f` below.
    f: Vec<Wide<L>>,
    half_c: Wide<L>,
    f_min: Wide<L>,
    /// Bracket players by local index, and the reverse map (`FREE` for a
    /// player outside the bracket).
    members: Vec<usize>,
    local_index: Vec<u32>,
    /// The bracket's graph: its players (local indices), then their
    /// pendants or the players below, then the bye vertex.
    matcher: Matcher<L>,
    /// The bye vertex, in an odd field with players below.
    bye_vertex: Option<usize>,
    /// The players below: a maximum matching of them found greedily
    /// (positions in `lower`), and those it leaves out.
    lower: Vec<usize>,
    lower_mate: Vec<u32>,
    lower_free: Vec<usize>,
    /// The players below are in the graph themselves (no pendants).
    absorbed: bool,
    /// No solve yet since [`Graph::begin`]: the first starts from
    /// [`Contracted::tight_start`].
    fresh: bool,
}

impl<'c, 'a, const L: usize> Contracted<'c, 'a, L> {
    pub(super) fn new(
        ctx: &'c RoundContext<'a>,
        bye_score: u32,
        single_downfloat_bye: bool,
        unplayed_ranks: &HashMap<u32, u64>,
    ) -> Self {
        let n = ctx.sorted.len();
        Contracted {
            ctx,
            n,
            bye_score,
            single_downfloat_bye,
            unplayed_ranks: unplayed_ranks.clone(),
            layout: ctx.global.clone(),
            f: vec![Wide::ZERO; n],
            half_c: Wide::ZERO,
            f_min: Wide::ZERO,
            members: Vec::new(),
            local_index: vec![FREE; n],
            matcher: Matcher::new(0),
            bye_vertex: None,
            lower: Vec::new(),
            lower_mate: Vec::new(),
            lower_free: Vec::new(),
            absorbed: false,
            fresh: false,
        }
    }

    /// Whether the players below can take the floaters `down` and pair among
    /// themselves so that the bound is reached: all of them paired but, when
    /// `left` is set, one with `f = min f`.
    fn realise(&self, down: &[usize], left: bool) -> bool {
        let ctx = self.ctx;
        let mut broken = vec![false; self.lower.len()];
        let mut free = self.lower_free.clone();
        for &u in down {
            if let Some(i) = free.iter().position(|&p| ctx.compatible(u, self.lower[p])) {
                free.swap_remove(i);
                continue;
            }
            let Some(p) = (0..self.lower.len()).find(|&p| {
                !broken[p] && self.lower_mate[p] != FREE && ctx.compatible(u, self.lower[p])
            }) else {
                return false;
            };
            let q = self.lower_mate[p] as usize;
            broken[p] = true;
            broken[q] = true;
            free.push(q);
        }
        while free.len() > usize::from(left) {
            let x = free.pop().unwrap_or_default();
            let Some(i) = free
                .iter()
                .position(|&p| ctx.compatible(self.lower[x], self.lower[p]))
            else {
                return false;
            };
            free.swap_remove(i);
        }
        let Some(&x) = free.first() else {
            return true;
        };
        if self.f[self.lower[x]] == self.f_min {
            return true;
        }
        // Leave out a player with the least `f` instead: x takes its partner.
        (0..self.lower.len()).any(|p| {
            let q = self.lower_mate[p] as usize;
            !broken[p]
                && q != FREE as usize
                && self.f[self.lower[p]] == self.f_min
                && ctx.compatible(self.lower[x], self.lower[q])
        })
    }
}

/// The most tight pairs with earlier players the tight start's second pass
/// notes of a player (a player with more is read again).
const TIGHT_NOTED: usize = 16;

/// The fewest players of a bracket whose tight start shares its first pass
/// with a second thread (about 2.9 million pairs).
const SHARED_TIGHT_START: usize = 2_400;

impl<const L: usize> Contracted<'_, '_, L> {
    /// Debug builds, small fields: the incremental solve is optimal for the
    /// contracted graph, and (the players below placed) its value is the
    /// optimum of the uncontracted one, as the bound argument says.
    #[cfg(debug_assertions)]
    fn verify(&self) {
        let k = self.members.len();
        let all: Vec<usize> = self.members.iter().chain(&self.lower).copied().collect();
        if all.len() > 64 {
            return;
        }
        let value = |m: &Matcher<L>| {
            let mut s = Wide::<L>::ZERO;
            for v in 0..m.len() {
                let u = m.mates()[v] as usize;
                if u > v {
                    s = s.plus(m.weight(v, u));
                }
            }
            s
        };
        let mut fresh = Matcher::<L>::new(self.matcher.len());
        for i in 0..self.matcher.len() {
            for j in 0..i {
                fresh.set_weight(i, j, self.matcher.weight(i, j));
            }
        }
        fresh.solve();
        assert_eq!(
            value(&fresh),
            value(&self.matcher),
            "contracted solve is optimal"
        );
        let c = self.half_c.plus(self.half_c);
        let mut whole = Matcher::<L>::new(all.len());
        for i in 0..all.len() {
            for j in 0..i {
                let w = if i < k {
                    self.matcher.weight(i, j)
                } else if self.ctx.compatible(all[i], all[j]) {
                    c.plus(self.f[all[i]]).plus(self.f[all[j]])
                } else {
                    Wide::ZERO
                };
                whole.set_weight(i, j, w);
            }
        }
        whole.solve();
        let mut offset = Wide::<L>::ZERO;
        for &l in &self.lower {
            offset = offset.plus(self.f[l]).plus(self.half_c);
        }
        if self.bye_vertex.is_some() {
            offset = offset.minus(self.half_c).minus(self.f_min);
        }
        assert_eq!(
            value(&whole),
            value(&self.matcher).plus(offset),
            "the contracted optimum is the field's"
        );
    }

    /// The bracket's first solve, started nearer its optimum than from the
    /// installed "everyone floats" matching (whose duals every new edge
    /// inside the bracket violates): each bracket player's dual is its
    /// pendant's tight value plus a share `d(u)` of the gains of its pairs in
    /// the bracket, first half its best gain (feasible: `d(u) + d(v)` covers
    /// every pair's gain), then, player by player, the least share that
    /// keeps its pairs covered; pairs left tight are matched greedily.
    /// Players without a gain keep their pendant; the rest, and the bye
    /// vertex, are
    /// left to the matcher's stages.
    fn tight_start(&mut self) {
        let k = self.members.len();
        let size = self.matcher.len();
        let two = |w: Wide<L>| w.plus(w);
        let c = two(self.half_c);
        let base: Vec<Wide<L>> = self
            .members
            .iter()
            .map(|&u| c.plus(two(self.f[u])))
            .collect();
        let gain = |m: &Matcher<L>, u: usize, v: usize| -> Option<Wide<L>> {
            let w = m.weight(u, v);
            let bs = base[u].plus(base[v]);
            (!w.is_zero() && two(w) > bs).then(|| two(w).minus(bs))
        };
        // Each pair's gain is worked out once, for both players (a pair's
        // gain is the same from either side); a wide bracket's rows are
        // shared with a second thread (the halves of the triangle by area),
        // each keeping its own maxima, then merged: a maximum is the same
        // whichever thread saw it.
        let best_halves = |rows: std::ops::Range<usize>| {
            let mut d = vec![Wide::<L>::ZERO; k];
            for u in rows {
                for v in 0..u {
                    if let Some(e) = gain(&self.matcher, u, v) {
                        let e = e.half();
                        if e > d[u] {
                            d[u] = e;
                        }
                        if e > d[v] {
                            d[v] = e;
                        }
                    }
                }
            }
            d
        };
        // Debug builds share from a few players on, so that the tests run
        // the shared pass.
        let shared_from = if cfg!(debug_assertions) {
            16
        } else {
            SHARED_TIGHT_START
        };
        let mut d = if k >= shared_from {
            let split = (k as f64 / std::f64::consts::SQRT_2) as usize;
            let (mut d, theirs) = std::thread::scope(|s| {
                let helper = s.spawn(|| best_halves(split..k));
                let ours = best_halves(1..split);
                (ours, helper.join())
            });
            match theirs {
                Ok(theirs) => {
                    for (x, y) in d.iter_mut().zip(theirs) {
                        if y > *x {
                            *x = y;
                        }
                    }
                }
                Err(panic) => std::panic::resume_unwind(panic),
            }
            d
        } else {
            best_halves(1..k)
        };
        // Each player's share lowered to the least that keeps its pairs
        // feasible against the others' current shares (one pass, in order):
        // weights with a part additive per player (floats, colours) then
        // still leave every player a tight pair, its best one.
        // A pair raises `u`'s need when its gain less `v`'s share exceeds
        // it, that is when `2·w > base(u) + need + (base(v) + d(v))`: one
        // sum a pair against the current `base(u) + need` (`floor`).
        // Each row also notes its tight pairs with the rows before it (whose
        // shares are final by then): those that set its final floor, `2·w
        // − covered(v) = floor`, up to `TIGHT_NOTED` of them (a row with
        // more is read again below).
        // (Debug builds note two, so that the tests read rows again.)
        let noted_most = if cfg!(debug_assertions) {
            2
        } else {
            TIGHT_NOTED
        };
        let mut covered: Vec<Wide<L>> = (0..k).map(|v| base[v].plus(d[v])).collect();
        let mut noted: Vec<(u32, u32)> = Vec::new();
        let mut reread: Vec<usize> = Vec::new();
        let mut row: Vec<u32> = Vec::new();
        for u in 0..k {
            let mut need = Wide::<L>::ZERO;
            let mut floor = base[u];
            let mut more = false;
            row.clear();
            for (v, &cv) in covered.iter().enumerate() {
                let w = self.matcher.weight(u, v);
                if v == u || w.is_zero() {
                    continue;
                }
                let (twice, bar) = (two(w), cv.plus(floor));
                if twice > bar {
                    need = need.plus(twice.minus(bar));
                    floor = base[u].plus(need);
                    row.clear();
                    more = false;
                    if v < u {
                        row.push(v as u32);
                    }
                } else if twice == bar && v < u {
                    if row.len() < noted_most {
                        row.push(v as u32);
                    } else {
                        more = true;
                    }
                }
            }
            d[u] = need;
            covered[u] = floor;
            if more {
                reread.push(u);
            } else {
                noted.extend(row.iter().map(|&v| (v, u as u32)));
            }
        }
        let mut mates: Vec<u32> = (0..size as u32).collect();
        let mut duals = vec![Wide::<L>::ZERO; size];
        for u in 0..k {
            duals[u] = base[u].plus(d[u]);
        }
        // Pairs left tight matched greedily: each player with a share, in
        // order, with the first later player still free whose pair is
        // tight, `gain = d(u) + d(v)`, that is `2·w = covered(u) +
        // covered(v)` (`covered` is `base + d` after the second pass): from
        // the pairs noted, and the rows read again.
        let tight_pair = |u: usize, v: usize| {
            let w = self.matcher.weight(u, v);
            !w.is_zero() && two(w) == covered[u].plus(covered[v])
        };
        noted.sort_unstable();
        let mut next_noted = 0;
        for u in 0..k {
            let start = next_noted;
            while next_noted < noted.len() && noted[next_noted].0 as usize == u {
                next_noted += 1;
            }
            if mates[u] as usize != u || d[u].is_zero() {
                continue;
            }
            let mut from_noted = noted[start..next_noted]
                .iter()
                .map(|&(_, v)| v as usize)
                .peekable();
            let first_reread = reread.partition_point(|&v| v <= u);
            let mut from_reread = reread[first_reread..].iter().copied().peekable();
            let tight = loop {
                let take_noted = match (from_noted.peek(), from_reread.peek()) {
                    (None, None) => break None,
                    (Some(&a), Some(&b)) => a < b,
                    (Some(_), None) => true,
                    (None, Some(_)) => false,
                };
                let (v, known_tight) = if take_noted {
                    (from_noted.next(), true)
                } else {
                    (from_reread.next(), false)
                };
                let Some(v) = v else { break None };
                if mates[v] as usize == v && (known_tight || tight_pair(u, v)) {
                    break Some(v);
                }
            };
            #[cfg(debug_assertions)]
            {
                let by_row = (u + 1..k).find(|&v| mates[v] as usize == v && tight_pair(u, v));
                assert_eq!(tight, by_row, "the noted tight pairs are the row's");
            }
            if let Some(v) = tight {
                mates[u] = v as u32;
                mates[v] = u as u32;
            }
        }
        for u in 0..k {
            if mates[u] as usize == u && d[u].is_zero() && !self.matcher.weight(u, k + u).is_zero()
            {
                mates[u] = (k + u) as u32;
                mates[k + u] = u as u32;
            }
        }
        if let Some(bye_vertex) = self.bye_vertex {
            let mut y = Wide::<L>::ZERO;
            for (u, &du) in duals.iter().enumerate().take(k) {
                let w = self.matcher.weight(u, bye_vertex);
                if !w.is_zero() && two(w) > du {
                    let need = two(w).minus(du);
                    if need > y {
                        y = need;
                    }
                }
            }
            duals[bye_vertex] = y;
        }
        self.matcher.install(&mates, &duals);
        debug_assert!(self.matcher.is_feasible(), "the tight start is feasible");
    }

    /// [`Contracted::realise`] by a fresh matching of the floaters and the
    /// players below (floaters first, then augmenting paths).
    fn realise_slow(&self, down: &[usize], left: bool) -> bool {
        let mut vertices = self.lower.clone();
        vertices.extend_from_slice(down);
        let mate = self.ctx.partial_matching_on(&vertices, None);
        let k = self.lower.len();
        if mate[k..].contains(&FREE) {
            return false;
        }
        let mut free = (0..k).filter(|&p| mate[p] == FREE);
        match (free.next(), free.next()) {
            (None, _) => !left,
            (Some(x), None) => left && self.f[vertices[x]] == self.f_min,
            _ => false,
        }
    }
}

impl<const L: usize> Graph<L> for Contracted<'_, '_, L> {
    fn per_bracket(&self) -> bool {
        true
    }

    fn begin(
        &mut self,
        members: &[usize],
        moved_down: usize,
        lower_start: usize,
        layout: &Layout,
    ) -> Result<(), Abort> {
        let ctx = self.ctx;
        let n = self.n;
        let bits = ctx.total_shift(layout) + 6;
        if bits > 64 * L as u32 {
            return Err(Abort::Wider(bits));
        }
        // Pairs of moved-down players keep the weights they had.
        let mut carried = Vec::new();
        for j in 0..moved_down {
            for i in 0..j {
                let (li, lj) = (self.local_index[members[i]], self.local_index[members[j]]);
                if li != FREE && lj != FREE {
                    let w = self.matcher.weight(li as usize, lj as usize);
                    if !w.is_zero() {
                        let Some(w) = ctx.translate(w, &self.layout, layout) else {
                            return Err(give_up("a carried weight outside the layout"));
                        };
                        carried.push((i, j, w));
                    }
                }
            }
        }
        // The last bracket's matrix goes before the next one is allocated.
        self.matcher = Matcher::new(0);
        self.layout = layout.clone();
        for v in members.iter().copied().chain(lower_start..n) {
            let (f, c) = ctx.additive::<L>(
                layout,
                v,
                self.bye_score,
                self.single_downfloat_bye,
                &self.unplayed_ranks,
            );
            self.f[v] = f;
            self.half_c = c.half();
        }
        for &v in &self.members {
            self.local_index[v] = FREE;
        }
        self.members = members.to_vec();
        for (i, &v) in members.iter().enumerate() {
            self.local_index[v] = i as u32;
        }
        let k = members.len();
        // The players below, perfectly matched (but one, when odd).
        self.lower = (lower_start..n).collect();
        self.f_min = self
            .lower
            .iter()
            .map(|&v| self.f[v])
            .min()
            .unwrap_or(Wide::ZERO);
        self.lower_mate = ctx.partial_matching_on(&self.lower, None);
        self.lower_free = (0..self.lower.len())
            .filter(|&p| self.lower_mate[p] == FREE)
            .collect();
        // Players below that cannot all be paired among themselves (or
        // only a handful of them): they join the graph as they are, which
        // is then the whole rest of the field, exactly.
        self.absorbed = self.lower.len() <= 16 || self.lower_free.len() > self.lower.len() % 2;
        if self.absorbed {
            let nl = self.lower.len();
            let size = k + nl;
            if !matrix_fits(size) {
                return Err(give_up("bracket too large"));
            }
            self.bye_vertex = None;
            self.matcher = Matcher::new(size);
            let all: Vec<usize> = members.iter().chain(&self.lower).copied().collect();
            let c = self.half_c.plus(self.half_c);
            for i in 0..size {
                for j in k.max(i + 1)..size {
                    if ctx.compatible(all[i], all[j]) {
                        let w = c.plus(self.f[all[i]]).plus(self.f[all[j]]);
                        self.matcher.set_weight(i, j, w);
                    }
                }
            }
            for (i, j, w) in carried {
                self.matcher.set_weight(i, j, w);
            }
            for v in 0..size {
                self.matcher.release_vertex(v);
            }
            return Ok(());
        }
        let odd_field = (k + self.lower.len()) % 2 == 1;
        let bye_vertex = (odd_field && !self.lower.is_empty()).then_some(2 * k);
        self.bye_vertex = bye_vertex;
        let size = 2 * k + usize::from(bye_vertex.is_some());
        if !matrix_fits(k) {
            return Err(give_up("bracket too large"));
        }
        // Only the bracket's own players are dense; pendants and the bye vertex have
        // their few edges in side lists.
        self.matcher = Matcher::with_core(size, k);
        let mut mates: Vec<u32> = (0..size as u32).collect();
        let mut duals = vec![Wide::ZERO; size];
        let mut unplaced = Vec::new();
        for (i, &u) in members.iter().enumerate() {
            duals[i] = self
                .half_c
                .plus(self.half_c)
                .plus(self.f[u])
                .plus(self.f[u]);
            let floats = self.lower.iter().any(|&l| ctx.compatible(u, l));
            if floats {
                self.matcher
                    .set_weight(i, k + i, self.half_c.plus(self.f[u]));
                mates[i] = (k + i) as u32;
                mates[k + i] = i as u32;
            } else {
                unplaced.push(i);
            }
            if let Some(bye_vertex) = bye_vertex {
                self.matcher
                    .set_weight(i, bye_vertex, self.half_c.plus(self.f_min));
            }
        }
        self.matcher.install(&mates, &duals);
        for i in unplaced {
            self.matcher.release_vertex(i);
        }
        if let Some(bye_vertex) = bye_vertex {
            // The bye vertex's edges are infeasible at dual 0 when a bracket
            // player has a smaller `f` than every player below: raise it.
            self.matcher.release_vertex(bye_vertex);
        }
        for (i, j, w) in carried {
            self.matcher.set_weight(i, j, w);
        }
        self.fresh = true;
        Ok(())
    }

    fn load(&mut self, members: &[usize], from: usize, w: impl Fn(usize, usize) -> Wide<L> + Sync) {
        debug_assert_eq!(members, self.members, "the bracket of `begin`");
        // Which players `fill` releases does not matter here: the first
        // solve installs the tight start (which forgets pending releases),
        // or every player was released in `begin` (absorbed players below).
        debug_assert!(self.fresh || self.absorbed, "a bracket's first load");
        self.matcher.fill(from, members.len(), w);
    }

    fn set_weight(&mut self, u: usize, v: usize, w: Wide<L>) {
        let at = |v: usize| self.local_index.get(v).copied().unwrap_or(FREE);
        let (local_u, local_v) = (at(u), at(v));
        debug_assert!(
            local_u != FREE && local_v != FREE,
            "both players in the bracket"
        );
        if local_u != FREE && local_v != FREE {
            self.matcher
                .set_weight(local_u as usize, local_v as usize, w);
        }
    }

    fn rewrite_pairs(
        &mut self,
        players: &[usize],
        order: PairOrder,
        f: impl Fn(usize, usize, Wide<L>) -> Wide<L>,
    ) {
        let local: Vec<u32> = players
            .iter()
            .map(|&v| self.local_index.get(v).copied().unwrap_or(FREE))
            .collect();
        debug_assert!(!local.contains(&FREE), "players in the bracket");
        if !local.contains(&FREE) {
            self.matcher.rewrite_pairs(&local, order, f);
        }
    }

    fn solve(&mut self, stable: &mut [u32]) -> Result<(), Abort> {
        if std::mem::take(&mut self.fresh) {
            self.tight_start();
        }
        self.matcher.solve();
        let k = self.members.len();
        let mates = self.matcher.mates();
        let mut down = Vec::new();
        let mut out = 0usize;
        for (i, &u) in self.members.iter().enumerate() {
            let j = mates[i] as usize;
            stable[u] = if j < k && j != i {
                self.members[j] as u32
            } else if j >= k && (self.absorbed || j < 2 * k) {
                down.push(u);
                self.n as u32
            } else {
                out += 1;
                u as u32
            };
        }
        if self.lower.is_empty() || self.absorbed {
            return Ok(());
        }
        // Players of the bracket left out: at most one, and then it must
        // hold the bye vertex (an odd field's bye), leaving no one below
        // unpaired.
        let bye_vertex_taken = self.bye_vertex.is_some_and(|z| (mates[z] as usize) < k);
        if out > 1 || (out == 1 && !bye_vertex_taken) {
            return Err(give_up("bracket players left out"));
        }
        let left = (self.lower.len() + down.len()) % 2 == 1;
        if out == 1 && left {
            return Err(give_up("two byes"));
        }
        if self.realise(&down, left) || self.realise_slow(&down, left) {
            #[cfg(debug_assertions)]
            self.verify();
            Ok(())
        } else {
            Err(give_up(&format!(
                "floaters not placed below ({} floaters, {} below, {} unmatched below, bye below: {left})",
                down.len(),
                self.lower.len(),
                self.lower_free.len()
            )))
        }
    }

    fn first_tight(&self, u: usize, candidates: &[usize]) -> Option<usize> {
        let local = |v: usize| self.local_index.get(v).copied().filter(|&l| l != FREE);
        let local_u = local(u)? as usize;
        let mut local_candidates = Vec::with_capacity(candidates.len());
        for &v in candidates {
            local_candidates.push(local(v)? as usize);
        }
        self.matcher.first_tight(local_u, &local_candidates)
    }

    fn can_exchange(&self, u: usize, m: usize, j: usize, k: usize) -> bool {
        let local = |v: usize| self.local_index.get(v).copied().filter(|&l| l != FREE);
        match (local(u), local(m), local(j), local(k)) {
            (Some(u), Some(m), Some(j), Some(k)) => self
                .matcher
                .can_exchange(u as usize, m as usize, j as usize, k as usize),
            _ => false,
        }
    }

    fn finalize(&mut self, v0: usize, v1: usize, fixed_weight: Wide<L>) {
        let local = |v: usize| self.local_index.get(v).copied().filter(|&l| l != FREE);
        let (Some(l0), Some(l1)) = (local(v0), local(v1)) else {
            debug_assert!(false, "a fixed pair is inside the bracket");
            return;
        };
        self.matcher.isolate(l0 as usize, l1 as usize, fixed_weight);
    }
}
