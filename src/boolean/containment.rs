//! Float mode: containment is checked.
//!
//! In float mode the classifier takes a sign test below its rounding noise
//! as zero ([`crate::classify`]), which may place the origin on a feature it
//! is not on. So before the loop reports `Intersecting`, the claim is
//! proved by filtered determinant signs, or the closest point of the closed
//! simplex is recomputed by the distance sub-algorithm (proven safe in
//! float mode) and must be within the distance loop's "intersecting" band,
//! [`ABS_TOL_FACTOR`](crate::tolerance::ABS_TOL_FACTOR)` · u · scale`.
//! Otherwise the loop goes on from the face holding the closest point,
//! reclassified; with no search direction there either, the query ends with
//! [`crate::NoVerdict::Degenerate`]. A trace shows the classifier's region
//! for that step, with the face and direction the check chose.

use crate::distance::contains::strictly_inside;
use crate::distance::subalgorithm::{closest_point_fixed, Face};
use crate::error::Error;
use crate::scalar::Scalar;
use crate::simplex::Vertex;
use crate::tolerance::{containment_band, normalized_f64};

/// `Some(face)` when the closed simplex of the points `w` of `vertices`
/// (newest first) is farther from the origin than the band (`scale` their
/// largest norm), `face` the vertices holding its closest point; `None` in
/// exact mode, and for a full simplex whose exact points `aᵢ − bᵢ` hold the
/// origin strictly by the signs of their determinants `cᵢ`, filtered
/// ([`strictly_inside`]). The sub-algorithm runs in `f64` on the points scaled
/// by a power of two: exact conversions, no overflow or underflow, and for
/// `f32` input 29 more bits. No allocation (`tests/allocations.rs`).
pub(super) fn refuted<'a, T: Scalar + 'a, const N: usize>(
    vertices: impl Iterator<Item = &'a Vertex<T, N>> + Clone,
) -> Result<Option<Face>, Error> {
    if T::EXACT || strictly_inside(vertices.clone()) {
        return Ok(None);
    }
    // The check fails closed: a failure of its own is an error, never
    // "the containment stands".
    let (pts, scale) = normalized_f64(vertices.map(|v| &v.w))?;
    let closest = closest_point_fixed(&pts)?;
    let tol = containment_band::<T>(scale);
    Ok((closest.dist2.sqrt() > tol).then_some(closest.kept))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::distance::contains::{decided, exact_c, filtered_c};
    use crate::scalar::Scalar;
    use crate::simplex::Simplex;
    use crate::test_util::Lcg;
    use crate::vector::Vector;

    /// The filtered signs accept only a simplex whose exact points hold the
    /// origin strictly (every exact `cᵢ` non-zero, one sign). Random
    /// simplices about the origin, some flattened to 10⁻⁶ and 10⁻¹², in 2D
    /// and 3D; the filter must decide most of the well-shaped ones. (Some it
    /// accepts, the sub-algorithm's check alone refuted: flat simplices whose
    /// `f64` Gram solve misses the origin by more than the band.)
    fn accepts_only_strict_containment<const N: usize>() {
        let mut rng = Lcg(N as u64 * 7919);
        let (mut accepted, mut inside) = (0, 0);
        for k in 0..3000 {
            let flat = [1.0, 1e-6, 1e-12][k % 3];
            let vs: Vec<Vertex<f64, N>> = (0..=N)
                .map(|_| {
                    let mut p = rng.in_ball::<N>();
                    p[N - 1] *= flat;
                    Vertex {
                        w: p,
                        a: p,
                        b: Vector::zeros(),
                        dir: Vector::zeros(),
                        index_a: None,
                        index_b: None,
                    }
                })
                .collect();
            let simplex = Simplex::from_vertices(vs.iter().cloned()).unwrap();
            let c = exact_c(&simplex).unwrap();
            let strict = c
                .iter()
                .all(|x| x.signum_i8() == c[0].signum_i8() && x.signum_i8() != 0);
            inside += usize::from(strict && flat == 1.0);
            let c0 = decided(filtered_c(vs.iter(), 0));
            if c0.is_some() && (1..=N).all(|i| decided(filtered_c(vs.iter(), i)) == c0) {
                accepted += 1;
                assert!(strict, "{N}D, flat {flat}: {vs:?}");
                assert!(refuted(vs.iter()).unwrap().is_none());
            }
        }
        assert!(
            accepted >= inside && inside > 50,
            "{N}D: {accepted} accepted, {inside} well-shaped inside"
        );
    }

    #[test]
    fn filtered_signs_accept_only_strict_containment() {
        accepts_only_strict_containment::<2>();
        accepts_only_strict_containment::<3>();
    }
}
