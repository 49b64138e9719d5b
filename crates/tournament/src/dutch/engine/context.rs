//! The per-round data every weight is computed from ([`RoundContext`]):
//! the players to pair in rank order (the graphs' vertices), who may meet
//! whom (C.04.3 C.1–C.3), bye eligibility and past floats.

use std::collections::HashMap;

use super::weights::Layout;
use crate::dutch::state::{Colour, Entrant, Swiss};

/// The colour facts of a player that every weight reads, copied out of its
/// [`Entrant`] by vertex: a weight reads them for both players of every
/// pair, and a compact array by vertex stays in cache where the entrants
/// (by start number, each a few cache lines) do not.
#[derive(Clone, Copy, Debug)]
pub(super) struct Facts {
    pub(super) colour_imbalance: u32,
    pub(super) colour_preference: Option<Colour>,
    pub(super) repeated_colour: Option<Colour>,
    pub(super) strong_preference: bool,
    pub(super) played_games: u32,
}

impl Facts {
    fn of(p: &Entrant) -> Facts {
        Facts {
            colour_imbalance: p.colour_imbalance,
            colour_preference: p.colour_preference,
            repeated_colour: p.repeated_colour,
            strong_preference: p.strong_preference,
            played_games: p.played_games,
        }
    }

    /// As [`Entrant::absolute_imbalance`].
    pub(super) fn absolute_imbalance(&self) -> bool {
        self.colour_imbalance > 1
    }

    /// As [`Entrant::absolute_preference`].
    pub(super) fn absolute_preference(&self) -> bool {
        self.absolute_imbalance() || self.repeated_colour.is_some()
    }
}

/// A player's float in an earlier round (C.04.3 A.4: a downfloater was
/// paired with a lower score or got a point without playing, an upfloater
/// with a higher score).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(super) enum Float {
    Down,
    Up,
    None,
}

pub(super) fn bits_to_represent(x: usize) -> u32 {
    usize::BITS - x.leading_zeros()
}

/// Per-round data shared by all weight computations.
pub(super) struct RoundContext<'a> {
    pub(super) swiss: &'a Swiss,
    /// By vertex: the player's index in `swiss.players`. Vertices are the
    /// players to pair, by accelerated score (highest first), then rank.
    pub(super) sorted: Vec<usize>,
    /// By vertex: the accelerated score.
    scores: Vec<u32>,
    /// By vertex: the player's colour facts.
    pub(super) facts: Vec<Facts>,
    /// By vertex: the vertices it must not meet (played or forbidden),
    /// sorted.
    forbidden: Vec<Vec<u32>>,
    /// By vertex: may get the pairing-allocated bye (C.04.1 d).
    bye_eligible: Vec<bool>,
    /// Topscorers (score above this) may meet with equal absolute colour
    /// preferences: in the last round only (C.04.3 C.3).
    topscorer_above: Option<u32>,
    /// Bits of each score group's counters (enough for the group's size).
    // lookup only: order never reaches a result (Layout::new sorts the keys)
    pub(super) group_bits: HashMap<u32, u32>,
    /// The layout with every score group (the whole-field graph's).
    pub(super) global: Layout,
    /// Bits of a count field of a weight: enough for the largest score
    /// group.
    pub(super) count_bits: u32,
    /// By vertex: its float one and two rounds back (`Float::None` before
    /// that many rounds), worked out once rather than per pair.
    pub(super) floats: Vec<[Float; 2]>,
}

impl RoundContext<'_> {
    /// The player of vertex `v`.
    pub(super) fn entrant(&self, v: usize) -> &Entrant {
        &self.swiss.players[self.sorted[v]]
    }

    /// The accelerated score of vertex `v`.
    pub(super) fn score(&self, v: usize) -> u32 {
        self.scores[v]
    }

    /// Whether `a` and `b` may meet (the absolute criteria C.04.3 C.1–C.3).
    pub(super) fn compatible(&self, a: usize, b: usize) -> bool {
        let (pa, pb) = (&self.facts[a], &self.facts[b]);
        self.forbidden[a].binary_search(&(b as u32)).is_err()
            && (!pa.absolute_preference()
                || !pb.absolute_preference()
                || pa.colour_preference != pb.colour_preference
                || self
                    .topscorer_above
                    .is_some_and(|top| self.score(a) > top || self.score(b) > top))
    }

    /// The float of vertex `v` in the round `back` rounds ago.
    fn float(&self, v: usize, back: usize) -> Float {
        let t = self.swiss;
        let p = self.entrant(v);
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

    /// Whether `v` may get the bye when it goes to score group `bye_score`
    /// or below.
    pub(super) fn bye_candidate(&self, v: usize, bye_score: u32) -> bool {
        self.bye_eligible[v] && self.score(v) <= bye_score
    }
}

impl<'a> RoundContext<'a> {
    pub(super) fn new(t: &'a Swiss) -> Option<RoundContext<'a>> {
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
        let scores: Vec<u32> = sorted
            .iter()
            .map(|&id| t.score_acc(&t.players[id], 0))
            .collect();
        let facts = sorted.iter().map(|&id| Facts::of(&t.players[id])).collect();
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
        let bye_eligible = sorted
            .iter()
            .map(|&id| t.eligible_for_bye(&t.players[id]))
            .collect();
        let topscorer_above = t.topscorer_above();
        // lookup only: order never reaches a result (Layout::new sorts the keys)
        let mut group_bits = HashMap::new();
        let (mut max_size, mut run) = (0usize, 0usize);
        for i in (0..sorted.len()).rev() {
            run += 1;
            if i == 0 || scores[i] < scores[i - 1] {
                group_bits.insert(scores[i], bits_to_represent(run));
                max_size = max_size.max(run);
                run = 0;
            }
        }
        let global = Layout::new(&group_bits, group_bits.keys().copied());
        let mut ctx = RoundContext {
            swiss: t,
            sorted,
            scores,
            facts,
            forbidden,
            bye_eligible,
            topscorer_above,
            group_bits,
            global,
            count_bits: bits_to_represent(max_size),
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
