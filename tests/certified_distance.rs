//! Certified distance (`gjk::certified::certify_distance`) against exact
//! distances: `lo ≤ dist ≤ hi` must hold on every input, checked in
//! rationals (`lo² ≤ dist² ≤ hi²` with the exact `dist²` of the doubles),
//! on random pairs in 1 to 4 dimensions (judged by the oracle) and on the
//! hard families (touching, gaps and overlaps of 2⁻⁴⁰ and 2⁻⁵⁰, scales 2³⁰
//! and 2⁻³⁰; judged by the crate's exact distance loop, which
//! `tests/spec_oracle.rs` holds to the oracle: the oracle's enumeration of
//! the faces of `A − B` is too slow for their point counts in a debug
//! build); and the interval must be tight where the float loop is accurate.

use crate::common::long;
use crate::pairs;

use gjk::certified::{certify_distance, DistanceBounds};
use gjk::distance::DistanceOutcome;
use gjk::scalar::rational_from_f64;
use gjk::shape::ConvexHull;
use gjk::{Rational, Vector};
use gjk_oracle as oracle;

use pairs::{contact_pair, random_pair, Kind, Lcg, Pair};

fn exact_rows<const N: usize>(p: &[Vector<f64, N>]) -> Vec<Vec<Rational>> {
    p.iter()
        .map(|x| x.iter().map(|v| rational_from_f64(*v).unwrap()).collect())
        .collect()
}

fn q(x: f64) -> Rational {
    rational_from_f64(x).unwrap()
}

/// Who computes the exact distance.
#[derive(Clone, Copy)]
enum Judge {
    Oracle,
    ExactLoop,
}

fn exact_dist2<const N: usize>(pair: &Pair<N>, judge: Judge) -> Rational {
    let (ra, rb) = (exact_rows(&pair.a), exact_rows(&pair.b));
    match judge {
        Judge::Oracle => oracle::distance_squared(&ra, &rb).unwrap().dist2,
        Judge::ExactLoop => {
            let a = ConvexHull::<Rational, N>::from_rows(&ra).unwrap();
            let b = ConvexHull::<Rational, N>::from_rows(&rb).unwrap();
            gjk::distance(&a, &b, &Default::default())
                .unwrap()
                .outcome
                .dist2()
                .expect("the exact loop converges on these")
        }
    }
}

/// Checks one pair; returns the bounds and the exact squared distance.
fn check<const N: usize>(pair: &Pair<N>, label: &str, judge: Judge) -> (DistanceBounds, Rational) {
    let a = ConvexHull::new(pair.a.clone()).unwrap();
    let b = ConvexHull::new(pair.b.clone()).unwrap();
    let exact = exact_dist2(pair, judge);
    let c = certify_distance(&a, &b, &Default::default())
        .unwrap_or_else(|e| panic!("{label}: {e}\n{}", pair.to_case(label)));
    let bounds = c.bounds.unwrap_or_else(|| {
        panic!(
            "{label}: no bounds ({})\n{}",
            c.report.outcome.name(),
            pair.to_case(label)
        )
    });
    let DistanceBounds { lo, hi } = bounds;
    assert!(
        lo >= 0.0 && lo <= hi,
        "{label}: [{lo:e}, {hi:e}]\n{}",
        pair.to_case(label)
    );
    assert!(
        q(lo) * q(lo) <= exact && (hi.is_infinite() || exact <= q(hi) * q(hi)),
        "{label}: [{lo:e}, {hi:e}] (bits {:#x}, {:#x}) does not hold the exact distance² {exact} \
         (float outcome {})\n{}",
        lo.to_bits(),
        hi.to_bits(),
        c.report.outcome.name(),
        pair.to_case(label)
    );
    (bounds, exact)
}

#[test]
fn random_pairs_in_one_to_four_dimensions_are_bounded() {
    fn run<const N: usize>(seed: u64, count: usize) {
        let mut rng = Lcg(seed);
        // Few points a side: the oracle enumerates the faces of all
        // |A|·|B| differences, at a cost growing as (|A|·|B|)^(N+1).
        let most = [4, 4, 5, 4, 3][N.min(4)];
        let mut separated = 0;
        for i in 0..count {
            let pair = if i % 2 == 0 {
                // Small integer clouds: duplicates, touching, degenerate.
                let cloud = |rng: &mut Lcg| -> Vec<Vector<f64, N>> {
                    let m = rng.int(1, most as i64) as usize;
                    (0..m)
                        .map(|_| Vector::<f64, N>::from_fn(|_, _| rng.int(-1, 1) as f64))
                        .collect()
                };
                Pair {
                    a: cloud(&mut rng),
                    b: cloud(&mut rng),
                    expect: None,
                }
            } else {
                random_pair::<N>(&mut rng, most)
            };
            let (bounds, _) = check(
                &pair,
                &format!("random {N}D #{i} (seed {seed})"),
                Judge::Oracle,
            );
            separated += usize::from(bounds.lo > 0.0);
        }
        // Not a vacuous `[0, hi]` everywhere.
        assert!(
            separated * 5 >= count,
            "{N}D: lo > 0 on {separated} of {count}"
        );
    }
    // The oracle's cost grows fast with the dimension: a quarter of the
    // pairs (the first ones of each seed) by default, every pair under
    // GJK_LONG_TESTS.
    let count = |n: usize| long::campaign(n / 4, n);
    run::<1>(41, count(100));
    run::<2>(42, count(150));
    run::<3>(43, count(150));
    run::<4>(44, count(60));
}

/// Touching pairs have distance exactly 0, so `lo` must be 0 there; shifts
/// of ±2⁻⁴⁰ and ±2⁻⁵⁰ sit at and below the dot products' error bound. The
/// float distance alone is no bound either way: on these pairs it is above
/// the exact distance on some and below it on others.
#[test]
fn hard_families_are_bounded_at_every_scale() {
    fn run<const N: usize>(seed: u64, per_kind: usize) -> (usize, usize) {
        let mut rng = Lcg(seed);
        let (mut above, mut below) = (0, 0);
        for &kind in Kind::all(N) {
            for shift in [
                0.0,
                2f64.powi(-40),
                -(2f64.powi(-40)),
                2f64.powi(-50),
                -(2f64.powi(-50)),
            ] {
                for scale in [0, 30, -30] {
                    for i in 0..per_kind {
                        let pair = contact_pair::<N>(&mut rng, kind, shift, scale);
                        let label = format!("{kind:?} {N}D shift {shift:e} scale 2^{scale} #{i}");
                        let (bounds, exact) = check(&pair, &label, Judge::ExactLoop);
                        if exact == Rational::from_integer(0.into()) {
                            // Touching or overlapping: lo is 0 and hi is
                            // rounding-small (the loop's own weights).
                            let size = 2f64.powi(scale);
                            assert!(
                                bounds.lo == 0.0 && bounds.hi <= 1e-12 * size,
                                "{label}: [{:e}, {:e}]",
                                bounds.lo,
                                bounds.hi
                            );
                        }
                        let a = ConvexHull::new(pair.a.clone()).unwrap();
                        let b = ConvexHull::new(pair.b.clone()).unwrap();
                        let plain = gjk::distance(&a, &b, &Default::default()).unwrap();
                        if let Some(d2) = plain.outcome.dist2() {
                            above += usize::from(q(d2) > exact);
                            below += usize::from(q(d2) < exact);
                        }
                    }
                }
            }
        }
        (above, below)
    }
    let (a2, b2) = run::<2>(51, 4);
    let (a3, b3) = run::<3>(52, 3);
    eprintln!("float distance² above the exact one: 2D {a2}, 3D {a3}; below: 2D {b2}, 3D {b3}");
    assert!(
        a2 + a3 > 0 && b2 + b3 > 0,
        "above {a2} + {a3}, below {b2} + {b3}"
    );
}

/// Where the float loop is accurate, the interval is narrow: gaps from
/// 2⁻²⁰ to 4 between unit-size shapes, at scales 1, 2³⁰ and 2⁻³⁰ (the
/// width relative to the coordinates' size).
#[test]
fn the_interval_is_tight_on_separated_pairs() {
    let mut rng = Lcg(61);
    let mut worst: f64 = 0.0;
    for &kind in Kind::all(3) {
        for e in [-2, 0, 5, 10, 20] {
            for scale in [0, 30, -30] {
                for i in 0..3 {
                    let pair = contact_pair::<3>(&mut rng, kind, 2f64.powi(-e), scale);
                    let label = format!("{kind:?} gap 2^{} scale 2^{scale} #{i}", -e);
                    let (bounds, _) = check(&pair, &label, Judge::ExactLoop);
                    let size = 2f64.powi(scale);
                    let width = (bounds.hi - bounds.lo) / size;
                    worst = worst.max(width);
                    assert!(
                        bounds.lo > 0.0 && width <= 1e-9,
                        "{label}: [{:e}, {:e}], width {width:e} of the size\n{}",
                        bounds.lo,
                        bounds.hi,
                        pair.to_case(&label)
                    );
                }
            }
        }
    }
    eprintln!("widest interval: {worst:e} of the coordinates' size");
}

#[test]
fn no_verdict_gives_no_bounds_and_overlap_gives_zero() {
    let p = |x: f64, y: f64| Vector::<f64, 2>::new(x, y);
    let a = ConvexHull::new(vec![p(0.0, 0.0), p(2.0, 0.0), p(0.0, 2.0)]).unwrap();
    let b = ConvexHull::new(vec![p(0.5, 0.5), p(3.0, 3.0)]).unwrap();
    let c = certify_distance(&a, &b, &Default::default()).unwrap();
    assert_eq!(c.bounds.map(|b| b.lo), Some(0.0));
    let opts = gjk::distance::DistanceOptions {
        max_iterations: 1,
        ..Default::default()
    };
    let far = ConvexHull::new(vec![p(5.0, 1.0), p(6.0, -3.0), p(7.0, 2.0)]).unwrap();
    let c = certify_distance(&a, &far, &opts).unwrap();
    assert!(
        matches!(c.report.outcome, DistanceOutcome::NoVerdict { .. }) && c.bounds.is_none(),
        "{:?}",
        c.report.outcome
    );
}
