//! The expanding polytope: vertices of `A − B`, simplicial facets with
//! outward normals, and the ridges that glue them (see [`super`] for the
//! derivations).
//!
//! A facet is `N` vertex indices, kept in ascending order; its orientation
//! lives in its normal, which is turned away from [`Polytope::interior`], a
//! point strictly inside every polytope of the run (the centroid of the start
//! simplex: the polytope only grows). A ridge is a facet minus one vertex
//! (`N − 1` indices, ascending; the empty list in 1D); in a closed polytope
//! every ridge belongs to exactly two facets, and [`Polytope::insert`] checks
//! that this still holds after each expansion.

use std::collections::HashMap;

use crate::hasher::BuildBits;

use crate::distance::project_face;
use crate::relation::NoVerdict;
use crate::scalar::Field;
use crate::simplex::Vertex;
use crate::tolerance::ABS_TOL_FACTOR;
use crate::vector::{det_mut, dot, Vector};

use super::outcome::Penetration;

/// One facet: `N` vertices and the half-space `normal · x ≤ offset` of the
/// polytope that it bounds.
#[derive(Clone, Debug)]
pub(crate) struct Facet<T: Field, const N: usize> {
    /// Vertex indices, ascending.
    pub vertices: [usize; N],
    /// The outward normal `n` (the generalised cross product of the edges,
    /// turned away from the interior point); not normalised.
    pub normal: Vector<T, N>,
    /// `c = n · q` for the facet's vertices `q`: `c ≥ 0` while the origin is
    /// in the polytope.
    pub offset: T,
    /// The squared distance of the facet's hyperplane from the origin,
    /// `c² / (n · n)`, computed as `c · (c / n·n)` (see the module docs).
    pub dist2: T,
    /// `|n|`, as an `f64` (float-mode tolerances only; `1` in exact mode).
    pub norm: f64,
    /// `Π |eᵢ| / |n|` over the edges `eᵢ = qᵢ − q₀` (Hadamard's ratio, `≥ 1`):
    /// how much the rounding of the edges is amplified in the normal's
    /// direction. `1` for well-shaped facets, large for slivers.
    pub cond: f64,
}

/// The generalised cross product of the edges `eᵢ = qᵢ − q₀` of `N` points:
/// `n_j = (−1)^j det(E without column j)`, orthogonal to every edge and zero
/// exactly when the points are affinely dependent (module docs).
pub(crate) fn cross<T: Field, const N: usize>(q: &[&Vector<T, N>]) -> Vector<T, N> {
    let edges: Vec<Vector<T, N>> = q[1..].iter().map(|p| *p - q[0]).collect();
    // One buffer for the `N` minors, refilled for each column.
    let mut minor: Vec<Vec<T>> = vec![vec![T::zero(); N - 1]; N - 1];
    Vector::<T, N>::from_fn(|j, _| {
        for (row, e) in minor.iter_mut().zip(&edges) {
            for (x, c) in row.iter_mut().zip((0..N).filter(|&c| c != j)) {
                *x = e[c].clone();
            }
        }
        let d = det_mut(&mut minor);
        if j % 2 == 0 {
            d
        } else {
            -d
        }
    })
}

/// A ridge (a facet without one vertex): its `N − 1` vertex ids,
/// ascending, and [`NO_VERTEX`] in the last slot (`[usize; N − 1]` cannot
/// be written on stable Rust).
type Ridge<const N: usize> = [usize; N];

/// The unused last slot of a [`Ridge`].
const NO_VERTEX: usize = usize::MAX;

/// The expanding polytope.
#[derive(Clone, Debug)]
pub(crate) struct Polytope<T: Field, const N: usize> {
    /// Every support point added so far (none is ever removed).
    pub vertices: Vec<Vertex<T, N>>,
    /// Their points `w s₁ s₂`, which all the geometry uses (see
    /// [`Polytope::scaled`]).
    points: Vec<Vector<T, N>>,
    /// `(s₁, s₂)`: powers of two (both `1` in exact mode).
    factors: (T, T),
    /// Facets by id; `None` once removed.
    facets: Vec<Option<Facet<T, N>>>,
    /// Ridge → the ids of the facets that contain it (two when closed).
    ridges: HashMap<Ridge<N>, Vec<usize>, BuildBits>,
    /// The centroid of the start simplex: strictly inside every polytope.
    interior: Vector<T, N>,
    /// `max |w|` over the vertices, as an `f64` (float tolerances).
    scale: f64,
}

impl<T: Field, const N: usize> Polytope<T, N> {
    /// The polytope of a full-dimensional simplex of `N + 1` vertices (the
    /// start of the run), computing with the points scaled by the powers of
    /// two `factors` (float modes: this keeps the normals' squared lengths,
    /// of degree `2N − 2`, in range; exact: `(1, 1)`). `Err` if a facet is
    /// degenerate: affinely dependent vertices (exact), or a facet plane
    /// that its rounding error cannot place on one side of the centroid
    /// (float).
    pub fn simplex(vertices: Vec<Vertex<T, N>>, factors: (T, T)) -> Result<Self, NoVerdict> {
        debug_assert_eq!(vertices.len(), N + 1);
        let points: Vec<Vector<T, N>> = vertices
            .iter()
            .map(|v| &v.w * factors.0.clone() * factors.1.clone())
            .collect();
        let mut interior = Vector::<T, N>::zeros();
        for p in &points {
            interior += p;
        }
        interior /= T::from_i32(N as i32 + 1);
        let scale = points
            .iter()
            .map(|p| dot(p, p).to_f64().sqrt())
            .fold(0.0, f64::max);
        let mut poly = Polytope {
            vertices,
            points,
            factors,
            facets: Vec::new(),
            ridges: HashMap::default(),
            interior,
            scale,
        };
        for skip in 0..=N {
            let mut idx = [0usize; N];
            for (k, v) in (0..=N).filter(|&v| v != skip).enumerate() {
                idx[k] = v;
            }
            let q: Vec<&Vector<T, N>> = idx.iter().map(|&i| &poly.points[i]).collect();
            let f = poly.make_facet(idx, &q)?;
            poly.add(f);
        }
        Ok(poly)
    }

    /// A point of `A − B` as the polytope computes with it: `w s₁ s₂`.
    pub fn scaled(&self, w: &Vector<T, N>) -> Vector<T, N> {
        w * self.factors.0.clone() * self.factors.1.clone()
    }

    /// The float rounding budget of a facet's plane, in distance units: a
    /// point within `noise` of the plane is on it as far as this precision
    /// can tell (`0` in exact mode). See [`super`], "Float mode".
    pub fn noise(&self, f: &Facet<T, N>) -> f64 {
        ABS_TOL_FACTOR * T::UNIT_ROUNDOFF * self.scale * f.cond
    }

    /// Builds the facet on `idx` (ascending) with the points `q` (those of
    /// the vertices `idx`), oriented away from the interior point.
    fn make_facet(&self, idx: [usize; N], q: &[&Vector<T, N>]) -> Result<Facet<T, N>, NoVerdict> {
        let mut normal = cross(q);
        let nn = dot(&normal, &normal);
        if nn.is_zero() || !nn.is_finite() {
            return Err(NoVerdict::DegenerateFacet);
        }
        // |n| and κ only serve the float tolerances; exact values may be far
        // outside f64's range, and must not be judged by it.
        let (norm, cond) = if T::EXACT {
            (1.0, 1.0)
        } else {
            let norm = nn.to_f64().sqrt();
            let edges: f64 = q[1..]
                .iter()
                .map(|p| {
                    let e = *p - q[0];
                    dot(&e, &e).to_f64().sqrt()
                })
                .product();
            if !norm.is_finite() || norm == 0.0 {
                return Err(NoVerdict::DegenerateFacet);
            }
            (norm, (edges / norm).max(1.0))
        };
        let mut probe = Facet {
            vertices: idx,
            offset: dot(&normal, q[0]),
            normal: normal.clone(),
            dist2: T::zero(),
            norm,
            cond,
        };
        // The interior point must be strictly beneath the plane, by more
        // than the plane's rounding error in float mode.
        let h = self.height(&probe, &self.interior);
        let margin = h.to_f64().abs() / norm;
        if h.is_zero() || (!T::EXACT && margin <= self.noise(&probe)) {
            return Err(NoVerdict::DegenerateFacet);
        }
        if h > T::zero() {
            normal = -normal;
        }
        let offset = dot(&normal, q[0]);
        let dist2 = offset.clone() * (offset.clone() / nn);
        if !offset.is_finite() || !dist2.is_finite() {
            return Err(NoVerdict::DegenerateFacet);
        }
        probe.normal = normal;
        probe.offset = offset;
        probe.dist2 = dist2;
        Ok(probe)
    }

    /// `n · x − c`: positive beyond the facet's plane.
    pub fn height(&self, f: &Facet<T, N>, x: &Vector<T, N>) -> T {
        dot(&f.normal, x) - f.offset.clone()
    }

    /// Whether `x` is beyond the facet's plane: `n · x > c` exactly, or by
    /// more than the plane's noise in float mode.
    pub fn sees(&self, f: &Facet<T, N>, x: &Vector<T, N>) -> bool {
        let h = self.height(f, x);
        if T::EXACT {
            h > T::zero()
        } else {
            h.to_f64() / f.norm > self.noise(f)
        }
    }

    /// Whether `x` is on the facet's plane: exactly, or within its noise.
    fn on_plane(&self, f: &Facet<T, N>, x: &Vector<T, N>) -> bool {
        let h = self.height(f, x);
        if T::EXACT {
            h.is_zero()
        } else {
            h.to_f64().abs() / f.norm <= self.noise(f)
        }
    }

    /// The facet with id `id` (which must be alive).
    pub fn facet(&self, id: usize) -> &Facet<T, N> {
        self.facets[id]
            .as_ref()
            .expect("facet ids handed out by the polytope are alive")
    }

    /// The live facets, with their ids.
    pub fn facets(&self) -> impl Iterator<Item = (usize, &Facet<T, N>)> + '_ {
        self.facets
            .iter()
            .enumerate()
            .filter_map(|(i, f)| f.as_ref().map(|f| (i, f)))
    }

    /// The id of the facet nearest the origin (the first on ties).
    pub fn closest(&self) -> Option<usize> {
        let mut best: Option<(usize, &Facet<T, N>)> = None;
        for (i, f) in self.facets() {
            if best.is_none_or(|(_, b)| f.dist2 < b.dist2) {
                best = Some((i, f));
            }
        }
        best.map(|(i, _)| i)
    }

    /// The ridges of a facet: its vertices without the `k`-th ([`Ridge`]).
    fn ridges_of(vertices: &[usize; N]) -> impl Iterator<Item = Ridge<N>> + '_ {
        (0..N).map(move |k| {
            let mut r = [NO_VERTEX; N];
            for (slot, &v) in r.iter_mut().zip(
                vertices
                    .iter()
                    .enumerate()
                    .filter(|&(j, _)| j != k)
                    .map(|(_, v)| v),
            ) {
                *slot = v;
            }
            r
        })
    }

    fn add(&mut self, f: Facet<T, N>) -> usize {
        let id = self.facets.len();
        for r in Self::ridges_of(&f.vertices) {
            self.ridges.entry(r).or_default().push(id);
        }
        self.facets.push(Some(f));
        id
    }

    fn remove(&mut self, id: usize) {
        if let Some(f) = self.facets[id].take() {
            for r in Self::ridges_of(&f.vertices) {
                if let Some(ids) = self.ridges.get_mut(&r) {
                    ids.retain(|&i| i != id);
                    if ids.is_empty() {
                        self.ridges.remove(&r);
                    }
                }
            }
        }
    }

    /// Adds the support point `w` (its point scaled: `wp`), which the facet
    /// `from` sees: removes every
    /// facet that sees `w` (found by flooding across ridges from `from`) and
    /// joins `w` to each ridge of the horizon, the boundary of the removed
    /// region (module docs, "The horizon").
    ///
    /// Errors (float mode only; exact arithmetic never gets there): a ridge
    /// without its second facet, a new facet that cannot be oriented, or a
    /// new ridge not shared by exactly two facets. Everything is checked
    /// before anything changes, so on an error the polytope is as it was.
    pub fn insert(&mut self, from: usize, w: Vertex<T, N>) -> Result<(), NoVerdict> {
        let wp = self.scaled(&w.w);
        // 0: unseen, 1: sees w (to be removed), 2: does not.
        let mut state = vec![0u8; self.facets.len()];
        let mut stack = vec![from];
        state[from] = 1;
        let mut horizon: Vec<Ridge<N>> = Vec::new();
        while let Some(id) = stack.pop() {
            let verts = self.facet(id).vertices;
            for ridge in Self::ridges_of(&verts) {
                let other = match self.ridges.get(&ridge).map(Vec::as_slice) {
                    Some([x, y]) if *x == id => *y,
                    Some([x, y]) if *y == id => *x,
                    _ => return Err(NoVerdict::InconsistentHorizon),
                };
                match state[other] {
                    1 => {}
                    2 => horizon.push(ridge),
                    _ => {
                        if self.sees(self.facet(other), &wp) {
                            state[other] = 1;
                            stack.push(other);
                        } else {
                            state[other] = 2;
                            horizon.push(ridge);
                        }
                    }
                }
            }
        }
        let wi = self.vertices.len();
        let old_scale = self.scale;
        self.scale = self.scale.max(dot(&wp, &wp).to_f64().sqrt());
        let mut new_facets = Vec::with_capacity(horizon.len());
        // How many facets each new ridge (one through w) will have.
        let mut count: HashMap<Ridge<N>, usize, BuildBits> = HashMap::default();
        for ridge in horizon {
            let mut idx = [wi; N];
            // The ridge is ascending and every old index is below `wi`.
            idx[..N - 1].clone_from_slice(&ridge[..N - 1]);
            let mut q: Vec<&Vector<T, N>> =
                ridge[..N - 1].iter().map(|&i| &self.points[i]).collect();
            q.push(&wp);
            match self.make_facet(idx, &q) {
                Ok(f) => new_facets.push(f),
                Err(e) => {
                    self.scale = old_scale;
                    return Err(e);
                }
            }
            // The ridges through `w` (its id is the largest: last).
            for r in Self::ridges_of(&idx).filter(|r| N > 1 && r[N - 2] == wi) {
                *count.entry(r).or_default() += 1;
            }
        }
        if count.values().any(|&c| c != 2) {
            self.scale = old_scale;
            return Err(NoVerdict::InconsistentHorizon);
        }
        self.vertices.push(w);
        self.points.push(wp);
        for (id, s) in state.iter().enumerate() {
            if *s == 1 {
                self.remove(id);
            }
        }
        for f in new_facets {
            self.add(f);
        }
        Ok(())
    }

    /// The answer on facet `id` (module docs, "Witness points"): the
    /// penetration vector `p = (c / n·n) n`, and witness points from the
    /// barycentric coordinates of `p` on a facet of the same hyperplane that
    /// holds it (`id` itself unless `p` falls on a coplanar neighbour).
    pub fn penetration(&self, id: usize) -> Result<Penetration<T, N>, NoVerdict> {
        let f = self.facet(id);
        let nn = dot(&f.normal, &f.normal);
        // Back from the scaled points: lengths divide by s₁ s₂ (one factor
        // at a time: each quotient is exact where the product might not be).
        let (s1, s2) = self.factors.clone();
        let penetration = &f.normal * (f.offset.clone() / nn) / s1.clone() / s2.clone();
        let depth2 = f.dist2.clone() / s1.clone() / s1 / s2.clone() / s2;
        let coplanar = std::iter::once((id, f)).chain(self.facets().filter(|&(g, gf)| {
            g != id
                && gf
                    .vertices
                    .iter()
                    .all(|&v| self.on_plane(f, &self.points[v]))
        }));
        // (min λ, λ, facet) of the best candidate so far.
        let mut best: Option<(T, Vec<T>, &Facet<T, N>)> = None;
        for (_, g) in coplanar {
            let pts: Vec<Vector<T, N>> =
                g.vertices.iter().map(|&v| self.points[v].clone()).collect();
            let face: Vec<usize> = (0..N).collect();
            let Some(lambda) = project_face(&pts, &face) else {
                continue;
            };
            let min =
                lambda
                    .iter()
                    .skip(1)
                    .fold(lambda[0].clone(), |m, l| if *l < m { l.clone() } else { m });
            let inside = min >= T::zero();
            if best.as_ref().is_none_or(|(m, _, _)| min > *m) {
                best = Some((min, lambda, g));
            }
            if inside {
                break;
            }
        }
        let Some((_, mut lambda, g)) = best else {
            return Err(NoVerdict::DegenerateFacet);
        };
        if !T::EXACT {
            // Rounding can leave a coordinate slightly negative: clamp and
            // renormalise, so that the witnesses are convex combinations.
            let mut sum = T::zero();
            for l in lambda.iter_mut() {
                if *l < T::zero() {
                    *l = T::zero();
                }
                sum += l.clone();
            }
            if sum.is_zero() {
                return Err(NoVerdict::DegenerateFacet);
            }
            for l in lambda.iter_mut() {
                *l /= sum.clone();
            }
        }
        let facet: Vec<Vertex<T, N>> = g
            .vertices
            .iter()
            .map(|&v| self.vertices[v].clone())
            .collect();
        let mut witness_a = Vector::<T, N>::zeros();
        let mut witness_b = Vector::<T, N>::zeros();
        for (v, l) in facet.iter().zip(&lambda) {
            witness_a += &v.a * l.clone();
            witness_b += &v.b * l.clone();
        }
        Ok(Penetration {
            depth2,
            normal: f.normal.clone(),
            penetration,
            witness_a,
            witness_b,
            facet,
            barycentric: lambda,
        })
    }

    /// The number of live facets.
    pub fn facet_count(&self) -> usize {
        self.facets().count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scalar::Rational;
    use crate::test_util::{q2, q3, qn};
    use crate::vector::det;

    fn vertex<const N: usize>(w: Vector<Rational, N>) -> Vertex<Rational, N> {
        Vertex::from_point(w)
    }

    fn ones() -> (Rational, Rational) {
        (crate::scalar::integer(1), crate::scalar::integer(1))
    }

    #[test]
    fn cross_products_are_orthogonal_in_every_dimension() {
        assert_eq!(cross::<Rational, 1>(&[&qn([5])]), qn([1]));
        assert_eq!(cross(&[&q2(1, 1), &q2(3, 2)]), q2(1, -2));
        assert_eq!(
            cross(&[&q3(0, 0, 0), &q3(1, 0, 0), &q3(0, 1, 0)]),
            q3(0, 0, 1)
        );
        let p = [
            qn([1, 2, 0, 1, 3]),
            qn([0, 1, 3, -1, 2]),
            qn([2, 0, 1, 1, 1]),
        ];
        let q = [qn([-1, 4, 1, 0, 2]), qn([3, 3, -2, 1, 0])];
        let all: Vec<&Vector<Rational, 5>> = p.iter().chain(&q).collect();
        let n = cross(&all);
        assert!(!crate::vector::is_zero(&n));
        for x in &all[1..] {
            assert!(num_traits::Zero::is_zero(&dot(&n, &(*x - all[0]))));
        }
        // Dependent points: zero.
        assert!(crate::vector::is_zero(&cross(&[
            &q3(0, 0, 0),
            &q3(1, 1, 1),
            &q3(2, 2, 2)
        ])));
        // The elimination agrees with the closed forms' dimension (4 × 4).
        let m: Vec<Vec<Rational>> = [[2, -1, 0, 3], [1, 0, 4, 1], [0, 2, 1, 1], [3, 1, 1, 0]]
            .iter()
            .map(|r| r.iter().map(|&x| crate::scalar::integer(x)).collect())
            .collect();
        assert_eq!(det(m), crate::scalar::integer(87));
    }

    #[test]
    fn a_simplex_has_outward_facets_and_closed_ridges() {
        let verts = vec![
            vertex(q3(-1, -1, -1)),
            vertex(q3(3, -1, -1)),
            vertex(q3(-1, 3, -1)),
            vertex(q3(-1, -1, 3)),
        ];
        let poly = Polytope::simplex(verts, ones()).unwrap();
        assert_eq!(poly.facet_count(), 4);
        for (_, f) in poly.facets() {
            // Outward: every vertex is on or beneath the plane; the origin
            // (inside) strictly beneath.
            for v in &poly.vertices {
                assert!(poly.height(f, &v.w) <= Rational::from_integer(0.into()));
            }
            assert!(f.offset > Rational::from_integer(0.into()));
        }
        assert!(poly.ridges.values().all(|ids| ids.len() == 2));
        // The nearest facet is the slanted one, x + y + z = 1, at 1/√3 (the
        // others, x, y, z = −1, are at 1).
        let c = poly.closest().unwrap();
        assert_eq!(poly.facet(c).dist2, crate::scalar::ratio(1, 3).unwrap());
    }

    #[test]
    fn insertion_keeps_the_polytope_closed_and_convex() {
        // A triangle in 2D, then a point beyond its bottom edge.
        let verts = vec![vertex(q2(-2, -2)), vertex(q2(2, -2)), vertex(q2(0, 2))];
        let mut poly = Polytope::simplex(verts, ones()).unwrap();
        let c = poly
            .facets()
            .find(|(_, f)| f.vertices == [0, 1])
            .map(|(i, _)| i)
            .unwrap();
        let beyond = vertex(q2(0, -5));
        assert!(poly.sees(poly.facet(c), &beyond.w));
        poly.insert(c, beyond).unwrap();
        assert_eq!(poly.facet_count(), 4);
        assert!(poly.ridges.values().all(|ids| ids.len() == 2));
        for (_, f) in poly.facets() {
            for v in &poly.vertices {
                assert!(poly.height(f, &v.w) <= Rational::from_integer(0.into()));
            }
        }
        // A point coplanar with a neighbouring facet: kept convex, the flat
        // vertex stays (its two facets share one line).
        let mut poly = Polytope::simplex(
            vec![vertex(q2(0, 0)), vertex(q2(4, 0)), vertex(q2(0, 4))],
            ones(),
        )
        .unwrap();
        let right = poly
            .facets()
            .find(|(_, f)| f.vertices == [1, 2])
            .map(|(i, _)| i)
            .unwrap();
        poly.insert(right, vertex(q2(4, 2))).unwrap();
        assert_eq!(poly.facet_count(), 4);
        assert!(poly.ridges.values().all(|ids| ids.len() == 2));
    }

    #[test]
    fn one_dimension_works_with_empty_ridges() {
        let mut poly = Polytope::simplex(vec![vertex(qn([-1])), vertex(qn([2]))], ones()).unwrap();
        let c = poly.closest().unwrap();
        assert_eq!(poly.facet(c).dist2, crate::scalar::integer(1));
        poly.insert(c, vertex(qn([-3]))).unwrap();
        assert_eq!(poly.facet_count(), 2);
        let c = poly.closest().unwrap();
        assert_eq!(poly.facet(c).dist2, crate::scalar::integer(4));
        let p = poly.penetration(c).unwrap();
        assert_eq!(p.penetration, qn([2]));
    }

    #[test]
    fn degenerate_simplices_are_refused() {
        let flat = vec![vertex(q2(0, 0)), vertex(q2(1, 1)), vertex(q2(2, 2))];
        assert_eq!(
            Polytope::simplex(flat, ones()).unwrap_err(),
            NoVerdict::DegenerateFacet
        );
    }
}
