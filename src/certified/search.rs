//! Float work that improves the odds of a certificate. Nothing here is
//! trusted: whatever it returns is checked by [`super::axis`] or
//! [`super::simplex`], so it only changes how often the exact path runs.
//!
//! # Sharpening the axis
//!
//! The float distance loop ends with `v = Σ λᵢ wᵢ` on a kept face of the
//! simplex. `v` is formed by cancellation (the `wᵢ` are as large as the
//! shapes, `v` as small as the gap), so it carries an absolute error of a
//! few `u · |wᵢ|`: at a gap of `2⁻⁴⁰` relative to the coordinates its
//! direction is off by about `2⁻¹³` rad, and tilting the axis by `θ` costs
//! up to `θ ·` (the shapes' extent) of separation, far more than the gap.
//! The exact `v` is orthogonal to the kept face, while the edge vectors
//! `wⱼ − w₀` are computed with a relative error of `u` (no cancellation). So
//! [`sharpen`] removes from the axis its components along the face's edges
//! (two passes of modified Gram–Schmidt: Björck, *Numerical Methods for
//! Least Squares Problems*, 1996, §2.4.5, "twice is enough"). On a facet
//! of `A − B` (the face has `N` vertices) this leaves its normal, accurate
//! to a few `u`; on a lower-dimensional face it leaves a direction in the
//! face's normal cone.
//!
//! # Continuing without tolerances
//!
//! The float loop stops as *intersecting* as soon as `|v|` is below its
//! rounding tolerance, and as *separated* as soon as the gap is: near
//! touching (`2⁻⁴⁰` apart or overlapping) it often stops on a face that
//! passes within that tolerance of the origin. [`continue_search`] goes on
//! from there with the same loop and no tolerance at all: it stops with a
//! full simplex (`N + 1` vertices, the origin inside as far as the float
//! barycentric coordinates can tell), with a direction whose support point
//! says "separated", or — when no progress is possible — with nothing.

use arrayvec::ArrayVec;

use crate::distance::subalgorithm::closest_point_fixed;
use crate::shape::Support;
use crate::simplex::support_vertex;
use crate::simplex::Simplex;
use crate::vector::{dot, Points, Vector, MAX_POINTS};

/// An edge vector whose part orthogonal to the earlier ones is shorter than
/// this fraction of its length counts as dependent on them in [`sharpen`]
/// and [`widen`]. Rounding leaves a residual of a few `u` times the length
/// (`u = 2⁻⁵³`) on a truly dependent edge, so `10⁻⁸ ≈ 2⁻²⁷` is far above
/// that noise, and far below the angles of the faces GJK keeps (a flatter
/// face is one the sub-algorithm itself treats as degenerate,
/// `PIVOT_NOISE_FACTOR`). A wrong call only changes an axis that is checked
/// anyway.
pub(crate) const DEPENDENT_EDGE_RATIO: f64 = 1e-8;

/// `d` minus its components along the edges `wⱼ − w₀` of `face` (module
/// docs). Edges that are (nearly) dependent on earlier ones are skipped.
pub(crate) fn sharpen<const N: usize>(
    d: &Vector<f64, N>,
    face: &[Vector<f64, N>],
) -> Vector<f64, N> {
    let mut basis: Points<f64, N> = Points::new();
    for w in face.iter().skip(1) {
        let mut e = w - face[0];
        let len0 = e.norm();
        for _ in 0..2 {
            for q in &basis {
                e -= q * q.dot(&e);
            }
        }
        let len = e.norm();
        // Dependent up to rounding: nothing left to remove along it.
        if len > DEPENDENT_EDGE_RATIO * len0 && len.is_finite() {
            basis.push(e / len);
        }
    }
    let mut out = *d;
    for _ in 0..2 {
        for q in &basis {
            out -= q * q.dot(&out);
        }
    }
    out
}

/// The kept face of a separated run may be smaller than the facet of
/// `A − B` that holds the closest point (the closest point of two crossing
/// edges, or of a vertex over the centre of a facet, lies on a segment
/// between two vertices of that facet), and then [`sharpen`] cannot pin the
/// normal down. This adds support points along `d̂ ± ε t` for directions `t`
/// orthogonal to the face and to `d` (`d` is the outward normal of that
/// facet, pointing from `A` to `B`): tilting the normal of a facet by a small
/// angle selects vertices of that same facet. [`WIDEN_TILT`] is `ε`.
pub(crate) fn widen<const N: usize, A, B>(
    a: &A,
    b: &B,
    d: &Vector<f64, N>,
    face: &[Vector<f64, N>],
) -> Vec<Vector<f64, N>>
where
    A: Support<f64, N> + ?Sized,
    B: Support<f64, N> + ?Sized,
{
    let mut out = face.to_vec();
    let Some(unit) = d.try_normalize(0.0) else {
        return out;
    };
    // An orthonormal basis of span(face edges, d), then of its complement
    // among the coordinate axes.
    let mut basis: Vec<Vector<f64, N>> = Vec::new();
    let push = |v: Vector<f64, N>, basis: &mut Vec<Vector<f64, N>>| -> Option<Vector<f64, N>> {
        let mut e = v;
        for _ in 0..2 {
            for q in basis.iter() {
                e -= q * q.dot(&e);
            }
        }
        let len = e.norm();
        (len > DEPENDENT_EDGE_RATIO * v.norm() && len.is_finite()).then(|| {
            let q = e / len;
            basis.push(q);
            q
        })
    };
    for w in face.iter().skip(1) {
        push(w - face[0], &mut basis);
    }
    push(unit, &mut basis);
    let mut tilts = Vec::new();
    for i in 0..N {
        if let Some(t) = push(
            Vector::<f64, N>::from_fn(|j, _| f64::from(u8::from(i == j))),
            &mut basis,
        ) {
            tilts.push(t);
        }
    }
    for t in tilts {
        for s in [WIDEN_TILT, -WIDEN_TILT] {
            if let Ok(w) = support_vertex(a, b, &(unit + t * s), 0) {
                if !out.contains(&w.w) {
                    out.push(w.w);
                }
            }
        }
    }
    out
}

/// The loop cannot go on from `kept` (the origin lies on it up to
/// rounding, so `v` carries no direction). If `kept` has `N` vertices, its
/// hyperplane has a normal `n`, and the support points `w₊ = s(n)`,
/// `w₋ = s(−n)` lie strictly on both sides when the origin is interior to
/// `A − B`. The double pyramid `conv(kept ∪ {w₊, w₋})` then holds the
/// origin in its interior, and one of the `N` simplices `kept − {wⱼ} ∪ {w₊,
/// w₋}` does (generically: they are the simplices a pivot of the simplex
/// method would choose among, dropping the vertex whose weight first
/// reaches zero). All `N` are returned for the exact check to pick from.
fn stuck<const N: usize, A, B, C>(a: &A, b: &B, kept: &Simplex<f64, N>) -> Found<N, C>
where
    A: Support<f64, N> + ?Sized,
    B: Support<f64, N> + ?Sized,
{
    if kept.len() != N {
        return Found::Nothing;
    }
    let face: Points<f64, N> = kept.points().copied().collect();
    let axes = (0..N).map(|i| Vector::<f64, N>::from_fn(|j, _| f64::from(u8::from(i == j))));
    let Some(n) = axes
        .map(|e| sharpen(&e, &face))
        .max_by(|x, y| x.norm().total_cmp(&y.norm()))
    else {
        return Found::Nothing;
    };
    let (Ok(up), Ok(down)) = (support_vertex(a, b, &n, 0), support_vertex(a, b, &-n, 0)) else {
        return Found::Nothing;
    };
    let base = dot(&face[0], &n);
    if !(dot(&up.w, &n) > base && dot(&down.w, &n) < base) {
        return Found::Nothing;
    }
    let candidates = (0..N)
        .filter_map(|j| {
            let rest = kept
                .iter()
                .enumerate()
                .filter(|&(i, _)| i != j)
                .map(|(_, v)| v.clone());
            Simplex::from_vertices(rest.chain([up.clone(), down.clone()]))
        })
        .collect();
    Found::Full(candidates)
}

/// The tilt `ε` of [`widen`]: large next to the direction error of the
/// loop's axis (about `2⁻¹³` rad at a gap of `2⁻⁴⁰`, see the module docs), so
/// that the tilt and not the error picks the support point; small next to
/// the angles between neighbouring facets of the shapes it is meant for.
/// Any value is safe: a support point off the facet only makes the
/// certificate inconclusive.
pub(crate) const WIDEN_TILT: f64 = 1.0 / 64.0;

/// What [`continue_search`] found.
pub(crate) enum Found<const N: usize, C> {
    /// Simplices of `N + 1` vertices, one of which may hold the origin in
    /// its interior (to be checked, in order).
    Full(ArrayVec<Simplex<f64, N>, MAX_POINTS>),
    /// An axis the caller's check proved.
    Proved(C),
    /// No progress possible (or the budget ran out).
    Nothing,
}

/// The distance loop from `start`, without its stopping tolerances, for at
/// most `max_iterations` support points (module docs). Whenever the support
/// point along `d = −v` says "separated" in floats, `prove(d, face)` is
/// asked to prove the axis (`face`: the kept vertices, for [`sharpen`]); if
/// it cannot, the loop goes on towards the closest face. Also returns the
/// number of support points computed.
pub(crate) fn continue_search<const N: usize, A, B, C>(
    a: &A,
    b: &B,
    start: Simplex<f64, N>,
    max_iterations: usize,
    prove: impl Fn(&Vector<f64, N>, &[Vector<f64, N>]) -> Option<C>,
) -> (Found<N, C>, usize)
where
    A: Support<f64, N> + ?Sized,
    B: Support<f64, N> + ?Sized,
{
    let mut simplex = start;
    let mut iterations = 0;
    let mut last = f64::INFINITY;
    let found = loop {
        if iterations >= max_iterations {
            break Found::Nothing;
        }
        let pts: Points<f64, N> = simplex.points().copied().collect();
        let Ok(closest) = closest_point_fixed(&pts) else {
            break Found::Nothing;
        };
        let Some(kept) = simplex.select(&closest.kept) else {
            break Found::Nothing;
        };
        if kept.len() == N + 1 {
            break Found::Full([kept].into_iter().collect());
        }
        // The distance must decrease (it does in exact arithmetic); when
        // rounding stalls it, the loop is on a face holding the origin.
        if closest.dist2 >= last {
            break stuck(a, b, &kept);
        }
        last = closest.dist2;
        let d = -closest.v;
        if d.iter().all(|x| *x == 0.0) || !d.iter().all(|x| x.is_finite()) {
            break stuck(a, b, &kept);
        }
        iterations += 1;
        let Ok(w) = support_vertex(a, b, &d, 0) else {
            break Found::Nothing;
        };
        if dot(&w.w, &d) < 0.0 {
            let face: Points<f64, N> = kept.points().copied().collect();
            if let Some(c) = prove(&d, &face) {
                break Found::Proved(c);
            }
        }
        if kept.points().any(|p| *p == w.w) {
            break stuck(a, b, &kept);
        }
        simplex = kept;
        if simplex.push_front(w).is_err() {
            break Found::Nothing;
        }
    };
    (found, iterations)
}
