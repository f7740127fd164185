//! The boolean GJK loop (Gilbert, Johnson & Keerthi, IEEE J. Robotics and
//! Automation 4(2), 1988; the boolean form of seeds 001, 002 and 004).
//!
//! # The loop
//!
//! ```text
//! d ← d₀                               (default (1, 0, …); seeds 001, 002, 004)
//! W ← ∅
//! repeat
//!     w ← s_A(d) − s_B(−d)             (support point of A − B along d)
//!     if w · d < 0: return Separated { axis: d }
//!     W ← [w] ++ W                     (newest first)
//!     (region, kept, d') ← classify(W)
//!     if region contains O: return Intersecting { W }
//!     W ← kept;  d ← d'
//! ```
//!
//! # Touching and ties
//!
//! * **Closed sets.** [`Outcome::Intersecting`] means the closed shapes share
//!   a point (the origin lies in the closed simplex, a subset of `A − B`), so
//!   touching shapes intersect; seed 001's "touching is not colliding" is
//!   [`crate::verdict::penetrates`].
//! * **Support test: `w · d < 0` separates; `w · d = 0` goes on.** Seeds
//!   001, 002 and 004 stop on `≤ 0`, which misreports touching shapes: with
//!   `w · d = 0` the origin may still be a point of `A − B`. `w · d < 0` is a
//!   proof: every `x` of `A − B` has `x · d ≤ w · d < 0`, so
//!   `max_A a·d < min_B b·d`.
//! * **Regions**: the rule of [`crate::region`].
//!
//! # Termination (exact arithmetic)
//!
//! Let `v` be the point of the kept simplex closest to the origin. The
//! classifier returns `d = λ(O − v)` with `λ > 0`, orthogonal to the kept
//! feature, so every point `x` of its affine hull has
//! `x · d = v · d = −λ|v|² < 0`. The loop adds `w` only if `w · d ≥ 0`, hence:
//!
//! 1. `w` is not in the affine hull of the kept feature: **the simplex is
//!    never degenerate** (no `…-DEG` region is reachable);
//! 2. `v · (v − w) = |v|² + (w · d)/λ > 0`, so points of `[v, w]` near `v`
//!    are closer to `O` than `v`: **the distance strictly decreases**, and no
//!    simplex is visited twice;
//! 3. so the closest point of the new simplex lies on a feature that
//!    contains `w`: the older vertices' regions are unreachable (the seeds'
//!    "not possible" cases; the seeds' own loops, whose directions are not
//!    always `O − v`, meet some: `spec/README.md`, "The seeds' loops").
//!
//! A polytope's support map returns one of finitely many points (contract
//! item 4 of [`crate::shape`]), so the loop ends with `Intersecting`
//! (`v = O`) or `Separated` (at the closest point `v*` of `A − B`,
//! `max x · (−v*) = −|v*|² < 0`, so the support test fires there at the
//! latest).
//!
//! # When there is no verdict
//!
//! Rounding breaks the argument above (the loop can cycle), curved shapes
//! that touch converge only in the limit, and a user's support map may break
//! its contract. So the loop stops with [`Outcome::NoVerdict`], **never**
//! separated (the failure of flexible-collision-library/fcl #366 and of
//! parry's fallback axis), after [`Options::max_iterations`] support calls
//! (default [`DEFAULT_MAX_ITERATIONS`](crate::tolerance::DEFAULT_MAX_ITERATIONS): seed 001's 20 is far too few for
//! curved shapes near contact) or at a state seen before
//! ([`NoVerdict::NoProgress`], `boolean/cycles.rs`; the three-way verdict
//! goes on by the distance loop, [`crate::verdict::by_boolean_loop`]). In
//! float mode `Intersecting` is checked first (`boolean/containment.rs`).
//!
//! Where seed 001 retries with `(0, 1, 0)` on a first support point at the
//! origin and seed 000 invents a perpendicular for an origin on the line,
//! here the origin is *in* the simplex (`PT-O`, `…-LINE-ON`): `Intersecting`;
//! a zero direction is rounding: no verdict.

mod containment;
mod cycles;
mod hot;
mod observe;
mod outcome;
mod slots;

pub(crate) use hot::gjk as gjk_hot;
pub use observe::{Observer, Step};
pub use outcome::{Options, Outcome, Report};

use crate::error::Error;
use crate::region::{Region, RegionKind, Tet3Region};
use crate::relation::NoVerdict;
use crate::scalar::Scalar;
use crate::shape::Support;
use crate::simplex::{start_direction, support_vertex};
use crate::vector::{dot, is_finite, is_zero, Vector};
use cycles::Cycles;
use slots::{Slots, State};

/// The boolean query with the default [`Options`]: `Ok(true)` if the closed
/// shapes share a point (touching counts), `Ok(false)` if they are disjoint,
/// [`Error::NoVerdict`] without a verdict (float mode only).
pub fn intersects<T, const N: usize, A, B>(a: &A, b: &B) -> Result<bool, Error>
where
    T: Scalar,
    A: Support<T, N> + ?Sized,
    B: Support<T, N> + ?Sized,
{
    match gjk(a, b, &Options::default())?.outcome {
        Outcome::NoVerdict { reason, .. } => Err(Error::NoVerdict(reason)),
        outcome => Ok(outcome.intersects() == Some(true)),
    }
}

/// The boolean GJK query (module docs). `f32` and `f64` in 2D and 3D run the
/// hot path (`boolean/hot.rs`), which hands all but proved answers to the
/// reference loop [`gjk_observed`] (from the start: `2 · cap` calls at most).
pub fn gjk<T, const N: usize, A, B>(
    a: &A,
    b: &B,
    opts: &Options<T, N>,
) -> Result<Report<T, N>, Error>
where
    T: Scalar,
    A: Support<T, N> + ?Sized,
    B: Support<T, N> + ?Sized,
{
    match hot::gjk(a, b, opts, &mut 0) {
        Some(report) => Ok(report),
        None => gjk_observed(a, b, opts, &mut ()),
    }
}

/// The reference loop, with an [`Observer`] that sees every pass (`()`
/// sees nothing): [`gjk`]'s answer wherever its hot path hands back.
pub fn gjk_observed<T, const N: usize, A, B, O>(
    a: &A,
    b: &B,
    opts: &Options<T, N>,
    observer: &mut O,
) -> Result<Report<T, N>, Error>
where
    T: Scalar,
    A: Support<T, N> + ?Sized,
    B: Support<T, N> + ?Sized,
    O: Observer<T, N> + ?Sized,
{
    let mut d = start_direction(opts.initial_direction.as_ref())?;
    let mut w_set = Slots::<T, N>::new();
    let mut cycles = Cycles::new();
    for iteration in 0..opts.max_iterations {
        let report = |outcome| Ok(Report::new(outcome, iteration + 1));
        // w ← s_A(d) − s_B(−d)
        let w = support_vertex(a, b, &d, iteration)?;
        let progress = dot(&w.w, &d);
        if !progress.is_finite() {
            return Err(Error::Overflow { iteration });
        }
        // if w · d < 0: return Separated { axis: d }
        if progress < T::zero() {
            if O::ENABLED {
                let kept = w_set.simplex();
                observer.step(Step::separating(iteration, &d, &w, progress, &kept));
            }
            return report(Outcome::Separated {
                axis: d,
                support: w,
            });
        }
        // W ← [w] ++ W;  (region, kept, d') ← classify(W)
        if w_set.is_full() {
            return report(no_verdict(FULL_BEFORE_A_PASS, &w_set, d));
        }
        let before = w_set.state();
        w_set.push_front(w);
        let grown = w_set.state();
        let next = decide(&mut w_set)?;
        if O::ENABLED {
            observer.step(next.step(iteration, &d, progress, &w_set, &grown));
        }
        match next.pass(&d, &w_set, &before, &mut cycles) {
            // if region contains O: return Intersecting { W }
            Pass::Contains(region) => {
                let simplex = w_set.simplex();
                return report(Outcome::Intersecting { simplex, region });
            }
            // W ← kept;  d ← d'
            Pass::Search(next_d) => d = next_d,
            Pass::Stop(reason) => return report(no_verdict(reason, &w_set, d)),
            Pass::Overflow => return Err(Error::Overflow { iteration }),
        }
    }
    let cap = opts.max_iterations;
    let outcome = no_verdict(NoVerdict::IterationCap { cap }, &w_set, d);
    Ok(Report::new(outcome, cap))
}

/// A full simplex before a pass: only a classifier bug could leave one (a
/// containing full simplex ends the loop), so the loop says so.
const FULL_BEFORE_A_PASS: NoVerdict = NoVerdict::Degenerate {
    region: Region::Tet3(Tet3Region::Degenerate),
};

/// What the loop does after a pass.
enum Pass<T: Scalar, const N: usize> {
    /// The region holds the origin: intersecting.
    Contains(Region),
    /// Go on along this direction.
    Search(Vector<T, N>),
    /// No verdict, for this reason.
    Stop(NoVerdict),
    /// The next direction overflowed.
    Overflow,
}

/// An outcome without a verdict, with the loop's state when it stopped.
fn no_verdict<T: Scalar, const N: usize>(
    reason: NoVerdict,
    w_set: &Slots<T, N>,
    direction: Vector<T, N>,
) -> Outcome<T, N> {
    let simplex = w_set.simplex();
    let direction = Some(direction);
    Outcome::NoVerdict {
        reason,
        simplex,
        direction,
    }
}

/// What one pass decided for the grown simplex `W` (the kept vertices are
/// left in the loop's [`Slots`]).
struct Next<T: Scalar, const N: usize> {
    /// The classifier's region.
    region: Region,
    /// What the loop does: the region's own kind, except where the float
    /// containment check refutes a containing region.
    kind: RegionKind,
    /// The next search direction.
    direction: Option<Vector<T, N>>,
}

/// Classifies `W` and keeps the region's vertices; in float mode, checks a
/// containing region first: a refuted one goes on from the face that holds
/// the closest point, classified afresh in the crate's conventions; with no
/// direction there either, no verdict (`Degenerate`).
#[inline(always)]
fn decide<T: Scalar, const N: usize>(w_set: &mut Slots<T, N>) -> Result<Next<T, N>, Error> {
    let c = w_set.classify()?;
    let mut next = Next {
        region: c.region,
        kind: c.region.kind(),
        direction: c.direction,
    };
    if next.kind != RegionKind::Contains {
        w_set.keep(c.kept.iter());
        return Ok(next);
    }
    let Some(face) = containment::refuted(w_set.kept())? else {
        return Ok(next);
    };
    let grown = w_set.state();
    w_set.keep_checked(&face);
    let again = w_set.classify()?;
    match (again.region.kind(), &again.direction) {
        (RegionKind::Search, Some(d)) if is_finite(d) && !is_zero(d) => {
            w_set.keep(again.kept.iter());
            next.direction = again.direction;
            next.kind = RegionKind::Search;
        }
        _ => {
            w_set.restore(grown);
            next.kind = RegionKind::Degenerate;
        }
    }
    Ok(next)
}

impl<T: Scalar, const N: usize> Next<T, N> {
    /// What the loop does after this pass, which searched along `d` from the
    /// simplex `before`: stop where the region holds the origin or is
    /// degenerate, and where the next direction is zero, not finite, or
    /// leads back (to the pass's own simplex and direction, or to a state
    /// seen before: every later pass would repeat the passes since).
    fn pass(
        self,
        d: &Vector<T, N>,
        w_set: &Slots<T, N>,
        before: &State,
        cycles: &mut Cycles<T, N>,
    ) -> Pass<T, N> {
        let region = self.region;
        let back = |next_d: &Vector<T, N>, cycles: &mut Cycles<T, N>| {
            (next_d == d && w_set.kept().eq(w_set.at(before)))
                || cycles.revisited(w_set.kept(), next_d)
        };
        match (self.kind, self.direction) {
            (RegionKind::Contains, _) => Pass::Contains(region),
            (RegionKind::Search, Some(next_d)) if !is_finite(&next_d) => Pass::Overflow,
            (RegionKind::Search, Some(next_d)) if back(&next_d, cycles) => {
                Pass::Stop(NoVerdict::NoProgress)
            }
            (RegionKind::Search, Some(next_d)) if !is_zero(&next_d) => Pass::Search(next_d),
            (RegionKind::Search, _) => Pass::Stop(NoVerdict::ZeroDirection { region }),
            (RegionKind::Degenerate, _) => Pass::Stop(NoVerdict::Degenerate { region }),
        }
    }
}
