//! The solid cylinder `{ (x, y, z) : x² + y² ≤ r², |z| ≤ h }` in 3D, for
//! [`Real`] scalars: centred at the origin, axis along `z`, half height `h`.
//! Place it with [`crate::shape::Transformed`].
//!
//! The cylinder is the product of the disc of radius `r` in the `xy`-plane
//! and the interval `[−h, h]` on the `z` axis, and
//! `x · d = (x, y) · (d_x, d_y) + z d_z` splits the same way, so each factor
//! is maximised on its own: the disc by `r (d_x, d_y) / |(d_x, d_y)|` (see
//! [`crate::shape::Ball`]), the interval by `h` if `d_z > 0` and `−h` if
//! `d_z < 0`:
//!
//! ```text
//! s(d) = ( r (d_x, d_y) / |(d_x, d_y)| ,  +h if d_z > 0 else −h ).
//! ```
//!
//! **Ties.** When `(d_x, d_y) = 0` every point of the disc is maximal and the
//! radial part is `0` (the centre of a cap). When `d_z = 0` both caps are
//! maximal and the **bottom** `−h` is chosen (as [`crate::shape::Cuboid`]
//! chooses `min` on a zero coordinate). So `d = 0` gives `(0, 0, −h)`.

use crate::error::Error;
use crate::scalar::Real;
use crate::shape::ball::{check_size, unit};
use crate::shape::Support;
use crate::vector::Vector;

/// The radial part `r (d_x, d_y) / |(d_x, d_y)|`, or `(0, 0)`.
pub(crate) fn rim<T: Real>(radius: T, dx: T, dy: T) -> (T, T) {
    match unit(&Vector::<T, 2>::new(dx, dy)) {
        Some(u) => (u[0] * radius, u[1] * radius),
        None => (T::zero(), T::zero()),
    }
}

/// A solid circular cylinder around the `z` axis, centred at the origin.
#[derive(Clone, Debug, PartialEq)]
pub struct Cylinder<T: Real> {
    half_height: T,
    radius: T,
}

impl<T: Real> Cylinder<T> {
    /// The cylinder `x² + y² ≤ radius², |z| ≤ half_height` (zero sizes give
    /// a disc, a segment or a point).
    ///
    /// Errors: [`Error::NonFinite`] (`what` = `"half height"` or `"radius"`)
    /// and [`Error::InvalidParameter`] for a negative size.
    pub fn new(half_height: T, radius: T) -> Result<Self, Error> {
        check_size(half_height, "half height")?;
        check_size(radius, "radius")?;
        Ok(Cylinder {
            half_height,
            radius,
        })
    }

    /// The half height `h` (the caps are at `z = ±h`).
    pub fn half_height(&self) -> T {
        self.half_height
    }

    /// The radius.
    pub fn radius(&self) -> T {
        self.radius
    }
}

impl<T: Real> Support<T, 3> for Cylinder<T> {
    fn support(&self, dir: &Vector<T, 3>) -> Vector<T, 3> {
        let (x, y) = rim(self.radius, dir[0], dir[1]);
        let z = if dir[2] > T::zero() {
            self.half_height
        } else {
            -self.half_height
        };
        Vector::<T, 3>::new(x, y, z)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::Which;
    use crate::test_util::v3;
    use crate::test_util::Lcg;

    #[test]
    fn support_points_in_chosen_directions() {
        let c = Cylinder::new(1.5, 2.0).unwrap();
        assert_eq!(c.support(&v3(1.0, 0.0, 1.0)), v3(2.0, 0.0, 1.5));
        assert_eq!(c.support(&v3(0.0, -3.0, -1.0)), v3(0.0, -2.0, -1.5));
        assert_eq!(c.support(&v3(0.0, 0.0, 1.0)), v3(0.0, 0.0, 1.5));
        assert_eq!(c.support(&v3(0.0, 0.0, -1.0)), v3(0.0, 0.0, -1.5));
        // d_z = 0: the bottom cap.
        assert_eq!(c.support(&v3(-1.0, 0.0, 0.0)), v3(-2.0, 0.0, -1.5));
        assert_eq!(c.support(&v3(0.0, 0.0, 0.0)), v3(0.0, 0.0, -1.5));
        let s = c.support(&v3(3.0, 4.0, 1e-300));
        assert!((s - v3(1.2, 1.6, 1.5)).norm() < 1e-15, "{s}");
        // A radial part whose square overflows.
        let s = c.support(&v3(-3e300, 4e300, -1.0));
        assert!((s - v3(-1.2, 1.6, -1.5)).norm() < 1e-15, "{s}");
    }

    #[test]
    fn support_is_on_the_rim_and_maximal_over_samples() {
        let mut rng = Lcg(3);
        let (h, r) = (0.75, 1.25);
        let c = Cylinder::new(h, r).unwrap();
        let samples: Vec<Vector<f64, 3>> = (0..500)
            .map(|_| {
                let p = rng.in_ball::<2>() * r;
                v3(p[0], p[1], rng.range(-h, h))
            })
            .collect();
        for _ in 0..200 {
            let d = rng.direction::<3>();
            let s = c.support(&d);
            assert!(
                ((s[0] * s[0] + s[1] * s[1]).sqrt() - r).abs() < 1e-12,
                "{s}"
            );
            assert_eq!(s[2].abs(), h);
            let sd = s.dot(&d);
            let tol = 1e-12 * d.norm();
            for x in &samples {
                assert!(x.dot(&d) <= sd + tol, "{x} beats {s} along {d}");
            }
            let exact = r * (d[0] * d[0] + d[1] * d[1]).sqrt() + h * d[2].abs();
            assert!((sd - exact).abs() <= tol * 10.0);
        }
    }

    #[test]
    fn bad_cylinders_are_rejected() {
        assert!(matches!(
            Cylinder::new(-1.0, 1.0),
            Err(Error::InvalidParameter { which: Which::Shape, ref what }) if what.starts_with("half height")
        ));
        assert!(matches!(
            Cylinder::new(1.0, -1.0),
            Err(Error::InvalidParameter { which: Which::Shape, ref what }) if what.starts_with("radius")
        ));
        assert!(matches!(
            Cylinder::new(f64::NAN, 1.0),
            Err(Error::NonFinite { which: Which::Shape, ref what }) if what == "half height"
        ));
        assert!(matches!(
            Cylinder::new(1.0f32, f32::INFINITY),
            Err(Error::NonFinite { which: Which::Shape, ref what }) if what == "radius"
        ));
        assert!(Cylinder::new(0.0, 0.0).is_ok());
    }
}
