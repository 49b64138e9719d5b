//! Edge weights: the C.04.3 criteria as bit fields of a [`Wide`] integer,
//! most significant first, and where each score group's counters sit in
//! them ([`Layout`]).
//!
//! From the top down a weight holds: the completion and bye field (C.4,
//! C.5), the pairs made in the current bracket and their scores (C.6–C.7),
//! the same for the next bracket (C.8), the bye assignee's unplayed games
//! (C.9), the colour criteria (C.10–C.13), the float criteria of the last
//! two rounds as counts and by score (C.14–C.21), and `3 · count_bits + 1`
//! low bits for the bracket loop's small preferences (C.04.3 D).

use std::collections::HashMap;

use super::colour::preferences_compatible;
use super::context::{Float, RoundContext};
use crate::dutch::state::{Colour, Swiss};
use crate::dutch::wide::Wide;

/// Where each score group's counter sits within the score blocks of a
/// weight (C.6–C.8 and C.14–C.21 count pairs and floaters by score). The
/// whole field needs every group; a bracket only the groups of its own
/// players, which keeps its weights a few limbs wide: the order of any two
/// sums of weights is the same in both layouts, as the blocks of groups a
/// bracket lacks are zero in every weight it holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Layout {
    /// `(score, shift)`, lowest score first.
    pub(super) group_shifts: Vec<(u32, u32)>,
    /// Bits of one block.
    pub(super) block_bits: u32,
}

impl Layout {
    /// The layout of the score groups `scores`, each group's counter
    /// `group_bits[score]` wide.
    pub(super) fn new(
        group_bits: &HashMap<u32, u32>,
        scores: impl IntoIterator<Item = u32>,
    ) -> Layout {
        let mut scores: Vec<u32> = scores.into_iter().collect();
        scores.sort_unstable();
        scores.dedup();
        let mut group_shifts = Vec::with_capacity(scores.len());
        let mut block_bits = 0;
        for score in scores {
            group_shifts.push((score, block_bits));
            block_bits += group_bits.get(&score).copied().unwrap_or(1);
        }
        Layout {
            group_shifts,
            block_bits,
        }
    }

    /// Where the counter of score group `score` sits within a block.
    pub(super) fn shift_of(&self, score: u32) -> Option<u32> {
        self.group_shifts
            .binary_search_by_key(&score, |&(score, _)| score)
            .ok()
            .map(|i| self.group_shifts[i].1)
    }
}

impl RoundContext<'_> {
    /// Total number of bits of a weight, excluding the top field.
    pub(super) fn total_shift(&self, layout: &Layout) -> u32 {
        let (count_bits, block_bits) = (self.count_bits, layout.block_bits);
        let rounds = self.swiss.played_rounds;
        let mut total =
            count_bits + block_bits + count_bits + block_bits + 2 * count_bits + 4 * count_bits;
        if rounds >= 1 {
            total += 2 * count_bits + 2 * block_bits;
        }
        if rounds > 1 {
            total += 2 * count_bits + 2 * block_bits;
        }
        total + 3 * count_bits + 1
    }

    /// The weight of the pair `higher`–`lower` (`higher` ranked higher).
    /// Its fields are written from the top down at a cursor (`at`) that
    /// starts at [`RoundContext::total_shift`] and ends at 0; a count by
    /// score group goes to the cursor plus the group's place in the layout.
    /// `in_current`: the pair is made in the current bracket (C.6–C.7 and
    /// the colour and float criteria count it); `in_next`: in the next one
    /// (C.8); `single_downfloat_bye`: the bye is a single downfloat bye, and C.9
    /// ranks the bye's candidates by `unplayed_ranks`.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn weight<const L: usize>(
        &self,
        layout: &Layout,
        higher: usize,
        lower: usize,
        in_current: bool,
        in_next: bool,
        bye_score: u32,
        single_downfloat_bye: bool,
        unplayed_ranks: &HashMap<u32, u64>,
    ) -> Wide<L> {
        if !self.compatible(higher, lower) {
            return Wide::ZERO;
        }
        self.profile_weight(
            layout,
            higher,
            lower,
            in_current,
            in_next,
            bye_score,
            single_downfloat_bye,
            unplayed_ranks,
        )
    }

    /// [`RoundContext::weight`] of a pair that may meet: it reads no more of
    /// either player than its [`Profile`].
    #[allow(clippy::too_many_arguments)]
    fn profile_weight<const L: usize>(
        &self,
        layout: &Layout,
        higher: usize,
        lower: usize,
        in_current: bool,
        in_next: bool,
        bye_score: u32,
        single_downfloat_bye: bool,
        unplayed_ranks: &HashMap<u32, u64>,
    ) -> Wide<L> {
        let (count_bits, block_bits) = (self.count_bits, layout.block_bits);
        let (higher_player, lower_player) = (&self.facts[higher], &self.facts[lower]);
        let (higher_score, lower_score) = (self.score(higher), self.score(lower));
        let bit = |x: bool| u64::from(x);
        let group = |score: u32| {
            let shift = layout.shift_of(score);
            debug_assert!(shift.is_some(), "score {score} in the layout");
            shift.unwrap_or(0)
        };
        let mut at = self.total_shift(layout);
        let mut weight = Wide::<L>::ZERO.add_at(
            at,
            1 + bit(!self.bye_candidate(higher, bye_score))
                + bit(!self.bye_candidate(lower, bye_score)),
        );
        at -= count_bits;
        weight = weight.add_at(at, bit(in_current));
        at -= block_bits;
        if in_current {
            weight = weight.add_at(at + group(higher_score), 1);
        }
        at -= count_bits;
        weight = weight.add_at(at, bit(in_next));
        at -= block_bits;
        if in_next {
            weight = weight.add_at(at + group(higher_score), 1);
        }
        at -= 2 * count_bits;
        if single_downfloat_bye {
            if higher_score == bye_score {
                weight = weight.add_at(
                    at,
                    unplayed_ranks
                        .get(&higher_player.played_games)
                        .copied()
                        .unwrap_or(0),
                );
            }
            if lower_score == bye_score {
                weight = weight.add_at(
                    at,
                    unplayed_ranks
                        .get(&lower_player.played_games)
                        .copied()
                        .unwrap_or(0),
                );
            }
        }
        // Colour criteria, seen from the lower player.
        let (player, opponent) = (lower_player, higher_player);
        at -= count_bits;
        weight = weight.add_at(
            at,
            bit(in_current
                && (!player.absolute_imbalance()
                    || !opponent.absolute_imbalance()
                    || player.colour_preference != opponent.colour_preference)),
        );
        let repeated_colour_ok = if player.colour_imbalance == opponent.colour_imbalance {
            player.repeated_colour.is_none() || player.repeated_colour != opponent.repeated_colour
        } else {
            let which = if player.colour_imbalance > opponent.colour_imbalance {
                opponent
            } else {
                player
            };
            which.repeated_colour != player.colour_preference.map(Colour::opposite)
        };
        at -= count_bits;
        weight = weight.add_at(
            at,
            bit(in_current
                && (!player.absolute_preference()
                    || !opponent.absolute_preference()
                    || player.colour_preference != opponent.colour_preference
                    || repeated_colour_ok)),
        );
        at -= count_bits;
        weight = weight.add_at(
            at,
            bit(in_current
                && preferences_compatible(player.colour_preference, opponent.colour_preference)),
        );
        at -= count_bits;
        weight = weight.add_at(
            at,
            bit(in_current
                && ((!player.strong_preference && !player.absolute_preference())
                    || (!opponent.strong_preference && !opponent.absolute_preference())
                    || (player.absolute_preference() && opponent.absolute_preference())
                    || player.colour_preference != opponent.colour_preference)),
        );
        let rounds = self.swiss.played_rounds;
        let float = |v: usize, back: usize| self.floats[v][back - 1];
        for back in 1..=2 {
            if rounds >= back {
                at -= count_bits;
                if in_current {
                    weight = weight.add_at(at, bit(float(lower, back) == Float::Down));
                    weight = weight.add_at(
                        at,
                        bit(higher_score <= lower_score && float(higher, back) == Float::Down),
                    );
                }
                at -= count_bits;
                if in_current {
                    weight = weight.add_at(
                        at,
                        bit(!(higher_score > lower_score && float(lower, back) == Float::Up)),
                    );
                }
            }
        }
        for back in 1..=2 {
            if rounds >= back {
                at -= block_bits;
                if in_current {
                    if float(lower, back) == Float::Down {
                        weight = weight.add_at(at + group(lower_score), 1);
                    }
                    if float(higher, back) == Float::Down {
                        weight = weight.add_at(at + group(higher_score), 1);
                    }
                }
                at -= block_bits;
                if in_current && !(float(lower, back) == Float::Up && higher_score > lower_score) {
                    weight = weight.add_at(at + group(higher_score), 1);
                }
            }
        }
        debug_assert_eq!(at, 3 * count_bits + 1, "the fields fill the weight");
        weight
    }
}

/// What [`RoundContext::weight`] reads of a player besides whom it may
/// meet: players with the same profile have the same weights with every
/// player they may meet.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
struct Profile {
    score: u32,
    bye_eligible: bool,
    colour_imbalance: u32,
    colour_preference: Option<Colour>,
    repeated_colour: Option<Colour>,
    strong_preference: bool,
    /// Only where the bye's unplayed games are ranked (C.9), else 0.
    played_games: u32,
    floats: [Float; 2],
}

/// A bracket's pair weights by the players' profiles ([`Profile`]): the
/// weight of every pair that may meet, worked out once per two profiles
/// rather than once per pair (a wide bracket holds a few hundred profiles
/// for millions of pairs).
pub(super) struct ProfileWeights<const L: usize> {
    /// By position in the bracket: its profile's index.
    profile: Vec<u32>,
    /// The number of profiles.
    count: usize,
    /// `[(in_next · count + higher) · count + lower]`.
    table: Vec<Wide<L>>,
}

impl<const L: usize> ProfileWeights<L> {
    /// The weight of the pair at positions `higher < lower` that may meet,
    /// `in_next` when `lower` is in the next score group (else the pair is
    /// in the current bracket).
    pub(super) fn get(&self, higher: usize, lower: usize, in_next: bool) -> Wide<L> {
        let (h, l) = (self.profile[higher] as usize, self.profile[lower] as usize);
        self.table[(usize::from(in_next) * self.count + h) * self.count + l]
    }
}

/// The most entries a [`ProfileWeights`] table may hold.
const PROFILE_TABLE_LIMIT: usize = 1 << 20;

impl RoundContext<'_> {
    fn profile(&self, v: usize, bye_score: u32, single_downfloat_bye: bool) -> Profile {
        let facts = &self.facts[v];
        let score = self.score(v);
        Profile {
            score,
            bye_eligible: self.bye_candidate(v, bye_score),
            colour_imbalance: facts.colour_imbalance,
            colour_preference: facts.colour_preference,
            repeated_colour: facts.repeated_colour,
            strong_preference: facts.strong_preference,
            played_games: if single_downfloat_bye && score == bye_score {
                facts.played_games
            } else {
                0
            },
            floats: self.floats[v],
        }
    }

    /// The pair weights of the bracket `members` (its next score group from
    /// position `next_group_start` on) by profile, or `None` when there are
    /// too many profiles for the table to pay (more entries than a quarter
    /// of the bracket's pairs, or than [`PROFILE_TABLE_LIMIT`]; debug builds
    /// take the table whenever it fits).
    #[allow(clippy::too_many_arguments)]
    fn profile_weights<const L: usize>(
        &self,
        layout: &Layout,
        members: &[usize],
        next_group_start: usize,
        bye_score: u32,
        single_downfloat_bye: bool,
        unplayed_ranks: &HashMap<u32, u64>,
    ) -> Option<ProfileWeights<L>> {
        // lookup only: order never reaches a result (indices in first-seen order)
        let mut index: HashMap<Profile, u32> = HashMap::new();
        let mut first: Vec<usize> = Vec::new();
        let profile: Vec<u32> = members
            .iter()
            .map(|&v| {
                *index
                    .entry(self.profile(v, bye_score, single_downfloat_bye))
                    .or_insert_with(|| {
                        first.push(v);
                        (first.len() - 1) as u32
                    })
            })
            .collect();
        let count = first.len();
        let pairs = members.len() * members.len().saturating_sub(1) / 2;
        let entries = 2 * count * count;
        // Debug builds use the table whenever it fits, so that every test's
        // brackets check it against the weights worked out pair by pair.
        if entries > PROFILE_TABLE_LIMIT || (!cfg!(debug_assertions) && entries > pairs / 4) {
            return None;
        }
        let in_next_needed = next_group_start < members.len();
        let mut table = Vec::with_capacity(entries);
        for in_next in [false, true] {
            for &h in &first {
                for &l in &first {
                    table.push(if in_next && !in_next_needed {
                        Wide::ZERO
                    } else {
                        self.profile_weight(
                            layout,
                            h,
                            l,
                            !in_next,
                            in_next,
                            bye_score,
                            single_downfloat_bye,
                            unplayed_ranks,
                        )
                    });
                }
            }
        }
        Some(ProfileWeights {
            profile,
            count,
            table,
        })
    }
}

/// One bracket's pair weights before any preference, by position in the
/// bracket (`members`: moved-down players, residents, then the next score
/// group from `next_group_start` on): read from the [`ProfileWeights`]
/// table when the bracket has one, else worked out pair by pair.
pub(super) struct BracketWeights<'c, 'a, const L: usize> {
    ctx: &'c RoundContext<'a>,
    layout: &'c Layout,
    members: &'c [usize],
    next_group_start: usize,
    bye_score: u32,
    single_downfloat_bye: bool,
    unplayed_ranks: &'c HashMap<u32, u64>,
    by_profile: Option<ProfileWeights<L>>,
}

impl<'c, 'a, const L: usize> BracketWeights<'c, 'a, L> {
    pub(super) fn new(
        ctx: &'c RoundContext<'a>,
        layout: &'c Layout,
        members: &'c [usize],
        next_group_start: usize,
        bye_score: u32,
        single_downfloat_bye: bool,
        unplayed_ranks: &'c HashMap<u32, u64>,
    ) -> Self {
        let by_profile = ctx.profile_weights(
            layout,
            members,
            next_group_start,
            bye_score,
            single_downfloat_bye,
            unplayed_ranks,
        );
        BracketWeights {
            ctx,
            layout,
            members,
            next_group_start,
            bye_score,
            single_downfloat_bye,
            unplayed_ranks,
            by_profile,
        }
    }

    /// The weight of the pair at positions `smaller < larger`.
    pub(super) fn get(&self, smaller: usize, larger: usize) -> Wide<L> {
        let (higher, lower) = (self.members[smaller], self.members[larger]);
        let in_next = larger >= self.next_group_start;
        let computed = || {
            self.ctx.weight(
                self.layout,
                higher,
                lower,
                !in_next,
                in_next,
                self.bye_score,
                self.single_downfloat_bye,
                self.unplayed_ranks,
            )
        };
        let Some(table) = &self.by_profile else {
            return computed();
        };
        let w = if self.ctx.compatible(higher, lower) {
            table.get(smaller, larger, in_next)
        } else {
            Wide::ZERO
        };
        debug_assert!(w == computed(), "a weight by profile as worked out");
        w
    }
}

/// The number of 64-bit limbs needed for a round of `t`.
pub(crate) fn needed_bits(t: &Swiss) -> Option<u32> {
    let ctx = RoundContext::new(t)?;
    Some(ctx.total_shift(&ctx.global) + 6)
}

/// The bits a bracket's weights need when its players come from three
/// adjacent score groups (moved-down players from one group above): the
/// width the contracted path starts with (see [`Abort::Wider`](super::Abort::Wider)).
pub(crate) fn bracket_bits(t: &Swiss) -> Option<u32> {
    let ctx = RoundContext::new(t)?;
    let scores: Vec<u32> = ctx
        .global
        .group_shifts
        .iter()
        .rev()
        .map(|&(score, _)| score)
        .collect();
    let widest = scores
        .windows(3.min(scores.len()))
        .map(|w| ctx.total_shift(&Layout::new(&ctx.group_bits, w.iter().copied())))
        .max()?;
    Some(widest + 6)
}

impl RoundContext<'_> {
    /// `f(v)` of the additive weights outside the brackets (see
    /// [`RoundContext::warm_start`]), and `C`.
    pub(super) fn additive<const L: usize>(
        &self,
        layout: &Layout,
        v: usize,
        bye_score: u32,
        single_downfloat_bye: bool,
        unplayed_ranks: &HashMap<u32, u64>,
    ) -> (Wide<L>, Wide<L>) {
        let total = self.total_shift(layout);
        let unplayed_field = total - (4 * self.count_bits + 2 * layout.block_bits);
        let mut f =
            Wide::<L>::from_u64(u64::from(!self.bye_candidate(v, bye_score))).shifted(total);
        if single_downfloat_bye && self.score(v) == bye_score {
            let rank = unplayed_ranks
                .get(&self.entrant(v).played_games)
                .copied()
                .unwrap_or(0);
            f = f.plus(Wide::from_u64(rank).shifted(unplayed_field));
        }
        (f, Wide::from_u64(1).shifted(total))
    }

    /// A weight of layout `from` in layout `to` (`None` when it counts a
    /// score group `to` lacks). The weight may carry a small addend in its
    /// lowest `3 · count_bits + 1` bits, which is kept as it is.
    pub(super) fn translate<const L: usize>(
        &self,
        w: Wide<L>,
        from: &Layout,
        to: &Layout,
    ) -> Option<Wide<L>> {
        if from == to {
            return Some(w);
        }
        let count_bits = self.count_bits;
        let float_rounds = self.swiss.played_rounds.min(2) as u32;
        // Fields are read from `w` at `read` and written to `out` at
        // `write`, from the lowest up.
        let (mut read, mut write) = (0u32, 0u32);
        let mut out = Wide::<L>::ZERO;
        let plain = |out: &mut Wide<L>, read: &mut u32, write: &mut u32, width: u32| {
            *out = out.plus(w.shifted_right(*read).low_bits(width).shifted(*write));
            *read += width;
            *write += width;
        };
        let block = |out: &mut Wide<L>, read: &mut u32, write: &mut u32| -> Option<()> {
            for &(score, shift) in &from.group_shifts {
                let width = self.group_bits.get(&score).copied().unwrap_or(1);
                let v = w.shifted_right(*read + shift).low_bits(width);
                if !v.is_zero() {
                    *out = out.plus(v.shifted(*write + to.shift_of(score)?));
                }
            }
            *read += from.block_bits;
            *write += to.block_bits;
            Some(())
        };
        plain(&mut out, &mut read, &mut write, 3 * count_bits + 1);
        for _ in 0..2 * float_rounds {
            block(&mut out, &mut read, &mut write)?;
        }
        plain(
            &mut out,
            &mut read,
            &mut write,
            count_bits * (2 * float_rounds + 6),
        );
        block(&mut out, &mut read, &mut write)?;
        plain(&mut out, &mut read, &mut write, count_bits);
        block(&mut out, &mut read, &mut write)?;
        Some(out.plus(w.shifted_right(read).shifted(write)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dutch::engine::pairing::ranks_by_played_games;
    use crate::dutch::read_trf;

    /// Weights of a bracket's pairs (C.04.3 C.6–C.21 count pairs and floaters
    /// by score group) written in the whole field's layout and moved into the
    /// bracket's own layout are exactly the weights computed there, with a
    /// small addend in the low bits kept, and moving them back restores them:
    /// so a bracket matched in its own layout compares every two matchings
    /// as the whole field's layout does.
    #[test]
    fn a_weight_moved_into_a_brackets_layout_is_the_weight_computed_there() {
        let text = include_str!("../../../tests/fixtures/dutch/large/s1200028_222p_10r.trf");
        let t = read_trf(text, false).expect("fixture reads");
        let ctx = RoundContext::new(&t).expect("players");
        let n = ctx.sorted.len();
        let scores: Vec<u32> = ctx
            .global
            .group_shifts
            .iter()
            .rev()
            .map(|&(score, _)| score)
            .collect();
        assert!(scores.len() >= 5, "several score groups");
        let ranks = ranks_by_played_games(&ctx, ctx.score(n - 1));
        let mut checked = 0;
        for window in scores.windows(3) {
            let local = Layout::new(&ctx.group_bits, window.iter().copied());
            assert!(
                local.block_bits < ctx.global.block_bits,
                "a bracket's blocks are narrower"
            );
            let members: Vec<usize> = (0..n).filter(|&v| window.contains(&ctx.score(v))).collect();
            for (j, &l) in members.iter().enumerate() {
                for &h in &members[..j] {
                    for (in_cur, in_next, single) in [(true, false, false), (false, true, true)] {
                        let bye = ctx.score(n - 1);
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
            .find(|&(h, l)| ctx.score(l) >= scores[1] && ctx.compatible(h, l))
            .expect("two top players can meet");
        let w = ctx.weight::<8>(&top, h, l, true, false, 0, false, &ranks);
        assert_eq!(ctx.translate(w, &top, &bottom), None);
    }
}
