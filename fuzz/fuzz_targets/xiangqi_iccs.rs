//! Xiangqi coordinate (ICCS) moves against fixed positions (the first byte
//! chooses one; the rest is text). Invariants: parsing never panics; text
//! that reads as a move reads as the same move when written back
//! (`Move::to_iccs`); `parse_iccs` accepts exactly the legal moves, and an
//! illegal one is refused with the reason `why_illegal` gives. Tokens that
//! are legal moves are played, so the positions go deeper; each position
//! reached passes `check_position` (every legal move's ICCS, WXF and
//! Chinese round trip).
#![no_main]

use libfuzzer_sys::fuzz_target;
use xiangqi::{IccsError, Move};

#[path = "xiangqi_common.rs"]
mod common;

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let mut pos = common::position(first);
    // The whole text (spaces inside a move are read), then each token.
    for token in std::iter::once(text).chain(text.split_whitespace().take(64)) {
        let syntax = Move::from_iccs(token);
        let parsed = pos.parse_iccs(token);
        let Ok(m) = syntax else {
            assert!(
                matches!(parsed, Err(IccsError::Malformed(_))),
                "{token}: {parsed:?}"
            );
            continue;
        };
        let written = m.to_iccs();
        assert_eq!(written.len(), 4, "{token} -> {written}");
        assert_eq!(Move::from_iccs(&written), Ok(m), "{token} -> {written}");
        match parsed {
            Ok(p) => {
                assert_eq!(p, m, "{token}");
                assert!(pos.legal_moves().contains(&m), "{token} is legal");
                pos = pos.play(m).expect("a parsed move plays");
                common::check_position(&pos);
            }
            Err(IccsError::Illegal { mv, reason }) => {
                assert_eq!(mv, m, "{token}");
                assert_eq!(pos.why_illegal(m), Some(reason), "{token}");
                assert!(!pos.legal_moves().contains(&m), "{token} is illegal");
            }
            Err(IccsError::Malformed(_)) => {
                panic!("{token}: read by from_iccs, refused by parse_iccs")
            }
        }
    }
});
