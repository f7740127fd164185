//! The exact answers to a case: what `gjk check` compares another
//! implementation's answers with.
//!
//! They come from the exact path of this crate, run on [`Rational`]s:
//! [`gjk::contact::contact`] (2D, 3D) or [`gjk::verdict::verdict`]
//! (other dimensions) for `intersects` and `touching` (exact by
//! construction: the loops and the descents make no rounding),
//! [`gjk::distance::distance`] for the squared distance of separated shapes
//! (exact: the module docs of `distance` prove the stop), and
//! [`gjk::epa::epa`] for the squared penetration depth of penetrating
//! ones (exact for polytopes: see its module docs). All are checked against
//! the independent [`gjk_oracle`] in `tests/cli.rs`, `tests/verdict.rs`,
//! `tests/epa.rs` and the spec suite.
//!
//! Dimensions: 1 to [`MAX_COMPILED_DIM`] by the GJK path, one monomorphised
//! function per dimension; above it, the oracle itself answers (its linear
//! programs and enumerations take the dimension at run time, within their
//! documented limits).

use num_traits::Zero;

use gjk::contact::Contact;
use gjk::distance::{distance, DistanceOptions, DistanceOutcome};
use gjk::epa::{epa, EpaOptions, EpaOutcome};
use gjk::scalar::Rational;
use gjk::shape::ConvexHull;
use gjk::verdict::three_way;
use gjk::Which;
use gjk_case::Case;

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
    /// The squared penetration depth (exact EPA, or the oracle's facet
    /// enumeration above [`MAX_COMPILED_DIM`]): `0` unless the shapes
    /// penetrate. `None` would make `gjk check` report the field as
    /// *unchecked* (never as agreement); every path here sets it.
    pub penetration_depth_squared: Option<Rational>,
}

/// The largest dimension answered by the GJK path; above it the oracle
/// answers directly.
pub const MAX_COMPILED_DIM: usize = 8;

/// The exact answers to `case`, with at most `max_iterations` support
/// points per query (the boolean or distance query, and EPA, each).
///
/// Errors, as a message: points the hull rejects, a query that stops
/// without a verdict (the iteration cap; exact mode never stops otherwise),
/// and, above [`MAX_COMPILED_DIM`], a case past the oracle's limits.
pub fn exact_answers(case: &Case, max_iterations: usize) -> Result<ExactAnswers, String> {
    match case.dim() {
        1 => exact_answers_in::<1>(case, max_iterations),
        2 => exact_answers_in::<2>(case, max_iterations),
        3 => exact_answers_in::<3>(case, max_iterations),
        4 => exact_answers_in::<4>(case, max_iterations),
        5 => exact_answers_in::<5>(case, max_iterations),
        6 => exact_answers_in::<6>(case, max_iterations),
        7 => exact_answers_in::<7>(case, max_iterations),
        8 => exact_answers_in::<8>(case, max_iterations),
        _ => oracle_answers(case),
    }
}

/// The exact oracle's full answer to a case (any dimension, within its
/// documented limits): what `gjk check` compares with above
/// [`MAX_COMPILED_DIM`], and what `gjk query` prints there.
#[derive(Clone, Debug, PartialEq)]
pub struct OracleReport {
    /// Separated, touching or penetrating.
    pub relation: gjk_oracle::Relation,
    /// The squared distance and witnesses (separated shapes only).
    pub distance: Option<gjk_oracle::Distance>,
    /// The squared penetration depth with its facet, normal and
    /// penetration vector (penetrating shapes only).
    pub penetration: Option<gjk_oracle::PenetrationDepth>,
}

/// [`OracleReport`] for `case`. Errors, as a message: the oracle's own
/// (its limits), and an internal disagreement between its relation and its
/// penetration depth (never seen; reported rather than guessed).
pub fn oracle_report(case: &Case) -> Result<OracleReport, String> {
    use gjk_oracle::{self as oracle, PenetrationDepth, Relation};
    let e = |e: oracle::OracleError| format!("the exact oracle: {e}");
    let relation = oracle::relation(&case.a, &case.b).map_err(e)?;
    let distance = match relation {
        Relation::Separated => Some(oracle::distance_squared(&case.a, &case.b).map_err(e)?),
        _ => None,
    };
    let penetration = match relation {
        Relation::Penetrating => match oracle::penetration_depth(&case.a, &case.b).map_err(e)? {
            p @ PenetrationDepth::Penetrating { .. } => Some(p),
            PenetrationDepth::NotPenetrating { .. } => {
                return Err("internal disagreement: relation and penetration oracle".into())
            }
        },
        _ => None,
    };
    Ok(OracleReport {
        relation,
        distance,
        penetration,
    })
}

/// Above [`MAX_COMPILED_DIM`]: the oracle's relation, squared distance and
/// squared penetration depth.
fn oracle_answers(case: &Case) -> Result<ExactAnswers, String> {
    use gjk_oracle::{PenetrationDepth, Relation};
    let r = oracle_report(case)?;
    let penetration_depth_squared = match r.penetration {
        Some(PenetrationDepth::Penetrating { depth2, .. }) => depth2,
        _ => Rational::zero(),
    };
    Ok(ExactAnswers {
        intersects: r.relation != Relation::Separated,
        touching: r.relation == Relation::Touching,
        distance_squared: r.distance.map_or_else(Rational::zero, |d| d.dist2),
        penetration_depth_squared: Some(penetration_depth_squared),
    })
}

fn exact_answers_in<const N: usize>(
    case: &Case,
    max_iterations: usize,
) -> Result<ExactAnswers, String> {
    let (a, b) = case.points::<Rational, N>().map_err(|e| e.to_string())?;
    let a = ConvexHull::new(a, Which::A).map_err(|e| e.to_string())?;
    let b = ConvexHull::new(b, Which::B).map_err(|e| e.to_string())?;
    let (intersects, touching) = match three_way(&a, &b, max_iterations)
        .map_err(|e| e.to_string())?
        .0
    {
        Contact::Separated { .. } => (false, false),
        Contact::Touching { .. } => (true, true),
        Contact::Penetrating => (true, false),
        Contact::NotConverged { reason } => {
            return Err(format!(
                "no exact answer: {reason} (raise --max-iterations)"
            ))
        }
    };
    let distance_squared = if intersects {
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
            DistanceOutcome::NotConverged { reason, .. } => {
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
        match epa(&a, &b, &opts).map_err(|e| e.to_string())?.outcome {
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
