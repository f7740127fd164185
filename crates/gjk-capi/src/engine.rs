//! The one place this crate calls the `gjk` library (a rename there is a
//! fix here only): the exact three-way verdict, the exact squared distance,
//! the exact squared depth, and the certified `f64` verdict, for point
//! clouds given as rows of doubles.

use gjk::certified::{certify, CertifiedOptions};
use gjk::distance::{distance, DistanceOptions, DistanceOutcome};
use gjk::epa::{epa_from_simplex, EpaOptions, EpaOutcome};
use gjk::shape::ConvexHull;
use gjk::tolerance::DEFAULT_MAX_ITERATIONS;
use gjk::verdict::{verdict, Verdict};
use gjk::{Rational, Relation, Vector, Which};

pub use crate::GJK_MAX_DIM as MAX_DIM;

/// Why a query gave no answer.
#[derive(Debug)]
pub enum Failure {
    /// The dimension is not in `1..=MAX_DIM`.
    Dimension,
    /// A shape has no point, or a NaN or infinite coordinate.
    Input(String),
    /// The iteration cap was reached without a verdict.
    NotConverged(String),
    /// Anything else the library reports.
    Other(String),
}

/// The exact answer for the closed convex hulls of two point clouds.
#[derive(Debug)]
pub struct Exact {
    /// Separated, touching or penetrating.
    pub relation: Relation,
    /// The squared distance (`0` unless separated).
    pub dist2: Rational,
    /// The squared penetration depth (`Some` for penetrating shapes only).
    pub depth2: Option<Rational>,
    /// The certificate's vector: a separating axis (separated), the normal
    /// of a weakly separating plane (touching), EPA's unnormalised contact
    /// normal (penetrating); empty when EPA gave none.
    pub axis: Vec<Rational>,
}

/// Calls `$f::<N>($rows_a, $rows_b)` for `N = $dim`.
macro_rules! by_dim {
    ($dim:expr, $f:ident, $a:expr, $b:expr) => {
        match $dim {
            1 => $f::<1>($a, $b),
            2 => $f::<2>($a, $b),
            3 => $f::<3>($a, $b),
            4 => $f::<4>($a, $b),
            5 => $f::<5>($a, $b),
            6 => $f::<6>($a, $b),
            7 => $f::<7>($a, $b),
            8 => $f::<8>($a, $b),
            _ => Err(Failure::Dimension),
        }
    };
}

/// The exact answer for points `a` and `b` (rows of `dim` doubles, each
/// read as the exact value of the double).
pub fn exact(dim: usize, a: &[&[f64]], b: &[&[f64]]) -> Result<Exact, Failure> {
    by_dim!(dim, exact_in, a, b)
}

/// The certified relation of the hulls of `a` and `b` (exact, usually
/// decided in `f64` with a checked certificate).
pub fn certified(dim: usize, a: &[&[f64]], b: &[&[f64]]) -> Result<Relation, Failure> {
    by_dim!(dim, certified_in, a, b)
}

fn hull<T: gjk::Scalar, const N: usize>(
    rows: &[&[f64]],
    which: Which,
    convert: impl Fn(f64) -> Option<T>,
) -> Result<ConvexHull<T, N>, Failure> {
    let mut points = Vec::with_capacity(rows.len());
    for row in rows {
        let mut coords = Vec::with_capacity(N);
        for &x in row.iter() {
            coords.push(convert(x).ok_or_else(|| {
                Failure::Input(format!("{which:?}: a coordinate is NaN or infinite"))
            })?);
        }
        points.push(Vector::<T, N>::from_iterator(coords));
    }
    ConvexHull::new(points).map_err(|e| Failure::Input(e.in_shape(which).to_string()))
}

fn exact_in<const N: usize>(a: &[&[f64]], b: &[&[f64]]) -> Result<Exact, Failure> {
    let a = hull::<Rational, N>(a, Which::A, Rational::from_float)?;
    let b = hull::<Rational, N>(b, Which::B, Rational::from_float)?;
    let other = |e: gjk::Error| Failure::Other(e.to_string());
    let zero = || Rational::from_integer(0.into());
    // One three-way query (the route for the dimension, as in `gjk check`);
    // the distance and EPA only where its verdict leaves them open.
    let report = verdict(&a, &b, DEFAULT_MAX_ITERATIONS).map_err(other)?;
    match report.verdict {
        Verdict::Separated {
            axis,
            separation: Some(s),
        } => Ok(Exact {
            relation: Relation::Separated,
            dist2: s.dist2,
            depth2: None,
            axis: axis.iter().cloned().collect(),
        }),
        Verdict::Separated {
            axis,
            separation: None,
        } => {
            let report = distance(&a, &b, &DistanceOptions::default()).map_err(other)?;
            match report.outcome {
                DistanceOutcome::Separated { dist2, .. } => Ok(Exact {
                    relation: Relation::Separated,
                    dist2,
                    depth2: None,
                    axis: axis.iter().cloned().collect(),
                }),
                other => Err(Failure::NotConverged(format!(
                    "the distance loop after a separating axis: {other:?}"
                ))),
            }
        }
        Verdict::Touching { normal, .. } => Ok(Exact {
            relation: Relation::Touching,
            dist2: zero(),
            depth2: None,
            axis: normal.iter().cloned().collect(),
        }),
        Verdict::Penetrating { .. } => {
            let report =
                epa_from_simplex(&a, &b, &report.simplex, &EpaOptions::default()).map_err(other)?;
            let (depth2, axis) = match report.outcome {
                EpaOutcome::Penetrating(p) => (Some(p.depth2), p.normal.iter().cloned().collect()),
                other => {
                    return Err(Failure::NotConverged(format!(
                        "EPA on penetrating shapes: {other:?}"
                    )))
                }
            };
            Ok(Exact {
                relation: Relation::Penetrating,
                dist2: zero(),
                depth2,
                axis,
            })
        }
        Verdict::NoVerdict { reason } => Err(Failure::NotConverged(reason.to_string())),
    }
}

fn certified_in<const N: usize>(a: &[&[f64]], b: &[&[f64]]) -> Result<Relation, Failure> {
    let finite = |x: f64| x.is_finite().then_some(x);
    let a = hull::<f64, N>(a, Which::A, finite)?;
    let b = hull::<f64, N>(b, Which::B, finite)?;
    let opts = CertifiedOptions {
        max_iterations: DEFAULT_MAX_ITERATIONS,
    };
    certify(&a, &b, &opts)
        .map(|r| r.verdict)
        .map_err(|e| Failure::Other(e.to_string()))
}

/// A generated pair (`gjk_gen`): the points of `A` and `B` as rows of
/// doubles (exact: every generated coordinate is a double).
pub struct Generated {
    /// `A`'s points.
    pub a: Vec<Vec<f64>>,
    /// `B`'s points.
    pub b: Vec<Vec<f64>>,
}

/// The number of generator families; family `i` is `gjk_gen::Family::ALL[i]`.
pub fn family_count() -> usize {
    gjk_gen::Family::ALL.len()
}

/// Family `i`'s name (NUL-terminated, for C), `None` past the last.
pub fn family_name(i: usize) -> Option<&'static str> {
    gjk_gen::Family::ALL.get(i).map(|f| f.name())
}

/// Builds the pair of `gjk_gen::build` (parameters validated there).
#[allow(clippy::too_many_arguments)] // the generator's parameters, one by one
pub fn generate(
    family: usize,
    dim: usize,
    seed: u64,
    scale_exp: i32,
    spread: u32,
    extra: usize,
    gap: i64,
    gap_bits: u32,
) -> Result<Generated, Failure> {
    let family = *gjk_gen::Family::ALL
        .get(family)
        .ok_or_else(|| Failure::Input(format!("no generator family {family}")))?;
    let params = gjk_gen::Params {
        family,
        dim,
        seed,
        scale_exp,
        spread,
        extra,
        gap,
        gap_bits,
    };
    let pair = gjk_gen::build(&params).map_err(|e| Failure::Input(e.to_string()))?;
    let rows = |set: &[Vec<i64>]| -> Vec<Vec<f64>> {
        set.iter()
            .map(|p| p.iter().map(|&m| m as f64 * 2f64.powi(pair.exp)).collect())
            .collect()
    };
    Ok(Generated {
        a: rows(&pair.a),
        b: rows(&pair.b),
    })
}
