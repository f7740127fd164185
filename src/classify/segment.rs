//! The point (`PT-*`) and the segment (`2D-LINE-*`, `3D-LINE-*`): 2D and 3D
//! share the tests; only the names differ.

use super::*;

pub(super) fn classify_point<T: Scalar, const N: usize>(a: &Vector<T, N>) -> Classification<T, N> {
    if is_zero(a) {
        stop(Region::Point(PointRegion::O), 1)
    } else {
        found(Region::Point(PointRegion::A), &[0], -a)
    }
}

// ---------------------------------------------------------------------------
// Line (2D and 3D share the tests; only the names differ)
// ---------------------------------------------------------------------------

pub(super) enum LineCase<T: Scalar, const N: usize> {
    Degenerate,
    On,
    A,
    B,
    Between(Vector<T, N>),
}

pub(super) fn line_case<T: Scalar, const N: usize>(p: &[Vector<T, N>]) -> LineCase<T, N> {
    if p[0] == p[1] {
        return LineCase::Degenerate;
    }
    let zero = T::zero();
    let (ta, tb) = (toward(p, 0, 1), toward(p, 1, 0));
    let d = edge_direction(p, 0, 1);
    let m = max_coordinate(p);
    if d.iter().all(|c| c.is_zero() || is_noise(c, m)) && ta >= zero && tb >= zero {
        LineCase::On
    } else if ta <= zero {
        LineCase::A
    } else if tb <= zero {
        LineCase::B
    } else {
        LineCase::Between(d)
    }
}

/// `perp(AB) · AO = AB × AO` for a 2D segment (`perp(AB) = (−y, x)`):
/// positive on the side of region 2, zero when `O` is on the line.
pub(super) fn side<T: Scalar, const N: usize>(p: &[Vector<T, N>]) -> T {
    cross2(&(&p[1] - &p[0]), &(-&p[0])).unwrap_or_else(T::zero)
}

pub(super) fn classify_line<T: Scalar, const N: usize>(p: &[Vector<T, N>]) -> Classification<T, N> {
    let two_d = N == 2;
    match line_case(p) {
        LineCase::Degenerate if two_d => stop(Region::Line2(Line2Region::Degenerate), 2),
        LineCase::Degenerate => stop(Region::Line3(Line3Region::Degenerate), 2),
        LineCase::On if two_d => stop(Region::Line2(Line2Region::On), 2),
        LineCase::On => stop(Region::Line3(Line3Region::On), 2),
        LineCase::A if two_d => found(Region::Line2(Line2Region::R1), &[0], -&p[0]),
        LineCase::A => found(Region::Line3(Line3Region::A), &[0], -&p[0]),
        LineCase::B if two_d => found(Region::Line2(Line2Region::R4), &[1], -&p[1]),
        LineCase::B => found(Region::Line3(Line3Region::B), &[1], -&p[1]),
        LineCase::Between(d) if two_d => {
            let r = if side(p) > T::zero() {
                Line2Region::R2
            } else {
                Line2Region::R3
            };
            found(Region::Line2(r), &[0, 1], d)
        }
        LineCase::Between(d) => found(Region::Line3(Line3Region::AB), &[0, 1], d),
    }
}
