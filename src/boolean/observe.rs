//! What the boolean loop shows an observer: one [`Step`] per pass. Traces
//! (`crate::trace`) are built from them; the default observer `()` costs
//! nothing (no step is ever built).

use crate::region::{Region, RegionKind};
use crate::scalar::Scalar;
use crate::simplex::{Simplex, Vertex};
use crate::vector::Vector;

use super::slots::{Slots, State};
use super::Next;

/// One pass of the loop, as an [`Observer`] sees it.
#[derive(Clone, Debug, PartialEq)]
pub struct Step<T: Scalar, const N: usize> {
    /// `0` for the first support point.
    pub iteration: usize,
    /// The search direction `d`.
    pub direction: Vector<T, N>,
    /// The new support point `w` (with its points on `A` and `B`).
    pub vertex: Vertex<T, N>,
    /// `w · d`; negative ends the query as separated.
    pub progress: T,
    /// The simplex the classifier saw (new vertex first); empty when the
    /// step ended with the support test.
    pub simplex: Simplex<T, N>,
    /// The region the classifier named (`None` when the step ended with the
    /// support test).
    pub region: Option<Region>,
    /// The simplex after the step (the kept vertices).
    pub kept: Simplex<T, N>,
    /// The next search direction, if the search goes on.
    pub next_direction: Option<Vector<T, N>>,
    /// Float mode: `region` is a containing one, but the containment check
    /// refuted it (module docs, "Float mode: containment is checked");
    /// `kept` and `next_direction` are then the check's (or the query ends
    /// with no verdict). Always `false` in exact mode.
    pub containment_refuted: bool,
}

/// Watches the loop. The unit type `()` watches nothing and costs nothing:
/// with [`Observer::ENABLED`] `false` no [`Step`] is ever built.
pub trait Observer<T: Scalar, const N: usize> {
    /// Whether [`Observer::step`] should be called.
    const ENABLED: bool = true;
    /// Called once per pass of the loop.
    fn step(&mut self, step: Step<T, N>);
}

impl<T: Scalar, const N: usize> Observer<T, N> for () {
    const ENABLED: bool = false;
    fn step(&mut self, _: Step<T, N>) {}
}

impl<T: Scalar, const N: usize> Observer<T, N> for Vec<Step<T, N>> {
    fn step(&mut self, step: Step<T, N>) {
        self.push(step);
    }
}

impl<T: Scalar, const N: usize> Next<T, N> {
    /// The [`Step`] of a pass that classified the simplex `grown` of
    /// `w_set` (newest vertex first): the classifier's region, with what the
    /// loop keeps and where it searches next.
    pub(super) fn step(
        &self,
        iteration: usize,
        d: &Vector<T, N>,
        progress: T,
        w_set: &Slots<T, N>,
        grown: &State,
    ) -> Step<T, N> {
        // The vertices stay in their slots: `grown` still names them.
        let vertex = w_set.at(grown).next().cloned();
        let vertex = vertex.unwrap_or_else(|| Vertex::from_point(Vector::zeros()));
        let grown = Simplex::from_vertices(w_set.at(grown).cloned()).unwrap_or_default();
        let kept = w_set.simplex();
        Step {
            iteration,
            direction: d.clone(),
            vertex,
            progress,
            simplex: grown,
            region: Some(self.region),
            kept,
            next_direction: self.direction.clone(),
            // A containing region the loop does not stop on was refuted.
            containment_refuted: self.region.kind() == RegionKind::Contains
                && self.kind != RegionKind::Contains,
        }
    }
}

impl<T: Scalar, const N: usize> Step<T, N> {
    /// The [`Step`] of a pass that ended with the support test.
    pub(super) fn separating(
        iteration: usize,
        d: &Vector<T, N>,
        vertex: &Vertex<T, N>,
        progress: T,
        kept: &Simplex<T, N>,
    ) -> Step<T, N> {
        Step {
            iteration,
            direction: d.clone(),
            vertex: vertex.clone(),
            progress,
            simplex: Simplex::new(),
            region: None,
            kept: kept.clone(),
            next_direction: None,
            containment_refuted: false,
        }
    }
}
