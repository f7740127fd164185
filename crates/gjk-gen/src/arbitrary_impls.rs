//! `arbitrary` impls (feature `arbitrary`): a fuzzer's bytes become
//! [`Params`], and through [`build`] a [`Pair`] of any family.
//!
//! The bytes are read in a fixed, documented layout, so that seeds can be
//! written by hand or by [`Params::to_bytes`]; missing bytes read as `0`
//! (as `arbitrary`'s integers do), so every input decodes:
//!
//! | byte | field |
//! |---|---|
//! | 0 | `dim = 1 + b mod MAX_DIM` (skipped when the caller fixes the dimension) |
//! | 1 | `family`: entry `b mod k` of the `k` families of that dimension ([`Family::supported`]) |
//! | 2–9 | `seed`, little-endian |
//! | 10 | `scale_exp = (b as i8) mod (MAX_SCALE_EXP + 1)` |
//! | 11 | `spread = 1 + b mod MAX_SPREAD` |
//! | 12 | `extra = b mod (MAX_EXTRA + 1)` |
//! | 13–14 | `gap = 1 + (u16, little-endian) mod 2^spread` |
//! | 15 | `gap_bits = b mod (MAX_GAP_BITS + 1)` |

use arbitrary::{Arbitrary, Result, Unstructured};

use super::{
    build, Family, Pair, Params, MAX_DIM, MAX_EXTRA, MAX_GAP_BITS, MAX_SCALE_EXP, MAX_SPREAD,
};

/// The next `K` bytes, zero-padded when the input runs out.
pub fn take<const K: usize>(u: &mut Unstructured<'_>) -> [u8; K] {
    let mut out = [0u8; K];
    let n = K.min(u.len());
    if let Ok(bytes) = u.bytes(n) {
        out[..n].copy_from_slice(bytes);
    }
    out
}

/// Decodes [`Params`] (layout in the module docs); `dim` fixes the
/// dimension (clamped to `1..=MAX_DIM`) instead of reading byte 0.
pub fn decode_params(u: &mut Unstructured<'_>, dim: Option<usize>) -> Params {
    let dim = match dim {
        Some(d) => d.clamp(1, MAX_DIM),
        None => 1 + take::<1>(u)[0] as usize % MAX_DIM,
    };
    let families = Family::supported(dim);
    let family = families[take::<1>(u)[0] as usize % families.len()];
    let seed = u64::from_le_bytes(take::<8>(u));
    let scale_exp = i32::from(take::<1>(u)[0] as i8) % (MAX_SCALE_EXP + 1);
    let spread = 1 + u32::from(take::<1>(u)[0]) % MAX_SPREAD;
    let extra = take::<1>(u)[0] as usize % (MAX_EXTRA + 1);
    let gap = 1 + i64::from(u16::from_le_bytes(take::<2>(u))) % (1i64 << spread);
    let gap_bits = u32::from(take::<1>(u)[0]) % (MAX_GAP_BITS + 1);
    Params {
        family,
        dim,
        seed,
        scale_exp,
        spread,
        extra,
        gap,
        gap_bits,
    }
}

impl Params {
    /// The bytes that decode to these parameters (the layout of the
    /// `arbitrary` impl; valid parameters only), for writing fuzz seeds.
    /// With `with_dim` false, byte 0 is left out (for callers that fix the
    /// dimension).
    pub fn to_bytes(&self, with_dim: bool) -> Vec<u8> {
        let mut out = Vec::with_capacity(16);
        if with_dim {
            out.push((self.dim - 1) as u8);
        }
        let index = Family::supported(self.dim)
            .iter()
            .position(|&f| f == self.family)
            .unwrap_or(0);
        out.push(index as u8);
        out.extend(self.seed.to_le_bytes());
        out.push(self.scale_exp as i8 as u8);
        out.push((self.spread - 1) as u8);
        out.push(self.extra as u8);
        out.extend((((self.gap - 1) & 0xffff) as u16).to_le_bytes());
        out.push(self.gap_bits as u8);
        out
    }
}

impl<'a> Arbitrary<'a> for Family {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        Ok(Family::ALL[take::<1>(u)[0] as usize % Family::ALL.len()])
    }
}

impl<'a> Arbitrary<'a> for Params {
    /// Always valid parameters (see the module docs for the layout).
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        Ok(decode_params(u, None))
    }
}

impl<'a> Arbitrary<'a> for Pair {
    /// The pair of arbitrary [`Params`].
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        build(&decode_params(u, None)).map_err(|_| arbitrary::Error::IncorrectFormat)
    }
}
