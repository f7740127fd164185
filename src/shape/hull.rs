//! The convex hull of a finite point set, by its brute-force support map
//! (seed 001's `support`, seed 002's "dot all vertices with the direction"):
//! `s(d) = argmax_i pᵢ · d`, since a linear function's maximum over the hull
//! is attained at a vertex. Ties go to the lowest index, so the same
//! direction always gives the same point.

use super::lanes::Lanes;
use super::search::{first_max, plain_is_safe};
use crate::error::{Error, Which};
use crate::scalar::Scalar;
use crate::shape::Support;
use crate::tolerance::max_coordinate;
use crate::vector::{is_finite, Vector};

/// The convex hull of a non-empty set of finite points.
#[derive(Clone, Debug, PartialEq)]
pub struct ConvexHull<T: Scalar, const N: usize> {
    points: Vec<Vector<T, N>>,
    /// Float scalars: the bounding box's centre ([`Support::centre_hint`]),
    /// computed once; exact scalars compute it when asked (building a hull of
    /// rationals compares no rationals).
    centre: Option<Vector<T, N>>,
    /// Float scalars: the largest coordinate magnitude (the overflow guard
    /// of the search, `search.rs`).
    max_abs: Option<f64>,
    /// `f64`: the points in blocks for the support search (`lanes.rs`).
    lanes: Option<Lanes<N>>,
}

impl<T: Scalar, const N: usize> ConvexHull<T, N> {
    /// The hull of `points`.
    ///
    /// Errors: [`Error::EmptyPointSet`], and [`Error::NonFinite`] naming the
    /// first point with a NaN or infinite coordinate.
    pub fn new(points: Vec<Vector<T, N>>) -> Result<Self, Error> {
        if points.is_empty() {
            return Err(Error::EmptyPointSet {
                which: Which::Shape,
            });
        }
        if let Some(i) = points.iter().position(|p| !is_finite(p)) {
            return Err(Error::NonFinite {
                which: Which::Shape,
                what: format!("point {i}"),
            });
        }
        let centre = (!T::EXACT).then(|| bounding_box_centre(&points));
        let max_abs = (!T::EXACT).then(|| max_coordinate(&points));
        let lanes = (T::IS_F64 && N > 0).then(|| {
            Lanes::new(
                points
                    .iter()
                    .map(|p| std::array::from_fn(|k| p[k].to_f64())),
            )
        });
        Ok(ConvexHull {
            points,
            centre,
            max_abs,
            lanes,
        })
    }

    /// The hull of points given as rows of coordinates, each of which must
    /// have exactly `N` entries ([`Error::MixedDimensions`] otherwise).
    pub fn from_rows(rows: &[Vec<T>]) -> Result<Self, Error> {
        if let Some(index) = rows.iter().position(|r| r.len() != N) {
            return Err(Error::MixedDimensions {
                which: Which::Shape,
                expected: N,
                index,
                found: rows[index].len(),
            });
        }
        Self::new(
            rows.iter()
                .map(|r| Vector::<T, N>::from_fn(|i, _| r[i].clone()))
                .collect(),
        )
    }

    /// The points, as given.
    pub fn points(&self) -> &[Vector<T, N>] {
        &self.points
    }

    /// The largest coordinate magnitude, as an `f64`; `None` in exact mode.
    pub(crate) fn max_abs(&self) -> Option<f64> {
        self.max_abs
    }

    /// `f64`: the points in blocks (`lanes.rs`), for the certified bounds'
    /// extents (`certified/axis.rs`); `None` for other scalars.
    pub(crate) fn lanes(&self) -> Option<&Lanes<N>> {
        self.lanes.as_ref()
    }
}

/// The centre of the bounding box of `points`, `(min + max) / 2` per
/// coordinate (the origin for no points).
fn bounding_box_centre<T: Scalar, const N: usize>(points: &[Vector<T, N>]) -> Vector<T, N> {
    let Some((first, rest)) = points.split_first() else {
        return Vector::zeros();
    };
    let (mut lo, mut hi) = (first.clone(), first.clone());
    for p in rest {
        for i in 0..N {
            if p[i] < lo[i] {
                lo[i] = p[i].clone();
            } else if p[i] > hi[i] {
                hi[i] = p[i].clone();
            }
        }
    }
    (lo + hi) * T::pow2(-1)
}

impl<T: Scalar, const N: usize> Support<T, N> for ConvexHull<T, N> {
    fn support(&self, dir: &Vector<T, N>) -> Vector<T, N> {
        self.support_indexed(dir).0
    }

    fn support_indexed(&self, dir: &Vector<T, N>) -> (Vector<T, N>, Option<u32>) {
        // `f64` without a possible overflow: the block search, the same
        // point as `first_max`'s plain scan (`lanes.rs`).
        let i = match &self.lanes {
            Some(lanes) if plain_is_safe(dir, self.max_abs) => {
                lanes.first_max(&std::array::from_fn(|k| dir[k].to_f64()))
            }
            _ => first_max(&self.points, dir, self.max_abs).unwrap_or(0), // (≥ 1 point)
        };
        (self.points[i].clone(), u32::try_from(i).ok())
    }

    fn vertex(&self, index: u32) -> Option<Vector<T, N>> {
        self.points.get(usize::try_from(index).ok()?).cloned()
    }

    /// The centre of the bounding box (floats: computed by the constructor).
    fn centre_hint(&self) -> Option<Vector<T, N>> {
        match &self.centre {
            Some(c) => Some(c.clone()),
            None => Some(bounding_box_centre(&self.points)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scalar::{ratio, Rational};
    use crate::shape::search::scan;
    use crate::vector::dot;

    fn q(p: i64) -> Rational {
        ratio(p, 1).unwrap()
    }

    /// The block search (`lanes.rs`) returns the plain scan's point: every
    /// length from 1 to 21 (every padding), 1D to 4D, small integer
    /// coordinates (many ties, duplicates, zeros of both signs, which the
    /// scan's sum from `0` and the blocks' differ in) and random doubles of
    /// every magnitude short of overflow. A search whose padding could win,
    /// or whose lanes kept their last maximum, fails here.
    fn blocks_find_the_scans_point<const N: usize>() {
        let mut lcg = crate::test_util::Lcg(0x1a2e5 + N as u64);
        for n in 1..=21 {
            for case in 0..400 {
                let mut coordinate = || match case % 3 {
                    0 => match lcg.int(0, 5) {
                        0 => -0.0,
                        k => (k - 3) as f64,
                    },
                    1 => lcg.range(-1.0, 1.0),
                    _ => lcg.range(-1.0, 1.0) * 2f64.powi(lcg.int(-300, 300) as i32),
                };
                let pts: Vec<Vector<f64, N>> = (0..n)
                    .map(|_| Vector::<f64, N>::from_fn(|_, _| coordinate()))
                    .collect();
                let dir = Vector::<f64, N>::from_fn(|_, _| coordinate());
                let hull = ConvexHull::new(pts.clone()).unwrap();
                let lanes = hull.lanes.as_ref().expect("an f64 hull has blocks");
                let d = std::array::from_fn(|k| dir[k]);
                let (want, _) = scan(&pts, &dir, false).unwrap();
                assert_eq!(lanes.first_max(&d), want, "{N}D, {pts:?} along {dir:?}");
                assert_eq!(hull.support(&dir), pts[want]);
            }
        }
    }

    #[test]
    fn the_block_search_finds_the_plain_scans_first_maximiser() {
        blocks_find_the_scans_point::<1>();
        blocks_find_the_scans_point::<2>();
        blocks_find_the_scans_point::<3>();
        blocks_find_the_scans_point::<4>();
    }

    /// Only `f64` hulls have blocks: `f32` arithmetic is not `f64`'s.
    #[test]
    fn only_f64_hulls_have_blocks() {
        let p = |x: f32| Vector::<f32, 2>::new(x, 1.0);
        assert!(ConvexHull::new(vec![p(0.0), p(1.0)])
            .unwrap()
            .lanes
            .is_none());
        let r = Vector::<Rational, 1>::new(q(1));
        assert!(ConvexHull::new(vec![r]).unwrap().lanes.is_none());
    }

    #[test]
    fn support_is_a_maximising_point_with_lowest_index_ties() {
        let pts = vec![
            Vector::<Rational, 2>::new(q(0), q(0)),
            Vector::<Rational, 2>::new(q(2), q(0)),
            Vector::<Rational, 2>::new(q(2), q(1)),
            Vector::<Rational, 2>::new(q(0), q(1)),
        ];
        let h = ConvexHull::new(pts.clone()).unwrap();
        for (d, want) in [
            ((1, 0), 1),
            ((0, 1), 2),
            ((-1, 0), 0),
            ((1, 1), 2),
            ((-1, 1), 3),
            ((0, 0), 0),
        ] {
            let dir = Vector::<Rational, 2>::new(q(d.0), q(d.1));
            let s = h.support(&dir);
            assert_eq!(s, pts[want], "direction {d:?}");
            assert!(pts.iter().all(|p| dot(p, &dir) <= dot(&s, &dir)));
        }
    }

    /// Found by the ten-minute `diff_2d` campaign on `09bf195`
    /// (`fuzz/crashes/diff_2d/crash-69f605e1…`): in `f32` at scale `2⁶³`
    /// the dot product of the maximiser overflowed to `−∞`, the support map
    /// returned the point the loop already had, and the distance loop
    /// answered separated 2 % off instead of reporting the overflow.
    #[test]
    fn an_overflowing_dot_product_does_not_hide_the_maximiser() {
        let s = 2f32.powi(63);
        let v = |x: f32, y: f32| Vector::<f32, 2>::new(x * s, y * s);
        let h = ConvexHull::new(vec![v(1.0, -1.0), v(2.0, -1.0), v(4.0, 3.0)]).unwrap();
        // (4, 3)·s has the largest dot product with (−1, 1)·s (−2¹²⁶, the
        // others −2·2¹²⁶ and −3·2¹²⁶), but −4·2¹²⁶ alone is below −f32::MAX.
        assert_eq!(h.support(&v(-1.0, 1.0)), v(4.0, 3.0));
        assert_eq!(h.support(&v(1.0, 0.0)), v(4.0, 3.0));
        assert_eq!(h.support(&v(0.0, -1.0)), v(1.0, -1.0));
    }

    /// Found by a second reader of the guard above: near the bound, but
    /// with every product finite, the plain answer stands; the direction is
    /// never scaled up (both products would overflow and tie) and is not
    /// scaled down either (a small product would underflow and tie).
    #[test]
    fn the_guard_changes_no_answer_without_an_overflow() {
        let e = |x: f32, k: i32| x * 2f32.powi(k);
        let big = ConvexHull::new(vec![
            Vector::<f32, 2>::new(e(1.5, 127), e(1.0, 127)),
            Vector::<f32, 2>::new(e(1.5, 127), e(1.5, 127)),
        ])
        .unwrap();
        let half = Vector::<f32, 2>::new(0.5, 0.5);
        assert_eq!(big.support(&half), big.points()[1]);
        let small = ConvexHull::new(vec![
            Vector::<f32, 2>::new(-e(1.0, 62), 0.0),
            Vector::<f32, 2>::new(0.0, 1.0),
            Vector::<f32, 2>::new(0.0, 1.0 + f32::EPSILON),
        ])
        .unwrap();
        let d = Vector::<f32, 2>::new(e(1.5, 62), e(1.0, -70));
        assert_eq!(small.support(&d), small.points()[2]);
    }

    #[test]
    fn bad_point_sets_are_rejected() {
        assert_eq!(
            ConvexHull::<f64, 3>::new(vec![]),
            Err(Error::EmptyPointSet {
                which: Which::Shape
            })
        );
        let nan = ConvexHull::new(vec![
            Vector::<f64, 2>::new(0.0, 0.0),
            Vector::<f64, 2>::new(f64::NAN, 1.0),
        ]);
        assert!(
            matches!(nan, Err(Error::NonFinite { which: Which::Shape, ref what }) if what == "point 1")
        );
        let inf = ConvexHull::new(vec![Vector::<f32, 2>::new(f32::INFINITY, 0.0)]);
        assert!(matches!(inf, Err(Error::NonFinite { .. })));
        let mixed = ConvexHull::<f64, 3>::from_rows(&[vec![0.0, 0.0, 0.0], vec![1.0, 0.0]]);
        assert_eq!(
            mixed,
            Err(Error::MixedDimensions {
                which: Which::Shape,
                expected: 3,
                index: 1,
                found: 2
            })
        );
        assert!(ConvexHull::<f64, 2>::from_rows(&[vec![1.0, 2.0]]).is_ok());
    }

    /// The error vocabulary's `Which::Shape` and `Error::in_shape`, on the
    /// constructor most callers use.
    #[test]
    fn a_constructor_names_the_shape_and_the_caller_names_it_a_or_b() {
        let bad = vec![Vector::<f64, 2>::new(0.0, f64::NAN)];
        let e = ConvexHull::new(bad).unwrap_err();
        let what = "point 0".to_string();
        assert_eq!(
            e,
            Error::NonFinite {
                which: Which::Shape,
                what: what.clone()
            }
        );
        assert_eq!(e.to_string(), "shape: point 0 is not finite");
        let named = e.in_shape(Which::B);
        assert_eq!(
            named,
            Error::NonFinite {
                which: Which::B,
                what
            }
        );
        assert_eq!(named.to_string(), "shape b: point 0 is not finite");
        // Only a constructor's `Shape` is renamed.
        let e = Error::EmptyPointSet { which: Which::A };
        assert_eq!(e.clone().in_shape(Which::B), e);
        let e = Error::Overflow { iteration: 3 };
        assert_eq!(e.clone().in_shape(Which::A), e);
    }
}
