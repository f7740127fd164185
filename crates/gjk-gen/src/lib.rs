//! Generators of hard shape pairs, with their exact answers (cargo feature
//! `generators`, on by default).
//!
//! Every pair is built by **one deterministic construction** per
//! [`Family`] from a small parameter struct, [`Params`]; the `proptest`
//! strategies (module `strategy`, feature `proptest`), the `arbitrary` impls
//! (feature `arbitrary`) and `gjk gen` all call the same [`build`]. A pair
//! carries its family and, where the family fixes it, the expected relation
//! (separated / touching / penetrating), the squared distance and a weakly
//! separating normal; [`Pair::answer`] computes the exact answers with the
//! oracle and checks the construction's claims against them.
//!
//! # Exact inputs
//!
//! Every coordinate is an integer *mantissa* times a common power of two,
//! `m · 2^exp` ([`Pair::exp`]). Mantissas stay below `2^24` in magnitude
//! when [`Params::gap_bits`] is `0` (below `2^48` otherwise) and `|exp|` is
//! at most [`MAX_SCALE_EXP`]` + `[`MAX_GAP_BITS`], so every coordinate is
//! **exactly** an `f64` (and an `f32` when the mantissas are below `2^24`:
//! [`Pair::exact_in_f32`]): the exact answer of the rational input is the
//! truth for the float input too.
//!
//! # The contact construction
//!
//! The touching families are built in a canonical frame where the contact
//! plane is `H = {x : x_{N−1} = 0}` (the last coordinate is "vertical"):
//!
//! 1. a contact point `p ∈ H`, and a *feature* of each shape through `p`,
//!    lying in `H` and holding `p` in its relative interior: a vertex `{p}`,
//!    an edge `[p − s·v, p + t·v]`, or a facet (an `(N−1)`-simplex
//!    `p + kᵢ uᵢ` with `Σ (1/kᵢ) kᵢ uᵢ = 0`, or a box `p + Σ ±hᵢ eᵢ`);
//! 2. optionally a *body* below `H` for the lower shape (an apex-down simplex
//!    `p − K e_{N−1} + r uᵢ` and random points with a negative last
//!    coordinate) and one above `H` for the upper shape;
//! 3. a random integer affine map `x ↦ M x + t` with `det M = ±1` (the
//!    identity, a signed permutation of the axes, or that times a few
//!    shears), so both the map and its inverse have integer entries.
//!
//! The lower shape lies in `x · n ≤ c` and the upper in `x · n ≥ c`, with
//! `n = M⁻ᵀ e_{N−1}` (an integer vector), and both contain `M p + t`: they
//! **touch** (intersect, and a plane separates them weakly, so the origin is
//! on the boundary of `A − B`). Two offsets turn this into near-touching
//! pairs:
//!
//! * **gap** `g`: the upper shape moves by `g · n`. Every pair of points has
//!   `(b − a) · n ≥ g |n|²`, and the two copies of `p` are `g |n|` apart, so
//!   the squared distance is exactly `g² |n|²` (times `4^exp`);
//! * **depth** `d`: the upper shape moves by `−d · M e_{N−1}` (into the lower
//!   one). Its copy of `p` lands on `M (p − d e_{N−1}) + t`, and
//!   `p − d e_{N−1} = (1 − d/K) p + (d/K) · centroid(p − K e_{N−1} + r uᵢ)` is
//!   interior to the lower body for `0 < d < K`: the shapes **penetrate**.
//!
//! # Families
//!
//! See [`Family`]; `gjk gen --family list` prints them with their smallest
//! dimension.
//!
//! # Example
//!
//! ```
//! use gjk_gen::{build, Family, Params};
//! use gjk_oracle::Relation;
//!
//! // A vertex of one 3D shape resting on a facet of another, at 2^30 scale.
//! let params = Params { scale_exp: 30, ..Params::new(Family::VertexFace, 3, 7) };
//! let pair = build(&params)?;
//! assert_eq!(pair.expected.relation, Some(Relation::Touching));
//!
//! // The exact answers, checked against the construction's claims.
//! let answer = pair.answer()?;
//! assert_eq!(answer.relation, Relation::Touching);
//!
//! // The same points in f64 (exact: every coordinate is a double).
//! let (a, b) = pair.vectors::<f64, 3>()?;
//! let a = gjk::shape::ConvexHull::new(a)?;
//! let b = gjk::shape::ConvexHull::new(b)?;
//! let _ = gjk::boolean::gjk(&a, &b, &Default::default())?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod answer;
mod case_file;
mod construct;
mod rng;

#[cfg(feature = "arbitrary")]
pub mod arbitrary_impls;
#[cfg(feature = "proptest")]
pub mod strategy;

use std::fmt;

use num_bigint::BigInt;

use gjk::scalar::{FromRational, Rational};
use gjk::vector::Vector;
use gjk_oracle::Relation;

pub use answer::{
    certified_distance, exact_answer, Answer, AnswerError, DistanceSource, MAX_DEPTH_DIM,
};
pub use case_file::{case_params, cases, FamilyChoice};

/// The largest dimension the generators build (coordinates stay below
/// `2^24`; see the module docs).
pub const MAX_DIM: usize = 8;
/// The largest [`Params::spread`]: base coordinates within `±2^spread`.
pub const MAX_SPREAD: u32 = 10;
/// The most extra random points per shape ([`Params::extra`]).
pub const MAX_EXTRA: usize = 6;
/// The largest `|`[`Params::scale_exp`]`|`.
pub const MAX_SCALE_EXP: i32 = 64;
/// The largest [`Params::gap_bits`]: gaps and depths down to `2^-24`.
pub const MAX_GAP_BITS: u32 = 24;

/// A family of shape pairs. "Face" means a facet (an `(N−1)`-dimensional
/// face); in 2D a facet is an edge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Family {
    /// Random integer points for both shapes, the second set moved by a
    /// random offset: separated or penetrating, rarely anything else.
    GeneralPosition,
    /// Touching at one vertex of each shape.
    VertexVertex,
    /// A vertex of one shape inside an edge of the other (`N ≥ 2`).
    VertexEdge,
    /// Two edges crossing at one point inside both (`N ≥ 3`).
    EdgeEdgeCrossing,
    /// Two collinear edges overlapping in a segment (`N ≥ 2`).
    EdgeEdgeCollinear,
    /// A vertex inside a facet (`N ≥ 2`).
    VertexFace,
    /// An edge crossing the inside of a facet (`N ≥ 3`).
    EdgeFace,
    /// Two facets overlapping (`N ≥ 2`).
    FaceFace,
    /// A touching configuration (any of the above) pulled apart by
    /// [`Params::gap`]: separated, with the exact distance known.
    NearGap,
    /// A touching configuration pushed together by [`Params::gap`]:
    /// penetrating by a small depth.
    NearDepth,
    /// Another family's pair with some points repeated exactly.
    Duplicates,
    /// Collinear, coplanar or otherwise flat shapes (each in an affine
    /// subspace of lower dimension), often in the same subspace (`N ≥ 2`).
    Flat,
    /// A single point against a polytope: inside, on a vertex, edge or facet,
    /// or just outside.
    PointPolytope,
    /// One shape strictly inside the other.
    Containment,
    /// The same point set twice (in another order); flat sets touch, solid
    /// ones penetrate.
    Identical,
}

impl Family {
    /// Every family, in a fixed order.
    pub const ALL: [Family; 15] = [
        Family::GeneralPosition,
        Family::VertexVertex,
        Family::VertexEdge,
        Family::EdgeEdgeCrossing,
        Family::EdgeEdgeCollinear,
        Family::VertexFace,
        Family::EdgeFace,
        Family::FaceFace,
        Family::NearGap,
        Family::NearDepth,
        Family::Duplicates,
        Family::Flat,
        Family::PointPolytope,
        Family::Containment,
        Family::Identical,
    ];

    /// The family's name in case files and on the command line
    /// (`vertex-face`, …).
    pub fn name(self) -> &'static str {
        match self {
            Family::GeneralPosition => "general",
            Family::VertexVertex => "vertex-vertex",
            Family::VertexEdge => "vertex-edge",
            Family::EdgeEdgeCrossing => "edge-edge-crossing",
            Family::EdgeEdgeCollinear => "edge-edge-collinear",
            Family::VertexFace => "vertex-face",
            Family::EdgeFace => "edge-face",
            Family::FaceFace => "face-face",
            Family::NearGap => "near-gap",
            Family::NearDepth => "near-depth",
            Family::Duplicates => "duplicates",
            Family::Flat => "flat",
            Family::PointPolytope => "point-polytope",
            Family::Containment => "containment",
            Family::Identical => "identical",
        }
    }

    /// The family named `name` (see [`Family::name`]).
    pub fn from_name(name: &str) -> Option<Family> {
        Family::ALL.into_iter().find(|f| f.name() == name)
    }

    /// The smallest dimension the family exists in.
    pub fn min_dim(self) -> usize {
        match self {
            Family::EdgeEdgeCrossing | Family::EdgeFace => 3,
            Family::VertexEdge
            | Family::EdgeEdgeCollinear
            | Family::VertexFace
            | Family::FaceFace
            | Family::Flat => 2,
            _ => 1,
        }
    }

    /// `true` if the family can be built in dimension `dim`.
    pub fn supports(self, dim: usize) -> bool {
        (self.min_dim()..=MAX_DIM).contains(&dim)
    }

    /// The families that exist in dimension `dim`, in [`Family::ALL`] order.
    pub fn supported(dim: usize) -> Vec<Family> {
        Family::ALL
            .into_iter()
            .filter(|f| f.supports(dim))
            .collect()
    }

    /// One line about the family (for `gjk gen --family list`).
    pub fn description(self) -> &'static str {
        match self {
            Family::GeneralPosition => "random integer points, the second set moved at random",
            Family::VertexVertex => "touching at a vertex of each shape",
            Family::VertexEdge => "a vertex touching the inside of an edge",
            Family::EdgeEdgeCrossing => "two edges crossing at one point",
            Family::EdgeEdgeCollinear => "two collinear edges overlapping",
            Family::VertexFace => "a vertex touching the inside of a facet",
            Family::EdgeFace => "an edge lying across a facet",
            Family::FaceFace => "two facets overlapping",
            Family::NearGap => "a touching pair pulled apart by a small exact gap",
            Family::NearDepth => "a touching pair pushed together by a small depth",
            Family::Duplicates => "another family's pair with repeated points",
            Family::Flat => "collinear / coplanar (flat) shapes, often in one subspace",
            Family::PointPolytope => "a point inside, on or just outside a polytope",
            Family::Containment => "one shape strictly inside the other",
            Family::Identical => "the same point set twice",
        }
    }
}

impl fmt::Display for Family {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What to build. [`Params::new`] gives the defaults; every field can be
/// set (see the limits on each).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Params {
    /// The family.
    pub family: Family,
    /// The dimension, `family.min_dim()..=`[`MAX_DIM`].
    pub dim: usize,
    /// Every random choice of the construction comes from this seed.
    pub seed: u64,
    /// Coordinates are multiplied by `2^scale_exp`; `|scale_exp| ≤`
    /// [`MAX_SCALE_EXP`] (`30` and `-30` are the classic huge and tiny
    /// scales).
    pub scale_exp: i32,
    /// Base coordinates lie within `±2^spread` before the affine map,
    /// `1..=`[`MAX_SPREAD`].
    pub spread: u32,
    /// Extra random points per shape body, `0..=`[`MAX_EXTRA`].
    pub extra: usize,
    /// The near families' gap or depth is `gap · 2^-gap_bits` (in the units
    /// of the module docs), `1..=2^spread`.
    pub gap: i64,
    /// See [`Params::gap`]; `0..=`[`MAX_GAP_BITS`].
    pub gap_bits: u32,
}

impl Params {
    /// The defaults for a family, dimension and seed: scale `1`, spread
    /// `2^6`, two extra points, gap `1`.
    pub fn new(family: Family, dim: usize, seed: u64) -> Params {
        Params {
            family,
            dim,
            seed,
            scale_exp: 0,
            spread: 6,
            extra: 2,
            gap: 1,
            gap_bits: 0,
        }
    }

    /// Parameters drawn from one seed (what `gjk gen` uses): the spread, the
    /// number of extra points and the gap vary with the seed; the family,
    /// dimension and scale are given.
    pub fn from_seed(family: Family, dim: usize, seed: u64, scale_exp: i32) -> Params {
        let mut r = rng::Rng::new(seed ^ 0x6a09_e667_f3bc_c908);
        let spread = r.int(2, MAX_SPREAD as i64) as u32;
        let extra = r.int(0, 4) as usize;
        let gap = if r.chance(1, 2) {
            1
        } else {
            r.int(1, 1 << spread)
        };
        let gap_bits = *r.pick(&[0, 0, 0, 4, 12, 20]);
        Params {
            family,
            dim,
            seed,
            scale_exp,
            spread,
            extra,
            gap,
            gap_bits,
        }
    }

    /// Checks every field against its limits.
    pub fn validate(&self) -> Result<(), GenError> {
        let bad = |what: String| Err(GenError::InvalidParams { what });
        if !self.family.supports(self.dim) {
            return bad(format!(
                "family {} needs a dimension in {}..={MAX_DIM}, got {}",
                self.family,
                self.family.min_dim(),
                self.dim
            ));
        }
        if self.scale_exp.abs() > MAX_SCALE_EXP {
            return bad(format!(
                "scale exponent {} is beyond ±{MAX_SCALE_EXP}",
                self.scale_exp
            ));
        }
        if !(1..=MAX_SPREAD).contains(&self.spread) {
            return bad(format!("spread {} is not in 1..={MAX_SPREAD}", self.spread));
        }
        if self.extra > MAX_EXTRA {
            return bad(format!(
                "{} extra points is more than {MAX_EXTRA}",
                self.extra
            ));
        }
        if !(1..=1i64 << self.spread).contains(&self.gap) {
            return bad(format!(
                "gap {} is not in 1..=2^spread = {}",
                self.gap,
                1i64 << self.spread
            ));
        }
        if self.gap_bits > MAX_GAP_BITS {
            return bad(format!(
                "gap bits {} is more than {MAX_GAP_BITS}",
                self.gap_bits
            ));
        }
        Ok(())
    }
}

/// What the construction of a pair guarantees (checked by
/// [`Pair::answer`] against the oracle).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Expected {
    /// The relation, when the family fixes it.
    pub relation: Option<Relation>,
    /// The exact squared distance, when the family fixes it (the gap
    /// families).
    pub dist2: Option<Rational>,
    /// For touching and gap pairs: an integer normal `n` from `A` to `B` with
    /// `max_A a·n ≤ min_B b·n` (the contact plane's normal).
    pub normal: Option<Vec<i64>>,
}

/// A generated pair: the points of `A` and `B` are `mantissa · 2^exp`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pair {
    /// What it was built from.
    pub params: Params,
    /// The integer mantissas of `A`'s points (each of `params.dim` entries).
    pub a: Vec<Vec<i64>>,
    /// The integer mantissas of `B`'s points.
    pub b: Vec<Vec<i64>>,
    /// The common binary exponent.
    pub exp: i32,
    /// What the construction guarantees.
    pub expected: Expected,
}

/// Why a pair could not be built or answered.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum GenError {
    /// A parameter is out of its range.
    InvalidParams {
        /// What, in words.
        what: String,
    },
    /// A pair was asked for in another dimension than it has.
    DimensionMismatch {
        /// The dimension asked for.
        expected: usize,
        /// The pair's.
        found: usize,
    },
    /// The exact answer could not be computed or contradicts the
    /// construction (a bug: please report the parameters).
    Answer(AnswerError),
}

impl fmt::Display for GenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GenError::InvalidParams { what } => write!(f, "generator: {what}"),
            GenError::DimensionMismatch { expected, found } => write!(
                f,
                "generator: a {found}-dimensional pair asked for in {expected} dimensions"
            ),
            GenError::Answer(e) => write!(f, "generator: {e}"),
        }
    }
}

impl std::error::Error for GenError {}

impl From<AnswerError> for GenError {
    fn from(e: AnswerError) -> Self {
        GenError::Answer(e)
    }
}

/// Builds the pair that `params` describe (deterministic: the same
/// parameters always give the same pair).
pub fn build(params: &Params) -> Result<Pair, GenError> {
    params.validate()?;
    Ok(construct::build(params))
}

/// `m · 2^exp` exactly.
fn dyadic(m: i64, exp: i32) -> Rational {
    let m = BigInt::from(m);
    let e = exp.unsigned_abs() as usize;
    if exp >= 0 {
        Rational::from_integer(m << e)
    } else {
        Rational::new(m, BigInt::from(1) << e)
    }
}

/// Rows of mantissas `m` as exact rows `m · 2^exp`.
pub fn exact_rows(set: &[Vec<i64>], exp: i32) -> Vec<Vec<Rational>> {
    set.iter()
        .map(|p| p.iter().map(|&m| dyadic(m, exp)).collect())
        .collect()
}

/// Rows of `N` mantissas as vectors of `T` (each `m · 2^exp` rounded once).
pub fn vectors_of<T: FromRational, const N: usize>(
    set: &[Vec<i64>],
    exp: i32,
) -> Vec<Vector<T, N>> {
    set.iter()
        .map(|p| Vector::<T, N>::from_fn(|i, _| T::from_rational(&dyadic(p[i], exp))))
        .collect()
}

impl Pair {
    /// The dimension.
    pub fn dim(&self) -> usize {
        self.params.dim
    }

    /// The exact coordinates of `A` and `B` as rows of rationals (the
    /// oracle's input).
    #[allow(clippy::type_complexity)] // a pair of point lists, spelled out
    pub fn rows(&self) -> (Vec<Vec<Rational>>, Vec<Vec<Rational>>) {
        (exact_rows(&self.a, self.exp), exact_rows(&self.b, self.exp))
    }

    /// The points as vectors of `T` in `N` dimensions (rounded to nearest
    /// for floats, which is exact for `f64`, and for `f32` when
    /// [`Pair::exact_in_f32`]).
    #[allow(clippy::type_complexity)] // a pair of point lists, spelled out
    pub fn vectors<T: FromRational, const N: usize>(
        &self,
    ) -> Result<(Vec<Vector<T, N>>, Vec<Vector<T, N>>), GenError> {
        if self.dim() != N {
            return Err(GenError::DimensionMismatch {
                expected: N,
                found: self.dim(),
            });
        }
        Ok((vectors_of(&self.a, self.exp), vectors_of(&self.b, self.exp)))
    }

    /// `true` when every coordinate is exactly an `f32` (mantissas below
    /// `2^24`; the exponent is always within `f32`'s range).
    pub fn exact_in_f32(&self) -> bool {
        self.a
            .iter()
            .chain(&self.b)
            .flatten()
            .all(|m| m.unsigned_abs() < 1 << 24)
    }

    /// The exact answers ([`exact_answer`]), checked against
    /// [`Pair::expected`]: a disagreement is [`AnswerError::Contradiction`].
    pub fn answer(&self) -> Result<Answer, AnswerError> {
        let (a, b) = self.rows();
        let answer = exact_answer(&a, &b)?;
        let e = &self.expected;
        let contradiction = |what: String| {
            Err(AnswerError::Contradiction {
                what,
                params: format!("{:?}", self.params),
            })
        };
        if let Some(r) = e.relation {
            if r != answer.relation {
                return contradiction(format!(
                    "constructed as {r:?}, the oracle says {:?}",
                    answer.relation
                ));
            }
        }
        if let Some(d) = &e.dist2 {
            if *d != answer.dist2 {
                return contradiction(format!(
                    "constructed at squared distance {d}, the exact answer is {}",
                    answer.dist2
                ));
            }
        }
        if let Some(n) = &e.normal {
            let n: Vec<Rational> = n.iter().map(|&x| dyadic(x, 0)).collect();
            if !gjk_oracle::separates(&a, &b, &n).unwrap_or(false) {
                return contradiction(format!("the normal {n:?} does not separate weakly"));
            }
        }
        Ok(answer)
    }
}
