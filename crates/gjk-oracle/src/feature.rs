//! The region oracle: for one simplex, the face whose relative interior holds
//! the point of the simplex closest to the origin.
//!
//! A simplex of `k` affinely independent vertices has `2^k − 1` faces (every
//! non-empty subset of its vertices), and their relative interiors partition
//! it. The closest point `v` lies in exactly one of them, `F`; on `F` it is the
//! projection of the origin onto `aff F` with all affine coordinates `> 0`.
//! Conversely a face whose projection has all coordinates `> 0` offers a point
//! of the simplex, at least as far as `v`. So the oracle projects on every
//! face and takes the nearest candidate; it is unique because `v` is.
//!
//! This is the Voronoi-region question of GJK's sub-algorithm (the origin is
//! in the Voronoi region of `F` iff `v ∈ relint F`) answered by brute force,
//! with none of the sign tests of [`gjk::classify`]. When the origin lies on
//! the simplex, `v` is the origin and `F` the smallest face containing it.
//!
//! It also reports, for a full-dimensional simplex (`k = N + 1`), on which
//! side of each facet's hyperplane the origin is (from the sign of its
//! barycentric coordinate), and, for a hyperplane simplex (`k = N`), on which
//! side of that hyperplane (the sign of `det(p₁ − p₀, …, p_{N−1} − p₀, −p₀)`,
//! which is `(AB × AC) · AO` for a triangle in 3D and `AB × AO` for a segment
//! in 2D).

use std::cmp::Ordering;

use num_traits::Zero;

use super::linalg::{det, dot, project_origin, solve, sub};
use super::{check_set, Candidate, OracleError, MAX_SIMPLEX_DIM};
use gjk::scalar::Rational;
use gjk::Which;

/// On which side of one facet's hyperplane the origin lies.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FacetSide {
    /// The facet, named by the index of the vertex it does not contain.
    pub opposite: usize,
    /// `Greater`: outside (the side away from the opposite vertex);
    /// `Equal`: on the hyperplane; `Less`: the same side as that vertex.
    pub side: Ordering,
}

/// What the region oracle says about one simplex.
#[derive(Clone, Debug, PartialEq)]
pub struct RegionAnswer {
    /// The vertices (indices, ascending) of the face whose relative interior
    /// holds the closest point.
    pub feature: Vec<usize>,
    /// The closest point of the simplex to the origin.
    pub closest: Vec<Rational>,
    /// `|closest|²`.
    pub dist2: Rational,
    /// Its barycentric coordinates over all vertices (zero off the feature,
    /// positive on it).
    pub barycentric: Vec<Rational>,
    /// `true` when the origin lies on the closed simplex (`dist2 == 0`).
    pub contains_origin: bool,
    /// For `k = N + 1` vertices, the origin's side of each facet; empty
    /// otherwise.
    pub facet_sides: Vec<FacetSide>,
    /// For `k = N` vertices, the sign of `det(p₁ − p₀, …, p_{N−1} − p₀, −p₀)`;
    /// `None` otherwise.
    pub plane_side: Option<Ordering>,
}

/// The region oracle for a simplex given by its vertices (in any order; the
/// answer's indices refer to that order).
///
/// Errors: bad point sets, more than `N + 1` vertices
/// ([`OracleError::TooManyVertices`]), affinely dependent vertices
/// ([`OracleError::AffinelyDependent`]), a dimension past
/// [`MAX_SIMPLEX_DIM`].
pub fn closest_feature(vertices: &[Vec<Rational>]) -> Result<RegionAnswer, OracleError> {
    let dim = check_set(vertices, Which::Query)?;
    if dim > MAX_SIMPLEX_DIM {
        return Err(OracleError::TooLarge {
            what: "the dimension of the simplex",
            size: dim as u128,
            limit: MAX_SIMPLEX_DIM as u128,
        });
    }
    let k = vertices.len();
    if k > dim + 1 {
        return Err(OracleError::TooManyVertices { count: k, dim });
    }
    let all: Vec<&Vec<Rational>> = vertices.iter().collect();
    if project_origin(&all).is_none() {
        return Err(OracleError::AffinelyDependent);
    }
    let mut best: Option<Candidate> = None;
    for mask in 1u32..(1u32 << k) {
        let face: Vec<usize> = (0..k).filter(|i| mask & (1 << i) != 0).collect();
        let pts: Vec<&Vec<Rational>> = face.iter().map(|&i| &vertices[i]).collect();
        // Sub-faces of an independent set are independent.
        let Some((v, lambda)) = project_origin(&pts) else {
            continue;
        };
        if lambda.iter().any(|l| *l <= Rational::zero()) {
            continue;
        }
        let d2 = dot(&v, &v);
        if best.as_ref().is_none_or(|b| d2 < b.dist2) {
            best = Some(Candidate {
                dist2: d2,
                point: v,
                indices: face,
                weights: lambda,
            });
        }
    }
    // The closest point is in the relative interior of some face.
    let Some(Candidate {
        dist2,
        point: closest,
        indices: feature,
        weights: lambda,
    }) = best
    else {
        return Err(OracleError::AffinelyDependent);
    };
    let mut barycentric = vec![Rational::zero(); k];
    for (&i, l) in feature.iter().zip(lambda) {
        barycentric[i] = l;
    }
    let mut facet_sides = Vec::new();
    if k == dim + 1 {
        // Barycentric coordinates β of the origin: Σβᵢpᵢ = 0, Σβᵢ = 1.
        let mut rows: Vec<Vec<Rational>> = (0..dim)
            .map(|c| vertices.iter().map(|p| p[c].clone()).collect())
            .collect();
        rows.push(vec![Rational::from_integer(1.into()); k]);
        let mut rhs = vec![Rational::zero(); dim];
        rhs.push(Rational::from_integer(1.into()));
        if let Some(beta) = solve(&rows, &rhs) {
            for (opposite, b) in beta.iter().enumerate() {
                facet_sides.push(FacetSide {
                    opposite,
                    // β < 0: beyond the facet, away from the opposite vertex.
                    side: Rational::zero().cmp(b),
                });
            }
        }
    }
    let plane_side = (k == dim).then(|| {
        let p0 = &vertices[0];
        let mut rows: Vec<Vec<Rational>> = vertices[1..].iter().map(|p| sub(p, p0)).collect();
        rows.push(p0.iter().map(|x| -x.clone()).collect());
        det(&rows).cmp(&Rational::zero())
    });
    Ok(RegionAnswer {
        contains_origin: dist2.is_zero(),
        feature,
        closest,
        dist2,
        barycentric,
        facet_sides,
        plane_side,
    })
}
