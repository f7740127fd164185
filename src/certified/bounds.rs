//! Certified distance: an interval `[lo, hi]` of `f64`s proved to hold the
//! exact distance of two hulls, for the cost of the float query plus one
//! pass over the points.
//!
//! As in the rest of [`crate::certified`], the doubles are the exact input
//! and every bound below holds for IEEE 754 binary64 rounding to nearest.
//!
//! # Upper bound: a point of `A − B`, enclosed
//!
//! The float loop ends on a simplex whose vertices `wᵢ = aᵢ − bᵢ` are
//! differences of input points (the hull's support map returns its points
//! unchanged), and the loop's last sub-algorithm step gave their weights
//! `λᵢ` as floats.
//! Keep the weights `> 0`. Whatever their rounding, `q = Σ λᵢ wᵢ / Σ λᵢ` is
//! a convex combination of points of `A − B`, so it lies in `A − B` exactly
//! and `dist(A, B) ≤ |q|`. It remains to bound `|q|` from above in
//! floating point, with `X = Σ λᵢ wᵢ` and `S = Σ λᵢ` (`k ≤ N + 1` terms).
//!
//! Coordinate `j` of `X` is computed as a dot product of floats (the
//! rounding model and eq. (1) of [`crate::rounding`]): `sᵢ = fl(aᵢⱼ − bᵢⱼ)`,
//! `pᵢ = fl(λᵢ sᵢ)`, `X̂ⱼ = fl(Σ pᵢ)` and `T̂ⱼ = fl(Σ |pᵢ|)`, summed from `0`.
//! The subtraction's error is exact and small: `aᵢⱼ − bᵢⱼ = sᵢ + tᵢ` with
//! `|tᵢ| ≤ u |sᵢ|` (TwoSum, Knuth, TAOCP vol. 2, §4.2.2, Theorem B; `tᵢ = 0`
//! where `sᵢ` is subnormal, sums being exact there). So with
//! `Tⱼ = Σ |λᵢ sᵢ|`, eq. (1) on the `k` products gives
//!
//! ```text
//! |X̂ⱼ − Xⱼ| ≤ γₖ Tⱼ + k η + u Tⱼ ≤ γₖ₊₁ Tⱼ + k η,
//! ```
//!
//! and `Tⱼ ≤ (T̂ⱼ + k η)/(1 − γₖ)` as in `rounding.rs`'s step to (2); with
//! `γₖ₊₁/(1 − γₖ) ≤ γ₂₍ₖ₊₁₎ ≤ 1`, `|X̂ⱼ − Xⱼ| ≤ γ₂₍ₖ₊₁₎ T̂ⱼ + 2(k + 1) η`,
//! the bound [`DotBound::rigorous`] gives for `k + 1 ≤ N + 2` terms. Every
//! `T̂ⱼ` finite means no product and no partial sum overflowed (the partial
//! sums of `X̂ⱼ` are bounded by those of `T̂ⱼ`, rounding being monotone);
//! else there is no bound from these weights. `S ≥ S↓`, the sum rounded
//! down at every step. Then
//!
//! ```text
//! |q|² = |X|² / S²  ≤  Σⱼ (|X̂ⱼ| + γ₂₍ₖ₊₁₎ T̂ⱼ + 2(k + 1) η)² / S↓²
//! ```
//!
//! evaluated with every operation rounded up (`up`), the denominator down
//! (`down`), and `hi = up(√·)` (the square root is correctly rounded, so
//! `next_up` of it is at or above the exact root). One float pass over the
//! simplex, no interval arithmetic.
//!
//! # Lower bound: the gap along the axis
//!
//! For any `d ≠ 0`, `a ∈ A`, `b ∈ B`: `|a − b| |d| ≥ (b − a)·d`. If every
//! such `(b − a)·d` is at least `g > 0`, then `dist(A, B) ≥ g / |d|`. The
//! separating-axis certificate ([`super::axis`]) computes such a `g` for the
//! loop's axis with rigorous rounding-error bounds, in one pass over both
//! point sets (the dot products' sizes bounded by the hulls' largest
//! coordinates, [`super::axis`]'s "One pass"). With `D ≥ |d|` (the sum of squares rounded up at every step,
//! then `up(√·)`), `lo = down(g / D)`. When `g ≤ 0` (touching, overlapping,
//! or a gap below the dot products' error bound) or the loop says
//! intersecting, `lo = 0`.
//!
//! # How tight
//!
//! `hi − dist` is the float loop's own error (its relative tolerance) plus
//! a few rounding errors of the simplex; `dist − lo` is the dot products'
//! error bound, about `4N · 2⁻⁵³ · |d|₁ m` for unit `d` and `m` the larger
//! hull's largest coordinate magnitude (`N` times at most the axis
//! certificate's), plus the second-order loss of an axis a little off
//! the optimal one. `tests/certified_distance.rs` measures both against the
//! exact distance.

use crate::distance::{distance_weighed, DistanceOptions, DistanceOutcome, DistanceReport};
use crate::error::Error;
use crate::shape::ConvexHull;
use crate::simplex::Simplex;
use crate::vector::Vector;

use super::axis::{down, hull_gap_lower_bound_by_size, up, DotBound};

/// Proved bounds of the distance of two hulls: `lo ≤ dist(A, B) ≤ hi`,
/// both `≥ 0` (`hi` is `+∞` only if a bound overflowed).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DistanceBounds {
    /// A lower bound of the exact distance (`0` when the shapes may meet).
    pub lo: f64,
    /// An upper bound of the exact distance.
    pub hi: f64,
}

/// The float distance query with proved bounds.
#[derive(Clone, Debug, PartialEq)]
pub struct CertifiedDistance<const N: usize> {
    /// The float query's report, as [`crate::distance()`] returns it.
    pub report: DistanceReport<f64, N>,
    /// The proved bounds; `None` when the loop gave no verdict
    /// ([`DistanceOutcome::NoVerdict`]: no simplex to bound with).
    pub bounds: Option<DistanceBounds>,
}

/// The distance of the hulls of `a` and `b` in `f64`, with an interval
/// proved to hold the exact distance (see the module docs).
///
/// Errors: those of [`crate::distance()`].
// Inline: the caller's result is then built in place, one copy of the
// report fewer.
#[inline]
pub fn certify_distance<const N: usize>(
    a: &ConvexHull<f64, N>,
    b: &ConvexHull<f64, N>,
    opts: &DistanceOptions<f64, N>,
) -> Result<CertifiedDistance<N>, Error> {
    let (report, lambda) = distance_weighed(a, b, opts, None, &())?;
    let bounds = match &report.outcome {
        DistanceOutcome::Separated { axis, simplex, .. } => Some(DistanceBounds {
            lo: lower_bound(a, b, axis),
            hi: upper_bound(simplex, &lambda),
        }),
        DistanceOutcome::Intersecting { simplex } => Some(DistanceBounds {
            lo: 0.0,
            hi: upper_bound(simplex, &lambda),
        }),
        DistanceOutcome::NoVerdict { .. } => None,
    };
    Ok(CertifiedDistance { report, bounds })
}

/// `down(g / D)` for the axis' proved gap `g` (module docs), or `0`.
fn lower_bound<const N: usize>(
    a: &ConvexHull<f64, N>,
    b: &ConvexHull<f64, N>,
    d: &Vector<f64, N>,
) -> f64 {
    let Some(g) = hull_gap_lower_bound_by_size(a, b, d, DotBound::rigorous(N)) else {
        return 0.0;
    };
    if g <= 0.0 {
        return 0.0;
    }
    let norm2_up = d.iter().fold(0.0, |s, x| up(s + up(x * x)));
    let lo = down(g / up(norm2_up.sqrt()));
    // A finite g over D = ∞ (overflowed) gives 0, a valid bound.
    if lo.is_finite() {
        lo.max(0.0)
    } else {
        0.0
    }
}

/// `up(|q|)` for the simplex's own convex combination `q` (module docs)
/// with the loop's weights `lambda` (one per vertex), or `+∞` if the
/// enclosure overflows. No allocation.
fn upper_bound<const N: usize>(simplex: &Simplex<f64, N>, lambda: &[f64]) -> f64 {
    let weighted = (lambda.len() == simplex.len())
        .then(|| enclose(simplex, lambda.iter().copied().enumerate()))
        .flatten();
    // No positive weight: the first vertex alone (a point of A − B too).
    weighted
        .or_else(|| enclose(simplex, [(0, 1.0)].into_iter()))
        .unwrap_or(f64::INFINITY)
}

/// `up(|Σ λᵢ wᵢ| / Σ λᵢ)` over the terms `(vertex index, λᵢ)` with
/// `λᵢ > 0` (the others are skipped), `None` on overflow or without such a
/// term (module docs, "Upper bound").
fn enclose<const N: usize>(
    simplex: &Simplex<f64, N>,
    terms: impl Iterator<Item = (usize, f64)>,
) -> Option<f64> {
    let (mut x, mut t) = ([0.0f64; N], [0.0f64; N]);
    let mut sum_down = 0.0;
    for (i, lambda) in terms.filter(|&(_, l)| l > 0.0) {
        let v = simplex.get(i)?;
        sum_down = down(sum_down + lambda);
        for j in 0..N {
            let p = lambda * (v.a[j] - v.b[j]);
            x[j] += p;
            t[j] += p.abs();
        }
    }
    if sum_down <= 0.0 || !t.iter().all(|tj| tj.is_finite()) {
        return None;
    }
    // At most N + 1 vertices, plus the subtraction: N + 2 terms' bound.
    let bound = DotBound::rigorous(N + 2);
    let norm2_up = x.iter().zip(&t).fold(0.0, |s, (xj, tj)| {
        let m = up(xj.abs() + up(up(bound.rel * tj) + bound.abs));
        up(s + up(m * m))
    });
    let hi = up(up(norm2_up / down(sum_down * sum_down)).sqrt());
    (!hi.is_nan()).then_some(hi)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scalar::rational_from_f64;
    use crate::simplex::Vertex;
    use crate::Rational;
    use num_traits::ToPrimitive;

    /// `|Σ λᵢ (aᵢ − bᵢ)|² / (Σ λᵢ)²` over the positive weights, exactly.
    fn exact_norm2<const N: usize>(vertices: &[Vertex<f64, N>], lambda: &[f64]) -> Rational {
        let q = |x: f64| rational_from_f64(x).unwrap();
        let kept = || vertices.iter().zip(lambda).filter(|(_, &l)| l > 0.0);
        let sum: Rational = kept().map(|(_, &l)| q(l)).sum();
        let norm2: Rational = (0..N)
            .map(|j| {
                let x: Rational = kept().map(|(v, &l)| q(l) * (q(v.a[j]) - q(v.b[j]))).sum();
                x.clone() * x
            })
            .sum();
        norm2 / (sum.clone() * sum)
    }

    /// `hi` is at or above the exact norm of the weighted point, for
    /// simplices and weights of every magnitude (subnormal differences,
    /// coordinates near `2¹⁰⁰⁰`, weights that do not sum to 1, zero and
    /// negative weights, which are skipped), and within a few units of the
    /// last place of it where nothing underflows or cancels.
    fn holds_the_weighted_point<const N: usize>() {
        let mut g = crate::test_util::Lcg(0x5eed + N as u64);
        let (mut finite, mut tight) = (0, 0);
        for case in 0..3000 {
            let e = match case % 4 {
                0 => 0,
                1 => g.int(-1074, -1000) as i32,
                2 => g.int(900, 1000) as i32,
                _ => g.int(-300, 300) as i32,
            };
            let k = g.int(1, N as i64 + 1);
            let mut x = || g.range(-1.0, 1.0) * 2f64.powi(e);
            let vertices: Vec<Vertex<f64, N>> = (0..k)
                .map(|_| Vertex {
                    w: Vector::zeros(),
                    a: Vector::from_fn(|_, _| x()),
                    b: Vector::from_fn(|_, _| x()),
                    dir: Vector::zeros(),
                    index_a: None,
                    index_b: None,
                })
                .collect();
            let lambda: Vec<f64> = vertices
                .iter()
                .map(|_| match g.int(0, 6) {
                    0 => 0.0,
                    1 => -0.5,
                    _ => g.range(0.0, 3.0),
                })
                .collect();
            let simplex = Simplex::from_vertices(vertices.clone()).unwrap();
            let hi = upper_bound(&simplex, &lambda);
            if !hi.is_finite() {
                continue;
            }
            finite += 1;
            let any = lambda.iter().any(|&l| l > 0.0);
            let weights = if any { lambda.clone() } else { vec![1.0] };
            let exact = exact_norm2(&vertices, &weights);
            let hi_q = rational_from_f64(hi).unwrap();
            assert!(
                hi_q.clone() * hi_q >= exact,
                "hi {hi:e} below the exact norm: {vertices:?} {lambda:?}"
            );
            if case % 4 == 3 && any {
                let approx = exact.to_f64().unwrap().sqrt();
                tight += usize::from(hi <= approx * (1.0 + 1e-14));
            }
        }
        assert!(finite > 2000, "{N}D: {finite} finite bounds");
        assert!(tight > 500, "{N}D: {tight} tight bounds");
    }

    #[test]
    fn the_upper_bound_holds_the_weighted_point() {
        holds_the_weighted_point::<2>();
        holds_the_weighted_point::<3>();
    }
}
