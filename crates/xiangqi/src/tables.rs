//! Precomputed move tables, built at compile time.
//!
//! Every table is indexed by a square index (0..90) and holds square indices
//! that are on the board, so looking them up can never go out of range.

use crate::types::{FILES, RANKS, SQUARES};

/// Sentinel in fixed-size tables: "no square".
pub(crate) const NONE: u8 = 255;

/// Ray directions: north (+rank), south, east (+file), west.
pub(crate) const NORTH: usize = 0;
pub(crate) const SOUTH: usize = 1;

const DIRS: [(i32, i32); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];

const fn sq(file: i32, rank: i32) -> u8 {
    if file >= 0 && file < FILES as i32 && rank >= 0 && rank < RANKS as i32 {
        (rank * FILES as i32 + file) as u8
    } else {
        NONE
    }
}

const fn in_palace(file: i32, rank: i32, red_half: bool) -> bool {
    file >= 3
        && file <= 5
        && if red_half {
            rank >= 0 && rank <= 2
        } else {
            rank >= 7 && rank <= 9
        }
}

/// A ray: the squares in one direction, nearest first.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Ray {
    pub(crate) len: u8,
    pub(crate) squares: [u8; 9],
}

/// `RAYS[sq][dir]`.
pub(crate) static RAYS: [[Ray; 4]; SQUARES] = {
    let mut t = [[Ray {
        len: 0,
        squares: [NONE; 9],
    }; 4]; SQUARES];
    let mut s = 0;
    while s < SQUARES {
        let f = (s % 9) as i32;
        let r = (s / 9) as i32;
        let mut d = 0;
        while d < 4 {
            let (df, dr) = DIRS[d];
            let mut k = 1;
            loop {
                let x = sq(f + df * k, r + dr * k);
                if x == NONE {
                    break;
                }
                let len = t[s][d].len as usize;
                t[s][d].squares[len] = x;
                t[s][d].len += 1;
                k += 1;
            }
            d += 1;
        }
        s += 1;
    }
    t
};

/// Up to eight (blocking square, target square) pairs, `NONE`-terminated.
pub(crate) type Steps = [(u8, u8); 8];

/// Horse moves from a square: (leg, target).
pub(crate) static HORSE: [Steps; SQUARES] = {
    let mut t = [[(NONE, NONE); 8]; SQUARES];
    let mut s = 0;
    while s < SQUARES {
        let f = (s % 9) as i32;
        let r = (s / 9) as i32;
        let mut n = 0;
        let mut d = 0;
        while d < 4 {
            let (df, dr) = DIRS[d];
            let leg = sq(f + df, r + dr);
            if leg != NONE {
                // Two targets: one step further in (df, dr) and one sideways.
                let mut side = -1;
                while side <= 1 {
                    let (tf, tr) = if df == 0 {
                        (f + side, r + 2 * dr)
                    } else {
                        (f + 2 * df, r + side)
                    };
                    let to = sq(tf, tr);
                    if to != NONE {
                        t[s][n] = (leg, to);
                        n += 1;
                    }
                    side += 2;
                }
            }
            d += 1;
        }
        s += 1;
    }
    t
};

/// Horses that could attack a square: (leg, horse square). The leg is a
/// diagonal neighbour of the attacked square.
pub(crate) static HORSE_ATTACKERS: [Steps; SQUARES] = {
    let mut t = [[(NONE, NONE); 8]; SQUARES];
    let mut s = 0;
    while s < SQUARES {
        let f = (s % 9) as i32;
        let r = (s / 9) as i32;
        let mut n = 0;
        let mut df = -1;
        while df <= 1 {
            let mut dr = -1;
            while dr <= 1 {
                let leg = sq(f + df, r + dr);
                if leg != NONE {
                    let a = sq(f + 2 * df, r + dr);
                    if a != NONE {
                        t[s][n] = (leg, a);
                        n += 1;
                    }
                    let b = sq(f + df, r + 2 * dr);
                    if b != NONE {
                        t[s][n] = (leg, b);
                        n += 1;
                    }
                }
                dr += 2;
            }
            df += 2;
        }
        s += 1;
    }
    t
};

/// Elephant moves from a square, staying on the same side of the river:
/// (eye, target).
pub(crate) static ELEPHANT: [[(u8, u8); 4]; SQUARES] = {
    let mut t = [[(NONE, NONE); 4]; SQUARES];
    let mut s = 0;
    while s < SQUARES {
        let f = (s % 9) as i32;
        let r = (s / 9) as i32;
        let red_half = r <= 4;
        let mut n = 0;
        let mut df = -1;
        while df <= 1 {
            let mut dr = -1;
            while dr <= 1 {
                let to = sq(f + 2 * df, r + 2 * dr);
                if to != NONE && ((r + 2 * dr <= 4) == red_half) {
                    t[s][n] = (sq(f + df, r + dr), to);
                    n += 1;
                }
                dr += 2;
            }
            df += 2;
        }
        s += 1;
    }
    t
};

/// Advisor moves: one diagonal step staying in the palace of the square's half.
pub(crate) static ADVISOR: [[u8; 4]; SQUARES] = {
    let mut t = [[NONE; 4]; SQUARES];
    let mut s = 0;
    while s < SQUARES {
        let f = (s % 9) as i32;
        let r = (s / 9) as i32;
        let red_half = r <= 4;
        let mut n = 0;
        let mut df = -1;
        while df <= 1 {
            let mut dr = -1;
            while dr <= 1 {
                if in_palace(f + df, r + dr, red_half) {
                    t[s][n] = sq(f + df, r + dr);
                    n += 1;
                }
                dr += 2;
            }
            df += 2;
        }
        s += 1;
    }
    t
};

/// General moves: one orthogonal step staying in the palace of the square's half.
pub(crate) static GENERAL: [[u8; 4]; SQUARES] = {
    let mut t = [[NONE; 4]; SQUARES];
    let mut s = 0;
    while s < SQUARES {
        let f = (s % 9) as i32;
        let r = (s / 9) as i32;
        let red_half = r <= 4;
        let mut n = 0;
        let mut d = 0;
        while d < 4 {
            let (df, dr) = DIRS[d];
            if in_palace(f + df, r + dr, red_half) {
                t[s][n] = sq(f + df, r + dr);
                n += 1;
            }
            d += 1;
        }
        s += 1;
    }
    t
};

/// Soldier moves by colour: forward, and sideways once across the river.
pub(crate) static SOLDIER: [[[u8; 3]; SQUARES]; 2] = {
    let mut t = [[[NONE; 3]; SQUARES]; 2];
    let mut c = 0;
    while c < 2 {
        let fwd = if c == 0 { 1 } else { -1 };
        let mut s = 0;
        while s < SQUARES {
            let f = (s % 9) as i32;
            let r = (s / 9) as i32;
            let crossed = if c == 0 { r >= 5 } else { r <= 4 };
            let mut n = 0;
            let x = sq(f, r + fwd);
            if x != NONE {
                t[c][s][n] = x;
                n += 1;
            }
            if crossed {
                let x = sq(f - 1, r);
                if x != NONE {
                    t[c][s][n] = x;
                    n += 1;
                }
                let x = sq(f + 1, r);
                if x != NONE {
                    t[c][s][n] = x;
                }
            }
            s += 1;
        }
        c += 1;
    }
    t
};

/// Squares from which a soldier of colour `c` attacks the square:
/// behind it (from `c`'s view), and beside it if those squares are across
/// the river for `c`.
pub(crate) static SOLDIER_ATTACKERS: [[[u8; 3]; SQUARES]; 2] = {
    let mut t = [[[NONE; 3]; SQUARES]; 2];
    let mut c = 0;
    while c < 2 {
        let fwd = if c == 0 { 1 } else { -1 };
        let mut s = 0;
        while s < SQUARES {
            let f = (s % 9) as i32;
            let r = (s / 9) as i32;
            let crossed = if c == 0 { r >= 5 } else { r <= 4 };
            let mut n = 0;
            let x = sq(f, r - fwd);
            if x != NONE {
                t[c][s][n] = x;
                n += 1;
            }
            if crossed {
                let x = sq(f - 1, r);
                if x != NONE {
                    t[c][s][n] = x;
                    n += 1;
                }
                let x = sq(f + 1, r);
                if x != NONE {
                    t[c][s][n] = x;
                }
            }
            s += 1;
        }
        c += 1;
    }
    t
};

/// `RAY_BB[sq][dir]`: the squares of `RAYS[sq][dir]` as a mask. North and
/// east run towards higher indices, south and west towards lower ones.
pub(crate) static RAY_BB: [[u128; 4]; SQUARES] = {
    let mut t = [[0u128; 4]; SQUARES];
    let mut s = 0;
    while s < SQUARES {
        let mut d = 0;
        while d < 4 {
            let ray = RAYS[s][d];
            let mut k = 0;
            while k < ray.len as usize {
                t[s][d] |= 1u128 << ray.squares[k];
                k += 1;
            }
            d += 1;
        }
        s += 1;
    }
    t
};

/// A fixed step table (targets `NONE`-terminated) as masks.
const fn step_masks<const N: usize>(steps: &[[u8; N]; SQUARES]) -> [u128; SQUARES] {
    let mut t = [0u128; SQUARES];
    let mut s = 0;
    while s < SQUARES {
        let mut k = 0;
        while k < N && steps[s][k] != NONE {
            t[s] |= 1u128 << steps[s][k];
            k += 1;
        }
        s += 1;
    }
    t
}

/// The general's moves from a square, as masks.
pub(crate) static GENERAL_BB: [u128; SQUARES] = step_masks(&GENERAL);
/// The advisor's moves from a square, as masks.
pub(crate) static ADVISOR_BB: [u128; SQUARES] = step_masks(&ADVISOR);
/// A soldier's moves from a square, by colour, as masks.
pub(crate) static SOLDIER_BB: [[u128; SQUARES]; 2] =
    [step_masks(&SOLDIER[0]), step_masks(&SOLDIER[1])];
/// Squares from which a soldier of a colour attacks a square, as masks.
pub(crate) static SOLDIER_ATTACKERS_BB: [[u128; SQUARES]; 2] = [
    step_masks(&SOLDIER_ATTACKERS[0]),
    step_masks(&SOLDIER_ATTACKERS[1]),
];

/// Squares from which a horse could attack a square (whatever its legs).
pub(crate) static HORSE_ATTACKERS_BB: [u128; SQUARES] = {
    let mut t = [0u128; SQUARES];
    let mut s = 0;
    while s < SQUARES {
        let mut k = 0;
        while k < 8 && HORSE_ATTACKERS[s][k].0 != NONE {
            t[s] |= 1u128 << HORSE_ATTACKERS[s][k].1;
            k += 1;
        }
        s += 1;
    }
    t
};
