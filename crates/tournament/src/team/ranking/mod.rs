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
    TeamTiebreak, TeamTiebreakKind, TeamTiebreakSpecError, parse_team_tiebreak,
    parse_team_tiebreaks, team_preset,
};

use super::score::{MatchResult, PrimaryScore};
use super::{TeamError, TeamEvent, TeamNumber};
use crate::model::Points;
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
                let points = tiebreak.points_or(primary);
                next.extend(direct_encounter(
                    &context,
                    &group,
                    points,
                    &mut scores,
                    index,
                ));
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

/// Direct encounter (C.07 Art. 6) inside one tied group, in `points`: each
/// team's points against the others (repeated encounters averaged). When
/// all met, order by those points and apply the rule again to any still
/// tied subgroup; otherwise (Swiss) separate a leader only while his points
/// exceed what any other could reach by winning the missing encounters.
fn direct_encounter(
    context: &TeamContext<'_>,
    group: &[TeamNumber],
    points: PrimaryScore,
    scores: &mut BTreeMap<TeamNumber, Vec<TiebreakScore>>,
    index: usize,
) -> Vec<Vec<TeamNumber>> {
    let mut met: BTreeMap<TeamNumber, usize> = BTreeMap::new();
    let mut values: BTreeMap<TeamNumber, Value> = BTreeMap::new();
    for &team in group {
        let mut contributions = Vec::new();
        let mut value = Value::ZERO;
        let mut count = 0;
        for &other in group.iter().filter(|&&o| o != team) {
            let list = context.encounters(team, other, points);
            if list.is_empty() {
                continue;
            }
            count += 1;
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
        met.insert(team, count);
        values.insert(team, value);
        if let Some(score) = scores.get_mut(&team).and_then(|s| s.get_mut(index)) {
            score.value = Some(value);
            score.contributions = contributions;
        }
    }
    let all_met = group.iter().all(|t| met[t] + 1 == group.len());
    let mut sorted = group.to_vec();
    sorted.sort_by(|a, b| values[b].cmp(&values[a]).then(a.cmp(b)));
    if all_met {
        let parts = split_equal(&sorted, |t| values[t]);
        if parts.len() == 1 {
            return parts;
        }
        let mut result = Vec::new();
        for part in parts {
            if part.len() > 1 {
                let mut inner = scores.clone();
                let again = direct_encounter(context, &part, points, &mut inner, index);
                if again.len() > 1 {
                    for t in &part {
                        if let Some(s) = inner.remove(t) {
                            scores.insert(*t, s);
                        }
                    }
                }
                result.extend(again);
            } else {
                result.push(part);
            }
        }
        return result;
    }
    let event = context.event;
    let win = match points {
        PrimaryScore::MatchPoints => Value::tenths(i64::from(event.scoring.win.tenths())),
        PrimaryScore::GamePoints => Value::tenths(
            i64::from(event.scoring.games.win_white.tenths()) * i64::from(event.boards),
        ),
    };
    let maximum = |t: &TeamNumber| values[t] + win.scale((group.len() - 1 - met[t]) as i64, 1);
    let mut result = Vec::new();
    let mut rest = sorted;
    while rest.len() > 1 {
        let best_other = rest[1..].iter().map(&maximum).max().unwrap_or(Value::ZERO);
        if values[&rest[0]] > best_other {
            result.push(vec![rest.remove(0)]);
        } else {
            break;
        }
    }
    rest.sort_unstable();
    result.push(rest);
    result
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
            TeamRoundKind::Bye(kind) => format!("bye {kind:?}"),
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
