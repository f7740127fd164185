//! The one answer vocabulary: how two closed convex shapes relate
//! ([`Relation`]).
//!
//! Every three-way query of the crate, the exact oracle that judges them
//! (`gjk-oracle`), the certified mode and the `gjk` tool answer with this
//! enum. Write `K = A − B` (the Minkowski difference) and `O` for the
//! origin:
//!
//! * **separated**: `A ∩ B = ∅`, i.e. `O ∉ K`;
//! * **touching**: they share a point, but `O` is on the boundary of `K`:
//!   some non-zero `n` has `max_A a·n = min_B b·n` (a plane separates them
//!   weakly, and an arbitrarily small translation makes them disjoint). When
//!   `K` is not full-dimensional every intersecting pair is touching;
//! * **penetrating**: `O` is interior to `K`: no small translation
//!   separates them.
//!
//! "Intersecting" (the boolean loop's answer) is touching or penetrating.

use std::fmt;

/// Separated, touching or penetrating (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Relation {
    /// No common point.
    Separated,
    /// Common points, but the origin is on the boundary of `A − B`.
    Touching,
    /// The origin is interior to `A − B`.
    Penetrating,
}

impl Relation {
    /// `separated`, `touching` or `penetrating`.
    pub fn name(self) -> &'static str {
        match self {
            Relation::Separated => "separated",
            Relation::Touching => "touching",
            Relation::Penetrating => "penetrating",
        }
    }

    /// `true` unless separated: the closed shapes share a point.
    pub fn intersects(self) -> bool {
        self != Relation::Separated
    }
}

impl fmt::Display for Relation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
