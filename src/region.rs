//! The region cases: one enum variant per Voronoi region of each simplex the
//! seeds enumerate, with the spec ID that `spec/` defines and every test,
//! trace and document uses.
//!
//! # Naming
//!
//! Spec IDs read `{dimension}-{simplex}-{region}`: `2D-TRI-R6`, `3D-TET-ABC`.
//! The single-point cases are the same in every dimension and read `PT-A`,
//! `PT-O`. Vertices are named newest first (`A` is the newest support point;
//! see [`crate::simplex`]). 2D regions keep the numbers of seed 004's figures
//! 4 and 5; 3D regions are named by the feature (vertex, edge, face) of the
//! simplex that holds the point closest to the origin.
//!
//! Seed 004's figure 5 is not reproduced in its text, which names regions 4
//! (edge AB), 5 (vertex A), 6 (edge AC) and 7 (inside) and rules out "regions
//! 1, 2 and 3" as lying between B and C. This crate numbers those three
//! cyclically with the rest, going round the triangle: 1 = vertex C,
//! 2 = edge BC, 3 = vertex B, then 4 = edge AB, 5 = vertex A, 6 = edge AC.
//! Figure 4's regions are 1 = past A, 2 and 3 = the two sides of the segment
//! (2 on the left of A→B, i.e. the side of `perp(AB) = (−y, x)`), 4 = past B.
//!
//! # The rule every classification follows
//!
//! The region is the *smallest feature of the simplex that contains the point
//! of the simplex closest to the origin* (the vertices with positive
//! barycentric weight in that point). If that point is the origin itself the
//! region is the containing one (`ON`, `IN`, `R7`, `PT-O`). Ties on the
//! boundary between two regions therefore go to the lower-dimensional feature
//! (vertex before edge before face), and a boundary of the simplex itself
//! counts as containing the origin. See `spec/README.md` for the derivation
//! of each test and [`crate::classify`] for the code.
//!
//! # Reachability
//!
//! Each variant says whether this crate's GJK loop can reach it *in exact
//! arithmetic*. The seeds rule out the regions on the "old" side of the
//! simplex; for this crate's loop that is proved (the loop's distance
//! strictly decreases, so no feature of the previous simplex can hold the
//! new closest point), with two more that the seeds still test for (vertex
//! `A` of the line and of the triangle). The seeds' own loops, whose search
//! directions do not always point from the closest point at the origin, do
//! meet some of these regions (`spec/README.md`, "The seeds' loops", with a
//! case each in `tests/data/seed_variants/unreachable.jsonl`). The classifier handles every region anyway, with the correct
//! Voronoi action, because rounding can produce them in float mode and because
//! a reference classifier must be total.

use std::fmt;

macro_rules! region_enum {
    (
        $(#[$meta:meta])*
        $name:ident {
            $(
                $(#[doc = $doc:literal])*
                $var:ident => $id:literal, seeds $seeds:literal, reachable $reach:literal, kind $kind:ident, keeps $keeps:literal;
            )*
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum $name {
            $(
                $(#[doc = $doc])*
                #[doc = ""]
                #[doc = concat!("Spec ID `", $id, "`; seeds: ", $seeds, "; kept: `", $keeps, "`.")]
                $var,
            )*
        }

        impl $name {
            /// Every variant, in spec order.
            pub const ALL: &'static [$name] = &[$($name::$var),*];

            /// The spec ID (`spec/regions.toml`, `spec/README.md`).
            pub fn spec_id(self) -> &'static str {
                match self { $($name::$var => $id),* }
            }

            /// The seed files that document this case (by number, `000`–`004`,
            /// or `crate` for cases only this crate names).
            pub fn seeds(self) -> &'static str {
                match self { $($name::$var => $seeds),* }
            }

            /// Whether the GJK loop can reach this region in exact arithmetic.
            pub fn reachable(self) -> bool {
                match self { $($name::$var => $reach),* }
            }

            /// What the region means for the loop.
            pub fn kind(self) -> RegionKind {
                match self { $($name::$var => RegionKind::$kind),* }
            }

            /// The vertices kept, by letter (`"AB"`; `"ACB"` where the 3D
            /// winding rule may swap; `"*"` for all).
            pub fn keeps(self) -> &'static str {
                match self { $($name::$var => $keeps),* }
            }
        }
    };
}

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

region_enum! {
    /// Regions of the 2D 1-simplex `[A, B]` (seed 004, figure 4).
    Line2Region {
        /// Region 1: past `A` (`AB · AO ≤ 0`). Seed 004 tests it; it is
        /// unreachable: `A · (−B) ≥ 0` and `AB · AO ≤ 0` give `|A|² ≤ A · B ≤ 0`.
        R1 => "2D-LINE-R1", seeds "004", reachable false, kind Search, keeps "A";
        /// Region 2: beside the segment, on the side of `perp(AB) = (−y, x)`.
        R2 => "2D-LINE-R2", seeds "004", reachable true, kind Search, keeps "AB";
        /// Region 3: beside the segment, on the other side.
        R3 => "2D-LINE-R3", seeds "004", reachable true, kind Search, keeps "AB";
        /// Region 4: past `B`. Ruled out by seed 004 (the search came from `B`
        /// towards the origin).
        R4 => "2D-LINE-R4", seeds "004", reachable false, kind Search, keeps "B";
        /// The origin lies on the closed segment `AB`. No seed has this case:
        /// seed 004's perpendicular, scaled by `perp(AB) · AO = 0`, is the
        /// zero vector here, and its next support test (`w · 0 > 0` fails)
        /// answers "no collision". Stopping with "intersecting" is this
        /// crate's rule.
        On => "2D-LINE-ON", seeds "crate", reachable true, kind Contains, keeps "*";
        /// `A = B`: no segment.
        Degenerate => "2D-LINE-DEG", seeds "crate", reachable false, kind Degenerate, keeps "*";
    }
}

region_enum! {
    /// Regions of the 2D 2-simplex `[A, B, C]` (seed 004, figure 5).
    Tri2Region {
        /// Region 1: vertex `C`. Ruled out by seed 004.
        R1 => "2D-TRI-R1", seeds "004", reachable false, kind Search, keeps "C";
        /// Region 2: edge `BC`. Ruled out by seed 004.
        R2 => "2D-TRI-R2", seeds "004", reachable false, kind Search, keeps "BC";
        /// Region 3: vertex `B`. Ruled out by seed 004.
        R3 => "2D-TRI-R3", seeds "004", reachable false, kind Search, keeps "B";
        /// Region 4: edge `AB`.
        R4 => "2D-TRI-R4", seeds "004", reachable true, kind Search, keeps "AB";
        /// Region 5: vertex `A`. Seed 004 tests it; it is unreachable: the
        /// search direction was `−v` with `v` on `BC`, so `A · v ≤ 0`, while
        /// region 5 needs `|A|² ≤ A · v`.
        R5 => "2D-TRI-R5", seeds "004", reachable false, kind Search, keeps "A";
        /// Region 6: edge `AC`.
        R6 => "2D-TRI-R6", seeds "004", reachable true, kind Search, keeps "AC";
        /// Region 7: the closed triangle contains the origin.
        R7 => "2D-TRI-R7", seeds "004", reachable true, kind Contains, keeps "*";
        /// `A`, `B`, `C` collinear: no triangle.
        Degenerate => "2D-TRI-DEG", seeds "crate", reachable false, kind Degenerate, keeps "*";
    }
}

region_enum! {
    /// Regions of the 3D line `[A, B]` (seeds 000, 002, 003).
    Line3Region {
        /// Past `A`. Seed 000 rules it out with the support test; seeds 002
        /// and 003 still handle it. Unreachable (same proof as `2D-LINE-R1`).
        A => "3D-LINE-A", seeds "000 002 003", reachable false, kind Search, keeps "A";
        /// Between `A` and `B`: direction `(AB × AO) × AB`.
        AB => "3D-LINE-AB", seeds "000 002 003", reachable true, kind Search, keeps "AB";
        /// Past `B`: ruled out by seeds 000 and 002, and by a comment of
        /// seed 003 (`b` "is not the closest point").
        B => "3D-LINE-B", seeds "000 002 003", reachable false, kind Search, keeps "B";
        /// The origin lies on the closed segment. Seed 000 detects the origin
        /// on the line (a zero direction) and searches on along a
        /// perpendicular it invents; stopping with "intersecting" (the shapes
        /// touch) is this crate's rule.
        On => "3D-LINE-ON", seeds "000", reachable true, kind Contains, keeps "*";
        /// `A = B`: no segment.
        Degenerate => "3D-LINE-DEG", seeds "crate", reachable false, kind Degenerate, keeps "*";
    }
}

region_enum! {
    /// Regions of the 3D triangle `[A, B, C]` (seeds 000, 002, 003).
    Tri3Region {
        /// Vertex `A`: seed 000 says "not possible"; seed 002 keeps `A` through
        /// its line step, seed 003 in its own branch (which keeps `B`, see
        /// `src/variants/paredes.rs`). Unreachable for this crate's loop (same
        /// proof as `2D-TRI-R5`).
        A => "3D-TRI-A", seeds "000 002 003", reachable false, kind Search, keeps "A";
        /// Vertex `B`: ruled out by seeds 000 and 002.
        B => "3D-TRI-B", seeds "000 002", reachable false, kind Search, keeps "B";
        /// Vertex `C`: ruled out by seeds 000 and 002.
        C => "3D-TRI-C", seeds "000 002", reachable false, kind Search, keeps "C";
        /// Edge `AB`: direction `(AB × AO) × AB`.
        AB => "3D-TRI-AB", seeds "000 002 003", reachable true, kind Search, keeps "AB";
        /// Edge `AC`: direction `(AC × AO) × AC`.
        AC => "3D-TRI-AC", seeds "000 002 003", reachable true, kind Search, keeps "AC";
        /// Edge `BC`: seed 000 says "not possible" (it is the previous line).
        BC => "3D-TRI-BC", seeds "000 002", reachable false, kind Search, keeps "BC";
        /// Above the triangle (`n · AO > 0`, `n = AB × AC`): keep it, search
        /// along `n`.
        Above => "3D-TRI-ABOVE", seeds "000 002 003", reachable true, kind Search, keeps "ABC";
        /// Below the triangle: keep it with `B` and `C` swapped (the winding
        /// rule), search along `−n`.
        Below => "3D-TRI-BELOW", seeds "000 002 003", reachable true, kind Search, keeps "ACB";
        /// The origin lies in the closed triangle: the shapes touch or
        /// overlap. No seed has this case: seed 000's text names it and
        /// sends it "below", as seed 002 does, and seed 003 sends it
        /// "above"; all three search on.
        On => "3D-TRI-ON", seeds "crate", reachable true, kind Contains, keeps "*";
        /// `A`, `B`, `C` collinear: no triangle.
        Degenerate => "3D-TRI-DEG", seeds "crate", reachable false, kind Degenerate, keeps "*";
    }
}

region_enum! {
    /// Regions of the 3D tetrahedron `[A, B, C, D]` (seeds 000, 002, 003).
    Tet3Region {
        /// Vertex `A`. Seed 000: "past any of the 4 points (not possible)";
        /// seed 002 keeps it through its triangle and line steps, seed 003
        /// means to in its triangle step's vertex-`A` branch (which keeps
        /// another vertex, see `src/variants/paredes.rs`).
        /// Unreachable for this crate's loop (same proof as `2D-TRI-R5`, with
        /// `v` on `BCD`).
        A => "3D-TET-A", seeds "000 002 003", reachable false, kind Search, keeps "A";
        /// Vertex `B` (unreachable: a feature of the previous triangle).
        B => "3D-TET-B", seeds "000", reachable false, kind Search, keeps "B";
        /// Vertex `C` (unreachable).
        C => "3D-TET-C", seeds "000", reachable false, kind Search, keeps "C";
        /// Vertex `D` (unreachable).
        D => "3D-TET-D", seeds "000", reachable false, kind Search, keeps "D";
        /// Edge `AB`: seeds 002 and 003 reach it through the triangle step
        /// after dropping to a face.
        AB => "3D-TET-AB", seeds "002 003", reachable true, kind Search, keeps "AB";
        /// Edge `AC`.
        AC => "3D-TET-AC", seeds "002 003", reachable true, kind Search, keeps "AC";
        /// Edge `AD`.
        AD => "3D-TET-AD", seeds "002 003", reachable true, kind Search, keeps "AD";
        /// Edge `BC` (unreachable: an edge of the previous triangle).
        BC => "3D-TET-BC", seeds "crate", reachable false, kind Search, keeps "BC";
        /// Edge `BD` (unreachable).
        BD => "3D-TET-BD", seeds "crate", reachable false, kind Search, keeps "BD";
        /// Edge `CD` (unreachable).
        CD => "3D-TET-CD", seeds "crate", reachable false, kind Search, keeps "CD";
        /// Outside face `ABC` (seed 000 case 2): keep `ABC`, search along its
        /// outward normal.
        ABC => "3D-TET-ABC", seeds "000 002 003", reachable true, kind Search, keeps "ABC";
        /// Outside face `ACD` (seed 000 case 4).
        ACD => "3D-TET-ACD", seeds "000 002 003", reachable true, kind Search, keeps "ACD";
        /// Outside face `ADB` (seed 000 case 3).
        ADB => "3D-TET-ADB", seeds "000 002 003", reachable true, kind Search, keeps "ADB";
        /// Outside face `BCD`: seed 000 case 5, "not possible" (it is the
        /// previous triangle, and the origin was on `A`'s side of it).
        BCD => "3D-TET-BCD", seeds "000 002", reachable false, kind Search, keeps "BDC";
        /// The closed tetrahedron contains the origin (seed 000 case 6).
        In => "3D-TET-IN", seeds "000 002 003", reachable true, kind Contains, keeps "*";
        /// `A`, `B`, `C`, `D` coplanar: no tetrahedron.
        Degenerate => "3D-TET-DEG", seeds "crate", reachable false, kind Degenerate, keeps "*";
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

macro_rules! dispatch {
    ($self:ident, $r:ident => $e:expr) => {
        match $self {
            Region::Point($r) => $e,
            Region::Line2($r) => $e,
            Region::Tri2($r) => $e,
            Region::Line3($r) => $e,
            Region::Tri3($r) => $e,
            Region::Tet3($r) => $e,
        }
    };
}

impl Region {
    /// Every region case, in spec order.
    pub fn all() -> impl Iterator<Item = Region> {
        PointRegion::ALL
            .iter()
            .map(|&r| Region::Point(r))
            .chain(Line2Region::ALL.iter().map(|&r| Region::Line2(r)))
            .chain(Tri2Region::ALL.iter().map(|&r| Region::Tri2(r)))
            .chain(Line3Region::ALL.iter().map(|&r| Region::Line3(r)))
            .chain(Tri3Region::ALL.iter().map(|&r| Region::Tri3(r)))
            .chain(Tet3Region::ALL.iter().map(|&r| Region::Tet3(r)))
    }

    /// The region with this spec ID.
    pub fn from_spec_id(id: &str) -> Option<Region> {
        Region::all().find(|r| r.spec_id() == id)
    }

    /// The spec ID.
    pub fn spec_id(self) -> &'static str {
        dispatch!(self, r => r.spec_id())
    }

    /// The seeds that document it.
    pub fn seeds(self) -> &'static str {
        dispatch!(self, r => r.seeds())
    }

    /// Whether the loop can reach it in exact arithmetic.
    pub fn reachable(self) -> bool {
        dispatch!(self, r => r.reachable())
    }

    /// What it means for the loop.
    pub fn kind(self) -> RegionKind {
        dispatch!(self, r => r.kind())
    }

    /// The kept vertices, by letter.
    pub fn keeps(self) -> &'static str {
        dispatch!(self, r => r.keeps())
    }

    /// The Rust path of the variant, as the spec table names it
    /// (`Tri2Region::R4`).
    pub fn variant_path(self) -> String {
        let (ty, v) = match self {
            Region::Point(r) => ("PointRegion", format!("{r:?}")),
            Region::Line2(r) => ("Line2Region", format!("{r:?}")),
            Region::Tri2(r) => ("Tri2Region", format!("{r:?}")),
            Region::Line3(r) => ("Line3Region", format!("{r:?}")),
            Region::Tri3(r) => ("Tri3Region", format!("{r:?}")),
            Region::Tet3(r) => ("Tet3Region", format!("{r:?}")),
        };
        format!("{ty}::{v}")
    }
}

impl fmt::Display for Region {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.spec_id())
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
