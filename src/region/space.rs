//! The 3D regions (seeds 000, 002 and 003), named by the feature (vertex,
//! edge, face) of the simplex that holds the point closest to the origin.

use super::RegionKind;

region_enum! {
    /// Regions of the 3D line `[A, B]` (seeds 000, 002, 003).
    Line3Region {
        /// Past `A`. Seed 000 rules it out with the support test; seeds 002
        /// and 003 still handle it. Unreachable (same proof as `2D-LINE-R1`).
        A => "3D-LINE-A", seeds "000 002 003", reachable false, kind Search, keeps "A";
        /// Between `A` and `B`: direction `(AB × AO) × AB`.
        AB => "3D-LINE-AB", seeds "000 002 003", reachable true, kind Search, keeps "AB";
        /// Past `B`: ruled out by seeds 000, 002 and 003's comment.
        B => "3D-LINE-B", seeds "000 002 003", reachable false, kind Search, keeps "B";
        /// The origin is on the closed segment (seed 000 invents a perpendicular).
        On => "3D-LINE-ON", seeds "000", reachable true, kind Contains, keeps "*";
        /// `A = B`: no segment.
        Degenerate => "3D-LINE-DEG", seeds "crate", reachable false, kind Degenerate, keeps "*";
    }
}

region_enum! {
    /// Regions of the 3D triangle `[A, B, C]` (seeds 000, 002, 003).
    Tri3Region {
        /// Vertex `A`: "not possible" in seed 000; 002 and 003 handle it (003 keeps `B`:
        /// `gjk-variants`' `paredes.rs`). Unreachable (the proof of `2D-TRI-R5`).
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
        /// Above the triangle (`n · AO > 0`, `n = AB × AC`): keep it, search along `n`.
        Above => "3D-TRI-ABOVE", seeds "000 002 003", reachable true, kind Search, keeps "ABC";
        /// Below: keep it with `B` and `C` swapped (the winding rule), search along `−n`.
        Below => "3D-TRI-BELOW", seeds "000 002 003", reachable true, kind Search, keeps "ACB";
        /// The origin is in the closed triangle (seeds 000, 002 say "below", 003 "above").
        On => "3D-TRI-ON", seeds "crate", reachable true, kind Contains, keeps "*";
        /// `A`, `B`, `C` collinear: no triangle.
        Degenerate => "3D-TRI-DEG", seeds "crate", reachable false, kind Degenerate, keeps "*";
    }
}

region_enum! {
    /// Regions of the 3D tetrahedron `[A, B, C, D]` (seeds 000, 002, 003).
    Tet3Region {
        /// Vertex `A`: "not possible" in seed 000; 002 and 003 reach it by their triangle
        /// step (003 keeps another vertex). Unreachable (`2D-TRI-R5`'s proof, `v` on `BCD`).
        A => "3D-TET-A", seeds "000 002 003", reachable false, kind Search, keeps "A";
        /// Vertex `B` (unreachable: a feature of the previous triangle).
        B => "3D-TET-B", seeds "000", reachable false, kind Search, keeps "B";
        /// Vertex `C` (unreachable).
        C => "3D-TET-C", seeds "000", reachable false, kind Search, keeps "C";
        /// Vertex `D` (unreachable).
        D => "3D-TET-D", seeds "000", reachable false, kind Search, keeps "D";
        /// Edge `AB` (seeds 002, 003 reach it by the triangle step after dropping to a face).
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
        /// Outside face `ABC` (seed 000 case 2): keep it, search along its outward normal.
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
