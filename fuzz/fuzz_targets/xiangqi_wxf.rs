//! Xiangqi moves in WXF notation (`C2.5`, `H8+7`, `R+.3`) against fixed positions (the
//! first byte chooses one; the rest is text). Invariants: parsing never
//! panics; a move read is legal, and written back (`to_wxf`) it reads as
//! the same move; a move refused as illegal is refused for the reason
//! `why_illegal` gives. Moves read are played, so the positions go deeper;
//! each position reached passes `check_position` (every legal move's ICCS,
//! WXF and Chinese round trip).
#![no_main]

use libfuzzer_sys::fuzz_target;
use xiangqi::NotationError;

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
        match pos.parse_wxf(token) {
            Ok(m) => {
                assert!(pos.legal_moves().contains(&m), "{token} -> {m} is legal");
                let written = pos
                    .to_wxf(m)
                    .expect("a piece stands on a legal move's from-point");
                assert_eq!(
                    pos.parse_wxf(&written),
                    Ok(m),
                    "{token} -> {m} -> {written}"
                );
                pos = pos.play(m).expect("a parsed move plays");
                common::check_position(&pos);
            }
            Err(NotationError::Illegal { mv, reason }) => {
                assert_eq!(pos.why_illegal(mv), Some(reason), "{token} -> {mv}");
            }
            Err(e) => {
                let _ = e.to_string();
            }
        }
    }
});
