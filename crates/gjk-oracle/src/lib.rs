//! The exact oracle: the answers GJK is checked against, computed without GJK.
//!
//! Everything here works on finite point sets with exact [`Rational`]
//! coordinates, in any dimension, and shares **no code** with the simplex,
//! the region classifier or the loop: it uses linear programming, exact
//! Gaussian elimination and enumeration instead. A shape is the convex hull of
//! its points; `A − B` is the Minkowski difference `{a − b}`.
//!
//! | question | function | method |
//! |---|---|---|
//! | do the closed shapes share a point? | [`intersects`], [`common_point`] | LP feasibility of `Σλᵢaᵢ = Σμⱼbⱼ`, `λ, μ ≥ 0`, `Σλ = Σμ = 1` ([`lp`]: exact simplex method, Bland's rule) |
//! | is the origin interior to `A − B`? | [`penetrating`] | an LP maximising the smallest weight `t` of such a combination, plus an exact rank |
//! | do they touch without overlapping? | [`touching`], [`relation`] | the two above |
//! | how far apart? witness points? | [`distance_squared`] | subset enumeration and exact projection (independent of the LP) |
//! | how deep do they penetrate? along which normal? | [`penetration_depth`] | the relation LP, then facet enumeration of `A − B` with exact normals |
//! | where is the closest point of one simplex? | [`closest_feature`] | face enumeration and exact projection, barycentric coordinates |
//! | does an axis separate them? | [`separates`], [`strictly_separates`] | two exact maxima |
//!
//! # Definitions
//!
//! * **intersecting**: `conv A ∩ conv B ≠ ∅` (closed sets: touching counts);
//! * **penetrating**: the origin is an *interior* point of `conv(A − B)`, i.e.
//!   every translation of `B` shorter than some `ε > 0` still intersects `A`.
//!   This needs `A − B` to be full-dimensional: two coplanar polygons in 3D,
//!   or a point and a polygon, never penetrate (two polygons *crossing* each
//!   other do: their difference is a solid);
//! * **touching**: intersecting and not penetrating. Equivalently the shapes
//!   intersect and a non-zero axis `n` weakly separates them
//!   (`max_A a·n ≤ min_B b·n`); their intersection then lies in the plane
//!   `x · n = max_A a·n`.
//!
//! `penetrating` is decided by the relative interior: for finite sets,
//! `relint conv A = {Σλᵢaᵢ : all λᵢ > 0, Σλᵢ = 1}` and
//! `relint(C₁ − C₂) = relint C₁ − relint C₂` (Rockafellar, *Convex Analysis*,
//! Thm 6.9 and Cor. 6.6.2). So `0 ∈ relint(A − B)` iff some combination with
//! **all** weights positive puts the two shapes on the same point: the LP
//! maximises the smallest weight `t` and checks `t > 0`. The relative interior
//! is the interior iff `aff(A − B)` is the whole space, i.e. the vectors
//! `aᵢ − a₀`, `bⱼ − b₀` have rank `N`.
//!
//! # Limits
//!
//! The oracle is meant to be obviously right, not fast. Past these limits it
//! returns [`OracleError::TooLarge`] instead of running for hours:
//!
//! * the LP questions build a tableau of `N + 2` rows and `|A| + |B|` columns:
//!   `(|A| + |B|) · (N + 2)` at most [`MAX_LP_SIZE`];
//! * [`distance_squared`] enumerates subsets of the `|A|·|B|` points of
//!   `A − B` (at most [`MAX_DIFFERENCES`]), of at most `N + 1` points each,
//!   and solves an `s × s` system for each subset of size `s`: its work
//!   estimate `Σₛ C(n, s)(s³ + N s²)` is at most [`MAX_ENUMERATION_COST`];
//! * [`penetration_depth`] enumerates the `N`-subsets of the `n` distinct
//!   points of `A − B` (at most [`MAX_DIFFERENCES`] pairs): its work estimate
//!   `C(n, N)(N⁴ + nN)` is at most [`MAX_FACET_COST`];
//! * [`closest_feature`] enumerates the `2^k − 1` faces of a simplex of `k ≤
//!   N + 1` vertices: dimension at most [`MAX_SIMPLEX_DIM`].
//!
//! The limits come from measurements: `cargo run --release --example
//! oracle_limits` times one input at each limit (fixed-seed random integers
//! in `−100..=100`). On this project's 2-core machine kind it printed: an LP
//! of 32 + 32 points in 16D, 2.7 s (115 + 115 points in 3D, 0.1 s); the
//! enumeration for 11 points in 10D, 35 ms (25 in 3D, 3 ms); the facet
//! enumeration of `penetration_depth` for 30 points in 5D, 0.2 s (50 in 4D,
//! 0.16 s; 120 in 3D, 0.13 s), and 60 to 65 ms for each of the three since
//! its filter shares minors between subsets; a 10D simplex for
//! `closest_feature`, 0.9 s. (The limits were set before the distance
//! enumeration ran over integers and the facet enumeration had its `i128`
//! filter, at 1.2 s and 0.8 s for those two inputs; they were kept.) These are examples, not bounds: the number
//! of pivots and the size of the rationals depend on the data, and other
//! random inputs took several times longer. Debug builds are several times
//! slower again. Typical test inputs (a few points per shape in 2D to 4D)
//! take milliseconds.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod distance;
mod feature;
mod linalg;
pub mod lp;
mod penetration;

use std::fmt;

use num_traits::Zero;

pub use distance::{distance_squared, Distance};
pub use feature::{closest_feature, FacetSide, RegionAnswer};
pub use penetration::{penetration_depth, DepthFacet, PenetrationDepth, MAX_FACET_COST};

use gjk::scalar::Rational;
pub use gjk::Relation;
use gjk::Which;
use linalg::{dot, sub};
use lp::{minimise, Problem, Solution};

/// The largest LP tableau, `(|A| + |B|) · (N + 2)` entries (e.g. 32 points
/// per shape in 16 dimensions, or 115 per shape in 3D).
pub const MAX_LP_SIZE: usize = 1152;
/// The most points of `A − B` (`|A| · |B|`, before removing duplicates) that
/// [`distance_squared`] forms.
pub const MAX_DIFFERENCES: usize = 4096;
/// The largest work estimate `Σ_{s=1}^{N+1} C(n, s) (s³ + N s²)` (`n` distinct
/// points of `A − B`) that [`distance_squared`] accepts: 25 points in 3D
/// (1.6·10⁶) and 11 in 10D (1.1·10⁶) pass; 36 in 3D and 13 in 12D (both
/// 7·10⁶) do not.
pub const MAX_ENUMERATION_COST: u128 = 1 << 22;
/// The largest dimension for [`closest_feature`] (a simplex of `N + 1`
/// vertices has `2^(N+1) − 1` faces).
pub const MAX_SIMPLEX_DIM: usize = 10;

/// Why the oracle refused an input.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum OracleError {
    /// A point set is empty.
    Empty {
        /// Which one.
        which: Which,
    },
    /// Points have no coordinates.
    ZeroDimension {
        /// Which set.
        which: Which,
    },
    /// A point's dimension differs from the first point's (or from the other
    /// shape's, or from the axis's).
    MixedDimensions {
        /// Which set.
        which: Which,
        /// The dimension expected.
        expected: usize,
        /// The offending point's index (`0` for a whole set or an axis).
        index: usize,
        /// Its dimension.
        found: usize,
    },
    /// The input is past one of the documented limits.
    TooLarge {
        /// What is too large.
        what: &'static str,
        /// Its size.
        size: u128,
        /// The limit.
        limit: u128,
    },
    /// [`closest_feature`] got more than `N + 1` vertices.
    TooManyVertices {
        /// The number of vertices.
        count: usize,
        /// The dimension.
        dim: usize,
    },
    /// [`lp::minimise`] got a problem whose rows, right-hand side and costs
    /// do not fit together.
    MalformedLp {
        /// What does not fit, in words.
        what: String,
    },
    /// A state the oracle's own proofs rule out (a bug in the oracle: please
    /// report the input). Returned instead of a guess.
    Internal {
        /// What happened.
        what: &'static str,
    },
    /// [`closest_feature`] got affinely dependent vertices (a repeated point,
    /// three collinear points, four coplanar ones, …): the Voronoi regions of
    /// such a simplex's features are not defined.
    AffinelyDependent,
}

impl fmt::Display for OracleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OracleError::Empty { which } => write!(f, "oracle: {which}: empty point set"),
            OracleError::ZeroDimension { which } => {
                write!(f, "oracle: {which}: points with no coordinates")
            }
            OracleError::MixedDimensions {
                which,
                expected,
                index,
                found,
            } => write!(
                f,
                "oracle: {which}: point {index} has {found} coordinates, expected {expected}"
            ),
            OracleError::TooLarge { what, size, limit } => {
                write!(f, "oracle: {what} is {size}, past the limit {limit}")
            }
            OracleError::TooManyVertices { count, dim } => write!(
                f,
                "oracle: a simplex in {dim} dimensions has at most {} vertices, got {count}",
                dim + 1
            ),
            OracleError::MalformedLp { what } => write!(f, "oracle: malformed LP: {what}"),
            OracleError::Internal { what } => write!(f, "oracle: internal error: {what}"),
            OracleError::AffinelyDependent => {
                write!(f, "oracle: the simplex's vertices are affinely dependent")
            }
        }
    }
}

impl std::error::Error for OracleError {}

/// A point of a hull found by projection: `|v|²`, `v`, the indices of the
/// points it combines and their weights.
struct Candidate {
    dist2: Rational,
    point: Vec<Rational>,
    indices: Vec<usize>,
    weights: Vec<Rational>,
}

/// Checks one point set; returns its dimension.
fn check_set(points: &[Vec<Rational>], which: Which) -> Result<usize, OracleError> {
    let first = points.first().ok_or(OracleError::Empty { which })?;
    let dim = first.len();
    if dim == 0 {
        return Err(OracleError::ZeroDimension { which });
    }
    if let Some(index) = points.iter().position(|p| p.len() != dim) {
        return Err(OracleError::MixedDimensions {
            which,
            expected: dim,
            index,
            found: points[index].len(),
        });
    }
    Ok(dim)
}

/// Checks a pair of point sets; returns the dimension.
fn check_pair(a: &[Vec<Rational>], b: &[Vec<Rational>]) -> Result<usize, OracleError> {
    let dim = check_set(a, Which::A)?;
    let db = check_set(b, Which::B)?;
    if db != dim {
        return Err(OracleError::MixedDimensions {
            which: Which::B,
            expected: dim,
            index: 0,
            found: db,
        });
    }
    Ok(dim)
}

/// Checks a pair for the LP questions; returns the dimension.
fn check_lp(a: &[Vec<Rational>], b: &[Vec<Rational>]) -> Result<usize, OracleError> {
    let dim = check_pair(a, b)?;
    let size = (a.len() + b.len()).saturating_mul(dim + 2);
    if size > MAX_LP_SIZE {
        return Err(OracleError::TooLarge {
            what: "the LP size (|A| + |B|)·(N + 2)",
            size: size as u128,
            limit: MAX_LP_SIZE as u128,
        });
    }
    Ok(dim)
}

/// A point common to both shapes, with the convex weights that make it.
#[derive(Clone, Debug, PartialEq)]
pub struct CommonPoint {
    /// The point `Σλᵢaᵢ = Σμⱼbⱼ`.
    pub point: Vec<Rational>,
    /// The weights on `A`'s points (non-negative, summing to 1).
    pub lambda: Vec<Rational>,
    /// The weights on `B`'s points (non-negative, summing to 1).
    pub mu: Vec<Rational>,
}

/// The constraint rows `Σλᵢaᵢ − Σμⱼbⱼ = 0`, `Σλ = 1`, `Σμ = 1` over the
/// columns `λ₀ … λ_{m−1}, μ₀ … μ_{k−1}` (and, with `weight_column`, a last
/// column `t` whose entries make it the common lower bound of all weights).
fn constraints(
    a: &[Vec<Rational>],
    b: &[Vec<Rational>],
    dim: usize,
    weight_column: bool,
) -> (Vec<Vec<Rational>>, Vec<Rational>) {
    let (m, k) = (a.len(), b.len());
    let cols = m + k + usize::from(weight_column);
    let one = || Rational::from_integer(1.into());
    let mut rows = Vec::with_capacity(dim + 2);
    let mut rhs = Vec::with_capacity(dim + 2);
    for c in 0..dim {
        let mut row = vec![Rational::zero(); cols];
        for (i, p) in a.iter().enumerate() {
            row[i] = p[c].clone();
        }
        for (j, q) in b.iter().enumerate() {
            row[m + j] = -q[c].clone();
        }
        if weight_column {
            // λᵢ = λ'ᵢ + t, μⱼ = μ'ⱼ + t: t contributes Σaᵢ − Σbⱼ.
            row[m + k] = row[..m + k]
                .iter()
                .fold(Rational::zero(), |s, x| s + x.clone());
        }
        rows.push(row);
        rhs.push(Rational::zero());
    }
    let mut sum_a = vec![Rational::zero(); cols];
    let mut sum_b = vec![Rational::zero(); cols];
    for x in &mut sum_a[..m] {
        *x = one();
    }
    for x in &mut sum_b[m..m + k] {
        *x = one();
    }
    if weight_column {
        sum_a[m + k] = Rational::from_integer(m.into());
        sum_b[m + k] = Rational::from_integer(k.into());
    }
    rows.push(sum_a);
    rows.push(sum_b);
    rhs.push(one());
    rhs.push(one());
    (rows, rhs)
}

/// A common point of the closed shapes `conv A` and `conv B`, or `None`.
pub fn common_point(
    a: &[Vec<Rational>],
    b: &[Vec<Rational>],
) -> Result<Option<CommonPoint>, OracleError> {
    let dim = check_lp(a, b)?;
    let (m, rhs) = constraints(a, b, dim, false);
    let p = Problem {
        c: vec![Rational::zero(); a.len() + b.len()],
        m,
        b: rhs,
    };
    Ok(match minimise(&p)? {
        Solution::Optimal { x, .. } => {
            let (lambda, mu) = x.split_at(a.len());
            let refs: Vec<&Vec<Rational>> = a.iter().collect();
            Some(CommonPoint {
                point: linalg::combine(&refs, lambda, dim),
                lambda: lambda.to_vec(),
                mu: mu.to_vec(),
            })
        }
        // A zero cost cannot be unbounded.
        Solution::Infeasible | Solution::Unbounded => None,
    })
}

/// `true` when the closed shapes share a point (exact LP feasibility).
pub fn intersects(a: &[Vec<Rational>], b: &[Vec<Rational>]) -> Result<bool, OracleError> {
    Ok(common_point(a, b)?.is_some())
}

/// Separated, touching or penetrating (see the module docs for the
/// definitions).
pub fn relation(a: &[Vec<Rational>], b: &[Vec<Rational>]) -> Result<Relation, OracleError> {
    let dim = check_lp(a, b)?;
    // Maximise t (minimise −t) over λ' , μ', t ≥ 0 with λ = λ' + t, μ = μ' + t.
    let (m, rhs) = constraints(a, b, dim, true);
    let cols = a.len() + b.len() + 1;
    let mut c = vec![Rational::zero(); cols];
    c[cols - 1] = Rational::from_integer((-1).into());
    let t = match minimise(&Problem { m, b: rhs, c })? {
        Solution::Infeasible => return Ok(Relation::Separated),
        // t ≤ 1/|A| bounds the cost: this cannot happen.
        Solution::Unbounded => {
            return Err(OracleError::Internal {
                what: "the relative-interior LP is unbounded",
            })
        }
        Solution::Optimal { value, .. } => -value,
    };
    if t.is_zero() {
        return Ok(Relation::Touching);
    }
    // 0 ∈ relint(A − B); it is interior iff aff(A − B) is the whole space.
    let mut spans: Vec<Vec<Rational>> = a[1..].iter().map(|p| sub(p, &a[0])).collect();
    spans.extend(b[1..].iter().map(|q| sub(q, &b[0])));
    Ok(if linalg::rank(&spans) == dim {
        Relation::Penetrating
    } else {
        Relation::Touching
    })
}

/// `true` when the origin is interior to `A − B` (see the module docs).
pub fn penetrating(a: &[Vec<Rational>], b: &[Vec<Rational>]) -> Result<bool, OracleError> {
    Ok(relation(a, b)? == Relation::Penetrating)
}

/// `true` when the shapes intersect but do not penetrate.
pub fn touching(a: &[Vec<Rational>], b: &[Vec<Rational>]) -> Result<bool, OracleError> {
    Ok(relation(a, b)? == Relation::Touching)
}

/// `(max_A a·n, min_B b·n)`.
fn extents(
    a: &[Vec<Rational>],
    b: &[Vec<Rational>],
    axis: &[Rational],
) -> Result<(Rational, Rational), OracleError> {
    let dim = check_set(a, Which::A)?;
    for (which, set) in [(Which::A, a), (Which::B, b)] {
        let d = check_set(set, which)?;
        if d != axis.len() || d != dim {
            return Err(OracleError::MixedDimensions {
                which,
                expected: axis.len(),
                index: 0,
                found: d,
            });
        }
    }
    let max_a = a.iter().map(|p| dot(p, axis)).max();
    let min_b = b.iter().map(|q| dot(q, axis)).min();
    // Both sets are non-empty (checked above).
    Ok((max_a.unwrap_or_default(), min_b.unwrap_or_default()))
}

/// `true` when `axis` is non-zero and `max_A a·axis ≤ min_B b·axis`: the
/// hyperplane `x · axis = max_A a·axis` weakly separates the shapes (they may
/// touch on it). The axis points from `A` towards `B`.
pub fn separates(
    a: &[Vec<Rational>],
    b: &[Vec<Rational>],
    axis: &[Rational],
) -> Result<bool, OracleError> {
    let (max_a, min_b) = extents(a, b, axis)?;
    Ok(!axis.iter().all(Zero::is_zero) && max_a <= min_b)
}

/// `true` when `max_A a·axis < min_B b·axis`: the shapes are disjoint and the
/// axis proves it (a zero axis never does).
pub fn strictly_separates(
    a: &[Vec<Rational>],
    b: &[Vec<Rational>],
    axis: &[Rational],
) -> Result<bool, OracleError> {
    let (max_a, min_b) = extents(a, b, axis)?;
    Ok(max_a < min_b)
}

#[cfg(test)]
mod tests;
