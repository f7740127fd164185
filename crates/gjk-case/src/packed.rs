//! Packed storage of a shape's points: each coordinate as it was read, in a
//! few bytes (see "Memory" in the crate docs).
//!
//! | coordinate | bytes |
//! |---|---|
//! | an integer of magnitude below 2⁶⁴ (a JSON number that is one, or a string whose value is one) | 1 + its magnitude's bytes (1 for 0) |
//! | another JSON number (its double) | 9 |
//! | another string (its text, read again when used) | 5 + its length |
//!
//! A coordinate's JSON text, with its separator, takes at least 4 bytes when
//! it is a non-integer double (`0.1,`), at least `k + 1` when it is an
//! integer of `k` bytes, and `len + 3` for a string: the packed form takes
//! at most 2.25 times the text it came from. The bytes live in chunks of at
//! most [`CHUNK_MAX`] bytes, each allocated once at its final size, so no
//! reallocation ever holds two copies.

use gjk::scalar::{rational_from_f64, FromRational, Rational};
use gjk::vector::Vector;
use gjk::Which;
use num_bigint::BigInt;
use num_traits::{Signed, ToPrimitive};

use crate::{approx_magnitude, parse_decimal_or_ratio, CaseError};

/// The largest chunk of packed bytes.
pub const CHUNK_MAX: usize = 1 << 20;
/// The first chunk's size.
const CHUNK_MIN: usize = 256;

const TAG_NEGATIVE: u8 = 0x10;
const TAG_DOUBLE: u8 = 0x20;
const TAG_TEXT: u8 = 0x30;

/// One coordinate as it is stored.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Coord<'a> {
    /// An integer `±magnitude`.
    Int {
        /// Whether it is negative.
        negative: bool,
        /// Its magnitude.
        magnitude: u64,
    },
    /// A finite double that is not such an integer: its exact value.
    Double(f64),
    /// A decimal or `"p/q"` string ([`parse_decimal_or_ratio`] reads it).
    Text(&'a str),
}

impl Coord<'_> {
    /// The exact value.
    pub fn to_rational(&self) -> Rational {
        match *self {
            Coord::Int {
                negative,
                magnitude,
            } => {
                let m = BigInt::from(magnitude);
                Rational::from_integer(if negative { -m } else { m })
            }
            // Finite by construction.
            Coord::Double(x) => rational_from_f64(x).unwrap_or_default(),
            // The text parsed when it was packed.
            Coord::Text(s) => parse_decimal_or_ratio(s).unwrap_or_default(),
        }
    }
}

/// A scalar type a packed coordinate converts to: exactly for rationals,
/// rounded once to the nearest value for floats (as
/// [`FromRational::from_rational`] does on the exact value).
pub trait FromCoord: FromRational {
    /// The value of `c` in `Self`.
    fn from_coord(c: &Coord<'_>) -> Self {
        Self::from_rational(&c.to_rational())
    }
}

impl FromCoord for Rational {}

/// `-x` if `negative`, else `x`.
fn with_sign<T: std::ops::Neg<Output = T>>(negative: bool, x: T) -> T {
    if negative {
        -x
    } else {
        x
    }
}

impl FromCoord for f64 {
    fn from_coord(c: &Coord<'_>) -> Self {
        match *c {
            // `as` rounds to nearest, ties to even: one rounding.
            Coord::Int {
                negative,
                magnitude,
            } => with_sign(negative, magnitude as f64),
            Coord::Double(x) => x,
            Coord::Text(_) => f64::from_rational(&c.to_rational()),
        }
    }
}

impl FromCoord for f32 {
    fn from_coord(c: &Coord<'_>) -> Self {
        match *c {
            Coord::Int {
                negative,
                magnitude,
            } => with_sign(negative, magnitude as f32),
            // The double is the exact value: one rounding to f32.
            Coord::Double(x) => x as f32,
            Coord::Text(_) => f32::from_rational(&c.to_rational()),
        }
    }
}

/// The points of one shape, packed (module docs). Built by the case
/// parser; every point has [`PackedShape::dim`] coordinates.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PackedShape {
    dim: usize,
    len: usize,
    bytes: usize,
    chunks: Vec<Vec<u8>>,
}

impl PackedShape {
    /// The number of points.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there are no points.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The number of coordinates of each point.
    pub fn dim(&self) -> usize {
        self.dim
    }

    /// The heap bytes the packed coordinates take (chunk capacities).
    pub fn heap_bytes(&self) -> usize {
        self.chunks.iter().map(Vec::capacity).sum::<usize>()
            + self.chunks.capacity() * std::mem::size_of::<Vec<u8>>()
    }

    /// Every coordinate, point after point.
    pub fn coords(&self) -> Coords<'_> {
        Coords {
            chunks: &self.chunks,
            chunk: 0,
            pos: 0,
        }
    }

    /// The points as rows of exact coordinates.
    pub fn rows(&self) -> Vec<Vec<Rational>> {
        let mut coords = self.coords();
        (0..self.len)
            .map(|_| {
                (&mut coords)
                    .take(self.dim)
                    .map(|c| c.to_rational())
                    .collect()
            })
            .collect()
    }

    /// The points in `T`, decoded one at a time (`N` must be
    /// [`PackedShape::dim`]: otherwise nothing).
    pub fn points<T: FromCoord, const N: usize>(&self) -> impl Iterator<Item = Vector<T, N>> + '_ {
        let mut coords = self.coords();
        let len = if N == self.dim { self.len } else { 0 };
        (0..len).map(move |_| {
            let mut v = Vector::<T, N>::zeros();
            for (i, c) in (&mut coords).take(N).enumerate() {
                v[i] = T::from_coord(&c);
            }
            v
        })
    }

    /// [`CaseError::OutOfRange`] for the first coordinate that is not
    /// finite in `T` (a float mode's range), naming it as shape `which`.
    pub fn check_range<T: FromCoord>(&self, which: Which) -> Result<(), CaseError> {
        if self.dim == 0 {
            return Ok(());
        }
        for (k, c) in self.coords().enumerate() {
            if !T::from_coord(&c).is_finite() {
                return Err(CaseError::OutOfRange {
                    which,
                    point: k / self.dim,
                    coord: k % self.dim,
                    scalar: T::NAME,
                    magnitude: approx_magnitude(&c.to_rational()),
                });
            }
        }
        Ok(())
    }

    /// The points as vectors of `T`, after [`PackedShape::check_range`].
    pub fn vectors<T: FromCoord, const N: usize>(
        &self,
        which: Which,
    ) -> Result<Vec<Vector<T, N>>, CaseError> {
        if self.dim != N {
            return Err(CaseError::DimensionMismatch {
                expected: N,
                found: self.dim,
            });
        }
        self.check_range::<T>(which)?;
        Ok(self.points::<T, N>().collect())
    }

    /// Starts a new point.
    pub(crate) fn start_point(&mut self) {
        self.len += 1;
    }

    /// Sets the dimension (that of the first point).
    pub(crate) fn set_dim(&mut self, dim: usize) {
        self.dim = dim;
    }

    /// Appends a JSON number's coordinate (its double, finite).
    pub(crate) fn push_double(&mut self, x: f64) {
        if x.fract() == 0.0 && x.abs() < 18_446_744_073_709_551_616.0 {
            self.push_int(x < 0.0, x.abs() as u64);
        } else {
            let mut b = [0u8; 9];
            b[0] = TAG_DOUBLE;
            b[1..].copy_from_slice(&x.to_le_bytes());
            self.push_bytes(&b);
        }
    }

    /// Appends a string's coordinate: `text`, whose exact value is `r`.
    pub(crate) fn push_text(&mut self, text: &str, r: &Rational) {
        if r.is_integer() {
            if let Some(m) = r.numer().abs().to_u64() {
                self.push_int(r.is_negative(), m);
                return;
            }
        }
        let len = u32::try_from(text.len()).unwrap_or(u32::MAX);
        let mut head = [0u8; 5];
        head[0] = TAG_TEXT;
        head[1..].copy_from_slice(&len.to_le_bytes());
        self.reserve(5 + text.len());
        self.push_bytes(&head);
        self.push_bytes(text.as_bytes());
    }

    fn push_int(&mut self, negative: bool, magnitude: u64) {
        let k = (8 - magnitude.leading_zeros() as usize / 8).min(8);
        let mut b = [0u8; 9];
        b[0] = k as u8
            | if negative && magnitude != 0 {
                TAG_NEGATIVE
            } else {
                0
            };
        b[1..=k].copy_from_slice(&magnitude.to_le_bytes()[..k]);
        self.push_bytes(&b[..=k]);
    }

    /// Makes room for `n` contiguous bytes (one coordinate never straddles
    /// two chunks).
    fn reserve(&mut self, n: usize) {
        let fits = self
            .chunks
            .last()
            .is_some_and(|c| c.capacity() - c.len() >= n);
        if !fits {
            let size = self.bytes.clamp(CHUNK_MIN, CHUNK_MAX).max(n);
            self.chunks.push(Vec::with_capacity(size));
        }
    }

    fn push_bytes(&mut self, b: &[u8]) {
        self.reserve(b.len());
        if let Some(c) = self.chunks.last_mut() {
            c.extend_from_slice(b);
            self.bytes += b.len();
        }
    }

    /// Drops the unused tail of the last chunk.
    pub(crate) fn finish(&mut self) {
        if let Some(c) = self.chunks.last_mut() {
            c.shrink_to_fit();
        }
        self.chunks.shrink_to_fit();
    }
}

/// The coordinates of a [`PackedShape`], in order.
#[derive(Clone, Debug)]
pub struct Coords<'a> {
    chunks: &'a [Vec<u8>],
    chunk: usize,
    pos: usize,
}

impl<'a> Iterator for Coords<'a> {
    type Item = Coord<'a>;

    fn next(&mut self) -> Option<Coord<'a>> {
        let mut bytes = self.chunks.get(self.chunk)?;
        while self.pos >= bytes.len() {
            self.chunk += 1;
            self.pos = 0;
            bytes = self.chunks.get(self.chunk)?;
        }
        let b = &bytes[self.pos..];
        let tag = b[0];
        let (coord, used) = match tag & 0xF0 {
            TAG_DOUBLE => {
                let mut x = [0u8; 8];
                x.copy_from_slice(&b[1..9]);
                (Coord::Double(f64::from_le_bytes(x)), 9)
            }
            TAG_TEXT => {
                let mut n = [0u8; 4];
                n.copy_from_slice(&b[1..5]);
                let n = u32::from_le_bytes(n) as usize;
                // Written from a `&str`: always UTF-8.
                let text = std::str::from_utf8(&b[5..5 + n]).unwrap_or("0");
                (Coord::Text(text), 5 + n)
            }
            _ => {
                let k = usize::from(tag & 0x0F);
                let mut m = [0u8; 8];
                m[..k].copy_from_slice(&b[1..=k]);
                let coord = Coord::Int {
                    negative: tag & TAG_NEGATIVE != 0,
                    magnitude: u64::from_le_bytes(m),
                };
                (coord, 1 + k)
            }
        };
        self.pos += used;
        Some(coord)
    }
}

/// Packs exact rows (each of the same length), for cases built by hand.
pub(crate) fn pack_rows(rows: &[Vec<Rational>]) -> PackedShape {
    let mut s = PackedShape::default();
    s.set_dim(rows.first().map_or(0, Vec::len));
    for row in rows {
        s.start_point();
        for r in row {
            s.push_text(&crate::rational_to_json_string(r), r);
        }
    }
    s.finish();
    s
}
