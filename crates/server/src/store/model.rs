//! A whole tournament read in one go ([`load_all`] → [`Loaded`]) and its
//! conversion to `tournament::model` ([`to_model`]): the one place where
//! stored domain values (system, bye kind, result, scoring, player data,
//! dates) become model values (a bye's spelling is `model::byes`').
//! A stored value the model does not know is an [`Error::Unknown`], never
//! silently something else.

use std::collections::BTreeMap;

use sqlx::AnyConnection;
use tournament::model::{self, ByeKind, GameResult, Player, Points, StartNumber, Tournament};

use super::Error;
use super::players::{self, PlayerRow};
use super::rounds::{self, BoardRow, ByeRow};
use super::tournaments::{self, TournamentRow};
use crate::model::settings::PointsValue;

/// Everything stored about a tournament.
#[derive(Debug, Clone)]
pub struct Loaded {
    pub tournament: TournamentRow,
    pub players: Vec<PlayerRow>,
    pub rounds: i64,
    /// Scheduled start of each paired round (RFC 3339), if set.
    pub starts: BTreeMap<i64, Option<String>>,
    pub boards: Vec<BoardRow>,
    pub byes: Vec<ByeRow>,
}

impl Loaded {
    pub fn player(&self, id: &str) -> Option<&PlayerRow> {
        self.players.iter().find(|p| p.id == id)
    }

    pub fn start_number(&self, id: &str) -> StartNumber {
        self.player(id)
            .and_then(|p| u32::try_from(p.start_number).ok())
            .unwrap_or(0)
    }
}

/// Everything stored about tournament `id`, if there is one.
pub async fn load_all(conn: &mut AnyConnection, id: &str) -> Result<Option<Loaded>, Error> {
    let Some(tournament) = tournaments::load(&mut *conn, id).await? else {
        return Ok(None);
    };
    let players = players::list(&mut *conn, id).await?;
    let starts = rounds::starts(&mut *conn, id).await?;
    let rounds = starts.keys().next_back().copied();
    let mut boards = rounds::boards(&mut *conn, id).await?;
    let mut annulled = super::replays::annulled_by_board(&mut *conn, id).await?;
    for board in &mut boards {
        if let Some(ids) = annulled.remove(&(board.round, board.board)) {
            board.annulled_game_ids = ids;
        }
    }
    let byes = rounds::byes(&mut *conn, id).await?;
    Ok(Some(Loaded {
        tournament,
        players,
        rounds: rounds.unwrap_or(0),
        starts,
        boards,
        byes,
    }))
}

/// The stored result of an adjourned game (TRF-2026 `?`): a draw for
/// pairing and provisional standings until its result is entered.
pub const ADJOURNED: &str = GameResult::Adjourned.notation();

/// A board result as entered or stored (the model's notation, also the
/// spellings `tournament::model::GameResult::parse` reads).
pub fn parse_result(text: &str) -> Option<GameResult> {
    GameResult::parse(text)
}

/// A stored bye kind (`model::byes::bye_kind`); an unknown one is an
/// error.
pub fn bye_kind(text: &str) -> Result<ByeKind, Error> {
    crate::model::byes::bye_kind(text).ok_or_else(|| Error::unknown("bye kind", text))
}

pub fn tenths(points: PointsValue) -> Points {
    Points(points.tenths("scoring").unwrap_or(0))
}

pub fn model_player(row: &PlayerRow) -> Result<Player, Error> {
    let d = &row.details;
    let mut requested_byes = BTreeMap::new();
    for (round, kind) in &row.requested_byes {
        let round =
            u32::try_from(*round).map_err(|_| Error::unknown("round", &round.to_string()))?;
        requested_byes.insert(round, bye_kind(kind)?);
    }
    Ok(Player {
        start_number: u32::try_from(row.start_number).unwrap_or(0),
        name: row.name.clone(),
        sex: d.sex.as_deref().map(|s| {
            if s == "w" {
                model::Sex::Female
            } else {
                model::Sex::Male
            }
        }),
        title: d.title.as_deref().and_then(model::Title::parse),
        fide_id: d.fide_id,
        federation: d.federation.clone(),
        birth_date: d
            .birth_date
            .as_deref()
            .and_then(crate::model::players::parse_date),
        fide_rating: d.rating,
        national_rating: d.national_rating,
        club: d.club.clone(),
        grade_points: d.grade_points,
        reported_points: None,
        reported_rank: None,
        withdrawn_from: row.withdrawn_from.and_then(|k| u32::try_from(k).ok()),
        joins_at: row.joins_at.and_then(|k| u32::try_from(k).ok()),
        requested_byes,
    })
}

pub fn system(text: &str) -> Result<model::System, Error> {
    crate::model::settings::model_system(text).ok_or_else(|| Error::unknown("system", text))
}

/// The model the rating report reads: `model` (of `loaded`) with the
/// corrections kept for the rating report only in place of the results the
/// rounds were paired on (VCL4THP.13 Q192).
pub fn rated_model(loaded: &Loaded, model: &Tournament) -> Result<Tournament, Error> {
    let mut rated = model.clone();
    for b in &loaded.boards {
        let Some(text) = b.rating_result.as_deref() else {
            continue;
        };
        let result = parse_result(text).ok_or_else(|| Error::unknown("rating result", text))?;
        let (white, black) = (
            loaded.start_number(&b.white_id),
            loaded.start_number(&b.black_id),
        );
        if let Some(board) = usize::try_from(b.round - 1)
            .ok()
            .and_then(|i| rated.rounds.get_mut(i))
            .and_then(|r| {
                r.boards
                    .iter_mut()
                    .find(|m| m.white == white && m.black == black)
            })
        {
            board.result = result;
        }
    }
    Ok(rated)
}

/// The model of a stored tournament.
pub fn to_model(loaded: &Loaded) -> Result<Tournament, Error> {
    let t = &loaded.tournament;
    let mut rounds: Vec<model::Round> =
        vec![model::Round::default(); usize::try_from(loaded.rounds).unwrap_or(0)];
    for b in &loaded.boards {
        if let Some(round) = usize::try_from(b.round - 1)
            .ok()
            .and_then(|i| rounds.get_mut(i))
        {
            let result = match b.result.as_deref() {
                None => GameResult::NotPlayed,
                Some(text) => parse_result(text).ok_or_else(|| Error::unknown("result", text))?,
            };
            round.boards.push(model::Board {
                white: loaded.start_number(&b.white_id),
                black: loaded.start_number(&b.black_id),
                result,
                rated: b.rated,
            });
        }
    }
    for bye in &loaded.byes {
        if let Some(round) = usize::try_from(bye.round - 1)
            .ok()
            .and_then(|i| rounds.get_mut(i))
        {
            round.byes.push(model::Bye {
                player: loaded.start_number(&bye.player_id),
                kind: bye_kind(&bye.kind)?,
            });
        }
    }
    let mut info = model::EventInfo {
        time_control: t.time_control.clone(),
        // The profile survives the event's own TRF round trip (`XXL`).
        regulations: Some(t.regulations.clone()),
        ..model::EventInfo::default()
    };
    t.event.to_model(&mut info);
    Ok(Tournament {
        name: t.name.clone(),
        info,
        system: system(&t.system)?,
        planned_rounds: u32::try_from(t.rounds).unwrap_or(0),
        scoring: t.scoring.to_model(),
        tiebreaks: t.tiebreaks.clone(),
        tiebreak_edition: model::TiebreakEdition::default(),
        rating_floor: None,
        expelled: loaded
            .players
            .iter()
            .filter(|p| p.details.expelled == Some(true))
            .filter_map(|p| u32::try_from(p.start_number).ok())
            .collect(),
        rating_system: model::RatingSystem::default(),
        pairing: t.pairing.to_model(),
        players: loaded
            .players
            .iter()
            .map(model_player)
            .collect::<Result<_, _>>()?,
        rounds,
    })
}

/// A team event's teams and settings as `tournament::team::TeamEvent`
/// (rounds not included): rosters by start number, match points and what
/// ranks the teams first from the stored settings.
pub fn to_team_event(
    settings: &crate::model::teams::TeamSettings,
    teams: &[super::teams::TeamRow],
    games: model::Scoring,
) -> tournament::team::TeamEvent {
    let mut event = tournament::team::TeamEvent::new(settings.boards);
    // Board points are the event's point system (a Xiangqi board won is 2).
    event.scoring = tournament::team::MatchScoring::with_games(settings.boards, games);
    event.scoring.primary = settings.primary();
    if let Some(points) = settings.match_points {
        event.scoring.win = tenths(points.win);
        event.scoring.draw = tenths(points.draw);
        event.scoring.loss = tenths(points.loss);
        // Byes score a drawn or won match in the event's own match points.
        event.scoring.pairing_allocated_bye.match_points = event.scoring.draw;
        event.scoring.full_point_bye.match_points = event.scoring.win;
        event.scoring.half_point_bye.match_points = event.scoring.draw;
    }
    if let Some(bye) = settings.pairing_allocated_bye {
        event.scoring.pairing_allocated_bye = tournament::team::ByeScore {
            match_points: tenths(bye.match_points),
            game_points: tenths(bye.game_points),
        };
    }
    if let Some(colours) = &settings.colours {
        // Checked when the settings were stored (`TeamSettings::normalised`).
        event.colours = tournament::team::parse_colours(colours).unwrap_or_default();
    }
    event.teams = teams
        .iter()
        .filter_map(|t| {
            Some(tournament::team::Team {
                number: u32::try_from(t.number).ok()?,
                name: t.name.clone(),
                short_name: t.short_name.clone(),
                federation: t.federation.clone(),
                roster: t
                    .roster
                    .iter()
                    .filter_map(|&p| u32::try_from(p).ok())
                    .collect(),
            })
        })
        .collect();
    event.withdrawn = teams
        .iter()
        .filter_map(|t| {
            Some((
                u32::try_from(t.number).ok()?,
                u32::try_from(t.withdrawn_from?).ok()?,
            ))
        })
        .collect();
    event
}

#[cfg(test)]
mod tests {
    use super::parse_result;

    /// One notation everywhere: a game's result (regulations) is written on
    /// its board (tournament model) in the same spelling it is shown in.
    #[test]
    fn a_games_result_reads_as_the_same_board_result() {
        use regulations::GameResult as Game;
        use tournament::model::GameResult as Board;
        for (game, board) in [
            (Game::WhiteWins, Board::WhiteWins),
            (Game::BlackWins, Board::BlackWins),
            (Game::Draw, Board::Draw),
            (Game::WhiteWinsByForfeit, Board::WhiteWinsByForfeit),
            (Game::BlackWinsByForfeit, Board::BlackWinsByForfeit),
            (Game::DoubleForfeit, Board::DoubleForfeit),
        ] {
            assert_eq!(game.notation(), board.notation());
            assert_eq!(parse_result(game.notation()), Some(board));
        }
        for (spelling, board) in [
            ("+/-", Board::WhiteWinsByForfeit),
            ("-/+", Board::BlackWinsByForfeit),
            ("-/-", Board::DoubleForfeit),
            ("½-½", Board::Draw),
        ] {
            assert_eq!(parse_result(spelling), Some(board), "{spelling}");
        }
        assert_eq!(parse_result("*"), None);
        assert_eq!(parse_result("2-0"), None);
    }

    /// A stored value this server never writes is a fault, not silently
    /// something else (an absence, a Swiss, no result).
    #[test]
    fn an_unknown_stored_value_is_an_error_not_a_default() {
        use tournament::model::{ByeKind, System};
        assert_eq!(super::bye_kind("half").ok(), Some(ByeKind::HalfPoint));
        assert_eq!(super::bye_kind("absent").ok(), Some(ByeKind::Absent));
        assert!(super::bye_kind("mystery").is_err());
        assert_eq!(super::system("round-robin").ok(), Some(System::RoundRobin));
        assert!(super::system("scheveningen").is_err());
        for kind in [
            ByeKind::PairingAllocated,
            ByeKind::FullPoint,
            ByeKind::HalfPoint,
            ByeKind::ZeroPoint,
            ByeKind::Absent,
        ] {
            assert_eq!(
                super::bye_kind(crate::model::byes::bye_text(kind)).ok(),
                Some(kind)
            );
        }
    }
}
