//! Certified `f64` queries (`gjk::certified`) against the exact oracle: the
//! verdict must equal `oracle::relation` on the exact values of the doubles,
//! on every input — the example cases, the spec's shape pairs, random pairs
//! in 1 to 4 dimensions, and the hard families (near-touching by 2⁻⁴⁰,
//! overlapping by 2⁻⁴⁰, exactly touching, at scales 2³⁰ and 2⁻³⁰). The plain
//! `f64` contact query gets some of the hard ones wrong; certified never.

use crate::common;
use crate::pairs;

use std::collections::BTreeMap;

use gjk::boolean::Options;
use gjk::certified::{certify, Certificate, CertifiedError, CertifiedOptions, FallbackReason};
use gjk::scalar::rational_from_f64;
use gjk::shape::ConvexHull;
use gjk::verdict::{by_boolean_loop, Verdict};
use gjk::{Rational, Vector};
use gjk_case::read_cases;
use gjk_oracle::{self as oracle, Relation};

use common::spec_table::table;
use common::{convert, vectors};
use pairs::{contact_pair, random_pair, Kind, Lcg, Pair};

fn exact_rows<const N: usize>(p: &[Vector<f64, N>]) -> Vec<Vec<Rational>> {
    p.iter()
        .map(|x| x.iter().map(|v| rational_from_f64(*v).unwrap()).collect())
        .collect()
}

/// What one pair's certified run did: the verdict was checked against the
/// oracle; this says which proof decided it.
fn check<const N: usize>(pair: &Pair<N>, label: &str) -> Certificate<N> {
    let a = ConvexHull::new(pair.a.clone()).unwrap();
    let b = ConvexHull::new(pair.b.clone()).unwrap();
    let truth = oracle::relation(&exact_rows(&pair.a), &exact_rows(&pair.b)).unwrap();
    let report = certify(&a, &b, &CertifiedOptions::default())
        .unwrap_or_else(|e| panic!("{label}: {e}\n{}", pair.to_case(label)));
    assert_eq!(
        report.verdict,
        truth,
        "{label}: certified says {:?}, the oracle {truth:?} ({:?})\n{}",
        report.verdict,
        report.certificate,
        pair.to_case(label)
    );
    if let Some(want) = pair.expect {
        assert_eq!(
            truth,
            want,
            "{label}: the family's construction is off\n{}",
            pair.to_case(label)
        );
    }
    report.certificate
}

/// The plain `f64` contact query's verdict, `None` without one.
fn plain_f64<const N: usize>(pair: &Pair<N>) -> Option<Relation> {
    let a = ConvexHull::new(pair.a.clone()).unwrap();
    let b = ConvexHull::new(pair.b.clone()).unwrap();
    match by_boolean_loop(&a, &b, &Options::default()).ok()?.verdict {
        Verdict::Separated { .. } => Some(Relation::Separated),
        Verdict::Touching { .. } => Some(Relation::Touching),
        Verdict::Penetrating { .. } => Some(Relation::Penetrating),
        Verdict::NoVerdict { .. } => None,
    }
}

/// Counts of certificates by name.
#[derive(Default, Debug)]
struct Tally(BTreeMap<&'static str, usize>);

impl Tally {
    fn add<const N: usize>(&mut self, c: &Certificate<N>) {
        *self.0.entry(c.name()).or_default() += 1;
    }
    fn get(&self, name: &str) -> usize {
        self.0.get(name).copied().unwrap_or(0)
    }
}

#[test]
fn every_example_case_agrees_with_the_oracle() {
    let text = std::fs::read_to_string(common::root().join("examples/cases.jsonl")).unwrap();
    let mut n = 0;
    for case in read_cases(text.as_bytes()) {
        let case = case.unwrap();
        let id = case.id_or_line().to_string();
        // The doubles nearest the case's coordinates are the input.
        match case.dim() {
            2 => {
                let (a, b) = case.points::<f64, 2>().unwrap();
                check(&Pair { a, b, expect: None }, &id);
            }
            _ => {
                let (a, b) = case.points::<f64, 3>().unwrap();
                check(&Pair { a, b, expect: None }, &id);
            }
        }
        n += 1;
    }
    assert_eq!(n, 6);
}

/// A spec pair (exact small rationals) as doubles, checked; its
/// certificate's name.
fn spec_pair<const N: usize>(a: &[Vec<String>], b: &[Vec<String>], label: &str) -> &'static str {
    let (a, b) = (vectors::<N>(a), vectors::<N>(b));
    let pair = Pair {
        a: convert(&a),
        b: convert(&b),
        expect: None,
    };
    check(&pair, label).name()
}

#[test]
fn every_spec_pair_agrees_with_the_oracle() {
    let mut tally = Tally::default();
    for (i, p) in table().pair.iter().enumerate() {
        let label = format!("spec pair {i} ({})", p.region);
        let c = match p.a[0].len() {
            2 => spec_pair::<2>(&p.a, &p.b, &label),
            _ => spec_pair::<3>(&p.a, &p.b, &label),
        };
        *tally.0.entry(c).or_default() += 1;
    }
    assert!(
        tally.get("exact_fallback") > 0 && tally.get("enclosing_simplex") > 0,
        "{tally:?}"
    );
}

/// Random small-integer clouds (many ties: touching is common) and random
/// general-position clouds with long mantissas, in `N` dimensions.
fn random_pairs<const N: usize>(seed: u64, count: usize) -> Tally {
    let mut rng = Lcg(seed);
    let mut tally = Tally::default();
    for i in 0..count {
        let pair = if i % 2 == 0 {
            let cloud = |rng: &mut Lcg| -> Vec<Vector<f64, N>> {
                let m = rng.int(1, N as i64 + 3) as usize;
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
            random_pair::<N>(&mut rng, N + 3)
        };
        tally.add(&check(&pair, &format!("random {N}D #{i} (seed {seed})")));
    }
    tally
}

#[test]
fn random_pairs_in_one_to_four_dimensions_agree_with_the_oracle() {
    for tally in [
        random_pairs::<1>(11, 120),
        random_pairs::<2>(12, 120),
        random_pairs::<3>(13, 120),
        random_pairs::<4>(14, 50),
    ] {
        eprintln!("{tally:?}");
        // Every path is exercised in every dimension.
        for name in ["separating_axis", "enclosing_simplex", "exact_fallback"] {
            assert!(tally.get(name) > 0, "{tally:?}");
        }
    }
}

/// The hard families in `N` dimensions: every kind of contact, exact
/// touching and shifts of ±2⁻⁴⁰ and ±2⁻⁵⁰ (relative to the coordinates), at
/// scales 1, 2³⁰ and 2⁻³⁰. Returns (certified tally, plain f64 wrong count,
/// total).
fn hard_families<const N: usize>(seed: u64, per_kind: usize) -> (Tally, usize, usize) {
    let mut rng = Lcg(seed);
    let mut tally = Tally::default();
    let (mut wrong, mut total) = (0, 0);
    for &kind in Kind::all(N) {
        for shift_exp in [None, Some(40), Some(50)] {
            for sign in [1.0, -1.0] {
                if shift_exp.is_none() && sign < 0.0 {
                    continue;
                }
                let shift = shift_exp.map_or(0.0, |e| sign * 2f64.powi(-e));
                for scale in [0, 30, -30] {
                    for i in 0..per_kind {
                        let pair = contact_pair::<N>(&mut rng, kind, shift, scale);
                        let label = format!("{kind:?} {N}D shift {shift:e} scale 2^{scale} #{i}");
                        tally.add(&check(&pair, &label));
                        total += 1;
                        if plain_f64(&pair) != pair.expect {
                            wrong += 1;
                        }
                    }
                }
            }
        }
    }
    (tally, wrong, total)
}

#[test]
fn hard_families_agree_with_the_oracle_and_plain_f64_does_not() {
    let (t2, wrong2, total2) = hard_families::<2>(21, 4);
    let (t3, wrong3, total3) = hard_families::<3>(22, 3);
    eprintln!("2D: {t2:?}, plain f64 wrong on {wrong2}/{total2}");
    eprintln!("3D: {t3:?}, plain f64 wrong on {wrong3}/{total3}");
    // The certificates do most of the work; touching needs the exact path.
    for t in [&t2, &t3] {
        for name in ["separating_axis", "enclosing_simplex", "exact_fallback"] {
            assert!(t.get(name) > 0, "{t:?}");
        }
    }
    // The certificate matters: plain f64 is wrong on some of these pairs.
    assert!(
        wrong2 > 0 && wrong3 > 0,
        "plain f64 wrong on {wrong2} and {wrong3}"
    );
}

/// Gaps of 2⁻⁴⁰ (relative to the coordinates) are always certified by the
/// float axis, at every scale; overlaps of 2⁻⁴⁰ nearly always by a simplex.
#[test]
fn gaps_and_overlaps_of_two_to_the_minus_forty_are_certified_in_floats() {
    let mut rng = Lcg(31);
    let (mut overlaps, mut certified) = (0, 0);
    for &kind in Kind::all(3) {
        for scale in [0, 30, -30] {
            for i in 0..2 {
                let label = format!("{kind:?} 2^-40 scale 2^{scale} #{i}");
                let sep = contact_pair::<3>(&mut rng, kind, 2f64.powi(-40), scale);
                let c = check(&sep, &label);
                assert!(
                    matches!(c, Certificate::SeparatingAxis(_)),
                    "{label}: {c:?}"
                );
                let pen = contact_pair::<3>(&mut rng, kind, -(2f64.powi(-40)), scale);
                let c = check(&pen, &label);
                overlaps += 1;
                certified += usize::from(matches!(c, Certificate::EnclosingSimplex { .. }));
            }
        }
    }
    assert!(
        certified * 10 >= overlaps * 9,
        "{certified} of {overlaps} overlaps certified"
    );
}

#[test]
fn touching_is_decided_by_the_exact_path() {
    let mut rng = Lcg(41);
    for &kind in Kind::all(3) {
        let pair = contact_pair::<3>(&mut rng, kind, 0.0, 0);
        let c = check(&pair, &format!("{kind:?} touching"));
        assert!(c.is_fallback(), "{kind:?}: {c:?}");
    }
}

#[test]
fn huge_coordinates_overflow_the_float_loop_and_the_exact_path_decides() {
    // Differences of ±1e308 overflow f64: not an error, a fallback.
    let p = |x: f64, y: f64| Vector::<f64, 2>::new(x, y);
    let pair = Pair {
        a: vec![p(-1e308, 0.0), p(-1e308, 1.0), p(-9e307, 0.5)],
        b: vec![p(1e308, 0.0), p(1e308, 1.0), p(9e307, 0.5)],
        expect: Some(Relation::Separated),
    };
    let c = check(&pair, "huge");
    assert!(
        matches!(
            c,
            Certificate::ExactFallback {
                reason: FallbackReason::FloatError(_)
            }
        ),
        "{c:?}"
    );
}

#[test]
fn bad_input_is_a_typed_error() {
    // Empty sets and NaN are refused by the hull constructor.
    assert!(ConvexHull::<f64, 2>::new(vec![]).is_err());
    assert!(ConvexHull::new(vec![Vector::<f64, 2>::new(f64::NAN, 0.0)]).is_err());
    assert!(ConvexHull::new(vec![Vector::<f64, 2>::new(f64::INFINITY, 0.0)]).is_err());
    // N = 0.
    let z = ConvexHull::new(vec![Vector::<f64, 0>::zeros()]).unwrap();
    assert!(matches!(
        certify(&z, &z, &CertifiedOptions::default()),
        Err(CertifiedError::Input(_))
    ));
    // Past the exact path's size limit: refused before any work.
    let many = (0..=gjk::certified::MAX_POINTS_PER_SHAPE)
        .map(|i| Vector::<f64, 1>::new(i as f64))
        .collect();
    let big = ConvexHull::new(many).unwrap();
    let one = ConvexHull::new(vec![Vector::<f64, 1>::new(-1.0)]).unwrap();
    let e = certify(&big, &one, &CertifiedOptions::default()).unwrap_err();
    assert!(matches!(e, CertifiedError::TooLarge { .. }), "{e}");
    // A 4D pair past the exact oracle's LP limit is answered: the exact
    // path is the crate's own loop, not the oracle (which judges it
    // elsewhere, on pairs it can take).
    let mut rng = Lcg(5);
    let big = random_pair::<4>(&mut rng, 100);
    let (a, b) = (
        ConvexHull::new(big.a).unwrap(),
        ConvexHull::new(big.b).unwrap(),
    );
    assert!(certify(&a, &b, &CertifiedOptions::default()).is_ok());
    // An exact path that cannot finish within the cap is an error, not a guess.
    let pair = contact_pair::<3>(&mut Lcg(6), Kind::FacetFacet, 0.0, 0);
    let (a, b) = (
        ConvexHull::new(pair.a).unwrap(),
        ConvexHull::new(pair.b).unwrap(),
    );
    let opts = CertifiedOptions { max_iterations: 1 };
    let e = certify(&a, &b, &opts).unwrap_err();
    assert!(matches!(e, CertifiedError::ExactNotConverged { .. }), "{e}");
}
