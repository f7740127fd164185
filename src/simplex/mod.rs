//! The simplex: up to `N + 1` vertices of the Minkowski difference `A − B`.
//!
//! # Conventions (one for the whole crate)
//!
//! * **Newest first.** Vertex `0` is the point added last and is called `A`;
//!   then `B`, `C`, `D`, newest to oldest: the naming of every seed (the
//!   newest point is always `a`) and the storage order of seed 002
//!   (`Push_Front`). Seeds 000 and 003 store the newest point *last*: their
//!   `m_v[3]` / `points_simplex[3]` is our `A`.
//! * **Winding (3D).** A kept 3D triangle `[A, B, C]` has the origin on the
//!   side of `n = (B − A) × (C − A)` (or on its plane): when the origin is
//!   below, `B` and `C` are swapped, as in seeds 000, 002 and 003. After the
//!   next push the old triangle is `BCD` and the new `A` (found along its
//!   normal) is on its normal's side, so `BCD` is wound counter-clockwise
//!   seen from `A`, and `AB × AC`, `AC × AD`, `AD × AB` point out of the
//!   tetrahedron. The classifier does not *rely* on this (it orients every
//!   face normal away from the opposite vertex); traces read like the seeds.

mod storage;

pub use storage::{Simplex, SimplexFull};

use crate::error::{Error, Which};
use crate::scalar::Scalar;
use crate::shape::Support;
use crate::vector::{is_finite, is_zero, Vector};

/// One vertex of the simplex: a point `w = a − b` of the Minkowski difference
/// with the support points on `A` and on `B` that made it.
#[derive(Clone, Debug, PartialEq)]
pub struct Vertex<T: Scalar, const N: usize> {
    /// The point of `A − B`.
    pub w: Vector<T, N>,
    /// The support point of shape `A` in direction `dir`.
    pub a: Vector<T, N>,
    /// The support point of shape `B` in direction `−dir`.
    pub b: Vector<T, N>,
    /// The search direction that produced this vertex (`w` maximises `x · dir`
    /// over `A − B`; only a hint once a float warm start re-read it by number).
    pub dir: Vector<T, N>,
    /// `a`'s number among `A`'s points ([`Support::support_indexed`]).
    pub index_a: Option<u32>,
    /// `b`'s number among `B`'s points.
    pub index_b: Option<u32>,
}

impl<T: Scalar, const N: usize> Vertex<T, N> {
    /// A vertex given only by its Minkowski point (the rest zero): for
    /// hand-built simplices.
    pub fn from_point(w: Vector<T, N>) -> Self {
        Vertex {
            w,
            a: Vector::zeros(),
            b: Vector::zeros(),
            dir: Vector::zeros(),
            index_a: None,
            index_b: None,
        }
    }
}

/// One support point of `A − B` along `d`, with its parts, checked finite.
pub fn support_vertex<T: Scalar, const N: usize, A, B>(
    a: &A,
    b: &B,
    d: &Vector<T, N>,
    iteration: usize,
) -> Result<Vertex<T, N>, Error>
where
    A: Support<T, N> + ?Sized,
    B: Support<T, N> + ?Sized,
{
    checked(a.support_indexed(d), b.support_indexed(&-d), d, iteration)
}

/// The vertex `a − b` found along `d`, numbered parts, checked finite.
pub(crate) fn checked<T: Scalar, const N: usize>(
    (sa, index_a): (Vector<T, N>, Option<u32>),
    (sb, index_b): (Vector<T, N>, Option<u32>),
    d: &Vector<T, N>,
    iteration: usize,
) -> Result<Vertex<T, N>, Error> {
    let bad = |which| Err(Error::NonFiniteSupport { which, iteration });
    if !is_finite(&sa) {
        return bad(Which::A);
    }
    if !is_finite(&sb) {
        return bad(Which::B);
    }
    let w = &sa - &sb;
    if !is_finite(&w) {
        return Err(Error::Overflow { iteration });
    }
    Ok(Vertex {
        w,
        a: sa,
        b: sb,
        dir: d.clone(),
        index_a,
        index_b,
    })
}

/// Checks a caller's start direction (or makes the default one).
pub fn start_direction<T: Scalar, const N: usize>(
    initial: Option<&Vector<T, N>>,
) -> Result<Vector<T, N>, Error> {
    if N == 0 {
        return Err(Error::UnsupportedDimension {
            dim: 0,
            supported: "1 and above",
        });
    }
    match initial {
        None => {
            let mut d = Vector::<T, N>::zeros();
            d[0] = T::one();
            Ok(d)
        }
        Some(d) if !is_finite(d) => Err(Error::NonFinite {
            which: Which::Query,
            what: "initial direction".into(),
        }),
        Some(d) if is_zero(d) => Err(Error::InvalidParameter {
            which: Which::Query,
            what: "initial direction is zero".into(),
        }),
        Some(d) => Ok(d.clone()),
    }
}
