//! Property tests over random legal games (the seed is chosen by proptest):
//! the generator agrees with a slow, obviously correct reference built from
//! attack checks on a plain 64-square board; notation and FEN round-trip;
//! the incremental repetition key equals the key computed from scratch.

use proptest::prelude::*;
use rules::{Color, Move, Piece, Position, Role, Setup, Square};
use std::collections::BTreeSet;

const STARTS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "3k4/3p4/8/K1P4r/8/8/8/8 b - - 0 1",
    "8/5p2/8/2k3P1/p3K3/8/1P6/8 b - - 0 1",
    "r3k2r/1b4bq/8/8/8/8/7B/R3K2R w KQkq - 0 1",
    "2K2r2/4P3/8/8/8/8/8/3k4 w - - 0 1",
];

// ---- The reference: a 0x88-free, loop-and-check move generator. ----------

type Board = [Option<Piece>; 64];

fn at(board: &Board, f: i32, r: i32) -> Option<Option<Piece>> {
    if (0..8).contains(&f) && (0..8).contains(&r) {
        Some(board[(r * 8 + f) as usize])
    } else {
        None
    }
}

const KNIGHT: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const KING: [(i32, i32); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];
const ROOK: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// Is square (f, r) attacked by a piece of colour `by`?
fn attacked(board: &Board, f: i32, r: i32, by: Color) -> bool {
    let is = |p: Option<Option<Piece>>, roles: &[Role]| matches!(p, Some(Some(q)) if q.color == by && roles.contains(&q.role));
    if KNIGHT
        .iter()
        .any(|(df, dr)| is(at(board, f + df, r + dr), &[Role::Knight]))
    {
        return true;
    }
    if KING
        .iter()
        .any(|(df, dr)| is(at(board, f + df, r + dr), &[Role::King]))
    {
        return true;
    }
    let pawn_dir = if by == Color::White { -1 } else { 1 };
    if [-1, 1]
        .iter()
        .any(|df| is(at(board, f + df, r + pawn_dir), &[Role::Pawn]))
    {
        return true;
    }
    for (dirs, roles) in [
        (ROOK, [Role::Rook, Role::Queen]),
        (BISHOP, [Role::Bishop, Role::Queen]),
    ] {
        for (df, dr) in dirs {
            let (mut x, mut y) = (f + df, r + dr);
            while let Some(p) = at(board, x, y) {
                if let Some(q) = p {
                    if q.color == by && roles.contains(&q.role) {
                        return true;
                    }
                    break;
                }
                x += df;
                y += dr;
            }
        }
    }
    false
}

fn king_attacked(board: &Board, color: Color) -> bool {
    let k = board
        .iter()
        .position(|p| {
            *p == Some(Piece {
                color,
                role: Role::King,
            })
        })
        .unwrap();
    attacked(board, k as i32 % 8, k as i32 / 8, color.other())
}

/// (from, to, promotion, board after the move) for every legal move.
fn reference_moves(s: &Setup) -> Vec<(usize, usize, Option<Role>, Board)> {
    let us = s.turn;
    let mut pseudo: Vec<(usize, usize, Option<Role>, Board)> = Vec::new();
    let mut add = |from: usize, to: usize, promo: Option<Role>, extra: &dyn Fn(&mut Board)| {
        let mut b = s.board;
        let piece = b[from].take();
        b[to] = match promo {
            Some(role) => Some(Piece { color: us, role }),
            None => piece,
        };
        extra(&mut b);
        pseudo.push((from, to, promo, b));
    };
    for from in 0..64usize {
        let Some(p) = s.board[from] else { continue };
        if p.color != us {
            continue;
        }
        let (f, r) = (from as i32 % 8, from as i32 / 8);
        let free_or_enemy = |x: i32, y: i32| match at(&s.board, x, y) {
            Some(None) => true,
            Some(Some(q)) => q.color != us,
            None => false,
        };
        let idx = |x: i32, y: i32| (y * 8 + x) as usize;
        match p.role {
            Role::Knight | Role::King => {
                let steps = if p.role == Role::Knight { KNIGHT } else { KING };
                for (df, dr) in steps {
                    if free_or_enemy(f + df, r + dr) {
                        add(from, idx(f + df, r + dr), None, &|_| {});
                    }
                }
            }
            Role::Bishop | Role::Rook | Role::Queen => {
                let mut dirs = Vec::new();
                if p.role != Role::Bishop {
                    dirs.extend(ROOK);
                }
                if p.role != Role::Rook {
                    dirs.extend(BISHOP);
                }
                for (df, dr) in dirs {
                    let (mut x, mut y) = (f + df, r + dr);
                    while let Some(q) = at(&s.board, x, y) {
                        if q.is_some_and(|q| q.color == us) {
                            break;
                        }
                        add(from, idx(x, y), None, &|_| {});
                        if q.is_some() {
                            break;
                        }
                        x += df;
                        y += dr;
                    }
                }
            }
            Role::Pawn => {
                let dir = if us == Color::White { 1 } else { -1 };
                let last = if us == Color::White { 7 } else { 0 };
                let start = if us == Color::White { 1 } else { 6 };
                let mut targets = Vec::new();
                if at(&s.board, f, r + dir) == Some(None) {
                    targets.push(idx(f, r + dir));
                    if r == start && at(&s.board, f, r + 2 * dir) == Some(None) {
                        targets.push(idx(f, r + 2 * dir));
                    }
                }
                for df in [-1, 1] {
                    if let Some(Some(q)) = at(&s.board, f + df, r + dir)
                        && q.color != us
                    {
                        targets.push(idx(f + df, r + dir));
                    }
                    if at(&s.board, f + df, r + dir).is_some()
                        && s.ep_square.map(Square::index) == Some(idx(f + df, r + dir))
                    {
                        let victim = idx(f + df, r);
                        add(from, idx(f + df, r + dir), None, &move |b: &mut Board| {
                            b[victim] = None;
                        });
                    }
                }
                for to in targets {
                    if to as i32 / 8 == last {
                        for role in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
                            add(from, to, Some(role), &|_| {});
                        }
                    } else {
                        add(from, to, None, &|_| {});
                    }
                }
            }
        }
    }
    // Castling: right, empty squares between, king's three squares unattacked.
    let home = if us == Color::White { 4 } else { 60 };
    for (side, rook, king_to, between) in [
        (rules::CastlingSide::KingSide, 7, 6, vec![5, 6]),
        (rules::CastlingSide::QueenSide, 0, 2, vec![1, 2, 3]),
    ] {
        let rook = home - 4 + rook;
        let king_to = home - 4 + king_to;
        if !s.castling.has(us, side) || between.iter().any(|&b| s.board[home - 4 + b].is_some()) {
            continue;
        }
        let path = if king_to > home {
            [home, home + 1, home + 2]
        } else {
            [home, home - 1, home - 2]
        };
        if path
            .iter()
            .any(|&sq| attacked(&s.board, sq as i32 % 8, sq as i32 / 8, us.other()))
        {
            continue;
        }
        let rook_to = (home + king_to) / 2;
        add(home, king_to, None, &move |b: &mut Board| {
            b[rook_to] = b[rook].take();
        });
    }
    pseudo
        .into_iter()
        .filter(|(_, _, _, b)| !king_attacked(b, us))
        .collect()
}

fn key(m: Move) -> (usize, usize, Option<Role>) {
    (m.from().index(), m.to().index(), m.promotion())
}

/// All checks for one position of a random game.
fn check_position(pos: &Position) {
    let setup = pos.to_setup();
    let reference = reference_moves(&setup);
    let moves = pos.legal_moves();
    let ours: BTreeSet<_> = moves.iter().map(|&m| key(m)).collect();
    let theirs: BTreeSet<_> = reference.iter().map(|(f, t, p, _)| (*f, *t, *p)).collect();
    assert_eq!(ours.len(), moves.len(), "duplicate moves in {pos:?}");
    assert_eq!(ours, theirs, "generated vs reference moves in {pos:?}");
    assert_eq!(pos.count_legal_moves(), moves.len(), "count in {pos:?}");
    for (f, t, p, board_after) in &reference {
        let m = moves
            .iter()
            .copied()
            .find(|&m| key(m) == (*f, *t, *p))
            .unwrap();
        let next = pos.play(m).unwrap();
        assert_eq!(
            &next.to_setup().board,
            board_after,
            "board after {m} in {pos:?}"
        );
        assert!(pos.is_legal(m));
        // SAN and UCI: format then parse is the identity.
        let san = pos.san(m);
        assert_eq!(pos.parse_san(&san), Ok(m), "SAN {san} in {pos:?}");
        assert_eq!(pos.parse_uci(&m.to_uci()), Ok(m), "UCI {m} in {pos:?}");
        assert_eq!(m.to_uci(), m.to_string(), "UCI written two ways");
    }
    // FEN: write then read is the identity.
    let fen = pos.to_fen();
    let back = Position::from_fen(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    assert_eq!(&back, pos, "{fen}");
    assert_eq!(back.to_fen(), fen);
    // Incremental key equals the key of the position rebuilt from FEN.
    assert_eq!(back.repetition_key(), pos.repetition_key());
    // Check, mate and stalemate agree with the reference.
    let in_check = king_attacked(&setup.board, setup.turn);
    assert_eq!(pos.is_check(), in_check);
    assert_eq!(pos.is_checkmate(), in_check && reference.is_empty());
    assert_eq!(pos.is_stalemate(), !in_check && reference.is_empty());
}

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn random_games_agree_with_the_reference_and_round_trip(
        start in 0..STARTS.len(),
        seed in 1u64..,
        plies in 1usize..160,
    ) {
        let mut rng = Rng(seed);
        let mut pos = Position::from_fen(STARTS[start]).unwrap();
        for _ in 0..plies {
            check_position(&pos);
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves[(rng.next() % moves.len() as u64) as usize];
            pos.play_unchecked(m);
        }
    }
}

/// A random wall of blocked pawn pairs (white on a rank, black right above
/// it; neighbouring files a rank apart, now and then a file left open) with the white king on a square below the wall and the black king
/// above it, or `None` when the two kings cannot stand there legally.
fn random_pawn_wall(rng: &mut Rng) -> Option<Position> {
    let mut board = [['.'; 8]; 8];
    let mut wall = [0usize; 8];
    let mut rank = 1 + (rng.next() % 5) as usize;
    for file in 0..8 {
        // Pawns of neighbouring files on one rank could take each other.
        if file > 0 {
            rank = match rank {
                1 => 2,
                5 => 4,
                _ if rng.next().is_multiple_of(2) => rank - 1,
                _ => rank + 1,
            };
        }
        wall[file] = rank;
        if !rng.next().is_multiple_of(16) {
            board[rank][file] = 'P';
            board[rank + 1][file] = 'p';
        }
    }
    for (king, below) in [('K', true), ('k', false)] {
        let file = (rng.next() % 8) as usize;
        let ranks: Vec<usize> = if below {
            (0..wall[file]).collect()
        } else {
            (wall[file] + 2..8).collect()
        };
        let r = ranks[(rng.next() % ranks.len() as u64) as usize];
        if board[r][file] != '.' {
            return None;
        }
        board[r][file] = king;
    }
    let ranks: Vec<String> = (0..8)
        .rev()
        .map(|r| {
            let mut text = String::new();
            let mut gap = 0;
            for &square in &board[r] {
                if square == '.' {
                    gap += 1;
                } else {
                    if gap > 0 {
                        text.push_str(&gap.to_string());
                        gap = 0;
                    }
                    text.push(square);
                }
            }
            if gap > 0 {
                text.push_str(&gap.to_string());
            }
            text
        })
        .collect();
    let turn = if rng.next().is_multiple_of(2) {
        "w"
    } else {
        "b"
    };
    Position::from_fen(&format!("{} {turn} - - 0 1", ranks.join("/"))).ok()
}

/// A locked pawn position judged dead (10.4) is dead: every position any
/// series of legal moves reaches from it, searched exhaustively, has only
/// king moves, no capture and no check (so no mate).
#[test]
fn every_locked_pawn_position_judged_dead_stays_without_a_capture_or_a_check() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let (mut dead, mut alive) = (0, 0);
    for _ in 0..1_500 {
        let Some(start) = random_pawn_wall(&mut rng) else {
            continue;
        };
        if !start.is_dead() {
            alive += 1;
            continue;
        }
        dead += 1;
        let pawns = start.by_role(Role::Pawn);
        let pieces = start.occupied().count();
        let mut seen = std::collections::HashSet::from([start.repetition_key()]);
        let mut todo = vec![start];
        while let Some(pos) = todo.pop() {
            assert!(!pos.is_check(), "a check reached from {start:?}: {pos:?}");
            for &m in &pos.legal_moves() {
                let mut next = pos;
                next.play_unchecked(m);
                assert_eq!(
                    next.by_role(Role::Pawn),
                    pawns,
                    "a pawn moved: {pos:?} {m:?}"
                );
                assert_eq!(next.occupied().count(), pieces, "a capture: {pos:?} {m:?}");
                assert!(next.is_dead(), "{next:?} from the dead {pos:?}");
                if seen.insert(next.repetition_key()) {
                    todo.push(next);
                }
            }
        }
    }
    assert!(dead >= 300 && alive >= 100, "dead {dead}, alive {alive}");
}
