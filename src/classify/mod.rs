//! The region classifier: for a simplex, which region of [`crate::region`]
//! holds the origin, which vertices to keep, and where to search next.
//!
//! It is a *total* function of the simplex: it names the correct Voronoi
//! region for every input, including the regions the GJK loop never reaches
//! in exact arithmetic and degenerate simplices. It uses only `+`, `−`, `×`
//! and comparisons, so it is exact over [`crate::Rational`]. Notation:
//! vertices newest first, `A = s[0]`, `B = s[1]`, `C = s[2]`, `D = s[3]`;
//! `O` is the origin; `XY = Y − X`, `XO = −X`.
//!
//! # The tests (derivations; `spec/README.md` has the per-region table)
//!
//! The classifier finds the smallest feature `F` of the simplex that contains
//! the point `v` of the simplex closest to `O`. `v` is characterised by the
//! optimality (KKT) condition `O − v ∈ N_F(v)`, the normal cone of the simplex
//! at `v`. For each kind of feature that condition is a handful of signs:
//!
//! * **Vertex `X`**: `v = X` iff moving from `X` along any edge gets no
//!   closer to `O`: `t_XY = XY · XO ≤ 0` for every other vertex `Y`
//!   (Ericson, *Real-Time Collision Detection*, §5.1.5; seed 004's region 5;
//!   seed 003's "closest point is a"). Closed: a tie goes to the vertex.
//!
//! * **Edge `XY`**: `v` lies strictly inside `XY` iff the projection
//!   parameter `t_XY / XY·XY` is in `(0, 1)`: `t_XY > 0` and `t_YX > 0` (the
//!   seeds' `SameDirection(ab, ao)`). And `O` must lie outside (or on) each
//!   face `XYZ` across the edge: with the in-face edge normal pointing away
//!   from `Z`, `n_XY^Z = XY (XY·XZ) − XZ (XY·XY)` ( `= XY × (XY × XZ)` in
//!   3D), the test is `s_XY^Z = n_XY^Z · XO ≥ 0` (seeds 000 and 002:
//!   `cross(ab, ab_x_ac) · ao > 0`; seed 004: the perpendicular of `AB`
//!   facing away from `C`). Since `n_XY^Z = −|XY|² (XZ)⊥`, this is the
//!   normal-cone inequality `(O − v) · XZ ≤ 0`. The new direction is
//!   `d = XO (XY·XY) − XY (XY·XO)`, the component of `XO` orthogonal to
//!   `XY` times `|XY|²`: `(XY × XO) × XY` in 3D (seeds 000, 002, 003), seed
//!   004's oriented perpendicular in 2D.
//!
//! * **Face `XYZ` (3D)**: `v` lies strictly inside the face iff its three
//!   in-face edge tests are negative and `O` is strictly off its plane. In a
//!   tetrahedron the face must also face `O`: `n · XO > 0` with `n` the face
//!   normal oriented away from the fourth vertex (seed 000's
//!   `dot(ab_x_ac, ao) > 0`). The direction is `n` oriented towards `O`.
//!
//! * **Containment**: the closed segment contains `O` iff the edge's `d = 0`
//!   and both slab tests are `≥ 0`; the closed 2D triangle iff no edge test
//!   is positive; the closed 3D triangle iff that and `n · AO = 0`; the
//!   closed tetrahedron iff no face test is positive.
//!
//! * **Degenerate simplices** (affinely dependent vertices): `A = B` for a
//!   segment, a Gram determinant `|AB|²|AC|² − (AB·AC)² ≤ 0` for a triangle
//!   (zero, or negative by rounding), a zero `AB · (AC × AD)` for a
//!   tetrahedron. They are named `…-DEG`: the tests above assume independent
//!   vertices (a collinear triangle's edge normals are all zero, so "no edge
//!   test is positive" would hold anywhere). The exact loop never builds one
//!   ([`crate::boolean`]); float mode stops with no verdict, as it does when
//!   rounding makes the sign tests contradict each other.
//!
//! The order: degenerate, containment (so that it wins where the origin is
//! on the simplex's boundary: a vertex's conditions also hold at `O = A`),
//! then the vertices and the edges newest first (a 3D triangle tests its face
//! before them, a tetrahedron its faces after them). The other regions'
//! conditions never hold two at once; their order only decides which is
//! checked first.
//!
//! # Float mode: values below their own rounding error count as zero
//!
//! Float modes first scale the simplex by a power of two so that its largest
//! coordinate lies in `[1, 2)` ([`crate::vector::normalized`]): no digit is
//! rounded and every test is homogeneous, so no sign changes, and nothing
//! overflows or underflows.
//!
//! Two cubic quantities decide between "search on" and "the origin is on
//! this feature": the edge direction `d` (of a segment, and of the edge a
//! triangle or a tetrahedron keeps) and the height `(AB × AC) · AO` of a 3D
//! triangle. Below [`crate::tolerance::NOISE_FACTOR`]` · u · m³` (`m`
//! the largest coordinate magnitude; derived there) their sign is rounding
//! noise and they count as zero; the loop checks such a containment before
//! reporting it ([`crate::boolean`]). Without this, an origin exactly on an
//! edge (an ordinary event inside overlapping shapes) sends the search along
//! a noise direction and the loop stalls. Exact mode has `u = 0`.
//!
//! Every other test is used with the sign it is computed with: an origin
//! just outside a tetrahedron's face can be named `3D-TET-IN` (checked, as
//! above), one on or just inside a face that face's region (the loop
//! searches on along its normal).

use crate::error::{Error, Which};
use crate::region::{
    Line2Region, Line3Region, PointRegion, Region, Tet3Region, Tri2Region, Tri3Region,
};
use crate::scalar::Scalar;
use crate::simplex::Simplex;
use crate::tolerance::{is_noise, max_coordinate};
use crate::vector::{cross2, cross3, dot, is_zero, normalized_points, reject, Vector};

mod plane;
mod segment;
mod signs;
mod simplex;
mod tetrahedron;
mod triangle;

use plane::*;
use segment::*;
use signs::*;
pub(crate) use simplex::unsupported;
pub use simplex::{classify, sign_tests};
use tetrahedron::*;
use triangle::*;

/// An edge region, or the containing one if its direction is noise.
#[inline]
fn edge_or_contained<T: Scalar, const N: usize>(
    region: Region,
    contained: Region,
    p: &[Vector<T, N>],
    x: usize,
    y: usize,
) -> Classification<T, N> {
    let d = edge_direction(p, x, y);
    let m = max_coordinate(p);
    if d.iter().all(|c| is_noise(c, m)) {
        stop(contained, p.len())
    } else {
        found(region, &[x, y], d)
    }
}

/// The most vertices [`Kept`] can hold: a tetrahedron's four.
pub const MAX_KEPT: usize = 4;

/// The indices of the vertices a region keeps, in the order they are kept
/// (newest first, except where the 3D winding rule swaps two).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Kept {
    len: u8,
    idx: [u8; MAX_KEPT],
}

impl Kept {
    #[inline]
    fn from_slice(ix: &[usize]) -> Self {
        let mut idx = [0u8; MAX_KEPT];
        for (slot, &i) in idx.iter_mut().zip(ix) {
            *slot = i as u8;
        }
        Kept {
            len: ix.len().min(MAX_KEPT) as u8,
            idx,
        }
    }

    /// The kept indices, in order, without allocating.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.idx[..self.len as usize].iter().map(|&i| i as usize)
    }

    /// The number of kept vertices.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// `true` if nothing is kept (never returned by the classifier).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

/// What the classifier decided for one simplex.
#[derive(Clone, Debug, PartialEq)]
pub struct Classification<T: Scalar, const N: usize> {
    /// The region case.
    pub region: Region,
    /// The vertices to keep (all for containing and degenerate regions).
    pub kept: Kept,
    /// `λ (O − v)`, `λ > 0`, `v` the kept feature's point closest to the
    /// origin; `None` for containing and degenerate regions.
    pub direction: Option<Vector<T, N>>,
}

/// [`classify`] of points (newest first) already scaled as it scales them;
/// `None` for a size or dimension it does not take ([`unsupported`]).
#[inline]
pub(crate) fn classify_points<T: Scalar, const N: usize>(
    p: &[Vector<T, N>],
) -> Option<Classification<T, N>> {
    match (N, p.len()) {
        (_, 1) => Some(classify_point(&p[0])),
        (2, 2) => Some(classify_line2(p)),
        (3, 2) => Some(classify_line3(p)),
        (2, 3) => Some(classify_tri2(p)),
        (3, 3) => Some(classify_tri3(p)),
        (3, 4) => Some(classify_tet3(p)),
        _ => None,
    }
}

#[inline]
fn found<T: Scalar, const N: usize>(
    region: Region,
    kept: &[usize],
    direction: Vector<T, N>,
) -> Classification<T, N> {
    Classification {
        region,
        kept: Kept::from_slice(kept),
        direction: Some(direction),
    }
}

#[inline]
fn stop<T: Scalar, const N: usize>(region: Region, n: usize) -> Classification<T, N> {
    Classification {
        region,
        kept: Kept::from_slice(&[0, 1, 2, 3][..n.min(MAX_KEPT)]),
        direction: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scalar::Rational;
    use num_traits::FromPrimitive;

    fn q(v: f64) -> Rational {
        Rational::from_f64(v).unwrap()
    }

    fn simplex3(pts: &[[f64; 3]]) -> Simplex<Rational, 3> {
        Simplex::from_points(
            pts.iter()
                .map(|p| Vector::<Rational, 3>::new(q(p[0]), q(p[1]), q(p[2]))),
        )
        .unwrap()
    }

    fn simplex2(pts: &[[f64; 2]]) -> Simplex<Rational, 2> {
        Simplex::from_points(
            pts.iter()
                .map(|p| Vector::<Rational, 2>::new(q(p[0]), q(p[1]))),
        )
        .unwrap()
    }

    #[test]
    fn point_cases() {
        let c = classify(&simplex3(&[[1.0, 2.0, 3.0]])).unwrap();
        assert_eq!(c.region.spec_id(), "PT-A");
        assert_eq!(
            c.direction,
            Some(Vector::<Rational, 3>::new(q(-1.0), q(-2.0), q(-3.0)))
        );
        let c = classify(&simplex2(&[[0.0, 0.0]])).unwrap();
        assert_eq!(c.region.spec_id(), "PT-O");
        assert_eq!(c.direction, None);
    }

    #[test]
    fn a_few_regions_by_hand() {
        // 2D segment from A = (1, 1) to B = (-1, 1): the origin is below,
        // on the left of A→B (the side of perp(AB) = (0, -2)).
        let c = classify(&simplex2(&[[1.0, 1.0], [-1.0, 1.0]])).unwrap();
        assert_eq!(c.region.spec_id(), "2D-LINE-R2");
        assert_eq!(c.kept.iter().collect::<Vec<_>>(), vec![0, 1]);
        // The origin strictly inside a 2D triangle.
        let c = classify(&simplex2(&[[0.0, 2.0], [-1.0, -1.0], [1.0, -1.0]])).unwrap();
        assert_eq!(c.region.spec_id(), "2D-TRI-R7");
        // A tetrahedron with the origin below face ABC... by construction.
        let c = classify(&simplex3(&[
            [0.0, 0.0, 1.0],
            [-1.0, -1.0, -1.0],
            [1.0, -1.0, -1.0],
            [0.0, 1.0, -1.0],
        ]))
        .unwrap();
        assert_eq!(c.region.spec_id(), "3D-TET-IN");
    }

    /// Where [`crate::tolerance::NOISE_FACTOR`] starts to matter: the origin at distance `h`
    /// from the edge `AB` of a unit-size 2D triangle. Exact mode always sees
    /// the edge region; f64 sees "on the edge" (contained) once `h` is below
    /// about `NOISE_FACTOR · u ≈ 7e-15`, and the edge region above it.
    #[test]
    fn noise_threshold_in_f64() {
        // AB on the line y = h, C above it: the origin is below AB, at distance h.
        let tri = |h: f64| [[1.0, h], [-1.0, h], [0.0, 1.0]];
        let region64 = |h: f64| classify(&simplex2_f64(&tri(h))).unwrap().region.spec_id();
        let region_exact = |h: f64| classify(&simplex2(&tri(h))).unwrap().region.spec_id();
        for h in [1e-3, 1e-10, 1e-13] {
            assert_eq!(region64(h), "2D-TRI-R4", "h = {h}");
            assert_eq!(region_exact(h), "2D-TRI-R4", "h = {h}");
        }
        for h in [1e-15, 1e-17] {
            assert_eq!(
                region64(h),
                "2D-TRI-R7",
                "h = {h}: within rounding of the edge"
            );
            assert_eq!(
                region_exact(h),
                "2D-TRI-R4",
                "h = {h}: exact mode sees the gap"
            );
        }
    }

    fn simplex2_f64(pts: &[[f64; 2]]) -> Simplex<f64, 2> {
        Simplex::from_points(pts.iter().map(|p| Vector::<f64, 2>::new(p[0], p[1]))).unwrap()
    }

    #[test]
    fn unsupported_dimension_is_an_error() {
        let s =
            Simplex::<f64, 4>::from_points([Vector::from_element(1.0), Vector::from_element(2.0)])
                .unwrap();
        assert!(matches!(
            classify(&s),
            Err(Error::UnsupportedDimension { dim: 4, .. })
        ));
        assert!(classify(&Simplex::<f64, 4>::new()).is_err());
    }
}
