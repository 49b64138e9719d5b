//! The bracket loop (C.04.3 B and D): the brackets from the top score
//! down, each fixing in the FIDE order which moved-down players are paired,
//! their opponents, the exchanges between S1 and S2 and each S1 player's
//! opponent, by re-solving the matching with small extra weights.

use std::collections::HashMap;

use super::context::RoundContext;
use super::graph::{Abort, Graph};
use super::weights::{BracketWeights, Layout};
use crate::dutch::matching::PairOrder;
use crate::dutch::wide::Wide;

/// A bracket's pair weights before any preference is added, by position in
/// the bracket: worked out when read rather than stored (a stored table of
/// a 5,000-player bracket took a gigabyte at eight limbs), less the pairs
/// ruled out on the way (`cut`).
struct BaseWeights<F> {
    weight: F,
    /// Bit `larger·(larger − 1)/2 + smaller`: the pair is cut.
    cut: Vec<u64>,
}

impl<F> BaseWeights<F> {
    fn new(len: usize, weight: F) -> Self {
        BaseWeights {
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

    fn is_cut(&self, larger: usize, smaller: usize) -> bool {
        let i = Self::index(larger, smaller);
        self.cut[i / 64] >> (i % 64) & 1 == 1
    }

    fn cut(&mut self, larger: usize, smaller: usize) {
        let i = Self::index(larger, smaller);
        self.cut[i / 64] |= 1 << (i % 64);
    }
}

/// The bracket-by-bracket pairing on the matching `g`: each player's partner
/// (`None` for the bye), or `Abort` when `g` could not vouch for a result.
// Positions in the bracket index `members` and `base` alike: loops over them
// read as the rules do.
#[allow(clippy::needless_range_loop)]
pub(super) fn brackets<const L: usize, G: Graph<L>>(
    ctx: &RoundContext<'_>,
    g: &mut G,
    bye_score: u32,
    mut single_downfloat_bye: bool,
    unplayed_ranks: &HashMap<u32, u64>,
) -> Result<Vec<Option<usize>>, Abort> {
    let n = ctx.sorted.len();
    let odd = n % 2 == 1;
    let top = ctx.score(0);
    let count_bits = ctx.count_bits;
    let mut partner: Vec<Option<usize>> = vec![None; n];
    // Bracket members by vertex: moved-down players, residents, next group.
    let mut members: Vec<usize> = Vec::new();
    let mut next = 0;
    while next < n && ctx.score(next) >= top {
        members.push(next);
        next += 1;
    }
    let mut matched = vec![false; n + 1];
    let mut stable: Vec<u32> = (0..n as u32).collect();
    // The number of moved-down players (MDPs, C.04.3 A.4) at the head of
    // `members`: the residents start at this position.
    let mut moved_down = 0usize;
    // The first vertex of the current score group (vertices are in score
    // order, so a vertex `v` is a resident when `residents_first_vertex <=
    // v < next_group_first_vertex`).
    let mut residents_first_vertex = 0usize;
    // The remainder's exchange preference of the player at `position`
    // (wrapping: negative below S1), and a pair's base weight with it added.
    let exchange_addend = |position: usize, remainder_pairs: usize| {
        Wide::<L>::from_u64(u64::from(position < remainder_pairs))
            .shifted(2 * count_bits)
            .sub_u64(position as u64)
            .shifted(1)
    };
    let with_exchange_preference = |r: Wide<L>, position: usize, remainder_pairs: usize| {
        if r.is_zero() {
            return r;
        }
        r.plus(exchange_addend(position, remainder_pairs))
    };
    while members.len() > 1 || next < n {
        // The position in `members` where the next score group starts (the
        // moved-down players and the residents come before it).
        let next_group_start = members.len();
        let next_group_first_vertex = residents_first_vertex + (next_group_start - moved_down);
        let group_start = next;
        while next < n && ctx.score(next) >= ctx.score(group_start) {
            members.push(next);
            next += 1;
        }
        let len = members.len();
        let layout = if g.per_bracket() {
            Layout::new(&ctx.group_bits, members.iter().map(|&v| ctx.score(v)))
        } else {
            ctx.global.clone()
        };
        let fixed_pair_weight: Wide<L> = Wide::ones(ctx.total_shift(&layout) + 2);
        g.begin(&members, moved_down, next, &layout)?;
        // The pairs' weights before any preference (`base.get(larger,
        // smaller)`, by position in `members`), worked out when read.
        let weights = BracketWeights::<L>::new(
            ctx,
            &layout,
            &members,
            next_group_start,
            bye_score,
            single_downfloat_bye,
            unplayed_ranks,
        );
        let mut base = BaseWeights::new(len, |smaller, larger| weights.get(smaller, larger));
        g.load(&members, moved_down, |smaller, larger| {
            base.get(larger, smaller)
        });
        g.solve(&mut stable)?;
        let mate_of = |stable: &Vec<u32>, v: usize| stable[v] as usize;

        // Moved-down players to pair in this bracket.
        let mut moved_down_score = 0u32;
        let mut remaining = 0usize;
        let mut remaining_matched = 0usize;
        for player in 0..moved_down {
            if player == 0 || ctx.score(members[player]) < moved_down_score {
                moved_down_score = ctx.score(members[player]);
                remaining = 0;
                remaining_matched = 0;
                let mut j = player;
                while j < len && ctx.score(members[j]) >= moved_down_score {
                    remaining += 1;
                    let mate = mate_of(&stable, members[j]);
                    if mate >= residents_first_vertex && mate < next_group_first_vertex {
                        remaining_matched += 1;
                    }
                    j += 1;
                }
            }
            if remaining_matched == 0 {
                continue;
            }
            let player_vertex = members[player];
            if remaining <= remaining_matched {
                matched[player_vertex] = true;
                continue;
            }
            remaining -= 1;
            let mate = mate_of(&stable, player_vertex);
            if mate < residents_first_vertex || mate >= next_group_first_vertex {
                for opponent in moved_down..next_group_start {
                    let weight = base.get(opponent, player);
                    if !weight.is_zero() {
                        let weight = if weight.0[0] & 1 == 0 {
                            weight.add_u64(1)
                        } else {
                            weight
                        };
                        g.set_weight(player_vertex, members[opponent], weight);
                    }
                }
                g.solve(&mut stable)?;
            }
            let mate = mate_of(&stable, player_vertex);
            if mate >= residents_first_vertex && mate < next_group_first_vertex {
                matched[player_vertex] = true;
                remaining_matched -= 1;
                for opponent in moved_down..next_group_start {
                    let weight = base.get(opponent, player);
                    if !weight.is_zero() {
                        let weight = weight
                            .add_u64((next_group_start - moved_down) as u64)
                            .add_u64(1);
                        g.set_weight(player_vertex, members[opponent], weight);
                    }
                }
            }
        }

        // Opponents of the moved-down players.
        for player in 0..moved_down {
            let player_vertex = members[player];
            if !matched[player_vertex] {
                continue;
            }
            let mut addend = len as u64;
            for opponent in (moved_down..next_group_start).rev() {
                let opponent_vertex = members[opponent];
                if matched[opponent_vertex] {
                    continue;
                }
                let weight = base.get(opponent, player);
                if !weight.is_zero() {
                    g.set_weight(player_vertex, opponent_vertex, weight.add_u64(addend));
                    addend += 1;
                }
            }
            g.solve(&mut stable)?;
            let mate = mate_of(&stable, player_vertex);
            matched[mate] = true;
            g.finalize(player_vertex, mate, fixed_pair_weight);
        }

        // The remainder (residents not paired with moved-down players).
        let mut remainder: Vec<usize> = Vec::new();
        let mut remainder_pairs = 0usize;
        for player in moved_down..next_group_start {
            let player_vertex = members[player];
            if mate_of(&stable, player_vertex) < residents_first_vertex {
                continue;
            }
            remainder.push(player);
            if mate_of(&stable, player_vertex) < player_vertex {
                remainder_pairs += 1;
            }
        }
        // The exchange preferences put first the optima that pair every
        // player of S1 with one of S2 (all such add the same to a weight:
        // the preference of each S1 player, once). When the optimum in hand
        // is one of them, it stays optimal under the preferences and every
        // optimum under them is one too (no exchange is made): setting them
        // and re-solving would change nothing, and is skipped.
        let natural = match remainder.get(remainder_pairs) {
            Some(&first_lower) => remainder[..remainder_pairs].iter().all(|&player| {
                let mate = mate_of(&stable, members[player]);
                mate >= members[first_lower] && mate < next_group_first_vertex
            }),
            None => remainder_pairs == 0,
        };
        let remainder_players: Vec<usize> = remainder.iter().map(|&p| members[p]).collect();
        if !natural {
            let addends: Vec<Wide<L>> = (0..remainder.len())
                .map(|position| exchange_addend(position, remainder_pairs))
                .collect();
            // Pairs of the remainder still have their base weights as
            // loaded (the steps above change only pairs with moved-down
            // players): read them rather than work them out again.
            g.rewrite_pairs(&remainder_players, PairOrder::LaterFirst, |p, q, r| {
                debug_assert!(
                    r == base.get(remainder[q], remainder[p]),
                    "a remainder pair as loaded"
                );
                if r.is_zero() { r } else { r.plus(addends[p]) }
            });
        }
        if !natural {
            g.solve(&mut stable)?;
        }

        let mut exchange_count = 0usize;
        if let Some(&first_lower) = remainder.get(remainder_pairs) {
            for &player in &remainder {
                if player >= first_lower {
                    break;
                }
                let player_vertex = members[player];
                let mate = mate_of(&stable, player_vertex);
                exchange_count +=
                    usize::from(mate <= player_vertex || mate >= next_group_first_vertex);
            }
        }

        // Lower players of S1 to exchange, where possible.
        let mut left = exchange_count;
        let mut position = remainder_pairs;
        let mut current = remainder_pairs;
        while current > 0 && left > 0 {
            let opponents_start = current;
            position -= 1;
            current -= 1;
            let player_vertex = members[remainder[current]];
            let mate = mate_of(&stable, player_vertex);
            if mate > player_vertex && mate < next_group_first_vertex {
                for &opponent in &remainder[opponents_start..] {
                    let weight = with_exchange_preference(
                        base.get(opponent, remainder[current]),
                        position,
                        remainder_pairs,
                    );
                    if !weight.is_zero() {
                        g.set_weight(player_vertex, members[opponent], weight.sub_u64(1));
                    }
                }
                g.solve(&mut stable)?;
            }
            let mate = mate_of(&stable, player_vertex);
            let exchange = mate <= player_vertex || mate >= next_group_first_vertex;
            left -= usize::from(exchange);
            for k in current + 1..remainder.len() {
                let opponent = remainder[k];
                if exchange {
                    base.cut(opponent, remainder[current]);
                }
                g.set_weight(
                    player_vertex,
                    members[opponent],
                    with_exchange_preference(
                        base.get(opponent, remainder[current]),
                        position,
                        remainder_pairs,
                    ),
                );
            }
        }

        // Higher players of S2 to exchange, where possible.
        let mut left = exchange_count;
        let mut position = remainder_pairs;
        let mut current = remainder_pairs;
        while current < remainder.len() && left > 1 {
            let player_vertex = members[remainder[current]];
            let mate = mate_of(&stable, player_vertex);
            let already = mate > player_vertex && mate < next_group_first_vertex;
            if !already {
                for k in current + 1..remainder.len() {
                    let weight = with_exchange_preference(
                        base.get(remainder[k], remainder[current]),
                        position,
                        remainder_pairs,
                    );
                    if !weight.is_zero() {
                        g.set_weight(player_vertex, members[remainder[k]], weight.add_u64(1));
                    }
                }
                g.solve(&mut stable)?;
            }
            let mate = mate_of(&stable, player_vertex);
            let exchange = mate > player_vertex && mate < next_group_first_vertex;
            if exchange {
                left -= 1;
                for k in 0..current {
                    base.cut(remainder[current], remainder[k]);
                    g.set_weight(player_vertex, members[remainder[k]], Wide::ZERO);
                }
                for opponent in next_group_start..len {
                    base.cut(opponent, remainder[current]);
                    g.set_weight(player_vertex, members[opponent], Wide::ZERO);
                }
            }
            if !already {
                for k in current + 1..remainder.len() {
                    g.set_weight(
                        player_vertex,
                        members[remainder[k]],
                        with_exchange_preference(
                            base.get(remainder[k], remainder[current]),
                            position,
                            remainder_pairs,
                        ),
                    );
                }
            }
            position += 1;
            current += 1;
        }

        // Fix which players are exchanged.
        // A pair stays only when it joins a player paired upward in S1's
        // place (earlier) with one that is not (later).
        let upward: Vec<bool> = remainder_players
            .iter()
            .map(|&v| {
                let mate = mate_of(&stable, v);
                mate > v && mate < next_group_first_vertex
            })
            .collect();
        for later in 0..remainder.len() {
            for earlier in 0..later {
                if !upward[earlier] || upward[later] {
                    base.cut(remainder[later], remainder[earlier]);
                }
            }
        }
        // A cut pair goes; the others keep their exchange preference (see
        // below).
        g.rewrite_pairs(&remainder_players, PairOrder::EarlierFirst, |p, q, w| {
            if base.is_cut(remainder[q], remainder[p]) {
                Wide::ZERO
            } else {
                w
            }
        });
        // Every pair of the remainder left joins a player paired upward in
        // S1's place (earlier) with one that is not (later), each
        // S1-placed player in exactly one pair of every optimum (the number
        // of pairs is fixed, each takes one): the exchange preferences the
        // pairs still hold add the same to every optimum and change none,
        // so they stay, and the optimum stays optimal (taking them off
        // would change every pair's weight and release every player). (When
        // no exchange was needed they were never set.)
        g.solve(&mut stable)?;

        // Each S1 player's opponent, highest first. The re-solve is skipped
        // when the player's partner is already its first candidate whose
        // pair is tight under the duals (no other candidate is in any
        // optimal matching then); that holds only while the duals are the
        // last solve's: the step starts right after one, and each re-solve
        // below keeps them so (fixing a pair of the optimum does not change
        // them).
        let mut candidates: Vec<usize> = Vec::new();
        for (position, &player) in remainder.clone().iter().enumerate() {
            let player_vertex = members[player];
            let player_mate = mate_of(&stable, player_vertex);
            if player_mate > player_vertex && player_mate < next_group_first_vertex {
                candidates.clear();
                candidates.extend(
                    remainder
                        .iter()
                        .filter(|&&opponent| {
                            // `base.get(opponent, player)` is not zero:
                            // the pair is not cut and may meet.
                            opponent > player
                                && !matched[members[opponent]]
                                && !base.is_cut(opponent, player)
                                && ctx.compatible(members[player], members[opponent])
                        })
                        .map(|&opponent| members[opponent]),
                );
                let first = g
                    .first_tight(player_vertex, &candidates)
                    .map(|i| candidates[i]);
                if first == Some(player_mate) {
                    matched[player_vertex] = true;
                    matched[player_mate] = true;
                    g.finalize(player_vertex, player_mate, fixed_pair_weight);
                    continue;
                }
                // Or another optimum gives current that candidate by
                // exchanging two pairs: then current is the player's best.
                if let Some(j) = first {
                    let k = mate_of(&stable, j);
                    if k < n
                        && k != j
                        && k != player_vertex
                        && k != player_mate
                        && g.can_exchange(player_vertex, player_mate, j, k)
                    {
                        stable[player_vertex] = j as u32;
                        stable[j] = player_vertex as u32;
                        stable[k] = player_mate as u32;
                        stable[player_mate] = k as u32;
                        matched[player_vertex] = true;
                        matched[j] = true;
                        g.finalize(player_vertex, j, fixed_pair_weight);
                        continue;
                    }
                }
                let mut addend = 0u64;
                for &opponent in remainder.iter().rev() {
                    let opponent_vertex = members[opponent];
                    if opponent <= player || matched[opponent_vertex] {
                        continue;
                    }
                    let weight = base.get(opponent, player);
                    let weight = if !natural {
                        with_exchange_preference(weight, position, remainder_pairs)
                    } else {
                        weight
                    };
                    if !weight.is_zero() {
                        g.set_weight(player_vertex, opponent_vertex, weight.add_u64(addend));
                    }
                    addend += 1;
                }
                g.solve(&mut stable)?;
                let mate = mate_of(&stable, player_vertex);
                matched[player_vertex] = true;
                matched[mate] = true;
                g.finalize(player_vertex, mate, fixed_pair_weight);
            }
        }

        // Carry the unpaired players into the next bracket.
        let mut carried = Vec::new();
        moved_down = 0;
        single_downfloat_bye = odd && group_start < n && bye_score >= ctx.score(group_start);
        for (i, &player_vertex) in members.iter().enumerate() {
            if i < next_group_start && matched[player_vertex] {
                let mate = mate_of(&stable, player_vertex);
                partner[player_vertex] = Some(mate);
                partner[mate] = Some(player_vertex);
            } else {
                carried.push(player_vertex);
                if i < next_group_start {
                    moved_down += 1;
                }
                if single_downfloat_bye
                    && group_start < n
                    && (mate_of(&stable, player_vertex) >= n
                        || ctx.score(mate_of(&stable, player_vertex)) < ctx.score(group_start))
                {
                    single_downfloat_bye = false;
                }
            }
        }
        members = carried;
        residents_first_vertex = next_group_first_vertex;
    }

    Ok(partner)
}
