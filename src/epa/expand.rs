//! The expansion loop (van den Bergen 2001, §4; module docs of [`super`]):
//! take the facet nearest the origin, ask for the support point along its
//! normal, stop when that point does not go beyond the facet's plane,
//! otherwise add it and repeat.

use crate::error::Error;
use crate::relation::NoVerdict;
use crate::scalar::Field;
use crate::shape::Support;
use crate::simplex::support_vertex;
use crate::simplex::Vertex;
use crate::tolerance::REL_TOL_FACTOR;

use super::outcome::{EpaOutcome, FinalPolytope};
use super::polytope::Polytope;

/// Runs the loop from a start simplex of `N + 1` vertices holding the
/// origin. Returns the outcome, the final number of facets, and for a
/// penetrating answer the final polytope (its vertices and live facets, by
/// vertex index: the search half of the exact mode's depth certificate,
/// [`crate::exact`]).
#[allow(clippy::type_complexity)] // (outcome, facet count, polytope): one caller.
pub(crate) fn expand_keeping<T, const N: usize, A, B>(
    a: &A,
    b: &B,
    start: Vec<Vertex<T, N>>,
    factors: (T, T),
    cap: usize,
    iterations: &mut usize,
) -> Result<(EpaOutcome<T, N>, usize, Option<FinalPolytope<T, N>>), Error>
where
    T: Field,
    A: Support<T, N> + ?Sized,
    B: Support<T, N> + ?Sized,
{
    let not_converged = |reason, best| EpaOutcome::NoVerdict { reason, best };
    let mut poly = match Polytope::simplex(start, factors) {
        Ok(p) => p,
        Err(reason) => return Ok((not_converged(reason, None), 0, None)),
    };
    // The start simplex holds the origin: no facet has it strictly beyond.
    let outside = poly.facets().any(|(_, f)| {
        f.offset < T::zero() && (T::EXACT || -f.offset.to_f64() / f.norm > poly.noise(f))
    });
    if outside {
        return Ok((not_converged(NoVerdict::StartSimplex, None), 0, None));
    }
    let rel_tol = REL_TOL_FACTOR * T::UNIT_ROUNDOFF;
    loop {
        let facets = poly.facet_count();
        let Some(id) = poly.closest() else {
            return Ok((not_converged(NoVerdict::InconsistentHorizon, None), 0, None));
        };
        let f = poly.facet(id).clone();
        if *iterations >= cap {
            let best = poly.penetration(id).ok();
            return Ok((
                not_converged(NoVerdict::IterationCap { cap }, best),
                facets,
                None,
            ));
        }
        let s = support_vertex(a, b, &f.normal, *iterations)?;
        *iterations += 1;
        // How far s goes beyond the facet's plane, times |n|.
        let gap = poly.height(&f, &poly.scaled(&s.w));
        if !gap.is_finite() {
            return Err(Error::Overflow {
                iteration: *iterations,
            });
        }
        let depth = f.dist2.to_f64().sqrt();
        let noise = poly.noise(&f);
        let done = if T::EXACT {
            gap <= T::zero()
        } else {
            gap.to_f64() / f.norm <= (rel_tol * depth).max(noise)
        };
        if done {
            let touching = if T::EXACT {
                f.dist2.is_zero()
            } else {
                depth <= noise
            };
            if touching {
                return Ok((EpaOutcome::Touching { normal: f.normal }, facets, None));
            }
            let outcome = match poly.penetration(id) {
                Ok(p) => EpaOutcome::Penetrating(p),
                Err(reason) => not_converged(reason, None),
            };
            let live: Vec<[usize; N]> = poly.facets().map(|(_, f)| f.vertices).collect();
            let nearest = poly.facets().position(|(i, _)| i == id).unwrap_or(0);
            let kept = FinalPolytope {
                vertices: poly.vertices,
                facets: live,
                nearest,
            };
            return Ok((outcome, facets, Some(kept)));
        }
        if poly.vertices.iter().any(|v| v.w == s.w) {
            let best = poly.penetration(id).ok();
            return Ok((not_converged(NoVerdict::RepeatedVertex, best), facets, None));
        }
        if let Err(reason) = poly.insert(id, s) {
            let best = poly.penetration(id).ok();
            return Ok((not_converged(reason, best), facets, None));
        }
    }
}
