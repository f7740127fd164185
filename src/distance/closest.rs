//! The sub-algorithm's allocating forms, for callers outside the distance
//! loop (the loop uses [`closest_point_fixed`] and
//! [`project_face_fixed`], on the stack; `distance/subalgorithm.rs` holds
//! the algorithm).

use crate::error::Error;
use crate::scalar::{Field, Scalar};
use crate::vector::Vector;

use super::subalgorithm::{closest_point_fixed, project_face_fixed, ClosestFixed};

/// The point of a simplex closest to the origin, with the face that holds it.
#[derive(Clone, Debug, PartialEq)]
pub struct Closest<T: Scalar, const N: usize> {
    /// The kept vertices: indices into the input, in increasing order.
    pub kept: Vec<usize>,
    /// The barycentric coordinates of `v` on the kept vertices (same order):
    /// all `> 0` and summing to 1 (exactly, in exact mode).
    pub lambda: Vec<T>,
    /// `v = Σ λᵢ p_{keptᵢ}`, the closest point.
    pub v: Vector<T, N>,
    /// `v · v`, the squared distance of the hull from the origin.
    pub dist2: T,
    /// `true` when the primary rule did not decide: the float fallback of
    /// the module docs of [`super::subalgorithm`] ([`closest_point`]), or, for
    /// [`closest_point_classified`](crate::distance::closest_point_classified),
    /// a degenerate or rounding-contradicted
    /// classification answered by [`closest_point`]. Never `true` for
    /// [`closest_point`] in exact mode.
    pub fallback: bool,
}

impl<T: Scalar, const N: usize> From<ClosestFixed<T, N>> for Closest<T, N> {
    fn from(c: ClosestFixed<T, N>) -> Self {
        Closest {
            kept: c.kept.to_vec(),
            lambda: c.lambda.to_vec(),
            v: c.v,
            dist2: c.dist2,
            fallback: c.fallback,
        }
    }
}

/// The point of `conv{p}` closest to the origin, the smallest face holding
/// it and its barycentric coordinates (see the module docs of
/// [`super::subalgorithm`]), in any
/// dimension `N ≥ 1`, for any number of points up to [`MAX_VERTICES`](super::subalgorithm::MAX_VERTICES)
/// (more than `N + 1` is allowed: their dependent faces are skipped).
///
/// Exact for [`crate::Rational`]. Float modes never return NaN: see the
/// proven-safe fallback in the module docs of [`super::subalgorithm`].
///
/// Errors: no points, more than [`MAX_VERTICES`](super::subalgorithm::MAX_VERTICES), or a non-finite coordinate.
pub fn closest_point<T: Field, const N: usize>(
    points: &[Vector<T, N>],
) -> Result<Closest<T, N>, Error> {
    closest_point_fixed(points).map(Closest::from)
}

/// The affine coordinates `λ` of the projection of `O` on the affine hull of
/// `face` (indices into `p`), by the Gram system of the module docs of
/// [`super::subalgorithm`]; `None`
/// when the face is affinely dependent (or, in float mode, a coordinate is
/// not finite).
///
/// `p` should be scaled by a power of two first ([`crate::vector::normalized`]): `λ` does
/// not change under scaling, and the Gram entries (degree 2) stay in range.
pub(crate) fn project_face<T: Field, const N: usize>(
    p: &[Vector<T, N>],
    face: &[usize],
) -> Option<Vec<T>> {
    project_face_fixed(p, face).map(|l| l.to_vec())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::distance::subalgorithm::MAX_VERTICES;
    use crate::scalar::{integer, ratio, Rational};
    use crate::vector::dot;

    use crate::test_util::{qn as q, Lcg};

    #[test]
    fn segment_interior_and_vertex() {
        // Segment (−1, 1)–(3, 1): closest point (0, 1), λ = (3/4, 1/4).
        let r = closest_point(&[q([-1, 1]), q([3, 1])]).unwrap();
        assert_eq!(r.kept, vec![0, 1]);
        assert_eq!(r.v, q([0, 1]));
        assert_eq!(r.lambda, vec![ratio(3, 4).unwrap(), ratio(1, 4).unwrap()]);
        assert!(!r.fallback);
        // Segment (1, 1)–(3, 1): the vertex (1, 1).
        let r = closest_point(&[q([3, 1]), q([1, 1])]).unwrap();
        assert_eq!(r.kept, vec![1]);
        assert_eq!(r.dist2, integer(2));
    }

    #[test]
    fn dependent_points_are_handled_exactly() {
        // Three collinear points and a repeated one (affinely dependent):
        // the closest point (0, 2) is in the segment (−1,2)–(2,2).
        let p = [q([2, 2]), q([-1, 2]), q([2, 2]), q([5, 2])];
        let r = closest_point(&p).unwrap();
        assert_eq!(r.v, q([0, 2]));
        assert_eq!(r.dist2, integer(4));
        assert!(!r.fallback);
        // More points than N + 1 are allowed.
        let r = closest_point(&[q([1]), q([-2]), q([3])]).unwrap();
        assert_eq!(r.dist2, integer(0));
        assert_eq!(r.kept, vec![0, 1]);
    }

    #[test]
    fn origin_on_a_face_keeps_the_smallest_face() {
        // Tetrahedron with the origin on the edge AB (midpoint).
        let p = [q([-1, 0, 0]), q([1, 0, 0]), q([0, 2, 1]), q([0, 3, -2])];
        let r = closest_point(&p).unwrap();
        assert_eq!(r.kept, vec![0, 1]);
        assert_eq!(r.dist2, integer(0));
    }

    #[test]
    fn bad_input_is_an_error() {
        assert!(closest_point::<f64, 2>(&[]).is_err());
        let nan = Vector::<f64, 2>::new(f64::NAN, 0.0);
        assert!(matches!(
            closest_point(&[nan]),
            Err(Error::NonFinite { .. })
        ));
        let many = vec![Vector::<f64, 1>::new(1.0); MAX_VERTICES + 1];
        assert!(closest_point(&many).is_err());
    }

    /// Exact mode: the primary rule always decides (no fallback), and the
    /// answer satisfies the optimality test against every vertex, on random
    /// small-integer simplices in 1–5 dimensions, dependent ones included.
    #[test]
    fn exact_mode_never_falls_back() {
        fn run<const N: usize>(g: &mut Lcg, cases: usize) {
            for _ in 0..cases {
                let k = g.int(1, N as i64 + 1) as usize;
                let p: Vec<Vector<Rational, N>> = (0..k)
                    .map(|_| Vector::<Rational, N>::from_fn(|_, _| integer(g.int(-2, 2))))
                    .collect();
                let r = closest_point(&p).unwrap();
                assert!(!r.fallback, "{p:?}");
                assert!(r
                    .lambda
                    .iter()
                    .all(|l| *l > Rational::from_integer(0.into())));
                let sum = r.lambda.iter().fold(integer(0), |s, l| s + l);
                assert_eq!(sum, integer(1));
                for x in &p {
                    assert!(dot(x, &r.v) >= r.dist2, "{p:?}");
                }
            }
        }
        let mut g = Lcg(7);
        run::<1>(&mut g, 300);
        run::<2>(&mut g, 600);
        run::<3>(&mut g, 600);
        run::<4>(&mut g, 200);
        run::<5>(&mut g, 60);
    }

    /// Float mode: never NaN, even on nearly dependent simplices far from
    /// the origin (the fallback's promise).
    #[test]
    fn float_mode_is_never_nan() {
        let mut g = Lcg(11);
        for _ in 0..2000 {
            let k = g.int(1, 4) as usize;
            let base = Vector::<f64, 3>::from_fn(|_, _| g.int(-1000, 1000) as f64 * 1e6);
            let p: Vec<Vector<f64, 3>> = (0..k)
                .map(|_| {
                    let t = g.int(-3, 3) as f64;
                    let e = Vector::<f64, 3>::from_fn(|_, _| g.int(-1, 1) as f64 * 1e-9);
                    base + Vector::<f64, 3>::new(t, 2.0 * t, -t) + e
                })
                .collect();
            let r = closest_point(&p).unwrap();
            assert!(r.dist2.is_finite() && r.v.iter().all(|x| x.is_finite()));
            assert!(r.lambda.iter().all(|l| *l > 0.0 && l.is_finite()));
            assert!(!r.kept.is_empty());
        }
    }
}
