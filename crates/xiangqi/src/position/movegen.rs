//! Legal move generation on masks.
//!
//! Each piece's destinations are computed as a mask (sliders by the nearest
//! blocker on each ray: the lowest set bit for north and east, the highest
//! for south and west). A move needs the full test of the mover's general
//! only if it can change that general's safety: while not in check, a move
//! whose origin and destination both lie outside the *danger* mask — the
//! rays from the general that hold an enemy chariot or cannon (or, on its
//! file, the enemy general), up to the farthest of them, and the legs of
//! enemy horses aimed at it — neither opens nor closes a line onto the
//! general, so it is legal as it stands (xq 3.1 and 4.1.2: a move may not
//! leave the own general attacked or facing the other).

use super::{
    ADVISOR_CODE, CANNON_CODE, CHARIOT_CODE, ELEPHANT_CODE, GENERAL_CODE, HORSE_CODE, Position,
    SOLDIER_CODE, at, bit,
};
use crate::moves::{Move, MoveList};
use crate::tables::{
    ADVISOR_BB, ELEPHANT, GENERAL_BB, HORSE, HORSE_ATTACKERS, HORSE_ATTACKERS_BB, NONE, RAY_BB,
    SOLDIER_ATTACKERS_BB, SOLDIER_BB,
};
use crate::types::Square;

/// Ray indices in `RAY_BB`: north and east run towards higher squares.
const NORTH: usize = 0;
const SOUTH: usize = 1;
const EAST: usize = 2;
const WEST: usize = 3;

/// Index of a role's mask in `Position::roles` (horses, chariots, cannons,
/// soldiers: the pieces that can attack a general).
pub(super) const fn role_slot(code: u8) -> Option<usize> {
    match code & 7 {
        HORSE_CODE => Some(0),
        CHARIOT_CODE => Some(1),
        CANNON_CODE => Some(2),
        SOLDIER_CODE => Some(3),
        _ => None,
    }
}

/// The nearest occupied square of a non-empty mask along `dir`.
#[inline(always)]
fn nearest(dir: usize, mask: u128) -> u8 {
    if dir == NORTH || dir == EAST {
        mask.trailing_zeros() as u8
    } else {
        (127 - mask.leading_zeros()) as u8
    }
}

/// The farthest occupied square of a non-empty mask along `dir`.
#[inline(always)]
fn farthest(dir: usize, mask: u128) -> u8 {
    nearest(dir ^ 1, mask)
}

/// The ray from `sq` in `dir` (empty for a square off the board, which a
/// corrupted position could hand in).
#[inline(always)]
fn ray(sq: u8, dir: usize) -> u128 {
    RAY_BB
        .get(usize::from(sq))
        .and_then(|r| r.get(dir))
        .copied()
        .unwrap_or(0)
}

/// A chariot's destinations from `from` (up to and including the first
/// piece on each ray).
#[inline(always)]
fn chariot_targets(from: u8, occ: u128) -> u128 {
    let mut t = 0;
    for dir in [NORTH, SOUTH, EAST, WEST] {
        let r = ray(from, dir);
        let blockers = r & occ;
        t |= if blockers == 0 {
            r
        } else {
            r ^ ray(nearest(dir, blockers), dir)
        };
    }
    t
}

/// A cannon's destinations from `from`: the empty squares before the first
/// piece on each ray, and the piece after that screen.
#[inline(always)]
fn cannon_targets(from: u8, occ: u128) -> u128 {
    let mut t = 0;
    for dir in [NORTH, SOUTH, EAST, WEST] {
        let r = ray(from, dir);
        let blockers = r & occ;
        if blockers == 0 {
            t |= r;
            continue;
        }
        let screen = nearest(dir, blockers);
        let beyond = ray(screen, dir);
        t |= r ^ beyond ^ bit(screen);
        let behind = beyond & occ;
        if behind != 0 {
            t |= bit(nearest(dir, behind));
        }
    }
    t
}

/// Whether the ray `r` (in `dir`, from a general) holding an attacker
/// brings it onto the general: its first piece is one of `direct` (a
/// chariot, or on the file the other general), or its second is a cannon.
#[inline(always)]
fn ray_attacks(dir: usize, r: u128, occ: u128, direct: u128, cannons: u128) -> bool {
    let first = nearest(dir, r & occ);
    if bit(first) & direct != 0 {
        return true;
    }
    let behind = ray(first, dir) & occ;
    behind != 0 && bit(nearest(dir, behind)) & cannons != 0
}

/// The targets of (blocking point, target) steps whose blocking point is
/// empty: an elephant's eye, a horse's leg.
#[inline(always)]
fn unblocked_steps(steps: &[(u8, u8)], occ: u128) -> u128 {
    let mut t = 0;
    for &(block, to) in steps {
        if to == NONE {
            break;
        }
        if occ & bit(block) == 0 {
            t |= bit(to);
        }
    }
    t
}

/// The enemy pieces that can attack a general, as masks.
#[derive(Clone, Copy)]
struct Attackers {
    horses: u128,
    chariots: u128,
    cannons: u128,
    soldiers: u128,
    general: u128,
}

/// What the side to move must watch for: whether it is in check, and the
/// squares whose change of occupant can change its general's safety.
#[derive(Clone, Copy)]
struct Safety {
    check: bool,
    danger: u128,
}

impl Position {
    #[inline(always)]
    fn all_occupied(&self) -> u128 {
        self.occupied[0] | self.occupied[1]
    }

    /// The enemy's attackers, less whatever stands on `gone`.
    #[inline(always)]
    fn attackers_of_us(&self, gone: u128) -> Attackers {
        let enemy = self.occupied[self.turn.opposite().index()] & !gone;
        Attackers {
            horses: self.roles[0] & enemy,
            chariots: self.roles[1] & enemy,
            cannons: self.roles[2] & enemy,
            soldiers: self.roles[3] & enemy,
            general: bit(self.generals[self.turn.opposite().index()].index() as u8),
        }
    }

    /// Whether a general of the side to move on `g` would be attacked or
    /// face the other general, with the board's occupancy `occ`.
    #[inline(always)]
    fn exposed(&self, g: u8, occ: u128, a: &Attackers) -> bool {
        for dir in [NORTH, SOUTH, EAST, WEST] {
            let r = ray(g, dir);
            let direct = if dir == NORTH || dir == SOUTH {
                a.chariots | a.general
            } else {
                a.chariots
            };
            if r & (direct | a.cannons) != 0 && ray_attacks(dir, r, occ, direct, a.cannons) {
                return true;
            }
        }
        let gi = usize::from(g);
        if HORSE_ATTACKERS_BB[gi] & a.horses != 0 {
            for &(leg, h) in &HORSE_ATTACKERS[gi] {
                if leg == NONE {
                    break;
                }
                if a.horses & bit(h) != 0 && occ & bit(leg) == 0 {
                    return true;
                }
            }
        }
        SOLDIER_ATTACKERS_BB[self.turn.opposite().index()][gi] & a.soldiers != 0
    }

    /// Whether the pseudo-legal move `from`–`to` leaves the mover's general
    /// safe.
    #[inline(always)]
    fn safe_after(&self, from: u8, to: u8, general: u8) -> bool {
        let g = if from == general { to } else { general };
        let occ = (self.all_occupied() & !bit(from)) | bit(to);
        let a = self.attackers_of_us(bit(to));
        !self.exposed(g, occ, &a)
    }

    /// Whether the side to move is in check (or faces the other general).
    pub(super) fn in_check_fast(&self) -> bool {
        let g = self.generals[self.turn.index()].index() as u8;
        self.exposed(g, self.all_occupied(), &self.attackers_of_us(0))
    }

    fn safety(&self, g: u8) -> Safety {
        let occ = self.all_occupied();
        let a = self.attackers_of_us(0);
        let mut danger = 0;
        let mut check = false;
        for dir in [NORTH, SOUTH, EAST, WEST] {
            let r = ray(g, dir);
            let direct = if dir == NORTH || dir == SOUTH {
                a.chariots | a.general
            } else {
                a.chariots
            };
            let sliders = r & (direct | a.cannons);
            if sliders == 0 {
                continue;
            }
            let last = farthest(dir, sliders);
            danger |= (r ^ ray(last, dir)) | bit(last);
            check |= ray_attacks(dir, r, occ, direct, a.cannons);
        }
        let gi = usize::from(g);
        if HORSE_ATTACKERS_BB[gi] & a.horses != 0 {
            for &(leg, h) in &HORSE_ATTACKERS[gi] {
                if leg == NONE {
                    break;
                }
                if a.horses & bit(h) != 0 {
                    danger |= bit(leg);
                    if occ & bit(leg) == 0 {
                        check = true;
                    }
                }
            }
        }
        if SOLDIER_ATTACKERS_BB[self.turn.opposite().index()][gi] & a.soldiers != 0 {
            check = true;
        }
        Safety { check, danger }
    }

    /// Where the piece on `from` may go by its movement rules: empty points
    /// and enemy pieces.
    #[inline(always)]
    fn targets(&self, from: u8, occ: u128, own: u128) -> u128 {
        let f = usize::from(from);
        let t = match at(&self.board, from) & 7 {
            GENERAL_CODE => GENERAL_BB[f],
            ADVISOR_CODE => ADVISOR_BB[f],
            ELEPHANT_CODE => unblocked_steps(&ELEPHANT[f], occ),
            HORSE_CODE => unblocked_steps(&HORSE[f], occ),
            CHARIOT_CODE => chariot_targets(from, occ),
            CANNON_CODE => cannon_targets(from, occ),
            SOLDIER_CODE => SOLDIER_BB[self.turn.index()][f],
            _ => 0,
        };
        t & !own
    }

    /// Calls `each(from, targets)` for every piece of the side to move.
    #[inline(always)]
    fn for_each_piece(&self, mut each: impl FnMut(u8, u128)) {
        let own = self.occupied[self.turn.index()];
        let occ = self.all_occupied();
        let mut pieces = own;
        while pieces != 0 {
            let from = pieces.trailing_zeros() as u8;
            pieces &= pieces - 1;
            each(from, self.targets(from, occ, own));
        }
    }

    /// The pseudo-legal moves: every move the pieces can make by their
    /// movement rules, ignoring the safety of the own general.
    #[must_use]
    pub fn pseudo_legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.for_each_piece(|from, mut t| {
            while t != 0 {
                let to = t.trailing_zeros() as u8;
                t &= t - 1;
                list.push(mv(from, to));
            }
        });
        list
    }

    /// The legal moves.
    #[must_use]
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        let g = self.generals[self.turn.index()].index() as u8;
        let s = self.safety(g);
        self.for_each_piece(|from, t| {
            let (mut free, mut test) = if s.check || from == g || bit(from) & s.danger != 0 {
                (0, t)
            } else {
                (t & !s.danger, t & s.danger)
            };
            while free != 0 {
                let to = free.trailing_zeros() as u8;
                free &= free - 1;
                list.push(mv(from, to));
            }
            while test != 0 {
                let to = test.trailing_zeros() as u8;
                test &= test - 1;
                if self.safe_after(from, to, g) {
                    list.push(mv(from, to));
                }
            }
        });
        list
    }

    /// The number of legal moves (as `legal_moves().len()`, without
    /// listing them).
    #[must_use]
    pub fn count_legal_moves(&self) -> usize {
        let mut n = 0;
        let g = self.generals[self.turn.index()].index() as u8;
        let s = self.safety(g);
        self.for_each_piece(|from, t| {
            let mut test = if s.check || from == g || bit(from) & s.danger != 0 {
                t
            } else {
                n += (t & !s.danger).count_ones() as usize;
                t & s.danger
            };
            while test != 0 {
                let to = test.trailing_zeros() as u8;
                test &= test - 1;
                n += usize::from(self.safe_after(from, to, g));
            }
        });
        n
    }

    /// Whether the side to move has any legal move.
    #[must_use]
    pub fn has_legal_moves(&self) -> bool {
        self.count_legal_moves() > 0
    }
}

#[inline(always)]
fn mv(from: u8, to: u8) -> Move {
    Move::new(
        Square::from_index_unchecked(from),
        Square::from_index_unchecked(to),
    )
}
