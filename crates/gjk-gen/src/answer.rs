//! The exact answers of a pair: the relation from the oracle's linear
//! program, and the squared distance of separated pairs from the oracle's
//! enumeration or, past its limits, from the exact distance loop with a
//! certificate checked independently.
//!
//! # The distance certificate
//!
//! The exact distance loop ([`gjk::distance`](mod@gjk::distance), rationals) returns witness
//! points `w_A`, `w_B` and `dist2`. With `v = w_A − w_B`, the answer is
//! proved when
//!
//! 1. `w_A ∈ conv A` and `w_B ∈ conv B` (two oracle LPs with a one-point
//!    second set), so `|v|` is at least the distance;
//! 2. `min_A a·v − max_B b·v ≥ v·v`: then every `a − b` has `(a − b)·v ≥ v·v`,
//!    so `|a − b| ≥ |v|` (Cauchy–Schwarz), and `|v|` is at most the distance;
//! 3. `dist2 = v·v`.
//!
//! None of this uses the loop's own reasoning: a wrong loop gives an
//! [`AnswerError::Uncertified`], never a wrong answer.

use std::fmt;

use num_traits::Zero;
use serde_json::{json, Map, Value};

use gjk::distance::{distance, DistanceOptions, DistanceOutcome};
use gjk::scalar::{Rational, Scalar};
use gjk::shape::ConvexHull;
use gjk::{Error, Which};
use gjk_oracle::{self as oracle, OracleError, Relation};

/// The support calls allowed to the exact distance loop behind a
/// certificate (it needs far fewer: `|v|²` strictly decreases over the
/// finitely many faces of `A − B`).
const CERTIFIED_MAX_ITERATIONS: usize = 100_000;

/// Where a squared distance came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DistanceSource {
    /// The shapes intersect: `0`.
    Intersecting,
    /// [`oracle::distance_squared`] (subset enumeration).
    Oracle,
    /// The exact distance loop, with the certificate of the module docs
    /// checked (the pair was past the enumeration's limits).
    Certified,
}

/// The exact answers of a pair.
#[derive(Clone, Debug, PartialEq)]
pub struct Answer {
    /// Separated, touching or penetrating ([`oracle::relation`]).
    pub relation: Relation,
    /// The squared distance (`0` unless separated).
    pub dist2: Rational,
    /// How `dist2` was obtained.
    pub source: DistanceSource,
    /// The squared penetration depth: `0` unless penetrating; for
    /// penetrating pairs the oracle's minimum over the facets of `A − B`
    /// ([`oracle::penetration_depth`]) up to [`MAX_DEPTH_DIM`] dimensions,
    /// `None` above that or past the oracle's limits.
    pub depth2: Option<Rational>,
}

impl Answer {
    /// The closed shapes share a point.
    pub fn intersects(&self) -> bool {
        self.relation != Relation::Separated
    }

    /// They share a point but do not penetrate.
    pub fn touching(&self) -> bool {
        self.relation == Relation::Touching
    }

    /// The `expect` object of a case file: `intersects`, `touching`,
    /// `distance_squared` (exact, `"p/q"`), `distance` (its square root,
    /// rounded to an `f64`) and `penetration_depth` (the square root of
    /// [`Answer::depth2`], rounded; absent past the oracle's limits).
    pub fn expect_json(&self) -> Value {
        let mut m = Map::new();
        m.insert("intersects".into(), json!(self.intersects()));
        m.insert("touching".into(), json!(self.touching()));
        m.insert(
            "distance_squared".into(),
            json!(gjk_case::rational_to_json_string(&self.dist2)),
        );
        m.insert("distance".into(), json!(self.dist2.to_f64().sqrt()));
        if let Some(p) = &self.depth2 {
            m.insert("penetration_depth".into(), json!(p.to_f64().sqrt()));
        }
        Value::Object(m)
    }
}

/// Why no exact answer was given.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum AnswerError {
    /// The oracle refused the input (past its limits, or malformed).
    Oracle(OracleError),
    /// The exact distance loop refused the input.
    Query(Error),
    /// The exact distance loop's answer failed its certificate, or it gave
    /// none (a bug in the loop: please report the input).
    Uncertified {
        /// What failed.
        what: String,
    },
    /// A generated pair's exact answer contradicts its construction (a bug
    /// in the generator: please report the parameters).
    Contradiction {
        /// What disagrees.
        what: String,
        /// The pair's parameters.
        params: String,
    },
}

impl fmt::Display for AnswerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnswerError::Oracle(e) => write!(f, "{e}"),
            AnswerError::Query(e) => write!(f, "exact distance: {e}"),
            AnswerError::Uncertified { what } => {
                write!(f, "exact distance not certified: {what}")
            }
            AnswerError::Contradiction { what, params } => {
                write!(f, "generator contradiction: {what} ({params})")
            }
        }
    }
}

impl std::error::Error for AnswerError {}

impl From<OracleError> for AnswerError {
    fn from(e: OracleError) -> Self {
        AnswerError::Oracle(e)
    }
}

impl From<Error> for AnswerError {
    fn from(e: Error) -> Self {
        AnswerError::Query(e)
    }
}

/// The largest dimension in which [`exact_answer`] computes the penetration
/// depth (the facet enumeration's cost grows as `C(n, N)`).
pub const MAX_DEPTH_DIM: usize = 3;

/// The exact answers for two point sets (rows of rationals, any dimension;
/// the certified distance fallback runs in dimensions 1 to
/// [`super::MAX_DIM`]).
pub fn exact_answer(a: &[Vec<Rational>], b: &[Vec<Rational>]) -> Result<Answer, AnswerError> {
    let relation = oracle::relation(a, b)?;
    if relation == Relation::Penetrating {
        // The facet enumeration costs C(n, N) hyperplanes: cheap to 3D for
        // the generators' sizes, seconds per pair above (measured by
        // `examples/oracle_limits`), so the depth is given up to 3D only.
        let dim = a.first().map_or(0, Vec::len);
        let depth = (dim <= MAX_DEPTH_DIM).then(|| oracle::penetration_depth(a, b));
        let depth2 = match depth {
            None => None,
            Some(depth) => match depth {
                Ok(oracle::PenetrationDepth::Penetrating { depth2, .. }) => Some(depth2),
                Ok(oracle::PenetrationDepth::NotPenetrating { relation }) => {
                    return Err(AnswerError::Uncertified {
                        what: format!("penetrating by the LP, {relation:?} by the facet oracle"),
                    })
                }
                Err(OracleError::TooLarge { .. }) => None,
                Err(e) => return Err(e.into()),
            },
        };
        return Ok(Answer {
            relation,
            dist2: Rational::zero(),
            source: DistanceSource::Intersecting,
            depth2,
        });
    }
    if relation == Relation::Touching {
        return Ok(Answer {
            relation,
            dist2: Rational::zero(),
            source: DistanceSource::Intersecting,
            depth2: Some(Rational::zero()),
        });
    }
    let (dist2, source) = match oracle::distance_squared(a, b) {
        Ok(d) => (d.dist2, DistanceSource::Oracle),
        Err(OracleError::TooLarge { .. }) => (certified_distance(a, b)?, DistanceSource::Certified),
        Err(e) => return Err(e.into()),
    };
    if dist2.is_zero() {
        return Err(AnswerError::Uncertified {
            what: "separated by the LP, at distance 0 by the distance computation".into(),
        });
    }
    Ok(Answer {
        relation,
        dist2,
        source,
        depth2: Some(Rational::zero()),
    })
}

/// The exact distance loop in dimension `N`: `(w_A, w_B, dist2)`.
#[allow(clippy::type_complexity)] // two witness rows and a value, spelled out
fn loop_distance<const N: usize>(
    a: &[Vec<Rational>],
    b: &[Vec<Rational>],
) -> Result<(Vec<Rational>, Vec<Rational>, Rational), AnswerError> {
    let ha = ConvexHull::<Rational, N>::from_rows(a).map_err(|e| e.in_shape(Which::A))?;
    let hb = ConvexHull::<Rational, N>::from_rows(b).map_err(|e| e.in_shape(Which::B))?;
    let opts = DistanceOptions {
        max_iterations: CERTIFIED_MAX_ITERATIONS,
        ..DistanceOptions::default()
    };
    match distance(&ha, &hb, &opts)?.outcome {
        DistanceOutcome::Separated {
            dist2,
            witness_a,
            witness_b,
            ..
        } => Ok((
            witness_a.iter().cloned().collect(),
            witness_b.iter().cloned().collect(),
            dist2,
        )),
        other => Err(AnswerError::Uncertified {
            what: format!("the exact distance loop says {}", other.name()),
        }),
    }
}

/// The exact squared distance of two separated point sets (rows of exact
/// coordinates, dimension 1 to 8), at any size: the exact distance loop's
/// answer, proved by the certificate of the module docs (both witnesses in
/// their hulls by the oracle's linear programs, and the axis
/// `witness_a − witness_b` with a gap of its own squared length). This is
/// how [`exact_answer`] answers past the oracle's enumeration limits; it is
/// public for callers who already know the sets are separated (for example
/// by [`gjk_oracle::intersects`]) and want no enumeration at all.
///
/// Errors: [`AnswerError::Uncertified`] when the loop does not say separated
/// (the sets intersect) or a certificate check fails; bad point sets and
/// dimensions above 8 as [`AnswerError::Query`].
pub fn certified_distance(
    a: &[Vec<Rational>],
    b: &[Vec<Rational>],
) -> Result<Rational, AnswerError> {
    let dim = a.first().map_or(0, Vec::len);
    let (wa, wb, dist2) = match dim {
        1 => loop_distance::<1>(a, b),
        2 => loop_distance::<2>(a, b),
        3 => loop_distance::<3>(a, b),
        4 => loop_distance::<4>(a, b),
        5 => loop_distance::<5>(a, b),
        6 => loop_distance::<6>(a, b),
        7 => loop_distance::<7>(a, b),
        8 => loop_distance::<8>(a, b),
        _ => Err(AnswerError::Query(Error::UnsupportedDimension {
            dim,
            supported: "1 to 8",
        })),
    }?;
    let fail = |what: &str| {
        Err(AnswerError::Uncertified {
            what: what.to_string(),
        })
    };
    if !oracle::intersects(a, std::slice::from_ref(&wa))? {
        return fail("witness_a is not in conv A");
    }
    if !oracle::intersects(b, std::slice::from_ref(&wb))? {
        return fail("witness_b is not in conv B");
    }
    let v: Vec<Rational> = wa.iter().zip(&wb).map(|(x, y)| x - y).collect();
    let dot = |p: &[Rational]| -> Rational { p.iter().zip(&v).map(|(x, y)| x * y).sum() };
    let vv = dot(&v);
    if vv != dist2 {
        return fail("dist2 is not |witness_a − witness_b|²");
    }
    let min_a = a.iter().map(|p| dot(p)).min();
    let max_b = b.iter().map(|q| dot(q)).max();
    match (min_a, max_b) {
        (Some(lo), Some(hi)) if &lo - &hi >= vv => Ok(dist2),
        _ => fail("some point of A − B is closer to the origin than witness_a − witness_b"),
    }
}
