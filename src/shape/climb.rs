//! The convex hull of a point set with a **hill-climbing** support map:
//! the fast path for large hulls. [`super::ConvexHull`]'s linear scan stays
//! the reference.
//!
//! # The climb
//!
//! On construction the hull's vertex–edge graph is computed exactly
//! ([`super::hull_graph`]: extreme points as nodes, the polytope's edges as
//! edges). A support call starts at the node where the previous call ended
//! (a **warm start**: consecutive GJK directions are close, so the climb is
//! a step or two) and moves to the highest neighbour while one is strictly
//! higher along `d`. It stops at a node `v` with value `h = v·d`.
//!
//! # When the answer is trusted (and when the scan decides)
//!
//! `P ⊂ v + cone{q − v}` over the neighbours `q` of an extreme point `v`
//! (the tangent cone; see [`super::hull_graph`]). If **every neighbour is
//! strictly lower**, every edge direction has `(q − v)·d < 0`, so every
//! other point `x` of `P` has `(x − v)·d < 0`: `v` is the **unique**
//! maximiser, and the answer is the reference's (the scan returns a
//! maximiser, and there is only one point value that maximises).
//!
//! Otherwise (a neighbour level with `v`: a tie, the direction normal to
//! an edge or a facet) the climb proves nothing and the linear scan over
//! all the points answers: ties get the reference's answer, the first
//! listed maximiser.
//!
//! * **Exact mode**: "strictly lower" is an exact comparison, so the
//!   answer is **always the reference's**.
//! * **Float mode**: the dot products are rounded. With `R` the largest
//!   coordinate magnitude of the points, each computed `fl(x·d)` is within
//!   `γ_N R |d|₁ + N η` of `x·d` (Higham, *Accuracy and Stability of
//!   Numerical Algorithms*, §3.1, with `η` the smallest subnormal; see
//!   [`crate::certified::axis`]). So a neighbour is *proved* strictly
//!   lower when `fl(h) − fl(q·d) > CLIMB_MARGIN_FACTOR · N u R |d|₁ +
//!   4 N η` ([`CLIMB_MARGIN_FACTOR`]), and then `v` is the unique exact
//!   maximiser. When a neighbour is within that margin, or a dot product
//!   is not finite (an overflow, which compares wrongly), the scan answers
//!   (its search is guarded against overflow).
//!   **The one documented difference from the reference**: the scan
//!   returns the maximiser of the *rounded* dot products, which may be
//!   another point whose exact dot product is within `2 γ_N R |d|₁` of the
//!   maximum; the climb returns the exact maximiser. Both are support
//!   points up to rounding; queries on them agree within the float
//!   tolerances (`tests/speed.rs` checks both).
//!
//! Either way the result depends on `d` only, not on where the climb
//! started (a proved unique maximiser is unique), so contract item 4 of
//! [`crate::shape`] holds and warm starting changes the cost only.
//!
//! # Cost and dimensions
//!
//! A support call costs the nodes visited times their degree (about 6 on
//! a 3D hull) instead of `n`; building the graph costs `O(n · F)` exact
//! orientation tests, once. In dimensions other than 2 and 3 there is no
//! graph and every call is the scan.
//!
//! # Small `f64` hulls: the reference's search
//!
//! Up to [`SEARCH_FIRST_POINTS`] points the block search of `lanes.rs` over
//! all of them costs less than climbing through the graph (a few packed
//! blocks in one place against a few nodes of scattered neighbours), so an
//! `f64` hull that small does not climb: it answers with [`ConvexHull`]'s
//! block search, the reference's point, always, and the one documented
//! difference above does not arise. (Proving that point the exact
//! maximiser, as the climb does, by its neighbours or by the runner-up of
//! the search, cost a quarter to three quarters more per query at 32
//! points in the benchmarks, for an answer that differs only within
//! rounding.)
//! [`ClimbingHull::from_hull_searching_up_to`] sets another limit; `0`
//! climbs at every size.
//!
//! The limit counts the hull's points as given. For many points with few
//! extreme ones (the hull of 1,024 random points in a cube has about 70
//! vertices) the measured fast path is [`ConvexHull::of_vertices`] alone,
//! the block search over the vertices (`BENCHMARKS.md`, the `vertices`
//! rows); climbing pays only for more vertices than the limit.

use std::sync::atomic::{AtomicUsize, Ordering};

use crate::error::Error;
use crate::scalar::Scalar;
use crate::shape::hull_graph::{edge_graph, EdgeGraph};
use crate::shape::{ConvexHull, Support};
use crate::vector::{dot, Vector};

/// The float margin of the climb, in units of `N u R |d|₁` (module docs):
/// two dot products each off by at most `γ_N R |d|₁ ≈ N u R |d|₁` need 2;
/// 4 covers the rounding of `R |d|₁` itself and of the final subtraction
/// with room to spare. A larger factor only sends more calls to the scan.
pub const CLIMB_MARGIN_FACTOR: f64 = 4.0;

/// `f64` hulls of at most this many points search as [`ConvexHull`] does
/// instead of climbing (module docs). Measured on the 3D ellipsoid hulls of
/// the benchmarks (`BENCHMARKS.md`, "Where the climb pays"): at 32 points
/// the climb costs 1.4–2.4 times the search in every pose; at 128 twice
/// the search separated and overlapping, 0.8 times near touching; at 1,024
/// it wins near touching and loses overlapping.
pub const SEARCH_FIRST_POINTS: usize = 128;

/// A convex hull of points with a hill-climbing support map (module docs).
#[derive(Debug)]
pub struct ClimbingHull<T: Scalar, const N: usize> {
    /// The points, and the reference's search over them.
    hull: ConvexHull<T, N>,
    graph: Option<EdgeGraph>,
    /// A small `f64` hull: every call is the reference's search.
    search_first: bool,
    /// The node where the last climb ended (any node is a valid start).
    hint: AtomicUsize,
}

impl<T: Scalar, const N: usize> Clone for ClimbingHull<T, N> {
    fn clone(&self) -> Self {
        ClimbingHull {
            hull: self.hull.clone(),
            graph: self.graph.clone(),
            search_first: self.search_first,
            hint: AtomicUsize::new(self.hint.load(Ordering::Relaxed)),
        }
    }
}

/// How a support call was answered (for tests and benchmarks).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SupportPath {
    /// A small `f64` hull: the reference's block search, no climb (module
    /// docs).
    Searched,
    /// The climb proved a unique maximiser after visiting this many nodes.
    Climbed {
        /// Nodes whose neighbours were evaluated.
        steps: usize,
    },
    /// The climb proved nothing (a tie, or no graph): the linear scan.
    Scanned,
}

impl<T: Scalar, const N: usize> ClimbingHull<T, N> {
    /// The hull of `points` (the same validation as [`ConvexHull::new`]),
    /// with its vertex–edge graph.
    pub fn new(points: Vec<Vector<T, N>>) -> Result<Self, Error> {
        let hull = ConvexHull::new(points)?;
        Ok(Self::from_hull(hull))
    }

    /// The same shape as `hull`, with the graph computed.
    pub fn from_hull(hull: ConvexHull<T, N>) -> Self {
        Self::from_hull_searching_up_to(hull, SEARCH_FIRST_POINTS)
    }

    /// [`Self::from_hull`] with another limit than [`SEARCH_FIRST_POINTS`]
    /// for the reference's search (module docs): an `f64` hull of at most
    /// `limit` points searches; `0` always climbs (the climb's exact
    /// maximiser at every size).
    pub fn from_hull_searching_up_to(hull: ConvexHull<T, N>, limit: usize) -> Self {
        let graph = edge_graph(hull.points());
        let search_first = T::IS_F64 && hull.points().len() <= limit;
        ClimbingHull {
            hull,
            graph,
            search_first,
            hint: AtomicUsize::new(0),
        }
    }

    /// The points, as given.
    pub fn points(&self) -> &[Vector<T, N>] {
        self.hull.points()
    }

    /// The extreme points (the graph's nodes), as indices into
    /// [`Self::points`]; `None` outside 2D and 3D.
    pub fn vertices(&self) -> Option<&[usize]> {
        self.graph.as_ref().map(|g| g.nodes.as_slice())
    }

    /// The neighbours of the vertex `points()[i]` along the hull's edges,
    /// as point indices; `None` if `i` is not an extreme point or there is
    /// no graph.
    pub fn neighbours(&self, i: usize) -> Option<Vec<usize>> {
        let g = self.graph.as_ref()?;
        let k = g.nodes.iter().position(|&p| p == i)?;
        Some(g.neighbours(k).iter().map(|&m| g.nodes[m]).collect())
    }

    /// The support point and how it was found (module docs).
    pub fn support_traced(&self, dir: &Vector<T, N>) -> (Vector<T, N>, SupportPath) {
        let ((p, _), path) = self.search(dir);
        (p, path)
    }

    /// [`Self::support_traced`] with the point's number in the hull's list.
    fn search(&self, dir: &Vector<T, N>) -> ((Vector<T, N>, Option<u32>), SupportPath) {
        if self.search_first {
            return (self.hull.support_indexed(dir), SupportPath::Searched);
        }
        match self.climb(dir) {
            Some((i, steps)) => (
                (self.points()[i].clone(), u32::try_from(i).ok()),
                SupportPath::Climbed { steps },
            ),
            None => (self.hull.support_indexed(dir), SupportPath::Scanned),
        }
    }

    /// The reference: the first listed point with the largest `p · dir`.
    pub fn scan(&self, dir: &Vector<T, N>) -> Vector<T, N> {
        self.hull.support(dir)
    }

    /// The climb of the module docs: the proved unique maximiser (its
    /// number in the hull's list) and the nodes visited, or `None`.
    fn climb(&self, dir: &Vector<T, N>) -> Option<(usize, usize)> {
        let g = self.graph.as_ref()?;
        let last = g.nodes.len().checked_sub(1)?;
        let mut k = self.hint.load(Ordering::Relaxed).min(last);
        let mut h = dot(&self.points()[g.nodes[k]], dir);
        // Float mode: a product that overflowed (`±∞`, or `NaN` from
        // `∞ − ∞`) compares wrongly and can hide the maximiser, so the
        // climb gives up and the guarded scan answers.
        if !h.is_finite() {
            return None;
        }
        let mut steps = 0;
        let runner_up = loop {
            steps += 1;
            let mut best: Option<(usize, T)> = None;
            for &m in g.neighbours(k) {
                let x = dot(&self.points()[g.nodes[m]], dir);
                if !x.is_finite() {
                    return None;
                }
                if best.as_ref().is_none_or(|(_, b)| x > *b) {
                    best = Some((m, x));
                }
            }
            match best {
                Some((m, x)) if x > h => {
                    k = m;
                    h = x;
                }
                other => break other.map(|(_, x)| x),
            }
        };
        self.hint.store(k, Ordering::Relaxed);
        let proved = match runner_up {
            // A single node: every point equals it.
            None => true,
            Some(x) => self.strictly_below(&x, &h, dir),
        };
        proved.then_some((g.nodes[k], steps))
    }

    /// `x < h` for the exact dot products whose computed values they are
    /// (module docs): exact comparison in exact mode, the margin in floats.
    fn strictly_below(&self, x: &T, h: &T, dir: &Vector<T, N>) -> bool {
        if T::EXACT {
            return x < h;
        }
        // Finite: the climb gives up on any product that is not.
        let (x, h) = (x.to_f64(), h.to_f64());
        let u = T::UNIT_ROUNDOFF;
        // The smallest subnormal of the float type (f32 or f64).
        let eta = if u > 1e-10 {
            2f64.powi(-149)
        } else {
            2f64.powi(-1074)
        };
        let norm1: f64 = dir.iter().map(|c| c.to_f64().abs()).sum();
        let n = N as f64;
        // `R`, the largest coordinate magnitude: the hull's (float mode).
        let extent = self.hull.max_abs().unwrap_or(0.0);
        let margin = CLIMB_MARGIN_FACTOR * n * u * extent * norm1 + 4.0 * n * eta;
        margin.is_finite() && h - x > margin
    }
}

impl<T: Scalar, const N: usize> Support<T, N> for ClimbingHull<T, N> {
    fn support(&self, dir: &Vector<T, N>) -> Vector<T, N> {
        self.support_traced(dir).0
    }
    fn support_indexed(&self, dir: &Vector<T, N>) -> (Vector<T, N>, Option<u32>) {
        self.search(dir).0
    }
    fn vertex(&self, index: u32) -> Option<Vector<T, N>> {
        self.hull.vertex(index)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vector::dot;

    /// Small `f64` hulls answer as the reference does, bit for bit: random
    /// clouds and clouds rounded to a coarse grid (ties, duplicates, points
    /// inside edges and facets), along axes, integer directions and random
    /// ones, from every start node (the climb's state must not matter).
    fn small_hulls_are_the_reference<const N: usize>() {
        let mut lcg = crate::test_util::Lcg(0x5ea2c + N as u64);
        for round in 0..60 {
            let n = 1 + round % SEARCH_FIRST_POINTS;
            let grid = round % 3 == 0;
            let pts: Vec<Vector<f64, N>> = (0..n)
                .map(|_| {
                    Vector::from_fn(|_, _| {
                        let c = lcg.range(-1.0, 1.0);
                        if grid {
                            (c * 2.0).round()
                        } else {
                            c
                        }
                    })
                })
                .collect();
            let reference = ConvexHull::new(pts.clone()).unwrap();
            let hull = ClimbingHull::new(pts).unwrap();
            let nodes = hull.graph.as_ref().map_or(1, |g| g.nodes.len());
            for k in 0..40 {
                let d = Vector::<f64, N>::from_fn(|i, _| match k {
                    0..=9 => {
                        (lcg.int(0, 4) as f64 - 2.0) * f64::from(u8::from(i == k % N || k > 5))
                    }
                    _ => lcg.range(-1.0, 1.0),
                });
                for start in 0..nodes {
                    hull.hint.store(start, Ordering::Relaxed);
                    let (got, path) = hull.support_traced(&d);
                    let want = reference.support(&d);
                    let bits = |v: &Vector<f64, N>| v.map(f64::to_bits);
                    assert_eq!(bits(&got), bits(&want), "{N}D round {round}, {d:?}");
                    assert_eq!(path, SupportPath::Searched);
                }
            }
        }
    }

    #[test]
    fn small_f64_hulls_search_as_the_reference() {
        small_hulls_are_the_reference::<2>();
        small_hulls_are_the_reference::<3>();
    }

    /// Only small `f64` hulls search first; `f32` and large hulls climb
    /// from the last node.
    #[test]
    fn only_small_f64_hulls_search_first() {
        let ring = |n: usize| (0..n).map(|i| (i as f64 * 0.7).sin_cos());
        let f64s =
            |n| ClimbingHull::new(ring(n).map(|(s, c)| Vector::<f64, 2>::new(s, c)).collect());
        assert!(f64s(SEARCH_FIRST_POINTS).unwrap().search_first);
        assert!(!f64s(SEARCH_FIRST_POINTS + 1).unwrap().search_first);
        let f32s = ClimbingHull::new(
            ring(8)
                .map(|(s, c)| Vector::<f32, 2>::new(s as f32, c as f32))
                .collect(),
        );
        assert!(!f32s.unwrap().search_first);
    }

    /// Before the guard, the climb compared neighbours by their computed dot
    /// products, and one that overflowed (`∞ − ∞ = NaN`) compared below
    /// everything: from `c` the climb saw `a` below it, ignored `v` and
    /// proved `c` the maximiser (its margin is finite at this scale), while
    /// `v · d = 2¹⁰²⁵` exceeds `c · d = 2¹⁰²⁰`. Every coordinate and the
    /// direction are finite doubles; the hull and the answer are checked in
    /// rationals.
    #[test]
    fn an_overflowing_neighbour_does_not_end_the_climb_on_a_wrong_vertex() {
        let p = |x: f64, y: f64| Vector::<f64, 2>::new(x, y);
        let e = |k: i32| 2f64.powi(k);
        let points = [
            p(e(520), 0.0),
            p(0.0, e(520)),
            p(e(530), 31.0 * e(525)),
            p(0.0, -e(400)),
        ];
        let d = p(e(500), -e(500));
        assert!(dot(&points[2], &d).is_nan(), "the plain product overflows");
        let exact = |v: &Vector<f64, 2>| {
            let q = |x: f64| crate::Rational::from_float(x).unwrap();
            q(v[0]) * q(d[0]) + q(v[1]) * q(d[1])
        };
        let best = points.iter().map(exact).max().unwrap();
        // Every order of the points and every start: the graph lists the
        // neighbours in some order, and the overflowing one must not be
        // passed over in any.
        let orders = [
            [0, 1, 2, 3],
            [1, 0, 3, 2],
            [2, 3, 0, 1],
            [3, 2, 1, 0],
            [0, 2, 1, 3],
            [3, 1, 2, 0],
        ];
        for order in orders {
            let pts: Vec<_> = order.iter().map(|&i| points[i]).collect();
            let hull = ClimbingHull::new(pts).unwrap();
            for start in 0..points.len() {
                hull.hint.store(start, Ordering::Relaxed);
                let got = hull.support(&d);
                assert_eq!(
                    exact(&got),
                    best,
                    "order {order:?}, climb from node {start}: {got:?}"
                );
            }
        }
    }
}
