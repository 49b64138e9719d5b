//! Per-team rounds and tie-break values with their per-round contributions.
//!
//! # Unplayed rounds
//! As for individuals (C.07 Art. 16, see `crate::standings`), applied to
//! teams the way the TieBreakServer does:
//! - a round is *played* when the team met an opponent over the boards (at
//!   least one game played); a forfeited match, a match of forfeits and
//!   empty boards only, and byes are unplayed. Voluntary unplayed rounds
//!   (VURs) are an unplayed match not won, half- and zero-point byes and
//!   absences; a pairing-allocated or full-point bye and a match won by
//!   forfeit are not. In an unplayed match every board counts (for the
//!   board count) as the match went: a board won, drawn or lost;
//! - round robin: a forfeited match counts as played against its opponent;
//!   byes (the dummy of an odd number of teams) count for nothing;
//! - Swiss: an unplayed round counts against a dummy opponent whose score
//!   is the team's own;
//! - a team's score *as an opponent* counts every round up to its last
//!   round that was not a VUR, and every round with an opponent, at the
//!   points received; later VURs count as draws in a Swiss (a drawn match,
//!   or every board drawn) and as nothing in a round robin.

use std::collections::BTreeMap;

use super::super::score::{MatchResult, PrimaryScore, match_result};
use super::super::{TeamByeKind, TeamEvent, TeamNumber, TeamSystem};
use super::spec::{TeamTiebreak, TeamTiebreakKind};
use crate::model::Points;
use crate::standings::{Contribution, TiebreakScore, Value, apply_cuts};

/// How a team took part in one round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TeamRoundKind {
    /// A match (`played` is false for a whole-match forfeit).
    Match {
        opponent: TeamNumber,
        /// Whether the team was named first (White on board 1 by default).
        first: bool,
        played: bool,
        /// A board still without a result.
        pending: bool,
    },
    /// A bye.
    Bye(TeamByeKind),
    /// Neither paired nor given a bye.
    Absent,
}

impl TeamRoundKind {
    /// The opponent, if any.
    pub const fn opponent(self) -> Option<TeamNumber> {
        match self {
            TeamRoundKind::Match { opponent, .. } => Some(opponent),
            _ => None,
        }
    }
}

/// One round of one team.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamRoundEntry {
    pub round: u32,
    pub kind: TeamRoundKind,
    pub match_points: Points,
    pub game_points: Points,
    /// Points on each board (byes and forfeits spread over the boards).
    pub boards: Vec<Points>,
    /// Whether the round is a voluntary unplayed round (see the module doc).
    pub vur: bool,
    /// Boards won over the board (games played and won).
    pub boards_won_played: u32,
}

impl TeamRoundEntry {
    /// The points of this round in the given score.
    pub const fn score(&self, points: PrimaryScore) -> Points {
        match points {
            PrimaryScore::MatchPoints => self.match_points,
            PrimaryScore::GamePoints => self.game_points,
        }
    }

    /// Whether the team met its opponent over the boards.
    pub const fn is_played(&self) -> bool {
        matches!(self.kind, TeamRoundKind::Match { played: true, .. })
    }
}

/// Everything the team tie-breaks need, computed once.
#[derive(Debug)]
pub(crate) struct TeamContext<'a> {
    pub event: &'a TeamEvent,
    pub round_robin: bool,
    pub entries: BTreeMap<TeamNumber, Vec<TeamRoundEntry>>,
    pub results: Vec<Vec<MatchResult>>,
}

fn tenths(p: Points) -> i64 {
    i64::from(p.tenths())
}

impl<'a> TeamContext<'a> {
    pub fn new(event: &'a TeamEvent, rounds: u32) -> TeamContext<'a> {
        let scoring = &event.scoring;
        let boards = event.boards as usize;
        let mut entries: BTreeMap<TeamNumber, Vec<TeamRoundEntry>> =
            event.teams.iter().map(|t| (t.number, Vec::new())).collect();
        let mut results = Vec::new();
        for round in 1..=rounds {
            let mut per_team: BTreeMap<TeamNumber, TeamRoundEntry> = BTreeMap::new();
            let mut round_results = Vec::new();
            if let Some(r) = event.round(round) {
                for m in &r.matches {
                    let result = match_result(scoring, m, event.boards);
                    for (team, first) in [(m.first, true), (m.second, false)] {
                        let Some((board_points, gp, mp)) = result.side(team) else {
                            continue;
                        };
                        let mp = mp.unwrap_or(Points::ZERO);
                        // A match still in progress counts as played.
                        let played = m.is_played() || m.is_pending();
                        let win = scoring.games.win_white;
                        let boards_won_played = u32::try_from(
                            m.boards
                                .iter()
                                .zip(board_points)
                                .filter(|(b, p)| m.forfeit.is_none() && b.is_played() && **p == win)
                                .count(),
                        )
                        .unwrap_or(0);
                        let vur = !played && mp != scoring.win;
                        // Unplayed: every board counts as the match went.
                        let board_points = if played {
                            board_points.to_vec()
                        } else {
                            let games = &scoring.games;
                            let each = if mp == scoring.win {
                                games.win_white
                            } else if mp == scoring.draw {
                                games.draw_white
                            } else {
                                Points::ZERO
                            };
                            vec![each; boards]
                        };
                        per_team.insert(
                            team,
                            TeamRoundEntry {
                                round,
                                kind: TeamRoundKind::Match {
                                    opponent: m.opponent(team).unwrap_or(0),
                                    first,
                                    played,
                                    pending: m.is_pending(),
                                },
                                match_points: mp,
                                game_points: gp,
                                boards: board_points,
                                vur,
                                boards_won_played,
                            },
                        );
                    }
                    round_results.push(result);
                }
                for bye in &r.byes {
                    let score = scoring.bye(bye.kind);
                    let games = &scoring.games;
                    let per_board = match bye.kind {
                        TeamByeKind::PairingAllocated | TeamByeKind::FullPoint => games.win_white,
                        TeamByeKind::HalfPoint => games.draw_white,
                        TeamByeKind::ZeroPoint => Points::ZERO,
                    };
                    per_team.insert(
                        bye.team,
                        TeamRoundEntry {
                            round,
                            kind: TeamRoundKind::Bye(bye.kind),
                            match_points: score.match_points,
                            game_points: score.game_points,
                            boards: vec![per_board; boards],
                            vur: matches!(
                                bye.kind,
                                TeamByeKind::HalfPoint | TeamByeKind::ZeroPoint
                            ),
                            boards_won_played: 0,
                        },
                    );
                }
            }
            for (team, list) in entries.iter_mut() {
                list.push(per_team.remove(team).unwrap_or_else(|| TeamRoundEntry {
                    round,
                    kind: TeamRoundKind::Absent,
                    match_points: Points::ZERO,
                    game_points: Points::ZERO,
                    boards: vec![Points::ZERO; boards],
                    vur: true,
                    boards_won_played: 0,
                }));
            }
            results.push(round_results);
        }
        TeamContext {
            event,
            round_robin: event.system != TeamSystem::Swiss,
            entries,
            results,
        }
    }

    fn rounds_of(&self, team: TeamNumber) -> &[TeamRoundEntry] {
        self.entries.get(&team).map_or(&[], Vec::as_slice)
    }

    /// A team's total in the given score.
    pub fn total(&self, team: TeamNumber, points: PrimaryScore) -> Points {
        self.rounds_of(team).iter().map(|e| e.score(points)).sum()
    }

    /// A drawn round in the given score (a drawn match, or every board drawn).
    fn draw(&self, points: PrimaryScore) -> i64 {
        let scoring = &self.event.scoring;
        match points {
            PrimaryScore::MatchPoints => tenths(scoring.draw),
            PrimaryScore::GamePoints => {
                tenths(scoring.games.draw_white) * i64::from(self.event.boards)
            }
        }
    }

    /// A team's score as an opponent, in tenths (see the module doc).
    pub fn adjusted(&self, team: TeamNumber, points: PrimaryScore) -> i64 {
        let list = self.rounds_of(team);
        let last_not_vur = list.iter().rposition(|e| !e.vur).map_or(0, |i| i + 1);
        list.iter()
            .enumerate()
            .map(|(i, e)| {
                if i < last_not_vur || e.kind.opponent().is_some() {
                    tenths(e.score(points))
                } else if self.round_robin {
                    0
                } else {
                    self.draw(points)
                }
            })
            .sum()
    }

    /// The value of a tie-break (all but DE) for a team, with contributions.
    pub fn score(&self, tiebreak: &TeamTiebreak, team: TeamNumber) -> TiebreakScore {
        let primary = self.event.scoring.primary;
        let points = tiebreak.points_or(primary);
        match tiebreak.kind {
            TeamTiebreakKind::Score(which) => {
                let which = which.unwrap_or(primary.other());
                let contributions = self
                    .rounds_of(team)
                    .iter()
                    .map(|e| plain(e.round, e.kind.opponent(), tenths(e.score(which))))
                    .collect();
                TiebreakScore {
                    value: Some(Value::tenths(tenths(self.total(team, which)))),
                    contributions,
                }
            }
            TeamTiebreakKind::Buchholz => self.opponents(tiebreak, team, points, None),
            TeamTiebreakKind::SonnebornBerger => {
                self.opponents(tiebreak, team, points, Some(points))
            }
            TeamTiebreakKind::ExtendedSonnebornBerger { opponent, own } => {
                self.opponents(tiebreak, team, opponent, Some(own))
            }
            TeamTiebreakKind::TopBoardResult | TeamTiebreakKind::BoardByBoardElimination => {
                let keys = self.board_keys(tiebreak, team);
                // One contribution per key: `round` holds the board number
                // (TBR) or the number of boards kept (BBE).
                let n = keys.len() as u32;
                let contributions: Vec<Contribution> = (0u32..)
                    .zip(&keys)
                    .map(|(i, &k)| {
                        let label = if tiebreak.kind == TeamTiebreakKind::TopBoardResult {
                            i + 1
                        } else {
                            n - 1 - i
                        };
                        plain(label, None, k)
                    })
                    .collect();
                TiebreakScore {
                    value: keys.first().map(|&k| Value::tenths(k)),
                    contributions,
                }
            }
            TeamTiebreakKind::BoardCount => {
                let per_board = self.board_totals(team);
                // One contribution per board: `round` holds the board number.
                let contributions: Vec<Contribution> = (1u32..)
                    .zip(&per_board)
                    .map(|(board, &p)| plain(board, None, p * i64::from(board)))
                    .collect();
                let value = contributions.iter().map(|c| c.value).sum();
                TiebreakScore {
                    value: Some(value),
                    contributions,
                }
            }
            TeamTiebreakKind::Wins | TeamTiebreakKind::MatchesWon => {
                let over_the_board = tiebreak.kind == TeamTiebreakKind::MatchesWon;
                let contributions: Vec<Contribution> = self
                    .rounds_of(team)
                    .iter()
                    .filter_map(|e| {
                        let count = match points {
                            PrimaryScore::MatchPoints => u32::from(
                                e.match_points == self.event.scoring.win
                                    && (!over_the_board || e.is_played()),
                            ),
                            PrimaryScore::GamePoints if over_the_board => e.boards_won_played,
                            PrimaryScore::GamePoints => {
                                let win = self.event.scoring.games.win_white;
                                u32::try_from(e.boards.iter().filter(|&&p| p == win).count())
                                    .unwrap_or(0)
                            }
                        };
                        (count > 0)
                            .then(|| plain(e.round, e.kind.opponent(), 10 * i64::from(count)))
                    })
                    .collect();
                let value = Value::integer(
                    contributions
                        .iter()
                        .map(|c| c.value.numerator() / c.value.denominator())
                        .sum(),
                );
                TiebreakScore {
                    value: Some(value),
                    contributions,
                }
            }
            TeamTiebreakKind::DirectEncounter
            | TeamTiebreakKind::ExtendedDirectEncounter { .. } => TiebreakScore {
                value: None,
                contributions: Vec::new(),
            },
        }
    }

    /// A team's points on each board over the event, in tenths.
    pub fn board_totals(&self, team: TeamNumber) -> Vec<i64> {
        let mut per_board: Vec<i64> = vec![0; self.event.boards as usize];
        for e in self.rounds_of(team) {
            for (slot, p) in per_board.iter_mut().zip(&e.boards) {
                *slot += tenths(*p);
            }
        }
        per_board
    }

    /// The keys TBR and BBE compare in order, in tenths: the points of board
    /// 1, 2, … (TBR); the game points of boards 1..n−1, 1..n−2, …, none (BBE).
    pub fn board_keys(&self, tiebreak: &TeamTiebreak, team: TeamNumber) -> Vec<i64> {
        let totals = self.board_totals(team);
        if tiebreak.kind == TeamTiebreakKind::TopBoardResult {
            return totals;
        }
        (0..totals.len())
            .rev()
            .map(|kept| totals[..kept].iter().sum())
            .collect()
    }

    /// Buchholz (`own` = None) or Sonneborn–Berger: per round the opponent's
    /// adjusted score in `opponent_points`, times (SB) the team's own score
    /// in `own` that round.
    fn opponents(
        &self,
        tiebreak: &TeamTiebreak,
        team: TeamNumber,
        opponent_points: PrimaryScore,
        own: Option<PrimaryScore>,
    ) -> TiebreakScore {
        let own_total = tenths(self.total(team, opponent_points));
        let mut contributions = Vec::new();
        for e in self.rounds_of(team) {
            let opponent = e.kind.opponent();
            // A forfeited match counts against its opponent in a round
            // robin, and with `/P`.
            let counted_as_played = e.is_played()
                || ((self.round_robin || tiebreak.predetermined) && opponent.is_some());
            let (score, substitute) = match opponent {
                Some(o) if counted_as_played => (self.adjusted(o, opponent_points), false),
                _ if self.round_robin => continue,
                _ => (own_total, true),
            };
            let significance = Value::tenths(score);
            let value = match own {
                None => significance,
                Some(own) => Value::new(score * tenths(e.score(own)), 100),
            };
            contributions.push(Contribution {
                round: e.round,
                opponent: if substitute { None } else { opponent },
                value,
                significance,
                substitute,
                vur: e.vur && !counted_as_played,
                cut: false,
            });
        }
        apply_cuts(
            &mut contributions,
            tiebreak.cut_low,
            tiebreak.cut_high,
            true,
        );
        let value = contributions
            .iter()
            .filter(|c| !c.cut)
            .map(|c| c.value)
            .sum();
        TiebreakScore {
            value: Some(value),
            contributions,
        }
    }

    /// The points `team` scored against `opponent`, per encounter, in the
    /// given score (direct encounter); a forfeited match counts in a round
    /// robin and with `/P` (`predetermined`).
    pub fn encounters(
        &self,
        team: TeamNumber,
        opponent: TeamNumber,
        points: PrimaryScore,
        predetermined: bool,
    ) -> Vec<(u32, Points)> {
        self.matches_between(team, opponent, predetermined)
            .map(|e| (e.round, e.score(points)))
            .collect()
    }

    /// `team`'s finished matches against `opponent` that direct encounter
    /// counts.
    pub fn matches_between(
        &self,
        team: TeamNumber,
        opponent: TeamNumber,
        predetermined: bool,
    ) -> impl Iterator<Item = &TeamRoundEntry> {
        let forfeits_count = self.round_robin || predetermined;
        self.rounds_of(team)
            .iter()
            .filter(move |e| e.kind.opponent() == Some(opponent))
            .filter(move |e| e.is_played() || forfeits_count)
            .filter(|e| !matches!(e.kind, TeamRoundKind::Match { pending: true, .. }))
    }
}

fn plain(round: u32, opponent: Option<TeamNumber>, tenths: i64) -> Contribution {
    let value = Value::tenths(tenths);
    Contribution {
        round,
        opponent,
        value,
        significance: value,
        substitute: false,
        vur: false,
        cut: false,
    }
}
