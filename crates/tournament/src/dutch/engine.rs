//! The bracket-by-bracket maximum-weight-matching pairing of one round.
//!
//! Every candidate pair gets an edge weight whose bit fields, from the most
//! significant down, encode the C.04.3 criteria in their order of priority:
//! the absolute criteria decide whether the edge exists at all, then the
//! completion criterion and the bye (C.04.3 C.4/C.5), the number and scores
//! of the pairs made in the current bracket and in the next (C.6–C.8), the
//! bye assignee's unplayed games (C.9), the colour criteria (C.10–C.13) and
//! the float criteria (C.14–C.21). The pairing is then fixed bracket by
//! bracket, from the top score down: first which moved-down players are
//! paired, then their opponents, then which residents are exchanged between
//! S1 and S2 and finally each S1 player's opponent, each step re-solving the
//! matching with a small extra weight that prefers the FIDE order (C.04.3
//! D: transpositions and exchanges in the order of the rules).
//!
//! Speed: the first matching is not solved but written down (see
//! `Ctx::warm_start`), and each bracket is matched on a `Contracted`
//! graph of its own players, the players below it summarised, whenever that
//! can be proven to give the whole field's optimum; otherwise on the
//! `Dense` whole field.

use std::collections::HashMap;

use super::matching::Matcher;
use super::state::{Colour, Entrant, Swiss};
use super::wide::Wide;
use super::{DutchError, Pairing};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Float {
    Down,
    Up,
    None,
}

fn bits_to_represent(x: usize) -> u32 {
    usize::BITS - x.leading_zeros()
}

/// Per-round data shared by all weight computations.
struct Ctx<'a> {
    t: &'a Swiss,
    sorted: Vec<usize>,
    score: Vec<u32>,
    /// By vertex: the vertices it must not meet (played or forbidden),
    /// sorted.
    forbidden: Vec<Vec<u32>>,
    /// By vertex: may get the pairing-allocated bye (C.04.1 d).
    bye_ok: Vec<bool>,
    /// Topscorers (score above this) may meet with equal absolute colour
    /// preferences: in the last round only (C.04.3 C.3).
    topscorer_above: Option<u32>,
    /// Bits of each score group's counters (enough for the group's size).
    group_bits: HashMap<u32, u32>,
    /// The layout with every score group (the whole-field graph's).
    global: Layout,
    b: u32,
    /// By vertex: its float one and two rounds back (`Float::None` before
    /// that many rounds), worked out once rather than per pair.
    floats: Vec<[Float; 2]>,
}

/// Where each score group's counter sits within the score blocks of a
/// weight (C.6–C.8 and C.14–C.21 count pairs and floaters by score). The
/// whole field needs every group; a bracket only the groups of its own
/// players, which keeps its weights a few limbs wide: the order of any two
/// sums of weights is the same in both layouts, as the blocks of groups a
/// bracket lacks are zero in every weight it holds.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Layout {
    /// `(score, shift)`, lowest score first.
    shift: Vec<(u32, u32)>,
    /// Bits of one block.
    s: u32,
}

impl Layout {
    fn new(ctx_bits: &HashMap<u32, u32>, scores: impl IntoIterator<Item = u32>) -> Layout {
        let mut scores: Vec<u32> = scores.into_iter().collect();
        scores.sort_unstable();
        scores.dedup();
        let mut shift = Vec::with_capacity(scores.len());
        let mut s = 0;
        for score in scores {
            shift.push((score, s));
            s += ctx_bits.get(&score).copied().unwrap_or(1);
        }
        Layout { shift, s }
    }

    fn shift_of(&self, score: u32) -> Option<u32> {
        self.shift
            .binary_search_by_key(&score, |&(sc, _)| sc)
            .ok()
            .map(|i| self.shift[i].1)
    }
}

impl Ctx<'_> {
    fn p(&self, v: usize) -> &Entrant {
        &self.t.players[self.sorted[v]]
    }

    fn sc(&self, v: usize) -> u32 {
        self.score[v]
    }

    fn compatible(&self, a: usize, b: usize) -> bool {
        let (pa, pb) = (self.p(a), self.p(b));
        self.forbidden[a].binary_search(&(b as u32)).is_err()
            && (!pa.absolute_preference()
                || !pb.absolute_preference()
                || pa.colour_preference != pb.colour_preference
                || self
                    .topscorer_above
                    .is_some_and(|top| self.sc(a) > top || self.sc(b) > top))
    }

    fn float(&self, v: usize, back: usize) -> Float {
        let t = self.t;
        let p = self.p(v);
        let Some(r) = p.rounds.get(t.played_rounds - back) else {
            return Float::None;
        };
        if !r.played {
            return if t.points_for(p, r) > t.points.loss {
                Float::Down
            } else {
                Float::None
            };
        }
        let mine = t.score_acc(p, back);
        let theirs = t.score_acc(&t.players[r.opponent], back);
        if mine > theirs {
            Float::Down
        } else if mine < theirs {
            Float::Up
        } else {
            Float::None
        }
    }

    fn bye_candidate(&self, v: usize, bye_score: u32) -> bool {
        self.bye_ok[v] && self.sc(v) <= bye_score
    }

    /// Total number of bits of a weight, excluding the top field.
    fn total_shift(&self, lay: &Layout) -> u32 {
        let (b, s) = (self.b, lay.s);
        let r = self.t.played_rounds;
        let mut t = b + s + b + s + 2 * b + 4 * b;
        if r >= 1 {
            t += 2 * b + 2 * s;
        }
        if r > 1 {
            t += 2 * b + 2 * s;
        }
        t + 3 * b + 1
    }

    /// The weight of the pair `h`–`l` (`h` ranked higher). Its fields are
    /// written from the top down at a cursor (`at`) that starts at
    /// [`Ctx::total_shift`] and ends at 0; a count by score group goes to
    /// the cursor plus the group's place in the layout.
    #[allow(clippy::too_many_arguments)]
    fn weight<const L: usize>(
        &self,
        lay: &Layout,
        h: usize,
        l: usize,
        in_cur: bool,
        in_next: bool,
        bye_score: u32,
        single_df_bye: bool,
        unplayed_ranks: &HashMap<u32, u64>,
    ) -> Wide<L> {
        if !self.compatible(h, l) {
            return Wide::ZERO;
        }
        let (b, s) = (self.b, lay.s);
        let (ph, pl) = (self.p(h), self.p(l));
        let (sh, sl) = (self.sc(h), self.sc(l));
        let bit = |x: bool| u64::from(x);
        let group = |score: u32| {
            let shift = lay.shift_of(score);
            debug_assert!(shift.is_some(), "score {score} in the layout");
            shift.unwrap_or(0)
        };
        let mut at = self.total_shift(lay);
        let mut r = Wide::<L>::ZERO.add_at(
            at,
            1 + bit(!self.bye_candidate(h, bye_score)) + bit(!self.bye_candidate(l, bye_score)),
        );
        at -= b;
        r = r.add_at(at, bit(in_cur));
        at -= s;
        if in_cur {
            r = r.add_at(at + group(sh), 1);
        }
        at -= b;
        r = r.add_at(at, bit(in_next));
        at -= s;
        if in_next {
            r = r.add_at(at + group(sh), 1);
        }
        at -= 2 * b;
        if single_df_bye {
            if sh == bye_score {
                r = r.add_at(
                    at,
                    unplayed_ranks.get(&ph.played_games).copied().unwrap_or(0),
                );
            }
            if sl == bye_score {
                r = r.add_at(
                    at,
                    unplayed_ranks.get(&pl.played_games).copied().unwrap_or(0),
                );
            }
        }
        // Colour criteria, seen from the lower player.
        let m = in_cur;
        let (pp, op) = (pl, ph);
        at -= b;
        r = r.add_at(
            at,
            bit(m
                && (!pp.absolute_imbalance()
                    || !op.absolute_imbalance()
                    || pp.colour_preference != op.colour_preference)),
        );
        let rep_ok = if pp.colour_imbalance == op.colour_imbalance {
            pp.repeated_colour.is_none() || pp.repeated_colour != op.repeated_colour
        } else {
            let which = if pp.colour_imbalance > op.colour_imbalance {
                op
            } else {
                pp
            };
            which.repeated_colour != pp.colour_preference.map(Colour::invert)
        };
        at -= b;
        r = r.add_at(
            at,
            bit(m
                && (!pp.absolute_preference()
                    || !op.absolute_preference()
                    || pp.colour_preference != op.colour_preference
                    || rep_ok)),
        );
        at -= b;
        r = r.add_at(
            at,
            bit(m && prefs_compatible(pp.colour_preference, op.colour_preference)),
        );
        at -= b;
        r = r.add_at(
            at,
            bit(m
                && ((!pp.strong_preference && !pp.absolute_preference())
                    || (!op.strong_preference && !op.absolute_preference())
                    || (pp.absolute_preference() && op.absolute_preference())
                    || pp.colour_preference != op.colour_preference)),
        );
        let rounds = self.t.played_rounds;
        let fl = |v: usize, k: usize| self.floats[v][k - 1];
        for k in 1..=2 {
            if rounds >= k {
                at -= b;
                if in_cur {
                    r = r.add_at(at, bit(fl(l, k) == Float::Down));
                    r = r.add_at(at, bit(sh <= sl && fl(h, k) == Float::Down));
                }
                at -= b;
                if in_cur {
                    r = r.add_at(at, bit(!(sh > sl && fl(l, k) == Float::Up)));
                }
            }
        }
        for k in 1..=2 {
            if rounds >= k {
                at -= s;
                if in_cur {
                    if fl(l, k) == Float::Down {
                        r = r.add_at(at + group(sl), 1);
                    }
                    if fl(h, k) == Float::Down {
                        r = r.add_at(at + group(sh), 1);
                    }
                }
                at -= s;
                if in_cur && !(fl(l, k) == Float::Up && sh > sl) {
                    r = r.add_at(at + group(sh), 1);
                }
            }
        }
        debug_assert_eq!(at, 3 * b + 1, "the fields fill the weight");
        r
    }
}

fn prefs_compatible(a: Option<Colour>, b: Option<Colour>) -> bool {
    a != b || a.is_none() || b.is_none()
}

/// The number of 64-bit limbs needed for a round of `t`.
pub(super) fn needed_bits(t: &Swiss) -> Option<u32> {
    let ctx = Ctx::new(t)?;
    Some(ctx.total_shift(&ctx.global) + 6)
}

/// The bits a bracket's weights need when its players come from three
/// adjacent score groups (moved-down players from one group above): the
/// width the contracted path starts with (see [`Wider`]).
pub(super) fn bracket_bits(t: &Swiss) -> Option<u32> {
    let ctx = Ctx::new(t)?;
    let scores: Vec<u32> = ctx.global.shift.iter().rev().map(|&(sc, _)| sc).collect();
    let widest = scores
        .windows(3.min(scores.len()))
        .map(|w| ctx.total_shift(&Layout::new(&ctx.group_bits, w.iter().copied())))
        .max()?;
    Some(widest + 6)
}

impl<'a> Ctx<'a> {
    fn new(t: &'a Swiss) -> Option<Ctx<'a>> {
        let mut sorted: Vec<usize> = t
            .players
            .iter()
            .filter(|p| p.valid && p.rounds.len() <= t.played_rounds)
            .map(|p| p.id)
            .collect();
        let key = |id: usize| {
            (
                std::cmp::Reverse(t.score_acc(&t.players[id], 0)),
                t.players[id].rank_index,
            )
        };
        sorted.sort_by_key(|&id| key(id));
        if sorted.is_empty() {
            return None;
        }
        let score: Vec<u32> = sorted
            .iter()
            .map(|&id| t.score_acc(&t.players[id], 0))
            .collect();
        let mut by_id = t.forbidden_sets(t.played_rounds);
        for p in t.players.iter().filter(|p| p.valid) {
            for r in p.rounds.iter().filter(|r| r.played) {
                by_id[p.id].insert(r.opponent);
            }
        }
        let mut vertex_of = vec![u32::MAX; t.players.len()];
        for (v, &id) in sorted.iter().enumerate() {
            vertex_of[id] = v as u32;
        }
        let forbidden = sorted
            .iter()
            .map(|&id| {
                let mut vs: Vec<u32> = by_id[id]
                    .iter()
                    .filter_map(|&o| vertex_of.get(o).copied().filter(|&v| v != u32::MAX))
                    .collect();
                vs.sort_unstable();
                vs
            })
            .collect();
        let bye_ok = sorted
            .iter()
            .map(|&id| t.eligible_for_bye(&t.players[id]))
            .collect();
        let topscorer_above = (t.played_rounds + 1 >= t.expected_rounds)
            .then(|| (t.played_rounds as u32 * t.points.win.max(t.points.draw)) >> 1);
        let mut group_bits = HashMap::new();
        let (mut max_size, mut run) = (0usize, 0usize);
        for i in (0..sorted.len()).rev() {
            run += 1;
            if i == 0 || score[i] < score[i - 1] {
                group_bits.insert(score[i], bits_to_represent(run));
                max_size = max_size.max(run);
                run = 0;
            }
        }
        let global = Layout::new(&group_bits, group_bits.keys().copied());
        let mut ctx = Ctx {
            t,
            sorted,
            score,
            forbidden,
            bye_ok,
            topscorer_above,
            group_bits,
            global,
            b: bits_to_represent(max_size),
            floats: Vec::new(),
        };
        let back = |v: usize, k: usize| {
            if t.played_rounds >= k {
                ctx.float(v, k)
            } else {
                Float::None
            }
        };
        let floats = (0..ctx.sorted.len())
            .map(|v| [back(v, 1), back(v, 2)])
            .collect();
        ctx.floats = floats;
        Some(ctx)
    }
}

/// A starting matching found without the matcher (see [`Ctx::warm_start`]).
struct Warm {
    /// `mate[v]`: `v`'s partner, or `v` itself for the bye.
    mate: Vec<u32>,
    /// The vertex left for the bye (odd fields).
    bye: Option<usize>,
    bye_score: u32,
    single_df_bye: bool,
}

const FREE: u32 = u32::MAX;

impl Ctx<'_> {
    /// A perfect matching of every vertex but `skip` over compatible pairs:
    /// each player, from the top, takes the nearest free compatible player
    /// below; players left over are matched directly or through one matched
    /// pair (a–p, b–q for a pair p–q). `None` when that does not succeed,
    /// which proves nothing: the caller then solves exactly.
    fn greedy_matching(&self, skip: Option<usize>) -> Option<Vec<u32>> {
        let all: Vec<usize> = (0..self.sorted.len()).collect();
        self.greedy_on(&all, skip)
    }

    /// [`Ctx::greedy_matching`] on the vertices `vs` (in rank order): the
    /// result is by position in `vs`, `skip` a position.
    fn greedy_on(&self, vs: &[usize], skip: Option<usize>) -> Option<Vec<u32>> {
        let mate = self.most_on(vs, skip);
        mate.iter().all(|&m| m != FREE).then_some(mate)
    }

    /// As [`Ctx::greedy_on`], but the players no path reached stay `FREE`.
    fn most_on(&self, vs: &[usize], skip: Option<usize>) -> Vec<u32> {
        let n = vs.len();
        let compatible = |i: usize, j: usize| self.compatible(vs[i], vs[j]);
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
    fn warm_start(&self, unplayed: impl Fn(u32) -> HashMap<u32, u64>) -> Option<Warm> {
        let n = self.sorted.len();
        if n.is_multiple_of(2) {
            return Some(Warm {
                mate: self.greedy_matching(None)?,
                bye: None,
                bye_score: 0,
                single_df_bye: false,
            });
        }
        let t = self.t;
        let lowest = (0..n).rev().find(|&v| t.eligible_for_bye(self.p(v)))?;
        let bye_score = self.sc(lowest);
        let top = self.sc(0);
        let single_df_bye = bye_score >= top;
        let ranks = unplayed(bye_score);
        let rank = |v: usize| -> u64 {
            if single_df_bye && self.sc(v) == bye_score {
                ranks.get(&self.p(v).played_games).copied().unwrap_or(0)
            } else {
                0
            }
        };
        let mut candidates: Vec<usize> = (0..n)
            .rev()
            .filter(|&v| self.sc(v) == bye_score && t.eligible_for_bye(self.p(v)))
            .collect();
        candidates.sort_by_key(|&v| rank(v));
        let least = (0..n)
            .filter(|&v| t.eligible_for_bye(self.p(v)) && self.sc(v) <= bye_score)
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
            if single_df_bye
                && (0..n).any(|v| v != x && self.sc(v) >= top && self.sc(mate[v] as usize) < top)
            {
                return None;
            }
            return Some(Warm {
                mate,
                bye: Some(x),
                bye_score,
                single_df_bye,
            });
        }
        None
    }

    /// `f(v)` of the additive weights outside the brackets (see
    /// [`Ctx::warm_start`]), and `C`.
    fn additive<const L: usize>(
        &self,
        lay: &Layout,
        v: usize,
        bye_score: u32,
        single_df_bye: bool,
        unplayed_ranks: &HashMap<u32, u64>,
    ) -> (Wide<L>, Wide<L>) {
        let total = self.total_shift(lay);
        let low = total - (4 * self.b + 2 * lay.s);
        let mut f =
            Wide::<L>::from_u64(u64::from(!self.bye_candidate(v, bye_score))).shifted(total);
        if single_df_bye && self.sc(v) == bye_score {
            let r = unplayed_ranks
                .get(&self.p(v).played_games)
                .copied()
                .unwrap_or(0);
            f = f.plus(Wide::from_u64(r).shifted(low));
        }
        (f, Wide::from_u64(1).shifted(total))
    }
    /// A weight of layout `from` in layout `to` (`None` when it counts a
    /// score group `to` lacks). The weight may carry a small addend in its
    /// lowest `3b + 1` bits, which is kept as it is.
    fn translate<const L: usize>(&self, w: Wide<L>, from: &Layout, to: &Layout) -> Option<Wide<L>> {
        if from == to {
            return Some(w);
        }
        let b = self.b;
        let k = self.t.played_rounds.min(2) as u32;
        let (mut i, mut o) = (0u32, 0u32);
        let mut out = Wide::<L>::ZERO;
        let plain = |out: &mut Wide<L>, i: &mut u32, o: &mut u32, width: u32| {
            *out = out.plus(w.shifted_right(*i).low_bits(width).shifted(*o));
            *i += width;
            *o += width;
        };
        let block = |out: &mut Wide<L>, i: &mut u32, o: &mut u32| -> Option<()> {
            for &(score, sh) in &from.shift {
                let width = self.group_bits.get(&score).copied().unwrap_or(1);
                let v = w.shifted_right(*i + sh).low_bits(width);
                if !v.is_zero() {
                    *out = out.plus(v.shifted(*o + to.shift_of(score)?));
                }
            }
            *i += from.s;
            *o += to.s;
            Some(())
        };
        plain(&mut out, &mut i, &mut o, 3 * b + 1);
        for _ in 0..2 * k {
            block(&mut out, &mut i, &mut o)?;
        }
        plain(&mut out, &mut i, &mut o, b * (2 * k + 6));
        block(&mut out, &mut i, &mut o)?;
        plain(&mut out, &mut i, &mut o, b);
        block(&mut out, &mut i, &mut o)?;
        Some(out.plus(w.shifted_right(i).shifted(o)))
    }
}

/// The matcher's partners of the `n` players, the dummy vertex (index `n`,
/// present in a warm-started odd field) read as "unmatched".
fn player_mates<const L: usize>(m: &Matcher<L>, n: usize) -> Vec<u32> {
    let mut s = m.mates()[..n].to_vec();
    for (v, x) in s.iter_mut().enumerate() {
        if *x as usize >= n {
            *x = v as u32;
        }
    }
    s
}

/// A [`Graph`] could not vouch for its result.
#[derive(Debug)]
pub(super) enum Abort {
    /// The caller falls back to the whole field; why.
    GiveUp(String),
    /// A bracket's weights need this many bits: the caller retries wider.
    Wider(u32),
}

/// The most memory a matcher's dense weight matrix may take (1.5 GiB).
const MATRIX_BUDGET: usize = 3 << 29;

/// Whether a matcher with `size` dense vertices fits: it stores 12 bytes
/// per pair whatever the width of the weights (`matching::Matcher`).
fn fits(size: usize) -> bool {
    size.saturating_mul(size).saturating_mul(12) <= MATRIX_BUDGET
}

/// A contracted bracket that gives up, and why.
fn abort(why: &str) -> Abort {
    Abort::GiveUp(format!("contracted bracket gives up: {why}"))
}

/// The matching the bracket loop works on, by player (sorted index).
trait Graph<const L: usize> {
    /// A new bracket: `a` lists its players (moved-down players, residents,
    /// the next score group), `sgb` of them moved down; every player from
    /// index `lower` on is below it and still unpaired. Its weights are
    /// in layout `lay`.
    fn begin(&mut self, a: &[usize], sgb: usize, lower: usize, lay: &Layout) -> Result<(), Abort>;
    /// Whether the graph holds one bracket at a time (and so takes weights
    /// in the bracket's own layout) rather than the whole field.
    fn local(&self) -> bool;
    /// Set the weight of a pair of the bracket.
    fn set(&mut self, u: usize, v: usize, w: Wide<L>);
    /// Set the weight of every pair `a[j]`–`a[i]`, `j < i`, `i ≥ from`, of
    /// the bracket `a` given to [`Graph::begin`] to `w(j, i)`.
    fn load(&mut self, a: &[usize], from: usize, w: impl Fn(usize, usize) -> Wide<L>) {
        for i in from..a.len() {
            for j in 0..i {
                self.set(a[i], a[j], w(j, i));
            }
        }
    }
    /// Re-solve; `stable[v]` becomes the partner of each bracket player
    /// `v`: itself when unpaired (or given the bye), `n` when paired with a
    /// player below the bracket.
    fn solve(&mut self, stable: &mut [u32]) -> Result<(), Abort>;
    /// Fix the pair `v0`–`v1`.
    fn finalize(&mut self, v0: usize, v1: usize, max: Wide<L>);
    /// The first of the bracket players `cands` whose pair with `u` is
    /// tight under the last solve's duals (see [`Matcher::first_tight`]).
    fn first_tight(&self, u: usize, cands: &[usize]) -> Option<usize>;
    /// Whether the pairs `u`–`m`, `j`–`k` of the last solve's optimum can
    /// become `u`–`j`, `k`–`m` in another (see [`Matcher::can_exchange`]).
    fn can_exchange(&self, u: usize, m: usize, j: usize, k: usize) -> bool;
}

/// The whole field in one matcher (exact, always able to answer).
struct Dense<const L: usize> {
    m: Matcher<L>,
    n: usize,
}

impl<const L: usize> Graph<L> for Dense<L> {
    fn begin(&mut self, _: &[usize], _: usize, _: usize, _: &Layout) -> Result<(), Abort> {
        Ok(())
    }
    fn local(&self) -> bool {
        false
    }
    fn set(&mut self, u: usize, v: usize, w: Wide<L>) {
        self.m.set_weight(u, v, w);
    }
    fn solve(&mut self, stable: &mut [u32]) -> Result<(), Abort> {
        self.m.solve();
        stable.copy_from_slice(&player_mates(&self.m, self.n));
        Ok(())
    }
    fn finalize(&mut self, v0: usize, v1: usize, max: Wide<L>) {
        finalize_pair(&mut self.m, v0, v1, max);
    }
    fn first_tight(&self, u: usize, cands: &[usize]) -> Option<usize> {
        self.m.first_tight(u, cands)
    }
    fn can_exchange(&self, u: usize, m: usize, j: usize, k: usize) -> bool {
        self.m.can_exchange(u, m, j, k)
    }
}

/// One bracket with the players below it contracted. Every weight outside
/// the bracket is additive, `C + f(u) + f(v)`, so the players below matter
/// only through which bracket players they take: each bracket player `u`
/// gets a private pendant vertex (edge `C/2 + f(u)`: "`u` floats below")
/// and, in an odd field, one vertex `z` joined to every bracket player with
/// `C/2 + min f` ("this player takes the bye rather than someone below").
/// The optimum of that graph bounds the field's from above; after each solve
/// the players below are actually matched (a greedy perfect matching of
/// them, broken open for the floaters), and when that reaches the bound the
/// bracket's optimum is the field's. Otherwise the caller gives up on this
/// graph ([`Abort`]) and solves the whole field.
struct Contracted<'c, 'a, const L: usize> {
    ctx: &'c Ctx<'a>,
    n: usize,
    /// The bye's score group, whether it is a single downfloat bye, and the
    /// ranks by unplayed games there (the additive part of the weights).
    bye_score: u32,
    single_df_bye: bool,
    unplayed_ranks: HashMap<u32, u64>,
    /// The current bracket's layout.
    lay: Layout,
    /// `f(v)` by player (in the current layout), `C/2`, and the bracket's
    /// `min f` below.
    f: Vec<Wide<L>>,
    half_c: Wide<L>,
    f_min: Wide<L>,
    /// Bracket players by local index, and the reverse map.
    a: Vec<usize>,
    local: Vec<u32>,
    m: Matcher<L>,
    z: Option<usize>,
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
    fn new(
        ctx: &'c Ctx<'a>,
        bye_score: u32,
        single_df_bye: bool,
        unplayed_ranks: &HashMap<u32, u64>,
    ) -> Self {
        let n = ctx.sorted.len();
        Contracted {
            ctx,
            n,
            bye_score,
            single_df_bye,
            unplayed_ranks: unplayed_ranks.clone(),
            lay: ctx.global.clone(),
            f: vec![Wide::ZERO; n],
            half_c: Wide::ZERO,
            f_min: Wide::ZERO,
            a: Vec::new(),
            local: vec![FREE; n],
            m: Matcher::new(0),
            z: None,
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

impl<const L: usize> Contracted<'_, '_, L> {
    /// Debug builds, small fields: the incremental solve is optimal for the
    /// contracted graph, and (the players below placed) its value is the
    /// optimum of the uncontracted one, as the bound argument says.
    #[cfg(debug_assertions)]
    fn verify(&self) {
        let k = self.a.len();
        let all: Vec<usize> = self.a.iter().chain(&self.lower).copied().collect();
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
        let mut fresh = Matcher::<L>::new(self.m.len());
        for i in 0..self.m.len() {
            for j in 0..i {
                fresh.set_weight(i, j, self.m.weight(i, j));
            }
        }
        fresh.solve();
        assert_eq!(value(&fresh), value(&self.m), "contracted solve is optimal");
        let c = self.half_c.plus(self.half_c);
        let mut whole = Matcher::<L>::new(all.len());
        for i in 0..all.len() {
            for j in 0..i {
                let w = if i < k {
                    self.m.weight(i, j)
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
        if self.z.is_some() {
            offset = offset.minus(self.half_c).minus(self.f_min);
        }
        assert_eq!(
            value(&whole),
            value(&self.m).plus(offset),
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
    /// Players without a gain keep their pendant; the rest, and `z`, are
    /// left to the matcher's stages.
    fn tight_start(&mut self) {
        let k = self.a.len();
        let size = self.m.len();
        let two = |w: Wide<L>| w.plus(w);
        let c = two(self.half_c);
        let base: Vec<Wide<L>> = self.a.iter().map(|&u| c.plus(two(self.f[u]))).collect();
        let gain = |m: &Matcher<L>, u: usize, v: usize| -> Option<Wide<L>> {
            let w = m.weight(u, v);
            let bs = base[u].plus(base[v]);
            (!w.is_zero() && two(w) > bs).then(|| two(w).minus(bs))
        };
        let mut d = vec![Wide::<L>::ZERO; k];
        for (u, du) in d.iter_mut().enumerate() {
            for v in 0..k {
                if v != u
                    && let Some(e) = gain(&self.m, u, v)
                {
                    let e = e.half();
                    if e > *du {
                        *du = e;
                    }
                }
            }
        }
        // Each player's share lowered to the least that keeps its pairs
        // feasible against the others' current shares (one pass, in order):
        // weights with a part additive per player (floats, colours) then
        // still leave every player a tight pair, its best one.
        for u in 0..k {
            let mut need = Wide::<L>::ZERO;
            for (v, &dv) in d.iter().enumerate() {
                if v != u
                    && let Some(e) = gain(&self.m, u, v)
                    && e > dv
                {
                    let x = e.minus(dv);
                    if x > need {
                        need = x;
                    }
                }
            }
            d[u] = need;
        }
        let mut mates: Vec<u32> = (0..size as u32).collect();
        let mut duals = vec![Wide::<L>::ZERO; size];
        for u in 0..k {
            duals[u] = base[u].plus(d[u]);
        }
        for u in 0..k {
            if mates[u] as usize != u || d[u].is_zero() {
                continue;
            }
            let tight = (u + 1..k).find(|&v| {
                mates[v] as usize == v && gain(&self.m, u, v).is_some_and(|e| e == d[u].plus(d[v]))
            });
            if let Some(v) = tight {
                mates[u] = v as u32;
                mates[v] = u as u32;
            }
        }
        for u in 0..k {
            if mates[u] as usize == u && d[u].is_zero() && !self.m.weight(u, k + u).is_zero() {
                mates[u] = (k + u) as u32;
                mates[k + u] = u as u32;
            }
        }
        if let Some(z) = self.z {
            let mut y = Wide::<L>::ZERO;
            for (u, &du) in duals.iter().enumerate().take(k) {
                let w = self.m.weight(u, z);
                if !w.is_zero() && two(w) > du {
                    let need = two(w).minus(du);
                    if need > y {
                        y = need;
                    }
                }
            }
            duals[z] = y;
        }
        self.m.install(&mates, &duals);
        debug_assert!(self.m.is_feasible(), "the tight start is feasible");
    }

    /// [`Contracted::realise`] by a fresh matching of the floaters and the
    /// players below (floaters first, then augmenting paths).
    fn realise_slow(&self, down: &[usize], left: bool) -> bool {
        let mut vs = self.lower.clone();
        vs.extend_from_slice(down);
        let mate = self.ctx.most_on(&vs, None);
        let k = self.lower.len();
        if mate[k..].contains(&FREE) {
            return false;
        }
        let mut free = (0..k).filter(|&p| mate[p] == FREE);
        match (free.next(), free.next()) {
            (None, _) => !left,
            (Some(x), None) => left && self.f[vs[x]] == self.f_min,
            _ => false,
        }
    }
}

impl<const L: usize> Graph<L> for Contracted<'_, '_, L> {
    fn local(&self) -> bool {
        true
    }

    fn begin(&mut self, a: &[usize], sgb: usize, lower: usize, lay: &Layout) -> Result<(), Abort> {
        let ctx = self.ctx;
        let n = self.n;
        let bits = ctx.total_shift(lay) + 6;
        if bits > 64 * L as u32 {
            return Err(Abort::Wider(bits));
        }
        // Pairs of moved-down players keep the weights they had.
        let mut carried = Vec::new();
        for j in 0..sgb {
            for i in 0..j {
                let (li, lj) = (self.local[a[i]], self.local[a[j]]);
                if li != FREE && lj != FREE {
                    let w = self.m.weight(li as usize, lj as usize);
                    if !w.is_zero() {
                        let Some(w) = ctx.translate(w, &self.lay, lay) else {
                            return Err(abort("a carried weight outside the layout"));
                        };
                        carried.push((i, j, w));
                    }
                }
            }
        }
        // The last bracket's matrix goes before the next one is allocated.
        self.m = Matcher::new(0);
        self.lay = lay.clone();
        for v in a.iter().copied().chain(lower..n) {
            let (f, c) = ctx.additive::<L>(
                lay,
                v,
                self.bye_score,
                self.single_df_bye,
                &self.unplayed_ranks,
            );
            self.f[v] = f;
            self.half_c = c.half();
        }
        for &v in &self.a {
            self.local[v] = FREE;
        }
        self.a = a.to_vec();
        for (i, &v) in a.iter().enumerate() {
            self.local[v] = i as u32;
        }
        let k = a.len();
        // The players below, perfectly matched (but one, when odd).
        self.lower = (lower..n).collect();
        self.f_min = self
            .lower
            .iter()
            .map(|&v| self.f[v])
            .min()
            .unwrap_or(Wide::ZERO);
        self.lower_mate = ctx.most_on(&self.lower, None);
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
            if !fits(size) {
                return Err(abort("bracket too large"));
            }
            self.z = None;
            self.m = Matcher::new(size);
            let all: Vec<usize> = a.iter().chain(&self.lower).copied().collect();
            let c = self.half_c.plus(self.half_c);
            for i in 0..size {
                for j in k.max(i + 1)..size {
                    if ctx.compatible(all[i], all[j]) {
                        let w = c.plus(self.f[all[i]]).plus(self.f[all[j]]);
                        self.m.set_weight(i, j, w);
                    }
                }
            }
            for (i, j, w) in carried {
                self.m.set_weight(i, j, w);
            }
            for v in 0..size {
                self.m.release_vertex(v);
            }
            return Ok(());
        }
        let odd_field = (k + self.lower.len()) % 2 == 1;
        let z = (odd_field && !self.lower.is_empty()).then_some(2 * k);
        self.z = z;
        let size = 2 * k + usize::from(z.is_some());
        if !fits(k) {
            return Err(abort("bracket too large"));
        }
        // Only the bracket's own players are dense; pendants and `z` have
        // their few edges in side lists.
        self.m = Matcher::with_core(size, k);
        let mut mates: Vec<u32> = (0..size as u32).collect();
        let mut duals = vec![Wide::ZERO; size];
        let mut unplaced = Vec::new();
        for (i, &u) in a.iter().enumerate() {
            duals[i] = self
                .half_c
                .plus(self.half_c)
                .plus(self.f[u])
                .plus(self.f[u]);
            let floats = self.lower.iter().any(|&l| ctx.compatible(u, l));
            if floats {
                self.m.set_weight(i, k + i, self.half_c.plus(self.f[u]));
                mates[i] = (k + i) as u32;
                mates[k + i] = i as u32;
            } else {
                unplaced.push(i);
            }
            if let Some(z) = z {
                self.m.set_weight(i, z, self.half_c.plus(self.f_min));
            }
        }
        self.m.install(&mates, &duals);
        for i in unplaced {
            self.m.release_vertex(i);
        }
        if let Some(z) = z {
            // `z`'s edges are infeasible at dual 0 when a bracket player has
            // a smaller `f` than every player below: raise it.
            self.m.release_vertex(z);
        }
        for (i, j, w) in carried {
            self.m.set_weight(i, j, w);
        }
        self.fresh = true;
        Ok(())
    }

    fn load(&mut self, a: &[usize], from: usize, w: impl Fn(usize, usize) -> Wide<L>) {
        debug_assert_eq!(a, self.a, "the bracket of `begin`");
        self.m.fill(from, a.len(), w);
    }

    fn set(&mut self, u: usize, v: usize, w: Wide<L>) {
        let at = |v: usize| self.local.get(v).copied().unwrap_or(FREE);
        let (lu, lv) = (at(u), at(v));
        debug_assert!(lu != FREE && lv != FREE, "both players in the bracket");
        if lu != FREE && lv != FREE {
            self.m.set_weight(lu as usize, lv as usize, w);
        }
    }

    fn solve(&mut self, stable: &mut [u32]) -> Result<(), Abort> {
        if std::mem::take(&mut self.fresh) {
            self.tight_start();
        }
        self.m.solve();
        let k = self.a.len();
        let mates = self.m.mates();
        let mut down = Vec::new();
        let mut out = 0usize;
        for (i, &u) in self.a.iter().enumerate() {
            let j = mates[i] as usize;
            stable[u] = if j < k && j != i {
                self.a[j] as u32
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
        // hold `z` (an odd field's bye), leaving no one below unpaired.
        let z_taken = self.z.is_some_and(|z| (mates[z] as usize) < k);
        if out > 1 || (out == 1 && !z_taken) {
            return Err(abort("bracket players left out"));
        }
        let left = (self.lower.len() + down.len()) % 2 == 1;
        if out == 1 && left {
            return Err(abort("two byes"));
        }
        if self.realise(&down, left) || self.realise_slow(&down, left) {
            #[cfg(debug_assertions)]
            self.verify();
            Ok(())
        } else {
            Err(abort(&format!(
                "floaters not placed below ({} floaters, {} below, {} unmatched below, bye below: {left})",
                down.len(),
                self.lower.len(),
                self.lower_free.len()
            )))
        }
    }

    fn first_tight(&self, u: usize, cands: &[usize]) -> Option<usize> {
        let local = |v: usize| self.local.get(v).copied().filter(|&l| l != FREE);
        let lu = local(u)? as usize;
        let mut lc = Vec::with_capacity(cands.len());
        for &v in cands {
            lc.push(local(v)? as usize);
        }
        self.m.first_tight(lu, &lc)
    }

    fn can_exchange(&self, u: usize, m: usize, j: usize, k: usize) -> bool {
        let local = |v: usize| self.local.get(v).copied().filter(|&l| l != FREE);
        match (local(u), local(m), local(j), local(k)) {
            (Some(u), Some(m), Some(j), Some(k)) => self
                .m
                .can_exchange(u as usize, m as usize, j as usize, k as usize),
            _ => false,
        }
    }

    fn finalize(&mut self, v0: usize, v1: usize, max: Wide<L>) {
        let local = |v: usize| self.local.get(v).copied().filter(|&l| l != FREE);
        let (Some(l0), Some(l1)) = (local(v0), local(v1)) else {
            debug_assert!(false, "a fixed pair is inside the bracket");
            return;
        };
        let (l0, l1) = (l0 as usize, l1 as usize);
        for u in 0..self.m.len() {
            if u != l0 {
                self.m
                    .set_weight(l0, u, if u == l1 { max } else { Wide::ZERO });
            }
            if u != l1 {
                self.m
                    .set_weight(l1, u, if u == l0 { max } else { Wide::ZERO });
            }
        }
    }
}

fn finalize_pair<const L: usize>(m: &mut Matcher<L>, v0: usize, v1: usize, max: Wide<L>) {
    for u in 0..m.len() {
        if u != v0 {
            m.set_weight(v0, u, if u == v1 { max } else { Wide::ZERO });
        }
        if u != v1 {
            m.set_weight(v1, u, if u == v0 { max } else { Wide::ZERO });
        }
    }
}

/// Every pair's weight as seen from outside any bracket.
fn set_outside_weights<const L: usize>(
    ctx: &Ctx<'_>,
    m: &mut Matcher<L>,
    bye_score: u32,
    single_df_bye: bool,
    unplayed_ranks: &HashMap<u32, u64>,
) {
    for pi in 0..ctx.sorted.len() {
        for oi in 0..pi {
            let w = ctx.weight(
                &ctx.global,
                oi,
                pi,
                false,
                false,
                bye_score,
                single_df_bye,
                unplayed_ranks,
            );
            m.set_weight(pi, oi, w);
        }
    }
}

/// The ranks of the players of score group `bye_score` by their number of
/// played games, most first (C.04.3 C.9: the bye to the player with the
/// fewest unplayed games).
fn ranks_for(ctx: &Ctx<'_>, bye_score: u32) -> HashMap<u32, u64> {
    let n = ctx.sorted.len();
    let mut counts: Vec<u32> = (0..n)
        .filter(|&v| ctx.sc(v) == bye_score)
        .map(|v| ctx.p(v).played_games)
        .collect();
    counts.sort_unstable_by(|a, b| b.cmp(a));
    let mut ranks = HashMap::new();
    for (rank, c) in counts.into_iter().enumerate() {
        ranks.insert(c, rank as u64);
    }
    ranks
}

/// Pair the next round bracket by bracket on [`Contracted`] graphs with
/// `L`-limb weights; `Err` when that cannot be vouched for (the caller then
/// solves the whole field) or the weights need more limbs.
pub(super) fn pair_contracted<const L: usize>(t: &Swiss) -> Result<Vec<Pairing>, Abort> {
    let Some(ctx) = Ctx::new(t) else {
        return Ok(Vec::new());
    };
    let n = ctx.sorted.len();
    let Some(w) = ctx.warm_start(|s| ranks_for(&ctx, s)) else {
        return Err(Abort::GiveUp("no warm start".into()));
    };
    // The largest bracket (two adjacent score groups, before moved-down
    // players) must fit the contracted graph's matrix, or it is not tried.
    let mut groups: Vec<usize> = Vec::new();
    for v in 0..n {
        if v == 0 || ctx.sc(v) != ctx.sc(v - 1) {
            groups.push(0);
        }
        if let Some(g) = groups.last_mut() {
            *g += 1;
        }
    }
    let widest = groups.windows(2).map(|w| w[0] + w[1]).max().unwrap_or(n);
    if !fits(widest) {
        return Err(Abort::GiveUp("the widest bracket does not fit".into()));
    }
    let ranks = if n % 2 == 1 {
        ranks_for(&ctx, w.bye_score)
    } else {
        HashMap::new()
    };
    let mut g = Contracted::<L>::new(&ctx, w.bye_score, w.single_df_bye, &ranks);
    let partner = brackets(&ctx, &mut g, w.bye_score, w.single_df_bye, &ranks)?;
    Ok(publish(t, &ctx, &partner))
}

/// Pair the next round on the whole field in one [`Dense`] matcher with
/// `L`-limb weights (exact, and the fallback of [`pair_contracted`]).
#[allow(clippy::needless_range_loop)]
pub(super) fn pair_whole<const L: usize>(t: &Swiss) -> Result<Vec<Pairing>, DutchError> {
    let Some(ctx) = Ctx::new(t) else {
        return Ok(Vec::new());
    };
    let n = ctx.sorted.len();
    let bbits = ctx.b;
    let lay = &ctx.global;
    let odd = n % 2 == 1;
    let top = ctx.sc(0);
    let warm = ctx.warm_start(|s| ranks_for(&ctx, s));
    // The whole field: a dense n × n weight matrix; refuse sizes whose
    // matrix would not fit rather than abort on allocation.
    if !fits(n + 1) {
        return Err(DutchError::TooLarge);
    }
    let mut unplayed_ranks: HashMap<u32, u64> = HashMap::new();
    let mut bye_score = 0;
    let mut single_df_bye = false;
    // A warm-started odd field gets a dummy vertex (index n) standing for
    // the bye: an edge of the same weight to every player, so the matchings
    // correspond one to one and the duals of a perfect matching are uniform.
    let mut m = Matcher::<L>::new(n + usize::from(odd && warm.is_some()));
    if let Some(w) = &warm {
        bye_score = w.bye_score;
        single_df_bye = w.single_df_bye;
        if odd {
            unplayed_ranks = ranks_for(&ctx, bye_score);
        }
        set_outside_weights(&ctx, &mut m, bye_score, single_df_bye, &unplayed_ranks);
        let mut c = Wide::<L>::ZERO;
        let mut duals = Vec::with_capacity(n + 1);
        for v in 0..n {
            let (f, cc) = ctx.additive::<L>(lay, v, bye_score, single_df_bye, &unplayed_ranks);
            c = cc;
            duals.push(cc.plus(f).plus(f));
        }
        let mut mates = w.mate.clone();
        if let Some(x) = w.bye {
            for v in 0..n {
                m.set_weight(n, v, c);
            }
            let (fx, _) = ctx.additive::<L>(lay, x, bye_score, single_df_bye, &unplayed_ranks);
            duals.push(c.minus(fx).minus(fx));
            mates[x] = n as u32;
            mates.push(x as u32);
        }
        m.install(&mates, &duals);
        debug_assert!(m.is_optimal(), "the warm start is an optimum");
    } else {
        for pi in 0..n {
            for oi in 0..pi {
                let w = if odd {
                    if ctx.compatible(pi, oi) {
                        let e = |v: usize| u64::from(!t.eligible_for_bye(ctx.p(v)));
                        let shift = |v: usize| u64::from(lay.shift_of(ctx.sc(v)).unwrap_or(0));
                        Wide::<L>::from_u64(1 + e(pi) + e(oi))
                            .shifted(lay.s)
                            .add_u64(shift(pi) + shift(oi))
                            .shifted(bbits)
                            .add_u64(u64::from(ctx.sc(pi) >= top))
                    } else {
                        Wide::ZERO
                    }
                } else {
                    ctx.weight(lay, oi, pi, false, false, 0, false, &unplayed_ranks)
                };
                m.set_weight(pi, oi, w);
            }
        }
        m.solve();
        {
            let mates = player_mates(&m, n);
            let mut seen = false;
            for v in 0..n {
                if mates[v] as usize == v {
                    if seen || !t.eligible_for_bye(ctx.p(v)) {
                        return Err(DutchError::NoValidPairing);
                    }
                    seen = true;
                }
            }
            if odd {
                if let Some(v) = (0..n).find(|&v| mates[v] as usize == v) {
                    bye_score = ctx.sc(v);
                }
                if bye_score >= top {
                    single_df_bye = true;
                    for v in 0..n {
                        if ctx.sc(v) < top {
                            break;
                        }
                        if ctx.sc(mates[v] as usize) < top {
                            single_df_bye = false;
                            break;
                        }
                    }
                }
                unplayed_ranks = ranks_for(&ctx, bye_score);
                set_outside_weights(&ctx, &mut m, bye_score, single_df_bye, &unplayed_ranks);
            }
        }
    }

    let partner = brackets(
        &ctx,
        &mut Dense { m, n },
        bye_score,
        single_df_bye,
        &unplayed_ranks,
    )
    .map_err(|_| DutchError::NoValidPairing)?;
    Ok(publish(t, &ctx, &partner))
}

/// The boards of the pairing `partner`, colours allocated, in publication
/// order.
fn publish(t: &Swiss, ctx: &Ctx<'_>, partner: &[Option<usize>]) -> Vec<Pairing> {
    let mut out = Vec::new();
    for (v, &mate) in partner.iter().enumerate() {
        let id = ctx.p(v).id;
        match mate {
            Some(u) => {
                let oid = ctx.p(u).id;
                if id < oid {
                    let c = choose_colour(t, &t.players[id], &t.players[oid]);
                    out.push(if c == Colour::White {
                        Pairing {
                            white: id,
                            black: Some(oid),
                        }
                    } else {
                        Pairing {
                            white: oid,
                            black: Some(id),
                        }
                    });
                }
            }
            None => out.push(Pairing {
                white: id,
                black: None,
            }),
        }
    }
    sort_pairings(t, &mut out);
    out
}

/// The bracket-by-bracket pairing on the matching `g`: each player's partner
/// (`None` for the bye), or `Abort` when `g` could not vouch for a result.
#[allow(clippy::needless_range_loop, clippy::too_many_arguments)]
/// A bracket's pair weights before any preference is added, by position in
/// the bracket: worked out when read rather than stored (a stored table of
/// a 5,000-player bracket took a gigabyte at eight limbs), less the pairs
/// ruled out on the way (`cut`).
struct Base<F> {
    weight: F,
    /// Bit `larger·(larger − 1)/2 + smaller`: the pair is cut.
    cut: Vec<u64>,
}

impl<F> Base<F> {
    fn new(len: usize, weight: F) -> Self {
        Base {
            weight,
            cut: vec![0; (len * len.saturating_sub(1) / 2).div_ceil(64)],
        }
    }

    fn index(larger: usize, smaller: usize) -> usize {
        debug_assert!(smaller < larger, "a pair is read larger first");
        larger * (larger - 1) / 2 + smaller
    }

    fn get<const L: usize>(&self, larger: usize, smaller: usize) -> Wide<L>
    where
        F: Fn(usize, usize) -> Wide<L>,
    {
        let i = Self::index(larger, smaller);
        if self.cut[i / 64] >> (i % 64) & 1 == 1 {
            Wide::ZERO
        } else {
            (self.weight)(smaller, larger)
        }
    }

    fn cut(&mut self, larger: usize, smaller: usize) {
        let i = Self::index(larger, smaller);
        self.cut[i / 64] |= 1 << (i % 64);
    }
}

// Positions in the bracket index `vidx` and `base` alike: loops over them
// read as the rules do.
#[allow(clippy::needless_range_loop)]
fn brackets<const L: usize, G: Graph<L>>(
    ctx: &Ctx<'_>,
    g: &mut G,
    bye_score: u32,
    mut single_df_bye: bool,
    unplayed_ranks: &HashMap<u32, u64>,
) -> Result<Vec<Option<usize>>, Abort> {
    let n = ctx.sorted.len();
    let odd = n % 2 == 1;
    let top = ctx.sc(0);
    let bbits = ctx.b;
    let mut partner: Vec<Option<usize>> = vec![None; n];
    // Bracket members by vertex: moved-down players, residents, next group.
    let mut vidx: Vec<usize> = Vec::new();
    let mut next = 0;
    while next < n && ctx.sc(next) >= top {
        vidx.push(next);
        next += 1;
    }
    let mut matched = vec![false; n + 1];
    let mut stable: Vec<u32> = (0..n as u32).collect();
    let mut sgb = 0usize; // number of moved-down players
    let mut sgb_vertex = 0usize;
    // A pair's base weight with the remainder's exchange preference added.
    let ewc = |r: Wide<L>, small_rem: usize, rem_pairs: usize| {
        if r.is_zero() {
            return r;
        }
        let addend = Wide::<L>::from_u64(u64::from(small_rem < rem_pairs))
            .shifted(2 * bbits)
            .sub_u64(small_rem as u64)
            .shifted(1);
        r.plus(addend)
    };
    while vidx.len() > 1 || next < n {
        let nsgb = vidx.len();
        let nsgb_vertex = sgb_vertex + (nsgb - sgb);
        let group_start = next;
        while next < n && ctx.sc(next) >= ctx.sc(group_start) {
            vidx.push(next);
            next += 1;
        }
        let len = vidx.len();
        let lay = if g.local() {
            Layout::new(&ctx.group_bits, vidx.iter().map(|&v| ctx.sc(v)))
        } else {
            ctx.global.clone()
        };
        let max_w: Wide<L> = Wide::ones(ctx.total_shift(&lay) + 2);
        g.begin(&vidx, sgb, next, &lay)?;
        // The pairs' weights before any preference (`base.get(larger,
        // smaller)`, by position in `vidx`), worked out when read.
        let mut base = {
            let (vidx, lay) = (&vidx, &lay);
            Base::new(len, move |smaller, larger| {
                ctx.weight(
                    lay,
                    vidx[smaller],
                    vidx[larger],
                    larger < nsgb,
                    larger >= nsgb,
                    bye_score,
                    single_df_bye,
                    unplayed_ranks,
                )
            })
        };
        g.load(&vidx, sgb, |smaller, larger| base.get(larger, smaller));
        g.solve(&mut stable)?;
        let st = |stable: &Vec<u32>, v: usize| stable[v] as usize;

        // Moved-down players to pair in this bracket.
        let mut md_score = 0u32;
        let mut remaining = 0usize;
        let mut remaining_matched = 0usize;
        for pi in 0..sgb {
            if pi == 0 || ctx.sc(vidx[pi]) < md_score {
                md_score = ctx.sc(vidx[pi]);
                remaining = 0;
                remaining_matched = 0;
                let mut j = pi;
                while j < len && ctx.sc(vidx[j]) >= md_score {
                    remaining += 1;
                    let mv = st(&stable, vidx[j]);
                    if mv >= sgb_vertex && mv < nsgb_vertex {
                        remaining_matched += 1;
                    }
                    j += 1;
                }
            }
            if remaining_matched == 0 {
                continue;
            }
            let pv = vidx[pi];
            if remaining <= remaining_matched {
                matched[pv] = true;
                continue;
            }
            remaining -= 1;
            let mv = st(&stable, pv);
            if mv < sgb_vertex || mv >= nsgb_vertex {
                for oi in sgb..nsgb {
                    let e = base.get(oi, pi);
                    if !e.is_zero() {
                        let e = if e.0[0] & 1 == 0 { e.add_u64(1) } else { e };
                        g.set(pv, vidx[oi], e);
                    }
                }
                g.solve(&mut stable)?;
            }
            let mv = st(&stable, pv);
            if mv >= sgb_vertex && mv < nsgb_vertex {
                matched[pv] = true;
                remaining_matched -= 1;
                for oi in sgb..nsgb {
                    let e = base.get(oi, pi);
                    if !e.is_zero() {
                        let e = e.add_u64((nsgb - sgb) as u64).add_u64(1);
                        g.set(pv, vidx[oi], e);
                    }
                }
            }
        }

        // Opponents of the moved-down players.
        for pi in 0..sgb {
            let pv = vidx[pi];
            if !matched[pv] {
                continue;
            }
            let mut addend = len as u64;
            for oi in (sgb..nsgb).rev() {
                let ov = vidx[oi];
                if matched[ov] {
                    continue;
                }
                let e = base.get(oi, pi);
                if !e.is_zero() {
                    g.set(pv, ov, e.add_u64(addend));
                    addend += 1;
                }
            }
            g.solve(&mut stable)?;
            let mv = st(&stable, pv);
            matched[mv] = true;
            g.finalize(pv, mv, max_w);
        }

        // The remainder (residents not paired with moved-down players).
        let mut remainder: Vec<usize> = Vec::new();
        let mut rem_pairs = 0usize;
        for pi in sgb..nsgb {
            let pv = vidx[pi];
            if st(&stable, pv) < sgb_vertex {
                continue;
            }
            remainder.push(pi);
            if st(&stable, pv) < pv {
                rem_pairs += 1;
            }
        }
        for (oj, &oi) in remainder.iter().enumerate() {
            let ov = vidx[oi];
            for (ri, &pi) in remainder.iter().enumerate().take(oj) {
                g.set(vidx[pi], ov, ewc(base.get(oi, pi), ri, rem_pairs));
            }
        }
        g.solve(&mut stable)?;

        let mut exchange_count = 0usize;
        if let Some(&first_lower) = remainder.get(rem_pairs) {
            for &pi in &remainder {
                if pi >= first_lower {
                    break;
                }
                let pv = vidx[pi];
                let mv = st(&stable, pv);
                exchange_count += usize::from(mv <= pv || mv >= nsgb_vertex);
            }
        }

        // Lower players of S1 to exchange, where possible.
        let mut left = exchange_count;
        let mut pri = rem_pairs;
        let mut it = rem_pairs;
        while it > 0 && left > 0 {
            let opp_start = it;
            pri -= 1;
            it -= 1;
            let pv = vidx[remainder[it]];
            let mv = st(&stable, pv);
            if mv > pv && mv < nsgb_vertex {
                for &oi in &remainder[opp_start..] {
                    let e = ewc(base.get(oi, remainder[it]), pri, rem_pairs);
                    if !e.is_zero() {
                        g.set(pv, vidx[oi], e.sub_u64(1));
                    }
                }
                g.solve(&mut stable)?;
            }
            let mv = st(&stable, pv);
            let exchange = mv <= pv || mv >= nsgb_vertex;
            left -= usize::from(exchange);
            for k in it + 1..remainder.len() {
                let oi = remainder[k];
                if exchange {
                    base.cut(oi, remainder[it]);
                }
                g.set(
                    pv,
                    vidx[oi],
                    ewc(base.get(oi, remainder[it]), pri, rem_pairs),
                );
            }
        }

        // Higher players of S2 to exchange, where possible.
        let mut left = exchange_count;
        let mut ri = rem_pairs;
        let mut it = rem_pairs;
        while it < remainder.len() && left > 1 {
            let pv = vidx[remainder[it]];
            let mv = st(&stable, pv);
            let already = mv > pv && mv < nsgb_vertex;
            if !already {
                for k in it + 1..remainder.len() {
                    let e = ewc(base.get(remainder[k], remainder[it]), ri, rem_pairs);
                    if !e.is_zero() {
                        g.set(pv, vidx[remainder[k]], e.add_u64(1));
                    }
                }
                g.solve(&mut stable)?;
            }
            let mv = st(&stable, pv);
            let exchange = mv > pv && mv < nsgb_vertex;
            if exchange {
                left -= 1;
                for k in 0..it {
                    base.cut(remainder[it], remainder[k]);
                    g.set(pv, vidx[remainder[k]], Wide::ZERO);
                }
                for oi in nsgb..len {
                    base.cut(oi, remainder[it]);
                    g.set(pv, vidx[oi], Wide::ZERO);
                }
            }
            if !already {
                for k in it + 1..remainder.len() {
                    g.set(
                        pv,
                        vidx[remainder[k]],
                        ewc(base.get(remainder[k], remainder[it]), ri, rem_pairs),
                    );
                }
            }
            ri += 1;
            it += 1;
        }

        // Fix which players are exchanged.
        for a in 0..remainder.len() {
            let pv = vidx[remainder[a]];
            for bidx in a + 1..remainder.len() {
                let ov = vidx[remainder[bidx]];
                let (mp, mo) = (st(&stable, pv), st(&stable, ov));
                if mp <= pv || mp >= nsgb_vertex || (mo > ov && mo < nsgb_vertex) {
                    base.cut(remainder[bidx], remainder[a]);
                }
                g.set(pv, ov, base.get(remainder[bidx], remainder[a]));
            }
        }

        // Each S1 player's opponent, highest first. The re-solve is skipped
        // when the player's partner is already its first candidate whose
        // pair is tight under the duals (no other candidate is in any
        // optimal matching then); that holds only while the duals are the
        // last solve's, here from this step's first re-solve on.
        let mut duals_current = false;
        let mut cands: Vec<usize> = Vec::new();
        for &pi in &remainder.clone() {
            let pv = vidx[pi];
            let mp = st(&stable, pv);
            if mp > pv && mp < nsgb_vertex {
                if duals_current {
                    cands.clear();
                    cands.extend(
                        remainder
                            .iter()
                            .filter(|&&oi| {
                                oi > pi && !matched[vidx[oi]] && !base.get(oi, pi).is_zero()
                            })
                            .map(|&oi| vidx[oi]),
                    );
                    let first = g.first_tight(pv, &cands).map(|i| cands[i]);
                    if first == Some(mp) {
                        matched[pv] = true;
                        matched[mp] = true;
                        g.finalize(pv, mp, max_w);
                        continue;
                    }
                    // Or another optimum gives it that candidate by
                    // exchanging two pairs: then it is the player's best.
                    if let Some(j) = first {
                        let k = st(&stable, j);
                        if k < n && k != j && k != pv && k != mp && g.can_exchange(pv, mp, j, k) {
                            stable[pv] = j as u32;
                            stable[j] = pv as u32;
                            stable[k] = mp as u32;
                            stable[mp] = k as u32;
                            matched[pv] = true;
                            matched[j] = true;
                            g.finalize(pv, j, max_w);
                            continue;
                        }
                    }
                }
                let mut addend = 0u64;
                for &oi in remainder.iter().rev() {
                    let ov = vidx[oi];
                    if oi <= pi || matched[ov] {
                        continue;
                    }
                    let e = base.get(oi, pi);
                    if !e.is_zero() {
                        g.set(pv, ov, e.add_u64(addend));
                    }
                    addend += 1;
                }
                g.solve(&mut stable)?;
                duals_current = true;
                let mv = st(&stable, pv);
                matched[pv] = true;
                matched[mv] = true;
                g.finalize(pv, mv, max_w);
            }
        }

        // Carry the unpaired players into the next bracket.
        let mut new_vidx = Vec::new();
        sgb = 0;
        single_df_bye = odd && group_start < n && bye_score >= ctx.sc(group_start);
        for (i, &pv) in vidx.iter().enumerate() {
            if i < nsgb && matched[pv] {
                let mv = st(&stable, pv);
                partner[pv] = Some(mv);
                partner[mv] = Some(pv);
            } else {
                new_vidx.push(pv);
                if i < nsgb {
                    sgb += 1;
                }
                if single_df_bye
                    && group_start < n
                    && (st(&stable, pv) >= n || ctx.sc(st(&stable, pv)) < ctx.sc(group_start))
                {
                    single_df_bye = false;
                }
            }
        }
        vidx = new_vidx;
        sgb_vertex = nsgb_vertex;
    }

    Ok(partner)
}

/// Whether `a` ranks below `b` by accelerated score then rank.
fn ranks_below(t: &Swiss, a: &Entrant, b: &Entrant) -> bool {
    (t.score_acc(a, 0), b.rank_index) < (t.score_acc(b, 0), a.rank_index)
}

fn first_colour_difference(a: &Entrant, b: &Entrant) -> (Option<Colour>, Option<Colour>) {
    let mut ia = a.rounds.iter().rev().filter(|r| r.played);
    let mut ib = b.rounds.iter().rev().filter(|r| r.played);
    loop {
        match (ia.next(), ib.next()) {
            (Some(x), Some(y)) if x.colour == y.colour => {}
            (Some(x), Some(y)) => return (x.colour, y.colour),
            (x, y) => return (x.and_then(|r| r.colour), y.and_then(|r| r.colour)),
        }
    }
}

/// Colour for `p` when meeting `o` where the preferences decide
/// (C.04.3 E.1–E.4); `None` when they do not.
fn neutral_colour(p: &Entrant, o: &Entrant) -> Option<Colour> {
    if prefs_compatible(p.colour_preference, o.colour_preference) {
        if p.colour_preference.is_some() {
            return p.colour_preference;
        }
        return o.colour_preference.map(Colour::invert);
    }
    if p.absolute_preference()
        && (p.colour_imbalance > o.colour_imbalance || !o.absolute_preference())
    {
        return p.colour_preference;
    }
    if o.absolute_preference()
        && (o.colour_imbalance > p.colour_imbalance || !p.absolute_preference())
    {
        return o.colour_preference.map(Colour::invert);
    }
    if p.strong_preference && !o.strong_preference {
        return p.colour_preference;
    }
    if o.strong_preference && !p.strong_preference {
        return o.colour_preference.map(Colour::invert);
    }
    match first_colour_difference(p, o) {
        (Some(_), Some(oc)) => Some(oc),
        _ => None,
    }
}

/// The colour `p` gets against `o` (C.04.3 E).
fn choose_colour(t: &Swiss, p: &Entrant, o: &Entrant) -> Colour {
    if let Some(c) = neutral_colour(p, o) {
        return c;
    }
    let initial = t.initial_colour.unwrap_or(Colour::White);
    match p.colour_preference {
        None => {
            if ranks_below(t, p, o) {
                if o.rank_index & 1 == 1 {
                    initial
                } else {
                    initial.invert()
                }
            } else if p.rank_index & 1 == 1 {
                initial.invert()
            } else {
                initial
            }
        }
        Some(pref) => {
            if ranks_below(t, p, o) {
                o.colour_preference.map_or(pref, Colour::invert)
            } else {
                pref
            }
        }
    }
}

/// Order the boards for publication: byes last, then by the higher player's
/// score, the lower player's score, and the higher player's rank.
fn sort_pairings(t: &Swiss, pairs: &mut [Pairing]) {
    let below = |a: usize, b: usize| {
        let (pa, pb) = (&t.players[a], &t.players[b]);
        (pa.score, pb.rank_index) < (pb.score, pa.rank_index)
    };
    let key = |p: &Pairing| {
        let (hi, lo) = match p.black {
            Some(b) => {
                if below(p.white, b) {
                    (b, p.white)
                } else {
                    (p.white, b)
                }
            }
            None => (p.white, p.white),
        };
        (
            p.black.is_none(),
            std::cmp::Reverse(t.players[hi].score),
            std::cmp::Reverse(t.players[lo].score),
            t.players[hi].rank_index,
        )
    };
    pairs.sort_by_key(key);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dutch::read_trf;

    /// Weights of a bracket's pairs (C.04.3 C.6–C.21 count pairs and floaters
    /// by score group) written in the whole field's layout and moved into the
    /// bracket's own layout are exactly the weights computed there, with a
    /// small addend in the low bits kept, and moving them back restores them:
    /// so a bracket matched in its own layout compares every two matchings
    /// as the whole field's layout does.
    #[test]
    fn a_weight_moved_into_a_brackets_layout_is_the_weight_computed_there() {
        let text = include_str!("../../tests/fixtures/dutch/large/s1200028_222p_10r.trf");
        let t = read_trf(text, false).expect("fixture reads");
        let ctx = Ctx::new(&t).expect("players");
        let n = ctx.sorted.len();
        let scores: Vec<u32> = ctx.global.shift.iter().rev().map(|&(sc, _)| sc).collect();
        assert!(scores.len() >= 5, "several score groups");
        let ranks = ranks_for(&ctx, ctx.sc(n - 1));
        let mut checked = 0;
        for window in scores.windows(3) {
            let local = Layout::new(&ctx.group_bits, window.iter().copied());
            assert!(local.s < ctx.global.s, "a bracket's blocks are narrower");
            let members: Vec<usize> = (0..n).filter(|&v| window.contains(&ctx.sc(v))).collect();
            for (j, &l) in members.iter().enumerate() {
                for &h in &members[..j] {
                    for (in_cur, in_next, single) in [(true, false, false), (false, true, true)] {
                        let bye = ctx.sc(n - 1);
                        let wg = ctx.weight::<8>(
                            &ctx.global,
                            h,
                            l,
                            in_cur,
                            in_next,
                            bye,
                            single,
                            &ranks,
                        );
                        let wl =
                            ctx.weight::<8>(&local, h, l, in_cur, in_next, bye, single, &ranks);
                        let addend = (h * 7 + l) as u64 % 97;
                        let moved = ctx.translate(wg.add_u64(addend), &ctx.global, &local);
                        assert_eq!(moved, Some(wl.add_u64(addend)), "pair {h}-{l}");
                        let back = ctx.translate(wl.add_u64(addend), &local, &ctx.global);
                        assert_eq!(back, Some(wg.add_u64(addend)), "pair {h}-{l} back");
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 1000, "{checked} weights checked");
        // A weight counting a group the target layout lacks cannot move.
        let top = Layout::new(&ctx.group_bits, scores[..2].iter().copied());
        let bottom = Layout::new(&ctx.group_bits, scores[scores.len() - 2..].iter().copied());
        let (h, l) = (1..n)
            .flat_map(|l| (0..l).map(move |h| (h, l)))
            .find(|&(h, l)| ctx.sc(l) >= scores[1] && ctx.compatible(h, l))
            .expect("two top players can meet");
        let w = ctx.weight::<8>(&top, h, l, true, false, 0, false, &ranks);
        assert_eq!(ctx.translate(w, &top, &bottom), None);
    }
}
