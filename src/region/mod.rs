//! The region cases: one enum variant per Voronoi region of each simplex the
//! seeds enumerate, with the spec ID that `spec/` defines and every test,
//! trace and document uses.
//!
//! Spec IDs read `{dimension}-{simplex}-{region}` (`2D-TRI-R6`,
//! `3D-TET-ABC`); single points read `PT-A`, `PT-O` in every dimension.
//! Vertices are named newest first ([`crate::simplex`]). 2D regions keep the
//! numbers of seed 004's figures 4 and 5 (`region/plane.rs`); 3D regions are
//! named by the feature of the simplex that holds the point closest to the
//! origin (`region/space.rs`).
//!
//! # The rule every classification follows
//!
//! The region is the *smallest feature of the simplex that contains the point
//! of the simplex closest to the origin* (the vertices with positive
//! barycentric weight in that point); if that point is the origin, the
//! containing region (`ON`, `IN`, `R7`, `PT-O`). So ties go to the
//! lower-dimensional feature, and an origin on the simplex's boundary
//! counts as contained. [`crate::classify`] derives the tests.
//!
//! Each variant says whether the loop can reach it *in exact arithmetic*
//! ([`crate::boolean`], "Termination"; vertex `A` of a line or a triangle:
//! proved in those variants' docs). The classifier is total: rounding can
//! produce any region in float mode.

#[macro_use]
mod catalogue;
mod plane;
mod point;
mod space;

pub use plane::{Line2Region, Tri2Region};
pub use point::PointRegion;
pub use space::{Line3Region, Tet3Region, Tri3Region};

/// What a region means for the GJK loop.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RegionKind {
    /// The closest point is not the origin: keep a sub-simplex and search on.
    Search,
    /// The origin lies in the (closed) simplex: the shapes intersect.
    Contains,
    /// Affinely dependent vertices (or, in float mode, contradicting tests):
    /// unreachable in exact arithmetic; the loop gives no verdict.
    Degenerate,
}

/// A region case of any simplex: the value the classifier returns and the
/// trace records.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Region {
    /// A single point (any dimension).
    Point(PointRegion),
    /// A 2D segment.
    Line2(Line2Region),
    /// A 2D triangle.
    Tri2(Tri2Region),
    /// A 3D segment.
    Line3(Line3Region),
    /// A 3D triangle.
    Tri3(Tri3Region),
    /// A 3D tetrahedron.
    Tet3(Tet3Region),
}

impl Region {
    /// What it means for the loop.
    pub fn kind(self) -> RegionKind {
        dispatch!(self, r => r.kind())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn spec_ids_are_unique_and_round_trip() {
        let mut seen = HashSet::new();
        for r in Region::all() {
            assert!(
                seen.insert(r.spec_id()),
                "duplicate spec ID {}",
                r.spec_id()
            );
            assert_eq!(Region::from_spec_id(r.spec_id()), Some(r));
        }
        assert_eq!(seen.len(), 47);
    }

    #[test]
    fn containing_regions_keep_everything() {
        for r in Region::all() {
            if r.kind() != RegionKind::Search {
                assert_eq!(r.keeps(), "*", "{r}");
            }
        }
    }
}
