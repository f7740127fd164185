//! The `f64` points of a hull in blocks of four, coordinate by coordinate,
//! for the support search of [`ConvexHull`](super::ConvexHull).
//!
//! Block `b` holds the points `4b … 4b + 3`: its row `k` is their `k`-th
//! coordinates, contiguous, so the four dot products `pᵢ · d` of a block are
//! four lanes of the same multiplies and adds, which the compiler turns into
//! packed instructions; one packed compare tells whether the block beats
//! any lane's best (most blocks do not), and only then are the lanes
//! updated. The last block is padded with copies of its first point.
//!
//! # The same point as the scan
//!
//! The search returns the lowest index among the points with the largest
//! computed `pᵢ · d`, as the hull's scan does (`search.rs`), from the same
//! products and sums in the same order (`Σₖ pₖ dₖ`, `k = 0, 1, …`; the
//! scan's sum starts from `0`, which changes at most the sign of a zero,
//! and `+0 = −0` in every comparison). Each lane keeps its first maximum
//! (only a strictly larger value replaces it); of the lanes' maxima the
//! largest wins, ties to the lower index. A padding copy never wins: it
//! ties with its block's first point, which has a lower index and is seen
//! by lane 0 of the same block. The hull calls this only where no product
//! can overflow (`search.rs`, `plain_is_safe`), so there is no NaN to order.

use crate::rounding::up;

/// Four points' coordinates: `[k][l]` is coordinate `k` of lane `l`.
type Block<const N: usize> = [[f64; 4]; N];

/// A hull's points as blocks (module docs).
#[derive(Clone, PartialEq)]
pub(crate) struct Lanes<const N: usize> {
    blocks: Vec<Block<N>>,
    /// `mₖ`: the largest `|xₖ|` over the points, coordinate by coordinate.
    coordinate_max: [f64; N],
}

impl<const N: usize> std::fmt::Debug for Lanes<N> {
    /// A count, not the coordinates again (they are the hull's points).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Lanes({} blocks)", self.blocks.len())
    }
}

impl<const N: usize> Lanes<N> {
    /// The blocks of `points` (at least one point).
    pub(crate) fn new(points: impl ExactSizeIterator<Item = [f64; N]>) -> Self {
        let mut blocks = Vec::with_capacity(points.len().div_ceil(4));
        let mut block: Block<N> = [[0.0; 4]; N];
        let mut l = 0;
        let mut coordinate_max = [0.0f64; N];
        for p in points {
            for k in 0..N {
                block[k][l] = p[k];
                coordinate_max[k] = coordinate_max[k].max(p[k].abs());
            }
            l += 1;
            if l == 4 {
                blocks.push(block);
                l = 0;
            }
        }
        if l > 0 {
            for pad in l..4 {
                for row in block.iter_mut() {
                    row[pad] = row[0];
                }
            }
            blocks.push(block);
        }
        Lanes {
            blocks,
            coordinate_max,
        }
    }

    /// The index of the first point with the largest `p · d` (module docs);
    /// `0` without blocks.
    pub(crate) fn first_max(&self, d: &[f64; N]) -> usize {
        let Some((first, rest)) = self.blocks.split_first() else {
            return 0;
        };
        let dots = |block: &Block<N>| {
            let mut s = [0.0; 4];
            for l in 0..4 {
                s[l] = block[0][l] * d[0];
            }
            for k in 1..N {
                for l in 0..4 {
                    s[l] += block[k][l] * d[k];
                }
            }
            s
        };
        let (mut best, mut at) = (dots(first), [0, 1, 2, 3]);
        for (b, block) in rest.iter().enumerate() {
            let s = dots(block);
            // Most blocks beat no lane's best: one packed compare, no update.
            let beats = (s[0] > best[0]) | (s[1] > best[1]) | (s[2] > best[2]) | (s[3] > best[3]);
            if beats {
                for l in 0..4 {
                    if s[l] > best[l] {
                        (best[l], at[l]) = (s[l], 4 * (b + 1) + l);
                    }
                }
            }
        }
        let mut k = 0;
        for l in 1..4 {
            if best[l] > best[k] || (best[l] == best[k] && at[l] < at[k]) {
                k = l;
            }
        }
        at[k]
    }

    /// `(max e, max s)` over the points of `(e, s) = dot_terms(d, x)`
    /// (`rounding.rs`: `e = fl(d·x)` summed from `0` in coordinate order,
    /// `s = fl(Σ |fl(dₖ xₖ)|)`), the same values as the certified axis's
    /// `extents` over the points, from the same operations in the same order.
    /// A NaN `e` is skipped (no compare with it holds), as there; the
    /// padding copies repeat a point's values, so they change no maximum's
    /// value (at most the sign of a zero `e`, which the gap's `down` ignores).
    pub(crate) fn extents(&self, d: &[f64; N]) -> (f64, f64) {
        // Two passes, one per maximum: so written, each pass is packed
        // multiplies, adds and maxima over the lanes; fused, the compiler
        // pairs each lane's `e` with its `s` and multiplies one lane at a
        // time (the `certified distance` rows of `benches/versus.rs`).
        let mut s = [0.0f64; 4];
        for block in &self.blocks {
            let mut bs = [0.0f64; 4];
            for k in 0..N {
                for l in 0..4 {
                    bs[l] += (d[k] * block[k][l]).abs();
                }
            }
            for l in 0..4 {
                if bs[l] > s[l] {
                    s[l] = bs[l];
                }
            }
        }
        (self.max_dot(d), max_of_lanes(s))
    }

    /// `(max e, S̄)`: `max e` of [`Lanes::extents`] in one pass, and in place
    /// of `max s` the bound `S̄ = Σₖ |dₖ| mₖ ≥ Σₖ |dₖ xₖ|` for every point,
    /// evaluated upwards (`up` at every step; the certified axis's "One
    /// pass").
    pub(crate) fn max_dot_and_size(&self, d: &[f64; N]) -> (f64, f64) {
        let size = (0..N).fold(0.0, |t, k| up(t + up(d[k].abs() * self.coordinate_max[k])));
        (self.max_dot(d), size)
    }

    /// `max e` of [`Lanes::extents`] alone: one pass.
    fn max_dot(&self, d: &[f64; N]) -> f64 {
        let mut e = [f64::NEG_INFINITY; 4];
        for block in &self.blocks {
            let mut be = [0.0f64; 4];
            for k in 0..N {
                for l in 0..4 {
                    be[l] += d[k] * block[k][l];
                }
            }
            for l in 0..4 {
                if be[l] > e[l] {
                    e[l] = be[l];
                }
            }
        }
        max_of_lanes(e)
    }
}

/// The largest of four lanes' values (`f64::max`: a NaN lane loses).
fn max_of_lanes(x: [f64; 4]) -> f64 {
    x[0].max(x[1]).max(x[2].max(x[3]))
}
