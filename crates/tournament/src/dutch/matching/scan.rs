//! The row scan of [`Matcher`]'s stages (Van Rantwijk's inner loop): the
//! hot path of the algorithm, where nearly every edge the matcher reads is
//! read. Its steps (labels, blossoms, augmentations) are in `blossom`.

use super::{Ep, Matcher, NONE};
use crate::dutch::wide::Wide;

impl<const L: usize> Matcher<L> {
    /// Scan the edges of S-vertex `v` (Van Rantwijk's inner loop): label
    /// what a tight edge reaches, form blossoms, augment when a tight edge
    /// leads to a free vertex or to another tree, and keep each unlabelled
    /// vertex's and each S-blossom's least-slack edge for the dual
    /// adjustment. Returns whether it augmented. The dense row is read in
    /// place; a T-vertex's edges are skipped before any slack is computed,
    /// and the S-blossom's least slack so far is kept rather than
    /// recomputed per edge.
    pub(super) fn scan(&mut self, v: u32) -> bool {
        let vi = v as usize;
        let dv = self.dual[vi];
        let row = vi * self.core;
        let mut at = ScanAt {
            v,
            dv,
            bv: self.top(v),
            group: self.grp[vi],
            best: None,
        };
        at.best = self.best_of(at.bv);
        if vi < self.core {
            // A live vertex reads an isolated vertex's weight from that
            // vertex's row (see `isolated`).
            let own_row = self.isolated[vi];
            for i in 0..self.core {
                let idx = if !own_row && self.isolated[i] {
                    i * self.core + vi
                } else {
                    row + i
                };
                if !self.dense_edge(idx) || i == vi {
                    continue;
                }
                if self.scan_edge(&mut at, i as u32, |m| m.dense_w(idx)) {
                    return true;
                }
            }
        }
        for j in 0..self.side[vi].len() {
            let (w, wt) = self.side[vi][j];
            if wt.is_zero() || w == v {
                continue;
            }
            if self.scan_edge(&mut at, w, |_| wt) {
                return true;
            }
        }
        false
    }

    /// The least slack of S-blossom (or vertex) `b`'s edges to other
    /// S-blossoms, if it has one.
    #[inline(always)]
    fn best_of(&mut self, b: u32) -> Option<Wide<L>> {
        let e = self.bestedge[b as usize];
        (!e.is_nil()).then(|| self.best_slack(b as usize))
    }

    /// One edge `{at.v, w}` of [`Matcher::scan`], its weight read by
    /// `weight` only when it is needed. Returns whether it augmented.
    #[inline(always)]
    fn scan_edge(
        &mut self,
        at: &mut ScanAt<L>,
        w: u32,
        weight: impl FnOnce(&Self) -> Wide<L>,
    ) -> bool {
        let v = at.v;
        let wi = w as usize;
        // The vertices of a top-level blossom share its group, and no other
        // vertex has it: `w` is in `v`'s blossom when it has `v`'s group.
        // Both this and `w`'s label are read in the row's order, not
        // through `top` (see `vlab`).
        debug_assert_eq!(
            self.grp[wi] == at.group,
            self.top(w) == at.bv,
            "a top-level blossom's vertices are its group's"
        );
        if self.grp[wi] == at.group {
            return false;
        }
        let lbw = self.vlab[wi];
        debug_assert_eq!(lbw, self.label[self.top(w) as usize], "`vlab` is current");
        if lbw == 2 && self.label[wi] != 0 {
            return false;
        }
        let wt = weight(self);
        let kslack = Wide::slack(at.dv, self.dual[wi], wt);
        let p = Ep { from: v, to: w };
        if kslack.is_zero() {
            let bw = self.top(w);
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
                at.bv = self.top(v);
                at.group = self.grp[v as usize];
                at.best = self.best_of(at.bv);
            } else {
                self.label[wi] = 2;
                self.labelend[wi] = p.flip();
            }
        } else if lbw == 1 {
            if at.best.is_none_or(|b| kslack < b) {
                self.set_best(at.bv as usize, p, wt, kslack);
                at.best = Some(kslack);
            }
        } else if self.label[wi] == 0 {
            let be = self.bestedge[wi];
            if be.is_nil() || kslack < self.best_slack(wi) {
                self.set_best(wi, p, wt, kslack);
            }
        }
        false
    }
}

/// The S-vertex a [`Matcher::scan`] reads the edges of: its dual, its
/// top-level blossom and that blossom's least slack to another S-blossom
/// so far (both change when the scan makes a blossom).
struct ScanAt<const L: usize> {
    v: u32,
    dv: Wide<L>,
    bv: u32,
    /// The group of `v`'s vertices (see [`Matcher::top`]).
    group: u32,
    best: Option<Wide<L>>,
}
