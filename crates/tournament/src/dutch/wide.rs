//! Fixed-width unsigned integers for lexicographic edge weights.
//!
//! The Dutch criteria are packed into one integer per candidate pair, most
//! important criterion in the highest bits, so the weights of a large event
//! need far more than 128 bits. `Wide<L>` is an `L × 64`-bit unsigned integer
//! with wrapping arithmetic; the engine picks `L` from the number of bits the
//! round needs, so every value it stores stays below `2^(64·L)`.

use std::cmp::Ordering;

/// An unsigned integer of `L` 64-bit limbs, least significant limb first.
#[derive(Clone, Copy, Eq, Debug)]
pub struct Wide<const L: usize>(pub [u64; L]);

/// Compared limb by limb in line (the derived comparison of the array calls
/// `memcmp`, which the matcher's inner loops paid for).
impl<const L: usize> PartialEq for Wide<L> {
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        let mut diff = 0;
        for i in 0..L {
            diff |= self.0[i] ^ other.0[i];
        }
        diff == 0
    }
}

/// Limb by limb (one `write_u64` each), for word-sized hashers.
impl<const L: usize> std::hash::Hash for Wide<L> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        for &x in &self.0 {
            state.write_u64(x);
        }
    }
}

impl<const L: usize> Default for Wide<L> {
    fn default() -> Self {
        Self::ZERO
    }
}

impl<const L: usize> Ord for Wide<L> {
    #[inline]
    fn cmp(&self, other: &Self) -> Ordering {
        for i in (0..L).rev() {
            match self.0[i].cmp(&other.0[i]) {
                Ordering::Equal => {}
                o => return o,
            }
        }
        Ordering::Equal
    }
}

impl<const L: usize> PartialOrd for Wide<L> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<const L: usize> Wide<L> {
    /// Zero.
    pub const ZERO: Self = Self([0; L]);

    /// The value `v`.
    #[inline]
    pub fn from_u64(v: u64) -> Self {
        let mut r = Self::ZERO;
        if L > 0 {
            r.0[0] = v;
        }
        r
    }

    /// Whether the value is zero.
    #[inline]
    pub fn is_zero(&self) -> bool {
        self.0.iter().rev().all(|&x| x == 0)
    }

    /// Wrapping addition.
    #[inline]
    #[must_use]
    pub fn plus(mut self, o: Self) -> Self {
        let mut carry = false;
        for i in 0..L {
            let (s1, c1) = self.0[i].overflowing_add(o.0[i]);
            let (s2, c2) = s1.overflowing_add(u64::from(carry));
            self.0[i] = s2;
            carry = c1 || c2;
        }
        self
    }

    /// Wrapping subtraction.
    #[inline]
    #[must_use]
    pub fn minus(mut self, o: Self) -> Self {
        let mut borrow = false;
        for i in 0..L {
            let (s1, b1) = self.0[i].overflowing_sub(o.0[i]);
            let (s2, b2) = s1.overflowing_sub(u64::from(borrow));
            self.0[i] = s2;
            borrow = b1 || b2;
        }
        self
    }

    /// `a + b − 2·w`, wrapping: the slack of an edge of weight `w` between
    /// vertices of duals `a` and `b` (in the doubled scale), in one pass
    /// over the limbs rather than three.
    #[inline(always)]
    #[must_use]
    pub fn slack(a: Self, b: Self, w: Self) -> Self {
        let mut r = Self::ZERO;
        // One carry chain for `a + b` and one borrow chain for `2·w`, whose
        // limbs are `w`'s shifted left by one.
        let (mut carry, mut borrow) = (false, false);
        let mut below = 0;
        for i in 0..L {
            let twice = (w.0[i] << 1) | (below >> 63);
            below = w.0[i];
            let (s1, c1) = a.0[i].overflowing_add(b.0[i]);
            let (s2, c2) = s1.overflowing_add(u64::from(carry));
            carry = c1 | c2;
            let (d1, b1) = s2.overflowing_sub(twice);
            let (d2, b2) = d1.overflowing_sub(u64::from(borrow));
            borrow = b1 | b2;
            r.0[i] = d2;
        }
        r
    }

    /// Whether `a + b = 2·w` (a zero [`Wide::slack`]): the lowest limbs
    /// first, which rule out nearly every edge that is not tight.
    #[inline(always)]
    #[must_use]
    pub fn tight(a: Self, b: Self, w: Self) -> bool {
        (L == 0 || a.0[0].wrapping_add(b.0[0]) == w.0[0] << 1) && Self::slack(a, b, w).is_zero()
    }

    /// Wrapping addition of a small value.
    #[inline]
    #[must_use]
    pub fn add_u64(self, v: u64) -> Self {
        self.plus(Self::from_u64(v))
    }

    /// Wrapping addition of `v << pos` (bits beyond the top limb are
    /// lost, as by [`Wide::shifted`]): one limb or two and a carry, where a
    /// shift of the whole value would touch every limb.
    #[inline]
    #[must_use]
    pub fn add_at(mut self, pos: u32, v: u64) -> Self {
        let limb = (pos / 64) as usize;
        let off = pos % 64;
        if limb >= L || v == 0 {
            return self;
        }
        let (s, c) = self.0[limb].overflowing_add(v << off);
        self.0[limb] = s;
        // `v >> (64 - off)` is below 2^63, so adding the carry cannot wrap.
        let mut carry = u64::from(c) + if off == 0 { 0 } else { v >> (64 - off) };
        for x in &mut self.0[limb + 1..] {
            if carry == 0 {
                break;
            }
            let (s, c) = x.overflowing_add(carry);
            *x = s;
            carry = u64::from(c);
        }
        self
    }

    /// Wrapping subtraction of a small value.
    #[inline]
    #[must_use]
    pub fn sub_u64(self, v: u64) -> Self {
        self.minus(Self::from_u64(v))
    }

    /// Shift left by `s` bits (bits shifted out are lost).
    #[inline]
    #[must_use]
    pub fn shifted(self, s: u32) -> Self {
        let limbs = (s / 64) as usize;
        let bits = s % 64;
        let mut r = Self::ZERO;
        for i in (limbs..L).rev() {
            let src = i - limbs;
            let mut v = self.0[src] << bits;
            if bits > 0 && src > 0 {
                v |= self.0[src - 1] >> (64 - bits);
            }
            r.0[i] = v;
        }
        r
    }

    /// Shift right by `s` bits.
    #[inline]
    #[must_use]
    pub fn shifted_right(self, s: u32) -> Self {
        let limbs = (s / 64) as usize;
        let bits = s % 64;
        let mut r = Self::ZERO;
        for i in 0..L.saturating_sub(limbs) {
            let src = i + limbs;
            let mut v = self.0[src] >> bits;
            if bits > 0 && src + 1 < L {
                v |= self.0[src + 1] << (64 - bits);
            }
            r.0[i] = v;
        }
        r
    }

    /// The lowest `bits` bits of the value.
    #[inline]
    #[must_use]
    pub fn low_bits(mut self, bits: u32) -> Self {
        let mask = Self::ones(bits);
        for i in 0..L {
            self.0[i] &= mask.0[i];
        }
        self
    }

    /// Shift right by one bit.
    #[inline]
    #[must_use]
    pub fn half(mut self) -> Self {
        for i in 0..L {
            let hi = if i + 1 < L { self.0[i + 1] << 63 } else { 0 };
            self.0[i] = (self.0[i] >> 1) | hi;
        }
        self
    }

    /// The value with its lowest `bits` bits set.
    #[inline]
    pub fn ones(bits: u32) -> Self {
        let mut r = Self::ZERO;
        for i in 0..L {
            let lo = (i as u32) * 64;
            if bits >= lo + 64 {
                r.0[i] = u64::MAX;
            } else if bits > lo {
                r.0[i] = (1u64 << (bits - lo)) - 1;
            }
        }
        r
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn to_u128(w: Wide<2>) -> u128 {
        u128::from(w.0[0]) | (u128::from(w.0[1]) << 64)
    }
    fn from_u128(v: u128) -> Wide<2> {
        Wide([v as u64, (v >> 64) as u64])
    }

    #[test]
    fn wide_arithmetic_agrees_with_u128() {
        let mut x: u128 = 0x9E37_79B9_7F4A_7C15_F39C_C060_5CED_C834;
        for _ in 0..2000 {
            x ^= x << 7;
            x ^= x >> 9;
            let a = x;
            let b = x.rotate_left(37) >> (x % 100) as u32;
            let (wa, wb) = (from_u128(a), from_u128(b));
            assert_eq!(to_u128(wa.plus(wb)), a.wrapping_add(b));
            assert_eq!(to_u128(wa.minus(wb)), a.wrapping_sub(b));
            assert_eq!(wa.cmp(&wb), a.cmp(&b));
            let s = (b % 130) as u32;
            let v = b as u64;
            assert_eq!(
                to_u128(wa.add_at(s, v)),
                if s >= 128 {
                    a
                } else {
                    a.wrapping_add(u128::from(v) << s)
                }
            );
            assert_eq!(to_u128(wa.shifted(s)), if s >= 128 { 0 } else { a << s });
            assert_eq!(to_u128(wa.half()), a >> 1);
            let c = a.rotate_right(11) ^ b;
            assert_eq!(
                to_u128(Wide::slack(wa, wb, from_u128(c))),
                a.wrapping_add(b).wrapping_sub(c).wrapping_sub(c)
            );
            assert_eq!(
                Wide::tight(wa, wb, from_u128(c)),
                a.wrapping_add(b) == c.wrapping_add(c)
            );
            let half = a.wrapping_add(b) >> 1;
            assert_eq!(
                Wide::tight(wa, wb, from_u128(half)),
                a.wrapping_add(b) == half.wrapping_add(half)
            );
            assert_eq!(
                to_u128(wa.shifted_right(s)),
                if s >= 128 { 0 } else { a >> s }
            );
            assert_eq!(
                to_u128(wa.low_bits(s.min(128))),
                if s >= 128 { a } else { a & ((1u128 << s) - 1) }
            );
            assert_eq!(
                to_u128(Wide::<2>::ones(s.min(128))),
                if s >= 128 {
                    u128::MAX
                } else {
                    (1u128 << s) - 1
                }
            );
        }
    }
}
