//! Team standings: by match points (the FIDE default) or by game points
//! (`china-national`), then by the C.07 team tie-breaks, each value with its
//! contributions round by round ([`TiebreakScore`], the same explanation as
//! for individual tie-breaks), shared places for teams equal on everything.

mod compute;
pub mod spec;

use std::collections::BTreeMap;
use std::fmt;

pub use compute::{TeamRoundEntry, TeamRoundKind};
pub use spec::{
    BoardTiebreak, TeamTiebreak, TeamTiebreakKind, TeamTiebreakSpecError, parse_team_tiebreak,
    parse_team_tiebreaks, team_preset,
};

use super::score::{MatchResult, PrimaryScore};
use super::{TeamByeKind, TeamError, TeamEvent, TeamNumber};
use crate::model::Points;
use crate::standings::direct_encounter::{Encounters, Met, direct_encounter};
use crate::standings::{Contribution, TiebreakScore, Value, split_equal};
use compute::TeamContext;

/// What to compute.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct TeamStandingsOptions {
    pub tiebreaks: Vec<TeamTiebreak>,
    /// Standings after this many rounds (`None`: every recorded round).
    pub after_round: Option<u32>,
}

/// Why team standings could not be computed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TeamStandingsError {
    Team(TeamError),
    NoSuchRound { round: u32, recorded: u32 },
}

impl fmt::Display for TeamStandingsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TeamStandingsError::Team(e) => write!(f, "{e}"),
            TeamStandingsError::NoSuchRound { round, recorded } => write!(
                f,
                "standings after round {round} asked, but only {recorded} rounds are recorded"
            ),
        }
    }
}

impl std::error::Error for TeamStandingsError {}

/// One line of the team standings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamStandingRow {
    pub rank: u32,
    pub rank_to: u32,
    pub team: TeamNumber,
    pub name: String,
    pub match_points: Points,
    pub game_points: Points,
    /// One score per tie-break, in the order of [`TeamStandings::tiebreaks`].
    pub tiebreaks: Vec<TiebreakScore>,
}

impl TeamStandingRow {
    /// `"3"` or, for a shared place, `"3-4"`.
    pub fn place_label(&self) -> String {
        if self.rank == self.rank_to {
            self.rank.to_string()
        } else {
            format!("{}-{}", self.rank, self.rank_to)
        }
    }

    /// The primary score.
    pub const fn primary(&self, primary: PrimaryScore) -> Points {
        match primary {
            PrimaryScore::MatchPoints => self.match_points,
            PrimaryScore::GamePoints => self.game_points,
        }
    }
}

/// The ranked teams.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamStandings {
    pub primary: PrimaryScore,
    pub tiebreaks: Vec<TeamTiebreak>,
    pub rounds: u32,
    pub rows: Vec<TeamStandingRow>,
    /// Per team, its rounds as the tie-breaks saw them.
    pub entries: BTreeMap<TeamNumber, Vec<TeamRoundEntry>>,
    /// Per round, the scored matches.
    pub results: Vec<Vec<MatchResult>>,
}

impl TeamStandings {
    /// The row of a team.
    pub fn row(&self, team: TeamNumber) -> Option<&TeamStandingRow> {
        self.rows.iter().find(|r| r.team == team)
    }
}

/// Ranks the teams (C.07 Art. 2 and 4): by the primary score of the event's
/// scoring (match or game points), then each tie-break in turn among those
/// still tied; teams equal on everything share the place.
pub fn compute_team_standings(
    event: &TeamEvent,
    options: &TeamStandingsOptions,
) -> Result<TeamStandings, TeamStandingsError> {
    event.validate().map_err(TeamStandingsError::Team)?;
    let recorded = event.rounds_paired();
    let rounds = match options.after_round {
        Some(round) if round > recorded => {
            return Err(TeamStandingsError::NoSuchRound { round, recorded });
        }
        Some(round) => round,
        None => recorded,
    };
    let primary = event.scoring.primary;
    let context = TeamContext::new(event, rounds);
    let teams: Vec<TeamNumber> = event.teams.iter().map(|t| t.number).collect();
    let mut scores: BTreeMap<TeamNumber, Vec<TiebreakScore>> = teams
        .iter()
        .map(|&t| {
            let list = options
                .tiebreaks
                .iter()
                .map(|tb| context.score(tb, t))
                .collect();
            (t, list)
        })
        .collect();
    let total = |t: &TeamNumber| context.total(*t, primary);
    let mut sorted = teams.clone();
    sorted.sort_by(|a, b| total(b).cmp(&total(a)).then(a.cmp(b)));
    let mut groups = split_equal(&sorted, total);
    for (index, tiebreak) in options.tiebreaks.iter().enumerate() {
        let mut next = Vec::new();
        for group in groups {
            if group.len() < 2 {
                next.push(group);
            } else if matches!(
                tiebreak.kind,
                TeamTiebreakKind::TopBoardResult | TeamTiebreakKind::BoardByBoardElimination
            ) {
                // Compared key by key: lexicographic order of the keys.
                let key = |t: &TeamNumber| context.board_keys(tiebreak, *t);
                let mut sorted = group.clone();
                sorted.sort_by(|a, b| key(b).cmp(&key(a)).then(a.cmp(b)));
                next.extend(split_equal(&sorted, key));
            } else if tiebreak.kind == TeamTiebreakKind::DirectEncounter {
                let encounters = TeamEncounters {
                    context: &context,
                    points: tiebreak.points_or(primary),
                    predetermined: tiebreak.predetermined,
                };
                next.extend(direct_encounter(&encounters, &group, &mut scores, index));
            } else if let TeamTiebreakKind::ExtendedDirectEncounter { board_count, then } =
                tiebreak.kind
            {
                let ede = Extended {
                    context: &context,
                    predetermined: tiebreak.predetermined,
                    board_count,
                    then,
                };
                next.extend(ede.separate(&group, &mut scores, index));
            } else {
                let key = |t: &TeamNumber| ranking_key(tiebreak, scores[t][index].value);
                let mut sorted = group.clone();
                sorted.sort_by(|a, b| key(b).cmp(&key(a)).then(a.cmp(b)));
                next.extend(split_equal(&sorted, key));
            }
        }
        groups = next;
    }
    let mut rows = Vec::with_capacity(teams.len());
    let mut place = 1u32;
    for group in groups {
        let size = u32::try_from(group.len()).unwrap_or(u32::MAX);
        for team in group {
            rows.push(TeamStandingRow {
                rank: place,
                rank_to: place + size - 1,
                team,
                name: event.team(team).map(|t| t.name.clone()).unwrap_or_default(),
                match_points: context.total(team, PrimaryScore::MatchPoints),
                game_points: context.total(team, PrimaryScore::GamePoints),
                tiebreaks: scores.remove(&team).unwrap_or_default(),
            });
        }
        place += size;
    }
    Ok(TeamStandings {
        primary,
        tiebreaks: options.tiebreaks.clone(),
        rounds,
        rows,
        entries: context.entries.clone(),
        results: context.results.clone(),
    })
}

/// The order of a value: higher ranks first, except for the board count,
/// where the lower value ranks first. An undefined value ranks last.
fn ranking_key(tiebreak: &TeamTiebreak, value: Option<Value>) -> (bool, Value) {
    match (tiebreak.kind, value) {
        (_, None) => (false, Value::ZERO),
        (TeamTiebreakKind::BoardCount, Some(v)) => (true, Value::ZERO.plus(v.scale(-1, 1))),
        (_, Some(v)) => (true, v),
    }
}

/// Extended direct encounter for teams (C.07 2026 Art. 13.3; see
/// [`TeamTiebreakKind::ExtendedDirectEncounter`]).
struct Extended<'c, 'a> {
    context: &'c TeamContext<'a>,
    predetermined: bool,
    board_count: bool,
    then: Option<BoardTiebreak>,
}

impl Extended<'_, '_> {
    /// Separates one tied group, best first: direct encounter in the primary
    /// score, then in the secondary; two teams still tied by the board
    /// tie-breaks over their match(es). A subset a step separates starts
    /// again from the first step (13.3.3). Each team's value is the direct
    /// encounter of the last step that applied to it.
    fn separate(
        &self,
        group: &[TeamNumber],
        scores: &mut BTreeMap<TeamNumber, Vec<TiebreakScore>>,
        index: usize,
    ) -> Vec<Vec<TeamNumber>> {
        let primary = self.context.event.scoring.primary;
        for points in [primary, primary.other()] {
            let encounters = TeamEncounters {
                context: self.context,
                points,
                predetermined: self.predetermined,
            };
            let mut tried = scores.clone();
            let parts = direct_encounter(&encounters, group, &mut tried, index);
            if points == primary || parts.len() > 1 {
                *scores = tried;
            }
            if parts.len() > 1 {
                return parts
                    .into_iter()
                    .flat_map(|part| {
                        if part.len() > 1 {
                            self.separate(&part, scores, index)
                        } else {
                            vec![part]
                        }
                    })
                    .collect();
            }
        }
        if let [a, b] = *group {
            let (ka, kb) = (self.board_keys(a, b), self.board_keys(b, a));
            if ka != kb {
                return if ka > kb {
                    vec![vec![a], vec![b]]
                } else {
                    vec![vec![b], vec![a]]
                };
            }
        }
        vec![group.to_vec()]
    }

    /// What the board tie-breaks compare for `team` over its match(es)
    /// with `other`, greater first: the negated board count (lower ranks
    /// first, Art. 12.1), then the top-board results (12.2) or the
    /// board-by-board elimination sums (12.3), in tenths.
    fn board_keys(&self, team: TeamNumber, other: TeamNumber) -> Vec<i64> {
        let boards = self.context.event.boards as usize;
        let mut totals = vec![0i64; boards];
        for e in self
            .context
            .matches_between(team, other, self.predetermined)
        {
            for (slot, p) in totals.iter_mut().zip(&e.boards) {
                *slot += i64::from(p.tenths());
            }
        }
        let mut keys = Vec::new();
        if self.board_count {
            keys.push(-(1i64..).zip(&totals).map(|(n, p)| n * p).sum::<i64>());
        }
        match self.then {
            Some(BoardTiebreak::TopBoardResult) => keys.extend(&totals),
            Some(BoardTiebreak::Elimination) => {
                keys.extend(
                    (0..boards)
                        .rev()
                        .map(|kept| totals[..kept].iter().sum::<i64>()),
                );
            }
            None => {}
        }
        keys
    }
}

/// What direct encounter (C.07 Art. 6) compares between teams, in `points`
/// (match or game points): each team's points against the others of the
/// tied group (repeated encounters averaged); a missing encounter could
/// still give a won match (or every board won). The separation itself is
/// `crate::standings::direct_encounter`, shared with players.
struct TeamEncounters<'c, 'a> {
    context: &'c TeamContext<'a>,
    points: PrimaryScore,
    /// `/P`: forfeited matches count as encounters.
    predetermined: bool,
}

impl Encounters for TeamEncounters<'_, '_> {
    fn met(&self, team: TeamNumber, group: &[TeamNumber]) -> Met {
        let mut contributions = Vec::new();
        let mut value = Value::ZERO;
        let mut opponents = 0;
        for &other in group.iter().filter(|&&o| o != team) {
            let list = self
                .context
                .encounters(team, other, self.points, self.predetermined);
            if list.is_empty() {
                continue;
            }
            opponents += 1;
            let n = list.len() as i64;
            for &(round, p) in &list {
                let v = Value::new(i64::from(p.tenths()), 10 * n);
                value = value + v;
                contributions.push(Contribution {
                    round,
                    opponent: Some(other),
                    value: v,
                    significance: v,
                    substitute: false,
                    vur: false,
                    cut: false,
                });
            }
        }
        Met {
            value,
            opponents,
            contributions,
        }
    }

    fn win(&self) -> Value {
        let event = self.context.event;
        match self.points {
            PrimaryScore::MatchPoints => Value::tenths(i64::from(event.scoring.win.tenths())),
            PrimaryScore::GamePoints => Value::tenths(
                i64::from(event.scoring.games.win_white.tenths()) * i64::from(event.boards),
            ),
        }
    }
}

/// A plain-text explanation of a team's standing: each round (opponent,
/// match and game points), then each tie-break with its contributions (cut
/// ones in brackets, dummy opponents marked), as [`crate::standings::explain`]
/// does for players.
pub fn explain_team(standings: &TeamStandings, team: TeamNumber) -> Option<String> {
    use std::fmt::Write as _;
    let row = standings.row(team)?;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} {} — place {}, {} match points, {} game points",
        row.team,
        row.name,
        row.place_label(),
        row.match_points,
        row.game_points
    );
    for e in standings.entries.get(&team).map_or(&[][..], Vec::as_slice) {
        let what = match e.kind {
            TeamRoundKind::Match {
                opponent, played, ..
            } => {
                let forfeit = if played { "" } else { " (forfeited)" };
                format!("vs {opponent}{forfeit}")
            }
            TeamRoundKind::Bye(kind) => match kind {
                TeamByeKind::PairingAllocated => "pairing-allocated bye".to_string(),
                TeamByeKind::FullPoint => "full-point bye".to_string(),
                TeamByeKind::HalfPoint => "half-point bye".to_string(),
                TeamByeKind::ZeroPoint => "zero-point bye".to_string(),
            },
            TeamRoundKind::Absent => "absent".to_string(),
        };
        let boards: Vec<String> = e.boards.iter().map(ToString::to_string).collect();
        let vur = if e.vur { " (VUR)" } else { "" };
        let _ = writeln!(
            out,
            "  round {}: {what}{vur} → {} MP, {} GP [{}]",
            e.round,
            e.match_points,
            e.game_points,
            boards.join(" ")
        );
    }
    for (tiebreak, score) in standings.tiebreaks.iter().zip(&row.tiebreaks) {
        let value = score
            .value
            .map_or_else(|| "—".to_string(), |v| v.to_string());
        let board_count = matches!(
            tiebreak.kind,
            TeamTiebreakKind::BoardCount | TeamTiebreakKind::TopBoardResult
        );
        let parts: Vec<String> = score
            .contributions
            .iter()
            .map(|c| {
                let text = if board_count {
                    format!("board {} {}", c.round, c.value)
                } else if tiebreak.kind == TeamTiebreakKind::BoardByBoardElimination {
                    format!("boards 1-{} {}", c.round, c.value)
                } else {
                    let who = match (c.opponent, c.substitute) {
                        (_, true) => "dummy".to_string(),
                        (Some(o), false) => format!("vs {o}"),
                        (None, false) => "-".to_string(),
                    };
                    format!("r{} {} {}", c.round, who, c.value)
                };
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
