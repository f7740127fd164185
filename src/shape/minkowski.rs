//! The Minkowski sum `A + B = { a + b : a ∈ A, b ∈ B }` of two shapes.
//!
//! For any direction `d`, `max_{a, b} (a + b) · d = max_a a · d + max_b b · d`
//! because `a` and `b` vary independently. So a support point of the sum is
//! the sum of support points:
//!
//! ```text
//! s_{A+B}(d) = s_A(d) + s_B(d).
//! ```
//!
//! (The Minkowski *difference* `A − B` that GJK works on is the same rule with
//! `s_B(−d)` subtracted; see [`crate::shape`].)
//!
//! **Ties** are those of the parts. When both parts are polytopes the
//! returned point is the sum of a vertex of `A` and a vertex of `B`: one of
//! finitely many points, the same for the same `d`, which is what exact GJK
//! needs to terminate. It is a vertex of `A + B` whenever `d` selects a single
//! point of `A + B`; when it selects a whole face it may be a point inside
//! that face (e.g. two segments along `d ⟂` both of them, each returning its
//! first endpoint).
//!
//! A box plus a ball is a box with rounded edges and corners, a segment plus
//! a ball is a capsule, and so on.

use crate::scalar::Scalar;
use crate::shape::Support;
use crate::vector::Vector;

/// The Minkowski sum of two shapes, by the sum of their support maps.
#[derive(Clone, Debug, PartialEq)]
pub struct MinkowskiSum<A, B> {
    a: A,
    b: B,
}

impl<A, B> MinkowskiSum<A, B> {
    /// The sum `a + b`. Nothing to validate: both shapes are valid already.
    pub fn new(a: A, b: B) -> Self {
        MinkowskiSum { a, b }
    }

    /// The first summand.
    pub fn a(&self) -> &A {
        &self.a
    }

    /// The second summand.
    pub fn b(&self) -> &B {
        &self.b
    }
}

impl<T: Scalar, const N: usize, A: Support<T, N>, B: Support<T, N>> Support<T, N>
    for MinkowskiSum<A, B>
{
    fn support(&self, dir: &Vector<T, N>) -> Vector<T, N> {
        self.a.support(dir) + self.b.support(dir)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::scalar::Rational;
    use crate::shape::{ConvexHull, Cuboid, Segment};
    use crate::test_util::q2 as v2;
    use crate::vector::dot;

    #[test]
    fn support_of_a_sum_maximises_over_all_vertex_sums() {
        let square = Cuboid::new(v2(0, 0), v2(2, 2)).unwrap();
        let tri = ConvexHull::new(vec![v2(0, 0), v2(3, 1), v2(1, 3)]).unwrap();
        let sum = MinkowskiSum::new(square, tri.clone());
        let square_corners = [v2(0, 0), v2(2, 0), v2(0, 2), v2(2, 2)];
        let all: Vec<Vector<Rational, 2>> = square_corners
            .iter()
            .flat_map(|p| tri.points().iter().map(move |q| p + q))
            .collect();
        assert_eq!(sum.support(&v2(1, 0)), v2(5, 1)); // (2, 0) + (3, 1); x-tie → min y
        assert_eq!(sum.support(&v2(1, 1)), v2(5, 3)); // (2, 2) + (3, 1): tie → first
        assert_eq!(sum.support(&v2(0, 0)), v2(0, 0));
        for x in -3..=3 {
            for y in -3..=3 {
                let dir = v2(x, y);
                let s = sum.support(&dir);
                assert!(all.contains(&s), "{s} is not a sum of vertices");
                let best = all.iter().map(|p| dot(p, &dir)).max().unwrap();
                assert_eq!(dot(&s, &dir), best, "direction {dir}");
            }
        }
    }

    #[test]
    fn ties_can_select_a_point_inside_a_face() {
        // [−1, 1] × {0} as (0,0)–(1,0) plus (0,0)–(−1,0): along (0, 1) both
        // parts tie and return their first endpoint, the middle of the face.
        let a = Segment::new(v2(0, 0), v2(1, 0)).unwrap();
        let b = Segment::new(v2(0, 0), v2(-1, 0)).unwrap();
        let sum = MinkowskiSum::new(&a, &b);
        assert_eq!(sum.support(&v2(0, 1)), v2(0, 0));
        assert_eq!(sum.support(&v2(1, 1)), v2(1, 0));
        assert_eq!(sum.support(&v2(-1, 0)), v2(-1, 0));
    }
}
