//! The triangle `conv{a, b, c}`, in any dimension.
//!
//! A linear function attains its maximum over a convex hull at one of the
//! generating points, so `s(d) = argmax_{p ∈ (a, b, c)} p · d`.
//!
//! **Ties** go to the first of `a`, `b`, `c` (a later point replaces the
//! current best only when its dot product is strictly larger), so `d = 0`
//! gives `a` and the same `d` always gives the same corner.
//!
//! Degenerate triangles (collinear or repeated corners) are allowed: the
//! shape is the hull of the three points whatever they are, a segment or a
//! point in those cases.

use crate::error::{Error, Which};
use crate::scalar::Scalar;
use crate::shape::search::first_max;
use crate::shape::Support;
use crate::vector::{is_finite, Vector};

/// A (possibly degenerate) triangle.
#[derive(Clone, Debug, PartialEq)]
pub struct Triangle<T: Scalar, const N: usize> {
    corners: [Vector<T, N>; 3],
}

impl<T: Scalar, const N: usize> Triangle<T, N> {
    /// The triangle with corners `a`, `b`, `c`.
    ///
    /// Errors: [`Error::NonFinite`] (`what` = `"corner 0"`, `"corner 1"` or
    /// `"corner 2"`) for a NaN or infinite coordinate.
    pub fn new(a: Vector<T, N>, b: Vector<T, N>, c: Vector<T, N>) -> Result<Self, Error> {
        let corners = [a, b, c];
        if let Some(i) = corners.iter().position(|p| !is_finite(p)) {
            return Err(Error::NonFinite {
                which: Which::Shape,
                what: format!("corner {i}"),
            });
        }
        Ok(Triangle { corners })
    }

    /// The corners `[a, b, c]`.
    pub fn corners(&self) -> &[Vector<T, N>; 3] {
        &self.corners
    }
}

impl<T: Scalar, const N: usize> Support<T, N> for Triangle<T, N> {
    fn support(&self, dir: &Vector<T, N>) -> Vector<T, N> {
        // Three corners: `first_max` always finds one.
        self.corners[first_max(&self.corners, dir, None).unwrap_or(0)].clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scalar::Rational;
    use crate::test_util::q3 as v3;
    use crate::vector::dot;

    fn check(t: &Triangle<Rational, 3>) {
        for x in -2..=2 {
            for y in -2..=2 {
                for z in -2..=2 {
                    let dir = v3(x, y, z);
                    let s = t.support(&dir);
                    let dots: Vec<Rational> = t.corners().iter().map(|p| dot(p, &dir)).collect();
                    let best = dots.iter().max().unwrap().clone();
                    assert_eq!(dot(&s, &dir), best, "direction {dir}");
                    // The tie rule: the first maximising corner.
                    let first = dots.iter().position(|d| *d == best).unwrap();
                    assert_eq!(s, t.corners()[first], "direction {dir}");
                }
            }
        }
    }

    #[test]
    fn support_is_the_first_maximising_corner() {
        let t = Triangle::new(v3(0, 0, 0), v3(2, 0, 0), v3(0, 3, 1)).unwrap();
        assert_eq!(t.support(&v3(1, 0, 0)), v3(2, 0, 0));
        assert_eq!(t.support(&v3(0, 1, 0)), v3(0, 3, 1));
        assert_eq!(t.support(&v3(-1, -1, 0)), v3(0, 0, 0));
        // 2·1 = 0·1 + 3·0 + 1·2: a tie between b and c goes to b.
        assert_eq!(t.support(&v3(1, 0, 2)), v3(2, 0, 0));
        assert_eq!(t.support(&v3(0, 0, 0)), v3(0, 0, 0));
        check(&t);
    }

    #[test]
    fn degenerate_triangles_are_their_hulls() {
        let collinear = Triangle::new(v3(0, 0, 0), v3(2, 2, 2), v3(1, 1, 1)).unwrap();
        assert_eq!(collinear.support(&v3(1, 0, 0)), v3(2, 2, 2));
        assert_eq!(collinear.support(&v3(-1, 0, 0)), v3(0, 0, 0));
        check(&collinear);
        let repeated = Triangle::new(v3(1, 2, 3), v3(1, 2, 3), v3(1, 2, 3)).unwrap();
        assert_eq!(repeated.support(&v3(5, -1, 2)), v3(1, 2, 3));
        check(&repeated);
    }

    #[test]
    fn bad_corners_are_rejected() {
        let ok = Vector::<f64, 2>::zeros();
        let bad = Vector::<f64, 2>::new(f64::NAN, 0.0);
        assert!(matches!(
            Triangle::new(ok, ok, bad),
            Err(Error::NonFinite { which: Which::Shape, ref what }) if what == "corner 2"
        ));
    }
}
