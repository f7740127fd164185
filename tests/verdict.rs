//! The three-way query with evidence (`gjk::verdict`) against the exact
//! oracle in 1D–4D, against the boolean `contact` query in 2D and 3D, in
//! `f64` against exact mode, and the warm start.

use crate::common;

use common::{Cloud, Lcg};
use gjk::boolean::Options;
use gjk::distance::{DistanceOptions, DistanceOutcome};
use gjk::scalar::integer;
use gjk::tolerance::TOUCH_BAND_FACTOR;
use gjk::verdict::{by_boolean_loop, by_distance_loop, Separation, Verdict};
use gjk::{Error, Rational, Scalar, Simplex, Vector};
use gjk_oracle::{self as oracle, Relation};
use num_traits::Zero;

fn rows<const N: usize>(v: &[Vector<Rational, N>]) -> Vec<Vec<Rational>> {
    v.iter().map(|p| p.iter().cloned().collect()).collect()
}

fn row<const N: usize>(p: &Vector<Rational, N>) -> Vec<Rational> {
    p.iter().cloned().collect()
}

fn ctx<const N: usize>(a: &[Vector<Rational, N>], b: &[Vector<Rational, N>]) -> String {
    format!("{N}D A = {}, B = {}", common::show(a), common::show(b))
}

#[derive(Default, Debug)]
struct Tally {
    separated: usize,
    touching: usize,
    overlapping: usize,
}

/// Exact verdict == oracle, with every piece of evidence checked exactly.
fn check_exact<const N: usize>(
    a: &[Vector<Rational, N>],
    b: &[Vector<Rational, N>],
    t: &mut Tally,
) {
    let (ra, rb) = (rows(a), rows(b));
    let c = ctx(a, b);
    let want = oracle::relation(&ra, &rb).unwrap();
    let r = by_distance_loop(
        &Cloud(a.to_vec()),
        &Cloud(b.to_vec()),
        &DistanceOptions::default(),
    )
    .unwrap();
    match (&r.verdict, want) {
        (
            Verdict::Separated {
                axis,
                separation:
                    Some(Separation {
                        dist2,
                        witness_a,
                        witness_b,
                    }),
            },
            Relation::Separated,
        ) => {
            let d = oracle::distance_squared(&ra, &rb).unwrap();
            assert_eq!(*dist2, d.dist2, "{c}");
            assert!(oracle::intersects(&ra, &[row(witness_a)]).unwrap(), "{c}");
            assert!(oracle::intersects(&rb, &[row(witness_b)]).unwrap(), "{c}");
            assert!(
                oracle::strictly_separates(&ra, &rb, &row(axis)).unwrap(),
                "{c}"
            );
            t.separated += 1;
        }
        (
            Verdict::Touching {
                point: Some(point),
                normal,
            },
            Relation::Touching,
        ) => {
            assert!(oracle::intersects(&ra, &[row(point)]).unwrap(), "{c}");
            assert!(oracle::intersects(&rb, &[row(point)]).unwrap(), "{c}");
            assert!(oracle::separates(&ra, &rb, &row(normal)).unwrap(), "{c}");
            t.touching += 1;
        }
        (Verdict::Penetrating { point: Some(point) }, Relation::Penetrating) => {
            assert!(oracle::intersects(&ra, &[row(point)]).unwrap(), "{c}");
            assert!(oracle::intersects(&rb, &[row(point)]).unwrap(), "{c}");
            t.overlapping += 1;
        }
        (got, want) => panic!("verdict {} but the oracle says {want:?}: {c}", got.name()),
    }
}

/// Random small-integer clouds: small spans make touching common. Half the
/// time B's first point is put on a segment of A (touching or overlapping
/// even in 4D, where random clouds rarely meet).
fn random_exact<const N: usize>(seed: u64, cases: usize, max_points: usize, span: i64) -> Tally {
    let mut g = Lcg(seed);
    let mut t = Tally::default();
    for _ in 0..cases {
        let a = g.cloud::<N>(max_points, span);
        let mut b = g.cloud::<N>(max_points, span);
        if g.int(0, 1) == 1 {
            let half = Rational::new(1.into(), 2.into());
            b[0] = (&a[0] + &a[a.len() - 1]) * half;
        }
        check_exact(&a, &b, &mut t);
    }
    eprintln!("{N}D: {t:?}");
    assert!(
        t.separated > 0 && t.touching > 0 && t.overlapping > 0,
        "{N}D: every verdict must occur: {t:?}"
    );
    t
}

#[test]
fn exact_verdict_matches_the_oracle_1d() {
    random_exact::<1>(11, 400, 3, 3);
}

#[test]
fn exact_verdict_matches_the_oracle_2d() {
    random_exact::<2>(12, 500, 4, 2);
}

#[test]
fn exact_verdict_matches_the_oracle_3d() {
    random_exact::<3>(13, 400, 5, 1);
}

#[test]
fn exact_verdict_matches_the_oracle_4d() {
    random_exact::<4>(14, 250, 4, 1);
}

/// Flat shapes: every intersecting pair whose `A − B` is not
/// full-dimensional is touching (the descent ends with a single vertex).
#[test]
fn flat_pairs_touch_in_every_dimension() {
    fn flat<const N: usize>(seed: u64) {
        let mut g = Lcg(seed);
        let mut t = Tally::default();
        for _ in 0..150 {
            // Both clouds in the hyperplane x₀ = 0.
            let mut a = g.cloud::<N>(4, 2);
            let mut b = g.cloud::<N>(4, 2);
            for p in a.iter_mut().chain(b.iter_mut()) {
                p[0] = Rational::zero();
            }
            check_exact(&a, &b, &mut t);
        }
        assert_eq!(t.overlapping, 0, "{N}D: {t:?}");
        assert!(t.touching > 0, "{N}D: {t:?}");
    }
    flat::<2>(21);
    flat::<3>(22);
    flat::<4>(23);
}

/// The two routes to the three-way answer agree exactly: the boolean loop
/// with the spec's classifier (`contact`) and the distance loop with the
/// projected descent (`verdict`).
#[test]
fn verdict_and_contact_agree_2d_and_3d() {
    fn agree<const N: usize>(seed: u64, span: i64) {
        let mut g = Lcg(seed);
        for _ in 0..400 {
            let a = g.cloud::<N>(5, span);
            let b = g.cloud::<N>(5, span);
            let c =
                by_boolean_loop(&Cloud(a.clone()), &Cloud(b.clone()), &Options::default()).unwrap();
            let v = by_distance_loop(
                &Cloud(a.clone()),
                &Cloud(b.clone()),
                &DistanceOptions::default(),
            )
            .unwrap();
            let same = matches!(
                (&c.verdict, &v.verdict),
                (Verdict::Separated { .. }, Verdict::Separated { .. })
                    | (Verdict::Touching { .. }, Verdict::Touching { .. })
                    | (Verdict::Penetrating { .. }, Verdict::Penetrating { .. })
            );
            assert!(
                same,
                "contact {} vs verdict {}: {}",
                c.verdict.name(),
                v.verdict.name(),
                ctx(&a, &b)
            );
        }
    }
    agree::<2>(31, 2);
    agree::<3>(32, 1);
}

/// The verdict of two point clouds with the default options (unwrapped).
fn verdict_of<T: gjk::Field, const N: usize>(
    a: &[Vector<T, N>],
    b: &[Vector<T, N>],
) -> Verdict<T, N> {
    by_distance_loop(
        &Cloud(a.to_vec()),
        &Cloud(b.to_vec()),
        &DistanceOptions::default(),
    )
    .unwrap()
    .verdict
}

fn to_f64<const N: usize>(v: &[Vector<Rational, N>]) -> Vec<Vector<f64, N>> {
    common::convert::<f64, N>(v)
}

/// A float type `T` on exactly representable inputs (small integers):
/// outside the touching band the verdict is the exact one; exact touching is
/// touching in floats too (the band's purpose); a separated distance is
/// within `rel · (1 + dist²)` of the exact one. Returns how many exact
/// verdicts were touching.
fn float_matches_exact<T, const N: usize>(seed: u64, cases: usize, span: i64, rel: f64) -> usize
where
    T: gjk::scalar::FromRational + gjk::Real,
{
    let mut g = Lcg(seed);
    let mut in_band = 0;
    for _ in 0..cases {
        let a = g.cloud::<N>(5, span);
        let b = g.cloud::<N>(5, span);
        let exact = verdict_of(&a, &b);
        let (fa, fb) = (common::convert::<T, N>(&a), common::convert::<T, N>(&b));
        let float = verdict_of(&fa, &fb);
        let c = ctx(&a, &b);
        match (&exact, &float) {
            (
                Verdict::Separated {
                    separation: Some(Separation { dist2: e, .. }),
                    ..
                },
                Verdict::Separated {
                    separation: Some(Separation { dist2: f, .. }),
                    ..
                },
            ) => {
                let (e, f) = (e.to_f64(), f.to_f64());
                assert!(
                    (f - e).abs() <= rel * (1.0 + e),
                    "{} {f} vs {e}: {c}",
                    T::NAME
                );
            }
            (Verdict::Touching { .. }, Verdict::Touching { .. })
            | (Verdict::Penetrating { .. }, Verdict::Penetrating { .. }) => {}
            (e, f) => panic!("exact {} vs {} {}: {c}", e.name(), T::NAME, f.name()),
        }
        in_band += usize::from(matches!(exact, Verdict::Touching { .. }));
    }
    in_band
}

/// `f64`: the distance within `10⁻¹²` relative.
#[test]
fn f64_verdict_matches_exact_outside_the_band() {
    assert!(float_matches_exact::<f64, 2>(41, 300, 2, 1e-12) > 0);
    assert!(float_matches_exact::<f64, 3>(42, 300, 1, 1e-12) > 0);
    assert!(float_matches_exact::<f64, 4>(43, 300, 1, 1e-12) > 0);
}

/// `f32` likewise (small integers are exact in `f32` too), the distance
/// within `f32`'s tolerances (relative `2 · REL_TOL_FACTOR · 2⁻²⁴ ≈
/// 1.2·10⁻⁴`, with room).
#[test]
fn f32_verdict_matches_exact_outside_the_band() {
    float_matches_exact::<f32, 2>(44, 200, 2, 2.5e-4);
    float_matches_exact::<f32, 3>(45, 200, 1, 2.5e-4);
    float_matches_exact::<f32, 4>(46, 200, 1, 2.5e-4);
}

/// Where the band starts to matter: a gap well inside `τ` is touching in
/// `f64`, a gap well outside it is separated; exact mode has no band.
#[test]
fn the_touching_band_in_f64() {
    let tau = TOUCH_BAND_FACTOR * f64::UNIT_ROUNDOFF; // scale ≈ 1 here
    let square = |x0: f64| {
        vec![
            Vector::<f64, 2>::new(x0, 0.0),
            Vector::<f64, 2>::new(x0 + 1.0, 0.0),
            Vector::<f64, 2>::new(x0, 1.0),
            Vector::<f64, 2>::new(x0 + 1.0, 1.0),
        ]
    };
    // A at x ∈ [1, 2], B at x ∈ [2 + gap, 3 + gap]: coordinates of size ≈ 2,
    // so τ · scale is about 4.5·10⁻¹³.
    let a = Cloud(square(1.0));
    for (gap, want) in [
        (0.0, "touching"),
        (tau / 8.0, "touching"),
        (tau * 8.0, "separated"),
        (1e-9, "separated"),
    ] {
        let r =
            by_distance_loop(&a, &Cloud(square(2.0 + gap)), &DistanceOptions::default()).unwrap();
        assert_eq!(r.verdict.name(), want, "gap {gap:e} (τ = {tau:e})");
        // Exact mode on the same doubles: any non-zero gap is separated.
        let ea: Vec<Vector<Rational, 2>> = square(1.0)
            .iter()
            .map(|p| p.map(|x| gjk::scalar::rational_from_f64(x).unwrap()))
            .collect();
        let eb: Vec<Vector<Rational, 2>> = square(2.0 + gap)
            .iter()
            .map(|p| p.map(|x| gjk::scalar::rational_from_f64(x).unwrap()))
            .collect();
        let r = by_distance_loop(&Cloud(ea), &Cloud(eb), &DistanceOptions::default()).unwrap();
        let want = if gap == 0.0 { "touching" } else { "separated" };
        assert_eq!(r.verdict.name(), want, "exact, gap {gap:e}");
    }
}

/// Frame-to-frame use: B moves along a path; each frame is queried cold and
/// warm-started from the previous frame's simplex. The answer never changes
/// (exact mode: identical verdicts and squared distances), and warm starts
/// save support calls overall.
#[test]
fn warm_start_never_changes_the_answer() {
    fn frames<const N: usize>(seed: u64) -> (usize, usize) {
        let mut g = Lcg(seed);
        let (mut cold_calls, mut warm_calls) = (0, 0);
        for _ in 0..12 {
            let a = g.cloud::<N>(8, 4);
            let b0 = g.cloud::<N>(8, 4);
            let step =
                Vector::<Rational, N>::from_fn(|_, _| Rational::new(g.int(-2, 2).into(), 2.into()));
            let mut warm: Option<Simplex<Rational, N>> = None;
            for f in 0..16 {
                let shift = &step * integer(f - 8);
                let b: Vec<Vector<Rational, N>> = b0.iter().map(|p| p + &shift).collect();
                let cold = by_distance_loop(
                    &Cloud(a.clone()),
                    &Cloud(b.clone()),
                    &DistanceOptions::default(),
                )
                .unwrap();
                let opts = DistanceOptions {
                    warm_start: warm.take(),
                    ..DistanceOptions::default()
                };
                let hot = by_distance_loop(&Cloud(a.clone()), &Cloud(b.clone()), &opts).unwrap();
                let c = ctx(&a, &b);
                assert_eq!(cold.verdict.name(), hot.verdict.name(), "frame {f}: {c}");
                if let (
                    Verdict::Separated {
                        separation: Some(Separation { dist2: x, .. }),
                        ..
                    },
                    Verdict::Separated {
                        separation: Some(Separation { dist2: y, .. }),
                        ..
                    },
                ) = (&cold.verdict, &hot.verdict)
                {
                    assert_eq!(x, y, "frame {f}: {c}");
                }
                cold_calls += cold.iterations;
                warm_calls += hot.iterations;
                warm = Some(hot.simplex);
            }
        }
        eprintln!("{N}D: cold {cold_calls} support calls, warm {warm_calls}");
        (cold_calls, warm_calls)
    }
    let (c2, w2) = frames::<2>(51);
    let (c3, w3) = frames::<3>(52);
    let (c4, w4) = frames::<4>(53);
    assert!(w2 + w3 + w4 < c2 + c3 + c4, "warm starts should save work");
}

/// A warm simplex from an unrelated query, a hand-built one with no
/// directions, and one with a NaN direction: the answer is unchanged or the
/// input is rejected with a typed error.
#[test]
fn stale_and_bad_warm_simplices() {
    let mut g = Lcg(61);
    let unrelated = {
        let a = g.cloud::<3>(6, 5);
        let b = g.cloud::<3>(6, 5);
        by_distance_loop(&Cloud(a), &Cloud(b), &DistanceOptions::default())
            .unwrap()
            .simplex
    };
    for _ in 0..100 {
        let a = g.cloud::<3>(6, 2);
        let b = g.cloud::<3>(6, 2);
        let cold = by_distance_loop(
            &Cloud(a.clone()),
            &Cloud(b.clone()),
            &DistanceOptions::default(),
        )
        .unwrap();
        for warm in [
            unrelated.clone(),
            Simplex::from_points(a.iter().take(4).cloned()).unwrap(),
        ] {
            let opts = DistanceOptions {
                warm_start: Some(warm),
                ..DistanceOptions::default()
            };
            let hot = by_distance_loop(&Cloud(a.clone()), &Cloud(b.clone()), &opts).unwrap();
            assert_eq!(cold.verdict.name(), hot.verdict.name(), "{}", ctx(&a, &b));
            if let (
                Verdict::Separated {
                    separation: Some(Separation { dist2: x, .. }),
                    ..
                },
                Verdict::Separated {
                    separation: Some(Separation { dist2: y, .. }),
                    ..
                },
            ) = (&cold.verdict, &hot.verdict)
            {
                assert_eq!(x, y);
            }
        }
    }
    // A NaN direction in a float warm simplex is an error, not a guess.
    let a = Cloud(vec![Vector::<f64, 2>::new(0.0, 0.0)]);
    let b = Cloud(vec![Vector::<f64, 2>::new(1.0, 0.0)]);
    let mut warm = by_distance_loop(&a, &b, &DistanceOptions::default())
        .unwrap()
        .simplex;
    assert!(!warm.is_empty());
    let nan = {
        let mut v = warm.get(0).unwrap().clone();
        v.dir = Vector::<f64, 2>::new(f64::NAN, 0.0);
        v
    };
    warm = Simplex::from_vertices([nan]).unwrap();
    let opts = DistanceOptions {
        warm_start: Some(warm),
        ..DistanceOptions::default()
    };
    assert!(matches!(
        by_distance_loop(&a, &b, &opts),
        Err(Error::NonFinite { .. })
    ));
}

/// The distance loop itself with a warm start: same exact squared distance
/// as cold, on the distance tests' random pairs.
#[test]
fn warm_distance_equals_cold_distance() {
    let mut g = Lcg(71);
    for _ in 0..200 {
        let a = g.cloud::<3>(4, 3);
        let b = g.cloud::<3>(4, 3);
        let prev = g.cloud::<3>(4, 3);
        let warm =
            gjk::distance::distance(&Cloud(prev), &Cloud(b.clone()), &DistanceOptions::default())
                .unwrap();
        let warm = match warm.outcome {
            DistanceOutcome::Separated { simplex, .. }
            | DistanceOutcome::Intersecting { simplex } => simplex,
            DistanceOutcome::NoVerdict { .. } => panic!("exact mode converges"),
        };
        let cold = gjk::distance::distance(
            &Cloud(a.clone()),
            &Cloud(b.clone()),
            &DistanceOptions::default(),
        )
        .unwrap();
        let hot = gjk::distance::distance(
            &Cloud(a.clone()),
            &Cloud(b.clone()),
            &DistanceOptions {
                warm_start: Some(warm),
                ..DistanceOptions::default()
            },
        )
        .unwrap();
        // Exact mode always converges here: `None` (not converged) must not
        // pass as "distance 0".
        let want = oracle::distance_squared(&rows(&a), &rows(&b))
            .unwrap()
            .dist2;
        assert_eq!(cold.outcome.dist2(), Some(want.clone()), "{}", ctx(&a, &b));
        assert_eq!(hot.outcome.dist2(), Some(want), "{}", ctx(&a, &b));
    }
}

/// `f64` shapes that share an exactly representable vertex `p`, with a
/// vertex of `A` within `10⁻⁸` of `p` (an ill-conditioned face of `A − B`
/// next to the origin): never separated. The distance loop stops on such a
/// face with `|v| ≈ 10⁻⁹`, far above the band, because `v`'s rounding is
/// amplified by the face's conditioning; the axis then proves no gap, and
/// the answer is touching or overlapping.
#[test]
fn f64_shapes_sharing_a_vertex_are_never_separated() {
    let mut g = Lcg(777);
    for _ in 0..1500 {
        let mut r = || g.int(-1_000_000, 1_000_000) as f64 / 1e6 * std::f64::consts::PI;
        let p = Vector::<f64, 3>::new(r(), r(), r());
        let (mut a, mut b) = (vec![p], vec![p]);
        for _ in 0..3 {
            a.push(Vector::<f64, 3>::new(r(), r(), r()));
            b.push(Vector::<f64, 3>::new(r(), r(), r()));
        }
        a.push(p + Vector::<f64, 3>::new(r(), r(), r()) * 1e-8);
        let v = verdict_of(&a, &b);
        let bits = |s: &[Vector<f64, 3>]| -> Vec<[u64; 3]> {
            s.iter()
                .map(|q| [q[0].to_bits(), q[1].to_bits(), q[2].to_bits()])
                .collect()
        };
        assert_ne!(
            v.name(),
            "separated",
            "{v:?}: A bits = {:?}, B bits = {:?}",
            bits(&a),
            bits(&b)
        );
    }
}

/// Float verdicts are scale-free: small integers times `2^±30` (exact in
/// `f64` and `f32`) get the exact verdict in both, in 1D–4D.
#[test]
fn float_verdicts_at_scales_2_pow_30_and_2_pow_minus_30() {
    fn run<const N: usize>(seed: u64) {
        let mut g = Lcg(seed);
        for _ in 0..100 {
            let a = g.cloud::<N>(5, 2);
            let mut b = g.cloud::<N>(5, 2);
            if g.int(0, 1) == 1 {
                b[0] = a[0].clone();
            }
            let exact = verdict_of(&a, &b);
            for s in [2f64.powi(30), 2f64.powi(-30)] {
                let fa: Vec<Vector<f64, N>> = to_f64(&a).into_iter().map(|p| p * s).collect();
                let fb: Vec<Vector<f64, N>> = to_f64(&b).into_iter().map(|p| p * s).collect();
                let c = format!("scale {s:e}: {}", ctx(&a, &b));
                let f = verdict_of(&fa, &fb);
                assert_eq!(exact.name(), f.name(), "f64 {c}");
                let (ga, gb): (Vec<Vector<f32, N>>, Vec<Vector<f32, N>>) = (
                    fa.iter().map(|p| p.map(|x| x as f32)).collect(),
                    fb.iter().map(|p| p.map(|x| x as f32)).collect(),
                );
                let f = verdict_of(&ga, &gb);
                assert_eq!(exact.name(), f.name(), "f32 {c}");
            }
        }
    }
    run::<1>(81);
    run::<2>(82);
    run::<3>(83);
    run::<4>(84);
}

/// Found in review: in a projected sub-query the distance loop judged "the
/// origin reached" by the projected points' own scale, so at coordinates
/// near `2³⁰` it kept a vertex found along a direction of rounding-noise
/// size (`|d| ≈ 2·10⁻⁷`, mostly outside `V`), and that direction was
/// returned as the touching normal: `max_A a·n − min_B b·n ≈ 832` instead
/// of `≈ 0`. Fixed in `src/verdict/distance_route.rs` (the sub-queries judge
/// at the first query's scale, and `checked_boundary` checks a float normal
/// on the shapes).
#[test]
fn f64_touching_normal_supports_at_scale_2_pow_30() {
    let s = 2f64.powi(30);
    let p = |x: [i32; 3]| Vector::<f64, 3>::new(x[0] as f64 * s, x[1] as f64 * s, x[2] as f64 * s);
    let a: Vec<_> = [[1, 0, 0], [-1, 2, -1], [-1, -1, 2], [-1, 0, 0]]
        .map(p)
        .to_vec();
    let b: Vec<_> = [[-2, 0, -2], [2, 0, 0], [2, 2, 1]].map(p).to_vec();
    let v = verdict_of(&a, &b);
    let Verdict::Touching { normal, .. } = v else {
        panic!("exact mode says touching; f64 says {v:?}");
    };
    let ma = a.iter().map(|x| x.dot(&normal)).fold(f64::MIN, f64::max);
    let mb = b.iter().map(|x| x.dot(&normal)).fold(f64::MAX, f64::min);
    let tol = 1e-9 * normal.norm() * 4.0 * s;
    assert!((ma - mb).abs() <= tol, "normal {normal:?}: {ma} vs {mb}");
}

/// Found in review: a touching answer from the float band took its normal
/// from a simplex vertex's direction only, which can point from `A` away
/// from `B`: 1D `f32` points `13 + 10·2⁻²⁰` and `13` got `+1`. The normal
/// now comes from the most separating candidate (the loop's axis among
/// them) and is checked on the shapes: judged exactly on the `f32` points,
/// `max_A a·n ≤ min_B b·n` for gaps of `k·2⁻²⁰` on either side, inside the
/// band (`τ ≈ 2048 · 2⁻²⁴ · 13 ≈ 1.6·10⁻³`).
#[test]
fn f32_band_normal_points_from_a_to_b() {
    let q = |x: f32| gjk::scalar::rational_from_f64(x as f64).unwrap();
    for k in [-100i32, -10, -1, 1, 10, 100] {
        let x = 13.0f32 + k as f32 * 2f32.powi(-20);
        let a = [Vector::<f32, 1>::new(x)];
        let b = [Vector::<f32, 1>::new(13.0)];
        match verdict_of(&a, &b) {
            Verdict::Touching { normal, .. } => {
                let n = q(normal[0]);
                assert!(
                    q(x) * n.clone() <= q(13.0) * n,
                    "k = {k}: normal {normal:?} (bits {:#x})",
                    normal[0].to_bits()
                );
            }
            other => panic!("k = {k}: {other:?}"),
        }
    }
}

/// Found in review of the distance route's boundary check: the 1D `f32`
/// points `A = 13.0000095` and `B = 13` got the normal `+1`, from `A` away
/// from `B`, because the loop's axis `−v` alone was rounding noise. The
/// candidates now include the simplex vertices' directions and the most
/// separating one wins: whatever the verdict, its normal or axis points
/// from `A` towards `B` (negative here).
#[test]
fn f32_points_ten_ulps_apart_get_a_normal_from_a_towards_b() {
    use gjk::shape::ConvexHull;
    use gjk::verdict::{by_distance_loop, Verdict};
    use gjk::Vector;
    // 13.0000095 rounded to f32: ten ulps above 13.
    let a13 = f32::from_bits(0x4150_000a);
    let a = ConvexHull::new(vec![Vector::<f32, 1>::new(a13)]).unwrap();
    let b = ConvexHull::new(vec![Vector::<f32, 1>::new(13.0)]).unwrap();
    let report = by_distance_loop(&a, &b, &Default::default()).unwrap();
    let direction = match &report.verdict {
        Verdict::Touching { normal, .. } => normal[0],
        Verdict::Separated { axis, .. } => axis[0],
        other => panic!("A = f32::from_bits(0x4150000a), B = 13f32: {other:?}"),
    };
    assert!(
        direction < 0.0,
        "A = f32::from_bits(0x4150000a), B = 13f32: {:?}",
        report.verdict
    );
}

/// The points times `s`, rounded to `f32`.
fn f32_cloud<const N: usize>(points: &[[f64; N]], s: f64) -> Cloud<f32, N> {
    Cloud(
        points
            .iter()
            .map(|p| Vector::<f32, N>::from_fn(|i, _| (p[i] * s) as f32))
            .collect(),
    )
}

/// The boolean loop stops with `NoProgress` on `a`, `b` (default options),
/// and `gjk_observed` with the observer `()` reports the same; returns its
/// support calls.
fn stops_without_progress<const N: usize>(a: &Cloud<f32, N>, b: &Cloud<f32, N>) -> usize {
    use gjk::boolean::{gjk, gjk_observed, Outcome};
    use gjk::NoVerdict;
    let opts = Options::default();
    let r = gjk(a, b, &opts).unwrap();
    assert!(
        matches!(
            r.outcome,
            Outcome::NoVerdict {
                reason: NoVerdict::NoProgress,
                ..
            }
        ),
        "{:?} after {} support calls",
        r.outcome,
        r.iterations
    );
    assert_eq!(gjk_observed(a, b, &opts, &mut ()).unwrap(), r);
    r.iterations
}

/// Found by `diff_3d` and `diff_2d` (fuzz/crashes, the three rows "the
/// boolean loop's fixed point"): in `f32`, the thin triangle
/// `A = {(0, 48, 0), (−85, −1, 8961), (1, 0, 0)} · 2⁻⁴⁴` against `B = {0}`,
/// separated by `5.7·10⁻¹⁴`, inside the three-way query's touching band
/// (`2048 u · scale ≈ 6.2·10⁻¹⁴`) but twice the boolean loop's own band.
/// The loop kept the long edge, whose rounded direction found the support
/// point `(0, 48, 0) · 2⁻⁴⁴` again, dropped it again, and repeated that pass
/// until the cap of 256: no verdict. It now stops at the first repeated pass
/// (`NoProgress`, 3 support calls), in both of its implementations, and the
/// three-way query goes on by the distance loop with the calls that are
/// left.
#[test]
fn f32_boolean_loop_stops_at_its_fixed_point_and_the_verdict_goes_on() {
    use gjk::NoVerdict;
    let points = [[0.0, 48.0, 0.0], [-85.0, -1.0, 8961.0], [1.0, 0.0, 0.0]];
    let s = 2f64.powi(-44);
    let a = f32_cloud(&points, s);
    let b = Cloud(vec![Vector::<f32, 3>::zeros()]);
    let opts = Options::default();
    assert_eq!(stops_without_progress(&a, &b), 3);

    let v = by_boolean_loop(&a, &b, &opts).unwrap();
    assert!(v.stalled, "the distance loop answered: the report says so");
    let Verdict::Touching { normal, .. } = &v.verdict else {
        panic!("f32 verdict {:?}", v.verdict)
    };
    // Its support planes are within the touching band, checked exactly.
    let n: Vec<Rational> = normal.iter().map(|&x| exact_f64(x.into())).collect();
    let dot = |p: &Vector<f32, 3>| -> Rational {
        p.iter()
            .zip(&n)
            .map(|(&x, y)| exact_f64(x.into()) * y)
            .sum()
    };
    let gap = a.0.iter().map(dot).max().unwrap() - dot(&b.0[0]);
    let n2: Rational = n.iter().map(|x| x * x).sum();
    let tau = TOUCH_BAND_FACTOR * f32::UNIT_ROUNDOFF * 8961.5 * s;
    assert!(gap.to_f64().abs() <= tau * n2.to_f64().sqrt(), "{gap}");

    // With no calls left the answer stays the cap's.
    let three = Options {
        max_iterations: 3,
        ..Options::default()
    };
    assert_eq!(
        by_boolean_loop(&a, &b, &three).unwrap().verdict,
        Verdict::NoVerdict {
            reason: NoVerdict::IterationCap { cap: 3 }
        }
    );

    // Exact mode: separated, by the boolean loop alone.
    let exact = Cloud(
        points
            .iter()
            .map(|p| Vector::<Rational, 3>::from_fn(|i, _| exact_f64(p[i] * s)))
            .collect(),
    );
    let origin = Cloud(vec![Vector::<Rational, 3>::zeros()]);
    let e = by_boolean_loop(&exact, &origin, &Options::default()).unwrap();
    assert!(
        matches!(e.verdict, Verdict::Separated { .. }),
        "{:?}",
        e.verdict
    );
    assert!(!e.stalled);
}

/// Found by `diff_2d` (fuzz/crashes, `crash-809808f5…`): in `f32`, the
/// pair `A = {(30979, 0), (16384, 972), (28, 3)} · 2⁻⁵⁷` and
/// `B = {(7938, 0), (256, −6), (13055, −1), (255, 0), (0, 0)} · 2⁻⁵⁷`,
/// separated by `1.55·10⁻¹⁷` (inside the touching band
/// `2048 u · scale ≈ 2.6·10⁻¹⁷`). From its fourth pass on, the boolean loop
/// alternated between two states (the same edge kept, two directions), a
/// cycle of two passes, which the one-pass stall rule did not catch: it ran
/// to the cap of 256 and the three-way query gave no verdict. It now stops
/// when a state comes back (`NoProgress`, well before the cap), in both of
/// its implementations, and the three-way query goes on by the distance
/// loop: touching.
#[test]
fn f32_boolean_loop_stops_on_a_cycle_of_two_passes() {
    let s = 2f64.powi(-57);
    let a = f32_cloud(&[[30979.0, 0.0], [16384.0, 972.0], [28.0, 3.0]], s);
    let b = f32_cloud(
        &[
            [7938.0, 0.0],
            [256.0, -6.0],
            [13055.0, -1.0],
            [255.0, 0.0],
            [0.0, 0.0],
        ],
        s,
    );
    let opts = Options::default();
    let calls = stops_without_progress(&a, &b);
    assert!(calls <= 16, "{calls} support calls");

    let v = by_boolean_loop(&a, &b, &opts).unwrap();
    assert!(v.stalled, "the distance loop answered: the report says so");
    assert!(
        matches!(v.verdict, Verdict::Touching { .. }),
        "f32 verdict {:?}",
        v.verdict
    );
}

/// Found by `diff_3d` (fuzz/crashes, `crash-5b5a94d1…`): in `f32`, the
/// pair `A = {(58, −27175, 0), (246, 23808, −19456), (587, 0, −5),
/// (−1, 255, −7), (−16385, 0, 0)} · 2⁻⁵³` and `B = {0}`, separated by
/// `5.36·10⁻¹⁶`, 1.3 times the touching band `2048 u · scale` (`scale` the
/// largest norm of a point, `30747 · 2⁻⁵³`). The boolean
/// loop stalled and the distance loop found `|v|` accurately, on the edge
/// from `(−16385, 0, 0)` to `(587, 0, −5)`; but the closest point of
/// `A − B` also weighs `(58, −27175, 0)`, by `3·10⁻⁸`, below `f32`'s
/// rounding, so the loop's axis had no `y` part and that point lay beyond
/// its plane: the axis proved no gap, and the answer was touching. The
/// exact closest point of the same support points proves the gap.
#[test]
fn f32_gap_beyond_the_band_is_proved_by_the_exact_closest_point() {
    let s = 2f64.powi(-53);
    let points = [
        [58.0, -27175.0, 0.0],
        [246.0, 23808.0, -19456.0],
        [587.0, 0.0, -5.0],
        [-1.0, 255.0, -7.0],
        [-16385.0, 0.0, 0.0],
    ];
    let a = f32_cloud(&points, s);
    let b = Cloud(vec![Vector::<f32, 3>::zeros()]);
    let v = by_boolean_loop(&a, &b, &Options::default()).unwrap();
    assert!(v.stalled, "the distance loop answered: the report says so");
    let Verdict::Separated { axis, .. } = &v.verdict else {
        panic!("f32 verdict {:?}", v.verdict)
    };
    // The axis separates, checked exactly: max_A a·n < min_B b·n = 0.
    let n: Vec<Rational> = axis.iter().map(|&x| exact_f64(x.into())).collect();
    let max_a = points
        .iter()
        .map(|p| -> Rational { p.iter().zip(&n).map(|(&x, y)| exact_f64(x * s) * y).sum() })
        .max()
        .unwrap();
    assert!(max_a < Rational::from_integer(0.into()), "{max_a}");
    // By more than the touching band `2048 u · scale`, `scale` the largest
    // norm of a point: (max_A a·n)² > τ² |n|².
    let tau = exact_f64(TOUCH_BAND_FACTOR * f32::UNIT_ROUNDOFF * 30747.0 * s);
    let n2: Rational = n.iter().map(|x| x * x).sum();
    assert!(&max_a * &max_a > &tau * &tau * n2, "{max_a}");
}

fn exact_f64(x: f64) -> Rational {
    Rational::from_float(x).unwrap()
}

/// Found by a ten-minute `diff_3d` campaign on `b7edafb`
/// (`fuzz/crashes/diff_3d/crash-ffbe3c42…`): `f32` hulls at scale `2⁴⁹`,
/// coordinates up to about `2⁶⁴`, so the square of an edge vector reaches
/// the top of `f32`'s range. The three-way query went on by the descent,
/// whose orthogonal basis kept the raw edge vectors: `qᵢ · qᵢ` overflowed,
/// the next search direction was NaN, and the query failed with "initial
/// direction is not finite". The basis is now kept scaled by powers of two.
#[test]
fn f32_descent_at_the_top_of_the_range_keeps_its_basis_finite() {
    let s = 2f64.powi(49);
    let a = f32_cloud(
        &[
            [-1.0, 0.0, 23296.0],
            [15.0, 3931.0, 16746.0],
            [0.0, 0.0, -22016.0],
            [12.0, 16640.0, 0.0],
        ],
        s,
    );
    let b = f32_cloud(&[[255.0, 0.0, 0.0], [0.0, 0.0, 0.0]], s);
    // Exactly: separated by about 8.7·10¹⁴, inside the touching band
    // `2048 u · scale` ≈ 1.6·10¹⁵ (`scale` ≈ 1.3·10¹⁹).
    let v = by_boolean_loop(&a, &b, &Options::default()).unwrap();
    assert!(
        matches!(
            v.verdict,
            Verdict::Touching { .. } | Verdict::Separated { .. }
        ),
        "{:?}",
        v.verdict
    );
}
