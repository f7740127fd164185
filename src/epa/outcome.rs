//! What the EPA query takes and returns: options, the outcome enum and its
//! reasons for stopping without an answer.

use crate::relation::NoVerdict;
use crate::scalar::{Real, Scalar};
use crate::simplex::Vertex;
use crate::tolerance::DEFAULT_MAX_ITERATIONS;
use crate::vector::{dot, Vector};

/// Options of [`super::epa`] and [`super::epa_from_simplex`].
#[derive(Clone, Debug, PartialEq)]
pub struct EpaOptions<T: Scalar, const N: usize> {
    /// The first search direction of the GJK run; `None` means
    /// `(1, 0, …, 0)`. Must be non-zero and finite.
    pub initial_direction: Option<Vector<T, N>>,
    /// The most support calls of the EPA phase (completing the start simplex
    /// and expanding) before giving up with [`NoVerdict::IterationCap`].
    /// The GJK run before it has its own cap of the same size.
    pub max_iterations: usize,
}

impl<T: Scalar, const N: usize> Default for EpaOptions<T, N> {
    fn default() -> Self {
        EpaOptions {
            initial_direction: None,
            max_iterations: DEFAULT_MAX_ITERATIONS,
        }
    }
}

/// The answer for penetrating shapes: the facet of the final polytope
/// nearest the origin, and what it says.
#[derive(Clone, Debug, PartialEq)]
pub struct Penetration<T: Scalar, const N: usize> {
    /// The squared penetration depth `δ² = c² / (n · n)`: exact in exact
    /// mode; within the float tolerances in float mode (module docs).
    pub depth2: T,
    /// The outward normal `n` of `A − B` on that facet, **not normalised**
    /// (exact arithmetic has no square roots): it points from `A` towards
    /// `B`; see [`Penetration::unit_normal`] for floats.
    pub normal: Vector<T, N>,
    /// The penetration vector `p = (c / n·n) n`, the point of the facet
    /// closest to the origin (`|p|² = depth2`): translating `A` by `−p`
    /// makes the shapes touch (exactly, in exact mode).
    pub penetration: Vector<T, N>,
    /// `Σ λᵢ aᵢ`: a point of `A` (a convex combination of support points).
    pub witness_a: Vector<T, N>,
    /// `Σ λᵢ bᵢ`: a point of `B`. In exact mode
    /// `witness_a − witness_b = penetration` exactly.
    pub witness_b: Vector<T, N>,
    /// The `N` vertices of the facet that holds `p` (their support points on
    /// `A` and `B`, and the directions that found them).
    pub facet: Vec<Vertex<T, N>>,
    /// The barycentric coordinates `λ` of `p` on `facet`: `λᵢ ≥ 0`,
    /// `Σ λᵢ = 1` (float mode: clamped to `≥ 0` and renormalised).
    pub barycentric: Vec<T>,
}

impl<T: Real, const N: usize> Penetration<T, N> {
    /// The penetration depth `√depth2` (float scalars only).
    pub fn depth(&self) -> T {
        self.depth2.sqrt()
    }

    /// The normal scaled to unit length (float scalars only).
    pub fn unit_normal(&self) -> Vector<T, N> {
        self.normal / dot(&self.normal, &self.normal).sqrt()
    }
}

/// The verdict of an EPA query.
#[derive(Clone, Debug, PartialEq)]
pub enum EpaOutcome<T: Scalar, const N: usize> {
    /// The origin is interior to `A − B` (float: deeper than the rounding
    /// error): depth, normal, penetration vector and witnesses.
    Penetrating(Penetration<T, N>),
    /// The shapes share a point but the depth is 0: the origin is on the
    /// boundary of `A − B` (origin on a face, or a flat `A − B`). `normal`
    /// (not normalised) satisfies `max_A a·normal ≤ min_B b·normal`:
    /// exactly in exact mode, within the float tolerances in float mode.
    /// Never reported as "no contact".
    Touching {
        /// A weakly separating normal, from `A` towards `B`.
        normal: Vector<T, N>,
    },
    /// GJK found the shapes disjoint: `max_A a·axis < min_B b·axis`.
    NotIntersecting {
        /// The separating axis GJK found.
        axis: Vector<T, N>,
    },
    /// The GJK run that EPA starts from gave no verdict (EPA did not
    /// start). Never to be read as "not intersecting".
    GjkNoVerdict {
        /// Why.
        reason: NoVerdict,
    },
    /// No answer. Never to be read as "not intersecting".
    NoVerdict {
        /// Why.
        reason: NoVerdict,
        /// The nearest facet of the last consistent polytope, if there was
        /// one: its `depth2` is a lower bound of the squared depth in exact
        /// mode (the polytope lies inside `A − B`).
        best: Option<Penetration<T, N>>,
    },
}

impl<T: Scalar, const N: usize> EpaOutcome<T, N> {
    /// A short name: `penetrating`, `touching`, `not_intersecting` or
    /// `not_converged`.
    pub fn name(&self) -> &'static str {
        match self {
            EpaOutcome::Penetrating(_) => "penetrating",
            EpaOutcome::Touching { .. } => "touching",
            EpaOutcome::NotIntersecting { .. } => "not_intersecting",
            EpaOutcome::NoVerdict { .. } | EpaOutcome::GjkNoVerdict { .. } => "not_converged",
        }
    }

    /// The squared depth: `Some(0)` when touching, `None` when not
    /// intersecting or without an answer.
    pub fn depth2(&self) -> Option<T> {
        match self {
            EpaOutcome::Penetrating(p) => Some(p.depth2.clone()),
            EpaOutcome::Touching { .. } => Some(T::zero()),
            _ => None,
        }
    }
}

/// An EPA verdict with its cost.
#[derive(Clone, Debug, PartialEq)]
pub struct EpaReport<T: Scalar, const N: usize> {
    /// The verdict.
    pub outcome: EpaOutcome<T, N>,
    /// Support points of `A − B` computed by the EPA phase (start simplex
    /// and expansion).
    pub iterations: usize,
    /// Support points computed by the GJK run before it (0 for
    /// [`super::epa_from_simplex`]).
    pub gjk_iterations: usize,
    /// The number of facets of the final polytope (0 if none was built).
    pub facets: usize,
}

/// The polytope an EPA run ended with ([`super::epa_keeping_polytope`]):
/// its vertices (support points of `A − B`) and live facets, each `N`
/// vertex indices, ascending; `nearest` is the index in `facets` of the
/// facet the answer came from.
#[derive(Clone, Debug, PartialEq)]
pub struct FinalPolytope<T: Scalar, const N: usize> {
    /// Every support point added.
    pub vertices: Vec<Vertex<T, N>>,
    /// The live facets.
    pub facets: Vec<[usize; N]>,
    /// The answer's facet.
    pub nearest: usize,
}
