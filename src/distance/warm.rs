//! The warm start of the distance loop (module docs of [`super`], "Warm
//! start"): a previous simplex's vertices, re-read on the current shapes.

use crate::error::Error;
use crate::scalar::Field;
use crate::scalar::Scalar;
use crate::shape::Support;
use crate::simplex::{checked, Simplex, Vertex};
use crate::vector::{is_finite, Points};
use arrayvec::ArrayVec;

use super::subalgorithm::{self, closest_point_fixed, Lambda};

/// The warm start of the module docs: the previous simplex's vertices
/// re-read on the current shapes, reduced to the face holding their
/// closest point, with its coordinates and the iterations taken. `None`
/// when none of its directions is usable.
#[allow(clippy::type_complexity)] // (simplex, λ, iterations): used once, right above.
pub(super) fn warm_simplex<T, const N: usize, A, B>(
    a: &A,
    b: &B,
    warm: &Simplex<T, N>,
    cap: usize,
) -> Result<Option<(Simplex<T, N>, Lambda<T>, usize)>, Error>
where
    T: Field,
    A: Support<T, N> + ?Sized,
    B: Support<T, N> + ?Sized,
{
    // At most N + 1 ≤ MAX_VERTICES vertices (N < MAX_VERTICES is checked
    // by the caller): on the stack.
    let mut fresh: ArrayVec<_, { subalgorithm::MAX_VERTICES }> = ArrayVec::new();
    let calls = fresh_vertices(a, b, warm, cap, &mut fresh)?;
    if fresh.is_empty() {
        return Ok(None);
    }
    let pts: Points<T, N> = fresh.iter().map(|v| v.w.clone()).collect();
    let closest = closest_point_fixed(&pts)?;
    let simplex = Simplex::from_vertices(closest.kept.iter().map(|&i| fresh[i].clone()));
    Ok(simplex.map(|s| (s, closest.lambda, calls)))
}

/// The warm simplex's vertices re-read on the current shapes, pushed onto
/// `fresh` newest first (as stored): zero directions skipped, non-finite
/// ones an error, repeated points dropped, at most `cap` re-reads and `CAP`
/// points; the iterations taken (one per re-read). The hot loop's start too.
#[inline(always)] // (`warm distance` rows: 4 % faster than as a call)
pub(super) fn fresh_vertices<T, const N: usize, A, B, const CAP: usize>(
    a: &A,
    b: &B,
    warm: &Simplex<T, N>,
    cap: usize,
    fresh: &mut ArrayVec<Vertex<T, N>, CAP>,
) -> Result<usize, Error>
where
    T: Field,
    A: Support<T, N> + ?Sized,
    B: Support<T, N> + ?Sized,
{
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
        let w = warm_vertex(a, b, old, calls)?;
        calls += 1;
        if !fresh.iter().any(|f| f.w == w.w) && !fresh.is_full() {
            fresh.push(w);
        }
    }
    Ok(calls)
}

/// A warm start's vertex `old` on the current shapes: in float mode each
/// part re-read by its number where the shape still has that point
/// ([`Support::vertex`], no search), else the support point along `old.dir`
/// (`−old.dir` for `B`). Either way a point of the current `A − B`, checked
/// finite. A re-read vertex keeps `old.dir`, which it need not maximise:
/// float consumers of a vertex's direction only try it and check it
/// (`verdict/distance_route.rs`). Exact mode always searches: its descent
/// takes a lone vertex's direction as a touching normal unchecked.
pub(super) fn warm_vertex<T: Scalar, const N: usize, A, B>(
    a: &A,
    b: &B,
    old: &Vertex<T, N>,
    iteration: usize,
) -> Result<Vertex<T, N>, Error>
where
    A: Support<T, N> + ?Sized,
    B: Support<T, N> + ?Sized,
{
    let d = &old.dir;
    let number = |i: Option<u32>| i.filter(|_| !T::EXACT);
    let sa = number(old.index_a).and_then(|i| Some((a.vertex(i)?, Some(i))));
    let sb = number(old.index_b).and_then(|i| Some((b.vertex(i)?, Some(i))));
    let sa = sa.unwrap_or_else(|| a.support_indexed(d));
    let sb = sb.unwrap_or_else(|| b.support_indexed(&-d));
    checked(sa, sb, d, iteration)
}
