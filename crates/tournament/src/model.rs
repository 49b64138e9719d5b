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

use std::collections::BTreeMap;
use std::fmt;
use std::iter::Sum;
use std::ops::{Add, AddAssign};

/// A player's start (pairing) number, 1-based.
pub type StartNumber = u32;

/// A number of points, counted exactly in tenths of a point
/// (`Points(10)` is one point, `Points(5)` half a point).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Points(pub u32);

impl Points {
    /// No points.
    pub const ZERO: Points = Points(0);
    /// Half a point.
    pub const HALF: Points = Points(5);
    /// One point.
    pub const ONE: Points = Points(10);

    /// Points from a count of tenths.
    pub const fn from_tenths(tenths: u32) -> Points {
        Points(tenths)
    }

    /// The count of tenths.
    pub const fn tenths(self) -> u32 {
        self.0
    }

    /// The value as a float, for display and JSON only (never for arithmetic).
    pub fn as_f64(self) -> f64 {
        f64::from(self.0) / 10.0
    }

    /// Parses `"1"`, `"1.5"`, `"0.5"`, `".5"`, `"12.0"` (at most one decimal).
    pub fn parse(text: &str) -> Option<Points> {
        let text = text.trim();
        if text.is_empty() {
            return None;
        }
        let (whole, fraction) = match text.split_once('.') {
            Some((w, f)) => (w, f),
            None => (text, ""),
        };
        if !whole.bytes().all(|b| b.is_ascii_digit())
            || !fraction.bytes().all(|b| b.is_ascii_digit())
            || (whole.is_empty() && fraction.is_empty())
            || whole.len() > 8
        {
            return None;
        }
        let whole_value: u32 = if whole.is_empty() {
            0
        } else {
            whole.parse().ok()?
        };
        let tenth = match fraction.as_bytes() {
            [] => 0,
            [d, rest @ ..] if rest.iter().all(|&b| b == b'0') => u32::from(d - b'0'),
            _ => return None,
        };
        whole_value.checked_mul(10)?.checked_add(tenth).map(Points)
    }
}

impl fmt::Display for Points {
    /// One decimal: `1.5`, `3.0`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = format!("{}.{}", self.0 / 10, self.0 % 10);
        f.pad(&text)
    }
}

impl Add for Points {
    type Output = Points;
    fn add(self, rhs: Points) -> Points {
        Points(self.0.saturating_add(rhs.0))
    }
}

impl AddAssign for Points {
    fn add_assign(&mut self, rhs: Points) {
        *self = *self + rhs;
    }
}

impl Sum for Points {
    fn sum<I: Iterator<Item = Points>>(iter: I) -> Points {
        iter.fold(Points::ZERO, Add::add)
    }
}

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
    /// C.07, August 2024 (unplayed rounds per Art. 16).
    #[default]
    Fide2024,
    /// C.07 as of 2023.
    Fide2023,
    /// The pre-2023 "virtual opponent" method for unplayed games.
    VirtualOpponent,
}

/// The points each outcome earns. Defaults to 1/½/0 with a pairing-allocated
/// bye worth a win, a requested full-point bye 1, half-point bye ½, zero bye 0,
/// absence 0, forfeit win = win, forfeit loss = loss.
///
/// The per-colour fields exist because the TRF `XXS` record (`WW=`, `BW=`, …)
/// may score wins, draws and losses differently by colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Scoring {
    pub win_white: Points,
    pub win_black: Points,
    pub draw_white: Points,
    pub draw_black: Points,
    pub loss_white: Points,
    pub loss_black: Points,
    pub forfeit_win: Points,
    pub forfeit_loss: Points,
    pub pairing_allocated_bye: Points,
    pub full_point_bye: Points,
    pub half_point_bye: Points,
    pub zero_point_bye: Points,
    pub absent: Points,
}

impl Default for Scoring {
    fn default() -> Scoring {
        Scoring::new(Points::ONE, Points::HALF, Points::ZERO)
    }
}

impl Scoring {
    /// A colour-blind scoring: win/draw/loss; byes follow (PAB and full bye =
    /// win, half bye = draw, zero bye and absence = loss, forfeits as win/loss).
    pub const fn new(win: Points, draw: Points, loss: Points) -> Scoring {
        Scoring {
            win_white: win,
            win_black: win,
            draw_white: draw,
            draw_black: draw,
            loss_white: loss,
            loss_black: loss,
            forfeit_win: win,
            forfeit_loss: loss,
            pairing_allocated_bye: win,
            full_point_bye: win,
            half_point_bye: draw,
            zero_point_bye: loss,
            absent: loss,
        }
    }

    /// Points for a win with the given colour.
    pub const fn win(&self, colour: Colour) -> Points {
        match colour {
            Colour::White => self.win_white,
            Colour::Black => self.win_black,
        }
    }

    /// Points for a draw with the given colour.
    pub const fn draw(&self, colour: Colour) -> Points {
        match colour {
            Colour::White => self.draw_white,
            Colour::Black => self.draw_black,
        }
    }

    /// Points for a loss with the given colour.
    pub const fn loss(&self, colour: Colour) -> Points {
        match colour {
            Colour::White => self.loss_white,
            Colour::Black => self.loss_black,
        }
    }

    /// Points for a bye of this kind.
    pub const fn bye(&self, kind: ByeKind) -> Points {
        match kind {
            ByeKind::PairingAllocated => self.pairing_allocated_bye,
            ByeKind::FullPoint => self.full_point_bye,
            ByeKind::HalfPoint => self.half_point_bye,
            ByeKind::ZeroPoint => self.zero_point_bye,
            ByeKind::Absent => self.absent,
        }
    }

    /// Points for a game outcome seen from a player with the given colour.
    pub const fn outcome(&self, outcome: Outcome, colour: Colour) -> Points {
        match outcome {
            Outcome::Win => self.win(colour),
            Outcome::Draw => self.draw(colour),
            Outcome::Loss => self.loss(colour),
            Outcome::ForfeitWin => self.forfeit_win,
            Outcome::ForfeitLoss => self.forfeit_loss,
            Outcome::NotPlayed => Points::ZERO,
        }
    }
}

/// Player's sex as recorded by FIDE (TRF column 10: `m` / `w`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Sex {
    Male,
    Female,
}

/// FIDE titles, in the order used to assign start numbers among equal ratings
/// (GM > IM > WGM > FM > WIM > CM > WFM > WCM; C.04.2, Art. A.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Title {
    Gm,
    Im,
    Wgm,
    Fm,
    Wim,
    Cm,
    Wfm,
    Wcm,
}

impl Title {
    /// The TRF code (`g`, `m`, `wg`, `f`, `wm`, `c`, `wf`, `wc`).
    pub const fn trf_code(self) -> &'static str {
        match self {
            Title::Gm => "g",
            Title::Im => "m",
            Title::Wgm => "wg",
            Title::Fm => "f",
            Title::Wim => "wm",
            Title::Cm => "c",
            Title::Wfm => "wf",
            Title::Wcm => "wc",
        }
    }

    /// Parses a TRF code (case-insensitive) or a full abbreviation (`GM`, `WIM`).
    pub fn parse(code: &str) -> Option<Title> {
        Some(match code.trim().to_ascii_lowercase().as_str() {
            "g" | "gm" => Title::Gm,
            "m" | "im" => Title::Im,
            "wg" | "wgm" => Title::Wgm,
            "f" | "fm" => Title::Fm,
            "wm" | "wim" => Title::Wim,
            "c" | "cm" => Title::Cm,
            "wf" | "wfm" => Title::Wfm,
            "wc" | "wcm" => Title::Wcm,
            _ => return None,
        })
    }

    /// The usual abbreviation (`GM`, `WIM`, …).
    pub const fn abbreviation(self) -> &'static str {
        match self {
            Title::Gm => "GM",
            Title::Im => "IM",
            Title::Wgm => "WGM",
            Title::Fm => "FM",
            Title::Wim => "WIM",
            Title::Cm => "CM",
            Title::Wfm => "WFM",
            Title::Wcm => "WCM",
        }
    }
}

/// A calendar date as written in FIDE files. `month` and `day` are 0 when
/// unknown (TRF often gives only the birth year).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Date {
    pub year: u16,
    pub month: u8,
    pub day: u8,
}

/// A request a player made for a future round, or the kind of a bye recorded
/// in a round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ByeKind {
    /// Pairing-allocated bye (TRF `U`; also `+` against `0000`).
    PairingAllocated,
    /// Requested full-point bye (TRF `F`).
    FullPoint,
    /// Requested half-point bye (TRF `H`, or `=` against `0000`).
    HalfPoint,
    /// Requested zero-point bye (TRF `Z`).
    ZeroPoint,
    /// Absent, not paired, no points (TRF `-` or blank against `0000`).
    Absent,
}

/// What a player's entry says about a given round, before pairing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PlayerStatus {
    /// Available for pairing.
    Playing,
    /// Requested a bye of this kind (half, zero or full point) for the round.
    RequestedBye(ByeKind),
    /// Withdrawn: not paired from this round on; earlier results stand.
    Withdrawn,
    /// Late entry who has not joined yet.
    NotYetEntered,
}

/// A registered player.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Player {
    pub start_number: StartNumber,
    /// "Surname, Given names" as FIDE writes it.
    pub name: String,
    pub sex: Option<Sex>,
    pub title: Option<Title>,
    pub fide_id: Option<u64>,
    /// Three-letter FIDE federation code.
    pub federation: Option<String>,
    pub birth_date: Option<Date>,
    pub fide_rating: Option<u16>,
    pub national_rating: Option<u16>,
    pub club: Option<String>,
    /// Points in the club grade-points scheme (`laws.md`, "Grade points"):
    /// 100 points per grade, from ungraded (0–99) up to 1st grade;
    /// [`Player::grade`] derives the grade. `None`: not in the scheme (counts
    /// as 0, ungraded). TRF carries it in the `XXG` extension record.
    pub grade_points: Option<u32>,
    /// The points column of an imported TRF (may include acceleration or be
    /// stale); computed points come from [`Tournament::score_after`].
    pub reported_points: Option<Points>,
    /// The rank column of an imported TRF (used as pairing order with `XXC rank`).
    pub reported_rank: Option<u32>,
    /// Withdrawn from this round on (no further pairings; results kept).
    pub withdrawn_from: Option<u32>,
    /// Late entry joining at this round (earlier rounds absent or byes).
    pub joins_at: Option<u32>,
    /// Byes requested for future rounds (round number → kind: `HalfPoint`,
    /// `ZeroPoint` or `FullPoint`).
    pub requested_byes: BTreeMap<u32, ByeKind>,
}

impl Player {
    /// The player's grade in the club grade-points scheme, from
    /// [`Player::grade_points`] (`None` when the player has no grade points).
    pub fn grade(&self) -> Option<crate::rating::Grade> {
        self.grade_points.map(crate::rating::Grade::of)
    }

    /// The player's status for `round` (1-based).
    pub fn status(&self, round: u32) -> PlayerStatus {
        if self.withdrawn_from.is_some_and(|k| round >= k) {
            PlayerStatus::Withdrawn
        } else if self.joins_at.is_some_and(|k| round < k) {
            PlayerStatus::NotYetEntered
        } else if let Some(&kind) = self.requested_byes.get(&round) {
            PlayerStatus::RequestedBye(kind)
        } else {
            PlayerStatus::Playing
        }
    }

    /// The rating used for pairing order: FIDE, else national, else 0.
    pub fn rating(&self) -> u16 {
        self.fide_rating.or(self.national_rating).unwrap_or(0)
    }
}

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
    /// Paired, no result yet.
    NotPlayed,
}

impl GameResult {
    /// The outcome for the player with `colour`.
    pub const fn outcome_for(self, colour: Colour) -> Outcome {
        use GameResult as G;
        match (self, colour) {
            (G::WhiteWins, Colour::White) | (G::BlackWins, Colour::Black) => Outcome::Win,
            (G::WhiteWins, Colour::Black) | (G::BlackWins, Colour::White) => Outcome::Loss,
            (G::Draw, _) => Outcome::Draw,
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
            GameResult::WhiteWins | GameResult::BlackWins | GameResult::Draw
        )
    }

    /// The notation of a board's result, the same as a game's
    /// (`regulations::GameResult::notation`): `1-0`, `0-1`, `1/2-1/2`, `+-`
    /// and `-+` (a forfeit: the `+` side wins), `--` (both forfeit), `*`
    /// (no result yet).
    pub const fn notation(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::WhiteWinsByForfeit => "+-",
            GameResult::BlackWinsByForfeit => "-+",
            GameResult::DoubleForfeit => "--",
            GameResult::NotPlayed => "*",
        }
    }

    /// Parses a result entered for a board: the notation, and the spellings
    /// scoresheets and other programs use (`½-½`, `+/-`, `-/+`, `-/-`). `*`
    /// is not a result.
    pub fn parse(text: &str) -> Option<GameResult> {
        Some(match text.trim() {
            "1-0" => GameResult::WhiteWins,
            "0-1" => GameResult::BlackWins,
            "1/2-1/2" | "½-½" => GameResult::Draw,
            "+-" | "+/-" => GameResult::WhiteWinsByForfeit,
            "-+" | "-/+" => GameResult::BlackWinsByForfeit,
            "--" | "-/-" => GameResult::DoubleForfeit,
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
    /// Every listed player's participation in this round, by start number,
    /// built in one pass over the round (for engines that look up many
    /// players; [`Tournament::participation`] scans the round per call).
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

/// Options pairing engines read from TRF extensions.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PairingOptions {
    /// The colour of the top-ranked player in round 1 (`XXC white1/black1`,
    /// TRF-2026 `152`); `None` means the engine's default (white).
    pub initial_colour: Option<Colour>,
    /// `XXC rank`: pair by the TRF rank column instead of the start number.
    pub use_rank: bool,
    /// `XXP` / `260`: groups of players who must not meet (every pair within a group).
    pub forbidden_pairs: Vec<Vec<StartNumber>>,
    /// TRF-2026 `260`: groups who must not meet within a range of rounds.
    pub forbidden_pairs_in_rounds: Vec<ForbiddenInRounds>,
    /// `XXA` / `250`: per player, acceleration points for rounds 1, 2, …
    /// (TRF import keeps it canonical: rounds past the list and players not
    /// in the map have no acceleration.)
    pub accelerations: BTreeMap<StartNumber, Vec<Points>>,
    /// Baku acceleration (C.04.5) requested (TRF-2026 `192 …_BAKU`).
    pub baku: bool,
}

/// Players who must not meet each other from `first_round` to `last_round`
/// (inclusive; TRF-2026 record `260`).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ForbiddenInRounds {
    pub first_round: u32,
    pub last_round: u32,
    pub players: Vec<StartNumber>,
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
            let mut seen = std::collections::BTreeSet::new();
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

/// The FIDE initial order (C.04.2 A.2): indices into `players`, rating
/// descending, then title (GM > IM > WGM > FM > WIM > CM > WFM > WCM > none),
/// then name alphabetically (case-insensitive, then exact).
pub fn fide_order(players: &[Player]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..players.len()).collect();
    order.sort_by(|&a, &b| {
        let (a, b) = (&players[a], &players[b]);
        b.rating()
            .cmp(&a.rating())
            .then_with(|| title_rank(a.title).cmp(&title_rank(b.title)))
            .then_with(|| a.name.to_lowercase().cmp(&b.name.to_lowercase()))
            .then_with(|| a.name.cmp(&b.name))
    });
    order
}

/// Orders players the FIDE way ([`fide_order`], C.04.2 A.2) and renumbers
/// them 1…n in that order. Boards and byes are not renumbered: call this
/// before round 1.
pub fn assign_start_numbers_fide(players: &mut [Player]) {
    let order = fide_order(players);
    let sorted: Vec<Player> = order.iter().map(|&i| players[i].clone()).collect();
    players.clone_from_slice(&sorted);
    renumber(players);
}

/// Orders players by drawing of lots with the given seed (a deterministic
/// shuffle; the same seed gives the same order) and renumbers them 1…n.
pub fn assign_start_numbers_by_lot(players: &mut [Player], seed: u64) {
    let mut rng = crate::lots::SplitMix64::new(seed);
    rng.shuffle(players);
    renumber(players);
}

fn title_rank(title: Option<Title>) -> u8 {
    title.map_or(8, |t| t as u8)
}

fn renumber(players: &mut [Player]) {
    for (number, player) in (1..).zip(players.iter_mut()) {
        player.start_number = number;
    }
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
