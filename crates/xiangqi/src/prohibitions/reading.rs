//! What one move is for the prohibitions: check, chase, threat of mate or
//! idle ([`MoveKind`]), and the question it may leave to the arbiter
//! ([`Doubt`], [`Reading`]); see the parent module's documentation.

use std::fmt;

use crate::moves::Move;
use crate::position::Position;
use crate::repetition::NewAttack;
use crate::types::{Piece, Role, Square};

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

    /// The attacking piece the question is about, if it names one.
    #[must_use]
    pub const fn attacker(self) -> Option<Piece> {
        match self {
            Doubt::ValueChase { attacker, .. } | Doubt::Outnumbered { attacker, .. } => {
                Some(attacker)
            }
            Doubt::WinByCheck { .. } | Doubt::MateSearch => None,
        }
    }

    /// The attacked piece and where it stands, if the question names one.
    #[must_use]
    pub const fn target(self) -> Option<(Piece, Square)> {
        match self {
            Doubt::ValueChase { target, square, .. }
            | Doubt::Outnumbered { target, square, .. }
            | Doubt::WinByCheck { target, square } => Some((target, square)),
            Doubt::MateSearch => None,
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
