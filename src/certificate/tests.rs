//! One valid certificate of each kind, accepted, and the same certificate
//! tampered with (one weight, one index, one coordinate changed), rejected.

use super::*;
use crate::scalar::{integer, ratio};
use crate::test_util::{qn, Lcg};

fn q(n: i64, d: i64) -> Rational {
    ratio(n, d).unwrap()
}

fn set<const N: usize>(points: &[[i64; N]]) -> PointSet<N> {
    PointSet::from_rational(points.iter().map(|p| qn(*p)).collect()).unwrap()
}

fn pair(a: usize, b: usize) -> Pair {
    Pair { a, b }
}

/// The unit square `[0, 1]²`.
const SQUARE: [[i64; 2]; 4] = [[0, 0], [1, 0], [1, 1], [0, 1]];

#[track_caller]
fn rejected<const N: usize>(a: &PointSet<N>, b: &PointSet<N>, c: &Certificate<N>) {
    let r = verify(a, b, c);
    assert!(
        r.is_err(),
        "accepted a tampered certificate: {c:?} -> {r:?}"
    );
}

#[test]
fn separated_accepted_and_tampered_rejected() {
    let a = set(&SQUARE);
    let b = set(&[[2, 0], [3, 0], [3, 1], [2, 1]]);
    let good = Certificate::Separated {
        direction: qn([1, 0]),
    };
    assert_eq!(verify(&a, &b, &good), Ok(Proved::Separated));
    // One coordinate: (1, 0) → (1, 5) tilts the plane through both squares.
    rejected(
        &a,
        &b,
        &Certificate::Separated {
            direction: qn([1, 5]),
        },
    );
    // The zero direction separates nothing.
    rejected(
        &a,
        &b,
        &Certificate::Separated {
            direction: qn([0, 0]),
        },
    );
    // One input coordinate: B's point (2, 0) moved to (1/2, 0).
    let moved = PointSet::from_rational(vec![
        Vector::<Rational, 2>::new(q(1, 2), q(0, 1)),
        qn([3, 0]),
        qn([3, 1]),
        qn([2, 1]),
    ])
    .unwrap();
    rejected(&a, &moved, &good);
}

#[test]
fn touching_accepted_and_tampered_rejected() {
    let a = set(&SQUARE);
    // [1, 2] × [0, 1]: shares the edge x = 1.
    let b = set(&[[1, 0], [2, 0], [2, 1], [1, 1]]);
    let half = q(1, 2);
    // The common point (1, 1/2) = ½(1,0) + ½(1,1) on both sides.
    let good = Certificate::Touching {
        normal: qn([1, 0]),
        a: vec![(1, half.clone()), (2, half.clone())],
        b: vec![(0, half.clone()), (3, half.clone())],
    };
    assert_eq!(
        verify(&a, &b, &good),
        Ok(Proved::Touching {
            point: Vector::<Rational, 2>::new(integer(1), half.clone())
        })
    );
    let Certificate::Touching {
        normal,
        a: wa,
        b: wb,
    } = good.clone()
    else {
        unreachable!()
    };
    // The good certificate with one part replaced.
    let with = |normal: &Vector<Rational, 2>, a_side: &[(usize, Rational)]| Certificate::Touching {
        normal: normal.clone(),
        a: a_side.to_vec(),
        b: wb.clone(),
    };
    // One weight: ½ → ⅓ (the weights no longer sum to 1).
    let mut w = wa.clone();
    w[0].1 = q(1, 3);
    rejected(&a, &b, &with(&normal, &w));
    // One weight, still summing to 1: ¼ and ¾ give (1, 3/4) on A's side,
    // not the point B's side names.
    rejected(&a, &b, &with(&normal, &[(1, q(1, 4)), (2, q(3, 4))]));
    // One index: A's point 1 → 0 moves A's combination off the edge.
    let mut w = wa.clone();
    w[0].0 = 0;
    rejected(&a, &b, &with(&normal, &w));
    // One index past the end.
    let mut w = wa.clone();
    w[0].0 = 9;
    rejected(&a, &b, &with(&normal, &w));
    // One coordinate: the normal (1, 0) → (1, 1) does not support both.
    rejected(&a, &b, &with(&qn([1, 1]), &wa));
    // A zero normal proves nothing.
    rejected(&a, &b, &with(&qn([0, 0]), &wa));
}

#[test]
fn intersecting_accepted_and_tampered_rejected() {
    let a = set(&[[-1, -1], [2, -1], [-1, 2]]);
    let b = set(&[[0, 0]]);
    let third = q(1, 3);
    let pairs = vec![pair(0, 0), pair(1, 0), pair(2, 0)];
    let weights = vec![third.clone(), third.clone(), third.clone()];
    let good = Certificate::Intersecting {
        pairs: pairs.clone(),
        weights: weights.clone(),
    };
    assert_eq!(verify(&a, &b, &good), Ok(Proved::Penetrating));
    // One weight: ⅓ → ½.
    let mut w = weights.clone();
    w[1] = q(1, 2);
    rejected(
        &a,
        &b,
        &Certificate::Intersecting {
            pairs: pairs.clone(),
            weights: w,
        },
    );
    // Weights summing to 1 but not combining to the origin.
    let w = vec![q(1, 2), q(1, 4), q(1, 4)];
    rejected(
        &a,
        &b,
        &Certificate::Intersecting {
            pairs: pairs.clone(),
            weights: w,
        },
    );
    // A zero weight: the origin on a face is not interior.
    let w = vec![q(1, 2), q(1, 2), q(0, 1)];
    rejected(
        &a,
        &b,
        &Certificate::Intersecting {
            pairs: pairs.clone(),
            weights: w,
        },
    );
    // One index: pair 2 → 1 (a repeated, dependent point).
    let mut p = pairs.clone();
    p[2] = pair(1, 0);
    rejected(
        &a,
        &b,
        &Certificate::Intersecting {
            pairs: p,
            weights: weights.clone(),
        },
    );
    // Too few pairs.
    rejected(
        &a,
        &b,
        &Certificate::Intersecting {
            pairs: pairs[..2].to_vec(),
            weights: weights[..2].to_vec(),
        },
    );
    // One input coordinate: A's (−1, 2) → (−1, 3).
    let moved = set(&[[-1, -1], [2, -1], [-1, 3]]);
    rejected(&moved, &b, &good);
}

#[test]
fn distance_accepted_and_tampered_rejected() {
    let a = set(&SQUARE);
    let b = set(&[[3, 0], [4, 0], [4, 1], [3, 1]]);
    // (1,0) − (3,1) = (−2, −1) and (1,1) − (3,0) = (−2, 1), halves: (−2, 0).
    let pairs = vec![pair(1, 3), pair(2, 0)];
    let half = q(1, 2);
    let weights = vec![half.clone(), half.clone()];
    let good = Certificate::Distance {
        pairs: pairs.clone(),
        weights: weights.clone(),
    };
    match verify(&a, &b, &good) {
        Ok(Proved::Distance { dist2, .. }) => assert_eq!(dist2, integer(4)),
        other => panic!("{other:?}"),
    }
    // One weight: (½, ½) → (⅓, ⅔) still sums to 1, but (−2, ⅓) is not the
    // nearest point.
    let w = vec![q(1, 3), q(2, 3)];
    rejected(
        &a,
        &b,
        &Certificate::Distance {
            pairs: pairs.clone(),
            weights: w,
        },
    );
    // A negative weight.
    let w = vec![q(3, 2), q(-1, 2)];
    rejected(
        &a,
        &b,
        &Certificate::Distance {
            pairs: pairs.clone(),
            weights: w,
        },
    );
    // One index: B's point 0 → 1 ((1,1) − (4,0) = (−3, 1)).
    let mut p = pairs.clone();
    p[1] = pair(2, 1);
    rejected(
        &a,
        &b,
        &Certificate::Distance {
            pairs: p,
            weights: weights.clone(),
        },
    );
    // One input coordinate: A's (1, 0) → (3/2, 0) (then A − B reaches
    // x = −3/2, nearer than the certificate's point).
    let moved = PointSet::from_rational(vec![
        qn([0, 0]),
        Vector::<Rational, 2>::new(q(3, 2), q(0, 1)),
        qn([1, 1]),
        qn([0, 1]),
    ])
    .unwrap();
    rejected(&moved, &b, &good);
}

/// `[−1, 1] × [−2, 2]` and its centre against the origin: depth 1, along
/// ±x.
#[test]
fn depth_accepted_and_tampered_rejected() {
    let a = set(&[[-1, -2], [1, -2], [1, 2], [-1, 2], [0, 0]]);
    let b = set(&[[0, 0]]);
    let vertices = vec![pair(0, 0), pair(1, 0), pair(2, 0), pair(3, 0)];
    let facets = vec![[0, 1], [1, 2], [2, 3], [3, 0]];
    let good = Certificate::Depth {
        vertices: vertices.clone(),
        facets: facets.clone(),
        nearest: 1,
    };
    match verify(&a, &b, &good) {
        Ok(Proved::Depth {
            depth2,
            normal,
            penetration,
        }) => {
            assert_eq!(depth2, integer(1));
            assert_eq!(penetration, qn([1, 0]));
            assert!(normal[0].is_positive() && normal[1].is_zero(), "{normal:?}");
        }
        other => panic!("{other:?}"),
    }
    // The facet named nearest is not (y = −2 is at distance 2).
    rejected(
        &a,
        &b,
        &Certificate::Depth {
            vertices: vertices.clone(),
            facets: facets.clone(),
            nearest: 0,
        },
    );
    // One index: a facet's vertex 3 → 1 leaves the cycle open.
    let mut f = facets.clone();
    f[2] = [2, 1];
    rejected(
        &a,
        &b,
        &Certificate::Depth {
            vertices: vertices.clone(),
            facets: f,
            nearest: 1,
        },
    );
    // One facet missing.
    rejected(
        &a,
        &b,
        &Certificate::Depth {
            vertices: vertices.clone(),
            facets: facets[..3].to_vec(),
            nearest: 1,
        },
    );
    // One vertex index: the centre (0, 0) for (1, 2) puts a facet's plane
    // through the origin.
    let mut v = vertices.clone();
    v[2] = pair(4, 0);
    rejected(
        &a,
        &b,
        &Certificate::Depth {
            vertices: v,
            facets: facets.clone(),
            nearest: 1,
        },
    );
    // One input coordinate: the centre (0, 0) → (2, 0), so x = 1 no longer
    // supports A − B.
    let moved = set(&[[-1, -2], [1, -2], [1, 2], [-1, 2], [2, 0]]);
    rejected(&moved, &b, &good);
}

/// Facets at distances `1` and `1 + 2⁻⁵⁰` from the origin: the rectangle
/// `[−1 − 2⁻⁵⁰, 1] × [−2, 2]` against the origin, given as rationals (so
/// enclosed around their shadows). Their intervals overlap, so the filter
/// must leave the order to the integers: the left side named nearest is
/// rejected, the right side accepted.
#[test]
fn depth_near_ties_are_left_to_the_integers() {
    let left = -(integer(1) + q(1, 1 << 50));
    let a = PointSet::from_rational(vec![
        Vector::<Rational, 2>::new(left.clone(), integer(-2)),
        qn([1, -2]),
        qn([1, 2]),
        Vector::<Rational, 2>::new(left, integer(2)),
    ])
    .unwrap();
    let b = set(&[[0, 0]]);
    let vertices = vec![pair(0, 0), pair(1, 0), pair(2, 0), pair(3, 0)];
    let facets = vec![[0, 1], [1, 2], [2, 3], [3, 0]];
    let mut exact = 0;
    let named_left = depth_filtered(&a, &b, &vertices, &facets, 3, true, &mut exact);
    assert_eq!(named_left, Err(Rejection::NotNearest));
    assert!(exact >= 2, "the tie was decided by the filter alone");
    match depth_filtered(&a, &b, &vertices, &facets, 1, true, &mut 0) {
        Ok(Proved::Depth { depth2, .. }) => assert_eq!(depth2, integer(1)),
        other => panic!("{other:?}"),
    }
}

/// The filter's scale factors are the powers of two they claim, in the
/// normal range and below it (compared as exact rationals).
#[test]
fn powers_of_two_are_exact() {
    for k in -1074i32..=1023 {
        let two_k = BigInt::one() << k.unsigned_abs();
        let want = if k >= 0 {
            Rational::from_integer(two_k)
        } else {
            Rational::new(BigInt::one(), two_k)
        };
        let got = crate::scalar::rational_from_f64(power_of_two(k));
        assert_eq!(got, Some(want), "2^{k}");
    }
}

/// The same square twice around the origin (each facet doubled) is a cycle
/// of degree 2: still a proof.
#[test]
fn depth_cycle_of_degree_two_is_accepted() {
    let a = set(&[[-1, -1], [1, -1], [1, 1], [-1, 1]]);
    let b = set(&[[0, 0]]);
    let vertices = vec![pair(0, 0), pair(1, 0), pair(2, 0), pair(3, 0)];
    let mut facets = vec![[0, 1], [1, 2], [2, 3], [3, 0]];
    facets.extend(facets.clone());
    let c = Certificate::Depth {
        vertices,
        facets,
        nearest: 0,
    };
    assert!(matches!(verify(&a, &b, &c), Ok(Proved::Depth { .. })));
}

/// The modular filter of `det_is_zero` against the exact determinant, on
/// random rational matrices in 1D–6D (dyadic and other denominators), half
/// of them singular by construction (a row replaced by a combination of
/// two others).
#[test]
fn det_is_zero_agrees_with_the_exact_determinant() {
    fn matrices<const N: usize>(g: &mut Lcg) {
        // A uniform value in `0..m`.
        let mut next = |m: u64| g.int(0, m as i64 - 1) as u64;
        let mut singular = 0;
        for case in 0..200 {
            let mut rows: Vec<Vector<Rational, N>> = (0..N)
                .map(|_| {
                    Vector::<Rational, N>::from_fn(|_, _| {
                        let n = next(2001) as i64 - 1000;
                        let d = if next(2) == 0 {
                            1 << next(40)
                        } else {
                            1 + next(999) as i64
                        };
                        q(n, d)
                    })
                })
                .collect();
            if case % 2 == 1 && N >= 2 {
                // Row k becomes a combination of rows i and j, both other than k.
                let k = next(N as u64) as usize;
                let i = (k + 1 + next(N as u64 - 1) as usize) % N;
                let j = (k + 1 + next(N as u64 - 1) as usize) % N;
                let (s, t) = (q(next(9) as i64 - 4, 3), q(next(9) as i64 - 4, 7));
                rows[k] = &rows[i] * s + &rows[j] * t;
            }
            let zero = linalg::det_is_zero(&rows);
            assert_eq!(zero, linalg::det(&rows).is_zero(), "{N}D: {rows:?}");
            singular += usize::from(zero);
        }
        assert!(N < 2 || singular >= 100, "{N}D: only {singular} singular");
    }
    let mut g = Lcg(19);
    matrices::<1>(&mut g);
    matrices::<2>(&mut g);
    matrices::<3>(&mut g);
    matrices::<4>(&mut g);
    matrices::<5>(&mut g);
    matrices::<6>(&mut g);
}

/// Where the filter cannot decide, the exact determinant does: a
/// non-zero determinant that is a multiple of `P = 2⁶¹ − 1` (reduced: zero),
/// and a denominator `P` divides (no residue).
#[test]
fn det_is_zero_falls_back_where_the_prime_divides() {
    let p = integer((1 << 61) - 1);
    let one = integer(1);
    let zero = integer(0);
    let diagonal = |x: Rational| {
        vec![
            Vector::<Rational, 2>::new(x, zero.clone()),
            Vector::<Rational, 2>::new(zero.clone(), one.clone()),
        ]
    };
    assert!(!linalg::det_is_zero(&diagonal(p.clone())));
    assert!(!linalg::det_is_zero(&diagonal(one.clone() / p.clone())));
    // Singular with the prime in it: still zero.
    let singular = vec![
        Vector::<Rational, 2>::new(p.clone(), one.clone() / p.clone()),
        Vector::<Rational, 2>::new(p.clone() * integer(2), integer(2) / p),
    ];
    assert!(linalg::det_is_zero(&singular));
}
