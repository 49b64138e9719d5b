//! The checker beside the pairer (as the Dutch engine's check mode): a
//! proposed round-pairing is tested against the absolute criteria of
//! C.04.6 (Art. 2.1, completeness Art. 3.3.1), its colours against Art. 4,
//! and compared with the pairing [`super::pair_round`] produces.

use super::colour::allocate;
use super::input::{InputError, TeamSwiss};
use super::pairer::{PairingError, RoundPairing, active, pair_state};

/// A proposed pairing: matches as (White, Black) on board 1, by TPN, and the
/// team given the pairing-allocated bye.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Proposal {
    /// (White, Black) by TPN.
    pub matches: Vec<(u32, u32)>,
    /// The bye, by TPN.
    pub bye: Option<u32>,
}

impl From<&RoundPairing> for Proposal {
    fn from(p: &RoundPairing) -> Self {
        Proposal {
            matches: p.matches.iter().map(|m| (m.white, m.black)).collect(),
            bye: p.bye,
        }
    }
}

/// One thing wrong with a proposed pairing.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Violation {
    /// A TPN that is no team.
    UnknownTeam(u32),
    /// A team that is not to be paired this round (withdrawn, absent).
    NotAvailable(u32),
    /// A team paired against itself.
    SelfPaired(u32),
    /// A team in more than one match, or in a match and given the bye.
    PairedTwice(u32),
    /// A team to be paired that is in no match and not given the bye
    /// (Art. 3.3.1).
    Unpaired(u32),
    /// Two teams that have already played each other (\[C1\], Art. 2.1.1).
    Rematch(u32, u32),
    /// Two teams the competition's rules keep apart.
    Forbidden(u32, u32),
    /// The bye to a team that has had a pairing-allocated bye, a forfeit
    /// win or a full-point bye (\[C2\], Art. 2.1.2).
    ByeNotAllowed(u32),
    /// A bye though the number of teams to pair is even (Art. 1.4).
    NeedlessBye(u32),
    /// No bye though the number of teams to pair is odd (Art. 1.4).
    MissingBye,
    /// Board-1 colours not those Art. 4 gives (not an absolute criterion:
    /// C.04.6 has none on colours, Art. 0).
    Colours {
        /// The proposed White.
        white: u32,
        /// The proposed Black.
        black: u32,
    },
}

impl Violation {
    /// Whether the violation breaks an absolute criterion or the
    /// completeness of the round (as opposed to Art. 4's colours).
    #[must_use]
    pub fn is_absolute(&self) -> bool {
        !matches!(self, Violation::Colours { .. })
    }
}

impl std::fmt::Display for Violation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Violation::UnknownTeam(t) => write!(f, "{t}: no such team"),
            Violation::NotAvailable(t) => write!(f, "{t}: not to be paired this round"),
            Violation::SelfPaired(t) => write!(f, "{t}: paired against itself"),
            Violation::PairedTwice(t) => write!(f, "{t}: paired twice"),
            Violation::Unpaired(t) => write!(f, "{t}: left unpaired (C.04.6 3.3.1)"),
            Violation::Rematch(a, b) => {
                write!(f, "{a}-{b}: have already played (C.04.6 [C1] 2.1.1)")
            }
            Violation::Forbidden(a, b) => write!(f, "{a}-{b}: a forbidden pair"),
            Violation::ByeNotAllowed(t) => write!(
                f,
                "{t}: may not receive the pairing-allocated bye (C.04.6 [C2] 2.1.2)"
            ),
            Violation::NeedlessBye(t) => {
                write!(f, "{t}: a bye with an even number of teams (C.04.6 1.4)")
            }
            Violation::MissingBye => write!(f, "no bye with an odd number of teams (C.04.6 1.4)"),
            Violation::Colours { white, black } => {
                write!(f, "{white}-{black}: colours differ from C.04.6 Art. 4")
            }
        }
    }
}

/// What the checker found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckReport {
    /// Every violation, in the order of the proposal.
    pub violations: Vec<Violation>,
    /// The pairing the pairer produces for the same input.
    pub engine: Result<RoundPairing, PairingError>,
    /// Whether the proposal is that pairing (the same matches with the same
    /// colours and the same bye; the order of the matches aside).
    pub same_as_engine: bool,
}

/// Check a proposed pairing of round `t.round`.
pub fn check(t: &TeamSwiss, proposal: &Proposal) -> Result<CheckReport, InputError> {
    let s = t.validate()?;
    let n = s.teams.len();
    let mut violations = Vec::new();
    let mut seen = vec![false; n];
    let known = |x: u32| (1..=n as u32).contains(&x);
    let mut mark = |x: u32, v: &mut Vec<Violation>| {
        if !known(x) {
            v.push(Violation::UnknownTeam(x));
            return false;
        }
        let i = x as usize - 1;
        if !s.teams[i].available {
            v.push(Violation::NotAvailable(x));
        }
        if seen[i] {
            v.push(Violation::PairedTwice(x));
        }
        seen[i] = true;
        true
    };
    for &(w, b) in &proposal.matches {
        if w == b {
            violations.push(Violation::SelfPaired(w));
            continue;
        }
        let kw = mark(w, &mut violations);
        let kb = mark(b, &mut violations);
        if !(kw && kb) {
            continue;
        }
        let (i, j) = (w as usize - 1, b as usize - 1);
        let played = t
            .teams
            .iter()
            .find(|x| x.tpn == w)
            .is_some_and(|x| {
                x.history.iter().any(|r| {
                    matches!(r.kind, super::input::RoundKind::Played { opponent, .. } if opponent == b)
                })
            });
        if played {
            violations.push(Violation::Rematch(w, b));
        } else if !s.may_meet(i, j) {
            violations.push(Violation::Forbidden(w, b));
        }
        let (white, _, _) = allocate(&s, i, j);
        if white != i {
            violations.push(Violation::Colours { white: w, black: b });
        }
    }
    let to_pair = active(&s);
    if let Some(b) = proposal.bye
        && mark(b, &mut violations)
    {
        if s.teams[b as usize - 1].no_bye {
            violations.push(Violation::ByeNotAllowed(b));
        }
        if to_pair.len().is_multiple_of(2) {
            violations.push(Violation::NeedlessBye(b));
        }
    } else if proposal.bye.is_none() && to_pair.len() % 2 == 1 {
        violations.push(Violation::MissingBye);
    }
    for &i in &to_pair {
        if !seen[i] {
            violations.push(Violation::Unpaired(s.teams[i].tpn));
        }
    }
    let engine = pair_state(&s);
    let same_as_engine = match &engine {
        Ok(p) => {
            let mut a = Proposal::from(p).matches;
            let mut b = proposal.matches.clone();
            a.sort_unstable();
            b.sort_unstable();
            a == b && p.bye == proposal.bye
        }
        Err(_) => false,
    };
    Ok(CheckReport {
        violations,
        engine,
        same_as_engine,
    })
}
