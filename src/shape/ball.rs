//! The closed ball `{ x : |x − c| ≤ r }` (a disc in 2D), for [`Real`] scalars.
//!
//! Write `x = c + y` with `|y| ≤ r`. By Cauchy–Schwarz
//! `x · d = c · d + y · d ≤ c · d + r |d|`, with equality exactly at
//! `y = r d / |d|` when `d ≠ 0`. Hence
//!
//! ```text
//! s(d) = c + r d / |d|   (d ≠ 0),
//! s(0) = c.
//! ```
//!
//! The maximiser is unique for `d ≠ 0` and `r > 0`, so there are no ties;
//! for `d = 0` every point is maximal and the centre is returned.
//!
//! **Overflow and underflow.** `|d|² = Σ dᵢ²` overflows for coordinates
//! beyond about `2⁵¹²` in `f64` (`2⁶⁴` in `f32`) and underflows to zero for
//! tiny ones, where the naive formula gives `∞/∞` or `0/0`. So `d` is first
//! divided by its largest coordinate magnitude `m = maxᵢ |dᵢ|`: the scaled
//! vector `u = d / m` has one coordinate `±1` and the others in `[−1, 1]`,
//! so `1 ≤ |u|² ≤ N`, and `u / |u| = d / |d|`. GJK never passes a
//! non-finite direction (it checks them); a NaN or infinite `d` gives some
//! point, possibly with NaN coordinates (which GJK reports as
//! [`Error::NonFiniteSupport`]), never a panic.

use crate::error::{Error, Which};
use crate::scalar::Real;
use crate::shape::{Point, Round, Support};
use crate::vector::Vector;

/// `d / |d|` computed without overflow or underflow (see the module docs);
/// `None` when `d = 0`.
pub(crate) fn unit<T: Real, const N: usize>(d: &Vector<T, N>) -> Option<Vector<T, N>> {
    let zero = T::zero();
    let mut m = zero;
    for x in d.iter() {
        let a = x.abs();
        if a > m {
            m = a;
        }
    }
    if m == zero {
        return None;
    }
    let u = d.map(|x| x / m);
    let n = u.iter().fold(zero, |s, &x| s + x * x).sqrt();
    Some(u.map(|x| x / n))
}

/// Checks a radius-like parameter: finite and not negative.
pub(crate) fn check_size<T: Real>(value: T, name: &str) -> Result<(), Error> {
    if !crate::scalar::Scalar::is_finite(&value) {
        return Err(Error::NonFinite {
            which: Which::Shape,
            what: name.into(),
        });
    }
    if value < T::zero() {
        return Err(Error::InvalidParameter {
            which: Which::Shape,
            what: format!("{name} is negative ({value})"),
        });
    }
    Ok(())
}

/// A closed ball (a disc in 2D, an interval in 1D).
#[derive(Clone, Debug, PartialEq)]
pub struct Ball<T: Real, const N: usize> {
    center: Point<T, N>,
    radius: T,
}

impl<T: Real, const N: usize> Ball<T, N> {
    /// The ball of `radius` around `center` (`radius = 0` is a point);
    ///
    /// Errors: [`Error::NonFinite`] (`what` = `"center"` or `"radius"`) and
    /// [`Error::InvalidParameter`] for a negative radius.
    pub fn new(center: Vector<T, N>, radius: T) -> Result<Self, Error> {
        let center = Point::new(center)?;
        check_size(radius, "radius")?;
        Ok(Ball { center, radius })
    }

    /// The centre.
    pub fn center(&self) -> &Vector<T, N> {
        self.center.at()
    }

    /// The radius.
    pub fn radius(&self) -> T {
        self.radius
    }
}

impl<T: Real, const N: usize> Support<T, N> for Ball<T, N> {
    fn support(&self, dir: &Vector<T, N>) -> Vector<T, N> {
        match unit(dir) {
            Some(u) => self.center() + u * self.radius,
            None => *self.center(),
        }
    }
    fn centre_hint(&self) -> Option<Vector<T, N>> {
        Some(*self.center())
    }
}

/// The ball as a core and a margin: its centre and its radius
/// ([`crate::round`](mod@crate::round) runs GJK on the centre).
impl<T: Real, const N: usize> Round<T, N> for Ball<T, N> {
    type Core = Point<T, N>;
    fn core(&self) -> &Point<T, N> {
        &self.center
    }
    fn radius(&self) -> T {
        self.radius
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_util::v3;
    use crate::test_util::Lcg;

    #[test]
    fn support_points_in_chosen_directions() {
        let b = Ball::new(v3(1.0, -2.0, 0.5), 2.0).unwrap();
        assert_eq!(b.support(&v3(1.0, 0.0, 0.0)), v3(3.0, -2.0, 0.5));
        assert_eq!(b.support(&v3(0.0, -5.0, 0.0)), v3(1.0, -4.0, 0.5));
        assert_eq!(b.support(&v3(0.0, 0.0, 0.0)), v3(1.0, -2.0, 0.5));
        let h = std::f64::consts::FRAC_1_SQRT_2 * 2.0;
        let s = b.support(&v3(1.0, 1.0, 0.0));
        assert!((s - v3(1.0 + h, -2.0 + h, 0.5)).norm() < 1e-15, "{s}");
        // Huge and tiny directions: |d|² overflows / underflows naively.
        let s = b.support(&v3(1e300, 1e300, 0.0));
        assert!((s - v3(1.0 + h, -2.0 + h, 0.5)).norm() < 1e-15, "{s}");
        let s = b.support(&v3(0.0, 0.0, -1e-310)); // subnormal
        assert_eq!(s, v3(1.0, -2.0, -1.5));
        // A point ball.
        let p = Ball::new(v3(1.0, 2.0, 3.0), 0.0).unwrap();
        assert_eq!(p.support(&v3(1.0, 1.0, 1.0)), v3(1.0, 2.0, 3.0));
    }

    #[test]
    fn support_is_on_the_sphere_and_maximal_over_samples() {
        let mut rng = Lcg(7);
        let b = Ball::new(v3(0.25, 3.0, -1.0), 1.5).unwrap();
        let samples: Vec<Vector<f64, 3>> = (0..500)
            .map(|_| b.center() + rng.in_ball::<3>() * b.radius())
            .collect();
        for _ in 0..200 {
            let d = rng.direction::<3>();
            let s = b.support(&d);
            assert!(((s - b.center()).norm() - 1.5).abs() < 1e-12, "{s}");
            let sd = s.dot(&d);
            let tol = 1e-12 * d.norm();
            for x in &samples {
                assert!(x.dot(&d) <= sd + tol, "{x} beats {s} along {d}");
            }
            // And the exact maximum c·d + r|d|.
            assert!((sd - (b.center().dot(&d) + 1.5 * d.norm())).abs() <= tol * 10.0);
        }
        // 2D and f32 too.
        let disc = Ball::new(Vector::<f32, 2>::new(1.0, 1.0), 1.0).unwrap();
        let s = disc.support(&Vector::<f32, 2>::new(3.0, 4.0));
        assert!((s - Vector::<f32, 2>::new(1.6, 1.8)).norm() < 1e-6);
    }

    #[test]
    fn bad_balls_are_rejected() {
        let c = v3(0.0, 0.0, 0.0);
        assert!(matches!(
            Ball::new(c, -1.0),
            Err(Error::InvalidParameter { which: Which::Shape, ref what }) if what.starts_with("radius")
        ));
        assert!(matches!(
            Ball::new(c, f64::NAN),
            Err(Error::NonFinite { which: Which::Shape, ref what }) if what == "radius"
        ));
        assert!(matches!(
            Ball::new(c, f64::INFINITY),
            Err(Error::NonFinite { which: Which::Shape, ref what }) if what == "radius"
        ));
        assert!(matches!(
            Ball::new(v3(f64::NAN, 0.0, 0.0), 1.0),
            Err(Error::NonFinite { which: Which::Shape, ref what }) if what == "center"
        ));
        assert!(Ball::new(c, -0.0).is_ok());
    }
}
