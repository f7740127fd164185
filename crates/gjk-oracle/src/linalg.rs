//! Exact dense linear algebra over the rationals: Gaussian elimination for
//! rank, determinants and square solves.
//!
//! nalgebra's determinant and solvers need `ComplexField`, which
//! [`Rational`] is not; these are the few small routines the oracle needs,
//! written for exactness rather than speed (pivot: the first non-zero entry of
//! the column — with exact arithmetic there is no reason to prefer a large one).

use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, ToPrimitive, Zero};

use gjk::scalar::Rational;

/// Row-reduces `m` in place to row echelon form; returns the pivot columns
/// and the sign of the row permutation (`true` = odd).
fn echelon(m: &mut [Vec<Rational>]) -> (Vec<usize>, bool) {
    let rows = m.len();
    let cols = m.first().map_or(0, |r| r.len());
    let mut pivots = Vec::new();
    let mut odd = false;
    let mut r = 0;
    for c in 0..cols {
        if r == rows {
            break;
        }
        let Some(p) = (r..rows).find(|&i| !m[i][c].is_zero()) else {
            continue;
        };
        if p != r {
            m.swap(p, r);
            odd = !odd;
        }
        let pivot_row = m[r].clone();
        for row in m.iter_mut().skip(r + 1) {
            if row[c].is_zero() {
                continue;
            }
            let f = row[c].clone() / pivot_row[c].clone();
            for (x, y) in row.iter_mut().zip(&pivot_row).skip(c) {
                *x -= f.clone() * y.clone();
            }
        }
        pivots.push(c);
        r += 1;
    }
    (pivots, odd)
}

/// The rank of a matrix given by its rows.
pub fn rank(rows: &[Vec<Rational>]) -> usize {
    let mut m = rows.to_vec();
    echelon(&mut m).0.len()
}

/// The determinant of a square matrix given by its rows.
pub fn det(rows: &[Vec<Rational>]) -> Rational {
    let n = rows.len();
    let mut m = rows.to_vec();
    let (pivots, odd) = echelon(&mut m);
    if pivots.len() < n {
        return Rational::zero();
    }
    let mut d = Rational::one();
    for (i, row) in m.iter().enumerate() {
        d *= row[i].clone();
    }
    if odd {
        -d
    } else {
        d
    }
}

/// The solution `x` of the square system `a x = b`, or `None` when `a` is
/// singular.
pub fn solve(a: &[Vec<Rational>], b: &[Rational]) -> Option<Vec<Rational>> {
    let n = a.len();
    let mut m: Vec<Vec<Rational>> = a
        .iter()
        .zip(b)
        .map(|(row, bi)| {
            let mut r = row.clone();
            r.push(bi.clone());
            r
        })
        .collect();
    let (pivots, _) = echelon(&mut m);
    if pivots.len() < n || pivots.iter().enumerate().any(|(i, &c)| c != i) {
        return None;
    }
    let mut x = vec![Rational::zero(); n];
    for i in (0..n).rev() {
        let mut s = m[i][n].clone();
        for j in i + 1..n {
            s -= m[i][j].clone() * x[j].clone();
        }
        x[i] = s / m[i][i].clone();
    }
    Some(x)
}

/// `u · v` for coordinate rows.
pub fn dot(u: &[Rational], v: &[Rational]) -> Rational {
    u.iter()
        .zip(v)
        .fold(Rational::zero(), |s, (a, b)| s + a.clone() * b.clone())
}

/// `u − v` for coordinate rows.
pub fn sub(u: &[Rational], v: &[Rational]) -> Vec<Rational> {
    u.iter()
        .zip(v)
        .map(|(a, b)| a.clone() - b.clone())
        .collect()
}

/// `Σ wᵢ pᵢ`.
pub fn combine(points: &[&Vec<Rational>], weights: &[Rational], dim: usize) -> Vec<Rational> {
    let mut out = vec![Rational::zero(); dim];
    for (p, w) in points.iter().zip(weights) {
        for (o, x) in out.iter_mut().zip(p.iter()) {
            *o += w.clone() * x.clone();
        }
    }
    out
}

/// The point of the affine hull of `points` closest to the origin, and its
/// affine coordinates `λ` (`Σλᵢ = 1`, `v = Σλᵢpᵢ`); `None` when the points are
/// affinely dependent.
///
/// With `eᵢ = pᵢ − p₀`, `v = p₀ + Σ tᵢ eᵢ` is closest when `v ⟂ eⱼ` for every
/// `j`: the Gram system `Σᵢ (eⱼ·eᵢ) tᵢ = −eⱼ·p₀`, regular exactly when the
/// `eᵢ` are linearly independent. Then `λ₀ = 1 − Σtᵢ`, `λᵢ = tᵢ`.
pub fn project_origin(points: &[&Vec<Rational>]) -> Option<(Vec<Rational>, Vec<Rational>)> {
    let p0 = points.first()?;
    let e: Vec<Vec<Rational>> = points[1..].iter().map(|p| sub(p, p0)).collect();
    let gram: Vec<Vec<Rational>> = e
        .iter()
        .map(|ej| e.iter().map(|ei| dot(ej, ei)).collect())
        .collect();
    let rhs: Vec<Rational> = e.iter().map(|ej| -dot(ej, p0)).collect();
    let t = solve(&gram, &rhs)?;
    let mut lambda = Vec::with_capacity(points.len());
    lambda.push(t.iter().fold(Rational::one(), |s, x| s - x.clone()));
    lambda.extend(t);
    let v = combine(points, &lambda, p0.len());
    Some((v, lambda))
}

/// The points scaled by the least common multiple `s` of their coordinates'
/// denominators and divided by the gcd `g` of the resulting coordinates
/// (their content; `1` when all are zero): integer points with no common
/// factor, and `(s, g)`. Scaling `A − B` by `s/g > 0` scales every distance
/// by `s/g` and changes no direction and no affine coordinate; the callers
/// scale their answers back. (Integer arithmetic is several times faster
/// than rational arithmetic, which reduces every step by a gcd. `g` shares
/// no factor with `s`, so it is above 1 only when every coordinate is an
/// integer; then it is often large, `2^e` for the fuzz targets' raw points
/// `m · 2^e`, and dividing it out keeps more of the work in `i128`.)
pub fn to_integers(points: &[&Vec<Rational>]) -> (Vec<Vec<BigInt>>, BigInt, BigInt) {
    let s = points
        .iter()
        .flat_map(|p| p.iter())
        .fold(BigInt::one(), |l, x| l.lcm(x.denom()));
    let ints: Vec<Vec<BigInt>> = points
        .iter()
        .map(|p| p.iter().map(|x| x.numer() * (&s / x.denom())).collect())
        .collect();
    let g = ints
        .iter()
        .flatten()
        .fold(BigInt::zero(), |g, x| g.gcd(x))
        .max(BigInt::one());
    let ints = ints
        .into_iter()
        .map(|p| p.into_iter().map(|x| x / &g).collect())
        .collect();
    (ints, s, g)
}

/// The points in `i128`, each `None` where a coordinate does not fit: the
/// enumerations' fast paths run on these.
pub fn in_i128(points: &[Vec<BigInt>]) -> Vec<Option<Vec<i128>>> {
    points
        .iter()
        .map(|p| p.iter().map(ToPrimitive::to_i128).collect())
        .collect()
}

/// The determinant of a square integer matrix by Bareiss's fraction-free
/// elimination (every division is exact; `O(k³)` operations on integers no
/// larger than the minors), `1` for the empty matrix. The same elimination
/// runs first in `i128`, every operation checked ([`det_i128`]), and over
/// big integers only when an entry or an intermediate minor does not fit.
pub fn det_int(m: Vec<Vec<BigInt>>) -> BigInt {
    if let Some(d) = det_i128(&m) {
        return d.into();
    }
    bareiss(m).expect("big integers do not overflow")
}

/// [`det_int`]'s elimination in checked `i128`: `None` when an entry does
/// not fit or an operation overflows. (Every intermediate is a minor of
/// the matrix, so the integers are those of the big-integer run. Raw fuzz
/// inputs, 16-bit integers up to a power of two, fit in 6D.)
fn det_i128(rows: &[Vec<BigInt>]) -> Option<i128> {
    let m: Vec<Vec<i128>> = rows
        .iter()
        .map(|r| r.iter().map(ToPrimitive::to_i128).collect())
        .collect::<Option<_>>()?;
    bareiss(m)
}

/// The integers the eliminations run over: `i128` with every operation
/// checked (`None` on an overflow, `i128::MIN / −1` included), and big
/// integers (never `None`).
pub trait Int: Clone + Zero + One + PartialOrd {
    /// `a − b`.
    fn minus(a: &Self, b: &Self) -> Option<Self>;
    /// `u · v`.
    fn dot(u: &[Self], v: &[Self]) -> Option<Self>;
    /// `a·b − c·d`.
    fn mul_sub(a: &Self, b: &Self, c: &Self, d: &Self) -> Option<Self>;
    /// `a / b`, the division exact.
    fn div_exact(a: &Self, b: &Self) -> Option<Self>;
    /// `−a`.
    fn negate(a: &Self) -> Option<Self>;
}

impl Int for i128 {
    fn minus(a: &Self, b: &Self) -> Option<Self> {
        a.checked_sub(*b)
    }
    fn dot(u: &[Self], v: &[Self]) -> Option<Self> {
        u.iter()
            .zip(v)
            .try_fold(0i128, |s, (x, y)| s.checked_add(x.checked_mul(*y)?))
    }
    fn mul_sub(a: &Self, b: &Self, c: &Self, d: &Self) -> Option<Self> {
        a.checked_mul(*b)?.checked_sub(c.checked_mul(*d)?)
    }
    fn div_exact(a: &Self, b: &Self) -> Option<Self> {
        a.checked_div(*b)
    }
    fn negate(a: &Self) -> Option<Self> {
        a.checked_neg()
    }
}

impl Int for BigInt {
    fn minus(a: &Self, b: &Self) -> Option<Self> {
        Some(a - b)
    }
    fn dot(u: &[Self], v: &[Self]) -> Option<Self> {
        Some(dot_int(u, v))
    }
    fn mul_sub(a: &Self, b: &Self, c: &Self, d: &Self) -> Option<Self> {
        Some(a * b - c * d)
    }
    fn div_exact(a: &Self, b: &Self) -> Option<Self> {
        Some(a / b)
    }
    fn negate(a: &Self) -> Option<Self> {
        Some(-a)
    }
}

/// Bareiss's elimination of a square matrix: its determinant, `None` on an
/// `i128` overflow.
fn bareiss<I: Int>(mut m: Vec<Vec<I>>) -> Option<I> {
    let k = m.len();
    let mut negate = false;
    let mut prev = I::one();
    for c in 0..k {
        if m[c][c].is_zero() {
            let Some(r) = (c + 1..k).find(|&r| !m[r][c].is_zero()) else {
                return Some(I::zero());
            };
            m.swap(c, r);
            negate = !negate;
        }
        for i in c + 1..k {
            for j in c + 1..k {
                let x = I::mul_sub(&m[i][j], &m[c][c], &m[i][c], &m[c][j])?;
                m[i][j] = I::div_exact(&x, &prev)?;
            }
        }
        prev = m[c][c].clone();
    }
    let d = if k == 0 { I::one() } else { prev };
    if negate {
        I::negate(&d)
    } else {
        Some(d)
    }
}

/// [`project_origin`] for integer points, fraction-free: `(D, L)` with
/// `D > 0` and the affine coordinates `λᵢ = Lᵢ / D` (so `ΣLᵢ = D` and
/// `D v = Σ Lᵢ pᵢ`), or `None` when the points are affinely dependent.
///
/// The same Gram system `G t = r` (`Gⱼᵢ = eⱼ·eᵢ`, `rⱼ = −eⱼ·p₀`), solved
/// by Cramer's rule over the integers: `D = det G` (positive for
/// independent `eᵢ`: `G` is then positive definite; zero otherwise),
/// `Lᵢ = det Gᵢ` (`G` with column `i` replaced by `r`) for `i ≥ 1`, and
/// `L₀ = D − Σ Lᵢ`.
pub fn project_origin_int(points: &[&Vec<BigInt>]) -> Option<(BigInt, Vec<BigInt>)> {
    let points: Vec<&[BigInt]> = points.iter().map(|p| p.as_slice()).collect();
    project_origin_over(&points).expect("big integers do not overflow")
}

/// [`project_origin_int`] over the integers `I`: `None` on an `i128`
/// overflow, else its answer (the same integers in either type).
pub fn project_origin_over<I: Int>(points: &[&[I]]) -> Option<Option<(I, Vec<I>)>> {
    let Some(p0) = points.first() else {
        return Some(None);
    };
    let e: Vec<Vec<I>> = points[1..]
        .iter()
        .map(|p| {
            p.iter()
                .zip(p0.iter())
                .map(|(x, y)| I::minus(x, y))
                .collect()
        })
        .collect::<Option<_>>()?;
    let gram: Vec<Vec<I>> = e
        .iter()
        .map(|ej| e.iter().map(|ei| I::dot(ej, ei)).collect())
        .collect::<Option<_>>()?;
    let d = bareiss(gram.clone())?;
    if d <= I::zero() {
        return Some(None);
    }
    let rhs: Vec<I> = e
        .iter()
        .map(|ej| I::negate(&I::dot(ej, p0)?))
        .collect::<Option<_>>()?;
    let mut l = vec![I::zero()];
    for i in 0..e.len() {
        let mut gi = gram.clone();
        for (row, r) in gi.iter_mut().zip(&rhs) {
            row[i] = r.clone();
        }
        l.push(bareiss(gi)?);
    }
    let mut l0 = d.clone();
    for x in &l[1..] {
        l0 = I::minus(&l0, x)?;
    }
    l[0] = l0;
    Some(Some((d, l)))
}

/// `u · v` for integer rows.
pub fn dot_int(u: &[BigInt], v: &[BigInt]) -> BigInt {
    u.iter().zip(v).map(|(x, y)| x * y).sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use gjk::scalar::integer;

    fn m(rows: &[&[i64]]) -> Vec<Vec<Rational>> {
        rows.iter()
            .map(|r| r.iter().map(|&x| integer(x)).collect())
            .collect()
    }

    #[test]
    fn determinants_ranks_and_solves() {
        assert_eq!(det(&m(&[&[2, 0], &[0, 3]])), integer(6));
        // One row swap: the sign flips.
        assert_eq!(det(&m(&[&[0, 1], &[1, 0]])), integer(-1));
        assert_eq!(det(&m(&[&[1, 2, 3], &[4, 5, 6], &[7, 8, 10]])), integer(-3));
        assert_eq!(det(&m(&[&[1, 2], &[2, 4]])), integer(0));
        assert_eq!(rank(&m(&[&[1, 2, 3], &[2, 4, 6], &[0, 0, 1]])), 2);
        assert_eq!(rank(&m(&[&[0, 0], &[0, 0]])), 0);
        let x = solve(&m(&[&[2, 1], &[1, 3]]), &[integer(3), integer(5)]).unwrap();
        // 2x + y = 3, x + 3y = 5  →  x = 4/5, y = 7/5
        assert_eq!(x, vec![integer(4) / integer(5), integer(7) / integer(5)]);
        assert!(solve(&m(&[&[1, 2], &[2, 4]]), &[integer(1), integer(2)]).is_none());
        // A leading zero needs a swap.
        let x = solve(&m(&[&[0, 1], &[1, 0]]), &[integer(7), integer(9)]).unwrap();
        assert_eq!(x, vec![integer(9), integer(7)]);
    }

    #[test]
    fn projections_of_the_origin() {
        let p = m(&[&[1, -1, 5], &[1, 3, 5]]);
        let (v, l) = project_origin(&[&p[0], &p[1]]).unwrap();
        // The line x = 1, z = 5: closest point (1, 0, 5), at 3/4 of the way.
        assert_eq!(v, vec![integer(1), integer(0), integer(5)]);
        assert_eq!(l, vec![integer(3) / integer(4), integer(1) / integer(4)]);
        let q = m(&[&[2, 2], &[2, 2]]);
        assert!(project_origin(&[&q[0], &q[1]]).is_none());
        let (v, l) = project_origin(&[&q[0]]).unwrap();
        assert_eq!((v, l), (vec![integer(2), integer(2)], vec![integer(1)]));
    }

    /// `det_int` over `i128` and, after an overflow, over big integers:
    /// both against the rational elimination.
    #[test]
    fn integer_determinants_overflowing_i128_or_not() {
        for bits in [4u32, 40, 70] {
            let rows: Vec<Vec<i128>> = (0..5i128)
                .map(|i| {
                    (0..5i128)
                        .map(|j| {
                            (((i * 7 + j * 13 + i * j * 5) % 17 - 8) << (bits - 4)) | ((i + j) % 3)
                        })
                        .collect()
                })
                .collect();
            let big: Vec<Vec<BigInt>> = rows
                .iter()
                .map(|r| r.iter().map(|&x| BigInt::from(x)).collect())
                .collect();
            let q: Vec<Vec<Rational>> = big
                .iter()
                .map(|r| r.iter().cloned().map(Rational::from_integer).collect())
                .collect();
            let want = det(&q);
            assert_eq!(
                Rational::from_integer(det_int(big.clone())),
                want,
                "{bits} bits"
            );
            // 4-bit entries stay in i128; 40-bit ones overflow it mid-way
            // (minors of 200 bits); 70-bit ones on the first product.
            assert_eq!(det_i128(&big).is_some(), bits == 4, "{bits} bits");
            assert!(!want.is_zero(), "{bits} bits: a singular example");
        }
    }

    /// `i128::MIN / −1` overflows: the second step here divides
    /// `2⁶⁴ · (−2⁶³)` by the first pivot `−1`; the determinant `2¹²⁷` needs
    /// big integers (the unchecked division panicked).
    #[test]
    fn a_quotient_past_i128_goes_to_big_integers() {
        let m: Vec<Vec<BigInt>> = [[-1i128, 0, 0], [0, -(1 << 64), 0], [0, 0, 1 << 63]]
            .iter()
            .map(|r| r.iter().map(|&x| BigInt::from(x)).collect())
            .collect();
        assert_eq!(det_i128(&m), None);
        assert_eq!(det_int(m), BigInt::from(1) << 127);
    }

    /// The distance enumeration's integer projection against the rational
    /// one it replaced (`project_origin`), on every subset of up to five of
    /// some integer points in 4D, dependent subsets included.
    #[test]
    fn the_integer_projection_is_the_rational_one() {
        let pts: Vec<Vec<i64>> = (0..8i64)
            .map(|k| {
                (0..4)
                    .map(|c| (k * 7 + c * 3 + k * c * k) % 11 - 5)
                    .collect()
            })
            .chain([vec![1, 1, 1, 1], vec![2, 2, 2, 2], vec![1, 1, 1, 1]])
            .collect();
        let q: Vec<Vec<Rational>> = pts
            .iter()
            .map(|p| p.iter().map(|&x| integer(x)).collect())
            .collect();
        let z: Vec<Vec<BigInt>> = pts
            .iter()
            .map(|p| p.iter().map(|&x| BigInt::from(x)).collect())
            .collect();
        let mut independent = 0;
        for mask in 1u32..(1 << pts.len()) {
            if mask.count_ones() > 5 {
                continue;
            }
            let idx: Vec<usize> = (0..pts.len()).filter(|&k| mask >> k & 1 == 1).collect();
            let want = project_origin(&idx.iter().map(|&k| &q[k]).collect::<Vec<_>>());
            let got = project_origin_int(&idx.iter().map(|&k| &z[k]).collect::<Vec<_>>());
            // The same integers in `i128` (they fit).
            let small: Vec<Vec<i128>> = idx
                .iter()
                .map(|&k| pts[k].iter().map(|&x| i128::from(x)).collect())
                .collect();
            let small = project_origin_over(&small.iter().map(Vec::as_slice).collect::<Vec<_>>());
            let small = small
                .expect("no overflow")
                .map(|(d, l)| (BigInt::from(d), l.into_iter().map(BigInt::from).collect()));
            assert_eq!(small, got, "subset {idx:?} in i128");
            let got = got.map(|(d, l)| {
                let lambda: Vec<Rational> =
                    l.into_iter().map(|x| Rational::new(x, d.clone())).collect();
                let pts: Vec<&Vec<Rational>> = idx.iter().map(|&k| &q[k]).collect();
                (combine(&pts, &lambda, 4), lambda)
            });
            assert_eq!(got, want, "subset {idx:?}");
            independent += usize::from(want.is_some());
        }
        // Both kinds of subset occur.
        assert!(independent > 100, "{independent}");
        // 2⁴⁰ coordinates: the Gram determinant of three edges (2²⁴⁰)
        // overflows `i128`; the big integers answer.
        let big: Vec<Vec<i128>> = (0..4i128)
            .map(|k| {
                (0..3)
                    .map(|c| ((k * 3 + c * 5 + k * c) % 7 - 3) << 40)
                    .collect()
            })
            .collect();
        assert_eq!(
            project_origin_over(&big.iter().map(Vec::as_slice).collect::<Vec<_>>()),
            None
        );
        let big: Vec<Vec<BigInt>> = big
            .iter()
            .map(|p| p.iter().map(|&x| BigInt::from(x)).collect())
            .collect();
        assert!(project_origin_int(&big.iter().collect::<Vec<_>>()).is_some());
    }
}
