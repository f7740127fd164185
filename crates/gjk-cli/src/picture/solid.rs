//! Space geometry for the 3D pictures, in `f64`: an orthographic view
//! chosen per simplex, and convex polytopes cut out of a box by
//! half-spaces (the Voronoi region of a simplex's feature, made finite).
//!
//! As in [`super::geometry`], nothing here decides anything about the
//! algorithm. Only `+ − × ÷` and `√` are used (correctly rounded in IEEE
//! arithmetic), never trigonometry, so a picture is the same bytes on
//! every platform.

use super::geometry::P2;

/// A point or a vector of space.
pub(crate) type P3 = [f64; 3];

pub(crate) fn sub3(p: P3, q: P3) -> P3 {
    [p[0] - q[0], p[1] - q[1], p[2] - q[2]]
}

pub(crate) fn add3(p: P3, q: P3) -> P3 {
    [p[0] + q[0], p[1] + q[1], p[2] + q[2]]
}

pub(crate) fn scale3(p: P3, s: f64) -> P3 {
    [p[0] * s, p[1] * s, p[2] * s]
}

pub(crate) fn dot3(p: P3, q: P3) -> f64 {
    p[0] * q[0] + p[1] * q[1] + p[2] * q[2]
}

pub(crate) fn cross3(p: P3, q: P3) -> P3 {
    [
        p[1] * q[2] - p[2] * q[1],
        p[2] * q[0] - p[0] * q[2],
        p[0] * q[1] - p[1] * q[0],
    ]
}

pub(crate) fn norm3(p: P3) -> f64 {
    dot3(p, p).sqrt()
}

/// The mean of some points (the origin for none).
pub(crate) fn mean3(points: &[P3]) -> P3 {
    let n = points.len().max(1) as f64;
    points
        .iter()
        .fold([0.0; 3], |s, &p| add3(s, scale3(p, 1.0 / n)))
}

/// An orthographic view of space with `z` up: the viewer looks from the
/// direction `eye` (small integers, so the view can be named exactly).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct View {
    /// The direction towards the viewer.
    pub eye: [i32; 3],
    right: P3,
    up: P3,
    toward: P3,
}

impl View {
    /// The view from `eye` (not parallel to `z`).
    pub(crate) fn from_eye(eye: [i32; 3]) -> View {
        let e = [f64::from(eye[0]), f64::from(eye[1]), f64::from(eye[2])];
        let toward = scale3(e, 1.0 / norm3(e));
        let r = cross3([0.0, 0.0, 1.0], toward);
        let right = scale3(r, 1.0 / norm3(r));
        let up = cross3(toward, right);
        View {
            eye,
            right,
            up,
            toward,
        }
    }

    /// The point in the picture plane (`y` up; [`super::geometry::Frame`]
    /// maps it onto the page).
    pub(crate) fn project(&self, p: P3) -> P2 {
        [dot3(p, self.right), dot3(p, self.up)]
    }

    /// How far towards the viewer `p` is.
    pub(crate) fn depth(&self, p: P3) -> f64 {
        dot3(p, self.toward)
    }

    /// The views the pictures choose from: every `eye` with `x` and `y` in
    /// `−3..=3` (not both zero) and `z` in `1..=2` — from above, at
    /// elevations of about 13° to 63° — without repeating a direction.
    fn candidates() -> Vec<View> {
        let mut eyes: Vec<[i32; 3]> = Vec::new();
        for z in 1..=2i32 {
            for y in -3..=3i32 {
                for x in -3..=3i32 {
                    let e = [x, y, z];
                    let g = gcd(gcd(x.abs(), y.abs()), z);
                    if (x, y) != (0, 0) && g == 1 {
                        eyes.push(e);
                    }
                }
            }
        }
        eyes.into_iter().map(View::from_eye).collect()
    }

    /// The candidate view that shows `points`, `segments` and `faces`
    /// best: it maximises the smallest of (1) the sine of the angle between
    /// the line of sight and the line through any two distinct points (no
    /// point hides behind another, no segment is seen end-on), (2) for each
    /// point and each segment not ending at it, their distance on the page
    /// over their distance in space (no point seems to lie on a segment it
    /// is not on) and (3) the cosine between the line of sight and any
    /// face's normal (no face is seen edge-on). Ties go to the first
    /// candidate, so the choice is deterministic.
    pub(crate) fn choose(points: &[P3], segments: &[[P3; 2]], faces: &[[P3; 3]]) -> View {
        let mut lines: Vec<P3> = Vec::new();
        for (i, &p) in points.iter().enumerate() {
            for &q in &points[i + 1..] {
                let d = sub3(q, p);
                let len = norm3(d);
                if len > 1e-9 * (1.0 + norm3(p).max(norm3(q))) {
                    lines.push(scale3(d, 1.0 / len));
                }
            }
        }
        let normals: Vec<P3> = faces
            .iter()
            .filter_map(|f| {
                let n = cross3(sub3(f[1], f[0]), sub3(f[2], f[0]));
                let len = norm3(n);
                (len > 1e-12).then(|| scale3(n, 1.0 / len))
            })
            .collect();
        let apart: Vec<(P3, [P3; 2])> = points
            .iter()
            .flat_map(|&p| segments.iter().map(move |&s| (p, s)))
            .filter(|(p, s)| !near(*p, s[0]) && !near(*p, s[1]))
            .collect();
        let score = |v: &View| -> f64 {
            let sines = lines
                .iter()
                .map(|&l| norm3(cross3(l, v.toward)))
                .fold(1.0, f64::min);
            let gaps = apart
                .iter()
                .filter_map(|(p, s)| {
                    let flat = |q: P3| -> P3 { sub3(q, scale3(v.toward, dot3(q, v.toward))) };
                    let space = segment_distance(*p, s[0], s[1]);
                    let page = segment_distance(flat(*p), flat(s[0]), flat(s[1]));
                    (space > 0.0).then(|| page / space)
                })
                .fold(1.0, f64::min);
            let cosines = normals
                .iter()
                .map(|&n| dot3(n, v.toward).abs())
                .fold(1.0, f64::min);
            sines.min(gaps).min(cosines)
        };
        let mut best: Option<(View, f64)> = None;
        for v in View::candidates() {
            let s = score(&v);
            if best.is_none_or(|(_, b)| s > b) {
                best = Some((v, s));
            }
        }
        best.map_or_else(|| View::from_eye([2, -3, 1]), |(v, _)| v)
    }
}

/// The distance from `p` to the segment `[q, r]`.
fn segment_distance(p: P3, q: P3, r: P3) -> f64 {
    let e = sub3(r, q);
    let ee = dot3(e, e);
    let t = if ee > 0.0 {
        (dot3(sub3(p, q), e) / ee).clamp(0.0, 1.0)
    } else {
        0.0
    };
    norm3(sub3(p, add3(q, scale3(e, t))))
}

fn gcd(a: i32, b: i32) -> i32 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// A half-space `n · p ≤ c`.
pub(crate) type Half3 = (P3, f64);

/// A face of a [`Polytope`]: a convex polygon.
#[derive(Clone, Debug)]
pub(crate) struct Face {
    /// Its corners, in order round it (at least 3).
    pub points: Vec<P3>,
    /// `true` on a plane of a half-space [`Polytope::clip`] cut with,
    /// `false` on the box the polytope was cut from.
    pub cut: bool,
}

/// A convex polytope as its faces.
#[derive(Clone, Debug, Default)]
pub(crate) struct Polytope {
    /// The faces.
    pub faces: Vec<Face>,
}

impl Polytope {
    /// The box `[min, max]`.
    pub(crate) fn cube(min: P3, max: P3) -> Polytope {
        let c = |i: usize| -> P3 {
            [
                if i & 1 == 0 { min[0] } else { max[0] },
                if i & 2 == 0 { min[1] } else { max[1] },
                if i & 4 == 0 { min[2] } else { max[2] },
            ]
        };
        let quads = [
            [0, 2, 3, 1],
            [4, 5, 7, 6],
            [0, 1, 5, 4],
            [2, 6, 7, 3],
            [0, 4, 6, 2],
            [1, 3, 7, 5],
        ];
        let face = |q: &[usize; 4]| Face {
            points: q.iter().map(|&i| c(i)).collect(),
            cut: false,
        };
        Polytope {
            faces: quads.iter().map(face).collect(),
        }
    }

    /// Its vertices, each once.
    pub(crate) fn vertices(&self) -> Vec<P3> {
        let mut out: Vec<P3> = Vec::new();
        for &p in self.faces.iter().flat_map(|f| &f.points) {
            if !out.iter().any(|&q| near(p, q)) {
                out.push(p);
            }
        }
        out
    }

    /// The part where `n · p ≤ c`: each face cut by the plane, and the cut
    /// itself as a new face.
    pub(crate) fn clip(&self, (n, c): Half3) -> Polytope {
        let scale = self
            .vertices()
            .iter()
            .map(|&p| norm3(p))
            .fold(1.0, f64::max)
            * norm3(n);
        let eps = 1e-9 * scale;
        let side = |p: P3| dot3(n, p) - c;
        let mut faces = Vec::new();
        let mut cut: Vec<P3> = Vec::new();
        for face in &self.faces {
            let pts = &face.points;
            let mut out = Vec::with_capacity(pts.len() + 1);
            for i in 0..pts.len() {
                let (p, q) = (pts[i], pts[(i + 1) % pts.len()]);
                let (fp, fq) = (side(p), side(q));
                if fp <= eps {
                    out.push(p);
                    if fp.abs() <= eps {
                        cut.push(p);
                    }
                }
                if (fp < -eps && fq > eps) || (fp > eps && fq < -eps) {
                    let x = add3(p, scale3(sub3(q, p), fp / (fp - fq)));
                    out.push(x);
                    cut.push(x);
                }
            }
            if out.len() >= 3 {
                faces.push(Face {
                    points: out,
                    cut: face.cut,
                });
            }
        }
        let cap = convex_polygon(&cut, n);
        if cap.len() >= 3 {
            faces.push(Face {
                points: cap,
                cut: true,
            });
        }
        Polytope { faces }
    }

    /// The part inside every half-space.
    pub(crate) fn clip_all(&self, halves: &[Half3]) -> Polytope {
        halves.iter().fold(
            self.clone(),
            |p, &h| {
                if p.faces.is_empty() {
                    p
                } else {
                    p.clip(h)
                }
            },
        )
    }
}

/// Two points equal up to rounding.
fn near(p: P3, q: P3) -> bool {
    norm3(sub3(p, q)) <= 1e-9 * (1.0 + norm3(p).max(norm3(q)))
}

/// The distinct points of `points` (all in one plane of normal `n`) in
/// order around their mean.
fn convex_polygon(points: &[P3], n: P3) -> Vec<P3> {
    let mut pts: Vec<P3> = Vec::new();
    for &p in points {
        if !pts.iter().any(|&q| near(p, q)) {
            pts.push(p);
        }
    }
    if pts.len() < 3 {
        return pts;
    }
    let m = mean3(&pts);
    // A basis (u, v) of the plane.
    let axis = if n[0].abs() <= n[1].abs() && n[0].abs() <= n[2].abs() {
        [1.0, 0.0, 0.0]
    } else if n[1].abs() <= n[2].abs() {
        [0.0, 1.0, 0.0]
    } else {
        [0.0, 0.0, 1.0]
    };
    let u = cross3(n, axis);
    let v = cross3(n, u);
    // A pseudo-angle in [0, 4): monotone in the angle, without trigonometry.
    let angle = |p: P3| -> f64 {
        let d = sub3(p, m);
        let (x, y) = (dot3(d, u), dot3(d, v));
        let t = y / (x.abs() + y.abs());
        if x >= 0.0 {
            if y >= 0.0 {
                t
            } else {
                4.0 + t
            }
        } else {
            2.0 - t
        }
    };
    pts.sort_by(|&p, &q| angle(p).total_cmp(&angle(q)));
    pts
}

/// The outward normal of a face of a convex polytope whose interior holds
/// `inside` (Newell's method, so every point of the face counts).
pub(crate) fn outward(face: &[P3], inside: P3) -> P3 {
    let mut n = [0.0; 3];
    for i in 0..face.len() {
        let (p, q) = (face[i], face[(i + 1) % face.len()]);
        n = add3(n, cross3(p, q));
    }
    if dot3(n, sub3(inside, face[0])) > 0.0 {
        scale3(n, -1.0)
    } else {
        n
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_unit_cube_cut_by_a_diagonal_plane_is_a_prism() {
        let cube = Polytope::cube([0.0; 3], [1.0; 3]);
        assert_eq!(cube.vertices().len(), 8);
        // x + y ≤ 1: a triangular prism with 6 vertices and 5 faces.
        let prism = cube.clip(([1.0, 1.0, 0.0], 1.0));
        assert_eq!(prism.vertices().len(), 6);
        assert_eq!(prism.faces.len(), 5);
        // Cutting everything away leaves nothing.
        assert!(cube.clip(([1.0, 0.0, 0.0], -1.0)).faces.is_empty());
        // A plane that misses the cube changes nothing.
        assert_eq!(cube.clip(([1.0, 0.0, 0.0], 2.0)).faces.len(), 6);
    }

    #[test]
    fn views_are_orthonormal_and_z_is_up() {
        let v = View::from_eye([2, -3, 1]);
        assert!((norm3(v.right) - 1.0).abs() < 1e-15);
        assert!(dot3(v.right, v.up).abs() < 1e-15);
        assert!(v.project([0.0, 0.0, 1.0])[1] > 0.0);
        assert_eq!(v.right[2], 0.0);
        // A segment along the x axis is never chosen end-on, and the
        // triangle's face is not seen edge-on.
        let tri = [[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]];
        let w = View::choose(&tri, &[], &[tri]);
        assert!(norm3(cross3([1.0, 0.0, 0.0], w.toward)) > 0.5);
        assert!(w.depth([0.0, 0.0, 1.0]) > 0.4);
    }

    #[test]
    fn outward_normals_point_away_from_the_inside() {
        let face = [[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]];
        assert!(outward(&face, [0.2, 0.2, 1.0])[2] < 0.0);
        assert!(outward(&face, [0.2, 0.2, -1.0])[2] > 0.0);
    }
}
