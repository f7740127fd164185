//! The state after a pass (the simplex kept, the next direction) decides
//! every later pass. In exact arithmetic no state comes back (the distance
//! falls strictly); rounding, or a support map that breaks its contract, can
//! bring one back, and the loop would repeat its passes until the cap. A
//! state seen again ends the loop with [`NoVerdict::NoProgress`](crate::NoVerdict).
//! (This takes the support map to be a function of the direction, as
//! [`Support`](crate::Support) asks; one that answers a direction, or `+0.0`
//! and `−0.0`, differently on a second call can end the loop early.)
//!
//! Each state is compared with the one before it and with the state saved
//! after passes 1, 2, 4, 8, … (Brent): a cycle of `L` passes entered after
//! pass `μ` is caught by pass `2^⌈log₂ max(μ + 1, L)⌉ + L`, at most
//! `2 · max(μ + 1, L) + L`, for one comparison per pass and a copy after
//! powers of two.

use crate::scalar::Scalar;
use crate::simplex::{Simplex, Vertex};
use crate::vector::Vector;

/// The saved state of Brent's cycle detection (module docs).
pub(super) struct Cycles<T: Scalar, const N: usize> {
    /// The state saved after the last pass that was a power of two.
    saved: Option<(Simplex<T, N>, Vector<T, N>)>,
    /// The passes seen so far.
    passes: usize,
}

impl<T: Scalar, const N: usize> Cycles<T, N> {
    pub(super) fn new() -> Self {
        Cycles {
            saved: None,
            passes: 0,
        }
    }

    /// `true` when the state after this pass, the vertices `kept` and the
    /// next direction `d`, is the saved one; saves it after passes 1, 2, 4,
    /// 8, ….
    pub(super) fn revisited<'v>(
        &mut self,
        kept: impl Iterator<Item = &'v Vertex<T, N>> + Clone,
        d: &Vector<T, N>,
    ) -> bool
    where
        T: 'v,
    {
        let seen = self
            .saved
            .as_ref()
            .is_some_and(|(simplex, dir)| dir == d && kept.clone().eq(simplex.iter()));
        self.passes += 1;
        if self.passes.is_power_of_two() {
            // At most N + 1 vertices: `from_vertices` cannot refuse them.
            let simplex = Simplex::from_vertices(kept.cloned()).unwrap_or_default();
            self.saved = Some((simplex, d.clone()));
        }
        seen
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn state(i: usize) -> (Simplex<f64, 2>, Vector<f64, 2>) {
        let p = Vector::<f64, 2>::new(i as f64, 1.0);
        let s = Simplex::from_vertices([Vertex::from_point(p)]).unwrap();
        (s, Vector::<f64, 2>::new(0.0, i as f64))
    }

    /// The pass at which a sequence of states is first caught revisiting
    /// one, if it is.
    fn caught(states: impl Iterator<Item = usize>) -> Option<usize> {
        let mut c = Cycles::<f64, 2>::new();
        for (pass, i) in states.enumerate() {
            let (s, d) = state(i);
            if c.revisited(s.iter(), &d) {
                return Some(pass);
            }
        }
        None
    }

    #[test]
    fn cycles_of_every_length_are_caught_and_progress_is_not() {
        assert_eq!(caught(0..1000), None);
        for lead in [0usize, 1, 5, 30] {
            for len in 1usize..=40 {
                let states = (0..lead)
                    .chain((0..).map(move |k| 1000 + k % len))
                    .take(1000);
                let pass = caught(states).unwrap_or_else(|| panic!("lead {lead}, length {len}"));
                // Nothing before the cycle's second round can be a revisit.
                assert!(pass >= lead + len, "lead {lead}, length {len}: at {pass}");
                assert!(
                    pass <= 2 * (lead + len) + len,
                    "lead {lead}, length {len}: at {pass}"
                );
            }
        }
    }

    #[test]
    fn a_state_with_another_direction_is_not_a_revisit() {
        let mut c = Cycles::<f64, 2>::new();
        let (s, d) = state(3);
        assert!(!c.revisited(s.iter(), &d));
        assert!(!c.revisited(s.iter(), &(d * 2.0)));
        assert!(c.revisited(s.iter(), &(d * 2.0)));
    }
}
