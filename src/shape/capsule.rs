//! The capsule: the points within distance `r` of the segment `[a, b]`, for
//! [`Real`] scalars.
//!
//! It is the Minkowski sum of the segment and the ball of radius `r` around
//! the origin, so its support point is the sum of theirs (see
//! [`crate::shape::MinkowskiSum`]):
//!
//! ```text
//! s(d) = s_seg(d) + r d / |d|     (s(0) = a),
//! s_seg(d) = b if b · d > a · d, else a.
//! ```
//!
//! **Ties** are the segment's: when `d ⟂ b − a` (and for `d = 0`) the
//! hemisphere around `a` is used. `d / |d|` is computed as in
//! [`crate::shape::Ball`], without overflow or underflow.

use crate::error::Error;
use crate::scalar::Real;
use crate::shape::ball::{check_size, unit};
use crate::shape::{Round, Segment, Support};
use crate::vector::Vector;

/// A segment thickened by a radius.
#[derive(Clone, Debug, PartialEq)]
pub struct Capsule<T: Real, const N: usize> {
    segment: Segment<T, N>,
    radius: T,
}

impl<T: Real, const N: usize> Capsule<T, N> {
    /// The capsule around the segment `a`–`b` with `radius` (`radius = 0` is
    /// the segment itself).
    ///
    /// Errors: [`Error::NonFinite`] (`what` = `"endpoint a"`, `"endpoint b"`
    /// or `"radius"`) and [`Error::InvalidParameter`] for a negative radius.
    pub fn new(a: Vector<T, N>, b: Vector<T, N>, radius: T) -> Result<Self, Error> {
        let segment = Segment::new(a, b)?;
        check_size(radius, "radius")?;
        Ok(Capsule { segment, radius })
    }

    /// The core segment.
    pub fn segment(&self) -> &Segment<T, N> {
        &self.segment
    }

    /// The radius.
    pub fn radius(&self) -> T {
        self.radius
    }
}

impl<T: Real, const N: usize> Support<T, N> for Capsule<T, N> {
    fn support(&self, dir: &Vector<T, N>) -> Vector<T, N> {
        let s = self.segment.support(dir);
        match unit(dir) {
            Some(u) => s + u * self.radius,
            None => s,
        }
    }
    fn centre_hint(&self) -> Option<Vector<T, N>> {
        self.segment.centre_hint()
    }
}

/// The capsule as a core and a margin: its segment and its radius
/// ([`crate::round`](mod@crate::round) runs GJK on the segment).
impl<T: Real, const N: usize> Round<T, N> for Capsule<T, N> {
    type Core = Segment<T, N>;
    fn core(&self) -> &Segment<T, N> {
        &self.segment
    }
    fn radius(&self) -> T {
        self.radius
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::Which;
    use crate::test_util::v3;
    use crate::test_util::Lcg;

    /// The distance from `p` to the segment `[a, b]`.
    fn dist_to_segment(p: &Vector<f64, 3>, a: &Vector<f64, 3>, b: &Vector<f64, 3>) -> f64 {
        let ab = b - a;
        let t = ((p - a).dot(&ab) / ab.norm_squared()).clamp(0.0, 1.0);
        (p - (a + ab * t)).norm()
    }

    #[test]
    fn support_points_in_chosen_directions() {
        let c = Capsule::new(v3(0.0, 0.0, 0.0), v3(2.0, 0.0, 0.0), 1.0).unwrap();
        assert_eq!(c.support(&v3(1.0, 0.0, 0.0)), v3(3.0, 0.0, 0.0));
        assert_eq!(c.support(&v3(-1.0, 0.0, 0.0)), v3(-1.0, 0.0, 0.0));
        // Perpendicular to the axis: a tie of the segment, resolved to a.
        assert_eq!(c.support(&v3(0.0, 1.0, 0.0)), v3(0.0, 1.0, 0.0));
        assert_eq!(c.support(&v3(0.0, 0.0, -3.0)), v3(0.0, 0.0, -1.0));
        assert_eq!(c.support(&v3(0.0, 0.0, 0.0)), v3(0.0, 0.0, 0.0));
        let s = c.support(&v3(1.0, 1.0, 0.0));
        let h = std::f64::consts::FRAC_1_SQRT_2;
        assert!((s - v3(2.0 + h, h, 0.0)).norm() < 1e-15, "{s}");
    }

    #[test]
    fn support_is_on_the_surface_and_maximal_over_samples() {
        let mut rng = Lcg(11);
        let (a, b) = (v3(1.0, -1.0, 0.5), v3(-2.0, 3.0, 1.0));
        let c = Capsule::new(a, b, 0.75).unwrap();
        let samples: Vec<Vector<f64, 3>> = (0..500)
            .map(|_| a + (b - a) * rng.unit() + rng.in_ball::<3>() * 0.75)
            .collect();
        for _ in 0..200 {
            let d = rng.direction::<3>();
            let s = c.support(&d);
            assert!((dist_to_segment(&s, &a, &b) - 0.75).abs() < 1e-12, "{s}");
            let sd = s.dot(&d);
            let tol = 1e-12 * d.norm();
            for x in &samples {
                assert!(x.dot(&d) <= sd + tol, "{x} beats {s} along {d}");
            }
            let exact = a.dot(&d).max(b.dot(&d)) + 0.75 * d.norm();
            assert!((sd - exact).abs() <= tol * 10.0);
        }
    }

    #[test]
    fn bad_capsules_are_rejected() {
        let o = v3(0.0, 0.0, 0.0);
        assert!(matches!(
            Capsule::new(o, o, -0.5),
            Err(Error::InvalidParameter { which: Which::Shape, ref what }) if what.starts_with("radius")
        ));
        assert!(matches!(
            Capsule::new(o, o, f64::NAN),
            Err(Error::NonFinite { which: Which::Shape, ref what }) if what == "radius"
        ));
        assert!(matches!(
            Capsule::new(o, v3(0.0, f64::INFINITY, 0.0), 1.0),
            Err(Error::NonFinite { which: Which::Shape, ref what }) if what == "endpoint b"
        ));
    }
}
