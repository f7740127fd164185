//! Float mode: a gap that the distance loop's axis cannot prove, proved
//! along the exact closest point of the same support points.
//!
//! # Why the loop's axis can fail
//!
//! The loop's closest point `v` carries an absolute rounding error `δ` of
//! the order of `u · scale` (Johnson's weights cancel), so its axis `−v`
//! tilts by about `|δ| / |v|`. A support point at distance `R` across that
//! tilt then eats `R |δ| / |v|` of the gap the axis proves, so the axis
//! proves nothing once `|v|² ≲ u · scale · R`: for `R ≈ scale` a zone of
//! gaps up to `√u · scale`, much wider than the touching band
//! `τ = TOUCH_BAND_FACTOR · u · scale` (`f32`: `2.4·10⁻⁴` against
//! `1.2·10⁻⁴` times the scale; `f64`: `1.05·10⁻⁸` against `2.3·10⁻¹³`).
//! A vertex whose barycentric weight in the closest point is below `u`
//! is lost the same way: the float loop drops it, and the closest point
//! it keeps is off by that vertex's share.
//!
//! # The remedy: the exact closest point, rounded into `T`
//!
//! The support points' coordinates are exact (`aᵢ − bᵢ` in rationals).
//! Their exact closest point `v*` (Johnson's sub-algorithm over
//! rationals) has no such error: rounded into `T` (to within about an ulp
//! per coordinate) it tilts by a few `u` only, and the gap that `−v*` proves
//! is `|v*|` up to a few `u · scale`. So, starting from the loop's final
//! simplex:
//!
//! 1. `v*` ← the exact closest point of the points kept so far; if it is
//!    the origin, stop: nothing to prove;
//! 2. `n` ← `−v*` rounded into `T` (scaled by a power of two first);
//!    `w` ← the support point of `A − B` along `n` (one support call);
//! 3. if `−w·n / |n| > τ`, decided exactly (`w = aᵢ − bᵢ` and `n` in
//!    rationals), `n` is the axis: **separated**; `τ` counts the scale of
//!    `w`'s points too;
//! 4. otherwise keep the face of `v*` and `w`, and go again: this is the
//!    exact distance loop warm-started from the float simplex, with its
//!    support calls in `T`. It stops when `w` is a point it has already
//!    (the exact loop's own stop), and after `N + 2` rounds at most.
//!
//! If no round proves a gap wider than `τ`, the three-way answer stays
//! touching. Step 3 is exact for the support point the shapes return; what
//! it rests on is that point being the maximiser, which a float support
//! search finds up to the rounding of its own dot products, as for every
//! float verdict (outside the band a float verdict is the computation's
//! best answer, not a proof). Rational arithmetic allocates, and runs only
//! here: for a separated answer of the distance loop that its own axis
//! leaves inside the band. Each round's support call is counted in the
//! report's `iterations`, beyond the loop's `max_iterations`.

use crate::distance::closest_point;
use crate::distance::contains::exact_point;
use crate::error::Error;
use crate::scalar::{dyadic_parts, rational_from_f64, Field, Rational, Scalar};
use crate::shape::Support;
use crate::simplex::{support_vertex, Simplex};
use crate::tolerance::{scale2, TOUCH_BAND_FACTOR};
use crate::vector::Vector;

/// An axis that proves a gap wider than the band `τ` (`band2 = τ²`) by the
/// method of the module docs, from the loop's final `simplex`; `None` if
/// no round proves one. Each round's support call is counted in
/// `iterations`.
pub(super) fn exact_axis<T, const N: usize, A, B>(
    a: &A,
    b: &B,
    simplex: &Simplex<T, N>,
    band2: f64,
    iterations: &mut usize,
) -> Result<Option<Vector<T, N>>, Error>
where
    T: Field,
    A: Support<T, N> + ?Sized,
    B: Support<T, N> + ?Sized,
{
    let Some(mut points) = simplex.iter().map(exact_point).collect::<Option<Vec<_>>>() else {
        return Ok(None);
    };
    for _ in 0..N + 2 {
        let Ok(closest) = closest_point(&points) else {
            return Ok(None);
        };
        let Some(n) = direction_in::<T, N>(&-&closest.v) else {
            return Ok(None);
        };
        let w = support_vertex(a, b, &n, *iterations)?;
        *iterations += 1;
        let Some(p) = exact_point(&w) else {
            return Ok(None);
        };
        let k = TOUCH_BAND_FACTOR * T::UNIT_ROUNDOFF;
        let tau2 = band2.max(k * k * scale2([&w.a, &w.b, &w.w].into_iter()));
        if proves_gap(&p, &n, tau2) {
            return Ok(Some(n));
        }
        if points.contains(&p) {
            return Ok(None);
        }
        points = closest.kept.iter().map(|&i| points[i].clone()).collect();
        points.push(p);
    }
    Ok(None)
}

/// `−p·n > 0` and `(p·n)² > τ² |n|²` (`tau2 = τ²`), exactly: the plane
/// through the origin with normal `n` has `p` more than `τ` behind it.
fn proves_gap<T: Scalar, const N: usize>(
    p: &Vector<Rational, N>,
    n: &Vector<T, N>,
    tau2: f64,
) -> bool {
    let (Some(n), Some(tau2)) = (
        n.iter()
            .map(|x| rational_from_f64(x.to_f64()))
            .collect::<Option<Vec<_>>>(),
        rational_from_f64(tau2),
    ) else {
        return false;
    };
    let pn: Rational = p.iter().zip(&n).map(|(x, y)| x * y).sum();
    let nn: Rational = n.iter().map(|x| x * x).sum();
    pn < Rational::default() && &pn * &pn > tau2 * nn
}

/// The direction of `v` in `T`: scaled by a power of two so that its
/// largest coordinate is about 1 (in `[1, 2)` but where `log2` rounds up),
/// each coordinate rounded into `T`;
/// `None` for the zero vector or one that has no `f64` value.
fn direction_in<T: Scalar, const N: usize>(v: &Vector<Rational, N>) -> Option<Vector<T, N>> {
    let g: Vector<f64, N> = v.map(|x| x.to_f64());
    let max = g.iter().fold(0.0f64, |m, x| m.max(x.abs()));
    if !(max > 0.0 && max.is_finite()) {
        return None;
    }
    // 2^(−k) in two factors, each a normal double (k is at most 1074).
    let k = max.log2().floor() as i32;
    let (k1, k2) = (-k / 2, -k - (-k / 2));
    let scale = |x: f64| x * 2f64.powi(k1) * 2f64.powi(k2);
    Some(g.map(|x| from_f64::<T>(scale(x))))
}

/// A double in `T`, from its integer significand `m` (its magnitude split
/// into two parts that `i32` holds) and exponent: exact in `f64` and in
/// rationals; in `f32` each part, their sum and the scaling round, to within
/// about an ulp in all (the tests allow two).
fn from_f64<T: Scalar>(x: f64) -> T {
    let (m, e) = dyadic_parts(x).unwrap_or((0, 0));
    // |m| = hi · 2²⁶ + lo with 0 ≤ hi < 2²⁷ and 0 ≤ lo < 2²⁶ (|m| < 2⁵³):
    // two terms of one sign, so rounding them cancels nothing.
    let magnitude = m.unsigned_abs();
    let (hi, lo) = (
        (magnitude >> 26) as i32,
        (magnitude & ((1 << 26) - 1)) as i32,
    );
    // 2^e in two factors: each is a normal double even where 2^e is not.
    let x = (T::from_i32(hi) * T::pow2(26) + T::from_i32(lo)) * T::pow2(e / 2) * T::pow2(e - e / 2);
    if m < 0 {
        -x
    } else {
        x
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::ConvexHull;
    use crate::simplex::Vertex;

    /// Doubles of every kind: signs, subnormals, the extremes, and
    /// significands with all 53 bits set.
    fn doubles() -> Vec<f64> {
        let mut xs = vec![0.0, -0.0, 1.0, -1.5, f64::MAX, f64::MIN, f64::MIN_POSITIVE];
        xs.extend([
            5e-324,
            -5e-324,
            1e-310,
            f64::EPSILON,
            1.0 - f64::EPSILON / 2.0,
        ]);
        let mut g = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..2000 {
            g ^= g << 13;
            g ^= g >> 7;
            g ^= g << 17;
            let x = f64::from_bits(g);
            if x.is_finite() {
                xs.push(x);
            }
        }
        xs
    }

    #[test]
    fn from_f64_is_exact_in_f64_and_rationals_and_rounds_in_f32() {
        for x in doubles() {
            assert_eq!(from_f64::<f64>(x), x, "{x:e}");
            assert_eq!(Some(from_f64::<Rational>(x)), rational_from_f64(x), "{x:e}");
            let y = f64::from(from_f64::<f32>(x));
            let want = f64::from(x as f32);
            // Two roundings: within two ulps of the nearest f32 (or both
            // beyond f32's range, or both in its subnormals' absolute error).
            let ulp = (want.abs() * f64::from(f32::EPSILON)).max(1e-45);
            assert!(
                (y - want).abs() <= 2.0 * ulp || (y.is_infinite() && want.is_infinite()),
                "{x:e}: {y:e} against {want:e}"
            );
        }
    }

    #[test]
    fn a_direction_keeps_its_sense_at_every_scale() {
        for e in [-1074, -600, -126, 0, 126, 600, 1000] {
            let v = Vector::<Rational, 3>::new(
                rational_from_f64(3.0 * 2f64.powi(e)).unwrap_or_default(),
                rational_from_f64(-5.0 * 2f64.powi(e)).unwrap_or_default(),
                Rational::default(),
            );
            if v.iter().all(|x| *x == Rational::default()) {
                continue;
            }
            for d in [
                direction_in::<f64, 3>(&v).unwrap(),
                direction_in::<f32, 3>(&v).unwrap().map(f64::from),
            ] {
                assert!(d[0] > 0.0 && d[1] < 0.0 && d[2] == 0.0, "2^{e}: {d:?}");
                assert!((d[1] / d[0] + 5.0 / 3.0).abs() < 1e-6, "2^{e}: {d:?}");
                assert!((0.5..=2.0).contains(&d.abs().max()), "2^{e}: {d:?}");
            }
        }
        assert!(direction_in::<f64, 2>(&Vector::<Rational, 2>::zeros()).is_none());
    }

    /// The same `f32` pair as `tests/verdict.rs`'s regression test, from the
    /// edge the float loop ended on: the exact closest point proves the gap
    /// (it needs the point the float loop dropped, found in the first round).
    /// Touching shapes, from an edge of their own `A − B` away from the
    /// origin: no round proves a gap.
    #[test]
    fn a_gap_is_proved_and_a_contact_is_not() {
        let s = 2f64.powi(-53);
        let f = |p: [f64; 3]| Vector::<f32, 3>::from_fn(|i, _| (p[i] * s) as f32);
        let vertex = |a: [f64; 3], b: [f64; 3]| Vertex {
            w: f(a) - f(b),
            a: f(a),
            b: f(b),
            dir: Vector::zeros(),
            index_a: None,
            index_b: None,
        };
        let points = [
            [58.0, -27175.0, 0.0],
            [246.0, 23808.0, -19456.0],
            [587.0, 0.0, -5.0],
            [-1.0, 255.0, -7.0],
            [-16385.0, 0.0, 0.0],
        ];
        let a = ConvexHull::new(points.iter().map(|&p| f(p)).collect()).unwrap();
        let origin = [0.0; 3];
        let b = ConvexHull::new(vec![f(origin)]).unwrap();
        let edge = Simplex::from_vertices([vertex(points[4], origin), vertex(points[2], origin)]);
        let tau = TOUCH_BAND_FACTOR * f64::from(f32::EPSILON) / 2.0 * 30747.0 * s;
        let mut calls = 0;
        let axis = exact_axis(&a, &b, &edge.unwrap(), tau * tau, &mut calls).unwrap();
        assert!(axis.is_some() && calls == 2, "{axis:?} after {calls} calls");
        // The gap it proves is wider than the band, exactly.
        let n = axis.unwrap();
        for p in points {
            let p = exact_point(&vertex(p, origin)).unwrap();
            assert!(proves_gap(&p, &n, tau * tau), "{p:?}");
        }

        // B shares A's vertex (−16385, 0, 0): the shapes touch.
        let far = [-20000.0, 0.0, 0.0];
        let b = ConvexHull::new(vec![f(points[4]), f(far)]).unwrap();
        let edge = Simplex::from_vertices([vertex(points[4], far), vertex(points[2], points[4])]);
        let mut calls = 0;
        let axis = exact_axis(&a, &b, &edge.unwrap(), tau * tau, &mut calls).unwrap();
        assert!(axis.is_none(), "{axis:?} after {calls} calls");
    }

    #[test]
    fn no_gap_is_proved_for_a_point_on_or_in_front_of_the_plane() {
        let n = Vector::<f64, 2>::new(0.0, 1.0);
        let at =
            |y: i64| Vector::<Rational, 2>::new(Rational::default(), crate::scalar::integer(y));
        assert!(proves_gap(&at(-3), &n, 4.0));
        assert!(!proves_gap(&at(-2), &n, 4.0), "a gap of exactly τ");
        assert!(!proves_gap(&at(0), &n, 0.0));
        assert!(!proves_gap(&at(5), &n, 0.0));
        assert!(!proves_gap(
            &at(-3),
            &Vector::<f64, 2>::new(0.0, f64::NAN),
            0.0
        ));
    }
}
