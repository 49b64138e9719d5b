//! The FIDE Swiss Team Pairing System (C.04.6, effective 1 February 2026).
//!
//! [`pair_round`] pairs the next round of a [`TeamSwiss`] (the pairer's own
//! view: teams by TPN with their round records; the adapter from the team
//! model builds it); [`check`] tests a proposed pairing against the
//! absolute criteria and Art. 4 and compares it with the pairer's;
//! [`generate`] plays random events.
//!
//! The procedure is the regulation's (Art. 3.3): the pairing-allocated bye
//! first (Art. 3.4), then, while teams are left, the top-scoregroup with the
//! set of upfloaters Art. 3.5 chooses, paired as Art. 3.6 says, then the
//! board-1 colours of every match (Art. 4). Art. 3.6's "first pairing in
//! identifier order complying with \[C1\], \[C8\]–\[C10\]" is one maximum-weight
//! matching on the Dutch engine's blossom matcher, the criteria and the
//! identifier order packed into the weights (`graph`); whether a set of
//! teams can be paired at all (\[C1\] with \[C3\]) is a matching too. See
//! docs/team-swiss.md for the readings taken where the text is unclear.

mod adapter;
mod check;
mod colour;
pub mod generator;
mod graph;
mod input;
mod pairer;
#[cfg(test)]
mod tests;
mod upfloaters;

use std::ops::ControlFlow;

pub use adapter::{input_from_event, pair_next_round};
pub use check::{CheckReport, Proposal, Violation, check};
pub use colour::ColourRule;
pub use generator::{GeneratedEvent, GeneratedRound, GeneratorConfig, generate};
pub use input::{
    Colour, Config, InputError, PreferenceKind, PrimaryScore, RoundKind, RoundRecord, Team,
    TeamSwiss,
};
pub use pairer::{Bracket, Match, PairingError, RoundPairing, pair_round};

/// The identifier of a pairing (Art. 3.6.2): the top members' TPNs (the
/// smaller of each pair, Art. 3.6.1) in ascending order, then the bottom
/// members' in the same order of pairs.
#[must_use]
pub fn identifier(pairs: &[(u32, u32)]) -> Vec<u32> {
    let mut ordered: Vec<(u32, u32)> = pairs.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect();
    ordered.sort_unstable();
    ordered
        .iter()
        .map(|p| p.0)
        .chain(ordered.iter().map(|p| p.1))
        .collect()
}

/// The sets of upfloaters with a given score profile, in the order of Art.
/// 3.5.3–3.5.4: `candidates` are (TPN, score) of the potential upfloaters,
/// `profile` the scores the set takes (any order). Each set is listed by
/// descending score, then ascending TPN.
#[must_use]
pub fn upfloater_sets(candidates: &[(u32, u64)], profile: &[u64]) -> Vec<Vec<u32>> {
    let mut scores: Vec<u64> = candidates.iter().map(|c| c.1).collect();
    scores.sort_unstable_by(|a, b| b.cmp(a));
    scores.dedup();
    let levels: Vec<Vec<usize>> = scores
        .iter()
        .map(|&sc| {
            let mut m: Vec<u32> = candidates
                .iter()
                .filter(|c| c.1 == sc)
                .map(|c| c.0)
                .collect();
            m.sort_unstable();
            m.into_iter().map(|t| t as usize).collect()
        })
        .collect();
    let counts: Vec<usize> = scores
        .iter()
        .map(|&sc| profile.iter().filter(|&&p| p == sc).count())
        .collect();
    let mut out = Vec::new();
    let _ = upfloaters::sets_of_profile(&levels, &counts, &mut |set| {
        out.push(set.iter().map(|&t| t as u32).collect());
        ControlFlow::Continue(())
    });
    out
}
