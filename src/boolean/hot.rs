//! The boolean loop written out for floats in 2D and 3D: the hot path of
//! [`gjk`](super::gjk).
//!
//! The loop of [the module docs](super) on a four-slot array, with the
//! regions of the segment, the triangle and (in 3D) the tetrahedron tested
//! in closed form (Ericson, *Real-Time Collision Detection*, §5.1.2, §5.1.5,
//! §5.1.6; the spec's `*-LINE-*`, `*-TRI-*`, `3D-TET-*`) instead of by the
//! classifier, and no cycle table. Like the reference it needs only a ring:
//! each search direction is `O − v` times a positive factor, `v` the point
//! of the kept feature closest to the origin, with the closed forms'
//! divisions multiplied out.
//!
//! # Why an answer from here can be trusted
//!
//! * **Separated** only when `w · d < −ε`, `ε` the bound on the rounding of
//!   `w · d` ([`SEPARATION_FACTOR`]): the exact `(a − b) · d` of the support
//!   points returned is then negative (the reference takes any computed
//!   `w · d < 0`). That proves separation only if they are the exact
//!   maximisers: a hull's support picks the largest *rounded* dot product,
//!   so on shapes that touch (or nearly) this loop can answer Separated, as
//!   the reference can. `ε` does not cover the support map's rounding.
//! * **Intersecting** only when the filtered signs of the full simplex's
//!   determinants prove the origin strictly inside the simplex of the exact
//!   points `aᵢ − bᵢ` (`boolean/containment.rs`, the reference's first
//!   check).
//! * **Everything else goes back** (`None`) to the reference loop, which
//!   answers from the start: a support point outside
//!   [`closed_form_range`] (the origin among them), a search direction that
//!   vanishes (the origin on the kept feature: touching), a region the
//!   reference loop cannot reach in exact arithmetic, a `w · d` in `ε` or
//!   a support point met before (each once more along the kept edge's
//!   straightened normal first: [`straightened`]), an unproved
//!   containment, the cap, errors (a
//!   `w · d` that is not finite among them). So no-verdicts and errors are
//!   always the reference's.
//!
//! The regions only choose the search directions: a choice that rounding
//! got wrong costs iterations (or a hand-back), never a wrong answer.
//! `tests/hot.rs` compares both loops on every spec case and pair and on
//! generated pairs against their exact relation.

use arrayvec::ArrayVec;

use super::{Options, Outcome, Report};
use crate::distance::contains::strictly_inside;
use crate::region::{Region, Tet3Region, Tri2Region};
use crate::scalar::Scalar;
use crate::shape::Support;
use crate::simplex::{start_direction, support_vertex, Simplex, Vertex};
use crate::tolerance::{closed_form_range, scale2};
use crate::vector::{cross3, dot, is_finite, is_zero, reject, Vector};

/// The exact `(a − b) · d` of the support points is negative when the
/// computed `w · d` is below `−SEPARATION_FACTOR · u · Σ |wᵢ dᵢ|` (minus `N`
/// times the smallest normal number, for products that underflow).
/// `tests/hot.rs` (`ROUNDED_AXES`) has pairs on which either term matters.
///
/// Derivation: `w = fl(a − b)` is off by at most `u |wᵢ| / (1 − u)` per
/// coordinate, and the dot product of `N ≤ 3` terms by at most
/// `γ_N Σ |wᵢ dᵢ|`, `γ_N = N u / (1 − N u)`: together at most
/// `(N + 1) u (1 + 4u) Σ |wᵢ dᵢ| ≤ 4.01 u Σ |wᵢ dᵢ|` between the computed
/// `w · d` and the exact `(a − b) · d`. The sum is evaluated in `f64`
/// (relative error `3 · 2⁻⁵³`); 8 covers both with room.
const SEPARATION_FACTOR: f64 = 8.0;

/// The points of a simplex, stored oldest first (at most four: `N ≤ 3`):
/// a new point is pushed, nothing moves; position `i` (newest first, as
/// the closed forms and masks count) is `[len − 1 − i]`.
type Vertices<T, const N: usize> = ArrayVec<Vertex<T, N>, 4>;

/// What the closed forms say about the grown simplex.
enum Next<T: Scalar, const N: usize> {
    /// Keep the vertices of `mask` (bit `i`: position `i`, newest first)
    /// and search along `d`.
    Search { mask: u8, d: Vector<T, N> },
    /// The origin may be inside the full simplex (to be proved).
    Full,
    /// Hand the query back.
    Back,
}

/// The hot path: `Some(report)` when this loop answers, `None` to hand the
/// query to the reference loop (module docs); `calls` counts its support
/// points either way.
// Built into its callers (`gjk()` and the certified verdict): the report
// is then written where they return it, one copy of it fewer (2D n = 32:
// 3-5 % of the query; 3D unchanged).
#[inline(always)]
pub(crate) fn gjk<T, const N: usize, A, B>(
    a: &A,
    b: &B,
    opts: &Options<T, N>,
    calls: &mut usize,
) -> Option<Report<T, N>>
where
    T: Scalar,
    A: Support<T, N> + ?Sized,
    B: Support<T, N> + ?Sized,
{
    if T::EXACT || !(N == 2 || N == 3) {
        return None;
    }
    let range = closed_form_range::<T>();
    let mut d = start_direction(opts.initial_direction.as_ref()).ok()?;
    let mut simplex = Vertices::<T, N>::new();
    let mut straightened_once = false;
    for iteration in 0..opts.max_iterations {
        let iterations = iteration + 1;
        *calls = iterations;
        // w ← s_A(d) − s_B(−d)
        let w = support_vertex(a, b, &d, iteration).ok()?;
        if !range.contains(&scale2(std::iter::once(&w.w))) {
            return None;
        }
        // if w · d < 0: return Separated { axis: d }   (beyond its rounding)
        let progress = dot(&w.w, &d);
        if !progress.is_finite() {
            return None;
        }
        if progress < T::zero() {
            let terms = (0..N).map(|i| (w.w[i].to_f64() * d[i].to_f64()).abs());
            let eps = SEPARATION_FACTOR * T::UNIT_ROUNDOFF * terms.sum::<f64>()
                + N as f64 * T::MIN_NORMAL;
            if progress.to_f64() < -eps {
                let outcome = Outcome::Separated {
                    axis: d,
                    support: w,
                };
                return Some(Report {
                    outcome,
                    iterations,
                });
            }
        }
        // Stalled (`w · d` in its rounding, or `w` met before): rounding
        // turned `d` off the kept edge's normal; once, search along `d`
        // made normal to the edge again.
        if progress < T::zero() || simplex.iter().any(|x| x.w == w.w) {
            if std::mem::replace(&mut straightened_once, true) {
                return None;
            }
            d = straightened(&simplex, &d)?;
            continue;
        }
        straightened_once = false;
        // W ← [w] ++ W;  (kept, d') ← the feature of W closest to O
        simplex.push(w);
        match next(&simplex) {
            // W ← kept;  d ← d'
            Next::Search { mask, d: next } => {
                let mut at = (0..simplex.len()).rev();
                simplex.retain(|_| at.next().is_some_and(|i| mask & (1 << i) != 0));
                d = next;
            }
            // if W contains O: return Intersecting { W }   (proved)
            Next::Full if strictly_inside(simplex.iter().rev()) => {
                let region = match N {
                    2 => Region::Tri2(Tri2Region::R7),
                    _ => Region::Tet3(Tet3Region::In),
                };
                let simplex = Simplex::from_oldest_first(&simplex)?;
                let outcome = Outcome::Intersecting { simplex, region };
                return Some(Report {
                    outcome,
                    iterations,
                });
            }
            Next::Full | Next::Back => return None,
        }
    }
    None
}

/// The search direction `d` of a stalled pass made normal to the kept
/// edge `[p, q]` again: `|e|² d − (d · e) e`, `e = q − p` ([`reject`];
/// `None`, hand back, when the kept feature is not an edge).
///
/// Why: an edge's `d = −(t e + |e|² a)` cancels terms of size `|e|² |a|`
/// to leave `|e|² |v|`, so near contact (`|v| ≪ |a|`) rounding tilts it
/// along `e` by about `u |a| / |v|` (`10⁻⁵` at `|v| = 10⁻¹²`, `|a| ≈ 0.1`),
/// and the support point `w` of the edge itself then has `w · d ≥ 0`
/// although exactly `w · d < 0`. After the projection the tilt along `e`
/// is about `u`, so `w · d` is off by about `u |w| |d|` against
/// `|v| |d|`: decided while `|v|` is well above `u |w|`. The tilt within
/// the normal plane (3D) is not corrected and needs not be: any normal
/// direction within 90° of `O − v` keeps the edge's points on the
/// negative side. A face's and a vertex's `d` (a cross product, `−a`) do
/// not cancel this way.
fn straightened<T: Scalar, const N: usize>(
    simplex: &Vertices<T, N>,
    d: &Vector<T, N>,
) -> Option<Vector<T, N>> {
    let [p, q] = [&simplex.first()?.w, &simplex.last()?.w];
    if simplex.len() != 2 {
        return None;
    }
    let next = reject(&(q - p), d);
    (is_finite(&next) && !is_zero(&next)).then_some(next)
}

/// The feature of the grown simplex (newest first) that holds its point
/// closest to the origin, and the direction from there to the origin.
fn next<T: Scalar, const N: usize>(simplex: &Vertices<T, N>) -> Next<T, N> {
    let p = |i: usize| &simplex[simplex.len() - 1 - i].w;
    let found = match simplex.len() {
        1 => Next::Search { mask: 1, d: -p(0) },
        2 => segment(p(0), p(1), [0, 1]),
        3 => triangle(p(0), p(1), p(2), [0, 1, 2], N == 2),
        _ => tetrahedron(simplex),
    };
    match found {
        Next::Search { d, .. } if is_zero(&d) || !is_finite(&d) => Next::Back,
        found => found,
    }
}

/// The segment `[a, b]` (positions `at`), `a` the newest point (the spec's
/// `*-LINE-*`): vertex `a` when `t = −a · (b − a) ≤ 0`; else the interior
/// point `v = a + t e / |e|²`, `e = b − a`, and `d = −|e|² v = −(t e + |e|² a)`.
/// Vertex `b` is unreachable in exact arithmetic: it goes back.
fn segment<T: Scalar, const N: usize>(
    a: &Vector<T, N>,
    b: &Vector<T, N>,
    at: [usize; 2],
) -> Next<T, N> {
    let e = b - a;
    let t = -dot(a, &e);
    if t <= T::zero() {
        return Next::Search {
            mask: 1 << at[0],
            d: -a,
        };
    }
    if dot(b, &e) <= T::zero() {
        return Next::Back;
    }
    edge(a, &e, t, [at[0], at[1]])
}

/// `d = −(t e + |e|² a)` for the interior point of the edge `a + s e` at
/// `s = t / |e|²`, keeping positions `at`.
fn edge<T: Scalar, const N: usize>(
    a: &Vector<T, N>,
    e: &Vector<T, N>,
    t: T,
    at: [usize; 2],
) -> Next<T, N> {
    let ee = dot(e, e);
    let d = Vector::<T, N>::from_fn(|i, _| -(t.clone() * e[i].clone() + ee.clone() * a[i].clone()));
    Next::Search {
        mask: (1 << at[0]) | (1 << at[1]),
        d,
    }
}

/// The triangle `a, b, c` (positions `at`), `a` the newest point, by the
/// Voronoi regions of its vertices, edges and face (Ericson §5.1.5, the
/// query point at the origin): `d₁ … d₆` are the dot products of the edges
/// `ab`, `ac` with `−a`, `−b`, `−c`, and `va, vb, vc` the sub-areas. The
/// features without `a` (vertices `b`, `c`, edge `bc`) are unreachable in
/// exact arithmetic: they go back. `full`: the triangle is the whole
/// simplex (2D), so its face means the origin may be inside; in 3D the face
/// keeps all three and searches along the normal on the origin's side.
fn triangle<T: Scalar, const N: usize>(
    a: &Vector<T, N>,
    b: &Vector<T, N>,
    c: &Vector<T, N>,
    at: [usize; 3],
    full: bool,
) -> Next<T, N> {
    let zero = T::zero;
    let (ab, ac) = (b - a, c - a);
    let (d1, d2) = (-dot(&ab, a), -dot(&ac, a));
    if d1 <= zero() && d2 <= zero() {
        return Next::Search {
            mask: 1 << at[0],
            d: -a,
        };
    }
    let (d3, d4) = (-dot(&ab, b), -dot(&ac, b));
    if d3 >= zero() && d4 <= d3 {
        return Next::Back;
    }
    let vc = d1.clone() * d4.clone() - d3.clone() * d2.clone();
    if vc <= zero() && d1 >= zero() && d3 <= zero() {
        return edge(a, &ab, d1, [at[0], at[1]]);
    }
    let (d5, d6) = (-dot(&ab, c), -dot(&ac, c));
    if d6 >= zero() && d5 <= d6 {
        return Next::Back;
    }
    let vb = d5.clone() * d2.clone() - d1 * d6.clone();
    if vb <= zero() && d2 >= zero() && d6 <= zero() {
        return edge(a, &ac, d2, [at[0], at[2]]);
    }
    let va = d3.clone() * d6.clone() - d5.clone() * d4.clone();
    if va <= zero() && d4 >= d3 && d5 >= d6 {
        return Next::Back;
    }
    if full {
        return Next::Full;
    }
    // The face: along the normal n = ab × ac, turned to the origin's side.
    let Some(n) = cross3(&ab, &ac) else {
        return Next::Back;
    };
    let side = dot(&n, a);
    let d = match side {
        s if s < zero() => n,
        s if s > zero() => -n,
        _ => return Next::Back,
    };
    Next::Search {
        mask: (1 << at[0]) | (1 << at[1]) | (1 << at[2]),
        d,
    }
}

/// The tetrahedron `p₀ … p₃` (3D), `p₀` the newest point: the origin is
/// outside the face opposite `pₖ` when it and `pₖ` lie strictly on
/// opposite sides of that face's plane. Each such face among those through
/// `p₀` (`3D-TET-ABC`, `-ACD`, `-ADB`) is reduced as a triangle, and the
/// nearest result kept (§5.1.6). With none, the origin may be inside (the
/// face opposite `p₀` is the previous triangle, whose side the origin was
/// on; the proof checks it).
fn tetrahedron<T: Scalar, const N: usize>(simplex: &Vertices<T, N>) -> Next<T, N> {
    let p = |i: usize| &simplex[simplex.len() - 1 - i].w;
    let zero = T::zero;
    let mut best: Option<(f64, Next<T, N>)> = None;
    for (k, [i, j, l]) in [(3, [0, 1, 2]), (1, [0, 2, 3]), (2, [0, 3, 1])] {
        let Some(n) = cross3(&(p(j) - p(i)), &(p(l) - p(i))) else {
            return Next::Back;
        };
        let origin_side = -dot(p(i), &n);
        let opposite_side = dot(&(p(k) - p(i)), &n);
        if (origin_side > zero() && opposite_side < zero())
            || (origin_side < zero() && opposite_side > zero())
        {
            let found = triangle(p(i), p(j), p(l), [i, j, l], false);
            let Next::Search { d, .. } = &found else {
                return Next::Back;
            };
            let r = reach(p(0), d);
            if r.is_nan() {
                return Next::Back;
            }
            if best.as_ref().is_none_or(|(b, _)| r < *b) {
                best = Some((r, found));
            }
        }
    }
    best.map_or(Next::Full, |(_, found)| found)
}

/// `|v|`, the distance of a kept feature from the origin, in `f64` from its
/// search direction `d` and its vertex `a`: `v` is parallel to `−d` and
/// `a · v = |v|²`, so `|v| = |a · d| / |d|` (`d` scaled by its largest
/// coordinate first, so that nothing overflows). Only to choose a face.
fn reach<T: Scalar, const N: usize>(a: &Vector<T, N>, d: &Vector<T, N>) -> f64 {
    let m = d.iter().map(|x| x.to_f64().abs()).fold(0.0, f64::max);
    let unit = |i: usize| d[i].to_f64() / m;
    let along = (0..N).map(|i| a[i].to_f64() * unit(i)).sum::<f64>();
    along.abs() / (0..N).map(|i| unit(i) * unit(i)).sum::<f64>().sqrt()
}
