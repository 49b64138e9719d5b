//! PGN input: reading never panics; replayed positions are always legal;
//! every game read writes back to PGN that reads as the same game.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rules::Position;
use rules::pgn::{Games, PgnErrorKind, Replayer, SEVEN_TAG_ROSTER, read_games, write_game};

fuzz_target!(|data: &[u8]| {
    for (game, read) in Replayer::new(data)
        .counting_repetitions()
        .zip(Games::new(data))
    {
        if let Some(e) = &game.error {
            assert!(e.line >= 1 && e.column >= 1);
            let _ = e.to_string();
        }
        assert_eq!(game.start.is_some(), game.position.is_some());
        if let Some(pos) = game.position {
            Position::from_fen(&pos.to_fen()).expect("replayed positions are legal");
            assert!(game.repetitions >= 1);
        }
        // The replayer (with its fast SAN path) agrees with replaying the
        // same moves through `Position::parse_san`.
        let (Ok(read), Some(start)) = (read, game.start) else {
            continue;
        };
        let mut pos = start;
        let mut plies = 0;
        for ply in &read.moves {
            match pos.parse_san(&ply.san) {
                Ok(m) => {
                    pos.play_unchecked(m);
                    plies += 1;
                }
                Err(_) => break,
            }
        }
        assert_eq!(plies, game.plies, "plies");
        assert_eq!(Some(pos), game.position, "final position");
        let move_error = matches!(
            game.error.as_ref().map(|e| &e.kind),
            Some(PgnErrorKind::Move { .. })
        );
        assert_eq!(
            move_error,
            plies < read.moves.len(),
            "move error iff a move failed"
        );
    }

    for game in Games::new(data).flatten() {
        let mut text = String::new();
        write_game(&game, &mut text);
        let mut again = read_games(&text);
        let back = again
            .next()
            .expect("one game written")
            .unwrap_or_else(|e| panic!("written PGN reads back: {e}\n{text}"));
        assert!(again.next().is_none(), "one game written, one read\n{text}");
        let mut expected = game.moves.clone();
        for ply in &mut expected {
            ply.comment = ply.comment.as_deref().and_then(without_braces);
        }
        assert_eq!(back.moves, expected, "moves survive\n{text}");
        assert_eq!(back.result, game.result);
        assert_eq!(
            back.comment,
            game.comment.as_deref().and_then(without_braces)
        );
        for name in SEVEN_TAG_ROSTER {
            if let Some(value) = game.tag(name) {
                assert_eq!(back.tag(name), Some(normalise(value).as_str()), "{name}");
            }
        }
        let others = |g: &rules::pgn::Game| -> Vec<(String, String)> {
            g.tags
                .iter()
                .filter(|(n, _)| !SEVEN_TAG_ROSTER.contains(&n.as_str()))
                .map(|(n, v)| (n.clone(), normalise(v)))
                .collect()
        };
        assert_eq!(others(&back), others(&game), "tags survive\n{text}");
    }
});

/// A `;` comment may contain `}`, which a brace comment cannot: the writer
/// drops it (documented on `write_game`).
fn without_braces(comment: &str) -> Option<String> {
    let text = comment.replace('}', " ");
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    (!text.is_empty()).then_some(text)
}

/// Tag values are single lines: the writer turns tabs and returns into spaces.
fn normalise(value: &str) -> String {
    value.replace(['\t', '\r', '\n'], " ")
}
