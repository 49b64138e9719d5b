//! The shared PGN text layer on a tricky game: escaped quotes in tags,
//! nested variations, comments with brackets and `%clk` commands, NAGs,
//! `;` comments, locations.

use pgn_syntax::{
    LineWrapper, Location, SyntaxError, TagWhitespace, brace_comment_end, column_of, line_end,
    memchr, memchr3, scan_nag, scan_tag, unescape_tag_value, write_tag_pair,
};

const GAME: &str = "[Event \"The \\\"Big\\\" One\"]\n\
[White \"C:\\\\dir\"]\t\r\n\
\n\
1. e4 {[%clk 1:59:58] a (b) [c] \u{00e9}} e5 $14 (1... c5 (1... e6) 2. Nf3) ; rest { of line\n\
2. Nf3 1-0\n";

#[test]
fn tag_pairs_with_escapes() {
    let bytes = GAME.as_bytes();
    let first = scan_tag(bytes, 0, true).expect("first tag");
    assert_eq!(&GAME[first.name.clone()], "Event");
    assert_eq!(&GAME[first.value.clone()], "The \\\"Big\\\" One");
    assert_eq!(
        unescape_tag_value(&bytes[first.value.clone()]).as_ref(),
        b"The \"Big\" One"
    );
    assert_eq!(bytes[first.end - 1], b']');
    let second = scan_tag(bytes, first.end + 1, false).expect("second tag");
    assert_eq!(&GAME[second.name], "White");
    assert_eq!(
        unescape_tag_value(&bytes[second.value]).as_ref(),
        b"C:\\dir"
    );
    // Blanks and a carriage return after the `]` are not part of the tag.
    assert_eq!(&GAME[second.end..second.end + 3], "\t\r\n");
}

#[test]
fn unescaping_keeps_other_backslashes_and_borrows_when_it_can() {
    assert!(matches!(
        unescape_tag_value(b"plain"),
        std::borrow::Cow::Borrowed(_)
    ));
    assert_eq!(unescape_tag_value(b"a\\nb\\").as_ref(), b"a\\nb\\");
}

#[test]
fn tag_errors_are_located() {
    assert_eq!(
        scan_tag(b"[ \"x\"]", 0, true),
        Err((2, SyntaxError::MissingTagName))
    );
    assert_eq!(
        scan_tag(b"[Event x]", 0, true),
        Err((7, SyntaxError::MissingTagValue))
    );
    assert_eq!(
        scan_tag(b"[Event \"x]\n", 0, true),
        Err((7, SyntaxError::UnterminatedTagValue))
    );
    assert_eq!(
        scan_tag(b"[Event \"x\\\"]", 0, true),
        Err((7, SyntaxError::UnterminatedTagValue))
    );
    assert_eq!(
        scan_tag(b"[Event \"x\" y", 0, true),
        Err((11, SyntaxError::UnterminatedTag))
    );
    // A carriage return before the value is a blank only when asked.
    assert!(scan_tag(b"[Event\r\"x\"]", 0, true).is_ok());
    assert_eq!(
        scan_tag(b"[Event\r\"x\"]", 0, false),
        Err((6, SyntaxError::MissingTagValue))
    );
}

#[test]
fn comments_are_kept_verbatim() {
    let bytes = GAME.as_bytes();
    let open = GAME.find('{').expect("a brace comment");
    let close = brace_comment_end(bytes, open).expect("closed");
    assert_eq!(&GAME[open + 1..close], "[%clk 1:59:58] a (b) [c] \u{00e9}");
    // A `;` comment runs to the end of its line, `{` included.
    let semi = GAME.find(';').expect("a line comment");
    let end = line_end(bytes, semi);
    assert_eq!(&GAME[semi + 1..end], " rest { of line");
    assert_eq!(line_end(b"no newline", 3), 10);
    assert_eq!(brace_comment_end(b"{ never closed", 0), None);
    assert_eq!(brace_comment_end(b"{", 0), None);
}

#[test]
fn nags() {
    let bytes = GAME.as_bytes();
    let dollar = GAME.find('$').expect("a NAG");
    assert_eq!(scan_nag(bytes, dollar + 1), (dollar + 3, Some(14)));
    assert_eq!(scan_nag(b"$255 ", 1), (4, Some(255)));
    assert_eq!(scan_nag(b"$256", 1), (4, None));
    assert_eq!(scan_nag(b"$x", 1), (1, None));
    assert_eq!(scan_nag(b"$", 1), (1, None));
}

#[test]
fn nested_variations_balance() {
    // The text layer leaves variations to the readers; the delimiters are
    // plain bytes outside comments.
    let movetext = &GAME[GAME.find("1. e4").expect("movetext")..];
    let close =
        brace_comment_end(movetext.as_bytes(), movetext.find('{').expect("{")).expect("closed");
    let after = &movetext[close + 1..movetext.find(';').expect(";")];
    let mut depth = 0i32;
    let mut deepest = 0;
    for c in after.chars() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            _ => {}
        }
        deepest = deepest.max(depth);
    }
    assert_eq!((depth, deepest), (0, 2));
}

#[test]
fn columns_count_characters() {
    let line = "1. e4 {\u{00e9}\u{00e9}} e5";
    let e5 = line.find("e5").expect("e5");
    assert_eq!(column_of(line.as_bytes(), 0, e5), 12);
    assert_eq!(column_of(b"abc", 0, 0), 1);
    assert_eq!(column_of(b"abc", 0, 99), 4);
    let loc = Location {
        line: 4,
        column: 12,
    };
    assert_eq!(loc.to_string(), "line 4, column 12");
    assert!(Location { line: 1, column: 9 } < loc);
}

#[test]
fn memchr_matches_the_naive_search() {
    let hay = b"0123456789abcdef}ghij";
    for needle in [b'0', b'7', b'8', b'}', b'j', b'z'] {
        assert_eq!(memchr(needle, hay), hay.iter().position(|&b| b == needle));
    }
    assert_eq!(memchr(b'x', b""), None);
}

#[test]
fn memchr3_finds_the_first_of_its_bytes_at_every_offset_and_length() {
    let text: &[u8] = b"{ [%clk 0:03:00] }\n{ multi\nline } ; x\n\"q\\\"";
    for start in 0..text.len() {
        for end in start..=text.len() {
            let hay = &text[start..end];
            for (a, b, c) in [
                (b'}', b'\n', b'"'),
                (b'"', b'\\', b'\n'),
                (b'z', b'y', b'x'),
            ] {
                assert_eq!(
                    memchr3(a, b, c, hay),
                    hay.iter().position(|&x| x == a || x == b || x == c)
                );
            }
        }
    }
}

#[test]
fn errors_display() {
    assert_eq!(
        SyntaxError::UnterminatedComment.to_string(),
        "comment '{' never closed by '}'"
    );
    assert_eq!(
        SyntaxError::UnexpectedChar('}').to_string(),
        "unexpected character '}'"
    );
}

#[test]
fn tag_pairs_are_written_on_one_line() {
    let mut out = String::new();
    write_tag_pair(
        &mut out,
        "Event",
        "a \"b\" c:\\ d\ne\tf",
        TagWhitespace::LineBreaks,
    );
    write_tag_pair(&mut out, "Site", "x\ty\r", TagWhitespace::LineBreaksAndTabs);
    assert_eq!(
        out,
        "[Event \"a \\\"b\\\" c:\\\\ d e\tf\"]\n[Site \"x y \"]\n"
    );
    // What is written reads back.
    let first = scan_tag(out.as_bytes(), 0, true).expect("reads back");
    assert_eq!(
        unescape_tag_value(&out.as_bytes()[first.value]).as_ref(),
        "a \"b\" c:\\ d e\tf".as_bytes()
    );
}

#[test]
fn movetext_wraps_at_the_width() {
    let mut out = String::new();
    let mut lines = LineWrapper::new(10);
    for token in [
        "1.",
        "e4",
        "e5",
        "2.",
        "Nf3",
        "{averyveryverylongword}",
        "1-0",
    ] {
        lines.token(&mut out, token);
    }
    assert_eq!(out, "1. e4 e5\n2. Nf3\n{averyveryverylongword}\n1-0");
    for line in out.lines() {
        assert!(line.chars().count() <= 10 || !line.contains(' '));
    }
    // Width counts characters, not bytes.
    let mut out = String::new();
    let mut lines = LineWrapper::new(5);
    lines.token(&mut out, "炮二");
    lines.token(&mut out, "平五");
    assert_eq!(out, "炮二 平五");
}
