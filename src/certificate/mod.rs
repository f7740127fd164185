//! Certificates for exact answers, and their verifier.
//!
//! Every exact answer about two finite point sets `A` and `B` (their
//! closed convex hulls) has a short proof that is cheap to check: one
//! exact support pass per shape ([`PointSet::max_dot`], filtered) and a
//! little linear algebra on at most a few dozen points. [`verify`] checks
//! such a proof; it shares nothing with the crate's loops but the scalar
//! types, so it can check certificates made by *any* implementation (the
//! crate's exact mode makes them in [`crate::exact`]). Points of `A − B`
//! are named by index pairs ([`Pair`]: `a[i] − b[j]`), so a certificate
//! carries no coordinates it could get wrong.
//!
//! | certificate | checks | proves |
//! |---|---|---|
//! | [`Certificate::Separated`] `{v}` | `max_A v·a < min_B v·b` | no common point |
//! | [`Certificate::Touching`] `{n, α, β}` | `n ≠ 0`, `max_A n·a = min_B n·b`; `α, β ≥ 0`, `Σα = Σβ = 1`, `Σαᵢaᵢ = Σβⱼbⱼ` | a common point, and the origin on the boundary of `A − B` |
//! | [`Certificate::Intersecting`] `{wᵢ, λ}` | `N + 1` affinely independent `wᵢ ∈ A − B`, `λᵢ > 0`, `Σλᵢ = 1`, `Σλᵢwᵢ = 0` | the origin interior to `A − B` |
//! | [`Certificate::Distance`] `{wᵢ, λ}` | `λᵢ ≥ 0`, `Σλᵢ = 1`, `p = Σλᵢwᵢ`, `min_{A−B} p·x ≥ p·p` | `dist²(A, B) = p·p` |
//! | [`Certificate::Depth`] `{wₖ, facets, F}` | below | penetration depth `δ² = c_F²/(n_F·n_F)` |
//!
//! **Why each proves its claim.** Separated: the plane `v·x = max_A v·a`
//! has `A` on one side and `B` strictly on the other. Touching: the common
//! point is in both hulls, and `max_{A−B} n·x = max_A n·a − min_B n·b = 0`,
//! so the origin (a point of `A − B`) is on a supporting plane, not
//! interior. Intersecting: a combination with every weight positive of
//! `N + 1` affinely independent points is interior to their simplex,
//! which lies in `A − B`. Distance: `p ∈ A − B`, and every `x ∈ A − B`
//! has `|x|·|p| ≥ p·x ≥ |p|²`, so `|x| ≥ |p|`.
//!
//! **Depth.** The vertices `wₖ ∈ A − B` and the facets (each `N` vertex
//! ids) must satisfy: (a) every facet's determinant `D = det[w_{f₀} …
//! w_{f_{N−1}}]` is non-zero (the origin is off its plane), and, each
//! facet oriented by the sign of `D`, (b) the oriented facets form a
//! cycle: their signed ridges (a facet without one vertex) cancel; and
//! (c) the facet `F` has the least `D²/(n·n)` (`n` its generalised cross
//! product, so `D²/(n·n)` is the squared distance of its plane from the
//! origin) and its plane supports `A − B`: `max_{A−B} n̂·x = |D|/|n|` for
//! the outward `n̂`. Then `δ² = D_F²/(n_F·n_F)`: by (a) every facet maps
//! onto the sphere of directions preserving orientation, so by (b) the
//! map has one degree `d`, which counts the preimages of any regular
//! direction and is `≥ 1` (some direction is covered); so every ray from
//! the origin meets a facet, at distance at least that facet's plane's
//! distance `≥ δ_F`; the facets lie in `A − B`, so `A − B` holds the ball
//! of radius `δ_F` and the depth is at least `δ_F`; and by (c) the
//! supporting plane is at distance `δ_F`, so the depth is at most `δ_F`.
//! Nothing requires the facets to be those of a convex polytope: any
//! cycle that covers the directions will do.

pub(crate) mod linalg;
#[cfg(test)]
mod tests;

use std::collections::HashMap;
use std::fmt;

use num_bigint::BigInt;
use num_traits::{One, Signed, Zero};

use crate::filtered::{norm2_q, PointSet};
use crate::hasher::BuildBits;
use crate::interval::{self, Interval};
use crate::lowest_terms;
use crate::scalar::Rational;
use crate::vector::Vector;

use linalg::{combine, cross_integer, det_is_zero};

/// A point `a[a] − b[b]` of `A − B`, by the indices of its two points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pair {
    /// The index of the point of `A`.
    pub a: usize,
    /// The index of the point of `B`.
    pub b: usize,
}

/// A proof of one exact answer (see the module docs for each kind).
#[derive(Clone, Debug, PartialEq)]
pub enum Certificate<const N: usize> {
    /// `max_A v·a < min_B v·b`.
    Separated {
        /// The direction `v`, from `A` towards `B`.
        direction: Vector<Rational, N>,
    },
    /// A weakly separating normal and a common point.
    Touching {
        /// `n`, from `A` towards `B`: `max_A n·a = min_B n·b`.
        normal: Vector<Rational, N>,
        /// The common point as a convex combination of points of `A`:
        /// `(index, weight)`.
        a: Vec<(usize, Rational)>,
        /// The same point as a convex combination of points of `B`.
        b: Vec<(usize, Rational)>,
    },
    /// `N + 1` points of `A − B` whose simplex holds the origin inside.
    Intersecting {
        /// The points.
        pairs: Vec<Pair>,
        /// Their barycentric weights of the origin, all `> 0`.
        weights: Vec<Rational>,
    },
    /// The point of `A − B` nearest the origin, as a convex combination.
    Distance {
        /// The points.
        pairs: Vec<Pair>,
        /// Their weights (`≥ 0`, summing to 1).
        weights: Vec<Rational>,
    },
    /// A cycle of facets of points of `A − B` around the origin, and the
    /// nearest facet, whose plane supports `A − B`.
    Depth {
        /// The vertices.
        vertices: Vec<Pair>,
        /// The facets: `N` vertex ids each, in any order (the verifier
        /// orients them).
        facets: Vec<[usize; N]>,
        /// The index in `facets` of the nearest facet.
        nearest: usize,
    },
}

impl<const N: usize> Certificate<N> {
    /// `separated`, `touching`, `intersecting`, `distance` or `depth`.
    pub fn name(&self) -> &'static str {
        match self {
            Certificate::Separated { .. } => "separated",
            Certificate::Touching { .. } => "touching",
            Certificate::Intersecting { .. } => "intersecting",
            Certificate::Distance { .. } => "distance",
            Certificate::Depth { .. } => "depth",
        }
    }
}

/// What a certificate proved.
#[derive(Clone, Debug, PartialEq)]
pub enum Proved<const N: usize> {
    /// No common point.
    Separated,
    /// A common point (`point`), and the origin on the boundary of `A − B`.
    Touching {
        /// The common point.
        point: Vector<Rational, N>,
    },
    /// The origin is interior to `A − B`.
    Penetrating,
    /// The squared distance, with a closest pair (`witness_a − witness_b`
    /// is the point of `A − B` nearest the origin).
    Distance {
        /// `dist²(A, B)`.
        dist2: Rational,
        /// A point of `A` nearest `B`.
        witness_a: Vector<Rational, N>,
        /// A point of `B` nearest `A`.
        witness_b: Vector<Rational, N>,
    },
    /// The squared penetration depth (the origin is interior to `A − B`).
    Depth {
        /// `δ²`.
        depth2: Rational,
        /// The nearest facet's outward normal (not normalised).
        normal: Vector<Rational, N>,
        /// The point of that facet's plane nearest the origin
        /// (`|penetration|² = depth2`).
        penetration: Vector<Rational, N>,
    },
}

/// Why a certificate was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rejection {
    /// An index past the end of its point set (or of the certificate's
    /// vertex list).
    BadIndex {
        /// Which list.
        what: &'static str,
        /// The index.
        index: usize,
    },
    /// The certificate has the wrong number of entries.
    WrongCount {
        /// Which list.
        what: &'static str,
        /// How many it has.
        found: usize,
        /// How many it needs.
        expected: usize,
    },
    /// A weight is negative (or zero where it must be positive).
    Weight {
        /// Which list.
        what: &'static str,
        /// The entry.
        index: usize,
    },
    /// Weights that do not sum to 1.
    WeightSum {
        /// Which list.
        what: &'static str,
    },
    /// The combination is not the point it must be (the origin, or the
    /// same point of `A` and of `B`).
    WrongPoint,
    /// Affinely dependent points, a zero direction, or a facet whose plane
    /// passes through the origin.
    Degenerate,
    /// A support pass refutes the claim (the direction does not separate,
    /// the plane does not support, the point is not nearest).
    Support,
    /// The depth certificate's facets do not close up around the origin.
    NotClosed,
    /// The facet named nearest is not.
    NotNearest,
}

impl fmt::Display for Rejection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Rejection::BadIndex { what, index } => write!(f, "{what}: index {index} out of range"),
            Rejection::WrongCount {
                what,
                found,
                expected,
            } => write!(f, "{what}: {found} entries, {expected} needed"),
            Rejection::Weight { what, index } => write!(f, "{what}: weight {index} out of range"),
            Rejection::WeightSum { what } => write!(f, "{what}: the weights do not sum to 1"),
            Rejection::WrongPoint => f.write_str("the combination is not the claimed point"),
            Rejection::Degenerate => f.write_str("degenerate (dependent points or zero direction)"),
            Rejection::Support => f.write_str("a support pass refutes the claim"),
            Rejection::NotClosed => f.write_str("the facets do not close up around the origin"),
            Rejection::NotNearest => f.write_str("the facet named nearest is not"),
        }
    }
}

impl std::error::Error for Rejection {}

/// Checks `cert` against the point sets `a` and `b` (module docs): what it
/// proves, or why it is rejected.
pub fn verify<const N: usize>(
    a: &PointSet<N>,
    b: &PointSet<N>,
    cert: &Certificate<N>,
) -> Result<Proved<N>, Rejection> {
    match cert {
        Certificate::Separated { direction } => {
            if a.max_dot(direction).value < b.min_dot(direction).value {
                Ok(Proved::Separated)
            } else {
                Err(Rejection::Support)
            }
        }
        Certificate::Touching {
            normal,
            a: wa,
            b: wb,
        } => {
            if normal.iter().all(Zero::is_zero) {
                return Err(Rejection::Degenerate);
            }
            let pa = combination(a, wa, "touching a")?;
            let pb = combination(b, wb, "touching b")?;
            if pa != pb {
                return Err(Rejection::WrongPoint);
            }
            if a.max_dot(normal).value != b.min_dot(normal).value {
                return Err(Rejection::Support);
            }
            Ok(Proved::Touching { point: pa })
        }
        Certificate::Intersecting { pairs, weights } => {
            count("intersecting pairs", pairs.len(), N + 1)?;
            count("intersecting weights", weights.len(), N + 1)?;
            if let Some(i) = weights.iter().position(|l| !l.is_positive()) {
                return Err(Rejection::Weight {
                    what: "intersecting",
                    index: i,
                });
            }
            let w = points_of(a, b, pairs)?;
            let (p, sum) = combine(&w, weights);
            if !sum.is_one() {
                return Err(Rejection::WeightSum {
                    what: "intersecting",
                });
            }
            if !p.iter().all(Zero::is_zero) {
                return Err(Rejection::WrongPoint);
            }
            let edges: Vec<Vector<Rational, N>> = w[1..]
                .iter()
                .map(|x| lowest_terms::sub_vectors(x, &w[0]))
                .collect();
            if det_is_zero(&edges) {
                return Err(Rejection::Degenerate);
            }
            Ok(Proved::Penetrating)
        }
        Certificate::Distance { pairs, weights } => {
            if pairs.is_empty() {
                return Err(Rejection::WrongCount {
                    what: "distance pairs",
                    found: 0,
                    expected: 1,
                });
            }
            count("distance weights", weights.len(), pairs.len())?;
            if let Some(i) = weights.iter().position(Signed::is_negative) {
                return Err(Rejection::Weight {
                    what: "distance",
                    index: i,
                });
            }
            let (xs, ys): (Vec<_>, Vec<_>) = pairs
                .iter()
                .map(|p| pair_points(a, b, p))
                .collect::<Result<Vec<_>, _>>()?
                .into_iter()
                .unzip();
            let (wa, sum) = combine(&xs, weights);
            let (wb, _) = combine(&ys, weights);
            if !sum.is_one() {
                return Err(Rejection::WeightSum { what: "distance" });
            }
            let p = lowest_terms::sub_vectors(&wa, &wb);
            let p2 = norm2_q(&p);
            // min over A − B of p·x = min_A p·a − max_B p·b.
            if lowest_terms::sub(&a.min_dot(&p).value, &b.max_dot(&p).value) < p2 {
                return Err(Rejection::Support);
            }
            Ok(Proved::Distance {
                dist2: p2,
                witness_a: wa,
                witness_b: wb,
            })
        }
        Certificate::Depth {
            vertices,
            facets,
            nearest,
        } => depth(a, b, vertices, facets, *nearest),
    }
}

/// `Err` unless `found == expected`.
fn count(what: &'static str, found: usize, expected: usize) -> Result<(), Rejection> {
    if found == expected {
        Ok(())
    } else {
        Err(Rejection::WrongCount {
            what,
            found,
            expected,
        })
    }
}

/// The points `a[i]` and `b[j]` of a pair.
fn pair_points<const N: usize>(
    a: &PointSet<N>,
    b: &PointSet<N>,
    p: &Pair,
) -> Result<(Vector<Rational, N>, Vector<Rational, N>), Rejection> {
    let x = a.point(p.a).ok_or(Rejection::BadIndex {
        what: "a",
        index: p.a,
    })?;
    let y = b.point(p.b).ok_or(Rejection::BadIndex {
        what: "b",
        index: p.b,
    })?;
    Ok((x, y))
}

/// The points `a[i] − b[j]` of the pairs.
fn points_of<const N: usize>(
    a: &PointSet<N>,
    b: &PointSet<N>,
    pairs: &[Pair],
) -> Result<Vec<Vector<Rational, N>>, Rejection> {
    pairs
        .iter()
        .map(|p| pair_points(a, b, p).map(|(x, y)| lowest_terms::sub_vectors(&x, &y)))
        .collect()
}

/// A convex combination of points of one set: weights `≥ 0` summing to 1.
fn combination<const N: usize>(
    set: &PointSet<N>,
    terms: &[(usize, Rational)],
    what: &'static str,
) -> Result<Vector<Rational, N>, Rejection> {
    let mut points = Vec::with_capacity(terms.len());
    for (k, (i, l)) in terms.iter().enumerate() {
        if l.is_negative() {
            return Err(Rejection::Weight { what, index: k });
        }
        let x = set
            .point(*i)
            .ok_or(Rejection::BadIndex { what, index: *i })?;
        points.push(x);
    }
    let weights: Vec<Rational> = terms.iter().map(|(_, l)| l.clone()).collect();
    let (p, sum) = combine(&points, &weights);
    if !sum.is_one() {
        return Err(Rejection::WeightSum { what });
    }
    Ok(p)
}

/// The largest `N` for which the depth certificate's planes are first
/// enclosed in intervals ([`interval::cross`] keeps `2^N` minors).
const DEPTH_FILTER_MAX_DIM: usize = 10;

/// The depth certificate's checks (module docs, (a) to (c)).
fn depth<const N: usize>(
    a: &PointSet<N>,
    b: &PointSet<N>,
    vertices: &[Pair],
    facets: &[[usize; N]],
    nearest: usize,
) -> Result<Proved<N>, Rejection> {
    depth_filtered(a, b, vertices, facets, nearest, true, &mut 0)
}

/// A facet's plane over the integers `Wₖ = S wₖ` ([`depth_filtered`]):
/// `D = det[W_{f₀} …]`, the cross product `n` of its edges and `n·n`.
struct ExactPlane<const N: usize> {
    d: BigInt,
    n: [BigInt; N],
    nn: BigInt,
}

impl<const N: usize> ExactPlane<N> {
    fn of(wi: &[[BigInt; N]], f: &[usize; N]) -> Self {
        let q: Vec<&[BigInt; N]> = f.iter().map(|&i| &wi[i]).collect();
        // `D = det[q₀; e₁ …] = Σ_j q₀ⱼ (−1)^j det(E without column j) = n·q₀`
        // (Laplace along the first row; `n` the cross product of the edges
        // `eᵢ = qᵢ − q₀`, so `D ≠ 0` also means `n ≠ 0`).
        let n = cross_integer(&q);
        let d = n.iter().zip(q[0].iter()).map(|(x, y)| x * y).sum();
        let nn = n.iter().map(|x| x * x).sum();
        ExactPlane { d, n, nn }
    }
}

/// A facet's plane as far as it was computed: enclosed (`D` and `n·n`, in
/// the scaled interval coordinates) and exactly.
struct Plane<const N: usize> {
    enclosed: Option<(Interval, Interval)>,
    exact: Option<ExactPlane<N>>,
}

/// [`depth`], with the interval filter on or off; `exact_planes` counts
/// the planes computed over the integers (both for the tests, which hold
/// the filter to the integers on the exact mode's certificates).
///
/// **The filter.** Each facet's `D` and `n·n` are first computed in
/// interval arithmetic ([`crate::interval`]) from enclosures of the
/// vertices, all scaled by one power of two (a positive factor: it
/// changes no sign, and multiplies every `D²/(n·n)` by the same square).
/// An interval for `D` that excludes `0` gives (a) and the orientation
/// for (b); a facet `i` is no nearer than `F` when
/// `lo(D_i² · nn_F) ≥ hi(D_F² · nn_i)`. Everything else, and the nearest
/// facet's plane itself, is computed over the integers as before, so the
/// verdict and the proved values are those of the exact checks alone.
pub(crate) fn depth_filtered<const N: usize>(
    a: &PointSet<N>,
    b: &PointSet<N>,
    vertices: &[Pair],
    facets: &[[usize; N]],
    nearest: usize,
    filter: bool,
    exact_planes: &mut usize,
) -> Result<Proved<N>, Rejection> {
    let w = points_of(a, b, vertices)?;
    if facets.is_empty() {
        return Err(Rejection::NotClosed);
    }
    if nearest >= facets.len() {
        return Err(Rejection::BadIndex {
            what: "nearest facet",
            index: nearest,
        });
    }
    let boxes = if filter && N <= DEPTH_FILTER_MAX_DIM {
        enclose_vertices(a, b, vertices)
    } else {
        None
    };
    // Every vertex over one common denominator `S`: `Wₖ = S wₖ` integer.
    // Then `det[W…] = S^N D`, `cross(W…) = S^(N−1) n` and `n·w` scales by
    // `S^N`: signs and the order of the planes' distances are those of
    // the `wₖ`, computed without a gcd per operation. Made when the first
    // plane is computed exactly.
    let mut integers: Option<(BigInt, Vec<[BigInt; N]>)> = None;
    let mut exact = |f: &[usize; N]| {
        *exact_planes += 1;
        let (_, wi) = integers.get_or_insert_with(|| integer_points(&w));
        ExactPlane::of(wi, f)
    };
    // Signed ridges: sorted vertex ids (the last slot unused) → the sum of
    // their signs.
    let mut ridges: HashMap<[usize; N], i64, BuildBits> = HashMap::default();
    let mut planes: Vec<Plane<N>> = Vec::with_capacity(facets.len());
    for f in facets {
        if let Some(&i) = f.iter().find(|&&i| i >= w.len()) {
            return Err(Rejection::BadIndex {
                what: "facet vertex",
                index: i,
            });
        }
        // (a) The origin is off the facet's plane: `D ≠ 0`.
        let enclosed = boxes.as_ref().and_then(|bx| enclosed_plane(bx, f));
        let mut plane = Plane {
            enclosed,
            exact: None,
        };
        let sign: i64 = match enclosed.and_then(|(d, _)| d.sign()).filter(|&s| s != 0) {
            Some(s) => s.into(),
            None => {
                let p = exact(f);
                if p.d.is_zero() {
                    return Err(Rejection::Degenerate);
                }
                let s = if p.d.is_positive() { 1 } else { -1 };
                plane.exact = Some(p);
                s
            }
        };
        // (b) The facet's boundary, oriented: Σ (−1)^i (f without f_i).
        for i in 0..N {
            let mut ridge = [usize::MAX; N];
            for (slot, &v) in ridge.iter_mut().zip(
                f.iter()
                    .enumerate()
                    .filter(|&(k, _)| k != i)
                    .map(|(_, v)| v),
            ) {
                *slot = v;
            }
            let parity = sort_parity(&mut ridge[..N - 1]);
            let alternating = if i % 2 == 0 { 1 } else { -1 };
            *ridges.entry(ridge).or_insert(0) += sign * alternating * parity;
        }
        planes.push(plane);
    }
    if ridges.values().any(|&c| c != 0) {
        return Err(Rejection::NotClosed);
    }
    // (c) No facet's plane is nearer than the nearest's: D_i²/(n_i·n_i) is
    // not below D_F²/(n_F·n_F), that is D_i² nn_F ≥ D_F² nn_i.
    let squared = |(d, nn): (Interval, Interval)| d.mul(d).map(|d2| (d2, nn));
    let nearest_box = planes[nearest].enclosed.and_then(squared);
    let f = planes[nearest]
        .exact
        .take()
        .unwrap_or_else(|| exact(&facets[nearest]));
    let d2 = &f.d * &f.d;
    for (i, plane) in planes.iter_mut().enumerate() {
        if i == nearest {
            continue;
        }
        let farther = nearest_box
            .zip(plane.enclosed.and_then(squared))
            .and_then(|((d2_f, nn_f), (d2_i, nn_i))| Some((d2_i.mul(nn_f)?, d2_f.mul(nn_i)?)))
            .is_some_and(|(lhs, rhs)| lhs.lo >= rhs.hi);
        if farther {
            continue;
        }
        let p = plane.exact.get_or_insert_with(|| exact(&facets[i]));
        if &p.d * &p.d * &f.nn < &d2 * &p.nn {
            return Err(Rejection::NotNearest);
        }
    }
    // The outward normal (n̂·w > 0 on the facet: the origin is inside) and
    // the offset `c = n̂·w = |D|`.
    let (n, c) = if f.d.is_negative() {
        (f.n.map(|x| -x), -f.d)
    } else {
        (f.n, f.d)
    };
    let (s, _) = integers
        .as_ref()
        .expect("the nearest plane was computed exactly");
    // Back to the wₖ: n = cross(W…)/S^(N−1), c = n·w = (n·W)/S^N.
    let s_pow = |k: usize| (0..k).fold(BigInt::one(), |p, _| p * s);
    let n_scale = s_pow(N - 1);
    let n: Vector<Rational, N> =
        Vector::from_fn(|k, _| lowest_terms::new(n[k].clone(), n_scale.clone()));
    let c = lowest_terms::new(c, s_pow(N));
    let depth2 = lowest_terms::new(d2, f.nn * s * s);
    // The nearest facet's plane supports A − B: max_A n·a − min_B n·b ≤ c.
    if a.max_dot(&n).value - b.min_dot(&n).value > c {
        return Err(Rejection::Support);
    }
    let penetration = &n * (&c / norm2_q(&n));
    Ok(Proved::Depth {
        depth2,
        normal: n,
        penetration,
    })
}

/// `(S, [S wₖ])`: the lcm `S` of every denominator and the points over it.
fn integer_points<const N: usize>(w: &[Vector<Rational, N>]) -> (BigInt, Vec<[BigInt; N]>) {
    let s = w
        .iter()
        .flat_map(|p| p.iter())
        .fold(BigInt::one(), |l, x| lowest_terms::lcm(&l, x.denom()));
    let wi = w
        .iter()
        .map(|p| std::array::from_fn(|k| p[k].numer() * (&s / p[k].denom())))
        .collect();
    (s, wi)
}

/// The vertices `a[i] − b[j]` enclosed in intervals and scaled by one
/// power of two `2^−(e+1)`, `2^e ≤` the largest bound `< 2^(e+1)`, so that
/// every bound is below 1 in magnitude. Then the edges are below 2, each
/// minor of `k` rows below `k! 2^k`, and `D² · n·n` for `N ≤ 10` below
/// about `10³⁶`: nothing overflows. `None` when a point has no enclosure,
/// or the largest bound is zero or below the normal range.
fn enclose_vertices<const N: usize>(
    a: &PointSet<N>,
    b: &PointSet<N>,
    vertices: &[Pair],
) -> Option<Vec<[Interval; N]>> {
    let mut boxes = Vec::with_capacity(vertices.len());
    let mut largest = 0f64;
    for p in vertices {
        let (x, y) = (a.enclosure(p.a)?, b.enclosure(p.b)?);
        let mut w = [Interval::ZERO; N];
        for ((wj, xj), yj) in w.iter_mut().zip(x).zip(y) {
            *wj = xj.sub(yj)?;
            largest = largest.max(wj.lo.abs()).max(wj.hi.abs());
        }
        boxes.push(w);
    }
    if largest < f64::MIN_POSITIVE {
        return None;
    }
    // A normal `largest`: its biased exponent field is `e + 1023`.
    let e = ((largest.to_bits() >> 52) & 0x7ff) as i32 - 1023;
    let s = power_of_two(-(e + 1));
    for w in &mut boxes {
        for wj in w.iter_mut() {
            *wj = wj.scaled(s)?;
        }
    }
    Some(boxes)
}

/// `2^k` for `−1074 ≤ k ≤ 1023`, exactly.
fn power_of_two(k: i32) -> f64 {
    if k >= -1022 {
        f64::from_bits(((k + 1023) as u64) << 52)
    } else {
        f64::from_bits(1u64 << (k + 1074))
    }
}

/// Facet `f`'s `D` and `n·n` enclosed (see [`depth_filtered`]), from the
/// scaled enclosures of the vertices; `None` on overflow.
fn enclosed_plane<const N: usize>(
    boxes: &[[Interval; N]],
    f: &[usize; N],
) -> Option<(Interval, Interval)> {
    let q0 = &boxes[f[0]];
    let mut edges = Vec::with_capacity(N - 1);
    for &i in &f[1..] {
        let mut e = [Interval::ZERO; N];
        for ((ej, qj), q0j) in e.iter_mut().zip(&boxes[i]).zip(q0) {
            *ej = qj.sub(*q0j)?;
        }
        edges.push(e);
    }
    let n = interval::cross(&edges)?;
    let (mut d, mut nn) = (Interval::ZERO, Interval::ZERO);
    for (nj, q0j) in n.iter().zip(q0) {
        d = d.add(nj.mul(*q0j)?)?;
        nn = nn.add(nj.mul(*nj)?)?;
    }
    Some((d, nn))
}

/// Sorts `v` ascending and returns the sign of the permutation (`±1`).
fn sort_parity(v: &mut [usize]) -> i64 {
    let mut sign = 1;
    // Insertion sort: each swap flips the sign (N ≤ 15 entries).
    for i in 1..v.len() {
        let mut j = i;
        while j > 0 && v[j - 1] > v[j] {
            v.swap(j - 1, j);
            sign = -sign;
            j -= 1;
        }
    }
    sign
}
