//! Rationals in lowest terms, with a gcd fast enough for the verifier.
//!
//! Every `Rational` the crate builds must be in lowest terms (its value,
//! printed, is an answer). `num-rational` reduces with the binary gcd of
//! `num-integer`, which allocates a new big integer at every shift and
//! subtraction: about 1.5 µs for two 64-bit values and 5 µs at 256 bits,
//! many times a big-integer product. The exact mode's proofs build a few
//! dozen rationals per query, so that gcd was most of their time.
//!
//! [`gcd`] computes the same value faster:
//!
//! 1. **Powers of two first.** `gcd(2^i x, 2^j y) = 2^min(i,j) gcd(x', y')`
//!    with `x'`, `y'` the odd parts. Inputs that were doubles have
//!    power-of-two denominators, so the odd part of one side is often 1,
//!    and then the gcd is the power of two alone, found without a loop.
//! 2. **One division** brings the larger odd value below the smaller
//!    (`gcd(x, y) = gcd(x mod y, y)`), so the loop below starts on values
//!    of the same size.
//! 3. **Binary gcd in place** on 64-bit limbs (Stein: for odd `x < y`,
//!    `gcd(x, y) = gcd(x, (y − x) / 2^k)`), no allocation in the loop, on
//!    `u128` once both fit; past [`MAX_LIMBS`] limbs, `num-integer`'s gcd.
//!
//! [`new`], [`add`], [`sub`] and [`sub_vectors`] build rationals with it
//! and [`Ratio::new_raw`], the representation `num-rational` itself would
//! have produced (lowest terms are unique, with a positive denominator).

use num_bigint::{BigInt, BigUint, Sign};
use num_integer::Integer;
use num_rational::Ratio;
use num_traits::{One, Signed, Zero};

use crate::scalar::Rational;
use crate::vector::Vector;

/// The most 64-bit limbs the in-place binary gcd takes (`2^512`); larger
/// values use `num-integer`'s gcd.
pub const MAX_LIMBS: usize = 8;

/// `gcd(a, b)` of two magnitudes (`gcd(0, b) = b`).
pub fn gcd(a: &BigUint, b: &BigUint) -> BigUint {
    if a.is_zero() {
        return b.clone();
    }
    if b.is_zero() {
        return a.clone();
    }
    let za = a.trailing_zeros().unwrap_or(0);
    let zb = b.trailing_zeros().unwrap_or(0);
    let twos = za.min(zb);
    if a.count_ones() == 1 || b.count_ones() == 1 {
        // One side is a power of two: the gcd is the common one.
        return BigUint::one() << twos;
    }
    let x = a >> za;
    let y = b >> zb;
    if x.is_one() || y.is_one() {
        return BigUint::one() << twos;
    }
    // Both odd: the gcd is odd. `x mod y` may be even; halving it keeps
    // the gcd with the odd `y`.
    let (small, large) = if x < y { (x, y) } else { (y, x) };
    let rest = &large % &small;
    if rest.is_zero() {
        return small << twos;
    }
    let rest = &rest >> rest.trailing_zeros().unwrap_or(0);
    odd_gcd(rest, small) << twos
}

/// `gcd(x, y)` of two odd values.
fn odd_gcd(x: BigUint, y: BigUint) -> BigUint {
    let limbs = x.bits().max(y.bits()).div_ceil(64) as usize;
    if limbs <= 2 {
        return BigUint::from(stein_u128(to_u128(&x), to_u128(&y)));
    }
    if limbs > MAX_LIMBS {
        return x.gcd(&y);
    }
    let mut u = [0u64; MAX_LIMBS];
    let mut v = [0u64; MAX_LIMBS];
    for (d, s) in u.iter_mut().zip(x.iter_u64_digits()) {
        *d = s;
    }
    for (d, s) in v.iter_mut().zip(y.iter_u64_digits()) {
        *d = s;
    }
    let mut n = limbs;
    loop {
        // Invariant: u, v odd, both below 2^(64 n).
        match compare(&u[..n], &v[..n]) {
            std::cmp::Ordering::Equal => return from_limbs(&u[..n]),
            std::cmp::Ordering::Greater => std::mem::swap(&mut u, &mut v),
            std::cmp::Ordering::Less => {}
        }
        // v > u: v ← (v − u) / 2^k, odd again.
        subtract(&mut v[..n], &u[..n]);
        shift_out_zeros(&mut v[..n]);
        while n > 2 && u[n - 1] == 0 && v[n - 1] == 0 {
            n -= 1;
        }
        if n <= 2 {
            let pack = |w: &[u64; MAX_LIMBS]| u128::from(w[0]) | (u128::from(w[1]) << 64);
            return BigUint::from(stein_u128(pack(&u), pack(&v)));
        }
    }
}

/// Stein's gcd of two odd `u128`.
fn stein_u128(mut u: u128, mut v: u128) -> u128 {
    loop {
        if u > v {
            std::mem::swap(&mut u, &mut v);
        }
        v -= u;
        if v == 0 {
            return u;
        }
        v >>= v.trailing_zeros();
    }
}

/// A value below `2^128`.
fn to_u128(x: &BigUint) -> u128 {
    x.iter_u64_digits()
        .rev()
        .fold(0u128, |s, d| (s << 64) | u128::from(d))
}

fn from_limbs(w: &[u64]) -> BigUint {
    BigUint::from_slice(
        &w.iter()
            .flat_map(|&d| [d as u32, (d >> 32) as u32])
            .collect::<Vec<u32>>(),
    )
}

/// Little-endian limbs, most significant first.
fn compare(u: &[u64], v: &[u64]) -> std::cmp::Ordering {
    u.iter().rev().cmp(v.iter().rev())
}

/// `v ← v − u` (`v ≥ u`).
fn subtract(v: &mut [u64], u: &[u64]) {
    let mut borrow = false;
    for (a, &b) in v.iter_mut().zip(u) {
        let (d, b1) = a.overflowing_sub(b);
        let (d, b2) = d.overflowing_sub(u64::from(borrow));
        *a = d;
        borrow = b1 | b2;
    }
}

/// `v ← v / 2^k` with `k` the trailing zeros of `v ≠ 0`.
fn shift_out_zeros(v: &mut [u64]) {
    let n = v.len();
    let words = v.iter().position(|&d| d != 0).unwrap_or(n);
    if words == n {
        return;
    }
    let bits = v[words].trailing_zeros();
    for i in 0..n {
        let lo = v.get(i + words).copied().unwrap_or(0);
        let hi = v.get(i + words + 1).copied().unwrap_or(0);
        v[i] = if bits == 0 {
            lo
        } else {
            (lo >> bits) | (hi << (64 - bits))
        };
    }
}

/// `k` when `x = 2^k`.
pub fn power_of_two(x: &BigUint) -> Option<u64> {
    (x.count_ones() == 1).then(|| x.bits() - 1)
}

/// `lcm(a, b)` of two positive values.
pub fn lcm(a: &BigInt, b: &BigInt) -> BigInt {
    if a == b || b.is_one() {
        return a.clone();
    }
    if a.is_one() {
        return b.clone();
    }
    let g = gcd(a.magnitude(), b.magnitude());
    a / BigInt::from_biguint(Sign::Plus, g) * b
}

/// `num / den` in lowest terms. Panics if `den = 0`, as `Ratio::new`
/// does: every caller divides by a product of denominators or by a
/// determinant it has checked.
pub fn new(num: BigInt, den: BigInt) -> Rational {
    assert!(!den.is_zero(), "lowest_terms::new: zero denominator");
    if num.is_zero() {
        return Rational::zero();
    }
    if power_of_two(den.magnitude()).is_some() {
        // `±2^k`, as for doubles: the common factor is the common power of two.
        let twos = num
            .trailing_zeros()
            .unwrap_or(0)
            .min(den.trailing_zeros().unwrap_or(0));
        let (num, den) = if twos == 0 {
            (num, den)
        } else {
            (num >> twos, den >> twos)
        };
        return if den.is_negative() {
            Ratio::new_raw(-num, -den)
        } else {
            Ratio::new_raw(num, den)
        };
    }
    let g = gcd(num.magnitude(), den.magnitude());
    let (mut num, mut den) = if g.is_one() {
        (num, den)
    } else if g.count_ones() == 1 {
        let k = g.bits() - 1;
        (num >> k, den >> k)
    } else {
        let g = BigInt::from_biguint(Sign::Plus, g);
        (num / &g, den / g)
    };
    if den.is_negative() {
        num = -num;
        den = -den;
    }
    Ratio::new_raw(num, den)
}

/// `x + y`.
pub fn add(x: &Rational, y: &Rational) -> Rational {
    let (xn, yn, d) = over_common(x, y);
    new(xn + yn, d)
}

/// `x − y`.
pub fn sub(x: &Rational, y: &Rational) -> Rational {
    let (xn, yn, d) = over_common(x, y);
    new(xn - yn, d)
}

/// `(X, Y, D)` with `x = X / D`, `y = Y / D`: the larger denominator when
/// both are powers of two (doubles), else their product.
fn over_common(x: &Rational, y: &Rational) -> (BigInt, BigInt, BigInt) {
    let (dx, dy) = (x.denom(), y.denom());
    if dx == dy {
        return (x.numer().clone(), y.numer().clone(), dx.clone());
    }
    let power = |d: &BigInt| power_of_two(d.magnitude());
    if let (Some(ex), Some(ey)) = (power(dx), power(dy)) {
        return if ex > ey {
            (x.numer().clone(), y.numer() << (ex - ey), dx.clone())
        } else {
            (x.numer() << (ey - ex), y.numer().clone(), dy.clone())
        };
    }
    (x.numer() * dy, y.numer() * dx, dx * dy)
}

/// `u − v`, coordinate by coordinate.
pub fn sub_vectors<const N: usize>(
    u: &Vector<Rational, N>,
    v: &Vector<Rational, N>,
) -> Vector<Rational, N> {
    Vector::<Rational, N>::from_fn(|i, _| sub(&u[i], &v[i]))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A deterministic stream of big values of various shapes: odd,
    /// powers of two times odd, sharing factors.
    fn values() -> Vec<BigInt> {
        let mut s: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = || {
            s = s
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            s
        };
        let mut out = Vec::new();
        for limbs in 0..12u32 {
            for twos in [0u32, 1, 7, 64, 130] {
                let mut x = BigInt::from(next() | 1);
                for _ in 0..limbs {
                    x = (x << 64) + BigInt::from(next());
                }
                out.push(x << twos);
            }
        }
        let common = out[17].clone();
        let shared: Vec<BigInt> = out.iter().take(20).map(|x| x * &common).collect();
        out.extend(shared);
        out.push(BigInt::one());
        out.push(BigInt::from(3) << 200);
        out
    }

    #[test]
    fn gcd_is_num_integers_gcd() {
        let v = values();
        for x in &v {
            for y in &v {
                for (x, y) in [
                    (x.clone(), y.clone()),
                    (x + 1, y.clone()),
                    (x.clone(), y - 1),
                ] {
                    assert_eq!(
                        gcd(x.magnitude(), y.magnitude()),
                        x.magnitude().gcd(y.magnitude()),
                        "gcd({x}, {y})"
                    );
                }
            }
        }
        assert_eq!(
            gcd(&BigUint::zero(), &BigUint::from(6u8)),
            BigUint::from(6u8)
        );
        assert_eq!(
            gcd(&BigUint::from(6u8), &BigUint::zero()),
            BigUint::from(6u8)
        );
    }

    #[test]
    fn new_add_sub_are_num_rationals() {
        let v = values();
        for (i, x) in v.iter().enumerate() {
            for y in v.iter().skip(i % 3).step_by(3) {
                for (n, d) in [(x.clone(), y.clone()), (-x, y.clone()), (y.clone(), -x)] {
                    let want = Rational::new(n.clone(), d.clone());
                    let got = new(n.clone(), d.clone());
                    assert_eq!(
                        (got.numer(), got.denom()),
                        (want.numer(), want.denom()),
                        "{n}/{d}"
                    );
                }
                let p = Rational::new(x.clone(), y.clone());
                let q = Rational::new(y + 5, x.clone());
                for (got, want) in [
                    (add(&p, &q), &p + &q),
                    (sub(&p, &q), &p - &q),
                    (sub(&p, &p), &p - &p),
                ] {
                    assert_eq!((got.numer(), got.denom()), (want.numer(), want.denom()));
                }
            }
        }
        // Dyadic values (the inputs that were doubles): powers of two only.
        let dyadic: Vec<Rational> = [
            (3, 8),
            (-5, 32),
            (7, 2),
            (1, 2),
            (-1, 1),
            (0, 1),
            (9, 1 << 40),
        ]
        .iter()
        .map(|&(n, d): &(i64, i64)| Rational::new(n.into(), d.into()))
        .collect();
        for p in &dyadic {
            for q in &dyadic {
                for (got, want) in [(add(p, q), p + q), (sub(p, q), p - q)] {
                    assert_eq!(
                        (got.numer(), got.denom()),
                        (want.numer(), want.denom()),
                        "{p} {q}"
                    );
                }
            }
        }
        assert_eq!(lcm(&BigInt::from(4), &BigInt::from(6)), BigInt::from(12));
        assert_eq!(
            lcm(&(BigInt::from(1) << 70), &(BigInt::from(1) << 3)),
            BigInt::from(1) << 70
        );
    }
}
