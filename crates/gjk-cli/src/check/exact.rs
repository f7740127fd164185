//! The exact answers to a case: what `gjk check` compares another
//! implementation's answers with.
//!
//! They come from one exact run of this crate per case, on [`Rational`]s:
//! the three-way query [`gjk::verdict::verdict`] for `intersects` and
//! `touching` (exact by construction: the loops and the descents make no
//! rounding); for separated shapes the squared distance it carries (the
//! distance route, `N ∉ {2, 3}`) or [`gjk::distance::distance`] (exact:
//! the module docs of `distance` prove the stop); and for penetrating ones
//! [`gjk::epa::epa_from_simplex`] from the verdict's simplex (exact for
//! polytopes: see its module docs). All are checked against the
//! independent exact oracle (`gjk-oracle`) in `tests/cli.rs`,
//! `tests/verdict.rs`, `tests/epa.rs` and the spec suite; the oracle never
//! answers a case here.
//!
//! Dimensions: 1 to [`MAX_COMPILED_DIM`], one monomorphised function per
//! dimension; above it a case gets an error line.

use num_traits::Zero;

use gjk::distance::{distance, DistanceOptions, DistanceOutcome};
use gjk::epa::{epa_from_simplex, EpaOptions, EpaOutcome};
use gjk::scalar::Rational;
use gjk::verdict::{verdict, Verdict};
use gjk::{Relation, Which};
use gjk_case::PackedCase;

use crate::budget::{Meter, MeteredHull};

/// What the exact path says about a case.
#[derive(Clone, Debug, PartialEq)]
pub struct ExactAnswers {
    /// The closed shapes share a point (touching counts).
    pub intersects: bool,
    /// They share a point but do not penetrate.
    pub touching: bool,
    /// The squared distance between the shapes: `0` when they intersect.
    /// The distance is its square root.
    pub distance_squared: Rational,
    /// The squared penetration depth (exact EPA): `0` unless the shapes
    /// penetrate. `None` would make `gjk check` report the field as
    /// *unchecked* (never as agreement); every path here sets it.
    pub penetration_depth_squared: Option<Rational>,
}

/// The largest dimension the tool answers (`gjk query` and `gjk check`): one
/// monomorphised query per dimension. The library's distance route goes to
/// 15.
pub const MAX_COMPILED_DIM: usize = 8;

/// The exact answers to `case`, with at most `max_iterations` support
/// points per query (the boolean or distance query, and EPA, each), every
/// support call charged to `meter` ([`crate::budget`]).
///
/// Errors, as a message: points the hull rejects, a query that stops
/// without a verdict (the iteration cap; exact mode never stops otherwise),
/// and dimensions above [`MAX_COMPILED_DIM`]. When `meter` says the budget
/// was exceeded, the result (answers or error) is not to be used.
pub fn exact_answers(
    case: &PackedCase,
    max_iterations: usize,
    meter: &Meter,
) -> Result<ExactAnswers, String> {
    let m = max_iterations;
    match case.dim() {
        1 => exact_answers_in::<1>(case, m, meter),
        2 => exact_answers_in::<2>(case, m, meter),
        3 => exact_answers_in::<3>(case, m, meter),
        4 => exact_answers_in::<4>(case, m, meter),
        5 => exact_answers_in::<5>(case, m, meter),
        6 => exact_answers_in::<6>(case, m, meter),
        7 => exact_answers_in::<7>(case, m, meter),
        8 => exact_answers_in::<8>(case, m, meter),
        d => Err(beyond_compiled(d)),
    }
}

/// The error of a case above [`MAX_COMPILED_DIM`].
pub fn beyond_compiled(dim: usize) -> String {
    format!(
        "dimension {dim}: the gjk tool answers dimensions 1 to {MAX_COMPILED_DIM} \
         (the library's distance route, gjk::verdict::by_distance_loop, goes to 15)"
    )
}

fn exact_answers_in<const N: usize>(
    case: &PackedCase,
    max_iterations: usize,
    meter: &Meter,
) -> Result<ExactAnswers, String> {
    let a = MeteredHull::<Rational, N>::new(&case.a, Which::A, meter).map_err(|e| e.to_string())?;
    let b = MeteredHull::<Rational, N>::new(&case.b, Which::B, meter).map_err(|e| e.to_string())?;
    let report = verdict(&a, &b, max_iterations).map_err(|e| e.to_string())?;
    let relation = report
        .verdict
        .result()
        .map_err(|reason| format!("no exact answer: {reason} (raise --max-iterations)"))?;
    let (intersects, touching) = (relation.intersects(), relation == Relation::Touching);
    let distance_squared = if let Verdict::Separated {
        separation: Some(s),
        ..
    } = report.verdict
    {
        s.dist2
    } else if intersects {
        Rational::zero()
    } else {
        let opts = DistanceOptions {
            max_iterations,
            ..DistanceOptions::default()
        };
        match distance(&a, &b, &opts).map_err(|e| e.to_string())?.outcome {
            DistanceOutcome::Separated { dist2, .. } => dist2,
            DistanceOutcome::Intersecting { .. } => {
                return Err(
                    "internal disagreement: the three-way query says separated, the exact \
                     distance query says intersecting"
                        .into(),
                )
            }
            DistanceOutcome::NoVerdict { reason, .. } => {
                return Err(format!(
                    "no exact distance: {reason} (raise --max-iterations)"
                ))
            }
        }
    };
    // The penetration depth is 0 unless the shapes penetrate.
    let penetration_depth_squared = if intersects && !touching {
        let opts = EpaOptions {
            max_iterations,
            ..EpaOptions::default()
        };
        match epa_from_simplex(&a, &b, &report.simplex, &opts)
            .map_err(|e| e.to_string())?
            .outcome
        {
            EpaOutcome::Penetrating(p) => p.depth2,
            other => {
                return Err(format!(
                    "no exact penetration depth: {} (raise --max-iterations)",
                    other.name()
                ))
            }
        }
    } else {
        Rational::zero()
    };
    Ok(ExactAnswers {
        intersects,
        touching,
        distance_squared,
        penetration_depth_squared: Some(penetration_depth_squared),
    })
}
