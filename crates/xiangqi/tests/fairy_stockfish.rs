//! Legal moves and checks compared with Fairy-Stockfish's, position by
//! position (`tests/data/fairy_stockfish_moves.tsv` says where they came from).

use xiangqi::{Outcome, Position};

fn sorted(mut v: Vec<String>) -> String {
    v.sort();
    v.join(" ")
}

#[test]
fn legal_moves_and_checks_agree_with_fairy_stockfish() {
    let text = include_str!("data/fairy_stockfish_moves.tsv");
    let mut positions = 0;
    let mut finished = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let mut fields = line.split('\t');
        let fen = fields.next().expect("FEN");
        let moves = fields.next().unwrap_or("");
        let checks = fields.next().unwrap_or("");
        let p = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        let legal = p.legal_moves();
        assert_eq!(
            sorted(legal.iter().map(ToString::to_string).collect()),
            moves,
            "{fen}"
        );
        let giving: Vec<String> = legal
            .iter()
            .filter(|&&m| p.gives_check(m))
            .map(ToString::to_string)
            .collect();
        assert_eq!(sorted(giving), checks, "checks in {fen}");
        if legal.is_empty() {
            finished += 1;
            assert!(matches!(p.outcome(), Some(Outcome::Win { .. })), "{fen}");
        }
        positions += 1;
    }
    assert_eq!(positions, 228);
    assert_eq!(finished, 8);
}
