//! Float mode: a full simplex is checked exactly before the loop says
//! "intersecting".
//!
//! When the sub-algorithm keeps all `N + 1` vertices, its float weights say
//! the origin is inside the simplex. They are computed from rounded points
//! `w = fl(a − b)`, and for a flat simplex their rounding can exceed the
//! loop's band. So the loop asks this module whether the origin lies in the
//! **closed** simplex of the exact points `pᵢ = aᵢ − bᵢ`.
//!
//! # The test: `N + 1` determinant signs
//!
//! By Cramer's rule the origin's barycentric coordinates are
//! `λᵢ = cᵢ / Σⱼ cⱼ` with `cᵢ = (−1)ⁱ det P₋ᵢ`, `P₋ᵢ` the matrix of the
//! `pⱼ`, `j ≠ i`, in order (derived in `src/certified/simplex.rs`). If the
//! non-zero `cᵢ` have one sign, one at least, the origin is in the closed
//! simplex ([`Containment::Holds`]; in its interior if none is zero). Otherwise it is not proved
//! ([`Containment::Unproved`]): with signs of both kinds, the vertices whose
//! `cᵢ` has the other sign than `Σⱼ cⱼ` have negative weights (the origin is
//! beyond the facets without them; with `Σⱼ cⱼ = 0` it is off the points'
//! hyperplane, and any vertex may go); with every `cᵢ` zero, the points and
//! the origin lie in one hyperplane and this test cannot place it (any
//! vertex may go). The loop then goes on from the nearest of those facets,
//! so "intersecting" is never said on a simplex not proved to hold `O`.
//!
//! # Filter, then exact
//!
//! In 2D and 3D each `cᵢ`, and then `Σⱼ cⱼ`, is first evaluated in `f64`
//! on `p̂ = fl(a − b)` by its closed form, with a forward error bound
//! ([`DET_ERROR_FACTOR`]` · u · perm`, `perm` the same expansion in absolute
//! values, plus [`DET_UNDERFLOW_ERROR`] for underflow); a value beyond its
//! bound has its sign. Otherwise, and in other dimensions, the `cᵢ` are
//! computed in rationals. The filter allocates nothing; it cannot certify a
//! zero, so an origin exactly on a facet's hyperplane (exact touching) takes
//! the exact stage, which allocates.

use arrayvec::ArrayVec;

use crate::distance::subalgorithm::{Face, MAX_VERTICES};
use crate::error::{Error, Which};
use crate::scalar::{rational_from_f64, Rational, Scalar};
use crate::simplex::{Simplex, Vertex};
use crate::tolerance::{plus_underflow, DET_ERROR_FACTOR};
use crate::vector::{det, Vector};

/// Whether the origin is proved to lie in the closed simplex of the exact
/// points (module docs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Containment {
    /// It does: the loop's "intersecting" stands.
    Holds,
    /// Not proved: the loop goes on from the nearest facet without one of
    /// the vertices `may_go` (indices into the simplex).
    Unproved { may_go: Face },
}

/// Whether the origin is in the closed simplex of the points `aᵢ − bᵢ` of
/// the full simplex `simplex` (module docs).
///
/// Errors: a coordinate that is not finite (the loop checks them before).
pub(crate) fn check<T: Scalar, const N: usize>(
    simplex: &Simplex<T, N>,
) -> Result<Containment, Error> {
    let n = simplex.len();
    let estimates: ArrayVec<Option<(f64, f64)>, MAX_VERTICES> =
        (0..n).map(|i| filtered_c(simplex.iter(), i)).collect();
    let mut exact = None;
    let signs: ArrayVec<i8, MAX_VERTICES> = if estimates.iter().all(|e| decided(*e).is_some()) {
        estimates.iter().filter_map(|e| decided(*e)).collect()
    } else {
        let c = exact_c(simplex)?;
        let signs = c.iter().map(Scalar::signum_i8).collect();
        exact = Some(c);
        signs
    };
    let plus = signs.iter().filter(|&&s| s > 0).count();
    let minus = signs.iter().filter(|&&s| s < 0).count();
    if (plus == 0) != (minus == 0) {
        return Ok(Containment::Holds);
    }
    let sum = match (plus, exact) {
        (0, _) => 0,
        (_, Some(c)) => c.iter().sum::<Rational>().signum_i8(),
        (_, None) => match decided(filtered_sum(&estimates)) {
            Some(s) => s,
            None => exact_c(simplex)?.iter().sum::<Rational>().signum_i8(),
        },
    };
    let may_go = (0..n).filter(|&i| sum == 0 || signs[i] == -sum).collect();
    Ok(Containment::Unproved { may_go })
}

/// The exact points `aᵢ − bᵢ` of `vertices` (newest first) form a full
/// simplex that holds the origin strictly: every determinant `cᵢ` has the
/// same sign, each decided by its `f64` filter ([`filtered_c`]; 2D and 3D).
pub(crate) fn strictly_inside<'a, T: Scalar + 'a, const N: usize>(
    vertices: impl Iterator<Item = &'a Vertex<T, N>> + Clone,
) -> bool {
    let n = vertices.clone().count();
    let c0 = decided(filtered_c(vertices.clone(), 0));
    n == N + 1 && c0.is_some() && (1..n).all(|i| decided(filtered_c(vertices.clone(), i)) == c0)
}

/// The sign of an estimate `(value, error bound)`, when the bound decides it.
pub(crate) fn decided(estimate: Option<(f64, f64)>) -> Option<i8> {
    let (value, bound) = estimate?;
    match value.abs() > bound {
        true if value > 0.0 => Some(1),
        true => Some(-1),
        false => None,
    }
}

/// `cᵢ` of the simplex of `vertices` in `f64` with its error bound (2D and
/// 3D; `None` in other dimensions or on overflow; module docs).
pub(crate) fn filtered_c<'v, T: Scalar + 'v, const N: usize>(
    vertices: impl Iterator<Item = &'v Vertex<T, N>>,
    i: usize,
) -> Option<(f64, f64)> {
    if N != 2 && N != 3 {
        return None;
    }
    let mut rows = [[0.0f64; 3]; 3];
    let others = vertices.enumerate().filter(|&(j, _)| j != i);
    for (row, (_, x)) in rows.iter_mut().zip(others) {
        for (k, cell) in row.iter_mut().enumerate().take(N) {
            *cell = x.a[k].to_f64() - x.b[k].to_f64();
        }
    }
    let [p, q, s] = rows;
    let (d, perm, weight) = match N {
        2 => (
            p[0] * q[1] - p[1] * q[0],
            (p[0] * q[1]).abs() + (p[1] * q[0]).abs(),
            1.0,
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
                1.0 + p[0].abs() + p[1].abs() + p[2].abs(),
            )
        }
    };
    let bound = plus_underflow(DET_ERROR_FACTOR * (f64::EPSILON / 2.0) * perm, weight);
    let c = if i % 2 == 0 { d } else { -d };
    (c.is_finite() && bound.is_finite()).then_some((c, bound))
}

/// `Σ cᵢ` from the estimates, with its bound: theirs plus the sum's own
/// rounding (`n u Σ |ĉᵢ|` for `n` terms, and the same again for the
/// rounding of that product and of the bounds' sum).
fn filtered_sum(estimates: &[Option<(f64, f64)>]) -> Option<(f64, f64)> {
    let (mut sum, mut bound, mut abs) = (0.0, 0.0, 0.0);
    for &(c, b) in estimates.iter().flatten() {
        (sum, bound, abs) = (sum + c, bound + b, abs + c.abs());
    }
    let u = f64::EPSILON / 2.0;
    let bound = bound * (1.0 + 4.0 * u) + 2.0 * estimates.len() as f64 * u * abs;
    (estimates.iter().all(Option::is_some) && bound.is_finite()).then_some((sum, bound))
}

/// `a − b` of a support point, in rationals from the exact coordinates;
/// `None` if a coordinate is not finite.
pub(crate) fn exact_point<T: Scalar, const N: usize>(
    v: &Vertex<T, N>,
) -> Option<Vector<Rational, N>> {
    let mut p = Vector::<Rational, N>::zeros();
    for k in 0..N {
        p[k] = rational_from_f64(v.a[k].to_f64())? - rational_from_f64(v.b[k].to_f64())?;
    }
    Some(p)
}

/// Every `cᵢ`, in rationals from the exact coordinates.
pub(crate) fn exact_c<T: Scalar, const N: usize>(
    simplex: &Simplex<T, N>,
) -> Result<Vec<Rational>, Error> {
    let mut p: Vec<Vec<Rational>> = Vec::new();
    for x in simplex.iter() {
        let row = exact_point(x).ok_or_else(|| Error::NonFinite {
            which: Which::Query,
            what: "simplex point".into(),
        })?;
        p.push(row.iter().cloned().collect());
    }
    Ok((0..p.len())
        .map(|i| {
            let others = p.iter().enumerate().filter(|&(j, _)| j != i);
            let d = det(others.map(|(_, row)| row.clone()).collect());
            if i % 2 == 0 {
                d
            } else {
                -d
            }
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::simplex::Vertex;
    use crate::test_util::{v3, Lcg};
    use crate::vector::Vector;

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

    fn unproved(may_go: &[usize]) -> Containment {
        Containment::Unproved {
            may_go: may_go.iter().copied().collect(),
        }
    }

    fn exact_signs<const N: usize>(s: &Simplex<f64, N>) -> Vec<i8> {
        exact_c(s)
            .expect("finite")
            .iter()
            .map(Scalar::signum_i8)
            .collect()
    }

    /// The filter's signs of `s` against the exact ones (asserting that
    /// every decided sign is right): how many it decided and left.
    fn compare<const N: usize>(s: &Simplex<f64, N>, case: &str) -> (usize, usize) {
        let (mut filtered, mut left) = (0, 0);
        for (i, want) in exact_signs(s).into_iter().enumerate() {
            match decided(filtered_c(s.iter(), i)) {
                Some(got) => {
                    filtered += 1;
                    assert_eq!(got, want, "{case}, sign {i}");
                }
                None => left += 1,
            }
        }
        (filtered, left)
    }

    /// Wherever the filter decides a sign, the exact stage agrees; on
    /// random, nearly flat and exactly flat tetrahedra and triangles.
    #[test]
    fn the_filter_agrees_with_exact_signs() {
        let mut rng = Lcg(7);
        let (mut filtered, mut left) = (0, 0);
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
            let (f, l) = compare(
                &simplex(&p, &t),
                &format!("case {k}: {p:?} shifted by {t:?}"),
            );
            (filtered, left) = (filtered + f, left + l);
            let mut q: Vec<Vector<f64, 2>> = p[..3].iter().map(|x| x.xy()).collect();
            if k % 3 != 0 {
                // p₀, p₁ and the origin nearly on one line.
                q[1] = q[0] * 0.75 + Vector::<f64, 2>::new(0.0, 1e-12 * (k % 2) as f64);
            }
            let (f, l) = compare(&simplex(&q, &t.xy()), &format!("2D case {k}: {q:?}"));
            (filtered, left) = (filtered + f, left + l);
        }
        // The filter decides most signs and leaves some to the exact stage.
        assert!(
            filtered > 15000 && left > 1000,
            "decided {filtered}, left {left}"
        );
    }

    /// Found by a second reader: a 2 × 2 minor that underflows, multiplied
    /// by a large first-row coordinate, carries an absolute error that the
    /// relative bound alone does not cover; the filter decided the wrong
    /// sign before [`DET_UNDERFLOW_ERROR`] entered its bound.
    #[test]
    fn an_underflowing_minor_does_not_decide_a_sign() {
        let x = |m: f64, e: i32| m * 2f64.powi(e);
        let p = [
            Vector::<f64, 3>::new(0.0, 0.0, 0.0), // c₀ is det of the others
            Vector::<f64, 3>::new(x(1.0, 200), x(1.0, -638), 0.0),
            Vector::<f64, 3>::new(0.0, x(1.0, -537), x(1.0, -537)),
            Vector::<f64, 3>::new(-x(1.0, 300), x(1.45, -537), x(1.55, -537)),
        ];
        let s = simplex(&p, &Vector::zeros());
        let want = exact_signs(&s)[0];
        assert_eq!(want, -1, "the exact sign of c₀");
        assert!(
            decided(filtered_c(s.iter(), 0)).is_none_or(|got| got == want),
            "{:?}",
            filtered_c(s.iter(), 0)
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
        assert_eq!(check(&simplex(&inside, &t)), Ok(Containment::Holds));
        // The origin on the facet z = 0 of a tetrahedron above it.
        let on_facet = [
            v3(1.0, 0.0, 0.0),
            v3(-1.0, 1.0, 0.0),
            v3(-1.0, -1.0, 0.0),
            v3(0.0, 0.0, 1.0),
        ];
        let zero = v3(0.0, 0.0, 0.0);
        assert_eq!(check(&simplex(&on_facet, &zero)), Ok(Containment::Holds));
    }

    #[test]
    fn the_vertices_of_negative_weight_may_go() {
        // Origin below the facet {0, 1, 2} at z = 1: vertex 3 must go.
        let above = [
            v3(1.0, 0.0, 1.0),
            v3(-1.0, 1.0, 1.0),
            v3(-1.0, -1.0, 1.0),
            v3(0.0, 0.0, 2.0),
        ];
        let zero = v3(0.0, 0.0, 0.0);
        assert_eq!(check(&simplex(&above, &zero)), Ok(unproved(&[3])));
        // The origin beyond the apex: facet {0, 1, 2} at z = 2 (centroid on
        // the z axis), vertex 3 at z = 1, so λ₃ = 2 and λ₀ = λ₁ = λ₂ = −1/3:
        // those three may go, not vertex 3, the only one whose
        // sign differs from the others.
        let beyond = [
            v3(2.0, 0.0, 2.0),
            v3(-1.0, 1.0, 2.0),
            v3(-1.0, -1.0, 2.0),
            v3(0.0, 0.0, 1.0),
        ];
        assert_eq!(check(&simplex(&beyond, &zero)), Ok(unproved(&[0, 1, 2])));
        // A flat simplex in the plane z = 0 through the origin: every sign
        // is zero, and any vertex may go.
        let flat = [
            v3(1.0, 0.0, 0.0),
            v3(-1.0, 1.0, 0.0),
            v3(-1.0, -1.0, 0.0),
            v3(0.5, 0.5, 0.0),
        ];
        assert_eq!(check(&simplex(&flat, &zero)), Ok(unproved(&[0, 1, 2, 3])));
    }

    /// In 4D there is no filter: the exact stage decides alone.
    #[test]
    fn four_dimensions_are_decided_exactly() {
        let e = |i: usize| Vector::<f64, 4>::from_fn(|r, _| if r == i { 1.0 } else { 0.0 });
        let mut p: Vec<Vector<f64, 4>> = (0..4).map(e).collect();
        p.push(-(e(0) + e(1) + e(2) + e(3)));
        let zero = Vector::<f64, 4>::zeros();
        let s = simplex(&p, &zero);
        assert!((0..5).all(|i| filtered_c(s.iter(), i).is_none()));
        assert_eq!(check(&s), Ok(Containment::Holds));
        p[4] = e(0) + e(1) + e(2) + e(3);
        let s = simplex(&p, &zero);
        assert_eq!(check(&s), Ok(unproved(&[4])));
    }
}
