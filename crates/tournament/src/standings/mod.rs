//! Standings: ranking by points, then by an ordered list of FIDE C.07
//! tie-breaks, with every value explained round by round.
//!
//! # Layout
//! - [`spec`]: tie-break specifications (`BH/C1`, `SB`, `KS/L60`, …) and presets;
//! - [`value`]: exact rational values (no floating point in comparisons);
//! - `compute`: per-player values and their per-round contributions, and the
//!   treatment of unplayed rounds for each [`TiebreakEdition`];
//! - `direct_encounter`: direct encounter (C.07 Art. 6), one implementation
//!   for players and teams;
//! - this module: ranking (and what direct encounter compares between
//!   players), shared places, drawing of lots, and the crosstable.
//!
//! # Using it
//! ```
//! use tournament::model::{Board, GameResult, Player, Round, Tournament};
//! use tournament::standings::{StandingsOptions, compute_standings, parse_tiebreaks};
//!
//! let mut t = Tournament::default();
//! for (sn, name) in [(1, "A"), (2, "B")] {
//!     t.players.push(Player { start_number: sn, name: name.into(), ..Player::default() });
//! }
//! t.rounds.push(Round { boards: vec![Board::new(1, 2, GameResult::WhiteWins)], byes: vec![] });
//! let options = StandingsOptions::new(parse_tiebreaks("BH,SB").unwrap());
//! let standings = compute_standings(&t, &options).unwrap();
//! assert_eq!(standings.rows[0].start_number, 1);
//! ```

mod compute;
pub(crate) mod direct_encounter;
pub mod spec;
pub mod value;

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

pub(crate) use compute::apply_cuts;
pub use compute::{Contribution, RoundEntry, RoundKind, TiebreakScore};
pub use spec::{
    KoyaLimit, Preset, SpecError, Tiebreak, TiebreakKind, parse_tiebreak, parse_tiebreak_list,
    parse_tiebreaks,
};
pub use value::Value;

use crate::model::{Colour, Points, StartNumber, System, TiebreakEdition, Tournament};
use compute::Context;
use direct_encounter::{Encounters, Met, direct_encounter};

/// What to compute.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StandingsOptions {
    /// The ordered tie-break list.
    pub tiebreaks: Vec<Tiebreak>,
    /// How unplayed rounds are treated.
    pub edition: TiebreakEdition,
    /// Standings after this many rounds (`None`: every recorded round).
    pub after_round: Option<u32>,
    /// Drawing of lots for participants equal on everything, only where the
    /// organiser asks for it (C.07 Art. 2); `None` shares the place.
    pub lots_seed: Option<u64>,
    /// Participants left out of the table (expelled players of a Swiss):
    /// the others are ranked without them, their games still counting for
    /// their opponents' tie-breaks.
    pub excluded: BTreeSet<StartNumber>,
}

impl StandingsOptions {
    /// The given list, the 2024 edition, all rounds, shared places.
    pub fn new(tiebreaks: Vec<Tiebreak>) -> StandingsOptions {
        StandingsOptions {
            tiebreaks,
            edition: TiebreakEdition::default(),
            after_round: None,
            lots_seed: None,
            excluded: BTreeSet::new(),
        }
    }

    /// The options a tournament itself specifies: its tie-break list (or the
    /// preset for its system when the list is empty) and its edition.
    pub fn for_tournament(tournament: &Tournament) -> Result<StandingsOptions, SpecError> {
        let tiebreaks = if tournament.tiebreaks.is_empty() {
            Preset::default_for(tournament.system).tiebreaks(tournament.system)
        } else {
            parse_tiebreak_list(
                &tournament.tiebreaks,
                Some((tournament.system, tournament.tiebreak_edition)),
            )?
        };
        // FIDE endorsement checklist Q198: expelled players are dropped
        // from a Swiss event's standings.
        let excluded = if tournament.system == System::Swiss {
            tournament.expelled.clone()
        } else {
            BTreeSet::new()
        };
        Ok(StandingsOptions {
            edition: tournament.tiebreak_edition,
            excluded,
            ..StandingsOptions::new(tiebreaks)
        })
    }
}

/// Why standings could not be computed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StandingsError {
    /// The tournament breaks a model invariant.
    Model(crate::model::Error),
    /// `after_round` asks for a round that has not been recorded.
    NoSuchRound { round: u32, recorded: u32 },
}

impl fmt::Display for StandingsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StandingsError::Model(e) => write!(f, "{e}"),
            StandingsError::NoSuchRound { round, recorded } => {
                write!(
                    f,
                    "standings after round {round} asked, but only {recorded} rounds are recorded"
                )
            }
        }
    }
}

impl std::error::Error for StandingsError {}

/// One line of the standings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StandingRow {
    /// The best place of the group sharing it (1-based).
    pub rank: u32,
    /// The last place of the shared group (`rank == rank_to` when alone).
    pub rank_to: u32,
    pub start_number: StartNumber,
    pub name: String,
    pub points: Points,
    /// One score per tie-break, in the order of [`Standings::tiebreaks`].
    pub tiebreaks: Vec<TiebreakScore>,
    /// Set when drawing of lots separated this participant from others.
    pub decided_by_lot: bool,
}

impl StandingRow {
    /// `"3"` or, for a shared place, `"3-4"`.
    pub fn place_label(&self) -> String {
        if self.rank == self.rank_to {
            self.rank.to_string()
        } else {
            format!("{}-{}", self.rank, self.rank_to)
        }
    }
}

/// The ranked table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Standings {
    pub tiebreaks: Vec<Tiebreak>,
    pub edition: TiebreakEdition,
    /// Rounds counted.
    pub rounds: u32,
    /// Rows in rank order (within a shared place, by start number).
    pub rows: Vec<StandingRow>,
    /// Per participant, the rounds as the tie-breaks saw them.
    pub entries: BTreeMap<StartNumber, Vec<RoundEntry>>,
}

impl Standings {
    /// The row of a participant.
    pub fn row(&self, start_number: StartNumber) -> Option<&StandingRow> {
        self.rows.iter().find(|r| r.start_number == start_number)
    }

    /// A participant's rounds (opponent, colour, result, points, running score).
    pub fn rounds_of(&self, start_number: StartNumber) -> &[RoundEntry] {
        self.entries.get(&start_number).map_or(&[], Vec::as_slice)
    }
}

/// Ranks the participants (C.07 Art. 2 and 4): by points, then by each
/// tie-break in turn among those still tied; participants equal on
/// everything share the place unless `lots_seed` asks for drawing of lots.
pub fn compute_standings(
    tournament: &Tournament,
    options: &StandingsOptions,
) -> Result<Standings, StandingsError> {
    tournament.validate().map_err(StandingsError::Model)?;
    let recorded = tournament.rounds_paired();
    let rounds = match options.after_round {
        Some(round) if round > recorded => {
            return Err(StandingsError::NoSuchRound { round, recorded });
        }
        Some(round) => round,
        None => recorded,
    };
    let context = Context::new(tournament, rounds, options.edition);
    let players: Vec<StartNumber> = tournament
        .players
        .iter()
        .map(|p| p.start_number)
        .filter(|sn| !options.excluded.contains(sn))
        .collect();

    // Values of every tie-break but DE, computed for everyone ranked.
    let mut scores: BTreeMap<StartNumber, Vec<TiebreakScore>> = players
        .iter()
        .map(|&sn| {
            (
                sn,
                options
                    .tiebreaks
                    .iter()
                    .map(|tb| context.score(tb, sn))
                    .collect(),
            )
        })
        .collect();

    // Groups of tied participants, best first.
    let mut by_points = players.clone();
    by_points.sort_by(|a, b| context.totals[b].cmp(&context.totals[a]).then(a.cmp(b)));
    let mut groups: Vec<Vec<StartNumber>> = split_equal(&by_points, |sn| context.totals[sn]);

    for (index, tiebreak) in options.tiebreaks.iter().enumerate() {
        let mut next = Vec::new();
        for group in groups {
            if group.len() < 2 {
                next.push(group);
                continue;
            }
            if tiebreak.kind == TiebreakKind::DirectEncounter {
                let players = PlayerEncounters(&context);
                for part in direct_encounter(&players, &group, &mut scores, index) {
                    next.push(part);
                }
            } else {
                let key = |sn: &StartNumber| scores[sn][index].value;
                let mut sorted = group.clone();
                if tiebreak.lower_first() {
                    // Undefined values still rank last.
                    sorted.sort_by(|a, b| {
                        let (x, y) = (key(a), key(b));
                        y.is_some().cmp(&x.is_some()).then(x.cmp(&y)).then(a.cmp(b))
                    });
                } else {
                    sorted.sort_by(|a, b| key(b).cmp(&key(a)).then(a.cmp(b)));
                }
                next.extend(split_equal(&sorted, key));
            }
        }
        groups = next;
    }

    let mut rng = options.lots_seed.map(crate::lots::SplitMix64::new);
    let mut rows = Vec::with_capacity(players.len());
    let mut place = 1u32;
    for mut group in groups {
        let size = u32::try_from(group.len()).unwrap_or(u32::MAX);
        let by_lot = size > 1 && rng.is_some();
        if let Some(rng) = rng.as_mut().filter(|_| size > 1) {
            group.sort_unstable();
            rng.shuffle(&mut group);
        }
        for (offset, sn) in (0u32..).zip(&group) {
            let (rank, rank_to) = if by_lot {
                (place + offset, place + offset)
            } else {
                (place, place + size - 1)
            };
            let player = tournament.player(*sn);
            rows.push(StandingRow {
                rank,
                rank_to,
                start_number: *sn,
                name: player.map(|p| p.name.clone()).unwrap_or_default(),
                points: context.totals[sn],
                tiebreaks: scores.remove(sn).unwrap_or_default(),
                decided_by_lot: by_lot,
            });
        }
        place += size;
    }
    Ok(Standings {
        tiebreaks: options.tiebreaks.clone(),
        edition: options.edition,
        rounds,
        rows,
        entries: context.entries.clone(),
    })
}

/// Splits a sorted list into runs of equal keys.
pub(crate) fn split_equal<K: PartialEq>(
    sorted: &[StartNumber],
    key: impl Fn(&StartNumber) -> K,
) -> Vec<Vec<StartNumber>> {
    let mut groups: Vec<Vec<StartNumber>> = Vec::new();
    for sn in sorted {
        match groups.last_mut() {
            Some(last) if key(&last[0]) == key(sn) => last.push(*sn),
            _ => groups.push(vec![*sn]),
        }
    }
    groups
}

/// What direct encounter (C.07 Art. 6) compares between players: the points
/// each scored against the others of the tied group (several games against
/// the same opponent are averaged). Swiss events count only games played
/// over the board; round robins count forfeits too. A missing encounter
/// could still give a win. The separation itself is
/// [`direct_encounter::direct_encounter`], shared with teams.
struct PlayerEncounters<'c, 'a>(&'c Context<'a>);

impl Encounters for PlayerEncounters<'_, '_> {
    fn met(&self, sn: StartNumber, group: &[StartNumber]) -> Met {
        let context = self.0;
        // Opponents in the group → (sum of points, games).
        let mut per_opponent: BTreeMap<StartNumber, (i64, i64)> = BTreeMap::new();
        let mut contributions = Vec::new();
        for entry in context.entries.get(&sn).map_or(&[][..], Vec::as_slice) {
            let Some(opponent) = entry.kind.opponent() else {
                continue;
            };
            if !group.contains(&opponent) {
                continue;
            }
            let counted = entry.kind.is_played() || context.round_robin;
            if let (
                true,
                RoundKind::Game {
                    outcome: crate::model::Outcome::NotPlayed,
                    ..
                },
            ) = (counted, entry.kind)
            {
                continue;
            }
            if !counted {
                continue;
            }
            let slot = per_opponent.entry(opponent).or_insert((0, 0));
            slot.0 += i64::from(entry.points.tenths());
            slot.1 += 1;
            let value = Value::tenths(i64::from(entry.points.tenths()));
            contributions.push(Contribution {
                round: entry.round,
                opponent: Some(opponent),
                value,
                significance: value,
                substitute: false,
                vur: entry.kind.is_vur(),
                cut: false,
            });
        }
        Met {
            value: per_opponent
                .values()
                .map(|&(sum, games)| Value::new(sum, 10 * games.max(1)))
                .sum(),
            opponents: per_opponent.len(),
            contributions,
        }
    }

    fn win(&self) -> Value {
        Value::tenths(i64::from(
            self.0.tournament.scoring.win(Colour::White).tenths(),
        ))
    }
}

/// One cell of the crosstable: how a participant took part in a round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CrosstableCell {
    pub round: u32,
    pub kind: RoundKind,
    pub points: Points,
    pub running: Points,
}

/// How a crosstable writes its cells: the letters of the two sides, and
/// whether a played game shows its result or the points it earned.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CellStyle {
    /// The letter of the side that moves first (`w` White, `r` Red).
    pub first: char,
    /// The letter of the other side (`b` Black).
    pub second: char,
    /// `true`: a game shows the points it earned under the event's scoring
    /// (`2`, `1`, `0` in an event scored 2-1-0); `false`: its result (`1`,
    /// `½`, `0`), whatever the scoring.
    pub game_points: bool,
}

impl CellStyle {
    /// Chess: `w` and `b`, each game as its result (1, ½, 0), as FIDE's
    /// crosstables write it whatever the event's scoring.
    pub const CHESS: CellStyle = CellStyle {
        first: 'w',
        second: 'b',
        game_points: false,
    };
    /// Xiangqi: `r` (Red) and `b` (Black), each game as the points it
    /// earned, as Chinese tables write it (2, 1, 0 in an event scored 2-1-0).
    pub const XIANGQI: CellStyle = CellStyle {
        first: 'r',
        second: 'b',
        game_points: true,
    };
}

impl CrosstableCell {
    /// A compact notation: `12w1` (opponent 12, White, won), `5b½`, `7b+`
    /// (forfeit win), `7w-` (forfeit loss), `PAB`, `H` (half-point bye), `Z`,
    /// `F` (full-point bye), `-` (absent).
    pub fn notation(&self) -> String {
        self.notation_in(CellStyle::CHESS)
    }

    /// The notation in `style`: `12r2` (opponent 12, Red, won in an event
    /// scored 2-1-0), `5b1`.
    pub fn notation_in(&self, style: CellStyle) -> String {
        let colour = |c: Colour| {
            if c == Colour::White {
                style.first
            } else {
                style.second
            }
        };
        match self.kind {
            RoundKind::Game {
                opponent,
                colour: c,
                ..
            }
            | RoundKind::ForfeitWin {
                opponent,
                colour: c,
            }
            | RoundKind::ForfeitLoss {
                opponent,
                colour: c,
            } => format!("{opponent}{}{}", colour(c), self.result_in(style)),
            RoundKind::Bye(_) => self.result_in(style),
        }
    }

    /// The result alone: `1`, `½`, `0` (or the game's points in a style
    /// that shows them), `+` / `-` for a forfeit, `*` while unplayed, a
    /// bye's letters (`PAB`, `F`, `H`, `Z`, `-` absent).
    pub fn result_in(&self, style: CellStyle) -> String {
        use crate::model::{ByeKind, Outcome};
        match self.kind {
            RoundKind::Game { outcome, .. } => match outcome {
                Outcome::Win | Outcome::Draw | Outcome::Loss if style.game_points => {
                    self.points.written()
                }
                Outcome::Win => "1".into(),
                Outcome::Draw => "½".into(),
                Outcome::Loss => "0".into(),
                Outcome::ForfeitWin => "+".into(),
                Outcome::ForfeitLoss => "-".into(),
                Outcome::NotPlayed => "*".into(),
            },
            RoundKind::ForfeitWin { .. } => "+".into(),
            RoundKind::ForfeitLoss { .. } => "-".into(),
            RoundKind::Bye(kind) => match kind {
                ByeKind::PairingAllocated => "PAB".into(),
                ByeKind::FullPoint => "F".into(),
                ByeKind::HalfPoint => "H".into(),
                ByeKind::ZeroPoint => "Z".into(),
                ByeKind::Absent => "-".into(),
            },
        }
    }
}

/// One crosstable line, in rank order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CrosstableRow {
    pub place: String,
    pub start_number: StartNumber,
    pub name: String,
    pub cells: Vec<CrosstableCell>,
    pub points: Points,
}

/// The crosstable of computed standings: per participant and round the
/// opponent, colour, result, points and running score.
pub fn crosstable(standings: &Standings) -> Vec<CrosstableRow> {
    standings
        .rows
        .iter()
        .map(|row| CrosstableRow {
            place: row.place_label(),
            start_number: row.start_number,
            name: row.name.clone(),
            cells: standings
                .rounds_of(row.start_number)
                .iter()
                .map(|e| CrosstableCell {
                    round: e.round,
                    kind: e.kind,
                    points: e.points,
                    running: e.running,
                })
                .collect(),
            points: row.points,
        })
        .collect()
}

/// A plain-text explanation of one participant's standing: each round, then
/// each tie-break with its contributions (cut ones in brackets, substitutes
/// for missing opponents marked `dummy`).
pub fn explain(standings: &Standings, start_number: StartNumber) -> Option<String> {
    use std::fmt::Write as _;
    let row = standings.row(start_number)?;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} {} — place {}, {} points",
        row.start_number,
        row.name,
        row.place_label(),
        row.points
    );
    for entry in standings.rounds_of(start_number) {
        let cell = CrosstableCell {
            round: entry.round,
            kind: entry.kind,
            points: entry.points,
            running: entry.running,
        };
        let vur = if entry.kind.is_vur() { " (VUR)" } else { "" };
        let _ = writeln!(
            out,
            "  round {}: {}{} → {} (running {})",
            entry.round,
            cell.notation(),
            vur,
            entry.points,
            entry.running
        );
    }
    for (tiebreak, score) in standings.tiebreaks.iter().zip(&row.tiebreaks) {
        let value = score
            .value
            .map_or_else(|| "—".to_string(), |v| v.to_string());
        let parts: Vec<String> = score
            .contributions
            .iter()
            .map(|c| {
                let who = match (c.opponent, c.substitute) {
                    (_, true) => "dummy".to_string(),
                    (Some(o), false) => format!("vs {o}"),
                    (None, false) => "-".to_string(),
                };
                let text = format!("r{} {} {}", c.round, who, c.value);
                if c.cut { format!("[{text}]") } else { text }
            })
            .collect();
        let _ = writeln!(
            out,
            "  {}: {} = {}",
            tiebreak.label,
            value,
            parts.join(", ")
        );
    }
    Some(out)
}
