//! Xiangqi moves in Chinese notation (炮二平五, 马8进7, 前车平四) against fixed positions (the
//! first byte chooses one; the rest is text). Invariants: parsing never
//! panics; a move read is legal, and written back (`to_chinese`) it reads as
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
    common::notation_target(data, Position::parse_chinese, Position::to_chinese);
});
