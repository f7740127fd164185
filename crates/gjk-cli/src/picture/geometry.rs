//! Plane geometry for drawing, in `f64`: convex hulls, half-plane clipping,
//! the fixed 3D projection, and the map from world to picture coordinates.
//!
//! Nothing here decides anything about the algorithm: the pictures show
//! values the exact code computed, rounded to `f64` once, and these
//! routines only place them on the page.

/// A point or a vector of the plane.
pub(crate) type P2 = [f64; 2];

pub(crate) fn sub(p: P2, q: P2) -> P2 {
    [p[0] - q[0], p[1] - q[1]]
}

pub(crate) fn add(p: P2, q: P2) -> P2 {
    [p[0] + q[0], p[1] + q[1]]
}

pub(crate) fn scale(p: P2, s: f64) -> P2 {
    [p[0] * s, p[1] * s]
}

pub(crate) fn dot2(p: P2, q: P2) -> f64 {
    p[0] * q[0] + p[1] * q[1]
}

/// `p` turned a quarter to the left: `(−y, x)`.
pub(crate) fn perp(p: P2) -> P2 {
    [-p[1], p[0]]
}

fn cross(o: P2, a: P2, b: P2) -> f64 {
    (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])
}

/// The vertices of the convex hull of `points`, counter-clockwise, without
/// collinear points (Andrew's monotone chain). Fewer than 3 points come back
/// as the distinct extreme points: a point or a segment.
pub(crate) fn hull(points: &[P2]) -> Vec<P2> {
    let mut p: Vec<P2> = points.to_vec();
    p.sort_by(|a, b| a[0].total_cmp(&b[0]).then(a[1].total_cmp(&b[1])));
    p.dedup();
    if p.len() < 3 {
        return p;
    }
    let mut lower: Vec<P2> = Vec::new();
    for &q in &p {
        while lower.len() >= 2 && cross(lower[lower.len() - 2], lower[lower.len() - 1], q) <= 0.0 {
            lower.pop();
        }
        lower.push(q);
    }
    let mut upper: Vec<P2> = Vec::new();
    for &q in p.iter().rev() {
        while upper.len() >= 2 && cross(upper[upper.len() - 2], upper[upper.len() - 1], q) <= 0.0 {
            upper.pop();
        }
        upper.push(q);
    }
    lower.pop();
    upper.pop();
    lower.extend(upper);
    lower
}

/// The hull of `A − B` from the hulls of `A` and `B` (the differences of
/// their vertices include every vertex of the difference).
pub(crate) fn difference_hull(a: &[P2], b: &[P2]) -> Vec<P2> {
    let ha = hull(a);
    let hb = hull(b);
    let diffs: Vec<P2> = ha
        .iter()
        .flat_map(|&p| hb.iter().map(move |&q| sub(p, q)))
        .collect();
    hull(&diffs)
}

/// The part of the convex polygon `poly` where `n · p ≤ c`
/// (Sutherland–Hodgman against one half-plane).
pub(crate) fn clip(poly: &[P2], n: P2, c: f64) -> Vec<P2> {
    let mut out = Vec::with_capacity(poly.len() + 1);
    for i in 0..poly.len() {
        let p = poly[i];
        let q = poly[(i + 1) % poly.len()];
        let (fp, fq) = (dot2(n, p) - c, dot2(n, q) - c);
        if fp <= 0.0 {
            out.push(p);
        }
        if (fp < 0.0 && fq > 0.0) || (fp > 0.0 && fq < 0.0) {
            let t = fp / (fp - fq);
            out.push(add(p, scale(sub(q, p), t)));
        }
    }
    out
}

/// The centroid of a convex polygon (its vertex mean for fewer than 3
/// vertices or zero area).
pub(crate) fn centroid(poly: &[P2]) -> P2 {
    let n = poly.len().max(1) as f64;
    let mean = poly
        .iter()
        .fold([0.0, 0.0], |s, &p| add(s, scale(p, 1.0 / n)));
    let mut area = 0.0;
    let mut c = [0.0, 0.0];
    for i in 0..poly.len() {
        let (p, q) = (poly[i], poly[(i + 1) % poly.len()]);
        let w = p[0] * q[1] - q[0] * p[1];
        area += w;
        c = add(c, scale(add(p, q), w));
    }
    if area.abs() < 1e-12 {
        mean
    } else {
        scale(c, 1.0 / (3.0 * area))
    }
}

/// `cos 35°` and `sin 35°`: the azimuth of the 3D view.
const COS_AZ: f64 = 0.819_152_044_288_991_8;
const SIN_AZ: f64 = 0.573_576_436_351_046;
/// `cos 25°` and `sin 25°`: the elevation of the 3D view.
const COS_EL: f64 = 0.906_307_787_036_649_9;
const SIN_EL: f64 = 0.422_618_261_740_699_4;

/// The fixed projection of 3D pictures: an orthographic view turned by an
/// azimuth of 35° about `z` and tilted by an elevation of 25°, `z` up:
/// `(x, y, z) ↦ (x cos 35° − y sin 35°,
/// z cos 25° − (x sin 35° + y cos 35°) sin 25°)`. The angles are not
/// multiples of 45°, so faces of boxes and of small-integer simplices are
/// not seen edge-on (the isometric view from `(1, 1, 1)` flattens every
/// triangle that contains that diagonal). The constants are written out, so
/// the pictures do not depend on the platform's trigonometry. Other
/// dimensions keep their first two coordinates.
pub(crate) fn project(c: &[f64]) -> P2 {
    match c {
        [x, y, z] => [
            x * COS_AZ - y * SIN_AZ,
            z * COS_EL - (x * SIN_AZ + y * COS_AZ) * SIN_EL,
        ],
        [x, y, ..] => [*x, *y],
        [x] => [*x, 0.0],
        [] => [0.0, 0.0],
    }
}

/// A rectangle of the page.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Rect {
    pub x: f64,
    pub y: f64,
    pub w: f64,
    pub h: f64,
}

/// Maps world coordinates (y up) into a rectangle of the page (y down),
/// with one scale for both axes.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Frame {
    /// The world box shown: `[min, max]`.
    pub min: P2,
    pub max: P2,
    rect: Rect,
    s: f64,
    offset: P2,
}

impl Frame {
    /// The smallest box holding `points`, grown by `margin` (a fraction of
    /// its larger side, and at least `min_margin` world units) on every
    /// side, fitted into `rect`.
    pub(crate) fn fit(points: &[P2], margin: f64, min_margin: f64, rect: Rect) -> Frame {
        let mut min = [f64::INFINITY; 2];
        let mut max = [f64::NEG_INFINITY; 2];
        for p in points
            .iter()
            .filter(|p| p[0].is_finite() && p[1].is_finite())
        {
            for k in 0..2 {
                min[k] = min[k].min(p[k]);
                max[k] = max[k].max(p[k]);
            }
        }
        if min[0] > max[0] {
            (min, max) = ([-1.0, -1.0], [1.0, 1.0]);
        }
        let side = (max[0] - min[0]).max(max[1] - min[1]);
        // A single point: show a box of side 2 around it.
        let m = if side > 0.0 {
            (margin * side).max(min_margin)
        } else {
            min_margin.max(1.0)
        };
        let (min, max) = ([min[0] - m, min[1] - m], [max[0] + m, max[1] + m]);
        let s = (rect.w / (max[0] - min[0])).min(rect.h / (max[1] - min[1]));
        // Centre the box in the rectangle.
        let offset = [
            rect.x + (rect.w - s * (max[0] - min[0])) / 2.0,
            rect.y + (rect.h - s * (max[1] - min[1])) / 2.0,
        ];
        Frame {
            min,
            max,
            rect,
            s,
            offset,
        }
    }

    /// The page position of a world point.
    pub(crate) fn map(&self, p: P2) -> P2 {
        [
            self.offset[0] + (p[0] - self.min[0]) * self.s,
            self.offset[1] + (self.max[1] - p[1]) * self.s,
        ]
    }

    /// The page rectangle.
    pub(crate) fn rect(&self) -> Rect {
        self.rect
    }

    /// The world box shown, as a polygon (counter-clockwise).
    pub(crate) fn world_box(&self) -> Vec<P2> {
        let r = self.rect;
        let inv = |q: P2| -> P2 {
            [
                self.min[0] + (q[0] - self.offset[0]) / self.s,
                self.max[1] - (q[1] - self.offset[1]) / self.s,
            ]
        };
        vec![
            inv([r.x, r.y + r.h]),
            inv([r.x + r.w, r.y + r.h]),
            inv([r.x + r.w, r.y]),
            inv([r.x, r.y]),
        ]
    }

    /// The length of the box's diagonal in world units.
    pub(crate) fn world_diagonal(&self) -> f64 {
        let b = self.world_box();
        let d = sub(b[2], b[0]);
        dot2(d, d).sqrt()
    }
}

/// A world direction as a page direction of unit length (`None` if it is
/// too short to draw).
pub(crate) fn page_direction(d: P2) -> Option<P2> {
    let len = dot2(d, d).sqrt();
    if !len.is_finite() || len < 1e-300 {
        return None;
    }
    Some([d[0] / len, -d[1] / len])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hull_of_a_square_with_inner_and_edge_points() {
        let h = hull(&[
            [0.0, 0.0],
            [1.0, 0.0],
            [1.0, 1.0],
            [0.0, 1.0],
            [0.5, 0.5],
            [0.5, 0.0],
        ]);
        assert_eq!(h, vec![[0.0, 0.0], [1.0, 0.0], [1.0, 1.0], [0.0, 1.0]]);
        assert_eq!(hull(&[[2.0, 1.0], [2.0, 1.0]]), vec![[2.0, 1.0]]);
    }

    #[test]
    fn difference_of_two_squares_is_a_square() {
        let a = [[0.0, 0.0], [1.0, 0.0], [1.0, 1.0], [0.0, 1.0]];
        let b = [[2.0, 0.0], [3.0, 0.0], [3.0, 1.0], [2.0, 1.0]];
        let d = difference_hull(&a, &b);
        assert_eq!(
            d,
            vec![[-3.0, -1.0], [-1.0, -1.0], [-1.0, 1.0], [-3.0, 1.0]]
        );
    }

    #[test]
    fn clipping_a_square_by_a_half_plane() {
        let sq = [[0.0, 0.0], [2.0, 0.0], [2.0, 2.0], [0.0, 2.0]];
        let left = clip(&sq, [1.0, 0.0], 1.0);
        assert_eq!(left.len(), 4);
        assert_eq!(centroid(&left), [0.5, 1.0]);
        assert!(clip(&sq, [1.0, 0.0], -1.0).is_empty());
    }

    #[test]
    fn frames_keep_the_aspect_ratio_and_flip_y() {
        let rect = Rect {
            x: 0.0,
            y: 0.0,
            w: 200.0,
            h: 100.0,
        };
        let f = Frame::fit(&[[0.0, 0.0], [1.0, 1.0]], 0.0, 0.0, rect);
        assert_eq!(f.map([0.0, 0.0]), [50.0, 100.0]);
        assert_eq!(f.map([1.0, 1.0]), [150.0, 0.0]);
        assert_eq!(project(&[0.0, 0.0, 1.0]), [0.0, COS_EL]);
        assert_eq!(project(&[1.0, 2.0]), [1.0, 2.0]);
    }
}
