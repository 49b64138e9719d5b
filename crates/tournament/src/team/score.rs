//! Match results from board results: game points (the sum of the board
//! points) and match points (win, draw or loss of the match by comparing
//! game points), forfeited boards and matches, team byes.
//!
//! Defaults: match points 2/1/0 (TRF-2026 `362`: team win 2.0, draw 1.0,
//! loss 0.0), game points 1/½/0 per board (`162`). A whole match forfeited
//! (`330`) gives the winner a match win and every board as a forfeit win,
//! the loser nothing. A pairing-allocated bye is worth "as many match
//! points and game points as are rewarded for a draw, unless the
//! regulations of the team competition state otherwise" (C.04.6 1.4): a
//! drawn match with every board drawn (TRF-2026 `320` writes both numbers
//! explicitly). The other team byes follow the FIDE Technical Commission's
//! TieBreakServer (its `scoresystem.py`): a full-point bye a match win and
//! every board won, a half-point bye a drawn match and every board drawn,
//! a zero-point bye nothing. All are configurable.

use super::{Match, MatchForfeit, TeamByeKind, TeamNumber};
use crate::model::{Colour, GameResult, Points, Scoring};

/// What ranks the teams first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum PrimaryScore {
    /// Match points (the FIDE default for team events, C.07 and the Olympiad).
    #[default]
    MatchPoints,
    /// Game points: the national variation's "team events are ranked by game
    /// points only, not match points" (`china-national`, laws.md).
    GamePoints,
}

impl PrimaryScore {
    /// The other score (C.07's secondary score for teams).
    pub const fn other(self) -> PrimaryScore {
        match self {
            PrimaryScore::MatchPoints => PrimaryScore::GamePoints,
            PrimaryScore::GamePoints => PrimaryScore::MatchPoints,
        }
    }

    /// `MP` or `GP`.
    pub const fn code(self) -> &'static str {
        match self {
            PrimaryScore::MatchPoints => "MP",
            PrimaryScore::GamePoints => "GP",
        }
    }
}

/// Match and game points of a team bye.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ByeScore {
    pub match_points: Points,
    pub game_points: Points,
}

/// How matches score.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MatchScoring {
    /// Match points for a won, drawn, lost match.
    pub win: Points,
    pub draw: Points,
    pub loss: Points,
    /// Board points (the individual scoring of each game).
    pub games: Scoring,
    pub pairing_allocated_bye: ByeScore,
    pub full_point_bye: ByeScore,
    pub half_point_bye: ByeScore,
    pub zero_point_bye: ByeScore,
    /// What ranks the teams first.
    pub primary: PrimaryScore,
}

impl MatchScoring {
    /// The defaults for matches of `boards` boards (see the module doc).
    pub fn for_boards(boards: u32) -> MatchScoring {
        MatchScoring::with_games(boards, Scoring::default())
    }

    /// The defaults for matches of `boards` boards whose games score
    /// `games` (the event's point system: a Xiangqi board won is 2): the
    /// byes' game points follow it.
    pub fn with_games(boards: u32, games: Scoring) -> MatchScoring {
        let times = |p: Points| Points(p.tenths().saturating_mul(boards));
        let win = Points(20);
        let draw = Points(10);
        MatchScoring {
            win,
            draw,
            loss: Points::ZERO,
            games,
            pairing_allocated_bye: ByeScore {
                match_points: draw,
                game_points: times(games.draw_white),
            },
            full_point_bye: ByeScore {
                match_points: win,
                game_points: times(games.win_white),
            },
            half_point_bye: ByeScore {
                match_points: draw,
                game_points: times(games.draw_white),
            },
            zero_point_bye: ByeScore {
                match_points: Points::ZERO,
                game_points: Points::ZERO,
            },
            primary: PrimaryScore::MatchPoints,
        }
    }

    /// The scores of a bye.
    pub const fn bye(&self, kind: TeamByeKind) -> ByeScore {
        match kind {
            TeamByeKind::PairingAllocated => self.pairing_allocated_bye,
            TeamByeKind::FullPoint => self.full_point_bye,
            TeamByeKind::HalfPoint => self.half_point_bye,
            TeamByeKind::ZeroPoint => self.zero_point_bye,
        }
    }

    /// Match points for game points `mine` against `theirs`: more wins,
    /// equal draws, fewer loses; a match where neither side scored (double
    /// forfeits, both losing) is lost by both, as the TieBreakServer scores it.
    pub fn match_points(&self, mine: Points, theirs: Points) -> Points {
        match mine.cmp(&theirs) {
            std::cmp::Ordering::Greater => self.win,
            std::cmp::Ordering::Equal if mine > Points::ZERO => self.draw,
            std::cmp::Ordering::Equal | std::cmp::Ordering::Less => self.loss,
        }
    }
}

/// The score of one match.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchResult {
    pub first: TeamNumber,
    pub second: TeamNumber,
    /// Board points of each side, board by board.
    pub first_boards: Vec<Points>,
    pub second_boards: Vec<Points>,
    pub first_game_points: Points,
    pub second_game_points: Points,
    /// `None` while a board has no result.
    pub first_match_points: Option<Points>,
    pub second_match_points: Option<Points>,
    /// Whether the whole match was forfeited.
    pub forfeited: bool,
}

impl MatchResult {
    /// The side of `team`: (board points, game points, match points).
    pub fn side(&self, team: TeamNumber) -> Option<(&[Points], Points, Option<Points>)> {
        if team == self.first {
            Some((
                &self.first_boards,
                self.first_game_points,
                self.first_match_points,
            ))
        } else if team == self.second {
            Some((
                &self.second_boards,
                self.second_game_points,
                self.second_match_points,
            ))
        } else {
            None
        }
    }
}

/// Points of one board for the side with `colour`.
fn board_points(scoring: &Scoring, result: GameResult, colour: Colour) -> Points {
    scoring.outcome(result.outcome_for(colour), colour)
}

/// Scores a match: board points by board (a missing player loses his board
/// by forfeit), game points as their sum, match points by comparing the
/// game points. A forfeited match scores as the module doc says.
pub fn match_result(scoring: &MatchScoring, m: &Match, boards: u32) -> MatchResult {
    let all = |p: Points| vec![p; boards as usize];
    if let Some(forfeit) = m.forfeit {
        let won = all(scoring.games.forfeit_win);
        let lost = all(Points::ZERO);
        let (first_boards, second_boards, first_mp, second_mp) = match forfeit {
            MatchForfeit::FirstWins => (won, lost, scoring.win, scoring.loss),
            MatchForfeit::SecondWins => (lost, won, scoring.loss, scoring.win),
            MatchForfeit::Double => (lost.clone(), lost, scoring.loss, scoring.loss),
        };
        return MatchResult {
            first: m.first,
            second: m.second,
            first_game_points: first_boards.iter().copied().sum(),
            second_game_points: second_boards.iter().copied().sum(),
            first_boards,
            second_boards,
            first_match_points: Some(first_mp),
            second_match_points: Some(second_mp),
            forfeited: true,
        };
    }
    let mut first_boards = Vec::with_capacity(m.boards.len());
    let mut second_boards = Vec::with_capacity(m.boards.len());
    for b in &m.boards {
        let result = m.board_result(b);
        first_boards.push(board_points(&scoring.games, result, b.first_colour));
        second_boards.push(board_points(
            &scoring.games,
            result,
            b.first_colour.opposite(),
        ));
    }
    let first_game_points: Points = first_boards.iter().copied().sum();
    let second_game_points: Points = second_boards.iter().copied().sum();
    let pending = m.is_pending();
    MatchResult {
        first: m.first,
        second: m.second,
        first_boards,
        second_boards,
        first_game_points,
        second_game_points,
        first_match_points: (!pending)
            .then(|| scoring.match_points(first_game_points, second_game_points)),
        second_match_points: (!pending)
            .then(|| scoring.match_points(second_game_points, first_game_points)),
        forfeited: false,
    }
}
