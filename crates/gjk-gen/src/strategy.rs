//! `proptest` strategies (feature `proptest`) over the generators.
//!
//! Every strategy draws [`Params`] and builds them with [`build`]: shrinking
//! moves towards fewer extra points, smaller coordinates, scale `1`, gap `1`
//! and seed `0` (a different but simpler pair of the same family).
//!
//! ```
//! use gjk_gen::{strategy, Family};
//! use gjk_oracle::{self as oracle, Relation};
//! use proptest::prelude::*;
//!
//! proptest! {
//!     #![proptest_config(ProptestConfig::with_cases(8))]
//!     // Every edge-face and face-face pair touches, in 3 and 4 dimensions
//!     // (put `#[test]` before `fn` in a test file).
//!     fn touching_pairs_touch(pair in strategy::pairs(&[Family::EdgeFace, Family::FaceFace], 3..=4)) {
//!         let (a, b) = pair.rows();
//!         prop_assert_eq!(oracle::relation(&a, &b).unwrap(), Relation::Touching);
//!     }
//! }
//! # touching_pairs_touch();
//! ```

use std::ops::RangeInclusive;

use proptest::prelude::*;
use proptest::sample::select;

use super::{build, Family, Pair, Params, MAX_EXTRA, MAX_GAP_BITS, MAX_SCALE_EXP, MAX_SPREAD};

/// The scale exponents drawn: mostly `0`, often the huge and tiny `±30`,
/// sometimes anything up to `±MAX_SCALE_EXP`.
pub fn scale_exp() -> impl Strategy<Value = i32> {
    prop_oneof![
        4 => Just(0),
        1 => Just(30),
        1 => Just(-30),
        1 => -MAX_SCALE_EXP..=MAX_SCALE_EXP,
    ]
}

/// [`Params`] of one of `families` (those that exist in the drawn
/// dimension) with a dimension in `dims`. Panics when drawing if no family
/// of the list exists in the drawn dimension.
pub fn params(families: &[Family], dims: RangeInclusive<usize>) -> impl Strategy<Value = Params> {
    let families = families.to_vec();
    dims.prop_flat_map(move |dim| {
        let ok: Vec<Family> = families
            .iter()
            .copied()
            .filter(|f| f.supports(dim))
            .collect();
        assert!(
            !ok.is_empty(),
            "no family of {families:?} exists in dimension {dim}"
        );
        (
            select(ok),
            any::<u64>(),
            scale_exp(),
            1..=MAX_SPREAD,
            0..=MAX_EXTRA,
            prop_oneof![3 => Just(0u32), 1 => 0..=MAX_GAP_BITS],
            1..=64i64,
        )
            .prop_map(
                move |(family, seed, scale_exp, spread, extra, gap_bits, gap)| Params {
                    family,
                    dim,
                    seed,
                    scale_exp,
                    spread,
                    extra,
                    gap: gap.min(1 << spread),
                    gap_bits,
                },
            )
    })
}

/// Pairs of one of `families` with a dimension in `dims` (see [`params`]).
pub fn pairs(families: &[Family], dims: RangeInclusive<usize>) -> impl Strategy<Value = Pair> {
    params(families, dims).prop_map(|p| {
        build(&p).unwrap_or_else(|e| panic!("valid parameters {p:?} failed to build: {e}"))
    })
}

/// Pairs of every family that exists in `dim`.
pub fn any_pair(dim: usize) -> impl Strategy<Value = Pair> {
    pairs(&Family::ALL, dim..=dim)
}
