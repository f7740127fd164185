//! The rounding model of `f64` and the error bound of one dot product:
//! the two facts every rigorous float test of the crate rests on (the
//! certified mode's separating axis, [`crate::certified::axis`]; the
//! exact mode's filtered support passes, [`crate::filtered`]).
//!
//! # The rounding model (IEEE 754 binary64, round to nearest)
//!
//! Write `u = 2⁻⁵³` ([`UNIT_ROUNDOFF`]) and `η = 2⁻¹⁰⁷⁴` ([`SMALLEST_SUBNORMAL`]).
//! For floats `x`, `y` and `op ∈ {+, −, ×}` whose rounded result `fl(x op y)`
//! is finite,
//!
//! ```text
//! fl(x op y) = (x op y)(1 + δ) + ε,     |δ| ≤ u,  |ε| ≤ η/2
//! ```
//!
//! (Higham, *Accuracy and Stability of Numerical Algorithms*, 2nd ed., §2.1,
//! eq. (2.8), the model with gradual underflow: `ε` is the absolute error of
//! a result in the subnormal range, at most half the subnormal spacing `η`).
//! A result past the largest float rounds to `±∞`, which every caller
//! checks for (its test is then inconclusive): so the model holds for every
//! operation whose result is used.
//!
//! # The error of one dot product (`n = N` terms)
//!
//! `dot_terms` computes `e = fl(d·x)` by recursive summation of the
//! rounded products `pᵢ = fl(dᵢ xᵢ)`, and `s = fl(Σ |pᵢ|)` along with it.
//! Higham's Lemma 3.1 and eq. (3.5) (§3.1) give, without underflow,
//! `|e − d·x| ≤ γₙ S` with `S = Σ |dᵢ xᵢ|` and `γₖ = k u / (1 − k u)`. The
//! `ε` terms add at most one `η/2` for each of the `n` products and `n − 1`
//! additions, each carried through at most `n − 1` later factors `(1 + δ)`:
//! `(2n − 1)(1 + u)ⁿ⁻¹ η/2 ≤ n η` (for `n < 2²⁵`). So
//!
//! ```text
//! (1)  |e − d·x| ≤ γₙ S + n η.
//! ```
//!
//! `S` is not known, but `s` is: `|pᵢ| = fl(|dᵢ| |xᵢ|)` (rounding to nearest is
//! symmetric), so `s` is the same computation run on `|d|` and `|x|`, and (1)
//! applies to it: `S ≤ s + γₙ S + n η`, i.e. `S ≤ (s + n η)/(1 − γₙ)`. With
//! `γₙ/(1 − γₙ) = n u/(1 − 2n u) ≤ γ₂ₙ` and `1/(1 − γₙ) ≤ 2`,
//!
//! ```text
//! (2)  |e − d·x| ≤ γ₂ₙ s + 2n η          ([`DotBound::rigorous`]).
//! ```
//!

use crate::vector::Vector;

/// The unit roundoff of `f64`, `u = 2⁻⁵³`: the relative error of one
/// correctly rounded operation whose result is a normal number.
pub const UNIT_ROUNDOFF: f64 = f64::EPSILON / 2.0;

/// The smallest positive `f64`, `η = 2⁻¹⁰⁷⁴` (a subnormal): the spacing of
/// floats in the subnormal range, so a result that underflows is off by at
/// most `η/2`. Products of coordinates near `2⁻⁵⁴⁰` already underflow
/// (their relative error is then unbounded), which is why every bound here
/// has an absolute term in units of `η`.
pub const SMALLEST_SUBNORMAL: f64 = 5e-324;

/// `next_up(fl(y))`: at or above `y` for the exact `y` that `x` rounds
/// (see the module docs).
pub(crate) fn up(x: f64) -> f64 {
    x.next_up()
}

/// `next_down(fl(y))`: at or below `y`.
pub(crate) fn down(x: f64) -> f64 {
    x.next_down()
}

/// An upper bound (a float) of Higham's `γₖ = k u / (1 − k u)`, for
/// `k u < 1/2`. `k u` and `1 − k u` are exact in `f64` (`k < 2⁵²`); only the
/// division rounds, and `up` (next_up of the rounded result) covers it.
pub fn gamma(k: usize) -> f64 {
    let ku = k as f64 * UNIT_ROUNDOFF;
    up(ku / (1.0 - ku))
}

/// The error bound of a computed dot product `e` of `n` terms, in the form
/// `|e − d·x| ≤ rel · s + abs` with `s` the computed sum of the absolute
/// values of the rounded products (module docs, eq. (2)).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DotBound {
    /// The factor of `s`: `γ₂ₙ`.
    pub rel: f64,
    /// The absolute term: `2n η` (underflow).
    pub abs: f64,
}

impl DotBound {
    /// The bound proved in the module docs for `n`-term dot products:
    /// `rel = γ₂ₙ`, `abs = 2n η`.
    pub fn rigorous(n: usize) -> Self {
        DotBound {
            rel: gamma(2 * n),
            // 2n·2⁻¹⁰⁷⁴ is an exact multiple of the subnormal spacing.
            abs: (2 * n) as f64 * SMALLEST_SUBNORMAL,
        }
    }
}

/// `(e, s)` for one point: `e = fl(d·x)` by recursive summation, and
/// `s = fl(Σ |fl(dᵢ xᵢ)|)` (the same rounded products).
pub(crate) fn dot_terms<const N: usize>(d: &Vector<f64, N>, x: &Vector<f64, N>) -> (f64, f64) {
    let mut e = 0.0;
    let mut s = 0.0;
    for i in 0..N {
        let p = d[i] * x[i];
        e += p;
        s += p.abs();
    }
    (e, s)
}
