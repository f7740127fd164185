//! The distance GJK loop, in any dimension `N ≥ 1` (Gilbert, Johnson &
//! Keerthi, IEEE J. Robotics and Automation 4(2), 1988; Ericson,
//! *Real-Time Collision Detection*, §9.5).
//!
//! Where [`crate::boolean`] asks *whether* `A` and `B` share a point, this
//! loop finds the point `v` of `A − B` closest to the origin: `|v|` is their
//! distance, and `v`'s barycentric coordinates give witness points.
//!
//! # The loop
//!
//! ```text
//! v ← s_{A−B}(d₀);  W ← {v}                (any point of A − B)
//! repeat
//!     if v = O: return Intersecting
//!     w ← s_A(−v) − s_B(v)                  (support point of A − B along −v)
//!     if v·v − v·w ≤ 0: return Separated    (float: ≤ REL_TOL·v·v, or noise)
//!     W ← {w} ∪ W
//!     (v, W, λ) ← closest point of conv W   (the sub-algorithm)
//! ```
//!
//! The sub-algorithm ([`subalgorithm`]) is Johnson's, in its face-by-face
//! projection form, for any dimension; for `N = 2, 3` the spec's region
//! classifier can choose the kept face instead ([`SubAlgorithm::Classify`]).
//!
//! # Why the stop is exact
//!
//! `w` minimises `x · v` over `A − B`, so every `x` of `A − B` has
//! `x · v ≥ w · v`. If `v·v − v·w ≤ 0`, then `|x| ≥ (x · v)/|v| ≥ |v|`: no
//! point of `A − B` is closer to the origin than `v`, itself a point of
//! `A − B`. So `|v|²` is the squared distance, and `−v` separates strictly:
//! `(a − b) · v ≥ |v|² > 0`. In general `v·w/|v| ≤ dist ≤ |v|`: the gap
//! `v·v − v·w` bounds the error (GJK 1988, §V).
//!
//! # Termination (exact arithmetic)
//!
//! If the stop test fails, `v · w < v · v`, while every `x` of the affine
//! hull of the kept face has `x · v = v · v`. So `w` is not in it: the new
//! simplex is never degenerate, holds at most `N + 1` points, and `[v, w]`
//! has points closer to `O` than `v`: `|v|²` **strictly decreases**. No
//! simplex repeats, and for polytopes (contract item 4 of [`crate::shape`])
//! the loop ends; with [`crate::Rational`] it returns the **exact** squared
//! distance. A full simplex (`N + 1` kept vertices, all `λ > 0`) has the
//! origin in its interior: `v = O`. Curved shapes converge only in the limit,
//! and a support map may break its contract: after
//! [`DistanceOptions::max_iterations`] support calls the loop stops with
//! [`DistanceOutcome::NoVerdict`], **never** a separation; its `best` is
//! the closest point found (an upper bound).
//!
//! # Float mode: tolerances
//!
//! With rounding, the gap of the exact closest point is a small number of
//! either sign, `v` is off by a rounding error, and `|v|²` may fail to
//! decrease. So (`u` = [`Scalar::UNIT_ROUNDOFF`], `scale² = max |p|²` over
//! the simplex and `w`):
//!
//! * **separated** when `v·v − v·w ≤ REL_TOL · v·v` ([`REL_TOL_FACTOR`]), or
//!   when `v·v − v·w ≤ 4 · ABS_TOL_FACTOR · u · scale²` (the gap's noise,
//!   [`ABS_TOL_FACTOR`]) **and** no further progress is possible (the new
//!   support point is already in the simplex, or `|v|²` does not decrease).
//!   The noise test alone does not stop the loop: shapes that touch have
//!   `v·w ≤ 0`, a gap of at least `|v|²`, which passes as soon as
//!   `|v| ≤ 64 √u · scale` (`≈ 7·10⁻⁷ · scale` in `f64`) although the loop
//!   could still descend to the origin;
//! * **intersecting** when `v·v ≤ (ABS_TOL_FACTOR · u)² · scale²` (`v`
//!   within its own rounding error of the origin; `v·v` summed in `f64`);
//! * **intersecting** also when the sub-algorithm keeps all `N + 1`
//!   vertices, once the origin is proved to lie in the closed simplex of the
//!   exact points `aᵢ − bᵢ` (`distance/contains.rs`: float weights of a flat
//!   simplex can all be positive with the origin outside). Otherwise the
//!   simplex is replaced by its nearest facet without a vertex of negative
//!   weight, and the loop goes on; that dropped vertex found again counts
//!   as repeated (below);
//! * **[`Error::Underflow`]** when, not intersecting, `v·v` in `T` is below
//!   [`Scalar::MIN_NORMAL`]: a subnormal carries an absolute error, so no
//!   accuracy could be promised;
//! * **no verdict** ([`NoVerdict`]) when the new support point is already in
//!   the simplex or `|v|²` does not decrease (and the step is not hidden
//!   progress, nor in `f32` found in `f64`: below): the gap is above both
//!   tolerances, so the distance is not certified (exact mode never gets
//!   there with a support map that honours its contract).
//!
//! # Float mode: hidden progress
//!
//! `|v|²` may fail to decrease in float mode although the step is exact
//! progress: the segment `[v, w]` holds a point closer than `v` by
//! `δ = gap² / |w − v|²` (the minimum of `|v + t (w − v)|²`, at
//! `t = gap / |w − v|²`; when `gap ≥ |w − v|²`, `t = 1` decreases it by at
//! least `gap`, and `δ = gap` is used), and when `δ` is below the rounding
//! error of the computed `|v|²` that value does not move. This happens far
//! from the origin next to a short edge. `δ` is only a lower bound of the
//! true decrease.
//!
//! The error of a computed `|v|²` is at most
//! `ρ = 2 |v| ε + ε² + (N + 1) u |v|²` with `ε = ABS_TOL_FACTOR · u · scale`
//! the error budget of `v` (`|v + δv|² − |v|² = 2 v·δv + |δv|²`, plus the
//! rounding of `N` squares). So a step is **taken** although its computed
//! `|v|²` did not decrease below `r`, the computed `|v|²` from before the
//! current run of such steps, when
//!
//! * the gap is above its noise (so `δ > 0`), and the new kept face holds
//!   `w` (a face of the old simplex alone cannot be closer) and is not full
//!   (that would be read as holding the origin without a look at `|v|`);
//! * `δ ≤ 2ρ` and the computed `|v|²` exceeds `r` by at most `2ρ`: a
//!   proven decrease larger than that which the computed values do not show
//!   is a real stall, not rounding;
//! * at most `N + 1` such steps in a row (enough to replace every vertex).
//!
//! Measuring against `r`, not the previous iteration's `|v|²`, bounds the
//! runs: a hidden step may raise the computed `|v|²` by up to `2ρ`, and a
//! later fall back to `r` is no progress. So the value at the start of each
//! run strictly decreases, and the loop cannot cycle until its cap. A
//! no-verdict reports as `best` the point from before the run.
//!
//! **Narrow floats.** Where this rule takes no step, an `f32` loop computes
//! the grown simplex's closest point again in `f64` (`distance/widened.rs`:
//! the `f32` rounding of a lopsided simplex's Gram entries can exceed the
//! whole improvement), and takes the step on the conditions above.
//!
//! Neither rule changes a verdict's proof: the loop still stops as
//! separated only on the gap test (or a round query's margin stop), and
//! every `v` is a point of the hull.
//!
//! **Accuracy (float).** At a `Separated` stop the gap is at most
//! `g = max(REL_TOL · |v|², 4 · ABS_TOL_FACTOR · u · scale²)`, and
//! `(|v|² − g)/|v| ≤ dist ≤ |v|`; so the reported `dist2 = |v|²` is within
//! `2 g` of the true squared distance, plus the rounding of `v` (a few `u`
//! relative on well-conditioned faces): in `f64` a relative error of about
//! `2.3·10⁻¹³` plus an absolute `10⁻¹²·scale²`. `tests/distance.rs` checks
//! a bound of this shape against the exact answers.
//!
//! # The hot path: 2D and 3D floats
//!
//! With [`SubAlgorithm::Auto`] (the default), [`distance`] runs 2D and 3D
//! float queries through `distance/hot.rs` (closed-form regions), which
//! answers only by the tests above and hands the rest back to this loop,
//! whose report counts its own calls (up to `2 · max_iterations` in all).
//!
//! # Warm start
//!
//! An option: frame-to-frame users pass the previous query's simplex
//! ([`DistanceOptions::warm_start`]) or its axis (as
//! [`DistanceOptions::initial_direction`]). Its points are **not** trusted:
//! `distance/warm.rs` re-reads each vertex on the current shapes (float
//! mode: by its parts' numbers, [`Support::support_indexed`], as Box2D's
//! simplex cache; else along its direction) and the loop starts from the
//! face holding their closest point: the proofs and the exact answer hold,
//! only the iteration count differs (`tests/verdict.rs`, `tests/warm.rs`).

mod classified;
mod closest;
pub(crate) mod contains;
mod hidden;
mod hot;
pub(crate) mod margin;
pub mod nesterov;
mod outcome;
pub mod subalgorithm;
mod warm;
mod widened;

pub use classified::closest_point_classified;
pub(crate) use closest::project_face;
pub use closest::{closest_point, Closest};

use crate::error::Error;
use crate::relation::NoVerdict;
use crate::scalar::{Field, Scalar};
use crate::shape::Support;
use crate::simplex::{start_direction, support_vertex, Simplex, Vertex};
use crate::tolerance::{scale2, ABS_TOL_FACTOR, DEFAULT_MAX_ITERATIONS, REL_TOL_FACTOR};
use crate::vector::{dot, is_finite, Points, Vector};
use classified::closest_point_classified_fixed;
use contains::Containment;
use hidden::HiddenRun;
pub(crate) use hot::distance_weighed;
use margin::Margin;
use nesterov::Search;
use outcome::{intersecting, no_verdict};
pub use outcome::{DistanceOutcome, DistanceReport};
use subalgorithm::{closest_point_fixed, ClosestFixed, Face, Lambda};

/// Which sub-algorithm picks the kept face.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum SubAlgorithm {
    /// The default: the hot path in 2D and 3D floats (module docs), else
    /// [`SubAlgorithm::Johnson`].
    #[default]
    Auto,
    /// The reference: the dimension-generic face-by-face projection
    /// ([`closest_point`]).
    Johnson,
    /// The spec's region classifier ([`closest_point_classified`]); `N = 2`
    /// and `3` only.
    Classify,
}

/// Options of [`distance`].
#[derive(Clone, Debug, PartialEq)]
pub struct DistanceOptions<T: Scalar, const N: usize> {
    /// The direction of the first support point; `None` means
    /// `(1, 0, …, 0)`. Must be non-zero and finite.
    pub initial_direction: Option<Vector<T, N>>,
    /// The most support calls before giving up with
    /// [`DistanceOutcome::NoVerdict`].
    pub max_iterations: usize,
    /// How the kept face is chosen.
    pub sub_algorithm: SubAlgorithm,
    /// Warm start: the simplex a previous query returned, its vertices
    /// **re-read** on the current shapes (by number or along their
    /// directions, an iteration each): [the module docs](self#warm-start).
    pub warm_start: Option<Simplex<T, N>>,
}

impl<T: Scalar, const N: usize> Default for DistanceOptions<T, N> {
    fn default() -> Self {
        DistanceOptions {
            initial_direction: None,
            max_iterations: DEFAULT_MAX_ITERATIONS,
            sub_algorithm: SubAlgorithm::Auto,
            warm_start: None,
        }
    }
}

/// The distance query (see the module docs).
///
/// Errors: a zero or non-finite initial direction, a support map returning
/// a non-finite point ([`Error::NonFiniteSupport`]), overflow of the scalar
/// type, `N = 0` or `N ≥` [`subalgorithm::MAX_VERTICES`], and
/// [`SubAlgorithm::Classify`] outside `N = 2, 3`
/// ([`Error::UnsupportedDimension`]).
pub fn distance<T, const N: usize, A, B>(
    a: &A,
    b: &B,
    opts: &DistanceOptions<T, N>,
) -> Result<DistanceReport<T, N>, Error>
where
    T: Field,
    A: Support<T, N> + ?Sized,
    B: Support<T, N> + ?Sized,
{
    distance_weighed(a, b, opts, None, &()).map(|(report, _)| report)
}

/// The distance loop. `search` picks the support direction: `()` along
/// `−v`; [`nesterov`] may take its momentum, but every stop is decided on a
/// plain step. `scale²` is at least `floor2` (`0` but for
/// [`crate::verdict`](mod@crate::verdict)'s projected sub-queries). `start`
/// replaces the default first direction if the options give none (the
/// round query's centre hints); `margin` may stop the loop (`margin.rs`).
/// With the report, the final weights `λ` (empty without a verdict).
pub(crate) fn distance_loop<T, const N: usize, A, B, S>(
    a: &A,
    b: &B,
    opts: &DistanceOptions<T, N>,
    search: &mut S,
    floor2: f64,
    start: Option<&Vector<T, N>>,
    margin: &impl Margin<T, N>,
) -> Result<(DistanceReport<T, N>, Lambda<T>), Error>
where
    T: Field,
    A: Support<T, N> + ?Sized,
    B: Support<T, N> + ?Sized,
    S: Search<T, N> + ?Sized,
{
    let (cap, none) = (opts.max_iterations, Lambda::new);
    // W ← {s_{A−B}(d₀)}; the warm-start option: its fresh points (`warm.rs`)
    let Some((mut simplex, mut lambda, mut iterations)) = begin(a, b, opts, start)? else {
        return Ok((no_verdict(NoVerdict::IterationCap { cap }, None, 0), none()));
    };
    // Float mode: the run of hidden-progress steps under way, if any.
    let mut hidden: Option<HiddenRun<T, N>> = None;
    // Float mode: the vertex just dropped from a refuted full simplex.
    let mut dropped: Option<Vector<T, N>> = None;
    loop {
        // Float mode: a full W must hold O exactly; if that is not proved,
        // W ← the nearest facet without a vertex of negative weight, reduced
        if !T::EXACT && simplex.len() == N + 1 {
            match nearest_facet(&mut simplex, &mut lambda, opts.sub_algorithm)? {
                Facet::Proved => {}
                Facet::Dropped(d) => (dropped, hidden) = (Some(d), None),
                Facet::Stuck => {
                    return Ok((no_verdict(NoVerdict::NoProgress, None, iterations), none()))
                }
            }
        }
        // v ← Σ λᵢ wᵢ, the point of W closest to O
        let at = Current::of(&simplex, &lambda, floor2, iterations)?;
        // if W holds O: return Intersecting
        if at.is_origin() || simplex.len() == N + 1 {
            return Ok((intersecting(simplex, iterations), lambda));
        }
        at.check_underflow(iterations)?;
        let best = Some(HiddenRun::best(&hidden, &at));
        if iterations >= cap {
            let report = no_verdict(NoVerdict::IterationCap { cap }, best, iterations);
            return Ok((report, none()));
        }
        // (round shapes) if |v| < R: stop, the margins overlap
        if margin.overlaps(&at.vv) {
            return Ok((at.separated(simplex, iterations), lambda));
        }
        // w ← s_A(−v) − s_B(v)  (the accelerated option: along its own −d)
        let d = search.momentum(&at.v);
        let w = support_vertex(a, b, &-d.as_ref().unwrap_or(&at.v), iterations)?;
        iterations += 1;
        // if |v|² − v·w ≤ ε: return Separated { dist² = |v|² }
        let gap = at.gap(&w, iterations)?;
        // (round shapes) if v·w > R |v|: stop, the margins are apart
        if d.is_none() && margin.apart(&at.vv, at.s2, &w, &gap.value) {
            return Ok((at.separated(simplex, iterations), lambda));
        }
        // (The vertex of a refuted simplex, found again at once, repeats.)
        let back = dropped.as_ref().is_some_and(|d| *d == w.w);
        let repeated = back || simplex.points().any(|p| *p == w.w);
        // An accelerated step decides nothing: where it would, go on plain.
        if search.redo_plain(gap.converged || gap.in_noise || repeated) {
            continue;
        }
        dropped = None;
        if gap.converged {
            return Ok((at.separated(simplex, iterations), lambda));
        }
        // (`simplex` is the one `lambda` weighs: W before w was added.)
        let stalled = |reason, simplex: &Simplex<T, N>| match gap.in_noise {
            true => Ok((at.separated(simplex.clone(), iterations), lambda.clone())),
            false => Ok((no_verdict(reason, best.clone(), iterations), none())),
        };
        if repeated {
            return stalled(NoVerdict::RepeatedVertex, &simplex);
        }
        // W ← [w] ++ W;  (v', kept) ← the closest point of W
        // (in place: the old W is the grown one without its front vertex)
        let _ = simplex.push_front(w); // Cannot fail: a full W returned above.
        let closest = sub_algorithm(opts.sub_algorithm, &simplex)?;
        // if |v'|² ≥ |v|²: stop, unless it is progress hidden by rounding
        let closer = closest.dist2 < *HiddenRun::reference(&hidden, &at);
        if !closer && search.redo_plain(true) {
            simplex.pop_front();
            continue;
        }
        let Some(closest) = hidden::step(&mut hidden, closer, &at, &simplex, &gap, closest)? else {
            simplex.pop_front();
            return stalled(NoVerdict::NoProgress, &simplex);
        };
        search.record(simplex.point(0));
        // W ← kept
        if !simplex.reduce(&closest.kept) {
            // The sub-algorithm returns distinct, valid indices.
            simplex.pop_front();
            return stalled(NoVerdict::NoProgress, &simplex);
        }
        lambda = closest.lambda;
    }
}

/// What [`nearest_facet`] made of a full float simplex.
enum Facet<T: Scalar, const N: usize> {
    /// It is proved to hold the origin (`contains.rs`).
    Proved,
    /// Replaced by a facet, reduced: the vertex dropped.
    Dropped(Vector<T, N>),
    /// No facet could be kept: no progress.
    Stuck,
}

/// A full float `simplex` (module docs, "Float mode: tolerances"): kept if
/// it is proved to hold the origin, else replaced, with its weights
/// `lambda`, by the facet without a vertex of negative weight whose closest
/// point is nearest, reduced to that point's face.
fn nearest_facet<T: Field, const N: usize>(
    simplex: &mut Simplex<T, N>,
    lambda: &mut Lambda<T>,
    which: SubAlgorithm,
) -> Result<Facet<T, N>, Error> {
    let Containment::Unproved { may_go } = contains::check(simplex)? else {
        return Ok(Facet::Proved);
    };
    let mut nearest: Option<(Simplex<T, N>, ClosestFixed<T, N>, usize)> = None;
    for &d in &may_go {
        let mut facet = simplex.clone();
        let _ = facet.keep(&(0..=N).filter(|&i| i != d).collect::<Face>());
        let c = sub_algorithm(which, &facet)?;
        if nearest.as_ref().is_none_or(|(_, b, _)| c.dist2 < b.dist2) {
            nearest = Some((facet, c, d));
        }
    }
    let Some((mut facet, closest, d)) = nearest else {
        return Ok(Facet::Stuck);
    };
    let dropped = simplex.point(d).clone();
    if !facet.reduce(&closest.kept) {
        return Ok(Facet::Stuck);
    }
    *simplex = facet;
    *lambda = closest.lambda;
    Ok(Facet::Dropped(dropped))
}

/// Refuses the dimensions the loop cannot run in.
fn check_dimension<const N: usize>(sub_algorithm: SubAlgorithm) -> Result<(), Error> {
    if N >= subalgorithm::MAX_VERTICES {
        return Err(Error::UnsupportedDimension {
            dim: N,
            supported: "1 to 15",
        });
    }
    if sub_algorithm == SubAlgorithm::Classify && !(N == 2 || N == 3) {
        return Err(Error::UnsupportedDimension {
            dim: N,
            supported: "2 and 3 (the region classifier)",
        });
    }
    Ok(())
}

/// The loop's start: the warm start's fresh points if the options give a
/// usable one, else the cold start along `d₀` (the options' initial
/// direction, else `start`, else the default); with the weights and the
/// iterations taken. `None` for a cap of zero support calls.
#[allow(clippy::type_complexity)] // (simplex, λ, iterations), as cold_start.
fn begin<T, const N: usize, A, B>(
    a: &A,
    b: &B,
    opts: &DistanceOptions<T, N>,
    start: Option<&Vector<T, N>>,
) -> Result<Option<(Simplex<T, N>, Lambda<T>, usize)>, Error>
where
    T: Field,
    A: Support<T, N> + ?Sized,
    B: Support<T, N> + ?Sized,
{
    check_dimension::<N>(opts.sub_algorithm)?;
    let d0 = start_direction(opts.initial_direction.as_ref().or(start))?;
    let cap = opts.max_iterations;
    if cap == 0 {
        return Ok(None);
    }
    let warm = match &opts.warm_start {
        Some(warm) => warm::warm_simplex(a, b, warm, cap)?,
        None => None,
    };
    match warm {
        Some(warm) => Ok(Some(warm)),
        None => cold_start(a, b, &d0).map(Some),
    }
}

/// The cold start: the one-point simplex of the support point along `d0`.
#[allow(clippy::type_complexity)] // (simplex, λ, iterations), as warm::warm_simplex.
fn cold_start<T, const N: usize, A, B>(
    a: &A,
    b: &B,
    d0: &Vector<T, N>,
) -> Result<(Simplex<T, N>, Lambda<T>, usize), Error>
where
    T: Field,
    A: Support<T, N> + ?Sized,
    B: Support<T, N> + ?Sized,
{
    let first = support_vertex(a, b, d0, 0)?;
    let mut simplex = Simplex::<T, N>::new();
    // Cannot fail: the simplex is empty and holds N + 1 ≥ 2 vertices.
    let _ = simplex.push_front(first);
    let mut lambda = Lambda::new();
    lambda.push(T::one());
    Ok((simplex, lambda, 1))
}

/// The closest point of `grown` by the chosen sub-algorithm.
fn sub_algorithm<T: Field, const N: usize>(
    which: SubAlgorithm,
    grown: &Simplex<T, N>,
) -> Result<subalgorithm::ClosestFixed<T, N>, Error> {
    match which {
        SubAlgorithm::Auto | SubAlgorithm::Johnson => {
            let pts: Points<T, N> = grown.points().cloned().collect();
            closest_point_fixed(&pts)
        }
        SubAlgorithm::Classify => closest_point_classified_fixed(grown),
    }
}

/// Float mode: a point whose squared norm overflows `T` makes every dot
/// product of the loop (gap, Gram entries) unreliable; that is
/// `Error::Overflow`, not an answer (exact mode never overflows).
fn vertex_overflows<T: Scalar, const N: usize>(x: &Vertex<T, N>) -> bool {
    let overflows = |p: &Vector<T, N>| !T::EXACT && !dot(p, p).is_finite();
    overflows(&x.w) || overflows(&x.a) || overflows(&x.b)
}

/// The loop's current point `v = Σ λᵢ wᵢ`, its witnesses on `A` and `B`,
/// `|v|²`, and the `scale²` the float tolerances are measured against.
pub(crate) struct Current<T: Scalar, const N: usize> {
    /// `v`.
    pub(crate) v: Vector<T, N>,
    /// `Σ λᵢ aᵢ`, on `A`.
    pub(crate) wa: Vector<T, N>,
    /// `Σ λᵢ bᵢ`, on `B`.
    pub(crate) wb: Vector<T, N>,
    /// `|v|²`.
    pub(crate) vv: T,
    /// `scale²` of the simplex (at least the caller's floor).
    pub(crate) s2: f64,
}

/// The gap test of one support point `w`: `gap = |v|² − v·w`.
pub(crate) struct Gap<T> {
    /// The gap, as computed.
    pub(crate) value: T,
    /// The gap proves the distance (exact: `gap ≤ 0`; float: within
    /// `REL_TOL`).
    converged: bool,
    /// Float: the gap is below its rounding noise (a stop only once no
    /// further progress is possible: module docs).
    pub(crate) in_noise: bool,
}

impl<T: Field, const N: usize> Current<T, N> {
    /// `v` of the simplex with coordinates `lambda`; errors on overflow.
    fn of(
        simplex: &Simplex<T, N>,
        lambda: &[T],
        floor2: f64,
        iteration: usize,
    ) -> Result<Self, Error> {
        let mut v = Vector::<T, N>::zeros();
        let mut wa = Vector::<T, N>::zeros();
        let mut wb = Vector::<T, N>::zeros();
        for (x, l) in simplex.iter().zip(lambda) {
            v += &x.w * l.clone();
            wa += &x.a * l.clone();
            wb += &x.b * l.clone();
        }
        let vv = dot(&v, &v);
        if !vv.is_finite() || !is_finite(&wa) || !is_finite(&wb) {
            return Err(Error::Overflow { iteration });
        }
        let s2 = scale2(simplex.points()).max(floor2);
        // Exact mode: `s2` is an `f64` estimate for the float tolerances
        // only; exact values beyond f64's range are not judged by it.
        if (!T::EXACT && !s2.is_finite()) || simplex.iter().any(vertex_overflows) {
            return Err(Error::Overflow { iteration });
        }
        Ok(Current { v, wa, wb, vv, s2 })
    }
}

impl<T: Scalar, const N: usize> Current<T, N> {
    /// Whether `v` is the origin (exact: `|v|² = 0`). In float mode it is
    /// judged on the f64 sum of squares of `v`, which is accurate even where
    /// `|v|²` in `T` is subnormal or flushed to zero. (A full simplex, all
    /// `λ > 0`, holds the origin in its interior as well: the caller checks.)
    fn is_origin(&self) -> bool {
        let abs_tol = ABS_TOL_FACTOR * T::UNIT_ROUNDOFF;
        match T::EXACT {
            true => self.vv.is_zero(),
            false => scale2(std::iter::once(&self.v)) <= abs_tol * abs_tol * self.s2,
        }
    }

    /// Float mode: a `|v|²` below the smallest normal value of `T` has an
    /// absolute error up to half the smallest subnormal, not a relative
    /// error `u`: the accuracy promised by `float_accuracy_bound` is gone.
    /// That is `Error::Underflow`.
    fn check_underflow(&self, iteration: usize) -> Result<(), Error> {
        match !T::EXACT && self.vv.to_f64() < T::MIN_NORMAL {
            true => Err(Error::Underflow { iteration }),
            false => Ok(()),
        }
    }

    /// `(|v|², witness_a, witness_b)`: what a no-verdict reports as `best`.
    pub(crate) fn best(&self) -> (T, Vector<T, N>, Vector<T, N>) {
        (self.vv.clone(), self.wa.clone(), self.wb.clone())
    }

    /// The gap test of `w` (errors on overflow, at `iteration`).
    fn gap(&self, w: &Vertex<T, N>, iteration: usize) -> Result<Gap<T>, Error> {
        if vertex_overflows(w) {
            return Err(Error::Overflow { iteration });
        }
        let value = self.vv.clone() - dot(&self.v, &w.w);
        if !value.is_finite() {
            return Err(Error::Overflow { iteration });
        }
        if T::EXACT {
            let converged = value <= T::zero();
            return Ok(Gap {
                value,
                converged,
                in_noise: false,
            });
        }
        let s2w = self.s2.max(scale2(std::iter::once(&w.w)));
        if !s2w.is_finite() {
            return Err(Error::Overflow { iteration });
        }
        let (u, g) = (T::UNIT_ROUNDOFF, value.to_f64());
        let converged = g <= REL_TOL_FACTOR * u * self.vv.to_f64();
        let in_noise = g <= 4.0 * ABS_TOL_FACTOR * u * s2w;
        Ok(Gap {
            value,
            converged,
            in_noise,
        })
    }

    /// The separated outcome at `v`, with `simplex`.
    fn separated(&self, simplex: Simplex<T, N>, iterations: usize) -> DistanceReport<T, N> {
        let outcome = DistanceOutcome::Separated {
            dist2: self.vv.clone(),
            axis: &self.wb - &self.wa,
            witness_a: self.wa.clone(),
            witness_b: self.wb.clone(),
            simplex,
        };
        DistanceReport {
            outcome,
            iterations,
        }
    }
}
