//! The Pairing and Tie-break Checker (PTC) FIDE asks of a program that pairs
//! and ranks with its own engines (C.02 endorsement, VCL4THP.13 Q19, Q21):
//! reads a finished or in-progress TRF (TRF16 or TRF-2026) and reports,
//! round by round, every pairing that breaks the system's rules, and every
//! place of the file's rank column (and every score of its points column)
//! that does not follow from the file's own point system and tie-break list.
//!
//! - **Swiss (Dutch)**: each round is re-paired from the rounds before it
//!   ([`crate::dutch`], as `arbiter pair --dutch -c` does), and its recorded
//!   boards are checked against the absolute criteria (C.04.3 C.1–C.3 and
//!   the forbidden pairs, the pairing-allocated bye of C.04.1), each breach
//!   naming the round and the players.
//! - **Round robin**: each game must be a pairing of the Berger table for its
//!   round ([`crate::round_robin`], table number = position in start-number
//!   order), with the table's colours; a double round robin may or may not
//!   exchange the last two rounds of its first cycle.
//! - **Standings**: the points of each player under the file's point system
//!   (`162`, `XXS`), the ranking by [`crate::standings`] with the file's
//!   tie-break list (`202`, or the default list for its system), compared
//!   with the `001` points and rank columns. A rank within a shared place
//!   (equal on every tie-break) is accepted whatever order the file chose.
//!   The point system itself is validated ([`Scoring::validate`]).
//!
//! Pure: [`check_trf`] takes the text and returns a typed [`Report`]; the
//! `arbiter check` command prints it.

use std::fmt;

use crate::dutch::{self, Colour, Pairing, Swiss};
use crate::model::{
    ByeKind, GameResult, PlayerStatus, Points, Scoring, ScoringError, StartNumber, System,
    Tournament,
};
use crate::round_robin::{self, Line};
use crate::standings::{self, SpecError, StandingsError, StandingsOptions};
use crate::trf::{self, Document, Format, TrfError};

/// Why a file cannot be checked at all.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CheckError {
    /// The file is not a valid TRF (line, column, reason).
    Trf(TrfError),
    /// The file cannot be handed to the pairing engine.
    Input(dutch::InputError),
    /// A team event (`310`/`013` records): team pairings are not checked.
    TeamEvent,
}

impl fmt::Display for CheckError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CheckError::Trf(e) => write!(f, "line {}, column {}: {}", e.line, e.column, e.kind),
            CheckError::Input(e) => write!(f, "{e}"),
            CheckError::TeamEvent => write!(f, "a team event: team pairings are not checked"),
        }
    }
}

impl std::error::Error for CheckError {}

impl From<TrfError> for CheckError {
    fn from(e: TrfError) -> CheckError {
        CheckError::Trf(e)
    }
}

impl From<dutch::InputError> for CheckError {
    fn from(e: dutch::InputError) -> CheckError {
        CheckError::Input(e)
    }
}

/// One board as start numbers: White (or the bye's receiver) and Black
/// (`None` for the pairing-allocated bye).
pub type BoardPair = (StartNumber, Option<StartNumber>);

/// A pairing that breaks the system's rules.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PairingFinding {
    /// The engine pairs the round differently (or finds no valid pairing:
    /// `expected` is `Err` with the reason). Boards in publication order.
    DifferentPairing {
        expected: Result<Vec<BoardPair>, String>,
        found: Vec<BoardPair>,
    },
    /// Two players who have already played each other meet again (C.04.3
    /// C.1; forfeited games do not count, C.04.1).
    Rematch {
        white: StartNumber,
        black: StartNumber,
        earlier_round: u32,
    },
    /// Two players the file forbids to meet (`XXP`, `260`) meet.
    ForbiddenPair {
        white: StartNumber,
        black: StartNumber,
    },
    /// Two non-topscorers with the same absolute colour preference meet
    /// (C.04.3 C.3).
    SameAbsoluteColourPreference {
        white: StartNumber,
        black: StartNumber,
        preference: Colour,
    },
    /// A non-topscorer with an absolute colour preference gets the other
    /// colour: a colour difference above 2 or the same colour three times
    /// running (C.04.1 f–g, C.04.3 A.6).
    AbsoluteColourPreferenceIgnored {
        player: StartNumber,
        preference: Colour,
    },
    /// The pairing-allocated bye goes to a player who already had it, or a
    /// forfeit win, or another round's points without playing (C.04.3 C.2).
    ByeToIneligiblePlayer { player: StartNumber },
    /// A pairing-allocated bye although an even number of players was paired,
    /// or a second one in the round (C.04.1 c: one player, when the number
    /// is odd).
    SuperfluousBye { player: StartNumber },
    /// A round-robin game that is not in the Berger table for its round
    /// (C.05 Annex 1); `expected` is the table's opponent of each of the two.
    OffBergerTable {
        white: StartNumber,
        black: StartNumber,
        expected: Vec<BoardPair>,
    },
    /// A round-robin game of the table played with the colours reversed.
    BergerColoursReversed {
        white: StartNumber,
        black: StartNumber,
    },
    /// A round beyond the round-robin schedule.
    BeyondSchedule { rounds: u32 },
}

fn show_board((white, black): &BoardPair) -> String {
    format!("{white}-{}", black.unwrap_or(0))
}

fn show_boards(boards: &[BoardPair]) -> String {
    boards.iter().map(show_board).collect::<Vec<_>>().join(" ")
}

fn colour_name(c: Colour) -> &'static str {
    match c {
        Colour::White => "white",
        Colour::Black => "black",
    }
}

impl PairingFinding {
    /// A stable machine-readable name of the rule (`rematch`, `berger-table`…).
    pub const fn rule(&self) -> &'static str {
        match self {
            PairingFinding::DifferentPairing { .. } => "different-pairing",
            PairingFinding::Rematch { .. } => "rematch",
            PairingFinding::ForbiddenPair { .. } => "forbidden-pair",
            PairingFinding::SameAbsoluteColourPreference { .. } => {
                "same-absolute-colour-preference"
            }
            PairingFinding::AbsoluteColourPreferenceIgnored { .. } => {
                "absolute-colour-preference-ignored"
            }
            PairingFinding::ByeToIneligiblePlayer { .. } => "bye-to-ineligible-player",
            PairingFinding::SuperfluousBye { .. } => "superfluous-bye",
            PairingFinding::OffBergerTable { .. } => "berger-table",
            PairingFinding::BergerColoursReversed { .. } => "berger-colours",
            PairingFinding::BeyondSchedule { .. } => "beyond-schedule",
        }
    }

    /// The article of the FIDE Handbook the pairing breaks.
    pub const fn article(&self) -> &'static str {
        match self {
            PairingFinding::DifferentPairing { .. } => "C.04.3",
            PairingFinding::Rematch { .. } => "C.04.3 C.1",
            PairingFinding::ForbiddenPair { .. } => "C.04.3 C.1 (XXP/260)",
            PairingFinding::SameAbsoluteColourPreference { .. } => "C.04.3 C.3",
            PairingFinding::AbsoluteColourPreferenceIgnored { .. } => "C.04.1 f-g",
            PairingFinding::ByeToIneligiblePlayer { .. } => "C.04.3 C.2",
            PairingFinding::SuperfluousBye { .. } => "C.04.1 c",
            PairingFinding::OffBergerTable { .. }
            | PairingFinding::BergerColoursReversed { .. }
            | PairingFinding::BeyondSchedule { .. } => "C.05 Annex 1",
        }
    }

    /// Whether it breaks an absolute criterion (as opposed to a pairing that
    /// is valid but not the one the rules choose).
    pub const fn is_absolute(&self) -> bool {
        !matches!(self, PairingFinding::DifferentPairing { .. })
    }

    /// The players concerned, by start number.
    pub fn players(&self) -> Vec<StartNumber> {
        match self {
            PairingFinding::DifferentPairing { expected, found } => {
                let mut out: Vec<StartNumber> = Vec::new();
                let expected = expected.as_deref().unwrap_or(&[]);
                // The players whose board differs.
                for (w, b) in found {
                    if !expected.contains(&(*w, *b)) {
                        out.push(*w);
                        out.extend(b);
                    }
                }
                for (w, b) in expected {
                    if !found.contains(&(*w, *b)) {
                        out.push(*w);
                        out.extend(b);
                    }
                }
                out.sort_unstable();
                out.dedup();
                out
            }
            PairingFinding::Rematch { white, black, .. }
            | PairingFinding::ForbiddenPair { white, black }
            | PairingFinding::SameAbsoluteColourPreference { white, black, .. }
            | PairingFinding::OffBergerTable { white, black, .. }
            | PairingFinding::BergerColoursReversed { white, black } => vec![*white, *black],
            PairingFinding::AbsoluteColourPreferenceIgnored { player, .. }
            | PairingFinding::ByeToIneligiblePlayer { player }
            | PairingFinding::SuperfluousBye { player } => vec![*player],
            PairingFinding::BeyondSchedule { .. } => Vec::new(),
        }
    }

    /// What the rules give, as text (boards as `white-black`, a bye `n-0`).
    pub fn expected(&self) -> Option<String> {
        match self {
            PairingFinding::DifferentPairing { expected, .. } => Some(match expected {
                Ok(boards) => show_boards(boards),
                Err(why) => why.clone(),
            }),
            PairingFinding::SameAbsoluteColourPreference { .. } => {
                Some("not paired together".into())
            }
            PairingFinding::AbsoluteColourPreferenceIgnored { preference, .. } => {
                Some(colour_name(*preference).into())
            }
            PairingFinding::ByeToIneligiblePlayer { .. } => {
                Some("a player who has not scored without playing".into())
            }
            PairingFinding::SuperfluousBye { .. } => Some("no bye".into()),
            PairingFinding::OffBergerTable { expected, .. } => Some(show_boards(expected)),
            PairingFinding::BergerColoursReversed { white, black } => {
                Some(show_board(&(*black, Some(*white))))
            }
            PairingFinding::Rematch { earlier_round, .. } => {
                Some(format!("no second game (played in round {earlier_round})"))
            }
            PairingFinding::ForbiddenPair { .. } => Some("not paired together".into()),
            PairingFinding::BeyondSchedule { rounds } => Some(format!("{rounds} rounds")),
        }
    }

    /// What the file records, as text.
    pub fn found(&self) -> String {
        match self {
            PairingFinding::DifferentPairing { found, .. } => show_boards(found),
            PairingFinding::Rematch { white, black, .. }
            | PairingFinding::ForbiddenPair { white, black }
            | PairingFinding::SameAbsoluteColourPreference { white, black, .. }
            | PairingFinding::OffBergerTable { white, black, .. }
            | PairingFinding::BergerColoursReversed { white, black } => {
                show_board(&(*white, Some(*black)))
            }
            PairingFinding::AbsoluteColourPreferenceIgnored { preference, .. } => {
                colour_name(preference.opposite()).into()
            }
            PairingFinding::ByeToIneligiblePlayer { player }
            | PairingFinding::SuperfluousBye { player } => show_board(&(*player, None)),
            PairingFinding::BeyondSchedule { .. } => "a further round".into(),
        }
    }
}

impl fmt::Display for PairingFinding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PairingFinding::DifferentPairing {
                expected: Err(why), ..
            } => {
                write!(f, "the engine finds no pairing ({why})")
            }
            PairingFinding::DifferentPairing { .. } => {
                write!(f, "the rules pair this round differently")
            }
            PairingFinding::Rematch {
                white,
                black,
                earlier_round,
            } => write!(
                f,
                "{white} and {black} meet again (they played in round {earlier_round})"
            ),
            PairingFinding::ForbiddenPair { white, black } => {
                write!(f, "{white} and {black} may not meet (forbidden pair)")
            }
            PairingFinding::SameAbsoluteColourPreference {
                white,
                black,
                preference,
            } => write!(
                f,
                "{white} and {black} both must have {}, and neither is a topscorer",
                colour_name(*preference)
            ),
            PairingFinding::AbsoluteColourPreferenceIgnored { player, preference } => write!(
                f,
                "{player} must have {} and got {}",
                colour_name(*preference),
                colour_name(preference.opposite())
            ),
            PairingFinding::ByeToIneligiblePlayer { player } => write!(
                f,
                "{player} gets the pairing-allocated bye after already scoring without playing"
            ),
            PairingFinding::SuperfluousBye { player } => write!(
                f,
                "{player} gets a pairing-allocated bye no odd number of players calls for"
            ),
            PairingFinding::OffBergerTable { white, black, .. } => {
                write!(f, "{white}-{black} is not a pairing of the Berger table")
            }
            PairingFinding::BergerColoursReversed { white, black } => {
                write!(f, "{white}-{black} has the Berger table's colours reversed")
            }
            PairingFinding::BeyondSchedule { rounds } => {
                write!(f, "the round-robin schedule has only {rounds} rounds")
            }
        }
    }
}

/// The pairing findings of one round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundReport {
    /// Round number (1-based).
    pub round: u32,
    pub findings: Vec<PairingFinding>,
}

/// A place of the rank or points column that does not follow from the file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StandingFinding {
    /// The file ranks the player outside the place the tie-breaks give
    /// (`expected_from..=expected_to`, a shared place when they differ).
    Rank {
        player: StartNumber,
        expected_from: u32,
        expected_to: u32,
        found: u32,
    },
    /// The player has no rank while others have one.
    MissingRank {
        player: StartNumber,
        expected_from: u32,
        expected_to: u32,
    },
    /// The points column differs from the results under the point system.
    Points {
        player: StartNumber,
        expected: Points,
        found: Points,
    },
}

impl StandingFinding {
    /// `rank`, `missing-rank` or `points`.
    pub const fn rule(&self) -> &'static str {
        match self {
            StandingFinding::Rank { .. } => "rank",
            StandingFinding::MissingRank { .. } => "missing-rank",
            StandingFinding::Points { .. } => "points",
        }
    }

    /// The player concerned.
    pub const fn player(&self) -> StartNumber {
        match self {
            StandingFinding::Rank { player, .. }
            | StandingFinding::MissingRank { player, .. }
            | StandingFinding::Points { player, .. } => *player,
        }
    }

    /// The expected value as text (`3`, a shared place `3-4`, points `4.5`).
    pub fn expected(&self) -> String {
        match self {
            StandingFinding::Rank {
                expected_from,
                expected_to,
                ..
            }
            | StandingFinding::MissingRank {
                expected_from,
                expected_to,
                ..
            } => place(*expected_from, *expected_to),
            StandingFinding::Points { expected, .. } => expected.to_string(),
        }
    }

    /// The value in the file as text (empty for a missing rank).
    pub fn found(&self) -> String {
        match self {
            StandingFinding::Rank { found, .. } => found.to_string(),
            StandingFinding::MissingRank { .. } => String::new(),
            StandingFinding::Points { found, .. } => found.to_string(),
        }
    }
}

fn place(from: u32, to: u32) -> String {
    if from == to {
        from.to_string()
    } else {
        format!("{from}-{to}")
    }
}

impl fmt::Display for StandingFinding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StandingFinding::Rank { player, found, .. } => write!(
                f,
                "player {player} is ranked {found}; the tie-breaks give place {}",
                self.expected()
            ),
            StandingFinding::MissingRank { player, .. } => write!(
                f,
                "player {player} has no rank; the tie-breaks give place {}",
                self.expected()
            ),
            StandingFinding::Points {
                player,
                expected,
                found,
            } => write!(
                f,
                "player {player} has {found} points in the file; the results give {expected}"
            ),
        }
    }
}

/// Where the tie-break list came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TiebreakSource {
    /// The file's own list (`202`).
    File,
    /// The default list for the system (no list in the file).
    Default,
}

/// Why the rank column was not compared.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unchecked {
    /// No player has a rank (blank or 0).
    NoRanks,
    /// `XXC rank`: the rank column is the pairing order, not a ranking.
    RankIsPairingOrder,
    /// The tie-break list cannot be read (a failure: the ranks cannot be
    /// shown to follow from it).
    Tiebreaks(SpecError),
    /// The standings cannot be computed (a failure).
    Standings(StandingsError),
}

impl fmt::Display for Unchecked {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unchecked::NoRanks => write!(f, "the file has no rank column"),
            Unchecked::RankIsPairingOrder => {
                write!(f, "the rank column is the pairing order (XXC rank)")
            }
            Unchecked::Tiebreaks(e) => write!(f, "the tie-break list cannot be read: {e}"),
            Unchecked::Standings(e) => write!(f, "the standings cannot be computed: {e}"),
        }
    }
}

/// The standings part of the report.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StandingsReport {
    /// The tie-breaks used, as labels (`BH/C1`, `SB`…).
    pub tiebreaks: Vec<String>,
    pub source: TiebreakSource,
    /// Why the ranks were not compared, if they were not.
    pub unchecked: Option<Unchecked>,
    pub findings: Vec<StandingFinding>,
}

impl StandingsReport {
    /// Whether every rank and score follows (a rank column that could not
    /// be compared for a reason that is the file's fault fails).
    pub fn passes(&self) -> bool {
        self.findings.is_empty()
            && !matches!(
                self.unchecked,
                Some(Unchecked::Tiebreaks(_) | Unchecked::Standings(_))
            )
    }
}

/// What the checker found in one file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Report {
    pub format: Format,
    pub system: System,
    /// Number of players (`001` records).
    pub players: usize,
    /// Rounds paired in the file.
    pub rounds: u32,
    /// The point system read from the file.
    pub scoring: Scoring,
    /// The point system's inconsistency, if any (a standings failure).
    pub point_system: Option<ScoringError>,
    /// Every round, in order, with its findings (none when it passes).
    pub round_reports: Vec<RoundReport>,
    pub standings: StandingsReport,
}

impl Report {
    /// Whether every round follows the pairing system.
    pub fn pairings_pass(&self) -> bool {
        self.round_reports.iter().all(|r| r.findings.is_empty())
    }

    /// Whether the point system is consistent and every rank and score
    /// follows from it and the tie-breaks.
    pub fn standings_pass(&self) -> bool {
        self.point_system.is_none() && self.standings.passes()
    }

    /// Whether the file passes.
    pub fn passes(&self) -> bool {
        self.pairings_pass() && self.standings_pass()
    }
}

/// Checks a TRF file given as text (see the module documentation).
pub fn check_trf(text: &str) -> Result<Report, CheckError> {
    check_document(&trf::parse(text)?)
}

/// Checks a parsed TRF file.
pub fn check_document(document: &Document) -> Result<Report, CheckError> {
    if document.has_teams() {
        return Err(CheckError::TeamEvent);
    }
    let t = document.to_tournament()?;
    let round_reports = match t.system {
        System::Swiss => check_swiss(document, &t)?,
        System::RoundRobin | System::DoubleRoundRobin => check_round_robin(&t),
    };
    Ok(Report {
        format: document.format(),
        system: t.system,
        players: t.players.len(),
        rounds: t.rounds_paired(),
        scoring: t.scoring,
        point_system: t.scoring.validate().err(),
        round_reports,
        standings: check_standings(&t),
    })
}

fn sn(index: usize) -> StartNumber {
    StartNumber::try_from(index + 1).unwrap_or(StartNumber::MAX)
}

fn boards_of(pairs: &[Pairing]) -> Vec<BoardPair> {
    pairs
        .iter()
        .map(|p| (sn(p.white), p.black.map(sn)))
        .collect()
}

/// The boards of round `round` (1-based) of a Swiss file on which both
/// players get the colour opposite to the one they expect: each has a
/// colour preference (C.04.3 A.6) and neither gets it. Not a breach of an
/// absolute criterion, but what an arbiter pairing by hand is warned about
/// (VCL4THP.13 Q67). Empty for a round robin or a round not in the file.
pub fn opposite_colours(document: &Document, round: u32) -> Result<Vec<BoardPair>, CheckError> {
    if document.has_teams() {
        return Err(CheckError::TeamEvent);
    }
    let t = document.to_tournament()?;
    if t.system != System::Swiss {
        return Ok(Vec::new());
    }
    let mut history = t.clone();
    for p in &mut history.players {
        p.reported_points = None;
    }
    // A file in progress may have its last round paired and its results
    // not yet in: they do not bear on how that round was paired, so its
    // boards are checked as games to be played (an earlier round without
    // results still cannot be: later rounds were paired on them).
    if let Some(last) = history
        .rounds
        .iter_mut()
        .rev()
        .find(|r| !r.boards.is_empty())
    {
        for board in &mut last.boards {
            if board.result == GameResult::NotPlayed {
                board.result = GameResult::Draw;
            }
        }
    }
    let full = dutch::swiss_of_trf(document, &history, false)?;
    let mut out = Vec::new();
    dutch::replay(&full, |r, before, _| {
        if u32::try_from(r + 1) != Ok(round) {
            return;
        }
        for board in dutch::recorded_round(&full, r) {
            let Some(b) = board.black else { continue };
            let w = board.white;
            if before.players[w].colour_preference == Some(Colour::Black)
                && before.players[b].colour_preference == Some(Colour::White)
            {
                out.push((sn(w), Some(sn(b))));
            }
        }
    });
    Ok(out)
}

fn check_swiss(document: &Document, t: &Tournament) -> Result<Vec<RoundReport>, CheckError> {
    // The points column is compared with the standings, not refused here.
    let mut history = t.clone();
    for p in &mut history.players {
        p.reported_points = None;
    }
    // A file in progress may have its last round paired and its results
    // not yet in: they do not bear on how that round was paired, so its
    // boards are checked as games to be played (an earlier round without
    // results still cannot be: later rounds were paired on them).
    if let Some(last) = history
        .rounds
        .iter_mut()
        .rev()
        .find(|r| !r.boards.is_empty())
    {
        for board in &mut last.boards {
            if board.result == GameResult::NotPlayed {
                board.result = GameResult::Draw;
            }
        }
    }
    let full = dutch::swiss_of_trf(document, &history, false)?;
    let mut reports = Vec::new();
    dutch::replay(&full, |round, before, expected| {
        let recorded = dutch::recorded_round(&full, round);
        let mut findings = absolute_breaches(&full, before, round, &recorded);
        let same = match &expected {
            Ok(boards) => boards
                .iter()
                .all(|b| dutch::board_recorded(&full, round, b)),
            Err(_) => false,
        };
        if !same {
            findings.insert(
                0,
                PairingFinding::DifferentPairing {
                    expected: expected.map(|b| boards_of(&b)).map_err(|e| e.to_string()),
                    found: boards_of(&recorded),
                },
            );
        }
        reports.push(RoundReport {
            round: u32::try_from(round + 1).unwrap_or(u32::MAX),
            findings,
        });
    });
    Ok(reports)
}

/// The absolute criteria on the boards recorded for `round` (0-based),
/// `before` being the engine's view just before it.
fn absolute_breaches(
    full: &Swiss,
    before: &Swiss,
    round: usize,
    recorded: &[Pairing],
) -> Vec<PairingFinding> {
    let mut out = Vec::new();
    let forbidden = before.forbidden_sets(round);
    let top = before.topscorer_above();
    let topscorer =
        |id: usize| top.is_some_and(|top| before.score_acc(&before.players[id], 0) > top);
    let colour_of = |id: usize| full.players[id].rounds.get(round).and_then(|r| r.colour);
    let paired = before
        .players
        .iter()
        .filter(|p| p.valid)
        .filter(|p| {
            full.players[p.id]
                .rounds
                .get(round)
                .is_some_and(|r| r.paired)
        })
        .count();
    let mut byes = 0;
    for board in recorded {
        let w = board.white;
        let Some(b) = board.black else {
            byes += 1;
            if !before.eligible_for_bye(&before.players[w]) {
                out.push(PairingFinding::ByeToIneligiblePlayer { player: sn(w) });
            }
            if paired % 2 == 0 || byes > 1 {
                out.push(PairingFinding::SuperfluousBye { player: sn(w) });
            }
            continue;
        };
        let (white, black) = (sn(w), sn(b));
        if let Some(earlier) = before.players[w]
            .rounds
            .iter()
            .position(|r| r.played && r.opponent == b)
        {
            out.push(PairingFinding::Rematch {
                white,
                black,
                earlier_round: u32::try_from(earlier + 1).unwrap_or(u32::MAX),
            });
        }
        if forbidden.get(w).is_some_and(|set| set.contains(&b)) {
            out.push(PairingFinding::ForbiddenPair { white, black });
        }
        let (pw, pb) = (&before.players[w], &before.players[b]);
        let same_absolute = pw.absolute_preference()
            && pb.absolute_preference()
            && pw.colour_preference == pb.colour_preference;
        if same_absolute {
            // One of them cannot have the colour: C.3 forbids the pairing
            // unless one of the two is a topscorer (in the last round).
            if let Some(preference) = pw
                .colour_preference
                .filter(|_| !topscorer(w) && !topscorer(b))
            {
                out.push(PairingFinding::SameAbsoluteColourPreference {
                    white,
                    black,
                    preference,
                });
            }
            continue;
        }
        for id in [w, b] {
            let p = &before.players[id];
            if !p.absolute_preference() || topscorer(id) {
                continue;
            }
            if let (Some(preference), Some(given)) = (p.colour_preference, colour_of(id))
                && preference != given
            {
                out.push(PairingFinding::AbsoluteColourPreferenceIgnored {
                    player: sn(id),
                    preference,
                });
            }
        }
    }
    out
}

fn check_round_robin(t: &Tournament) -> Vec<RoundReport> {
    let double = t.system == System::DoubleRoundRobin;
    let variants: &[bool] = if double { &[true, false] } else { &[true] };
    variants
        .iter()
        .map(|&swap| berger_findings(t, double, swap))
        .min_by_key(|reports| reports.iter().map(|r| r.findings.len()).sum::<usize>())
        .unwrap_or_default()
}

/// Each round's games against the Berger table (table number = position in
/// start-number order, as [`round_robin::pair_next_round`] numbers them).
fn berger_findings(t: &Tournament, double: bool, swap: bool) -> Vec<RoundReport> {
    let count = u32::try_from(t.players.len()).unwrap_or(u32::MAX);
    let number = |table: u32| -> StartNumber {
        t.players
            .get(table as usize - 1)
            .map_or(table, |p| p.start_number)
    };
    let table_of = |sn: StartNumber| -> u32 {
        t.players
            .binary_search_by_key(&sn, |p| p.start_number)
            .map_or(0, |i| u32::try_from(i + 1).unwrap_or(u32::MAX))
    };
    let mut reports = Vec::new();
    for (r, recorded) in (1u32..).zip(&t.rounds) {
        let mut findings = Vec::new();
        match round_robin::round_of_schedule(count, double, swap, r) {
            Err(_) => findings.push(PairingFinding::BeyondSchedule {
                rounds: round_robin::rounds(count, double),
            }),
            Ok(table) => {
                for board in &recorded.boards {
                    let (a, b) = (table_of(board.white), table_of(board.black));
                    let found = table.iter().find_map(|line| match *line {
                        Line::Game { white, black } if (white, black) == (a, b) => Some(true),
                        Line::Game { white, black } if (white, black) == (b, a) => Some(false),
                        _ => None,
                    });
                    match found {
                        Some(true) => {}
                        Some(false) => findings.push(PairingFinding::BergerColoursReversed {
                            white: board.white,
                            black: board.black,
                        }),
                        None => {
                            let expected = table
                                .iter()
                                .filter_map(|line| match *line {
                                    Line::Game { white, black }
                                        if [a, b].contains(&white) || [a, b].contains(&black) =>
                                    {
                                        Some((number(white), Some(number(black))))
                                    }
                                    Line::Bye(p) if [a, b].contains(&p) => Some((number(p), None)),
                                    _ => None,
                                })
                                .collect();
                            findings.push(PairingFinding::OffBergerTable {
                                white: board.white,
                                black: board.black,
                                expected,
                            });
                        }
                    }
                }
            }
        }
        reports.push(RoundReport { round: r, findings });
    }
    reports
}

/// The points a file's `001` record may show beyond the results: the
/// acceleration and a requested bye of the round after the last paired one
/// (an in-progress file written to pair that round).
fn next_round_extras(t: &Tournament, sn: StartNumber) -> [Points; 2] {
    let next = t.rounds_paired() + 1;
    let acceleration = t
        .pairing
        .accelerations
        .get(&sn)
        .and_then(|list| list.get(next as usize - 1))
        .copied()
        .unwrap_or(Points::ZERO);
    let bye = match t.player(sn).map(|p| p.status(next)) {
        Some(PlayerStatus::RequestedBye(kind)) if kind != ByeKind::Absent => t.scoring.bye(kind),
        _ => Points::ZERO,
    };
    [acceleration, bye]
}

fn check_standings(t: &Tournament) -> StandingsReport {
    let source = if t.tiebreaks.is_empty() {
        TiebreakSource::Default
    } else {
        TiebreakSource::File
    };
    let mut report = StandingsReport {
        tiebreaks: t.tiebreaks.clone(),
        source,
        unchecked: None,
        findings: Vec::new(),
    };
    let options = match StandingsOptions::for_tournament(t) {
        Ok(o) => o,
        Err(e) => {
            report.unchecked = Some(Unchecked::Tiebreaks(e));
            return report;
        }
    };
    report.tiebreaks = options
        .tiebreaks
        .iter()
        .map(|tb| tb.label.clone())
        .collect();
    let standings = match standings::compute_standings(t, &options) {
        Ok(s) => s,
        Err(e) => {
            report.unchecked = Some(Unchecked::Standings(e));
            return report;
        }
    };
    for row in &standings.rows {
        let Some(found) = t.player(row.start_number).and_then(|p| p.reported_points) else {
            continue;
        };
        let [acceleration, bye] = next_round_extras(t, row.start_number);
        let accepted = [Points::ZERO, acceleration].iter().any(|&a| {
            [Points::ZERO, bye]
                .iter()
                .any(|&b| row.points + a + b == found)
        });
        if !accepted {
            report.findings.push(StandingFinding::Points {
                player: row.start_number,
                expected: row.points,
                found,
            });
        }
    }
    // A rank of 0 is how writers leave a player unranked.
    let rank_of = |sn: StartNumber| {
        t.player(sn)
            .and_then(|p| p.reported_rank)
            .filter(|&rank| rank > 0)
    };
    let ranked = t.players.iter().any(|p| rank_of(p.start_number).is_some());
    if !ranked {
        report.unchecked = Some(Unchecked::NoRanks);
        return report;
    }
    if t.pairing.use_rank {
        report.unchecked = Some(Unchecked::RankIsPairingOrder);
        return report;
    }
    for row in &standings.rows {
        match rank_of(row.start_number) {
            None => report.findings.push(StandingFinding::MissingRank {
                player: row.start_number,
                expected_from: row.rank,
                expected_to: row.rank_to,
            }),
            Some(found) if found < row.rank || found > row.rank_to => {
                report.findings.push(StandingFinding::Rank {
                    player: row.start_number,
                    expected_from: row.rank,
                    expected_to: row.rank_to,
                    found,
                });
            }
            Some(_) => {}
        }
    }
    report
}
