//! The line segment `[a, b] = { (1 − λ) a + λ b : 0 ≤ λ ≤ 1 }`.
//!
//! `x · d = (1 − λ)(a · d) + λ (b · d)` is affine in `λ`, so its maximum
//! over `[0, 1]` is at an end:
//!
//! ```text
//! s(d) = b  if b · d > a · d,
//!        a  otherwise.
//! ```
//!
//! **Ties** (`b · d = a · d`, which includes `d = 0` and `d ⟂ b − a`) go to
//! `a`: the support point is always an endpoint, and the same `d` always
//! gives the same one. Only `+`, `×` and a comparison are used: exact for
//! rationals. In floats the two dot products are the hull's guarded search
//! (`first_max` of `search.rs`, the hull's search): a product that
//! overflows does not hide the maximising end.

use crate::error::Error;
use crate::scalar::Scalar;
use crate::shape::search::first_max;
use crate::shape::{require_finite, Support};
use crate::tolerance::max_coordinate;
use crate::vector::{is_finite, Vector};

/// A line segment (a point when both ends coincide).
#[derive(Clone, Debug, PartialEq)]
pub struct Segment<T: Scalar, const N: usize> {
    /// `[a, b]`.
    ends: [Vector<T, N>; 2],
    /// Float scalars: the largest coordinate magnitude, which tells the
    /// support search when a dot product cannot overflow.
    max_abs: Option<f64>,
}

impl<T: Scalar, const N: usize> Segment<T, N> {
    /// The segment from `a` to `b`.
    ///
    /// Errors: [`Error::NonFinite`] (`what` = `"endpoint a"` or
    /// `"endpoint b"`) for a NaN or infinite coordinate.
    pub fn new(a: Vector<T, N>, b: Vector<T, N>) -> Result<Self, Error> {
        require_finite(&a, "endpoint a")?;
        require_finite(&b, "endpoint b")?;
        let ends = [a, b];
        let max_abs = (!T::EXACT).then(|| max_coordinate(&ends));
        Ok(Segment { ends, max_abs })
    }

    /// The first endpoint (chosen on ties).
    pub fn a(&self) -> &Vector<T, N> {
        &self.ends[0]
    }

    /// The second endpoint.
    pub fn b(&self) -> &Vector<T, N> {
        &self.ends[1]
    }
}

impl<T: Scalar, const N: usize> Support<T, N> for Segment<T, N> {
    fn support(&self, dir: &Vector<T, N>) -> Vector<T, N> {
        // `b` only if `b · d > a · d`: ties go to `a`.
        self.ends[first_max(&self.ends, dir, self.max_abs).unwrap_or(0)].clone()
    }

    /// The midpoint `(a + b)/2`; where `a + b` overflows, `a/2 + b/2`.
    fn centre_hint(&self) -> Option<Vector<T, N>> {
        let half = T::pow2(-1);
        let sum = self.a() + self.b();
        if is_finite(&sum) {
            Some(sum * half)
        } else {
            Some(self.a() * half.clone() + self.b() * half)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::Which;
    use crate::test_util::q2 as v2;
    use crate::vector::dot;

    #[test]
    fn support_is_the_far_endpoint_with_a_on_ties() {
        let s = Segment::new(v2(0, 0), v2(2, 1)).unwrap();
        for (d, want) in [
            ((1, 0), v2(2, 1)),
            ((-1, 0), v2(0, 0)),
            ((0, 1), v2(2, 1)),
            ((1, -2), v2(0, 0)), // perpendicular: a tie
            ((-1, 2), v2(0, 0)), // the other perpendicular
            ((0, 0), v2(0, 0)),
        ] {
            let dir = v2(d.0, d.1);
            let got = s.support(&dir);
            assert_eq!(got, want, "direction {d:?}");
            // Brute force over the two vertices.
            let best = std::cmp::max(dot(s.a(), &dir), dot(s.b(), &dir));
            assert_eq!(dot(&got, &dir), best);
        }
    }

    #[test]
    fn bad_endpoints_are_rejected() {
        let ok = Vector::<f32, 3>::zeros();
        let nan = Vector::<f32, 3>::new(0.0, 0.0, f32::NAN);
        assert!(matches!(
            Segment::new(nan, ok),
            Err(Error::NonFinite { which: Which::Shape, ref what }) if what == "endpoint a"
        ));
        assert!(matches!(
            Segment::new(ok, Vector::<f32, 3>::new(f32::INFINITY, 0.0, 0.0)),
            Err(Error::NonFinite { which: Which::Shape, ref what }) if what == "endpoint b"
        ));
    }

    /// Before the guard, `b · d` was computed as `∞ − ∞ = NaN` here, the
    /// comparison `NaN > a · d` failed, and the support map returned `a`,
    /// whose true dot product is `−2⁵⁰⁰` against `b`'s `+2¹⁰⁶⁰`: a wrong
    /// support point for finite input, so a wrong verdict. Every coordinate
    /// and the direction are finite doubles.
    #[test]
    fn an_overflowing_dot_product_does_not_hide_the_far_end() {
        let p = |x: f64, y: f64| Vector::<f64, 2>::new(x, y);
        let (big, gap) = (2f64.powi(600), 2f64.powi(560));
        let s = Segment::new(p(0.0, -1.0), p(big, -big + gap)).unwrap();
        let d = p(2f64.powi(500), 2f64.powi(500));
        assert!(dot(s.b(), &d).is_nan(), "the plain product overflows");
        assert_eq!(s.support(&d), *s.b());
        // Away from overflow nothing changes: ties still go to `a`.
        assert_eq!(s.support(&p(0.0, 0.0)), *s.a());
        assert_eq!(s.support(&p(-1.0, -1.0)), *s.a());
    }
}
