//! The fixed-size float path against the generic one (issue 20, item 1):
//! same answers, bit for bit.
//!
//! For `f32` and `f64` in 2D and 3D, [`gjk::boolean::gjk`] runs the loop on
//! fixed-size storage with the written-out classifier
//! (`src/boolean/fixed.rs`, `src/classify/fixed.rs`), while
//! [`gjk::boolean::gjk_observed`] runs the generic loop. Here:
//!
//! * every case of `spec/regions.toml` is classified by both classifiers
//!   ([`classify`] and [`classify_fixed`]) in exact, `f64` and `f32` modes,
//!   and every spec pair is run through both loops;
//! * 24,000 generated pairs (`gjk-gen`, every family, 2D and 3D, three
//!   coordinate scales) are run through both loops in `f64` and `f32`.
//!
//! "Same answer" is equality of the whole [`Report`]: verdict, region,
//! simplex (each vertex's point, support points and direction), separating
//! axis, iteration count; float equality of every coordinate (`==` on
//! finite values, so a `-0.0` for a `0.0` would pass; the signs of zero are
//! not part of any verdict).

use crate::common;

use common::spec_table::table;
use common::{convert, simplex, vectors};
use gjk::boolean::{gjk, gjk_observed, Options, Report};
use gjk::classify::{classify, classify_fixed};
use gjk::scalar::FromRational;
use gjk::shape::ConvexHull;
use gjk::{Rational, Scalar, Vector, Which};
use gjk_gen::{build, case_params, vectors_of, FamilyChoice};

/// Both loops on one pair; panics with the pair on a difference.
fn same_boolean<T: Scalar, const N: usize>(
    a: &[Vector<T, N>],
    b: &[Vector<T, N>],
    opts: &Options<T, N>,
    what: &str,
) -> Report<T, N> {
    let ha = ConvexHull::new(a.to_vec(), Which::A).unwrap();
    let hb = ConvexHull::new(b.to_vec(), Which::B).unwrap();
    let hot = gjk(&ha, &hb, opts);
    let generic = gjk_observed(&ha, &hb, opts, &mut ());
    assert_eq!(
        hot,
        generic,
        "{what} ({}, {N}D): a = {a:?}, b = {b:?}",
        T::NAME
    );
    hot.unwrap()
}

/// The classifiers on one spec case in every mode.
fn same_classification<const N: usize>(rows: &[Vec<String>], region: &str) {
    fn one<T: Scalar, const N: usize>(pts: Vec<Vector<T, N>>, region: &str) {
        let s = simplex(pts);
        let generic = classify(&s);
        let fixed = classify_fixed(&s);
        assert_eq!(fixed, generic, "spec case {region} ({}, {N}D)", T::NAME);
    }
    let exact = vectors::<N>(rows);
    one::<Rational, N>(exact.clone(), region);
    one::<f64, N>(convert(&exact), region);
    one::<f32, N>(convert(&exact), region);
}

#[test]
fn the_classifiers_agree_on_every_spec_case() {
    let t = table();
    assert!(t.case.len() > 100, "the spec has its cases");
    for case in &t.case {
        match case.simplex[0].len() {
            2 => same_classification::<2>(&case.simplex, &case.region),
            _ => same_classification::<3>(&case.simplex, &case.region),
        }
    }
}

#[test]
fn the_loops_agree_on_every_spec_pair() {
    fn both<T: Scalar + FromRational, const N: usize>(a: &[Vec<String>], b: &[Vec<String>]) {
        let (a, b) = (convert::<T, N>(&vectors(a)), convert::<T, N>(&vectors(b)));
        same_boolean(&a, &b, &Options::default(), "spec pair");
    }
    let t = table();
    for p in &t.pair {
        if p.a[0].len() == 2 {
            both::<f64, 2>(&p.a, &p.b);
            both::<f32, 2>(&p.a, &p.b);
        } else {
            both::<f64, 3>(&p.a, &p.b);
            both::<f32, 3>(&p.a, &p.b);
        }
    }
}

/// Generated pairs per dimension and scale.
const PER_SCALE: usize = 4_000;
/// Coordinate scales `2^e`: unit, huge, tiny (the classifier's power-of-two
/// scaling is part of what must match).
const SCALES: [i32; 3] = [0, 40, -40];

/// `PER_SCALE` pairs of every family of `gjk-gen` in `N` dimensions at
/// each of [`SCALES`], through both loops in `f64` and `f32`; returns the
/// number of pairs and how many of the `f64` queries intersect.
fn generated<const N: usize>(seed: u64) -> (usize, usize) {
    let (mut pairs, mut hits) = (0, 0);
    for (k, &scale) in SCALES.iter().enumerate() {
        for params in case_params(FamilyChoice::All, N, PER_SCALE, seed + k as u64, scale) {
            let pair = build(&params.unwrap()).unwrap();
            let what = format!("generated {:?}", pair.params);
            let a64 = vectors_of::<f64, N>(&pair.a, pair.exp);
            let b64 = vectors_of::<f64, N>(&pair.b, pair.exp);
            let r = same_boolean(&a64, &b64, &Options::default(), &what);
            hits += usize::from(r.outcome.intersects() == Some(true));
            let a32 = vectors_of::<f32, N>(&pair.a, pair.exp);
            let b32 = vectors_of::<f32, N>(&pair.b, pair.exp);
            same_boolean(&a32, &b32, &Options::default(), &what);
            // A start direction other than the default one.
            let opts = Options {
                initial_direction: Some(Vector::<f64, N>::from_fn(|i, _| 1.0 - i as f64 * 0.75)),
                ..Options::default()
            };
            same_boolean(&a64, &b64, &opts, &what);
            pairs += 1;
        }
    }
    (pairs, hits)
}

#[test]
fn the_loops_agree_on_generated_pairs_2d() {
    let (pairs, hits) = generated::<2>(0x2d_20);
    assert_eq!(pairs, PER_SCALE * SCALES.len());
    // Both verdicts are exercised.
    assert!(
        hits > pairs / 10 && hits < pairs * 9 / 10,
        "{hits} of {pairs}"
    );
}

#[test]
fn the_loops_agree_on_generated_pairs_3d() {
    let (pairs, hits) = generated::<3>(0x3d_20);
    assert_eq!(pairs, PER_SCALE * SCALES.len());
    assert!(
        hits > pairs / 10 && hits < pairs * 9 / 10,
        "{hits} of {pairs}"
    );
}
