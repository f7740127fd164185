//! The simplex's storage, without heap allocation: on stable Rust
//! `[T; N + 1]` cannot be written for a const generic `N`, so the `N + 1`
//! slots are an array of `N` plus one more field.

use super::Vertex;
use crate::scalar::Scalar;
use crate::vector::Vector;

/// The simplex is full: it already holds `N + 1` vertices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SimplexFull;

/// Up to `N + 1` vertices, newest first (see the module docs).
#[derive(Clone, Debug)]
pub struct Simplex<T: Scalar, const N: usize> {
    len: usize,
    slots: [Vertex<T, N>; N],
    last: Vertex<T, N>,
}

impl<T: Scalar, const N: usize> PartialEq for Simplex<T, N> {
    fn eq(&self, other: &Self) -> bool {
        self.len == other.len && self.iter().zip(other.iter()).all(|(x, y)| x == y)
    }
}

impl<T: Scalar, const N: usize> Default for Simplex<T, N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T: Scalar, const N: usize> Simplex<T, N> {
    /// The most vertices a simplex in `N` dimensions holds.
    pub const CAPACITY: usize = N + 1;

    /// An empty simplex.
    pub fn new() -> Self {
        Self::from_oldest_first(&[]).expect("no vertices fit in N + 1 slots")
    }

    /// A simplex of the given vertices, newest first. `None` if there are more
    /// than `N + 1`.
    pub fn from_vertices(vertices: impl IntoIterator<Item = Vertex<T, N>>) -> Option<Self> {
        let mut s = Self::new();
        for v in vertices {
            if s.len == Self::CAPACITY {
                return None;
            }
            *s.slot_mut(s.len) = v;
            s.len += 1;
        }
        Some(s)
    }

    /// [`Simplex::from_vertices`] for a slice stored oldest first (the hot loops'
    /// order), `None` past `N + 1`; each field is built once, in place.
    #[inline]
    pub(crate) fn from_oldest_first(vertices: &[Vertex<T, N>]) -> Option<Self> {
        let len = vertices.len();
        if len > Self::CAPACITY {
            return None;
        }
        let at = |i: usize| match i < len {
            true => vertices[len - 1 - i].clone(),
            false => Vertex::from_point(Vector::zeros()),
        };
        Some(Simplex {
            len,
            slots: std::array::from_fn(at),
            last: at(N),
        })
    }

    /// A simplex of bare Minkowski points, newest first (see [`Vertex::from_point`]).
    pub fn from_points(points: impl IntoIterator<Item = Vector<T, N>>) -> Option<Self> {
        Self::from_vertices(points.into_iter().map(Vertex::from_point))
    }

    /// The number of vertices.
    pub fn len(&self) -> usize {
        self.len
    }

    /// `true` when there are no vertices.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    fn slot(&self, i: usize) -> &Vertex<T, N> {
        if i < N {
            &self.slots[i]
        } else {
            &self.last
        }
    }

    fn slot_mut(&mut self, i: usize) -> &mut Vertex<T, N> {
        if i < N {
            &mut self.slots[i]
        } else {
            &mut self.last
        }
    }

    /// Vertex `i` (`0` is the newest, `A`), or `None` past the end.
    pub fn get(&self, i: usize) -> Option<&Vertex<T, N>> {
        (i < self.len).then(|| self.slot(i))
    }

    /// The Minkowski point of vertex `i`.
    ///
    /// # Panics
    /// If `i >= self.len()` (an internal indexing error, never caused by input).
    pub fn point(&self, i: usize) -> &Vector<T, N> {
        assert!(
            i < self.len,
            "simplex index {i} out of range (len {})",
            self.len
        );
        &self.slot(i).w
    }

    /// The vertices, newest first.
    pub fn iter(&self) -> impl Iterator<Item = &Vertex<T, N>> + Clone + '_ {
        (0..self.len).map(move |i| self.slot(i))
    }

    /// The Minkowski points, newest first.
    pub fn points(&self) -> impl Iterator<Item = &Vector<T, N>> + Clone + '_ {
        self.iter().map(|v| &v.w)
    }

    /// Adds `v` as the new newest vertex `A`; the others move one place back.
    pub fn push_front(&mut self, v: Vertex<T, N>) -> Result<(), SimplexFull> {
        if self.len == Self::CAPACITY {
            return Err(SimplexFull);
        }
        let mut carry = v;
        for i in 0..=self.len {
            std::mem::swap(self.slot_mut(i), &mut carry);
        }
        self.len += 1;
        Ok(())
    }

    /// Removes the front (newest) vertex, undoing [`Simplex::push_front`];
    /// nothing when empty.
    pub(crate) fn pop_front(&mut self) {
        if self.len == 0 {
            return;
        }
        for i in 1..self.len {
            let (lo, hi) = (i - 1, i);
            self.swap_slots(lo, hi);
        }
        self.len -= 1;
    }

    /// Keeps the vertices at `indices`, **strictly increasing** and in
    /// range, in that order, in place ([`Simplex::select`] without a new
    /// simplex); `false` and no change otherwise.
    pub(crate) fn keep(&mut self, indices: &[usize]) -> bool {
        let increasing = indices.windows(2).all(|w| w[0] < w[1]);
        if !increasing || indices.last().is_some_and(|&i| i >= self.len) {
            return false;
        }
        // indices[j] ≥ j: slot j is no longer needed when it is filled.
        for (j, &i) in indices.iter().enumerate() {
            if i != j {
                self.swap_slots(i, j);
            }
        }
        self.len = indices.len();
        true
    }

    /// Keeps the vertices at `indices`, in that order, each at most once:
    /// in place when they increase ([`Simplex::keep`]), otherwise as a new
    /// simplex ([`Simplex::select`], the classifier's winding order);
    /// `false` and no change when an index is out of range or repeated.
    pub(crate) fn reduce(&mut self, indices: &[usize]) -> bool {
        if self.keep(indices) {
            return true;
        }
        match self.select(indices) {
            Some(s) => *self = s,
            None => return false,
        }
        true
    }

    /// Swaps two slots (`i`, `j` below the capacity).
    fn swap_slots(&mut self, i: usize, j: usize) {
        if i == j {
            return;
        }
        let (i, j) = (i.min(j), i.max(j));
        if j < N {
            self.slots.swap(i, j);
        } else {
            std::mem::swap(&mut self.slots[i], &mut self.last);
        }
    }

    /// Keeps the vertices at `indices`, in that order (indices into the
    /// current simplex, each at most once). This is how the classifier's
    /// "kept vertices" are applied, including the winding swap.
    ///
    /// Returns `None` (and leaves `self` unchanged) if an index is out of
    /// range or repeated.
    pub fn select(&self, indices: &[usize]) -> Option<Self> {
        let mut seen = [false; 64];
        if indices.len() > Self::CAPACITY {
            return None;
        }
        for &i in indices {
            if i >= self.len || i >= seen.len() || seen[i] {
                return None;
            }
            seen[i] = true;
        }
        Self::from_vertices(indices.iter().map(|&i| self.slot(i).clone()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nalgebra::vector;

    #[test]
    fn push_front_keeps_newest_first_and_capacity() {
        let mut s = Simplex::<f64, 2>::new();
        for k in 0..3 {
            s.push_front(Vertex::from_point(vector![k as f64, 0.0]))
                .unwrap();
        }
        assert_eq!(s.len(), 3);
        let xs: Vec<f64> = s.points().map(|p| p[0]).collect();
        assert_eq!(xs, vec![2.0, 1.0, 0.0]);
        assert_eq!(
            s.push_front(Vertex::from_point(vector![9.0, 9.0])),
            Err(SimplexFull)
        );
        let kept = s.select(&[0, 2]).unwrap();
        assert_eq!(
            kept.points().map(|p| p[0]).collect::<Vec<_>>(),
            vec![2.0, 0.0]
        );
        assert!(s.select(&[0, 0]).is_none());
        assert!(s.select(&[3]).is_none());
        assert!(
            Simplex::<f64, 1>::from_points([vector![1.0], vector![2.0], vector![3.0]]).is_none()
        );
    }

    #[test]
    fn from_oldest_first_is_from_vertices_reversed() {
        let v: Vec<_> = (0..4)
            .map(|k| Vertex::from_point(vector![k as f64, -k as f64]))
            .collect();
        for len in 0..=3 {
            let oldest_first = &v[..len];
            assert_eq!(
                Simplex::<f64, 2>::from_oldest_first(oldest_first),
                Simplex::from_vertices(oldest_first.iter().rev().cloned()),
                "{len} vertices"
            );
        }
        assert!(Simplex::<f64, 2>::from_oldest_first(&v).is_none());
    }
}
