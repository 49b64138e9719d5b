//! The round-pairing (C.04.6 Art. 3.3): the bye first (Art. 3.4), then the
//! top-scoregroup with its upfloaters, bracket after bracket (Art. 3.5,
//! 3.6), then colours (Art. 4) and publication order (C.04.2 Art. 3.6).

use super::colour::{ColourRule, allocate};
use super::graph::{bracket_bits, pair_bracket_any, perfect};
use super::input::{InputError, State, TeamSwiss};
use super::upfloaters::{NoChoice, choose};

/// One match of the round: the teams by TPN, `white` having White on board
/// 1 (Art. 1.6.1; the other boards' colours follow the competition's rules).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct Match {
    /// The team with White on board 1.
    pub white: u32,
    /// The team with Black on board 1.
    pub black: u32,
    /// The article of Art. 4.3 that decided the colours.
    pub rule: ColourRule,
}

/// A bracket as it was paired: its resident teams and its upfloaters
/// (Art. 1.3.2), by TPN.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Bracket {
    /// The top-scoregroup's teams (ascending TPN).
    pub residents: Vec<u32>,
    /// The upfloaters in the order of Art. 3.5.3.
    pub upfloaters: Vec<u32>,
    /// Whether \[C6\] (Art. 2.3.3) could be met by the chosen set.
    pub c6_met: bool,
    /// How many upfloaters floated in the previous round (\[C7\], Art. 2.3.4).
    pub c7: u32,
}

/// The pairing of a round.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RoundPairing {
    /// The matches in publication order (C.04.2 Art. 3.6).
    pub matches: Vec<Match>,
    /// The team given the pairing-allocated bye (Art. 1.4), if any.
    pub bye: Option<u32>,
    /// The brackets in the order they were paired.
    pub brackets: Vec<Bracket>,
}

/// Why a round could not be paired.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PairingError {
    /// The input is inconsistent.
    Input(InputError),
    /// No pairing complies with the absolute criteria (Art. 2.1, 2.2): the
    /// Chief Arbiter decides (Art. 3.3.3).
    NoValidPairing,
    /// A bracket is too large for the weight arithmetic, or Art. 3.5's walk
    /// over the sets of upfloaters exceeded its budget.
    TooLarge,
}

impl std::fmt::Display for PairingError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PairingError::Input(e) => write!(f, "invalid input: {e}"),
            PairingError::NoValidPairing => write!(
                f,
                "no pairing complies with the absolute criteria (C.04.6 Art. 3.3.3: the Chief Arbiter decides)"
            ),
            PairingError::TooLarge => {
                write!(f, "the bracket is too large to pair in reasonable time")
            }
        }
    }
}

impl std::error::Error for PairingError {}

impl From<InputError> for PairingError {
    fn from(e: InputError) -> Self {
        PairingError::Input(e)
    }
}

/// Pair round `t.round` by C.04.6.
pub fn pair_round(t: &TeamSwiss) -> Result<RoundPairing, PairingError> {
    let s = t.validate()?;
    pair_state(&s)
}

/// The team indices to pair this round.
pub(crate) fn active(s: &State) -> Vec<usize> {
    (0..s.teams.len())
        .filter(|&i| s.teams[i].available)
        .collect()
}

/// The pairing-allocated bye (Art. 3.4) among `active` (an odd number of
/// teams): a team allowed it (\[C2\], Art. 2.1.2), leaving a legal pairing
/// for all the others (3.4.1), of the lowest score (3.4.2), with the most
/// matches played (3.4.3), of the largest TPN (3.4.4).
pub(crate) fn choose_bye(s: &State, active: &[usize]) -> Option<usize> {
    let mut cands: Vec<usize> = active
        .iter()
        .copied()
        .filter(|&i| !s.teams[i].no_bye)
        .collect();
    cands.sort_by(|&a, &b| {
        let (x, y) = (&s.teams[a], &s.teams[b]);
        x.score
            .cmp(&y.score)
            .then(y.played.cmp(&x.played))
            .then(y.tpn.cmp(&x.tpn))
    });
    cands.into_iter().find(|&c| {
        let rest: Vec<usize> = active.iter().copied().filter(|&i| i != c).collect();
        perfect(s, &rest)
    })
}

pub(crate) fn pair_state(s: &State) -> Result<RoundPairing, PairingError> {
    let mut left = active(s);
    let mut bye = None;
    if left.len() % 2 == 1 {
        let b = choose_bye(s, &left).ok_or(PairingError::NoValidPairing)?;
        left.retain(|&i| i != b);
        bye = Some(b);
    } else if !perfect(s, &left) {
        return Err(PairingError::NoValidPairing);
    }
    let mut pairs: Vec<(usize, usize)> = Vec::new();
    let mut brackets = Vec::new();
    while !left.is_empty() {
        let best = left.iter().map(|&i| s.teams[i].score).max().unwrap_or(0);
        let (mut top, lower): (Vec<usize>, Vec<usize>) =
            left.iter().partition(|&&i| s.teams[i].score == best);
        top.sort_by_key(|&i| s.teams[i].tpn);
        let choice = choose(s, &top, &lower).map_err(|e| match e {
            NoChoice::NoLegalSet => PairingError::NoValidPairing,
            NoChoice::Budget => PairingError::TooLarge,
        })?;
        let mut bracket: Vec<usize> = top.iter().chain(&choice.set).copied().collect();
        bracket.sort_by_key(|&i| s.teams[i].tpn);
        if bracket_bits(bracket.len()) > 64 * 256 {
            return Err(PairingError::TooLarge);
        }
        let up: Vec<bool> = bracket.iter().map(|i| choice.set.contains(i)).collect();
        let found = pair_bracket_any(s, &bracket, &up).ok_or(PairingError::NoValidPairing)?;
        pairs.extend(found.iter().map(|&(i, j)| (bracket[i], bracket[j])));
        brackets.push(Bracket {
            residents: top.iter().map(|&i| s.teams[i].tpn).collect(),
            upfloaters: choice.set.iter().map(|&i| s.teams[i].tpn).collect(),
            c6_met: choice.c6_met,
            c7: choice.c7,
        });
        left.retain(|i| !bracket.contains(i));
    }
    let mut matches: Vec<Match> = pairs
        .iter()
        .map(|&(a, b)| {
            let (w, bl, rule) = allocate(s, a, b);
            Match {
                white: s.teams[w].tpn,
                black: s.teams[bl].tpn,
                rule,
            }
        })
        .collect();
    publication_order(s, &mut matches);
    Ok(RoundPairing {
        matches,
        bye: bye.map(|b| s.teams[b].tpn),
        brackets,
    })
}

/// C.04.2 Art. 3.6: by the score of the higher-ranked team of the match,
/// then the sum of both scores, then the higher-ranked team's TPN (ranked
/// by score, then TPN).
pub(crate) fn publication_order(s: &State, matches: &mut [Match]) {
    let key = |m: &Match| {
        let (a, b) = (
            &s.teams[m.white as usize - 1],
            &s.teams[m.black as usize - 1],
        );
        let higher = if (b.score, std::cmp::Reverse(b.tpn)) > (a.score, std::cmp::Reverse(a.tpn)) {
            b
        } else {
            a
        };
        (
            std::cmp::Reverse(higher.score),
            std::cmp::Reverse(a.score + b.score),
            higher.tpn,
        )
    };
    matches.sort_by_key(key);
}
