//! The shapes of `gjk::shape` through the public API: GJK on pairs with
//! known answers, Minkowski sums, affine images, and a regression test for a
//! known failure of another library.

use gjk::boolean::intersects;
use gjk::scalar::{integer, ratio};
use gjk::shape::{
    Ball, Capsule, Cone, ConvexHull, ConvexPolygon, Cuboid, Cylinder, MinkowskiSum, Segment,
    Transformed, Triangle,
};
use gjk::vector::{apply_rows, dot};
use gjk::{Rational, Support, Vector};

fn q3(x: i64, y: i64, z: i64) -> Vector<Rational, 3> {
    Vector::<Rational, 3>::new(integer(x), integer(y), integer(z))
}

fn f3(x: f64, y: f64, z: f64) -> Vector<f64, 3> {
    Vector::<f64, 3>::new(x, y, z)
}

fn cuboid_q(min: (i64, i64, i64), max: (i64, i64, i64)) -> Cuboid<Rational, 3> {
    Cuboid::new(q3(min.0, min.1, min.2), q3(max.0, max.1, max.2)).unwrap()
}

// ---------------------------------------------------------------------------
// (1) GJK on shape pairs with known answers.
// ---------------------------------------------------------------------------

#[test]
fn exact_cuboids_touching_face_to_face_intersect() {
    let a = cuboid_q((0, 0, 0), (1, 1, 1));
    // Sharing the face x = 1 (offset in y and z so the face contact is partial).
    let b = cuboid_q((1, -3, 0), (4, 1, 2));
    assert_eq!(intersects(&a, &b), Ok(true));
    assert_eq!(intersects(&b, &a), Ok(true));
    // Touching along an edge only, and at a corner only.
    assert_eq!(intersects(&a, &cuboid_q((1, 1, -5), (2, 2, 5))), Ok(true));
    assert_eq!(intersects(&a, &cuboid_q((1, 1, 1), (2, 2, 2))), Ok(true));
    // A gap of 1/1000 along x: separated.
    let gap = Cuboid::new(
        Vector::<Rational, 3>::new(ratio(1001, 1000).unwrap(), integer(-3), integer(0)),
        q3(4, 1, 2),
    )
    .unwrap();
    assert_eq!(intersects(&a, &gap), Ok(false));
}

#[test]
fn exact_polytope_pairs() {
    // A triangle piercing a box, a segment grazing its top face, a polygon
    // separated from it by a diagonal plane.
    let bx = cuboid_q((0, 0, 0), (2, 2, 2));
    let tri = Triangle::new(q3(1, 1, -1), q3(5, 1, 3), q3(1, 5, 3)).unwrap();
    assert_eq!(intersects(&bx, &tri), Ok(true));
    let seg = Segment::new(q3(-1, 1, 2), q3(3, 1, 2)).unwrap();
    assert_eq!(intersects(&bx, &seg), Ok(true));
    let poly = ConvexPolygon::new(vec![q3(7, 0, 0), q3(0, 7, 0), q3(0, 0, 7)]).unwrap();
    // x + y + z = 7 versus the box's far corner at x + y + z = 6.
    assert_eq!(intersects(&bx, &poly), Ok(false));
    let poly6 = ConvexPolygon::new(vec![q3(6, 0, 0), q3(0, 6, 0), q3(0, 0, 6)]).unwrap();
    assert_eq!(intersects(&bx, &poly6), Ok(true)); // touches at (2, 2, 2)
}

#[test]
fn ball_and_box_separated_by_one_half() {
    let ball = Ball::new(f3(0.0, 0.0, 0.0), 1.0).unwrap();
    let bx = Cuboid::new(f3(1.5, -1.0, -1.0), f3(2.5, 1.0, 1.0)).unwrap();
    assert_eq!(intersects(&ball, &bx), Ok(false));
    assert_eq!(intersects(&bx, &ball), Ok(false));
    // Moved 0.75 closer they overlap by 0.25.
    let near = Cuboid::new(f3(0.75, -1.0, -1.0), f3(1.75, 1.0, 1.0)).unwrap();
    assert_eq!(intersects(&ball, &near), Ok(true));
}

#[test]
fn capsule_and_segment() {
    let cap = Capsule::new(f3(0.0, 0.0, 0.0), f3(2.0, 0.0, 0.0), 1.0).unwrap();
    // Crossing the capsule's body at y = 0.5.
    let crossing = Segment::new(f3(1.0, 0.5, -3.0), f3(1.0, 0.5, 3.0)).unwrap();
    assert_eq!(intersects(&cap, &crossing), Ok(true));
    // Parallel to the axis at distance 1.5.
    let parallel = Segment::new(f3(-1.0, 1.5, 0.0), f3(3.0, 1.5, 0.0)).unwrap();
    assert_eq!(intersects(&cap, &parallel), Ok(false));
    // Past the rounded end: (3.5, 0, 0) is 1.5 from b; (2.5, 0.5, 0) is √0.5 < 1 from b.
    let beyond = Segment::new(f3(3.5, -1.0, 0.0), f3(3.5, 1.0, 0.0)).unwrap();
    assert_eq!(intersects(&cap, &beyond), Ok(false));
    let cap_end = Segment::new(f3(2.5, 0.5, -1.0), f3(2.5, 0.5, 1.0)).unwrap();
    assert_eq!(intersects(&cap, &cap_end), Ok(true));
    // Near the corner of a box's outline, but outside the rounded end:
    // (2.8, 0.8, 0) is √1.28 > 1 from b.
    let corner = Segment::new(f3(2.8, 0.8, -1.0), f3(2.8, 0.8, 1.0)).unwrap();
    assert_eq!(intersects(&cap, &corner), Ok(false));
}

#[test]
fn cone_and_cylinder_placed_by_transforms() {
    // A cone with its apex at z = 1 under a cylinder whose bottom cap is at
    // z = 0.75 (the apex pokes into it) or at z = 1.25 (a gap of 1/4).
    let cone = Cone::new(1.0, 1.0).unwrap();
    let cyl = Cylinder::new(1.0, 2.0).unwrap();
    let over = Transformed::translation(&cyl, f3(0.0, 0.0, 1.75)).unwrap();
    assert_eq!(intersects(&cone, &over), Ok(true));
    let apart = Transformed::translation(&cyl, f3(0.0, 0.0, 2.25)).unwrap();
    assert_eq!(intersects(&cone, &apart), Ok(false));
    // Beside the cone's slanted side: at height z = 0 the cone's radius is
    // 1/2, so a thin cylinder (radius 1/4) centred at x = 1 misses it...
    let thin = Cylinder::new(0.125, 0.25).unwrap();
    let side = Transformed::translation(&thin, f3(1.0, 0.0, 0.0)).unwrap();
    assert_eq!(intersects(&cone, &side), Ok(false));
    // ...and one centred at x = 0.625 overlaps it.
    let side = Transformed::translation(&thin, f3(0.625, 0.0, 0.0)).unwrap();
    assert_eq!(intersects(&cone, &side), Ok(true));
}

// ---------------------------------------------------------------------------
// (2) Minkowski sums.
// ---------------------------------------------------------------------------

#[test]
fn box_plus_ball_is_a_rounded_box() {
    let bx = Cuboid::new(f3(-1.0, -1.0, -1.0), f3(1.0, 1.0, 1.0)).unwrap();
    let ball = Ball::new(f3(0.0, 0.0, 0.0), 0.5).unwrap();
    let rounded = MinkowskiSum::new(&bx, &ball);
    // Support: the box corner plus r d/|d|.
    let s = rounded.support(&f3(1.0, 1.0, 0.0));
    let h = 0.5 * std::f64::consts::FRAC_1_SQRT_2;
    assert!((s - f3(1.0 + h, 1.0 + h, -1.0)).norm() < 1e-15, "{s}");
    assert_eq!(rounded.support(&f3(0.0, 0.0, 2.0)), f3(-1.0, -1.0, 1.5));
    // Against points: faces are pushed out by 0.5, edges are rounded.
    let point = |x, y, z| Ball::new(f3(x, y, z), 0.0).unwrap();
    assert_eq!(intersects(&rounded, &point(1.4, 0.0, 0.0)), Ok(true));
    assert_eq!(intersects(&rounded, &point(1.6, 0.0, 0.0)), Ok(false));
    // 0.3·√2 ≈ 0.42 < 0.5 from the edge x = y = 1: inside.
    assert_eq!(intersects(&rounded, &point(1.3, 1.3, 0.0)), Ok(true));
    // 0.4·√2 ≈ 0.57 > 0.5 from the edge, though inside the box grown by 0.5.
    assert_eq!(intersects(&rounded, &point(1.4, 1.4, 0.0)), Ok(false));
    let grown = Cuboid::new(f3(-1.5, -1.5, -1.5), f3(1.5, 1.5, 1.5)).unwrap();
    assert_eq!(intersects(&grown, &point(1.4, 1.4, 0.0)), Ok(true));
    // 0.25·√3 ≈ 0.43 from the corner: inside; 0.3·√3 ≈ 0.52: outside.
    assert_eq!(intersects(&rounded, &point(1.25, 1.25, 1.25)), Ok(true));
    assert_eq!(intersects(&rounded, &point(1.3, 1.3, 1.3)), Ok(false));
}

#[test]
fn segment_plus_ball_is_a_capsule() {
    let (a, b) = (f3(1.0, -2.0, 0.5), f3(-1.0, 3.0, 2.0));
    let cap = Capsule::new(a, b, 0.75).unwrap();
    let seg = Segment::new(a, b).unwrap();
    let ball = Ball::new(f3(0.0, 0.0, 0.0), 0.75).unwrap();
    let sum = MinkowskiSum::new(seg, ball);
    for x in -2..=2 {
        for y in -2..=2 {
            for z in -2..=2 {
                let d = f3(x as f64, y as f64, z as f64);
                assert_eq!(sum.support(&d), cap.support(&d), "direction {d}");
            }
        }
    }
}

// ---------------------------------------------------------------------------
// (3) Affine images, exactly.
// ---------------------------------------------------------------------------

/// The transformed box and the hull of the transformed corners agree in
/// support value for every direction of a grid, and in support point
/// wherever the maximiser is unique; GJK gives the same answers on both.
fn transformed_box_is_the_hull_of_its_corners(
    rows: [Vector<Rational, 3>; 3],
    t: Vector<Rational, 3>,
) {
    let bx = cuboid_q((-1, 0, 2), (3, 1, 5));
    let corners: Vec<Vector<Rational, 3>> = (0..8)
        .map(|m| {
            q3(
                if m & 1 == 1 { 3 } else { -1 },
                if m & 2 == 2 { 1 } else { 0 },
                if m & 4 == 4 { 5 } else { 2 },
            )
        })
        .collect();
    let image: Vec<Vector<Rational, 3>> =
        corners.iter().map(|p| apply_rows(&rows, p) + &t).collect();
    let hull = ConvexHull::new(image.clone()).unwrap();
    let tb = Transformed::new(&bx, rows, t).unwrap();
    for x in -3..=3 {
        for y in -3..=3 {
            for z in -3..=3 {
                let d = q3(x, y, z);
                let (s, h) = (tb.support(&d), hull.support(&d));
                assert_eq!(dot(&s, &d), dot(&h, &d), "direction {d}");
                let best = dot(&h, &d);
                if image.iter().filter(|p| dot(p, &d) == best).count() == 1 {
                    assert_eq!(s, h, "direction {d}");
                }
            }
        }
    }
    // Probes around the image: the same verdict from both representations.
    for cx in -6..=6 {
        for cy in -6..=6 {
            let probe = cuboid_q((cx * 2, cy * 2, 0), (cx * 2 + 1, cy * 2 + 1, 20));
            assert_eq!(
                intersects(&tb, &probe),
                intersects(&hull, &probe),
                "probe at ({cx}, {cy})"
            );
        }
    }
}

#[test]
fn transformed_cuboid_matches_the_hull_of_transformed_corners() {
    // A rotation by 90° about z (orthogonal, integer), with a translation.
    transformed_box_is_the_hull_of_its_corners(
        [q3(0, -1, 0), q3(1, 0, 0), q3(0, 0, 1)],
        q3(3, -2, 7),
    );
    // A non-orthogonal integer matrix (determinant 3).
    transformed_box_is_the_hull_of_its_corners(
        [q3(1, 2, 0), q3(0, 1, 1), q3(1, 0, 2)],
        q3(0, 1, -1),
    );
    // A rational shear with a negative determinant.
    let half = ratio(1, 2).unwrap();
    transformed_box_is_the_hull_of_its_corners(
        [
            Vector::<Rational, 3>::new(integer(0), integer(1), half.clone()),
            q3(1, 0, 0),
            Vector::<Rational, 3>::new(-half, integer(0), integer(1)),
        ],
        q3(0, 0, 0),
    );
}

// ---------------------------------------------------------------------------
// (4) Regression: dimforge/ncollide #157.
// ---------------------------------------------------------------------------

// Known failure "dimforge/ncollide #157": a cuboid vs a cylinder at distance
// 0 was reported as intersecting, yet no contact was produced; shifting both
// shapes by 60 along z changed the answer. Here the cuboid rests exactly on
// the top cap of the cylinder. All coordinates are dyadic (small multiples of
// powers of two), so adding 60 to every z is exact in f64, the support points
// of A − B are bit-for-bit the same in both positions, and the verdict must
// be too.

fn stacked(gap: f64, shift: f64) -> Result<bool, gjk::Error> {
    let (cyl, bx) = stacked_shapes(gap, shift);
    intersects(&cyl, &bx)
}

type Placed<S> = Transformed<S, f64, 3>;

fn stacked_shapes(gap: f64, shift: f64) -> (Placed<Cylinder<f64>>, Placed<Cuboid<f64, 3>>) {
    // Cylinder: radius 1, |z| ≤ 1; its top cap is at z = 1.
    let cyl = Cylinder::new(1.0, 1.0).unwrap();
    // A 1.5 × 1.5 × 1 cuboid whose bottom face is at z = 1 + gap, off centre.
    let bx = Cuboid::new(f3(-0.25, -1.0, 1.0 + gap), f3(1.25, 0.5, 2.0 + gap)).unwrap();
    let t = f3(0.0, 0.0, shift);
    let cyl = Transformed::translation(cyl, t).unwrap();
    let bx = Transformed::translation(bx, t).unwrap();
    (cyl, bx)
}

/// The whole run, not just the verdict: the same number of support calls,
/// the same outcome, and bit-identical support points `w` of `A − B`.
fn same_run(gap: f64) {
    let opts = gjk::boolean::Options::default();
    let [here, moved] = [0.0, 60.0].map(|shift| {
        let (cyl, bx) = stacked_shapes(gap, shift);
        let mut trace: Vec<gjk::boolean::Step<f64, 3>> = Vec::new();
        let report = gjk::boolean::gjk_observed(&cyl, &bx, &opts, &mut trace).unwrap();
        let ws: Vec<Vector<f64, 3>> = trace.into_iter().map(|s| s.vertex.w).collect();
        (report.outcome.name(), report.iterations, ws)
    });
    assert_eq!(here, moved, "gap {gap}");
}

#[test]
fn ncollide_157_cuboid_resting_on_cylinder_is_translation_invariant() {
    assert_eq!(stacked(0.0, 0.0), Ok(true));
    assert_eq!(stacked(0.0, 60.0), Ok(true));
    let gap = 2f64.powi(-20);
    assert_eq!(stacked(gap, 0.0), Ok(false));
    assert_eq!(stacked(gap, 60.0), Ok(false));
    // And a small overlap, for completeness.
    assert_eq!(stacked(-gap, 0.0), Ok(true));
    assert_eq!(stacked(-gap, 60.0), Ok(true));
    for g in [0.0, gap, -gap] {
        same_run(g);
    }
}

/// `ConvexHull::of_vertices` answers as the whole hull does: the exact
/// distance query on pairs of small-integer clouds (many repeated, collinear
/// and coplanar points; shifted apart or overlapping), each hull given whole
/// and as its vertices, gives the same outcome and the same exact `dist²`.
#[test]
fn a_vertex_hull_gives_the_same_exact_distance() {
    use gjk::distance::{distance, DistanceOptions, DistanceOutcome};
    let mut lcg = crate::common::Lcg(0x7e47);
    let mut separated = 0;
    for case in 0..16 {
        let shift = [0, 9, -3, -10, 5, 12, -1, -11][case % 8];
        let a: Vec<Vector<Rational, 3>> = lcg.cloud::<3>(25, 4);
        let b: Vec<Vector<Rational, 3>> = lcg
            .cloud::<3>(25, 4)
            .into_iter()
            .map(|p| p + q3(shift, 0, 0))
            .collect();
        let answer = |a: ConvexHull<Rational, 3>, b: ConvexHull<Rational, 3>| match distance(
            &a,
            &b,
            &DistanceOptions::default(),
        )
        .unwrap()
        .outcome
        {
            DistanceOutcome::Separated { dist2, .. } => Some(dist2),
            DistanceOutcome::Intersecting { .. } => None,
            other => panic!("case {case}: no verdict: {other:?}"),
        };
        let whole = answer(
            ConvexHull::new(a.clone()).unwrap(),
            ConvexHull::new(b.clone()).unwrap(),
        );
        let kept = answer(
            ConvexHull::of_vertices(a.clone()).unwrap(),
            ConvexHull::of_vertices(b.clone()).unwrap(),
        );
        assert_eq!(whole, kept, "case {case}: a = {a:?}, b = {b:?}");
        separated += usize::from(whole.is_some());
    }
    assert!((4..=12).contains(&separated), "{separated} of 16 separated");
}
