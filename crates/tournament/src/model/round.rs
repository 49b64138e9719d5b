//! Rounds: boards with their results, byes, and each player's
//! participation.

use std::collections::BTreeMap;

use super::{ByeKind, Colour, StartNumber};

/// The result on a board, as reported by the arbiter.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// 1-0.
    WhiteWins,
    /// 0-1.
    BlackWins,
    /// ½-½.
    Draw,
    /// +/− (Black forfeited).
    WhiteWinsByForfeit,
    /// −/+ (White forfeited).
    BlackWinsByForfeit,
    /// −/− (both forfeited).
    DoubleForfeit,
    /// 0-0: a game played in which both players lose (both refuse to comply
    /// with the Laws, Art. 10.17; the club plan's over-long game scores
    /// nothing).
    BothLose,
    /// ½-0: a game played in which White scores a draw and Black a loss
    /// (the arbiter penalises Black while White could not have won, e.g.
    /// Art. 12.9 with 6.9's insufficient material; VCL4THP.13 Q180–186).
    HalfZero,
    /// 0-½: a game played in which Black scores a draw and White a loss.
    ZeroHalf,
    /// Paired, no result yet.
    NotPlayed,
    /// Played and adjourned, no final result yet (TRF-2026 result code `?`;
    /// its points are the `X` of record `162`, by default a draw's). Counts
    /// as a draw for pairing and provisional standings (VCL Q157).
    Adjourned,
}

impl GameResult {
    /// The outcome for the player with `colour`.
    pub const fn outcome_for(self, colour: Colour) -> Outcome {
        use GameResult as G;
        match (self, colour) {
            (G::WhiteWins, Colour::White) | (G::BlackWins, Colour::Black) => Outcome::Win,
            (G::WhiteWins, Colour::Black)
            | (G::BlackWins, Colour::White)
            | (G::BothLose, _)
            | (G::HalfZero, Colour::Black)
            | (G::ZeroHalf, Colour::White) => Outcome::Loss,
            (G::Draw | G::Adjourned, _)
            | (G::HalfZero, Colour::White)
            | (G::ZeroHalf, Colour::Black) => Outcome::Draw,
            (G::WhiteWinsByForfeit, Colour::White) | (G::BlackWinsByForfeit, Colour::Black) => {
                Outcome::ForfeitWin
            }
            (G::WhiteWinsByForfeit, Colour::Black)
            | (G::BlackWinsByForfeit, Colour::White)
            | (G::DoubleForfeit, _) => Outcome::ForfeitLoss,
            (G::NotPlayed, _) => Outcome::NotPlayed,
        }
    }

    /// Whether the game was actually played over the board (forfeits and
    /// unplayed boards are not; FIDE C.04.1 treats them as not played).
    pub const fn is_played(self) -> bool {
        matches!(
            self,
            GameResult::WhiteWins
                | GameResult::BlackWins
                | GameResult::Draw
                | GameResult::BothLose
                | GameResult::HalfZero
                | GameResult::ZeroHalf
                | GameResult::Adjourned
        )
    }

    /// The notation of a board's result, the same as a game's
    /// (`regulations::GameResult::notation`): `1-0`, `0-1`, `1/2-1/2`, `+-`
    /// and `-+` (a forfeit: the `+` side wins), `--` (both forfeit), `0-0`
    /// (both lose a played game), `1/2-0` and `0-1/2` (one side draws, the
    /// other loses), `*` (no result yet), `adj` (adjourned).
    pub const fn notation(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::WhiteWinsByForfeit => "+-",
            GameResult::BlackWinsByForfeit => "-+",
            GameResult::DoubleForfeit => "--",
            GameResult::BothLose => "0-0",
            GameResult::HalfZero => "1/2-0",
            GameResult::ZeroHalf => "0-1/2",
            GameResult::NotPlayed => "*",
            GameResult::Adjourned => "adj",
        }
    }

    /// Parses a result entered for a board: the notation, and the spellings
    /// scoresheets and other programs use (`½-½`, `½-0`, `0-½`, `+/-`,
    /// `-/+`, `-/-`). `*`
    /// is not a result.
    pub fn parse(text: &str) -> Option<GameResult> {
        Some(match text.trim() {
            "1-0" => GameResult::WhiteWins,
            "0-1" => GameResult::BlackWins,
            "1/2-1/2" | "½-½" => GameResult::Draw,
            "+-" | "+/-" => GameResult::WhiteWinsByForfeit,
            "-+" | "-/+" => GameResult::BlackWinsByForfeit,
            "--" | "-/-" => GameResult::DoubleForfeit,
            "0-0" => GameResult::BothLose,
            "1/2-0" | "½-0" => GameResult::HalfZero,
            "0-1/2" | "0-½" => GameResult::ZeroHalf,
            "adj" => GameResult::Adjourned,
            _ => return None,
        })
    }
}

/// A game result from one player's point of view.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    Win,
    Draw,
    Loss,
    /// Won because the opponent did not play.
    ForfeitWin,
    /// Lost by forfeit (also each side of a double forfeit).
    ForfeitLoss,
    /// Paired, no result yet.
    NotPlayed,
}

/// One board of a round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    pub white: StartNumber,
    pub black: StartNumber,
    pub result: GameResult,
    /// `false` for games that count for the tournament but not for rating
    /// (TRF codes `W`, `D`, `L`).
    pub rated: bool,
}

impl Board {
    /// A rated board.
    pub const fn new(white: StartNumber, black: StartNumber, result: GameResult) -> Board {
        Board {
            white,
            black,
            result,
            rated: true,
        }
    }
}

/// A bye (or recorded absence) in a round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Bye {
    pub player: StartNumber,
    pub kind: ByeKind,
}

/// One round: its boards in board order and its byes. Players in neither list
/// were absent.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Round {
    pub boards: Vec<Board>,
    pub byes: Vec<Bye>,
}

impl Round {
    /// Boards without their final result: not in yet, or adjourned.
    pub fn results_missing(&self) -> usize {
        self.boards
            .iter()
            .filter(|b| matches!(b.result, GameResult::NotPlayed | GameResult::Adjourned))
            .count()
    }

    /// Every listed player's participation in this round, by start number,
    /// built in one pass over the round (for engines that look up many
    /// players; [`Tournament::participation`](super::Tournament::participation) scans the round per call).
    /// Players not in the map were absent.
    pub fn participations(&self) -> BTreeMap<StartNumber, Participation> {
        let mut map = BTreeMap::new();
        for board in &self.boards {
            for (player, opponent, colour) in [
                (board.white, board.black, Colour::White),
                (board.black, board.white, Colour::Black),
            ] {
                map.entry(player).or_insert(Participation::Game {
                    opponent,
                    colour,
                    outcome: board.result.outcome_for(colour),
                    rated: board.rated,
                });
            }
        }
        for bye in &self.byes {
            map.entry(bye.player)
                .or_insert(Participation::Bye(bye.kind));
        }
        map
    }
}

/// How a player took part in one round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Participation {
    /// Paired against `opponent` with `colour`.
    Game {
        opponent: StartNumber,
        colour: Colour,
        outcome: Outcome,
        rated: bool,
    },
    /// A bye of this kind (absent players get `ByeKind::Absent`).
    Bye(ByeKind),
}
