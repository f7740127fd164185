//! The verifier's own exact linear algebra (it shares nothing with the
//! loops): determinants by fraction-free elimination over integers, and the
//! generalised cross product.

use num_bigint::BigInt;
use num_traits::{One, ToPrimitive, Zero};

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
    if let Some(mut small) = narrow(&a) {
        if let Some(found) = bareiss(&mut small) {
            return found.map_or_else(BigInt::zero, |(d, odd)| signed(d.into(), odd));
        }
    }
    bareiss(&mut a)
        .expect("big integers do not overflow")
        .map_or_else(BigInt::zero, |(d, odd)| signed(d, odd))
}

/// `x`, negated when `odd` (a permutation's sign).
fn signed(x: BigInt, odd: bool) -> BigInt {
    if odd {
        -x
    } else {
        x
    }
}

/// The integers the eliminations run over: `i128` with every operation
/// checked (`None` on an overflow), and big integers (never `None`).
trait Exact: Clone + Zero + One {
    /// `x·y`.
    fn times(x: &Self, y: &Self) -> Option<Self>;
    /// `x − y`.
    fn minus(x: &Self, y: &Self) -> Option<Self>;
    /// `x / y`, the division exact (`None` only for `i128::MIN / −1`, whose
    /// quotient overflows).
    fn div_exact(x: &Self, y: &Self) -> Option<Self>;
    /// `−x`.
    fn negate(x: &Self) -> Option<Self>;
    /// `x·y − z·w`.
    fn mul_sub(x: &Self, y: &Self, z: &Self, w: &Self) -> Option<Self> {
        Self::minus(&Self::times(x, y)?, &Self::times(z, w)?)
    }
}

impl Exact for i128 {
    fn times(x: &Self, y: &Self) -> Option<Self> {
        x.checked_mul(*y)
    }
    fn minus(x: &Self, y: &Self) -> Option<Self> {
        x.checked_sub(*y)
    }
    fn div_exact(x: &Self, y: &Self) -> Option<Self> {
        x.checked_div(*y)
    }
    fn negate(x: &Self) -> Option<Self> {
        x.checked_neg()
    }
}

impl Exact for BigInt {
    fn times(x: &Self, y: &Self) -> Option<Self> {
        Some(x * y)
    }
    fn minus(x: &Self, y: &Self) -> Option<Self> {
        Some(x - y)
    }
    fn div_exact(x: &Self, y: &Self) -> Option<Self> {
        Some(x / y)
    }
    fn negate(x: &Self) -> Option<Self> {
        Some(-x)
    }
}

/// Bareiss's elimination in place on the `n` rows of `a` (rows of `n` or
/// more entries; the columns past `n` are carried along): the last pivot
/// `det Pa` of the leading block with its rows permuted, and whether the
/// permutation is odd; `Some(None)` when that block is singular, `None`
/// when an `i128` operation overflows.
fn bareiss<I: Exact>(a: &mut [Vec<I>]) -> Option<Option<(I, bool)>> {
    let n = a.len();
    let mut negative = false;
    let mut previous = I::one();
    for k in 0..n {
        let Some(p) = (k..n).find(|&r| !a[r][k].is_zero()) else {
            return Some(None);
        };
        if p != k {
            a.swap(p, k);
            negative = !negative;
        }
        let (top, bottom) = a.split_at_mut(k + 1);
        let pivot_row = &top[k];
        for row in bottom.iter_mut() {
            for j in k + 1..row.len() {
                let x = I::mul_sub(&row[j], &pivot_row[k], &row[k], &pivot_row[j])?;
                row[j] = I::div_exact(&x, &previous)?;
            }
        }
        previous = pivot_row[k].clone();
    }
    Some(Some((previous, negative)))
}

/// Cramer's rule over the integers by one fraction-free elimination: for a
/// square `a` (rows) and a column `b`, `Some((det a, [det aᵢ]))` with `aᵢ`
/// being `a` with column `i` replaced by `b`, or `None` when `det a = 0`.
///
/// Bareiss's elimination ([`bareiss`]) runs on `[a | b]`; its pivots
/// `uᵢᵢ` are the leading minors of the row-permuted `Pa`, the last one
/// `d = det Pa`. The eliminated rows `Σ_{j≥i} uᵢⱼ xⱼ = cᵢ` keep the
/// solution `x` of `a x = b`, and `d xᵢ = det (Pa)ᵢ` is an integer (Cramer),
/// so from the last row up
/// `d xᵢ = (d cᵢ − Σ_{j>i} uᵢⱼ (d xⱼ)) / uᵢᵢ`, the division exact. One
/// elimination and one back substitution, where Cramer's rule determinant
/// by determinant takes `n + 1` eliminations.
///
/// The elimination runs first in `i128`, every operation checked
/// ([`solve_eliminated`]), and over big integers only after an overflow: the
/// same integers either way.
pub(crate) fn cramer(mut a: Vec<Vec<BigInt>>, b: Vec<BigInt>) -> Option<(BigInt, Vec<BigInt>)> {
    for (row, bi) in a.iter_mut().zip(b) {
        row.push(bi);
    }
    if let Some(small) = narrow(&a) {
        if let Some(found) = solve_eliminated(small) {
            return found.map(|(d, y)| (d.into(), y.into_iter().map(BigInt::from).collect()));
        }
    }
    solve_eliminated(a).expect("big integers do not overflow")
}

/// The matrix in `i128`, if every entry fits.
fn narrow(a: &[Vec<BigInt>]) -> Option<Vec<Vec<i128>>> {
    a.iter()
        .map(|row| row.iter().map(ToPrimitive::to_i128).collect())
        .collect()
}

/// [`cramer`] on `[a | b]` over `I`: `None` on an `i128` overflow,
/// `Some(None)` when `det a = 0`.
#[allow(clippy::type_complexity)] // Overflow, singular, or (det a, [det aᵢ]).
fn solve_eliminated<I: Exact>(mut a: Vec<Vec<I>>) -> Option<Option<(I, Vec<I>)>> {
    let n = a.len();
    let Some((d, negative)) = bareiss(&mut a)? else {
        return Some(None);
    };
    let mut y = vec![I::zero(); n];
    for i in (0..n).rev() {
        let mut s = I::times(&d, &a[i][n])?;
        for j in i + 1..n {
            s = I::minus(&s, &I::times(&a[i][j], &y[j])?)?;
        }
        y[i] = I::div_exact(&s, &a[i][i])?;
    }
    // det a = ±det Pa, and det aᵢ = (det a) xᵢ.
    if negative {
        let y = y.iter().map(I::negate).collect::<Option<Vec<I>>>()?;
        Some(Some((I::negate(&d)?, y)))
    } else {
        Some(Some((d, y)))
    }
}

/// [`cross`] over integers: `n_j = (−1)^j det(E without column j)` for
/// the edges `eᵢ = qᵢ − q₀` of `N` integer points.
///
/// All `N` minors from one [`cramer`] call: with `A` the `N − 1` columns
/// of `E` other than `c` (in order) and `b` column `c`,
/// `n_c = (−1)^c det A`, and for `j ≠ c` the minor without column `j` is
/// `Aⱼ` (column `j` replaced by `b`) with `b` moved to its place, `|j − c| − 1`
/// adjacent swaps: `n_j = (−1)^j (−1)^{|j−c|−1} det Aⱼ = −(−1)^c det Aⱼ`.
/// The column `c` is the last whose `A` is not singular; when every `A`
/// is, every minor is zero and so is `n`.
pub(crate) fn cross_integer<const N: usize>(q: &[&[BigInt; N]]) -> [BigInt; N] {
    let edges: Vec<[BigInt; N]> = q[1..]
        .iter()
        .map(|x| std::array::from_fn(|c| &x[c] - &q[0][c]))
        .collect();
    for c in (0..N).rev() {
        let a: Vec<Vec<BigInt>> = edges
            .iter()
            .map(|e| (0..N).filter(|&j| j != c).map(|j| e[j].clone()).collect())
            .collect();
        let b = edges.iter().map(|e| e[c].clone()).collect();
        if let Some((det_a, det_aj)) = cramer(a, b) {
            let odd = c % 2 == 1;
            let mut rest = det_aj.into_iter();
            return std::array::from_fn(|j| {
                if j == c {
                    if odd {
                        -det_a.clone()
                    } else {
                        det_a.clone()
                    }
                } else {
                    let m = rest.next().unwrap_or_default();
                    if odd {
                        m
                    } else {
                        -m
                    }
                }
            });
        }
    }
    std::array::from_fn(|_| BigInt::zero())
}

/// `det[q₀; …; q_{k−1}]` for `k = N` points (rows); for the intersecting
/// certificate's `N` edges as well.
pub(crate) fn det<const N: usize>(q: &[Vector<Rational, N>]) -> Rational {
    det_rows(q.iter().map(|r| r.iter().cloned().collect()).collect())
}

/// `det[q₀; …; q_{k−1}] = 0` (square rows, as [`det`]), decided first
/// modulo the prime `P = 2⁶¹ − 1`.
///
/// Reduction modulo `P` maps every rational whose denominator `P` does not
/// divide into the field `ℤ/P`, and respects `+` and `×`; a determinant is
/// a polynomial in the entries, so the reduction of `det M` is the
/// determinant of the reduced matrix. If that is not zero, `det M` is not
/// zero: proved, at the cost of `k³` operations on 64-bit words. Only a
/// reduced determinant of zero, or a denominator that `P` divides, takes
/// the exact determinant ([`det`]): then `det M` is zero, or a non-zero
/// multiple of `P` (a chance of about `2⁻⁶¹` for entries that are not
/// chosen to be one), which the exact determinant tells apart.
pub(crate) fn det_is_zero<const N: usize>(q: &[Vector<Rational, N>]) -> bool {
    let reduced: Option<Vec<Vec<u64>>> = q
        .iter()
        .map(|row| row.iter().map(modular::residue).collect())
        .collect();
    if reduced.is_some_and(|m| modular::det(m) != 0) {
        return false;
    }
    det(q).is_zero()
}

/// Arithmetic modulo the Mersenne prime `P = 2⁶¹ − 1` ([`det_is_zero`]).
mod modular {
    use num_bigint::{BigInt, Sign};

    use crate::lowest_terms;
    use crate::scalar::Rational;

    /// The prime `2⁶¹ − 1`.
    pub(super) const P: u64 = (1 << 61) - 1;

    fn mul(a: u64, b: u64) -> u64 {
        ((u128::from(a) * u128::from(b)) % u128::from(P)) as u64
    }

    fn sub(a: u64, b: u64) -> u64 {
        (a + P - b) % P
    }

    /// `a^e mod P`.
    fn pow(mut a: u64, mut e: u64) -> u64 {
        let mut r = 1;
        while e > 0 {
            if e & 1 == 1 {
                r = mul(r, a);
            }
            a = mul(a, a);
            e >>= 1;
        }
        r
    }

    /// `x mod P` of an integer, in `0..P`: `2⁶⁴ ≡ 2³ (mod P)`, since
    /// `2⁶¹ ≡ 1`, so each 64-bit digit from the top folds in as `8r + d`.
    pub(super) fn integer(x: &BigInt) -> u64 {
        let r = x.iter_u64_digits().rev().fold(0u64, |r, d| {
            ((8 * u128::from(r) + u128::from(d)) % u128::from(P)) as u64
        });
        if x.sign() == Sign::Minus {
            sub(0, r)
        } else {
            r
        }
    }

    /// `x mod P` of a rational, `None` when `P` divides its denominator.
    /// Denominators that are powers of two (the values of doubles) have
    /// the inverse `2^(−k mod 61)`, since `2⁶¹ ≡ 1`; others take Fermat's
    /// `d^(P−2)`.
    pub(super) fn residue(x: &Rational) -> Option<u64> {
        // Rationals keep a positive denominator (`Ratio`'s invariant, and
        // `lowest_terms::new`'s): its sign is not looked at below.
        debug_assert!(x.denom().sign() == Sign::Plus, "{x}");
        let n = integer(x.numer());
        let inverse = match lowest_terms::power_of_two(x.denom().magnitude()) {
            Some(k) => pow(2, (61 - k % 61) % 61),
            None => {
                let d = integer(x.denom());
                if d == 0 {
                    return None;
                }
                pow(d, P - 2)
            }
        };
        Some(mul(n, inverse))
    }

    /// The determinant of a square matrix over `ℤ/P`, by Gaussian
    /// elimination.
    pub(super) fn det(mut a: Vec<Vec<u64>>) -> u64 {
        let n = a.len();
        let mut det = 1;
        for k in 0..n {
            let Some(p) = (k..n).find(|&r| a[r][k] != 0) else {
                return 0;
            };
            if p != k {
                a.swap(p, k);
                det = sub(0, det);
            }
            det = mul(det, a[k][k]);
            let inverse = pow(a[k][k], P - 2);
            let (top, bottom) = a.split_at_mut(k + 1);
            let pivot_row = &top[k];
            for row in bottom.iter_mut() {
                let f = mul(row[k], inverse);
                for j in k + 1..n {
                    row[j] = sub(row[j], mul(f, pivot_row[j]));
                }
            }
        }
        det
    }
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
/// `xᵢ = det Mᵢ / det M` (`Mᵢ`: `M` with column `i` replaced by `r`), all
/// from one elimination ([`cramer`]). One gcd per unknown, where
/// elimination over rationals takes one per operation.
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
    let (d, numerators) = cramer(big, r)?;
    Some(
        numerators
            .into_iter()
            .map(|ni| lowest_terms::new(ni, d.clone()))
            .collect(),
    )
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_util::Lcg;
    use num_bigint::BigInt;
    use num_integer::Integer;
    use num_traits::ToPrimitive;

    /// Residues against `BigInt`'s own remainder: integers of one to
    /// twenty 64-bit digits of either sign, and `±m / 2^k` for `k` up to
    /// 1,100 (past every multiple of 61).
    #[test]
    fn residues_agree_with_big_integer_remainders() {
        let p = BigInt::from(modular::P);
        let reference = |x: &BigInt| x.mod_floor(&p).to_u64().unwrap();
        let mut g = Lcg(7);
        for digits in 1..=20 {
            for _ in 0..20 {
                let mut x = BigInt::zero();
                for _ in 0..digits {
                    x = (x << 64) + BigInt::from(g.word());
                }
                for x in [x.clone(), -x] {
                    assert_eq!(modular::integer(&x), reference(&x), "{x}");
                }
            }
        }
        for k in (0..1100usize).step_by(7) {
            let m = BigInt::from(g.int(-(1 << 52), 1 << 52));
            let x = Rational::new(m.clone(), BigInt::one() << k);
            let r = modular::residue(&x).unwrap();
            // r · d ≡ n (mod P) for x = n / d in lowest terms.
            let back = (BigInt::from(r) * x.denom()).mod_floor(&p);
            assert_eq!(back, x.numer().mod_floor(&p), "k = {k}");
        }
    }

    /// An integer of one of three kinds: small (`−2..=2`, so that many
    /// matrices are singular), of `g.int` size, or of up to 320 bits.
    fn entry(g: &mut Lcg) -> BigInt {
        match g.int(0, 2) {
            0 => BigInt::from(g.int(-2, 2)),
            1 => BigInt::from(g.int(-(1 << 40), 1 << 40)),
            _ => {
                let x = (0..g.int(1, 5)).fold(BigInt::zero(), |x, _| (x << 64) + g.word());
                if g.int(0, 1) == 0 {
                    x
                } else {
                    -x
                }
            }
        }
    }

    /// `det m` by Leibniz's formula, a sum over permutations: a reference
    /// that shares no code with the eliminations (sizes up to `6 × 6`).
    fn leibniz(m: &[Vec<BigInt>]) -> BigInt {
        fn go(m: &[Vec<BigInt>], row: usize, used: &mut Vec<bool>, sign: bool) -> BigInt {
            if row == m.len() {
                return if sign { -BigInt::one() } else { BigInt::one() };
            }
            let mut sum = BigInt::zero();
            for c in 0..m.len() {
                if used[c] || m[row][c].is_zero() {
                    continue;
                }
                // Inversions added by column `c`: used columns to its right.
                let flips = used[c + 1..].iter().filter(|&&u| u).count() % 2 == 1;
                used[c] = true;
                sum += &m[row][c] * go(m, row + 1, used, sign ^ flips);
                used[c] = false;
            }
            sum
        }
        go(m, 0, &mut vec![false; m.len()], false)
    }

    /// The cross product from one elimination equals its definition, minor
    /// by minor (each by [`leibniz`]), in 1D to 6D: points in general
    /// position, rank-deficient (a point the sum of two others), with a
    /// repeated point, and on a plane `x_k = const` (the normal along `e_k`:
    /// the complements of the last columns are singular, so `cross_integer`
    /// solves for another column and places the other minors around it).
    #[test]
    fn cross_from_one_elimination_equals_the_minors() {
        fn check<const N: usize>(g: &mut Lcg) {
            for case in 0..200 {
                let mut q: Vec<[BigInt; N]> =
                    (0..N).map(|_| std::array::from_fn(|_| entry(g))).collect();
                match case % 4 {
                    1 if N >= 3 => {
                        q[N - 1] = std::array::from_fn(|c| &q[0][c] + &q[1][c] - &q[2][c])
                    }
                    2 if N >= 2 => q[N - 1] = q[0].clone(),
                    3 => {
                        let k = g.int(0, N as i64 - 1) as usize;
                        let x = entry(g);
                        q.iter_mut().for_each(|p| p[k] = x.clone());
                    }
                    _ => {}
                }
                let refs: Vec<&[BigInt; N]> = q.iter().collect();
                let edges: Vec<Vec<BigInt>> = q[1..]
                    .iter()
                    .map(|x| (0..N).map(|c| &x[c] - &q[0][c]).collect())
                    .collect();
                let want: Vec<BigInt> = (0..N)
                    .map(|j| {
                        let minor: Vec<Vec<BigInt>> = edges
                            .iter()
                            .map(|e| (0..N).filter(|&c| c != j).map(|c| e[c].clone()).collect())
                            .collect();
                        let d = leibniz(&minor);
                        if j % 2 == 0 {
                            d
                        } else {
                            -d
                        }
                    })
                    .collect();
                assert_eq!(cross_integer(&refs).to_vec(), want, "N = {N}, q = {q:?}");
            }
        }
        let mut g = Lcg(5);
        check::<1>(&mut g);
        check::<2>(&mut g);
        check::<3>(&mut g);
        check::<4>(&mut g);
        check::<5>(&mut g);
        check::<6>(&mut g);
    }

    /// Cramer's rule from one elimination equals its definition: `None`
    /// exactly when `det a = 0`, else `det a` and every `det aᵢ`, each by
    /// [`leibniz`]; `0 × 0` to `5 × 5`, a third of the matrices with a
    /// repeated row, a third with zeros where the pivots fall (rows are
    /// swapped); [`det_integer`] against [`leibniz`] as well.
    #[test]
    fn cramer_from_one_elimination_equals_the_determinants() {
        let mut g = Lcg(9);
        for n in 0..=5 {
            for case in 0..150 {
                let mut a: Vec<Vec<BigInt>> = (0..n)
                    .map(|_| (0..n).map(|_| entry(&mut g)).collect())
                    .collect();
                match case % 3 {
                    0 if n >= 2 => a[n - 1] = a[0].clone(),
                    1 => (0..n.saturating_sub(1)).for_each(|r| a[r][r % 2] = BigInt::zero()),
                    _ => {}
                }
                let b: Vec<BigInt> = (0..n).map(|_| entry(&mut g)).collect();
                let d = leibniz(&a);
                assert_eq!(det_integer(a.clone()), d, "a = {a:?}");
                let got = cramer(a.clone(), b.clone());
                if d.is_zero() {
                    assert_eq!(got, None, "a = {a:?}, b = {b:?}");
                    continue;
                }
                assert_eq!(
                    got,
                    Some((d, replaced_dets(&a, &b))),
                    "a = {a:?}, b = {b:?}"
                );
            }
        }
    }

    /// Every `det aᵢ` (`a` with column `i` replaced by `b`), by [`leibniz`].
    fn replaced_dets(a: &[Vec<BigInt>], b: &[BigInt]) -> Vec<BigInt> {
        (0..a.len())
            .map(|i| {
                let mut ai = a.to_vec();
                for (row, bi) in ai.iter_mut().zip(b) {
                    row[i] = bi.clone();
                }
                leibniz(&ai)
            })
            .collect()
    }

    /// The `i128` elimination hands over to big integers when a step
    /// overflows, not only when an entry does not fit: `5 × 5` matrices of
    /// entries near `2⁴⁰` fit, but their later minors do not. The answer is
    /// the definition's either way, and small matrices never overflow.
    /// An `i128` quotient can overflow too: `i128::MIN / −1`. Here the
    /// second step of the elimination divides `2⁶⁴ · (−2⁶³) = −2¹²⁷` by the
    /// first pivot, `−1`; the determinant, `2¹²⁷`, needs big integers. The
    /// unchecked division panicked.
    #[test]
    fn a_quotient_past_i128_goes_to_big_integers() {
        let m = |rows: [[i128; 3]; 3]| -> Vec<Vec<BigInt>> {
            rows.iter()
                .map(|r| r.iter().map(|&x| BigInt::from(x)).collect())
                .collect()
        };
        let a = m([[-1, 0, 0], [0, -(1 << 64), 0], [0, 0, 1 << 63]]);
        assert_eq!(det_integer(a.clone()), BigInt::from(1) << 127);
        let (d, _) = cramer(a, vec![BigInt::from(0); 3]).expect("regular");
        assert_eq!(d, BigInt::from(1) << 127);
    }

    #[test]
    fn cramer_hands_an_overflowing_elimination_to_big_integers() {
        let mut g = Lcg(17);
        let (mut overflowed, mut small) = (0, 0);
        for case in 0..60 {
            let span = if case % 2 == 0 { 1 << 40 } else { 1 << 12 };
            let a: Vec<Vec<BigInt>> = (0..5)
                .map(|_| (0..5).map(|_| BigInt::from(g.int(-span, span))).collect())
                .collect();
            let b: Vec<BigInt> = (0..5).map(|_| BigInt::from(g.int(-span, span))).collect();
            let mut ab = a.clone();
            for (row, bi) in ab.iter_mut().zip(&b) {
                row.push(bi.clone());
            }
            let fast = solve_eliminated::<i128>(narrow(&ab).expect("entries fit in i128"));
            match (span, &fast) {
                (4096, Some(_)) => small += 1,
                (4096, None) => panic!("5 × 5 of 13-bit entries overflowed: {a:?}"),
                (_, None) => overflowed += 1,
                _ => {}
            }
            let d = leibniz(&a);
            assert_eq!(
                cramer(a.clone(), b.clone()),
                Some((d.clone(), replaced_dets(&a, &b))),
                "a = {a:?}, b = {b:?}"
            );
            assert_eq!(det_integer(a.clone()), d, "a = {a:?}");
        }
        assert_eq!(small, 30);
        assert!(overflowed >= 25, "only {overflowed} of 30 overflowed");
    }

    /// The filter decides by itself (a non-zero residue determinant) on
    /// random non-singular matrices, so the exact determinant is not what
    /// answers there.
    #[test]
    fn the_filter_decides_non_singular_matrices() {
        let mut g = Lcg(11);
        for _ in 0..100 {
            let q: Vec<Vector<Rational, 4>> = (0..4)
                .map(|_| {
                    Vector::<Rational, 4>::from_fn(|_, _| {
                        let (n, d) = (g.int(-1000, 1000), g.int(1, 999));
                        Rational::new(BigInt::from(n), BigInt::from(d))
                    })
                })
                .collect();
            if det(&q).is_zero() {
                continue;
            }
            let m: Vec<Vec<u64>> = q
                .iter()
                .map(|r| r.iter().map(|x| modular::residue(x).unwrap()).collect())
                .collect();
            assert_ne!(modular::det(m), 0, "{q:?}");
        }
    }
}
