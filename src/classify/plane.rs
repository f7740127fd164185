//! The 2D triangle (`2D-TRI-*`, seed 004's regions). The 2D segment shares
//! the 3D one's tests (`classify/segment.rs`).

use super::*;

/// 2D triangle `ABC` (seed 004's regions).
pub(super) fn classify_tri2<T: Scalar, const N: usize>(p: &[Vector<T, N>]) -> Classification<T, N> {
    use Tri2Region::*;
    let zero = T::zero();
    if tri_gram(p) <= zero {
        return stop(Region::Tri2(Degenerate), 3);
    }
    // R7: no in-plane edge test positive (closed triangle).
    let (s_ab, s_ac, s_bc) = (s(p, 0, 1, 2), s(p, 0, 2, 1), s(p, 1, 2, 0));
    if s_ab <= zero && s_ac <= zero && s_bc <= zero {
        return stop(Region::Tri2(R7), 3);
    }
    let (t_ab, t_ac) = (t(p, 0, 1), t(p, 0, 2));
    // R5: vertex A.
    if t_ab <= zero && t_ac <= zero {
        return found(Region::Tri2(R5), &[0], -&p[0]);
    }
    let (t_ba, t_bc) = (t(p, 1, 0), t(p, 1, 2));
    // R3: vertex B.
    if t_ba <= zero && t_bc <= zero {
        return found(Region::Tri2(R3), &[1], -&p[1]);
    }
    let (t_ca, t_cb) = (t(p, 2, 0), t(p, 2, 1));
    // R1: vertex C.
    if t_ca <= zero && t_cb <= zero {
        return found(Region::Tri2(R1), &[2], -&p[2]);
    }
    // R4, R6, R2: edges AB, AC, BC.
    if t_ab > zero && t_ba > zero && s_ab >= zero {
        return edge_or_contained(Region::Tri2(R4), Region::Tri2(R7), p, 0, 1);
    }
    if t_ac > zero && t_ca > zero && s_ac >= zero {
        return edge_or_contained(Region::Tri2(R6), Region::Tri2(R7), p, 0, 2);
    }
    if t_bc > zero && t_cb > zero && s_bc >= zero {
        return edge_or_contained(Region::Tri2(R2), Region::Tri2(R7), p, 1, 2);
    }
    stop(Region::Tri2(Degenerate), 3)
}
