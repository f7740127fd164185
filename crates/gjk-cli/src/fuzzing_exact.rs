//! The body of the fuzz target `diff_exact` (issue 19): the exact mode that
//! finds in `f64` and proves exactly ([`gjk::exact`]) against the judges,
//! on the same inputs as `diff_nd` ([`crate::fuzzing::DiffN`]).
//!
//! For every input, `exact_query` (with its fallback) must answer, and
//! every certificate it returns must verify again. Then:
//!
//! * a **generated** pair's answer must match what its construction
//!   guarantees (relation, exact `dist²`; [`gjk_gen::Expected`]), and
//!   `--scalar f64-certified` ([`gjk::certified::certify`]) may not
//!   contradict the exact relation;
//! * a **raw** pair (at most 5 points a side) is judged by the exact oracle
//!   (`gjk-oracle`): relation, `dist²` and `δ²`.
//!
//! The oracle and the exact loops run only where they must (raw pairs, and
//! fallbacks), so most executions cost a few float loops and one exact
//! support pass per certificate.

use gjk::certificate::verify;
use gjk::certified::{certify, CertifiedOptions};
use gjk::exact::{exact_query, ExactAnswer, ExactOptions};
use gjk::filtered::PointSet;
use gjk::shape::ConvexHull;
use gjk::{Rational, Vector, Which};
use gjk_gen::exact_rows;
use gjk_oracle::PenetrationDepth;

use crate::fuzzing::{Diff, DiffN};

/// `diff_exact` (module docs).
pub fn diff_exact(input: DiffN) {
    let d = &input.0;
    match d.dim {
        1 => check::<1>(d),
        2 => check::<2>(d),
        3 => check::<3>(d),
        4 => check::<4>(d),
        5 => check::<5>(d),
        _ => check::<6>(d),
    }
}

fn vectors<const N: usize>(rows: &[Vec<Rational>]) -> Vec<Vector<Rational, N>> {
    rows.iter()
        .map(|r| Vector::<Rational, N>::from_fn(|i, _| r[i].clone()))
        .collect()
}

fn check<const N: usize>(d: &Diff) {
    let fail = |what: String| -> ! { panic!("diff_exact mismatch: {what}\n  {}", d.show()) };
    let (ra, rb) = (exact_rows(&d.a, d.exp), exact_rows(&d.b, d.exp));
    let sa = PointSet::from_rational(vectors::<N>(&ra), Which::A)
        .unwrap_or_else(|e| fail(format!("point set a: {e}")));
    let sb = PointSet::from_rational(vectors::<N>(&rb), Which::B)
        .unwrap_or_else(|e| fail(format!("point set b: {e}")));
    let report = exact_query(&sa, &sb, &ExactOptions::default())
        .unwrap_or_else(|e| fail(format!("exact_query: {e}")));
    for c in &report.certificates {
        if let Err(r) = verify(&sa, &sb, c) {
            fail(format!("returned certificate rejected ({r}): {c:?}"));
        }
    }
    let Some(relation) = report.answer.relation() else {
        fail(format!("no exact verdict: {:?}", report.answer));
    };
    let dist2 = match &report.answer {
        ExactAnswer::Separated { separation, .. } => match separation {
            Ok(s) => Some(s.dist2.clone()),
            Err(e) => fail(format!("no exact distance: {e}")),
        },
        _ => None,
    };
    let depth2 = match &report.answer {
        ExactAnswer::Penetrating { depth } => match depth {
            Ok(p) => Some(p.depth2.clone()),
            Err(e) => fail(format!("no exact depth: {e}")),
        },
        _ => None,
    };
    if d.family.is_some() {
        if let Some(want) = d.expected.relation {
            if want != relation {
                fail(format!("relation {relation:?}, construction says {want:?}"));
            }
        }
        if let (Some(want), Some(got)) = (&d.expected.dist2, &dist2) {
            if want != got {
                fail(format!("dist2 {got}, construction says {want}"));
            }
        }
        // f64-certified may fail, never contradict (doubles only: each
        // coordinate exact in f64).
        let doubles = |rows: &[Vec<Rational>]| -> Option<Vec<Vector<f64, N>>> {
            rows.iter()
                .map(|r| {
                    let v = Vector::<f64, N>::from_fn(|i, _| gjk::Scalar::to_f64(&r[i]));
                    let back = (0..N)
                        .all(|i| gjk::scalar::rational_from_f64(v[i]).as_ref() == Some(&r[i]));
                    back.then_some(v)
                })
                .collect()
        };
        if let (Some(fa), Some(fb)) = (doubles(&ra), doubles(&rb)) {
            let (ha, hb) = (
                ConvexHull::new(fa, Which::A).unwrap_or_else(|e| fail(e.to_string())),
                ConvexHull::new(fb, Which::B).unwrap_or_else(|e| fail(e.to_string())),
            );
            if let Ok(c) = certify(&ha, &hb, &CertifiedOptions::default()) {
                if c.verdict != relation {
                    fail(format!("f64-certified {:?}, exact {relation:?}", c.verdict));
                }
            }
        }
        return;
    }
    // Raw points: the oracle judges.
    let want = gjk_oracle::relation(&ra, &rb).unwrap_or_else(|e| fail(format!("oracle: {e}")));
    if want != relation {
        fail(format!("relation {relation:?}, oracle {want:?}"));
    }
    if let Some(got) = &dist2 {
        let want = gjk_oracle::distance_squared(&ra, &rb)
            .unwrap_or_else(|e| fail(format!("oracle: {e}")))
            .dist2;
        if *got != want {
            fail(format!("dist2 {got}, oracle {want}"));
        }
    }
    if let Some(got) = &depth2 {
        match gjk_oracle::penetration_depth(&ra, &rb) {
            Ok(PenetrationDepth::Penetrating { depth2: want, .. }) if want == *got => {}
            other => fail(format!("depth2 {got}, oracle {other:?}")),
        }
    }
}
