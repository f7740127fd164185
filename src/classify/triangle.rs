//! The triangle: in 2D (`2D-TRI-*`, seed 004's regions) and in 3D
//! (`3D-TRI-*`, seeds 000–003).

use super::*;

/// `|AB|²|AC|² − (AB·AC)²`: the Gram determinant, zero iff collinear.
#[inline]
pub(super) fn tri_gram<T: Scalar, const N: usize>(p: &[Vector<T, N>]) -> T {
    let ab = &p[1] - &p[0];
    let ac = &p[2] - &p[0];
    let (ab2, ac2, abac) = (dot(&ab, &ab), dot(&ac, &ac), dot(&ab, &ac));
    ab2 * ac2 - abac.clone() * abac
}

/// The origin's projection on the plane of the triangle is in the closed
/// triangle: no in-plane edge test is positive.
pub(super) fn in_closed_tri<T: Scalar, const N: usize>(p: &[Vector<T, N>]) -> bool {
    let zero = T::zero();
    beyond_edge(p, 0, 1, 2) <= zero
        && beyond_edge(p, 0, 2, 1) <= zero
        && beyond_edge(p, 1, 2, 0) <= zero
}

pub(super) fn classify_tri2<T: Scalar, const N: usize>(p: &[Vector<T, N>]) -> Classification<T, N> {
    use Tri2Region::*;
    if tri_gram(p) <= T::zero() {
        return stop(Region::Tri2(Degenerate), 3);
    }
    if in_closed_tri(p) {
        return stop(Region::Tri2(R7), 3);
    }
    match low_feature(p) {
        Some(Low::Vertex(0)) => found(Region::Tri2(R5), &[0], -&p[0]),
        Some(Low::Vertex(1)) => found(Region::Tri2(R3), &[1], -&p[1]),
        Some(Low::Vertex(_)) => found(Region::Tri2(R1), &[2], -&p[2]),
        Some(Low::Edge(0, 1)) => edge_or_contained(Region::Tri2(R4), Region::Tri2(R7), p, 0, 1),
        Some(Low::Edge(0, _)) => edge_or_contained(Region::Tri2(R6), Region::Tri2(R7), p, 0, 2),
        Some(Low::Edge(..)) => edge_or_contained(Region::Tri2(R2), Region::Tri2(R7), p, 1, 2),
        None => stop(Region::Tri2(Degenerate), 3),
    }
}

pub(super) fn classify_tri3<T: Scalar, const N: usize>(p: &[Vector<T, N>]) -> Classification<T, N> {
    use Tri3Region::*;
    if tri_gram(p) <= T::zero() {
        return stop(Region::Tri3(Degenerate), 3);
    }
    let n = face_normal(p, 0, 1, 2);
    let height = dot(&n, &(-&p[0]));
    let height = if is_noise(&height, max_coordinate(p)) {
        T::zero()
    } else {
        height
    };
    if height.is_zero() && in_closed_tri(p) {
        return stop(Region::Tri3(On), 3);
    }
    if !height.is_zero() && strictly_inside_face(p, 0, 1, 2) {
        let (kept, d) = wound(p, 0, 1, 2);
        let r = if kept == [0, 1, 2] { Above } else { Below };
        return found(Region::Tri3(r), &kept, d);
    }
    match low_feature(p) {
        Some(Low::Vertex(i)) => found(Region::Tri3([A, B, C][i]), &[i], -&p[i]),
        Some(Low::Edge(0, 1)) => edge_or_contained(Region::Tri3(AB), Region::Tri3(On), p, 0, 1),
        Some(Low::Edge(0, _)) => edge_or_contained(Region::Tri3(AC), Region::Tri3(On), p, 0, 2),
        Some(Low::Edge(..)) => edge_or_contained(Region::Tri3(BC), Region::Tri3(On), p, 1, 2),
        None => stop(Region::Tri3(Degenerate), 3),
    }
}
