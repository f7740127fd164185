//! One of our queries on one scene of `benches/versus.rs`, in a loop, for a
//! profiler (no parry, no timing of its own):
//!
//!     cargo build --release -p gjk-bench --example profile_scene
//!     perf record -g target/release/examples/profile_scene boolean 3 32 overlapping
//!
//! Arguments: the query (`boolean`, `distance`, `certified`,
//! `certified-distance`), the dimension (2 or 3), the hull size, the pose
//! (`separated`, `near-touching`, `overlapping`) and optionally `climb`
//! (`ClimbingHull` as built by default: small hulls search as the scan)
//! or `climb-always` (climbing at every size), and the number of passes.
//! The queries `ball-boolean` and `ball-distance` run the ball-hull scenes
//! instead (3D; `round::intersects` and `round::relation`, as the bench).
//! The query `warm-distance` runs the bench's moving pair (3D, scan hulls),
//! each frame warm-started from the previous frame's simplex. The query
//! `outcomes` prints each pair's boolean and distance outcome once (run it
//! with `1` pass).

#[path = "../benches/pairs/mod.rs"]
mod pairs;
#[path = "../benches/scenes/mod.rs"]
mod scenes;

use std::hint::black_box;

use gjk::boolean::{gjk, Options};
use gjk::certified::{certify, certify_distance, CertifiedOptions};
use gjk::distance::{distance, DistanceOptions};
use gjk::round;
use gjk::shape::{Ball, ClimbingHull, ConvexHull, SEARCH_FIRST_POINTS};
use gjk::Support;
use scenes::{ball_pairs, hull_pairs, poses, Cloud, BALL_RADIUS};

fn run<S: Support<f64, N>, const N: usize>(query: &str, pairs: &[(S, S)], passes: usize) {
    let (opts, dopts) = (Options::default(), DistanceOptions::default());
    for _ in 0..passes {
        for (a, b) in pairs {
            match query {
                "outcomes" => {
                    let r = gjk(a, b, &opts).unwrap();
                    let d = distance(a, b, &dopts).unwrap();
                    println!(
                        "boolean {} ({} iterations), distance {} ({} iterations)",
                        r.outcome.name(),
                        r.iterations,
                        d.outcome.name(),
                        d.iterations
                    );
                }
                "boolean" => drop(black_box(gjk(a, b, &opts).unwrap())),
                "distance" => drop(black_box(distance(a, b, &dopts).unwrap())),
                q => panic!("unknown query {q} (or one that needs the scan)"),
            }
        }
    }
}

/// The certified queries, which take hulls with the scan.
fn run_certified<const N: usize>(
    query: &str,
    pairs: &[(ConvexHull<f64, N>, ConvexHull<f64, N>)],
    passes: usize,
) {
    let (copts, dopts) = (CertifiedOptions::default(), DistanceOptions::default());
    if !query.starts_with("certified") {
        return run(query, pairs, passes);
    }
    for _ in 0..passes {
        for (a, b) in pairs {
            match query {
                "certified" => drop(black_box(certify(a, b, &copts))),
                "certified-distance" => drop(black_box(certify_distance(a, b, &dopts))),
                q => panic!("unknown query {q}"),
            }
        }
    }
}

fn scene<const N: usize>(query: &str, n: usize, gap: f64, climb: Option<usize>, passes: usize) {
    let seed = if N == 3 { 0x3d } else { 0x2d };
    let pairs = hull_pairs::<N>(seed, Cloud::Ellipsoid, n, gap, 16);
    let hull = |p: &[gjk::Vector<f64, N>]| ConvexHull::new(p.to_vec()).unwrap();
    if let Some(limit) = climb {
        let pairs: Vec<_> = pairs
            .iter()
            .map(|p| {
                let c = |x| ClimbingHull::from_hull_searching_up_to(hull(x), limit);
                (c(&p.a), c(&p.b))
            })
            .collect();
        run(query, &pairs, passes);
    } else {
        let pairs: Vec<_> = pairs.iter().map(|p| (hull(&p.a), hull(&p.b))).collect();
        run_certified(query, &pairs, passes);
    }
}

/// The ball-hull scenes of the bench's ball rows, queried as they are.
fn ball_scene(query: &str, n: usize, gap: f64, passes: usize) {
    let pairs: Vec<_> = ball_pairs(0xba11, n, gap, 16)
        .into_iter()
        .map(|p| {
            let ball = Ball::new(p.centre, BALL_RADIUS).unwrap();
            (ConvexHull::new(p.a).unwrap(), ball)
        })
        .collect();
    let opts = DistanceOptions::default();
    for _ in 0..passes {
        for (a, b) in &pairs {
            match query {
                "ball-boolean" => drop(black_box(round::intersects(a, b).unwrap())),
                "ball-distance" => drop(black_box(round::relation(a, b, &opts).unwrap())),
                q => panic!("unknown query {q}"),
            }
        }
    }
}

/// The `warm distance 3D hull-ellipsoid n=… moving` row of the bench
/// (16 frames a pass).
fn warm_scene(n: usize, passes: usize) {
    let (a, poses) = scenes::moving_pair(n, 16);
    let a = ConvexHull::new(a).unwrap();
    let frames: Vec<_> = poses
        .into_iter()
        .map(|b| ConvexHull::new(b).unwrap())
        .collect();
    for _ in 0..passes {
        black_box(scenes::warm_distances(&a, &frames));
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize, default: &str| args.get(i).cloned().unwrap_or(default.into());
    let query = arg(0, "boolean");
    let dim: usize = arg(1, "3").parse().expect("dimension");
    let n: usize = arg(2, "32").parse().expect("hull size");
    let pose = arg(3, "overlapping");
    let climb = if args.iter().any(|a| a == "climb-always") {
        Some(0)
    } else {
        args.iter()
            .any(|a| a == "climb")
            .then_some(SEARCH_FIRST_POINTS)
    };
    let passes = args
        .iter()
        .skip(4)
        .find_map(|a| a.parse().ok())
        .unwrap_or(200_000);
    if query == "warm-distance" {
        return warm_scene(n, passes / 16);
    }
    let gap = poses()
        .iter()
        .find(|(name, _)| *name == pose)
        .expect("pose")
        .1;
    if query.starts_with("ball-") {
        return ball_scene(&query, n, gap, passes);
    }
    match dim {
        2 => scene::<2>(&query, n, gap, climb, passes),
        3 => scene::<3>(&query, n, gap, climb, passes),
        d => panic!("dimension {d}: 2 or 3"),
    }
}
