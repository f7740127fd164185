//! Float approximations of exact values, as the tool prints them: a JSON
//! number when the value is within `f64`'s normal range (or zero), else a
//! decimal string with 17 significant digits (`"1.0000000000000000e400"`),
//! which the case format reads back ([`gjk_case::parse_decimal_or_ratio`]).
//! Never `null`.
//!
//! In float modes a computed value that overflowed its type prints as the
//! string [`OVERFLOW`].

use num_bigint::BigInt;
use num_traits::{One, Signed, Zero};
use serde_json::{json, Value};

use gjk::scalar::{Rational, Scalar};

/// What a float mode prints for a value it computed as infinite.
pub const OVERFLOW: &str = "overflow";

/// The significant digits of the decimal string form.
const DIGITS: u32 = 17;

/// `x` as a JSON number when it is a normal double, else `None` (the
/// callers handle an exact zero themselves: a `0` here is an underflow).
fn normal(x: f64) -> Option<Value> {
    (x.is_finite() && x.abs() >= f64::MIN_POSITIVE).then(|| json!(x))
}

/// A float mode's value: a number, or [`OVERFLOW`] when it is not finite.
pub fn float_json(x: f64) -> Value {
    if x.is_finite() {
        json!(x)
    } else {
        json!(OVERFLOW)
    }
}

/// The approximation of the exact `r`: the nearest double when it is
/// normal, else the decimal string.
pub fn approx_json(r: &Rational) -> Value {
    if r.is_zero() {
        return json!(0.0);
    }
    normal(Scalar::to_f64(r)).unwrap_or_else(|| json!(decimal(r, false)))
}

/// The approximation of `√r` for an exact `r ≥ 0`: the double
/// `sqrt(nearest double of r)` when that is normal — computed at a scale
/// where `r` is in range, so it is the value `to_f64(r).sqrt()` gives
/// wherever that does not overflow or underflow — else the decimal string.
pub fn sqrt_approx_json(r: &Rational) -> Value {
    if !r.is_positive() {
        return json!(0.0);
    }
    // r = r' · 4^k with r' in [1, 4) up to a factor 2: exact shifts.
    let k = (r.numer().bits() as i64 - r.denom().bits() as i64) / 2;
    let scaled = shift(r, -2 * k);
    let s = Scalar::to_f64(&scaled).sqrt();
    // s · 2^k in two exact halves (each power of two is a normal double),
    // exact while the result stays normal; past ±2000 it cannot be.
    let value = if (-2000..=2000).contains(&k) {
        let half = k / 2;
        s * 2f64.powi(half as i32) * 2f64.powi((k - half) as i32)
    } else {
        f64::INFINITY
    };
    normal(value).unwrap_or_else(|| json!(decimal(r, true)))
}

/// `r · 2^e`, exactly.
fn shift(r: &Rational, e: i64) -> Rational {
    let (n, d) = (r.numer().clone(), r.denom().clone());
    let e_abs = e.unsigned_abs() as usize;
    if e >= 0 {
        Rational::new(n << e_abs, d)
    } else {
        Rational::new(n, d << e_abs)
    }
}

/// `10^e` as an integer (`e ≥ 0`).
fn pow10(e: u64) -> BigInt {
    num_traits::pow(BigInt::from(10u32), e as usize)
}

/// `r` (or `√r`) for `r > 0`, as `"d.dddddddddddddddde±x"` with
/// [`DIGITS`] significant digits, rounded half up.
fn decimal(r: &Rational, sqrt: bool) -> String {
    let negative = r.is_negative();
    let r = r.abs();
    // log10 of the value, estimated from the bit lengths (off by at most 1).
    let bits = r.numer().bits() as f64 - r.denom().bits() as f64;
    let log10 = bits * std::f64::consts::LOG10_2 / if sqrt { 2.0 } else { 1.0 };
    let mut exp = log10.floor() as i64;
    loop {
        // m = round(value · 10^(DIGITS − 1 − exp)), computed exactly.
        let p = i64::from(DIGITS) - 1 - exp;
        let m = scaled_integer(&r, p, sqrt);
        let low = pow10(u64::from(DIGITS) - 1);
        let high = pow10(u64::from(DIGITS));
        if m < low {
            exp -= 1;
        } else if m >= high {
            exp += 1;
        } else {
            let digits = m.to_string();
            let sign = if negative { "-" } else { "" };
            return format!("{sign}{}.{}e{exp}", &digits[..1], &digits[1..]);
        }
    }
}

/// `round(value · 10^p)` with `value = r` or `√r`, half up, exactly.
fn scaled_integer(r: &Rational, p: i64, sqrt: bool) -> BigInt {
    // x = r · 10^p (or r · 10^(2p) under the root), times 4 (or 2 outside
    // the root) to keep one more binary digit for the rounding.
    let e = if sqrt { 2 * p } else { p };
    let (mut n, mut d) = (r.numer().clone(), r.denom().clone());
    if e >= 0 {
        n *= pow10(e as u64);
    } else {
        d *= pow10(e.unsigned_abs());
    }
    let twice = if sqrt {
        // floor(√(4x)) = floor(2√x)
        (n * BigInt::from(4u32) / d).sqrt()
    } else {
        n * BigInt::from(2u32) / d
    };
    (twice + BigInt::one()) >> 1usize
}

#[cfg(test)]
mod tests {
    use super::*;
    use gjk_case::parse_decimal_or_ratio;

    fn q(s: &str) -> Rational {
        parse_decimal_or_ratio(s).unwrap()
    }

    #[test]
    fn in_range_values_are_the_doubles_they_were() {
        for s in ["2", "1/3", "1e300", "1e-300", "123456789/7", "0"] {
            let r = q(s);
            assert_eq!(approx_json(&r), json!(Scalar::to_f64(&r)), "{s}");
            assert_eq!(
                sqrt_approx_json(&r),
                json!(Scalar::to_f64(&r).sqrt()),
                "{s}"
            );
        }
    }

    #[test]
    fn square_roots_of_values_past_f64_are_numbers_while_they_fit() {
        assert_eq!(sqrt_approx_json(&q("1e400")), json!(1e200));
        assert_eq!(sqrt_approx_json(&q("4e-400")), json!(2e-200));
    }

    #[test]
    fn values_past_f64_are_decimal_strings_read_back_by_the_format() {
        assert_eq!(approx_json(&q("1e400")), json!("1.0000000000000000e400"));
        let third = -q("1/3") * q("1e-400");
        assert_eq!(approx_json(&third), json!("-3.3333333333333333e-401"));
        assert_eq!(
            sqrt_approx_json(&(q("1e4096") * q("1e4096"))),
            json!("1.0000000000000000e4096")
        );
        assert_eq!(
            sqrt_approx_json(&q("2e1000")),
            json!("1.4142135623730950e500")
        );
        // Rounded half up: 2/3 · 10^-400.
        let two_thirds = q("2/3") * q("1e-400");
        assert_eq!(approx_json(&two_thirds), json!("6.6666666666666667e-401"));
        assert_eq!(
            sqrt_approx_json(&q("1e2000")),
            json!("1.0000000000000000e1000")
        );
        // Two roundings (r at its scale, then the root): within an ulp.
        let x = sqrt_approx_json(&q("1e600")).as_f64().unwrap();
        assert!((x - 1e300).abs() <= 1e300 * f64::EPSILON, "{x}");
        // Subnormal doubles carry fewer digits: the string instead.
        assert_eq!(approx_json(&q("1e-310")), json!("1.0000000000000000e-310"));
        for v in [
            approx_json(&q("-7e4000")),
            sqrt_approx_json(&(q("3e-4000") * q("1e-1000"))),
        ] {
            let s = v.as_str().unwrap();
            assert!(parse_decimal_or_ratio(s).is_ok(), "{s}");
        }
        assert_eq!(float_json(f64::INFINITY), json!(OVERFLOW));
        assert_eq!(float_json(1.5), json!(1.5));
    }
}
