//! A defective TRF is refused with the line, the column and the reason
//! (FIDE C.04 Annex 2 column layout).

use tournament::trf::{self, TrfError, TrfErrorKind};

const BASE: &str = "\
012 Defects Open
XXR 3
001    1 m    Alpha                             2000 ESP     1000001 1990/01/01  1.0    1     2 w 1
001    2 w    Bravo                             1900 ESP     1000002 1991/01/01  0.0    2     1 b 0
";

/// Replaces `from` by `to` on line `line` (1-based) of the base file, or
/// appends `to` as a new line when `from` is empty.
fn mutate(line: usize, from: &str, to: &str) -> String {
    let mut lines: Vec<String> = BASE.lines().map(str::to_owned).collect();
    if from.is_empty() {
        lines.insert(line - 1, to.to_owned());
    } else {
        assert!(
            lines[line - 1].contains(from),
            "{from:?} not on line {line}"
        );
        lines[line - 1] = lines[line - 1].replacen(from, to, 1);
    }
    lines.join("\n") + "\n"
}

fn check(text: &str, line: usize, column: usize, kind: TrfErrorKind) {
    assert_eq!(
        trf::read_tournament(text),
        Err(TrfError { line, column, kind }),
        "{text}"
    );
}

#[test]
fn the_base_file_is_valid() {
    let t = trf::read_tournament(BASE).unwrap();
    assert_eq!(t.rounds_paired(), 1);
}

#[test]
fn malformed_numbers_are_refused_at_their_column() {
    use TrfErrorKind::*;
    check(
        &mutate(3, "001    1", "001    x"),
        3,
        5,
        NotANumber("start number"),
    );
    check(
        &mutate(3, "2000 ESP", "20x0 ESP"),
        3,
        49,
        NotANumber("rating"),
    );
    check(
        &mutate(4, "1000002", "10-0002"),
        4,
        58,
        NotANumber("FIDE id"),
    );
    check(
        &mutate(3, " 1.0    1", " 1.x    1"),
        3,
        81,
        NotANumber("points"),
    );
    check(
        &mutate(3, " 1.0    1", " 1.0    y"),
        3,
        86,
        NotANumber("rank"),
    );
    check(
        &mutate(3, "     2 w 1", "    2x w 1"),
        3,
        92,
        NotANumber("opponent"),
    );
    check(
        &mutate(2, "XXR 3", "XXR three"),
        2,
        5,
        NotANumber("round number"),
    );
    check(
        &mutate(3, "001    1", "001    0"),
        3,
        5,
        OutOfRange("start number"),
    );
}

#[test]
fn round_columns_are_checked_code_by_code() {
    use TrfErrorKind::*;
    check(
        &mutate(3, "     2 w 1", "     2 x 1"),
        3,
        97,
        BadColour('x'),
    );
    check(
        &mutate(3, "     2 w 1", "  0000 - 9"),
        3,
        99,
        BadResult('9'),
    );
    check(&mutate(3, "     2 w 1", "     1 w 1"), 3, 92, SelfPairing);
    check(
        &mutate(3, "     2 w 1", "     2 w H"),
        3,
        99,
        ByeWithOpponent,
    );
    check(
        &mutate(3, "     2 w 1", "  0000 - 1"),
        3,
        99,
        GameWithoutOpponent,
    );
    check(
        &mutate(3, "     2 w 1", "  0000 w U"),
        3,
        97,
        GameWithoutOpponent,
    );
    check(
        &mutate(3, "     2 w 1", "     2 - 1"),
        3,
        97,
        BadColour('-'),
    );
    check(
        &mutate(3, "     2 w 1", "     2 w 1x"),
        3,
        100,
        ExpectedBlank,
    );
}

#[test]
fn both_players_of_a_game_must_agree() {
    use TrfErrorKind::*;
    // Both claim White.
    check(
        &mutate(4, "     1 b 0", "     1 w 0"),
        3,
        92,
        Inconsistent { round: 1, other: 2 },
    );
    // Both claim the win.
    check(
        &mutate(4, "     1 b 0", "     1 b 1"),
        3,
        92,
        Inconsistent { round: 1, other: 2 },
    );
    // Player 2 says he had a bye.
    check(
        &mutate(4, "     1 b 0", "  0000 - U"),
        3,
        92,
        Inconsistent { round: 1, other: 2 },
    );
    // An opponent who is not registered.
    check(
        &mutate(3, "     2 w 1", "     7 w 1"),
        3,
        92,
        UnknownPlayer(7),
    );
}

#[test]
fn the_player_list_must_be_consistent() {
    use TrfErrorKind::*;
    check(
        &mutate(5, "", "001    1 m    Copy"),
        5,
        5,
        DuplicateStartNumber(1),
    );
    // Byes two rounds ahead of the last paired round.
    check(
        &mutate(3, "     2 w 1", "     2 w 1  0000 - H  0000 - H"),
        3,
        112,
        TooManyFutureRounds,
    );
}

#[test]
fn extension_records_are_checked() {
    use TrfErrorKind::*;
    check(&mutate(3, "", "XXS W=x"), 3, 5, BadScoring);
    check(&mutate(3, "", "XXS WW=1 QQ=2"), 3, 10, BadScoring);
    check(&mutate(3, "", "XXP 1 9"), 3, 5, UnknownPlayer(9));
    check(&mutate(3, "", "240 Q 002 0001"), 3, 5, BadByeType('Q'));
    check(
        &mutate(3, "", "250       1.0 003 002 0001 0002"),
        3,
        19,
        OutOfRange("last round"),
    );
    check(
        &mutate(3, "", "250       0.0 001 002 0001 0002"),
        3,
        10,
        OutOfRange("game points"),
    );
    check(
        &mutate(3, "", "260 001 002 0001 000x"),
        3,
        18,
        NotANumber("start number"),
    );
    check(&mutate(3, "", "152 X"), 3, 5, BadColour('X'));
    // This crate's regulations profile record: one name.
    check(
        &mutate(3, "", "XXL"),
        3,
        5,
        MissingValue("regulations profile name"),
    );
    check(&mutate(3, "", "XXL club extra"), 3, 10, ExpectedBlank);
    check(&mutate(3, "", "162  W 1.0    Q 0.5"), 3, 15, BadScoring);
    // Team records are accepted (issue 22) but still checked field by field.
    check(
        &mutate(3, "", "013 Team A                          0001 000x"),
        3,
        42,
        NotANumber("start number"),
    );
    check(
        &mutate(3, "", "310  x1 Team A"),
        3,
        5,
        NotANumber("team number"),
    );
}

#[test]
fn the_error_message_names_line_column_and_reason() {
    let err = trf::read_tournament(&mutate(3, "2000 ESP", "20x0 ESP")).unwrap_err();
    assert_eq!(err.to_string(), "line 3, column 49: rating is not a number");
}

#[test]
fn export_refuses_values_that_do_not_fit_their_columns() {
    use tournament::model::{Player, Points, Tournament};
    use tournament::trf::{ExportError, Format};
    let event = |player: Player| Tournament {
        players: vec![player],
        ..Tournament::default()
    };
    let fits = event(Player {
        start_number: 9999,
        ..Player::default()
    });
    assert!(trf::try_write_tournament(&fits, Format::Trf16).is_ok());
    let cases = [
        (
            Player {
                start_number: 10_000,
                ..Player::default()
            },
            ExportError::StartNumber(10_000),
        ),
        (
            Player {
                start_number: 1,
                fide_rating: Some(12_000),
                ..Player::default()
            },
            ExportError::Rating {
                player: 1,
                rating: 12_000,
            },
        ),
        (
            Player {
                start_number: 1,
                fide_id: Some(123_456_789_012),
                ..Player::default()
            },
            ExportError::FideId {
                player: 1,
                id: 123_456_789_012,
            },
        ),
        (
            Player {
                start_number: 1,
                reported_points: Some(Points(1000)),
                ..Player::default()
            },
            ExportError::Points {
                player: 1,
                points: Points(1000),
            },
        ),
    ];
    for (player, expected) in cases {
        assert_eq!(
            trf::try_write_tournament(&event(player), Format::Trf2026),
            Err(expected)
        );
    }
}

/// VCL4THP.13 Q166: a game's result symbol no TRF edition defines is read
/// as an unknown result (an adjourned game, `?`), with a warning naming the
/// line; a bye's unknown symbol is still refused.
#[test]
fn an_unknown_result_symbol_on_a_game_is_read_as_an_unknown_result() {
    let text = mutate(3, "     2 w 1", "     2 w 9");
    let import = trf::import_tournament(&text).unwrap();
    assert_eq!(
        import.tournament.rounds[0].boards[0].result,
        tournament::model::GameResult::Adjourned
    );
    assert_eq!(
        import.warnings,
        [trf::TrfWarning {
            line: 3,
            kind: trf::TrfWarningKind::UnknownResult('9'),
        }]
    );
    assert!(
        import.warnings[0]
            .kind
            .to_string()
            .contains("unknown result")
    );
}

/// No field of the format holds a control character: a NUL, an escape or a
/// tab in a name is refused where it stands, never stored.
#[test]
fn control_characters_are_refused_where_they_stand() {
    use TrfErrorKind::*;
    check(
        &mutate(3, "Alpha", "Al\u{0}ha"),
        3,
        17,
        ControlCharacter('\u{0}'),
    );
    check(
        &mutate(4, "Bravo", "Br\u{1b}vo"),
        4,
        17,
        ControlCharacter('\u{1b}'),
    );
    check(
        &mutate(1, "Defects", "Def\tects"),
        1,
        8,
        ControlCharacter('\t'),
    );
    // A DOS end-of-file mark after the last line is not a line.
    let marked = format!("{BASE}\u{1a}");
    assert!(trf::read_tournament(&marked).is_ok());
}

/// A file from a Windows program is Windows-1252: 0x8A is `Š`, 0x96 an en
/// dash; a byte that encoding leaves undefined (0x81) is a control
/// character, refused at its column.
#[test]
fn windows_1252_names_are_read_and_its_undefined_bytes_refused() {
    let mut bytes = BASE.as_bytes().to_vec();
    let at = bytes.windows(5).position(|w| w == b"Alpha").unwrap();
    bytes[at] = 0x8A; // Š
    bytes[at + 1] = 0xE9; // é (Latin-1 and Windows-1252 alike)
    let text = trf::decode(&bytes);
    assert!(text.contains("Šépha"), "{text}");
    let t = trf::read_tournament(&text).unwrap();
    assert!(t.players.iter().any(|p| p.name == "Šépha"));
    bytes[at] = 0x81;
    check(
        &trf::decode(&bytes),
        3,
        15,
        TrfErrorKind::ControlCharacter('\u{81}'),
    );
}

/// A Chinese Windows program (Swiss-Manager among them) writes its TRF in
/// the system's code page, GBK, and pads each column by bytes: a Chinese
/// name of three characters fills six of the name's 33 columns. The file
/// is read with its names in Chinese and every later column in place.
#[test]
fn a_gbk_file_padded_by_bytes_is_read_with_its_chinese_names() {
    let text = BASE
        .replacen("012 Defects Open", "012 全国公开赛", 1)
        .replacen("Alpha ", "王小明", 1)
        .replacen("Bravo   ", "欧阳小红", 1);
    let bytes = encoding_rs::GB18030.encode(&text).0.into_owned();
    assert!(std::str::from_utf8(&bytes).is_err());
    let t = trf::read_tournament(&trf::decode(&bytes)).unwrap();
    let names: Vec<(&str, Option<u16>)> = t
        .players
        .iter()
        .map(|p| (p.name.as_str(), p.fide_rating))
        .collect();
    assert_eq!(names, [("王小明", Some(2000)), ("欧阳小红", Some(1900))]);
    assert_eq!(t.name, "全国公开赛");
    assert_eq!(t.players[0].fide_id, Some(1_000_001));
}

/// One person, one entry: a FIDE id two start numbers hold is named at the
/// later line, so the arbiter can look; the file is still read.
#[test]
fn a_fide_id_held_by_two_players_is_named_at_the_second() {
    let text = mutate(4, "1000002", "1000001");
    let import = trf::import_tournament(&text).unwrap();
    assert_eq!(import.tournament.players.len(), 2);
    assert_eq!(
        import.warnings,
        [trf::TrfWarning {
            line: 4,
            kind: trf::TrfWarningKind::DuplicateFideId {
                id: 1_000_001,
                start_number: 1,
            },
        }]
    );
    assert!(
        import.warnings[0]
            .to_string()
            .starts_with("line 4: FIDE id 1000001 is also start number 1's")
    );
    assert_eq!(trf::import_tournament(BASE).unwrap().warnings, []);
}
