//! The hull of the **vertices** of a point set: the same convex set as
//! [`ConvexHull::new`]'s with the points that are not extreme dropped, so
//! that the support search scans fewer points.

use super::hull_graph::edge_graph;
use crate::error::Error;
use crate::scalar::Scalar;
use crate::shape::ConvexHull;
use crate::vector::Vector;

impl<T: Scalar, const N: usize> ConvexHull<T, N> {
    /// The same hull keeping only its **vertices** (the extreme points of
    /// `points`, in their given order; see [`extreme_points`]): duplicates
    /// and points inside the hull, a facet or an edge are dropped (nearly
    /// the points parry's `from_convex_hull` keeps; parry decides with
    /// float tolerances, this exactly). The convex
    /// set is the same, so every exact relation, distance and depth is
    /// [`ConvexHull::new`]'s; the support search scans fewer points (the
    /// hull of 1,024 random points in a cube has about 70 vertices).
    ///
    /// What may differ from [`ConvexHull::new`]'s answers: a support point
    /// where the maximiser is not unique (ties resolve among the vertices
    /// only), in float mode a maximiser of the rounded dot products (within
    /// rounding, as between any two support points), and the point numbers
    /// of witnesses and certificates, which number the kept points
    /// ([`extreme_points`] gives their indices in `points`). In dimensions
    /// other than 2 and 3 no point is dropped.
    ///
    /// Cost, once: the hull graph's `O(n · F)` orientation tests, quadratic
    /// when every point is extreme (points on a sphere, release build:
    /// about 13 ms at 1,024, 0.17 s at 4,096, 2.7 s at 16,384).
    ///
    /// Errors: those of [`ConvexHull::new`].
    pub fn of_vertices(points: Vec<Vector<T, N>>) -> Result<Self, Error> {
        let hull = Self::new(points)?;
        let kept = extreme_points(hull.points());
        if kept.len() == hull.points().len() {
            return Ok(hull);
        }
        Self::new(kept.into_iter().map(|i| hull.points()[i].clone()).collect())
    }
}

/// The indices of the **extreme points** of `points` (the vertices of
/// their convex hull), ascending: in 2D and 3D from the hull's vertex–edge
/// graph, whose orientation tests are exact in every scalar (floats first
/// in `f64` with an error bound, then in exact rationals; `hull_graph.rs`),
/// so a point is dropped only if it truly lies in the hull of the others
/// (one copy of a repeated vertex is kept). In other dimensions, and for
/// no points, every index.
pub fn extreme_points<T: Scalar, const N: usize>(points: &[Vector<T, N>]) -> Vec<usize> {
    match edge_graph(points) {
        Some(graph) => {
            let mut kept = graph.nodes;
            kept.sort_unstable();
            kept
        }
        None => (0..points.len()).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scalar::{ratio, Rational};
    use crate::vector::dot;

    fn q(p: i64) -> Rational {
        ratio(p, 1).unwrap()
    }

    /// [`extreme_points`] keeps exactly the corners: a square and a cube
    /// given with their centre, a facet's centre, an edge's midpoint and a
    /// repeated corner, in mixed order, keep one index per corner, and the
    /// vertex hull lists them in their given order.
    #[test]
    fn a_vertex_hull_keeps_the_corners_only() {
        let sq: Vec<Vector<Rational, 2>> = [(1, 1), (0, 0), (2, 2), (0, 2), (1, 2), (2, 0), (0, 0)]
            .iter()
            .map(|&(x, y)| Vector::<Rational, 2>::from([q(x), q(y)]))
            .collect();
        let kept = extreme_points(&sq);
        assert_eq!(kept.len(), 4, "{kept:?}");
        assert!(kept.windows(2).all(|w| w[0] < w[1]));
        for c in [(0, 0), (2, 2), (0, 2), (2, 0)] {
            let c = Vector::<Rational, 2>::from([q(c.0), q(c.1)]);
            assert_eq!(
                kept.iter().filter(|&&i| sq[i] == c).count(),
                1,
                "{c:?} in {kept:?}"
            );
        }
        let mut cube: Vec<Vector<f64, 3>> = vec![
            Vector::from([1.0, 1.0, 1.0]),
            Vector::from([1.0, 1.0, 2.0]),
            Vector::from([2.0, 1.0, 1.0]),
            Vector::from([1.0, 2.0, 0.0]),
        ];
        for c in 0..8 {
            let bit = |k: u32| f64::from((c >> k) & 1) * 2.0;
            cube.push(Vector::from([bit(0), bit(1), bit(2)]));
        }
        cube.push(Vector::from([2.0, 2.0, 2.0]));
        let kept = extreme_points(&cube);
        assert_eq!(kept, (4..12).collect::<Vec<_>>());
        let hull = ConvexHull::of_vertices(cube.clone()).unwrap();
        assert_eq!(hull.points(), &cube[4..12]);
        // Other dimensions keep every point.
        let line: Vec<Vector<f64, 1>> = [0.0, 1.0, 0.5].map(|x| Vector::from([x])).to_vec();
        assert_eq!(extreme_points(&line), vec![0, 1, 2]);
    }

    /// The vertex hull is the same convex set: along every direction its
    /// largest dot product is exactly the full hull's (random doubles in a
    /// square and a cube, where most points are interior, compared in exact
    /// rationals), in 2D and 3D.
    fn a_vertex_hull_has_the_same_support_values<const N: usize>() {
        let mut lcg = crate::test_util::Lcg(0xe47 + N as u64);
        for case in 0..20 {
            let n = [5, 40, 150][case % 3];
            let pts: Vec<Vector<f64, N>> = (0..n)
                .map(|_| Vector::<f64, N>::from_fn(|_, _| lcg.range(-1.0, 1.0)))
                .collect();
            let exact = |p: &Vector<f64, N>| {
                Vector::<Rational, N>::from_fn(|i, _| {
                    crate::scalar::rational_from_f64(p[i]).unwrap()
                })
            };
            let all: Vec<_> = pts.iter().map(exact).collect();
            // The `f64` hull's kept points, compared exactly; the rational
            // hull (slower to build) on the smaller sets must keep the same.
            let hull = ConvexHull::of_vertices(pts.clone()).unwrap();
            let kept: Vec<_> = hull.points().iter().map(exact).collect();
            assert!(kept.len() < n || n == 5, "{N}D, n = {n}: nothing dropped");
            if n <= 40 {
                let rational = ConvexHull::of_vertices(all.clone()).unwrap();
                assert_eq!(rational.points(), &kept[..], "{N}D, n = {n}");
            }
            for _ in 0..20 {
                let d = exact(&lcg.direction::<N>());
                let top = |ps: &[Vector<Rational, N>]| ps.iter().map(|p| dot(p, &d)).max().unwrap();
                assert_eq!(top(&kept), top(&all), "{N}D, n = {n}, along {d:?}");
            }
        }
    }

    #[test]
    fn a_vertex_hull_is_the_same_convex_set() {
        a_vertex_hull_has_the_same_support_values::<2>();
        a_vertex_hull_has_the_same_support_values::<3>();
    }
}
