//! Team tie-break specifications, in the codes of FIDE C.07 (2024) and of
//! the FIDE Technical Commission's TieBreakServer, which implements them:
//! a code, an optional `:MP`/`:GP` naming the score it works on (default:
//! the primary score), and `/Cn`, `/Mn` cuts.

use std::fmt;

use super::super::TeamSystem;
use super::super::score::PrimaryScore;

/// The team tie-breaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TeamTiebreakKind {
    /// `MP` / `GP`: a team's total match or game points, as a tie-break
    /// (C.07's secondary score: game points after match points, or the
    /// reverse). `MPVGP` names whichever is not the primary score.
    Score(Option<PrimaryScore>),
    /// `BH` — Buchholz: the sum of the opponents' scores (C.07 Art. 8.1,
    /// with match or game points).
    Buchholz,
    /// `SB` — Sonneborn–Berger for teams: each opponent's score times the
    /// score made against him, both in the same points (C.07 Art. 9.1 with
    /// match or game points). `EMMSB` and `EGGSB` are its two forms.
    SonnebornBerger,
    /// `EMGSB`, `EGMSB` — the extended (mixed) team Sonneborn–Berger: the
    /// opponent's score in the first points times the score made against
    /// him in the second (`EMGSB`: opponent's match points × game points
    /// scored against him, the Olympiad's Sonneborn–Berger).
    ExtendedSonnebornBerger {
        opponent: PrimaryScore,
        own: PrimaryScore,
    },
    /// `DE` — direct encounter (C.07 Art. 6) in the primary score.
    DirectEncounter,
    /// `EDE` and its variants — extended direct encounter for teams (C.07
    /// 2026 Art. 13.3): direct encounter in the primary score, then in the
    /// secondary score; two teams still tied are then separated by the
    /// board tie-breaks of Art. 12 over their own match(es), as the FIDE
    /// TEC's TieBreakServer applies them: `EDEC` the board count, `EDET`
    /// the top-board result, `EDEB` board-by-board elimination, `EDEBT`
    /// the board count then the top-board result, `EDEBB` the board count
    /// then elimination. Every new tied subset starts again (13.3.3).
    ExtendedDirectEncounter {
        board_count: bool,
        then: Option<BoardTiebreak>,
    },
    /// `BC` — board count: the sum over boards of the board number times
    /// the points scored on that board; the lower value ranks higher
    /// (TieBreakServer's `BC`).
    BoardCount,
    /// `TBR` — top-board result: the points on board 1 over the event, then
    /// on board 2, … compared in that order (the TieBreakServer's `TBR`).
    TopBoardResult,
    /// `BBE` — board-by-board elimination: the game points without the last
    /// board, then without the last two, … compared in that order (`BBE`).
    BoardByBoardElimination,
    /// `WIN` — rounds won (also by forfeit or a full-point bye): matches in
    /// match points, boards in game points (C.07 Art. 7.1 for teams).
    Wins,
    /// `WON` — won over the board: matches played and won in match points,
    /// board games played and won in game points (C.07 Art. 7.2).
    MatchesWon,
}

/// The board tie-break an extended direct encounter ends with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BoardTiebreak {
    /// Top-board result (Art. 12.2).
    TopBoardResult,
    /// Board-by-board elimination (Art. 12.3).
    Elimination,
}

/// One team tie-break with its modifiers.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct TeamTiebreak {
    pub kind: TeamTiebreakKind,
    /// `:MP` / `:GP`; `None`: the primary score.
    pub points: Option<PrimaryScore>,
    pub cut_low: u32,
    pub cut_high: u32,
    /// `/P`: forfeited matches count as played — against their opponent in
    /// Buchholz and Sonneborn–Berger (not a dummy, not a voluntary unplayed
    /// round) and as encounters in direct encounter (C.07 Art. 6.1.1,
    /// 15.2; the TieBreakServer's and Sharly Chess's `P` modifier).
    pub predetermined: bool,
    /// As written (the key in reports).
    pub label: String,
}

impl TeamTiebreak {
    /// The score the tie-break works on, given the primary score.
    pub fn points_or(&self, primary: PrimaryScore) -> PrimaryScore {
        self.points.unwrap_or(primary)
    }
}

impl fmt::Display for TeamTiebreak {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(&self.label)
    }
}

/// Why a team tie-break specification was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TeamTiebreakSpecError {
    Empty,
    Unknown { spec: String },
    BadPoints { spec: String },
    BadModifier { spec: String, modifier: String },
    UnknownPreset { name: String },
}

impl fmt::Display for TeamTiebreakSpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TeamTiebreakSpecError::Empty => write!(f, "empty tie-break in the list"),
            TeamTiebreakSpecError::Unknown { spec } => write!(
                f,
                "unknown team tie-break '{spec}' (known: MP, GP, MPVGP, BH, SB, EMMSB, EMGSB, \
                 EGMSB, EGGSB, DE, EDE, EDEC, EDET, EDEB, EDEBT, EDEBB, BC, TBR, BBE, WIN, WON)"
            ),
            TeamTiebreakSpecError::BadPoints { spec } => {
                write!(f, "'{spec}': the score after ':' must be MP or GP")
            }
            TeamTiebreakSpecError::BadModifier { spec, modifier } => {
                write!(f, "'{spec}': modifier '/{modifier}' is not allowed here")
            }
            TeamTiebreakSpecError::UnknownPreset { name } => write!(
                f,
                "unknown team tie-break preset '{name}' (known: fide-team, china-national)"
            ),
        }
    }
}

impl std::error::Error for TeamTiebreakSpecError {}

fn parse_points(text: &str) -> Option<PrimaryScore> {
    match text {
        "MP" => Some(PrimaryScore::MatchPoints),
        "GP" => Some(PrimaryScore::GamePoints),
        _ => None,
    }
}

/// Parses one specification: `BH:GP/C1`, `SB`, `EMGSB/C1`, `DE`, `BC`,
/// `MPVGP`, `GP` (case-insensitive).
pub fn parse_team_tiebreak(spec: &str) -> Result<TeamTiebreak, TeamTiebreakSpecError> {
    let trimmed = spec.trim();
    if trimmed.is_empty() {
        return Err(TeamTiebreakSpecError::Empty);
    }
    let upper = trimmed.to_ascii_uppercase();
    let mut parts = upper.split('/');
    let head = parts.next().unwrap_or_default();
    let (name, points) = match head.split_once(':') {
        Some((name, p)) => (
            name,
            Some(
                parse_points(p).ok_or_else(|| TeamTiebreakSpecError::BadPoints {
                    spec: trimmed.to_string(),
                })?,
            ),
        ),
        None => (head, None),
    };
    use PrimaryScore::{GamePoints as G, MatchPoints as M};
    let kind = match name {
        "MP" | "MPTS" => TeamTiebreakKind::Score(Some(M)),
        "GP" | "GPTS" => TeamTiebreakKind::Score(Some(G)),
        "MPVGP" => TeamTiebreakKind::Score(None),
        "BH" => TeamTiebreakKind::Buchholz,
        "SB" => TeamTiebreakKind::SonnebornBerger,
        "EMMSB" | "EGGSB" | "EMGSB" | "EGMSB" => {
            let letter = |c: u8| if c == b'M' { M } else { G };
            let bytes = name.as_bytes();
            let (opponent, own) = (letter(bytes[1]), letter(bytes[2]));
            if opponent == own {
                return Ok(TeamTiebreak {
                    kind: TeamTiebreakKind::SonnebornBerger,
                    points: Some(own),
                    ..modifiers(trimmed, parts, true, true)?
                });
            }
            TeamTiebreakKind::ExtendedSonnebornBerger { opponent, own }
        }
        "DE" => TeamTiebreakKind::DirectEncounter,
        "EDE" | "EDEC" | "EDET" | "EDEB" | "EDEBT" | "EDEBB" => {
            let board_count = matches!(name, "EDEC" | "EDEBT" | "EDEBB");
            let then = match name {
                "EDET" | "EDEBT" => Some(BoardTiebreak::TopBoardResult),
                "EDEB" | "EDEBB" => Some(BoardTiebreak::Elimination),
                _ => None,
            };
            TeamTiebreakKind::ExtendedDirectEncounter { board_count, then }
        }
        "BC" => TeamTiebreakKind::BoardCount,
        "TBR" => TeamTiebreakKind::TopBoardResult,
        "BBE" => TeamTiebreakKind::BoardByBoardElimination,
        "WIN" => TeamTiebreakKind::Wins,
        "WON" => TeamTiebreakKind::MatchesWon,
        _ => {
            return Err(TeamTiebreakSpecError::Unknown {
                spec: trimmed.to_string(),
            });
        }
    };
    let cuts = matches!(
        kind,
        TeamTiebreakKind::Buchholz
            | TeamTiebreakKind::SonnebornBerger
            | TeamTiebreakKind::ExtendedSonnebornBerger { .. }
    );
    let predetermined = cuts
        || matches!(
            kind,
            TeamTiebreakKind::DirectEncounter | TeamTiebreakKind::ExtendedDirectEncounter { .. }
        );
    Ok(TeamTiebreak {
        kind,
        points,
        ..modifiers(trimmed, parts, cuts, predetermined)?
    })
}

/// The modifiers of a specification: the cuts (`/C1`, `/M1`) and `/P`.
fn modifiers<'a>(
    spec: &str,
    parts: impl Iterator<Item = &'a str>,
    cuts: bool,
    predetermined: bool,
) -> Result<TeamTiebreak, TeamTiebreakSpecError> {
    let mut tiebreak = TeamTiebreak {
        kind: TeamTiebreakKind::Buchholz,
        points: None,
        cut_low: 0,
        cut_high: 0,
        predetermined: false,
        label: spec.to_string(),
    };
    for modifier in parts {
        let bad = || TeamTiebreakSpecError::BadModifier {
            spec: spec.to_string(),
            modifier: modifier.to_string(),
        };
        if modifier == "P" && predetermined && !tiebreak.predetermined {
            tiebreak.predetermined = true;
            continue;
        }
        let (letter, rest) = modifier.split_at(modifier.len().min(1));
        let n: u32 = rest.parse().map_err(|_| bad())?;
        match letter {
            "C" if cuts => tiebreak.cut_low += n,
            "M" if cuts => {
                tiebreak.cut_low += n;
                tiebreak.cut_high += n;
            }
            _ => return Err(bad()),
        }
    }
    Ok(tiebreak)
}

/// Parses a comma-separated list.
pub fn parse_team_tiebreaks(list: &str) -> Result<Vec<TeamTiebreak>, TeamTiebreakSpecError> {
    list.split(',').map(parse_team_tiebreak).collect()
}

/// A named ranking: the primary score and the tie-break list.
///
/// - `fide-team`: match points, then (round robin) `MPVGP, DE, EMGSB`, or
///   (Swiss) `MPVGP, EMGSB/C1, BH:MP/C1, DE`. C.07 leaves the list to the
///   organiser (Art. 4.1); this is the crate's default, built from the C.07
///   team tie-breaks.
/// - `china-national`: game points only ("team events are ranked by game
///   points only, not match points", laws.md, National variations), then as
///   for individuals: round robin by Sonneborn–Berger ("small points") in
///   game points, Swiss by Buchholz in game points.
pub fn team_preset(
    name: &str,
    system: TeamSystem,
) -> Result<(PrimaryScore, Vec<TeamTiebreak>), TeamTiebreakSpecError> {
    let swiss = system == TeamSystem::Swiss;
    let (primary, list) = match name.trim().to_ascii_lowercase().as_str() {
        "fide-team" if swiss => (PrimaryScore::MatchPoints, "MPVGP,EMGSB/C1,BH:MP/C1,DE"),
        "fide-team" => (PrimaryScore::MatchPoints, "MPVGP,DE,EMGSB"),
        "china-national" if swiss => (PrimaryScore::GamePoints, "BH:GP"),
        "china-national" => (PrimaryScore::GamePoints, "SB:GP"),
        _ => {
            return Err(TeamTiebreakSpecError::UnknownPreset {
                name: name.to_string(),
            });
        }
    };
    Ok((primary, parse_team_tiebreaks(list)?))
}
