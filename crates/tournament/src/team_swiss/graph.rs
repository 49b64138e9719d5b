//! The matchings C.04.6 is decided with, on the Dutch engine's weighted
//! blossom matcher (`dutch::matching::Matcher`, `dutch::wide::Wide`):
//! whether a set of teams can be paired at all (Art. 2.1.1 with 2.2.1, 3.4.1,
//! 3.5.5), how few upfloaters a scoregroup needs (Art. 2.3.3), and the first
//! pairing of a bracket in identifier order (Art. 3.6).

use super::colour::{preference, unfulfilled};
use super::input::State;
use crate::dutch::matching::Matcher;
use crate::dutch::wide::Wide;

/// Solve a maximum-weight matching on `n` vertices with `w(i, j)` (`i < j`;
/// `None` = no edge); `mates[v]` is `v`'s partner or `v`.
fn solve<const L: usize>(n: usize, w: impl Fn(usize, usize) -> Option<Wide<L>>) -> Vec<usize> {
    let mut m = Matcher::<L>::new(n);
    for j in 0..n {
        for i in 0..j {
            if let Some(x) = w(i, j) {
                m.set_weight(i, j, x);
            }
        }
    }
    m.solve();
    m.mates().iter().map(|&x| x as usize).collect()
}

/// Whether the teams `nodes` (indices) can all be paired among themselves
/// without a rematch or forbidden pair (Art. 2.1.1).
pub(crate) fn perfect(s: &State, nodes: &[usize]) -> bool {
    if nodes.len() % 2 == 1 {
        return false;
    }
    if nodes.is_empty() {
        return true;
    }
    let mates = solve::<1>(nodes.len(), |i, j| {
        s.may_meet(nodes[i], nodes[j]).then(|| Wide::from_u64(1))
    });
    mates.iter().enumerate().all(|(v, &m)| m != v)
}

/// The fewest teams of `group` that must be paired outside it (with teams of
/// `rest`) for `group ∪ rest` to be paired completely, or `None` when it
/// cannot be (Art. 2.3.3: [C1], [C3] and [C4] in that scoregroup's bracket).
pub(crate) fn fewest_upfloaters(s: &State, group: &[usize], rest: &[usize]) -> Option<usize> {
    let nodes: Vec<usize> = group.iter().chain(rest).copied().collect();
    let g = group.len();
    if nodes.len() % 2 == 1 {
        return None;
    }
    const CARD: u64 = 1 << 32;
    let mates = solve::<1>(nodes.len(), |i, j| {
        s.may_meet(nodes[i], nodes[j]).then(|| {
            let cross = (i < g) != (j < g);
            Wide::from_u64(CARD + u64::from(!cross))
        })
    });
    if mates.iter().enumerate().any(|(v, &m)| m == v) {
        return None;
    }
    Some((0..g).filter(|&v| mates[v] >= g).count())
}

/// Bits needed for a count up to `n`.
fn bits_for(n: usize) -> u32 {
    usize::BITS - n.leading_zeros()
}

/// The bits a bracket of `n` teams needs (see [`bracket_weight`]).
pub(crate) fn bracket_bits(n: usize) -> u32 {
    let c = bits_for(n + 1);
    let b = bits_for(n);
    // cardinality, C8, C9, C10, the top-member set, the bottom members, and
    // the three spare bits the matcher wants.
    1 + c + 3 * c + n as u32 + n as u32 * b + 3
}

/// One bracket's edge weights: for teams `i < j` (positions in `bracket`,
/// which is in ascending TPN; `i` is the top member, Art. 3.6.1), from the
/// highest bits down:
///
/// - one unit per edge, above everything (a perfect matching is maximal);
/// - [C8], [C9], [C10] (Art. 2.3.5–2.3.7): `1 − c8`, `1 − c9`, `2 − c10` in
///   their own digits (the sum over a perfect matching never carries), so the
///   maximum has the fewest violations, in that priority;
/// - the top-member set: `2^(n−1−i)` for the top member `i`; a sum is larger
///   exactly when the smallest team in which two top sets differ is a top
///   member, i.e. the identifier's first half is lexicographically smaller
///   (Art. 3.6.2–3.6.3);
/// - the bottom members: in the digit of top member `i`, `n − 1 − j`; with
///   the top set fixed, digits are compared from the smallest top member
///   down, i.e. the identifier's second half.
struct Layout {
    n: usize,
    b: u32,
    c: u32,
}

impl Layout {
    fn new(n: usize) -> Layout {
        Layout {
            n,
            b: bits_for(n),
            c: bits_for(n + 1),
        }
    }
    fn weight<const L: usize>(&self, i: usize, j: usize, c8: u32, c9: u32, c10: u32) -> Wide<L> {
        let n = self.n as u32;
        let bottom = 0;
        let top = bottom + n * self.b;
        let c10_at = top + n;
        let c9_at = c10_at + self.c;
        let c8_at = c9_at + self.c;
        let card = c8_at + self.c;
        Wide::<L>::ZERO
            .add_at(card, 1)
            .add_at(c8_at, u64::from(1 - c8))
            .add_at(c9_at, u64::from(1 - c9))
            .add_at(c10_at, u64::from(2 - c10))
            .add_at(top + (n - 1 - i as u32), 1)
            .add_at(
                bottom + (n - 1 - i as u32) * self.b,
                (self.n - 1 - j) as u64,
            )
    }
}

/// The per-pair counts of [C8], [C9] and [C10] for teams `a`, `b` (indices)
/// of a bracket whose upfloaters are marked in `up`.
pub(crate) fn pair_costs(s: &State, a: usize, b: usize, a_up: bool, b_up: bool) -> (u32, u32, u32) {
    let last = s.is_last_round();
    let kind = s.config.preferences;
    let (c8, c9) = unfulfilled(
        preference(&s.teams[a], kind, last),
        preference(&s.teams[b], kind, last),
        kind,
    );
    // Art. 2.3.7: an upfloater's opponent that floated in the previous round.
    let c10 = if s.in_last_two_rounds() {
        0
    } else {
        u32::from(a_up && s.teams[b].floated) + u32::from(b_up && s.teams[a].floated)
    };
    (c8, c9, c10)
}

/// Pair a bracket (Art. 3.6): `bracket` in ascending TPN, `up[k]` whether
/// `bracket[k]` is an upfloater. Returns the pairs as positions, or `None`
/// when no legal pairing exists.
pub(crate) fn pair_bracket<const L: usize>(
    s: &State,
    bracket: &[usize],
    up: &[bool],
) -> Option<Vec<(usize, usize)>> {
    let n = bracket.len();
    let layout = Layout::new(n);
    let mates = solve::<L>(n, |i, j| {
        let (a, b) = (bracket[i], bracket[j]);
        if !s.may_meet(a, b) {
            return None;
        }
        let (c8, c9, c10) = pair_costs(s, a, b, up[i], up[j]);
        Some(layout.weight::<L>(i, j, c8, c9, c10))
    });
    if mates.iter().enumerate().any(|(v, &m)| m == v) {
        return None;
    }
    Some(
        (0..n)
            .filter(|&i| mates[i] > i)
            .map(|i| (i, mates[i]))
            .collect(),
    )
}

/// [`pair_bracket`] with the fewest 64-bit limbs that hold the bracket's
/// weights.
pub(crate) fn pair_bracket_any(
    s: &State,
    bracket: &[usize],
    up: &[bool],
) -> Option<Vec<(usize, usize)>> {
    let bits = bracket_bits(bracket.len());
    macro_rules! dispatch {
        ($($l:literal),*) => {
            $(if bits <= 64 * $l { return pair_bracket::<$l>(s, bracket, up); })*
        };
    }
    dispatch!(1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128, 192, 256);
    // Beyond 16,384 bits (a bracket of about 1,400 teams): give up.
    None
}
