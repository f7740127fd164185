//! Round shapes as a **core plus a margin**: `A = C ⊕ B(0, r)`, the points
//! within distance `r ≥ 0` of a convex core `C`.
//!
//! A ball is a point thickened by its radius, a capsule a segment, and a
//! rounded hull (`Rounded<ConvexHull>`) a polytope. Their support map is
//! the core's plus `r d / |d|` (the sum rule of [`crate::shape::MinkowskiSum`]
//! with the ball's map, [`crate::shape::Ball`]), and GJK can run on it, but
//! it then converges on a curved surface, only in the limit: 20–60
//! iterations near contact. The [`Round`] trait instead exposes the core and
//! the radius, so that [`crate::round`](mod@crate::round) runs GJK on the
//! cores (finitely many support points when they are polytopes) and applies
//! the radii afterwards, as parry, Bullet and Jolt do:
//!
//! ```text
//! dist(C_A ⊕ B(r_A), C_B ⊕ B(r_B)) = max(0, dist(C_A, C_B) − (r_A + r_B)).
//! ```
//!
//! (For `x ∈ A`, `y ∈ B` write `x = c + p`, `y = c' + q` with `|p| ≤ r_A`,
//! `|q| ≤ r_B`: `|x − y| ≥ |c − c'| − r_A − r_B`, with equality along the
//! segment between the closest core points.)
//!
//! Every shape of the crate that is not round implements [`Round`] with
//! radius `0` and itself as the core, so any pair can be queried this way.
//! The core needs only a [`Scalar`] (exact with rationals); the support map
//! of the rounded shape itself needs [`Real`] (a square root).

use crate::error::{Error, Which};
use crate::scalar::{Real, Scalar};
use crate::shape::ball::unit;
use crate::shape::{require_finite, Support};
use crate::vector::Vector;

/// A single point: the core of a ball.
#[derive(Clone, Debug, PartialEq)]
pub struct Point<T: Scalar, const N: usize> {
    at: Vector<T, N>,
}

impl<T: Scalar, const N: usize> Point<T, N> {
    /// The point `at`.
    ///
    /// Errors: [`Error::NonFinite`] (`what` = `"center"`).
    pub fn new(at: Vector<T, N>) -> Result<Self, Error> {
        require_finite(&at, "center")?;
        Ok(Point { at })
    }

    /// Where it is.
    pub fn at(&self) -> &Vector<T, N> {
        &self.at
    }
}

impl<T: Scalar, const N: usize> Support<T, N> for Point<T, N> {
    fn support(&self, _dir: &Vector<T, N>) -> Vector<T, N> {
        self.at.clone()
    }
    fn centre_hint(&self) -> Option<Vector<T, N>> {
        Some(self.at.clone())
    }
}

/// Checks a radius: finite and not negative ([`Error::NonFinite`],
/// [`Error::InvalidParameter`]); any [`Scalar`], rationals included.
pub(crate) fn check_radius<T: Scalar>(value: &T, name: &str) -> Result<(), Error> {
    if !value.is_finite() {
        return Err(Error::NonFinite {
            which: Which::Shape,
            what: name.into(),
        });
    }
    if *value < T::zero() {
        return Err(Error::InvalidParameter {
            which: Which::Shape,
            what: format!("{name} is negative ({value})"),
        });
    }
    Ok(())
}

/// A convex core thickened by a radius: `core ⊕ B(0, radius)` (see the
/// module docs). `Rounded<ConvexHull<T, N>, T>` is a rounded hull.
#[derive(Clone, Debug, PartialEq)]
pub struct Rounded<S, T> {
    core: S,
    radius: T,
}

impl<S, T: Scalar> Rounded<S, T> {
    /// `core` thickened by `radius` (`0` is the core itself).
    ///
    /// Errors: [`Error::NonFinite`] (`what` = `"radius"`) and
    /// [`Error::InvalidParameter`] for a negative radius.
    pub fn new(core: S, radius: T) -> Result<Self, Error> {
        check_radius(&radius, "radius")?;
        Ok(Rounded { core, radius })
    }

    /// The core.
    pub fn core(&self) -> &S {
        &self.core
    }

    /// The radius.
    pub fn radius(&self) -> &T {
        &self.radius
    }
}

/// The support map of the thickened shape, `s_core(d) + r d / |d|`
/// (`s_core(0)` for `d = 0`): what GJK would iterate on without the
/// [`Round`] split.
impl<T: Real, const N: usize, S: Support<T, N>> Support<T, N> for Rounded<S, T> {
    fn support(&self, dir: &Vector<T, N>) -> Vector<T, N> {
        let s = self.core.support(dir);
        match unit(dir) {
            Some(u) => s + u * self.radius,
            None => s,
        }
    }
    fn centre_hint(&self) -> Option<Vector<T, N>> {
        self.core.centre_hint()
    }
}

/// A shape given as a core and a radius, `core ⊕ B(0, radius)` (see the
/// module docs): what [`crate::round`](mod@crate::round) queries.
pub trait Round<T: Scalar, const N: usize> {
    /// The core's type.
    type Core: Support<T, N> + ?Sized;
    /// The core: a convex shape with a support map.
    fn core(&self) -> &Self::Core;
    /// The radius, finite and `≥ 0` (the constructors check it).
    fn radius(&self) -> T;
}

impl<T: Scalar, const N: usize, S: Support<T, N>> Round<T, N> for Rounded<S, T> {
    type Core = S;
    fn core(&self) -> &S {
        &self.core
    }
    fn radius(&self) -> T {
        self.radius.clone()
    }
}

impl<T: Scalar, const N: usize, R: Round<T, N> + ?Sized> Round<T, N> for &R {
    type Core = R::Core;
    fn core(&self) -> &R::Core {
        (**self).core()
    }
    fn radius(&self) -> T {
        (**self).radius()
    }
}

/// The shapes that are not round: each is its own core, with radius `0`.
macro_rules! sharp {
    ($($shape:ident),*) => {$(
        impl<T: Scalar, const N: usize> Round<T, N> for crate::shape::$shape<T, N> {
            type Core = Self;
            fn core(&self) -> &Self {
                self
            }
            fn radius(&self) -> T {
                T::zero()
            }
        }
    )*};
}
sharp!(
    ConvexHull,
    ConvexPolygon,
    ClimbingHull,
    Cuboid,
    Segment,
    Triangle,
    Point
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scalar::integer;
    use crate::shape::ConvexHull;
    use crate::test_util::v3;
    use crate::Rational;

    #[test]
    fn rounded_support_is_core_plus_radius() {
        let square = ConvexHull::new(vec![
            v3(0.0, 0.0, 0.0),
            v3(1.0, 0.0, 0.0),
            v3(1.0, 1.0, 0.0),
        ])
        .unwrap();
        let r = Rounded::new(square, 0.5).unwrap();
        assert_eq!(r.support(&v3(2.0, 0.0, 0.0)), v3(1.5, 0.0, 0.0));
        assert_eq!(r.support(&v3(0.0, 0.0, -3.0)), v3(0.0, 0.0, -0.5));
        assert_eq!(r.support(&v3(0.0, 0.0, 0.0)), v3(0.0, 0.0, 0.0));
        assert_eq!(Round::<f64, 3>::radius(&r), 0.5);
    }

    #[test]
    fn bad_radii_are_rejected_for_every_scalar() {
        let p = Point::new(v3(0.0, 0.0, 0.0)).unwrap();
        assert!(matches!(
            Rounded::new(p.clone(), -1.0),
            Err(Error::InvalidParameter { which: Which::Shape, ref what }) if what.starts_with("radius")
        ));
        assert!(matches!(
            Rounded::new(p.clone(), f64::NAN),
            Err(Error::NonFinite { which: Which::Shape, ref what }) if what == "radius"
        ));
        assert!(matches!(
            Rounded::new(p, f64::INFINITY),
            Err(Error::NonFinite { which: Which::Shape, ref what }) if what == "radius"
        ));
        let q = Point::new(Vector::<Rational, 2>::new(integer(1), integer(2))).unwrap();
        assert!(matches!(
            Rounded::new(q, integer(-1)),
            Err(Error::InvalidParameter { .. })
        ));
        assert!(matches!(
            Point::new(v3(f64::NAN, 0.0, 0.0)),
            Err(Error::NonFinite { which: Which::Shape, ref what }) if what == "center"
        ));
    }
}
