//! The exact answers to a case: what `gjk check` compares another
//! implementation's answers with.
//!
//! They come from the exact path of this crate, run on [`Rational`]s:
//! [`crate::contact::contact`] for `intersects` and `touching` (exact by
//! construction: the boolean loop and the descent make no rounding), and
//! [`crate::distance::distance`] for the squared distance of separated shapes
//! (exact: the module docs of `distance` prove the stop). Both are checked
//! against the independent [`crate::oracle`] in `tests/cli.rs` and in the
//! spec suite.
//!
//! Dimensions: one function per dimension, [`exact_answers`] dispatches on
//! [`Case::dim`]. Adding a dimension is one match arm, once `contact` runs
//! there.

use num_traits::Zero;

use crate::case::Case;
use crate::contact::{contact, Contact};
use crate::distance::{distance, DistanceOptions, DistanceOutcome};
use crate::gjk::Options;
use crate::scalar::Rational;
use crate::shape::ConvexHull;
use crate::Which;

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
    /// The squared penetration depth, when an exact one is available.
    ///
    /// `None` for now: an exact penetration depth needs the penetration
    /// oracle (EPA in exact arithmetic), which this crate does not have yet.
    /// `gjk check` reports the field as *unchecked* (never as agreement)
    /// while this is `None`; setting it here is all it takes to check it.
    pub penetration_depth_squared: Option<Rational>,
}

/// The exact answers to `case`, with at most `max_iterations` support
/// points per query (the boolean query and the distance query each).
///
/// Errors, as a message: a dimension without an exact path (today: other
/// than 2 and 3), points the hull rejects, and a query that stops without
/// a verdict (the iteration cap; exact mode never stops otherwise).
pub fn exact_answers(case: &Case, max_iterations: usize) -> Result<ExactAnswers, String> {
    match case.dim() {
        2 => exact_answers_in::<2>(case, max_iterations),
        3 => exact_answers_in::<3>(case, max_iterations),
        d => Err(format!(
            "dimension {d} has no exact answers yet (supported: 2 and 3)"
        )),
    }
}

fn exact_answers_in<const N: usize>(
    case: &Case,
    max_iterations: usize,
) -> Result<ExactAnswers, String> {
    let (a, b) = case.points::<Rational, N>().map_err(|e| e.to_string())?;
    let a = ConvexHull::new(a, Which::A).map_err(|e| e.to_string())?;
    let b = ConvexHull::new(b, Which::B).map_err(|e| e.to_string())?;
    let opts = Options {
        initial_direction: None,
        max_iterations,
    };
    let report = contact(&a, &b, &opts).map_err(|e| e.to_string())?;
    let (intersects, touching) = match report.contact {
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
                    "internal disagreement: the boolean query says separated, the exact \
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
    Ok(ExactAnswers {
        intersects,
        touching,
        distance_squared,
        penetration_depth_squared: None,
    })
}
