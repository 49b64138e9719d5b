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

#[path = "xiangqi_common.rs"]
mod common;

fuzz_target!(|data: &[u8]| {
    common::iccs_target(data);
});
