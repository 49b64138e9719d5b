//! Folding a long event log: `cargo bench -p regulations --bench replay`.
//! Prints the time per replay of a 200-ply live game (with clocks), and of
//! the same log plus an Art. 8.1 restoration near its end.

use regulations::{Event, EventKind, Game, GameSetup, IrregularityKind, Profile, TimeControl};
use std::time::Instant;

fn log(plies: usize) -> Vec<Event> {
    let mut g = Game::new(
        Profile::fide_classic(),
        GameSetup {
            time_control: TimeControl::parse("40/5400:1800+30").ok(),
            ..GameSetup::default()
        },
    )
    .expect("setup");
    let mut events = vec![Event::new(0, EventKind::Start)];
    g.apply(events[0].clone()).expect("start");
    let mut t = 0;
    let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
    while g.plies().len() < plies {
        let moves = g.position().legal_moves();
        if moves.is_empty() {
            break;
        }
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let m = moves[(seed % moves.len() as u64) as usize];
        t += 1_000;
        let e = Event::new(
            t,
            EventKind::Move {
                san: None,
                uci: Some(m.to_uci()),
                clock_ms: None,
                press: None,
                offer_draw: false,
            },
        );
        if g.apply(e.clone()).is_ok() {
            events.push(e);
        }
        if g.result().is_some() {
            break;
        }
    }
    events
}

fn time(label: &str, events: &[Event], rounds: u32) {
    let start = Instant::now();
    let mut plies = 0;
    for _ in 0..rounds {
        let (g, _) = Game::replay(
            Profile::fide_classic(),
            GameSetup {
                time_control: TimeControl::parse("40/5400:1800+30").ok(),
                ..GameSetup::default()
            },
            events,
        )
        .expect("replay");
        plies = g.plies().len();
    }
    let per = start.elapsed() / rounds;
    println!(
        "{label}: {} events, {plies} plies on the board, {per:?} per replay",
        events.len()
    );
}

fn main() {
    let events = log(200);
    time("replay", &events, 200);
    let mut with_restore = events.clone();
    let n = events.len() as u32;
    let last = events.last().map_or(0, |e| e.at_ms);
    with_restore.push(Event::new(
        last + 1_000,
        EventKind::DeclareIllegal {
            ply: n.saturating_sub(10).max(1),
            kind: IrregularityKind::IllegalMove,
            clocks: Some(regulations::ClockSetting {
                white_ms: 600_000,
                black_ms: 600_000,
            }),
        },
    ));
    time("replay + 8.1 restoration", &with_restore, 100);
}
