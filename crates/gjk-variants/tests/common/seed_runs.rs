//! What a seed variant's exact run (`gjk_variants::run`) shows about the
//! regions: which regions the crate's loop cannot reach its steps build a
//! simplex in, and whether the run has ties. Shared by
//! `tests/seed_variants.rs` and `examples/find_seed_regions.rs`.

#![allow(dead_code)] // shared by a test and an example, each using a different subset
use std::collections::BTreeMap;

use gjk::classify::sign_tests;
use gjk::region::Region;
use gjk::vector::{dot, is_zero};
use gjk::{Rational, Vector};
use gjk_variants::compare::review;
use gjk_variants::{Run, Trail};
use num_traits::Zero;

/// How a seed's run meets a region.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Meets {
    /// A simplex the seed's step saw is in the region (the reference
    /// classifier names it).
    Simplex,
    /// The seed's step decides the region: it keeps that region's vertices
    /// (`gjk::variants::compare::seed_region`).
    Decision,
}

impl Meets {
    /// `simplex` or `decision`, as the data files write it.
    pub fn name(self) -> &'static str {
        match self {
            Meets::Simplex => "simplex",
            Meets::Decision => "decision",
        }
    }

    /// The one called `name`.
    pub fn from_name(name: &str) -> Option<Meets> {
        [Meets::Simplex, Meets::Decision]
            .into_iter()
            .find(|m| m.name() == name)
    }
}

/// For each region the crate's loop cannot reach (`Region::reachable` is
/// `false`) that the run meets, either way, the first support call
/// (0-based) where it does.
pub fn unreachable_regions<const N: usize>(
    r: &Run<Rational, N>,
) -> BTreeMap<(Region, Meets), usize> {
    let mut out = BTreeMap::new();
    let Ok(rv) = review(r) else { return out };
    for (s, sr) in r.steps.iter().zip(&rv.steps) {
        for (region, meets) in [(sr.reference, Meets::Simplex), (sr.seed, Meets::Decision)] {
            if let Some(region) = region.filter(|g| !g.reachable()) {
                out.entry((region, meets)).or_insert(s.iteration);
            }
        }
    }
    out
}

/// `true` when two of `points` maximise `x · d`.
fn tied_support<const N: usize>(points: &[Vector<Rational, N>], d: &Vector<Rational, N>) -> bool {
    let values: Vec<Rational> = points.iter().map(|p| dot(p, d)).collect();
    let max = values.iter().max().expect("a point");
    values.iter().filter(|v| *v == max).count() > 1
}

/// Whether the run on shapes with points `a` and `b` has a tie anywhere: a
/// support map with two maximisers at a step that goes on (where the
/// support test stops, `w · d` is the maximum whichever is taken), a
/// support point `w = 0` or `w · d = 0`, a zero sign test (the crate's,
/// `sign_tests`, or the seed's own) on a simplex a step saw, or seed 000's
/// fallback direction.
pub fn has_ties<const N: usize>(
    r: &Run<Rational, N>,
    a: &[Vector<Rational, N>],
    b: &[Vector<Rational, N>],
) -> bool {
    r.steps.iter().any(|s| {
        let d = &s.direction;
        let support_tie = !s.stopped && (tied_support(a, d) || tied_support(b, &-d));
        let seed_tie = s.decision.as_ref().is_some_and(|dec| {
            dec.trail.iter().any(|t| match t {
                Trail::Test { value, .. } => value.is_zero(),
                Trail::Fallback(_) => true,
                Trail::Sub { .. } => false,
            })
        });
        let crate_tie =
            !s.simplex.is_empty() && sign_tests(&s.simplex).iter().any(|(_, v)| v.is_zero());
        support_tie || s.progress.is_zero() || is_zero(&s.vertex.w) || seed_tie || crate_tie
    })
}
