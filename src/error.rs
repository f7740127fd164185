//! Typed errors for bad input and for numerical trouble ([`Error`]) and
//! the input they were found in ([`Which`]).

use std::fmt;

use crate::relation::NoVerdict;

/// Which input a problem was found in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Which {
    /// The first shape, `A`.
    A,
    /// The second shape, `B`.
    B,
    /// Neither shape in particular (an option or a direction).
    Query,
    /// A shape on its own, checked by its constructor before any query
    /// names it `A` or `B` ([`Error::in_shape`] names it).
    Shape,
}

impl fmt::Display for Which {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Which::A => "shape a",
            Which::B => "shape b",
            Which::Query => "query",
            Which::Shape => "shape",
        })
    }
}

/// Everything that can go wrong before or during a query: bad input is
/// rejected with one of these, never a panic or an endless loop.
/// Non-convergence is not an error of a query but its own outcome (a
/// [`NoVerdict`]); only the `bool` convenience functions, which have
/// nowhere else to put it, turn it into [`Error::NoVerdict`].
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum Error {
    /// A point set with no points has no convex hull.
    EmptyPointSet {
        /// Where.
        which: Which,
    },
    /// A coordinate or parameter is NaN or infinite.
    NonFinite {
        /// Where.
        which: Which,
        /// What (e.g. `"point 3"`, `"radius"`).
        what: String,
    },
    /// Points of different dimensions were given where one dimension is needed.
    MixedDimensions {
        /// Where.
        which: Which,
        /// The dimension of the first point.
        expected: usize,
        /// The index of the first point of another dimension.
        index: usize,
        /// Its dimension.
        found: usize,
    },
    /// The dimension is not one the called function supports.
    UnsupportedDimension {
        /// The dimension asked for.
        dim: usize,
        /// What is supported, in words.
        supported: &'static str,
    },
    /// A parameter is out of its domain (negative radius, zero direction, …).
    InvalidParameter {
        /// Where.
        which: Which,
        /// What is wrong, in words.
        what: String,
    },
    /// A support map returned a NaN or infinite point during a query.
    NonFiniteSupport {
        /// Which shape's support map.
        which: Which,
        /// The iteration at which it happened.
        iteration: usize,
    },
    /// An intermediate value overflowed the scalar type (finite inputs whose
    /// products exceed its range). Exact mode never reports this.
    Overflow {
        /// The iteration at which it happened.
        iteration: usize,
    },
    /// A squared distance underflowed the scalar type: the shapes are so
    /// close to each other (below about `2⁻⁶³` in `f32`, `2⁻⁵¹¹` in `f64`,
    /// yet not touching) that `|v|²` falls below the smallest normal value
    /// ([`Scalar::MIN_NORMAL`](crate::scalar::Scalar::MIN_NORMAL)) and is no
    /// longer accurate to the relative bound. Exact mode never reports this.
    Underflow {
        /// The iteration at which it happened.
        iteration: usize,
    },
    /// The query stopped without a verdict (returned by the `bool`
    /// conveniences only; the full queries report it as an outcome).
    NoVerdict(NoVerdict),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::EmptyPointSet { which } => write!(f, "{which}: empty point set"),
            Error::NonFinite { which, what } => write!(f, "{which}: {what} is not finite"),
            Error::MixedDimensions { which, expected, index, found } => write!(
                f,
                "{which}: mixed dimensions: point 0 has {expected} coordinates, point {index} has {found}"
            ),
            Error::UnsupportedDimension { dim, supported } => {
                write!(f, "dimension {dim} is not supported here (supported: {supported})")
            }
            Error::InvalidParameter { which, what } => write!(f, "{which}: {what}"),
            Error::NonFiniteSupport { which, iteration } => write!(
                f,
                "{which}: the support map returned a non-finite point at iteration {iteration}"
            ),
            Error::Overflow { iteration } => write!(
                f,
                "numeric overflow at iteration {iteration}: the coordinates are too large for this scalar type (use exact mode)"
            ),
            Error::Underflow { iteration } => write!(
                f,
                "numeric underflow at iteration {iteration}: a squared distance is below the normal range of this scalar type (use exact mode)"
            ),
            Error::NoVerdict(reason) => write!(f, "no verdict: {reason}"),
        }
    }
}

impl Error {
    /// This error with a constructor's [`Which::Shape`] named `which`: how
    /// a caller that built shape `A` or `B` reports its bad input. Other
    /// errors are returned unchanged.
    pub fn in_shape(mut self, which: Which) -> Self {
        match &mut self {
            Error::EmptyPointSet { which: w }
            | Error::NonFinite { which: w, .. }
            | Error::MixedDimensions { which: w, .. }
            | Error::InvalidParameter { which: w, .. }
            | Error::NonFiniteSupport { which: w, .. }
                if *w == Which::Shape =>
            {
                *w = which;
            }
            _ => {}
        }
        self
    }
}

impl std::error::Error for Error {}
