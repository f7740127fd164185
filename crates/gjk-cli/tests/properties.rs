//! Properties of the queries on generated pairs (`gjk_gen::strategy`),
//! in exact mode unless said otherwise. Each property names, above it, a
//! plausible bug that was injected into the library to see it fail (each
//! such bug also fails other properties here, except the axis sign, which
//! only the certificate check sees).
//!
//! The exact answers are the three-way query (`contact`, 2D and 3D) and the
//! distance query (`distance`, any dimension): a relation, a squared
//! distance and the distance's axis `witness_b − witness_a`, which is unique
//! (the closest point of `A − B` to the origin is).

use gjk::boolean::{gjk, Options, Outcome};
use gjk::distance::{distance, DistanceOptions, DistanceOutcome};
use gjk::scalar::{integer, FromRational, Rational};
use gjk::shape::ConvexHull;
use gjk::verdict::{by_boolean_loop, Verdict};
use gjk::{Field, Vector};
use gjk_cli::fuzzing::{check, Diff};
use gjk_gen::{strategy, Family, Pair};
use gjk_oracle::{self as oracle, Relation};
use proptest::prelude::*;
use proptest::test_runner::Config;

/// A pair of point sets `mantissa · 2^exp`, as the properties transform it.
#[derive(Clone, Debug)]
struct Pts {
    a: Vec<Vec<i64>>,
    b: Vec<Vec<i64>>,
    exp: i32,
}

impl Pts {
    fn of(p: &Pair) -> Pts {
        Pts {
            a: p.a.clone(),
            b: p.b.clone(),
            exp: p.exp,
        }
    }

    fn rows(&self) -> (Vec<Vec<Rational>>, Vec<Vec<Rational>>) {
        let s = if self.exp >= 0 {
            Rational::from_integer(num_bigint::BigInt::from(1) << self.exp as usize)
        } else {
            Rational::new(
                1.into(),
                num_bigint::BigInt::from(1) << (-self.exp) as usize,
            )
        };
        let conv = |set: &[Vec<i64>]| -> Vec<Vec<Rational>> {
            set.iter()
                .map(|p| p.iter().map(|&m| integer(m) * &s).collect())
                .collect()
        };
        (conv(&self.a), conv(&self.b))
    }

    fn hulls<T: FromRational, const N: usize>(&self) -> (ConvexHull<T, N>, ConvexHull<T, N>) {
        let (ra, rb) = self.rows();
        let conv = |rows: &[Vec<Rational>]| {
            let pts = rows
                .iter()
                .map(|r| Vector::<T, N>::from_fn(|i, _| T::from_rational(&r[i])))
                .collect();
            ConvexHull::new(pts).unwrap()
        };
        (conv(&ra), conv(&rb))
    }

    fn map(&self, f: impl Fn(&[i64]) -> Vec<i64>) -> Pts {
        Pts {
            a: self.a.iter().map(|p| f(p)).collect(),
            b: self.b.iter().map(|p| f(p)).collect(),
            exp: self.exp,
        }
    }
}

/// The exact answers: the relation (2D and 3D), the squared distance and the
/// distance axis (separated pairs).
#[derive(Clone, Debug, PartialEq)]
struct Exact {
    relation: Option<Relation>,
    dist2: Rational,
    axis: Option<Vec<Rational>>,
}

fn exact_n<const N: usize>(p: &Pts) -> Exact {
    let (a, b) = p.hulls::<Rational, N>();
    let relation = (N == 2 || N == 3).then(|| {
        match by_boolean_loop(&a, &b, &Options::default())
            .unwrap()
            .verdict
        {
            Verdict::Separated { .. } => Relation::Separated,
            Verdict::Touching { .. } => Relation::Touching,
            Verdict::Penetrating { .. } => Relation::Penetrating,
            Verdict::NoVerdict { reason } => panic!("exact mode did not converge: {reason}"),
        }
    });
    let report = distance(&a, &b, &DistanceOptions::default()).unwrap();
    let (dist2, axis) = match report.outcome {
        DistanceOutcome::Separated { dist2, axis, .. } => {
            (dist2, Some(axis.iter().cloned().collect()))
        }
        DistanceOutcome::Intersecting { .. } => (integer(0), None),
        other => panic!("exact distance did not converge: {other:?}"),
    };
    Exact {
        relation,
        dist2,
        axis,
    }
}

fn exact(p: &Pts) -> Exact {
    match p.a[0].len() {
        1 => exact_n::<1>(p),
        2 => exact_n::<2>(p),
        3 => exact_n::<3>(p),
        4 => exact_n::<4>(p),
        _ => exact_n::<5>(p),
    }
}

/// The number of cases per property: all of them under `GJK_LONG_TESTS`.
use crate::common::long;

/// A fixed seed, so that a failure in CI is a failure on every machine and
/// can be replayed; `PROPTEST_RNG_SEED=<n> cargo test --test properties`
/// explores other inputs (any failure prints its minimal input).
fn config(cases: u32) -> Config {
    let fixed = std::env::var_os("PROPTEST_RNG_SEED").is_none();
    Config {
        cases,
        failure_persistence: None,
        rng_seed: if fixed {
            proptest::test_runner::RngSeed::Fixed(0x0067_6a6b)
        } else {
            Config::default().rng_seed
        },
        ..Config::default()
    }
}

/// Families and dimensions of the exact properties: every family, 1D to 4D.
fn pairs() -> impl Strategy<Value = Pair> {
    strategy::pairs(&Family::ALL, 1..=4)
}

proptest! {
    #![proptest_config(config(long::campaign(8, 48)))]

    /// (A, B) and (B, A): the same relation and distance, the axis negated.
    /// Injected bug: the descent's one-dimensional step tested only one side
    /// (`for dir in [r.clone()]` in `contact.rs`).
    #[test]
    fn swapping_the_shapes_negates_the_axis(pair in pairs()) {
        let p = Pts::of(&pair);
        let q = Pts { a: p.b.clone(), b: p.a.clone(), exp: p.exp };
        let (x, y) = (exact(&p), exact(&q));
        prop_assert_eq!(x.relation, y.relation);
        prop_assert_eq!(&x.dist2, &y.dist2);
        let neg = x.axis.map(|v| v.iter().map(|c| -c).collect::<Vec<_>>());
        prop_assert_eq!(neg, y.axis);
    }

    /// Translating both shapes by one integer vector changes nothing.
    /// Injected bug: the distance loop's stop test `v·v − v·w ≤ 0` written
    /// with `w.a` (the support point of `A` alone, not of `A − B`).
    #[test]
    fn translation_changes_nothing(pair in pairs(), seed in any::<u64>()) {
        let p = Pts::of(&pair);
        let t: Vec<i64> = (0..pair.dim()).map(|i| ((seed >> (8 * i)) & 0xffff) as i64 - 0x8000).collect();
        let q = p.map(|x| x.iter().zip(&t).map(|(a, b)| a + b).collect());
        prop_assert_eq!(exact(&p), exact(&q));
    }

    /// Permuting the axes and flipping their signs (exact isometries) keeps
    /// the relation and the distance, and maps the axis the same way.
    /// Injected bug: a sign error in one component of the 3D cross product
    /// (`c(0, 2)` for `c(2, 0)` in `vector::cross3`).
    #[test]
    fn axis_permutations_and_reflections_change_nothing(pair in pairs(), seed in any::<u64>()) {
        let p = Pts::of(&pair);
        let n = pair.dim();
        let mut perm: Vec<usize> = (0..n).collect();
        let mut s = seed;
        for i in (1..n).rev() {
            perm.swap(i, (s % (i as u64 + 1)) as usize);
            s /= 7;
        }
        let signs: Vec<i64> = (0..n).map(|i| if seed >> (40 + i) & 1 == 1 { -1 } else { 1 }).collect();
        let f = |x: &[i64]| -> Vec<i64> { (0..n).map(|i| signs[i] * x[perm[i]]).collect() };
        let q = p.map(f);
        let (x, y) = (exact(&p), exact(&q));
        prop_assert_eq!(x.relation, y.relation);
        prop_assert_eq!(&x.dist2, &y.dist2);
        let mapped = x.axis.map(|v| (0..n).map(|i| integer(signs[i]) * &v[perm[i]]).collect::<Vec<_>>());
        prop_assert_eq!(mapped, y.axis);
    }

    /// Scaling by `2^k` scales the squared distance by `4^k` exactly, in exact
    /// mode and, bit for bit, in `f64` (every test is homogeneous and the
    /// tolerances scale with the input: see `classify` and `distance`).
    /// Injected bug: an absolute tolerance in the `f64` distance stop
    /// (`vv − vw ≤ 1e-12`) instead of the scaled `4 · ABS_TOL_FACTOR · u ·
    /// scale²`.
    #[test]
    fn power_of_two_scaling_scales_exactly(pair in strategy::pairs(&Family::ALL, 2..=3), k in -20i32..=20) {
        let p = Pts::of(&pair);
        let q = Pts { exp: p.exp + k, ..p.clone() };
        let (x, y) = (exact(&p), exact(&q));
        prop_assert_eq!(x.relation, y.relation);
        let factor = if k >= 0 { integer(1i64 << (2 * k)) } else { Rational::new(1.into(), (1i64 << (-2 * k)).into()) };
        prop_assert_eq!(&x.dist2 * &factor, y.dist2);
        if pair.dim() == 2 {
            f64_scaling::<2>(&p, &q, k)?;
        } else {
            f64_scaling::<3>(&p, &q, k)?;
        }
    }

    /// Adding a point inside `A` (the midpoint of two of its points)
    /// changes nothing. Injected bug: the hull's support map skipped the
    /// last point (`points[..len − 1]`).
    #[test]
    fn an_interior_point_changes_nothing(pair in pairs(), i in any::<prop::sample::Index>(), j in any::<prop::sample::Index>()) {
        let p = Pts::of(&pair);
        // Doubling the mantissas (and halving the unit) makes the midpoint integral.
        let mut q = p.map(|x| x.iter().map(|m| 2 * m).collect());
        q.exp -= 1;
        let (u, v) = (&q.a[i.index(q.a.len())], &q.a[j.index(q.a.len())]);
        let mid: Vec<i64> = u.iter().zip(v).map(|(x, y)| (x + y) / 2).collect();
        q.a.push(mid);
        prop_assert_eq!(exact(&p), exact(&q));
    }

    /// Repeating points of either shape changes nothing. Injected bug: the
    /// hull's support map skipped the last point (a repeat moved to the end
    /// hides the bug, one elsewhere does not).
    #[test]
    fn duplicated_points_change_nothing(pair in pairs(), i in any::<prop::sample::Index>(), j in any::<prop::sample::Index>()) {
        let p = Pts::of(&pair);
        let mut q = p.clone();
        let x = q.a[i.index(q.a.len())].clone();
        q.a.insert(j.index(q.a.len() + 1), x);
        let y = q.b[j.index(q.b.len())].clone();
        q.b.insert(i.index(q.b.len() + 1), y);
        prop_assert_eq!(exact(&p), exact(&q));
    }

    /// One shape inside the other: every query in every mode says
    /// intersecting (penetrating). Injected bug: no power-of-two scaling of
    /// float simplices (`vector::normalized` returning its input), so `f32`
    /// overflows at the huge scales.
    #[test]
    fn containment_implies_intersection(pair in strategy::pairs(&[Family::Containment], 2..=3)) {
        let p = Pts::of(&pair);
        let x = exact(&p);
        prop_assert_eq!(x.relation, Some(Relation::Penetrating));
        prop_assert_eq!(x.dist2, integer(0));
        if pair.dim() == 2 {
            float_intersects::<f64, 2>(&p)?;
            float_intersects::<f32, 2>(&p)?;
        } else {
            float_intersects::<f64, 3>(&p)?;
            float_intersects::<f32, 3>(&p)?;
        }
    }

    /// The distance is proved both ways: the axis gives a lower bound
    /// `(min_B b·n − max_A a·n)² / |n|²`, the witnesses (points of the hulls,
    /// checked by the oracle's LP) an upper bound `|w_A − w_B|²`; in exact
    /// mode both equal the reported distance and the oracle's. Injected bug:
    /// the axis returned as `witness_a − witness_b` (sign flipped).
    #[test]
    fn distance_is_proved_by_axis_and_witnesses(pair in pairs()) {
        let p = Pts::of(&pair);
        match pair.dim() {
            1 => proved::<1>(&p)?,
            2 => proved::<2>(&p)?,
            3 => proved::<3>(&p)?,
            _ => proved::<4>(&p)?,
        }
    }
}

proptest! {
    #![proptest_config(config(long::campaign(8, 64)))]

    /// `f64` and `f32` agree with exact mode outside the tolerance band
    /// (`gjk_cli::fuzzing::check`, the differential fuzz targets' checks: relation
    /// via exact checks of the float axis and normal, distance within
    /// `float_accuracy_bound`). Injected bug: the classifier's noise
    /// threshold `NOISE_FACTOR` raised from 64 to 2^40.
    #[test]
    fn floats_agree_outside_the_band(pair in strategy::pairs(&Family::ALL, 1..=4)) {
        let d = Diff::from_pair(&pair);
        match pair.dim() {
            1 => check::<1>(&d),
            2 => check::<2>(&d),
            3 => check::<3>(&d),
            _ => check::<4>(&d),
        }
    }

    /// No panic and termination on every generated input, in every mode,
    /// with small iteration caps: every query returns within its cap.
    /// Injected bug: the boolean loop's cap test `iterations >= cap` written
    /// `iterations > cap` (one support call too many).
    #[test]
    fn every_generated_input_terminates(pair in strategy::pairs(&Family::ALL, 2..=3), cap in 1usize..=6) {
        let p = Pts::of(&pair);
        if pair.dim() == 2 {
            terminates::<Rational, 2>(&p, cap)?;
            terminates::<f64, 2>(&p, cap)?;
            terminates::<f32, 2>(&p, cap)?;
        } else {
            terminates::<Rational, 3>(&p, cap)?;
            terminates::<f64, 3>(&p, cap)?;
            terminates::<f32, 3>(&p, cap)?;
        }
    }
}

/// `f64` results at scale `2^k` are the results at scale 1 times `2^k`
/// (`4^k` for squared distances), bit for bit.
fn f64_scaling<const N: usize>(p: &Pts, q: &Pts, k: i32) -> Result<(), TestCaseError> {
    let s = 2f64.powi(k);
    let (a, b) = p.hulls::<f64, N>();
    let (c, d) = q.hulls::<f64, N>();
    let x = by_boolean_loop(&a, &b, &Options::default()).unwrap();
    let y = by_boolean_loop(&c, &d, &Options::default()).unwrap();
    prop_assert_eq!(x.verdict.name(), y.verdict.name());
    let x = distance(&a, &b, &DistanceOptions::default()).unwrap();
    let y = distance(&c, &d, &DistanceOptions::default()).unwrap();
    prop_assert_eq!(x.outcome.name(), y.outcome.name());
    if let (Some(dx), Some(dy)) = (x.outcome.dist2(), y.outcome.dist2()) {
        prop_assert_eq!(dx * s * s, dy, "f64 dist2 at 2^{}", k);
    }
    Ok(())
}

/// Every query in `T` says the shapes intersect.
fn float_intersects<T: FromRational + Field, const N: usize>(p: &Pts) -> Result<(), TestCaseError> {
    let (a, b) = p.hulls::<T, N>();
    let r = gjk(&a, &b, &Options::default()).unwrap();
    prop_assert!(
        matches!(r.outcome, Outcome::Intersecting { .. }),
        "{}: {:?}",
        T::NAME,
        r.outcome
    );
    let r = by_boolean_loop(&a, &b, &Options::default()).unwrap();
    prop_assert!(
        matches!(r.verdict, Verdict::Penetrating { .. }),
        "{}: {:?}",
        T::NAME,
        r.verdict
    );
    // The distance loop works on the points as given (no power-of-two
    // scaling): where a squared norm overflows `T` it reports
    // `Error::Overflow`, which is the documented answer there.
    let max = if T::NAME == "f32" {
        f64::from(f32::MAX)
    } else {
        f64::MAX
    };
    let s2 = p
        .rows()
        .0
        .iter()
        .chain(&p.rows().1)
        .map(|r| {
            r.iter()
                .map(|x| gjk::Scalar::to_f64(x).powi(2))
                .sum::<f64>()
        })
        .fold(0.0, f64::max);
    match distance(&a, &b, &DistanceOptions::default()) {
        Err(gjk::Error::Overflow { .. }) if 16.0 * s2 >= max => {}
        r => {
            let r = r.unwrap();
            prop_assert!(
                matches!(r.outcome, DistanceOutcome::Intersecting { .. }),
                "{}: {:?}",
                T::NAME,
                r.outcome
            );
        }
    }
    Ok(())
}

/// The exact distance against its own certificate and the oracle.
fn proved<const N: usize>(p: &Pts) -> Result<(), TestCaseError> {
    let (ra, rb) = p.rows();
    let (a, b) = p.hulls::<Rational, N>();
    let report = distance(&a, &b, &DistanceOptions::default()).unwrap();
    let want = oracle::distance_squared(&ra, &rb).ok().map(|d| d.dist2);
    match report.outcome {
        DistanceOutcome::Separated {
            dist2,
            witness_a,
            witness_b,
            axis,
            ..
        } => {
            let n: Vec<Rational> = axis.iter().cloned().collect();
            let dot =
                |x: &Vec<Rational>| -> Rational { x.iter().zip(&n).map(|(s, t)| s * t).sum() };
            let max_a = ra.iter().map(dot).max().unwrap();
            let min_b = rb.iter().map(dot).min().unwrap();
            let gap = &min_b - &max_a;
            prop_assert!(gap > integer(0), "the axis does not separate");
            let nn: Rational = n.iter().map(|x| x * x).sum();
            prop_assert_eq!(&(&gap * &gap / &nn), &dist2, "lower bound by the axis");
            let wa: Vec<Rational> = witness_a.iter().cloned().collect();
            let wb: Vec<Rational> = witness_b.iter().cloned().collect();
            prop_assert!(
                oracle::intersects(&ra, std::slice::from_ref(&wa)).unwrap(),
                "witness_a outside A"
            );
            prop_assert!(
                oracle::intersects(&rb, std::slice::from_ref(&wb)).unwrap(),
                "witness_b outside B"
            );
            let d2: Rational = wa.iter().zip(&wb).map(|(x, y)| (x - y) * (x - y)).sum();
            prop_assert_eq!(&d2, &dist2, "upper bound by the witnesses");
            if let Some(w) = want {
                prop_assert_eq!(w, dist2);
            }
        }
        DistanceOutcome::Intersecting { .. } => {
            prop_assert!(oracle::intersects(&ra, &rb).unwrap());
        }
        other => prop_assert!(false, "exact distance did not converge: {:?}", other),
    }
    Ok(())
}

/// Every query in `T` returns (or gives a typed error) within `cap`.
fn terminates<T: FromRational + Field, const N: usize>(
    p: &Pts,
    cap: usize,
) -> Result<(), TestCaseError> {
    let (a, b) = p.hulls::<T, N>();
    let opts = Options {
        initial_direction: None,
        max_iterations: cap,
    };
    if let Ok(r) = gjk(&a, &b, &opts) {
        prop_assert!(
            r.iterations <= cap,
            "{} gjk: {} > {cap}",
            T::NAME,
            r.iterations
        );
    }
    if let Ok(r) = by_boolean_loop(&a, &b, &opts) {
        prop_assert!(
            r.iterations <= N * (cap + 2),
            "{} contact: {}",
            T::NAME,
            r.iterations
        );
    }
    let dopts = DistanceOptions {
        max_iterations: cap,
        ..DistanceOptions::default()
    };
    if let Ok(r) = distance(&a, &b, &dopts) {
        prop_assert!(
            r.iterations <= cap,
            "{} distance: {} > {cap}",
            T::NAME,
            r.iterations
        );
    }
    Ok(())
}
