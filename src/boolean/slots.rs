//! The loop's simplex: the vertices stay in four slots and the simplex is
//! the list of their slot numbers, newest first, so pushing a vertex and
//! keeping a face move indices, not vertices. Four slots hold every simplex
//! the classifier takes (`N ≤ 3`; in other dimensions it refuses two
//! points). A [`Simplex`] is built only for a report, an observer or the
//! cycle detector's saved state. No allocation (`tests/allocations.rs`).

use crate::classify::{classify_points, unsupported, Classification};
use crate::error::Error;
use crate::scalar::Scalar;
use crate::simplex::{Simplex, Vertex};
use crate::vector::{pow2_factors, Vector};

/// Slots for the vertices.
const SLOTS: usize = 4;

/// The simplex as slot numbers into a fixed array of vertices.
pub(super) struct Slots<T: Scalar, const N: usize> {
    vertices: [Vertex<T, N>; SLOTS],
    /// `order[..len]`: the simplex's slots, newest first.
    order: [usize; SLOTS],
    len: usize,
}

/// The simplex's slot numbers (`.0[.. .1]`, newest first), saved to
/// compare with or to restore (the vertices stay in their slots meanwhile).
pub(super) type State = ([usize; SLOTS], usize);

impl<T: Scalar, const N: usize> Slots<T, N> {
    pub(super) fn new() -> Self {
        Slots {
            vertices: std::array::from_fn(|_| Vertex::from_point(Vector::zeros())),
            order: [0; SLOTS],
            len: 0,
        }
    }

    /// No room for another vertex: `N + 1` of them, or every slot.
    pub(super) fn is_full(&self) -> bool {
        self.len == N + 1 || self.len == SLOTS
    }

    /// `W ← [w] ++ W`, in a free slot (the caller checks that there is one).
    pub(super) fn push_front(&mut self, w: Vertex<T, N>) {
        let taken = &self.order[..self.len];
        let free = (0..SLOTS).find(|s| !taken.contains(s)).unwrap_or(0);
        self.vertices[free] = w;
        self.order.copy_within(0..self.len, 1);
        self.order[0] = free;
        self.len += 1;
    }

    /// `W ← kept`, the vertices at these positions (newest first): the
    /// classifier's kept indices, in range and distinct by construction.
    #[inline]
    pub(super) fn keep(&mut self, kept: impl Iterator<Item = usize>) {
        let old = self.order;
        let mut len = 0;
        for (slot, i) in self.order.iter_mut().zip(kept) {
            *slot = old[i];
            len += 1;
        }
        self.len = len;
    }

    /// [`Slots::keep`] for indices from elsewhere (the containment check's
    /// face): no change if one is out of range or repeated.
    pub(super) fn keep_checked(&mut self, kept: &[usize]) {
        let mut seen = [false; SLOTS];
        for &i in kept {
            if i >= self.len || seen[i] {
                return;
            }
            seen[i] = true;
        }
        self.keep(kept.iter().copied());
    }

    /// The simplex's vertices, newest first.
    pub(super) fn kept(&self) -> impl Iterator<Item = &Vertex<T, N>> + Clone + '_ {
        self.order[..self.len].iter().map(|&s| &self.vertices[s])
    }

    /// The vertices of a saved [`State`], in its order.
    pub(super) fn at<'s>(
        &'s self,
        state: &'s State,
    ) -> impl Iterator<Item = &'s Vertex<T, N>> + Clone + 's {
        state.0[..state.1].iter().map(|&s| &self.vertices[s])
    }

    /// The simplex's slot numbers now.
    #[inline]
    pub(super) fn state(&self) -> State {
        (self.order, self.len)
    }

    /// Back to a saved [`State`] (its vertices are still in their slots).
    pub(super) fn restore(&mut self, state: State) {
        (self.order, self.len) = state;
    }

    /// The classifier on the simplex, scaled as [`crate::classify::classify`]
    /// scales it (float modes: by the same two powers of two, the same
    /// products; exact mode: unscaled).
    #[inline]
    pub(super) fn classify(&self) -> Result<Classification<T, N>, Error> {
        let mut p: [Vector<T, N>; SLOTS] = std::array::from_fn(|_| Vector::zeros());
        for (x, v) in p.iter_mut().zip(self.kept()) {
            *x = v.w.clone();
        }
        if !T::EXACT {
            let (s1, s2) = pow2_factors(p[..self.len].iter());
            for x in &mut p[..self.len] {
                *x = &*x * s1.clone() * s2.clone();
            }
        }
        classify_points(&p[..self.len]).ok_or_else(|| unsupported::<N>(self.len))
    }

    /// The simplex, for a report or an observer.
    pub(super) fn simplex(&self) -> Simplex<T, N> {
        // At most N + 1 vertices: `from_vertices` cannot refuse them.
        Simplex::from_vertices(self.kept().cloned()).unwrap_or_default()
    }
}
