//! The 2D regions (seed 004, figures 4 and 5).
//!
//! Seed 004's figure 5 is not reproduced in its text, which names regions 4
//! (edge AB), 5 (vertex A), 6 (edge AC) and 7 (inside) and rules out "regions
//! 1, 2 and 3" as lying between B and C. This crate numbers those three
//! cyclically with the rest, going round the triangle: 1 = vertex C,
//! 2 = edge BC, 3 = vertex B, then 4 = edge AB, 5 = vertex A, 6 = edge AC.
//! Figure 4's regions are 1 = past A, 2 and 3 = the two sides of the segment
//! (2 on the left of A→B, i.e. the side of `perp(AB) = (−y, x)`), 4 = past B.

use super::RegionKind;

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
