//! The regions of a single point (`PT-*`), the same in every dimension.

use super::RegionKind;

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
