//! The 2D segment (`2D-LINE-*`, whose cases it shares with the 3D one in
//! `classify/segment.rs`) and the 2D triangle (`2D-TRI-*`), seed 004's
//! regions.

use super::*;

/// `perp(AB) · AO = AB × AO` for a 2D segment (`perp(AB) = (−y, x)`):
/// positive on the side of region 2, zero when `O` is on the line.
pub(super) fn side<T: Scalar, const N: usize>(p: &[Vector<T, N>]) -> T {
    cross2(&(&p[1] - &p[0]), &(-&p[0])).unwrap_or_else(T::zero)
}

/// 2D segment `AB` (seed 004's regions 1 to 4).
pub(super) fn classify_line2<T: Scalar, const N: usize>(
    p: &[Vector<T, N>],
) -> Classification<T, N> {
    use Line2Region::*;
    match line_case(p) {
        LineCase::Degenerate => stop(Region::Line2(Degenerate), 2),
        LineCase::On => stop(Region::Line2(On), 2),
        LineCase::A => found(Region::Line2(R1), &[0], -&p[0]),
        LineCase::B => found(Region::Line2(R4), &[1], -&p[1]),
        LineCase::Between(d) if side(p) > T::zero() => found(Region::Line2(R2), &[0, 1], d),
        LineCase::Between(d) => found(Region::Line2(R3), &[0, 1], d),
    }
}

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
