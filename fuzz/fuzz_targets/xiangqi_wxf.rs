//! Xiangqi moves in WXF notation (`C2.5`, `H8+7`, `R+.3`) against fixed positions (the
//! first byte chooses one; the rest is text). Invariants: parsing never
//! panics; a move read is legal, and written back (`to_wxf`) it reads as
//! the same move; a move refused as illegal is refused for the reason
//! `why_illegal` gives. Moves read are played, so the positions go deeper;
//! each position reached passes `check_position` (every legal move's ICCS,
//! WXF and Chinese round trip).
#![no_main]

use libfuzzer_sys::fuzz_target;
use xiangqi::Position;

#[path = "xiangqi_common.rs"]
mod common;

fuzz_target!(|data: &[u8]| {
    common::notation_target(data, Position::parse_wxf, Position::to_wxf);
});
