//! The judge of the prohibitions (禁例) and of the draws that need the
//! game's history: perpetual check and perpetual chase (xq 4.1.7), the
//! cycle repeated without a forbidden side (不变作和, xq 4.2.3), and the
//! natural move limit (自然限着, xq 4.2.4).
//!
//! The fragment of the competition rules only names the prohibitions; the
//! repetition chapter (棋例) of the full rules is not in it. What is judged
//! here follows the Chinese Xiangqi Association's 棋例 as far as the
//! project has its text (the terms of its chapter: 将, 杀, 捉, 闲, the
//! forbidden moves 长将 长杀 长捉 一将一杀 一将一捉 一杀一捉, and its
//! illustrated rulings), on the project's digest of the laws (section
//! "Xiangqi"). The facts each judgement rests on come from
//! [`Position::move_facts`] and [`Position::threatens_mate`]; the
//! repetition identity is the position's Zobrist key, confirmed on the
//! board itself.
//!
//! # What is modelled
//! - **A cycle**: the position after a move (pieces and side to move)
//!   equals an earlier one since the last capture. Each earlier standing
//!   marks a playing of the cycle (the moves from one standing to the
//!   next); the latest playing is judged, and its repetitions are the
//!   playings in a row, back from it, judged alike (forbidden to the same
//!   side, or to neither) — a side that changed its conduct in between has
//!   changed, and its count starts again. An arbiter's annulment of a
//!   ruling on a cycle starts the count again from the position it stands
//!   at ([`RepetitionTracker::count_cycles_again`]).
//! - **Each move of the cycle** is a check (将: it attacks the general), a
//!   chase (捉: it newly creates a legal threat to capture an opposing
//!   piece that counts, see below), a threat of mate (杀: were the opponent
//!   to pass, the mover could mate by consecutive checks within
//!   [`crate::MATE_THREAT_MOVES`] of its moves, which it could not before
//!   the move), or idle (闲: anything else — blocks, following, offers of
//!   exchange, retreats, moves that attack nothing new). A move that checks
//!   is a check whatever else it does; one that chases and threatens mate
//!   is a chase.
//! - **What counts as a chase** ([`counts_as_chase`]): the attack of a
//!   piece the move newly threatens — by the moved piece or a piece it
//!   uncovers or gives a screen, or a standing attack whose target the move
//!   took the protection from (断根: the protector blocked, pinned or drawn
//!   off) — where the capture would be legal; and
//!   - the attacker is not the general and not a soldier that has not
//!     crossed the river (those may chase: exempt);
//!   - the target is not a soldier that has not crossed the river;
//!   - it is not an offer of exchange: a piece attacking a piece of its own
//!     kind that could take it back at once (兑);
//!   - the target is unprotected (无根: its side could not legally
//!     recapture, or every recapture would be mated at once — 假根), or
//!     it is a chariot attacked by a horse or a cannon (which counts even
//!     when the chariot is protected);
//!   - the capture would not let the other side mate at once (a capture
//!     that is mated on the next move wins nothing).
//! - **Each side's conduct** over its moves in the cycle ([`Conduct`]): one
//!   idle move makes it allowed; every move an attack (check, threat of
//!   mate or chase) is forbidden, named by the kinds present: perpetual
//!   check (长将), perpetual threat of mate (长杀), perpetual chase (长捉, of
//!   one piece or turn by turn of several: the piece named is the one
//!   chased most often, the first on ties), one check one threat of mate
//!   (一将一杀), one check one chase (一将一捉), one threat of mate one chase
//!   (一杀一捉). A cycle with a check among its attacks ranks as checking.
//! - **The verdict** ([`Verdict`]): no cycle → [`Verdict::None`]; both
//!   allowed, both checking, or both forbidden without a check →
//!   [`Verdict::Draw`] (不变作和, xq 4.2.3); one side forbidden and the
//!   other allowed, or one checking and the other forbidden without a check
//!   → [`Verdict::MustChange`] for the side that checks (or alone attacks):
//!   it must change, or it loses (xq 4.1.7). Check outranking chase follows
//!   the digest ("perpetual check outranks perpetual chase").
//! - **The third time**: [`RepetitionTracker::refusal`] answers, before a
//!   move is played, whether it would play a cycle that is forbidden for
//!   the mover for the [`CYCLE_LIMIT`]-th (third) time in a row; the game
//!   refuses it with "must change" citing xq 4.1.7.
//!   [`Judgement::draw_due`] says when a cycle that is a draw has been
//!   played the third time (xq 4.2.3).
//! - **The natural move limit** ([`natural_limit_reached`]): a number of
//!   moves (60 by default, [`NATURAL_MOVE_LIMIT`]; an event may set fewer)
//!   with no capture by either side is a draw (xq 4.2.4); counted from the
//!   half-move clock, which only captures reset.
//! - The dead position (neither side has an attacking piece, xq 4.2.1) is
//!   [`Position::is_dead_position`] and [`Position::outcome`], not here.
//!
//! - **What the rules leave to the arbiter** ([`Doubt`]): an idle move
//!   that newly attacks a protected piece worth more than its attacker (a
//!   chase by value, 子力价值?), or a protected piece attacked by more
//!   pieces than can take back (少根?), or that threatens to win a piece
//!   through a check (the 棋例 counts it 捉, the Asian rules do not), or
//!   whose threat of mate the search could not decide. When answering such a question against a side would
//!   change the verdict, the verdict is [`Verdict::ArbiterDecides`]: the
//!   program neither refuses a move nor draws the game on it, and says
//!   what the arbiter is asked.
//!
//! # What is not modelled
//! Cases the 棋例 rules by a judgement of value or intent, which the
//! arbiter makes (the game's `annul_ruling`, `allow_cycle` and
//! `declare_result` events carry it):
//! - a threat of mate longer than [`crate::MATE_THREAT_MOVES`] moves of
//!   consecutive checks: not found, the move counts as idle (one the
//!   search's [`crate::MATE_SEARCH_BUDGET`] cuts off is asked, above);
//! - a chase that wins material through more than one check or through a
//!   sequence of exchanges (the 棋例 counts these as 捉); the direct
//!   capture is judged and a win through one check is asked (above);
//! - value-based chases and under-protected pieces are asked, not ruled
//!   (above); a protector overloaded in some other way (false protection
//!   beyond a protector pinned, cut off or mated for its recapture) is not
//!   seen;
//! - the special cases of the rule books' examples: a chariot pinned by a
//!   horse, pieces of the same kind chasing each other when one cannot
//!   take back, and the ranking of several forbidden kinds beyond "a cycle
//!   with a check ranks as checking";
//! - the natural limit's exceptions in some editions (checks not counted,
//!   the limit raised when few pieces remain): the limit counts every move
//!   without a capture.
//!
//! The Asian Xiangqi Federation's rules differ: a threat of mate is no
//! forcing move there (长杀, 一将一杀 and 一将一捉 are allowed, AXF rules 9,
//! 11, 12), and one piece chasing two in turn is allowed (rule 32).
//! `docs/laws-coverage.md` lists the differences.

mod judgement;
mod reading;
mod tracker;

pub use judgement::{Conduct, Cycle, CycleMove, Judgement, Prohibition, Refusal, Ruling, Verdict};
pub use reading::{Doubt, MoveKind, Reading, counts_as_chase};
pub use tracker::RepetitionTracker;

/// The natural move limit of xq 4.2.4: 60 moves (each a move by both
/// sides) in a row without a capture is a draw. An event may set fewer.
pub const NATURAL_MOVE_LIMIT: u32 = 60;

/// The cycle is acted on the third time it is played (xq 4.1.7, 4.2.3: 循环
/// 反复三次): a forbidden cycle the third time is refused, a drawn one
/// is a draw.
pub const CYCLE_LIMIT: u32 = 3;

/// Whether the natural move limit is reached (xq 4.2.4): `limit_moves`
/// moves by both sides, that is `2 × limit_moves` half-moves, with no
/// capture. `plies_without_capture` is [`crate::Position::halfmove_clock`].
#[must_use]
pub const fn natural_limit_reached(plies_without_capture: u32, limit_moves: u32) -> bool {
    plies_without_capture as u64 >= 2 * limit_moves as u64
}
