//! The exact mode under fuzzing: the body of the target `diff_exact`, and
//! the truth of the differential targets (`diff_2d`, `diff_3d`, `diff_nd`:
//! [`proved_answer`]). The exact mode finds in `f64` and proves exactly
//! ([`gjk::exact`]); here it is held to the judges, on the inputs of
//! `diff_nd` ([`crate::fuzzing::DiffN`]).
//!
//! For every input, [`proved_answer`] requires that `exact_query` (with its
//! fallback) answers, and that a **generated** pair's answer matches what
//! its construction guarantees (relation, exact `dist²`;
//! [`gjk_gen::Expected`]). In `diff_exact`, every certificate it returns
//! but a depth certificate (whose verification gave the answer's `δ²`)
//! must verify again, a **raw** pair (at most 5 points a side) is also
//! judged by the exact oracle (`gjk-oracle`): relation, `dist²` and `δ²`,
//! each unless past the oracle's work limits (it then abstains); and
//! `--scalar f64-certified` ([`gjk::certified::certify`]) may not
//! contradict the exact relation (doubles only).
//!
//! The float-against-exact targets (`diff_2d`, `diff_3d`, `diff_nd`,
//! `certified`) do not call the oracle: their truth is the exact mode's,
//! each answer proved by certificates `exact_query` verified (or by its
//! fallback, the exact loops), and `diff_exact` is the target that holds
//! those answers to the oracle and verifies their certificates again (but
//! depth certificates, whose verification took a fifth of a 6D `diff_nd`
//! input's time, and a quarter of a 6D copy's in `diff_exact`). The
//! oracle's rational LP, under the fuzzer's coverage instrumentation, costs
//! several times the rest of an execution (a profile of `diff_2d` put 88 %
//! of its time in it), so it runs where it judges something no certificate
//! does.
//!
//! The generic loops run on rationals are held to the oracle by their own
//! target, `rational_loops` ([`crate::fuzzing::rational_loops`]).

use gjk::certificate::{verify, Certificate};
use gjk::certified::{certify, CertifiedOptions};
use gjk::exact::{exact_query, ExactAnswer, ExactOptions, ExactReport};
use gjk::filtered::PointSet;
use gjk::shape::ConvexHull;
use gjk::{Rational, Relation, Vector, Which};
use gjk_gen::exact_rows;
use gjk_oracle::{OracleError, PenetrationDepth};
use num_traits::Zero;

use crate::fuzzing::{by_dim, Diff, DiffN};

/// `diff_exact` (module docs).
pub fn diff_exact(input: DiffN) {
    let d = &input.0;
    by_dim!(check, d);
}

pub(crate) fn vectors<const N: usize>(rows: &[Vec<Rational>]) -> Vec<Vector<Rational, N>> {
    rows.iter()
        .map(|r| Vector::<Rational, N>::from_fn(|i, _| r[i].clone()))
        .collect()
}

/// The exact mode's answer to one case, proved and judged (module docs).
pub(crate) struct Proved {
    /// The relation.
    pub relation: Relation,
    /// `dist²` of a separated pair, `0` otherwise.
    pub dist2: Rational,
    /// `δ²` of a penetrating pair, with the oracle (`None` otherwise).
    pub depth2: Option<Rational>,
}

/// The exact mode's answer to case `d` (`N = d.dim`; `ra`, `rb` its exact
/// points), held to the construction's claims (a generated pair), and with
/// `oracle` every certificate verified again and the answer held to the
/// exact oracle (raw points); without `oracle` no depth is computed. Panics with the case
/// printed on the first failed check.
pub(crate) fn proved_answer<const N: usize>(
    d: &Diff,
    ra: &[Vec<Rational>],
    rb: &[Vec<Rational>],
    oracle: bool,
) -> Proved {
    proved_report::<N>(d, ra, rb, oracle).0
}

/// [`proved_answer`], the exact mode's report it rests on, and the two
/// point sets it was asked on.
pub(crate) fn proved_report<const N: usize>(
    d: &Diff,
    ra: &[Vec<Rational>],
    rb: &[Vec<Rational>],
    oracle: bool,
) -> (Proved, ExactReport<N>, [PointSet<N>; 2]) {
    let fail = |what: String| -> ! { panic!("exact mode mismatch: {what}\n  {}", d.show()) };
    let sa = PointSet::from_rational(vectors::<N>(ra))
        .unwrap_or_else(|e| fail(format!("point set a: {e}")));
    let sb = PointSet::from_rational(vectors::<N>(rb))
        .unwrap_or_else(|e| fail(format!("point set b: {e}")));
    // Without the oracle (the float-against-exact targets) the truth needs
    // the relation and `dist²` only: no depth, whose EPA and certificate
    // (determinants over integers, many in 4D–6D) are `diff_exact`'s to check.
    let run = |relation_only| {
        let opts = ExactOptions {
            relation_only,
            ..ExactOptions::default()
        };
        exact_query(&sa, &sb, &opts).unwrap_or_else(|e| fail(format!("exact_query: {e}")))
    };
    let mut report = run(!oracle);
    let unmeasured = matches!(
        report.answer,
        ExactAnswer::Separated {
            separation: Err(_),
            ..
        }
    );
    if unmeasured && !oracle {
        // A fallback's verdict alone may measure no distance: ask for it.
        report = run(false);
    }
    // Every returned certificate verifies again, but for depth: the exact
    // mode's `δ²` is what `verify` proved of its depth certificate (the
    // same call on the same arguments, a second time the costliest step of
    // a 6D input), held below to the oracle for a raw pair it does not abstain on (a
    // generated pair's `δ²` rests on that one verification); `tests/exact.rs` re-verifies
    // depth certificates too.
    let again = |c: &&Certificate<N>| oracle && !matches!(c, Certificate::Depth { .. });
    for c in report.certificates.iter().filter(again) {
        if let Err(r) = verify(&sa, &sb, c) {
            fail(format!("returned certificate rejected ({r}): {c:?}"));
        }
    }
    let Some(relation) = report.answer.relation() else {
        fail(format!("no exact verdict: {:?}", report.answer));
    };
    let dist2 = match &report.answer {
        ExactAnswer::Separated { separation, .. } => match separation {
            Ok(s) => s.dist2.clone(),
            Err(e) => fail(format!("no exact distance: {e}")),
        },
        _ => Rational::zero(),
    };
    let depth2 = match &report.answer {
        ExactAnswer::Penetrating { depth } if oracle => match depth {
            Ok(p) => Some(p.depth2.clone()),
            Err(e) => fail(format!("no exact depth: {e}")),
        },
        _ => None,
    };
    let proved = Proved {
        relation,
        dist2,
        depth2,
    };
    if d.family.is_some() {
        if let Some(want) = d.expected.relation {
            if want != relation {
                fail(format!("relation {relation:?}, construction says {want:?}"));
            }
        }
        if let Some(want) = &d.expected.dist2 {
            if *want != proved.dist2 {
                fail(format!("dist2 {}, construction says {want}", proved.dist2));
            }
        }
        return (proved, report, [sa, sb]);
    }
    if !oracle {
        return (proved, report, [sa, sb]);
    }
    // Raw points: the oracle judges. A question past its work limits
    // (`OracleError::TooLarge`) is not judged: the oracle abstains, as in
    // the other targets; any other error is a failure.
    fn judged<T>(r: Result<T, OracleError>) -> Result<Option<T>, String> {
        match r {
            Ok(x) => Ok(Some(x)),
            Err(OracleError::TooLarge { .. }) => Ok(None),
            Err(e) => Err(format!("oracle: {e}")),
        }
    }
    // A penetrating answer is judged by `penetration_depth`, which decides
    // the relation by the same LP as `relation` (and says which one when the
    // origin is not interior): one LP, not two, unless it abstains.
    let judged_depth = match &proved.depth2 {
        Some(got) => {
            match judged(gjk_oracle::penetration_depth(ra, rb)).unwrap_or_else(|e| fail(e)) {
                None => false,
                Some(PenetrationDepth::Penetrating { depth2: want, .. }) if want == *got => true,
                other => fail(format!("depth2 {got}, oracle {other:?}")),
            }
        }
        None => false,
    };
    if !judged_depth {
        if let Some(want) = judged(gjk_oracle::relation(ra, rb)).unwrap_or_else(|e| fail(e)) {
            if want != relation {
                fail(format!("relation {relation:?}, oracle {want:?}"));
            }
        }
    }
    if relation == Relation::Separated {
        let want = judged(gjk_oracle::distance_squared(ra, rb)).unwrap_or_else(|e| fail(e));
        if let Some(want) = want {
            if proved.dist2 != want.dist2 {
                fail(format!("dist2 {}, oracle {}", proved.dist2, want.dist2));
            }
        }
    }
    (proved, report, [sa, sb])
}

fn check<const N: usize>(d: &Diff) {
    let (ra, rb) = (exact_rows(&d.a, d.exp), exact_rows(&d.b, d.exp));
    let Proved { relation, .. } = proved_answer::<N>(d, &ra, &rb, true);
    // f64-certified may fail, never contradict (doubles only: each
    // coordinate exact in f64).
    let fail = |what: String| -> ! { panic!("diff_exact mismatch: {what}\n  {}", d.show()) };
    let doubles = |rows: &[Vec<Rational>]| -> Option<Vec<Vector<f64, N>>> {
        rows.iter()
            .map(|r| {
                let v = Vector::<f64, N>::from_fn(|i, _| gjk::Scalar::to_f64(&r[i]));
                let back =
                    (0..N).all(|i| gjk::scalar::rational_from_f64(v[i]).as_ref() == Some(&r[i]));
                back.then_some(v)
            })
            .collect()
    };
    if let (Some(fa), Some(fb)) = (doubles(&ra), doubles(&rb)) {
        let (ha, hb) = (
            ConvexHull::new(fa).unwrap_or_else(|e| fail(e.in_shape(Which::A).to_string())),
            ConvexHull::new(fb).unwrap_or_else(|e| fail(e.in_shape(Which::B).to_string())),
        );
        if let Ok(c) = certify(&ha, &hb, &CertifiedOptions::default()) {
            if c.verdict != relation {
                fail(format!("f64-certified {:?}, exact {relation:?}", c.verdict));
            }
        }
    }
}
