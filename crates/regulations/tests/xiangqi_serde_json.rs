//! The JSON shape of Xiangqi events (only with `--features serde`): flat
//! objects with a snake_case `type`, as the chess events.
#![cfg(feature = "serde")]

use regulations::{Notation, XqEvent, XqEventKind, XqLossGrounds, XqWho};
use xiangqi::Color;

fn check(json: &str, expected: &XqEvent) {
    let parsed: XqEvent = serde_json::from_str(json).expect("event parses");
    assert_eq!(&parsed, expected);
    let back = serde_json::to_string(&parsed).expect("event serialises");
    let again: XqEvent = serde_json::from_str(&back).expect("round trip");
    assert_eq!(&again, expected);
}

#[test]
fn xiangqi_events_are_flat_json_objects_with_the_move_in_any_notation() {
    check(
        r#"{"at_ms": 5000, "type": "move", "move": "h2e2"}"#,
        &XqEvent::new(
            5000,
            XqEventKind::Move {
                text: "h2e2".into(),
                notation: None,
                clock_ms: None,
            },
        ),
    );
    check(
        r#"{"at_ms": 6000, "type": "move", "move": "炮二平五", "notation": "chinese"}"#,
        &XqEvent::new(
            6000,
            XqEventKind::Move {
                text: "炮二平五".into(),
                notation: Some(Notation::Chinese),
                clock_ms: None,
            },
        ),
    );
    check(
        r#"{"at_ms": 7000, "type": "resign", "player": "black"}"#,
        &XqEvent::new(
            7000,
            XqEventKind::Resign {
                player: Color::Black,
            },
        ),
    );
    check(
        r#"{"at_ms": 8000, "type": "unrecorded", "player": "red", "moves": 4}"#,
        &XqEvent::new(
            8000,
            XqEventKind::Unrecorded {
                player: Color::Red,
                moves: 4,
            },
        ),
    );
    assert!(
        serde_json::from_str::<XqEvent>(r#"{"at_ms": 1, "type": "resign", "player": "white"}"#)
            .is_err()
    );
}

#[test]
fn the_arbiters_and_the_touch_events_of_xiangqi_read_as_flat_json_xq_4_1_10_and_xq_5() {
    check(
        r#"{"at_ms": 1, "type": "touch", "player": "red", "square": "b2", "together_with": ["a5"]}"#,
        &XqEvent::new(
            1,
            XqEventKind::Touch {
                player: Color::Red,
                square: "b2".into(),
                together_with: vec!["a5".into()],
                accidental: false,
            },
        ),
    );
    check(
        r#"{"at_ms": 2, "type": "adjust", "player": "black", "square": "b7", "consent": true}"#,
        &XqEvent::new(
            2,
            XqEventKind::Adjust {
                player: Color::Black,
                square: "b7".into(),
                consent: true,
            },
        ),
    );
    check(
        r#"{"at_ms": 3, "type": "arrive", "player": "black"}"#,
        &XqEvent::new(
            3,
            XqEventKind::Arrive {
                player: Color::Black,
            },
        ),
    );
    check(
        r#"{"at_ms": 4, "type": "refuse", "who": "both"}"#,
        &XqEvent::new(4, XqEventKind::Refuse { who: XqWho::Both }),
    );
    check(
        r#"{"at_ms": 5, "type": "declare_loss", "player": "red", "grounds": "not_changing"}"#,
        &XqEvent::new(
            5,
            XqEventKind::DeclareLoss {
                player: Color::Red,
                grounds: XqLossGrounds::NotChanging,
            },
        ),
    );
    check(
        r#"{"at_ms": 6, "type": "simple_position"}"#,
        &XqEvent::new(6, XqEventKind::SimplePosition),
    );
}
