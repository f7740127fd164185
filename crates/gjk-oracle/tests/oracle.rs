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
//!   penetrating one;
//! * the penetration depth (facet enumeration) is checked against its
//!   definition with the LP: the penetration vector is a translation that
//!   makes the pair touch, and shorter ones do not.

// The helpers shared with the library's tests.
#[path = "../../../tests/common/mod.rs"]
mod common;

use common::Lcg;
use gjk::Rational;
use gjk_oracle::{self as oracle, Relation};
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
/// `u ∈ {−1, 0, 1}^N` tried here. With coordinates in −2..=2 every face of
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
    let range = [-1i64, 0, 1];
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
    #![proptest_config(ProptestConfig { cases: common::long::campaign(40, 300), failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn lp_and_enumeration_agree_1d((a, b) in pair(1, 3)) { check(&a, &b)?; }

    #[test]
    fn lp_and_enumeration_agree_2d((a, b) in pair(2, 4)) { check(&a, &b)?; }

    #[test]
    fn lp_and_enumeration_agree_3d((a, b) in pair(3, 4)) { check(&a, &b)?; }

    #[test]
    fn lp_and_enumeration_agree_4d((a, b) in pair(4, 3)) { check(&a, &b)?; }

    #[test]
    fn touching_means_a_nudge_separates_1d((a, b) in pair(1, 3)) { check_touching(&a, &b, 1)?; }

    #[test]
    fn touching_means_a_nudge_separates_2d((a, b) in pair(2, 3)) { check_touching(&a, &b, 2)?; }

    #[test]
    fn touching_means_a_nudge_separates_4d((a, b) in pair(4, 3)) { check_touching(&a, &b, 4)?; }

    #[test]
    fn touching_means_a_nudge_separates_3d((a, b) in pair(3, 3)) { check_touching(&a, &b, 3)?; }
}

/// The generated pairs above must actually exercise all three answers.
#[test]
fn the_random_pairs_cover_all_three_relations() {
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let mut seen = [0usize; 3];
    for _ in 0..common::long::campaign(40, 300) {
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

// ---------------------------------------------------------------------------
// Brute-force cross-checks of the LP and of `relation` (from the review of
// the oracle; tiny problems, every basis enumerated).

use gjk_oracle::lp::{minimise, Problem, Solution};

/// Solves `m_S x = b` for the columns `s` (own elimination); `None` if the
/// columns are dependent or the system inconsistent.
fn solve_cols(m: &[Vec<Rational>], b: &[Rational], s: &[usize]) -> Option<Vec<Rational>> {
    let rows = m.len();
    let k = s.len();
    let mut a: Vec<Vec<Rational>> = (0..rows)
        .map(|i| {
            let mut r: Vec<Rational> = s.iter().map(|&j| m[i][j].clone()).collect();
            r.push(b[i].clone());
            r
        })
        .collect();
    let mut r = 0;
    for c in 0..k {
        let p = (r..rows).find(|&i| !a[i][c].is_zero())?; // columns must be independent
        a.swap(p, r);
        let pv = a[r][c].clone();
        for x in a[r].iter_mut() {
            *x /= pv.clone();
        }
        let pr = a[r].clone();
        for (i, row) in a.iter_mut().enumerate() {
            if i != r && !row[c].is_zero() {
                let f = row[c].clone();
                for (x, y) in row.iter_mut().zip(&pr) {
                    *x -= f.clone() * y.clone();
                }
            }
        }
        r += 1;
    }
    if a[r..].iter().any(|row| !row[k].is_zero()) {
        return None;
    }
    Some((0..k).map(|i| a[i][k].clone()).collect())
}
fn subsets(n: usize, maxk: usize) -> Vec<Vec<usize>> {
    let mut out = vec![vec![]];
    for mask in 1u32..(1 << n) {
        let s: Vec<usize> = (0..n).filter(|i| mask & (1 << i) != 0).collect();
        if s.len() <= maxk {
            out.push(s);
        }
    }
    out
}
/// The least `c · x` over the basic feasible solutions; `None` if there is none.
fn bfs_min(
    m: &[Vec<Rational>],
    b: &[Rational],
    c: &[Rational],
) -> Option<(Rational, Vec<Rational>)> {
    let n = c.len();
    let mut best: Option<(Rational, Vec<Rational>)> = None;
    for s in subsets(n, m.len()) {
        if let Some(xs) = solve_cols(m, b, &s) {
            if xs.iter().all(|x| *x >= Rational::zero()) {
                let mut x = vec![Rational::zero(); n];
                for (k, &j) in s.iter().enumerate() {
                    x[j] = xs[k].clone();
                }
                let v: Rational = x.iter().zip(c).map(|(a, b)| a.clone() * b.clone()).sum();
                if best.as_ref().is_none_or(|(bv, _)| v < *bv) {
                    best = Some((v, x));
                }
            }
        }
    }
    best
}
fn brute(m: &[Vec<Rational>], b: &[Rational], c: &[Rational]) -> (u8, Option<Rational>) {
    let n = c.len();
    match bfs_min(m, b, c) {
        None => (0, None),
        Some((v, _)) => {
            // A ray: M d = 0, Σd = 1, d ≥ 0, c·d < 0 means unbounded.
            let mut mm = m.to_vec();
            mm.push(vec![q(1); n]);
            let mut bb = vec![q(0); m.len()];
            bb.push(q(1));
            if let Some((rv, _)) = bfs_min(&mm, &bb, c) {
                if rv < Rational::zero() {
                    return (1, None);
                }
            }
            (2, Some(v))
        }
    }
}

/// The exact simplex method against brute force over every basis, on small
/// random LPs with degenerate, redundant and all-zero rows and negative
/// right-hand sides: the same verdict (infeasible / unbounded / optimal) and
/// the same optimal value, and a feasible optimal point.
#[test]
fn lp_vs_brute_force_over_all_bases() {
    let mut rng = Lcg(7);
    let mut stats = [0usize; 3];
    for it in 0..common::long::campaign(500, 4000) {
        let rows = rng.int(1, 4) as usize;
        let n = rng.int(1, 6) as usize;
        let mut m: Vec<Vec<Rational>> = (0..rows)
            .map(|_| {
                (0..n)
                    .map(|_| {
                        let z = rng.int(0, 2);
                        if z == 0 {
                            q(0)
                        } else {
                            q(rng.int(-2, 2))
                        }
                    })
                    .collect()
            })
            .collect();
        let mut b: Vec<Rational> = (0..rows)
            .map(|_| {
                if rng.int(0, 1) == 0 {
                    q(0)
                } else {
                    q(rng.int(-2, 2))
                }
            })
            .collect();
        // redundant / zero rows
        if rows >= 2 && rng.int(0, 2) == 0 {
            let k = rng.int(-2, 2);
            m[1] = m[0].iter().map(|x| x.clone() * q(k)).collect();
            b[1] = b[0].clone() * q(k);
        }
        if rng.int(0, 5) == 0 {
            m[rows - 1] = vec![q(0); n];
            b[rows - 1] = q(0);
        }
        let c: Vec<Rational> = (0..n).map(|_| q(rng.int(-2, 2))).collect();
        let got = minimise(&Problem {
            m: m.clone(),
            b: b.clone(),
            c: c.clone(),
        })
        .unwrap();
        let (kind, val) = brute(&m, &b, &c);
        stats[kind as usize] += 1;
        let ctx = format!("it {it} m={m:?} b={b:?} c={c:?} got={got:?}");
        match (kind, &got) {
            (0, Solution::Infeasible) => {}
            (1, Solution::Unbounded) => {}
            (2, Solution::Optimal { x, value }) => {
                assert_eq!(Some(value.clone()), val, "{ctx}");
                assert!(x.iter().all(|v| *v >= Rational::zero()), "{ctx}");
                for (i, r) in m.iter().enumerate() {
                    let s: Rational = r.iter().zip(x).map(|(a, b)| a.clone() * b.clone()).sum();
                    assert_eq!(s, b[i], "{ctx}");
                }
                let s: Rational = c.iter().zip(x).map(|(a, b)| a.clone() * b.clone()).sum();
                assert_eq!(&s, value, "{ctx}");
            }
            _ => panic!("kind {kind} {ctx}"),
        }
    }
    assert!(
        stats.iter().all(|&n| n > 300),
        "infeasible/unbounded/optimal = {stats:?}"
    );
}

/// Separated iff no common point (brute-force LP); penetrating iff the cone
/// of the points of `A − B` is the whole space.
fn brute_relation(a: &[Vec<Rational>], b: &[Vec<Rational>]) -> Relation {
    let dim = a[0].len();
    let (ma, mb) = (a.len(), b.len());
    let mut m = vec![];
    let mut rhs = vec![];
    for c in 0..dim {
        let mut r: Vec<Rational> = a.iter().map(|p| p[c].clone()).collect();
        r.extend(b.iter().map(|p| -p[c].clone()));
        m.push(r);
        rhs.push(q(0));
    }
    let mut r = vec![q(1); ma];
    r.extend(vec![q(0); mb]);
    m.push(r);
    rhs.push(q(1));
    let mut r = vec![q(0); ma];
    r.extend(vec![q(1); mb]);
    m.push(r);
    rhs.push(q(1));
    if bfs_min(&m, &rhs, &vec![q(0); ma + mb]).is_none() {
        return Relation::Separated;
    }
    let mut d: Vec<Vec<Rational>> = vec![];
    for p in a {
        for qq in b {
            let x: Vec<Rational> = p
                .iter()
                .zip(qq)
                .map(|(x, y)| x.clone() - y.clone())
                .collect();
            if !d.contains(&x) {
                d.push(x);
            }
        }
    }
    for i in 0..dim {
        for s in [1i64, -1] {
            let mm: Vec<Vec<Rational>> = (0..dim)
                .map(|c| d.iter().map(|p| p[c].clone()).collect())
                .collect();
            let bb: Vec<Rational> = (0..dim).map(|c| if c == i { q(s) } else { q(0) }).collect();
            if bfs_min(&mm, &bb, &vec![q(0); d.len()]).is_none() {
                return Relation::Touching;
            }
        }
    }
    Relation::Penetrating
}

/// `relation` against an independent characterisation: separated iff no
/// basic feasible solution of the intersection LP exists; penetrating iff
/// every ±eᵢ is a non-negative combination of the points of `A − B` (the
/// cone they generate is the whole space, i.e. the origin is interior).
#[test]
fn relation_vs_brute_force() {
    let mut rng = Lcg(11);
    let mut stats = std::collections::BTreeMap::new();
    for it in 0..common::long::campaign(400, 3000) {
        let dim = rng.int(1, 3) as usize;
        let mk = |rng: &mut Lcg| {
            let n = rng.int(1, 3) as usize;
            let mut v: Vec<Vec<Rational>> = (0..n)
                .map(|_| (0..dim).map(|_| q(rng.int(-1, 1))).collect())
                .collect();
            if rng.int(0, 3) == 0 {
                let x = v[0].clone();
                v.push(x);
            }
            v
        };
        let a = mk(&mut rng);
        let b = mk(&mut rng);
        let got = oracle::relation(&a, &b).unwrap();
        let want = brute_relation(&a, &b);
        *stats.entry(format!("{want:?}")).or_insert(0) += 1;
        assert_eq!(got, want, "it {it} a={a:?} b={b:?}");
    }
    assert!(
        stats.values().all(|&n| n > 100) && stats.len() == 3,
        "{stats:?}"
    );
}

/// `penetration_depth` against its definition, on random penetrating pairs
/// in 1D to 4D: the penetration vector `p` is a translation that makes the
/// pair touch (`A − p` touches `B`) and going a sixteenth further separates
/// it; random translations shorter than the depth (90% of it, in random
/// integer directions) leave the pair penetrating; every reported facet
/// hyperplane supports `A − B` and holds exactly its listed points.
#[test]
fn penetration_depth_is_the_shortest_touching_translation() {
    fn shift(a: &[Vec<Rational>], t: &[Rational]) -> Vec<Vec<Rational>> {
        a.iter()
            .map(|p| p.iter().zip(t).map(|(x, y)| x - y).collect())
            .collect()
    }
    let mut g = Lcg(4242);
    let mut penetrating = [0usize; 4];
    for case in 0..common::long::campaign(30, 160) {
        let dim = 1 + case % 4;
        let mut cloud = |lo: usize, hi: usize| -> Vec<Vec<Rational>> {
            (0..g.int(lo as i64, hi as i64))
                .map(|_| (0..dim).map(|_| q(g.int(-3, 3))).collect())
                .collect()
        };
        let (a, b) = (cloud(dim, dim + 3), cloud(1, 4));
        let ctx = format!("A = {}, B = {}", show(&a), show(&b));
        let oracle::PenetrationDepth::Penetrating {
            depth2,
            penetration: p,
            facets,
            ..
        } = oracle::penetration_depth(&a, &b).unwrap()
        else {
            continue;
        };
        penetrating[dim - 1] += 1;
        assert_eq!(dot(&p, &p), depth2, "{ctx}");
        assert_eq!(
            oracle::relation(&shift(&a, &p), &b),
            Ok(Relation::Touching),
            "{ctx}"
        );
        let further: Vec<Rational> = p.iter().map(|x| x * q(17) / q(16)).collect();
        assert_eq!(
            oracle::relation(&shift(&a, &further), &b),
            Ok(Relation::Separated),
            "{ctx}"
        );
        for _ in 0..3 {
            let u: Vec<Rational> = (0..dim).map(|_| q(g.int(-4, 4))).collect();
            let uu = dot(&u, &u);
            if uu.is_zero() {
                continue;
            }
            let r = (0.9 * gjk::Scalar::to_f64(&(depth2.clone() / uu.clone()))).sqrt();
            let r = gjk::scalar::rational_from_f64(r).unwrap();
            let t: Vec<Rational> = u.iter().map(|x| x * &r).collect();
            assert!(dot(&t, &t) < depth2, "{ctx}");
            assert_eq!(
                oracle::relation(&shift(&a, &t), &b),
                Ok(Relation::Penetrating),
                "t = {t:?}: {ctx}"
            );
        }
        for f in &facets {
            let h = |i: usize, j: usize| -> Rational {
                let d: Vec<Rational> = a[i].iter().zip(&b[j]).map(|(x, y)| x - y).collect();
                dot(&f.normal, &d)
            };
            for i in 0..a.len() {
                for j in 0..b.len() {
                    assert!(h(i, j) <= f.offset, "{ctx}");
                }
            }
            assert!(f.points.len() >= dim, "{ctx}");
            assert!(f.points.iter().all(|&(i, j)| h(i, j) == f.offset), "{ctx}");
            let d2 = f.offset.clone() * f.offset.clone() / dot(&f.normal, &f.normal);
            assert_eq!(d2, depth2, "{ctx}");
        }
    }
    eprintln!("penetrating pairs by dimension: {penetrating:?}");
    assert!(penetrating.iter().all(|&k| k >= 8), "{penetrating:?}");
}
