//! The tetrahedron (`3D-TET-*`, seeds 000–003): the four face tests, then
//! the edges and vertices of the faces the origin is outside of.

use super::*;

/// `n_F · XO` for face `F = XYZ` with `n_F` oriented away from the opposite
/// vertex `W`: positive iff `O` is strictly outside the face's plane.
#[inline]
pub(super) fn outside_face<T: Scalar, const N: usize>(
    p: &[Vector<T, N>],
    f: [usize; 3],
    w: usize,
) -> T {
    let [x, y, z] = f;
    let mut n = face_normal(p, x, y, z);
    if dot(&n, &(&p[w] - &p[x])) > T::zero() {
        n = -n;
    }
    dot(&n, &(-&p[x]))
}

/// 3D tetrahedron `ABCD`: the four face tests, then the vertices and edges
/// newest first, then the faces the origin is outside of.
pub(super) fn classify_tet3<T: Scalar, const N: usize>(p: &[Vector<T, N>]) -> Classification<T, N> {
    use Tet3Region::*;
    let zero = T::zero();
    let volume6 = dot(&face_normal(p, 0, 1, 2), &(&p[3] - &p[0]));
    if volume6.is_zero() {
        return stop(Region::Tet3(Degenerate), 4);
    }
    // outside(ABC), outside(ACD), outside(ADB), outside(BCD).
    let out_abc = outside_face(p, [0, 1, 2], 3) > zero;
    let out_acd = outside_face(p, [0, 2, 3], 1) > zero;
    let out_adb = outside_face(p, [0, 3, 1], 2) > zero;
    let out_bcd = outside_face(p, [1, 2, 3], 0) > zero;
    if !(out_abc || out_acd || out_adb || out_bcd) {
        return stop(Region::Tet3(In), 4);
    }
    // Vertices A, B, C, D: `XY · XO ≤ 0` for every other Y, in index order.
    let (t_ab, t_ac, t_ad) = (t(p, 0, 1), t(p, 0, 2), t(p, 0, 3));
    if t_ab <= zero && t_ac <= zero && t_ad <= zero {
        return found(Region::Tet3(A), &[0], -&p[0]);
    }
    let (t_ba, t_bc, t_bd) = (t(p, 1, 0), t(p, 1, 2), t(p, 1, 3));
    if t_ba <= zero && t_bc <= zero && t_bd <= zero {
        return found(Region::Tet3(B), &[1], -&p[1]);
    }
    let (t_ca, t_cb, t_cd) = (t(p, 2, 0), t(p, 2, 1), t(p, 2, 3));
    if t_ca <= zero && t_cb <= zero && t_cd <= zero {
        return found(Region::Tet3(C), &[2], -&p[2]);
    }
    let (t_da, t_db, t_dc) = (t(p, 3, 0), t(p, 3, 1), t(p, 3, 2));
    if t_da <= zero && t_db <= zero && t_dc <= zero {
        return found(Region::Tet3(D), &[3], -&p[3]);
    }
    // Edges AB, AC, AD, BC, BD, CD: both slab tests positive and the origin
    // on or beyond the edge in both faces through it.
    let edge = |region, x, y| edge_or_contained(Region::Tet3(region), Region::Tet3(In), p, x, y);
    if t_ab > zero && t_ba > zero && s(p, 0, 1, 2) >= zero && s(p, 0, 1, 3) >= zero {
        return edge(AB, 0, 1);
    }
    if t_ac > zero && t_ca > zero && s(p, 0, 2, 1) >= zero && s(p, 0, 2, 3) >= zero {
        return edge(AC, 0, 2);
    }
    if t_ad > zero && t_da > zero && s(p, 0, 3, 1) >= zero && s(p, 0, 3, 2) >= zero {
        return edge(AD, 0, 3);
    }
    if t_bc > zero && t_cb > zero && s(p, 1, 2, 0) >= zero && s(p, 1, 2, 3) >= zero {
        return edge(BC, 1, 2);
    }
    if t_bd > zero && t_db > zero && s(p, 1, 3, 0) >= zero && s(p, 1, 3, 2) >= zero {
        return edge(BD, 1, 3);
    }
    if t_cd > zero && t_dc > zero && s(p, 2, 3, 0) >= zero && s(p, 2, 3, 1) >= zero {
        return edge(CD, 2, 3);
    }
    // Faces ABC, ACD, ADB, BCD (seeds' order): outside and strictly inside
    // the face's edges; kept wound with the sorted vertices.
    let face = |region, [x, y, z]: [usize; 3]| {
        let (kept, d) = wound(p, x, y, z);
        found(Region::Tet3(region), &kept, d)
    };
    if out_abc && strictly_inside_face(p, 0, 1, 2) {
        return face(ABC, [0, 1, 2]);
    }
    if out_acd && strictly_inside_face(p, 0, 2, 3) {
        return face(ACD, [0, 2, 3]);
    }
    if out_adb && strictly_inside_face(p, 0, 3, 1) {
        return face(ADB, [0, 1, 3]);
    }
    if out_bcd && strictly_inside_face(p, 1, 2, 3) {
        return face(BCD, [1, 2, 3]);
    }
    stop(Region::Tet3(Degenerate), 4)
}
