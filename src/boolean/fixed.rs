//! The boolean loop for floats in 2D and 3D: the loop of the module docs,
//! step for step, on fixed-size storage.
//!
//! [`gjk`](super::gjk) runs it for `f32` and `f64` when `N` is 2 or 3;
//! [`gjk_observed`](super::gjk_observed) (traces, every other scalar and
//! dimension) runs the generic loop. The two return equal reports
//! (verdict, region, simplex, axis, iteration count, every bit):
//! `tests/hot_path.rs` runs both on every spec case and on generated ones.
//!
//! What differs is bookkeeping only:
//!
//! * the vertices stay in four fixed slots, and the simplex is a list of
//!   slot numbers (newest first), so pushing a vertex and keeping a face
//!   move a few bytes instead of whole vertices; a [`Simplex`] is built
//!   only for the report;
//! * the points are scaled by the same power of two as in
//!   [`crate::classify::classify`] (the same products) into a stack array,
//!   and classified by the written-out classifier
//!   (`classify/fixed.rs`: the same tests in the same order, fixed
//!   indices);
//! * a containing region goes through the same containment check
//!   (`containment.rs`) on the slots' points; only a refuted one builds
//!   the grown simplex for [`settle`](super::settle).
//!
//! No allocation (`tests/allocations.rs`).

use super::containment::refuted_points;
use super::cycles::Cycles;
use super::{no_verdict, settle, Outcome, Report, FULL};
use crate::classify::fixed::classify_scaled;
use crate::classify::{classify, Classification};
use crate::error::Error;
use crate::region::RegionKind;
use crate::relation::NoVerdict;
use crate::scalar::Scalar;
use crate::shape::Support;
use crate::simplex::{start_direction, support_vertex, Simplex, Vertex};
use crate::vector::{dot, is_finite, is_zero, pow2_factors, Vector};

use super::Options;

/// Slots for the vertices: `N + 1 ≤ 4` for `N ≤ 3`.
const SLOTS: usize = 4;

/// The simplex as slot numbers into a fixed array of vertices.
struct Slots<T: Scalar, const N: usize> {
    vertices: [Vertex<T, N>; SLOTS],
    /// `order[..len]`: the simplex's slots, newest first.
    order: [usize; SLOTS],
    len: usize,
}

impl<T: Scalar, const N: usize> Slots<T, N> {
    fn new() -> Self {
        Slots {
            vertices: std::array::from_fn(|_| Vertex::from_point(Vector::zeros())),
            order: [0; SLOTS],
            len: 0,
        }
    }

    /// `W ← [w] ++ W` (the caller checks that a slot is free).
    fn push_front(&mut self, w: Vertex<T, N>) {
        let taken = &self.order[..self.len];
        let free = (0..SLOTS).find(|s| !taken.contains(s)).unwrap_or(0);
        self.vertices[free] = w;
        self.order.copy_within(0..self.len, 1);
        self.order[0] = free;
        self.len += 1;
    }

    /// The points scaled as [`crate::vector::normalized_points`] scales them
    /// (float modes: the same two powers of two, the same products).
    fn scaled_points(&self) -> [Vector<T, N>; SLOTS] {
        let mut p: [Vector<T, N>; SLOTS] = std::array::from_fn(|_| Vector::zeros());
        for (x, &slot) in p.iter_mut().zip(&self.order[..self.len]) {
            *x = self.vertices[slot].w.clone();
        }
        let (s1, s2) = pow2_factors(p[..self.len].iter());
        for x in &mut p[..self.len] {
            *x = &*x * s1.clone() * s2.clone();
        }
        p
    }

    /// `W ← kept` (indices into the current order).
    fn keep(&mut self, c: &Classification<T, N>) {
        let old = self.order;
        for (slot, i) in self.order.iter_mut().zip(c.kept.iter()) {
            *slot = old[i];
        }
        self.len = c.kept.len();
    }

    /// The vertices in `slots`, in that order.
    fn at<'s>(&'s self, slots: &'s [usize]) -> impl Iterator<Item = &'s Vertex<T, N>> + Clone + 's {
        slots.iter().map(|&s| &self.vertices[s])
    }

    /// The simplex, for a report or the containment check.
    fn simplex(&self) -> Simplex<T, N> {
        let vs = self.order[..self.len]
            .iter()
            .map(|&s| self.vertices[s].clone());
        // At most N + 1 vertices: `from_vertices` cannot refuse them.
        Simplex::from_vertices(vs).unwrap_or_default()
    }

    /// Replaces the contents by `simplex` (after a refuted containment).
    fn load(&mut self, simplex: &Simplex<T, N>) {
        self.len = 0;
        for (i, v) in simplex.iter().enumerate().take(SLOTS) {
            self.vertices[i] = v.clone();
            self.order[i] = i;
            self.len = i + 1;
        }
    }
}

/// The boolean loop of [`super::gjk_observed`], for float scalars with
/// `N = 2` or `3` (the caller checks), on fixed-size storage.
pub(super) fn gjk_fixed<T, const N: usize, A, B>(
    a: &A,
    b: &B,
    opts: &Options<T, N>,
) -> Result<Report<T, N>, Error>
where
    T: Scalar,
    A: Support<T, N> + ?Sized,
    B: Support<T, N> + ?Sized,
{
    let mut d = start_direction(opts.initial_direction.as_ref())?;
    let mut w_set = Slots::<T, N>::new();
    let mut cycles = Cycles::new();
    for iteration in 0..opts.max_iterations {
        let iterations = iteration + 1;
        // w ← s_A(d) − s_B(−d)
        let w = support_vertex(a, b, &d, iteration)?;
        let progress = dot(&w.w, &d);
        if !progress.is_finite() {
            return Err(Error::Overflow { iteration });
        }
        // if w · d < 0: return Separated { axis: d }
        if progress < T::zero() {
            let outcome = Outcome::Separated {
                axis: d,
                support: w,
            };
            return Ok(Report {
                outcome,
                iterations,
            });
        }
        // W ← [w] ++ W
        if w_set.len == N + 1 || w_set.len == SLOTS {
            let reason = NoVerdict::Degenerate { region: FULL };
            return Ok(no_verdict(reason, w_set.simplex(), d, iterations));
        }
        // The pass's own simplex: its vertices stay in their slots until a
        // refuted containment reloads them (the new one takes a free slot).
        let (before, before_len) = (w_set.order, w_set.len);
        let before = &before[..before_len];
        w_set.push_front(w);
        // (region, kept, d') ← classify(W)
        let p = w_set.scaled_points();
        let c = match classify_scaled(&p[..w_set.len]) {
            Some(c) => c,
            None => classify(&w_set.simplex())?,
        };
        let region = c.region;
        let (kind, direction, stalled) = if region.kind() == RegionKind::Contains {
            // The float containment check, as in the generic loop; a
            // refuted containment (rare) goes through the generic `settle`,
            // which repeats the check and goes on from the face it finds.
            let points = w_set.order[..w_set.len]
                .iter()
                .map(|&s| &w_set.vertices[s].w);
            if refuted_points(points)?.is_none() {
                (RegionKind::Contains, None, false)
            } else {
                let next = settle(&w_set.simplex(), c)?;
                let stalled =
                    next.direction.as_ref() == Some(&d) && next.kept.iter().eq(w_set.at(before));
                w_set.load(&next.kept);
                (next.kind, next.direction, stalled)
            }
        } else {
            w_set.keep(&c);
            // Kept vertices compared with the pass's own, as the generic
            // loop compares its simplices.
            let stalled = c.direction.as_ref() == Some(&d)
                && w_set.at(&w_set.order[..w_set.len]).eq(w_set.at(before));
            (region.kind(), c.direction, stalled)
        };
        // Or at a state seen before (`cycles.rs`), as in the generic loop.
        let stalled = stalled
            || direction.as_ref().is_some_and(|next_d| {
                cycles.revisited(w_set.at(&w_set.order[..w_set.len]), next_d)
            });
        d = match (kind, direction) {
            // if region contains O: return Intersecting { W }
            (RegionKind::Contains, _) => {
                let outcome = Outcome::Intersecting {
                    simplex: w_set.simplex(),
                    region,
                };
                return Ok(Report {
                    outcome,
                    iterations,
                });
            }
            // W ← kept;  d ← d'
            (RegionKind::Search, Some(d)) if !is_finite(&d) => {
                return Err(Error::Overflow { iteration })
            }
            // Back at the pass's own simplex and direction: no progress.
            (RegionKind::Search, Some(_)) if stalled => {
                let reason = NoVerdict::NoProgress;
                return Ok(no_verdict(reason, w_set.simplex(), d, iterations));
            }
            (RegionKind::Search, Some(d)) if !is_zero(&d) => d,
            (RegionKind::Search, _) => {
                let reason = NoVerdict::ZeroDirection { region };
                return Ok(no_verdict(reason, w_set.simplex(), d, iterations));
            }
            (RegionKind::Degenerate, _) => {
                let reason = NoVerdict::Degenerate { region };
                return Ok(no_verdict(reason, w_set.simplex(), d, iterations));
            }
        };
    }
    let reason = NoVerdict::IterationCap {
        cap: opts.max_iterations,
    };
    Ok(no_verdict(reason, w_set.simplex(), d, opts.max_iterations))
}
