//! # gjk — a reference implementation of the Gilbert–Johnson–Keerthi algorithm
//!
//! See `README.md` and `ARCHITECTURE.md`.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod case;
pub mod error;
pub mod scalar;
pub mod shape;
pub mod simplex;
pub mod vector;

pub use error::{Error, Which};
pub use scalar::{Field, Rational, Real, Scalar};
pub use shape::Support;
pub use simplex::{Simplex, Vertex};
pub use vector::Vector;
