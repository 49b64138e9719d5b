//! Pure chess rules for Arbiter: board, legal moves, FEN, SAN, UCI, PGN,
//! repetition and outcomes.
//!
//! The crate does no I/O, reads no clock, draws no random numbers and never
//! allocates during move generation. Everything is re-exported flat from the
//! crate root.
//!
//! # Additions to the API first agreed for this crate
//! Nothing in the contract changed; these were added:
//! - `Position::why_illegal(from, to, promotion) -> Option<IllegalReason>`;
//!   `IllegalMove { uci, reason: IllegalReason }`; `IllegalReason::article()`
//!   gives the article ("5.1(6)"). `UciError::Illegal` and
//!   `SanError::Illegal` carry an `IllegalReason` (the SAN error also the side
//!   to move and the square named, for its message); a SAN naming a piece
//!   the side does not have is `IllegalReason::NoPieceOfKind`.
//! - `Position::legal_ep_square()` (the en-passant square only when a capture
//!   is legal, Art. 10.10), `legal_moves_filtered(from, to)`,
//!   `has_legal_moves()`, `role_at`, `pieces`, `by_color`, `by_role`,
//!   `occupied`, `attackers`.
//! - `perft` and `perft_bulk`; the attack functions (`rook_attacks`, ...).
//! - `Setup::empty`, `Setup::startpos`, `Setup::board_fen`, `STARTING_FEN`,
//!   `FenError { field: FenField, reason }`.
//! - `PositionProblem::TooManyPawns(Color)` and `ImpossibleCheck`;
//!   `BadCastlingRights(Color, CastlingSide)`.
//! - The draw thresholds `THREEFOLD_REPETITION`, `FIVEFOLD_REPETITION`,
//!   `FIFTY_MOVE_HALFMOVES` and `SEVENTY_FIVE_MOVE_HALFMOVES` (Arts. 9.2,
//!   9.3, 9.6).
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
pub use outcome::{
    FIFTY_MOVE_HALFMOVES, FIVEFOLD_REPETITION, Outcome, SEVENTY_FIVE_MOVE_HALFMOVES,
    THREEFOLD_REPETITION,
};
pub use perft::{perft, perft_bulk};
pub use position::{Position, PositionError, PositionProblem};
pub use setup::{FenError, FenField, MAX_FEN_COUNTER, STARTING_FEN, Setup};
pub use types::{
    CastlingRights, CastlingSide, Color, ParseSquareError, Piece, Role, Square, king_home,
};
