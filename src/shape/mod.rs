//! Support maps and the shapes that have them.
//!
//! GJK never looks at a shape, only at its *support map*: for a direction `d`,
//! a point of the shape that is furthest along `d` (one that maximises `x · d`).
//! The support map of the Minkowski difference `A − B` is
//! `s_{A−B}(d) = s_A(d) − s_B(−d)` (seed 004 derives it; seeds 001 and 002 use it).
//!
//! Contract of [`Support::support`], relied on by the proofs in [`crate::gjk`]:
//!
//! 1. the returned point belongs to the shape (a closed, bounded, convex set);
//! 2. it maximises `x · d` over the shape, exactly for exact scalars, up to
//!    rounding for floats;
//! 3. for `d = 0` any point of the shape may be returned;
//! 4. for polytopes (point clouds, boxes, segments, polygons and their
//!    Minkowski sums and linear images) the point returned is a *vertex*, and
//!    the same `d` always gives the same vertex. Exact GJK terminates on such
//!    shapes because there are finitely many vertices.
//!
//! Shapes validate their parameters on construction and return
//! [`crate::Error`] for NaN, infinities, empty point sets, mixed dimensions and
//! negative sizes; a constructed shape is always valid.

use crate::scalar::Scalar;
use crate::vector::Vector;

/// A convex shape given by its support map.
pub trait Support<T: Scalar, const N: usize> {
    /// A point of the shape that maximises `x · dir` (see the module docs for
    /// the full contract).
    fn support(&self, dir: &Vector<T, N>) -> Vector<T, N>;
}

impl<T: Scalar, const N: usize, S: Support<T, N> + ?Sized> Support<T, N> for &S {
    fn support(&self, dir: &Vector<T, N>) -> Vector<T, N> {
        (**self).support(dir)
    }
}

impl<T: Scalar, const N: usize, S: Support<T, N> + ?Sized> Support<T, N> for Box<S> {
    fn support(&self, dir: &Vector<T, N>) -> Vector<T, N> {
        (**self).support(dir)
    }
}

mod hull;
pub use hull::ConvexHull;

mod cuboid;
mod polygon;
mod segment;
mod triangle;
pub use cuboid::Cuboid;
pub use polygon::ConvexPolygon;
pub use segment::Segment;
pub use triangle::Triangle;
