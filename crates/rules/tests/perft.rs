//! The perft suite in `data/perft.txt`: every figure up to a node budget is
//! checked with make-move perft and with bulk counting, so move generation,
//! making moves and counting all agree with the published counts.

use rules::{Position, perft, perft_bulk};

/// Positions' depths whose leaf count is at most this are checked by
/// make-move perft; bulk counting gets ten times as much.
const MAKE_MOVE_BUDGET: u64 = 1_500_000;
const BULK_BUDGET: u64 = 15_000_000;

struct Case {
    fen: String,
    depths: Vec<(u32, u64)>,
}

fn cases() -> Vec<Case> {
    let text = include_str!("data/perft.txt");
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut parts = line.split(';');
        let fen = parts.next().unwrap_or_default().trim().to_string();
        let mut depths = Vec::new();
        for p in parts {
            let p = p.trim();
            let (d, count) = p
                .strip_prefix('D')
                .and_then(|rest| rest.split_once(' '))
                .unwrap_or_else(|| panic!("line {}: bad field '{p}'", n + 1));
            depths.push((d.parse().unwrap(), count.trim().parse().unwrap()));
        }
        out.push(Case { fen, depths });
    }
    out
}

#[test]
fn perft_suite_matches_published_leaf_counts() {
    let cases = cases();
    assert!(cases.len() >= 20, "the data file lost positions");
    let mut checked = 0;
    for case in &cases {
        let pos = Position::from_fen(&case.fen).unwrap_or_else(|e| panic!("{}: {e}", case.fen));
        for &(depth, expected) in &case.depths {
            if expected <= BULK_BUDGET {
                assert_eq!(
                    perft_bulk(&pos, depth),
                    expected,
                    "bulk perft {depth} of {}",
                    case.fen
                );
                checked += 1;
            }
            if expected <= MAKE_MOVE_BUDGET {
                assert_eq!(
                    perft(&pos, depth),
                    expected,
                    "perft {depth} of {}",
                    case.fen
                );
            }
        }
    }
    assert!(checked >= 40);
}
