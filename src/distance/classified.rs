//! The literate core of the distance sub-algorithm for `N = 2, 3`
//! ([`SubAlgorithm::Classify`](super::SubAlgorithm::Classify)).
//!
//! In 2D and 3D the spec's region classifier ([`crate::classify::classify`])
//! names the kept feature by sign tests; [`closest_point_classified`] then
//! solves the Gram system on that feature only. The two must agree on every
//! non-degenerate simplex (same kept set, same `v`); `tests/distance.rs`
//! checks it exactly on thousands of small-integer simplices, ties included.

use crate::classify::classify;
use crate::error::Error;
use crate::region::RegionKind;
use crate::scalar::Field;
use crate::simplex::Simplex;
use crate::vector::{dot, normalized_points, Points, Vector};

use super::subalgorithm::{
    check_points, closest_point_fixed, combine, project_face_fixed, ClosestFixed, Face, Lambda,
};
use super::Closest;

/// [`closest_point`](super::closest_point) for `N = 2, 3`, with the kept feature chosen by the
/// spec's region classifier ([`classify`]) and `v` computed exactly on it.
///
/// * **Search regions**: the classifier's kept vertices (sorted: its 3D
///   winding swap only reorders them) are projected on; their coordinates
///   are all positive (exact mode).
/// * **Containing regions** (the origin is in the closed simplex): `v = O`,
///   and the kept face is the support of the origin's barycentric
///   coordinates, i.e. the smallest face containing it (an edge when the
///   origin lies on an edge, and so on).
/// * **Degenerate regions**, and in float mode any classification whose
///   projection is singular or has a non-positive coordinate: the answer of
///   [`closest_point`](super::closest_point), with [`Closest::fallback`] set.
///
/// A single point is accepted in any dimension; larger simplices need
/// `N = 2` or `3` ([`Error::UnsupportedDimension`] otherwise).
pub fn closest_point_classified<T: Field, const N: usize>(
    simplex: &Simplex<T, N>,
) -> Result<Closest<T, N>, Error> {
    closest_point_classified_fixed(simplex).map(Closest::from)
}

/// [`closest_point_classified`] without allocating.
pub(crate) fn closest_point_classified_fixed<T: Field, const N: usize>(
    simplex: &Simplex<T, N>,
) -> Result<ClosestFixed<T, N>, Error> {
    let points: Points<T, N> = simplex.points().cloned().collect();
    check_points(&points)?;
    let c = classify(simplex)?;
    let generic = |points: &[Vector<T, N>]| {
        closest_point_fixed(points).map(|mut r| {
            r.fallback = true;
            r
        })
    };
    let mut face: Face = match c.region.kind() {
        RegionKind::Degenerate => return generic(&points),
        RegionKind::Search => c.kept.iter().collect(),
        RegionKind::Contains => (0..points.len()).collect(),
    };
    face.sort_unstable();
    let Some(scaled) = normalized_points(points.iter()) else {
        return generic(&points);
    };
    let zero = T::zero();
    let Some(lambda) = project_face_fixed(&scaled, &face) else {
        return generic(&points);
    };
    let (kept, lambda): (Face, Lambda<T>) = match c.region.kind() {
        RegionKind::Search => {
            if !lambda.iter().all(|l| *l > zero) {
                return generic(&points);
            }
            (face, lambda)
        }
        _ => {
            if lambda.iter().any(|l| *l < zero) {
                return generic(&points);
            }
            face.into_iter()
                .zip(lambda)
                .filter(|(_, l)| *l > zero)
                .unzip()
        }
    };
    let v = combine(&points, &kept, &lambda);
    let dist2 = dot(&v, &v);
    Ok(ClosestFixed {
        kept,
        lambda,
        v,
        dist2,
        fallback: false,
    })
}
