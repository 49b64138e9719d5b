//! The judge of the prohibitions (禁例) and of the draws that need the
//! game's history: perpetual check and perpetual chase (xq 4.1.7), the
//! cycle repeated without a forbidden side (不变作和, xq 4.2.3), and the
//! natural move limit (自然限着, xq 4.2.4).
//!
//! The fragment of the competition rules only names the prohibitions; the
//! repetition chapter (棋例) of the full rules is not in it. What is judged
//! here is the core that the national rules and the engines that follow
//! them apply (the project's digest of the laws, section "Xiangqi"). The
//! facts each judgement rests on come from [`Position::move_facts`]; the
//! repetition identity is the position's Zobrist key, confirmed on the
//! board itself.
//!
//! # What is modelled
//! - **A cycle**: the position after a move (pieces and side to move)
//!   equals an earlier one since the last capture. The cycle is the moves
//!   between the latest earlier occurrence and now; its repetitions are how
//!   many times the position has recurred (the position standing for the
//!   `n + 1`-th time: the cycle has been played `n` times).
//! - **Each move of the cycle** is a check (将: it attacks the general), a
//!   chase (捉: it newly creates a legal threat to capture an opposing
//!   piece that counts, see below), or idle (闲: anything else — blocks,
//!   offers of exchange, retreats, moves that attack nothing new). A move
//!   that checks and chases at once is a check.
//! - **What counts as a chase** ([`counts_as_chase`]): the attack of a
//!   piece the move newly threatens, by the moved piece or a piece it
//!   uncovers or gives a screen, where the capture would be legal; and
//!   - the attacker is not the general and not a soldier that has not
//!     crossed the river (those may chase: exempt);
//!   - the target is not a soldier that has not crossed the river;
//!   - it is not an offer of exchange: a piece attacking a piece of its own
//!     kind that could take it back at once (兑);
//!   - the target is unprotected (无根: its side could not legally
//!     recapture), or it is a chariot attacked by a horse or a cannon (which
//!     counts even when the chariot is protected).
//! - **Each side's conduct** over its moves in the cycle
//!   ([`Conduct`]): every move a check is perpetual check (长将); every move a
//!   chase is perpetual chase (长捉, of one piece or turn by turn of several:
//!   the piece named is the one chased most often, the first on ties); every
//!   move a check or a chase with both present is one check one chase
//!   (一将一捉), which counts as the checking side against a chase; anything
//!   else is allowed.
//! - **The verdict** ([`Verdict`]): no cycle → [`Verdict::None`]; both
//!   allowed, both checking (perpetual check or one check one chase on both
//!   sides) or both perpetually chasing → [`Verdict::Draw`] (不变作和,
//!   xq 4.2.3); one side forbidden and the other allowed, or one checking
//!   and the other only chasing → [`Verdict::MustChange`] for the side that
//!   checks (or alone chases): it must change, or it loses (xq 4.1.7).
//!   Check outranking chase follows the digest ("perpetual check outranks
//!   perpetual chase"); "both sides forbidden → draw" is read as both
//!   forbidden alike.
//! - **The third time**: [`RepetitionTracker::refusal`] answers, before a
//!   move is played, whether it would play a cycle that is forbidden for
//!   the mover for the [`CYCLE_LIMIT`]-th (third) time; the game refuses it
//!   with "must change" citing xq 4.1.7. [`Judgement::draw_due`] says when a
//!   cycle that is a draw has been played the third time (xq 4.2.3).
//! - **The natural move limit** ([`natural_limit_reached`]): a number of
//!   moves (60 by default, [`NATURAL_MOVE_LIMIT`]; an event may set fewer)
//!   with no capture by either side is a draw (xq 4.2.4); counted from the
//!   half-move clock, which only captures reset.
//! - The dead position (neither side has an attacking piece, xq 4.2.1) is
//!   [`Position::is_dead_position`] and [`Position::outcome`], not here.
//!
//! # What is not modelled
//! The full rule book of the Asian Xiangqi Federation (and the Chinese
//! national rules) has more cases, which an arbiter judges by hand:
//! - a chase whose capture would lose the capturer at once (a capture that
//!   leads to being mated, or that walks into a losing exchange) still counts
//!   here; only captures that are illegal at once (exposing the own general)
//!   are excluded;
//! - value-based chases other than horse or cannon against a chariot (for
//!   instance a crossed soldier attacking a protected horse), and the
//!   protection that does not count because the recapture itself is
//!   forbidden or the protector is overloaded (假根, 根被牵制 beyond a pin on
//!   the general);
//! - the special cases of the rule book's examples: 一将一杀, 一捉一杀
//!   (threats of mate), 长拦 / 长跟 (blocking and following), the chase
//!   of a piece that is itself attacking (捉 against 解), pieces of the
//!   same kind chasing each other when one is pinned, and the ranking of
//!   several forbidden kinds beyond check over chase;
//! - a cycle whose repetitions differ in kind: the latest cycle alone is
//!   judged;
//! - the natural limit's exceptions in some editions (checks not counted,
//!   the limit raised when few pieces remain): the limit counts every move
//!   without a capture.

use std::fmt;

use crate::moves::Move;
use crate::position::Position;
use crate::repetition::NewAttack;
use crate::types::{Color, Piece, Role, Square};
use crate::verdict::IllegalMove;

/// The natural move limit of xq 4.2.4: 60 moves (each a move by both
/// sides) in a row without a capture is a draw. An event may set fewer.
pub const NATURAL_MOVE_LIMIT: u32 = 60;

/// The cycle is acted on the third time it is played (xq 4.1.7, 4.2.3: 循环
/// 反复三次): a forbidden cycle the third time is refused, a drawn one
/// is a draw.
pub const CYCLE_LIMIT: u32 = 3;

/// Whether the natural move limit is reached (xq 4.2.4): `limit_moves`
/// moves by both sides, that is `2 × limit_moves` half-moves, with no
/// capture. `plies_without_capture` is [`Position::halfmove_clock`].
#[must_use]
pub const fn natural_limit_reached(plies_without_capture: u32, limit_moves: u32) -> bool {
    plies_without_capture as u64 >= 2 * limit_moves as u64
}

/// Whether a new attack counts as a chase (捉) under the prohibitions; see
/// the module documentation. `after` is the position after the move that
/// made the attack (the attacked side to move).
#[must_use]
pub fn counts_as_chase(attack: &NewAttack, after: &Position) -> bool {
    let attacker = attack.attacker_piece;
    let target = attack.target_piece;
    let exempt_attacker = match attacker.role {
        Role::General => true,
        Role::Soldier => attack.attacker.on_own_side(attacker.color),
        _ => false,
    };
    if exempt_attacker || target.role == Role::General {
        return false;
    }
    if target.role == Role::Soldier && attack.target.on_own_side(target.color) {
        return false;
    }
    if target.role == attacker.role && after.is_legal(Move::new(attack.target, attack.attacker)) {
        return false;
    }
    !attack.protected
        || (target.role == Role::Chariot && matches!(attacker.role, Role::Horse | Role::Cannon))
}

/// What one move is, for the prohibitions.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum MoveKind {
    /// It gives check (将), whatever else it does.
    Check,
    /// It chases (捉) these pieces (at least one), in board order.
    Chase(Vec<NewAttack>),
    /// Anything else (闲): an allowed move.
    Idle,
}

impl MoveKind {
    /// Whether the move attacks (check or chase).
    #[must_use]
    pub fn is_attack(&self) -> bool {
        !matches!(self, MoveKind::Idle)
    }
}

impl fmt::Display for MoveKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveKind::Check => f.write_str("check"),
            MoveKind::Chase(chased) => {
                f.write_str("chase")?;
                for (i, a) in chased.iter().enumerate() {
                    let sep = if i == 0 { " " } else { ", " };
                    write!(f, "{sep}{} on {}", a.target_piece.role, a.target)?;
                }
                Ok(())
            }
            MoveKind::Idle => f.write_str("idle"),
        }
    }
}

impl Position {
    /// What a move is for the prohibitions: check, chase (naming the
    /// pieces) or idle. `None` if the move is illegal.
    #[must_use]
    pub fn move_kind(&self, m: Move) -> Option<MoveKind> {
        let facts = self.move_facts(m)?;
        if facts.gives_check {
            return Some(MoveKind::Check);
        }
        let after = self.play(m).ok()?;
        let chased: Vec<NewAttack> = facts
            .new_attacks
            .into_iter()
            .filter(|a| counts_as_chase(a, &after))
            .collect();
        Some(if chased.is_empty() {
            MoveKind::Idle
        } else {
            MoveKind::Chase(chased)
        })
    }
}

/// What is forbidden about a side's moves in a cycle.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Prohibition {
    /// Every move a check (长将).
    PerpetualCheck,
    /// Every move a chase (长捉); `piece` is the piece chased most often,
    /// standing on `square` when first chased in the cycle.
    PerpetualChase {
        /// The chased piece.
        piece: Piece,
        /// Where it stood when first chased in the cycle.
        square: Square,
    },
    /// Every move a check or a chase, with both (一将一捉): ranks as checking.
    CheckAndChase {
        /// The chased piece (as for perpetual chase).
        piece: Piece,
        /// Where it stood when first chased in the cycle.
        square: Square,
    },
}

impl Prohibition {
    /// The article: xq 4.1.7 (violating a prohibition and not changing).
    #[must_use]
    pub const fn article(self) -> &'static str {
        "4.1.7"
    }

    /// Checking ranks above chasing.
    const fn rank(self) -> u8 {
        match self {
            Prohibition::PerpetualChase { .. } => 1,
            Prohibition::PerpetualCheck | Prohibition::CheckAndChase { .. } => 2,
        }
    }
}

impl fmt::Display for Prohibition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Prohibition::PerpetualCheck => f.write_str("perpetual check"),
            Prohibition::PerpetualChase { piece, square } => {
                write!(f, "perpetual chase of the {piece} on {square}")
            }
            Prohibition::CheckAndChase { piece, square } => {
                write!(f, "one check one chase (of the {piece} on {square})")
            }
        }
    }
}

/// One side's conduct over its moves in a cycle.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Conduct {
    /// At least one move neither checks nor chases: allowed.
    Allowed,
    /// Forbidden.
    Forbidden(Prohibition),
}

impl Conduct {
    /// Judges a side's moves (in the order played).
    #[must_use]
    pub fn of<'a>(kinds: impl IntoIterator<Item = &'a MoveKind>) -> Conduct {
        let mut checks = 0usize;
        let mut chases: Vec<&NewAttack> = Vec::new();
        let mut moves = 0usize;
        for kind in kinds {
            moves += 1;
            match kind {
                MoveKind::Check => checks += 1,
                MoveKind::Chase(chased) => chases.extend(chased.iter()),
                MoveKind::Idle => return Conduct::Allowed,
            }
        }
        if moves == 0 {
            return Conduct::Allowed;
        }
        if checks == moves {
            return Conduct::Forbidden(Prohibition::PerpetualCheck);
        }
        // The piece chased most often; the first chased on ties.
        let mut best: Option<(&NewAttack, usize)> = None;
        for a in &chases {
            let n = chases
                .iter()
                .filter(|b| b.target_piece == a.target_piece)
                .count();
            if best.is_none_or(|(_, m)| n > m) {
                best = Some((a, n));
            }
        }
        let Some((a, _)) = best else {
            return Conduct::Allowed;
        };
        let (piece, square) = (a.target_piece, a.target);
        Conduct::Forbidden(if checks > 0 {
            Prohibition::CheckAndChase { piece, square }
        } else {
            Prohibition::PerpetualChase { piece, square }
        })
    }
}

/// What the prohibitions say about the position just reached.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Verdict {
    /// The position has not stood before since the last capture.
    None,
    /// A cycle in which neither side is forbidden, or both are alike: a
    /// draw when played the third time (不变作和, xq 4.2.3).
    Draw,
    /// A cycle forbidden for `side`: it must change, or it loses (xq 4.1.7).
    MustChange {
        /// The side that must change.
        side: Color,
        /// Why.
        reason: Prohibition,
    },
}

impl Verdict {
    /// Compares the two sides' conduct.
    #[must_use]
    pub fn of(red: Conduct, black: Conduct) -> Verdict {
        let rank = |c: Conduct| match c {
            Conduct::Allowed => 0,
            Conduct::Forbidden(p) => p.rank(),
        };
        let (r, b) = (rank(red), rank(black));
        let (side, conduct) = if r > b {
            (Color::Red, red)
        } else if b > r {
            (Color::Black, black)
        } else {
            return Verdict::Draw;
        };
        match conduct {
            Conduct::Forbidden(reason) => Verdict::MustChange { side, reason },
            Conduct::Allowed => Verdict::Draw,
        }
    }

    /// The article the verdict rests on, if any.
    #[must_use]
    pub const fn article(self) -> Option<&'static str> {
        match self {
            Verdict::None => None,
            Verdict::Draw => Some("4.2.3"),
            Verdict::MustChange { .. } => Some("4.1.7"),
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Verdict::None => f.write_str("no repetition"),
            Verdict::Draw => f.write_str("repetition allowed to both sides: a draw (xq 4.2.3)"),
            Verdict::MustChange { side, reason } => {
                write!(f, "{side} must change: {reason} (xq 4.1.7)")
            }
        }
    }
}

/// One move of a cycle.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct CycleMove {
    /// Who played it.
    pub side: Color,
    /// The move.
    pub mv: Move,
    /// What it is.
    pub kind: MoveKind,
}

/// A cycle of moves that brought back an earlier position.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Cycle {
    /// The half-move (counted from the tracker's start, 0 = the start) at
    /// which the position stood before, the latest time.
    pub from_ply: usize,
    /// The moves since then, in order (at least four).
    pub moves: Vec<CycleMove>,
    /// How many times the position has recurred since the last capture:
    /// the number of times a cycle back to it has been played.
    pub repetitions: u32,
}

impl Cycle {
    /// What the moves of one side are, in order.
    pub fn kinds_of(&self, side: Color) -> impl Iterator<Item = &MoveKind> {
        self.moves
            .iter()
            .filter(move |m| m.side == side)
            .map(|m| &m.kind)
    }

    /// One side's conduct in the cycle.
    #[must_use]
    pub fn conduct(&self, side: Color) -> Conduct {
        Conduct::of(self.kinds_of(side))
    }

    /// The verdict on the cycle.
    #[must_use]
    pub fn verdict(&self) -> Verdict {
        Verdict::of(self.conduct(Color::Red), self.conduct(Color::Black))
    }
}

/// The prohibitions' judgement of the position just reached.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Judgement {
    /// The cycle, if the position stood before.
    pub cycle: Option<Cycle>,
    /// The verdict ([`Verdict::None`] when there is no cycle).
    pub verdict: Verdict,
}

impl Judgement {
    /// How many times the cycle has been played (0 without one).
    #[must_use]
    pub fn repetitions(&self) -> u32 {
        self.cycle.as_ref().map_or(0, |c| c.repetitions)
    }

    /// Whether the game is drawn by repetition now: a cycle forbidden to
    /// neither side (or to both alike) played the third time (xq 4.2.3).
    #[must_use]
    pub fn draw_due(&self) -> bool {
        self.verdict == Verdict::Draw && self.repetitions() >= CYCLE_LIMIT
    }
}

/// A move refused because it would play a cycle forbidden to the mover
/// the third time: the mover must change (xq 4.1.7).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Refusal {
    /// The side that must change (the mover).
    pub side: Color,
    /// The move refused.
    pub mv: Move,
    /// What is forbidden about the cycle.
    pub reason: Prohibition,
    /// The number of times the cycle would have been played.
    pub repetitions: u32,
}

impl Refusal {
    /// The article: xq 4.1.7.
    #[must_use]
    pub const fn article(self) -> &'static str {
        "4.1.7"
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "must change: {} would repeat {} for the {} time (xq 4.1.7)",
            self.mv,
            self.reason,
            ordinal(self.repetitions)
        )
    }
}

fn ordinal(n: u32) -> String {
    match n {
        1 => "first".to_owned(),
        2 => "second".to_owned(),
        3 => "third".to_owned(),
        _ => format!("{n}th"),
    }
}

/// One half-move of the history.
#[derive(Clone, Debug)]
struct Ply {
    mv: Move,
    kind: MoveKind,
    after: Position,
}

/// A game's history as the prohibitions see it: fed move by move, it
/// judges every position reached (see the module documentation for what is
/// modelled).
#[derive(Clone, Debug)]
pub struct RepetitionTracker {
    start: Position,
    plies: Vec<Ply>,
}

impl RepetitionTracker {
    /// A history starting at `start` (no move yet).
    #[must_use]
    pub fn new(start: Position) -> RepetitionTracker {
        RepetitionTracker {
            start,
            plies: Vec::new(),
        }
    }

    /// The position now.
    #[must_use]
    pub fn position(&self) -> &Position {
        self.plies.last().map_or(&self.start, |p| &p.after)
    }

    /// The number of half-moves played.
    #[must_use]
    pub fn plies(&self) -> usize {
        self.plies.len()
    }

    /// Plays a legal move and judges the position it reaches; an illegal
    /// move is refused and changes nothing.
    pub fn play(&mut self, m: Move) -> Result<Judgement, IllegalMove> {
        let ply = self.ply(m)?;
        self.plies.push(ply);
        Ok(judge(&self.start, &self.plies, None))
    }

    /// Judges the position now.
    #[must_use]
    pub fn judge(&self) -> Judgement {
        judge(&self.start, &self.plies, None)
    }

    /// Judges the position a move would reach, without playing it.
    pub fn judge_move(&self, m: Move) -> Result<Judgement, IllegalMove> {
        let ply = self.ply(m)?;
        Ok(judge(&self.start, &self.plies, Some(&ply)))
    }

    /// Whether a move must be refused because it would play, for the
    /// [`CYCLE_LIMIT`]-th (third) time or more, a cycle forbidden to the
    /// mover (xq 4.1.7: "must change"). `None` for a move that may be
    /// played — or that is illegal ([`Position::play`] says why).
    #[must_use]
    pub fn refusal(&self, m: Move) -> Option<Refusal> {
        let judgement = self.judge_move(m).ok()?;
        match judgement.verdict {
            Verdict::MustChange { side, reason }
                if side == self.position().turn() && judgement.repetitions() >= CYCLE_LIMIT =>
            {
                Some(Refusal {
                    side,
                    mv: m,
                    reason,
                    repetitions: judgement.repetitions(),
                })
            }
            _ => None,
        }
    }

    /// Whether the natural move limit of `limit_moves` moves without a
    /// capture is reached now (xq 4.2.4; [`NATURAL_MOVE_LIMIT`] by default).
    #[must_use]
    pub fn natural_limit_reached(&self, limit_moves: u32) -> bool {
        natural_limit_reached(self.position().halfmove_clock(), limit_moves)
    }

    fn ply(&self, m: Move) -> Result<Ply, IllegalMove> {
        let before = self.position();
        let after = before.play(m)?;
        let kind = before.move_kind(m).unwrap_or(MoveKind::Idle);
        Ok(Ply { mv: m, kind, after })
    }
}

/// Whether two positions have the same pieces on the same points and the
/// same side to move.
fn same_position(a: &Position, b: &Position) -> bool {
    a.hash() == b.hash() && a.turn() == b.turn() && a.board_array() == b.board_array()
}

/// Judges the last position of `plies` (then `extra`, if given) against
/// the history before it.
fn judge(start: &Position, plies: &[Ply], extra: Option<&Ply>) -> Judgement {
    let none = Judgement {
        cycle: None,
        verdict: Verdict::None,
    };
    let n = plies.len() + usize::from(extra.is_some());
    let ply = |k: usize| plies.get(k).or(if k == plies.len() { extra } else { None });
    let at = |i: usize| {
        if i == 0 {
            Some(start)
        } else {
            ply(i - 1).map(|p| &p.after)
        }
    };
    let Some(now) = at(n) else {
        return none;
    };
    // Only positions since the last capture can be equal.
    let window = usize::try_from(now.halfmove_clock()).map_or(n, |c| c.min(n));
    let mut latest = None;
    let mut repetitions = 0u32;
    let mut back = 4;
    while back <= window {
        let i = n - back;
        if at(i).is_some_and(|p| same_position(p, now)) {
            latest.get_or_insert(i);
            repetitions = repetitions.saturating_add(1);
        }
        back += 2;
    }
    let Some(from_ply) = latest else {
        return none;
    };
    let moves = (from_ply..n)
        .filter_map(|k| {
            let side = at(k)?.turn();
            let p = ply(k)?;
            Some(CycleMove {
                side,
                mv: p.mv,
                kind: p.kind.clone(),
            })
        })
        .collect();
    let cycle = Cycle {
        from_ply,
        moves,
        repetitions,
    };
    let verdict = cycle.verdict();
    Judgement {
        cycle: Some(cycle),
        verdict,
    }
}
