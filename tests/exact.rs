//! The exact mode that finds in `f64` and proves exactly (`gjk::exact`) and
//! the certificate verifier (`gjk::certificate`), against the exact oracle
//! (`gjk-oracle`, the judge) on small integer clouds in 1D–4D:
//!
//! * every answer of `exact_query` (proved or by the fallback) is the
//!   oracle's relation, squared distance and squared depth, and every
//!   certificate it returns verifies again;
//! * certificates made at random or tampered with are checked the other
//!   way: whatever the verifier accepts, the oracle confirms.
//!
//! A failure prints the case as exact rationals.

use crate::common;

use common::Lcg;
use gjk::certificate::{verify, Certificate, Pair, Proved};
use gjk::exact::{exact_query, ExactAnswer, ExactOptions, Fallback, Unmeasured, Unproved};
use gjk::filtered::PointSet;
use gjk::NoVerdict;
use gjk::{Rational, Vector};
use gjk_oracle::{self as oracle, PenetrationDepth, Relation};
use num_traits::Zero;

fn rows<const N: usize>(v: &[Vector<Rational, N>]) -> Vec<Vec<Rational>> {
    v.iter().map(|p| p.iter().cloned().collect()).collect()
}

fn ctx<const N: usize>(a: &[Vector<Rational, N>], b: &[Vector<Rational, N>]) -> String {
    format!("{N}D A = {}, B = {}", common::show(a), common::show(b))
}

#[derive(Default, Debug)]
struct Tally {
    proved: usize,
    fallback: usize,
    random_accepted: usize,
    kinds: std::collections::BTreeMap<&'static str, usize>,
}

fn q(n: i64, d: i64) -> Rational {
    Rational::new(n.into(), d.into())
}

fn one_case<const N: usize>(
    a: &[Vector<Rational, N>],
    b: &[Vector<Rational, N>],
    rng: &mut Lcg,
    t: &mut Tally,
) {
    let c = ctx(a, b);
    let (ra, rb) = (rows(a), rows(b));
    let relation = oracle::relation(&ra, &rb).unwrap();
    let dist2 = oracle::distance_squared(&ra, &rb).unwrap().dist2;
    let depth2 = match oracle::penetration_depth(&ra, &rb).unwrap() {
        PenetrationDepth::Penetrating { depth2, .. } => Some(depth2),
        PenetrationDepth::NotPenetrating { .. } => None,
    };
    let sa = PointSet::from_rational(a.to_vec()).unwrap();
    let sb = PointSet::from_rational(b.to_vec()).unwrap();
    let report = exact_query(&sa, &sb, &ExactOptions::default()).unwrap();
    match &report.answer {
        ExactAnswer::Separated { separation, .. } => {
            assert_eq!(relation, Relation::Separated, "{c}");
            assert_eq!(separation.as_ref().unwrap().dist2, dist2, "{c}");
        }
        ExactAnswer::Touching { .. } => assert_eq!(relation, Relation::Touching, "{c}"),
        ExactAnswer::Penetrating { depth } => {
            assert_eq!(relation, Relation::Penetrating, "{c}");
            assert_eq!(
                Some(&depth.as_ref().unwrap().depth2),
                depth2.as_ref(),
                "{c}"
            );
        }
        other => panic!("{c}: {other:?}"),
    }
    if report.fallback.is_none() {
        t.proved += 1;
    } else {
        t.fallback += 1;
    }
    for cert in &report.certificates {
        *t.kinds.entry(cert.name()).or_default() += 1;
        let proved = verify(&sa, &sb, cert);
        assert!(proved.is_ok(), "{c}: {cert:?} -> {proved:?}");
    }
    // Random certificates: whatever is accepted, the oracle confirms.
    let span = 4;
    let direction = Vector::<Rational, N>::from_fn(|_, _| q(rng.int(-span, span), 1));
    let random_pair = |rng: &mut Lcg| Pair {
        a: rng.int(0, a.len() as i64 - 1) as usize,
        b: rng.int(0, b.len() as i64 - 1) as usize,
    };
    let k = rng.int(1, N as i64 + 1) as usize;
    let pairs: Vec<Pair> = (0..k).map(|_| random_pair(rng)).collect();
    let raw: Vec<i64> = (0..k).map(|_| rng.int(0, 3)).collect();
    let total: i64 = raw.iter().sum::<i64>().max(1);
    let weights: Vec<Rational> = raw.iter().map(|&w| q(w, total)).collect();
    let normal = direction.clone();
    let touching_a: Vec<(usize, Rational)> = pairs
        .iter()
        .zip(&weights)
        .map(|(p, w)| (p.a, w.clone()))
        .collect();
    let touching_b: Vec<(usize, Rational)> = pairs
        .iter()
        .zip(&weights)
        .map(|(p, w)| (p.b, w.clone()))
        .collect();
    let mut random = vec![
        Certificate::Separated { direction },
        Certificate::Distance {
            pairs: pairs.clone(),
            weights: weights.clone(),
        },
        Certificate::Intersecting {
            pairs: pairs.clone(),
            weights: weights.clone(),
        },
        Certificate::Touching {
            normal,
            a: touching_a,
            b: touching_b,
        },
    ];
    // The returned depth certificate with one facet dropped or doubled.
    for cert in &report.certificates {
        if let Certificate::Depth {
            vertices,
            facets,
            nearest,
        } = cert
        {
            let i = rng.int(0, facets.len() as i64 - 1) as usize;
            let mut dropped = facets.clone();
            dropped.remove(i);
            let mut doubled = facets.clone();
            doubled.push(facets[i]);
            for f in [dropped, doubled] {
                let nearest = (*nearest).min(f.len().saturating_sub(1));
                random.push(Certificate::Depth {
                    vertices: vertices.clone(),
                    facets: f,
                    nearest,
                });
            }
        }
    }
    for cert in &random {
        let Ok(p) = verify(&sa, &sb, cert) else {
            continue;
        };
        t.random_accepted += 1;
        match p {
            Proved::Separated => assert_eq!(relation, Relation::Separated, "{c}: {cert:?}"),
            Proved::Touching { .. } => assert_eq!(relation, Relation::Touching, "{c}: {cert:?}"),
            Proved::Penetrating => assert_eq!(relation, Relation::Penetrating, "{c}: {cert:?}"),
            Proved::Distance { dist2: d, .. } => assert_eq!(d, dist2, "{c}: {cert:?}"),
            Proved::Depth { depth2: d, .. } => {
                assert_eq!(Some(d), depth2.clone(), "{c}: {cert:?}")
            }
        }
    }
}

fn run<const N: usize>(cases: usize, seed: u64) -> Tally {
    let mut rng = Lcg(seed);
    let mut t = Tally::default();
    // The oracle's enumeration limits the clouds' size in 3D and 4D.
    let most = match N {
        1 | 2 => 6,
        3 => 5,
        _ => 4,
    };
    for k in 0..cases {
        let a = rng.cloud::<N>(most, 3);
        let mut b = rng.cloud::<N>(most, 3);
        // Every third pair: B moved off, to get separated pairs too.
        if k % 3 == 0 {
            let shift = Vector::<Rational, N>::from_fn(|_, _| q(rng.int(-4, 4), 1));
            for p in &mut b {
                *p += &shift;
            }
        }
        one_case(&a, &b, &mut rng, &mut t);
    }
    t
}

/// `GJK_LONG_TESTS=1` runs ten times as many cases (a minute or more).
fn scale() -> usize {
    if std::env::var_os("GJK_LONG_TESTS").is_some() {
        10
    } else {
        1
    }
}

#[test]
fn exact_query_and_verifier_agree_with_the_oracle() {
    let k = scale();
    let tallies = [
        run::<1>(50 * k, 1),
        run::<2>(60 * k, 2),
        run::<3>(40 * k, 3),
        run::<4>(12 * k, 4),
    ];
    for (d, t) in tallies.iter().enumerate() {
        eprintln!("{}D: {t:?}", d + 1);
        // Not vacuous: most answers are proved, and each kind of
        // certificate occurs.
        assert!(t.proved > t.fallback, "{}D: {t:?}", d + 1);
        assert!(t.random_accepted > 0, "{}D: {t:?}", d + 1);
    }
    let mut kinds = std::collections::BTreeMap::new();
    for t in &tallies {
        for (k, n) in &t.kinds {
            *kinds.entry(*k).or_insert(0) += n;
        }
    }
    for k in ["distance", "intersecting", "touching", "depth"] {
        assert!(
            kinds.get(k).copied().unwrap_or(0) > 0,
            "no {k} certificate: {kinds:?}"
        );
    }
}

/// Doubles are exact inputs too: the same answers from `f64` point sets.
#[test]
fn doubles_are_exact_inputs() {
    let a: Vec<Vector<f64, 3>> = vec![
        Vector::<f64, 3>::new(0.0, 0.0, 0.0),
        Vector::<f64, 3>::new(1.0, 0.0, 0.0),
        Vector::<f64, 3>::new(0.0, 1.0, 0.0),
        Vector::<f64, 3>::new(0.0, 0.0, 1.0),
    ];
    // B: A moved by (1 + 2⁻⁵⁰) along x: A's vertex (1, 0, 0) and B's
    // (1 + 2⁻⁵⁰, 0, 0) are the nearest pair (the projection of B's vertex on
    // A's face x + y + z = 1 falls outside A), 2⁻⁵⁰ apart.
    let gap = 2f64.powi(-50);
    let b: Vec<Vector<f64, 3>> = a
        .iter()
        .map(|p| p + Vector::<f64, 3>::new(1.0 + gap, 0.0, 0.0))
        .collect();
    let sa = PointSet::from_f64(a).unwrap();
    let sb = PointSet::from_f64(b).unwrap();
    let r = exact_query(&sa, &sb, &ExactOptions::default()).unwrap();
    let ExactAnswer::Separated { separation, .. } = &r.answer else {
        panic!("{r:?}");
    };
    let g = gjk::scalar::rational_from_f64(gap).unwrap();
    assert_eq!(separation.as_ref().unwrap().dist2, &g * &g, "{r:?}");
    assert!(!separation.as_ref().unwrap().dist2.is_zero());
}

/// Mirror images that overlap: every point `aₖ − b̃ₖ` of `A − B` (a point
/// and its own image) lies on the `x₀` axis, so the float search ended
/// with the origin on an inner segment of `A − B`, where no normal
/// supports it. The exact mode then fell back to the exact loops on every
/// such pair (3D n = 32 of `benches/exact.rs`: 450× the `f64` time); now
/// EPA's depth certificate proves the overlap. The answer is the oracle's,
/// with no fallback.
#[test]
fn overlapping_mirror_images_are_proved_without_the_exact_loops() {
    let a: Vec<Vector<Rational, 3>> = [[3, 1, 2], [-2, 4, 1], [1, -3, 3], [0, 2, -4], [-1, -1, -2]]
        .iter()
        .map(|p| Vector::from_fn(|k, _| q(p[k], 1)))
        .collect();
    let m = a.iter().map(|p| p[0].clone()).max().unwrap();
    // The mirror image through x₀ = max x₀, moved back by 2: overlapping.
    let b: Vec<Vector<Rational, 3>> = a
        .iter()
        .map(|p| {
            let mut r = p.clone();
            r[0] = &m * q(2, 1) - &p[0] - q(2, 1);
            r
        })
        .collect();
    let sa = PointSet::from_rational(a.clone()).unwrap();
    let sb = PointSet::from_rational(b.clone()).unwrap();
    let report = exact_query(&sa, &sb, &ExactOptions::default()).unwrap();
    let c = ctx(&a, &b);
    assert!(report.fallback.is_none(), "{c}: {:?}", report.fallback);
    let want = match oracle::penetration_depth(&rows(&a), &rows(&b)).unwrap() {
        PenetrationDepth::Penetrating { depth2, .. } => depth2,
        other => panic!("{c}: oracle {other:?}"),
    };
    match &report.answer {
        ExactAnswer::Penetrating { depth: Ok(d) } => assert_eq!(d.depth2, want, "{c}"),
        other => panic!("{c}: {other:?}"),
    }
    for cert in &report.certificates {
        assert!(verify(&sa, &sb, cert).is_ok(), "{c}: {cert:?}");
    }
}

/// Asserts that the exact mode proves `A` and `B` touching without its
/// fallback, that the oracle agrees, and that every certificate verifies.
fn proved_touching<const N: usize>(a: &[Vector<Rational, N>], b: &[Vector<Rational, N>]) {
    let c = ctx(a, b);
    let sa = PointSet::from_rational(a.to_vec()).unwrap();
    let sb = PointSet::from_rational(b.to_vec()).unwrap();
    let report = exact_query(&sa, &sb, &ExactOptions::default()).unwrap();
    assert!(report.fallback.is_none(), "{c}: {:?}", report.fallback);
    assert!(
        matches!(report.answer, ExactAnswer::Touching { .. }),
        "{c}: {:?}",
        report.answer
    );
    assert_eq!(
        oracle::relation(&rows(a), &rows(b)).unwrap(),
        Relation::Touching,
        "{c}"
    );
    for cert in &report.certificates {
        assert!(verify(&sa, &sb, cert).is_ok(), "{c}: {cert:?}");
    }
}

/// Touching pairs whose float search ends with the origin on a face of the
/// simplex, where the float EPA then finds the origin on the boundary: its
/// normal, rounded, supports one vertex of each touching face, so it did
/// not verify, and the exact mode fell back to the exact loops (the
/// `diff_nd` corpus inputs `d9a613c9…`, `e796f638…`, `de37d277…`, 4D–5D,
/// 7 ms under `diff_exact`). Snapped to the faces it nearly supports, the
/// normal proves touching: no fallback, the oracle's relation.
#[test]
fn touching_normals_from_float_epa_are_snapped_to_the_contact() {
    fn check<const N: usize>(a: &[[i64; N]], b: &[[i64; N]], exp: i32) {
        let points = |s: &[[i64; N]]| -> Vec<Vector<Rational, N>> {
            let rows: Vec<Vec<i64>> = s.iter().map(|p| p.to_vec()).collect();
            gjk_gen::exact_rows(&rows, exp)
                .iter()
                .map(|r| Vector::from_fn(|k, _| r[k].clone()))
                .collect()
        };
        proved_touching(&points(a), &points(b));
    }
    check::<4>(
        &[
            [1165, -376, -553, -145],
            [-11, -376, -553, -145],
            [-11, -376, 1163, -1861],
            [1165, 28, -553, -145],
            [-11, 28, -553, -145],
            [1165, -376, 1163, -1861],
            [1165, 28, 1163, -1861],
            [-11, 28, 1163, -1861],
        ],
        &[
            [656, -909, -386, -312],
            [772, 28, 500, -1003],
            [656, 561, 996, -1694],
            [498, -909, -386, -312],
            [498, 561, 996, -1694],
            [656, -909, 996, -1694],
            [498, 561, -386, -312],
            [1169, -369, 500, -1003],
            [498, -909, 996, -1694],
            [772, -369, 897, -1400],
            [656, 561, -386, -312],
            [375, -766, 103, -606],
        ],
        -63,
    );
    check::<5>(
        &[[-2, 2, 1, 0, 3], [-2, -1, 1, -3, 1], [-2, -1, 1, -3, 3]],
        &[
            [0, -6, 3, -2, 2],
            [-1, 2, -1, -1, 3],
            [0, -2, 0, -3, 1],
            [-2, -1, 2, -3, 1],
            [-3, -1, 1, -2, 2],
        ],
        0,
    );
    check::<4>(
        &[[21, 6, 11, -16], [21, 18, 5, -16]],
        &[
            [33, 12, 8, -4],
            [21, 11, 5, -16],
            [9, 0, -4, -4],
            [21, 12, 20, -4],
            [21, 13, 11, -16],
            [21, 24, 8, -4],
            [8, -3, -3, -4],
        ],
        -3,
    );
}

/// Shapes in one hyperplane that meet: a flat shape and its copy (`N`
/// points in `N`D, as `diff_exact`'s grown corpus has them in 5D–6D), and
/// two overlapping polygons in one plane of 3D. The float search ends with
/// the origin on a face, the float EPA finds it on the boundary, and
/// neither its normal nor the snapped ones verified (a flat set's width
/// along a float direction is rounding noise): the exact mode fell back
/// to the exact loops, a sixth of `diff_exact`'s late-phase time. The
/// normal of the common hyperplane proves touching: no fallback, the
/// oracle's relation.
#[test]
fn shapes_in_one_hyperplane_touch_by_its_normal() {
    fn copies<const N: usize>(rng: &mut Lcg) {
        for _ in 0..5 {
            let a: Vec<Vector<Rational, N>> = (0..N)
                .map(|_| Vector::from_fn(|_, _| q(rng.int(-1000, 1000), 8)))
                .collect();
            proved_touching(&a, &a);
        }
    }
    let mut rng = Lcg(0x9e37_79b9);
    copies::<3>(&mut rng);
    copies::<4>(&mut rng);
    copies::<5>(&mut rng);
    copies::<6>(&mut rng);
    // The plane x + 2y − z = 3: a triangle and a square across it.
    let on_plane =
        |x: i64, y: i64| Vector::<Rational, 3>::new(q(x, 1), q(y, 1), q(x + 2 * y - 3, 1));
    let a = [on_plane(0, 0), on_plane(4, 0), on_plane(0, 4)];
    let b = [
        on_plane(1, 1),
        on_plane(5, 1),
        on_plane(5, 5),
        on_plane(1, 5),
    ];
    proved_touching(&a, &b);
}

/// A shape and its copy (`gjk_gen`'s `identical` family): `A − A` is
/// symmetric, so the float loop's support points come in opposite pairs
/// and its simplex ends with the origin on a face. The relation was then
/// proved by a float EPA and its depth certificate, even with
/// `relation_only` (2.6 ms a case in 6D, three quarters of `diff_nd`'s
/// time on its grown corpus). Now the points the two sets share prove it:
/// an intersecting certificate, no depth computed, no fallback.
#[test]
fn a_shape_and_its_copy_are_proved_by_their_shared_points() {
    fn check<const N: usize>(rng: &mut Lcg) {
        // `2N` points in general position with probability one: full-dimensional.
        let a: Vec<Vector<Rational, N>> = (0..2 * N)
            .map(|_| Vector::from_fn(|_, _| q(rng.int(-1000, 1000), 8)))
            .collect();
        let c = ctx(&a, &a);
        let s = PointSet::from_rational(a.clone()).unwrap();
        let opts = ExactOptions {
            relation_only: true,
            ..ExactOptions::default()
        };
        let report = exact_query(&s, &s, &opts).unwrap();
        assert!(report.fallback.is_none(), "{c}: {:?}", report.fallback);
        assert!(
            matches!(
                &report.answer,
                ExactAnswer::Penetrating {
                    depth: Err(Unmeasured::RelationOnly)
                }
            ),
            "{c}: {:?}",
            report.answer
        );
        assert!(
            report
                .certificates
                .iter()
                .any(|cert| matches!(cert, Certificate::Intersecting { .. })),
            "{c}: {:?}",
            report.certificates
        );
        for cert in &report.certificates {
            assert!(verify(&s, &s, cert).is_ok(), "{c}: {cert:?}");
        }
        if N <= 4 {
            assert_eq!(
                oracle::relation(&rows(&a), &rows(&a)).unwrap(),
                Relation::Penetrating,
                "{c}"
            );
        }
    }
    let mut rng = Lcg(29);
    for _ in 0..8 {
        check::<2>(&mut rng);
        check::<3>(&mut rng);
        check::<4>(&mut rng);
        check::<5>(&mut rng);
        check::<6>(&mut rng);
    }
}

/// Why the float stage proved nothing is a value a caller can match on
/// (`Unproved`), and so is why an answer has no distance (`Unmeasured`):
/// two cubes 1 apart, the float loop capped at one support point, so it
/// gives no verdict; the exact loops (capped too) prove the pair separated
/// by their first axis, and their distance loop stops at the cap.
#[test]
fn the_reasons_for_a_fallback_are_typed() {
    let cube = |x0: i64| -> Vec<Vector<Rational, 3>> {
        (0..8)
            .map(|k| Vector::from_fn(|i, _| q(x0 * i64::from(i == 0) + ((k >> i) & 1), 1)))
            .collect()
    };
    let (a, b) = (cube(0), cube(2));
    let c = ctx(&a, &b);
    let sa = PointSet::from_rational(a.clone()).unwrap();
    let sb = PointSet::from_rational(b.clone()).unwrap();
    let capped = ExactOptions {
        max_iterations: 1,
        ..ExactOptions::default()
    };
    let report = exact_query(&sa, &sb, &capped).unwrap();
    let reason = Unproved::FloatLoopNoVerdict(NoVerdict::IterationCap { cap: 1 });
    assert_eq!(
        report.fallback,
        Some(Fallback {
            stage: "verdict",
            reason: reason.clone(),
        }),
        "{c}"
    );
    assert_eq!(
        reason.to_string(),
        "f64 loop: iteration cap of 1 support calls reached"
    );
    // The texts are the ones the `String` reasons had.
    let rejected = Unproved::Rejected {
        certificate: "distance",
        rejection: gjk::certificate::Rejection::Support,
    };
    assert_eq!(
        rejected.to_string(),
        "distance certificate: a support pass refutes the claim"
    );
    assert_eq!(
        Unmeasured::DistanceContradicts.to_string(),
        "the exact distance loop contradicts the verdict"
    );
    assert_eq!(
        Unmeasured::EpaContradicts {
            outcome: "touching"
        }
        .to_string(),
        "exact EPA contradicts the verdict (touching)"
    );
    assert_eq!(
        Unmeasured::RelationOnly.to_string(),
        gjk::exact::RELATION_ONLY
    );
    assert!(
        matches!(
            &report.answer,
            ExactAnswer::Separated {
                separation: Err(Unmeasured::NoVerdict(NoVerdict::IterationCap { cap: 1 })),
                ..
            }
        ),
        "{c}: {:?}",
        report.answer
    );
    // Uncapped, the same pair is proved separated with its distance.
    let report = exact_query(&sa, &sb, &ExactOptions::default()).unwrap();
    match &report.answer {
        ExactAnswer::Separated {
            separation: Ok(s), ..
        } => assert_eq!(s.dist2, q(1, 1), "{c}"),
        other => panic!("{c}: {other:?}"),
    }
    assert_eq!(report.fallback, None, "{c}");
}
