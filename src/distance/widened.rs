//! Float types narrower than `f64` (`f32`): a stalled step's closest point
//! computed again in `f64` (module docs of [`super`], "Float mode: hidden
//! progress").

use crate::error::Error;
use crate::scalar::{Field, Scalar};
use crate::simplex::Simplex;
use crate::tolerance::scale2;
use crate::vector::{dot, Points, Vector};

use super::subalgorithm::{closest_point_fixed, ClosestFixed};

/// The closest point of `grown` computed in `f64` from the same points (each
/// converted exactly), when it is closer to the origin than `v` by more than
/// the `f64` computation's own error; `None` otherwise, and always for `f64`
/// and exact scalars. Its weights, point and `|v'|²` are rounded to `T`.
pub(super) fn widened<T: Field, const N: usize>(
    grown: &Simplex<T, N>,
    v: &Vector<T, N>,
) -> Result<Option<ClosestFixed<T, N>>, Error> {
    if T::EXACT || T::UNIT_ROUNDOFF <= <f64 as Scalar>::UNIT_ROUNDOFF {
        return Ok(None);
    }
    let wide = |p: &Vector<T, N>| p.map(|x| x.to_f64());
    let pts: Points<f64, N> = grown.points().map(wide).collect();
    let c = closest_point_fixed(&pts)?;
    let v64 = wide(v);
    // The margin: four times the rounding of the Gram entries,
    // (N + 1) u₆₄ scale², and of |v|² (N squares, each exact), N u₆₄ |v|².
    // An ill-conditioned face can be off by more; such a step is then no
    // progress, which the loop's other rules bound (a repeated vertex, the
    // iteration cap): no verdict rests on this comparison.
    let u = <f64 as Scalar>::UNIT_ROUNDOFF;
    let vv = dot(&v64, &v64);
    let margin = 4.0 * (N as f64 + 1.0) * u * (scale2(pts.iter()) + vv);
    // (A NaN compares false: no step.)
    let closer = c.dist2 + margin < vv;
    if !closer {
        return Ok(None);
    }
    // Floats convert every value; exact scalars returned above.
    let narrow = |x: &f64| T::from_f64_rounded(*x);
    let lambda = c.lambda.iter().map(narrow).collect();
    let v: Option<Vec<T>> = c.v.iter().map(narrow).collect();
    let (Some(lambda), Some(v), Some(dist2)) = (lambda, v, narrow(&c.dist2)) else {
        return Ok(None);
    };
    Ok(Some(ClosestFixed {
        kept: c.kept,
        lambda,
        v: Vector::from_iterator(v),
        dist2,
        fallback: c.fallback,
    }))
}
