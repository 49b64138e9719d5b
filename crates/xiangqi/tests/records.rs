//! Game records as they exist (issue 36, item 7): small files made to
//! reproduce what public Xiangqi collections hold — GBK exports, soldiers
//! numbered across two files, XBoard's algebraic notation, database
//! footers, tags with unescaped quotes — and the notations the reader
//! recognises and refuses, each with its message.

use xiangqi::pgn::{
    MoveError, Notation, PgnErrorKind, ReadGame, TextEncoding, Unrecognised, decode, read_games,
};
use xiangqi::{Move, Position};

fn bytes(name: &str) -> Vec<u8> {
    let path = format!(
        "{}/tests/data/pgn/records/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn read(name: &str) -> (Vec<ReadGame>, TextEncoding) {
    let decoded = decode(&bytes(name));
    assert_eq!(decoded.malformed, None, "{name}");
    (read_games(&decoded.text), decoded.encoding)
}

/// What one game of a fixture must read as.
struct Expect {
    /// Half-moves read.
    plies: usize,
    /// The notations of the moves read, `None` when no move reads.
    notation: Option<Notation>,
    /// Why reading stopped, if it did.
    refused: Option<Unrecognised>,
}

const fn whole(plies: usize, notation: Notation) -> Expect {
    Expect {
        plies,
        notation: Some(notation),
        refused: None,
    }
}

const fn refused(plies: usize, why: Unrecognised) -> Expect {
    Expect {
        plies,
        notation: if plies == 0 {
            None
        } else {
            Some(Notation::Iccs)
        },
        refused: Some(why),
    }
}

/// (file, its encoding, each game)
const FIXTURES: &[(&str, TextEncoding, &[Expect])] = &[
    (
        "xqbase_export_gbk.pgn",
        TextEncoding::Gb18030,
        &[whole(17, Notation::Chinese), whole(6, Notation::Chinese)],
    ),
    (
        "tandem_soldiers_numbered.pgn",
        TextEncoding::Utf8,
        &[whole(6, Notation::Chinese), whole(1, Notation::Chinese)],
    ),
    (
        "xboard_san.pgn",
        TextEncoding::Utf8,
        &[whole(17, Notation::XboardSan)],
    ),
    (
        "footer_after_last_game.pgn",
        TextEncoding::Utf8,
        &[whole(2, Notation::Iccs), whole(2, Notation::Wxf)],
    ),
    (
        "tag_with_unescaped_quotes.pgn",
        TextEncoding::Utf8,
        &[
            whole(2, Notation::Iccs),
            whole(3, Notation::Iccs),
            whole(1, Notation::Iccs),
        ],
    ),
    (
        "refused_notations.pgn",
        TextEncoding::Utf8,
        &[
            refused(0, Unrecognised::PychessCoordinates),
            refused(1, Unrecognised::PychessCoordinates),
            refused(0, Unrecognised::FairyStockfishWxf),
            refused(0, Unrecognised::XboardSan),
        ],
    ),
];

#[test]
fn every_record_fixture_reads_game_by_game_as_expected() {
    for &(file, encoding, expected) in FIXTURES {
        let (games, found) = read(file);
        assert_eq!(found, encoding, "{file}");
        assert_eq!(games.len(), expected.len(), "{file}: games");
        for (game, want) in games.iter().zip(expected) {
            let at = format!("{file} game {}", game.number);
            assert_eq!(game.game.moves.len(), want.plies, "{at}: {:?}", game.error);
            let mut used = game.notations.clone();
            used.dedup();
            assert_eq!(used.first().copied(), want.notation, "{at}");
            assert!(used.len() <= 1, "{at}: {used:?}");
            match (want.refused, game.error.as_ref().map(|e| &e.kind)) {
                (None, None) => {}
                (
                    Some(why),
                    Some(PgnErrorKind::Move {
                        error: MoveError::NotRecognised(found),
                        ..
                    }),
                ) => assert_eq!(*found, why, "{at}"),
                (_, e) => panic!("{at}: {e:?}"),
            }
        }
    }
}

#[test]
fn a_gbk_export_reads_as_the_same_games_as_its_utf8_twin() {
    let (gbk, _) = read("xqbase_export_gbk.pgn");
    assert_eq!(gbk[0].game.tag("Event"), Some("中炮过河车对屏风马平炮兑车"));
    assert_eq!(gbk[0].game.tag("Red"), Some("红方"));
    let (utf8, _) = read("tandem_soldiers_numbered.pgn");
    assert_eq!(gbk[1].game.moves, utf8[0].game.moves);
    let twin = std::fs::read_to_string(format!(
        "{}/tests/data/pgn/central_cannon_chinese.pgn",
        env!("CARGO_MANIFEST_DIR")
    ))
    .expect("fixture");
    assert_eq!(gbk[0].game.moves, read_games(&twin)[0].game.moves);
}

/// XQBase's rule: two files with two or more soldiers each are numbered
/// 一 to 五 across both, file by file from the mover's right, each file
/// front to back; the writer writes what the fixtures hold.
#[test]
fn numbered_soldiers_on_two_files_are_written_as_they_are_read() {
    let text = String::from_utf8(bytes("tandem_soldiers_numbered.pgn")).expect("utf-8");
    let mut written = Vec::new();
    for game in read_games(&text) {
        assert_eq!(game.error, None);
        let mut pos = game.game.start;
        for &m in &game.game.moves {
            written.push(pos.to_chinese(m).expect("a piece moves"));
            pos.play_unchecked(m);
        }
    }
    assert_eq!(
        written,
        [
            "二兵平二",
            "四卒平８",
            "前兵进一",
            "前卒平４",
            "兵三进一",
            "卒３进１",
            "五兵平六"
        ]
    );
    let pos =
        Position::from_fen("3k5/9/9/2P3P2/2P3P2/2p3p2/2p1P1p2/9/9/4K4 w - - 0 1").expect("legal");
    for (text, iccs) in [
        ("一兵进一", "g6g7"),
        ("二兵平四", "g5f5"),
        ("三兵平六", "c6d6"),
        ("四兵平八", "c5b5"),
    ] {
        let m = Move::from_iccs(iccs).expect("coordinates");
        assert_eq!(pos.parse_chinese(text), Ok(m), "{text}");
        assert_eq!(pos.to_chinese(m).as_deref(), Some(text), "{iccs}");
    }
}

#[test]
fn refused_notations_are_named_in_the_message() {
    let (games, _) = read("refused_notations.pgn");
    let messages: Vec<String> = games
        .iter()
        .map(|g| {
            g.error
                .as_ref()
                .map(ToString::to_string)
                .unwrap_or_default()
        })
        .collect();
    assert!(messages[0].contains("pychess"), "{}", messages[0]);
    assert!(messages[0].contains("'h3e3'"), "{}", messages[0]);
    assert!(messages[1].contains("pychess"), "{}", messages[1]);
    assert!(messages[2].contains("Fairy-Stockfish"), "{}", messages[2]);
    assert!(messages[3].contains("XBoard SAN?"), "{}", messages[3]);
    for m in &messages {
        assert!(!m.contains("does not move that way"), "{m}");
    }
}

/// ICCS ranks are 0–9, so `h3e3` stays ICCS where it is legal: only a game
/// whose coordinates read with every rank one lower is pychess's.
#[test]
fn coordinates_that_are_legal_iccs_stay_iccs() {
    let games = read_games("1. h2h3 h9g7 2. h3h4 g6g5 3. h4f4 *");
    assert_eq!(games[0].error, None, "{:?}", games[0].error);
    assert_eq!(games[0].game.moves.len(), 5);
    // An illegal ICCS move in an ICCS game stays an illegal move.
    let games = read_games("1. h2e2 h9g7 2. h2e3 *");
    assert!(matches!(
        games[0].error.as_ref().map(|e| &e.kind),
        Some(PgnErrorKind::Move {
            error: MoveError::Illegal {
                notation: Notation::Iccs,
                ..
            },
            ..
        })
    ));
}

/// The WinBoard engine games that failed at move 1 with "a cannon does
/// not move that way": XBoard's notation is decided per game, so `Ri2`
/// (XBoard `i0i2`, Fairy-Stockfish `i0i1`) follows the game's other moves.
#[test]
fn the_algebraic_dialect_is_decided_by_the_whole_game() {
    let xboard = read_games("1. Ri2 Ri7 2. Che2 *");
    assert_eq!(xboard[0].error, None, "{:?}", xboard[0].error);
    assert_eq!(xboard[0].game.moves[0].to_iccs(), "i0i2");
    assert_eq!(xboard[0].notations[2], Notation::XboardSan);
    let fairy = read_games("1. Ri2 Ri8 2. Che3 *");
    assert_eq!(fairy[0].error, None, "{:?}", fairy[0].error);
    assert_eq!(fairy[0].game.moves[0].to_iccs(), "i0i1");
    assert_eq!(fairy[0].notations[2], Notation::San);
}

#[test]
fn xboard_algebraic_is_written_as_it_is_read() {
    let mut pos = Position::startpos();
    for (iccs, xboard) in [
        ("h2e2", "Che2"),
        ("h9g7", "Hg7"),
        ("c3c4", "c4"),
        ("g6g5", "g5"),
        ("h0g2", "Hg2"),
        ("g5g4", "g4"),
        ("g3g4", "gxg4"),
    ] {
        let m = Move::from_iccs(iccs).expect("coordinates");
        assert_eq!(pos.to_xboard_san(m).as_deref(), Some(xboard), "{iccs}");
        assert_eq!(pos.parse_xboard_san(xboard), Ok(m), "{xboard}");
        pos.play_unchecked(m);
    }
}

#[test]
fn stray_text_between_games_is_no_game_but_a_game_without_tags_is() {
    assert!(read_games("==========\nTotal 0\n").is_empty());
    assert!(read_games("{ only a comment }").is_empty());
    let games = read_games("1. h2e2 zz *");
    assert_eq!(games.len(), 1, "a numbered game is a game");
    assert!(games[0].error.is_some());
    let games = read_games("h2e2 h9g7");
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].error, None);
}

/// XQStudio and other Chinese editors write the placement alone.
#[test]
fn a_fen_tag_with_the_placement_alone_is_red_to_move() {
    let text = "[FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR\"]\n\n1. 炮二平五 马２进３ *";
    let games = read_games(text);
    assert_eq!(games[0].error, None, "{:?}", games[0].error);
    assert_eq!(games[0].game.start, Position::startpos());
    assert_eq!(games[0].game.moves.len(), 2);
    let games = read_games("[FEN \"9/9\"]\n*");
    assert!(matches!(
        games[0].error.as_ref().map(|e| &e.kind),
        Some(PgnErrorKind::BadFen(_))
    ));
}
