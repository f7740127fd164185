//! The solid circular cone in 3D, for [`Real`] scalars: apex `(0, 0, h)`,
//! base the disc of radius `r` in the plane `z = −h` centred on the `z` axis
//! (so its height is `2h` and its bounding box is centred at the origin).
//! Place it with [`crate::shape::Transformed`].
//!
//! The cone is the convex hull of the apex and the base disc, so the maximum
//! of `x · d` over it is the larger of the apex's value `h d_z` and the
//! disc's maximum. The disc is maximised at its rim point
//! `q = (r (d_x, d_y) / |(d_x, d_y)|, −h)` (see [`crate::shape::Cylinder`]),
//! with value `r |(d_x, d_y)| − h d_z`:
//!
//! ```text
//! s(d) = apex  if apex · d ≥ q · d,
//!        q     otherwise.
//! ```
//!
//! **Ties.** When `apex · d = q · d` (`d` is normal to a slanted side,
//! `2h d_z = r |(d_x, d_y)|`, or `d = 0`) the **apex** is chosen. When
//! `(d_x, d_y) = 0` the rim point is the centre of the base `(0, 0, −h)`.
//! The comparison is made on `d` divided by its largest coordinate
//! magnitude (a positive factor, which changes no comparison) so that it
//! cannot overflow.

use crate::error::Error;
use crate::scalar::Real;
use crate::shape::ball::check_size;
use crate::shape::cylinder::rim;
use crate::shape::Support;
use crate::vector::Vector;

/// A solid circular cone around the `z` axis, apex up.
#[derive(Clone, Debug, PartialEq)]
pub struct Cone<T: Real> {
    half_height: T,
    radius: T,
}

impl<T: Real> Cone<T> {
    /// The cone with apex `(0, 0, half_height)` over the disc of `radius` at
    /// `z = −half_height`.
    ///
    /// Errors: [`Error::NonFinite`] (`what` = `"half height"` or `"radius"`)
    /// and [`Error::InvalidParameter`] for a negative size.
    pub fn new(half_height: T, radius: T) -> Result<Self, Error> {
        check_size(half_height, "half height")?;
        check_size(radius, "radius")?;
        Ok(Cone {
            half_height,
            radius,
        })
    }

    /// The half height `h` (apex at `z = h`, base at `z = −h`).
    pub fn half_height(&self) -> T {
        self.half_height
    }

    /// The radius of the base.
    pub fn radius(&self) -> T {
        self.radius
    }
}

impl<T: Real> Support<T, 3> for Cone<T> {
    fn support(&self, dir: &Vector<T, 3>) -> Vector<T, 3> {
        let zero = T::zero();
        let h = self.half_height;
        let apex = Vector::<T, 3>::new(zero, zero, h);
        let m = dir
            .iter()
            .fold(zero, |m, x| if x.abs() > m { x.abs() } else { m });
        if m == zero {
            // d = 0 (m only grows on a larger |dᵢ|, so it is never NaN): the apex,
            // by the tie rule.
            return apex;
        }
        let u = dir.map(|x| x / m);
        let (x, y) = rim(self.radius, u[0], u[1]);
        let q = Vector::<T, 3>::new(x, y, -h);
        let apex_dot = h * u[2];
        let q_dot = x * u[0] + y * u[1] - h * u[2];
        if apex_dot >= q_dot {
            apex
        } else {
            q
        }
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
        let c = Cone::new(1.0, 2.0).unwrap();
        assert_eq!(c.support(&v3(0.0, 0.0, 1.0)), v3(0.0, 0.0, 1.0));
        assert_eq!(c.support(&v3(0.0, 0.0, -1.0)), v3(0.0, 0.0, -1.0));
        assert_eq!(c.support(&v3(1.0, 0.0, 0.0)), v3(2.0, 0.0, -1.0));
        assert_eq!(c.support(&v3(0.0, -1.0, 0.5)), v3(0.0, -2.0, -1.0));
        assert_eq!(c.support(&v3(0.0, 0.0, 0.0)), v3(0.0, 0.0, 1.0));
        // Normal to the slanted side: 2h d_z = r |(d_x, d_y)|, both equal 2: a tie → apex.
        assert_eq!(c.support(&v3(1.0, 0.0, 1.0)), v3(0.0, 0.0, 1.0));
        // Just either side of the tie.
        assert_eq!(c.support(&v3(1.0, 0.0, 0.999)), v3(2.0, 0.0, -1.0));
        assert_eq!(c.support(&v3(1.0, 0.0, 1.001)), v3(0.0, 0.0, 1.0));
        // Huge directions do not overflow.
        assert_eq!(c.support(&v3(1e300, 0.0, 0.5e300)), v3(2.0, 0.0, -1.0));
    }

    #[test]
    fn support_is_extreme_and_maximal_over_samples() {
        let mut rng = Lcg(5);
        let (h, r) = (1.25, 0.5);
        let c = Cone::new(h, r).unwrap();
        let samples: Vec<Vector<f64, 3>> = (0..1000)
            .map(|_| {
                let t = rng.unit(); // 0 at the base, 1 at the apex
                let p = rng.in_ball::<2>() * (r * (1.0 - t));
                v3(p[0], p[1], -h + 2.0 * h * t)
            })
            .collect();
        for _ in 0..300 {
            let d = rng.direction::<3>();
            let s = c.support(&d);
            // The apex, or a point of the base rim.
            let on_rim = ((s[0] * s[0] + s[1] * s[1]).sqrt() - r).abs() < 1e-12 && s[2] == -h;
            assert!(s == v3(0.0, 0.0, h) || on_rim, "{s}");
            let sd = s.dot(&d);
            let tol = 1e-12 * d.norm();
            for x in &samples {
                assert!(x.dot(&d) <= sd + tol, "{x} beats {s} along {d}");
            }
            let exact = (h * d[2]).max(r * (d[0] * d[0] + d[1] * d[1]).sqrt() - h * d[2]);
            assert!((sd - exact).abs() <= tol * 10.0);
        }
    }

    #[test]
    fn bad_cones_are_rejected() {
        assert!(matches!(
            Cone::new(-0.5, 1.0),
            Err(Error::InvalidParameter { which: Which::Shape, ref what }) if what.starts_with("half height")
        ));
        assert!(matches!(
            Cone::new(1.0, -2.0),
            Err(Error::InvalidParameter { which: Which::Shape, ref what }) if what.starts_with("radius")
        ));
        assert!(matches!(
            Cone::new(f64::INFINITY, 1.0),
            Err(Error::NonFinite { which: Which::Shape, ref what }) if what == "half height"
        ));
        assert!(matches!(
            Cone::new(1.0, f64::NAN),
            Err(Error::NonFinite { which: Which::Shape, ref what }) if what == "radius"
        ));
    }
}
