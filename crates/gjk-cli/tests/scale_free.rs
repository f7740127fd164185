//! Exact mode is scale-free (issue 23, item 1): the exact answers of a case
//! equal those of the same case scaled by a power of two `2^k`, for every
//! `k` the case format can carry — JSON numbers from `2^-1074` to `2^1023`,
//! and decimal strings up to `1e4096` — with the squared distance and depth
//! scaled by `4^k`. A float guard inside the exact distance loop once
//! refused separated shapes above about `1.3e154`.
//!
//! `PROPTEST_CASES` raises the number of pairs (default 12 and 4: a few
//! seconds).

use gjk::scalar::Rational;
use gjk_cli::budget::{Budget, Meter};
use gjk_cli::check::{exact_answers, ExactAnswers};
use gjk_cli::cli::ScalarArg;
use gjk_gen::{strategy, Family, Pair};
use num_bigint::BigInt;
use proptest::prelude::*;
use proptest::test_runner::Config;
use serde_json::{json, Value};

const MAX_ITERATIONS: usize = 1000;

/// `2^k` exactly.
fn pow2(k: i32) -> Rational {
    let p = BigInt::from(1) << k.unsigned_abs() as usize;
    if k >= 0 {
        Rational::from_integer(p)
    } else {
        Rational::new(1.into(), p)
    }
}

/// `10^j` exactly.
fn pow10(j: i32) -> Rational {
    let p = num_traits::pow(BigInt::from(10), j.unsigned_abs() as usize);
    if j >= 0 {
        Rational::from_integer(p)
    } else {
        Rational::new(1.into(), p)
    }
}

/// A case line whose coordinates are `coord(m)` for the pair's mantissas.
fn line(pair: &Pair, coord: &dyn Fn(i64) -> Value) -> String {
    let shape = |s: &[Vec<i64>]| -> Value {
        Value::Array(
            s.iter()
                .map(|p| Value::Array(p.iter().map(|&m| coord(m)).collect()))
                .collect(),
        )
    };
    json!({"id": "c", "a": shape(&pair.a), "b": shape(&pair.b)}).to_string()
}

/// The exact answers of a case line, and `gjk query`'s outcome. (Not its
/// iteration count: a 3D penetrating pair at `2^-1074` took one support
/// point more than at scale 1, the answers being the same.)
fn answers(line: &str, with_query: bool) -> (ExactAnswers, Value) {
    let case = gjk_case::parse_packed_line(line, 1)
        .unwrap_or_else(|e| panic!("{line}: {e}"))
        .unwrap_or_else(|| panic!("{line}: no case"));
    let meter = Meter::new(Budget::NONE);
    let exact =
        exact_answers(&case, MAX_ITERATIONS, &meter).unwrap_or_else(|e| panic!("{line}: {e}"));
    if !with_query {
        return (exact, Value::Null);
    }
    let q = gjk_cli::query::answer(&case, ScalarArg::Exact, MAX_ITERATIONS, Budget::NONE)
        .unwrap_or_else(|e| panic!("{line}: {e}"));
    (exact, q["outcome"].clone())
}

/// The answers of `scaled` are those of `base` with every length times
/// `s` (squared quantities times `s²`).
/// (`with_query`: `gjk query`'s outcome too, which runs the case again.)
fn assert_scaled(
    base: &str,
    scaled: &str,
    s: &Rational,
    with_query: bool,
) -> Result<(), TestCaseError> {
    let (x, outcome) = answers(base, with_query);
    let (y, outcome_s) = answers(scaled, with_query);
    let s2 = s * s;
    let context = || format!("\n  base:   {base}\n  scaled: {scaled}");
    prop_assert_eq!(x.intersects, y.intersects, "intersects{}", context());
    prop_assert_eq!(x.touching, y.touching, "touching{}", context());
    prop_assert_eq!(
        &x.distance_squared * &s2,
        y.distance_squared,
        "distance²{}",
        context()
    );
    let depth2 = x.penetration_depth_squared.map(|d| d * &s2);
    prop_assert_eq!(depth2, y.penetration_depth_squared, "depth²{}", context());
    prop_assert_eq!(outcome, outcome_s, "outcome{}", context());
    Ok(())
}

/// The largest `|m|` of the pair, in bits.
fn mantissa_bits(pair: &Pair) -> i32 {
    let m = pair
        .a
        .iter()
        .chain(&pair.b)
        .flatten()
        .map(|m| m.unsigned_abs())
        .max()
        .unwrap_or(0);
    (64 - m.leading_zeros()) as i32
}

/// `PROPTEST_CASES` pairs, else `default`.
fn cases(default: u32) -> Config {
    Config::with_cases(
        std::env::var("PROPTEST_CASES")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(default),
    )
}

fn config() -> Config {
    cases(12)
}

fn config_huge() -> Config {
    cases(4)
}

proptest! {
    #![proptest_config(config())]

    /// JSON numbers `m · 2^k`, `k` from -1074 to 1023 (every one a double).
    #[test]
    fn exact_answers_are_those_of_the_case_scaled_by_a_power_of_two(
        pair in strategy::pairs(&Family::ALL, 1..=3),
        k in prop_oneof![Just(-1074), Just(1023), -1074..=1023i32],
    ) {
        // Every m · 2^k a finite double: below 2^1024.
        let k = k.min(1024 - mantissa_bits(&pair));
        let base = line(&pair, &|m| json!(m));
        let scale = 2f64.powi(k / 2) * 2f64.powi(k - k / 2);
        let scaled = line(&pair, &|m| json!(m as f64 * scale));
        assert_scaled(&base, &scaled, &pow2(k), true)?;
    }

}

proptest! {
    // Exact EPA on 4000-digit coordinates takes seconds per 2D pair in a
    // debug build (over 20 s in 3D): fewer pairs, 1D and 2D.
    #![proptest_config(config_huge())]

    /// Decimal strings `m e j` up to `1e4096`, against the same case times
    /// `2^k` written as `"p/q"`.
    #[test]
    fn huge_and_tiny_decimal_strings_scale_like_small_ones(
        pair in strategy::pairs(&Family::ALL, 1..=2),
        j in prop_oneof![1 => Just(4090), 1 => Just(-4096), 2 => -4096..=4090i32],
        k in -1074..=1023i32,
    ) {
        // 1D up to 1e4096; 2D (exact EPA on 4000-digit rationals: seconds
        // per pair) up to 1e300.
        let j = if pair.params.dim == 1 { j } else { j.clamp(-300, 300) };
        let base = line(&pair, &|m| json!(format!("{m}e{j}")));
        let factor = pow10(j) * pow2(k);
        let scaled = line(&pair, &|m| {
            json!(gjk_case::rational_to_json_string(&(Rational::from_integer(m.into()) * &factor)))
        });
        assert_scaled(&base, &scaled, &pow2(k), false)?;
        // And the small case itself, scaled by 10^j.
        assert_scaled(&line(&pair, &|m| json!(m)), &base, &pow10(j), false)?;
    }
}

/// The pair of issue 23: separated squares at `1e200` (and past `f64`, at
/// `1e4000`) get their exact distance; `distance` prints as a number while
/// it is a double and as a decimal string past that.
#[test]
fn separated_shapes_past_f64_get_their_exact_distance() {
    for (e, distance) in [
        (200, json!(1e200)),
        (4000, json!("1.0000000000000000e4000")),
    ] {
        let l = format!(
            r#"{{"id":"sep","a":[["1e{e}","0"],["2e{e}","0"]],"b":[["3e{e}","0"],["4e{e}","1e{e}"]]}}"#
        );
        let case = gjk_case::parse_packed_line(&l, 1).unwrap().unwrap();
        let q = gjk_cli::query::answer(&case, ScalarArg::Exact, MAX_ITERATIONS, Budget::NONE)
            .unwrap_or_else(|e| panic!("{l}: {e}"));
        assert_eq!(q["outcome"], "separated", "{l}: {q}");
        assert_eq!(q["distance"], distance, "{l}: {q}");
        let d2 = gjk_case::parse_decimal_or_ratio(q["distance_squared"].as_str().unwrap());
        assert_eq!(d2.unwrap(), pow10(2 * e), "{l}: {q}");
    }
}
