//! The start polytope: a full-dimensional simplex of support points that
//! contains the origin, grown from the simplex a GJK run ended with.
//!
//! GJK stops as soon as its simplex `S` holds the origin, which may be with
//! fewer than `N + 1` vertices (the origin on a segment or a triangle) or
//! with the origin on the boundary of `S`. The steps (module docs of
//! [`super`], "The start"):
//!
//! 1. keep the smallest face `G` of `S` holding the origin in its relative
//!    interior (the distance sub-algorithm's kept face, with
//!    `|v|² = 0`): then `aff G` passes through the origin and is the
//!    linear subspace `L = span(G)`;
//! 2. while `G` has fewer than `N + 1` vertices, take a direction `d ≠ 0`
//!    orthogonal to `L` and the support point `s` of `A − B` along `d`:
//!    * `d · s ≤ 0`: `max_{A−B} x·d = 0` (the origin is in `A − B`), so
//!      `A − B` lies in the half-space `x · d ≤ 0` with the origin on its
//!      boundary: **touching**, with normal `d`. This is where a flat
//!      `A − B` (coplanar polygons in 3D, a vertex on an edge in 2D) ends;
//!    * `d · s > 0`: `s ∉ L`, so `G ∪ {s}` is a simplex of one more dimension,
//!      still holding the origin (in its face `G`).
//!
//! `d` is the largest of the coordinate axes' components orthogonal to `L`
//! (Gram–Schmidt on the edges of `G`, unnormalised: exact over rationals).

use crate::distance::closest_point;
use crate::error::Error;
use crate::relation::NoVerdict;
use crate::scalar::Field;
use crate::shape::Support;
use crate::simplex::support_vertex;
use crate::simplex::{Simplex, Vertex};
use crate::tolerance::{scale2, ABS_TOL_FACTOR, PIVOT_NOISE_FACTOR};
use crate::vector::{dot, pow2_factors, Vector};

/// What the start phase found.
pub(crate) enum Start<T: Field, const N: usize> {
    /// `N + 1` affinely independent support points whose hull holds the
    /// origin, and the powers of two the run computes with (see
    /// [`pow2_factors`]).
    Simplex {
        /// The vertices.
        vertices: Vec<Vertex<T, N>>,
        /// `(s₁, s₂)`: every point is used as `w s₁ s₂`.
        factors: (T, T),
    },
    /// `A − B` lies in `x · normal ≤ 0`: the origin is on its boundary.
    Touching {
        /// A weakly separating normal.
        normal: Vector<T, N>,
    },
    /// No start simplex (float rounding, a simplex that misses the origin,
    /// or the cap).
    Failed(NoVerdict),
}

/// The component of `x` orthogonal to the span of `basis` (an orthogonal
/// basis, each vector with its squared length).
fn reject_all<T: Field, const N: usize>(
    x: &Vector<T, N>,
    basis: &[(Vector<T, N>, T)],
) -> Vector<T, N> {
    let mut r = x.clone();
    for (q, qq) in basis {
        let c = dot(&r, q) / qq.clone();
        r -= q * c;
    }
    r
}

/// Keeps the vertices (and their scaled points `pos`) whose edges from the
/// first are independent (float: by more than [`PIVOT_NOISE_FACTOR`]
/// rounding units), and returns an orthogonal basis of their span
/// (Gram–Schmidt, unnormalised).
fn independent<T: Field, const N: usize>(
    verts: &mut Vec<Vertex<T, N>>,
    pos: &mut Vec<Vector<T, N>>,
) -> Vec<(Vector<T, N>, T)> {
    let mut basis: Vec<(Vector<T, N>, T)> = Vec::new();
    let (mut kept, mut kept_pos) = (vec![verts[0].clone()], vec![pos[0].clone()]);
    for (v, p) in verts.iter().zip(pos.iter()).skip(1) {
        let e = p - &pos[0];
        let r = reject_all(&e, &basis);
        let rr = dot(&r, &r);
        let noise = PIVOT_NOISE_FACTOR
            * (basis.len() as f64 + 1.0)
            * T::UNIT_ROUNDOFF
            * dot(&e, &e).to_f64();
        if !rr.is_zero() && (T::EXACT || rr.to_f64() > noise) {
            basis.push((r, rr));
            kept.push(v.clone());
            kept_pos.push(p.clone());
        }
    }
    *verts = kept;
    *pos = kept_pos;
    basis
}

/// A non-zero direction orthogonal to the span of `basis` (fewer than `N`
/// vectors): the largest rejection of a coordinate axis.
fn complement<T: Field, const N: usize>(basis: &[(Vector<T, N>, T)]) -> Option<Vector<T, N>> {
    let mut best: Option<(Vector<T, N>, T)> = None;
    for j in 0..N {
        let mut e = Vector::<T, N>::zeros();
        e[j] = T::one();
        let r = reject_all(&e, basis);
        let rr = dot(&r, &r);
        if best.as_ref().is_none_or(|(_, b)| rr > *b) {
            best = Some((r, rr));
        }
    }
    best.filter(|(_, rr)| *rr > T::zero()).map(|(r, _)| r)
}

/// Grows the GJK simplex into a start simplex (module docs). Support calls
/// count towards `iterations`, which may not pass `cap`.
pub(crate) fn start<T, const N: usize, A, B>(
    a: &A,
    b: &B,
    simplex: &Simplex<T, N>,
    cap: usize,
    iterations: &mut usize,
) -> Result<Start<T, N>, Error>
where
    T: Field,
    A: Support<T, N> + ?Sized,
    B: Support<T, N> + ?Sized,
{
    // Float modes compute with the points scaled by a power of two, so that
    // the largest coordinate of the simplex is in [1, 2): exact, and it keeps
    // the degree 2N − 2 of the facet normals' squared lengths in range.
    let factors = pow2_factors(simplex.points());
    let scaled = |w: &Vector<T, N>| w * factors.0.clone() * factors.1.clone();
    let pts: Vec<Vector<T, N>> = simplex.points().map(scaled).collect();
    let closest = closest_point(&pts)?;
    let u = T::UNIT_ROUNDOFF;
    let tol = ABS_TOL_FACTOR * u * scale2(pts.iter()).sqrt();
    if !closest.dist2.is_zero() && (T::EXACT || closest.dist2.to_f64().sqrt() > tol) {
        return Ok(Start::Failed(NoVerdict::StartSimplex));
    }
    let mut verts: Vec<Vertex<T, N>> = Vec::new();
    let mut pos: Vec<Vector<T, N>> = Vec::new();
    for &i in &closest.kept {
        if let Some(v) = simplex.get(i) {
            verts.push(v.clone());
            pos.push(pts[i].clone());
        }
    }
    if verts.is_empty() {
        return Ok(Start::Failed(NoVerdict::StartSimplex));
    }
    // Independence is tested once, on GJK's face; every point added below
    // is off the span by `d · s / |d|`, above the noise, and its rejection
    // joins the basis as it is (re-testing it with the Gram pivot's looser,
    // relative threshold could drop it again and again).
    let mut basis = independent(&mut verts, &mut pos);
    loop {
        if verts.len() == N + 1 {
            return Ok(Start::Simplex {
                vertices: verts,
                factors,
            });
        }
        let Some(d) = complement(&basis) else {
            return Ok(Start::Failed(NoVerdict::DegenerateFacet));
        };
        if *iterations >= cap {
            return Ok(Start::Failed(NoVerdict::IterationCap { cap }));
        }
        let s = support_vertex(a, b, &d, *iterations)?;
        *iterations += 1;
        let sp = scaled(&s.w);
        let h = dot(&d, &sp);
        if !h.is_finite() {
            return Err(Error::Overflow {
                iteration: *iterations,
            });
        }
        let noise = ABS_TOL_FACTOR * u * scale2(pos.iter().chain(std::iter::once(&sp))).sqrt();
        let dd = dot(&d, &d).to_f64().sqrt();
        if h < T::zero() && (T::EXACT || -h.to_f64() / dd > noise) {
            // The origin is not in A − B after all: the simplex's points are
            // not points of A − B (a caller's simplex, or rounding).
            return Ok(Start::Failed(NoVerdict::StartSimplex));
        }
        if h.is_zero() || (!T::EXACT && h.to_f64() / dd <= noise) {
            return Ok(Start::Touching { normal: d });
        }
        let r = reject_all(&(&sp - &pos[0]), &basis);
        let rr = dot(&r, &r);
        if rr.is_zero() || !rr.is_finite() {
            return Ok(Start::Failed(NoVerdict::DegenerateFacet));
        }
        basis.push((r, rr));
        verts.push(s);
        pos.push(sp);
    }
}
