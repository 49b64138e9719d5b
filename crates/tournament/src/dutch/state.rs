//! The pairing engine's view of a tournament: per-player history of the
//! rounds played so far, the scoring system and the pairing options.
//!
//! Scores are kept in tenths of a point (`10` = one point), as in TRF.

use std::collections::BTreeSet;

pub use crate::model::Colour;

/// The outcome of one round for one player, from that player's view.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Outcome {
    /// Lost (or zero-point bye, forfeit loss, absence).
    Loss,
    /// Drawn (or half-point bye).
    Draw,
    /// Won (or forfeit win, full-point bye, pairing-allocated bye).
    Win,
}

/// One round of a player's history.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Round {
    /// The opponent's index, or the player's own index when there was none.
    pub opponent: usize,
    /// The colour played or assigned (`None` for byes and absences).
    pub colour: Option<Colour>,
    /// The outcome.
    pub outcome: Outcome,
    /// Whether the game was actually played over the board (forfeits and
    /// byes are not: C.04.1 and C.04.3 count only played games for rematches
    /// and colours).
    pub played: bool,
    /// Whether the player was paired by the pairing program this round (a
    /// game, a forfeit, or the pairing-allocated bye), as opposed to an
    /// absence or a requested bye.
    pub paired: bool,
}

impl Round {
    /// A round in which the player was not paired and scored nothing.
    pub fn absent(me: usize) -> Round {
        Round {
            opponent: me,
            colour: None,
            outcome: Outcome::Loss,
            played: false,
            paired: false,
        }
    }
}

/// A registered player.
#[derive(Clone, Debug, Default)]
pub struct Entrant {
    /// Index (pairing number − 1).
    pub id: usize,
    /// Rating (informative; the order of `Swiss::by_rank` is what counts).
    pub rating: u32,
    /// Score in tenths, without acceleration.
    pub score: u32,
    /// History, one entry per round; an entry beyond `played_rounds` marks a
    /// player who is not to be paired in the next round (requested bye,
    /// withdrawal).
    pub rounds: Vec<Round>,
    /// Acceleration points (tenths) per round (C.04.5), index = round − 1.
    pub accelerations: Vec<u32>,
    /// Whether this pairing number exists (and takes part).
    pub valid: bool,
    /// Position in the ranking order among valid players (0 = top).
    pub rank_index: usize,
    // Derived by `Swiss::compute_player_data`.
    pub(crate) colour_imbalance: u32,
    pub(crate) colour_preference: Option<Colour>,
    pub(crate) repeated_colour: Option<Colour>,
    pub(crate) strong_preference: bool,
    pub(crate) played_games: u32,
}

impl Entrant {
    /// A present player with the given index, score and history.
    pub fn new(id: usize, score: u32, rating: u32, rounds: Vec<Round>) -> Entrant {
        Entrant {
            id,
            rating,
            score,
            rounds,
            valid: true,
            rank_index: id,
            ..Entrant::default()
        }
    }

    pub(crate) fn absolute_imbalance(&self) -> bool {
        self.colour_imbalance > 1
    }

    pub(crate) fn absolute_preference(&self) -> bool {
        self.absolute_imbalance() || self.repeated_colour.is_some()
    }
}

/// The points awarded for each kind of result, in tenths.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PointSystem {
    /// A win (also forfeit wins and full-point byes).
    pub win: u32,
    /// A draw (also half-point byes).
    pub draw: u32,
    /// A played loss.
    pub loss: u32,
    /// A zero-point bye or absence.
    pub zero_bye: u32,
    /// A forfeit loss.
    pub forfeit_loss: u32,
    /// The pairing-allocated bye.
    pub pab: u32,
}

impl Default for PointSystem {
    fn default() -> Self {
        PointSystem {
            win: 10,
            draw: 5,
            loss: 0,
            zero_bye: 0,
            forfeit_loss: 0,
            pab: 10,
        }
    }
}

/// A set of players who must not meet in rounds `start..end` (0-based).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ForbiddenGroup {
    /// Player indices.
    pub players: Vec<usize>,
    /// First round (0-based) the restriction applies to.
    pub start: usize,
    /// One past the last round.
    pub end: usize,
}

/// A Swiss tournament as the Dutch engine sees it.
#[derive(Clone, Debug)]
pub struct Swiss {
    /// Players indexed by pairing number − 1 (invalid entries for gaps).
    pub players: Vec<Entrant>,
    /// Player indices in ranking order (the initial order, C.04.2 B).
    pub by_rank: Vec<usize>,
    /// Number of rounds already paired.
    pub played_rounds: usize,
    /// Total number of rounds of the event.
    pub expected_rounds: usize,
    /// Point system.
    pub points: PointSystem,
    /// The colour of the top-ranked player in round 1 (C.04.3 E.5).
    pub initial_colour: Option<Colour>,
    /// Forbidden pairs (XXP) and restrictions by round.
    pub forbidden: Vec<ForbiddenGroup>,
}

impl Swiss {
    /// PointSystem a player scored in one round.
    pub fn points_for(&self, player: &Entrant, r: &Round) -> u32 {
        match r.outcome {
            Outcome::Loss => {
                if r.paired {
                    if r.played {
                        self.points.loss
                    } else {
                        self.points.forfeit_loss
                    }
                } else {
                    self.points.zero_bye
                }
            }
            Outcome::Win => {
                if r.opponent == player.id && r.paired {
                    self.points.pab
                } else {
                    self.points.win
                }
            }
            Outcome::Draw => self.points.draw,
        }
    }

    /// Score with acceleration, as it stood `back` rounds ago.
    pub fn score_acc(&self, p: &Entrant, back: usize) -> u32 {
        let mut score = p.score;
        let mut round = self.played_rounds;
        for _ in 0..back {
            if round == 0 {
                break;
            }
            round -= 1;
            if let Some(r) = p.rounds.get(round) {
                score = score.saturating_sub(self.points_for(p, r));
            }
        }
        score + p.accelerations.get(round).copied().unwrap_or(0)
    }

    /// Mark players valid and number them in ranking order.
    pub fn update_ranks(&mut self) {
        let mut next = 0;
        for i in 0..self.by_rank.len() {
            let id = self.by_rank[i];
            let Some(p) = self.players.get_mut(id) else {
                continue;
            };
            p.valid = p.rounds.len() <= self.played_rounds || p.rounds.iter().any(|r| r.paired);
            if p.valid {
                p.rank_index = next;
                next += 1;
            }
        }
    }

    /// Derive colour differences, preferences and played-game counts
    /// (C.04.3 E: colour preferences are computed from played games only).
    pub fn compute_player_data(&mut self) {
        for p in self.players.iter_mut().filter(|p| p.valid) {
            let (mut white, mut black, mut run, mut played) = (0u32, 0u32, 0u32, 0u32);
            let mut repeated: Option<Colour> = None;
            for r in p.rounds.iter().filter(|r| r.played) {
                let Some(c) = r.colour else { continue };
                played += 1;
                match c {
                    Colour::White => white += 1,
                    Colour::Black => black += 1,
                }
                if run == 0 || Some(c) != repeated {
                    run = 1;
                } else {
                    run += 1;
                }
                repeated = Some(c);
            }
            p.played_games = played;
            let lower = if white > black {
                Colour::Black
            } else {
                Colour::White
            };
            p.colour_imbalance = white.abs_diff(black);
            p.colour_preference = if p.colour_imbalance > 1 {
                Some(lower)
            } else if run > 1 {
                repeated.map(Colour::opposite)
            } else if p.colour_imbalance > 0 {
                Some(lower)
            } else if run > 0 {
                repeated.map(Colour::opposite)
            } else {
                None
            };
            p.repeated_colour = if run <= 1 { None } else { repeated };
            p.strong_preference = !p.absolute_preference() && p.colour_imbalance > 0;
        }
    }

    /// In the last round, the (accelerated) score above which a player is a
    /// topscorer (C.04.3 A.7: more than half the maximum possible score);
    /// topscorers may meet with the same absolute colour preference (C.3).
    /// `None` before the last round.
    pub(crate) fn topscorer_above(&self) -> Option<u32> {
        (self.played_rounds + 1 >= self.expected_rounds)
            .then(|| (self.played_rounds as u32 * self.points.win.max(self.points.draw)) >> 1)
    }

    /// Forbidden opponents per player for round `round` (0-based).
    pub fn forbidden_sets(&self, round: usize) -> Vec<BTreeSet<usize>> {
        let mut r = vec![BTreeSet::new(); self.players.len()];
        for g in &self.forbidden {
            if round < g.start || round >= g.end {
                continue;
            }
            for &a in &g.players {
                if let Some(set) = r.get_mut(a) {
                    set.extend(g.players.iter().copied());
                }
            }
        }
        r
    }

    /// Whether the player may receive the pairing-allocated bye: not one who
    /// already had it, a forfeit win or any unplayed round worth a win
    /// (C.04.1 c, 2025).
    pub fn eligible_for_bye(&self, p: &Entrant) -> bool {
        !p.rounds.iter().any(|r| {
            !r.played
                && (self.points_for(p, r) >= self.points.win || (r.paired && r.opponent == p.id))
        })
    }
}
