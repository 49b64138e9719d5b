//! The one adapter between the tournament model and the Dutch engine.
//!
//! Everything that pairs a Swiss round — `arbiter pair --dutch`, the server's
//! `POST …/rounds`, the checker — builds the engine's [`Swiss`] view from a
//! [`Tournament`] here, so a tournament pairs the same way whichever way it
//! arrived (a TRF file read by [`crate::trf`], rows in the server's database).
//! What the view takes from the model:
//!
//! - history: each player's rounds as games (forfeits are not played games,
//!   C.04.1 b), byes and absences; the score from that history under the
//!   tournament's [`Scoring`](crate::model::Scoring);
//! - availability for the round to pair: requested byes, withdrawals and late
//!   entries leave a player out (C.04.2);
//! - the initial order (by start number, or by the TRF rank column with
//!   `XXC rank`), the initial colour (`XXC white1|black1`, TRF-2026 `152`;
//!   read off round 1 when not given), forbidden pairs (`XXP`, `260`) and
//!   acceleration (`XXA`, `250`, or Baku by C.04.5 when `192 …_BAKU` names it
//!   and no explicit acceleration is given).
//!
//! [`tournament_of`] goes the other way for the random-tournament generator,
//! whose output is written by [`crate::trf`] like any other tournament.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use super::state::{Colour, Entrant, ForbiddenGroup, Outcome, PointSystem, Round, Swiss};
use crate::model::{
    self, Board, Bye, ByeKind, GameResult, Participation, Player, PlayerStatus, Points, Tournament,
};
use crate::trf;

/// Why a tournament cannot be handed to the Dutch engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InputError {
    /// The TRF file itself is defective.
    Trf(trf::TrfError),
    /// A board of a paired round has no result yet (round number).
    ResultsMissing { round: u32 },
    /// The number of rounds is not known (TRF `XXR` / `142`) and is needed to
    /// pair the next round (acceleration, last-round criteria).
    RoundsUnknown,
    /// Every planned round has been paired.
    AllRoundsPaired { planned: u32 },
    /// The request contradicts itself (scores that do not match the results,
    /// acceleration beyond the last round, Baku with a non-1/½/0 scoring…).
    Invalid(String),
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InputError::Trf(e) => write!(f, "{e}"),
            InputError::ResultsMissing { round } => {
                write!(f, "round {round} has boards without a result")
            }
            InputError::RoundsUnknown => {
                write!(f, "the total number of rounds (XXR) must be specified")
            }
            InputError::AllRoundsPaired { planned } => write!(
                f,
                "the number of rounds is larger than the reported number of rounds ({planned})"
            ),
            InputError::Invalid(why) => write!(f, "{why}"),
        }
    }
}

impl std::error::Error for InputError {}

impl From<trf::TrfError> for InputError {
    fn from(e: trf::TrfError) -> InputError {
        InputError::Trf(e)
    }
}

/// Reads a TRF file into the engine's view. With `includes_unpaired_round`
/// the view is for pairing the round after the last paired one (entries in
/// that column and `240` records are requests for it); without, every round
/// in the file is history (the checker's view, see [`super::check`]).
///
/// A team event (team records, or a `192` team code such as
/// `FIDE_TEAM_BAKU`) is refused: the Dutch system pairs individuals, and
/// its boards would be re-paired as if they were (bbpPairings refuses it too).
pub fn read_trf(text: &str, includes_unpaired_round: bool) -> Result<Swiss, InputError> {
    let document = trf::parse(text)?;
    if let Some(why) = team_event(&document) {
        return Err(InputError::Invalid(why));
    }
    let t = document.to_tournament()?;
    swiss_of_trf(&document, &t, includes_unpaired_round)
}

/// [`read_trf`] on a file already read: `t` is `document`'s tournament. A
/// game recorded without colours (`-`, as writers record forfeits) keeps
/// no colour in the view: an unplayed game has none to count (C.04.1) or
/// to check, although the model gives its lower number White.
pub fn swiss_of_trf(
    document: &trf::Document,
    t: &Tournament,
    includes_unpaired_round: bool,
) -> Result<Swiss, InputError> {
    let colourless = colourless_games(document);
    if includes_unpaired_round {
        next_round_view(t, &colourless)
    } else {
        build(t, None, &colourless)
    }
}

/// (round index, player index) of every game recorded with colour `-`.
fn colourless_games(document: &trf::Document) -> BTreeSet<(usize, usize)> {
    let mut out = BTreeSet::new();
    for line in &document.lines {
        let trf::Record::Player(p) = &line.record else {
            continue;
        };
        let Some(i) = index_of(p.start_number) else {
            continue;
        };
        for (round, cell) in p.rounds.iter().enumerate() {
            if cell.colour == '-' && cell.opponent.is_some_and(|o| o != 0) {
                out.insert((round, i));
            }
        }
    }
    out
}

/// Why a file is a team event, if it is one.
fn team_event(document: &trf::Document) -> Option<String> {
    let code = document.lines.iter().find_map(|line| match &line.record {
        trf::Record::Verbatim(raw) if raw.starts_with("192") => {
            Some(raw.get(3..).unwrap_or_default().trim().to_owned())
        }
        _ => None,
    });
    if let Some(code) = code.filter(|c| c.to_ascii_uppercase().contains("TEAM")) {
        return Some(format!(
            "192 {code}: a team event; the FIDE Dutch system pairs individuals"
        ));
    }
    document.has_teams().then(|| {
        "the file has team records: a team event; the FIDE Dutch system pairs individuals"
            .to_owned()
    })
}

/// The engine's view for pairing round `t.rounds.len() + 1`.
pub fn swiss_for_next_round(t: &Tournament) -> Result<Swiss, InputError> {
    next_round_view(t, &BTreeSet::new())
}

fn next_round_view(
    t: &Tournament,
    colourless: &BTreeSet<(usize, usize)>,
) -> Result<Swiss, InputError> {
    let paired = t.rounds_paired();
    if t.planned_rounds == 0 {
        return Err(InputError::RoundsUnknown);
    }
    if paired >= t.planned_rounds {
        return Err(InputError::AllRoundsPaired {
            planned: t.planned_rounds,
        });
    }
    build(t, Some(paired + 1), colourless)
}

/// The fictitious points each player gets, round by round, over the whole
/// event: the file's (or organiser's) explicit list, or those of Baku
/// acceleration (C.04.5) for the group it names — what the engine adds to
/// the scores when it pairs each round. For printing the rules of the
/// event's acceleration (VCL4THP.13 Q108); empty without acceleration.
pub fn acceleration_schedule(
    t: &Tournament,
) -> Result<BTreeMap<model::StartNumber, Vec<Points>>, InputError> {
    if !t.pairing.accelerations.is_empty() {
        return Ok(t.pairing.accelerations.clone());
    }
    if !t.pairing.baku || t.planned_rounds == 0 {
        return Ok(BTreeMap::new());
    }
    let mut history = t.clone();
    history.rounds.clear();
    let mut swiss = build(&history, Some(1), &BTreeSet::new())?;
    swiss.played_rounds = swiss.expected_rounds;
    apply_baku(&mut swiss)?;
    Ok(swiss
        .players
        .iter()
        .filter(|p| p.accelerations.iter().any(|&a| a > 0))
        .map(|p| {
            (
                u32::try_from(p.id + 1).unwrap_or(u32::MAX),
                p.accelerations
                    .iter()
                    .map(|&a| Points::from_tenths(a))
                    .collect(),
            )
        })
        .collect())
}

/// The engine's view of every round paired so far, as history only (for
/// re-pairing each round from the ones before it).
pub fn swiss_history(t: &Tournament) -> Result<Swiss, InputError> {
    build(t, None, &BTreeSet::new())
}

fn index_of(start_number: model::StartNumber) -> Option<usize> {
    usize::try_from(start_number).ok()?.checked_sub(1)
}

fn build(
    t: &Tournament,
    next: Option<u32>,
    colourless: &BTreeSet<(usize, usize)>,
) -> Result<Swiss, InputError> {
    let paired = t.rounds_paired();
    let size = t
        .players
        .iter()
        .filter_map(|p| index_of(p.start_number))
        .max()
        .map_or(0, |i| i + 1);
    let mut players: Vec<Entrant> = (0..size)
        .map(|i| Entrant {
            id: i,
            ..Entrant::default()
        })
        .collect();
    let points = points_of(&t.scoring);
    let mut by_rank: Vec<usize> = Vec::with_capacity(t.players.len());
    for p in &t.players {
        if let Some(i) = index_of(p.start_number) {
            players[i] = Entrant::new(i, 0, u32::from(p.rating()), Vec::new());
            by_rank.push(i);
        }
    }
    if t.pairing.use_rank {
        // The TRF rank column orders the players (ties and gaps by number).
        let rank = |i: usize| {
            t.players
                .iter()
                .find(|p| index_of(p.start_number) == Some(i))
                .and_then(|p| p.reported_rank)
                .unwrap_or(u32::MAX)
        };
        by_rank.sort_by_key(|&i| (rank(i), i));
    }

    for (r, round) in t.rounds.iter().enumerate() {
        let round_number = u32::try_from(r + 1).unwrap_or(u32::MAX);
        let seen = round.participations();
        for p in &t.players {
            let Some(i) = index_of(p.start_number) else {
                continue;
            };
            let entry = match seen.get(&p.start_number) {
                Some(&Participation::Game {
                    opponent,
                    colour: c,
                    outcome,
                    ..
                }) => {
                    let (outcome, played) = match outcome {
                        model::Outcome::Win => (Outcome::Win, true),
                        model::Outcome::Draw => (Outcome::Draw, true),
                        model::Outcome::Loss => (Outcome::Loss, true),
                        model::Outcome::ForfeitWin => (Outcome::Win, false),
                        model::Outcome::ForfeitLoss => (Outcome::Loss, false),
                        model::Outcome::NotPlayed => {
                            return Err(InputError::ResultsMissing {
                                round: round_number,
                            });
                        }
                    };
                    Round {
                        opponent: index_of(opponent).unwrap_or(i),
                        colour: (!colourless.contains(&(r, i))).then_some(c),
                        outcome,
                        played,
                        paired: true,
                    }
                }
                Some(&Participation::Bye(kind)) => bye_round(i, kind),
                None => Round::absent(i),
            };
            players[i].rounds.push(entry);
        }
    }

    // A player not available for the round to pair gets an entry for it,
    // which the engine reads as "leave out".
    if let Some(next) = next {
        for p in &t.players {
            let Some(i) = index_of(p.start_number) else {
                continue;
            };
            match p.status(next) {
                PlayerStatus::Playing => {}
                PlayerStatus::RequestedBye(kind) => {
                    let mut entry = bye_round(i, kind);
                    entry.paired = false;
                    players[i].rounds.push(entry);
                }
                PlayerStatus::Withdrawn | PlayerStatus::NotYetEntered => {
                    players[i].rounds.push(Round::absent(i));
                }
            }
        }
    }

    let expected_rounds = if t.planned_rounds == 0 {
        paired
    } else {
        t.planned_rounds
    };
    let played_rounds = usize::try_from(paired).unwrap_or(usize::MAX);
    let expected_rounds = usize::try_from(expected_rounds).unwrap_or(usize::MAX);
    let mut swiss = Swiss {
        players,
        by_rank,
        played_rounds,
        expected_rounds,
        points,
        initial_colour: t.pairing.initial_colour,
        forbidden: forbidden_groups(t, expected_rounds),
    };
    let scores: Vec<u32> = swiss
        .players
        .iter()
        .map(|p| {
            p.rounds
                .iter()
                .take(played_rounds)
                .map(|r| swiss.points_for(p, r))
                .sum()
        })
        .collect();
    for (p, score) in swiss.players.iter_mut().zip(scores) {
        p.score = score;
    }
    for (&start_number, list) in &t.pairing.accelerations {
        if let Some(p) = index_of(start_number).and_then(|i| swiss.players.get_mut(i)) {
            p.accelerations = list.iter().map(|x| x.tenths()).collect();
        }
    }
    if t.pairing.baku && t.pairing.accelerations.is_empty() {
        apply_baku(&mut swiss)?;
    }
    if swiss.initial_colour.is_none() {
        swiss.initial_colour = infer_first_colour(&swiss);
    }
    validate(t, &swiss)?;
    swiss.update_ranks();
    swiss.compute_player_data();
    Ok(swiss)
}

/// The history entry of a bye or absence of this kind.
fn bye_round(i: usize, kind: ByeKind) -> Round {
    Round {
        opponent: i,
        colour: None,
        outcome: match kind {
            ByeKind::PairingAllocated | ByeKind::FullPoint => Outcome::Win,
            ByeKind::HalfPoint => Outcome::Draw,
            ByeKind::ZeroPoint | ByeKind::Absent => Outcome::Loss,
        },
        played: false,
        paired: kind == ByeKind::PairingAllocated,
    }
}

fn points_of(s: &model::Scoring) -> PointSystem {
    PointSystem {
        win: s.win_white.tenths(),
        draw: s.draw_white.tenths(),
        loss: s.loss_white.tenths(),
        zero_bye: s.zero_point_bye.tenths(),
        forfeit_loss: s.forfeit_loss.tenths(),
        pab: s.pairing_allocated_bye.tenths(),
    }
}

/// Forbidden pairs: `XXP` groups for the whole event, `260` groups for
/// their range of rounds (rounds `first..=last`, 1-based).
fn forbidden_groups(t: &Tournament, expected_rounds: usize) -> Vec<ForbiddenGroup> {
    let indices = |players: &[model::StartNumber]| -> Vec<usize> {
        players.iter().filter_map(|&p| index_of(p)).collect()
    };
    let mut groups: Vec<ForbiddenGroup> = t
        .pairing
        .forbidden_pairs_in_rounds
        .iter()
        .map(|g| ForbiddenGroup {
            players: indices(&g.players),
            start: usize::try_from(g.first_round.saturating_sub(1)).unwrap_or(usize::MAX),
            end: usize::try_from(g.last_round).unwrap_or(usize::MAX),
        })
        .collect();
    groups.extend(t.pairing.forbidden_pairs.iter().map(|g| ForbiddenGroup {
        players: indices(g),
        start: 0,
        end: expected_rounds,
    }));
    groups
}

/// Baku acceleration (C.04.5) as the endorsed engines apply it: the top half
/// (rounded up) of the initial order gets a win's points in rounds
/// `1..=⌊(R−1)/2⌋/2 + 1` and a draw's points up to round `⌊(R−1)/2⌋ + 1`.
pub(crate) fn apply_baku(t: &mut Swiss) -> Result<(), InputError> {
    let p = t.points;
    if p.loss != 0 || p.draw * 2 != p.win {
        return Err(InputError::Invalid(
            "the point system is inconsistent with Baku acceleration".into(),
        ));
    }
    if t.by_rank.is_empty() || t.expected_rounds == 0 {
        return Ok(());
    }
    let last_rank = (t.by_rank.len() - 1) / 2;
    let last_round = (t.expected_rounds - 1) / 2;
    let last_full = last_round / 2;
    let played = t.played_rounds;
    for rank in 0..=last_rank {
        let id = t.by_rank[rank];
        let Some(player) = t.players.get_mut(id) else {
            continue;
        };
        player.accelerations.clear();
        let mut r = 0;
        while r <= last_full && r <= played {
            player.accelerations.push(p.win);
            r += 1;
        }
        while r <= last_round && r <= played {
            player.accelerations.push(p.draw);
            r += 1;
        }
    }
    Ok(())
}

/// The initial colour read off the first round with colours: the colour the
/// top-ranked paired player had, inverted for every second paired player
/// above him (C.04.3 E.5 run backwards).
fn infer_first_colour(t: &Swiss) -> Option<Colour> {
    let first = t
        .players
        .iter()
        .filter_map(|p| p.rounds.iter().position(|r| r.colour.is_some()))
        .min()?;
    let mut paired_before = 0usize;
    for &id in &t.by_rank {
        let p = &t.players[id];
        if p.rounds.iter().take(first + 1).any(|r| r.paired) {
            let c = p.rounds.get(first).and_then(|r| r.colour);
            if c.is_some() {
                return if paired_before % 2 == 1 {
                    c.map(Colour::opposite)
                } else {
                    c
                };
            }
            paired_before += 1;
        }
    }
    None
}

/// What a pairing program must refuse as an invalid request (C.04.A):
/// acceleration beyond the last round, reported scores that disagree with
/// the results.
fn validate(t: &Tournament, swiss: &Swiss) -> Result<(), InputError> {
    for p in &swiss.players {
        if p.accelerations.len() > swiss.expected_rounds {
            return Err(InputError::Invalid(format!(
                "player {} has more acceleration entries than the tournament has rounds",
                p.id + 1
            )));
        }
    }
    let next = t.rounds_paired() + 1;
    for player in &t.players {
        let (Some(reported), Some(i)) = (player.reported_points, index_of(player.start_number))
        else {
            continue;
        };
        let p = &swiss.players[i];
        // The points column may include the acceleration of the round to
        // pair and the points of a bye requested for it.
        let acc = p
            .accelerations
            .get(swiss.played_rounds)
            .copied()
            .unwrap_or(0);
        let bye = match player.status(next) {
            PlayerStatus::RequestedBye(kind) => swiss.points_for(p, &bye_round(i, kind)),
            _ => 0,
        };
        let reported = reported.tenths();
        let matches = [0, acc].iter().any(|&a| {
            [0, bye]
                .iter()
                .any(|&b| reported.checked_sub(a + b) == Some(p.score))
        });
        if !matches {
            return Err(InputError::Invalid(format!(
                "the score of player {} does not match the game results",
                p.id + 1
            )));
        }
    }
    Ok(())
}

/// The engine's tournament as a model tournament (for writing the
/// generator's output as TRF): players named `PlayerNNNN`, ratings, every
/// round's boards and byes, the number of rounds and the initial colour.
pub fn tournament_of(s: &Swiss, name: &str) -> Tournament {
    let sn = |i: usize| u32::try_from(i + 1).unwrap_or(u32::MAX);
    let mut t = Tournament {
        name: name.to_owned(),
        planned_rounds: u32::try_from(s.expected_rounds).unwrap_or(u32::MAX),
        ..Tournament::default()
    };
    t.pairing.initial_colour = s.initial_colour;
    let valid: Vec<&Entrant> = s.players.iter().filter(|p| p.valid).collect();
    t.players = valid
        .iter()
        .map(|p| Player {
            start_number: sn(p.id),
            name: format!("Player{:04}", p.id + 1),
            fide_rating: u16::try_from(p.rating).ok(),
            reported_rank: Some(u32::try_from(p.rank_index + 1).unwrap_or(u32::MAX)),
            ..Player::default()
        })
        .collect();
    let rounds = valid.iter().map(|p| p.rounds.len()).max().unwrap_or(0);
    for r in 0..rounds {
        let mut round = model::Round::default();
        for p in &valid {
            let Some(e) = p.rounds.get(r) else { continue };
            if e.opponent == p.id {
                let kind = match (e.outcome, e.paired) {
                    (Outcome::Win, true) => ByeKind::PairingAllocated,
                    (Outcome::Win, false) => ByeKind::FullPoint,
                    (Outcome::Draw, _) => ByeKind::HalfPoint,
                    (Outcome::Loss, _) => ByeKind::Absent,
                };
                if kind != ByeKind::Absent {
                    round.byes.push(Bye {
                        player: sn(p.id),
                        kind,
                    });
                }
                continue;
            }
            let white = match e.colour {
                Some(Colour::White) => true,
                Some(Colour::Black) => false,
                None => p.id < e.opponent,
            };
            if !white {
                continue;
            }
            // Black's own outcome; a file that gives only White's (an
            // opponent missing from it) is read as the usual counterpart.
            let black = s
                .players
                .get(e.opponent)
                .and_then(|o| o.rounds.get(r))
                .map(|o| o.outcome);
            let result = match (e.outcome, e.played, black) {
                (Outcome::Win, true, _) => GameResult::WhiteWins,
                (Outcome::Draw, true, Some(Outcome::Loss)) => GameResult::HalfZero,
                (Outcome::Draw, _, _) => GameResult::Draw,
                (Outcome::Loss, true, Some(Outcome::Win)) => GameResult::BlackWins,
                (Outcome::Loss, true, Some(Outcome::Draw)) => GameResult::ZeroHalf,
                (Outcome::Loss, true, _) => GameResult::BothLose,
                (Outcome::Win, false, _) => GameResult::WhiteWinsByForfeit,
                (Outcome::Loss, false, Some(Outcome::Win)) => GameResult::BlackWinsByForfeit,
                (Outcome::Loss, false, _) => GameResult::DoubleForfeit,
            };
            round
                .boards
                .push(Board::new(sn(p.id), sn(e.opponent), result));
        }
        t.rounds.push(round);
    }
    t
}
