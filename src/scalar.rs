//! The numeric trait stack.
//!
//! The region logic of GJK needs only a ring with an order: `0`, `1`, `+`, `−`,
//! `×`, negation and comparison. Every test the seeds make is the sign of a dot
//! product of differences and cross products, which are sums of products of
//! input coordinates. So the whole boolean query runs on [`Scalar`], and with
//! [`BigRational`] it is **exact**: no rounding ever happens.
//!
//! Only what needs more asks for more:
//!
//! | trait      | adds                  | needed by                                   | implemented for          |
//! |------------|-----------------------|---------------------------------------------|--------------------------|
//! | [`Scalar`] | ring + total order on finite values | region classifier, boolean GJK | `f32`, `f64`, `BigRational` |
//! | [`Field`]  | exact division        | barycentric coordinates, closest points, the oracle | `f32`, `f64`, `BigRational` |
//! | [`Real`]   | square root           | Euclidean distances, normalising directions, round shapes | `f32`, `f64` |
//!
//! Shapes whose support point needs a square root (ball, capsule, cylinder,
//! cone) are only available for [`Real`] scalars; polytopes work with all three.

use std::fmt::Display;
use std::ops::{Add, AddAssign, Div, DivAssign, Mul, MulAssign, Neg, Sub, SubAssign};

use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, Signed, ToPrimitive, Zero};

/// Exact rationals with arbitrary-precision numerator and denominator.
pub type Rational = BigRational;

/// What the region logic needs: a totally ordered ring (on finite values).
///
/// Floats are only totally ordered on finite values; every public entry point
/// checks [`Scalar::is_finite`] on its inputs and on every support point, so
/// the comparisons inside the algorithm never see a NaN.
pub trait Scalar:
    nalgebra::Scalar
    + PartialOrd
    + Display
    + Zero
    + One
    + Neg<Output = Self>
    + Add<Output = Self>
    + Sub<Output = Self>
    + Mul<Output = Self>
    + AddAssign
    + SubAssign
    + MulAssign
    + Send
    + Sync
{
    /// The name used on the command line and in reports (`f32`, `f64`, `exact`).
    const NAME: &'static str;
    /// `true` when arithmetic never rounds (the rationals).
    const EXACT: bool;
    /// `true` only for `f64` itself: code written for `f64` then computes
    /// this type's values bit for bit, so a hull may scan its points in
    /// blocks of `f64` coordinates. `false` by default, and an
    /// implementation outside this crate must leave it so (its hulls would
    /// otherwise be searched with `f64` arithmetic, not its own).
    #[doc(hidden)]
    const IS_F64: bool = false;
    /// The unit roundoff `u` (half the machine epsilon): `2⁻⁵³` for `f64`,
    /// `2⁻²⁴` for `f32`, `0` for rationals. Every basic operation's relative
    /// error is at most `u`.
    const UNIT_ROUNDOFF: f64;
    /// The smallest positive normal value (`f64::MIN_POSITIVE`,
    /// `f32::MIN_POSITIVE`), as `f64`; `0` for rationals. Below it a result
    /// is subnormal: its absolute error is up to half the smallest subnormal,
    /// so the relative bound `u` no longer holds.
    const MIN_NORMAL: f64;
    /// `false` for NaN and ±∞. Always `true` for rationals.
    fn is_finite(&self) -> bool;
    /// The value of a small integer (exact in all implementations for |v| < 2²⁴).
    fn from_i32(v: i32) -> Self;
    /// The nearest `f64` (for display and for comparing with float runs).
    fn to_f64(&self) -> f64;
    /// The value of `v` in `Self`: rounded to nearest for floats (`v as f32`;
    /// out of range, `±∞`), exact for rationals, which have no NaN or ±∞
    /// (`None` for those).
    fn from_f64_rounded(v: f64) -> Option<Self>;
    /// `2^e`, exactly (floats: `0` or `∞` outside their range). Scaling by
    /// it never rounds a float (short of underflow), which is how float mode
    /// keeps its polynomials in range.
    fn pow2(e: i32) -> Self;
    /// The sign of `self` as `-1`, `0` or `1` (`0` also for NaN).
    fn signum_i8(&self) -> i8 {
        let zero = Self::zero();
        if *self > zero {
            1
        } else if *self < zero {
            -1
        } else {
            0
        }
    }
}

/// A [`Scalar`] with division: needed where barycentric coordinates or closest
/// points are formed (all three implementations divide exactly or correctly
/// rounded).
pub trait Field: Scalar + Div<Output = Self> + DivAssign {
    /// The determinant of a square matrix (rows) of four rows or more, for
    /// the determinants of the loops (`vector::det` has closed forms below):
    /// Gaussian elimination with partial pivoting, in place (`m` is left
    /// eliminated). Rationals override it with a fraction-free elimination
    /// over integers (no gcd in the elimination; `m` is left as it was).
    fn det_large(m: &mut [Vec<Self>]) -> Self {
        eliminate(m)
    }
}

/// A [`Field`] with square roots: Euclidean lengths, unit directions and the
/// support maps of round shapes. Not implemented for rationals, whose square
/// roots are not rational in general.
pub trait Real: Field + Copy {
    /// The square root (of a non-negative value).
    fn sqrt(self) -> Self;
    /// The absolute value.
    fn abs(self) -> Self;
    /// The machine epsilon (the distance from 1 to the next larger value).
    fn epsilon() -> Self;
    /// Conversion from `f64` (rounded to nearest for `f32`).
    fn from_f64(v: f64) -> Self;
}

macro_rules! float_scalar {
    ($t:ty, $name:literal, $is_f64:literal) => {
        impl Scalar for $t {
            const NAME: &'static str = $name;
            const EXACT: bool = false;
            const IS_F64: bool = $is_f64;
            const UNIT_ROUNDOFF: f64 = <$t>::EPSILON as f64 / 2.0;
            const MIN_NORMAL: f64 = <$t>::MIN_POSITIVE as f64;
            fn is_finite(&self) -> bool {
                <$t>::is_finite(*self)
            }
            fn from_i32(v: i32) -> Self {
                v as $t
            }
            fn to_f64(&self) -> f64 {
                *self as f64
            }
            fn from_f64_rounded(v: f64) -> Option<Self> {
                Some(v as $t)
            }
            fn pow2(e: i32) -> Self {
                // The bits of 2^e where it is a normal f64 (the value
                // `powi` computes there, exactly); `powi` elsewhere.
                if (-1022..=1023).contains(&e) {
                    f64::from_bits(((e + 1023) as u64) << 52) as $t
                } else {
                    (2.0f64).powi(e) as $t
                }
            }
        }
        impl Field for $t {}
        impl Real for $t {
            fn sqrt(self) -> Self {
                <$t>::sqrt(self)
            }
            fn abs(self) -> Self {
                <$t>::abs(self)
            }
            fn epsilon() -> Self {
                <$t>::EPSILON
            }
            fn from_f64(v: f64) -> Self {
                v as $t
            }
        }
    };
}
float_scalar!(f32, "f32", false);
float_scalar!(f64, "f64", true);

impl Scalar for BigRational {
    const NAME: &'static str = "exact";
    const EXACT: bool = true;
    const UNIT_ROUNDOFF: f64 = 0.0;
    const MIN_NORMAL: f64 = 0.0;
    fn is_finite(&self) -> bool {
        true
    }
    fn from_i32(v: i32) -> Self {
        BigRational::from_integer(BigInt::from(v))
    }
    fn pow2(e: i32) -> Self {
        let p = num_traits::pow(BigInt::from(2), e.unsigned_abs() as usize);
        if e >= 0 {
            BigRational::from_integer(p)
        } else {
            BigRational::new(BigInt::from(1), p)
        }
    }
    fn from_f64_rounded(v: f64) -> Option<Self> {
        rational_from_f64(v)
    }
    fn to_f64(&self) -> f64 {
        // num-rational 0.4 rounds to nearest; a value out of range saturates.
        ToPrimitive::to_f64(self).unwrap_or(if self.is_negative() {
            f64::NEG_INFINITY
        } else {
            f64::INFINITY
        })
    }
}
/// The determinant of a square matrix by Gaussian elimination with partial
/// pivoting ([`Field::det_large`]'s default).
fn eliminate<T: Field>(m: &mut [Vec<T>]) -> T {
    let k = m.len();
    let abs = |x: &T| {
        if *x < T::zero() {
            -x.clone()
        } else {
            x.clone()
        }
    };
    let mut d = T::one();
    for c in 0..k {
        let mut p = c;
        for r in c + 1..k {
            if abs(&m[r][c]) > abs(&m[p][c]) {
                p = r;
            }
        }
        if m[p][c].is_zero() {
            return T::zero();
        }
        if p != c {
            m.swap(p, c);
            d = -d;
        }
        let (top, bottom) = m.split_at_mut(c + 1);
        let pivot_row = &top[c];
        d *= pivot_row[c].clone();
        for row in bottom.iter_mut() {
            let f = row[c].clone() / pivot_row[c].clone();
            for (x, y) in row.iter_mut().zip(pivot_row.iter()).skip(c) {
                *x -= y.clone() * f.clone();
            }
        }
    }
    d
}

impl Field for BigRational {
    /// Each row over the lcm `s_r` of its denominators is an integer row
    /// (`det M = det M' / Π s_r`); then Bareiss's elimination: after step `k`
    /// each entry below and right of the pivot is a `(k+1)`-minor of `M'`, so
    /// the division by the previous pivot is exact, and the last pivot is
    /// `det M'`. Gcds only for the rows' lcms and the one reduction at the
    /// end, none in the elimination.
    fn det_large(m: &mut [Vec<Self>]) -> Self {
        let mut scale = BigInt::one();
        let mut a: Vec<Vec<BigInt>> = (m.iter())
            .map(|row| {
                let s = row.iter().fold(BigInt::one(), |l, x| l.lcm(x.denom()));
                scale *= &s;
                row.iter().map(|x| x.numer() * (&s / x.denom())).collect()
            })
            .collect();
        let (n, mut negative, mut previous) = (a.len(), false, BigInt::one());
        for k in 0..n {
            let Some(p) = (k..n).find(|&r| !a[r][k].is_zero()) else {
                return BigRational::zero();
            };
            if p != k {
                a.swap(p, k);
                negative = !negative;
            }
            let (top, bottom) = a.split_at_mut(k + 1);
            for row in bottom.iter_mut() {
                for j in k + 1..n {
                    row[j] = (&row[j] * &top[k][k] - &row[k] * &top[k][j]) / &previous;
                }
            }
            previous = top[k][k].clone();
        }
        let d = BigRational::new(previous, scale);
        if negative {
            -d
        } else {
            d
        }
    }
}

/// The exact rational value of a finite `f64` (every finite double is a
/// dyadic rational). `None` for NaN and infinities.
pub fn rational_from_f64(v: f64) -> Option<BigRational> {
    let (m, e) = dyadic_parts(v)?;
    let m = BigInt::from(m);
    // `m` is odd (or 0) and the denominator a power of two: already in
    // lowest terms, so no gcd is needed.
    Some(if e >= 0 {
        BigRational::from_integer(m << e.unsigned_abs())
    } else {
        BigRational::new_raw(m, BigInt::one() << e.unsigned_abs())
    })
}

/// A finite double as `m · 2^e` with `m` odd (or `m = 0`, `e = 0`): its
/// exact value as a dyadic rational. `None` for NaN and infinities.
pub fn dyadic_parts(v: f64) -> Option<(i64, i32)> {
    if !v.is_finite() {
        return None;
    }
    if v == 0.0 {
        return Some((0, 0));
    }
    let bits = v.to_bits();
    let biased = ((bits >> 52) & 0x7ff) as i32;
    let fraction = bits & ((1 << 52) - 1);
    // Subnormals have no implicit leading bit and the least exponent.
    let (m, e) = if biased == 0 {
        (fraction, -1074)
    } else {
        (fraction | (1 << 52), biased - 1075)
    };
    let tz = m.trailing_zeros();
    let m = (m >> tz) as i64;
    Some((if bits >> 63 == 1 { -m } else { m }, e + tz as i32))
}

/// The rational value of an integer.
pub fn integer(v: i64) -> BigRational {
    BigRational::from_integer(BigInt::from(v))
}

/// A rational from an integer numerator and denominator (`None` if `den == 0`).
pub fn ratio(num: i64, den: i64) -> Option<BigRational> {
    if den == 0 {
        None
    } else {
        Some(BigRational::new(BigInt::from(num), BigInt::from(den)))
    }
}

/// Conversion between scalar types, used to run one case in several modes.
pub trait FromRational: Scalar {
    /// The value of `r` in `Self`: exact for rationals, rounded to nearest for floats.
    fn from_rational(r: &BigRational) -> Self;
}

impl FromRational for f64 {
    fn from_rational(r: &BigRational) -> Self {
        Scalar::to_f64(r)
    }
}
impl FromRational for f32 {
    /// Rounds the exact value to the nearest `f32` (ties to even), once.
    ///
    /// num-rational only rounds to `f64`; casting that to `f32` rounds a
    /// second time, which is wrong exactly when the first rounding lands on
    /// a midpoint between two adjacent `f32` values (e.g. `1 + 2⁻²⁴ + 2⁻⁶⁰`
    /// rounds to `1 + 2⁻²⁴` in `f64`, a tie, then to `1` instead of
    /// `1 + 2⁻²³`). In that case the exact value is compared with the midpoint.
    fn from_rational(r: &BigRational) -> Self {
        let x = Scalar::to_f64(r);
        let y = x as f32;
        if !x.is_finite() || !y.is_finite() || y as f64 == x {
            return y;
        }
        let (lo, hi) = if (y as f64) < x {
            (y, y.next_up())
        } else {
            (y.next_down(), y)
        };
        // Both neighbours have 24-bit significands, so their midpoint is exact in f64.
        let mid = (lo as f64 + hi as f64) / 2.0;
        if x != mid {
            return y;
        }
        match rational_from_f64(mid).map(|m| r.cmp(&m)) {
            Some(std::cmp::Ordering::Less) => lo,
            Some(std::cmp::Ordering::Greater) => hi,
            _ => y, // a true tie: the cast already rounded it to even
        }
    }
}
impl FromRational for BigRational {
    fn from_rational(r: &BigRational) -> Self {
        r.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The fraction-free determinant of rationals equals Gaussian
    /// elimination over rationals ([`eliminate`], the default): `4 × 4` to
    /// `7 × 7`, denominators that are and are not powers of two, a third of
    /// the matrices singular (a row repeated or the sum of two others), the
    /// others with zeros where the pivots fall (so rows are swapped).
    #[test]
    fn fraction_free_rational_determinants_equal_elimination() {
        // A small LCG of its own (`test_util` imports this module).
        let mut state = 31u64;
        let mut int = |lo: i64, hi: i64| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            lo + ((state >> 33) % ((hi - lo + 1) as u64)) as i64
        };
        for n in 4..=7 {
            for case in 0..60 {
                let mut m: Vec<Vec<BigRational>> = (0..n)
                    .map(|_| {
                        (0..n)
                            .map(|_| {
                                let d = if case % 2 == 0 {
                                    1 << int(0, 60)
                                } else {
                                    int(1, 999)
                                };
                                BigRational::new(
                                    BigInt::from(int(-1 << 40, 1 << 40)),
                                    BigInt::from(d),
                                )
                            })
                            .collect()
                    })
                    .collect();
                match case % 6 {
                    1 => m[n - 1] = m[0].clone(),
                    3 => m[n - 1] = m[0].iter().zip(&m[1]).map(|(x, y)| x + y).collect(),
                    // Zero leading entries: the elimination swaps rows.
                    _ => (0..n - 1).for_each(|r| m[r][r % 2] = BigRational::zero()),
                }
                let want = eliminate(&mut m.clone());
                assert_eq!(BigRational::det_large(&mut m.clone()), want, "{m:?}");
            }
        }
    }

    /// The gcd-free construction gives `from_float`'s value in the same
    /// lowest terms, on the extremes of every binade kind and on a sweep of
    /// bit patterns (the failure prints the bits).
    #[test]
    fn rational_from_f64_matches_from_float() {
        let mut bits: Vec<u64> = vec![
            0,
            1,
            (1 << 52) - 1,
            1 << 52,
            f64::MAX.to_bits(),
            1.0f64.to_bits(),
            0.1f64.to_bits(),
            3.0f64.to_bits(),
            (1u64 << 62).to_le(),
        ];
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
        for _ in 0..20_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            bits.push(x);
        }
        for b in bits {
            for v in [f64::from_bits(b), -f64::from_bits(b)] {
                let want = if v.is_finite() {
                    BigRational::from_float(v)
                } else {
                    None
                };
                let got = rational_from_f64(v);
                assert_eq!(
                    got.as_ref().map(|r| (r.numer(), r.denom())),
                    want.as_ref().map(|r| (r.numer(), r.denom())),
                    "bits {:#018x}",
                    v.to_bits()
                );
            }
        }
    }

    #[test]
    fn rational_from_f64_is_exact() {
        let r = rational_from_f64(0.1).unwrap();
        // 0.1 as a double is 3602879701896397 / 2^55.
        assert_eq!(
            r,
            BigRational::new(3602879701896397u64.into(), BigInt::from(1u64 << 55))
        );
        assert!(rational_from_f64(f64::NAN).is_none());
        assert!(rational_from_f64(f64::INFINITY).is_none());
    }

    #[test]
    fn pow2_is_powi_of_two() {
        for e in -1100..1100 {
            assert_eq!(f64::pow2(e).to_bits(), 2.0f64.powi(e).to_bits(), "{e}");
            assert_eq!(f32::pow2(e).to_bits(), (2.0f64.powi(e) as f32).to_bits());
        }
    }

    #[test]
    fn signs_and_finiteness() {
        assert_eq!((-2.0f64).signum_i8(), -1);
        assert_eq!(0.0f32.signum_i8(), 0);
        assert_eq!(ratio(3, 7).unwrap().signum_i8(), 1);
        assert!(!f64::NAN.is_finite());
        assert!(Scalar::is_finite(&ratio(1, 3).unwrap()));
        assert_eq!(f32::from_rational(&ratio(1, 3).unwrap()), 1.0f32 / 3.0);
        assert_eq!(f64::from_rational(&ratio(1, 3).unwrap()), 1.0f64 / 3.0);
    }

    #[test]
    fn f32_conversion_rounds_once() {
        let pow2 = |e: i32| -> BigRational {
            let one = BigRational::from_integer(1.into());
            let two = BigRational::from_integer(2.into());
            if e >= 0 {
                num_traits::pow(two, e as usize)
            } else {
                one / num_traits::pow(two, (-e) as usize)
            }
        };
        let one = BigRational::from_integer(1.into());
        // Just above the midpoint between 1 and the next f32: rounds up.
        let above = one.clone() + pow2(-24) + pow2(-60);
        assert_eq!(f32::from_rational(&above), 1.0 + f32::EPSILON);
        // Just below it: rounds down.
        let below = one.clone() + pow2(-24) - pow2(-60);
        assert_eq!(f32::from_rational(&below), 1.0);
        // Exactly on it: ties to even (1.0 has an even significand).
        assert_eq!(f32::from_rational(&(one.clone() + pow2(-24))), 1.0);
        // Negative values and ordinary ones.
        assert_eq!(f32::from_rational(&-above), -(1.0 + f32::EPSILON));
        assert_eq!(f32::from_rational(&ratio(1, 10).unwrap()), 0.1f32);
        assert_eq!(f32::from_rational(&pow2(200)), f32::INFINITY);
    }
}
