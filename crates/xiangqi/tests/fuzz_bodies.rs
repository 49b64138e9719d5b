//! The bodies of the Xiangqi fuzz targets (`fuzz/fuzz_targets/xiangqi_*.rs`,
//! run with cargo-fuzz on a nightly toolchain) run here in the normal test
//! run on random bytes and on valid inputs with random edits, so that they
//! keep compiling and their invariants keep holding without cargo-fuzz.
//! A body panics where an invariant fails.

#[path = "../../../fuzz/fuzz_targets/xiangqi_common.rs"]
mod fuzz;

use proptest::prelude::*;
use xiangqi::pgn::{Game, GameResult, write_game};
use xiangqi::{Move, Position};

/// Well-formed FENs to edit: the published perft positions and the edge
/// positions, in both letter conventions, with and without counters.
const FENS: &[&str] = &[
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
    "1ceak4/9/h2a5/2p1p3p/5cp2/2h2H3/6PCP/3AE4/2C6/3A1K1H1 w - - 0 1",
    "CRH1k1e2/3ca4/4ea3/9/2hr5/9/9/4E4/4A4/4KA3 w - - 0 1",
    "2c1k4/9/4c4/9/2C1C4/9/9/4R4/9/3K5 b - - 0 1",
    "3k5/3P1P3/4P4/9/9/9/9/9/9/4K4 b - - 0 1",
    "4k4/9/4b4/9/6b2/2B3B2/3N5/9/9/3K5 w 4294967295 4294967295",
    "3ak4/4a4/9/9/9/9/9/9/4A4/3AK4 r",
];

/// A random edit of a text: replace, insert or delete one character.
#[derive(Clone, Debug)]
enum Edit {
    Replace(usize, char),
    Insert(usize, char),
    Delete(usize),
}

fn edit_strategy(alphabet: &'static str) -> impl Strategy<Value = Edit> {
    let chars: Vec<char> = alphabet.chars().collect();
    let pick = move || prop::sample::select(chars.clone());
    prop_oneof![
        (any::<usize>(), pick()).prop_map(|(i, c)| Edit::Replace(i, c)),
        (any::<usize>(), pick()).prop_map(|(i, c)| Edit::Insert(i, c)),
        any::<usize>().prop_map(Edit::Delete),
    ]
}

fn apply(text: &str, edits: &[Edit]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for e in edits {
        let n = chars.len();
        match *e {
            Edit::Replace(i, c) if n > 0 => chars[i % n] = c,
            Edit::Insert(i, c) => chars.insert(i % (n + 1), c),
            Edit::Delete(i) if n > 0 => {
                chars.remove(i % n);
            }
            _ => {}
        }
    }
    chars.into_iter().collect()
}

const FEN_ALPHABET: &str = "rnbakcpRNBAKCPEHeh0123456789/ -wrb+";
const MOVE_ALPHABET: &str =
    "abcdefghi0123456789-+.=CHRNEBAKGPS ＣＲ１２５炮马車兵卒进退平前后中一二三四五六七八九";
const PGN_ALPHABET: &str =
    "[]\"{}();%$!?*.-+/0123456789 \nabcdefghiCHREAKPx#炮二平五马８进７ VariantFENxiangqi1-00-11/2";

/// A text of moves from the fixed position `first` chooses: each choice
/// picks a legal move, written by `write`; the moves are played in turn.
fn playout_text(
    first: u8,
    choices: &[u16],
    write: fn(&Position, Move) -> Option<String>,
) -> String {
    let mut pos = fuzz::position(first);
    let mut tokens = Vec::new();
    for &c in choices {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let m = legal[usize::from(c) % legal.len()];
        tokens.push(write(&pos, m).expect("a piece moves"));
        pos.play_unchecked(m);
    }
    tokens.join(" ")
}

fn iccs(_: &Position, m: Move) -> Option<String> {
    Some(m.to_iccs())
}

fn with_first(first: u8, text: &str) -> Vec<u8> {
    let mut data = vec![first];
    data.extend_from_slice(text.as_bytes());
    data
}

/// A written game from a random playout of the start position or a FEN.
fn game_text(start: usize, choices: &[u16]) -> String {
    let pos = Position::from_fen(FENS[start % FENS.len()]).expect("valid");
    let mut game = Game::new(pos);
    let mut now = pos;
    for &c in choices {
        let legal = now.legal_moves();
        if legal.is_empty() {
            break;
        }
        let m = legal[usize::from(c) % legal.len()];
        game.moves.push(m);
        now.play_unchecked(m);
    }
    game.result = Some(GameResult::Unknown);
    write_game(&game).expect("legal moves write")
}

#[test]
fn the_fuzz_bodies_accept_their_seed_inputs() {
    for fen in FENS {
        fuzz::fen_target(fen.as_bytes());
    }
    for first in 0..u8::try_from(fuzz::POSITIONS.len()).expect("few") {
        fuzz::iccs_target(&with_first(first, "h2e2 h9g7 b0c2 e0e1"));
        fuzz::notation_target(
            &with_first(first, "C2.5 H8+7 炮二平五 马８进７ R++3 ++.8"),
            Position::parse_wxf,
            Position::to_wxf,
        );
        fuzz::notation_target(
            &with_first(first, "炮二平五 马８进７ 前车进三 中兵平四"),
            Position::parse_chinese,
            Position::to_chinese,
        );
    }
    fuzz::pgn_target(game_text(0, &[3, 1, 4, 1, 5, 9, 2, 6]).as_bytes());
    for file in [
        include_str!("data/pgn/central_cannon_iccs.pgn"),
        include_str!("data/pgn/central_cannon_chinese.pgn"),
        include_str!("data/pgn/central_cannon_wxf.pgn"),
        include_str!("data/pgn/central_cannon_san.pgn"),
        include_str!("data/pgn/central_cannon_mixed.pgn"),
        include_str!("data/pgn/mate_from_fen.pgn"),
        include_str!("data/pgn/stalemate_from_fen.pgn"),
    ] {
        fuzz::pgn_target(file.as_bytes());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(192))]

    #[test]
    fn every_fuzz_body_holds_on_random_bytes(data in prop::collection::vec(any::<u8>(), 0..200)) {
        fuzz::fen_target(&data);
        fuzz::iccs_target(&data);
        fuzz::notation_target(&data, Position::parse_wxf, Position::to_wxf);
        fuzz::notation_target(&data, Position::parse_chinese, Position::to_chinese);
        fuzz::pgn_target(&data);
    }

    #[test]
    fn the_fen_fuzz_body_holds_on_edited_fens(
        which in 0..FENS.len(),
        edits in prop::collection::vec(edit_strategy(FEN_ALPHABET), 0..4),
    ) {
        fuzz::fen_target(apply(FENS[which], &edits).as_bytes());
    }

    #[test]
    fn the_notation_fuzz_bodies_hold_on_edited_playouts(
        first in any::<u8>(),
        choices in prop::collection::vec(any::<u16>(), 0..24),
        edits in prop::collection::vec(edit_strategy(MOVE_ALPHABET), 0..3),
    ) {
        let text = apply(&playout_text(first, &choices, iccs), &edits);
        fuzz::iccs_target(&with_first(first, &text));
        let text = apply(&playout_text(first, &choices, Position::to_wxf), &edits);
        fuzz::notation_target(&with_first(first, &text), Position::parse_wxf, Position::to_wxf);
        let text = apply(&playout_text(first, &choices, Position::to_chinese), &edits);
        fuzz::notation_target(
            &with_first(first, &text),
            Position::parse_chinese,
            Position::to_chinese,
        );
    }

    #[test]
    fn the_pgn_fuzz_body_holds_on_edited_games(
        start in 0..FENS.len(),
        choices in prop::collection::vec(any::<u16>(), 0..40),
        edits in prop::collection::vec(edit_strategy(PGN_ALPHABET), 0..4),
    ) {
        fuzz::pgn_target(apply(&game_text(start, &choices), &edits).as_bytes());
    }
}
