//! A shape under an affine map `x ↦ M x + t` ("local-to-world", seeds 001
//! and 002).
//!
//! For a direction `d` of the image space,
//!
//! ```text
//! max_{x ∈ S} (M x + t) · d = max_{x ∈ S} x · (Mᵀ d) + t · d,
//! ```
//!
//! because `(M x) · d = x · (Mᵀ d)`. The maximiser is a support point of `S`
//! along `Mᵀ d` (the direction taken back to the shape's own frame), and
//! its image is the support point of the image:
//!
//! ```text
//! s_{MS+t}(d) = M s_S(Mᵀ d) + t.
//! ```
//!
//! This holds for **any** linear `M`: a rotation (then `Mᵀ = M⁻¹`, the usual
//! world-to-local), a shear, a scaling, even a singular projection. `M` is
//! given by its rows `r₀, …, r_{N−1}` (`(M x)ᵢ = rᵢ · x`), and only `+` and
//! `×` are used, so the map is exact over rationals.
//!
//! **Ties** are those of `S` along `Mᵀ d`. For an invertible `M` the image of
//! a vertex is a vertex; for a singular `M` it is one of finitely many
//! points (the images of the vertices) and may lie inside a face of the
//! image, which is still all exact GJK needs to terminate. `d = 0` gives the
//! image of `s_S(0)`.
//!
//! **Float mode:** `Mᵀ d` can overflow for a finite `d`, and `S` would then
//! search along a direction with infinite components, whose dot products
//! (`∞ − ∞ = NaN`) hide its maximiser. The support depends on the direction
//! of `d` only, so `d` is then scaled down by a power of two
//! ([`crate::vector::pow2_factors`]: exact, largest coordinate in `[1, 2)`)
//! and `Mᵀ d` computed again; otherwise nothing changes.

use crate::error::{Error, Which};
use crate::scalar::{Real, Scalar};
use crate::shape::{require_finite, Support};
use crate::vector::{apply_rows, apply_rows_transposed, is_finite, pow2_factors, Vector};

/// A shape `S` mapped by `x ↦ M x + t`.
#[derive(Clone, Debug, PartialEq)]
pub struct Transformed<S, T: Scalar, const N: usize> {
    shape: S,
    rows: [Vector<T, N>; N],
    translation: Vector<T, N>,
}

impl<S, T: Scalar, const N: usize> Transformed<S, T, N> {
    /// `shape` mapped by `x ↦ M x + translation`, where `rows` are the rows of
    /// `M`.
    ///
    /// Errors: [`Error::NonFinite`] (`what` = `"matrix row i"` or
    /// `"translation"`) for a NaN or infinite entry.
    pub fn new(
        shape: S,
        rows: [Vector<T, N>; N],
        translation: Vector<T, N>,
    ) -> Result<Self, Error> {
        if let Some(i) = rows.iter().position(|r| !is_finite(r)) {
            return Err(Error::NonFinite {
                which: Which::Shape,
                what: format!("matrix row {i}"),
            });
        }
        require_finite(&translation, "translation")?;
        Ok(Transformed {
            shape,
            rows,
            translation,
        })
    }

    /// `shape` moved by `translation` (`M` is the identity).
    ///
    /// Errors: [`Error::NonFinite`] (`what` = `"translation"`).
    pub fn translation(shape: S, translation: Vector<T, N>) -> Result<Self, Error> {
        let rows = std::array::from_fn(|i| {
            let mut r = Vector::<T, N>::zeros();
            r[i] = T::one();
            r
        });
        Self::new(shape, rows, translation)
    }

    /// `shape` mapped by `x ↦ m x + translation` for an nalgebra matrix `m`.
    ///
    /// Errors: as for [`Transformed::new`].
    pub fn from_matrix(
        shape: S,
        m: &nalgebra::SMatrix<T, N, N>,
        translation: Vector<T, N>,
    ) -> Result<Self, Error> {
        let rows = std::array::from_fn(|i| m.row(i).transpose());
        Self::new(shape, rows, translation)
    }

    /// The untransformed shape.
    pub fn shape(&self) -> &S {
        &self.shape
    }

    /// The rows of `M`.
    pub fn rows(&self) -> &[Vector<T, N>; N] {
        &self.rows
    }

    /// The translation `t`.
    pub fn translation_vector(&self) -> &Vector<T, N> {
        &self.translation
    }
}

impl<S, T: Real + nalgebra::RealField> Transformed<S, T, 3> {
    /// `shape` placed by a rigid motion (rotation, then translation), the
    /// usual local-to-world pose of a 3D body.
    ///
    /// Errors: [`Error::NonFinite`] for a NaN or infinite rotation or
    /// translation.
    pub fn from_isometry(shape: S, pose: &nalgebra::Isometry3<T>) -> Result<Self, Error> {
        let m = pose.rotation.to_rotation_matrix().into_inner();
        Self::from_matrix(shape, &m, pose.translation.vector)
    }
}

impl<S: Support<T, N>, T: Scalar, const N: usize> Support<T, N> for Transformed<S, T, N> {
    fn support(&self, dir: &Vector<T, N>) -> Vector<T, N> {
        self.support_indexed(dir).0
    }

    /// The image of the inner shape's support point, with the inner
    /// shape's number for it.
    fn support_indexed(&self, dir: &Vector<T, N>) -> (Vector<T, N>, Option<u32>) {
        let mut local_dir = apply_rows_transposed(&self.rows, dir);
        if !is_finite(&local_dir) {
            let (s1, s2) = pow2_factors(std::iter::once(dir));
            // Only scaling down can help (`d` already has finite entries).
            if (s1.clone() * s2.clone()).to_f64() < 1.0 {
                local_dir = apply_rows_transposed(&self.rows, &(dir * s1 * s2));
            }
        }
        let (local, index) = self.shape.support_indexed(&local_dir);
        (apply_rows(&self.rows, &local) + &self.translation, index)
    }

    /// The image of the inner shape's point numbered `index`.
    fn vertex(&self, index: u32) -> Option<Vector<T, N>> {
        let local = self.shape.vertex(index)?;
        Some(apply_rows(&self.rows, &local) + &self.translation)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scalar::Rational;
    use crate::shape::{ConvexHull, Cuboid};
    use crate::test_util::q3 as v3;
    use crate::vector::dot;

    fn check_against_hull(rows: [Vector<Rational, 3>; 3], t: Vector<Rational, 3>, singular: bool) {
        let corners = [
            v3(0, 0, 0),
            v3(1, 0, 0),
            v3(0, 2, 0),
            v3(1, 2, 0),
            v3(0, 0, 3),
            v3(1, 0, 3),
            v3(0, 2, 3),
            v3(1, 2, 3),
        ];
        let b = Cuboid::new(v3(0, 0, 0), v3(1, 2, 3)).unwrap();
        let tb = Transformed::new(&b, rows.clone(), t.clone()).unwrap();
        let image: Vec<Vector<Rational, 3>> =
            corners.iter().map(|p| apply_rows(&rows, p) + &t).collect();
        for x in -2..=2 {
            for y in -2..=2 {
                for z in -2..=2 {
                    let d = v3(x, y, z);
                    let s = tb.support(&d);
                    assert!(image.contains(&s), "{s} is not an image corner");
                    let dots: Vec<Rational> = image.iter().map(|p| dot(p, &d)).collect();
                    let best = dots.iter().max().unwrap().clone();
                    assert_eq!(dot(&s, &d), best, "direction {d}");
                    if !singular && dots.iter().filter(|v| **v == best).count() == 1 {
                        let hull = ConvexHull::new(image.clone()).unwrap();
                        assert_eq!(s, hull.support(&d), "direction {d}");
                    }
                }
            }
        }
    }

    #[test]
    fn support_of_an_image_is_the_image_of_a_support() {
        // A shear with determinant 3 (not orthogonal).
        check_against_hull([v3(1, 2, 0), v3(0, 1, 1), v3(1, 0, 2)], v3(5, -1, 2), false);
        // A rotation by 90° about z (integer entries).
        check_against_hull([v3(0, -1, 0), v3(1, 0, 0), v3(0, 0, 1)], v3(0, 0, 0), false);
        // A projection onto the plane z = 0 (singular).
        check_against_hull([v3(1, 0, 0), v3(0, 1, 0), v3(0, 0, 0)], v3(1, 1, 1), true);
    }

    #[test]
    fn translation_and_d_zero() {
        let b = Cuboid::new(v3(0, 0, 0), v3(1, 1, 1)).unwrap();
        let t = Transformed::translation(b, v3(10, 20, 30)).unwrap();
        assert_eq!(t.support(&v3(1, -1, 1)), v3(11, 20, 31));
        assert_eq!(t.support(&v3(0, 0, 0)), v3(10, 20, 30));
    }

    #[test]
    fn isometry_matches_the_rotation_matrix() {
        let b = Cuboid::new(
            Vector::<f64, 3>::new(-1.0, -2.0, -3.0),
            Vector::<f64, 3>::new(1.0, 2.0, 3.0),
        )
        .unwrap();
        let pose = nalgebra::Isometry3::new(
            nalgebra::Vector3::new(1.0, 2.0, 3.0),
            nalgebra::Vector3::new(0.3, -0.2, 0.7),
        );
        let t = Transformed::from_isometry(&b, &pose).unwrap();
        let d = Vector::<f64, 3>::new(0.4, 0.5, -0.6);
        let corner = t.support(&d);
        // Brute force: the images of the 8 corners.
        let best = (0..8)
            .map(|m| {
                let p = nalgebra::Point3::new(
                    if m & 1 == 1 { 1.0 } else { -1.0 },
                    if m & 2 == 2 { 2.0 } else { -2.0 },
                    if m & 4 == 4 { 3.0 } else { -3.0 },
                );
                (pose * p).coords.dot(&d)
            })
            .fold(f64::NEG_INFINITY, f64::max);
        assert!((corner.dot(&d) - best).abs() < 1e-12);
    }

    #[test]
    fn bad_maps_are_rejected() {
        let b = Cuboid::new(Vector::<f64, 2>::zeros(), Vector::<f64, 2>::zeros()).unwrap();
        let id = [
            Vector::<f64, 2>::new(1.0, 0.0),
            Vector::<f64, 2>::new(0.0, 1.0),
        ];
        let bad_rows = [
            Vector::<f64, 2>::new(1.0, 0.0),
            Vector::<f64, 2>::new(0.0, f64::NAN),
        ];
        assert!(matches!(
            Transformed::new(&b, bad_rows, Vector::zeros()),
            Err(Error::NonFinite { which: Which::Shape, ref what }) if what == "matrix row 1"
        ));
        assert!(matches!(
            Transformed::new(&b, id, Vector::<f64, 2>::new(f64::INFINITY, 0.0)),
            Err(Error::NonFinite { which: Which::Shape, ref what }) if what == "translation"
        ));
        assert!(matches!(
            Transformed::translation(&b, Vector::<f64, 2>::new(0.0, f64::NAN)),
            Err(Error::NonFinite { which: Which::Shape, ref what }) if what == "translation"
        ));
    }

    /// Before the guard, `Mᵀ d` overflowed to `(∞, −∞)` here and the hull
    /// searched along it: both dot products were `NaN` (`∞ − ∞`, and
    /// `0 · (−∞)`), so the scan kept the first point, `(1/2, 0)`, while along
    /// the true direction `(1, −1)` the point `(1, 1/4)` is farther
    /// (`3/4 > 1/2`). Both orders of the points are tried.
    #[test]
    fn an_overflowing_local_direction_is_scaled_down() {
        let p = |x: f64, y: f64| Vector::<f64, 2>::new(x, y);
        let m = 2f64.powi(600);
        let d = p(2f64.powi(500), -(2f64.powi(500)));
        for points in [
            vec![p(0.5, 0.0), p(1.0, 0.25)],
            vec![p(1.0, 0.25), p(0.5, 0.0)],
        ] {
            let hull = crate::shape::ConvexHull::new(points).unwrap();
            let t = Transformed::new(hull, [p(m, 0.0), p(0.0, m)], p(0.0, 0.0)).unwrap();
            assert!(!is_finite(&apply_rows_transposed(t.rows(), &d)));
            assert_eq!(t.support(&d), p(m, m / 4.0));
            // Away from overflow nothing changes.
            assert_eq!(t.support(&p(1.0, -1.0)), p(m, m / 4.0));
            assert_eq!(t.support(&p(-1.0, 0.0)), p(m / 2.0, 0.0));
        }
    }
}
