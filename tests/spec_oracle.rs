//! The spec's invariants, checked against the exact oracle (`gjk_oracle`),
//! which shares no code with the classifier or the loop.
//!
//! For every case of `spec/regions.toml` and for thousands of random
//! simplices and shape pairs, in exact arithmetic **and in f64** (the float
//! run's own input and output are converted exactly to rationals and judged
//! by the oracle):
//!
//! 1. the classifier picks the feature the region oracle picks (the smallest
//!    face holding the closest point); containing regions exactly when the
//!    origin is on the simplex; degenerate regions exactly when the vertices
//!    are affinely dependent;
//! 2. the kept sub-simplex holds the closest point of the old simplex;
//! 3. the new search direction is non-zero and points from that closest
//!    point `v` towards the origin (`d · (−v) > 0`; in exact mode `d` is a
//!    positive multiple of `−v`); the oracle's facet and plane sides agree
//!    with the region (face regions are outside their face, "above" is above,
//!    2D-LINE-R2 is left of `AB`), and a kept 3D triangle is wound with the
//!    origin in front of it (the winding convention of `src/simplex/mod.rs`);
//! 4. along a run of the loop, the distance from the simplex to the origin
//!    strictly decreases;
//! 5. a reported intersection is confirmed by the oracle's LP; a reported
//!    separation comes with an axis the oracle confirms separates
//!    (`max_A a·axis < min_B b·axis`, exactly); touching and penetrating
//!    agree with the oracle's relation, and a touching normal weakly
//!    separates.
//!
//! A failure prints the simplex or the pair as exact rationals.

use crate::common;

use std::cmp::Ordering;

use common::spec_table::{table, Case};
use common::{convert, show, simplex, vectors, Cloud, Lcg};
use gjk::boolean::{gjk, gjk_observed, Options, Outcome, Step};
use gjk::classify::classify;
use gjk::region::{Line2Region, Region, RegionKind, Tri3Region};
use gjk::scalar::{rational_from_f64, FromRational};
use gjk::verdict::{by_boolean_loop, Verdict};
use gjk::{Field, Rational, Vector};
use gjk_oracle::{self as oracle, OracleError, Relation};
use num_traits::Zero;

/// The exact value of a scalar (floats are dyadic rationals).
trait Exact: Field + FromRational {
    fn exact(&self) -> Rational;
}
impl Exact for f64 {
    fn exact(&self) -> Rational {
        rational_from_f64(*self).expect("finite")
    }
}
impl Exact for Rational {
    fn exact(&self) -> Rational {
        self.clone()
    }
}

fn row<T: Exact, const N: usize>(p: &Vector<T, N>) -> Vec<Rational> {
    p.iter().map(Exact::exact).collect()
}

fn rows<T: Exact, const N: usize>(pts: &[Vector<T, N>]) -> Vec<Vec<Rational>> {
    pts.iter().map(row).collect()
}

fn dot(u: &[Rational], v: &[Rational]) -> Rational {
    u.iter().zip(v).map(|(a, b)| a.clone() * b.clone()).sum()
}

fn minus(u: &[Rational], v: &[Rational]) -> Vec<Rational> {
    u.iter()
        .zip(v)
        .map(|(a, b)| a.clone() - b.clone())
        .collect()
}

fn facet_side(a: &oracle::RegionAnswer, opposite: usize) -> Option<Ordering> {
    a.facet_sides
        .iter()
        .find(|f| f.opposite == opposite)
        .map(|f| f.side)
}

/// Checks invariants 1–3 for one simplex (vertices newest first) in scalar
/// type `T`; returns the region the classifier named.
fn check_simplex<T: Exact, const N: usize>(pts: &[Vector<T, N>]) -> Region {
    let exact_pts: Vec<Vector<Rational, N>> = pts
        .iter()
        .map(|p| Vector::<Rational, N>::from_fn(|i, _| p[i].exact()))
        .collect();
    let s = simplex(pts.to_vec());
    let c = classify(&s).unwrap_or_else(|e| panic!("{}: {e}", show(&exact_pts)));
    let here = || {
        format!(
            "{} ({}): simplex = {} (newest first)",
            c.region,
            T::NAME,
            show(&exact_pts)
        )
    };
    let answer = oracle::closest_feature(&rows(pts));
    let a = match (c.region.kind(), answer) {
        (RegionKind::Degenerate, Err(OracleError::AffinelyDependent)) => return c.region,
        (RegionKind::Degenerate, other) => {
            panic!("{}: degenerate, but the oracle says {other:?}", here())
        }
        (_, Err(e)) => panic!("{}: oracle: {e}", here()),
        (_, Ok(a)) => a,
    };
    let k = pts.len();
    if c.region.kind() == RegionKind::Contains {
        assert!(
            a.contains_origin,
            "{}: a containing region, but the oracle's distance² is {}",
            here(),
            a.dist2
        );
        if k == N + 1 {
            assert!(
                a.facet_sides.iter().all(|f| f.side != Ordering::Greater),
                "{}: contains, but the origin is outside a facet: {:?}",
                here(),
                a.facet_sides
            );
        }
        return c.region;
    }
    // (1) The same feature.
    let kept = c.kept.indices();
    let mut sorted = kept.clone();
    sorted.sort_unstable();
    assert_eq!(
        sorted,
        a.feature,
        "{}: kept vs the oracle's feature",
        here()
    );
    // Kept vertices stay newest first; only a kept 3D triangle may swap its
    // last two (the winding rule, checked below).
    if N == 3 && kept.len() == 3 {
        assert_eq!(
            kept[0],
            sorted[0],
            "{}: kept {kept:?} is not newest first",
            here()
        );
    } else {
        assert_eq!(
            kept,
            sorted,
            "{}: kept {kept:?} is not newest first",
            here()
        );
    }
    assert!(
        !a.contains_origin,
        "{}: a search region, but the origin is on the simplex",
        here()
    );
    // (2) The kept sub-simplex holds the same closest point.
    let sub: Vec<Vector<T, N>> = kept.iter().map(|&i| pts[i].clone()).collect();
    let sub_answer = oracle::closest_feature(&rows(&sub)).expect("a face of a simplex");
    assert_eq!(
        sub_answer.closest,
        a.closest,
        "{}: the kept vertices {kept:?} lose the closest point",
        here()
    );
    // (3) The direction points from v towards O.
    let d = row(c
        .direction
        .as_ref()
        .expect("search regions have a direction"));
    let minus_v: Vec<Rational> = a.closest.iter().map(|x| -x.clone()).collect();
    assert!(
        dot(&d, &minus_v) > Rational::zero(),
        "{}: d · (−v) ≤ 0 (d = {d:?})",
        here()
    );
    if T::EXACT {
        // d ∥ −v: d (v·v) = v (d·v).
        let (vv, dv) = (dot(&a.closest, &a.closest), dot(&d, &a.closest));
        let parallel = d
            .iter()
            .zip(&a.closest)
            .all(|(di, vi)| di.clone() * vv.clone() == vi.clone() * dv.clone());
        assert!(parallel, "{}: d is not a multiple of −v", here());
    }
    // The 3D winding convention (src/simplex/mod.rs): a kept triangle [X, Y, Z]
    // has the origin on the side of (Y − X) × (Z − X), strictly (it is off
    // the plane in a face region), and the direction is that normal.
    if N == 3 && kept.len() == 3 {
        let p: Vec<Vec<Rational>> = kept.iter().map(|&i| row(&pts[i])).collect();
        let (u, w) = (minus(&p[1], &p[0]), minus(&p[2], &p[0]));
        let n = vec![
            u[1].clone() * w[2].clone() - u[2].clone() * w[1].clone(),
            u[2].clone() * w[0].clone() - u[0].clone() * w[2].clone(),
            u[0].clone() * w[1].clone() - u[1].clone() * w[0].clone(),
        ];
        let minus_x: Vec<Rational> = p[0].iter().map(|x| -x.clone()).collect();
        assert!(
            dot(&n, &minus_x) > Rational::zero(),
            "{}: kept triangle {kept:?} is wound with the origin behind it",
            here()
        );
    }
    // Facet regions: the origin is beyond that facet.
    if k == N + 1 && sorted.len() == N {
        let opposite = (0..k).find(|i| !sorted.contains(i)).unwrap_or(0);
        assert_eq!(
            facet_side(&a, opposite),
            Some(Ordering::Greater),
            "{}: a facet region, but the origin is not beyond that facet",
            here()
        );
    }
    match c.region {
        Region::Tri3(Tri3Region::Above) | Region::Line2(Line2Region::R2) => {
            assert_eq!(a.plane_side, Some(Ordering::Greater), "{}", here())
        }
        Region::Tri3(Tri3Region::Below) | Region::Line2(Line2Region::R3) => {
            assert_eq!(a.plane_side, Some(Ordering::Less), "{}", here())
        }
        _ => {}
    }
    c.region
}

fn check_case<const N: usize>(case: &Case) {
    let pts = vectors::<N>(&case.simplex);
    let region = check_simplex::<Rational, N>(&pts);
    assert_eq!(region.spec_id(), case.region, "simplex = {}", show(&pts));
    // The same checks on the f64 values of the case (judged as they are);
    // where those values are the case's exact values, the same region.
    let floats = convert::<f64, N>(&pts);
    let float_region = check_simplex::<f64, N>(&floats);
    let representable = floats
        .iter()
        .zip(&pts)
        .all(|(f, p)| f.iter().zip(p.iter()).all(|(x, y)| x.exact() == *y));
    if representable {
        assert_eq!(float_region, region, "f64: simplex = {}", show(&pts));
    }
}

/// Invariants 1–3 on every case of the spec table, exact and f64.
#[test]
fn every_spec_case_agrees_with_the_region_oracle() {
    let t = table();
    assert!(!t.case.is_empty());
    for case in &t.case {
        match case.simplex[0].len() {
            2 => check_case::<2>(case),
            3 => check_case::<3>(case),
            n => panic!("{}: a case of dimension {n}", case.region),
        }
    }
}

fn random_simplices<const N: usize>(seed: u64, count: usize) -> [usize; 3] {
    let mut rng = Lcg(seed);
    let mut kinds = [0; 3];
    for _ in 0..count {
        let len = rng.int(1, N as i64 + 1) as usize;
        let span = rng.int(1, 4);
        let pts: Vec<Vector<Rational, N>> = (0..len)
            .map(|_| {
                Vector::<Rational, N>::from_fn(|_, _| {
                    Rational::from_integer(rng.int(-span, span).into())
                })
            })
            .collect();
        let exact = check_simplex::<Rational, N>(&pts);
        // f64 on small integers computes exactly: the same region.
        let float = check_simplex::<f64, N>(&convert::<f64, N>(&pts));
        assert_eq!(exact, float, "exact vs f64: simplex = {}", show(&pts));
        kinds[match exact.kind() {
            RegionKind::Search => 0,
            RegionKind::Contains => 1,
            RegionKind::Degenerate => 2,
        }] += 1;
    }
    kinds
}

/// Invariants 1–3 on random small-integer simplices of every size, including
/// the ties (coordinates within ±1 to ±4 make many sign tests exactly zero).
#[test]
fn random_simplices_agree_with_the_region_oracle() {
    for (kinds, what) in [
        (random_simplices::<2>(21, 4000), "2D"),
        (random_simplices::<3>(22, 4000), "3D"),
    ] {
        assert!(
            kinds[0] > 1000 && kinds[1] > 100 && kinds[2] > 50,
            "{what}: search / contains / degenerate = {kinds:?}"
        );
    }
}

/// Invariants 4 and 5 on one pair, in scalar type `T`.
fn check_run<T: Exact, const N: usize>(a: &[Vector<Rational, N>], b: &[Vector<Rational, N>]) {
    let here = || format!("({}) a = {}, b = {}", T::NAME, show(a), show(b));
    let (ta, tb) = (Cloud(convert::<T, N>(a)), Cloud(convert::<T, N>(b)));
    let (ra, rb) = (rows(&ta.0), rows(&tb.0));
    let mut steps: Vec<Step<T, N>> = Vec::new();
    let report = gjk_observed(&ta, &tb, &Options::default(), &mut steps)
        .unwrap_or_else(|e| panic!("{}: {e}", here()));
    // (4) Strictly decreasing distance between consecutive kept simplices.
    let dist: Vec<Rational> = steps
        .iter()
        .filter(|s| s.region.is_some())
        .map(|s| {
            let pts: Vec<Vector<T, N>> = s.kept.points().cloned().collect();
            oracle::distance_squared(&rows(&pts), &[vec![Rational::zero(); N]])
                .unwrap()
                .dist2
        })
        .collect();
    for w in dist.windows(2) {
        assert!(
            w[1] < w[0] || w[1].is_zero(),
            "{}: distance² {} then {}",
            here(),
            w[0],
            w[1]
        );
    }
    // (5) The boolean verdict and its certificate.
    let lp = oracle::intersects(&ra, &rb).unwrap();
    match &report.outcome {
        Outcome::Intersecting { .. } => {
            assert!(
                lp,
                "{}: intersecting, but the LP finds no common point",
                here()
            )
        }
        Outcome::Separated { axis, .. } => {
            assert!(
                !lp,
                "{}: separated, but the LP finds a common point",
                here()
            );
            assert!(
                oracle::strictly_separates(&ra, &rb, &row(axis)).unwrap(),
                "{}: the axis {:?} does not separate",
                here(),
                row(axis)
            );
        }
        Outcome::NoVerdict { reason, .. } => {
            panic!("{}: no verdict on small integers: {reason}", here())
        }
    }
    // The three-way answer against the oracle's relation.
    let k = by_boolean_loop(&ta, &tb, &Options::default())
        .unwrap()
        .verdict;
    let rel = oracle::relation(&ra, &rb).unwrap();
    match &k {
        Verdict::Separated { axis, .. } => {
            assert_eq!(rel, Relation::Separated, "{}", here());
            assert!(
                oracle::strictly_separates(&ra, &rb, &row(axis)).unwrap(),
                "{}",
                here()
            );
        }
        Verdict::Touching { normal, .. } => {
            assert_eq!(rel, Relation::Touching, "{}", here());
            assert!(
                oracle::separates(&ra, &rb, &row(normal)).unwrap(),
                "{}: the touching normal {:?} is not a weak separator",
                here(),
                row(normal)
            );
        }
        Verdict::Penetrating { .. } => assert_eq!(rel, Relation::Penetrating, "{}", here()),
        Verdict::NoVerdict { reason } => panic!("{}: no verdict: {reason}", here()),
    }
    // And the plain boolean query says the same.
    let plain = gjk(&ta, &tb, &Options::default())
        .unwrap()
        .outcome
        .intersects();
    assert_eq!(plain, Some(lp), "{}", here());
}

fn runs<const N: usize>(seed: u64, count: usize) {
    let mut rng = Lcg(seed);
    for _ in 0..count {
        let (a, b) = (rng.cloud::<N>(N + 3, 3), rng.cloud::<N>(N + 3, 3));
        check_run::<Rational, N>(&a, &b);
        check_run::<f64, N>(&a, &b);
    }
}

/// Invariants 4 and 5 on random runs of the loop, exact and f64.
#[test]
fn loop_runs_keep_the_invariants_and_verdicts_match_the_oracle() {
    runs::<2>(31, 600);
    runs::<3>(32, 600);
}

/// Invariants 4 and 5 on the spec table's shape pairs (one per reachable
/// region).
#[test]
fn spec_pairs_keep_the_invariants() {
    for p in table().pair {
        match p.a[0].len() {
            2 => {
                let (a, b) = (vectors::<2>(&p.a), vectors::<2>(&p.b));
                check_run::<Rational, 2>(&a, &b);
                check_run::<f64, 2>(&a, &b);
            }
            _ => {
                let (a, b) = (vectors::<3>(&p.a), vectors::<3>(&p.b));
                check_run::<Rational, 3>(&a, &b);
                check_run::<f64, 3>(&a, &b);
            }
        }
    }
}
