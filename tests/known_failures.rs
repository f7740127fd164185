//! Regression tests from public bug reports against other GJK / EPA
//! libraries (`../shared/known-failures.md`): boolean verdicts, touching vs
//! penetrating, the iteration cap, bad input, and the EPA reports (parry
//! #253, fcl #495/#493/#445 and #395, ncollide #181, Jolt #419/#940/#1008:
//! penetration depths judged by `oracle::penetration_depth`). Where a report
//! gives no numbers, the geometry is the closest exact integer / dyadic
//! analogue. The distance reports (fcl #508, #293, openGJK #13, #3, #52) are
//! in `tests/distance.rs`, next to the distance query.

use crate::common;

use common::{epa_check, Cloud};
use gjk::boolean::{gjk, Options, Outcome};
use gjk::epa::{epa, epa_from_simplex, EpaOptions, EpaOutcome};
use gjk::verdict::{by_boolean_loop, Verdict};
use gjk::NoVerdict;
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

fn contact_name<T: gjk::Field, const N: usize>(
    a: &impl Support<T, N>,
    b: &impl Support<T, N>,
    opts: &Options<T, N>,
) -> &'static str {
    by_boolean_loop(a, b, opts).unwrap().verdict.name()
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
            Outcome::NoVerdict {
                reason: NoVerdict::IterationCap { cap: c },
                ..
            } => assert_eq!(c, cap),
            other => panic!("cap {cap}: {other:?}"),
        }
    }
    let touching = boxed([1.0, 0.0, 0.0], [2.0, 1.0, 1.0], exact);
    assert_eq!(contact_name(&a, &touching, &Options::default()), "touching");
}

/// The box `A` of the kissing-boxes reports (fcl #495, #493, #445).
const KISSING_A: ([f64; 3], [f64; 3]) = ([0.0, 0.0, 0.0], [0.5, 0.5, 0.5]);
/// Boxes kissing [`KISSING_A`]: on a face, an edge, a vertex, part of a
/// face, and across a face while overlapping it in x and y.
const KISSING_B: [([f64; 3], [f64; 3]); 5] = [
    ([0.5, 0.0, 0.0], [1.0, 0.5, 0.5]),
    ([0.5, 0.5, 0.0], [1.0, 1.0, 0.5]),
    ([0.5, 0.5, 0.5], [1.0, 1.0, 1.0]),
    ([0.5, 0.125, 0.25], [0.75, 0.375, 1.5]),
    ([-0.25, 0.125, 0.5], [0.75, 0.375, 1.5]),
];

/// fcl #495, #493, #445: boxes in kissing contact, where GJK said touching
/// and EPA said separated. Here the verdict is touching in exact mode for
/// face, edge and vertex kisses, and the same in f64 (dyadic coordinates).
#[test]
fn fcl_495_kissing_boxes_are_touching() {
    let (a_lo, a_hi) = KISSING_A;
    for (lo, hi) in KISSING_B {
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
    assert!(gjk::boolean::intersects(&a, &b).unwrap());
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
    let k = by_boolean_loop(&a, &b, &Options::default()).unwrap();
    assert_eq!(k.verdict.name(), "penetrating", "{k:?}");
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
        assert!(report.iterations <= gjk::tolerance::DEFAULT_MAX_ITERATIONS);
        let _ = matches!(
            by_boolean_loop(&a, &b, &Options::default())
                .unwrap()
                .verdict,
            Verdict::Penetrating { .. }
        );
    }
}

// ---------------------------------------------------------------------------
// EPA (penetration depth) reports. Each case is run in exact arithmetic and
// judged by `oracle::penetration_depth` (`common::epa_check`), and in f64.

fn exact_pts<const N: usize>(pts: &[[f64; N]]) -> Vec<Vector<Rational, N>> {
    pts.iter()
        .map(|p| Vector::<Rational, N>::from_fn(|i, _| exact(p[i])))
        .collect()
}

fn box_pts(lo: [f64; 3], hi: [f64; 3]) -> Vec<Vector<Rational, 3>> {
    boxed(lo, hi, exact).0
}

/// dimforge/parry #253: two triangles, a vertex touching an edge. parry's
/// EPA emptied its heap and panicked (the start polytope is flat: the GJK
/// simplex ends on the boundary of A − B), and the later fix returned "no
/// contact". Here EPA says `Touching`, with a normal that weakly separates,
/// in exact and in f64; the same for two triangles in 3D touching
/// vertex-to-edge, whose A − B is flat in 3D.
#[test]
fn parry_253_epa_on_a_touching_start_is_touching() {
    let a = exact_pts(&[[0.0, 0.0], [4.0, 0.0], [2.0, 2.0]]);
    let b = exact_pts(&[[1.0, 0.0], [3.0, -2.0], [0.0, -3.0]]);
    assert_eq!(
        epa_check::exact_matches_oracle(&a, &b).0,
        epa_check::Verdict::Touching
    );
    let fa = Cloud(common::convert::<f64, 2>(&a));
    let fb = Cloud(common::convert::<f64, 2>(&b));
    let f = epa(&fa, &fb, &EpaOptions::default()).unwrap();
    assert!(matches!(f.outcome, EpaOutcome::Touching { .. }), "{f:?}");
    // 3D: both triangles in the plane z = 0 (A − B flat), and a triangle
    // standing on the plane of another with one vertex on its edge.
    let t = exact_pts(&[[0.0, 0.0, 0.0], [4.0, 0.0, 0.0], [2.0, 2.0, 0.0]]);
    for other in [
        exact_pts(&[[1.0, 0.0, 0.0], [3.0, -2.0, 0.0], [0.0, -3.0, 0.0]]),
        exact_pts(&[[1.0, 0.0, 0.0], [3.0, -2.0, 1.0], [0.0, -3.0, 2.0]]),
    ] {
        assert_eq!(
            epa_check::exact_matches_oracle(&t, &other).0,
            epa_check::Verdict::Touching
        );
        let f = epa(
            &Cloud(common::convert::<f64, 3>(&t)),
            &Cloud(common::convert::<f64, 3>(&other)),
            &EpaOptions::default(),
        )
        .unwrap();
        assert!(matches!(f.outcome, EpaOutcome::Touching { .. }), "{f:?}");
    }
}

/// fcl #495, #493, #445: boxes in kissing contact; GJK said touching and
/// EPA then threw "origin outside the polytope" / reported them separated.
/// Here EPA after GJK (and from the boolean run's own simplex) says
/// `Touching` with depth 0 for face, edge and vertex kisses, exactly and in
/// f64 — never "separated".
#[test]
fn fcl_495_epa_on_kissing_boxes_is_touching() {
    let (a_lo, a_hi) = KISSING_A;
    for (lo, hi) in KISSING_B {
        let (a, b) = (box_pts(a_lo, a_hi), box_pts(lo, hi));
        assert_eq!(
            epa_check::exact_matches_oracle(&a, &b).0,
            epa_check::Verdict::Touching,
            "{lo:?}..{hi:?}"
        );
        let (fa, fb) = (boxed(a_lo, a_hi, |x| x), boxed(lo, hi, |x| x));
        let f = epa(&fa, &fb, &EpaOptions::default()).unwrap();
        assert!(
            matches!(f.outcome, EpaOutcome::Touching { .. }),
            "{lo:?}..{hi:?}: {f:?}"
        );
        // EPA from the boolean run's simplex, as fcl does.
        let Outcome::Intersecting { simplex, .. } =
            gjk(&fa, &fb, &Options::default()).unwrap().outcome
        else {
            panic!("GJK: not intersecting");
        };
        let f = epa_from_simplex(&fa, &fb, &simplex, &EpaOptions::default()).unwrap();
        assert_eq!(f.outcome.depth2(), Some(0.0), "{lo:?}..{hi:?}: {f:?}");
    }
}

/// fcl #395: EPA threw on a zero-area face of a thin box. Here boxes of
/// thickness 0 (a flat rectangle), 2⁻²⁰ and 2⁻⁴⁰ crossing a unit cube: exact
/// EPA gives the oracle's depth (for the flat one A − B is still a solid);
/// f64 gives the same within its bound or says why it cannot
/// (`DegenerateFacet`), and never panics or claims "no contact".
#[test]
fn fcl_395_thin_boxes() {
    let cube = box_pts([0.0, 0.0, 0.0], [1.0, 1.0, 1.0]);
    let mut f64_answers = 0;
    for t in [0.0, 2f64.powi(-20), 2f64.powi(-40)] {
        let thin = box_pts([0.25, -0.5, 0.5], [0.75, 1.5, 0.5 + t]);
        let (verdict, depth2) = epa_check::exact_matches_oracle(&cube, &thin);
        assert!(
            matches!(verdict, epa_check::Verdict::Penetrating { .. }),
            "{t}"
        );
        match epa_check::f64_agrees(&cube, &thin, &depth2) {
            Ok(_) => f64_answers += 1,
            Err(reason) => assert!(
                matches!(
                    reason,
                    NoVerdict::DegenerateFacet | NoVerdict::InconsistentHorizon
                ),
                "{t}: {reason}"
            ),
        }
    }
    assert!(f64_answers >= 2, "{f64_answers}");
}

/// dimforge/ncollide #181: a 2D EPA assertion failed after a long
/// simulation (a degenerate polytope). Here 300 random nearly degenerate 2D
/// pairs in f64 — nearly collinear points, near-duplicates, tiny and huge
/// offsets — never panic, and every answer agrees with the exact oracle on
/// the same doubles (within the f64 bound); the few without an answer say
/// why, and are under 5%.
#[test]
fn ncollide_181_nearly_degenerate_2d_pairs() {
    let mut g = common::Lcg(181);
    let mut unit = || g.int(0, 1 << 20) as f64 / (1 << 20) as f64;
    let mut no_answer = 0;
    let mut tally = [0usize; 3];
    let cases = 300;
    for k in 0..cases {
        let eps = [1e-3, 1e-8, 1e-12, 1e-15][k % 4];
        let mut cloud = |n: usize, flat: bool| -> Vec<[f64; 2]> {
            let (x0, y0) = (unit() - 0.5, unit() - 0.5);
            (0..n)
                .map(|_| {
                    let t = unit() * 2.0 - 1.0;
                    let e = (unit() - 0.5) * eps;
                    if flat {
                        // Nearly on the line through (x0, y0) along (1, 1/3).
                        [x0 + t, y0 + t / 3.0 + e]
                    } else {
                        [x0 + t + e, y0 + (unit() - 0.5) * 2.0]
                    }
                })
                .collect()
        };
        let a = cloud(2 + k % 3, true);
        let mut b = cloud(1 + k % 4, k % 2 == 0);
        if k % 5 == 0 {
            // A near-duplicate of one of A's points.
            b.push([a[0][0] + eps, a[0][1] - eps]);
        }
        let (ea, eb) = (exact_pts(&a), exact_pts(&b));
        let (verdict, depth2) = epa_check::exact_matches_oracle(&ea, &eb);
        let v = match verdict {
            epa_check::Verdict::Penetrating { .. } => 0,
            epa_check::Verdict::Touching => 1,
            epa_check::Verdict::Separated => 2,
        };
        tally[v] += 1;
        if epa_check::f64_agrees(&ea, &eb, &depth2).is_err() {
            no_answer += 1;
        }
    }
    eprintln!("penetrating, touching, separated: {tally:?}; f64 without an answer: {no_answer}");
    assert!(tally[0] >= cases / 4, "{tally:?}");
    assert!(
        no_answer * 20 <= cases,
        "{no_answer} of {cases} without an answer"
    );
}

/// jrouwe/JoltPhysics #419, #940, #1008: spurious large penetration depths
/// (0.5 for shapes 0.01 apart, up to 16 m). Here two boxes and two rotated
/// hulls 0.01 apart are `NotIntersecting`; overlapping by 0.01 (also at
/// 16 m from the origin) they give the oracle's small depth, exactly, and
/// f64 within its bound.
#[test]
fn jolt_419_no_spurious_depths() {
    let gap = exact(0.01);
    let shift = |pts: &[Vector<Rational, 3>], d: [Rational; 3]| -> Vec<Vector<Rational, 3>> {
        pts.iter()
            .map(|p| p + Vector::<Rational, 3>::new(d[0].clone(), d[1].clone(), d[2].clone()))
            .collect()
    };
    let zero = || Rational::from_integer(0.into());
    let unit = box_pts([0.0, 0.0, 0.0], [1.0, 1.0, 1.0]);
    // A slanted hull: a tetrahedron-ish cloud, and its mirror beyond x = 1.
    let hull = exact_pts(&[
        [0.0, 0.0, 0.0],
        [1.0, 0.25, 0.0],
        [0.75, 1.0, 0.5],
        [0.25, 0.5, 1.0],
        [1.0, 0.5, 0.75],
    ]);
    let mirror: Vec<Vector<Rational, 3>> = hull
        .iter()
        .map(|p| Vector::<Rational, 3>::new(exact(2.0) - p[0].clone(), p[1].clone(), p[2].clone()))
        .collect();
    for (a, b) in [(&unit, &unit), (&hull, &mirror)] {
        // The gap along x between them, then 0.01 more or less.
        let max_a = a.iter().map(|p| p[0].clone()).max().unwrap();
        let min_b_next = b.iter().map(|p| p[0].clone()).min().unwrap();
        let to_touch = max_a - min_b_next;
        for (delta, penetrating) in [(gap.clone(), false), (-gap.clone(), true)] {
            for far in [0.0, 16.0] {
                let d = [
                    to_touch.clone() + delta.clone() + exact(far),
                    exact(far),
                    zero(),
                ];
                let (a2, b2) = (shift(a, [exact(far), exact(far), zero()]), shift(b, d));
                let (verdict, depth2) = epa_check::exact_matches_oracle(&a2, &b2);
                assert_eq!(
                    matches!(verdict, epa_check::Verdict::Penetrating { .. }),
                    penetrating,
                    "delta {delta}, far {far}"
                );
                if penetrating {
                    // At most 0.01: the overlap along x.
                    assert!(depth2 <= gap.clone() * gap.clone(), "{depth2}");
                }
                let got = epa_check::f64_agrees(&a2, &b2, &depth2);
                assert!(got.is_ok(), "f64: {got:?}");
            }
        }
    }
}
