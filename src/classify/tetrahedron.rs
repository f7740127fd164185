//! The tetrahedron (`3D-TET-*`, seeds 000–003): the four face tests, then
//! the edges and vertices of the faces the origin is outside of.

use super::*;

/// The faces of `[A, B, C, D]` as (vertices, opposite vertex, region), in the
/// seeds' order: `ABC`, `ACD`, `ADB`, then the old face `BCD`.
pub(super) const TET_FACES: [([usize; 3], usize, Tet3Region); 4] = [
    ([0, 1, 2], 3, Tet3Region::ABC),
    ([0, 2, 3], 1, Tet3Region::ACD),
    ([0, 3, 1], 2, Tet3Region::ADB),
    ([1, 2, 3], 0, Tet3Region::BCD),
];

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

pub(super) fn classify_tet3<T: Scalar, const N: usize>(p: &[Vector<T, N>]) -> Classification<T, N> {
    use Tet3Region::*;
    let zero = T::zero();
    let volume6 = {
        let ad = &p[3] - &p[0];
        let n = face_normal(p, 0, 1, 2);
        dot(&n, &ad)
    };
    if volume6.is_zero() {
        return stop(Region::Tet3(Degenerate), 4);
    }
    let outside: [bool; 4] =
        std::array::from_fn(|i| outside_face(p, TET_FACES[i].0, TET_FACES[i].1) > zero);
    if outside.iter().all(|o| !o) {
        return stop(Region::Tet3(In), 4);
    }
    if let Some(low) = low_feature(p) {
        return match low {
            Low::Vertex(i) => found(Region::Tet3([A, B, C, D][i]), &[i], -&p[i]),
            Low::Edge(x, y) => {
                let r = match (x, y) {
                    (0, 1) => AB,
                    (0, 2) => AC,
                    (0, 3) => AD,
                    (1, 2) => BC,
                    (1, 3) => BD,
                    _ => CD,
                };
                edge_or_contained(Region::Tet3(r), Region::Tet3(In), p, x, y)
            }
        };
    }
    for ((f, _, r), out) in TET_FACES.iter().zip(&outside) {
        let [x, y, z] = *f;
        if *out && strictly_inside_face(p, x, y, z) {
            let mut sorted = *f;
            sorted.sort_unstable();
            let (kept, d) = wound(p, sorted[0], sorted[1], sorted[2]);
            return found(Region::Tet3(*r), &kept, d);
        }
    }
    stop(Region::Tet3(Degenerate), 4)
}
