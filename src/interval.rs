//! Interval arithmetic with outward rounding: closed intervals `[lo, hi]`
//! of `f64` that hold an exact real. The filters that decide a sign or an
//! order in `f64` use them, and leave to exact arithmetic only what an
//! interval cannot decide (the certified mode's simplex test, the depth
//! certificate's verification).
//!
//! Every operation rounds outwards, `lo = down(fl(·))`, `hi = up(fl(·))`
//! ([`crate::rounding`]: `down(fl(y)) ≤ y ≤ up(fl(y))` for every real `y`,
//! results that underflow included). By induction over the operations,
//! each computed interval holds the exact value (Moore, *Interval
//! Analysis*, 1966; the inclusion property). A product with an exact zero
//! is an exact zero, so `[0, 0]` only ever holds an exact zero. Bounds stay
//! finite: an operation whose result overflows gives `None`, so no NaN can
//! arise.

use crate::rounding::{down, up};

/// A closed interval `[lo, hi]` of reals holding an exact value.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Interval {
    pub(crate) lo: f64,
    pub(crate) hi: f64,
}

impl Interval {
    pub(crate) const ZERO: Interval = Interval { lo: 0.0, hi: 0.0 };
    pub(crate) const ONE: Interval = Interval { lo: 1.0, hi: 1.0 };

    pub(crate) fn is_zero(&self) -> bool {
        self.lo == 0.0 && self.hi == 0.0
    }

    /// `Some` only with finite bounds (so no NaN can ever arise later).
    pub(crate) fn checked(lo: f64, hi: f64) -> Option<Interval> {
        (lo.is_finite() && hi.is_finite()).then_some(Interval { lo, hi })
    }

    /// The exact difference `a − b` of two floats, enclosed.
    pub(crate) fn difference(a: f64, b: f64) -> Option<Interval> {
        let s = a - b;
        // TwoSum(a, −b): t is the rounding error, exactly (Knuth, TAOCP
        // vol. 2, §4.2.2, Theorem B; nothing overflows when s is finite).
        let bv = s - a;
        let t = (a - (s - bv)) + (-b - bv);
        if t == 0.0 {
            Interval::checked(s, s)
        } else {
            Interval::checked(down(s), up(s))
        }
    }

    pub(crate) fn add(self, o: Interval) -> Option<Interval> {
        if self.is_zero() {
            return Some(o);
        }
        if o.is_zero() {
            return Some(self);
        }
        Interval::checked(down(self.lo + o.lo), up(self.hi + o.hi))
    }

    /// `self − o`; the exact difference of two single floats is enclosed
    /// as tightly as [`Interval::difference`] does.
    pub(crate) fn sub(self, o: Interval) -> Option<Interval> {
        if self.lo == self.hi && o.lo == o.hi {
            return Interval::difference(self.lo, o.lo);
        }
        self.add(o.neg())
    }

    pub(crate) fn neg(self) -> Interval {
        Interval {
            lo: -self.hi,
            hi: -self.lo,
        }
    }

    pub(crate) fn mul(self, o: Interval) -> Option<Interval> {
        if self.is_zero() || o.is_zero() {
            return Some(Interval::ZERO);
        }
        let p = [
            self.lo * o.lo,
            self.lo * o.hi,
            self.hi * o.lo,
            self.hi * o.hi,
        ];
        // Finite bounds in, so the products are finite or ±∞, never NaN.
        let lo = p.iter().copied().fold(f64::INFINITY, f64::min);
        let hi = p.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        Interval::checked(down(lo), up(hi))
    }

    /// `self · s` for a power of two `s > 0`, rounded outwards unless the
    /// result is above the smallest normal float (or zero from zero). Then
    /// the exact product is normal too (rounding is monotone), and a normal
    /// product of a float and a power of two is a float. A result of exactly
    /// `f64::MIN_POSITIVE` may be a subnormal product rounded up
    /// (`(2⁻¹⁰²¹ − 2⁻¹⁰⁷⁴) · ½` is a tie, rounded to even: upwards), so it is widened too.
    pub(crate) fn scaled(self, s: f64) -> Option<Interval> {
        let exact = |x: f64, y: f64| x == 0.0 || y.abs() > f64::MIN_POSITIVE;
        let (lo, hi) = (self.lo * s, self.hi * s);
        Interval::checked(
            if exact(self.lo, lo) { lo } else { down(lo) },
            if exact(self.hi, hi) { hi } else { up(hi) },
        )
    }

    /// `Some(sign)` when the interval decides it.
    pub(crate) fn sign(&self) -> Option<i8> {
        if self.is_zero() {
            Some(0)
        } else if self.lo > 0.0 {
            Some(1)
        } else if self.hi < 0.0 {
            Some(-1)
        } else {
            None
        }
    }
}

/// The minors of the last rows of `rows` (each `N` intervals, at most `N`
/// rows), by the subset of the columns they keep (a bit mask): entry `S`,
/// `k = |S|` bits, is the determinant on the last `k` rows and the columns
/// of `S`, or `None` on overflow; entries with more bits than rows are
/// `None`. `2^N` entries (callers cap `N`).
///
/// Every minor is expanded by cofactors along its first row, as
/// `interval_det` in the certified mode's tests does, but each one is
/// computed once, from the minors on one row fewer:
///
/// ```text
/// M(S) = Σₜ (−1)ᵗ r[R−k][Sₜ] · M(S ∖ Sₜ),    M({c}) = r[R−1][c],    M(∅) = 1,
/// ```
///
/// `R` the number of rows and `Sₜ` the columns of `S` in ascending order,
/// terms with a zero entry skipped. That is `N 2^(N−1)` products for all
/// the minors, against `N!` for one `N × N` determinant expanded alone, and
/// the same operations in the same order, so the same intervals.
fn minors<const N: usize>(rows: &[[Interval; N]]) -> Vec<Option<Interval>> {
    let mut minor = vec![None; 1 << N];
    minors_into(rows, &mut minor);
    minor
}

/// [`minors`] written into `minor` (`2^N` entries), so that small `N` can
/// keep them on the stack.
fn minors_into<const N: usize>(rows: &[[Interval; N]], minor: &mut [Option<Interval>]) {
    let r = rows.len();
    debug_assert!(r <= N && minor.len() == 1 << N);
    minor[0] = Some(Interval::ONE);
    for s in 1..(1usize << N) {
        minor[s] = None;
        let k = s.count_ones() as usize;
        if k > r {
            continue;
        }
        let row = &rows[r - k];
        if k == 1 {
            minor[s] = Some(row[s.trailing_zeros() as usize]);
            continue;
        }
        let mut sum = Some(Interval::ZERO);
        for (t, c) in (0..N).filter(|&c| s & (1 << c) != 0).enumerate() {
            if row[c].is_zero() {
                continue;
            }
            let term = minor[s & !(1 << c)].and_then(|m| row[c].mul(m));
            let term = term.map(|x| if t % 2 == 0 { x } else { x.neg() });
            sum = sum.zip(term).and_then(|(a, b)| a.add(b));
        }
        minor[s] = sum;
    }
}

/// The most columns whose `2^N` minors [`det`] keeps on the stack (64
/// entries, 1.5 KiB); above, they are on the heap.
const STACK_MINORS_MAX_DIM: usize = 6;

/// The determinant of the `N × N` interval matrix `m` (rows), enclosed;
/// `None` on overflow ([`minors`]). No heap allocation up to
/// [`STACK_MINORS_MAX_DIM`] columns.
pub(crate) fn det<const N: usize>(m: &[[Interval; N]]) -> Option<Interval> {
    debug_assert_eq!(m.len(), N);
    let full = (1 << N) - 1;
    if N <= STACK_MINORS_MAX_DIM {
        let mut minor = [None; 1 << STACK_MINORS_MAX_DIM];
        minors_into(m, &mut minor[..1 << N]);
        return minor[full];
    }
    minors(m)[full]
}

/// The generalised cross product of the `N − 1` rows `e` (each `N`
/// intervals), enclosed: `n_j = (−1)^j det(e without column j)`; `None` on
/// overflow ([`minors`]).
pub(crate) fn cross<const N: usize>(e: &[[Interval; N]]) -> Option<[Interval; N]> {
    debug_assert_eq!(e.len() + 1, N);
    let minor = minors(e);
    let full = (1usize << N) - 1;
    let mut n = [Interval::ZERO; N];
    for (j, nj) in n.iter_mut().enumerate() {
        let m = minor[full & !(1 << j)]?;
        *nj = if j % 2 == 0 { m } else { m.neg() };
    }
    Some(n)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_util::{without_column, Lcg};

    /// `(−1)^j x`.
    fn signed(j: usize, x: i128) -> i128 {
        if j % 2 == 0 {
            x
        } else {
            -x
        }
    }

    /// The exact generalised cross product of integer rows, by cofactor
    /// expansion of each minor alone.
    fn exact_cross(e: &[Vec<i64>], n: usize) -> Vec<i128> {
        fn det(m: &[Vec<i64>]) -> i128 {
            if m.is_empty() {
                return 1;
            }
            (0..m.len())
                .map(|j| signed(j, i128::from(m[0][j]) * det(&without_column(&m[1..], j))))
                .sum()
        }
        (0..n)
            .map(|j| signed(j, det(&without_column(e, j))))
            .collect()
    }

    fn check<const N: usize>(g: &mut Lcg, wide: bool) {
        let rows: Vec<Vec<i64>> = (0..N - 1)
            .map(|_| (0..N).map(|_| g.int(-3, 3)).collect())
            .collect();
        let want = exact_cross(&rows, N);
        // Small integers, as points or widened by one unit each way: the
        // intervals must hold the exact value, and stay narrow.
        let e: Vec<[Interval; N]> = rows
            .iter()
            .map(|r| {
                std::array::from_fn(|c| {
                    let x = r[c] as f64;
                    if wide && x != 0.0 {
                        Interval {
                            lo: down(x),
                            hi: up(x),
                        }
                    } else {
                        Interval { lo: x, hi: x }
                    }
                })
            })
            .collect();
        let got = cross(&e).expect("no overflow");
        for j in 0..N {
            let w = want[j] as f64;
            assert!(
                got[j].lo <= w && w <= got[j].hi,
                "{rows:?}: n_{j} = {w}, {got:?}"
            );
            // Outward rounding widens by a few units in the last place of
            // the terms (at most 5! · 3⁵ in size).
            assert!(got[j].hi - got[j].lo <= 1e-9, "{rows:?}: {got:?}");
        }
    }

    #[test]
    fn the_memoised_cross_product_encloses_the_minors() {
        let mut g = Lcg(41);
        for case in 0..300 {
            let wide = case % 2 == 1;
            check::<1>(&mut g, wide);
            check::<2>(&mut g, wide);
            check::<3>(&mut g, wide);
            check::<4>(&mut g, wide);
            check::<5>(&mut g, wide);
            check::<6>(&mut g, wide);
        }
    }

    #[test]
    fn scaling_by_a_power_of_two_stays_outward_below_the_normal_range() {
        let x = Interval {
            lo: 3.0 * f64::MIN_POSITIVE,
            hi: 1.0,
        };
        let s = x.scaled(0.25).unwrap();
        // 3·2⁻¹⁰²⁴ is subnormal and exact here, so the bound need not move,
        // but it may only move outwards.
        assert!(s.lo <= 0.75 * f64::MIN_POSITIVE && s.hi == 0.25);
        // Just below 2⁻¹⁰²¹, halved: 2⁻¹⁰²² − 2⁻¹⁰⁷⁵, a tie between two
        // floats below the normal range, rounds (to even) up to 2⁻¹⁰²², the
        // smallest normal float. The bounds must still hold the product.
        let x = (2.0 * f64::MIN_POSITIVE).next_down();
        assert_eq!(x * 0.5, f64::MIN_POSITIVE, "the tie rounds up");
        let z = Interval { lo: x, hi: x }.scaled(0.5).unwrap();
        assert!(
            z.lo < f64::MIN_POSITIVE && z.hi >= f64::MIN_POSITIVE,
            "{z:?}"
        );
        let y = Interval {
            lo: f64::from_bits(3),
            hi: f64::from_bits(3),
        };
        let t = y.scaled(0.5).unwrap();
        // 3η/2 is not a float: rounded outwards to η and 2η.
        assert!(
            t.lo <= f64::from_bits(1) && t.hi >= f64::from_bits(2),
            "{t:?}"
        );
    }
}
