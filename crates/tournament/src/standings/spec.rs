//! Tie-break specifications: C.07 acronyms with `/` modifiers, and presets.

use std::fmt;

use crate::model::{System, TiebreakEdition};

/// The individual tie-breaks of FIDE C.07 (2024 numbering in the docs).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TiebreakKind {
    /// DE — direct encounter (Art. 6).
    DirectEncounter,
    /// WIN — rounds with as many points as a win, played or not (Art. 7.1).
    Wins,
    /// WON — games won over the board (Art. 7.2).
    GamesWon,
    /// BPG — games played with Black (Art. 7.3).
    BlackGames,
    /// BWG — games won with Black (Art. 7.4).
    BlackWins,
    /// REP — rounds one elected to play in (Art. 7.6; the 2023 text calls it
    /// GE, "games one elected to play"): rounds minus half-point byes,
    /// zero-point byes and forfeit losses. Both codes are accepted.
    GamesElected,
    /// PS — progressive scores (Art. 7.5); cuts drop the earliest rounds.
    ProgressiveScore,
    /// BH — Buchholz (Art. 8.1).
    Buchholz,
    /// FB — Fore Buchholz: last round counted as draws (Art. 8.3).
    ForeBuchholz,
    /// AOB — average of the opponents' Buchholz (Art. 8.2).
    AverageOpponentsBuchholz,
    /// SB — Sonneborn–Berger (Art. 9.1).
    SonnebornBerger,
    /// KS — Koya system (Art. 9.2).
    Koya,
    /// ARO — average rating of opponents (Art. 10.1).
    AverageRatingOfOpponents,
    /// TPR — tournament performance rating (Art. 10.2).
    PerformanceRating,
    /// PTP — perfect tournament performance (Art. 10.3).
    PerfectPerformance,
    /// APRO — average performance rating of opponents (Art. 10.4).
    AveragePerformanceOfOpponents,
    /// APPO — average perfect performance of opponents (Art. 10.5).
    AveragePerfectPerformanceOfOpponents,
    /// STD — standard points (C.07 2026): every round counted 1 / ½ / 0 as
    /// its points are above, equal to or below a draw's, whatever the
    /// point system.
    StandardPoints,
    /// RTNG — the participant's own rating (C.07 2026), the higher first;
    /// undefined for everyone when somebody has none (as FIDE's reference
    /// computes it). `/R` ranks the lower first.
    Rating,
    /// TPN — the tournament pairing number (C.07 2026), the lower first;
    /// `/R` ranks the higher first.
    PairingNumber,
}

impl TiebreakKind {
    /// The C.07 acronym.
    pub const fn acronym(self) -> &'static str {
        match self {
            TiebreakKind::DirectEncounter => "DE",
            TiebreakKind::Wins => "WIN",
            TiebreakKind::GamesWon => "WON",
            TiebreakKind::BlackGames => "BPG",
            TiebreakKind::BlackWins => "BWG",
            TiebreakKind::GamesElected => "GE",
            TiebreakKind::ProgressiveScore => "PS",
            TiebreakKind::Buchholz => "BH",
            TiebreakKind::ForeBuchholz => "FB",
            TiebreakKind::AverageOpponentsBuchholz => "AOB",
            TiebreakKind::SonnebornBerger => "SB",
            TiebreakKind::Koya => "KS",
            TiebreakKind::AverageRatingOfOpponents => "ARO",
            TiebreakKind::PerformanceRating => "TPR",
            TiebreakKind::PerfectPerformance => "PTP",
            TiebreakKind::AveragePerformanceOfOpponents => "APRO",
            TiebreakKind::AveragePerfectPerformanceOfOpponents => "APPO",
            TiebreakKind::StandardPoints => "STD",
            TiebreakKind::Rating => "RTNG",
            TiebreakKind::PairingNumber => "TPN",
        }
    }

    /// Whether the 2026 edition excludes it from round robins (Buchholz,
    /// Fore Buchholz and the average of opponents' Buchholz are Swiss
    /// tie-breaks; VCL Q105).
    pub const fn swiss_only(self) -> bool {
        matches!(
            self,
            TiebreakKind::Buchholz
                | TiebreakKind::ForeBuchholz
                | TiebreakKind::AverageOpponentsBuchholz
        )
    }

    /// Whether the lower value ranks first (TPN).
    pub const fn lower_first(self) -> bool {
        matches!(self, TiebreakKind::PairingNumber)
    }

    fn from_acronym(text: &str) -> Option<TiebreakKind> {
        Some(match text {
            "DE" => TiebreakKind::DirectEncounter,
            "WIN" => TiebreakKind::Wins,
            "WON" => TiebreakKind::GamesWon,
            "BPG" => TiebreakKind::BlackGames,
            "BWG" => TiebreakKind::BlackWins,
            "GE" | "REP" => TiebreakKind::GamesElected,
            "PS" => TiebreakKind::ProgressiveScore,
            "BH" => TiebreakKind::Buchholz,
            "FB" => TiebreakKind::ForeBuchholz,
            "AOB" => TiebreakKind::AverageOpponentsBuchholz,
            "SB" => TiebreakKind::SonnebornBerger,
            "KS" => TiebreakKind::Koya,
            "ARO" => TiebreakKind::AverageRatingOfOpponents,
            "TPR" => TiebreakKind::PerformanceRating,
            "PTP" => TiebreakKind::PerfectPerformance,
            "APRO" => TiebreakKind::AveragePerformanceOfOpponents,
            "APPO" => TiebreakKind::AveragePerfectPerformanceOfOpponents,
            "STD" => TiebreakKind::StandardPoints,
            "RTNG" => TiebreakKind::Rating,
            "TPN" => TiebreakKind::PairingNumber,
            _ => return None,
        })
    }

    /// Whether cut (`/Cn`) modifiers apply (C.07 (2024) Art. 14.1–14.2 and
    /// the "Cut-1" column of its tie-break table: BH, FB, SB, ARO and PS —
    /// PS cuts its first rounds). TPR and PTP take no cut in C.07.
    const fn accepts_cut(self) -> bool {
        matches!(
            self,
            TiebreakKind::Buchholz
                | TiebreakKind::ForeBuchholz
                | TiebreakKind::SonnebornBerger
                | TiebreakKind::ProgressiveScore
                | TiebreakKind::AverageRatingOfOpponents
        )
    }

    /// Whether median (`/Mn`) modifiers apply (C.07 (2024) Art. 14.3–14.4:
    /// the values BH, FB, SB and ARO add up or average).
    const fn accepts_median(self) -> bool {
        matches!(
            self,
            TiebreakKind::Buchholz
                | TiebreakKind::ForeBuchholz
                | TiebreakKind::SonnebornBerger
                | TiebreakKind::AverageRatingOfOpponents
        )
    }
}

/// The Koya limit (C.07 Art. 9.2): opponents count when their score reaches
/// `percent`% of the maximum possible score, shifted by `offset_tenths`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct KoyaLimit {
    pub percent: u32,
    /// Shift of the limit in tenths of a point (`KS/L+1` = +1 point).
    pub offset_tenths: i64,
}

impl Default for KoyaLimit {
    fn default() -> KoyaLimit {
        KoyaLimit {
            percent: 50,
            offset_tenths: 0,
        }
    }
}

/// One tie-break of the ordered list, with its modifiers.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Tiebreak {
    pub kind: TiebreakKind,
    /// Least significant values cut (`/C1`, `/C2`; `/M1` cuts one low and one high).
    pub cut_low: u32,
    /// Most significant values cut (`/M1`, `/M2`).
    pub cut_high: u32,
    /// Koya limit (`KS/L60`, `KS/L+1`, `KS/L-0.5`).
    pub koya_limit: KoyaLimit,
    /// `/R`: the order of RTNG or TPN reversed.
    pub reverse: bool,
    /// The specification as the organiser wrote it (the key in reports).
    pub label: String,
}

impl Tiebreak {
    /// Whether the lower value ranks first (TPN, or RTNG/R; TPN/R the higher).
    pub const fn lower_first(&self) -> bool {
        self.kind.lower_first() != self.reverse
    }
}

impl Tiebreak {
    /// A tie-break without modifiers.
    pub fn plain(kind: TiebreakKind) -> Tiebreak {
        Tiebreak {
            kind,
            cut_low: 0,
            cut_high: 0,
            koya_limit: KoyaLimit::default(),
            reverse: false,
            label: kind.acronym().to_string(),
        }
    }
}

impl fmt::Display for Tiebreak {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(&self.label)
    }
}

/// Why a tie-break specification was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SpecError {
    /// An empty item in the list (`BH,,SB`).
    Empty,
    /// Not a C.07 acronym.
    UnknownTiebreak { spec: String, name: String },
    /// A modifier this tie-break does not take, or a malformed one.
    BadModifier {
        spec: String,
        modifier: String,
        reason: &'static str,
    },
    /// An unknown preset name.
    UnknownPreset { name: String },
    /// A tie-break the 2026 edition does not allow in a round robin.
    NotForRoundRobin { spec: String },
    /// The item at `position` (1-based) of a list is refused.
    InList {
        position: usize,
        error: Box<SpecError>,
    },
}

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SpecError::Empty => write!(f, "empty tie-break in the list"),
            SpecError::UnknownTiebreak { spec, name } => write!(
                f,
                "unknown tie-break '{name}' in '{spec}' (known: DE, WIN, WON, BPG, BWG, GE/REP, \
                 PS, BH, FB, AOB, SB, KS, ARO, TPR, PTP, APRO, APPO, STD, RTNG, TPN)"
            ),
            SpecError::BadModifier {
                spec,
                modifier,
                reason,
            } => {
                write!(f, "bad modifier '/{modifier}' in '{spec}': {reason}")
            }
            SpecError::NotForRoundRobin { spec } => write!(
                f,
                "'{spec}' is not for a round robin (C.07 2026: Buchholz, Fore Buchholz and AOB \
                 are Swiss tie-breaks)"
            ),
            SpecError::InList { position, error } => write!(f, "tie-break {position}: {error}"),
            SpecError::UnknownPreset { name } => write!(
                f,
                "unknown tie-break preset '{name}' (known: fide-swiss, fide-round-robin, \
                 china-national)"
            ),
        }
    }
}

impl std::error::Error for SpecError {}

/// Parses one specification such as `BH/C1`, `BH/M1`, `SB/C1`, `ARO/C1`,
/// `PS/C1`, `KS`, `KS/L60`, `DE` (case-insensitive).
pub fn parse_tiebreak(spec: &str) -> Result<Tiebreak, SpecError> {
    let trimmed = spec.trim();
    if trimmed.is_empty() {
        return Err(SpecError::Empty);
    }
    let mut parts = trimmed.split('/');
    let name = parts.next().unwrap_or_default().trim().to_ascii_uppercase();
    let kind = TiebreakKind::from_acronym(&name).ok_or_else(|| SpecError::UnknownTiebreak {
        spec: trimmed.to_string(),
        name: name.clone(),
    })?;
    let mut tiebreak = Tiebreak::plain(kind);
    tiebreak.label = trimmed.to_string();
    for raw in parts {
        let modifier = raw.trim().to_ascii_uppercase();
        let bad = |reason: &'static str| SpecError::BadModifier {
            spec: trimmed.to_string(),
            modifier: raw.trim().to_string(),
            reason,
        };
        let (letter, rest) = modifier.split_at(modifier.len().min(1));
        match letter {
            "C" => {
                if !kind.accepts_cut() {
                    return Err(bad("this tie-break takes no cut"));
                }
                let n: u32 = rest
                    .parse()
                    .map_err(|_| bad("expected C followed by a number"))?;
                tiebreak.cut_low += n;
            }
            "M" => {
                if !kind.accepts_median() {
                    return Err(bad("this tie-break takes no median cut"));
                }
                let n: u32 = rest
                    .parse()
                    .map_err(|_| bad("expected M followed by a number"))?;
                tiebreak.cut_low += n;
                tiebreak.cut_high += n;
            }
            "R" if matches!(kind, TiebreakKind::Rating | TiebreakKind::PairingNumber) => {
                if !rest.is_empty() || tiebreak.reverse {
                    return Err(bad("R takes nothing after it and is given once"));
                }
                tiebreak.reverse = true;
            }
            "L" if kind == TiebreakKind::Koya => {
                tiebreak.koya_limit = parse_koya_limit(rest).ok_or_else(|| {
                    bad("expected L followed by a percentage (L60) or a shift in points (L+1, L-0.5)")
                })?;
            }
            _ => return Err(bad("unknown modifier")),
        }
    }
    Ok(tiebreak)
}

fn parse_koya_limit(rest: &str) -> Option<KoyaLimit> {
    if let Some(sign) = rest.chars().next().filter(|c| *c == '+' || *c == '-') {
        let points = crate::model::Points::parse(&rest[1..])?;
        let tenths = i64::from(points.tenths());
        let offset_tenths = if sign == '-' { -tenths } else { tenths };
        Some(KoyaLimit {
            percent: 50,
            offset_tenths,
        })
    } else {
        let percent: u32 = rest.parse().ok()?;
        (percent <= 100).then_some(KoyaLimit {
            percent,
            offset_tenths: 0,
        })
    }
}

/// Parses a comma-separated list (`BH/C1,BH,SB`); a refused item is
/// reported with its position ([`SpecError::InList`]).
pub fn parse_tiebreaks(list: &str) -> Result<Vec<Tiebreak>, SpecError> {
    let items: Vec<&str> = list.split(',').collect();
    parse_tiebreak_list(&items, None)
}

/// Parses an ordered list of specifications for an event: every item must
/// be a known tie-break with modifiers it takes, and under the 2026 edition
/// a round robin refuses BH, FB and AOB (`system` and `edition` given).
/// The first refused item is reported with its 1-based position.
pub fn parse_tiebreak_list<S: AsRef<str>>(
    items: &[S],
    event: Option<(System, TiebreakEdition)>,
) -> Result<Vec<Tiebreak>, SpecError> {
    items
        .iter()
        .enumerate()
        .map(|(index, item)| {
            let at = |error| SpecError::InList {
                position: index + 1,
                error: Box::new(error),
            };
            let tiebreak = parse_tiebreak(item.as_ref()).map_err(at)?;
            if let Some((system, TiebreakEdition::Fide2026)) = event
                && system != System::Swiss
                && tiebreak.kind.swiss_only()
            {
                return Err(at(SpecError::NotForRoundRobin {
                    spec: tiebreak.label.clone(),
                }));
            }
            Ok(tiebreak)
        })
        .collect()
}

/// Named tie-break lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Preset {
    /// Individual Swiss: BH/C1, BH, SB, DE, WIN, BPG (the C.07 recommendation
    /// for individual Swiss events, Art. 4 and its Table).
    FideSwiss,
    /// Individual round robin: DE, SB, WIN, KS (C.07 recommendation).
    FideRoundRobin,
    /// Chinese national rules (`laws.md`, National variations): round robin by
    /// Sonneborn–Berger ("small points"), Swiss by Buchholz (sum of the
    /// opponents' scores).
    ChinaNational,
}

impl Preset {
    /// Parses `fide-swiss`, `fide-round-robin`, `china-national`.
    pub fn parse(name: &str) -> Result<Preset, SpecError> {
        match name.trim().to_ascii_lowercase().as_str() {
            "fide-swiss" => Ok(Preset::FideSwiss),
            "fide-round-robin" => Ok(Preset::FideRoundRobin),
            "china-national" => Ok(Preset::ChinaNational),
            _ => Err(SpecError::UnknownPreset {
                name: name.to_string(),
            }),
        }
    }

    /// The list for a tournament of this system.
    pub fn tiebreaks(self, system: System) -> Vec<Tiebreak> {
        let round_robin = !matches!(system, System::Swiss);
        let kinds: &[&str] = match self {
            Preset::FideSwiss => &["BH/C1", "BH", "SB", "DE", "WIN", "BPG"],
            Preset::FideRoundRobin => &["DE", "SB", "WIN", "KS"],
            Preset::ChinaNational if round_robin => &["SB"],
            Preset::ChinaNational => &["BH"],
        };
        kinds
            .iter()
            .filter_map(|k| parse_tiebreak(k).ok())
            .collect()
    }

    /// The default preset for a system: round robin → `fide-round-robin`,
    /// Swiss → `fide-swiss`.
    pub const fn default_for(system: System) -> Preset {
        match system {
            System::Swiss => Preset::FideSwiss,
            System::RoundRobin | System::DoubleRoundRobin => Preset::FideRoundRobin,
        }
    }
}
