//! The sign tests on vertex indices, shared by the segment, the triangle and
//! the tetrahedron (each an affine function of the origin's position).

use super::*;

/// `t_XY = XY · XO`: positive when moving from `X` towards `Y` gets closer
/// to `O`.
#[inline]
pub(super) fn t<T: Scalar, const N: usize>(p: &[Vector<T, N>], x: usize, y: usize) -> T {
    let xy = &p[y] - &p[x];
    let xo = -&p[x];
    dot(&xy, &xo)
}

/// `s_XY^Z = n_XY^Z · XO`, with `n_XY^Z = XY (XY·XZ) − XZ (XY·XY)` the normal
/// of edge `XY` in the plane of `XYZ`, pointing away from `Z`.
#[inline]
pub(super) fn s<T: Scalar, const N: usize>(p: &[Vector<T, N>], x: usize, y: usize, z: usize) -> T {
    let xy = &p[y] - &p[x];
    let xz = &p[z] - &p[x];
    let n = -reject(&xy, &xz);
    dot(&n, &(-&p[x]))
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
    s(p, x, y, z) < zero && s(p, x, z, y) < zero && s(p, y, z, x) < zero
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
