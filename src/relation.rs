//! The one answer vocabulary: how two closed convex shapes relate
//! ([`Relation`]), and why a query may give no answer ([`NoVerdict`]).
//! Every three-way query of the crate, the exact oracle that judges them
//! (`gjk-oracle`), the certified mode and the `gjk` tool answer with
//! [`Relation`]; every loop that stops without an answer says why with
//! [`NoVerdict`]. Bad input is neither: it is an [`crate::Error`].

use std::fmt;

use crate::region::Region;

/// Separated, touching or penetrating: how two closed convex shapes `A`
/// and `B` relate. Write `K = A − B` (the Minkowski difference) and `O`
/// for the origin:
///
/// * **separated**: `A ∩ B = ∅`, i.e. `O ∉ K`;
/// * **touching**: they share a point, but `O` is on the boundary of `K`:
///   some non-zero `n` has `max_A a·n = min_B b·n` (a plane separates them
///   weakly, and an arbitrarily small translation makes them disjoint). When
///   `K` is not full-dimensional every intersecting pair is touching;
/// * **penetrating**: `O` is interior to `K`: no small translation
///   separates them.
///
/// "Intersecting" (the boolean loop's answer) is touching or penetrating.
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

/// Why a query stopped without a verdict. **Never** to be read as
/// "separated" (the failure of flexible-collision-library/fcl #366 and of
/// parry's fallback axis): a caller that needs an answer falls back to exact
/// mode, which reaches one of these only at the iteration cap.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum NoVerdict {
    /// The cap on support calls was reached (curved shapes converge only in
    /// the limit; a support map may break its contract).
    IterationCap {
        /// The cap that was reached.
        cap: usize,
    },
    /// Float mode: the region classifier met a degenerate simplex or
    /// contradictory sign tests, or placed the origin in a simplex that the
    /// float containment check refutes with no search direction on its
    /// closest face (unreachable in exact arithmetic).
    Degenerate {
        /// The `…-DEG` region it reported, or the containing region whose
        /// float decision was refuted.
        region: Region,
    },
    /// Float mode: the classifier's search direction underflowed to zero.
    ZeroDirection {
        /// The region whose direction underflowed.
        region: Region,
    },
    /// The new support point is already a vertex of the simplex (distance
    /// loop) or of the polytope (EPA), and the tolerances do not let the
    /// loop stop: float rounding, or a support map that breaks its contract.
    RepeatedVertex,
    /// The loop's step did not bring it closer to the origin (float
    /// rounding, or a broken support map): the distance loop's step did not
    /// decrease `|v|²` and was not progress hidden by rounding, or the
    /// boolean loop came back to the simplex and search direction it
    /// started the pass with, so that every later pass would repeat it.
    NoProgress,
    /// Float mode: rounding contradicted the three-way descent's invariants
    /// (a projected query found the origin outside the projected shapes, or
    /// no usable face).
    Rounding,
    /// Float mode: the descent ended on a touching normal whose support
    /// planes are further apart than the rounding noise allows (rounding
    /// decided the descent); the normal is not reported.
    UnprovedNormal,
    /// Float mode: an EPA facet cannot be told apart from the interior
    /// point within its rounding error.
    DegenerateFacet,
    /// Float mode: EPA's seeing facets are not bounded by a closed ring of
    /// ridges (rounding made the polytope locally non-convex).
    InconsistentHorizon,
    /// EPA's start simplex does not contain the origin (float mode: by more
    /// than its rounding error).
    StartSimplex,
}

impl NoVerdict {
    /// A short, stable name: `iteration_cap`, `degenerate`,
    /// `zero_direction`, `repeated_vertex`, `no_progress`, `rounding`,
    /// `unproved_normal`, `degenerate_facet`, `inconsistent_horizon`,
    /// `start_simplex`.
    pub fn name(&self) -> &'static str {
        match self {
            NoVerdict::IterationCap { .. } => "iteration_cap",
            NoVerdict::Degenerate { .. } => "degenerate",
            NoVerdict::ZeroDirection { .. } => "zero_direction",
            NoVerdict::RepeatedVertex => "repeated_vertex",
            NoVerdict::NoProgress => "no_progress",
            NoVerdict::Rounding => "rounding",
            NoVerdict::UnprovedNormal => "unproved_normal",
            NoVerdict::DegenerateFacet => "degenerate_facet",
            NoVerdict::InconsistentHorizon => "inconsistent_horizon",
            NoVerdict::StartSimplex => "start_simplex",
        }
    }
}

impl fmt::Display for NoVerdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NoVerdict::IterationCap { cap } => {
                write!(f, "iteration cap of {cap} support calls reached")
            }
            NoVerdict::Degenerate { region } => write!(f, "degenerate simplex ({region})"),
            NoVerdict::ZeroDirection { region } => {
                write!(f, "zero search direction in region {region}")
            }
            NoVerdict::RepeatedVertex => f.write_str("the support point is already a vertex"),
            NoVerdict::NoProgress => f.write_str("the distance did not decrease"),
            NoVerdict::Rounding => f.write_str("rounding contradicted the descent (float mode)"),
            NoVerdict::UnprovedNormal => f.write_str(
                "float touching normal refuted by its support planes (rounding decided the descent)",
            ),
            NoVerdict::DegenerateFacet => {
                f.write_str("a polytope facet is degenerate within rounding")
            }
            NoVerdict::InconsistentHorizon => {
                f.write_str("the horizon is not a closed ring of ridges (rounding)")
            }
            NoVerdict::StartSimplex => f.write_str("the start simplex does not contain the origin"),
        }
    }
}
