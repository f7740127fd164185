//! `f32`: a stalled step's closest point computed again in `f64` (module
//! docs of [`super`], "Float mode: hidden progress").

use crate::error::Error;
use crate::scalar::{Field, Scalar};
use crate::simplex::Simplex;
use crate::tolerance::scale2;
use crate::vector::{dot, Points, Vector};

use super::subalgorithm::{closest_point_fixed, ClosestFixed};
use super::Gap;

/// The closest point of `grown` by Johnson's sub-algorithm in `f64` (exact
/// conversions), rounded back to `T`, if the loop may take it: gap above
/// noise, `run ≤ N` hidden steps so far, `w` (vertex `0`) kept, `|v'|²`
/// below `|v|²` and `r` by the margin. `None` otherwise (always for `f64`
/// and exact scalars).
pub(super) fn widened<T: Field, const N: usize>(
    grown: &Simplex<T, N>,
    v: &Vector<T, N>,
    r: &T,
    gap: &Gap<T>,
    run: usize,
) -> Result<Option<ClosestFixed<T, N>>, Error> {
    if T::EXACT || T::UNIT_ROUNDOFF <= <f64 as Scalar>::UNIT_ROUNDOFF || gap.in_noise || run > N {
        return Ok(None);
    }
    let wide = |p: &Vector<T, N>| p.map(|x| x.to_f64());
    let pts: Points<f64, N> = grown.points().map(wide).collect();
    let c = closest_point_fixed(&pts)?;
    let v64 = wide(v);
    // Four times the rounding of the Gram entries and of |v|²: not a bound
    // (an ill-conditioned face can be off by more, a step the run's length
    // limits). No verdict rests on this comparison.
    let u = <f64 as Scalar>::UNIT_ROUNDOFF;
    let vv = dot(&v64, &v64);
    let margin = 4.0 * (N as f64 + 1.0) * u * (scale2(pts.iter()) + vv);
    // (A NaN compares false: no step.)
    let closer = c.dist2 + margin < vv.min(r.to_f64());
    if !closer || !c.kept.contains(&0) {
        return Ok(None);
    }
    // Floats convert every value (out of range to ±∞); exact scalars
    // returned above. Filled in place: no allocation.
    let narrow = |x: &f64| T::from_f64_rounded(*x);
    let (Some(lambda), Some(dist2)) = (c.lambda.iter().map(narrow).collect(), narrow(&c.dist2))
    else {
        return Ok(None);
    };
    let mut point = Vector::<T, N>::zeros();
    for (x, y) in point.iter_mut().zip(c.v.iter()) {
        let Some(y) = narrow(y) else {
            return Ok(None);
        };
        *x = y;
    }
    Ok(Some(ClosestFixed {
        kept: c.kept,
        lambda,
        v: point,
        dist2,
        fallback: c.fallback,
    }))
}
