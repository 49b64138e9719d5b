//! Exact tie-break values: non-negative rationals compared by
//! cross-multiplication, so no floating-point drift ever decides a rank.

use std::cmp::Ordering;
use std::fmt;

/// An exact rational value (`numerator / denominator`, denominator > 0).
///
/// Points are tenths in the model, so Buchholz values are `n / 10`,
/// Sonneborn–Berger `n / 20`, averages `n / (10·k)`, ratings `n / 1`.
#[derive(Debug, Clone, Copy)]
pub struct Value {
    numerator: i64,
    denominator: i64,
}

impl Value {
    /// Zero.
    pub const ZERO: Value = Value {
        numerator: 0,
        denominator: 1,
    };

    /// `numerator / denominator`; a zero denominator gives zero.
    pub fn new(numerator: i64, denominator: i64) -> Value {
        if denominator == 0 {
            return Value::ZERO;
        }
        let (mut n, mut d) = if denominator < 0 {
            (-numerator, -denominator)
        } else {
            (numerator, denominator)
        };
        let g = gcd(n.unsigned_abs(), d.unsigned_abs());
        if g > 1 {
            let g = i64::try_from(g).unwrap_or(1);
            n /= g;
            d /= g;
        }
        Value {
            numerator: n,
            denominator: d,
        }
    }

    /// A whole number.
    pub const fn integer(n: i64) -> Value {
        Value {
            numerator: n,
            denominator: 1,
        }
    }

    /// A number of points given in tenths.
    pub fn tenths(n: i64) -> Value {
        Value::new(n, 10)
    }

    /// The numerator (in lowest terms).
    pub const fn numerator(self) -> i64 {
        self.numerator
    }

    /// The denominator (in lowest terms, positive).
    pub const fn denominator(self) -> i64 {
        self.denominator
    }

    /// The value as a float, for display and JSON only.
    pub fn as_f64(self) -> f64 {
        self.numerator as f64 / self.denominator as f64
    }

    /// Sum of two values.
    pub fn plus(self, other: Value) -> Value {
        let n = i128::from(self.numerator) * i128::from(other.denominator)
            + i128::from(other.numerator) * i128::from(self.denominator);
        let d = i128::from(self.denominator) * i128::from(other.denominator);
        let g = gcd_i128(n.unsigned_abs(), d.unsigned_abs()).max(1) as i128;
        Value::new(
            i64::try_from(n / g).unwrap_or(i64::MAX),
            i64::try_from(d / g).unwrap_or(i64::MAX),
        )
    }

    /// Product with a fraction `numerator / denominator`.
    pub fn scale(self, numerator: i64, denominator: i64) -> Value {
        Value::new(
            self.numerator.saturating_mul(numerator),
            self.denominator.saturating_mul(denominator),
        )
    }

    /// The value rounded to the nearest whole number, halves up.
    pub fn round_half_up(self) -> i64 {
        (2 * self.numerator + self.denominator).div_euclid(2 * self.denominator)
    }
}

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

fn gcd_i128(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

impl PartialEq for Value {
    fn eq(&self, other: &Value) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Value {}

impl PartialOrd for Value {
    fn partial_cmp(&self, other: &Value) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Value {
    fn cmp(&self, other: &Value) -> Ordering {
        (i128::from(self.numerator) * i128::from(other.denominator))
            .cmp(&(i128::from(other.numerator) * i128::from(self.denominator)))
    }
}

impl std::ops::Add for Value {
    type Output = Value;
    fn add(self, other: Value) -> Value {
        self.plus(other)
    }
}

impl std::iter::Sum for Value {
    fn sum<I: Iterator<Item = Value>>(iter: I) -> Value {
        iter.fold(Value::ZERO, Value::plus)
    }
}

impl fmt::Display for Value {
    /// Whole numbers without decimals; otherwise up to two decimals (exact
    /// values such as 30.25 print exactly; others are rounded for display).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.denominator == 1 {
            return f.pad(&self.numerator.to_string());
        }
        let hundredths =
            Value::new(self.numerator.saturating_mul(100), self.denominator).round_half_up();
        let sign = if hundredths < 0 { "-" } else { "" };
        let h = hundredths.unsigned_abs();
        let text = if h.is_multiple_of(10) {
            format!("{sign}{}.{}", h / 100, (h % 100) / 10)
        } else {
            format!("{sign}{}.{:02}", h / 100, h % 100)
        };
        f.pad(&text)
    }
}

#[cfg(test)]
mod tests {
    use super::Value;

    #[test]
    fn values_compare_exactly_where_floats_would_drift() {
        // 0.1 + 0.2 == 0.3 exactly (as tenths), unlike f64.
        assert_eq!(Value::tenths(1) + Value::tenths(2), Value::tenths(3));
        // 29/6 (an average of Buchholz) is below 4.84 and above 4.83.
        let aob = Value::new(145, 30);
        assert!(aob < Value::new(484, 100) && aob > Value::new(483, 100));
        assert_eq!(Value::new(605, 20).to_string(), "30.25");
        assert_eq!(Value::new(145, 30).to_string(), "4.83");
        assert_eq!(Value::new(415, 10).to_string(), "41.5");
        assert_eq!(Value::integer(1800).to_string(), "1800");
        assert_eq!(Value::new(35991, 20).round_half_up(), 1800);
    }
}
