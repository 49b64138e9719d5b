//! The two ways to pair a round: [`pair_contracted`] (bracket by bracket
//! on contracted graphs) and [`pair_whole`] (the whole field in one
//! matcher), and the publication of the boards (colours allocated, in
//! publication order).

use std::collections::HashMap;

use super::brackets::brackets;
use super::colour::choose_colour;
use super::context::RoundContext;
use super::contracted::Contracted;
use super::graph::{Abort, Dense, matrix_fits, player_mates};
use crate::dutch::matching::Matcher;
use crate::dutch::state::{Colour, Swiss};
use crate::dutch::wide::Wide;
use crate::dutch::{DutchError, Pairing};

/// Every pair's weight as seen from outside any bracket.
fn set_outside_weights<const L: usize>(
    ctx: &RoundContext<'_>,
    matcher: &mut Matcher<L>,
    bye_score: u32,
    single_downfloat_bye: bool,
    unplayed_ranks: &HashMap<u32, u64>,
) {
    for lower in 0..ctx.sorted.len() {
        for higher in 0..lower {
            let w = ctx.weight(
                &ctx.global,
                higher,
                lower,
                false,
                false,
                bye_score,
                single_downfloat_bye,
                unplayed_ranks,
            );
            matcher.set_weight(lower, higher, w);
        }
    }
}

/// The ranks of the players of score group `bye_score` by their number of
/// played games, most first (C.04.3 C.9: the bye to the player with the
/// fewest unplayed games).
pub(super) fn ranks_by_played_games(ctx: &RoundContext<'_>, bye_score: u32) -> HashMap<u32, u64> {
    let n = ctx.sorted.len();
    let mut counts: Vec<u32> = (0..n)
        .filter(|&v| ctx.score(v) == bye_score)
        .map(|v| ctx.entrant(v).played_games)
        .collect();
    counts.sort_unstable_by(|a, b| b.cmp(a));
    // lookup only: order never reaches a result
    let mut ranks = HashMap::new();
    for (rank, count) in counts.into_iter().enumerate() {
        ranks.insert(count, rank as u64);
    }
    ranks
}

/// Pair the next round bracket by bracket on [`Contracted`] graphs with
/// `L`-limb weights; `Err` when that cannot be vouched for (the caller then
/// solves the whole field) or the weights need more limbs.
pub(crate) fn pair_contracted<const L: usize>(t: &Swiss) -> Result<Vec<Pairing>, Abort> {
    let Some(ctx) = RoundContext::new(t) else {
        return Ok(Vec::new());
    };
    let n = ctx.sorted.len();
    let Some(warm) = ctx.warm_start(|s| ranks_by_played_games(&ctx, s)) else {
        return Err(Abort::GiveUp("no warm start".into()));
    };
    // The largest bracket (two adjacent score groups, before moved-down
    // players) must fit the contracted graph's matrix, or it is not tried.
    let mut groups: Vec<usize> = Vec::new();
    for v in 0..n {
        if v == 0 || ctx.score(v) != ctx.score(v - 1) {
            groups.push(0);
        }
        if let Some(size) = groups.last_mut() {
            *size += 1;
        }
    }
    let widest = groups.windows(2).map(|w| w[0] + w[1]).max().unwrap_or(n);
    if !matrix_fits(widest) {
        return Err(Abort::GiveUp("the widest bracket does not fit".into()));
    }
    let ranks = if n % 2 == 1 {
        ranks_by_played_games(&ctx, warm.bye_score)
    } else {
        HashMap::new()
    };
    let mut graph = Contracted::<L>::new(&ctx, warm.bye_score, warm.single_downfloat_bye, &ranks);
    let partner = brackets(
        &ctx,
        &mut graph,
        warm.bye_score,
        warm.single_downfloat_bye,
        &ranks,
    )?;
    Ok(publish(t, &ctx, &partner))
}

/// Pair the next round on the whole field in one [`Dense`] matcher with
/// `L`-limb weights (exact, and the fallback of [`pair_contracted`]).
#[allow(clippy::needless_range_loop)]
pub(crate) fn pair_whole<const L: usize>(t: &Swiss) -> Result<Vec<Pairing>, DutchError> {
    let Some(ctx) = RoundContext::new(t) else {
        return Ok(Vec::new());
    };
    let n = ctx.sorted.len();
    let count_bits = ctx.count_bits;
    let layout = &ctx.global;
    let odd = n % 2 == 1;
    let top = ctx.score(0);
    let warm = ctx.warm_start(|s| ranks_by_played_games(&ctx, s));
    // The whole field: a dense n × n weight matrix; refuse sizes whose
    // matrix would not fit rather than abort on allocation.
    if !matrix_fits(n + 1) {
        return Err(DutchError::TooLarge);
    }
    // lookup only: order never reaches a result
    let mut unplayed_ranks: HashMap<u32, u64> = HashMap::new();
    let mut bye_score = 0;
    let mut single_downfloat_bye = false;
    // A warm-started odd field gets a dummy vertex (index n) standing for
    // the bye: an edge of the same weight to every player, so the matchings
    // correspond one to one and the duals of a perfect matching are uniform.
    let mut matcher = Matcher::<L>::new(n + usize::from(odd && warm.is_some()));
    if let Some(warm) = &warm {
        bye_score = warm.bye_score;
        single_downfloat_bye = warm.single_downfloat_bye;
        if odd {
            unplayed_ranks = ranks_by_played_games(&ctx, bye_score);
        }
        set_outside_weights(
            &ctx,
            &mut matcher,
            bye_score,
            single_downfloat_bye,
            &unplayed_ranks,
        );
        // The weights outside a bracket are `C + f(u) + f(v)`.
        let mut c = Wide::<L>::ZERO;
        let mut duals = Vec::with_capacity(n + 1);
        for v in 0..n {
            let (f, constant) =
                ctx.additive::<L>(layout, v, bye_score, single_downfloat_bye, &unplayed_ranks);
            c = constant;
            duals.push(constant.plus(f).plus(f));
        }
        let mut mates = warm.mate.clone();
        if let Some(x) = warm.bye {
            for v in 0..n {
                matcher.set_weight(n, v, c);
            }
            let (f_bye, _) =
                ctx.additive::<L>(layout, x, bye_score, single_downfloat_bye, &unplayed_ranks);
            duals.push(c.minus(f_bye).minus(f_bye));
            mates[x] = n as u32;
            mates.push(x as u32);
        }
        matcher.install(&mates, &duals);
        debug_assert!(matcher.is_optimal(), "the warm start is an optimum");
    } else {
        for lower in 0..n {
            for higher in 0..lower {
                let w = if odd {
                    if ctx.compatible(lower, higher) {
                        let not_eligible =
                            |v: usize| u64::from(!t.eligible_for_bye(ctx.entrant(v)));
                        let shift =
                            |v: usize| u64::from(layout.shift_of(ctx.score(v)).unwrap_or(0));
                        Wide::<L>::from_u64(1 + not_eligible(lower) + not_eligible(higher))
                            .shifted(layout.block_bits)
                            .add_u64(shift(lower) + shift(higher))
                            .shifted(count_bits)
                            .add_u64(u64::from(ctx.score(lower) >= top))
                    } else {
                        Wide::ZERO
                    }
                } else {
                    ctx.weight(
                        layout,
                        higher,
                        lower,
                        false,
                        false,
                        0,
                        false,
                        &unplayed_ranks,
                    )
                };
                matcher.set_weight(lower, higher, w);
            }
        }
        matcher.solve();
        {
            let mates = player_mates(&matcher, n);
            let mut seen = false;
            for v in 0..n {
                if mates[v] as usize == v {
                    if seen || !t.eligible_for_bye(ctx.entrant(v)) {
                        return Err(DutchError::NoValidPairing);
                    }
                    seen = true;
                }
            }
            if odd {
                if let Some(v) = (0..n).find(|&v| mates[v] as usize == v) {
                    bye_score = ctx.score(v);
                }
                if bye_score >= top {
                    single_downfloat_bye = true;
                    for v in 0..n {
                        if ctx.score(v) < top {
                            break;
                        }
                        if ctx.score(mates[v] as usize) < top {
                            single_downfloat_bye = false;
                            break;
                        }
                    }
                }
                unplayed_ranks = ranks_by_played_games(&ctx, bye_score);
                set_outside_weights(
                    &ctx,
                    &mut matcher,
                    bye_score,
                    single_downfloat_bye,
                    &unplayed_ranks,
                );
            }
        }
    }

    let partner = brackets(
        &ctx,
        &mut Dense {
            matcher,
            players: n,
        },
        bye_score,
        single_downfloat_bye,
        &unplayed_ranks,
    )
    .map_err(|_| DutchError::NoValidPairing)?;
    Ok(publish(t, &ctx, &partner))
}

/// The boards of the pairing `partner`, colours allocated, in publication
/// order.
fn publish(t: &Swiss, ctx: &RoundContext<'_>, partner: &[Option<usize>]) -> Vec<Pairing> {
    let mut out = Vec::new();
    for (v, &mate) in partner.iter().enumerate() {
        let id = ctx.entrant(v).id;
        match mate {
            Some(u) => {
                let opponent_id = ctx.entrant(u).id;
                if id < opponent_id {
                    let colour = choose_colour(t, &t.players[id], &t.players[opponent_id]);
                    out.push(if colour == Colour::White {
                        Pairing {
                            white: id,
                            black: Some(opponent_id),
                        }
                    } else {
                        Pairing {
                            white: opponent_id,
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

/// Order the boards for publication: byes last, then by the higher player's
/// score, the lower player's score, and the higher player's rank.
fn sort_pairings(t: &Swiss, pairs: &mut [Pairing]) {
    let below = |a: usize, b: usize| {
        let (pa, pb) = (&t.players[a], &t.players[b]);
        (pa.score, pb.rank_index) < (pb.score, pa.rank_index)
    };
    let key = |p: &Pairing| {
        let (higher, lower) = match p.black {
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
            std::cmp::Reverse(t.players[higher].score),
            std::cmp::Reverse(t.players[lower].score),
            t.players[higher].rank_index,
        )
    };
    pairs.sort_by_key(key);
}
