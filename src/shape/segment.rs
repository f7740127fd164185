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
//! rationals.

use crate::error::Error;
use crate::scalar::Scalar;
use crate::shape::{require_finite, Support};
use crate::vector::{dot, Vector};

/// A line segment (a point when both ends coincide).
#[derive(Clone, Debug, PartialEq)]
pub struct Segment<T: Scalar, const N: usize> {
    a: Vector<T, N>,
    b: Vector<T, N>,
}

impl<T: Scalar, const N: usize> Segment<T, N> {
    /// The segment from `a` to `b`.
    ///
    /// Errors: [`Error::NonFinite`] (`what` = `"endpoint a"` or
    /// `"endpoint b"`) for a NaN or infinite coordinate.
    pub fn new(a: Vector<T, N>, b: Vector<T, N>) -> Result<Self, Error> {
        require_finite(&a, "endpoint a")?;
        require_finite(&b, "endpoint b")?;
        Ok(Segment { a, b })
    }

    /// The first endpoint (chosen on ties).
    pub fn a(&self) -> &Vector<T, N> {
        &self.a
    }

    /// The second endpoint.
    pub fn b(&self) -> &Vector<T, N> {
        &self.b
    }
}

impl<T: Scalar, const N: usize> Support<T, N> for Segment<T, N> {
    fn support(&self, dir: &Vector<T, N>) -> Vector<T, N> {
        if dot(&self.b, dir) > dot(&self.a, dir) {
            self.b.clone()
        } else {
            self.a.clone()
        }
    }

    /// The midpoint.
    fn centre_hint(&self) -> Option<Vector<T, N>> {
        Some((&self.a + &self.b) * T::pow2(-1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::Which;
    use crate::test_util::q2 as v2;

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
}
