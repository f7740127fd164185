//! The distance GJK loop, in any dimension `N ≥ 1` (Gilbert, Johnson &
//! Keerthi, IEEE J. Robotics and Automation 4(2), 1988; Ericson,
//! *Real-Time Collision Detection*, §9.5).
//!
//! Where [`crate::gjk`] only asks *whether* `A` and `B` share a point, this
//! loop finds the point `v` of `A − B` closest to the origin: `|v|` is the
//! distance between the shapes, and the barycentric coordinates of `v` on
//! the final simplex give witness points on each shape.
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
//! `w` minimises `x · v` over `A − B`, so every point `x` of `A − B` has
//! `x · v ≥ w · v`. If `v·v − v·w ≤ 0`, then `x · v ≥ v · v` for all `x`, so
//! `|x| ≥ (x · v)/|v| ≥ |v|`: no point of `A − B` is closer to the origin
//! than `v`, which is itself a point of `A − B` (a convex combination of
//! support points). So `|v|²` is the squared distance, and `−v` separates
//! strictly: for `a ∈ A`, `b ∈ B`, `(a − b) · v ≥ |v|² > 0`, i.e.
//! `a · (−v) < b · (−v)`. In general `v·w/|v| ≤ dist ≤ |v|`: the gap
//! `v·v − v·w` bounds the error (GJK 1988, §V).
//!
//! # Termination (exact arithmetic)
//!
//! If the stop test fails, `v · w < v · v`, while every point `x` of the
//! affine hull of the kept face has `x · v = v · v` (`v` is orthogonal to
//! that hull). So `w` is not in it: the new simplex is never degenerate,
//! never holds more than `N + 1` points, and the segment `[v, w]` has points
//! closer to `O` than `v`: `|v|²` **strictly decreases**. No simplex repeats,
//! and for polytopes (finitely many support points, contract item 4 of
//! [`crate::shape`]) the loop ends. With [`crate::Rational`] it returns the
//! **exact** squared distance of two polytopes. A full simplex (`N + 1`
//! kept vertices, all `λ > 0`) has the origin in its interior: `v = O`.
//!
//! # Float mode: tolerances
//!
//! With rounding, the gap of the exact closest point is computed as a small
//! number of either sign, `v` itself is off by a rounding error, and `|v|²`
//! may fail to decrease. So (with `u` = [`Scalar::UNIT_ROUNDOFF`] and
//! `scale² = max |p|²` over the simplex and `w`):
//!
//! * **separated** when `v·v − v·w ≤ REL_TOL · v·v` ([`REL_TOL_FACTOR`]), or
//!   when `v·v − v·w ≤ 4 · ABS_TOL_FACTOR · u · scale²` (the gap's rounding
//!   noise, [`ABS_TOL_FACTOR`]) **and** no further progress is possible (the
//!   new support point is already in the simplex, or `|v|²` does not
//!   decrease). The noise test alone does not stop the loop: when the shapes
//!   touch, `v·w ≤ 0`, so the gap is at least `|v|²`, and it passes as soon
//!   as `|v| ≤ 64 √u · scale` (`≈ 7·10⁻⁷ · scale` in `f64`) although the
//!   loop could still descend to the origin;
//! * **intersecting** when `v·v ≤ (ABS_TOL_FACTOR · u)² · scale²`: `v` is
//!   within its own rounding error of the origin (`v·v` summed in `f64`,
//!   accurate where it underflows `T`);
//! * **[`Error::Underflow`]** when, not intersecting, `v·v` in `T` is below
//!   the smallest normal value [`Scalar::MIN_NORMAL`]: a subnormal result
//!   carries an absolute error, not a relative one, so no accuracy could be
//!   promised;
//! * **no verdict** ([`NoVerdict`]) when the new support point is
//!   already in the simplex or `|v|²` does not decrease (and the step is not
//!   hidden progress, below): no further progress is possible, and the gap
//!   is above both tolerances, so the distance is not certified. Exact mode
//!   never gets there with a support map that honours its contract.
//!
//! # Float mode: hidden progress
//!
//! `|v|²` may fail to decrease in float mode although the step is exact
//! progress: the segment `[v, w]` holds a point closer than `v` by
//! `δ = gap² / |w − v|²` (the minimum of `|v + t (w − v)|²` over `t`, at
//! `t = gap / |w − v|²`; when `gap ≥ |w − v|²`, `t = 1` decreases it by
//! `2 gap − |w − v|² ≥ gap`, and `δ = gap` is used), and when `δ` is below
//! the rounding error of the computed `|v|²` that value does not move. This
//! happens far from the origin next to a short edge (fuzz target `diff_3d`:
//! a point `6.2·10⁴` away from a small triangle, `δ ≈ 2.8·10⁻⁷` on
//! `|v|² ≈ 3.8·10⁹`, whose ulp is `4.8·10⁻⁷`); the next support point would
//! have decreased `|v|²` by 20. `δ` is only a lower bound of the true
//! decrease (the new face may be much closer than the segment).
//!
//! The error of a computed `|v|²` is at most
//! `ρ = 2 |v| ε + ε² + (N + 1) u |v|²` with `ε = ABS_TOL_FACTOR · u · scale`
//! the error budget of `v` ([`ABS_TOL_FACTOR`]): `|v + δv|² − |v|² =
//! 2 v·δv + |δv|²`, plus the rounding of the sum of `N` squares. So a step
//! is **taken** although its computed `|v|²` did not decrease below `r`,
//! the computed `|v|²` from before the current run of such steps, when
//!
//! * the gap is above its noise (so it proves `δ > 0`), and the new kept
//!   face holds `w` (a face of the old simplex alone cannot be closer: `v`
//!   was already its closest point) and is not full (a full simplex would
//!   be read as holding the origin without a look at `|v|`);
//! * `δ ≤ 2ρ` and the computed `|v|²` exceeds `r` by at most `2ρ` (two
//!   computed values, each within `ρ`): a proven decrease larger than that
//!   which the computed values do not show is a real stall, not rounding;
//! * at most `N + 1` such steps in a row (enough to replace every vertex of
//!   the simplex).
//!
//! Measuring against `r`, not against the previous iteration's `|v|²`, is
//! what bounds the runs: a hidden step may raise the computed `|v|²` by up
//! to `2ρ`, and a later fall back to `r` is no progress. So the value at
//! the start of each run strictly decreases, no run is longer than `N + 1`,
//! and the loop cannot cycle between two states until its iteration cap
//! (review of this rule: a 3D pair ran 100,000 support calls that way). A
//! no-verdict reports as `best` the point from before the run.
//!
//! It changes no verdict's proof: the loop still stops as separated only on
//! the gap test, and every `v` is a point of the hull (an upper bound).
//!
//! **Accuracy (float).** At a `Separated` stop the gap is at most
//! `g = max(REL_TOL · |v|², 4 · ABS_TOL_FACTOR · u · scale²)`, and
//! `(|v|² − g)/|v| ≤ dist ≤ |v|`; so the reported `dist2 = |v|²` is within
//! `2 g` of the true squared distance, plus the rounding of `v` (a few `u`
//! relative on well-conditioned faces). In `f64` that is a relative error of
//! about `2.3·10⁻¹³` plus an absolute `10⁻¹²·scale²`. `tests/distance.rs`
//! checks a bound of this shape against the exact answers.
//!
//! # Warm start
//!
//! Frame-to-frame users pass the previous query's simplex
//! ([`DistanceOptions::warm_start`]) or its axis (as
//! [`DistanceOptions::initial_direction`]). A simplex is **not** trusted:
//! its points belong to the shapes of the previous frame. Only the search
//! direction `dᵢ` stored with each vertex is kept, and the loop starts from
//! the fresh support points `wᵢ = s_A(dᵢ) − s_B(−dᵢ)` of the current shapes
//! (zero directions are skipped; a non-finite one is an error, as for
//! `initial_direction`). These may be affinely dependent (two directions can
//! give the same point), so the sub-algorithm, which accepts any point set,
//! reduces them to the smallest face holding their closest point before the
//! first iteration. From there the loop is the cold loop: every point it
//! holds is a point of the current `A − B`, so the stop rule's proof, the
//! termination argument and the exact answer are unchanged; only the number
//! of iterations differs. `tests/distance.rs` checks that the answer never
//! changes (exactly, with rationals) over moving frames, stale and
//! unrelated simplices.
//!
//! # The iteration cap
//!
//! Curved shapes converge only in the limit, and a support map may not
//! honour its contract, so the loop counts support calls and stops at
//! [`DistanceOptions::max_iterations`] (default
//! [`crate::tolerance::DEFAULT_MAX_ITERATIONS`]) with
//! [`DistanceOutcome::NoVerdict`], which is **never** a separation
//! verdict; its `best` is the closest point found so far (an upper bound).

pub mod nesterov;
pub mod subalgorithm;

pub use subalgorithm::{closest_point, closest_point_classified, Closest};

use crate::error::Error;
use crate::relation::NoVerdict;
use crate::scalar::{Field, Scalar};
use crate::shape::Support;
use crate::simplex::Simplex;
use crate::simplex::{start_direction, support_vertex};
use crate::tolerance::{scale2, ABS_TOL_FACTOR, DEFAULT_MAX_ITERATIONS, REL_TOL_FACTOR};
use crate::vector::{dot, is_finite, Points, Vector};
use arrayvec::ArrayVec;
use subalgorithm::{closest_point_classified_fixed, closest_point_fixed, Lambda};

/// Which sub-algorithm picks the kept face.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum SubAlgorithm {
    /// The dimension-generic face-by-face projection ([`closest_point`]).
    #[default]
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
    /// Warm start (frame-to-frame use): the simplex a previous query
    /// returned ([`DistanceOutcome::Separated`]'s `simplex`, or
    /// [`DistanceOutcome::Intersecting`]'s). Only the search directions of
    /// its vertices are used: each is **re-evaluated** on the current shapes
    /// (one support call each, counted in the iterations), so stale points
    /// never enter the query. See [the module docs](self#warm-start).
    pub warm_start: Option<Simplex<T, N>>,
}

impl<T: Scalar, const N: usize> Default for DistanceOptions<T, N> {
    fn default() -> Self {
        DistanceOptions {
            initial_direction: None,
            max_iterations: DEFAULT_MAX_ITERATIONS,
            sub_algorithm: SubAlgorithm::Johnson,
            warm_start: None,
        }
    }
}

/// The verdict of a distance query.
#[derive(Clone, Debug, PartialEq)]
pub enum DistanceOutcome<T: Scalar, const N: usize> {
    /// The shapes are disjoint, at squared distance `dist2`.
    Separated {
        /// `|v|²`: exact in exact mode; within the documented tolerance in
        /// float mode (see the module docs).
        dist2: T,
        /// `Σ λᵢ aᵢ`: a point of `A` closest to `B`.
        witness_a: Vector<T, N>,
        /// `Σ λᵢ bᵢ`: a point of `B` closest to `A`.
        witness_b: Vector<T, N>,
        /// `witness_b − witness_a` (`= −v`), pointing from `A` to `B`:
        /// `max_A a·axis < min_B b·axis` (exactly in exact mode; up to the
        /// float tolerances in float mode).
        axis: Vector<T, N>,
        /// The final simplex (newest first) whose kept face holds `v`.
        simplex: Simplex<T, N>,
    },
    /// The closed shapes share a point: the origin is in the closed simplex
    /// (float mode: within rounding, see the module docs).
    Intersecting {
        /// The simplex holding the origin.
        simplex: Simplex<T, N>,
    },
    /// No verdict. Never to be read as "separated".
    NoVerdict {
        /// Why.
        reason: NoVerdict,
        /// The best point found, `(|v|², witness_a, witness_b)`: `|v|²` is an
        /// upper bound of the squared distance. `None` if no support point
        /// was computed.
        best: Option<(T, Vector<T, N>, Vector<T, N>)>,
    },
}

impl<T: Scalar, const N: usize> DistanceOutcome<T, N> {
    /// The squared distance: `Some(0)` when intersecting, `None` without a
    /// verdict.
    pub fn dist2(&self) -> Option<T> {
        match self {
            DistanceOutcome::Separated { dist2, .. } => Some(dist2.clone()),
            DistanceOutcome::Intersecting { .. } => Some(T::zero()),
            DistanceOutcome::NoVerdict { .. } => None,
        }
    }

    /// A short name: `separated`, `intersecting` or `not_converged`.
    pub fn name(&self) -> &'static str {
        match self {
            DistanceOutcome::Separated { .. } => "separated",
            DistanceOutcome::Intersecting { .. } => "intersecting",
            DistanceOutcome::NoVerdict { .. } => "not_converged",
        }
    }
}

/// A distance verdict with its cost.
#[derive(Clone, Debug, PartialEq)]
pub struct DistanceReport<T: Scalar, const N: usize> {
    /// The verdict.
    pub outcome: DistanceOutcome<T, N>,
    /// The number of support points of `A − B` computed.
    pub iterations: usize,
}

/// `(v, Σ λᵢ aᵢ, Σ λᵢ bᵢ)` over the simplex's vertices.
fn combine_vertices<T: Field, const N: usize>(
    simplex: &Simplex<T, N>,
    lambda: &[T],
) -> (Vector<T, N>, Vector<T, N>, Vector<T, N>) {
    let mut v = Vector::<T, N>::zeros();
    let mut wa = Vector::<T, N>::zeros();
    let mut wb = Vector::<T, N>::zeros();
    for (x, l) in simplex.iter().zip(lambda) {
        v += &x.w * l.clone();
        wa += &x.a * l.clone();
        wb += &x.b * l.clone();
    }
    (v, wa, wb)
}

/// The warm start of the module docs: the previous simplex's directions
/// re-evaluated on the current shapes, reduced to the face holding their
/// closest point, with its coordinates and the support calls made. `None`
/// when there is no warm simplex or none of its directions is usable.
#[allow(clippy::type_complexity)] // (simplex, λ, iterations): used once, right above.
fn warm_simplex<T, const N: usize, A, B>(
    a: &A,
    b: &B,
    warm: Option<&Simplex<T, N>>,
    cap: usize,
) -> Result<Option<(Simplex<T, N>, Lambda<T>, usize)>, Error>
where
    T: Field,
    A: Support<T, N> + ?Sized,
    B: Support<T, N> + ?Sized,
{
    let Some(warm) = warm else {
        return Ok(None);
    };
    // At most N + 1 ≤ MAX_VERTICES vertices (N < MAX_VERTICES is checked
    // by the caller): on the stack.
    let mut fresh: ArrayVec<crate::simplex::Vertex<T, N>, { subalgorithm::MAX_VERTICES }> =
        ArrayVec::new();
    let mut calls = 0;
    for old in warm.iter() {
        if calls >= cap {
            break;
        }
        if !is_finite(&old.dir) {
            return Err(Error::NonFinite {
                which: crate::error::Which::Query,
                what: "warm-start direction".into(),
            });
        }
        if crate::vector::is_zero(&old.dir) {
            continue;
        }
        let w = support_vertex(a, b, &old.dir, calls)?;
        calls += 1;
        if !fresh.iter().any(|f| f.w == w.w) && !fresh.is_full() {
            fresh.push(w);
        }
    }
    if fresh.is_empty() {
        return Ok(None);
    }
    let pts: Points<T, N> = fresh.iter().map(|v| v.w.clone()).collect();
    let closest = closest_point_fixed(&pts)?;
    let simplex = Simplex::from_vertices(closest.kept.iter().map(|&i| fresh[i].clone()));
    Ok(simplex.map(|s| (s, closest.lambda, calls)))
}

/// A run of hidden-progress steps under way (module docs).
struct HiddenRun<T: Scalar, const N: usize> {
    /// The point from before the run, `(|v|², witness_a, witness_b)`:
    /// progress is measured against its `|v|²`, and a no-verdict reports it
    /// as `best`.
    from: (T, Vector<T, N>, Vector<T, N>),
    /// The steps taken so far.
    steps: usize,
}

/// A float-mode step whose computed `|v|²` did not decrease below the
/// reference `r`: what the hidden-progress rule of the module docs
/// ("Float mode: hidden progress") looks at.
struct Stall<'a, T: Scalar, const N: usize> {
    /// The closest point before the step.
    v: &'a Vector<T, N>,
    /// The new support point.
    w: &'a Vector<T, N>,
    /// `v·v − v·w`, as computed.
    gap: &'a T,
    /// `r`: the computed `|v|²` from before the current run of hidden steps.
    reference: &'a T,
    /// The computed `|v|²` after the step.
    new_vv: &'a T,
    /// The kept face after the step: indices into the grown simplex, whose
    /// vertex `0` is `w`.
    kept: &'a [usize],
    /// The gap is within its rounding noise.
    in_noise: bool,
    /// Hidden steps already taken in the current run.
    run: usize,
    /// `scale²` of the simplex and `w`.
    scale2: f64,
}

impl<T: Scalar, const N: usize> Stall<'_, T, N> {
    /// Whether the step is progress hidden by rounding, to be taken.
    fn is_hidden_progress(&self) -> bool {
        if T::EXACT
            || self.in_noise
            || self.run > N
            || !self.kept.contains(&0)
            || self.kept.len() > N
        {
            return false;
        }
        let u = T::UNIT_ROUNDOFF;
        let g = self.gap.to_f64();
        let vw2 = scale2(std::iter::once(&(self.w - self.v)));
        let delta = if g < vw2 { g * g / vw2 } else { g };
        let vv = scale2(std::iter::once(self.v));
        let eps = ABS_TOL_FACTOR * u * self.scale2.sqrt();
        let rho = 2.0 * vv.sqrt() * eps + eps * eps + (N as f64 + 1.0) * u * vv;
        let rise = self.new_vv.to_f64() - self.reference.to_f64();
        g > 0.0 && delta <= 2.0 * rho && rise <= 2.0 * rho
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
    distance_loop(a, b, opts, None, 0.0)
}

/// [`distance`] with the float tolerances' `scale²` at least `floor2`.
/// The projected sub-queries of [`crate::verdict`] need it: their points
/// are projections, whose norms say nothing about the rounding of the
/// coordinates they were computed from, so "the origin reached" must be
/// judged at the original scale.
pub(crate) fn distance_at_scale<T, const N: usize, A, B>(
    a: &A,
    b: &B,
    opts: &DistanceOptions<T, N>,
    floor2: f64,
) -> Result<DistanceReport<T, N>, Error>
where
    T: Field,
    A: Support<T, N> + ?Sized,
    B: Support<T, N> + ?Sized,
{
    distance_loop(a, b, opts, None, floor2)
}

/// The distance loop. With `momentum` (the accelerated variant,
/// [`nesterov`]) the support direction of a step may be the momentum
/// direction instead of `v`; every stop decision is still taken on a plain
/// step (the momentum is switched off first), so the outcomes mean what
/// the plain loop's mean. `None` is [`distance`], the reference. The float
/// tolerances' `scale²` is at least `floor2` ([`distance_at_scale`]; `0`
/// otherwise).
pub(crate) fn distance_loop<T, const N: usize, A, B>(
    a: &A,
    b: &B,
    opts: &DistanceOptions<T, N>,
    mut momentum: Option<&mut nesterov::Momentum<T, N>>,
    floor2: f64,
) -> Result<DistanceReport<T, N>, Error>
where
    T: Field,
    A: Support<T, N> + ?Sized,
    B: Support<T, N> + ?Sized,
{
    if N >= subalgorithm::MAX_VERTICES {
        return Err(Error::UnsupportedDimension {
            dim: N,
            supported: "1 to 15",
        });
    }
    if opts.sub_algorithm == SubAlgorithm::Classify && !(N == 2 || N == 3) {
        return Err(Error::UnsupportedDimension {
            dim: N,
            supported: "2 and 3 (the region classifier)",
        });
    }
    let d0 = start_direction(opts.initial_direction.as_ref())?;
    let not_converged = |reason, best, iterations| DistanceReport {
        outcome: DistanceOutcome::NoVerdict { reason, best },
        iterations,
    };
    let cap = opts.max_iterations;
    if cap == 0 {
        return Ok(not_converged(NoVerdict::IterationCap { cap }, None, 0));
    }
    let (mut simplex, mut lambda, mut iterations) =
        match warm_simplex(a, b, opts.warm_start.as_ref(), cap)? {
            Some(warm) => warm,
            None => {
                let first = support_vertex(a, b, &d0, 0)?;
                let mut simplex = Simplex::<T, N>::new();
                // Cannot fail: the simplex is empty and holds N + 1 ≥ 2 vertices.
                let _ = simplex.push_front(first);
                let mut lambda = Lambda::new();
                lambda.push(T::one());
                (simplex, lambda, 1)
            }
        };
    let u = T::UNIT_ROUNDOFF;
    let rel_tol = REL_TOL_FACTOR * u;
    let abs_tol = ABS_TOL_FACTOR * u;
    // Float mode: the run of hidden-progress steps under way, if any.
    let mut hidden: Option<HiddenRun<T, N>> = None;
    loop {
        let (v, wa, wb) = combine_vertices(&simplex, &lambda);
        let vv = dot(&v, &v);
        if !vv.is_finite() || !is_finite(&wa) || !is_finite(&wb) {
            return Err(Error::Overflow {
                iteration: iterations,
            });
        }
        let s2 = scale2(simplex.points()).max(floor2);
        // Float mode: squared norms beyond the type's range make every dot
        // product of the loop (gap, Gram entries) unreliable; a squared
        // norm that overflows `T` is `Error::Overflow`, not an answer (fuzz
        // target `diff_2d`: f32 points near 2⁶⁶ touching were reported
        // separated by 7.5·10¹⁸).
        let overflows = |p: &Vector<T, N>| !T::EXACT && !dot(p, p).is_finite();
        let vertex_overflows = |x: &crate::simplex::Vertex<T, N>| {
            overflows(&x.w) || overflows(&x.a) || overflows(&x.b)
        };
        if !s2.is_finite() || simplex.iter().any(vertex_overflows) {
            return Err(Error::Overflow {
                iteration: iterations,
            });
        }
        // A full simplex with all λ > 0 holds the origin in its interior
        // (exact mode: v = O already; float mode: the origin's computed
        // barycentric coordinates are positive). In float mode "v is the
        // origin" is judged on the f64 sum of squares of v, which is
        // accurate even where `|v|²` in `T` is subnormal or flushed to zero.
        let v_norm2 = scale2(std::iter::once(&v));
        if (T::EXACT && vv.is_zero())
            || (!T::EXACT && v_norm2 <= abs_tol * abs_tol * s2)
            || simplex.len() == N + 1
        {
            return Ok(DistanceReport {
                outcome: DistanceOutcome::Intersecting { simplex },
                iterations,
            });
        }
        // Float mode: a `|v|²` below the smallest normal value of `T` has an
        // absolute error up to half the smallest subnormal, not a relative
        // error `u`: the accuracy promised by `float_accuracy_bound` is gone
        // (fuzz target `diff_2d`: f32 points 2⁻⁷⁵ apart were reported
        // intersecting; f32 points 9·2⁻⁷⁶ apart, `dist2 ≈ 2.8·10⁻⁴⁴`, were
        // reported 1.3 % short). That is `Error::Underflow`.
        if !T::EXACT && vv.to_f64() < T::MIN_NORMAL {
            return Err(Error::Underflow {
                iteration: iterations,
            });
        }
        let best = Some(hidden.as_ref().map_or_else(
            || (vv.clone(), wa.clone(), wb.clone()),
            |run| run.from.clone(),
        ));
        if iterations >= cap {
            return Ok(not_converged(
                NoVerdict::IterationCap { cap },
                best,
                iterations,
            ));
        }
        // The accelerated variant searches along its momentum direction
        // while it is on (`nesterov`); the reference along `v`.
        let accelerating = momentum.as_ref().is_some_and(|m| m.is_on());
        let w = match momentum.as_mut() {
            Some(m) if accelerating => support_vertex(a, b, &-m.direction(&v), iterations)?,
            _ => support_vertex(a, b, &-&v, iterations)?,
        };
        iterations += 1;
        if vertex_overflows(&w) {
            return Err(Error::Overflow {
                iteration: iterations,
            });
        }
        let gap = vv.clone() - dot(&v, &w.w);
        if !gap.is_finite() {
            return Err(Error::Overflow {
                iteration: iterations,
            });
        }
        // `converged`: the gap proves the distance (exact: `gap ≤ 0`; float:
        // within REL_TOL). `in_noise` (float): the gap is below its rounding
        // noise, so `v` may be as good as rounding allows, but a small gap
        // also follows from a small `|v|` alone (`gap ≥ |v|²` when the
        // shapes touch), so it only ends the loop once no further progress
        // is possible (see the module docs).
        let (converged, in_noise) = if T::EXACT {
            (gap <= T::zero(), false)
        } else {
            let s2w = s2.max(scale2(std::iter::once(&w.w)));
            if !s2w.is_finite() {
                return Err(Error::Overflow {
                    iteration: iterations,
                });
            }
            let g = gap.to_f64();
            (g <= rel_tol * vv.to_f64(), g <= 4.0 * abs_tol * s2w)
        };
        let separated = |simplex| {
            Ok(DistanceReport {
                outcome: DistanceOutcome::Separated {
                    dist2: vv.clone(),
                    axis: &wb - &wa,
                    witness_a: wa.clone(),
                    witness_b: wb.clone(),
                    simplex,
                },
                iterations,
            })
        };
        let repeated = simplex.points().any(|p| *p == w.w);
        if accelerating && (converged || in_noise || repeated) {
            // `w` is not the support point along `−v`, so a small gap
            // proves nothing: switch to plain steps, which decide
            // (`nesterov`, "Stopping").
            if let Some(m) = momentum.as_mut() {
                m.switch_off();
            }
            continue;
        }
        if converged {
            return separated(simplex);
        }
        let stalled = |reason| {
            if in_noise {
                separated(simplex.clone())
            } else {
                Ok(not_converged(reason, best.clone(), iterations))
            }
        };
        if repeated {
            return stalled(NoVerdict::RepeatedVertex);
        }
        // Only the accelerated variant keeps the new point (no clone in
        // the reference).
        let w_point = accelerating.then(|| w.w.clone());
        let mut grown = simplex.clone();
        // Cannot fail: a simplex of N + 1 vertices returned above.
        let _ = grown.push_front(w);
        let closest = match opts.sub_algorithm {
            SubAlgorithm::Johnson => {
                let pts: Points<T, N> = grown.points().cloned().collect();
                closest_point_fixed(&pts)?
            }
            SubAlgorithm::Classify => closest_point_classified_fixed(&grown)?,
        };
        let reference = hidden.as_ref().map_or(&vv, |run| &run.from.0);
        if closest.dist2 >= *reference {
            if let (true, Some(m)) = (accelerating, momentum.as_mut()) {
                m.switch_off();
                continue;
            }
            // Float mode: the step may be real progress that the rounding
            // of `|v|²` hides ("Float mode: hidden progress", module docs).
            let take = grown.points().next().is_some_and(|w| {
                Stall {
                    v: &v,
                    w,
                    gap: &gap,
                    reference,
                    new_vv: &closest.dist2,
                    kept: &closest.kept,
                    in_noise,
                    run: hidden.as_ref().map_or(0, |run| run.steps),
                    scale2: s2.max(scale2(std::iter::once(w))),
                }
                .is_hidden_progress()
            });
            if !take {
                return stalled(NoVerdict::NoProgress);
            }
            match hidden.as_mut() {
                Some(run) => run.steps += 1,
                None => {
                    hidden = Some(HiddenRun {
                        from: (vv.clone(), wa.clone(), wb.clone()),
                        steps: 1,
                    })
                }
            }
        } else {
            hidden = None;
        }
        if let (Some(p), Some(m)) = (w_point, momentum.as_mut()) {
            m.record(p);
        }
        simplex = match grown.select(&closest.kept) {
            Some(s) => s,
            // The sub-algorithm returns distinct, valid indices.
            None => return stalled(NoVerdict::NoProgress),
        };
        lambda = closest.lambda;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Rational;

    /// The hidden-progress rule, one guard at a time, on the step of the
    /// fuzz crash `crash-f8cac1a8…` (`diff_3d`): from the vertex
    /// `v = (6, −61952, 0)` to the segment towards `w = (4, −61952, −22616)`,
    /// `gap = 12`, `δ = 144 / 511483460 ≈ 2.8·10⁻⁷`, computed `|v|²`
    /// unchanged. Taken as it is; refused as soon as any one condition of
    /// the module docs fails.
    #[test]
    fn each_guard_of_the_hidden_progress_rule_refuses() {
        let v = Vector::<f64, 3>::new(6.0, -61952.0, 0.0);
        let w = Vector::<f64, 3>::new(4.0, -61952.0, -22616.0);
        let vv = dot(&v, &v);
        let gap = vv - dot(&v, &w);
        assert_eq!(gap, 12.0);
        let scale2 = dot(&w, &w);
        let stall = |gap: f64, new_vv: f64, kept: &[usize], in_noise: bool, run: usize| {
            Stall::<f64, 3> {
                v: &v,
                w: &w,
                gap: &gap,
                reference: &vv,
                new_vv: &new_vv,
                kept,
                in_noise,
                run,
                scale2,
            }
            .is_hidden_progress()
        };
        assert!(stall(gap, vv, &[0, 1], false, 0), "the crash's step");
        assert!(stall(gap, vv, &[0, 1], false, 3), "the (N + 1)-th step");
        assert!(!stall(gap, vv, &[0, 1], true, 0), "gap in its noise");
        assert!(!stall(gap, vv, &[0, 1], false, 4), "run longer than N + 1");
        assert!(!stall(gap, vv, &[1], false, 0), "w not kept");
        assert!(!stall(gap, vv, &[0, 1, 2, 3], false, 0), "full simplex");
        assert!(!stall(0.0, vv, &[0, 1], false, 0), "no gap");
        // ρ here is about 9.2·10⁻⁴ (2 |v| ε with ε ≈ 7.5·10⁻⁹): a proven
        // decrease or a computed rise beyond 2ρ is not rounding.
        assert!(stall(gap, vv + 1e-3, &[0, 1], false, 0), "rise below 2ρ");
        assert!(!stall(gap, vv + 1e-2, &[0, 1], false, 0), "rise above 2ρ");
        // δ = gap² / |w − v|² ≈ 0.2 > 2ρ for a gap of 10⁴.
        assert!(!stall(1e4, vv, &[0, 1], false, 0), "δ above 2ρ");
        // Exact mode never needs it.
        let (ev, ew) = (
            v.map(|x| crate::scalar::rational_from_f64(x).unwrap()),
            w.map(|x| crate::scalar::rational_from_f64(x).unwrap()),
        );
        let (eg, evv) = (Rational::from_integer(12.into()), dot(&ev, &ev));
        let exact = Stall::<Rational, 3> {
            v: &ev,
            w: &ew,
            gap: &eg,
            reference: &evv,
            new_vv: &evv,
            kept: &[0, 1],
            in_noise: false,
            run: 0,
            scale2,
        };
        assert!(!exact.is_hidden_progress(), "exact mode");
    }
}
