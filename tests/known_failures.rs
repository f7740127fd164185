//! Regression tests from public bug reports against other GJK / EPA
//! libraries (`../shared/known-failures.md`), for the features this crate has
//! so far (boolean verdicts, touching vs penetrating, the iteration cap, bad
//! input). Where a report gives no numbers, the geometry is the closest exact
//! integer / dyadic analogue. The distance reports (fcl #508, #293, openGJK
//! #13, #3, #52) are in `tests/distance.rs`, next to the distance query; EPA
//! reports wait for that feature.

mod common;

use common::Cloud;
use gjk::contact::{contact, Contact};
use gjk::gjk::{gjk, NotConverged, Options, Outcome};
use gjk::{Error, Rational, Scalar, Support, Vector};

fn boxed<T: Scalar>(lo: [f64; 3], hi: [f64; 3], conv: impl Fn(f64) -> T) -> Cloud<T, 3> {
    let mut pts = Vec::new();
    for i in 0..8 {
        let pick = |k: usize| if i >> k & 1 == 0 { lo[k] } else { hi[k] };
        pts.push(Vector::<T, 3>::new(
            conv(pick(0)),
            conv(pick(1)),
            conv(pick(2)),
        ));
    }
    Cloud(pts)
}

fn exact(x: f64) -> Rational {
    gjk::scalar::rational_from_f64(x).unwrap()
}

fn contact_name<T: Scalar, const N: usize>(
    a: &impl Support<T, N>,
    b: &impl Support<T, N>,
    opts: &Options<T, N>,
) -> &'static str {
    contact(a, b, opts).unwrap().contact.name()
}

/// dimforge/parry #253: two triangles, a vertex touching an edge; parry's EPA
/// emptied its heap and panicked, and the later fix reported "no contact".
/// Here: touching, in exact and in f64, with a weakly separating normal.
#[test]
fn parry_253_vertex_touching_an_edge_is_touching() {
    let t = |pts: [[f64; 2]; 3]| pts.map(|p| Vector::<f64, 2>::new(p[0], p[1])).to_vec();
    let a = t([[0.0, 0.0], [4.0, 0.0], [2.0, 2.0]]);
    let b = t([[1.0, 0.0], [3.0, -2.0], [0.0, -3.0]]); // vertex (1, 0) on A's edge y = 0
    let (ea, eb) = (
        common::convert::<Rational, 2>(&to_exact(&a)),
        common::convert::<Rational, 2>(&to_exact(&b)),
    );
    assert_eq!(
        contact_name(&Cloud(ea), &Cloud(eb), &Options::default()),
        "touching"
    );
    assert_eq!(
        contact_name(&Cloud(a), &Cloud(b), &Options::default()),
        "touching"
    );
}

fn to_exact<const N: usize>(v: &[Vector<f64, N>]) -> Vec<Vector<Rational, N>> {
    v.iter()
        .map(|p| Vector::<Rational, N>::from_fn(|i, _| exact(p[i])))
        .collect()
}

/// danfis/libccd #25: two cubes stacked with a z offset of 1.9 (overlapping
/// by 0.1): libccd said "no intersection" with a NaN direction, and another
/// first direction fixed it. Here: penetrating for every start direction, in
/// exact and f64 (1.9 is read as the exact double).
#[test]
fn libccd_25_stacked_cubes_overlap_for_every_start_direction() {
    let dirs = [
        [1.0, 0.0, 0.0],
        [0.0, 1.0, 0.0],
        [0.0, 0.0, 1.0],
        [0.0, 0.0, -1.0],
        [1.0, 1.0, 1.0],
        [-3.0, 0.5, 2.0],
    ];
    for d in dirs {
        let a = boxed([-1.0, -1.0, -1.0], [1.0, 1.0, 1.0], |x| x);
        let b = boxed([-1.0, -1.0, 0.9], [1.0, 1.0, 2.9], |x| x);
        let opts = Options {
            initial_direction: Some(Vector::<f64, 3>::new(d[0], d[1], d[2])),
            ..Options::default()
        };
        assert_eq!(
            contact_name(&a, &b, &opts),
            "penetrating",
            "f64, start {d:?}"
        );
        let ea = boxed([-1.0, -1.0, -1.0], [1.0, 1.0, 1.0], exact);
        let eb = boxed([-1.0, -1.0, 0.9], [1.0, 1.0, 2.9], exact);
        let eopts = Options {
            initial_direction: Some(Vector::<Rational, 3>::new(
                exact(d[0]),
                exact(d[1]),
                exact(d[2]),
            )),
            ..Options::default()
        };
        assert_eq!(
            contact_name(&ea, &eb, &eopts),
            "penetrating",
            "exact, start {d:?}"
        );
    }
}

/// flexible-collision-library/fcl #366: reaching the iteration limit was
/// reported as "separated", and a zero-length direction (touching) returned
/// "no intersection". parry (source): after 100 iterations GJK returns "no
/// intersection" with an arbitrary x axis. Here the cap is its own outcome
/// and touching is touching.
#[test]
fn fcl_366_and_parry_cap_is_not_separation_and_touching_is_not_disjoint() {
    let a = boxed([0.0, 0.0, 0.0], [1.0, 1.0, 1.0], exact);
    let b = boxed([0.25, 0.25, 0.25], [2.0, 2.0, 2.0], exact);
    for cap in 0..4 {
        let report = gjk(
            &a,
            &b,
            &Options {
                max_iterations: cap,
                ..Options::default()
            },
        )
        .unwrap();
        match report.outcome {
            Outcome::Intersecting { .. } => {}
            Outcome::NotConverged {
                reason: NotConverged::IterationCap { cap: c },
                ..
            } => assert_eq!(c, cap),
            other => panic!("cap {cap}: {other:?}"),
        }
    }
    let touching = boxed([1.0, 0.0, 0.0], [2.0, 1.0, 1.0], exact);
    assert_eq!(contact_name(&a, &touching, &Options::default()), "touching");
}

/// fcl #495, #493, #445: boxes in kissing contact, where GJK said touching
/// and EPA said separated. Here the verdict is touching in exact mode for
/// face, edge and vertex kisses, and the same in f64 (dyadic coordinates).
#[test]
fn fcl_495_kissing_boxes_are_touching() {
    let a_lo = [0.0, 0.0, 0.0];
    let a_hi = [0.5, 0.5, 0.5];
    for (lo, hi) in [
        ([0.5, 0.0, 0.0], [1.0, 0.5, 0.5]),
        ([0.5, 0.5, 0.0], [1.0, 1.0, 0.5]),
        ([0.5, 0.5, 0.5], [1.0, 1.0, 1.0]),
        ([0.5, 0.125, 0.25], [0.75, 0.375, 1.5]),
    ] {
        let e = contact_name(
            &boxed(a_lo, a_hi, exact),
            &boxed(lo, hi, exact),
            &Options::default(),
        );
        let f = contact_name(
            &boxed(a_lo, a_hi, |x| x),
            &boxed(lo, hi, |x| x),
            &Options::default(),
        );
        assert_eq!((e, f), ("touching", "touching"), "{lo:?}..{hi:?}");
    }
}

/// MattiaMontanari/openGJK #3: intersecting flat polygons in 3D reported a
/// distance of 0.509. Here: they intersect. Two polygons crossing
/// transversally (perpendicular planes) make A − B full-dimensional, so they
/// penetrate; two coplanar ones make A − B flat, so they can only touch.
#[test]
fn opengjk_3_intersecting_flat_polygons_in_3d() {
    let v = |x: f64, y: f64, z: f64| Vector::<Rational, 3>::new(exact(x), exact(y), exact(z));
    // A square in the plane z = 0 and a triangle crossing it in the plane x = 0.5.
    let a = Cloud(vec![
        v(0.0, 0.0, 0.0),
        v(1.0, 0.0, 0.0),
        v(1.0, 1.0, 0.0),
        v(0.0, 1.0, 0.0),
    ]);
    let b = Cloud(vec![
        v(0.5, 0.5, -1.0),
        v(0.5, 0.25, 1.0),
        v(0.5, 0.75, 1.0),
    ]);
    assert!(gjk::gjk::intersects(&a, &b).unwrap());
    assert_eq!(contact_name(&a, &b, &Options::default()), "penetrating");
    // Coplanar overlapping polygons: also intersecting and (flat) touching.
    let c = Cloud(vec![v(0.5, 0.5, 0.0), v(2.0, 0.5, 0.0), v(0.5, 2.0, 0.0)]);
    assert_eq!(contact_name(&a, &c, &Options::default()), "touching");
}

/// openGJK #52, #41: f32 with coordinates near 9e4: overlapping boxes gave a
/// distance of 0.0033 instead of 0, and NaN after the iteration cap. Here the
/// boolean verdict in f32 is penetrating, with no NaN anywhere.
#[test]
fn opengjk_52_f32_boxes_near_9e4_overlap() {
    let c = 90_000.0f32;
    let a = boxed([-0.5, -0.5, -0.5], [0.5, 0.5, 0.5], |x| x as f32 + c);
    let b = boxed([0.25, -0.5, -0.5], [1.25, 0.5, 0.5], |x| x as f32 + c);
    let k = contact(&a, &b, &Options::default()).unwrap();
    assert_eq!(k.contact.name(), "penetrating", "{k:?}");
}

/// rustgd/collision-rs #111 (f32 infinite loop) and jrl-umi3218/sch-core #28
/// (NaN leads to an infinite loop): NaN gives a typed error, and no input
/// makes the loop run past its cap.
#[test]
fn collision_rs_111_and_sch_28_no_endless_loop() {
    struct Nan;
    impl Support<f32, 3> for Nan {
        fn support(&self, _: &Vector<f32, 3>) -> Vector<f32, 3> {
            Vector::<f32, 3>::new(f32::NAN, 0.0, 0.0)
        }
    }
    let b = boxed([0.0; 3], [1.0; 3], |x| x as f32);
    assert!(matches!(
        gjk(&Nan, &b, &Options::default()),
        Err(Error::NonFiniteSupport { .. })
    ));
    // Thin, nearly touching, badly scaled f32 shapes: the loop ends within the cap.
    let mut rng = common::Lcg(111);
    for _ in 0..300 {
        let mut pts = || {
            (0..rng.int(1, 6))
                .map(|_| {
                    let s = 1e-3 * rng.int(-1000, 1000) as f32;
                    Vector::<f32, 3>::new(4.0e4 + s, s * 1e-3, rng.int(-1, 1) as f32 * 1e-6)
                })
                .collect::<Vec<_>>()
        };
        let (a, b) = (Cloud(pts()), Cloud(pts()));
        let report = gjk(&a, &b, &Options::default()).unwrap();
        assert!(report.iterations <= gjk::gjk::DEFAULT_MAX_ITERATIONS);
        let _ = matches!(
            contact(&a, &b, &Options::default()).unwrap().contact,
            Contact::Penetrating
        );
    }
}
