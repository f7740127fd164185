//! The written-out 2D/3D float loop (`SubAlgorithm::Auto`, the default)
//! against the reference loop (`SubAlgorithm::Johnson`): on every spec case
//! and pair and on 24,000 generated pairs, in `f64` and `f32`, the two give
//! the same outcome, and separated distances agree within the documented
//! accuracy bound (`tolerance::float_accuracy_bound`, counted for each
//! loop). A failure prints the pair as `f64::to_bits` rows, with the seed.

use crate::common;

use common::spec_table::table;
use common::{convert, vectors};
use gjk::distance::{distance, DistanceOptions, DistanceOutcome, DistanceReport, SubAlgorithm};
use gjk::scalar::FromRational;
use gjk::shape::{ConvexHull, Support};
use gjk::tolerance::float_accuracy_bound;
use gjk::{Field, Rational, Vector};
use gjk_gen::{build, case_params, vectors_of, FamilyChoice};
use std::cell::Cell;

/// What one comparison found.
#[derive(Default, Debug)]
struct Tally {
    pairs: usize,
    /// Pairs the hot loop answered itself (not handed back to the
    /// reference: as many support calls as reported iterations).
    hot: usize,
    /// Pairs with bit-identical reports.
    same_bits: usize,
    separated: usize,
    intersecting: usize,
    no_verdict: usize,
}

/// A hull that counts its support calls.
struct Counted<T: Field, const N: usize>(ConvexHull<T, N>, Cell<usize>);

impl<T: Field, const N: usize> Support<T, N> for Counted<T, N> {
    fn support(&self, dir: &Vector<T, N>) -> Vector<T, N> {
        self.1.set(self.1.get() + 1);
        self.0.support(dir)
    }
}

/// The report, and the support calls made on `A`.
fn run<T: Field, const N: usize>(
    a: &[Vector<T, N>],
    b: &[Vector<T, N>],
    sub_algorithm: SubAlgorithm,
) -> (Result<DistanceReport<T, N>, gjk::Error>, usize) {
    let (ha, hb) = (
        Counted(ConvexHull::new(a.to_vec()).expect("hull A"), Cell::new(0)),
        ConvexHull::new(b.to_vec()).expect("hull B"),
    );
    let opts = DistanceOptions {
        sub_algorithm,
        ..DistanceOptions::default()
    };
    let report = distance(&ha, &hb, &opts);
    (report, ha.1.get())
}

fn bits<T: Field, const N: usize>(pts: &[Vector<T, N>]) -> String {
    let rows: Vec<String> = pts
        .iter()
        .map(|p| {
            let xs: Vec<String> = p
                .iter()
                .map(|x| format!("{:#x}", x.to_f64().to_bits()))
                .collect();
            format!("[{}]", xs.join(", "))
        })
        .collect();
    rows.join(", ")
}

/// Runs both loops on `(a, b)` and checks that they agree (module docs).
fn compare<T: Field, const N: usize>(
    a: &[Vector<T, N>],
    b: &[Vector<T, N>],
    what: &str,
    tally: &mut Tally,
) {
    let here = || {
        format!(
            "{what} ({}, {N}D)\n  A = [{}]\n  B = [{}]",
            T::NAME,
            bits(a),
            bits(b)
        )
    };
    let (hot, calls) = run(a, b, SubAlgorithm::Auto);
    let (reference, _) = run(a, b, SubAlgorithm::Johnson);
    tally.pairs += 1;
    if hot.as_ref().is_ok_and(|r| r.iterations == calls) {
        tally.hot += 1;
    }
    let (hot, reference) = match (hot, reference) {
        (Ok(h), Ok(r)) => (h, r),
        (Err(h), Err(r)) => {
            assert_eq!(h, r, "{}: different errors", here());
            return;
        }
        (h, r) => panic!("{}: hot {h:?}, reference {r:?}", here()),
    };
    if hot == reference {
        tally.same_bits += 1;
    }
    // scale² = max |a − b|² over the pairs of points, in f64.
    let mut scale2 = 0f64;
    for p in a {
        for q in b {
            let d = p - q;
            scale2 = scale2.max(d.iter().map(|x| x.to_f64() * x.to_f64()).sum());
        }
    }
    let u = T::UNIT_ROUNDOFF;
    match (&hot.outcome, &reference.outcome) {
        (
            DistanceOutcome::Separated { dist2: h, .. },
            DistanceOutcome::Separated { dist2: r, .. },
        ) => {
            let (h, r) = (h.to_f64(), r.to_f64());
            let bound = float_accuracy_bound(h, scale2, u) + float_accuracy_bound(r, scale2, u);
            assert!(
                (h - r).abs() <= bound,
                "{}: dist² {h:e} (hot) vs {r:e} (reference), bound {bound:e}",
                here()
            );
            tally.separated += 1;
        }
        (DistanceOutcome::Intersecting { .. }, DistanceOutcome::Intersecting { .. }) => {
            tally.intersecting += 1;
        }
        (
            DistanceOutcome::NoVerdict { reason: h, .. },
            DistanceOutcome::NoVerdict { reason: r, .. },
        ) => {
            assert_eq!(h, r, "{}: different reasons", here());
            tally.no_verdict += 1;
        }
        (h, r) => panic!(
            "{}: hot says {} ({h:?}), reference {} ({r:?})",
            here(),
            h.name(),
            r.name()
        ),
    }
}

fn both_types<const N: usize>(
    a: &[Vector<Rational, N>],
    b: &[Vector<Rational, N>],
    what: &str,
    t: &mut [Tally; 2],
) {
    compare::<f64, N>(&convert(a), &convert(b), what, &mut t[0]);
    compare::<f32, N>(&convert(a), &convert(b), what, &mut t[1]);
}

#[test]
fn the_hot_loop_agrees_with_the_reference_on_every_spec_case_and_pair() {
    let spec = table();
    let mut tally = [Tally::default(), Tally::default()];
    for case in &spec.case {
        let what = format!("spec case {}", case.region);
        match case.simplex[0].len() {
            2 => both_types(
                &vectors::<2>(&case.simplex),
                &vectors::<2>(&[vec!["0".into(); 2]]),
                &what,
                &mut tally,
            ),
            _ => both_types(
                &vectors::<3>(&case.simplex),
                &vectors::<3>(&[vec!["0".into(); 3]]),
                &what,
                &mut tally,
            ),
        }
    }
    for pair in &spec.pair {
        let what = format!("spec pair {}", pair.region);
        match pair.a[0].len() {
            2 => both_types(
                &vectors::<2>(&pair.a),
                &vectors::<2>(&pair.b),
                &what,
                &mut tally,
            ),
            _ => both_types(
                &vectors::<3>(&pair.a),
                &vectors::<3>(&pair.b),
                &what,
                &mut tally,
            ),
        }
    }
    eprintln!("{tally:?}");
    assert!(tally[0].pairs > 100, "{tally:?}");
}

fn generated<T: Field + FromRational, const N: usize>(
    seed: u64,
    count: usize,
    scale_exp: i32,
) -> Tally {
    let mut tally = Tally::default();
    for params in case_params(FamilyChoice::All, N, count, seed, scale_exp) {
        let params = params.expect("params");
        let pair = build(&params).expect("pair");
        let a = vectors_of::<T, N>(&pair.a, pair.exp);
        let b = vectors_of::<T, N>(&pair.b, pair.exp);
        compare(&a, &b, &format!("{params:?}"), &mut tally);
    }
    tally
}

#[test]
fn the_hot_loop_agrees_with_the_reference_on_generated_pairs() {
    // 2 dimensions × 3 scales × 4,000 pairs = 24,000 pairs in f64; the
    // same in f32 at the unit scale (its range holds 2^±30 poorly).
    let mut total = 0;
    let mut hot = 0;
    for scale_exp in [-30, 0, 30] {
        for tally in [
            generated::<f64, 2>(11, 4000, scale_exp),
            generated::<f64, 3>(12, 4000, scale_exp),
        ] {
            assert!(
                tally.separated > 400 && tally.intersecting > 400,
                "{tally:?}"
            );
            total += tally.pairs;
            hot += tally.hot;
        }
    }
    eprintln!("total {total} hot {hot}");
    assert_eq!(total, 24_000);
    for tally in [
        generated::<f32, 2>(13, 2000, 0),
        generated::<f32, 3>(14, 2000, 0),
    ] {
        eprintln!("{tally:?}");
        assert!(
            tally.separated > 200 && tally.intersecting > 200,
            "{tally:?}"
        );
    }
}
