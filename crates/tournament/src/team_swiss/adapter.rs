//! The one adapter from the team model ([`crate::team::TeamEvent`]) to the
//! C.04.6 pairer's input ([`TeamSwiss`]), and of its answer back to a
//! [`crate::team::TeamRound`]: the server and the CLI pair team Swiss rounds
//! through it.
//!
//! TPNs follow the team numbers (Art. 1.1.2 leaves them to the competition's
//! rules: the organiser numbers the teams in their ranking order). Points
//! are passed in tenths; a match counts as played when a game was played
//! over the board (C.04.2 Art. 3.5), its colour being the team's colour on
//! board 1 (Art. 1.6.1).

use super::input::{Colour as SwissColour, Config, PrimaryScore, RoundKind, RoundRecord, Team};
use super::{PairingError, TeamSwiss, pair_round};
use crate::model::{Colour, Points};
use crate::team::{
    Lineup, TeamBye, TeamByeKind, TeamEvent, TeamNumber, TeamRound, match_from_lineups,
    match_result,
};

fn tenths(p: Points) -> u32 {
    p.tenths()
}

/// The pairer's input for the next round of `event` (`rounds` declared).
pub fn input_from_event(event: &TeamEvent, rounds: u32) -> TeamSwiss {
    let tpn = |number: TeamNumber| -> u32 {
        event
            .teams
            .iter()
            .position(|t| t.number == number)
            .map_or(0, |i| u32::try_from(i + 1).unwrap_or(u32::MAX))
    };
    let next = event.rounds_paired() + 1;
    let teams = event
        .teams
        .iter()
        .map(|team| {
            let history = event
                .rounds
                .iter()
                .map(|round| record(event, round, team.number, &tpn))
                .collect();
            Team {
                id: u64::from(team.number),
                tpn: tpn(team.number),
                history,
                // A team that withdrew is not paired (and gets no bye).
                available: event.plays_in(team.number, next),
            }
        })
        .collect();
    let primary = match event.scoring.primary {
        crate::team::PrimaryScore::MatchPoints => PrimaryScore::MatchPoints,
        crate::team::PrimaryScore::GamePoints => PrimaryScore::GamePoints,
    };
    TeamSwiss {
        teams,
        round: event.rounds_paired() + 1,
        rounds,
        config: Config {
            primary,
            initial_colour: match event.initial_colour {
                Colour::White => SwissColour::White,
                Colour::Black => SwissColour::Black,
            },
            ..Config::default()
        },
        forbidden: Vec::new(),
    }
}

/// What `team` did in `round`, with the points it earned.
fn record(
    event: &TeamEvent,
    round: &TeamRound,
    team: TeamNumber,
    tpn: &impl Fn(TeamNumber) -> u32,
) -> RoundRecord {
    if let Some(m) = round.matches.iter().find(|m| m.opponent(team).is_some()) {
        let result = match_result(&event.scoring, m, event.boards);
        let (_, game, matchp) = result.side(team).unwrap_or((&[], Points::ZERO, None));
        let opponent = m.opponent(team).map(tpn);
        let theirs = result
            .side(m.opponent(team).unwrap_or(0))
            .and_then(|s| s.2)
            .unwrap_or(Points::ZERO);
        let mine = matchp.unwrap_or(Points::ZERO);
        let kind = if m.is_played() {
            let first_colour = m.boards.first().map_or(Colour::White, |b| b.first_colour);
            let colour = if (team == m.first) == (first_colour == Colour::White) {
                SwissColour::White
            } else {
                SwissColour::Black
            };
            RoundKind::Played {
                opponent: opponent.unwrap_or(0),
                colour,
            }
        } else if mine > theirs {
            RoundKind::ForfeitWin { opponent }
        } else {
            RoundKind::ForfeitLoss { opponent }
        };
        return RoundRecord {
            kind,
            match_points: tenths(mine),
            game_points: tenths(game),
        };
    }
    if let Some(bye) = round.byes.iter().find(|b| b.team == team) {
        let score = event.scoring.bye(bye.kind);
        let kind = match bye.kind {
            TeamByeKind::PairingAllocated => RoundKind::PairingBye,
            TeamByeKind::FullPoint => RoundKind::FullPointBye,
            TeamByeKind::HalfPoint | TeamByeKind::ZeroPoint => RoundKind::NotPaired,
        };
        return RoundRecord {
            kind,
            match_points: tenths(score.match_points),
            game_points: tenths(score.game_points),
        };
    }
    RoundRecord {
        kind: RoundKind::NotPaired,
        match_points: 0,
        game_points: 0,
    }
}

/// Pairs the next round of a team Swiss: the C.04.6 pairing of
/// [`input_from_event`], each match's boards from the line-ups (the
/// submitted ones, else roster order), the team with White on board 1 named
/// first; the pairing-allocated bye as a [`TeamBye`].
pub fn pair_next_round(
    event: &TeamEvent,
    rounds: u32,
    lineups: &[Lineup],
) -> Result<TeamRound, PairingError> {
    let input = input_from_event(event, rounds);
    let pairing = pair_round(&input)?;
    let team = |tpn: u32| event.teams[tpn as usize - 1].number;
    let lineup_of = |number: TeamNumber| -> Lineup {
        lineups
            .iter()
            .find(|l| l.team == number)
            .cloned()
            .or_else(|| Lineup::default_for(event, number))
            .unwrap_or(Lineup {
                team: number,
                players: Vec::new(),
            })
    };
    let mut round = TeamRound::default();
    for m in &pairing.matches {
        let (white, black) = (team(m.white), team(m.black));
        // Board 1's first-named colour is the event's; name first the team
        // that has White on board 1.
        let (first, second) = if event.first_colour(1) == Colour::White {
            (white, black)
        } else {
            (black, white)
        };
        round.matches.push(match_from_lineups(
            event,
            &lineup_of(first),
            &lineup_of(second),
        ));
    }
    if let Some(tpn) = pairing.bye {
        round.byes.push(TeamBye {
            team: team(tpn),
            kind: TeamByeKind::PairingAllocated,
        });
    }
    Ok(round)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::team::generator::{GeneratorOptions, generate};

    #[test]
    fn a_generated_round_robin_reads_as_played_matches_with_board_one_colours() {
        let (_, event) = generate(7, &GeneratorOptions::default());
        let input = input_from_event(&event, event.rounds.len() as u32 + 1);
        assert_eq!(input.teams.len(), event.teams.len());
        for team in &input.teams {
            assert_eq!(team.history.len(), event.rounds.len());
        }
        let played = input
            .teams
            .iter()
            .flat_map(|t| &t.history)
            .filter(|r| matches!(r.kind, RoundKind::Played { .. }))
            .count();
        assert!(played > 0, "a generated event has played matches");
    }

    #[test]
    fn a_team_swiss_never_pairs_a_rematch_over_three_rounds_of_six_teams() {
        let mut event = TeamEvent::new(2);
        event.system = crate::team::TeamSystem::Swiss;
        event.teams = (1..=6)
            .map(|n| crate::team::Team {
                number: n,
                name: format!("T{n}"),
                short_name: None,
                federation: None,
                roster: vec![2 * n - 1, 2 * n],
            })
            .collect();
        let mut met = std::collections::BTreeSet::new();
        for _ in 0..3 {
            let mut round = pair_next_round(&event, 3, &[]).expect("pairs");
            assert_eq!(round.matches.len(), 3);
            for m in &mut round.matches {
                assert!(
                    met.insert((m.first.min(m.second), m.first.max(m.second))),
                    "rematch"
                );
                for b in &mut m.boards {
                    b.result = crate::model::GameResult::Draw;
                }
            }
            event.rounds.push(round);
        }
    }

    #[test]
    fn a_team_that_withdrew_is_paired_no_more_and_its_earlier_results_stand() {
        let mut event = TeamEvent::new(2);
        event.system = crate::team::TeamSystem::Swiss;
        event.teams = (1..=5)
            .map(|n| crate::team::Team {
                number: n,
                name: format!("T{n}"),
                short_name: None,
                federation: None,
                roster: vec![2 * n - 1, 2 * n],
            })
            .collect();
        let mut round = pair_next_round(&event, 3, &[]).expect("pairs");
        assert_eq!(round.matches.len(), 2, "five teams: two matches and a bye");
        assert_eq!(round.byes.len(), 1);
        for m in &mut round.matches {
            for b in &mut m.boards {
                b.result = crate::model::GameResult::WhiteWins;
            }
        }
        event.rounds.push(round);
        // Team 5 (it had the bye) withdraws from round 2: four teams left,
        // two matches and no bye.
        event.withdrawn.insert(5, 2);
        let round = pair_next_round(&event, 3, &[]).expect("pairs");
        assert_eq!(round.matches.len(), 2);
        assert!(round.byes.is_empty(), "{round:?}");
        assert!(round.matches.iter().all(|m| m.opponent(5).is_none()));
        assert!(event.plays_in(5, 1) && !event.plays_in(5, 2) && !event.plays_in(5, 3));
        assert!(
            event
                .round(1)
                .is_some_and(|r| r.byes.iter().any(|b| b.team == 5)),
            "round 1 keeps its bye"
        );
    }
}
