//! Exact answers at float speed: **the float loops find, the verifier
//! proves**.
//!
//! [`exact_query`] answers the same questions as the exact mode of the
//! `gjk` tool — separated, touching or penetrating; the squared distance;
//! the squared penetration depth — with the same exact values, but does
//! not run the loops over rationals unless it must:
//!
//! 1. **Find** in `f64`: the distance loop ([`crate::distance::distance`])
//!    on the sets' `f64` shadows ([`PointSet`]), and for intersecting
//!    shapes EPA from its simplex ([`crate::epa::epa_keeping_polytope`]).
//!    The support maps record which input point each support point is, so
//!    the float results become index pairs.
//! 2. **Recover exact weights** over those index pairs: the point of the
//!    affine hull of the final simplex's exact points nearest the origin
//!    (a `k × k` linear system, `k ≤ N + 1`, solved over the rationals);
//!    where the exact points are affinely dependent (the float ones were
//!    not), the nearest face over the simplices with one vertex dropped.
//! 3. **Prove** with a certificate ([`crate::certificate`]): distance
//!    (separated, with `dist²`), intersecting (penetrating), touching (a
//!    normal from the float run's directions, projected exactly onto the
//!    orthogonal complement of the face holding the origin), depth (the
//!    float EPA's final polytope, checked as a cycle around the origin
//!    with its nearest facet's plane supporting `A − B`; where the origin
//!    is on a face of the float simplex and no normal supports `A − B`
//!    there, the cyclic differences of `N + 1` points the two sets share
//!    prove the overlap if there are such points (a shape and its copy);
//!    shapes in one hyperplane that meet there touch by its normal,
//!    computed exactly;
//!    otherwise the depth certificate alone proves it, and where the
//!    float EPA finds the origin on the boundary instead, its normal is one
//!    more candidate for the touching certificate, also snapped to the
//!    faces of `A` and `B` it nearly supports, within bands of 10⁻¹², 10⁻⁹
//!    and 10⁻⁶ of their widths along it). The verifier's
//!    support passes are filtered ([`crate::filtered`]): `f64` with a
//!    rigorous error bound, exact only for the points the bound cannot
//!    rule out.
//! 4. **Fall back** when a certificate is rejected (the float loop stopped
//!    on the wrong face, rounding moved a near-degenerate decision): the
//!    crate's exact loops, exactly as the exact mode runs them
//!    ([`crate::verdict::verdict`], then [`crate::distance::distance`] or
//!    [`crate::epa::epa_from_simplex`] over rationals).
//!
//! Every proved value is the unique exact one (the relation, `dist²` and
//! `δ²` are functions of the input), so it is the value the exact loops
//! compute; witness points, axes and normals may differ where the truth
//! allows several, and each one returned is checked by the verifier.

mod reason;
#[cfg(test)]
mod tests;

pub use reason::{Unmeasured, Unproved};

use std::cell::RefCell;
use std::collections::HashMap;

use num_bigint::{BigInt, BigUint};
use num_traits::{One, Signed, Zero};

use crate::certificate::linalg::{combine, cross, solve};
use crate::certificate::{verify, Certificate, Pair, Proved};
use crate::distance::{distance, DistanceOptions, DistanceOutcome};
use crate::epa::{epa_from_simplex, epa_keeping_polytope, EpaOptions, EpaOutcome};
use crate::error::{Error, Which};
use crate::filtered::{common_denominator, dot_q, PointSet};
use crate::hasher::BuildBits;
use crate::lowest_terms;
use crate::relation::{NoVerdict, Relation};
use crate::scalar::{rational_from_f64, Rational};
use crate::shape::{ConvexHull, Support};
use crate::simplex::{Simplex, Vertex};
use crate::tolerance::DEFAULT_MAX_ITERATIONS;
use crate::vector::Vector;
use crate::verdict::{verdict, Separation, Verdict};

/// Options of [`exact_query`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExactOptions {
    /// The most support calls per loop (float and exact), as in the exact
    /// mode.
    pub max_iterations: usize,
    /// Run the exact loops when a certificate is rejected (`true`, the
    /// default); `false` returns [`ExactAnswer::Unproved`] instead, for a
    /// caller with its own exact path.
    pub fallback: bool,
    /// Stop at the relation (`false` by default): a penetrating pair that an
    /// intersecting certificate proves gets no depth ([`RELATION_ONLY`] in
    /// its place; one that only the depth certificate can prove gets its
    /// depth as usual), and a fallback runs the exact
    /// three-way verdict only, no distance loop or EPA after it. For callers
    /// that need the verdict alone ([`crate::certified::certify`]).
    pub relation_only: bool,
}

/// The text in place of a value that [`ExactOptions::relation_only`] did not
/// compute.
pub const RELATION_ONLY: &str = "not computed (ExactOptions::relation_only)";

impl Default for ExactOptions {
    fn default() -> Self {
        ExactOptions {
            max_iterations: DEFAULT_MAX_ITERATIONS,
            fallback: true,
            relation_only: false,
        }
    }
}

/// The squared penetration depth with its normal.
#[derive(Clone, Debug, PartialEq)]
pub struct Depth<const N: usize> {
    /// `δ²`.
    pub depth2: Rational,
    /// The outward normal of `A − B` on the nearest facet, from `A` towards
    /// `B` (not normalised).
    pub normal: Vector<Rational, N>,
    /// The point of that facet's plane nearest the origin: translating `A`
    /// by its negative makes the shapes touch.
    pub penetration: Vector<Rational, N>,
}

/// An exact answer.
#[derive(Clone, Debug, PartialEq)]
pub enum ExactAnswer<const N: usize> {
    /// Disjoint.
    Separated {
        /// A separating axis from `A` towards `B`.
        axis: Vector<Rational, N>,
        /// The squared distance and a closest pair, or why there is none
        /// (fallback or [`ExactOptions::relation_only`] only).
        separation: Result<Separation<Rational, N>, Unmeasured>,
    },
    /// A common point, the origin on the boundary of `A − B`.
    Touching {
        /// A weakly separating normal from `A` towards `B`.
        normal: Vector<Rational, N>,
    },
    /// The origin interior to `A − B`.
    Penetrating {
        /// The depth, or why there is none (fallback or
        /// [`ExactOptions::relation_only`] only).
        depth: Result<Depth<N>, Unmeasured>,
    },
    /// No verdict (the exact loop's iteration cap; fallback only).
    NoVerdict {
        /// Why.
        reason: NoVerdict,
    },
    /// A certificate was rejected and [`ExactOptions::fallback`] is off.
    Unproved,
}

impl<const N: usize> ExactAnswer<N> {
    /// The relation, if there is a verdict.
    pub fn relation(&self) -> Option<Relation> {
        match self {
            ExactAnswer::Separated { .. } => Some(Relation::Separated),
            ExactAnswer::Touching { .. } => Some(Relation::Touching),
            ExactAnswer::Penetrating { .. } => Some(Relation::Penetrating),
            _ => None,
        }
    }
}

/// Which step of [`exact_query`] needed the exact loops, and why.
#[derive(Clone, Debug, PartialEq)]
pub struct Fallback {
    /// `verdict` (the relation and distance) or `depth`.
    pub stage: &'static str,
    /// Why the certificate was not proved.
    pub reason: Unproved,
}

/// An exact answer with its proof and cost.
#[derive(Clone, Debug, PartialEq)]
pub struct ExactReport<const N: usize> {
    /// The answer.
    pub answer: ExactAnswer<N>,
    /// The certificates the verifier accepted (the answer rests on them
    /// where there is no fallback).
    pub certificates: Vec<Certificate<N>>,
    /// Where the exact loops ran instead, and why.
    pub fallback: Option<Fallback>,
    /// Support points computed by the float loops.
    pub float_iterations: usize,
    /// Support points computed by the exact loops.
    pub exact_iterations: usize,
}

/// A point cloud's support map on its `f64` shadows that records which
/// point each support point is (module docs, step 1). Ties go to the
/// lowest index, as in [`ConvexHull`].
struct Recording<'a, const N: usize> {
    points: &'a [Vector<f64, N>],
    seen: RefCell<HashMap<[u64; N], usize, BuildBits>>,
}

impl<'a, const N: usize> Recording<'a, N> {
    fn new(points: &'a [Vector<f64, N>]) -> Self {
        Recording {
            points,
            seen: RefCell::new(HashMap::default()),
        }
    }

    /// The index of a support point this map returned.
    fn index(&self, p: &Vector<f64, N>) -> Option<usize> {
        self.seen.borrow().get(&bits(p)).copied()
    }
}

fn bits<const N: usize>(p: &Vector<f64, N>) -> [u64; N] {
    std::array::from_fn(|i| p[i].to_bits())
}

impl<const N: usize> Support<f64, N> for Recording<'_, N> {
    fn support(&self, dir: &Vector<f64, N>) -> Vector<f64, N> {
        let mut best = 0;
        let mut best_dot = f64::NEG_INFINITY;
        for (i, p) in self.points.iter().enumerate() {
            let d = p.dot(dir);
            if d > best_dot {
                best = i;
                best_dot = d;
            }
        }
        let p = self.points[best];
        self.seen.borrow_mut().entry(bits(&p)).or_insert(best);
        p
    }
}

/// The pairs of float vertices (`None` if one was not recorded).
fn pairs_of<'v, const N: usize>(
    ra: &Recording<'_, N>,
    rb: &Recording<'_, N>,
    vertices: impl Iterator<Item = &'v Vertex<f64, N>>,
) -> Option<Vec<Pair>> {
    vertices
        .map(|v| {
            Some(Pair {
                a: ra.index(&v.a)?,
                b: rb.index(&v.b)?,
            })
        })
        .collect()
}

/// The exact points `a[i] − b[j]` of the pairs.
fn exact_points<const N: usize>(
    a: &PointSet<N>,
    b: &PointSet<N>,
    pairs: &[Pair],
) -> Option<Vec<Vector<Rational, N>>> {
    pairs
        .iter()
        .map(|p| Some(lowest_terms::sub_vectors(&a.point(p.a)?, &b.point(p.b)?)))
        .collect()
}

/// The weights `λ` (`Σλ = 1`) of the point of the affine hull of `w`
/// nearest the origin (module docs, step 2): `p = w₀ + Σ μᵢ eᵢ` with
/// `eᵢ = wᵢ − w₀` and `(E Eᵀ) μ = −E w₀`. `None` if the points are
/// affinely dependent.
fn affine_weights<const N: usize>(w: &[Vector<Rational, N>]) -> Option<Vec<Rational>> {
    if w.len() == 1 {
        // One point: its own weight, 1.
        return Some(vec![Rational::one()]);
    }
    let e: Vec<Vector<Rational, N>> = w[1..]
        .iter()
        .map(|x| lowest_terms::sub_vectors(x, &w[0]))
        .collect();
    let gram: Vec<Vec<Rational>> = e
        .iter()
        .map(|x| e.iter().map(|y| dot_q(x, y)).collect())
        .collect();
    let rhs: Vec<Rational> = e.iter().map(|x| -dot_q(x, &w[0])).collect();
    let mu = solve(gram, rhs)?;
    let mut lambda = Vec::with_capacity(w.len());
    let sum = mu
        .iter()
        .fold(Rational::zero(), |s, m| lowest_terms::add(&s, m));
    lambda.push(lowest_terms::sub(&Rational::one(), &sum));
    lambda.extend(mu);
    Some(lambda)
}

/// The float simplex's exact points reduced to a face whose affine hull's
/// nearest point to the origin has weights `≥ 0` (module docs, step 2):
/// the vertex of the most negative weight is dropped until none is
/// negative. The float loop usually ends on the right face; where rounding
/// kept one vertex too many, this finds the face the exact nearest point
/// is on (the verifier decides whether it is).
#[allow(clippy::type_complexity)] // (pairs, points, weights) of one face: one caller.
fn nearest_face<const N: usize>(
    mut pairs: Vec<Pair>,
    mut w: Vec<Vector<Rational, N>>,
) -> Result<(Vec<Pair>, Vec<Vector<Rational, N>>, Vec<Rational>), Unproved> {
    loop {
        if w.is_empty() {
            return Err(Unproved::EmptySimplex);
        }
        let Some(lambda) = affine_weights(&w) else {
            return nearest_subface(pairs, w);
        };
        let worst = (0..lambda.len())
            .filter(|&i| lambda[i].is_negative())
            .min_by(|&i, &j| lambda[i].cmp(&lambda[j]));
        match worst {
            None => return Ok((pairs, w, lambda)),
            Some(i) => {
                pairs.remove(i);
                w.remove(i);
            }
        }
    }
}

/// An affinely dependent simplex (its float points were independent; its
/// exact ones are not): the nearest face over the simplices with one vertex
/// dropped, the one whose nearest point is closest to the origin (the
/// nearest point of the hull lies on a proper face of it).
#[allow(clippy::type_complexity)] // As `nearest_face`.
fn nearest_subface<const N: usize>(
    pairs: Vec<Pair>,
    w: Vec<Vector<Rational, N>>,
) -> Result<(Vec<Pair>, Vec<Vector<Rational, N>>, Vec<Rational>), Unproved> {
    let mut best: Option<(
        Rational,
        (Vec<Pair>, Vec<Vector<Rational, N>>, Vec<Rational>),
    )> = None;
    for i in 0..w.len() {
        let (mut pairs, mut w) = (pairs.clone(), w.clone());
        pairs.remove(i);
        w.remove(i);
        if let Ok(face) = nearest_face(pairs, w) {
            let (p, _) = combine(&face.1, &face.2);
            let p2 = dot_q(&p, &p);
            if best.as_ref().is_none_or(|(b2, _)| p2 < *b2) {
                best = Some((p2, face));
            }
        }
    }
    best.map(|(_, face)| face)
        .ok_or(Unproved::AffinelyDependent)
}

/// The exact direction of a float one.
fn exact_direction<const N: usize>(d: &Vector<f64, N>) -> Option<Vector<Rational, N>> {
    let mut v = Vector::<Rational, N>::zeros();
    for i in 0..N {
        v[i] = rational_from_f64(d[i])?;
    }
    Some(v)
}

/// An orthogonal basis of the span of `span` (Gram–Schmidt, exactly), for
/// [`orthogonal_part`], built once per face: integer vectors `q`, each with
/// `q·q`. A projection `(x·q / q·q) q` does not change when `q` is scaled,
/// so each `q` is the primitive integer vector along its direction.
fn orthogonal_basis<const N: usize>(span: &[Vector<Rational, N>]) -> Vec<([BigInt; N], BigInt)> {
    let mut basis: Vec<([BigInt; N], BigInt)> = Vec::new();
    for x in span {
        if basis.len() == N {
            break; // The whole space: every further vector projects to zero.
        }
        basis.extend(primitive(project_out(x, &basis).0));
    }
    basis
}

/// A non-zero integer vector divided by the gcd of its entries, with its
/// squared length: an entry of [`orthogonal_basis`]. `None` for zero.
fn primitive<const N: usize>(r: [BigInt; N]) -> Option<([BigInt; N], BigInt)> {
    let g = r
        .iter()
        .fold(BigUint::zero(), |g, x| lowest_terms::gcd(&g, x.magnitude()));
    if g.is_zero() {
        return None;
    }
    let g = BigInt::from(g);
    let q: [BigInt; N] = std::array::from_fn(|k| &r[k] / &g);
    let qq = q.iter().map(|x| x * x).sum();
    Some((q, qq))
}

/// `s` minus its projection on the span of the orthogonal `basis`,
/// exactly.
fn orthogonal_part<const N: usize>(
    s: &Vector<Rational, N>,
    basis: &[([BigInt; N], BigInt)],
) -> Vector<Rational, N> {
    let (n, d) = project_out(s, basis);
    Vector::from_fn(|k, _| lowest_terms::new(n[k].clone(), d.clone()))
}

/// [`orthogonal_part`] over the integers, as numerators over one positive
/// denominator: with `x = X / D` ([`common_denominator`]), each
/// projection is `X/D − (X·q / q·q) q / D = (X (q·q) − (X·q) q) / (D q·q)`,
/// no gcd until the end.
fn project_out<const N: usize>(
    x: &Vector<Rational, N>,
    basis: &[([BigInt; N], BigInt)],
) -> ([BigInt; N], BigInt) {
    let (mut n, mut d) = common_denominator(x);
    for (q, qq) in basis {
        let t: BigInt = n.iter().zip(q).map(|(a, b)| a * b).sum();
        if t.is_zero() {
            continue;
        }
        n = std::array::from_fn(|k| &n[k] * qq - &t * &q[k]);
        d *= qq;
    }
    (n, d)
}

/// Relative widths, tried in turn, of the band below `max_A n·a` (above
/// `min_B n·b`) whose points [`snapped`] counts as the face `n` supports.
/// A heuristic: a wrong band only makes a normal the verifier rejects.
const SNAP_BANDS: [f64; 3] = [1e-12, 1e-9, 1e-6];

/// A float normal `n` that nearly supports `A − B` at the face holding the
/// origin, snapped to the contact: for each band of [`SNAP_BANDS`] (times
/// the widths of `A` and `B` along `n`), the points of `A` within it of
/// `max_A n·a` and of `B` within it of `min_B n·b` are taken as the
/// touching faces, and `n` (exactly) is projected onto the orthogonal
/// complement of their directions `aᵢ − a₀`, `bⱼ − b₀` and of the face's
/// span. A float normal is off by rounding, so it supports one vertex of
/// a touching face of `A` and one of `B`, rarely a common point; its
/// projection is orthogonal to both faces, and the verifier decides.
fn snapped<const N: usize>(
    a: &PointSet<N>,
    b: &PointSet<N>,
    face: &Face<N>,
    n: &Vector<f64, N>,
) -> Vec<Vector<Rational, N>> {
    let Some(exact_n) = exact_direction(n) else {
        return Vec::new();
    };
    // The indices within `band` of the extreme of `sign · n·p`, and the
    // width of the set along `n`.
    let near = |set: &PointSet<N>, sign: f64, band: f64| -> Vec<usize> {
        let dots: Vec<f64> = set.shadows().iter().map(|p| sign * n.dot(p)).collect();
        let (lo, hi) = dots
            .iter()
            .fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), &x| {
                (l.min(x), h.max(x))
            });
        let cut = hi - band * (hi - lo);
        (0..dots.len()).filter(|&i| dots[i] >= cut).collect()
    };
    let mut out: Vec<Vector<Rational, N>> = Vec::new();
    for band in SNAP_BANDS {
        let mut span = span_of(face);
        for (set, sign) in [(a, 1.0), (b, -1.0)] {
            let points: Vec<Vector<Rational, N>> = near(set, sign, band)
                .into_iter()
                .filter_map(|i| set.point(i))
                .collect();
            if let Some((first, rest)) = points.split_first() {
                span.extend(rest.iter().map(|p| p - first));
            }
        }
        let normal = orthogonal_part(&exact_n, &orthogonal_basis(&span));
        if !normal.iter().all(Zero::is_zero) && !out.contains(&normal) {
            out.push(normal);
        }
    }
    out
}

/// A convex combination `(index, weight)` with repeated indices merged.
fn merged(terms: impl Iterator<Item = (usize, Rational)>) -> Vec<(usize, Rational)> {
    let mut out: Vec<(usize, Rational)> = Vec::new();
    for (i, l) in terms {
        match out.iter_mut().find(|(j, _)| *j == i) {
            Some((_, m)) => *m += l,
            None => out.push((i, l)),
        }
    }
    out
}

/// What the float search and the verifier established.
enum Found<const N: usize> {
    Separated {
        axis: Vector<Rational, N>,
        separation: Separation<Rational, N>,
    },
    Touching {
        normal: Vector<Rational, N>,
    },
    /// Penetrating, with the float simplex EPA starts from: proved by an
    /// intersecting certificate (`on_face` is `None`), or, the origin on a
    /// face of the simplex that no normal was proved to support, to be
    /// proved by the depth certificate (or touching after all, by a normal
    /// the float EPA finds: `on_face` is that face).
    Penetrating {
        simplex: Simplex<f64, N>,
        on_face: Option<Face<N>>,
    },
}

/// A face of the float simplex holding the origin: its index pairs, exact
/// points and exact weights (`Σ λᵢ wᵢ = 0`).
struct Face<const N: usize> {
    pairs: Vec<Pair>,
    w: Vec<Vector<Rational, N>>,
    lambda: Vec<Rational>,
}

/// Steps 1–3 of the module docs for the relation (and the distance):
/// what was proved, with its certificates, or why not.
fn find<const N: usize>(
    a: &PointSet<N>,
    b: &PointSet<N>,
    ra: &Recording<'_, N>,
    rb: &Recording<'_, N>,
    max_iterations: usize,
    iterations: &mut usize,
    certs: &mut Vec<Certificate<N>>,
) -> Result<Found<N>, Unproved> {
    let opts = DistanceOptions {
        max_iterations,
        ..DistanceOptions::default()
    };
    let report = distance(ra, rb, &opts).map_err(Unproved::FloatLoopError)?;
    *iterations += report.iterations;
    let (simplex, axis) = match report.outcome {
        DistanceOutcome::Separated { simplex, axis, .. } => (simplex, Some(axis)),
        DistanceOutcome::Intersecting { simplex } => (simplex, None),
        DistanceOutcome::NoVerdict { reason, .. } => {
            return Err(Unproved::FloatLoopNoVerdict(reason))
        }
    };
    let all_pairs = pairs_of(ra, rb, simplex.iter()).ok_or(Unproved::UnrecordedSupportPoint)?;
    let all_w = exact_points(a, b, &all_pairs).ok_or(Unproved::BadIndex)?;
    let (pairs, w, lambda) = nearest_face(all_pairs, all_w)?;
    let (p, _) = combine(&w, &lambda);
    if !p.iter().all(Zero::is_zero) {
        let cert = Certificate::Distance {
            pairs: pairs.clone(),
            weights: lambda.clone(),
        };
        let (dist2, witness_a, witness_b) = match verify(a, b, &cert) {
            Ok(Proved::Distance {
                dist2,
                witness_a,
                witness_b,
            }) => (dist2, witness_a, witness_b),
            Ok(_) => return Err(Unproved::UnexpectedProof),
            Err(rejection) => {
                return Err(Unproved::Rejected {
                    certificate: cert.name(),
                    rejection,
                })
            }
        };
        certs.push(cert);
        // `witness_b − witness_a = −Σλᵢwᵢ`: the proved `p`, negated.
        let axis = -p;
        return Ok(Found::Separated {
            axis,
            separation: Separation {
                dist2,
                witness_a,
                witness_b,
            },
        });
    }
    // The origin is in the simplex: interior to it, or on a face.
    if w.len() == N + 1 && lambda.iter().all(Signed::is_positive) {
        let cert = Certificate::Intersecting {
            pairs,
            weights: lambda,
        };
        return match verify(a, b, &cert) {
            Ok(Proved::Penetrating) => {
                certs.push(cert);
                Ok(Found::Penetrating {
                    simplex,
                    on_face: None,
                })
            }
            Ok(_) => Err(Unproved::UnexpectedProof),
            Err(rejection) => Err(Unproved::Rejected {
                certificate: cert.name(),
                rejection,
            }),
        };
    }
    let face = Face { pairs, w, lambda };
    let seeds = touching_seeds(&simplex, &face, axis);
    match touching(a, b, &face, seeds, certs) {
        Ok(normal) => Ok(Found::Touching { normal }),
        // The origin on a face of the simplex, and no normal supports
        // `A − B` there: the shapes may still overlap (the origin on an
        // inner segment of `A − B`, as for mirror images). EPA grows the
        // simplex, and its depth certificate, if it verifies, proves the
        // overlap by itself (a ball of radius `δ > 0` about the origin lies
        // in `A − B`). Shapes that share a full-dimensional set of points
        // (a shape and its copy) prove it at once ([`shared_simplex`]).
        // Shapes in one hyperplane that meet (the face's common point)
        // touch by its normal ([`flat_normal`]).
        Err(_) => match shared_simplex(a, b) {
            Some(cert) => {
                certs.push(cert);
                Ok(Found::Penetrating {
                    simplex,
                    on_face: None,
                })
            }
            None => {
                let flat = flat_normal(a, b).into_iter().collect();
                if let Ok(normal) = touching(a, b, &face, flat, certs) {
                    return Ok(Found::Touching { normal });
                }
                Ok(Found::Penetrating {
                    simplex,
                    on_face: Some(face),
                })
            }
        },
    }
}

/// The most points common to `A` and `B` that [`shared_simplex`] projects
/// exactly: a bound on its cost where the common points are many and
/// affinely dependent. Reaching it only leaves the proof to EPA's depth
/// certificate.
const SHARED_TRIES: usize = 64;

/// The intersecting certificate of two sets that share `N + 1` affinely
/// independent points `c₀ … c_N` (a shape and its copy, where the float
/// loop's simplex ends with the origin on a face: `A − A` is symmetric, so
/// its support points come in opposite pairs).
///
/// The cyclic differences `wₖ = c_k − c_{k+1 mod N+1}` are points of
/// `A − B` (`c_k` as a point of `A`, `c_{k+1}` as one of `B`) and sum to
/// zero, so the origin is their mean: weights `1/(N + 1)`, all positive.
/// They are affinely independent: their span holds every edge
/// `c_k − c₀ = −(w₀ + … + w_{k−1})`, so it is the whole space, and an
/// affine hyperplane holding them all would hold their mean, the origin,
/// so it would be linear and hold their span. The verifier checks all of
/// it; `None` when fewer than `N + 1` independent common points are found
/// within [`SHARED_TRIES`].
fn shared_simplex<const N: usize>(a: &PointSet<N>, b: &PointSet<N>) -> Option<Certificate<N>> {
    // Equal exact points have equal shadows: look `A`'s up among `B`'s.
    let mut in_b: HashMap<[u64; N], usize, BuildBits> = HashMap::default();
    for (j, p) in b.shadows().iter().enumerate() {
        in_b.entry(bits(p)).or_insert(j);
    }
    let mut shared: Vec<Pair> = Vec::with_capacity(N + 1);
    let mut first: Option<Vector<Rational, N>> = None;
    let mut basis: Vec<([BigInt; N], BigInt)> = Vec::new();
    let mut tries = 0;
    for (i, p) in a.shadows().iter().enumerate() {
        if shared.len() == N + 1 || tries == SHARED_TRIES {
            break;
        }
        let Some(&j) = in_b.get(&bits(p)) else {
            continue;
        };
        let (Some(x), Some(y)) = (a.point(i), b.point(j)) else {
            continue;
        };
        if x != y {
            continue;
        }
        tries += 1;
        match &first {
            None => first = Some(x),
            Some(c0) => {
                match primitive(project_out(&lowest_terms::sub_vectors(&x, c0), &basis).0) {
                    Some(q) => basis.push(q),
                    None => continue,
                }
            }
        }
        shared.push(Pair { a: i, b: j });
    }
    if shared.len() < N + 1 {
        return None;
    }
    let pairs: Vec<Pair> = (0..=N)
        .map(|k| Pair {
            a: shared[k].a,
            b: shared[(k + 1) % (N + 1)].b,
        })
        .collect();
    let weight = lowest_terms::new(BigInt::one(), BigInt::from(N + 1));
    let cert = Certificate::Intersecting {
        pairs,
        weights: vec![weight; N + 1],
    };
    matches!(verify(a, b, &cert), Ok(Proved::Penetrating)).then_some(cert)
}

/// The most points of `A` and `B` that [`flat_normal`] projects exactly,
/// taken from the two sets in turn: a bound on its cost for large sets.
/// The normal is only a candidate; the verifier checks it against every
/// point.
const FLAT_TRIES: usize = 64;

/// A normal to the affine hull of `A ∪ B` when that hull is not the whole
/// space (a flat shape and its copy; two overlapping polygons in one plane
/// of 3D), from at most [`FLAT_TRIES`] points; `None` when they span it.
///
/// If `n·x = c` for every `x` in `A ∪ B`, then `max_A n·a = c = min_B n·b`:
/// `n` supports `A − B` at the origin, and the shapes touch where they
/// meet (`A − B` has no interior). The float directions miss such an `n`:
/// a flat set's width along a direction near it is rounding noise, which
/// the bands of [`snapped`] cannot tell from a contact. So it is found
/// exactly: an orthogonal basis of the differences `x − x₀` (as in
/// [`orthogonal_basis`]), then the first coordinate axis `e_k` with a
/// non-zero part orthogonal to it.
fn flat_normal<const N: usize>(a: &PointSet<N>, b: &PointSet<N>) -> Option<Vector<Rational, N>> {
    let in_turn = (0..a.len().max(b.len()))
        .flat_map(|i| [(a, i), (b, i)])
        .filter(|(set, i)| *i < set.len())
        .take(FLAT_TRIES);
    let mut first: Option<Vector<Rational, N>> = None;
    let mut basis: Vec<([BigInt; N], BigInt)> = Vec::new();
    for (set, i) in in_turn {
        let x = set.point(i)?;
        match &first {
            None => first = Some(x),
            Some(x0) => {
                let r = project_out(&lowest_terms::sub_vectors(&x, x0), &basis).0;
                basis.extend(primitive(r));
                if basis.len() == N {
                    return None;
                }
            }
        }
    }
    (0..N)
        .map(|k| {
            let e_k = Vector::<Rational, N>::from_fn(|i, _| {
                if i == k {
                    Rational::one()
                } else {
                    Rational::zero()
                }
            });
            orthogonal_part(&e_k, &basis)
        })
        .find(|n| !n.iter().all(Zero::is_zero))
}

/// The points of the face with positive weights (they span the face the
/// origin is interior to).
fn span_of<const N: usize>(face: &Face<N>) -> Vec<Vector<Rational, N>> {
    (0..face.w.len())
        .filter(|&i| face.lambda[i].is_positive())
        .map(|i| face.w[i].clone())
        .collect()
}

/// Candidate touching normals from the float run (module docs, step 3):
/// the float axis; the facet's own normal when the face has `N` points;
/// each vertex's search direction, both ways.
fn touching_seeds<const N: usize>(
    simplex: &Simplex<f64, N>,
    face: &Face<N>,
    axis: Option<Vector<f64, N>>,
) -> Vec<Vector<Rational, N>> {
    let span = span_of(face);
    let mut seeds: Vec<Vector<Rational, N>> = Vec::new();
    if let Some(d) = axis.as_ref().and_then(exact_direction) {
        seeds.push(d);
    }
    if span.len() == N {
        let n = cross(&span);
        seeds.push(-n.clone());
        seeds.push(n);
    }
    // A vertex's own search direction `d` first: `a` maximises `d·a` over
    // `A` and `b` minimises `d·b` over `B`, so where the vertex is the
    // common point (`a = b`), `d` is a touching normal.
    for v in simplex.iter() {
        if let Some(d) = exact_direction(&v.dir) {
            seeds.push(d.clone());
            seeds.push(-d);
        }
    }
    seeds
}

/// The touching certificate (module docs, step 3): the common point from
/// the face's weights, the normal the first seed that supports both shapes
/// there, once projected onto the orthogonal complement of the face.
fn touching<const N: usize>(
    a: &PointSet<N>,
    b: &PointSet<N>,
    face: &Face<N>,
    seeds: Vec<Vector<Rational, N>>,
    certs: &mut Vec<Certificate<N>>,
) -> Result<Vector<Rational, N>, Unproved> {
    let (pairs, lambda) = (&face.pairs, &face.lambda);
    let positive: Vec<usize> = (0..lambda.len())
        .filter(|&i| lambda[i].is_positive())
        .collect();
    let basis = orthogonal_basis(&span_of(face));
    let common_a = merged(positive.iter().map(|&i| (pairs[i].a, lambda[i].clone())));
    let common_b = merged(positive.iter().map(|&i| (pairs[i].b, lambda[i].clone())));
    let mut tried: Vec<Vector<Rational, N>> = Vec::new();
    for s in seeds {
        let n = orthogonal_part(&s, &basis);
        if n.iter().all(Zero::is_zero) || tried.contains(&n) {
            continue;
        }
        // The shadows' enclosures of `max_A n·a` and `min_B n·b` must meet
        // for the two to be equal: a normal they keep apart is dropped
        // without an exact pass.
        let supports = a
            .max_dot_enclosure(&n)
            .zip(b.max_dot_enclosure(&-n.clone()));
        if let Some(((a_lo, a_hi), (b_lo, b_hi))) = supports {
            if a_lo > -b_lo || a_hi < -b_hi {
                tried.push(n);
                continue;
            }
        }
        let cert = Certificate::Touching {
            normal: n.clone(),
            a: common_a.clone(),
            b: common_b.clone(),
        };
        if let Ok(Proved::Touching { .. }) = verify(a, b, &cert) {
            certs.push(cert);
            return Ok(n);
        }
        tried.push(n);
    }
    Err(Unproved::NoTouchingNormal)
}

/// The depth certificate from a float EPA run (module docs, steps 1 and 3).
#[allow(clippy::too_many_arguments)] // The sets, their recording maps and the float run's pieces; one caller.
fn find_depth<const N: usize>(
    a: &PointSet<N>,
    b: &PointSet<N>,
    ra: &Recording<'_, N>,
    rb: &Recording<'_, N>,
    simplex: &Simplex<f64, N>,
    max_iterations: usize,
    iterations: &mut usize,
    certs: &mut Vec<Certificate<N>>,
) -> Result<Depth<N>, DepthMiss<N>> {
    let miss = |reason: Unproved| DepthMiss {
        reason,
        touching: None,
    };
    let opts = EpaOptions {
        max_iterations,
        ..EpaOptions::default()
    };
    let (report, kept) = epa_keeping_polytope(ra, rb, simplex, &opts)
        .map_err(|e| miss(Unproved::FloatEpaError(e)))?;
    *iterations += report.iterations;
    let Some(kept) = kept else {
        let reason = Unproved::FloatEpaOutcome(report.outcome.name());
        let touching = match report.outcome {
            EpaOutcome::Touching { normal } => Some(normal),
            _ => None,
        };
        return Err(DepthMiss { reason, touching });
    };
    let vertices = pairs_of(ra, rb, kept.vertices.iter())
        .ok_or_else(|| miss(Unproved::UnrecordedSupportPoint))?;
    let cert = Certificate::Depth {
        vertices,
        facets: kept.facets,
        nearest: kept.nearest,
    };
    match verify(a, b, &cert) {
        Ok(Proved::Depth {
            depth2,
            normal,
            penetration,
        }) => {
            certs.push(cert);
            Ok(Depth {
                depth2,
                normal,
                penetration,
            })
        }
        Ok(_) => Err(miss(Unproved::UnexpectedProof)),
        Err(rejection) => Err(miss(Unproved::Rejected {
            certificate: cert.name(),
            rejection,
        })),
    }
}

/// Why [`find_depth`] proved no depth, and the float EPA's normal when it
/// found the origin on the boundary of `A − B` (a touching normal to try).
struct DepthMiss<const N: usize> {
    reason: Unproved,
    touching: Option<Vector<f64, N>>,
}

/// The exact hulls for the fallback.
fn exact_hulls<const N: usize>(
    a: &PointSet<N>,
    b: &PointSet<N>,
) -> Result<(ConvexHull<Rational, N>, ConvexHull<Rational, N>), Error> {
    let all = |s: &PointSet<N>| (0..s.len()).filter_map(|i| s.point(i)).collect::<Vec<_>>();
    Ok((
        ConvexHull::new(all(a)).map_err(|e| e.in_shape(Which::A))?,
        ConvexHull::new(all(b)).map_err(|e| e.in_shape(Which::B))?,
    ))
}

/// The exact relation, distance and depth of the hulls of `a` and `b`,
/// found in `f64` and proved exactly, or by the exact loops where no
/// certificate is proved (module docs).
///
/// Errors: those of the exact loops (in the fallback).
pub fn exact_query<const N: usize>(
    a: &PointSet<N>,
    b: &PointSet<N>,
    opts: &ExactOptions,
) -> Result<ExactReport<N>, Error> {
    let ra = Recording::new(a.shadows());
    let rb = Recording::new(b.shadows());
    let mut float_iterations = 0;
    let mut certificates = Vec::new();
    let cap = opts.max_iterations;
    let found = find(
        a,
        b,
        &ra,
        &rb,
        cap,
        &mut float_iterations,
        &mut certificates,
    );
    let unproved = |stage, reason, float_iterations, certificates| ExactReport {
        answer: ExactAnswer::Unproved,
        certificates,
        fallback: Some(Fallback { stage, reason }),
        float_iterations,
        exact_iterations: 0,
    };
    // Step 4: the exact loops, keeping what the float stage did.
    let fall_back = |stage, reason, float_iterations, certificates| {
        let (ha, hb) = exact_hulls(a, b)?;
        let mut report = loops(&ha, &hb, cap, opts.relation_only)?;
        report.fallback = Some(Fallback { stage, reason });
        report.float_iterations = float_iterations;
        report.certificates = certificates;
        Ok(report)
    };
    let answer = match found {
        Ok(Found::Separated { axis, separation }) => ExactAnswer::Separated {
            axis,
            separation: Ok(separation),
        },
        Ok(Found::Touching { normal }) => ExactAnswer::Touching { normal },
        Ok(Found::Penetrating { on_face: None, .. }) if opts.relation_only => {
            ExactAnswer::Penetrating {
                depth: Err(Unmeasured::RelationOnly),
            }
        }
        // Not yet proved (the origin on a face of the float simplex): the
        // depth certificate proves it, so it is sought even for the relation.
        Ok(Found::Penetrating { simplex, on_face }) => {
            let depth = find_depth(
                a,
                b,
                &ra,
                &rb,
                &simplex,
                cap,
                &mut float_iterations,
                &mut certificates,
            );
            // The float EPA found the origin on the boundary: its normal is
            // one more seed for the touching certificate of the face.
            let depth = depth.map_err(|miss| {
                let touched = on_face.as_ref().zip(miss.touching).and_then(|(face, n)| {
                    let mut seeds: Vec<_> = exact_direction(&n).into_iter().collect();
                    seeds.extend(snapped(a, b, face, &n));
                    touching(a, b, face, seeds, &mut certificates).ok()
                });
                (miss.reason, touched)
            });
            match depth {
                Ok(depth) => ExactAnswer::Penetrating { depth: Ok(depth) },
                Err((_, Some(normal))) => ExactAnswer::Touching { normal },
                Err((reason, None)) if !opts.fallback => {
                    return Ok(unproved("depth", reason, float_iterations, certificates))
                }
                Err((reason, None)) => {
                    return fall_back("depth", reason, float_iterations, certificates)
                }
            }
        }
        Err(reason) if !opts.fallback => {
            return Ok(unproved("verdict", reason, float_iterations, certificates))
        }
        Err(reason) => return fall_back("verdict", reason, float_iterations, certificates),
    };
    Ok(ExactReport {
        answer,
        certificates,
        fallback: None,
        float_iterations,
        exact_iterations: 0,
    })
}

/// The exact mode's own loops (module docs, step 4): the three-way verdict,
/// then the distance loop for a separation the boolean route did not
/// measure, or EPA from the verdict's simplex.
pub fn exact_loops<const N: usize>(
    a: &ConvexHull<Rational, N>,
    b: &ConvexHull<Rational, N>,
    max_iterations: usize,
) -> Result<ExactReport<N>, Error> {
    loops(a, b, max_iterations, false)
}

/// [`exact_loops`], or with `relation_only` the three-way verdict alone (the
/// fallback under [`ExactOptions::relation_only`]: no distance loop, no EPA).
fn loops<const N: usize>(
    a: &ConvexHull<Rational, N>,
    b: &ConvexHull<Rational, N>,
    max_iterations: usize,
    relation_only: bool,
) -> Result<ExactReport<N>, Error> {
    let report = verdict(a, b, max_iterations)?;
    let mut exact_iterations = report.iterations;
    let answer = match report.verdict {
        Verdict::Separated { axis, separation } => {
            let separation = match separation {
                Some(s) => Ok(s),
                None if relation_only => Err(Unmeasured::RelationOnly),
                None => {
                    let opts = DistanceOptions {
                        max_iterations,
                        ..DistanceOptions::default()
                    };
                    let r = distance(a, b, &opts)?;
                    exact_iterations += r.iterations;
                    match r.outcome {
                        DistanceOutcome::Separated {
                            dist2,
                            witness_a,
                            witness_b,
                            ..
                        } => Ok(Separation {
                            dist2,
                            witness_a,
                            witness_b,
                        }),
                        DistanceOutcome::NoVerdict { reason, .. } => {
                            Err(Unmeasured::NoVerdict(reason))
                        }
                        // Unreachable in exact arithmetic: the verdict's axis
                        // separates.
                        DistanceOutcome::Intersecting { .. } => {
                            Err(Unmeasured::DistanceContradicts)
                        }
                    }
                }
            };
            ExactAnswer::Separated { axis, separation }
        }
        Verdict::Touching { normal, .. } => ExactAnswer::Touching { normal },
        Verdict::Penetrating { .. } if relation_only => ExactAnswer::Penetrating {
            depth: Err(Unmeasured::RelationOnly),
        },
        Verdict::Penetrating { .. } => {
            let opts = EpaOptions {
                max_iterations,
                ..EpaOptions::default()
            };
            let r = epa_from_simplex(a, b, &report.simplex, &opts)?;
            exact_iterations += r.iterations;
            let depth = match r.outcome {
                EpaOutcome::Penetrating(p) => Ok(Depth {
                    depth2: p.depth2,
                    normal: p.normal,
                    penetration: p.penetration,
                }),
                EpaOutcome::NoVerdict { reason, .. } | EpaOutcome::GjkNoVerdict { reason } => {
                    Err(Unmeasured::NoVerdict(reason))
                }
                // Unreachable in exact arithmetic: the verdict says penetrating.
                other => Err(Unmeasured::EpaContradicts {
                    outcome: other.name(),
                }),
            };
            ExactAnswer::Penetrating { depth }
        }
        Verdict::NoVerdict { reason } => ExactAnswer::NoVerdict { reason },
    };
    Ok(ExactReport {
        answer,
        certificates: Vec::new(),
        fallback: None,
        float_iterations: 0,
        exact_iterations,
    })
}
