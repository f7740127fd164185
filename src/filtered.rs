//! Filtered exact support passes: `max over a point set of v·p`, exactly,
//! at nearly the cost of the `f64` pass.
//!
//! A [`PointSet`] holds the exact points (rationals, or doubles, which are
//! dyadic rationals) and their `f64` *shadows* (the doubles themselves, or
//! each rational rounded to nearest). [`PointSet::max_dot`] dots every
//! shadow with the shadow of the rational direction in `f64`, with a
//! rigorous bound on the error of each dot product (below); the points whose
//! interval can still reach the largest lower bound are the only
//! candidates for the maximum, and only they are dotted exactly. When the
//! bound cannot be used (a shadow that is not a normal number, or an
//! overflow), every point is dotted exactly: the answer never depends on
//! rounding.
//!
//! # The bound ([`filter_bound`])
//!
//! Write `u = 2⁻⁵³` and `η = 2⁻¹⁰⁷⁴` (as in [`crate::rounding`],
//! whose rounding model and eq. (2) this extends). Let `v`, `p` be the exact
//! direction and point (`n = N` coordinates), `ṽ`, `p̃` their shadows, and
//! `e = fl(ṽ·p̃)`, `s = fl(Σ |fl(ṽᵢ p̃ᵢ)|)` computed by recursive summation.
//!
//! 1. **The shadows.** A shadow is used only when every coordinate is `0`
//!    for an exact `0`, or a finite normal double (`|x̃| ≥ 2⁻¹⁰²²`). Then
//!    `x̃ = x(1 + δ)` with `|δ| ≤ α`, where `α = 0` for a double's own
//!    shadow and `α = 2u` for a rounded rational (num-rational rounds to
//!    nearest, `|δ| ≤ u`; the factor 2 is a margin for a conversion one
//!    unit off, so that the bound does not rest on that library's last
//!    bit). So `ṽᵢp̃ᵢ = vᵢpᵢ(1 + δ)(1 + δ')` and
//!    `|ṽ·p̃ − v·p| ≤ β Σ|ṽᵢp̃ᵢ|` with
//!    `β = (2α + α²)/(1 − α)² ≤ 4.01 u`.
//! 2. **The float dot product.** By [`crate::rounding`] eq. (2),
//!    `|e − ṽ·p̃| ≤ γ₂ₙ s + 2n η`, and (its eq. (1) applied to `s`)
//!    `Σ|ṽᵢp̃ᵢ| ≤ (s + n η)/(1 − γₙ) ≤ (1 + 2γₙ)(s + n η)`.
//! 3. **Together:** `|e − v·p| ≤ (γ₂ₙ + 4.01u(1 + 2γₙ)) s + (2n + 4.02 u n) η
//!    ≤ γ₂ₙ₊₆ s + 3n η`, since `γ_a + γ_b ≤ γ_{a+b}` and
//!    `γ₆ ≥ 6u > 4.01u(1 + 2γₙ)` for `n ≤ 2²⁰`. That is
//!    [`FILTER_REL_TERMS`]` = 6` extra terms in `γ`, and [`FILTER_ABS_UNITS`]
//!    ` = 3` units of `n η`.
//!
//! **Rounding the interval without directed rounding.** With `R = γ₂ₙ₊₆ s +
//! 3nη` the bound above, the interval is computed in round-to-nearest as
//! `r = fl(fl(2γ₂ₙ₊₆ · s) + 6nη)` and `[fl(e − r), fl(e + r)]`: twice the
//! bound, so that no `next_up` is needed per point. It holds `v·p`:
//! `r ≥ 2R(1 − u)² − η/2` (one product, which may underflow, one sum), and
//! `fl(e + r) ≥ e + r − u(|e| + r)`, so `fl(e + r) ≥ e + R` as soon as
//! `R(1 − 6u) ≥ η/2 + u|e|`; that holds because `|e| ≤ s` (both sum the
//! same rounded products in the same order, and rounding to nearest is
//! monotone and odd) while `R ≥ 8u s + 3nη` (`γ₂ₙ₊₆ ≥ (2n + 6)u`,
//! `n ≥ 1`). The same for `fl(e − r) ≤ e − R`.
//! Every exact maximiser `i*` then has `hi(i*) ≥ v·p_{i*} ≥ v·p_k ≥ lo(k)`
//! for every `k`: it is among the candidates `{i : hi(i) ≥ max_k lo(k)}`.
//!
//! The candidates are dotted exactly; ties go to the lowest index, as in
//! [`crate::shape::ConvexHull`]'s support map.

use std::cmp::Ordering;

use num_bigint::BigInt;
use num_traits::{One, Zero};

use crate::error::{Error, Which};
use crate::interval::Interval;
use crate::lowest_terms;
use crate::rounding::{dot_terms, down, gamma, up, SMALLEST_SUBNORMAL};
use crate::scalar::{dyadic_parts, rational_from_f64, Rational, Scalar};
use crate::vector::Vector;

/// The bound's relative term is `γ₂ₙ₊₆`: `6` terms more than the float dot
/// product's own `γ₂ₙ`, for the rounding of the inputs to their shadows
/// (module docs, step 3).
pub const FILTER_REL_TERMS: usize = 6;

/// The bound's absolute term is `3 n η`: underflow in the `n` products and
/// sums (module docs, step 3).
pub const FILTER_ABS_UNITS: usize = 3;

/// `(rel, abs)` of the filter's bound `|e − v·p| ≤ rel · s + abs` for
/// `n`-term dot products (module docs).
pub fn filter_bound(n: usize) -> (f64, f64) {
    (
        gamma(2 * n + FILTER_REL_TERMS),
        (FILTER_ABS_UNITS * n) as f64 * SMALLEST_SUBNORMAL,
    )
}

/// `2⁻⁵¹ = 4u`: the relative radius of a rational's enclosure around its
/// shadow ([`PointSet::enclosure`]).
const TWO_POW_MINUS_51: f64 = 1.0 / 2_251_799_813_685_248.0;

/// A finite point set with exact values and `f64` shadows (module docs).
#[derive(Clone, Debug, PartialEq)]
pub struct PointSet<const N: usize> {
    shadow: Vec<Vector<f64, N>>,
    /// `None`: the shadows are the exact points (doubles).
    exact: Option<Vec<Vector<Rational, N>>>,
    /// Every shadow coordinate is usable (module docs, step 1).
    filtered: bool,
}

/// The largest `v·p` over a point set, exactly, and the first point
/// attaining it.
#[derive(Clone, Debug, PartialEq)]
pub struct Extreme {
    /// `max_p v·p`.
    pub value: Rational,
    /// The lowest index attaining it.
    pub index: usize,
    /// How many points were dotted exactly (all of them when the filter
    /// could not be used).
    pub exact_dots: usize,
}

/// `true` when the shadow `x̃` of `x` may be used by the filter: `x̃ = 0`
/// exactly when `x = 0`, otherwise finite and normal.
fn usable(x_is_zero: bool, shadow: f64) -> bool {
    if x_is_zero {
        shadow == 0.0
    } else {
        shadow.is_finite() && shadow.abs() >= f64::MIN_POSITIVE
    }
}

/// The `f64` shadow of a rational direction, if every coordinate is usable.
fn direction_shadow<const N: usize>(v: &Vector<Rational, N>) -> Option<Vector<f64, N>> {
    let s = Vector::<f64, N>::from_fn(|i, _| v[i].to_f64());
    (0..N).all(|i| usable(v[i].is_zero(), s[i])).then_some(s)
}

impl<const N: usize> PointSet<N> {
    /// The points of `points` (doubles: exact as they are). Errors: an
    /// empty set, a NaN or infinite coordinate.
    pub fn from_f64(points: Vec<Vector<f64, N>>) -> Result<Self, Error> {
        check_points(&points)?;
        Ok(PointSet {
            shadow: points,
            exact: None,
            filtered: true,
        })
    }

    /// The points of `points` (exact rationals). Errors: an empty set.
    pub fn from_rational(points: Vec<Vector<Rational, N>>) -> Result<Self, Error> {
        if points.is_empty() {
            return Err(Error::EmptyPointSet {
                which: Which::Shape,
            });
        }
        let shadow: Vec<Vector<f64, N>> = points
            .iter()
            .map(|p| Vector::<f64, N>::from_fn(|i, _| p[i].to_f64()))
            .collect();
        let filtered = points
            .iter()
            .zip(&shadow)
            .all(|(p, s)| (0..N).all(|i| usable(p[i].is_zero(), s[i])));
        Ok(PointSet {
            shadow,
            exact: Some(points),
            filtered,
        })
    }

    /// The number of points.
    pub fn len(&self) -> usize {
        self.shadow.len()
    }

    /// `false`: the constructors refuse empty sets.
    pub fn is_empty(&self) -> bool {
        self.shadow.is_empty()
    }

    /// The `f64` shadows (the points themselves for doubles).
    pub fn shadows(&self) -> &[Vector<f64, N>] {
        &self.shadow
    }

    /// `true` when the points were given as doubles (the shadows are exact).
    pub fn is_dyadic(&self) -> bool {
        self.exact.is_none()
    }

    /// The exact point `i` (`None` past the end).
    pub fn point(&self, i: usize) -> Option<Vector<Rational, N>> {
        match &self.exact {
            Some(e) => e.get(i).cloned(),
            None => self.shadow.get(i).map(|p| {
                // Finite by construction: every double is a rational.
                Vector::<Rational, N>::from_fn(|k, _| {
                    rational_from_f64(p[k]).unwrap_or_else(Rational::zero)
                })
            }),
        }
    }

    /// Point `i` enclosed in intervals: a double as itself, a rational `x`
    /// around its shadow `x̃` by `r = up(2⁻⁵¹|x̃|)`, since by step 1 of the
    /// module docs `|x − x̃| ≤ 2u|x| ≤ 2u|x̃|/(1 − 2u) ≤ 4u|x̃| = 2⁻⁵¹|x̃|`.
    /// `None` past the end, or when a shadow is not usable.
    pub(crate) fn enclosure(&self, i: usize) -> Option<[Interval; N]> {
        let p = self.shadow.get(i).filter(|_| self.filtered)?;
        let dyadic = self.is_dyadic();
        let mut out = [Interval::ZERO; N];
        for (o, &x) in out.iter_mut().zip(p.iter()) {
            *o = if dyadic || x == 0.0 {
                Interval::checked(x, x)?
            } else {
                let r = up(x.abs() * TWO_POW_MINUS_51);
                Interval::checked(down(x - r), up(x + r))?
            };
        }
        Some(out)
    }

    /// `max_p v·p` over the set, exactly, with the first point attaining it
    /// (module docs). Every point is dotted exactly when the filter cannot
    /// be used.
    pub fn max_dot(&self, v: &Vector<Rational, N>) -> Extreme {
        if v.iter().all(Zero::is_zero) {
            // Every point attains 0: the first one.
            return Extreme {
                value: Rational::zero(),
                index: 0,
                exact_dots: 0,
            };
        }
        let candidates = if self.filtered {
            direction_shadow(v).and_then(|vs| self.candidates(&vs))
        } else {
            None
        };
        let indices: Box<dyn Iterator<Item = usize>> = match candidates {
            Some(c) => Box::new(c.into_iter()),
            None => Box::new(0..self.len()),
        };
        let mut exact_dots = 0;
        // The constructors refuse empty sets, so there is a best point.
        let (value, index) = match &self.exact {
            None => {
                // Doubles: integer dots over one common denominator.
                let (num, den) = common_denominator(v);
                let mut best: Option<((BigInt, i32), usize)> = None;
                for i in indices {
                    let d = dyadic_dot(&self.shadow[i], &num);
                    exact_dots += 1;
                    if best
                        .as_ref()
                        .is_none_or(|(b, _)| cmp_dyadic(&d, b) == Ordering::Greater)
                    {
                        best = Some((d, i));
                    }
                }
                best.map_or_else(
                    || (Rational::zero(), 0),
                    |((m, e), i)| (dyadic_over(m, e, den), i),
                )
            }
            Some(exact) => {
                let mut best: Option<(Rational, usize)> = None;
                for i in indices {
                    let d = dot_q(&exact[i], v);
                    exact_dots += 1;
                    if best.as_ref().is_none_or(|(b, _)| d > *b) {
                        best = Some((d, i));
                    }
                }
                best.unwrap_or_else(|| (Rational::zero(), 0))
            }
        };
        Extreme {
            value,
            index,
            exact_dots,
        }
    }

    /// `min_p v·p` (as `max_p (−v)·p`, negated), with the first point
    /// attaining it.
    pub fn min_dot(&self, v: &Vector<Rational, N>) -> Extreme {
        let neg = -v.clone();
        let e = self.max_dot(&neg);
        Extreme {
            value: -e.value,
            ..e
        }
    }

    /// An enclosure `[lo, hi]` of `max_p v·p` from the shadows alone (module
    /// docs, step 3), or `None` where the filter cannot be used. A search
    /// uses it to drop a direction without an exact pass; only the exact
    /// [`PointSet::max_dot`] proves anything.
    pub fn max_dot_enclosure(&self, v: &Vector<Rational, N>) -> Option<(f64, f64)> {
        if !self.filtered {
            return None;
        }
        let vs = direction_shadow(v)?;
        let bound = doubled_bound::<N>();
        let mut lo = f64::NEG_INFINITY;
        let mut hi = f64::NEG_INFINITY;
        for p in &self.shadow {
            let (l, h) = enclosure(&vs, p, bound)?;
            lo = lo.max(l);
            hi = hi.max(h);
        }
        Some((lo, hi))
    }

    /// The indices, ascending, that can attain the maximum of `v·p` (module
    /// docs); `None` on overflow.
    fn candidates(&self, vs: &Vector<f64, N>) -> Option<Vec<usize>> {
        let bound = doubled_bound::<N>();
        let mut floor = f64::NEG_INFINITY;
        // (index, upper end) of every point whose interval reaches `floor`.
        let mut kept: Vec<(usize, f64)> = Vec::new();
        for (i, p) in self.shadow.iter().enumerate() {
            let (lo, hi) = enclosure(vs, p, bound)?;
            if hi < floor {
                continue;
            }
            if lo > floor {
                floor = lo;
                if kept.len() > 32 {
                    kept.retain(|&(_, h)| h >= floor);
                }
            }
            kept.push((i, hi));
        }
        Some(
            kept.into_iter()
                .filter(|&(_, h)| h >= floor)
                .map(|(i, _)| i)
                .collect(),
        )
    }
}

/// Twice [`filter_bound`]`(N)`: the constants of [`enclosure`].
fn doubled_bound<const N: usize>() -> (f64, f64) {
    let (rel, abs) = filter_bound(N);
    (2.0 * rel, 2.0 * abs)
}

/// `[lo, hi]` holding the exact `v·p` for the shadows `vs` and `p` of a
/// direction and a point, with `(rel, abs)` twice [`filter_bound`]`(N)`
/// (module docs, "Rounding the interval"); `None` on overflow.
fn enclosure<const N: usize>(
    vs: &Vector<f64, N>,
    p: &Vector<f64, N>,
    (rel, abs): (f64, f64),
) -> Option<(f64, f64)> {
    let (e, s) = dot_terms(vs, p);
    if !(e.is_finite() && s.is_finite()) {
        return None;
    }
    let r = rel * s + abs;
    Some((e - r, e + r))
}

/// `v` over one common denominator: `(V, L)` with `v = V / L`, `L > 0`.
pub(crate) fn common_denominator<const N: usize>(v: &Vector<Rational, N>) -> ([BigInt; N], BigInt) {
    // Powers of two (directions and points from doubles): the largest is
    // the lcm, and the scaling a shift.
    let mut e = [0u64; N];
    let twos = (0..N).all(
        |k| match lowest_terms::power_of_two(v[k].denom().magnitude()) {
            Some(x) => {
                e[k] = x;
                true
            }
            None => false,
        },
    );
    if twos {
        let top = e.iter().copied().max().unwrap_or(0);
        let num = std::array::from_fn(|k| v[k].numer() << (top - e[k]));
        return (num, BigInt::one() << top);
    }
    let den = v
        .iter()
        .fold(BigInt::one(), |l, x| lowest_terms::lcm(&l, x.denom()));
    let num = std::array::from_fn(|k| v[k].numer() * (&den / v[k].denom()));
    (num, den)
}

/// `p · V` for a point of doubles and an integer vector, exactly, as
/// `(S, e)` with value `S · 2^e` (each double is `m · 2^e`,
/// [`dyadic_parts`]).
fn dyadic_dot<const N: usize>(p: &Vector<f64, N>, num: &[BigInt; N]) -> (BigInt, i32) {
    let parts: [(i64, i32); N] = std::array::from_fn(|k| {
        dyadic_parts(p[k])
            .filter(|_| !num[k].is_zero())
            .unwrap_or((0, 0))
    });
    let Some(emin) = parts.iter().filter(|(m, _)| *m != 0).map(|&(_, e)| e).min() else {
        return (BigInt::zero(), 0);
    };
    let mut sum = BigInt::zero();
    for (k, &(m, e)) in parts.iter().enumerate() {
        if m != 0 {
            sum += (&num[k] * m) << (e - emin).unsigned_abs();
        }
    }
    (sum, emin)
}

/// The order of two values `S · 2^e`.
fn cmp_dyadic(x: &(BigInt, i32), y: &(BigInt, i32)) -> Ordering {
    let e = x.1.min(y.1);
    let sx = &x.0 << (x.1 - e).unsigned_abs();
    let sy = &y.0 << (y.1 - e).unsigned_abs();
    sx.cmp(&sy)
}

/// `S · 2^e / L` in lowest terms (`L > 0`).
fn dyadic_over(s: BigInt, e: i32, den: BigInt) -> Rational {
    if e >= 0 {
        lowest_terms::new(s << e.unsigned_abs(), den)
    } else {
        lowest_terms::new(s, den << e.unsigned_abs())
    }
}

/// Refuses empty sets and non-finite coordinates.
fn check_points<const N: usize>(points: &[Vector<f64, N>]) -> Result<(), Error> {
    if points.is_empty() {
        return Err(Error::EmptyPointSet {
            which: Which::Shape,
        });
    }
    if let Some(i) = points.iter().position(|p| p.iter().any(|x| !x.is_finite())) {
        return Err(Error::NonFinite {
            which: Which::Shape,
            what: format!("point {i}"),
        });
    }
    Ok(())
}

/// `u · v` over rationals, skipping zero terms.
///
/// Over integers: `u = U / L_u` and `v = V / L_v` with common denominators,
/// so `u · v = (U · V) / (L_u L_v)`, reduced once (the sum of reduced
/// products would take a gcd per term).
pub(crate) fn dot_q<const N: usize>(u: &Vector<Rational, N>, v: &Vector<Rational, N>) -> Rational {
    let (un, ud) = common_denominator(u);
    let (vn, vd) = common_denominator(v);
    let mut acc = BigInt::zero();
    for k in 0..N {
        if !un[k].is_zero() && !vn[k].is_zero() {
            acc += &un[k] * &vn[k];
        }
    }
    lowest_terms::new(acc, ud * vd)
}

/// `u · u`, as [`dot_q`] with one common denominator.
pub(crate) fn norm2_q<const N: usize>(u: &Vector<Rational, N>) -> Rational {
    let (un, ud) = common_denominator(u);
    let acc = un.iter().fold(BigInt::zero(), |acc, x| acc + x * x);
    lowest_terms::new(acc, &ud * &ud)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scalar::ratio;

    fn q(n: i64, d: i64) -> Rational {
        ratio(n, d).unwrap()
    }

    /// The filtered maximum against the plain exact scan, on points whose
    /// dot products differ by far less than the rounding of their shadows.
    #[test]
    fn filtered_max_is_the_exact_max() {
        let base = 1u64 << 40;
        let pts: Vec<Vector<Rational, 2>> = (0..50)
            .map(|k| {
                // x = 1 + k·2⁻⁶⁰: all round to the same doubles near 1.
                let x = q((base << 20) as i64 + k, (base << 20) as i64);
                Vector::<Rational, 2>::new(x, q(k % 7, 3))
            })
            .collect();
        let set = PointSet::from_rational(pts.clone()).unwrap();
        for dir in [(1, 0), (1, 1), (-1, 0), (0, 1), (3, -2)] {
            let v = Vector::<Rational, 2>::new(q(dir.0, 1), q(dir.1, 1));
            let e = set.max_dot(&v);
            let mut best = (dot_q(&pts[0], &v), 0);
            for (i, p) in pts.iter().enumerate() {
                let d = dot_q(p, &v);
                if d > best.0 {
                    best = (d, i);
                }
            }
            assert_eq!((e.value.clone(), e.index), best, "direction {dir:?}");
            let m = set.min_dot(&v);
            assert!(pts.iter().all(|p| dot_q(p, &v) >= m.value), "{dir:?}");
        }
    }

    /// Doubles: a direction whose float dot products tie but whose exact
    /// ones do not; the exact maximiser is found, and the filter dotted
    /// fewer points exactly than the set holds.
    #[test]
    fn doubles_ties_broken_exactly() {
        let mut pts: Vec<Vector<f64, 2>> = (0..100)
            .map(|k| Vector::<f64, 2>::new(-(k as f64), 0.5))
            .collect();
        pts.push(Vector::<f64, 2>::new(1.0, 1e-30));
        pts.push(Vector::<f64, 2>::new(1.0, 2e-30));
        let set = PointSet::from_f64(pts).unwrap();
        let v = Vector::<Rational, 2>::new(q(1, 1), q(1, 1));
        let e = set.max_dot(&v);
        assert_eq!(e.index, 101, "{e:?}");
        assert!(e.exact_dots < 10, "{e:?}");
    }

    /// Every enclosure holds its exact coordinate: rationals that no double
    /// equals (thirds, tenths; near the top and the bottom of the normal
    /// range), and doubles, which are their own point intervals. A shadow
    /// below the normal range gives no enclosure.
    #[test]
    fn enclosures_hold_the_exact_points() {
        let tiny = rational_from_f64(4.0 * f64::MIN_POSITIVE).unwrap();
        let huge = rational_from_f64(f64::MAX / 4.0).unwrap();
        let xs = [
            q(1, 3),
            q(-1, 10),
            q(-7, 3),
            q(22, 7),
            &tiny / Rational::from_integer(3.into()),
            &huge / Rational::from_integer(3.into()),
            -&huge / Rational::from_integer(7.into()),
            Rational::zero(),
        ];
        let set = PointSet::from_rational(
            xs.iter()
                .map(|x| Vector::<Rational, 1>::new(x.clone()))
                .collect(),
        )
        .unwrap();
        for (i, x) in xs.iter().enumerate() {
            let [e] = set.enclosure(i).expect("usable shadows");
            let (lo, hi) = (
                rational_from_f64(e.lo).unwrap(),
                rational_from_f64(e.hi).unwrap(),
            );
            assert!(lo <= *x && *x <= hi, "{x} not in [{:e}, {:e}]", e.lo, e.hi);
            assert!(
                x.is_zero() || lo < hi,
                "{x}: a point interval for a rational"
            );
        }
        let doubles = PointSet::from_f64(vec![Vector::<f64, 1>::new(0.1)]).unwrap();
        assert_eq!(
            doubles.enclosure(0).map(|[e]| (e.lo, e.hi)),
            Some((0.1, 0.1))
        );
        assert_eq!(doubles.enclosure(1), None);
        let below = &tiny / Rational::from_integer(1_000_000.into());
        let unusable = PointSet::from_rational(vec![Vector::<Rational, 1>::new(below)]).unwrap();
        assert_eq!(unusable.enclosure(0), None);
    }

    /// A direction that overflows in `f64`: every point is dotted exactly.
    #[test]
    fn overflow_falls_back_to_exact() {
        let pts = vec![
            Vector::<f64, 2>::new(1e300, 1.0),
            Vector::<f64, 2>::new(1e300, 2.0),
        ];
        let set = PointSet::from_f64(pts).unwrap();
        let big = rational_from_f64(1e300).unwrap();
        let v = Vector::<Rational, 2>::new(big, q(1, 1));
        let e = set.max_dot(&v);
        assert_eq!((e.index, e.exact_dots), (1, 2), "{e:?}");
    }
}
