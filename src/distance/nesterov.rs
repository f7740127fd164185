//! The Nesterov-accelerated distance loop: an **option**, with
//! [`super::distance`] kept as the reference.
//!
//! # The idea (Montaut, Le Lidec, Petrik, Sivic, Carpentier, "Collision
//! Detection Accelerated: An Optimization Perspective", RSS 2022,
//! arXiv 2205.09663, Algorithm 2)
//!
//! GJK's distance loop is the Frank–Wolfe method on `f(x) = ½|x|²` over
//! `D = A − B`: the support point `w = s_D(−v)` minimises the linearisation
//! `∇f(v)·x = v·x` over `D`, and the simplex step is the "fully corrective"
//! update. Near contact of strictly convex shapes it converges only
//! linearly, with a rate that tends to 1. The paper replaces the linearised
//! point by a Nesterov-style extrapolation: with `k` the number of
//! accelerated steps so far and the momentum `δ = (k + 1)/(k + 3)`,
//!
//! ```text
//! y = δ v + (1 − δ) s        (s: the last support point of A − B)
//! d = δ d_prev + (1 − δ) y   (the running average of the gradients ∇f(y) = y)
//! w = s_D(−d)
//! ```
//!
//! and the simplex step is unchanged (the closest point of the grown simplex
//! to the origin, by the same sub-algorithm). `d` starts as the first `v`.
//! The paper's `d` is not normalised here (its Algorithm 2; the normalised
//! form helps polytopes, whose support is piecewise constant, and needs a
//! square root, which [`Field`] does not have).
//!
//! # Stopping: only plain steps decide
//!
//! The loop's separated stop reads the gap `v·v − v·w`, which bounds the
//! distance error only when `w` is the support point along `−v`. An
//! accelerated `w` is along `−d`, so when the gap test would fire on it
//! (or `w` repeats a vertex, or the simplex step makes no progress) the
//! momentum is **switched off for good** and the loop goes on with plain
//! steps from the same simplex (the paper's and coal's restart to vanilla
//! GJK). So:
//!
//! * a `Separated` answer is decided by a plain step and the plain loop's
//!   tolerances ([`super::REL_TOL_FACTOR`], [`super::ABS_TOL_FACTOR`]), and
//!   carries the same guarantee ([`crate::tolerance::float_accuracy_bound`]);
//! * `Intersecting` needs no direction (every simplex vertex is a point of
//!   `A − B`, so a simplex holding the origin proves it);
//! * termination is bounded by [`DistanceOptions::max_iterations`] support
//!   calls, accelerated or not; reaching it is
//!   [`super::DistanceOutcome::NoVerdict`], never separated.
//!
//! The answers may differ from the reference's within the float tolerance
//! (another path to the same optimum); `tests/nesterov.rs` checks them
//! against the exact oracle. The iteration counts on ellipsoid pairs near
//! contact are in `BENCHMARKS.md`.

use crate::error::Error;
use crate::scalar::{Field, Scalar};
use crate::shape::Support;
use crate::vector::Vector;

use super::{distance_loop, DistanceOptions, DistanceReport};

/// The momentum state of the accelerated loop (module docs).
#[derive(Clone, Debug)]
pub(crate) struct Momentum<T: Scalar, const N: usize> {
    /// Accelerated steps so far (`k`).
    steps: i32,
    /// The previous direction `d_prev`; `None` before the first step.
    dir: Option<Vector<T, N>>,
    /// The last support point `s`; `None` before the first accelerated one.
    last: Option<Vector<T, N>>,
    /// Whether steps are still accelerated.
    on: bool,
    /// Whether the current step is (its direction came from `direction`).
    accelerated: bool,
}

impl<T: Field, const N: usize> Momentum<T, N> {
    fn new() -> Self {
        Momentum {
            steps: 0,
            dir: None,
            last: None,
            on: true,
            accelerated: false,
        }
    }

    /// The search direction `d` of the next accelerated step, given the
    /// current closest point `v` (module docs). Falls back to `v` (and
    /// switches off) if the momentum direction is zero or not finite.
    fn direction(&mut self, v: &Vector<T, N>) -> Vector<T, N> {
        let k = self.steps;
        // δ = (k + 1)/(k + 3) and 1 − δ = 2/(k + 3), both exact in the
        // field for small k; `k` stays below the iteration cap.
        let den = T::from_i32(k.saturating_add(3));
        let delta = T::from_i32(k.saturating_add(1)) / den.clone();
        let rest = T::from_i32(2) / den;
        let y = match &self.last {
            Some(s) => v * delta.clone() + s * rest.clone(),
            None => v.clone(),
        };
        let d = match &self.dir {
            Some(prev) => prev * delta + y * rest,
            None => y,
        };
        if !crate::vector::is_finite(&d) || crate::vector::is_zero(&d) {
            self.on = false;
            return v.clone();
        }
        self.dir = Some(d.clone());
        self.steps = k.saturating_add(1);
        d
    }
}

/// How the distance loop picks its support direction: the reference
/// (`()`) always searches along `−v`; [`Momentum`] along its own direction
/// while it is on. Where a stop would be decided on an accelerated step,
/// the loop asks it to switch off and takes the step again, plain; it tells
/// it the support point of every step it keeps.
pub(crate) trait Search<T: Scalar, const N: usize> {
    /// The direction to search along instead of `v` (negated by the loop),
    /// or `None` for a plain step along `v`.
    fn momentum(&mut self, v: &Vector<T, N>) -> Option<Vector<T, N>>;
    /// `decides`: the step's result would decide a stop. `true` if the step
    /// was accelerated: plain steps from now on, and this one is taken
    /// again; `false` (always for `()`) to go on with it.
    fn redo_plain(&mut self, decides: bool) -> bool;
    /// The support point of the step the loop keeps.
    fn record(&mut self, w: &Vector<T, N>);
}

/// The reference loop: plain steps only.
impl<T: Scalar, const N: usize> Search<T, N> for () {
    fn momentum(&mut self, _: &Vector<T, N>) -> Option<Vector<T, N>> {
        None
    }
    fn redo_plain(&mut self, _: bool) -> bool {
        false
    }
    fn record(&mut self, _: &Vector<T, N>) {}
}

impl<T: Field, const N: usize> Search<T, N> for Momentum<T, N> {
    fn momentum(&mut self, v: &Vector<T, N>) -> Option<Vector<T, N>> {
        let d = self.on.then(|| self.direction(v));
        self.accelerated = d.is_some();
        d
    }
    fn redo_plain(&mut self, decides: bool) -> bool {
        if !(self.accelerated && decides) {
            return false;
        }
        self.on = false;
        true
    }
    fn record(&mut self, w: &Vector<T, N>) {
        if self.accelerated {
            self.last = Some(w.clone());
        }
    }
}

/// The distance between `a` and `b` by the Nesterov-accelerated loop
/// (module docs): the same options (`warm_start`, `sub_algorithm`,
/// `max_iterations`) and outcomes as [`super::distance`], which stays the
/// reference.
pub fn distance_accelerated<T, const N: usize, A, B>(
    a: &A,
    b: &B,
    opts: &DistanceOptions<T, N>,
) -> Result<DistanceReport<T, N>, Error>
where
    T: Field,
    A: Support<T, N> + ?Sized,
    B: Support<T, N> + ?Sized,
{
    distance_loop(a, b, opts, &mut Momentum::new(), 0.0, None, &()).map(|(report, _)| report)
}
