//! The exact distance between two polytopes, by enumeration.
//!
//! The closest point `v` of `P = conv(A − B)` to the origin is unique, and by
//! Carathéodory's theorem it lies in the relative interior of the convex hull
//! of some **affinely independent** subset `S` of the points `dₖ = aᵢ − bⱼ`,
//! with at most `N + 1` members. On that subset, `v` is also the point of the
//! affine hull `aff S` closest to the origin (a relative-interior minimiser of
//! a convex function over `conv S` is a minimiser over `aff S`). So:
//!
//! 1. for every subset `S` of `N + 1` or fewer points, project the origin on
//!    `aff S` exactly (the Gram system of `S`) and keep it if all
//!    its affine coordinates are `≥ 0` (it is then a point of `P`);
//! 2. the smallest `|v|²` among those is the answer.
//!
//! Subsets are taken by size, smallest first. A candidate `v` is provably the
//! minimum as soon as it passes the optimality test `dₖ · v ≥ v · v` for every
//! `k` (the plane through `v` normal to `v` has all of `P` on its far side);
//! the enumeration stops there. The test is only a shortcut: the same `v`
//! would win the full enumeration.
//!
//! The arithmetic is over the integers: the points scaled by the common
//! denominator of their coordinates (distances scale with it, affine
//! coordinates do not), each subset's Gram system solved by Cramer's rule
//! with fraction-free determinants, distances compared by cross-multiplying
//! (`linalg::project_origin_int`). Each subset is solved in checked `i128`
//! first (the same integers), and over big integers only when that
//! overflows; the weights of a candidate are then converted to big
//! integers for the comparisons. The rational projection it replaced
//! (`linalg::project_origin`, still `closest_feature`'s) spent most of its
//! time in the gcds of rational arithmetic; the unit test
//! `the_integer_projection_is_the_rational_one` holds the two together.
//!
//! This shares nothing with the LP of [`super::intersects`]; the test suite
//! checks that the two agree (`intersects ⇔ distance² = 0`).

use std::collections::HashSet;

use num_bigint::BigInt;
use num_traits::{Signed, Zero};

use super::linalg::{
    combine, dot_int, in_i128, project_origin_int, project_origin_over, sub, to_integers,
};
use super::{check_pair, OracleError, MAX_DIFFERENCES, MAX_ENUMERATION_COST};
use gjk::scalar::Rational;

/// The exact distance between `conv A` and `conv B`, with its witnesses.
#[derive(Clone, Debug, PartialEq)]
pub struct Distance {
    /// `|v|²`, the squared distance.
    pub dist2: Rational,
    /// `v = witness_a − witness_b`, the point of `conv(A − B)` closest to
    /// the origin.
    pub closest: Vec<Rational>,
    /// A point of `conv A` at distance `√dist2` from `conv B`.
    pub witness_a: Vec<Rational>,
    /// A point of `conv B` at distance `√dist2` from `conv A`.
    pub witness_b: Vec<Rational>,
    /// `(i, j, w)`: `v = Σ w · (aᵢ − bⱼ)` over an affinely independent set of
    /// differences, every `w > 0` (or a single point with `w = 1`).
    pub support: Vec<(usize, usize, Rational)>,
}

/// The work estimate `Σ_{s=1}^{r} C(n, s) (s³ + dim · s²)` of enumerating
/// the subsets of up to `r` of `n` points (one `s × s` Gram solve and `s²`
/// dot products of length `dim` each), saturating.
fn enumeration_cost(n: usize, r: usize, dim: usize) -> u128 {
    let mut total: u128 = 0;
    let mut c: u128 = 1;
    for s in 1..=r.min(n) {
        // C(n, s) = C(n, s−1) · (n − s + 1) / s, exact at each step.
        let Some(m) = c.checked_mul((n - s + 1) as u128) else {
            return u128::MAX;
        };
        c = m / s as u128;
        let s = s as u128;
        let work = c.saturating_mul(s * s * s + dim as u128 * s * s);
        total = total.saturating_add(work);
    }
    total
}

/// Advances `idx` to the next `idx.len()`-subset of `0..n` in lexicographic
/// order; `false` after the last.
pub(super) fn next_subset(idx: &mut [usize], n: usize) -> bool {
    next_subset_from(idx, n).is_some()
}

/// [`next_subset`], returning the first position of `idx` that changed
/// (`None` after the last subset).
pub(super) fn next_subset_from(idx: &mut [usize], n: usize) -> Option<usize> {
    let k = idx.len();
    for i in (0..k).rev() {
        if idx[i] < n - k + i {
            idx[i] += 1;
            for j in i + 1..k {
                idx[j] = idx[j - 1] + 1;
            }
            return Some(i);
        }
    }
    None
}

/// The points `aᵢ − bⱼ` of `A − B`, each once, with the first pair `(i, j)`
/// that makes it; [`OracleError::TooLarge`] past [`MAX_DIFFERENCES`] pairs.
pub(super) fn differences(
    a: &[Vec<Rational>],
    b: &[Vec<Rational>],
) -> Result<Vec<(Vec<Rational>, usize, usize)>, OracleError> {
    let pairs = a.len().saturating_mul(b.len());
    if pairs > MAX_DIFFERENCES {
        return Err(OracleError::TooLarge {
            what: "the number of points of A − B (|A|·|B|)",
            size: pairs as u128,
            limit: MAX_DIFFERENCES as u128,
        });
    }
    let mut seen = HashSet::new();
    let mut diff = Vec::new();
    for (i, p) in a.iter().enumerate() {
        for (j, q) in b.iter().enumerate() {
            let d = sub(p, q);
            if seen.insert(d.clone()) {
                diff.push((d, i, j));
            }
        }
    }
    Ok(diff)
}

/// The exact squared distance between `conv A` and `conv B` (0 when they
/// intersect), with witness points.
///
/// Errors: bad point sets (see [`OracleError`]), and
/// [`OracleError::TooLarge`] past [`MAX_DIFFERENCES`] or
/// [`MAX_ENUMERATION_COST`].
pub fn distance_squared(a: &[Vec<Rational>], b: &[Vec<Rational>]) -> Result<Distance, OracleError> {
    let dim = check_pair(a, b)?;
    let diff = differences(a, b)?;
    let n = diff.len();
    let cost = enumeration_cost(n, dim + 1, dim);
    if cost > MAX_ENUMERATION_COST {
        return Err(OracleError::TooLarge {
            what: "the enumeration's work estimate",
            size: cost,
            limit: MAX_ENUMERATION_COST,
        });
    }
    // Over the integers: the points scaled by `s/g` (`to_integers`), each
    // subset's projection as `D v = Σ Lᵢ pᵢ` with `λᵢ = Lᵢ / D`
    // (`project_origin_int`). Comparisons of `|v|² = |Dv|² / D²` cross-
    // multiply; the optimality test `dₖ·v ≥ v·v` is `D (dₖ·Dv) ≥ |Dv|²`.
    let (d, s, g) = to_integers(&diff.iter().map(|x| &x.0).collect::<Vec<_>>());
    let small = in_i128(&d);
    let optimal = |dv: &[BigInt], den: &BigInt| {
        let vv = dot_int(dv, dv);
        d.iter().all(|dk| den * dot_int(dk, dv) >= vv)
    };
    // (|Dv|², D², Dv, D, subset, L) of the best candidate so far.
    type Best = (BigInt, BigInt, Vec<BigInt>, BigInt, Vec<usize>, Vec<BigInt>);
    let mut best: Option<Best> = None;
    'sizes: for size in 1..=(dim + 1).min(n) {
        let mut idx: Vec<usize> = (0..size).collect();
        loop {
            let pts: Vec<&Vec<BigInt>> = idx.iter().map(|&k| &d[k]).collect();
            // In `i128` first, where the points and the work fit: most
            // subsets are dependent or have a negative weight, and are
            // rejected there.
            let fast = idx
                .iter()
                .map(|&k| small[k].as_deref())
                .collect::<Option<Vec<&[i128]>>>()
                .and_then(|p| project_origin_over(&p));
            let projection = match fast {
                Some(None) => None,
                Some(Some((_, l))) if l.iter().any(|x| *x < 0) => None,
                Some(Some((den, l))) => {
                    Some((den.into(), l.into_iter().map(BigInt::from).collect()))
                }
                None => project_origin_int(&pts),
            };
            if let Some((den, l)) = projection {
                if l.iter().all(|x| !x.is_negative()) {
                    let dv: Vec<BigInt> = (0..dim)
                        .map(|c| pts.iter().zip(&l).map(|(p, x)| &p[c] * x).sum())
                        .collect();
                    let vv = dot_int(&dv, &dv);
                    let den2 = &den * &den;
                    // |v|² < best: vv / den² < best_vv / best_den².
                    if best.as_ref().is_none_or(|b| &vv * &b.1 < &b.0 * &den2) {
                        let done = optimal(&dv, &den);
                        best = Some((vv, den2, dv, den, idx.clone(), l));
                        if done {
                            break 'sizes;
                        }
                    }
                }
            }
            if !next_subset(&mut idx, n) {
                break;
            }
        }
    }
    // Every single point is a candidate, so `best` is set (n ≥ 1).
    let Some((vv, den2, dv, den, idx, l)) = best else {
        return Err(OracleError::Internal {
            what: "no subset of A − B gave a candidate",
        });
    };
    // Back to the unscaled points: v = Dv g / (D s), |v|² = |Dv|² g² / (D² s²).
    let dist2 = Rational::new(vv * &g * &g, den2 * &s * &s);
    let ds = &den * &s;
    let closest: Vec<Rational> = dv
        .into_iter()
        .map(|x| Rational::new(x * &g, ds.clone()))
        .collect();
    let lambda: Vec<Rational> = l
        .into_iter()
        .map(|x| Rational::new(x, den.clone()))
        .collect();
    let mut support = Vec::new();
    for (&k, w) in idx.iter().zip(&lambda) {
        if !w.is_zero() {
            support.push((diff[k].1, diff[k].2, w.clone()));
        }
    }
    let pa: Vec<&Vec<Rational>> = support.iter().map(|s| &a[s.0]).collect();
    let pb: Vec<&Vec<Rational>> = support.iter().map(|s| &b[s.1]).collect();
    let w: Vec<Rational> = support.iter().map(|s| s.2.clone()).collect();
    Ok(Distance {
        dist2,
        closest,
        witness_a: combine(&pa, &w, dim),
        witness_b: combine(&pb, &w, dim),
        support,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn enumeration_costs() {
        // 4 points, pairs at most, in 1D: 4 · (1 + 1) + 6 · (8 + 4).
        assert_eq!(enumeration_cost(4, 2, 1), 4 * 2 + 6 * 12);
        assert_eq!(enumeration_cost(3, 10, 0), 3 + 3 * 8 + 27);
        assert_eq!(enumeration_cost(36, 4, 3), 6_995_664);
        assert!(enumeration_cost(25, 4, 3) <= MAX_ENUMERATION_COST);
        assert!(enumeration_cost(36, 4, 3) > MAX_ENUMERATION_COST);
        assert!(enumeration_cost(15, 15, 14) > MAX_ENUMERATION_COST);
        assert_eq!(enumeration_cost(usize::MAX, 60, 3), u128::MAX);
        let mut idx = vec![0, 1];
        let mut all = vec![idx.clone()];
        while next_subset(&mut idx, 4) {
            all.push(idx.clone());
        }
        assert_eq!(all.len(), 6);
        assert_eq!(all.last(), Some(&vec![2, 3]));
    }
}
