//! The point (`PT-*`) and the 3D segment (`3D-LINE-*`); the 2D segment
//! (`classify/plane.rs`) shares its cases.

use super::*;

pub(super) fn classify_point<T: Scalar, const N: usize>(a: &Vector<T, N>) -> Classification<T, N> {
    if is_zero(a) {
        stop(Region::Point(PointRegion::O), 1)
    } else {
        found(Region::Point(PointRegion::A), &[0], -a)
    }
}

/// Where the origin lies relative to segment `AB`: the cases the 2D and the
/// 3D segment share (only their names differ).
pub(super) enum LineCase<T: Scalar, const N: usize> {
    /// `A = B`.
    Degenerate,
    /// On the closed segment (`d` is zero or noise, both slab tests `≥ 0`).
    On,
    /// Past `A`: `t_AB ≤ 0`.
    A,
    /// Past `B`: `t_BA ≤ 0`.
    B,
    /// Between, with the edge direction `d`.
    Between(Vector<T, N>),
}

pub(super) fn line_case<T: Scalar, const N: usize>(p: &[Vector<T, N>]) -> LineCase<T, N> {
    if p[0] == p[1] {
        return LineCase::Degenerate;
    }
    let zero = T::zero();
    let (t_ab, t_ba) = (t(p, 0, 1), t(p, 1, 0));
    let d = edge_direction(p, 0, 1);
    let m = max_coordinate(p);
    if d.iter().all(|c| c.is_zero() || is_noise(c, m)) && t_ab >= zero && t_ba >= zero {
        LineCase::On
    } else if t_ab <= zero {
        LineCase::A
    } else if t_ba <= zero {
        LineCase::B
    } else {
        LineCase::Between(d)
    }
}

/// 3D segment `AB` (seeds 000, 002, 003).
pub(super) fn classify_line3<T: Scalar, const N: usize>(
    p: &[Vector<T, N>],
) -> Classification<T, N> {
    use Line3Region::*;
    match line_case(p) {
        LineCase::Degenerate => stop(Region::Line3(Degenerate), 2),
        LineCase::On => stop(Region::Line3(On), 2),
        LineCase::A => found(Region::Line3(A), &[0], -&p[0]),
        LineCase::B => found(Region::Line3(B), &[1], -&p[1]),
        LineCase::Between(d) => found(Region::Line3(AB), &[0, 1], d),
    }
}
