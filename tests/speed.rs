//! The fast paths against their references (no timings here: those are in
//! `benches/versus.rs` and BENCHMARKS.md).
//!
//! * `ClimbingHull` (hill climbing on the exact hull graph) against the
//!   linear scan of `ConvexHull`: the same point in exact mode on every
//!   hull, degenerate ones included (ties, coplanar and collinear sets,
//!   duplicates, points inside facets and edges); in `f64` the same point
//!   or a proved exact maximiser; the graph's nodes are exactly the extreme
//!   points (checked by the oracle's LP);
//! * queries on either shape: identical in exact mode, within the float
//!   tolerance in `f64`.

use crate::pairs;
use crate::scenes;

use gjk::boolean::{gjk, Options};
use gjk::distance::{distance, DistanceOptions, DistanceOutcome};
use gjk::scalar::{integer, rational_from_f64};
use gjk::shape::{ClimbingHull, ConvexHull, SupportPath};
use gjk::tolerance::float_accuracy_bound;
use gjk::{Rational, Support, Vector};
use gjk_oracle as oracle;
use pairs::Lcg;
use scenes::{cloud, Cloud};

/// A point set as a case line's coordinates, for failure messages.
fn show<const N: usize>(p: &[Vector<Rational, N>]) -> String {
    let rows: Vec<String> = p
        .iter()
        .map(|x| {
            let c: Vec<String> = x.iter().map(|v| format!("\"{v}\"")).collect();
            format!("[{}]", c.join(","))
        })
        .collect();
    format!("[{}]", rows.join(","))
}

/// Small-integer point sets in 3D that exercise every degeneracy: a grid
/// (ties, coplanar, collinear, points inside facets and on edges),
/// duplicates, flat sets, collinear sets, single points.
fn degenerate_sets_3d(rng: &mut Lcg) -> Vec<Vec<Vector<Rational, 3>>> {
    let p = |x: i64, y: i64, z: i64| Vector::<Rational, 3>::new(integer(x), integer(y), integer(z));
    let mut sets = Vec::new();
    // The 3×3×3 grid: 8 extreme points out of 27.
    let grid: Vec<_> = (0..27).map(|i| p(i % 3, (i / 3) % 3, i / 9)).collect();
    sets.push(grid.clone());
    // The same, shuffled so that interior and facet points come first.
    let mut shuffled = grid;
    shuffled.reverse();
    shuffled.rotate_left(13);
    sets.push(shuffled);
    for _ in 0..120 {
        let n = rng.int(1, 24) as usize;
        let kind = rng.int(0, 4);
        let pts: Vec<_> = (0..n)
            .map(|_| {
                let (x, y, z) = (rng.int(-2, 2), rng.int(-2, 2), rng.int(-2, 2));
                match kind {
                    0 => p(x, y, z),                            // random grid points, duplicates
                    1 => p(x, y, 1),                            // flat (the plane z = 1)
                    2 => p(x, y, 3 - x - y),                    // flat, tilted
                    3 => p(x, 2 * x, -x),                       // collinear
                    _ => p(x.signum(), y.signum(), z.signum()), // cube corners, edges, faces
                }
            })
            .collect();
        sets.push(pts);
    }
    sets.push(vec![p(1, 2, 3); 5]); // one point, repeated
    sets
}

/// Small-integer directions, the axes and zero among them.
fn directions_3d(rng: &mut Lcg, count: usize) -> Vec<Vector<Rational, 3>> {
    let mut dirs: Vec<Vector<Rational, 3>> = (0..3)
        .flat_map(|k| {
            [1, -1]
                .map(|s| Vector::<Rational, 3>::from_fn(|i, _| integer(if i == k { s } else { 0 })))
        })
        .collect();
    dirs.push(Vector::from_element(integer(0)));
    dirs.extend((0..count).map(|_| Vector::<Rational, 3>::from_fn(|_, _| integer(rng.int(-3, 3)))));
    dirs
}

#[test]
fn exact_mode_climb_is_the_scan_on_degenerate_hulls() {
    let mut rng = Lcg(0xc11b);
    let mut climbed = 0;
    let mut calls = 0;
    for pts in degenerate_sets_3d(&mut rng) {
        let hull = ClimbingHull::new(pts.clone()).unwrap();
        let reference = ConvexHull::new(pts.clone()).unwrap();
        for d in directions_3d(&mut rng, 24) {
            let (got, path) = hull.support_traced(&d);
            assert_eq!(
                got,
                reference.support(&d),
                "points {} direction {d:?} ({path:?})",
                show(&pts)
            );
            climbed += usize::from(matches!(path, SupportPath::Climbed { .. }));
            calls += 1;
        }
    }
    // The climb must decide most calls, or the test would only test the scan.
    assert!(climbed * 2 > calls, "climbed {climbed} of {calls}");
}

#[test]
fn exact_mode_climb_is_the_scan_in_2d() {
    let mut rng = Lcg(0x2d2d);
    let p = |x: i64, y: i64| Vector::<Rational, 2>::new(integer(x), integer(y));
    for _ in 0..150 {
        let n = rng.int(1, 20) as usize;
        let collinear = rng.int(0, 3) == 0;
        let pts: Vec<_> = (0..n)
            .map(|_| {
                let x = rng.int(-3, 3);
                if collinear {
                    p(x, 1 - x)
                } else {
                    p(x, rng.int(-3, 3))
                }
            })
            .collect();
        let hull = ClimbingHull::new(pts.clone()).unwrap();
        let reference = ConvexHull::new(pts.clone()).unwrap();
        for _ in 0..20 {
            let d = p(rng.int(-2, 2), rng.int(-2, 2));
            assert_eq!(
                hull.support(&d),
                reference.support(&d),
                "{} {d:?}",
                show(&pts)
            );
        }
    }
}

#[test]
fn the_graph_nodes_are_exactly_the_extreme_points() {
    let mut rng = Lcg(0x90de);
    let rows = |p: &[Vector<Rational, 3>]| -> Vec<Vec<Rational>> {
        p.iter().map(|x| x.iter().cloned().collect()).collect()
    };
    for pts in degenerate_sets_3d(&mut rng).into_iter().take(60) {
        let hull = ClimbingHull::new(pts.clone()).unwrap();
        let nodes = hull.vertices().unwrap();
        // One node per distinct extreme point.
        let mut seen: Vec<&Vector<Rational, 3>> = nodes.iter().map(|&i| &pts[i]).collect();
        let before = seen.len();
        seen.dedup();
        assert_eq!(before, seen.len(), "a repeated node in {}", show(&pts));
        for (i, x) in pts.iter().enumerate() {
            let others: Vec<Vector<Rational, 3>> =
                pts.iter().filter(|y| *y != x).cloned().collect();
            let extreme = others.is_empty()
                || !oracle::intersects(&rows(std::slice::from_ref(x)), &rows(&others)).unwrap();
            let is_node = nodes.iter().any(|&k| pts[k] == *x);
            assert_eq!(extreme, is_node, "point {i} {x:?} of {}", show(&pts));
            if nodes.contains(&i) && nodes.len() > 1 {
                assert!(!hull.neighbours(i).unwrap().is_empty());
            }
        }
    }
    // The 3×3×3 grid is a cube: 8 corners of degree 3 (12 edges).
    let p = |x: i64, y: i64, z: i64| Vector::<Rational, 3>::new(integer(x), integer(y), integer(z));
    let grid: Vec<_> = (0..27).map(|i| p(i % 3, (i / 3) % 3, i / 9)).collect();
    let cube = ClimbingHull::new(grid).unwrap();
    let corners = cube.vertices().unwrap().to_vec();
    assert_eq!(corners.len(), 8);
    for c in corners {
        assert_eq!(cube.neighbours(c).unwrap().len(), 3, "corner {c}");
    }
}

/// The exact value of `x · d` for doubles.
fn exact_dot<const N: usize>(x: &Vector<f64, N>, d: &Vector<f64, N>) -> Rational {
    let q = |v: f64| rational_from_f64(v).unwrap();
    (0..N).fold(integer(0), |s, i| s + q(x[i]) * q(d[i]))
}

#[test]
fn float_climb_is_the_scan_or_an_exact_maximiser() {
    let mut rng = Lcg(0xf10a7);
    let mut climbed = 0;
    let mut calls = 0;
    for round in 0..24 {
        let kind = if round % 2 == 0 {
            Cloud::Ellipsoid
        } else {
            Cloud::Cube
        };
        let n = [8, 40, 200][round % 3];
        let mut pts = cloud::<3>(&mut rng, kind, n);
        if round % 4 == 3 {
            // Ties: round to a coarse grid (duplicates, coplanar points).
            for p in &mut pts {
                *p = p.map(|c| (c * 2.0).round());
            }
        }
        let reference = ConvexHull::new(pts.clone()).unwrap();
        // Climbing at every size (small `f64` hulls would search as the
        // reference does: `climb.rs`, `small_f64_hulls_search_as_the_reference`).
        let hull = ClimbingHull::from_hull_searching_up_to(reference.clone(), 0);
        for k in 0..40 {
            let d = if k < 6 {
                Vector::<f64, 3>::from_fn(|i, _| if i == k / 2 { [1.0, -1.0][k % 2] } else { 0.0 })
            } else {
                scenes::direction::<3>(&mut rng) * 10f64.powi(rng.int(-3, 3) as i32)
            };
            let (got, path) = hull.support_traced(&d);
            calls += 1;
            if got == reference.support(&d) {
                climbed += usize::from(matches!(path, SupportPath::Climbed { .. }));
                continue;
            }
            // Not the scan's point: it must be a proved exact maximiser.
            assert!(matches!(path, SupportPath::Climbed { .. }));
            let best = pts.iter().map(|x| exact_dot(x, &d)).max().unwrap();
            assert_eq!(exact_dot(&got, &d), best, "round {round} direction {d:?}");
            climbed += 1;
        }
    }
    assert!(climbed * 10 > calls * 7, "climbed {climbed} of {calls}");
}

#[test]
fn queries_on_the_climbing_hull_agree_with_the_reference() {
    let mut rng = Lcg(0x9e1);
    // Exact mode: identical reports.
    let p = |rng: &mut Lcg, c: i64| {
        Vector::<Rational, 3>::from_fn(|i, _| integer(rng.int(-3, 3) + if i == 0 { c } else { 0 }))
    };
    for _ in 0..40 {
        let c = rng.int(0, 6);
        let a: Vec<_> = (0..rng.int(1, 12)).map(|_| p(&mut rng, 0)).collect();
        let b: Vec<_> = (0..rng.int(1, 12)).map(|_| p(&mut rng, c)).collect();
        let (ra, rb) = (
            ConvexHull::new(a.clone()).unwrap(),
            ConvexHull::new(b.clone()).unwrap(),
        );
        let (ca, cb) = (
            ClimbingHull::new(a.clone()).unwrap(),
            ClimbingHull::new(b.clone()).unwrap(),
        );
        let o = Options::default();
        assert_eq!(
            gjk(&ra, &rb, &o),
            gjk(&ca, &cb, &o),
            "{} {}",
            show(&a),
            show(&b)
        );
        let d = DistanceOptions::default();
        assert_eq!(distance(&ra, &rb, &d), distance(&ca, &cb, &d));
    }
    // f64: the same verdict, distances within the float tolerance.
    for kind in [Cloud::Ellipsoid, Cloud::Cube] {
        // The bench's poses as they were when this test was written (10⁻⁶).
        for (_, gap) in scenes::poses_at(1e-6) {
            for pair in scenes::hull_pairs::<3>(7, kind, 64, gap, 6) {
                let (ra, rb) = (
                    ConvexHull::new(pair.a.clone()).unwrap(),
                    ConvexHull::new(pair.b.clone()).unwrap(),
                );
                // Climbing (64 `f64` points would search as the reference).
                let (ca, cb) = (
                    ClimbingHull::from_hull_searching_up_to(ra.clone(), 0),
                    ClimbingHull::from_hull_searching_up_to(rb.clone(), 0),
                );
                let o = Options::default();
                let (x, y) = (gjk(&ra, &rb, &o).unwrap(), gjk(&ca, &cb, &o).unwrap());
                assert_eq!(x.outcome.intersects(), y.outcome.intersects(), "gap {gap}");
                let d = DistanceOptions::default();
                let (x, y) = (
                    distance(&ra, &rb, &d).unwrap(),
                    distance(&ca, &cb, &d).unwrap(),
                );
                match (&x.outcome, &y.outcome) {
                    (
                        DistanceOutcome::Separated { dist2: d1, .. },
                        DistanceOutcome::Separated { dist2: d2, .. },
                    ) => {
                        let scale2 = pair
                            .a
                            .iter()
                            .flat_map(|p| pair.b.iter().map(move |q| (p - q).norm_squared()))
                            .fold(0.0, f64::max);
                        let tol = float_accuracy_bound(*d1, scale2, f64::EPSILON / 2.0);
                        assert!((d1 - d2).abs() <= 2.0 * tol, "{d1} vs {d2}");
                    }
                    (
                        DistanceOutcome::Intersecting { .. },
                        DistanceOutcome::Intersecting { .. },
                    ) => {}
                    other => panic!("gap {gap}: {other:?}"),
                }
            }
        }
    }
}

#[test]
fn the_climb_starts_where_the_last_one_ended() {
    // A warm start costs fewer node visits than a cold one on nearby
    // directions (the counts, not times).
    let mut rng = Lcg(0x3a);
    let pts = cloud::<3>(&mut rng, Cloud::Ellipsoid, 1000);
    let hull = ClimbingHull::new(pts).unwrap();
    let steps = |path: SupportPath| match path {
        SupportPath::Climbed { steps } => steps,
        other => panic!("{other:?}: 1,000 points climb, and random directions do not tie"),
    };
    let d0 = scenes::direction::<3>(&mut rng);
    let cold = steps(hull.support_traced(&d0).1);
    let near = d0 + scenes::direction::<3>(&mut rng) * 1e-3;
    let warm = steps(hull.support_traced(&near).1);
    assert!(cold > 3 && warm <= 2, "cold {cold}, warm {warm}");
}
