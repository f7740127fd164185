//! The oracle's two independent methods agree with each other.
//!
//! The LP (`intersects`, `relation`) and the enumeration (`distance_squared`)
//! share no code beyond exact row arithmetic; on random small-integer point
//! sets in dimensions 1 to 4 (many of them touching: coordinates in −2..=2)
//! they must agree, and each answer must carry checkable evidence:
//!
//! * `intersects ⇔ distance² = 0`;
//! * the witnesses lie in their hulls (checked with the LP) and are
//!   `√distance²` apart;
//! * when separated, `v = witness_a − witness_b` gives the axis `−v`, which
//!   strictly separates the shapes with a gap of exactly `|v|²`;
//! * touching versus penetrating (the LP's relative-interior test and the
//!   rank) is checked against its definition: some arbitrarily small
//!   translation of `B` separates a touching pair, none separates a
//!   penetrating one.

use gjk::oracle::{self, Relation};
use gjk::Rational;
use num_traits::Zero;
use proptest::prelude::*;
use proptest::strategy::ValueTree;

fn q(v: i64) -> Rational {
    Rational::from_integer(v.into())
}

fn show(p: &[Vec<Rational>]) -> String {
    let rows: Vec<String> = p
        .iter()
        .map(|r| {
            let c: Vec<String> = r.iter().map(|x| format!("\"{x}\"")).collect();
            format!("[{}]", c.join(","))
        })
        .collect();
    format!("[{}]", rows.join(","))
}

fn cloud(dim: usize, max_points: usize) -> impl Strategy<Value = Vec<Vec<Rational>>> {
    prop::collection::vec(prop::collection::vec(-2i64..=2, dim), 1..=max_points).prop_map(|rows| {
        rows.into_iter()
            .map(|r| r.into_iter().map(q).collect())
            .collect()
    })
}

fn pair(
    dim: usize,
    max_points: usize,
) -> impl Strategy<Value = (Vec<Vec<Rational>>, Vec<Vec<Rational>>)> {
    (cloud(dim, max_points), cloud(dim, max_points))
}

fn dot(u: &[Rational], v: &[Rational]) -> Rational {
    u.iter().zip(v).map(|(a, b)| a.clone() * b.clone()).sum()
}

fn check(a: &[Vec<Rational>], b: &[Vec<Rational>]) -> Result<(), TestCaseError> {
    let here = format!("a = {}, b = {}", show(a), show(b));
    let lp = oracle::intersects(a, b).unwrap();
    let rel = oracle::relation(a, b).unwrap();
    let d = oracle::distance_squared(a, b).unwrap();
    prop_assert_eq!(lp, d.dist2.is_zero(), "LP vs distance: {}", here);
    prop_assert_eq!(
        lp,
        rel != Relation::Separated,
        "intersects vs relation: {}",
        here
    );
    // Witnesses lie in their hulls and realise the distance.
    prop_assert!(
        oracle::intersects(a, std::slice::from_ref(&d.witness_a)).unwrap(),
        "witness_a outside A: {}",
        here
    );
    prop_assert!(
        oracle::intersects(b, std::slice::from_ref(&d.witness_b)).unwrap(),
        "witness_b outside B: {}",
        here
    );
    let v: Vec<Rational> = d
        .witness_a
        .iter()
        .zip(&d.witness_b)
        .map(|(x, y)| x.clone() - y.clone())
        .collect();
    prop_assert_eq!(&v, &d.closest, "{}", here);
    prop_assert_eq!(dot(&v, &v), d.dist2.clone(), "{}", here);
    let total: Rational = d.support.iter().map(|s| s.2.clone()).sum();
    prop_assert_eq!(total, q(1), "support weights: {}", here);
    if !lp {
        // −v separates with a gap of exactly |v|²: min_B b·(−v) − max_A a·(−v) = |v|².
        let axis: Vec<Rational> = v.iter().map(|x| -x.clone()).collect();
        prop_assert!(
            oracle::strictly_separates(a, b, &axis).unwrap(),
            "axis −v: {}",
            here
        );
        let max_a = a.iter().map(|p| dot(p, &axis)).max().unwrap();
        let min_b = b.iter().map(|p| dot(p, &axis)).min().unwrap();
        prop_assert_eq!(min_b - max_a, d.dist2.clone(), "gap: {}", here);
    } else if let Some(cp) = oracle::common_point(a, b).unwrap() {
        // The LP's common point is in both hulls (the enumeration agrees).
        prop_assert!(
            oracle::distance_squared(a, std::slice::from_ref(&cp.point))
                .unwrap()
                .dist2
                .is_zero(),
            "{}",
            here
        );
        prop_assert!(
            oracle::distance_squared(b, &[cp.point])
                .unwrap()
                .dist2
                .is_zero(),
            "{}",
            here
        );
    }
    Ok(())
}

/// Touching: intersecting, and some translation of B by an arbitrarily small
/// vector separates them. `B + εu` misses `A` iff `εu ∉ A − B`; when the
/// origin is on the boundary of `A − B` the directions `u` leaving it fill
/// at least an open half-space, which contains `±eᵢ` — among the candidates
/// `u ∈ {−2..2}^N` tried here. With coordinates in −2..=2 every face of
/// `A − B` not through the origin is farther than `ε|u| ≈ 0.003`, so a
/// penetrating pair survives every nudge.
fn check_touching(
    a: &[Vec<Rational>],
    b: &[Vec<Rational>],
    dim: usize,
) -> Result<(), TestCaseError> {
    let here = format!("a = {}, b = {}", show(a), show(b));
    let rel = oracle::relation(a, b).unwrap();
    if rel == Relation::Separated {
        return Ok(());
    }
    let eps = Rational::new(1.into(), 1024.into());
    let mut any_separates = false;
    let range = [-2i64, -1, 0, 1, 2];
    let mut dirs: Vec<Vec<i64>> = vec![vec![]];
    for _ in 0..dim {
        dirs = dirs
            .into_iter()
            .flat_map(|d| range.iter().map(move |&x| [d.clone(), vec![x]].concat()))
            .collect();
    }
    for u in dirs.iter().filter(|u| u.iter().any(|&x| x != 0)) {
        let moved: Vec<Vec<Rational>> = b
            .iter()
            .map(|p| {
                p.iter()
                    .zip(u)
                    .map(|(x, &ui)| x.clone() + eps.clone() * q(ui))
                    .collect()
            })
            .collect();
        if !oracle::intersects(a, &moved).unwrap() {
            any_separates = true;
            break;
        }
    }
    match rel {
        Relation::Penetrating => prop_assert!(
            !any_separates,
            "penetrating, yet a nudge separates: {}",
            here
        ),
        _ => prop_assert!(any_separates, "touching, yet no nudge separates: {}", here),
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn lp_and_enumeration_agree_1d((a, b) in pair(1, 3)) { check(&a, &b)?; }

    #[test]
    fn lp_and_enumeration_agree_2d((a, b) in pair(2, 4)) { check(&a, &b)?; }

    #[test]
    fn lp_and_enumeration_agree_3d((a, b) in pair(3, 4)) { check(&a, &b)?; }

    #[test]
    fn lp_and_enumeration_agree_4d((a, b) in pair(4, 3)) { check(&a, &b)?; }

    #[test]
    fn touching_means_a_nudge_separates_2d((a, b) in pair(2, 3)) { check_touching(&a, &b, 2)?; }

    #[test]
    fn touching_means_a_nudge_separates_3d((a, b) in pair(3, 3)) { check_touching(&a, &b, 3)?; }
}

/// The generated pairs above must actually exercise all three answers.
#[test]
fn the_random_pairs_cover_all_three_relations() {
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let mut seen = [0usize; 3];
    for _ in 0..300 {
        let (a, b) = pair(3, 4).new_tree(&mut runner).unwrap().current();
        let i = match oracle::relation(&a, &b).unwrap() {
            Relation::Separated => 0,
            Relation::Touching => 1,
            Relation::Penetrating => 2,
        };
        seen[i] += 1;
    }
    assert!(
        seen.iter().all(|&n| n >= 20),
        "separated / touching / penetrating: {seen:?}"
    );
}
