//! Builds small tournaments from a compact notation, for hand-worked examples.
//!
//! A round is a list of items: `"1-4 1-0"` (white 1, black 4, result), results
//! `1-0`, `0-1`, `=`, `+-` (white wins by forfeit), `-+`, `--`; byes `"5 U"`
//! (pairing-allocated), `"5 F"` (full point), `"5 H"` (half point), `"5 Z"`
//! (zero point). Players in no item are absent.

#![allow(dead_code)]

use tournament::model::TiebreakEdition;
use tournament::model::{
    Board, Bye, ByeKind, GameResult, Player, Round, StartNumber, System, Tournament,
};
use tournament::standings::{
    StandingsOptions, Value, compute_standings, parse_tiebreak, parse_tiebreaks,
};

/// A tournament with `ratings.len()` players named `P1`, `P2`, … rated as given
/// (0 = unrated) and the given rounds.
pub fn tournament(system: System, ratings: &[u16], rounds: &[&[&str]]) -> Tournament {
    let mut t = Tournament {
        system,
        ..Tournament::default()
    };
    for (i, &rating) in ratings.iter().enumerate() {
        let sn = i as StartNumber + 1;
        t.players.push(Player {
            start_number: sn,
            name: format!("P{sn}"),
            fide_rating: (rating > 0).then_some(rating),
            ..Player::default()
        });
    }
    t.planned_rounds = rounds.len() as u32;
    for items in rounds {
        let mut round = Round::default();
        for item in *items {
            let parts: Vec<&str> = item.split_whitespace().collect();
            match parts.as_slice() {
                [pair, result] if pair.contains('-') => {
                    let (w, b) = pair.split_once('-').expect("pair");
                    let result = match *result {
                        "1-0" => GameResult::WhiteWins,
                        "0-1" => GameResult::BlackWins,
                        "=" => GameResult::Draw,
                        "+-" => GameResult::WhiteWinsByForfeit,
                        "-+" => GameResult::BlackWinsByForfeit,
                        "--" => GameResult::DoubleForfeit,
                        "0-0" => GameResult::BothLose,
                        "½-0" => GameResult::HalfZero,
                        "0-½" => GameResult::ZeroHalf,
                        other => panic!("bad result {other}"),
                    };
                    round.boards.push(Board::new(
                        w.parse().expect("white"),
                        b.parse().expect("black"),
                        result,
                    ));
                }
                [player, kind] => {
                    let kind = match *kind {
                        "U" => ByeKind::PairingAllocated,
                        "F" => ByeKind::FullPoint,
                        "H" => ByeKind::HalfPoint,
                        "Z" => ByeKind::ZeroPoint,
                        other => panic!("bad bye {other}"),
                    };
                    round.byes.push(Bye {
                        player: player.parse().expect("player"),
                        kind,
                    });
                }
                _ => panic!("bad item {item}"),
            }
        }
        t.rounds.push(round);
    }
    t
}

/// Parses `"4.75"`, `"1800"` or `"29/6"` into an exact value.
pub fn value(text: &str) -> Value {
    if let Some((n, d)) = text.split_once('/') {
        return Value::new(
            n.parse().expect("numerator"),
            d.parse().expect("denominator"),
        );
    }
    match text.split_once('.') {
        None => Value::integer(text.parse().expect("integer")),
        Some((whole, fraction)) => {
            let scale = 10i64.pow(fraction.len() as u32);
            let sign = if whole.starts_with('-') { -1 } else { 1 };
            let w: i64 = whole.trim_start_matches('-').parse().unwrap_or(0);
            let f: i64 = fraction.parse().expect("fraction");
            Value::new(sign * (w * scale + f), scale)
        }
    }
}

/// Checks one tie-break's value for every player: `expected[i]` is the
/// value of player `i + 1` (`"-"` for undefined).
pub fn check(t: &Tournament, edition: TiebreakEdition, spec: &str, expected: &[&str]) {
    let tiebreak = parse_tiebreak(spec).expect("spec");
    let options = StandingsOptions {
        edition,
        ..StandingsOptions::new(vec![tiebreak])
    };
    let standings = compute_standings(t, &options).expect("standings");
    for (i, want) in expected.iter().enumerate() {
        let sn = i as StartNumber + 1;
        let row = standings.row(sn).expect("row");
        let got = row.tiebreaks[0].value;
        let want = (*want != "-").then(|| value(want));
        assert_eq!(
            got, want,
            "{spec} ({edition:?}) of player {sn}: got {got:?}, want {want:?}"
        );
    }
}

/// The standings as `(place label, start number)` in rank order.
/// The places under the 2024 edition (the values the tests cite).
pub fn ranking(t: &Tournament, list: &str, seed: Option<u64>) -> Vec<(String, StartNumber)> {
    let options = StandingsOptions {
        lots_seed: seed,
        edition: TiebreakEdition::Fide2024,
        ..StandingsOptions::new(parse_tiebreaks(list).expect("list"))
    };
    compute_standings(t, &options)
        .expect("standings")
        .rows
        .iter()
        .map(|r| (r.place_label(), r.start_number))
        .collect()
}
