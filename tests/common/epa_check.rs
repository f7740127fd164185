//! EPA answers checked against the exact oracle (`tests/epa.rs` and the
//! EPA regressions of `tests/known_failures.rs`).

use gjk::epa::{epa, EpaOptions, EpaOutcome, Penetration};
use gjk::scalar::integer;
use gjk::NoVerdict;
use gjk::{Rational, Scalar, Vector};
use gjk_oracle::{self as oracle, PenetrationDepth, Relation};
use num_traits::Zero;

use super::{convert, show, Cloud};

/// Exact vectors as the oracle's rows.
pub fn rows<const N: usize>(v: &[Vector<Rational, N>]) -> Vec<Vec<Rational>> {
    v.iter().map(row).collect()
}

/// One exact vector as an oracle row.
pub fn row<const N: usize>(p: &Vector<Rational, N>) -> Vec<Rational> {
    p.iter().cloned().collect()
}

fn dot<const N: usize>(u: &Vector<Rational, N>, v: &Vector<Rational, N>) -> Rational {
    gjk::vector::dot(u, v)
}

/// `max |a − b|²` over the points of `A − B`.
pub fn scale2<const N: usize>(a: &[Vector<Rational, N>], b: &[Vector<Rational, N>]) -> f64 {
    let mut m: f64 = 0.0;
    for p in a {
        for q in b {
            m = m.max(dot(&(p - q), &(p - q)).to_f64());
        }
    }
    m
}

/// The f64 bound of `src/epa/mod.rs` ("What a float answer guarantees"),
/// as tested: `|δ² − δ*²| ≤ 10⁻⁹ δ*² + 10⁻⁹ scale²`.
pub fn f64_close(got: f64, want: f64, scale2: f64) -> bool {
    (got - want).abs() <= 1e-9 * want + 1e-9 * scale2
}

/// The case as a paste-able pair of exact point lists.
pub fn context<const N: usize>(a: &[Vector<Rational, N>], b: &[Vector<Rational, N>]) -> String {
    format!("A = {}, B = {}", show(a), show(b))
}

/// An exact `Penetrating` answer against the oracle's `depth2`: the same
/// rational; `witness_a − witness_b = penetration`, `|penetration|² =
/// depth2`, each witness in its hull; the normal parallel to the
/// penetration vector; `A − penetration` touches `B` and the normal weakly
/// separates them; `λ ≥ 0` summing to 1 on `N` facet vertices.
pub fn check_penetration<const N: usize>(
    a: &[Vector<Rational, N>],
    b: &[Vector<Rational, N>],
    p: &Penetration<Rational, N>,
    depth2: &Rational,
    ctx: &str,
) {
    let (ra, rb) = (rows(a), rows(b));
    assert_eq!(&p.depth2, depth2, "depth²: {ctx}");
    assert_eq!(&dot(&p.penetration, &p.penetration), depth2, "{ctx}");
    assert_eq!(&p.witness_a - &p.witness_b, p.penetration, "{ctx}");
    assert!(
        oracle::intersects(&ra, &[row(&p.witness_a)]).unwrap(),
        "witness_a: {ctx}"
    );
    assert!(
        oracle::intersects(&rb, &[row(&p.witness_b)]).unwrap(),
        "witness_b: {ctx}"
    );
    let (n, pen) = (&p.normal, &p.penetration);
    assert!(dot(n, pen) > Rational::zero(), "{ctx}");
    assert_eq!(pen * dot(n, n), n * dot(n, pen), "{ctx}");
    let moved: Vec<Vec<Rational>> = a.iter().map(|x| row(&(x - pen))).collect();
    assert_eq!(
        oracle::relation(&moved, &rb),
        Ok(Relation::Touching),
        "A − penetration should touch B: {ctx}"
    );
    assert!(oracle::separates(&moved, &rb, &row(n)).unwrap(), "{ctx}");
    assert_eq!(p.facet.len(), N, "{ctx}");
    assert!(
        p.barycentric.iter().all(|l| *l >= Rational::zero()),
        "{ctx}"
    );
    assert_eq!(
        p.barycentric.iter().cloned().sum::<Rational>(),
        integer(1),
        "{ctx}"
    );
}

/// What the oracle and exact EPA agreed on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Penetrating; `ties`: the oracle found several facets at the depth.
    Penetrating { ties: bool },
    /// Touching (depth 0).
    Touching,
    /// Separated.
    Separated,
}

/// Exact EPA on the pair against `oracle::penetration_depth` (panics with
/// the case on any disagreement): the verdict and the exact squared depth
/// (0 unless penetrating).
pub fn exact_matches_oracle<const N: usize>(
    a: &[Vector<Rational, N>],
    b: &[Vector<Rational, N>],
) -> (Verdict, Rational) {
    let ctx = context(a, b);
    let truth = oracle::penetration_depth(&rows(a), &rows(b)).unwrap();
    let rep = epa(
        &Cloud(a.to_vec()),
        &Cloud(b.to_vec()),
        &EpaOptions::default(),
    )
    .unwrap();
    match (&truth, &rep.outcome) {
        (PenetrationDepth::Penetrating { depth2, facets, .. }, EpaOutcome::Penetrating(p)) => {
            check_penetration(a, b, p, depth2, &ctx);
            let ties = facets.len() > 1;
            (Verdict::Penetrating { ties }, depth2.clone())
        }
        (
            PenetrationDepth::NotPenetrating {
                relation: Relation::Touching,
            },
            EpaOutcome::Touching { normal },
        ) => {
            assert!(!normal.iter().all(Zero::is_zero), "{ctx}");
            assert!(
                oracle::separates(&rows(a), &rows(b), &row(normal)).unwrap(),
                "touching normal {normal:?}: {ctx}"
            );
            (Verdict::Touching, Rational::zero())
        }
        (
            PenetrationDepth::NotPenetrating {
                relation: Relation::Separated,
            },
            EpaOutcome::NotIntersecting { axis },
        ) => {
            assert!(
                oracle::strictly_separates(&rows(a), &rows(b), &row(axis)).unwrap(),
                "{ctx}"
            );
            (Verdict::Separated, Rational::zero())
        }
        (want, got) => panic!("oracle {want:?}, exact EPA {got:?}: {ctx}"),
    }
}

/// f64 EPA on the pair (rounded to the nearest doubles: exact for the
/// dyadic inputs of the tests) against the exact squared depth: within
/// [`f64_close`], with witnesses in their hulls up to `10⁻²⁰ scale²`.
/// Returns the reason when f64 gives no answer (the caller decides how many
/// of those are acceptable); panics on a wrong answer.
pub fn f64_agrees<const N: usize>(
    a: &[Vector<Rational, N>],
    b: &[Vector<Rational, N>],
    exact_depth2: &Rational,
) -> Result<f64, NoVerdict> {
    let ctx = context(a, b);
    let fa: Vec<Vector<f64, N>> = convert(a);
    let fb: Vec<Vector<f64, N>> = convert(b);
    let frep = epa(&Cloud(fa), &Cloud(fb), &EpaOptions::default()).unwrap();
    let want = exact_depth2.to_f64();
    let s2 = scale2(a, b);
    match frep.outcome {
        EpaOutcome::Penetrating(p) => {
            assert!(
                f64_close(p.depth2, want, s2),
                "f64 depth² {} vs exact {want}: {ctx}",
                p.depth2
            );
            for (w, shape) in [(&p.witness_a, a), (&p.witness_b, b)] {
                let w: Vec<Rational> = w
                    .iter()
                    .map(|x| gjk::scalar::rational_from_f64(*x).expect("finite witness"))
                    .collect();
                let d2 = oracle::distance_squared(&rows(shape), &[w]).unwrap().dist2;
                assert!(d2.to_f64() <= 1e-20 * s2, "f64 witness off by {d2}: {ctx}");
            }
            Ok(p.depth2)
        }
        EpaOutcome::Touching { .. } | EpaOutcome::NotIntersecting { .. } => {
            assert!(
                f64_close(0.0, want, s2),
                "f64 {}, exact depth² {want}: {ctx}",
                frep.outcome.name()
            );
            Ok(0.0)
        }
        EpaOutcome::NoVerdict { reason, .. } | EpaOutcome::GjkNoVerdict { reason } => {
            eprintln!("f64 not converged ({reason}): {ctx}");
            Err(reason)
        }
    }
}
