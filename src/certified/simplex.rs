//! The enclosing-simplex certificate: `N + 1` points `wᵢ = aᵢ − bᵢ` of
//! `A − B` (`aᵢ ∈ A`, `bᵢ ∈ B`) whose simplex holds the origin in its
//! **interior**. Then the origin is interior to `A − B`: the shapes
//! penetrate.
//!
//! # The test: `N + 1` determinant signs
//!
//! The barycentric coordinates `λ` of the origin solve `Σ λᵢ wᵢ = 0`,
//! `Σ λᵢ = 1`, a square system with matrix `M` (columns `(wᵢ, 1)`). By
//! Cramer's rule, expanding the replaced column and then `det M` along its
//! row of ones,
//!
//! ```text
//! λᵢ = cᵢ / Σⱼ cⱼ,     cᵢ = (−1)ⁱ det W₋ᵢ,
//! ```
//!
//! where `W₋ᵢ` is the `N × N` matrix of the `wⱼ`, `j ≠ i`, in order (the
//! common sign `(−1)ᴺ` cancels). So the origin is interior to the simplex
//! (all `λᵢ > 0`, which also makes the simplex non-degenerate) **iff the
//! `N + 1` numbers `cᵢ` are non-zero and all of one sign**. Each `cᵢ` is a
//! polynomial in the exact differences `aᵢ − bᵢ`: no division, no square
//! root, and only its sign matters (an orientation test; Shewchuk, *Adaptive
//! Precision Floating-Point Arithmetic and Fast Robust Geometric
//! Predicates*, DCG 18, 1997, §4, for the filter-then-exact pattern).
//!
//! # First filter (2D and 3D): forward error bounds
//!
//! In 2D and 3D the `cᵢ` are first evaluated in `f64` by the filter of the
//! loops' containment checks (`distance/contains.rs`: the closed-form
//! determinants of `fl(aᵢ − bᵢ)` with the forward error bound
//! [`DET_ERROR_FACTOR`](crate::tolerance::DET_ERROR_FACTOR)` · u · perm`
//! plus an underflow term, derived there), without allocation. When every
//! `cᵢ` exceeds its bound and all have one sign, the simplex encloses the
//! origin (no exact sign was needed); otherwise the interval filter below
//! decides afresh.
//!
//! # Filter: interval arithmetic with outward rounding
//!
//! Each difference is first computed as an interval: `s = fl(a − b)` and
//! its error `t` by Knuth's TwoSum (`s + t = a − b` exactly when nothing
//! overflows: Knuth, TAOCP vol. 2, §4.2.2, Theorem B), giving `[s, s]` when
//! `t = 0` and `[down(s), up(s)]` otherwise. The determinants are then
//! expanded by cofactors (Laplace) in interval arithmetic where every
//! operation rounds outwards, `lo = down(fl(·))`, `hi = up(fl(·))`
//! (`down(fl(y)) ≤ y ≤ up(fl(y))` for every real `y`, including results
//! that underflow; the crate's private `interval` module). By induction
//! over the operations each computed interval contains the exact value
//! (Moore, *Interval Analysis*, 1966; the inclusion property). A product
//! with an exact zero is an exact zero, so `[0, 0]` only ever holds an
//! exact zero.
//! An interval that does not contain `0` gives the sign of `cᵢ`; a result
//! that overflows (a non-finite bound) or an interval containing `0` leaves
//! the sign to the exact stage. The filter runs up to [`FILTER_MAX_DIM`].
//!
//! # Exact stage: integers
//!
//! Every finite double is `m · 2ᵉ` with an integer `m` and `e ≥ −1074`.
//! Scaling all coordinates of the certificate by `2^(−e_min)` (a positive
//! factor: no sign changes) makes every `aᵢ − bᵢ` an exact integer
//! ([`num_bigint::BigInt`]), and the determinant of an integer matrix is
//! computed exactly by Bareiss's fraction-free elimination (Bareiss, Math.
//! Comp. 22, 1968), in which every division is exact.

use num_bigint::BigInt;
use num_traits::{One, Signed, Zero};

use arrayvec::ArrayVec;

use crate::distance::contains::strictly_inside;
use crate::interval::{self, Interval};
use crate::simplex::Vertex;
use crate::vector::Vector;

/// The largest `N` for which the interval filter runs: the cofactor
/// expansion of one `N × N` determinant, each minor computed once, costs
/// `N 2^(N−1)` products, and `N + 1` of them are needed. At `N = 6` that is
/// 1 344 interval products, still cheap next to the exact stage; above it
/// the exact stage alone is used.
pub const FILTER_MAX_DIM: usize = 6;

/// What the sign tests found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SimplexCheck {
    /// The origin is interior to the simplex; `exact_signs` of the `N + 1`
    /// signs needed the exact stage (`0`: the filter decided all of them).
    Encloses {
        /// How many signs the filter left to exact arithmetic.
        exact_signs: usize,
    },
    /// The origin is not interior (outside, on the boundary, or the points
    /// are affinely dependent), proved exactly (or by the filter, whose
    /// intervals are rigorous).
    DoesNotEnclose,
}

/// `(m, e)` with `x = m · 2ᵉ` exactly (`x` finite).
fn decode(x: f64) -> (i64, i32) {
    let bits = x.to_bits();
    let negative = bits >> 63 == 1;
    let exp_bits = ((bits >> 52) & 0x7ff) as i32;
    let frac = (bits & ((1u64 << 52) - 1)) as i64;
    let (m, e) = if exp_bits == 0 {
        (frac, -1074)
    } else {
        (frac | (1i64 << 52), exp_bits - 1075)
    };
    (if negative { -m } else { m }, e)
}

/// The sign of the determinant of a square integer matrix (Bareiss's
/// fraction-free elimination: after step `k` every entry is a `(k+1) × (k+1)`
/// minor of the input, so each division is exact).
fn det_sign(mut m: Vec<Vec<BigInt>>) -> i8 {
    let n = m.len();
    let mut negate = false;
    let mut prev = BigInt::one();
    for k in 0..n {
        if m[k][k].is_zero() {
            let Some(p) = (k + 1..n).find(|&r| !m[r][k].is_zero()) else {
                return 0;
            };
            m.swap(k, p);
            negate = !negate;
        }
        for i in k + 1..n {
            for j in k + 1..n {
                let v = &m[i][j] * &m[k][k] - &m[i][k] * &m[k][j];
                m[i][j] = v / &prev;
            }
        }
        prev = m[k][k].clone();
    }
    let s = match n {
        0 => 1,
        _ => {
            let d = &m[n - 1][n - 1];
            if d.is_zero() {
                0
            } else if d.is_positive() {
                1
            } else {
                -1
            }
        }
    };
    if negate {
        -s
    } else {
        s
    }
}

/// The exact integer differences `2^(−e_min) (aᵢ − bᵢ)` of the pairs.
fn integer_differences<'p, const N: usize>(
    pairs: impl Iterator<Item = (&'p Vector<f64, N>, &'p Vector<f64, N>)> + Clone,
) -> Vec<Vec<BigInt>> {
    let all = pairs
        .clone()
        .flat_map(|(p, q)| p.iter().chain(q.iter()).copied());
    let e_min = all
        .filter(|x| *x != 0.0)
        .map(|x| decode(x).1)
        .min()
        .unwrap_or(0);
    let int = |x: f64| {
        let (m, e) = decode(x);
        BigInt::from(m) << ((e - e_min) as usize)
    };
    pairs
        .map(|(p, q)| (0..N).map(|j| int(p[j]) - int(q[j])).collect())
        .collect()
}

/// `c = (−1)ⁱ det W₋ᵢ` for the rows `w` (module docs), as the rows of `W₋ᵢ`.
fn minor_rows<X: Clone>(w: &[X], i: usize) -> impl Iterator<Item = X> + '_ {
    w.iter()
        .enumerate()
        .filter(move |&(j, _)| j != i)
        .map(|(_, r)| r.clone())
}

/// `(−1)ⁱ d`: the sign of `cᵢ` from that of `det W₋ᵢ`.
fn signed(i: usize, d: i8) -> i8 {
    if i % 2 == 0 {
        d
    } else {
        -d
    }
}

/// The signs of `c₀ … c_N` that the interval filter proves, `None` where it
/// cannot; no entries above [`FILTER_MAX_DIM`] or when a difference
/// overflows. On the stack.
fn filtered_signs<'p, const N: usize>(
    pairs: impl Iterator<Item = (&'p Vector<f64, N>, &'p Vector<f64, N>)>,
) -> ArrayVec<Option<i8>, { FILTER_MAX_DIM + 1 }> {
    if N > FILTER_MAX_DIM {
        return ArrayVec::new();
    }
    let mut w = ArrayVec::<[Interval; N], { FILTER_MAX_DIM + 1 }>::new();
    for (p, q) in pairs {
        let mut row = [Interval::ZERO; N];
        for (j, x) in row.iter_mut().enumerate() {
            match Interval::difference(p[j], q[j]) {
                Some(d) => *x = d,
                None => return ArrayVec::new(),
            }
        }
        w.push(row);
    }
    (0..=N)
        .map(|i| {
            let rows: ArrayVec<[Interval; N], FILTER_MAX_DIM> = minor_rows(&w, i).collect();
            let d = interval::det(&rows)?.sign()?;
            Some(signed(i, d))
        })
        .collect()
}

/// Does the simplex of the `N + 1` points `a[i] − b[i]` hold the origin in
/// its interior? Exact (see the module docs); fewer or more than `N + 1`
/// pairs never enclose.
pub fn check_simplex<const N: usize>(a: &[Vector<f64, N>], b: &[Vector<f64, N>]) -> SimplexCheck {
    if a.len() != b.len() {
        return SimplexCheck::DoesNotEnclose;
    }
    check_pairs(a.iter().zip(b))
}

/// [`check_simplex`] on the pairs `(aᵢ, bᵢ)`. Without heap allocation up
/// to [`FILTER_MAX_DIM`] unless the exact stage runs.
pub(crate) fn check_pairs<'p, const N: usize>(
    pairs: impl Iterator<Item = (&'p Vector<f64, N>, &'p Vector<f64, N>)> + Clone,
) -> SimplexCheck {
    if N == 0 || pairs.clone().count() != N + 1 {
        return SimplexCheck::DoesNotEnclose;
    }
    // 2D and 3D: the loops' `f64` filter first (module docs), on the stack.
    let vertices = pairs.clone().map(|(p, q)| Vertex {
        w: p - q,
        a: *p,
        b: *q,
        dir: Vector::zeros(),
        index_a: None,
        index_b: None,
    });
    if (N == 2 || N == 3) && strictly_inside(vertices.collect::<ArrayVec<_, 4>>().iter()) {
        return SimplexCheck::Encloses { exact_signs: 0 };
    }
    // Signs the filter proved: one zero or two opposite ones settle it.
    let proved = filtered_signs(pairs.clone());
    let mut first = None;
    for s in proved.iter().flatten() {
        if *s == 0 || first.is_some_and(|f| f != *s) {
            return SimplexCheck::DoesNotEnclose;
        }
        first = Some(*s);
    }
    // The others exactly (all of them when the filter has no entries).
    let unknown: Vec<usize> = (0..=N)
        .filter(|&i| proved.get(i).is_none_or(|s| s.is_none()))
        .collect();
    if !unknown.is_empty() {
        let w = integer_differences(pairs);
        for &i in &unknown {
            let s = signed(i, det_sign(minor_rows(&w, i).collect()));
            if s == 0 || first.is_some_and(|f| f != s) {
                return SimplexCheck::DoesNotEnclose;
            }
            first = Some(s);
        }
    }
    SimplexCheck::Encloses {
        exact_signs: unknown.len(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scalar::rational_from_f64;
    use crate::test_util::without_column;
    use crate::Rational;

    /// The determinant of a square interval matrix by cofactor expansion along
    /// the first row, each minor expanded alone; `None` on overflow. The
    /// reference for the memoised expansion the filter uses
    /// ([`interval::det`]).
    fn interval_det(m: &[Vec<Interval>]) -> Option<Interval> {
        let n = m.len();
        if n == 0 {
            return Some(Interval { lo: 1.0, hi: 1.0 });
        }
        if n == 1 {
            return Some(m[0][0]);
        }
        let mut sum = Interval::ZERO;
        for j in 0..n {
            if m[0][j].is_zero() {
                continue;
            }
            let minor = without_column(&m[1..], j);
            let term = m[0][j].mul(interval_det(&minor)?)?;
            sum = sum.add(if j % 2 == 0 { term } else { term.neg() })?;
        }
        Some(sum)
    }

    /// [`interval::det`] on rows given as vectors (`n ≤ 6`).
    fn memoised_det(m: &[Vec<Interval>]) -> Option<Interval> {
        fn on<const N: usize>(m: &[Vec<Interval>]) -> Option<Interval> {
            let rows: Vec<[Interval; N]> =
                m.iter().map(|r| std::array::from_fn(|j| r[j])).collect();
            interval::det(&rows)
        }
        match m.len() {
            1 => on::<1>(m),
            2 => on::<2>(m),
            3 => on::<3>(m),
            4 => on::<4>(m),
            5 => on::<5>(m),
            6 => on::<6>(m),
            n => unreachable!("{n} rows"),
        }
    }

    /// The exact determinant by rationals (cofactors), to check Bareiss.
    fn rational_det(m: &[Vec<Rational>]) -> Rational {
        if m.is_empty() {
            return Rational::one();
        }
        let mut sum = Rational::zero();
        for j in 0..m.len() {
            let minor = without_column(&m[1..], j);
            let t = m[0][j].clone() * rational_det(&minor);
            sum = if j % 2 == 0 { sum + t } else { sum - t };
        }
        sum
    }

    /// `f(a[i][j], b[i][j])` for every entry.
    fn map2<X>(a: &[Vec<f64>], b: &[Vec<f64>], f: impl Fn(f64, f64) -> X) -> Vec<Vec<X>> {
        a.iter()
            .zip(b)
            .map(|(p, q)| p.iter().zip(q).map(|(x, y)| f(*x, *y)).collect())
            .collect()
    }

    fn exact_difference(x: f64, y: f64) -> Rational {
        rational_from_f64(x).unwrap() - rational_from_f64(y).unwrap()
    }

    #[test]
    fn decode_is_exact_for_normal_subnormal_and_zero() {
        for x in [1.0, -0.1, 3e-310, -5e-324, 0.0, f64::MAX, 2f64.powi(-1022)] {
            let (m, e) = decode(x);
            let exact =
                Rational::from_integer(m.into()) * <Rational as crate::scalar::Scalar>::pow2(e);
            assert_eq!(exact, rational_from_f64(x).unwrap(), "{x:e}");
        }
    }

    #[test]
    fn bareiss_signs_match_rational_determinants() {
        let mut rng = crate::test_util::Lcg(7);
        for n in 1..=5 {
            for _ in 0..60 {
                // Small entries with many zeros and rank deficiencies.
                let m: Vec<Vec<i64>> = (0..n)
                    .map(|_| (0..n).map(|_| rng.int(-2, 2)).collect())
                    .collect();
                let big = m
                    .iter()
                    .map(|r| r.iter().map(|&x| BigInt::from(x)).collect())
                    .collect();
                let rat: Vec<Vec<Rational>> = m
                    .iter()
                    .map(|r| {
                        r.iter()
                            .map(|&x| Rational::from_integer(x.into()))
                            .collect()
                    })
                    .collect();
                let want = rational_det(&rat);
                let want = if want.is_zero() {
                    0
                } else if want.is_positive() {
                    1
                } else {
                    -1
                };
                assert_eq!(det_sign(big), want, "{m:?}");
            }
        }
    }

    /// The memoised expansion gives the very intervals of the expansion of
    /// each minor alone (the same operations in the same order), up to the
    /// filter's dimension: with exact zeros (skipped terms, whole zero
    /// rows), points and widened entries, and scales that overflow (`None`
    /// from both) or underflow.
    #[test]
    fn the_memoised_determinant_is_the_recursive_one() {
        let mut rng = crate::test_util::Lcg(12);
        let (mut overflowed, mut zeros) = (0, 0);
        for n in 1..=FILTER_MAX_DIM {
            for _ in 0..60 {
                let e = [-1070, -540, 0, 300][rng.int(0, 3) as usize];
                let iv: Vec<Vec<Interval>> = (0..n)
                    .map(|_| {
                        (0..n)
                            .map(|_| match rng.int(0, 3) {
                                0 => Interval::ZERO,
                                1 => {
                                    let x = rng.range(-1.0, 1.0) * 2f64.powi(e);
                                    Interval { lo: x, hi: x }
                                }
                                _ => {
                                    let x = rng.range(-1.0, 1.0) * 2f64.powi(e);
                                    Interval {
                                        lo: x.next_down(),
                                        hi: x.next_up(),
                                    }
                                }
                            })
                            .collect()
                    })
                    .collect();
                let want = interval_det(&iv);
                overflowed += usize::from(want.is_none());
                zeros += usize::from(want == Some(Interval::ZERO));
                assert_eq!(memoised_det(&iv), want, "{iv:?}");
            }
        }
        assert!(
            overflowed > 5 && zeros > 5,
            "{overflowed} overflows, {zeros} zeros"
        );
    }

    /// The filter's determinants hold the exact ones.
    #[test]
    fn intervals_enclose_the_exact_determinant() {
        let mut rng = crate::test_util::Lcg(8);
        for n in 1..=4 {
            for _ in 0..50 {
                // Long mantissas at mixed scales, including subnormal ones.
                let pick = |rng: &mut crate::test_util::Lcg| {
                    let e = [-1070, -540, -30, 0, 30][rng.int(0, 4) as usize];
                    rng.range(-1.0, 1.0) * 2f64.powi(e)
                };
                let a: Vec<Vec<f64>> = (0..n)
                    .map(|_| (0..n).map(|_| pick(&mut rng)).collect())
                    .collect();
                let b: Vec<Vec<f64>> = (0..n)
                    .map(|_| (0..n).map(|_| pick(&mut rng)).collect())
                    .collect();
                let iv = map2(&a, &b, |x, y| Interval::difference(x, y).unwrap());
                let exact = map2(&a, &b, exact_difference);
                let d = rational_det(&exact);
                let Some(i) = interval_det(&iv) else { continue };
                assert!(
                    rational_from_f64(i.lo).unwrap() <= d && d <= rational_from_f64(i.hi).unwrap(),
                    "a = {a:?}, b = {b:?}: [{:e}, {:e}]",
                    i.lo,
                    i.hi
                );
            }
        }
    }

    /// `c₀` of the triangle `w₀, w₁, w₂` with `w₂ = −3 w₁` exactly: the
    /// origin lies on the edge `w₁w₂`. The differences `aᵢ − bᵢ` have about
    /// 80 significant bits, so `fl(a₂ − b₂) ≠ −3 fl(a₁ − b₁)` and a plain
    /// float determinant gets a non-zero `c₀` of either sign. (`c₁ = 3 c₂`
    /// exactly, so half of the draws make plain floats claim the origin is
    /// *inside*.) The filter's intervals hold `0`, and the exact stage says
    /// "on the boundary": no certificate.
    fn collinear_draw(
        rng: &mut crate::test_util::Lcg,
    ) -> ([Vector<f64, 2>; 3], [Vector<f64, 2>; 3]) {
        // 51-bit mantissas, so that 3x is exact.
        let m51 = |rng: &mut crate::test_util::Lcg, e: i32| {
            (rng.int(1 << 50, (1 << 51) - 1) as f64) * 2f64.powi(e - 50)
        };
        let a1 = Vector::<f64, 2>::new(m51(rng, 0), -m51(rng, 0));
        let b1 = Vector::<f64, 2>::new(m51(rng, -30), m51(rng, -31));
        let a0 = Vector::<f64, 2>::new(rng.range(-1.0, 1.0), rng.range(-1.0, 1.0));
        ([a0, a1, a1 * -3.0], [Vector::zeros(), b1, b1 * -3.0])
    }

    /// `cᵢ` in plain floats from the rounded differences: what an unfiltered
    /// float test would conclude.
    fn plain_float_encloses(a: &[Vector<f64, 2>; 3], b: &[Vector<f64, 2>; 3]) -> bool {
        let w: Vec<Vector<f64, 2>> = a.iter().zip(b).map(|(p, q)| p - q).collect();
        let det = |u: &Vector<f64, 2>, v: &Vector<f64, 2>| u[0] * v[1] - u[1] * v[0];
        let c = [det(&w[1], &w[2]), -det(&w[0], &w[2]), det(&w[0], &w[1])];
        c.iter().all(|x| *x > 0.0) || c.iter().all(|x| *x < 0.0)
    }

    #[test]
    fn plain_float_signs_would_certify_an_origin_on_the_boundary() {
        let mut rng = crate::test_util::Lcg(9);
        let mut fooled = 0;
        for _ in 0..200 {
            let (a, b) = collinear_draw(&mut rng);
            // The exact truth: c₀ = 0, so never enclosed.
            assert_eq!(
                check_simplex(&a, &b),
                SimplexCheck::DoesNotEnclose,
                "{a:?} {b:?}"
            );
            fooled += usize::from(plain_float_encloses(&a, &b));
        }
        assert!(fooled > 20, "plain floats fooled {fooled} times in 200");
    }

    /// Moving `b₂` by one unit in its last place (about `2⁻⁸¹`) puts the
    /// origin just inside or just outside the triangle: far below what the
    /// filter can resolve, so the exact stage decides, both ways.
    #[test]
    fn the_exact_stage_decides_what_the_filter_cannot() {
        let mut rng = crate::test_util::Lcg(10);
        let (mut inside, mut outside) = (0, 0);
        for _ in 0..100 {
            let (a, mut b) = collinear_draw(&mut rng);
            b[2][0] = if rng.int(0, 1) == 0 {
                b[2][0].next_up()
            } else {
                b[2][0].next_down()
            };
            match check_simplex(&a, &b) {
                SimplexCheck::Encloses { exact_signs } => {
                    assert!(exact_signs >= 1, "{a:?} {b:?}");
                    inside += 1;
                }
                SimplexCheck::DoesNotEnclose => outside += 1,
            }
            // The rational truth agrees.
            let rows = |p: &[Vector<f64, 2>; 3]| -> Vec<Vec<f64>> {
                p.iter().map(|x| x.iter().copied().collect()).collect()
            };
            let w = map2(&rows(&a), &rows(&b), exact_difference);
            let c: Vec<Rational> = (0..3)
                .map(|i| {
                    let m: Vec<Vec<Rational>> =
                        (0..3).filter(|&j| j != i).map(|j| w[j].clone()).collect();
                    let d = rational_det(&m);
                    if i % 2 == 0 {
                        d
                    } else {
                        -d
                    }
                })
                .collect();
            let encloses = c.iter().all(|x| x.is_positive()) || c.iter().all(|x| x.is_negative());
            assert_eq!(
                matches!(check_simplex(&a, &b), SimplexCheck::Encloses { .. }),
                encloses,
                "{a:?} {b:?}"
            );
        }
        assert!(
            inside > 10 && outside > 10,
            "{inside} inside, {outside} outside"
        );
    }

    /// Above [`FILTER_MAX_DIM`] every sign is exact: the simplex of `0`
    /// and the unit vectors, moved so that its centroid is the origin.
    #[test]
    fn above_the_filter_dimension_every_sign_is_exact() {
        const N: usize = FILTER_MAX_DIM + 1;
        let c = 1.0 / (N as f64 + 1.0);
        let a: Vec<Vector<f64, N>> = (0..=N)
            .map(|i| Vector::<f64, N>::from_fn(|j, _| if i == j + 1 { 1.0 } else { 0.0 }))
            .collect();
        let inside = vec![Vector::<f64, N>::repeat(c); N + 1];
        assert_eq!(
            check_simplex(&a, &inside),
            SimplexCheck::Encloses { exact_signs: N + 1 }
        );
        let outside = vec![Vector::<f64, N>::repeat(-c); N + 1];
        assert_eq!(check_simplex(&a, &outside), SimplexCheck::DoesNotEnclose);
        // In 3D the filter decides them all.
        let a3: Vec<Vector<f64, 3>> = (0..4)
            .map(|i| Vector::<f64, 3>::from_fn(|j, _| if i == j + 1 { 1.0 } else { 0.0 }))
            .collect();
        let b3 = vec![Vector::<f64, 3>::repeat(0.25); 4];
        assert_eq!(
            check_simplex(&a3, &b3),
            SimplexCheck::Encloses { exact_signs: 0 }
        );
    }
}
