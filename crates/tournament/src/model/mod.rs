//! The tournament model: players, rounds, boards, byes, scoring.
//!
//! **Stability note for other modules (`standings`, `rating`, `dutch`):** the
//! shape of these types is stable; changes are additive only. Points are exact:
//! [`Points`] counts tenths of a point, so 1/½/0, 2/1/0 and 3/1/0 scorings (TRF
//! `XXS`) all compute without floating point.
//!
//! Changes since the first version (all additive):
//! `PairingOptions::forbidden_pairs_in_rounds` (TRF-2026 `260`);
//! `Round::participations` and `Tournament::scores_after` (one-pass views).
//!
//! Start numbers ([`StartNumber`]) are 1-based pairing numbers; a player is
//! looked up with [`Tournament::player`]. Rounds are 1-based too:
//! `tournament.rounds[0]` is round 1.
//!
//! The view an engine usually wants is per player and round:
//! [`Tournament::participation`] returns a [`Participation`] (a game with
//! opponent, colour and [`Outcome`], a bye of some [`ByeKind`], or absence), and
//! [`Tournament::points_in_round`] / [`Tournament::score_after`] give the points
//! under the tournament's [`Scoring`].

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

mod pairing;
mod player;
mod points;
mod round;

pub use pairing::{ForbiddenInRounds, PairingOptions};
pub use player::{
    ByeKind, Date, Player, PlayerStatus, Sex, Title, assign_start_numbers_by_lot,
    assign_start_numbers_fide, fide_order,
};
pub use points::{Points, Scoring, ScoringError, ScoringField};
pub use round::{Board, Bye, GameResult, Outcome, Participation, Round};

/// A player's start (pairing) number, 1-based.
pub type StartNumber = u32;

/// A piece colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Colour {
    White,
    Black,
}

impl Colour {
    /// The other colour.
    pub const fn opposite(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }
}

/// The pairing system.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum System {
    /// Single round robin (FIDE C.05 Annex 1, Berger tables).
    RoundRobin,
    /// Double round robin: the second cycle with colours reversed.
    DoubleRoundRobin,
    /// Swiss system (FIDE Dutch, C.04.3).
    #[default]
    Swiss,
}

/// Which rating system the event is rated in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum RatingSystem {
    /// FIDE Rating Regulations.
    #[default]
    Fide,
    /// The club grade-points scheme (`laws.md`, "Grade points").
    GradePoints,
}

/// Which edition of the FIDE tie-break regulations (C.07) applies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum TiebreakEdition {
    /// C.07 in force from 1 March 2026: the Art. 16.4 dummy opponent's
    /// score is capped (by the scheduled opponent's score for a forfeit, by
    /// half the maximum for a bye or absence); STD, RTNG and TPN; BH, FB and
    /// AOB are not for round robins.
    #[default]
    Fide2026,
    /// C.07, August 2024 (unplayed rounds per Art. 16).
    Fide2024,
    /// C.07 as of 2023.
    Fide2023,
    /// The pre-2023 "virtual opponent" method for unplayed games.
    VirtualOpponent,
}

/// Descriptive header data (TRF records 022–132).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct EventInfo {
    pub city: Option<String>,
    pub federation: Option<String>,
    pub start_date: Option<String>,
    pub end_date: Option<String>,
    /// TRF 092 "type of tournament" as free text.
    pub kind: Option<String>,
    pub chief_arbiter: Option<String>,
    pub deputy_arbiters: Vec<String>,
    pub time_control: Option<String>,
    /// Dates of the rounds as written (`YY/MM/DD`).
    pub round_dates: Vec<String>,
    /// TRF-2026 `172` records: how the starting rank uses each federation's
    /// national ratings.
    pub rating_methods: Vec<RatingMethod>,
    /// TRF-2026 `182`: the program or person who made the pairings.
    pub pairing_controller: Option<String>,
    /// TRF-2026 `212`: the tie-breaks that define the standings (`PTS`
    /// first), as written; `Tournament::tiebreaks` is `202`.
    pub standings_tiebreaks: Vec<String>,
    /// TRF-2026 `222`: the encoded time control (`40/6000+30:900+30`).
    pub time_control_code: Option<String>,
    /// TRF-2026 `299`: abnormal assignments of points, kept as read and
    /// written back. Scores and tie-breaks do not apply them.
    pub abnormal_points: Vec<AbnormalPoints>,
    /// TRF-2026 National Rating Support records as read (the national
    /// rating itself is `Player::national_rating`, which wins on export).
    pub national_records: Vec<NationalRecord>,
    /// The regulations profile the event is run under, as the program that
    /// wrote the file names it (this crate's `XXL` extension record).
    pub regulations: Option<String>,
}

/// TRF-2026 `172`: the federation whose National Rating Support records
/// the file carries and the method that makes the starting rank from them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RatingMethod {
    /// Columns 5–7, a FIDE federation code.
    pub federation: String,
    /// Columns 9–13: `FIDE`, `NRO`, `FIDON`, `NIDOF`, `HBFN`, `LBFN` or `OTHER`.
    pub method: String,
}

impl RatingMethod {
    /// The codes TRF-2026 defines for `172`.
    pub const CODES: [&'static str; 7] = ["FIDE", "NRO", "FIDON", "NIDOF", "HBFN", "LBFN", "OTHER"];
    /// What this crate applies: the FIDE rating if defined, otherwise the
    /// national one (`Player::rating`).
    pub const APPLIED: &'static str = "FIDON";
}

/// TRF-2026 `299`: points assigned outside the point system, to a round or
/// to every round, for some participants.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AbnormalPoints {
    /// Column 5: `W D L F H Z + -` for the result whose points are changed,
    /// blank for a penalty or bonus.
    pub kind: char,
    /// Columns 8–11: match points (teams), in tenths, signed.
    pub match_points: Option<i32>,
    /// Columns 14–17: game points (teams) or points (individuals), in tenths, signed.
    pub points: Option<i32>,
    /// Columns 20–22: the round; `None` (`000` or blank) for every round.
    pub round: Option<u32>,
    /// Pairing numbers from column 24, five columns each.
    pub participants: Vec<StartNumber>,
}

/// A TRF-2026 National Rating Support record: the `001` layout of the
/// static part, introduced by the rating federation's code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NationalRecord {
    /// Columns 1–3.
    pub federation: String,
    /// Columns 5–8.
    pub start_number: StartNumber,
    /// Column 10 (blank when the same as `001`).
    pub sex: char,
    /// Columns 11–13, the national classification.
    pub classification: String,
    /// Columns 15–47 (blank when the same as `001`).
    pub name: String,
    /// Columns 49–52.
    pub rating: Option<u16>,
    /// Columns 54–56: federation, nation, state, region, …
    pub origin: String,
    /// Columns 58–68, the national id.
    pub number: String,
    /// Columns 70–79 (blank when the same as `001`).
    pub birth_date: String,
}

/// A tournament: settings, players and the rounds paired so far.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Tournament {
    pub name: String,
    pub info: EventInfo,
    pub system: System,
    /// Planned number of rounds (TRF `XXR` / `142`); 0 when unknown.
    pub planned_rounds: u32,
    pub scoring: Scoring,
    /// Ordered tie-break specification as C.07 acronyms with modifiers
    /// (`"BH/C1"`, `"SB"`, `"DE"`); interpreted by `standings`.
    pub tiebreaks: Vec<String>,
    pub tiebreak_edition: TiebreakEdition,
    /// Ratings below the floor count as the floor (C.07 ARO/TPR), if set.
    pub rating_floor: Option<u16>,
    /// Players the arbiter expelled: withdrawn, and left out of a Swiss
    /// event's standings (their games count for their opponents).
    pub expelled: BTreeSet<StartNumber>,
    pub rating_system: RatingSystem,
    pub pairing: PairingOptions,
    /// Players, sorted by start number.
    pub players: Vec<Player>,
    /// Rounds paired so far; `rounds[0]` is round 1.
    pub rounds: Vec<Round>,
}

/// Why a model operation was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Error {
    /// Round number out of range (rounds are 1-based).
    NoSuchRound { round: u32 },
    /// Board number out of range (boards are 1-based).
    NoSuchBoard { round: u32, board: u32 },
    /// A start number that no player has.
    UnknownPlayer { start_number: StartNumber },
    /// Two players with the same start number.
    DuplicateStartNumber { start_number: StartNumber },
    /// A player appears twice in one round.
    PairedTwice { round: u32, player: StartNumber },
    /// A player paired against himself.
    SelfPairing { round: u32, player: StartNumber },
    /// The players are not sorted by start number.
    PlayersOutOfOrder,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::NoSuchRound { round } => write!(f, "no round {round}"),
            Error::NoSuchBoard { round, board } => write!(f, "no board {board} in round {round}"),
            Error::UnknownPlayer { start_number } => {
                write!(f, "no player with start number {start_number}")
            }
            Error::DuplicateStartNumber { start_number } => {
                write!(f, "start number {start_number} is given twice")
            }
            Error::PairedTwice { round, player } => {
                write!(f, "player {player} appears twice in round {round}")
            }
            Error::SelfPairing { round, player } => {
                write!(
                    f,
                    "player {player} is paired against himself in round {round}"
                )
            }
            Error::PlayersOutOfOrder => write!(f, "players are not sorted by start number"),
        }
    }
}

impl std::error::Error for Error {}

impl Tournament {
    /// The player with this start number.
    pub fn player(&self, start_number: StartNumber) -> Option<&Player> {
        self.players
            .binary_search_by_key(&start_number, |p| p.start_number)
            .ok()
            .map(|i| &self.players[i])
    }

    /// The round with this 1-based number.
    pub fn round(&self, round: u32) -> Option<&Round> {
        self.rounds
            .get(usize::try_from(round).ok()?.checked_sub(1)?)
    }

    /// Number of rounds paired (or recorded) so far.
    pub fn rounds_paired(&self) -> u32 {
        u32::try_from(self.rounds.len()).unwrap_or(u32::MAX)
    }

    /// Boards of rounds `1..=after` without their final result (not in
    /// yet, or adjourned): while any is missing, standings counting those
    /// rounds are provisional (VCL: provisional standings are marked).
    pub fn results_missing(&self, after: u32) -> usize {
        self.rounds
            .iter()
            .take(usize::try_from(after).unwrap_or(usize::MAX))
            .map(Round::results_missing)
            .sum()
    }

    /// The last round up to which every board has its final result: the
    /// standings after it are final (0 when round 1 is still open).
    pub fn complete_rounds(&self) -> u32 {
        let complete = self
            .rounds
            .iter()
            .take_while(|r| r.results_missing() == 0)
            .count();
        u32::try_from(complete).unwrap_or(u32::MAX)
    }

    /// The initial colour round 1 shows: the colour of the first player by
    /// start number who sat at a board of it (C.04.3 A.6 and 5.2: the
    /// first player of the top half gets the initial colour). `None`
    /// without a round 1 or a board in it. For an event whose file did not
    /// say its initial colour.
    pub fn initial_colour_of_round_one(&self) -> Option<Colour> {
        self.rounds
            .first()?
            .boards
            .iter()
            .flat_map(|b| [(b.white, Colour::White), (b.black, Colour::Black)])
            .min_by_key(|&(player, _)| player)
            .map(|(_, colour)| colour)
    }

    /// How `player` took part in `round`: `None` if the round does not exist
    /// yet; `Bye(Absent)` if the player is in neither a board nor a bye.
    pub fn participation(&self, player: StartNumber, round: u32) -> Option<Participation> {
        let r = self.round(round)?;
        for board in &r.boards {
            let colour = if board.white == player {
                Colour::White
            } else if board.black == player {
                Colour::Black
            } else {
                continue;
            };
            let opponent = match colour {
                Colour::White => board.black,
                Colour::Black => board.white,
            };
            return Some(Participation::Game {
                opponent,
                colour,
                outcome: board.result.outcome_for(colour),
                rated: board.rated,
            });
        }
        let kind = r
            .byes
            .iter()
            .find(|b| b.player == player)
            .map_or(ByeKind::Absent, |b| b.kind);
        Some(Participation::Bye(kind))
    }

    /// Points `player` scored in `round` (0 if the round does not exist).
    pub fn points_in_round(&self, player: StartNumber, round: u32) -> Points {
        match self.participation(player, round) {
            None => Points::ZERO,
            Some(Participation::Game {
                colour, outcome, ..
            }) => self.scoring.outcome(outcome, colour),
            Some(Participation::Bye(kind)) => self.scoring.bye(kind),
        }
    }

    /// Points after the first `rounds` rounds.
    pub fn score_after(&self, player: StartNumber, rounds: u32) -> Points {
        (1..=rounds.min(self.rounds_paired()))
            .map(|r| self.points_in_round(player, r))
            .sum()
    }

    /// Every player's points after the first `rounds` rounds, in one pass
    /// over the rounds (linear; `score_after` per player is quadratic).
    pub fn scores_after(&self, rounds: u32) -> BTreeMap<StartNumber, Points> {
        let mut scores: BTreeMap<StartNumber, Points> = self
            .players
            .iter()
            .map(|p| (p.start_number, Points::ZERO))
            .collect();
        for round in self.rounds.iter().take(rounds as usize) {
            let listed = round.participations();
            for (player, score) in &mut scores {
                *score += match listed.get(player) {
                    Some(Participation::Game {
                        colour, outcome, ..
                    }) => self.scoring.outcome(*outcome, *colour),
                    Some(Participation::Bye(kind)) => self.scoring.bye(*kind),
                    None => self.scoring.bye(ByeKind::Absent),
                };
            }
        }
        scores
    }

    /// Points after every round recorded so far.
    pub fn total_points(&self, player: StartNumber) -> Points {
        self.score_after(player, self.rounds_paired())
    }

    /// Checks the structural invariants: players sorted by unique start
    /// number; every board and bye names known players; nobody twice in a
    /// round; nobody paired with himself.
    pub fn validate(&self) -> Result<(), Error> {
        for pair in self.players.windows(2) {
            if pair[0].start_number == pair[1].start_number {
                return Err(Error::DuplicateStartNumber {
                    start_number: pair[0].start_number,
                });
            }
            if pair[0].start_number > pair[1].start_number {
                return Err(Error::PlayersOutOfOrder);
            }
        }
        for (index, round) in self.rounds.iter().enumerate() {
            let number = u32::try_from(index + 1).unwrap_or(u32::MAX);
            let mut seen = BTreeSet::new();
            let mut see = |p: StartNumber| -> Result<(), Error> {
                if self.player(p).is_none() {
                    return Err(Error::UnknownPlayer { start_number: p });
                }
                if !seen.insert(p) {
                    return Err(Error::PairedTwice {
                        round: number,
                        player: p,
                    });
                }
                Ok(())
            };
            for board in &round.boards {
                if board.white == board.black {
                    return Err(Error::SelfPairing {
                        round: number,
                        player: board.white,
                    });
                }
                see(board.white)?;
                see(board.black)?;
            }
            for bye in &round.byes {
                see(bye.player)?;
            }
        }
        Ok(())
    }
}

/// Replaces the result of one board (an arbiter's correction) and returns the
/// corrected tournament; the original is untouched, so the caller keeps the
/// history. `round` and `board` are 1-based.
pub fn replace_result(
    tournament: &Tournament,
    round: u32,
    board: u32,
    new_result: GameResult,
) -> Result<Tournament, Error> {
    let round_index = usize::try_from(round)
        .ok()
        .and_then(|r| r.checked_sub(1))
        .filter(|&r| r < tournament.rounds.len())
        .ok_or(Error::NoSuchRound { round })?;
    let board_index = usize::try_from(board)
        .ok()
        .and_then(|b| b.checked_sub(1))
        .filter(|&b| b < tournament.rounds[round_index].boards.len())
        .ok_or(Error::NoSuchBoard { round, board })?;
    let mut corrected = tournament.clone();
    corrected.rounds[round_index].boards[board_index].result = new_result;
    Ok(corrected)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_parse_and_print_with_one_decimal() {
        assert_eq!(Points::parse("1.5"), Some(Points(15)));
        assert_eq!(Points::parse(" 12.0"), Some(Points(120)));
        assert_eq!(Points::parse(".5"), Some(Points(5)));
        assert_eq!(Points::parse("3"), Some(Points(30)));
        assert_eq!(Points::parse("0.25"), None);
        assert_eq!(Points::parse("x"), None);
        assert_eq!(Points(15).to_string(), "1.5");
        assert_eq!(format!("{:>4}", Points(30)), " 3.0");
    }
}

#[cfg(test)]
mod model_tests {
    use super::*;

    fn player(name: &str, rating: u16, title: Option<Title>) -> Player {
        Player {
            name: name.into(),
            fide_rating: Some(rating),
            title,
            ..Player::default()
        }
    }

    fn two_player_event() -> Tournament {
        Tournament {
            players: vec![
                Player {
                    start_number: 1,
                    ..player("A", 2000, None)
                },
                Player {
                    start_number: 2,
                    ..player("B", 1900, None)
                },
            ],
            rounds: vec![Round {
                boards: vec![Board::new(1, 2, GameResult::WhiteWins)],
                byes: vec![],
            }],
            ..Tournament::default()
        }
    }

    /// VCL (provisional standings): a round with a result not in, or an
    /// adjourned game, leaves the standings counting it provisional; the
    /// complete rounds are the ones before the first such round.
    #[test]
    fn standings_are_provisional_while_a_counted_round_misses_a_result() {
        let mut event = two_player_event();
        assert_eq!(event.results_missing(1), 0);
        assert_eq!(event.complete_rounds(), 1);
        event.rounds.push(Round {
            boards: vec![Board::new(2, 1, GameResult::NotPlayed)],
            byes: vec![],
        });
        event.rounds.push(Round {
            boards: vec![Board::new(1, 2, GameResult::Adjourned)],
            byes: vec![],
        });
        assert_eq!(event.results_missing(1), 0);
        assert_eq!(event.results_missing(3), 2);
        assert_eq!(event.results_missing(99), 2);
        assert_eq!(event.complete_rounds(), 1);
        event.rounds[1].boards[0].result = GameResult::Draw;
        assert_eq!(
            event.complete_rounds(),
            2,
            "round 3's adjourned game is still missing"
        );
        event.rounds[2].boards[0].result = GameResult::BlackWins;
        assert_eq!(event.complete_rounds(), 3);
    }

    #[test]
    fn start_numbers_follow_rating_then_title_then_name() {
        // C.04.2 A.2: rating, then title GM > IM > WGM > FM > …, then name.
        let mut players = vec![
            player("Zeta", 2400, None),
            player("Beta", 2400, Some(Title::Fm)),
            player("Alpha", 2400, Some(Title::Wgm)),
            player("Gamma", 2500, None),
            player("Delta", 2400, Some(Title::Fm)),
        ];
        assign_start_numbers_fide(&mut players);
        let order: Vec<(&str, u32)> = players
            .iter()
            .map(|p| (p.name.as_str(), p.start_number))
            .collect();
        assert_eq!(
            order,
            [
                ("Gamma", 1),
                ("Alpha", 2),
                ("Beta", 3),
                ("Delta", 4),
                ("Zeta", 5)
            ]
        );
    }

    #[test]
    fn drawing_of_lots_is_reproducible_from_its_seed() {
        let make = || {
            (0..12)
                .map(|i| player(&format!("P{i}"), 1500, None))
                .collect::<Vec<_>>()
        };
        let (mut a, mut b, mut c) = (make(), make(), make());
        assign_start_numbers_by_lot(&mut a, 42);
        assign_start_numbers_by_lot(&mut b, 42);
        assign_start_numbers_by_lot(&mut c, 43);
        assert_eq!(a, b);
        assert_ne!(a, c);
        assert!(a.iter().zip(1..).all(|(p, n)| p.start_number == n));
    }

    #[test]
    fn an_arbiter_correction_replaces_one_result_and_keeps_the_original() {
        let event = two_player_event();
        let corrected = replace_result(&event, 1, 1, GameResult::Draw).unwrap();
        assert_eq!(event.total_points(1), Points::ONE);
        assert_eq!(corrected.total_points(1), Points::HALF);
        assert_eq!(corrected.total_points(2), Points::HALF);
        assert_eq!(
            replace_result(&event, 2, 1, GameResult::Draw),
            Err(Error::NoSuchRound { round: 2 })
        );
        assert_eq!(
            replace_result(&event, 1, 2, GameResult::Draw),
            Err(Error::NoSuchBoard { round: 1, board: 2 })
        );
    }

    #[test]
    fn forfeits_and_byes_score_under_a_three_one_zero_scoring() {
        let mut event = two_player_event();
        event.scoring = Scoring::new(Points(30), Points(10), Points::ZERO);
        event.players.push(Player {
            start_number: 3,
            ..player("C", 1800, None)
        });
        event.rounds[0].byes.push(Bye {
            player: 3,
            kind: ByeKind::HalfPoint,
        });
        event.rounds.push(Round {
            boards: vec![Board::new(3, 1, GameResult::BlackWinsByForfeit)],
            byes: vec![Bye {
                player: 2,
                kind: ByeKind::PairingAllocated,
            }],
        });
        assert_eq!(event.total_points(1), Points(60));
        assert_eq!(event.total_points(2), Points(30));
        assert_eq!(event.total_points(3), Points(10));
        assert_eq!(
            event.participation(3, 2),
            Some(Participation::Game {
                opponent: 1,
                colour: Colour::White,
                outcome: Outcome::ForfeitLoss,
                rated: true
            })
        );
        assert_eq!(event.validate(), Ok(()));
    }

    #[test]
    fn withdrawn_and_late_players_have_a_status_per_round() {
        let p = Player {
            joins_at: Some(2),
            withdrawn_from: Some(5),
            requested_byes: BTreeMap::from([(3, ByeKind::HalfPoint)]),
            ..Player::default()
        };
        assert_eq!(p.status(1), PlayerStatus::NotYetEntered);
        assert_eq!(p.status(2), PlayerStatus::Playing);
        assert_eq!(p.status(3), PlayerStatus::RequestedBye(ByeKind::HalfPoint));
        assert_eq!(p.status(5), PlayerStatus::Withdrawn);
    }

    #[test]
    fn the_one_pass_views_agree_with_the_per_player_lookups() {
        let mut event = two_player_event();
        event.players.push(Player {
            start_number: 3,
            ..player("C", 1800, None)
        });
        event.rounds[0].byes.push(Bye {
            player: 3,
            kind: ByeKind::HalfPoint,
        });
        event.rounds.push(Round {
            boards: vec![Board::new(3, 1, GameResult::Draw)],
            byes: vec![],
        });
        for r in 1..=2 {
            let map = event.rounds[r as usize - 1].participations();
            for p in 1..=3 {
                let expected = event.participation(p, r).unwrap();
                assert_eq!(
                    map.get(&p)
                        .copied()
                        .unwrap_or(Participation::Bye(ByeKind::Absent)),
                    expected
                );
            }
            let scores = event.scores_after(r);
            for p in 1..=3 {
                assert_eq!(scores[&p], event.score_after(p, r));
            }
        }
    }

    #[test]
    fn a_player_twice_in_a_round_is_refused() {
        let mut event = two_player_event();
        event.rounds[0].byes.push(Bye {
            player: 2,
            kind: ByeKind::Absent,
        });
        assert_eq!(
            event.validate(),
            Err(Error::PairedTwice {
                round: 1,
                player: 2
            })
        );
    }
}
