//! Helpers for the unit tests: exact and float vectors, a seeded generator,
//! random points and directions (no dependency, the same on every platform;
//! the same recurrence as `tests/common`).

use crate::scalar::{integer, Rational};
use crate::vector::Vector;

/// A 3D float vector.
pub(crate) fn v3(x: f64, y: f64, z: f64) -> Vector<f64, 3> {
    Vector::<f64, 3>::new(x, y, z)
}

/// A 2D vector of exact integers.
pub(crate) fn q2(x: i64, y: i64) -> Vector<Rational, 2> {
    Vector::<Rational, 2>::new(integer(x), integer(y))
}

/// A vector of exact integers in any dimension.
pub(crate) fn qn<const N: usize>(c: [i64; N]) -> Vector<Rational, N> {
    Vector::<Rational, N>::from_fn(|i, _| integer(c[i]))
}

/// A 3D vector of exact integers.
pub(crate) fn q3(x: i64, y: i64, z: i64) -> Vector<Rational, 3> {
    Vector::<Rational, 3>::new(integer(x), integer(y), integer(z))
}

/// The rows `m` without their column `j` (a minor's rows, for the
/// reference determinants of the tests).
pub(crate) fn without_column<X: Clone>(m: &[Vec<X>], j: usize) -> Vec<Vec<X>> {
    m.iter()
        .map(|r| {
            r.iter()
                .enumerate()
                .filter(|&(c, _)| c != j)
                .map(|(_, x)| x.clone())
                .collect()
        })
        .collect()
}

/// A 64-bit linear congruential generator (Knuth's MMIX constants).
pub(crate) struct Lcg(pub(crate) u64);

impl Lcg {
    fn step(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0
    }

    /// 64 bits: the generator's next state.
    pub(crate) fn word(&mut self) -> u64 {
        self.step()
    }

    /// A uniform value in `[0, 1)` (53 random bits).
    pub(crate) fn unit(&mut self) -> f64 {
        (self.step() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// A uniform integer in `lo..=hi`.
    pub(crate) fn int(&mut self, lo: i64, hi: i64) -> i64 {
        lo + ((self.step() >> 33) % ((hi - lo + 1) as u64)) as i64
    }

    /// A uniform value in `[lo, hi)`.
    pub(crate) fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.unit()
    }

    /// A point uniformly distributed in the closed unit ball (by rejection).
    pub(crate) fn in_ball<const N: usize>(&mut self) -> Vector<f64, N> {
        loop {
            let p = Vector::<f64, N>::from_fn(|_, _| self.range(-1.0, 1.0));
            if p.norm_squared() <= 1.0 {
                return p;
            }
        }
    }

    /// A random direction (not normalised, of length between 1/4 and 1,
    /// scaled by a random power of two in `[2⁻⁸, 2⁸]`).
    pub(crate) fn direction<const N: usize>(&mut self) -> Vector<f64, N> {
        loop {
            let p = self.in_ball::<N>();
            if p.norm_squared() >= 1.0 / 16.0 {
                let e = (self.unit() * 17.0) as i32 - 8;
                return p * 2f64.powi(e);
            }
        }
    }
}
