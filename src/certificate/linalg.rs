//! The verifier's own exact linear algebra (it shares nothing with the
//! loops): determinants by fraction-free elimination over integers, and the
//! generalised cross product.

use num_bigint::BigInt;
use num_traits::{One, Zero};

use crate::lowest_terms;
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
            let s = row
                .iter()
                .fold(BigInt::one(), |l, x| lowest_terms::lcm(&l, x.denom()));
            let r = row.iter().map(|x| x.numer() * (&s / x.denom())).collect();
            scale *= s;
            r
        })
        .collect();
    lowest_terms::new(det_integer(a), scale)
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
/// singular (the exact mode's weights, [`crate::exact`]).
///
/// Over integers: with `L` the lcm of every denominator, `M = L m` and
/// `r = L rhs` are integer and `m x = rhs ⇔ M x = r`, so by Cramer's rule
/// `xᵢ = det Mᵢ / det M` (`Mᵢ`: `M` with column `i` replaced by `r`), each
/// determinant by Bareiss's elimination ([`det_integer`]). One gcd per
/// unknown, where elimination over rationals takes one per operation.
pub(crate) fn solve(m: Vec<Vec<Rational>>, rhs: Vec<Rational>) -> Option<Vec<Rational>> {
    let l = m
        .iter()
        .flatten()
        .chain(&rhs)
        .fold(BigInt::one(), |l, x| lowest_terms::lcm(&l, x.denom()));
    let scaled = |x: &Rational| x.numer() * (&l / x.denom());
    let big: Vec<Vec<BigInt>> = m
        .iter()
        .map(|row| row.iter().map(scaled).collect())
        .collect();
    let r: Vec<BigInt> = rhs.iter().map(scaled).collect();
    let d = det_integer(big.clone());
    if d.is_zero() {
        return None;
    }
    let solution = (0..big.len())
        .map(|i| {
            let mut mi = big.clone();
            for (row, ri) in mi.iter_mut().zip(&r) {
                row[i] = ri.clone();
            }
            lowest_terms::new(det_integer(mi), d.clone())
        })
        .collect();
    Some(solution)
}

/// `(Σ λᵢ xᵢ, Σ λᵢ)` exactly (as many weights as points).
///
/// Over common denominators: `λᵢ = nᵢ / D` with `D` the lcm of the
/// weights' denominators, and per coordinate `j`, `xᵢⱼ = Xᵢⱼ / Lⱼ`; then
/// `Σ λᵢ xᵢⱼ = (Σ nᵢ Xᵢⱼ) / (D Lⱼ)` and `Σ λᵢ = (Σ nᵢ) / D`, each reduced
/// once (a sum of reduced products takes two gcds per term). For points of
/// doubles the `Lⱼ` are powers of two.
pub(crate) fn combine<const N: usize>(
    x: &[Vector<Rational, N>],
    weights: &[Rational],
) -> (Vector<Rational, N>, Rational) {
    if let ([x], [w]) = (x, weights) {
        // One point: the common case of a vertex nearest, and nothing to sum.
        return if w.is_one() {
            (x.clone(), w.clone())
        } else {
            (x.map(|c| c * w), w.clone())
        };
    }
    let d = weights
        .iter()
        .fold(BigInt::one(), |l, w| lowest_terms::lcm(&l, w.denom()));
    let n: Vec<BigInt> = weights
        .iter()
        .map(|w| w.numer() * (&d / w.denom()))
        .collect();
    let point = Vector::<Rational, N>::from_fn(|j, _| {
        let terms = || {
            x.iter()
                .zip(&n)
                .filter(|(p, ni)| !ni.is_zero() && !p[j].is_zero())
        };
        let lj = terms().fold(BigInt::one(), |l, (p, _)| {
            lowest_terms::lcm(&l, p[j].denom())
        });
        let sum = terms().fold(BigInt::zero(), |acc, (p, ni)| {
            acc + ni * p[j].numer() * (&lj / p[j].denom())
        });
        lowest_terms::new(sum, &d * lj)
    });
    let sum = lowest_terms::new(n.iter().sum(), d);
    (point, sum)
}
