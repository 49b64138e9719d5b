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
//!   changed, and its count starts again.
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

use std::fmt;
use std::sync::OnceLock;

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

/// Whether a new attack is outside the prohibitions whatever the
/// protection: the general and soldiers that have not crossed the river
/// may attack (exempt), the general and such soldiers are never chased,
/// and a piece attacking one of its own kind that could take it back at
/// once offers an exchange (兑).
fn exempt(attack: &NewAttack, after: &Position) -> bool {
    let attacker = attack.attacker_piece;
    let target = attack.target_piece;
    let exempt_attacker = match attacker.role {
        Role::General => true,
        Role::Soldier => attack.attacker.on_own_side(attacker.color),
        _ => false,
    };
    exempt_attacker
        || target.role == Role::General
        || (target.role == Role::Soldier && attack.target.on_own_side(target.color))
        || (target.role == attacker.role
            && after.is_legal(Move::new(attack.target, attack.attacker)))
}

/// Whether a new attack counts as a chase (捉) under the prohibitions; see
/// the module documentation. `after` is the position after the move that
/// made the attack (the attacked side to move).
#[must_use]
pub fn counts_as_chase(attack: &NewAttack, after: &Position) -> bool {
    if exempt(attack, after) {
        return false;
    }
    let attacker = attack.attacker_piece;
    let target = attack.target_piece;
    let counts = !attack.protected
        || (target.role == Role::Chariot && matches!(attacker.role, Role::Horse | Role::Cannon));
    counts && !capture_walks_into_mate(attack, after)
}

/// A rough worth of a piece where it stands, for the one question of value
/// the judge asks: does a protected target outweigh its attacker?
fn worth(piece: Piece, square: Square) -> u8 {
    match piece.role {
        Role::General => u8::MAX,
        Role::Chariot => 9,
        Role::Horse | Role::Cannon => 4,
        Role::Advisor | Role::Elephant => 2,
        Role::Soldier if square.on_own_side(piece.color) => 1,
        Role::Soldier => 2,
    }
}

/// Whether a new attack that does not count as a chase could count by
/// value: a protected target worth more than its attacker (the 棋例 weighs
/// such attacks by the pieces' value, 子力价值, which the judge does not;
/// a horse or cannon on a chariot is the one case it rules itself).
fn value_doubt(attack: &NewAttack, after: &Position) -> bool {
    attack.protected
        && !exempt(attack, after)
        && !counts_as_chase(attack, after)
        && worth(attack.attacker_piece, attack.attacker) < worth(attack.target_piece, attack.target)
        && !capture_walks_into_mate(attack, after)
}

/// Whether a new attack on a protected target that does not count as a
/// chase leaves the target attacked by more of the mover's pieces than its
/// side has to take back (少根): the 棋例 may count such a piece as
/// insufficiently protected — an exchange on it could win it — which the
/// judge does not reckon.
fn outnumbered(attack: &NewAttack, after: &Position) -> bool {
    if !attack.protected || exempt(attack, after) || counts_as_chase(attack, after) {
        return false;
    }
    let ours = after.passed();
    let takers = |p: &Position| {
        let mut from: Vec<Square> = p
            .legal_moves()
            .iter()
            .filter(|m| m.to == attack.target)
            .map(|m| m.from)
            .collect();
        from.dedup();
        from.len()
    };
    let attackers = takers(&ours);
    let Ok(taken) = ours.play(Move::new(attack.attacker, attack.target)) else {
        return false;
    };
    attackers > takers(&taken) && !capture_walks_into_mate(attack, after)
}

/// The most positions one search for a win by check looks at.
const WIN_BY_CHECK_BUDGET: u32 = 20_000;

/// A piece the side to move could win by giving check (the 棋例 counts a
/// threat to win material through a check as 捉; the Asian rules do not):
/// a check, not mate, after which, whatever the reply, a piece of the
/// checked side can be taken that counts — one with no legal recapture, or
/// a chariot taken by a horse or a cannon — by a piece other than the
/// general or a soldier that has not crossed the river, and other than a
/// soldier that has not crossed it. The capture, as a [`NewAttack`] after
/// the first reply; `None` when there is none, or when the search runs
/// out of its bound.
fn win_by_check(pos: &Position) -> Option<NewAttack> {
    let mut left = WIN_BY_CHECK_BUDGET;
    let mut spend = |n: usize| {
        let n = u32::try_from(n).unwrap_or(u32::MAX);
        left = left.checked_sub(n)?;
        Some(())
    };
    let us = pos.turn();
    for &check in pos.legal_moves().iter() {
        spend(1)?;
        let mut checked = *pos;
        checked.play_unchecked(check);
        if !checked.is_check() {
            continue;
        }
        let replies = checked.legal_moves();
        if replies.is_empty() {
            continue;
        }
        let mut first = None;
        let mut every_reply = true;
        for &reply in replies.iter() {
            let mut answered = checked;
            answered.play_unchecked(reply);
            let captures = answered.legal_moves();
            spend(captures.len())?;
            let won = captures.iter().find_map(|&take| {
                let attacker_piece = answered.piece_at(take.from)?;
                let target_piece = answered.piece_at(take.to)?;
                let exempt = attacker_piece.role == Role::General
                    || target_piece.role == Role::General
                    || (attacker_piece.role == Role::Soldier && take.from.on_own_side(us))
                    || (target_piece.role == Role::Soldier && take.to.on_own_side(us.opposite()));
                if exempt {
                    return None;
                }
                let mut taken = answered;
                taken.play_unchecked(take);
                let recaptured = taken.legal_moves().iter().any(|r| r.to == take.to);
                let counts = !recaptured
                    || (target_piece.role == Role::Chariot
                        && matches!(attacker_piece.role, Role::Horse | Role::Cannon));
                counts.then_some(NewAttack {
                    attacker: take.from,
                    attacker_piece,
                    target: take.to,
                    target_piece,
                    protected: recaptured,
                    undermined: false,
                })
            });
            match won {
                Some(a) => {
                    first.get_or_insert(a);
                }
                None => {
                    every_reply = false;
                    break;
                }
            }
        }
        if every_reply && first.is_some() {
            return first;
        }
    }
    None
}

/// Whether taking the target would let its side mate at once (with its
/// next move): such a capture wins nothing, and the threat of it is no
/// chase.
fn capture_walks_into_mate(attack: &NewAttack, after: &Position) -> bool {
    let mut taken = after.passed();
    let capture = Move::new(attack.attacker, attack.target);
    if !taken.is_legal(capture) {
        return false;
    }
    taken.play_unchecked(capture);
    taken.mates_by_checks(1)
}

/// What one move is, for the prohibitions.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum MoveKind {
    /// It gives check (将), whatever else it does.
    Check,
    /// It chases (捉) these pieces (at least one), in board order; it may
    /// threaten mate as well.
    Chase(Vec<NewAttack>),
    /// It threatens mate (杀: were the opponent to pass, the mover could
    /// mate by consecutive checks) and neither checks nor chases.
    MateThreat,
    /// Anything else (闲): an allowed move.
    Idle,
}

impl MoveKind {
    /// Whether the move attacks (check, threat of mate or chase).
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
            MoveKind::MateThreat => f.write_str("threat of mate"),
            MoveKind::Idle => f.write_str("idle"),
        }
    }
}

/// A question of a move that the rules leave to the arbiter's judgement.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Doubt {
    /// The move newly attacks a protected piece worth more than its
    /// attacker (a crossed soldier on a horse, an elephant on a cannon…):
    /// the 棋例 may count it a chase by the pieces' value (子力价值).
    ValueChase {
        /// The attacking piece.
        attacker: Piece,
        /// The protected piece attacked.
        target: Piece,
        /// Where it stands.
        square: Square,
    },
    /// The move newly attacks a protected piece that more of the mover's
    /// pieces attack than its side has to take back (少根): the 棋例 may
    /// count it insufficiently protected, and the attack a chase.
    Outnumbered {
        /// The attacking piece.
        attacker: Piece,
        /// The protected piece attacked.
        target: Piece,
        /// Where it stands.
        square: Square,
    },
    /// The move threatens to win a piece through a check (a check after
    /// which, whatever the reply, the piece falls): the 棋例 counts it a
    /// chase (捉), the Asian rules do not.
    WinByCheck {
        /// The piece that would fall (after the first reply).
        target: Piece,
        /// Where it stands then.
        square: Square,
    },
    /// The search for a threat of mate ran out of its bound
    /// ([`crate::MATE_SEARCH_BUDGET`]) before it could say.
    MateSearch,
}

impl Doubt {
    /// A stable code for programs: `value_chase`, `outnumbered`,
    /// `win_by_check` or `mate_search`.
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            Doubt::ValueChase { .. } => "value_chase",
            Doubt::Outnumbered { .. } => "outnumbered",
            Doubt::WinByCheck { .. } => "win_by_check",
            Doubt::MateSearch => "mate_search",
        }
    }
}

impl fmt::Display for Doubt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Doubt::ValueChase {
                attacker,
                target,
                square,
            } => write!(
                f,
                "whether the {attacker}'s attack on the protected {target} on {square} is a chase by value"
            ),
            Doubt::Outnumbered {
                attacker,
                target,
                square,
            } => write!(
                f,
                "whether the {attacker}'s attack on the {target} on {square}, attacked by more pieces than can take back, is a chase"
            ),
            Doubt::WinByCheck { target, square } => write!(
                f,
                "whether the threat to win the {target} on {square} through a check is a chase"
            ),
            Doubt::MateSearch => f.write_str("whether a move threatens a mate too deep to search"),
        }
    }
}

/// What a move is for the prohibitions, and what it would be if the
/// question the rules leave open were answered against its player.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Reading {
    /// The move's kind as the judge rules it.
    pub kind: MoveKind,
    /// A question of value or depth, with the kind the move would have if
    /// the arbiter answered it against the mover (an attack).
    pub doubt: Option<(Doubt, MoveKind)>,
}

impl Position {
    /// What a move is for the prohibitions: check, chase (naming the
    /// pieces), threat of mate or idle. `None` if the move is illegal.
    #[must_use]
    pub fn move_kind(&self, m: Move) -> Option<MoveKind> {
        self.move_reading(m).map(|r| r.kind)
    }

    /// [`Position::move_kind`] with the question it leaves to the arbiter,
    /// if any: an idle move that could be a chase by value or a threat of
    /// mate the search could not decide. `None` if the move is illegal.
    #[must_use]
    pub fn move_reading(&self, m: Move) -> Option<Reading> {
        let after = self.play(m).ok()?;
        let plain = |kind| Some(Reading { kind, doubt: None });
        if after.is_check() {
            return plain(MoveKind::Check);
        }
        let facts = self.move_facts(m)?;
        let (chased, rest): (Vec<NewAttack>, Vec<NewAttack>) = facts
            .new_attacks
            .into_iter()
            .partition(|a| counts_as_chase(a, &after));
        if !chased.is_empty() {
            return plain(MoveKind::Chase(chased));
        }
        let mate = self.mate_threat(m);
        if mate == Some(true) {
            return plain(MoveKind::MateThreat);
        }
        let doubt = if mate.is_none() {
            Some((Doubt::MateSearch, MoveKind::MateThreat))
        } else {
            rest.into_iter()
                .find_map(|a| {
                    let (attacker, target, square) = (a.attacker_piece, a.target_piece, a.target);
                    let doubt = if value_doubt(&a, &after) {
                        Doubt::ValueChase {
                            attacker,
                            target,
                            square,
                        }
                    } else if outnumbered(&a, &after) {
                        Doubt::Outnumbered {
                            attacker,
                            target,
                            square,
                        }
                    } else {
                        return None;
                    };
                    Some((doubt, MoveKind::Chase(vec![a])))
                })
                .or_else(|| {
                    // A threat to win through a check, new with the move.
                    let win = win_by_check(&after.passed())?;
                    if win_by_check(self).is_some() {
                        return None;
                    }
                    let doubt = Doubt::WinByCheck {
                        target: win.target_piece,
                        square: win.target,
                    };
                    Some((doubt, MoveKind::Chase(vec![win])))
                })
        };
        Some(Reading {
            kind: MoveKind::Idle,
            doubt,
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
    /// Every move a check or a chase, with both (一将一捉; threats of mate
    /// may be among them): ranks as checking.
    CheckAndChase {
        /// The chased piece (as for perpetual chase).
        piece: Piece,
        /// Where it stood when first chased in the cycle.
        square: Square,
    },
    /// Every move a threat of mate (长杀).
    PerpetualMateThreat,
    /// Every move a check or a threat of mate, with both (一将一杀): ranks
    /// as checking.
    CheckAndMateThreat,
    /// Every move a threat of mate or a chase, with both (一杀一捉).
    MateThreatAndChase {
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

    /// A stable code for programs (`perpetual_check`, `perpetual_chase`,
    /// `check_and_chase`, `perpetual_mate_threat`, `check_and_mate_threat`,
    /// `mate_threat_and_chase`).
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            Prohibition::PerpetualCheck => "perpetual_check",
            Prohibition::PerpetualChase { .. } => "perpetual_chase",
            Prohibition::CheckAndChase { .. } => "check_and_chase",
            Prohibition::PerpetualMateThreat => "perpetual_mate_threat",
            Prohibition::CheckAndMateThreat => "check_and_mate_threat",
            Prohibition::MateThreatAndChase { .. } => "mate_threat_and_chase",
        }
    }

    /// Checking ranks above chasing and threatening mate: a cycle with a
    /// check in every move's place ranks as checking.
    const fn rank(self) -> u8 {
        match self {
            Prohibition::PerpetualChase { .. }
            | Prohibition::PerpetualMateThreat
            | Prohibition::MateThreatAndChase { .. } => 1,
            Prohibition::PerpetualCheck
            | Prohibition::CheckAndChase { .. }
            | Prohibition::CheckAndMateThreat => 2,
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
            Prohibition::PerpetualMateThreat => f.write_str("perpetual threat of mate"),
            Prohibition::CheckAndMateThreat => f.write_str("one check one threat of mate"),
            Prohibition::MateThreatAndChase { piece, square } => {
                write!(
                    f,
                    "one threat of mate one chase (of the {piece} on {square})"
                )
            }
        }
    }
}

/// One side's conduct over its moves in a cycle.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Conduct {
    /// At least one move neither checks, threatens mate nor chases:
    /// allowed.
    Allowed,
    /// Forbidden.
    Forbidden(Prohibition),
}

impl Conduct {
    /// Judges a side's moves (in the order played): forbidden when every
    /// one of them attacks — checks (将), threatens mate (杀) or chases
    /// (捉) — named by the kinds present.
    #[must_use]
    pub fn of<'a>(kinds: impl IntoIterator<Item = &'a MoveKind>) -> Conduct {
        let mut checks = 0usize;
        let mut threats = 0usize;
        let mut chases: Vec<&NewAttack> = Vec::new();
        let mut moves = 0usize;
        for kind in kinds {
            moves += 1;
            match kind {
                MoveKind::Check => checks += 1,
                MoveKind::MateThreat => threats += 1,
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
        if threats == moves {
            return Conduct::Forbidden(Prohibition::PerpetualMateThreat);
        }
        if checks + threats == moves {
            return Conduct::Forbidden(Prohibition::CheckAndMateThreat);
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
        } else if threats > 0 {
            Prohibition::MateThreatAndChase { piece, square }
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
    /// A cycle whose verdict hangs on a question the rules leave to the
    /// arbiter's judgement (a chase by value, an outnumbered protection, a
    /// mate too deep to search), asked of `side`'s moves: answered for
    /// that side, the verdict is `if_for` (the judge's own); answered
    /// against it, `if_against`. The program neither refuses a move nor
    /// draws the game on it: the arbiter rules.
    ArbiterDecides {
        /// The side whose moves carry the question.
        side: Color,
        /// The question.
        doubt: Doubt,
        /// The verdict if the question is answered for `side`.
        if_for: Ruling,
        /// The verdict if it is answered against `side`.
        if_against: Ruling,
    },
}

/// A verdict on a cycle once the arbiter's question is answered.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Ruling {
    /// Allowed to both sides (or forbidden to both alike): a draw when
    /// played the third time (xq 4.2.3).
    Draw,
    /// Forbidden to `side`: it must change, or it loses (xq 4.1.7).
    MustChange {
        /// The side that must change.
        side: Color,
        /// Why.
        reason: Prohibition,
    },
}

impl Ruling {
    /// The ruling a verdict on a cycle gives (`None` for no cycle or a
    /// question).
    #[must_use]
    pub const fn of(verdict: Verdict) -> Option<Ruling> {
        match verdict {
            Verdict::Draw => Some(Ruling::Draw),
            Verdict::MustChange { side, reason } => Some(Ruling::MustChange { side, reason }),
            Verdict::None | Verdict::ArbiterDecides { .. } => None,
        }
    }

    /// The side that must change under it, if any.
    #[must_use]
    pub const fn must_change(self) -> Option<Color> {
        match self {
            Ruling::Draw => None,
            Ruling::MustChange { side, .. } => Some(side),
        }
    }
}

impl fmt::Display for Ruling {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ruling::Draw => f.write_str("a draw when played the third time (xq 4.2.3)"),
            Ruling::MustChange { side, reason } => {
                write!(f, "{side} must change: {reason} (xq 4.1.7)")
            }
        }
    }
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
            Verdict::MustChange { .. } | Verdict::ArbiterDecides { .. } => Some("4.1.7"),
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
            Verdict::ArbiterDecides {
                doubt,
                if_for,
                if_against,
                ..
            } => write!(
                f,
                "the arbiter judges {doubt}: if so, {if_against}; if not, {if_for}"
            ),
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
    /// The question it leaves to the arbiter, and what it would be if
    /// answered against its player ([`Reading::doubt`]).
    pub doubt: Option<(Doubt, MoveKind)>,
}

/// A cycle of moves that brought back an earlier position.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Cycle {
    /// The half-move (counted from the tracker's start, 0 = the start) at
    /// which the position stood before, the latest time.
    pub from_ply: usize,
    /// The moves since then, in order (at least four).
    pub moves: Vec<CycleMove>,
    /// How many times in a row, back from this one, a cycle back to the
    /// position has been played and judged alike (forbidden to the same
    /// side, or to neither): the count the third time is reached on. A
    /// playing judged otherwise (the forbidden side changed, then went
    /// back) ends the count.
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

    /// The verdict on the cycle, as the judge rules its moves (without
    /// the questions left to the arbiter; see [`Judgement::verdict`]).
    #[must_use]
    pub fn verdict(&self) -> Verdict {
        Verdict::of(self.conduct(Color::Red), self.conduct(Color::Black))
    }

    /// The verdict with the questions the rules leave to the arbiter:
    /// [`Cycle::verdict`], or [`Verdict::ArbiterDecides`] when a side's
    /// questions, answered against it, would give another verdict.
    #[must_use]
    pub fn verdict_with_questions(&self) -> Verdict {
        self.doubted(self.verdict())
    }

    /// `verdict` ([`Cycle::verdict`]), or [`Verdict::ArbiterDecides`] when
    /// answering one side's questions against it (the other side's moves
    /// as the judge reads them) would give another verdict. Red's questions
    /// are asked first when both sides have one that matters.
    fn doubted(&self, verdict: Verdict) -> Verdict {
        let Some(if_for) = Ruling::of(verdict) else {
            return verdict;
        };
        let against = |side: Color| {
            Conduct::of(
                self.moves
                    .iter()
                    .filter(|m| m.side == side)
                    .map(|m| m.doubt.as_ref().map_or(&m.kind, |(_, attack)| attack)),
            )
        };
        for side in [Color::Red, Color::Black] {
            let Some(doubt) = self
                .moves
                .iter()
                .filter(|m| m.side == side)
                .find_map(|m| m.doubt.as_ref().map(|(d, _)| *d))
            else {
                continue;
            };
            let (red, black) = match side {
                Color::Red => (against(Color::Red), self.conduct(Color::Black)),
                Color::Black => (self.conduct(Color::Red), against(Color::Black)),
            };
            let Some(if_against) = Ruling::of(Verdict::of(red, black)) else {
                continue;
            };
            if if_against.must_change() != if_for.must_change() {
                return Verdict::ArbiterDecides {
                    side,
                    doubt,
                    if_for,
                    if_against,
                };
            }
        }
        verdict
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

/// One half-move of the history. What the move is for the prohibitions is
/// worked out only when a cycle needs it (most moves never stand in one),
/// then kept.
#[derive(Clone, Debug)]
struct Ply {
    mv: Move,
    reading: OnceLock<Reading>,
    after: Position,
}

impl Ply {
    /// What the move is; `before` is the position it was played from.
    fn reading(&self, before: &Position) -> &Reading {
        self.reading.get_or_init(|| {
            before.move_reading(self.mv).unwrap_or(Reading {
                kind: MoveKind::Idle,
                doubt: None,
            })
        })
    }
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
        let after = self.position().play(m)?;
        Ok(Ply {
            mv: m,
            reading: OnceLock::new(),
            after,
        })
    }
}

/// Whether two positions have the same pieces on the same points and the
/// same side to move.
fn same_position(a: &Position, b: &Position) -> bool {
    a.hash() == b.hash() && a.turn() == b.turn() && a.board_array() == b.board_array()
}

/// Whether two playings of a cycle are judged alike: both forbidden to the
/// same side, or both forbidden to neither (or to both alike).
fn alike(a: Verdict, b: Verdict) -> bool {
    match (a, b) {
        (Verdict::MustChange { side: x, .. }, Verdict::MustChange { side: y, .. }) => x == y,
        (Verdict::MustChange { .. }, _) | (_, Verdict::MustChange { .. }) => false,
        _ => true,
    }
}

/// Judges the last position of `plies` (then `extra`, if given) against
/// the history before it.
///
/// Every earlier time the position stood since the last capture marks a
/// playing of the cycle: the moves from one standing to the next. The
/// latest playing is judged; the repetitions counted are the playings in a
/// row, back from the latest, judged alike — a side that was forbidden in
/// one playing and changed its conduct in the one after has changed, and
/// its count starts again.
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
    let cycle_moves = |from: usize, to: usize| -> Vec<CycleMove> {
        (from..to)
            .filter_map(|k| {
                let before = at(k)?;
                let p = ply(k)?;
                let reading = p.reading(before).clone();
                Some(CycleMove {
                    side: before.turn(),
                    mv: p.mv,
                    kind: reading.kind,
                    doubt: reading.doubt,
                })
            })
            .collect()
    };
    // Only positions since the last capture can be equal.
    let window = usize::try_from(now.halfmove_clock()).map_or(n, |c| c.min(n));
    let standings = (4..=window)
        .step_by(2)
        .map(|back| n - back)
        .filter(|&i| at(i).is_some_and(|p| same_position(p, now)));
    let mut latest: Option<Cycle> = None;
    let mut verdict = Verdict::None;
    let mut end = n;
    for from in standings {
        let moves = cycle_moves(from, end);
        end = from;
        let Some(cycle) = latest.as_mut() else {
            let cycle = Cycle {
                from_ply: from,
                moves,
                repetitions: 1,
            };
            verdict = cycle.verdict();
            latest = Some(cycle);
            continue;
        };
        let earlier = Cycle {
            from_ply: from,
            moves,
            repetitions: 1,
        };
        if !alike(earlier.verdict(), verdict) {
            break;
        }
        cycle.repetitions = cycle.repetitions.saturating_add(1);
    }
    match latest {
        None => none,
        Some(cycle) => Judgement {
            verdict: cycle.doubted(verdict),
            cycle: Some(cycle),
        },
    }
}
