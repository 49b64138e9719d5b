//! Team events: teams with an ordered roster, line-ups per round, matches
//! made of board games, match and game points, and team standings.
//!
//! # Layout
//! - this module: the model ([`TeamEvent`], [`Team`], [`TeamRound`],
//!   [`Match`], [`MatchBoard`], [`TeamBye`]) and its invariants;
//! - [`lineup`]: a team's line-up for a round, checked against its roster;
//! - [`schedule`]: team round robins from the Berger tables of
//!   [`crate::round_robin`] and the colours of each board;
//! - [`score`]: match results from board results ([`MatchScoring`]);
//! - [`ranking`]: team standings by match or game points and the C.07 team
//!   tie-breaks, explained round by round with the individual standings'
//!   [`crate::standings::TiebreakScore`];
//! - [`generator`]: a seeded random team round robin (tests, reference
//!   comparisons);
//! - TRF-2026 team records (`310`, `013`, `300`, `320`, `330`, `352`, `362`)
//!   live in [`crate::trf`] (`read_team_tournament`, `write_team_tournament`).
//!
//! The team Swiss pairing (C.04.6) is a separate module; it produces
//! [`TeamRound`]s like [`schedule::pair_round`] does.
//!
//! # Boards and players
//! Players are the tournament's own [`crate::model::Player`]s, referred to by
//! start number. Every board game is also an individual game:
//! [`TeamEvent::individual_rounds`] gives the rounds of the individual
//! [`crate::model::Tournament`] (players' own standings, rating reports).

pub mod generator;
pub mod lineup;
pub mod ranking;
pub mod schedule;
pub mod score;

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use crate::model::{Board, Bye, ByeKind, Colour, GameResult, Round, StartNumber};

pub use lineup::{Lineup, LineupError, LineupRules, check_lineup};
pub use ranking::{
    TeamRoundEntry, TeamRoundKind, TeamStandingRow, TeamStandings, TeamStandingsError,
    TeamStandingsOptions, TeamTiebreak, TeamTiebreakKind, TeamTiebreakSpecError,
    compute_team_standings, explain_team, parse_team_tiebreak, parse_team_tiebreaks, team_preset,
};
pub use schedule::{ScheduleError, match_from_lineups, pair_round};
pub use score::{ByeScore, MatchResult, MatchScoring, PrimaryScore, match_result};

/// A team's pairing number (TRF-2026 `310`, columns 5–7: 1 to 999).
pub type TeamNumber = u32;

/// A team: its number, names and roster in board order.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Team {
    pub number: TeamNumber,
    pub name: String,
    /// TRF-2026 `310` "team nickname" (five characters), e.g. `IND`.
    pub short_name: Option<String>,
    pub federation: Option<String>,
    /// Players in board order: the first `boards` are the regular players,
    /// the rest reserves (the Olympiad's "board order", fixed for the event).
    pub roster: Vec<StartNumber>,
}

/// How the teams meet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum TeamSystem {
    /// Single round robin by the Berger tables (C.05 Annex 1).
    #[default]
    RoundRobin,
    /// Double round robin, second cycle with colours reversed.
    DoubleRoundRobin,
    /// Team Swiss (C.04.6), paired elsewhere.
    Swiss,
}

/// One board of a match. `first` belongs to the first-named team.
///
/// A missing player (`None`: the line-up left the board empty, or nobody
/// came) loses the board by forfeit; both missing is a double forfeit
/// (see [`MatchBoard::effective_result`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MatchBoard {
    pub first: Option<StartNumber>,
    pub second: Option<StartNumber>,
    /// The first-named team's colour on this board.
    pub first_colour: Colour,
    /// The result as White–Black (as for any game).
    pub result: GameResult,
}

impl MatchBoard {
    /// The white player, if any.
    pub const fn white(&self) -> Option<StartNumber> {
        match self.first_colour {
            Colour::White => self.first,
            Colour::Black => self.second,
        }
    }

    /// The black player, if any.
    pub const fn black(&self) -> Option<StartNumber> {
        match self.first_colour {
            Colour::White => self.second,
            Colour::Black => self.first,
        }
    }

    /// The result that counts: the recorded one when both players are
    /// there; a forfeit win for the only player present; a double forfeit
    /// for an empty board.
    pub const fn effective_result(&self) -> GameResult {
        match (self.white(), self.black()) {
            (Some(_), Some(_)) => self.result,
            (Some(_), None) => GameResult::WhiteWinsByForfeit,
            (None, Some(_)) => GameResult::BlackWinsByForfeit,
            (None, None) => GameResult::DoubleForfeit,
        }
    }

    /// Whether the game was played over the board.
    pub const fn is_played(&self) -> bool {
        self.white().is_some() && self.black().is_some() && self.result.is_played()
    }
}

/// A whole match forfeited (TRF-2026 `330`): nobody played. The boards, when
/// the line-ups are known, keep the players, each board lost by forfeit as
/// the match was.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MatchForfeit {
    /// The first-named team wins by forfeit (`+-`).
    FirstWins,
    /// The second-named team wins by forfeit (`-+`).
    SecondWins,
    /// Both teams lose by forfeit (`--`).
    Double,
}

/// A match between two teams in one round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Match {
    /// The first-named team (White on board 1 by default).
    pub first: TeamNumber,
    pub second: TeamNumber,
    /// Boards in board order (board 1 first).
    pub boards: Vec<MatchBoard>,
    /// Set when the whole match was forfeited; the boards' results are then
    /// the forfeit's (see [`Match::board_result`]). The boards may be empty.
    pub forfeit: Option<MatchForfeit>,
}

impl Match {
    /// The opponent of `team` in this match.
    pub fn opponent(&self, team: TeamNumber) -> Option<TeamNumber> {
        if team == self.first {
            Some(self.second)
        } else if team == self.second {
            Some(self.first)
        } else {
            None
        }
    }

    /// The result that counts on a board: the forfeit's when the whole
    /// match was forfeited, else the board's own
    /// ([`MatchBoard::effective_result`]).
    pub fn board_result(&self, board: &MatchBoard) -> GameResult {
        let Some(forfeit) = self.forfeit else {
            return board.effective_result();
        };
        let first_wins = match board.first_colour {
            Colour::White => GameResult::WhiteWinsByForfeit,
            Colour::Black => GameResult::BlackWinsByForfeit,
        };
        let second_wins = match board.first_colour {
            Colour::White => GameResult::BlackWinsByForfeit,
            Colour::Black => GameResult::WhiteWinsByForfeit,
        };
        match forfeit {
            MatchForfeit::FirstWins => first_wins,
            MatchForfeit::SecondWins => second_wins,
            MatchForfeit::Double => GameResult::DoubleForfeit,
        }
    }

    /// Whether the teams met over the boards: not forfeited, and at least
    /// one game played (a match of forfeits and empty boards only is an
    /// unplayed round, as the TieBreakServer counts it).
    pub fn is_played(&self) -> bool {
        self.forfeit.is_none() && self.boards.iter().any(MatchBoard::is_played)
    }

    /// Whether any board has no result yet.
    pub fn is_pending(&self) -> bool {
        self.forfeit.is_none()
            && self
                .boards
                .iter()
                .any(|b| b.effective_result() == GameResult::NotPlayed)
    }
}

/// How a team sat out a round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TeamByeKind {
    /// Pairing-allocated bye (TRF-2026 `320`; odd number of teams).
    PairingAllocated,
    /// Full-point bye (`240 F`).
    FullPoint,
    /// Half-point bye (`240 H`).
    HalfPoint,
    /// Zero-point bye (`240 Z`) or absence.
    ZeroPoint,
}

/// A team bye in one round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TeamBye {
    pub team: TeamNumber,
    pub kind: TeamByeKind,
}

/// One round of a team event.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct TeamRound {
    pub matches: Vec<Match>,
    pub byes: Vec<TeamBye>,
}

/// A board colour sequence as TRF-2026 `352` writes it: `W` or `B` a board,
/// the first-named team's colour on boards 1, 2, ….
pub fn colours_text(colours: &[Colour]) -> String {
    colours
        .iter()
        .map(|c| if *c == Colour::White { 'W' } else { 'B' })
        .collect()
}

/// Reads a colour sequence written as [`colours_text`] writes it (either
/// case); `Err` names the first letter that is neither `W` nor `B`.
pub fn parse_colours(text: &str) -> Result<Vec<Colour>, char> {
    text.chars()
        .map(|c| match c.to_ascii_uppercase() {
            'W' => Ok(Colour::White),
            'B' => Ok(Colour::Black),
            other => Err(other),
        })
        .collect()
}

/// A team event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamEvent {
    /// Boards per match.
    pub boards: u32,
    pub system: TeamSystem,
    /// Teams, sorted by number.
    pub teams: Vec<Team>,
    pub scoring: MatchScoring,
    /// The first-named team's colour board by board (TRF-2026 `352`,
    /// e.g. `WBWB`); shorter than `boards` repeats the alternation.
    pub colours: Vec<Colour>,
    /// Rounds so far; `rounds[0]` is round 1.
    pub rounds: Vec<TeamRound>,
    /// Teams that withdrew, by the first round they no longer play: a team
    /// Swiss pairs them no more (their earlier results stand); a round
    /// robin's schedule keeps their matches, which their empty line-ups
    /// lose by forfeit.
    pub withdrawn: BTreeMap<TeamNumber, u32>,
    /// A team Swiss's initial colour, drawn by lot or set before round 1
    /// (C.04.6 Art. 4.1; TRF-2026 `152`): board 1's colour of the team
    /// with pairing number 1 when neither team has a colour yet (4.3.1).
    pub initial_colour: Colour,
}

impl Default for TeamEvent {
    fn default() -> TeamEvent {
        TeamEvent::new(4)
    }
}

/// Why a team event breaks an invariant.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TeamError {
    /// Two teams with the same number.
    DuplicateTeam(TeamNumber),
    /// Team number 0 (TRF-2026 numbers are 1 to 999).
    ZeroTeamNumber,
    /// The teams are not sorted by number.
    TeamsOutOfOrder,
    /// A number no team has.
    UnknownTeam { round: u32, team: TeamNumber },
    /// A player on two rosters.
    PlayerInTwoTeams {
        player: StartNumber,
        first: TeamNumber,
        second: TeamNumber,
    },
    /// A team met or sat out twice in one round, or met itself.
    TeamTwiceInRound { round: u32, team: TeamNumber },
    /// A match with another number of boards than the event's.
    WrongBoardCount {
        round: u32,
        first: TeamNumber,
        boards: usize,
        expected: u32,
    },
    /// A board's player is not on the roster of the side he plays for.
    NotOnRoster {
        round: u32,
        team: TeamNumber,
        player: StartNumber,
    },
    /// A player on two boards of one round.
    PlayerTwiceInRound { round: u32, player: StartNumber },
}

impl fmt::Display for TeamError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TeamError::DuplicateTeam(t) => write!(f, "team number {t} is given twice"),
            TeamError::ZeroTeamNumber => write!(f, "team numbers start at 1"),
            TeamError::TeamsOutOfOrder => write!(f, "teams are not sorted by number"),
            TeamError::UnknownTeam { round, team } => {
                write!(f, "round {round}: no team has number {team}")
            }
            TeamError::PlayerInTwoTeams {
                player,
                first,
                second,
            } => write!(
                f,
                "player {player} is on the rosters of teams {first} and {second}"
            ),
            TeamError::TeamTwiceInRound { round, team } => {
                write!(f, "round {round}: team {team} appears twice")
            }
            TeamError::WrongBoardCount {
                round,
                first,
                boards,
                expected,
            } => write!(
                f,
                "round {round}: the match of team {first} has {boards} boards, not {expected}"
            ),
            TeamError::NotOnRoster {
                round,
                team,
                player,
            } => write!(
                f,
                "round {round}: player {player} is not on the roster of team {team}"
            ),
            TeamError::PlayerTwiceInRound { round, player } => {
                write!(f, "round {round}: player {player} plays twice")
            }
        }
    }
}

impl std::error::Error for TeamError {}

impl TeamEvent {
    /// An empty round robin with `boards` boards per match and the default
    /// scoring (2/1/0 match points, 1/½/0 game points).
    pub fn new(boards: u32) -> TeamEvent {
        TeamEvent {
            boards,
            system: TeamSystem::RoundRobin,
            teams: Vec::new(),
            scoring: MatchScoring::for_boards(boards),
            colours: Vec::new(),
            rounds: Vec::new(),
            withdrawn: BTreeMap::new(),
            initial_colour: Colour::White,
        }
    }

    /// Whether `team` still plays in `round` (it has not withdrawn from it
    /// or an earlier round).
    pub fn plays_in(&self, team: TeamNumber, round: u32) -> bool {
        self.withdrawn.get(&team).is_none_or(|&from| round < from)
    }

    /// The team with this number.
    pub fn team(&self, number: TeamNumber) -> Option<&Team> {
        self.teams
            .binary_search_by_key(&number, |t| t.number)
            .ok()
            .map(|i| &self.teams[i])
    }

    /// The team a player is on the roster of.
    pub fn team_of(&self, player: StartNumber) -> Option<TeamNumber> {
        self.teams
            .iter()
            .find(|t| t.roster.contains(&player))
            .map(|t| t.number)
    }

    /// The round with this 1-based number.
    pub fn round(&self, round: u32) -> Option<&TeamRound> {
        self.rounds
            .get(usize::try_from(round).ok()?.checked_sub(1)?)
    }

    /// Number of rounds paired so far.
    pub fn rounds_paired(&self) -> u32 {
        u32::try_from(self.rounds.len()).unwrap_or(u32::MAX)
    }

    /// The first-named team's colour on `board` (1-based): the `352`
    /// sequence when given, else White on odd boards and Black on even ones
    /// (see [`schedule`] for the regulations).
    pub fn first_colour(&self, board: u32) -> Colour {
        let index = board.saturating_sub(1) as usize;
        match self.colours.get(index) {
            Some(&c) => c,
            None if self.colours.is_empty() => {
                if index.is_multiple_of(2) {
                    Colour::White
                } else {
                    Colour::Black
                }
            }
            // Past the end of a given sequence: keep alternating from its last entry.
            None => {
                let last = self.colours[self.colours.len() - 1];
                let beyond = index - (self.colours.len() - 1);
                if beyond.is_multiple_of(2) {
                    last
                } else {
                    last.opposite()
                }
            }
        }
    }

    /// Checks the invariants: teams unique and sorted, no player on two
    /// rosters, every match between known teams with the event's number of
    /// boards, every player on the roster of his side, nobody twice in a
    /// round. (Colours are as recorded: an arbiter may have swapped them.)
    pub fn validate(&self) -> Result<(), TeamError> {
        let mut owner = BTreeMap::new();
        for pair in self.teams.windows(2) {
            if pair[0].number == pair[1].number {
                return Err(TeamError::DuplicateTeam(pair[0].number));
            }
            if pair[0].number > pair[1].number {
                return Err(TeamError::TeamsOutOfOrder);
            }
        }
        for team in &self.teams {
            if team.number == 0 {
                return Err(TeamError::ZeroTeamNumber);
            }
            for &p in &team.roster {
                if let Some(first) = owner.insert(p, team.number) {
                    return Err(TeamError::PlayerInTwoTeams {
                        player: p,
                        first,
                        second: team.number,
                    });
                }
            }
        }
        for (round, r) in (1u32..).zip(&self.rounds) {
            let mut seen = BTreeSet::new();
            let mut players = BTreeSet::new();
            let mut see = |team: TeamNumber| -> Result<(), TeamError> {
                if self.team(team).is_none() {
                    return Err(TeamError::UnknownTeam { round, team });
                }
                if !seen.insert(team) {
                    return Err(TeamError::TeamTwiceInRound { round, team });
                }
                Ok(())
            };
            for m in &r.matches {
                see(m.first)?;
                see(m.second)?;
            }
            for b in &r.byes {
                see(b.team)?;
            }
            for m in &r.matches {
                if m.forfeit.is_some() && m.boards.is_empty() {
                    continue;
                }
                if m.boards.len() != self.boards as usize {
                    return Err(TeamError::WrongBoardCount {
                        round,
                        first: m.first,
                        boards: m.boards.len(),
                        expected: self.boards,
                    });
                }
                for b in &m.boards {
                    for (player, team) in [(b.first, m.first), (b.second, m.second)] {
                        let Some(player) = player else { continue };
                        if owner.get(&player) != Some(&team) {
                            return Err(TeamError::NotOnRoster {
                                round,
                                team,
                                player,
                            });
                        }
                        if !players.insert(player) {
                            return Err(TeamError::PlayerTwiceInRound { round, player });
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// The rounds as individual games, for players' own standings and rating
    /// reports: every board with two players is a [`Board`] (forfeits
    /// included); a player whose opponent's seat was empty has a full-point
    /// bye (he wins the board by forfeit, without an opponent), or a
    /// zero-point bye when his own team forfeited the match. The boards of
    /// a forfeited match are forfeits; players of a team bye are absent.
    pub fn individual_rounds(&self) -> Vec<Round> {
        self.rounds
            .iter()
            .map(|r| {
                let mut round = Round::default();
                for m in &r.matches {
                    for b in &m.boards {
                        match (b.white(), b.black()) {
                            (Some(white), Some(black)) => {
                                let result = m.board_result(b);
                                round.boards.push(Board::new(white, black, result));
                            }
                            (Some(player), None) | (None, Some(player)) => {
                                // Alone at the board: he wins it, unless
                                // his team forfeited the match.
                                let won = match m.board_result(b) {
                                    GameResult::WhiteWinsByForfeit => b.white().is_some(),
                                    GameResult::BlackWinsByForfeit => b.black().is_some(),
                                    _ => false,
                                };
                                let kind = if won {
                                    ByeKind::FullPoint
                                } else {
                                    ByeKind::ZeroPoint
                                };
                                round.byes.push(Bye { player, kind });
                            }
                            (None, None) => {}
                        }
                    }
                }
                round
            })
            .collect()
    }
}
