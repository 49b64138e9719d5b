//! The bracket-by-bracket maximum-weight-matching pairing of one round.
//!
//! Every candidate pair gets an edge weight whose bit fields, from the most
//! significant down, encode the C.04.3 criteria in their order of priority
//! ([`weights`]): the absolute criteria decide whether the edge exists at
//! all, then the completion criterion and the bye (C.04.3 C.4/C.5), the
//! number and scores of the pairs made in the current bracket and in the
//! next (C.6–C.8), the bye assignee's unplayed games (C.9), the colour
//! criteria (C.10–C.13) and the float criteria (C.14–C.21). The pairing is
//! then fixed bracket by bracket, from the top score down ([`brackets`]):
//! first which moved-down players are paired, then their opponents, then
//! which residents are exchanged between S1 and S2 and finally each S1
//! player's opponent, each step re-solving the matching with a small extra
//! weight that prefers the FIDE order (C.04.3 D: transpositions and
//! exchanges in the order of the rules). Colours are allocated last
//! ([`colour`], C.04.3 E).
//!
//! Speed: the first matching is not solved but written down
//! ([`warm_start`]), and each bracket is matched on a
//! [`Contracted`](contracted::Contracted) graph of its own players, the
//! players below it summarised, whenever that can be proven to give the
//! whole field's optimum; otherwise on the [`Dense`](graph::Dense) whole
//! field ([`pairing`] has both entry points).
//!
//! Vertices are the players to pair in rank order ([`context`]); a bracket
//! lists its members by vertex, and the bracket loop's positions index
//! that list.

mod brackets;
mod colour;
mod context;
mod contracted;
mod graph;
mod pairing;
mod warm_start;
mod weights;

pub(crate) use graph::Abort;
pub(crate) use pairing::{pair_contracted, pair_whole};
pub(crate) use weights::{bracket_bits, needed_bits};

/// No partner in a `mate` list (a vertex left unmatched), or no local index
/// (a player outside the current bracket).
const FREE: u32 = u32::MAX;
