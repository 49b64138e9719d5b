//! The set of upfloaters joining the top-scoregroup (C.04.6 Art. 3.5).
//!
//! Sizes are tried from the smallest ([C4], Art. 2.3.1); for a size, the
//! score profiles from the best ([C5], Art. 2.3.2); for a profile, the sets
//! in the order of Art. 3.5.3–3.5.4. A set is kept only when the bracket and
//! every team left outside it can still be paired ([C1], [C3]: Art. 3.5.5
//! "produces a legal pairing", 3.1.2); the first profile with a kept set
//! wins, and within it the set with [C6] (Art. 2.3.3) met, then the fewest
//! [C7] (Art. 2.3.4), then the first in order.

use std::ops::ControlFlow;

use super::graph::{fewest_upfloaters, perfect};
use super::input::State;

/// Teams of one score, in ascending TPN.
struct Level {
    members: Vec<usize>,
}

/// The chosen set, with what was checked on the way (for traces).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Choice {
    /// The upfloaters in the order of Art. 3.5.3 (score descending, TPN
    /// ascending), as team indices.
    pub set: Vec<usize>,
    /// Whether [C6] could be met.
    pub c6_met: bool,
    /// The [C7] count of the chosen set.
    pub c7: u32,
}

/// The profiles of `k` upfloaters over levels of sizes `sizes` (highest
/// score first), best [C5] first: a profile is a count per level, and its
/// ascending score tuple is larger exactly when, read from the lowest level
/// up, its counts are lexicographically smaller.
pub(crate) fn profiles(
    sizes: &[usize],
    k: usize,
    f: &mut dyn FnMut(&[usize]) -> ControlFlow<()>,
) -> ControlFlow<()> {
    fn rec(
        sizes: &[usize],
        level: usize,
        left: usize,
        counts: &mut Vec<usize>,
        f: &mut dyn FnMut(&[usize]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        // `level` counts down from the lowest; levels `0..level` remain.
        if level == 0 {
            return if left == 0 {
                f(counts)
            } else {
                ControlFlow::Continue(())
            };
        }
        let l = level - 1;
        let above: usize = sizes[..l].iter().sum();
        let lo = left.saturating_sub(above);
        let hi = left.min(sizes[l]);
        for c in lo..=hi {
            counts[l] = c;
            rec(sizes, l, left - c, counts, f)?;
        }
        counts[l] = 0;
        ControlFlow::Continue(())
    }
    let mut counts = vec![0; sizes.len()];
    rec(sizes, sizes.len(), k, &mut counts, f)
}

/// The sets of a profile in the order of Art. 3.5.3–3.5.4: combinations of
/// the highest level first (each in ascending TPN, lexicographically), then
/// the next level's within each.
pub(crate) fn sets_of_profile(
    levels: &[Vec<usize>],
    counts: &[usize],
    f: &mut dyn FnMut(&[usize]) -> ControlFlow<()>,
) -> ControlFlow<()> {
    fn combos(
        levels: &[Vec<usize>],
        counts: &[usize],
        level: usize,
        from: usize,
        need: usize,
        set: &mut Vec<usize>,
        f: &mut dyn FnMut(&[usize]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if level == levels.len() {
            return f(set);
        }
        if need == 0 {
            let next = counts.get(level + 1).copied().unwrap_or(0);
            return combos(levels, counts, level + 1, 0, next, set, f);
        }
        let members = &levels[level];
        for i in from..members.len() {
            if members.len() - i < need {
                break;
            }
            set.push(members[i]);
            combos(levels, counts, level, i + 1, need - 1, set, f)?;
            set.pop();
        }
        ControlFlow::Continue(())
    }
    let first = counts.first().copied().unwrap_or(0);
    combos(levels, counts, 0, 0, first, &mut Vec::new(), f)
}

/// Why no set was chosen.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum NoChoice {
    /// No set of any size leaves a legal pairing (Art. 3.3.3).
    NoLegalSet,
    /// More than [`SET_BUDGET`] sets were examined for one bracket.
    Budget,
}

/// The most candidate sets examined for one bracket before giving up
/// (`PairingError::TooLarge`) rather than running on: Art. 3.5 is a walk
/// over sets, exponential in the worst case.
pub(crate) const SET_BUDGET: usize = 200_000;

/// Choose the upfloaters for the residents `top` from the unpaired teams
/// `lower` (all of lower score; any order).
pub(crate) fn choose(s: &State, top: &[usize], lower: &[usize]) -> Result<Choice, NoChoice> {
    let mut sorted: Vec<usize> = lower.to_vec();
    sorted.sort_by(|&a, &b| {
        s.teams[b]
            .score
            .cmp(&s.teams[a].score)
            .then(s.teams[a].tpn.cmp(&s.teams[b].tpn))
    });
    let mut levels: Vec<Level> = Vec::new();
    for &t in &sorted {
        match levels.last_mut() {
            Some(l) if s.teams[l.members[0]].score == s.teams[t].score => l.members.push(t),
            _ => levels.push(Level { members: vec![t] }),
        }
    }
    let members: Vec<Vec<usize>> = levels.into_iter().map(|l| l.members).collect();
    let sizes: Vec<usize> = members.iter().map(Vec::len).collect();
    // [C4]: no legal set is smaller than the fewest residents that must be
    // paired outside the top-scoregroup for everyone to be paired.
    let mut k = fewest_upfloaters(s, top, lower).ok_or(NoChoice::NoLegalSet)?;
    let mut examined = 0usize;
    while k <= lower.len() {
        let mut found: Option<(bool, u32, Vec<usize>)> = None;
        let _ = profiles(&sizes, k, &mut |counts| {
            let _ = sets_of_profile(&members, counts, &mut |set| {
                examined += 1;
                if examined > SET_BUDGET {
                    return ControlFlow::Break(());
                }
                let key = evaluate(s, top, &sorted, set);
                if let Some((fails, c7)) = key {
                    let better = match &found {
                        None => true,
                        Some((bf, bc, _)) => (fails, c7) < (*bf, *bc),
                    };
                    if better {
                        found = Some((fails, c7, set.to_vec()));
                    }
                    if !fails && c7 == 0 {
                        return ControlFlow::Break(());
                    }
                }
                ControlFlow::Continue(())
            });
            if found.is_some() || examined > SET_BUDGET {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        if examined > SET_BUDGET {
            return Err(NoChoice::Budget);
        }
        if let Some((fails, c7, set)) = found {
            return Ok(Choice {
                set,
                c6_met: !fails,
                c7,
            });
        }
        k += 2;
    }
    Err(NoChoice::NoLegalSet)
}

/// For a candidate set: `None` when it is not legal (the bracket or the rest
/// cannot be paired), else whether [C6] fails and the [C7] count.
fn evaluate(s: &State, top: &[usize], lower: &[usize], set: &[usize]) -> Option<(bool, u32)> {
    let bracket: Vec<usize> = top.iter().chain(set).copied().collect();
    if !perfect(s, &bracket) {
        return None;
    }
    let rest: Vec<usize> = lower.iter().copied().filter(|t| !set.contains(t)).collect();
    if !perfect(s, &rest) {
        return None;
    }
    // [C6]: the following scoregroup (the next score below the residents'
    // among the teams of the round; emptied already or now, [C6] is void),
    // what of it is not upfloating, paired with the fewest upfloaters its
    // parity allows.
    let following: Vec<usize> = match following_score(s, top) {
        Some(f) => rest
            .iter()
            .copied()
            .filter(|&t| s.teams[t].score == f)
            .collect(),
        None => Vec::new(),
    };
    let fails = if following.is_empty() {
        false
    } else {
        let below: Vec<usize> = rest
            .iter()
            .copied()
            .filter(|t| !following.contains(t))
            .collect();
        fewest_upfloaters(s, &following, &below) != Some(following.len() % 2)
    };
    let c7 = if s.in_last_two_rounds() {
        0
    } else {
        set.iter().filter(|&&t| s.teams[t].floated).count() as u32
    };
    Some((fails, c7))
}

/// The score of the scoregroup following the residents' (Art. 2.3.3): the
/// next lower score among the teams to be paired this round.
pub(crate) fn following_score(s: &State, top: &[usize]) -> Option<u64> {
    let best = s.teams[*top.first()?].score;
    s.teams
        .iter()
        .filter(|t| t.available && t.score < best)
        .map(|t| t.score)
        .max()
}
