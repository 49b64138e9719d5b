//! Per-player tie-break values with their per-round contributions.
//!
//! # Unplayed rounds (C.07 Art. 16 in both the 2023 and the 2024 edition; before 2023, the virtual opponent of C.02)
//! A round is *unplayed* when it is not a game over the board: forfeit win or
//! loss, any bye, absence. *Voluntary unplayed rounds* (VURs) are those the
//! participant chose or caused: requested half- and zero-point byes, forfeit
//! losses, absences (including every round after a withdrawal and before a
//! late entry). Pairing-allocated byes, requested full-point byes and forfeit
//! wins are not VURs.
//!
//! - [`TiebreakEdition::Fide2024`] / [`TiebreakEdition::Fide2023`] (same
//!   computation and the same numbering, Art. 16 — see "Editions" below):
//!   - *own tie-breaks* (BH, FB, SB): each unplayed round counts as a game
//!     against a dummy opponent whose score equals the participant's own
//!     score (for FB, the participant's Fore score);
//!   - *as an opponent*: a participant's score is adjusted — every round up to
//!     the last one that was not a VUR, and every round with an opponent
//!     (forfeits), counts with the points received; VURs after that round
//!     (the tail of a withdrawal or final absences) count as draws;
//!   - *cuts*: each low cut takes the lowest VUR contribution as long as it
//!     is not lower than the least significant value, else that value
//!     (Art. 16.5; see `apply_cuts`).
//! - [`TiebreakEdition::VirtualOpponent`] (FIDE rules before 2023): own
//!   unplayed round R counts as a game against a virtual opponent with
//!   Svon = SPR + (W − SfPR) + D·(n − R) (W, D: points for a win and a draw;
//!   with 1/½/0 scoring this is SPR + (1 − SfPR) + 0.5·(n − R)); as an
//!   opponent, every unplayed round counts as a draw; cuts take the least
//!   significant values whatever they come from.
//! - Round robin (every edition): forfeited games count as played against the
//!   real opponent; byes of an odd-numbered round robin are not counted.
//! - KS (2023 and 2024 editions, every system): Art. 16 does not reach it;
//!   every round with a scheduled opponent counts at the points received,
//!   forfeits included, against the opponent's actual score (see `koya`).
//!   Under `VirtualOpponent`, a Swiss forfeit still adds nothing to KS.
//!
//! # Editions: 2023 and 2024 compute the same values
//! `Fide2023` is the text approved on 01/08/2023 (applied from 1 September
//! 2023 to FIDE events and from 1 April 2024 to all rated events); `Fide2024`
//! the text in force from 1 August 2024. FIDE announced the 2024 revision as
//! "no alterations to the tie-break definitions themselves", only clearer
//! explanations. Compared on every point that reaches a value:
//! - Unplayed rounds (Art. 16 in both): the 2024 text rewords the VUR
//!   definition (16.1) without changing what counts — requested half- and
//!   zero-point byes and forfeit losses; the rounds after a withdrawal are
//!   absences the participant chose, so VURs here under both. The same
//!   categories 16.2.1–16.2.5, the same adjusted score for opponents
//!   (categories 16.2.1–16.2.4 at the points received, 16.2.5 as draws), the
//!   same dummy opponent with the participant's own score (16.4, no cap —
//!   the caps are a later, 2026 addition) and the same cut exception (16.5).
//! - Byes and the PAB: valued at the points received in both (16.3.1).
//! - SB cut (Art. 14.1): 2023 cuts, among the lowest-scoring opponents, the
//!   one "with which the worst result was achieved"; 2024 cuts the lowest of
//!   their products. With equal opponent scores the product orders exactly
//!   as the result does, so the cut value is the same.
//! - Art. 7.6: 2023 names it GE ("games one elected to play"), 2024 REP
//!   ("rounds one elected to play in"); same definition, both codes accepted.
//! - Art. 2.1 (2024 only): off-the-board tie-breaks are the default when the
//!   regulations say nothing; the engine always applies the given list.
//! - DE (Art. 6): the same (average of repeated encounters, Swiss rule 6.3).
//!
//! The two variants therefore share one code path; the tests check both.

use std::collections::BTreeMap;

use super::spec::{Tiebreak, TiebreakKind};
use super::value::Value;
use crate::model::{
    ByeKind, Colour, Outcome, Points, StartNumber, System, TiebreakEdition, Tournament,
};
use crate::rating::fide::{dp_for_percentage, percentage_hundredths, perfect_performance};

/// How a participant took part in one round, as tie-breaks see it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RoundKind {
    /// A game over the board (or paired and not finished yet: `Outcome::NotPlayed`).
    Game {
        opponent: StartNumber,
        colour: Colour,
        outcome: Outcome,
    },
    /// A forfeit won against a real opponent.
    ForfeitWin {
        opponent: StartNumber,
        colour: Colour,
    },
    /// A forfeit lost (also each side of a double forfeit).
    ForfeitLoss {
        opponent: StartNumber,
        colour: Colour,
    },
    /// A bye or an absence.
    Bye(ByeKind),
}

impl RoundKind {
    /// Whether the round is a voluntary unplayed round (C.07 (2024) Art. 16.2).
    pub const fn is_vur(self) -> bool {
        matches!(
            self,
            RoundKind::ForfeitLoss { .. }
                | RoundKind::Bye(ByeKind::HalfPoint | ByeKind::ZeroPoint | ByeKind::Absent)
        )
    }

    /// Whether a game was played over the board (a finished or pending game).
    pub const fn is_played(self) -> bool {
        matches!(self, RoundKind::Game { .. })
    }

    /// The opponent, if the round had one (games and forfeits).
    pub const fn opponent(self) -> Option<StartNumber> {
        match self {
            RoundKind::Game { opponent, .. }
            | RoundKind::ForfeitWin { opponent, .. }
            | RoundKind::ForfeitLoss { opponent, .. } => Some(opponent),
            RoundKind::Bye(_) => None,
        }
    }

    /// The colour, if the round had an opponent.
    pub const fn colour(self) -> Option<Colour> {
        match self {
            RoundKind::Game { colour, .. }
            | RoundKind::ForfeitWin { colour, .. }
            | RoundKind::ForfeitLoss { colour, .. } => Some(colour),
            RoundKind::Bye(_) => None,
        }
    }

    /// The result as a fraction of a win, in halves (win 2, draw 1, loss 0),
    /// as Sonneborn–Berger weighs it.
    pub const fn result_halves(self) -> i64 {
        match self {
            RoundKind::Game {
                outcome: Outcome::Win,
                ..
            }
            | RoundKind::ForfeitWin { .. } => 2,
            RoundKind::Game {
                outcome: Outcome::Draw,
                ..
            } => 1,
            RoundKind::Bye(ByeKind::PairingAllocated | ByeKind::FullPoint) => 2,
            RoundKind::Bye(ByeKind::HalfPoint) => 1,
            _ => 0,
        }
    }
}

/// One round of one participant.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RoundEntry {
    pub round: u32,
    pub kind: RoundKind,
    /// Points received in the round.
    pub points: Points,
    /// Score after this round.
    pub running: Points,
}

/// One round's share of a tie-break value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Contribution {
    pub round: u32,
    /// The real opponent, if there was one.
    pub opponent: Option<StartNumber>,
    /// The value this round adds (for BH the opponent's adjusted score, for SB
    /// that score times the result, for PS the running score, …).
    pub value: Value,
    /// The value that orders cuts (for SB the opponent's score, else `value`).
    pub significance: Value,
    /// Whether a dummy or virtual opponent stands in for a missing one.
    pub substitute: bool,
    /// Whether the round is a voluntary unplayed round.
    pub vur: bool,
    /// Whether a cut (or the Koya limit) removed it.
    pub cut: bool,
}

/// A tie-break's value for one participant, with the rounds that make it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TiebreakScore {
    /// `None` when the tie-break is undefined for the participant (no rated
    /// opponent for ARO/TPR, not tied for DE); ranks below any value.
    pub value: Option<Value>,
    pub contributions: Vec<Contribution>,
}

/// Everything the tie-breaks need, computed once.
#[derive(Debug)]
pub(crate) struct Context<'a> {
    pub tournament: &'a Tournament,
    pub rounds: u32,
    pub edition: TiebreakEdition,
    pub round_robin: bool,
    pub rating_floor: Option<u16>,
    pub entries: BTreeMap<StartNumber, Vec<RoundEntry>>,
    pub totals: BTreeMap<StartNumber, Points>,
    /// Score as an opponent (adjusted per the edition).
    adjusted: BTreeMap<StartNumber, i64>,
    /// Fore score as an opponent (last round, if paired, counted as a draw).
    fore_adjusted: BTreeMap<StartNumber, i64>,
    /// Own Fore score (actual score with the last-round game as a draw).
    fore_own: BTreeMap<StartNumber, i64>,
}

impl<'a> Context<'a> {
    pub fn new(tournament: &'a Tournament, rounds: u32, edition: TiebreakEdition) -> Context<'a> {
        let round_robin = !matches!(tournament.system, System::Swiss);
        let scoring = &tournament.scoring;
        let draw = i64::from(scoring.draw(Colour::White).tenths());
        let mut entries = BTreeMap::new();
        let mut totals = BTreeMap::new();
        let mut adjusted = BTreeMap::new();
        let mut fore_adjusted = BTreeMap::new();
        let mut fore_own = BTreeMap::new();
        // Index every round once: start number → (kind, points).
        let mut per_round: Vec<BTreeMap<StartNumber, (RoundKind, Points)>> = Vec::new();
        for round in 1..=rounds {
            let mut index = BTreeMap::new();
            if let Some(r) = tournament.round(round) {
                for board in &r.boards {
                    for (player, opponent, colour) in [
                        (board.white, board.black, Colour::White),
                        (board.black, board.white, Colour::Black),
                    ] {
                        let outcome = board.result.outcome_for(colour);
                        let kind = match outcome {
                            Outcome::ForfeitWin => RoundKind::ForfeitWin { opponent, colour },
                            Outcome::ForfeitLoss => RoundKind::ForfeitLoss { opponent, colour },
                            _ => RoundKind::Game {
                                opponent,
                                colour,
                                outcome,
                            },
                        };
                        index.insert(player, (kind, scoring.outcome(outcome, colour)));
                    }
                }
                for bye in &r.byes {
                    index.insert(
                        bye.player,
                        (RoundKind::Bye(bye.kind), scoring.bye(bye.kind)),
                    );
                }
            }
            per_round.push(index);
        }
        let absent = (
            RoundKind::Bye(ByeKind::Absent),
            scoring.bye(ByeKind::Absent),
        );
        for player in &tournament.players {
            let sn = player.start_number;
            let mut running = Points::ZERO;
            let mut list = Vec::new();
            for (round, index) in (1..=rounds).zip(&per_round) {
                let (kind, points) = index.get(&sn).copied().unwrap_or(absent);
                running += points;
                list.push(RoundEntry {
                    round,
                    kind,
                    points,
                    running,
                });
            }
            let total = running;
            let last_not_vur = list
                .iter()
                .filter(|e| !e.kind.is_vur())
                .map(|e| e.round)
                .max();
            let adjusted_score: i64 = list
                .iter()
                .map(|e| {
                    let p = i64::from(e.points.tenths());
                    if round_robin || e.kind.is_played() {
                        p
                    } else if edition == TiebreakEdition::VirtualOpponent {
                        draw
                    } else if e.kind.opponent().is_some()
                        || last_not_vur.is_some_and(|last| e.round <= last)
                    {
                        p
                    } else {
                        draw
                    }
                })
                .sum();
            let last_with_opponent = list
                .last()
                .filter(|e| e.round == rounds && e.kind.opponent().is_some());
            let fore_shift = last_with_opponent.map_or(0, |e| draw - i64::from(e.points.tenths()));
            // Fore Buchholz: every pairing of the last round is a drawn game,
            // played — so a player paired in it has no trailing voluntary
            // unplayed round before it: an earlier bye or absence counts at
            // its points, not as a draw (Art. 16.3), as the FIDE TEC's
            // TieBreakServer reads it.
            let fore_adjusted_score = if last_with_opponent.is_some() && !round_robin {
                list.iter()
                    .map(|e| {
                        if e.round == rounds
                            || (edition == TiebreakEdition::VirtualOpponent && !e.kind.is_played())
                        {
                            draw
                        } else {
                            i64::from(e.points.tenths())
                        }
                    })
                    .sum()
            } else {
                adjusted_score + fore_shift
            };
            entries.insert(sn, list);
            totals.insert(sn, total);
            adjusted.insert(sn, adjusted_score);
            fore_adjusted.insert(sn, fore_adjusted_score);
            fore_own.insert(sn, i64::from(total.tenths()) + fore_shift);
        }
        Context {
            tournament,
            rounds,
            edition,
            round_robin,
            rating_floor: tournament.rating_floor,
            entries,
            totals,
            adjusted,
            fore_adjusted,
            fore_own,
        }
    }

    fn total(&self, sn: StartNumber) -> i64 {
        self.totals.get(&sn).map_or(0, |p| i64::from(p.tenths()))
    }

    fn win_points(&self) -> i64 {
        i64::from(self.tournament.scoring.win(Colour::White).tenths())
    }

    fn draw_points(&self) -> i64 {
        i64::from(self.tournament.scoring.draw(Colour::White).tenths())
    }

    /// The rating a tie-break uses for a participant: FIDE, else national;
    /// raised to the floor; unrated players take the floor if there is one.
    pub fn rating(&self, sn: StartNumber) -> Option<u16> {
        let player = self.tournament.player(sn)?;
        let own = player
            .fide_rating
            .or(player.national_rating)
            .filter(|&r| r > 0);
        match (own, self.rating_floor) {
            (Some(r), Some(floor)) => Some(r.max(floor)),
            (Some(r), None) => Some(r),
            (None, floor) => floor,
        }
    }

    /// Computes one tie-break for one participant (DE is computed by the ranking).
    pub fn score(&self, tiebreak: &Tiebreak, sn: StartNumber) -> TiebreakScore {
        match tiebreak.kind {
            TiebreakKind::Buchholz => self.opponents_scores(tiebreak, sn, false, false),
            TiebreakKind::ForeBuchholz => self.opponents_scores(tiebreak, sn, true, false),
            TiebreakKind::SonnebornBerger => self.opponents_scores(tiebreak, sn, false, true),
            TiebreakKind::AverageOpponentsBuchholz => self.average_opponents_buchholz(sn),
            TiebreakKind::ProgressiveScore => self.progressive(tiebreak, sn),
            TiebreakKind::Koya => self.koya(tiebreak, sn),
            TiebreakKind::Wins
            | TiebreakKind::GamesWon
            | TiebreakKind::BlackGames
            | TiebreakKind::BlackWins
            | TiebreakKind::GamesElected => self.count(tiebreak.kind, sn),
            TiebreakKind::AverageRatingOfOpponents
            | TiebreakKind::PerformanceRating
            | TiebreakKind::PerfectPerformance => self.rating_based(tiebreak, sn),
            TiebreakKind::AveragePerformanceOfOpponents => {
                self.average_of_opponents(sn, TiebreakKind::PerformanceRating)
            }
            TiebreakKind::AveragePerfectPerformanceOfOpponents => {
                self.average_of_opponents(sn, TiebreakKind::PerfectPerformance)
            }
            TiebreakKind::StandardPoints => self.standard_points(sn),
            TiebreakKind::Rating => TiebreakScore {
                value: self
                    .everyone_rated()
                    .then(|| self.rating(sn))
                    .flatten()
                    .map(|r| Value::integer(i64::from(r))),
                contributions: vec![],
            },
            TiebreakKind::PairingNumber => TiebreakScore {
                value: Some(Value::integer(i64::from(sn))),
                contributions: vec![],
            },
            TiebreakKind::DirectEncounter => TiebreakScore {
                value: None,
                contributions: vec![],
            },
        }
    }

    /// Whether every participant has a rating for RTNG (or the floor gives one).
    fn everyone_rated(&self) -> bool {
        self.tournament
            .players
            .iter()
            .all(|p| self.rating(p.start_number).is_some())
    }

    /// STD: per round 1, ½ or 0 as the points received are above, equal to
    /// or below a draw's (byes and unplayed rounds included).
    fn standard_points(&self, sn: StartNumber) -> TiebreakScore {
        let draw = self.tournament.scoring.draw(Colour::White);
        let contributions: Vec<Contribution> = self
            .entries(sn)
            .iter()
            .map(|entry| {
                let halves = match entry.points.cmp(&draw) {
                    std::cmp::Ordering::Greater => 2,
                    std::cmp::Ordering::Equal => 1,
                    std::cmp::Ordering::Less => 0,
                };
                let value = Value::new(halves, 2);
                Contribution {
                    round: entry.round,
                    opponent: entry.kind.opponent(),
                    value,
                    significance: value,
                    substitute: false,
                    vur: entry.kind.is_vur(),
                    cut: false,
                }
            })
            .collect();
        let value = contributions.iter().map(|c| c.value).sum();
        TiebreakScore {
            value: Some(value),
            contributions,
        }
    }

    fn entries(&self, sn: StartNumber) -> &[RoundEntry] {
        self.entries.get(&sn).map_or(&[], Vec::as_slice)
    }

    /// BH, FB and SB: per round the opponent's (adjusted) score, or the
    /// dummy / virtual opponent's score; SB weighs it by the result.
    fn opponents_scores(
        &self,
        tiebreak: &Tiebreak,
        sn: StartNumber,
        fore: bool,
        sonneborn: bool,
    ) -> TiebreakScore {
        let own = if fore {
            self.fore_own.get(&sn).copied().unwrap_or(0)
        } else {
            self.total(sn)
        };
        let mut contributions = Vec::new();
        for entry in self.entries(sn) {
            let counts_as_game = entry.kind.is_played()
                || (entry.kind.opponent().is_some()
                    && (self.round_robin || (fore && entry.round == self.rounds)));
            let (opponent_score, substitute) = if counts_as_game {
                let Some(opponent) = entry.kind.opponent() else {
                    continue;
                };
                let table = if fore {
                    &self.fore_adjusted
                } else {
                    &self.adjusted
                };
                (table.get(&opponent).copied().unwrap_or(0), false)
            } else if self.round_robin {
                // A bye in an odd-numbered round robin: no opponent, no value.
                continue;
            } else if self.edition == TiebreakEdition::VirtualOpponent {
                let before = i64::from(entry.running.tenths()) - i64::from(entry.points.tenths());
                let received = i64::from(entry.points.tenths());
                let later = i64::from(self.rounds - entry.round);
                (
                    before + (self.win_points() - received) + self.draw_points() * later,
                    true,
                )
            } else if self.edition == TiebreakEdition::Fide2026 {
                // Art. 16.4 (2026): the dummy opponent's score is the
                // participant's own, but no more than the scheduled
                // opponent's (16.4.1, a forfeit) or half the maximum
                // (16.4.2, a bye or an absence).
                let cap = match entry.kind.opponent() {
                    Some(opponent) => {
                        let table = if fore {
                            &self.fore_adjusted
                        } else {
                            &self.adjusted
                        };
                        table.get(&opponent).copied().unwrap_or(0)
                    }
                    None => self.draw_points() * i64::from(self.rounds),
                };
                (own.min(cap), true)
            } else {
                (own, true)
            };
            let significance = Value::tenths(opponent_score);
            let value = if sonneborn {
                Value::new(opponent_score * entry.kind.result_halves(), 20)
            } else {
                significance
            };
            // Under FB the last round's pairing is a drawn game: not a
            // voluntary unplayed round, cut like any other game.
            let fore_game = fore && entry.round == self.rounds && entry.kind.opponent().is_some();
            contributions.push(Contribution {
                round: entry.round,
                opponent: entry.kind.opponent(),
                value,
                significance,
                substitute,
                vur: entry.kind.is_vur() && !fore_game,
                cut: false,
            });
        }
        let vur_first = self.edition != TiebreakEdition::VirtualOpponent;
        apply_cuts(
            &mut contributions,
            tiebreak.cut_low,
            tiebreak.cut_high,
            vur_first,
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

    /// AOB: the average of the Buchholz of the opponents met over the board.
    fn average_opponents_buchholz(&self, sn: StartNumber) -> TiebreakScore {
        let plain = Tiebreak::plain(TiebreakKind::Buchholz);
        let mut contributions = Vec::new();
        for entry in self.entries(sn) {
            let (RoundKind::Game { opponent, .. }, true) = (entry.kind, entry.kind.is_played())
            else {
                continue;
            };
            let bh = self.opponents_scores(&plain, opponent, false, false).value;
            let value = bh.unwrap_or(Value::ZERO);
            contributions.push(Contribution {
                round: entry.round,
                opponent: Some(opponent),
                value,
                significance: value,
                substitute: false,
                vur: false,
                cut: false,
            });
        }
        let n = contributions.len() as i64;
        let value = (n > 0).then(|| {
            let sum: Value = contributions.iter().map(|c| c.value).sum();
            sum.scale(1, n)
        });
        TiebreakScore {
            value,
            contributions,
        }
    }

    /// PS: the sum of the running scores; cuts drop the earliest rounds.
    fn progressive(&self, tiebreak: &Tiebreak, sn: StartNumber) -> TiebreakScore {
        let contributions: Vec<Contribution> = self
            .entries(sn)
            .iter()
            .map(|entry| {
                let value = Value::tenths(i64::from(entry.running.tenths()));
                Contribution {
                    round: entry.round,
                    opponent: entry.kind.opponent(),
                    value,
                    significance: value,
                    substitute: false,
                    vur: entry.kind.is_vur(),
                    cut: entry.round <= tiebreak.cut_low,
                }
            })
            .collect();
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

    /// KS (C.07 Art. 9.2): the points scored in the rounds against opponents
    /// whose score reaches the limit (by default 50% of the maximum possible
    /// score; Art. 14.5 moves it).
    ///
    /// Under the 2023 and 2024 editions every round with a scheduled
    /// opponent counts, forfeits included, in a Swiss as in a round robin:
    /// Art. 9.2 counts the points "achieved against" those opponents without the "over the board" of Art. 7.2 or
    /// the exclusion of forfeits that Art. 6.1.1 writes for DE, and the
    /// unplayed-rounds management of Art. 16 (dummy opponents, adjusted
    /// scores) is written for BH, FB and SB, not for KS. So a forfeit win
    /// against an opponent who reaches the limit counts its points, a forfeit
    /// loss or a double forfeit counts nothing, and a bye (no opponent) is not
    /// a round against anyone. The opponent's score is the actual final
    /// score, not the Art. 16.3 adjusted one. This is also what the FIDE
    /// Technical Commission's TieBreakServer computes (`docs/tiebreaks.md`).
    fn koya(&self, tiebreak: &Tiebreak, sn: StartNumber) -> TiebreakScore {
        let players = self.tournament.players.len() as u32;
        let mut games = self.rounds;
        if self.round_robin && players % 2 == 1 && players > 0 {
            // Every cycle of an odd round robin gives each player one bye.
            games -= self.rounds / players;
        }
        let limit = tiebreak.koya_limit;
        // Opponent qualifies when 100·score ≥ percent·W·games + 100·offset.
        let threshold = i64::from(limit.percent) * self.win_points() * i64::from(games)
            + 100 * limit.offset_tenths;
        let mut contributions = Vec::new();
        for entry in self.entries(sn) {
            let Some(opponent) = entry.kind.opponent() else {
                continue;
            };
            if self.edition == TiebreakEdition::VirtualOpponent
                && !self.round_robin
                && !entry.kind.is_played()
            {
                // Before 2023 a forfeit met a virtual opponent, not the
                // scheduled one; the KS of that rule is not modelled and
                // forfeits stay out, as they always did here.
                continue;
            }
            let opponent_score = self.total(opponent);
            contributions.push(Contribution {
                round: entry.round,
                opponent: Some(opponent),
                value: Value::tenths(i64::from(entry.points.tenths())),
                significance: Value::tenths(opponent_score),
                substitute: false,
                vur: entry.kind.is_vur(),
                cut: 100 * opponent_score < threshold,
            });
        }
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

    /// WIN, WON, BPG, BWG, GE: counts of rounds.
    fn count(&self, kind: TiebreakKind, sn: StartNumber) -> TiebreakScore {
        let win = self.tournament.scoring.win(Colour::White);
        let mut contributions = Vec::new();
        for entry in self.entries(sn) {
            let counts = match kind {
                TiebreakKind::Wins => {
                    entry.points >= win
                        && matches!(
                            entry.kind,
                            RoundKind::Game {
                                outcome: Outcome::Win,
                                ..
                            } | RoundKind::ForfeitWin { .. }
                                | RoundKind::Bye(_)
                        )
                }
                TiebreakKind::GamesWon => {
                    matches!(
                        entry.kind,
                        RoundKind::Game {
                            outcome: Outcome::Win,
                            ..
                        }
                    )
                }
                TiebreakKind::BlackGames => matches!(
                    entry.kind,
                    RoundKind::Game { colour: Colour::Black, outcome, .. }
                        if outcome != Outcome::NotPlayed
                ),
                TiebreakKind::BlackWins => matches!(
                    entry.kind,
                    RoundKind::Game {
                        colour: Colour::Black,
                        outcome: Outcome::Win,
                        ..
                    }
                ),
                TiebreakKind::GamesElected => !entry.kind.is_vur(),
                _ => false,
            };
            if counts {
                contributions.push(Contribution {
                    round: entry.round,
                    opponent: entry.kind.opponent(),
                    value: Value::integer(1),
                    significance: Value::integer(1),
                    substitute: false,
                    vur: entry.kind.is_vur(),
                    cut: false,
                });
            }
        }
        let value = Value::integer(contributions.len() as i64);
        TiebreakScore {
            value: Some(value),
            contributions,
        }
    }

    /// The rated games over the board: (round, opponent, rating, score in hundredths).
    fn rated_games(&self, sn: StartNumber) -> Vec<(u32, StartNumber, u16, i64)> {
        self.entries(sn)
            .iter()
            .filter_map(|entry| match entry.kind {
                RoundKind::Game {
                    opponent, outcome, ..
                } if outcome != Outcome::NotPlayed => {
                    let rating = self.rating(opponent)?;
                    let score = match outcome {
                        Outcome::Win => 100,
                        Outcome::Draw => 50,
                        _ => 0,
                    };
                    Some((entry.round, opponent, rating, score))
                }
                _ => None,
            })
            .collect()
    }

    /// ARO, TPR, PTP over the games played against rated opponents (cuts
    /// remove the lowest / highest rated opponents with their games).
    fn rating_based(&self, tiebreak: &Tiebreak, sn: StartNumber) -> TiebreakScore {
        let games = self.rated_games(sn);
        let mut contributions: Vec<Contribution> = games
            .iter()
            .map(|&(round, opponent, rating, _)| {
                let value = Value::integer(i64::from(rating));
                Contribution {
                    round,
                    opponent: Some(opponent),
                    value,
                    significance: value,
                    substitute: false,
                    vur: false,
                    cut: false,
                }
            })
            .collect();
        apply_cuts(
            &mut contributions,
            tiebreak.cut_low,
            tiebreak.cut_high,
            false,
        );
        let kept: Vec<(u16, i64)> = games
            .iter()
            .zip(&contributions)
            .filter(|(_, c)| !c.cut)
            .map(|(&(_, _, rating, score), _)| (rating, score))
            .collect();
        let value = performance(tiebreak.kind, &kept).map(|v| Value::integer(i64::from(v)));
        TiebreakScore {
            value,
            contributions,
        }
    }

    /// APRO / APPO: the average of the opponents' TPR / PTP, rounded.
    fn average_of_opponents(&self, sn: StartNumber, of: TiebreakKind) -> TiebreakScore {
        let mut contributions = Vec::new();
        for entry in self.entries(sn) {
            let RoundKind::Game {
                opponent, outcome, ..
            } = entry.kind
            else {
                continue;
            };
            if outcome == Outcome::NotPlayed {
                continue;
            }
            let kept: Vec<(u16, i64)> = self
                .rated_games(opponent)
                .iter()
                .map(|&(_, _, r, s)| (r, s))
                .collect();
            let Some(perf) = performance(of, &kept) else {
                continue;
            };
            let value = Value::integer(i64::from(perf));
            contributions.push(Contribution {
                round: entry.round,
                opponent: Some(opponent),
                value,
                significance: value,
                substitute: false,
                vur: false,
                cut: false,
            });
        }
        let n = contributions.len() as i64;
        let value = (n > 0).then(|| {
            let sum: Value = contributions.iter().map(|c| c.value).sum();
            Value::integer(sum.scale(1, n).round_half_up())
        });
        TiebreakScore {
            value,
            contributions,
        }
    }
}

/// ARO, TPR or PTP from (rating, score in hundredths) pairs.
fn performance(kind: TiebreakKind, games: &[(u16, i64)]) -> Option<i32> {
    if games.is_empty() {
        return None;
    }
    let ratings: Vec<u16> = games.iter().map(|&(r, _)| r).collect();
    let score: i64 = games.iter().map(|&(_, s)| s).sum();
    let n = games.len() as i64;
    let sum: i64 = ratings.iter().map(|&r| i64::from(r)).sum();
    let average = i32::try_from((2 * sum + n) / (2 * n)).ok()?;
    match kind {
        TiebreakKind::AverageRatingOfOpponents => Some(average),
        TiebreakKind::PerformanceRating => {
            let games = u32::try_from(n).ok()?;
            Some(average + dp_for_percentage(percentage_hundredths(score, games)))
        }
        // PTP (C.07 Art. 10.3).
        _ => perfect_performance(&ratings, score),
    }
}

/// Marks `low` least significant and `high` most significant contributions
/// as cut (C.07 Art. 14.1–14.4): the least significant value is the one with
/// the lowest significance (for SB the opponent's score), ties broken by the
/// lower contribution, then the later round.
///
/// With `vur_first` (C.07 Art. 16.5, the same rule in the 2023, 2024 and
/// 2026 editions), each low cut takes the participant's least significant
/// contribution coming from a voluntary unplayed round instead (its dummy
/// opponent's score, then its value: under 2023/2024 every dummy has the
/// participant's own score, under 2026 the caps make them differ, and FIDE's
/// reference orders them so), as long as that contribution is not lower than
/// the least significant value's; otherwise the least significant value is
/// cut. For BH and FB this always cuts a VUR first (a
/// VUR's value is never below the least significant value, which is the
/// minimum); for SB a forfeit loss (contribution 0) is not cut in place of a
/// game that contributes more. High cuts (the upper half of a median) have no
/// such exception.
pub(crate) fn apply_cuts(contributions: &mut [Contribution], low: u32, high: u32, vur_first: bool) {
    for _ in 0..low {
        let least = contributions
            .iter()
            .enumerate()
            .filter(|(_, c)| !c.cut)
            .min_by(|(_, a), (_, b)| {
                a.significance
                    .cmp(&b.significance)
                    .then(a.value.cmp(&b.value))
                    .then(b.round.cmp(&a.round))
            })
            .map(|(i, c)| (i, c.value));
        let lowest_vur = contributions
            .iter()
            .enumerate()
            .filter(|(_, c)| vur_first && c.vur && !c.cut)
            .min_by(|(_, a), (_, b)| {
                a.significance
                    .cmp(&b.significance)
                    .then(a.value.cmp(&b.value))
                    .then(b.round.cmp(&a.round))
            })
            .map(|(i, c)| (i, c.value));
        let candidate = match (least, lowest_vur) {
            (Some((_, least_value)), Some((vur, vur_value))) if vur_value >= least_value => {
                Some(vur)
            }
            (Some((i, _)), _) => Some(i),
            (None, _) => None,
        };
        if let Some(i) = candidate {
            contributions[i].cut = true;
        }
    }
    for _ in 0..high {
        let candidate = contributions
            .iter()
            .enumerate()
            .filter(|(_, c)| !c.cut)
            .max_by(|(_, a), (_, b)| {
                a.significance
                    .cmp(&b.significance)
                    .then(a.value.cmp(&b.value))
                    .then(b.round.cmp(&a.round))
            })
            .map(|(i, _)| i);
        if let Some(i) = candidate {
            contributions[i].cut = true;
        }
    }
}
