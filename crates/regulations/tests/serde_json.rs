//! The JSON shape the server stores (only with `--features serde`).
#![cfg(feature = "serde")]

use regulations::{ClaimReason, Event, EventKind, Game, GameSetup, Profile};
use rules::Color;

fn check(json: &str, expected: &Event) {
    let parsed: Event = serde_json::from_str(json).expect("event parses");
    assert_eq!(&parsed, expected);
    let back = serde_json::to_string(&parsed).expect("event serialises");
    let again: Event = serde_json::from_str(&back).expect("round trip");
    assert_eq!(&again, expected);
}

#[test]
fn events_are_flat_json_objects_with_a_snake_case_type() {
    check(
        r#"{"at_ms": 5000, "type": "move", "san": "e4"}"#,
        &Event::new(
            5000,
            EventKind::Move {
                san: Some("e4".into()),
                uci: None,
                clock_ms: None,
                press: None,
                offer_draw: false,
            },
        ),
    );
    check(
        r#"{"at_ms": 7, "type": "claim_draw", "player": "black", "reason": "threefold", "move": "Nf3"}"#,
        &Event::new(
            7,
            EventKind::ClaimDraw {
                player: Color::Black,
                reason: ClaimReason::Threefold,
                intended_move: Some("Nf3".into()),
            },
        ),
    );
    check(
        r#"{"at_ms": 0, "type": "start"}"#,
        &Event::new(0, EventKind::Start),
    );
    check(
        r#"{"at_ms": 1, "type": "resume", "black_present": false}"#,
        &Event::new(
            1,
            EventKind::Resume {
                white_present: true,
                black_present: false,
                envelope_lost: false,
            },
        ),
    );
    assert!(
        serde_json::from_str::<Event>(r#"{"at_ms": 1, "type": "resign", "player": "red"}"#)
            .is_err()
    );
    assert!(serde_json::from_str::<Event>(r#"{"at_ms": 1, "type": "castle"}"#).is_err());
    check(
        r#"{"at_ms": 9, "type": "declare_result", "result": "+/-", "reason": "black absent"}"#,
        &Event::new(
            9,
            EventKind::DeclareResult {
                result: regulations::GameResult::WhiteWinsByForfeit,
                reason: "black absent".into(),
                grounds: regulations::Grounds::Other,
            },
        ),
    );
    assert!(
        serde_json::from_str::<Event>(
            r#"{"at_ms": 9, "type": "declare_result", "result": "2-0", "reason": ""}"#
        )
        .is_err()
    );
}

#[test]
fn the_public_view_serialises_without_the_sealed_move() {
    let mut g = Game::new(Profile::fide_classic(), GameSetup::default()).expect("setup");
    for e in [
        r#"{"at_ms": 0, "type": "start"}"#,
        r#"{"at_ms": 1000, "type": "move", "san": "e4"}"#,
        r#"{"at_ms": 2000, "type": "seal", "san": "Nc6"}"#,
    ] {
        g.apply(serde_json::from_str(e).expect("event"))
            .expect("accepted");
    }
    let v = serde_json::to_value(g.view(3000)).expect("view");
    assert_eq!(v["status"], "adjourned");
    assert_eq!(v["pending"]["sealed_move_present"], true);
    assert!(!v.to_string().contains("Nc6"));
    assert_eq!(v["side_to_move"], "black");
    let log = serde_json::to_string(g.log()).expect("log");
    assert!(log.contains("move_sealed"));
}

/// National variations: a captain consultation is stored as
/// `{"type": "consult_captain", "who": ..., "about": ...}`; a topic outside
/// the variation's four is kept as said, for the Art. 15 refusal to name.
#[test]
fn a_captain_consultation_is_stored_with_who_and_what_about() {
    check(
        r#"{"at_ms": 3, "type": "consult_captain", "who": "black", "about": "accept_draw"}"#,
        &Event::new(
            3,
            EventKind::ConsultCaptain {
                who: Color::Black,
                about: regulations::CaptainTopic::AcceptDraw,
            },
        ),
    );
    check(
        r#"{"at_ms": 3, "type": "consult_captain", "who": "white", "about": "the_position"}"#,
        &Event::new(
            3,
            EventKind::ConsultCaptain {
                who: Color::White,
                about: regulations::CaptainTopic::Other("the_position".into()),
            },
        ),
    );
    assert!(
        serde_json::from_str::<Event>(
            r#"{"at_ms": 3, "type": "consult_captain", "who": "both", "about": "resign"}"#
        )
        .is_err()
    );
}
