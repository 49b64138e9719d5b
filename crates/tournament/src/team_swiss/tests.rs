//! Brute-force references for Art. 3.5 and 3.6, written from the articles
//! by another route than the engine (every subset, every perfect matching,
//! sorted by the articles' keys), compared with the engine on the brackets
//! of generated events small enough to enumerate.

use super::generator::{GeneratorConfig, generate};
use super::graph::{pair_costs, perfect};
use super::input::State;
use super::{identifier, pair_round};

/// Every perfect matching of `nodes` (indices) under Art. 2.1.1.
fn matchings(
    s: &State,
    nodes: &[usize],
    out: &mut Vec<Vec<(usize, usize)>>,
    acc: &mut Vec<(usize, usize)>,
) {
    let Some((&first, rest)) = nodes.split_first() else {
        out.push(acc.clone());
        return;
    };
    for (k, &other) in rest.iter().enumerate() {
        if !s.may_meet(first, other) {
            continue;
        }
        let remaining: Vec<usize> = rest
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != k)
            .map(|(_, &t)| t)
            .collect();
        acc.push((first, other));
        matchings(s, &remaining, out, acc);
        acc.pop();
    }
}

/// Art. 3.6.4 by enumeration: the fewest ([C8], [C9], [C10]) in that
/// priority, then the smallest identifier (Art. 3.6.2–3.6.3).
fn reference_bracket(s: &State, bracket: &[usize], up: &[usize]) -> Vec<(u32, u32)> {
    let mut all = Vec::new();
    matchings(s, bracket, &mut all, &mut Vec::new());
    let key = |m: &Vec<(usize, usize)>| {
        let mut c = (0, 0, 0);
        for &(a, b) in m {
            let (x, y, z) = pair_costs(s, a, b, up.contains(&a), up.contains(&b));
            c = (c.0 + x, c.1 + y, c.2 + z);
        }
        let tpns: Vec<(u32, u32)> = m
            .iter()
            .map(|&(a, b)| (s.teams[a].tpn, s.teams[b].tpn))
            .collect();
        (c, identifier(&tpns))
    };
    let best = all.iter().min_by_key(|m| key(m)).expect("a legal pairing");
    let mut v: Vec<(u32, u32)> = best
        .iter()
        .map(|&(a, b)| {
            let (x, y) = (s.teams[a].tpn, s.teams[b].tpn);
            (x.min(y), x.max(y))
        })
        .collect();
    v.sort_unstable();
    v
}

/// Art. 3.5 by enumeration of every subset of `lower`: the legal ones
/// (bracket and rest pairable), ordered by size ([C4]), ascending score
/// tuple descending ([C5]), [C6] met, fewest [C7], then Art. 3.5.3–3.5.4.
fn reference_upfloaters(s: &State, top: &[usize], lower: &[usize]) -> Vec<u32> {
    assert!(lower.len() <= 16);
    let mut best: Option<(Vec<i64>, Vec<u32>)> = None;
    for mask in 0u32..(1 << lower.len()) {
        let set: Vec<usize> = (0..lower.len())
            .filter(|&i| mask & (1 << i) != 0)
            .map(|i| lower[i])
            .collect();
        let bracket: Vec<usize> = top.iter().chain(&set).copied().collect();
        let rest: Vec<usize> = lower.iter().copied().filter(|t| !set.contains(t)).collect();
        if !perfect(s, &bracket) || !perfect(s, &rest) {
            continue;
        }
        let mut asc: Vec<i64> = set.iter().map(|&t| s.teams[t].score as i64).collect();
        asc.sort_unstable();
        let top_score = s.teams[top[0]].score;
        let next = (0..s.teams.len())
            .filter(|&t| s.teams[t].available && s.teams[t].score < top_score)
            .map(|t| s.teams[t].score)
            .max();
        let following: Vec<usize> = rest
            .iter()
            .copied()
            .filter(|&t| Some(s.teams[t].score) == next)
            .collect();
        let c6_fails = !following.is_empty() && {
            // The following scoregroup with the fewest upfloaters its parity
            // allows: try every such set.
            let below: Vec<usize> = rest
                .iter()
                .copied()
                .filter(|t| !following.contains(t))
                .collect();
            let need = following.len() % 2;
            let ok = if need == 0 {
                perfect(s, &following) && perfect(s, &below)
            } else {
                below.iter().any(|&u| {
                    let g: Vec<usize> = following.iter().copied().chain([u]).collect();
                    let r: Vec<usize> = below.iter().copied().filter(|&x| x != u).collect();
                    perfect(s, &g) && perfect(s, &r)
                })
            };
            !ok
        };
        let c7 = if s.in_last_two_rounds() {
            0
        } else {
            set.iter().filter(|&&t| s.teams[t].floated).count() as i64
        };
        let mut ordered = set.clone();
        ordered.sort_by(|&a, &b| {
            s.teams[b]
                .score
                .cmp(&s.teams[a].score)
                .then(s.teams[a].tpn.cmp(&s.teams[b].tpn))
        });
        let tpns: Vec<u32> = ordered.iter().map(|&t| s.teams[t].tpn).collect();
        let mut key = vec![set.len() as i64];
        key.extend(asc.iter().map(|x| -x));
        key.push(i64::from(c6_fails));
        key.push(c7);
        key.extend(tpns.iter().map(|&t| i64::from(t)));
        if best.as_ref().is_none_or(|(k, _)| key < *k) {
            best = Some((key, tpns));
        }
    }
    best.expect("a legal set").1
}

#[test]
fn brackets_and_upfloaters_of_generated_events_match_the_enumerated_articles() {
    let mut brackets_checked = 0;
    let mut with_upfloaters = 0;
    for seed in 0..400u64 {
        let cfg = GeneratorConfig {
            teams: 4 + (seed % 9) as usize,
            rounds: 3 + (seed % 5) as u32,
            boards: 2 + (seed % 3) as u32,
            forfeit_rate: if seed.is_multiple_of(3) { 12 } else { 0 },
            absence_rate: if seed.is_multiple_of(5) { 10 } else { 0 },
            ..GeneratorConfig::default()
        };
        let ev = generate(&cfg, seed);
        for r in &ev.rounds {
            let s = r.input.validate().expect("valid");
            let p = pair_round(&r.input).expect("pairs");
            let idx = |tpn: u32| tpn as usize - 1;
            let mut left: Vec<usize> = (0..s.teams.len())
                .filter(|&i| s.teams[i].available && Some(s.teams[i].tpn) != p.bye)
                .collect();
            for b in &p.brackets {
                let top: Vec<usize> = b.residents.iter().map(|&t| idx(t)).collect();
                let lower: Vec<usize> = left.iter().copied().filter(|t| !top.contains(t)).collect();
                assert_eq!(
                    reference_upfloaters(&s, &top, &lower),
                    b.upfloaters,
                    "seed {seed} round {}",
                    s.round
                );
                let up: Vec<usize> = b.upfloaters.iter().map(|&t| idx(t)).collect();
                let bracket: Vec<usize> = top.iter().chain(&up).copied().collect();
                let mut got: Vec<(u32, u32)> = p
                    .matches
                    .iter()
                    .filter(|m| bracket.contains(&idx(m.white)))
                    .map(|m| (m.white.min(m.black), m.white.max(m.black)))
                    .collect();
                got.sort_unstable();
                assert_eq!(
                    got,
                    reference_bracket(&s, &bracket, &up),
                    "seed {seed} round {}",
                    s.round
                );
                brackets_checked += 1;
                with_upfloaters += usize::from(!up.is_empty());
                left.retain(|t| !bracket.contains(t));
            }
        }
    }
    assert!(
        brackets_checked > 3000 && with_upfloaters > 1000,
        "{brackets_checked} {with_upfloaters}"
    );
}

use super::colour::{ColourRule, Preference, allocate, preference};
use super::input::{Colour, Config, PreferenceKind, TeamState};

fn colours(s: &str) -> Vec<Colour> {
    s.chars()
        .map(|c| {
            if c == 'W' {
                Colour::White
            } else {
                Colour::Black
            }
        })
        .collect()
}

fn team(tpn: u32, score: u64, played: &str) -> TeamState {
    let c = colours(played);
    TeamState {
        tpn,
        score,
        secondary: 0,
        played: c.len() as u32,
        colours: c,
        no_bye: false,
        floated: false,
        available: true,
    }
}

#[test]
fn colour_preferences_are_those_of_article_1_7() {
    use PreferenceKind::{None as NoPrefs, TypeA, TypeB};
    let strong = |c| {
        Some(Preference {
            colour: c,
            strong: true,
        })
    };
    let mild = |c| {
        Some(Preference {
            colour: c,
            strong: false,
        })
    };
    let (w, b) = (Colour::White, Colour::Black);
    // (played colours, kind, last round, expected)
    let table = [
        ("", TypeA, false, None),
        ("W", TypeA, false, None),
        ("WW", TypeA, false, strong(b)), // CD > +1
        ("BB", TypeA, false, strong(w)), // CD < -1
        ("WB", TypeA, false, None),
        ("WBB", TypeA, false, strong(w)), // CD -1, Black in the last two
        ("BWW", TypeA, false, strong(b)), // CD +1, White in the last two
        ("WWBB", TypeA, true, strong(w)), // CD 0, Black in the last two
        ("BBW", TypeA, false, None),
        ("WWWBB", TypeA, false, None), // CD +1 after two Blacks: none
        ("WW", NoPrefs, false, None),  // preferences not used
        ("", TypeB, false, None),      // yet to play a match
        ("W", TypeB, false, mild(b)),  // CD +1
        ("B", TypeB, false, mild(w)),  // CD -1
        ("WB", TypeB, false, mild(w)), // CD 0, Black last, not the last round
        ("WB", TypeB, true, None),     // CD 0 in the last round
        ("WWBB", TypeB, true, strong(w)), // reading 6 of docs/team-swiss.md
        ("BBW", TypeB, false, mild(w)), // CD -1
        ("WBB", TypeB, false, strong(w)), // strong and mild: strong
        ("WWWBB", TypeB, false, mild(b)), // CD +1
    ];
    for (played, kind, last, want) in table {
        assert_eq!(
            preference(&team(1, 0, played), kind, last),
            want,
            "{played} {kind:?} {last}"
        );
    }
}

fn state(kind: PreferenceKind, initial: Colour, teams: Vec<TeamState>) -> State {
    let n = teams.len();
    State {
        teams,
        barred: vec![false; n * n],
        round: 5,
        rounds: 9,
        config: Config {
            preferences: kind,
            initial_colour: initial,
            ..Config::default()
        },
    }
}

#[test]
fn colours_follow_the_cascade_of_article_4_3() {
    use ColourRule as R;
    use PreferenceKind::{TypeA, TypeB};
    // (kind, initial, team 0 (tpn, score, colours), team 1, who has White, rule)
    let table = [
        (
            TypeA,
            Colour::White,
            (3, 0, ""),
            (4, 0, ""),
            0,
            R::InitialColour,
        ),
        (
            TypeA,
            Colour::White,
            (4, 0, ""),
            (5, 0, ""),
            1,
            R::InitialColour,
        ),
        (
            TypeA,
            Colour::Black,
            (3, 0, ""),
            (4, 0, ""),
            1,
            R::InitialColour,
        ),
        (
            TypeA,
            Colour::White,
            (1, 2, "WW"),
            (2, 2, "WB"),
            1,
            R::OnePreference,
        ),
        (
            TypeA,
            Colour::White,
            (1, 2, "WW"),
            (2, 2, "BB"),
            1,
            R::OppositePreferences,
        ),
        (
            TypeB,
            Colour::White,
            (1, 2, "BB"),
            (2, 2, "B"),
            0,
            R::OneStrongPreference,
        ),
        (
            TypeA,
            Colour::White,
            (1, 2, "WBW"),
            (2, 2, "B"),
            1,
            R::LowerColourDifference,
        ),
        (
            TypeA,
            Colour::White,
            (1, 2, "WB"),
            (2, 2, "BW"),
            0,
            R::AlternateFromDifference,
        ),
        (
            TypeB,
            Colour::White,
            (2, 4, "WB"),
            (1, 2, "WB"),
            0,
            R::FirstTeamPreference,
        ),
        (
            TypeA,
            Colour::White,
            (2, 4, "WB"),
            (1, 2, "WB"),
            0,
            R::AlternateFirstTeam,
        ),
        (
            TypeA,
            Colour::White,
            (2, 4, ""),
            (1, 2, "WB"),
            1,
            R::AlternateOtherTeam,
        ),
    ];
    for (kind, initial, a, b, white, rule) in table {
        let s = state(
            kind,
            initial,
            vec![team(a.0, a.1, a.2), team(b.0, b.1, b.2)],
        );
        let (w, _, r) = allocate(&s, 0, 1);
        assert_eq!((w, r), (white, rule), "{a:?} {b:?} {kind:?}");
        let (w, _, r) = allocate(&s, 1, 0);
        assert_eq!((w, r), (white, rule), "{a:?} {b:?} {kind:?}, either order");
    }
}
