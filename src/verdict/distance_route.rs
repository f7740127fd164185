//! Separated, touching or overlapping, with the numbers that prove it, in any
//! dimension `N ≥ 1`.
//!
//! `verdict::boolean_route` answers the same three-way question with the boolean
//! loop (dimensions 2 and 3, any [`crate::Scalar`]). This module
//! answers it with the distance loop ([`crate::distance`](mod@crate::distance)), which works in
//! every dimension up to 15, and returns what each answer needs:
//!
//! | verdict | fields | meaning (exact mode) |
//! |---|---|---|
//! | [`Verdict::Separated`] | `dist2`, `witness_a`, `witness_b`, `axis` | `A ∩ B = ∅`; `dist2 = |witness_a − witness_b|²` is the squared distance |
//! | [`Verdict::Touching`] | `point`, `normal` | `point ∈ A ∩ B`, and `max_A a·normal = min_B b·normal` |
//! | [`Verdict::Overlapping`] | `point` | `point ∈ A ∩ B` and the origin is interior to `A − B` |
//! | [`Verdict::NoVerdict`] | `reason` | no verdict; never to be read as separated |
//!
//! # Method
//!
//! 1. Run the distance loop. If it stops as separated, that is the answer
//!    (its stop rule is a proof, see [`crate::distance`](mod@crate::distance)).
//! 2. Otherwise its final simplex `S` holds the origin with barycentric
//!    coordinates `λ > 0` on the face `G` it kept (Johnson's sub-algorithm
//!    keeps the smallest face holding the closest point in its relative
//!    interior). `point = Σ λᵢ aᵢ = Σ λᵢ bᵢ` is a common point.
//! 3. Descend as `verdict::boolean_route` does: `O ∈ int K ⇔ π(O) ∈ int π(K)` for
//!    `π` the orthogonal projection onto `span(G)^⊥` (the claim and its proof
//!    are in `verdict::boolean_route`'s module docs). Here the projection stays in
//!    `ℝᴺ`: `P x = x − Σ (x·qᵢ)/(qᵢ·qᵢ) qᵢ`, with `q₁ … q_k` an orthogonal
//!    basis of everything projected away so far (Gram–Schmidt on the edge
//!    vectors `gᵢ − g₀` of each face, without normalising: `+ − × ÷` only,
//!    exact with rationals). `P(A)` has the support map
//!    `s_{P(A)}(d) = P s_A(P d)` (`P` is symmetric). The distance loop is run
//!    again on `P(A)`, `P(B)`, which live in `V = span(q)^⊥` of dimension
//!    `m = N − k`; it finds the origin again (`O = P O ∈ P(K)`) on a face `G'`:
//!    * `|G'| = m + 1`: `G'` is full-dimensional in `V` and holds `O` in its
//!      interior, so `O ∈ int_V P(K)`, hence `O ∈ int K`: **overlapping**;
//!    * `|G'| = 1`: `G' = {O}` and `O = s_{P(K)}(d)` for the direction `d ∈ V`
//!      that produced it, so `max_{P(K)} y·d = 0`; for `x ∈ K`,
//!      `x·d = (P x)·d ≤ 0`: a supporting plane through `O`, **touching**
//!      with `normal = d`;
//!    * otherwise project `G'` away too; `m` drops by `|G'| − 1 ≥ 1`, so
//!      there are at most `N` rounds. When `m` reaches `0` the faces found
//!      span `ℝᴺ` and the origin is interior.
//!
//! # Float mode: the touching band
//!
//! Floats cannot tell "touching" from "a gap of `10⁻¹⁷`". In float mode a
//! separated answer whose distance is at most
//! `τ = TOUCH_BAND_FACTOR · u · scale` ([`TOUCH_BAND_FACTOR`], `u` the unit
//! roundoff, `scale` the largest norm of a support point seen in the final
//! simplex), or whose axis does not prove a gap wider than `τ` (the loop's
//! `dist2` is an upper bound; the axis gives the lower bound, see
//! `unresolved` in the source) and whose gap the exact closest point of its
//! support points does not prove either (`verdict/exact_axis.rs`: the loop's
//! own axis tilts by its rounding), is reported as [`Verdict::Touching`] (`point` the midpoint of the
//! witnesses; `normal` the most separating of the simplex vertices'
//! directions and the loop's axis, checked on the shapes). On the other side, the descent treats a
//! face that fills the remaining space but has the origin within `τ` of one
//! of its facets as holding the origin *on* that facet, and descends to it
//! (without this, rounding puts the origin strictly inside a simplex whose
//! facet passes through it, and touching shapes come out overlapping). The
//! same holds for faces of every size: a face whose relative boundary is
//! within `τ` of the origin is replaced by the sub-face nearest to it, as if
//! the origin's barycentric coordinates there were zero.
//! A face with the origin deeper than `τ` inside proves a depth of more than
//! `τ` (the face lies in `A − B`), up to the rounding of its vertices.
//! The projected queries judge "the origin reached" at the first query's
//! scale (their own points are projections, small where the shapes are
//! not), and a touching normal is checked on the shapes before it is
//! reported: its support planes must be within `τ` of each other, else
//! [`NoVerdict::UnprovedNormal`].
//! The band is relative to the coordinates the answer is computed from: two
//! unit squares `2.8·10⁻¹⁴` apart at the origin are resolved as separated,
//! the same pair translated to `x ≈ 1` is touching. Outside the band a float verdict is the
//! float computation's best answer, not a proof: for a verdict that is never
//! wrong, use exact mode, or check the
//! certificate exactly (the axis and the witnesses are returned for that).
//! Exact mode has no band: touching means a distance of exactly zero.
//!
//! # Warm start
//!
//! [`DistanceOptions::warm_start`] applies to step 1 (the descent's
//! sub-queries always start cold). [`VerdictReport::simplex`] is what to
//! pass to the next frame.

use super::exact_axis::exact_axis;
use super::nearest_facet;
use crate::distance::{closest_point, distance, distance_loop, DistanceOptions, DistanceOutcome};
use crate::error::Error;
use crate::relation::NoVerdict;
use crate::scalar::{Field, Scalar};
use crate::shape::Support;
use crate::simplex::support_vertex;
use crate::simplex::{Simplex, Vertex};
use crate::tolerance::TOUCH_BAND_FACTOR;

use super::{Separation, Verdict, VerdictReport};
use crate::vector::{dot, is_zero, pow2_factors, Vector};

/// The three-way verdict by the distance loop (see the module docs), in any
/// dimension `1 ≤ N ≤ 15`. Errors as [`crate::distance::distance`].
pub fn by_distance_loop<T, const N: usize, A, B>(
    a: &A,
    b: &B,
    opts: &DistanceOptions<T, N>,
) -> Result<VerdictReport<T, N>, Error>
where
    T: Field,
    A: Support<T, N> + ?Sized,
    B: Support<T, N> + ?Sized,
{
    let first = distance(a, b, opts)?;
    let mut iterations = first.iterations;
    let report = |verdict, iterations, simplex| {
        Ok(VerdictReport {
            verdict,
            iterations,
            simplex,
            stalled: false,
        })
    };
    match first.outcome {
        DistanceOutcome::Separated {
            dist2,
            witness_a,
            witness_b,
            axis,
            simplex,
        } => {
            // Float mode, in the band: within it, or the loop's axis does
            // not prove a gap wider than it and neither does the exact
            // closest point of its support points (`exact_axis.rs`).
            let band2 = band2(simplex.iter());
            let mut axis = axis;
            let mut in_band = !T::EXACT && unresolved(a, b, &dist2, &axis, band2, &mut iterations)?;
            if in_band && dist2.to_f64() > band2 {
                if let Some(proved) = exact_axis(a, b, &simplex, band2, &mut iterations)? {
                    axis = proved;
                    in_band = false;
                }
            }
            let verdict = if in_band {
                let point = (&witness_a + &witness_b) * half::<T>();
                let normal = band_normal(a, b, &simplex, &axis, &mut iterations)?;
                let floor2 = vertex_scale2(simplex.iter());
                match checked_boundary(a, b, normal, floor2, &mut iterations)? {
                    Ok(normal) => Verdict::Touching {
                        normal,
                        point: Some(point),
                    },
                    Err(reason) => Verdict::NoVerdict { reason },
                }
            } else {
                Verdict::Separated {
                    axis,
                    separation: Some(Separation {
                        dist2,
                        witness_a,
                        witness_b,
                    }),
                }
            };
            report(verdict, iterations, simplex)
        }
        DistanceOutcome::NoVerdict { reason, .. } => {
            report(Verdict::NoVerdict { reason }, iterations, Simplex::new())
        }
        DistanceOutcome::Intersecting { simplex } => {
            let face: Vec<Vertex<T, N>> = simplex.iter().cloned().collect();
            let point = common_point(&face)?;
            let verdict = match descend(a, b, face, opts.max_iterations, &mut iterations)? {
                Descent::Interior => Verdict::Penetrating { point: Some(point) },
                Descent::Boundary { normal } => Verdict::Touching {
                    normal,
                    point: Some(point),
                },
                Descent::Failed(reason) => Verdict::NoVerdict { reason },
            };
            report(verdict, iterations, simplex)
        }
    }
}

/// Float band: `true` when a separated answer of the distance loop does not
/// resolve a gap wider than the band `τ` (`band2 = τ²`): either
/// `dist2 ≤ τ²`, or the gap that `axis` proves,
/// `(min_B b·axis − max_A a·axis)/|axis| = −w·axis/|axis|` with
/// `w = s_{A−B}(axis)`, is at most `τ`. The second test is needed because
/// `dist2 = |v|²` is only an upper bound: the loop also stops when its gap
/// is below rounding noise and no progress is possible, and on an
/// ill-conditioned face that leaves `|v|` far above `τ`, while the lower
/// bound `−w·axis/|axis|` holds for any `axis`, whatever
/// the rounding of `v`. One support call, counted in `iterations`.
fn unresolved<T, const N: usize, A, B>(
    a: &A,
    b: &B,
    dist2: &T,
    axis: &Vector<T, N>,
    band2: f64,
    iterations: &mut usize,
) -> Result<bool, Error>
where
    T: Field,
    A: Support<T, N> + ?Sized,
    B: Support<T, N> + ?Sized,
{
    if dist2.to_f64() <= band2 {
        return Ok(true);
    }
    let w = support_vertex(a, b, axis, *iterations)?;
    *iterations += 1;
    let proven = -dot(&w.w, axis).to_f64();
    // proven / |axis| ≤ τ  ⇔  proven ≤ 0 or proven² ≤ τ² · |axis|²; a
    // product that overflowed (or a NaN) proves nothing.
    Ok(!proven.is_finite() || proven <= 0.0 || proven * proven <= band2 * dot(axis, axis).to_f64())
}

/// `τ²` of the touching band for the support points of `vertices`.
fn band2<'a, T: Scalar + 'a, const N: usize>(
    vertices: impl Iterator<Item = &'a Vertex<T, N>>,
) -> f64 {
    band2_at_least(vertices, 0.0)
}

/// [`band2`] with `scale²` at least `floor2`: the projected queries of the
/// descent see projected points, whose norms say nothing about the rounding
/// of the coordinates they were computed from, so they keep the scale of
/// the first query's points.
fn band2_at_least<'a, T: Scalar + 'a, const N: usize>(
    vertices: impl Iterator<Item = &'a Vertex<T, N>>,
    floor2: f64,
) -> f64 {
    let tau = TOUCH_BAND_FACTOR * T::UNIT_ROUNDOFF;
    tau * tau * vertex_scale2(vertices).max(floor2)
}

/// [`scale2`](crate::tolerance::scale2) of every support point of
/// `vertices` (on `A`, on `B`, and of `A − B`): the touching band's scale.
fn vertex_scale2<'a, T: Scalar + 'a, const N: usize>(
    vertices: impl Iterator<Item = &'a Vertex<T, N>>,
) -> f64 {
    crate::tolerance::scale2(vertices.flat_map(|v| [&v.a, &v.b, &v.w]))
}

/// Float band: the normal of a touching answer found as a separation
/// within the band. Each candidate direction `d` with its support point
/// `w = s_{A−B}(d)` gives the signed offset `w·d/|d|` of the plane with
/// normal `d` through the origin from supporting `A − B` (`≤ 0`: the
/// plane separates `A` from `B` by `−w·d/|d|`). The candidates are the
/// simplex vertices' directions and the loop's axis `−v` (one support call,
/// counted in `iterations`): `−v` alone can be rounding noise when `|v|`
/// is, and a vertex direction alone can point the wrong way. The smallest
/// signed offset wins: the most separating
/// direction, which `checked_boundary` then checks.
fn band_normal<T, const N: usize, A, B>(
    a: &A,
    b: &B,
    simplex: &Simplex<T, N>,
    axis: &Vector<T, N>,
    iterations: &mut usize,
) -> Result<Vector<T, N>, Error>
where
    T: Field,
    A: Support<T, N> + ?Sized,
    B: Support<T, N> + ?Sized,
{
    let along_axis = support_vertex(a, b, axis, *iterations)?;
    *iterations += 1;
    let offset = |w: &Vector<T, N>, d: &Vector<T, N>| {
        let dd = dot(d, d).to_f64();
        (dd > 0.0).then(|| dot(w, d).to_f64() / dd.sqrt())
    };
    Ok(simplex
        .iter()
        .map(|v| (&v.w, &v.dir))
        .chain(std::iter::once((&along_axis.w, axis)))
        .filter_map(|(w, d)| offset(w, d).map(|o| (o, d)))
        .min_by(|(x, _), (y, _)| x.total_cmp(y))
        .map(|(_, d)| d.clone())
        .unwrap_or_else(Vector::zeros))
}

fn half<T: Field>() -> T {
    T::one() / (T::one() + T::one())
}

/// `Σ λᵢ aᵢ` for the barycentric coordinates `λ` of the origin's closest
/// point on `face` (the origin itself, exactly, in exact mode).
fn common_point<T: Field, const N: usize>(face: &[Vertex<T, N>]) -> Result<Vector<T, N>, Error> {
    let pts: Vec<Vector<T, N>> = face.iter().map(|v| v.w.clone()).collect();
    let closest = closest_point(&pts)?;
    let mut point = Vector::<T, N>::zeros();
    for (&i, l) in closest.kept.iter().zip(&closest.lambda) {
        point += &face[i].a * l.clone();
    }
    Ok(point)
}

enum Descent<T: Scalar, const N: usize> {
    Interior,
    Boundary { normal: Vector<T, N> },
    Failed(NoVerdict),
}

/// The descent of the module docs, from the face `face` that holds the
/// origin in its relative interior.
fn descend<T, const N: usize, A, B>(
    a: &A,
    b: &B,
    mut face: Vec<Vertex<T, N>>,
    max_iterations: usize,
    iterations: &mut usize,
) -> Result<Descent<T, N>, Error>
where
    T: Field,
    A: Support<T, N> + ?Sized,
    B: Support<T, N> + ?Sized,
{
    // q₁ … q_k: an orthogonal basis of the space projected away so far.
    let mut q: Vec<Vector<T, N>> = Vec::new();
    let floor2 = vertex_scale2(face.iter());
    // Each round projects away at least one dimension (the face has two or
    // more affinely independent vertices when it gets there), so N + 1
    // rounds suffice.
    for _ in 0..=N {
        // Float band: a face with the origin within τ of its relative
        // boundary is treated as holding the origin on that boundary. Each
        // pass of this inner loop strictly shrinks the face, so it ends.
        loop {
            if face.is_empty() {
                return Ok(Descent::Failed(NoVerdict::Rounding));
            }
            if face.len() == 1 {
                let normal = face[0].dir.clone();
                return boundary(checked_boundary(a, b, normal, floor2, iterations)?);
            }
            if T::EXACT {
                break;
            }
            match facet_within_band(&face, floor2)? {
                Some(near) => face = near,
                None => break,
            }
        }
        for g in &face[1..] {
            let e = project(&(&g.w - &face[0].w), &q);
            if !is_zero(&e) {
                // Only the direction of `qᵢ` matters, so it is kept scaled
                // to a largest coordinate in `[1, 2)` (float modes; a power
                // of two: exact, and `project` gives the same bits as on the
                // unscaled vector): `qᵢ · qᵢ` neither overflows nor
                // underflows, where coordinates near `√max` (`f32`: about
                // `2⁶⁴`) made it infinite and the next direction NaN.
                let (s1, s2) = pow2_factors(std::iter::once(&e));
                q.push(if T::EXACT { e } else { e * s1 * s2 });
            }
        }
        if q.len() >= N {
            return Ok(Descent::Interior);
        }
        let d0 = match (0..N)
            .map(|j| {
                let mut e = Vector::<T, N>::zeros();
                e[j] = T::one();
                project(&e, &q)
            })
            .max_by(|x, y| {
                dot(x, x)
                    .partial_cmp(&dot(y, y))
                    .unwrap_or(std::cmp::Ordering::Equal)
            }) {
            Some(d) if !is_zero(&d) => d,
            _ => return Ok(Descent::Failed(NoVerdict::Rounding)),
        };
        let pa = Projected { inner: a, q: &q };
        let pb = Projected { inner: b, q: &q };
        let opts = DistanceOptions {
            initial_direction: Some(d0),
            max_iterations,
            ..DistanceOptions::default()
        };
        let (sub, _) = distance_loop(&pa, &pb, &opts, &mut (), floor2, None, &())?;
        *iterations += sub.iterations;
        face = match sub.outcome {
            DistanceOutcome::Intersecting { simplex } => simplex.iter().cloned().collect(),
            // O = P(O) ∈ P(K): only rounding can put it outside; within the
            // band, that is the float band's touching.
            DistanceOutcome::Separated {
                simplex,
                dist2,
                axis,
                ..
            } if !T::EXACT
                && unresolved(
                    &pa,
                    &pb,
                    &dist2,
                    &axis,
                    band2_at_least(simplex.iter(), floor2),
                    iterations,
                )? =>
            {
                let normal = band_normal(&pa, &pb, &simplex, &axis, iterations)?;
                return boundary(checked_boundary(a, b, normal, floor2, iterations)?);
            }
            DistanceOutcome::Separated { .. } => return Ok(Descent::Failed(NoVerdict::Rounding)),
            DistanceOutcome::NoVerdict { reason, .. } => return Ok(Descent::Failed(reason)),
        };
    }
    // Unreachable in exact arithmetic (see the loop's bound).
    Ok(Descent::Failed(NoVerdict::Rounding))
}

/// The descent's touching normal `n`, checked on the shapes in float mode:
/// with `w = s_{A−B}(n)`, the support planes of `A` and `B` along `n` are
/// `h = −w·n / |n|` apart (`h = 0` exactly when touching). A normal with
/// `|h| > τ` ([`TOUCH_BAND_FACTOR`] `· u · scale`, `scale² = floor2`) was
/// decided by rounding: no verdict rather than a wrong certificate. One
/// support call, counted in `iterations`. Exact mode: the descent's proof
/// holds, nothing to check (`tests/verdict.rs`,
/// `f64_touching_normal_supports_at_scale_2_pow_30`).
fn checked_boundary<T, const N: usize, A, B>(
    a: &A,
    b: &B,
    normal: Vector<T, N>,
    floor2: f64,
    iterations: &mut usize,
) -> Result<Result<Vector<T, N>, NoVerdict>, Error>
where
    T: Field,
    A: Support<T, N> + ?Sized,
    B: Support<T, N> + ?Sized,
{
    if T::EXACT {
        return Ok(Ok(normal));
    }
    let w = support_vertex(a, b, &normal, *iterations)?;
    *iterations += 1;
    let h = dot(&w.w, &normal).to_f64();
    let nn = dot(&normal, &normal).to_f64();
    let band2 = band2_at_least(std::iter::once(&w), floor2);
    if !h.is_finite() || !nn.is_finite() {
        return Err(Error::Overflow {
            iteration: *iterations,
        });
    }
    // |h| / |n| ≤ τ  ⇔  h² ≤ τ² |n|² (and a zero normal proves nothing).
    Ok(if nn > 0.0 && h * h <= band2 * nn {
        Ok(normal)
    } else {
        Err(NoVerdict::UnprovedNormal)
    })
}

/// The descent's end on a checked normal.
fn boundary<T: Scalar, const N: usize>(
    checked: Result<Vector<T, N>, NoVerdict>,
) -> Result<Descent<T, N>, Error> {
    Ok(match checked {
        Ok(normal) => Descent::Boundary { normal },
        Err(reason) => Descent::Failed(reason),
    })
}

/// Float mode: the vertices of the facet of `face` (a simplex of at least
/// two vertices) nearest to the origin, reduced to the smallest sub-face
/// holding its closest point, if that facet is within the touching band `τ`
/// of the origin.
fn facet_within_band<T: Field, const N: usize>(
    face: &[Vertex<T, N>],
    floor2: f64,
) -> Result<Option<Vec<Vertex<T, N>>>, Error> {
    let band2 = band2_at_least(face.iter(), floor2);
    let pts: Vec<Vector<T, N>> = face.iter().map(|v| v.w.clone()).collect();
    Ok(nearest_facet(&pts)?
        .filter(|(d2, _)| *d2 <= band2)
        .map(|(_, kept)| kept.iter().map(|&i| face[i].clone()).collect()))
}

/// `P x = x − Σ (x·qᵢ)/(qᵢ·qᵢ) qᵢ` for an orthogonal family `q`.
fn project<T: Field, const N: usize>(x: &Vector<T, N>, q: &[Vector<T, N>]) -> Vector<T, N> {
    let mut p = x.clone();
    for qi in q {
        let c = dot(&p, qi) / dot(qi, qi);
        p -= qi * c;
    }
    p
}

/// `P(S)`: `s_{P(S)}(d) = P s_S(P d)`.
struct Projected<'a, T: Scalar, const N: usize, S: ?Sized> {
    inner: &'a S,
    q: &'a [Vector<T, N>],
}

impl<T: Field, const N: usize, S: Support<T, N> + ?Sized> Support<T, N> for Projected<'_, T, N, S> {
    fn support(&self, dir: &Vector<T, N>) -> Vector<T, N> {
        project(&self.inner.support(&project(dir, self.q)), self.q)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scalar::integer;
    use crate::shape::ConvexHull;
    use crate::test_util::q3;

    fn hull3(pts: &[[i64; 3]]) -> ConvexHull<crate::Rational, 3> {
        ConvexHull::new(pts.iter().map(|p| q3(p[0], p[1], p[2])).collect()).unwrap()
    }

    #[test]
    fn face_edge_and_vertex_touching_cubes_touch_and_a_shift_overlaps() {
        let cube = |o: [i64; 3]| {
            let mut pts = Vec::new();
            for i in 0..8 {
                pts.push([
                    o[0] + (i & 1) as i64,
                    o[1] + (i >> 1 & 1) as i64,
                    o[2] + (i >> 2 & 1) as i64,
                ]);
            }
            hull3(&pts)
        };
        let a = cube([0, 0, 0]);
        for (o, want) in [
            ([1, 0, 0], "touching"),
            ([1, 1, 0], "touching"),
            ([1, 1, 1], "touching"),
            ([2, 0, 0], "separated"),
            ([0, 0, 0], "penetrating"),
        ] {
            let b = cube(o);
            let r = by_distance_loop(&a, &b, &DistanceOptions::default()).unwrap();
            assert_eq!(r.verdict.name(), want, "B at {o:?}");
            if let Verdict::Touching {
                point: Some(point),
                normal,
            } = &r.verdict
            {
                // The normal separates weakly, through the common point.
                let ha = a.support(normal);
                let hb = b.support(&-normal);
                assert_eq!(dot(&ha, normal), dot(&hb, normal), "B at {o:?}");
                assert_eq!(dot(point, normal), dot(&ha, normal), "B at {o:?}");
            }
        }
        let b = cube([2, 0, 0]);
        if let Verdict::Separated {
            separation: Some(s),
            ..
        } = by_distance_loop(&a, &b, &DistanceOptions::default())
            .unwrap()
            .verdict
        {
            assert_eq!(s.dist2, integer(1));
        }
    }

    #[test]
    fn a_float_normal_whose_support_planes_are_apart_is_not_reported() {
        // Unit squares touching along x = 1: the normal (1, 0) supports
        // both; (1, 1) has support planes 1 apart. The band is
        // τ = 2048 u · scale ≈ 4.5·10⁻¹³ (scale = 2): (1, 2⁻⁴³) has planes
        // 1.1·10⁻¹³ apart, within it; (1, 2⁻⁴⁰) has them 9.1·10⁻¹³ apart.
        let p = |x: f64, y: f64| Vector::<f64, 2>::new(x, y);
        let sq = |x: f64| {
            ConvexHull::new(vec![p(x, 0.0), p(x + 1.0, 0.0), p(x, 1.0), p(x + 1.0, 1.0)]).unwrap()
        };
        let (a, b) = (sq(0.0), sq(1.0));
        let check = |n: Vector<f64, 2>| {
            let mut it = 0;
            let d = checked_boundary(&a, &b, n, 4.0, &mut it).unwrap();
            assert_eq!(it, 1, "one support call");
            d.is_ok()
        };
        assert!(check(p(1.0, 0.0)));
        assert!(!check(p(-1.0, 0.0)));
        assert!(!check(p(1.0, 1.0)));
        assert!(check(p(1.0, 2f64.powi(-43))));
        assert!(!check(p(1.0, 2f64.powi(-40))));
        assert!(!check(p(0.0, 0.0)));
    }

    #[test]
    fn projection_removes_the_basis_exactly() {
        let q = vec![q3(1, 2, 0)];
        let p = project(&q3(3, 1, 4), &q);
        assert_eq!(dot(&p, &q[0]), integer(0));
        assert_eq!(p[2], integer(4));
    }
}
