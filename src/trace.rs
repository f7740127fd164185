//! Traces of the boolean loop: every pass of [`crate::boolean`], with the bounds
//! on the distance that the pass proves.
//!
//! [`crate::boolean::gjk_observed`] hands an [`Observer`](crate::boolean::Observer)
//! one [`Step`] per support point: the search direction `d`, the support
//! points on `A` and `B`, the new vertex `w` of `A − B`, `w · d`, the simplex
//! the classifier saw, the region (its spec ID), the kept vertices and the
//! next direction. With the unit observer `()` no step is built at all
//! (`Observer::ENABLED` is `false`, a constant), so an untraced query pays
//! nothing. [`trace`] runs the loop with a `Vec<Step>` observer and adds, per
//! step, what a reader wants next to it: which letters were kept, the point
//! `v` of the kept simplex closest to the origin, and two bounds on the
//! distance. the `gjk` tool (`gjk_cli::trace_format`) writes a trace as text or JSON; `gjk_cli::picture`
//! draws it.
//!
//! # The distance bounds of the boolean loop
//!
//! Let `δ` be the distance between the shapes, the distance from `O` to
//! `A − B`. After each step:
//!
//! * **upper bound** `upper2 = |v|²`, where `v` is the point of the kept
//!   simplex closest to `O` ([`crate::distance::closest_point`]). Every
//!   vertex is a point of `A − B`, which is convex, so the kept simplex lies
//!   in `A − B` and `δ ≤ |v|`. Along a run it strictly decreases in exact
//!   arithmetic (proved in [`crate::boolean`], "Termination"), and it is `0` once
//!   the simplex holds the origin.
//! * **lower bound** `lower2`: `w` maximises `x · d` over `A − B`. If
//!   `w · d < 0`, every `x` in `A − B` has `|x| |d| ≥ −x · d ≥ −w · d > 0`, so
//!   `δ ≥ −(w · d)/|d|` and `lower2 = (w · d)²/|d|²`. If `w · d ≥ 0` the
//!   plane `x · d = w · d` does not separate `O` from `A − B` and proves
//!   nothing: `lower2 = 0`. A step with `w · d < 0` ends the loop, so the
//!   lower bound is `0` until the last step of a separated run.
//!
//! Both are exact rationals in exact mode (no square root is taken: the
//! bounds are on `δ²`) and values computed in the query's scalar type in
//! float mode.
//!
//! **Why the boolean loop and not the distance loop.** The boolean loop is
//! the one whose every step is a spec region case (`spec/README.md`), so its
//! trace reads against the spec. It stops at the first separating plane,
//! so for separated shapes its bounds bracket `δ` without converging to it:
//! `0 < lower ≤ δ ≤ upper`. The distance loop ([`crate::distance`](mod@crate::distance)) has the
//! converging bounds `v · w/|v| ≤ δ ≤ |v|` of GJK 1988, §V; `gjk query`
//! prints the exact distance it reaches, and tracing it is not part of this
//! module.

use crate::boolean::{gjk_observed, Options, Report, Step};
use crate::distance::closest_point;
use crate::error::Error;
use crate::scalar::{Field, Scalar};
use crate::shape::Support;
use crate::simplex::Simplex;
use crate::vector::{dot, Vector};

/// One step of a trace: the loop's [`Step`] and what [`trace`] adds.
#[derive(Clone, Debug, PartialEq)]
pub struct TraceStep<T: Field, const N: usize> {
    /// The pass as the loop reported it.
    pub step: Step<T, N>,
    /// For each vertex of `step.kept`, in order, its index in
    /// `step.simplex` (`0` is the newest vertex, `A`; see [`letter`]).
    /// Empty when the support test ended the query (`step.region` is
    /// `None` and `step.kept` is the simplex of the step before).
    pub kept_indices: Vec<usize>,
    /// `v`, the point of `step.kept` closest to the origin (`None` when
    /// nothing is kept: a separation at the very first support point).
    pub closest: Option<Vector<T, N>>,
    /// The lower bound on the squared distance (see the module docs).
    pub lower2: T,
    /// The upper bound on the squared distance, `|v|²` (`None` with
    /// `closest`).
    pub upper2: Option<T>,
}

/// A traced query: the verdict and every step that led to it.
#[derive(Clone, Debug, PartialEq)]
pub struct Trace<T: Field, const N: usize> {
    /// The verdict, as the reference loop [`crate::boolean::gjk_observed`]
    /// returns it.
    pub report: Report<T, N>,
    /// One entry per support point, in order.
    pub steps: Vec<TraceStep<T, N>>,
}

/// The letter of the vertex at index `i` of a simplex, newest first: `A`,
/// `B`, `C`, `D`, … (the naming of `spec/README.md`).
pub fn letter(i: usize) -> char {
    // A simplex of a supported dimension has at most 4 vertices; the
    // alphabet covers 26.
    char::from(b'A' + (i.min(25) as u8))
}

/// The letters of the kept vertices (`"AB"`, `"ACB"`), empty when nothing
/// was chosen.
pub fn kept_letters(kept_indices: &[usize]) -> String {
    kept_indices.iter().map(|&i| letter(i)).collect()
}

/// Runs the boolean loop on `a` and `b` and records every step (see the
/// module docs). The verdict is the reference loop's
/// ([`crate::boolean::gjk_observed`]; the hot path of
/// [`crate::boolean::gjk`] keeps no trace).
///
/// Errors: those of [`crate::boolean::gjk_observed`], and those of
/// [`crate::distance::closest_point`] on a kept simplex (non-finite
/// coordinates only).
pub fn trace<T, const N: usize, A, B>(
    a: &A,
    b: &B,
    opts: &Options<T, N>,
) -> Result<Trace<T, N>, Error>
where
    T: Field,
    A: Support<T, N> + ?Sized,
    B: Support<T, N> + ?Sized,
{
    let mut raw: Vec<Step<T, N>> = Vec::new();
    let report = gjk_observed(a, b, opts, &mut raw)?;
    let steps = raw
        .into_iter()
        .map(annotate)
        .collect::<Result<Vec<_>, Error>>()?;
    Ok(Trace { report, steps })
}

/// Adds the kept letters, the closest point and the bounds to one step.
fn annotate<T: Field, const N: usize>(step: Step<T, N>) -> Result<TraceStep<T, N>, Error> {
    let kept_indices = if step.region.is_some() {
        positions(&step.simplex, &step.kept)
    } else {
        Vec::new()
    };
    let (closest, upper2) = if step.kept.is_empty() {
        (None, None)
    } else {
        let points: Vec<Vector<T, N>> = step.kept.points().cloned().collect();
        let c = closest_point(&points)?;
        (Some(c.v), Some(c.dist2))
    };
    let lower2 = if step.progress < T::zero() {
        let dd = dot(&step.direction, &step.direction);
        step.progress.clone() * step.progress.clone() / dd
    } else {
        T::zero()
    };
    Ok(TraceStep {
        step,
        kept_indices,
        closest,
        lower2,
        upper2,
    })
}

/// Where each vertex of `kept` sits in `simplex` (each index used once; the
/// kept vertices are vertices of the simplex, so each is found).
fn positions<T: Field, const N: usize>(
    simplex: &Simplex<T, N>,
    kept: &Simplex<T, N>,
) -> Vec<usize> {
    let mut used = vec![false; simplex.len()];
    let mut out = Vec::with_capacity(kept.len());
    for k in kept.iter() {
        if let Some(i) = simplex
            .iter()
            .enumerate()
            .position(|(i, v)| !used[i] && v == k)
        {
            used[i] = true;
            out.push(i);
        }
    }
    out
}

/// `(x, y, …)` with each coordinate as the scalar type displays it.
pub fn vector_text<T: Scalar, const N: usize>(v: &Vector<T, N>) -> String {
    let parts: Vec<String> = v.iter().map(ToString::to_string).collect();
    format!("({})", parts.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scalar::integer;
    use crate::shape::ConvexHull;
    use crate::test_util::q2;

    fn hulls(
        a: Vec<Vector<crate::Rational, 2>>,
        b: Vec<Vector<crate::Rational, 2>>,
    ) -> (
        ConvexHull<crate::Rational, 2>,
        ConvexHull<crate::Rational, 2>,
    ) {
        (ConvexHull::new(a).unwrap(), ConvexHull::new(b).unwrap())
    }

    #[test]
    fn a_separated_run_ends_with_a_positive_lower_bound() {
        // A = the point (0, 0); B = the segment y = 3, x ∈ [−1, 1]: δ = 3.
        let (a, b) = hulls(vec![q2(0, 0)], vec![q2(-1, 3), q2(1, 3)]);
        let t = trace(&a, &b, &Options::default()).unwrap();
        assert_eq!(t.steps.len(), 2);
        // Step 0: d = (1, 0), w = (1, −3), w · d = 1: kept, |v|² = 10.
        assert_eq!(t.steps[0].upper2, Some(integer(10)));
        assert_eq!(t.steps[0].lower2, integer(0));
        // Step 1: d = (−1, 3), w = (−1, −3), w · d = −8: separated,
        // lower² = 64/10.
        let last = &t.steps[1];
        assert!(last.step.region.is_none());
        assert!(last.kept_indices.is_empty());
        assert_eq!(last.lower2, crate::scalar::ratio(32, 5).unwrap());
        for s in &t.steps {
            let upper = s.upper2.clone().unwrap();
            assert!(s.lower2 <= integer(9) && integer(9) <= upper, "{s:?}");
        }
    }

    #[test]
    fn the_upper_bound_decreases_and_reaches_zero_when_intersecting() {
        let (a, b) = hulls(
            vec![q2(0, 0), q2(4, 0), q2(0, 4)],
            vec![q2(1, 1), q2(5, 5), q2(1, 6)],
        );
        let t = trace(&a, &b, &Options::default()).unwrap();
        assert_eq!(t.report.outcome.intersects(), Some(true));
        let uppers: Vec<_> = t.steps.iter().map(|s| s.upper2.clone().unwrap()).collect();
        assert!(uppers.windows(2).all(|w| w[1] < w[0]), "{uppers:?}");
        assert_eq!(uppers.last().unwrap(), &integer(0));
        assert!(t.steps.iter().all(|s| s.lower2 == integer(0)));
        // The letters name the kept vertices of the simplex the step saw.
        for s in &t.steps {
            let picked: Vec<_> = s
                .kept_indices
                .iter()
                .map(|&i| s.step.simplex.point(i))
                .collect();
            let kept: Vec<_> = s.step.kept.points().collect();
            assert_eq!(picked, kept);
        }
    }

    #[test]
    fn letters_follow_the_spec_naming() {
        assert_eq!(kept_letters(&[0, 2, 1]), "ACB");
        assert_eq!(letter(3), 'D');
    }
}
