//! Extra stops of the distance loop for round shapes (`crate::round`): a
//! [`Margin`] is asked at every `v` and after every gap test whether the
//! answer the caller wants is known already. `()`, the plain query's, never
//! stops the loop.

use super::{Current, Gap};
use crate::scalar::Scalar;
use crate::simplex::Vertex;

/// The round query's stops (`round.rs` implements them).
pub(crate) trait Margin<T: Scalar, const N: usize> {
    /// Stop at `v`, before its support point: the margins overlap.
    fn overlaps(&self, _at: &Current<T, N>) -> bool {
        false
    }
    /// Stop after the gap test of the support point `w` along `−v` (`gap =
    /// |v|² − v·w`; not asked on an accelerated step): the margins are apart.
    fn apart(&self, _at: &Current<T, N>, _w: &Vertex<T, N>, _gap: &Gap<T>) -> bool {
        false
    }
}

impl<T: Scalar, const N: usize> Margin<T, N> for () {}
