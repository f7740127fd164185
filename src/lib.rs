//! # gjk — a reference implementation of the Gilbert–Johnson–Keerthi algorithm
//!
//! GJK decides whether two convex shapes `A` and `B` meet by searching the
//! Minkowski difference `A − B` for the origin, one support point at a time,
//! keeping a simplex of at most `N + 1` points. This crate runs it in any
//! dimension `N` over `f32`, `f64` or exact [`Rational`]s; with rationals
//! every answer is exact, which is what makes it a reference.
//!
//! ## Which function answers which question
//!
//! | question | function | answer |
//! |---|---|---|
//! | do the closed shapes share a point? | [`intersects`], [`gjk()`] | `bool`; the [`boolean`] loop's outcome and simplex |
//! | how far apart are they? | [`distance()`] | `|v|²` and witness points, exact with rationals |
//! | separated, touching or penetrating? | [`verdict()`] | the [`Relation`] with its evidence (axis, normal, common point) |
//! | how deep is the overlap? | [`epa()`] | depth², normal and witnesses (the Expanding Polytope Algorithm) |
//! | an `f64` answer that is never wrong? | [`certify`] | the verdict with its certificate, or the exact path |
//! | an `f64` distance that is never wrong? | [`certified::certify_distance`] | the float distance and an interval `[lo, hi]` proved to hold the exact one |
//! | the same for balls, capsules, rounded hulls? | [`round::query`], [`round::relation`] | GJK on the cores, the radii after: the [`Relation`], the cores' distance² (exact with rationals) and the radius sum; `relation` stops at the margin |
//!
//! Running out of iterations is never reported as an answer: it is a
//! [`NoVerdict`] with its reason, the one "no verdict" of every query.
//!
//! ```
//! use gjk::shape::ConvexHull;
//! use gjk::scalar::integer;
//! use gjk::{Rational, Relation, Vector};
//!
//! // Two unit squares sharing the edge x = 1, exactly.
//! let p = |x: i64, y: i64| Vector::<Rational, 2>::new(integer(x), integer(y));
//! let a = ConvexHull::new(vec![p(0, 0), p(1, 0), p(1, 1), p(0, 1)])?;
//! let b = ConvexHull::new(vec![p(1, 0), p(2, 0), p(2, 1), p(1, 1)])?;
//!
//! assert!(gjk::intersects(&a, &b)?); // closed shapes: touching counts
//! let v = gjk::verdict(&a, &b, 100)?.verdict;
//! assert_eq!(v.relation(), Some(Relation::Touching));
//!
//! // Move B two units away: the exact squared distance is 4.
//! let b = ConvexHull::new(vec![p(3, 0), p(4, 0), p(4, 1), p(3, 1)])?;
//! let d = gjk::distance(&a, &b, &Default::default())?;
//! assert_eq!(d.outcome.dist2(), Some(integer(4)));
//! # Ok::<(), gjk::Error>(())
//! ```
//!
//! ```
//! use gjk::shape::ConvexHull;
//! use gjk::epa::EpaOutcome;
//! use gjk::scalar::integer;
//! use gjk::{Rational, Vector};
//!
//! // A point 1/2 inside a triangle's hypotenuse... and its exact depth².
//! let p = |x: i64, y: i64| Vector::<Rational, 2>::new(integer(x), integer(y));
//! let a = ConvexHull::new(vec![p(0, 0), p(2, 0), p(0, 2)])?;
//! let b = ConvexHull::new(vec![Vector::<Rational, 2>::new(
//!     Rational::new(1.into(), 2.into()),
//!     Rational::new(1.into(), 2.into()),
//! )])?;
//! match gjk::epa(&a, &b, &Default::default())?.outcome {
//!     // The nearest edge is x = 0 (or y = 0): depth 1/2.
//!     EpaOutcome::Penetrating(pen) => assert_eq!(pen.depth2, Rational::new(1.into(), 4.into())),
//!     other => panic!("{other:?}"),
//! }
//!
//! // f64 with a certificate: two triangles 2⁻⁴⁰ apart, proved separated.
//! let q = |x: f64, y: f64| Vector::<f64, 2>::new(x, y);
//! let gap = 2f64.powi(-40);
//! let a = ConvexHull::new(vec![q(0.0, 0.0), q(1.0, 0.0), q(0.0, 1.0)])?;
//! let b = ConvexHull::new(vec![q(1.0 + gap, 0.0), q(2.0, 0.0), q(2.0, 1.0)])?;
//! let report = gjk::certify(&a, &b, &Default::default()).expect("within the limits");
//! assert_eq!(report.verdict, gjk::Relation::Separated);
//! # Ok::<(), gjk::Error>(())
//! ```
//!
//! ```
//! use gjk::boolean::{Options, Outcome};
//! use gjk::certified::certify_distance;
//! use gjk::shape::{ConvexHull, Rounded};
//! use gjk::scalar::integer;
//! use gjk::{Rational, Relation, Vector};
//!
//! // The boolean loop's report: the separating axis it proved.
//! let q = |x: f64, y: f64, z: f64| Vector::<f64, 3>::new(x, y, z);
//! let cube = |o: f64| ConvexHull::new((0..8).map(|i| q(o + (i & 1) as f64, (i >> 1 & 1) as f64, (i >> 2) as f64)).collect());
//! let (a, b) = (cube(0.0)?, cube(3.0)?);
//! match gjk::gjk(&a, &b, &Options::default())?.outcome {
//!     Outcome::Separated { axis, .. } => assert!(axis[0] > 0.0),
//!     other => panic!("{other:?}"),
//! }
//!
//! // The f64 distance with an interval proved to hold the exact one (2).
//! let d = certify_distance(&a, &b, &Default::default())?;
//! let bounds = d.bounds.expect("a verdict");
//! assert!(bounds.lo <= 2.0 && 2.0 <= bounds.hi && bounds.hi - bounds.lo < 1e-9);
//!
//! // Round shapes, exactly (rational cores thickened by rational radii): a
//! // unit ball touching a capsule of radius 1 whose segment lies 2 away
//! // (the cores' distance² 4 = (r_A + r_B)²).
//! let p = |x: i64, y: i64, z: i64| Vector::<Rational, 3>::new(integer(x), integer(y), integer(z));
//! let ball = Rounded::new(ConvexHull::new(vec![p(0, 0, 0)])?, integer(1))?;
//! let capsule = Rounded::new(ConvexHull::new(vec![p(2, -1, 0), p(2, 1, 0)])?, integer(1))?;
//! let report = gjk::round::query(&ball, &capsule, &Default::default())?;
//! assert_eq!(report.relation(), Some(Relation::Touching));
//! # Ok::<(), gjk::Error>(())
//! ```
//!
//! ## The parts, bottom up (see `ARCHITECTURE.md`)
//!
//! * [`scalar`], [`vector`], [`tolerance`]: the numbers, the products, and
//!   every float tolerance with its derivation;
//! * [`shape`]: support maps ([`Support`]) and the shapes that have them;
//! * [`simplex`]: up to `N + 1` points of `A − B`, newest first;
//! * [`region`] and [`classify`]: every Voronoi-region case of the simplex,
//!   named by its spec ID (`spec/README.md`), and the total classifier;
//! * [`boolean`]: the boolean loop (one screen) and its observer; a
//!   hot path for 2D and 3D floats ([`gjk`], answering only past its rounding
//!   bounds);
//! * [`distance`](mod@distance): the distance loop and Johnson's sub-algorithm, any
//!   dimension; a hot path for 2D and 3D floats (the default, checked by the
//!   loop's own tests); warm start and the Nesterov variant as options;
//! * [`verdict`](mod@verdict): separated / touching / penetrating with the evidence;
//! * [`round`]: round shapes (ball, capsule, rounded hull) as a core plus a
//!   margin: the verdict from one distance query on the cores;
//! * [`epa`](mod@epa): penetration depth, any dimension, exact with rationals;
//! * [`certificate`]: certificates of exact answers (separated, touching,
//!   intersecting, distance, depth) and their verifier, for this crate's
//!   answers or anyone's; [`filtered`]: the exact support passes it runs,
//!   filtered in `f64` with a rigorous error bound;
//! * [`exact`]: exact answers at float speed: the `f64` loops find, the
//!   verifier proves, the exact loops only where it refuses;
//! * [`certified`]: `f64` verdicts checked with rigorous error bounds;
//! * [`trace`]: every step of the boolean loop, as data.
//!
//! The tools live in the workspace's other crates: the exact oracle
//! (`gjk-oracle`, the judge: no query here calls it), the case format
//! (`gjk-case`), the `gjk` command-line tool (`gjk-cli`), the generators
//! (`gjk-gen`) and the seed articles' own loops (`gjk-variants`).
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod boolean;
pub mod certificate;
pub mod certified;
pub mod classify;
pub mod distance;
pub mod epa;
mod error;
pub mod exact;
pub mod filtered;
mod hasher;
mod interval;
mod lowest_terms;
pub mod region;
mod relation;
pub mod round;
pub mod rounding;
pub mod scalar;
pub mod shape;
pub mod simplex;
pub mod tolerance;
pub mod trace;
pub mod vector;
pub mod verdict;

#[cfg(test)]
mod test_util;

pub use boolean::{gjk, intersects};
pub use certified::certify;
pub use distance::distance;
pub use epa::epa;
pub use error::{Error, Which};
pub use relation::{NoVerdict, Relation};
pub use scalar::{Field, Rational, Real, Scalar};
pub use shape::Support;
pub use simplex::{Simplex, Vertex};
pub use vector::Vector;
pub use verdict::verdict;

/// The README's examples, compiled and run by `cargo test` (doctests).
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
