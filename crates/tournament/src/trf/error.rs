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
    /// A `172` record without one of its method codes (`FIDE`, `NRO`,
    /// `FIDON`, `NIDOF`, `HBFN`, `LBFN`, `OTHER`).
    BadRatingMethod(String),
    /// A record this crate deliberately does not accept (names it).
    Unsupported(&'static str),
    /// A record without the value it exists for (names it).
    MissingValue(&'static str),
    /// A team number no `310`/`013` record defines.
    UnknownTeam(u32),
    /// Two team records with the same number.
    DuplicateTeam(u32),
    /// A player on the rosters of two teams.
    PlayerInTwoTeams(StartNumber),
    /// A team's players in a round do not meet one other team board by
    /// board (their opponents, the `300` line-ups or the colours disagree).
    TeamBoards { round: u32, team: u32 },
    /// A control character (a tab, a NUL, an escape) in a line.
    ControlCharacter(char),
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
                    "result must be one of 1 0 = + - W D L H F U Z ?, not {c:?}"
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
            TrfErrorKind::BadRatingMethod(text) => write!(
                f,
                "172 must give a federation and one of FIDE, NRO, FIDON, NIDOF, HBFN, LBFN, OTHER, \
                 not {text:?}"
            ),
            TrfErrorKind::Unsupported(what) => write!(f, "{what} are not supported"),
            TrfErrorKind::MissingValue(what) => write!(f, "the {what} is missing"),
            TrfErrorKind::UnknownTeam(n) => write!(f, "no team has number {n}"),
            TrfErrorKind::DuplicateTeam(n) => write!(f, "team number {n} is repeated"),
            TrfErrorKind::PlayerInTwoTeams(n) => {
                write!(f, "player {n} is on the rosters of two teams")
            }
            TrfErrorKind::TeamBoards { round, team } => write!(
                f,
                "round {round}: team {team}'s players do not meet one team board by board"
            ),
            TrfErrorKind::ControlCharacter(c) => write!(
                f,
                "a control character (U+{:04X}) has no place in a TRF line",
                u32::from(*c)
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

/// A record read but not kept as written, or kept but not applied: the
/// reader goes on, and the caller shows these to the user (VCL Q50).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrfWarning {
    /// 1-based line of the record.
    pub line: usize,
    pub kind: TrfWarningKind,
}

/// What a [`TrfWarning`] is about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TrfWarningKind {
    /// A line whose tag no TRF edition (or extension read here) defines; dropped.
    UnknownRecord(String),
    /// A team record in a file read as an individual event; dropped (read
    /// the file with `read_team_tournament`).
    TeamRecord(String),
    /// A `192` system this crate does not pair (kept as a Swiss unless
    /// `092` says otherwise); the code itself is not written back.
    SystemNotPaired(String),
    /// A `172` method other than FIDON: kept and written back, but pairing
    /// and tie-breaks take the FIDE rating, else the national one.
    RatingMethodNotApplied(String),
    /// `299`: kept and written back, not applied to scores or tie-breaks.
    AbnormalPointsNotApplied,
    /// `162 X` other than a draw's points: an adjourned game counts as a draw.
    UnknownResultPoints(Points),
    /// `250` in a team event: team acceleration is not applied.
    TeamAccelerationNotApplied,
    /// A team tie-break of `202`/`212` this crate does not compute; the
    /// ranking uses the others.
    TeamTiebreakNotSupported(String),
    /// A game's result symbol no TRF edition defines: read as an unknown
    /// result (`?`, an adjourned game: a draw for pairing) until the
    /// arbiter enters it (VCL4THP.13 Q166).
    UnknownResult(char),
    /// A player the file shows neither paired nor given a bye from this
    /// round to the last paired one, after taking part before, and with no
    /// bye requested for the next: read as withdrawn from this round (not
    /// paired again unless the arbiter takes the withdrawal back).
    WithdrawnAfterAbsence(u32),
    /// An event detail read from the file that the program importing it
    /// does not keep (names the record's tag and what it held).
    DetailNotKept { tag: String, what: &'static str },
    /// A FIDE id an earlier player of the file holds too (the same person
    /// entered twice, or a slip in one of the ids).
    DuplicateFideId { id: u64, start_number: StartNumber },
}

impl fmt::Display for TrfWarningKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TrfWarningKind::UnknownRecord(tag) => {
                write!(f, "record {tag:?} is not a TRF record; it was left out")
            }
            TrfWarningKind::TeamRecord(tag) => write!(
                f,
                "team record {tag} left out: the file was read as an individual event"
            ),
            TrfWarningKind::SystemNotPaired(code) => write!(
                f,
                "192 {code}: this pairing system is not supported; read as the system 092 names \
                 (else a FIDE Dutch Swiss)"
            ),
            TrfWarningKind::RatingMethodNotApplied(method) => write!(
                f,
                "172 {method}: kept, but pairing and tie-breaks use the FIDE rating, else the \
                 national one (FIDON)"
            ),
            TrfWarningKind::AbnormalPointsNotApplied => write!(
                f,
                "299 abnormal points: kept and written back, but not added to scores or tie-breaks"
            ),
            TrfWarningKind::TeamAccelerationNotApplied => write!(
                f,
                "250 in a team event: team acceleration is not supported and not applied"
            ),
            TrfWarningKind::TeamTiebreakNotSupported(code) => write!(
                f,
                "team tie-break {code:?} is not supported; the team ranking leaves it out"
            ),
            TrfWarningKind::UnknownResult(symbol) => write!(
                f,
                "result {symbol:?} is not a TRF result code: read as an unknown result (?), \
                 a game not yet decided"
            ),
            TrfWarningKind::DetailNotKept { tag, what } => {
                write!(f, "record {tag} ({what}) is not kept by this server")
            }
            TrfWarningKind::WithdrawnAfterAbsence(round) => write!(
                f,
                "not paired and no bye from round {round} on: read as withdrawn from round \
                 {round} (take the withdrawal back to pair the player again)"
            ),
            TrfWarningKind::DuplicateFideId { id, start_number } => write!(
                f,
                "FIDE id {id} is also start number {start_number}'s: the same player entered \
                 twice, or one of the ids is wrong"
            ),
            TrfWarningKind::UnknownResultPoints(p) => write!(
                f,
                "162 X{p}: an adjourned game counts as a draw here; this value is not kept"
            ),
        }
    }
}

impl fmt::Display for TrfWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.kind)
    }
}

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
