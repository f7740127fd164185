//! The region cases: one enum variant per Voronoi region of each simplex the
//! seeds enumerate, with the spec ID that `spec/` defines and every test,
//! trace and document uses.
//!
//! # Naming
//!
//! Spec IDs read `{dimension}-{simplex}-{region}`: `2D-TRI-R6`, `3D-TET-ABC`.
//! The single-point cases are the same in every dimension and read `PT-A`,
//! `PT-O`. Vertices are named newest first (`A` is the newest support point;
//! see [`crate::simplex`]). 2D regions keep the numbers of seed 004's
//! figures 4 and 5 (`region/plane.rs`); 3D regions are named by the feature
//! (vertex, edge, face) of the simplex that holds the point closest to the
//! origin (`region/space.rs`).
//!
//! # The rule every classification follows
//!
//! The region is the *smallest feature of the simplex that contains the point
//! of the simplex closest to the origin* (the vertices with positive
//! barycentric weight in that point). If that point is the origin itself the
//! region is the containing one (`ON`, `IN`, `R7`, `PT-O`). Ties on the
//! boundary between two regions therefore go to the lower-dimensional feature
//! (vertex before edge before face), and a boundary of the simplex itself
//! counts as containing the origin. [`crate::classify`] derives the tests.
//!
//! # Reachability
//!
//! Each variant says whether this crate's GJK loop can reach it *in exact
//! arithmetic*: no feature of the previous simplex can hold the new closest
//! point ([`crate::boolean`], "Termination"), nor can vertex `A` of a line
//! or a triangle (proved in those variants' docs). The seeds' own loops do meet some of these regions
//! (`spec/README.md`, "The seeds' loops"). The classifier handles every
//! region anyway, with the correct Voronoi action, because rounding can
//! produce them in float mode and a reference classifier must be total.

#[macro_use]
mod catalogue;
mod plane;
mod space;

pub use plane::{Line2Region, Tri2Region};
pub use space::{Line3Region, Tet3Region, Tri3Region};

/// What a region means for the GJK loop.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RegionKind {
    /// The closest point is not the origin: keep a sub-simplex and search on.
    Search,
    /// The origin lies in the (closed) simplex: the shapes intersect.
    Contains,
    /// The vertices are affinely dependent (or, in float mode only, the tests
    /// contradict each other): no region can be named. Unreachable in exact
    /// arithmetic; the loop reports non-convergence instead of guessing.
    Degenerate,
}

region_enum! {
    /// Regions of the 0-simplex: a single point `A` (any dimension).
    PointRegion {
        /// The origin is not `A`: the search direction is `AO = −A`
        /// (seeds 001, 002, 004: "the negative of the first point").
        A => "PT-A", seeds "001 002 004", reachable true, kind Search, keeps "A";
        /// `A` is the origin. Seed 001 retries with another start direction
        /// because `−A` is the zero vector; here the origin is a point of
        /// `A − B`, so the shapes touch and the answer is final.
        O => "PT-O", seeds "001", reachable true, kind Contains, keeps "*";
    }
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
