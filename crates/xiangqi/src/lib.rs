//! Pure Xiangqi (Chinese chess) rules for Arbiter.
//!
//! Articles are cited from the Chinese competition-rules fragment
//! (`xiangqi-competition-rules-fragment-zh.txt`) as `xq 4.1.2` and so on.
//! The fragment starts at article 4 (results); the movement rules it
//! refers to (行棋规定, xq 4.1.6) are the standard ones.
//!
//! The crate does no I/O, reads no clock, draws no random numbers and never
//! allocates during move generation.
//!
//! # Layout
//! - `types`: [`Color`], [`Role`], [`Piece`], [`Square`] (files a–i, ranks
//!   0–9 as ICCS writes them; Red on ranks 0–4, moving first).
//! - `tables`: compile-time move tables (rays, horse legs, elephant eyes,
//!   palace steps, soldier steps).
//! - `zobrist`: compile-time Zobrist keys (SplitMix64 from a fixed seed).
//! - `setup`: [`Setup`] (raw, maybe illegal), FEN, [`SetupProblem`].
//! - `position`: [`Position`] (always legal), move generation, legality,
//!   [`Position::outcome`].
//! - `perft`: [`perft`] and [`perft_bulk`].
//! - `iccs`: coordinate notation (`h2e2`), [`IccsError`].
//! - `notation`: what WXF and Chinese notation share (relative files,
//!   tandem pieces, finding the move a description names), [`NotationError`].
//! - `wxf`: WXF notation ([`Position::to_wxf`], [`Position::parse_wxf`]).
//! - `repetition`: the facts perpetual check and chase are judged on
//!   ([`Position::move_facts`]: check, newly attacked pieces, protection).
//! - `prohibitions`: the judge of repetition (perpetual check and chase,
//!   xq 4.1.7; 不变作和, xq 4.2.3) and the natural move limit (xq 4.2.4):
//!   [`RepetitionTracker`], [`Verdict`], [`natural_limit_reached`].
//! - `chinese`: Chinese notation ([`Position::to_chinese`],
//!   [`Position::parse_chinese`]).
//! - `san`: algebraic notation as Fairy-Stockfish and pychess write it
//!   ([`Position::to_san`], [`Position::parse_san`]: `Cxh10+`, ranks 1–10).
//! - [`pgn`]: Xiangqi PGN, read ([`pgn::read_games`], moves in any of the
//!   notations above, detected per move) and written ([`pgn::write_game`]).
//!
//! # Invariants
//! - A [`Position`] only comes from [`Position::from_setup`] (or FEN) and
//!   legal moves: one general per side inside its palace, advisors and
//!   elephants on their points, soldiers never behind their start, piece
//!   counts within the initial set, the side not to move not in check and
//!   the generals not facing.
//! - The board is a 90-point mailbox (`rank * 9 + file`) of one-byte piece
//!   codes plus one 90-bit occupancy mask per side; every table lookup is by
//!   a [`Square`], which is always in range, so no input can index out of
//!   bounds.
//! - Move generation writes into a fixed-capacity [`MoveList`] on the stack.
//! - [`Position::hash`] always equals [`Position::compute_hash`].
//! - Every position's FEN reads back as the same position: FEN reads the
//!   counters up to [`MAX_FEN_COUNTER`] (`u32::MAX`), refuses larger ones
//!   ([`FenError::CounterTooLarge`]), and playing a move stops a counter
//!   there rather than overflow.
//! - Legal moves are the pseudo-legal moves that leave the mover's general
//!   neither attacked nor facing the other general; a move that touches no
//!   point on the general's rank or file or diagonally next to it, made by
//!   a side not in check, is accepted without testing (it cannot change
//!   either).
//!
//! # How the move generator is checked
//! - `tests/data/cpw.perft`: every published count of the Chess Programming
//!   Wiki's "Chinese Chess Perft Results" (11 positions, to depth 5 or 6) and
//!   of one more position from the folium engine's perft test is
//!   reproduced (depth <= 4 in the normal run, the rest in an ignored test);
//!   depths <= 3 also by a slow reference generator written in the tests.
//! - `tests/data/edges.perft`: ten positions made for the edges of the rules,
//!   whose counts this crate, Fairy-Stockfish and Pikafish (built from
//!   source outside the repository) agree on, 6 to 16 plies deep (the
//!   reference generator too, to depth 3); counts up to two million leaves
//!   are checked on every run, the rest in an ignored test.
//! - `tests/properties.rs`: legal moves equal the reference generator's along
//!   random playouts.
//! - `tests/data/fairy_stockfish_moves.tsv`: legal moves and the moves that
//!   give check equal Fairy-Stockfish's (pyffish) in 228 positions kept from
//!   11,000 compared.
//!
//! Speed (one thread, release build, `examples/perft.rs`; figures and
//! commands in `docs/benchmarks.md`, "xiangqi: perft"): on the start
//! position, two published midgames and nine edge positions, measured in one
//! run beside Fairy-Stockfish and Pikafish built from source, make-move
//! perft runs at 2.6–4.8 times and bulk perft at 3.9–7.7 times
//! Fairy-Stockfish's `go perft` (which counts in bulk), and bulk perft at
//! 0.57–1.33 times Pikafish's (0.82 over the whole run).
mod chinese;
mod iccs;
mod moves;
mod notation;
mod perft;
pub mod pgn;
mod position;
mod prohibitions;
mod repetition;
mod san;
mod setup;
mod tables;
mod types;
mod verdict;
mod wxf;
mod zobrist;

pub use iccs::IccsError;
pub use moves::{MAX_MOVES, Move, MoveList};
pub use notation::NotationError;
pub use perft::{perft, perft_bulk};
pub use position::{Position, SquareSet};
pub use prohibitions::{
    CYCLE_LIMIT, Conduct, Cycle, CycleMove, Doubt, Judgement, MoveKind, NATURAL_MOVE_LIMIT,
    Prohibition, Reading, Refusal, RepetitionTracker, Ruling, Verdict, counts_as_chase,
    natural_limit_reached,
};
pub use repetition::{MATE_SEARCH_BUDGET, MATE_THREAT_MOVES, MoveFacts, NewAttack};
pub use setup::{
    FenError, MAX_FEN_COUNTER, STARTING_FEN, Setup, SetupError, SetupProblem, is_advisor_point,
    is_elephant_point,
};
pub use types::{Color, FILES, ParseSquareError, Piece, RANKS, Role, SQUARES, Square};
pub use verdict::{DrawReason, IllegalMove, IllegalReason, Outcome, PositionError, WinReason};
