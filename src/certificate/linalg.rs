//! The verifier's own exact linear algebra (it shares nothing with the
//! loops): determinants by Gaussian elimination over the rationals, and the
//! generalised cross product.

use num_traits::{One, Zero};

use crate::scalar::Rational;
use crate::vector::Vector;

/// The determinant of the square matrix whose rows are `rows` (each as
/// long as there are rows; `1` for no rows).
fn det_rows(mut m: Vec<Vec<Rational>>) -> Rational {
    let n = m.len();
    let mut d = Rational::one();
    for col in 0..n {
        let Some(p) = (col..n).find(|&r| !m[r][col].is_zero()) else {
            return Rational::zero();
        };
        if p != col {
            m.swap(p, col);
            d = -d;
        }
        let pivot_row = m[col].clone();
        let pivot = &pivot_row[col];
        d *= pivot;
        for row in m.iter_mut().skip(col + 1) {
            if row[col].is_zero() {
                continue;
            }
            let f = &row[col] / pivot;
            for (x, y) in row[col..].iter_mut().zip(&pivot_row[col..]) {
                *x -= &f * y;
            }
        }
    }
    d
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
