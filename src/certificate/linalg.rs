//! The verifier's own exact linear algebra (it shares nothing with the
//! loops): determinants by fraction-free elimination over integers, and the
//! generalised cross product.

use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Zero};

use crate::scalar::Rational;
use crate::vector::Vector;

/// The determinant of the square matrix whose rows are `rows` (each as
/// long as there are rows; `1` for no rows).
///
/// Each row is brought to integers over its own common denominator `s_r`
/// (`det M = det M' / Π s_r`), then Bareiss's fraction-free elimination:
/// after step `k` every entry below and right of the pivot is a
/// `(k+1) × (k+1)` minor of `M'`, so the division by the previous pivot is
/// exact, and the last pivot is `det M'`. One gcd in all, where Gaussian
/// elimination over rationals takes one per operation.
fn det_rows(m: Vec<Vec<Rational>>) -> Rational {
    let n = m.len();
    if n == 0 {
        return Rational::one();
    }
    let mut scale = BigInt::one();
    let a: Vec<Vec<BigInt>> = m
        .iter()
        .map(|row| {
            let s = row.iter().fold(BigInt::one(), |l, x| l.lcm(x.denom()));
            let r = row.iter().map(|x| x.numer() * (&s / x.denom())).collect();
            scale *= s;
            r
        })
        .collect();
    Rational::new(det_integer(a), scale)
}

/// The determinant of a square integer matrix (rows), by Bareiss's
/// fraction-free elimination (see [`det_rows`]).
pub(crate) fn det_integer(mut a: Vec<Vec<BigInt>>) -> BigInt {
    let n = a.len();
    let mut negative = false;
    let mut previous = BigInt::one();
    for k in 0..n {
        let Some(p) = (k..n).find(|&r| !a[r][k].is_zero()) else {
            return BigInt::zero();
        };
        if p != k {
            a.swap(p, k);
            negative = !negative;
        }
        let (top, bottom) = a.split_at_mut(k + 1);
        let pivot_row = &top[k];
        for row in bottom.iter_mut() {
            for j in k + 1..n {
                row[j] = (&row[j] * &pivot_row[k] - &row[k] * &pivot_row[j]) / &previous;
            }
        }
        previous = pivot_row[k].clone();
    }
    if negative {
        -previous
    } else {
        previous
    }
}

/// [`cross`] over integers: `n_j = (−1)^j det(E without column j)` for
/// the edges `eᵢ = qᵢ − q₀` of `N` integer points.
pub(crate) fn cross_integer<const N: usize>(q: &[&[BigInt; N]]) -> [BigInt; N] {
    let edges: Vec<[BigInt; N]> = q[1..]
        .iter()
        .map(|x| std::array::from_fn(|c| &x[c] - &q[0][c]))
        .collect();
    std::array::from_fn(|j| {
        let minor: Vec<Vec<BigInt>> = edges
            .iter()
            .map(|e| (0..N).filter(|&c| c != j).map(|c| e[c].clone()).collect())
            .collect();
        let d = det_integer(minor);
        if j % 2 == 0 {
            d
        } else {
            -d
        }
    })
}

/// `det[q₀; …; q_{k−1}]` for `k = N` points (rows); for the intersecting
/// certificate's `N` edges as well.
pub(crate) fn det<const N: usize>(q: &[Vector<Rational, N>]) -> Rational {
    det_rows(q.iter().map(|r| r.iter().cloned().collect()).collect())
}

/// The generalised cross product of the edges `eᵢ = qᵢ − q₀` of `N`
/// points: `n_j = (−1)^j det(E without column j)`, so `n · x = ±det[E; x]`
/// and `n ⊥ eᵢ`; `(1)` in 1D.
pub(crate) fn cross<const N: usize>(q: &[Vector<Rational, N>]) -> Vector<Rational, N> {
    let edges: Vec<Vector<Rational, N>> = q[1..].iter().map(|x| x - &q[0]).collect();
    Vector::<Rational, N>::from_fn(|j, _| {
        let minor: Vec<Vec<Rational>> = edges
            .iter()
            .map(|e| (0..N).filter(|&c| c != j).map(|c| e[c].clone()).collect())
            .collect();
        let d = det_rows(minor);
        if j % 2 == 0 {
            d
        } else {
            -d
        }
    })
}

/// The solution of `m x = rhs` (`m` square, rows), or `None` when `m` is
/// singular: Gaussian elimination over the rationals (the exact mode's
/// weights, [`crate::exact`]).
pub(crate) fn solve(mut m: Vec<Vec<Rational>>, mut rhs: Vec<Rational>) -> Option<Vec<Rational>> {
    let n = m.len();
    for col in 0..n {
        let p = (col..n).find(|&r| !m[r][col].is_zero())?;
        m.swap(p, col);
        rhs.swap(p, col);
        let pivot_row = m[col].clone();
        let pivot = &pivot_row[col];
        let pivot_rhs = rhs[col].clone();
        for (r, (row, y)) in m.iter_mut().zip(rhs.iter_mut()).enumerate() {
            if r == col || row[col].is_zero() {
                continue;
            }
            let f = &row[col] / pivot;
            for (x, p) in row[col..].iter_mut().zip(&pivot_row[col..]) {
                *x -= &f * p;
            }
            *y -= &f * &pivot_rhs;
        }
    }
    Some((0..n).map(|i| &rhs[i] / &m[i][i]).collect())
}
