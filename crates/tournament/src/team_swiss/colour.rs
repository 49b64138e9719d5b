//! Colour preferences (C.04.6 Art. 1.7) and colour allocation (Art. 4).
//!
//! A team's colour is its first board's (Art. 1.6.1); only matches actually
//! played count, squeezed together (C.04.2 Art. 3.4). No colour rule is
//! absolute (C.04.6 Art. 0): colours never keep two teams apart.

use super::input::{Colour, PreferenceKind, State, TeamState};

/// A team's colour preference (Art. 1.7).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Preference {
    /// The colour preferred.
    pub colour: Colour,
    /// Strong (Type B, Art. 1.7.2) — or a Type A simple preference, which
    /// is never weighed against another strength.
    pub strong: bool,
}

/// Which article of C.04.6 Art. 4.3 decided a pair's colours.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum ColourRule {
    /// 4.3.1: neither team has played; the first-team's TPN parity and the
    /// initial-colour.
    InitialColour,
    /// 4.3.2: only one team has a preference.
    OnePreference,
    /// 4.3.3: opposite preferences.
    OppositePreferences,
    /// 4.3.4: (Type B) only one strong preference.
    OneStrongPreference,
    /// 4.3.5: White to the lower colour difference.
    LowerColourDifference,
    /// 4.3.6: alternate to the most recent round the colours differed.
    AlternateFromDifference,
    /// 4.3.7: the first-team's preference.
    FirstTeamPreference,
    /// 4.3.8: alternate the first-team's last colour.
    AlternateFirstTeam,
    /// 4.3.9: alternate the other team's last colour.
    AlternateOtherTeam,
}

impl ColourRule {
    /// The article, as printed ("4.3.1" …).
    #[must_use]
    pub fn article(self) -> &'static str {
        match self {
            ColourRule::InitialColour => "4.3.1",
            ColourRule::OnePreference => "4.3.2",
            ColourRule::OppositePreferences => "4.3.3",
            ColourRule::OneStrongPreference => "4.3.4",
            ColourRule::LowerColourDifference => "4.3.5",
            ColourRule::AlternateFromDifference => "4.3.6",
            ColourRule::FirstTeamPreference => "4.3.7",
            ColourRule::AlternateFirstTeam => "4.3.8",
            ColourRule::AlternateOtherTeam => "4.3.9",
        }
    }
}

/// The colour preference of a team (Art. 1.7.1 Type A, 1.7.2 Type B).
///
/// Where Type B's clauses overlap (CD −1 after two Blacks is both strong and
/// mild White) the strong clause wins; a CD of 0 after two equal colours in
/// the last round is read as strong, the "no preference in the last round"
/// sentence closing only the mild clauses (which carry their own "not the
/// last round" condition) — see docs/team-swiss.md.
pub(crate) fn preference(
    t: &TeamState,
    kind: PreferenceKind,
    last_round: bool,
) -> Option<Preference> {
    if kind == PreferenceKind::None || t.colours.is_empty() {
        return None;
    }
    let cd = t.colour_difference();
    let n = t.colours.len();
    let last_two = |c: Colour| n >= 2 && t.colours[n - 2] == c && t.colours[n - 1] == c;
    // Art. 1.7.1 simple = Art. 1.7.2 strong: same words.
    if cd < -1 || ((cd == 0 || cd == -1) && last_two(Colour::Black)) {
        return Some(Preference {
            colour: Colour::White,
            strong: true,
        });
    }
    if cd > 1 || ((cd == 0 || cd == 1) && last_two(Colour::White)) {
        return Some(Preference {
            colour: Colour::Black,
            strong: true,
        });
    }
    if kind == PreferenceKind::TypeA {
        return None;
    }
    // Art. 1.7.2 mild.
    let last = t.colours[n - 1];
    if cd == -1 || (cd == 0 && !last_round && last == Colour::Black) {
        return Some(Preference {
            colour: Colour::White,
            strong: false,
        });
    }
    if cd == 1 || (cd == 0 && !last_round && last == Colour::White) {
        return Some(Preference {
            colour: Colour::Black,
            strong: false,
        });
    }
    None
}

/// Per pair, the teams left without their preference once Art. 4 has run:
/// `(C8, C9)` — Art. 4.3.2 and 4.3.3 grant every preference unless both
/// teams want the same colour, and 4.3.4 then grants a strong one over a
/// mild one (Art. 2.3.5, 2.3.6).
pub(crate) fn unfulfilled(
    a: Option<Preference>,
    b: Option<Preference>,
    kind: PreferenceKind,
) -> (u32, u32) {
    match (a, b) {
        (Some(x), Some(y)) if x.colour == y.colour => {
            let strong = kind == PreferenceKind::TypeB && x.strong && y.strong;
            (1, u32::from(strong))
        }
        _ => (0, 0),
    }
}

/// The first-team of a pair (Art. 4.2): higher score, then higher secondary
/// score (unless not used), then smaller TPN. Returns true when `a` is it.
fn a_is_first(s: &State, a: &TeamState, b: &TeamState) -> bool {
    if a.score != b.score {
        return a.score > b.score;
    }
    if s.config.secondary_for_colour && a.secondary != b.secondary {
        return a.secondary > b.secondary;
    }
    a.tpn < b.tpn
}

/// Colours for a pair of team indices by Art. 4.3: the team with White
/// first, and the article that decided.
pub(crate) fn allocate(s: &State, a: usize, b: usize) -> (usize, usize, ColourRule) {
    let (ta, tb) = (&s.teams[a], &s.teams[b]);
    let (first, other) = if a_is_first(s, ta, tb) {
        (a, b)
    } else {
        (b, a)
    };
    let (f, o) = (&s.teams[first], &s.teams[other]);
    let give = |first_colour: Colour, rule| {
        if first_colour == Colour::White {
            (first, other, rule)
        } else {
            (other, first, rule)
        }
    };
    // 4.3.1
    if f.colours.is_empty() && o.colours.is_empty() {
        let c = if f.tpn % 2 == 1 {
            s.config.initial_colour
        } else {
            s.config.initial_colour.opposite()
        };
        return give(c, ColourRule::InitialColour);
    }
    let kind = s.config.preferences;
    let last = s.is_last_round();
    let (pf, po) = (preference(f, kind, last), preference(o, kind, last));
    match (pf, po) {
        // 4.3.2
        (Some(p), None) => return give(p.colour, ColourRule::OnePreference),
        (None, Some(p)) => return give(p.colour.opposite(), ColourRule::OnePreference),
        // 4.3.3
        (Some(p), Some(q)) if p.colour != q.colour => {
            return give(p.colour, ColourRule::OppositePreferences);
        }
        // 4.3.4
        (Some(p), Some(q)) if kind == PreferenceKind::TypeB && p.strong != q.strong => {
            let c = if p.strong {
                p.colour
            } else {
                q.colour.opposite()
            };
            return give(c, ColourRule::OneStrongPreference);
        }
        _ => {}
    }
    // 4.3.5: White to the lower colour difference.
    let (cf, co) = (f.colour_difference(), o.colour_difference());
    if cf != co {
        let c = if cf < co {
            Colour::White
        } else {
            Colour::Black
        };
        return give(c, ColourRule::LowerColourDifference);
    }
    // 4.3.6: the squeezed histories (C.04.2 Art. 3.4) compared from the end.
    for (x, y) in f.colours.iter().rev().zip(o.colours.iter().rev()) {
        if x != y {
            return give(x.opposite(), ColourRule::AlternateFromDifference);
        }
    }
    // 4.3.7
    if let Some(p) = pf {
        return give(p.colour, ColourRule::FirstTeamPreference);
    }
    // 4.3.8
    if let Some(c) = f.colours.last() {
        return give(c.opposite(), ColourRule::AlternateFirstTeam);
    }
    // 4.3.9 (the other team has played: 4.3.1 took the case neither has)
    let c = o.colours.last().copied().unwrap_or(Colour::White);
    give(c, ColourRule::AlternateOtherTeam)
}
