//! The distance sub-algorithm: the point of a simplex closest to the origin,
//! in any dimension.
//!
//! Given `k` points `p₀ … p_{k−1}` in `N` dimensions, find the point `v` of
//! their convex hull closest to the origin `O`, the smallest face `S` (the
//! *kept* vertices) whose relative interior holds `v`, and the barycentric
//! coordinates `λ` of `v` on `S`. This is the job of Johnson's distance
//! sub-algorithm in Gilbert, Johnson & Keerthi (IEEE J. Robotics and
//! Automation 4(2), 1988, §III and Appendix II); Ericson (*Real-Time
//! Collision Detection*, §9.5.2) writes it face by face, which is the form
//! used here.
//!
//! # One face: the Gram system
//!
//! For a face `S = {s₀, …, s_m}` write `eᵢ = p_{sᵢ} − p_{s₀}` (`i = 1 … m`)
//! and look for the point of the affine hull `aff S` closest to `O`:
//!
//! ```text
//! v = p_{s₀} + Σᵢ μᵢ eᵢ,        eⱼ · v = 0   (j = 1 … m)
//! ⇔  Σᵢ (eⱼ · eᵢ) μᵢ = −eⱼ · p_{s₀}          i.e.  G μ = c
//! λ₀ = 1 − Σᵢ μᵢ,   λᵢ = μᵢ                  (v = Σ λᵢ p_{sᵢ}, Σ λᵢ = 1)
//! ```
//!
//! `G` is the Gram matrix of the edge vectors: symmetric positive
//! semidefinite, and singular exactly when `S` is affinely dependent. It is
//! solved by an `LDLᵀ` factorisation without pivoting, which exists for such
//! matrices and whose pivots `Dⱼ` have a meaning: `Dⱼ` is the squared distance
//! of `eⱼ` from the span of `e₁ … e_{j−1}`. A zero pivot (exact mode), or a
//! pivot below its own rounding noise (float mode, [`PIVOT_NOISE_FACTOR`]),
//! means the face is affinely dependent: it is skipped, since by
//! Carathéodory's theorem the closest point also lies in the relative
//! interior of an affinely independent face. The solve uses only `+ − × ÷`,
//! so with [`crate::Rational`] it is exact (nalgebra's solvers need
//! `ComplexField`, which the rationals are not).
//!
//! # Which face: the Voronoi (KKT) conditions
//!
//! A face `S` holds the closest point in its relative interior iff
//!
//! 1. its projection `v` has all `λᵢ > 0` (so `v` lies in the relative
//!    interior of `conv S`), and
//! 2. `(pⱼ − v) · v ≥ 0` for every vertex `j ∉ S`.
//!
//! Sufficiency: for `j ∈ S`, `(pⱼ − v) · v = 0` because `pⱼ − v` lies in the
//! direction space of `aff S`, to which `v` is orthogonal. So every vertex,
//! and therefore every point `x` of the hull, has `x · v ≥ v · v`, and then
//! `|x|² ≥ (x · v)² / |v|² ≥ |v|²` (the plane through `v` normal to `v`
//! separates `O` from the hull, or `v = O`). Necessity: if `v` is the
//! closest point, then `v · (x − v) ≥ 0` for every `x` of the hull (the
//! first-order optimality condition of `|x|²` on a convex set). The closest
//! point is unique, and so is the smallest face holding it in its relative
//! interior (for an affinely independent simplex: the support of the
//! barycentric coordinates), so testing faces **by increasing size** finds
//! exactly that face. This is Johnson's test of the signs of the
//! cofactors `Δᵢ(S)` (GJK 1988, Theorem 3), written with the projection
//! instead of the determinants.
//!
//! In exact arithmetic the first face that passes is the exact answer, for
//! every input, including affinely dependent simplices (repeated points,
//! collinear triangles): their dependent faces are skipped and an
//! independent one passes.
//!
//! # Float mode: the proven-safe fallback
//!
//! With rounding, it can happen that no face passes (a `λ` or a Voronoi test
//! lands on the wrong side of zero by a rounding error; Montanari, Petrinic
//! & Barbieri, ACM TOG 36(3) 2017, §3, discuss how Johnson's sub-algorithm
//! fails this way). Then the answer is the face with the **smallest `|v|²`
//! among those whose coordinates are all `λᵢ ≥ 0`**, vertices with `λᵢ = 0`
//! dropped. It is safe because:
//!
//! * there is always a candidate (every single vertex is one, `λ = (1)`), so
//!   the result is never NaN and never empty;
//! * each candidate `v = Σ λᵢ pᵢ` with `λᵢ ≥ 0`, `Σ λᵢ = 1` is a point of the
//!   hull (up to the rounding of that sum), so `|v|` is an upper bound of the
//!   distance and the witness points lie in the shapes;
//! * in exact arithmetic it is the right answer too: the true `v*` lies in
//!   the relative interior of an affinely independent face, whose
//!   projection is `v*` with `λ > 0`; every other candidate is a point of the
//!   hull, so `|v|² ≥ |v*|²` (the brute-force argument of
//!   `gjk_oracle::distance_squared`).
//!
//! [`Closest::fallback`](super::Closest::fallback) says when it was used; exact mode never needs it
//! (a unit test checks this on thousands of simplices).
//!
//! # Cost
//!
//! All `2ᵏ − 1` faces may be tried, each an `m × m` solve: fine for the
//! simplices of GJK in the dimensions this crate is meant for (`k ≤ N + 1`,
//! [`MAX_VERTICES`]).

use crate::error::{Error, Which};
use crate::scalar::{Field, Scalar};
use crate::tolerance::PIVOT_NOISE_FACTOR;
use arrayvec::ArrayVec;

use crate::vector::{dot, is_finite, normalized_points, pow2_factors, Vector};

/// The most points [`closest_point`](super::closest_point) accepts: `2¹⁶ − 1` faces to try at
/// worst. (A simplex in `N` dimensions has at most `N + 1` vertices, so the
/// distance loop works up to `N = 15`.)
pub const MAX_VERTICES: usize = 16;

/// Barycentric coordinates on the stack (at most [`MAX_VERTICES`]).
pub(crate) type Lambda<T> = ArrayVec<T, MAX_VERTICES>;

/// Vertex indices on the stack (at most [`MAX_VERTICES`]).
pub(crate) type Face = ArrayVec<usize, MAX_VERTICES>;

/// The affine coordinates `λ` of the projection of `O` on the affine hull of
/// `face` (indices into `p`), by the Gram system of the module docs; `None`
/// when the face is affinely dependent (or, in float mode, a coordinate is
/// not finite), without allocating: the Gram system of a face of `m + 1`
/// vertices is `m × m` with `m ≤ N` (a face holds at most `N + 1` affinely
/// independent points; a larger one is dependent and refused), so every
/// array has `N` rows. The arithmetic is the same, operation for operation.
pub(crate) fn project_face_fixed<T: Field, const N: usize>(
    p: &[Vector<T, N>],
    face: &[usize],
) -> Option<Lambda<T>> {
    let mut lambda = Lambda::new();
    for _ in 0..face.len().min(MAX_VERTICES) {
        lambda.push(T::zero());
    }
    project_into(p, face, &mut lambda).then_some(lambda)
}

/// [`project_face_fixed`] writing `λ` into `lambda[..face.len()]` (which
/// must be that long): `false` where that returns `None`. The loop of
/// [`closest_point_fixed`] projects up to `2ᵏ − 1` faces and keeps few of
/// them, so it projects into one buffer instead of returning each `λ`.
fn project_into<T: Field, const N: usize>(
    p: &[Vector<T, N>],
    face: &[usize],
    lambda: &mut [T],
) -> bool {
    let Some((&s0, rest)) = face.split_first() else {
        return false;
    };
    let m = rest.len();
    if m > N || m >= MAX_VERTICES || lambda.len() != m + 1 {
        // More than N + 1 points in N dimensions are affinely dependent;
        // past `MAX_VERTICES` the distance loop refuses the dimension.
        return false;
    }
    let zero = || T::zero();
    let mut e: [Vector<T, N>; N] = std::array::from_fn(|_| Vector::zeros());
    for (ei, &s) in e.iter_mut().zip(rest) {
        *ei = &p[s] - &p[s0];
    }
    // G μ = c with G_ij = eᵢ · eⱼ, c_i = −eᵢ · p_{s₀}.
    let mut g: [[T; N]; N] = std::array::from_fn(|_| std::array::from_fn(|_| zero()));
    for i in 0..m {
        for j in 0..m {
            g[i][j] = dot(&e[i], &e[j]);
        }
    }
    let c: [T; N] = std::array::from_fn(|i| if i < m { -dot(&e[i], &p[s0]) } else { zero() });
    // LDLᵀ: D_j = G_jj − Σ_{k<j} L_jk² D_k,
    //       L_ij = (G_ij − Σ_{k<j} L_ik L_jk D_k) / D_j   (i > j).
    let u = T::UNIT_ROUNDOFF;
    let mut l: [[T; N]; N] = std::array::from_fn(|_| std::array::from_fn(|_| zero()));
    let mut d: [T; N] = std::array::from_fn(|_| zero());
    for j in 0..m {
        let mut dj = g[j][j].clone();
        for k in 0..j {
            dj -= l[j][k].clone() * l[j][k].clone() * d[k].clone();
        }
        let noise = PIVOT_NOISE_FACTOR * (j as f64 + 1.0) * u * g[j][j].to_f64();
        if dj <= T::zero() || (!T::EXACT && dj.to_f64() <= noise) {
            return false;
        }
        for i in j + 1..m {
            let mut x = g[i][j].clone();
            for k in 0..j {
                x -= l[i][k].clone() * l[j][k].clone() * d[k].clone();
            }
            l[i][j] = x / dj.clone();
        }
        d[j] = dj;
    }
    // L y = c;  z = D⁻¹ y;  Lᵀ μ = z.
    let mut y: [T; N] = std::array::from_fn(|_| zero());
    for i in 0..m {
        let mut x = c[i].clone();
        for k in 0..i {
            x -= l[i][k].clone() * y[k].clone();
        }
        y[i] = x;
    }
    let mut mu: [T; N] = std::array::from_fn(|_| zero());
    for i in 0..m {
        mu[i] = y[i].clone() / d[i].clone();
    }
    for i in (0..m).rev() {
        let mut x = mu[i].clone();
        for k in i + 1..m {
            x -= l[k][i].clone() * mu[k].clone();
        }
        mu[i] = x;
    }
    let mut l0 = T::one();
    for x in &mu[..m] {
        l0 -= x.clone();
    }
    lambda[0] = l0;
    for (l, x) in lambda[1..].iter_mut().zip(&mu[..m]) {
        *l = x.clone();
    }
    lambda.iter().all(Scalar::is_finite)
}

/// `Σ λᵢ p_{faceᵢ}`.
pub(super) fn combine<T: Field, const N: usize>(
    p: &[Vector<T, N>],
    face: &[usize],
    lambda: &[T],
) -> Vector<T, N> {
    let mut v = Vector::<T, N>::zeros();
    for (&s, l) in face.iter().zip(lambda) {
        v += &p[s] * l.clone();
    }
    v
}

/// Advances `idx` to the next `idx.len()`-subset of `0..n` (lexicographic);
/// `false` after the last.
fn next_subset(idx: &mut [usize], n: usize) -> bool {
    let k = idx.len();
    for i in (0..k).rev() {
        if idx[i] < n - k + i {
            idx[i] += 1;
            for j in i + 1..k {
                idx[j] = idx[j - 1] + 1;
            }
            return true;
        }
    }
    false
}

pub(crate) fn check_points<T: Scalar, const N: usize>(p: &[Vector<T, N>]) -> Result<(), Error> {
    if p.is_empty() {
        return Err(Error::InvalidParameter {
            which: Which::Query,
            what: "empty simplex".into(),
        });
    }
    if p.len() > MAX_VERTICES {
        return Err(Error::InvalidParameter {
            which: Which::Query,
            what: format!(
                "the sub-algorithm takes at most {MAX_VERTICES} points, got {}",
                p.len()
            ),
        });
    }
    if let Some(i) = p.iter().position(|x| !is_finite(x)) {
        return Err(Error::NonFinite {
            which: Which::Query,
            what: format!("simplex point {i}"),
        });
    }
    Ok(())
}

/// [`Closest`](super::Closest) on the stack: what the distance loop uses.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct ClosestFixed<T: Scalar, const N: usize> {
    pub(crate) kept: Face,
    pub(crate) lambda: Lambda<T>,
    pub(crate) v: Vector<T, N>,
    pub(crate) dist2: T,
    pub(crate) fallback: bool,
}

/// The point of `conv{p}` closest to the origin (the public form is
/// [`closest_point`](super::closest_point)), without allocating: the
/// distance loop's form.
pub(crate) fn closest_point_fixed<T: Field, const N: usize>(
    points: &[Vector<T, N>],
) -> Result<ClosestFixed<T, N>, Error> {
    check_points(points)?;
    // The points scaled by a power of two; by one (exact mode, or points
    // already scaled, as the boolean loop's containment check passes them)
    // the products would equal the points, so they are read as they are.
    let (s1, s2) = pow2_factors(points.iter());
    let copy = if s1 == T::one() && s2 == T::one() {
        None
    } else {
        // `check_points` bounds the count by MAX_VERTICES: never `None`.
        Some(
            normalized_points(points.iter()).ok_or_else(|| Error::InvalidParameter {
                which: Which::Query,
                what: "too many simplex points".into(),
            })?,
        )
    };
    let scaled: &[Vector<T, N>] = copy.as_deref().unwrap_or(points);
    let n = points.len();
    let zero = T::zero();
    // The fallback candidate (smallest |v|² with λ ≥ 0 so far).
    // Kept as the face and its |v|² only: the fallback recomputes its λ
    // and v at the end (the same functions of the same face, so the same
    // values), instead of copying every better candidate.
    let mut best: Option<T> = None;
    let mut best_face = [0usize; MAX_VERTICES];
    let mut best_size = 0;
    // One buffer for every face's indices and coordinates.
    let mut face_buf = [0usize; MAX_VERTICES];
    let mut lambda_buf: [T; MAX_VERTICES] = std::array::from_fn(|_| T::zero());
    let fixed = |xs: &[usize]| -> Face { xs.iter().copied().collect() };
    let coordinates = |xs: &[T]| -> Lambda<T> { xs.iter().cloned().collect() };
    for size in 1..=n.min(N + 1) {
        for (i, f) in face_buf[..size].iter_mut().enumerate() {
            *f = i;
        }
        loop {
            let face = &face_buf[..size];
            let lambda = &mut lambda_buf[..size];
            if project_into(scaled, face, lambda) {
                let lambda = &*lambda;
                if lambda.iter().all(|l| *l >= zero) {
                    let v = combine(points, face, lambda);
                    let vv = dot(&v, &v);
                    let interior = lambda.iter().all(|l| *l > zero);
                    // Voronoi test against the vertices not in the face
                    // (`face` is increasing, so binary search finds them).
                    let voronoi = interior
                        && (0..n)
                            .filter(|j| face.binary_search(j).is_err())
                            .all(|j| dot(&(&points[j] - &v), &v) >= zero);
                    if voronoi {
                        return Ok(ClosestFixed {
                            kept: fixed(face),
                            lambda: coordinates(lambda),
                            v,
                            dist2: vv,
                            fallback: false,
                        });
                    }
                    if best.as_ref().is_none_or(|b| vv < *b) {
                        best = Some(vv);
                        best_face[..size].copy_from_slice(face);
                        best_size = size;
                    }
                }
            }
            if !next_subset(&mut face_buf[..size], n) {
                break;
            }
        }
    }
    // Fallback (float rounding only): the smallest |v|² with λ ≥ 0. Every
    // single vertex is a candidate, so `best` is set; the `else` arm is
    // unreachable and only avoids a panic path.
    let no_face = || Error::InvalidParameter {
        which: Which::Query,
        what: "no face of the simplex could be projected on".into(),
    };
    let Some(dist2) = best else {
        return Err(no_face());
    };
    let face = &best_face[..best_size];
    let best_lambda = &mut lambda_buf[..best_size];
    if !project_into(scaled, face, best_lambda) {
        return Err(no_face()); // Unreachable: it was projected above.
    }
    let v = combine(points, face, best_lambda);
    let (mut kept, mut lambda) = (Face::new(), Lambda::new());
    for (k, l) in face.iter().zip(best_lambda.iter()) {
        if *l > zero {
            kept.push(*k);
            lambda.push(l.clone());
        }
    }
    Ok(ClosestFixed {
        kept,
        lambda,
        v,
        dist2,
        fallback: true,
    })
}
