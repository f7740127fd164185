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
//! A round case (`radius_a`, `radius_b`) is answered by
//! [`gjk::round::query`] on the rational cores and radii, exactly, and the
//! cores' exact EPA ([`RoundExact`]).
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
    /// A round case's exact terms (`radius_a`, `radius_b`; `None` for a
    /// case of plain hulls). Then `distance_squared` is the **cores'**
    /// squared distance `c²` and `penetration_depth_squared` the cores'
    /// squared depth: the distance `max(0, c − R)` and the depth are not
    /// square roots of rationals, and `gjk check` judges them from these
    /// terms ([`RoundExact`]).
    pub round: Option<RoundExact>,
}

/// The exact terms of a round case (the shapes are the hulls thickened by
/// `r_A` and `r_B`; [`gjk::round`]): with `c² = distance_squared` and
/// `R = radius_sum`, the distance is `max(0, √c² − R)`, and the depth of
/// penetrating shapes `R − √c²` for disjoint cores (`core_overlap` false)
/// or `√δ² + R` with `δ²` the cores' squared EPA depth
/// (`penetration_depth_squared`, `0` when the cores only touch).
#[derive(Clone, Debug, PartialEq)]
pub struct RoundExact {
    /// `R = r_A + r_B`.
    pub radius_sum: Rational,
    /// Whether the cores share a point.
    pub core_overlap: bool,
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
    if case.is_round() {
        return exact_round_answers_in::<N>(case, max_iterations);
    }
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
        round: None,
    })
}

/// A round case's exact answers: [`gjk::round::query`] on the rational
/// cores and radii (the relation is exact: `c²` against `R²`), and the
/// cores' exact EPA depth when they overlap.
fn exact_round_answers_in<const N: usize>(
    case: &PackedCase,
    max_iterations: usize,
) -> Result<ExactAnswers, String> {
    use gjk::round::{query, RoundOutcome};
    use gjk::shape::Rounded;
    let (a, b) = case.points::<Rational, N>().map_err(|e| e.to_string())?;
    let (ra, rb) = case.radii::<Rational>().map_err(|e| e.to_string())?;
    let a = gjk::shape::ConvexHull::new(a).map_err(|e| e.in_shape(Which::A).to_string())?;
    let b = gjk::shape::ConvexHull::new(b).map_err(|e| e.in_shape(Which::B).to_string())?;
    let a = Rounded::new(a, ra).map_err(|e| e.in_shape(Which::A).to_string())?;
    let b = Rounded::new(b, rb).map_err(|e| e.in_shape(Which::B).to_string())?;
    let opts = DistanceOptions {
        max_iterations,
        ..DistanceOptions::default()
    };
    let answer = match query(&a, &b, &opts).map_err(|e| e.to_string())?.outcome {
        RoundOutcome::Answer(answer) => answer,
        RoundOutcome::NoVerdict { reason } => {
            return Err(format!(
                "no exact answer: {reason} (raise --max-iterations)"
            ))
        }
    };
    let relation = answer.relation;
    let core_overlap = answer.core_separation.is_none();
    let penetrating = relation == Relation::Penetrating;
    let core_depth2 = if penetrating && core_overlap {
        let opts = EpaOptions {
            max_iterations,
            ..EpaOptions::default()
        };
        match gjk::epa(a.core(), b.core(), &opts)
            .map_err(|e| e.to_string())?
            .outcome
        {
            EpaOutcome::Penetrating(p) => p.depth2,
            EpaOutcome::Touching { .. } => Rational::zero(),
            other => {
                return Err(format!(
                    "no exact penetration depth of the cores: {} (raise --max-iterations)",
                    other.name()
                ))
            }
        }
    } else {
        Rational::zero()
    };
    Ok(ExactAnswers {
        intersects: relation.intersects(),
        touching: relation == Relation::Touching,
        distance_squared: answer.core_dist2,
        penetration_depth_squared: Some(core_depth2),
        round: Some(RoundExact {
            radius_sum: answer.radius_sum,
            core_overlap,
        }),
    })
}
