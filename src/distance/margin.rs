//! Extra stops of the distance loop for round shapes (`crate::round`): a
//! [`Margin`] is asked at every `v` and after every gap test whether the
//! answer the caller wants is known already. `()`, the plain query's, never
//! stops the loop. Both loops ask it at the same steps: the reference
//! (`distance_loop`) and the written-out 2D/3D one (`hot.rs`).

use crate::scalar::Scalar;
use crate::simplex::Vertex;

/// The round query's stops (`round.rs` implements them).
pub(crate) trait Margin<T: Scalar, const N: usize> {
    /// Stop at `v` (`vv = |v|²`), before its support point: the margins
    /// overlap.
    fn overlaps(&self, _vv: &T) -> bool {
        false
    }
    /// Stop after the gap test of the support point `w` along `−v` (`gap =
    /// |v|² − v·w`; `s2` the simplex's `scale²`; not asked on an accelerated
    /// step): the margins are apart.
    fn apart(&self, _vv: &T, _s2: f64, _w: &Vertex<T, N>, _gap: &T) -> bool {
        false
    }
}

impl<T: Scalar, const N: usize> Margin<T, N> for () {}
