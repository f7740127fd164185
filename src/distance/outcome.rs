//! The distance query's answer: [`DistanceOutcome`] and its cost,
//! [`DistanceReport`] (as `boolean/outcome.rs` for the boolean query).

use crate::relation::NoVerdict;
use crate::scalar::Scalar;
use crate::simplex::Simplex;
use crate::vector::Vector;

/// The verdict of a distance query.
#[derive(Clone, Debug, PartialEq)]
pub enum DistanceOutcome<T: Scalar, const N: usize> {
    /// The shapes are disjoint, at squared distance `dist2`.
    Separated {
        /// `|v|²`: exact in exact mode; within the documented tolerance in
        /// float mode (see the docs of [`super`]).
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
    /// (float mode: within rounding, see the docs of [`super`]).
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

/// The intersecting outcome: `simplex` holds the origin.
pub(super) fn intersecting<T: Scalar, const N: usize>(
    simplex: Simplex<T, N>,
    iterations: usize,
) -> DistanceReport<T, N> {
    DistanceReport {
        outcome: DistanceOutcome::Intersecting { simplex },
        iterations,
    }
}

/// A report without a verdict, with the best point found.
#[allow(clippy::type_complexity)] // (|v|², witness_a, witness_b), as in DistanceOutcome.
pub(super) fn no_verdict<T: Scalar, const N: usize>(
    reason: NoVerdict,
    best: Option<(T, Vector<T, N>, Vector<T, N>)>,
    iterations: usize,
) -> DistanceReport<T, N> {
    DistanceReport {
        outcome: DistanceOutcome::NoVerdict { reason, best },
        iterations,
    }
}
