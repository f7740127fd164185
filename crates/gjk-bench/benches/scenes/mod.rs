//! Fixed-seed scenes for the side-by-side benchmark against parry
//! (`benches/versus.rs`) and for the tests that count iterations on the
//! same inputs (`tests/speed.rs`, which includes this file with `#[path]`,
//! next to `benches/pairs/mod.rs` for the generator).
//!
//! # The shapes
//!
//! * **hulls** of `n` random points, either on an ellipsoid (semi-axes
//!   `1, 0.75, 0.5`; in 2D an ellipse `1, 0.6`: every point is a vertex) or
//!   uniform in the cube `[−1, 1]ᴺ` (most points are interior for large `n`);
//! * a **ball** of radius `0.5` against a hull of ellipsoid points;
//! * a **capsule** (a segment of length `1` in a random direction, radius
//!   [`CAPSULE_RADIUS`]) against a hull of ellipsoid points;
//! * a **rounded hull** (the hull of `n` ellipsoid points scaled by `0.5`,
//!   thickened by [`ROUNDED_RADIUS`]) against a hull of ellipsoid points;
//! * two **ellipsoids** ([`Ellipsoid`]: random semi-axes in `[0.4, 1.2]`,
//!   a random rotation), strictly convex: GJK converges on them only in the
//!   limit, linearly, so near contact it needs many iterations.
//!
//! # The poses
//!
//! `B` is first put 3 units away from `A` along a random direction `u`;
//! the `f64` distance query gives its distance `d₀` and the unit vector
//! `n̂` from `A`'s closest point to `B`'s. Translating `B` by
//! `−(d₀ − g) n̂` leaves the two closest points facing each other at
//! distance `g` (the planes through them normal to `n̂` still separate the
//! shapes), so the pose has distance `g` exactly up to the rounding of
//! `d₀` (`≈ 10⁻¹³`):
//!
//! * **separated**: `g = 0.5`;
//! * **near-touching**: `g = 10⁻¹²` (issue 20's "near 1e-12"; `10⁻⁶`
//!   until 2026-12-07, the gap of the earlier tables in BENCHMARKS.md),
//!   up to the rounding of `d₀` above;
//! * **overlapping**: `g = −0.25` (moved `0.25` past touching along `n̂`).
//!
//! Every point is a double given to both libraries as is (no pose
//! transforms: both sides see the same coordinates), except the ball's
//! centre, which parry takes as a translation of its ball.

#![allow(dead_code)] // each includer uses a different subset

use gjk::distance::{distance, DistanceOptions, DistanceOutcome};
use gjk::shape::{Ball, Capsule, ConvexHull, Rounded};
use gjk::{Support, Vector};

use crate::pairs::Lcg;

/// The near-touching gap of the module docs.
pub const NEAR_GAP: f64 = 1e-12;

/// The poses of the module docs, with their gap `g`. The environment
/// variable `GJK_BENCH_NEAR_GAP` (a number) replaces the near-touching gap,
/// so that a run can be compared with one of a build that used another
/// (`10⁻⁶` before 2026-12-07); the row names stay.
pub fn poses() -> [(&'static str, f64); 3] {
    let near = std::env::var("GJK_BENCH_NEAR_GAP")
        .ok()
        .map(|g| g.parse().expect("GJK_BENCH_NEAR_GAP: a number"))
        .unwrap_or(NEAR_GAP);
    poses_at(near)
}

/// The poses with the near-touching gap `near` (the tests that share these
/// scenes keep the `10⁻⁶` they were written for).
pub fn poses_at(near: f64) -> [(&'static str, f64); 3] {
    [
        ("separated", 0.5),
        ("near-touching", near),
        ("overlapping", -0.25),
    ]
}

/// How the points of a hull are drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cloud {
    /// On the surface of an ellipsoid (all points are vertices).
    Ellipsoid,
    /// Uniform in the cube `[−1, 1]ᴺ`.
    Cube,
}

impl Cloud {
    /// `ellipsoid` or `cube`.
    pub fn name(self) -> &'static str {
        match self {
            Cloud::Ellipsoid => "ellipsoid",
            Cloud::Cube => "cube",
        }
    }
}

/// A standard normal deviate (Box–Muller).
pub fn normal(rng: &mut Lcg) -> f64 {
    let u1 = rng.unit().max(1e-300);
    let u2 = rng.unit();
    (-2.0 * u1.ln()).sqrt() * (std::f64::consts::TAU * u2).cos()
}

/// A uniformly random unit vector.
pub fn direction<const N: usize>(rng: &mut Lcg) -> Vector<f64, N> {
    loop {
        let v = Vector::<f64, N>::from_fn(|_, _| normal(rng));
        let n = v.norm();
        if n > 1e-3 {
            return v / n;
        }
    }
}

/// `n` points of the given cloud, centred at the origin.
pub fn cloud<const N: usize>(rng: &mut Lcg, kind: Cloud, n: usize) -> Vec<Vector<f64, N>> {
    const AXES: [f64; 3] = [1.0, 0.75, 0.5];
    const AXES_2D: [f64; 2] = [1.0, 0.6];
    (0..n)
        .map(|_| match kind {
            Cloud::Ellipsoid => {
                let u = direction::<N>(rng);
                Vector::<f64, N>::from_fn(|i, _| u[i] * if N == 2 { AXES_2D[i] } else { AXES[i] })
            }
            Cloud::Cube => Vector::<f64, N>::from_fn(|_, _| rng.range(-1.0, 1.0)),
        })
        .collect()
}

/// The translation that puts `b` (given 3 units away along a random
/// direction, `moved(t)` being `b` translated by `t`) at distance `gap`
/// from `a` (module docs).
pub fn place<const N: usize, A, B>(
    a: &A,
    moved: impl Fn(&Vector<f64, N>) -> B,
    rng: &mut Lcg,
    gap: f64,
) -> Vector<f64, N>
where
    A: Support<f64, N>,
    B: Support<f64, N>,
{
    let far = direction::<N>(rng) * 3.0;
    let opts = DistanceOptions {
        max_iterations: 10_000,
        ..DistanceOptions::default()
    };
    let report = distance(a, &moved(&far), &opts).expect("a valid scene");
    let DistanceOutcome::Separated { dist2, axis, .. } = report.outcome else {
        panic!("a scene 3 units apart is separated: {:?}", report.outcome);
    };
    let d0 = dist2.sqrt();
    far - axis / axis.norm() * (d0 - gap)
}

/// A hull pair: `A`'s points and `B`'s (already placed).
#[derive(Clone, Debug)]
pub struct HullPair<const N: usize> {
    /// The points of `A`.
    pub a: Vec<Vector<f64, N>>,
    /// The points of `B`.
    pub b: Vec<Vector<f64, N>>,
}

/// `count` hull pairs of `n` points each at distance `gap`.
pub fn hull_pairs<const N: usize>(
    seed: u64,
    kind: Cloud,
    n: usize,
    gap: f64,
    count: usize,
) -> Vec<HullPair<N>> {
    let mut rng = Lcg(seed ^ (n as u64) << 20 ^ (N as u64) << 40);
    (0..count)
        .map(|_| {
            let a = cloud::<N>(&mut rng, kind, n);
            let b0 = cloud::<N>(&mut rng, kind, n);
            let ha = ConvexHull::new(a.clone()).unwrap();
            let shifted =
                |t: &Vector<f64, N>| -> Vec<Vector<f64, N>> { b0.iter().map(|p| p + t).collect() };
            let t = place(&ha, |t| ConvexHull::new(shifted(t)).unwrap(), &mut rng, gap);
            HullPair { a, b: shifted(&t) }
        })
        .collect()
}

/// The moving pair: `A`'s points, and `frames` poses of `B`'s stepping by
/// 10⁻³ a frame along a fixed direction, centred on a pose `10⁻⁶` apart (the
/// near-touching gap before 2026-12-07, kept so the warm rows stay
/// comparable; the frames cross from separated to overlapping or back).
pub fn moving_pair(n: usize, frames: usize) -> (Vec<Vector<f64, 3>>, Vec<Vec<Vector<f64, 3>>>) {
    let pair = &hull_pairs::<3>(0x3d, Cloud::Ellipsoid, n, 1e-6, 1)[0];
    let step = direction::<3>(&mut Lcg(0x30e)) * 1e-3;
    let poses = (0..frames)
        .map(|k| {
            let t = step * (k as f64 - frames as f64 / 2.0);
            pair.b.iter().map(|p| p + t).collect()
        })
        .collect();
    (pair.a.clone(), poses)
}

/// The distance query over `frames`, each frame warm-started from the
/// previous frame's simplex: the iterations summed.
pub fn warm_distances<A: Support<f64, 3>, B: Support<f64, 3>>(a: &A, frames: &[B]) -> usize {
    let mut iters = 0;
    let mut opts = DistanceOptions::default();
    for b in frames {
        let r = distance(a, b, &opts).unwrap();
        iters += r.iterations;
        opts.warm_start = match r.outcome {
            DistanceOutcome::Separated { simplex, .. }
            | DistanceOutcome::Intersecting { simplex } => Some(simplex),
            _ => None,
        };
    }
    iters
}

/// A hull of ellipsoid points and a ball of radius [`BALL_RADIUS`].
#[derive(Clone, Debug)]
pub struct BallPair {
    /// The hull's points.
    pub a: Vec<Vector<f64, 3>>,
    /// The ball's centre.
    pub centre: Vector<f64, 3>,
}

/// The radius of the ball of [`BallPair`].
pub const BALL_RADIUS: f64 = 0.5;

/// `count` hull–ball pairs at distance `gap`.
pub fn ball_pairs(seed: u64, n: usize, gap: f64, count: usize) -> Vec<BallPair> {
    let mut rng = Lcg(seed ^ (n as u64) << 20);
    (0..count)
        .map(|_| {
            let a = cloud::<3>(&mut rng, Cloud::Ellipsoid, n);
            let ha = ConvexHull::new(a.clone()).unwrap();
            let centre = place(&ha, |t| Ball::new(*t, BALL_RADIUS).unwrap(), &mut rng, gap);
            BallPair { a, centre }
        })
        .collect()
}

/// A hull of ellipsoid points and a capsule of radius [`CAPSULE_RADIUS`].
#[derive(Clone, Debug)]
pub struct CapsulePair {
    /// The hull's points.
    pub a: Vec<Vector<f64, 3>>,
    /// The capsule's segment (already placed).
    pub segment: [Vector<f64, 3>; 2],
}

/// The radius of the capsule of [`CapsulePair`].
pub const CAPSULE_RADIUS: f64 = 0.3;

/// `count` hull–capsule pairs at distance `gap`.
pub fn capsule_pairs(seed: u64, n: usize, gap: f64, count: usize) -> Vec<CapsulePair> {
    let mut rng = Lcg(seed ^ (n as u64) << 20);
    (0..count)
        .map(|_| {
            let a = cloud::<3>(&mut rng, Cloud::Ellipsoid, n);
            let ha = ConvexHull::new(a.clone()).unwrap();
            let half = direction::<3>(&mut rng) * 0.5;
            let capsule = |t: &Vector<f64, 3>| Capsule::new(t - half, t + half, CAPSULE_RADIUS);
            let t = place(&ha, |t| capsule(t).unwrap(), &mut rng, gap);
            CapsulePair {
                a,
                segment: [t - half, t + half],
            }
        })
        .collect()
}

/// A hull of ellipsoid points and a rounded hull: the core's points and
/// the radius [`ROUNDED_RADIUS`].
#[derive(Clone, Debug)]
pub struct RoundedPair {
    /// The hull's points.
    pub a: Vec<Vector<f64, 3>>,
    /// The rounded hull's core points (already placed).
    pub core: Vec<Vector<f64, 3>>,
}

/// The radius of the rounded hull of [`RoundedPair`].
pub const ROUNDED_RADIUS: f64 = 0.25;

/// `count` hull–rounded-hull pairs at distance `gap`, `n` points each.
pub fn rounded_pairs(seed: u64, n: usize, gap: f64, count: usize) -> Vec<RoundedPair> {
    let mut rng = Lcg(seed ^ (n as u64) << 20);
    (0..count)
        .map(|_| {
            let a = cloud::<3>(&mut rng, Cloud::Ellipsoid, n);
            let core0: Vec<Vector<f64, 3>> = cloud::<3>(&mut rng, Cloud::Ellipsoid, n)
                .into_iter()
                .map(|p| p * 0.5)
                .collect();
            let ha = ConvexHull::new(a.clone()).unwrap();
            let shifted = |t: &Vector<f64, 3>| -> Vec<Vector<f64, 3>> {
                core0.iter().map(|p| p + t).collect()
            };
            let rounded = |t: &Vector<f64, 3>| {
                let core = ConvexHull::new(shifted(t)).unwrap();
                Rounded::new(core, ROUNDED_RADIUS).unwrap()
            };
            let t = place(&ha, rounded, &mut rng, gap);
            RoundedPair {
                a,
                core: shifted(&t),
            }
        })
        .collect()
}

/// An ellipsoid `{ c + R diag(r) y : |y| ≤ 1 }` in 3D.
///
/// Its support point: with `e = diag(r) Rᵀ d`, `x · d = c·d + y·e` is
/// largest at `y = e/|e|`, so `s(d) = c + R diag(r) e / |e|` (`c` when
/// `d = 0`). The same arithmetic serves both libraries.
#[derive(Clone, Debug)]
pub struct Ellipsoid {
    /// The centre.
    pub centre: [f64; 3],
    /// The rotation, row-major.
    pub rotation: [[f64; 3]; 3],
    /// The semi-axes.
    pub radii: [f64; 3],
}

impl Ellipsoid {
    /// A random ellipsoid at the origin.
    pub fn random(rng: &mut Lcg) -> Self {
        // A uniformly random rotation from a random unit quaternion.
        let q = direction::<4>(rng);
        let (w, x, y, z) = (q[0], q[1], q[2], q[3]);
        let rotation = [
            [
                1.0 - 2.0 * (y * y + z * z),
                2.0 * (x * y - z * w),
                2.0 * (x * z + y * w),
            ],
            [
                2.0 * (x * y + z * w),
                1.0 - 2.0 * (x * x + z * z),
                2.0 * (y * z - x * w),
            ],
            [
                2.0 * (x * z - y * w),
                2.0 * (y * z + x * w),
                1.0 - 2.0 * (x * x + y * y),
            ],
        ];
        let radii = [0; 3].map(|_| rng.range(0.4, 1.2));
        Ellipsoid {
            centre: [0.0; 3],
            rotation,
            radii,
        }
    }

    /// The same ellipsoid translated by `t`.
    pub fn moved(&self, t: &Vector<f64, 3>) -> Self {
        let mut e = self.clone();
        for i in 0..3 {
            e.centre[i] += t[i];
        }
        e
    }

    /// The support point along `d` (see the type's docs).
    pub fn support_of(&self, d: [f64; 3]) -> [f64; 3] {
        let r = &self.rotation;
        // e = diag(r) Rᵀ d
        let e: [f64; 3] = std::array::from_fn(|j| {
            self.radii[j] * (r[0][j] * d[0] + r[1][j] * d[1] + r[2][j] * d[2])
        });
        let len = (e[0] * e[0] + e[1] * e[1] + e[2] * e[2]).sqrt();
        if len == 0.0 || !len.is_finite() {
            return self.centre;
        }
        let y: [f64; 3] = std::array::from_fn(|j| self.radii[j] * e[j] / len);
        std::array::from_fn(|i| self.centre[i] + r[i][0] * y[0] + r[i][1] * y[1] + r[i][2] * y[2])
    }
}

impl Support<f64, 3> for Ellipsoid {
    fn support(&self, dir: &Vector<f64, 3>) -> Vector<f64, 3> {
        Vector::from(self.support_of([dir[0], dir[1], dir[2]]))
    }
}

/// `count` ellipsoid pairs at distance `gap`.
pub fn ellipsoid_pairs(seed: u64, gap: f64, count: usize) -> Vec<(Ellipsoid, Ellipsoid)> {
    let mut rng = Lcg(seed);
    (0..count)
        .map(|_| {
            let a = Ellipsoid::random(&mut rng);
            let b = Ellipsoid::random(&mut rng);
            let t = place(&a, |t| b.moved(t), &mut rng, gap);
            let b = b.moved(&t);
            (a, b)
        })
        .collect()
}
