//! The support search over a list of points: the first point with the
//! largest dot product (ties to the lowest index), as
//! [`ConvexHull`](super::ConvexHull)'s support map defines it, computed fast
//! (interleaved runs; for `f64` the blocks of `lanes.rs`) and safe from
//! overflow. Looked up like the vector products: the support map's meaning
//! is in `hull.rs`.

use crate::scalar::Scalar;
use crate::vector::{dot, pow2_factors, Vector};

/// The index of the first of `points` with the largest `p · dir` (only a
/// strictly larger dot product replaces the current best); `None` for an
/// empty slice.
///
/// Float mode: an overflowing dot product compares as `±∞` and can hide the
/// maximiser. Where none can (`max_abs`, the largest coordinate magnitude,
/// bounds every partial sum by `N · max_abs · max |dₖ|`, times 2 for
/// rounding) the search is plain; else it checks its products, and if one
/// was not finite runs again along `dir` scaled **down** by a power of two
/// to a largest coordinate in `[1, 2)`: the same maximisers unless a product
/// underflows, products in range unless the points are near the type's limit.
pub(crate) fn first_max<T: Scalar, const N: usize>(
    points: &[Vector<T, N>],
    dir: &Vector<T, N>,
    max_abs: Option<f64>,
) -> Option<usize> {
    if T::EXACT || plain_is_safe(dir, max_abs) {
        return scan(points, dir, false).map(|(best, _)| best);
    }
    let (best, finite) = scan(points, dir, true)?;
    let (s1, s2) = pow2_factors(std::iter::once(dir));
    if finite || (s1.clone() * s2.clone()).to_f64() >= 1.0 {
        return Some(best);
    }
    scan(points, &(dir * s1 * s2), false).map(|(best, _)| best)
}

/// Whether no dot product of `dir` with a point of coordinates at most
/// `max_abs` in magnitude can overflow ([`first_max`]'s bound).
pub(crate) fn plain_is_safe<T: Scalar, const N: usize>(
    dir: &Vector<T, N>,
    max_abs: Option<f64>,
) -> bool {
    let d = || dir.iter().map(|x| x.to_f64().abs()).fold(0.0, f64::max);
    // `1 / MIN_NORMAL`: a quarter of the largest finite value (IEEE).
    max_abs.is_some_and(|m| 2.0 * N as f64 * m * d() < 1.0 / T::MIN_NORMAL)
}

/// [`first_max`]'s search in four interleaved runs (chains of compares that
/// overlap), each from point 0: run `k` keeps its first best of 0 and the
/// points `i ≡ k (mod 4)`, and the first of the runs' bests wins ties, as
/// in a plain scan: its index, and with `guard` also whether every product
/// was finite.
pub(super) fn scan<T: Scalar, const N: usize>(
    points: &[Vector<T, N>],
    dir: &Vector<T, N>,
    guard: bool,
) -> Option<(usize, bool)> {
    let d0 = dot(points.first()?, dir);
    let (mut nan, mut index) = (d0.clone() - d0.clone(), [0; 4]); // (x − x: NaN if x is ±∞)
    let mut value: [T; 4] = std::array::from_fn(|_| d0.clone());
    let mut offer = |k: usize, i: usize, p: &Vector<T, N>| {
        let d = dot(p, dir);
        if guard {
            nan += d.clone() - d.clone();
        }
        if d > value[k] {
            (value[k], index[k]) = (d, i);
        }
    };
    let chunks = points.chunks_exact(4);
    let (rest, whole) = (chunks.remainder(), points.len() / 4 * 4);
    for (c, chunk) in chunks.enumerate() {
        (0..4).for_each(|k| offer(k, 4 * c + k, &chunk[k]));
    }
    (0..rest.len()).for_each(|k| offer(k, whole + k, &rest[k]));
    let better =
        |j: usize, k: usize| value[k] > value[j] || (value[k] == value[j] && index[k] < index[j]);
    let best = (1..4).fold(0, |j, k| if better(j, k) { k } else { j });
    Some((index[best], nan.is_finite()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The interleaved search returns the very point a plain sequential scan
    /// does (strictly larger replaces), ties included, and also where
    /// products are `±∞` or NaN (infinite coordinates here): small integer
    /// coordinates make many equal products, and every length from 0 to 20
    /// leaves every remainder of the runs. (A version whose runs did not all
    /// start at point 0 lost the maximiser behind a run's first NaN.)
    #[test]
    fn the_interleaved_search_finds_the_plain_scans_first_maximiser() {
        let mut lcg = crate::test_util::Lcg(0x9e37_79b9_7f4a_7c15);
        let mut next = || match lcg.int(0, 22) {
            21 => f64::INFINITY,
            22 => f64::NEG_INFINITY,
            k => (k % 5) as f64 - 2.0,
        };
        for n in 0..=20 {
            for _ in 0..300 {
                let pts: Vec<Vector<f64, 3>> = (0..n)
                    .map(|_| Vector::<f64, 3>::new(next(), next(), next()))
                    .collect();
                let dir = Vector::<f64, 3>::new(next(), next(), next());
                let mut want = None;
                for (i, p) in pts.iter().enumerate() {
                    let d = dot(p, &dir);
                    if want.is_none_or(|(_, best)| d > best) {
                        want = Some((i, d));
                    }
                }
                let got = scan(&pts, &dir, true);
                let finite = pts.iter().all(|p| dot(p, &dir).is_finite());
                assert_eq!(got, want.map(|(i, _)| (i, finite)), "{pts:?} along {dir:?}");
            }
        }
    }
}
