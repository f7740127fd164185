//! A convex polygon given by its vertices.
//!
//! The shape is **the convex hull of the given vertices**: the support map of
//! a polygon is the same as that of its vertex set (a linear function attains
//! its maximum over a hull at a generating point), so convexity, planarity
//! and vertex order are neither needed nor checked. Non-convex input means
//! the hull of that input; points of any dimension `N` are accepted (a
//! non-planar "polygon" in 3D is the hull of its vertices, a polytope).
//!
//! `s(d) = argmax_i vᵢ · d`, computed as in [`crate::shape::ConvexHull`],
//! whose tie rule it keeps: **ties go to the vertex listed first**, so the
//! same `d` always gives the same vertex and `d = 0` gives the first one.

use crate::error::Error;
use crate::scalar::Scalar;
use crate::shape::{ConvexHull, Support};
use crate::vector::Vector;

/// The convex hull of a non-empty list of polygon vertices.
#[derive(Clone, Debug, PartialEq)]
pub struct ConvexPolygon<T: Scalar, const N: usize> {
    hull: ConvexHull<T, N>,
}

impl<T: Scalar, const N: usize> ConvexPolygon<T, N> {
    /// The polygon with these vertices.
    ///
    /// Errors: [`Error::EmptyPointSet`], and [`Error::NonFinite`] naming the
    /// first vertex with a NaN or infinite coordinate (`what` =
    /// `"point i"`, as for [`ConvexHull::new`]).
    pub fn new(vertices: Vec<Vector<T, N>>) -> Result<Self, Error> {
        Ok(ConvexPolygon {
            hull: ConvexHull::new(vertices)?,
        })
    }

    /// The vertices, as given.
    pub fn vertices(&self) -> &[Vector<T, N>] {
        self.hull.points()
    }
}

impl<T: Scalar, const N: usize> Support<T, N> for ConvexPolygon<T, N> {
    fn support(&self, dir: &Vector<T, N>) -> Vector<T, N> {
        self.hull.support(dir)
    }
    fn support_indexed(&self, dir: &Vector<T, N>) -> (Vector<T, N>, Option<u32>) {
        self.hull.support_indexed(dir)
    }
    fn vertex(&self, index: u32) -> Option<Vector<T, N>> {
        self.hull.vertex(index)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::Which;
    use crate::scalar::{integer, ratio, Rational};
    use crate::test_util::q2 as v2;
    use crate::vector::dot;

    #[test]
    fn support_is_the_first_maximising_vertex() {
        // A hexagon, counter-clockwise.
        let vs = vec![
            v2(2, 0),
            v2(1, 2),
            v2(-1, 2),
            v2(-2, 0),
            v2(-1, -2),
            v2(1, -2),
        ];
        let p = ConvexPolygon::new(vs.clone()).unwrap();
        assert_eq!(p.support(&v2(1, 0)), v2(2, 0));
        assert_eq!(p.support(&v2(0, 1)), v2(1, 2)); // tie with (−1, 2): first wins
        assert_eq!(p.support(&v2(0, -1)), v2(-1, -2)); // tie with (1, −2)
        assert_eq!(p.support(&v2(0, 0)), v2(2, 0));
        for x in -3..=3 {
            for y in -3..=3 {
                let dir = Vector::<Rational, 2>::new(ratio(x, 2).unwrap(), integer(y));
                let s = p.support(&dir);
                let dots: Vec<Rational> = vs.iter().map(|v| dot(v, &dir)).collect();
                let best = dots.iter().max().unwrap().clone();
                let first = dots.iter().position(|d| *d == best).unwrap();
                assert_eq!(s, vs[first], "direction {dir}");
            }
        }
    }

    #[test]
    fn non_convex_input_is_its_hull() {
        // A dented square: the dent (2, 1) is inside the hull and never supports.
        let p = ConvexPolygon::new(vec![v2(0, 0), v2(4, 0), v2(2, 1), v2(4, 4), v2(0, 4)]).unwrap();
        for (x, y) in [(1, 0), (1, 1), (0, -1), (3, -1), (1, -4)] {
            assert_ne!(p.support(&v2(x, y)), v2(2, 1));
        }
    }

    #[test]
    fn bad_vertex_lists_are_rejected() {
        assert_eq!(
            ConvexPolygon::<f64, 2>::new(vec![]),
            Err(Error::EmptyPointSet {
                which: Which::Shape
            })
        );
        assert!(matches!(
            ConvexPolygon::new(
                vec![
                    Vector::<f64, 2>::zeros(),
                    Vector::<f64, 2>::new(1.0, f64::INFINITY)
                ]),
            Err(Error::NonFinite { which: Which::Shape, ref what }) if what == "point 1"
        ));
    }
}
