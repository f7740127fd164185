//! Certified `f64` queries: the speed of the float algorithm, a verdict
//! that is never wrong.
//!
//! # What "certified" guarantees
//!
//! The input is two finite point sets given as `f64`; **the doubles are the
//! exact input** (each is a dyadic rational). [`certify`] returns the
//! relation of their closed convex hulls — [`Relation::Separated`],
//! [`Relation::Touching`] or [`Relation::Penetrating`], defined as in
//! the exact oracle (`gjk-oracle`) — and the verdict is the exact one for every input it
//! accepts: on IEEE 754 binary64 arithmetic rounding to nearest (Rust's only
//! mode), each verdict is either proved by a certificate checked with
//! rigorous rounding-error bounds, or computed in exact arithmetic. There is
//! no tolerance that could turn a near-touching pair into a wrong answer,
//! and no "not converged" verdict: if the exact stage cannot finish, that is
//! an error ([`CertifiedError::ExactNotConverged`]), never a guess.
//!
//! # How
//!
//! 1. In 2D and 3D, run the boolean query's hot path (`boolean/hot.rs`),
//!    which answers only with a separating direction or a full simplex
//!    holding the origin; where it hands back, or its answer is not proved
//!    in step 2, run the float distance loop ([`crate::distance::distance`]
//!    in `f64`, any `N`). It ends with a separating direction or a simplex
//!    of `A − B` holding the origin (or no verdict).
//! 2. Check its certificate, rigorously:
//!    * **separated** — the axis `witness_b − witness_a`: every point of `A`
//!      and of `B` is dotted with it in floats, and the rounding error of
//!      each dot product is bounded (`|fl(d·x) − d·x| ≤ γ₂ₙ ŝ + 2n η`, with
//!      an absolute term for underflow); the final comparison is done with
//!      outward rounding, so it cannot be flipped ([`axis`], with the
//!      derivation);
//!    * **penetrating** — the final simplex: `N + 1` support points
//!      `wᵢ = aᵢ − bᵢ` (the exact differences of input points), and the
//!      signs of `N + 1` determinants prove that the origin is *interior* to
//!      their simplex, hence to `A − B`: an interval-arithmetic filter first,
//!      exact integers for the signs it leaves open ([`simplex`]).
//! 3. Near touching the float loop often stops on a face that passes
//!    within its rounding tolerance of the origin, with an axis too tilted
//!    or a simplex too small to certify. Float work that is never trusted
//!    (`search.rs`) then tries for a better certificate: the axis is made
//!    orthogonal to the face it came from, the face is widened to more of
//!    the facet of `A − B` it lies on, the loop goes on without its
//!    tolerances, and a face of `N` vertices holding the origin is turned
//!    into `N` candidate simplices with the support points on both sides of
//!    it. Whatever it finds goes through the same checks as in step 2.
//! 4. If the float loop gave no verdict, or no certificate is proved, run
//!    the **exact path** on the same doubles (each one is a rational): the
//!    exact mode ([`crate::exact::exact_query`], relation only), which
//!    searches again in `f64` for a certificate it proves in exact
//!    arithmetic — including the touching certificate, which this module's
//!    float checks cannot prove — and runs the crate's exact three-way
//!    query over rationals ([`crate::verdict::verdict`]) only where that
//!    certificate is rejected. In `N = 1` a comparison of interval end
//!    points decides (no arithmetic at all). The exact oracle (`gjk-oracle`)
//!    is never consulted: it judges these answers in the tests.
//!
//! **Touching is only ever decided by the exact path**: a touching pair has
//! no strictly separating axis and no simplex with the origin inside, so no
//! certificate this module checks in floats exists for it. Neither do separations thinner than the
//! dot products' error bound (about `2⁻⁴⁸` relative to the coordinates in
//! 3D; `axis` has a test at the threshold). The report says which path decided
//! ([`Certificate`]), so the fallback rate can be measured:
//! `cargo bench --bench certified` prints it per benchmark set, and
//! `docs/benchmarks.md` has the figures (no fallback on random pairs, nor at
//! gaps or overlaps of `2⁻²⁰` and `2⁻⁴⁰`; all touching pairs fall back).
//!
//! # Certified distance
//!
//! [`certify_distance`] runs the same float distance loop and returns, with
//! its report, an interval `[lo, hi]` proved to hold the exact distance:
//! `hi` from the loop's final simplex as an exact convex combination,
//! enclosed in interval arithmetic; `lo` from the separating-axis bound
//! above (`bounds`, with the derivation). It never falls back to exact
//! arithmetic: near touching the interval is simply `[0, hi]`.
//!
//! # Bad input
//!
//! Empty sets and NaN or infinite coordinates are refused when the
//! [`ConvexHull`]s are built ([`crate::Error`]); `N = 0` and inputs past the
//! exact path's limits ([`MAX_POINTS_PER_SHAPE`] and
//! [`MAX_COORDINATES_PER_CASE`]) are refused by [`certify`] before any work, whatever the
//! float stage would have found, so whether an input is accepted never
//! depends on rounding. Huge coordinates whose float products overflow are
//! not an error: the certificate is inconclusive and the exact path decides.

pub mod axis;
mod bounds;
mod search;
pub mod simplex;

use std::fmt;

use crate::boolean::{gjk_hot, Options as BooleanOptions, Outcome};
use crate::distance::{distance, DistanceOptions, DistanceOutcome};
use crate::error::{Error, Which};
use crate::exact::{exact_query, ExactAnswer, ExactOptions};
use crate::filtered::PointSet;
use crate::relation::NoVerdict;
use crate::relation::Relation;
use crate::shape::ConvexHull;
use crate::simplex::Simplex;
use crate::tolerance::DEFAULT_MAX_ITERATIONS;
use crate::vector::{Points, Vector};

use axis::certify_hull_axis;
pub use axis::{certify_axis, AxisCertificate};
pub use bounds::{certify_distance, CertifiedDistance, DistanceBounds};
use search::{continue_search, sharpen, widen, Found};
use simplex::check_pairs;
pub use simplex::{check_simplex, SimplexCheck};

/// Options of [`certify`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CertifiedOptions {
    /// The most support points per loop, for the float loop and for the
    /// exact path (default [`DEFAULT_MAX_ITERATIONS`]).
    pub max_iterations: usize,
}

impl Default for CertifiedOptions {
    fn default() -> Self {
        CertifiedOptions {
            max_iterations: DEFAULT_MAX_ITERATIONS,
        }
    }
}

/// Why the float certificate did not decide and the exact path ran.
#[derive(Clone, Debug, PartialEq)]
pub enum FallbackReason {
    /// The float distance loop stopped without a verdict.
    FloatNotConverged(NoVerdict),
    /// The float distance loop failed (e.g. `f64` overflow on huge
    /// coordinates, or a dimension it does not support).
    FloatError(Error),
    /// The loop said separated, but the rounding-error bound does not prove
    /// its axis (a gap below the bound, or touching shapes).
    AxisInconclusive,
    /// The loop said intersecting with fewer than `N + 1` vertices: the
    /// origin is (within rounding) on a lower-dimensional face, which no
    /// simplex certificate covers (touching, or nearly).
    SimplexNotFull {
        /// The number of vertices of the final simplex.
        vertices: usize,
    },
    /// The final simplex has `N + 1` vertices, but the exact signs show the
    /// origin is not in its interior.
    SimplexDoesNotEnclose,
}

impl FallbackReason {
    /// A short name: `float_not_converged`, `float_error`,
    /// `axis_inconclusive`, `simplex_not_full`, `simplex_does_not_enclose`.
    pub fn name(&self) -> &'static str {
        match self {
            FallbackReason::FloatNotConverged(_) => "float_not_converged",
            FallbackReason::FloatError(_) => "float_error",
            FallbackReason::AxisInconclusive => "axis_inconclusive",
            FallbackReason::SimplexNotFull { .. } => "simplex_not_full",
            FallbackReason::SimplexDoesNotEnclose => "simplex_does_not_enclose",
        }
    }
}

impl fmt::Display for FallbackReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FallbackReason::FloatNotConverged(r) => write!(f, "the f64 loop did not converge: {r}"),
            FallbackReason::FloatError(e) => write!(f, "the f64 loop failed: {e}"),
            FallbackReason::AxisInconclusive => {
                f.write_str("the separating axis is not proved by the rounding-error bound")
            }
            FallbackReason::SimplexNotFull { vertices } => write!(
                f,
                "the f64 loop ended on a simplex of {vertices} vertices, not a full one"
            ),
            FallbackReason::SimplexDoesNotEnclose => {
                f.write_str("the final simplex does not hold the origin in its interior")
            }
        }
    }
}

/// Which proof decided the verdict.
#[derive(Clone, Debug, PartialEq)]
pub enum Certificate<const N: usize> {
    /// Separated, proved by the float axis and the rounding-error bound.
    SeparatingAxis(AxisCertificate<N>),
    /// Penetrating, proved by `N + 1` support points whose simplex holds the
    /// origin in its interior (vertex `i`: `aᵢ − bᵢ`, `aᵢ ∈ A`, `bᵢ ∈ B`).
    EnclosingSimplex {
        /// The `N + 1` vertices, each with its points `a` of `A` and `b` of
        /// `B` (held inline: the certificate does not allocate).
        simplex: Simplex<f64, N>,
        /// How many of the `N + 1` signs the interval filter left to exact
        /// integer arithmetic.
        exact_signs: usize,
    },
    /// The exact path decided.
    ExactFallback {
        /// Why the float certificate did not.
        reason: FallbackReason,
    },
}

impl<const N: usize> Certificate<N> {
    /// `separating_axis`, `enclosing_simplex` or `exact_fallback`.
    pub fn name(&self) -> &'static str {
        match self {
            Certificate::SeparatingAxis(_) => "separating_axis",
            Certificate::EnclosingSimplex { .. } => "enclosing_simplex",
            Certificate::ExactFallback { .. } => "exact_fallback",
        }
    }

    /// `true` when the exact path decided.
    pub fn is_fallback(&self) -> bool {
        matches!(self, Certificate::ExactFallback { .. })
    }
}

/// A certified verdict, with its proof and its cost.
#[derive(Clone, Debug, PartialEq)]
pub struct CertifiedReport<const N: usize> {
    /// The exact relation of the closed hulls.
    pub verdict: Relation,
    /// How it was decided.
    pub certificate: Certificate<N>,
    /// Support points computed by the float stage (the boolean hot path's,
    /// then the distance loop's and its search's where they ran).
    pub float_iterations: usize,
    /// Support points computed by the exact path: its float search's, and
    /// the exact loop's where it ran (`0` when the exact path did not run,
    /// and in `N = 1`, which compares end points).
    pub exact_iterations: usize,
}

/// Why [`certify`] gave no verdict.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum CertifiedError {
    /// `N = 0` ([`Error::UnsupportedDimension`]).
    Input(Error),
    /// The input is past a limit of the exact path (checked before any work).
    TooLarge {
        /// What is too large.
        what: &'static str,
        /// Its size.
        size: u128,
        /// The limit.
        limit: u128,
    },
    /// The exact path reached the iteration cap
    /// ([`CertifiedOptions::max_iterations`]) without a verdict.
    ExactNotConverged {
        /// Why.
        reason: NoVerdict,
    },
    /// The exact path failed in a way its proofs rule out (please report the
    /// input).
    ExactFailed {
        /// What happened.
        what: String,
    },
}

impl fmt::Display for CertifiedError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CertifiedError::Input(e) => write!(f, "{e}"),
            CertifiedError::TooLarge { what, size, limit } => write!(
                f,
                "{what} is {size}, past the exact path's limit of {limit}"
            ),
            CertifiedError::ExactNotConverged { reason } => {
                write!(f, "the exact path gave no verdict: {reason}")
            }
            CertifiedError::ExactFailed { what } => write!(f, "the exact path failed: {what}"),
        }
    }
}

impl std::error::Error for CertifiedError {}

/// The most points per shape [`certify`] accepts (the exact path's limit,
/// checked before any work; the case format of the `gjk` tool has the same).
pub const MAX_POINTS_PER_SHAPE: usize = 1_000_000;

/// The most coordinates of both shapes together [`certify`] accepts.
pub const MAX_COORDINATES_PER_CASE: usize = 8_000_000;

/// Refuses inputs the exact path could not handle (module docs).
fn check_limits<const N: usize>(a: usize, b: usize) -> Result<(), CertifiedError> {
    if N == 0 {
        return Err(CertifiedError::Input(Error::UnsupportedDimension {
            dim: 0,
            supported: "1 and above",
        }));
    }
    let too_large = |what, size: usize, limit: usize| CertifiedError::TooLarge {
        what,
        size: size as u128,
        limit: limit as u128,
    };
    for (what, n) in [
        ("the number of points of a", a),
        ("the number of points of b", b),
    ] {
        if n > MAX_POINTS_PER_SHAPE {
            return Err(too_large(what, n, MAX_POINTS_PER_SHAPE));
        }
    }
    let coordinates = (a + b).saturating_mul(N);
    if coordinates > MAX_COORDINATES_PER_CASE {
        return Err(too_large(
            "the number of coordinates",
            coordinates,
            MAX_COORDINATES_PER_CASE,
        ));
    }
    Ok(())
}

/// The certified relation of the closed convex hulls of `a` and `b` (see
/// the module docs for the guarantee and the method).
pub fn certify<const N: usize>(
    a: &ConvexHull<f64, N>,
    b: &ConvexHull<f64, N>,
    opts: &CertifiedOptions,
) -> Result<CertifiedReport<N>, CertifiedError> {
    let (pa, pb) = (a.points(), b.points());
    check_limits::<N>(pa.len(), pb.len())?;
    let (found, float_iterations) = float_certificate(a, b, opts);
    let reason = match found {
        Ok((verdict, certificate)) => {
            return Ok(CertifiedReport {
                verdict,
                certificate,
                float_iterations,
                exact_iterations: 0,
            })
        }
        Err(reason) => reason,
    };
    let (verdict, exact_iterations) = exact_relation(pa, pb, opts)?;
    Ok(CertifiedReport {
        verdict,
        certificate: Certificate::ExactFallback { reason },
        float_iterations,
        exact_iterations,
    })
}

/// The float stage (module docs, steps 1 to 3): a proved verdict with its
/// certificate, or why there is none; and the support points computed.
fn float_certificate<const N: usize>(
    a: &ConvexHull<f64, N>,
    b: &ConvexHull<f64, N>,
    opts: &CertifiedOptions,
) -> (Result<(Relation, Certificate<N>), FallbackReason>, usize) {
    // 2D and 3D: the boolean query's hot path first, which answers only
    // with what step 2 checks (an axis, or a full simplex holding the origin).
    let bool_opts = BooleanOptions {
        initial_direction: None,
        max_iterations: opts.max_iterations,
    };
    let mut hot_calls = 0;
    if let Some(r) = gjk_hot(a, b, &bool_opts, &mut hot_calls) {
        let proved = match &r.outcome {
            Outcome::Separated { axis, .. } => certify_hull_axis(a, b, axis)
                .map(|c| (Relation::Separated, Certificate::SeparatingAxis(c))),
            Outcome::Intersecting { simplex, .. } => {
                proved_simplex(simplex).map(|c| (Relation::Penetrating, c))
            }
            Outcome::NoVerdict { .. } => None,
        };
        if let Some(proved) = proved {
            return (Ok(proved), hot_calls);
        }
    }
    let float_opts = DistanceOptions {
        max_iterations: opts.max_iterations,
        ..DistanceOptions::default()
    };
    let report = match distance(a, b, &float_opts) {
        Ok(report) => report,
        Err(e) => return (Err(FallbackReason::FloatError(e)), hot_calls),
    };
    let mut iterations = hot_calls + report.iterations;
    let (reason, simplex) = match report.outcome {
        DistanceOutcome::Separated { axis, simplex, .. } => {
            let face: Points<f64, N> = simplex.points().copied().collect();
            if let Some(c) = proved_axis(a, b, &axis, &face) {
                return (Ok((Relation::Separated, c)), iterations);
            }
            (FallbackReason::AxisInconclusive, simplex)
        }
        DistanceOutcome::Intersecting { simplex } if simplex.len() == N + 1 => {
            if let Some(c) = proved_simplex(&simplex) {
                return (Ok((Relation::Penetrating, c)), iterations);
            }
            (FallbackReason::SimplexDoesNotEnclose, simplex)
        }
        DistanceOutcome::Intersecting { simplex } => {
            let vertices = simplex.len();
            (FallbackReason::SimplexNotFull { vertices }, simplex)
        }
        DistanceOutcome::NoVerdict { reason, .. } => {
            return (Err(FallbackReason::FloatNotConverged(reason)), iterations)
        }
    };
    // Near touching: go on without the loop's tolerances (`search`).
    let prove = |d: &Vector<f64, N>, face: &[Vector<f64, N>]| proved_axis(a, b, d, face);
    let (found, more) = continue_search(a, b, simplex, opts.max_iterations, prove);
    iterations += more;
    let proved = match found {
        Found::Full(candidates) => candidates
            .iter()
            .find_map(proved_simplex)
            .map(|c| (Relation::Penetrating, c)),
        Found::Proved(c) => Some((Relation::Separated, c)),
        Found::Nothing => None,
    };
    (proved.ok_or(reason), iterations)
}

/// The axis, sharpened against the face it came from (`search::sharpen`),
/// then against that face widened to more of its facet (`search::widen`),
/// then as it is: the first the rounding-error bound proves.
fn proved_axis<const N: usize>(
    a: &ConvexHull<f64, N>,
    b: &ConvexHull<f64, N>,
    axis: &Vector<f64, N>,
    face: &[Vector<f64, N>],
) -> Option<Certificate<N>> {
    let sharp = sharpen(axis, face);
    certify_hull_axis(a, b, &sharp)
        .or_else(|| {
            if face.len() >= N {
                return None;
            }
            let wide = widen(a, b, &sharp, face);
            certify_hull_axis(a, b, &sharpen(&sharp, &wide))
        })
        .or_else(|| certify_hull_axis(a, b, axis))
        .map(Certificate::SeparatingAxis)
}

/// The simplex's certificate if its `N + 1` points enclose the origin.
fn proved_simplex<const N: usize>(simplex: &Simplex<f64, N>) -> Option<Certificate<N>> {
    match check_pairs(simplex.iter().map(|v| (&v.a, &v.b))) {
        SimplexCheck::Encloses { exact_signs } => Some(Certificate::EnclosingSimplex {
            simplex: simplex.clone(),
            exact_signs,
        }),
        SimplexCheck::DoesNotEnclose => None,
    }
}

/// The exact path: the relation, and the support points it computed (its
/// float search's and, where a certificate is rejected, the exact loop's).
fn exact_relation<const N: usize>(
    a: &[Vector<f64, N>],
    b: &[Vector<f64, N>],
    opts: &CertifiedOptions,
) -> Result<(Relation, usize), CertifiedError> {
    let failed = |what: String| CertifiedError::ExactFailed { what };
    if N == 1 {
        return Ok((interval_relation(a, b), 0));
    }
    // Every finite double is a rational (the hulls hold finite points only).
    let sa =
        PointSet::from_f64(a.to_vec()).map_err(|e| failed(e.in_shape(Which::A).to_string()))?;
    let sb =
        PointSet::from_f64(b.to_vec()).map_err(|e| failed(e.in_shape(Which::B).to_string()))?;
    let exact_opts = ExactOptions {
        max_iterations: opts.max_iterations,
        fallback: true,
        relation_only: true,
    };
    let report = exact_query(&sa, &sb, &exact_opts).map_err(|e| failed(e.to_string()))?;
    let iterations = report.float_iterations + report.exact_iterations;
    match report.answer {
        ExactAnswer::NoVerdict { reason } => Err(CertifiedError::ExactNotConverged { reason }),
        answer => match answer.relation() {
            Some(relation) => Ok((relation, iterations)),
            None => Err(failed(format!("no relation: {answer:?}"))),
        },
    }
}

/// `N = 1`: the hulls are the intervals `[min, max]`, and `A − B` is
/// `[min A − max B, max A − min B]`. The origin is outside it, on an end
/// point, or inside, which three comparisons of doubles decide exactly
/// (`x − y < 0 ⇔ x < y`, no subtraction is done).
fn interval_relation<const N: usize>(a: &[Vector<f64, N>], b: &[Vector<f64, N>]) -> Relation {
    let range = |p: &[Vector<f64, N>]| {
        p.iter()
            .map(|x| x[0])
            .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), x| {
                (lo.min(x), hi.max(x))
            })
    };
    let ((a_lo, a_hi), (b_lo, b_hi)) = (range(a), range(b));
    if a_hi < b_lo || b_hi < a_lo {
        Relation::Separated
    } else if a_lo < b_hi && b_lo < a_hi {
        Relation::Penetrating
    } else {
        Relation::Touching
    }
}
