//! Attack tables: knight, king and pawn tables and the `between` / `line`
//! tables are computed at compile time (`const fn`); the sliding-piece tables
//! use magic bitboards, filled once on first use through a `OnceLock`.
//!
//! The magic multipliers below were found offline by a plain random search
//! (sparse random 64-bit numbers, kept when no two occupancies that need
//! different attack sets share an index). `tests::magics_have_no_collisions`
//! re-checks every one of them against a slow ray walk.

use crate::bitboard::Bitboard;
use crate::types::{Color, Square};
use std::sync::OnceLock;

const fn slide(sq: usize, occ: u64, dirs: &[(i32, i32); 4]) -> u64 {
    let mut att = 0u64;
    let mut d = 0;
    while d < 4 {
        let (df, dr) = dirs[d];
        let mut f = (sq % 8) as i32 + df;
        let mut r = (sq / 8) as i32 + dr;
        while f >= 0 && f < 8 && r >= 0 && r < 8 {
            let s = (r * 8 + f) as u64;
            att |= 1 << s;
            if occ & (1 << s) != 0 {
                break;
            }
            f += df;
            r += dr;
        }
        d += 1;
    }
    att
}

const fn relevant_mask(sq: usize, dirs: &[(i32, i32); 4]) -> u64 {
    let mut m = 0u64;
    let mut d = 0;
    while d < 4 {
        let (df, dr) = dirs[d];
        let mut f = (sq % 8) as i32 + df;
        let mut r = (sq / 8) as i32 + dr;
        while f + df >= 0 && f + df < 8 && r + dr >= 0 && r + dr < 8 {
            m |= 1 << (r * 8 + f);
            f += df;
            r += dr;
        }
        d += 1;
    }
    m
}

const ROOK_DIRS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

const fn step_table(steps: &[(i32, i32)]) -> [u64; 64] {
    let mut t = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut i = 0;
        while i < steps.len() {
            let f = (sq % 8) as i32 + steps[i].0;
            let r = (sq / 8) as i32 + steps[i].1;
            if f >= 0 && f < 8 && r >= 0 && r < 8 {
                t[sq] |= 1 << (r * 8 + f);
            }
            i += 1;
        }
        sq += 1;
    }
    t
}

static KNIGHT: [u64; 64] = step_table(&[
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
]);
static KING: [u64; 64] = step_table(&[
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
]);
static PAWN: [[u64; 64]; 2] = [
    step_table(&[(-1, 1), (1, 1)]),
    step_table(&[(-1, -1), (1, -1)]),
];

const fn between_table() -> [[u64; 64]; 64] {
    let mut t = [[0u64; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut b = 0;
        while b < 64 {
            let (fa, ra) = ((a % 8) as i32, (a / 8) as i32);
            let (fb, rb) = ((b % 8) as i32, (b / 8) as i32);
            let (df, dr) = (fb - fa, rb - ra);
            if a != b && (df == 0 || dr == 0 || df == dr || df == -dr) {
                let sf = df.signum();
                let sr = dr.signum();
                let (mut f, mut r) = (fa + sf, ra + sr);
                while f != fb || r != rb {
                    t[a][b] |= 1 << (r * 8 + f);
                    f += sf;
                    r += sr;
                }
            }
            b += 1;
        }
        a += 1;
    }
    t
}

const fn line_table() -> [[u64; 64]; 64] {
    let mut t = [[0u64; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut b = 0;
        while b < 64 {
            let (fa, ra) = ((a % 8) as i32, (a / 8) as i32);
            let (fb, rb) = ((b % 8) as i32, (b / 8) as i32);
            let (df, dr) = (fb - fa, rb - ra);
            if a != b && (df == 0 || dr == 0 || df == dr || df == -dr) {
                let sf = df.signum();
                let sr = dr.signum();
                let mut m = 1u64 << a;
                let (mut f, mut r) = (fa + sf, ra + sr);
                while f >= 0 && f < 8 && r >= 0 && r < 8 {
                    m |= 1 << (r * 8 + f);
                    f += sf;
                    r += sr;
                }
                let (mut f, mut r) = (fa - sf, ra - sr);
                while f >= 0 && f < 8 && r >= 0 && r < 8 {
                    m |= 1 << (r * 8 + f);
                    f -= sf;
                    r -= sr;
                }
                t[a][b] = m;
            }
            b += 1;
        }
        a += 1;
    }
    t
}

static BETWEEN: [[u64; 64]; 64] = between_table();
static LINE: [[u64; 64]; 64] = line_table();

#[derive(Clone, Copy)]
struct Magic {
    mask: u64,
    magic: u64,
    shift: u32,
    offset: usize,
}

const fn magic_entries(magics: &[u64; 64], dirs: &[(i32, i32); 4], start: usize) -> [Magic; 64] {
    let mut out = [Magic {
        mask: 0,
        magic: 0,
        shift: 0,
        offset: 0,
    }; 64];
    let mut offset = start;
    let mut sq = 0;
    while sq < 64 {
        let mask = relevant_mask(sq, dirs);
        let bits = mask.count_ones();
        out[sq] = Magic {
            mask,
            magic: magics[sq],
            shift: 64 - bits,
            offset,
        };
        offset += 1 << bits;
        sq += 1;
    }
    out
}

const fn table_size(dirs: &[(i32, i32); 4]) -> usize {
    let mut n = 0;
    let mut sq = 0;
    while sq < 64 {
        n += 1 << relevant_mask(sq, dirs).count_ones();
        sq += 1;
    }
    n
}

const ROOK_TABLE_SIZE: usize = table_size(&ROOK_DIRS);
const BISHOP_TABLE_SIZE: usize = table_size(&BISHOP_DIRS);
static ROOK_MAGIC: [Magic; 64] = magic_entries(&ROOK_MAGICS, &ROOK_DIRS, 0);
static BISHOP_MAGIC: [Magic; 64] = magic_entries(&BISHOP_MAGICS, &BISHOP_DIRS, ROOK_TABLE_SIZE);

static SLIDING: OnceLock<Box<[u64]>> = OnceLock::new();

fn fill(table: &mut [u64], magics: &[Magic; 64], dirs: &[(i32, i32); 4]) {
    for (sq, m) in magics.iter().enumerate() {
        let mut sub = 0u64;
        loop {
            let idx = m.offset + (sub.wrapping_mul(m.magic) >> m.shift) as usize;
            if let Some(slot) = table.get_mut(idx) {
                *slot = slide(sq, sub, dirs);
            }
            sub = sub.wrapping_sub(m.mask) & m.mask;
            if sub == 0 {
                break;
            }
        }
    }
}

#[inline]
fn sliding() -> &'static [u64] {
    SLIDING.get_or_init(|| {
        let mut t = vec![0u64; ROOK_TABLE_SIZE + BISHOP_TABLE_SIZE];
        fill(&mut t, &ROOK_MAGIC, &ROOK_DIRS);
        fill(&mut t, &BISHOP_MAGIC, &BISHOP_DIRS);
        t.into_boxed_slice()
    })
}

/// A handle on the sliding-attack table, fetched once per move generation
/// so that the hot loops do not re-check the `OnceLock`.
#[derive(Clone, Copy)]
pub(crate) struct Sliders(&'static [u64]);

impl std::fmt::Debug for Sliders {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Sliders({} entries)", self.0.len())
    }
}

impl Sliders {
    #[inline(always)]
    pub(crate) fn get() -> Sliders {
        Sliders(sliding())
    }

    #[inline(always)]
    pub(crate) fn rook(self, sq: Square, occ: Bitboard) -> Bitboard {
        let m = &ROOK_MAGIC[sq.index() & 63];
        Bitboard(self.0.get(magic_index(m, occ.0)).copied().unwrap_or(0))
    }

    #[inline(always)]
    pub(crate) fn bishop(self, sq: Square, occ: Bitboard) -> Bitboard {
        let m = &BISHOP_MAGIC[sq.index() & 63];
        Bitboard(self.0.get(magic_index(m, occ.0)).copied().unwrap_or(0))
    }
}

const fn empty_board_table(dirs: &[(i32, i32); 4]) -> [u64; 64] {
    let mut t = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        t[sq] = slide(sq, 0, dirs);
        sq += 1;
    }
    t
}

static ROOK_RAYS: [u64; 64] = empty_board_table(&ROOK_DIRS);
static BISHOP_RAYS: [u64; 64] = empty_board_table(&BISHOP_DIRS);

/// Rook attacks from `sq` on an empty board.
#[inline(always)]
pub(crate) fn rook_rays(sq: Square) -> Bitboard {
    Bitboard(ROOK_RAYS[sq.index() & 63])
}

/// Bishop attacks from `sq` on an empty board.
#[inline(always)]
pub(crate) fn bishop_rays(sq: Square) -> Bitboard {
    Bitboard(BISHOP_RAYS[sq.index() & 63])
}

#[inline(always)]
fn magic_index(m: &Magic, occ: u64) -> usize {
    m.offset + ((occ & m.mask).wrapping_mul(m.magic) >> m.shift) as usize
}

/// Squares a rook on `sq` attacks given the occupied squares `occ`.
#[inline]
#[must_use]
pub fn rook_attacks(sq: Square, occ: Bitboard) -> Bitboard {
    let t = sliding();
    let m = &ROOK_MAGIC[sq.index()];
    Bitboard(t.get(magic_index(m, occ.0)).copied().unwrap_or(0))
}

/// Squares a bishop on `sq` attacks given the occupied squares `occ`.
#[inline]
#[must_use]
pub fn bishop_attacks(sq: Square, occ: Bitboard) -> Bitboard {
    let t = sliding();
    let m = &BISHOP_MAGIC[sq.index()];
    Bitboard(t.get(magic_index(m, occ.0)).copied().unwrap_or(0))
}

/// Squares a queen on `sq` attacks given the occupied squares `occ`.
#[inline]
#[must_use]
pub fn queen_attacks(sq: Square, occ: Bitboard) -> Bitboard {
    rook_attacks(sq, occ) | bishop_attacks(sq, occ)
}

/// Squares a knight on `sq` attacks.
#[inline]
#[must_use]
pub fn knight_attacks(sq: Square) -> Bitboard {
    Bitboard(KNIGHT[sq.index()])
}

/// Squares a king on `sq` attacks.
#[inline]
#[must_use]
pub fn king_attacks(sq: Square) -> Bitboard {
    Bitboard(KING[sq.index()])
}

/// Squares a pawn of `color` on `sq` attacks (diagonally forward).
#[inline]
#[must_use]
pub fn pawn_attacks(color: Color, sq: Square) -> Bitboard {
    Bitboard(PAWN[color.index()][sq.index()])
}

/// Squares strictly between `a` and `b` if they share a rank, file or
/// diagonal; empty otherwise.
#[inline]
#[must_use]
pub fn between(a: Square, b: Square) -> Bitboard {
    Bitboard(BETWEEN[a.index()][b.index()])
}

/// The whole rank, file or diagonal through `a` and `b` (edge to edge), or
/// empty if they share none.
#[inline]
#[must_use]
pub fn line(a: Square, b: Square) -> Bitboard {
    Bitboard(LINE[a.index()][b.index()])
}

/// Whether `a`, `b` and `c` lie on one rank, file or diagonal.
#[inline]
#[must_use]
pub fn aligned(a: Square, b: Square, c: Square) -> bool {
    line(a, b).contains(c)
}

const ROOK_MAGICS: [u64; 64] = [
    0x1080004008801020,
    0x0840092002c03000,
    0x1900200010400900,
    0x0880100008000480,
    0x4200100420080200,
    0x8100020100080400,
    0x0200040110886200,
    0x0200008040220411,
    0x0404800084400220,
    0x0000401000402000,
    0x0086001081220440,
    0x0408800800100280,
    0x000a001201040820,
    0x8848800200840080,
    0x4001000100040200,
    0x0442000102105084,
    0x9080010020804100,
    0x0040404000201009,
    0x0000808010002009,
    0x2200090021d00100,
    0x0008008008040080,
    0x0004004002010040,
    0x0011040008015042,
    0x00000a0001768104,
    0x0000800080204009,
    0x2010004140002001,
    0x9800200280100080,
    0x1000100080080080,
    0x0442000a00049020,
    0x2100040080020080,
    0x0800120400900148,
    0x0010040a00128541,
    0x2800804000800030,
    0x1010002000400041,
    0x4000200011004100,
    0x0610008410800800,
    0x0400802402800800,
    0xc100020080800400,
    0x0002000802000401,
    0x0182085882000401,
    0x0220204000808000,
    0x2860100040024022,
    0x0001002004110040,
    0x99101042000a0020,
    0x0004080004008080,
    0x0010040002008080,
    0x2012004881020004,
    0x8300842444820011,
    0x0088403882010200,
    0x0820400080210100,
    0x0110910040a00300,
    0x0801100280080480,
    0x0242009008200600,
    0x1002000489500200,
    0x0040800200010080,
    0x0091800041000080,
    0x0000209300488001,
    0x04c1002414824001,
    0x020020000b001041,
    0x7000100004200901,
    0x8002002004100802,
    0x30010002084c0007,
    0x0888221800813004,
    0x4000002840840112,
];
const BISHOP_MAGICS: [u64; 64] = [
    0xa010041108003100,
    0x006082020a002900,
    0x6810010619200000,
    0x08281a0520000408,
    0x0001104001000400,
    0x0018901008048400,
    0x00040a0210245280,
    0x000200210808a402,
    0x9140048410821200,
    0x0800091010820041,
    0x20504804832202c0,
    0x0100091401081000,
    0x8021011140000012,
    0x0810020804450400,
    0x208b0542109008a2,
    0x0080084a08040204,
    0x0040e2a80811244c,
    0x2505022008008108,
    0x0430220100420040,
    0x010a040420220040,
    0x1105000290400000,
    0x0093001200822120,
    0x4000a62048043004,
    0x280120048a015004,
    0x006090002a020814,
    0x44042000240800d0,
    0x01102800040a4400,
    0x1004080080220040,
    0x0001001011004024,
    0x0010044000805040,
    0x0914041200820100,
    0x0004821012821480,
    0x0024040500c05021,
    0x0088611002080200,
    0x0116080a00040020,
    0x4000020080080080,
    0x2450450140840040,
    0x0000880201484100,
    0x0222020404020092,
    0x8081110600002e00,
    0x2842101105000801,
    0x1100809008001025,
    0x00020202221c0400,
    0x0422014022009020,
    0x0210046102100c00,
    0xc004008082029102,
    0x00aa461801101200,
    0x0404080080201108,
    0x020542108c205002,
    0x0410544804100100,
    0x0040910841100000,
    0x0400200042021100,
    0x00004204850400c0,
    0x0200100410a42102,
    0x1040020801210102,
    0x0805040410420000,
    0x2884804130100200,
    0x800c262201242000,
    0x1058000194108800,
    0x0014221054420204,
    0x0104000012a02200,
    0x0200881003300100,
    0x0140400202840100,
    0x0402020801010201,
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn magics_have_no_collisions() {
        for sq in 0..64u8 {
            let s = Square::new(sq).unwrap();
            for (magics, dirs, bishop) in [
                (&ROOK_MAGIC, &ROOK_DIRS, false),
                (&BISHOP_MAGIC, &BISHOP_DIRS, true),
            ] {
                let m = &magics[sq as usize];
                let mut sub = 0u64;
                loop {
                    let expected = slide(sq as usize, sub, dirs);
                    // Squares outside the relevant mask must not matter.
                    let noisy = sub | !m.mask & 0x8100_0000_0000_0081;
                    let got = if bishop {
                        bishop_attacks(s, Bitboard(noisy))
                    } else {
                        rook_attacks(s, Bitboard(noisy))
                    };
                    assert_eq!(got.0, expected, "square {s}, occupancy {sub:#x}");
                    sub = sub.wrapping_sub(m.mask) & m.mask;
                    if sub == 0 {
                        break;
                    }
                }
            }
        }
    }

    #[test]
    fn between_and_line_agree_on_simple_cases() {
        assert_eq!(between(Square::A1, Square::D4).count(), 2);
        assert!(between(Square::A1, Square::B3).is_empty());
        assert_eq!(line(Square::E1, Square::E4), Bitboard::file(4));
        assert!(aligned(Square::A1, Square::H8, Square::D4));
        assert!(!aligned(Square::A1, Square::H8, Square::D5));
    }
}
