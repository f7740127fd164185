//! Float mode's hidden progress (module docs of [`super`], "Float mode:
//! hidden progress"): a step whose computed `|v|²` did not decrease may
//! still be progress that rounding hides.

use crate::error::Error;
use crate::scalar::{Field, Scalar};
use crate::simplex::Simplex;
use crate::tolerance::{scale2, ABS_TOL_FACTOR};
use crate::vector::Vector;

use super::subalgorithm::ClosestFixed;
use super::widened::widened;
use super::{Current, Gap};

/// The step from `at` to `closest`, the closest point of the grown simplex
/// `grown`: taken if it is `closer` (below the reference, which ends a run
/// of hidden steps) or if it is progress hidden by rounding ([`taken`],
/// which extends the run); `None` for a real stall.
pub(super) fn step<T: Field, const N: usize>(
    hidden: &mut Option<HiddenRun<T, N>>,
    closer: bool,
    at: &Current<T, N>,
    grown: &Simplex<T, N>,
    gap: &Gap<T>,
    closest: ClosestFixed<T, N>,
) -> Result<Option<ClosestFixed<T, N>>, Error> {
    if closer {
        *hidden = None;
        return Ok(Some(closest));
    }
    let run = hidden.as_ref().map_or(0, |run| run.steps);
    let step = taken(
        at,
        grown,
        gap,
        HiddenRun::reference(hidden, at),
        closest,
        run,
    )?;
    if step.is_some() {
        HiddenRun::extend(hidden, at);
    }
    Ok(step)
}

/// A step from `at` to `closest`, the closest point of the grown simplex
/// `grown`, whose computed `|v|²` did not fall below `reference`: taken
/// where the rule of the module docs allows, as computed (hidden progress)
/// or computed again in `f64` (`widened.rs`, `f32` only); `None` for a real
/// stall. `run` hidden steps are already taken.
fn taken<T: Field, const N: usize>(
    at: &Current<T, N>,
    grown: &Simplex<T, N>,
    gap: &Gap<T>,
    reference: &T,
    closest: ClosestFixed<T, N>,
    run: usize,
) -> Result<Option<ClosestFixed<T, N>>, Error> {
    let stall = Stall::of(at, grown, gap, reference, &closest, run);
    if stall.is_some_and(|s| s.is_hidden_progress()) {
        return Ok(Some(closest));
    }
    widened(grown, &at.v, reference, gap, run)
}

/// A run of hidden-progress steps under way (module docs).
pub(super) struct HiddenRun<T: Scalar, const N: usize> {
    /// The point from before the run, `(|v|², witness_a, witness_b)`:
    /// progress is measured against its `|v|²`, and a no-verdict reports it
    /// as `best`.
    pub(super) from: (T, Vector<T, N>, Vector<T, N>),
    /// The steps taken so far.
    pub(super) steps: usize,
}

/// A float-mode step whose computed `|v|²` did not decrease below the
/// reference `r`: what the hidden-progress rule of the module docs
/// ("Float mode: hidden progress") looks at.
pub(super) struct Stall<'a, T: Scalar, const N: usize> {
    /// The closest point before the step.
    v: &'a Vector<T, N>,
    /// The new support point.
    w: &'a Vector<T, N>,
    /// `v·v − v·w`, as computed.
    gap: &'a T,
    /// `r`: the computed `|v|²` from before the current run of hidden steps.
    reference: &'a T,
    /// The computed `|v|²` after the step.
    new_vv: &'a T,
    /// The kept face after the step: indices into the grown simplex, whose
    /// vertex `0` is `w`.
    kept: &'a [usize],
    /// The gap is within its rounding noise.
    in_noise: bool,
    /// Hidden steps already taken in the current run.
    run: usize,
    /// `scale²` of the simplex and `w`.
    scale2: f64,
}

impl<T: Scalar, const N: usize> HiddenRun<T, N> {
    /// The `|v|²` a step must go below to be progress: the run's start, or
    /// `at`'s.
    pub(super) fn reference<'a>(run: &'a Option<Self>, at: &'a Current<T, N>) -> &'a T {
        run.as_ref().map_or(&at.vv, |run| &run.from.0)
    }

    /// What a no-verdict reports as `best`: the run's start, or `at`.
    pub(super) fn best(run: &Option<Self>, at: &Current<T, N>) -> (T, Vector<T, N>, Vector<T, N>) {
        run.as_ref()
            .map_or_else(|| at.best(), |run| run.from.clone())
    }

    /// One more hidden step: a new run starts from `at`.
    pub(super) fn extend(run: &mut Option<HiddenRun<T, N>>, at: &Current<T, N>) {
        match run.as_mut() {
            Some(run) => run.steps += 1,
            None => {
                *run = Some(HiddenRun {
                    from: at.best(),
                    steps: 1,
                })
            }
        }
    }
}

impl<'a, T: Scalar, const N: usize> Stall<'a, T, N> {
    /// The step from `at` that grew `grown` (the new point first), with its
    /// gap, whose closest point `closest` did not go below `reference`;
    /// `run` hidden steps already taken. `None` for an empty `grown`.
    pub(super) fn of(
        at: &'a Current<T, N>,
        grown: &'a Simplex<T, N>,
        gap: &'a Gap<T>,
        reference: &'a T,
        closest: &'a ClosestFixed<T, N>,
        run: usize,
    ) -> Option<Self> {
        let w = grown.points().next()?;
        Some(Stall {
            v: &at.v,
            w,
            gap: &gap.value,
            reference,
            new_vv: &closest.dist2,
            kept: &closest.kept,
            in_noise: gap.in_noise,
            run,
            scale2: at.s2.max(scale2(std::iter::once(w))),
        })
    }
}

impl<T: Scalar, const N: usize> Stall<'_, T, N> {
    /// Whether the step is progress hidden by rounding, to be taken.
    pub(super) fn is_hidden_progress(&self) -> bool {
        if T::EXACT
            || self.in_noise
            || self.run > N
            || !self.kept.contains(&0)
            || self.kept.len() > N
        {
            return false;
        }
        let u = T::UNIT_ROUNDOFF;
        let g = self.gap.to_f64();
        let vw2 = scale2(std::iter::once(&(self.w - self.v)));
        let delta = if g < vw2 { g * g / vw2 } else { g };
        let vv = scale2(std::iter::once(self.v));
        let eps = ABS_TOL_FACTOR * u * self.scale2.sqrt();
        let rho = 2.0 * vv.sqrt() * eps + eps * eps + (N as f64 + 1.0) * u * vv;
        let rise = self.new_vv.to_f64() - self.reference.to_f64();
        g > 0.0 && delta <= 2.0 * rho && rise <= 2.0 * rho
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vector::dot;
    use crate::Rational;

    /// The hidden-progress rule, one guard at a time, on the step of the
    /// fuzz crash `crash-f8cac1a8…` (`diff_3d`): from the vertex
    /// `v = (6, −61952, 0)` to the segment towards `w = (4, −61952, −22616)`,
    /// `gap = 12`, `δ = 144 / 511483460 ≈ 2.8·10⁻⁷`, computed `|v|²`
    /// unchanged. Taken as it is; refused as soon as any one condition of
    /// the module docs fails.
    #[test]
    fn each_guard_of_the_hidden_progress_rule_refuses() {
        let v = Vector::<f64, 3>::new(6.0, -61952.0, 0.0);
        let w = Vector::<f64, 3>::new(4.0, -61952.0, -22616.0);
        let vv = dot(&v, &v);
        let gap = vv - dot(&v, &w);
        assert_eq!(gap, 12.0);
        let scale2 = dot(&w, &w);
        let stall = |gap: f64, new_vv: f64, kept: &[usize], in_noise: bool, run: usize| {
            Stall::<f64, 3> {
                v: &v,
                w: &w,
                gap: &gap,
                reference: &vv,
                new_vv: &new_vv,
                kept,
                in_noise,
                run,
                scale2,
            }
            .is_hidden_progress()
        };
        assert!(stall(gap, vv, &[0, 1], false, 0), "the crash's step");
        assert!(stall(gap, vv, &[0, 1], false, 3), "the (N + 1)-th step");
        assert!(!stall(gap, vv, &[0, 1], true, 0), "gap in its noise");
        assert!(!stall(gap, vv, &[0, 1], false, 4), "run longer than N + 1");
        assert!(!stall(gap, vv, &[1], false, 0), "w not kept");
        assert!(!stall(gap, vv, &[0, 1, 2, 3], false, 0), "full simplex");
        assert!(!stall(0.0, vv, &[0, 1], false, 0), "no gap");
        // ρ here is about 9.2·10⁻⁴ (2 |v| ε with ε ≈ 7.5·10⁻⁹): a proven
        // decrease or a computed rise beyond 2ρ is not rounding.
        assert!(stall(gap, vv + 1e-3, &[0, 1], false, 0), "rise below 2ρ");
        assert!(!stall(gap, vv + 1e-2, &[0, 1], false, 0), "rise above 2ρ");
        // δ = gap² / |w − v|² ≈ 0.2 > 2ρ for a gap of 10⁴.
        assert!(!stall(1e4, vv, &[0, 1], false, 0), "δ above 2ρ");
        // Exact mode never needs it.
        let (ev, ew) = (
            v.map(|x| crate::scalar::rational_from_f64(x).unwrap()),
            w.map(|x| crate::scalar::rational_from_f64(x).unwrap()),
        );
        let (eg, evv) = (Rational::from_integer(12.into()), dot(&ev, &ev));
        let exact = Stall::<Rational, 3> {
            v: &ev,
            w: &ew,
            gap: &eg,
            reference: &evv,
            new_vv: &evv,
            kept: &[0, 1],
            in_noise: false,
            run: 0,
            scale2,
        };
        assert!(!exact.is_hidden_progress(), "exact mode");
    }
}
