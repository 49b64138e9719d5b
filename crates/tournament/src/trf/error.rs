//! Why a file was refused on import, or a model on export.

use std::fmt;

use crate::model::{Points, StartNumber};

/// A defective file: where and why. Lines and columns are 1-based.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrfError {
    pub line: usize,
    pub column: usize,
    pub kind: TrfErrorKind,
}

/// Why a TRF line was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TrfErrorKind {
    /// A field that must be a number is not (names the field).
    NotANumber(&'static str),
    /// A number outside its range (names the field).
    OutOfRange(&'static str),
    /// A colour other than `w`, `b`, `-` or blank.
    BadColour(char),
    /// A result code other than `1 0 = + - W D L H F U Z` or blank.
    BadResult(char),
    /// A game result (`1 0 = W D L`) or colour without an opponent.
    GameWithoutOpponent,
    /// A bye code (`H F U Z`) next to an opponent.
    ByeWithOpponent,
    /// A player paired against himself.
    SelfPairing,
    /// A character where the format requires a blank.
    ExpectedBlank,
    /// Two `001` records with the same start number.
    DuplicateStartNumber(StartNumber),
    /// A start number no `001` record defines.
    UnknownPlayer(StartNumber),
    /// The two players of a game disagree (opponent, colour or result).
    Inconsistent { round: u32, other: StartNumber },
    /// Bye columns for more than one round after the last paired round.
    TooManyFutureRounds,
    /// A malformed `XXS`/`162` scoring entry.
    BadScoring,
    /// A bye type in a `240` record other than `F`, `H`, `Z`.
    BadByeType(char),
    /// A record this crate deliberately does not accept (names it).
    Unsupported(&'static str),
    /// A team number no `310`/`013` record defines.
    UnknownTeam(u32),
    /// Two team records with the same number.
    DuplicateTeam(u32),
    /// A player on the rosters of two teams.
    PlayerInTwoTeams(StartNumber),
    /// A team's players in a round do not meet one other team board by
    /// board (their opponents, the `300` line-ups or the colours disagree).
    TeamBoards { round: u32, team: u32 },
}

impl fmt::Display for TrfErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TrfErrorKind::NotANumber(field) => write!(f, "{field} is not a number"),
            TrfErrorKind::OutOfRange(field) => write!(f, "{field} is out of range"),
            TrfErrorKind::BadColour(c) => write!(f, "colour must be w, b or -, not {c:?}"),
            TrfErrorKind::BadResult(c) => {
                write!(
                    f,
                    "result must be one of 1 0 = + - W D L H F U Z, not {c:?}"
                )
            }
            TrfErrorKind::GameWithoutOpponent => {
                write!(f, "a game result or colour needs an opponent")
            }
            TrfErrorKind::ByeWithOpponent => write!(f, "a bye code needs opponent 0000"),
            TrfErrorKind::SelfPairing => write!(f, "a player cannot be his own opponent"),
            TrfErrorKind::ExpectedBlank => write!(f, "this column must be blank"),
            TrfErrorKind::DuplicateStartNumber(n) => write!(f, "start number {n} is repeated"),
            TrfErrorKind::UnknownPlayer(n) => write!(f, "no player has start number {n}"),
            TrfErrorKind::Inconsistent { round, other } => write!(
                f,
                "round {round} disagrees with player {other}'s record (opponent, colour or result)"
            ),
            TrfErrorKind::TooManyFutureRounds => {
                write!(
                    f,
                    "byes may be given for one round after the last paired round only"
                )
            }
            TrfErrorKind::BadScoring => write!(f, "malformed scoring entry"),
            TrfErrorKind::BadByeType(c) => write!(f, "bye type must be F, H or Z, not {c:?}"),
            TrfErrorKind::Unsupported(what) => write!(f, "{what} are not supported"),
            TrfErrorKind::UnknownTeam(n) => write!(f, "no team has number {n}"),
            TrfErrorKind::DuplicateTeam(n) => write!(f, "team number {n} is repeated"),
            TrfErrorKind::PlayerInTwoTeams(n) => {
                write!(f, "player {n} is on the rosters of two teams")
            }
            TrfErrorKind::TeamBoards { round, team } => write!(
                f,
                "round {round}: team {team}'s players do not meet one team board by board"
            ),
        }
    }
}

impl fmt::Display for TrfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.kind
        )
    }
}

impl std::error::Error for TrfError {}

/// A value that does not fit its TRF field.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ExportError {
    /// Start numbers are 1–9999 (columns 5–8).
    StartNumber(StartNumber),
    /// Ratings have four columns (49–52).
    Rating { player: StartNumber, rating: u16 },
    /// FIDE ids have eleven columns (58–68).
    FideId { player: StartNumber, id: u64 },
    /// Points have four columns (81–84): at most 99.9.
    Points { player: StartNumber, points: Points },
    /// Round numbers in `240`/`250`/`260` records have three columns.
    Round(u32),
}

impl fmt::Display for ExportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExportError::StartNumber(n) => write!(f, "start number {n} is above 9999"),
            ExportError::Rating { player, rating } => {
                write!(f, "player {player}: rating {rating} has more than 4 digits")
            }
            ExportError::FideId { player, id } => {
                write!(f, "player {player}: FIDE id {id} has more than 11 digits")
            }
            ExportError::Points { player, points } => {
                write!(f, "player {player}: {points} points do not fit 4 columns")
            }
            ExportError::Round(r) => write!(f, "round {r} is above 999"),
        }
    }
}

impl std::error::Error for ExportError {}
