//! Float mode: containment is checked.
//!
//! In float mode the classifier takes a sign test below its rounding noise
//! as zero ([`crate::classify`]), which may place the origin on a feature it
//! is not on. So before the loop reports `Intersecting`, the closest point of
//! the closed simplex is recomputed by the distance sub-algorithm
//! ([`crate::distance::closest_point`], proven safe in float mode), and the
//! claim stands only if that point is within the distance loop's own
//! "intersecting" band, `ABS_TOL_FACTOR · u · scale`
//! ([`crate::tolerance::ABS_TOL_FACTOR`]). Otherwise the loop goes on from
//! the face holding the closest point, reclassified; with no search
//! direction there either, the query ends with
//! [`crate::NoVerdict::Degenerate`]. A trace shows the classifier's region
//! for that step, with the face and direction the check chose.

use crate::distance::subalgorithm::{closest_point_fixed, Face};
use crate::error::Error;
use crate::scalar::Scalar;
use crate::tolerance::{containment_band, normalized_f64};
use crate::vector::Vector;

/// `Some(face)` when the closed simplex of `points` (newest first) is
/// farther from the origin than the band (`scale` the largest norm of its
/// points), with `face` the vertices that hold its closest point; always
/// `None` in exact mode.
///
/// The sub-algorithm runs in `f64` on the points scaled by a power of two
/// ([`crate::vector::normalized`]): exact conversions, no overflow or
/// underflow, and for `f32` input 29 more bits than the classifier had. The
/// points and the face are on the stack ([`Points`], [`Face`]): no heap
/// allocation (`tests/allocations.rs`).
pub(super) fn refuted<'a, T: Scalar + 'a, const N: usize>(
    points: impl Iterator<Item = &'a Vector<T, N>>,
) -> Result<Option<Face>, Error> {
    if T::EXACT {
        return Ok(None);
    }
    // The check fails closed: a failure of its own is an error, never
    // "the containment stands".
    let (pts, scale) = normalized_f64(points)?;
    let closest = closest_point_fixed(&pts)?;
    let tol = containment_band::<T>(scale);
    Ok((closest.dist2.sqrt() > tol).then_some(closest.kept))
}
