//! # gjk — a reference implementation of the Gilbert–Johnson–Keerthi algorithm
//!
//! The modules follow the algorithm (see `ARCHITECTURE.md`):
//!
//! * [`scalar`] and [`vector`]: the numbers (`f32`, `f64`, exact
//!   [`Rational`]) and the dimension-free products the tests are written in;
//! * [`shape`]: support maps ([`Support`]) and the shapes that have them;
//! * [`simplex`]: up to `N + 1` points of `A − B`, newest first;
//! * [`region`] and [`classify`]: every Voronoi-region case of the simplex,
//!   named by its spec ID (`spec/README.md`), and the total classifier;
//! * [`gjk`]: the boolean loop, its outcome enum and its observer (traces);
//! * [`distance`]: the distance loop and Johnson's sub-algorithm, in any
//!   dimension (exact squared distances and witness points with rationals);
//! * [`contact`]: separated / touching / penetrating, exactly;
//! * [`verdict`]: the same three-way answer with its evidence (distance,
//!   witnesses, axis, common point, normal) in any dimension;
//! * [`epa`]: penetration depth, contact normal and witness points (the
//!   Expanding Polytope Algorithm, any dimension, exact with rationals);
//! * [`certificate`]: certificates of exact answers (separated, touching,
//!   intersecting, distance, depth) and their verifier, for this crate's
//!   answers or anyone's; [`filtered`]: the exact support passes it runs,
//!   filtered in `f64` with a rigorous error bound;
//! * [`exact`]: exact answers at float speed: the `f64` loops find, the
//!   verifier proves, the exact loops only where it refuses;
//! * [`certified`]: `f64` queries whose verdict is never wrong (a float
//!   certificate checked with rigorous error bounds, or the exact path);
//! * the exact oracle (the `gjk-oracle` crate): the answers GJK is checked
//!   against, computed without GJK (linear programming, enumeration, exact
//!   projections);
//! * [`trace`]: every step of the boolean loop, with its distance bounds,
//!   as data, text and JSON; the `gjk` tool's pictures (`gjk-cli`): the same as SVG panels, and the
//!   spec's region pictures;
//! * the JSON Lines case format of the `gjk` tool (`gjk-case`);
//! * `gjk check` (`gjk-cli`): another implementation's answers (a case's `expect`)
//!   judged against the exact ones, with an exactly decided tolerance;
//! * the seed variants (`gjk-variants`): the seed articles' own algorithms, runnable, with each
//!   step's decision compared with the reference classifier's
//!   (`docs/seed-variants.md`).
//! * `generators` (feature `generators`, on by default): hard shape pairs
//!   with their exact answers, as `proptest` strategies (feature
//!   `proptest`), `arbitrary` impls (feature `arbitrary`) and `gjk gen`
//!   case files; `fuzzing` (feature `fuzzing`): the fuzz targets' bodies.
//!
//! Semantics in one line: [`gjk::intersects`] is about the *closed* shapes
//! (touching counts), [`contact::penetrates`] is seed 001's convention
//! (touching does not), and running out of iterations is never reported as
//! either answer.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod certificate;
pub mod certified;
pub mod classify;
pub mod distance;
pub mod epa;
pub mod error;
pub mod exact;
pub mod filtered;
pub mod gjk;
pub mod region;
pub mod relation;
pub mod scalar;
pub mod shape;
pub mod simplex;
pub mod tolerance;
pub mod trace;
pub mod vector;
pub mod verdict;

#[cfg(test)]
mod test_util;

pub use error::{Error, Which};
pub use relation::{NoVerdict, Relation};
pub use scalar::{Field, Rational, Real, Scalar};
pub use shape::Support;
pub use simplex::{Simplex, Vertex};
pub use vector::Vector;

/// The README's examples, compiled and run by `cargo test` (doctests).
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
