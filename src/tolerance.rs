//! Every float tolerance and limit of the crate, each with its derivation.
//!
//! Exact mode (rationals) needs none of them: every comparison there is
//! exact, and each function here answers "no noise" or scales by one. In
//! float mode (`f32`, `f64`) the loops run the exact algorithm in floats and
//! read a handful of quantities against a band derived from the unit
//! roundoff `u` ([`Scalar::UNIT_ROUNDOFF`]) and the scale of the
//! coordinates, never against an absolute epsilon:
//!
//! | constant | where | what is noise |
//! |---|---|---|
//! | [`NOISE_FACTOR`] | the classifier's cubic sign tests | `|x| ≤ 64 u m³` |
//! | [`PIVOT_NOISE_FACTOR`] | Johnson's sub-algorithm (Gram pivots) | `Dⱼ ≤ 64 (j+1) u G_jj` |
//! | [`REL_TOL_FACTOR`] | the distance loop's stop | gap `≤ 1024 u |v|²` |
//! | [`ABS_TOL_FACTOR`] | "`v` is the origin"; the gap's noise; the boolean loop's containment check | `|v| ≤ 1024 u · scale` |
//! | [`TOUCH_BAND_FACTOR`] | the three-way query's touching band | distance `≤ 2048 u · scale` |
//!
//! `scale` is always computed in `f64` from the coordinates ([`scale2`],
//! [`max_coordinate`]), so it neither overflows nor underflows where the
//! query's own type would. The certified mode's rigorous error bounds are
//! not tolerances (nothing there is tuned): they are derived in
//! [`crate::certified`].

use crate::error::{Error, Which};
use crate::scalar::Scalar;
use crate::vector::{dot, normalized_points, Points, Vector};

/// The default cap on support calls per query: see "The iteration cap"
/// in [`crate::boolean`] for why 256.
pub const DEFAULT_MAX_ITERATIONS: usize = 256;

/// The multiple of `u m³` below which a cubic quantity of the classifier
/// (an edge direction, a 3D triangle's height; "Float mode" in
/// [`crate::classify`]) is rounding noise in float mode, `m` the largest
/// coordinate magnitude of the simplex.
///
/// Each such quantity is computed with an absolute error below a small
/// multiple of `u m³`: a handful of roundings, each of relative size `u`,
/// on terms of size at most `4m³`. 64 covers the at most 12 roundings of
/// the longest chain (an edge direction: two differences, three dot
/// products of 2–3 terms, two scalings, one subtraction), with room to
/// spare. In distance the band is `NOISE_FACTOR · u · m` for a well-shaped
/// feature, but more for a short edge or a thin face: an edge direction is
/// `dist · |XY|²`, so the noise allows `dist` up to
/// `NOISE_FACTOR · u · m³ / |XY|²`; that is why the boolean loop checks
/// every containment decided this way. Where it starts to matter:
/// `classify`'s `noise_threshold_in_f64` and `tests/semantics.rs`.
pub const NOISE_FACTOR: f64 = 64.0;

/// `true` when `x` (a cubic form in coordinates of magnitude at most `m`) is
/// within rounding noise of zero. Always `false` in exact mode.
#[inline]
pub fn is_noise<T: Scalar>(x: &T, m: f64) -> bool {
    if T::EXACT || m == 0.0 {
        return false;
    }
    // |x| / m³ without forming m³ (which may overflow).
    (x.to_f64().abs() / m / m / m) <= NOISE_FACTOR * T::UNIT_ROUNDOFF
}

/// The largest coordinate magnitude of the points, as an `f64`.
#[inline]
pub fn max_coordinate<T: Scalar, const N: usize>(p: &[Vector<T, N>]) -> f64 {
    p.iter()
        .flat_map(|v| v.iter())
        .map(|x| x.to_f64().abs())
        .fold(0.0, f64::max)
}

/// Float mode: a pivot `Dⱼ` of the `LDLᵀ` factorisation of a Gram matrix
/// counts as zero (the face as affinely dependent) when
/// `Dⱼ ≤ PIVOT_NOISE_FACTOR · (j + 1) · u · G_jj`, `u` the unit roundoff.
///
/// Derivation: `Dⱼ = G_jj − Σ_{i<j} L_ji² Dᵢ` is the squared distance of
/// `eⱼ` from the span of the earlier edge vectors; the subtracted terms are
/// non-negative and sum to at most `G_jj = |eⱼ|²`, so the computed difference
/// carries an absolute error of a few `(j + 1) · u · G_jj` (one rounding per
/// product and per addition, on terms bounded by `G_jj`), plus what the
/// rounded `L_ji` bring in. Below 64 times that it is noise: the face is
/// flat to within an angle of about `8 √((j + 1) u)` (`≈ 10⁻⁷` rad in `f64`).
/// Exact mode has `u = 0`: only a true zero counts.
pub const PIVOT_NOISE_FACTOR: f64 = 64.0;

/// Float mode stops as separated when the gap `v·v − v·w` is at most
/// `REL_TOL · v·v`, with `REL_TOL = REL_TOL_FACTOR · u`.
///
/// Derivation: at such a stop the true distance lies in
/// `[|v|(1 − REL_TOL), |v|]`, so the relative error of the distance is at
/// most `REL_TOL`, and that of `dist2` at most `2 · REL_TOL`: `2.3·10⁻¹³`
/// in `f64`, `1.2·10⁻⁴` in `f32`. The test must also be reachable: the computed gap
/// of an exact closest point is rounding noise of a few `(N + 1) u |v| |w|`
/// (two dot products) plus the effect of the rounding of `v`; `1024`
/// leaves room for `|w| / |v|` up to about 100 in the dimensions used here.
/// Smaller `|v|` is caught by the absolute test ([`ABS_TOL_FACTOR`]).
pub const REL_TOL_FACTOR: f64 = 1024.0;

/// The rounding-error budget of `v` in float mode, in units of
/// `u · scale` (`scale` the largest norm among the simplex points and `w`).
///
/// Derivation: `v = Σ λᵢ pᵢ` is a convex combination of `k ≤ N + 1` points of
/// norm at most `scale`; with exact `λ` its error is below `k u scale`, and
/// the `λ` from the Gram solve carry an error of about `cond(G) · k u`. A
/// budget of `1024 u scale` covers `k ≤ 9` and condition numbers up to about
/// 100. It is used twice: `v` is **the origin** when `|v| ≤ ABS_TOL_FACTOR ·
/// u · scale`; and the gap `v·(v − w)`, whose error is at most
/// `|δv| · |2v − w| ≤ 3 |δv| scale` plus the dot products' own rounding, is
/// **noise** below `4 · ABS_TOL_FACTOR · u · scale²`. In `f64`:
/// `|v| ≤ 2.3·10⁻¹³ · scale`.
pub const ABS_TOL_FACTOR: f64 = 1024.0;

/// The float-mode accuracy of a [`crate::distance::DistanceOutcome::Separated`] answer (see
/// "Accuracy" in the docs of [`crate::distance`](mod@crate::distance)): the reported `dist2` is within this of
/// the exact squared distance `exact_dist2`, for unit roundoff `u` and
/// `scale2 = max |a − b|²` over the points of `A − B`.
///
/// It is `2 g` with `g = max(REL_TOL · dist2*, 4 · ABS_TOL_FACTOR · u ·
/// scale²)` (the stop's gap), plus the rounding of `v`, budgeted as
/// `16 u · dist2* + ABS_TOL_FACTOR · u · scale²`.
pub fn float_accuracy_bound(exact_dist2: f64, scale2: f64, u: f64) -> f64 {
    2.0 * (REL_TOL_FACTOR * u * exact_dist2).max(4.0 * ABS_TOL_FACTOR * u * scale2)
        + 16.0 * u * exact_dist2
        + ABS_TOL_FACTOR * u * scale2
}

/// The width of the float touching band, in units of `u · scale` (see the
/// module docs).
///
/// Derivation: the distance loop already calls the origin reached when
/// `|v| ≤ ABS_TOL_FACTOR · u · scale` ([`ABS_TOL_FACTOR`]
/// `= 1024`): below that, `v` is within its own rounding error of `O`. A
/// separated answer just above that threshold has a distance of the same
/// order as the rounding error of the points it is computed from, so its
/// sign is not known either. The band is twice the loop's threshold, so
/// that every distance the loop could have rounded to zero, and every one
/// within a factor of two of it, is reported as touching. In `f64`:
/// `τ ≈ 2.3·10⁻¹³ · scale`; in `f32`: `τ ≈ 1.2·10⁻⁴ · scale`.
pub const TOUCH_BAND_FACTOR: f64 = 2048.0;

/// `max |p|²` over the points, computed in `f64` from the coordinates.
///
/// Not `dot(p, p)` in `T`: in `f32` that overflows to `∞` from coordinates
/// near `2⁶⁴`, and an infinite scale would make both tolerances infinite,
/// so that any answer would pass. The loop reports [`Error::Overflow`]
/// when even the `f64` value is infinite.
// Built in: the hot loops call it on every support point (`versus`, the
// `boolean 2D hull-ellipsoid n=32` rows: 9 % faster than as a call).
#[inline(always)]
pub fn scale2<'a, T: Scalar + 'a, const N: usize>(
    points: impl Iterator<Item = &'a Vector<T, N>>,
) -> f64 {
    points
        .map(|p| p.iter().map(|x| x.to_f64() * x.to_f64()).sum::<f64>())
        .fold(0.0, f64::max)
}

/// The range of `|x|²` (computed in `f64`, as [`scale2`]) of the simplex
/// points on which the 2D/3D hot paths (`distance/hot.rs`,
/// `boolean/hot.rs`) run their closed forms in the query's own type; a
/// point outside it hands the query back to the reference loop, which
/// rescales.
///
/// Derivation, `m` the smallest normal number of the type: the closed forms
/// multiply up to four coordinates and differences of coordinates (a
/// triangle's sub-areas `d₁d₄ − d₃d₂`, an edge's `|e|² a`), each at most
/// twice `|x|`. Above, `|x|² ≤ 1 / (64 √m)` keeps such a product below
/// `16 |x|⁴ ≤ 1 / (256 m)`, finite in `f32` (`2.6·10³⁵`) and `f64`.
/// Below, `|x|² ≥ √m / u` keeps `|x|⁴ ≥ m / u²`, so the rounding error
/// `u |x|⁴` of a product of that size is still `≥ m / u`: a normal number,
/// not lost to underflow.
pub(crate) fn closed_form_range<T: Scalar>() -> std::ops::RangeInclusive<f64> {
    let root = T::MIN_NORMAL.sqrt();
    root / T::UNIT_ROUNDOFF..=1.0 / (64.0 * root)
}

/// `points` as `f64`, scaled by a power of two
/// ([`crate::vector::normalized_points`]: exact conversions, no overflow or
/// underflow), with the largest norm among them. On the stack: the loops'
/// simplices have at most `N + 1 ≤ 4 ≤ MAX_POINTS` points here; more is an
/// error, not a panic.
pub fn normalized_f64<'a, T: Scalar + 'a, const N: usize>(
    points: impl Iterator<Item = &'a Vector<T, N>>,
) -> Result<(Points<f64, N>, f64), Error> {
    let too_many = || Error::InvalidParameter {
        which: Which::Query,
        what: "too many simplex points".into(),
    };
    let mut as_f64: Points<f64, N> = Points::new();
    for p in points {
        as_f64
            .try_push(p.map(|x| x.to_f64()))
            .map_err(|_| too_many())?;
    }
    let pts = normalized_points(as_f64.iter()).ok_or_else(too_many)?;
    let scale = pts.iter().map(|p| dot(p, p).sqrt()).fold(0.0, f64::max);
    Ok((pts, scale))
}

/// The band of the float containment check, `ABS_TOL_FACTOR · u · scale`
/// ([`ABS_TOL_FACTOR`]): a containing simplex of `A − B`
/// with points of norm at most `scale` may be this far from the origin.
/// [`crate::verdict`](mod@crate::verdict)'s descent reads its float signs against the same band.
pub fn containment_band<T: Scalar>(scale: f64) -> f64 {
    ABS_TOL_FACTOR * T::UNIT_ROUNDOFF * scale
}

/// The forward error bound of the `f64` filter of the distance loop's
/// containment check (`src/distance/contains.rs`), in units of `u = 2⁻⁵³`, relative
/// to the permanent `perm` of `|P̂₋ᵢ|`.
///
/// Derivation (3D; 2D is smaller). Each `p̂ = fl(a − b)` is off by at most
/// `u |p̂| (1 + u)` per coordinate, so a product of three coordinates moves
/// by at most `((1 + u(1 + u))³ − 1) ≤ 3u (1 + 2u)` of its absolute value:
/// `≤ 3.01 u · perm` for the determinant. Evaluating the closed form on
/// `p̂`: a 2 × 2 minor `fl(fl(y z′) − fl(z y′))` is off by at most
/// `(2u + u²)` of its terms' absolute sum, the product with the first row's
/// coordinate adds one rounding (`3u + O(u²)`), and the two additions of
/// the three terms add `2u` of the absolute sum: `5u + O(u²)` in all. Together
/// `8u + O(u²)`; the computed permanent is itself within `5u` of the exact
/// one. `12` covers all of it with room, while no operation underflows
/// ([`DET_UNDERFLOW_ERROR`]) or overflows (the filter does not decide on a
/// value or bound that is not finite).
pub const DET_ERROR_FACTOR: f64 = 12.0;

/// The containment filter's allowance for underflow, per unit of
/// `1 + Σₖ |p̂ₖ|` over the first row of the 3 × 3 expansion (just this
/// constant in 2D).
///
/// Derivation: a product or difference whose result underflows is off by
/// up to half the smallest subnormal, `2⁻¹⁰⁷⁵`, absolutely, which the
/// relative bound does not cover (sums and differences whose result is
/// subnormal are exact). A 2 × 2 minor has two products, so at most
/// `2⁻¹⁰⁷⁴`; in 3D it is then multiplied by a first-row coordinate `p̂ₖ`
/// (so `2⁻¹⁰⁷⁴ |p̂ₖ| (1 + u)`), and that product adds its own `2⁻¹⁰⁷⁵`.
/// In all at most `2⁻¹⁰⁷³ (1 + Σₖ |p̂ₖ|)`; the permanent's own underflow
/// enters scaled by [`DET_ERROR_FACTOR`]` · u`. `2⁻¹⁰⁷⁰` covers both with
/// room.
pub const DET_UNDERFLOW_ERROR: f64 = f64::from_bits(16);

/// The containment filter's bound (`distance/contains.rs`),
/// `fl(rel + fl(DET_UNDERFLOW_ERROR · weight))` bit for bit, with no
/// subnormal arithmetic where the sum is `rel` anyway (on
/// many x86 cores an operation on a subnormal takes a microcode assist, a
/// hundred cycles or more: it was a fifth of an overlapping 3D boolean
/// query, `crates/gjk-bench/examples/profile_scene.rs`).
///
/// Derivation: for `weight ≥ 1` the rounded product is at most
/// `1.04 · 2⁻¹⁰⁷⁰ weight` (relative error `u` if normal, absolute `2⁻¹⁰⁷⁵`
/// if not), below `2⁻¹⁰⁶⁹ weight`. When `2⁻¹⁰¹⁴ weight < rel` with `rel`
/// finite, `rel` is normal and the product is below `2⁻⁵⁵ rel`, less than
/// half an ulp of `rel` (which is above `2⁻⁵⁴ rel`), so the sum rounds to
/// `rel`; `rel = +∞` is returned as the sum would be. `2⁻¹⁰¹⁴ weight` itself
/// is normal; a NaN or infinite weight, or a NaN `rel`, fails the test and
/// takes the full sum. (The callers' weights are `1` or `1 + Σ |p̂ₖ|`.)
pub(crate) fn plus_underflow(rel: f64, weight: f64) -> f64 {
    if weight * UNDERFLOW_SKIP < rel {
        rel
    } else {
        full_sum(rel, weight)
    }
}

/// `2⁻¹⁰¹⁴`: [`plus_underflow`] returns `rel` above this many times `weight`.
const UNDERFLOW_SKIP: f64 = f64::from_bits(9 << 52);

/// The sum of [`plus_underflow`], out of line: inlined, the compiler
/// evaluates the product on both branches (a packed multiply and a
/// select), which brings the subnormal operation back.
#[cold]
#[inline(never)]
fn full_sum(rel: f64, weight: f64) -> f64 {
    rel + DET_UNDERFLOW_ERROR * weight
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_util::Lcg;

    /// The shortcut of [`plus_underflow`] gives the full sum's bits: `rel`
    /// and `weight` over the whole range of exponents (subnormal `rel`,
    /// the threshold `2⁻¹⁰¹⁴ weight` on both sides, infinities and NaN).
    #[test]
    fn the_underflow_shortcut_is_the_full_sum() {
        let mut rng = Lcg(11);
        let mut rels = vec![0.0, f64::MIN_POSITIVE, 5e-324, f64::INFINITY, f64::NAN];
        let mut weights = vec![1.0, 2.0, f64::MAX, f64::INFINITY, f64::NAN];
        for _ in 0..4000 {
            let m = 1.0 + rng.unit();
            rels.push(m * 2f64.powi(rng.int(-1074, 1023) as i32));
            weights.push(m * 2f64.powi(rng.int(0, 1023) as i32));
        }
        for w in [1.0, 3.0, 1e10, 1e300] {
            let edge = w * UNDERFLOW_SKIP;
            rels.extend([
                edge.next_down(),
                edge,
                edge.next_up(),
                edge * 2.0,
                edge / 2.0,
            ]);
        }
        for (i, &rel) in rels.iter().enumerate() {
            for &weight in weights.iter().skip(i % 97).step_by(97) {
                let (got, want) = (plus_underflow(rel, weight), full_sum(rel, weight));
                assert!(
                    got.to_bits() == want.to_bits(),
                    "rel {:#x}, weight {:#x}: {got:e} against {want:e}",
                    rel.to_bits(),
                    weight.to_bits()
                );
            }
            for w in [1.0, 3.0, 1e10, 1e300] {
                assert_eq!(plus_underflow(rel, w).to_bits(), full_sum(rel, w).to_bits());
            }
        }
    }
}
