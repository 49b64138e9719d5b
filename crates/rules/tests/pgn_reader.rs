//! The PGN reader (PGN standard, Steven J. Edwards 1994): tags, comments,
//! NAGs, variations, escapes, results, clocks, errors with line and column,
//! and resumption at the next game.

use rules::pgn::{
    Event, Game, GameResult, Location, PgnErrorKind, Reader, SyntaxError, parse_clock, read_games,
};

/// Renders the event stream compactly: `<` begin game, `>` end game, `|` end
/// of tags, `T:Name=value`, `M:san`, `N:nag`, `C:comment`, `(`, `)`, `R:result`,
/// `E:line:column:message` for errors.
fn events(input: &str) -> Vec<String> {
    let mut reader = Reader::new(input.as_bytes());
    let mut out = Vec::new();
    while let Some(event) = reader.next_event() {
        out.push(match event {
            Ok(Event::BeginGame) => "<".to_owned(),
            Ok(Event::EndGame) => ">".to_owned(),
            Ok(Event::EndTags) => "|".to_owned(),
            Ok(Event::Tag { name, value }) => format!("T:{name}={}", value.decode()),
            Ok(Event::San(san)) => format!("M:{san}"),
            Ok(Event::Nag(nag)) => format!("N:{nag}"),
            Ok(Event::Comment(c)) => format!("C:{}", c.text()),
            Ok(Event::BeginVariation) => "(".to_owned(),
            Ok(Event::EndVariation) => ")".to_owned(),
            Ok(Event::Result(r)) => format!("R:{r}"),
            Err(e) => format!("E:{}:{}:{}", e.line, e.column, e.kind),
        });
    }
    out
}

fn check(input: &str, expected: &str) {
    let got = events(input).join(" ");
    assert_eq!(got, expected, "events of {input:?}");
}

fn games(input: &str) -> Vec<Result<Game, (u32, u32)>> {
    read_games(input)
        .map(|g| g.map_err(|e| (e.line, e.column)))
        .collect()
}

#[test]
fn tag_pairs_are_read_with_escaped_quotes_and_backslashes() {
    check(
        "[Event \"The \\\"Immortal\\\" Game\"]\n[Site \"C:\\\\London\"]\n\n*",
        "< T:Event=The \"Immortal\" Game T:Site=C:\\London | R:* >",
    );
}

#[test]
fn tag_pairs_tolerate_spacing_and_share_a_line() {
    check(
        "[ Event  \"a\" ][Round \"1\"]\n1. e4 *",
        "< T:Event=a T:Round=1 | M:e4 R:* >",
    );
}

#[test]
fn brace_comments_may_span_lines_and_semicolon_comments_end_the_line() {
    check(
        "1. e4 {best by\ntest} e5 ; rest of line\n2. Nf3 *",
        "< | M:e4 C:best by\ntest M:e5 C: rest of line M:Nf3 R:* >",
    );
}

#[test]
fn numeric_annotation_glyphs_and_move_suffixes_become_nags() {
    check(
        "1. e4! e5? 2. Nf3!! Nc6?? 3. Bb5!? a6?! $14 4. Ba4 $201 *",
        "< | M:e4 N:1 M:e5 N:2 M:Nf3 N:3 M:Nc6 N:4 M:Bb5 N:5 M:a6 N:6 N:14 M:Ba4 N:201 R:* >",
    );
}

#[test]
fn nested_variations_are_exposed_as_events() {
    check(
        "1. e4 (1. d4 d5 (1... Nf6 2. c4) 2. c4) 1... e5 *",
        "< | M:e4 ( M:d4 M:d5 ( M:Nf6 M:c4 ) M:c4 ) M:e5 R:* >",
    );
}

#[test]
fn escape_lines_starting_with_percent_are_ignored() {
    check(
        "% a program's private data\n[Event \"x\"]\n%[Fake \"tag\"]\n\n1. e4\n% 2. d4\n*",
        "< T:Event=x | M:e4 R:* >",
    );
}

#[test]
fn percent_inside_a_line_is_not_an_escape() {
    check("1. e4 % e5 *", "< | M:e4 E:1:7:unexpected character '%'");
}

#[test]
fn move_numbers_with_and_without_spaces_and_black_ellipses() {
    check(
        "12.e4 e5 13. Nf3 13... Nc6 14 Bb5 14. ... a6 *",
        "< | M:e4 M:e5 M:Nf3 M:Nc6 M:Bb5 M:a6 R:* >",
    );
}

#[test]
fn every_result_token_ends_its_game() {
    check(
        "1. e4 1-0\n\n1. d4 0-1\n\n1. c4 1/2-1/2\n\n1. Nf3 *",
        "< | M:e4 R:1-0 > < | M:d4 R:0-1 > < | M:c4 R:1/2-1/2 > < | M:Nf3 R:* >",
    );
}

#[test]
fn castling_with_zeros_and_en_passant_suffix_are_accepted() {
    check(
        "1. e4 d5 2. e5 f5 3. exf6 e.p. Nc6 4. Nf3 Bg4 5. Be2 Qd7 6. 0-0 0-0-0 *",
        "< | M:e4 M:d5 M:e5 M:f5 M:exf6 M:Nc6 M:Nf3 M:Bg4 M:Be2 M:Qd7 M:0-0 M:0-0-0 R:* >",
    );
}

#[test]
fn a_missing_result_token_ends_the_game_at_the_next_tag_section() {
    check(
        "[Event \"a\"]\n\n1. e4\n\n[Event \"b\"]\n\n1. d4 *\n",
        "< T:Event=a | M:e4 > < T:Event=b | M:d4 R:* >",
    );
}

#[test]
fn a_missing_result_token_at_the_end_of_input_still_ends_the_game() {
    check("1. e4 e5", "< | M:e4 M:e5 >");
}

#[test]
fn games_without_tags_follow_each_other() {
    check("1. e4 *\n1. d4 *", "< | M:e4 R:* > < | M:d4 R:* >");
}

#[test]
fn empty_and_blank_input_has_no_games() {
    check("", "");
    check("\n\n  \r\n", "");
    check("\u{feff}", "");
}

#[test]
fn a_byte_order_mark_is_skipped() {
    check("\u{feff}[Event \"x\"]\n*", "< T:Event=x | R:* >");
}

#[test]
fn iso_8859_1_tag_values_are_decoded() {
    let input = b"[White \"Lindstr\xf6m\"]\n*";
    let mut reader = Reader::new(input);
    let mut names = Vec::new();
    while let Some(Ok(event)) = reader.next_event() {
        if let Event::Tag { value, .. } = event {
            names.push(value.decode().into_owned());
        }
    }
    assert_eq!(names, ["Lindström"]);
}

#[test]
fn clock_comments_give_milliseconds() {
    assert_eq!(parse_clock("[%clk 1:02:03]"), Some(3_723_000));
    assert_eq!(parse_clock("[%clk 0:00:05.3]"), Some(5_300));
    assert_eq!(parse_clock("[%clk 0:00:05.25]"), Some(5_250));
    assert_eq!(parse_clock("[%eval 0.3] [%clk 0:10:00]"), Some(600_000));
    assert_eq!(parse_clock("[%clk 5:07]"), Some(307_000));
    assert_eq!(parse_clock("[%clk  12:00:00 ]"), Some(43_200_000));
    assert_eq!(parse_clock("no clock here"), None);
    assert_eq!(parse_clock("[%clk]"), None);
    assert_eq!(parse_clock("[%clk 1:02:03"), None);
    assert_eq!(parse_clock("[%clk 1:2:3:4]"), None);
    assert_eq!(parse_clock("[%clk 99999999999999999999:00:00]"), None);
    // A unit under a larger one counts to 59: these are no times.
    assert_eq!(parse_clock("[%clk 1:99:99]"), None);
    assert_eq!(parse_clock("[%clk 1:60:00]"), None);
    assert_eq!(parse_clock("[%clk 5:60]"), None);
    assert_eq!(
        parse_clock("[%clk 90:00]"),
        Some(5_400_000),
        "minutes alone may pass 59"
    );
}

#[test]
fn clock_comments_are_attached_to_the_move_before_them() {
    let pgn = "1. e4 {[%clk 0:03:00]} e5 {[%clk 0:02:59.5] book} 2. Nf3 { [%emt 0:00:01] } *";
    let game = read_games(pgn).next().unwrap().unwrap();
    let clocks: Vec<_> = game.moves.iter().map(|p| p.clock_ms).collect();
    assert_eq!(clocks, [Some(180_000), Some(179_500), None]);
    assert_eq!(game.moves[0].comment, None);
    assert_eq!(game.moves[1].comment.as_deref(), Some("book"));
    assert_eq!(game.moves[2].comment.as_deref(), Some("[%emt 0:00:01]"));
}

#[test]
fn read_games_keeps_main_line_tags_nags_and_the_opening_comment() {
    let pgn = "[Event \"Club\"]\n[White \"A\"]\n\n{Opening remark} 1. e4 $1 (1. d4 {side} d5) \
               e5 {main} {again} 2. Nf3 ?! 0-1\n";
    let game = read_games(pgn).next().unwrap().unwrap();
    assert_eq!(
        game.tags,
        [
            ("Event".into(), "Club".into()),
            ("White".into(), "A".into())
        ]
    );
    assert_eq!(game.comment.as_deref(), Some("Opening remark"));
    let sans: Vec<_> = game.moves.iter().map(|p| p.san.as_str()).collect();
    assert_eq!(sans, ["e4", "e5", "Nf3"]);
    assert_eq!(game.moves[0].nags, [1]);
    assert_eq!(game.moves[1].comment.as_deref(), Some("main again"));
    assert_eq!(game.moves[2].nags, [6]);
    assert_eq!(game.result, GameResult::BlackWins);
}

#[test]
fn fen_and_setup_tags_are_read_like_any_tag() {
    let pgn = "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n\n1. e4 *";
    let game = read_games(pgn).next().unwrap().unwrap();
    assert_eq!(game.tag("SetUp"), Some("1"));
    assert_eq!(game.tag("FEN"), Some("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"));
}

// --- Errors: line and column, then the next game -----------------------------

#[test]
fn an_unterminated_tag_value_is_reported_at_its_opening_quote() {
    check(
        "[Event \"Open\n[Site \"x\"]\n\n1. e4 *\n\n[Event \"next\"]\n\n1. d4 *",
        "< E:1:8:tag value not closed by a quote on its line < T:Event=next | M:d4 R:* >",
    );
}

#[test]
fn a_tag_without_a_value_is_reported_where_the_value_should_be() {
    check(
        "[Event \"a\"]\n[Site x]\n\n1. e4 *\n\n[Event \"b\"]\n*",
        "< T:Event=a E:2:7:tag name not followed by a quoted value < T:Event=b | R:* >",
    );
}

#[test]
fn an_unclosed_tag_bracket_is_reported() {
    check(
        "[Event \"a\" x\n\n[Event \"b\"]\n*",
        "< E:1:12:tag pair not closed by ']' < T:Event=b | R:* >",
    );
}

#[test]
fn a_bad_character_in_movetext_is_located_and_reading_resumes_after_the_result() {
    check(
        "[Event \"a\"]\n\n1. e4 e5\n2. Nf3 & Nc6 1-0\n[Event \"b\"]\n\n1. d4 *",
        "< T:Event=a | M:e4 M:e5 M:Nf3 E:4:8:unexpected character '&' \
         < T:Event=b | M:d4 R:* >",
    );
}

#[test]
fn columns_count_characters_not_bytes() {
    check(
        "{é} 1. e4 ½-½",
        "< | C:é M:e4 E:1:11:unexpected character '½'",
    );
}

#[test]
fn an_unmatched_closing_parenthesis_is_an_error() {
    check(
        "1. e4 ) e5 *\n\n[Event \"b\"]\n1. d4 *",
        "< | M:e4 E:1:7:')' without a matching '(' < T:Event=b | M:d4 R:* >",
    );
}

#[test]
fn an_unclosed_variation_is_an_error_at_the_end_of_the_game() {
    check(
        "1. e4 (1. d4 d5\n\n[Event \"b\"]\n*",
        "< | M:e4 ( M:d4 M:d5 E:3:1:variation '(' never closed by ')' < T:Event=b | R:* >",
    );
    check(
        "1. e4 (1. d4",
        "< | M:e4 ( M:d4 E:1:13:variation '(' never closed by ')'",
    );
}

#[test]
fn an_unclosed_comment_is_reported_at_its_brace_and_later_games_survive() {
    check(
        "1. e4 {oops\n1-0\n\n[Event \"b\"]\n\n1. d4 *",
        "< | M:e4 E:1:7:comment '{' never closed by '}' < T:Event=b | M:d4 R:* >",
    );
}

#[test]
fn a_result_inside_a_variation_is_an_error() {
    check(
        "1. e4 (1. d4 1-0) *\n\n[Event \"b\"]\n*",
        "< | M:e4 ( M:d4 E:1:14:game result inside a variation < T:Event=b | R:* >",
    );
}

#[test]
fn bad_nags_and_suffixes_are_errors() {
    check(
        "1. e4 $256 *",
        "< | M:e4 E:1:7:'$' must be followed by a number from 0 to 255",
    );
    check(
        "1. e4 $ *",
        "< | M:e4 E:1:7:'$' must be followed by a number from 0 to 255",
    );
    check(
        "1. e4 !!! *",
        "< | M:e4 E:1:7:move suffix must be one of ! ? !! ?? !? ?!",
    );
}

#[test]
fn tokens_starting_with_digits_must_be_numbers_results_or_castling() {
    check(
        "1. e4 1-1 *",
        "< | M:e4 E:1:7:token is neither a move number, a move nor a result",
    );
}

#[test]
fn read_games_reports_the_error_and_yields_the_following_games() {
    let pgn =
        "[Event \"1\"]\n\n1. e4 *\n\n[Event \"2\"]\n\n1. e4 {x\n\n[Event \"3\"]\n\n1. c4 1-0\n";
    let got = games(pgn);
    assert_eq!(got.len(), 3);
    assert_eq!(got[0].as_ref().unwrap().tag("Event"), Some("1"));
    assert_eq!(got[1].as_ref().unwrap_err(), &(7, 7));
    assert_eq!(got[2].as_ref().unwrap().moves[0].san, "c4");
}

#[test]
fn errors_carry_their_kind_and_display_their_location() {
    let err = read_games("1. e4 )").next().unwrap().unwrap_err();
    assert_eq!(
        err.kind,
        PgnErrorKind::Syntax(SyntaxError::UnmatchedVariationEnd)
    );
    assert_eq!(err.location(), Location { line: 1, column: 7 });
    assert_eq!(
        err.to_string(),
        "line 1, column 7: ')' without a matching '('"
    );
}

#[test]
fn skip_game_moves_to_the_next_game_after_a_caller_side_error() {
    let pgn = "1. e4 {a ) comment} (1. d4) e5 1-0\n\n[Event \"b\"]\n\n1. Nf3 *";
    let mut reader = Reader::new(pgn.as_bytes());
    assert_eq!(reader.next_event(), Some(Ok(Event::BeginGame)));
    assert_eq!(reader.next_event(), Some(Ok(Event::EndTags)));
    assert_eq!(reader.next_event(), Some(Ok(Event::San("e4"))));
    assert_eq!(reader.location(), Location { line: 1, column: 4 });
    assert_eq!(reader.skip_game(), None);
    assert_eq!(reader.next_event(), Some(Ok(Event::BeginGame)));
    assert!(matches!(
        reader.next_event(),
        Some(Ok(Event::Tag { name: "Event", .. }))
    ));
}

#[test]
fn event_locations_follow_lines_through_comments_and_escapes() {
    let pgn = "[Event \"x\"]\n% escape\n\n1. e4 {two\nlines} e5\n  2. Nf3 *";
    let mut reader = Reader::new(pgn.as_bytes());
    let mut located = Vec::new();
    while let Some(Ok(event)) = reader.next_event() {
        if let Event::San(san) = event {
            let Location { line, column } = reader.location();
            located.push((san, line, column));
        }
    }
    assert_eq!(located, [("e4", 4, 4), ("e5", 5, 8), ("Nf3", 6, 6)]);
}

#[test]
fn windows_line_endings_are_whitespace() {
    check(
        "[Event \"x\"]\r\n\r\n1. e4 ; note\r\ne5 *\r\n",
        "< T:Event=x | M:e4 C: note M:e5 R:* >",
    );
}
