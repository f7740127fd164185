//! A hasher for the crate's own small keys: the bit patterns of support
//! points ([`crate::exact`]'s recording support maps) and the vertex ids
//! of EPA's ridges. A multiply-rotate mix per word, several times cheaper
//! than the standard library's SipHash, which guards against adversarial
//! keys; these keys come from one query's own computation.

use std::hash::{BuildHasherDefault, Hasher};

/// The hasher (module docs).
#[derive(Default)]
pub(crate) struct BitsHasher(u64);

/// A `HashMap`'s hasher builder for [`BitsHasher`].
pub(crate) type BuildBits = BuildHasherDefault<BitsHasher>;

impl Hasher for BitsHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        // Arrays of `u64`/`usize` hash as their bytes: eight at a time.
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }

    fn write_u64(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn write_usize(&mut self, word: usize) {
        self.write_u64(word as u64);
    }
}
