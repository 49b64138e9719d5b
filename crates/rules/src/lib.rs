//! Pure chess rules for Arbiter: board, legal moves, FEN, SAN, UCI, PGN,
//! repetition and outcomes.
//!
//! The crate does no I/O, reads no clock, draws no random numbers and never
//! allocates during move generation. Everything is re-exported flat from the
//! crate root.

mod attacks;
mod bitboard;
mod movegen;
mod moves;
mod notation;
mod outcome;
mod perft;
pub mod pgn;
mod position;
mod setup;
mod types;
mod zobrist;

pub use attacks::{
    aligned, between, bishop_attacks, king_attacks, knight_attacks, line, pawn_attacks,
    queen_attacks, rook_attacks,
};
pub use bitboard::Bitboard;
pub use moves::{MAX_MOVES, Move, MoveList};
pub use notation::{IllegalMove, IllegalReason, SanError, UciError};
pub use outcome::Outcome;
pub use perft::{perft, perft_bulk};
pub use position::{Position, PositionError, PositionProblem};
pub use setup::{FenError, FenField, STARTING_FEN, Setup};
pub use types::{
    CastlingRights, CastlingSide, Color, ParseSquareError, Piece, Role, Square, king_home,
};
