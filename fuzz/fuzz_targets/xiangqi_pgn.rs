//! Xiangqi PGN text (any bytes, read as UTF-8 with replacement).
//! Invariants: reading never panics; every error has a line and column
//! from 1 and a message; each game's moves are legal in turn from its start
//! position and lead to the position reported; a game read without error
//! writes (`write_game`) to text that reads back as the same start, moves
//! and result.
#![no_main]

use libfuzzer_sys::fuzz_target;
use xiangqi::pgn::{read_game, read_games, write_game};

#[path = "xiangqi_common.rs"]
mod common;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    for read in read_games(&text) {
        if let Some(e) = &read.error {
            assert!(e.line >= 1 && e.column >= 1, "{e:?}");
            assert!(!e.message().is_empty());
        }
        let mut pos = read.game.start;
        for &m in &read.game.moves {
            pos = pos.play(m).expect("a move read is legal");
        }
        assert_eq!(read.notations.len(), read.game.moves.len());
        if let Some(reached) = read.position {
            assert_eq!(reached, pos);
            common::check_position(&pos);
        }
        if read.error.is_none() {
            let written = write_game(&read.game).expect("legal moves write");
            let back = read_game(&written).expect("written text reads back");
            assert_eq!(back.start, read.game.start);
            assert_eq!(back.moves, read.game.moves);
            assert_eq!(back.result, read.game.result);
        }
    }
});
