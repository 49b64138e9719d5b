//! TRF team files ↔ [`TeamEvent`].
//!
//! # Reading
//! The individual part (players, board games) is read as any TRF
//! ([`Document::to_tournament`]); the team records then give the teams
//! (`310`/`013`), colours (`352`), match points (`362`), pairing-allocated
//! byes (`320`), forfeited matches (`330`) and team byes (`240`, whose ids
//! are team numbers in a team file). A team's line-up in a round is its
//! `300` record when there is one, else the players of its roster who took
//! part in that round, in roster order (TRF-2026: a `300` record is
//! "required when a team plays in a different board order than defined in
//! record 310, or plays with an unoccupied board"). Board k of a team meets
//! board k of its opponent: every disagreement is refused with the line of
//! the team's record.
//!
//! # Writing
//! The individual file with, in TRF-2026, `192` (team round robin or team
//! Swiss, `_GP` when ranked by game points), `352`, `362` when not 2/1/0,
//! then one `310` per team (match points, game points and rank from the
//! standings), `300` for every line-up the reader could not infer, `320`,
//! `330` and `240`. TRF16 gets `013` records only (it has no other team
//! records), so forfeited matches, byes and line-ups with empty boards are
//! lost there. A player whose opponent's board was empty is written as a
//! full-point bye (`0000 - F`), which is how the individual file sees him.

use std::collections::BTreeMap;

use super::error::{TrfError, TrfErrorKind};
use super::records::{Document, Format, Line, Record};
use super::team::TeamRecord;
use crate::model::{ByeKind, Colour, GameResult, StartNumber, Tournament};
use crate::team::{
    Match, MatchBoard, MatchScoring, PrimaryScore, Team, TeamBye, TeamByeKind, TeamEvent,
    TeamNumber, TeamRound, TeamStandingsOptions, TeamSystem, compute_team_standings,
};

fn error(line: usize, column: usize, kind: TrfErrorKind) -> TrfError {
    TrfError { line, column, kind }
}

/// Reads a team TRF: the individual tournament and the team event.
pub fn read_team_tournament(text: &str) -> Result<(Tournament, TeamEvent), TrfError> {
    let document = super::parse(text)?;
    let tournament = document.to_tournament()?;
    let event = document.to_team_event(&tournament)?;
    Ok((tournament, event))
}

/// Writes a team event and its individual tournament as TRF.
pub fn write_team_tournament(tournament: &Tournament, event: &TeamEvent, format: Format) -> String {
    Document::from_team_tournament(tournament, event, format).to_string()
}

/// How a player took part in a round, as the individual file says.
#[derive(Debug, Clone, Copy)]
struct Seat {
    opponent: Option<StartNumber>,
    colour: Colour,
    result: GameResult,
}

fn seats(t: &Tournament, round: u32) -> BTreeMap<StartNumber, Seat> {
    let mut out = BTreeMap::new();
    if round > t.rounds_paired() {
        // A last round of byes only is read as byes requested for it.
        for p in &t.players {
            if p.requested_byes.get(&round) == Some(&ByeKind::FullPoint) {
                out.insert(
                    p.start_number,
                    Seat {
                        opponent: None,
                        colour: Colour::White,
                        result: GameResult::WhiteWinsByForfeit,
                    },
                );
            }
        }
    }
    if let Some(r) = t.round(round) {
        for b in &r.boards {
            for (p, o, colour) in [
                (b.white, b.black, Colour::White),
                (b.black, b.white, Colour::Black),
            ] {
                out.insert(
                    p,
                    Seat {
                        opponent: Some(o),
                        colour,
                        result: b.result,
                    },
                );
            }
        }
        for bye in &r.byes {
            if matches!(bye.kind, ByeKind::FullPoint | ByeKind::PairingAllocated) {
                out.insert(
                    bye.player,
                    Seat {
                        opponent: None,
                        colour: Colour::White,
                        result: GameResult::WhiteWinsByForfeit,
                    },
                );
            }
        }
    }
    out
}

fn header<'a>(document: &'a Document, tag: &str) -> Option<&'a str> {
    document.lines.iter().find_map(|l| match &l.record {
        Record::Verbatim(raw) if raw.starts_with(tag) => Some(raw[3..].trim()),
        _ => None,
    })
}

impl Document {
    /// Interprets the team records (see the module doc) over the individual
    /// tournament read from the same document.
    pub fn to_team_event(&self, t: &Tournament) -> Result<TeamEvent, TrfError> {
        let mut records = self.team_records()?;
        // TRF-2026: `310` replaces the `013` it phases out; a file with both
        // (FIDE's own team sample) is read from its `310` records.
        let has_310 = records
            .iter()
            .any(|(_, r)| matches!(r, TeamRecord::Team { legacy: false, .. }));
        if has_310 {
            records.retain(|(_, r)| !matches!(r, TeamRecord::Team { legacy: true, .. }));
        }
        let mut event = TeamEvent::new(0);
        let mut team_line: BTreeMap<TeamNumber, usize> = BTreeMap::new();
        let mut owner: BTreeMap<StartNumber, TeamNumber> = BTreeMap::new();
        let mut out_of_order = BTreeMap::new();
        let mut forfeits = Vec::new();
        let mut pab = None;
        let (mut win, mut draw, mut loss) = (None, None, None);
        for (line, record) in &records {
            match record {
                TeamRecord::Team {
                    number,
                    name,
                    nickname,
                    players,
                    ..
                } => {
                    if team_line.insert(*number, *line).is_some() {
                        return Err(error(*line, 5, TrfErrorKind::DuplicateTeam(*number)));
                    }
                    for &p in players {
                        if t.player(p).is_none() {
                            return Err(error(*line, 1, TrfErrorKind::UnknownPlayer(p)));
                        }
                        if owner.insert(p, *number).is_some() {
                            return Err(error(*line, 1, TrfErrorKind::PlayerInTwoTeams(p)));
                        }
                    }
                    event.teams.push(Team {
                        number: *number,
                        name: name.clone(),
                        short_name: (!nickname.is_empty()).then(|| nickname.clone()),
                        federation: None,
                        roster: players.clone(),
                    });
                }
                TeamRecord::OutOfOrder {
                    round,
                    team,
                    opponent,
                    players,
                } => {
                    out_of_order.insert((*round, *team), (*line, *opponent, players.clone()));
                }
                TeamRecord::PairingAllocatedByes { .. } => pab = Some((*line, record.clone())),
                TeamRecord::ForfeitedMatch { .. } => forfeits.push((*line, record.clone())),
                TeamRecord::Colours(c) => event.colours = c.clone(),
                TeamRecord::MatchPoints {
                    win: w,
                    draw: d,
                    loss: l,
                } => (win, draw, loss) = (*w, *d, *l),
            }
        }
        event.teams.sort_by_key(|t| t.number);
        let known = |team: TeamNumber, line: usize, column: usize| -> Result<(), TrfError> {
            if team_line.contains_key(&team) {
                Ok(())
            } else {
                Err(error(line, column, TrfErrorKind::UnknownTeam(team)))
            }
        };
        let mut rounds = t.rounds_paired();
        for ((round, team), (line, opponent, _)) in &out_of_order {
            known(*team, *line, 9)?;
            known(*opponent, *line, 13)?;
            rounds = rounds.max(*round);
        }
        for (line, f) in &forfeits {
            if let TeamRecord::ForfeitedMatch {
                round,
                white,
                black,
                ..
            } = f
            {
                known(*white, *line, 12)?;
                known(*black, *line, 16)?;
                rounds = rounds.max(*round);
            }
        }
        if let Some((line, TeamRecord::PairingAllocatedByes { teams, .. })) = &pab {
            for t in teams.iter().flatten() {
                known(*t, *line, 15)?;
            }
            let last = teams.iter().rposition(Option::is_some).map_or(0, |i| i + 1);
            rounds = rounds.max(u32::try_from(last).unwrap_or(u32::MAX));
        }
        let team_byes: Vec<(usize, ByeKind, u32, Vec<u32>)> = self
            .lines
            .iter()
            .filter_map(|l| match &l.record {
                Record::Byes {
                    kind,
                    round,
                    players,
                } => Some((l.number, *kind, *round, players.clone())),
                _ => None,
            })
            .collect();
        for (line, _, round, teams) in &team_byes {
            for team in teams {
                known(*team, *line, 11)?;
            }
            rounds = rounds.max(*round);
        }

        // Boards: the colour sequence, else the largest line-up seen.
        let mut boards = u32::try_from(event.colours.len()).unwrap_or(0);
        if boards == 0 {
            for round in 1..=t.rounds_paired() {
                let seated = seats(t, round);
                let mut count: BTreeMap<TeamNumber, u32> = BTreeMap::new();
                for p in seated.keys() {
                    if let Some(team) = owner.get(p) {
                        *count.entry(*team).or_default() += 1;
                    }
                }
                boards = boards.max(count.values().copied().max().unwrap_or(0));
            }
            for (_, _, players) in out_of_order.values() {
                boards = boards.max(u32::try_from(players.len()).unwrap_or(0));
            }
        }
        if boards == 0 {
            boards = event
                .teams
                .iter()
                .map(|t| t.roster.len())
                .min()
                .unwrap_or(0) as u32;
        }
        let colours = std::mem::take(&mut event.colours);
        let teams = std::mem::take(&mut event.teams);
        event = TeamEvent::new(boards);
        event.teams = teams;
        // The usual alternation (WBWB…) is the default: kept as "not given".
        let alternating = (1..=boards)
            .map(|b| event.first_colour(b))
            .collect::<Vec<_>>();
        if colours != alternating {
            event.colours = colours;
        }
        event.scoring = MatchScoring::with_games(boards, t.scoring);
        if let Some(w) = win {
            event.scoring.win = w;
        }
        if let Some(d) = draw {
            event.scoring.draw = d;
        }
        if let Some(l) = loss {
            event.scoring.loss = l;
        }
        if let Some((
            _,
            TeamRecord::PairingAllocatedByes {
                match_points,
                game_points,
                ..
            },
        )) = &pab
        {
            event.scoring.pairing_allocated_bye.match_points = *match_points;
            event.scoring.pairing_allocated_bye.game_points = *game_points;
        }
        let code = header(self, "192").unwrap_or_default().to_ascii_uppercase();
        let teams_count = u32::try_from(event.teams.len()).unwrap_or(u32::MAX);
        event.system = if code.contains("DOUBLEROUNDROBIN") {
            TeamSystem::DoubleRoundRobin
        } else if code.contains("ROUNDROBIN") {
            TeamSystem::RoundRobin
        } else if code.contains("TEAM") {
            TeamSystem::Swiss
        } else if crate::round_robin::rounds(teams_count, true) == t.planned_rounds.max(rounds)
            && teams_count > 2
        {
            TeamSystem::DoubleRoundRobin
        } else if crate::round_robin::rounds(teams_count, false) >= t.planned_rounds.max(rounds) {
            TeamSystem::RoundRobin
        } else {
            TeamSystem::Swiss
        };
        let gp = code.find("_GP");
        let mp = code.find("_MP");
        if let (Some(g), m) = (gp, mp)
            && m.is_none_or(|m| g < m)
        {
            event.scoring.primary = PrimaryScore::GamePoints;
        }

        for round in 1..=rounds {
            let seated = seats(t, round);
            let mut paired = TeamRound::default();
            let mut done: BTreeMap<TeamNumber, ()> = BTreeMap::new();
            if let Some((_, TeamRecord::PairingAllocatedByes { teams, .. })) = &pab
                && let Some(Some(team)) = teams.get(round as usize - 1)
            {
                done.insert(*team, ());
                paired.byes.push(TeamBye {
                    team: *team,
                    kind: TeamByeKind::PairingAllocated,
                });
            }
            for (_, kind, r, teams) in &team_byes {
                if *r != round {
                    continue;
                }
                for &team in teams {
                    done.insert(team, ());
                    paired.byes.push(TeamBye {
                        team,
                        kind: match kind {
                            ByeKind::FullPoint => TeamByeKind::FullPoint,
                            ByeKind::HalfPoint => TeamByeKind::HalfPoint,
                            _ => TeamByeKind::ZeroPoint,
                        },
                    });
                }
            }
            let lineup = |team: &Team| -> Vec<Option<StartNumber>> {
                match out_of_order.get(&(round, team.number)) {
                    Some((_, _, players)) => players.clone(),
                    None => team
                        .roster
                        .iter()
                        .filter(|p| seated.contains_key(p))
                        .map(|&p| Some(p))
                        .collect(),
                }
            };
            for team in &event.teams {
                if done.contains_key(&team.number) {
                    continue;
                }
                let line = team_line[&team.number];
                let bad = || {
                    error(
                        line,
                        1,
                        TrfErrorKind::TeamBoards {
                            round,
                            team: team.number,
                        },
                    )
                };
                let mine = lineup(team);
                if mine.iter().all(Option::is_none) {
                    continue;
                }
                let opponent_team = match out_of_order.get(&(round, team.number)) {
                    Some((_, opponent, _)) => *opponent,
                    None => mine
                        .iter()
                        .flatten()
                        .find_map(|p| seated[p].opponent.and_then(|o| owner.get(&o).copied()))
                        .or_else(|| {
                            // The opponent's 300 record names us (he left
                            // every board facing us empty).
                            out_of_order.iter().find_map(|((r, other), (_, o, _))| {
                                (*r == round && *o == team.number).then_some(*other)
                            })
                        })
                        .ok_or_else(bad)?,
                };
                if opponent_team == team.number || done.contains_key(&opponent_team) {
                    return Err(bad());
                }
                let other = event.team(opponent_team).ok_or_else(bad)?;
                let theirs = lineup(other);
                if mine.len() > boards as usize || theirs.len() > boards as usize {
                    return Err(bad());
                }
                let at = |l: &[Option<StartNumber>], k: usize| l.get(k).copied().flatten();
                // The team with the event's board-1 colour is named first.
                let mut first_is_me = None;
                for k in 0..boards as usize {
                    let (a, b) = (at(&mine, k), at(&theirs, k));
                    match (a, b) {
                        (Some(a), Some(b)) => {
                            if seated.get(&a).and_then(|s| s.opponent) != Some(b) {
                                return Err(bad());
                            }
                            let colour = seated[&a].colour;
                            first_is_me.get_or_insert(
                                colour == event.first_colour(u32::try_from(k + 1).unwrap_or(1)),
                            );
                        }
                        (Some(p), None) | (None, Some(p)) => {
                            if seated.get(&p).and_then(|s| s.opponent).is_some() {
                                return Err(bad());
                            }
                        }
                        (None, None) => {}
                    }
                }
                let first_is_me = first_is_me.unwrap_or(true);
                let (first, second, fl, sl) = if first_is_me {
                    (team.number, opponent_team, &mine, &theirs)
                } else {
                    (opponent_team, team.number, &theirs, &mine)
                };
                let mut match_boards = Vec::new();
                for k in 0..boards as usize {
                    let board = u32::try_from(k + 1).unwrap_or(u32::MAX);
                    let (a, b) = (at(fl, k), at(sl, k));
                    let (first_colour, result) = match (a, b) {
                        (Some(a), Some(_)) => (seated[&a].colour, seated[&a].result),
                        _ => (event.first_colour(board), GameResult::NotPlayed),
                    };
                    let mut mb = MatchBoard {
                        first: a,
                        second: b,
                        first_colour,
                        result,
                    };
                    mb.result = mb.effective_result();
                    match_boards.push(mb);
                }
                done.insert(team.number, ());
                done.insert(opponent_team, ());
                paired.matches.push(Match {
                    first,
                    second,
                    boards: match_boards,
                    forfeit: None,
                });
            }
            for (line, f) in &forfeits {
                let TeamRecord::ForfeitedMatch {
                    kind,
                    round: r,
                    white,
                    black,
                } = f
                else {
                    continue;
                };
                if *r != round {
                    continue;
                }
                let found = paired.matches.iter_mut().find(|m| {
                    (m.first, m.second) == (*white, *black)
                        || (m.first, m.second) == (*black, *white)
                });
                match found {
                    Some(m) => {
                        if m.first != *white {
                            std::mem::swap(&mut m.first, &mut m.second);
                            for b in &mut m.boards {
                                std::mem::swap(&mut b.first, &mut b.second);
                                b.first_colour = b.first_colour.opposite();
                            }
                        }
                        m.forfeit = Some(*kind);
                    }
                    None => {
                        if done.contains_key(white) || done.contains_key(black) {
                            return Err(error(
                                *line,
                                12,
                                TrfErrorKind::TeamBoards {
                                    round,
                                    team: *white,
                                },
                            ));
                        }
                        done.insert(*white, ());
                        done.insert(*black, ());
                        paired.matches.push(Match {
                            first: *white,
                            second: *black,
                            boards: Vec::new(),
                            forfeit: Some(*kind),
                        });
                    }
                }
            }
            event.rounds.push(paired);
        }
        event.validate().map_err(|e| {
            let line = team_line.values().next().copied().unwrap_or(0);
            let team = match e {
                crate::team::TeamError::NotOnRoster { team, .. } => team,
                _ => 0,
            };
            error(line, 1, TrfErrorKind::TeamBoards { round: 0, team })
        })?;
        Ok(event)
    }

    /// A team event and its individual tournament as a document (see the
    /// module doc).
    pub fn from_team_tournament(t: &Tournament, event: &TeamEvent, format: Format) -> Document {
        let mut individual = t.clone();
        individual.rounds = event.individual_rounds();
        if individual.info.kind.is_none() {
            individual.info.kind = Some(
                match event.system {
                    TeamSystem::RoundRobin => "Team round robin",
                    TeamSystem::DoubleRoundRobin => "Team double round robin",
                    TeamSystem::Swiss => "Team Swiss",
                }
                .to_owned(),
            );
        }
        let individual_seats: Vec<BTreeMap<StartNumber, Seat>> = (1..=event.rounds_paired())
            .map(|r| seats(&individual, r))
            .collect();
        let mut document = Document::from_players(&individual, format, false);
        let mut head = Vec::new();
        let mut tail = Vec::new();
        // The `310` ranks follow the team tie-breaks the file's `202` lists
        // (none that this crate cannot read: then points alone).
        let tiebreaks =
            crate::team::ranking::parse_team_tiebreaks(&t.tiebreaks.join(",")).unwrap_or_default();
        let options = TeamStandingsOptions {
            tiebreaks,
            ..TeamStandingsOptions::default()
        };
        let standings = compute_team_standings(event, &options).ok();
        let row = |team: TeamNumber| standings.as_ref().and_then(|s| s.row(team));
        for (index, team) in (1u32..).zip(&event.teams) {
            let r = row(team.number);
            tail.push(TeamRecord::Team {
                number: if format == Format::Trf16 {
                    index
                } else {
                    team.number
                },
                name: team.name.clone(),
                nickname: team.short_name.clone().unwrap_or_default(),
                strength: None,
                match_points: r.map(|r| r.match_points),
                game_points: r.map(|r| r.game_points),
                rank: r.map(|r| r.rank),
                players: team.roster.clone(),
                legacy: format == Format::Trf16,
            });
        }
        if format == Format::Trf2026 {
            let primary = event.scoring.primary == PrimaryScore::GamePoints;
            let code = match (event.system, primary) {
                (TeamSystem::RoundRobin, false) => "FIDE_TEAM_ROUNDROBIN",
                (TeamSystem::RoundRobin, true) => "FIDE_TEAM_ROUNDROBIN_GP",
                (TeamSystem::DoubleRoundRobin, false) => "FIDE_TEAM_DOUBLEROUNDROBIN",
                (TeamSystem::DoubleRoundRobin, true) => "FIDE_TEAM_DOUBLEROUNDROBIN_GP",
                (TeamSystem::Swiss, false) => "FIDE_TEAM_MP_GP",
                (TeamSystem::Swiss, true) => "FIDE_TEAM_GP_MP",
            };
            head.push(Record::Verbatim(format!("192 {code}")));
            let colours = (1..=event.boards).map(|b| event.first_colour(b)).collect();
            head.push(Record::Verbatim(TeamRecord::Colours(colours).to_string()));
            let s = &event.scoring;
            if (s.win, s.draw, s.loss)
                != (
                    crate::model::Points(20),
                    crate::model::Points(10),
                    crate::model::Points::ZERO,
                )
            {
                head.push(Record::Verbatim(
                    TeamRecord::MatchPoints {
                        win: Some(s.win),
                        draw: Some(s.draw),
                        loss: Some(s.loss),
                    }
                    .to_string(),
                ));
            }
            let mut pab_teams = Vec::new();
            let mut byes: BTreeMap<(u32, u8), Vec<u32>> = BTreeMap::new();
            for (round, r) in (1u32..).zip(&event.rounds) {
                pab_teams.push(
                    r.byes
                        .iter()
                        .find(|b| b.kind == TeamByeKind::PairingAllocated)
                        .map(|b| b.team),
                );
                for b in &r.byes {
                    let kind = match b.kind {
                        TeamByeKind::PairingAllocated => continue,
                        TeamByeKind::FullPoint => 0,
                        TeamByeKind::HalfPoint => 1,
                        TeamByeKind::ZeroPoint => 2,
                    };
                    byes.entry((round, kind)).or_default().push(b.team);
                }
                // Per round: 330 by White team, then 300 by team (a stable order).
                let mut forfeited = Vec::new();
                let mut lineups = Vec::new();
                for m in &r.matches {
                    if let Some(kind) = m.forfeit {
                        forfeited.push(TeamRecord::ForfeitedMatch {
                            kind,
                            round,
                            white: m.first,
                            black: m.second,
                        });
                    }
                    for (team, first) in [(m.first, true), (m.second, false)] {
                        let players: Vec<Option<StartNumber>> = m
                            .boards
                            .iter()
                            .map(|b| if first { b.first } else { b.second })
                            .collect();
                        let roster = event.team(team).map(|t| t.roster.as_slice()).unwrap_or(&[]);
                        let seated = &individual_seats[round as usize - 1];
                        let inferred: Vec<Option<StartNumber>> = roster
                            .iter()
                            .filter(|p| seated.contains_key(p))
                            .map(|&p| Some(p))
                            .collect();
                        if inferred != players {
                            lineups.push(TeamRecord::OutOfOrder {
                                round,
                                team,
                                opponent: m.opponent(team).unwrap_or(0),
                                players,
                            });
                        }
                    }
                }
                let key = |r: &TeamRecord| match r {
                    TeamRecord::ForfeitedMatch { white, .. } => *white,
                    TeamRecord::OutOfOrder { team, .. } => *team,
                    _ => 0,
                };
                forfeited.sort_by_key(key);
                lineups.sort_by_key(key);
                tail.extend(forfeited);
                tail.extend(lineups);
            }
            if pab_teams.iter().any(Option::is_some) {
                let bye = event.scoring.pairing_allocated_bye;
                tail.push(TeamRecord::PairingAllocatedByes {
                    match_points: bye.match_points,
                    game_points: bye.game_points,
                    teams: pab_teams,
                });
            }
            let mut lines: Vec<Record> = tail
                .iter()
                .map(|r| Record::Verbatim(r.to_string()))
                .collect();
            for ((round, kind), teams) in byes {
                lines.push(Record::Byes {
                    kind: [ByeKind::FullPoint, ByeKind::HalfPoint, ByeKind::ZeroPoint]
                        [kind as usize],
                    round,
                    players: teams,
                });
            }
            return splice(document, head, lines);
        }
        let lines = tail
            .iter()
            .map(|r| Record::Verbatim(r.to_string()))
            .collect();
        document = splice(document, head, lines);
        document
    }
}

/// `head` before the first player record, `tail` at the end.
fn splice(mut document: Document, head: Vec<Record>, tail: Vec<Record>) -> Document {
    let at = document
        .lines
        .iter()
        .position(|l| matches!(l.record, Record::Player(_)))
        .unwrap_or(document.lines.len());
    let head = head.into_iter().map(|record| Line { number: 0, record });
    document.lines.splice(at..at, head);
    document
        .lines
        .extend(tail.into_iter().map(|record| Line { number: 0, record }));
    document
}
