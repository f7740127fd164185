//! Support maps and the shapes that have them.
//!
//! GJK never looks at a shape, only at its *support map*: for a direction `d`,
//! a point of the shape that is furthest along `d` (one that maximises `x · d`).
//! The support map of the Minkowski difference `A − B` is
//! `s_{A−B}(d) = s_A(d) − s_B(−d)` (seed 004 derives it; seeds 001 and 002 use it).
//!
//! Contract of [`Support::support`], relied on by the proofs in [`crate::boolean`]:
//!
//! 1. the returned point belongs to the shape (a closed, bounded, convex set);
//! 2. it maximises `x · d` over the shape, exactly for exact scalars, up to
//!    rounding for floats;
//! 3. for `d = 0` any point of the shape may be returned;
//! 4. for polytopes the point returned is one of *finitely many* points of
//!    the shape, and the same `d` always gives the same point: a vertex for
//!    point clouds, boxes, segments, triangles and polygons; a sum of
//!    vertices for their Minkowski sums and the image of a vertex for their
//!    linear images (a vertex of the result unless `d` selects a whole face,
//!    see [`MinkowskiSum`] and [`Transformed`]). Exact GJK terminates on such
//!    shapes because no simplex is visited twice and there are finitely many
//!    of these points.
//!
//! The shapes:
//!
//! | shape | scalars | dimension | tie rule |
//! |-------|---------|-----------|----------|
//! | [`ConvexHull`], [`ConvexPolygon`], [`Triangle`] | [`Scalar`] (exact) | any | first listed point |
//! | [`ConvexHull::of_vertices`] (the extreme points only, [`extreme_points`]: fewer points to scan) | [`Scalar`] (exact) | any (drops points in 2D, 3D) | first listed vertex |
//! | [`ClimbingHull`] (hill climbing; the fast path for large hulls) | [`Scalar`] (exact) | any (climbs in 2D, 3D) | first listed point (ties go to the scan); in floats the proved exact maximiser, which may differ from the scan's maximiser of rounded products (item 2) |
//! | [`Cuboid`] | [`Scalar`] (exact) | any | `min[i]` when `d[i] = 0` |
//! | [`Segment`] | [`Scalar`] (exact) | any | endpoint `a` |
//! | [`MinkowskiSum`], [`Transformed`] | those of the parts | any | those of the parts |
//! | [`Ball`], [`Capsule`] | [`crate::Real`] | any | centre / the segment's |
//! | [`Rounded`] (a core thickened by a radius) | [`crate::Real`] | any | the core's |
//! | [`Point`] (the core of a ball) | [`Scalar`] (exact) | any | the point |
//! | [`Cylinder`], [`Cone`] | [`crate::Real`] | 3 | bottom cap / apex |
//!
//! **Round shapes** ([`Ball`], [`Capsule`], [`Rounded`]) are also given as a
//! core and a radius ([`Round`], implemented by every shape here: radius
//! `0` for the others), which [`crate::round`](mod@crate::round) queries without iterating on
//! the curved surface (see `rounded.rs`).
//!
//! Shapes validate their parameters on construction and return
//! [`crate::Error`] for NaN, infinities, empty point sets, mixed dimensions and
//! negative sizes; a constructed shape is always valid. A constructor does
//! not know whether its shape will be `A` or `B`: its errors name
//! [`crate::Which::Shape`], and [`crate::Error::in_shape`] renames them.

use crate::error::{Error, Which};
use crate::scalar::Scalar;
use crate::vector::{is_finite, Vector};

/// `Ok` if every coordinate of `v` is finite, else [`Error::NonFinite`]
/// naming `what` (the shapes' constructors share this check).
pub(crate) fn require_finite<T: Scalar, const N: usize>(
    v: &Vector<T, N>,
    what: &str,
) -> Result<(), Error> {
    if is_finite(v) {
        Ok(())
    } else {
        Err(Error::NonFinite {
            which: Which::Shape,
            what: what.into(),
        })
    }
}

/// A convex shape given by its support map.
pub trait Support<T: Scalar, const N: usize> {
    /// A point of the shape that maximises `x · dir` (see the module docs for
    /// the full contract).
    fn support(&self, dir: &Vector<T, N>) -> Vector<T, N>;

    /// A point of the shape near its middle, if the shape knows one
    /// without much work (the centre of a point or of a segment, the
    /// centre of a hull's bounding box); `None` by default. Only a hint:
    /// [`crate::round::query`] starts its search along the difference of
    /// the two shapes' hints, which changes the iterations, never the
    /// answer.
    fn centre_hint(&self) -> Option<Vector<T, N>> {
        None
    }

    /// [`support`](Support::support)'s point with its number among the
    /// shape's listed points, for shapes that list them (hulls, polygons
    /// and their [`Transformed`] images: the place in the list given to the
    /// constructor); `None` as the number by default.
    /// The point is always `support`'s. The number is what a warm start
    /// re-reads with [`vertex`](Support::vertex) instead of searching.
    fn support_indexed(&self, dir: &Vector<T, N>) -> (Vector<T, N>, Option<u32>) {
        (self.support(dir), None)
    }

    /// The listed point numbered `index` (as
    /// [`support_indexed`](Support::support_indexed) numbers them), or
    /// `None` when there is no such point or the shape lists none (the
    /// default). A point of the shape whatever `index` is, so a warm start
    /// from another pair's numbers gives a valid start, only a worse one.
    fn vertex(&self, index: u32) -> Option<Vector<T, N>> {
        let _ = index;
        None
    }
}

impl<T: Scalar, const N: usize, S: Support<T, N> + ?Sized> Support<T, N> for &S {
    fn support(&self, dir: &Vector<T, N>) -> Vector<T, N> {
        (**self).support(dir)
    }
    fn centre_hint(&self) -> Option<Vector<T, N>> {
        (**self).centre_hint()
    }
    fn support_indexed(&self, dir: &Vector<T, N>) -> (Vector<T, N>, Option<u32>) {
        (**self).support_indexed(dir)
    }
    fn vertex(&self, index: u32) -> Option<Vector<T, N>> {
        (**self).vertex(index)
    }
}

impl<T: Scalar, const N: usize, S: Support<T, N> + ?Sized> Support<T, N> for Box<S> {
    fn support(&self, dir: &Vector<T, N>) -> Vector<T, N> {
        (**self).support(dir)
    }
    fn centre_hint(&self) -> Option<Vector<T, N>> {
        (**self).centre_hint()
    }
    fn support_indexed(&self, dir: &Vector<T, N>) -> (Vector<T, N>, Option<u32>) {
        (**self).support_indexed(dir)
    }
    fn vertex(&self, index: u32) -> Option<Vector<T, N>> {
        (**self).vertex(index)
    }
}

mod ball;
mod capsule;
mod climb;
mod cone;
mod cuboid;
mod cylinder;
mod hull;
pub(crate) mod hull_graph;
mod lanes;
mod minkowski;
mod polygon;
mod rounded;
mod search;
mod segment;
mod transformed;
mod triangle;
mod vertices;

pub(crate) use ball::unit;
pub use ball::Ball;
pub use capsule::Capsule;
pub use climb::{ClimbingHull, SupportPath, CLIMB_MARGIN_FACTOR, SEARCH_FIRST_POINTS};
pub use cone::Cone;
pub use cuboid::Cuboid;
pub use cylinder::Cylinder;
pub use hull::ConvexHull;
pub use minkowski::MinkowskiSum;
pub use polygon::ConvexPolygon;
pub use rounded::{Point, Round, Rounded};
pub use segment::Segment;
pub use transformed::Transformed;
pub use triangle::Triangle;
pub use vertices::extreme_points;
