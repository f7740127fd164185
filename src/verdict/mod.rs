//! Separated, touching or penetrating: the three-way question, with the
//! evidence of each answer.
//!
//! The boolean loop ([`crate::boolean`]) answers whether the *closed* shapes
//! share a point. Seed 001 counts shapes that only touch as *not*
//! colliding; this module decides the finer question with the same
//! exactness (the three answers are defined at [`crate::Relation`]).
//!
//! | verdict | evidence | meaning (exact mode) |
//! |---|---|---|
//! | [`Verdict::Separated`] | `axis`; the distance and witnesses where the route computed them | `max_A a·axis < min_B b·axis` |
//! | [`Verdict::Touching`] | `normal`; a common point where the route computed one | `max_A a·normal = min_B b·normal`, and the shapes share a point |
//! | [`Verdict::Penetrating`] | a common point where the route computed one | the origin is interior to `A − B` |
//! | [`Verdict::NoVerdict`] | `reason` | no verdict; never to be read as separated |
//!
//! # Two routes, one method
//!
//! Both routes run a GJK loop to a simplex of `A − B` that holds the
//! origin, then **descend**: if `O` lies in the relative interior of a face
//! `G` of that simplex, `O ∈ int K ⇔ π(O) ∈ int π(K)` for a projection `π`
//! along `span(G)` (the claim and its proof are in `verdict/boolean_route.rs`), so
//! the question recurses in a lower dimension until `G` is a single vertex
//! (touching, with that vertex's search direction as the normal) or fills
//! the remaining space (penetrating).
//!
//! * **2D and 3D: the boolean loop** ([`by_boolean_loop`]), whose every step
//!   is a spec region case: the literate core. The projection maps to a
//!   lower dimension (a perpendicular in 2D, cross products in 3D), and the
//!   sub-question is this route again.
//! * **Every other dimension: the distance loop** ([`by_distance_loop`]),
//!   with Johnson's sub-algorithm, projecting in place (Gram–Schmidt), up
//!   to 15 dimensions. It also returns the distance and witness points of
//!   separated shapes, and a common point of intersecting ones.
//!
//! [`verdict`] picks the route by dimension; the `gjk` tool and `gjk check`
//! use it. Both routes are exact with rationals and agree there (tested
//! against each other and the oracle in `tests/verdict.rs`). In float mode
//! each reads its rounded signs against its own band (derived in its
//! module), so near touching they may differ: the 2D/3D route stays on the
//! boolean loop, whose float decisions the spec documents, unless that loop
//! stalls at a fixed point of its rounded steps ([`NoVerdict::NoProgress`]);
//! the distance loop then answers with the support calls left.

mod boolean_route;
mod distance_route;
mod exact_axis;

pub use boolean_route::by_boolean_loop;
pub use distance_route::by_distance_loop;

use crate::boolean::Options;
use crate::distance::subalgorithm::{check_points, closest_point_fixed, Face};
use crate::distance::DistanceOptions;
use crate::error::Error;
use crate::relation::{NoVerdict, Relation};
use crate::scalar::{Field, Scalar};
use crate::shape::Support;
use crate::simplex::Simplex;
use crate::vector::{Points, Vector};

/// The distance between separated shapes, with a closest pair.
#[derive(Clone, Debug, PartialEq)]
pub struct Separation<T: Scalar, const N: usize> {
    /// `|witness_a − witness_b|²`: exact with rationals; within the
    /// distance loop's documented accuracy in float mode.
    pub dist2: T,
    /// A point of `A` closest to `B`.
    pub witness_a: Vector<T, N>,
    /// A point of `B` closest to `A`.
    pub witness_b: Vector<T, N>,
}

/// The three-way verdict with its evidence (see the module docs).
#[derive(Clone, Debug, PartialEq)]
pub enum Verdict<T: Scalar, const N: usize> {
    /// Disjoint: `max_A a·axis < min_B b·axis`.
    Separated {
        /// The separating axis, from `A` towards `B` (not normalised).
        axis: Vector<T, N>,
        /// The distance and witnesses (the distance route; `None` from the
        /// boolean route, which stops at the first separating plane).
        separation: Option<Separation<T, N>>,
    },
    /// They share a point, and a plane with this normal separates them
    /// weakly: `max_A a·normal = min_B b·normal` (float mode: within the
    /// route's band).
    Touching {
        /// The normal, pointing from `A` towards `B` (not normalised).
        normal: Vector<T, N>,
        /// A common point (the distance route; float band: the midpoint of
        /// the witnesses).
        point: Option<Vector<T, N>>,
    },
    /// The origin is interior to `A − B`: no small translation separates
    /// the shapes.
    Penetrating {
        /// A common point (the distance route).
        point: Option<Vector<T, N>>,
    },
    /// No verdict (float mode, the iteration cap, or a support map that
    /// breaks its contract).
    NoVerdict {
        /// Why.
        reason: NoVerdict,
    },
}

impl<T: Scalar, const N: usize> Verdict<T, N> {
    /// The relation, or why there is none.
    pub fn result(&self) -> Result<Relation, NoVerdict> {
        match self {
            Verdict::Separated { .. } => Ok(Relation::Separated),
            Verdict::Touching { .. } => Ok(Relation::Touching),
            Verdict::Penetrating { .. } => Ok(Relation::Penetrating),
            Verdict::NoVerdict { reason } => Err(reason.clone()),
        }
    }

    /// The relation, or `None` without a verdict.
    pub fn relation(&self) -> Option<Relation> {
        self.result().ok()
    }

    /// `separated`, `touching`, `penetrating` or `not_converged`.
    pub fn name(&self) -> &'static str {
        self.relation().map_or("not_converged", Relation::name)
    }

    /// `Some(true)` for touching and penetrating, `Some(false)` for
    /// separated, `None` without a verdict.
    pub fn intersects(&self) -> Option<bool> {
        self.relation().map(Relation::intersects)
    }
}

/// A verdict with its cost, and the loop's simplex.
#[derive(Clone, Debug, PartialEq)]
pub struct VerdictReport<T: Scalar, const N: usize> {
    /// The verdict.
    pub verdict: Verdict<T, N>,
    /// Support points of `A − B` computed, over all descent rounds. Float
    /// mode: the touching band's checks may add a few beyond the cap (one
    /// for the axis, one for the normal, at most `N + 2` for the exact
    /// axis: `verdict/exact_axis.rs`).
    pub iterations: usize,
    /// The first loop's final simplex: for intersecting shapes it holds the
    /// origin, and EPA starts from it ([`crate::epa::epa_from_simplex`]); the
    /// distance route's is also a warm start for the next frame
    /// ([`DistanceOptions::warm_start`]). Empty when the loop stopped
    /// before (the boolean route's separating plane, or no verdict).
    pub simplex: Simplex<T, N>,
    /// `true` when the boolean route's loop stalled (float mode, a fixed
    /// point of its rounded steps: [`NoVerdict::NoProgress`]) and the
    /// distance loop answered in its place, with that loop's touching band
    /// and evidence ([`by_boolean_loop`]). Always `false` for the distance
    /// route and in exact mode.
    pub stalled: bool,
}

/// Separated, touching or penetrating, by the route for the dimension (see
/// the module docs): the boolean loop in 2D and 3D, the distance loop in
/// every other dimension, at most `max_iterations` support points per loop.
/// Errors: those of the routes (bad input, overflow in float mode).
pub fn verdict<T, const N: usize, A, B>(
    a: &A,
    b: &B,
    max_iterations: usize,
) -> Result<VerdictReport<T, N>, Error>
where
    T: Field,
    A: Support<T, N> + ?Sized,
    B: Support<T, N> + ?Sized,
{
    if N == 2 || N == 3 {
        let opts = Options {
            initial_direction: None,
            max_iterations,
        };
        return by_boolean_loop(a, b, &opts);
    }
    let opts = DistanceOptions {
        max_iterations,
        ..DistanceOptions::default()
    };
    by_distance_loop(a, b, &opts)
}

/// Seed 001's convention: `Ok(true)` only if the shapes penetrate; touching
/// and separated shapes give `Ok(false)`; no verdict is
/// [`Error::NoVerdict`]. 2D and 3D (the boolean route).
pub fn penetrates<T, const N: usize, A, B>(a: &A, b: &B) -> Result<bool, Error>
where
    T: Field,
    A: Support<T, N> + ?Sized,
    B: Support<T, N> + ?Sized,
{
    let relation = by_boolean_loop(a, b, &Options::default())?.verdict.result();
    Ok(relation.map_err(Error::NoVerdict)? == Relation::Penetrating)
}

/// The facet of the simplex `points` (two or more points; each facet leaves
/// one out) whose closest point to the origin is nearest, as `(dist², kept)`
/// with `dist²` as `f64` and `kept` the indices into `points` of the
/// smallest sub-face holding that closest point; the first such facet on
/// ties. The float bands of [`boolean_route`] and [`distance_route`] use
/// it to treat an origin near a facet as lying on it. No allocation.
pub(crate) fn nearest_facet<T: Field, const N: usize>(
    points: &[Vector<T, N>],
) -> Result<Option<(f64, Face)>, Error> {
    check_points(points)?;
    let mut best: Option<(f64, Face)> = None;
    for skip in 0..points.len() {
        let idx: Face = (0..points.len()).filter(|&i| i != skip).collect();
        let facet: Points<T, N> = idx.iter().map(|&i| points[i].clone()).collect();
        let c = closest_point_fixed(&facet)?;
        let d2 = c.dist2.to_f64();
        if best.as_ref().is_none_or(|(b, _)| d2 < *b) {
            best = Some((d2, c.kept.iter().map(|&k| idx[k]).collect()));
        }
    }
    Ok(best)
}
