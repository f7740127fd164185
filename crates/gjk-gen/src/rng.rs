//! The generators' random numbers: SplitMix64 (Steele, Lea & Flood,
//! "Fast splittable pseudorandom number generators", OOPSLA 2014), written
//! out so that a seed gives the same pairs on every platform and with every
//! version of every dependency.

/// A SplitMix64 stream.
pub(crate) struct Rng(u64);

impl Rng {
    /// The stream for `seed`.
    pub(crate) fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub(crate) fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// An integer in `lo..=hi` (`lo ≤ hi`; the modulo bias is below
    /// `2^-40` for the ranges used here).
    pub(crate) fn int(&mut self, lo: i64, hi: i64) -> i64 {
        debug_assert!(lo <= hi);
        let span = (hi - lo) as u64 + 1;
        lo + (self.next_u64() % span) as i64
    }

    /// An index in `0..n` (`n ≥ 1`).
    pub(crate) fn index(&mut self, n: usize) -> usize {
        self.int(0, n as i64 - 1) as usize
    }

    /// `true` with probability `num / den`.
    pub(crate) fn chance(&mut self, num: u64, den: u64) -> bool {
        self.next_u64() % den < num
    }

    /// One of `items` (non-empty).
    pub(crate) fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.index(items.len())]
    }

    /// `+1` or `−1`.
    pub(crate) fn sign(&mut self) -> i64 {
        if self.chance(1, 2) {
            1
        } else {
            -1
        }
    }

    /// Shuffles `items` (Fisher–Yates).
    pub(crate) fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.index(i + 1);
            items.swap(i, j);
        }
    }
}

/// The seed of item `index` of a stream started from `seed` (one SplitMix64
/// step from a distinct state per index, so the items are independent).
pub(crate) fn derive(seed: u64, index: u64) -> u64 {
    Rng::new(seed ^ index.wrapping_mul(0xd1b5_4a32_d192_ed03)).next_u64()
}
