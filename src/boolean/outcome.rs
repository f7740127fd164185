//! The boolean query's types: what it is asked ([`Options`]) and its
//! answer, the verdict ([`Outcome`]) with its cost ([`Report`]).

use crate::region::Region;
use crate::relation::NoVerdict;
use crate::scalar::Scalar;
use crate::simplex::{Simplex, Vertex};
use crate::tolerance::DEFAULT_MAX_ITERATIONS;
use crate::vector::Vector;

/// Query options.
#[derive(Clone, Debug, PartialEq)]
pub struct Options<T: Scalar, const N: usize> {
    /// The first search direction; `None` means `(1, 0, …, 0)` as in seeds
    /// 001, 002 and 004. Must be non-zero and finite.
    pub initial_direction: Option<Vector<T, N>>,
    /// The most support calls of a loop before giving up with
    /// [`Outcome::NoVerdict`] ([`gjk`](super::gjk)'s hot path may make as many again
    /// before it hands the query to the reference loop).
    pub max_iterations: usize,
}

impl<T: Scalar, const N: usize> Default for Options<T, N> {
    fn default() -> Self {
        Options {
            initial_direction: None,
            max_iterations: DEFAULT_MAX_ITERATIONS,
        }
    }
}

/// The verdict of a boolean query.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome<T: Scalar, const N: usize> {
    /// The closed shapes share a point: the origin lies in the closed
    /// `simplex`, whose vertices are points of `A − B`.
    Intersecting {
        /// The simplex that contains the origin (newest vertex first).
        simplex: Simplex<T, N>,
        /// The containing region: the classifier's, or the hot path's
        /// `2D-TRI-R7` / `3D-TET-IN` (`boolean/hot.rs`).
        region: Region,
    },
    /// The shapes are disjoint: `support · axis < 0` where `support` is the
    /// support point of `A − B` along `axis`, so `max_A a·axis < min_B b·axis`.
    Separated {
        /// The separating axis (not normalised).
        axis: Vector<T, N>,
        /// The support point that proves it.
        support: Vertex<T, N>,
    },
    /// No verdict: see [`NoVerdict`]. Never to be read as "separated".
    NoVerdict {
        /// Why.
        reason: NoVerdict,
        /// The simplex when the loop stopped.
        simplex: Simplex<T, N>,
        /// The last search direction, if any.
        direction: Option<Vector<T, N>>,
    },
}

impl<T: Scalar, const N: usize> Outcome<T, N> {
    /// `Some(true)` for intersecting, `Some(false)` for separated, `None`
    /// without a verdict.
    pub fn intersects(&self) -> Option<bool> {
        match self {
            Outcome::Intersecting { .. } => Some(true),
            Outcome::Separated { .. } => Some(false),
            Outcome::NoVerdict { .. } => None,
        }
    }

    /// A short name: `intersecting`, `separated` or `not_converged`.
    pub fn name(&self) -> &'static str {
        match self {
            Outcome::Intersecting { .. } => "intersecting",
            Outcome::Separated { .. } => "separated",
            Outcome::NoVerdict { .. } => "not_converged",
        }
    }
}

/// A verdict with its cost.
#[derive(Clone, Debug, PartialEq)]
pub struct Report<T: Scalar, const N: usize> {
    /// The verdict.
    pub outcome: Outcome<T, N>,
    /// The number of support points of `A − B` the answering loop computed
    /// (each costs one support call on `A` and one on `B`; a hot path's
    /// calls before it handed the query back are not counted).
    pub iterations: usize,
}

impl<T: Scalar, const N: usize> Report<T, N> {
    /// The report of `outcome` after `iterations` support points.
    pub(crate) fn new(outcome: Outcome<T, N>, iterations: usize) -> Self {
        Report {
            outcome,
            iterations,
        }
    }
}
