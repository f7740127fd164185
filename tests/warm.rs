//! The distance query's warm start by point numbers
//! ([`Support::support_indexed`], [`Support::vertex`], `Vertex::index_a`):
//! the numbers name the support point, re-reading by them answers as a
//! cold start does, saves the searches, and falls back to the search
//! where a number does not fit the shape. Exact mode ignores them.

use std::cell::Cell;

use gjk::distance::{distance, DistanceOptions, DistanceOutcome, DistanceReport};
use gjk::shape::{Ball, ClimbingHull, ConvexHull, ConvexPolygon, Transformed};
use gjk::{Rational, Simplex, Support, Vector};

use crate::pairs::Lcg;
use crate::scenes::{self, Cloud};

/// A shape that counts the support searches made on it (re-reads by
/// number are not searches).
struct Searches<S>(S, Cell<usize>);

impl<S: Support<f64, N>, const N: usize> Support<f64, N> for Searches<S> {
    fn support(&self, dir: &Vector<f64, N>) -> Vector<f64, N> {
        self.support_indexed(dir).0
    }
    fn support_indexed(&self, dir: &Vector<f64, N>) -> (Vector<f64, N>, Option<u32>) {
        self.1.set(self.1.get() + 1);
        self.0.support_indexed(dir)
    }
    fn vertex(&self, index: u32) -> Option<Vector<f64, N>> {
        self.0.vertex(index)
    }
}

/// `s` with every vertex's numbers set to `(index_a, index_b)`.
fn renumbered<T: gjk::Scalar, const N: usize>(
    s: &Simplex<T, N>,
    mut numbers: impl FnMut() -> (Option<u32>, Option<u32>),
) -> Simplex<T, N> {
    Simplex::from_vertices(s.iter().map(|v| {
        let (index_a, index_b) = numbers();
        gjk::Vertex {
            index_a,
            index_b,
            ..v.clone()
        }
    }))
    .expect("as many vertices as before")
}

/// `s` with its vertices' numbers dropped: the warm start by directions.
fn without_numbers<T: gjk::Scalar, const N: usize>(s: &Simplex<T, N>) -> Simplex<T, N> {
    renumbered(s, || (None, None))
}

/// The distance query warm started from `start`.
fn warm_run<T: gjk::Field, const N: usize>(
    a: &ConvexHull<T, N>,
    b: &ConvexHull<T, N>,
    start: Simplex<T, N>,
) -> DistanceReport<T, N> {
    let opts = DistanceOptions {
        warm_start: Some(start),
        ..DistanceOptions::default()
    };
    distance(a, b, &opts).unwrap()
}

fn final_simplex<T: gjk::Scalar, const N: usize>(
    r: &DistanceReport<T, N>,
) -> Option<Simplex<T, N>> {
    match &r.outcome {
        DistanceOutcome::Separated { simplex, .. } | DistanceOutcome::Intersecting { simplex } => {
            Some(simplex.clone())
        }
        DistanceOutcome::NoVerdict { .. } => None,
    }
}

/// `support_indexed` returns `support`'s point, and `vertex` re-reads it
/// by its number; out of range there is no point; shapes that list no
/// points give no numbers.
#[test]
fn the_number_names_the_support_point() {
    fn check<S: Support<f64, N>, const N: usize>(shape: &S, len: u32, what: &str) {
        let mut rng = Lcg(0x1d + N as u64);
        for _ in 0..200 {
            let d = scenes::direction::<N>(&mut rng);
            let (p, i) = shape.support_indexed(&d);
            assert_eq!(p, shape.support(&d), "{what} along {d:?}");
            let i = i.unwrap_or_else(|| panic!("{what}: no number along {d:?}"));
            assert!(i < len, "{what}: number {i} of {len} points");
            assert_eq!(shape.vertex(i), Some(p), "{what}: vertex {i}");
        }
        assert_eq!(shape.vertex(len), None, "{what}: one past the end");
        assert_eq!(shape.vertex(u32::MAX), None, "{what}: u32::MAX");
    }
    let mut rng = Lcg(0x2e);
    let pts3 = scenes::cloud::<3>(&mut rng, Cloud::Ellipsoid, 64);
    let pts2 = scenes::cloud::<2>(&mut rng, Cloud::Ellipsoid, 32);
    let hull = ConvexHull::new(pts3.clone()).unwrap();
    check(&hull, 64, "3D hull");
    check(&ConvexHull::new(pts2.clone()).unwrap(), 32, "2D hull");
    check(&ConvexPolygon::new(pts2).unwrap(), 32, "polygon");
    check(
        &ClimbingHull::new(pts3.clone()).unwrap(),
        64,
        "climbing hull",
    );
    let rows = [
        Vector::<f64, 3>::new(0.0, -1.0, 0.0),
        Vector::<f64, 3>::new(1.0, 0.0, 0.0),
        Vector::<f64, 3>::new(0.0, 0.0, 2.0),
    ];
    let moved = Transformed::new(hull, rows, Vector::<f64, 3>::new(3.0, -1.0, 0.5)).unwrap();
    check(&moved, 64, "transformed hull");
    // Exact scalars number their points too.
    let exact = ConvexHull::new(
        pts3.iter()
            .map(|p| p.map(|x| Rational::from_float(x).unwrap()))
            .collect(),
    )
    .unwrap();
    let d = Vector::<Rational, 3>::new(
        crate::common::rat("1"),
        crate::common::rat("-2"),
        crate::common::rat("3"),
    );
    let (p, i) = exact.support_indexed(&d);
    assert_eq!(exact.vertex(i.unwrap()), Some(p));
    // A ball lists no points.
    let ball = Ball::new(Vector::<f64, 3>::zeros(), 1.0).unwrap();
    assert_eq!(
        ball.support_indexed(&Vector::<f64, 3>::new(1.0, 0.0, 0.0))
            .1,
        None
    );
    assert_eq!(ball.vertex(0), None);
}

/// On a pair moving frame by frame (the `warm distance` bench rows' scene,
/// scan and climbing hulls), the warm start by numbers answers each frame
/// as the cold query does and as the warm start by directions does, and
/// makes fewer support searches than the warm start by directions: the
/// re-read vertices cost none.
#[test]
fn warm_by_numbers_answers_as_cold_with_fewer_searches() {
    let (a, poses) = scenes::moving_pair(32, 60);
    for climb in [false, true] {
        let hull = |p: Vec<Vector<f64, 3>>| {
            let h = ConvexHull::new(p).unwrap();
            Searches(
                ClimbingHull::from_hull_searching_up_to(h, usize::from(!climb) * 64),
                Cell::new(0),
            )
        };
        let a = hull(a.clone());
        let frames: Vec<_> = poses.iter().cloned().map(hull).collect();
        let (mut by_number, mut by_direction) = (None, None);
        let (mut searches_number, mut searches_direction) = (0, 0);
        let (mut separated, mut intersecting) = (0, 0);
        for (k, b) in frames.iter().enumerate() {
            let what = format!("frame {k} (climb: {climb})");
            let cold = distance(&a, b, &DistanceOptions::default()).unwrap();
            let warm = |start: &Option<Simplex<f64, 3>>, searches: &mut usize| {
                let before = a.1.get() + b.1.get();
                let opts = DistanceOptions {
                    warm_start: start.clone(),
                    ..DistanceOptions::default()
                };
                let r = distance(&a, b, &opts).unwrap();
                *searches += a.1.get() + b.1.get() - before;
                r
            };
            let number = warm(&by_number, &mut searches_number);
            let direction = warm(&by_direction, &mut searches_direction);
            for (how, r) in [("by numbers", &number), ("by directions", &direction)] {
                match (&cold.outcome, &r.outcome) {
                    (
                        DistanceOutcome::Separated { dist2: c, .. },
                        DistanceOutcome::Separated { dist2: w, .. },
                    ) => {
                        assert!(
                            (c - w).abs() <= 1e-12 * c.max(1e-12),
                            "{what}, {how}: {w:e} vs cold {c:e}"
                        );
                    }
                    (
                        DistanceOutcome::Intersecting { .. },
                        DistanceOutcome::Intersecting { .. },
                    ) => {}
                    (c, w) => panic!("{what}, {how}: {w:?}, cold {c:?}"),
                }
            }
            separated += usize::from(matches!(cold.outcome, DistanceOutcome::Separated { .. }));
            intersecting +=
                usize::from(matches!(cold.outcome, DistanceOutcome::Intersecting { .. }));
            by_number = final_simplex(&number);
            by_direction = final_simplex(&direction).map(|s| without_numbers(&s));
            assert!(
                by_number
                    .as_ref()
                    .is_some_and(|s| s.iter().all(|v| v.index_a.is_some() && v.index_b.is_some())),
                "{what}: the final simplex carries its numbers"
            );
        }
        assert!(
            separated >= 10 && intersecting >= 10,
            "{separated} / {intersecting}"
        );
        // Each frame re-reads at least one vertex on each shape instead of
        // searching for it (all but the first frame start warm).
        assert!(
            searches_number + 2 * (frames.len() - 1) <= searches_direction,
            "climb: {climb}: {searches_number} searches by numbers, {searches_direction} by directions"
        );
    }
}

/// A warm simplex whose numbers do not fit the current shapes (another,
/// larger hull's) is re-read by its directions: the very answer of the
/// warm start without numbers.
#[test]
fn numbers_out_of_range_fall_back_to_the_search() {
    let mut rng = Lcg(0x3f);
    let big = scenes::hull_pairs::<3>(0x40, Cloud::Ellipsoid, 64, 1e-3, 8);
    let small = scenes::hull_pairs::<3>(0x41, Cloud::Ellipsoid, 8, 1e-3, 8);
    for (k, (p, q)) in big.iter().zip(&small).enumerate() {
        let (a, b) = (
            ConvexHull::new(p.a.clone()).unwrap(),
            ConvexHull::new(p.b.clone()).unwrap(),
        );
        let Some(s) = final_simplex(&distance(&a, &b, &DistanceOptions::default()).unwrap()) else {
            continue;
        };
        let far = renumbered(&s, || (Some(8 + rng.int(0, 55) as u32), Some(u32::MAX)));
        let (a, b) = (
            ConvexHull::new(q.a.clone()).unwrap(),
            ConvexHull::new(q.b.clone()).unwrap(),
        );
        assert_eq!(
            warm_run(&a, &b, far),
            warm_run(&a, &b, without_numbers(&s)),
            "pair {k}"
        );
    }
}

/// Exact mode searches whatever the numbers say (its descent trusts a
/// vertex's direction as a normal): warm starts with and without numbers
/// give the same report.
#[test]
fn exact_mode_ignores_the_numbers() {
    let pairs = scenes::hull_pairs::<3>(0x42, Cloud::Ellipsoid, 12, 1e-3, 6);
    let exact = |p: &[Vector<f64, 3>]| {
        ConvexHull::new(
            p.iter()
                .map(|v| v.map(|x| Rational::from_float(x).unwrap()))
                .collect(),
        )
        .unwrap()
    };
    for (k, pair) in pairs.iter().enumerate() {
        let (a, b) = (exact(&pair.a), exact(&pair.b));
        let Some(s) = final_simplex(&distance(&a, &b, &DistanceOptions::default()).unwrap()) else {
            continue;
        };
        // Numbers that would re-read other points than the directions find.
        let shuffled = renumbered(&s, || (Some(0), Some(1)));
        assert_eq!(
            warm_run(&a, &b, shuffled),
            warm_run(&a, &b, without_numbers(&s)),
            "pair {k}"
        );
    }
}

/// Numbers from an unrelated pair still name points of the current
/// shapes: a worse start, the cold answer.
#[test]
fn numbers_from_another_pair_still_give_the_cold_answer() {
    let pairs = scenes::hull_pairs::<3>(0x43, Cloud::Ellipsoid, 32, 1e-4, 20);
    let hulls: Vec<_> = pairs
        .iter()
        .map(|p| {
            (
                ConvexHull::new(p.a.clone()).unwrap(),
                ConvexHull::new(p.b.clone()).unwrap(),
            )
        })
        .collect();
    for (k, ((a, b), (c, d))) in hulls.iter().zip(hulls.iter().cycle().skip(1)).enumerate() {
        let Some(other) = final_simplex(&distance(c, d, &DistanceOptions::default()).unwrap())
        else {
            continue;
        };
        let cold = distance(a, b, &DistanceOptions::default()).unwrap();
        let warm = warm_run(a, b, other);
        match (cold.outcome.dist2(), warm.outcome.dist2()) {
            (Some(c), Some(w)) => assert!(
                (c - w).abs() <= 1e-12 * c.max(1e-12),
                "pair {k}: {w:e} vs {c:e}"
            ),
            (c, w) => panic!("pair {k}: {w:?} vs cold {c:?}"),
        }
    }
}
