//! The warm start of the distance loop (module docs of [`super`], "Warm
//! start"): a previous simplex's search directions, re-evaluated on the
//! current shapes.

use crate::error::Error;
use crate::scalar::Field;
use crate::shape::Support;
use crate::simplex::{support_vertex, Simplex};
use crate::vector::{is_finite, Points};
use arrayvec::ArrayVec;

use super::subalgorithm::{self, closest_point_fixed, Lambda};

/// The warm start of the module docs: the previous simplex's directions
/// re-evaluated on the current shapes, reduced to the face holding their
/// closest point, with its coordinates and the support calls made. `None`
/// when there is no warm simplex or none of its directions is usable.
#[allow(clippy::type_complexity)] // (simplex, λ, iterations): used once, right above.
pub(super) fn warm_simplex<T, const N: usize, A, B>(
    a: &A,
    b: &B,
    warm: Option<&Simplex<T, N>>,
    cap: usize,
) -> Result<Option<(Simplex<T, N>, Lambda<T>, usize)>, Error>
where
    T: Field,
    A: Support<T, N> + ?Sized,
    B: Support<T, N> + ?Sized,
{
    let Some(warm) = warm else {
        return Ok(None);
    };
    // At most N + 1 ≤ MAX_VERTICES vertices (N < MAX_VERTICES is checked
    // by the caller): on the stack.
    let mut fresh: ArrayVec<crate::simplex::Vertex<T, N>, { subalgorithm::MAX_VERTICES }> =
        ArrayVec::new();
    let mut calls = 0;
    for old in warm.iter() {
        if calls >= cap {
            break;
        }
        if !is_finite(&old.dir) {
            return Err(Error::NonFinite {
                which: crate::error::Which::Query,
                what: "warm-start direction".into(),
            });
        }
        if crate::vector::is_zero(&old.dir) {
            continue;
        }
        let w = support_vertex(a, b, &old.dir, calls)?;
        calls += 1;
        if !fresh.iter().any(|f| f.w == w.w) && !fresh.is_full() {
            fresh.push(w);
        }
    }
    if fresh.is_empty() {
        return Ok(None);
    }
    let pts: Points<T, N> = fresh.iter().map(|v| v.w.clone()).collect();
    let closest = closest_point_fixed(&pts)?;
    let simplex = Simplex::from_vertices(closest.kept.iter().map(|&i| fresh[i].clone()));
    Ok(simplex.map(|s| (s, closest.lambda, calls)))
}
