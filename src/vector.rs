//! Vectors: nalgebra's `SVector<T, N>` at the API, and the few products the
//! region logic is written in.
//!
//! Every product here is made of `+`, `−` and `×` only, so it is exact over
//! rationals. The *dimension-free* forms matter: the "vector triple product"
//! `(u × v) × u` of the 3D seeds is written as `v (u·u) − u (u·v)`, which means
//! the same thing in 3D, is Eric's scaled perpendicular in 2D (seed 004), and
//! exists in every dimension.

use arrayvec::ArrayVec;
use nalgebra::SVector;

use crate::scalar::{Field, Scalar};

/// A vector (a direction, or a point given by its coordinates) in `N` dimensions.
pub type Vector<T, const N: usize> = SVector<T, N>;

/// `u · v`.
#[inline]
pub fn dot<T: Scalar, const N: usize>(u: &Vector<T, N>, v: &Vector<T, N>) -> T {
    let mut s = T::zero();
    for i in 0..N {
        s += u[i].clone() * v[i].clone();
    }
    s
}

/// `u · u`.
pub fn norm2<T: Scalar, const N: usize>(u: &Vector<T, N>) -> T {
    dot(u, u)
}

/// `true` when every coordinate is zero.
#[inline]
pub fn is_zero<T: Scalar, const N: usize>(u: &Vector<T, N>) -> bool {
    u.iter().all(|x| x.is_zero())
}

/// `true` when every coordinate is finite.
#[inline]
pub fn is_finite<T: Scalar, const N: usize>(u: &Vector<T, N>) -> bool {
    u.iter().all(|x| x.is_finite())
}

/// The 3D cross product `u × v`, for `N == 3` (`None` in any other dimension).
#[inline]
pub fn cross3<T: Scalar, const N: usize>(
    u: &Vector<T, N>,
    v: &Vector<T, N>,
) -> Option<Vector<T, N>> {
    if N != 3 {
        return None;
    }
    let c = |i: usize, j: usize| u[i].clone() * v[j].clone() - u[j].clone() * v[i].clone();
    let (x, y, z) = (c(1, 2), c(2, 0), c(0, 1));
    let mut out = Vector::<T, N>::zeros();
    out[0] = x;
    out[1] = y;
    out[2] = z;
    Some(out)
}

/// The 2D cross product `u.x v.y − u.y v.x` (twice the signed area of the
/// triangle `0, u, v`), for `N == 2` (`None` otherwise).
pub fn cross2<T: Scalar, const N: usize>(u: &Vector<T, N>, v: &Vector<T, N>) -> Option<T> {
    if N != 2 {
        return None;
    }
    Some(u[0].clone() * v[1].clone() - u[1].clone() * v[0].clone())
}

/// The counter-clockwise perpendicular `(−u.y, u.x)` of a 2D vector, as in
/// seed 004 (`None` unless `N == 2`).
pub fn perp2<T: Scalar, const N: usize>(u: &Vector<T, N>) -> Option<Vector<T, N>> {
    if N != 2 {
        return None;
    }
    let mut out = Vector::<T, N>::zeros();
    out[0] = -u[1].clone();
    out[1] = u[0].clone();
    Some(out)
}

/// The dimension-free vector triple product `(u × v) × u = v (u·u) − u (u·v)`:
/// the component of `v` orthogonal to `u`, scaled by `|u|²`.
///
/// With `u = AB` and `v = AO` it is the direction from the closest point of the
/// line `AB` towards the origin (seeds 000, 002, 003: `cross(cross(ab, ao), ab)`).
/// It is zero exactly when `v` is parallel to `u` (or `u` is zero).
#[inline]
pub fn reject<T: Scalar, const N: usize>(u: &Vector<T, N>, v: &Vector<T, N>) -> Vector<T, N> {
    let uu = dot(u, u);
    let uv = dot(u, v);
    v * uu - u * uv
}

/// Scales points by a power of two so that the largest coordinate magnitude
/// lies in `[1, 2)` (float modes only; exact values are returned unchanged).
///
/// Every sign test of the classifier is a homogeneous polynomial in the
/// coordinates, so a positive scale changes no sign; a power of two changes
/// no float digit either. What it prevents is overflow and underflow: a
/// Gram determinant is of degree 6 in the coordinates, so in `f32` it
/// overflows from coordinates near `2²¹` and underflows below `2⁻²¹`.
pub fn normalized<T: Scalar, const N: usize>(
    points: impl Iterator<Item = Vector<T, N>>,
) -> Vec<Vector<T, N>> {
    let pts: Vec<Vector<T, N>> = points.collect();
    let (s1, s2) = pow2_factors(pts.iter());
    if T::EXACT {
        return pts;
    }
    pts.into_iter()
        .map(|p| p * s1.clone() * s2.clone())
        .collect()
}

/// At most [`MAX_POINTS`] points on the stack: the simplices of the loops
/// and their scaled copies (no heap allocation per query in float mode).
pub type Points<T, const N: usize> = ArrayVec<Vector<T, N>, MAX_POINTS>;

/// The capacity of [`Points`]: a simplex in `N ≤ 15` dimensions has at
/// most `N + 1 ≤ 16` vertices (the distance loop's limit,
/// [`crate::distance::subalgorithm::MAX_VERTICES`]).
pub const MAX_POINTS: usize = 16;

/// [`normalized`] into a [`Points`] (no allocation); `None` when there are
/// more than [`MAX_POINTS`] points. The same arithmetic: the same scale
/// factors, the same products.
pub fn normalized_points<'a, T: Scalar + 'a, const N: usize>(
    points: impl Iterator<Item = &'a Vector<T, N>> + Clone,
) -> Option<Points<T, N>> {
    let (s1, s2) = pow2_factors(points.clone());
    let mut out = Points::new();
    for p in points {
        let q = if T::EXACT {
            p.clone()
        } else {
            p * s1.clone() * s2.clone()
        };
        out.try_push(q).ok()?;
    }
    Some(out)
}

/// The two powers of two `(s₁, s₂)` by which [`normalized`] scales: their
/// product brings the largest coordinate magnitude into `[1, 2)`. Two
/// factors, because `2^−e` alone may not be representable (`f32` inputs
/// near the subnormal range); each is. `(1, 1)` for exact scalars and for
/// points that are all zero or not finite.
pub fn pow2_factors<'a, T: Scalar + 'a, const N: usize>(
    points: impl Iterator<Item = &'a Vector<T, N>>,
) -> (T, T) {
    if T::EXACT {
        return (T::one(), T::one());
    }
    let m = points
        .flat_map(|p| p.iter())
        .map(|x| x.to_f64().abs())
        .fold(0.0, f64::max);
    if m == 0.0 || !m.is_finite() {
        return (T::one(), T::one());
    }
    // m in [2^e, 2^(e+1)): scale by 2^-e in two halves.
    let e = floor_log2(m);
    (T::pow2(-e / 2), T::pow2(-e - (-e / 2)))
}

/// `m.log2().floor()` for a finite `m > 0`, read from the exponent bits
/// where that gives the same value.
///
/// For a normal `m = 2^e (1 + f)` (`0 ≤ f < 1`), `log2 m` lies in
/// `[e, e + 1)`. A faithfully rounded `log2` (libm's is, and exact at
/// powers of two) returns a value `≥ e` (`e` is a double `≤ log2 m`), and
/// `< e + 1` unless `log2 m` is within one unit in the last place of
/// `e + 1` (at most `2⁻⁴²` for `|e| ≤ 1075`): that needs
/// `1 + f > 2^(1 − 2⁻⁴¹)`, i.e. a fraction field above `2⁵² − 2¹²`.
/// Below `2⁵² − 2³²` (a wide margin) the floor is `e`; otherwise, and for
/// subnormal `m`, `log2` is called.
#[inline]
pub fn floor_log2(m: f64) -> i32 {
    const FRACTION: u64 = (1 << 52) - 1;
    const NEAR_NEXT: u64 = (1 << 52) - (1 << 32);
    let bits = m.to_bits();
    let biased = ((bits >> 52) & 0x7ff) as i32;
    if biased != 0 && biased != 0x7ff && (bits & FRACTION) < NEAR_NEXT {
        biased - 1023
    } else {
        m.log2().floor() as i32
    }
}

/// `a · x` for the row vectors of a linear map: `(r₀·x, r₁·x, …)`.
pub fn apply_rows<T: Scalar, const N: usize, const M: usize>(
    rows: &[Vector<T, N>; M],
    x: &Vector<T, N>,
) -> Vector<T, M> {
    Vector::<T, M>::from_fn(|i, _| dot(&rows[i], x))
}

/// `Σ eᵢ rᵢ`: the transpose of [`apply_rows`], mapping a direction of the image
/// space back to the original space.
pub fn apply_rows_transposed<T: Scalar, const N: usize, const M: usize>(
    rows: &[Vector<T, N>; M],
    e: &Vector<T, M>,
) -> Vector<T, N> {
    let mut out = Vector::<T, N>::zeros();
    for (r, ei) in rows.iter().zip(e.iter()) {
        out += r * ei.clone();
    }
    out
}

/// The determinant of a small square matrix: closed forms up to `3 × 3`
/// (no division, so they round least in float mode), [`Field::det_large`]
/// above (Gaussian elimination; fraction-free over rationals).
pub(crate) fn det<T: Field>(mut m: Vec<Vec<T>>) -> T {
    det_mut(&mut m)
}

/// [`det`] of a matrix it may overwrite (the large ones are eliminated in
/// place): for a caller that reuses one buffer.
pub(crate) fn det_mut<T: Field>(m: &mut [Vec<T>]) -> T {
    let at = |m: &[Vec<T>], i: usize, j: usize| m[i][j].clone();
    match m.len() {
        0 => T::one(),
        1 => at(m, 0, 0),
        2 => at(m, 0, 0) * at(m, 1, 1) - at(m, 0, 1) * at(m, 1, 0),
        3 => {
            at(m, 0, 0) * (at(m, 1, 1) * at(m, 2, 2) - at(m, 1, 2) * at(m, 2, 1))
                - at(m, 0, 1) * (at(m, 1, 0) * at(m, 2, 2) - at(m, 1, 2) * at(m, 2, 0))
                + at(m, 0, 2) * (at(m, 1, 0) * at(m, 2, 1) - at(m, 1, 1) * at(m, 2, 0))
        }
        _ => T::det_large(m),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nalgebra::vector;

    #[test]
    fn triple_product_matches_cross_products() {
        let u = vector![1.0, 2.0, -1.0];
        let v = vector![0.5, -3.0, 2.0];
        let via_cross = cross3(&cross3(&u, &v).unwrap(), &u).unwrap();
        assert_eq!(reject(&u, &v), via_cross);
        // In 2D it is Eric's perpendicular scaled by its dot product with v.
        let u2 = vector![3.0, 1.0];
        let v2 = vector![-1.0, 2.0];
        let p = perp2(&u2).unwrap();
        assert_eq!(reject(&u2, &v2), p * dot(&p, &v2));
    }

    #[test]
    fn floor_log2_is_the_floor_of_log2() {
        let mut x = 1.0e-310_f64;
        let mut checked = 0;
        while x < 1.0e300 {
            for y in [
                x,
                x.next_up(),
                x.next_down(),
                x * 1.5,
                (x * 2.0).next_down(),
            ] {
                assert_eq!(floor_log2(y), y.log2().floor() as i32, "{y:e}");
                checked += 1;
            }
            x *= 1.618;
        }
        assert!(checked > 5000);
    }

    #[test]
    fn small_products() {
        let u = vector![1.0, 0.0, 0.0];
        let v = vector![0.0, 1.0, 0.0];
        assert_eq!(cross3(&u, &v), Some(vector![0.0, 0.0, 1.0]));
        assert_eq!(cross3(&vector![1.0, 2.0], &vector![3.0, 4.0]), None);
        assert_eq!(cross2(&vector![1.0, 2.0], &vector![3.0, 4.0]), Some(-2.0));
        assert_eq!(perp2(&vector![1.0, 2.0]), Some(vector![-2.0, 1.0]));
        assert!(is_zero(&vector![0.0f32, 0.0]));
        assert_eq!(norm2(&vector![3.0, 4.0]), 25.0);
    }
}
