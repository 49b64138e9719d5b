//! The pairer's own view of a team Swiss before a round: the teams with their
//! pairing numbers (TPN, C.04.6 Art. 1.1), what each did in every round so
//! far, the competition's settings (Art. 1.2, 1.4, 1.7, 4.1), and the forbidden
//! pairs. [`TeamSwiss::validate`] derives from it what the articles ask for
//! (scores, colour histories, floats, bye eligibility).

use std::collections::HashSet;

/// The colour of a team in a match: the colour its first-board player was
/// scheduled to play (C.04.6 Art. 1.6.1).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Colour {
    /// White on board 1.
    White,
    /// Black on board 1.
    Black,
}

impl Colour {
    /// The other colour.
    #[must_use]
    pub fn opposite(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }
}

/// Which of match points and game points is the (primary) score
/// (C.04.6 Art. 1.2.1; match points by default, Art. 1.2.2).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum PrimaryScore {
    /// Match points are the score, game points the secondary score.
    #[default]
    MatchPoints,
    /// Game points are the score, match points the secondary score.
    GamePoints,
}

/// The colour preferences the competition uses (C.04.6 Art. 1.7).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum PreferenceKind {
    /// Simple preferences (Art. 1.7.1), the default.
    #[default]
    TypeA,
    /// Strong and mild preferences (Art. 1.7.2).
    TypeB,
    /// Colour preferences are not used at all (Art. 1.7).
    None,
}

/// The competition's settings that C.04.6 leaves to its rules.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Config {
    /// The primary score (Art. 1.2.1).
    pub primary: PrimaryScore,
    /// Whether the secondary score decides the first-team (Art. 4.2.2; yes
    /// by default, Art. 1.2.2).
    pub secondary_for_colour: bool,
    /// Type A, Type B or no colour preferences (Art. 1.7).
    pub preferences: PreferenceKind,
    /// The initial-colour drawn by lot before round 1 (Art. 4.1).
    pub initial_colour: Colour,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            primary: PrimaryScore::MatchPoints,
            secondary_for_colour: true,
            preferences: PreferenceKind::TypeA,
            initial_colour: Colour::White,
        }
    }
}

/// What a team did in one past round.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum RoundKind {
    /// A match actually played against the team with TPN `opponent`; the
    /// team "had" `colour` (Art. 1.6.1).
    Played {
        /// The opponent's TPN.
        opponent: u32,
        /// The colour of this team's first board.
        colour: Colour,
    },
    /// A match won because the opponent did not play (no colour, not a
    /// meeting for Art. 2.1.1 by C.04.2 Art. 3.5; bars the bye, Art. 2.1.2).
    ForfeitWin {
        /// The opponent's TPN, when paired.
        opponent: Option<u32>,
    },
    /// A match lost (or double-forfeited) without playing: no colour, not a
    /// meeting (C.04.2 Art. 3.5).
    ForfeitLoss {
        /// The opponent's TPN, when paired.
        opponent: Option<u32>,
    },
    /// The pairing-allocated bye (Art. 1.4; bars another, Art. 2.1.2).
    PairingBye,
    /// A (FIDE-deprecated) full-point bye (bars the pairing-allocated bye,
    /// Art. 2.1.2).
    FullPointBye,
    /// Not paired in that round otherwise: a half-point bye, a zero-point
    /// bye, absence (C.04.2 Art. 3.3).
    NotPaired,
}

/// One past round of a team: what happened and the points it earned.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct RoundRecord {
    /// What happened.
    pub kind: RoundKind,
    /// Match points earned in the round, in the competition's unit (the
    /// engine only adds and compares them; the generator uses half points).
    pub match_points: u32,
    /// Game points earned in the round, in the same kind of unit.
    pub game_points: u32,
}

/// A team as the pairer sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Team {
    /// The caller's identifier (carried, never interpreted; must be unique).
    pub id: u64,
    /// The Tournament Pairing Number, 1 to the number of teams
    /// (Art. 1.1.1), assigned by the competition's rules (Art. 1.1.2).
    pub tpn: u32,
    /// Rounds 1 to `round − 1`, in order.
    pub history: Vec<RoundRecord>,
    /// Whether the team is to be paired this round (false: withdrawn or
    /// known to be absent, C.04.2 Art. 3.2–3.3).
    pub available: bool,
}

/// The tournament before pairing round [`TeamSwiss::round`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamSwiss {
    /// The teams, in any order.
    pub teams: Vec<Team>,
    /// The round to pair (1-based).
    pub round: u32,
    /// The number of rounds declared beforehand (C.04.1 Art. 1): the last
    /// round (Art. 1.7.2) and the last two rounds (Art. 2.3.4, 2.3.7) count
    /// from it.
    pub rounds: u32,
    /// The competition's settings.
    pub config: Config,
    /// Pairs (by TPN) that the competition's rules forbid to meet; treated
    /// like Art. 2.1.1.
    pub forbidden: Vec<(u32, u32)>,
}

/// Why the input cannot be paired.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InputError {
    /// The round number is 0 or beyond the declared number of rounds.
    BadRound {
        /// The round asked for.
        round: u32,
        /// The declared number of rounds.
        rounds: u32,
    },
    /// The TPNs are not exactly 1 to the number of teams (Art. 1.1.1).
    BadTpns,
    /// Two teams share an identifier.
    DuplicateId(u64),
    /// A team's history does not have one record per past round.
    HistoryLength {
        /// The team.
        tpn: u32,
        /// Records given.
        found: usize,
    },
    /// A round record names an opponent that does not exist or is the team.
    BadOpponent {
        /// The team.
        tpn: u32,
        /// The round (1-based).
        round: u32,
    },
    /// A played match is not recorded the same way by both teams (the
    /// opponent's record differs, or both had the same colour).
    Asymmetric {
        /// The team.
        tpn: u32,
        /// The round (1-based).
        round: u32,
    },
    /// A forbidden pair names an unknown team or a team twice.
    BadForbiddenPair(u32, u32),
    /// A score does not fit the arithmetic.
    Overflow,
}

impl std::fmt::Display for InputError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            InputError::BadRound { round, rounds } => {
                write!(
                    f,
                    "round {round} cannot be paired in a {rounds}-round event"
                )
            }
            InputError::BadTpns => write!(f, "the TPNs must run from 1 to the number of teams"),
            InputError::DuplicateId(id) => write!(f, "two teams have the id {id}"),
            InputError::HistoryLength { tpn, found } => {
                write!(f, "team {tpn} has {found} round records")
            }
            InputError::BadOpponent { tpn, round } => {
                write!(f, "team {tpn}, round {round}: unknown opponent")
            }
            InputError::Asymmetric { tpn, round } => write!(
                f,
                "team {tpn}, round {round}: the opponent records the match differently"
            ),
            InputError::BadForbiddenPair(a, b) => write!(f, "forbidden pair {a}-{b} is invalid"),
            InputError::Overflow => write!(f, "a score is too large"),
        }
    }
}

impl std::error::Error for InputError {}

/// What the articles need of one team, derived from its history.
#[derive(Clone, Debug)]
pub(crate) struct TeamState {
    pub tpn: u32,
    /// The primary score (Art. 1.2.1).
    pub score: u64,
    /// The secondary score (Art. 1.2.1, used in Art. 4.2.2).
    pub secondary: u64,
    /// The colours of the matches actually played, in round order
    /// (unplayed rounds squeezed out, C.04.2 Art. 3.4).
    pub colours: Vec<Colour>,
    /// Matches actually played (Art. 3.4.3).
    pub played: u32,
    /// Barred from the pairing-allocated bye (Art. 2.1.2).
    pub no_bye: bool,
    /// A floater in the previous round (Art. 1.5, used by Art. 2.3.4, 2.3.7).
    pub floated: bool,
    pub available: bool,
}

impl TeamState {
    /// The colour difference (Art. 1.6.2).
    pub fn colour_difference(&self) -> i64 {
        self.colours
            .iter()
            .map(|c| if *c == Colour::White { 1 } else { -1 })
            .sum()
    }
}

/// The validated input: teams indexed by TPN − 1, and who may meet whom.
#[derive(Clone, Debug)]
pub(crate) struct State {
    pub teams: Vec<TeamState>,
    /// `n × n`: the pair may not meet (played before, Art. 2.1.1, or
    /// forbidden by the competition's rules).
    pub barred: Vec<bool>,
    pub round: u32,
    pub rounds: u32,
    pub config: Config,
}

impl State {
    /// Whether teams `a` and `b` (indices) may be paired (Art. 2.1.1).
    pub fn may_meet(&self, a: usize, b: usize) -> bool {
        a != b && !self.barred[a * self.teams.len() + b]
    }
    /// Whether the round is one of the last two (Art. 2.3.4, 2.3.7).
    pub fn in_last_two_rounds(&self) -> bool {
        self.round + 1 >= self.rounds
    }
    /// Whether this is the last round (Art. 1.7.2).
    pub fn is_last_round(&self) -> bool {
        self.round >= self.rounds
    }
}

impl TeamSwiss {
    /// Check the input and derive what the articles need.
    pub(crate) fn validate(&self) -> Result<State, InputError> {
        let n = self.teams.len();
        if self.round == 0 || self.round > self.rounds {
            return Err(InputError::BadRound {
                round: self.round,
                rounds: self.rounds,
            });
        }
        let mut by_tpn: Vec<Option<&Team>> = vec![None; n];
        let mut ids = HashSet::new();
        for t in &self.teams {
            let i = (t.tpn as usize).wrapping_sub(1);
            if i >= n || by_tpn[i].is_some() {
                return Err(InputError::BadTpns);
            }
            by_tpn[i] = Some(t);
            if !ids.insert(t.id) {
                return Err(InputError::DuplicateId(t.id));
            }
        }
        let teams: Vec<&Team> = by_tpn.into_iter().flatten().collect();
        let past = (self.round - 1) as usize;
        for t in &teams {
            if t.history.len() != past {
                return Err(InputError::HistoryLength {
                    tpn: t.tpn,
                    found: t.history.len(),
                });
            }
        }
        let mut barred = vec![false; n * n];
        // Scores before each round, for floats (Art. 1.5).
        let primary = |r: &RoundRecord| match self.config.primary {
            PrimaryScore::MatchPoints => r.match_points,
            PrimaryScore::GamePoints => r.game_points,
        };
        let score_before = |t: &Team, round: usize| -> u64 {
            t.history[..round]
                .iter()
                .map(|r| u64::from(primary(r)))
                .sum()
        };
        for t in &teams {
            let i = t.tpn as usize - 1;
            for (r, rec) in t.history.iter().enumerate() {
                let round = r as u32 + 1;
                let opp = match rec.kind {
                    RoundKind::Played { opponent, .. } => Some(opponent),
                    RoundKind::ForfeitWin { opponent } | RoundKind::ForfeitLoss { opponent } => {
                        opponent
                    }
                    _ => None,
                };
                let Some(o) = opp else { continue };
                let j = (o as usize).wrapping_sub(1);
                if j >= n || j == i {
                    return Err(InputError::BadOpponent { tpn: t.tpn, round });
                }
                let mirror = teams[j].history[r].kind;
                let ok = match (rec.kind, mirror) {
                    (
                        RoundKind::Played {
                            opponent: _,
                            colour,
                        },
                        RoundKind::Played {
                            opponent: back,
                            colour: c2,
                        },
                    ) => back == t.tpn && c2 == colour.opposite(),
                    (
                        RoundKind::ForfeitWin { .. } | RoundKind::ForfeitLoss { .. },
                        RoundKind::ForfeitWin { opponent: back }
                        | RoundKind::ForfeitLoss { opponent: back },
                    ) => back == Some(t.tpn),
                    _ => false,
                };
                if !ok {
                    return Err(InputError::Asymmetric { tpn: t.tpn, round });
                }
                if matches!(rec.kind, RoundKind::Played { .. }) {
                    barred[i * n + j] = true;
                }
            }
        }
        for &(a, b) in &self.forbidden {
            let (i, j) = ((a as usize).wrapping_sub(1), (b as usize).wrapping_sub(1));
            if i >= n || j >= n || i == j {
                return Err(InputError::BadForbiddenPair(a, b));
            }
            barred[i * n + j] = true;
            barred[j * n + i] = true;
        }
        let mut states = Vec::with_capacity(n);
        for t in &teams {
            let mut score = 0u64;
            let mut secondary = 0u64;
            for r in &t.history {
                let (p, s) = match self.config.primary {
                    PrimaryScore::MatchPoints => (r.match_points, r.game_points),
                    PrimaryScore::GamePoints => (r.game_points, r.match_points),
                };
                score = score
                    .checked_add(u64::from(p))
                    .ok_or(InputError::Overflow)?;
                secondary = secondary
                    .checked_add(u64::from(s))
                    .ok_or(InputError::Overflow)?;
            }
            let colours: Vec<Colour> = t
                .history
                .iter()
                .filter_map(|r| match r.kind {
                    RoundKind::Played { colour, .. } => Some(colour),
                    _ => None,
                })
                .collect();
            let no_bye = t.history.iter().any(|r| {
                matches!(
                    r.kind,
                    RoundKind::PairingBye | RoundKind::FullPointBye | RoundKind::ForfeitWin { .. }
                )
            });
            let floated = match t.history.last() {
                Some(RoundRecord {
                    kind: RoundKind::Played { opponent, .. },
                    ..
                }) => {
                    let o = teams[*opponent as usize - 1];
                    score_before(t, past - 1) != score_before(o, past - 1)
                }
                _ => false,
            };
            states.push(TeamState {
                tpn: t.tpn,
                score,
                secondary,
                played: colours.len() as u32,
                colours,
                no_bye,
                floated,
                available: t.available,
            });
        }
        Ok(State {
            teams: states,
            barred,
            round: self.round,
            rounds: self.rounds,
            config: self.config,
        })
    }
}
