//! Why [`super::exact_query`] did without a proof or a value: typed, so a
//! caller can match on it; each prints the text the tool and the docs use.

use std::fmt;

use crate::certificate::Rejection;
use crate::error::Error;
use crate::relation::NoVerdict;

/// Why the float stage proved nothing ([`super::Fallback::reason`]): the
/// `f64` search did not give a certificate to check, or the verifier
/// rejected the one it gave.
#[derive(Clone, Debug, PartialEq)]
pub enum Unproved {
    /// The `f64` distance loop failed (`f64 loop: …`).
    FloatLoopError(Error),
    /// The `f64` distance loop gave no verdict (`f64 loop: …`).
    FloatLoopNoVerdict(NoVerdict),
    /// The `f64` EPA run failed (`f64 EPA: …`).
    FloatEpaError(Error),
    /// The `f64` EPA run ended without a polytope to certify, with this
    /// outcome ([`crate::epa::EpaOutcome::name`]; `f64 EPA: …`).
    FloatEpaOutcome(&'static str),
    /// A float support point is not one the support maps recorded.
    UnrecordedSupportPoint,
    /// A recorded index names no input point.
    BadIndex,
    /// The float simplex has no vertex left once negative weights are
    /// dropped.
    EmptySimplex,
    /// The float simplex's exact points are affinely dependent and no face
    /// of it has a nearest point with weights `≥ 0`.
    AffinelyDependent,
    /// The verifier proved something other than the certificate claims.
    UnexpectedProof,
    /// The verifier rejected the certificate of this kind
    /// ([`crate::certificate::Certificate::name`]).
    Rejected {
        /// The certificate's kind.
        certificate: &'static str,
        /// Why.
        rejection: Rejection,
    },
    /// No candidate normal proved the shapes touching.
    NoTouchingNormal,
}

impl fmt::Display for Unproved {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unproved::FloatLoopError(e) => write!(f, "f64 loop: {e}"),
            Unproved::FloatLoopNoVerdict(r) => write!(f, "f64 loop: {r}"),
            Unproved::FloatEpaError(e) => write!(f, "f64 EPA: {e}"),
            Unproved::FloatEpaOutcome(name) => write!(f, "f64 EPA: {name}"),
            Unproved::UnrecordedSupportPoint => f.write_str("unrecorded support point"),
            Unproved::BadIndex => f.write_str("bad index"),
            Unproved::EmptySimplex => f.write_str("empty simplex"),
            Unproved::AffinelyDependent => f.write_str("affinely dependent simplex"),
            Unproved::UnexpectedProof => f.write_str("unexpected proof"),
            Unproved::Rejected {
                certificate,
                rejection,
            } => write!(f, "{certificate} certificate: {rejection}"),
            Unproved::NoTouchingNormal => f.write_str("no touching normal proved"),
        }
    }
}

/// Why an [`super::ExactAnswer`] carries no distance (separated) or depth
/// (penetrating).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unmeasured {
    /// Not computed: [`super::ExactOptions::relation_only`] asked for the
    /// relation alone.
    RelationOnly,
    /// The exact distance loop or EPA gave no verdict (the fallback only).
    NoVerdict(NoVerdict),
    /// The exact distance loop found the shapes intersecting although the
    /// verdict separates them (unreachable in exact arithmetic; named so
    /// that it is never silent).
    DistanceContradicts,
    /// Exact EPA ended with this outcome although the verdict says
    /// penetrating (unreachable in exact arithmetic).
    EpaContradicts {
        /// EPA's outcome ([`crate::epa::EpaOutcome::name`]).
        outcome: &'static str,
    },
}

impl fmt::Display for Unmeasured {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unmeasured::RelationOnly => f.write_str(super::RELATION_ONLY),
            Unmeasured::NoVerdict(r) => write!(f, "{r}"),
            Unmeasured::DistanceContradicts => {
                f.write_str("the exact distance loop contradicts the verdict")
            }
            Unmeasured::EpaContradicts { outcome } => {
                write!(f, "exact EPA contradicts the verdict ({outcome})")
            }
        }
    }
}
