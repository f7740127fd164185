//! The classifier written out for 2D and 3D: the same regions, the same
//! tests, evaluated in the same order on the same values as
//! [`classify`](super::classify), with every vertex index a constant.
//!
//! [`classify`](super::classify) loops over index lists (`low_feature`,
//! `in_vertex_region`, `in_edge_region`) so that one body serves every
//! simplex. Here each simplex of each dimension has its own short function
//! naming its regions as the spec does (`2D-TRI-R5`, `3D-TET-ABC`), so the
//! compiler sees fixed indices and fixed lengths: no loop, no bounds check,
//! no allocation. The primitive tests are the very same functions
//! (`toward`, `beyond_edge`, `face_normal`, `wound`, `edge_or_contained`),
//! called in the same order with the same short-circuits, so every value is
//! computed by the same operations and every decision is the same: the
//! result equals `classify`'s on every input (`tests/hot_path.rs` compares
//! the two loops that use them on the spec cases and on generated cases).
//!
//! Input: the simplex's points already scaled by a power of two
//! ([`crate::vector::normalized_points`]), newest first, as `classify`
//! scales them.

use super::*;

/// [`classify`](super::classify) by the classifier written out for 2D and 3D
/// (`classify/fixed.rs`, what the boolean loop of [`crate::boolean::gjk`]
/// runs for floats): the same scaling, the same tests in the same order,
/// so the same result for every input. Other dimensions and sizes go to
/// [`classify`](super::classify). Public so that `tests/hot_path.rs` can compare the two on
/// the spec's cases.
pub fn classify_fixed<T: Scalar, const N: usize>(
    simplex: &Simplex<T, N>,
) -> Result<Classification<T, N>, Error> {
    let mut p: [Vector<T, N>; 4] = std::array::from_fn(|_| Vector::zeros());
    let n = simplex.len();
    if n > p.len() {
        return classify(simplex);
    }
    for (x, y) in p.iter_mut().zip(simplex.points()) {
        *x = y.clone();
    }
    let (s1, s2) = crate::vector::pow2_factors(p[..n].iter());
    if !T::EXACT {
        for x in &mut p[..n] {
            *x = &*x * s1.clone() * s2.clone();
        }
    }
    match classify_scaled(&p[..n]) {
        Some(c) => Ok(c),
        None => classify(simplex),
    }
}

/// [`classify`](super::classify) of already-scaled points `p` (newest first),
/// for `N = 2` or `3` and `1 ≤ p.len() ≤ N + 1`; `None` otherwise (the
/// caller then takes the generic path).
pub(crate) fn classify_scaled<T: Scalar, const N: usize>(
    p: &[Vector<T, N>],
) -> Option<Classification<T, N>> {
    match (N, p) {
        (_, [a]) => Some(classify_point(a)),
        (2 | 3, [_, _]) => Some(classify_line(p)),
        (2, [_, _, _]) => Some(tri2(p)),
        (3, [_, _, _]) => Some(tri3(p)),
        (3, [_, _, _, _]) => Some(tet3(p)),
        _ => None,
    }
}

/// `XY · XO` of vertices `x` and `y`.
fn t<T: Scalar, const N: usize>(p: &[Vector<T, N>], x: usize, y: usize) -> T {
    toward(p, x, y)
}

/// `s_XY^Z` ([`beyond_edge`]).
fn s<T: Scalar, const N: usize>(p: &[Vector<T, N>], x: usize, y: usize, z: usize) -> T {
    beyond_edge(p, x, y, z)
}

/// 2D triangle `ABC` (seed 004's regions).
fn tri2<T: Scalar, const N: usize>(p: &[Vector<T, N>]) -> Classification<T, N> {
    use Tri2Region::*;
    let zero = T::zero();
    if tri_gram(p) <= zero {
        return stop(Region::Tri2(Degenerate), 3);
    }
    // R7: no in-plane edge test positive (closed triangle).
    let (s_ab, s_ac, s_bc) = (s(p, 0, 1, 2), s(p, 0, 2, 1), s(p, 1, 2, 0));
    if s_ab <= zero && s_ac <= zero && s_bc <= zero {
        return stop(Region::Tri2(R7), 3);
    }
    let (t_ab, t_ac) = (t(p, 0, 1), t(p, 0, 2));
    // R5: vertex A.
    if t_ab <= zero && t_ac <= zero {
        return found(Region::Tri2(R5), &[0], -&p[0]);
    }
    let (t_ba, t_bc) = (t(p, 1, 0), t(p, 1, 2));
    // R3: vertex B.
    if t_ba <= zero && t_bc <= zero {
        return found(Region::Tri2(R3), &[1], -&p[1]);
    }
    let (t_ca, t_cb) = (t(p, 2, 0), t(p, 2, 1));
    // R1: vertex C.
    if t_ca <= zero && t_cb <= zero {
        return found(Region::Tri2(R1), &[2], -&p[2]);
    }
    // R4, R6, R2: edges AB, AC, BC.
    if t_ab > zero && t_ba > zero && s_ab >= zero {
        return edge_or_contained(Region::Tri2(R4), Region::Tri2(R7), p, 0, 1);
    }
    if t_ac > zero && t_ca > zero && s_ac >= zero {
        return edge_or_contained(Region::Tri2(R6), Region::Tri2(R7), p, 0, 2);
    }
    if t_bc > zero && t_cb > zero && s_bc >= zero {
        return edge_or_contained(Region::Tri2(R2), Region::Tri2(R7), p, 1, 2);
    }
    stop(Region::Tri2(Degenerate), 3)
}

/// 3D triangle `ABC` (seeds 000–003).
fn tri3<T: Scalar, const N: usize>(p: &[Vector<T, N>]) -> Classification<T, N> {
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

/// 3D tetrahedron `ABCD` (seeds 000–003): the four face tests, then the
/// vertices and edges newest first, then the faces the origin is outside
/// of.
fn tet3<T: Scalar, const N: usize>(p: &[Vector<T, N>]) -> Classification<T, N> {
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
