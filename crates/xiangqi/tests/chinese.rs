//! Chinese notation, both directions, table-driven.

use xiangqi::{IllegalReason, Move, NotationError, Position};

const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w";
const AFTER_C2_5: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b";
const TANDEM_CHARIOTS_CANNONS: &str = "3k5/9/9/9/7C1/1R7/9/7C1/1R7/4K4 w";
const TANDEM_HORSES_ADVISORS_ELEPHANTS: &str = "3k5/9/9/9/6N2/2B6/6N2/3A5/9/2BAK4 w";
const THREE_SOLDIERS: &str = "3k5/9/4P4/4P4/4P4/9/9/9/9/4K4 w";
const FIVE_SOLDIERS: &str = "P3k4/P8/P8/P8/P8/9/9/9/9/5K3 w";
const FOUR_SOLDIERS: &str = "3k5/P8/P8/P8/P8/9/9/9/9/4K4 w";
const SOLDIERS_ON_TWO_FILES: &str = "3k5/9/P8/P1P6/P1P6/9/9/9/9/4K4 w";
const BLACK_SOLDIERS: &str = "3k5/9/9/9/9/4p4/4p4/9/9/4K4 b";
const BLACK_SOLDIERS_ON_TWO_FILES: &str = "3k5/9/9/9/9/2p3p2/2p3p2/9/9/4K4 b";

/// (position, move, Chinese as written, other spellings read)
const TABLE: &[(&str, &str, &str, &[&str])] = &[
    (
        START,
        "h2e2",
        "炮二平五",
        &["砲二平五", "炮2平5", "炮二平５", " 炮 二 平 五 "],
    ),
    (START, "b2e2", "炮八平五", &[]),
    (START, "h0g2", "马二进三", &["馬二進三", "傌二进三"]),
    (START, "b0c2", "马八进七", &[]),
    (START, "i0i1", "车一进一", &["車一進一", "俥一进一"]),
    (START, "a0a2", "车九进二", &[]),
    (START, "c0e2", "相七进五", &["象七进五"]),
    (START, "g0e2", "相三进五", &[]),
    (START, "d0e1", "仕六进五", &["士六进五"]),
    (START, "f0e1", "仕四进五", &[]),
    (START, "e0e1", "帅五进一", &["帥五进一", "將五进一"]),
    (START, "e3e4", "兵五进一", &["卒五进一"]),
    (START, "g3g4", "兵三进一", &[]),
    (START, "c3c4", "兵七进一", &[]),
    (START, "h2h9", "炮二进七", &[]),
    (START, "h2h6", "炮二进四", &[]),
    (START, "b2b1", "炮八退一", &[]),
    (AFTER_C2_5, "h7e7", "炮８平５", &["砲8平5"]),
    (AFTER_C2_5, "b7e7", "炮２平５", &[]),
    (AFTER_C2_5, "h9g7", "马８进７", &["馬8進7", "马八进七"]),
    (AFTER_C2_5, "b9c7", "马２进３", &[]),
    (AFTER_C2_5, "c9e7", "象３进５", &[]),
    (AFTER_C2_5, "g9e7", "象７进５", &[]),
    (AFTER_C2_5, "e9e8", "将５进１", &[]),
    (AFTER_C2_5, "f9e8", "士６进５", &[]),
    (AFTER_C2_5, "d9e8", "士４进５", &[]),
    (AFTER_C2_5, "a9a8", "车１进１", &[]),
    (AFTER_C2_5, "i9i7", "车９进２", &[]),
    (AFTER_C2_5, "e6e5", "卒５进１", &[]),
    (AFTER_C2_5, "c6c5", "卒３进１", &[]),
    (AFTER_C2_5, "b7b0", "炮２进７", &[]),
    (
        TANDEM_CHARIOTS_CANNONS,
        "b4b7",
        "前车进三",
        &["前車進三", "前俥进三"],
    ),
    (TANDEM_CHARIOTS_CANNONS, "b1b3", "后车进二", &[]),
    (TANDEM_CHARIOTS_CANNONS, "b1a1", "后车平九", &[]),
    (
        TANDEM_CHARIOTS_CANNONS,
        "b1b0",
        "后车退一",
        &["後車退一", "後俥退一"],
    ),
    (TANDEM_CHARIOTS_CANNONS, "b4e4", "前车平五", &["前車平五"]),
    (TANDEM_CHARIOTS_CANNONS, "h5h9", "前炮进四", &[]),
    (TANDEM_CHARIOTS_CANNONS, "h2e2", "后炮平五", &[]),
    (TANDEM_CHARIOTS_CANNONS, "h5h3", "前炮退二", &[]),
    (
        TANDEM_HORSES_ADVISORS_ELEPHANTS,
        "d0e1",
        "仕六进五",
        &["后仕进五", "後士進五"],
    ),
    (TANDEM_HORSES_ADVISORS_ELEPHANTS, "d2e1", "仕六退五", &[]),
    (TANDEM_HORSES_ADVISORS_ELEPHANTS, "c0e2", "相七进五", &[]),
    (
        TANDEM_HORSES_ADVISORS_ELEPHANTS,
        "c4e2",
        "相七退五",
        &["前相退五"],
    ),
    (TANDEM_HORSES_ADVISORS_ELEPHANTS, "c4a2", "相七退九", &[]),
    (TANDEM_HORSES_ADVISORS_ELEPHANTS, "c0a2", "相七进九", &[]),
    (
        TANDEM_HORSES_ADVISORS_ELEPHANTS,
        "g5h7",
        "前马进二",
        &["前馬進二", "前傌进二"],
    ),
    (TANDEM_HORSES_ADVISORS_ELEPHANTS, "g3h1", "后马退二", &[]),
    (TANDEM_HORSES_ADVISORS_ELEPHANTS, "g3e4", "后马进五", &[]),
    (TANDEM_HORSES_ADVISORS_ELEPHANTS, "g5f7", "前马进四", &[]),
    (THREE_SOLDIERS, "e7d7", "前兵平六", &[]),
    (THREE_SOLDIERS, "e6d6", "中兵平六", &["兵五平六"]),
    (THREE_SOLDIERS, "e5d5", "后兵平六", &[]),
    (THREE_SOLDIERS, "e7e8", "前兵进一", &[]),
    (THREE_SOLDIERS, "e5f5", "后兵平四", &[]),
    (FIVE_SOLDIERS, "a9b9", "一兵平八", &[]),
    (FIVE_SOLDIERS, "a8b8", "二兵平八", &[]),
    (FIVE_SOLDIERS, "a7b7", "三兵平八", &["兵九平八"]),
    (FIVE_SOLDIERS, "a6b6", "四兵平八", &[]),
    (FIVE_SOLDIERS, "a5b5", "五兵平八", &[]),
    (FOUR_SOLDIERS, "a8b8", "一兵平八", &[]),
    (FOUR_SOLDIERS, "a7b7", "二兵平八", &[]),
    (FOUR_SOLDIERS, "a6b6", "三兵平八", &[]),
    (FOUR_SOLDIERS, "a5b5", "四兵平八", &[]),
    (FOUR_SOLDIERS, "a8a9", "一兵进一", &[]),
    // Two doubled files: numbered across both, file by file from the
    // mover's right (七 before 九), each front to back; the traditional
    // 前九 / 中九 / 后九 read too.
    (SOLDIERS_ON_TWO_FILES, "a7b7", "三兵平八", &["前九平八"]),
    (SOLDIERS_ON_TWO_FILES, "a6b6", "四兵平八", &["中九平八"]),
    (SOLDIERS_ON_TWO_FILES, "a5b5", "五兵平八", &["后九平八"]),
    (SOLDIERS_ON_TWO_FILES, "c6d6", "一兵平六", &["前七平六"]),
    (SOLDIERS_ON_TWO_FILES, "c5d5", "二兵平六", &["后七平六"]),
    (SOLDIERS_ON_TWO_FILES, "c6b6", "一兵平八", &["前七平八"]),
    (SOLDIERS_ON_TWO_FILES, "a7a8", "三兵进一", &["前九进一"]),
    // Black's are numbered in Chinese numerals too (XQBase: 一卒平５).
    (
        BLACK_SOLDIERS_ON_TWO_FILES,
        "c3c2",
        "一卒进１",
        &["前３进１"],
    ),
    (
        BLACK_SOLDIERS_ON_TWO_FILES,
        "c4b4",
        "二卒平２",
        &["后３平２"],
    ),
    (BLACK_SOLDIERS_ON_TWO_FILES, "g3g2", "三卒进１", &[]),
    (
        BLACK_SOLDIERS_ON_TWO_FILES,
        "g4h4",
        "四卒平８",
        &["后７平８"],
    ),
    (BLACK_SOLDIERS, "e3d3", "前卒平４", &[]),
    (BLACK_SOLDIERS, "e4f4", "后卒平６", &[]),
    (BLACK_SOLDIERS, "e3e2", "前卒进１", &[]),
];

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

#[test]
fn chinese_notation_is_written_and_read_for_every_row_of_the_table() {
    assert!(TABLE.len() >= 50);
    for &(fen, iccs, chinese, others) in TABLE {
        let p = pos(fen);
        let m = Move::from_iccs(iccs).expect("coordinates");
        assert!(p.is_legal(m), "{fen} {iccs} must be legal");
        assert_eq!(p.to_chinese(m).as_deref(), Some(chinese), "{fen} {iccs}");
        assert_eq!(p.parse_chinese(chinese), Ok(m), "{fen} {chinese}");
        for other in others {
            assert_eq!(p.parse_chinese(other), Ok(m), "{fen} {other}");
        }
    }
}

#[test]
fn every_legal_move_is_written_in_chinese_so_that_it_reads_back() {
    for &(fen, ..) in TABLE {
        let p = pos(fen);
        for &m in &p.legal_moves() {
            let c = p.to_chinese(m).expect("a piece moves");
            assert_eq!(p.parse_chinese(&c), Ok(m), "{fen} {m} {c}");
        }
    }
}

#[test]
fn chinese_notation_errors_say_what_is_wrong() {
    let start = pos(START);
    for text in ["", "炮二平", "炮二走五", "象棋二五", "炮二平十", "六兵平五"] {
        assert!(
            matches!(
                start.parse_chinese(text),
                Err(NotationError::Malformed { .. })
            ),
            "{text}"
        );
    }
    assert_eq!(
        start.parse_chinese("炮二进九"),
        Err(NotationError::NoSuchPiece("炮二进九".into()))
    );
    assert!(matches!(
        start.parse_chinese("炮二进五"),
        Err(NotationError::Illegal {
            reason: IllegalReason::CannonScreen(0),
            ..
        })
    ));
    let horses = pos(TANDEM_HORSES_ADVISORS_ELEPHANTS);
    assert_eq!(
        horses.parse_chinese("马三进二"),
        Err(NotationError::Ambiguous("马三进二".into()))
    );
    // A general two points forward is the one move attempted (xq 4.1.6).
    assert!(matches!(
        start.parse_chinese("帅五进二"),
        Err(NotationError::Illegal {
            reason: IllegalReason::CannotMoveThere(_),
            ..
        })
    ));
}
