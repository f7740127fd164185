//! The sign tests on vertex indices, shared by the segment, the triangle and
//! the tetrahedron (each an affine function of the origin's position), and
//! the list of them that traces print ([`sign_tests`]).

use super::*;

/// `XY · XO`: positive when moving from `X` towards `Y` gets closer to `O`.
#[inline]
pub(super) fn toward<T: Scalar, const N: usize>(p: &[Vector<T, N>], x: usize, y: usize) -> T {
    let xy = &p[y] - &p[x];
    let xo = -&p[x];
    dot(&xy, &xo)
}

/// `s_XY^Z = n_XY^Z · XO`, with `n_XY^Z = XY (XY·XZ) − XZ (XY·XY)` the normal
/// of edge `XY` in the plane of `XYZ`, pointing away from `Z`.
#[inline]
pub(super) fn beyond_edge<T: Scalar, const N: usize>(
    p: &[Vector<T, N>],
    x: usize,
    y: usize,
    z: usize,
) -> T {
    let xy = &p[y] - &p[x];
    let xz = &p[z] - &p[x];
    let n = -reject(&xy, &xz);
    dot(&n, &(-&p[x]))
}

/// `t_XY = XY · XO` ([`toward`]), as the derivations write it.
#[inline]
pub(super) fn t<T: Scalar, const N: usize>(p: &[Vector<T, N>], x: usize, y: usize) -> T {
    toward(p, x, y)
}

/// `s_XY^Z` ([`beyond_edge`]), as the derivations write it.
#[inline]
pub(super) fn s<T: Scalar, const N: usize>(p: &[Vector<T, N>], x: usize, y: usize, z: usize) -> T {
    beyond_edge(p, x, y, z)
}

/// The projection of `O` on the plane of `XYZ` lies strictly inside it.
#[inline]
pub(super) fn strictly_inside_face<T: Scalar, const N: usize>(
    p: &[Vector<T, N>],
    x: usize,
    y: usize,
    z: usize,
) -> bool {
    let zero = T::zero();
    beyond_edge(p, x, y, z) < zero
        && beyond_edge(p, x, z, y) < zero
        && beyond_edge(p, y, z, x) < zero
}

/// The direction from the closest point of edge `XY` to `O`.
#[inline]
pub(super) fn edge_direction<T: Scalar, const N: usize>(
    p: &[Vector<T, N>],
    x: usize,
    y: usize,
) -> Vector<T, N> {
    reject(&(&p[y] - &p[x]), &(-&p[x]))
}

/// `(Y − X) × (Z − X)` (3D only).
#[inline]
pub(super) fn face_normal<T: Scalar, const N: usize>(
    p: &[Vector<T, N>],
    x: usize,
    y: usize,
    z: usize,
) -> Vector<T, N> {
    cross3(&(&p[y] - &p[x]), &(&p[z] - &p[x])).unwrap_or_else(Vector::zeros)
}

/// The kept order of a 3D triangle: `[X, Y, Z]`, or `[X, Z, Y]` if the origin
/// is strictly below `(Y − X) × (Z − X)` (the winding rule of
/// [`crate::simplex`]), with the normal oriented towards the origin.
#[inline]
pub(super) fn wound<T: Scalar, const N: usize>(
    p: &[Vector<T, N>],
    x: usize,
    y: usize,
    z: usize,
) -> ([usize; 3], Vector<T, N>) {
    let n = face_normal(p, x, y, z);
    if dot(&n, &(-&p[x])) < T::zero() {
        ([x, z, y], -n)
    } else {
        ([x, y, z], n)
    }
}

/// Every primitive sign test the classifier can evaluate on `simplex`, named
/// as in the derivations: `toward(X,Y)` is `XY · XO`, `beyond(XY|Z)` is
/// `s_XY^Z`, `side(AB)` is `perp(AB) · AO = AB × AO` (2D segments: positive
/// on region 2's side, zero when `O` is on the line), `outside(XYZ)` is the
/// oriented face test (tetrahedra) and `height(ABC)` is `(AB × AC) · AO`
/// (3D triangles).
///
/// Each is an affine function of the origin's position (the simplex held
/// fixed). The classifier's other conditions are not sign tests: a zero
/// Gram determinant or volume (degenerate simplices) and, for a 3D segment,
/// the edge direction `d = 0` (the origin on the line, a vector condition).
///
/// A value of exactly zero means the origin is on the boundary between two
/// regions; the spec uses this to label its boundary cases, and traces print
/// it to show *why* a region was chosen.
#[allow(clippy::needless_range_loop)] // the indices name vertices (A…D) and index two arrays
pub fn sign_tests<T: Scalar, const N: usize>(simplex: &Simplex<T, N>) -> Vec<(String, T)> {
    const L: [char; 4] = ['A', 'B', 'C', 'D'];
    let p: Vec<Vector<T, N>> = simplex.points().cloned().collect();
    let n = p.len().min(4);
    let mut out = Vec::new();
    for x in 0..n {
        for y in 0..n {
            if x != y {
                out.push((format!("toward({},{})", L[x], L[y]), toward(&p, x, y)));
            }
        }
    }
    for x in 0..n {
        for y in x + 1..n {
            for z in 0..n {
                if z != x && z != y {
                    out.push((
                        format!("beyond({}{}|{})", L[x], L[y], L[z]),
                        beyond_edge(&p, x, y, z),
                    ));
                }
            }
        }
    }
    if N == 2 && n == 2 {
        out.push(("side(AB)".into(), side(&p)));
    }
    if N == 3 && n == 3 {
        out.push((
            "height(ABC)".into(),
            dot(&face_normal(&p, 0, 1, 2), &(-&p[0])),
        ));
    }
    if N == 3 && n == 4 {
        for (f, w, r) in TET_FACES.iter() {
            out.push((
                format!("outside({})", r.spec_id().trim_start_matches("3D-TET-")),
                outside_face(&p, *f, *w),
            ));
        }
    }
    out
}
