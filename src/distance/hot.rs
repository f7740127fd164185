//! The distance loop written out for floats in 2D and 3D: the hot path of
//! [`SubAlgorithm::Auto`](super::SubAlgorithm::Auto).
//!
//! The loop is the reference loop of [the module docs](super): the same
//! support map, the same tests with the same tolerances. What differs
//! is the closest point of the simplex: it is read off the Voronoi regions
//! of the segment, the triangle and (in 3D) the tetrahedron in closed form
//! (Ericson, *Real-Time Collision Detection*, §5.1.2, §5.1.5, §5.1.6; the
//! spec's `2D-LINE-*`, `2D-TRI-*`, `3D-LINE-*`, `3D-TRI-*`, `3D-TET-*`), with
//! no face-by-face Gram solves, no rescaling and no copies of the simplex.
//! A warm start re-reads the old vertices as the reference does
//! (`distance/warm.rs`) and reduces the fresh points by the same closed forms;
//! the round query's start and margin stops come at the reference's steps.
//!
//! # Why an answer from here is the reference's answer
//!
//! The closed forms only **search**: nothing they compute is trusted unless
//! the loop's own tests accept it.
//!
//! * **Separated** only by the stop test `|v|² − v·w ≤ REL_TOL · |v|²`, or
//!   by a stall with the gap in its noise (both the reference's), or by a
//!   round query's margin stop (the reference's test, at the same step), on a
//!   `v = Σ λᵢ wᵢ` with `λᵢ ≥ 0` (checked; a face with another sign goes
//!   back): a wrong region still gives a point of the hull, an upper bound
//!   that the gap test then judges.
//! * **Intersecting** only when `v` is the origin within its rounding
//!   (`|v| ≤ ABS_TOL_FACTOR · u · scale`), or when the reference's
//!   containment check (`distance/contains.rs`) proves the origin in the
//!   full simplex.
//! * **Everything else goes back** (`None`) to the reference loop, which
//!   answers from the start: a stall above the noise, an unproved
//!   containment, a thin triangle's interior (below), a scale near
//!   the ends of the type's range, the iteration cap, errors.
//!   So the hidden-progress steps, the no-verdicts and the errors are always
//!   the reference's.
//!
//! # Accuracy
//!
//! The reference's bound (`tolerance::float_accuracy_bound`) needs `v`
//! within `ABS_TOL_FACTOR · u · scale` of a point of the hull. A segment's
//! point is off by a few `u |p|` whatever its length; a thin triangle's
//! interior goes back (`THIN`); a flat tetrahedron's faces are all tried
//! (`FLAT`): their nearest point is a point of the hull. `tests/hot.rs`
//! compares both loops on every spec case and 24,000 generated pairs.

use arrayvec::ArrayVec;

use super::contains::{self, Containment};
use super::margin::Margin;
use super::subalgorithm::Lambda;
use super::warm::fresh_vertices;
use super::{distance_loop, DistanceOptions, DistanceOutcome, DistanceReport, SubAlgorithm};
use crate::error::Error;
use crate::scalar::Field;
use crate::shape::Support;
use crate::simplex::{start_direction, support_vertex, Simplex, Vertex};
use crate::tolerance::{closed_form_range, scale2, ABS_TOL_FACTOR, REL_TOL_FACTOR};
use crate::vector::{cross3, dot, Vector};

/// A triangle is thin when `|ab|² |ac|² − (ab·ac)² ≤ THIN · √u · |ab|² |ac|²`
/// (the left side is `|ab|² |ac|² sin²θ`, `θ` its angle at `a`).
///
/// Derivation: its weights solve the Gram system of `ab, ac` with right
/// sides `−ab·a`, `−ac·a`, each off by a few `u |e| |p|`, so `v` moves in the
/// face's plane by about `4 u |p| / sin²θ ≤ √u |p| / 16`, and `|v|²` by the
/// square of that, `u |p|² / 256`: far below the gap's noise (`v` stays on
/// the plane). The witnesses move along the face by up to `√u |p| / 16`
/// (`6·10⁻¹⁰ |p|` in `f64`); the reference's solve takes `sin²θ ≥ 128 u`.
const THIN: f64 = 64.0;

/// A tetrahedron is flat when `|det[e₁ e₂ e₃]| ≤ FLAT · u · |e₁| |e₂| |e₃|`.
///
/// Derivation: the edges `eᵢ = pᵢ − p₀` are rounded once each, the cross and
/// dot products twice more, all of terms bounded by `|e₁| |e₂| |e₃|`: the
/// determinant is off by about `6 u |e₁| |e₂| |e₃|`. Below `FLAT = 64` (a
/// factor of ten more) the face tests' signs are unknown, so every face is
/// tried and the origin is never taken to be inside.
const FLAT: f64 = 64.0;

/// The points of a simplex, stored oldest first (pushed, never moved): position
/// `i` (newest first, as weights and masks count) is `[len − 1 − i]`, `.rev()`.
type Vertices<T, const N: usize> = ArrayVec<Vertex<T, N>, 4>;

/// The kept face's weights by vertex position (zero if dropped), and a bit
/// per kept vertex.
struct Kept<T> {
    lambda: [T; 4],
    mask: u8,
}

/// What the closed forms say about the grown simplex.
enum Region<T> {
    /// The closest point lies in the relative interior of this face.
    Face(Kept<T>),
    /// The origin is inside the full simplex (to be proved), at these weights.
    Full([T; 4]),
    /// Too thin or flat for the closed forms: hand the query back.
    Degenerate,
}

/// [`distance`](super::distance) with the final simplex's weights (empty
/// without a verdict): the hot path where it answers, else the reference.
/// `start`, `margin`: the round query's, as for `distance_loop`.
pub(crate) fn distance_weighed<T, const N: usize, A, B>(
    a: &A,
    b: &B,
    opts: &DistanceOptions<T, N>,
    start: Option<&Vector<T, N>>,
    margin: &impl Margin<T, N>,
) -> Result<(DistanceReport<T, N>, Lambda<T>), Error>
where
    T: Field,
    A: Support<T, N> + ?Sized,
    B: Support<T, N> + ?Sized,
{
    match distance(a, b, opts, start, margin) {
        Some(answer) => Ok(answer),
        None => distance_loop(a, b, opts, &mut (), 0.0, start, margin),
    }
}

/// The hot path: `Some((report, λ))` when this loop answers, `None` to hand
/// the query to the reference loop (module docs).
fn distance<T, const N: usize, A, B>(
    a: &A,
    b: &B,
    opts: &DistanceOptions<T, N>,
    start: Option<&Vector<T, N>>,
    margin: &impl Margin<T, N>,
) -> Option<(DistanceReport<T, N>, Lambda<T>)>
where
    T: Field,
    A: Support<T, N> + ?Sized,
    B: Support<T, N> + ?Sized,
{
    if T::EXACT
        || !(N == 2 || N == 3)
        || opts.sub_algorithm != SubAlgorithm::Auto
        || opts.max_iterations == 0
    {
        return None;
    }
    let u = T::UNIT_ROUNDOFF;
    let (lo, hi) = closed_form_range::<T>().into_inner();
    #[inline(always)] // (`distance 3D … n=32` rows: 5 % faster than as a call)
    fn in_range<T: Field, const N: usize>(x: &Vertex<T, N>, hi: f64) -> Option<()> {
        (scale2([&x.w, &x.a, &x.b].into_iter()) <= hi).then_some(())
    }
    let cap = opts.max_iterations;
    // W ← the warm simplex's vertices re-read (the reference's), reduced to
    // the face holding their closest point; or {s_{A−B}(d₀)}
    let d0 = start_direction(opts.initial_direction.as_ref().or(start)).ok()?;
    let (mut simplex, mut lambda) = (Vertices::<T, N>::new(), std::array::from_fn(|_| T::zero()));
    let mut iterations = match &opts.warm_start {
        Some(warm) => fresh_vertices(a, b, warm, cap, &mut simplex).ok()?,
        None => 0,
    };
    simplex.reverse();
    if simplex.is_empty() {
        simplex.push(support_vertex(a, b, &d0, 0).ok()?);
        iterations += 1;
    }
    simplex.iter().try_for_each(|x| in_range(x, hi))?;
    lambda[0] = T::one();
    if simplex.len() > 1 {
        match region(&simplex) {
            Region::Face(kept) => reduce(&mut simplex, &mut lambda, &kept),
            Region::Full(weights) => return contained(&simplex, &weights, iterations),
            Region::Degenerate => return None,
        }
    }
    loop {
        // v ← Σ λᵢ wᵢ
        let v = combine(simplex.iter().rev().map(|x| &x.w), &lambda);
        let vv = dot(&v, &v);
        let s2 = scale2(simplex.iter().map(|x| &x.w));
        // if v = O: return Intersecting   (the reference's test)
        if scale2(std::iter::once(&v)) <= (ABS_TOL_FACTOR * u).powi(2) * s2 {
            return Some(answer(&simplex, &lambda, None, iterations));
        }
        if s2 < lo || vv.to_f64() < T::MIN_NORMAL || iterations >= cap {
            return None;
        }
        // (round shapes) if |v| < R: stop, the margins overlap
        if margin.overlaps(&vv) {
            return Some(answer(&simplex, &lambda, Some(vv), iterations));
        }
        // w ← s_A(−v) − s_B(v)
        let w = support_vertex(a, b, &-&v, iterations).ok()?;
        iterations += 1;
        in_range(&w, hi)?;
        let gap = vv.clone() - dot(&v, &w.w);
        // (round shapes, asked first as in the reference) if v·w > R |v|: stop;
        // if |v|² − v·w ≤ REL_TOL · |v|²: return Separated
        if margin.apart(&vv, s2, &w, &gap) || gap.to_f64() <= REL_TOL_FACTOR * u * vv.to_f64() {
            return Some(answer(&simplex, &lambda, Some(vv), iterations));
        }
        // A stall (w repeated, |v|² not decreasing) with the gap in its
        // noise is Separated, as in the reference; other stalls go back.
        let s2w = s2.max(scale2(std::iter::once(&w.w)));
        let in_noise = gap.to_f64() <= 4.0 * ABS_TOL_FACTOR * u * s2w;
        let stalled = |simplex, lambda: &[T; 4]| {
            in_noise.then(|| answer(&simplex, lambda, Some(vv.clone()), iterations))
        };
        if simplex.iter().any(|x| x.w == w.w) {
            return stalled(simplex, &lambda);
        }
        // W ← [w] ++ W;  (v', kept) ← the closest point of W
        simplex.push(w);
        let kept = match region(&simplex) {
            Region::Face(kept) => kept,
            Region::Full(lambda) => return contained(&simplex, &lambda, iterations),
            Region::Degenerate => return None,
        };
        // if |v'|² ≥ |v|²: hand back (stall or hidden progress)
        let next = combine(simplex.iter().rev().map(|x| &x.w), &kept.lambda);
        if dot(&next, &next) >= vv {
            simplex.pop();
            return stalled(simplex, &lambda);
        }
        // W ← kept
        reduce(&mut simplex, &mut lambda, &kept);
    }
}

/// `W ← kept`, with its weights.
fn reduce<T: Field, const N: usize>(
    simplex: &mut Vertices<T, N>,
    lambda: &mut [T; 4],
    kept: &Kept<T>,
) {
    let keep = |i: usize| kept.mask & (1 << i) != 0;
    let mut at = (0..simplex.len()).rev();
    simplex.retain(|_| at.next().is_some_and(keep));
    for (j, i) in (0..4).filter(|&i| keep(i)).enumerate() {
        lambda[j] = kept.lambda[i].clone();
    }
}

/// Intersecting when the reference's check proves the origin in the full
/// simplex, else `None` (hand back). The filtered signs are tried first on
/// the vertices as they are ([`contains::strictly_inside`], the check's own
/// first stage: where they decide, the check holds), so that the usual case
/// builds no [`Simplex`] for the check.
fn contained<T: Field, const N: usize>(
    simplex: &Vertices<T, N>,
    lambda: &[T; 4],
    iterations: usize,
) -> Option<(DistanceReport<T, N>, Lambda<T>)> {
    if contains::strictly_inside(simplex.iter().rev()) {
        return Some(answer(simplex, lambda, None, iterations));
    }
    let full = Simplex::from_oldest_first(simplex)?;
    match contains::check(&full).ok()? {
        Containment::Holds => Some(answer(simplex, lambda, None, iterations)),
        Containment::Unproved { .. } => None,
    }
}

/// `Σ λᵢ pᵢ`.
fn combine<'a, T: Field, const N: usize>(
    points: impl Iterator<Item = &'a Vector<T, N>>,
    lambda: &[T; 4],
) -> Vector<T, N> {
    let mut v = Vector::<T, N>::zeros();
    for (p, l) in points.zip(lambda) {
        v += p * l.clone();
    }
    v
}

/// The outcome with the weights: separated at `v = Σ λᵢ wᵢ` with
/// `|v|² = dist2`, or intersecting (`dist2` `None`).
fn answer<T: Field, const N: usize>(
    simplex: &Vertices<T, N>,
    lambda: &[T; 4],
    dist2: Option<T>,
    iterations: usize,
) -> (DistanceReport<T, N>, Lambda<T>) {
    let weights = lambda[..simplex.len()].iter().cloned().collect();
    let (witness_a, witness_b) = (
        combine(simplex.iter().rev().map(|x| &x.a), lambda),
        combine(simplex.iter().rev().map(|x| &x.b), lambda),
    );
    let simplex = Simplex::from_oldest_first(simplex).unwrap_or_default();
    let outcome = match dist2 {
        None => DistanceOutcome::Intersecting { simplex },
        Some(dist2) => DistanceOutcome::Separated {
            dist2,
            axis: &witness_b - &witness_a,
            witness_a,
            witness_b,
            simplex,
        },
    };
    (
        DistanceReport {
            outcome,
            iterations,
        },
        weights,
    )
}

/// The region of the grown simplex (newest first) holding its closest point.
fn region<T: Field, const N: usize>(simplex: &Vertices<T, N>) -> Region<T> {
    let p = |i: usize| &simplex[simplex.len() - 1 - i].w;
    match simplex.len() {
        2 => segment(p(0), p(1), [0, 1]),
        3 => triangle(p(0), p(1), p(2), [0, 1, 2], N == 2),
        _ => tetrahedron(simplex),
    }
}

/// Weights `(i, λ)` as a [`Kept`].
fn kept<T: Field, const K: usize>(weights: [(usize, T); K]) -> Kept<T> {
    let mut lambda: [T; 4] = std::array::from_fn(|_| T::zero());
    let mut mask = 0;
    for (i, l) in weights {
        lambda[i] = l;
        mask |= 1 << i;
    }
    Kept { lambda, mask }
}

/// The closest point of the segment `[p, q]` (positions `at`; the spec's
/// `*-LINE-*`): `p` when `p·(p − q) ≤ 0`, `q` when `q·(q − p) ≤ 0`, else the
/// interior point with weights `q·(q − p)` and `p·(p − q)` over their sum
/// `|q − p|²` (orthogonal to `q − p`, both weights positive).
fn segment<T: Field, const N: usize>(
    p: &Vector<T, N>,
    q: &Vector<T, N>,
    at: [usize; 2],
) -> Region<T> {
    let e = q - p;
    let tp = -dot(p, &e);
    if tp <= T::zero() {
        return Region::Face(kept([(at[0], T::one())]));
    }
    let tq = dot(q, &e);
    if tq <= T::zero() {
        return Region::Face(kept([(at[1], T::one())]));
    }
    pair((at[0], tq), (at[1], tp))
}

/// The closest point of the triangle `a, b, c` (positions `at`), by the
/// Voronoi regions of its vertices, edges and face (Ericson §5.1.5, with the
/// query point at the origin): `d₁ … d₆` are the dot products of the edges
/// `ab`, `ac` with `−a`, `−b`, `−c`, and `va, vb, vc` the sub-areas, which
/// sum to `|ab × ac|²`. `full`: the face is the whole simplex (2D), so its
/// interior means the origin is inside.
fn triangle<T: Field, const N: usize>(
    a: &Vector<T, N>,
    b: &Vector<T, N>,
    c: &Vector<T, N>,
    at: [usize; 3],
    full: bool,
) -> Region<T> {
    let zero = T::zero;
    let (ab, ac) = (b - a, c - a);
    let (d1, d2) = (-dot(&ab, a), -dot(&ac, a));
    if d1 <= zero() && d2 <= zero() {
        return Region::Face(kept([(at[0], T::one())]));
    }
    let (d3, d4) = (-dot(&ab, b), -dot(&ac, b));
    if d3 >= zero() && d4 <= d3 {
        return Region::Face(kept([(at[1], T::one())]));
    }
    let vc = d1.clone() * d4.clone() - d3.clone() * d2.clone();
    if vc <= zero() && d1 >= zero() && d3 <= zero() {
        return pair((at[0], -d3), (at[1], d1));
    }
    let (d5, d6) = (-dot(&ab, c), -dot(&ac, c));
    if d6 >= zero() && d5 <= d6 {
        return Region::Face(kept([(at[2], T::one())]));
    }
    let vb = d5.clone() * d2.clone() - d1.clone() * d6.clone();
    if vb <= zero() && d2 >= zero() && d6 <= zero() {
        return pair((at[0], -d6), (at[2], d2));
    }
    let va = d3.clone() * d6.clone() - d5.clone() * d4.clone();
    let (bc_b, bc_c) = (d4 - d3, d5 - d6);
    if va <= zero() && bc_b >= zero() && bc_c >= zero() {
        return pair((at[1], bc_c), (at[2], bc_b));
    }
    // The face: the weights from the Gram system of ab, ac (not from the
    // sub-areas, whose products of size |e|²|p|² cancel far from O).
    let (ab2, ac2, g) = (dot(&ab, &ab), dot(&ac, &ac), dot(&ab, &ac));
    let den = ab2.clone() * ac2.clone() - g.clone() * g.clone();
    let thick = den.to_f64() > THIN * T::UNIT_ROUNDOFF.sqrt() * ab2.to_f64() * ac2.to_f64();
    if !thick {
        return Region::Degenerate;
    }
    let wb = ac2 * d1.clone() - g.clone() * d2.clone();
    let wc = ab2 * d2 - g * d1;
    let wa = den.clone() - wb.clone() - wc.clone();
    if !(wa > zero() && wb > zero() && wc > zero()) {
        return Region::Degenerate;
    }
    let lambda = kept([
        (at[0], wa / den.clone()),
        (at[1], wb / den.clone()),
        (at[2], wc / den),
    ]);
    match full {
        true => Region::Full(lambda.lambda),
        false => Region::Face(lambda),
    }
}

/// The interior point of an edge from its two unnormalised weights, both
/// `≥ 0`; their sum is `0` only when the edge's length underflows, and
/// that goes back.
fn pair<T: Field>(i: (usize, T), j: (usize, T)) -> Region<T> {
    let den = i.1.clone() + j.1.clone();
    let positive = den > T::zero(); // (false for NaN)
    if !positive {
        return Region::Degenerate;
    }
    Region::Face(kept([(i.0, i.1 / den.clone()), (j.0, j.1 / den)]))
}

/// The closest point of the tetrahedron `p₀ … p₃` (3D): the origin is
/// outside the face opposite `pₖ` when it and `pₖ` lie on opposite sides of
/// that face's plane (or the origin on it), or the tetrahedron is flat; the
/// closest point is the nearest of those faces' closest points (§5.1.6).
/// With no such face the origin is inside, and its weight on `pₖ` is the
/// ratio of the signed volumes, the origin's and `pₖ`'s, over that face.
fn tetrahedron<T: Field, const N: usize>(simplex: &Vertices<T, N>) -> Region<T> {
    let p = |i: usize| &simplex[simplex.len() - 1 - i].w;
    // (`N = 3`: only a 3D simplex has four vertices.)
    let cross = |x: &Vector<T, N>, y: &Vector<T, N>| cross3(x, y).unwrap_or_else(Vector::zeros);
    let (e1, e2, e3) = (p(1) - p(0), p(2) - p(0), p(3) - p(0));
    let volume = dot(&e1, &cross(&e2, &e3)).to_f64();
    let norms = dot(&e1, &e1).to_f64() * dot(&e2, &e2).to_f64() * dot(&e3, &e3).to_f64();
    let bound = FLAT * T::UNIT_ROUNDOFF;
    let flat = volume * volume <= bound * bound * norms;
    let mut best: Option<(T, Kept<T>)> = None;
    let mut inside: [T; 4] = std::array::from_fn(|_| T::zero());
    for (k, [i, j, l]) in [
        (0, [1, 2, 3]),
        (1, [0, 2, 3]),
        (2, [0, 1, 3]),
        (3, [0, 1, 2]),
    ] {
        let n = cross(&(p(j) - p(i)), &(p(l) - p(i)));
        let origin_side = -dot(p(i), &n);
        let opposite_side = dot(&(p(k) - p(i)), &n);
        if !flat && (origin_side.clone() * opposite_side.clone()) > T::zero() {
            inside[k] = origin_side / opposite_side;
            continue;
        }
        let Region::Face(kept) = triangle(p(i), p(j), p(l), [i, j, l], false) else {
            return Region::Degenerate;
        };
        let v = combine(simplex.iter().rev().map(|x| &x.w), &kept.lambda);
        let vv = dot(&v, &v);
        if best.as_ref().is_none_or(|(b, _)| vv < *b) {
            best = Some((vv, kept));
        }
    }
    match best {
        Some((_, kept)) => Region::Face(kept),
        None => Region::Full(inside),
    }
}
