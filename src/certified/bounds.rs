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
//! and `dist(A, B) ≤ |q|`. Interval arithmetic with outward rounding
//! (`simplex`'s `Interval`, the inclusion property) encloses
//! `X = Σ λᵢ wᵢ` coordinate by coordinate and `S = Σ λᵢ`. Then
//!
//! ```text
//! |q|² = |X|² / S²  ≤  Σⱼ max(|Xⱼ.lo|, |Xⱼ.hi|)² / S.lo²
//! ```
//!
//! evaluated with every operation rounded up (`up`), the denominator down
//! (`down`), and `hi = up(√·)` (the square root is correctly rounded, so
//! `next_up` of it is at or above the exact root).
//!
//! # Lower bound: the gap along the axis
//!
//! For any `d ≠ 0`, `a ∈ A`, `b ∈ B`: `|a − b| |d| ≥ (b − a)·d`. If every
//! such `(b − a)·d` is at least `g > 0`, then `dist(A, B) ≥ g / |d|`. The
//! separating-axis certificate ([`super::axis`]) computes such a `g` for the
//! loop's axis with rigorous rounding-error bounds, in one pass over both
//! point sets. With `D ≥ |d|` (the sum of squares rounded up at every step,
//! then `up(√·)`), `lo = down(g / D)`. When `g ≤ 0` (touching, overlapping,
//! or a gap below the dot products' error bound) or the loop says
//! intersecting, `lo = 0`.
//!
//! # How tight
//!
//! `hi − dist` is the float loop's own error (its relative tolerance) plus
//! a few rounding errors of the simplex; `dist − lo` is the dot products'
//! error bound, about `2N · 2⁻⁵³` times the coordinates' size (as for the
//! axis certificate), plus the second-order loss of an axis a little off
//! the optimal one. `tests/certified_distance.rs` measures both against the
//! exact distance.

use crate::distance::{distance_weighed, DistanceOptions, DistanceOutcome, DistanceReport};
use crate::error::Error;
use crate::interval::Interval;
use crate::shape::ConvexHull;
use crate::simplex::Simplex;
use crate::vector::Vector;

use super::axis::{down, hull_gap_lower_bound, up, DotBound};

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
    let Some(g) = hull_gap_lower_bound(a, b, d, DotBound::rigorous(N)) else {
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
/// term.
fn enclose<const N: usize>(
    simplex: &Simplex<f64, N>,
    terms: impl Iterator<Item = (usize, f64)>,
) -> Option<f64> {
    let mut sum = Interval::ZERO;
    let mut x = [Interval::ZERO; N];
    for (i, lambda) in terms.filter(|&(_, l)| l > 0.0) {
        let v = simplex.get(i)?;
        let l = Interval::checked(lambda, lambda)?;
        sum = sum.add(l)?;
        for (j, xj) in x.iter_mut().enumerate() {
            *xj = xj.add(Interval::difference(v.a[j], v.b[j])?.times_positive(lambda)?)?;
        }
    }
    if sum.lo <= 0.0 {
        return None;
    }
    let norm2_up = x.iter().fold(0.0, |s, xj| {
        let m = xj.lo.abs().max(xj.hi.abs());
        up(s + up(m * m))
    });
    let hi = up(up(norm2_up / down(sum.lo * sum.lo)).sqrt());
    (!hi.is_nan()).then_some(hi)
}
