//! The axis-aligned box `[min₀, max₀] × … × [min_{N−1}, max_{N−1}]`.
//!
//! `x · d = Σᵢ xᵢ dᵢ` is a sum of terms that each depend on one coordinate
//! only, and the coordinates of a box vary independently, so the maximum is
//! taken coordinate by coordinate: `xᵢ dᵢ` is largest at `xᵢ = maxᵢ` when
//! `dᵢ > 0` and at `xᵢ = minᵢ` when `dᵢ < 0`. Hence
//!
//! ```text
//! s(d)ᵢ = maxᵢ  if dᵢ > 0,
//!         minᵢ  otherwise (dᵢ < 0, and the tie dᵢ = 0).
//! ```
//!
//! **Ties**: when `dᵢ = 0` every value of `xᵢ` is maximal and the *lower*
//! end `minᵢ` is chosen. So the support point is always a corner (a vertex),
//! the same `d` always gives the same corner, and `d = 0` gives `min`. Only
//! comparisons with zero are made: the support map is exact for every scalar.

use crate::error::{Error, Which};
use crate::scalar::Scalar;
use crate::shape::{require_finite, Support};
use crate::vector::Vector;

/// An axis-aligned box given by its lowest and highest corners.
///
/// A side may have zero length (`min[i] == max[i]`): the box is then flat,
/// and with `min == max` it is a single point.
#[derive(Clone, Debug, PartialEq)]
pub struct Cuboid<T: Scalar, const N: usize> {
    min: Vector<T, N>,
    max: Vector<T, N>,
}

impl<T: Scalar, const N: usize> Cuboid<T, N> {
    /// The box with corners `min` and `max`.
    ///
    /// Errors: [`Error::NonFinite`] (`what` = `"min"` or `"max"`) for a NaN or
    /// infinite coordinate, and [`Error::InvalidParameter`] when
    /// `min[i] > max[i]` for some `i`.
    pub fn new(min: Vector<T, N>, max: Vector<T, N>) -> Result<Self, Error> {
        require_finite(&min, "min")?;
        require_finite(&max, "max")?;
        if let Some(i) = (0..N).find(|&i| min[i] > max[i]) {
            return Err(Error::InvalidParameter {
                which: Which::Shape,
                what: format!("min[{i}] = {} > max[{i}] = {}", min[i], max[i]),
            });
        }
        Ok(Cuboid { min, max })
    }

    /// The box `center ± half` (`min = center − half`, `max = center + half`).
    ///
    /// Errors: [`Error::NonFinite`] (`what` = `"center"`, `"half extents"`,
    /// or `"min"`/`"max"` when a float sum overflows) and
    /// [`Error::InvalidParameter`] for a negative half extent.
    pub fn from_half_extents(center: Vector<T, N>, half: Vector<T, N>) -> Result<Self, Error> {
        require_finite(&center, "center")?;
        require_finite(&half, "half extents")?;
        if let Some(i) = (0..N).find(|&i| half[i] < T::zero()) {
            return Err(Error::InvalidParameter {
                which: Which::Shape,
                what: format!("half extent {i} is negative ({})", half[i]),
            });
        }
        Self::new(&center - &half, &center + &half)
    }

    /// The lowest corner.
    pub fn min(&self) -> &Vector<T, N> {
        &self.min
    }

    /// The highest corner.
    pub fn max(&self) -> &Vector<T, N> {
        &self.max
    }
}

impl<T: Scalar, const N: usize> Support<T, N> for Cuboid<T, N> {
    fn support(&self, dir: &Vector<T, N>) -> Vector<T, N> {
        let zero = T::zero();
        Vector::<T, N>::from_fn(|i, _| {
            if dir[i] > zero {
                self.max[i].clone()
            } else {
                self.min[i].clone()
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scalar::{integer, ratio, Rational};
    use crate::test_util::q3 as v3;
    use crate::vector::dot;

    /// All 2^N corners, by brute force.
    fn corners<const N: usize>(c: &Cuboid<Rational, N>) -> Vec<Vector<Rational, N>> {
        (0..1usize << N)
            .map(|mask| {
                Vector::<Rational, N>::from_fn(|i, _| {
                    if mask >> i & 1 == 1 {
                        c.max()[i].clone()
                    } else {
                        c.min()[i].clone()
                    }
                })
            })
            .collect()
    }

    #[test]
    fn support_is_the_expected_corner_with_min_on_ties() {
        let c = Cuboid::new(v3(-1, 0, 2), v3(3, 5, 4)).unwrap();
        for (d, want) in [
            ((1, 1, 1), (3, 5, 4)),
            ((-1, -1, -1), (-1, 0, 2)),
            ((1, -2, 3), (3, 0, 4)),
            ((1, 0, 0), (3, 0, 2)),
            ((0, 1, 0), (-1, 5, 2)),
            ((0, 0, -7), (-1, 0, 2)),
            ((0, 0, 0), (-1, 0, 2)),
        ] {
            let dir = v3(d.0, d.1, d.2);
            assert_eq!(
                c.support(&dir),
                v3(want.0, want.1, want.2),
                "direction {d:?}"
            );
        }
    }

    #[test]
    fn support_maximises_over_the_corners_exactly() {
        let c = Cuboid::new(
            v3(-2, 1, 0),
            Vector::<Rational, 3>::new(ratio(1, 3).unwrap(), integer(7), integer(0)),
        )
        .unwrap();
        let all = corners(&c);
        for x in -2..=2 {
            for y in -2..=2 {
                for z in -2..=2 {
                    let dir = v3(x, y, z);
                    let s = c.support(&dir);
                    assert!(all.contains(&s), "{s} is not a corner");
                    let best = all.iter().map(|p| dot(p, &dir)).max().unwrap();
                    assert_eq!(dot(&s, &dir), best, "direction {dir}");
                }
            }
        }
    }

    #[test]
    fn half_extents_and_point_boxes() {
        let c = Cuboid::from_half_extents(v3(1, 1, 1), v3(1, 0, 2)).unwrap();
        assert_eq!(c.min(), &v3(0, 1, -1));
        assert_eq!(c.max(), &v3(2, 1, 3));
        let p = Cuboid::new(v3(4, 4, 4), v3(4, 4, 4)).unwrap();
        assert_eq!(p.support(&v3(1, -1, 0)), v3(4, 4, 4));
    }

    #[test]
    fn bad_boxes_are_rejected() {
        let ok = Vector::<f64, 2>::new(0.0, 0.0);
        let nan = Vector::<f64, 2>::new(0.0, f64::NAN);
        let inf = Vector::<f64, 2>::new(f64::NEG_INFINITY, 0.0);
        assert!(matches!(
            Cuboid::new(nan, ok),
            Err(Error::NonFinite { which: Which::Shape, ref what }) if what == "min"
        ));
        assert!(matches!(
            Cuboid::new(ok, inf),
            Err(Error::NonFinite { which: Which::Shape, ref what }) if what == "max"
        ));
        assert!(matches!(
            Cuboid::new(Vector::<f64, 2>::new(0.0, 1.0), ok),
            Err(Error::InvalidParameter { which: Which::Shape, ref what }) if what.starts_with("min[1]")
        ));
        assert!(matches!(
            Cuboid::from_half_extents(ok, Vector::<f64, 2>::new(1.0, -1.0)),
            Err(Error::InvalidParameter {
                which: Which::Shape,
                ..
            })
        ));
        assert!(matches!(
            Cuboid::from_half_extents(nan, ok),
            Err(Error::NonFinite { which: Which::Shape, ref what }) if what == "center"
        ));
        assert!(matches!(
            Cuboid::from_half_extents(ok, inf),
            Err(Error::NonFinite { which: Which::Shape, ref what }) if what == "half extents"
        ));
        // A finite centre and half extent whose sum overflows.
        let big = Vector::<f64, 2>::new(f64::MAX, 0.0);
        assert!(matches!(
            Cuboid::from_half_extents(big, big),
            Err(Error::NonFinite { which: Which::Shape, ref what }) if what == "max"
        ));
    }
}
