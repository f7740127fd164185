//! Every primitive sign test of a simplex, by name: what traces print and
//! the spec's boundary cases are labelled with (not used to classify).

use super::*;

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
