//! The case file format: how test cases are written down for cross-validation.
//!
//! A *case* is a pair of convex shapes `A` and `B`, each given as a finite set
//! of points (the shape is their convex hull). Users write cases in this
//! format, run them through their own GJK and through this crate, and compare
//! the answers. This module parses case files and converts the coordinates to
//! the scalar types the algorithm runs on; it does not run any query.
//!
//! # Format
//!
//! A case file is [JSON Lines](https://jsonlines.org/): UTF-8 text with one
//! case per line, each a JSON object.
//!
//! ```text
//! # a unit triangle against a point, in 2D
//! {"id": "tri-vs-point", "a": [[0, 0], [1, 0], [0, 1]], "b": [[0.25, 0.25]]}
//! {"id": 7, "a": [["0.1", "1/3", 0]], "b": [[0, 0, 0], ["-2.5e-7", 1, "1E10"]]}
//! {"a": [[1]], "b": [[2], [3]], "category": "1d"}
//! ```
//!
//! ## Lines
//!
//! * Lines end with `\n` or `\r\n`; the last line may lack its line end. A
//!   UTF-8 byte order mark at the very start of the file is ignored.
//! * **Blank lines** (only whitespace) and **comment lines** (whose first
//!   non-whitespace character is `#`) are skipped. A comment must take the
//!   whole line: nothing may follow the JSON object on its line.
//! * Lines are numbered from 1, counting every line of the file (blank and
//!   comment lines included), so that the number is the one an editor shows.
//! * Each line is parsed on its own: a malformed line is reported and the
//!   following lines are still read.
//!
//! ## Fields
//!
//! | field | required | value |
//! |-------|----------|-------|
//! | `id`  | no  | a string or a number, echoed back unchanged in every answer about the case. If absent, the case is identified by its line number. `null` or any other type is an error. |
//! | `a`   | yes | shape `A`: a non-empty array of points. |
//! | `b`   | yes | shape `B`: a non-empty array of points. |
//! | `radius_a`, `radius_b` | no | a coordinate value (a JSON number or a decimal or rational string, as below), `≥ 0`: the shape is then the hull of its points **thickened** by this radius (`hull ⊕ ball`): one point and a radius is a ball, two points a capsule, more a rounded hull. Absent means `0`. Read on demand ([`Case::radius`]); a bad value is an error for that case. |
//! | anything else | no | ignored by the parser, but kept (see [`Case::extra`]): later versions of the format add fields such as `expect` or `category`. |
//!
//! * A **point** is an array of coordinates. Every point of a case, in `a` and
//!   in `b` together, has the same number of coordinates: the *dimension* of
//!   the case, at least 1.
//! * Field names are case-sensitive. A key may appear only once in an
//!   object: `a`, `b`, `id`, every other field, and every key inside the
//!   value of another field (`"expect": {"distance": 1, "distance": 2}` is
//!   an error naming `expect.distance`, not "the last one wins").
//! * A numeric `id` is echoed as `serde_json` reads it; integers beyond 64
//!   bits or fractional ids may come back reformatted, so prefer string ids
//!   for anything but small integers.
//!
//! ## Coordinates
//!
//! A coordinate is either a JSON number or a JSON string. Every coordinate is
//! read into an **exact rational**; nothing is rounded while reading.
//!
//! * **A JSON number** (`0.1`, `-3`, `2.5e-7`) stands for the exact value of
//!   the `f64` nearest to its decimal text (ties to even), as a C or C++
//!   program reading it with `strtod` would get. So `0.1` is
//!   `3602879701896397 / 2^55`, not `1/10`, and an integer beyond `2^53` is
//!   rounded to a double. A number too large for a double (such as `1e400`)
//!   is an error; one too small for the smallest subnormal (such as `1e-400`)
//!   is `0`. `-0` is `0` (rationals have no signed zero).
//! * **A decimal string** (`"0.1"`, `"-2.5e-7"`, `"+3"`, `"1E10"`, `".5"`,
//!   `"5."`) stands for its exact decimal value: `"0.1"` is exactly `1/10`.
//!   Grammar: an optional sign `+` or `-`, then digits with an optional
//!   decimal point (at least one digit in all), then optionally `e` or `E`,
//!   an optional sign and at least one digit. No spaces, no `_`, no hex.
//! * **A rational string** `"p/q"` (`"1/3"`, `"-7/2"`, `"+4/6"`) stands for
//!   exactly `p / q`: `p` is an integer with an optional sign, `q` a positive
//!   integer without sign (`"1/-3"` is an error: put the sign on `p`;
//!   `"1/0"` is an error). No spaces, no decimal points.
//! * `"NaN"`, `"inf"`, `"Infinity"` and every other non-finite spelling are
//!   errors (JSON itself has no NaN or infinity), as are `true`, `false`,
//!   `null`, arrays and objects.
//!
//! To hand a double over *exactly* from C or C++, print it with 17 significant
//! digits (`%.17g`, or `std::setprecision(17)`) as a JSON number: every double
//! survives the round trip. To give a value that is not a double (`1/3`,
//! `0.1`), write it as a string.
//!
//! ## Scalar modes
//!
//! The exact mode uses the rationals as read. The float modes convert each
//! exact coordinate to the nearest `f64` or `f32` (ties to even); a coordinate
//! whose magnitude is too large for the type (it would become ±∞) is an
//! error in that mode only, naming the coordinate (for example `"1e39"` is
//! fine in `f64` mode and an error in `f32` mode). A coordinate too small for
//! the type becomes `0` or a subnormal, as a float parse would give.
//!
//! ## Limits
//!
//! Hostile input is rejected with an error for its line; it never makes the
//! reader hang or allocate without bound.
//!
//! | limit | value |
//! |-------|-------|
//! | bytes per line | [`MAX_LINE_BYTES`] = 256 MiB |
//! | points per shape (`a` or `b`) | [`MAX_POINTS_PER_SHAPE`] = 1 000 000 |
//! | coordinates per case (`a` and `b` together) | [`MAX_COORDINATES_PER_CASE`] = 8 000 000 |
//! | bits of the exact coordinates of a case, numerators and denominators | [`MAX_EXACT_BITS_PER_CASE`] = 2³¹ |
//! | bytes in one coordinate string | [`MAX_COORDINATE_CHARS`] = 10 000 |
//! | magnitude of the exponent written in a decimal string (`e…`) | [`MAX_EXPONENT`] = 4096 |
//! | nesting depth of the value of `id` and of unknown fields | 128 (`serde_json`'s limit) |
//! | the fields other than `a` and `b`, once read | [`MAX_KEPT_BYTES`] = 1 MiB (each JSON value counts [`KEPT_VALUE_BYTES`], each string and key also its length) |
//!
//! JSON numbers are limited by the range of `f64` instead (see above).
//!
//! ## Memory
//!
//! [`read_packed_cases`] keeps each case's coordinates packed as they were
//! read ([`PackedShape`]: an integer below 2⁶⁴ in 1 to 9 bytes, another
//! JSON number as its double in 9, a string as its text), at most 2.25
//! times the text they came from, in chunks allocated once at their final
//! size. The line's buffer (at most the line once trimmed, freed after a
//! line longer than 1 MiB) and the packed case are all a case holds, so
//! reading a case takes at most about 3.3 times its line plus a constant;
//! the limits above are checked while the line is read, so a line past one
//! is refused before its case is built. The tool decodes the coordinates
//! at each use (`gjk_cli::budget::MeteredHull`), and its peak memory is at
//! most 4 times the longest line plus a constant
//! (`crates/gjk-cli/tests/memory.rs`). [`read_cases`] gives [`Case`]s, whose
//! coordinates are [`Rational`]s: about 100 bytes each.
//!
//! ## Errors
//!
//! A line that is not a valid case is reported as a [`LineError`]: its line
//! number, the case's `id` when it could be read, and a [`CaseError`] whose
//! message says what to fix. As JSON ([`LineError::to_json`],
//! [`error_line`]) it is `{"id": …, "line": N, "error": "…"}`, without `id`
//! when it was not read: a line number is never printed as an id. Positions inside a case are written as JSON
//! paths with 0-based indices: `a[2][1]` is coordinate 1 of point 2 of shape
//! `a`. When a line has several problems, one is reported.
//!
//! # API
//!
//! * [`read_cases`] streams the cases of a reader, skipping blank and comment
//!   lines; [`parse_line`] parses one line. [`read_packed_cases`] and
//!   [`parse_packed_line`] keep the coordinates packed ([`PackedCase`]).
//! * [`Case::points`] converts a case to typed points `Vector<T, N>`.
//! * [`parse_coordinate`] and [`parse_decimal_or_ratio`] parse one coordinate;
//!   [`rational_to_json_string`] and [`format_exact_vector`] write exact
//!   values back in a form they accept.
#![forbid(unsafe_code)]
#![deny(missing_docs)]
// A `LineError` (an id and a message) is built at most once per malformed line,
// so its size never matters for speed; boxing it would only make callers'
// matching clumsier.
#![allow(clippy::result_large_err)]

use std::fmt;
use std::io::{self, BufRead};

use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{Signed, Zero};
use serde::de::{self, DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};

use gjk::scalar::{rational_from_f64, FromRational, Rational, Scalar};
use gjk::vector::Vector;
use gjk::Which;

/// The longest line accepted, in bytes (256 MiB), line end excluded.
pub const MAX_LINE_BYTES: usize = 256 << 20;
/// The most points a shape (`a` or `b`) may have.
pub const MAX_POINTS_PER_SHAPE: usize = 1_000_000;
/// The most coordinates a case may have, counting `a` and `b` together.
pub const MAX_COORDINATES_PER_CASE: usize = 8_000_000;
/// The most bits the exact coordinates of a case may take in all, counting
/// numerators and denominators (2³¹ bits, 256 MiB). Ordinary doubles take
/// at most about 110 bits each; `"1e-4096"` takes about 13 600.
pub const MAX_EXACT_BITS_PER_CASE: u64 = 1 << 31;
/// The longest coordinate string accepted, in bytes.
pub const MAX_COORDINATE_CHARS: usize = 10_000;
/// The largest magnitude of the exponent written in a decimal string
/// (`"1e4096"` and `"1e-4096"` are accepted, `"1e4097"` is not).
pub const MAX_EXPONENT: u32 = 4096;
/// The most bytes the fields other than `a` and `b` (`id`, `expect`,
/// `category`, …) may take once read: each JSON value counts
/// [`KEPT_VALUE_BYTES`], each string or key also its length (1 MiB).
pub const MAX_KEPT_BYTES: usize = 1 << 20;
/// What one kept JSON value counts against [`MAX_KEPT_BYTES`]: about its
/// size in memory with its map entry.
pub const KEPT_VALUE_BYTES: usize = 64;

mod packed;
pub use packed::{Coord, Coords, FromCoord, PackedShape, CHUNK_MAX};

/// The limits in force; the public functions use [`DEFAULT_LIMITS`], tests use
/// smaller ones to exercise the checks without huge inputs.
#[derive(Clone, Copy, Debug)]
struct Limits {
    line_bytes: usize,
    points: usize,
    coordinates: usize,
    exact_bits: u64,
}

const DEFAULT_LIMITS: Limits = Limits {
    line_bytes: MAX_LINE_BYTES,
    points: MAX_POINTS_PER_SHAPE,
    coordinates: MAX_COORDINATES_PER_CASE,
    exact_bits: MAX_EXACT_BITS_PER_CASE,
};

// ---------------------------------------------------------------------------
// Cases
// ---------------------------------------------------------------------------

/// One parsed case: two point sets with exact coordinates.
///
/// A case returned by the parser always has non-empty `a` and `b` whose points
/// all have the same dimension, at least 1.
#[derive(Clone, Debug, PartialEq)]
pub struct Case {
    /// The line the case was read from (1-based).
    pub line: usize,
    /// The `id` field as given (a string or a number), or `Null` if absent.
    pub id: Value,
    /// The points of shape `A`, exactly.
    pub a: Vec<Vec<Rational>>,
    /// The points of shape `B`, exactly.
    pub b: Vec<Vec<Rational>>,
    /// Every field of the line's object except `a` and `b` (which are parsed
    /// into [`Case::a`] and [`Case::b`]): `id` if present, and the fields this
    /// version does not know, for later code to read.
    pub extra: Map<String, Value>,
}

impl Case {
    /// The dimension of the case: the number of coordinates of every point
    /// (0 only for a hand-built case without points).
    pub fn dim(&self) -> usize {
        self.a
            .first()
            .or_else(|| self.b.first())
            .map_or(0, Vec::len)
    }

    /// What identifies the case in answers: its `id`, or its line number when
    /// it has none.
    pub fn id_or_line(&self) -> Value {
        if self.id.is_null() {
            Value::from(self.line)
        } else {
            self.id.clone()
        }
    }

    /// The points of `A` and of `B` as vectors of `T` in `N` dimensions.
    ///
    /// Each coordinate is converted with [`FromRational`]: exactly for
    /// rationals, to the nearest value for floats.
    ///
    /// # Errors
    ///
    /// [`CaseError::DimensionMismatch`] if `N` is not [`Case::dim`], and
    /// [`CaseError::OutOfRange`] for the first coordinate that is too large
    /// for `T` (that would become infinite).
    #[allow(clippy::type_complexity)] // a pair of point lists, spelled out
    pub fn points<T: FromRational, const N: usize>(
        &self,
    ) -> Result<(Vec<Vector<T, N>>, Vec<Vector<T, N>>), CaseError> {
        let dim = self.dim();
        if dim != N {
            return Err(CaseError::DimensionMismatch {
                expected: N,
                found: dim,
            });
        }
        Ok((
            convert_shape(Which::A, &self.a)?,
            convert_shape(Which::B, &self.b)?,
        ))
    }
}

/// A parsed case with its points packed ([`PackedShape`]): what the tool
/// reads, in memory proportional to the line (see "Memory" in the crate
/// docs). [`PackedCase::into_case`] gives the [`Case`] with every
/// coordinate as a rational.
#[derive(Clone, Debug, PartialEq)]
pub struct PackedCase {
    /// The line the case was read from (1-based).
    pub line: usize,
    /// The `id` field as given (a string or a number), or `Null` if absent.
    pub id: Value,
    /// The points of shape `A`.
    pub a: PackedShape,
    /// The points of shape `B`.
    pub b: PackedShape,
    /// Every field of the line's object except `a` and `b`, as in
    /// [`Case::extra`].
    pub extra: Map<String, Value>,
}

impl PackedCase {
    /// The dimension of the case.
    pub fn dim(&self) -> usize {
        self.a.dim()
    }

    /// What identifies the case in answers: its `id`, or its line number
    /// when it has none (as [`Case::id_or_line`]).
    pub fn id_or_line(&self) -> Value {
        if self.id.is_null() {
            Value::from(self.line)
        } else {
            self.id.clone()
        }
    }

    /// A case built by hand, packed (its rows must all have the length of
    /// `a[0]`, as the parser's cases do).
    pub fn from_case(case: &Case) -> PackedCase {
        PackedCase {
            line: case.line,
            id: case.id.clone(),
            a: packed::pack_rows(&case.a),
            b: packed::pack_rows(&case.b),
            extra: case.extra.clone(),
        }
    }

    /// The case with its coordinates as rationals.
    pub fn into_case(self) -> Case {
        Case {
            line: self.line,
            a: self.a.rows(),
            b: self.b.rows(),
            id: self.id,
            extra: self.extra,
        }
    }

    /// [`Case::points`] of [`PackedCase::into_case`], without it: the
    /// points of `A` and of `B` as vectors of `T`.
    ///
    /// # Errors
    ///
    /// As [`Case::points`].
    #[allow(clippy::type_complexity)] // a pair of point lists, spelled out
    pub fn points<T: FromCoord, const N: usize>(
        &self,
    ) -> Result<(Vec<Vector<T, N>>, Vec<Vector<T, N>>), CaseError> {
        Ok((self.a.vectors(Which::A)?, self.b.vectors(Which::B)?))
    }
}

fn convert_shape<T: FromRational, const N: usize>(
    which: Which,
    points: &[Vec<Rational>],
) -> Result<Vec<Vector<T, N>>, CaseError> {
    let mut out = Vec::with_capacity(points.len());
    for (point, p) in points.iter().enumerate() {
        if p.len() != N {
            // Only reachable for hand-built cases.
            return Err(CaseError::MixedDimensions {
                which,
                point,
                expected: N,
                found: p.len(),
            });
        }
        let mut v = Vector::<T, N>::zeros();
        for (coord, r) in p.iter().enumerate() {
            let x = T::from_rational(r);
            if !x.is_finite() {
                return Err(CaseError::OutOfRange {
                    which,
                    point,
                    coord,
                    scalar: T::NAME,
                    magnitude: approx_magnitude(r),
                });
            }
            v[coord] = x;
        }
        out.push(v);
    }
    Ok(out)
}

/// The JSON field of a shape's radius: `radius_a` or `radius_b`.
pub fn radius_field(which: Which) -> &'static str {
    match which {
        Which::B => "radius_b",
        _ => "radius_a",
    }
}

/// The radius methods of [`Case`] and [`PackedCase`] (both keep the
/// fields other than `a` and `b` in `extra`).
macro_rules! radius_methods {
    () => {
        /// The radius of shape `A` or `B` (`radius_a`, `radius_b`: the shape is
        /// the hull of its points thickened by it, see the module docs), exactly;
        /// `None` when the field is absent (a radius of `0`).
        ///
        /// # Errors
        ///
        /// [`CaseError::BadRadius`] for a value that is not a coordinate (a
        /// JSON number or a decimal or rational string, as for points) or is
        /// negative.
        pub fn radius(&self, which: Which) -> Result<Option<Rational>, CaseError> {
            let Some(v) = self.extra.get(radius_field(which)) else {
                return Ok(None);
            };
            let bad = |message: String| CaseError::BadRadius { which, message };
            let r = parse_coordinate(v).map_err(|e| bad(format!("{} ({e})", v)))?;
            if r.is_negative() {
                return Err(bad(format!("{} is negative", rational_to_json_string(&r))));
            }
            Ok(Some(r))
        }

        /// Whether either shape has a radius field (a round case).
        pub fn is_round(&self) -> bool {
            self.extra.contains_key("radius_a") || self.extra.contains_key("radius_b")
        }

        /// Both radii as `T` (`0` when absent), converted like coordinates.
        ///
        /// # Errors
        ///
        /// Those of `radius`, and [`CaseError::BadRadius`] for a radius
        /// too large for `T`.
        pub fn radii<T: FromRational>(&self) -> Result<(T, T), CaseError> {
            let one = |which| -> Result<T, CaseError> {
                let Some(r) = self.radius(which)? else {
                    return Ok(T::zero());
                };
                let x = T::from_rational(&r);
                if !x.is_finite() {
                    return Err(CaseError::BadRadius {
                        which,
                        message: format!(
                            "{} is out of range for {} (it would round to infinity)",
                            approx_magnitude(&r),
                            T::NAME
                        ),
                    });
                }
                Ok(x)
            };
            Ok((one(Which::A)?, one(Which::B)?))
        }
    };
}

impl Case {
    radius_methods!();
}

impl PackedCase {
    radius_methods!();
}

/// A short approximation of a (large) rational for error messages.
pub(crate) fn approx_magnitude(r: &Rational) -> String {
    let f = Scalar::to_f64(r);
    if f.is_finite() {
        return format!("{f:e}");
    }
    // Beyond f64: estimate the decimal exponent from the bit lengths.
    let bits = r.numer().bits() as f64 - r.denom().bits() as f64;
    let sign = if r.is_negative() { "-" } else { "" };
    // 2^(bits − 1) ≤ |value| < 2^(bits + 1): take the middle.
    let exponent = ((bits - 0.5) * std::f64::consts::LOG10_2).round();
    format!("about {sign}1e{exponent}")
}

// ---------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------

/// Why a coordinate could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum CoordinateError {
    /// The JSON value is neither a number nor a string.
    WrongType {
        /// What it is (`"a boolean"`, `"null"`, `"an array"`, `"an object"`).
        found: &'static str,
    },
    /// A spelling of NaN or infinity.
    NonFinite,
    /// The string is neither a decimal nor `"p/q"`.
    Syntax,
    /// `"p/q"` with a sign on `q`.
    SignedDenominator,
    /// `"p/0"`.
    ZeroDenominator,
    /// The string is longer than [`MAX_COORDINATE_CHARS`].
    TooLong {
        /// Its length in bytes.
        len: usize,
    },
    /// The exponent of a decimal string exceeds [`MAX_EXPONENT`] in magnitude.
    ExponentOutOfRange,
}

impl fmt::Display for CoordinateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CoordinateError::WrongType { found } => write!(
                f,
                "expected a number, or a string holding a decimal or \"p/q\"; found {found}"
            ),
            CoordinateError::NonFinite => {
                f.write_str("NaN and infinities are not allowed: coordinates must be finite")
            }
            CoordinateError::Syntax => f.write_str(
                "not a decimal (such as \"-2.5e-7\") or a ratio of integers (such as \"-1/3\")",
            ),
            CoordinateError::SignedDenominator => {
                f.write_str("the denominator of \"p/q\" must have no sign (put the sign on p)")
            }
            CoordinateError::ZeroDenominator => f.write_str("the denominator is zero"),
            CoordinateError::TooLong { len } => write!(
                f,
                "the string is {len} bytes long; the limit is {MAX_COORDINATE_CHARS}"
            ),
            CoordinateError::ExponentOutOfRange => write!(
                f,
                "the exponent is out of the supported range (at most {MAX_EXPONENT} in magnitude)"
            ),
        }
    }
}

impl std::error::Error for CoordinateError {}

/// Why a line is not a valid case (or a case cannot be converted).
///
/// Shapes are named by [`Which::A`] and [`Which::B`]; point and coordinate
/// indices are 0-based and printed as JSON paths (`a[2][1]`).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum CaseError {
    /// Reading the line failed.
    Io {
        /// The I/O error's message.
        message: String,
    },
    /// The line is not valid UTF-8.
    InvalidUtf8 {
        /// The 0-based byte offset of the first invalid byte in the line.
        offset: usize,
    },
    /// The line is longer than [`MAX_LINE_BYTES`].
    LineTooLong {
        /// The limit in bytes.
        limit: usize,
    },
    /// The line is not valid JSON (or has text after the object).
    InvalidJson {
        /// The column (1-based, in characters) where the problem was found.
        column: usize,
        /// What is wrong, from the JSON parser.
        message: String,
    },
    /// A JSON number is too large for an `f64`.
    NumberOutOfRange {
        /// The column (1-based) where it was found.
        column: usize,
    },
    /// `radius_a` or `radius_b` is not a coordinate value, is negative, or
    /// is out of range for the scalar type.
    BadRadius {
        /// Which shape's radius.
        which: Which,
        /// What is wrong.
        message: String,
    },
    /// The line's JSON value is not an object.
    NotAnObject {
        /// What it is (`"an array"`, `"a number"`, …).
        found: &'static str,
    },
    /// `id` is neither a string nor a number.
    InvalidId {
        /// What it is.
        found: &'static str,
    },
    /// `a`, `b` or `id` appears twice in the object.
    DuplicateField {
        /// The field's name.
        name: &'static str,
    },
    /// Another key appears twice in one object: a field of the case, or a
    /// key inside a kept field's value (`expect.distance`).
    DuplicateKey {
        /// The key's path from the case object, dot-separated.
        path: String,
    },
    /// The fields other than `a` and `b` take more than [`MAX_KEPT_BYTES`].
    KeptFieldsTooLarge {
        /// The limit in bytes.
        limit: usize,
    },
    /// `a` or `b` is missing.
    MissingShape {
        /// Which one.
        which: Which,
    },
    /// `a` or `b` is not an array.
    ShapeNotArray {
        /// Which one.
        which: Which,
        /// What it is.
        found: &'static str,
    },
    /// `a` or `b` has no points.
    EmptyShape {
        /// Which one.
        which: Which,
    },
    /// `a` or `b` has more than [`MAX_POINTS_PER_SHAPE`] points.
    TooManyPoints {
        /// Which one.
        which: Which,
        /// The limit.
        limit: usize,
    },
    /// The case has more than [`MAX_COORDINATES_PER_CASE`] coordinates.
    TooManyCoordinates {
        /// The limit.
        limit: usize,
    },
    /// The exact values of the case's coordinates take more than
    /// [`MAX_EXACT_BITS_PER_CASE`] bits.
    ExactValuesTooLarge {
        /// The limit in bits.
        limit: u64,
    },
    /// A point is not an array.
    PointNotArray {
        /// The shape.
        which: Which,
        /// The point's index in the shape.
        point: usize,
        /// What it is.
        found: &'static str,
    },
    /// A point has no coordinates.
    ZeroDimension {
        /// The shape.
        which: Which,
        /// The point's index in the shape.
        point: usize,
    },
    /// A point's dimension differs from that of `a[0]`.
    MixedDimensions {
        /// The shape of the point.
        which: Which,
        /// The point's index in the shape.
        point: usize,
        /// The dimension of the case (that of `a[0]`).
        expected: usize,
        /// The point's dimension.
        found: usize,
    },
    /// A coordinate could not be read.
    BadCoordinate {
        /// The shape.
        which: Which,
        /// The point's index in the shape.
        point: usize,
        /// The coordinate's index in the point.
        coord: usize,
        /// The offending value as JSON text (long strings shortened).
        text: String,
        /// What is wrong with it.
        error: CoordinateError,
    },
    /// A coordinate is too large for the scalar type of a float mode.
    OutOfRange {
        /// The shape.
        which: Which,
        /// The point's index in the shape.
        point: usize,
        /// The coordinate's index in the point.
        coord: usize,
        /// The scalar type ([`Scalar::NAME`]: `"f32"` or `"f64"`).
        scalar: &'static str,
        /// The coordinate's approximate value.
        magnitude: String,
    },
    /// The case was asked for in another dimension than its own.
    DimensionMismatch {
        /// The dimension asked for.
        expected: usize,
        /// The case's dimension.
        found: usize,
    },
}

/// `"a"` or `"b"`: the field name of a shape.
fn field(which: Which) -> &'static str {
    match which {
        Which::A => "a",
        Which::B => "b",
        Which::Query => "query",
        Which::Shape => "shape",
    }
}

impl fmt::Display for CaseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CaseError::Io { message } => write!(f, "read error: {message}"),
            CaseError::InvalidUtf8 { offset } => {
                write!(
                    f,
                    "the line is not valid UTF-8 (invalid byte at offset {offset})"
                )
            }
            CaseError::LineTooLong { limit } => {
                write!(f, "the line is longer than the limit of {limit} bytes")
            }
            CaseError::InvalidJson { column, message } => {
                write!(f, "invalid JSON at column {column}: {message}")
            }
            CaseError::NumberOutOfRange { column } => write!(
                f,
                "invalid JSON at column {column}: number out of range; a JSON number must fit in \
                 an f64 (write larger values as strings, such as \"1e400\")"
            ),
            CaseError::NotAnObject { found } => write!(
                f,
                "a case must be a JSON object such as {{\"a\": [[0, 0]], \"b\": [[1, 1]]}}, \
                 found {found}"
            ),
            CaseError::InvalidId { found } => {
                write!(f, "\"id\" must be a string or a number, found {found}")
            }
            CaseError::DuplicateField { name } => write!(f, "the field \"{name}\" appears twice"),
            CaseError::DuplicateKey { path } => write!(
                f,
                "the key \"{path}\" appears twice (a JSON object's keys must be distinct)"
            ),
            CaseError::KeptFieldsTooLarge { limit } => write!(
                f,
                "the fields other than \"a\" and \"b\" take more than {limit} bytes (the limit)"
            ),
            CaseError::MissingShape { which } => write!(
                f,
                "missing field \"{}\" ({which}: an array of points)",
                field(*which)
            ),
            CaseError::ShapeNotArray { which, found } => write!(
                f,
                "\"{}\" must be an array of points (arrays of coordinates), found {found}",
                field(*which)
            ),
            CaseError::EmptyShape { which } => write!(
                f,
                "\"{}\" is empty: a shape needs at least one point",
                field(*which)
            ),
            CaseError::TooManyPoints { which, limit } => {
                write!(
                    f,
                    "\"{}\" has more than {limit} points (the limit)",
                    field(*which)
                )
            }
            CaseError::TooManyCoordinates { limit } => write!(
                f,
                "the case has more than {limit} coordinates in a and b together (the limit)"
            ),
            CaseError::ExactValuesTooLarge { limit } => write!(
                f,
                "the exact values of the coordinates take more than {limit} bits in all (the \
                 limit for one case: use fewer digits or smaller exponents)"
            ),
            CaseError::PointNotArray {
                which,
                point,
                found,
            } => write!(
                f,
                "point {}[{point}] must be an array of coordinates, found {found}",
                field(*which)
            ),
            CaseError::ZeroDimension { which, point } => write!(
                f,
                "point {}[{point}] has no coordinates (the dimension must be at least 1)",
                field(*which)
            ),
            CaseError::MixedDimensions {
                which,
                point,
                expected,
                found,
            } => write!(
                f,
                "mixed dimensions: point {}[{point}] has {found} coordinates but a[0] has \
                 {expected} (all points of a case, in a and b, must have the same dimension)",
                field(*which)
            ),
            CaseError::BadCoordinate {
                which,
                point,
                coord,
                text,
                error,
            } => write!(
                f,
                "bad coordinate {}[{point}][{coord}] = {text}: {error}",
                field(*which)
            ),
            CaseError::OutOfRange {
                which,
                point,
                coord,
                scalar,
                magnitude,
            } => write!(
                f,
                "coordinate {}[{point}][{coord}] = {magnitude} is out of range for {scalar} \
                 (it would round to infinity)",
                field(*which)
            ),
            CaseError::DimensionMismatch { expected, found } => write!(
                f,
                "the case has dimension {found}, but dimension {expected} was asked for"
            ),
            CaseError::BadRadius { which, message } => {
                write!(f, "bad radius_{}: {message}", field(*which))
            }
        }
    }
}

impl std::error::Error for CaseError {}

/// A line that is not a valid case, with what identifies it.
#[derive(Clone, Debug, PartialEq)]
pub struct LineError {
    /// The line number (1-based).
    pub line: usize,
    /// The case's `id` if it could be read before the problem was found.
    pub id: Option<Value>,
    /// What is wrong.
    pub error: CaseError,
}

impl LineError {
    /// The error as a JSON object: [`error_line`].
    pub fn to_json(&self) -> Value {
        error_line(self.id.as_ref(), self.line, &self.error.to_string())
    }
}

/// The one shape of an error line, in every subcommand of the tool:
/// `{"id": …, "line": N, "error": "…"}`, with `id` only when it was read
/// (a line number is never printed as an id).
pub fn error_line(id: Option<&Value>, line: usize, message: &str) -> Value {
    let mut m = Map::new();
    if let Some(id) = id.filter(|id| !id.is_null()) {
        m.insert("id".into(), id.clone());
    }
    m.insert("line".into(), Value::from(line));
    m.insert("error".into(), Value::String(message.to_string()));
    Value::Object(m)
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.id {
            None => write!(f, "line {}: {}", self.line, self.error),
            Some(id) => write!(f, "line {} (id {id}): {}", self.line, self.error),
        }
    }
}

impl std::error::Error for LineError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.error)
    }
}

// ---------------------------------------------------------------------------
// Coordinates
// ---------------------------------------------------------------------------

/// The exact value of a JSON coordinate (see the [module docs](self) for what
/// each form means).
///
/// # Errors
///
/// [`CoordinateError::WrongType`] for booleans, `null`, arrays and objects,
/// and the errors of [`parse_decimal_or_ratio`] for strings.
pub fn parse_coordinate(v: &Value) -> Result<Rational, CoordinateError> {
    match v {
        // Without `arbitrary_precision`, every JSON number is an u64, an i64
        // or a finite f64; `as_f64` rounds integers to nearest.
        Value::Number(n) => number_to_rational(n.as_f64().ok_or(CoordinateError::NonFinite)?),
        Value::String(s) => parse_decimal_or_ratio(s),
        other => Err(CoordinateError::WrongType {
            found: value_kind(other),
        }),
    }
}

fn number_to_rational(x: f64) -> Result<Rational, CoordinateError> {
    rational_from_f64(x).ok_or(CoordinateError::NonFinite)
}

/// The exact value of a decimal string (`"0.1"`, `"-2.5e-7"`, `"+3"`,
/// `"1E10"`) or of a ratio of integers `"p/q"` (`"-1/3"`).
///
/// # Errors
///
/// [`CoordinateError::TooLong`] past [`MAX_COORDINATE_CHARS`] bytes,
/// [`CoordinateError::ExponentOutOfRange`] past [`MAX_EXPONENT`],
/// [`CoordinateError::NonFinite`] for NaN and infinity spellings,
/// [`CoordinateError::ZeroDenominator`], [`CoordinateError::SignedDenominator`],
/// and [`CoordinateError::Syntax`] for anything else that does not match the
/// grammar.
pub fn parse_decimal_or_ratio(s: &str) -> Result<Rational, CoordinateError> {
    if s.len() > MAX_COORDINATE_CHARS {
        return Err(CoordinateError::TooLong { len: s.len() });
    }
    if let Some((p, q)) = s.split_once('/') {
        let (negative, p_digits) = split_sign(p);
        if q.starts_with(['+', '-']) {
            return Err(CoordinateError::SignedDenominator);
        }
        let p = parse_digits(p_digits)?;
        let q = parse_digits(q)?;
        if q.is_zero() {
            return Err(CoordinateError::ZeroDenominator);
        }
        let p = if negative { -p } else { p };
        return Ok(Rational::new(p, q));
    }
    parse_decimal(s)
}

/// Splits an optional leading sign off: `(negative, rest)`.
fn split_sign(s: &str) -> (bool, &str) {
    match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    }
}

/// A non-empty string of ASCII digits as an integer.
fn parse_digits(s: &str) -> Result<BigInt, CoordinateError> {
    if s.is_empty() || !s.bytes().all(|c| c.is_ascii_digit()) {
        return Err(CoordinateError::Syntax);
    }
    let s = s.trim_start_matches('0');
    if s.is_empty() {
        return Ok(BigInt::zero());
    }
    // Only digits remain, so this cannot fail.
    BigInt::parse_bytes(s.as_bytes(), 10).ok_or(CoordinateError::Syntax)
}

fn parse_decimal(s: &str) -> Result<Rational, CoordinateError> {
    let (negative, rest) = split_sign(s);
    if rest.len() <= 16 {
        let lower = rest.to_ascii_lowercase();
        let non_finite = [
            "nan", "inf", "infinity", "infinite", "snan", "qnan", "1.#inf", "1.#qnan",
        ];
        if non_finite.contains(&lower.as_str()) || lower.starts_with("nan(") {
            return Err(CoordinateError::NonFinite);
        }
    }
    let (mantissa, exponent) = match rest.find(['e', 'E']) {
        Some(i) => (&rest[..i], Some(&rest[i + 1..])),
        None => (rest, None),
    };
    let (int_part, frac_part) = match mantissa.split_once('.') {
        Some((i, f)) => (i, f),
        None => (mantissa, ""),
    };
    let all_digits = |t: &str| t.bytes().all(|c| c.is_ascii_digit());
    if int_part.len() + frac_part.len() == 0 || !all_digits(int_part) || !all_digits(frac_part) {
        return Err(CoordinateError::Syntax);
    }
    let exp: i64 = match exponent {
        None => 0,
        Some(e) => {
            let (neg, digits) = split_sign(e);
            if digits.is_empty() || !all_digits(digits) {
                return Err(CoordinateError::Syntax);
            }
            let mut v: i64 = 0;
            for c in digits.bytes() {
                v = v * 10 + i64::from(c - b'0');
                if v > i64::from(MAX_EXPONENT) {
                    return Err(CoordinateError::ExponentOutOfRange);
                }
            }
            if neg {
                -v
            } else {
                v
            }
        }
    };
    let mut digits = String::with_capacity(int_part.len() + frac_part.len());
    digits.push_str(int_part);
    digits.push_str(frac_part);
    let m = parse_digits(&digits)?;
    if m.is_zero() {
        return Ok(Rational::zero());
    }
    let m = if negative { -m } else { m };
    // |scale| ≤ MAX_EXPONENT + MAX_COORDINATE_CHARS, so the powers are bounded.
    Ok(decimal_value(m, exp - frac_part.len() as i64))
}

/// `m × 10^scale` in lowest terms, for `m ≠ 0`.
///
/// The only common factors of `m` and `10^k` are powers of 2 and 5, so they
/// are divided out directly instead of by a general gcd, whose cost is
/// quadratic in the size of `10^k` (this keeps `"1e-4096"` cheap).
fn decimal_value(m: BigInt, scale: i64) -> Rational {
    let k = scale.unsigned_abs() as u32;
    if scale >= 0 {
        return Rational::from_integer(m * BigInt::from(10u32).pow(k));
    }
    let twos = m.trailing_zeros().unwrap_or(0).min(u64::from(k)) as u32;
    let mut m = m >> twos;
    let mut fives = 0u32;
    // 5^13 is the largest power of 5 in a u32: divide by it while possible.
    let five13 = BigInt::from(1_220_703_125u32);
    let five = BigInt::from(5u32);
    for (step, divisor) in [(13u32, &five13), (1, &five)] {
        while fives + step <= k {
            let (q, r) = m.div_rem(divisor);
            if !r.is_zero() {
                break;
            }
            m = q;
            fives += step;
        }
    }
    let denominator = BigInt::from(5u32).pow(k - fives) << (k - twos);
    // m has no factor 2 left unless the 2s of the denominator are all gone,
    // and likewise for 5: the fraction is in lowest terms.
    Rational::new_raw(m, denominator)
}

/// The exact text of a rational, as accepted by [`parse_decimal_or_ratio`]:
/// `"p/q"` in lowest terms with `q > 1`, or `"p"` for an integer (without the
/// JSON quotes; put it in a JSON string).
pub fn rational_to_json_string(r: &Rational) -> String {
    if r.is_integer() {
        r.numer().to_string()
    } else {
        format!("{}/{}", r.numer(), r.denom())
    }
}

/// A point with exact coordinates as a JSON array of strings (see
/// [`rational_to_json_string`]), for instance `["1/3", "0", "-2"]`: the form
/// a case file accepts back. Works for `&Vector<Rational, N>` and for
/// `&[Rational]`.
pub fn format_exact_vector<'a>(coords: impl IntoIterator<Item = &'a Rational>) -> Value {
    Value::Array(
        coords
            .into_iter()
            .map(|r| Value::String(rational_to_json_string(r)))
            .collect(),
    )
}

// ---------------------------------------------------------------------------
// Lines
// ---------------------------------------------------------------------------

/// Parses one line of a case file (without its line end).
///
/// Returns `Ok(None)` for blank and comment lines. `line_no` is the line's
/// 1-based number, stored in the case and used as its identity when it has no
/// `id`. The line end and a byte order mark must already be removed
/// ([`read_cases`] does both).
///
/// # Errors
///
/// A [`LineError`] with the case's `id` when it could be read before the
/// problem was found (else `line_no`) and the first problem found.
pub fn parse_line(line: &str, line_no: usize) -> Result<Option<Case>, LineError> {
    parse_line_with(line, line_no, &DEFAULT_LIMITS).map(|c| c.map(PackedCase::into_case))
}

/// [`parse_line`], keeping the points packed ([`PackedCase`]).
///
/// # Errors
///
/// As [`parse_line`].
pub fn parse_packed_line(line: &str, line_no: usize) -> Result<Option<PackedCase>, LineError> {
    parse_line_with(line, line_no, &DEFAULT_LIMITS)
}

fn parse_line_with(
    line: &str,
    line_no: usize,
    limits: &Limits,
) -> Result<Option<PackedCase>, LineError> {
    let trimmed = line.trim_start();
    if trimmed.trim_end().is_empty() || trimmed.starts_with('#') {
        return Ok(None);
    }
    let mut id_slot = None;
    let fail = |id: Option<Value>, error| LineError {
        line: line_no,
        id,
        error,
    };
    let parsed = {
        let mut de = serde_json::Deserializer::from_str(line);
        let r = CaseSeed {
            id_slot: &mut id_slot,
            limits,
        }
        .deserialize(&mut de)
        .and_then(|v| de.end().map(|()| v));
        match r {
            Ok(v) => v,
            Err(e) => return Err(fail(id_slot, json_error(&e))),
        }
    };
    let parsed = parsed.map_err(|e| fail(id_slot.clone(), e))?;
    check_dimensions(&parsed.a, &parsed.b).map_err(|e| fail(id_slot.clone(), e))?;
    Ok(Some(PackedCase {
        line: line_no,
        id: id_slot.unwrap_or(Value::Null),
        a: parsed.a.packed,
        b: parsed.b.packed,
        extra: parsed.extra,
    }))
}

fn json_error(e: &serde_json::Error) -> CaseError {
    let full = e.to_string();
    let location = format!(" at line {} column {}", e.line(), e.column());
    let message = full.strip_suffix(&location).unwrap_or(&full);
    if message == "number out of range" {
        CaseError::NumberOutOfRange { column: e.column() }
    } else {
        CaseError::InvalidJson {
            column: e.column(),
            message: message.to_string(),
        }
    }
}

/// Every point has the dimension of `a[0]`, which is at least 1.
fn check_dimensions(a: &Shape, b: &Shape) -> Result<usize, CaseError> {
    let dim = a.first;
    a.check(Which::A, dim)?;
    b.check(Which::B, dim)?;
    Ok(dim)
}

// ---------------------------------------------------------------------------
// Streaming deserialisation
//
// The line is deserialised straight into rationals, without building a
// `serde_json::Value` for the points, so the limits on points and coordinates
// are enforced while reading. Problems with the *content* (a bad coordinate,
// a shape that is not an array, …) do not abort the JSON parse: the first one
// is recorded and the rest of the value is skipped, so that the `id` is known
// when the error is reported, wherever it is in the object. Only JSON syntax
// errors abort.
// ---------------------------------------------------------------------------

/// What a JSON value found in the wrong place is.
#[derive(Clone, Copy)]
enum Kind {
    Bool(bool),
    Null,
    Number,
    Str,
    Array,
    Object,
}

impl Kind {
    fn name(self) -> &'static str {
        match self {
            Kind::Bool(_) => "a boolean",
            Kind::Null => "null",
            Kind::Number => "a number",
            Kind::Str => "a string",
            Kind::Array => "an array",
            Kind::Object => "an object",
        }
    }

    /// The value as (abbreviated) JSON text, for kinds a coordinate rejects.
    fn text(self) -> &'static str {
        match self {
            Kind::Bool(true) => "true",
            Kind::Bool(false) => "false",
            Kind::Null => "null",
            Kind::Number => "a number",
            Kind::Str => "a string",
            Kind::Array => "[…]",
            Kind::Object => "{…}",
        }
    }
}

fn value_kind(v: &Value) -> &'static str {
    match v {
        Value::Null => Kind::Null.name(),
        Value::Bool(b) => Kind::Bool(*b).name(),
        Value::Number(_) => Kind::Number.name(),
        Value::String(_) => Kind::Str.name(),
        Value::Array(_) => Kind::Array.name(),
        Value::Object(_) => Kind::Object.name(),
    }
}

/// A string as JSON text, shortened if long.
fn quoted_preview(s: &str) -> String {
    const KEEP: usize = 32;
    if s.chars().count() <= KEEP + 8 {
        return serde_json::to_string(s).unwrap_or_default();
    }
    let head: String = s.chars().take(KEEP).collect();
    let quoted = serde_json::to_string(&head).unwrap_or_default();
    format!("{}…\" ({} bytes)", &quoted[..quoted.len() - 1], s.len())
}

fn drain_seq<'de, A: SeqAccess<'de>>(mut seq: A) -> Result<(), A::Error> {
    while seq.next_element::<IgnoredAny>()?.is_some() {}
    Ok(())
}

/// Implements the `visit_*` methods for JSON kinds a visitor does not want:
/// each consumes the value and returns `self.wrong(kind)`.
macro_rules! reject_kinds {
    ($de:lifetime; $($kind:ident),*) => { $( reject_kinds!(@ $de $kind); )* };
    (@ $de:lifetime bool) => {
        fn visit_bool<E: de::Error>(self, v: bool) -> Result<Self::Value, E> {
            Ok(self.wrong(Kind::Bool(v)))
        }
    };
    (@ $de:lifetime number) => {
        fn visit_i64<E: de::Error>(self, _: i64) -> Result<Self::Value, E> {
            Ok(self.wrong(Kind::Number))
        }
        fn visit_u64<E: de::Error>(self, _: u64) -> Result<Self::Value, E> {
            Ok(self.wrong(Kind::Number))
        }
        fn visit_f64<E: de::Error>(self, _: f64) -> Result<Self::Value, E> {
            Ok(self.wrong(Kind::Number))
        }
    };
    (@ $de:lifetime str) => {
        fn visit_str<E: de::Error>(self, _: &str) -> Result<Self::Value, E> {
            Ok(self.wrong(Kind::Str))
        }
    };
    (@ $de:lifetime null) => {
        fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
            Ok(self.wrong(Kind::Null))
        }
    };
    (@ $de:lifetime seq) => {
        fn visit_seq<S: SeqAccess<$de>>(self, seq: S) -> Result<Self::Value, S::Error> {
            drain_seq(seq)?;
            Ok(self.wrong(Kind::Array))
        }
    };
    (@ $de:lifetime map) => {
        fn visit_map<M: MapAccess<$de>>(self, mut map: M) -> Result<Self::Value, M::Error> {
            while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
            Ok(self.wrong(Kind::Object))
        }
    };
}

/// The object of a line, before the dimension checks.
struct Parsed {
    a: Shape,
    b: Shape,
    extra: Map<String, Value>,
}

/// A shape as parsed: its packed points, and what the dimension checks
/// need (the points' dimensions are checked after the whole line is read,
/// against that of `a[0]`).
#[derive(Default)]
struct Shape {
    packed: PackedShape,
    /// The first point's dimension.
    first: usize,
    /// The first point whose dimension differs from the first point's:
    /// its index and dimension.
    deviation: Option<(usize, usize)>,
}

impl Shape {
    /// The first point of `which` (this shape) that is not of dimension
    /// `dim`: `ZeroDimension` or `MixedDimensions`, as in the order of the
    /// points.
    fn check(&self, which: Which, dim: usize) -> Result<(), CaseError> {
        let bad = if self.first != dim || self.first == 0 {
            Some((0, self.first))
        } else {
            self.deviation
        };
        match bad {
            Some((point, 0)) => Err(CaseError::ZeroDimension { which, point }),
            Some((point, found)) => Err(CaseError::MixedDimensions {
                which,
                point,
                expected: dim,
                found,
            }),
            None => Ok(()),
        }
    }
}

/// What is left of the per-case coordinate budget.
struct Budget {
    limits: Limits,
    coordinates_left: usize,
    bits_left: u64,
}

/// Deserialises a whole line. The valid `id` is written to `id_slot` as soon
/// as it is read, so that it is known even if a later part of the line fails.
struct CaseSeed<'s> {
    id_slot: &'s mut Option<Value>,
    limits: &'s Limits,
}

impl<'de> DeserializeSeed<'de> for CaseSeed<'_> {
    type Value = Result<Parsed, CaseError>;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_any(self)
    }
}

impl CaseSeed<'_> {
    fn wrong(self, k: Kind) -> Result<Parsed, CaseError> {
        Err(CaseError::NotAnObject { found: k.name() })
    }
}

impl<'de> Visitor<'de> for CaseSeed<'_> {
    type Value = Result<Parsed, CaseError>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON object")
    }

    reject_kinds!('de; bool, number, str, null, seq);

    fn visit_map<M: MapAccess<'de>>(self, mut map: M) -> Result<Self::Value, M::Error> {
        let mut budget = Budget {
            limits: *self.limits,
            coordinates_left: self.limits.coordinates,
            bits_left: self.limits.exact_bits,
        };
        let mut first_error: Option<CaseError> = None;
        let mut a: Option<Result<Shape, CaseError>> = None;
        let mut b: Option<Result<Shape, CaseError>> = None;
        let mut kept = KeptBudget {
            bytes_left: MAX_KEPT_BYTES,
        };
        let mut id_seen = false;
        let mut extra = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            match key.as_str() {
                "a" | "b" => {
                    let (which, slot, name) = if key == "a" {
                        (Which::A, &mut a, "a")
                    } else {
                        (Which::B, &mut b, "b")
                    };
                    if slot.is_some() {
                        map.next_value::<IgnoredAny>()?;
                        first_error.get_or_insert(CaseError::DuplicateField { name });
                    } else {
                        *slot = Some(map.next_value_seed(ShapeSeed {
                            which,
                            budget: &mut budget,
                        })?);
                    }
                }
                "id" => {
                    let (v, e) = map.next_value_seed(KeptSeed {
                        path: "id",
                        budget: &mut kept,
                    })?;
                    if let Some(e) = e {
                        first_error.get_or_insert(e);
                    }
                    if id_seen {
                        first_error.get_or_insert(CaseError::DuplicateField { name: "id" });
                    } else if v.is_string() || v.is_number() {
                        *self.id_slot = Some(v.clone());
                    } else {
                        first_error.get_or_insert(CaseError::InvalidId {
                            found: value_kind(&v),
                        });
                    }
                    id_seen = true;
                    extra.insert(key, v);
                }
                _ => {
                    let (v, e) = map.next_value_seed(KeptSeed {
                        path: &key,
                        budget: &mut kept,
                    })?;
                    if let Some(e) = e {
                        first_error.get_or_insert(e);
                    }
                    if extra.contains_key(&key) {
                        first_error.get_or_insert(CaseError::DuplicateKey { path: key.clone() });
                    }
                    extra.insert(key, v);
                }
            }
        }
        Ok((|| {
            if let Some(e) = first_error {
                return Err(e);
            }
            let a = a.ok_or(CaseError::MissingShape { which: Which::A })??;
            let b = b.ok_or(CaseError::MissingShape { which: Which::B })??;
            Ok(Parsed { a, b, extra })
        })())
    }
}

/// What is left of the per-case budget of kept fields.
struct KeptBudget {
    bytes_left: usize,
}

impl KeptBudget {
    /// Takes `n` bytes; `false` once the budget is spent.
    fn take(&mut self, n: usize) -> bool {
        match self.bytes_left.checked_sub(n) {
            Some(left) => {
                self.bytes_left = left;
                true
            }
            None => {
                self.bytes_left = 0;
                false
            }
        }
    }
}

/// Deserialises a kept field's value (`id`, `expect`, …) as a JSON value,
/// with the first problem found: a key that appears twice in one object
/// (named by its path) or the budget of kept fields spent. Past the budget
/// the rest of the value is skipped, not built.
struct KeptSeed<'s> {
    path: &'s str,
    budget: &'s mut KeptBudget,
}

type Kept = (Value, Option<CaseError>);

impl<'de> DeserializeSeed<'de> for KeptSeed<'_> {
    type Value = Kept;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Kept, D::Error> {
        d.deserialize_any(self)
    }
}

impl KeptSeed<'_> {
    fn too_large() -> Option<CaseError> {
        Some(CaseError::KeptFieldsTooLarge {
            limit: MAX_KEPT_BYTES,
        })
    }

    fn leaf(self, v: Value, extra: usize) -> Kept {
        if self.budget.take(KEPT_VALUE_BYTES + extra) {
            (v, None)
        } else {
            (Value::Null, Self::too_large())
        }
    }
}

impl<'de> Visitor<'de> for KeptSeed<'_> {
    type Value = Kept;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_bool<E: de::Error>(self, v: bool) -> Result<Kept, E> {
        Ok(self.leaf(Value::Bool(v), 0))
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Kept, E> {
        Ok(self.leaf(Value::from(v), 0))
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Kept, E> {
        Ok(self.leaf(Value::from(v), 0))
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Kept, E> {
        // serde_json gives finite doubles only.
        Ok(self.leaf(Value::from(v), 0))
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Kept, E> {
        let n = v.len();
        Ok(self.leaf(Value::String(v.to_string()), n))
    }

    fn visit_unit<E: de::Error>(self) -> Result<Kept, E> {
        Ok(self.leaf(Value::Null, 0))
    }

    fn visit_seq<S: SeqAccess<'de>>(self, mut seq: S) -> Result<Kept, S::Error> {
        if !self.budget.take(KEPT_VALUE_BYTES) {
            drain_seq(seq)?;
            return Ok((Value::Null, Self::too_large()));
        }
        let mut items = Vec::new();
        let mut first = None;
        while let Some((v, e)) = seq.next_element_seed(KeptSeed {
            path: self.path,
            budget: &mut *self.budget,
        })? {
            if let Some(e) = e {
                first.get_or_insert(e);
                if self.budget.bytes_left == 0 {
                    drain_seq(seq)?;
                    return Ok((Value::Null, first));
                }
            }
            items.push(v);
        }
        Ok((Value::Array(items), first))
    }

    fn visit_map<M: MapAccess<'de>>(self, mut map: M) -> Result<Kept, M::Error> {
        if !self.budget.take(KEPT_VALUE_BYTES) {
            while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
            return Ok((Value::Null, Self::too_large()));
        }
        let mut m = Map::new();
        let mut first = None;
        while let Some(key) = map.next_key::<String>()? {
            let path = format!("{}.{key}", self.path);
            if !self.budget.take(key.len()) {
                first.get_or_insert(CaseError::KeptFieldsTooLarge {
                    limit: MAX_KEPT_BYTES,
                });
            }
            if self.budget.bytes_left == 0 {
                map.next_value::<IgnoredAny>()?;
                while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
                return Ok((Value::Null, first.or_else(Self::too_large)));
            }
            let (v, e) = map.next_value_seed(KeptSeed {
                path: &path,
                budget: &mut *self.budget,
            })?;
            if let Some(e) = e {
                first.get_or_insert(e);
            }
            if m.contains_key(&key) {
                first.get_or_insert(CaseError::DuplicateKey { path });
            }
            m.insert(key, v);
        }
        Ok((Value::Object(m), first))
    }
}

/// Deserialises `a` or `b`.
struct ShapeSeed<'b> {
    which: Which,
    budget: &'b mut Budget,
}

impl<'de> DeserializeSeed<'de> for ShapeSeed<'_> {
    type Value = Result<Shape, CaseError>;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_any(self)
    }
}

impl ShapeSeed<'_> {
    fn wrong(self, k: Kind) -> Result<Shape, CaseError> {
        Err(CaseError::ShapeNotArray {
            which: self.which,
            found: k.name(),
        })
    }
}

impl<'de> Visitor<'de> for ShapeSeed<'_> {
    type Value = Result<Shape, CaseError>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an array of points")
    }

    reject_kinds!('de; bool, number, str, null, map);

    fn visit_seq<S: SeqAccess<'de>>(self, mut seq: S) -> Result<Self::Value, S::Error> {
        let which = self.which;
        let mut shape = Shape::default();
        loop {
            if shape.packed.len() == self.budget.limits.points {
                if seq.next_element::<IgnoredAny>()?.is_some() {
                    drain_seq(seq)?;
                    let limit = self.budget.limits.points;
                    return Ok(Err(CaseError::TooManyPoints { which, limit }));
                }
                break;
            }
            let point = shape.packed.len();
            let seed = PointSeed {
                which,
                point,
                budget: &mut *self.budget,
                shape: &mut shape.packed,
            };
            match seq.next_element_seed(seed)? {
                None => break,
                Some(Ok(dim)) => {
                    if point == 0 {
                        shape.first = dim;
                        shape.packed.set_dim(dim);
                    } else if dim != shape.first && shape.deviation.is_none() {
                        shape.deviation = Some((point, dim));
                    }
                }
                Some(Err(e)) => {
                    drain_seq(seq)?;
                    return Ok(Err(e));
                }
            }
        }
        if shape.packed.is_empty() {
            return Ok(Err(CaseError::EmptyShape { which }));
        }
        shape.packed.finish();
        Ok(Ok(shape))
    }
}

/// Deserialises one point into the packed shape: its dimension.
struct PointSeed<'b> {
    which: Which,
    point: usize,
    budget: &'b mut Budget,
    shape: &'b mut PackedShape,
}

impl<'de> DeserializeSeed<'de> for PointSeed<'_> {
    type Value = Result<usize, CaseError>;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_any(self)
    }
}

impl PointSeed<'_> {
    fn wrong(self, k: Kind) -> Result<usize, CaseError> {
        Err(CaseError::PointNotArray {
            which: self.which,
            point: self.point,
            found: k.name(),
        })
    }
}

impl<'de> Visitor<'de> for PointSeed<'_> {
    type Value = Result<usize, CaseError>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an array of coordinates")
    }

    reject_kinds!('de; bool, number, str, null, map);

    fn visit_seq<S: SeqAccess<'de>>(self, mut seq: S) -> Result<Self::Value, S::Error> {
        let (which, point) = (self.which, self.point);
        self.shape.start_point();
        let mut coords = 0;
        loop {
            if self.budget.coordinates_left == 0 {
                if seq.next_element::<IgnoredAny>()?.is_some() {
                    drain_seq(seq)?;
                    let limit = self.budget.limits.coordinates;
                    return Ok(Err(CaseError::TooManyCoordinates { limit }));
                }
                break;
            }
            match seq.next_element_seed(CoordinateSeed)? {
                None => break,
                Some(Ok((r, form))) => {
                    let bits = r.numer().bits() + r.denom().bits();
                    if bits > self.budget.bits_left {
                        drain_seq(seq)?;
                        let limit = self.budget.limits.exact_bits;
                        return Ok(Err(CaseError::ExactValuesTooLarge { limit }));
                    }
                    self.budget.bits_left -= bits;
                    match form {
                        Form::Double(x) => self.shape.push_double(x),
                        Form::Text(t) => self.shape.push_text(&t, &r),
                    }
                    coords += 1;
                    self.budget.coordinates_left -= 1;
                }
                Some(Err((text, error))) => {
                    drain_seq(seq)?;
                    let coord = coords;
                    return Ok(Err(CaseError::BadCoordinate {
                        which,
                        point,
                        coord,
                        text,
                        error,
                    }));
                }
            }
        }
        Ok(Ok(coords))
    }
}

/// How a coordinate was written: a JSON number (its double) or a string.
enum Form {
    Double(f64),
    Text(String),
}

/// A coordinate read: its exact value and its form, or (for a bad one) its
/// text and the reason.
type CoordResult = Result<(Rational, Form), (String, CoordinateError)>;

/// Deserialises one coordinate.
struct CoordinateSeed;

impl<'de> DeserializeSeed<'de> for CoordinateSeed {
    type Value = CoordResult;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_any(self)
    }
}

impl CoordinateSeed {
    fn wrong(self, k: Kind) -> CoordResult {
        Err((
            k.text().to_string(),
            CoordinateError::WrongType { found: k.name() },
        ))
    }
}

impl<'de> Visitor<'de> for CoordinateSeed {
    type Value = CoordResult;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a number or a string")
    }

    reject_kinds!('de; bool, null, seq, map);

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Self::Value, E> {
        // `as` rounds to nearest, ties to even: the double nearest the text.
        let x = v as f64;
        Ok(number_to_rational(x)
            .map(|r| (r, Form::Double(x)))
            .map_err(|e| (v.to_string(), e)))
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Self::Value, E> {
        let x = v as f64;
        Ok(number_to_rational(x)
            .map(|r| (r, Form::Double(x)))
            .map_err(|e| (v.to_string(), e)))
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Self::Value, E> {
        Ok(number_to_rational(v)
            .map(|r| (r, Form::Double(v)))
            .map_err(|e| (format!("{v:?}"), e)))
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
        Ok(parse_decimal_or_ratio(v)
            .map(|r| (r, Form::Text(v.to_string())))
            .map_err(|e| (quoted_preview(v), e)))
    }
}

// ---------------------------------------------------------------------------
// Reading a file
// ---------------------------------------------------------------------------

/// Streams the cases of a case file (see [`read_cases`]).
///
/// Yields one item per case line, in order: `Ok` for a valid case, `Err` for
/// an invalid line; blank and comment lines yield nothing. An invalid line
/// does not stop the reader. A read error is reported once, for the line
/// being read, and ends the iteration (the reader cannot be trusted after
/// it).
#[derive(Debug)]
pub struct CaseReader<R> {
    inner: PackedReader<R>,
}

/// Reads a case file from `r`, one line at a time (memory use is bounded by
/// the longest line, at most [`MAX_LINE_BYTES`], and the case built from it).
pub fn read_cases<R: BufRead>(r: R) -> CaseReader<R> {
    CaseReader {
        inner: PackedReader::with_limits(r, DEFAULT_LIMITS),
    }
}

impl<R: BufRead> Iterator for CaseReader<R> {
    type Item = Result<Case, LineError>;

    fn next(&mut self) -> Option<Self::Item> {
        self.inner.next().map(|r| r.map(PackedCase::into_case))
    }
}

/// Streams the cases of a case file with their points packed (see
/// [`read_packed_cases`]); otherwise as [`CaseReader`].
#[derive(Debug)]
pub struct PackedReader<R> {
    reader: R,
    line_no: usize,
    buf: Vec<u8>,
    limits: Limits,
    done: bool,
}

/// The line buffer kept between lines; a longer line's buffer is freed
/// once the line is parsed.
const KEPT_LINE_BUFFER: usize = 1 << 20;

/// Reads a case file from `r`, one line at a time, into [`PackedCase`]s:
/// the peak memory is at most 4 times the longest line plus a constant
/// (see "Memory" in the crate docs).
pub fn read_packed_cases<R: BufRead>(r: R) -> PackedReader<R> {
    PackedReader::with_limits(r, DEFAULT_LIMITS)
}

impl<R: BufRead> PackedReader<R> {
    fn with_limits(reader: R, limits: Limits) -> Self {
        PackedReader {
            reader,
            line_no: 0,
            buf: Vec::new(),
            limits,
            done: false,
        }
    }

    /// Reads the next line into `buf`, without its `\n`. `None` at the end of
    /// the input; `Some(true)` if the line was too long (it is consumed, and
    /// `buf` is left empty).
    fn read_line(&mut self) -> io::Result<Option<bool>> {
        self.buf.clear();
        let mut too_long = false;
        let mut any = false;
        loop {
            let chunk = match self.reader.fill_buf() {
                Ok(c) => c,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if chunk.is_empty() {
                if !any {
                    return Ok(None);
                }
                break;
            }
            any = true;
            let (part, used, end) = match chunk.iter().position(|&c| c == b'\n') {
                Some(i) => (&chunk[..i], i + 1, true),
                None => (chunk, chunk.len(), false),
            };
            if !too_long {
                if self.buf.len() + part.len() > self.limits.line_bytes {
                    too_long = true;
                    self.buf = Vec::new();
                } else {
                    self.buf.extend_from_slice(part);
                }
            }
            self.reader.consume(used);
            if end {
                break;
            }
        }
        // A long line's buffer grew by doubling: give back the unused part
        // before the case is built beside it.
        if self.buf.capacity() > KEPT_LINE_BUFFER {
            self.buf.shrink_to_fit();
        }
        Ok(Some(too_long))
    }
}

impl<R: BufRead> Iterator for PackedReader<R> {
    type Item = Result<PackedCase, LineError>;

    fn next(&mut self) -> Option<Self::Item> {
        let item = self.next_item();
        if self.buf.capacity() > KEPT_LINE_BUFFER {
            self.buf = Vec::new();
        }
        item
    }
}

impl<R: BufRead> PackedReader<R> {
    fn next_item(&mut self) -> Option<Result<PackedCase, LineError>> {
        while !self.done {
            let read = self.read_line();
            self.line_no += 1;
            let line = self.line_no;
            let fail = |error| {
                Some(Err(LineError {
                    line,
                    id: None,
                    error,
                }))
            };
            let too_long = match read {
                Ok(None) => {
                    self.done = true;
                    return None;
                }
                Ok(Some(too_long)) => too_long,
                Err(e) => {
                    self.done = true;
                    return fail(CaseError::Io {
                        message: e.to_string(),
                    });
                }
            };
            if too_long {
                return fail(CaseError::LineTooLong {
                    limit: self.limits.line_bytes,
                });
            }
            let mut bytes = &self.buf[..];
            if line == 1 {
                bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
            }
            bytes = bytes.strip_suffix(b"\r").unwrap_or(bytes);
            let text = match std::str::from_utf8(bytes) {
                Ok(t) => t,
                Err(e) => {
                    return fail(CaseError::InvalidUtf8 {
                        offset: e.valid_up_to(),
                    })
                }
            };
            match parse_line_with(text, line, &self.limits) {
                Ok(None) => continue,
                Ok(Some(case)) => return Some(Ok(case)),
                Err(e) => return Some(Err(e)),
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nalgebra::vector;
    use num_bigint::BigInt;
    use proptest::prelude::*;
    use serde_json::json;
    use std::time::{Duration, Instant};

    fn q(p: i64, d: i64) -> Rational {
        gjk::scalar::ratio(p, d).unwrap()
    }

    fn pow10(e: u32) -> BigInt {
        BigInt::from(10u32).pow(e)
    }

    fn ok(line: &str) -> Case {
        match parse_line(line, 1) {
            Ok(Some(c)) => c,
            other => panic!("{line}: {other:?}"),
        }
    }

    fn err(line: &str) -> CaseError {
        err_full(line).error
    }

    fn err_full(line: &str) -> LineError {
        match parse_line(line, 7) {
            Err(e) => e,
            other => panic!("{line}: expected an error, got {other:?}"),
        }
    }

    /// The exact value of one coordinate written as `text` in a case.
    fn coord(text: &str) -> Rational {
        let c = ok(&format!(r#"{{"a": [[{text}]], "b": [[0]]}}"#));
        c.a[0][0].clone()
    }

    /// The error for one coordinate written as `text` in `a[0][0]`.
    fn coord_err(text: &str) -> CoordinateError {
        match err(&format!(r#"{{"a": [[{text}]], "b": [[0]]}}"#)) {
            CaseError::BadCoordinate {
                which: Which::A,
                point: 0,
                coord: 0,
                error,
                ..
            } => error,
            other => panic!("{text}: {other:?}"),
        }
    }

    // -- exactness ----------------------------------------------------------

    #[test]
    fn decimal_strings_are_exact() {
        assert_eq!(coord(r#""0.1""#), q(1, 10));
        assert_eq!(coord(r#""-2.5e-7""#), q(-1, 4_000_000));
        assert_eq!(coord(r#""+3""#), q(3, 1));
        assert_eq!(coord(r#""1E10""#), q(10_000_000_000, 1));
        assert_eq!(coord(r#"".5""#), q(1, 2));
        assert_eq!(coord(r#""5.""#), q(5, 1));
        assert_eq!(coord(r#""-0""#), q(0, 1));
        assert_eq!(coord(r#""007.50""#), q(15, 2));
        assert_eq!(coord(r#""1e+2""#), q(100, 1));
        assert_eq!(coord(r#""1e00000000000000000001""#), q(10, 1));
        assert_eq!(coord(r#""0e4096""#), q(0, 1));
        // Escapes are decoded by JSON before the coordinate is read.
        assert_eq!(coord(r#""\u0031/\u0033""#), q(1, 3));
    }

    #[test]
    fn ratio_strings_are_exact() {
        assert_eq!(coord(r#""1/3""#), q(1, 3));
        assert_eq!(coord(r#""-7/2""#), q(-7, 2));
        assert_eq!(coord(r#""+4/6""#), q(2, 3));
        assert_eq!(coord(r#""-4/6""#), q(-2, 3));
        assert_eq!(coord(r#""0/5""#), q(0, 1));
        assert_eq!(coord(r#""12/1""#), q(12, 1));
        let big = format!("\"{}/3\"", "9".repeat(400));
        let expected = Rational::new(pow10(400) - 1u32, BigInt::from(3u32));
        assert_eq!(coord(&big), expected);
    }

    #[test]
    fn json_numbers_are_the_nearest_double() {
        // 0.1 as a double is 3602879701896397 / 2^55.
        let tenth = Rational::new(BigInt::from(3602879701896397u64), BigInt::from(1u64 << 55));
        assert_eq!(coord("0.1"), tenth);
        assert_ne!(coord("0.1"), coord(r#""0.1""#));
        assert_eq!(coord("42"), q(42, 1));
        assert_eq!(coord("-7"), q(-7, 1));
        assert_eq!(coord("-0"), q(0, 1));
        assert_eq!(coord("-2.5e-7"), rational_from_f64(-2.5e-7).unwrap());
        // 2^53 + 1 is not a double: it is a tie between 2^53 and 2^53 + 2,
        // rounded to even.
        assert_eq!(coord("9007199254740993"), q(9007199254740992, 1));
        assert_eq!(coord("-9007199254740995"), q(-9007199254740996, 1));
        // Beyond u64: still the nearest double.
        assert_eq!(
            coord("36893488147419103232"),
            Rational::from_integer(BigInt::from(1u8) << 65)
        );
        // Below the smallest subnormal: zero, as strtod gives.
        assert_eq!(coord("1e-400"), q(0, 1));
        assert_eq!(coord("5e-324"), rational_from_f64(5e-324).unwrap());
        // Hard cases for fast float parsers: without serde_json's
        // `float_roundtrip` feature the first three come out one ulp off.
        for text in [
            "45129090807876197e85",
            "84599175382693041e181",
            "96562790888756974e76",
            "2.2250738585072011e-308",
        ] {
            let nearest: f64 = text.parse().unwrap();
            assert_eq!(coord(text), rational_from_f64(nearest).unwrap(), "{text}");
        }
        assert_eq!(
            parse_coordinate(&json!(0.1)).unwrap(),
            tenth,
            "parse_coordinate agrees with the line parser"
        );
        assert_eq!(
            parse_coordinate(&json!(9007199254740993u64)).unwrap(),
            q(9007199254740992, 1)
        );
    }

    #[test]
    fn huge_and_tiny_decimals_within_limits() {
        assert_eq!(coord(r#""1e4096""#), Rational::from_integer(pow10(4096)));
        assert_eq!(
            coord(r#""-1e-4096""#),
            Rational::new(BigInt::from(-1), pow10(4096))
        );
        assert_eq!(
            coord(r#""123.456e-4000""#),
            Rational::new(BigInt::from(123456), pow10(4003))
        );
        let digits = "7".repeat(MAX_COORDINATE_CHARS);
        let r = parse_decimal_or_ratio(&digits).unwrap();
        assert!(r.is_integer());
        assert_eq!(r.numer().to_string(), digits);
        let long_fraction = format!("0.{}1e-4096", "0".repeat(MAX_COORDINATE_CHARS - 10));
        let r = parse_decimal_or_ratio(&long_fraction).unwrap();
        assert_eq!(
            r,
            Rational::new(
                BigInt::from(1),
                pow10(4096 + MAX_COORDINATE_CHARS as u32 - 9)
            )
        );
    }

    // -- ids ----------------------------------------------------------------

    #[test]
    fn ids() {
        let c = ok(r#"{"id": "c1", "a": [[0]], "b": [[1]]}"#);
        assert_eq!(c.id, json!("c1"));
        assert_eq!(c.id_or_line(), json!("c1"));
        let c = ok(r#"{"id": 17, "a": [[0]], "b": [[1]]}"#);
        assert_eq!(c.id_or_line(), json!(17));
        let c = ok(r#"{"id": -2.5, "a": [[0]], "b": [[1]]}"#);
        assert_eq!(c.id_or_line(), json!(-2.5));
        let c = parse_line(r#"{"a": [[0]], "b": [[1]]}"#, 12)
            .unwrap()
            .unwrap();
        assert_eq!(c.line, 12);
        assert_eq!(c.id, Value::Null);
        assert_eq!(c.id_or_line(), json!(12));
    }

    #[test]
    fn errors_carry_the_id_when_known() {
        // The id is known even when it comes after the bad part.
        let e = err_full(r#"{"a": [["x"]], "b": [[1]], "id": "late"}"#);
        assert_eq!(e.id, Some(json!("late")));
        assert_eq!(e.line, 7);
        let e = err_full(r#"{"id": 3, "a": [[0]]}"#);
        assert_eq!(e.id, Some(json!(3)));
        assert_eq!(e.error, CaseError::MissingShape { which: Which::B });
        // Invalid JSON after the id: the id is still echoed.
        let e = err_full(r#"{"id": "early", "a": [[0]], "b": [[1]"#);
        assert_eq!(e.id, Some(json!("early")));
        assert!(
            matches!(e.error, CaseError::InvalidJson { .. }),
            "{:?}",
            e.error
        );
        // Invalid JSON before the id: the line number.
        let e = err_full(r#"{"a": [[0,]], "id": "x", "b": [[1]]}"#);
        assert_eq!(e.id, None);
        assert_eq!(
            e.to_json(),
            json!({"line": 7, "error": e.error.to_string()})
        );
        assert!(
            e.to_string()
                .starts_with("line 7: invalid JSON at column 11"),
            "{e}"
        );
        let e = err_full(r#"{"id": "c9", "a": [], "b": [[1]]}"#);
        assert_eq!(
            e.to_string(),
            "line 7 (id \"c9\"): \"a\" is empty: a shape needs at least one point"
        );
    }

    #[test]
    fn invalid_ids() {
        for (id, found) in [
            ("null", "null"),
            ("[1]", "an array"),
            ("{}", "an object"),
            ("true", "a boolean"),
        ] {
            let e = err_full(&format!(r#"{{"id": {id}, "a": [[0]], "b": [[1]]}}"#));
            assert_eq!(e.error, CaseError::InvalidId { found });
            assert_eq!(e.id, None);
        }
    }

    // -- structure ----------------------------------------------------------

    #[test]
    fn mixed_dimensions() {
        // Within a.
        assert_eq!(
            err(r#"{"a": [[0, 0, 0], [1, 0], [0, 1, 0]], "b": [[1, 1, 1]]}"#),
            CaseError::MixedDimensions {
                which: Which::A,
                point: 1,
                expected: 3,
                found: 2
            }
        );
        // Between a and b, whatever the field order.
        assert_eq!(
            err(r#"{"b": [[1, 1]], "a": [[0, 0, 0]]}"#),
            CaseError::MixedDimensions {
                which: Which::B,
                point: 0,
                expected: 3,
                found: 2
            }
        );
        // Within b.
        let e = err(r#"{"a": [[0, 0]], "b": [[1, 1], [2, 2], [3, 3, 3]]}"#);
        assert_eq!(
            e,
            CaseError::MixedDimensions {
                which: Which::B,
                point: 2,
                expected: 2,
                found: 3
            }
        );
        assert_eq!(
            e.to_string(),
            "mixed dimensions: point b[2] has 3 coordinates but a[0] has 2 (all points of a case, \
             in a and b, must have the same dimension)"
        );
        // Dimension 0.
        assert_eq!(
            err(r#"{"a": [[]], "b": [[]]}"#),
            CaseError::ZeroDimension {
                which: Which::A,
                point: 0
            }
        );
        assert_eq!(
            err(r#"{"a": [[1], [2]], "b": [[3], []]}"#),
            CaseError::ZeroDimension {
                which: Which::B,
                point: 1
            }
        );
    }

    #[test]
    fn missing_empty_and_malformed_shapes() {
        assert_eq!(
            err(r#"{"b": [[0]]}"#),
            CaseError::MissingShape { which: Which::A }
        );
        assert_eq!(
            err(r#"{"a": [[0]]}"#),
            CaseError::MissingShape { which: Which::B }
        );
        assert_eq!(err(r#"{}"#), CaseError::MissingShape { which: Which::A });
        assert_eq!(
            err(r#"{"a": [], "b": [[0]]}"#),
            CaseError::EmptyShape { which: Which::A }
        );
        assert_eq!(
            err(r#"{"a": [[0]], "b": []}"#),
            CaseError::EmptyShape { which: Which::B }
        );
        assert_eq!(
            err(r#"{"a": 5, "b": [[0]]}"#),
            CaseError::ShapeNotArray {
                which: Which::A,
                found: "a number"
            }
        );
        assert_eq!(
            err(r#"{"a": [[0]], "b": {"x": [1, 2]}}"#),
            CaseError::ShapeNotArray {
                which: Which::B,
                found: "an object"
            }
        );
        assert_eq!(
            err(r#"{"a": [[0]], "b": null}"#),
            CaseError::ShapeNotArray {
                which: Which::B,
                found: "null"
            }
        );
        // A flat list of numbers is a common slip: a single point must be [[x, y]].
        let e = err(r#"{"a": [0, 1], "b": [[0, 0]]}"#);
        assert_eq!(
            e,
            CaseError::PointNotArray {
                which: Which::A,
                point: 0,
                found: "a number"
            }
        );
        assert_eq!(
            e.to_string(),
            "point a[0] must be an array of coordinates, found a number"
        );
        assert_eq!(
            err(r#"{"a": [[0, 1]], "b": [[0, 0], "1,1"]}"#),
            CaseError::PointNotArray {
                which: Which::B,
                point: 1,
                found: "a string"
            }
        );
        assert_eq!(
            err(r#"{"a": [[0]], "a": [[1]], "b": [[0]]}"#),
            CaseError::DuplicateField { name: "a" }
        );
        assert_eq!(
            err(r#"{"id": 1, "a": [[0]], "id": 2, "b": [[0]]}"#),
            CaseError::DuplicateField { name: "id" }
        );
    }

    #[test]
    fn not_an_object() {
        for (line, found) in [
            ("[1, 2]", "an array"),
            (r#""case""#, "a string"),
            ("3", "a number"),
            ("null", "null"),
            ("false", "a boolean"),
        ] {
            let e = err_full(line);
            assert_eq!(e.error, CaseError::NotAnObject { found }, "{line}");
            assert_eq!(e.id, None);
        }
    }

    #[test]
    fn invalid_json() {
        for line in [
            r#"{"a": [[0]], "b": [[1]]"#,
            r#"{"a": [[0]], "b": [[1]]} trailing"#,
            r#"{"a": [[0]], "b": [[1]]} {"a": [[0]], "b": [[1]]}"#,
            r#"{a: [[0]], b: [[1]]}"#,
            r#"{"a": [[NaN]], "b": [[1]]}"#,
            r#"{"a": [[0x10]], "b": [[1]]}"#,
            "{\"a\": [[0]], \"b\": [[1]]} # a trailing comment is not allowed",
        ] {
            assert!(matches!(err(line), CaseError::InvalidJson { .. }), "{line}");
        }
        let e = err(r#"{"a": [[1e400]], "b": [[1]]}"#);
        assert_eq!(e, CaseError::NumberOutOfRange { column: 13 });
        assert!(
            e.to_string().contains("write larger values as strings"),
            "{e}"
        );
        // Deep nesting is an error, never a stack overflow: skipped values are
        // skipped without recursion, kept ones stop at serde_json's depth limit.
        let (open, close) = ("[".repeat(100_000), "]".repeat(100_000));
        let deep = format!(r#"{{"a": {open}{close}, "b": [[1]]}}"#);
        let e = err(&deep);
        assert!(
            matches!(
                e,
                CaseError::BadCoordinate {
                    coord: 0,
                    point: 0,
                    ..
                }
            ),
            "{e:?}"
        );
        let deep = format!(r#"{{"a": [[0]], "b": [[1]], "x": {open}{close}}}"#);
        let e = err(&deep);
        assert!(
            matches!(&e, CaseError::InvalidJson { message, .. } if message.contains("recursion")),
            "{e:?}"
        );
    }

    // -- coordinates --------------------------------------------------------

    #[test]
    fn bad_coordinates() {
        use CoordinateError as E;
        for (text, expected) in [
            (r#""abc""#, E::Syntax),
            (r#""""#, E::Syntax),
            (r#"" 1""#, E::Syntax),
            (r#""1 ""#, E::Syntax),
            (r#""1_000""#, E::Syntax),
            (r#""0x10""#, E::Syntax),
            (r#""e5""#, E::Syntax),
            (r#""1e""#, E::Syntax),
            (r#""1e+""#, E::Syntax),
            (r#"".""#, E::Syntax),
            (r#""+""#, E::Syntax),
            (r#""--1""#, E::Syntax),
            (r#""1.5/2""#, E::Syntax),
            (r#""1/2/3""#, E::Syntax),
            (r#""/3""#, E::Syntax),
            (r#""1/""#, E::Syntax),
            (r#""½""#, E::Syntax),
            (r#""1/0""#, E::ZeroDenominator),
            (r#""-5/000""#, E::ZeroDenominator),
            (r#""1/-3""#, E::SignedDenominator),
            (r#""NaN""#, E::NonFinite),
            (r#""nan""#, E::NonFinite),
            (r#""-nan(0x7ff)""#, E::NonFinite),
            (r#""inf""#, E::NonFinite),
            (r#""-Infinity""#, E::NonFinite),
            (r#""+INF""#, E::NonFinite),
            ("true", E::WrongType { found: "a boolean" }),
            ("null", E::WrongType { found: "null" }),
            ("[1]", E::WrongType { found: "an array" }),
            (r#"{"x": 1}"#, E::WrongType { found: "an object" }),
        ] {
            assert_eq!(coord_err(text), expected, "{text}");
        }
    }

    #[test]
    fn bad_coordinate_messages_locate_the_problem() {
        let e = err(r#"{"a": [[0, 0], [1, 0]], "b": [[0, 0], [2, "abc"]]}"#);
        assert_eq!(
            e,
            CaseError::BadCoordinate {
                which: Which::B,
                point: 1,
                coord: 1,
                text: "\"abc\"".into(),
                error: CoordinateError::Syntax,
            }
        );
        assert_eq!(
            e.to_string(),
            "bad coordinate b[1][1] = \"abc\": not a decimal (such as \"-2.5e-7\") or a ratio of \
             integers (such as \"-1/3\")"
        );
        let e = err(r#"{"a": [[0, [1, 2]]], "b": [[0, 0]]}"#);
        assert_eq!(
            e.to_string(),
            "bad coordinate a[0][1] = […]: expected a number, or a string holding a decimal or \
             \"p/q\"; found an array"
        );
        assert!(err(r#"{"a": [["1/0"]], "b": [[0]]}"#)
            .to_string()
            .ends_with("the denominator is zero"));
        // Long strings are shortened in messages.
        let long = format!(r#"{{"a": [["{}x"]], "b": [[0]]}}"#, "1".repeat(5000));
        let msg = err(&long).to_string();
        assert!(msg.len() < 200, "{msg}");
        assert!(msg.contains("(5001 bytes)"), "{msg}");
    }

    #[test]
    fn parse_coordinate_on_values() {
        assert_eq!(parse_coordinate(&json!("1/3")).unwrap(), q(1, 3));
        assert_eq!(parse_coordinate(&json!(-4)).unwrap(), q(-4, 1));
        assert_eq!(parse_coordinate(&json!(0.5)).unwrap(), q(1, 2));
        assert_eq!(
            parse_coordinate(&json!(true)),
            Err(CoordinateError::WrongType { found: "a boolean" })
        );
        assert_eq!(
            parse_coordinate(&json!(null)),
            Err(CoordinateError::WrongType { found: "null" })
        );
        assert_eq!(
            parse_coordinate(&json!([[1]])),
            Err(CoordinateError::WrongType { found: "an array" })
        );
        assert_eq!(
            parse_decimal_or_ratio("inf"),
            Err(CoordinateError::NonFinite)
        );
    }

    // -- limits -------------------------------------------------------------

    #[test]
    fn long_strings_and_huge_exponents_are_rejected_quickly() {
        let start = Instant::now();
        let digits = "1".repeat(20_000);
        assert_eq!(
            parse_decimal_or_ratio(&digits),
            Err(CoordinateError::TooLong { len: 20_000 })
        );
        assert_eq!(
            coord_err(&format!("\"{digits}\"")),
            CoordinateError::TooLong { len: 20_000 }
        );
        let ratio = format!("1/{}", "3".repeat(MAX_COORDINATE_CHARS));
        assert_eq!(
            parse_decimal_or_ratio(&ratio),
            Err(CoordinateError::TooLong {
                len: MAX_COORDINATE_CHARS + 2
            })
        );
        for text in [
            "1e99999",
            "1e-99999",
            "1e4097",
            "-1E-4097",
            "0e5000",
            "1e99999999999999999999999999",
        ] {
            assert_eq!(
                parse_decimal_or_ratio(text),
                Err(CoordinateError::ExponentOutOfRange),
                "{text}"
            );
        }
        assert_eq!(
            coord_err(r#""1e99999""#),
            CoordinateError::ExponentOutOfRange
        );
        assert!(
            start.elapsed() < Duration::from_secs(5),
            "{:?}",
            start.elapsed()
        );
    }

    fn small_limits() -> Limits {
        Limits {
            line_bytes: 64,
            points: 3,
            coordinates: 5,
            exact_bits: 20_000,
        }
    }

    #[test]
    fn point_and_coordinate_limits() {
        let l = small_limits();
        let parse = |line: &str| parse_line_with(line, 1, &l);
        assert!(parse(r#"{"a": [[0], [1], [2]], "b": [[0], [1]]}"#)
            .unwrap()
            .is_some());
        assert_eq!(
            parse(r#"{"a": [[0], [1], [2], [3]], "b": [[0]]}"#)
                .unwrap_err()
                .error,
            CaseError::TooManyPoints {
                which: Which::A,
                limit: 3
            }
        );
        assert_eq!(
            parse(r#"{"a": [[0]], "b": [[0], [1], [2], [3]]}"#)
                .unwrap_err()
                .error,
            CaseError::TooManyPoints {
                which: Which::B,
                limit: 3
            }
        );
        assert_eq!(
            parse(r#"{"a": [[0, 0], [1, 1]], "b": [[0, 0]]}"#)
                .unwrap_err()
                .error,
            CaseError::TooManyCoordinates { limit: 5 }
        );
        assert_eq!(
            parse(r#"{"a": [[0, 0, 0, 0, 0, 0]], "b": [[0]]}"#)
                .unwrap_err()
                .error,
            CaseError::TooManyCoordinates { limit: 5 }
        );
        // "1e-4096" takes 13 607 bits: one fits in 20 000, two do not.
        assert!(parse(r#"{"a": [["1e-4096"]], "b": [[1]]}"#)
            .unwrap()
            .is_some());
        assert_eq!(
            parse(r#"{"a": [["1e-4096"]], "b": [["1e4096"]]}"#)
                .unwrap_err()
                .error,
            CaseError::ExactValuesTooLarge { limit: 20_000 }
        );
        // Syntax errors after the limit are still found.
        assert!(matches!(
            parse(r#"{"a": [[0], [1], [2], [3], [4,]], "b": [[0]]}"#)
                .unwrap_err()
                .error,
            CaseError::InvalidJson { .. }
        ));
    }

    #[test]
    fn default_point_limit() {
        let n = MAX_POINTS_PER_SHAPE + 1;
        let mut line = String::with_capacity(4 * n + 32);
        line.push_str(r#"{"id": "big", "b": [[0]], "a": ["#);
        for i in 0..n {
            line.push_str(if i == 0 { "[0]" } else { ",[0]" });
        }
        line.push_str("]}");
        let e = err_full(&line);
        assert_eq!(e.id, Some(json!("big")));
        assert_eq!(
            e.error,
            CaseError::TooManyPoints {
                which: Which::A,
                limit: MAX_POINTS_PER_SHAPE
            }
        );
    }

    // -- extra fields, comments ---------------------------------------------

    #[test]
    fn unknown_fields_are_kept() {
        let c = ok(
            r#"{"id": "e", "a": [[0, 0]], "b": [[1, 1]], "expect": {"intersect": false},
               "category": "touching", "n": 3}"#
                .replace('\n', " ")
                .as_str(),
        );
        assert_eq!(c.extra["expect"], json!({"intersect": false}));
        assert_eq!(c.extra["category"], json!("touching"));
        assert_eq!(c.extra["n"], json!(3));
        assert_eq!(c.extra["id"], json!("e"));
        assert!(!c.extra.contains_key("a") && !c.extra.contains_key("b"));
        assert_eq!(c.extra.len(), 4);
    }

    /// Issue 23, item 5: a key twice in `expect` (or any kept field, or a
    /// field other than `a`, `b` and `id` twice) is an error naming it,
    /// never "the last one wins".
    #[test]
    fn duplicate_keys_in_kept_fields_are_errors() {
        for (line, path) in [
            (
                r#"{"id": "d", "a": [[0]], "b": [[1]], "expect": {"distance": 1, "distance": 2}}"#,
                "expect.distance",
            ),
            (
                r#"{"a": [[0]], "b": [[1]], "expect": {"x": {"y": [{"z": 1, "z": 1}]}}}"#,
                "expect.x.y.z",
            ),
            (
                r#"{"a": [[0]], "category": "p", "b": [[1]], "category": "q"}"#,
                "category",
            ),
        ] {
            let e = err_full(line);
            assert_eq!(
                e.error,
                CaseError::DuplicateKey { path: path.into() },
                "{line}"
            );
            assert!(
                e.to_string().contains(&format!("\"{path}\" appears twice")),
                "{e}"
            );
            assert_eq!(e.line, 7, "{line}");
        }
        // The same key in two different objects is fine.
        ok(r#"{"a": [[0]], "b": [[1]], "expect": {"p": {"k": 1}, "q": {"k": 2}}}"#);
    }

    #[test]
    fn kept_fields_are_bounded_before_they_are_built() {
        let n = MAX_KEPT_BYTES / KEPT_VALUE_BYTES + 1;
        let line = format!(
            r#"{{"id": "k", "a": [[0]], "b": [[1]], "junk": [{}]}}"#,
            vec!["0"; n].join(",")
        );
        let e = err_full(&line);
        assert_eq!(e.id, Some(json!("k")));
        assert_eq!(
            e.error,
            CaseError::KeptFieldsTooLarge {
                limit: MAX_KEPT_BYTES
            }
        );
        let long = "x".repeat(MAX_KEPT_BYTES);
        let e = err(&format!(r#"{{"a": [[0]], "b": [[1]], "note": "{long}"}}"#));
        assert_eq!(
            e,
            CaseError::KeptFieldsTooLarge {
                limit: MAX_KEPT_BYTES
            }
        );
    }

    /// Packed coordinates decode to the exact values read, and to the
    /// nearest float in float modes, whatever their form.
    #[test]
    fn packed_coordinates_decode_exactly() {
        let texts = [
            "0",
            "-0",
            "1",
            "-1",
            "255",
            "256",
            "-65536",
            "9007199254740993",
            "1e19",
            "18446744073709551615",
            "18446744073709551616",
            "0.1",
            "-2.5e-7",
            "5e-324",
            "1.7976931348623157e308",
            r#""1/3""#,
            r#""-7/2""#,
            r#""0.1""#,
            r#""1e4096""#,
            r#""-1e-4096""#,
            r#""12""#,
            r#""-18446744073709551615""#,
            r#""18446744073709551616""#,
            r#""1e39""#,
        ];
        let line = format!(r#"{{"a": [[{}]], "b": [[0]]}}"#, texts.join("], ["));
        let packed = parse_packed_line(&line, 1).unwrap().unwrap();
        let case = ok(&line);
        assert_eq!(packed.a.len(), texts.len());
        assert_eq!(packed.clone().into_case(), case);
        for (i, text) in texts.iter().enumerate() {
            let exact = &case.a[i][0];
            assert_eq!(coord(text), *exact, "{text}");
            let c = packed.a.coords().nth(i).unwrap();
            assert_eq!(c.to_rational(), *exact, "{text}");
            assert_eq!(
                f64::from_coord(&c).to_bits(),
                f64::from_rational(exact).to_bits(),
                "{text}"
            );
            assert_eq!(
                f32::from_coord(&c).to_bits(),
                f32::from_rational(exact).to_bits(),
                "{text}"
            );
        }
        // The packed form is small: here under 2.25 bytes per byte of text.
        assert!(
            packed.a.heap_bytes() < 2 * line.len(),
            "{}",
            packed.a.heap_bytes()
        );
        let e = packed.points::<f32, 1>().unwrap_err();
        assert!(
            matches!(e, CaseError::OutOfRange { point: 14, .. }),
            "{e:?}"
        );
    }

    #[test]
    fn blank_and_comment_lines() {
        for line in [
            "",
            "   ",
            "\t",
            "\r",
            "#",
            "# a comment",
            "   # indented {\"a\": 1}",
            "#{}",
        ] {
            assert_eq!(parse_line(line, 1), Ok(None), "{line:?}");
        }
    }

    // -- conversion ---------------------------------------------------------

    #[test]
    fn conversion_to_typed_points() {
        let c = ok(r#"{"a": [[0, "0.1", "1/3"], [1, 2, 3]], "b": [["-2.5e-7", 0.1, 1e300]]}"#);
        assert_eq!(c.dim(), 3);
        let (a, b) = c.points::<f64, 3>().unwrap();
        assert_eq!(
            a,
            vec![vector![0.0, 0.1, 1.0 / 3.0], vector![1.0, 2.0, 3.0]]
        );
        assert_eq!(b, vec![vector![-2.5e-7, 0.1, 1e300]]);

        let c = ok(r#"{"a": [["1/3", "-0.5"]], "b": [[7, "2e-3"], [0, 0]]}"#);
        let (a, b) = c.points::<Rational, 2>().unwrap();
        assert_eq!(a, vec![vector![q(1, 3), q(-1, 2)]]);
        assert_eq!(
            b,
            vec![vector![q(7, 1), q(1, 500)], vector![q(0, 1), q(0, 1)]]
        );
        let (a, _) = c.points::<f32, 2>().unwrap();
        assert_eq!(a, vec![vector![1.0f32 / 3.0, -0.5]]);
    }

    #[test]
    fn conversion_to_the_wrong_dimension() {
        let c = ok(r#"{"a": [[0, 0]], "b": [[1, 1]]}"#);
        assert_eq!(
            c.points::<f64, 3>().unwrap_err(),
            CaseError::DimensionMismatch {
                expected: 3,
                found: 2
            }
        );
        assert_eq!(
            c.points::<Rational, 1>().unwrap_err().to_string(),
            "the case has dimension 2, but dimension 1 was asked for"
        );
    }

    #[test]
    fn out_of_range_for_the_scalar() {
        let c = ok(r#"{"a": [[0, 0]], "b": [[1, "1e39"]]}"#);
        assert!(c.points::<f64, 2>().is_ok());
        assert!(c.points::<Rational, 2>().is_ok());
        let e = c.points::<f32, 2>().unwrap_err();
        assert_eq!(
            e,
            CaseError::OutOfRange {
                which: Which::B,
                point: 0,
                coord: 1,
                scalar: "f32",
                magnitude: "1e39".into()
            }
        );
        assert_eq!(
            e.to_string(),
            "coordinate b[0][1] = 1e39 is out of range for f32 (it would round to infinity)"
        );
        // The largest f32 is fine; so is f64's.
        let c =
            ok(r#"{"a": [["3.4028234663852886e38"], ["-1.7976931348623157e308"]], "b": [[0]]}"#);
        assert!(c.points::<f64, 1>().is_ok());
        assert!(matches!(
            c.points::<f32, 1>(),
            Err(CaseError::OutOfRange { point: 1, .. })
        ));
        let c = ok(r#"{"a": [["-1e309"]], "b": [[0]]}"#);
        let e = c.points::<f64, 1>().unwrap_err();
        assert!(matches!(
            e,
            CaseError::OutOfRange {
                which: Which::A,
                point: 0,
                coord: 0,
                scalar: "f64",
                ..
            }
        ));
        assert!(
            e.to_string()
                .contains(" = about -1e309 is out of range for f64"),
            "{e}"
        );
        // Underflow is not an error: tiny values round to zero.
        let c = ok(r#"{"a": [["1e-50"]], "b": [[0]]}"#);
        assert_eq!(c.points::<f32, 1>().unwrap().0[0][0], 0.0);
    }

    // -- exact output -------------------------------------------------------

    #[test]
    fn exact_output() {
        assert_eq!(rational_to_json_string(&q(1, 3)), "1/3");
        assert_eq!(rational_to_json_string(&q(-6, 4)), "-3/2");
        assert_eq!(rational_to_json_string(&q(5, 1)), "5");
        assert_eq!(rational_to_json_string(&q(0, 7)), "0");
        assert_eq!(rational_to_json_string(&q(-8, 2)), "-4");
        let v = vector![q(1, 3), q(0, 1), q(-2, 1)];
        assert_eq!(format_exact_vector(&v), json!(["1/3", "0", "-2"]));
        assert_eq!(format_exact_vector(&[q(1, 2)][..]), json!(["1/2"]));
    }

    // -- reading files ------------------------------------------------------

    #[test]
    fn reader_streams_cases_and_errors() {
        let file = b"\xEF\xBB\xBF# header comment\r\n\
            {\"id\": \"ok1\", \"a\": [[0]], \"b\": [[1]]}\r\n\
            \n\
            {\"id\": \"bad\", \"a\": [[\"x\"]], \"b\": [[1]]}\n\
            } not json\n\
            {\"a\": [[0, \xFF]], \"b\": [[1]]}\n\
            {\"a\": [[2]], \"b\": [[3]]}";
        let items: Vec<_> = read_cases(&file[..]).collect();
        assert_eq!(items.len(), 5);
        let c = items[0].as_ref().unwrap();
        assert_eq!((c.line, c.id_or_line()), (2, json!("ok1")));
        let e = items[1].as_ref().unwrap_err();
        assert_eq!((e.line, &e.id), (4, &Some(json!("bad"))));
        let e = items[2].as_ref().unwrap_err();
        assert_eq!((e.line, &e.id), (5, &None));
        assert!(
            matches!(e.error, CaseError::InvalidJson { column: 1, .. }),
            "{e}"
        );
        let e = items[3].as_ref().unwrap_err();
        assert_eq!(e.error, CaseError::InvalidUtf8 { offset: 11 });
        assert_eq!(e.line, 6);
        let c = items[4].as_ref().unwrap();
        assert_eq!((c.line, c.id_or_line()), (7, json!(7)));
        assert_eq!(c.a, vec![vec![q(2, 1)]]);
    }

    #[test]
    fn reader_skips_overlong_lines() {
        let long = format!("{{\"a\": [[{}]], \"b\": [[1]]}}", "0,".repeat(100) + "0");
        let file = format!("{long}\n{{\"a\": [[0]], \"b\": [[1]]}}\n{long}");
        let l = small_limits();
        let items: Vec<_> = PackedReader::with_limits(file.as_bytes(), l).collect();
        assert_eq!(items.len(), 3);
        let e = items[0].as_ref().unwrap_err();
        assert_eq!(
            (e.line, &e.error),
            (1, &CaseError::LineTooLong { limit: 64 })
        );
        assert_eq!(items[1].as_ref().unwrap().line, 2);
        assert_eq!(items[2].as_ref().unwrap_err().line, 3);
        // A line exactly at the limit is accepted.
        let exact = format!("{{\"a\": [[0]], \"b\": [[{}]]}}", "1".repeat(64 - 23));
        assert_eq!(exact.len(), 64);
        let items: Vec<_> = PackedReader::with_limits(exact.as_bytes(), l).collect();
        assert!(items[0].is_ok(), "{items:?}");
    }

    /// Fails after giving its first line.
    struct Failing(Vec<u8>, bool);

    impl io::Read for Failing {
        fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
            unreachable!()
        }
    }

    impl BufRead for Failing {
        fn fill_buf(&mut self) -> io::Result<&[u8]> {
            if self.1 {
                Err(io::Error::other("disk on fire"))
            } else {
                Ok(&self.0)
            }
        }
        fn consume(&mut self, n: usize) {
            self.0.drain(..n);
            if self.0.is_empty() {
                self.1 = true;
            }
        }
    }

    #[test]
    fn reader_reports_io_errors_once() {
        let r = Failing(b"{\"a\": [[0]], \"b\": [[1]]}\n".to_vec(), false);
        let items: Vec<_> = read_cases(r).collect();
        assert_eq!(items.len(), 2);
        assert!(items[0].is_ok());
        let e = items[1].as_ref().unwrap_err();
        assert_eq!(e.line, 2);
        assert_eq!(
            e.error,
            CaseError::Io {
                message: "disk on fire".into()
            }
        );
        assert_eq!(read_cases(&b""[..]).count(), 0);
        assert_eq!(read_cases(&b"\n\n# only comments\n"[..]).count(), 0);
    }

    // -- properties ---------------------------------------------------------

    proptest! {
        /// A double printed with `{:?}` (shortest round trip) and read back as
        /// a JSON number is exactly that double.
        #[test]
        fn json_numbers_round_trip(x in proptest::num::f64::NORMAL | proptest::num::f64::SUBNORMAL
            | proptest::num::f64::ZERO | proptest::num::f64::NEGATIVE | proptest::num::f64::POSITIVE) {
            let text = format!("{x:?}");
            let c = ok(&format!(r#"{{"a": [[{text}]], "b": [[0]]}}"#));
            prop_assert_eq!(&c.a[0][0], &rational_from_f64(x).unwrap());
            let v: Value = serde_json::from_str(&text).unwrap();
            prop_assert_eq!(parse_coordinate(&v).unwrap(), rational_from_f64(x).unwrap());
            let (a, _) = c.points::<f64, 1>().unwrap();
            prop_assert_eq!(a[0][0], if x == 0.0 { 0.0 } else { x });
        }

        /// The same text as a decimal *string* is its exact decimal value,
        /// whose nearest double is `x` again.
        #[test]
        fn decimal_strings_round_to_the_double(x in proptest::num::f64::NORMAL | proptest::num::f64::SUBNORMAL) {
            let text = format!("{x:?}");
            let r = parse_decimal_or_ratio(&text).unwrap();
            prop_assert_eq!(f64::from_rational(&r), x);
        }

        /// The direct reduction of decimals agrees with the general gcd.
        #[test]
        fn decimal_reduction_is_lowest_terms(u in -1000i64..1000, twos in 0u32..40, fives in 0u32..40, k in 0u32..60) {
            prop_assume!(u != 0);
            let m = BigInt::from(u) * BigInt::from(2u8).pow(twos) * BigInt::from(5u8).pow(fives);
            let expected = Rational::new(m.clone(), pow10(k));
            let got = decimal_value(m.clone(), -i64::from(k));
            prop_assert_eq!(got.numer(), expected.numer());
            prop_assert_eq!(got.denom(), expected.denom());
            prop_assert_eq!(decimal_value(m.clone(), i64::from(k)), Rational::from_integer(m * pow10(k)));
        }

        /// `p/q` strings written by `rational_to_json_string` read back exactly.
        #[test]
        fn exact_strings_round_trip(p in any::<i64>(), d in 1..=i64::MAX) {
            let r = q(p, d);
            prop_assert_eq!(parse_decimal_or_ratio(&rational_to_json_string(&r)).unwrap(), r);
        }
    }
}
