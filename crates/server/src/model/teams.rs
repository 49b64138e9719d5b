//! A team event's settings: boards per match, match points, what ranks
//! the teams first, the board colour sequence.

use serde::{Deserialize, Serialize};
use tournament::team::PrimaryScore;
use utoipa::ToSchema;

use crate::error::ApiError;
use crate::model::settings::{PointsValue, ScoringSpec};

/// Match points for a won, drawn and lost match (2/1/0 by default).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct MatchPointsSpec {
    pub win: PointsValue,
    pub draw: PointsValue,
    pub loss: PointsValue,
}

/// What a team's pairing-allocated bye scores (TRF-2026 `320`).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct TeamByeSpec {
    pub match_points: PointsValue,
    pub game_points: PointsValue,
}

/// A team event's settings (`tournaments.teams`, migration `0011_teams.sql`).
/// In a request, `ranking` defaults to the profile's (`game_points` under
/// `china-national`, whose team events "are ranked by game points only",
/// else `match_points`) and `match_points` to 2/1/0.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct TeamSettings {
    /// Boards per match, 1–20.
    pub boards: u32,
    /// `match_points` or `game_points`: what ranks the teams first.
    #[serde(default)]
    pub ranking: Option<Ranking>,
    #[serde(default)]
    pub match_points: Option<MatchPointsSpec>,
    /// The first-named team's colour board by board (TRF-2026 `352`), e.g.
    /// `WBBW`; without it White on odd boards, Black on even ones. A
    /// sequence shorter than the boards keeps alternating from its last.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub colours: Option<String>,
    /// What the pairing-allocated bye scores, the same for every one
    /// (C.04.6 1.4): by default a drawn match, its match points and the
    /// game points of every board drawn, "unless the regulations of the
    /// team competition state otherwise".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pairing_allocated_bye: Option<TeamByeSpec>,
    /// The team tie-breaks in order, as C.07 names them (`MPVGP`, `EMGSB/C1`,
    /// `BH:MP/C1`, `DE`, …; TRF-2026 `202` of a team file): the
    /// organiser's choice (C.07 Art. 4.1). Without it, the profile's preset
    /// (`fide-team`, or `china-national`'s).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tiebreaks: Option<Vec<String>>,
}

/// What ranks the teams first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Ranking {
    MatchPoints,
    GamePoints,
}

impl TeamSettings {
    /// The settings checked, with the profile's defaults filled in, for an
    /// event whose games score `games` (a PAB's game points are at most
    /// every board won; without one, the PAB is the default drawn match).
    pub fn normalised(self, profile: &str, games: &ScoringSpec) -> Result<TeamSettings, ApiError> {
        if !(1..=MAX_BOARDS).contains(&self.boards) {
            return Err(ApiError::invalid_field(
                "teams.boards",
                format!("must be between 1 and {MAX_BOARDS}"),
            ));
        }
        let points = self.match_points.unwrap_or(MatchPointsSpec {
            win: PointsValue(2.0),
            draw: PointsValue(1.0),
            loss: PointsValue(0.0),
        });
        let win = points.win.tenths("teams.match_points.win")?;
        let draw = points.draw.tenths("teams.match_points.draw")?;
        let loss = points.loss.tenths("teams.match_points.loss")?;
        if !(win >= draw && draw >= loss && win > loss) {
            return Err(ApiError::invalid_field(
                "teams.match_points",
                "a won match must score more than a lost one, a drawn one in between",
            ));
        }
        let ranking = self.ranking.unwrap_or(if profile == "china-national" {
            Ranking::GamePoints
        } else {
            Ranking::MatchPoints
        });
        let colours = match self.colours.as_deref().map(str::trim) {
            None | Some("") => None,
            Some(text) => {
                let sequence = tournament::team::parse_colours(text).map_err(|letter| {
                    ApiError::invalid_field(
                        "teams.colours",
                        format!("{letter:?} is not a colour: one W or B a board, e.g. WBWB"),
                    )
                })?;
                if sequence.len() > self.boards as usize {
                    return Err(ApiError::invalid_field(
                        "teams.colours",
                        format!(
                            "{} colours for {} boards: at most one a board",
                            sequence.len(),
                            self.boards
                        ),
                    ));
                }
                Some(tournament::team::colours_text(&sequence))
            }
        };
        if let Some(bye) = self.pairing_allocated_bye {
            let bye_match = bye
                .match_points
                .tenths("teams.pairing_allocated_bye.match_points")?;
            if !(loss..=win).contains(&bye_match) {
                return Err(ApiError::invalid_field(
                    "teams.pairing_allocated_bye.match_points",
                    "between a lost match's match points and a won one's",
                ));
            }
            let bye_games = bye
                .game_points
                .tenths("teams.pairing_allocated_bye.game_points")?;
            let all_won = games.win.tenths("scoring.win")? * self.boards;
            if bye_games > all_won {
                return Err(ApiError::invalid_field(
                    "teams.pairing_allocated_bye.game_points",
                    format!("at most {} (every board won)", f64::from(all_won) / 10.0),
                ));
            }
        }
        Ok(TeamSettings {
            boards: self.boards,
            ranking: Some(ranking),
            match_points: Some(points),
            colours,
            pairing_allocated_bye: self.pairing_allocated_bye,
            tiebreaks: self.tiebreaks.map(check_tiebreaks).transpose()?,
        })
    }

    /// What ranks the teams first, in the `tournament` crate's terms.
    pub fn primary(&self) -> PrimaryScore {
        match self.ranking {
            Some(Ranking::GamePoints) => PrimaryScore::GamePoints,
            _ => PrimaryScore::MatchPoints,
        }
    }
}

/// A list of team tie-breaks, each read as C.07 names it: 400
/// `invalid_field` at `teams.tiebreaks[i]` naming what is wrong.
fn check_tiebreaks(list: Vec<String>) -> Result<Vec<String>, ApiError> {
    if list.len() > MAX_TIEBREAKS {
        return Err(ApiError::invalid_field(
            "teams.tiebreaks",
            format!("at most {MAX_TIEBREAKS} tie-breaks"),
        ));
    }
    list.into_iter()
        .enumerate()
        .map(|(i, code)| {
            let code = code.trim().to_owned();
            tournament::team::parse_team_tiebreak(&code)
                .map(|_| code)
                .map_err(|e| {
                    ApiError::invalid_field(&format!("teams.tiebreaks[{i}]"), e.to_string())
                })
        })
        .collect()
}

/// Most team tie-breaks an event lists.
const MAX_TIEBREAKS: usize = 10;

/// Most boards a match may have.
pub(crate) const MAX_BOARDS: u32 = 20;
