//! `PlyRecord::san` is stored inline in `San::MAX` bytes (Art. C.10: a move
//! is recorded in algebraic notation). These tests check the assumption the
//! type rests on: no legal move's SAN is longer, in any position of the perft
//! suite to depth 3 (captures with disambiguation, promotions with capture
//! and check, castling with check), and a game's plies show the SAN the
//! position gives.

use regulations::{Event, EventKind, Game, GameSetup, Mode, Profile, San};
use rules::Position;

fn walk(pos: &Position, depth: u32, longest: &mut usize) {
    for &m in pos.legal_moves().iter() {
        let san = pos.san(m);
        *longest = (*longest).max(san.len());
        assert!(
            san.len() <= San::MAX,
            "{san} in {} is longer than {} bytes",
            pos.to_fen(),
            San::MAX
        );
        if depth > 1 {
            let mut next = *pos;
            next.play_unchecked(m);
            walk(&next, depth - 1, longest);
        }
    }
}

#[test]
fn no_legal_move_has_a_san_longer_than_the_inline_store() {
    let suite = include_str!("../../rules/tests/data/perft.txt");
    let mut longest = 0;
    let mut positions = 0;
    for line in suite
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let fen = line.split(';').next().unwrap().trim();
        let pos = Position::from_fen(fen).expect(fen);
        walk(&pos, 3, &mut longest);
        positions += 1;
    }
    assert!(positions >= 6, "the perft suite was read");
    // The suite does reach the longest SAN: `exd8=Q+`-like moves exist.
    assert_eq!(longest, San::MAX);
}

#[test]
fn a_recorded_promotion_with_capture_and_check_keeps_its_full_san() {
    // White pawn on e7 takes the rook on d8, promoting with check.
    let fen = "3r2k1/4P3/8/8/8/8/8/4K3 w - - 0 1";
    let mut game = Game::new(
        Profile::fide_2023(),
        GameSetup {
            fen: Some(fen.into()),
            time_control: None,
            mode: Mode::Scoresheet,
            scheduled_start_ms: None,
            team_game: false,
        },
    )
    .expect("setup");
    game.apply(Event::new(0, EventKind::Start)).expect("start");
    game.apply(Event::new(
        1,
        EventKind::Move {
            san: Some("exd8=Q+".into()),
            uci: None,
            clock_ms: None,
            press: None,
            offer_draw: false,
        },
    ))
    .expect("move");
    assert_eq!(game.plies()[0].san.as_str(), "exd8=Q+");
    assert_eq!(game.san_moves(), vec!["exd8=Q+".to_owned()]);
}
