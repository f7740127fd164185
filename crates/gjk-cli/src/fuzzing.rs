//! The bodies of the fuzz targets (feature `fuzzing`), so that
//! `fuzz/fuzz_targets/*.rs` are one line each and `tests/fuzz_replay.rs`
//! runs the committed corpus and crashes through the same code on stable.
//!
//! | target | input | checks |
//! |---|---|---|
//! | `case_line` | any bytes | the case-line parser gives a case or a typed error |
//! | `query_f64` | `f64` bit patterns, 3D | the boolean query gives a typed error or an outcome within the cap |
//! | `f32_bits` | `f32` bit patterns, 2D or 3D, any cap | boolean, three-way and distance queries: typed errors for NaN/∞, iterations within the cap, finite answers |
//! | `diff_2d`, `diff_3d` | a generated pair ([`gjk_gen`]) or raw small dyadic points | [`check`]: the exact mode's answer ([`crate::fuzzing_exact::proved_answer`]: its certificates verified, and the construction's claims) is the truth; `f64` (and `f32` when every coordinate is exact in it) agrees with it outside the tolerance band |
//! | `diff_nd` | the same in 1 to 6 dimensions | the same ([`check`]; the three-way query only in 2D and 3D) |
//! | `certified`, `diff_exact` | as `diff_nd` | [`certified`], [`crate::fuzzing_exact`]: certified `f64` gives the exact relation; the exact mode's answers are the construction's, and in `diff_exact` its certificates verify again and on raw points its answers are the oracle's |
//! | `forged` | as `diff_nd`, then an edit script | [`crate::fuzzing_forged`]: certificates forged from the exact mode's (one weight, index or coordinate changed, an entry dropped, repeated or added, restated as another kind, edits chained) or from nothing; whatever the verifier accepts is the truth the oracle judged (raw points) or the construction guarantees (generated pairs) |
//! | `rational_loops` | as `diff_nd` | [`rational_loops`]: the generic loops run on rationals (boolean, distance with each sub-algorithm, the three-way verdict, EPA) equal the exact oracle |
//!
//! A failed check panics with the case printed: mantissas and exponent
//! (exact), and the `f64` coordinates' bits, so that it can be pasted into a
//! test.
//!
//! # The tolerance band of the differential targets
//!
//! Float verdicts are allowed to differ from the exact ones only where
//! rounding can decide them. With `u` the unit roundoff and
//! `scale = max |a − b|` over the points of `A − B`, the band is
//! `band = ABS_TOL_FACTOR · u · scale` ([`gjk::tolerance::ABS_TOL_FACTOR`],
//! `1024`): it covers the classifier's noise threshold
//! (`NOISE_FACTOR · u · m`, `NOISE_FACTOR = 64`, `m ≤ scale`; see
//! [`gjk::classify`]) and the distance loop's own absolute tolerance. So:
//!
//! * a float **separating axis** `n` must not overlap the shapes by more than
//!   the band: `max_A a·n − min_B b·n ≤ band · |n|`, computed exactly;
//! * a float **touching** verdict needs its normal to pass the same test, and
//!   the exact distance to be at most the band. Where the boolean loop
//!   stalled and the distance loop answered (`VerdictReport::stalled`), the
//!   distance loop's touching band applies instead,
//!   `τ = TOUCH_BAND_FACTOR · u · scale′`
//!   ([`gjk::tolerance::TOUCH_BAND_FACTOR`], `2048`; `scale′` the largest
//!   norm of a point of `A`, `B` or `A − B`, at least the query's own scale,
//!   which takes the support points of its final simplex): the exact
//!   distance at most `τ`, and the normal's support planes (computed
//!   exactly) within `τ` of each other, up to the rounding of the query's
//!   own check of that;
//! * a float **penetrating** or **intersecting** verdict needs the exact
//!   distance to be at most the band;
//! * a float **distance** must be within
//!   [`gjk::tolerance::float_accuracy_bound`] of the exact one;
//! * **no verdict** is accepted only within the band of touching: the exact
//!   distance at most the band, or the shapes touching, or a generated pair
//!   whose construction makes it hard (flat, duplicate or identical points),
//!   where a float simplex can be degenerate; and when `scale²` overflows the
//!   float type (`f32` from coordinates near `2⁶⁴`), where products of two
//!   coordinates are out of range. Typed errors are accepted only for that
//!   overflow (`Error::Overflow`, `f32`) and for a squared distance below
//!   the float type's normal range (`Error::Underflow`). One more exception: the boolean
//!   loop's three-way query may give no verdict when its classifier finds
//!   the float simplex degenerate (documented in [`gjk::boolean`]); the
//!   distance loop is held to the rule above on the same input. And where
//!   the boolean loop stalled and the distance loop answered for it
//!   (`VerdictReport::stalled`), its `UnprovedNormal` (the descent ended in
//!   the touching band on a normal it could not prove) is held to that
//!   band, as its touching verdict is.
//!
//! Exact answers have no band: the exact mode's and the rational loops'
//! must equal the oracle's.

use arbitrary::{Arbitrary, Result as ArbResult, Unstructured};

use gjk::boolean::{gjk, Options, Outcome};
use gjk::distance::{distance, DistanceOptions, DistanceOutcome, SubAlgorithm};
use gjk::scalar::{rational_from_f64, FromRational, Rational, Real, Scalar};
use gjk::shape::ConvexHull;
use gjk::tolerance::{float_accuracy_bound, ABS_TOL_FACTOR, TOUCH_BAND_FACTOR};
use gjk::vector::Vector;
use gjk::verdict::{by_boolean_loop, Verdict};
use gjk::Error;
use gjk::NoVerdict;
use gjk_gen::arbitrary_impls::{decode_params, take};
use gjk_gen::{build, exact_answer, exact_rows, vectors_of, AnswerError, Expected, Family};
use gjk_oracle::{self as oracle, OracleError, Relation};

/// Runs the checks `$f::<N>` of a [`Diff`] in its dimension (`N = d.dim`,
/// 1 to [`DIFF_MAX_DIM`]).
macro_rules! by_dim {
    ($f:ident, $d:expr) => {
        match $d.dim {
            1 => $f::<1>($d),
            2 => $f::<2>($d),
            3 => $f::<3>($d),
            4 => $f::<4>($d),
            5 => $f::<5>($d),
            _ => $f::<6>($d),
        }
    };
}
pub(crate) use by_dim;

/// The fuzz targets, as named in `fuzz/Cargo.toml` and `fuzz/corpus/`.
pub const TARGETS: [&str; 10] = [
    "case_line",
    "query_f64",
    "f32_bits",
    "diff_2d",
    "diff_3d",
    "diff_nd",
    "certified",
    "diff_exact",
    "forged",
    "rational_loops",
];

/// Decodes a fuzzer's bytes into `T` exactly as `libfuzzer-sys` 0.4
/// does for `fuzz_target!(|data: T| …)` (`src/lib.rs` of 0.4.13): inputs
/// shorter than `T::size_hint(0).0` are skipped, then
/// `T::arbitrary_take_rest(Unstructured::new(bytes))`, skipping inputs
/// that fail to decode.
pub fn decode<'a, T: Arbitrary<'a>>(bytes: &'a [u8]) -> Option<T> {
    if bytes.len() < T::size_hint(0).0 {
        return None;
    }
    T::arbitrary_take_rest(Unstructured::new(bytes)).ok()
}

/// Runs target `target` on one corpus or crash file, decoding it as the
/// fuzzer does. `Ok(false)` when the input does not decode (the fuzzer
/// skips it too); `Err` for an unknown target name.
pub fn replay(target: &str, bytes: &[u8]) -> Result<bool, String> {
    fn run<'a, T: Arbitrary<'a>>(bytes: &'a [u8], f: fn(T)) -> bool {
        decode::<T>(bytes).map(f).is_some()
    }
    Ok(match target {
        "case_line" => {
            case_line(bytes);
            true
        }
        "query_f64" => run(bytes, query_f64),
        "f32_bits" => run(bytes, f32_bits),
        "diff_2d" => run(bytes, diff_2d),
        "diff_3d" => run(bytes, diff_3d),
        "diff_nd" => run(bytes, diff_nd),
        "certified" => run(bytes, certified),
        "diff_exact" => run(bytes, crate::fuzzing_exact::diff_exact),
        "forged" => run(bytes, crate::fuzzing_forged::forged),
        "rational_loops" => run(bytes, rational_loops),
        other => return Err(format!("unknown fuzz target {other:?}")),
    })
}

// ---------------------------------------------------------------------------
// case_line, query_f64
// ---------------------------------------------------------------------------

/// The case-file parser on hostile input: any bytes, as one line, give a
/// case or a typed error, never a panic or unbounded work; a parsed case
/// converts to every scalar type or gives a typed error.
pub fn case_line(data: &[u8]) {
    if let Ok(line) = std::str::from_utf8(data) {
        if let Ok(Some(case)) = gjk_case::parse_packed_line(line, 1) {
            let _ = case.points::<f64, 2>();
            let _ = case.points::<f32, 3>();
            let _ = case.points::<Rational, 3>();
            let _ = case.radii::<f32>();
            let _ = case.radii::<Rational>();
            // The packed coordinates decode to the exact values read.
            let rows = case.clone().into_case();
            assert_eq!(gjk_case::parse_line(line, 1), Ok(Some(rows)));
        }
    }
}

/// The input of `query_f64`: two clouds of 3D points given as `f64` bits.
#[derive(Arbitrary, Debug)]
pub struct QueryF64 {
    /// `A`'s points (the first 16 are used).
    pub a: Vec<[u64; 3]>,
    /// `B`'s points (the first 16 are used).
    pub b: Vec<[u64; 3]>,
}

/// The `f64` boolean query on arbitrary bit patterns (NaN, infinities,
/// subnormals, huge and tiny values): a typed error or an outcome, never a
/// panic, and never more support calls than the cap.
pub fn query_f64(input: QueryF64) {
    let cloud = |raw: &[[u64; 3]]| {
        let pts = raw
            .iter()
            .take(16)
            .map(|p| Vector::<f64, 3>::from_fn(|i, _| f64::from_bits(p[i])))
            .collect();
        ConvexHull::new(pts)
    };
    let (Ok(a), Ok(b)) = (cloud(&input.a), cloud(&input.b)) else {
        return;
    };
    let opts = Options::default();
    if let Ok(report) = gjk(&a, &b, &opts) {
        assert!(report.iterations <= opts.max_iterations, "{report:?}");
    }
}

// ---------------------------------------------------------------------------
// f32_bits
// ---------------------------------------------------------------------------

/// The most points per shape read by `f32_bits`.
const F32_MAX_POINTS: usize = 16;

/// The input of `f32_bits`: a dimension (2 or 3), an iteration cap
/// (`1..=256`) and two clouds of `f32` bit patterns.
#[derive(Clone, Debug)]
pub struct F32Bits {
    /// 2 or 3.
    pub dim: usize,
    /// The iteration cap of every query.
    pub cap: usize,
    /// `A`'s points, `dim` bit patterns each.
    pub a: Vec<Vec<u32>>,
    /// `B`'s points.
    pub b: Vec<Vec<u32>>,
}

impl<'a> Arbitrary<'a> for F32Bits {
    /// Bytes: dimension (`2 + b mod 2`), cap (`1 + b`), `|A|`
    /// (`1 + b mod 16`), then little-endian `u32` coordinates: `|A|` points,
    /// then up to 16 points of `B` from the rest (at least one).
    fn arbitrary(u: &mut Unstructured<'a>) -> ArbResult<Self> {
        let dim = 2 + take::<1>(u)[0] as usize % 2;
        let cap = 1 + take::<1>(u)[0] as usize;
        let na = 1 + take::<1>(u)[0] as usize % F32_MAX_POINTS;
        let point = |u: &mut Unstructured<'a>| -> Vec<u32> {
            (0..dim).map(|_| u32::from_le_bytes(take::<4>(u))).collect()
        };
        let a = (0..na).map(|_| point(u)).collect();
        let mut b = vec![point(u)];
        while !u.is_empty() && b.len() < F32_MAX_POINTS {
            b.push(point(u));
        }
        Ok(F32Bits { dim, cap, a, b })
    }
}

/// The `f32` queries on arbitrary bit patterns: NaN and infinite
/// coordinates are a typed error ([`Error::NonFinite`]); otherwise every
/// query returns a typed error or an outcome within the cap, with finite
/// certificates.
pub fn f32_bits(input: F32Bits) {
    match input.dim {
        2 => f32_run::<2>(&input),
        _ => f32_run::<3>(&input),
    }
}

fn f32_run<const N: usize>(input: &F32Bits) {
    let cloud = |raw: &[Vec<u32>]| {
        let pts: Vec<Vector<f32, N>> = raw
            .iter()
            .map(|p| Vector::<f32, N>::from_fn(|i, _| f32::from_bits(p[i])))
            .collect();
        let finite = pts.iter().all(|p| p.iter().all(|x| x.is_finite()));
        let hull = ConvexHull::new(pts);
        assert_eq!(
            hull.is_ok(),
            finite,
            "a hull of {} points is accepted iff they are finite: {input:?}",
            if finite { "finite" } else { "non-finite" }
        );
        hull
    };
    let (Ok(a), Ok(b)) = (cloud(&input.a), cloud(&input.b)) else {
        return;
    };
    let cap = input.cap;
    let opts = Options {
        initial_direction: None,
        max_iterations: cap,
    };
    let finite = |v: &Vector<f32, N>| v.iter().all(|x| x.is_finite());
    if let Ok(r) = gjk(&a, &b, &opts) {
        assert!(
            r.iterations <= cap,
            "gjk: {} > {cap}: {input:?}",
            r.iterations
        );
        if let Outcome::Separated { axis, .. } = &r.outcome {
            assert!(
                finite(axis) && axis.iter().any(|x| *x != 0.0),
                "axis {axis:?}: {input:?}"
            );
        }
    }
    if let Ok(r) = by_boolean_loop(&a, &b, &opts) {
        // The descent runs at most one more query per dimension, plus two
        // support calls at each level.
        let bound = N * (cap + 2);
        assert!(
            r.iterations <= bound,
            "contact: {} > {bound}: {input:?}",
            r.iterations
        );
        match &r.verdict {
            Verdict::Separated { axis: n, .. } | Verdict::Touching { normal: n, .. } => {
                assert!(finite(n), "normal {n:?}: {input:?}")
            }
            _ => {}
        }
    }
    for sub_algorithm in [
        SubAlgorithm::Auto,
        SubAlgorithm::Johnson,
        SubAlgorithm::Classify,
    ] {
        let opts = DistanceOptions {
            initial_direction: None,
            max_iterations: cap,
            sub_algorithm,
            warm_start: None,
        };
        if let Ok(r) = distance(&a, &b, &opts) {
            assert!(
                r.iterations <= cap,
                "distance: {} > {cap}: {input:?}",
                r.iterations
            );
            if let DistanceOutcome::Separated {
                dist2,
                witness_a,
                witness_b,
                ..
            } = &r.outcome
            {
                assert!(
                    dist2.is_finite() && *dist2 >= 0.0 && finite(witness_a) && finite(witness_b),
                    "distance answer {:?}: {input:?}",
                    r.outcome
                );
            }
        }
    }
}

// ---------------------------------------------------------------------------
// The differential targets
// ---------------------------------------------------------------------------

/// The most points per shape of a raw differential input (so the oracle's
/// enumeration, `|A|·|B|` differences, stays within its limits).
const RAW_MAX_POINTS: usize = 5;
/// The largest dimension of `diff_nd`.
pub const DIFF_MAX_DIM: usize = 6;

/// A differential input: exact points `m · 2^exp` (from a generated pair or
/// raw), and what a generated pair's construction claims.
#[derive(Clone, Debug)]
pub struct Diff {
    /// The dimension.
    pub dim: usize,
    /// `A`'s mantissas.
    pub a: Vec<Vec<i64>>,
    /// `B`'s mantissas.
    pub b: Vec<Vec<i64>>,
    /// The common binary exponent.
    pub exp: i32,
    /// The family of a generated pair (`None` for raw points).
    pub family: Option<Family>,
    /// A generated pair's claims (empty for raw points).
    pub expected: Expected,
}

/// Decodes a [`Diff`]: byte 0 chooses a generated pair (`b mod 4 ≠ 0`,
/// then the [`gjk_gen::Params`] layout without the dimension) or
/// raw points (`b mod 4 = 0`: exponent `(b as i8) mod 61`, `|A| = 1 + b mod
/// 5`, `|B| = 1 + b mod 5`, then little-endian `i16` coordinates, zero when
/// the input runs out).
fn decode_diff(u: &mut Unstructured<'_>, dim: usize) -> Diff {
    if take::<1>(u)[0] % 4 != 0 {
        let params = decode_params(u, Some(dim));
        // Decoded parameters are always valid.
        if let Ok(pair) = build(&params) {
            return Diff {
                dim,
                a: pair.a,
                b: pair.b,
                exp: pair.exp,
                family: Some(params.family),
                expected: pair.expected,
            };
        }
    }
    let exp = i32::from(take::<1>(u)[0] as i8) % 61;
    let na = 1 + take::<1>(u)[0] as usize % RAW_MAX_POINTS;
    let nb = 1 + take::<1>(u)[0] as usize % RAW_MAX_POINTS;
    let mut set = |n: usize| -> Vec<Vec<i64>> {
        (0..n)
            .map(|_| {
                (0..dim)
                    .map(|_| i64::from(i16::from_le_bytes(take::<2>(u))))
                    .collect()
            })
            .collect()
    };
    let a = set(na);
    let b = set(nb);
    Diff {
        dim,
        a,
        b,
        exp,
        family: None,
        expected: Expected::default(),
    }
}

/// The input of `diff_2d`.
#[derive(Clone, Debug)]
pub struct Diff2(pub Diff);
/// The input of `diff_3d`.
#[derive(Clone, Debug)]
pub struct Diff3(pub Diff);
/// The input of `diff_nd`: its first byte is the dimension
/// (`1 + b mod DIFF_MAX_DIM`).
#[derive(Clone, Debug)]
pub struct DiffN(pub Diff);

impl<'a> Arbitrary<'a> for Diff2 {
    fn arbitrary(u: &mut Unstructured<'a>) -> ArbResult<Self> {
        Ok(Diff2(decode_diff(u, 2)))
    }
}
impl<'a> Arbitrary<'a> for Diff3 {
    fn arbitrary(u: &mut Unstructured<'a>) -> ArbResult<Self> {
        Ok(Diff3(decode_diff(u, 3)))
    }
}
impl<'a> Arbitrary<'a> for DiffN {
    fn arbitrary(u: &mut Unstructured<'a>) -> ArbResult<Self> {
        let dim = 1 + take::<1>(u)[0] as usize % DIFF_MAX_DIM;
        Ok(DiffN(decode_diff(u, dim)))
    }
}

/// The bytes of a generated-pair input of `diff_2d` / `diff_3d`
/// (`with_dim` false) or `diff_nd` (`with_dim` true): what the decoders
/// read back as this pair. For writing seeds.
pub fn diff_seed(params: &gjk_gen::Params, with_dim: bool) -> Vec<u8> {
    let mut out = Vec::new();
    if with_dim {
        out.push((params.dim - 1) as u8);
    }
    out.push(1);
    out.extend(params.to_bytes(false));
    out
}

impl F32Bits {
    /// The bytes that decode to this input (for writing seeds): `dim` must
    /// be 2 or 3, `cap` in `1..=256`, `1..=16` points per shape.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = vec![
            (self.dim - 2) as u8,
            (self.cap - 1) as u8,
            (self.a.len() - 1) as u8,
        ];
        for x in self.a.iter().chain(&self.b).flatten() {
            out.extend(x.to_le_bytes());
        }
        out
    }
}

/// Differential, 2D: the exact mode's proved answer is the truth; `f64`
/// and `f32` agree with it outside the band (module docs, [`check`]).
pub fn diff_2d(input: Diff2) {
    check::<2>(&input.0);
}

/// Differential, 3D (see [`diff_2d`]).
pub fn diff_3d(input: Diff3) {
    check::<3>(&input.0);
}

/// Differential in 1 to 6 dimensions: the float distance query against
/// the exact mode's proved answer, and in 2D and 3D everything
/// [`diff_2d`] checks.
pub fn diff_nd(input: DiffN) {
    let d = &input.0;
    by_dim!(check, d);
}

impl Diff {
    /// The case, printed for pasting into a test: exact mantissas and
    /// exponent, and every `f64` coordinate's bits.
    pub fn show(&self) -> String {
        let bits = |set: &[Vec<i64>]| -> Vec<Vec<String>> {
            set.iter()
                .map(|p| {
                    p.iter()
                        .map(|&m| format!("{:#x}", (m as f64 * 2f64.powi(self.exp)).to_bits()))
                        .collect()
                })
                .collect()
        };
        format!(
            "dim {} exp {} family {:?}\n  a = {:?}\n  b = {:?}\n  f64 bits a = {:?}\n  f64 bits b = {:?}",
            self.dim,
            self.exp,
            self.family.map(Family::name),
            self.a,
            self.b,
            bits(&self.a),
            bits(&self.b)
        )
    }

    /// A generated pair whose construction makes float simplices degenerate
    /// by design.
    fn degenerate_by_design(&self) -> bool {
        matches!(
            self.family,
            Some(Family::Flat | Family::Duplicates | Family::Identical)
        )
    }
}

/// `max_A a·n − min_B b·n` for a float axis `n`, exactly.
fn overlap<T: Scalar, const N: usize>(
    a: &[Vec<Rational>],
    b: &[Vec<Rational>],
    n: &Vector<T, N>,
) -> Option<Rational> {
    let n: Vec<Rational> = n
        .iter()
        .map(|x| rational_from_f64(x.to_f64()))
        .collect::<Option<_>>()?;
    let dot = |p: &Vec<Rational>| -> Rational { p.iter().zip(&n).map(|(x, y)| x * y).sum() };
    let max_a = a.iter().map(dot).max()?;
    let min_b = b.iter().map(dot).min()?;
    Some(max_a - min_b)
}

/// The exact answer a differential case is checked against.
struct Truth {
    relation: Relation,
    /// `dist²` (`0` unless separated).
    dist2: Rational,
}

impl Truth {
    fn intersects(&self) -> bool {
        self.relation != Relation::Separated
    }
}

/// The checks of one differential case.
struct Check<'a> {
    d: &'a Diff,
    a: Vec<Vec<Rational>>,
    b: Vec<Vec<Rational>>,
    truth: Truth,
    /// `max |a − b|` over the points of `A − B`.
    scale: f64,
    /// `max |x|` over the points of `A`, `B` and `A − B`: at least the
    /// scale of the distance loop's touching band
    /// ([`gjk::tolerance::TOUCH_BAND_FACTOR`]), which takes the support
    /// points of its final simplex.
    touch_scale: f64,
}

impl Check<'_> {
    fn fail(&self, what: String) -> ! {
        panic!(
            "fuzz mismatch: {what}\n  exact answer: {:?}, dist2 = {}\n  {}",
            self.truth.relation,
            self.truth.dist2,
            self.d.show()
        )
    }

    /// The tolerance band for unit roundoff `u` (module docs).
    fn band(&self, u: f64) -> f64 {
        ABS_TOL_FACTOR * u * self.scale
    }

    /// The exact distance is within the band.
    fn near(&self, u: f64) -> bool {
        self.truth.dist2.to_f64() <= self.band(u) * self.band(u)
    }

    /// The exact distance is within the three-way query's touching band,
    /// `TOUCH_BAND_FACTOR · u · scale` with its own scale (module docs).
    fn in_touch_band(&self, u: f64) -> bool {
        let tau = TOUCH_BAND_FACTOR * u * self.touch_scale;
        self.near(u) || self.truth.dist2.to_f64() <= tau * tau
    }

    /// A float axis overlaps the shapes by at most the band.
    fn axis_ok<T: Scalar, const N: usize>(&self, n: &Vector<T, N>) -> bool {
        self.overlap_within(n, self.band(T::UNIT_ROUNDOFF))
    }

    /// A float touching normal: its support planes are within the
    /// three-way query's touching band of each other, as the query checks
    /// them in float arithmetic (`h = w·n` for the support point `w` of
    /// `A − B`, rounded by at most `(N + 1) u |w| |n|`, `N ≤ 3`: hence the
    /// `+ 8`).
    fn normal_ok<T: Scalar, const N: usize>(&self, n: &Vector<T, N>) -> bool {
        let u = T::UNIT_ROUNDOFF;
        self.axis_ok(n) || self.overlap_within(n, (TOUCH_BAND_FACTOR + 8.0) * u * self.touch_scale)
    }

    /// `max_A a·n − min_B b·n ≤ width · |n|`, exactly but for `|n|`.
    fn overlap_within<T: Scalar, const N: usize>(&self, n: &Vector<T, N>, width: f64) -> bool {
        let len = n
            .iter()
            .map(|x| x.to_f64() * x.to_f64())
            .sum::<f64>()
            .sqrt();
        match overlap(&self.a, &self.b, n) {
            Some(ov) => ov.to_f64() <= width * len,
            None => false,
        }
    }

    /// No verdict is acceptable (module docs).
    fn undecided_ok<T: Real>(&self) -> bool {
        let u = T::UNIT_ROUNDOFF;
        self.near(u)
            || self.truth.relation == Relation::Touching
            || self.d.degenerate_by_design()
            || !T::from_f64(self.scale * self.scale).is_finite()
    }

    fn exact_contact<const N: usize>(
        &self,
        ha: &ConvexHull<Rational, N>,
        hb: &ConvexHull<Rational, N>,
    ) {
        let r = by_boolean_loop(ha, hb, &Options::default())
            .unwrap_or_else(|e| self.fail(format!("exact contact: error {e}")));
        let got = match &r.verdict {
            Verdict::Separated { axis, .. } => {
                let axis: Vec<Rational> = axis.iter().cloned().collect();
                if !oracle::strictly_separates(&self.a, &self.b, &axis).unwrap_or(false) {
                    self.fail(format!("exact contact: axis {axis:?} does not separate"));
                }
                Relation::Separated
            }
            Verdict::Touching { normal, .. } => {
                let normal: Vec<Rational> = normal.iter().cloned().collect();
                if !oracle::separates(&self.a, &self.b, &normal).unwrap_or(false) {
                    self.fail(format!(
                        "exact contact: normal {normal:?} does not separate weakly"
                    ));
                }
                Relation::Touching
            }
            Verdict::Penetrating { .. } => Relation::Penetrating,
            Verdict::NoVerdict { reason } => {
                self.fail(format!("exact contact: not converged ({reason})"))
            }
        };
        if got != self.truth.relation {
            self.fail(format!("exact contact says {got:?}"));
        }
    }

    /// The three-way query with evidence (`gjk::verdict`) in exact mode:
    /// the oracle's relation, and for separated pairs its exact `dist2`.
    fn exact_verdict<const N: usize>(
        &self,
        ha: &ConvexHull<Rational, N>,
        hb: &ConvexHull<Rational, N>,
    ) {
        use gjk::verdict::{by_distance_loop, Separation, Verdict};
        let r = by_distance_loop(ha, hb, &DistanceOptions::default())
            .unwrap_or_else(|e| self.fail(format!("exact verdict: error {e}")));
        let same = match (&r.verdict, self.truth.relation) {
            (
                Verdict::Separated {
                    separation: Some(Separation { dist2, .. }),
                    ..
                },
                Relation::Separated,
            ) => *dist2 == self.truth.dist2,
            (Verdict::Touching { .. }, Relation::Touching)
            | (Verdict::Penetrating { .. }, Relation::Penetrating) => true,
            _ => false,
        };
        if !same {
            self.fail(format!("exact verdict {:?}", r.verdict));
        }
    }

    /// EPA in exact mode on penetrating pairs: the oracle's exact squared
    /// depth (minimum over the facets of `A − B`); on touching pairs,
    /// `Touching`. Pairs past the facet oracle's limits are skipped.
    fn exact_epa<const N: usize>(
        &self,
        ha: &ConvexHull<Rational, N>,
        hb: &ConvexHull<Rational, N>,
    ) {
        use gjk::epa::{epa, EpaOptions, EpaOutcome};
        use gjk_oracle::PenetrationDepth;
        if self.truth.relation == Relation::Separated {
            return;
        }
        let want = match oracle::penetration_depth(&self.a, &self.b) {
            Ok(w) => w,
            Err(OracleError::TooLarge { .. }) => return,
            Err(e) => self.fail(format!("penetration oracle: error {e}")),
        };
        let r = epa(ha, hb, &EpaOptions::default())
            .unwrap_or_else(|e| self.fail(format!("exact EPA: error {e}")));
        let same = match (&r.outcome, &want) {
            (EpaOutcome::Penetrating(p), PenetrationDepth::Penetrating { depth2, .. }) => {
                p.depth2 == *depth2
            }
            (EpaOutcome::Touching { .. }, PenetrationDepth::NotPenetrating { relation }) => {
                *relation == Relation::Touching
            }
            _ => false,
        };
        if !same {
            self.fail(format!("exact EPA {:?} vs oracle {want:?}", r.outcome));
        }
    }

    fn exact_distance<const N: usize>(
        &self,
        ha: &ConvexHull<Rational, N>,
        hb: &ConvexHull<Rational, N>,
        sub_algorithm: SubAlgorithm,
    ) {
        let opts = DistanceOptions {
            sub_algorithm,
            ..DistanceOptions::default()
        };
        let r = distance(ha, hb, &opts).unwrap_or_else(|e| {
            self.fail(format!("exact distance ({sub_algorithm:?}): error {e}"))
        });
        match r.outcome.dist2() {
            Some(d) if d == self.truth.dist2 => {}
            _ => self.fail(format!(
                "exact distance ({sub_algorithm:?}) says {:?}",
                r.outcome
            )),
        }
    }

    /// `true` for an error a float mode may give on these coordinates:
    /// overflow of an intermediate value (`f32` at huge scales).
    fn float_error_ok<T: Scalar>(&self, e: &Error) -> bool {
        (matches!(e, Error::Overflow { .. }) && T::UNIT_ROUNDOFF > f64::UNIT_ROUNDOFF)
            || matches!(e, Error::Underflow { .. })
    }

    fn float_contact<T: Real + FromRational, const N: usize>(
        &self,
        ha: &ConvexHull<T, N>,
        hb: &ConvexHull<T, N>,
    ) {
        let u = T::UNIT_ROUNDOFF;
        let r = match by_boolean_loop(ha, hb, &Options::default()) {
            Ok(r) => r,
            Err(e) if self.float_error_ok::<T>(&e) => return,
            Err(e) => self.fail(format!("{} contact: error {e}", T::NAME)),
        };
        let ok = match &r.verdict {
            Verdict::Separated { axis, .. } => self.axis_ok(axis),
            // The distance loop answered for a stalled boolean loop: its
            // touching band (`gjk::verdict::VerdictReport::stalled`).
            Verdict::Touching { normal, .. } if r.stalled => {
                self.normal_ok(normal) && self.in_touch_band(u)
            }
            Verdict::Touching { normal, .. } => self.axis_ok(normal) && self.near(u),
            Verdict::Penetrating { .. } => self.truth.intersects() || self.near(u),
            // The boolean loop has no fallback for a simplex its classifier
            // finds numerically degenerate (the `…-DEG` regions, a noise test
            // of `NOISE_FACTOR · u · |p|²`, conservative by design): it gives
            // no verdict there, as documented in `gjk::boolean`, even far from
            // touching when a long thin simplex meets 24-bit `f32` (found by
            // `diff_2d`, tests/fuzz_crashes). The distance loop, whose
            // sub-algorithm has a proven-safe fallback, is held to the strict
            // rule on the same input (`float_distance`).
            Verdict::NoVerdict {
                reason: NoVerdict::Degenerate { .. },
            } => true,
            // After a stall, the distance loop's descent ended in its
            // touching band on a normal it could not prove: held to that
            // band, as its touching verdict is (fuzz/crashes, `785b2821`).
            Verdict::NoVerdict {
                reason: NoVerdict::UnprovedNormal,
            } if r.stalled => self.in_touch_band(u) || self.undecided_ok::<T>(),
            Verdict::NoVerdict { .. } => self.undecided_ok::<T>(),
        };
        if !ok {
            self.fail(format!("{} contact says {:?}", T::NAME, r.verdict));
        }
    }

    /// The boolean query as users call it (`gjk`: the hot path in 2D and
    /// 3D floats, the reference loop where it hands back): a separating
    /// axis separates up to the band, an intersecting verdict is true up to
    /// the band; no verdict is allowed (the reference loop's documented
    /// no-progress stops).
    fn float_boolean<T: Real + FromRational, const N: usize>(
        &self,
        ha: &ConvexHull<T, N>,
        hb: &ConvexHull<T, N>,
    ) {
        let r = match gjk(ha, hb, &Options::default()) {
            Ok(r) => r,
            Err(e) if self.float_error_ok::<T>(&e) => return,
            Err(e) => self.fail(format!("{} boolean: error {e}", T::NAME)),
        };
        let ok = match &r.outcome {
            Outcome::Separated { axis, .. } => self.axis_ok(axis),
            Outcome::Intersecting { .. } => self.truth.intersects() || self.near(T::UNIT_ROUNDOFF),
            Outcome::NoVerdict { .. } => true,
        };
        if !ok {
            self.fail(format!("{} boolean says {:?}", T::NAME, r.outcome));
        }
    }

    fn float_distance<T: Real + FromRational, const N: usize>(
        &self,
        ha: &ConvexHull<T, N>,
        hb: &ConvexHull<T, N>,
        sub_algorithm: SubAlgorithm,
    ) {
        let u = T::UNIT_ROUNDOFF;
        let opts = DistanceOptions {
            sub_algorithm,
            ..DistanceOptions::default()
        };
        let r = match distance(ha, hb, &opts) {
            Ok(r) => r,
            Err(e) if self.float_error_ok::<T>(&e) => return,
            Err(e) => self.fail(format!(
                "{} distance ({sub_algorithm:?}): error {e}",
                T::NAME
            )),
        };
        let exact = self.truth.dist2.to_f64();
        let ok = match &r.outcome {
            DistanceOutcome::Separated { dist2, .. } => {
                let bound = float_accuracy_bound(exact, self.scale * self.scale, u);
                (dist2.to_f64() - exact).abs() <= bound
            }
            // The loop's "v is the origin" test allows |v| ≤ ABS_TOL·u·scale,
            // and v itself is off by as much again.
            DistanceOutcome::Intersecting { .. } => exact <= 4.0 * self.band(u) * self.band(u),
            DistanceOutcome::NoVerdict { .. } => self.undecided_ok::<T>(),
        };
        if !ok {
            self.fail(format!(
                "{} distance ({sub_algorithm:?}) says {:?}",
                T::NAME,
                r.outcome
            ));
        }
    }

    /// Every float check in type `T` (contact in 2D and 3D, distance with
    /// each sub-algorithm).
    fn floats<T: Real + FromRational, const N: usize>(&self) {
        let d = self.d;
        let (Ok(fa), Ok(fb)) = (
            ConvexHull::<T, N>::new(vectors_of(&d.a, d.exp)),
            ConvexHull::<T, N>::new(vectors_of(&d.b, d.exp)),
        ) else {
            self.fail(format!(
                "{} hulls refused (every coordinate is exact)",
                T::NAME
            ));
        };
        for sub in sub_algorithms::<N>() {
            self.float_distance(&fa, &fb, sub);
        }
        if N == 2 || N == 3 {
            self.float_contact(&fa, &fb);
            self.float_boolean(&fa, &fb);
        }
    }
}

/// The distance sub-algorithms of dimension `N` (`Auto` is `Johnson`
/// outside 2D and 3D, and in exact mode).
fn sub_algorithms<const N: usize>() -> Vec<SubAlgorithm> {
    if N == 2 || N == 3 {
        vec![
            SubAlgorithm::Auto,
            SubAlgorithm::Johnson,
            SubAlgorithm::Classify,
        ]
    } else {
        vec![SubAlgorithm::Johnson]
    }
}

/// Certified `f64` ([`gjk::certified`]) in 1 to 6 dimensions (input as
/// [`diff_nd`]): on every input whose coordinates are exactly doubles, the
/// certified verdict is the exact relation, whichever path (axis,
/// enclosing simplex, exact path) decided it. The exact relation is the
/// exact mode's (proved by certificates it verified, or by its exact loops)
/// ([`crate::fuzzing_exact::proved_answer`]; `diff_exact` holds it to the
/// oracle).
pub fn certified(input: DiffN) {
    let d = &input.0;
    by_dim!(check_certified, d);
}

fn check_certified<const N: usize>(d: &Diff) {
    use gjk::certified::{certify, CertifiedError, CertifiedOptions};
    let a = exact_rows(&d.a, d.exp);
    let b = exact_rows(&d.b, d.exp);
    // The f64 input: only cases whose coordinates are doubles exactly.
    let to_f64 = |rows: &[Vec<Rational>]| -> Option<Vec<Vector<f64, N>>> {
        rows.iter()
            .map(|r| {
                let v = Vector::<f64, N>::from_fn(|i, _| r[i].to_f64());
                let exact = (0..N).all(|i| rational_from_f64(v[i]).as_ref() == Some(&r[i]));
                exact.then_some(v)
            })
            .collect()
    };
    let (Some(fa), Some(fb)) = (to_f64(&a), to_f64(&b)) else {
        return;
    };
    // The exact mode's proved answer (diff_exact holds it to the oracle).
    let truth = crate::fuzzing_exact::proved_answer::<N>(d, &a, &b, false).relation;
    let (Ok(ha), Ok(hb)) = (ConvexHull::new(fa), ConvexHull::new(fb)) else {
        panic!("f64 hulls of exact doubles refused\n  {}", d.show());
    };
    match certify(&ha, &hb, &CertifiedOptions::default()) {
        Ok(r) => assert_eq!(
            r.verdict,
            truth,
            "fuzz mismatch: certified {:?} by {:?}, exact {truth:?}\n  {}",
            r.verdict,
            r.certificate,
            d.show()
        ),
        Err(CertifiedError::TooLarge { .. }) => {}
        Err(e) => panic!("certified: error {e}\n  {}", d.show()),
    }
}

impl Diff {
    /// A generated pair as a differential input.
    pub fn from_pair(pair: &gjk_gen::Pair) -> Diff {
        Diff {
            dim: pair.dim(),
            a: pair.a.clone(),
            b: pair.b.clone(),
            exp: pair.exp,
            family: Some(pair.params.family),
            expected: pair.expected.clone(),
        }
    }
}

impl<'a> Check<'a> {
    /// The checks of case `d` against `truth` (`a`, `b` its exact points).
    fn new(d: &'a Diff, a: Vec<Vec<Rational>>, b: Vec<Vec<Rational>>, truth: Truth) -> Self {
        // `max |a − b|²` from the integer mantissas, in `f64` (a band's width
        // needs no more): this ran over rationals, one gcd per term, and
        // took half of a `diff_3d` execution under the fuzzer.
        let mut m2: f64 = 0.0;
        for p in &d.a {
            for q in &d.b {
                let s: f64 = p
                    .iter()
                    .zip(q)
                    .map(|(&x, &y)| (i128::from(x) - i128::from(y)) as f64)
                    .map(|t| t * t)
                    .sum();
                m2 = m2.max(s);
            }
        }
        // The three-way query's scale also counts the points themselves.
        let mut r2 = m2;
        for p in d.a.iter().chain(&d.b) {
            let s: f64 = p.iter().map(|&x| (x as f64) * (x as f64)).sum();
            r2 = r2.max(s);
        }
        let pow = 2f64.powi(2 * d.exp);
        Check {
            d,
            scale: (m2 * pow).sqrt(),
            touch_scale: (r2 * pow).sqrt(),
            a,
            b,
            truth,
        }
    }

    /// The generator's claims about its pair hold.
    fn claims(&self) {
        if let Some(r) = self.d.expected.relation {
            if r != self.truth.relation {
                self.fail(format!("the generator claims {r:?}"));
            }
        }
        if let Some(d2) = &self.d.expected.dist2 {
            if *d2 != self.truth.dist2 {
                self.fail(format!("the generator claims dist2 = {d2}"));
            }
        }
    }
}

/// The differential checks of the module docs on one case in dimension `N`
/// (`N = d.dim`): the exact mode's proved answer
/// ([`crate::fuzzing_exact::proved_answer`]) is the truth; `f64`, then
/// `f32` when every coordinate is exactly an `f32`, are held to it. Panics
/// with the case printed on the first failed check.
pub fn check<const N: usize>(d: &Diff) {
    assert_eq!(d.dim, N, "a {}-dimensional case checked in {N}D", d.dim);
    let a = exact_rows(&d.a, d.exp);
    let b = exact_rows(&d.b, d.exp);
    let proved = crate::fuzzing_exact::proved_answer::<N>(d, &a, &b, false);
    let truth = Truth {
        relation: proved.relation,
        dist2: proved.dist2,
    };
    let check = Check::new(d, a, b, truth);
    check.floats::<f64, N>();
    if d.a
        .iter()
        .chain(&d.b)
        .flatten()
        .all(|m| m.unsigned_abs() < 1 << 24)
    {
        check.floats::<f32, N>();
    }
}

/// The generic loops run on exact rationals, in 1 to 6 dimensions (input
/// as [`diff_nd`]), against the exact oracle: the boolean loop's
/// three-way query (2D and 3D), the distance loop with each sub-algorithm,
/// the distance route's three-way verdict, and EPA on penetrating pairs.
/// The exact mode runs these loops only where a certificate is rejected;
/// this target runs them on every input, so it is as slow as rational
/// arithmetic is (a few executions per second under the fuzzer), and is
/// not one of the fast differential targets.
pub fn rational_loops(input: DiffN) {
    let d = &input.0;
    by_dim!(check_rational_loops, d);
}

/// [`rational_loops`] in dimension `N`: returns quietly for inputs past the
/// oracle's limits.
fn check_rational_loops<const N: usize>(d: &Diff) {
    let a = exact_rows(&d.a, d.exp);
    let b = exact_rows(&d.b, d.exp);
    let truth = match exact_answer(&a, &b) {
        Ok(t) => Truth {
            relation: t.relation,
            dist2: t.dist2,
        },
        // Past the oracle's documented limits: not a finding.
        Err(AnswerError::Oracle(OracleError::TooLarge { .. })) => return,
        Err(e) => panic!("exact answer failed: {e}\n  {}", d.show()),
    };
    let check = Check::new(d, a, b, truth);
    check.claims();
    let (Ok(ea), Ok(eb)) = (
        ConvexHull::<Rational, N>::new(vectors_of(&d.a, d.exp)),
        ConvexHull::<Rational, N>::new(vectors_of(&d.b, d.exp)),
    ) else {
        check.fail("exact hulls refused".into());
    };
    if N == 2 || N == 3 {
        check.exact_contact(&ea, &eb);
    }
    // (`Auto` is `Johnson` in exact mode.)
    for sub in sub_algorithms::<N>()
        .into_iter()
        .filter(|s| *s != SubAlgorithm::Auto)
    {
        check.exact_distance(&ea, &eb, sub);
    }
    check.exact_verdict(&ea, &eb);
    check.exact_epa(&ea, &eb);
}
