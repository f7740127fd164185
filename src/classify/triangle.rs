//! The 3D triangle (`3D-TRI-*`, seeds 000–003); its Gram determinant is
//! shared with the 2D triangle (`classify/plane.rs`).

use super::*;

/// `|AB|²|AC|² − (AB·AC)²`: the Gram determinant, zero iff collinear.
#[inline]
pub(super) fn tri_gram<T: Scalar, const N: usize>(p: &[Vector<T, N>]) -> T {
    let ab = &p[1] - &p[0];
    let ac = &p[2] - &p[0];
    let (ab2, ac2, abac) = (dot(&ab, &ab), dot(&ac, &ac), dot(&ab, &ac));
    ab2 * ac2 - abac.clone() * abac
}

/// 3D triangle `ABC` (seeds 000–003).
pub(super) fn classify_tri3<T: Scalar, const N: usize>(p: &[Vector<T, N>]) -> Classification<T, N> {
    use Tri3Region::*;
    let zero = T::zero();
    if tri_gram(p) <= zero {
        return stop(Region::Tri3(Degenerate), 3);
    }
    let n = face_normal(p, 0, 1, 2);
    let raw_height = dot(&n, &(-&p[0]));
    let height = if is_noise(&raw_height, max_coordinate(p)) {
        T::zero()
    } else {
        raw_height.clone()
    };
    let (s_ab, s_ac, s_bc) = (s(p, 0, 1, 2), s(p, 0, 2, 1), s(p, 1, 2, 0));
    // ON: in the plane (up to noise) and in the closed triangle.
    if height.is_zero() && s_ab <= zero && s_ac <= zero && s_bc <= zero {
        return stop(Region::Tri3(On), 3);
    }
    // ABOVE / BELOW: the projection strictly inside the face (`wound`'s
    // rule: swap B and C when the origin is strictly below `AB × AC`).
    if !height.is_zero() && s_ab < zero && s_ac < zero && s_bc < zero {
        return if raw_height < zero {
            found(Region::Tri3(Below), &[0, 2, 1], -n)
        } else {
            found(Region::Tri3(Above), &[0, 1, 2], n)
        };
    }
    let (t_ab, t_ac) = (t(p, 0, 1), t(p, 0, 2));
    if t_ab <= zero && t_ac <= zero {
        return found(Region::Tri3(A), &[0], -&p[0]);
    }
    let (t_ba, t_bc) = (t(p, 1, 0), t(p, 1, 2));
    if t_ba <= zero && t_bc <= zero {
        return found(Region::Tri3(B), &[1], -&p[1]);
    }
    let (t_ca, t_cb) = (t(p, 2, 0), t(p, 2, 1));
    if t_ca <= zero && t_cb <= zero {
        return found(Region::Tri3(C), &[2], -&p[2]);
    }
    if t_ab > zero && t_ba > zero && s_ab >= zero {
        return edge_or_contained(Region::Tri3(AB), Region::Tri3(On), p, 0, 1);
    }
    if t_ac > zero && t_ca > zero && s_ac >= zero {
        return edge_or_contained(Region::Tri3(AC), Region::Tri3(On), p, 0, 2);
    }
    if t_bc > zero && t_cb > zero && s_bc >= zero {
        return edge_or_contained(Region::Tri3(BC), Region::Tri3(On), p, 1, 2);
    }
    stop(Region::Tri3(Degenerate), 3)
}
