//! Touching versus penetrating, exactly: the seeds' other convention.
//!
//! [`crate::boolean`] answers whether the *closed* shapes share a point. Seed 001
//! counts shapes that only touch as *not* colliding. This module decides the
//! finer question, with the same exactness:
//!
//! * **separated** — `A ∩ B = ∅`;
//! * **touching** — they share a point, but the origin is on the boundary of
//!   `K = A − B` (some non-zero `n` has `max_A a·n ≤ min_B b·n`: a plane
//!   separates them weakly, and an arbitrarily small translation along `−n`
//!   makes them disjoint). When `K` is not full-dimensional (two coplanar
//!   triangles in 3D) every intersecting pair is touching;
//! * **penetrating** — the origin is interior to `K`: no small translation
//!   separates them (seed 001's "colliding").
//!
//! # Method: descend to the face that holds the origin
//!
//! The boolean query ends with a simplex `S ⊂ K` whose closed hull contains
//! `O`. Let `G` be the smallest face of `S` holding `O` in its relative
//! interior (the vertices with positive barycentric weight). Then:
//!
//! * `G` is a single vertex `w = s_K(d)`: `O` is a support point, so
//!   `max_K x·d = 0` and `K` lies in the half-space `x·d ≤ 0`: **touching**,
//!   with normal `d`;
//! * `G` is full-dimensional (`N + 1` vertices): `O` is interior to `G ⊂ K`:
//!   **penetrating**;
//! * otherwise let `π` be a linear map onto `span(G)^⊥` (kernel `span(G)`,
//!   which contains `O`). **Claim:** `O ∈ int K ⇔ π(O) ∈ int π(K)`.
//!   (⇒) a linear surjection is open. (⇐) if `O` is on the boundary of `K`,
//!   a supporting plane `n` has `x·n ≤ 0` on `K ⊃ G`; since `O` is inside
//!   `G`, `n ⊥ span(G)`, so `n = πᵀe` and `π(K)` lies in `y·e ≤ 0`.
//!
//!   So the question recurses on `π(A)` and `π(B)` (support
//!   `s_{π(A)}(e) = π(s_A(πᵀe))`) in dimension `N − dim G`, which is smaller.
//!   In dimension 1 it is two support calls: `π(K)` is an interval and
//!   `π(O)` is interior iff `h(1) > 0` and `h(−1) > 0`.
//!
//! Every step uses `+`, `−`, `×` and comparisons, so with rationals the
//! answer is exact. The projections are built from cross products (3D) and
//! perpendiculars (2D) without normalising.
//!
//! # Float mode
//!
//! The boolean loop accepts a containing simplex up to the band
//! `ABS_TOL_FACTOR · u · scale` away from the origin (its containment
//! check, [`crate::boolean`]), so the descent's signs are read against that
//! band: **penetrating** needs the origin deeper than the band inside the
//! full face, and deeper than it on both sides of a codimension-one face;
//! otherwise the descent goes on from the near facet, or takes the near side
//! as a touching normal. Every float touching normal is then checked on the
//! shapes (`check_float_normal`): touching within the rounding noise,
//! separated when it proves a gap, else no verdict
//! ([`NoVerdict::UnprovedNormal`]).

use std::cmp::Ordering;

use arrayvec::ArrayVec;

use super::nearest_facet;
use crate::boolean::{gjk_observed, Options, Outcome};
use crate::distance::subalgorithm::Face;
use crate::error::Error;

use super::{by_distance_loop, Verdict, VerdictReport};
use crate::distance::DistanceOptions;
use crate::relation::NoVerdict;
use crate::scalar::{Field, Scalar};
use crate::shape::Support;
use crate::simplex::support_vertex;
use crate::simplex::Simplex;
use crate::vector::{
    apply_rows, apply_rows_transposed, cross3, dot, is_finite, normalized_points, perp2, Vector,
};

/// The three-way verdict by the boolean loop (see the module docs of
/// [`crate::verdict`](mod@crate::verdict) and of this route): 2D and 3D.
/// Float mode: where the loop, or a projected loop of the descent, stalls
/// ([`NoVerdict::NoProgress`]), the distance loop answers with the support
/// calls left (`after_stall`).
pub fn by_boolean_loop<T, const N: usize, A, B>(
    a: &A,
    b: &B,
    opts: &Options<T, N>,
) -> Result<VerdictReport<T, N>, Error>
where
    T: Field,
    A: Support<T, N> + ?Sized,
    B: Support<T, N> + ?Sized,
{
    let report = route(a, b, opts)?;
    match report.verdict {
        Verdict::NoVerdict {
            reason: NoVerdict::NoProgress,
        } if !T::EXACT => after_stall(a, b, opts, report.iterations),
        _ => Ok(report),
    }
}

/// The boolean loop, then the descent (the projected queries run this
/// route again: a stall there goes up as no verdict, and the fallback is
/// the whole query's, on the shapes themselves).
fn route<T, const N: usize, A, B>(
    a: &A,
    b: &B,
    opts: &Options<T, N>,
) -> Result<VerdictReport<T, N>, Error>
where
    T: Field,
    A: Support<T, N> + ?Sized,
    B: Support<T, N> + ?Sized,
{
    let report = gjk_observed(a, b, opts, &mut ())?;
    let mut iterations = report.iterations;
    let mut kept = Simplex::new();
    let mut verdict = match report.outcome {
        Outcome::Separated { axis, .. } => Verdict::Separated {
            axis,
            separation: None,
        },
        Outcome::NoVerdict { reason, .. } => Verdict::NoVerdict { reason },
        Outcome::Intersecting { simplex, .. } => {
            let v = descend(a, b, &simplex, opts.max_iterations, &mut iterations)?;
            kept = simplex;
            v
        }
    };
    // A certificate that overflowed is no certificate (float modes only).
    if let Verdict::Separated { axis: n, .. } | Verdict::Touching { normal: n, .. } = &verdict {
        if !is_finite(n) {
            return Err(Error::Overflow {
                iteration: iterations,
            });
        }
    }
    if let (false, Verdict::Touching { normal, .. }) = (T::EXACT, &verdict) {
        verdict = check_float_normal(a, b, normal.clone(), &mut iterations)?;
    }
    Ok(VerdictReport {
        verdict,
        iterations,
        simplex: kept,
        stalled: false,
    })
}

/// Float mode: the boolean loop stopped at a fixed point of its rounded
/// steps ([`NoVerdict::NoProgress`], [`crate::boolean`]), typically a long
/// thin simplex a little outside the band, where the rounded direction
/// keeps finding the support point it just dropped. The distance loop,
/// whose progress test allows for rounding, answers instead with the
/// support calls that are left (cold: the loops' simplices are not
/// interchangeable); out of calls, the verdict is the cap's. The report
/// says so ([`VerdictReport::stalled`]): its touching band is the distance
/// route's (`TOUCH_BAND_FACTOR · u · scale`), and its errors are too (a
/// squared distance below the float type's normal range is
/// [`Error::Underflow`], which the boolean loop alone never returns).
fn after_stall<T, const N: usize, A, B>(
    a: &A,
    b: &B,
    opts: &Options<T, N>,
    spent: usize,
) -> Result<VerdictReport<T, N>, Error>
where
    T: Field,
    A: Support<T, N> + ?Sized,
    B: Support<T, N> + ?Sized,
{
    // With no calls left the distance loop stops at once, at its cap.
    let distance_opts = DistanceOptions {
        initial_direction: opts.initial_direction.clone(),
        max_iterations: opts.max_iterations.saturating_sub(spent),
        ..DistanceOptions::default()
    };
    let mut report = by_distance_loop(a, b, &distance_opts)?;
    report.iterations += spent;
    report.stalled = true;
    if let Verdict::NoVerdict {
        reason: NoVerdict::IterationCap { cap },
    } = &mut report.verdict
    {
        *cap = opts.max_iterations;
    }
    Ok(report)
}

/// Float mode: the descent's signs come from rounded arithmetic, so its
/// touching normal `n` is checked on the shapes before it is reported. With
/// `h = max_A a·n − min_B b·n` (two support calls) and the noise
/// `τ = NOISE_FACTOR · u · S · |n|` ([`crate::tolerance::NOISE_FACTOR`], `S`
/// the larger norm of the two support points; the rounding of the two dot
/// products and their difference is a few `u · S · |n|`):
///
/// * `|h| ≤ τ`: the planes coincide up to rounding: **touching**;
/// * `h < −τ`: `n` separates the shapes by more than the noise: they are
///   **separated** with axis `n` (the descent's sign tests were wrong);
/// * `h > τ`: `n` is not a supporting normal: **no verdict**
///   ([`NoVerdict::UnprovedNormal`]), never a wrong certificate.
///
/// Rounding in the descent (a barycentric sign lost to a large Gram
/// determinant) can produce a normal the shapes refute; this check is what
/// turns that into no verdict.
fn check_float_normal<T, const N: usize, A, B>(
    a: &A,
    b: &B,
    normal: Vector<T, N>,
    iterations: &mut usize,
) -> Result<Verdict<T, N>, Error>
where
    T: Scalar,
    A: Support<T, N> + ?Sized,
    B: Support<T, N> + ?Sized,
{
    let v = support_vertex(a, b, &normal, *iterations)?;
    *iterations += 1;
    let h = dot(&v.w, &normal).to_f64();
    let norm = |x: &Vector<T, N>| dot(x, x).to_f64().sqrt();
    let s = norm(&v.a).max(norm(&v.b));
    let tau = crate::tolerance::NOISE_FACTOR * T::UNIT_ROUNDOFF * s * norm(&normal);
    if !h.is_finite() || !tau.is_finite() {
        return Err(Error::Overflow {
            iteration: *iterations,
        });
    }
    Ok(if h.abs() <= tau {
        Verdict::Touching {
            normal,
            point: None,
        }
    } else if h < 0.0 {
        Verdict::Separated {
            axis: normal,
            separation: None,
        }
    } else {
        Verdict::NoVerdict {
            reason: NoVerdict::UnprovedNormal,
        }
    })
}

fn descend<T, const N: usize, A, B>(
    a: &A,
    b: &B,
    simplex: &Simplex<T, N>,
    max_iterations: usize,
    iterations: &mut usize,
) -> Result<Verdict<T, N>, Error>
where
    T: Field,
    A: Support<T, N> + ?Sized,
    B: Support<T, N> + ?Sized,
{
    let mut face = minimal_face(simplex);
    if !T::EXACT && face.len() == N + 1 {
        if let Some(near) = facet_near_origin(simplex, &face)? {
            face = near;
        }
    }
    if face.is_empty() {
        // Exact arithmetic always finds a vertex with positive weight; in
        // float mode a numerically flat simplex may not. No guess: no verdict.
        let region = crate::region::Region::Point(crate::region::PointRegion::O);
        return Ok(Verdict::NoVerdict {
            reason: NoVerdict::Degenerate { region },
        });
    }
    let k = face.len() - 1;
    if face.len() == 1 {
        let normal = simplex
            .get(face[0])
            .map(|v| v.dir.clone())
            .unwrap_or_else(Vector::zeros);
        return Ok(Verdict::Touching {
            normal,
            point: None,
        });
    }
    if k == N {
        return Ok(Verdict::Penetrating { point: None });
    }
    // Float modes: the complements below are quadratic (cross products of
    // differences) or of degree 4 in the coordinates, and overflow `f32`
    // from coordinates near 10¹³. A power-of-two scale keeps them in
    // range without changing `span(G)`, the only thing they depend on.
    let Some(pts) = normalized_points(face.iter().map(|&i| simplex.point(i))) else {
        // Unreachable: a face has at most N + 1 ≤ 4 vertices.
        let region = crate::region::Region::Point(crate::region::PointRegion::O);
        return Ok(Verdict::NoVerdict {
            reason: NoVerdict::Degenerate { region },
        });
    };
    match (N, N - k) {
        (_, 1) => {
            // Float mode: the face may be up to the containment band from
            // the origin (`facet_near_origin`), so a side proves depth only
            // beyond that band: `h ≤ band · |r|` is a touching candidate,
            // which `check_float_normal` then confirms or refutes.
            let band = if T::EXACT {
                0.0
            } else {
                let scale = face
                    .iter()
                    .map(|&i| simplex.point(i))
                    .map(|p| dot(p, p).to_f64().sqrt())
                    .fold(0.0, f64::max);
                crate::tolerance::containment_band::<T>(scale)
            };
            let r = complement_1(&pts);
            for dir in [r.clone(), -r] {
                let w = support_vertex(a, b, &dir, *iterations)?;
                *iterations += 1;
                let h = dot(&w.w, &dir);
                let within = !T::EXACT && {
                    let (h, rr) = (h.to_f64(), dot(&dir, &dir).to_f64());
                    h <= 0.0 || h * h <= band * band * rr
                };
                if h <= T::zero() || within {
                    return Ok(Verdict::Touching {
                        normal: dir,
                        point: None,
                    });
                }
            }
            Ok(Verdict::Penetrating { point: None })
        }
        (3, 2) => {
            let rows = complement_2(&pts);
            // Trait objects keep the recursion to finitely many instantiations
            // (a generic wrapper would nest one more level per call).
            let (ra, rb) = (&a, &b);
            let pa = Projected {
                inner: &ra,
                rows: rows.clone(),
            };
            let pb = Projected {
                inner: &rb,
                rows: rows.clone(),
            };
            let opts = Options::<T, 2> {
                initial_direction: None,
                max_iterations,
            };
            let sub = route(&pa, &pb, &opts)?;
            *iterations += sub.iterations;
            Ok(match sub.verdict {
                Verdict::Penetrating { .. } => Verdict::Penetrating { point: None },
                Verdict::Touching { normal, .. } => Verdict::Touching {
                    normal: apply_rows_transposed(&rows, &normal),
                    point: None,
                },
                Verdict::NoVerdict { reason } => Verdict::NoVerdict { reason },
                // π(O) = O is in π(K) because O is in K; only rounding can say otherwise.
                Verdict::Separated { .. } => Verdict::NoVerdict {
                    reason: NoVerdict::Degenerate {
                        region: crate::region::Region::Point(crate::region::PointRegion::O),
                    },
                },
            })
        }
        _ => Err(Error::UnsupportedDimension {
            dim: N,
            supported: "2 and 3",
        }),
    }
}

/// Float mode: the sub-face nearest to the origin of a full-dimensional
/// face `face` (indices into `simplex`) whose facet passes within the band
/// `ABS_TOL_FACTOR · u · scale` of the origin ([`crate::tolerance::ABS_TOL_FACTOR`],
/// the band of the boolean loop's containment check, `scale` the largest
/// norm of the face's points), reduced to the vertices holding that
/// facet's closest point; `None` when the origin is deeper inside.
///
/// A face with the origin inside it proves penetration only if rounding
/// cannot have put the origin there: the face's points are `A − B` support
/// points, and the containment check accepts a face up to the band away
/// from the origin. So in float mode **penetrating** means "deeper than the
/// band inside a simplex of `A − B`"; nearer to a facet, the descent goes on
/// from that facet, as if the origin were on it, and its answer (touching
/// along the facet's normal, or separated when the normal's support planes
/// prove a gap, see `check_float_normal`) follows (`tests/semantics.rs`,
/// `float_containment_is_checked`). Computed as the containment check is:
/// the distance sub-algorithm in `f64` on the points scaled by a power of
/// two.
fn facet_near_origin<T: Scalar, const N: usize>(
    simplex: &Simplex<T, N>,
    face: &Face,
) -> Result<Option<Face>, Error> {
    // On the stack (no allocation per float query, `tests/allocations.rs`).
    let (pts, scale) = crate::tolerance::normalized_f64(face.iter().map(|&i| simplex.point(i)))?;
    let tol = crate::tolerance::containment_band::<T>(scale);
    Ok(nearest_facet(&pts)?
        .filter(|(d2, _)| d2.sqrt() <= tol)
        .map(|(_, kept)| kept.iter().map(|&k| face[k]).collect()))
}

/// `π(S)` for a linear map `π` given by its rows: `s_{π(S)}(e) = π(s_S(πᵀe))`.
struct Projected<'a, T: Scalar, const N: usize, const M: usize> {
    inner: &'a dyn Support<T, N>,
    rows: [Vector<T, N>; M],
}

impl<T: Scalar, const N: usize, const M: usize> Support<T, M> for Projected<'_, T, N, M> {
    fn support(&self, dir: &Vector<T, M>) -> Vector<T, M> {
        let lifted = apply_rows_transposed(&self.rows, dir);
        apply_rows(&self.rows, &self.inner.support(&lifted))
    }
}

/// One non-zero vector orthogonal to `span(pts)`, which has dimension `N − 1`
/// (2D: a segment; 3D: a triangle).
fn complement_1<T: Scalar, const N: usize>(pts: &[Vector<T, N>]) -> Vector<T, N> {
    let u = &pts[1] - &pts[0];
    match N {
        2 => perp2(&u).unwrap_or_else(Vector::zeros),
        _ => cross3(&u, &(&pts[2] - &pts[0])).unwrap_or_else(Vector::zeros),
    }
}

/// Two independent vectors orthogonal to the line `span(pts)` in 3D.
fn complement_2<T: Scalar, const N: usize>(pts: &[Vector<T, N>]) -> [Vector<T, N>; 2] {
    let u = &pts[1] - &pts[0];
    // Cross with the axis along which u is smallest in magnitude: never parallel.
    let abs = |x: &T| {
        if *x < T::zero() {
            -x.clone()
        } else {
            x.clone()
        }
    };
    let j = (0..N)
        .min_by(|&i, &k| {
            abs(&u[i])
                .partial_cmp(&abs(&u[k]))
                .unwrap_or(Ordering::Equal)
        })
        .unwrap_or(0);
    let mut e = Vector::<T, N>::zeros();
    e[j] = T::one();
    let r1 = cross3(&u, &e).unwrap_or_else(Vector::zeros);
    let r2 = cross3(&u, &r1).unwrap_or_else(Vector::zeros);
    [r1, r2]
}

/// The indices of the vertices with positive barycentric weight in the
/// origin, for a simplex whose closed hull contains it.
///
/// With `O = p₀ + Σ tᵢ (pᵢ − p₀)`, the weights solve the Gram system
/// `G t = r`, `Gᵢⱼ = (pᵢ − p₀)·(pⱼ − p₀)`, `rᵢ = −(pᵢ − p₀)·p₀`; by Cramer's rule
/// `tᵢ = det Gᵢ / det G` with `det G > 0`, and the weight of `p₀` is
/// `(det G − Σ det Gᵢ) / det G`. Only signs are needed, so nothing is divided.
pub(crate) fn minimal_face<T: Scalar, const N: usize>(simplex: &Simplex<T, N>) -> Face {
    // Float modes: a power-of-two scale keeps the Gram determinant in range.
    // Everything below is on the stack (no allocation per query in float
    // mode, `tests/allocations.rs`); the arithmetic is the cofactor
    // expansion's, operation for operation.
    let Some(p) = normalized_points(simplex.points()) else {
        // More than MAX_POINTS vertices: unreachable (N ≤ 3 here).
        return Face::new();
    };
    let k = p.len().saturating_sub(1);
    if k == 0 {
        return (0..1).collect();
    }
    if k > MAX_GRAM {
        // `contact` runs only after `gjk`, which accepts N = 2 and 3 only.
        return Face::new();
    }
    let e: ArrayVec<Vector<T, N>, MAX_GRAM> = (1..=k).map(|i| &p[i] - &p[0]).collect();
    let g: Gram<T> = e
        .iter()
        .map(|ei| e.iter().map(|ej| dot(ei, ej)).collect())
        .collect();
    let r: ArrayVec<T, MAX_GRAM> = e.iter().map(|ei| -dot(ei, &p[0])).collect();
    let det_g = det(&g);
    let mut weights: ArrayVec<T, { MAX_GRAM + 1 }> = ArrayVec::new();
    let mut rest = det_g.clone();
    for i in 0..k {
        let mut gi = g.clone();
        for (row, ri) in gi.iter_mut().zip(&r) {
            row[i] = ri.clone();
        }
        let di = det(&gi);
        rest -= di.clone();
        weights.push(di);
    }
    weights.insert(0, rest);
    let sign = det_g.signum_i8();
    weights
        .iter()
        .enumerate()
        .filter(|(_, w)| w.signum_i8() * sign > 0)
        .map(|(i, _)| i)
        .collect()
}

/// The largest Gram system of [`minimal_face`]: `k ≤ N ≤ 3` edge vectors.
const MAX_GRAM: usize = 3;

/// A Gram matrix of at most [`MAX_GRAM`] rows, on the stack.
type Gram<T> = ArrayVec<ArrayVec<T, MAX_GRAM>, MAX_GRAM>;

/// The determinant of a small square matrix by cofactor expansion (only `+`,
/// `−`, `×`: exact for rationals; sizes up to [`MAX_GRAM`]).
fn det<T: Scalar>(m: &[ArrayVec<T, MAX_GRAM>]) -> T {
    match m.len() {
        0 => T::one(),
        1 => m[0][0].clone(),
        n => {
            let mut sum = T::zero();
            for j in 0..n {
                let minor: Gram<T> = m[1..]
                    .iter()
                    .map(|row| {
                        row.iter()
                            .enumerate()
                            .filter(|(c, _)| *c != j)
                            .map(|(_, x)| x.clone())
                            .collect()
                    })
                    .collect();
                let term = m[0][j].clone() * det(&minor);
                if j % 2 == 0 {
                    sum += term;
                } else {
                    sum -= term;
                }
            }
            sum
        }
    }
}
