//! Round robin by the Berger tables (FIDE C.05, Annex 1).

use std::collections::BTreeMap;

use tournament::model::{Board, ByeKind, GameResult, Player, System, Tournament};
use tournament::round_robin::{self, Line};

/// The published tables, by number of players (even sizes; the odd size
/// below each uses the same table with the highest number as the bye).
fn published() -> BTreeMap<u32, Vec<Vec<(u32, u32)>>> {
    let path = format!(
        "{}/tests/fixtures/round_robin/berger-tables.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(path).unwrap();
    let mut tables = BTreeMap::new();
    let mut current = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') || l.starts_with("## "))
    {
        if let Some(size) = line.strip_prefix("## ") {
            current = size.parse().unwrap();
            tables.insert(current, Vec::new());
            continue;
        }
        let round = line
            .split_whitespace()
            .map(|pair| {
                let (w, b) = pair.split_once('-').unwrap();
                (w.parse().unwrap(), b.parse().unwrap())
            })
            .collect();
        tables.get_mut(&current).unwrap().push(round);
    }
    tables
}

/// The table as (white, black) with the bye written against `dummy`.
fn as_pairs(round: &[Line], dummy: u32, dummy_white: bool) -> Vec<(u32, u32)> {
    round
        .iter()
        .map(|p| match *p {
            Line::Game { white, black } => (white, black),
            Line::Bye(p) if dummy_white => (dummy, p),
            Line::Bye(p) => (p, dummy),
        })
        .collect()
}

#[test]
fn berger_tables_equal_the_published_fide_tables_for_3_to_16_players() {
    // C.05 Annex 1: the tables for 3/4, 5/6, …, 15/16 players.
    let tables = published();
    assert_eq!(
        tables.keys().copied().collect::<Vec<_>>(),
        [4, 6, 8, 10, 12, 14, 16]
    );
    for (&n, table) in &tables {
        assert_eq!(round_robin::rounds(n, false) as usize, table.len());
        for (r, expected) in (1..).zip(table) {
            let even = round_robin::berger_round(n, r).unwrap();
            assert_eq!(
                &as_pairs(&even, n, false),
                expected,
                "{n} players, round {r}"
            );
            // One player fewer: the highest number is the bye.
            let odd = round_robin::berger_round(n - 1, r).unwrap();
            let byes = odd.iter().filter(|p| matches!(p, Line::Bye(_))).count();
            assert_eq!(byes, 1, "{} players, round {r}", n - 1);
            assert_eq!(
                &as_pairs(&odd, n, r % 2 == 0),
                expected,
                "{} players, round {r}",
                n - 1
            );
        }
    }
}

/// Per player, the colours of the games in round order (byes skipped).
fn colours(schedule: &[Vec<Line>], players: u32) -> Vec<Vec<char>> {
    let mut seq = vec![Vec::new(); players as usize + 1];
    for round in schedule {
        for p in round {
            if let Line::Game { white, black } = *p {
                seq[white as usize].push('W');
                seq[black as usize].push('B');
            }
        }
    }
    seq
}

#[test]
fn every_pair_meets_once_in_a_single_and_twice_with_both_colours_in_a_double_round_robin() {
    for n in 2..=40u32 {
        for double in [false, true] {
            let schedule = round_robin::schedule(n, double).unwrap();
            let mut games: BTreeMap<(u32, u32), u32> = BTreeMap::new();
            for round in &schedule {
                let mut seen = vec![false; n as usize + 1];
                for p in round {
                    let players = match *p {
                        Line::Game { white, black } => {
                            *games.entry((white, black)).or_default() += 1;
                            vec![white, black]
                        }
                        Line::Bye(p) => vec![p],
                    };
                    for p in players {
                        assert!((1..=n).contains(&p));
                        assert!(!seen[p as usize], "{n} players: {p} twice in a round");
                        seen[p as usize] = true;
                    }
                }
                assert!(
                    seen[1..].iter().all(|&s| s),
                    "{n} players: everybody in every round"
                );
            }
            for a in 1..=n {
                for b in a + 1..=n {
                    let ab = games.get(&(a, b)).copied().unwrap_or(0);
                    let ba = games.get(&(b, a)).copied().unwrap_or(0);
                    if double {
                        assert_eq!((ab, ba), (1, 1), "{n} players double: {a} and {b}");
                    } else {
                        assert_eq!(ab + ba, 1, "{n} players single: {a} and {b}");
                    }
                }
            }
        }
    }
}

#[test]
fn colours_are_balanced_within_one_in_a_single_and_equal_in_a_double_round_robin() {
    for n in 2..=40u32 {
        for double in [false, true] {
            let seq = colours(&round_robin::schedule(n, double).unwrap(), n);
            for (p, s) in seq.iter().enumerate().skip(1) {
                let whites = s.iter().filter(|&&c| c == 'W').count() as i64;
                let blacks = s.len() as i64 - whites;
                if double {
                    assert_eq!(whites, blacks, "{n} players double, player {p}");
                } else {
                    assert!(
                        (whites - blacks).abs() <= 1,
                        "{n} players single, player {p}"
                    );
                }
            }
        }
    }
}

#[test]
fn nobody_has_the_same_colour_three_times_running_in_a_double_round_robin_up_to_20_players() {
    // C.05 Annex 1: exchanging the last two rounds of the first cycle avoids
    // three equal colours in a row at the turn of the cycles.
    for n in 2..=20u32 {
        let seq = colours(&round_robin::schedule(n, true).unwrap(), n);
        for (p, s) in seq.iter().enumerate().skip(1) {
            let three = s.windows(3).any(|w| w[0] == w[1] && w[1] == w[2]);
            assert!(
                !three,
                "{n} players: player {p} has {}",
                s.iter().collect::<String>()
            );
        }
    }
}

#[test]
fn without_the_exchange_the_turn_of_the_cycles_would_give_three_equal_colours() {
    // Why the recommendation exists: cycle + reversed cycle with no exchange.
    let n = 10;
    let cycle = round_robin::schedule(n, false).unwrap();
    let mut plain = cycle.clone();
    plain.extend(cycle.iter().map(|round| {
        round
            .iter()
            .map(|p| match *p {
                Line::Game { white, black } => Line::Game {
                    white: black,
                    black: white,
                },
                bye => bye,
            })
            .collect::<Vec<_>>()
    }));
    let seq = colours(&plain, n);
    assert!(
        seq.iter()
            .any(|s| s.windows(3).any(|w| w[0] == w[1] && w[1] == w[2]))
    );
}

#[test]
fn rounds_outside_the_schedule_and_tiny_fields_are_refused() {
    assert_eq!(
        round_robin::round(6, false, 6),
        Err(round_robin::Error::NoSuchRound {
            round: 6,
            rounds: 5
        })
    );
    assert_eq!(
        round_robin::round(5, true, 11),
        Err(round_robin::Error::NoSuchRound {
            round: 11,
            rounds: 10
        })
    );
    assert_eq!(
        round_robin::round(1, false, 1),
        Err(round_robin::Error::TooFewPlayers { players: 1 })
    );
    assert_eq!(round_robin::rounds(7, false), 7);
    assert_eq!(round_robin::rounds(8, true), 14);
}

fn event(players: u32, system: System) -> Tournament {
    Tournament {
        system,
        // Start numbers need not be contiguous: table number i is the i-th player.
        players: (1..=players)
            .map(|i| Player {
                start_number: i * 10,
                name: format!("P{i}"),
                ..Player::default()
            })
            .collect(),
        ..Tournament::default()
    }
}

#[test]
fn the_next_round_is_paired_from_the_table_by_start_number() {
    let mut t = event(5, System::RoundRobin);
    let first = round_robin::pair_next_round(&t).unwrap();
    // 5 players use the 6-player table: round 1 is 1-(6) 2-5 3-4.
    let boards: Vec<(u32, u32, GameResult)> = first
        .boards
        .iter()
        .map(|b| (b.white, b.black, b.result))
        .collect();
    assert_eq!(
        boards,
        [
            (20, 50, GameResult::NotPlayed),
            (30, 40, GameResult::NotPlayed)
        ]
    );
    assert_eq!(first.byes.len(), 1);
    assert_eq!(
        (first.byes[0].player, first.byes[0].kind),
        (10, ByeKind::Absent),
        "the player the table gives the dummy sits out, scoring nothing"
    );
    t.rounds.push(first);
    let second = round_robin::pair_next_round(&t).unwrap();
    // Round 2: (6)-4 5-3 1-2.
    let boards: Vec<(u32, u32)> = second.boards.iter().map(|b| (b.white, b.black)).collect();
    assert_eq!(boards, [(50, 30), (10, 20)]);
    assert_eq!(second.byes[0].player, 40);
    assert_eq!(
        round_robin::pair_next_round(&event(4, System::Swiss)),
        Err(round_robin::Error::NotRoundRobin)
    );
}

#[test]
fn a_history_that_left_the_berger_table_is_detected() {
    let mut t = event(4, System::RoundRobin);
    t.rounds.push(round_robin::pair_next_round(&t).unwrap());
    assert_eq!(round_robin::check_history(&t), Ok(()));
    // Colours swapped by the arbiter: still the table's pairing.
    t.rounds[0].boards[0] = Board::new(40, 10, GameResult::Draw);
    assert_eq!(round_robin::check_history(&t), Ok(()));
    // 1 met 2 in round 1, which the table schedules for round 2.
    t.rounds[0].boards[0] = Board::new(10, 20, GameResult::Draw);
    assert_eq!(
        round_robin::check_history(&t),
        Err(round_robin::Error::OffTable {
            round: 1,
            white: 10,
            black: 20
        })
    );
}
