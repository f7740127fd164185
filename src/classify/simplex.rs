//! The classifier on a [`Simplex`] value, and its sign tests by name: what
//! the spec, traces, pictures and the distance loop's classified variant
//! call. (The boolean loop classifies its own slots with `classify_points`.)

use super::*;

/// Classifies `simplex` (newest vertex first).
///
/// A single point is classified in any dimension; larger simplices need
/// `N = 2` (seed 004's regions) or `N = 3` (seeds 000–003).
pub fn classify<T: Scalar, const N: usize>(
    simplex: &Simplex<T, N>,
) -> Result<Classification<T, N>, Error> {
    // Float modes: scale by a power of two first (no sign changes, no
    // rounding; see `vector::normalized`).
    let Some(p) = normalized_points(simplex.points()) else {
        // More than `MAX_POINTS` vertices: only possible for N ≥ 16.
        return Err(Error::UnsupportedDimension {
            dim: N,
            supported: "2 and 3 (single points: any)",
        });
    };
    classify_points(&p).ok_or_else(|| unsupported::<N>(p.len()))
}

/// The error for a simplex of `len` points in `N` dimensions that
/// [`classify_points`] does not take.
#[cold]
pub(crate) fn unsupported<const N: usize>(len: usize) -> Error {
    match (N, len) {
        (_, 0) => Error::InvalidParameter {
            which: Which::Query,
            what: "empty simplex".into(),
        },
        (2, _) | (3, _) => Error::InvalidParameter {
            which: Which::Query,
            what: format!(
                "a simplex in {N}D has at most {} vertices, got {len}",
                N + 1
            ),
        },
        _ => Error::UnsupportedDimension {
            dim: N,
            supported: "2 and 3 (single points: any)",
        },
    }
}

impl<T: Scalar, const N: usize> Classification<T, N> {
    /// The simplex made of the kept vertices of `simplex`, in order.
    pub fn apply(&self, simplex: &Simplex<T, N>) -> Simplex<T, N> {
        // The classifier only returns valid, distinct indices.
        let mut idx = [0usize; MAX_KEPT];
        for (slot, i) in idx.iter_mut().zip(self.kept.iter()) {
            *slot = i;
        }
        simplex
            .select(&idx[..self.kept.len()])
            .unwrap_or_else(|| simplex.clone())
    }
}

impl Kept {
    /// The kept indices, in order.
    pub fn indices(&self) -> Vec<usize> {
        self.iter().collect()
    }
}

/// The faces of `[A, B, C, D]` as (vertices, opposite vertex, region), in the
/// classifier's and the seeds' order: `ABC`, `ACD`, `ADB`, then the old face `BCD`.
const TET_FACES: [([usize; 3], usize, Tet3Region); 4] = [
    ([0, 1, 2], 3, Tet3Region::ABC),
    ([0, 2, 3], 1, Tet3Region::ACD),
    ([0, 3, 1], 2, Tet3Region::ADB),
    ([1, 2, 3], 0, Tet3Region::BCD),
];

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
                out.push((format!("toward({},{})", L[x], L[y]), t(&p, x, y)));
            }
        }
    }
    for x in 0..n {
        for y in x + 1..n {
            for z in 0..n {
                if z != x && z != y {
                    out.push((format!("beyond({}{}|{})", L[x], L[y], L[z]), s(&p, x, y, z)));
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
