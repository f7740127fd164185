//! Float mode: a full simplex is checked exactly before the loop says
//! "intersecting".
//!
//! When the sub-algorithm keeps all `N + 1` vertices, its weights say that
//! the origin is inside the simplex. Those weights are computed in the float
//! type from rounded points `w = fl(a − b)`, and for a flat simplex a
//! rounding error in them can exceed the loop's band. So the loop asks this
//! module, which decides exactly whether the origin lies in the **closed**
//! simplex of the exact points `pᵢ = aᵢ − bᵢ` of `A − B`.
//!
//! # The test: `N + 1` determinant signs
//!
//! The barycentric coordinates of the origin solve `Σ λᵢ pᵢ = 0`,
//! `Σ λᵢ = 1`. By Cramer's rule, expanding the replaced column and then the
//! row of ones,
//!
//! ```text
//! λᵢ = cᵢ / Σⱼ cⱼ,     cᵢ = (−1)ⁱ det P₋ᵢ,
//! ```
//!
//! with `P₋ᵢ` the `N × N` matrix of the `pⱼ`, `j ≠ i`, in order (the same
//! derivation as the enclosing-simplex certificate of the certified mode).
//! The origin is in the closed simplex **iff the non-zero `cᵢ` all have one
//! sign and at least one is non-zero**. If some `cⱼ` has the other sign, the
//! origin is beyond a facet; if every `cᵢ` is zero, the points and the
//! origin lie in one hyperplane and this test cannot place the origin. In
//! both cases the loop drops one vertex ([`Containment::Outside`]) and goes
//! on from the facet that is left: the loop's own stop rules then decide,
//! and the claim "intersecting" is never made on a refuted simplex.
//!
//! # Filter, then exact
//!
//! In 2D and 3D each `cᵢ` is first evaluated in `f64` on `p̂ = fl(a − b)`
//! by its closed form, with the forward error bound
//! [`DET_ERROR_FACTOR`]` · u · perm` (`perm` the permanent of `|P̂₋ᵢ|`, the
//! same expansion with every term's absolute value). A value beyond its
//! bound has its sign; otherwise (and in every other dimension) the sign is
//! computed in rationals from the exact coordinates. The filter needs no
//! allocation, so a float query whose simplex the filter decides stays
//! allocation-free (`tests/allocations.rs`).

use arrayvec::ArrayVec;
use num_traits::Zero;

use crate::distance::subalgorithm::MAX_VERTICES;
use crate::error::{Error, Which};
use crate::scalar::{rational_from_f64, Rational, Scalar};
use crate::simplex::Simplex;
use crate::tolerance::{DET_ERROR_FACTOR, DET_FILTER_MIN_PERM};
use crate::vector::{det, Vector};

/// Whether the origin lies in the closed simplex of the exact points.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Containment {
    /// It does: the loop's "intersecting" stands.
    Holds,
    /// It does not, or the test cannot place it (a flat simplex): the loop
    /// goes on from the facet without vertex `drop`.
    Outside {
        /// The vertex to drop (an index into the simplex, newest first).
        drop: usize,
    },
}

/// Whether the origin is in the closed simplex of the points `aᵢ − bᵢ` of
/// the full simplex `simplex` (module docs). `lambda` (the loop's float
/// weights) breaks ties when the signs do not name one vertex to drop.
///
/// Errors: a coordinate that is not finite (the loop checks them before).
pub(crate) fn check<T: Scalar, const N: usize>(
    simplex: &Simplex<T, N>,
    lambda: &[T],
) -> Result<Containment, Error> {
    let mut signs: ArrayVec<Option<i8>, MAX_VERTICES> = (0..simplex.len())
        .map(|i| filtered_sign(simplex, i))
        .collect();
    if signs.contains(&None) {
        let points = exact_points(simplex)?;
        for (i, s) in signs.iter_mut().enumerate() {
            s.get_or_insert_with(|| exact_sign(&points, i));
        }
    }
    let signs: ArrayVec<i8, MAX_VERTICES> = signs.into_iter().flatten().collect();
    let plus = signs.iter().filter(|&&s| s > 0).count();
    let minus = signs.iter().filter(|&&s| s < 0).count();
    if (plus == 0) != (minus == 0) {
        return Ok(Containment::Holds);
    }
    // λᵢ = cᵢ / Σⱼ cⱼ: the vertices whose cᵢ has the other sign than the
    // sum have negative weights; one of them goes (the one the float
    // weights count least). All zero: the vertex of least float weight.
    let weight = |i: usize| lambda.get(i).map_or(0.0, |l| l.to_f64());
    let negative = match (plus, minus) {
        (0, 0) => 0,
        _ => -sum_sign(simplex, plus < minus)?,
    };
    let drop = (0..signs.len())
        .filter(|&i| signs[i] == negative)
        .min_by(|&i, &j| weight(i).total_cmp(&weight(j)))
        .unwrap_or(0);
    Ok(Containment::Outside { drop })
}

/// `sign(cᵢ)` by the `f64` filter (2D and 3D), or `None` when the filter
/// cannot decide it (module docs).
fn filtered_sign<T: Scalar, const N: usize>(simplex: &Simplex<T, N>, i: usize) -> Option<i8> {
    if N != 2 && N != 3 {
        return None;
    }
    let mut rows = [[0.0f64; 3]; 3];
    let mut r = 0;
    for (j, x) in simplex.iter().enumerate() {
        if j == i {
            continue;
        }
        for (k, cell) in rows[r].iter_mut().enumerate().take(N) {
            *cell = x.a[k].to_f64() - x.b[k].to_f64();
        }
        r += 1;
    }
    let [p, q, s] = rows;
    let (d, perm) = match N {
        2 => (
            p[0] * q[1] - p[1] * q[0],
            (p[0] * q[1]).abs() + (p[1] * q[0]).abs(),
        ),
        _ => {
            let m0 = q[1] * s[2] - q[2] * s[1];
            let m1 = q[0] * s[2] - q[2] * s[0];
            let m2 = q[0] * s[1] - q[1] * s[0];
            let a0 = (q[1] * s[2]).abs() + (q[2] * s[1]).abs();
            let a1 = (q[0] * s[2]).abs() + (q[2] * s[0]).abs();
            let a2 = (q[0] * s[1]).abs() + (q[1] * s[0]).abs();
            (
                p[0] * m0 - p[1] * m1 + p[2] * m2,
                p[0].abs() * a0 + p[1].abs() * a1 + p[2].abs() * a2,
            )
        }
    };
    if !d.is_finite() || !perm.is_finite() || perm < DET_FILTER_MIN_PERM {
        return None;
    }
    let bound = DET_ERROR_FACTOR * (f64::EPSILON / 2.0) * perm;
    let sign = if d > bound {
        1
    } else if d < -bound {
        -1
    } else {
        return None;
    };
    Some(if i % 2 == 0 { sign } else { -sign })
}

/// The exact points `aᵢ − bᵢ`, newest first.
fn exact_points<T: Scalar, const N: usize>(
    simplex: &Simplex<T, N>,
) -> Result<Vec<Vector<Rational, N>>, Error> {
    let exact = |x: &T| {
        rational_from_f64(x.to_f64()).ok_or_else(|| Error::NonFinite {
            which: Which::Query,
            what: "simplex point".into(),
        })
    };
    simplex
        .iter()
        .map(|x| {
            let mut p = Vector::<Rational, N>::zeros();
            for k in 0..N {
                p[k] = exact(&x.a[k])? - exact(&x.b[k])?;
            }
            Ok(p)
        })
        .collect()
}

/// `cᵢ = (−1)ⁱ det P₋ᵢ`, in rationals.
fn exact_c<const N: usize>(points: &[Vector<Rational, N>], i: usize) -> Rational {
    let rows: Vec<Vec<Rational>> = points
        .iter()
        .enumerate()
        .filter(|&(j, _)| j != i)
        .map(|(_, p)| p.iter().cloned().collect())
        .collect();
    let d = det(rows);
    if i % 2 == 0 {
        d
    } else {
        -d
    }
}

/// `sign(cᵢ)`.
fn exact_sign<const N: usize>(points: &[Vector<Rational, N>], i: usize) -> i8 {
    let c = exact_c(points, i);
    match c.is_zero() {
        true => 0,
        false if c > Rational::zero() => 1,
        false => -1,
    }
}

/// The sign of `Σⱼ cⱼ` (`±` the simplex's volume), exactly; where it is
/// zero (affinely dependent points), the sign of the larger group, as
/// `plus_fewer` says.
fn sum_sign<T: Scalar, const N: usize>(
    simplex: &Simplex<T, N>,
    plus_fewer: bool,
) -> Result<i8, Error> {
    let points = exact_points(simplex)?;
    let total: Rational = (0..points.len()).map(|i| exact_c(&points, i)).sum();
    Ok(match total.is_zero() {
        true if plus_fewer => -1,
        true => 1,
        false if total > Rational::zero() => 1,
        false => -1,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::simplex::Vertex;
    use crate::test_util::{v3, Lcg};

    /// A full simplex whose vertex `i` has `a = pᵢ + t`, `b = t` (the
    /// shift `t` makes `a − b` round in f64 as it would in a query).
    fn simplex<const N: usize>(p: &[Vector<f64, N>], t: &Vector<f64, N>) -> Simplex<f64, N> {
        Simplex::from_vertices(p.iter().map(|x| {
            let mut v = Vertex::from_point(x + t);
            v.a = x + t;
            v.b = *t;
            v.w = v.a - v.b;
            v
        }))
        .expect("at most N + 1 points")
    }

    fn exact_signs<const N: usize>(s: &Simplex<f64, N>) -> Vec<i8> {
        let p = exact_points(s).expect("finite");
        (0..s.len()).map(|i| exact_sign(&p, i)).collect()
    }

    /// Wherever the filter decides a sign, the exact stage agrees; on
    /// random, nearly flat and exactly flat tetrahedra and triangles.
    #[test]
    fn the_filter_agrees_with_exact_signs() {
        let mut rng = Lcg(7);
        let (mut decided, mut left) = (0, 0);
        for k in 0..3000 {
            let t = v3(rng.range(-1e3, 1e3), rng.range(-1e3, 1e3), 0.0);
            let mut p: Vec<Vector<f64, 3>> = (0..4).map(|_| rng.in_ball::<3>() * 1e3).collect();
            match k % 3 {
                // The plane of p₀, p₁, p₂ within 1e-12 of the origin: the
                // sign of c₃ at the edge of the filter.
                1 => p[2] = p[0] * 0.3 + p[1] * 0.7 + v3(0.0, 0.0, 1e-12),
                // In it, up to the rounding of the combination.
                2 => p[2] = p[0] * 0.5 + p[1] * 0.25,
                _ => {}
            }
            let s = simplex(&p, &t);
            let want = exact_signs(&s);
            for (i, w) in want.iter().enumerate() {
                match filtered_sign(&s, i) {
                    Some(got) => {
                        decided += 1;
                        assert_eq!(got, *w, "case {k}, sign {i}: {p:?} shifted by {t:?}");
                    }
                    None => left += 1,
                }
            }
            let mut q: Vec<Vector<f64, 2>> = p[..3].iter().map(|x| x.xy()).collect();
            if k % 3 != 0 {
                // p₀, p₁ and the origin nearly on one line.
                q[1] = q[0] * 0.75 + Vector::<f64, 2>::new(0.0, 1e-12 * (k % 2) as f64);
            }
            let s2 = simplex(&q, &t.xy());
            let want2 = exact_signs(&s2);
            for (i, w) in want2.iter().enumerate() {
                match filtered_sign(&s2, i) {
                    Some(got) => {
                        decided += 1;
                        assert_eq!(got, *w, "2D case {k}, sign {i}: {q:?}");
                    }
                    None => left += 1,
                }
            }
        }
        // The filter decides most signs and leaves some to the exact stage.
        assert!(
            decided > 15000 && left > 1000,
            "decided {decided}, left {left}"
        );
    }

    #[test]
    fn containment_holds_inside_and_on_the_boundary() {
        let t = v3(0.1, 0.2, 0.3);
        let inside = [
            v3(1.0, 1.0, 1.0),
            v3(-1.0, -1.0, 1.0),
            v3(-1.0, 1.0, -1.0),
            v3(1.0, -1.0, -1.0),
        ];
        let lambda = [0.25; 4];
        assert_eq!(
            check(&simplex(&inside, &t), &lambda),
            Ok(Containment::Holds)
        );
        // The origin on the facet z = 0 of a tetrahedron above it.
        let on_facet = [
            v3(1.0, 0.0, 0.0),
            v3(-1.0, 1.0, 0.0),
            v3(-1.0, -1.0, 0.0),
            v3(0.0, 0.0, 1.0),
        ];
        let zero = v3(0.0, 0.0, 0.0);
        assert_eq!(
            check(&simplex(&on_facet, &zero), &lambda),
            Ok(Containment::Holds)
        );
    }

    #[test]
    fn outside_drops_the_vertex_beyond_whose_facet_the_origin_is() {
        // Origin below the facet {0, 1, 2} at z = 1: vertex 3 must go.
        let above = [
            v3(1.0, 0.0, 1.0),
            v3(-1.0, 1.0, 1.0),
            v3(-1.0, -1.0, 1.0),
            v3(0.0, 0.0, 2.0),
        ];
        let lambda = [0.1, 0.2, 0.3, 0.4];
        let zero = v3(0.0, 0.0, 0.0);
        assert_eq!(
            check(&simplex(&above, &zero), &lambda),
            Ok(Containment::Outside { drop: 3 })
        );
        // The origin beyond the apex: facet {0, 1, 2} at z = 2 (centroid on
        // the z axis), vertex 3 at z = 1, so λ₃ = 2 and λ₀ = λ₁ = λ₂ = −1/3: one of
        // those goes (the least weighted), not vertex 3, the only one whose
        // sign differs from the others.
        let beyond = [
            v3(2.0, 0.0, 2.0),
            v3(-1.0, 1.0, 2.0),
            v3(-1.0, -1.0, 2.0),
            v3(0.0, 0.0, 1.0),
        ];
        assert_eq!(
            check(&simplex(&beyond, &zero), &[0.3, 0.2, 0.4, 0.1]),
            Ok(Containment::Outside { drop: 1 })
        );
        // A flat simplex in the plane z = 0 through the origin: every sign
        // is zero, and the vertex of least weight goes.
        let flat = [
            v3(1.0, 0.0, 0.0),
            v3(-1.0, 1.0, 0.0),
            v3(-1.0, -1.0, 0.0),
            v3(0.5, 0.5, 0.0),
        ];
        assert_eq!(
            check(&simplex(&flat, &zero), &[0.3, 0.2, 0.4, 0.1]),
            Ok(Containment::Outside { drop: 3 })
        );
    }

    /// In 4D there is no filter: the exact stage decides alone.
    #[test]
    fn four_dimensions_are_decided_exactly() {
        let e = |i: usize| Vector::<f64, 4>::from_fn(|r, _| if r == i { 1.0 } else { 0.0 });
        let mut p: Vec<Vector<f64, 4>> = (0..4).map(e).collect();
        p.push(-(e(0) + e(1) + e(2) + e(3)));
        let zero = Vector::<f64, 4>::zeros();
        let s = simplex(&p, &zero);
        assert!((0..5).all(|i| filtered_sign(&s, i).is_none()));
        assert_eq!(check(&s, &[0.2; 5]), Ok(Containment::Holds));
        p[4] = e(0) + e(1) + e(2) + e(3);
        let s = simplex(&p, &zero);
        assert_eq!(check(&s, &[0.2; 5]), Ok(Containment::Outside { drop: 4 }));
    }
}
